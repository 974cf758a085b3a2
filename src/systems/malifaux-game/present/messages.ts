/**
 * What a whole game of Malifaux shows. The table's presentation (duels, flips, hands, their pictures and
 * buttons) is reused as is for the table's events and decisions — the whole game's views extend the
 * table's — and this module adds the game around it: the set-up, the turns, the models, the living
 * status, and each player's crew, schemes and game decisions in their private message.
 *
 * Built from views only, like every presentation: a crew before the reveal and the schemes' picks are
 * only in their own player's private view, so no public message here can print them.
 */
import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId, type APIEmbed } from 'discord-api-types/v10';
import type { MessageKey, Translate } from '../../../i18n/index.js';
import type { Guide, Message, Presentation, PublicBatch, StatusClock, UndoneAction } from '../../contract.js';
import { presentation as tablePresentation } from '../../malifaux-table/present/messages.js';
import { eventLine as tableEventLine, type PublicEvent as TablePublicEvent } from '../../malifaux-table/present/events.js';
import { COLOR } from '../../malifaux-table/present/status.js';
import type { Row } from '../../malifaux-table/present/prompts.js';
import { choicesOf, gameChoiceId, SCORING_CHOICES, type GameChoice } from '../components/gameDecision.js';
import { draftContext, EMPTY_DRAFT } from '../components/schemeDraft.js';
import { schemeControls } from './schemeChoice.js';
import { claimText, failureText, needText, resultLines, sourceName } from './scoring.js';
import { finalSummary, type ResultInput } from './result.js';
import { drawResultPicture } from './resultPicture.js';
import { resultOf } from '../scoring/ledger.js';
import { schemeById } from '../engine/encounterPacks.js';
import { isGameEvent } from '../engine/game.js';
import type { GameEvent, WholeEvent } from '../engine/schema.js';
import type { WholePrivateView, WholePublicView } from '../engine/views.js';
import { contextOf, gameEventLine, modelName, type LineContext } from './lines.js';
import { crewField, decisionIdOf, decisionName, embedSize, EMBED_LIMIT, fitLines, FIELD_LIMIT, livingEmbed, modelLine, pendingOf, waitingLines } from './status.js';

type TablePublic = Parameters<typeof tablePresentation.afterAction>[1]['view'];
type TablePrivate = Parameters<typeof tablePresentation.privateMessage>[1];

const DESCRIPTION_LIMIT = 4000;

function clipLines(lines: string[]): string {
  const text = lines.join('\n');
  return text.length > DESCRIPTION_LIMIT ? `…\n${text.slice(text.length - DESCRIPTION_LIMIT + 2)}` : text;
}

/** The table's events of a batch, each still paired with the view after it. */
function tableBatch(batch: PublicBatch<WholePublicView, WholeEvent>): PublicBatch<TablePublic, TablePublicEvent> {
  const kept: number[] = [];
  batch.events.forEach((e, i) => {
    if (!isGameEvent(e)) kept.push(i);
  });
  return {
    view: batch.view as TablePublic,
    events: kept.map((i) => batch.events[i] as TablePublicEvent),
    viewAfter: (index) => batch.viewAfter(kept[index] ?? batch.events.length - 1) as TablePublic,
    ...(batch.undone ? { undone: batch.undone.filter((e) => !isGameEvent(e)) as TablePublicEvent[] } : {}),
  };
}

/** An event of either layer as the channel reads it. */
function lineOf(t: Translate, c: LineContext, e: WholeEvent): string | null {
  if (isGameEvent(e)) return gameEventLine(t, c, e);
  // A setup shuffle, a decision record: the table's own lines decide what shows.
  return tableEventLine(t, c.names, e as TablePublicEvent);
}

function linesOf(t: Translate, c: LineContext, events: readonly WholeEvent[]): string[] {
  // The game's own end ("over after turn 5", "over in turn 3: both agreed") says what the table's plain "The game is over." would say again.
  const gameOver = events.some((e) => e.type === 'StageBegan' && e.stage === 'over');
  const said = (e: WholeEvent) => !(gameOver && e.type === 'GameEnded' && (e as Extract<TablePublicEvent, { type: 'GameEnded' }>).conceded === undefined);
  return events.filter(said).map((e) => lineOf(t, c, e)).filter((l): l is string => l !== null);
}

