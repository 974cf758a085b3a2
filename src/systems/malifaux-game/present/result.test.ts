/**
 * The final summary in the channel, from ledgers written by hand (resultFixtures.ts): who won, how the
 * game ended, VP by source and by turn, the commitment checks, in English and French, within Discord's
 * limits and narrow enough for a phone.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { translator } from '../../../i18n/index.js';
import { resultMessagesEn, resultMessagesFr } from '../../../i18n/resultMessages.js';
import { crewTally, finalSummary, turnTable, type ResultInput } from './result.js';
import { AGREED_IN_TURN_3, CONCEDED, CORRECTED, DRAW, WIN } from './resultFixtures.js';
import { embedSize, EMBED_LIMIT, FIELD_LIMIT } from './status.js';

const en = translator('en');
const fr = translator('fr');
const FIXTURES = { WIN, DRAW, CONCEDED, CORRECTED };

const allText = (e: APIEmbed): string => [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value]), e.footer?.text].join('\n');
const field = (e: APIEmbed, i: number) => e.fields![i]!;
const codeLines = (e: APIEmbed): string[] => {
  const block = /```\n([\s\S]*?)\n```/.exec(e.description ?? '');
  expect(block, 'a code block in the description').not.toBeNull();
  return block![1]!.split('\n');
};

describe('the final summary', () => {
  it('U11: most VP wins — the winner, the score, how the game ended, each crew by source', () => {
    const e = finalSummary(WIN, en);
    expect(e.title).toBe('🏁 Final result: Alice vs Bob');
    expect(e.description!.split('\n').slice(0, 3)).toEqual(['🏆 **Alice** wins, 7 VP to 4.', 'Played to the end of turn 5.', 'Strategy: Turf War']);
    expect(field(e, 0)).toEqual({
      name: '🏆 Alice: 7 VP',
      value: ['Turf War (strategy): 4', '✓ Breakthrough: 2 (reveal 1 · end 1)', '✓ Assassinate: 1 (reveal 1 · end 0)'].join('\n'),
      inline: true,
    });
    // Bob's Vendetta scored its End, but its pick did not match the commitment sealed at the start.
    expect(field(e, 1)).toEqual({ name: 'Bob: 4 VP', value: ['Turf War (strategy): 2', '✓ Outflank: 1 (reveal 1 · end 0)', '✗ Vendetta: 1 (reveal 0 · end 1)'].join('\n'), inline: true });
    expect(e.footer?.text).toContain('✓ the scheme matches the commitment');
  });

  it('U2, U6: the VP-per-turn table — turns 1 to 5 and the total per crew, columns aligned', () => {
    expect(codeLines(finalSummary(WIN, en))).toEqual([
      'Turn   1  2  3  4  5 Total', //
      'Alice  0  1  2  2  2     7',
      'Bob    0  2  0  1  1     4',
    ]);
    expect(codeLines(finalSummary(DRAW, fr))).toEqual([
      'Tour    1  2  3  4  5 Total', //
      'Claire  0  0  2  0  1     3',
      'Dmitri  0  1  0  1  1     3',
    ]);
  });

  it('U11: a game ended by agreement in turn 3 shows turns 4 and 5 as never played, not as turns that scored nothing', () => {
    expect(codeLines(finalSummary(AGREED_IN_TURN_3, en))).toEqual([
      'Turn   1  2  3  4  5 Total', //
      'Alice  0  1  1  –  –     2',
      'Bob    0  1  0  –  –     1',
    ]);
    // A referee's correction put in a turn never played still shows.
    const corrected: ResultInput = {
      ...AGREED_IN_TURN_3,
      entries: [...AGREED_IN_TURN_3.entries, { seat: 1, turn: 5, source: { kind: 'strategy', strategy: 'core.turf-war' }, vp: 1, how: 'correction', reason: 'late' }],
      result: { vp: [2, 2], byTurn: [[0, 1, 1, 0, 0], [0, 1, 0, 0, 1]], winner: null },
    };
    expect(codeLines(finalSummary(corrected, en))[2]).toBe('Bob    0  1  0  –  1     2');
  });

  it('U11: equal VP is a draw — no winner named, no crown', () => {
    const e = finalSummary(DRAW, en);
    expect(e.description!.split('\n').slice(0, 3)).toEqual(['🤝 A draw: 3 VP each.', 'The players agreed to end the game early.', 'Strategy: Cursed Objects']);
    expect(allText(e)).not.toContain('🏆');
    expect(allText(e)).not.toMatch(/wins/);
    // Both crews held Leave Your Mark: each scored its own Reveal.
    expect(field(e, 0).value).toContain('✓ Leave Your Mark: 1 (reveal 1 · end 0)');
    expect(field(e, 1).value).toContain('✓ Leave Your Mark: 1 (reveal 1 · end 0)');
    expect(field(e, 1).value).toContain('✓ Hidden Martyrs: 0 (reveal 0 · end 0)');
  });

  it('a concession: who conceded, and the winner the game gave, even with fewer VP', () => {
    const e = finalSummary(CONCEDED, en);
    expect(e.description!.split('\n').slice(0, 2)).toEqual(['🏆 **Alice** wins, 1 VP to 2.', '**Bob** conceded: the game ended there.']);
    expect(field(e, 0).name).toBe('🏆 Alice: 1 VP');
    // Revealed schemes that scored nothing are still listed, with their check.
    expect(field(e, 0).value).toBe(['Reckoning (strategy): 1', '✓ Power Ritual: 0 (reveal 0 · end 0)', '✓ Take Prisoner: 0 (reveal 0 · end 0)'].join('\n'));
    expect(codeLines(e)).toEqual(['Turn   1  2  3  4  5 Total', 'Alice  0  1  0  0  0     1', 'Bob    0  1  1  0  0     2']);
  });

  it('corrections: a referee’s negative entries are counted in the source they correct, and said', () => {
    const e = finalSummary(CORRECTED, en);
    expect(e.description!.split('\n')[0]).toBe('🤝 A draw: 5 VP each.');
    // Turf War 4 − 1, Breakthrough's End 1 − 1.
    expect(field(e, 0).value).toBe(
      ['Turf War (strategy): 3', '✓ Breakthrough: 1 (reveal 1 · end 0)', '✓ Assassinate: 1 (reveal 1 · end 0)', '✏️ Includes 2 referee corrections (−2 VP).'].join('\n'),
    );
    // A referee's ruling on a dispute is a score, not a correction.
    expect(field(e, 1).value).toBe(['Turf War (strategy): 2', '✓ Outflank: 2 (reveal 1 · end 1)', '✗ Vendetta: 1 (reveal 0 · end 1)'].join('\n'));
    expect(codeLines(e)).toEqual(['Turn   1  2  3  4  5 Total', 'Alice  0  1  1  2  1     5', 'Bob    0  2  0  1  2     5']);
    const tally = crewTally(CORRECTED, 0);
    expect(tally.corrections).toEqual({ count: 2, vp: -2 });
    expect(tally.cumulative.strategy).toEqual([0, 1, 1, 2, 3]);
    expect(tally.cumulative.schemes).toEqual([0, 0, 1, 2, 2]);
  });

  it('U3–U4: for every game, the sources add up to the total and the turns to the same total', () => {
    for (const [name, input] of Object.entries(FIXTURES)) {
      for (const seat of [0, 1] as const) {
        const c = crewTally(input, seat);
        const bySource = c.strategy + c.schemes.reduce((n, s) => n + s.reveal + s.end, 0);
        expect(bySource, `${name} seat ${seat}`).toBe(input.result.vp[seat]);
        expect(c.cumulative.strategy[4]! + c.cumulative.schemes[4]!, `${name} seat ${seat}`).toBe(input.result.vp[seat]);
        expect(input.result.byTurn[seat].reduce((a, b) => a + b, 0), `${name} seat ${seat}`).toBe(input.result.vp[seat]);
      }
    }
  });

  it('the order of the ledger’s entries changes nothing', () => {
    for (const input of Object.values(FIXTURES)) {
      const reversed: ResultInput = { ...input, entries: [...input.entries].reverse() };
      expect(finalSummary(reversed, en)).toEqual(finalSummary(input, en));
    }
  });

  it('in French: the same summary, every word translated', () => {
    const e = finalSummary(WIN, fr);
    expect(e.title).toBe('🏁 Résultat final : Alice contre Bob');
    expect(e.description!.split('\n').slice(0, 3)).toEqual(['🏆 **Alice** gagne, 7 PV à 4.', 'Jouée jusqu’à la fin du tour 5.', 'Stratégie : Guerre de Territoire']);
    expect(field(e, 1)).toEqual({
      name: 'Bob : 4 PV',
      value: ['Guerre de Territoire (stratégie) : 2', '✓ Débordement : 1 (révélation 1 · fin 0)', '✗ Vengeance : 1 (révélation 0 · fin 1)'].join('\n'),
      inline: true,
    });
    expect(finalSummary(CONCEDED, fr).description).toContain('**Bob** a concédé : la partie s’est arrêtée là.');
    expect(finalSummary(DRAW, fr).description).toContain('🤝 Égalité : 3 PV chacun.\nLes joueurs se sont mis d’accord pour finir la partie plus tôt.');
    expect(allText(finalSummary(CORRECTED, fr))).toContain('✏️ Dont 2 corrections d’un arbitre (−2 PV).');
  });

  it('both languages are complete: every message has its French, and no summary shows an unfilled argument or an English word in French', () => {
    expect(Object.keys(resultMessagesFr).sort()).toEqual(Object.keys(resultMessagesEn).sort());
    const english = /\b(wins|draw|Strategy|reveal|end|Turn|VP|conceded|agreed|referee)\b/;
    for (const [name, input] of Object.entries(FIXTURES)) {
      for (const [locale, t] of [['en', en], ['fr', fr]] as const) {
        const text = allText(finalSummary(input, t));
        expect(text, `${name} ${locale}`).not.toMatch(/[{}]|result\./);
        if (locale === 'fr') expect(text, name).not.toMatch(english);
      }
    }
  });

  it('within Discord’s limits for the longest names, and the table no wider than 40 columns', () => {
    const long: ResultInput = { ...WIN, names: ['A'.repeat(32), 'Bob `the` Builder of Long Names!!'] };
    for (const t of [en, fr]) {
      const e = finalSummary(long, t);
      expect(embedSize(e)).toBeLessThanOrEqual(EMBED_LIMIT);
      expect(e.title!.length).toBeLessThanOrEqual(256);
      for (const f of e.fields ?? []) {
        expect(f.name.length).toBeLessThanOrEqual(256);
        expect(f.value.length).toBeLessThanOrEqual(FIELD_LIMIT);
      }
      const lines = codeLines(e);
      for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(40);
      // The long names are cut in the table alone, and a backtick cannot close the code block.
      expect(lines[1]).toMatch(/^A{9}… /);
      expect(lines[2]).not.toContain('`');
      expect(turnTable(t, long).match(/```/g)).toHaveLength(2);
    }
  });
});
