/**
 * The seam between the platform and a game's rules: everything the use cases (src/app), the Discord edge
 * (src/discord) and, later, leagues know of a game system. A system is a module that implements
 * `SystemModule`; the registry (registry.ts) maps a stored game's system id to it.
 *
 * Three parts, as boardgame.io's `Game` object has its moves, its `playerView` and its end check:
 * - the rules (`GameSystem`): schemas, `decide`, `evolve`, views, pending decisions, redaction, outcome —
 *   pure, no I/O, no clock; all randomness comes from the seed in the state;
 * - the presentation (`Presentation`): what the system shows — texts, embeds, pictures, buttons — built
 *   from views only, never from the raw state, so a secret cannot reach a public message by mistake;
 * - the interactions (`Interactions`): the system's own slash commands and components, each turning what
 *   a user sent into an intent (a command to decide, a look at the asker's private view, a refusal).
 *
 * The platform runs the rest (loading, compare-and-swap storage, delivery, deduplication, languages).
 */
import type { APIEmbed, APIModalInteractionResponseCallbackData, RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';
import type { ZodType } from 'zod';
import type { Translate } from '../i18n/index.js';
import type { CommandDef, FocusedOption, InvocationOf } from './commandDefinition.js';

// ---------------------------------------------------------------------------------------------------
// Rules

/** A user in a seat: a crew's player in Malifaux; a hero's player in Fateforge. */
export interface SeatInfo {
  userId: string;
  name: string;
}

/** Who sends a command: a Discord user, the seat they play (null for a non-player) and referee powers. */
export interface Actor {
  userId: string;
  seat: number | null;
  referee: boolean;
}

/** A refusal by the rules: a stable code the edge localizes, the rule that forbids it, message params. */
export interface RuleError {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
  /** The parts of a refusal that has several (a crew's hiring problems), each read as `error.<code>.<its code>`. */
  details?: RuleError[];
}

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

/** What a command does: its events, and the state they lead to (deep-equal to folding them with evolve). */
export type Decided<State, Event> = Result<{ events: Event[]; state: State }, RuleError>;

/** Everything a game needs to start: chosen by the platform, validated by the system. */
export interface StartInput {
  gameId: string;
  seats: SeatInfo[];
  /** The secret 256-bit seed (hex) from which every random outcome of the game is drawn. */
  seed: string;
  createdBy: string;
  /** The system's own named options (e.g. Malifaux's hand maximum), as given at /game new. */
  options: Record<string, unknown>;
}

/** Who must decide what, now. `id` changes every time a decision opens: answers quoting an old one are stale. */
export interface DecisionSummary {
  seat: number;
  kind: string;
  id: string;
}

export type GamePhase = 'new' | 'active' | 'ended';

/** One seat's end of a game, as leagues read it. */
export interface SeatOutcome {
  seat: number;
  userId: string;
  name: string;
  /** null when the system keeps no score (duels at a real table end without a winner). */
  result: 'win' | 'loss' | 'draw' | null;
  /** Victory points (Malifaux), null when the system keeps none. */
  vp: number | null;
  /** Objectives met (Fateforge scenes), when the system has them. */
  objectives?: string[];
}

export type Outcome =
  | { finished: false }
  | {
      finished: true;
      endedBy: string | null;
      reason: string | null;
      /**
       * Played to its end (the seats' results say who won), ended early by both players' agreement (the
       * results as the score stood), conceded (the conceder lost), or abandoned (no result).
       */
      how: 'played' | 'agreed' | 'conceded' | 'abandoned';
      seats: SeatOutcome[];
      /** What a league records of the game beside its score, when the system knows it. */
      details?: OutcomeDetails;
    };

/** A finished game's encounter and crews, as a league's results list them (ids, names as the players entered them). */
export interface OutcomeDetails {
  encounter: { strategy: string; deployment: string; schemes: string[] } | null;
  /** Each seat's crew, in seat order, null where none was declared. */
  crews: ({ faction: string | null; leader: string | null } | null)[];
}

/** How a player ends a game before it is over: conceding (their seat loses) or abandoning it (no result). */
export type EndKind = 'concede' | 'abandon';

/** An end asked for and not final yet: the game waits, paused, until `until` (the edge's clock, in ms). */
export interface PendingEnd {
  by: string;
  /** The asker's seat (null for a referee, who never concedes). */
  seat: number | null;
  kind: EndKind;
  at: number;
  until: number;
}

export interface GameSystem<State, Command, Event extends { type: string }, PublicView, PrivateView> {
  /** Stored with every game; the registry finds the module by it. Never change a built system's id. */
  readonly id: string;
  readonly name: { en: string; fr: string };
  /** How many seats a game has (Malifaux: exactly 2; Fateforge: 1–4 heroes). */
  readonly seats: { readonly min: number; readonly max: number };
  /** Stored events and snapshots are parsed with these when loaded, never cast. */
  readonly schemas: { readonly state: ZodType<State>; readonly command: ZodType<Command>; readonly event: ZodType<Event> };
  readonly initialState: State;
  /** The command that starts a game from what the platform chose. */
  start(input: StartInput): Command;
  /**
   * The command that ends the game before it is over (/game end): a player concedes (their seat loses) or
   * abandons it (no result); a referee closes it (no result, never a concession). The rules have no clock:
   * `at` and `until` come from the edge (ms). With `until > at` the end only waits, the game paused and its
   * secrets (the seed) kept, so that either player may take it back (`takeBackEnd`) until `until`, when it
   * is made final (`finalizeEnd`); with `until === at` it is final at once.
   */
  end(input: { kind: EndKind; at: number; until: number; reason: string | null }): Command;
  /** Takes back the waiting end (a player or a referee), refused once `now` has reached its `until`. */
  takeBackEnd(input: { now: number }): Command;
  /** Makes the waiting end final (anyone: the platform does it lazily), refused while `now` is before its `until`. */
  finalizeEnd(input: { now: number }): Command;
  /** The end waiting for its take-back window, if any. */
  pendingEnd(state: State): PendingEnd | null;
  /**
   * Systems that keep a score: the command by which a player proposes ending the game now with the score
   * as it stands, which the other player accepts or declines as one of the game's decisions.
   */
  proposeAgreedEnd?(): Command;
  /** Validates the wish and returns every event it causes (procedure included), and the state they lead to. */
  decide(state: State, command: Command, actor: Actor): Decided<State, Event>;
  /** Applies one fact. A plain fold: no procedure, no randomness. */
  evolve(state: State, event: Event): State;
  /** Applies several facts in order: deep-equal to folding them with `evolve`, without a copy of the state per fact. */
  evolveAll(state: State, events: readonly Event[]): State;
  /** Folds a whole log from `initialState` (undo replays fewer events, then `undo`'s amends). */
  replay(events: readonly Event[]): State;
  /**
   * Brings a stored log written by an earlier version of the system up to today's events (batches: one
   * command's events each). Optional: a system whose events never changed shape has nothing to do.
   */
  upcast?(batches: Event[][]): Event[][];
  /**
   * A fixed encounter's share code (what an organiser sets for a whole league round), checked: its
   * canonical form, or the refusal. Only for systems whose games start from such a code.
   */
  encounterCode?(code: string): Result<string, RuleError>;
  phase(state: State): GamePhase;
  /** The seats and who plays them (empty before the start). */
  seatsOf(state: State): SeatInfo[];
  publicView(state: State): PublicView;
  privateView(state: State, seat: number): PrivateView;
  pendingDecisions(state: State): DecisionSummary[];
  /** The event as the public log may show it (hidden parts removed), or null when it shows nothing. */
  publicEvent(event: Event): Event | null;
  /**
   * Did these events (one action) show someone something the rules hide until it happens — cards drawn or
   * flipped, a coin? Then a player may not take the action back alone, even their own (it would be a free
   * second try): the other players must agree. A referee may.
   */
  undoRevealsHidden(events: readonly Event[]): boolean;
  /**
   * Taking actions back. The platform replays the log without them, from `before` (the state right before
   * the first action taken back); `since` is every event dealt after `before` (the actions taken back, and
   * whatever an earlier undo already took back), in order. Returns the events to record after the undo —
   * its amends, none when taking them back hides nothing — so that nothing anyone saw goes back where it
   * would be known and no random outcome is dealt twice (Malifaux: cards drawn or flipped go to the
   * discard, not back on top of the deck; the shuffle stream never rewinds), and the state they lead to.
   * Refused when those events cannot be taken back (an end asked for or taken back: /game end has its own).
   */
  undo(before: State, since: readonly Event[]): Decided<State, Event>;
  outcome(state: State): Outcome;
  /**
   * Systems whose referee may correct a finished game's score: the reason the referee gave, when these
   * events (one action) are such a correction; null otherwise. A league copies it into its own log.
   */
  correctionReason?(events: readonly Event[]): string | null;
  /** Checks that every random outcome of a finished game follows from its seed (and the seed from its commitment). */
  verify?(state: State, events: readonly Event[]): Verification;
}

export interface Verification {
  ok: boolean;
  /** Does the revealed seed hash to the commitment posted at the start? */
  commitmentOk: boolean;
  /** Each random outcome checked (e.g. "shuffle #2 of seat 1"), in order. */
  checks: Array<{ what: string; ok: boolean }>;
  problem?: string;
  seed: string;
  commitment: string;
}

// ---------------------------------------------------------------------------------------------------
// Presentation: Discord API JSON, built from views

/** A picture or file to attach: `attachment://<name>` in an embed refers to it. */
export interface Attachment {
  name: string;
  /**
   * The bytes, or how to make them: a function is called only when the file is uploaded, so a picture
   * the edge links instead (see `recipe`) is never drawn for the message.
   */
  data: Buffer | Uint8Array | (() => Promise<Buffer>);
  contentType?: string;
  /** Alt text (a picture in words, for screen readers); Discord takes at most 1024 characters. */
  description?: string;
  /**
   * How to draw this picture again from public information alone (its system's `drawPicture`). Where the
   * bot has a public address, the edge may then link the picture instead of uploading it: a reply with
   * no file is answered in the HTTP response itself, with no REST call. Never set on a private picture.
   */
  recipe?: PictureRecipe;
}

/** A public picture's recipe: small, JSON, and nothing in it that the public may not see. */
export interface PictureRecipe {
  system: string;
  kind: string;
  locale: string;
  data: unknown;
}

/** A message the bot sends anywhere: a channel, a DM, a reply. */
export type Message = RESTPostAPIChannelMessageJSONBody & { files?: Attachment[] };

/** A batch of events as the public may know it: the view after it, the redacted events, the view after each. */
export interface PublicBatch<PublicView, Event> {
  view: PublicView;
  events: Event[];
  /** The public view right after `events[index]` (computed on demand: most batches never ask). */
  viewAfter(index: number): PublicView;
  /** Events of the same story that an undo took back since: shown as no longer holding. */
  undone?: Event[];
}

/**
 * What the platform knows of a game beside its views: the log's clock. The rules keep no time, but every
 * stored entry has one, so the platform tells a presenter when each pending decision opened (by its id):
 * when, and the log entry (`#entry`) that opened it.
 */
export interface StatusClock {
  opened: ReadonlyMap<string, { at: Date; entry: number }>;
}

/** A first game's walkthrough of the system's own commands (/help puts /game's around it). */
export interface Guide {
  /** The system's steps, in play order, each a line that names its command. */
  steps: string[];
}

/** An undo as the channel hears of it. */
export interface UndoneAction<Event> {
  /** The action taken back (its public events). */
  events: Event[];
  /** What followed it so nothing seen goes back where it would be known (public events; often none). */
  amends: Event[];
  /** Who undid it, and who had done it (null when unknown). */
  by: string;
  author: string | null;
  asReferee: boolean;
  /** The players who agreed to it (a player's undo of another's action, or of one that showed cards). */
  agreedBy: string[];
}

export interface Presentation<PublicView, PrivateView, Event> {
  /**
   * The channel's message after an action: what happened, where things stand, whom the table waits for.
   * While a story goes on (see `story`), the batch holds every event since it began, and the message is
   * the story's living message, edited in place.
   */
  afterAction(t: Translate, batch: PublicBatch<PublicView, Event>): Promise<Message>;
  /**
   * The story the table is in — a duel, a flip awaiting its decisions — or null when nothing is under
   * way. A story has one living message in the channel, rebuilt from its events at every step instead of
   * a new message per step; a new key starts a new message. Something that settles within one command
   * (a plain flip, a draw) needs no story: its message is posted once.
   */
  story(view: PublicView): string | null;
  gameStarted(t: Translate, view: PublicView): Message;
  /**
   * The channel's message after an undo: what was undone, in words ("Alice undid: Bob's soulstone on the
   * damage flip"), what its amends did (cards seen kept out of the deck, a reshuffle), and the table now.
   * Events are public forms; names are display names.
   */
  undone(t: Translate, view: PublicView, undone: UndoneAction<Event>): Promise<Message>;
  /** A seat's private message (its hand, the decision it must make with its controls). */
  privateMessage(t: Translate, view: PrivateView): Promise<Message>;
  /** Does this seat need its private message again (its hidden part changed, or a decision of its own opened)? */
  privateChanged(before: PrivateView | null, after: PrivateView): boolean;
  /** A decision's name, e.g. "cheat fate". */
  decisionName(t: Translate, decision: Pick<DecisionSummary, 'kind'>): string;
  /** The action the events make, in a few words, for an undo request ("Bob's soulstone on the damage flip"). */
  describeAction(t: Translate, view: PublicView, events: Event[], author: string | null): string;
  /** One line of the audit log (null when the event shows nothing). `ended`: the whole log may be read. */
  logLine(t: Translate, view: PublicView, event: Event, ended: boolean): string | null;
  /** The embed colour for neutral messages (log, verification). */
  readonly colors: { neutral: number; success: number; failure: number; waiting: number };
  /** The "my private view" button row the platform adds where a seat may need it (a closed DM). */
  privateViewRow(t: Translate, gameId: string): NonNullable<Message['components']>[number];
  /** Extra embed fields for the start announcement's options, if the system has named options. */
  optionsField?(t: Translate, view: PublicView): APIEmbed['fields'];
  /**
   * Where the game stands, for one asker (/game status, an ephemeral reply): the public state everyone
   * may know — whose decision and since when, pools, counts, revealed cards, options in force — and, when
   * the asker holds a seat, their own private part (`mine`: that seat's private view, null otherwise).
   */
  status(t: Translate, view: PublicView, mine: PrivateView | null, clock: StatusClock): Message;
  /**
   * What the asker may do next (/help), as short lines computed from the views: where to answer their
   * pending decision, what to do with an empty hand or an empty pool. Empty when nothing needs saying.
   */
  hints(t: Translate, view: PublicView, mine: PrivateView | null): string[];
  /** A first game's walkthrough of the system's own commands, for /help. */
  guide(t: Translate): Guide;
  /**
   * The game's own status message, kept up to date in place after every action (a whole game's turn,
   * phase, initiative, whose decision and since when, every model's Health and conditions): one message
   * per game, edited rather than posted again. Absent for systems whose stories say it all.
   */
  livingStatus?(t: Translate, view: PublicView, clock: StatusClock): Message;
  /**
   * With a living status: is this batch one the channel need not hear of on its own (an activation, a
   * step done)? Its slash command is then answered to the asker alone, and the status says it to all.
   * Absent: every action is announced.
   */
  quiet?(batch: PublicBatch<PublicView, Event>): boolean;
  /**
   * Run once at start-up, before the first player waits on it: e.g. loads the fonts and draws a picture,
   * so that the first flip of the process answers as fast as the next ones.
   */
  warmUp?(t: Translate): Promise<void>;
  /** Draws a public picture again from its recipe (`Attachment.recipe`); null when the data is not one of its pictures. */
  drawPicture?(t: Translate, kind: string, data: unknown): Promise<Buffer | null>;
}

// ---------------------------------------------------------------------------------------------------
// Interactions

/** A problem the platform will localize: a code of the i18n tables, its rule, its params. */
export type Refusal = RuleError;

/** Finds a user's seat in the state the command will be decided on (read in the same load). */
export type SeatLookup = (userId: string) => number | null;

/** What a slash command or a component asks of the game. */
export type Intent<Command, PrivateView = unknown> =
  /** A command to decide, or how to build it from the seats (e.g. "my own duel"), or a refusal. */
  /**
   * `afterEnd`: with no game under way in the channel, the command goes to the channel's latest game once
   * it has ended (a referee's correction of a finished game's score); the rules say what they accept then.
   */
  | { kind: 'act'; command: Command | ((seatOf: SeatLookup) => Command | Refusal); afterEnd?: boolean }
  /** The asker's own private view, shown to them alone (a DM's fallback). */
  | { kind: 'showPrivate' }
  /**
   * An answer that needs no game — a tool for any table, such as flipping an encounter. The system
   * builds it alone: in the server's language when public, the asker's when private. `seed` is fresh
   * randomness from the edge for whatever the answer draws (rules draw nothing without a seed).
   */
  | { kind: 'reply'; visibility: 'public' | 'private'; build: (t: Translate, fresh: { seed: string }) => Message | Refusal }
  | { kind: 'refuse'; problem: Refusal }
  /**
   * A form to fill in (a crew list to paste, a model's stats) for the channel's game: its submission comes
   * to a component, whose custom id names the game.
   */
  | { kind: 'modal'; modal: (gameId: string, t: Translate) => ModalForm }
  /**
   * A command built with what the server remembers (its model table): read, and added to, through the
   * system's own codec (`modelTableCodec`), then decided like `act`.
   */
  | { kind: 'actWith'; build: (server: ServerTables, seatOf: SeatLookup) => Promise<Command | Refusal> }
  /** An answer built with what the server remembers, no game acted on (e.g. profiles saved). */
  | { kind: 'replyWith'; visibility: 'public' | 'private'; build: (t: Translate, server: ServerTables) => Promise<Message | Refusal> }
  /**
   * A step of the asker's draft for the channel's game (a crew entered model by model): kept by the
   * platform per game and player, apart from the game's log, until it becomes a command. Only a seated
   * player drafts; `step` reads their draft and their own view, and says what to keep and answer.
   */
  | { kind: 'draft'; step: (draft: DraftInput<PrivateView>) => Promise<DraftStep<Command>> };

/** What a draft step reads. */
export interface DraftInput<PrivateView> {
  /** The asker's draft as last kept (the system's own text), or null when they keep none. */
  text: string | null;
  /** The asker's own view of the game. */
  mine: PrivateView;
  gameId: string;
  /** The asker's language: a draft is answered to them alone. */
  t: Translate;
  server: ServerTables;
}

/** What a draft step does: nothing is written unless it says so. */
export type DraftStep<Command> =
  /** Answers the asker alone; `text` is the draft to keep (null drops it), absent leaves it as it was. */
  | { kind: 'keep'; text?: string | null; message: Message }
  /** Decided like `act` (the draft declared); the draft stays as it was, for an undo to come back to. */
  | { kind: 'act'; command: Command }
  | { kind: 'modal'; modal: ModalForm }
  | { kind: 'refuse'; problem: Refusal };

/** One autocomplete choice: what the user reads (1–100 characters) and what the option then holds. */
export interface AutocompleteChoice {
  name: string;
  value: string;
}

/**
 * What an autocomplete answer may read, each only when asked (an answer comes at every keystroke): the
 * channel's game as the asker may see it, their draft, and the server's tables.
 */
export interface AutocompleteLookup<PublicView, PrivateView> {
  t: Translate;
  /**
   * The channel's game if this system plays it: its public view, and the asker's own view when they hold
   * a seat (null otherwise). Null when there is no such game.
   */
  game(): Promise<{ view: PublicView; mine: PrivateView | null } | null>;
  /** The asker's draft for the channel's game (see the `draft` intent), or null. */
  draft(): Promise<string | null>;
  server: ServerTables;
}

/** A modal: Discord's own JSON (title, custom id `fk:<prefix>:…`, text inputs in action rows). */
export type ModalForm = APIModalInteractionResponseCallbackData;

/**
 * What a server remembers for a system, bound to the server and the asker: the model table of a whole
 * game (the profiles its users entered), read and added to through the system's `modelTableCodec`.
 */
export interface ServerTables {
  modelTable(): Promise<{ models: unknown[]; upgrades: unknown[] }>;
  saveModelProfiles(profiles: readonly unknown[]): Promise<void>;
  searchModelProfiles(prefix: string, limit?: number): Promise<unknown[]>;
}


export interface SystemCommand<C extends CommandDef = CommandDef, Command = unknown, PublicView = unknown, PrivateView = unknown> {
  /** Plain Discord API JSON (`as const`): argument types and the run-time validator are derived from it. */
  readonly definition: C;
  intent(invocation: InvocationOf<C>, asker: { id: string }): Intent<Command, PrivateView>;
  /**
   * The choices for an option defined with `autocomplete: true`, as the user types (at most 25; more are
   * cut). Read from what the asker may see only: an answer is shown to them alone, but it must never
   * name what the rules hide from them (the other crew before the reveal).
   */
  autocomplete?(focused: FocusedOption, lookup: AutocompleteLookup<PublicView, PrivateView>): Promise<AutocompleteChoice[]>;
}

/** Keeps `definition` literal so `intent`'s invocation is typed from it (the yuudachi idea). */
export function systemCommand<const C extends CommandDef, Command, PublicView = unknown, PrivateView = unknown>(
  definition: C,
  intent: (invocation: InvocationOf<C>, asker: { id: string }) => Intent<Command, PrivateView>,
  autocomplete?: (focused: FocusedOption, lookup: AutocompleteLookup<PublicView, PrivateView>) => Promise<AutocompleteChoice[]>,
): SystemCommand<C, Command, PublicView, PrivateView> {
  return autocomplete ? { definition, intent, autocomplete } : { definition, intent };
}

/** A click or a select on one of the system's components, read back from its custom id. */
export type ComponentIntent<Command, PrivateView> =
  | { kind: 'showPrivate' }
  /**
   * The answer to a pending decision of the clicker's: `decisionId` is the decision the component was
   * made for (refused as stale when it is no longer pending); `answer` builds the command from the
   * clicker's own view.
   */
  | { kind: 'answer'; decisionRef: string; answer: (view: PrivateView, decision: DecisionSummary) => Command | Refusal }
  /**
   * A step of an answer given in several clicks (a select, then the next select, a form): nothing is
   * decided yet. Checked as an answer is (the decision still pending, and the clicker's), then the
   * clicked message is redrawn from the clicker's own view with what they chose so far and the next
   * control, or a form opens. The choice so far travels in the custom ids, so nothing of it is stored
   * or shown anywhere but the clicker's own message; the last step is an `answer`.
   */
  | { kind: 'step'; decisionRef: string; next: (t: Translate, view: PrivateView, decision: DecisionSummary) => Promise<{ message: Message } | { modal: ModalForm } | Refusal> }
  /** A button that opens a form, in the clicker's language (its submission comes back to a component). */
  | { kind: 'modal'; modal: (t: Translate) => ModalForm }
  /** A form submitted, or a click that is no decision's answer: a command built with the server's tables. */
  | { kind: 'actWith'; build: (server: ServerTables, seatOf: SeatLookup) => Promise<Command | Refusal> }
  | { kind: 'replyWith'; visibility: 'public' | 'private'; build: (t: Translate, server: ServerTables) => Promise<Message | Refusal> };

/**
 * A component owns its custom ids: `fk:<prefix>:<gameId>:…`, written by `customId` and read back by `read`.
 * Custom ids are hints, never credentials: the platform re-checks the game, the seat and the decision.
 */
export interface SystemComponent<Command, PrivateView> {
  readonly prefix: string;
  read(parts: readonly string[], values: readonly string[]): { gameId: string; intent: ComponentIntent<Command, PrivateView> } | null;
}

export interface Interactions<Command, PrivateView> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command keeps its own literal definition type
  readonly commands: readonly SystemCommand<any, Command, any, PrivateView>[];
  readonly components: readonly SystemComponent<Command, PrivateView>[];
}

