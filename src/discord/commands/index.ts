/** Every slash command and component the bot offers: the router, `npm run register` and the sandbox read this list. */
import type { CommandModule, ComponentModule } from '../src/discord/router.js';
import { decisionButton } from '../src/app/components/decisionButton.js';
import { handButton } from '../src/app/components/handButton.js';
import game from './game.js';
import flip from './flip.js';
import reflip from './reflip.js';
import draw from './draw.js';
import hand from './hand.js';
import discard from './discard.js';
import reveal from './reveal.js';
import soulstones from './soulstones.js';
import duel from './duel.js';
import damage from './damage.js';
import settings from './settings.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module keeps its own literal definition type
export const allCommands: readonly CommandModule<any>[] = [game, flip, reflip, draw, hand, discard, reveal, soulstones, duel, damage, settings];
export const allComponents: readonly ComponentModule[] = [decisionButton, handButton];
