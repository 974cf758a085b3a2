/**
 * /league: a league run inside Discord. Players join, report their games (the opponent confirms with a
 * button) and read the standings; organisers pair rounds (checked in a preview before they go out),
 * enter, correct, void and decide results, record forfeits, add bonus or penalty TP, and export.
 *
 * Public things (a round, a result, the standings) are answered in the channel, in the server's language;
 * refusals and previews to the asker alone, in theirs. Every answer is the interaction's own response:
 * none of it spends the bot's REST budget, except the ping of organisers when a report is disputed.
 */
import { createHash } from 'node:crypto';
import type { APIChatInputApplicationCommandInteraction } from 'discord-api-types/v10';
import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';
import { actOnLeague, createLeague, findLeague, leagueLog, parseLeague, type LoadedLeague } from '../../app/leagues.js';
import type { Problem } from '../../app/problems.js';
import type { LeagueCommand } from '../../leagues/decider.js';
import { drawRoundOne, pairNextRound } from '../../leagues/pairings.js';
import { checkOrganiser, tableKey, type Actor, type League } from '../../leagues/model.js';
import type { LeagueSettings } from '../../leagues/settings.js';
import type { ResolvedUser } from '../../systems/commandDefinition.js';
import type { AutocompleteChoice } from '../../systems/contract.js';
import type { InitialReply } from '../contract.js';
import { defineCommand, type AutocompleteContext, type CommandContext, type CommandModule } from '../router.js';
import { ephemeral, problemReply, reply } from '../replies.js';
import { publicTranslator } from '../publicLanguage.js';
import type { Translate } from '../../i18n/index.js';
import { leagueDefinition, parseTiebreaks } from './definition.js';
import { formatOf, LEAGUE_COLORS, logLines, nameOf, signed, PUBLISH_PREFIX, reportButtons, reportEmbed, roundEmbed, settingsLine, standingsEmbed } from './messages.js';
import { leagueAttachments, leagueExport, roundAttachments } from './files.js';

type Ctx = CommandContext<typeof leagueDefinition>;

/** The name a user option's user goes by in this server (nickname, display name, username). */
function displayName(interaction: APIChatInputApplicationCommandInteraction, user: ResolvedUser): string {
  return interaction.data.resolved?.members?.[user.id]?.nick ?? user.global_name ?? user.username;
}

const actorOf = (ctx: Ctx): Actor => ({ id: ctx.asker.id, roles: ctx.roles });

/** The SHA-256 of the league's seed, published before round one and checked by /league verify. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
}

/** `loaded`: the league as the subcommand found it, which the decision starts from. */
async function act(ctx: Ctx, loaded: LoadedLeague, command: LeagueCommand) {
  return actOnLeague(ctx.services, { leagueId: loaded.stored.id, loaded, command, actor: actorOf(ctx), interactionId: ctx.interactionId });
}

/** A reply in the channel, in the server's language, mentioning nobody unless told. */
async function inChannel(ctx: Ctx, build: (t: Translate) => Parameters<typeof reply>[0], options: Parameters<typeof reply>[1] = {}): Promise<InitialReply> {
  const tp = await publicTranslator(ctx, ctx.guildId);
  return reply(build(tp), options);
}

