/**
 * The league's read-only web page (src/leagues/webPage.ts) and its route on the HTTP server
 * (GET /leagues/<id>, src/discord/http.ts): names are text whatever they contain, shared ranks, voided and
 * replaced results, the organiser's tiebreak columns, French, and the headers a page with no script gets.
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInteractionsServer, leaguePageUrl, listen } from '../src/discord/http.js';
import { createRest } from '../src/discord/outbox.js';
import { leagueSchema, type League } from '../src/leagues/model.js';
import { standings } from '../src/leagues/standings.js';
import { escapeHtml, LEAGUE_PAGE_CSP, renderLeagueNotFoundPage, renderLeaguePage, type LeaguePageInput } from '../src/leagues/webPage.js';
import { fixtureLeague, HOSTILE_NAME, LEAGUE_NAMES, LEAGUE_TITLE } from './support/league.js';

const UPDATED = new Date('2026-11-28T06:30:00Z');
const page = (overrides: Partial<LeaguePageInput> = {}): string =>
  renderLeaguePage({ league: fixtureLeague(), name: LEAGUE_TITLE, names: LEAGUE_NAMES, locale: 'en', updatedAt: UPDATED, ...overrides });

/** The page's visible text, tags dropped and entities decoded, as a reader sees it. */
const text = (html: string): string =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Each standings row as [rank cell, player cell] text. */
const rankedRows = (html: string): [string, string][] =>
  [...html.matchAll(/<td class="rank">(.*?)<\/td><td class="player">(.*?)<\/td>/g)].map((m) => [text(m[1]!), text(m[2]!)]);

