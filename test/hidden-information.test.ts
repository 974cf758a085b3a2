/**
 * Hidden information, tested as an adversary would: random sequences of slash commands and clicks from
 * Alice, Bob and an outsider (Carol) — draws, flips with modifiers, discards, reveals, duels, damage,
 * decisions (answered by the decider, or tried by someone else), undo, the audit log, "My hand", closed
 * DMs — through the real bot and the Discord double. After EVERY step, everything the outsider and each
 * player's opponent can read is searched for the cards a player holds unrevealed, for the next card of
 * each deck, and for the seed: message content, embeds, component labels and values, attachment names and
 * descriptions, the /game log JSON bytes, and the bot's log and console output.
 *
 * A card may legitimately be public — flipped, discarded, cheated into a duel, revealed — and the same
 * code exists in both decks. So two checks:
 *  - fresh text (new messages, and the new lines of edited ones) is checked against the cards that are
 *    secret at that step: hands (minus revealed) and deck tops, minus what this very step made public and
 *    what the viewer holds themselves;
 *  - all text a viewer can see is checked against the cards secret now that were never public in this
 *    game (the audit log may list earlier public events, so it gets the historical allowance only).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/engine/index.js';
import {
  IDS,
  componentsOf,
  findCards,
  latestDecisionMessage,
  locateChoice,
  messageText,
  startApp,
  type App,
  type Who,
} from './support/app.js';
import type { DoubleMessage } from '../src/discord-double/index.js';
import type { StoredPayload } from '../src/app/games.js';

const RUNS = Number(process.env.HIDDEN_RUNS ?? 15);
const STEPS = 12;
const VIEWERS = ['alice', 'bob', 'carol'] as const;
type Viewer = (typeof VIEWERS)[number];

let app: App;
let seedCounter = 0;
beforeAll(async () => {
  // Deterministic seeds, so a failing run replays exactly (with fast-check's fixed seed below).
  app = await startApp({ mode: 'http', backend: 'sqlite', newSeed: () => createHash('sha256').update(`hidden-${seedCounter++}`).digest('hex') });
});
afterAll(async () => {
  await app?.close();
});

// --- actions ---------------------------------------------------------------------------------------

const who = fc.constantFrom<Who>('alice', 'alice', 'bob', 'bob', 'carol');
const player = fc.constantFrom<Who>('alice', 'bob');

type Action =
  | { t: 'draw'; who: Who; count: number }
  | { t: 'flip'; who: Who; modifier: number; cheatable: boolean }
  | { t: 'discard'; who: Who; pick: number; foreign: boolean }
  | { t: 'reveal'; who: Who; pick: number }
  | { t: 'soulstones'; who: Who; count: number }
  | { t: 'duel'; who: Who; opposed: boolean; fate: number; stones: boolean; triggers: boolean; damage: boolean }
  | { t: 'damage'; who: Who; fate: number; stones: boolean }
  | { t: 'decide'; as: 'decider' | 'other' | 'carol'; choice: number }
  | { t: 'undo'; who: Who }
  | { t: 'log'; who: Who }
  | { t: 'hand'; who: Who; button: boolean }
  | { t: 'dms'; closed: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('draw' as const), who, count: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('flip' as const), who, modifier: fc.integer({ min: -2, max: 2 }), cheatable: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('discard' as const), who: player, pick: fc.nat(), foreign: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reveal' as const), who: player, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('soulstones' as const), who: player, count: fc.integer({ min: 0, max: 3 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('duel' as const), who: player, opposed: fc.boolean(), fate: fc.integer({ min: -1, max: 1 }), stones: fc.boolean(), triggers: fc.boolean(), damage: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('damage' as const), who: player, fate: fc.integer({ min: -1, max: 1 }), stones: fc.boolean() }) },
  { weight: 8, arbitrary: fc.record({ t: fc.constant('decide' as const), as: fc.constantFrom('decider' as const, 'decider' as const, 'decider' as const, 'other' as const, 'carol' as const), choice: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('undo' as const), who }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('log' as const), who }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('hand' as const), who, button: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('dms' as const), closed: fc.boolean() }) },
);

const seatOf = (w: Who): engine.Seat | null => (w === 'alice' ? 0 : w === 'bob' ? 1 : null);
const userOf = (seat: engine.Seat): Viewer => (seat === 0 ? 'alice' : 'bob');

async function activeOrNull(channelId: string): Promise<engine.ActiveState | null> {
  const state = await app.state(channelId);
  return state && state.status === 'active' ? state : null;
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
    case 'log':
      await app.command(a.who, 'game log', undefined, channelId);
      return;
    case 'hand':
      if (!a.button) {
        await app.command(a.who, 'hand', undefined, channelId);
      } else {
        const withButton = [...app.publicMessages(channelId)].reverse().find((m) => componentsOf(m).some((c) => c.custom_id === `fk:hand:${state.gameId}`));
        if (withButton) await app.click(a.who, withButton.id, `fk:hand:${state.gameId}`);
      }
      return;
    case 'dms':
      app.double.setUser(IDS.bob, { dmsClosed: a.closed });
      return;
    case 'decide':
      await decide(a, state, channelId);
      return;
  }
}

/** Answers (or tries to answer) the pending decision by clicking a component the bot sent. */
async function decide(a: Extract<Action, { t: 'decide' }>, state: engine.ActiveState, channelId: string): Promise<void> {
  const decision = engine.pendingDecision(state);
  if (!decision) return;
  const decider = userOf(decision.seat);
  const clicker: Viewer = a.as === 'decider' ? decider : a.as === 'carol' ? 'carol' : decider === 'alice' ? 'bob' : 'alice';
  const choices = engine.decisionChoices(decision);
  const choice = decision.kind === 'discardDown' ? Array.from({ length: decision.count }, (_, i) => choices[(a.choice + i) % choices.length]!) : choices[a.choice % choices.length]!;
  const privateKind = decision.kind === 'cheat' || decision.kind === 'discardDown';
  let message: DoubleMessage | undefined;
  if (!privateKind) {
    message = latestDecisionMessage(app.publicMessages(channelId), state.gameId);
  } else if (clicker === decider) {
    message = app.double.user(IDS[decider]).dmsClosed ? undefined : latestDecisionMessage(app.dms(decider), state.gameId);
    if (!message) {
      // No DM: the "My hand" button shows the decision ephemerally.
      const withButton = [...app.publicMessages(channelId)].reverse().find((m) => componentsOf(m).some((c) => c.custom_id === `fk:hand:${state.gameId}`))!;
      message = (await app.click(decider, withButton.id, `fk:hand:${state.gameId}`)).reply;
    }
  } else {
    // Someone else cannot even see a private decision: they can only press "My hand".
    const withButton = [...app.publicMessages(channelId)].reverse().find((m) => componentsOf(m).some((c) => c.custom_id === `fk:hand:${state.gameId}`));
    if (withButton) await app.click(clicker, withButton.id, `fk:hand:${state.gameId}`);
    return;
  }
  expect(message, `the ${decision.kind} decision of ${decider} is offered somewhere ${decider} can answer it`).toBeDefined();
  const where = locateChoice(message!, decision, choice);
  expect(where, `a component for ${decision.kind} = ${String(choice)}`).toBeDefined();
  const clicked = await app.click(clicker, where!.message.id, where!.customId, where!.values);
  expect(clicked.ok, clicked.error).toBe(true);
  if (clicker !== decider) {
    expect(clicked.reply?.ephemeral).toBe(true);
    expect(clicked.reply?.content).toContain('belongs to');
  }
}

