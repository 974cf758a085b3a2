/**
 * Hidden information, tested as an adversary would: random sequences of slash commands and clicks from
 * Alice, Bob, an outsider (Carol) and a referee who holds no seat (Rita) — draws, flips with modifiers,
 * re-flips (/reflip by the flip's player, the other player, the outsider, the referee, any slot),
 * discards, reveals, duels, damage, decisions (answered by the decider from their DM or from "My hand",
 * tried by someone else, or tried again on a stale control), undo, ending the game, the audit log, "My
 * hand", closed DMs, /settings (language, DMs off) and the Discord client's language — through the real
 * bot and the Discord double, over the HTTP endpoint and over the gateway. After EVERY step, everything the outsider, the referee and each player's
 * opponent can read is searched for the cards a player holds unrevealed, for the next card of each deck
 * (a player's own deck too: nobody may be told what is on top of their deck), and for the seed:
 *  - every version of every message (the double reports each creation and each edit, so a message edited
 *    twice within one step is read in both versions): content, embeds, component labels and values,
 *    attachment names and descriptions, and the bytes of JSON attachments (the /game log);
 *  - every message's current content, checked against that history (an unreported change fails);
 *  - every body the bot sent (REST posts and edits to channels, DMs and interaction webhooks, initial
 *    interaction responses), read by whoever the target message is visible to — so a body the double
 *    refused, which no one ever sees, is still checked;
 *  - the audit log before the end: public events only (none of any hand, not even the asker's own; no
 *    shuffle order, cut, drawn cards or seed in its JSON);
 *  - no picture of a hand in a public message;
 *  - the bot's log and console output.
 *
 * A card may legitimately be public — flipped, discarded, cheated into a duel, revealed — and the same
 * code exists in both decks. So two checks:
 *  - fresh text (new messages, the new lines of edited ones, bodies sent) is checked against the cards
 *    that are secret at that step: hands (minus revealed) and deck tops, minus what this very step made
 *    public and what the viewer holds themselves;
 *  - all text a viewer can see is checked against the cards secret now that were never public in this
 *    game (the audit log may list earlier public events, so it gets the historical allowance only).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import {
  IDS,
  componentsOf,
  findComponent,
  findCards,
  latestDecisionMessage,
  locateChoice,
  messageText,
  selectValues,
  startApp,
  type App,
  type Who,
} from './support/app.js';
import type { DoubleMessage, InteractionRecord } from '../src/discord-double/index.js';
import type { StoredPayload } from '../src/app/games.js';
import { decisionCustomId } from '../src/systems/malifaux-table/present/prompts.js';

const RUNS = Number(process.env.HIDDEN_RUNS ?? 30);
const TABLE_RUNS = Number(process.env.HIDDEN_TABLE_RUNS ?? 20);
const GATEWAY_RUNS = Number(process.env.HIDDEN_GATEWAY_RUNS ?? 8);
const STEPS = 16;
const VIEWERS = ['alice', 'bob', 'carol', 'rita'] as const;
type Viewer = (typeof VIEWERS)[number];
const FLAG_EPHEMERAL = 1 << 6;

let app: App;
let seedCounter = 0;
/** Every version of every message, in order: the double reports each creation and each edit. */
const versions: DoubleMessage[] = [];

/** Starts the bot on `mode` for the describe block it is called in, and stops it after. */
function botOn(mode: 'http' | 'gateway'): void {
  beforeAll(async () => {
    versions.length = 0;
    // Deterministic seeds, so a failing run replays exactly (with fast-check's fixed seed below).
    app = await startApp({ mode, backend: 'sqlite', newSeed: () => createHash('sha256').update(`hidden-${seedCounter++}`).digest('hex') });
    app.double.events.on('message', (m: DoubleMessage) => versions.push(m));
    app.double.events.on('update', (m: DoubleMessage) => versions.push(m));
    // Rita referees every game (members of the referee role), without a seat.
    const role = await app.command('rita', 'game referee-role', { role: IDS.refereeRole });
    expect(role.reply?.content, role.error).toContain(IDS.refereeRole);
  });
  afterAll(async () => {
    await app?.close();
  });
}

// --- actions ---------------------------------------------------------------------------------------

const who = fc.constantFrom<Who>('alice', 'alice', 'bob', 'bob', 'carol', 'rita');
const player = fc.constantFrom<Who>('alice', 'bob');
type Slot = 'main' | 'attacker' | 'defender' | 'damage';

type Action =
  | { t: 'draw'; who: Who; count: number }
  | { t: 'flip'; who: Who; modifier: number; cheatable: boolean }
  | { t: 'reflip'; as: 'owner' | 'other' | 'carol' | 'rita'; slot: Slot | 'its' | null }
  | { t: 'discard'; who: Who; pick: number; foreign: boolean }
  | { t: 'reveal'; who: Who; pick: number }
  | { t: 'soulstones'; who: Who; count: number }
  | { t: 'duel'; who: Who; opposed: boolean; fate: number; stones: boolean; triggers: boolean; damage: boolean }
  | { t: 'damage'; who: Who; fate: number; stones: boolean }
  | { t: 'decide'; as: 'decider' | 'other' | 'carol' | 'rita'; choice: number; via: 'dm' | 'hand' | 'both' }
  | { t: 'stale'; who: Who; pick: number }
  | { t: 'undo'; who: Who }
  | { t: 'end'; who: Who; choice: 'none' | 'keep' | 'concede' | 'abandon' | 'close' | 'takeBack' }
  | { t: 'log'; who: Who }
  | { t: 'hand'; who: Who; button: boolean }
  | { t: 'dms'; who: Who; closed: boolean }
  | { t: 'settings'; who: Who; language: 'en' | 'fr' | null; dms: boolean | null }
  | { t: 'locale'; who: Who; locale: 'fr' | 'en-US' };

