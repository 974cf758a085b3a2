/**
 * The channel's living message. While a story goes on in a game — a duel from its soulstones to its
 * damage, a flip awaiting a cheat — the channel has one message for it, edited in place at every step and
 * rebuilt each time from the story's events (the system's `story` says which story the table is in).
 * One duel is then one message, not one per decision, and an edit costs one REST call where a new message
 * cost a post and an edit of the one before.
 *
 * Which message tells which story is kept in the database (GameMessage), so a play-by-post duel spread
 * over days keeps its message across restarts and across instances of the bot.
 */
import type { AnySystem, PublicBatch } from '../../systems/contract.js';
import { readStory, type SystemEvent } from '../../app/games.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { GameMessageRef } from '../../store/contract.js';
import { asEdit } from './outgoing.js';
import { perObject } from '../../app/perObject.js';
import type { DiscordOutbox, OutgoingMessage } from '../contract.js';
import { publicTranslator } from '../publicLanguage.js';
import { describeError } from '../outbox.js';
import type { Scope } from './scope.js';

export const STORY_SLOT = 'story';
/** The game's living status message (systems with `livingStatus`), kept up to date in place. */
export const STATUS_SLOT = 'status';

/** The story a game is in, if it is still being played. */
function storyIn(system: AnySystem, state: unknown): string | null {
  return system.phase(state) === 'active' ? system.presentation.story(system.publicView(state)) : null;
}

/**
 * Where an action stands in the stories: `key` is the story its events belong to — the one the table was
 * in (the action continued or finished it), else the one it began — and `began` whether it began it.
 */
export function storyStep(system: AnySystem, before: unknown, after: unknown): { key: string; began: boolean } | null {
  const was = system.phase(before) === 'new' ? null : storyIn(system, before);
  if (was !== null) return { key: was, began: false };
  const now = storyIn(system, after);
  return now === null ? null : { key: now, began: true };
}

/** The living message of `key`, if this game has one (a story that began before it was recorded has none). */
export async function livingMessage(scope: Scope, gameId: string, key: string): Promise<GameMessageRef | null> {
  const ref = await scope.services.store.getGameMessage(gameId, STORY_SLOT);
  return ref !== null && ref.topic === key ? ref : null;
}

/**
 * The interaction tokens of living messages that were a slash command's reply (the /duel that began the
 * duel). For its first 15 minutes such a message can be edited through the interaction's webhook, which
 * Discord does not count under the bot's global limit of 50 requests a second; a duel played at a table
 * fits in that time. Kept in this process's memory only (a token is a credential: never stored, never
 * logged); without one, or once it is stale, the bot edits the message with its own token.
 */
class ReplyTokens {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  held(messageId: string, token: string): void {
    if (this.tokens.size >= 10_000) this.tokens.delete(this.tokens.keys().next().value as string);
    // Discord honours the token for 15 minutes; a minute is left for the edit itself.
    this.tokens.set(messageId, { token, until: Date.now() + 14 * 60_000 });
  }

  fresh(messageId: string): string | null {
    const held = this.tokens.get(messageId);
    if (held === undefined) return null;
    if (held.until > Date.now()) return held.token;
    this.tokens.delete(messageId);
    return null;
  }
}

const replyTokensOf = perObject<DiscordOutbox, ReplyTokens>(() => new ReplyTokens());

/** The living message `messageId` is this interaction's reply: its token may edit it for a while. */
export function heldByInteraction(scope: Scope, messageId: string): void {
  replyTokensOf(scope.services.outbox).held(messageId, scope.interactionToken);
}

/** Remembers that `messageId` tells the story `key`, which began with batch `fromBatch`. */
export async function recordStory(scope: Scope, game: LoadedGame, key: string, fromBatch: number, where: { channelId: string; messageId: string }): Promise<void> {
  await scope.services.store.saveGameMessage({ gameId: game.stored.id, slot: STORY_SLOT, topic: key, fromBatch, ...where });
}

/** A batch of events as the public may know it: the public view after it, the redacted events, the view after each. */
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
    // Folds the batch's own events from the state before it, once, as far as asked (in one call: a
    // state copied per event cost a /flip more than deciding it).
    viewAfter(index) {
      const upTo = positions[index] ?? events.length - 1;
      if (folded === null || folded.index > upTo) folded = { index: -1, state: before };
      const state = system.evolveAll(folded.state, events.slice(folded.index + 1, upTo + 1));
      folded = { index: upTo, state };
      return system.publicView(state);
    },
  };
}

