/**
 * What a league looks like in Discord: its standings, a round's tables, a report waiting for its answer,
 * the audit log — built from the league as data and a translator, never from the store or the client.
 */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponentWithCustomId, type APIEmbed } from 'discord-api-types/v10';
import { currentResults, tableKey, type GameResult, type League, type Report, type Round } from '../../leagues/model.js';
import { standings, type StandingRow } from '../../leagues/standings.js';
import { byeTp, type Tiebreak } from '../../leagues/settings.js';
import type { LeagueEvent } from '../../leagues/decider.js';
import type { LeagueLogEntry } from '../../app/leagues.js';
import type { Translate } from '../../i18n/index.js';

/** A league's colours: gold for standings, blue for rounds, amber for what waits on someone. */
export const LEAGUE_COLORS = { standings: 0xc9a227, round: 0x3b82f6, waiting: 0xf59e0b, settled: 0x22c55e } as const;

/** Lines of standings in a message; the picture and the web page show everyone. */
const MAX_ROWS = 24;

/** A number with its sign always written (+3, −2, 0), as TP and VP differences read. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export function nameOf(league: League, id: string): string {
  return league.names[id] ?? id;
}

export function tiebreakNames(t: Translate, order: readonly Tiebreak[]): string {
  return order.map((tb) => t(`league.tiebreak.${tb}`)).join(' → ');
}

export function formatOf(t: Translate, league: League): string {
  const { format, roundMinutes } = league.settings;
  if (format === 'season') return t('league.format.season');
  return roundMinutes === null ? t('league.format.eventOpen') : t('league.format.event', { minutes: roundMinutes });
}

export function settingsLine(t: Translate, league: League): string {
  const s = league.settings;
  return t('league.settings', {
    win: s.points.win,
    draw: s.points.draw,
    loss: s.points.loss,
    byeTp: byeTp(s),
    byeVp: s.bye.vp,
    byeDiff: signed(s.bye.vpDiff),
    forfeitWin: s.forfeit.winnerVp,
    forfeitLoss: s.forfeit.loserVp,
    tiebreaks: tiebreakNames(t, s.tiebreaks),
    missing: t(`league.missing.${s.missingResults}`),
    maxVp: s.maxVp,
    format: formatOf(t, league),
  });
}

/** The figure of one tiebreak for a row, as the standings show it. */
function tiebreakFigure(row: StandingRow, tiebreak: Tiebreak): string | null {
  switch (tiebreak) {
    case 'vpDiff':
      return signed(row.vpDiff);
    case 'vpTotal':
      return `${row.vpTotal}`;
    case 'sos':
      return row.sos.toFixed(2);
    case 'tp':
    case 'headToHead':
    case 'key':
      return null;
  }
}

export function standingsEmbed(t: Translate, league: League, options: { afterRound?: number; ratings?: ReadonlyMap<string, number>; webUrl?: string | null } = {}): APIEmbed {
  const afterRound = options.afterRound ?? league.rounds.length;
  const rows = standings(league, afterRound);
  const lines = rows.slice(0, MAX_ROWS).map((row) => {
    const figures = league.settings.tiebreaks
      .map((tb) => {
        const figure = tiebreakFigure(row, tb);
        return figure === null ? null : `${t(`league.tiebreak.${tb}`)} ${figure}`;
      })
      .filter((f): f is string => f !== null);
    const rating = options.ratings?.get(row.playerId);
    // A bye scores TP with no game in the record: said, or "W-D-L 0-0-0" would not add up to the TP.
    const byes = row.byes > 0 ? t('league.standings.byes', { count: row.byes }) : '';
    const extra = `${figures.length ? ` · ${figures.join(' · ')}` : ''}${byes}${rating === undefined ? '' : t('league.standings.rating', { rating })}${row.dropped ? t('league.standings.dropped') : ''}`;
    return t('league.standings.row', {
      rank: row.rank,
      name: nameOf(league, row.playerId),
      tp: row.tp,
      record: t('league.standings.record', { wins: row.wins, draws: row.draws, losses: row.losses }),
      extra,
    });
  });
  if (rows.length > MAX_ROWS) lines.push(t('league.standings.more', { count: rows.length - MAX_ROWS }));
  if (rows.length === 0) lines.push(t('league.standings.empty'));
  if (options.webUrl) lines.push('', t('league.standings.web', { url: options.webUrl }));
  return {
    title: afterRound === 0 ? t('league.standings.titleStart', { league: league.name }) : t('league.standings.title', { league: league.name, round: afterRound }),
    description: lines.join('\n'),
    color: LEAGUE_COLORS.standings,
    footer: { text: tiebreakNames(t, league.settings.tiebreaks) },
  };
}

function tableLine(t: Translate, league: League, round: Round, index: number, result: GameResult | undefined): string {
  const [a, b] = round.tables[index]!.players;
  const names = { table: index + 1, a: nameOf(league, a), b: nameOf(league, b) };
  const rematch = (round.rematches ?? []).some((pair) => tableKey(0, pair) === tableKey(0, [a, b])) ? ` ${t('league.round.rematchFlag')}` : '';
  if (!result) return t('league.round.table', names) + rematch;
  if (result.voided) return t('league.round.tableVoided', names);
  if (result.kind === 'forfeit') return t('league.round.tableForfeit', { ...names, absent: result.absent.map((id) => nameOf(league, id)).join(', ') });
  // The result may be written either way round: show it in the table's order.
  const vp = result.players[0] === a ? result.vp : ([result.vp[1], result.vp[0]] as const);
  return t('league.round.tableResult', { ...names, vpA: vp[0], vpB: vp[1] });
}

