/**
 * Answers to pending decisions: `fk:d:<gameId>:<decisionRef>[:<choice>]` (a select's choice comes as its
 * values). The id is a hint, not a credential: the platform checks the game, that the decision is still
 * the pending one and that it is the clicker's; the answer is then built from the clicker's own view.
 */
import type { SystemComponent } from '../../contract.js';
import type { Command, PrivateView } from '../engine/index.js';
import { answerFor } from '../present/prompts.js';

export const decisionButton: SystemComponent<Command, PrivateView> = {
  prefix: 'd',
  read(parts, values) {
    const [gameId, ref, choice] = parts;
    if (!gameId || !ref) return null;
    return {
      gameId,
      intent: {
        kind: 'answer',
        decisionRef: ref,
        answer: (view) => {
          const decision = view.status === 'new' ? null : view.decision;
          // The platform checked it is pending and the clicker's; a view without it would be a platform bug.
          if (!decision) return { code: 'STALE_BUTTON' };
          return answerFor(decision, choice, values);
        },
      },
    };
  },
};
