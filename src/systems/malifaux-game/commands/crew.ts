/**
 * /crew — your crew for this game, in private: paste a crew list (a modal: both formats crew builders
 * print), enter a model's card for this server (a modal: the bot ships no card data), or see your crew.
 */
import { ApplicationCommandOptionType as Option, ComponentType, TextInputStyle } from 'discord-api-types/v10';
import { systemCommand, type ModalForm } from '../../contract.js';
import type { Translate } from '../../../i18n/index.js';
import { PASTE_MAX_CHARS } from '../crews/index.js';
import type { GameIntent } from './intents.js';

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

export function profileModal(gameId: string, t: Translate, name = ''): ModalForm {
  const input = (custom_id: string, label: string, placeholder: string, value?: string) => ({
    type: ComponentType.ActionRow as const,
    components: [{ type: ComponentType.TextInput as const, custom_id, label, style: TextInputStyle.Short as const, required: true, max_length: 120, placeholder, ...(value ? { value } : {}) }],
  });
  return {
    custom_id: `fk:${PROFILE_FORM_PREFIX}:${gameId}`,
    title: t('mgc.profile.title'),
    components: [
      input('name', t('mgc.profile.name'), 'Ada Quill, Unbound', name || undefined),
      input('station', t('mgc.profile.station'), 'Minion (3) · Master · Minion, totem of Ada Quill'),
      input('factions', t('mgc.profile.factions'), 'Arcanists; Inkwell, Foundry'),
      input('numbers', t('mgc.profile.numbers'), 'cost 6 health 6 base 30'),
      input('stats', t('mgc.profile.stats'), 'Df 5 Wp 4 Sz 2 Mv 5'),
    ],
  };
}

export default systemCommand(
  {
    name: 'crew',
    description: 'Your crew for this game: paste a crew list, enter a model’s card, or see it',
    name_localizations: { fr: 'bande' },
    description_localizations: { fr: 'Votre bande pour cette partie : coller une liste, saisir la carte d’une figurine, ou la voir' },
    contexts: [0],
    options: [
      { type: Option.Subcommand, name: 'paste', description: 'Paste your crew list (only you see it until both crews are in)', name_localizations: { fr: 'coller' }, description_localizations: { fr: 'Coller votre liste (vous seul la voyez jusqu’à ce que les deux bandes soient là)' } },
      {
        type: Option.Subcommand,
        name: 'model',
        description: 'Enter a model’s card for this server (name, station, factions, cost, Health, base, stats)',
        name_localizations: { fr: 'figurine' },
        description_localizations: { fr: 'Saisir la carte d’une figurine pour ce serveur (nom, rang, factions, coût, Santé, socle, caracs)' },
        options: [{ type: Option.String, name: 'name', description: 'The model’s name (to prefill the form)', name_localizations: { fr: 'nom' }, description_localizations: { fr: 'Le nom de la figurine (pour préremplir)' }, max_length: 80 }],
      },
      { type: Option.Subcommand, name: 'show', description: 'See your crew and schemes (only you)', name_localizations: { fr: 'voir' }, description_localizations: { fr: 'Voir votre bande et vos combines (vous seul)' } },
    ],
  } as const,
  (invocation): GameIntent => {
    switch (invocation.subcommand) {
      case 'paste':
        return { kind: 'modal', modal: crewPasteModal };
      case 'model': {
        const name = invocation.args.name ?? '';
        return { kind: 'modal', modal: (gameId, t) => profileModal(gameId, t, name) };
      }
      case 'show':
        return { kind: 'showPrivate' };
      default: {
        const never: never = invocation;
        return never;
      }
    }
  },
);
