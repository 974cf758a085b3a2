/**
 * The scoring as players read it: the step's lines (what scored, what was claimed, confirmed, disputed,
 * ruled or corrected, which scheme was revealed and whether its commitment holds), the VP by source for
 * the status, and the rules' words for a claim's statement or a failure. Built from public views and
 * events only: a scheme not yet revealed is named "their first scheme", never by its name.
 */
import { hasMessage, type MessageKey, type Translate } from '../../../i18n/index.js';
import type { ClaimNeed, VpEntry, VpSource } from '../scoring/objective.js';
import type { Claim } from '../engine/scoreState.js';
import { vpBySource } from '../engine/scoringRules.js';
import type { GameEvent } from '../engine/schema.js';
import type { RevealedInView } from '../engine/views.js';
import { LAST_TURN } from '../engine/turns.js';
import { modelName, shortHex, type LineContext } from './names.js';

const named = (t: Translate, id: string) => t(`encounter.name.${id}` as MessageKey);

/** A VP source as a player reads it: the strategy's name, or a scheme's and which half. */
export function sourceName(t: Translate, source: VpSource): string {
  if (source.kind === 'strategy') return named(t, source.strategy);
  return t(source.half === 'reveal' ? 'mgs.objective.reveal' : 'mgs.objective.end', { scheme: named(t, source.scheme) });
}

/** An objective by its public key (`strategy`, `scheme1.end`): its name once shown, else which of the player's schemes. */
function keyName(t: Translate, c: LineContext, seat: 0 | 1, key: string): string {
  const strategy = c.strategy;
  if (key === 'strategy') return strategy ? named(t, strategy) : t('mgs.objective.strategy');
  const match = /^scheme([01])\.(reveal|end)$/.exec(key);
  if (!match) return key;
  const slot = Number(match[1]) as 0 | 1;
  const shown = c.revealed.find((r) => r.seat === seat && r.slot === slot);
  if (shown) return sourceName(t, { kind: 'scheme', scheme: shown.pick.scheme, half: match[2] as 'reveal' | 'end' });
  return t('mgs.objective.secret', { slot });
}

/** A message of another module (the rules' statements and refusals), or a plain fallback while it has none. */
function ruleText(t: Translate, key: string, params: Record<string, string | number>, fallback: string): string {
  return hasMessage(key) ? t(key, params) : fallback;
}

/** A rules' statement for a claim, in words (empty while its message is not there). */
export function statementText(t: Translate, key: string, params: Record<string, string | number>): string {
  return ruleText(t, key, { count: '', models: '', pairs: '', ...params }, '');
}

/**
 * What a claim for an objective must state, for its player before claiming: the rules' statement when it
 * needs nothing more, else what to name (a count and its range, the models and their roles, pairs, the
 * Scheme markers removed).
 */
export function needText(t: Translate, need: ClaimNeed, crew: string): string {
  const parts: string[] = [];
  if (need.count) parts.push(t('mgs.need.count', { min: need.count.min, max: need.count.max }));
  for (const m of need.models ?? []) {
    const role = hasMessage(m.role) ? t(m.role) : m.role;
    parts.push(t('mgs.need.models', { range: m.min === m.max ? String(m.min) : `${m.min}–${m.max}`, max: m.max, role }));
  }
  if (need.pairs) parts.push(t('mgs.need.pairs', { min: need.pairs.min }));
  if (need.markersRemoved) parts.push(t('mgs.need.markers', { count: need.markersRemoved }));
  const plain = !need.count && !need.models?.length && !need.pairs;
  const statement = plain ? statementText(t, need.statement, { ...(need.params ?? {}), crew }) : '';
  return [statement, ...(parts.length ? [t('mgs.need.toClaim', { parts: parts.join('; ') })] : [])].filter(Boolean).join(' ');
}