export function leagueCommand(): CommandModule<typeof leagueDefinition> {
  const command = defineCommand(leagueDefinition, async (ctx) => {
    if (!ctx.guildId) return problemReply(ctx.t, { code: 'GUILD_ONLY' });
    const guildId = ctx.guildId;
    const refuse = (problem: Problem) => problemReply(ctx.t, problem);
    const { invocation } = ctx;

    if (invocation.subcommand === 'list') {
      const leagues = await ctx.services.store.leagues.listLeagues(guildId);
      if (leagues.length === 0) return ephemeral(ctx.t('league.list.none'));
      const lines: string[] = [];
      for (const stored of leagues.slice(0, 20)) {
        const parsed = parseLeague(stored);
        if (!parsed.ok) continue;
        const { league } = parsed.league;
        lines.push(ctx.t('league.list.line', { name: league.name, status: ctx.t(`league.status.${league.status}`), players: league.players.length, rounds: league.rounds.length }));
      }
      return ephemeral({ embeds: [{ title: ctx.t('league.list.title'), description: lines.join('\n'), color: LEAGUE_COLORS.standings }] });
    }

    if (invocation.subcommand === 'create') {
      const { name, format, round_minutes } = invocation.args;
      const settings: Partial<LeagueSettings> = { ...(format ? { format } : {}), ...(round_minutes !== undefined ? { roundMinutes: round_minutes } : {}) };
      const created = await createLeague(ctx.services, { guildId, name, actor: { ...actorOf(ctx), name: ctx.asker.name }, interactionId: ctx.interactionId, settings });
      if (!created.ok) return refuse(created.problem);
      const { league } = created.league;
      return inChannel(ctx, (t) => ({
        content: `${t('league.created', { name: league.name, format: formatOf(t, league) })}\n-# ${t('league.commitment', { commitment: seedCommitment(league.seed) })}`,
      }));
    }

    const found = await findLeague(ctx.services, guildId, invocation.args.league);
    if (!found.ok) return refuse(found.problem);
    const leagueId = found.league.stored.id;
    const current = found.league.league;

    switch (invocation.subcommand) {
      case 'join':
      case 'add': {
        const who = invocation.subcommand === 'join' ? { id: ctx.asker.id, name: ctx.asker.name } : { id: invocation.args.player.id, name: displayName(ctx.interaction, invocation.args.player) };
        const done = await act(ctx, found.league, { type: 'join', playerId: who.id, name: who.name });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: t('league.joined', { name: who.name, league: done.league.league.name, count: done.league.league.players.length }) }));
      }
      case 'leave':
      case 'drop': {
        const playerId = invocation.subcommand === 'leave' ? ctx.asker.id : invocation.args.player.id;
        const done = await act(ctx, found.league, { type: 'leave', playerId });
        if (!done.ok) return refuse(done.problem);
        const event = done.events[0]!;
        const name = nameOf(done.league.league, playerId);
        return inChannel(ctx, (t) =>
          event.type === 'PlayerDropped' ? { content: t('league.dropped', { name, league: done.league.league.name, round: event.afterRound }) } : { content: t('league.left', { name, league: done.league.league.name }) },
        );
      }
      case 'report': {
        const { opponent, my_vp, their_vp } = invocation.args;
        if (opponent.id === ctx.asker.id) return refuse({ code: 'SAME_PLAYER' });
        const done = await act(ctx, found.league, { type: 'report', opponent: opponent.id, vp: [my_vp, their_vp] });
        if (!done.ok) return refuse(done.problem);
        const event = done.events[0]!;
        if (event.type !== 'ResultReported') return refuse({ code: 'UNKNOWN_REPORT' });
        return inChannel(
          ctx,
          (t) => ({ content: `<@${opponent.id}>`, embeds: [reportEmbed(t, done.league.league, event.report, null)], components: [reportButtons(t, leagueId, event.report.id)] }),
          // The opponent is pinged: the report waits on them.
        ).then((r) => withMentions(r, [opponent.id]));
      }
      case 'standings': {
        const afterRound = Math.min(invocation.args.round ?? current.rounds.length, current.rounds.length);
        const tp = await publicTranslator(ctx, ctx.guildId);
        const pictures = await leagueAttachments(tp, current, afterRound);
        const webUrl = ctx.services.leaguePageUrl?.(leagueId) ?? null;
        const embed = standingsEmbed(tp, current, { afterRound, webUrl, ...(pictures.ratings ? { ratings: pictures.ratings } : {}) });
        return reply({ embeds: [{ ...embed, ...pictures.image }, ...pictures.extraEmbeds], attachments: pictures.attachments }, { files: pictures.files });
      }
      case 'round': {
        const number = invocation.args.round ?? current.rounds.length;
        if (number > current.rounds.length) return refuse({ code: 'UNKNOWN_ROUND', params: { round: number } });
        if (number === 0) return inChannel(ctx, (t) => ({ embeds: [roundEmbed(t, current, number)] }));
        const tp = await publicTranslator(ctx, ctx.guildId);
        const picture = await roundAttachments(tp, current, number);
        return reply({ embeds: [{ ...roundEmbed(tp, current, number), ...picture.image }], attachments: picture.attachments }, { files: picture.files });
      }
      case 'export': {
        const as = invocation.args.as ?? 'csv';
        const files = leagueExport(current, as);
        return reply(
          { content: ctx.t('league.export.done', { league: current.name, format: as.toUpperCase() }), flags: MessageFlags.Ephemeral, attachments: files.map((f, i) => ({ id: i, filename: f.name })) },
          { files },
        );
      }
      case 'log': {
        const log = await leagueLog(ctx.services, leagueId);
        if (!log.ok) return refuse(log.problem);
        const lines = logLines(ctx.t, current, log.entries);
        // The newest entries fit an embed's 4,096 characters; older ones are in the export.
        const shown: string[] = [];
        let length = 0;
        for (const line of [...lines].reverse()) {
          if (length + line.length + 1 > 3900) break;
          shown.unshift(line);
          length += line.length + 1;
        }
        return ephemeral({ embeds: [{ title: ctx.t('league.log.title', { league: current.name }), description: shown.join('\n') || ctx.t('league.log.empty'), color: LEAGUE_COLORS.round }] });
      }
      case 'verify': {
        const commitment = seedCommitment(current.seed);
        const first = current.rounds.find((r) => r.number === 1);
        if (!first) return ephemeral(ctx.t('league.verify.pending', { commitment }));
        // Round one's players: everyone it seated, as the draw saw them.
        const seated = [...first.tables.flatMap((t) => t.players), ...first.byes];
        const draw = first.draw ?? 1;
        const redrawn = drawRoundOne(current.seed, seated, draw);
        const same = (tables: readonly { players: readonly [string, string] }[], byes: readonly string[]) => [...tables.map((t) => tableKey(1, t.players)), ...byes].sort().join('|');
        // A pairing changed by hand after the draw no longer matches, and says so.
        const match = same(redrawn.tables, redrawn.byes) === same(first.tables, first.byes) ? 'yes' : 'no';
        const done = ctx.t('league.verify.done', { seed: current.seed, commitment, match });
        return ephemeral(draw === 1 ? done : `${done}\n${ctx.t('league.verify.again', { draw })}`);
      }
      case 'pair':
        return pairPreview(ctx, current, found.league);
      case 'result': {
        const { round, player_a, vp_a, player_b, vp_b, reason } = invocation.args;
        if (player_a.id === player_b.id) return refuse({ code: 'SAME_PLAYER' });
        const done = await act(ctx, found.league, { type: 'enter', round, players: [player_a.id, player_b.id], vp: [vp_a, vp_b], reason: reason ?? null });
        if (!done.ok) return refuse(done.problem);
        const ruled = done.events.some((e) => e.type === 'ReportClosed');
        const corrected = current.results.some((r) => tableKey(r.round, r.players) === tableKey(round, [player_a.id, player_b.id]));
        const names = { round, a: nameOf(current, player_a.id), b: nameOf(current, player_b.id), vpA: vp_a, vpB: vp_b, reason: reason ?? '' };
        return inChannel(ctx, (t) => ({ content: t(ruled ? 'league.result.ruled' : corrected ? 'league.result.corrected' : 'league.result.entered', names) }));
      }
      case 'forfeit': {
        const { round, absent, opponent, both_absent, reason } = invocation.args;
        if (absent.id === opponent.id) return refuse({ code: 'SAME_PLAYER' });
        const gone = both_absent ? [absent.id, opponent.id] : [absent.id];
        const done = await act(ctx, found.league, { type: 'forfeit', round, players: [absent.id, opponent.id], absent: gone, reason: reason ?? null });
        if (!done.ok) return refuse(done.problem);
        const a = nameOf(current, absent.id);
        const b = nameOf(current, opponent.id);
        return inChannel(ctx, (t) => ({ content: both_absent ? t('league.result.forfeitBoth', { round, a, b }) : t('league.result.forfeit', { round, absent: a, other: b }) }));
      }
      case 'void': {
        const { round, player_a, player_b, reason } = invocation.args;
        const done = await act(ctx, found.league, { type: 'void', round, players: [player_a.id, player_b.id], reason });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: t('league.result.voided', { round, a: nameOf(current, player_a.id), b: nameOf(current, player_b.id), reason }) }));
      }
      case 'adjust': {
        const { player, tp, reason } = invocation.args;
        const done = await act(ctx, found.league, { type: 'adjust', playerId: player.id, tp, reason });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: t('league.adjusted', { tp: signed(tp), name: nameOf(current, player.id), reason: reason.trim() }) }));
      }
      case 'swap': {
        const { player_a, player_b } = invocation.args;
        const done = await act(ctx, found.league, { type: 'swap', a: player_a.id, b: player_b.id });
        if (!done.ok) return refuse(done.problem);
        const round = done.league.league.rounds.length;
        return inChannel(ctx, (t) => ({ content: t('league.swapped', { round, a: nameOf(current, player_a.id), b: nameOf(current, player_b.id) }), embeds: [roundEmbed(t, done.league.league, round)] }));
      }
      case 'pair_again': {
        const done = await act(ctx, found.league, { type: 'pairAgain' });
        if (!done.ok) return refuse(done.problem);
        const league = done.league.league;
        const round = league.rounds.at(-1)!;
        const tp = await publicTranslator(ctx, ctx.guildId);
        const picture = await roundAttachments(tp, league, round.number);
        // The round's players are pinged: their tables changed.
        const players = [...round.tables.flatMap((t) => t.players), ...round.byes];
        return withMentions(
          reply(
            { content: `${tp('league.pairedAgain', { round: round.number, league: league.name })}\n${players.map((id) => `<@${id}>`).join(' ')}`, embeds: [{ ...roundEmbed(tp, league, round.number), ...picture.image }], attachments: picture.attachments },
            { files: picture.files },
          ),
          players.slice(0, 100),
        );
      }
      case 'encounter': {
        const { round, code } = invocation.args;
        const trimmed = code?.trim() ?? '';
        let canonical: string | null = null;
        if (trimmed !== '') {
          // The code is the game system's: the first system that starts games from one checks it.
          const checker = ctx.services.systems.all.find((system) => system.encounterCode);
          const checked = checker?.encounterCode?.(trimmed) ?? { ok: false as const, error: { code: 'SYSTEM_NOT_BUILT', params: { system: 'm3e-game' } } };
          if (!checked.ok) return refuse(checked.error);
          canonical = checked.value;
        }
        const done = await act(ctx, found.league, { type: 'fixEncounter', round, code: canonical });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: canonical ? t('league.encounterFixed', { round, league: current.name, code: canonical }) : t('league.encounterCleared', { round, league: current.name }) }));
      }
      case 'settings': {
        const a = invocation.args;
        const patch: Record<string, unknown> = {};
        if (a.win !== undefined || a.draw !== undefined || a.loss !== undefined) {
          patch.points = { win: a.win ?? current.settings.points.win, draw: a.draw ?? current.settings.points.draw, loss: a.loss ?? current.settings.points.loss };
        }
        if (a.bye_tp !== undefined || a.bye_vp !== undefined || a.bye_diff !== undefined) {
          patch.bye = { ...current.settings.bye, ...(a.bye_tp !== undefined ? { tp: a.bye_tp } : {}), ...(a.bye_vp !== undefined ? { vp: a.bye_vp } : {}), ...(a.bye_diff !== undefined ? { vpDiff: a.bye_diff } : {}) };
        }
        if (a.forfeit_win_vp !== undefined || a.forfeit_loss_vp !== undefined) {
          patch.forfeit = { winnerVp: a.forfeit_win_vp ?? current.settings.forfeit.winnerVp, loserVp: a.forfeit_loss_vp ?? current.settings.forfeit.loserVp };
        }
        if (a.tiebreaks !== undefined) {
          const parsed = parseTiebreaks(a.tiebreaks);
          if (!parsed.ok) return refuse({ code: 'TIEBREAKS_UNKNOWN', params: { name: parsed.word } });
          patch.tiebreaks = parsed.order;
        }
        if (a.missing_results !== undefined) patch.missingResults = a.missing_results;
        if (a.max_vp !== undefined) patch.maxVp = a.max_vp;
        if (a.format !== undefined) patch.format = a.format;
        if (a.round_minutes !== undefined) patch.roundMinutes = a.round_minutes;
        if (a.rating !== undefined) patch.rating = a.rating;
        // No option: the settings as they stand, to the asker.
        if (Object.keys(patch).length === 0) return ephemeral(settingsLine(ctx.t, current));
        const done = await act(ctx, found.league, { type: 'changeSettings', settings: patch });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: `${t('league.settingsSaved', { league: current.name })}\n${settingsLine(t, done.league.league)}` }));
      }
      case 'organisers': {
        const roleId = invocation.args.role ?? null;
        const done = await act(ctx, found.league, { type: 'setOrganiserRole', roleId });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: roleId ? t('league.organiserRole', { role: `<@&${roleId}>`, league: current.name }) : t('league.organiserRoleCleared', { league: current.name }) }));
      }
      case 'link': {
        // Linking changes no league fact, but only an organiser may send a channel's games to a league.
        const organiser = checkOrganiser(current, ctx.asker.id, ctx.roles);
        if (!organiser.ok) return refuse(organiser.error);
        const unlink = invocation.args.unlink === true;
        await ctx.services.store.leagues.linkChannel(ctx.channelId, unlink ? null : leagueId);
        return inChannel(ctx, (t) => ({ content: unlink ? t('league.unlinked') : t('league.linked', { league: current.name }) }));
      }
      case 'close': {
        const done = await act(ctx, found.league, { type: 'close' });
        if (!done.ok) return refuse(done.problem);
        return inChannel(ctx, (t) => ({ content: t('league.closed', { league: current.name }) }));
      }
    }
  });
  return { ...command, autocomplete: autocompleteLeague };
}

