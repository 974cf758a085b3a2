/**
 * `npm run bench`: ratios measured side by side in one run, for a shared, noisy machine. Contenders are
 * interleaved in rounds after a warm-up and reported as medians; only the replay goal is absolute.
 *
 *   1. /flip req/s through the full HTTP endpoint on SQLite vs a bare signature-checking server
 *      (16 games on 16 connections, and all 16 connections on one game: compare-and-swap contention);
 *   2. the same on PostgreSQL (a throwaway server, as the tests start one; skipped if none can start),
 *      and, for reference, on an in-memory store (what the path costs without any storage);
 *   3. one opposed duel through the engine alone vs through the endpoint, its interactions sent by the
 *      Discord double as Discord would (SQLite);
 *   4. replay() of a 2,000-event log vs JSON.parse of the same log;
 *   5. benchRender(): each picture (duel, flip, damage, hand) vs encoding a blank canvas of its size;
 *   6. a league: standings and Swiss pairings of 512 players over 8 rounds vs the TP totals alone, and how
 *      pairing grows from 64 to 512 players;
 *   7. the whole game (bench/wholeGame.bench.ts): a five-turn game's replay vs JSON.parse of its log; /flip
 *      in turn 5 vs in turn 1 through the bot (SQLite, the double); the REST calls of a whole game by token;
 *      the REST calls its reminders add with a turn clock (slow players) vs its own; a turn's End Phase
 *      scoring step vs one /flip.
 *
 * Options: --quick (short rounds, for a smoke run), --no-postgres, --connections=N, --client=node (the
 * load generator on node:http's client instead of bare sockets, see bench/loadgen.ts).
 * Prints one table, then a line `BENCH_JSON {...}` with every figure.
 */
import { availableParallelism, cpus } from 'node:os';
import { startDiscordDouble, type DiscordDouble } from '../src/discord-double/index.js';
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from '../test/support/postgres.js';
import { benchRender } from './render.bench.js';
import { benchLeague, leagueRows } from './league.bench.js';
import { benchReplay } from './replay.bench.js';
import { benchWholeGameBot, benchWholeGameReplay, wholeGameRows } from './wholeGame.bench.js';
import { benchDuel, type DuelBench } from './duel.bench.js';
import { ALICE, BOB, LoadGenerator, channelIds, createGames, runFlipRounds, type Contender, type ContenderResult } from './flip.bench.js';
import { generateBenchKeys } from './interactions.js';
import type { HttpClientKind } from './loadgen.js';
import { startBareServer, startBotServer, type BotServer } from './servers.js';
import { fmt, printTable, round, type Row } from './stats.js';
import { createMemoryStore } from './memory-store.js';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const withPostgres = !args.has('--no-postgres');
const connectionsArg = [...args].find((a) => a.startsWith('--connections='));
const CONNECTIONS = connectionsArg ? Number(connectionsArg.split('=')[1]) : 16;
const CLIENT: HttpClientKind = args.has('--client=node') ? 'node' : 'raw';
const FLIP = quick ? { rounds: 2, durationMs: 500, warmupMs: 300 } : { rounds: 5, durationMs: 2000, warmupMs: 1000 };
const DUEL = quick ? { rounds: 2, warmup: 1 } : { rounds: 9, warmup: 2 };
const REPLAY = quick ? { runs: 6, warmup: 2 } : { runs: 60, warmup: 10 };
const WHOLE = quick ? { runs: 6, warmup: 2, rounds: 2, flipWarmup: 1 } : { runs: 40, warmup: 6, rounds: 9, flipWarmup: 2 };
const RENDER = quick ? { rounds: 4, warmup: 1 } : { rounds: 30, warmup: 6 };

/** The flip contender with no storage cost (an in-memory store): the floor under the two databases. */
const FLOOR = `memory:${CONNECTIONS}games`;
const UPLOADS = `SQLite-uploads:${CONNECTIONS}games`;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface PostgresTarget {
  url: string;
  close(): Promise<void>;
}

