/**
 * /crew — your crew for this game, in private: paste a crew list (a modal: both formats crew builders
 * print), or enter it model by model (start, add, remove, done: a draft only you see until it is
 * declared), enter a model's card for this server (a modal: the bot ships no card data), or see your crew.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand } from '../../contract.js';
import { FACTIONS, FACTION_NAMES, fullName, nameKey, type Faction } from '../crews/index.js';
import { readDraft } from '../crews/draft.js';
import { crewPasteModal, profileModal } from '../components/forms.js';
import type { GameIntent } from './intents.js';
import { profileChoices, type GameLookup } from './choices.js';
import { addStep, doneStep, removeStep, showStep, startStep } from './crewDraft.js';

export { CREW_FORM_PREFIX, PROFILE_FORM_PREFIX, crewPasteModal, profileModal } from '../components/forms.js';

const MODEL_NAME = { type: Option.String, required: true, max_length: 120, autocomplete: true } as const;
const COPIES = { type: Option.Integer, name: 'copies', description: 'How many (1 by default)', name_localizations: { fr: 'exemplaires' }, description_localizations: { fr: 'Combien (1 par défaut)' }, min_value: 1, max_value: 9 } as const;

export default systemCommand(
  {
    name: 'crew',
    description: 'Your crew for this game: paste a list or enter it model by model, enter a card, or see it',
    name_localizations: { fr: 'bande' },
    description_localizations: { fr: 'Votre bande : coller une liste ou la saisir figurine par figurine, saisir une carte, la voir' },
    contexts: [0],
    options: [
      { type: Option.Subcommand, name: 'paste', description: 'Paste your crew list (only you see it until both crews are in)', name_localizations: { fr: 'coller' }, description_localizations: { fr: 'Coller votre liste (vous seul la voyez jusqu’à ce que les deux bandes soient là)' } },
      {
        type: Option.Subcommand,
        name: 'start',
        description: 'Begin entering your crew model by model: its faction and Leader (only you see it)',
        name_localizations: { fr: 'commencer' },
        description_localizations: { fr: 'Commencer à saisir votre bande figurine par figurine : faction et Chef (vous seul)' },
        options: [
          {
            type: Option.String,
            name: 'faction',
            description: 'The faction you declare',
            name_localizations: { fr: 'faction' },
            description_localizations: { fr: 'La faction que vous déclarez' },
            required: true,
            choices: FACTIONS.map((f) => ({ name: FACTION_NAMES[f], value: f })),
          },
          { ...MODEL_NAME, name: 'leader', description: 'Your Leader, a Master or a Henchman', name_localizations: { fr: 'chef' }, description_localizations: { fr: 'Votre Chef, un Maître ou un Lieutenant' } },
          { type: Option.String, name: 'name', description: 'Your crew’s name', name_localizations: { fr: 'nom' }, description_localizations: { fr: 'Le nom de votre bande' }, max_length: 100 },
        ],
      },
      {
        type: Option.Subcommand,
        name: 'add',
        description: 'Add a model to the crew you are entering',
        name_localizations: { fr: 'ajouter' },
        description_localizations: { fr: 'Ajouter une figurine à la bande en cours de saisie' },
        options: [
          { ...MODEL_NAME, name: 'model', description: 'The model’s name (its card as this server knows it)', name_localizations: { fr: 'figurine' }, description_localizations: { fr: 'Le nom de la figurine (sa carte, telle que ce serveur la connaît)' } },
          {
            type: Option.String,
            name: 'role',
            description: 'A hire (by default) or a totem',
            name_localizations: { fr: 'role' },
            description_localizations: { fr: 'Une recrue (par défaut) ou un totem' },
            choices: [
              { name: 'Hire', value: 'hire', name_localizations: { fr: 'Recrue' } },
              { name: 'Totem', value: 'totem', name_localizations: { fr: 'Totem' } },
            ],
          },
          COPIES,
        ],
      },
      {
        type: Option.Subcommand,
        name: 'remove',
        description: 'Remove a model from the crew you are entering',
        name_localizations: { fr: 'retirer' },
        description_localizations: { fr: 'Retirer une figurine de la bande en cours de saisie' },
        options: [{ ...MODEL_NAME, name: 'model', description: 'The model’s name', name_localizations: { fr: 'figurine' }, description_localizations: { fr: 'Le nom de la figurine' } }, COPIES],
      },
      { type: Option.Subcommand, name: 'done', description: 'Declare the crew you entered (hiring checked; then hidden until both are in)', name_localizations: { fr: 'terminer' }, description_localizations: { fr: 'Déclarer la bande saisie (recrutement vérifié ; cachée jusqu’à ce que les deux soient là)' } },
      {
        type: Option.Subcommand,
        name: 'model',
        description: 'Enter a model’s card for this server (name, station, factions, cost, Health, base, stats)',
        name_localizations: { fr: 'figurine' },
        description_localizations: { fr: 'Saisir la carte d’une figurine pour ce serveur (nom, rang, factions, coût, Santé, socle, caracs)' },
        options: [{ type: Option.String, name: 'name', description: 'The model’s name (to prefill the form)', name_localizations: { fr: 'nom' }, description_localizations: { fr: 'Le nom de la figurine (pour préremplir)' }, max_length: 80 }],
      },
      { type: Option.Subcommand, name: 'show', description: 'See your crew, the one you are entering, and your schemes (only you)', name_localizations: { fr: 'voir' }, description_localizations: { fr: 'Voir votre bande, celle en cours de saisie, et vos combines (vous seul)' } },
    ],
  } as const,
  (invocation): GameIntent => {
    switch (invocation.subcommand) {
      case 'paste':
        return { kind: 'modal', modal: crewPasteModal };
      case 'start': {
        const a = invocation.args;
        return { kind: 'draft', step: startStep(a.faction as Faction, a.leader, a.name ?? null) };
      }
      case 'add': {
        const a = invocation.args;
        return { kind: 'draft', step: addStep(a.model, a.role === 'totem' ? 'totem' : 'hire', a.copies ?? 1) };
      }
      case 'remove':
        return { kind: 'draft', step: removeStep(invocation.args.model, invocation.args.copies ?? 1) };
      case 'done':
        return { kind: 'draft', step: doneStep };
      case 'model': {
        const name = invocation.args.name ?? '';
        return { kind: 'modal', modal: (gameId, t) => profileModal(gameId, t, name) };
      }
      case 'show':
        return { kind: 'draft', step: showStep };
      default: {
        const never: never = invocation;
        return never;
      }
    }
  },
  async (focused, lookup: GameLookup) => {
    switch (focused.name) {
      case 'leader':
        return profileChoices(lookup, focused.value, (p) => p.station === 'Master' || p.station === 'Henchman');
      case 'model':
        return focused.subcommand === 'remove' ? draftChoices(lookup, focused.value) : profileChoices(lookup, focused.value);
      default:
        return [];
    }
  },
);

/** The totems and hires of the asker's own draft, each name once with its count. */
async function draftChoices(lookup: GameLookup, typed: string) {
  const text = await lookup.draft();
  const crew = text === null ? null : readDraft(text, { models: [], upgrades: [] });
  if (!crew) return [];
  const counts = new Map<string, number>();
  for (const e of [...crew.totems, ...crew.hires]) {
    const name = fullName(e.name, e.title);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const key = nameKey(typed);
  return [...counts]
    .filter(([name]) => key === '' || nameKey(name).includes(key))
    .map(([name, count]) => ({ name: `${name} × ${count}`, value: name }));
}
