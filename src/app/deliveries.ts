/**
 * After the engine has spoken: what each person gets to see. The public message (events, the duel
 * picture, whose decision it is — never its controls) goes to the channel; a changed hand or a decision
 * goes to its owner by DM — or, when DMs are closed, a notice without secrets and the ephemeral "My hand"
 * button.
 */
import { ButtonStyle, ComponentType, type APIEmbed, type APIEmbedField, type APIMessageTopLevelComponent } from 'discord-api-types/v10';
import type { RawFile } from '@discordjs/rest';
import * as engine from '../systems/malifaux-table/engine/index.js';
import { renderDuel, renderFlip, renderHand } from '../systems/malifaux-table/pictures/index.js';
import { translator, type Locale, type Translate } from '../i18n/index.js';
import type { InitialReply, OutgoingMessage } from '../discord/contract.js';
import type { InteractionScope } from '../discord/interaction.js';
import { reply, update, type ReplyMessage } from '../discord/replies.js';
import { takesFromDeck, type LoadedGame, type UndoResult } from './games.js';
import type { Services } from './services.js';
import { privatePromptsOf, type SentHand } from './privatePrompts.js';
import { publicWaitsOf, type PublicWait } from './publicWaits.js';
import { describeError } from '../discord/outbox.js';
import type { UserSettings } from '../store/contract.js';
import { cardName } from '../systems/malifaux-table/present/cards.js';
import { cheatContext } from '../systems/malifaux-table/present/cheat.js';
import { eventLine, type SeatNames } from '../systems/malifaux-table/present/events.js';
import { decisionComponents, describeDecision, handButtonId, type Row } from '../systems/malifaux-table/present/prompts.js';
import { COLOR, resolutionLines, seatsField, waitingLine, type Seated, type Table } from '../systems/malifaux-table/present/status.js';
import { damagePicture, duelPicture, handPicture } from '../systems/malifaux-table/present/pictures.js';

export interface Outcome {
  game: LoadedGame;
  before: engine.GameState;
  events: engine.GameEvent[];
}

type Scope = InteractionScope & { services: Services };

const DESCRIPTION_LIMIT = 4000;

function clip(lines: string[]): string {
  let text = lines.join('\n');
  if (text.length > DESCRIPTION_LIMIT) text = '…\n' + text.slice(text.length - DESCRIPTION_LIMIT + 2);
  return text;
}

function handRow(t: Translate, gameId: string): Row {
  return {
    type: ComponentType.ActionRow,
    components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: handButtonId(gameId), label: t('hand.button'), emoji: { name: '🂠' } }],
  };
}

type Resolved = { kind: 'duel'; resolution: engine.DuelResolution } | { kind: 'damage'; resolution: engine.DamageResolution };

/** The table right after the last result event of this batch, while the duel is still on it to be drawn. */
function resolvedOnTable(before: engine.GameState, events: readonly engine.GameEvent[]): Resolved | null {
  // Most batches resolve nothing worth a picture: don't replay them a second time.
  if (!events.some((e) => e.type === 'DuelResolved' || e.type === 'DamageResolved')) return null;
  let state = before;
  let found: Resolved | null = null;
  for (const event of events) {
    state = engine.evolve(state, event);
    if (event.type !== 'DuelResolved' && event.type !== 'DamageResolved') continue;
    const view = engine.publicView(state);
    const r = view.status === 'new' ? null : view.resolution;
    if (r?.kind === 'duel') found = { kind: 'duel', resolution: r };
    else if (r?.kind === 'damage') found = { kind: 'damage', resolution: r };
  }
  return found;
}

function namesOf(table: Table): SeatNames {
  return [table.seats[0].name, table.seats[1].name];
}

/**
 * The public message for a batch of events: what happened, where things stand, who decides next.
 * Built from the public view only; the one exception is the legal choices of a decision that needs no
 * hidden card (picks among revealed cards, soulstones, triggers…), which become its buttons.
 */
