import { describe, expect, it } from 'vitest';
import * as engine from '../../systems/malifaux-table/engine/index.js';
import { P0, P1, startCommand } from '../../systems/malifaux-table/engine/testkit.js';
import { malifauxTable } from '../../systems/malifaux-table/index.js';
import { translator } from '../../i18n/index.js';
import type { StoredEvent, StoredGame } from '../../store/contract.js';
import { exportLog } from '../../app/audit.js';
import { parseLog, type StoredPayload } from '../../app/games.js';
import { logDescription, logLines } from './gameLog.js';

/** A stored log as the app writes it: one batch per command, an undo as its own batch. */
function storedLog(steps: Array<{ command: engine.Command; actor: engine.Actor } | { undo: number; by: string }>) {
  let state: engine.GameState = engine.initialState;
  const log: StoredEvent[] = [];
  let batch = 0;
  const push = (payload: StoredPayload, actor: string | null) =>
    log.push({ gameId: 'g1', seq: log.length + 1, at: new Date(0), type: payload.event.type, payload, actor });
  for (const step of steps) {
    batch += 1;
    if ('undo' in step) {
      push({ batch, event: { type: 'LogEntryUndone', undoneBatch: step.undo, by: step.by, asReferee: false } }, step.by);
      continue;
    }
    const decided = engine.decide(state, step.command, step.actor);
    if (!decided.ok) throw new Error(JSON.stringify(decided));
    const events = decided.value;
    for (const event of events) push({ batch, event }, step.actor.userId);
    state = engine.evolveAll(state, events);
  }
  return { state, log };
}

const en = translator('en');
const fr = translator('fr');

describe('/game log as players read it', () => {
  const { state, log } = storedLog([
    { command: startCommand(), actor: P0 },
    { command: { type: 'draw', count: 2 }, actor: P0 },
    { command: { type: 'draw', count: 1 }, actor: P1 },
    { undo: 3, by: 'bob' },
  ]);

  const stored = { id: 'g1', status: 'active' } as StoredGame;
  const parsed = parseLog(malifauxTable, stored, log);
  if (!parsed.ok) throw new Error('the log parses');
  const entries = parsed.entries;
  const game = { stored, system: malifauxTable, state };

  it('starts with the game start and the shuffles, numbers entries without batch numbers, and an undo names what it took back', () => {
    const lines = logLines(en, game, entries, false).map((l) => l.text);
    expect(lines[0]).toBe('`#1` 🎲 Malifaux Third Edition: **Alice** vs **Bob** — the game starts.');
    expect(lines[1]).toBe('`#2` 🔀 **Alice**’s Fate Deck is shuffled.');
    expect(lines).toContain('`#4` 🂠 **Alice** draws 2 cards.');
    // Bob's draw no longer counts: struck through, and the undo says which entry and what it was.
    expect(lines).toContain('`#5` ~~🂠 **Bob** draws 1 card.~~');
    expect(lines.at(-1)).toBe('`#6` ↩️ <@bob> undid #5: 🂠 **Bob** draws 1 card.');
    for (const line of lines) expect(line).not.toMatch(/· b\d+|batch/);
    const french = logLines(fr, game, entries, false).map((l) => l.text);
    expect(french[0]).toBe('`#1` 🎲 Malifaux Troisième Édition : **Alice** contre **Bob** — la partie commence.');
    expect(french.at(-1)).toBe('`#6` ↩️ <@bob> a annulé #5 : 🂠 **Bob** pioche 1 carte.');
  });

  it('the referees’ JSON keeps its batch numbers', () => {
    const exported = exportLog(game, entries);
    expect(exported.entries.map((e) => e.batch)).toEqual([1, 1, 1, 2, 3, 4]);
  });

  it('when earlier entries do not fit, says which ones are left out and where the full log is', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ seq: i + 1, text: `\`#${i + 1}\` line ${i + 1}` }));
    const description = logDescription(en, many);
    expect(description.split('\n')[0]).toBe('⋯ 20 earlier entries (#1 to #20) did not fit in this message: the attached JSON file has the complete log.');
    expect(description).toContain('`#21` line 21');
    expect(description).not.toContain('`#20` line 20');
    expect(logDescription(fr, many).split('\n')[0]).toContain('20 entrées précédentes (#1 à #20)');
    expect(logDescription(en, many.slice(0, 3))).toBe(many.slice(0, 3).map((l) => l.text).join('\n'));
  });
});

describe('/game log: rule IDs for referees, as a detail line', () => {
  // Alice flips at − and takes her card: she may not cheat (CHEAT-3), and the log says why in words, the
  // rule underneath. The whole flip is then undone.
  const flipped = storedLog([
    { command: startCommand(), actor: P0 },
    { command: { type: 'flip', modifier: -1 }, actor: P0 },
  ]).state;
  const pick = engine.pendingDecision(flipped)!;
  const { state, log } = storedLog([
    { command: startCommand(), actor: P0 },
    { command: { type: 'flip', modifier: -1 }, actor: P0 },
    { command: engine.commandForChoice(pick, engine.decisionChoices(pick)[0]!)!, actor: P0 },
    { undo: 3, by: 'alice' },
  ]);
  const stored = { id: 'g1', status: 'active' } as StoredGame;
  const parsed = parseLog(malifauxTable, stored, log);
  if (!parsed.ok) throw new Error('the log parses');
  const game = { stored, system: malifauxTable, state };

  it('shows a skipped cheat in words, with its rule as a subtext line that stays subtext once struck through, and no event type name', () => {
    const text = logLines(en, game, parsed.entries, false).map((l) => l.text).join('\n');
    const skipped = text.split('\n').findIndex((l) => l.includes('may not cheat'));
    expect(skipped, text).toBeGreaterThan(-1);
    const lines = text.split('\n');
    // Undone, so struck through: the words, and under them the rule, its subtext mark kept in front.
    expect(lines[skipped]).toMatch(/^`#\d+` ~~\*\*Alice\*\* may not cheat: .+\.~~$/);
    expect(lines[skipped + 1]).toMatch(/^-# ~~Rule: CHEAT-3[a-f]~~$/);
    // The undo line names what it took back, without the referee's detail.
    expect(lines.at(-1)).toMatch(/^`#\d+` ↩️ <@alice> undid #\d+–#\d+: [^\n]*\*\*Alice\*\*[^\n]*$/);
    expect(lines.at(-1)).not.toContain('CHEAT-3');
    expect(text).not.toMatch(/CheatSkipped|DecisionOpened|ResolutionEnded|FlipCardChosen/);
    expect(logLines(fr, game, parsed.entries, false).map((l) => l.text).join('\n')).toMatch(/\n-# ~~Règle : CHEAT-3[a-f]~~/);
  });
});
