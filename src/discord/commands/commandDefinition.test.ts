import { ApplicationCommandOptionType as T, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { parseInvocation } from '../../systems/commandDefinition.js';
import { allCommands } from './index.js';
import { helpDefinition } from './help.js';
import settings from './settings.js';

const game = {
  name: 'game',
  description: 'g',
  options: [
    {
      type: T.Subcommand,
      name: 'new',
      description: 'n',
      options: [
        { type: T.User, name: 'opponent', description: 'o', required: true },
        { type: T.String, name: 'system', description: 's', required: true, choices: [{ name: 'M3E', value: 'm3e' }] },
        { type: T.Integer, name: 'n', description: 'n', min_value: -3, max_value: 3 },
      ],
    },
  ],
} as const;

const opponent = { name: 'opponent', type: T.User, value: '42' } as const;
const resolved = { users: { '42': { id: '42', username: 'bob', global_name: 'Bob', discriminator: '0', avatar: null } } };

describe('options are validated against the definition', () => {
  it('accepts well-formed options and resolves users', () => {
    const parsed = parseInvocation(game, { options: [{ name: 'new', type: T.Subcommand, options: [opponent, { name: 'system', type: T.String, value: 'm3e' }] }], resolved });
    expect(parsed).toEqual({ ok: true, invocation: { subcommand: 'new', args: { opponent: { id: '42', username: 'bob', global_name: 'Bob' }, system: 'm3e' } } });
  });
  it.each([
    ['a value outside the choices', [opponent, { name: 'system', type: T.String, value: 'chess' }], 'OPTION_NOT_A_CHOICE'],
    ['a wrong option type', [opponent, { name: 'system', type: T.Integer, value: 3 }], 'OPTION_WRONG_TYPE'],
    ['an integer out of range', [opponent, { name: 'system', type: T.String, value: 'm3e' }, { name: 'n', type: T.Integer, value: 4 }], 'OPTION_TOO_BIG'],
    ['a fraction for an integer', [opponent, { name: 'system', type: T.String, value: 'm3e' }, { name: 'n', type: T.Integer, value: 1.5 }], 'OPTION_NOT_INTEGER'],
    ['a missing required option', [opponent], 'OPTION_REQUIRED'],
    ['an unknown option', [opponent, { name: 'system', type: T.String, value: 'm3e' }, { name: 'x', type: T.String, value: 'y' }], 'OPTION_UNKNOWN'],
  ])('refuses %s', (_, options, code) => {
    const parsed = parseInvocation(game, { options: [{ name: 'new', type: T.Subcommand, options: options as never }], resolved });
    expect(parsed).toMatchObject({ ok: false, problem: { code } });
  });

  it('names the option as the user’s client shows it', () => {
    const localized = { ...game, options: [{ ...game.options[0], options: [{ ...game.options[0].options[2], name_localizations: { fr: 'nombre' } }] }] } as const;
    const parsed = parseInvocation(localized, { options: [{ name: 'new', type: T.Subcommand, options: [{ name: 'n', type: T.Integer, value: 9 }] }] }, 'fr');
    expect(parsed).toEqual({ ok: false, problem: { code: 'OPTION_TOO_BIG', params: { option: 'nombre', limit: 3 } } });
  });

  it('refuses an unknown subcommand', () => {
    expect(parseInvocation(game, { options: [{ name: 'old', type: T.Subcommand, options: [] }] })).toMatchObject({ ok: false, problem: { code: 'UNKNOWN_SUBCOMMAND' } });
  });
});

describe('command definitions', () => {
  it('stay within Discord limits and carry French localizations', () => {
    const NAME = /^[-_\p{Ll}\p{N}]{1,32}$/u;
    for (const { definition } of allCommands) {
      expect(definition.name).toMatch(NAME);
      expect(definition.name_localizations?.fr).toMatch(NAME);
      expect(definition.description.length).toBeLessThanOrEqual(100);
      expect(definition.description_localizations?.fr?.length).toBeLessThanOrEqual(100);
      const options = definition.options ?? [];
      expect(options.length).toBeLessThanOrEqual(25);
      for (const option of options) {
        expect(option.name, `${definition.name} ${option.name}`).toMatch(NAME);
        expect(option.name_localizations?.fr, `${definition.name} ${option.name}`).toMatch(NAME);
        expect(option.description.length, `${definition.name} ${option.name}`).toBeLessThanOrEqual(100);
        expect((option.description_localizations?.fr ?? '').length, `${definition.name} ${option.name}`).toBeLessThanOrEqual(100);
        for (const sub of 'options' in option ? (option.options ?? []) : []) {
          expect(sub.name).toMatch(NAME);
          expect(sub.name_localizations?.fr, `${definition.name} ${option.name} ${sub.name}`).toMatch(NAME);
          expect(sub.description.length, `${definition.name} ${sub.name}`).toBeLessThanOrEqual(100);
          expect((sub.description_localizations?.fr ?? '').length, `${definition.name} ${sub.name}`).toBeLessThanOrEqual(100);
        }
        if ('options' in option) expect((option.options ?? []).length).toBeLessThanOrEqual(25);
      }
    }
  });
});

/** What `as const` made read-only, writable again: the API's body types have mutable arrays. */
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Body = RESTPostAPIChatInputApplicationCommandsJSONBody;
/** The definition as a command body; a top-level field Discord does not know is refused too. */
const asBody = <T extends object>(definition: T & { [K in Exclude<keyof T, keyof Body>]: never }): Writable<T> => definition as Writable<T>;

describe('definitions are plain Discord API JSON', () => {
  it('/help and /settings are what Discord accepts as a command body (checked by the compiler) and are registered', () => {
    // Compile-time: a field Discord does not know, or a value of the wrong type, fails `tsc --noEmit`.
    const help: Body = asBody(helpDefinition);
    const prefs: Body = asBody(settings.definition);
    expect(allCommands.map((c) => c.definition.name)).toEqual(expect.arrayContaining([help.name, prefs.name]));
    expect(help.name_localizations?.fr).toBe('aide');
  });
});
