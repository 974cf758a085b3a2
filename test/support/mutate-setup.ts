/**
 * Setup of mutation runs only (vitest.mutate.config.ts), never of the normal test runs: a mutant that breaks a
 * fast-check property is killed by its first counterexample, so shrinking it (which dominates the run time of a
 * killed mutant) is skipped. The properties keep their own numRuns.
 */
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