/**
 * The channel's message after an action: the table's message (its pictures, its fields, its call to a
 * duel's defender) with every event's line in order, the game's among the table's, and whom the game
 * waits for when the table waits for nobody.
 */
async function afterAction(t: Translate, batch: PublicBatch<WholePublicView, WholeEvent>): Promise<Message> {
  const view = batch.view;
  const message = await tablePresentation.afterAction(t, tableBatch(batch));
  if (view.status === 'new') return message;
  const c = contextOf(view);
  // A claim's or an early end's story told once it is settled: its message keeps what happened, and no
  // call to anyone (the status and the next decider's DM say what comes next, and this message would soon be stale).
  const open = view.status === 'active' ? view.game : undefined;
  const settled = batch.events.some(
    (e) => (e.type === 'ScoreClaimed' && !open?.claims.some((c) => c.id === e.claim.id)) || (e.type === 'EarlyEndProposed' && !(open?.earlyEnd && !open.earlyEnd.agreed)),
  );
  // An answered proposal says the proposal and its answer: what an accept led to (the schemes shown, the
  // game's end) is told once, by the end's own message.
  const answer = batch.events.findIndex((e) => e.type === 'EarlyEndAnswered');
  const lines = linesOf(t, c, settled && answer >= 0 ? batch.events.slice(0, answer + 1) : batch.events);
  // A referee's correction after the game's end: the channel reads the result it leads to.
  const correctedAfterEnd =
    view.game?.stage === 'over' && !batch.events.some((e) => e.type === 'StageBegan') && batch.events.some((e) => e.type === 'ScoreBanked' && e.entry.how === 'correction');
  if (correctedAfterEnd) lines.push(t('mgs.event.resultCorrected'), ...resultLines(t, c));
  const undone = linesOf(t, c, batch.undone ?? []);
  if (undone.length) lines.push(t('story.undone'), ...undone.map((l) => `~~${l}~~`));
  const embed: APIEmbed = { ...(message.embeds?.[0] ?? {}), description: clipLines(lines.length ? lines : ['…']) };
  let content = message.content;
  let mention = message.allowed_mentions?.users ?? [];
  const components = [...(message.components ?? [])];
  if (view.status === 'active' && !view.pending && view.game && view.game.waits.length && !settled) {
    // The game's decision, not the table's: whom it waits for, mentioned; the controls go to the decider.
    const waits = waitingLines(t, view, null);
    mention = [...new Set([...mention, ...view.game.waits.map((w) => view.seats[w.seat].userId)])];
    embed.color = COLOR.waiting;
    // A claim to confirm, a proposal to end the game: the answer's buttons on its own message too (only its decider may use them).
    let answeredHere = false;
    for (const [kind, yes, no] of ANSWERED_IN_CHANNEL) {
      const wait = view.game.waits.find((w) => w.kind === kind);
      if (!wait || components.length) continue;
      const id = decisionIdOf(view, wait);
      components.push({
        type: ComponentType.ActionRow,
        components: [button(gameChoiceId(view.gameId, id, yes), t(`mgs.choice.${yes}` as MessageKey)), button(gameChoiceId(view.gameId, id, no), t(`mgs.choice.${no}` as MessageKey), ButtonStyle.Secondary)],
      });
      answeredHere = true;
    }
    // Answered on this very message, the choice is not "in their DMs (or the My hand button)": that button
    // is not on it, and the line above its buttons says how to answer.
    content = [content, ...waits, ...(answeredHere ? [] : [t('prompt.privateHint')])].filter(Boolean).join('\n');
    if (!components.length) components.push(tablePresentation.privateViewRow(t, view.gameId));
  }
  // A turn summary as its End Phase begins: where both crews stand after their activations.
  const endPhase = batch.events.find((e): e is Extract<WholeEvent, { type: 'TurnChanged' }> => e.type === 'TurnChanged' && e.step === 'activationEnded' && e.turn.phase === 'end');
  if (endPhase && view.status === 'active' && view.game) {
    const game = view.game;
    embed.title = t('mgc.summary.title', { turn: endPhase.turn.turn });
    embed.fields = [...(embed.fields ?? []), crewField(t, view, game, 0), crewField(t, view, game, 1)];
  }
  const embeds = [embed, ...(message.embeds?.slice(1) ?? [])];
  const files = [...(message.files ?? [])];
  // The game played to its end: the final summary and its picture, with the message that ends it (a
  // claim or a proposal whose settlement ended it is told again in its own message, without them), and
  // again, redrawn, with a referee's correction after the end: the summary posted at the end is then out
  // of date, and this one says the result that now stands.
  const ended = !settled && batch.events.some((e) => e.type === 'StageBegan' && e.stage === 'over');
  const input = ended || correctedAfterEnd ? resultInput(view) : null;
  if (input) {
    const picture = await drawResultPicture(input, t.locale ?? 'en');
    embeds.push({ ...finalSummary(input, t), image: { url: `attachment://${picture.name}` } });
    files.push(picture);
  }
  return { ...message, ...(content ? { content } : {}), embeds, components, allowed_mentions: { parse: [], users: mention }, ...(files.length ? { files } : {}) };
}

