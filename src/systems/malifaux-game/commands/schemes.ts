/**
 * /schemes — your two secret schemes (SETUP-8), by their numbers in the pool, with the models each needs
 * (named as the status names them: A2, B3, or by name). Only you see your choice; the channel sees its
 * commitment, which the reveal will check.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand } from '../../contract.js';
import { act, modelList, type GameIntent } from './intents.js';
import { modelChoices, type GameLookup } from './choices.js';

const n = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.Integer, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, required: true, min_value: 1, max_value: 13 }) as const;
const s = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.String, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, max_length: 200 }) as const;
/** A comma list of models, completed from the models in play. */
const models = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) => ({ ...s(name, fr, description, descriptionFr), autocomplete: true }) as const;

export default systemCommand(
  {
    name: 'schemes',
    description: 'Choose your two secret schemes from the pool (only you see them)',
    name_localizations: { fr: 'combines' },
    description_localizations: { fr: 'Choisir vos deux combines secrètes dans la réserve (vous seul les voyez)' },
    contexts: [0],
    options: [
      n('first', 'premiere', 'The first scheme’s number in the pool (1–13)', 'Le numéro de la première combine (1–13)'),
      n('second', 'seconde', 'The second scheme’s number in the pool (1–13)', 'Le numéro de la seconde combine (1–13)'),
      models('first_models', 'modeles_premiere', 'Models the first scheme needs, e.g. "B2" or "Page 2, A3"', 'Figurines que demande la première, ex. « B2 »'),
      models('second_models', 'modeles_seconde', 'Models the second scheme needs', 'Figurines que demande la seconde'),
      s('marker', 'marqueur', 'The marker type a scheme needs (Load ’Em Up)', 'Le type de marqueur demandé (Chargez-les)'),
      s('terrain', 'decor', 'The terrain piece a scheme needs (Sabotage, Secret Meetup)', 'L’élément de décor demandé (Sabotage, Rencontre secrète)'),
    ],
  } as const,
  (invocation): GameIntent => {
    const a = invocation.args;
    return act({
      type: 'chooseSchemesByNumber',
      numbers: [a.first, a.second],
      picks: [modelList(a.first_models), modelList(a.second_models)],
      ...(a.marker ? { markerType: a.marker } : {}),
      ...(a.terrain ? { terrain: a.terrain } : {}),
    });
  },
  // A scheme may name the asker's models or the other crew's: every model in play, as a comma list.
  (focused, lookup: GameLookup) => modelChoices(lookup, focused, 'any', true),
);
