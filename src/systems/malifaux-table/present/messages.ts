/**
 * What Malifaux at the table shows: the channel's message after each action, the start announcement,
 * an undo, a seat's private message (hand and decision), the "waiting for" line, the log's lines.
 *
 * Every function here receives views — the public view, or one seat's private view for that seat's own
 * message — never the state, so a hand or a deck order is not even reachable from a public message.
 */
import { ButtonStyle, ComponentType, type APIEmbed, type APIEmbedField } from 'discord-api-types/v10';
import * as engine from '../engine/index.js';
import { sortCanonical } from '../engine/cards.js';
import { renderDamage, renderDuel, renderHand } from '../pictures/index.js';
import type { Translate } from '../../../i18n/index.js';
import type { Attachment, DecisionSummary, Message, Presentation, PublicBatch, UndoneAction } from '../../contract.js';
import { cardName } from './cards.js';
import { cheatContext } from './cheat.js';
import { decisionContext } from './decisionContext.js';
import { eventLine, logText, type PublicEvent, type SeatNames } from './events.js';
import { decisionComponents, describeDecision, handButtonId, type Row } from './prompts.js';
import { describeAction } from './undo.js';
import { COLOR, resolutionLines, seatsField, statusMessage, waitingLine, type Table } from './status.js';
import { guide, hints } from './help.js';
import { attachFlipPicture, damagePicture, drawPicture, duelPicture, handDescription, handPicture, warmUpPictures } from './pictures.js';

type PublicView = engine.PublicView;
type PrivateView = engine.PrivateView;
/** What the public log may show of an event (the engine's publicEvent), or the full event once the game has ended. */
type Event = PublicEvent;

const DESCRIPTION_LIMIT = 4000;

function clip(lines: string[]): string {
  let text = lines.join('\n');
  if (text.length > DESCRIPTION_LIMIT) text = '…\n' + text.slice(text.length - DESCRIPTION_LIMIT + 2);
  return text;
}

export function handRow(t: Translate, gameId: string): Row {
  return {
    type: ComponentType.ActionRow,
    components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: handButtonId(gameId), label: t('hand.button'), emoji: { name: '🂠' } }],
  };
}

function namesOf(table: Table): SeatNames {
  return [table.seats[0].name, table.seats[1].name];
}

type Resolved = { kind: 'duel'; resolution: engine.DuelResolution } | { kind: 'damage'; resolution: engine.DamageResolution };

/** The table right after the last result event of this batch, while the duel is still on it to be drawn. */
function resolvedOnTable(batch: PublicBatch<PublicView, Event>): Resolved | null {
  let found: Resolved | null = null;
  batch.events.forEach((event, index) => {
    if (event.type !== 'DuelResolved' && event.type !== 'DamageResolved') return;
    const view = batch.viewAfter(index);
    const r = view.status === 'new' ? null : view.resolution;
    if (r?.kind === 'duel') found = { kind: 'duel', resolution: r };
    else if (r?.kind === 'damage') found = { kind: 'damage', resolution: r };
  });
  return found;
}

/** Who the table waits for, as the channel says it, and where the decider answers. */
function waitingText(t: Translate, table: Table, pending: Pick<DecisionSummary, 'kind' | 'seat'> | null): string | null {
  const waiting = waitingLine(t, table, pending as Pick<engine.PendingDecision, 'kind' | 'seat'> | null);
  if (waiting === null || pending === null) return null;
  return `${waiting} ${t('prompt.privateHint')}`;
}

/**
 * The public message for a batch of events: what happened, where things stand, who decides next.
 * Built from the public view only: the decision's controls go to the decider alone.
 */
