/**
 * Every registered game system's slash commands and components, as the router's modules: a command's
 * intent or a component's (read back from its own custom id) is run by perform.ts for that system.
 */
import type { SystemRegistry } from '../../systems/registry.js';
import { clickOf, type CommandModule, type ComponentModule } from '../router.js';
import { problemReply } from '../replies.js';
import { answerAutocomplete, runCommandIntent, runComponentIntent } from './perform.js';

export function systemInteractions(systems: SystemRegistry): { commands: CommandModule[]; components: ComponentModule[] } {
  const commands: CommandModule[] = [];
  const components: ComponentModule[] = [];
  for (const system of systems.all) {
    for (const command of system.interactions.commands) {
      const complete = command.autocomplete?.bind(command);
      commands.push({
        definition: command.definition,
        handle: (ctx) => runCommandIntent(ctx, system, command.intent(ctx.invocation, ctx.asker)),
        ...(complete ? { autocomplete: (ctx) => answerAutocomplete(ctx, system, ctx.focused, complete) } : {}),
      });
    }
    for (const component of system.interactions.components) {
      components.push({
        prefix: component.prefix,
        handle: (ctx) => {
          // A click on a message, or a form submitted (null: it has no message to answer in place).
          const click = clickOf(ctx);
          const read = component.read(ctx.parts, ctx.values);
          if (!read) return Promise.resolve(problemReply(ctx.t, { code: 'STALE_BUTTON' }));
          return runComponentIntent(ctx, click, system, read.gameId, read.intent, click?.message.id ?? ctx.interaction.message?.id ?? null);
        },
      });
    }
  }
  return { commands, components };
}
