import { describe, expect, it } from 'vitest';
import { parseCardList } from './cardInput.js';
import { parseDamage, parseSuits, parseTriggers } from './duelInput.js';

describe('typed cards', () => {
  it('reads English and French suit letters and the jokers', () => {
    expect(parseCardList('4R 13m, rj')).toEqual({ ok: true, cards: ['4R', '13M', 'RJ'] });
    expect(parseCardList('4B 12G JN')).toEqual({ ok: true, cards: ['4R', '12T', 'BJ'] });
  });
  it('names the token it could not read', () => {
    expect(parseCardList('4R 14M')).toEqual({ ok: false, problem: { code: 'CARDS_INVALID', params: { input: '14M' } } });
    expect(parseCardList('  ')).toMatchObject({ ok: false });
  });
});

describe('duel notations', () => {
  it('DUEL-5: suits are a multiset, French letters accepted', () => {
    expect(parseSuits('MM', 'suits')).toEqual({ ok: true, value: ['M', 'M'] });
    expect(parseSuits('b g', 'suits')).toEqual({ ok: true, value: ['R', 'T'] });
    expect(parseSuits('MX', 'suits')).toMatchObject({ ok: false, problem: { code: 'SUITS_INVALID' } });
  });
  it('reads triggers as Name:SUITS and refuses a trigger without suits or a duplicate', () => {
    expect(parseTriggers('Critical Strike:M; Onslaught:MT', 't')).toEqual({
      ok: true,
      value: [
        { name: 'Critical Strike', suits: ['M'] },
        { name: 'Onslaught', suits: ['M', 'T'] },
      ],
    });
    expect(parseTriggers('Critical Strike', 't')).toMatchObject({ ok: false, problem: { code: 'TRIGGERS_INVALID' } });
    expect(parseTriggers('A:M; A:C', 't')).toMatchObject({ ok: false });
  });
  it('TRIG-4: Name:SUITS:N is a trigger whose cost is to discard N cards (1–6); names may hold a colon', () => {
    expect(parseTriggers('Flurry:MM:1; Ruthless: Onslaught:T', 't')).toEqual({
      ok: true,
      value: [
        { name: 'Flurry', suits: ['M', 'M'], cost: { discard: 1 } },
        { name: 'Ruthless: Onslaught', suits: ['T'] },
      ],
    });
    expect(parseTriggers('Flurry:MM:0', 't')).toMatchObject({ ok: false, problem: { code: 'TRIGGERS_INVALID' } });
    expect(parseTriggers('Flurry:MM:7', 't')).toMatchObject({ ok: false, problem: { code: 'TRIGGERS_INVALID' } });
    expect(parseTriggers('Flurry:2', 't')).toMatchObject({ ok: false, problem: { code: 'TRIGGERS_INVALID' } });
  });
  it('DMG-7: Name:SUITS+D is a trigger that adds D damage when resolving, with or without a cost', () => {
    expect(parseTriggers('Critical Strike:M+1; Onslaught:MT+2:1', 't')).toEqual({
      ok: true,
      value: [
        { name: 'Critical Strike', suits: ['M'], damage: 1, timing: 'whenResolving' },
        { name: 'Onslaught', suits: ['M', 'T'], damage: 2, timing: 'whenResolving', cost: { discard: 1 } },
      ],
    });
    expect(parseTriggers('Critical Strike:M+0', 't')).toMatchObject({ ok: false, problem: { code: 'TRIGGERS_INVALID' } });
    expect(parseTriggers('Critical Strike:+1', 't')).toMatchObject({ ok: false, problem: { code: 'TRIGGERS_INVALID' } });
  });
  it('DMG-1: fixed and variable profiles, with blasts (DMG-13)', () => {
    expect(parseDamage('3')).toEqual({ ok: true, value: { profile: 3 } });
    expect(parseDamage('2/3/4')).toEqual({ ok: true, value: { profile: [2, 3, 4] } });
    expect(parseDamage('2/3*/4**')).toEqual({ ok: true, value: { profile: [2, 3, 4], blasts: [0, 1, 2] } });
    expect(parseDamage('2-3-4')).toMatchObject({ ok: false, problem: { code: 'DAMAGE_INVALID' } });
  });
});
