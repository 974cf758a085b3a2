/**
 * An action in a few words, for an undo and its request: "Bob's soulstone on the damage flip". An action is
 * one command's events, and its first event is the command's own (decide emits it before the procedure's
 * automatic steps), so that event names it; players read words, never event names or counts.
 */
import type { Translate } from '../../../i18n/index.js';
import { card, cards } from './cards.js';
import type { PublicEvent, SeatNames } from './events.js';

const label = (text: string | null | undefined): string => (text ? ` (${text})` : '');

export function describeAction(t: Translate, names: SeatNames, events: readonly PublicEvent[], author: string | null): string {
  const first = events[0];
  const name = (seat: 0 | 1) => `**${names[seat]}**`;
  const fallback = author ? t('undo.what.lastOf', { name: `**${author}**` }) : t('undo.what.last');
  if (!first) return fallback;
  switch (first.type) {
    case 'FlipStarted':
      return t('undo.what.flip', { name: name(first.seat), label: label(first.label) });
    case 'DuelStarted': {
      const [a, d] = first.sides;
      if (!a) return fallback;
      if (first.opposed && d) return t('undo.what.opposedDuel', { name: name(a.seat), other: name(d.seat), label: label(first.label) });
      return t('undo.what.simpleDuel', { name: name(a.seat), label: label(first.label) });
    }
    case 'DamageFlipStarted':
      return t(Array.isArray(first.damage.profile) ? 'undo.what.damageFlip' : 'undo.what.fixedDamage', { name: name(first.initiator), target: name(first.damage.target), label: label(first.label) });
    case 'SoulstonesSet':
      return t('undo.what.soulstonesSet', { name: name(first.seat), count: first.count });
    case 'CardsDrawn':
      return t('undo.what.draw', { name: name(first.seat), count: 'cards' in first ? first.cards.length : first.count });
    case 'CardsDiscarded':
      return first.reason === 'handLimit' ? t('undo.what.discardDown', { name: name(first.seat) }) : t('undo.what.discard', { name: name(first.seat), cards: cards(first.cards) });
    case 'CardsRevealed':
      return t('undo.what.reveal', { name: name(first.seat), cards: cards(first.cards) });
    case 'SoulstoneUsed':
      return t(`undo.what.soulstone.${first.purpose}`, { name: name(first.seat) });
    case 'SoulstoneDeclined':
      return t('undo.what.noSoulstone', { name: name(first.seat) });
    case 'DuelYieldDecided':
      return t(first.yielded ? 'undo.what.yield' : 'undo.what.fight', { name: name(first.seat) });
    case 'FlipCardChosen':
      return t('undo.what.pick', { name: name(first.seat), card: card(first.card), slot: t(`slot.${first.slot}`) });
    case 'FateCheated':
      return t('undo.what.cheat', { name: name(first.seat), card: card(first.card), slot: t(`slot.${first.slot}`) });
    case 'CheatDeclined':
      return t('undo.what.noCheat', { name: name(first.seat), slot: t(`slot.${first.slot}`) });
    case 'RedJokerSuitChosen':
      return t('undo.what.redJokerSuit', { name: name(first.seat) });
    case 'TriggerDeclared':
      return first.trigger ? t('undo.what.trigger', { name: name(first.seat), trigger: first.trigger }) : t('undo.what.noTrigger', { name: name(first.seat) });
    case 'TriggerCostPaid':
      return t('undo.what.triggerCost', { name: name(first.seat), trigger: first.trigger });
    case 'FlipDiscardedForReflip':
      return t('undo.what.reflip', { name: name(first.seat), slot: t(`slot.${first.slot}`) });
    case 'ResolutionCancelled':
      return t('undo.what.cancel');
    default:
      return fallback;
  }
}
