/**
 * The league's pictures and export files as Discord attachments: the standings picture (and the chart of
 * TP over the rounds once a round has gone out) with their alt texts, and the CSV or JSON export.
 */
import type { RawFile } from '@discordjs/rest';
import type { APIEmbed } from 'discord-api-types/v10';
import type { League } from '../../leagues/model.js';
import { pairingsPicture, standingsPicture, tpChartPicture } from '../../leagues/pictures.js';
import { leagueRatings } from '../../leagues/rating.js';
import { leagueJson, resultsCsv, standingsCsv } from '../../leagues/export.js';
import type { Translate } from '../../i18n/index.js';

const namesOf = (league: League): ReadonlyMap<string, string> => new Map(Object.entries(league.names));

export interface LeagueAttachments {
  files: RawFile[];
  attachments: { id: number; filename: string; description: string }[];
  /** The standings embed's image, and an embed of the chart when there is one. */
  image: Pick<APIEmbed, 'image'>;
  extraEmbeds: APIEmbed[];
  /** The ratings shown beside the standings, when the league keeps them. */
  ratings: ReadonlyMap<string, number> | undefined;
}

export async function leagueAttachments(t: Translate, league: League, afterRound: number): Promise<LeagueAttachments> {
  const names = namesOf(league);
  const ratings = league.settings.rating ? leagueRatings(league, afterRound) : undefined;
  const standings = await standingsPicture(league, names, t, { afterRound, ...(ratings ? { ratings } : {}) });
  const files: RawFile[] = [{ name: 'standings.png', data: standings.png, contentType: 'image/png' }];
  const attachments = [{ id: 0, filename: 'standings.png', description: standings.alt }];
  const extraEmbeds: APIEmbed[] = [];
  if (afterRound > 0) {
    const chart = await tpChartPicture({ ...league, rounds: league.rounds.filter((r) => r.number <= afterRound) }, names, t);
    files.push({ name: 'tp-chart.png', data: chart.png, contentType: 'image/png' });
    attachments.push({ id: 1, filename: 'tp-chart.png', description: chart.alt });
    extraEmbeds.push({ image: { url: 'attachment://tp-chart.png' }, color: 0xc9a227 });
  }
  return {
    files,
    attachments,
    image: { image: { url: 'attachment://standings.png' } },
    extraEmbeds,
    ratings: ratings ? new Map([...ratings].map(([id, r]) => [id, r.rating])) : undefined,
  };
}

/** A round's pairings picture, as the round's embed image. */
export async function roundAttachments(t: Translate, league: League, round: number): Promise<{ files: RawFile[]; attachments: { id: number; filename: string; description: string }[]; image: Pick<APIEmbed, 'image'> }> {
  const picture = await pairingsPicture(league, round, namesOf(league), t);
  const filename = `round-${round}.png`;
  return {
    files: [{ name: filename, data: picture.png, contentType: 'image/png' }],
    attachments: [{ id: 0, filename, description: picture.alt }],
    image: { image: { url: `attachment://${filename}` } },
  };
}

/** The export's files: standings and results as CSV, or the whole league as JSON. */
export function leagueExport(league: League, as: 'csv' | 'json'): RawFile[] {
  const names = namesOf(league);
  const slug = league.name.normalize('NFD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'league';
  if (as === 'json') return [{ name: `${slug}.json`, data: Buffer.from(leagueJson(league, names), 'utf8'), contentType: 'application/json' }];
  return [
    { name: `${slug}-standings.csv`, data: Buffer.from(standingsCsv(league, names), 'utf8'), contentType: 'text/csv' },
    { name: `${slug}-results.csv`, data: Buffer.from(resultsCsv(league, names), 'utf8'), contentType: 'text/csv' },
  ];
}
