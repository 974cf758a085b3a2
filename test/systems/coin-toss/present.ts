/**
 * What the coin toss shows: plain text messages built from views only, and a button row whose custom ids
 * it writes here (`fk:ct:<gameId>:<decisionRef>:<choice>`, `fk:ctv:<gameId>`) and reads back in
 * interactions.ts.
 *
 * Plain English: the platform's Translate only knows the platform's own message keys, so a system kept
 * outside src/ cannot bring its own translations (it reuses `prompt.answered` for the settled wait line).
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { DecisionSummary, Message, Presentation, PublicBatch } from '../../../src/systems/contract.js';
import { decisionRef } from '../../../src/systems/decisionRef.js';
import type { Event, PrivateView, PublicView } from './rules.js';

export const ANSWER_PREFIX = 'ct';
export const VIEW_PREFIX = 'ctv';

type Row = NonNullable<Message['components']>[number];
type Playing = Exclude<PublicView, { status: 'new' }>;

const COLORS = { neutral: 0x5865f2, success: 0x57f287, failure: 0xed4245, waiting: 0xfee75c };

export function answerId(gameId: string, decisionId: string, choice: string): string {
  return `fk:${ANSWER_PREFIX}:${gameId}:${decisionRef(decisionId)}:${choice}`;
}

export function viewId(gameId: string): string {
  return `fk:${VIEW_PREFIX}:${gameId}`;
}

const mention = (view: Playing, seat: number): string => `<@${view.seats[seat]?.userId ?? '0'}>`;
const nameOf = (view: Playing, seat: number): string => view.seats[seat]?.name ?? `seat ${seat + 1}`;

function scoreLine(view: Playing): string {
  return `Score (first to ${view.target}): ${view.seats.map((s, i) => `${s.name} ${view.scores[i] ?? 0}`).join(' · ')}`;
}

function decisionName(kind: string): string {
  return kind === 'call' ? 'call the coin' : kind === 'reveal' ? 'reveal the coin' : kind;
}

function waitingText(view: Playing, decision: Pick<DecisionSummary, 'kind' | 'seat'>): string {
  return `Waiting for ${mention(view, decision.seat)} to ${decisionName(decision.kind)} (the choice is in their DMs).`;
}

/** One line of the log, from an event as the reader may know it. */
function eventLine(view: Playing, event: Event, ended: boolean): string | null {
  switch (event.type) {
    case 'GameStarted':
      return `Coin toss started for ${event.seats.map((s) => s.name).join(', ')}, first to ${event.target}.${ended && 'seed' in event ? ` Seed ${event.seed}.` : ''}`;
    case 'CoinTossed':
      return `${nameOf(view, event.tosser)} tossed the coin (toss #${event.toss}${event.label ? `, ${event.label}` : ''}); ${nameOf(view, event.caller)} calls it.`;
    case 'CallMade':
      return `${nameOf(view, event.seat)} called toss #${event.toss}${'side' in event ? `: ${event.side}` : ''}.`;
    case 'CoinRevealed':
      return `Toss #${event.toss}: ${event.coin}; ${nameOf(view, event.caller)} called ${event.call}. A point for ${nameOf(view, event.scorer)}.`;
    case 'GameEnded':
      if (event.conceded !== null) return `${nameOf(view, event.conceded)} conceded.`;
      return `The game ended${event.by ? ` (by <@${event.by}>)` : ''}${event.reason ? `: ${event.reason}` : ''}.`;
    case 'EndRequested':
      return `<@${event.by}> ${event.concede ? 'concedes' : 'asks to end the game without a result'}; final at <t:${Math.floor(event.until / 1000)}:t> unless taken back.`;
    case 'EndTakenBack':
      return `<@${event.by}> took the end back.`;
    case 'CoinsSeenKeptOut':
      return event.retossed !== null ? `The coin is tossed anew (toss #${event.retossed}): its reveal was undone.` : null;
    default:
      return null;
  }
}

/** An action in words, from its first event (the command's own). */
function describe(view: Playing, events: readonly Event[], author: string | null): string {
  const first = events[0];
  switch (first?.type) {
    case 'CoinTossed':
      return `${nameOf(view, first.tosser)}'s toss #${first.toss}`;
    case 'CallMade':
      return `${nameOf(view, first.seat)}'s call of toss #${first.toss}`;
    case 'CoinRevealed':
      return `${nameOf(view, first.tosser)}'s reveal of toss #${first.toss}`;
    default:
      return author ? `${author}'s last action` : 'the last action';
  }
}

function viewRow(gameId: string): Row {
  return { type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: viewId(gameId), label: 'My coin view' }] };
}

