/** The "My hand" button, `fk:hand:<gameId>`: the clicker's own private view, shown to them alone. */
import type { SystemComponent } from '../../contract.js';
import type { Command, PrivateView } from '../engine/index.js';

export const handButton: SystemComponent<Command, PrivateView> = {
  prefix: 'hand',
  read(parts) {
    const [gameId] = parts;
    return gameId ? { gameId, intent: { kind: 'showPrivate' } } : null;
  },
};
