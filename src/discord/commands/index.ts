/** Every slash command and component the bot offers: the router, `npm run register` and the sandbox read this list. */
import type { CommandModule, ComponentModule } from '../router.js';
import { decisionButton } from '../../systems/malifaux-table/components/decisionButton.js';
import { handButton } from '../../systems/malifaux-table/components/handButton.js';
import game from './game.js';
import flip from '../../systems/malifaux-table/commands/flip.js';
import reflip from '../../systems/malifaux-table/commands/reflip.js';
import draw from '../../systems/malifaux-table/commands/draw.js';
import hand from '../../systems/malifaux-table/commands/hand.js';
import discard from '../../systems/malifaux-table/commands/discard.js';
import reveal from '../../systems/malifaux-table/commands/reveal.js';
import soulstones from '../../systems/malifaux-table/commands/soulstones.js';
import duel from '../../systems/malifaux-table/commands/duel.js';
import damage from '../../systems/malifaux-table/commands/damage.js';
import settings from './settings.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module keeps its own literal definition type
export const allCommands: readonly CommandModule<any>[] = [game, flip, reflip, draw, hand, discard, reveal, soulstones, duel, damage, settings];
export const allComponents: readonly ComponentModule[] = [decisionButton, handButton];
