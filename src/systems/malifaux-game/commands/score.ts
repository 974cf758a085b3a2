/**
 * /score — the scoring of a whole game (END-2, §11, §12): claim the strategy or one of your schemes with
 * what the table shows (a count, the models by label or name, the Scheme markers removed, a note), decline
 * what you will not score, confirm or dispute your opponent's claim, withdraw your own; a referee rules
 * on a claim or corrects a score. The rules say whose move it is and what a claim must state.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand } from '../../contract.js';
import { act, modelList, refuse, type GameIntent } from './intents.js';

const text = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string, max: number) =>
  ({ type: Option.String, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, max_length: max }) as const;
const sub = <const N extends string, const O extends readonly unknown[] = readonly []>(name: N, fr: string, description: string, descriptionFr: string, options?: O) =>
  ({ type: Option.Subcommand, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, ...(options ? { options } : {}) }) as const;
const REASON = { ...text('reason', 'raison', 'Why (your opponent and a referee read it; kept in the game’s log)', 'Pourquoi (lu par l’adversaire et un arbitre ; gardé dans le journal)', 300), required: true } as const;

/** The strategy, or a scheme by its number in the pool (the number /schemes chose it by). */
const OBJECTIVE = {
  type: Option.String,
  name: 'objective',
  description: 'The strategy, or one of your schemes by its number',
  name_localizations: { fr: 'objectif' },
  description_localizations: { fr: 'La stratégie, ou une de vos combines par son numéro' },
  required: true,
  choices: [
    { name: 'The strategy', value: 'strategy', name_localizations: { fr: 'La stratégie' } },
    ...Array.from({ length: 13 }, (_, i) => ({ name: `Scheme ${i + 1}`, value: String(i + 1), name_localizations: { fr: `Combine ${i + 1}` } })),
  ],
} as const;

const HALF = {
  type: Option.String,
  name: 'half',
  description: 'A scheme’s Reveal, or its End after turn 5 (the step’s own by default)',
  name_localizations: { fr: 'moitie' },
  description_localizations: { fr: 'La révélation d’une combine, ou sa fin après le tour 5 (celle de l’étape par défaut)' },
  choices: [
    { name: 'Reveal', value: 'reveal', name_localizations: { fr: 'Révélation' } },
    { name: 'End', value: 'end', name_localizations: { fr: 'Fin' } },
  ],
} as const;

const objectiveOf = (value: string): 'strategy' | number => (value === 'strategy' ? 'strategy' : Number(value));
const halfOf = (value: string | undefined): { half?: 'reveal' | 'end' } => (value === 'reveal' || value === 'end' ? { half: value } : {});

/** "A1>B2, A3>B4": each friendly model and the enemy it is paired with (Hold Up, Public Demonstration). */
export function pairList(value: string | undefined): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const part of modelList(value)) {
    const [a, b, ...rest] = part.split(/\s*(?:>|→)\s*/);
    if (!a || !b || rest.length) return null;
    pairs.push([a, b]);
  }
  return pairs;
}

