/**
 * Autocomplete for the whole game's commands: the models an option names, from what the asker may see,
 * and the cards of the server's model table.
 *
 * Before the reveal (SETUP-7) a player sees their own crew only, and nobody sees the other: an answer
 * is built from the asker's own view, never from the state, so the other crew cannot slip into it. After
 * the reveal every model in play is public; a player is offered theirs or the other crew's as the option
 * needs, a referee or an onlooker every model.
 */
import type { AutocompleteChoice, AutocompleteLookup, ServerTables } from '../../contract.js';
import type { FocusedOption } from '../../commandDefinition.js';
import { fullName, nameKey, profileKey, type ModelProfile } from '../crews/index.js';
import { activatableModels, isInPlay } from '../engine/models.js';
import { modelLabel } from '../engine/play.js';
import type { ModelInPlay } from '../engine/schema.js';
import type { WholePrivateView, WholePublicView } from '../engine/views.js';
import { modelName } from '../present/lines.js';

/** Discord shows at most 25 choices. */
const AUTOCOMPLETE_LIMIT = 25;

export type GameLookup = AutocompleteLookup<WholePublicView, WholePrivateView>;

/**
 * Which models an option names: the asker's own, the other crew's first (a target, which may be a
 * friendly model), any in play, the asker's that may still activate, or the buried ones.
 */
export type Whose = 'mine' | 'target' | 'any' | 'activatable' | 'buried';

/** A comma list ("A2, Pa"): the names already given, and the one being typed. */
function splitList(typed: string): { given: string[]; typing: string } {
  const parts = typed.split(',');
  const typing = parts.pop() ?? '';
  return { given: parts.map((p) => p.trim()).filter(Boolean), typing: typing.trim() };
}

/** Does `typed` start the label, or a word of the name (case, accents and punctuation aside)? */
function matches(typed: string, label: string, name: string): boolean {
  if (typed === '') return true;
  const key = nameKey(typed);
  const words = nameKey(name);
  return label.toLowerCase().startsWith(typed.toLowerCase()) || (key !== '' && (words.startsWith(key) || words.includes(` ${key}`)));
}

/** The models an option offers, in the order it offers them, from the asker's view. */
function offered(models: readonly ModelInPlay[], whose: Whose, seat: 0 | 1 | null): ModelInPlay[] {
  const standing = models.filter(isInPlay);
  const mine = (m: ModelInPlay) => seat === null || m.controller === seat;
  switch (whose) {
    case 'mine':
      return standing.filter(mine);
    case 'target':
      return seat === null ? standing : [...standing.filter((m) => !mine(m)), ...standing.filter(mine)];
    case 'any':
      return standing;
    case 'activatable':
      return seat === null ? [...activatableModels(models, 0), ...activatableModels(models, 1)] : activatableModels(models, seat);
    case 'buried':
      return models.filter((m) => m.status === 'buried');
  }
}

/**
 * The models for an option, as "A1 · Ada Quill (6/6)", their label as the value. `list`: the option takes
 * a comma list, and the choice completes its last name.
 */
export async function modelChoices(lookup: GameLookup, focused: FocusedOption, whose: Whose, list = false): Promise<AutocompleteChoice[]> {
  const found = await lookup.game();
  const game = found?.view.game;
  if (!found || !game) return [];
  const { given, typing } = list ? splitList(focused.value) : { given: [], typing: focused.value.trim() };
  const mine = found.mine?.status === 'new' ? null : (found.mine ?? null);
  const seat = mine ? mine.viewer : null;
  const { t } = lookup;

  if (game.models.length === 0) {
    // Before the reveal: the asker's own crew as declared (no labels yet), and never anyone else's.
    if (whose === 'target' || whose === 'buried' || !mine?.game?.myCrew) return [];
    const crew = mine.game.myCrew.models;
    return crew
      .map((m) => {
        const same = crew.filter((x) => x.key === m.key);
        const name = same.length > 1 ? `${fullName(m.profile.name, m.profile.title)} ${m.copy}` : fullName(m.profile.name, m.profile.title);
        return { name: `${name} (${m.profile.health}/${m.profile.health})`, value: name };
      })
      .filter((c) => matches(typing, c.value, c.value))
      .slice(0, AUTOCOMPLETE_LIMIT);
  }

  const already = new Set(given.map((g) => g.toLowerCase()));
  const prefix = given.length ? `${given.join(', ')}, ` : '';
  return offered(game.models, whose, seat)
    .filter((m) => !already.has(modelLabel(m).toLowerCase()))
    .map((m) => {
      const label = modelLabel(m);
      const name = modelName(game.models, m);
      const params = { label, name, health: m.health, max: m.maxHealth };
      // The label, the name and the Health, as the status message lists them; a buried model says so.
      const shown = m.status === 'buried' ? t('mgc.ac.buried', params) : `${label} · ${name} (${m.health}/${m.maxHealth})`;
      return { shown: name, label, choice: { name: shown, value: `${prefix}${label}` } };
    })
    .filter((c) => matches(typing, c.label, c.shown))
    .map((c) => c.choice)
    .slice(0, AUTOCOMPLETE_LIMIT);
}

/** The server's cards whose names start with what is typed, as "Page · Minion (2) · 5 ss"; `keep` narrows them. */
export async function profileChoices(lookup: { t: GameLookup['t']; server: ServerTables }, typed: string, keep: (p: ModelProfile) => boolean = () => true): Promise<AutocompleteChoice[]> {
  const found = (await lookup.server.searchModelProfiles(typed, AUTOCOMPLETE_LIMIT)) as ModelProfile[];
  return found.filter(keep).map((p) => {
    const name = fullName(p.name, p.title);
    return { name: lookup.t('mgc.ac.profile', { name, station: p.station, limit: p.stationLimit ?? 0, cost: p.cost === null ? 'none' : String(p.cost) }), value: name };
  });
}

/** A card the server knows, by its full name (title included), as typed in any case. */
export async function profileNamed(server: ServerTables, name: string): Promise<ModelProfile | null> {
  const found = (await server.searchModelProfiles(name, AUTOCOMPLETE_LIMIT)) as ModelProfile[];
  return found.find((p) => profileKey(p) === nameKey(name)) ?? null;
}
