/**
 * Where a whole game stands, as everyone may know it: the living status message (one per game, edited
 * in place) and the public part of /game status. Built from the public view only: a crew shows nothing
 * before the reveal, the schemes only their commitments.
 */
import { modelLabel } from '../engine/play.js';
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { hasMessage, type MessageKey, type Translate } from '../../../i18n/index.js';
import type { StatusClock } from '../../contract.js';
import { describeDecision } from '../../malifaux-table/present/prompts.js';
import { COLOR } from '../../malifaux-table/present/status.js';
import { DEPLOYMENT_STEPS } from '../engine/setup.js';
import type { ModelInPlay } from '../engine/schema.js';
import type { GamePublic, WholePublicView } from '../engine/views.js';
import { conditionText, modelName, namesOf, shortHex } from './lines.js';
import { revealedText, sourceName, vpText } from './scoring.js';

/** Discord's limits: an embed's field value, its description, and the whole embed. */
export const FIELD_LIMIT = 1024;
export const DESCRIPTION_LIMIT = 4096;
export const EMBED_LIMIT = 6000;

export type Wait = GamePublic['waits'][number];

/** The id of a pending game decision, as the view lists them (engine/game.ts's `pendingDecisions`). */
export function decisionIdOf(view: WholePublicView, wait: Wait): string {
  return view.game?.decisions.find((d) => d.seat === wait.seat && d.kind === wait.kind)?.id ?? `${wait.kind}:${wait.seat}:?`;
}

/** A decision's name: the game's own kinds, else the table's (cheat, soulstone…). */
export function decisionName(t: Translate, kind: string): string {
  const key = `mg.decision.${kind}`;
  if (hasMessage(key)) return t(key);
  return hasMessage(`decision.${kind}`) ? describeDecision(t, { kind } as Parameters<typeof describeDecision>[1]) : t('mg.decision.other');
}

/** Whom the game waits for: the table's open decision first (a cheat, a soulstone), else the game's. */
export function pendingOf(view: WholePublicView): { seat: 0 | 1; kind: string; id: string }[] {
  if (view.status !== 'active') return [];
  if (view.pending) return [{ seat: view.pending.seat, kind: view.pending.kind, id: view.pending.id }];
  return (view.game?.waits ?? []).map((w) => ({ seat: w.seat, kind: w.kind, id: decisionIdOf(view, w) }));
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** Lines kept whole while they fit, then "… and N more". */
export function fitLines(t: Translate, lines: readonly string[], limit: number): string {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const rest = lines.length - i - 1;
    const tail = rest > 0 ? t('mg.status.more', { count: lines.length - i }).length + 1 : 0;
    if (size + line.length + 1 + tail > limit) {
      out.push(t('mg.status.more', { count: lines.length - i }));
      return clip(out.join('\n'), limit);
    }
    out.push(line);
    size += line.length + 1;
  }
  return clip(out.join('\n'), limit) || '—';
}

/** One model in a line: activated, name, Health, conditions; killed ones struck through. */
export function modelLine(t: Translate, models: readonly ModelInPlay[], m: ModelInPlay): string {
  const conditions = Object.entries(m.conditions).map(([id, value]) => conditionText(t, id, value));
  // The label (A1, B2) is how commands name a model; the name with its copy number is how players read it.
  const body = [`\`${modelLabel(m)}\` ${modelName(models, m)} ${m.health}/${m.maxHealth}`, ...conditions].join(' · ');
  if (m.status === 'killed') return `~~${body}~~`;
  const marks = `${m.activated ? '✓ ' : ''}${m.status === 'buried' ? '⚰️ ' : ''}`;
  return `${marks}${m.leader ? '👑 ' : ''}${body}`;
}

export function crewField(t: Translate, view: WholePublicView, game: GamePublic, seat: 0 | 1): APIEmbedField {
  const names = namesOf(view);
  const crew = game.crews[seat];
  const leader = crew.crew?.models.find((m) => m.role === 'leader')?.profile.name;
  const commitments = game.commitments[seat];
  const pool = view.status === 'new' ? null : view.seats[seat];
  const revealed = revealedText(t, game.revealed, seat);
  const head = [
    t('mg.status.vp', { vp: vpText(t, game.ledger, seat, game.vp[seat]) }),
    ...(revealed ? [revealed] : []),
    ...(pool ? [t('status.seat', { soulstones: pool.soulstones, hand: pool.handCount, deck: pool.deckCount, discard: pool.discard.length })] : []),
    commitments ? t('mg.status.commitments', { commitments: commitments.map(shortHex).join(', ') }) : t('mg.status.noCommitments'),
  ];
  const models = game.models.filter((m) => m.seat === seat && m.status !== 'removed');
  const body = crew.crew ? models.map((m) => modelLine(t, game.models, m)) : [t(crew.declared ? 'mg.status.crewSecret' : 'mg.status.crewNone')];
  const headText = head.join('\n');
  return {
    name: clip(leader ? `${names[seat]} — ${leader}` : names[seat], 256),
    value: `${headText}\n${fitLines(t, body, FIELD_LIMIT - headText.length - 1)}`,
    inline: true,
  };
}