export async function publicMessage(t: Translate, outcome: Outcome): Promise<OutgoingMessage> {
  const view = engine.publicView(outcome.game.state);
  if (view.status === 'new') return { content: '…' };
  const names = namesOf(view);
  const lines = outcome.events.map((e) => eventLine(t, names, e)).filter((l): l is string => l !== null);
  const embed: APIEmbed = { description: clip(lines.length ? lines : ['…']), color: COLOR.neutral };
  const components: APIMessageTopLevelComponent[] = [];
  let content: string | undefined;
  let mention: string[] = [];
  const files: RawFile[] = [];

  if (view.status === 'active') {
    const progress = resolutionLines(t, view);
    if (progress.length) embed.fields = [{ name: t('status.onTheTable'), value: clip(progress).slice(0, 1024) }];
    const waiting = waitingText(t, view, view.pending);
    if (view.pending && waiting) {
      // Whom the table waits for, and what about; the controls go to the decider alone (DM, "My hand").
      embed.color = COLOR.waiting;
      content = waiting;
      mention = [view.seats[view.pending.seat].userId];
    }
    components.push(handRow(t, view.gameId));
  } else {
    embed.color = COLOR.ended;
    embed.title = t('game.ended.title');
    embed.fields = [...(seatsField(t, view) ?? []), ...(view.seed ? [{ name: t('game.ended.seed'), value: `\`${view.seed}\`` }] : [])];
  }

  // DUEL-3: the defender of an opposed duel is called to the table, whoever decides first.
  const started = outcome.events.find((e) => e.type === 'DuelStarted');
  if (started?.type === 'DuelStarted') {
    const defender = started.sides[1];
    if (defender && defender.seat !== started.initiator) {
      const userId = view.seats[defender.seat].userId;
      mention = [...new Set([...mention, userId])];
      content = [t('duel.defenderCalled', { name: `<@${userId}>` }), content].filter(Boolean).join('\n');
    }
  }

  const resolved = resolvedOnTable(outcome.before, outcome.events);
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
      files.push({ name: 'damage.png', data: await renderFlip(picture), contentType: 'image/png' });
      embed.image = { url: 'attachment://damage.png' };
    }
  }

  return {
    ...(content ? { content } : {}),
    embeds: [embed],
    components: components as OutgoingMessage['components'],
    allowed_mentions: { parse: [], users: mention },
    ...(files.length ? { files } : {}),
  };
}

/** Who the table waits for, as the channel says it, and where the decider answers. */
function waitingText(t: Translate, table: Seated, pending: Pick<engine.PendingDecision, 'kind' | 'seat'> | null): string | null {
  const waiting = waitingLine(t, table, pending);
  if (waiting === null || pending === null) return null;
  return `${waiting} ${t('prompt.privateHint')}`;
}

/** A player's hand, privately: the picture, the card list, and the decision that needs it, if any. */
export async function handMessage(t: Translate, state: engine.ActiveState, seat: engine.Seat): Promise<OutgoingMessage> {
  const hand = state.seats[seat].hand;
  const decision = engine.pendingDecision(state);
  const mine = decision && decision.seat === seat ? decision : null;
  const highlight = mine && mine.kind === 'cheat' ? mine.legal : undefined;
  const picture = handPicture(t, state, seat, highlight);
  const files: RawFile[] = picture ? [{ name: 'hand.png', data: await renderHand(picture), contentType: 'image/png' }] : [];
  const embed: APIEmbed = {
    title: t('hand.title', { count: hand.length }),
    description: hand.length ? hand.map((c) => `• ${cardName(t, c)}`).join('\n') : t('hand.empty'),
    color: mine ? COLOR.waiting : COLOR.neutral,
    footer: { text: t('hand.footer', { a: state.seats[0].name, b: state.seats[1].name, soulstones: state.seats[seat].soulstones }) },
    ...(files.length ? { image: { url: 'attachment://hand.png' } } : {}),
  };
  // What the decision is about, from this player's own view: their flip, the table, their hand.
  const view = engine.privateView(state, seat);
  // A cheat explains itself (the totals, what would succeed); any other decision shows the table as the
  // channel does, so the DM alone is enough to decide.
  const context = view.status === 'new' || !mine ? [] : mine.kind === 'cheat' ? cheatContext(t, view, mine) : resolutionLines(t, view);
  const content = mine ? [t('prompt.yourTurn', { decision: t(`decision.${mine.kind}`) }), ...context].join('\n') : null;
  return {
    ...(content ? { content } : {}),
    embeds: [embed],
    components: (mine ? decisionComponents(t, state.gameId, mine) : []) as OutgoingMessage['components'],
    allowed_mentions: { parse: [] },
    ...(files.length ? { files } : {}),
  };
}

