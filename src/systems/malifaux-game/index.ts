/**
 * Malifaux, the whole game by play-by-post: the encounter flipped, crews pasted and revealed together,
 * secret schemes, five turns of initiative and alternating activations, models in play. Built on the
 * table system: its cards, flips and duels are the table engine's, its /flip, /duel and buttons the
 * table's own (`accepts`), its views the table's with the game's part beside them.
 */
import type { SystemModule } from '../contract.js';
import * as table from '../malifaux-table/engine/index.js';
import { malifauxTable } from '../malifaux-table/index.js';
import { decide, initialState, pendingDecisions, replay, evolve, evolveAll, type WholeRefusal } from './engine/game.js';
import { wholeCommandSchema, wholeEventSchema, wholeOptionsSchema, wholeStateSchema, WHOLE_GAME_ID, type WholeCommand, type WholeEvent, type WholeState } from './engine/schema.js';
import { privateView, publicEvent, publicView, type WholePrivateView, type WholePublicView } from './engine/views.js';
import { isGameEvent } from './engine/game.js';
import { resultOf } from './engine/scoringRules.js';
import { decodeEncounterCode, encounterCode } from './engine/shareCode.js';
import { presentation } from './present/messages.js';
import { modelTableCodec } from './crews/table-codec.js';
import { gameDecision } from './components/gameDecision.js';
import { crewForm, disputeForm, profileForm } from './components/forms.js';
import { schemeChoice } from './components/schemeChoice.js';
import crew from './commands/crew.js';
import schemes from './commands/schemes.js';
import turn from './commands/turn.js';
import attack from './commands/attack.js';
import model from './commands/model.js';
import score from './commands/score.js';
import type { z } from 'zod';

const tableEvents = (events: readonly WholeEvent[]) => events.filter((e): e is table.GameEvent => !isGameEvent(e));

export const malifauxGame: SystemModule<WholeState, WholeCommand, WholeEvent, WholePublicView, WholePrivateView> = {
  id: WHOLE_GAME_ID,
  name: { en: 'Malifaux Third Edition — the whole game (play-by-post)', fr: 'Malifaux Troisième Édition — la partie entière (par messages)' },
  seats: { min: 2, max: 2 },
  schemas: { state: wholeStateSchema as z.ZodType<WholeState>, command: wholeCommandSchema, event: wholeEventSchema },
  initialState,

  start(input) {
    const options = wholeOptionsSchema.parse(input.options);
    const [a, b] = input.seats;
    return { type: 'startWholeGame', gameId: input.gameId, seats: [a!, b!], seed: input.seed, createdBy: input.createdBy, options };
  },
  end: (input) => malifauxTable.end(input),
  takeBackEnd: (input) => malifauxTable.takeBackEnd(input),
  finalizeEnd: (input) => malifauxTable.finalizeEnd(input),
  pendingEnd: (state) => malifauxTable.pendingEnd(state.table),
  proposeAgreedEnd: () => ({ type: 'proposeEarlyEnd' }),
  decide(state, command, actor) {
    const seat = actor.seat === 0 || actor.seat === 1 ? actor.seat : null;
    const decided = decide(state, command, { userId: actor.userId, seat, referee: actor.referee });
    return decided.ok ? decided : { ok: false, error: decided.error as WholeRefusal };
  },
  evolve,
  evolveAll,
  replay,
  phase: (state) => (state.table.status === 'new' ? 'new' : state.table.status === 'ended' || state.game?.stage === 'over' ? 'ended' : 'active'),
  seatsOf: (state) => malifauxTable.seatsOf(state.table),
  publicView,
  privateView: (state, seat) => privateView(state, seat === 1 ? 1 : 0),
  pendingDecisions,
  publicEvent,
  // Cards drawn or flipped, or a secret scheme shown: taking it back alone would be a free second try.
  undoRevealsHidden: (events) => malifauxTable.undoRevealsHidden(tableEvents(events)) || events.some((e) => e.type === 'SchemeRevealed'),
  undo(before, since) {
    // Cards seen stay out of the deck (the table's amends); the game's own facts simply fall away.
    const amended = malifauxTable.undo(before.table, tableEvents(since));
    if (!amended.ok) return amended;
    return { ok: true, value: { events: amended.value.events as WholeEvent[], state: { table: amended.value.state, game: before.game } } };
  },
  outcome(state) {
    const tableOutcome = malifauxTable.outcome(state.table);
    if (!tableOutcome.finished) return tableOutcome;
    // Every finished game reports its VP from the ledger; played to the end of turn 5, they decide the
    // result (U11, END-6: most VP wins, equal VP is a draw). A concession still loses, an abandoned game
    // has no result.
    const result = resultOf(state.game?.scoring.ledger ?? []);
    const played = state.game?.stage === 'over';
    const agreed = played && state.game?.earlyEnd?.agreed === true;
    const seats = tableOutcome.seats.map((s) => {
      const seat = s.seat === 1 ? 1 : 0;
      const byVp = result.winner === null ? 'draw' : result.winner === seat ? 'win' : 'loss';
      return { ...s, vp: state.game ? result.vp[seat] : null, result: played ? byVp : s.result };
    });
    // What a league lists beside the score: the encounter and each crew's faction and leader (public by the end).
    const details = state.game
      ? {
          encounter: state.game.encounter ? { strategy: state.game.encounter.encounter.strategy, deployment: state.game.encounter.encounter.deployment, schemes: [...state.game.encounter.encounter.schemes] } : null,
          crews: state.game.crews.map((crew) => (crew ? { faction: crew.faction, leader: crew.models.find((m) => m.role === 'leader')?.profile.name ?? null } : null)),
        }
      : undefined;
    const finished = details ? { ...tableOutcome, seats, details } : { ...tableOutcome, seats };
    return played ? { ...finished, how: agreed ? 'agreed' : 'played', reason: null } : finished;
  },
  correctionReason: (events) => {
    for (const event of events) if (event.type === 'ScoreBanked' && event.entry.how === 'correction') return event.entry.reason;
    return null;
  },
  verify: (state, events) => malifauxTable.verify!(state.table, tableEvents(events)),
  encounterCode(code) {
    const decoded = decodeEncounterCode(code);
    return decoded.ok ? { ok: true, value: encounterCode(decoded.value) } : decoded;
  },

  presentation,
  accepts: [malifauxTable.id],
  modelTableCodec,
  interactions: {
    commands: [crew, schemes, turn, attack, model, score],
    components: [gameDecision, schemeChoice, crewForm, profileForm, disputeForm],
  },
};