const arbitraries = {
  draw: fc.record({ t: fc.constant('draw' as const), who, count: fc.integer({ min: 1, max: 4 }) }),
  flip: fc.record({ t: fc.constant('flip' as const), who, modifier: fc.integer({ min: -2, max: 2 }), cheatable: fc.boolean() }),
  reflip: fc.record({
    t: fc.constant('reflip' as const),
    as: fc.constantFrom('owner' as const, 'owner' as const, 'other' as const, 'carol' as const, 'rita' as const),
    slot: fc.constantFrom<Slot | 'its' | null>('its', 'its', 'its', null, null, null, 'main', 'attacker', 'defender', 'damage'),
  }),
  discard: fc.record({ t: fc.constant('discard' as const), who: player, pick: fc.nat(), foreign: fc.boolean() }),
  reveal: fc.record({ t: fc.constant('reveal' as const), who: player, pick: fc.nat() }),
  soulstones: fc.record({ t: fc.constant('soulstones' as const), who: player, count: fc.integer({ min: 0, max: 3 }) }),
  duel: fc.record({ t: fc.constant('duel' as const), who: player, opposed: fc.boolean(), fate: fc.integer({ min: -1, max: 1 }), stones: fc.boolean(), triggers: fc.boolean(), damage: fc.boolean() }),
  damage: fc.record({ t: fc.constant('damage' as const), who: player, fate: fc.integer({ min: -1, max: 1 }), stones: fc.boolean() }),
  decide: fc.record({
    t: fc.constant('decide' as const),
    as: fc.constantFrom('decider' as const, 'decider' as const, 'decider' as const, 'decider' as const, 'other' as const, 'carol' as const, 'rita' as const),
    choice: fc.nat(),
    via: fc.constantFrom('dm' as const, 'hand' as const, 'both' as const),
  }),
  stale: fc.record({ t: fc.constant('stale' as const), who, pick: fc.nat() }),
  undo: fc.record({ t: fc.constant('undo' as const), who }),
  // /game end, then (maybe) its confirmation clicked, or the way back from a waiting end: the game paused
  // with the seed still secret, every step after it inspected like any other.
  end: fc.record({ t: fc.constant('end' as const), who: fc.constantFrom<Who>('carol', 'carol', 'alice', 'bob', 'rita'), choice: fc.constantFrom('none' as const, 'keep' as const, 'concede' as const, 'abandon' as const, 'close' as const, 'takeBack' as const) }),
  log: fc.record({ t: fc.constant('log' as const), who }),
  hand: fc.record({ t: fc.constant('hand' as const), who, button: fc.boolean() }),
  dms: fc.record({ t: fc.constant('dms' as const), who: player, closed: fc.boolean() }),
  settings: fc.record({ t: fc.constant('settings' as const), who: player, language: fc.constantFrom<'en' | 'fr' | null>('en', 'fr', null), dms: fc.constantFrom<boolean | null>(true, false, null) }),
  locale: fc.record({ t: fc.constant('locale' as const), who: player, locale: fc.constantFrom<'fr' | 'en-US'>('fr', 'en-US') }),
} satisfies { [K in Action['t']]: fc.Arbitrary<Extract<Action, { t: K }>> };

/** Actions drawn with these weights (an action left out has weight 1). */
function actions(weights: Partial<Record<Action['t'], number>>): fc.Arbitrary<Action> {
  return fc.oneof(
    ...Object.entries(arbitraries)
      .map(([t, arbitrary]) => ({ weight: weights[t as Action['t']] ?? 1, arbitrary: arbitrary as fc.Arbitrary<Action> }))
      .filter((w) => w.weight > 0),
  );
}

/** Whole games: everything anyone can do. */
const anyAction = actions({ draw: 3, flip: 3, reflip: 4, duel: 3, decide: 10 });
/** Games spent on the table: flips and duels re-flipped while decisions (cheats above all) are pending. */
const tableAction = actions({ draw: 0, discard: 0, reveal: 0, soulstones: 0, log: 0, locale: 0, end: 0, flip: 3, duel: 6, damage: 3, reflip: 8, decide: 8, stale: 3, undo: 2, hand: 2 });

const seatOf = (w: Who): engine.Seat | null => (w === 'alice' ? 0 : w === 'bob' ? 1 : null);
const userOf = (seat: engine.Seat): Viewer => (seat === 0 ? 'alice' : 'bob');

async function activeOrNull(channelId: string): Promise<engine.ActiveState | null> {
  const state = await app.state(channelId);
  return state && state.status === 'active' ? state : null;
}

/** What every user starts a game with: DMs open, no /settings choice, an English Discord client. */
async function resetUsers(): Promise<void> {
  for (const w of ['alice', 'bob'] as const) {
    app.double.setUser(IDS[w], { dmsClosed: false, locale: 'en-US' });
    await app.store.saveUserSettings({ userId: IDS[w], locale: null, directMessages: true });
    app.bot.services.languages.remember(IDS[w], null);
  }
}

const handButtonOf = (gameId: string) => `fk:hand:${gameId}`;
function withHandButton(channelId: string, gameId: string): DoubleMessage | undefined {
  return [...app.publicMessages(channelId)].reverse().find((m) => componentsOf(m).some((c) => c.custom_id === handButtonOf(gameId)));
}

/** Runs one action through the double, as the user would (slash command or click). Returns the cards the
 * actor typed (an error may quote the asker's own input back to them). */
async function perform(a: Action, channelId: string): Promise<engine.CardCode[]> {
  const typed = await performAction(a, channelId);
  return typed ?? [];
}

