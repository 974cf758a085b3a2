/**
 * The referee's tools: the audit log (public events only while the game runs, everything once it has
 * ended) and the verification that every shuffle was the one the committed seed dictates.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import * as engine from '../engine/index.js';
import type { StoredEvent, StoredGame } from '../store/contract.js';
import type { InitialReply } from '../discord/contract.js';
import type { InteractionScope } from '../discord/interaction.js';
import { ephemeral, problemReply, reply } from '../discord/replies.js';
import type { Translate } from '../i18n/index.js';
import { effectiveEvents, loadGame, type StoredPayload } from './games.js';
import type { Services } from './services.js';
import { eventLine, type SeatNames } from './present/events.js';
import { COLOR } from './present/status.js';

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

function logLines(t: Translate, state: engine.GameState, log: readonly StoredEvent[], ended: boolean): string[] {
  const lines: string[] = [];
  const names: SeatNames = state.status === 'new' ? ['?', '?'] : [state.seats[0].name, state.seats[1].name];
  for (const stored of log) {
    const { batch, event } = stored.payload as StoredPayload;
    if (event.type === 'LogEntryUndone') {
      lines.push(`\`#${stored.seq}\` ↩️ ${t('game.log.undone', { name: `<@${event.by}>`, batch: event.undoneBatch })}`);
      continue;
    }
    if (!ended && engine.publicEvent(event) === null) continue;
    const line = eventLine(t, names, event) ?? (ended ? `${event.type}` : null);
    if (line) lines.push(`\`#${stored.seq}\` ${line}${ended && event.type === 'CardsDrawn' ? ` (${event.cards.join(' ')})` : ''} · b${batch}`);
  }
  return lines;
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
  const lines = logLines(t, state, log, ended);
  // Discord caps a description at 4,096 characters: show the most recent lines, attach the whole log.
  let shown = lines.slice(-40);
  while (shown.join('\n').length > 3800) shown = shown.slice(1);
  const names = state.status === 'new' ? { a: '?', b: '?' } : { a: state.seats[0].name, b: state.seats[1].name };
  const embed: APIEmbed = {
    title: t('game.log.title', names),
    description: shown.length ? shown.join('\n') : t('game.log.empty'),
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
