/**
 * Table → picture models, with every word localized here (the renderer holds none). Public pictures (a
 * duel, a damage, a flip) are built from the public view's resolution only; the hand picture is private.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import { z } from 'zod';
import type { DamageResolution, DamageResult, DuelResolution, DuelResult, FlipResolution, FlipState, PublicView } from '../engine/index.js';
import { band, cardValue, sortCanonical, type CardCode } from '../engine/cards.js';
import { DEFAULT_TIMING, missingSuits, triggerStatus } from '../engine/triggers.js';
import type { Translate } from '../../../i18n/index.js';
import type { Attachment, PublicBatch } from '../../contract.js';
import {
  renderFlip,
  type DamageLabels,
  type DamagePicture,
  type DamageSheet,
  type DamageSteps,
  type DuelLabels,
  type DuelPicture,
  type DuelSidePicture,
  type FailureReason,
  type FlipLabels,
  type FlipPicture,
  type HandPicture,
  type TriggerStatus,
} from '../pictures/index.js';
import { cardName } from './cards.js';
import { cardCodeSchema, suitSchema } from '../engine/schema.js';
import { SYSTEM_ID } from '../engine/index.js';
import type { PublicEvent, SeatNames } from './events.js';

function bands(t: Translate) {
  return { weak: t('band.weak'), moderate: t('band.moderate'), severe: t('band.severe') };
}

export function damageLabels(t: Translate): DamageLabels {
  return {
    damage: t('picture.damage'),
    fixed: t('picture.fixed'),
    armor: t('picture.armor'),
    shielded: t('picture.shielded'),
    bonus: t('picture.bonus'),
    dealt: t('picture.dealt'),
    killed: t('picture.killed'),
    fate: t('picture.fate'),
    cheated: t('picture.cheated'),
    bands: bands(t),
  };
}

export function duelLabels(t: Translate): DuelLabels {
  return {
    ...damageLabels(t),
    attacker: t('picture.attacker'),
    defender: t('picture.defender'),
    single: '',
    stat: t('picture.stat'),
    card: t('picture.card'),
    modifier: t('picture.modifier'),
    total: t('picture.total'),
    tn: t('picture.tn'),
    success: t('picture.success'),
    failure: t('picture.failure'),
    yielded: t('picture.yielded'),
    triggerStatus: { fires: t('picture.trigger.fires'), fizzles: t('picture.trigger.fizzles'), ifKilled: t('picture.trigger.ifKilled') },
  };
}

export function flipLabels(t: Translate): FlipLabels {
  return { fate: t('picture.fate'), cheated: t('picture.cheated'), bands: bands(t), result: t('picture.result'), health: t('picture.health') };
}

/** A resolved damage's breakdown (DMG-6, DMG-7 "+N", DMG-8, SS-3, DMG-10), the steps the channel's line tells. */
function damageSteps(r: DamageResult, plus: number): DamageSteps {
  // DMG-6: no "+N" on the Black Joker, so none is shown for it.
  const applied = plus !== 0 && r.card !== 'BJ' ? plus : 0;
  return {
    base: r.base,
    ...(applied ? { plus: applied } : {}),
    ...(r.afterArmor !== r.base ? { afterArmor: r.afterArmor } : {}),
    ...(r.shieldedUsed ? { afterShielded: r.afterReductions } : {}),
    ...(r.soulstoneCard ? { soulstone: { card: r.soulstoneCard, value: r.final } } : {}),
    amount: r.final,
    ...(r.killed ? { killed: true } : {}),
  };
}

function finalOf(flip: FlipState | undefined): CardCode | null {
  if (!flip?.taken) return null;
  return flip.cheat?.outcome === 'cheated' ? flip.cheat.card : flip.taken;
}

/**
 * DUEL-6 in numbers, for the picture: the attacker needs the TN, the TN's suits and at least the defender's
 * total; the defender needs strictly more than the attacker. A yielded side shows its yield instead.
 */