// --- what each viewer can read ---------------------------------------------------------------------

const CARD_CODE = /"(\d{1,2}[RMCT]|RJ|BJ)"/g;

function codesIn(value: unknown): engine.CardCode[] {
  return [...JSON.stringify(value).matchAll(CARD_CODE)].map((m) => m[1]! as engine.CardCode).filter((c) => engine.isCardCode(c));
}

/** Cards an event makes public (draws, shuffles and the start carry secrets and make nothing public). */
function publicCodes(event: engine.GameEvent): engine.CardCode[] {
  if (event.type === 'CardsDrawn' || event.type === 'DeckShuffled' || event.type === 'GameStarted') return [];
  return codesIn(event);
}

/** Cards in the public zones of a state: discards, conflict, removed, revealed hand cards, the resolution. */
function zoneCodes(state: engine.ActiveState | null): engine.CardCode[] {
  if (!state) return [];
  return [...state.seats.flatMap((s) => [...s.discard, ...s.conflict, ...s.removed, ...s.revealedInHand]), ...codesIn(state.resolution)];
}

function secretsOf(state: engine.ActiveState | null, seat: engine.Seat): engine.CardCode[] {
  if (!state) return [];
  const s = state.seats[seat];
  return [...s.hand.filter((c) => !s.revealedInHand.includes(c)), ...s.deck.slice(0, 1)];
}