export function roundEmbed(t: Translate, league: League, roundNumber: number = league.rounds.length): APIEmbed {
  const round = league.rounds.find((r) => r.number === roundNumber);
  if (!round) return { title: league.name, description: t('league.round.none'), color: LEAGUE_COLORS.round };
  const results = currentResults(league);
  const lines = round.tables.map((table, i) => tableLine(t, league, round, i, results.get(tableKey(round.number, table.players))));
  for (const id of round.byes) lines.push(t('league.round.bye', { name: nameOf(league, id) }));
  const notes: string[] = [];
  if (round.endsAt) notes.push(t('league.round.endsAt', { time: `<t:${Math.floor(Date.parse(round.endsAt) / 1000)}:t>` }));
  if (round.encounter) notes.push(t('league.round.encounter', { code: round.encounter, league: league.name }));
  // Once every table has its result, nothing is left to report.
  const open = round.tables.some((table) => !results.has(tableKey(round.number, table.players)));
  if (round.number === league.rounds.length && league.status === 'open' && open) notes.push(t('league.round.report'));
  return { title: t('league.round.title', { league: league.name, round: round.number }), description: [...lines, ...(notes.length ? ['', ...notes] : [])].join('\n'), color: LEAGUE_COLORS.round };
}

type ButtonRow = APIActionRowComponent<APIButtonComponentWithCustomId>;

function button(label: string, customId: string, style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style, custom_id: customId, label };
}

/** The report's custom ids: `fk:lgrep:<leagueId>:<reportId>:<confirm|dispute|withdraw>`. */
export const REPORT_PREFIX = 'lgrep';
export const DISPUTE_MODAL_PREFIX = 'lgdis';
export const PUBLISH_PREFIX = 'lgpair';

export function reportButtons(t: Translate, leagueId: string, reportId: number): ButtonRow {
  const id = (answer: string) => `fk:${REPORT_PREFIX}:${leagueId}:${reportId}:${answer}`;
  return {
    type: ComponentType.ActionRow,
    components: [
      button(t('league.report.confirm'), id('confirm'), ButtonStyle.Success),
      button(t('league.report.dispute'), id('dispute'), ButtonStyle.Danger),
      button(t('league.report.withdraw'), id('withdraw'), ButtonStyle.Secondary),
    ],
  };
}

export function reportEmbed(t: Translate, league: League, report: Report, status: string | null): APIEmbed {
  const [a, b] = report.players;
  const body = t('league.report.body', { a: nameOf(league, a), b: nameOf(league, b), vpA: report.vp[0], vpB: report.vp[1], opponent: `<@${b}>` });
  return {
    title: t('league.report.title', { league: league.name, round: report.round }),
    description: status ? `${body}\n\n${status}` : body,
    color: status ? LEAGUE_COLORS.settled : LEAGUE_COLORS.waiting,
  };
}

/** A result as a short line ("A 6–2 B", a forfeit, a void) for the log and replies. */
export function resultText(t: Translate, league: League, result: GameResult): string {
  const [a, b] = result.players;
  const names = { a: nameOf(league, a), b: nameOf(league, b) };
  if (result.voided) return t('league.log.voided', names);
  if (result.kind === 'forfeit') return t('league.log.forfeit', names);
  return `${names.a} ${result.vp[0]}–${result.vp[1]} ${names.b}`;
}

function logWhat(t: Translate, league: League, event: LeagueEvent): string {
  const key = `league.log.${event.type}` as const;
  switch (event.type) {
    case 'PlayerJoined':
    case 'PlayerRemoved':
      return t(key, { name: nameOf(league, event.playerId) });
    case 'PlayerDropped':
      return t(key, { name: nameOf(league, event.playerId), round: event.afterRound });
    case 'RoundPaired':
    case 'RoundPairedAgain':
      return t(key, { round: event.round.number });
    case 'PairingChanged':
    case 'EncounterFixed':
      return t(key, { round: event.round });
    case 'ResultReported':
      return t(key, { round: event.report.round, a: nameOf(league, event.report.players[0]), b: nameOf(league, event.report.players[1]), vpA: event.report.vp[0], vpB: event.report.vp[1] });
    case 'ReportDisputed':
      return t(key, { id: event.reportId, reason: event.reason });
    case 'ReportClosed':
      return t(key, { id: event.reportId, how: event.how });
    case 'ResultRecorded':
      return t(key, { round: event.result.round, result: resultText(t, league, event.result), reason: event.reason ? ` — ${event.reason}` : '' });
    case 'TpAdjusted':
      return t(key, { tp: signed(event.adjustment.tp), name: nameOf(league, event.adjustment.playerId), reason: event.adjustment.reason });
    case 'LeagueCreated':
    case 'SettingsChanged':
    case 'OrganiserRoleSet':
    case 'LeagueClosed':
      return t(key);
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The audit log, newest last, each entry with who and when (Discord timestamps: each reader's own time zone). */
export function logLines(t: Translate, league: League, entries: readonly LeagueLogEntry[]): string[] {
  return entries.map((entry) =>
    t('league.log.line', {
      seq: entry.seq,
      time: `<t:${Math.floor(entry.at.getTime() / 1000)}:f>`,
      who: entry.actor === null ? t('league.log.bot') : `<@${entry.actor}>`,
      what: logWhat(t, league, entry.event),
    }),
  );
}
