/**
 * A league's read-only web page, rendered on the server as one self-contained HTML document: standings,
 * every round's tables and byes, and the results list (the league's audit trail). No script, no external
 * asset: one inline style sheet, allowed by its hash in LEAGUE_PAGE_CSP, so the page works under a policy
 * that runs nothing at all.
 *
 * Every name, the league's and the players', is the users' own text: it is escaped wherever it lands, and
 * wrapped in <bdi> so a right-to-left name cannot reorder the sentence around it. On a narrow screen the
 * standings table turns into one card per player (CSS only), so nothing scrolls sideways on a phone.
 */
import { createHash } from 'node:crypto';
import { translator, type Locale, type Params, type Translate, type MessageKey } from '../i18n/index.js';
import { initialSound } from '../i18n/elision.js';
import { currentResults, tableKey, type GameResult, type League, type PlayerId } from './model.js';
import type { Tiebreak } from './settings.js';
import { standings, type StandingRow } from './standings.js';

export interface LeaguePageInput {
  league: League;
  /** The league's name, as its organiser wrote it. */
  name: string;
  /** Display names by player id; a player without one is shown by id. */
  names: ReadonlyMap<PlayerId, string>;
  locale: Locale;
  /** When the league last changed, as the caller knows it: the page reads no clock. */
  updatedAt: Date;
  /** The IANA time zone the update time is shown in (default UTC; an unknown one falls back to UTC). */
  timeZone?: string;
}

const CSS = `:root{color-scheme:light dark;--fg:#1b1b1f;--muted:#585864;--bg:#fff;--line:#d9d9e0;--head:#f3f1f7;--accent:#5b2a8c;--ok:#16703a;--closed:#8a2b2b}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#a9a9b5;--bg:#16161a;--line:#34343c;--head:#211f27;--accent:#cfa8f5;--ok:#7fd69c;--closed:#f0a0a0}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main{max-width:56rem;margin:0 auto;padding:0 1rem}
main{padding-bottom:2rem}
h1{font-size:1.6rem;line-height:1.2;margin:1rem 0 .35rem}
h2{font-size:1.25rem;margin:1.75rem 0 .5rem;padding-bottom:.2rem;border-bottom:2px solid var(--line)}
h3{font-size:1.05rem;margin:1.25rem 0 .25rem}
h1,h2,h3,p,li,td{overflow-wrap:anywhere}
.meta,.note{color:var(--muted);margin:.25rem 0}
.status{font-weight:600;color:var(--ok)}
.status-closed{color:var(--closed)}
nav{margin:.5rem 0}
nav a{color:var(--accent);margin-right:1rem}
table{border-collapse:collapse;width:100%}
th,td{padding:.4rem .5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:baseline}
th{background:var(--head);font-size:.85rem}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.rank{font-weight:700;white-space:nowrap}
td.player{font-weight:600}
abbr{text-decoration:none}
.tag{display:inline-block;font-size:.75rem;font-weight:400;line-height:1.3;padding:0 .35em;margin-left:.35em;border:1px solid var(--line);border-radius:.3em;color:var(--muted)}
tr.dropped td{color:var(--muted)}
.tables,.results{list-style:none;padding:0;margin:0}
.tables li,.results li{display:flex;flex-wrap:wrap;gap:.1rem .75rem;padding:.4rem 0;border-bottom:1px solid var(--line)}
.label{color:var(--muted);min-width:5.5rem}
.pair{flex:1 1 12rem;min-width:0}
.outcome{margin-left:auto;font-variant-numeric:tabular-nums}
.awaiting .outcome{color:var(--muted);font-style:italic}
.voided .outcome,.superseded{color:var(--muted)}
del{text-decoration-thickness:2px}
@media (max-width:40rem){
.standings thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.standings,.standings tbody{display:block}
.standings tr{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1rem .9rem;padding:.5rem 0;border-bottom:1px solid var(--line)}
.standings td{display:block;border:0;padding:0}
.standings td.rank{min-width:2.5rem}
.standings td.player{flex:1 1 calc(100% - 4rem);min-width:0}
.standings td.num{font-size:.9rem;text-align:left}
.standings td.num::before{content:attr(data-label) "\\00a0";color:var(--muted)}
}`;

/** The policy the page is served with: nothing runs, nothing loads, only the page's own style sheet applies. */
export const LEAGUE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CSS, 'utf8').digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// Marks where a user's text goes in a formatted message, so the message is escaped first and the text
// put in afterwards, wrapped; private-use characters, removed from every text given, so none can forge one.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;
const MARKED = /\uE000(\d+)\uE001/g;

/**
 * A message as HTML: its words escaped, each of `userText` (names, reasons) escaped and isolated in
 * <bdi>; the French elision of a user's text still reads its first sound.
 */
