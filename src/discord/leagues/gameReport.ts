/**
 * A game that has just ended reports itself to its league (app/leagues.ts), and the channel is told
 * what became of it: recorded in which round, or why the league could not take it.
 */
import { reportFinishedGame } from '../../app/leagues.js';
import { describeProblem } from '../replies.js';
import { publicTranslator } from '../publicLanguage.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { Scope } from '../play/scope.js';
import { nameOf } from './messages.js';
import type { Outcome as GameOutcome } from '../../systems/contract.js';

const sameResult = (a: GameOutcome, b: GameOutcome): boolean =>
  a.finished && b.finished ? a.how === b.how && a.seats.every((s, i) => s.vp === b.seats[i]?.vp && s.result === b.seats[i]?.result) : a.finished === b.finished;

/**
 * `outcome`: an action's result — the game after it, the state before it and the action's events
 * (play/deliveries.ts's Outcome). A correction is the asker's: the referee whose /score correct it was.
 */
export async function reportToLeague(scope: Scope, outcome: { game: LoadedGame; before: LoadedGame['state']; events: readonly { type: string }[] }): Promise<void> {
  const { system, state, stored } = outcome.game;
  // The action that ended the game reports it; after the end, only a change of its result (a referee's
  // correction) reports again. Never a game still going.
  if (system.phase(state) !== 'ended') return;
  const corrected = system.phase(outcome.before) === 'ended';
  const result = system.outcome(state);
  if (corrected && sameResult(system.outcome(outcome.before), result)) return;
  const correction = corrected ? { by: scope.asker.id, reason: system.correctionReason?.(outcome.events) ?? null } : null;
  const report = await reportFinishedGame(scope.services, outcome.game, result, correction);
  if (report.kind === 'none') return;
  const t = await publicTranslator(scope, stored.guildId);
  const league = report.league.league;
  if (report.kind === 'refused') {
    await scope.services.outbox.postToChannel(stored.channelId, { content: t('league.game.refused', { league: league.name, reason: describeProblem(t, report.problem) }), allowed_mentions: { parse: [] } });
    return;
  }
  const recorded = league.results.at(-1)!;
  const [a, b] = recorded.players;
  const vp: readonly [number, number] = recorded.kind === 'played' ? recorded.vp : [0, 0];
  await scope.services.outbox.postToChannel(stored.channelId, {
    content: t(report.corrected ? 'league.game.corrected' : 'league.game.recorded', { league: league.name, round: report.round, a: nameOf(league, a), b: nameOf(league, b), vpA: vp[0], vpB: vp[1] }),
    allowed_mentions: { parse: [] },
  });
}
