/**
 * The single entrance for every interaction, whichever way it came in (gateway, HTTP endpoint,
 * sandbox). It deduplicates retried deliveries, validates options against the command's own
 * definition, dispatches, and is the one place an unexpected failure becomes a reply.
 */
import {
  InteractionResponseType,
  InteractionType,
  ApplicationCommandType,
  type APIApplicationCommandAutocompleteInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIInteraction,
  type APIMessageComponentInteraction,
  type APIModalSubmitInteraction,
  type APIModalSubmission,
} from 'discord-api-types/v10';
import type { InitialReply, InteractionHandler } from './contract.js';
import { focusedOption, parseInvocation, type CommandDef, type FocusedOption, type InvocationOf } from '../systems/commandDefinition.js';
import type { AutocompleteChoice } from '../systems/contract.js';
import { hasCommitted, scopeOf, speaking, type InteractionScope } from './interaction.js';
import { problemReply } from './replies.js';
import { describeError } from './outbox.js';
import type { Services } from './services.js';
import { t, localeFrom } from '../i18n/index.js';

export interface CommandContext<C extends CommandDef = CommandDef> extends InteractionScope {
  interaction: APIChatInputApplicationCommandInteraction;
  services: Services;
  invocation: InvocationOf<C>;
}

export interface CommandModule<C extends CommandDef = CommandDef> {
  definition: C;
  handle(ctx: CommandContext<C>): Promise<InitialReply>;
  /** The choices for an option defined with `autocomplete: true`, as the asker types. */
  autocomplete?(ctx: AutocompleteContext): Promise<AutocompleteChoice[]>;
}

export interface AutocompleteContext extends InteractionScope {
  interaction: APIApplicationCommandAutocompleteInteraction;
  services: Services;
  focused: FocusedOption;
}

/** Discord shows at most 25 choices; a name and a value take 1 to 100 characters. */
export const AUTOCOMPLETE_MAX_CHOICES = 25;
const CHOICE_MAX_CHARS = 100;

/**
 * An autocomplete answer (an interaction response: no bot-token call). Choices Discord would refuse are
 * cut to its limits or left out, so that one bad name never costs the asker every choice.
 */
export function choicesReply(choices: readonly AutocompleteChoice[]): InitialReply {
  const fit = (text: string) => (text.length > CHOICE_MAX_CHARS ? `${text.slice(0, CHOICE_MAX_CHARS - 1)}…` : text);
  const valid = choices
    .filter((c) => c.name.trim() !== '' && c.value !== '' && c.value.length <= CHOICE_MAX_CHARS)
    .slice(0, AUTOCOMPLETE_MAX_CHOICES)
    .map((c) => ({ name: fit(c.name), value: c.value }));
  return { response: { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: valid } } };
}

/** Keeps `definition` literal so the handler's `invocation` is typed from it (the yuudachi idea). */
export function defineCommand<const C extends CommandDef>(definition: C, handle: (ctx: CommandContext<C>) => Promise<InitialReply>): CommandModule<C> {
  return { definition, handle };
}

export interface ComponentContext extends InteractionScope {
  /**
   * A click on a message's component, or a modal's submission (whose custom id has the same shape).
   * A modal submit carries `message` only when the modal was opened from a component on a message.
   */
  interaction: APIMessageComponentInteraction | APIModalSubmitInteraction;
  services: Services;
  /** The custom id split on ':' after the prefix — self-describing but NEVER trusted: handlers re-check it all. */
  parts: string[];
  /** A select menu's chosen values; for a modal submit, its text inputs' values in order. */
  values: string[];
  /** A modal submit's text inputs, custom id → value (empty for a click). Typed by the user: never trusted. */
  fields: Record<string, string>;
}

/** The click behind a component context, or null for a modal submit: for handlers that only answer buttons and selects. */
export function clickOf(ctx: ComponentContext): APIMessageComponentInteraction | null {
  return ctx.interaction.type === InteractionType.MessageComponent ? ctx.interaction : null;
}

/** A modal submission's text inputs in order, from either layout Discord sends (action rows, or labels). */
export function modalFields(data: APIModalSubmission): { values: string[]; fields: Record<string, string> } {
  const entries: [string, string][] = [];
  for (const top of data.components ?? []) {
    const inputs = 'components' in top && Array.isArray(top.components) ? top.components : 'component' in top ? [top.component] : [];
    for (const input of inputs) if (typeof input.custom_id === 'string' && 'value' in input && typeof input.value === 'string') entries.push([input.custom_id, input.value]);
  }
  // fromEntries defines own properties: a custom id such as "__proto__" stays a plain key.
  return { values: entries.map(([, value]) => value), fields: Object.fromEntries(entries) };
}

export interface ComponentModule {
  /** custom ids (of components, and of modals) look like `fk:<prefix>:…` */
  prefix: string;
  handle(ctx: ComponentContext): Promise<InitialReply>;
}