export default systemCommand(
  {
    name: 'score',
    description: 'Scoring: claim VP, decline, confirm or dispute a claim; referees rule and correct',
    name_localizations: { fr: 'score' },
    description_localizations: { fr: 'Décompte : revendiquer des PV, renoncer, confirmer ou contester ; l’arbitre tranche et corrige' },
    contexts: [0],
    options: [
      sub('claim', 'revendiquer', 'Claim 1 VP for the strategy or a scheme, saying what the table shows', 'Revendiquer 1 PV pour la stratégie ou une combine, en disant ce que montre la table', [
        OBJECTIVE,
        HALF,
        { type: Option.Integer, name: 'count', description: 'How many (markers friendly, idols in the enemy half…)', name_localizations: { fr: 'nombre' }, description_localizations: { fr: 'Combien (marqueurs amis, idoles dans la moitié adverse…)' }, min_value: 0, max_value: 99 },
        text('models', 'figurines', 'The models the claim names, e.g. "A2, B3" or "Page 2"', 'Les figurines nommées, ex. « A2, B3 » ou « Page 2 »', 300),
        text('pairs', 'paires', 'Pairs of models, e.g. "A2>B3, A4>B1" (yours first)', 'Des paires, ex. « A2>B3, A4>B1 » (la vôtre d’abord)', 300),
        { type: Option.Integer, name: 'markers', description: 'Scheme markers you remove to score', name_localizations: { fr: 'marqueurs' }, description_localizations: { fr: 'Marqueurs de combine retirés pour marquer' }, min_value: 0, max_value: 12 },
        text('note', 'note', 'Where and how, for your opponent', 'Où et comment, pour votre adversaire', 300),
      ]),
      sub('decline', 'renoncer', 'Do not score one objective in this step', 'Ne pas marquer un objectif à cette étape', [OBJECTIVE, HALF]),
      sub('done', 'fini', 'Score nothing more in this step', 'Ne plus rien marquer à cette étape'),
      sub('confirm', 'confirmer', 'Confirm your opponent’s claim', 'Confirmer la revendication de votre adversaire'),
      sub('dispute', 'contester', 'Dispute your opponent’s claim, saying why', 'Contester la revendication de votre adversaire, en disant pourquoi', [REASON]),
      sub('withdraw', 'retirer', 'Withdraw your own claim', 'Retirer votre revendication'),
      sub('rule', 'trancher', 'Referee: accept or reject the claim', 'Arbitre : accepter ou rejeter la revendication', [
        { type: Option.Boolean, name: 'accept', description: 'Accept it (yes) or reject it (no)', name_localizations: { fr: 'accepter' }, description_localizations: { fr: 'L’accepter (oui) ou la rejeter (non)' }, required: true },
        text('reason', 'raison', 'Why, for the players', 'Pourquoi, pour les joueurs', 300),
      ]),
      sub('correct', 'corriger', 'Referee: add or take away 1 VP of a crew, for a reason', 'Arbitre : ajouter ou retirer 1 PV à une bande, pour une raison', [
        { type: Option.User, name: 'player', description: 'The player whose crew’s score is corrected', name_localizations: { fr: 'joueur' }, description_localizations: { fr: 'Le joueur dont le score est corrigé' }, required: true },
        OBJECTIVE,
        {
          type: Option.Integer,
          name: 'vp',
          description: '+1 or −1',
          name_localizations: { fr: 'pv' },
          description_localizations: { fr: '+1 ou −1' },
          required: true,
          choices: [
            { name: '+1', value: 1 },
            { name: '−1', value: -1 },
          ],
        },
        REASON,
        HALF,
        { type: Option.Integer, name: 'turn', description: 'The turn whose VP is corrected (this turn by default)', name_localizations: { fr: 'tour' }, description_localizations: { fr: 'Le tour dont les PV sont corrigés (ce tour par défaut)' }, min_value: 1, max_value: 5 },
      ]),
    ],
  } as const,
  (invocation): GameIntent => {
    switch (invocation.subcommand) {
      case 'claim': {
        const a = invocation.args;
        const pairs = pairList(a.pairs);
        if (pairs === null) return refuse({ code: 'PAIRS_FORMAT' });
        const models = modelList(a.models);
        return act({
          type: 'claimScore',
          objective: objectiveOf(a.objective),
          ...halfOf(a.half),
          claim: {
            ...(a.count !== undefined ? { count: a.count } : {}),
            ...(models.length ? { models } : {}),
            ...(pairs.length ? { pairs } : {}),
            ...(a.markers !== undefined ? { markersRemoved: a.markers } : {}),
            ...(a.note ? { note: a.note } : {}),
          },
        });
      }
      case 'decline':
        return act({ type: 'declineScoring', objective: objectiveOf(invocation.args.objective), ...halfOf(invocation.args.half) });
      case 'done':
        return act({ type: 'declineScoring' });
      case 'confirm':
        return act({ type: 'confirmClaim' });
      case 'dispute':
        return act({ type: 'disputeClaim', reason: invocation.args.reason });
      case 'withdraw':
        return act({ type: 'withdrawClaim' });
      case 'rule':
        return act({ type: 'ruleClaim', accept: invocation.args.accept, ...(invocation.args.reason ? { reason: invocation.args.reason } : {}) });
      case 'correct': {
        const a = invocation.args;
        const vp = a.vp === 1 ? 1 : -1;
        return {
          kind: 'act',
          // A finished game's score is still the referee's to correct (issue 16 §5).
          afterEnd: true,
          // The corrected crew is the named player's seat, read in the same load as the decision.
          command: (seatOf) => {
            const seat = seatOf(a.player.id);
            if (seat !== 0 && seat !== 1) return { code: 'CORRECTED_NOT_A_PLAYER' };
            return { type: 'correctScore', seat, objective: objectiveOf(a.objective), vp, reason: a.reason, ...halfOf(a.half), ...(a.turn !== undefined ? { turn: a.turn } : {}) };
          },
        };
      }
      default: {
        const never: never = invocation;
        return refuse({ code: 'UNKNOWN_SUBCOMMAND', params: { name: String(never) } });
      }
    }
  },
);
