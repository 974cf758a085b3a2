/**
 * The steps of a player's scheme choice in their DM (SETUP-8): the pool's select, then a select of the
 * models each scheme may name, a form for a marker type or a terrain piece, and the confirmation. Built
 * from the chooser's own view and the choice so far (components/schemeDraft.ts), for their private
 * message only: nothing here goes to a channel.
 */
import { ButtonStyle, ComponentType, TextInputStyle, type APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import type { MessageKey, Translate } from '../../../i18n/index.js';
import type { ModalForm } from '../../contract.js';
import type { Row } from '../../malifaux-table/present/prompts.js';
import { schemeById, type SchemeId } from '../engine/encounterPacks.js';
import { modelLabel } from '../engine/play.js';
import { SCHEME_PICKS } from '../engine/schemes.js';
import type { ModelInPlay } from '../engine/models.js';
import {
  draftId,
  nameNeeded,
  nameRoom,
  nextStep,
  offered,
  schemeOf,
  stepTarget,
  unnamed,
  type DraftContext,
  type SchemeDraft,
} from '../components/schemeDraft.js';
import { modelName } from './lines.js';

/** Discord's limits: a select shows 25 options, a text input's label holds 45 characters. */
const SELECT_OPTIONS = 25;
const LABEL_MAX = 45;

export const schemeName = (t: Translate, scheme: SchemeId): string => t(`encounter.name.${scheme}` as MessageKey);

function button(customId: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: customId, label: label.slice(0, 80), style };
}

/** What a scheme names, in a few words ("1 friendly model, a terrain piece"), for the pool's menu. */
function needs(t: Translate, scheme: SchemeId): string {
  const rule = SCHEME_PICKS[scheme];
  const parts: string[] = [];
  for (const side of ['friendly', 'enemy'] as const) {
    if (rule[side].min > 0) parts.push(t(`mgc.schemes.needs.${side}`, { count: rule[side].min, more: rule[side].max === null ? 'yes' : 'no' }));
  }
  const name = nameNeeded(scheme);
  if (name) parts.push(t(`mgc.schemes.needs.${name}`));
  return parts.length ? t('mgc.schemes.needs.list', { list: parts.join(', ') }) : t('mgc.schemes.needs.nothing');
}

/** A model as a menu and a summary show it: its label and its name (A3 Press Golem). */
const shown = (models: readonly ModelInPlay[], m: ModelInPlay) => `${modelLabel(m)} ${modelName(models, m)}`;

/** The choice so far, one line per scheme chosen: its models and its name. */
function summary(t: Translate, c: DraftContext, draft: SchemeDraft): string[] {
  if (!draft.schemes) return [];
  const lines = ([0, 1] as const).map((i) => {
    const scheme = schemeOf(c, draft, i)!;
    const pick = draft.picks[i];
    const models = [...pick.friendly, ...pick.enemy].map((place) => c.game.models[place]).filter((m): m is ModelInPlay => !!m);
    const picks = [...models.map((m) => shown(c.game.models, m)), ...(pick.name ? [`“${pick.name}”`] : [])];
    return t('mgc.schemes.line', { scheme: schemeName(t, scheme), picks: picks.join(', '), picked: picks.length ? 'yes' : 'no' });
  });
  return [t('mgc.schemes.sofar'), ...lines];
}

/**
 * The controls and lines of the step the draft is at: the pool's select, a model select, the button that
 * opens the names form, or the confirmation — each with "start again" once something is chosen.
 */
