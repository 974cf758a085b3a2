/**
 * How a game system's interactions are played over Discord, whatever the system: a slash command's intent
 * or a component's is run through the use cases (act, then tell everyone what they may know), and every
 * refusal comes back as one localized problem.
 */
import { InteractionResponseType, MessageFlags, type APIMessageComponentInteraction } from 'discord-api-types/v10';
import { playsCommandsOf, type AnySystem, type AutocompleteChoice, type AutocompleteLookup, type ComponentIntent, type Intent, type ServerTables } from '../../systems/contract.js';
import type { FocusedOption } from '../../systems/commandDefinition.js';
import { decisionRef } from '../../systems/decisionRef.js';
import { act, loadActiveGame, loadActiveGameToAct, loadGame, loadGameById, seatOf, type Loaded, type Where, type Who } from '../../app/games.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { Problem } from '../../app/problems.js';
import { hasMessage, type Translate } from '../../i18n/index.js';
import type { InitialReply } from '../contract.js';
import { markCommitted } from '../interaction.js';
import { publicTranslator } from '../publicLanguage.js';
import { ephemeral, problemReply, reply, update } from '../replies.js';
import { asReply, deliverAfterAction, outgoing, type Scope } from './deliveries.js';
import { asEdit } from './outgoing.js';
import { settleDueEnd } from './finalEnd.js';

export type { Scope } from './deliveries.js';

export function whoOf(scope: Scope): Who {
  return { userId: scope.asker.id, roles: scope.roles, interactionId: scope.interactionId, onCommitted: () => markCommitted(scope) };
}

/** Rule errors speak of seats and decision kinds; people read names and words. */
export function explain(t: Translate, problem: Problem, game?: Pick<LoadedGame, 'system' | 'state'>): Problem {
  if (!('params' in problem) || !problem.params) return problem;
  const params: Record<string, string | number> = { ...problem.params };
  if (typeof params.seat === 'number' && game) {
    const seat = game.system.seatsOf(game.state)[params.seat];
    if (seat) params.seat = seat.name;
  }
  const kindKey = `decision.${String(params.kind)}`;
  if (typeof params.kind === 'string' && hasMessage(kindKey)) params.kind = t(kindKey);
  return { ...problem, params } as Problem;
}

/** Acts in the channel's game and replies with the public message (a slash command's answer). */
export async function performIn(scope: Scope, where: Where, command: unknown): Promise<InitialReply> {
  const result = await act(scope.services, where, whoOf(scope), command);
  if (!result.ok) return problemReply(scope.t, explain(scope.t, result.problem, result.game));
  return deliverAfterAction(scope, result, { reply: 'public' });
}

/**
 * A command for the channel's latest game once it has ended (a referee correcting its score): only a
 * referee acts on a finished game, so a refusal for want of a seat says that a referee is needed.
 */
async function performAfterEnd(scope: Scope, system: AnySystem, command: unknown): Promise<InitialReply> {
  const stored = await scope.services.store.findLatestGame(scope.channelId);
  if (!stored || stored.status !== 'ended') return problemReply(scope.t, { code: 'NO_GAME' });
  const loaded = await loadGame(scope.services, stored);
  if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
  if (!playsCommandsOf(loaded.game.system, system)) return problemReply(scope.t, { code: 'WRONG_SYSTEM', params: { system: system.id } });
  const result = await act(scope.services, { gameId: stored.id }, whoOf(scope), command, { ended: true });
  if (!result.ok) return problemReply(scope.t, explain(scope.t, result.problem.code === 'NOT_A_PLAYER' ? { code: 'NOT_A_REFEREE' } : result.problem, result.game));
  return deliverAfterAction(scope, result, { reply: 'public' });
}

/** "Show me now": the asker's own private view, ephemeral (the DM's fallback). */
export async function showPrivate(scope: Scope, loaded: Loaded): Promise<InitialReply> {
  if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
  const { game } = loaded;
  if (game.system.phase(game.state) !== 'active') return problemReply(scope.t, { code: 'STALE_BUTTON' });
  const seat = seatOf(game, scope.asker.id);
  if (seat === null) return problemReply(scope.t, { code: 'NOT_A_PLAYER' });
  const { data, files } = asReply(outgoing(await game.system.presentation.privateMessage(scope.t, game.system.privateView(game.state, seat))));
  return { ...ephemeral(data), ...(files ? { files } : {}) };
}

