/**
 * Share codes: the documented layout pinned by a code built by hand, round trips over every encounter,
 * and refusals of what is not a code — each typo included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Encounter } from './encounter.js';
import { encounterOf } from './encounter.js';
import { decodeEncounterCode, encounterCode } from './shareCode.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The check bits as the header of shareCode.ts describes them, written independently: the remainder of
 * message · x⁶ divided by x⁶ + x + 1, by long division over GF(2).
 */
function remainder(message: number): number {
  let r = BigInt(message) << 6n;
  for (let bit = 29; bit >= 6; bit--) if ((r >> BigInt(bit)) & 1n) r ^= 0b1000011n << BigInt(bit - 6);
  return Number(r);
}

/** A code from raw fields, valid or not, with a correct check: how a newer bot or a forger would write one. */
function rawCode(version: number, pack: number, strategySuit: number, deploymentSuit: number, mask: number): string {
  const message = (((version * 4 + pack) * 4 + strategySuit) * 4 + deploymentSuit) * 8192 + mask;
  const word = message * 64 + remainder(message);
  return Array.from({ length: 6 }, (_, i) => ALPHABET[Math.floor(word / 32 ** (5 - i)) % 32]).join('');
}

/** The golden encounter (encounter.test.ts): core, Plant Explosives, Wedge, schemes 3 5 7 10 11. */
const GOLDEN = encounterOf('core', 'T', 'M', [3, 5, 7, 10, 11]);

const encounters: fc.Arbitrary<Encounter> = fc
  .record({
    pack: fc.constantFrom('core' as const, 'gg3' as const),
    strategy: fc.constantFrom('R' as const, 'M' as const, 'C' as const, 'T' as const),
    deployment: fc.constantFrom('R' as const, 'M' as const, 'C' as const, 'T' as const),
    schemes: fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], { minLength: 5, maxLength: 5 }),
  })
  .map((e) => encounterOf(e.pack, e.strategy, e.deployment, e.schemes));