function encounterField(t: Translate, view: WholePublicView, game: GamePublic): APIEmbedField | null {
  const record = game.encounter;
  if (!record) return null;
  const e = record.encounter;
  const named = (id: string) => t(`encounter.name.${id}` as MessageKey);
  const lines = [
    t('mg.status.attacker', { name: namesOf(view)[record.attacker] }),
    t('mg.status.encounterLine', { strategy: named(e.strategy), deployment: named(e.deployment) }),
    t('mg.status.pool', { schemes: e.schemes.map(named).join(', ') }),
  ];
  return { name: t('mg.status.encounter'), value: clip(lines.join('\n'), FIELD_LIMIT) };
}

/** Where the game is: the set-up stage, or the turn and its phase, the initiative and pass tokens. */
function whereLines(t: Translate, view: WholePublicView, game: GamePublic): string[] {
  const names = namesOf(view);
  if (game.stage === 'crews' || game.stage === 'schemes') return [t(`mg.status.stage.${game.stage}`)];
  if (game.stage === 'deployment') {
    const step = DEPLOYMENT_STEPS[game.deploymentStep];
    return [t('mg.status.stage.deployment', { step: step ? t(`mg.deploy.${step}` as MessageKey) : '—' })];
  }
  if (game.stage === 'over' || !game.turn) return [t('mg.status.stage.over')];
  const turn = game.turn;
  const lines = [
    t('mg.status.turn', { turn: turn.turn, phase: t(`mg.phase.${turn.phase}` as MessageKey) }),
    t('mg.status.initiative', { name: `**${names[turn.initiative]}**` }),
    t('mg.status.passTokens', { tokens: `${names[0]} ${turn.passTokens[0]} · ${names[1]} ${turn.passTokens[1]}` }),
  ];
  if (turn.activating) {
    const m = game.models.find((x) => x.id === turn.activating!.modelId);
    if (m) lines.push(t('mg.status.activating', { model: `**${modelName(game.models, m)}**`, count: turn.activating.actions }));
  }
  if (game.scoring) lines.push(t('mgs.status.scoring', { group: game.scoring.group, name: `**${names[game.scoring.seat]}**` }));
  for (const claim of game.claims) lines.push(t('mgs.status.claim', { name: `**${names[claim.seat]}**`, objective: sourceName(t, claim.source), status: claim.status }));
  return lines;
}

/** "Waiting for @Alice: activate a model or pass (asked 3 minutes ago, log entry #41)." — one line per decider. */
export function waitingLines(t: Translate, view: WholePublicView, clock: StatusClock | null): string[] {
  if (view.status === 'new') return [];
  return pendingOf(view).map((p) => {
    const params = { name: `<@${view.seats[p.seat].userId}>`, decision: decisionName(t, p.kind) };
    const opened = clock?.opened.get(p.id);
    return opened ? t('status.waiting', { ...params, when: `<t:${Math.floor(opened.at.getTime() / 1000)}:R>`, entry: opened.entry }) : `⏳ ${t('prompt.waiting', params)}`;
  });
}

/** The whole game's status embed: everything public about where it stands, within Discord's limits. */
export function livingEmbed(t: Translate, view: WholePublicView, clock: StatusClock | null): APIEmbed {
  if (view.status === 'new' || !view.game) return { description: t('help.noGame'), color: COLOR.neutral };
  const game = view.game;
  const names = namesOf(view);
  const description = [...whereLines(t, view, game), ...waitingLines(t, view, clock)];
  const encounter = encounterField(t, view, game);
  const waiting = view.status === 'active' && pendingOf(view).length > 0;
  return {
    title: clip(t('mg.status.title', { a: names[0], b: names[1] }), 256),
    description: clip(description.join('\n'), DESCRIPTION_LIMIT),
    color: view.status === 'ended' ? COLOR.ended : waiting ? COLOR.waiting : COLOR.neutral,
    fields: [...(encounter ? [encounter] : []), crewField(t, view, game, 0), crewField(t, view, game, 1)],
    footer: { text: t('mg.status.legend') },
  };
}

/** Every character Discord counts toward an embed's 6000. */
export function embedSize(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}
