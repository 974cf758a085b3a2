/**
 * The whole game's final result in the channel (scoring.md U11, issue 16 item 4): who won or that it is a
 * draw, how the game ended, each crew's VP by source (the strategy, each scheme's Reveal and End halves,
 * U3–U4), the VP of each turn, and every revealed scheme's commitment check.
 *
 * Built from the VP ledger and the result the game computed (scoring/objective.ts), never from the
 * game's state: once a game is over its schemes are revealed (issue 16 item 3), and the summary shows
 * only the schemes its input lists, so the caller passes revealed ones alone.
 */
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import type { MessageKey, Translate } from '../../../i18n/index.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { COLOR } from '../../malifaux-table/present/status.js';
import { signed } from '../../malifaux-table/pictures/draw.js';
import type { SchemeId, StrategyId } from '../engine/encounterPacks.js';
import { LAST_TURN } from '../engine/turns.js';
import type { GameResult, VpEntry } from '../scoring/objective.js';

/** A revealed scheme and whether it matched the commitment its owner sealed when choosing it. */
export interface SchemeCheck {
  seat: Seat;
  scheme: SchemeId;
  verified: boolean;
  /** The turns it was held in secret before its reveal, credited to it then (absent: not known). */
  held?: number;
}

/**
 * How the game came to its end: turn 5 played out, a concession (`by` names who), or both players agreeing
 * (`turn`: the turn they agreed in, after which no turn was played).
 */
export type GameEnding = { how: 'played' } | { how: 'conceded'; by: string } | { how: 'agreed'; turn?: number };

/** Everything the final summary and its picture show. */
export interface ResultInput {
  names: readonly [string, string];
  entries: readonly VpEntry[];
  result: GameResult;
  strategy: StrategyId;
  schemes: readonly SchemeCheck[];
  ended: GameEnding;
}

/** One scheme of a crew: its VP by half (U4), and its commitment check (null if the input did not list it). */
export interface SchemeTally {
  scheme: SchemeId;
  reveal: number;
  end: number;
  verified: boolean | null;
  held?: number;
}

/** A crew's VP by source, with the referee's corrections counted in the source they correct. */
export interface CrewTally {
  strategy: number;
  schemes: SchemeTally[];
  corrections: { count: number; vp: number };
  /** VP banked so far at the end of each turn (index 0 = turn 1), from the strategy and from schemes. */
  cumulative: { strategy: number[]; schemes: number[] };
}

export const SEATS: readonly Seat[] = [0, 1];
export const TURNS: readonly number[] = Array.from({ length: LAST_TURN }, (_, i) => i + 1);

/** The turns the game was played to: all five, unless the players agreed to end it before. */
export function playedTurns(input: Pick<ResultInput, 'ended'>): number {
  const { ended } = input;
  return ended.how === 'agreed' && ended.turn !== undefined ? Math.min(LAST_TURN, Math.max(1, ended.turn)) : LAST_TURN;
}

/** A VP's turn, 1–5: a correction made after the game counts in the last turn. */
const turnIndex = (turn: number): number => Math.min(LAST_TURN, Math.max(1, Math.trunc(turn))) - 1;

/** A seat's VP by source, from the ledger; its schemes in the input's order, then any other one scored. */
export function crewTally(input: ResultInput, seat: Seat): CrewTally {
  const entries = input.entries.filter((e) => e.seat === seat);
  const schemes: SchemeTally[] = input.schemes.filter((s) => s.seat === seat).map((s) => ({ scheme: s.scheme, reveal: 0, end: 0, verified: s.verified, ...(s.held !== undefined ? { held: s.held } : {}) }));
  const perTurn = { strategy: TURNS.map(() => 0), schemes: TURNS.map(() => 0) };
  let strategy = 0;
  const corrections = { count: 0, vp: 0 };
  for (const e of entries) {
    if (e.how === 'correction') {
      corrections.count++;
      corrections.vp += e.vp;
    }
    if (e.source.kind === 'strategy') {
      strategy += e.vp;
      perTurn.strategy[turnIndex(e.turn)]! += e.vp;
      continue;
    }
    const id = e.source.scheme;
    let row = schemes.find((s) => s.scheme === id);
    if (!row) {
      row = { scheme: id, reveal: 0, end: 0, verified: null };
      schemes.push(row);
    }
    row[e.source.half] += e.vp;
    perTurn.schemes[turnIndex(e.turn)]! += e.vp;
  }
  const running = (values: number[]) => values.map((_, i) => values.slice(0, i + 1).reduce((a, b) => a + b, 0));
  return { strategy, schemes, corrections, cumulative: { strategy: running(perTurn.strategy), schemes: running(perTurn.schemes) } };
}

/** A VP count as a player reads it, with a true minus sign for a correction's negative VP. */
export const vpText = (n: number): string => (n < 0 ? `−${-n}` : String(n));

