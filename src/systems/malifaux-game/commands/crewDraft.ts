/**
 * The steps of a crew entered model by model (/crew start, add, remove, done, show), each on the asker's
 * draft as the platform keeps it.
 *
 * Where the draft lives: in the platform's per-game, per-player draft table (PlayerDraft), as the crew
 * list it amounts to — not in the game's log. Drafting changes no game: it must not move the game's
 * version (a concurrent move of the other player would be refused for it), edit the living status, DM
 * anyone or sit in the log that `/game log` exports; and a crew is nobody's business before the reveal
 * (SETUP-7), the other player's least of all. Kept as a list, `/crew done` declares exactly what a paste of
 * it would: the same parser, the same model table, the same hiring checks, the same raw list with the game.
 * A declared crew leaves its draft in place, so that after a referee's undo it can be fixed and declared again.
 */
import type { DraftInput, DraftStep, Message, Refusal } from '../../contract.js';
import type { Translate } from '../../../i18n/index.js';
import { FACTION_NAMES, checkHiring, fullName, type Faction, type ModelTable, type ParsedCrew } from '../crews/index.js';
import { addToDraft, readDraft, removeFromDraft, startDraft, type DraftRole } from '../crews/draft.js';
import { declarationFrom, modelTableOf, profileModal } from '../components/forms.js';
import { COLOR } from '../../malifaux-table/present/status.js';
import { presentation } from '../present/messages.js';
import type { WholeCommand } from '../engine/schema.js';
import type { WholePrivateView } from '../engine/views.js';
import { profileNamed } from './choices.js';

type Input = DraftInput<WholePrivateView>;
export type CrewStep = (input: Input) => Promise<DraftStep<WholeCommand>>;

const refused = (problem: Refusal): DraftStep<WholeCommand> => ({ kind: 'refuse', problem });

function declared(mine: WholePrivateView): boolean {
  return mine.status !== 'new' && (mine.game?.myCrew ?? null) !== null;
}

/** The encounter size the hiring is checked against (SETUP-1). */
function sizeOf(mine: WholePrivateView): number | null {
  return mine.status === 'new' ? null : (mine.game?.options.encounterSize ?? null);
}

/** The draft as kept, read with the server's table (null when there is none, or it no longer reads). */
async function current(input: Input): Promise<{ crew: ParsedCrew | null; table: ModelTable }> {
  const table = await modelTableOf(input.server);
  return { crew: input.text === null ? null : readDraft(input.text, table), table };
}

/** A name as the server's table spells it, when it knows the card; else as typed. */
async function spelled(input: Input, typed: string): Promise<string> {
  const known = await profileNamed(input.server, typed);
  return known ? fullName(known.name, known.title) : typed.trim();
}

/** The draft shown to its player alone: the list as it stands, and what declaring it would meet. */
export function draftEmbed(t: Translate, crew: ParsedCrew, table: ModelTable, size: number | null): NonNullable<Message['embeds']>[number] {
  const unknown = crew.unknownModels;
  const hired = unknown.length === 0 && size !== null ? checkHiring(crew, table, size) : null;
  const state =
    unknown.length > 0
      ? t('mgc.draft.unknown', { count: unknown.length, names: unknown.join(', ') })
      : hired?.ok
        ? t('mgc.draft.ready', { total: hired.value.totalCost, size: size ?? 0, soulstones: hired.value.soulstones })
        : t('mgc.draft.problems', { count: hired?.ok === false ? hired.error.length : 0 });
  return {
    title: t('mgc.draft.title'),
    color: COLOR.neutral,
    description: `\`\`\`\n${crew.raw}\n\`\`\`\n${state}`,
    footer: { text: t('mgc.draft.next') },
  };
}

function keep(input: Input, crew: ParsedCrew, table: ModelTable, note: string): DraftStep<WholeCommand> {
  return { kind: 'keep', text: crew.raw, message: { content: note, embeds: [draftEmbed(input.t, crew, table, sizeOf(input.mine))] } };
}

/** /crew start: the faction, the Leader and the crew's name; over a draft, its totems and hires stay. */
export function startStep(faction: Faction, leader: string, crewName: string | null): CrewStep {
  return async (input) => {
    if (declared(input.mine)) return refused({ code: 'CREW_ALREADY_DECLARED', rule: 'SETUP-7' });
    const { crew: previous, table } = await current(input);
    const name = await spelled(input, leader);
    const started = startDraft(previous, faction, name, crewName);
    if (!started.ok) return refused(started.error);
    const crew = readDraft(started.value.raw, table) ?? started.value;
    const kept = previous ? previous.totems.length + previous.hires.length : 0;
    const note = input.t('mgc.draft.started', { leader: name, faction: FACTION_NAMES[faction], kept });
    return keep(input, crew, table, note);
  };
}

/** /crew add: copies of a model as a totem or a hire; a card the server does not know is asked for at /crew done. */
export function addStep(model: string, role: DraftRole, copies: number): CrewStep {
  return async (input) => {
    if (declared(input.mine)) return refused({ code: 'CREW_ALREADY_DECLARED', rule: 'SETUP-7' });
    const { crew, table } = await current(input);
    if (!crew) return refused({ code: 'CREW_DRAFT_NONE' });
    const name = await spelled(input, model);
    const added = addToDraft(crew, name, role, copies);
    if (!added.ok) return refused(added.error);
    return keep(input, readDraft(added.value.raw, table) ?? added.value, table, input.t('mgc.draft.added', { count: copies, name, role }));
  };
}

/** /crew remove: copies of a totem or a hire, the last ones first. */
export function removeStep(model: string, copies: number): CrewStep {
  return async (input) => {
    if (declared(input.mine)) return refused({ code: 'CREW_ALREADY_DECLARED', rule: 'SETUP-7' });
    const { crew, table } = await current(input);
    if (!crew) return refused({ code: 'CREW_DRAFT_NONE' });
    const removed = removeFromDraft(crew, model, copies);
    if (!removed.ok) return refused(removed.error);
    const { crew: next, removed: count, name } = removed.value;
    return keep(input, readDraft(next.raw, table) ?? next, table, input.t('mgc.draft.removed', { count, name }));
  };
}

/**
 * /crew done: the draft declared as a paste of it would be. A card the server does not know yet is asked
 * for first, with the model's card form (its name filled in); /crew done again declares.
 */
export const doneStep: CrewStep = async (input) => {
  if (declared(input.mine)) return refused({ code: 'CREW_ALREADY_DECLARED', rule: 'SETUP-7' });
  const { crew, table } = await current(input);
  if (!crew || input.text === null) return refused({ code: 'CREW_DRAFT_NONE' });
  const [first] = crew.unknownModels;
  if (first !== undefined) return { kind: 'modal', modal: profileModal(input.gameId, input.t, first, crew.unknownModels.length) };
  const declaration = declarationFrom(input.text, table);
  return 'code' in declaration && !('type' in declaration) ? refused(declaration) : { kind: 'act', command: declaration as WholeCommand };
};

/** /crew show: the asker's crew and schemes, and the draft while it is not declared. */
export const showStep: CrewStep = async (input) => {
  const mine = await presentation.privateMessage(input.t, input.mine);
  if (declared(input.mine) || input.text === null) return { kind: 'keep', message: mine };
  const { crew, table } = await current(input);
  if (!crew) return { kind: 'keep', message: mine };
  return { kind: 'keep', message: { ...mine, embeds: [...(mine.embeds ?? []), draftEmbed(input.t, crew, table, sizeOf(input.mine))].slice(-10) } };
};
