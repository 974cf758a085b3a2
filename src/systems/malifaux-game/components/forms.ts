/**
 * The whole game's two forms, read back when submitted: a crew list pasted (`fk:crew:<gameId>`) becomes
 * the player's crew declaration, checked against what the server knows; a model's card
 * (`fk:mp:<gameId>`) is saved to the server's model table. Values come in the form's field order.
 */
import { ComponentType, TextInputStyle } from 'discord-api-types/v10';
import type { ModalForm, Refusal, ServerTables, SystemComponent } from '../../contract.js';
import type { Translate } from '../../../i18n/index.js';
import { PASTE_MAX_CHARS, parseCrewList, type ModelProfile, type ModelTable, type UpgradeProfile } from '../crews/index.js';
import { parseProfileForm, PROFILE_FORM_FIELDS } from '../crews/profileForm.js';
import type { WholeCommand } from '../engine/schema.js';
import type { WholePrivateView } from '../engine/views.js';

export const DISPUTE_FORM_PREFIX = 'sd';

/** Why the opponent's claim does not hold: the dispute's form (its reason goes to the claimant and a referee). */
export function disputeModal(gameId: string, t: Translate): ModalForm {
  return {
    custom_id: `fk:${DISPUTE_FORM_PREFIX}:${gameId}`,
    title: t('mgs.dispute.title'),
    components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.TextInput, custom_id: 'reason', label: t('mgs.dispute.reason'), style: TextInputStyle.Paragraph, required: true, max_length: 300 }] }],
  };
}

export const CREW_FORM_PREFIX = 'crew';
export const PROFILE_FORM_PREFIX = 'mp';

export function crewPasteModal(gameId: string, t: Translate): ModalForm {
  return {
    custom_id: `fk:${CREW_FORM_PREFIX}:${gameId}`,
    title: t('mgc.crew.pasteTitle'),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.TextInput, custom_id: 'list', label: t('mgc.crew.pasteLabel'), style: TextInputStyle.Paragraph, required: true, max_length: PASTE_MAX_CHARS, placeholder: t('mgc.crew.pastePlaceholder') }],
      },
    ],
  };
}

/** A model's card to enter, its name prefilled when known; `left`: how many cards a crew still waits for. */
export function profileModal(gameId: string, t: Translate, name = '', left = 0): ModalForm {
  const input = (custom_id: string, label: string, placeholder: string, value?: string) => ({
    type: ComponentType.ActionRow as const,
    components: [{ type: ComponentType.TextInput as const, custom_id, label, style: TextInputStyle.Short as const, required: true, max_length: 120, placeholder, ...(value ? { value } : {}) }],
  });
  return {
    custom_id: `fk:${PROFILE_FORM_PREFIX}:${gameId}`,
    title: left > 0 ? t('mgc.profile.titleLeft', { count: left }) : t('mgc.profile.title'),
    components: [
      input('name', t('mgc.profile.name'), 'Ada Quill, Unbound', name || undefined),
      input('station', t('mgc.profile.station'), 'Minion (3) · Master · Minion, totem of Ada Quill'),
      input('factions', t('mgc.profile.factions'), 'Arcanists; Inkwell, Foundry'),
      input('numbers', t('mgc.profile.numbers'), 'cost 6 health 6 base 30'),
      input('stats', t('mgc.profile.stats'), 'Df 5 Wp 4 Sz 2 Mv 5'),
    ],
  };
}

export async function modelTableOf(server: ServerTables): Promise<ModelTable> {
  const { models, upgrades } = await server.modelTable();
  return { models: models as ModelProfile[], upgrades: upgrades as UpgradeProfile[] };
}

/** The crew list as pasted, read with the server's table; names it does not know are listed back. */
export async function crewDeclaration(text: string, server: ServerTables): Promise<WholeCommand | Refusal> {
  return declarationFrom(text, await modelTableOf(server));
}

/** The same, with the table already read (a crew entered model by model declares through here too). */
export function declarationFrom(text: string, table: ModelTable): WholeCommand | Refusal {
  const parsed = parseCrewList(text, table);
  if (!parsed.ok) return { code: parsed.error.code, ...(parsed.error.params ? { params: parsed.error.params } : {}) };
  const unknown = [...parsed.value.unknownModels, ...parsed.value.unknownUpgrades];
  if (unknown.length) return { code: 'CREW_UNKNOWN_NAMES', params: { names: unknown.join(', '), count: unknown.length } };
  return { type: 'declareCrew', crew: parsed.value, profiles: table };
}

export const crewForm: SystemComponent<WholeCommand, WholePrivateView> = {
  prefix: CREW_FORM_PREFIX,
  read(parts, values) {
    const [gameId] = parts;
    const text = values[0];
    if (!gameId || text === undefined) return null;
    return { gameId, intent: { kind: 'actWith', build: (server) => crewDeclaration(text, server) } };
  },
};

export const profileForm: SystemComponent<WholeCommand, WholePrivateView> = {
  prefix: PROFILE_FORM_PREFIX,
  read(parts, values) {
    const [gameId] = parts;
    if (!gameId || values.length !== PROFILE_FORM_FIELDS.length) return null;
    const fields = Object.fromEntries(PROFILE_FORM_FIELDS.map((f, i) => [f, values[i] ?? '']));
    return {
      gameId,
      intent: {
        kind: 'replyWith',
        visibility: 'private',
        build: async (t, server) => {
          const read = parseProfileForm(fields);
          if (!read.ok) return read.error;
          const p = read.value;
          await server.saveModelProfiles([p]);
          const name = p.title ? `${p.name}, ${p.title}` : p.name;
          const station = p.stationLimit ? `${p.station} (${p.stationLimit})` : p.station;
          return { content: t('mgc.profile.saved', { name, station, cost: p.cost ?? '–', health: p.health, base: p.base, df: p.df, wp: p.wp, sz: p.sz, mv: p.mv }) };
        },
      },
    };
  },
};

export const disputeForm: SystemComponent<WholeCommand, WholePrivateView> = {
  prefix: DISPUTE_FORM_PREFIX,
  read(parts, values) {
    const [gameId] = parts;
    const reason = values[0]?.trim();
    if (!gameId || !reason) return null;
    return { gameId, intent: { kind: 'actWith', build: async () => ({ type: 'disputeClaim', reason }) } };
  },
};
