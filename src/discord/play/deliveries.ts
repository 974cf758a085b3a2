/**
 * After the rules have spoken: what each person gets to see, for any game system. The system's
 * presentation builds the messages, from views only (the public view for the channel, a seat's own
 * private view for that seat's DM); this module sends them:
 * - the channel gets one living message per story (a duel, a flip awaiting decisions; story.ts), posted
 *   when the story begins and edited in place at each step; anything that settles at once is posted once;
 * - a click answers in place: the clicked DM (or ephemeral view) turns into the clicker's table after
 *   their decision, with their next decision's controls when it is theirs again;
 * - a seat whose private view changed, or who must now decide, gets its private message by DM — or, when
 *   DMs are closed, a notice without secrets and the system's ephemeral "private view" button;
 * - an older DM loses its controls once it no longer carries the current decision.
 */
import { reportToLeague } from '../leagues/gameReport.js';
import { MessageFlags, type APIMessageComponentInteraction } from 'discord-api-types/v10';
import type { DecisionSummary, Message } from '../../systems/contract.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import { seatOf, type SystemEvent } from '../../app/games.js';
import type { GameMessageRef, UserSettings } from '../../store/contract.js';
import { translator, type Locale, type Translate } from '../../i18n/index.js';
import type { InitialReply, OutgoingFile, OutgoingMessage } from '../contract.js';
import { ephemeral, reply, update, type ReplyMessage } from '../replies.js';
import { describeError } from '../outbox.js';
import { publicLocale, publicTranslator, rememberServerLocale } from '../publicLanguage.js';
import { privatePromptsOf, type SentHand } from './privatePrompts.js';
import type { Scope } from './scope.js';
import { heldByInteraction, livingMessage, publicBatch, recordStory, refreshStatus, retell, storyStep, toldStory } from './story.js';
import { asEdit, outgoing } from './outgoing.js';

export { outgoing } from './outgoing.js';

export type { Scope } from './scope.js';

