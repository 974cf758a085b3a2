/**
 * /turn — the game's own decisions, for a player who answers in the channel rather than with the DM's
 * buttons: ready (Start Phase), the initiative flip and choice, activating a model, an action, ending
 * the activation, passing, deployment done, scoring done. The rules say whose move it is.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand } from '../../contract.js';
import { act, refuse, type GameIntent } from './intents.js';
import { modelChoices, type GameLookup } from './choices.js';

const sub = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.Subcommand, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr } }) as const;

export default systemCommand(
  {
    name: 'turn',
    description: 'Your move in the game: ready, initiative, activate, act, end, pass',
    name_localizations: { fr: 'tour' },
    description_localizations: { fr: 'Votre coup : prêt, initiative, activer, agir, finir, passer' },
    contexts: [0],
    options: [
      sub('ready', 'pret', 'Done with this Start Phase step (discards, draws, effects)', 'Fini avec cette étape de la Phase de Début'),
      sub('deployed', 'deploye', 'Done with your deployment step', 'Fini avec votre étape de déploiement'),
      sub('flip', 'tirage', 'Flip for initiative', 'Tirer pour l’initiative'),
      {
        type: Option.Subcommand,
        name: 'initiative',
        description: 'You won the flip: keep the initiative or give it away',
        name_localizations: { fr: 'initiative' },
        description_localizations: { fr: 'Vous avez gagné : garder l’initiative ou la donner' },
        options: [{ type: Option.Boolean, name: 'keep', description: 'Keep it (yes) or give it to the other player (no)', name_localizations: { fr: 'garder' }, description_localizations: { fr: 'La garder (oui) ou la donner (non)' }, required: true }],
      },
      {
        type: Option.Subcommand,
        name: 'activate',
        description: 'Activate one of your models',
        name_localizations: { fr: 'activer' },
        description_localizations: { fr: 'Activer une de vos figurines' },
        options: [{ type: Option.String, name: 'model', description: 'The model: its label (A2) or its name', name_localizations: { fr: 'figurine' }, description_localizations: { fr: 'La figurine : son repère (A2) ou son nom' }, required: true, max_length: 80, autocomplete: true }],
      },
      {
        type: Option.Subcommand,
        name: 'action',
        description: 'Count an action of the activating model',
        name_localizations: { fr: 'action' },
        description_localizations: { fr: 'Compter une action de la figurine active' },
        options: [
          { type: Option.Boolean, name: 'bonus', description: 'A bonus action', name_localizations: { fr: 'bonus' }, description_localizations: { fr: 'Une action bonus' } },
          { type: Option.Boolean, name: 'generated', description: 'A generated action (does not count)', name_localizations: { fr: 'generee' }, description_localizations: { fr: 'Une action générée (ne compte pas)' } },
        ],
      },
      sub('end', 'fin', 'End the activation', 'Finir l’activation'),
      sub('pass', 'passer', 'Pass (spend a pass token)', 'Passer (dépenser un jeton de passe)'),
      sub('scored', 'marque', 'Done with the scoring step of the End Phase', 'Fini avec le décompte de la Phase de Fin'),
    ],
  } as const,
  (invocation, asker): GameIntent => {
    switch (invocation.subcommand) {
      case 'ready':
        return act({ type: 'startStepDone' });
      case 'deployed':
        return act({ type: 'deployed' });
      case 'flip':
        return act({ type: 'flipInitiative' });
      case 'initiative':
        // The holder is a seat: built from the asker's own, read in the same load as the decision.
        return {
          kind: 'act',
          command: (seatOf) => {
            const seat = seatOf(asker.id);
            if (seat !== 0 && seat !== 1) return { code: 'NOT_A_PLAYER' };
            return { type: 'chooseInitiative', holder: invocation.args.keep ? seat : seat === 0 ? 1 : 0 };
          },
        };
      case 'activate':
        return act({ type: 'activate', model: invocation.args.model });
      case 'action':
        return act({ type: 'takeAction', ...(invocation.args.bonus !== undefined ? { bonus: invocation.args.bonus } : {}), ...(invocation.args.generated !== undefined ? { generated: invocation.args.generated } : {}) });
      case 'end':
        return act({ type: 'endActivation' });
      case 'pass':
        return act({ type: 'pass' });
      case 'scored':
        return act({ type: 'scoringDone' });
      default: {
        const never: never = invocation;
        return refuse({ code: 'UNKNOWN_SUBCOMMAND', params: { name: String(never) } });
      }
    }
  },
  // Only /turn activate completes: the asker's models that may still activate this turn.
  (focused, lookup: GameLookup) => modelChoices(lookup, focused, 'activatable'),
);