/** What a claim states, in words: the rules' statement, then the count, models, markers and note given. */
export function claimText(t: Translate, c: LineContext, claim: Claim): string {
  const models = (claim.claim.models ?? []).map((id) => {
    const m = c.models.find((x) => x.id === id);
    return m ? `**${modelName(c.models, m)}**` : id;
  });
  const pairs = (claim.claim.pairs ?? []).map(([a, b]) => {
    const name = (id: string) => {
      const m = c.models.find((x) => x.id === id);
      return m ? modelName(c.models, m) : id;
    };
    return `${name(a)} → ${name(b)}`;
  });
  const given = { count: claim.claim.count ?? 0, models: models.join(', '), pairs: pairs.join(', ') };
  const stated = (values: typeof given) => claim.statement
    ? ruleText(t, claim.statement.key, { ...claim.statement.params, crew: c.names[claim.seat], ...values }, '')
    : '';
  // The sentence ends where the message that quotes it ends ("claims 1 VP for …: {claim}."), not twice.
  const statement = stated(given).replace(/\.$/, '');
  // What the statement already says ("2 Strategy markers are…", "Page is…") is not said again after it.
  const says = (changed: Partial<typeof given>) => statement !== '' && stated({ ...given, ...changed }).replace(/\.$/, '') !== statement;
  const parts = [
    ...(statement ? [statement] : []),
    ...(claim.claim.count !== undefined && !says({ count: given.count + 1 }) ? [t('mgs.claim.count', { count: claim.claim.count })] : []),
    ...(models.length && !says({ models: `${given.models}+` }) ? [t('mgs.claim.models', { models: given.models })] : []),
    ...(pairs.length && !says({ pairs: `${given.pairs}+` }) ? [t('mgs.claim.pairs', { pairs: given.pairs })] : []),
    ...(claim.claim.markersRemoved ? [t('mgs.claim.markers', { count: claim.claim.markersRemoved })] : []),
    ...(claim.claim.note ? [t('mgs.claim.note', { note: claim.claim.note })] : []),
  ];
  return parts.join(' · ') || t('mgs.claim.nothing');
}

/** The rules' reason an objective fails, in words. */
export function failureText(t: Translate, failure: { code: string; params: Record<string, string | number> }): string {
  return ruleText(t, `error.${failure.code}`, failure.params, t('mgs.failure.generic'));
}

function revealedLine(t: Translate, c: LineContext, e: Extract<GameEvent, { type: 'SchemeRevealed' }>): string {
  const { seat, slot, pick } = e.scheme;
  const shown = c.revealed.find((r) => r.seat === seat && r.slot === slot);
  const nameOf = (id: string) => {
    const m = c.models.find((x) => x.id === id);
    return m ? modelName(c.models, m) : id;
  };
  const picks = [...pick.friendly.map(nameOf), ...pick.enemy.map(nameOf), ...(pick.markerType ? [pick.markerType] : []), ...(pick.terrain ? [pick.terrain] : [])];
  const revealed = t('mgs.event.revealed', {
    name: `**${c.names[seat]}**`,
    scheme: `**${named(t, pick.scheme)}**`,
    picks: picks.length ? t('mgs.event.revealedPicks', { picks: picks.join(', ') }) : '',
    commitment: shortHex(shown?.commitment ?? ''),
    check: shown?.check ? 'yes' : 'no',
    why: e.why,
  });
  // Chosen at the set-up and kept secret until now: the turns it was held are credited to it at its reveal.
  return `${revealed}\n${t('mgs.event.revealedHeld', { turns: e.scheme.turn })}`;
}

/** Whether claim `id` is still open, waiting for the answer that `status` says. */
function openAs(c: LineContext, id: number, status: Claim['status']): boolean {
  return c.claims.some((claim) => claim.id === id && claim.status === status);
}

