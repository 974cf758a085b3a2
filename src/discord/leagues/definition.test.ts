/**
 * /league as `npm run register` sends it to Discord (scripts/register.ts: every command's `definition`),
 * kept in a file read over by hand: how the definition is written may change, what Discord receives
 * changes only with the file.
 */
import { describe, expect, it } from 'vitest';
import { allCommands } from '../commands/index.js';

describe('/league as registered', () => {
  it('is the JSON in __snapshots__/league-command.json, to the byte', async () => {
    const league = allCommands.find((c) => c.definition.name === 'league');
    expect(league).toBeDefined();
    await expect(`${JSON.stringify(league!.definition, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/league-command.json');
  });
});
