/** Who sends a command: a Discord user, the seat they play (null for a non-player) and referee powers. */
import type { Seat } from './schema.js';

export interface Actor {
  userId: string;
  seat: Seat | null;
  referee: boolean;
}
