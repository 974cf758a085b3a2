/** Engine state → picture models for src/render, with every word localized here (the renderer holds none). */
import type { DamageResolution, DuelResolution, FlipResolution, FlipState, GameState } from '../../engine/index.js';
import type { SeatNames } from './events.js';
import { band, cardValue, type CardCode } from '../../engine/cards.js';
import type { Translate } from '../../i18n/index.js';
import type { DuelLabels, DuelPicture, DuelSidePicture, FlipPicture, HandPicture } from '../../render/index.js';

function bands(t: Translate) {
  return { weak: t('band.weak'), moderate: t('band.moderate'), severe: t('band.severe') };
}

export function duelLabels(t: Translate): DuelLabels {
  return {
    attacker: t('picture.attacker'),
    defender: t('picture.defender'),
    single: '',
    stat: t('picture.stat'),
    card: t('picture.card'),
    modifier: t('picture.modifier'),
    fate: t('picture.fate'),
    soulstone: t('picture.soulstone'),
    total: t('picture.total'),
    tn: t('picture.tn'),
    success: t('picture.success'),
    failure: t('picture.failure'),
    cheated: t('picture.cheated'),
    trigger: t('picture.trigger'),
    yielded: t('picture.yielded'),
    damage: t('picture.damage'),
    bands: bands(t),
  };
}

function finalOf(flip: FlipState | undefined): CardCode | null {
  if (!flip?.taken) return null;
  return flip.cheat?.outcome === 'cheated' ? flip.cheat.card : flip.taken;
}

export function duelPicture(t: Translate, names: SeatNames, r: DuelResolution): DuelPicture | null {
  const result = r.result;
  if (!result) return null;
  const sides: DuelSidePicture[] = [];
  for (const side of r.sides) {
    const total = side.role === 'attacker' ? result.attacker : result.defender;
    if (!total) continue;
    const flip = r.flips.find((f) => f.seat === side.seat && f.slot === side.role) ?? (side.role === 'attacker' ? r.flips.find((f) => f.slot === 'main') : undefined);
    const finalCard = finalOf(flip) ?? total.card ?? 'BJ';
    sides.push({
      label: names[side.seat],
      role: r.opposed ? side.role : 'single',
      stat: side.stat,
      statSuits: side.statSuits,
      modifier: total.modifier,
      fate: flip?.net ?? side.fate,
      ...(side.soulstone && side.soulstone !== 'none' ? { soulstone: side.soulstone } : {}),
      revealed: flip?.revealed ?? [],
      taken: flip?.taken ?? finalCard,
      ...(flip?.cheat?.outcome === 'cheated' ? { cheatedWith: flip.cheat.card } : {}),
      finalCard,
      ...(flip?.redJokerSuit ? { redJokerSuit: flip.redJokerSuit } : {}),
      suits: total.suits,
      total: total.total,
      ...(side.trigger ? { trigger: side.trigger } : {}),
      ...(total.yielded ? { yielded: true } : {}),
      outcome: total.succeeded ? 'success' : 'failure',
    });
  }
  const damageResult = r.damage?.result;
  const damageFlip = r.flips.find((f) => f.slot === 'damage');
  const profile = r.damage?.profile;
  const damage =
    damageResult && damageFlip?.taken && Array.isArray(profile)
      ? {
          profile: [profile[0], profile[1], profile[2]] as [number, number, number],
          revealed: damageFlip.revealed,
          taken: damageFlip.taken,
          ...(damageFlip.cheat?.outcome === 'cheated' ? { cheatedWith: damageFlip.cheat.card } : {}),
          amount: damageResult.final,
          band: damageResult.band ?? band(cardValue(finalOf(damageFlip) ?? damageFlip.taken)),
          fate: damageFlip.net,
        }
      : undefined;
  return {
    title: r.label ?? t(r.opposed ? 'picture.opposedDuel' : 'picture.simpleDuel'),
    kind: r.opposed ? 'opposed' : 'simple',
    ...(result.tn !== null ? { tn: { value: result.tn, suits: result.tnSuits } } : {}),
    sides,
    ...(damage ? { damage } : {}),
    labels: duelLabels(t),
  };
}

export function flipPicture(t: Translate, names: SeatNames, r: FlipResolution): FlipPicture | null {
  const flip = r.flips[0];
  if (!flip) return null;
  const finalCard = finalOf(flip);
  return {
    title: r.label ?? t('picture.flipTitle', { name: names[flip.seat] }),
    fate: flip.net,
    revealed: flip.revealed,
    ...(flip.taken ? { taken: flip.taken } : {}),
    ...(flip.cheat?.outcome === 'cheated' ? { cheatedWith: flip.cheat.card } : {}),
    ...(finalCard ? { finalCard } : {}),
    ...(flip.redJokerSuit ? { redJokerSuit: flip.redJokerSuit } : {}),
    labels: { fate: t('picture.fate'), cheated: t('picture.cheated'), bands: bands(t) },
  };
}

export function handPicture(t: Translate, state: GameState, seat: 0 | 1, highlight?: CardCode[]): HandPicture | null {
  if (state.status === 'new') return null;
  const hand = state.seats[seat].hand;
  return { title: t('hand.title', { count: hand.length }), cards: [...hand], ...(highlight ? { highlight } : {}) };
}

/** A standalone damage flip (/damage): the flip with its profile, the band's value highlighted. */
export function damagePicture(t: Translate, names: SeatNames, r: DamageResolution): FlipPicture | null {
  const flip = r.flips.find((f) => f.slot === 'damage');
  const result = r.damage.result;
  if (!flip || !result) return null;
  const finalCard = finalOf(flip);
  const profile = r.damage.profile;
  return {
    title: r.label ?? t('picture.damageTitle', { name: names[r.damage.dealer], target: names[r.damage.target] }),
    fate: flip.net,
    revealed: flip.revealed,
    ...(flip.taken ? { taken: flip.taken } : {}),
    ...(flip.cheat?.outcome === 'cheated' ? { cheatedWith: flip.cheat.card } : {}),
    ...(finalCard ? { finalCard } : {}),
    ...(Array.isArray(profile) ? { profile: [profile[0], profile[1], profile[2]] as [number, number, number] } : {}),
    footer: t('picture.damageFooter', { final: result.final }),
    labels: { fate: t('picture.fate'), cheated: t('picture.cheated'), bands: bands(t) },
  };
}
