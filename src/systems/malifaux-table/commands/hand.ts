/** /hand — your Control Hand, shown only to you (and any decision that needs it). */
import { defineCommand } from '../../../discord/router.js';
import { loadActiveGame } from '../../../app/games.js';
import { showHand } from '../../../app/handView.js';

export default defineCommand(
  {
    name: 'hand',
    description: 'Show your Control Hand (only you can see it)',
    name_localizations: { fr: 'main' },
    description_localizations: { fr: 'Voir votre Main de Contrôle (vous seul la voyez)' },
    contexts: [0],
  } as const,
  async (ctx) => showHand(ctx, await loadActiveGame(ctx.services.store, ctx.channelId)),
);
