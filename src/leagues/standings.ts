/**
 * The standings after any round: tournament points, VP difference and total, strength of schedule,
 * head-to-head and a final deterministic key, ordered by the organiser's list of tiebreaks.
 *
 * - A game gives TP by the settings (win/draw/loss), its VP to the VP total and mine − theirs to the VP
 *   difference. A forfeit scores the configured VP (the one who showed wins). A bye scores the settings'
 *   bye (by default a win). Bonus or penalty TP count from their round on. Voided results count for nothing.
 * - Strength of schedule (SoS) is the average TP of the opponents of every game (forfeits included: the
 *   players were paired), with each opponent's TP as it stands after the same round, dropped or not.
 * - Head-to-head only means something among players still tied: it is the TP each earned in games
 *   against the others of the same tied group (a mini-league), so a three-way tie is settled too.
 * - The key is SHA-256 of the league's seed and the player's id: deterministic and verifiable, and it
 *   favours nobody by name or join order.
 * Players equal on every listed tiebreak share a rank (1, 2, 2, 4); they are still listed in key order.
 */
import { createHash } from 'node:crypto';
import { currentResults, type GameResult, type League, type PlayerId } from './model.js';
import { byeTp, type Tiebreak } from './settings.js';

export interface StandingRow {
  rank: number;
  playerId: PlayerId;
  tp: number;
  vpDiff: number;
  vpTotal: number;
  /** Average opponent TP (0 with no opponent yet); `sosTotal / sosGames` exactly. */
  sos: number;
  sosTotal: number;
  sosGames: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Bonus minus penalty TP, already inside `tp`. */
  adjustmentTp: number;
  dropped: boolean;
  key: string;
}

interface Game {
  round: number;
  me: PlayerId;
  opponent: PlayerId;
  tp: number;
  vp: number;
  vpDiff: number;
  outcome: 'win' | 'draw' | 'loss';
}

/** What each of a result's two players scored (none for a voided result). */
function gamesOf(result: GameResult, league: League): Game[] {
  if (result.voided) return [];
  const { points, forfeit } = league.settings;
  const [a, b] = result.players;
  let vp: [number, number];
  let outcome: ['win' | 'draw' | 'loss', 'win' | 'draw' | 'loss'];
  if (result.kind === 'played') {
    vp = result.vp;
    outcome = vp[0] > vp[1] ? ['win', 'loss'] : vp[0] < vp[1] ? ['loss', 'win'] : ['draw', 'draw'];
  } else {
    const absent = [result.absent.includes(a), result.absent.includes(b)];
    vp = [absent[0] ? forfeit.loserVp : forfeit.winnerVp, absent[1] ? forfeit.loserVp : forfeit.winnerVp];
    outcome = [absent[0] ? 'loss' : 'win', absent[1] ? 'loss' : 'win'];
  }
  return [
    { round: result.round, me: a, opponent: b, tp: points[outcome[0]], vp: vp[0], vpDiff: vp[0] - vp[1], outcome: outcome[0] },
    { round: result.round, me: b, opponent: a, tp: points[outcome[1]], vp: vp[1], vpDiff: vp[1] - vp[0], outcome: outcome[1] },
  ];
}

export function tiebreakKey(seed: string, playerId: string): string {
  return createHash('sha256').update(`fatekeeper/league-key/${seed}/${playerId}`, 'utf8').digest('hex');
}

/** Best first; 0 when equal. Head-to-head needs the tied group, so it is compared through `h2h`. */
function compareBy(tiebreak: Tiebreak, a: StandingRow, b: StandingRow, h2h: Map<PlayerId, number>): number {
  switch (tiebreak) {
    case 'tp':
      return b.tp - a.tp;
    case 'vpDiff':
      return b.vpDiff - a.vpDiff;
    case 'vpTotal':
      return b.vpTotal - a.vpTotal;
    case 'sos':
      // Exact: compare the fractions crosswise rather than their rounded quotients.
      return b.sosTotal * Math.max(1, a.sosGames) - a.sosTotal * Math.max(1, b.sosGames);
    case 'headToHead':
      return (h2h.get(b.playerId) ?? 0) - (h2h.get(a.playerId) ?? 0);
    case 'key':
      return byKey(a, b);
  }
}