async function afterAction(t: Translate, batch: PublicBatch<PublicView, Event>): Promise<Message> {
  const view = batch.view;
  if (view.status === 'new') return { content: '…' };
  const names = namesOf(view);
  const lines = batch.events.map((e) => eventLine(t, names, e)).filter((l): l is string => l !== null);
  // What an undo took back stays readable, struck through, so nobody acts on a step that no longer holds.
  const undone = (batch.undone ?? []).map((e) => eventLine(t, names, e)).filter((l): l is string => l !== null);
  if (undone.length) lines.push(t('story.undone'), ...undone.map((l) => `~~${l}~~`));
  const embed: APIEmbed = { description: clip(lines.length ? lines : ['…']), color: COLOR.neutral };
  const components: Row[] = [];
  let content: string | undefined;
  let mention: string[] = [];
  const files: Attachment[] = [];

  if (view.status === 'active') {
    const progress = resolutionLines(t, view);
    if (progress.length) embed.fields = [{ name: t('status.onTheTable'), value: clip(progress).slice(0, 1024) }];
    const waiting = waitingText(t, view, view.pending);
    if (view.pending && waiting) {
      // Whom the table waits for, and what about; the controls go to the decider alone (DM, "My hand").
      embed.color = COLOR.waiting;
      content = waiting;
      mention = [view.seats[view.pending.seat].userId];
      // One "My hand" button, where a decision may need it (a player whose DMs are closed answers there).
      components.push(handRow(t, view.gameId));
    }
  } else {
    embed.color = COLOR.ended;
    embed.title = t('game.ended.title');
    embed.fields = [...(seatsField(t, view) ?? []), ...(view.seed ? [{ name: t('game.ended.seed'), value: `\`${view.seed}\`` }] : [])];
  }

  // DUEL-3: the defender of an opposed duel is called to the table, whoever decides first.
  const started = batch.events.find((e) => e.type === 'DuelStarted');
  if (started?.type === 'DuelStarted') {
    const defender = started.sides[1];
    if (defender && defender.seat !== started.initiator) {
      const userId = view.seats[defender.seat].userId;
      mention = [...new Set([...mention, userId])];
      content = [t('duel.defenderCalled', { name: `<@${userId}>` }), content].filter(Boolean).join('\n');
    }
  }

  const resolved = resolvedOnTable(batch);
  if (resolved?.kind === 'duel') {
    const picture = duelPicture(t, names, resolved.resolution);
    const result = resolved.resolution.result;
    if (result) embed.color = result.attacker.succeeded ? COLOR.success : COLOR.failure;
    if (picture) {
      files.push({ name: 'duel.png', data: await renderDuel(picture), contentType: 'image/png' });
      embed.image = { url: 'attachment://duel.png' };
    }
  } else if (resolved?.kind === 'damage') {
    const picture = damagePicture(t, names, resolved.resolution);
    if (picture) {
      files.push({ name: 'damage.png', data: await renderDamage(picture), contentType: 'image/png' });
      embed.image = { url: 'attachment://damage.png' };
    }
  }
  if (!resolved) await attachFlipPicture(t, names, batch, embed, files);

  return {
    ...(content ? { content } : {}),
    embeds: [embed],
    components,
    allowed_mentions: { parse: [], users: mention },
    ...(files.length ? { files } : {}),
  };
}

