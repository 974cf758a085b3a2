/** The "My hand" button: `fk:hand:<gameId>` — the game is re-loaded and the clicker's seat re-checked. */
import type { ComponentModule } from '../../../discord/router.js';
import { loadGameById } from '../../../app/games.js';
import { showHand } from '../../../app/handView.js';

export const handButton: ComponentModule = {
  prefix: 'hand',
  async handle(ctx) {
    const [gameId] = ctx.parts;
    return showHand(ctx, await loadGameById(ctx.services.store, gameId));
  },
};
