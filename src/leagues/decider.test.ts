/**
 * The league decider, written given(events).when(command).then(events | refusal): the report, confirm and
 * dispute flow, the organiser's powers, drops, hand changes to a pairing, and refusals that change nothing
 * (issue 17 §2, §4, §8).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideLeague, evolveLeague, leagueEventSchema, replayLeague, runLeague, type LeagueCommand, type LeagueEvent } from './decider.js';
import { currentResults, type Actor, type League } from './model.js';
import { standings } from './standings.js';
import { drawRoundOne } from './pairings.js';

const SEED = 'c3'.repeat(32);
const ORG: Actor = { id: 'org' };
const as = (id: string, roles: string[] = []): Actor => ({ id, roles });

function given(...events: LeagueEvent[]): League {
  return replayLeague([{ type: 'LeagueCreated', name: 'Autumn', seed: SEED, createdBy: 'org', settings: replayLeague([]).settings }, ...events]);
}

const joined = (...ids: string[]): LeagueEvent[] => ids.map((id) => ({ type: 'PlayerJoined', playerId: id, name: id.toUpperCase() }));

/** A league of four with round one out: A–B and C–D. */
function roundOne(): League {
  return given(...joined('A', 'B', 'C', 'D'), {
    type: 'RoundPaired',
    round: { number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }], byes: [], pairedAt: '2026-11-01T18:00:00.000Z' },
    repeatedByes: [],
    warnings: [],
  });
}

function when(league: League, command: LeagueCommand, actor: Actor | null) {
  const decided = decideLeague(league, command, actor);
  return {
    then: (expected: LeagueEvent[]) => expect(decided).toEqual({ ok: true, value: expected }),
    refused: (code: string) => {
      expect(decided.ok ? decided.value : decided.error.code).toBe(code);
    },
  };
}

function run(league: League, command: LeagueCommand, actor: Actor | null): League {
  const ran = runLeague(league, command, actor);
  if (!ran.ok) throw new Error(`refused: ${ran.error.code}`);
  return ran.value.league;
}

describe('joining and leaving (issue 17 §1)', () => {
  it('a player joins themself, once; an organiser adds someone else; a player cannot add another', () => {
    const league = given();
    when(league, { type: 'join', playerId: 'A', name: 'Ann' }, as('A')).then([{ type: 'PlayerJoined', playerId: 'A', name: 'Ann' }]);
    when(given(...joined('A')), { type: 'join', playerId: 'A', name: 'Ann' }, as('A')).refused('ALREADY_JOINED');
    when(league, { type: 'join', playerId: 'B', name: 'Bob' }, ORG).then([{ type: 'PlayerJoined', playerId: 'B', name: 'Bob' }]);
    when(league, { type: 'join', playerId: 'B', name: 'Bob' }, as('A')).refused('NOT_ORGANISER');
  });

  it('members of the organiser role run the league; only the creator sets that role', () => {
    const league = given({ type: 'OrganiserRoleSet', roleId: 'R' });
    when(league, { type: 'join', playerId: 'B', name: 'Bob' }, as('deputy', ['R'])).then([{ type: 'PlayerJoined', playerId: 'B', name: 'Bob' }]);
    when(league, { type: 'setOrganiserRole', roleId: null }, as('deputy', ['R'])).refused('NOT_ORGANISER');
    when(league, { type: 'setOrganiserRole', roleId: null }, ORG).then([{ type: 'OrganiserRoleSet', roleId: null }]);
  });

  it('leaving before any round removes the player; after playing they are dropped and their games still count', () => {
    when(given(...joined('A', 'B')), { type: 'leave', playerId: 'A' }, as('A')).then([{ type: 'PlayerRemoved', playerId: 'A' }]);
    const league = run(roundOne(), { type: 'leave', playerId: 'C' }, as('C'));
    expect(league.players.find((p) => p.id === 'C')).toEqual({ id: 'C', droppedAfterRound: 1 });
    when(league, { type: 'leave', playerId: 'C' }, ORG).refused('ALREADY_DROPPED');
    when(roundOne(), { type: 'leave', playerId: 'C' }, as('A')).refused('NOT_ORGANISER');
    when(roundOne(), { type: 'leave', playerId: 'Z' }, ORG).refused('PLAYER_NOT_IN_LEAGUE');
  });
});