async function performAction(a: Action, channelId: string): Promise<engine.CardCode[] | void> {
  const state = await activeOrNull(channelId);
  if (!state) return;
  const hand = (w: Who) => (seatOf(w) === null ? [] : state.seats[seatOf(w)!].hand);
  switch (a.t) {
    case 'draw':
      await app.command(a.who, 'draw', { count: a.count }, channelId);
      return;
    case 'flip':
      await app.command(a.who, 'flip', { modifier: a.modifier, cheatable: a.cheatable, label: 'probe' }, channelId);
      return;
    case 'reflip': {
      // The flip's player (the flip of the open decision, else the latest), the other player, the outsider,
      // or the referee.
      const flips = state.resolution?.flips ?? [];
      const pending = engine.pendingDecision(state);
      const flip = flips.find((f) => pending && 'slot' in pending && f.slot === pending.slot) ?? flips.at(-1);
      const owner = userOf(flip?.seat ?? 0);
      const asker: Viewer = a.as === 'owner' ? owner : a.as === 'other' ? (owner === 'alice' ? 'bob' : 'alice') : a.as;
      // The slot named: that flip's own, none (the asker's default), or any slot at all.
      const slot = a.slot === 'its' ? (flip && flip.slot !== 'reduce' ? flip.slot : null) : a.slot;
      const done = await app.command(asker, 'reflip', slot ? { flip: slot } : undefined, channelId);
      expect(done.ok, done.error).toBe(true);
      // A refused re-flip (not yours, nothing to re-flip, too late, not a player) is said to the asker alone.
      const after = await activeOrNull(channelId);
      if (after && after.eventCount === state.eventCount) expect(done.reply?.ephemeral, done.reply?.content).toBe(true);
      return;
    }
    case 'discard': {
      const mine = hand(a.who);
      // Sometimes a card of the opponent's hand: an adversary probing what the other player holds.
      const other = hand(a.who === 'alice' ? 'bob' : 'alice');
      const pool = a.foreign && other.length ? other : mine;
      const card = pool.length ? pool[a.pick % pool.length]! : '13M';
      await app.command(a.who, 'discard', { cards: card }, channelId);
      return [card];
    }
    case 'reveal': {
      const mine = hand(a.who);
      const card = mine.length ? mine[a.pick % mine.length]! : 'RJ';
      await app.command(a.who, 'reveal', { cards: card }, channelId);
      return [card];
    }
    case 'soulstones':
      await app.command(a.who, 'soulstones', { count: a.count }, channelId);
      return;
    case 'duel':
      if (a.opposed) {
        await app.command(
          a.who,
          'duel opposed',
          {
            attack: 6,
            defense: 5,
            attack_fate: a.fate,
            attacker_soulstones: a.stones,
            defender_soulstones: a.stones,
            ...(a.triggers ? { attacker_triggers: 'Strike:M; Whirl:TT', defender_triggers: 'Parry:C' } : {}),
            ...(a.damage ? { damage: '2/3/4' } : {}),
          },
          channelId,
        );
      } else {
        await app.command(a.who, 'duel simple', { stat: 5, tn: 11, fate: a.fate, soulstones: a.stones, ...(a.triggers ? { triggers: 'Strike:M' } : {}), ...(a.damage ? { damage: '1/2/3' } : {}) }, channelId);
      }
      return;
    case 'damage':
      await app.command(a.who, 'damage', { profile: '2/3/4', fate: a.fate, target_soulstones: a.stones }, channelId);
      return;
    case 'undo':
      await app.command(a.who, 'game undo', undefined, channelId);
      return;
    case 'end': {
      if (a.choice === 'takeBack') {
        const notice = findComponent(app.publicMessages(channelId), (id) => id === `fk:endback:${state.gameId}`);
        if (notice) await app.click(a.who, notice.message.id, notice.customId);
        return;
      }
      const asked = await app.command(a.who, 'game end', undefined, channelId);
      // The confirmation (or a refusal) is the asker's alone (it must not carry the seed either: checked by inspect).
      expect(asked.reply?.ephemeral, asked.reply?.content).toBe(true);
      const confirm = asked.reply ? componentsOf(asked.reply).find((c) => String(c.custom_id).endsWith(`:${a.choice}`)) : undefined;
      if (confirm) await app.click(a.who, asked.reply!.id, String(confirm.custom_id));
      return;
    }
    case 'log':
      await app.command(a.who, 'game log', undefined, channelId);
      return;
    case 'hand':
      if (!a.button) {
        await app.command(a.who, 'hand', undefined, channelId);
      } else {
        const withButton = withHandButton(channelId, state.gameId);
        if (withButton) await app.click(a.who, withButton.id, handButtonOf(state.gameId));
      }
      return;
    case 'dms':
      app.double.setUser(IDS[a.who as Viewer], { dmsClosed: a.closed });
      return;
    case 'settings':
      await app.command(a.who, 'settings', { ...(a.language ? { language: a.language } : {}), ...(a.dms === null ? {} : { dms: a.dms }) }, channelId);
      return;
    case 'locale':
      app.double.setUser(IDS[a.who as Viewer], { locale: a.locale });
      return;
    case 'decide':
      await decide(a, state, channelId);
      return;
    case 'stale':
      await clickStale(a, state, channelId);
      return;
  }
}

/** Answers (or tries to answer) the pending decision by clicking a component the bot sent. */
async function decide(a: Extract<Action, { t: 'decide' }>, state: engine.ActiveState, channelId: string): Promise<void> {
  const decision = engine.pendingDecision(state);
  if (!decision) return;
  const decider = userOf(decision.seat);
  const clicker: Viewer = a.as === 'decider' ? decider : a.as === 'other' ? (decider === 'alice' ? 'bob' : 'alice') : a.as;
  const choices = engine.decisionChoices(decision);
  const many = decision.kind === 'discardDown' || decision.kind === 'triggerCost';
  const choice = many ? Array.from({ length: decision.count }, (_, i) => choices[(a.choice + i) % choices.length]!) : choices[a.choice % choices.length]!;
  let message: DoubleMessage | undefined;
  // Every decision is private: the channel never carries its controls.
  expect(latestDecisionMessage(app.publicMessages(channelId), state.gameId), 'decision controls in the channel').toBeUndefined();
  if (clicker === decider) {
    // The DM that carries THIS decision's controls (DMs may be closed, turned off with /settings, or the
    // decision opened while they were); else the "My hand" button shows the decision ephemerally.
    const current = decisionCustomId(state.gameId, decision);
    const dm = [...app.dms(decider)].reverse().find((m) => componentsOf(m).some((c) => (c.custom_id as string).startsWith(current)));
    message = a.via === 'hand' ? undefined : dm;
    // 'both': a look at "My hand" first, then the answer in the DM — the ephemeral view keeps its controls, stale from now on.
    if (a.via === 'both') await app.click(decider, withHandButton(channelId, state.gameId)!.id, handButtonOf(state.gameId));
    if (!message) {
      const withButton = withHandButton(channelId, state.gameId)!;
      message = (await app.click(decider, withButton.id, handButtonOf(state.gameId))).reply;
    }
  } else {
    // Someone else cannot even see the decision: they can only press "My hand".
    const withButton = withHandButton(channelId, state.gameId);
    if (withButton) {
      const shown = await app.click(clicker, withButton.id, handButtonOf(state.gameId));
      expect(shown.reply?.ephemeral, shown.reply?.content).toBe(true);
    }
    return;
  }
  expect(message, `the ${decision.kind} decision of ${decider} is offered somewhere ${decider} can answer it`).toBeDefined();
  const where = locateChoice(message!, decision, choice);
  expect(where, `a component for ${decision.kind} = ${String(choice)}`).toBeDefined();
  const clicked = await app.click(clicker, where!.message.id, where!.customId, where!.values);
  expect(clicked.ok, clicked.error).toBe(true);
  if (clicker !== decider) {
    expect(clicked.reply?.ephemeral).toBe(true);
    expect(clicked.reply?.content).toMatch(/belongs to|revient à/);
  }
}