/** The game's decisions answered from the channel's message as well as the decider's DM: the kind, its yes and its no. */
const ANSWERED_IN_CHANNEL: readonly (readonly [string, GameChoice, GameChoice])[] = [
  ['score-confirm', 'confirm', 'dispute'],
  ['early-end', 'acceptEnd', 'declineEnd'],
];

/** What the final summary reads, from the public view of a game played to its end (null otherwise). */
function resultInput(view: WholePublicView): ResultInput | null {
  const game = view.game;
  const record = game?.encounter;
  if (view.status === 'new' || !game || !record) return null;
  return {
    names: contextOf(view).names,
    entries: game.ledger,
    result: resultOf(game.ledger),
    strategy: record.encounter.strategy,
    schemes: game.revealed.map((r) => ({ seat: r.seat, scheme: r.pick.scheme, verified: r.check, held: r.turn })),
    ended: game.earlyEnd?.agreed ? { how: 'agreed', ...(game.turn ? { turn: game.turn.turn } : {}) } : { how: 'played' },
  };
}

/**
 * The table's stories (a duel, a flip awaiting decisions), a claim until it is settled, and a proposal to
 * end the game until it is answered: their message says when the claim is confirmed, disputed, ruled on or
 * withdrawn, or the proposal accepted or declined, and keeps no buttons it no longer takes. A claim or a
 * proposal blocks the rest of the game (END-2, issue 16 §4), so neither runs beside another story.
 */
function story(view: WholePublicView): string | null {
  const game = view.status === 'active' ? view.game : undefined;
  const claim = game?.claims[0];
  const proposal = game?.earlyEnd && !game.earlyEnd.agreed ? 'early-end' : null;
  return tablePresentation.story(view as TablePublic) ?? (claim ? `claim:${claim.id}` : proposal);
}

function gameStarted(t: Translate, view: WholePublicView): Message {
  if (view.status === 'new' || !view.game) return tablePresentation.gameStarted(t, view as TablePublic);
  const base = tablePresentation.gameStarted(t, view as TablePublic);
  const names = contextOf(view).names;
  const record = view.game.encounter;
  const named = (id: string) => t(`encounter.name.${id}` as MessageKey);
  const fields = record
    ? [
        { name: t('encounter.strategy'), value: named(record.encounter.strategy), inline: true },
        { name: t('encounter.deployment'), value: named(record.encounter.deployment), inline: true },
        { name: t('encounter.schemes'), value: record.encounter.schemes.map((id) => t('encounter.schemeLine', { number: schemeById(id)?.number ?? '?', name: named(id) })).join('\n') },
      ]
    : [];
  const tableEmbed = base.embeds?.[0];
  const embed: APIEmbed = {
    title: t('mg.started.title', { a: names[0], b: names[1] }),
    description: [
      ...(record ? [t('mg.started.attacker', { name: `**${names[record.attacker]}**` })] : []),
      t('mg.started.encounterSize', { size: view.game.options.encounterSize }),
      ...(view.game.options.noCostValue === undefined ? [] : [t('mg.started.noCostValue', { cost: view.game.options.noCostValue })]),
      '',
      t('mg.started.next'),
    ].join('\n'),
    color: COLOR.neutral,
    fields: [...fields, ...(tableEmbed?.fields ?? []).filter((f) => f.name === t('game.started.commitment'))],
  };
  return {
    content: t('game.started.ping', { a: `<@${view.seats[0].userId}>`, b: `<@${view.seats[1].userId}>` }),
    embeds: [embed],
    components: base.components ?? [],
    // Both players have a crew to declare.
    allowed_mentions: { parse: [], users: [view.seats[0].userId, view.seats[1].userId] },
  };
}