describe('manual results: report, confirm, dispute (issue 17 §2)', () => {
  it('one player reports, the other confirms with a button: the result stands, as the reporter wrote it', () => {
    const reported = run(roundOne(), { type: 'report', opponent: 'B', vp: [6, 2] }, as('A'));
    expect(reported.reports).toEqual([{ id: 1, round: 1, players: ['A', 'B'], vp: [6, 2], status: 'pending', disputeReason: null }]);
    // Nothing counts until the opponent confirms.
    expect(currentResults(reported).size).toBe(0);
    when(reported, { type: 'confirm', reportId: 1 }, as('B')).then([
      { type: 'ReportClosed', reportId: 1, how: 'confirmed' },
      { type: 'ResultRecorded', result: { kind: 'played', round: 1, players: ['A', 'B'], vp: [6, 2], voided: false, source: 'report' }, reason: null },
    ]);
    const confirmed = run(reported, { type: 'confirm', reportId: 1 }, as('B'));
    expect(standings(confirmed).slice(0, 1).map((r) => [r.playerId, r.tp, r.vpDiff])).toEqual([['A', 3, 4]]);
  });

  it('bad input: confirming your own report, a report you are not in, a game you did not play, twice, impossible VP', () => {
    const reported = run(roundOne(), { type: 'report', opponent: 'B', vp: [6, 2] }, as('A'));
    when(reported, { type: 'confirm', reportId: 1 }, as('A')).refused('OWN_REPORT');
    when(reported, { type: 'confirm', reportId: 1 }, as('C')).refused('NOT_YOUR_REPORT');
    when(reported, { type: 'confirm', reportId: 9 }, as('B')).refused('UNKNOWN_REPORT');
    when(reported, { type: 'report', opponent: 'A', vp: [2, 6] }, as('B')).refused('REPORT_PENDING');
    when(roundOne(), { type: 'report', opponent: 'C', vp: [6, 2] }, as('A')).refused('NO_OPEN_TABLE');
    when(roundOne(), { type: 'report', opponent: 'B', vp: [-1, 2] }, as('A')).refused('NEGATIVE_VP');
    when(roundOne(), { type: 'report', opponent: 'B', vp: [9, 2] }, as('A')).refused('IMPOSSIBLE_VP');
    const settled = run(reported, { type: 'confirm', reportId: 1 }, as('B'));
    when(settled, { type: 'report', opponent: 'B', vp: [8, 0] }, as('A')).refused('RESULT_EXISTS');
  });

  it('a disputed report waits for the organiser, who rules it: the ruling closes the report', () => {
    const disputed = run(run(roundOne(), { type: 'report', opponent: 'B', vp: [6, 2] }, as('A')), { type: 'dispute', reportId: 1, reason: ' it was 4–4 ' }, as('B'));
    expect(disputed.reports[0]).toMatchObject({ status: 'disputed', disputeReason: 'it was 4–4' });
    when(disputed, { type: 'confirm', reportId: 1 }, as('B')).refused('REPORT_PENDING');
    when(disputed, { type: 'enter', round: 1, players: ['A', 'B'], vp: [4, 4], reason: null }, as('A')).refused('NOT_ORGANISER');
    when(disputed, { type: 'enter', round: 1, players: ['B', 'A'], vp: [4, 4], reason: 'both agreed at the table' }, ORG).then([
      { type: 'ReportClosed', reportId: 1, how: 'ruled' },
      { type: 'ResultRecorded', result: { kind: 'played', round: 1, players: ['B', 'A'], vp: [4, 4], voided: false, source: 'organiser' }, reason: 'both agreed at the table' },
    ]);
  });

  it('the reporter may withdraw a report nobody answered; nobody else may', () => {
    const reported = run(roundOne(), { type: 'report', opponent: 'B', vp: [6, 2] }, as('A'));
    when(reported, { type: 'withdraw', reportId: 1 }, as('B')).refused('NOT_YOUR_REPORT');
    expect(run(reported, { type: 'withdraw', reportId: 1 }, as('A')).reports).toEqual([]);
  });
});

