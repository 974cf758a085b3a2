/**
 * /help — a first duel step by step, and hints for whoever is stuck, computed from the channel's game
 * (its latest, running or ended): where to answer a decision that waits for the asker, what to do with
 * an empty hand or an empty soulstone pool, what is left once the game is over. An ephemeral reply, in
 * the asker's language: help asked by one person is for them, and the hints read their own hand.
 *
 * /game's steps (start, undo, end and verify) are the platform's; the steps in between are the system's
 * own commands (its presentation's `guide`): the channel's game's system, or every system this bot plays
 * when the channel has no game. The hints are the system's too (`hints`), from views only.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import { latestStanding, type Standing } from '../../app/status.js';
import type { AnySystem } from '../../systems/contract.js';
import type { Translate } from '../../i18n/index.js';
import type { InitialReply } from '../contract.js';
import { defineCommand } from '../router.js';
import { describeProblem, ephemeral } from '../replies.js';
import { explain, type Scope } from '../play/perform.js';

export const helpDefinition = {
  name: 'help',
  description: 'How to play a first duel, and what to do next in this channel’s game',
  name_localizations: { fr: 'aide' },
  description_localizations: { fr: 'Comment jouer un premier duel, et que faire ensuite dans la partie de ce salon' },
} as const;

/** The walkthrough: /game new, each system's own steps, then undo and the end. */
function walkthrough(t: Translate, systems: readonly AnySystem[], locale: 'en' | 'fr'): string {
  const own = systems.flatMap((system) => {
    const steps = system.presentation.guide(t).steps;
    // Several systems and no game to choose one: each system's steps under its name.
    return systems.length > 1 ? [`__${system.name[locale]}__`, ...steps] : steps;
  });
  const steps = [t('help.start'), ...own, t('help.undo'), t('help.end')];
  let n = 0;
  return [...steps.map((step) => (step.startsWith('__') ? step : `${++n}. ${step}`)), '', t('help.more')].join('\n');
}

function hintsFor(t: Translate, standing: Standing): string[] {
  const { system, state } = standing.game;
  const mine = standing.seat === null ? null : system.privateView(state, standing.seat);
  return system.presentation.hints(t, system.publicView(state), mine);
}

export async function help(scope: Scope): Promise<InitialReply> {
  const t = scope.t;
  const found = await latestStanding(scope.services, scope.channelId, scope.asker.id);
  const standing = found.ok ? found.standing : null;
  const systems = standing ? [standing.game.system] : scope.services.systems.all;
  const hints = !found.ok ? [describeProblem(t, explain(t, found.problem))] : standing ? hintsFor(t, standing) : [t('help.noGame')];
  const embed: APIEmbed = {
    title: t('help.title'),
    description: walkthrough(t, systems, scope.locale).slice(0, 4000),
    fields: [
      ...(hints.length ? [{ name: t('help.hints'), value: hints.map((h) => `• ${h}`).join('\n').slice(0, 1024) }] : []),
      { name: t('help.leagues.title'), value: t('help.leagues') },
    ],
  };
  return ephemeral({ embeds: [embed] });
}

export default defineCommand(helpDefinition, (ctx) => help(ctx));
