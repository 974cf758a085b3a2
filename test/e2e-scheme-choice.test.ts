/**
 * The secret schemes chosen in a player's DM, a step at a time, through the real bot and the Discord
 * double (SETUP-8): the pool's select, a select of the models each scheme may name (only those its rules
 * allow), a form for a terrain piece or a marker type, a confirmation — then the commitment, posted as
 * before. Nothing of the choice ever reaches a public message, and nothing public changes at all while it
 * is being made. Bad input (a model the rules refuse, another player's control, a control of a choice
 * already made, a blank name) is refused in the asker's language, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIInteractionResponse } from 'discord-api-types/v10';
import { wholeStateSchema, type WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { fixedEncounter } from '../src/systems/malifaux-game/engine/encounter.js';
import { encounterCode } from '../src/systems/malifaux-game/engine/shareCode.js';
import type { SchemeId } from '../src/systems/malifaux-game/engine/encounterPacks.js';
import { cardForm, inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import type { DoubleMessage } from '../src/discord-double/index.js';
import { IDS, componentsOf, startApp, type App } from './support/app.js';

let app: App;

const ALICE_LIST = 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n';
const BOB_LIST = 'Scribes (Arcanists)\nLeader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n';

function code(pack: 'core' | 'gg3', schemes: SchemeId[]): string {
  const strategy = pack === 'core' ? 'core.turf-war' : 'gg3.carve-a-path';
  const fixed = fixedEncounter({ pack, strategy, deployment: 'standard', schemes });
  if (!fixed.ok) throw new Error(fixed.error.code);
  return encounterCode(fixed.value);
}

async function submit(who: 'alice' | 'bob', values: Record<string, string>) {
  const result = await app.double.submitModal({ userId: IDS[who], values });
  await app.settle();
  return result;
}

/** A whole game in `channel` with this pool, both crews in: the schemes are next. */
async function gameAtSchemes(channel: string, pool: string): Promise<void> {
  const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game', encounter: pool }, channel);
  expect(created.ok, created.error).toBe(true);
  // Every card once, for the server (the bot ships no card data); a form opens from a channel's game.
  if (!cardsEntered) {
    for (const name of ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Quill Knight', 'Ink Sprite']) {
      await app.command('alice', 'crew model', { name }, channel);
      const profile = inkwellTable.models.find((p) => p.name === name && p.title === null)!;
      expect((await submit('alice', cardForm(profile))).ok).toBe(true);
    }
    cardsEntered = true;
  }
  for (const [who, list] of [
    ['alice', ALICE_LIST],
    ['bob', BOB_LIST],
  ] as const) {
    await app.command(who, 'crew paste', undefined, channel);
    expect((await submit(who, { list })).ok).toBe(true);
  }
  expect((await whole(channel)).game?.stage).toBe('schemes');
}

async function whole(channel: string): Promise<WholeState> {
  return wholeStateSchema.parse((await app.game(channel))!.snapshot) as WholeState;
}

/** The player's DM that carries the scheme choice's controls, and the control of `step`. */
function control(who: 'alice' | 'bob', step: string): { message: DoubleMessage; customId: string; component: Record<string, unknown> } {
  for (const message of [...app.dms(who)].reverse()) {
    const component = componentsOf(message).find((c) => String(c.custom_id ?? '').startsWith('fk:sc:') && String(c.custom_id).split(':')[4] === step);
    if (component) return { message, customId: String(component.custom_id), component };
  }
  throw new Error(`no "${step}" control in ${who}'s DMs`);
}

const options = (component: Record<string, unknown>) => (component.options as { value: string; label: string }[]).map((o) => o.value);

/** Takes a step in the player's DM: the click updates that same message. */
async function step(who: 'alice' | 'bob', name: string, values?: string[]): Promise<DoubleMessage> {
  const { message, customId } = control(who, name);
  const clicked = await app.click(who, message.id, customId, values);
  expect(clicked.ok, clicked.error).toBe(true);
  return app.double.message(message.id)!;
}

let rawIds = 0;
/** A click Discord's client would never send: forged values, or another player's control. */
async function forged(who: 'alice' | 'bob', locale: string, customId: string, values?: string[]): Promise<string> {
  const template = app.double
    .interactions()
    .filter((r) => r.userId === IDS[who] && r.type === 2)
    .at(-1)!.payload;
  rawIds++;
  const body = {
    ...structuredClone(template),
    id: `1575${String(rawIds).padStart(15, '0')}`,
    token: `raw-sc-${rawIds}`,
    locale,
    type: 3,
    data: { custom_id: customId, component_type: values ? 3 : 2, ...(values ? { values } : {}) },
    message: { id: '1100000000000000997', channel_id: IDS.channel, content: '', embeds: [], components: [], attachments: [], type: 0, flags: 64 },
  };
  const answer = await app.rawPost(JSON.stringify(body));
  expect(answer.status).toBe(200);
  const response = JSON.parse(answer.text) as APIInteractionResponse;
  return 'data' in response ? String((response.data as { content?: string }).content ?? '') : '';
}

