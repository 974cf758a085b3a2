/**
 * The referee's tools, as data: the exported log (public events only while the game runs, everything once
 * it has ended) and the verification that every random outcome is the one the committed seed dictates.
 */
import type { LoadedGame } from './loadedGame.js';
import type { Verification } from '../systems/contract.js';
import type { AppServices } from './services.js';
import type { Problem } from './problems.js';
import { loadLatestGame, type LogEntry } from './games.js';
import { isTableEntry, verificationRuns } from './tableLog.js';

/** The exported log: what `npm run verify -- <seed> <log.json>` reads. */
export interface ExportedLog {
  gameId: string;
  system: string;
  seedCommitment: string | null;
  ended: boolean;
  entries: Array<{ seq: number; batch: number; actor: string | null; at: string; event: unknown }>;
}

export function exportLog(game: LoadedGame, entries: readonly LogEntry[]): ExportedLog {
  const ended = game.stored.status === 'ended';
  const out: ExportedLog['entries'] = [];
  for (const entry of entries) {
    const { event } = entry;
    const shown = isTableEntry(event) || ended ? event : game.system.publicEvent(event);
    if (shown === null) continue;
    out.push({ seq: entry.seq, batch: entry.batch, actor: entry.actor, at: entry.at.toISOString(), event: shown });
  }
  const view = game.system.publicView(game.state) as { seedCommitment?: unknown };
  return { gameId: game.stored.id, system: game.system.id, seedCommitment: typeof view.seedCommitment === 'string' ? view.seedCommitment : null, ended, entries: out };
}

/** /game verify: only once the game has ended (the seed is secret until then). */
export async function verifyLatestGame(services: AppServices, channelId: string): Promise<{ ok: true; verification: Verification; game: LoadedGame } | { ok: false; problem: Problem }> {
  const found = await loadLatestGame(services, channelId);
  if (!found.ok) return found;
  const { game, log } = found;
  const { system } = game;
  if (!system.verify) return { ok: false, problem: { code: 'NOT_VERIFIABLE' } };
  if (game.stored.status !== 'ended' || system.phase(game.state) !== 'ended') {
    const view = system.publicView(game.state) as { seedCommitment?: unknown };
    return { ok: false, problem: { code: 'VERIFY_NOT_ENDED', params: { commitment: `\`${String(view.seedCommitment ?? '?')}\`` } } };
  }
  return { ok: true, game, verification: verifyRuns(game, verificationRuns(log)) };
}

/**
 * Every random outcome ever dealt, undone ones included: each run is the log as it stood before an undo
 * (then as it stands), verified in the order it was dealt; a check appears once, by what it checked.
 */
function verifyRuns(game: LoadedGame, runs: readonly (readonly { type: string }[])[]): Verification {
  const verify = game.system.verify!;
  const results = runs.map((events) => verify(game.state, events));
  const last = results[results.length - 1]!;
  const checks = new Map<string, { what: string; ok: boolean }>();
  for (const result of results) for (const check of result.checks) checks.set(check.what, { what: check.what, ok: (checks.get(check.what)?.ok ?? true) && check.ok });
  const problems = [...new Set(results.flatMap((r) => (r.problem ? [r.problem] : [])))];
  return {
    ok: results.every((r) => r.ok),
    commitmentOk: last.commitmentOk,
    checks: [...checks.values()],
    ...(problems.length ? { problem: problems.join('; ') } : {}),
    seed: last.seed,
    commitment: last.commitment,
  };
}