/**
 * DMs read in the language the player chose with /settings, else the one their Discord client uses: known
 * for whoever is acting now, and remembered from their last action for the other player, else the server's.
 */
function privateLocale(settings: UserSettings, userId: string, scope: Scope): Locale {
  if (settings.locale === 'fr' || settings.locale === 'en') return settings.locale;
  if (userId === scope.asker.id) return scope.locale;
  if (settings.clientLocale === 'fr' || settings.clientLocale === 'en') return settings.clientLocale;
  return scope.publicLocale;
}

/**
 * Remembers the asker's client language for the DMs they will get when the other player acts. Done
 * after the answer (it is after() work), and only once a command has changed the game: a refused or
 * malformed interaction changes nothing in the database.
 */
async function rememberAskerLocale(scope: Scope): Promise<void> {
  try {
    await scope.services.languages.rememberClient(scope.asker.id, scope.clientLocale);
  } catch (error) {
    // A language to remember must not cost anyone their hand: the DMs go out anyway.
    scope.services.log.warn(`could not remember a client locale: ${describeError(error)}`);
  }
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** DMs for every seat whose hand changed or who must now decide. */
export async function deliverPrivately(scope: Scope, outcome: Outcome, options: { everyHand?: boolean; answeredIn?: string } = {}): Promise<void> {
  const { services } = scope;
  await rememberAskerLocale(scope);
  const { state, stored } = outcome.game;
  const prompts = privatePromptsOf(services.outbox);
  const decision = state.status === 'active' ? engine.pendingDecision(state) : null;
  // The channel's "waiting for …" of a private decision now settled (answered, undone, the game over).
  for (const wait of publicWaitsOf(services.outbox).settled(stored.id, decision?.id ?? null)) await markAnswered(scope, wait);
  if (state.status !== 'active') {
    // The game is over: no DM'd decision is live any more.
    if (state.status === 'ended') {
      for (const { seat, dm } of prompts.ended(stored.id)) await editHandDm(scope, dm, dmLanguage(scope, state.seats[seat].userId), 'prompt.closed');
    }
    return;
  }
  // The decision before matters only to tell a new decision from one already announced.
  const decisionBefore = decision === null ? null : engine.pendingDecision(outcome.before);
  for (const seat of [0, 1] as const) {
    const userId = state.seats[seat].userId;
    const language = dmLanguage(scope, userId);
    const mine = decision !== null && decision.seat === seat ? decision : null;
    // A DM'd decision settled some other way (the "My hand" view, an undo) loses its controls. The DM
    // the player answered in already says so (the click replaced its text): it is left as it is.
    const settled = prompts.settled(stored.id, seat, mine?.id ?? null);
    if (settled?.messageId !== options.answeredIn) await editHandDm(scope, settled, language, 'prompt.closed');
    const handBefore = outcome.before.status === 'new' ? [] : outcome.before.seats[seat].hand;
    const handChanged = options.everyHand === true || !sameCards(handBefore, state.seats[seat].hand);
    const newDecision = mine !== null && mine.id !== decisionBefore?.id;
    if (!handChanged && !newDecision) continue;
    const { settings, t } = await language();
    if (!settings.directMessages) continue; // they chose the "My hand" button; the public message names the decision
    const sent = await services.outbox.sendDirectMessage(userId, await handMessage(t, state, seat));
    if (sent.ok) {
      // The newest DM is the current hand (with the decision's controls, if any); the one before says it is older.
      const previous = prompts.sent(stored.id, seat, sent, mine?.id ?? null);
      if (previous !== undefined && !previous.closed) await editHandDm(scope, previous, language, 'hand.superseded');
      continue;
    }
    const tp = translator(scope.publicLocale);
    await services.outbox.postToChannel(stored.channelId, {
      content: tp('hand.dmClosed', { name: `<@${userId}>` }),
      components: [handRow(tp, state.gameId)] as OutgoingMessage['components'],
      allowed_mentions: { parse: [], users: [userId] },
    });
  }
}

type DmLanguage = () => Promise<{ settings: UserSettings; t: Translate }>;

/** A player's settings and DM language, read from the store once, when first needed. */
function dmLanguage(scope: Scope, userId: string): DmLanguage {
  let read: ReturnType<DmLanguage> | undefined;
  return () =>
    (read ??= scope.services.store.getUserSettings(userId).then((settings) => ({ settings, t: translator(privateLocale(settings, userId, scope)) })));
}

/**
 * Replaces an older hand DM's text with `note` and takes its controls away. Best effort: if the edit
 * fails, a click on the old controls is still refused as stale.
 */
async function editHandDm(scope: Scope, dm: SentHand | undefined, language: DmLanguage, note: 'prompt.closed' | 'hand.superseded'): Promise<void> {
  if (dm === undefined) return;
  try {
    const { t } = await language();
    await scope.services.outbox.editChannelMessage(dm.channelId, dm.messageId, { content: t(note), components: [] });
  } catch (error) {
    scope.services.log.warn(`could not update an older hand DM: ${describeError(error)}`);
  }
}

function asReply(message: OutgoingMessage): { data: ReplyMessage; files?: RawFile[] } {
  const { files, ...data } = message;
  return { data: data as ReplyMessage, ...(files ? { files } : {}) };
}

/** The after() work of an action (a factory, not a named closure: see boldNames in present/events.ts). */
function privatelyAfter(scope: Scope, outcome: Outcome, answeredIn?: string): () => Promise<void> {
  return () => deliverPrivately(scope, outcome, answeredIn === undefined ? {} : { answeredIn });
}

/**
 * The answer to the interaction that caused `outcome`:
 * - a slash command gets the public message as its reply;
 * - a click updates the clicked message (its buttons are spent) and the public message is posted anew.
 */
export async function deliverAfterAction(
  scope: Scope,
  outcome: Outcome,
  how: { reply: 'public' } | { reply: 'update'; note: string; /** the clicked message */ messageId: string },
): Promise<InitialReply> {
  const message = await publicMessage(scope.tPublic, outcome);
  const privately = privatelyAfter(scope, outcome, how.reply === 'update' ? how.messageId : undefined);
  const wait = privateWaitOf(scope, outcome, message);
  if (how.reply === 'public') {
    const { data, files } = asReply(message);
    return reply(data, { ...(files ? { files } : {}), after: wait ? announcedAfter(scope, outcome, wait, privately) : privately });
  }
  return update({ content: how.note, components: [] }, async () => {
    const { messageId } = await scope.services.outbox.postToChannel(outcome.game.stored.channelId, message);
    await privately();
    if (wait) publicWaitsOf(scope.services.outbox).announced(outcome.game.stored.id, { ...wait, messageId });
  });
}

type WaitToRecord = Omit<PublicWait, 'messageId'>;

/** What to remember of a message that announces a private decision (null when it announces none). */
function privateWaitOf(scope: Scope, outcome: Outcome, message: OutgoingMessage): WaitToRecord | null {
  const { state, stored } = outcome.game;
  if (state.status !== 'active') return null;
  const decision = engine.pendingDecision(state);
  if (decision === null || message.content === undefined) return null;
  const t = scope.tPublic;
  const waiting = waitingText(t, state, decision);
  if (waiting === null || !message.content.includes(waiting)) return null;
  const answered = t('prompt.answered', { name: `<@${state.seats[decision.seat].userId}>`, decision: describeDecision(t, decision) });
  return { channelId: stored.channelId, decisionId: decision.id, content: message.content, waiting, answered, embeds: message.embeds ?? [] };
}

/** The after() work of a reply that announces a private decision: learn the reply's id to mark it later. */
function announcedAfter(scope: Scope, outcome: Outcome, wait: WaitToRecord, privately: () => Promise<void>): () => Promise<void> {
  return async () => {
    await privately();
    const messageId = await scope.services.outbox.originalMessageId(scope.interactionToken);
    publicWaitsOf(scope.services.outbox).announced(outcome.game.stored.id, { ...wait, messageId });
  };
}

/** Marks an announcement done. Best effort: the newer messages say what happened anyway. */
async function markAnswered(scope: Scope, wait: PublicWait): Promise<void> {
  try {
    // The embed loses the "waiting" colour with the words: nothing is awaited any more.
    const embeds = wait.embeds.map((embed) => (embed.color === COLOR.waiting ? { ...embed, color: COLOR.neutral } : embed));
    await scope.services.outbox.editChannelMessage(wait.channelId, wait.messageId, { content: wait.content.replace(wait.waiting, wait.answered), embeds, allowed_mentions: { parse: [] } });
  } catch (error) {
    scope.services.log.warn(`could not mark a waiting notice answered: ${describeError(error)}`);
  }
}

/** Options that differ from the rulebook's reading are said once, where the game starts. */
function houseOptionsField(t: Translate, options: engine.GameOptions): APIEmbedField[] {
  const lines = [
    ...(options.handLimit !== 6 ? [t('game.started.handLimit', { limit: options.handLimit })] : []),
    ...(options.preventAndReduce ? [t('game.started.preventAndReduce')] : []),
  ];
  return lines.length ? [{ name: t('game.started.options'), value: lines.join('\n') }] : [];
}

export async function announceGameStart(scope: Scope, game: LoadedGame): Promise<InitialReply> {
  const state = engine.publicView(game.state);
  if (state.status === 'new') throw new Error('a new game has seats');
  const t = scope.tPublic;
  const embed: APIEmbed = {
    title: t('game.started.title', { system: t(`system.${state.system}`), a: state.seats[0].name, b: state.seats[1].name }),
    description: t('game.started.description'),
    color: COLOR.neutral,
    fields: [
      ...(seatsField(t, state) ?? []),
      ...houseOptionsField(t, state.options),
      { name: t('game.started.commitment'), value: `\`${state.seedCommitment}\`\n${t('game.started.commitmentHelp')}` },
    ],
  };
  return reply(
    {
      content: t('game.started.ping', { a: `<@${state.seats[0].userId}>`, b: `<@${state.seats[1].userId}>` }),
      embeds: [embed],
      components: [handRow(t, state.gameId)],
      allowed_mentions: { parse: [], users: [state.seats[1].userId] },
    },
  );
}

export async function announceUndo(scope: Scope, undone: Extract<UndoResult, { ok: true }>): Promise<InitialReply> {
  const t = scope.tPublic;
  const outcome: Outcome = { game: undone.game, before: undone.game.state, events: [] };
  const message = await publicMessage(t, outcome);
  const line = [
    t(undone.asReferee ? 'game.undo.asReferee' : 'game.undo.done', { name: scope.asker.name, count: undone.undone.length }),
    // Fairness by disclosure: everyone learns that cards seen a moment ago are back on top of a deck.
    ...(takesFromDeck(undone.undone) ? [t('game.undo.cardsBack')] : []),
  ].join('\n');
  const embed = message.embeds?.[0];
  const { data } = asReply({ ...message, embeds: [{ ...(embed ?? {}), description: line }] });
  // Hands may have changed back: each player gets their current hand again.
  return reply(data, { after: () => deliverPrivately(scope, outcome, { everyHand: true }) });
}

