/**
 * The league's buttons and form:
 * - `fk:lgrep:<leagueId>:<reportId>:<confirm|dispute|withdraw>` under a reported result: the opponent
 *   confirms (the result counts) or disputes (a form asks why; the organisers are pinged), the reporter
 *   may withdraw. Who may answer is the decider's call, on every click.
 * - `fk:lgdis:<leagueId>:<reportId>` the dispute form's submission.
 * - `fk:lgpair:<leagueId>:<version>` "Send the round" under an organiser's preview: the round is paired
 *   for real only if the league is still as previewed.
 * The ids are hints: the league, the report and the asker are checked again on every use.
 */
import { InteractionResponseType, TextInputStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';
import { actOnLeague, loadLeague } from '../../app/leagues.js';
import { LEAGUE_ID_PATTERN, type League } from '../../leagues/model.js';
import type { InitialReply } from '../contract.js';
import type { ComponentContext, ComponentModule } from '../router.js';
import { problemReply, update } from '../replies.js';
import { publicTranslator } from '../publicLanguage.js';
import { markCommitted } from '../interaction.js';
import { roundAttachments } from './files.js';
import { DISPUTE_MODAL_PREFIX, nameOf, PUBLISH_PREFIX, REPORT_PREFIX, reportEmbed, roundEmbed } from './messages.js';

const stale = (ctx: ComponentContext) => problemReply(ctx.t, { code: 'STALE_BUTTON' });
const actor = (ctx: ComponentContext) => ({ id: ctx.asker.id, roles: ctx.roles });

/** Who is pinged when a report is disputed (or a timed round ends): the organiser role, else the league's creator. */
export function organisersMention(league: League): { text: string; users: string[]; roles: string[] } {
  if (league.organiserRoleId) return { text: `<@&${league.organiserRoleId}>`, users: [], roles: [league.organiserRoleId] };
  return { text: `<@${league.createdBy}>`, users: [league.createdBy], roles: [] };
}

async function answerReport(ctx: ComponentContext, leagueId: string, reportId: number, answer: 'confirm' | 'dispute' | 'withdraw', reason = ''): Promise<InitialReply> {
  const loaded = await loadLeague(ctx.services, leagueId);
  if (!loaded.ok) return stale(ctx);
  const before = loaded.league.league;
  const report = before.reports.find((r) => r.id === reportId);
  const command = answer === 'dispute' ? { type: 'dispute' as const, reportId, reason } : { type: answer, reportId };
  const done = await actOnLeague(ctx.services, { leagueId, loaded: loaded.league, command, actor: actor(ctx), interactionId: ctx.interactionId });
  if (!done.ok) return problemReply(ctx.t, done.problem);
  markCommitted(ctx);
  const tp = await publicTranslator(ctx, ctx.guildId);
  const league = done.league.league;
  const name = nameOf(league, ctx.asker.id) === ctx.asker.id ? ctx.asker.name : nameOf(league, ctx.asker.id);
  if (!report) return stale(ctx);
  if (answer === 'dispute') {
    const organisers = organisersMention(league);
    const status = tp('league.report.disputed', { name, reason: reason.trim(), organisers: organisers.text, round: report.round });
    const disputed = league.reports.find((r) => r.id === reportId) ?? report;
    return update(
      { embeds: [reportEmbed(tp, league, disputed, status)], components: [] },
      {
        // An edit pings nobody: the organisers get a message of their own.
        after: async () => {
          await ctx.services.outbox.postToChannel(ctx.channelId, { content: status, allowed_mentions: { users: organisers.users, roles: organisers.roles } });
        },
      },
    );
  }
  const status = answer === 'confirm' ? tp('league.report.confirmed', { name }) : tp('league.report.withdrawn', { name });
  return update({ embeds: [reportEmbed(tp, league, report, status)], components: [] });
}

export const reportComponent: ComponentModule = {
  prefix: REPORT_PREFIX,
  async handle(ctx) {
    const [leagueId, reportIdText, answer] = ctx.parts;
    const reportId = Number(reportIdText);
    if (!leagueId || !LEAGUE_ID_PATTERN.test(leagueId) || !Number.isSafeInteger(reportId) || reportId < 1) return stale(ctx);
    if (ctx.interaction.type === 5) return stale(ctx);
    if (answer === 'confirm' || answer === 'withdraw') return answerReport(ctx, leagueId, reportId, answer);
    if (answer !== 'dispute') return stale(ctx);
    // The reason is asked first; the dispute is written when the form comes back.
    return {
      response: {
        type: InteractionResponseType.Modal,
        data: {
          custom_id: `fk:${DISPUTE_MODAL_PREFIX}:${leagueId}:${reportId}`,
          title: ctx.t('league.dispute.title'),
          components: [
            { type: ComponentType.ActionRow, components: [{ type: ComponentType.TextInput, custom_id: 'reason', label: ctx.t('league.dispute.reason'), style: TextInputStyle.Paragraph, required: true, min_length: 3, max_length: 300 }] },
          ],
        },
      },
    };
  },
};

export const disputeForm: ComponentModule = {
  prefix: DISPUTE_MODAL_PREFIX,
  async handle(ctx) {
    const [leagueId, reportIdText] = ctx.parts;
    const reportId = Number(reportIdText);
    // Only the form this prefix opens: a click under it is nothing the bot ever showed.
    if (ctx.interaction.type !== 5 || !leagueId || !LEAGUE_ID_PATTERN.test(leagueId) || !Number.isSafeInteger(reportId) || reportId < 1) return stale(ctx);
    const reason = (ctx.fields.reason ?? '').trim();
    if (reason.length < 3) return problemReply(ctx.t, { code: 'REASON_REQUIRED' });
    return answerReport(ctx, leagueId, reportId, 'dispute', reason);
  },
};

export const publishRound: ComponentModule = {
  prefix: PUBLISH_PREFIX,
  async handle(ctx) {
    const [leagueId, versionText] = ctx.parts;
    const version = Number(versionText);
    if (ctx.interaction.type === 5 || !leagueId || !LEAGUE_ID_PATTERN.test(leagueId) || !Number.isSafeInteger(version)) return stale(ctx);
    const loaded = await loadLeague(ctx.services, leagueId);
    if (!loaded.ok) return stale(ctx);
    // The round goes out as previewed or not at all: any change since (a result, a player) is a new preview.
    if (loaded.league.stored.version !== version) return update({ content: ctx.t('league.preview.stale'), embeds: [], components: [] });
    const done = await actOnLeague(ctx.services, { leagueId, loaded: loaded.league, command: { type: 'pairRound', now: new Date(ctx.services.clock()).toISOString() }, actor: actor(ctx), interactionId: ctx.interactionId, channelId: ctx.channelId });
    if (!done.ok) return problemReply(ctx.t, done.problem);
    markCommitted(ctx);
    const league = done.league.league;
    const round = league.rounds.at(-1)!;
    const tp = await publicTranslator(ctx, ctx.guildId);
    const players = [...round.tables.flatMap((t) => t.players), ...round.byes];
    // The preview closes; the round goes to the channel, pinging its players.
    return {
      ...update({ content: ctx.t('league.round.title', { league: league.name, round: round.number }), embeds: [], components: [], flags: MessageFlags.Ephemeral }),
      after: async () => {
        const picture = await roundAttachments(tp, league, round.number);
        await ctx.services.outbox.postToChannel(ctx.channelId, {
          content: players.map((id) => `<@${id}>`).join(' '),
          embeds: [{ ...roundEmbed(tp, league, round.number), ...picture.image }],
          attachments: picture.attachments,
          files: picture.files,
          allowed_mentions: { users: players.slice(0, 100) },
        });
      },
    };
  },
};

export const leagueComponents: readonly ComponentModule[] = [reportComponent, disputeForm, publishRound];