// ---------------------------------------------------------------------------------------------------
// The private part: the viewer's crew, schemes and game decision

function button(customId: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Secondary = ButtonStyle.Primary): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: customId, label: label.slice(0, 80), style };
}

/** The viewer's pending game decision (none while the table waits on a card decision). */
function myGameWait(view: WholePrivateView) {
  if (view.status !== 'active' || view.decision || view.pending || !view.game) return null;
  return view.game.waits.find((w) => w.seat === view.viewer) ?? null;
}

/** The controls of the viewer's game decision: a model select to activate, buttons for the rest. */
export function gameControls(t: Translate, view: WholePrivateView): { rows: Row[]; notes: string[] } {
  const wait = myGameWait(view);
  if (!wait || view.status === 'new' || !view.game) return { rows: [], notes: [] };
  const id = decisionIdOf(view, wait);
  const game = view.game;
  if (wait.kind === 'declareCrew') {
    // The form opens from here too (its submission is the same as /crew paste's).
    return { rows: [{ type: ComponentType.ActionRow, components: [button(gameChoiceId(view.gameId, id, 'crew'), t('mgc.choice.crew'), ButtonStyle.Primary)] }], notes: [t('mg.private.declareCrew')] };
  }
  if (wait.kind === 'chooseSchemes') {
    // The first step of the choice made in the DM: the pool's select (present/schemeChoice.ts).
    const c = draftContext(view);
    return c ? schemeControls(t, c, id, EMPTY_DRAFT) : { rows: [], notes: [] };
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  const buttons: APIButtonComponentWithCustomId[] = [];
  for (const choice of choicesOf(wait.kind)) {
    if (choice === 'activate') {
      const ready = game.models.filter((m) => m.controller === view.viewer && !m.activated && (m.status === 'in-play' || m.status === 'buried'));
      if (!ready.length) continue;
      rows.push({
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: gameChoiceId(view.gameId, id, 'activate'),
            placeholder: t('mg.choice.activate'),
            min_values: 1,
            max_values: 1,
            options: ready.slice(0, 25).map((m) => ({
              label: `${modelName(game.models, m)} ${m.health}/${m.maxHealth}`.slice(0, 100),
              value: m.id,
              ...(m.status === 'buried' ? { description: t('mg.choice.buried') } : {}),
            })),
          },
        ],
      });
      continue;
    }
    if (choice === 'pass' && (game.turn?.passTokens[view.viewer] ?? 0) < 1) {
      notes.push(t('mg.private.noPassToken'));
      continue;
    }
    const secondary: readonly GameChoice[] = ['pass', 'give', 'end', 'dispute', 'withdraw', 'declineEnd'];
    const label = SCORING_CHOICES.includes(choice) ? t(`mgs.choice.${choice}` as MessageKey) : t(`mg.choice.${choice}` as MessageKey);
    buttons.push(button(gameChoiceId(view.gameId, id, choice), label, secondary.includes(choice) ? ButtonStyle.Secondary : ButtonStyle.Primary));
  }
  if (wait.kind.startsWith('deploy.')) notes.push(t('mg.private.deploy'));
  if (wait.kind.startsWith('score-')) notes.push(...scoringNotes(t, view, wait.kind));
  if (wait.kind === 'early-end') notes.push(t('mgs.private.earlyEnd'));
  if (buttons.length) rows.push({ type: ComponentType.ActionRow, components: buttons });
  return { rows, notes };
}

