/**
 * Setup of mutation runs only (vitest.mutate.config.ts), never of the normal test runs. fast-check properties
 * dominate the time of a mutation run (each surviving mutant runs every property that covers it), so here:
 *  - a property stops at its first counterexample instead of shrinking it (`endOnFailure`): a mutant is killed
 *    by any failure, the smallest one is of no use;
 *  - every property runs at most MUTATE_FC_RUNS (default 20) cases instead of its own numRuns (100, 60, 30):
 *    the remaining cases are not generated (the run is interrupted, which fast-check counts as a pass);
 *  - the seed is fixed (MUTATE_FC_SEED), so a mutant gets the same verdict in every run (incremental mode
 *    reuses verdicts) — the normal runs keep a fresh seed each time.
 */
import fc from 'fast-check';

const maxRuns = Number(process.env.MUTATE_FC_RUNS ?? 20);
fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true, seed: Number(process.env.MUTATE_FC_SEED ?? 20261125) });
fc.installGlobalPlugin(() => {
  let runs = 0;
  return { decorateRun: (run) => (value) => (++runs > maxRuns ? new fc.PreconditionFailure(true) : run(value)) };
});
