/**
 * /help for Malifaux at the table: the steps of a first duel with this system's own commands, and hints
 * for whoever is stuck, read from the views — where to answer a decision that waits for them, what to do
 * with an empty hand or an empty soulstone pool (games start at 0).
 */
import type { PrivateView, PublicView } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import type { Guide } from '../../contract.js';
import { describeDecision } from './prompts.js';

export function guide(t: Translate): Guide {
  return { steps: [t('guide.soulstones'), t('guide.draw'), t('guide.duel'), t('guide.decide')] };
}

/** What the asker may do next, most pressing first. `mine` is their seat's private view, null for a spectator. */
export function hints(t: Translate, view: PublicView, mine: PrivateView | null): string[] {
  if (view.status === 'new') return [];
  if (view.status === 'ended') return [t('hint.ended')];
  const pending = view.pending;
  const seat = mine && mine.status !== 'new' ? mine.viewer : null;
  const lines: string[] = [];
  if (pending) {
    const decision = describeDecision(t, pending);
    lines.push(pending.seat === seat ? t('hint.yourDecision', { decision }) : t('hint.waitingFor', { name: `<@${view.seats[pending.seat].userId}>`, decision }));
  }
  if (seat === null || !mine || mine.status === 'new') return [...lines, t('hint.spectator')];
  if (mine.hand.length === 0) lines.push(t('hint.emptyHand'));
  if (view.seats[seat].soulstones === 0) lines.push(t('hint.noSoulstones'));
  if (lines.length === 0) lines.push(t('hint.ready', { name: `<@${view.seats[seat === 0 ? 1 : 0].userId}>` }));
  return lines;
}