function statusLines(view: Playing): string[] {
  const lines = [scoreLine(view)];
  if (view.status === 'ended') {
    const best = Math.max(...view.scores);
    const leaders = view.seats.filter((_, i) => view.scores[i] === best).map((s) => s.name);
    if (view.conceded !== null) lines.push(`${nameOf(view, view.conceded)} conceded.`);
    else if (view.endReason === 'target') lines.push(leaders.length === 1 ? `${leaders[0]} wins.` : `A draw between ${leaders.join(' and ')}.`);
    else lines.push('No result.');
    if (view.seed) lines.push(`The seed was ${view.seed} (commitment ${view.seedCommitment}).`);
  } else if (view.pending) {
    lines.push(waitingText(view, view.pending));
  } else {
    lines.push(`${mention(view, view.turn)} tosses next (/toss).`);
  }
  return lines;
}

export const presentation: Presentation<PublicView, PrivateView, Event> = {
  async afterAction(_t, batch: PublicBatch<PublicView, Event>) {
    const view = batch.view;
    if (view.status === 'new') return { content: 'No game yet.' };
    const happened = batch.events.map((e) => eventLine(view, e, view.status === 'ended')).filter((l): l is string => l !== null);
    return { content: [...happened, ...statusLines(view)].join('\n'), allowed_mentions: { parse: [] } };
  },
  // A toss is a story: its call and its reveal edit one channel message.
  story: (view) => (view.status === 'active' && view.pending ? `toss:${view.pending.toss}` : null),
  gameStarted(_t, view) {
    if (view.status === 'new') return { content: 'No game yet.' };
    return {
      content: [`🪙 Coin toss: ${view.seats.map((s) => s.name).join(' vs ')}. Seed commitment ${view.seedCommitment}.`, ...statusLines(view)].join('\n'),
      allowed_mentions: { parse: [] },
    };
  },
  async undone(_t, view, undone) {
    if (view.status === 'new') return { content: 'Undone.' };
    const what = describe(view, undone.events, undone.author);
    const amends = undone.amends.map((e) => eventLine(view, e, false)).filter((l): l is string => l !== null);
    return { content: [`↩️ ${undone.by} undid: ${what}.`, ...amends, ...statusLines(view)].join('\n'), allowed_mentions: { parse: [] } };
  },
  async privateMessage(_t, view) {
    if (view.status === 'new') return { content: 'No game yet.' };
    const lines = [`🪙 Coin toss — you are ${nameOf(view, view.viewer)}.`, scoreLine(view)];
    if (view.myCall) lines.push(`Your call for toss #${view.tosses}: ${view.myCall} (hidden from the others until the reveal).`);
    const components: Row[] = [];
    const d = view.decision;
    if (d?.kind === 'call') {
      lines.push(`Call toss #${d.toss}:`);
      components.push({
        type: ComponentType.ActionRow,
        components: [
          { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: answerId(view.gameId, d.id, 'heads'), label: 'Heads' },
          { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: answerId(view.gameId, d.id, 'tails'), label: 'Tails' },
        ],
      });
    } else if (d?.kind === 'reveal') {
      lines.push(`Reveal toss #${d.toss}:`);
      components.push({ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Success, custom_id: answerId(view.gameId, d.id, 'reveal'), label: 'Reveal' }] });
    }
    return { content: lines.join('\n'), components };
  },
  privateChanged(before, after) {
    if (after.status === 'new') return false;
    const was = before === null || before.status === 'new' ? null : before.decision;
    return after.decision !== null && after.decision.id !== was?.id;
  },
  describeAction: (_t, view, events, author) => (view.status === 'new' ? 'the last action' : describe(view, events, author)),
  decisionName: (_t, decision) => decisionName(decision.kind),
  logLine(_t, view, event, ended) {
    return view.status === 'new' ? null : eventLine(view, event, ended);
  },
  colors: COLORS,
  privateViewRow: (_t, gameId) => viewRow(gameId),
  status(_t, view, mine, clock) {
    if (view.status === 'new') return { content: 'No game yet.' };
    const lines = statusLines(view);
    const opened = view.pending ? clock.opened.get(view.pending.id) : undefined;
    if (opened) lines.push(`Waiting since <t:${Math.floor(opened.at.getTime() / 1000)}:R> (log entry #${opened.entry}).`);
    // The asker's own hidden call, to them alone; a spectator has none.
    if (mine && mine.status !== 'new' && mine.myCall) lines.push(`Your call for toss #${mine.tosses}: ${mine.myCall}.`);
    return { content: lines.join('\n'), allowed_mentions: { parse: [] } };
  },
  hints(_t, view, mine) {
    if (view.status !== 'active') return [];
    if (view.pending) return [mine && mine.status !== 'new' && mine.decision ? `The table waits for you: ${decisionName(view.pending.kind)} (in your DMs).` : waitingText(view, view.pending)];
    return mine && mine.status !== 'new' && mine.viewer === view.turn ? ['Your turn: /toss the coin.'] : [`${mention(view, view.turn)} tosses next.`];
  },
  guide: () => ({ steps: ['**Toss.** `/toss` on your turn; the next player calls it in their DMs, then you reveal it.'] }),
};
