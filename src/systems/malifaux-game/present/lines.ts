/**
 * The whole game's own events as public lines: the set-up, the turns and what happens to the models.
 * Only public forms are read — a crew declared names no model until the reveal, a scheme choice shows
 * its commitments, never the schemes — and these lines print nothing else from them.
 */
import type { MessageKey, Translate } from '../../../i18n/index.js';
import { isGameEvent } from '../engine/game.js';
import type { GameEvent, ModelInPlay, WholeEvent } from '../engine/schema.js';
import { DEPLOYMENT_STEPS } from '../engine/setup.js';
import { LAST_TURN } from '../engine/turns.js';
import { contextOf, modelName, shortHex, type LineContext } from './names.js';
import { resultLines, scoringLine } from './scoring.js';

export { modelName, namesOf, shortHex, contextOf, type LineContext, type SeatNames } from './names.js';

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A condition with its value ("Burning 2"), or its bare name for the valueless ones. */
export function conditionText(t: Translate, id: string, value: number | undefined): string {
  const name = t(`mg.condition.${id}` as MessageKey);
  return value !== undefined && value > 1 ? `${name} ${value}` : name;
}

function modelChangeLine(t: Translate, c: LineContext, e: Extract<GameEvent, { type: 'ModelsChanged' }>): string | null {
  const all = [...c.models, ...e.models.filter((m) => !c.models.some((x) => x.id === m.id))];
  const named = (m: ModelInPlay) => `**${modelName(all, m)}**`;
  const byId = (id: string | null) => {
    const m = id ? all.find((x) => x.id === id) : undefined;
    return m ? named(m) : null;
  };
  const first = e.models[0];
  const amount = e.amount ?? 0;
  if (e.change.startsWith('condition.')) {
    if (!first) return null;
    const id = e.change.slice('condition.'.length);
    const key = amount >= 0 ? 'mg.model.conditionGained' : 'mg.model.conditionLost';
    return t(key, { target: named(first), condition: conditionText(t, id, Math.abs(amount)) });
  }
  switch (e.change) {
    case 'placed': {
      const count = (seat: 0 | 1) => e.models.filter((m) => m.seat === seat).length;
      return t('mg.model.placed', { counts: `**${c.names[0]}** ${count(0)} · **${c.names[1]}** ${count(1)}` });
    }
    case 'damaged':
    case 'killed': {
      if (!first) return null;
      const by = byId(e.by);
      const health = { target: named(first), amount, health: first.health, max: first.maxHealth };
      const hit = by ? t('mg.model.damagedBy', { ...health, by }) : t('mg.model.damaged', health);
      if (e.change === 'damaged') return hit;
      return `${hit}\n${by ? t('mg.model.killedBy', { target: named(first), by }) : t('mg.model.killed', { target: named(first) })}`;
    }
    case 'chosenDamage':
      return first ? t('mg.model.chosenDamage', { target: named(first), amount, health: first.health, max: first.maxHealth }) : null;
    case 'healed':
      return first ? t('mg.model.healed', { target: named(first), amount, health: first.health, max: first.maxHealth }) : null;
    case 'tokens': {
      if (!first) return null;
      const tokens = Object.entries(first.tokens).map(([name, n]) => `${name} ${n}`);
      return t('mg.model.tokens', { target: named(first), change: signed(amount), tokens: tokens.length ? tokens.join(', ') : t('mg.model.noTokens') });
    }
    case 'summoned':
      return first ? t('mg.model.summoned', { by: byId(e.by) ?? '?', target: named(first) }) : null;
    case 'replaced': {
      const removed = e.models.filter((m) => m.status === 'removed');
      const added = e.models.filter((m) => m.status !== 'removed');
      if (!removed.length || !added.length) return null;
      return t('mg.model.replaced', { old: removed.map(named).join(', '), target: added.map(named).join(', ') });
    }
    case 'buried':
      return first ? t('mg.model.buried', { target: named(first) }) : null;
    case 'unburied':
      return first ? t('mg.model.unburied', { target: named(first) }) : null;
    case 'endPhase':
      return e.models.length ? t('mg.model.endPhase', { models: e.models.map((m) => `${named(m)} ${m.health}/${m.maxHealth}`).join(', ') }) : null;
    case 'gameEnd':
      return e.models.length ? t('mg.model.gameEnd', { models: e.models.map(named).join(', ') }) : null;
    default:
      // activationEnded and newTurn: the turn's own line says it (an activation ends, a turn begins).
      return null;
  }
}