function viewersOf(m: DoubleMessage): Viewer[] {
  const dmOwner = VIEWERS.find((v) => app.double.dmChannelId(IDS[v]) === m.channelId);
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

const isAuditLog = (m: DoubleMessage) => m.attachments.some((a) => a.filename.startsWith('fatekeeper-log-'));

interface Seen {
  texts: Map<string, string>;
  logLines: number;
  /** The last stored event already accounted for. */
  seq: number;
  /** Cards each viewer has held or typed in this game: their own knowledge, wherever it shows up later. */
  known: Record<Viewer, Set<string>>;
  /** Messages from before this game (earlier games in the channel, older DMs). */
  baseline: Set<string> | null;
}

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
  if (!seen.baseline) {
    // The game has just started: what exists now (earlier games, older DMs, the start message) is the
    // baseline; the start message itself was checked for the seed.
    seen.baseline = new Set(messages.map((m) => m.id));
    for (const m of messages) seen.texts.set(m.id, readable(m));
    if (step === 'start') expect(messages.map(readable).join('\n')).not.toContain(seed);
    seen.logLines = app.logs.length;
    return;
  }
  const baseline = seen.baseline;
  for (const m of messages) {
    const text = readable(m);
    const previous = seen.texts.get(m.id);
    seen.texts.set(m.id, text);
    if (ended) continue;
    if (text.includes(seed)) expect.fail(`${step}: the seed is readable before the end in message ${m.id}:\n${text}`);
    if (previous === text) continue;
    // Only what is new in this message (an edited message keeps older, then-legitimate lines).
    const oldLines = new Set((previous ?? '').split('\n'));
    const newText = text
      .split('\n')
      .filter((l) => !oldLines.has(l))
      .join('\n');
    for (const viewer of viewersOf(m)) {
      for (const seat of [0, 1] as const) {
        if (seatOf(viewer) === seat) continue;
        const own = ownCards(viewer);
        const secretNow = [...new Set([...secretsOf(before, seat), ...secretsOf(after, seat)])].filter((c) => !own.has(c));
        const allowed = isAuditLog(m) ? new Set([...madePublic, ...everPublic]) : madePublic;
        const leaked = findCards(newText, secretNow.filter((c) => !allowed.has(c)));
        if (leaked.length) {
          expect.fail(`${step}: ${viewer} can read ${userOf(seat)}'s secret card(s) ${leaked.join(' ')} (hand ${after?.seats[seat].hand.join(' ')}, deck top ${after?.seats[seat].deck[0]}) in message ${m.id}:\n${newText}`);
        }
      }
    }
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
        if (seatOf(viewer) === seat) continue;
        const neverPublic = secretsOf(after, seat).filter((c) => !everPublic.has(c) && !own.has(c) && !zoneCodes(after).includes(c));
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
    const secrets = [...secretsOf(before, 0), ...secretsOf(before, 1), ...secretsOf(after, 0), ...secretsOf(after, 1)].filter((c) => !madePublic.has(c));
    const leaked = findCards(lines, secrets);
    if (leaked.length) expect.fail(`${step}: the bot's log holds secret card(s) ${leaked.join(' ')}:\n${lines}`);
  }
}

// --- the property ----------------------------------------------------------------------------------