function byKey(a: StandingRow, b: StandingRow): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * The standings after round `afterRound` (default: the last round that went out), every player of the
 * league listed, dropped ones included (marked).
 */
export function standings(league: League, afterRound: number = league.rounds.length, order: readonly Tiebreak[] = league.settings.tiebreaks): StandingRow[] {
  const rows = new Map<PlayerId, StandingRow>();
  for (const player of league.players) {
    rows.set(player.id, {
      rank: 0,
      playerId: player.id,
      tp: 0,
      vpDiff: 0,
      vpTotal: 0,
      sos: 0,
      sosTotal: 0,
      sosGames: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      byes: 0,
      adjustmentTp: 0,
      dropped: player.droppedAfterRound !== null && player.droppedAfterRound <= afterRound,
      key: tiebreakKey(league.seed, player.id),
    });
  }

  const games: Game[] = [];
  for (const result of currentResults(league).values()) {
    if (result.round > afterRound) continue;
    for (const game of gamesOf(result, league)) if (rows.has(game.me)) games.push(game);
  }
  for (const game of games) {
    const row = rows.get(game.me)!;
    row.tp += game.tp;
    row.vpTotal += game.vp;
    row.vpDiff += game.vpDiff;
    row[game.outcome === 'win' ? 'wins' : game.outcome === 'draw' ? 'draws' : 'losses']++;
  }
  const { bye } = league.settings;
  for (const round of league.rounds) {
    if (round.number > afterRound) continue;
    for (const id of round.byes) {
      const row = rows.get(id);
      if (!row) continue;
      row.tp += byeTp(league.settings);
      row.vpTotal += bye.vp;
      row.vpDiff += bye.vpDiff;
      row.byes++;
    }
  }
  for (const adjustment of league.adjustments) {
    const row = rows.get(adjustment.playerId);
    if (!row || adjustment.round > afterRound) continue;
    row.tp += adjustment.tp;
    row.adjustmentTp += adjustment.tp;
  }
  // SoS needs every player's final TP first.
  for (const game of games) {
    const row = rows.get(game.me)!;
    row.sosTotal += rows.get(game.opponent)?.tp ?? 0;
    row.sosGames++;
  }
  for (const row of rows.values()) row.sos = row.sosGames ? row.sosTotal / row.sosGames : 0;

  if (rows.size === 0) return [];
  // Split the field group by group, one tiebreak at a time, so head-to-head sees the group still tied.
  let groups: StandingRow[][] = [[...rows.values()]];
  for (const tiebreak of order) {
    const next: StandingRow[][] = [];
    for (const group of groups) {
      if (group.length === 1) {
        next.push(group);
        continue;
      }
      const h2h = new Map<PlayerId, number>();
      if (tiebreak === 'headToHead') {
        const members = new Set(group.map((r) => r.playerId));
        for (const game of games) if (members.has(game.me) && members.has(game.opponent)) h2h.set(game.me, (h2h.get(game.me) ?? 0) + game.tp);
      }
      const sorted = [...group].sort((a, b) => compareBy(tiebreak, a, b, h2h));
      let current: StandingRow[] = [sorted[0]!];
      for (const row of sorted.slice(1)) {
        if (compareBy(tiebreak, current[0]!, row, h2h) === 0) current.push(row);
        else {
          next.push(current);
          current = [row];
        }
      }
      next.push(current);
    }
    groups = next;
  }

  const table: StandingRow[] = [];
  for (const group of groups) {
    const rank = table.length + 1;
    for (const row of group.sort(byKey)) table.push({ ...row, rank });
  }
  return table;
}
