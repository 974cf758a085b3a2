/**
 * The encounter by card flips (SETUP-2..4, scoring.md §2, §5, §13-A2): stacked decks with the expected
 * encounters worked out by hand from the rules, the golden vector of a seed, and properties over seeds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardSuit, cardValue, freshDeck, isJoker } from '../../malifaux-table/engine/cards.js';
import { shuffleCards } from '../../malifaux-table/engine/rng.js';
import type { EncounterFlip, EncounterRecord, SeatDecks } from './encounter.js';
import { deploymentById, strategyById } from './encounterPacks.js';
import { encounterFromSeed, encounterNames, encounterRecordSchema, encounterSchema, fixedEncounter, flipEncounter, verifyEncounter } from './encounter.js';

/** The seed of the table engine's golden shuffle vectors (its README, "Golden vectors"). */
const SEED = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** Spare cards to finish a scheme pool after the cards a test is about: values 1–5, none repeated. */
const POOL_FILL = ['1T', '2T', '3T', '4T', '5T'];

function flipped(pack: 'core' | 'gg3', decks: SeatDecks): EncounterRecord {
  const result = flipEncounter({ pack }, decks);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.value;
}

const attackerFlips = (r: EncounterRecord) => r.flips.filter((f) => f.step === 'attacker').map((f) => `${f.seat}:${f.card}:${f.outcome}`);
const poolFlips = (r: EncounterRecord) => r.flips.filter((f) => f.step === 'schemePool').map((f) => `${f.card}:${f.outcome}`);

describe('SETUP-2: flipping for Attacker', () => {
  it('TV-15: a tie, then a Red Joker re-flipped by its player only; the high card is the Attacker', () => {
    const r = flipped('core', [
      ['9M', 'RJ', '4C'],
      ['9T', '11T', '7R', '7M', 'BJ', '13C', '2T', '11R', '5M'],
    ]);
    expect(attackerFlips(r)).toEqual(['0:9M:tie', '1:9T:tie', '0:RJ:joker', '0:4C:defender', '1:11T:attacker']);
    expect(r.attacker).toBe(1);
    expect(r.cards).toEqual({ attacker: '11T', defender: '4C' });
    // SETUP-3: B's Tomes give Plant Explosives, A's Crows give Corner.
    expect(encounterNames(r.encounter).strategy).toBe('Plant Explosives');
    expect(encounterNames(r.encounter).deployment).toBe('Corner');
  });

  it('SETUP-2: a Red Joker is not a 14 here: it is flipped again, and the lower card that follows loses', () => {
    const r = flipped('core', [['RJ', '3R'], ['5M', '6R', '7R', '8R', '9R', '10R']]);
    expect(attackerFlips(r)).toEqual(['0:RJ:joker', '0:3R:defender', '1:5M:attacker']);
    expect(r.attacker).toBe(1);
  });

  it('SETUP-2: both jokers in a row are flipped again by the same player; the other player flips once', () => {
    const r = flipped('core', [['8C', ...POOL_FILL], ['BJ', 'RJ', '2T']]);
    expect(attackerFlips(r)).toEqual(['0:8C:attacker', '1:BJ:joker', '1:RJ:joker', '1:2T:defender']);
    expect(r.attacker).toBe(0);
    expect(r.cards).toEqual({ attacker: '8C', defender: '2T' });
  });

  it('SETUP-2: ties repeat until the values differ, suits never break a tie, a joker inside a tied round is re-flipped first', () => {
    const r = flipped('core', [
      ['4R', 'BJ', '8C', '13M', ...POOL_FILL],
      ['4T', '8M', '1C'],
    ]);
    expect(attackerFlips(r)).toEqual(['0:4R:tie', '1:4T:tie', '0:BJ:joker', '0:8C:tie', '1:8M:tie', '0:13M:attacker', '1:1C:defender']);
    expect(r.attacker).toBe(0);
    // SETUP-3: the Attacker's Masks pick Corrupted Idols, the Defender's Crows pick Corner.
    expect(encounterNames(r.encounter)).toMatchObject({ strategy: 'Corrupted Idols', deployment: 'Corner' });
  });

  it('SETUP-2: a deck used up by ties refuses the encounter rather than inventing a card', () => {
    const r = flipEncounter({ pack: 'core' }, [['5R', '6R'], ['5M']]);
    expect(r).toEqual({ ok: false, error: { code: 'ENCOUNTER_DECK_EXHAUSTED', rule: 'SETUP-2', params: { seat: 1 } } });
  });
});

