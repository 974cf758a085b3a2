import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.js';
import { P0, P1, scenario } from '../engine/testkit.js';
import { translator } from '../../../i18n/index.js';
import { decisionContext } from './decisionContext.js';
import { presentation } from './messages.js';
import { cheatContext } from './cheat.js';

const en = translator('en');
const fr = translator('fr');

function contextFor(state: engine.ActiveState, seat: engine.Seat, t = en): string[] {
  const view = engine.privateView(state, seat);
  const decision = engine.pendingDecision(state);
  if (view.status === 'new' || decision?.kind !== 'cheat' || decision.seat !== seat) throw new Error('no cheat decision for this seat');
  return cheatContext(t, view, decision);
}

/** The QA's duel: TN 12 that requires Masks, 5 + 11 of Tomes = 16, no Mask. */
const qaDuel = () => scenario({ decks: [['11T'], []], hands: [['9M', '3M', '13C'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 12, tnSuits: ['M'] }, P0);
const QA_LINES = [
  'Your attack flip: 11📖 → total **16** 📖 (stat 5 + card 11).',
  'To succeed you need a total of 12 or more (TN), 🎭 Masks in your total.',
  'As it stands you fail: missing 🎭 Masks, required by the TN.',
  'Any card of 7 or more would succeed if it is of 🎭 Masks (the Red Joker names its suit).',
  'In your hand: 9🎭.',
];

describe('the cheat decision, explained to the player who makes it', () => {
  it('a simple duel: the card and total, the TN and its suits, why it fails as it stands, and which hand cards would succeed', () => {
    const s = qaDuel();
    s.expectPending('cheat', 0);
    expect(contextFor(s.active, 0)).toEqual(QA_LINES);
    expect(contextFor(s.active, 0, fr)).toEqual([
      'Votre tirage d’attaque : 11📖 → total **16** 📖 (carac. 5 + carte 11).',
      'Pour réussir, il vous faut un total d’au moins 12 (VS), 🎭 Masques dans votre total.',
      'En l’état, vous échouez : il manque 🎭 Masques, requis par le VS.',
      'Toute carte de 7 ou plus vous ferait réussir si elle est de 🎭 Masques (le Joker Rouge choisit sa couleur).',
      'Dans votre main : 9🎭.',
    ]);
  });

  it('an opposed duel: the other side’s public card and total, that they decide next, and the card value that wins', () => {
    // Alice 5 + 4 = 9 is lower than Bob 5 + 8 = 13: she decides first (DUEL-4 C).
    const s = scenario({ decks: [['4R'], ['8C']], hands: [['9T', '2M'], ['1C']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 }, P0);
    s.expectPending('cheat', 0);
    expect(contextFor(s.active, 0)).toEqual([
      'Your attack flip: 4🐏 → total **9** 🐏 (stat 5 + card 4).',
      '**Bob**’s defense flip: 8🐦 → total **13** 🐦.',
      '**Bob** decides after you and may still cheat.',
      'To succeed you need at least **Bob**’s 13.',
      'As it stands you fail: below **Bob**’s 13.',
      'Any card of 8 or more would succeed.',
      'In your hand: 9📖.',
    ]);
    // Then Bob, the defender: he needs more than Alice's final total.
    const bob = s.answer('decline');
    bob.expectPending('cheat', 1);
    const lines = contextFor(bob.active, 1);
    expect(lines).toContain('To succeed you need more than **Alice**’s 9.');
    expect(lines).toContain('As it stands you succeed.');
    expect(lines).toContain('Any card of 5 or more would succeed.');
    expect(lines).toContain('No card in your hand would make you succeed.');
  });

  it('a damage flip: the band and damage now, and what each hand card would deal', () => {
    const s = scenario({ decks: [['3R'], []], hands: [['8M', '13T', '1C'], []] }).do({ type: 'damageFlip', profile: [2, 3, 4] }, P0);
    s.expectPending('cheat', 0);
    expect(contextFor(s.active, 0)).toEqual([
      'Your damage flip: 3🐏 — weak: 2 damage.',
      'With your hand: severe (4 damage): 13📖 · moderate (3 damage): 8🎭 · weak (2 damage): 1🐦.',
    ]);
  });

  it('the DM’d hand carries the context under the decision; the public view never holds the hand', async () => {
    const s = qaDuel();
    const message = await presentation.privateMessage(en, engine.privateView(s.active, 0));
    const view = engine.privateView(s.active, 0);
    if (view.status === 'new' || !view.decision) throw new Error('Alice must decide');
    // What the decision is about (decisionContext), then what the cheat would do.
    expect(message.content).toBe(['Your decision: cheat fate or not.', ...decisionContext(en, view, view.decision), ...QA_LINES].join('\n'));
    expect(decisionContext(en, view, view.decision)[0]).toMatch(/^⚔️ \*\*/);
    // The public message of the same moment names the decision, never the hand or the advice.
    const table = engine.publicView(s.active);
    expect(JSON.stringify(table)).not.toMatch(/9M|3M|13C/);
  });

  it('START-3: a flip both players make at once shows both cards, and the lower card decides first, seeing the other', () => {
    // Bob asks for the flip; Alice's 5 is lower than his 9: she decides first, then he, knowing her cheat.
    const s = scenario({ decks: [['5T'], ['9M']], hands: [['8R', '2M'], ['1C']] }).do({ type: 'flip', modifier: 0, label: 'Initiative', pair: { firstOnTie: 1 } }, P1);
    s.expectPending('cheat', 0);
    expect(contextFor(s.active, 0)).toEqual(['Your flip: 5📖 — value 5, weak.', '**Bob**’s flip: 9🎭 — value 9.', '**Bob** decides after you and may still cheat.']);
    expect(contextFor(s.active, 0, fr)).toEqual(['Votre tirage : 5📖 — valeur 5, faible.', 'Le tirage de **Bob** : 9🎭 — valeur 9.', '**Bob** décide après vous et peut encore Tromper le Destin.']);
    const bob = s.answer('8R');
    bob.expectPending('cheat', 1);
    expect(contextFor(bob.active, 1)).toEqual(['Your flip: 9🎭 — value 9, moderate.', '**Alice**’s flip: 8🐏 — value 8.']);
  });
});