export function schemeControls(t: Translate, c: DraftContext, decisionId: string, draft: SchemeDraft): { rows: Row[]; notes: string[] } {
  const id = (step: Parameters<typeof draftId>[2], d: SchemeDraft = draft) => draftId(c.gameId, decisionId, step, d);
  const restart = button(id('x'), t('mgc.schemes.restart'), ButtonStyle.Secondary);
  const step = nextStep(c, draft);
  const lines = summary(t, c, draft);
  if (step === 's') {
    const select: Row = {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: id('s'),
          placeholder: t('mgc.choice.schemes'),
          min_values: 2,
          max_values: 2,
          options: c.pool.map((scheme) => ({ label: `${schemeById(scheme)?.number ?? '?'}. ${schemeName(t, scheme)}`.slice(0, 100), value: scheme, description: needs(t, scheme).slice(0, 100) })),
        },
      ],
    };
    return { rows: [select], notes: [t('mg.private.chooseSchemes'), t('mgc.schemes.step.schemes')] };
  }
  if (step === 'n' || step === 'ok') {
    const named = ([0, 1] as const).some((i) => nameNeeded(schemeOf(c, draft, i)!) !== null);
    if (step === 'n') return { rows: [{ type: ComponentType.ActionRow, components: [button(id('n'), t('mgc.schemes.name'), ButtonStyle.Primary), restart] }], notes: [...lines, t('mgc.schemes.step.names')] };
    const buttons = [button(id('ok'), t('mgc.schemes.confirm'), ButtonStyle.Success), ...(named ? [button(id('n'), t('mgc.schemes.rename'), ButtonStyle.Secondary)] : []), restart];
    return { rows: [{ type: ComponentType.ActionRow, components: buttons }], notes: [...lines, t('mgc.schemes.step.confirm')] };
  }
  const { index, side } = stepTarget(step);
  const scheme = schemeOf(c, draft, index)!;
  const rule = SCHEME_PICKS[scheme][side];
  const models = offered(c, draft, step).slice(0, SELECT_OPTIONS);
  const params = { scheme: schemeName(t, scheme), count: rule.min, more: rule.max === null ? 'yes' : 'no' };
  if (models.length < rule.min) {
    return { rows: [{ type: ComponentType.ActionRow, components: [restart] }], notes: [...lines, t('mgc.schemes.step.none', { ...params, side })] };
  }
  const inPlay = (m: { id: string }) => c.game.models.find((x) => x.id === m.id)!;
  const select: Row = {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: id(step),
        placeholder: t(`mgc.schemes.pick.${side}`, params).slice(0, 150),
        min_values: rule.min,
        max_values: Math.max(rule.min, Math.min(rule.max ?? models.length, models.length)),
        options: models.map((m) => ({ label: shown(c.game.models, inPlay(m)).slice(0, 100), value: m.id, description: t('mgc.schemes.modelOption', { station: m.station, cost: m.cost }).slice(0, 100) })),
      },
    ],
  };
  return { rows: [select, { type: ComponentType.ActionRow, components: [restart] }], notes: [...lines, t(`mgc.schemes.step.${side}`, params)] };
}

/** The schemes that name something, in the schemes' order, and what. */
function toName(c: DraftContext, draft: SchemeDraft): { index: 0 | 1; scheme: SchemeId; what: 'marker' | 'terrain' }[] {
  return ([0, 1] as const).flatMap((index) => {
    const scheme = schemeOf(c, draft, index)!;
    const what = nameNeeded(scheme);
    return what ? [{ index, scheme, what }] : [];
  });
}

/** The form for the marker type or terrain piece the schemes name; its fields fit the confirmation's custom id. */
export function namesModal(t: Translate, c: DraftContext, decisionId: string, draft: SchemeDraft): ModalForm {
  const asked = toName(c, draft);
  const room = nameRoom(c.gameId, decisionId, draft, asked.length);
  return {
    // The names typed come back as the form's values: its own id carries the rest of the choice.
    custom_id: draftId(c.gameId, decisionId, 'm', unnamed(draft)),
    title: t('mgc.schemes.namesTitle'),
    components: asked.map(({ index, scheme, what }) => {
      const where = what === 'terrain' ? SCHEME_PICKS[scheme].terrain! : 'marker';
      const value = draft.picks[index].name;
      return {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: `name${index}`,
            label: t(`mgc.schemes.nameLabel.${what}`, { scheme: schemeName(t, scheme) }).slice(0, LABEL_MAX),
            style: TextInputStyle.Short,
            required: true,
            min_length: 1,
            max_length: Math.max(1, room),
            placeholder: t(`mgc.schemes.where.${where}`).slice(0, 100),
            ...(value ? { value } : {}),
          },
        ],
      };
    }),
  };
}

/** How many names the form asks for: the room for each in the confirmation's custom id depends on it. */
export function namesAsked(c: DraftContext, draft: SchemeDraft): number {
  return toName(c, draft).length;
}