/** A player's hand, privately: the picture, the card list, and the decision that needs it, if any. */
async function privateMessage(t: Translate, view: PrivateView): Promise<Message> {
  if (view.status === 'new') return { content: '…' };
  const hand = view.hand;
  const mine = view.decision;
  const highlight = mine && mine.kind === 'cheat' ? mine.legal : undefined;
  const files: Attachment[] = [{ name: 'hand.png', data: await renderHand(handPicture(t, hand, highlight)), contentType: 'image/png', description: handDescription(t, hand, highlight) }];
  const embed: APIEmbed = {
    title: t('hand.title', { count: hand.length }),
    // The hand is the picture; its cards once more in one line of text, in the picture's order, for a
    // screen reader or a notification's preview.
    description: hand.length ? sortCanonical(hand).map((c) => cardName(t, c)).join(' · ') : t('hand.empty'),
    color: mine ? COLOR.waiting : COLOR.neutral,
    footer: { text: t('hand.footer', { a: view.seats[0].name, b: view.seats[1].name, soulstones: view.seats[view.viewer].soulstones }) },
    image: { url: 'attachment://hand.png' },
  };
  // What the decision is about (the action, both sides, the TN, the damage, the triggers, what each
  // choice does); then a cheat explains itself (the totals, what would succeed), and any other decision
  // shows the table as the channel does, so the DM alone is enough to decide.
  const context = !mine ? [] : [...decisionContext(t, view, mine), ...(mine.kind === 'cheat' ? cheatContext(t, view, mine) : resolutionLines(t, view))];
  const content = mine ? [t('prompt.yourTurn', { decision: t(`decision.${mine.kind}`) }), ...context].join('\n') : null;
  return {
    ...(content ? { content } : {}),
    embeds: [embed],
    components: mine ? decisionComponents(t, view.gameId, mine) : [],
    allowed_mentions: { parse: [] },
    files,
  };
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** A seat's DM is due again when its hand changed or a decision of its own opened. */
function privateChanged(before: PrivateView | null, after: PrivateView): boolean {
  if (after.status === 'new') return false;
  const handBefore = before === null || before.status === 'new' ? [] : before.hand;
  if (!sameCards(handBefore, after.hand)) return true;
  const decisionBefore = before === null || before.status === 'new' ? null : before.pending;
  return after.decision !== null && after.decision.id !== decisionBefore?.id;
}

/** Options that differ from the rulebook's reading are said once, where the game starts. */
function houseOptionsField(t: Translate, options: engine.GameOptions): APIEmbedField[] {
  const lines = [
    ...(options.handLimit !== 6 ? [t('game.started.handLimit', { limit: options.handLimit })] : []),
    ...(options.preventAndReduce ? [t('game.started.preventAndReduce')] : []),
  ];
  return lines.length ? [{ name: t('game.started.options'), value: lines.join('\n') }] : [];
}

function gameStarted(t: Translate, view: PublicView): Message {
  if (view.status === 'new') return { content: '…' };
  const embed: APIEmbed = {
    title: t('game.started.title', { system: t(`system.${view.system}`), a: view.seats[0].name, b: view.seats[1].name }),
    description: `${t('game.started.description')}\n${t('game.started.soulstones')}`,
    color: COLOR.neutral,
    fields: [
      ...(seatsField(t, view) ?? []),
      ...houseOptionsField(t, view.options),
      { name: t('game.started.commitment'), value: `\`${view.seedCommitment}\`\n${t('game.started.commitmentHelp')}` },
    ],
  };
  return {
    content: t('game.started.ping', { a: `<@${view.seats[0].userId}>`, b: `<@${view.seats[1].userId}>` }),
    embeds: [embed],
    components: [handRow(t, view.gameId)],
    allowed_mentions: { parse: [], users: [view.seats[1].userId] },
  };
}

async function undone(t: Translate, view: PublicView, what: UndoneAction<Event>): Promise<Message> {
  const message = await afterAction(t, { view, events: [], viewAfter: () => view });
  const names: SeatNames = view.status === 'new' ? ['?', '?'] : namesOf(view);
  const action = describeAction(t, names, what.events, what.author);
  const by = `**${what.by}**`;
  const line = [
    what.asReferee
      ? t('game.undo.byReferee', { name: by, what: action })
      : what.agreedBy.length
        ? t('game.undo.agreed', { name: by, what: action, agreed: what.agreedBy.map((n) => `**${n}**`).join(', ') })
        : t('game.undo.by', { name: by, what: action }),
    // What the undo could not take back (cards seen stay out of the deck, a reshuffle): everyone is told.
    ...what.amends.map((e) => eventLine(t, names, e)).filter((l): l is string => l !== null),
  ].join('\n');
  const embed = message.embeds?.[0];
  return { ...message, embeds: [{ ...(embed ?? {}), description: line }] };
}

/** An event as the log reads it: its words, then the rules it applied as a detail line for referees. */
function logLine(t: Translate, view: PublicView, event: Event, ended: boolean): string | null {
  const names: SeatNames = view.status === 'new' ? ['?', '?'] : namesOf(view);
  return logText(t, names, event, ended);
}

/**
 * A flip, duel or damage flip still on the table is a story: its steps edit one message. So is a decision
 * outside one (the discard down after a draw), until it is made.
 */
function story(view: PublicView): string | null {
  if (view.status !== 'active') return null;
  if (view.resolution) return `resolution:${view.resolution.id}`;
  return view.pending ? `decision:${view.pending.id}` : null;
}

export const presentation: Presentation<PublicView, PrivateView, Event> = {
  afterAction,
  story,
  gameStarted,
  undone,
  describeAction: (t, view, events, author) => describeAction(t, view.status === 'new' ? ['?', '?'] : namesOf(view), events, author),
  privateMessage,
  privateChanged,
  decisionName: (t, decision) => describeDecision(t, decision as Pick<engine.PendingDecision, 'kind'>),
  logLine,
  colors: COLOR,
  privateViewRow: handRow,
  status: statusMessage,
  warmUp: warmUpPictures,
  drawPicture,
  hints,
  guide,
};
