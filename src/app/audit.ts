/**
 * The referee's tools: the audit log (public events only while the game runs, everything once it has
 * ended) and the verification that every shuffle was the one the committed seed dictates.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import * as engine from '../systems/malifaux-table/engine/index.js';
import type { StoredEvent, StoredGame } from '../store/contract.js';
import type { InitialReply } from '../discord/contract.js';
import type { InteractionScope } from '../discord/interaction.js';
import { ephemeral, problemReply, reply } from '../discord/replies.js';
import type { Translate } from '../i18n/index.js';
import { effectiveEvents, loadGame, type StoredPayload } from './games.js';
import type { Services } from './services.js';
import { eventLine, type SeatNames } from '../systems/malifaux-table/present/events.js';
import { COLOR } from '../systems/malifaux-table/present/status.js';

type Scope = InteractionScope & { services: Services };

/** The exported log: what `npm run verify -- <seed> <log.json>` reads. */
export interface ExportedLog {
  gameId: string;
  seedCommitment: string | null;
  ended: boolean;
  entries: Array<{ seq: number; batch: number; actor: string | null; at: string; event: unknown }>;
}

export function exportLog(game: StoredGame, log: readonly StoredEvent[], state: engine.GameState): ExportedLog {
  const ended = game.status === 'ended';
  const entries: ExportedLog['entries'] = [];
  for (const stored of log) {
    const { batch, event } = stored.payload as StoredPayload;
    const shown = event.type === 'LogEntryUndone' ? event : ended ? event : engine.publicEvent(event);
    if (shown === null) continue;
    entries.push({ seq: stored.seq, batch, actor: stored.actor, at: stored.at.toISOString(), event: shown });
  }
  return { gameId: game.id, seedCommitment: state.status === 'new' ? null : state.seedCommitment, ended, entries };
}

/** One readable line of the log, with the entry number players see (`#seq`). */
export interface LogLine {
  seq: number;
  text: string;
}

/** An event as the log reads it: the public line, plus what only the log shows (the start, the setup shuffles). */
function readableEvent(t: Translate, names: SeatNames, event: engine.GameEvent, ended: boolean): string | null {
  const line = eventLine(t, names, event);
  if (line) return line;
  if (event.type === 'GameStarted') return t('game.log.started', { system: t(`system.${event.system}`), a: `**${names[0]}**`, b: `**${names[1]}**` });
  if (event.type === 'DeckShuffled') return t('game.log.setupShuffle', { name: `**${names[event.seat]}**` });
  return ended ? event.type : null;
}

/** "#12" or "#12–#14": the entries of one batch, as numbered in the log. */
function entryRange(first: number, last: number): string {
  return first === last ? `#${first}` : `#${first}–#${last}`;
}

/**
 * The log as players read it. Entries are numbered by their place in the log; an undo names the entries
 * it took back and what they were, and those entries are struck through (they no longer count). The
 * batch numbers stay in the JSON attachment, for the verify script.
 */
export function logLines(t: Translate, state: engine.GameState, log: readonly StoredEvent[], ended: boolean): LogLine[] {
  const names: SeatNames = state.status === 'new' ? ['?', '?'] : [state.seats[0].name, state.seats[1].name];
  const visible = (event: StoredPayload['event']): event is engine.GameEvent => event.type !== 'LogEntryUndone' && (ended || engine.publicEvent(event) !== null);
  const batches = new Map<number, { first: number; last: number; what: string | null }>();
  const undone = new Set<number>();
  for (const stored of log) {
    const { batch, event } = stored.payload as StoredPayload;
    if (event.type === 'LogEntryUndone') {
      undone.add(event.undoneBatch);
      continue;
    }
    const entry = batches.get(batch) ?? { first: stored.seq, last: stored.seq, what: null };
    entry.last = stored.seq;
    if (entry.what === null && visible(event)) entry.what = readableEvent(t, names, event, ended);
    batches.set(batch, entry);
  }
  const lines: LogLine[] = [];
  for (const stored of log) {
    const { batch, event } = stored.payload as StoredPayload;
    if (event.type === 'LogEntryUndone') {
      const b = batches.get(event.undoneBatch);
      const params = { name: `<@${event.by}>`, entries: b ? entryRange(b.first, b.last) : '?' };
      lines.push({ seq: stored.seq, text: `\`#${stored.seq}\` ↩️ ${b?.what ? t('game.log.undoneWhat', { ...params, what: b.what }) : t('game.log.undone', params)}` });
      continue;
    }
    if (!visible(event)) continue;
    const line = readableEvent(t, names, event, ended);
    if (!line) continue;
    const text = `${line}${ended && event.type === 'CardsDrawn' ? ` (${event.cards.join(' ')})` : ''}`;
    lines.push({ seq: stored.seq, text: `\`#${stored.seq}\` ${undone.has(batch) ? `~~${text.replace(/\n/g, '~~\n~~')}~~` : text}` });
  }
  return lines;
}

