/**
 * /game — the channel's game, whatever its system: start one, end it, undo, read the audit log, verify
 * the shuffles. Its `system` choices are the systems this bot is built with: one not built cannot be chosen.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { defineCommand } from '../router.js';
import { ephemeral, problemReply } from '../replies.js';
import { createGame } from '../../app/games.js';
import type { SystemRegistry } from '../../systems/registry.js';
import type { InitialReply } from '../contract.js';
import { announceGameStart } from '../play/deliveries.js';
import { explain } from '../play/perform.js';
import { both, settleDueEnd } from '../play/finalEnd.js';
import { auditLog, verifyGame } from './gameLog.js';
import { publicTranslator } from '../publicLanguage.js';
import { gameStatus } from './gameStatus.js';
import { serverLanguageSubcommand, setServerLanguage } from './serverLanguage.js';
import { endCommand } from './gameEnd.js';
import { undoCommand } from './gameUndo.js';
import { chosenRefereeRole, refereeOffers, refereesField, rolesOfOption } from './referees.js';
import { gamesAwaitingYou } from './gameMine.js';
import { chosenTurnClock, turnClockField } from './turnClock.js';
import { TURN_CLOCK_HOURS } from '../../app/awaiting.js';
import { openGameThread, startedInThread, threadRefusal } from './gameThread.js';
import { findLeague } from '../../app/leagues.js';
import { autocompleteLeague } from '../leagues/command.js';

/** `reply` with `after` run once its own after() work is done. */
function followedBy(reply: InitialReply, after: (() => Promise<void>) | undefined): InitialReply {
  const work = both(reply.after, after);
  return work ? { ...reply, after: work } : reply;
}