describe("the organiser's results (issue 17 §2)", () => {
  it('enters a result; a correction needs a reason; the last entry counts and the earlier one stays in the log', () => {
    const entered = run(roundOne(), { type: 'enter', round: 1, players: ['C', 'D'], vp: [5, 5], reason: null }, ORG);
    when(entered, { type: 'enter', round: 1, players: ['C', 'D'], vp: [5, 3], reason: '  ' }, ORG).refused('REASON_REQUIRED');
    const corrected = run(entered, { type: 'enter', round: 1, players: ['D', 'C'], vp: [3, 5], reason: 'misread the sheet' }, ORG);
    expect(corrected.results).toHaveLength(2);
    expect(standings(corrected).find((r) => r.playerId === 'C')).toMatchObject({ tp: 3, vpDiff: 2 });
  });

  it('voids a result with a reason; voiding a table with none is refused', () => {
    const entered = run(roundOne(), { type: 'enter', round: 1, players: ['C', 'D'], vp: [5, 3], reason: null }, ORG);
    when(roundOne(), { type: 'void', round: 1, players: ['C', 'D'], reason: 'wrong table' }, ORG).refused('NO_RESULT');
    when(entered, { type: 'void', round: 1, players: ['C', 'D'], reason: '' }, ORG).refused('REASON_REQUIRED');
    when(entered, { type: 'void', round: 1, players: ['C', 'D'], reason: 'x' }, as('C')).refused('NOT_ORGANISER');
    const voided = run(entered, { type: 'void', round: 1, players: ['C', 'D'], reason: 'played the wrong crew' }, ORG);
    expect(standings(voided).find((r) => r.playerId === 'C')).toMatchObject({ tp: 0, wins: 0 });
  });

  it('records a forfeit (only an organiser) and a bonus or penalty with its reason', () => {
    when(roundOne(), { type: 'forfeit', round: 1, players: ['A', 'B'], absent: ['B'], reason: null }, as('A')).refused('NOT_ORGANISER');
    const forfeited = run(roundOne(), { type: 'forfeit', round: 1, players: ['A', 'B'], absent: ['B'], reason: 'no-show' }, ORG);
    expect(standings(forfeited)[0]).toMatchObject({ playerId: 'A', tp: 3, vpTotal: 5 });
    when(roundOne(), { type: 'adjust', playerId: 'A', tp: -1, reason: '' }, ORG).refused('REASON_REQUIRED');
    const penalised = run(roundOne(), { type: 'adjust', playerId: 'A', tp: -1, reason: 'late list' }, ORG);
    expect(penalised.adjustments).toEqual([{ playerId: 'A', round: 1, tp: -1, reason: 'late list' }]);
  });

  it('a finished game reports itself to its open table, closing a player report that waited on it', () => {
    const reported = run(roundOne(), { type: 'report', opponent: 'A', vp: [1, 1] }, as('B'));
    const game = { gameId: 'g1', system: 'malifaux-game', encounter: { strategy: 'plant', deployment: 'wedge', schemes: ['breakthrough'] }, crews: [] };
    when(reported, { type: 'gameFinished', players: ['A', 'B'], vp: [6, 3], conceded: null, game }, null).then([
      { type: 'ReportClosed', reportId: 1, how: 'ruled' },
      { type: 'ResultRecorded', result: { kind: 'played', round: 1, players: ['A', 'B'], vp: [6, 3], voided: false, source: 'game', game }, reason: null },
    ]);
    when(roundOne(), { type: 'gameFinished', players: ['A', 'C'], vp: [6, 3], conceded: null, game }, null).refused('NO_OPEN_TABLE');
    // A referee's correction after the end follows to the same table, as the game's own result.
    const recorded = run(roundOne(), { type: 'gameFinished', players: ['A', 'B'], vp: [6, 3], conceded: null, game }, null);
    const correction: LeagueCommand = { type: 'gameCorrected', gameId: 'g1', players: ['A', 'B'], vp: [5, 5], conceded: null, reason: ' the marker was counted twice ' };
    // The referee's reason goes into the league's log with the result (END-2: every correction says why).
    when(recorded, correction, as('referee')).then([
      { type: 'ResultRecorded', result: { kind: 'played', round: 1, players: ['A', 'B'], vp: [5, 5], voided: false, source: 'game', game }, reason: 'the marker was counted twice' },
    ]);
    const corrected = run(recorded, correction, as('referee'));
    expect(corrected.results.at(-1)).toMatchObject({ kind: 'played', round: 1, vp: [5, 5], source: 'game', game });
    expect(standings(corrected).find((r) => r.playerId === 'A')).toMatchObject({ tp: 1, draws: 1 });
    when(roundOne(), correction, as('referee')).refused('GAME_NOT_RECORDED');
    // A concession counts as the conceder's forfeit, whatever the VP stood at.
    const conceded = run(roundOne(), { type: 'gameFinished', players: ['A', 'B'], vp: [0, 0], conceded: 'A', game }, null);
    expect(standings(conceded)[0]).toMatchObject({ playerId: 'B', tp: 3, vpTotal: 5 });
  });
});