/** A system's slash command, in the channel it was typed in. */
export async function runCommandIntent(scope: Scope, system: AnySystem, intent: Intent<unknown>): Promise<InitialReply> {
  switch (intent.kind) {
    case 'refuse':
      return problemReply(scope.t, intent.problem);
    case 'showPrivate':
      return showPrivate(scope, await loadActiveGameOf(scope, system));
    case 'reply': {
      // No game is loaded or written: the answer is the system's alone.
      const t = intent.visibility === 'public' ? await publicTranslator(scope, scope.guildId) : scope.t;
      const built = intent.build(t, { seed: scope.services.newSeed() });
      if ('code' in built) return problemReply(scope.t, built);
      const { data, files } = asReply(outgoing(built));
      return { ...(intent.visibility === 'public' ? reply(data) : ephemeral(data)), ...(files ? { files } : {}) };
    }
    case 'act': {
      // The command belongs to `system`: in a channel whose game another system plays, it is refused.
      const loaded = await loadActiveGameOf(scope, system, loadActiveGameToAct);
      if (!loaded.ok && intent.afterEnd && loaded.problem.code === 'NO_GAME') return performAfterEnd(scope, system, intent.command);
      if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
      // An end whose take-back window has passed is final first: the game is over, and the reply says so.
      if (system.pendingEnd(loaded.game.state)) {
        const due = await settleDueEnd(scope, scope.channelId);
        if (due) return deliverAfterAction(scope, due.outcome, { reply: 'public' });
      }
      return performIn(scope, scope.channelId, intent.command);
    }
    case 'modal': {
      const loaded = await loadActiveGameOf(scope, system);
      if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
      return { response: { type: InteractionResponseType.Modal, data: intent.modal(loaded.game.stored.id, scope.t) } };
    }
    case 'replyWith': {
      const t = intent.visibility === 'public' ? await publicTranslator(scope, scope.guildId) : scope.t;
      const built = await intent.build(t, serverTables(scope, system, scope.guildId));
      if ('code' in built) return problemReply(scope.t, built);
      const { data, files } = asReply(outgoing(built));
      return { ...(intent.visibility === 'public' ? reply(data) : ephemeral(data)), ...(files ? { files } : {}) };
    }
    case 'actWith': {
      const loaded = await loadActiveGameOf(scope, system, loadActiveGameToAct);
      if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
      const built = await intent.build(serverTables(scope, system, loaded.game.stored.guildId), (userId) => seatOf(loaded.game, userId));
      if (typeof built === 'object' && built !== null && 'code' in built && !('type' in built)) return problemReply(scope.t, explain(scope.t, built as Problem, loaded.game));
      return performIn(scope, scope.channelId, built);
    }
    case 'draft':
      return runDraftStep(scope, system, intent.step);
    default: {
      const never: never = intent;
      return never;
    }
  }
}

/**
 * A step of the asker's draft for the channel's game: read, handed to the system with the asker's own
 * view, and kept or declared as it says. A draft lives apart from the game (never in its log), so keeping
 * it writes no event and tells nobody; its answer is the asker's alone.
 */
async function runDraftStep(scope: Scope, system: AnySystem, step: Extract<Intent<unknown>, { kind: 'draft' }>['step']): Promise<InitialReply> {
  const loaded = await loadActiveGameOf(scope, system);
  if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
  const { game } = loaded;
  const seat = seatOf(game, scope.asker.id);
  if (seat === null) return problemReply(scope.t, { code: 'NOT_A_PLAYER' });
  const { store } = scope.services;
  const gameId = game.stored.id;
  const text = await store.getPlayerDraft(gameId, scope.asker.id);
  const next = await step({ text, mine: game.system.privateView(game.state, seat), gameId, t: scope.t, server: serverTables(scope, system, game.stored.guildId) });
  switch (next.kind) {
    case 'refuse':
      return problemReply(scope.t, explain(scope.t, next.problem, game));
    case 'modal':
      return { response: { type: InteractionResponseType.Modal, data: next.modal } };
    case 'act':
      return performIn(scope, scope.channelId, next.command);
    case 'keep': {
      if (next.text !== undefined && next.text !== text) {
        const saved = await store.savePlayerDraft(gameId, scope.asker.id, next.text, scope.interactionId);
        if (!saved.ok) return problemReply(scope.t, { code: 'DUPLICATE_INTERACTION' });
        markCommitted(scope);
      }
      const { data, files } = asReply(outgoing(next.message));
      return { ...ephemeral(data), ...(files ? { files } : {}) };
    }
    default: {
      const never: never = next;
      return never;
    }
  }
}

