/**
 * The reminders' scheduler: a small loop that, every interval (and once at start, to catch up on what
 * fell due while the bot was down), claims the due timers (app/reminders.ts: each claimed by one process,
 * once, before it is said) and says each in its channel, in the server's language:
 * - a game's reminder and warning mention the player awaited, and ping no one else;
 * - a game's deadline, when the organiser chose so, pings the game's referee role;
 * - a timed league round's last minutes ping the players of its tables without a result, and its end
 *   lists those tables and pings the league's organisers (its role, else its creator).
 * What is awaited is named as the table's status names it (the system's decision name): a decision's
 * kind, never what it holds.
 *
 * Its clock is the edge's (`services.clock`), so tests turn time on and run a pass themselves.
 */
import type { ClaimedGameTimer, ClaimedRoundTimer, ClaimedTimer } from '../app/reminders.js';
import { claimDueTimers, TIMERS_PER_PASS } from '../app/reminders.js';
import { ROUND_CLOSING_MS } from '../app/awaiting.js';
import { tableKey } from '../leagues/model.js';
import { organisersMention } from './leagues/components.js';
import type { OutgoingMessage } from './contract.js';
import { describeError } from './outbox.js';
import { publicTranslator } from './publicLanguage.js';
import type { Services } from './services.js';
import type { Translate } from '../i18n/index.js';

/** How often the loop looks for due timers, unless told otherwise (REMINDER_INTERVAL_SECONDS). */
export const REMINDER_INTERVAL_MS = 60_000;

/** Passes of one tick at most: a backlog beyond it (rare: after a long downtime) waits for the next tick. */
const MAX_PASSES_PER_TICK = 20;

export interface Reminders {
  /** Claims the timers due now and says each one; resolves with how many were said. */
  tick(): Promise<number>;
  /** A tick now (the catch-up), then one every `intervalMs`; ticks never overlap. */
  start(intervalMs?: number): void;
  /** Stops the loop, once the tick under way (if any) is done. */
  stop(): Promise<void>;
}

export function createReminders(services: Services): Reminders {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const tick = async (): Promise<number> => {
    let said = 0;
    for (let pass = 0; pass < MAX_PASSES_PER_TICK; pass++) {
      const claimed = await claimDueTimers(services, new Date(services.clock()));
      for (const one of claimed) if (await say(services, one)) said++;
      if (claimed.length < TIMERS_PER_PASS) break;
    }
    return said;
  };

  const runOnce = (): void => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => {
        services.log.error(`reminders: a pass failed: ${describeError(error)}`);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  };

  return {
    tick,
    start(intervalMs = REMINDER_INTERVAL_MS) {
      if (timer) return;
      runOnce();
      timer = setInterval(runOnce, intervalMs);
      // The loop alone never keeps the process alive.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** Says one claimed timer in its channel; false when there was nothing to say or the post failed. */
async function say(services: Services, claimed: ClaimedTimer): Promise<boolean> {
  const message = claimed.of === 'game' ? await reminderMessage(services, claimed) : await roundTimerMessage(services, claimed);
  if (message === null) return false;
  try {
    await services.outbox.postToChannel(claimed.of === 'game' ? claimed.game.stored.channelId : claimed.decision.channelId, message);
    return true;
  } catch (error) {
    // Claimed, so never tried again: a reminder missed rather than one sent twice.
    services.log.warn(`reminders: the ${claimed.timer} of ${claimed.of} ${claimed.decision.gameId} could not be posted: ${describeError(error)}`);
    return false;
  }
}

export async function reminderMessage(services: Services, { timer, decision, game, refereeRole }: ClaimedGameTimer): Promise<OutgoingMessage | null> {
  const t = await publicTranslator({ guildId: null, guildLocale: null, services }, game.stored.guildId);
  const player = `<@${decision.userId}>`;
  const params = {
    player,
    decision: game.system.presentation.decisionName(t, { kind: decision.kind }),
    since: relativeTime(decision.since),
    deadline: decision.timers ? relativeTime(decision.timers.deadlineAt) : '',
  };
  if (timer !== 'deadline') return { content: t(`reminder.${timer}`, params), allowed_mentions: { parse: [], users: [decision.userId] } };
  // The organiser chose to ping the referees; a game that has none left to ping says nothing.
  if (refereeRole === null) return null;
  return { content: t('reminder.deadline', { ...params, referees: `<@&${refereeRole}>` }), allowed_mentions: { parse: [], roles: [refereeRole] } };
}

/** Tables listed in a round's post at most: a big event's list stays within a message. */
export const MAX_TABLES_LISTED = 20;

/**
 * A timed round's last minutes (the warning) or its end (the deadline), with its tables still without a
 * result, numbered as the round's message numbers them.
 */
export async function roundTimerMessage(services: Services, { timer, decision, league, round, missing }: ClaimedRoundTimer): Promise<OutgoingMessage> {
  const t = await publicTranslator({ guildId: null, guildLocale: null, services }, league.stored.guildId);
  const { name, rounds } = league.league;
  const paired = rounds.find((r) => r.number === round);
  const { lines, listed } = missingTables(t, paired?.tables ?? [], round, missing);
  const params = { league: name, round, tables: lines };
  if (timer === 'deadline') {
    // The players were told ten minutes ago; the end is the organisers' to settle.
    const organisers = organisersMention(league.league);
    return { content: t('league.round.ended', { ...params, organisers: organisers.text }), allowed_mentions: { parse: [], users: organisers.users, roles: organisers.roles } };
  }
  const endsAt = paired?.endsAt ? new Date(paired.endsAt) : decision.timers?.deadlineAt;
  return {
    content: t('league.round.closing', { ...params, minutes: ROUND_CLOSING_MS / 60_000, time: endsAt ? relativeTime(endsAt) : '' }),
    // The players of the tables listed: theirs is the result still wanted.
    allowed_mentions: { parse: [], users: listed },
  };
}

/**
 * The tables of a round still without a result, as a round timer lists them: numbered as the round's
 * message numbers them, the first MAX_TABLES_LISTED, then how many more. `listed`: the players of the
 * tables listed (the ones the last minutes ping).
 */
export function missingTables(t: Translate, tables: readonly { players: readonly [string, string] }[], round: number, missing: readonly [string, string][]): { lines: string; listed: string[] } {
  const listed = missing.slice(0, MAX_TABLES_LISTED);
  const lines = listed.map(([a, b]) => {
    const table = tables.findIndex((one) => tableKey(round, one.players) === tableKey(round, [a, b])) + 1;
    return t('league.round.table', { table, a: `<@${a}>`, b: `<@${b}>` });
  });
  if (missing.length > MAX_TABLES_LISTED) lines.push(t('league.round.moreTables', { count: missing.length - MAX_TABLES_LISTED }));
  return { lines: lines.join('\n'), listed: listed.flat() };
}

/** Discord's relative time markup ("in 3 hours"): each reader sees it in their own language and time zone. */
export function relativeTime(date: Date): string {
  return `<t:${Math.floor(date.getTime() / 1000)}:R>`;
}
