/**
 * The one interaction registry: every slash command and component the bot offers — the common ones
 * (/game, /league, /settings, /help) beside each game system's own — for the router, `npm run register` and the sandbox.
 */
import type { CommandModule, ComponentModule } from '../router.js';
import { builtSystems, type SystemRegistry } from '../../systems/registry.js';
import { systemInteractions } from '../play/systemInteractions.js';
import { gameCommand } from './game.js';
import settings from './settings.js';
import help from './help.js';
import { endComponents } from './gameEnd.js';
import { undoComponents } from './gameUndo.js';
import { refereeComponents } from './referees.js';
import { leagueCommand } from '../leagues/command.js';
import { leagueComponents } from '../leagues/components.js';

export interface InteractionRegistry {
  commands: readonly CommandModule[];
  components: readonly ComponentModule[];
}

export function interactionsFor(systems: SystemRegistry): InteractionRegistry {
  const played = systemInteractions(systems);
  const commands: CommandModule[] = [gameCommand(systems) as CommandModule, ...played.commands, leagueCommand() as CommandModule, settings as CommandModule, help as CommandModule];
  const names = new Set<string>();
  for (const command of commands) {
    if (names.has(command.definition.name)) throw new Error(`two slash commands are named /${command.definition.name}`);
    names.add(command.definition.name);
  }
  // The table's own components (ends, undo requests, referee offers) beside each system's.
  const components = [...endComponents, ...undoComponents, ...refereeComponents, ...leagueComponents, ...played.components];
  const prefixes = new Set<string>();
  for (const component of components) {
    if (prefixes.has(component.prefix)) throw new Error(`two components use the custom id prefix "${component.prefix}"`);
    prefixes.add(component.prefix);
  }
  return { commands, components };
}

/** The commands of the systems this build plays (what `npm run register` publishes). */
export const allCommands: readonly CommandModule[] = interactionsFor(builtSystems).commands;