function say(t: Translate, key: MessageKey, params: Params = {}, userText: Record<string, string> = {}): string {
  const values: Params = {};
  for (const [name, value] of Object.entries(params)) values[name] = typeof value === 'string' ? value.replace(MARKS, '') : value;
  const inserted: string[] = [];
  for (const [name, text] of Object.entries(userText)) {
    values[name] = `${MARK_OPEN}${inserted.length}${MARK_CLOSE}`;
    values[`${name}Sound`] ??= initialSound(text);
    inserted.push(`<bdi>${escapeHtml(text.replace(MARKS, ''))}</bdi>`);
  }
  return escapeHtml(t(key, values)).replace(MARKED, (_, index: string) => inserted[Number(index)] ?? '');
}

function htmlDocument(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The standings' columns after TP: the organiser's tiebreaks that have a value of their own per player. */
const STAT_COLUMNS: Partial<Record<Tiebreak, { label: MessageKey; value: (row: StandingRow, n: Numbers) => string }>> = {
  vpDiff: { label: 'leagueWeb.col.vpDiff', value: (row, n) => n.signed.format(row.vpDiff) },
  vpTotal: { label: 'leagueWeb.col.vpTotal', value: (row, n) => n.whole.format(row.vpTotal) },
  sos: { label: 'leagueWeb.col.sos', value: (row, n) => n.fraction.format(row.sos) },
};

interface Numbers {
  whole: Intl.NumberFormat;
  signed: Intl.NumberFormat;
  fraction: Intl.NumberFormat;
}

function numbersFor(locale: Locale): Numbers {
  return {
    whole: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    signed: new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
    fraction: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  };
}

function formatTime(locale: Locale, time: Date, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' }).format(time);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(time);
  }
}

