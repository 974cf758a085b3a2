/** A decision's fingerprint for custom ids: 10 hex characters, short enough for Discord's 100, never colliding in one game. */
import { createHash } from 'node:crypto';

export function decisionRef(decisionId: string): string {
  return createHash('sha256').update(decisionId).digest('hex').slice(0, 10);
}