describe('hidden information', () => {
  it('the checks catch a planted leak (a hand card, a deck top, a log line, the seed)', async () => {
    const channelId = app.double.channel('table-8').id;
    await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, channelId);
    const fresh = (): Seen => ({ texts: new Map(), logLines: app.logs.length, seq: 0, known: { alice: new Set(), bob: new Set(), carol: new Set() }, baseline: null });
    let seen = fresh();
    await inspect(channelId, seen, null, 'start');
    await app.command('alice', 'draw', { count: 4 }, channelId);
    await inspect(channelId, seen, null, 'draw');
    const state = (await activeOrNull(channelId))!;
    const { outbox, log } = app.bot.services;
    const { cardName } = await import('../src/app/present/cards.js');
    const { translator } = await import('../src/i18n/index.js');

    // Each plant goes through the bot's real outbox (REST to the double) or its logger.
    const plants: [string, () => Promise<unknown>, RegExp][] = [
      ['a hand card in a public message', () => outbox.postToChannel(channelId, { content: `psst: ${cardName(translator('fr'), state.seats[0].hand[1]!)}` }), /secret card/],
      ['the deck top in a select value', () => outbox.postToChannel(channelId, { content: 'x', components: [{ type: 1, components: [{ type: 3, custom_id: 'fk:x', options: [{ label: 'next', value: state.seats[1].deck[0]! }] }] }] }), /secret card/],
      ['a hand card in a log line', async () => log.error(`failed with ${state.seats[0].hand[0]!}`), /bot's log holds secret/],
      ['the seed in a DM', () => outbox.sendDirectMessage(IDS.carol, { content: `seed ${state.seed}` }), /seed is readable/],
    ];
    try {
      for (const [what, plant, caught] of plants) {
        seen.logLines = app.logs.length;
        await plant();
        await expect(inspect(channelId, seen, state, what), what).rejects.toThrow(caught);
        seen = fresh();
        await inspect(channelId, seen, null, 'rebaseline');
      }
    } finally {
      app.logs.splice(0); // the planted log line is not the bot's
      await app.command('alice', 'game end', undefined, channelId);
    }
  });

  it(
    `survives ${RUNS} random games of ${STEPS} steps by Alice, Bob and an outsider`,
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: STEPS, maxLength: STEPS }), async (actions) => {
          const channelId = app.double.channel(`table-${(run++ % 8) + 1}`).id;
          app.double.setUser(IDS.bob, { dmsClosed: false });
          const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, channelId);
          expect(created.ok && !created.reply?.ephemeral, created.error ?? created.reply?.content).toBe(true);
          const seen: Seen = { texts: new Map(), logLines: app.logs.length, seq: 0, known: { alice: new Set(), bob: new Set(), carol: new Set() }, baseline: null };
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
            for (const a of setup) {
              const before = await activeOrNull(channelId);
              const typed = await perform(a, channelId);
              await inspect(channelId, seen, before, `setup ${JSON.stringify(a)}`, { by: a.t === 'dms' || a.t === 'decide' ? null : (a.who as Viewer), cards: typed });
            }
            for (const [i, a] of actions.entries()) {
              const before = await activeOrNull(channelId);
              const typed = await perform(a, channelId);
              await inspect(channelId, seen, before, `step ${i + 1} ${JSON.stringify(a)}`, { by: 'who' in a ? (a.who as Viewer) : null, cards: typed });
            }
          } finally {
            app.double.setUser(IDS.bob, { dmsClosed: false });
            const state = await activeOrNull(channelId);
            if (state) {
              const seed = state.seed;
              const ended = await app.command('alice', 'game end', undefined, channelId);
              // The seed appears at the end, and only then.
              expect(messageText(ended.reply!), `the end of the game; the bot logged:\n${app.logs.slice(-5).join('\n')}`).toContain(seed);
            }
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.HIDDEN_SEED ?? 20261121), endOnFailure: true },
      );
      expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
      if (process.env.E2E_DEBUG) {
        const counts: Record<string, number> = {};
        for (const row of (await app.fingerprint()).games) {
          for (const e of await app.store.listEvents(String(row.id))) counts[e.type] = (counts[e.type] ?? 0) + 1;
        }
        process.stderr.write(`${JSON.stringify(counts)}\n`);
      }
    },
    120_000,
  );
});