describe('rounds (issue 17 §4)', () => {
  it('pairing: only an organiser, never a closed league, never while results are missing (refuse mode)', () => {
    when(roundOne(), { type: 'pairRound', now: '2026-11-08T18:00:00.000Z' }, as('A')).refused('NOT_ORGANISER');
    when(roundOne(), { type: 'pairRound', now: '2026-11-08T18:00:00.000Z' }, ORG).refused('ROUND_RESULTS_MISSING');
    when(run(roundOne(), { type: 'close' }, ORG), { type: 'pairRound', now: '2026-11-08T18:00:00.000Z' }, ORG).refused('LEAGUE_CLOSED');
    when(given(...joined('A')), { type: 'pairRound', now: '2026-11-08T18:00:00.000Z' }, ORG).refused('TOO_FEW_PLAYERS');
  });

  it("a one-day event's round is timed: it ends the round's minutes after it went out", () => {
    const event = run(given(...joined('A', 'B', 'C')), { type: 'changeSettings', settings: { format: 'event', roundMinutes: 150 } }, ORG);
    const paired = run(event, { type: 'pairRound', now: '2026-11-28T10:00:00.000Z' }, ORG);
    expect(paired.rounds[0]).toMatchObject({ number: 1, pairedAt: '2026-11-28T10:00:00.000Z', endsAt: '2026-11-28T12:30:00.000Z' });
    expect(paired.rounds[0]!.tables).toHaveLength(1);
    expect(paired.rounds[0]!.byes).toHaveLength(1);
    // Paired again, the round keeps its clock: the timers set when it went out still hold.
    expect(run(paired, { type: 'pairAgain' }, ORG).rounds[0]).toMatchObject({ pairedAt: '2026-11-28T10:00:00.000Z', endsAt: '2026-11-28T12:30:00.000Z', draw: 2 });
  });

  it('settings out of range are refused with what was wrong', () => {
    when(given(), { type: 'changeSettings', settings: { tiebreaks: ['tp', 'tp'] } }, ORG).refused('INVALID_SETTINGS');
    when(given(), { type: 'changeSettings', settings: { maxVp: 0 } }, ORG).refused('INVALID_SETTINGS');
    when(given(), { type: 'changeSettings', settings: { maxVp: 10 } }, as('A')).refused('NOT_ORGANISER');
  });

  it('the organiser swaps two players of the latest round before any result; rematches are flagged again', () => {
    when(roundOne(), { type: 'swap', a: 'B', b: 'C' }, ORG).then([
      { type: 'PairingChanged', round: 1, tables: [{ players: ['A', 'C'] }, { players: ['B', 'D'] }], byes: [], rematches: [] },
    ]);
    when(roundOne(), { type: 'swap', a: 'A', b: 'B' }, ORG).then([
      { type: 'PairingChanged', round: 1, tables: [{ players: ['B', 'A'] }, { players: ['C', 'D'] }], byes: [], rematches: [] },
    ]);
    when(roundOne(), { type: 'swap', a: 'A', b: 'A' }, ORG).refused('INVALID_SWAP');
    when(roundOne(), { type: 'swap', a: 'A', b: 'Z' }, ORG).refused('INVALID_SWAP');
    const withResult = run(roundOne(), { type: 'enter', round: 1, players: ['C', 'D'], vp: [5, 3], reason: null }, ORG);
    when(withResult, { type: 'swap', a: 'B', b: 'C' }, ORG).refused('ROUND_HAS_RESULTS');
  });

  it('the organiser pairs round one again before any result: the seed’s next draw, as verifiable as the first, logged as such', () => {
    const eight = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const paired = run(given(...joined(...eight)), { type: 'pairRound', now: '2026-11-01T18:00:00.000Z' }, ORG);
    expect(paired.rounds[0]!.tables).toEqual(drawRoundOne(SEED, eight).tables);
    const again = decideLeague(paired, { type: 'pairAgain' }, ORG);
    const second = drawRoundOne(SEED, eight, 2);
    expect(again).toEqual({
      ok: true,
      value: [{ type: 'RoundPairedAgain', round: { number: 1, tables: second.tables, byes: [], pairedAt: '2026-11-01T18:00:00.000Z', rematches: [], draw: 2 }, repeatedByes: [], warnings: [], leftOut: [] }],
    });
    // A new draw, not the first one again.
    expect(second.tables).not.toEqual(paired.rounds[0]!.tables);
    const twice = run(run(paired, { type: 'pairAgain' }, ORG), { type: 'pairAgain' }, ORG);
    expect(twice.rounds).toHaveLength(1);
    expect(twice.rounds[0]).toMatchObject({ draw: 3, tables: drawRoundOne(SEED, eight, 3).tables });
  });

  it('pairing again: only an organiser, an open league, a round out, and none of its games reported or recorded (a swap neither)', () => {
    when(roundOne(), { type: 'pairAgain' }, as('A')).refused('NOT_ORGANISER');
    when(run(roundOne(), { type: 'close' }, ORG), { type: 'pairAgain' }, ORG).refused('LEAGUE_CLOSED');
    when(given(...joined('A', 'B')), { type: 'pairAgain' }, ORG).refused('UNKNOWN_ROUND');
    const withResult = run(roundOne(), { type: 'enter', round: 1, players: ['C', 'D'], vp: [5, 3], reason: null }, ORG);
    when(withResult, { type: 'pairAgain' }, ORG).refused('ROUND_HAS_RESULTS');
    const voided = run(withResult, { type: 'void', round: 1, players: ['C', 'D'], reason: 'wrong table' }, ORG);
    when(voided, { type: 'pairAgain' }, ORG).refused('ROUND_HAS_RESULTS');
    const reported = run(roundOne(), { type: 'report', opponent: 'B', vp: [6, 2] }, as('A'));
    when(reported, { type: 'pairAgain' }, ORG).refused('ROUND_HAS_REPORTS');
    when(reported, { type: 'swap', a: 'B', b: 'C' }, ORG).refused('ROUND_HAS_REPORTS');
    // Withdrawn, the report frees the round.
    expect(decideLeague(run(reported, { type: 'withdraw', reportId: 1 }, as('A')), { type: 'pairAgain' }, ORG).ok).toBe(true);
  });

  it('a Swiss round paired again leaves out who dropped since it went out, keeps its encounter, and replays from the log', () => {
    const round1 = run(run(run(roundOne(), { type: 'enter', round: 1, players: ['A', 'B'], vp: [6, 2], reason: null }, ORG), { type: 'enter', round: 1, players: ['C', 'D'], vp: [5, 3], reason: null }, ORG), {
      type: 'join',
      playerId: 'E',
      name: 'E',
    }, ORG);
    const paired = run(round1, { type: 'pairRound', now: '2026-11-08T18:00:00.000Z' }, ORG);
    expect(paired.rounds[1]!.byes).toHaveLength(1);
    const fixed = run(run(paired, { type: 'fixEncounter', round: 2, code: 'GG3-ABCD' }, ORG), { type: 'leave', playerId: 'A' }, as('A'));
    expect(fixed.players.find((p) => p.id === 'A')?.droppedAfterRound).toBe(2);
    const ran = runLeague(fixed, { type: 'pairAgain' }, ORG);
    if (!ran.ok) throw new Error(ran.error.code);
    expect(ran.value.events).toMatchObject([{ type: 'RoundPairedAgain', leftOut: ['A'] }]);
    const round2 = ran.value.league.rounds[1]!;
    // Four players left: two tables, no bye, A nowhere; C, the one winner left, meets E (unplayed, ranked above B and D, and C met D).
    expect(round2).toMatchObject({ number: 2, byes: [], encounter: 'GG3-ABCD', pairedAt: '2026-11-08T18:00:00.000Z' });
    expect(round2.draw).toBeUndefined();
    expect(round2.tables.flatMap((t) => t.players).sort()).toEqual(['B', 'C', 'D', 'E']);
    expect(round2.tables.map((t) => [...t.players].sort().join())).toContain('C,E');
    expect(ran.value.league.players.find((p) => p.id === 'A')?.droppedAfterRound).toBe(1);
    // As stored and read back (JSON, then the log's schema), the event rebuilds the same league.
    const stored = ran.value.events.map((e) => leagueEventSchema.parse(JSON.parse(JSON.stringify(e))));
    expect(stored.reduce(evolveLeague, fixed)).toEqual(ran.value.league);
  });

  it('fixes the encounter of a round for every table, or clears it', () => {
    const fixed = run(roundOne(), { type: 'fixEncounter', round: 1, code: 'GG3-ABCD' }, ORG);
    expect(fixed.rounds[0]!.encounter).toBe('GG3-ABCD');
    expect(run(fixed, { type: 'fixEncounter', round: 1, code: null }, ORG).rounds[0]!.encounter).toBeUndefined();
    when(roundOne(), { type: 'fixEncounter', round: 2, code: 'X' }, ORG).refused('UNKNOWN_ROUND');
  });
});

