import type { InteractionScope } from '../interaction.js';
import type { Services } from '../services.js';

/** What the play modules know of an interaction: who asks, where, in which languages, and the services. */
export type Scope = InteractionScope & { services: Services };