export function renderLeaguePage(input: LeaguePageInput): string {
  const { league, locale } = input;
  const t = translator(locale);
  const n = numbersFor(locale);
  const nameOf = (id: PlayerId): string => input.names.get(id) ?? t('leagueWeb.unknownPlayer', { id });
  const versus = (players: readonly [PlayerId, PlayerId]): string => say(t, 'leagueWeb.versus', {}, { a: nameOf(players[0]), b: nameOf(players[1]) });

  /** A result in words, its VP in the order of `players` (a table's or the result's own). */
  const outcome = (result: GameResult, players: readonly [PlayerId, PlayerId]): string => {
    let text: string;
    if (result.kind === 'played') {
      const [vpA, vpB] = result.players[0] === players[0] ? result.vp : [result.vp[1], result.vp[0]];
      text = say(t, 'leagueWeb.result.played', { vpA, vpB });
    } else if (result.absent.length === 2) text = say(t, 'leagueWeb.result.bothAbsent');
    else text = say(t, 'leagueWeb.result.forfeit', {}, { name: nameOf(result.absent[0]!) });
    return result.voided ? `<del>${text}</del> <span class="tag">${say(t, 'leagueWeb.result.voided')}</span>` : text;
  };

  const rows = standings(league);
  const rankCounts = new Map<number, number>();
  for (const row of rows) rankCounts.set(row.rank, (rankCounts.get(row.rank) ?? 0) + 1);
  const statColumns = league.settings.tiebreaks.flatMap((tiebreak) => {
    const column = STAT_COLUMNS[tiebreak];
    return column ? [column] : [];
  });
  const cell = (label: string, value: string, extra = ''): string => `<td class="num${extra}" data-label="${label}">${value}</td>`;
  const tpLabel = say(t, 'leagueWeb.col.tp');
  const recordLabel = say(t, 'leagueWeb.col.record');
  const standingRows = rows.map((row) => {
    const tied = (rankCounts.get(row.rank) ?? 0) > 1 ? `<abbr title="${say(t, 'leagueWeb.tied')}">=</abbr>` : '';
    const dropped = row.dropped ? `<span class="tag">${say(t, 'leagueWeb.dropped')}</span>` : '';
    const adjusted = row.adjustmentTp !== 0 ? ` <span class="tag">${say(t, 'leagueWeb.adjustmentTp', { tp: n.signed.format(row.adjustmentTp) })}</span>` : '';
    const record = say(t, 'leagueWeb.record', { wins: row.wins, draws: row.draws, losses: row.losses }) + (row.byes ? ` · ${say(t, 'leagueWeb.record.byes', { count: row.byes })}` : '');
    return `<tr${row.dropped ? ' class="dropped"' : ''}><td class="rank">${row.rank}${tied}</td><td class="player"><bdi>${escapeHtml(nameOf(row.playerId))}</bdi>${dropped}</td>${cell(tpLabel, n.whole.format(row.tp) + adjusted)}${statColumns
      .map((column) => cell(say(t, column.label), column.value(row, n)))
      .join('')}${cell(recordLabel, record, ' record')}</tr>`;
  });
  const criteria = new Intl.ListFormat(locale, { type: 'conjunction' }).format(league.settings.tiebreaks.map((tiebreak) => t(`leagueWeb.criterion.${tiebreak}`)));
  const standingsHtml = rows.length
    ? `<p class="note">${say(t, 'leagueWeb.rankedBy', { criteria })}</p>
<table class="standings">
<thead><tr><th scope="col">${say(t, 'leagueWeb.col.rank')}</th><th scope="col">${say(t, 'leagueWeb.col.player')}</th><th scope="col" class="num">${tpLabel}</th>${statColumns
        .map((column) => `<th scope="col" class="num">${say(t, column.label)}</th>`)
        .join('')}<th scope="col" class="num">${recordLabel}</th></tr></thead>
<tbody>
${standingRows.join('\n')}
</tbody>
</table>`
    : `<p class="note">${say(t, 'leagueWeb.standings.none')}</p>`;

  const current = currentResults(league);
  const rounds = [...league.rounds].sort((a, b) => b.number - a.number);
  const roundsHtml = rounds.length
    ? rounds
        .map((round) => {
          const tables = round.tables.map((table, index) => {
            const result = current.get(tableKey(round.number, table.players));
            const state = result ? (result.voided ? ' class="voided"' : '') : ' class="awaiting"';
            const shown = result ? outcome(result, table.players) : say(t, 'leagueWeb.result.awaiting');
            return `<li${state}><span class="label">${say(t, 'leagueWeb.table', { number: index + 1 })}</span><span class="pair">${versus(table.players)}</span><span class="outcome">${shown}</span></li>`;
          });
          const byes = round.byes.length
            ? `<p class="byes">${say(t, 'leagueWeb.byes', { count: round.byes.length }, { names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(round.byes.map(nameOf)) })}</p>`
            : '';
          return `<section class="round" id="round-${round.number}">
<h3>${say(t, 'leagueWeb.round', { number: round.number })}</h3>
<ol class="tables">
${tables.join('\n')}
</ol>
${byes}</section>`;
        })
        .join('\n')
    : `<p class="note">${say(t, 'leagueWeb.rounds.none')}</p>`;

  const entries = league.results.map((result, index) => {
    const superseded = current.get(tableKey(result.round, result.players)) !== result;
    const classes = [result.voided ? 'voided' : '', superseded ? 'superseded' : ''].filter(Boolean).join(' ');
    return `<li value="${index + 1}"${classes ? ` class="${classes}"` : ''}><span class="label">${say(t, 'leagueWeb.round', { number: result.round })}</span><span class="pair">${versus(result.players)}</span><span class="outcome">${outcome(result, result.players)}${
      superseded ? ` <span class="tag">${say(t, 'leagueWeb.results.superseded')}</span>` : ''
    }</span></li>`;
  });
  const resultsHtml = entries.length
    ? `<p class="note">${say(t, 'leagueWeb.results.order')}</p>
<ol class="results" reversed>
${entries.reverse().join('\n')}
</ol>`
    : `<p class="note">${say(t, 'leagueWeb.results.none')}</p>`;

  const adjustmentsHtml = league.adjustments.length
    ? `<h3>${say(t, 'leagueWeb.adjustments')}</h3>
<ul class="adjustments">
${league.adjustments
  .map(
    (adjustment) =>
      `<li>${say(t, 'leagueWeb.adjustments.entry', { tp: n.signed.format(adjustment.tp), start: adjustment.round === 0 ? 'yes' : 'no', round: adjustment.round }, { name: nameOf(adjustment.playerId), reason: adjustment.reason })}</li>`,
  )
  .join('\n')}
</ul>`
    : '';

  const status = league.status === 'open' ? say(t, 'leagueWeb.status.open') : say(t, 'leagueWeb.status.closed');
  const body = `<header>
<h1><bdi>${escapeHtml(input.name)}</bdi></h1>
<p class="meta"><span class="status status-${league.status}">${status}</span> · ${say(t, 'leagueWeb.players', { count: league.players.length })} · ${say(t, 'leagueWeb.roundCount', {
    count: league.rounds.length,
  })}</p>
<p class="meta"><time datetime="${escapeHtml(input.updatedAt.toISOString())}">${say(t, 'leagueWeb.updated', { time: formatTime(locale, input.updatedAt, input.timeZone) })}</time></p>
<nav aria-label="${say(t, 'leagueWeb.nav')}"><a href="#standings">${say(t, 'leagueWeb.standings')}</a><a href="#rounds">${say(t, 'leagueWeb.rounds')}</a><a href="#results">${say(t, 'leagueWeb.results')}</a></nav>
</header>
<main>
<section id="standings">
<h2>${say(t, 'leagueWeb.standings')}</h2>
${standingsHtml}
</section>
<section id="rounds">
<h2>${say(t, 'leagueWeb.rounds')}</h2>
${roundsHtml}
</section>
<section id="results">
<h2>${say(t, 'leagueWeb.results')}</h2>
${resultsHtml}
${adjustmentsHtml}
</section>
</main>`;
  return htmlDocument(locale, t('leagueWeb.title', { name: input.name }), body);
}

/** The page for an address that names no league (served with 404). */
export function renderLeagueNotFoundPage(locale: Locale): string {
  const t = translator(locale);
  return htmlDocument(
    locale,
    t('leagueWeb.notFound.title'),
    `<main>
<h1>${say(t, 'leagueWeb.notFound.title')}</h1>
<p>${say(t, 'leagueWeb.notFound.body')}</p>
</main>`,
  );
}