function turnLine(t: Translate, c: LineContext, e: Extract<GameEvent, { type: 'TurnChanged' }>): string | null {
  const who = (seat: 0 | 1) => `**${c.names[seat]}**`;
  const model = () => {
    const m = e.model ? c.models.find((x) => x.id === e.model) : undefined;
    return m ? `**${modelName(c.models, m)}**` : '?';
  };
  const totals = e.totals ? `${who(0)} ${e.totals[0]} · ${who(1)} ${e.totals[1]}` : '';
  const turn = e.turn;
  switch (e.step) {
    case 'turnBegan':
      return t('mg.event.turnBegan', { turn: turn.turn, name: who(turn.initiative) });
    case 'start.discard':
    case 'start.draw':
    case 'start.effects':
      return e.seat === null ? null : t(`mg.event.startStep.${e.step.slice('start.'.length)}` as MessageKey, { name: who(e.seat) });
    case 'passTokens':
      return t('mg.event.passTokens', { tokens: `${who(0)} ${turn.passTokens[0]} · ${who(1)} ${turn.passTokens[1]}` });
    case 'initiativeTied':
      return t('mg.event.initiativeTied', { totals });
    case 'initiativeWon':
      return e.seat === null ? null : t('mg.event.initiativeWon', { name: who(e.seat), totals });
    case 'initiativeChosen':
      if (e.seat === null) return null;
      return turn.initiative === e.seat ? t('mg.event.initiativeKept', { name: who(e.seat) }) : t('mg.event.initiativeGiven', { name: who(e.seat), other: who(turn.initiative) });
    case 'activated':
      return e.seat === null ? null : t('mg.event.activated', { name: who(e.seat), model: model() });
    case 'action':
      return t('mg.event.action', { model: model(), count: turn.activating?.actions ?? 0, bonus: turn.activating?.bonus ? 'yes' : 'no' });
    case 'activationEnded': {
      const line = t('mg.event.activationEnded', { model: model() });
      return turn.phase === 'end' ? `${line}\n${t('mg.event.endPhase')}` : line;
    }
    case 'passed': {
      if (e.seat === null) return null;
      const other = e.seat === 0 ? 1 : 0;
      const lines = [t('mg.event.passed', { name: who(e.seat) })];
      // The token is lost: the opponent had nothing left to activate, so play came straight back.
      if (e.warning) lines.push(t('mg.event.passWarning', { name: who(e.seat), other: who(other) }));
      if (turn.phase === 'end') lines.push(t('mg.event.endPhase'));
      return lines.join('\n');
    }
    case 'summonPassToken':
      return e.seat === null ? null : t('mg.event.summonPassToken', { name: who(e.seat) });
    case 'replaced':
      return t('mg.event.replacedContinues', { model: model() });
    case 'endPhaseEffects':
      return t('mg.event.endEffects');
    case 'scoring':
      // U2: turn 1 has no scoring step.
      return turn.turn === 1 ? t('mgs.event.noVpTurnOne') : t('mg.event.scoring');
    case 'endPhaseShuffle':
      return `${t('mg.event.shuffled')}\n${t('mg.event.turnBegan', { turn: turn.turn, name: who(turn.initiative) })}`;
    default:
      // endOfGame: the stage's own line says the game is over.
      return null;
  }
}

/** One game event as the channel reads it, or null when it shows nothing. Never a table event. */
export function gameEventLine(t: Translate, c: LineContext, e: GameEvent): string | null {
  const who = (seat: 0 | 1) => `**${c.names[seat]}**`;
  switch (e.type) {
    case 'WholeGameStarted':
    case 'ProfilesKnown':
    case 'ModelDuelEnded':
      return null;
    case 'EncounterFlipped':
      return t('mg.event.encounter', {
        name: who(e.record.attacker),
        strategy: t(`encounter.name.${e.record.encounter.strategy}` as MessageKey),
        deployment: t(`encounter.name.${e.record.encounter.deployment}` as MessageKey),
      });
    case 'CrewDeclared':
      // Whose crew it is, never what it holds: the public form has none, and a full one is not read.
      return t('mg.event.crewDeclared', { name: who(e.seat) });
    case 'CrewsRevealed':
      return t('mg.event.crewsRevealed', {
        crews: e.crews
          .map((crew, seat) =>
            t('mg.event.crewSummary', { name: who(seat as 0 | 1), leader: crew.models.find((m) => m.role === 'leader')?.profile.name ?? '?', count: crew.models.length, soulstones: crew.soulstones }),
          )
          .join(' · '),
      });
    case 'StageBegan':
      if (e.stage === 'crews') return null;
      if (e.stage === 'over') return [c.agreedEnd ? t('mg.event.stage.overAgreed', { turn: c.turn ?? LAST_TURN }) : t('mg.event.stage.over', { turn: LAST_TURN }), ...resultLines(t, c)].join('\n');
      return t(`mg.event.stage.${e.stage}` as MessageKey);
    case 'DeploymentStepDone': {
      const step = DEPLOYMENT_STEPS[e.step];
      return step ? t('mg.event.deployed', { name: who(e.seat), step: t(`mg.deploy.${step}` as MessageKey) }) : null;
    }
    case 'SchemesChosen':
      return t('mg.event.schemesChosen', { name: who(e.seat), commitments: e.commitments.map(shortHex).join(', ') });
    case 'TurnChanged':
      return turnLine(t, c, e);
    case 'InitiativeFlipped':
      return t('mg.event.initiativeFlip', { name: who(e.seat), value: e.value });
    case 'ModelsChanged':
      return modelChangeLine(t, c, e);
    case 'ModelDuelStarted': {
      const find = (id: string) => c.models.find((m) => m.id === id);
      const a = find(e.attacker);
      const d = find(e.target);
      return t('mg.event.modelDuel', { attacker: `**${a ? modelName(c.models, a) : '?'}**`, target: `**${d ? modelName(c.models, d) : '?'}**` });
    }
    case 'ScoringStepChanged':
    case 'ScoreBanked':
    case 'SchemeRevealed':
    case 'ScoreClaimed':
    case 'ClaimAnswered':
      return scoringLine(t, c, e);
    case 'EarlyEndProposed': {
      const other = e.seat === 0 ? 1 : 0;
      const scores = ([0, 1] as const).map((seat) => `**${c.names[seat]}** ${c.ledger.filter((x) => x.seat === seat).reduce((n, x) => n + x.vp, 0)}`).join(' · ');
      // Told again once answered (its living message, the log), the proposal no longer asks for an answer.
      return t(c.endProposed ? 'mgs.event.earlyEndProposed' : 'mgs.event.earlyEndProposedSettled', { name: who(e.seat), scores, other: who(other) });
    }
    case 'EarlyEndAnswered':
      if (e.accepted) return t('mgs.event.earlyEndAccepted', { name: who(e.seat) });
      return t('mgs.event.earlyEndDeclined', { name: who(e.seat) });
    default: {
      const never: never = e;
      return never;
    }
  }
}

export { isGameEvent };
export type { WholeEvent };
