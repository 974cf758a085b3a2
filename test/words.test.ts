/**
 * Players read words: no rule code (CHEAT-3a, TRIG-4, LOC-5, AMB-14…) and no event type name
 * ("SoulstoneDeclined", "ResolutionEnded") in any message of the i18n tables, English or French, nor in any
 * slash command a user sees — names, descriptions, choices, in both languages — whatever system it
 * belongs to. Rule codes are for referees, and only in the keys made for them: the "why" line under a
 * refusal and the log's detail line, which print a code given at run time.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { fr } from '../src/i18n/fr.js';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { malifauxTable } from '../src/systems/malifaux-table/index.js';
import { systemRegistry } from '../src/systems/registry.js';
import { interactionsFor } from '../src/discord/commands/index.js';
import * as coinRules from './systems/coin-toss/rules.js';
import { coinToss } from './systems/coin-toss/index.js';

/** The keys that may carry a rule code: the referee's "why" line (refusals and the log's detail). */
const REFEREE_KEYS: ReadonlySet<string> = new Set(['why.rule']);

/** A rule ID of the specs (FLIP-5, CHEAT-3a, SS-4…); SHA-256, the name of a hash, is not one. */
const RULE_CODE = /\b(?!SHA-\d)[A-Z]{2,5}-\d+[a-z]?\b/;

const typesOf = (schema: unknown) => (schema as { options: { shape: { type: { value: string } } }[] }).options.map((o) => o.shape.type.value);
const EVENT_TYPES = [...typesOf(engine.eventSchema), ...typesOf(coinRules.eventSchema), 'LogEntryUndone'];
const EVENT_TYPE = new RegExp(`\\b(${[...new Set(EVENT_TYPES)].join('|')})\\b`);

/** Everything of a command definition a user reads: names, descriptions and choices, each localization too. */
function userTexts(node: unknown, path: string, out: Array<{ where: string; text: string }>): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => userTexts(child, `${path}[${i}]`, out));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const field of ['name', 'description']) {
    if (typeof record[field] === 'string') out.push({ where: `${path}.${field}`, text: record[field] as string });
    const localized = record[`${field}_localizations`];
    if (localized && typeof localized === 'object') {
      for (const [locale, text] of Object.entries(localized)) if (typeof text === 'string') out.push({ where: `${path}.${field}[${locale}]`, text });
    }
  }
  for (const children of ['options', 'choices']) if (children in record) userTexts(record[children], `${path}.${children}`, out);
}

describe('players read words, not rule codes or event type names', () => {
  it('the scanners find what they look for (a rule code, an event type name)', () => {
    expect('Not now (DUEL-4).').toMatch(RULE_CODE);
    expect('a − flip (CHEAT-3a)').toMatch(RULE_CODE);
    expect('GEN-2, TRIG-3').toMatch(RULE_CODE);
    expect('SoulstoneDeclined').toMatch(EVENT_TYPE);
    expect('CoinTossed').toMatch(EVENT_TYPE);
    expect('Malifaux Third Edition — M3E, 54 cards, SHA-256').not.toMatch(RULE_CODE);
    expect(EVENT_TYPES).toContain('ResolutionEnded');
  });

  it.each([
    ['English', en as Record<string, string>],
    ['French', fr as Record<string, string>],
  ])('no %s message carries a rule code or an event type name', (_, table) => {
    const found = Object.entries(table)
      .filter(([key]) => !REFEREE_KEYS.has(key))
      .filter(([, text]) => RULE_CODE.test(text) || EVENT_TYPE.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });

  it('the referee keys exist in both languages and print the code they are given', () => {
    for (const key of REFEREE_KEYS) {
      expect(en).toHaveProperty(key);
      expect(fr).toHaveProperty(key);
    }
  });

  it('no slash command, option or choice says one, in any language (every system, the test system too)', () => {
    const registry = systemRegistry([malifauxTable, coinToss]);
    const texts: Array<{ where: string; text: string }> = [];
    for (const command of interactionsFor(registry).commands) userTexts(command.definition, `/${command.definition.name}`, texts);
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.some((t) => t.where.endsWith('[fr]'))).toBe(true);
    expect(texts.filter((t) => RULE_CODE.test(t.text) || EVENT_TYPE.test(t.text)).map((t) => `${t.where}: ${t.text}`)).toEqual([]);
  });
});