/** Everything every public message says (channels and threads), for "nothing of it is public". */
const everythingPublic = () => JSON.stringify(app.double.messages().filter((m) => !m.ephemeral && m.guildId !== null));

let cardsEntered = false;

beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite', rawEndpoint: true });
});
afterAll(async () => {
  await app?.close();
});

describe('the secret schemes, chosen in the DM', () => {
  it('SETUP-8: two schemes from the pool’s select, Claim Jump’s friendly model and Vendetta’s two from selects of the models their rules allow, a confirmation, then the commitment', async () => {
    const channel = app.double.channel('table-5').id;
    await gameAtSchemes(channel, code('core', ['core.breakthrough', 'core.take-prisoner', 'core.assassinate', 'core.claim-jump', 'core.vendetta']));
    const publicBefore = everythingPublic();

    // The pool's select says what each scheme names.
    const pool = control('alice', 's').component;
    expect(pool).toMatchObject({ min_values: 2, max_values: 2 });
    expect(JSON.stringify(pool)).toContain('You name 1 friendly model');

    // Claim Jump: any friendly model but the Leader (A1 Ada Quill).
    let dm = await step('alice', 's', ['core.claim-jump', 'core.vendetta']);
    expect(dm.content).toContain('Your choice so far (only you see it):');
    expect(options(control('alice', 'f0').component)).toEqual(['s0-m1', 's0-m2', 's0-m3', 's0-m4']);
    // A model the rules refuse, forged past the menu: refused, and the DM still asks the same.
    const claimJump = control('alice', 'f0').customId;
    const refused = await forged('alice', 'en-US', claimJump, ['s0-m0']);
    expect(refused).toContain('Ada Quill cannot be picked for Claim Jump: its rules do not allow it. Nothing was changed');
    expect(refused).not.toMatch(/SCHEME_|PICK_/);
    // Another player's control: refused, in their language.
    expect(await forged('bob', 'fr', claimJump, ['s0-m3'])).toContain('Ce choix revient à Alice. Rien n’a été modifié.');
    expect(control('alice', 'f0').customId).toBe(claimJump);
    // A forged choice that points outside the pool or the crews: stale, not a crash.
    for (const bad of [':ok:99....', ':n:34.z...', ':m:34....']) expect(await forged('alice', 'en-US', claimJump.replace(/:f0:.*$/, bad), bad.startsWith(':m') ? ['x'] : undefined)).toContain('This button is stale');

    dm = await step('alice', 'f0', ['s0-m3']);
    expect(dm.content).toContain('**Claim Jump** — A4 Press Golem');
    // Vendetta: a friendly model that is not a Totem (A2 Blotter is), then an enemy costing more than it, not their Leader.
    expect(options(control('alice', 'f1').component)).toEqual(['s0-m0', 's0-m2', 's0-m3', 's0-m4']);
    await step('alice', 'f1', ['s0-m4']);
    expect(options(control('alice', 'e1').component)).toEqual(['s1-m1', 's1-m2']);
    dm = await step('alice', 'e1', ['s1-m1']);
    expect(dm.content).toContain('**Vendetta** — A5 Page, B2 Quill Knight');
    expect(dm.content).toContain('Check your choice, then confirm it.');

    // Nothing public changed while she chose: not a message, not an edit.
    expect(everythingPublic()).toBe(publicBefore);
    expect((await whole(channel)).game?.schemes[0]).toBeNull();

    const schemesSelect = control('alice', 'ok');
    await step('alice', 'ok');
    const chosen = (await whole(channel)).game!.schemes[0]!;
    expect(chosen.choice).toEqual([
      { scheme: 'core.claim-jump', friendly: ['s0-m3'], enemy: [], markerType: null, terrain: null },
      { scheme: 'core.vendetta', friendly: ['s0-m4'], enemy: ['s1-m1'], markerType: null, terrain: null },
    ]);
    // The commitment is public, as before; the choice is in her DM alone.
    expect(everythingPublic()).toContain(chosen.commitments[0].slice(0, 8));
    expect(app.dms('alice').at(-1)!.embeds.some((e) => JSON.stringify(e).includes('Vendetta (picks: Page, Quill Knight)'))).toBe(true);
    const publicText = everythingPublic();
    for (const secret of ['Your choice so far', 'Press Golem, ', '— A4', 'Page, B2', 'picks:']) expect(publicText).not.toContain(secret);

    // A control of the choice already made: stale, nothing changed.
    const before = await app.fingerprint();
    expect(await forged('alice', 'en-US', schemesSelect.customId)).toContain('This button is stale');
    expect(await forged('alice', 'fr', claimJump, ['s0-m3'])).toContain('Ce bouton est périmé');
    expect(await app.fingerprint()).toEqual(before);
  }, 120_000);

  it('SETUP-8: Sabotage and Secret Meetup name their terrain pieces in a form, in French for a French player; a blank name is refused; start again clears the choice', async () => {
    const channel = app.double.channel('table-6').id;
    await gameAtSchemes(channel, code('gg3', ['gg3.breakthrough', 'gg3.sabotage', 'gg3.load-em-up', 'gg3.public-demonstration', 'gg3.secret-meetup']));
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const publicBefore = everythingPublic();
      // A first try, then start again: the choice so far is gone.
      await step('bob', 's', ['gg3.breakthrough', 'gg3.secret-meetup']);
      let dm = await step('bob', 'x');
      expect(dm.content).not.toContain('Votre choix jusqu’ici');
      expect(control('bob', 's').component).toMatchObject({ min_values: 2 });

      dm = await step('bob', 's', ['gg3.sabotage', 'gg3.secret-meetup']);
      expect(dm.content).toContain('choisissez la figurine amie');
      // Secret Meetup: no Master on either side (Bob's Leader is a Henchman; Alice's is a Master).
      expect(options(control('bob', 'f1').component)).toEqual(['s1-m0', 's1-m1', 's1-m2', 's1-m3']);
      await step('bob', 'f1', ['s1-m2']);
      expect(options(control('bob', 'e1').component)).toEqual(['s0-m1', 's0-m2', 's0-m3', 's0-m4']);
      await step('bob', 'e1', ['s0-m3']);

      // The form: one field per scheme that names a terrain piece, short enough to travel in the confirmation.
      const name = control('bob', 'n');
      const opened = await app.click('bob', name.message.id, name.customId);
      expect(opened.responseType).toBe(9);
      const modal = app.double.lastModal(IDS.bob)!;
      const fields = modal.components.map((row) => (row.components as Record<string, unknown>[])[0]!);
      expect(fields.map((f) => f.custom_id)).toEqual(['name0', 'name1']);
      expect(fields.map((f) => f.label)).toEqual(['Sabotage : l’élément de décor', 'Rencontre secrète : l’élément de décor']);
      expect(Math.min(...fields.map((f) => Number(f.max_length)))).toBeGreaterThanOrEqual(15);

      // A blank name: refused in French, the DM unchanged.
      const blank = await submit('bob', { name0: '   ', name1: 'Chapel Ruins' });
      expect(blank.ok).toBe(true);
      expect(app.double.visibleMessages({ viewerId: IDS.bob, channelId: app.double.dmChannelId(IDS.bob)! }).at(-1)!.content).toContain('Ce nom ne convient pas pour Sabotage');
      expect(control('bob', 'n').customId).toBe(name.customId);

      await app.click('bob', name.message.id, name.customId);
      await submit('bob', { name0: 'Old Mill', name1: 'Chapel Ruins' });
      dm = app.double.message(name.message.id)!;
      expect(dm.content).toContain('**Sabotage** : “Old Mill”');
      expect(dm.content).toContain('**Rencontre secrète** : B3 Ink Sprite, A4 Press Golem, “Chapel Ruins”');
      expect(dm.content).toContain('Vérifiez votre choix, puis confirmez-le.');
      expect(everythingPublic()).toBe(publicBefore);

      await step('bob', 'ok');
      expect((await whole(channel)).game!.schemes[1]!.choice).toEqual([
        { scheme: 'gg3.sabotage', friendly: [], enemy: [], markerType: null, terrain: 'Old Mill' },
        { scheme: 'gg3.secret-meetup', friendly: ['s1-m2'], enemy: ['s0-m3'], markerType: null, terrain: 'Chapel Ruins' },
      ]);
      const publicText = everythingPublic();
      for (const secret of ['Old Mill', 'Chapel Ruins', 'Votre choix']) expect(publicText).not.toContain(secret);
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
  }, 120_000);
});
