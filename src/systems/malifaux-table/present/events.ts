/**
 * Events as public lines. Only public facts are read here: a draw shows a count, a shuffle shows no
 * order, the seed is never printed. The adversarial tests in test/hidden-information.test.ts check it.
 */
import type { DuelResult, GameEvent } from '../engine/index.js';
import { missingSuits } from '../engine/triggers.js';
import { hasMessage, type Params, type Translate } from '../../../i18n/index.js';
import { card, cards, fate, namedSuits, signed, suitName, suits } from './cards.js';

/**
 * An event as the public may know it (the engine's publicEvent): a draw is a count of cards and a shuffle
 * has no order. Public messages are built from these; the log of an ended game passes the full events.
 */
export type PublicEvent =
  | Exclude<GameEvent, { type: 'CardsDrawn' | 'DeckShuffled' }>
  | Extract<GameEvent, { type: 'CardsDrawn' | 'DeckShuffled' }>
  | { type: 'CardsDrawn'; seat: 0 | 1; count: number }
  | { type: 'DeckShuffled'; seat: 0 | 1; index: number; reason: Extract<GameEvent, { type: 'DeckShuffled' }>['reason']; count: number };

/** Seat names: events speak of seats 0 and 1. */
export type SeatNames = readonly [string, string];

/**
 * Bold seat names. Built by a factory rather than `const who = (seat) => …` inside eventLine: under tsx
 * (esbuild keepNames), a named closure costs an Object.defineProperty each time it is created, which a
 * hot path creating one per event does not need.
 */
function boldNames(names: SeatNames): (seat: 0 | 1) => string {
  return (seat) => `**${names[seat]}**`;
}