// ---------------------------------------------------------------------------------------------------
// The module

export interface SystemModule<State, Command, Event extends { type: string }, PublicView, PrivateView>
  extends GameSystem<State, Command, Event, PublicView, PrivateView> {
  readonly presentation: Presentation<PublicView, PrivateView, Event>;
  readonly interactions: Interactions<Command, PrivateView>;
  /**
   * Other systems whose commands and components also act on this system's games: a system built on
   * another (the whole game on the table's duels) reuses its /flip, /duel and buttons instead of copying
   * them. It then accepts their commands in `decide`, and its views extend theirs (the same fields, and
   * more), so that their components read its views as their own.
   */
  readonly accepts?: readonly string[];
  /** How this system's server data (a model table) is stored, when it keeps any. */
  readonly modelTableCodec?: unknown;
}

/** Do `system`'s commands and components act on games that `played` plays? */
export function playsCommandsOf(played: Pick<AnySystem, 'id' | 'accepts'>, system: Pick<AnySystem, 'id'>): boolean {
  return played.id === system.id || (played.accepts ?? []).includes(system.id);
}

/**
 * A module whose types the platform does not know: what the registry holds. The platform only passes a
 * system's own values back to it (a state from its `replay` to its `decide`), so they stay consistent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the existential over each system's own types
export type AnySystem = SystemModule<any, any, { type: string }, any, any>;

/** A 10-hex-character fingerprint of a decision id, short enough for a 100-character custom id. */
export { decisionRef } from './decisionRef.js';