describe('the league page', () => {
  it('shows every name as text: no tag, quote or entity of a player’s or the league’s name reaches the markup', () => {
    const html = page();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;Cal&#39;');
    expect(html).toContain('<title>Autumn &lt;b&gt;League&lt;/b&gt; &amp; &quot;Friends&quot; — league standings</title>');
    expect(text(html)).toContain(HOSTILE_NAME);
    expect(text(html)).toContain('Late list <b>again</b>');
    // Every tag in the page is one of its own.
    const own = new Set(['html', 'head', 'meta', 'title', 'style', 'body', 'header', 'h1', 'h2', 'h3', 'p', 'span', 'time', 'nav', 'a', 'main', 'section', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'abbr', 'bdi', 'ol', 'ul', 'li', 'del']);
    const tags = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase());
    expect(tags.filter((tag) => !own.has(tag))).toEqual([]);
  });

  it('a name cannot forge the page’s placeholder for another name', () => {
    const names = new Map(LEAGUE_NAMES).set('ada', '\uE0001\uE001 and \uE0000\uE001');
    const html = page({ names });
    expect(html).toContain('<bdi>1 and 0</bdi> vs <bdi>Béatrice</bdi>');
  });

  it('lists the standings in order, every player once, dropped ones marked, with TP and a record', () => {
    const league = fixtureLeague();
    const html = page();
    const rows = rankedRows(html);
    expect(rows.map(([, player]) => player)).toEqual(standings(league).map((row) => (row.playerId === 'hal' ? 'Haldropped' : LEAGUE_NAMES.get(row.playerId))));
    expect(rows.map(([rank]) => rank)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(html).toMatch(/<tr class="dropped"><td class="rank">8<\/td><td class="player"><bdi>Hal<\/bdi><span class="tag">dropped<\/span>/);
    // Ada: three wins (round 2 as corrected), 5–3, 6–5, 8–2.
    expect(html).toMatch(/<bdi>Ada Quill<\/bdi><\/td><td class="num" data-label="TP">9<\/td><td class="num" data-label="VP diff.">\+9<\/td><td class="num" data-label="VP">19<\/td>.*?3 W · 0 D · 0 L/);
    // Ève had a bye in round 3; Dov a penalty.
    expect(text(html)).toContain('0 W · 0 D · 2 L · 1 bye');
    expect(text(html)).toContain('1 -1 TP adjustment');
    expect(text(html)).toContain('League open · 8 players · 3 rounds');
    expect(text(html)).toContain('Last updated November 28, 2026 at 06:30 AM UTC');
  });

  it('players equal on every tiebreak share a rank, marked as tied (1=, 1=, 3=, 3=)', () => {
    const league = leagueSchema.parse({
      seed: 'd4'.repeat(32),
      createdBy: 'a',
      players: ['a', 'b', 'c', 'd'].map((id) => ({ id })),
      rounds: [{ number: 1, tables: [{ players: ['a', 'b'] }, { players: ['c', 'd'] }] }],
      results: [
        { kind: 'played', round: 1, players: ['a', 'b'], vp: [5, 3] },
        { kind: 'played', round: 1, players: ['c', 'd'], vp: [5, 3] },
      ],
    });
    const names = new Map([['a', 'Ann'], ['b', 'Ben'], ['c', 'Cy'], ['d', 'Di']]);
    const html = page({ league, names });
    const rows = rankedRows(html);
    expect(rows.map(([rank]) => rank)).toEqual(['1=', '1=', '3=', '3=']);
    expect(rows.slice(0, 2).map(([, player]) => player).sort()).toEqual(['Ann', 'Cy']);
    expect(html).toContain('<abbr title="tied">=</abbr>');
    // A rank no one shares carries no mark.
    expect(rankedRows(page()).some(([rank]) => rank.includes('='))).toBe(false);
  });

  it('shows the organiser’s tiebreaks as columns in their order, and names all of them in the ranking sentence', () => {
    const league: League = { ...fixtureLeague(), settings: { ...fixtureLeague().settings, tiebreaks: ['tp', 'sos', 'headToHead', 'vpDiff', 'key'] } };
    const html = page({ league });
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['Rank', 'Player', 'TP', 'SoS', 'VP diff.', 'Record']);
    expect(text(html)).toContain(
      'Ranked by tournament points (TP), strength of schedule (SoS: the average TP of the opponents), head-to-head TP among the tied players, VP difference, and a tiebreak key drawn from the league’s seed.',
    );
  });

  it('shows each round, newest first: its tables with their result or “awaiting result”, its byes; a voided result struck', () => {
    const html = page();
    const rounds = [...html.matchAll(/<section class="round" id="round-(\d)">([\s\S]*?)<\/section>/g)];
    expect(rounds.map((m) => m[1])).toEqual(['3', '2', '1']);
    const round3 = rounds[0]![2]!;
    expect(text(round3)).toContain(`Table 1Ada Quill vs ${HOSTILE_NAME}8–2 VP`);
    expect(round3).toContain('<li class="voided"><span class="label">Table 2</span><span class="pair"><bdi>Fox &quot;the&quot; Hound</bdi> vs <bdi>Gus</bdi></span><span class="outcome"><del>4–1 VP</del> <span class="tag">voided</span>');
    expect(text(round3)).toContain('Table 3Béatrice vs Dov & Coawaiting result');
    expect(text(round3)).toContain('Bye: Ève');
    // A table's result in the table's order, whichever way round it was reported; the correction counts.
    expect(text(rounds[1]![2]!)).toContain('Table 1Ada Quill vs Fox "the" Hound6–5 VP');
    expect(text(rounds[1]![2]!)).toContain('Ève forfeits');
  });

  it('lists every result entered, newest first and numbered, a replaced one marked and a voided one struck', () => {
    const html = page();
    const results = html.slice(html.indexOf('<ol class="results" reversed>'), html.indexOf('</ol>', html.indexOf('<ol class="results"')));
    const items = [...results.matchAll(/<li value="(\d+)"( class="[^"]*")?>(.*?)<\/li>/g)];
    expect(items.map((m) => m[1])).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(items[0]![2]).toBe(' class="voided"');
    expect(items[0]![3]).toContain('<del>4–1 VP</del>');
    expect(items[1]![2]).toBe(' class="superseded"');
    expect(text(items[7]![3]!)).toBe('Round 2Ada Quill vs Fox "the" Hound3–5 VP replaced by a later entry');
    expect(text(items[3]![3]!)).toBe('Round 2Fox "the" Hound vs Ada Quill5–6 VP');
    expect(text(html)).toContain('Dov & Co: -1 TP from round 3 — Late list <b>again</b>');
  });

  it('reads in French, with <html lang="fr">, French numbers, words and elision', () => {
    const html = page({ locale: 'fr' });
    expect(html).toContain('<html lang="fr">');
    const words = text(html);
    for (const phrase of ['Ligue ouverte · 8 joueurs · 3 rondes', 'Mis à jour le 28 novembre 2026 à 06:30 UTC', 'Classement', 'Ronde 3', 'Table n° 3', 'Béatrice contre Dov & Co', 'résultat attendu', 'forfait d’Ève', 'Exempté : Ève', '3 V · 0 N · 0 D', 'remplacé par une entrée plus récente', 'annulé']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('data-label="FdC">3,33<');
    expect(words).not.toMatch(/awaiting|Standings|Round \d/);
  });

  it('says so when nothing happened yet, and shows a closed league as closed', () => {
    const empty = leagueSchema.parse({ seed: 'e5'.repeat(32), createdBy: 'a', status: 'closed' });
    const words = text(page({ league: empty }));
    expect(words).toContain('League closed · 0 players · 0 rounds');
    expect(words).toContain('No player has joined yet.');
    expect(words).toContain('No round has been paired yet.');
    expect(words).toContain('No result has been reported yet.');
  });

  it('a player without a display name is shown by id; an unknown time zone falls back to UTC', () => {
    const html = page({ names: new Map(), timeZone: 'Nowhere/Nothing' });
    expect(text(html)).toContain('Player ada vs Player bea');
    expect(text(html)).toContain('06:30 AM UTC');
    expect(text(page({ timeZone: 'Europe/Paris' }))).toMatch(/07:30 AM GMT\+1/);
  });

  it('its only style sheet is the one the Content-Security-Policy allows by hash, and nothing else may load or run', () => {
    const html = page();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    expect(LEAGUE_PAGE_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(LEAGUE_PAGE_CSP).toContain("default-src 'none'");
    expect(LEAGUE_PAGE_CSP).not.toMatch(/script-src|unsafe/);
    expect(html).not.toMatch(/ style="|<link|<img|<script|https?:\/\//);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('the not-found page, in English and French', () => {
    expect(text(renderLeagueNotFoundPage('en'))).toContain('League not found');
    const fr = renderLeagueNotFoundPage('fr');
    expect(fr).toContain('<html lang="fr">');
    expect(text(fr)).toContain('Ligue introuvable');
  });

  it('escapeHtml escapes the five characters that matter, in text and in quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
});

describe('GET /leagues/<id> on the HTTP server', () => {
  let server: Server;
  let base: string;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createInteractionsServer({
      publicKey: '00'.repeat(32),
      rest: createRest({ apiBase: 'http://127.0.0.1:9/api' }),
      handler: () => Promise.reject(new Error('no interaction is sent in this test')),
      log: () => undefined,
      leaguePage: async (leagueId) => {
        asked.push(leagueId);
        return leagueId === 'autumn-2026' ? { html: page() } : null;
      },
    });
    base = `http://127.0.0.1:${await listen(server, 0)}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('serves the page as UTF-8 HTML under a strict policy, cached briefly; HEAD sends the headers alone', async () => {
    const res = await fetch(leaguePageUrl(`${base}/`, 'autumn-2026'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(LEAGUE_PAGE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = await res.text();
    expect(body).toBe(page());
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));

    const head = await fetch(`${base}/leagues/autumn-2026`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(res.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('an unknown league is a 404 page in the visitor’s language, never cached', async () => {
    const res = await fetch(`${base}/leagues/no-such-league`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(LEAGUE_PAGE_CSP);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(renderLeagueNotFoundPage('fr'));
    expect(await (await fetch(`${base}/leagues/no-such-league`)).text()).toBe(renderLeagueNotFoundPage('en'));
  });

  it('an id that is not URL-safe or longer than 64 characters is a 404 without asking the loader', async () => {
    asked.length = 0;
    for (const path of ['/leagues/', `/leagues/${'a'.repeat(65)}`, '/leagues/autumn%2D2026', '/leagues/..%2Fetc', '/leagues/autumn-2026/', '/leagues/a.b', '/leagues/%3Cscript%3E']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    }
    expect(asked).toEqual([]);
    expect((await fetch(`${base}/leagues/${'a'.repeat(64)}`)).status).toBe(404);
    expect(asked).toEqual(['a'.repeat(64)]);
  });

  it('any other method is refused with 405 and the methods allowed, without asking the loader', async () => {
    asked.length = 0;
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${base}/leagues/autumn-2026`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
    expect(asked).toEqual([]);
  });

  it('a server given no leaguePage serves no league page', async () => {
    const bare = createInteractionsServer({ publicKey: '00'.repeat(32), rest: createRest({ apiBase: 'http://127.0.0.1:9/api' }), handler: () => Promise.reject(new Error('unused')), log: () => undefined });
    const url = `http://127.0.0.1:${await listen(bare, 0)}`;
    try {
      const res = await fetch(`${url}/leagues/autumn-2026`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json');
    } finally {
      bare.closeAllConnections();
      await new Promise<void>((resolve) => bare.close(() => resolve()));
    }
  });
});
