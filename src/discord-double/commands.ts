/**
 * Registered application commands (PUT bulk overwrite, global and per guild). The sandbox page offers
 * exactly these commands, and sendCommand uses them for ids and option types.
 */
import { DiscordError, invalidFormBody, type FormIssue } from './errors.js';
import type { SnowflakeFactory } from './snowflake.js';

export type RegisteredCommand = Record<string, unknown> & { id: string; name: string; type: number; application_id: string; version: string; guild_id?: string };

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const MAX_COMMANDS = 100;
const MAX_OPTIONS = 25;

export class CommandRegistry {
  private readonly global = new Map<string, RegisteredCommand>();
  private readonly byGuild = new Map<string, Map<string, RegisteredCommand>>();

  constructor(
    private readonly applicationId: string,
    private readonly snowflake: SnowflakeFactory,
  ) {}

  /** PUT …/commands: replaces the whole list; a command keeps its id when its name (and type) survive. */
  overwrite(definitions: unknown, guildId?: string): RegisteredCommand[] {
    if (!Array.isArray(definitions)) throw invalidFormBody([{ path: [], code: 'BASE_TYPE_LIST', message: 'Must be an array.' }]);
    if (definitions.length > MAX_COMMANDS) throw invalidFormBody([{ path: [], code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${MAX_COMMANDS} or fewer in length.` }]);
    const issues: FormIssue[] = [];
    definitions.forEach((d, i) => checkDefinition(d, [i], issues));
    if (issues.length > 0) throw invalidFormBody(issues);

    const previous = guildId ? this.byGuild.get(guildId) : this.global;
    const next = new Map<string, RegisteredCommand>();
    for (const definition of definitions as Record<string, unknown>[]) {
      const type = typeof definition.type === 'number' ? definition.type : 1;
      const name = definition.name as string;
      const key = `${type}:${name}`;
      if (next.has(key)) throw new DiscordError(400, 50035, 'Invalid Form Body', { _errors: [{ code: 'APPLICATION_COMMANDS_DUPLICATE_NAME', message: `Application command names must be unique: ${name}` }] });
      const old = previous?.get(key);
      next.set(key, {
        ...definition,
        id: old?.id ?? this.snowflake(),
        application_id: this.applicationId,
        version: this.snowflake(),
        type,
        name,
        ...(guildId ? { guild_id: guildId } : {}),
      });
    }
    if (guildId) this.byGuild.set(guildId, next);
    else {
      this.global.clear();
      for (const [k, v] of next) this.global.set(k, v);
    }
    return [...next.values()];
  }

  list(guildId?: string): RegisteredCommand[] {
    return [...(guildId ? (this.byGuild.get(guildId)?.values() ?? []) : this.global.values())];
  }

  /** What a member of `guildId` can invoke: the guild's commands, then the global ones. */
  available(guildId: string | null): RegisteredCommand[] {
    return [...(guildId ? this.list(guildId) : []), ...this.list()];
  }

  find(name: string, guildId: string | null, type = 1): RegisteredCommand | undefined {
    return this.available(guildId).find((c) => c.name === name && c.type === type);
  }
}

/** Names, descriptions and option counts; option names follow chat-input rules (lowercase). */
function checkDefinition(definition: unknown, path: (string | number)[], issues: FormIssue[], isOption = false): void {
  if (typeof definition !== 'object' || definition === null) {
    issues.push({ path, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
    return;
  }
  const d = definition as Record<string, unknown>;
  const chatInput = isOption || d.type === undefined || d.type === 1;
  if (typeof d.name !== 'string' || !NAME.test(d.name) || (chatInput && d.name !== d.name.toLowerCase())) {
    issues.push({ path: [...path, 'name'], code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' });
  }
  if (chatInput && (typeof d.description !== 'string' || d.description.length < 1 || d.description.length > 100)) {
    issues.push({ path: [...path, 'description'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' });
  }
  if (Array.isArray(d.options)) {
    if (d.options.length > MAX_OPTIONS) issues.push({ path: [...path, 'options'], code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${MAX_OPTIONS} or fewer in length.` });
    d.options.forEach((o, i) => checkDefinition(o, [...path, 'options', i], issues, true));
  }
  if (d.autocomplete === true && ((Array.isArray(d.choices) && d.choices.length > 0) || ![3, 4, 10].includes(d.type as number))) {
    // Discord completes only string, integer and number options, and never one that lists its choices.
    issues.push({ path: [...path, 'autocomplete'], code: 'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID', message: 'Autocomplete cannot be set with choices, or on this option type' });
  }
  if (Array.isArray(d.choices) && d.choices.length > MAX_OPTIONS) {
    issues.push({ path: [...path, 'choices'], code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${MAX_OPTIONS} or fewer in length.` });
  }
}