/**
 * A control the user can still see but that no longer answers anything (an older "My hand" view, the
 * buttons of an undone decision, a DM whose controls the bot failed to take away): clicked, it must be
 * refused to the clicker alone, and change nothing.
 */
async function clickStale(a: Extract<Action, { t: 'stale' }>, state: engine.ActiveState, channelId: string): Promise<void> {
  const pending = engine.pendingDecision(state);
  const current = pending ? decisionCustomId(state.gameId, pending) : null;
  const controls = app.double
    .messages()
    .flatMap((m) => componentsOf(m).map((c) => ({ m, c })))
    .filter(({ c }) => (c.custom_id as string).startsWith(`fk:d:${state.gameId}:`) && (current === null || !(c.custom_id as string).startsWith(current)));
  if (!controls.length) return;
  // The control, and who clicks it: among those who can see it, `who` if they can, else any of them.
  const { m, c } = controls[a.pick % controls.length]!;
  const viewers = viewersOf(m);
  const clicker = viewers.includes(a.who as Viewer) ? (a.who as Viewer) : viewers[a.pick % viewers.length]!;
  const values = c.type === 3 ? selectValues(c).slice(0, Math.max(1, Number(c.min_values ?? 1))) : undefined;
  const clicked = await app.click(clicker, m.id, c.custom_id as string, values);
  expect(clicked.ok, clicked.error).toBe(true);
  expect(clicked.reply?.ephemeral, clicked.reply?.content).toBe(true);
  expect((await activeOrNull(channelId))?.eventCount, 'a stale control changes nothing').toBe(state.eventCount);
}

// --- what each viewer can read ---------------------------------------------------------------------

const CARD_CODE = /"(\d{1,2}[RMCT]|RJ|BJ)"/g;

function codesIn(value: unknown): engine.CardCode[] {
  return [...JSON.stringify(value).matchAll(CARD_CODE)].map((m) => m[1]! as engine.CardCode).filter((c) => engine.isCardCode(c));
}

/**
 * Cards an event makes public (draws, shuffles and the start carry secrets and make nothing public; a
 * DecisionOpened offering hand cards keeps them private).
 */
function publicCodes(event: engine.GameEvent): engine.CardCode[] {
  if (event.type === 'CardsDrawn' || event.type === 'DeckShuffled' || event.type === 'GameStarted') return [];
  // The platform's own log entries (referees chosen, undo asked…) share the log but are no engine event.
  if (!engine.eventSchema.safeParse(event).success) return [];
  return codesIn(engine.publicEvent(event));
}

/** Cards in the public zones of a state: discards, conflict, removed, revealed hand cards, the resolution. */
function zoneCodes(state: engine.ActiveState | null): engine.CardCode[] {
  if (!state) return [];
  return [...state.seats.flatMap((s) => [...s.discard, ...s.conflict, ...s.removed, ...s.revealedInHand]), ...codesIn(state.resolution)];
}

/** What `viewer` must not learn of `seat`: its unrevealed hand (another's seat) and its deck top (any seat, their own too). */
function secretsFor(viewer: Viewer | null, state: engine.ActiveState | null, seat: engine.Seat): engine.CardCode[] {
  if (!state) return [];
  const s = state.seats[seat];
  const top = s.deck.slice(0, 1);
  if (viewer !== null && seatOf(viewer) === seat) return top;
  return [...s.hand.filter((c) => !s.revealedInHand.includes(c)), ...top];
}

function dmOwnerOf(channelId: string): Viewer | undefined {
  return VIEWERS.find((v) => app.double.dmChannelId(IDS[v]) === channelId);
}

function viewersOf(m: Pick<DoubleMessage, 'channelId' | 'visibleTo'>): Viewer[] {
  const dmOwner = dmOwnerOf(m.channelId);
  if (dmOwner) return [dmOwner];
  if (m.visibleTo) return VIEWERS.filter((v) => IDS[v] === m.visibleTo);
  return [...VIEWERS];
}

/** Everything readable in a message, attachment bytes of JSON files included (the /game log). */
function readable(m: DoubleMessage): string {
  const files = m.attachments
    .filter((a) => a.contentType.includes('json') || a.filename.endsWith('.json'))
    .map((a) => app.double.attachmentData(a.id)?.toString('utf8') ?? '');
  return [messageText(m), ...files].join('\n');
}

/** Every message of the channel and every DM, as readable text. */
function everythingIn(channelId: string): string {
  return [...app.double.messages(channelId), ...VIEWERS.flatMap((v) => app.dms(v))].map(readable).join('\n');
}

const isAuditLog = (m: DoubleMessage) => m.attachments.some((a) => a.filename.startsWith('fatekeeper-log-'));

/** A body the bot sent, and who can read the message it makes or changes. */
interface SentBody {
  where: string;
  body: unknown;
  viewers: Viewer[];
  /** The /game log's reply: it may list earlier public events (a discard since undone: its cards are back in a hand). */
  audit?: boolean;
}

const interactionByToken = (token: string): InteractionRecord | undefined => app.double.interactions().find((r) => r.token === token);

/** Who reads what an interaction's response or webhook writes into `messageId` (or a new message of it). */
function interactionViewers(record: InteractionRecord, flags: unknown, messageId: string | null): Viewer[] {
  const existing = messageId ? (app.double.message(messageId) ?? versions.findLast((v) => v.id === messageId)) : undefined;
  if (existing) return viewersOf(existing);
  const ephemeral = typeof flags === 'number' && (flags & FLAG_EPHEMERAL) !== 0;
  return viewersOf({ channelId: record.channelId, visibleTo: ephemeral ? record.userId : null });
}