/** The definition, with the registry's systems as the `system` option's choices. */
function definition(systems: SystemRegistry) {
  const choices = systems.all.map((s) => ({ name: s.name.en, value: s.id, name_localizations: { fr: s.name.fr } }));
  return {
      name: 'game',
      description: "Start, end, undo, follow or audit this channel's game",
      name_localizations: { fr: 'partie' },
      description_localizations: { fr: 'Créer, terminer, annuler, suivre ou vérifier la partie de ce salon' },
      contexts: [0],
      options: [
        {
          type: Option.Subcommand,
          name: 'new',
          description: 'Start a game in this channel against another player',
          name_localizations: { fr: 'nouvelle' },
          description_localizations: { fr: 'Commencer une partie dans ce salon contre un autre joueur' },
          options: [
            {
              type: Option.User,
              name: 'opponent',
              description: 'The other player',
              name_localizations: { fr: 'adversaire' },
              description_localizations: { fr: "L'autre joueur" },
              required: true,
            },
            {
              type: Option.String,
              name: 'system',
              description: 'Which rules the bot referees',
              name_localizations: { fr: 'systeme' },
              description_localizations: { fr: 'Les règles que le bot arbitre' },
              required: true,
              choices,
            },
            {
              type: Option.String,
              name: 'pack',
              description: 'A whole game: the encounter pack (default: core rules)',
              name_localizations: { fr: 'pack' },
              description_localizations: { fr: 'Une partie entière : le pack de rencontres (par défaut : règles de base)' },
              choices: [
                { name: 'Core rules', value: 'core', name_localizations: { fr: 'Règles de base' } },
                { name: 'Gaining Grounds 3', value: 'gg3' },
              ],
            },
            {
              type: Option.String,
              name: 'encounter',
              description: 'A whole game: a fixed encounter’s share code (from /encounter)',
              name_localizations: { fr: 'rencontre' },
              description_localizations: { fr: 'Une partie entière : le code d’une rencontre fixée (de /encounter)' },
              max_length: 20,
            },
            {
              type: Option.Integer,
              name: 'encounter_size',
              description: 'A whole game: the encounter size in soulstones (default 50)',
              name_localizations: { fr: 'taille' },
              description_localizations: { fr: 'Une partie entière : la taille de la rencontre en Pierrâmes (50 par défaut)' },
              min_value: 20,
              max_value: 99,
            },
            {
              type: Option.Integer,
              name: 'no_cost',
              description: 'A whole game: the cost of a Master printed with a dash, where schemes compare costs (default 0)',
              name_localizations: { fr: 'sans_cout' },
              description_localizations: { fr: 'Partie entière : le coût d’un Maître sans coût imprimé, pour les combines (0 par défaut)' },
              min_value: 0,
              max_value: 20,
            },
            {
              type: Option.Integer,
              name: 'hand_limit',
              description: 'Control Hand maximum (default 6)',
              name_localizations: { fr: 'main_max' },
              description_localizations: { fr: 'Maximum de la Main de Contrôle (6 par défaut)' },
              min_value: 1,
              max_value: 20,
            },
            {
              type: Option.Boolean,
              name: 'prevent_and_reduce',
              description: 'Allow both soulstone Prevent and Reduce on one damage (default no)',
              name_localizations: { fr: 'prevenir_et_reduire' },
              description_localizations: { fr: 'Permettre Prévenir et Réduire sur un même dégât (non par défaut)' },
            },
            {
              type: Option.Role,
              name: 'referee_role',
              description: "Who referees: this role's members (default: the server's referee role)",
              name_localizations: { fr: 'role_arbitre' },
              description_localizations: { fr: 'Qui arbitre : les membres de ce rôle (par défaut : le rôle d’arbitre du serveur)' },
            },
            {
              type: Option.Boolean,
              name: 'no_referee',
              description: 'Nobody referees this game',
              name_localizations: { fr: 'sans_arbitre' },
              description_localizations: { fr: 'Personne n’arbitre cette partie' },
            },
            {
              type: Option.Integer,
              name: 'turn_clock',
              description: 'Slow games: hours each decision may take (reminded at half, warned before the deadline)',
              name_localizations: { fr: 'delai' },
              description_localizations: { fr: 'Parties lentes : heures par décision (rappel à la moitié, avertissement avant l’échéance)' },
              min_value: TURN_CLOCK_HOURS.min,
              max_value: TURN_CLOCK_HOURS.max,
            },
            {
              type: Option.String,
              name: 'deadline',
              description: 'With a turn clock: what its deadline does (default: nothing)',
              name_localizations: { fr: 'echeance' },
              description_localizations: { fr: 'Avec un délai : ce que fait son échéance (par défaut : rien)' },
              choices: [
                { name: 'Nothing', value: 'nothing', name_localizations: { fr: 'Rien' } },
                { name: 'Ping the referees', value: 'referees', name_localizations: { fr: 'Appeler les arbitres' } },
              ],
            },
            {
              type: Option.String,
              name: 'league',
              description: 'The league this game counts for (its result is recorded when it ends)',
              name_localizations: { fr: 'ligue' },
              description_localizations: { fr: 'La ligue pour laquelle compte cette partie (résultat enregistré à la fin)' },
              autocomplete: true,
              max_length: 64,
            },
            {
              type: Option.Boolean,
              name: 'thread',
              description: 'Open the game in a thread of its own (for a whole game by post)',
              name_localizations: { fr: 'fil' },
              description_localizations: { fr: 'Ouvrir la partie dans son propre fil (pour une partie entière par messages)' },
            },
          ],
        },
        {
          type: Option.Subcommand,
          name: 'mine',
          description: 'Every game of this server that is waiting for you',
          name_localizations: { fr: 'mes-parties' },
          description_localizations: { fr: 'Toutes les parties de ce serveur qui vous attendent' },
        },
        {
          type: Option.Subcommand,
          name: 'end',
          description: 'End the game: concede or abandon (either player may take it back for 10 minutes)',
          name_localizations: { fr: 'fin' },
          description_localizations: { fr: 'Terminer : concéder ou abandonner (chaque joueur peut revenir dessus pendant 10 minutes)' },
        },
        {
          type: Option.Subcommand,
          name: 'undo',
          description: 'Undo the last action (a referee: any; a player: with the other’s agreement)',
          name_localizations: { fr: 'annuler' },
          description_localizations: { fr: "Annuler la dernière action (un arbitre : toute ; un joueur : avec l'accord de l'autre)" },
        },
        {
          type: Option.Subcommand,
          name: 'status',
          description: 'Where the game stands: whose decision, pools, cards (your hand, to you alone)',
          name_localizations: { fr: 'etat' },
          description_localizations: { fr: 'Où en est la partie : qui décide, réserves, cartes (votre main, pour vous seul)' },
        },
        {
          type: Option.Subcommand,
          name: 'log',
          description: 'The audit log (public events only until the game ends)',
          name_localizations: { fr: 'journal' },
          description_localizations: { fr: "Le journal d'audit (événements publics seulement jusqu'à la fin)" },
        },
        {
          type: Option.Subcommand,
          name: 'verify',
          description: 'Check that every shuffle followed the committed seed (after the game ends)',
          name_localizations: { fr: 'verifier' },
          description_localizations: { fr: 'Vérifier que chaque mélange suit la graine annoncée (après la fin)' },
        },
        {
          type: Option.Subcommand,
          name: 'referee-role',
          description: 'Set the server role whose members may referee games (server managers only)',
          name_localizations: { fr: 'role-arbitre' },
          description_localizations: { fr: 'Choisir le rôle du serveur dont les membres arbitrent (gestionnaires du serveur)' },
          options: [
            {
              type: Option.Role,
              name: 'role',
              description: 'The referee role; leave empty to clear it',
              name_localizations: { fr: 'role' },
              description_localizations: { fr: "Le rôle d'arbitre ; vide pour le retirer" },
            },
          ],
        },
        serverLanguageSubcommand,
      ],
  } as const;
}