/**
 * What the server remembers for `system` (its model table), bound to this server and this asker: the
 * store reads and writes it through the system's own codec, the only place that knows its shape.
 */
export function serverTables(scope: Scope, system: AnySystem, guildId: string | null): ServerTables {
  const codec = system.modelTableCodec as Parameters<Scope['services']['store']['modelTables']>[0] | undefined;
  if (!codec || guildId === null) {
    const none = (): never => {
      throw new Error(`${system.id} keeps no server tables here`);
    };
    return { modelTable: async () => ({ models: [], upgrades: [] }), saveModelProfiles: async () => none(), searchModelProfiles: async () => [] };
  }
  const tables = scope.services.store.modelTables(codec);
  return {
    modelTable: () => tables.modelTable(guildId),
    saveModelProfiles: (profiles) => tables.saveModelProfiles(guildId, profiles as never[], scope.asker.id),
    searchModelProfiles: (prefix, limit) => tables.searchModelProfiles(guildId, prefix, limit),
  };
}

/**
 * A system command's autocomplete answer: what it reads (the channel's game as the asker may see it, their
 * draft, the server's tables) is loaded only when it asks, once, and nothing is written.
 */
export function answerAutocomplete(
  scope: Scope,
  system: AnySystem,
  focused: FocusedOption,
  complete: (focused: FocusedOption, lookup: AutocompleteLookup<unknown, unknown>) => Promise<AutocompleteChoice[]>,
): Promise<AutocompleteChoice[]> {
  let loading: Promise<Loaded> | undefined;
  const active = async (): Promise<LoadedGame | null> => {
    const loaded = await (loading ??= loadActiveGameOf(scope, system));
    return loaded.ok && loaded.game.system.phase(loaded.game.state) === 'active' ? loaded.game : null;
  };
  return complete(focused, {
    t: scope.t,
    async game() {
      const game = await active();
      if (!game) return null;
      // The asker's own view when they hold a seat; a referee or an onlooker reads what everyone may.
      const seat = seatOf(game, scope.asker.id);
      return { view: game.system.publicView(game.state), mine: seat === null ? null : game.system.privateView(game.state, seat) };
    },
    async draft() {
      const game = await active();
      return game ? scope.services.store.getPlayerDraft(game.stored.id, scope.asker.id) : null;
    },
    server: serverTables(scope, system, scope.guildId),
  });
}

/** The channel's game, if `system` plays it (a system's commands act on its own games only). */
async function loadActiveGameOf(scope: Scope, system: AnySystem, load = loadActiveGame): Promise<Loaded> {
  const loaded = await load(scope.services, scope.channelId);
  if (!loaded.ok || playsCommandsOf(loaded.game.system, system)) return loaded;
  // The cached game may have been replaced by another process: the refusal is confirmed on a fresh read.
  if (load !== loadActiveGame) return loadActiveGameOf(scope, system);
  return { ok: false, problem: { code: 'WRONG_SYSTEM', params: { system: system.id } } };
}