describe('SETUP-4: the scheme pool', () => {
  it('TV-15: 7R 7M BJ 13C 2T 11R 5M gives {2, 5, 7, 11, 13}', () => {
    const r = flipped('core', [
      ['9M', 'RJ', '4C'],
      ['9T', '11T', '7R', '7M', 'BJ', '13C', '2T', '11R', '5M'],
    ]);
    expect(poolFlips(r)).toEqual(['7R:scheme', '7M:duplicate', 'BJ:joker', '13C:scheme', '2T:scheme', '11R:scheme', '5M:scheme']);
    expect(r.flips.filter((f) => f.step === 'schemePool').every((f) => f.seat === 1)).toBe(true);
    expect(encounterNames(r.encounter).schemes).toEqual(['Breakthrough', 'Dig Their Graves', 'Take Prisoner', 'Deliver a Message', 'Vendetta']);
  });

  it('SETUP-4: the pool is flipped from the Attacker’s deck, after the cards of the Attacker flip', () => {
    const r = flipped('core', [
      ['2R', '9R', '10R', '11R', '12R', '13R'],
      ['6C', '1M', '2M', '3M', '4M', '5M'],
    ]);
    expect(r.attacker).toBe(1);
    expect(poolFlips(r)).toEqual(['1M:scheme', '2M:scheme', '3M:scheme', '4M:scheme', '5M:scheme']);
  });

  it('SETUP-4: every duplicate and both jokers are flipped again, however many come in a row', () => {
    const r = flipped('gg3', [
      ['13R', '1R', '1M', 'RJ', '1C', '13T', 'BJ', '13M', '1T', '9R', '4C', '6M'],
      ['12M'],
    ]);
    expect(poolFlips(r)).toEqual([
      '1R:scheme',
      '1M:duplicate',
      'RJ:joker',
      '1C:duplicate',
      '13T:scheme',
      'BJ:joker',
      '13M:duplicate',
      '1T:duplicate',
      '9R:scheme',
      '4C:scheme',
      '6M:scheme',
    ]);
    // §13-A29: GG3's 1, 4, 6, 9, 13.
    expect(encounterNames(r.encounter).schemes).toEqual(['Breakthrough', 'Leave Your Mark', 'Hidden Martyrs', "Load 'Em Up", 'Secret Meetup']);
  });

  it('SETUP-4: an Attacker deck that runs out before 5 distinct values refuses the encounter', () => {
    const r = flipEncounter({ pack: 'core' }, [['13R', '1R', '1M', '2M', 'BJ', '2C'], ['2T']]);
    expect(r).toEqual({ ok: false, error: { code: 'ENCOUNTER_DECK_EXHAUSTED', rule: 'SETUP-4', params: { seat: 0 } } });
  });
});

describe('SETUP-3: strategy by the Attacker’s suit, deployment by the Defender’s', () => {
  // Written from m3e-core SETUP-3 and scoring.md §6, §8, §5 / §13-A2.
  const STRATEGY = {
    core: { R: 'Turf War', T: 'Plant Explosives', M: 'Corrupted Idols', C: 'Reckoning' },
    gg3: { C: 'Cursed Objects', T: 'Guard the Stash', R: 'Carve a Path', M: 'Covert Operation' },
  } as const;
  const DEPLOYMENT = { R: 'Standard', T: 'Flank', M: 'Wedge', C: 'Corner' } as const;
  const SUITS = ['R', 'M', 'C', 'T'] as const;

  for (const pack of ['core', 'gg3'] as const) {
    for (const attackerSuit of SUITS) {
      for (const defenderSuit of SUITS) {
        it(`SETUP-3 ${pack}: Attacker 13${attackerSuit}, Defender 1${defenderSuit} → ${STRATEGY[pack][attackerSuit]}, ${DEPLOYMENT[defenderSuit]}`, () => {
          // The Attacker sits in seat 1 here, so the reading does not depend on the seat.
          const r = flipped(pack, [[`1${defenderSuit}`], [`13${attackerSuit}`, ...POOL_FILL]]);
          expect(r.attacker).toBe(1);
          const names = encounterNames(r.encounter);
          expect(names.strategy).toBe(STRATEGY[pack][attackerSuit]);
          expect(names.deployment).toBe(DEPLOYMENT[defenderSuit]);
          expect(r.encounter.pack).toBe(pack);
        });
      }
    }
  }
});