export function eventLine(t: Translate, names: SeatNames, event: PublicEvent): string | null {
  const who = boldNames(names);
  switch (event.type) {
    case 'GameStarted':
      return null;
    case 'DeckShuffled':
      return event.reason === 'setup' ? null : t('event.reshuffled', { name: who(event.seat) });
    case 'SoulstonesSet':
      return t('event.soulstonesSet', { name: who(event.seat), count: event.count });
    case 'CardsDrawn':
      return t('event.drawn', { name: who(event.seat), count: 'cards' in event ? event.cards.length : event.count });
    case 'CardsDiscarded':
      return t(event.reason === 'handLimit' ? 'event.discardedDown' : 'event.discarded', { name: who(event.seat), cards: cards(event.cards) });
    case 'CardsRevealed':
      return t('event.revealed', { name: who(event.seat), cards: cards(event.cards) });
    case 'FlipStarted':
      return t('event.flipStarted', { name: who(event.seat), fate: fate(event.modifier), label: event.label ? ` — ${event.label}` : '' });
    case 'DuelStarted': {
      const [a, d] = event.sides;
      // The message says ", TN 12 🎭" itself (a select), so no half-sentence is translated apart.
      const tn: Params = event.tn !== null ? { withTn: 'yes', tn: event.tn, suits: suits(event.tnSuits) } : { withTn: 'no' };
      if (!a) return null;
      if (!event.opposed || !d) return t('event.simpleDuel', { name: who(a.seat), stat: a.stat, ...tn, label: event.label ? ` — ${event.label}` : '' });
      return t('event.opposedDuel', { a: who(a.seat), as: a.stat, d: who(d.seat), ds: d.stat, ...tn, label: event.label ? ` — ${event.label}` : '' });
    }
    case 'DamageFlipStarted':
      // A fixed profile (DMG-1), a fall (DMG-15) included, flips nothing.
      return t(Array.isArray(event.damage.profile) ? 'event.damageFlipStarted' : 'event.fixedDamageStarted', {
        name: who(event.initiator),
        target: who(event.damage.target),
        profile: withPlus(event.damage.profile, event.damage.plus),
      });
    case 'DuelYieldDecided':
      return t(event.yielded ? 'event.yielded' : 'event.fights', { name: who(event.seat) });
    case 'SoulstoneUsed':
      if (event.purpose === 'prevent') return t('event.soulstonePrevent', { name: who(event.seat) });
      if (event.purpose === 'reduce') return t('event.soulstoneReduce', { name: who(event.seat) });
      if (event.purpose === 'draw') return t('event.soulstoneDraw', { name: who(event.seat) });
      return event.use === 'plus'
        ? t('event.soulstonePlus', { name: who(event.seat) })
        : t('event.soulstoneSuit', { name: who(event.seat), suit: event.use ? suitName(t, event.use) : '' });
    case 'SoulstoneDeclined':
      return event.reason === 'choice' ? t('event.soulstoneDeclined', { name: who(event.seat) }) : null;
    case 'CardsFlipped':
      return t('event.flipped', { name: who(event.seat), cards: cards(event.cards), fate: fate(event.net) });
    case 'FlipCardChosen':
      return event.forced && event.discarded.length === 0 ? null : t('event.took', { name: who(event.seat), card: card(event.card) });
    case 'FateCheated':
      return t('event.cheated', { name: who(event.seat), card: card(event.card), replaced: card(event.replaced) });
    case 'CheatDeclined':
      return t('event.cheatDeclined', { name: who(event.seat) });
    case 'CheatSkipped':
      return t('event.cheatSkipped', { name: who(event.seat), reason: cheatBanReason(t, event.code) });
    case 'FlipDiscardedForReflip': {
      // FLIP-7: who re-flipped (or which referee asked), and every card that went to the discard (public).
      const by: Params = event.referee ? { byReferee: 'yes', by: `<@${event.by}>` } : { byReferee: 'no' };
      const line = t('event.reflip', { name: who(event.seat), slot: t(`slot.${event.slot}`), ...by, cards: cards(event.cards) });
      return event.cheatSpent ? `${line} ${t('event.reflipNoCheat', { name: who(event.seat) })}` : line;
    }
    case 'RedJokerSuitChosen':
      return t('event.redJokerSuit', { name: who(event.seat), suit: suitName(t, event.suit) });
    case 'DuelTotalsAnnounced':
      return t('event.totals', {
        totals: event.totals.map((s) => `${who(s.seat)} ${s.total}${s.suits.length ? ' ' + suits(s.suits) : ''}`).join(' · '),
      });
    case 'TriggerDeclared':
      if (event.trigger) return t('event.trigger', { name: who(event.seat), trigger: event.trigger });
      if (event.reason === 'stunned' || event.reason === 'generated' || event.reason === 'disengage') {
        return t(`event.${event.reason}NoTrigger`, { name: who(event.seat) });
      }
      return event.reason === 'choice' ? t('event.noTrigger', { name: who(event.seat) }) : null;
    case 'TriggerCostPaid':
      return t('event.triggerCostPaid', { name: who(event.seat), cards: cards(event.cards), trigger: event.trigger });
    case 'DuelResolved': {
      const r = event.result;
      const parts = [sideOutcome(t, who, r, 'attacker')];
      if (r.defender) parts.push(sideOutcome(t, who, r, 'defender'));
      if (r.diff !== null && r.attacker.succeeded) parts.push(t('event.precision', { diff: r.diff, fate: fate(r.precision) }));
      // TRIG-6: a declared trigger that will not take effect says so.
      const triggers = r.triggers.flatMap((tr) =>
        tr.status === 'fizzles'
          ? [t('event.triggerFizzles', { trigger: tr.name, name: who(tr.seat) })]
          : tr.status === 'ifKilled'
            ? [t('event.triggerIfKilled', { trigger: tr.name, name: who(tr.seat) })]
            : [],
      );
      return [`🏁 ${parts.join(' · ')}`, ...triggers].join('\n');
    }
    case 'DamageSequenceStarted':
      // "+N damage" (the action's text, a fired trigger) is shown with the profile it adds to (DMG-7 step 2).
      return t('event.damageStarted', { name: who(event.damage.dealer), target: who(event.damage.target), profile: withPlus(event.damage.profile, event.damage.plus) });
    case 'DamageResolved': {
      const r = event.result;
      const steps = [`${r.base}`];
      if (r.afterArmor !== r.base) steps.push(t('event.afterArmor', { value: r.afterArmor }));
      if (r.shieldedUsed) steps.push(t('event.afterShielded', { value: r.afterReductions }));
      if (r.soulstoneCard) steps.push(t('event.afterSoulstone', { card: card(r.soulstoneCard), value: r.final }));
      const blast = r.blasts > 0 && r.blastDamage !== null ? ' ' + t('event.blasts', { count: r.blasts, damage: r.blastDamage }) : '';
      // DMG-10: with the target's Health given, what is left of it — or that the model is killed (KILL-1).
      const health = r.killed ? ' ' + t('event.killed', { target: who(r.target) }) : r.healthAfter !== null ? ' ' + t('event.healthLeft', { target: who(r.target), health: r.healthAfter }) : '';
      return t('event.damage', { target: who(r.target), final: r.final, steps: steps.join(' → ') }) + blast + health;
    }
    case 'FlipResolved': {
      const r = event.result;
      const line = t('event.flipResult', { name: who(r.seat), card: card(r.card), value: r.value, band: t(`band.${r.band}`) });
      // FLIP-8: what a variable flip gives; DMG-12: what a heal did, the surplus above the maximum lost.
      if (r.healed && r.amount !== undefined) return `${line} ${t('event.flipHealed', { amount: r.amount, before: r.healed.before, after: r.healed.after, max: r.healed.maxHealth })}`;
      return r.amount !== undefined ? `${line} ${t('event.flipAmount', { amount: r.amount })}` : line;
    }
    case 'ResolutionEnded':
      return null;
    case 'ResolutionCancelled':
      return t('event.cancelled', { name: event.by });
    case 'GameEnded':
      if (event.conceded === undefined) return t('event.gameEnded');
      return t('event.gameConceded', { name: who(event.conceded), winner: who(event.conceded === 0 ? 1 : 0) });
    case 'EndRequested': {
      // A Discord timestamp: each reader sees the moment in their own time zone.
      const params = { name: event.seat === null ? `<@${event.by}>` : who(event.seat), until: `<t:${Math.floor(event.until / 1000)}:t>` };
      return t(event.concede ? 'event.endRequestedConcede' : 'event.endRequestedAbandon', params);
    }
    case 'EndTakenBack':
      return t('event.endTakenBack', { name: `<@${event.by}>` });
    case 'SeenCardsKeptOut': {
      const lines: string[] = [];
      if (event.discarded.length) lines.push(t('event.seenCardsDiscarded', { name: who(event.seat), cards: cards(event.discarded) }));
      if (event.revealed.length) lines.push(t('event.seenCardsRevealed', { name: who(event.seat), cards: cards(event.revealed) }));
      return lines.length ? lines.join('\n') : null;
    }
    case 'DecisionOpened':
    case 'DecisionClosed':
      // The waiting line and the decider's DM say who must choose what.
      return null;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** CHEAT-3 in words, from the engine's error code (the rule ID is the log's detail, for referees). */
export function cheatBanReason(t: Translate, code: string): string {
  const key = `cheat.why.${code}`;
  return hasMessage(key) ? t(key) : code;
}

/**
 * Events the log leaves unsaid on purpose: the decision records (whom the table waited for is said by the
 * channel's waiting line and the decider's DM; the answer is the next event's line).
 */
export const SILENT_IN_LOG: ReadonlySet<PublicEvent['type']> = new Set(['DecisionOpened', 'DecisionClosed']);

/**
 * What only the log says, for events the channel's messages pass over: the start and its shuffles, a
 * soulstone nobody could spend, a trigger nobody could declare, the only card of a flip, the table cleared.
 */
function logOnlyLine(t: Translate, names: SeatNames, event: PublicEvent): string | null {
  const who = boldNames(names);
  switch (event.type) {
    case 'GameStarted':
      return t('game.log.started', { system: t(`system.${event.system}`), a: who(0), b: who(1) });
    case 'DeckShuffled':
      return t('game.log.setupShuffle', { name: who(event.seat) });
    case 'SoulstoneDeclined':
      if (event.reason === 'emptyPool') return t('game.log.soulstoneEmpty', { name: who(event.seat) });
      if (event.reason === 'notNeeded') return t('game.log.soulstoneNotNeeded', { name: who(event.seat) });
      return t('game.log.soulstoneOnePerEffect', { name: who(event.seat) });
    case 'FlipCardChosen':
      return t('game.log.onlyCard', { name: who(event.seat), slot: t(`slot.${event.slot}`), card: card(event.card) });
    case 'TriggerDeclared':
      return t('game.log.noLegalTrigger', { name: who(event.seat) });
    case 'ResolutionEnded':
      return t('game.log.resolutionEnded');
    default:
      return null;
  }
}

/** The rules an event applied, for referees: the log's detail under its line, never the channel's words. */
export function eventRules(event: PublicEvent): string[] {
  switch (event.type) {
    case 'CheatSkipped':
      return [event.rule];
    case 'FlipDiscardedForReflip':
      return event.cheatSpent ? ['FLIP-7', 'CHEAT-4'] : ['FLIP-7'];
    case 'TriggerCostPaid':
      return ['TRIG-4'];
    case 'TriggerDeclared':
      return event.reason === 'stunned' ? ['TRIG-2'] : event.reason === 'generated' ? ['TRIG-7'] : event.reason === 'disengage' ? ['GEN-2', 'TRIG-3'] : [];
    case 'SoulstoneDeclined':
      return event.reason === 'oneStonePerEffect' ? ['SS-4'] : [];
    default:
      return [];
  }
}

/** A small last line in Discord's subtext: the rule codes a referee may look up. */
export function ruleDetail(t: Translate, rules: readonly string[]): string {
  return `-# ${t('why.rule', { count: rules.length, rules: rules.join(', ') })}`;
}

/**
 * An event as the audit log reads it: the channel's line, or what only the log says, then the rules it
 * applied as a detail line. Null for the decision records alone (SILENT_IN_LOG). Once the game has
 * ended, a draw names its cards.
 */
export function logText(t: Translate, names: SeatNames, event: PublicEvent, ended: boolean): string | null {
  if (SILENT_IN_LOG.has(event.type)) return null;
  let line = eventLine(t, names, event) ?? logOnlyLine(t, names, event);
  if (line === null) return null;
  if (ended && event.type === 'CardsDrawn' && 'cards' in event) line += ` (${cards(event.cards)})`;
  const rules = eventRules(event);
  return rules.length ? `${line}\n${ruleDetail(t, rules)}` : line;
}

type Side = NonNullable<DuelResult['defender']>;

/** A total as the table reads it: "16 📖". */
export function totalWithSuits(side: Pick<Side, 'total' | 'suits'>): string {
  return `${side.total}${side.suits.length ? ' ' + suits(side.suits) : ''}`;
}

/**
 * DUEL-6, the reasons a side fails: the attacker needs the TN, the TN's suits and at least the defender's
 * total; the defender needs strictly more than the attacker.
 */
export function failureReasons(t: Translate, who: (seat: 0 | 1) => string, r: Pick<DuelResult, 'tn' | 'tnSuits' | 'attacker' | 'defender'>, role: 'attacker' | 'defender'): string[] {
  const side = role === 'attacker' ? r.attacker : r.defender;
  const other = role === 'attacker' ? r.defender : r.attacker;
  if (!side) return [];
  if (side.yielded) return [t('duel.why.yielded')];
  const why: string[] = [];
  if (role === 'attacker') {
    if (r.tn !== null && side.total < r.tn) why.push(t('duel.why.belowTn', { tn: r.tn }));
    const missing = missingSuits(side.suits, r.tnSuits);
    if (missing.length) why.push(t('duel.why.missingSuits', { suits: namedSuits(t, missing) }));
    if (other && !other.yielded && side.total < other.total) why.push(t('duel.why.belowOther', { name: who(other.seat), total: other.total }));
  } else if (other && side.total <= other.total) {
    why.push(t('duel.why.notAbove', { name: who(other.seat), total: other.total }));
  }
  return why;
}

function sideOutcome(t: Translate, who: (seat: 0 | 1) => string, r: DuelResult, role: 'attacker' | 'defender'): string {
  const side = (role === 'attacker' ? r.attacker : r.defender) as Side;
  const total = totalWithSuits(side);
  if (side.succeeded) return t('event.succeeds', { name: who(side.seat), total });
  const why = failureReasons(t, who, r, role);
  return why.length ? t('event.failsWhy', { name: who(side.seat), total, why: why.join(t('duel.why.and')) }) : t('event.fails', { name: who(side.seat), total });
}

function withPlus(p: number | readonly [number, number, number], plus: number): string {
  return plus === 0 ? profile(p) : `${profile(p)} ${plus > 0 ? '+' : '−'}${Math.abs(plus)}`;
}

function profile(p: number | readonly [number, number, number]): string {
  return typeof p === 'number' ? String(p) : p.join('/');
}

export { signed };