/** A click or a select on a system's component, in a channel or a DM. */
export async function runComponentIntent(
  scope: Scope,
  interaction: APIMessageComponentInteraction | null,
  system: AnySystem,
  gameId: string,
  intent: ComponentIntent<unknown, unknown>,
  /** The message clicked, or the one whose control opened the form: a message to update in place. */
  onMessage: string | null = interaction?.message.id ?? null,
): Promise<InitialReply> {
  const loaded = await loadGameById(scope.services, gameId);
  if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
  // The custom id named a game of another system: a forged or garbled id.
  if (!playsCommandsOf(loaded.game.system, system)) return problemReply(scope.t, { code: 'STALE_BUTTON' });
  if (intent.kind === 'showPrivate') return showPrivate(scope, loaded);
  const { game } = loaded;
  if (game.system.phase(game.state) !== 'active') return problemReply(scope.t, { code: 'STALE_BUTTON' });
  if (intent.kind === 'modal') return { response: { type: InteractionResponseType.Modal, data: intent.modal(scope.t) } };
  if (intent.kind === 'replyWith') {
    const built = await intent.build(scope.t, serverTables(scope, system, game.stored.guildId));
    if ('code' in built) return problemReply(scope.t, built);
    const { data, files } = asReply(outgoing(built));
    return { ...(intent.visibility === 'public' ? reply(data) : ephemeral(data)), ...(files ? { files } : {}) };
  }
  if (intent.kind === 'actWith') {
    const built = await intent.build(serverTables(scope, system, game.stored.guildId), (userId) => seatOf(game, userId));
    if (typeof built === 'object' && built !== null && 'code' in built && !('type' in built)) return problemReply(scope.t, explain(scope.t, built as Problem, game));
    const result = await act(scope.services, { gameId: game.stored.id }, whoOf(scope), built);
    if (!result.ok) return problemReply(scope.t, explain(scope.t, result.problem, result.game));
    return deliverAfterAction(scope, result, { reply: 'public', ...(onMessage !== null ? { on: onMessage } : {}) });
  }
  if (game.system.pendingEnd(game.state)) {
    const due = await settleDueEnd(scope, { gameId });
    if (due) return { ...problemReply(scope.t, { code: 'GAME_ENDED' }), after: due.announce };
  }
  // A step redraws the message it was taken on: a click's, or that of the control that opened the form.
  if (intent.kind === 'step' && onMessage === null) return problemReply(scope.t, { code: 'UNSUPPORTED_INTERACTION' });
  // A decision's answer is a click on the message that asked it; a form answers through actWith.
  if (intent.kind === 'answer' && interaction === null) return problemReply(scope.t, { code: 'UNSUPPORTED_INTERACTION' });
  const decision = game.system.pendingDecisions(game.state).find((d) => decisionRef(d.id) === intent.decisionRef);
  if (!decision) return problemReply(scope.t, { code: 'STALE_BUTTON' });
  if (seatOf(game, scope.asker.id) !== decision.seat) {
    return problemReply(scope.t, { code: 'NOT_YOUR_BUTTON', params: { name: game.system.seatsOf(game.state)[decision.seat]?.name ?? '?' } });
  }
  if (intent.kind === 'step') {
    const next = await intent.next(scope.t, game.system.privateView(game.state, decision.seat), decision);
    if ('code' in next) return problemReply(scope.t, explain(scope.t, next, game));
    if ('modal' in next) return { response: { type: InteractionResponseType.Modal, data: next.modal } };
    const { data, files } = asReply(asEdit(next.message));
    return update(data, files ? { files } : {});
  }
  if (interaction === null) return problemReply(scope.t, { code: 'UNSUPPORTED_INTERACTION' });
  const answer = intent.answer(game.system.privateView(game.state, decision.seat), decision);
  if (typeof answer === 'object' && answer !== null && 'code' in answer && !('type' in answer)) return problemReply(scope.t, answer as Problem);
  const result = await act(scope.services, { gameId: game.stored.id }, whoOf(scope), answer);
  if (!result.ok) return problemReply(scope.t, explain(scope.t, result.problem, result.game));
  // The note heads the clicked message: in the channel everyone reads it (the server's language);
  // in a DM or an ephemeral view only the asker does (theirs).
  const onlyAsker = scope.guildId === null || ((interaction.message.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  const t = onlyAsker ? scope.t : await publicTranslator(scope, game.stored.guildId);
  const note = t('prompt.answered', { name: scope.asker.name, decision: game.system.presentation.decisionName(t, decision) });
  return deliverAfterAction(scope, result, { reply: 'update', note, interaction });
}
