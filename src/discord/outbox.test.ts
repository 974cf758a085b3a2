import { inspect } from 'node:util';
import { DiscordAPIError } from '@discordjs/rest';
import { describe, expect, it } from 'vitest';
import { describeError } from './outbox.js';

describe('logging a failed REST call', () => {
  it('names the error without printing the request body (a DM carries a hand)', () => {
    const body = { embeds: [{ description: '• 13 of Masks\n• Red Joker' }] };
    const error = new DiscordAPIError({ code: 50035, message: 'Invalid Form Body' }, 50035, 400, 'POST', '/channels/1/messages', { body });
    // The object itself would leak it, which is why the logger never prints it.
    expect(inspect(error, { depth: 5 })).toContain('13 of Masks');
    const line = describeError(error);
    expect(line).toContain('50035');
    expect(line).toContain('Invalid Form Body');
    expect(line).not.toContain('13 of Masks');
    expect(line).not.toContain('Red Joker');
  });
});
