/**
 * A player's scheme choice in the making, chosen in their DM a step at a time (SETUP-8): the two schemes
 * of the pool, then for each the friendly and enemy models it needs, then the marker type or terrain
 * piece it names, then a confirmation. Nothing is stored between the steps: what is chosen so far
 * travels in the custom ids of the next step's controls, which only the chooser's own message carries,
 * and every step checks it again against the chooser's view (the pool, the revealed crews, the pick rules).
 *
 * Custom ids: `fk:sc:<game>:<decision>:<step>:<draft>`, at most Discord's 100 characters:
 * - `<game>`: the game's UUID as `~` and its 16 bytes in base64url (other ids as they are);
 * - `<decision>`: the decision's ref (decisionRef: the answer is refused once it is no longer pending);
 * - `<step>`: what the control fills — `s` the schemes, `f0` `e0` `f1` `e1` a scheme's friendly or enemy
 *   models, `n` opens the names form, `m` that form's submission, `ok` the confirmation, `x` start again;
 * - `<draft>`: the two schemes as their places in the pool (`03`), then `.`, each scheme's friendly and
 *   enemy models as their places in the game's models (one base64url character each), and, once named,
 *   `.` the first name's length in base 36, `.`, the first name then the second.
 */
import type { DecisionSummary, Refusal } from '../../contract.js';
import { decisionRef } from '../../decisionRef.js';
import type { SchemeId } from '../engine/encounterPacks.js';
import { isInPlay } from '../engine/models.js';
import { eligiblePicks, pickModelOf, pickNameSchema, SCHEME_PICKS, sidePickFailure, type PickModel, type PickSide, type SchemePick } from '../engine/schemes.js';
import type { WholeCommand } from '../engine/schema.js';
import type { GamePrivate, WholePrivateView } from '../engine/views.js';

export const SCHEME_CHOICE_PREFIX = 'sc';
const ID_LIMIT = 100;
/** A name as the scheme rules store it (pickNameSchema). */
const NAME_MAX = 80;

export interface DraftPick {
  /** Places in the game's models (view.game.models). */
  friendly: number[];
  enemy: number[];
  /** The marker type or terrain piece the scheme names, once named. */
  name: string | null;
}

export interface SchemeDraft {
  /** The two schemes' places in the pool, in the order chosen; null before they are. */
  schemes: [number, number] | null;
  picks: [DraftPick, DraftPick];
}

export const EMPTY_DRAFT: SchemeDraft = { schemes: null, picks: [emptyPick(), emptyPick()] };

function emptyPick(): DraftPick {
  return { friendly: [], enemy: [], name: null };
}

/** The draft without its names (to be named again). */
export function unnamed(draft: SchemeDraft): SchemeDraft {
  return { ...draft, picks: [{ ...draft.picks[0], name: null }, { ...draft.picks[1], name: null }] };
}

export const MODEL_STEPS = ['f0', 'e0', 'f1', 'e1'] as const;
export type ModelStep = (typeof MODEL_STEPS)[number];
export const DRAFT_STEPS = ['s', ...MODEL_STEPS, 'n', 'm', 'ok', 'x'] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// ---------------------------------------------------------------------------------------------------
// Custom ids

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function compactGameId(gameId: string): string {
  return UUID.test(gameId) ? `~${Buffer.from(gameId.replaceAll('-', ''), 'hex').toString('base64url')}` : gameId;
}