/** What the viewer's scoring decision is about: their objectives and what the rules say, or the claim to answer. */
function scoringNotes(t: Translate, view: WholePrivateView, kind: string): string[] {
  if (view.status === 'new' || !view.game) return [];
  const game = view.game;
  const claim = game.claims[0];
  const c = contextOf(view);
  if (kind === 'score-confirm' && claim) return [t('mgs.private.claimOpen', { objective: sourceName(t, claim.source), claim: claimText(t, c, claim) })];
  if (kind === 'score-disputed' && claim) return [t('mgs.private.myClaimDisputed', { reason: claim.reason ?? '' })];
  const lines = game.myScoring.map((candidate) => {
    const number = candidate.source.kind === 'scheme' ? schemeById(candidate.source.scheme)?.number : undefined;
    const objective = `**${sourceName(t, candidate.source)}**${number ? ` (${number})` : ''}`;
    const judged = candidate.evaluation;
    if (judged.kind === 'scores') return t('mgs.private.scores', { objective });
    if (judged.kind === 'fails') return t('mgs.private.fails', { objective, reason: failureText(t, judged) });
    const statement = needText(t, judged.need, c.names[view.viewer]);
    return statement ? t('mgs.private.needs', { objective, statement }) : t('mgs.private.needsGeneric', { objective });
  });
  return [...lines, t('mgs.private.howToClaim')];
}

/** The viewer's crew (their own, from its declaration) and secret schemes with their picks. */
function mineEmbed(t: Translate, view: WholePrivateView): APIEmbed | null {
  if (view.status === 'new' || !view.game) return null;
  const game = view.game;
  const seat = view.viewer;
  const placed = game.models.filter((m) => m.seat === seat && m.status !== 'removed');
  const crewLines = placed.length
    ? placed.map((m) => modelLine(t, game.models, m))
    : (game.myCrew?.models.map((m) => `${m.role === 'leader' ? '👑 ' : ''}${m.profile.name} ${m.profile.health}/${m.profile.health}`) ?? [t('mg.private.noCrew')]);
  const nameOf = (id: string) => {
    const m = game.models.find((x) => x.id === id);
    return m ? modelName(game.models, m) : id;
  };
  const schemeLines = game.mySchemes
    ? game.mySchemes.map((pick) => {
        const picks = [...pick.friendly.map(nameOf), ...pick.enemy.map(nameOf), ...(pick.markerType ? [pick.markerType] : []), ...(pick.terrain ? [pick.terrain] : [])];
        const name = t(`encounter.name.${pick.scheme}` as MessageKey);
        return picks.length ? `• ${name} (${t('mg.private.picks', { picks: picks.join(', ') })})` : `• ${name}`;
      })
    : [t('mg.private.noSchemes')];
  return {
    title: t('mg.private.title'),
    color: myGameWait(view) ? COLOR.waiting : COLOR.neutral,
    fields: [
      { name: t('mg.private.crew'), value: fitLines(t, crewLines, FIELD_LIMIT) },
      { name: t('mg.private.schemes'), value: fitLines(t, schemeLines, FIELD_LIMIT) },
    ],
  };
}

/** The table's private message (hand, card decisions), then the game's part and the game decision's controls. */
function privateMessage(t: Translate, view: WholePrivateView): Promise<Message> {
  return privateMessageWith(t, view, gameControls(t, view));
}

/** The private message with these controls for the viewer's game decision (a step of the scheme choice). */
export async function privateMessageWith(t: Translate, view: WholePrivateView, controls: { rows: Row[]; notes: string[] }): Promise<Message> {
  const base = await tablePresentation.privateMessage(t, view as TablePrivate);
  const mine = mineEmbed(t, view);
  if (!mine) return base;
  const wait = myGameWait(view);
  const content = [base.content, ...(wait ? [t('prompt.yourTurn', { decision: decisionName(t, wait.kind) })] : []), ...controls.notes].filter(Boolean).join('\n');
  return {
    ...base,
    ...(content ? { content } : {}),
    embeds: [...(base.embeds ?? []), mine],
    // Discord takes five rows: the table's controls (a card decision) and the game's never show together.
    components: [...(base.components ?? []), ...controls.rows].slice(0, 5),
  };
}

