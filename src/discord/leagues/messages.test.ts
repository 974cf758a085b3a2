/**
 * A league's messages as players read them on a phone: the standings' lines (a bye said, a negative VP
 * difference with a true minus as the pictures write it) and a round's message, which invites reports
 * only while a table still waits for its result. English and French.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { smallLeague } from '../../leagues/fixtures.js';
import { roundEmbed, standingsEmbed } from './messages.js';

const en = translator('en');
const fr = translator('fr');

describe('league messages', () => {
  it('a standings line says the byes that scored TP with no game, and writes a negative VP difference with a minus sign', () => {
    const lines = standingsEmbed(en, smallLeague()).description!.split('\n');
    // E: one win and a bye (3 + 3 TP); C: −10 VP.
    expect(lines.find((l) => l.includes('. E — '))).toMatch(/^\d\. E — 6 TP · W-D-L 1-0-0 · VP diff \+7 .*· 1 bye$/);
    expect(lines.find((l) => l.includes('. C — '))).toContain('VP diff −10');
    expect(lines.find((l) => l.includes('. A — '))).not.toMatch(/bye/);
    expect(standingsEmbed(fr, smallLeague()).description).toMatch(/E — 6 PT · V-N-D 1-0-0 · .* · 1 exemption/);
  });

  it('a round’s message invites reports while a table waits for its result, and no longer once all are in', () => {
    const complete = smallLeague();
    expect(roundEmbed(en, complete, 3).description).not.toContain(en('league.round.report'));
    const waiting = smallLeague();
    waiting.results = waiting.results.filter((r) => !(r.round === 3 && r.kind === 'forfeit'));
    expect(roundEmbed(en, waiting, 3).description).toContain(en('league.round.report'));
    expect(roundEmbed(fr, waiting, 3).description).toContain(fr('league.round.report'));
  });
});