describe('golden vector', () => {
  // The README's shuffle 0 of the seed: seat 0 starts 5R 5M 1C…, seat 1 starts 5M 12T 3C 11C 5R 3T 10M 7T…
  // 5R v 5M tie; 5M v 12T: seat 1 attacks with Tomes (Plant Explosives), seat 0 defends with Masks (Wedge);
  // seat 1's pool: 3C 11C 5R, 3T (a second 3), 10M 7T → {3, 5, 7, 10, 11}.
  const FLIPS: EncounterFlip[] = [
    { step: 'attacker', seat: 0, card: '5R', outcome: 'tie' },
    { step: 'attacker', seat: 1, card: '5M', outcome: 'tie' },
    { step: 'attacker', seat: 0, card: '5M', outcome: 'defender' },
    { step: 'attacker', seat: 1, card: '12T', outcome: 'attacker' },
    { step: 'schemePool', seat: 1, card: '3C', outcome: 'scheme' },
    { step: 'schemePool', seat: 1, card: '11C', outcome: 'scheme' },
    { step: 'schemePool', seat: 1, card: '5R', outcome: 'scheme' },
    { step: 'schemePool', seat: 1, card: '3T', outcome: 'duplicate' },
    { step: 'schemePool', seat: 1, card: '10M', outcome: 'scheme' },
    { step: 'schemePool', seat: 1, card: '7T', outcome: 'scheme' },
  ];

  it('SETUP-2..4: the seed flips exactly this core encounter', () => {
    expect(encounterFromSeed({ pack: 'core' }, SEED)).toEqual({
      ok: true,
      value: {
        source: 'flipped',
        encounter: {
          pack: 'core',
          strategy: 'core.plant-explosives',
          deployment: 'wedge',
          schemes: ['core.harness-the-ley-line', 'core.dig-their-graves', 'core.take-prisoner', 'core.assassinate', 'core.deliver-a-message'],
        },
        attacker: 1,
        cards: { attacker: '12T', defender: '5M' },
        flips: FLIPS,
      },
    });
  });

  it('SETUP-2..4: the same flips read by GG3', () => {
    const r = encounterFromSeed({ pack: 'gg3' }, SEED);
    expect(r.ok && r.value.flips).toEqual(FLIPS);
    expect(r.ok && r.value.encounter).toEqual({
      pack: 'gg3',
      strategy: 'gg3.guard-the-stash',
      deployment: 'wedge',
      schemes: ['gg3.assassinate', 'gg3.sabotage', 'gg3.catch-and-release', 'gg3.public-demonstration', 'gg3.set-the-trap'],
    });
  });

  it('SETUP-2: a fixed encounter flips for Attacker only and keeps its strategy, deployment and pool', () => {
    const fixed = fixedEncounter({ pack: 'gg3', strategy: 'gg3.cursed-objects', deployment: 'standard', schemes: ['gg3.vendetta', 'gg3.breakthrough', 'gg3.secret-meetup', 'gg3.sabotage', 'gg3.in-your-face'] });
    expect(fixed.ok).toBe(true);
    if (!fixed.ok) return;
    const r = encounterFromSeed({ fixed: fixed.value }, SEED);
    expect(r).toEqual({ ok: true, value: { source: 'fixed', encounter: fixed.value, attacker: 1, cards: { attacker: '12T', defender: '5M' }, flips: FLIPS.slice(0, 4) } });
    expect(r.ok && verifyEncounter(SEED, r.value)).toBe(true);
  });
});

