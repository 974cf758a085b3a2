/**
 * After the rules have spoken: what each person gets to see, for any game system. The system's
 * presentation builds the messages, from views only (the public view for the channel, a seat's own
 * private view for that seat's DM); this module sends them:
 * - the public message goes to the channel (as the reply to a slash command, or posted anew after a click);
 * - a seat whose private view changed, or who must now decide, gets its private message by DM — or, when
 *   DMs are closed, a notice without secrets and the system's ephemeral "private view" button;
 * - the channel's "waiting for …" of a decision is marked done once it is settled, and an older DM loses
 *   its controls once it no longer carries the current decision.
 */
import type { RawFile } from '@discordjs/rest';
import type { AnySystem, DecisionSummary, Message, PublicBatch, WaitingLine } from '../../systems/contract.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { SystemEvent } from '../../app/games.js';
import type { UserSettings } from '../../store/contract.js';
import { translator, type Locale, type Translate } from '../../i18n/index.js';
import type { InitialReply, OutgoingMessage } from '../contract.js';
import type { InteractionScope } from '../interaction.js';
import type { Services } from '../services.js';
import { reply, update, type ReplyMessage } from '../replies.js';
import { describeError } from '../outbox.js';
import { privatePromptsOf, type SentHand } from './privatePrompts.js';
import { publicWaitsOf, type PublicWait } from './publicWaits.js';

export interface Outcome {
  game: LoadedGame;
  before: unknown;
  events: SystemEvent[];
}

export type Scope = InteractionScope & { services: Services };

/** A system's message as the outbox sends it (its attachments are @discordjs/rest's raw files). */
export function outgoing(message: Message): OutgoingMessage {
  return message as OutgoingMessage;
}

/** The batch as the public may know it: the public view after it, the redacted events, the view after each. */
export function publicBatch(system: AnySystem, before: unknown, events: readonly SystemEvent[], after: unknown): PublicBatch<unknown, SystemEvent> {
  const shown: SystemEvent[] = [];
  const positions: number[] = [];
  events.forEach((event, i) => {
    const redacted = system.publicEvent(event);
    if (redacted !== null) {
      shown.push(redacted);
      positions.push(i);
    }
  });
  let folded: { index: number; state: unknown } | null = null;
  return {
    view: system.publicView(after),
    events: shown,
    // Folds the batch's own events from the state before it, once, as far as asked.
    viewAfter(index) {
      const upTo = positions[index] ?? events.length - 1;
      if (folded === null || folded.index > upTo) folded = { index: -1, state: before };
      let state = folded.state;
      for (let i = folded.index + 1; i <= upTo; i++) state = system.evolve(state, events[i]!);
      folded = { index: upTo, state };
      return system.publicView(state);
    },
  };
}

/** The public message for a batch of events: what happened, where things stand, who decides next. */
export async function publicMessage(t: Translate, outcome: Outcome): Promise<OutgoingMessage> {
  const { system, state } = outcome.game;
  return outgoing(await system.presentation.afterAction(t, publicBatch(system, outcome.before, outcome.events, state)));
}