/** The viewer's game decision as its controls show it: its id, and for a model to activate, which ones. */
function controlsKey(view: WholePrivateView): string | null {
  const wait = myGameWait(view);
  if (!wait || view.status === 'new' || !view.game) return null;
  const ready = wait.kind === 'activate-or-pass' ? view.game.models.filter((m) => m.controller === view.viewer && !m.activated && m.status !== 'killed' && m.status !== 'removed').map((m) => m.id) : [];
  return `${decisionIdOf(view, wait)}|${ready.join(',')}|${view.game.turn?.passTokens[view.viewer] ?? 0}`;
}

function privateChanged(before: WholePrivateView | null, after: WholePrivateView): boolean {
  if (tablePresentation.privateChanged(before as TablePrivate | null, after as TablePrivate)) return true;
  if (after.status === 'new' || !after.game) return false;
  const game = before && before.status !== 'new' ? before.game : null;
  if ((game?.myCrew ?? null) === null && after.game.myCrew !== null) return true;
  if ((game?.mySchemes ?? null) === null && after.game.mySchemes !== null) return true;
  // A game decision of the viewer's own opened, or its choices changed (a model summoned, a token gained).
  const key = controlsKey(after);
  return key !== null && key !== (before ? controlsKey(before) : null);
}

// ---------------------------------------------------------------------------------------------------
// Undo, log, status, help

function describeAction(t: Translate, view: WholePublicView, events: WholeEvent[], author: string | null): string {
  const first = events.find((e) => isGameEvent(e) || e.type !== 'DecisionClosed');
  if (!first || !isGameEvent(first)) return tablePresentation.describeAction(t, view as TablePublic, events.filter((e) => !isGameEvent(e)) as TablePublicEvent[], author);
  const line = events.filter(isGameEvent).map((e) => gameEventLine(t, contextOf(view), e as GameEvent)).find((l) => l !== null);
  return line ? t('mg.undo.what', { line: line.split('\n')[0]! }) : tablePresentation.describeAction(t, view as TablePublic, [], author);
}

async function undone(t: Translate, view: WholePublicView, what: UndoneAction<WholeEvent>): Promise<Message> {
  const tableWhat: UndoneAction<TablePublicEvent> = {
    ...what,
    events: what.events.filter((e) => !isGameEvent(e)) as TablePublicEvent[],
    amends: what.amends.filter((e) => !isGameEvent(e)) as TablePublicEvent[],
  };
  const message = await tablePresentation.undone(t, view as TablePublic, tableWhat);
  const action = describeAction(t, view, what.events, what.author);
  const by = `**${what.by}**`;
  const line = what.asReferee
    ? t('game.undo.byReferee', { name: by, what: action })
    : what.agreedBy.length
      ? t('game.undo.agreed', { name: by, what: action, agreed: what.agreedBy.map((n) => `**${n}**`).join(', ') })
      : t('game.undo.by', { name: by, what: action });
  const amends = linesOf(t, contextOf(view), what.amends);
  const embed = message.embeds?.[0];
  return { ...message, embeds: [{ ...(embed ?? {}), description: clipLines([line, ...amends]) }, livingEmbed(t, view, null)] };
}

function logLine(t: Translate, view: WholePublicView, event: WholeEvent, ended: boolean): string | null {
  if (!isGameEvent(event)) return tablePresentation.logLine(t, view as TablePublic, event as TablePublicEvent, ended);
  if (event.type === 'WholeGameStarted') return t('mg.event.started');
  return gameEventLine(t, contextOf(view), event);
}

/** Game events the channel hears of on their own: the set-up's milestones, a turn's end, a kill, a summon. */
const NEWS_STEPS = new Set(['turnBegan', 'endPhaseEffects', 'endOfGame', 'initiativeWon', 'initiativeChosen']);
const NEWS_CHANGES = new Set(['killed', 'summoned', 'replaced', 'gameEnd']);