/** The public batch of a whole story: every public event since it began, and what undos took back. */
function storyBatch(system: AnySystem, story: { before: unknown; events: SystemEvent[]; undone: SystemEvent[][] }, after: unknown): PublicBatch<unknown, SystemEvent> {
  const batch = publicBatch(system, story.before, story.events, after);
  // Cards an undo took back stay where the table saw them (the engine's UNDO-1..3): showing them again,
  // struck through, reveals nothing.
  const undone = story.undone
    .flat()
    .map((e) => system.publicEvent(e))
    .filter((e): e is SystemEvent => e !== null);
  return undone.length ? { ...batch, undone } : batch;
}

/**
 * The living message `ref` rebuilt from its story's events, as an edit that replaces it whole (null when
 * the story cannot be read: the message is left as it was).
 */
export async function toldStory(scope: Scope, game: LoadedGame, ref: GameMessageRef): Promise<OutgoingMessage | null> {
  const story = await readStory(scope.services, game, ref.fromBatch);
  if (!story.ok) {
    scope.services.log.warn(`could not read the story of game ${game.stored.id}: ${story.problem.code}`);
    return null;
  }
  const message = await game.system.presentation.afterAction(await publicTranslator(scope, game.stored.guildId), storyBatch(game.system, story, game.state));
  // An edit never pings: whoever is awaited now was told by their DM.
  return asEdit({ ...message, allowed_mentions: { parse: [] } });
}

/**
 * Rebuilds the living message `ref` from its story's events and edits it in place. Best effort: the
 * decision has been recorded whatever happens to the message, and the next step rebuilds it whole.
 */
export async function retell(scope: Scope, game: LoadedGame, ref: GameMessageRef): Promise<void> {
  try {
    const edit = await toldStory(scope, game, ref);
    if (edit === null) return;
    const token = replyTokensOf(scope.services.outbox).fresh(ref.messageId);
    if (token !== null) {
      try {
        await scope.services.outbox.editOriginal(token, edit);
        return;
      } catch (error) {
        scope.services.log.warn(`could not edit a story's message through its interaction, editing it as the bot: ${describeError(error)}`);
      }
    }
    await scope.services.outbox.editChannelMessage(ref.channelId, ref.messageId, edit);
  } catch (error) {
    scope.services.log.warn(`could not update a story's message: ${describeError(error)}`);
  }
}

/** When each decision pending in a game's status opened, as kept with its status message (its `topic`). */
type StatusOpened = Record<string, { at: number; entry: number }>;

function readOpened(topic: string | undefined): StatusOpened {
  if (!topic || !topic.startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(topic);
    return typeof parsed === 'object' && parsed !== null ? (parsed as StatusOpened) : {};
  } catch {
    return {};
  }
}

/**
 * Brings the game's living status message up to date (systems with `livingStatus`): posted once, in the
 * game's channel, then edited in place after every action — one REST call an action. When each pending
 * decision opened is kept beside the message (a decision first seen now opened with this action), so
 * the cost does not grow with the game's log. Best effort, like a story's message: the action is
 * recorded whatever happens here.
 */
export async function refreshStatus(scope: Scope, game: LoadedGame): Promise<void> {
  const build = game.system.presentation.livingStatus;
  if (!build) return;
  try {
    const ref = await scope.services.store.getGameMessage(game.stored.id, STATUS_SLOT);
    const known = readOpened(ref?.topic);
    const pending = game.system.phase(game.state) === 'active' ? game.system.pendingDecisions(game.state) : [];
    const opened: StatusOpened = {};
    for (const d of pending) opened[d.id] = known[d.id] ?? { at: scope.services.clock(), entry: game.stored.version };
    const clock = { opened: new Map(Object.entries(opened).map(([id, o]) => [id, { at: new Date(o.at), entry: o.entry }])) };
    const message = build(await publicTranslator(scope, game.stored.guildId), game.system.publicView(game.state), clock);
    // An edit never pings, and neither does the first post: whoever is awaited is told by their DM.
    const quiet = { ...message, allowed_mentions: { parse: [] } };
    const topic = JSON.stringify(opened);
    if (ref) {
      await scope.services.outbox.editChannelMessage(ref.channelId, ref.messageId, asEdit(quiet));
      if (topic !== ref.topic) await scope.services.store.saveGameMessage({ ...ref, topic });
      return;
    }
    const { messageId } = await scope.services.outbox.postToChannel(game.stored.channelId, quiet);
    await scope.services.store.saveGameMessage({ gameId: game.stored.id, slot: STATUS_SLOT, topic, fromBatch: 0, channelId: game.stored.channelId, messageId });
  } catch (error) {
    scope.services.log.warn(`could not update the status message of game ${game.stored.id}: ${describeError(error)}`);
  }
}
