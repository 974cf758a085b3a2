/**
 * The game systems the bot is built with. A stored game names its system by id; the platform looks the
 * module up here on every load, so a game is always played by its own system's rules — and a game whose
 * system this build does not have is refused, never handed to another system.
 *
 * Adding a system: its folder under src/systems/, and one line in BUILT_SYSTEMS.
 */
import type { AnySystem } from './contract.js';
import { malifauxTable } from './malifaux-table/index.js';
import { malifauxGame } from './malifaux-game/index.js';

export interface SystemRegistry {
  readonly all: readonly AnySystem[];
  byId(id: string): AnySystem | null;
}

/**
 * A registry of these systems. Ids, slash-command names and component prefixes must be unique across
 * systems (they share one bot), which is checked here, once, at start-up.
 */
export function systemRegistry(systems: readonly AnySystem[]): SystemRegistry {
  const byId = new Map<string, AnySystem>();
  const commands = new Set<string>();
  const prefixes = new Set<string>();
  for (const system of systems) {
    if (byId.has(system.id)) throw new Error(`two game systems share the id "${system.id}"`);
    byId.set(system.id, system);
    for (const command of system.interactions.commands) {
      const name = command.definition.name as string;
      if (commands.has(name)) throw new Error(`two game systems define the slash command /${name}`);
      commands.add(name);
    }
    for (const component of system.interactions.components) {
      if (prefixes.has(component.prefix)) throw new Error(`two game systems use the component prefix "${component.prefix}"`);
      prefixes.add(component.prefix);
    }
  }
  return { all: [...systems], byId: (id) => byId.get(id) ?? null };
}

export const BUILT_SYSTEMS: readonly AnySystem[] = [malifauxTable, malifauxGame];

export const builtSystems: SystemRegistry = systemRegistry(BUILT_SYSTEMS);