function gameIdOf(compact: string): string {
  if (!/^~[A-Za-z0-9_-]{22}$/.test(compact)) return compact;
  const hex = Buffer.from(compact.slice(1), 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function encodeDraft(d: SchemeDraft): string {
  if (!d.schemes) return '';
  const models = d.picks.flatMap((p) => [p.friendly, p.enemy].map((list) => list.map((i) => DIGITS[i]).join('')));
  const [first, second] = d.picks.map((p) => p.name ?? '');
  const names = d.picks.some((p) => p.name !== null) ? `.${first!.length.toString(36)}.${first}${second}` : '';
  return `${d.schemes.join('')}.${models.join('.')}${names}`;
}

/** The draft a custom id carries, or null when it cannot be read (a garbled or forged id). */
function decodeDraft(text: string): SchemeDraft | null {
  if (text === '') return EMPTY_DRAFT;
  const [schemes, f0, e0, f1, e1, length, ...rest] = text.split('.');
  if (!schemes || !/^[0-9]{2}$/.test(schemes) || e1 === undefined) return null;
  const list = (s: string | undefined): number[] | null => {
    const places = [...(s ?? '')].map((c) => DIGITS.indexOf(c));
    return places.some((i) => i < 0) ? null : places;
  };
  const lists = [f0, e0, f1, e1].map(list);
  if (lists.some((l) => l === null)) return null;
  let names: [string | null, string | null] = [null, null];
  if (length !== undefined) {
    const joined = rest.join('.');
    const n = parseInt(length, 36);
    if (!Number.isInteger(n) || n < 0 || n > joined.length) return null;
    names = [joined.slice(0, n) || null, joined.slice(n) || null];
  }
  const [a, b, c, d] = lists as number[][];
  return {
    schemes: [Number(schemes[0]), Number(schemes[1])],
    picks: [
      { friendly: a!, enemy: b!, name: names[0] },
      { friendly: c!, enemy: d!, name: names[1] },
    ],
  };
}

export function draftId(gameId: string, decisionId: string, step: DraftStep, draft: SchemeDraft = EMPTY_DRAFT): string {
  return `fk:${SCHEME_CHOICE_PREFIX}:${compactGameId(gameId)}:${decisionRef(decisionId)}:${step}:${encodeDraft(draft)}`;
}

/** A control's custom id read back (the parts after the prefix): the game, the decision's ref, the step, the draft. */
export function readDraftId(parts: readonly string[]): { gameId: string; ref: string; step: DraftStep; draft: SchemeDraft } | null {
  const [game, ref, step, ...rest] = parts;
  if (!game || !ref || !step || !(DRAFT_STEPS as readonly string[]).includes(step)) return null;
  // A name may hold a ':' (the custom id was split on them).
  const draft = decodeDraft(rest.join(':'));
  return draft ? { gameId: gameIdOf(game), ref, step: step as DraftStep, draft } : null;
}

/**
 * How long each name may be so that the confirmation's custom id, which carries them, fits in 100
 * characters: the room left, shared by the names asked for, at most the rules' own maximum.
 */
export function nameRoom(gameId: string, decisionId: string, draft: SchemeDraft, count: number): number {
  // An empty first name still writes the names' part: its length and separators take room too.
  const named: SchemeDraft = { ...draft, picks: [{ ...draft.picks[0], name: '' }, { ...draft.picks[1], name: '' }] };
  // The first name's length may take a second base-36 digit (36 characters or more).
  const room = ID_LIMIT - draftId(gameId, decisionId, 'ok', named).length - 1;
  return Math.max(0, Math.min(NAME_MAX, Math.floor(room / Math.max(1, count))));
}

// ---------------------------------------------------------------------------------------------------
// What the draft means, read against the chooser's view

/** What a step works with: the pool, the game's models as picks see them, the chooser's seat. */
export interface DraftContext {
  gameId: string;
  seat: 0 | 1;
  game: GamePrivate;
  pool: readonly SchemeId[];
  /** Every model in play, by its place in the game's models (null: not in play). */
  models: readonly (PickModel | null)[];
}

export function draftContext(view: WholePrivateView): DraftContext | null {
  if (view.status === 'new' || !view.game?.encounter) return null;
  const game = view.game;
  // U9 reads the model's profile: the revealed crews carry them.
  const insignificant = new Set(game.crews.flatMap((c) => c.crew?.models.filter((m) => m.profile.insignificant).map((m) => m.key) ?? []));
  return {
    gameId: view.gameId,
    seat: view.viewer === 1 ? 1 : 0,
    game,
    pool: game.encounter!.encounter.schemes,
    // A model's place is written as one base64url digit: the first 64 models can be picked (crews hire far fewer).
    models: game.models.map((m, place) => (isInPlay(m) && place < DIGITS.length ? pickModelOf(m, insignificant.has(m.key), game.options.noCostValue) : null)),
  };
}

/** Whether a draft read from a custom id points at this game's pool and models (a forged one may not). */
export function fits(c: DraftContext, draft: SchemeDraft): boolean {
  if (!draft.schemes) return draft.picks.every((p) => p.friendly.length + p.enemy.length === 0 && p.name === null);
  const [a, b] = draft.schemes;
  return a !== b && a < c.pool.length && b < c.pool.length && draft.picks.every((p) => [...p.friendly, ...p.enemy].every((i) => c.models[i] !== null && c.models[i] !== undefined));
}

export function schemeOf(c: DraftContext, draft: SchemeDraft, index: 0 | 1): SchemeId | null {
  const place = draft.schemes?.[index];
  return place === undefined ? null : (c.pool[place] ?? null);
}

/** Which side and scheme a model step is about. */
export function stepTarget(step: ModelStep): { index: 0 | 1; side: PickSide } {
  return { index: step.endsWith('0') ? 0 : 1, side: step.startsWith('f') ? 'friendly' : 'enemy' };
}

const modelsAt = (c: DraftContext, places: readonly number[]): PickModel[] => places.map((i) => c.models[i]).filter((m): m is PickModel => !!m);

/** The models a model step may offer: the pick rule's, the enemy judged against the friendly models already picked. */
export function offered(c: DraftContext, draft: SchemeDraft, step: ModelStep): PickModel[] {
  const { index, side } = stepTarget(step);
  const scheme = schemeOf(c, draft, index);
  if (!scheme) return [];
  const inPlay = c.models.filter((m): m is PickModel => m !== null);
  return eligiblePicks(scheme, side, c.seat, inPlay, modelsAt(c, draft.picks[index].friendly));
}

/** Whether a scheme names a marker type or a terrain piece, and which. */
export function nameNeeded(scheme: SchemeId): 'marker' | 'terrain' | null {
  const rule = SCHEME_PICKS[scheme];
  return rule.markerType ? 'marker' : rule.terrain ? 'terrain' : null;
}

/** What the draft still needs, in the order it is asked: the schemes, each scheme's models, the names; then the confirmation. */
export function nextStep(c: DraftContext, draft: SchemeDraft): 's' | ModelStep | 'n' | 'ok' {
  if (!draft.schemes) return 's';
  for (const step of MODEL_STEPS) {
    const { index, side } = stepTarget(step);
    const scheme = schemeOf(c, draft, index);
    if (scheme && SCHEME_PICKS[scheme][side].min > 0 && draft.picks[index][side].length === 0) return step;
  }
  return ([0, 1] as const).some((i) => nameNeeded(schemeOf(c, draft, i)!) !== null && draft.picks[i].name === null) ? 'n' : 'ok';
}

/** The schemes chosen from the pool's select (scheme ids, as its options' values). */
export function withSchemes(c: DraftContext, values: readonly string[]): SchemeDraft | Refusal {
  const places = values.map((v) => c.pool.indexOf(v as SchemeId));
  if (values.length !== 2 || places.some((p) => p < 0)) return { code: 'SCHEME_NOT_IN_POOL', rule: 'SETUP-8' };
  if (places[0] === places[1]) return { code: 'SCHEME_TWICE', rule: 'SETUP-8' };
  return { schemes: [places[0]!, places[1]!], picks: [emptyPick(), emptyPick()] };
}

/** A model step's selection (model ids), checked against what it offers and the rule for the side's models together. */
export function withModels(c: DraftContext, draft: SchemeDraft, step: ModelStep, values: readonly string[]): SchemeDraft | Refusal {
  const { index, side } = stepTarget(step);
  const scheme = schemeOf(c, draft, index);
  if (!scheme || draft.picks[index][side].length > 0) return { code: 'STALE_BUTTON' };
  const rule = SCHEME_PICKS[scheme][side];
  if (values.length < rule.min || (rule.max !== null && values.length > rule.max) || new Set(values).size !== values.length) {
    return { code: 'SCHEME_PICK_COUNT', rule: 'SETUP-8', params: { scheme, min: rule.min, max: rule.max === rule.min ? 'same' : rule.max === null ? 'none' : rule.max } };
  }
  const allowed = offered(c, draft, step);
  const picked: PickModel[] = [];
  for (const id of values) {
    const model = allowed.find((m) => m.id === id);
    if (!model) return { code: 'SCHEME_PICK_NOT_OFFERED', rule: 'SETUP-8', params: { scheme, model: c.game.models.find((m) => m.id === id)?.name ?? id } };
    picked.push(model);
  }
  const together = sidePickFailure(scheme, side, picked, modelsAt(c, draft.picks[index].friendly));
  if (together) return { code: 'SCHEME_PICK_TOGETHER', rule: together.rule ?? 'SETUP-8', params: { scheme } };
  const places = picked.map((m) => c.game.models.findIndex((x) => x.id === m.id));
  const picks: SchemeDraft['picks'] = [{ ...draft.picks[0] }, { ...draft.picks[1] }];
  picks[index] = { ...picks[index], [side]: places };
  return { ...draft, picks };
}

/** The names typed in the form (one per scheme that needs one, in the schemes' order), trimmed and checked. */
export function withNames(c: DraftContext, draft: SchemeDraft, values: readonly string[], room: number): SchemeDraft | Refusal {
  const needing = ([0, 1] as const).filter((i) => nameNeeded(schemeOf(c, draft, i)!) !== null);
  if (values.length !== needing.length) return { code: 'STALE_BUTTON' };
  const picks: SchemeDraft['picks'] = [{ ...draft.picks[0] }, { ...draft.picks[1] }];
  for (const [k, i] of needing.entries()) {
    const name = values[k]!.trim().replace(/\s+/g, ' ');
    const scheme = schemeOf(c, draft, i)!;
    if (!pickNameSchema.safeParse(name).success || name.length > room) return { code: 'SCHEME_NAME_INVALID', rule: 'SETUP-8', params: { scheme, max: room } };
    picks[i] = { ...picks[i], name };
  }
  return { ...draft, picks };
}

/** The engine's command for a complete draft: the models by their ids, the names where the rules take them. */
export function draftCommand(c: DraftContext, draft: SchemeDraft, decision: DecisionSummary): WholeCommand | Refusal {
  if (decision.kind !== 'chooseSchemes' || nextStep(c, draft) !== 'ok') return { code: 'STALE_BUTTON' };
  const ids = (places: readonly number[]) => places.map((i) => c.game.models[i]?.id ?? '');
  const choice = ([0, 1] as const).map((i): SchemePick => {
    const scheme = schemeOf(c, draft, i)!;
    const pick = draft.picks[i];
    const name = nameNeeded(scheme);
    return { scheme, friendly: ids(pick.friendly), enemy: ids(pick.enemy), markerType: name === 'marker' ? pick.name : null, terrain: name === 'terrain' ? pick.name : null };
  });
  return { type: 'chooseSchemes', choice: [choice[0]!, choice[1]!] };
}
