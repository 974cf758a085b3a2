/**
 * Which language a message the bot sent is written in, told by the words only one of the two message
 * tables uses: a French-only word ("pioche", "Pierrâme", "Béliers") in a message meant to be English,
 * or an English-only one in a message meant to be French, is a message in the wrong language. Names,
 * numbers, rule ids and emoji are in neither list, so they never count.
 */
import { isLiteralElement, isPluralElement, isSelectElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import type { Locale } from '../../src/i18n/index.js';
import type { DoubleMessage } from '../../src/discord-double/index.js';

/** The literal text of a message, every branch included (ICU syntax and argument names are not words). */
function literals(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((e) =>
    isLiteralElement(e) ? [e.value] : isPluralElement(e) || isSelectElement(e) ? Object.values(e.options).flatMap((o) => literals(o.value)) : [],
  );
}

const wordsOf = (text: string): string[] => (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

function vocabulary(table: Record<string, string>): Set<string> {
  return new Set(Object.values(table).flatMap((text) => literals(parse(text, { ignoreTag: true })).flatMap(wordsOf)));
}

const english = vocabulary(en);
const french = vocabulary(fr);
const only: Record<Locale, Set<string>> = {
  en: new Set([...english].filter((w) => !french.has(w))),
  fr: new Set([...french].filter((w) => !english.has(w))),
};

/** The words of `text` that only `locale`'s messages use. */
export function wordsOnlyIn(locale: Locale, text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => only[locale].has(w)))];
}

/** What a person reads in a message: content, embed text, labels and placeholders (not custom ids, urls or values). */
export function readableText(m: DoubleMessage): string {
  const parts: string[] = [m.content];
  for (const e of m.embeds) {
    parts.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '', e.author?.name ?? '');
    for (const f of e.fields ?? []) parts.push(f.name, f.value);
  }
  const walk = (components: unknown[]): void => {
    for (const c of components) {
      if (typeof c !== 'object' || c === null) continue;
      const comp = c as Record<string, unknown>;
      for (const key of ['label', 'placeholder', 'content']) if (typeof comp[key] === 'string') parts.push(comp[key]);
      for (const o of (comp.options as Record<string, unknown>[] | undefined) ?? []) parts.push(String(o.label ?? ''), String(o.description ?? ''));
      if (Array.isArray(comp.components)) walk(comp.components);
    }
  };
  walk(m.components);
  for (const a of m.attachments) parts.push(a.description ?? '');
  return parts.join('\n');
}

export interface Verdict {
  text: string;
  /** Words of the other language: none in a message written in `locale`. */
  foreign: string[];
  /** Words of `locale` itself: at least one for the message to say anything in a language at all. */
  own: string[];
}

export function readAs(locale: Locale, message: DoubleMessage | string): Verdict {
  const text = typeof message === 'string' ? message : readableText(message);
  return { text, foreign: wordsOnlyIn(locale === 'en' ? 'fr' : 'en', text), own: wordsOnlyIn(locale, text) };
}