/** The bodies sent since the last look: REST posts and edits, and initial interaction responses. */
function sentSince(seen: Seen): SentBody[] {
  const out: SentBody[] = [];
  for (const request of app.double.requests.slice(seen.requests)) {
    if (request.method !== 'POST' && request.method !== 'PATCH') continue;
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') continue;
    const where = `${request.method} ${request.path} (${request.status})`;
    const channel = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(request.path);
    if (channel) {
      out.push({ where, body, viewers: viewersOf({ channelId: channel[1]!, visibleTo: null }) });
      continue;
    }
    const webhook = /^\/webhooks\/\d+\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(request.path);
    const record = webhook ? interactionByToken(webhook[1]!) : undefined;
    if (webhook && record) {
      const target = webhook[2] === '@original' ? record.originalMessageId : (webhook[2] ?? null);
      out.push({ where, body, viewers: interactionViewers(record, body.flags, target) });
    }
    // Interaction callbacks are read below, from the response the double recorded (inline or by REST).
  }
  seen.requests = app.double.requests.length;
  for (const record of app.double.interactions()) {
    if (seen.interactions.has(record.id) || record.status === 'pending') continue;
    seen.interactions.add(record.id);
    const data = record.response?.data;
    if (!data) continue;
    const target = record.response!.type === 7 || record.response!.type === 6 ? record.sourceMessageId : null;
    out.push({ where: `interaction ${record.name} response ${record.response!.type}`, body: data, viewers: interactionViewers(record, data.flags, target), audit: record.name === 'game log' });
  }
  return out;
}

interface Seen {
  texts: Map<string, string>;
  logLines: number;
  /** The last stored event already accounted for. */
  seq: number;
  /** How many message versions and REST requests were already read; interactions already read. */
  versions: number;
  requests: number;
  interactions: Set<string>;
  /** Cards each viewer has held or typed in this game: their own knowledge, wherever it shows up later. */
  known: Record<Viewer, Set<string>>;
  /** Messages from before this game (earlier games in the channel, older DMs). */
  baseline: Set<string> | null;
}

function freshSeen(): Seen {
  return {
    texts: new Map(),
    logLines: app.logs.length,
    seq: 0,
    versions: versions.length,
    requests: app.double.requests.length,
    interactions: new Set(app.double.interactions().map((r) => r.id)),
    known: { alice: new Set(), bob: new Set(), carol: new Set(), rita: new Set() },
    baseline: null,
  };
}

/** The audit log's JSON before the end: public events only (no seed, no shuffle order or cut, no drawn cards). */
function auditJsonProblems(m: DoubleMessage): string[] {
  const problems: string[] = [];
  for (const a of m.attachments.filter((x) => x.filename.startsWith('fatekeeper-log-'))) {
    const log = JSON.parse(app.double.attachmentData(a.id)?.toString('utf8') ?? '{}') as { ended?: boolean; entries?: { event: Record<string, unknown> }[] };
    if (log.ended !== false) problems.push(`ended: ${String(log.ended)}`);
    for (const { event } of log.entries ?? []) {
      if ('seed' in event) problems.push(`${String(event.type)} has a seed`);
      if (event.type === 'DeckShuffled' && ('order' in event || 'cut' in event)) problems.push('a shuffle has its order');
      if (event.type === 'CardsDrawn' && 'cards' in event) problems.push('a draw names its cards');
    }
  }
  return problems;
}

const PUBLIC_PICTURES = /^(duel|damage|flip)\.png$/;