describe('share codes', () => {
  it('layout: version 1, core, Tomes, Masks, schemes 3 5 7 10 11 is 16K59G', () => {
    // Bits: 00001 | 00 | 11 | 01 | mask 0011001010100 (bits 2, 4, 6, 9, 10) | check 110000.
    // Groups of five: 00001 00110 10011 00101 01001 10000 → 1 6 K 5 9 G.
    expect(remainder(0b000010011010011001010100)).toBe(0b110000);
    expect(rawCode(1, 0, 3, 1, 0b0011001010100)).toBe('16K59G');
    expect(encounterCode(GOLDEN)).toBe('16K59G');
    expect(decodeEncounterCode('16K59G')).toEqual({ ok: true, value: GOLDEN });
  });

  it('round trip (property): every encounter decodes from its code; codes are six URL-safe characters, version first', () => {
    fc.assert(
      fc.property(encounters, (e) => {
        const code = encounterCode(e);
        expect(code).toMatch(/^1[0-9A-HJKMNP-TV-Z]{5}$/);
        expect(decodeEncounterCode(code)).toEqual({ ok: true, value: e });
      }),
      { numRuns: 500 },
    );
  });

  it('two different encounters never share a code (all 41,184 of them)', () => {
    const codes = new Set<string>();
    let count = 0;
    const pools: number[][] = [];
    const choose = (from: number, picked: number[]): void => {
      if (picked.length === 5) pools.push(picked);
      else for (let n = from; n <= 13; n++) choose(n + 1, [...picked, n]);
    };
    choose(1, []);
    expect(pools.length).toBe(1287);
    for (const pack of ['core', 'gg3'] as const)
      for (const s of ['R', 'M', 'C', 'T'] as const)
        for (const d of ['R', 'M', 'C', 'T'] as const)
          for (const pool of pools) {
            codes.add(encounterCode(encounterOf(pack, s, d, pool)));
            count++;
          }
    expect(count).toBe(41_184);
    expect(codes.size).toBe(41_184);
  });

  it('reads lower case, surrounding spaces and the look-alikes O, I, L', () => {
    const golden = { ok: true, value: GOLDEN };
    expect(decodeEncounterCode(' 16k59g ')).toEqual(golden);
    expect(decodeEncounterCode('I6K59G')).toEqual(golden);
    expect(decodeEncounterCode('l6K59G')).toEqual(golden);
    const withZero = fc.sample(encounters, 200).map(encounterCode).find((c) => c.includes('0'));
    expect(withZero).toBeDefined();
    if (withZero) expect(decodeEncounterCode(withZero.replaceAll('0', 'o'))).toEqual(decodeEncounterCode(withZero));
  });

  it('refuses codes of the wrong length or with characters outside the alphabet', () => {
    const problem = (code: string) => {
      const r = decodeEncounterCode(code);
      return r.ok ? 'accepted' : `${r.error.code}:${r.error.params?.problem ?? r.error.params?.version}`;
    };
    expect(problem('')).toBe('ENCOUNTER_CODE_INVALID:length');
    expect(problem('16K59')).toBe('ENCOUNTER_CODE_INVALID:length');
    expect(problem('16K59GG')).toBe('ENCOUNTER_CODE_INVALID:length');
    expect(problem('16K 9G')).toBe('ENCOUNTER_CODE_INVALID:character');
    expect(problem('16K5UG')).toBe('ENCOUNTER_CODE_INVALID:character');
    expect(problem('16K5-G')).toBe('ENCOUNTER_CODE_INVALID:character');
    expect(problem('16K59H')).toBe('ENCOUNTER_CODE_INVALID:checksum');
  });

  it('refuses well-checked codes whose content is not an encounter, and codes of another version', () => {
    const refusal = (code: string) => {
      const r = decodeEncounterCode(code);
      return r.ok ? null : r.error;
    };
    expect(refusal(rawCode(2, 0, 3, 1, 0b0011001010100))).toEqual({ code: 'ENCOUNTER_CODE_VERSION', params: { version: 2 } });
    expect(refusal(rawCode(0, 0, 3, 1, 0b0011001010100))).toEqual({ code: 'ENCOUNTER_CODE_VERSION', params: { version: 0 } });
    expect(refusal(rawCode(1, 2, 3, 1, 0b0011001010100))).toEqual({ code: 'ENCOUNTER_CODE_INVALID', params: { problem: 'pack' } });
    expect(refusal(rawCode(1, 3, 0, 0, 0b11111))).toEqual({ code: 'ENCOUNTER_CODE_INVALID', params: { problem: 'pack' } });
    // SETUP-4: a pool is five schemes, no fewer, no more.
    expect(refusal(rawCode(1, 0, 3, 1, 0b0011001010000))).toEqual({ code: 'ENCOUNTER_CODE_INVALID', params: { problem: 'schemes' } });
    expect(refusal(rawCode(1, 1, 0, 0, 0b1111110000000))).toEqual({ code: 'ENCOUNTER_CODE_INVALID', params: { problem: 'schemes' } });
    expect(refusal(rawCode(1, 1, 0, 0, 0))).toEqual({ code: 'ENCOUNTER_CODE_INVALID', params: { problem: 'schemes' } });
    expect(refusal(rawCode(1, 1, 0, 0, 0b1111100000000))).toBeNull();
  });

  it('any one-character typo is refused, never read as another encounter (property)', () => {
    fc.assert(
      fc.property(encounters, fc.nat(5), fc.nat(31), (e, position, replacement) => {
        const code = encounterCode(e);
        const typo = ALPHABET[replacement] as string;
        fc.pre(code[position] !== typo);
        const changed = code.slice(0, position) + typo + code.slice(position + 1);
        expect(decodeEncounterCode(changed).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on any input, and what it accepts re-encodes to the same code (property)', () => {
    const codeLike = fc.string({ unit: fc.constantFrom(...ALPHABET, ...'oilu-_ 9z'), minLength: 0, maxLength: 8 });
    fc.assert(
      fc.property(fc.oneof(codeLike, fc.string()), (input) => {
        const r = decodeEncounterCode(input);
        if (r.ok) {
          const normal = input.trim().toUpperCase().replaceAll('O', '0').replaceAll('I', '1').replaceAll('L', '1');
          expect(encounterCode(r.value)).toBe(normal);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
