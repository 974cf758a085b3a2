/**
 * Keeps the benchmark code compiling and working (bench/run.ts is only run by hand): tiny rounds, no
 * timing assertions.
 */
import { describe, expect, it } from 'vitest';
import { createSignatureVerifier } from '../src/discord/signature.js';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { benchReplay, buildLog } from '../bench/replay.bench.js';
import { duelSetupState, engineDuel } from '../bench/duel.bench.js';
import { flipInteraction, generateBenchKeys, idFactory, signInteraction } from '../bench/interactions.js';
import { ALICE } from '../bench/flip.bench.js';
import { benchLeague, leagueRows } from '../bench/league.bench.js';
import { benchWholeGameBot, benchWholeGameReplay, buildWholeGameLog, wholeGameRows } from '../bench/wholeGame.bench.js';
import { malifauxGame } from '../src/systems/malifaux-game/index.js';

describe('bench smoke', () => {
  it('builds a realistic log that replays, and times it', () => {
    const log = buildLog(300);
    expect(log).toHaveLength(300);
    expect(engine.replay(log).status).toBe('active');
    const result = benchReplay({ events: 300, runs: 2, warmup: 1 });
    expect(result.events).toBe(300);
    expect(result.replayMs).toBeGreaterThan(0);
  });

  it('plays the duel through the engine alone, meeting the decisions the bench is about', () => {
    const { state, decisions } = engineDuel(duelSetupState());
    expect(decisions).toEqual(expect.arrayContaining(['soulstone', 'pick', 'cheat', 'trigger']));
    expect(engine.pendingDecision(state)).toBeNull();
  });

  it('signs interactions the endpoint verifier accepts', () => {
    const keys = generateBenchKeys();
    const verify = createSignatureVerifier(keys.publicKeyHex);
    const nextId = idFactory(1);
    const a = signInteraction(keys.privateKey, flipInteraction(nextId(), ALICE, '1'));
    const b = signInteraction(keys.privateKey, flipInteraction(nextId(), ALICE, '1'));
    expect(JSON.parse(a.body.toString()).id).not.toBe(JSON.parse(b.body.toString()).id);
    expect(verify({ signature: a.headers['x-signature-ed25519'], timestamp: a.headers['x-signature-timestamp'], body: a.body })).toBe(true);
    expect(verify({ signature: a.headers['x-signature-ed25519'], timestamp: a.headers['x-signature-timestamp'], body: b.body })).toBe(false);
  });

  it('runs a small league through standings and Swiss pairings, and prints its rows', () => {
    const league = benchLeague({ players: 16, rounds: 3, runs: 1, warmup: 0, sizes: [8, 16] });
    expect(league.pairing.map((p) => p.players)).toEqual([8, 16]);
    expect(league.leagueMs).toBeGreaterThan(0);
    expect(leagueRows(league)).toHaveLength(2);
  });

  it('builds a whole five-turn game with duels between models that replays to the same end, and times it', () => {
    const { events, state } = buildWholeGameLog();
    expect(state.game?.stage).toBe('over');
    expect(state.game?.turn?.turn).toBe(5);
    expect(events.filter((e) => e.type === 'ModelDuelStarted').length).toBeGreaterThan(0);
    expect(malifauxGame.replay(events)).toEqual(state);
    const result = benchWholeGameReplay({ runs: 2, warmup: 1 });
    expect(result.events).toBe(events.length);
    expect(result.replayMs).toBeGreaterThan(0);
  });

  it('plays a whole game through the bot and the double, flips late and fresh, and counts its REST calls', async () => {
    const bot = await benchWholeGameBot({ rounds: 1, warmup: 0 });
    expect(bot.loggedErrors).toEqual([]);
    expect(bot.flip.lateEvents).toBeGreaterThan(bot.flip.freshEvents);
    expect(bot.rest.botToken).toBeGreaterThan(0);
    expect(bot.rest.duels).toBeGreaterThan(0);
    expect(Object.values(bot.rest.byKind).reduce((a, b) => a + b, 0)).toBe(bot.rest.botToken + bot.rest.interactionToken);
    const replay = benchWholeGameReplay({ runs: 1, warmup: 0 });
    // The store stamps a decision's opening on the bot's clock: every decision waited out is reminded, then warned.
    expect(bot.reminders.reminders).toBeGreaterThanOrEqual(bot.reminders.decisions);
    expect(bot.reminders.warnings).toBe(bot.reminders.reminders);
    expect(bot.reminders.said).toBe(bot.reminders.botToken);
    expect(bot.reminders.botToken).toBeGreaterThan(0);
    expect(bot.scoring.perTurnMs).toHaveLength(4);
    expect(wholeGameRows(replay, bot)).toHaveLength(5);
  }, 180_000);
});
