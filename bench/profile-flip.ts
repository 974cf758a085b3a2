/**
 * Profiling aid (not part of `npm run bench`): drives /flip through the full endpoint for a while so the
 * server process can be profiled, e.g.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-flip.ts [seconds] [postgres-url]
 *   npx tsx bench/cpuprofile-top.ts /tmp/prof/<file>.cpuprofile
 *
 * The load generator is a child process, so the profile shows the server side only.
 */
import { startDiscordDouble } from '../src/discord-double/index.js';
import { ALICE, LoadGenerator, channelIds, createGames } from './flip.bench.js';
import { generateBenchKeys } from './interactions.js';
import { startBotServer } from './servers.js';

const seconds = Number(process.argv[2] ?? 8);
const databaseUrl = process.argv[3];
const double = await startDiscordDouble();
const keys = generateBenchKeys();
const server = await startBotServer({ double, publicKeyHex: keys.publicKeyHex, ...(databaseUrl ? { databaseUrl } : {}) });
const channels = channelIds('13000000000003', 16);
await createGames(server, keys.privateKey, channels);
const loadgen = new LoadGenerator(keys.privateKeyPem);
const connections = channels.map((channelId) => ({ user: ALICE, channelId }));
const r = await loadgen.round({ url: server.url, durationMs: seconds * 1000, connections, poolPerConnection: Math.ceil((400 * seconds) / 16) + 50, reusePool: false });
console.log(`${r.completed} requests in ${Math.round(r.elapsedMs)} ms = ${Math.round(r.completed / (r.elapsedMs / 1000))} req/s (${r.ok} ok, ${r.refused} refused, ${r.errors} errors)`);
loadgen.close();
await server.close();
await double.close();
