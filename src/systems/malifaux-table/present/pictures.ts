/** Engine state → picture models for src/render, with every word localized here (the renderer holds none). */
import type { DamageResolution, DamageResult, DuelResolution, FlipResolution, FlipState, GameState } from '../engine/index.js';
import type { SeatNames } from './events.js';
import { band, cardValue, type CardCode } from '../engine/cards.js';
import type { Translate } from '../../../i18n/index.js';
import type { DamageLabels, DamagePicture, DamageSteps, DuelLabels, DuelPicture, DuelSidePicture, FlipPicture, HandPicture } from '../pictures/index.js';

function bands(t: Translate) {
  return { weak: t('band.weak'), moderate: t('band.moderate'), severe: t('band.severe') };
}

function damageLabels(t: Translate): DamageLabels {
  return { fixed: t('picture.fixed'), armor: t('picture.armor'), shielded: t('picture.shielded'), killed: t('picture.killed') };
}

/** A resolved damage's reductions and result (DMG-6, DMG-8, SS-3, DMG-10), the steps the channel's line tells. */
function damageSteps(r: DamageResult): DamageSteps {
  return {
    base: r.base,
    ...(r.afterArmor !== r.base ? { afterArmor: r.afterArmor } : {}),
    ...(r.shieldedUsed ? { afterShielded: r.afterReductions } : {}),
    ...(r.soulstoneCard ? { soulstone: { card: r.soulstoneCard, value: r.final } } : {}),
    amount: r.final,
    ...(r.killed ? { killed: true } : {}),
  };
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
    ...damageLabels(t),
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
  const damage = duelDamage(r);
  return {
    title: r.label ?? t(r.opposed ? 'picture.opposedDuel' : 'picture.simpleDuel'),
    kind: r.opposed ? 'opposed' : 'simple',
    ...(result.tn !== null ? { tn: { value: result.tn, suits: result.tnSuits } } : {}),
    sides,
    ...(damage ? { damage } : {}),
    labels: duelLabels(t),
  };
}

/** The damage after a successful duel: its flip with the band (a/b/c profile), or its fixed value (DMG-1). */
function duelDamage(r: DuelResolution): DamagePicture | null {
  const dmg = r.damage;
  const result = dmg?.result;
  if (!dmg || !result) return null;
  const steps = damageSteps(result);
  const profile = dmg.profile;
  if (!Array.isArray(profile)) return { profile, ...steps };
  const flip = r.flips.find((f) => f.slot === 'damage');
  if (!flip?.taken) return null;
  return {
    profile: [profile[0], profile[1], profile[2]],
    revealed: [...flip.revealed],
    taken: flip.taken,
    ...(flip.cheat?.outcome === 'cheated' ? { cheatedWith: flip.cheat.card } : {}),
    band: result.band ?? band(cardValue(finalOf(flip) ?? flip.taken)),
    fate: flip.net,
    ...steps,
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

export function handPicture(t: Translate, hand: readonly CardCode[], highlight?: CardCode[]): HandPicture {
  return { title: t('hand.title', { count: hand.length }), cards: [...hand], ...(highlight ? { highlight } : {}) };
}

/**
 * A standalone damage flip (/damage): the flip with its profile, the band's value highlighted, its reductions
 * and kill; a fixed profile (DMG-1) has no flip and shows its value instead.
 */
export function damagePicture(t: Translate, names: SeatNames, r: DamageResolution): FlipPicture | null {
  const result = r.damage.result;
  if (!result) return null;
  const profile = r.damage.profile;
  const common = {
    title: r.label ?? t('picture.damageTitle', { name: names[r.damage.dealer], target: names[r.damage.target] }),
    damage: damageSteps(result),
    footer: t('picture.damageFooter', { final: result.final }),
    labels: { fate: t('picture.fate'), cheated: t('picture.cheated'), bands: bands(t), ...damageLabels(t) },
  };
  if (!Array.isArray(profile)) return { ...common, revealed: [], profile };
  const flip = r.flips.find((f) => f.slot === 'damage');
  if (!flip) return null;
  const finalCard = finalOf(flip);
  return {
    ...common,
    fate: flip.net,
    revealed: [...flip.revealed],
    ...(flip.taken ? { taken: flip.taken } : {}),
    ...(flip.cheat?.outcome === 'cheated' ? { cheatedWith: flip.cheat.card } : {}),
    ...(finalCard ? { finalCard } : {}),
    profile: [profile[0], profile[1], profile[2]],
  };
}
