import { fork } from 'node:child_process';
import { REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { randomBytes } from 'node:crypto';
const child = fork('/tmp/exp/sink.mjs');
const port: number = await new Promise((r) => child.once('message', (m: any) => r(m.port)));
const rest = new REST({ api: `http://127.0.0.1:${port}/api`, version: '10' }).setToken('x');
const png = randomBytes(30000);
async function run(label: string, n: number, f: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await f(i);
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const conc = 16; let next = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (next < n) { const i = next++; await f(i); } }));
  const c = process.cpuUsage(c0); const t = performance.now() - t0;
  console.log(label, ((c.user + c.system) / n).toFixed(0), 'µs CPU/call', (n / (t / 1000)).toFixed(0), 'calls/s');
}
const body = { type: 4, data: { content: 'Alice flips the 7 of Rams', embeds: [{ image: { url: 'attachment://flip.png' } }] } };
await run('json callback', 3000, (i) => rest.post(Routes.interactionCallback(String(i), 'tok'), { body, auth: false }));
await run('multipart callback', 3000, (i) => rest.post(Routes.interactionCallback(String(i), 'tok'), { body, files: [{ name: 'flip.png', data: png, contentType: 'image/png' }], auth: false }));
await run('raw fetch multipart', 3000, async (i) => {
  const fd = new FormData(); fd.append('payload_json', JSON.stringify(body)); fd.append('files[0]', new Blob([png], { type: 'image/png' }), 'flip.png');
  const r = await fetch(`http://127.0.0.1:${port}/api/v10/interactions/${i}/tok/callback`, { method: 'POST', body: fd }); await r.arrayBuffer();
});
await run('raw fetch buffer multipart', 3000, async (i) => {
  const b = 'xBoUnDaRy'; const head = Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(body)}\r\n--${b}\r\nContent-Disposition: form-data; name="files[0]"; filename="flip.png"\r\nContent-Type: image/png\r\n\r\n`);
  const r = await fetch(`http://127.0.0.1:${port}/api/v10/interactions/${i}/tok/callback`, { method: 'POST', body: Buffer.concat([head, png, Buffer.from(`\r\n--${b}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${b}` } }); await r.arrayBuffer();
});
child.kill(); process.exit(0);
