/**
 * /model — what happens to a model that the bot does not resolve itself: damage and healing from an
 * effect, conditions (COND), tokens, a summon or a Replace by a model the server knows, Bury. Each is
 * checked by the rules (a Health that stops at 0 or its maximum, the summon limit, a buried model…).
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand } from '../../contract.js';
import { CONDITION_IDS } from '../engine/models.js';
import { act, modelList, refuse, type GameIntent } from './intents.js';
import { modelChoices, profileChoices, profileNamed, type GameLookup } from './choices.js';

const MODEL = { type: Option.String, name: 'model', description: 'The model: its label (A2) or name', name_localizations: { fr: 'figurine' }, description_localizations: { fr: 'La figurine : repère (A2) ou nom' }, required: true, max_length: 80, autocomplete: true } as const;
const AMOUNT = { type: Option.Integer, name: 'amount', description: 'How much', name_localizations: { fr: 'valeur' }, description_localizations: { fr: 'Combien' }, required: true, min_value: 0, max_value: 99 } as const;
const PROFILE = { type: Option.String, name: 'profile', description: 'The new model’s name, as entered with /crew model', name_localizations: { fr: 'carte' }, description_localizations: { fr: 'Le nom de la nouvelle figurine, saisie avec /crew model' }, required: true, max_length: 80, autocomplete: true } as const;
const CONDITION_NAMES = { fast: ['Fast', 'Rapide'], slow: ['Slow', 'Lent'], staggered: ['Staggered', 'Chancelant'], stunned: ['Stunned', 'Étourdi'], adversary: ['Adversary', 'Adversaire'], shielded: ['Shielded', 'Protégé'], injured: ['Injured', 'Blessé'], burning: ['Burning', 'En feu'], distracted: ['Distracted', 'Distrait'], focused: ['Focused', 'Concentré'], poison: ['Poison', 'Poison'] } as const;

export default systemCommand(
  {
    name: 'model',
    description: 'Damage, heal, conditions, tokens, summon, replace or bury a model',
    name_localizations: { fr: 'figurine' },
    description_localizations: { fr: 'Dégâts, soin, états, jetons, invoquer, remplacer ou enterrer une figurine' },
    contexts: [0],
    options: [
      {
        type: Option.Subcommand,
        name: 'damage',
        description: 'Damage from an effect (after reductions)',
        name_localizations: { fr: 'degats' },
        description_localizations: { fr: 'Des dégâts d’un effet (après réductions)' },
        options: [
          MODEL,
          AMOUNT,
          { type: Option.String, name: 'by', description: 'The model whose effect it is (for the kill)', name_localizations: { fr: 'par' }, description_localizations: { fr: 'La figurine dont c’est l’effet (pour le meurtre)' }, max_length: 80, autocomplete: true },
          { type: Option.Boolean, name: 'chosen', description: 'The model takes it by its own choice, a cost or an option (never down to 0 Health)', name_localizations: { fr: 'choisi' }, description_localizations: { fr: 'La figurine les subit par choix, un coût ou une option (jamais jusqu’à 0 Santé)' } },
        ],
      },
      { type: Option.Subcommand, name: 'heal', description: 'Heal a model (up to its maximum)', name_localizations: { fr: 'soin' }, description_localizations: { fr: 'Soigner une figurine (jusqu’à son maximum)' }, options: [MODEL, AMOUNT] },
      {
        type: Option.Subcommand,
        name: 'condition',
        description: 'A condition gained (+) or lowered (−)',
        name_localizations: { fr: 'etat' },
        description_localizations: { fr: 'Un état gagné (+) ou diminué (−)' },
        options: [
          MODEL,
          { type: Option.String, name: 'condition', description: 'Which condition', name_localizations: { fr: 'etat' }, description_localizations: { fr: 'Quel état' }, required: true, choices: CONDITION_IDS.map((id) => ({ name: CONDITION_NAMES[id][0], value: id, name_localizations: { fr: CONDITION_NAMES[id][1] } })) },
          { type: Option.Integer, name: 'change', description: 'The value gained (+) or lost (−)', name_localizations: { fr: 'variation' }, description_localizations: { fr: 'Valeur gagnée (+) ou perdue (−)' }, required: true, min_value: -20, max_value: 20 },
          { type: Option.String, name: 'x', description: 'Adversary’s X (a keyword, trait or name)', name_localizations: { fr: 'x' }, description_localizations: { fr: 'Le X d’Adversaire (mot-clé, trait ou nom)' }, max_length: 80 },
        ],
      },
      {
        type: Option.Subcommand,
        name: 'tokens',
        description: 'Tokens or markers on a model (+/−)',
        name_localizations: { fr: 'jetons' },
        description_localizations: { fr: 'Jetons ou marqueurs sur une figurine (+/−)' },
        options: [
          MODEL,
          { type: Option.String, name: 'token', description: 'The token’s name', name_localizations: { fr: 'jeton' }, description_localizations: { fr: 'Le nom du jeton' }, required: true, max_length: 40 },
          { type: Option.Integer, name: 'change', description: 'How many gained (+) or lost (−)', name_localizations: { fr: 'variation' }, description_localizations: { fr: 'Combien gagnés (+) ou perdus (−)' }, required: true, min_value: -20, max_value: 20 },
        ],
      },
      { type: Option.Subcommand, name: 'summon', description: 'Summon a model next to one of yours', name_localizations: { fr: 'invoquer' }, description_localizations: { fr: 'Invoquer une figurine au contact d’une des vôtres' }, options: [{ ...MODEL, name: 'summoner', name_localizations: { fr: 'invocateur' }, description: 'The summoner', description_localizations: { fr: 'L’invocateur' } }, PROFILE] },
      {
        type: Option.Subcommand,
        name: 'replace',
        description: 'Replace a model (or several) by another',
        name_localizations: { fr: 'remplacer' },
        description_localizations: { fr: 'Remplacer une figurine (ou plusieurs) par une autre' },
        options: [{ ...MODEL, name: 'models', name_localizations: { fr: 'figurines' }, description: 'The model(s) replaced, e.g. "A3" or "A3, A4"', description_localizations: { fr: 'La ou les figurines remplacées, ex. « A3 »' } }, PROFILE],
      },
      { type: Option.Subcommand, name: 'bury', description: 'Bury a model', name_localizations: { fr: 'enterrer' }, description_localizations: { fr: 'Enterrer une figurine' }, options: [MODEL] },
      { type: Option.Subcommand, name: 'unbury', description: 'Unbury a model', name_localizations: { fr: 'deterrer' }, description_localizations: { fr: 'Déterrer une figurine' }, options: [MODEL] },
    ],
  } as const,
  (invocation): GameIntent => {
    switch (invocation.subcommand) {
      case 'damage':
        return act({
          type: 'damageModel',
          model: invocation.args.model,
          amount: invocation.args.amount,
          ...(invocation.args.by ? { by: invocation.args.by } : {}),
          ...(invocation.args.chosen ? { chosen: true } : {}),
        });
      case 'heal':
        return act({ type: 'healModel', model: invocation.args.model, amount: invocation.args.amount });
      case 'condition': {
        const condition = CONDITION_IDS.find((c) => c === invocation.args.condition);
        if (!condition) return refuse({ code: 'INVALID_COMMAND', params: { field: 'condition', problem: 'unknown' } });
        return act({ type: 'changeCondition', model: invocation.args.model, condition, change: invocation.args.change, ...(invocation.args.x ? { x: invocation.args.x } : {}) });
      }
      case 'tokens':
        return act({ type: 'changeTokens', model: invocation.args.model, token: invocation.args.token, change: invocation.args.change });
      case 'summon': {
        const { summoner, profile } = invocation.args;
        return {
          kind: 'actWith',
          build: async (server) => {
            const found = await profileNamed(server, profile);
            return found ? { type: 'summonModel', summoner, profile: found } : { code: 'CREW_UNKNOWN_NAMES', params: { names: profile, count: 1 } };
          },
        };
      }
      case 'replace': {
        const { models, profile } = invocation.args;
        return {
          kind: 'actWith',
          build: async (server) => {
            const found = await profileNamed(server, profile);
            return found ? { type: 'replaceModel', models: modelList(models), profiles: [found] } : { code: 'CREW_UNKNOWN_NAMES', params: { names: profile, count: 1 } };
          },
        };
      }
      case 'bury':
        return act({ type: 'buryModel', model: invocation.args.model });
      case 'unbury':
        return act({ type: 'unburyModel', model: invocation.args.model });
      default: {
        const never: never = invocation;
        return never;
      }
    }
  },
  (focused, lookup: GameLookup) => {
    switch (focused.name) {
      case 'profile':
        return profileChoices(lookup, focused.value);
      case 'summoner':
        return modelChoices(lookup, focused, 'mine');
      case 'models':
        return modelChoices(lookup, focused, 'any', true);
      default:
        return modelChoices(lookup, focused, focused.subcommand === 'unbury' ? 'buried' : 'any');
    }
  },
);
