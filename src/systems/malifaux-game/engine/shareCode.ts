/**
 * Share codes: six characters that fix an encounter (pack, strategy, deployment, the five schemes), so
 * that an organiser's /encounter can be replayed by a game or a league round. URL-safe and easy to
 * read aloud: Crockford base32 (digits and capitals without I, L, O, U), case-insensitive.
 *
 * Layout, 30 bits, most significant first (six characters of 5 bits):
 *   version (5) | pack (2) | strategy suit (2) | deployment suit (2) | scheme mask (13) | CRC-6 (6)
 * The version is the first character ("1" today). Suits are numbered R M C T (0–3, cards.ts SUITS), the
 * packs core, gg3 (0–1, PACK_IDS); scheme n sets bit n − 1 of the mask, and exactly five are set.
 * The CRC-6 (polynomial x⁶ + x + 1, register starting at 0) of the first 24 bits makes every
 * one-character typo a refused code (any error burst of 6 bits or fewer is detected), never another
 * encounter.
 */
import type { Result } from '../../contract.js';
import { SUITS } from '../../malifaux-table/engine/cards.js';
import type { Suit } from '../../malifaux-table/engine/cards.js';
import type { Encounter, EncounterError } from './encounter.js';
import { encounterOf, refuse } from './encounter.js';
import { PACK_IDS, POOL_SIZE, SCHEME_NUMBERS, schemeById, strategyById, deploymentById } from './encounterPacks.js';

export const SHARE_CODE_VERSION = 1;
export const SHARE_CODE_LENGTH = 6;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Crockford's reading of look-alike letters, so a code copied by hand still decodes. */
const ALIASES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

const CRC_BITS = 6;
const CRC_POLY = 0b000011; // x⁶ + x + 1, the x⁶ term implied
const MESSAGE_BITS = 24;

/** CRC-6 of the low `bits` bits of `message`, fed most significant bit first. */
export function crc6(message: number, bits: number): number {
  let register = 0;
  for (let i = bits - 1; i >= 0; i--) {
    const feedback = ((register >>> (CRC_BITS - 1)) ^ (message >>> i)) & 1;
    register = (register << 1) & 0b111111;
    if (feedback) register ^= CRC_POLY;
  }
  return register;
}

/** The share code of an encounter. */
export function encounterCode(encounter: Encounter): string {
  const strategySuit = strategyById(encounter.strategy)?.suit as Suit;
  const deploymentSuit = deploymentById(encounter.deployment)?.suit as Suit;
  const mask = encounter.schemes.reduce((m, id) => m | (1 << ((schemeById(id)?.number ?? 1) - 1)), 0);
  let message = SHARE_CODE_VERSION;
  message = (message << 2) | PACK_IDS.indexOf(encounter.pack);
  message = (message << 2) | SUITS.indexOf(strategySuit);
  message = (message << 2) | SUITS.indexOf(deploymentSuit);
  message = (message << SCHEME_NUMBERS) | mask;
  const word = message * 2 ** CRC_BITS + crc6(message, MESSAGE_BITS);
  let code = '';
  for (let i = SHARE_CODE_LENGTH - 1; i >= 0; i--) code += ALPHABET[Math.floor(word / 32 ** i) % 32];
  return code;
}

/**
 * The encounter a share code fixes, or a refusal: `ENCOUNTER_CODE_INVALID` with `problem` = `length`,
 * `character`, `checksum` (a typo), `pack` or `schemes`; `ENCOUNTER_CODE_VERSION` for a code of a
 * version this build does not read (a newer bot's).
 */
export function decodeEncounterCode(input: string): Result<Encounter, EncounterError> {
  const code = [...input.trim().toUpperCase()].map((c) => ALIASES[c] ?? c);
  if (code.length !== SHARE_CODE_LENGTH) return refuse('ENCOUNTER_CODE_INVALID', { problem: 'length' });
  const digits = code.map((c) => ALPHABET.indexOf(c));
  if (digits.some((d) => d < 0)) return refuse('ENCOUNTER_CODE_INVALID', { problem: 'character' });
  const word = digits.reduce((w, d) => w * 32 + d, 0);
  const message = Math.floor(word / 2 ** CRC_BITS);
  if (crc6(message, MESSAGE_BITS) !== word % 2 ** CRC_BITS) return refuse('ENCOUNTER_CODE_INVALID', { problem: 'checksum' });
  const version = message >>> (MESSAGE_BITS - 5);
  if (version !== SHARE_CODE_VERSION) return refuse('ENCOUNTER_CODE_VERSION', { version });
  const mask = message & ((1 << SCHEME_NUMBERS) - 1);
  const deploymentSuit = SUITS[(message >>> SCHEME_NUMBERS) & 3] as Suit;
  const strategySuit = SUITS[(message >>> (SCHEME_NUMBERS + 2)) & 3] as Suit;
  const pack = PACK_IDS[(message >>> (SCHEME_NUMBERS + 4)) & 3];
  if (pack === undefined) return refuse('ENCOUNTER_CODE_INVALID', { problem: 'pack' });
  const numbers = Array.from({ length: SCHEME_NUMBERS }, (_, i) => i + 1).filter((n) => mask & (1 << (n - 1)));
  if (numbers.length !== POOL_SIZE) return refuse('ENCOUNTER_CODE_INVALID', { problem: 'schemes' });
  return { ok: true, value: encounterOf(pack, strategySuit, deploymentSuit, numbers) };
}