export function failureReasons(t: Translate, names: SeatNames, r: Pick<DuelResult, 'tn' | 'tnSuits' | 'attacker' | 'defender'>, role: 'attacker' | 'defender'): FailureReason[] {
  const side = role === 'attacker' ? r.attacker : r.defender;
  const other = role === 'attacker' ? r.defender : r.attacker;
  if (!side || side.succeeded || side.yielded) return [];
  const why: FailureReason[] = [];
  if (role === 'attacker') {
    if (r.tn !== null && side.total < r.tn) why.push({ text: t('picture.why.belowTn', { short: r.tn - side.total, tn: r.tn }) });
    const missing = missingSuits(side.suits, r.tnSuits);
    if (missing.length) why.push({ text: t('picture.why.missing'), suits: missing });
    if (other && !other.yielded && side.total < other.total) why.push({ text: t('picture.why.belowOther', { short: other.total - side.total, name: names[other.seat], total: other.total }) });
  } else if (other && side.total <= other.total) {
    why.push({ text: t('picture.why.notAbove', { short: other.total - side.total + 1, name: names[other.seat], total: other.total }) });
  }
  return why;
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
    const why = failureReasons(t, names, result, side.role);
    // TRIG-6: what the engine decided for the declared trigger.
    const declared = side.trigger ? result.triggers.find((tr) => tr.seat === side.seat && tr.role === side.role && tr.name === side.trigger) : undefined;
    const status: TriggerStatus = declared?.status ?? triggerStatus(DEFAULT_TIMING, total.succeeded);
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
      ...(side.trigger ? { trigger: { name: side.trigger, status } } : {}),
      ...(total.yielded ? { yielded: true } : {}),
      outcome: total.succeeded ? 'success' : 'failure',
      ...(why.length ? { why } : {}),
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

/** A damage on the table: its flip with the band (a/b/c profile), or its fixed value (DMG-1), and its breakdown. */
function damageOf(dmg: DuelResolution['damage'] | DamageResolution['damage'], flips: readonly FlipState[]): DamagePicture | null {
  const result = dmg?.result;
  if (!dmg || !result) return null;
  const steps = damageSteps(result, dmg.plus);
  const profile = dmg.profile;
  if (!Array.isArray(profile)) return { profile, ...steps };
  const flip = flips.find((f) => f.slot === 'damage');
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

function duelDamage(r: DuelResolution): DamagePicture | null {
  return damageOf(r.damage, r.flips);
}

export function flipPicture(t: Translate, names: SeatNames, r: FlipResolution): FlipPicture | null {
  // A picture shows one flip: a flip both players make (START-3) is told by its lines, both cards alike.
  if (r.pair) return null;
  const flip = r.flips.find((f) => f.slot === 'main') ?? r.flips[0];
  if (!flip) return null;
  const finalCard = finalOf(flip);
  const result = r.result;
  return {
    title: r.label ? `${t('picture.flipTitle', { name: names[flip.seat] })} — ${r.label}` : t('picture.flipTitle', { name: names[flip.seat] }),
    fate: flip.net,
    revealed: [...flip.revealed],
    ...(flip.taken ? { taken: flip.taken } : {}),
    ...(flip.cheat?.outcome === 'cheated' ? { cheatedWith: flip.cheat.card } : {}),
    ...(finalCard ? { finalCard } : {}),
    ...(flip.redJokerSuit ? { redJokerSuit: flip.redJokerSuit } : {}),
    ...(r.profile && result?.amount !== undefined ? { profile: [r.profile[0], r.profile[1], r.profile[2]] as [number, number, number], amount: result.amount } : {}),
    ...(result?.healed ? { healed: { before: result.healed.before, after: result.healed.after } } : {}),
    labels: flipLabels(t),
  };
}

/** The hand in the canonical order (Rams, Masks, Crows, Tomes by value, then the jokers). */
export function handPicture(t: Translate, hand: readonly CardCode[], highlight?: CardCode[]): HandPicture {
  return { title: t('hand.title', { count: hand.length }), cards: sortCanonical(hand), ...(highlight ? { highlight: sortCanonical(highlight) } : {}) };
}

/** The hand picture in one line of words, for screen readers (the attachment's description). */
export function handDescription(t: Translate, hand: readonly CardCode[], highlight?: readonly CardCode[]): string {
  const title = t('hand.title', { count: hand.length });
  const line = hand.length ? t('picture.handAlt', { title, cards: sortCanonical(hand).map((c) => cardName(t, c)).join(', ') }) : `${title}. ${t('hand.empty')}`;
  return highlight?.length ? `${line} ${t('picture.handAltLegal', { cards: sortCanonical(highlight).map((c) => cardName(t, c)).join(', ') })}` : line;
}

/** A flip picture in one line of words, for screen readers. */
export function flipDescription(t: Translate, model: FlipPicture): string {
  const final = model.finalCard;
  if (!final) return model.title;
  const value = cardValue(final);
  const flipped = [...model.revealed, ...(model.cheatedWith ? [model.cheatedWith] : [])];
  return t('picture.flipAlt', { title: model.title, cards: flipped.map((c) => cardName(t, c)).join(', '), card: cardName(t, final), value, band: model.labels.bands[band(value)] });
}

/**
 * A standalone damage flip (/damage): the flip with its profile, the band's value highlighted, its breakdown
 * and the damage dealt; a fixed profile (DMG-1) has no flip and shows its value instead.
 */
export function damagePicture(t: Translate, names: SeatNames, r: DamageResolution): DamageSheet | null {
  const damage = damageOf(r.damage, r.flips);
  if (!damage) return null;
  return {
    title: r.label ?? t('picture.damageTitle', { name: names[r.damage.dealer], target: names[r.damage.target] }),
    damage,
    labels: damageLabels(t),
  };
}

/**
 * Plain flips repeat: the same card flipped by the same player under the same label draws the same
 * picture, and encoding it costs more than the rest of a /flip's handling. The last few hundred are kept,
 * keyed by everything drawn (the model, which holds public information only).
 */
const FLIP_CACHE_SIZE = 256;
const flipCache = new Map<string, Promise<Buffer>>();

function renderedFlip(picture: FlipPicture): Promise<Buffer> {
  const key = JSON.stringify(picture);
  let png = flipCache.get(key);
  if (png) {
    flipCache.delete(key); // most recently used goes last
  } else {
    png = renderFlip(picture);
    png.catch(() => flipCache.delete(key));
    if (flipCache.size >= FLIP_CACHE_SIZE) flipCache.delete(flipCache.keys().next().value as string);
  }
  flipCache.set(key, png);
  return png;
}

/** Draws one small flip picture: the fonts, the canvas library and its encoder are then loaded. */
export async function warmUpPictures(t: Translate): Promise<void> {
  await renderFlip({ title: '', fate: 0, revealed: ['1C'], taken: '1C', finalCard: '1C', labels: flipLabels(t) });
}

/**
 * A standalone flip's picture (/flip, FLIP-1..10), added to the channel's message of the batch where it
 * resolved: once, built from the public view right after FlipResolved (the flip is still on the table).
 */
export async function attachFlipPicture(t: Translate, names: SeatNames, batch: PublicBatch<PublicView, PublicEvent>, embed: APIEmbed, files: Attachment[]): Promise<void> {
  const index = batch.events.findLastIndex((e) => e.type === 'FlipResolved');
  if (index < 0 || embed.image) return;
  const view = batch.viewAfter(index);
  const resolution = view.status === 'new' ? null : view.resolution;
  if (resolution?.kind !== 'flip') return;
  const picture = flipPicture(t, names, resolution);
  if (!picture) return;
  const { labels: _labels, ...drawn } = picture;
  files.push({
    name: 'flip.png',
    // Drawn only if uploaded: where the edge links the picture, Discord's fetch of the link draws it.
    data: () => renderedFlip(picture),
    contentType: 'image/png',
    description: flipDescription(t, picture),
    // Everything drawn is public once the flip resolved; the labels follow from the locale.
    recipe: { system: SYSTEM_ID, kind: 'flip', locale: t.locale ?? 'en', data: drawn },
  });
  embed.image = { url: 'attachment://flip.png' };
}

/** What a flip's recipe may hold: the picture without its labels, bounded (a recipe arrives in a URL). */
const flipRecipeSchema = z
  .object({
    title: z.string().max(300),
    fate: z.number().int().min(-10).max(10),
    revealed: z.array(cardCodeSchema).max(10),
    taken: cardCodeSchema.optional(),
    cheatedWith: cardCodeSchema.optional(),
    finalCard: cardCodeSchema.optional(),
    redJokerSuit: suitSchema.optional(),
    profile: z.tuple([z.number().int(), z.number().int(), z.number().int()]).optional(),
    amount: z.number().int().min(-99).max(99).optional(),
    healed: z.object({ before: z.number().int().min(0).max(99), after: z.number().int().min(0).max(99) }).optional(),
    footer: z.string().max(300).optional(),
  })
  .strict();

/** A public picture drawn again from its recipe (an `attachment.recipe` this module wrote). */
export async function drawPicture(t: Translate, kind: string, data: unknown): Promise<Buffer | null> {
  if (kind !== 'flip') return null;
  const parsed = flipRecipeSchema.safeParse(data);
  if (!parsed.success) return null;
  return renderedFlip({ ...(parsed.data as Omit<FlipPicture, 'labels'>), labels: flipLabels(t) });
}
