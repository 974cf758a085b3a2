/**
 * What the bot's HTTP server answers for a league's page (`/leagues/<id>`): the league as stored, in its
 * server's language. Read-only: the page changes nothing and shows nothing the standings do not.
 */
import { serverLanguage } from '../../app/languages.js';
import { loadLeague } from '../../app/leagues.js';
import { renderLeaguePage } from '../../leagues/webPage.js';
import type { Services } from '../services.js';

export function leaguePageLoader(services: Pick<Services, 'store' | 'languages'>): (leagueId: string) => Promise<{ html: string } | null> {
  return async (leagueId) => {
    const loaded = await loadLeague(services, leagueId);
    if (!loaded.ok) return null;
    const { stored, league } = loaded.league;
    const locale = serverLanguage(await services.languages.ofServer(stored.guildId), null);
    return { html: renderLeaguePage({ league, name: league.name, names: new Map(Object.entries(league.names)), locale, updatedAt: stored.updatedAt }) };
  };
}