/** One scoring event as the channel reads it, or null when another line says it. */
export function scoringLine(t: Translate, c: LineContext, e: GameEvent): string | null {
  const who = (seat: 0 | 1) => `**${c.names[seat]}**`;
  switch (e.type) {
    case 'ScoringStepChanged': {
      if (e.change === 'began' && e.step) {
        const first = e.step.stages[0];
        if (!first) return null;
        return first.group === 'end' ? t('mgs.event.beganEnd', { name: who(first.seat) }) : t('mgs.event.began', { name: who(first.seat) });
      }
      if (e.seat === null) return null;
      if (e.change === 'declined' && e.step) {
        // Done for the rest of the step, or one objective declined (the newest settled key).
        const last = e.step.settled.at(-1);
        const done = e.step.done[e.seat];
        if (done && (!last || !last.startsWith(`${e.seat}:`))) return t('mgs.event.done', { name: who(e.seat) });
        return last ? t('mgs.event.declined', { name: who(e.seat), objective: keyName(t, c, e.seat, last.slice(2)) }) : t('mgs.event.done', { name: who(e.seat) });
      }
      if (e.change === 'failed' && e.step && e.failure) {
        const last = e.step.settled.at(-1);
        return t('mgs.event.failed', { name: who(e.seat), objective: last ? keyName(t, c, e.seat, last.slice(2)) : '?', reason: failureText(t, e.failure) });
      }
      return null;
    }
    case 'ScoreBanked': {
      const { entry } = e;
      if (entry.how === 'correction') return t('mgs.event.corrected', { name: who(entry.seat), vp: entry.vp > 0 ? '+1' : '−1', objective: sourceName(t, entry.source), reason: entry.reason ?? '' });
      return t('mgs.event.banked', { name: who(entry.seat), objective: sourceName(t, entry.source), how: entry.how, turn: entry.turn });
    }
    case 'SchemeRevealed':
      return revealedLine(t, c, e);
    case 'ScoreClaimed': {
      const claim = e.claim;
      const opponent = claim.seat === 0 ? 1 : 0;
      const claimed = t('mgs.event.claimed', { name: who(claim.seat), objective: sourceName(t, claim.source), claim: claimText(t, c, claim) });
      // Told again once answered (its living message, the log), the claim no longer asks for an answer.
      return openAs(c, claim.id, 'awaiting') ? [claimed, t('mgs.event.claimAsk', { name: who(opponent) })].join('\n') : claimed;
    }
    case 'ClaimAnswered': {
      const by = e.seat === null ? t('mgs.referee') : who(e.seat);
      const reason = e.reason ? t('mgs.reason', { reason: e.reason }) : '';
      switch (e.answer) {
        case 'confirmed':
          return t('mgs.event.confirmed', { name: by });
        case 'disputed':
          // What may come next (a ruling, a withdrawal) is said only while it still may.
          return t(openAs(c, e.id, 'disputed') ? 'mgs.event.disputed' : 'mgs.event.disputedSettled', { name: by, reason: e.reason ?? '' });
        case 'withdrawn':
          return t('mgs.event.withdrawn', { name: by });
        case 'accepted':
          return t('mgs.event.accepted', { name: by, reason });
        case 'rejected':
          return t('mgs.event.rejected', { name: by, reason });
      }
      return null;
    }
    default:
      return null;
  }
}

/** A seat's VP with where they come from: "3 (Reckoning 2, Assassinate (Reveal) 1)". */
export function vpText(t: Translate, ledger: readonly VpEntry[], seat: 0 | 1, vp: number): string {
  const parts = vpBySource(ledger, seat)
    .filter((p) => p.vp !== 0)
    .map((p) => `${sourceName(t, p.source)} ${p.vp}`);
  return parts.length ? t('mgs.status.vpBySource', { vp, sources: parts.join(', ') }) : String(vp);
}

/** The schemes a seat has shown, each with its commitment check. */
export function revealedText(t: Translate, revealed: readonly RevealedInView[], seat: 0 | 1): string | null {
  const mine = revealed.filter((r) => r.seat === seat);
  if (!mine.length) return null;
  return t('mgs.status.revealed', { schemes: mine.map((r) => `${named(t, r.pick.scheme)} ${r.check ? '✓' : '✗'}`).join(', ') });
}

/** The game's result, once over (U11, END-6): each crew's VP, the winner, and the VP of each turn. */
export function resultLines(t: Translate, c: LineContext): string[] {
  const totals = ([0, 1] as const).map((seat) => c.ledger.filter((e) => e.seat === seat).reduce((n, e) => n + e.vp, 0));
  const winner = totals[0]! > totals[1]! ? `**${c.names[0]}**` : totals[1]! > totals[0]! ? `**${c.names[1]}**` : 'none';
  const scores = ([0, 1] as const).map((seat) => `**${c.names[seat]}** ${totals[seat]}`).join(' · ');
  const rows = ([0, 1] as const)
    .map((seat) => {
      const byTurn = [1, 2, 3, 4, 5].map((turn) => c.ledger.filter((e) => e.seat === seat && e.turn === turn).reduce((n, e) => n + e.vp, 0));
      // A turn never played (ended early by agreement) reads as a dash, not as a turn that scored nothing.
      const played = c.agreedEnd && c.turn !== undefined ? c.turn : LAST_TURN;
      return `${c.names[seat]} ${byTurn.map((vp, i) => (i + 1 > played && vp === 0 ? '–' : String(vp))).join('·')}`;
    })
    .join(' — ');
  return [t('mgs.event.result', { scores, winner }), t('mgs.event.byTurn', { rows })];
}
