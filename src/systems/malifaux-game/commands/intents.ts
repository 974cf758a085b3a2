/** What a whole-game command can ask for, written the way the commands read. */
import type { Intent, Refusal } from '../../contract.js';
import type { WholeCommand } from '../engine/schema.js';
import type { WholePrivateView } from '../engine/views.js';

export type GameIntent = Intent<WholeCommand, WholePrivateView>;

export function act(command: WholeCommand): GameIntent {
  return { kind: 'act', command };
}

export function refuse(problem: Refusal): GameIntent {
  return { kind: 'refuse', problem };
}

/** A comma-separated list of model names or labels ("A2, Page 2"). */
export function modelList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
