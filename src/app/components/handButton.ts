/** The "My hand" button: `fk:hand:<gameId>` — the game is re-loaded and the clicker's seat re-checked. */
import type { ComponentModule } from '../../discord/router.js';
import { loadGame } from '../games.js';
import { showHand } from '../handView.js';

export const handButton: ComponentModule = {
  prefix: 'hand',
  async handle(ctx) {
    const [gameId] = ctx.parts;
    const game = gameId ? await loadGame(ctx.services.store, await ctx.services.store.getGame(gameId)) : null;
    return showHand(ctx, game);
  },
};
