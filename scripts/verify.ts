/**
 * `npm run verify -- <seed> <log.json>`: checks a finished game's shuffles offline, with nothing but the
 * revealed seed and the log that `/game log` attached after the end. It re-runs every shuffle from the seed
 * (HMAC-SHA256 stream + Fisher–Yates, documented in src/systems/malifaux-table/engine/README.md), compares each deck order with the
 * one recorded, checks that every drawn or flipped card came off the top, and that the seed matches the
 * commitment published when the game started.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { eventSchema, seedCommitment, verifyShuffles, type GameEvent } from '../src/systems/malifaux-table/engine/index.js';
import { tableEntrySchema, verificationRuns, type SystemEvent, type TableEntry } from '../src/app/tableLog.js';

const logSchema = z.object({
  gameId: z.string(),
  seedCommitment: z.string().nullable(),
  ended: z.boolean(),
  entries: z.array(z.object({ seq: z.number().int(), batch: z.number().int(), event: z.union([tableEntrySchema, eventSchema]) })),
});

export function verifyFile(seed: string, json: string): { ok: boolean; lines: string[] } {
  const parsed = logSchema.safeParse(JSON.parse(json));
  if (!parsed.success) return { ok: false, lines: [`The log is not a Fatekeeper log: ${parsed.error.issues[0]?.message ?? 'invalid'}`] };
  const log = parsed.data;
  if (!log.ended) return { ok: false, lines: ['This log was exported before the game ended: its hidden events are redacted, so it cannot be verified.'] };
  const secret = seed.trim().toLowerCase();
  const commitmentOk = log.seedCommitment !== null && seedCommitment(secret) === log.seedCommitment;
  // The log as it stood before each undo, then as it stands: every shuffle ever dealt, undone ones too.
  const reports = verificationRuns(log.entries as Array<{ batch: number; event: SystemEvent | TableEntry }>).map((events) => verifyShuffles(secret, events as GameEvent[]));
  const shuffles = new Map<string, boolean>();
  for (const report of reports) for (const s of report.shuffles) shuffles.set(`shuffle #${s.index} of seat ${s.seat}`, (shuffles.get(`shuffle #${s.index} of seat ${s.seat}`) ?? true) && s.ok);
  const ok = reports.every((r) => r.ok);
  const problems = [...new Set(reports.flatMap((r) => (r.problem ? [r.problem] : [])))];
  const lines = [
    `game ${log.gameId}`,
    commitmentOk ? `commitment ${log.seedCommitment}: matches SHA-256(seed)` : `commitment ${log.seedCommitment}: DOES NOT match SHA-256(seed)`,
    ...[...shuffles].map(([what, good]) => `${what}: ${good ? 'ok' : 'MISMATCH'}`),
    ok ? `all ${shuffles.size} shuffles match the seed` : `verification failed: ${problems.join('; ') || '?'}`,
  ];
  return { ok: commitmentOk && ok, lines };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const [seed, file] = process.argv.slice(2);
  if (!seed || !file) {
    console.error('usage: npm run verify -- <seed> <log.json>');
    process.exit(2);
  }
  const result = verifyFile(seed, readFileSync(file, 'utf8'));
  for (const line of result.lines) console.log(line);
  process.exit(result.ok ? 0 : 1);
}