export function createRouter(options: {
  commands: readonly CommandModule<any>[];
  components: readonly ComponentModule[];
  services: Services;
}): InteractionHandler {
  const commands = new Map(options.commands.map((c) => [c.definition.name, c]));
  const components = new Map(options.components.map((c) => [c.prefix, c]));
  const { services } = options;

  async function route(interaction: APIInteraction): Promise<InitialReply> {
    if (interaction.type === InteractionType.Ping) return { response: { type: InteractionResponseType.Pong } };
    if (interaction.type === InteractionType.ApplicationCommandAutocomplete) return autocomplete(interaction);
    const client = scopeOf(interaction);
    if (!client) return problemReply((k, p) => t(localeFrom(undefined), k, p), { code: 'MALFORMED_INTERACTION' });
    const chosen = await services.languages.chosenBy(client.asker.id);
    const scope = chosen === null ? client : speaking(client, chosen);

    if (interaction.type === InteractionType.ApplicationCommand) {
      if (interaction.data.type !== ApplicationCommandType.ChatInput) return problemReply(scope.t, { code: 'UNKNOWN_COMMAND', params: { name: interaction.data.name } });
      const command = commands.get(interaction.data.name);
      if (!command) return problemReply(scope.t, { code: 'UNKNOWN_COMMAND', params: { name: interaction.data.name } });
      const chatInput = interaction as APIChatInputApplicationCommandInteraction;
      const parsed = parseInvocation(command.definition, chatInput.data, scope.locale === 'fr' ? 'fr' : undefined);
      if (!parsed.ok) return problemReply(scope.t, parsed.problem);
      // The scope spread last, after the fields it lacks: V8 (Node 20) builds `{ ...scope, more }` through a
      // slow runtime path, several µs, into an object every later read is slower on.
      return command.handle({ interaction: chatInput, services, invocation: parsed.invocation, ...scope });
    }

    if (interaction.type === InteractionType.MessageComponent || interaction.type === InteractionType.ModalSubmit) {
      const [namespace, prefix, ...parts] = interaction.data.custom_id.split(':');
      const component = namespace === 'fk' && prefix ? components.get(prefix) : undefined;
      if (!component) return problemReply(scope.t, { code: 'STALE_BUTTON' });
      if (interaction.type === InteractionType.ModalSubmit) return component.handle({ interaction, services, parts, ...modalFields(interaction.data), ...scope });
      const values = 'values' in interaction.data ? interaction.data.values : [];
      return component.handle({ interaction, services, parts, values, fields: {}, ...scope });
    }

    return problemReply(scope.t, { code: 'UNSUPPORTED_INTERACTION' });
  }

  /**
   * An autocomplete request: only the command's own answer for an option it completes; anything else
   * (no such command, an option it does not complete, two focused) gets no choices, which is all an
   * autocomplete can be told. Nothing is written: it answers at every keystroke.
   */
  async function autocomplete(interaction: APIApplicationCommandAutocompleteInteraction): Promise<InitialReply> {
    const client = scopeOf(interaction);
    const command = commands.get(interaction.data.name);
    if (!client || !command?.autocomplete || interaction.data.type !== ApplicationCommandType.ChatInput) return choicesReply([]);
    const focused = focusedOption(command.definition, interaction.data);
    if (!focused) return choicesReply([]);
    const chosen = await services.languages.chosenBy(client.asker.id);
    const scope = chosen === null ? client : speaking(client, chosen);
    return choicesReply(await command.autocomplete({ interaction, services, focused, ...scope }));
  }

  return async (interaction) => {
    try {
      return await route(interaction);
    } catch (error) {
      // Nothing in here may throw, whatever the interaction holds: this is the answer of last resort.
      // Log the failure without the payload or the error object: either may carry a hand (a select
      // menu's values, a REST request body).
      try {
        const id = typeof interaction?.id === 'string' ? interaction.id.slice(0, 32) : '?';
        services.log.error(`interaction ${id} failed: ${describeError(error)}${error instanceof Error && error.stack ? `\n${error.stack.split('\n').slice(1).join('\n')}` : ''}`);
      } catch {
        // a failing logger must not cost the user their answer
      }
      // An autocomplete can only be answered with choices: none, then.
      if (typeof interaction === 'object' && interaction !== null && interaction.type === InteractionType.ApplicationCommandAutocomplete) return choicesReply([]);
      // "Nothing was changed" only when that is true: after the write committed, say what happened.
      const locale = localeFrom(typeof interaction === 'object' && interaction !== null && 'locale' in interaction ? interaction.locale : undefined);
      return problemReply((k, p) => t(locale, k, p), { code: hasCommitted(interaction) ? 'INTERNAL_AFTER_COMMIT' : 'INTERNAL' });
    }
  };
}
