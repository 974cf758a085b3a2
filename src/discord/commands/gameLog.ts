/**
 * /game log and /game verify, for any system: the audit log as players read it (the system writes each
 * line from the public view; everything once the game has ended) with the exported JSON attached, and
 * the verification that every random outcome followed the committed seed.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import type { Translate } from '../../i18n/index.js';
import { loadLatestGame, type LogEntry } from '../../app/games.js';
import { isTableEntry, isUndoMarker, undoneBatches, type SystemEvent, type TableEntry } from '../../app/tableLog.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import { exportLog, verifyLatestGame } from '../../app/audit.js';
import type { InitialReply } from '../contract.js';
import { ephemeral, problemReply, reply } from '../replies.js';
import { explain, type Scope } from '../play/perform.js';
import { publicTranslator } from '../publicLanguage.js';

/** One readable line of the log, with the entry number players see (`#seq`). */
export interface LogLine {
  seq: number;
  text: string;
}

/** Struck through line by line; a detail line keeps its subtext mark in front, where Discord reads it. */
function struck(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('-# ') ? `-# ~~${line.slice(3)}~~` : `~~${line}~~`))
    .join('\n');
}

/** "#12" or "#12–#14": the entries of one batch, as numbered in the log. */
function entryRange(first: number, last: number): string {
  return first === last ? `#${first}` : `#${first}–#${last}`;
}

/** A table entry's line (null when it shows nothing of its own: an agreement, followed by the undo). */
function tableLine(t: Translate, entry: TableEntry, range: (batch: number) => string): string | null {
  switch (entry.type) {
    case 'LogEntryRefereesChosen':
      return entry.roleId ? t('game.log.referees', { role: `<@&${entry.roleId}>` }) : t('game.log.noReferee');
    case 'LogEntryRefereeAccepted':
      return t('game.log.refereeAccepted', { by: `<@${entry.by}>`, name: `<@${entry.referee}>` });
    case 'LogEntryUndoAsked':
      return `↩️ ${t('game.log.undoAsked', { name: `<@${entry.by}>`, entries: range(entry.target) })}`;
    case 'LogEntryUndoAnswered':
      return entry.agreed ? null : `✋ ${t('game.log.undoRefused', { name: `<@${entry.by}>`, entries: range(entry.asked) })}`;
    case 'LogEntryUndone':
      return null;
    default: {
      const never: never = entry;
      return never;
    }
  }
}

/**
 * The log as players read it. Entries are numbered by their place in the log; an undo names the entries
 * it took back and what they were, and those entries are struck through (they no longer count). The
 * table's own entries (referees, undo requests and answers) read as lines too. The batch numbers stay in
 * the JSON attachment, for the verify script.
 */
export function logLines(t: Translate, game: Pick<LoadedGame, 'system' | 'state'>, log: readonly LogEntry[], ended: boolean): LogLine[] {
  const { system } = game;
  const view = system.publicView(game.state);
  // While the game runs the log shows each event as the public may know it; once ended, everything.
  const shown = (event: SystemEvent) => (ended ? event : system.publicEvent(event));
  const line = (entry: LogEntry) => {
    if (isTableEntry(entry.event)) return null;
    const event = shown(entry.event);
    return event === null ? null : system.presentation.logLine(t, view, event, ended);
  };
  const batches = new Map<number, { first: number; last: number; what: string | null }>();
  for (const entry of log) {
    if (isTableEntry(entry.event)) continue;
    const batch = batches.get(entry.batch) ?? { first: entry.seq, last: entry.seq, what: null };
    batch.last = entry.seq;
    batch.what ??= line(entry);
    batches.set(entry.batch, batch);
  }
  const undone = undoneBatches(log);
  const range = (batch: number) => {
    const b = batches.get(batch);
    return b ? entryRange(b.first, b.last) : '?';
  };
  const lines: LogLine[] = [];
  for (const entry of log) {
    const event = entry.event;
    if (isUndoMarker(event)) {
      const b = batches.get(event.undoneBatch);
      const params = { name: `<@${event.by}>`, entries: range(event.undoneBatch) };
      // What was taken back, in words: its rule detail stays with the struck entry itself.
      const what = b?.what?.replace(/\n-# [^\n]*/g, '');
      lines.push({ seq: entry.seq, text: `\`#${entry.seq}\` ↩️ ${what ? t('game.log.undoneWhat', { ...params, what }) : t('game.log.undone', params)}` });
      continue;
    }
    if (isTableEntry(event)) {
      const text = tableLine(t, event, range);
      if (text) lines.push({ seq: entry.seq, text: `\`#${entry.seq}\` ${text}` });
      continue;
    }
    const text = line(entry);
    if (!text) continue;
    lines.push({ seq: entry.seq, text: `\`#${entry.seq}\` ${undone.has(entry.batch) ? struck(text) : text}` });
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

export async function auditLog(scope: Scope): Promise<InitialReply> {
  const found = await loadLatestGame(scope.services, scope.channelId);
  if (!found.ok) return problemReply(scope.t, explain(scope.t, found.problem));
  const { game, log } = found;
  const t = scope.t;
  const ended = game.stored.status === 'ended';
  const seats = game.system.seatsOf(game.state);
  const embed: APIEmbed = {
    title: t('game.log.title', { a: seats[0]?.name ?? '?', b: seats[1]?.name ?? '?' }),
    description: logDescription(t, logLines(t, game, log, ended)),
    color: game.system.presentation.colors.neutral,
    footer: { text: `${t(ended ? 'game.log.full' : 'game.log.publicOnly')} ${t('game.log.attachment')}` },
  };
  const file = { name: `fatekeeper-log-${game.stored.id}.json`, data: Buffer.from(JSON.stringify(exportLog(game, log), null, 2)), contentType: 'application/json' };
  return { ...ephemeral({ embeds: [embed] }), files: [file] };
}

export async function verifyGame(scope: Scope): Promise<InitialReply> {
  const verified = await verifyLatestGame(scope.services, scope.channelId);
  if (!verified.ok) return problemReply(scope.t, explain(scope.t, verified.problem));
  const { verification, game } = verified;
  // A public answer: in the language of the server, not the asker's.
  const t = await publicTranslator(scope, game.stored.guildId);
  const failed = verification.checks.find((c) => !c.ok);
  const shufflesOk = verification.checks.every((c) => c.ok) && verification.problem === undefined;
  const lines = [
    t(verification.commitmentOk ? 'game.verify.commitmentOk' : 'game.verify.commitmentBad'),
    shufflesOk ? t('game.verify.ok', { count: verification.checks.length }) : t('game.verify.fail', { problem: verification.problem ?? failed?.what ?? '?' }),
  ];
  const { colors } = game.system.presentation;
  return reply({ embeds: [{ description: lines.join('\n'), color: verification.ok ? colors.success : colors.failure, footer: { text: `seed ${verification.seed}` } }] });
}