async function postgres(): Promise<PostgresTarget | { skipped: string }> {
  if (!withPostgres) return { skipped: '--no-postgres' };
  let server: PostgresServer | undefined;
  try {
    const serverUrl = process.env.TEST_DATABASE_URL ?? (server = await startPostgres()).url;
    const db: TestDatabase = await createTestDatabase(serverUrl);
    return {
      url: db.url,
      async close() {
        await db.drop().catch(() => undefined);
        await server?.stop();
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    return { skipped: String(error instanceof Error ? error.message.split('\n')[0] : error) };
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const cleanups: (() => Promise<void> | void)[] = [];
  const json: Record<string, unknown> = {
    machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? '?', node: process.version },
    quick,
  };
  const rows: Row[] = [];

  try {
    log(`starting (${quick ? 'quick' : 'full'} run, ${CONNECTIONS} connections, ${CLIENT === 'raw' ? 'bare-socket' : "node:http's"} HTTP client)`);
    // PostgreSQL first: initdb and start-up would disturb any measurement running next to them.
    const pg = await postgres();
    if ('close' in pg) cleanups.push(() => pg.close());
    else log(`PostgreSQL skipped: ${pg.skipped}`);

    const double: DiscordDouble = await startDiscordDouble();
    cleanups.push(() => double.close());
    const keys = generateBenchKeys();

    // 4. Replay (pure CPU, quick): first, on a quiet process.
    log('replay…');
    const replay = benchReplay({ ...REPLAY });
    json.replay = replay;

    // 5. Render.
    log('render…');
    const render = await benchRender(RENDER);
    json.render = render;

    // 6. League (pure CPU).
    log('league…');
    const league = benchLeague(quick ? { runs: 1, warmup: 0 } : {});
    json.league = league;

    // 7. The whole game: its replay (pure CPU), then a whole game through the bot on the double.
    log('whole game…');
    const wholeReplay = benchWholeGameReplay({ runs: WHOLE.runs, warmup: WHOLE.warmup });
    const wholeBot = await benchWholeGameBot({ double, rounds: WHOLE.rounds, warmup: WHOLE.flipWarmup });
    json.wholeGame = { replay: wholeReplay, bot: wholeBot };

    // 3. Duel: engine alone vs the whole HTTP path (SQLite), driven through the double (its delivery is
    // set to HTTP for the duel and restored after; the flip benchmarks post directly with the bench keys).
    log('duel…');
    const duel: DuelBench = await benchDuel({ double, ...DUEL });
    json.duel = duel;

    // 1 + 2. Flip throughput.
    log('flip: servers and games…');
    const bare = await startBareServer(keys.publicKeyHex);
    cleanups.push(() => bare.close());
    const spread = channelIds('13000000000001', CONNECTIONS);
    const contended = channelIds('13000000000002', 1);
    const servers: { label: string; server: BotServer }[] = [];
    // The contenders run as an HTTP deployment with a public address does: public pictures linked, not uploaded.
    const sqlite = await startBotServer({ double, publicKeyHex: keys.publicKeyHex, linkPictures: true });
    cleanups.push(() => sqlite.close());
    servers.push({ label: 'SQLite', server: sqlite });
    if ('close' in pg) {
      const pgServer = await startBotServer({ double, publicKeyHex: keys.publicKeyHex, databaseUrl: pg.url, linkPictures: true });
      // Closed before the database is dropped (cleanups run in reverse).
      cleanups.push(() => pgServer.close());
      servers.push({ label: 'PostgreSQL', server: pgServer });
    }
    // The floor: the same bot on an in-memory store (no durability at all), to show what storage costs.
    const floor = await startBotServer({ double, publicKeyHex: keys.publicKeyHex, store: createMemoryStore({ serialize: true }), linkPictures: true });
    cleanups.push(() => floor.close());
    // The same SQLite bot uploading its pictures (no public address): one multipart callback per flip. The
    // double does not know the load generator's interactions, so each callback fails and the bot answers
    // inline, then tries the upload again on @original: a reference that overstates the upload's cost.
    const uploads = await startBotServer({ double, publicKeyHex: keys.publicKeyHex });
    cleanups.push(() => uploads.close());
    for (const { server } of [...servers, { server: floor }, { server: uploads }]) await createGames(server, keys.privateKey, [...spread, ...contended]);

    const loadgen = new LoadGenerator(keys.privateKeyPem);
    cleanups.push(() => loadgen.close());
    const players = [ALICE, BOB];
    const contenders: Contender[] = [
      { name: 'bare', url: bare.url, connections: spread.map((channelId) => ({ user: ALICE, channelId })), reusePool: true },
    ];
    for (const { label, server } of servers) {
      contenders.push({ name: `${label}:${CONNECTIONS}games`, url: server.url, connections: spread.map((channelId) => ({ user: ALICE, channelId })), reusePool: false, counters: server.counters });
      contenders.push({
        name: `${label}:1game`,
        url: server.url,
        connections: spread.map((_, i) => ({ user: players[i % 2]!, channelId: contended[0]! })),
        reusePool: false,
        counters: server.counters,
      });
    }
    contenders.push({ name: FLOOR, url: floor.url, connections: spread.map((channelId) => ({ user: ALICE, channelId })), reusePool: false, counters: floor.counters });
    contenders.push({ name: UPLOADS, url: uploads.url, connections: spread.map((channelId) => ({ user: ALICE, channelId })), reusePool: false, counters: uploads.counters });
    log(`flip: ${contenders.length} contenders × ${FLIP.rounds} rounds of ${FLIP.durationMs} ms…`);
    const flips = await runFlipRounds(loadgen, contenders, {
      ...FLIP,
      client: CLIENT,
      onRound: (r, name, res) => log(`  round ${r + 1} ${name}: ${fmt(res.completed / (res.elapsedMs / 1000))} req/s${res.errors ? `, ${res.errors} errors` : ''}`),
    });
    const byName = new Map(flips.map((f) => [f.name, f]));
    const bareResult = byName.get('bare')!;
    json.flip = {
      connections: CONNECTIONS,
      client: CLIENT,
      roundMs: FLIP.durationMs,
      rounds: FLIP.rounds,
      contenders: flips.map((f) => ({
        name: f.name,
        rps: round(f.rps, 1),
        okPerSecond: round(f.okPerSecond, 1),
        ratioToBare: round(f.rps / bareResult.rps, 3),
        p50Ms: round(f.p50, 3),
        p99Ms: round(f.p99, 3),
        completed: f.completed,
        ok: f.ok,
        refused: f.refused,
        errors: f.errors,
        casConflicts: f.casConflicts,
        appendCalls: f.appendCalls,
        otherAppendRefusals: f.otherAppendRefusals,
        signedInWindow: f.signedInWindow,
        serverCpuUsPerRequest: round(f.serverCpuUsPerRequest, 1),
        serverCores: round(f.serverCores, 2),
        clientCores: round(f.clientCores, 2),
        roundsRps: f.rounds.map((x) => round(x, 1)),
        ...(Object.keys(f.refusalSamples).length ? { refusals: f.refusalSamples } : {}),
        ...(Object.keys(f.errorSamples).length ? { errorSamples: f.errorSamples } : {}),
      })),
      serverErrors: Object.fromEntries(servers.map(({ label, server }) => [label, { logged: server.counters.loggedErrors, samples: server.counters.errorSamples }])),
    };
    if (!('close' in pg)) json.postgresSkipped = pg.skipped;

    // The table.
    const flipRow = (f: ContenderResult, what: string): Row => {
      const ratio = f.rps / bareResult.rps;
      const extra = [
        `p50 ${fmt(f.p50)} vs ${fmt(bareResult.p50)} ms, p99 ${fmt(f.p99)} vs ${fmt(bareResult.p99)} ms`,
        `server CPU/req ${fmt(f.serverCpuUsPerRequest, 0)} vs ${fmt(bareResult.serverCpuUsPerRequest, 0)} µs (${(bareResult.serverCpuUsPerRequest / f.serverCpuUsPerRequest).toFixed(3)})`,
        f.refused || f.casConflicts || f.name.endsWith(':1game')
          ? `${fmt(f.okPerSecond, 0)} flips/s ok; ${f.ok} ok, ${f.refused} refused${Object.keys(f.refusalSamples).length ? ` (${Object.entries(f.refusalSamples).map(([k, v]) => `${v}× "${k}"`).join(', ')})` : ''}; ${f.casConflicts} CAS conflicts + ${f.otherAppendRefusals} other refusals in ${f.appendCalls} appends`
          : '',
        f.errors ? `${f.errors} ERRORS` : '',
        f.signedInWindow ? `${f.signedInWindow} signed in window` : '',
      ].filter(Boolean);
      return { measure: what, a: `${fmt(f.rps, 0)} req/s`, b: `${fmt(bareResult.rps, 0)} req/s`, ratio: ratio.toFixed(3), goal: '≥ 0.5', note: `${ratio >= 0.5 ? 'ok' : 'BELOW'}; ${extra.join('; ')}` };
    };
    for (const { label } of servers) {
      const spreadResult = byName.get(`${label}:${CONNECTIONS}games`)!;
      const contendedResult = byName.get(`${label}:1game`)!;
      rows.push(flipRow(spreadResult, `/flip full vs bare, ${label}, ${CONNECTIONS} conns × ${CONNECTIONS} games`));
      rows.push(flipRow(contendedResult, `/flip full vs bare, ${label}, ${CONNECTIONS} conns × 1 game`));
    }
    const floorRow = flipRow(byName.get(FLOOR)!, `/flip, the same bot on an in-memory store (no storage cost)`);
    rows.push({ ...floorRow, goal: '—', note: `reference, not a contender${floorRow.note.slice(floorRow.note.indexOf(';'))}` });
    const uploadsRow = flipRow(byName.get(UPLOADS)!, `/flip, the same SQLite bot uploading its picture (no PUBLIC_URL)`);
    rows.push({ ...uploadsRow, goal: '—', note: `reference: every flip's picture uploaded through the callback (failing on the double, then on @original)${uploadsRow.note.slice(uploadsRow.note.indexOf(';'))}` });
    if (!('close' in pg)) rows.push({ measure: '/flip on PostgreSQL', a: '—', b: '—', ratio: '—', goal: '≥ 0.5', note: `skipped: ${pg.skipped}` });
    rows.push({
      measure: `opposed duel: HTTP path vs engine alone`,
      a: `${fmt(duel.httpMs)} ms`,
      b: `${fmt(duel.engineMs, 3)} ms`,
      ratio: `${fmt(duel.ratio, 1)}×`,
      goal: '—',
      note: `${duel.interactions} interactions (${duel.decisions.join(', ')}), ${duel.restCalls} REST calls to the double, ${duel.botTokenCalls} of them with the bot token (Discord's global 50/s budget); responses alone ${fmt(duel.httpResponseMs)} ms, the rest is after() work${duel.restWaits ? `; the REST client held requests back ${duel.restWaits}× (its 50/s limit)` : ''}${duel.loggedErrors ? `; ${duel.loggedErrors} LOGGED ERRORS` : ''}`,
    });
    rows.push({
      measure: `replay(${replay.events} events) vs JSON.parse of the log`,
      a: `${fmt(replay.replayMs, 3)} ms`,
      b: `${fmt(replay.jsonParseMs, 3)} ms`,
      ratio: `${fmt(replay.ratio)}×`,
      goal: '≤ 2× JSON.parse',
      note: `${replay.ratio <= 2 ? 'within 2× of JSON.parse: ok' : 'ABOVE 2× GOAL'}; ${replay.eventTypes} event types, ${Math.round(replay.logBytes / 1024)} KiB of JSON, median of ${replay.runs}; load path (parse + schema + replay) ${fmt(replay.loadMs, 3)} ms = ${fmt(replay.loadRatio)}× JSON.parse`,
    });
    const d = render.details;
    rows.push({
      measure: 'render: duel picture vs blank PNG encode',
      a: `${fmt(d.duelMs)} ms`,
      b: `${fmt(d.blankDuelMs)} ms`,
      ratio: `${fmt(render.ratio)}×`,
      goal: '< 2×',
      note: `${[d.duelRatio, d.flipRatio, d.damageRatio, d.handRatio].every((x) => x! < 2) ? 'ok' : 'ABOVE GOAL'}; flip ${fmt(d.flipRatio)}×, damage ${fmt(d.damageRatio)}×, hand ${fmt(d.handRatio)}×; league standings ${fmt(d.standingsRatio)}×, pairings ${fmt(d.pairingsRatio)}×, TP chart ${fmt(d.chartRatio)}×`,
    });

    rows.push(...leagueRows(league));
    rows.push(...wholeGameRows(wholeReplay, wholeBot));

    json.elapsedS = round((performance.now() - started) / 1000, 1);
    console.log();
    console.log(
      `Fatekeeper bench — ${availableParallelism()} CPUs, Node ${process.version}${quick ? ' (QUICK: figures are rough)' : ''}; medians of interleaved rounds; ` +
        `load generator on ${CLIENT === 'raw' ? 'bare sockets' : "node:http's client"}`,
    );
    console.log(printTable(rows, { measure: 'measure', a: 'measured', b: 'baseline', ratio: 'ratio', goal: 'goal', note: 'note' }));
    console.log(`(took ${json.elapsedS} s)`);
    console.log(`BENCH_JSON ${JSON.stringify(json)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`cleanup failed: ${String(error)}`);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
