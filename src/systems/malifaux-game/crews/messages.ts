/**
 * The refusals of crew parsing and hiring in English and French, keyed by their codes (`error.<CODE>`),
 * each saying what to do instead (issue 15 item 8). The texts live in src/i18n/wholeGameCommands.ts: the
 * parse refusals under `error.<CODE>`, the hiring problems under `error.CREW_NOT_HIRABLE.<CODE>`, listed
 * under the refusal that names them (a crew may break several rules at once).
 */
import type { CrewParseErrorCode } from './parse.js';
import type { HireProblemCode } from './hire.js';
import { crewListMessagesEn, crewListMessagesFr, hireProblemMessagesEn, hireProblemMessagesFr } from '../../../i18n/wholeGameCommands.js';

type Key = `error.${CrewParseErrorCode | HireProblemCode}`;

const asCodes = (table: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([key, text]) => [key.replace('error.CREW_NOT_HIRABLE.', 'error.'), text]));

export const crewMessagesEn = { ...crewListMessagesEn, ...asCodes(hireProblemMessagesEn) } as Record<Key, string>;
export const crewMessagesFr = { ...crewListMessagesFr, ...asCodes(hireProblemMessagesFr) } as Record<Key, string>;