export function gameCommand(systems: SystemRegistry) {
  const command = defineCommand(definition(systems),
  async (ctx) => {
    const { invocation, services } = ctx;
    switch (invocation.subcommand) {
      case 'new': {
        const opponent = invocation.args.opponent;
        if (opponent.id === ctx.asker.id) return problemReply(ctx.t, { code: 'OPPONENT_IS_SELF' });
        if (opponent.bot) return problemReply(ctx.t, { code: 'OPPONENT_IS_BOT' });
        const referees = await chosenRefereeRole(ctx, invocation.args);
        if (!referees.ok) return problemReply(ctx.t, referees.problem);
        const turnClock = chosenTurnClock(invocation.args, referees.roleId);
        if (!turnClock.ok) return problemReply(ctx.t, turnClock.problem);
        const thread = invocation.args.thread === true;
        const cannotThread = thread ? threadRefusal(ctx) : null;
        if (cannotThread) return problemReply(ctx.t, cannotThread);
        const opponentName = opponent.global_name ?? opponent.username;
        // A league named here: the game reports to it, and its latest round's fixed encounter is played.
        const league = invocation.args.league !== undefined && ctx.guildId ? await findLeague(services, ctx.guildId, invocation.args.league) : null;
        if (league && !league.ok) return problemReply(ctx.t, league.problem);
        const encounterCode = invocation.args.encounter ?? (league?.ok ? league.league.league.rounds.at(-1)?.encounter : undefined);
        // The channel's game may be over already, its take-back window passed: then it is final first.
        const due = await settleDueEnd(ctx, ctx.channelId);
        const created = await createGame(services, {
          guildId: ctx.guildId,
          channelId: ctx.channelId,
          createdBy: ctx.asker.id,
          interactionId: ctx.interactionId,
          refereeRole: referees.roleId,
          turnClock: turnClock.clock,
          system: invocation.args.system,
          options: {
            ...(invocation.args.hand_limit !== undefined ? { handLimit: invocation.args.hand_limit } : {}),
            ...(invocation.args.prevent_and_reduce !== undefined ? { preventAndReduce: invocation.args.prevent_and_reduce } : {}),
            // A whole game's own options; a system without them ignores them.
            ...(invocation.args.pack !== undefined ? { pack: invocation.args.pack } : {}),
            ...(encounterCode !== undefined ? { encounterCode } : {}),
            ...(invocation.args.encounter_size !== undefined ? { encounterSize: invocation.args.encounter_size } : {}),
            ...(invocation.args.no_cost !== undefined ? { noCostValue: invocation.args.no_cost } : {}),
          },
          seats: [
            { userId: ctx.asker.id, name: ctx.asker.name },
            { userId: opponent.id, name: opponentName },
          ],
          ...(thread ? { openChannel: () => openGameThread(ctx, [ctx.asker.name, opponentName]) } : {}),
        });
        if (!created.ok) return followedBy(problemReply(ctx.t, explain(ctx.t, created.problem)), due?.announce);
        if (league?.ok) await services.store.leagues.linkGame(created.game.stored.id, league.league.stored.id);
        const started = await announceGameStart(ctx, created.game);
        // Who referees is said where the game starts.
        const data = started.response.type === 4 ? started.response.data : undefined;
        const [first, ...rest] = data?.embeds ?? [];
        if (data && first) {
          const tp = await publicTranslator(ctx, ctx.guildId);
          data.embeds = [{ ...first, fields: [...(first.fields ?? []), refereesField(tp, referees.roleId), ...turnClockField(tp, turnClock.clock)] }, ...rest];
        }
        const roles = (userId: string) => (userId === ctx.asker.id ? ctx.roles : rolesOfOption(ctx.interaction, userId));
        return followedBy(thread ? await startedInThread(ctx, created.game, started) : started, both(due?.announce, refereeOffers(ctx, created.game, referees.roleId, roles)));
      }
      case 'end':
        return endCommand(ctx);
      case 'undo':
        return undoCommand(ctx);
      case 'log': {
        // Whoever looks next makes a due end final, so the log they read is the whole one.
        const due = await settleDueEnd(ctx, ctx.channelId);
        return followedBy(await auditLog(ctx), due?.announce);
      }
      case 'verify': {
        const due = await settleDueEnd(ctx, ctx.channelId);
        return followedBy(await verifyGame(ctx), due?.announce);
      }
      case 'status':
        return gameStatus(ctx);
      case 'mine':
        return gamesAwaitingYou(ctx);
      case 'referee-role': {
        if (!ctx.guildId) return problemReply(ctx.t, { code: 'GUILD_ONLY' });
        const permissions = BigInt(ctx.interaction.member?.permissions ?? '0');
        const MANAGE_GUILD = 1n << 5n;
        const ADMINISTRATOR = 1n << 3n;
        if ((permissions & (MANAGE_GUILD | ADMINISTRATOR)) === 0n) return problemReply(ctx.t, { code: 'NEEDS_MANAGE_GUILD' });
        const roleId = invocation.args.role ?? null;
        await services.store.saveGuildSettings({ guildId: ctx.guildId, refereeRoleId: roleId });
        if (!roleId) return ephemeral(ctx.t('game.refereeRoleCleared'));
        // Named in words: a role mention alone may show as "@unknown-role" in an ephemeral reply.
        const name = ctx.interaction.data.resolved?.roles?.[roleId]?.name ?? roleId;
        return ephemeral(ctx.t('game.refereeRoleSet', { name, role: `<@&${roleId}>` }));
      }
      case 'server-language':
        return setServerLanguage(ctx, invocation.args.language);
    }
  });
  // The only option of /game that autocompletes: /game new's league.
  return { ...command, autocomplete: autocompleteLeague };
}