/** The decision the table waits for, if any (systems with simultaneous decisions list several: the first is announced). */
function pendingOf(game: Pick<LoadedGame, 'system' | 'state'>): DecisionSummary | null {
  return game.system.phase(game.state) === 'active' ? (game.system.pendingDecisions(game.state)[0] ?? null) : null;
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

/** DMs for every seat whose private view changed or who must now decide. */
export async function deliverPrivately(scope: Scope, outcome: Outcome, options: { everySeat?: boolean; answeredIn?: string } = {}): Promise<void> {
  const { services } = scope;
  await rememberAskerLocale(scope);
  const { system, state, stored } = outcome.game;
  const prompts = privatePromptsOf(services.outbox);
  const decision = pendingOf(outcome.game);
  const seats = system.seatsOf(state);
  // The channel's "waiting for …" of a private decision now settled (answered, undone, the game over).
  for (const wait of publicWaitsOf(services.outbox).settled(stored.id, decision?.id ?? null)) await markAnswered(scope, wait);
  const phase = system.phase(state);
  if (phase !== 'active') {
    // The game is over: no DM'd decision is live any more.
    if (phase === 'ended') {
      for (const { seat, dm } of prompts.ended(stored.id, seats.length)) await editPrivateDm(scope, dm, dmLanguage(scope, seats[seat]!.userId), 'prompt.closed');
    }
    return;
  }
  for (let seat = 0; seat < seats.length; seat++) {
    const userId = seats[seat]!.userId;
    const language = dmLanguage(scope, userId);
    const mine = decision !== null && decision.seat === seat ? decision : null;
    // A DM'd decision settled some other way (the ephemeral view, an undo) loses its controls. The DM
    // the player answered in already says so (the click replaced its text): it is left as it is.
    const settled = prompts.settled(stored.id, seat, mine?.id ?? null);
    if (settled?.messageId !== options.answeredIn) await editPrivateDm(scope, settled, language, 'prompt.closed');
    const view = system.privateView(state, seat);
    const before = system.phase(outcome.before) === 'new' ? null : system.privateView(outcome.before, seat);
    if (options.everySeat !== true && !system.presentation.privateChanged(before, view)) continue;
    const { settings, t } = await language();
    if (!settings.directMessages) continue; // they chose the ephemeral view; the public message names the decision
    const sent = await services.outbox.sendDirectMessage(userId, outgoing(await system.presentation.privateMessage(t, view)));
    if (sent.ok) {
      // The newest DM is the current one (with the decision's controls, if any); the one before says it is older.
      const previous = prompts.sent(stored.id, seat, sent, mine?.id ?? null);
      if (previous !== undefined && !previous.closed) await editPrivateDm(scope, previous, language, 'hand.superseded');
      continue;
    }
    const tp = translator(scope.publicLocale);
    await services.outbox.postToChannel(stored.channelId, {
      content: tp('hand.dmClosed', { name: `<@${userId}>` }),
      components: [system.presentation.privateViewRow(tp, stored.id)] as OutgoingMessage['components'],
      allowed_mentions: { parse: [], users: [userId] },
    });
  }
}

type DmLanguage = () => Promise<{ settings: UserSettings; t: Translate }>;

/** A player's settings and DM language, read from the store once, when first needed. */
function dmLanguage(scope: Scope, userId: string): DmLanguage {
  let read: ReturnType<DmLanguage> | undefined;
  return () => (read ??= scope.services.store.getUserSettings(userId).then((settings) => ({ settings, t: translator(privateLocale(settings, userId, scope)) })));
}

/**
 * Replaces an older private DM's text with `note` and takes its controls away. Best effort: if the edit
 * fails, a click on the old controls is still refused as stale.
 */
async function editPrivateDm(scope: Scope, dm: SentHand | undefined, language: DmLanguage, note: 'prompt.closed' | 'hand.superseded'): Promise<void> {
  if (dm === undefined) return;
  try {
    const { t } = await language();
    await scope.services.outbox.editChannelMessage(dm.channelId, dm.messageId, { content: t(note), components: [] });
  } catch (error) {
    scope.services.log.warn(`could not update an older private DM: ${describeError(error)}`);
  }
}

export function asReply(message: OutgoingMessage): { data: ReplyMessage; files?: RawFile[] } {
  const { files, ...data } = message;
  return { data: data as ReplyMessage, ...(files ? { files } : {}) };
}

/** The after() work of an action (a factory, not a named closure: see boldNames in the presentations). */
function privatelyAfter(scope: Scope, outcome: Outcome, answeredIn?: string): () => Promise<void> {
  return () => deliverPrivately(scope, outcome, answeredIn === undefined ? {} : { answeredIn });
}

/**
 * The answer to the interaction that caused `outcome`:
 * - a slash command gets the public message as its reply;
 * - a click updates the clicked message (its controls are spent) and the public message is posted anew.
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
  const { system, state, stored } = outcome.game;
  const decision = pendingOf(outcome.game);
  if (decision === null || message.content === undefined) return null;
  const line: WaitingLine | null = system.presentation.waiting(scope.tPublic, system.publicView(state), decision);
  if (line === null || !message.content.includes(line.text)) return null;
  return { channelId: stored.channelId, decisionId: decision.id, content: message.content, waiting: line.text, answered: line.answered, embeds: message.embeds ?? [], waitingColor: system.presentation.colors.waiting, neutralColor: system.presentation.colors.neutral };
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
    const embeds = wait.embeds.map((embed) => (embed.color === wait.waitingColor ? { ...embed, color: wait.neutralColor } : embed));
    await scope.services.outbox.editChannelMessage(wait.channelId, wait.messageId, { content: wait.content.replace(wait.waiting, wait.answered), embeds, allowed_mentions: { parse: [] } });
  } catch (error) {
    scope.services.log.warn(`could not mark a waiting notice answered: ${describeError(error)}`);
  }
}

export function announceGameStart(scope: Scope, game: LoadedGame): InitialReply {
  const message = game.system.presentation.gameStarted(scope.tPublic, game.system.publicView(game.state));
  const { data, files } = asReply(outgoing(message));
  return reply(data, files ? { files } : {});
}