/**
 * A turn's VP as the turn table reads it: a dash for a turn never played (a game ended early by agreement),
 * unless a referee's correction put VP there.
 */
export function turnVpText(input: ResultInput, seat: Seat, turn: number): string {
  const vp = input.result.byTurn[seat][turn - 1] ?? 0;
  return turn > playedTurns(input) && vp === 0 ? '–' : vpText(vp);
}

export const strategyName = (t: Translate, id: StrategyId): string => t(`encounter.name.${id}` as MessageKey);
export const schemeName = (t: Translate, id: SchemeId): string => t(`encounter.name.${id}` as MessageKey);

/** The winner (U11: most VP) or the draw, as one line. */
export function outcomeLine(t: Translate, input: ResultInput): string {
  const { winner, vp } = input.result;
  if (winner === null) return t('result.draw', { vp: vpText(vp[0]) });
  return t('result.winner', { name: input.names[winner], vp: vpText(vp[winner]), other: vpText(vp[winner === 0 ? 1 : 0]) });
}

/** How the game ended, as one line; `mark` sets the name off (bold in the channel, plain in a picture). */
export function endingLine(t: Translate, ended: GameEnding, mark = (name: string) => `**${name}**`): string {
  if (ended.how === 'conceded') return t('result.ended.conceded', { name: mark(ended.by) });
  return ended.how === 'played' ? t('result.ended.played', { turn: LAST_TURN }) : t('result.ended.agreed');
}

/** Names never get wider than this in the turn table, so that a line stays near 30 columns on a phone. */
const NAME_COLUMNS = 10;

function cell(text: string, width: number, align: 'left' | 'right'): string {
  const chars = Array.from(text);
  const fitted = chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : text;
  const pad = ' '.repeat(Math.max(0, width - Array.from(fitted).length));
  return align === 'left' ? fitted + pad : pad + fitted;
}

/**
 * The VP of each turn and the total, one row per crew, in a code block (monospace keeps the columns
 * aligned). About 30 columns wide, so that a phone shows it whole without wrapping.
 */
export function turnTable(t: Translate, input: ResultInput): string {
  // A backtick in a name would close the code block early.
  const names = input.names.map((n) => n.replaceAll('`', 'ˋ'));
  const total = t('picture.total');
  const label = t('result.table.turn');
  const nameW = Math.min(NAME_COLUMNS, Math.max(...[label, ...names].map((n) => Array.from(n).length)));
  const totalW = Math.max(Array.from(total).length, 3) + 1;
  const head = cell(label, nameW, 'left') + TURNS.map((n) => cell(String(n), 3, 'right')).join('') + cell(total, totalW, 'right');
  const rows = SEATS.map((seat) => cell(names[seat]!, nameW, 'left') + TURNS.map((n) => cell(turnVpText(input, seat, n), 3, 'right')).join('') + cell(vpText(input.result.vp[seat]), totalW, 'right'));
  return ['```', head, ...rows, '```'].join('\n');
}

const check = (verified: boolean | null): string => (verified === null ? '?' : verified ? '✓' : '✗');

/** A crew's field: its VP by source, each scheme with its halves and its commitment check. */
function crewField(t: Translate, input: ResultInput, seat: Seat): APIEmbedField {
  const tally = crewTally(input, seat);
  const lines = [t('result.strategy', { name: strategyName(t, input.strategy), vp: vpText(tally.strategy) })];
  for (const s of tally.schemes) {
    const values = { check: check(s.verified), name: schemeName(t, s.scheme), vp: vpText(s.reveal + s.end), reveal: vpText(s.reveal), end: vpText(s.end) };
    lines.push(s.held !== undefined ? t('result.schemeHeld', { ...values, held: s.held }) : t('result.scheme', values));
  }
  if (!tally.schemes.length) lines.push(t('result.noSchemes'));
  if (tally.corrections.count) lines.push(t('result.corrections', { count: tally.corrections.count, vp: signed(tally.corrections.vp) }));
  const crown = input.result.winner === seat ? '🏆 ' : '';
  return { name: `${crown}${t('result.crew', { name: input.names[seat], vp: vpText(input.result.vp[seat]) })}`, value: lines.join('\n'), inline: true };
}

/** The final summary for the channel: an embed, within Discord's limits for any two Discord names. */
export function finalSummary(input: ResultInput, t: Translate): APIEmbed {
  const description = [
    outcomeLine(t, input),
    endingLine(t, input.ended),
    t('result.picture.strategyName', { name: strategyName(t, input.strategy) }),
    '',
    `**${t('result.table')}**`,
    turnTable(t, input),
  ];
  return {
    title: t('result.title', { a: input.names[0], b: input.names[1] }),
    description: description.join('\n'),
    color: COLOR.ended,
    fields: SEATS.map((seat) => crewField(t, input, seat)),
    footer: { text: t('result.legend') },
  };
}