export interface Outcome {
  game: LoadedGame;
  before: unknown;
  events: SystemEvent[];
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
function privateLocale(settings: UserSettings, userId: string, scope: Scope, server: () => Promise<Locale>): Promise<Locale> | Locale {
  if (settings.locale === 'fr' || settings.locale === 'en') return settings.locale;
  if (userId === scope.asker.id) return scope.locale;
  if (settings.clientLocale === 'fr' || settings.clientLocale === 'en') return settings.clientLocale;
  return server();
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

/** A seat whose private view the interaction's own reply has just shown (a click answered in place). */
export interface ShownInPlace {
  seat: number;
  /** The DM that now shows it (null: an ephemeral view, which no later message can reach). */
  dm: { channelId: string; messageId: string } | null;
}

/** DMs for every seat whose private view changed or who must now decide. */
export async function deliverPrivately(scope: Scope, outcome: Outcome, options: { everySeat?: boolean; shown?: ShownInPlace } = {}): Promise<void> {
  const { services } = scope;
  await rememberAskerLocale(scope);
  await rememberServerLocale(scope);
  const { system, state, stored } = outcome.game;
  let server: Promise<Locale> | undefined;
  const serverLocale = () => (server ??= publicLocale(scope, stored.guildId));
  const prompts = privatePromptsOf(services.outbox);
  const decision = pendingOf(outcome.game);
  const seats = system.seatsOf(state);
  const phase = system.phase(state);
  if (phase !== 'active') {
    // The game is over: no DM'd decision is live any more.
    if (phase === 'ended') {
      for (const { seat, dm } of prompts.ended(stored.id, seats.length)) await editPrivateDm(scope, dm, dmLanguage(scope, seats[seat]!.userId, serverLocale), 'prompt.closed');
    }
    return;
  }
  for (let seat = 0; seat < seats.length; seat++) {
    const userId = seats[seat]!.userId;
    const language = dmLanguage(scope, userId, serverLocale);
    const mine = decision !== null && decision.seat === seat ? decision : null;
    const shown = options.shown?.seat === seat ? options.shown : undefined;
    if (shown?.dm) {
      // The clicked DM now shows this seat's table, with the controls of its next decision if any: it is
      // the current one. One shown in an ephemeral view leaves the DMs as they were.
      prompts.sent(stored.id, seat, shown.dm, mine?.id ?? null, mine === null);
      continue;
    }
    // A DM'd decision settled some other way (the ephemeral view, an undo) loses its controls.
    await editPrivateDm(scope, prompts.settled(stored.id, seat, mine?.id ?? null), language, 'prompt.closed');
    if (shown) continue;
    const view = system.privateView(state, seat);
    const before = system.phase(outcome.before) === 'new' ? null : system.privateView(outcome.before, seat);
    if (options.everySeat !== true && !system.presentation.privateChanged(before, view)) continue;
    const { settings, t } = await language();
    if (!settings.directMessages) continue; // they chose the ephemeral view; the public message names the decision
    const sent = await services.outbox.sendDirectMessage(userId, outgoing(await system.presentation.privateMessage(t, view)));
    if (sent.ok) {
      // The newest DM is the current one; the one before says it is older, unless it already reads as a
      // past step (a decision answered in it).
      const previous = prompts.sent(stored.id, seat, sent, mine?.id ?? null);
      if (previous !== undefined && !previous.closed) await editPrivateDm(scope, previous, language, 'hand.superseded');
      continue;
    }
    const tp = translator(await serverLocale());
    await services.outbox.postToChannel(stored.channelId, {
      content: tp('hand.dmClosed', { name: `<@${userId}>` }),
      components: [system.presentation.privateViewRow(tp, stored.id)] as OutgoingMessage['components'],
      allowed_mentions: { parse: [], users: [userId] },
    });
  }
}

type DmLanguage = () => Promise<{ settings: UserSettings; t: Translate }>;

/** A player's settings and DM language, read from the store once, when first needed. */
function dmLanguage(scope: Scope, userId: string, server: () => Promise<Locale>): DmLanguage {
  let read: ReturnType<DmLanguage> | undefined;
  return () => (read ??= scope.services.store.getUserSettings(userId).then(async (settings) => ({ settings, t: translator(await privateLocale(settings, userId, scope, server)) })));
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

export function asReply(message: OutgoingMessage): { data: ReplyMessage; files?: OutgoingFile[] } {
  const { files, ...data } = message;
  return { data: data as ReplyMessage, ...(files ? { files } : {}) };
}

/** How the interaction that caused an outcome is answered. */
export type AnswerHow =
  /**
   * A slash command, or a form: its reply is public. `on`: the message whose control opened the form (a
   * form opened from a story's own message answers there).
   */
  | { reply: 'public'; on?: string }
  /** A click or a select: its message is updated in place; `note` says what the clicker decided. */
  | { reply: 'update'; note: string; interaction: APIMessageComponentInteraction };

/**
 * The answer to the interaction that caused `outcome`, and the work after it:
 * - within a story that has its living message, that message is edited (a slash command gets a short
 *   private acknowledgement, since the story's message tells everyone what happened);
 * - otherwise the public message is the slash command's reply, or posted in the channel after a click,
 *   and it becomes the living message of the story it begins, if any;
 * - a click's own message turns into the clicker's private view after their decision (a control in a
 *   public message only gets the note).
 */
export async function deliverAfterAction(scope: Scope, outcome: Outcome, how: AnswerHow): Promise<InitialReply> {
  const { system, stored } = outcome.game;
  const step = storyStep(system, outcome.before, outcome.game.state);
  const living = step && !step.began ? await livingMessage(scope, stored.id, step.key) : null;
  const inPlace = how.reply === 'update' ? await answeredInPlace(scope, outcome, how) : null;
  // Each seat's private news, then the game's status message (systems that keep one) brought up to date.
  const privately = async (): Promise<void> => {
    await deliverPrivately(scope, outcome, inPlace?.shown ? { shown: inPlace.shown } : {});
    await refreshStatus(scope, outcome.game);
    await reportToLeague(scope, outcome);
  };

  // The end of a game is everyone's news: it gets its own message, and the story's says it stopped.
  const ended = system.phase(outcome.game.state) !== 'active';
  // Answered on the story's own message (its button, or a form opened from it): the interaction's
  // response is that message rebuilt, and no edit of its own follows.
  const on = how.reply === 'update' ? how.interaction.message.id : how.on;
  // (Only where it is used: a form's answer that ends the game is a new message, its story retold after.)
  const told = living && on === living.messageId && (!ended || inPlace) ? await toldInPlace(scope, outcome, living) : null;
  if (living && !ended) {
    if (told) return update(told.data, { ...(told.files ? { files: told.files } : {}), after: privately });
    const after = async () => {
      await retell(scope, outcome.game, living);
      await privately();
    };
    if (inPlace) return update(inPlace.data, { ...(inPlace.files ? { files: inPlace.files } : {}), after });
    return ephemeral({ content: scope.t('story.updated', { link: messageLink(scope.guildId, living.channelId, living.messageId) }) }, after);
  }

  // A game with a living status message says where it stands there: a click in a DM that begins no
  // story updates it in place, with no new channel message (the decider is told by DM).
  if (inPlace && !step && !ended && system.presentation.livingStatus) {
    return update(inPlace.data, { ...(inPlace.files ? { files: inPlace.files } : {}), after: privately });
  }

  const message = await publicMessage(await publicTranslator(scope, stored.guildId), outcome);
  // A game with a living status answers a quiet action (no story, nothing the channel needs on its own)
  // to the asker alone: the status message tells everyone, the decider hears by DM.
  if (!inPlace && !step && !ended && system.presentation.livingStatus && system.presentation.quiet?.(publicBatch(system, outcome.before, outcome.events, outcome.game.state))) {
    const { data, files } = asReply({ ...message, allowed_mentions: { parse: [] } });
    return { ...ephemeral(data, privately), ...(files ? { files } : {}) };
  }
  // The story this action began (or one whose message is unknown here) gets this message as its living one.
  const remember = async (messageId: string) => {
    if (step && !ended) await recordStory(scope, outcome.game, step.key, stored.version, { channelId: stored.channelId, messageId });
  };
  if (inPlace) {
    // A click on the story's own message that ended the game: that message is told whole in the answer.
    const answer = told ?? inPlace;
    return update(answer.data, {
      ...(answer.files ? { files: answer.files } : {}),
      after: async () => {
        if (living && !told) await retell(scope, outcome.game, living);
        const { messageId } = await scope.services.outbox.postToChannel(stored.channelId, message);
        await remember(messageId);
        await privately();
      },
    });
  }
  const { data, files } = asReply(message);
  return reply(data, {
    ...(files ? { files } : {}),
    after: async () => {
      if (living) await retell(scope, outcome.game, living);
      // The story's message is recorded before its decider hears of it: an answer must find it.
      if (step && !ended) {
        const messageId = await scope.services.outbox.originalMessageId(scope.interactionToken);
        heldByInteraction(scope, messageId);
        await remember(messageId);
      }
      await privately();
    },
  });
}

/** The story's living message rebuilt as a response's data; null when it cannot be (it is edited after the answer then). */
async function toldInPlace(scope: Scope, outcome: Outcome, living: GameMessageRef): Promise<{ data: ReplyMessage; files?: OutgoingFile[] } | null> {
  try {
    const told = await toldStory(scope, outcome.game, living);
    return told && asReply(told);
  } catch (error) {
    scope.services.log.warn(`could not rebuild a story's message: ${describeError(error)}`);
    return null;
  }
}

/** What a click's own message becomes, and whose private view it shows. */
async function answeredInPlace(scope: Scope, outcome: Outcome, how: Extract<AnswerHow, { reply: 'update' }>): Promise<{ data: ReplyMessage; files?: OutgoingFile[]; shown?: ShownInPlace }> {
  const { interaction } = how;
  const inDm = scope.guildId === null;
  const isPrivate = inDm || ((interaction.message.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  const seat = seatOf(outcome.game, scope.asker.id);
  const { system, state } = outcome.game;
  if (!isPrivate || seat === null || system.phase(state) !== 'active') return { data: { content: how.note, components: [] } };
  // The clicker's table after their decision: their hand without the card they cheated away, their
  // soulstones after the spend, and their next decision's controls if it is theirs again.
  const message = await system.presentation.privateMessage(scope.t, system.privateView(state, seat));
  const { data, files } = asReply(asEdit(message));
  const content = [how.note, data.content].filter(Boolean).join('\n');
  return {
    data: { ...data, content },
    ...(files ? { files } : {}),
    shown: { seat, dm: inDm ? { channelId: interaction.channel?.id ?? interaction.channel_id ?? '', messageId: interaction.message.id } : null },
  };
}

function messageLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}

export async function announceGameStart(scope: Scope, game: LoadedGame): Promise<InitialReply> {
  const message = game.system.presentation.gameStarted(await publicTranslator(scope, game.stored.guildId), game.system.publicView(game.state));
  const { data, files } = asReply(outgoing(message));
  // Each seat's first private message (a whole game asks both for their crews at once), and the status.
  const after = game.system.presentation.livingStatus
    ? async () => {
        await deliverPrivately(scope, { game, before: game.system.initialState, events: [] }, { everySeat: true });
        await refreshStatus(scope, game);
      }
    : undefined;
  return reply(data, { ...(files ? { files } : {}), ...(after ? { after } : {}) });
}