function withMentions(r: InitialReply, users: string[]): InitialReply {
  const response = r.response;
  if (response.type !== 4 || !response.data) return r;
  return { ...r, response: { ...response, data: { ...response.data, allowed_mentions: { parse: [], users } } } };
}

/**
 * The next round as it would go out, to the organiser alone: its tables, byes, unavoidable rematches and
 * repeated byes flagged, missing results warned. "Send the round" pairs it for real (the league's version
 * is in the button: a league changed meanwhile is paired again, never sent from a stale preview).
 */
function pairPreview(ctx: Ctx, league: League, loaded: LoadedLeague): InitialReply {
  const checked = checkOrganiser(league, ctx.asker.id, ctx.roles);
  if (!checked.ok) return problemReply(ctx.t, checked.error);
  const pairing = pairNextRound(league);
  if (!pairing.ok) return problemReply(ctx.t, pairing.error);
  const preview: League = { ...league, rounds: [...league.rounds, { number: pairing.value.round, tables: pairing.value.tables, byes: pairing.value.byes, rematches: pairing.value.rematches }] };
  const embed = roundEmbed(ctx.t, preview, pairing.value.round);
  const flags = [
    ...pairing.value.rematches.map(([a, b]) => ctx.t('league.preview.rematch', { a: nameOf(league, a), b: nameOf(league, b) })),
    ...pairing.value.repeatedByes.map((id) => ctx.t('league.preview.repeatedBye', { name: nameOf(league, id) })),
    ...pairing.value.warnings.map((w) => ctx.t('league.preview.warning', { text: ctx.t(`error.${w.code}`, w.params) })),
  ];
  return ephemeral({
    content: ctx.t('league.preview.only'),
    embeds: [{ ...embed, title: ctx.t('league.preview.title', { round: pairing.value.round, league: league.name }), description: [embed.description ?? '', ...(flags.length ? ['', ...flags] : [])].join('\n') }],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: ctx.t('league.preview.publish'), custom_id: `fk:${PUBLISH_PREFIX}:${loaded.stored.id}:${loaded.stored.version}` }],
      },
    ],
  });
}

/** The server's leagues whose name contains what was typed (the value is the league's id). */
export async function autocompleteLeague(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  if (!ctx.guildId) return [];
  const typed = ctx.focused.value.toString().trim().toLowerCase();
  const leagues = await ctx.services.store.leagues.listLeagues(ctx.guildId);
  return (leagues.filter((l) => l.name.toLowerCase().includes(typed)).map((l) => ({ name: l.status === 'closed' ? `${l.name} (${ctx.t('league.status.closed')})` : l.name, value: l.id })));
}

