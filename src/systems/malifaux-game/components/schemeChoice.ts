/**
 * The scheme choice in a player's DM, a step at a time (`fk:sc:…`, components/schemeDraft.ts): each
 * select or form adds to the choice carried by the next step's custom ids and redraws the player's own
 * message; "start again" clears it; the confirmation answers the decision with the whole choice
 * (`chooseSchemes`), which the rules check once more. Every step is checked as an answer is: the
 * decision still pending, and the clicker's.
 */
import type { Translate, MessageKey } from '../../../i18n/index.js';
import type { Refusal, SystemComponent } from '../../contract.js';
import type { WholeCommand } from '../engine/schema.js';
import type { WholePrivateView } from '../engine/views.js';
import { privateMessageWith } from '../present/messages.js';
import { namesAsked, namesModal, schemeControls } from '../present/schemeChoice.js';
import { draftCommand, draftContext, EMPTY_DRAFT, fits, nameRoom, readDraftId, SCHEME_CHOICE_PREFIX, withModels, withNames, withSchemes, type SchemeDraft } from './schemeDraft.js';

/** A refusal's scheme named as players read it. */
function named(t: Translate, problem: Refusal): Refusal {
  const scheme = problem.params?.scheme;
  if (typeof scheme !== 'string' || !scheme.includes('.')) return problem;
  return { ...problem, params: { ...problem.params, scheme: t(`encounter.name.${scheme}` as MessageKey) } };
}

export const schemeChoice: SystemComponent<WholeCommand, WholePrivateView> = {
  prefix: SCHEME_CHOICE_PREFIX,
  read(parts, values) {
    const read = readDraftId(parts);
    if (!read) return null;
    const { gameId, ref, step, draft } = read;
    if (step === 'ok') {
      return {
        gameId,
        intent: {
          kind: 'answer',
          decisionRef: ref,
          answer: (view, decision) => {
            const c = draftContext(view);
            return c && fits(c, draft) ? draftCommand(c, draft, decision) : { code: 'STALE_BUTTON' };
          },
        },
      };
    }
    return {
      gameId,
      intent: {
        kind: 'step',
        decisionRef: ref,
        async next(t, view, decision) {
          const c = draftContext(view);
          // A forged or garbled draft is no step of this choice.
          if (!c || decision.kind !== 'chooseSchemes' || !fits(c, draft)) return { code: 'STALE_BUTTON' };
          let next: SchemeDraft | Refusal;
          switch (step) {
            case 'x':
              next = EMPTY_DRAFT;
              break;
            case 's':
              next = withSchemes(c, values);
              break;
            case 'n':
              return { modal: namesModal(t, c, decision.id, draft) };
            case 'm':
              next = withNames(c, draft, values, nameRoom(c.gameId, decision.id, draft, namesAsked(c, draft)));
              break;
            default:
              next = withModels(c, draft, step, values);
          }
          if ('code' in next) return named(t, next);
          return { message: await privateMessageWith(t, view, schemeControls(t, c, decision.id, next)) };
        },
      },
    };
  },
};
