/**
 * /game — the channel's game, whatever its system: start one, end it, undo, read the audit log, verify
 * the shuffles. Its `system` choices are the systems this bot is built with: one not built cannot be chosen.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { defineCommand } from '../router.js';
import { ephemeral, problemReply } from '../replies.js';
import { createGame, undoLast, act } from '../../app/games.js';
import type { SystemRegistry } from '../../systems/registry.js';
import type { AnySystem, SeatLookup } from '../../systems/contract.js';
import { announceGameStart, announceUndo, deliverAfterAction } from '../play/deliveries.js';
import { explain, whoOf } from '../play/perform.js';
import { auditLog, verifyGame } from './gameLog.js';
import { gameStatus } from './gameStatus.js';
import { serverLanguageSubcommand, setServerLanguage } from './serverLanguage.js';

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
          ],
        },
        {
          type: Option.Subcommand,
          name: 'end',
          description: 'End the game (either player or a referee); reveals the shuffle seed',
          name_localizations: { fr: 'fin' },
          description_localizations: { fr: 'Terminer la partie (un joueur ou un arbitre) ; révèle la graine des mélanges' },
        },
        {
          type: Option.Subcommand,
          name: 'undo',
          description: 'Undo the last action (referee: any; player: your own, if nobody acted since)',
          name_localizations: { fr: 'annuler' },
          description_localizations: { fr: "Annuler la dernière action (arbitre : toute ; joueur : la sienne, si personne n'a agi depuis)" },
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
  return defineCommand(definition(systems),
  async (ctx) => {
    const { invocation, services } = ctx;
    const who = whoOf(ctx);
    switch (invocation.subcommand) {
      case 'new': {
        const opponent = invocation.args.opponent;
        if (opponent.id === ctx.asker.id) return problemReply(ctx.t, { code: 'OPPONENT_IS_SELF' });
        if (opponent.bot) return problemReply(ctx.t, { code: 'OPPONENT_IS_BOT' });
        const created = await createGame(services, {
          guildId: ctx.guildId,
          channelId: ctx.channelId,
          createdBy: ctx.asker.id,
          interactionId: ctx.interactionId,
          system: invocation.args.system,
          options: {
            ...(invocation.args.hand_limit !== undefined ? { handLimit: invocation.args.hand_limit } : {}),
            ...(invocation.args.prevent_and_reduce !== undefined ? { preventAndReduce: invocation.args.prevent_and_reduce } : {}),
          },
          seats: [
            { userId: ctx.asker.id, name: ctx.asker.name },
            { userId: opponent.id, name: opponent.global_name ?? opponent.username },
          ],
        });
        if (!created.ok) return problemReply(ctx.t, explain(ctx.t, created.problem));
        return announceGameStart(ctx, created.game);
      }
      case 'end': {
        const ended = await act(services, ctx.channelId, who, (_seatOf: SeatLookup, system: AnySystem) => system.end({ reason: null }));
        if (!ended.ok) return problemReply(ctx.t, explain(ctx.t, ended.problem, ended.game));
        return deliverAfterAction(ctx, ended, { reply: 'public' });
      }
      case 'undo': {
        const undone = await undoLast(services, ctx.channelId, who);
        if (!undone.ok) return problemReply(ctx.t, undone.problem);
        return announceUndo(ctx, undone);
      }
      case 'status':
        return gameStatus(ctx);
      case 'log':
        return auditLog(ctx);
      case 'verify':
        return verifyGame(ctx);
      case 'referee-role': {
        if (!ctx.guildId) return problemReply(ctx.t, { code: 'GUILD_ONLY' });
        const permissions = BigInt(ctx.interaction.member?.permissions ?? '0');
        const MANAGE_GUILD = 1n << 5n;
        const ADMINISTRATOR = 1n << 3n;
        if ((permissions & (MANAGE_GUILD | ADMINISTRATOR)) === 0n) return problemReply(ctx.t, { code: 'NEEDS_MANAGE_GUILD' });
        const roleId = invocation.args.role ?? null;
        await services.store.saveGuildSettings({ guildId: ctx.guildId, refereeRoleId: roleId });
        return ephemeral(roleId ? ctx.t('game.refereeRoleSet', { role: `<@&${roleId}>` }) : ctx.t('game.refereeRoleCleared'));
      }
      case 'server-language':
        return setServerLanguage(ctx, invocation.args.language);
    }
  });
}