async function inspect(channelId: string, seen: Seen, before: engine.ActiveState | null, step: string, typed: { by: Viewer | null; cards: engine.CardCode[] } = { by: null, cards: [] }): Promise<void> {
  const after = await activeOrNull(channelId);
  const stored = (await app.game(channelId))!;
  const log = await app.store.listEvents(stored.id);
  const seed = (engine.stateSchema.parse(stored.snapshot) as engine.GameState & { seed?: string }).seed!;
  const ended = stored.status === 'ended';
  const everPublic = new Set(log.flatMap((e) => publicCodes((e.payload as StoredPayload).event as engine.GameEvent)));
  // Cards made public by this step: its batches' public events, and the public zones before and after.
  const fresh = log.filter((e) => e.seq > seen.seq);
  seen.seq = log.at(-1)?.seq ?? 0;
  const madePublic = new Set([...fresh.flatMap((e) => publicCodes((e.payload as StoredPayload).event as engine.GameEvent)), ...zoneCodes(before), ...zoneCodes(after)]);

  for (const v of VIEWERS) {
    const seat = seatOf(v);
    if (typed.by === v) for (const c of typed.cards) seen.known[v].add(c);
    if (seat !== null) for (const c of [...(before?.seats[seat].hand ?? []), ...(after?.seats[seat].hand ?? [])]) seen.known[v].add(c);
  }
  const ownCards = (v: Viewer): Set<string> => seen.known[v];

  const messages = [...app.double.messages(channelId), ...VIEWERS.flatMap((v) => app.dms(v))];
  const newVersions = versions.slice(seen.versions);
  seen.versions = versions.length;
  const bodies = sentSince(seen);
  if (!seen.baseline) {
    // The game has just started: what exists now (earlier games, older DMs, the start message) is the
    // baseline; the start message itself was checked for the seed.
    seen.baseline = new Set(messages.map((m) => m.id));
    for (const m of messages) seen.texts.set(m.id, readable(m));
    if (step === 'start') expect([...messages.map(readable), ...bodies.map((b) => JSON.stringify(b.body))].join('\n')).not.toContain(seed);
    seen.logLines = app.logs.length;
    return;
  }
  const baseline = seen.baseline;

  /** Fresh text read by `viewers`: no card secret from any of them, beyond what this step made public. */
  const checkFresh = (text: string, viewers: readonly Viewer[], where: string, allowance: ReadonlySet<string>): void => {
    if (text.includes(seed)) expect.fail(`${step}: the seed is readable before the end in ${where}:\n${text}`);
    for (const viewer of viewers) {
      for (const seat of [0, 1] as const) {
        const own = ownCards(viewer);
        const secretNow = [...new Set([...secretsFor(viewer, before, seat), ...secretsFor(viewer, after, seat)])].filter((c) => !own.has(c));
        const leaked = findCards(text, secretNow.filter((c) => !allowance.has(c)));
        if (leaked.length) {
          expect.fail(`${step}: ${viewer} can read ${userOf(seat)}'s secret card(s) ${leaked.join(' ')} (hand ${after?.seats[seat].hand.join(' ')}, deck top ${after?.seats[seat].deck[0]}) in ${where}:\n${text}`);
        }
      }
    }
  };

  if (!ended) {
    // Every version of every message, each against the one before it (an edit keeps older, then-legitimate lines).
    for (const m of newVersions) {
      const text = readable(m);
      const previous = seen.texts.get(m.id);
      seen.texts.set(m.id, text);
      if (previous === text) continue;
      const oldLines = new Set((previous ?? '').split('\n'));
      const newText = text
        .split('\n')
        .filter((l) => !oldLines.has(l))
        .join('\n');
      const audit = isAuditLog(m);
      checkFresh(newText, viewersOf(m), `message ${m.id}${previous === undefined ? '' : ' (edited)'}`, audit ? new Set([...madePublic, ...everPublic]) : madePublic);
      if (audit) {
        // Public events only, even for the asker: none of their own unrevealed cards either.
        const problems = auditJsonProblems(m);
        if (problems.length) expect.fail(`${step}: the audit log before the end is not public-only (${problems.join('; ')}) in message ${m.id}`);
        const hands = [0, 1].flatMap((seat) => secretsFor(null, after, seat as engine.Seat)).filter((c) => !everPublic.has(c) && !madePublic.has(c));
        const leaked = findCards(text, hands);
        if (leaked.length) expect.fail(`${step}: the audit log before the end lists unrevealed card(s) ${leaked.join(' ')} in message ${m.id}:\n${text}`);
      }
      if (!dmOwnerOf(m.channelId) && !m.visibleTo) {
        const pictures = m.attachments.filter((a) => a.contentType.startsWith('image/') && !PUBLIC_PICTURES.test(a.filename));
        if (pictures.length) expect.fail(`${step}: a public message carries the picture ${pictures.map((p) => p.filename).join(', ')} (message ${m.id})`);
      }
    }
    // Every body the bot sent, read by whoever sees its target, whether or not the double kept it.
    for (const sent of bodies) checkFresh(JSON.stringify(sent.body), sent.viewers, `the body of ${sent.where}`, sent.audit ? new Set([...madePublic, ...everPublic]) : madePublic);
  } else {
    for (const m of newVersions) seen.texts.set(m.id, readable(m));
  }

  // The history is complete: every message reads as its last reported version.
  for (const m of messages) {
    if (seen.texts.get(m.id) !== readable(m)) expect.fail(`${step}: message ${m.id} changed without the double reporting it`);
  }

  if (!ended && after) {
    // Global: all a viewer can read, against secrets that were never public in this game.
    for (const viewer of VIEWERS) {
      const own = ownCards(viewer);
      const visible = [...app.visibleTo(viewer, channelId), ...app.dms(viewer)]
        .filter((m) => !baseline.has(m.id))
        .map(readable)
        .join('\n');
      for (const seat of [0, 1] as const) {
        const neverPublic = secretsFor(viewer, after, seat).filter((c) => !everPublic.has(c) && !own.has(c) && !zoneCodes(after).includes(c));
        const leaked = findCards(visible, neverPublic);
        if (leaked.length) expect.fail(`${step}: ${viewer} can read ${userOf(seat)}'s never-public card(s) ${leaked.join(' ')}`);
      }
    }
  }

  // The bot's own output: no secret card, no seed.
  const lines = app.logs.slice(seen.logLines).join('\n');
  seen.logLines = app.logs.length;
  if (!ended && lines) {
    if (lines.includes(seed)) expect.fail(`${step}: the seed is in the bot's log:\n${lines}`);
    const secrets = [0, 1].flatMap((seat) => [...secretsFor(null, before, seat as engine.Seat), ...secretsFor(null, after, seat as engine.Seat)]).filter((c) => !madePublic.has(c));
    const leaked = findCards(lines, secrets);
    if (leaked.length) expect.fail(`${step}: the bot's log holds secret card(s) ${leaked.join(' ')}:\n${lines}`);
  }
}

// --- the property ----------------------------------------------------------------------------------

let run = 0;

/** Plays `runs` random games of `steps` actions each, inspecting after every step. */
async function playGames(action: fc.Arbitrary<Action>, runs: number, steps: number, seed: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: steps, maxLength: steps }), async (actions) => {
      const channelId = app.double.channel(`table-${(run++ % 7) + 1}`).id;
      await resetUsers();
      const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, channelId);
      expect(created.ok && !created.reply?.ephemeral, created.error ?? created.reply?.content).toBe(true);
      const seen = freshSeen();
      // Everything already in the channel (earlier games) is old news.
      await inspect(channelId, seen, null, 'start');
      try {
        // Both players start with cards in hand and soulstones, so there is something to hide and to cheat with.
        const setup: Action[] = [
          { t: 'draw', who: 'alice', count: 4 },
          { t: 'draw', who: 'bob', count: 4 },
          { t: 'soulstones', who: 'alice', count: 2 },
          { t: 'soulstones', who: 'bob', count: 2 },
        ];
        for (const [i, a] of [...setup, ...actions].entries()) {
          const before = await activeOrNull(channelId);
          const typed = await perform(a, channelId);
          const label = i < setup.length ? `setup ${JSON.stringify(a)}` : `step ${i - setup.length + 1} ${JSON.stringify(a)}`;
          await inspect(channelId, seen, before, label, { by: 'who' in a ? (a.who as Viewer) : null, cards: typed });
        }
      } finally {
        await resetUsers();
        const state = await activeOrNull(channelId);
        if (state) {
          const seed = state.seed;
          expect(everythingIn(channelId), 'the seed before the end').not.toContain(seed);
          await app.endGame('alice', channelId);
          // The seed appears at the end, and only then.
          expect(messageText(app.lastPublic(channelId)!), `the end of the game; the bot logged:\n${app.logs.slice(-5).join('\n')}`).toContain(seed);
        }
      }
    }),
    { numRuns: runs, seed: Number(process.env.HIDDEN_SEED ?? seed), endOnFailure: true },
  );
  expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
  if (process.env.E2E_DEBUG) {
    const counts: Record<string, number> = {};
    for (const row of (await app.fingerprint()).games) {
      for (const e of await app.store.listEvents(String(row.id))) counts[e.type] = (counts[e.type] ?? 0) + 1;
    }
    process.stderr.write(`${JSON.stringify(counts)}\n`);
  }
}

