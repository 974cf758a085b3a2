/**
 * The contract suite (contract.suite.ts) run against every game system: each one built into the bot
 * (BUILT_SYSTEMS) and the coin toss, the test-only system of test/systems/coin-toss. A built system without
 * a driver fails here: a new system comes with its driver.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_SYSTEMS } from '../../src/systems/registry.js';
import { contractSuite, type Driver } from './contract.suite.js';
import { coinTossDriver } from './drivers/coinToss.js';
import { malifauxDriver } from './drivers/malifaux.js';
import { wholeGameDriver } from './drivers/wholeGame.js';

const DRIVERS: readonly Driver[] = [malifauxDriver, wholeGameDriver, coinTossDriver];

describe('every system has a driver', () => {
  it.each(BUILT_SYSTEMS.map((s) => [s.id, s] as const))('%s', (id, system) => {
    const driver = DRIVERS.find((d) => d.system.id === id);
    expect(driver, `no contract driver for the built system "${id}"`).toBeDefined();
    expect(driver!.system).toBe(system);
  });
});

for (const system of [...BUILT_SYSTEMS, coinTossDriver.system]) {
  const driver = DRIVERS.find((d) => d.system === system);
  if (driver) contractSuite(driver);
}