describe('the decider is a plain fold', () => {
  const ids = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
  const commandArb: fc.Arbitrary<[LeagueCommand, Actor]> = fc.oneof(
    fc.constantFrom(...ids).map((id): [LeagueCommand, Actor] => [{ type: 'join', playerId: id, name: id }, as(id)]),
    fc.constantFrom(...ids).map((id): [LeagueCommand, Actor] => [{ type: 'leave', playerId: id }, as(id)]),
    fc.constant<[LeagueCommand, Actor]>([{ type: 'pairRound', now: '2026-11-28T10:00:00.000Z' }, ORG]),
    fc.constant<[LeagueCommand, Actor]>([{ type: 'pairAgain' }, ORG]),
    fc
      .tuple(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }))
      .map(([a, b, x, y]): [LeagueCommand, Actor] => [{ type: 'report', opponent: b, vp: [x, y] }, as(a)]),
    fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...ids)).map(([id, who]): [LeagueCommand, Actor] => [{ type: 'confirm', reportId: id }, as(who)]),
    fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...ids)).map(([id, who]): [LeagueCommand, Actor] => [{ type: 'dispute', reportId: id, reason: 'no' }, as(who)]),
  );

  it('replaying the events decided gives the league the commands built; a refusal changes nothing; nobody is paired twice in a round', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), (commands) => {
        let league = given();
        const log: LeagueEvent[] = [{ type: 'LeagueCreated', name: 'Autumn', seed: SEED, createdBy: 'org', settings: league.settings }];
        for (const [command, actor] of commands) {
          const decided = decideLeague(league, command, actor);
          if (!decided.ok) continue;
          log.push(...decided.value);
          league = decided.value.reduce(evolveLeague, league);
        }
        expect(replayLeague(log)).toEqual(league);
        for (const round of league.rounds) {
          const seats = [...round.tables.flatMap((t) => t.players), ...round.byes];
          expect(new Set(seats).size).toBe(seats.length);
        }
        // A result only ever comes from a confirmation here: one per table at most.
        const tables = league.results.map((r) => `${r.round}:${[...r.players].sort().join('-')}`);
        expect(new Set(tables).size).toBe(tables.length);
      }),
      { numRuns: 200 },
    );
  });
});