describe('hidden information, over the HTTP endpoint', () => {
  botOn('http');

  it('the checks catch a planted leak (a hand card, a deck top, a log line, the seed, an edit, a refused body, the audit log, a hand picture)', async () => {
    const channelId = app.double.channel('table-8').id;
    await resetUsers();
    await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, channelId);
    let seen = freshSeen();
    await inspect(channelId, seen, null, 'start');
    for (const w of ['alice', 'bob'] as const) {
      await app.command(w, 'draw', { count: 4 }, channelId);
      await inspect(channelId, seen, null, `${w} draws`);
    }
    const state = (await activeOrNull(channelId))!;
    const { outbox, log } = app.bot.services;
    const { cardName, card } = await import('../src/systems/malifaux-table/present/cards.js');
    const { translator } = await import('../src/i18n/index.js');
    const publicPost = async (): Promise<string> => (await outbox.postToChannel(channelId, { content: 'Waiting for Bob' })).messageId;
    const aliceDm = async (): Promise<{ channelId: string; messageId: string }> => {
      const sent = await outbox.sendDirectMessage(IDS.alice, { content: 'Your hand' });
      if (!sent.ok) throw new Error('the DM was not sent');
      return sent;
    };
    const [aliceHand, bobHand] = [state.seats[0].hand, state.seats[1].hand];
    const fakeLog = (cards: string[]) => ({
      content: 'log',
      files: [{ name: `fatekeeper-log-${state.gameId}.json`, contentType: 'application/json', data: Buffer.from(JSON.stringify({ ended: false, entries: [{ event: { type: 'CardsDrawn', seat: 0, cards } }] })) }],
    });

    // Each plant goes through the bot's real outbox (REST to the double) or its logger.
    const plants: [string, () => Promise<unknown>, RegExp][] = [
      ['a hand card in a public message', () => outbox.postToChannel(channelId, { content: `psst: ${cardName(translator('fr'), aliceHand[1]!)}` }), /secret card/],
      ['the deck top in a select value', () => outbox.postToChannel(channelId, { content: 'x', components: [{ type: 1, components: [{ type: 3, custom_id: 'fk:x', options: [{ label: 'next', value: state.seats[1].deck[0]! }] }] }] }), /secret card/],
      ['a hand card in a log line', async () => log.error(`failed with ${aliceHand[0]!}`), /bot's log holds secret/],
      ['the seed in a DM', () => outbox.sendDirectMessage(IDS.carol, { content: `seed ${state.seed}` }), /seed is readable/],
      // The new paths: edits, a player's own deck, bodies nobody got to see, the audit log, pictures.
      [
        'a hand card edited into a public message, then edited out again',
        async () => {
          const id = await publicPost();
          await outbox.editChannelMessage(channelId, id, { content: `✅ done — ${card(bobHand[0]!)}` });
          await outbox.editChannelMessage(channelId, id, { content: '✅ done' });
        },
        /alice can read bob's secret card.*\(edited\)/,
      ],
      [
        "the other player's hand edited into a hand DM",
        async () => {
          const dm = await aliceDm();
          await outbox.editChannelMessage(dm.channelId, dm.messageId, { content: `🕘 An older hand. Bob holds ${cardName(translator('en'), bobHand[2]!)}` });
        },
        /alice can read bob's secret card/,
      ],
      ['her own deck top in a DM to Alice', () => outbox.sendDirectMessage(IDS.alice, { content: `In your hand: ${card(aliceHand[0]!)}; next: ${card(state.seats[0].deck[0]!)}` }), /alice can read alice's secret card/],
      [
        'a hand card in a body the double refused',
        () => outbox.postToChannel(channelId, { content: `${'x'.repeat(2001)} ${card(aliceHand[3]!)}` }).catch(() => undefined),
        /secret card.*in the body of POST \/channels/,
      ],
      ['her own drawn cards in the audit log JSON, shown to her alone', () => outbox.sendDirectMessage(IDS.alice, fakeLog(aliceHand)), /audit log before the end is not public-only/],
      ['a hand picture in the channel', () => outbox.postToChannel(channelId, { content: 'look', files: [{ name: 'hand.png', data: Buffer.from('89504e47', 'hex'), contentType: 'image/png' }] }), /public message carries the picture hand\.png/],
    ];
    try {
      for (const [what, plant, caught] of plants) {
        seen.logLines = app.logs.length;
        await plant();
        await expect(inspect(channelId, seen, state, what), what).rejects.toThrow(caught);
        seen = freshSeen();
        await inspect(channelId, seen, null, 'rebaseline');
      }
    } finally {
      app.logs.splice(0); // the planted log line is not the bot's
      await app.endGame('alice', channelId);
    }
  });

  it('refuses the attacks random play seldom reaches around a pending cheat, and leaks nothing doing so', async () => {
    const channelId = app.double.channel('table-8').id;
    // Games until the opposed duel stops on a cheat (the seeds are fixed, so always the same game).
    for (let attempt = 0; attempt < 20; attempt++) {
      await resetUsers();
      await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, channelId);
      const seen = freshSeen();
      await inspect(channelId, seen, null, 'start');
      const step = async (label: string, work: (state: engine.ActiveState) => Promise<unknown>): Promise<void> => {
        const before = (await activeOrNull(channelId))!;
        await work(before);
        await inspect(channelId, seen, before, label);
      };
      const refused = (label: string, done: { reply?: DoubleMessage; ok: boolean; error?: string }, eventCount: number) =>
        step(label, async () => {
          expect(done.ok, done.error).toBe(true);
          expect(done.reply?.ephemeral, `${label}: ${done.reply?.content}`).toBe(true);
          expect((await activeOrNull(channelId))?.eventCount, `${label} changes nothing`).toBe(eventCount);
        });
      for (const a of [
        { t: 'draw', who: 'alice', count: 5 },
        { t: 'draw', who: 'bob', count: 5 },
        { t: 'duel', who: 'alice', opposed: true, fate: 1, stones: false, triggers: false, damage: false },
      ] satisfies Action[]) {
        await step(JSON.stringify(a), () => perform(a, channelId));
      }
      for (let i = 0; i < 6; i++) {
        const state = (await activeOrNull(channelId))!;
        const d = engine.pendingDecision(state);
        if (!d || d.kind === 'cheat') break;
        // A pick re-flipped by the referee leaves its public buttons behind: stale controls for everyone.
        if (d.kind === 'pick' && i === 0) await step(`rita re-flips the ${d.slot} pick`, () => app.command('rita', 'reflip', { flip: d.slot }, channelId));
        await step(`answer ${d.kind}`, () => perform({ t: 'decide', as: 'decider', choice: 0, via: 'dm' }, channelId));
      }
      const state = (await activeOrNull(channelId))!;
      const cheat = engine.pendingDecision(state);
      if (cheat?.kind !== 'cheat') {
        await app.endGame('alice', channelId);
        continue;
      }
      const decider = userOf(cheat.seat);
      const other = decider === 'alice' ? 'bob' : 'alice';
      const otherSlot = cheat.slot === 'attacker' ? 'defender' : 'attacker';
      const gameId = state.gameId;
      const handButton = () => withHandButton(channelId, gameId)!;

      // The decider looks at "My hand" (an ephemeral view with the decision's controls), the others too.
      let view: DoubleMessage | undefined;
      await step(`${decider} opens My hand`, async () => {
        view = (await app.click(decider, handButton().id, handButtonOf(gameId))).reply;
        expect(view?.ephemeral).toBe(true);
        expect(componentsOf(view!).some((c) => c.type === 3)).toBe(true);
      });
      for (const w of [other, 'carol', 'rita'] as const) {
        await step(`${w} opens My hand`, async () => expect((await app.click(w, handButton().id, handButtonOf(gameId))).reply?.ephemeral).toBe(true));
      }
      // Re-flips by the wrong people: the outsider, and a player on a flip that is not theirs.
      await refused('carol re-flips the cheat', await app.command('carol', 'reflip', { flip: cheat.slot }, channelId), state.eventCount);
      const alicesSlot = state.resolution?.flips.find((f) => f.seat === 0)?.slot;
      if (alicesSlot && alicesSlot !== 'reduce') await refused("bob re-flips alice's flip", await app.command('bob', 'reflip', { flip: alicesSlot }, channelId), state.eventCount);

      // The referee re-flips the other side's flip: the cheat opens again (a new id), the DM that carried
      // the old one loses its controls, the channel's notice of it is marked done.
      const oldDm = [...app.dms(decider)].reverse().find((m) => componentsOf(m).some((c) => (c.custom_id as string).startsWith(decisionCustomId(gameId, cheat))));
      await step(`rita re-flips the ${otherSlot} flip`, async () => {
        // Within a story, the duel's living message tells it; the referee is answered privately.
        const done = await app.command('rita', 'reflip', { flip: otherSlot }, channelId);
        expect(done.reply?.ephemeral, done.reply?.content).toBe(true);
      });
      const reopened = engine.pendingDecision((await activeOrNull(channelId))!);
      if (oldDm && reopened?.id !== cheat.id) expect(componentsOf(app.double.message(oldDm.id)!), 'the older DM keeps no controls').toEqual([]);

      // Stale controls: the decider's "My hand" select of the old cheat, with a card of their hand.
      const select = componentsOf(view!).find((c) => c.type === 3)!;
      const staleBefore = (await activeOrNull(channelId))!.eventCount;
      if (reopened?.id !== cheat.id) {
        await refused('the old My hand select', await app.click(decider, view!.id, select.custom_id as string, [selectValues(select)[0]!]), staleBefore);
      }
      // Every other control of this game still on screen, clicked by each who can see it.
      for (const m of app.double.messages().filter((x) => componentsOf(x).some((c) => (c.custom_id as string).startsWith(`fk:d:${gameId}:`)))) {
        const current = engine.pendingDecision((await activeOrNull(channelId))!);
        const c = componentsOf(m).find((x) => (x.custom_id as string).startsWith(`fk:d:${gameId}:`))!;
        if (current && (c.custom_id as string).startsWith(decisionCustomId(gameId, current))) continue;
        for (const w of viewersOf(m)) {
          const count = (await activeOrNull(channelId))!.eventCount;
          const values = c.type === 3 ? selectValues(c).slice(0, Number(c.min_values ?? 1)) : undefined;
          await refused(`${w} clicks a stale control`, await app.click(w, m.id, c.custom_id as string, values), count);
        }
      }
      // The referee re-flips the decider's own flip (their cheat still undecided: it stays theirs to make).
      await step(`rita re-flips the ${cheat.slot} flip`, () => app.command('rita', 'reflip', { flip: cheat.slot }, channelId));
      // The decider answers, by DM or "My hand"; the referee takes it back; everyone reads the log.
      await step(`${decider} answers`, () => perform({ t: 'decide', as: 'decider', choice: 1, via: 'dm' }, channelId));
      await step('rita undoes', () => app.command('rita', 'game undo', undefined, channelId));
      for (const w of VIEWERS) await step(`${w} reads the log`, () => app.command(w, 'game log', undefined, channelId));
      await step(`${decider} answers again, from My hand`, () => perform({ t: 'decide', as: 'decider', choice: 0, via: 'hand' }, channelId));
      for (let i = 0; i < 6 && engine.pendingDecision((await activeOrNull(channelId)) ?? state); i++) {
        if (!(await activeOrNull(channelId))) break;
        await step('answer', () => perform({ t: 'decide', as: 'decider', choice: i, via: 'both' }, channelId));
      }
      await app.endGame('alice', channelId);
      return;
    }
    expect.fail('no game of 20 stopped on a cheat');
  });

  it(`survives ${RUNS} random games of ${STEPS} steps by Alice, Bob, an outsider and a referee`, () => playGames(anyAction, RUNS, STEPS, 20261121), 120_000);

  it(`survives ${TABLE_RUNS} games spent re-flipping and deciding on the table`, () => playGames(tableAction, TABLE_RUNS, STEPS, 20261122), 120_000);
});

// The same attacks through the gateway (the real discord.js client), where every answer is a REST call:
// fewer games, other seeds.
describe('hidden information, over the gateway', () => {
  botOn('gateway');

  it(`survives ${GATEWAY_RUNS} random games of ${STEPS} steps by Alice, Bob, an outsider and a referee`, () => playGames(anyAction, GATEWAY_RUNS, STEPS, 20261123), 120_000);

  it(`survives ${GATEWAY_RUNS} games spent re-flipping and deciding on the table`, () => playGames(tableAction, GATEWAY_RUNS, STEPS, 20261124), 120_000);
});