describe('determinism and verification', () => {
  it('the same seed gives the same encounter; an upper-case seed is the same seed', () => {
    expect(encounterFromSeed({ pack: 'core' }, SEED)).toEqual(encounterFromSeed({ pack: 'core' }, SEED));
    expect(encounterFromSeed({ pack: 'core' }, SEED.toUpperCase())).toEqual(encounterFromSeed({ pack: 'core' }, SEED));
  });

  it('verifyEncounter accepts the record of its seed and refuses any changed card, outcome or encounter', () => {
    const r = encounterFromSeed({ pack: 'core' }, SEED);
    if (!r.ok) throw new Error('refused');
    expect(verifyEncounter(SEED, r.value)).toBe(true);
    const otherSeed = SEED.replace(/^0/, '1');
    expect(verifyEncounter(otherSeed, r.value)).toBe(false);
    const changedCard = { ...r.value, flips: r.value.flips.map((f, i) => (i === 5 ? { ...f, card: '11R' } : f)) };
    expect(verifyEncounter(SEED, changedCard)).toBe(false);
    const otherDeployment = { ...r.value, encounter: { ...r.value.encounter, deployment: 'corner' as const } };
    expect(verifyEncounter(SEED, otherDeployment)).toBe(false);
  });

  it('refuses a seed that is not 64 hex characters, and decks that are not decks', () => {
    expect(encounterFromSeed({ pack: 'core' }, 'abc')).toEqual({ ok: false, error: { code: 'ENCOUNTER_SEED_INVALID', params: {} } });
    expect(flipEncounter({ pack: 'core' }, [['5R', '5R'], ['6R']])).toEqual({ ok: false, error: { code: 'ENCOUNTER_DECK_INVALID', params: { seat: 0 } } });
    expect(flipEncounter({ pack: 'core' }, [['5R'], ['14R']])).toEqual({ ok: false, error: { code: 'ENCOUNTER_DECK_INVALID', params: { seat: 1 } } });
  });

  const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

  it('SETUP-2..4 (property): every flip is the next card of its seat’s shuffled deck, and the encounter reads them as the rules say', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom('core' as const, 'gg3' as const), (seed, pack) => {
        const r = encounterFromSeed({ pack }, seed);
        if (!r.ok) return false;
        const rec = r.value;
        expect(encounterRecordSchema.parse(rec)).toEqual(rec);
        for (const seat of [0, 1] as const) {
          const deck = shuffleCards(seed, seat, 0, freshDeck()).order;
          const mine = rec.flips.filter((f) => f.seat === seat).map((f) => f.card);
          expect(mine).toEqual(deck.slice(0, mine.length));
        }
        const decisive = rec.flips.filter((f) => f.outcome === 'attacker' || f.outcome === 'defender').map((f) => `${f.seat}:${f.card}:${f.outcome}`);
        expect(decisive.sort()).toEqual([`${rec.attacker}:${rec.cards.attacker}:attacker`, `${1 - rec.attacker}:${rec.cards.defender}:defender`].sort());
        expect(cardValue(rec.cards.attacker)).toBeGreaterThan(cardValue(rec.cards.defender));
        expect(strategyById(rec.encounter.strategy)?.suit).toBe(cardSuit(rec.cards.attacker));
        expect(deploymentById(rec.encounter.deployment)?.suit).toBe(cardSuit(rec.cards.defender));
        for (const f of rec.flips) expect(f.outcome === 'joker').toBe(isJoker(f.card));
        const pool = rec.flips.filter((f) => f.step === 'schemePool' && f.outcome === 'scheme').map((f) => cardValue(f.card));
        expect(new Set(pool).size).toBe(5);
        expect(rec.flips.filter((f) => f.step === 'schemePool').every((f) => f.seat === rec.attacker)).toBe(true);
        return verifyEncounter(seed, rec);
      }),
      { numRuns: 150 },
    );
  });
});

describe('fixed encounters', () => {
  it('fixedEncounter puts the schemes in ascending number', () => {
    const r = fixedEncounter({ pack: 'core', strategy: 'core.reckoning', deployment: 'flank', schemes: ['core.vendetta', 'core.outflank', 'core.detonate-charges', 'core.claim-jump', 'core.breakthrough'] });
    expect(r).toEqual({
      ok: true,
      value: { pack: 'core', strategy: 'core.reckoning', deployment: 'flank', schemes: ['core.detonate-charges', 'core.breakthrough', 'core.outflank', 'core.claim-jump', 'core.vendetta'] },
    });
  });

  it('refuses a strategy or a scheme of the other pack, a scheme twice, four schemes, an unknown deployment', () => {
    const schemes: string[] = ['core.detonate-charges', 'core.breakthrough', 'core.outflank', 'core.claim-jump', 'core.vendetta'];
    const base = { pack: 'core' as const, strategy: 'core.reckoning', deployment: 'flank', schemes };
    const refused = (input: typeof base) => {
      const r = fixedEncounter(input);
      return r.ok ? null : `${r.error.code} ${r.error.params?.field} ${r.error.params?.problem}`;
    };
    expect(refused({ ...base, strategy: 'gg3.cursed-objects' })).toBe('ENCOUNTER_INVALID strategy notInPack');
    // Sorted by number (1, 2, 5, 9, 12), GG3's Sabotage (5) is the third scheme; the two Outflanks the 3rd and 4th.
    expect(refused({ ...base, schemes: [...schemes.slice(0, 4), 'gg3.sabotage'] })).toBe('ENCOUNTER_INVALID schemes.2 notInPack');
    expect(refused({ ...base, schemes: [...schemes.slice(0, 4), 'core.outflank'] })).toBe('ENCOUNTER_INVALID schemes.3 notDistinctAscending');
    expect(refused({ ...base, schemes: schemes.slice(0, 4) })).toBe('ENCOUNTER_INVALID schemes too_small');
    expect(refused({ ...base, deployment: 'diagonal' })).toBe('ENCOUNTER_INVALID deployment invalid_value');
    expect(refused(base)).toBeNull();
  });

  it('the stored shape is canonical: schemes out of order do not parse', () => {
    const ok = { pack: 'core', strategy: 'core.reckoning', deployment: 'flank', schemes: ['core.detonate-charges', 'core.breakthrough', 'core.outflank', 'core.claim-jump', 'core.vendetta'] };
    expect(encounterSchema.safeParse(ok).success).toBe(true);
    expect(encounterSchema.safeParse({ ...ok, schemes: [...ok.schemes].reverse() }).success).toBe(false);
  });
});
