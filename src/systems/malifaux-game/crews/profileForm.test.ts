import { describe, expect, it } from 'vitest';
import { parseProfileForm } from './profileForm.js';

describe('a model card typed into the modal', () => {
  it('HIRE-4, HIRE-7: reads the station with its number, a totem, the factions and keywords, the numbers and stats in either order', () => {
    const read = parseProfileForm({ name: 'Blotter', station: 'Minion (2), totem of Ada Quill', factions: 'Arcanists; Inkwell', numbers: 'cost 3, health 4, 30mm', stats: '5 Df, Wp 6, Sz: 1, Mv=6' });
    expect(read).toEqual({
      ok: true,
      value: expect.objectContaining({ name: 'Blotter', title: null, station: 'Minion', stationLimit: 2, totemOf: 'Ada Quill', factions: ['arcanists'], keywords: ['Inkwell'], cost: 3, health: 4, base: 30, df: 5, wp: 6, sz: 1, mv: 6 }),
    });
  });

  it('SETUP-5: a titled Master with a dash for its cost, in French', () => {
    const read = parseProfileForm({ name: 'Ada Quill, Unbound', station: 'Maître', factions: 'Arcanistes, Outcasts; Inkwell', numbers: 'coût - santé 13 base 40', stats: 'Déf 5 Vol 7 Taille 2 Mvt 5' });
    expect(read.ok && read.value).toMatchObject({ name: 'Ada Quill', title: 'Unbound', station: 'Master', cost: null, health: 13, base: 40, factions: ['arcanists', 'outcasts'], df: 5, wp: 7, sz: 2, mv: 5 });
  });

  it('bad input: an unknown station, a faction that is none, a base size that does not exist — each names its field', () => {
    const base = { name: 'X', station: 'Minion', factions: 'Guild', numbers: 'cost 4 health 4 base 30', stats: 'df 4 wp 4 sz 2 mv 5' };
    expect(parseProfileForm({ ...base, station: 'Captain' })).toMatchObject({ ok: false, error: { params: { field: 'station' } } });
    expect(parseProfileForm({ ...base, factions: "Dead Man's Hand" })).toMatchObject({ ok: false, error: { params: { field: 'factions' } } });
    expect(parseProfileForm({ ...base, numbers: 'cost 4 health 4 base 35' })).toMatchObject({ ok: false, error: { params: { field: 'numbers' } } });
    expect(parseProfileForm({ ...base, stats: 'df 4 wp 4 sz 2' })).toMatchObject({ ok: false, error: { params: { field: 'stats' } } });
  });
});
