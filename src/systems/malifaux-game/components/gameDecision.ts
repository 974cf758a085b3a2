/**
 * Answers to the whole game's own decisions (the table's cheats and soulstones keep the table's buttons):
 * `fk:g:<gameId>:<decisionRef>:<choice>`; a select's choice comes as its values (a model to activate).
 * The schemes are chosen in several steps, by the scheme choice's own controls (schemeChoice.ts).
 * The id is a hint, not a credential: the platform checks the game, that the decision is still pending
 * and that it is the clicker's; the command is then built from the clicker's own view.
 */
import { decisionRef, type DecisionSummary, type Refusal, type SystemComponent } from '../../contract.js';
import type { WholeCommand } from '../engine/schema.js';
import type { WholePrivateView } from '../engine/views.js';
import { crewPasteModal, disputeModal } from './forms.js';

export const GAME_DECISION_PREFIX = 'g';

/** What a button or select of a game decision answers. */
export const GAME_CHOICES = ['ready', 'flip', 'keep', 'give', 'activate', 'pass', 'action', 'bonus', 'end', 'scored', 'deployed', 'crew', 'done', 'confirm', 'dispute', 'withdraw', 'acceptEnd', 'declineEnd'] as const;
/** The scoring's choices (their labels are the scoring's messages). */
export const SCORING_CHOICES: readonly GameChoice[] = ['done', 'confirm', 'dispute', 'withdraw', 'acceptEnd', 'declineEnd'];
export type GameChoice = (typeof GAME_CHOICES)[number];

export function gameChoiceId(gameId: string, decisionId: string, choice: GameChoice): string {
  return `fk:${GAME_DECISION_PREFIX}:${gameId}:${decisionRef(decisionId)}:${choice}`;
}

/** Which choices a decision kind takes (the presentation shows these; anything else is refused). */
export function choicesOf(kind: string): readonly GameChoice[] {
  if (kind === 'start-discard' || kind === 'start-draw' || kind === 'start-effects') return ['ready'];
  if (kind === 'initiative-flip') return ['flip'];
  if (kind === 'initiative-choice') return ['keep', 'give'];
  if (kind === 'activate-or-pass') return ['activate', 'pass'];
  if (kind === 'action') return ['action', 'bonus', 'end'];
  if (kind === 'end-phase-scoring') return ['scored'];
  if (kind === 'score-strategy' || kind === 'score-schemes' || kind === 'score-end') return ['done'];
  if (kind === 'score-confirm') return ['confirm', 'dispute'];
  if (kind === 'score-disputed') return ['withdraw'];
  if (kind === 'early-end') return ['acceptEnd', 'declineEnd'];
  if (kind.startsWith('deploy.')) return ['deployed'];
  if (kind === 'declareCrew') return ['crew'];
  return [];
}

function commandFor(view: WholePrivateView, decision: DecisionSummary, choice: GameChoice, values: readonly string[]): WholeCommand | Refusal {
  if (!choicesOf(decision.kind).includes(choice)) return { code: 'STALE_BUTTON' };
  switch (choice) {
    case 'ready':
      return { type: 'startStepDone' };
    case 'flip':
      return { type: 'flipInitiative' };
    case 'keep':
    case 'give': {
      const me = decision.seat === 1 ? 1 : 0;
      return { type: 'chooseInitiative', holder: choice === 'keep' ? me : me === 0 ? 1 : 0 };
    }
    case 'activate': {
      const model = values[0];
      // Only a model of the viewer's own crew can be offered; the rules check it again.
      if (!model || !view.game?.models.some((m) => m.id === model)) return { code: 'STALE_BUTTON' };
      return { type: 'activate', model };
    }
    case 'pass':
      return { type: 'pass' };
    case 'action':
      return { type: 'takeAction' };
    case 'bonus':
      return { type: 'takeAction', bonus: true };
    case 'end':
      return { type: 'endActivation' };
    case 'scored':
      return { type: 'scoringDone' };
    case 'deployed':
      return { type: 'deployed' };
    case 'done':
      return { type: 'declineScoring' };
    case 'confirm':
      return { type: 'confirmClaim' };
    case 'withdraw':
      return { type: 'withdrawClaim' };
    case 'acceptEnd':
    case 'declineEnd':
      return { type: 'answerEarlyEnd', accept: choice === 'acceptEnd' };
    case 'crew':
    case 'dispute':
      // The button opens a form; its submission is the form's (components/forms.ts).
      return { code: 'STALE_BUTTON' };
    default: {
      const never: never = choice;
      return never;
    }
  }
}

export const gameDecision: SystemComponent<WholeCommand, WholePrivateView> = {
  prefix: GAME_DECISION_PREFIX,
  read(parts, values) {
    const [gameId, ref, choice] = parts;
    if (!gameId || !ref || !choice || !(GAME_CHOICES as readonly string[]).includes(choice)) return null;
    // "Paste my crew" opens the crew form (SETUP-6): a form, not an answer; its submission declares the crew.
    if (choice === 'crew') return { gameId, intent: { kind: 'modal', modal: (t) => crewPasteModal(gameId, t) } };
    // Disputing asks why: a form, whose submission disputes the claim open then (the rules check it still is).
    if (choice === 'dispute') return { gameId, intent: { kind: 'modal', modal: (t) => disputeModal(gameId, t) } };
    return { gameId, intent: { kind: 'answer', decisionRef: ref, answer: (view, decision) => commandFor(view, decision, choice as GameChoice, values) } };
  },
};