/**
 * Quiet: a step done, an activation, an action — the living status says it. News: anything of the table
 * (its cards are news), the set-up's stages, the initiative, the End Phase, a kill, a summon, a Replace.
 */
function quiet(batch: PublicBatch<WholePublicView, WholeEvent>): boolean {
  return batch.events.every((e) => {
    if (!isGameEvent(e)) return false;
    if (e.type === 'TurnChanged') return !NEWS_STEPS.has(e.step);
    if (e.type === 'ModelsChanged') return !NEWS_CHANGES.has(e.change);
    // The step's own moves (a stage passed, a decline) are the status's; VP, claims, answers and reveals are news.
    if (e.type === 'ScoringStepChanged') return e.change !== 'began' && e.change !== 'failed';
    return e.type === 'InitiativeFlipped' || e.type === 'DeploymentStepDone' || e.type === 'CrewDeclared' || e.type === 'SchemesChosen';
  });
}

function livingStatus(t: Translate, view: WholePublicView, clock: StatusClock): Message {
  return { embeds: [livingEmbed(t, view, clock)], allowed_mentions: { parse: [] } };
}

/** /game status: the living status, then the asker's hand and their crew and schemes (theirs alone). */
function status(t: Translate, view: WholePublicView, mine: WholePrivateView | null, clock: StatusClock): Message {
  const table = tablePresentation.status(t, view as TablePublic, mine as TablePrivate | null, clock);
  if (view.status === 'new' || !view.game) return table;
  const living = livingEmbed(t, view, clock);
  const own = [...(table.embeds?.slice(1) ?? []), ...(mine ? [mineEmbed(t, mine)].filter((e): e is APIEmbed => e !== null) : [])];
  // Discord counts every embed of a message toward one 6000: the private part gives way first.
  const kept: APIEmbed[] = [living];
  for (const e of own) if (embedSize(e) + kept.reduce((n, k) => n + embedSize(k), 0) <= EMBED_LIMIT) kept.push(e);
  return { ...(mine ? {} : { content: t('status.spectator') }), embeds: kept, allowed_mentions: { parse: [] } };
}

function hints(t: Translate, view: WholePublicView, mine: WholePrivateView | null): string[] {
  // A card decision under way, or the game over: the table's hints say it.
  if (view.status !== 'active' || view.pending || !view.game) return tablePresentation.hints(t, view as TablePublic, mine as TablePrivate | null);
  const seat = mine && mine.status !== 'new' ? mine.viewer : null;
  const lines: string[] = [];
  for (const p of pendingOf(view)) {
    if (p.seat === seat) lines.push(p.kind === 'declareCrew' ? t('mg.hint.declareCrew') : t('mg.hint.yours', { decision: decisionName(t, p.kind) }));
    else lines.push(t('hint.waitingFor', { name: `<@${view.seats[p.seat].userId}>`, decision: decisionName(t, p.kind) }));
  }
  // The table's other hints (an empty hand, an empty pool, "ready to duel") do not hold here: the turns
  // draw the hands and the hiring sets the pools.
  return seat === null ? [...lines, t('hint.spectator')] : lines;
}

function guide(t: Translate): Guide {
  return {
    steps: [t('mg.guide.crew'), t('mg.guide.schemes'), t('mg.guide.deploy'), t('mg.guide.ready'), t('mg.guide.initiative'), t('mg.guide.activate'), t('mg.guide.attack'), t('mg.guide.model'), t('mg.guide.end'), t('mgs.guide.score')],
  };
}

export const presentation: Presentation<WholePublicView, WholePrivateView, WholeEvent> = {
  afterAction,
  story,
  gameStarted,
  undone,
  describeAction,
  privateMessage,
  privateChanged,
  decisionName: (t, decision) => decisionName(t, decision.kind),
  logLine,
  colors: COLOR,
  privateViewRow: (t, gameId) => tablePresentation.privateViewRow(t, gameId),
  status,
  hints,
  guide,
  livingStatus,
  quiet,
  ...(tablePresentation.warmUp ? { warmUp: tablePresentation.warmUp } : {}),
};