/**
 * What fits in the embed: the most recent lines (Discord caps a description at 4,096 characters), and
 * first, when earlier ones had to be left out, which entries they are and where the complete log is.
 */
export function logDescription(t: Translate, lines: readonly LogLine[]): string {
  if (!lines.length) return t('game.log.empty');
  const text = (shown: readonly LogLine[]) => shown.map((l) => l.text).join('\n');
  let shown = lines.slice(-40);
  while (shown.length > 1 && text(shown).length > 3700) shown = shown.slice(1);
  const omitted = lines.length - shown.length;
  if (omitted === 0) return text(shown);
  const note = t('game.log.omitted', { count: omitted, first: lines[0]!.seq, last: lines[omitted - 1]!.seq });
  return `${note}\n${text(shown)}`;
}

async function latestGame(scope: Scope): Promise<{ game: StoredGame; state: engine.GameState; log: StoredEvent[] } | null> {
  const stored = await scope.services.store.findLatestGame(scope.channelId);
  const loaded = await loadGame(scope.services.store, stored);
  if (!loaded) return null;
  return { game: loaded.stored, state: loaded.state, log: await scope.services.store.listEvents(loaded.stored.id) };
}

export async function auditLog(scope: Scope): Promise<InitialReply> {
  const found = await latestGame(scope);
  if (!found) return problemReply(scope.t, { code: 'NO_GAME_EVER' });
  const { game, state, log } = found;
  const t = scope.t;
  const ended = game.status === 'ended';
  const description = logDescription(t, logLines(t, state, log, ended));
  const names = state.status === 'new' ? { a: '?', b: '?' } : { a: state.seats[0].name, b: state.seats[1].name };
  const embed: APIEmbed = {
    title: t('game.log.title', names),
    description,
    color: COLOR.neutral,
    footer: { text: `${t(ended ? 'game.log.full' : 'game.log.publicOnly')} ${t('game.log.attachment')}` },
  };
  const file = { name: `fatekeeper-log-${game.id}.json`, data: Buffer.from(JSON.stringify(exportLog(game, log, state), null, 2)), contentType: 'application/json' };
  const message = ephemeral({ embeds: [embed] });
  return { ...message, files: [file] };
}

export interface Verification {
  commitmentOk: boolean;
  report: ReturnType<typeof engine.verifyShuffles>;
}

/** Shared by /game verify and `npm run verify`: the seed must match the commitment and every shuffle. */
export function verifyLog(seed: string, commitment: string | null, events: readonly engine.GameEvent[]): Verification {
  return { commitmentOk: commitment !== null && engine.seedCommitment(seed) === commitment, report: engine.verifyShuffles(seed, events) };
}

export async function verifyGame(scope: Scope): Promise<InitialReply> {
  const found = await latestGame(scope);
  if (!found) return problemReply(scope.t, { code: 'NO_GAME_EVER' });
  const { game, state, log } = found;
  if (state.status === 'new') return problemReply(scope.t, { code: 'NO_GAME_EVER' });
  if (game.status !== 'ended' || state.status !== 'ended') return problemReply(scope.t, { code: 'VERIFY_NOT_ENDED', params: { commitment: `\`${state.seedCommitment}\`` } });
  const events = effectiveEvents(log).map((e) => e.event);
  const { commitmentOk, report } = verifyLog(state.seed, state.seedCommitment, events);
  const t = scope.tPublic;
  const ok = commitmentOk && report.ok;
  const lines = [
    t(commitmentOk ? 'game.verify.commitmentOk' : 'game.verify.commitmentBad'),
    report.ok ? t('game.verify.ok', { count: report.shuffles.length }) : t('game.verify.fail', { problem: report.problem ?? '?' }),
  ];
  return reply({ embeds: [{ description: lines.join('\n'), color: ok ? COLOR.success : COLOR.failure, footer: { text: `seed ${state.seed}` } }] });
}
