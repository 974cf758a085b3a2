/**
 * Who referees a game. Members of its referee role — chosen at /game new and recorded with the start
 * (LogEntryRefereesChosen; a game started before that has the server's role of the moment) — referee it,
 * except a member who holds a seat: a player is a referee over the other players only once every one of
 * them has accepted (LogEntryRefereeAccepted). Until then they play as a player, nothing more.
 */
import type { StoredEvent } from '../store/contract.js';
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import { tableEntrySchema, type RefereeAccepted } from './tableLog.js';

export interface Refereeing {
  /** The role whose members referee the game, or null for nobody. */
  roleId: string | null;
  /** The acceptances of a player as referee by another player. */
  accepted: RefereeAccepted[];
}

/** The game's referee role and acceptances, read from its log (table entries only: cheap to scan). */
export function refereeingIn(log: readonly StoredEvent[]): { roleId: string | null | undefined; accepted: RefereeAccepted[] } {
  let roleId: string | null | undefined;
  const accepted: RefereeAccepted[] = [];
  for (const stored of log) {
    const type = (stored.payload as { event?: { type?: unknown } } | null)?.event?.type;
    if (type !== 'LogEntryRefereesChosen' && type !== 'LogEntryRefereeAccepted') continue;
    const parsed = tableEntrySchema.safeParse((stored.payload as { event: unknown }).event);
    if (!parsed.success) continue;
    if (parsed.data.type === 'LogEntryRefereesChosen') roleId = parsed.data.roleId;
    else if (parsed.data.type === 'LogEntryRefereeAccepted') accepted.push(parsed.data);
  }
  return { roleId, accepted };
}

export async function refereeingOf(services: Pick<AppServices, 'store'>, game: Pick<LoadedGame, 'stored'>): Promise<Refereeing> {
  const found = refereeingIn(await services.store.listEvents(game.stored.id));
  if (found.roleId !== undefined) return { roleId: found.roleId, accepted: found.accepted };
  // A game started before referees were chosen: the server's role, as it is now.
  const roleId = game.stored.guildId ? (await services.store.getGuildSettings(game.stored.guildId)).refereeRoleId : null;
  return { roleId, accepted: found.accepted };
}

/** Has every other player of the game accepted `userId` as a referee? */
export function acceptedByAll(game: Pick<LoadedGame, 'system' | 'state'>, accepted: readonly RefereeAccepted[], userId: string): boolean {
  const others = game.system.seatsOf(game.state).filter((s) => s.userId !== userId);
  return others.every((other) => accepted.some((a) => a.referee === userId && a.by === other.userId));
}

/**
 * Does `who` referee this game? Someone who holds no role at all never does, and is answered without a
 * query; otherwise the game's log is read.
 */
export async function isReferee(services: Pick<AppServices, 'store'>, game: LoadedGame, who: { userId: string; roles: readonly string[] }): Promise<boolean> {
  if (who.roles.length === 0) return false;
  const { roleId, accepted } = await refereeingOf(services, game);
  if (roleId === null || !who.roles.includes(roleId)) return false;
  const seated = game.system.seatsOf(game.state).some((s) => s.userId === who.userId);
  return !seated || acceptedByAll(game, accepted, who.userId);
}
