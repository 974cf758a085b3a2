/**
 * A tiny test-only bot on the REAL router (createRouter) for the modal tests: `/crew` answers with a
 * modal (classic layout: action rows), `/stats` with a modal in the newer layout (labels), `/roster`
 * posts a message whose button opens a modal; the `fk:crew:…` component module gets the submissions and
 * says back what the router handed it (values in order, fields by custom id).
 */
import { InteractionResponseType, type APIModalInteractionResponseCallbackData } from 'discord-api-types/v10';
import type { InitialReply, InteractionHandler } from '../../src/discord/contract.js';
import { reply, update } from '../../src/discord/replies.js';
import { createRouter, defineCommand, type ComponentContext, type ComponentModule } from '../../src/discord/router.js';
import type { Services } from '../../src/discord/services.js';

export const CREW_MODAL: APIModalInteractionResponseCallbackData = {
  custom_id: 'fk:crew:paste',
  title: 'Hire your crew',
  components: [
    { type: 1, components: [{ type: 4, custom_id: 'list', label: 'Crew list', style: 2, required: true, min_length: 10, max_length: 200, placeholder: 'Paste the list, one model a line' }] },
    { type: 1, components: [{ type: 4, custom_id: 'name', label: 'Crew name', style: 1, required: false, max_length: 20, value: 'My crew' }] },
  ],
} as APIModalInteractionResponseCallbackData;

export const STATS_MODAL = {
  custom_id: 'fk:crew:stats',
  title: 'Model stats',
  components: [
    { type: 10, content: 'Type the model card as printed.' },
    { type: 18, label: 'Defense', description: 'A number from 1 to 9', component: { type: 4, custom_id: 'df', style: 1, min_length: 1, max_length: 1 } },
    { type: 18, label: 'Willpower', component: { type: 4, custom_id: 'wp', style: 1, min_length: 1, max_length: 1 } },
  ],
} as unknown as APIModalInteractionResponseCallbackData;

const modal = (data: APIModalInteractionResponseCallbackData): InitialReply => ({ response: { type: InteractionResponseType.Modal, data } });

/** What the handler says back: every value the router passed, so a test reads exactly what arrived. */
export function describeSubmission(ctx: Pick<ComponentContext, 'parts' | 'values' | 'fields'>): string {
  return `submitted ${ctx.parts.join(':')} values=${JSON.stringify(ctx.values)} fields=${JSON.stringify(ctx.fields)}`;
}

export function modalBot(): InteractionHandler & { seen: ComponentContext[] } {
  const seen: ComponentContext[] = [];
  const crew = defineCommand({ name: 'crew', description: 'Paste your crew list' } as const, async () => modal(CREW_MODAL));
  const stats = defineCommand({ name: 'stats', description: 'Type a model’s stats' } as const, async () => modal(STATS_MODAL));
  const roster = defineCommand({ name: 'roster', description: 'The roster, with a button to edit it' } as const, async () =>
    reply({ content: 'Roster: (empty)', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Edit', custom_id: 'fk:crew:open' }] }] }),
  );
  const component: ComponentModule = {
    prefix: 'crew',
    async handle(ctx) {
      seen.push(ctx);
      // The button opens the modal; a submission of a modal opened from it updates the roster in place.
      if (ctx.parts[0] === 'open') return modal({ ...CREW_MODAL, custom_id: 'fk:crew:edit' });
      if (ctx.parts[0] === 'edit') return update({ content: `Roster: ${ctx.fields.name ?? '?'} (${(ctx.fields.list ?? '').split('\n').length} lines)`, components: [] });
      return reply({ content: describeSubmission(ctx) });
    },
  };
  // The router reads only these two services on this path (the language choice, and the log on failure).
  const services = {
    languages: { chosenBy: async () => null },
    log: { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) },
  } as unknown as Services;
  const router = createRouter({ commands: [crew, stats, roster] as never[], components: [component], services });
  return Object.assign(router, { seen });
}
