/**
 * The coin toss's own slash command (/toss, plain Discord API JSON) and its components: the answer buttons
 * (`fk:ct:<gameId>:<decisionRef>:<choice>`) and the "my view" button (`fk:ctv:<gameId>`), read back from
 * the custom ids present.ts writes. Custom ids are hints: the platform re-checks game, seat and decision.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Interactions, type SystemComponent } from '../../../src/systems/contract.js';
import { ANSWER_PREFIX, VIEW_PREFIX } from './present.js';
import type { Command, PrivateView } from './rules.js';

export const toss = systemCommand(
  {
    name: 'toss',
    description: 'Toss the coin (your turn)',
    name_localizations: { fr: 'lancer' },
    description_localizations: { fr: 'Lancer la pièce (à votre tour)' },
    contexts: [0],
    options: [
      {
        type: Option.String,
        name: 'label',
        description: 'What the toss is for',
        name_localizations: { fr: 'libelle' },
        description_localizations: { fr: 'À quoi sert le lancer' },
        max_length: 50,
      },
    ],
  } as const,
  (invocation) => ({ kind: 'act', command: { type: 'toss', label: invocation.args.label ?? null } satisfies Command }),
);

export const answerButton: SystemComponent<Command, PrivateView> = {
  prefix: ANSWER_PREFIX,
  read(parts) {
    const [gameId, ref, choice] = parts;
    if (!gameId || !ref || (choice !== 'heads' && choice !== 'tails' && choice !== 'reveal')) return null;
    return {
      gameId,
      intent: {
        kind: 'answer',
        decisionRef: ref,
        // The platform checked that the decision is pending and the clicker's: answer it by its id.
        answer: (_view, decision) => {
          if (choice === 'reveal') return decision.kind === 'reveal' ? { type: 'reveal', decisionId: decision.id } : { code: 'STALE_BUTTON' };
          return decision.kind === 'call' ? { type: 'call', decisionId: decision.id, side: choice } : { code: 'STALE_BUTTON' };
        },
      },
    };
  },
};

export const viewButton: SystemComponent<Command, PrivateView> = {
  prefix: VIEW_PREFIX,
  read(parts) {
    const [gameId] = parts;
    return gameId ? { gameId, intent: { kind: 'showPrivate' } } : null;
  },
};

export const interactions: Interactions<Command, PrivateView> = { commands: [toss], components: [answerButton, viewButton] };
