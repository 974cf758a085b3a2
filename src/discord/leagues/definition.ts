/**
 * /league's definition: plain Discord API JSON. The league option autocompletes from the server's leagues
 * (its value is the league's id; a name typed by hand is found too).
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { TIEBREAKS } from '../../leagues/settings.js';

/**
 * An option's common shape: its type, its name and description in English and French, then what is
 * particular to it. Every option of /league is one (the key order is what Discord receives).
 */
const option = <const T extends Option, const N extends string, const X extends object>(type: T, name: N, fr: string, description: string, descriptionFr: string, rest: X) =>
  ({ type, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, ...rest }) as const;

/** The league a subcommand acts on: autocompleted from the server's leagues (a name typed by hand is found too). */
const league = option(Option.String, 'league', 'ligue', 'The league', 'La ligue', { required: true, autocomplete: true, max_length: 64 });

const player = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) => option(Option.User, name, fr, description, descriptionFr, { required: true });
/** The one player a subcommand is about (add, drop, adjust). */
const thePlayer = player('player', 'joueur', 'The player', 'Le joueur');
/** A table's two players, either way round. */
const playerA = player('player_a', 'joueur_a', 'One player', 'Un joueur');
const playerB = player('player_b', 'joueur_b', 'The other player', 'L’autre joueur');

const vp = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  option(Option.Integer, name, fr, description, descriptionFr, { required: true, min_value: -99, max_value: 99 });

const round = option(Option.Integer, 'round', 'ronde', 'The round', 'La ronde', { required: true, min_value: 1, max_value: 99 });
/** A round to read, the latest unless told. */
const latestRound = (description: string, descriptionFr: string) => ({ ...round, required: false, description, description_localizations: { fr: descriptionFr } }) as const;

const reason = <const R extends boolean>(required: R) =>
  option(Option.String, 'reason', 'raison', 'Why (kept in the league’s log)', 'Pourquoi (gardé dans le journal de la ligue)', { required, max_length: 200 });

const format = option(Option.String, 'format', 'format', 'A season (open rounds over weeks) or a one-day event (timed rounds)', 'Une saison (rondes ouvertes sur des semaines) ou un tournoi d’un jour (rondes minutées)', {
  choices: [
    { name: 'Season', value: 'season', name_localizations: { fr: 'Saison' } },
    { name: 'One-day event', value: 'event', name_localizations: { fr: 'Tournoi d’un jour' } },
  ],
});

const roundMinutes = option(Option.Integer, 'round_minutes', 'minutes_ronde', 'An event: how long each round lasts, in minutes', 'Un tournoi : durée de chaque ronde, en minutes', { min_value: 15, max_value: 600 });

const tp = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) => option(Option.Integer, name, fr, description, descriptionFr, { min_value: -10, max_value: 10 });
const vpSetting = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) => option(Option.Integer, name, fr, description, descriptionFr, { min_value: -8, max_value: 8 });

const sub = <const N extends string, const O extends readonly unknown[]>(name: N, fr: string, description: string, descriptionFr: string, options: O) =>
  option(Option.Subcommand, name, fr, description, descriptionFr, { options });

export const TIEBREAK_WORDS: Record<string, (typeof TIEBREAKS)[number]> = {
  tp: 'tp',
  pt: 'tp',
  vpdiff: 'vpDiff',
  vpd: 'vpDiff',
  diff: 'vpDiff',
  vp: 'vpTotal',
  pv: 'vpTotal',
  vptotal: 'vpTotal',
  sos: 'sos',
  h2h: 'headToHead',
  headtohead: 'headToHead',
  key: 'key',
  cle: 'key',
};

export const leagueDefinition = {
  name: 'league',
  description: 'Leagues and events: join, report results, pairings, standings',
  name_localizations: { fr: 'ligue' },
  description_localizations: { fr: 'Ligues et tournois : rejoindre, déclarer, appariements, classement' },
  contexts: [0],
  options: [
    sub('list', 'liste', 'The leagues of this server', 'Les ligues de ce serveur', []),
    sub('create', 'creer', 'Create a league or an event (you organise it)', 'Créer une ligue ou un tournoi (vous l’organisez)', [
      option(Option.String, 'name', 'nom', 'Its name', 'Son nom', { required: true, min_length: 2, max_length: 64 }),
      format,
      roundMinutes,
    ]),
    sub('join', 'rejoindre', 'Join a league', 'Rejoindre une ligue', [league]),
    sub('leave', 'quitter', 'Leave a league (after playing: you are no longer paired)', 'Quitter une ligue (après avoir joué : vous n’êtes plus apparié)', [league]),
    sub('report', 'declarer', 'Report your game’s result; your opponent confirms', 'Déclarer le résultat de votre partie ; votre adversaire confirme', [
      league,
      player('opponent', 'adversaire', 'Who you played', 'Contre qui vous avez joué'),
      vp('my_vp', 'mes_pv', 'Your VP', 'Vos PV'),
      vp('their_vp', 'leurs_pv', 'Their VP', 'Leurs PV'),
    ]),
    sub('standings', 'classement', 'The standings (picture, chart and web page)', 'Le classement (image, courbe et page web)', [
      league,
      latestRound('After this round (default: the latest)', 'Après cette ronde (par défaut : la dernière)'),
    ]),
    sub('round', 'ronde', 'A round’s pairings and results', 'Les appariements et résultats d’une ronde', [
      league,
      latestRound('Which round (default: the latest)', 'Quelle ronde (par défaut : la dernière)'),
    ]),
    sub('export', 'exporter', 'Standings and results as CSV or JSON files', 'Classement et résultats en fichiers CSV ou JSON', [
      league,
      option(Option.String, 'as', 'en', 'File format (default CSV)', 'Format des fichiers (CSV par défaut)', {
        choices: [
          { name: 'CSV', value: 'csv' },
          { name: 'JSON', value: 'json' },
        ],
      }),
    ]),
    sub('log', 'journal', 'The league’s audit log: every change, who and when', 'Le journal de la ligue : chaque changement, qui et quand', [league]),
    sub('verify', 'verifier', 'Check that round one was drawn from the announced seed', 'Vérifier que la ronde un a été tirée de la graine annoncée', [league]),
    // --- the organiser's
    sub('pair', 'apparier', 'Organiser: pair the next round (you check it before it goes out)', 'Organisateur : apparier la ronde suivante (vérifiée avant envoi)', [league]),
    sub('add', 'ajouter', 'Organiser: add a player', 'Organisateur : ajouter un joueur', [league, thePlayer]),
    sub('drop', 'retirer', 'Organiser: drop a player (no longer paired; games still count)', 'Organisateur : retirer un joueur (plus apparié ; ses parties comptent)', [
      league,
      thePlayer,
    ]),
    sub('result', 'resultat', 'Organiser: enter, correct or decide a result', 'Organisateur : saisir, corriger ou trancher un résultat', [
      league,
      round,
      playerA,
      vp('vp_a', 'pv_a', 'Their VP', 'Ses PV'),
      playerB,
      vp('vp_b', 'pv_b', 'Their VP', 'Ses PV'),
      reason(false),
    ]),
    sub('forfeit', 'forfait', 'Organiser: record a forfeit or no-show', 'Organisateur : enregistrer un forfait ou une absence', [
      league,
      round,
      player('absent', 'absent', 'Who did not play', 'Qui n’a pas joué'),
      player('opponent', 'adversaire', 'Their opponent at the table', 'Son adversaire à la table'),
      option(Option.Boolean, 'both_absent', 'tous_deux', 'Neither played (both lose)', 'Aucun n’a joué (défaite pour les deux)', {}),
      reason(false),
    ]),
    sub('void', 'annuler', 'Organiser: void a result', 'Organisateur : annuler un résultat', [
      league,
      round,
      playerA,
      playerB,
      reason(true),
    ]),
    sub('adjust', 'ajuster', 'Organiser: bonus or penalty tournament points', 'Organisateur : points de tournoi en bonus ou pénalité', [
      league,
      thePlayer,
      option(Option.Integer, 'tp', 'pt', 'TP (negative: a penalty)', 'PT (négatif : une pénalité)', { required: true, min_value: -20, max_value: 20 }),
      reason(true),
    ]),
    sub('swap', 'echanger', 'Organiser: swap two players of the latest round', 'Organisateur : échanger deux joueurs de la dernière ronde', [
      league,
      playerA,
      playerB,
    ]),
    sub('pair_again', 'reapparier', 'Organiser: pair the latest round again, before any of its results', 'Organisateur : apparier à nouveau la dernière ronde, avant tout résultat', [league]),
    sub('encounter', 'rencontre', 'Organiser: fix a round’s encounter for every table (share code)', 'Organisateur : fixer la rencontre d’une ronde (code de partage)', [
      league,
      round,
      option(Option.String, 'code', 'code', 'The share code from /encounter (empty: none)', 'Le code de /encounter (vide : aucun)', { max_length: 20 }),
    ]),
    sub('settings', 'reglages', 'Organiser: points, byes, forfeits, tiebreak order, format', 'Organisateur : points, exempts, forfaits, départages, format', [
      league,
      tp('win', 'victoire', 'TP for a win (default 3)', 'PT pour une victoire (3)'),
      tp('draw', 'nul', 'TP for a draw (default 1)', 'PT pour un nul (1)'),
      tp('loss', 'defaite', 'TP for a loss (default 0)', 'PT pour une défaite (0)'),
      tp('bye_tp', 'exempt_pt', 'TP for a bye (default: a win)', 'PT d’un exempt (par défaut : une victoire)'),
      vpSetting('bye_vp', 'exempt_pv', 'VP for a bye (default 5)', 'PV d’un exempt (5)'),
      vpSetting('bye_diff', 'exempt_diff', 'VP difference for a bye (default +3)', 'Différence de PV d’un exempt (+3)'),
      vpSetting('forfeit_win_vp', 'forfait_pv_gagnant', 'VP of the player who showed (default 5)', 'PV du joueur présent (5)'),
      vpSetting('forfeit_loss_vp', 'forfait_pv_absent', 'VP of the absent player (default 0)', 'PV du joueur absent (0)'),
      option(Option.String, 'tiebreaks', 'departages', 'Tiebreak order from tp vpdiff vp sos h2h key, e.g. “tp vpdiff vp sos”', 'Ordre des départages parmi tp vpdiff vp sos h2h key', { max_length: 60 }),
      option(Option.String, 'missing_results', 'resultats_manquants', 'Pairing while results are missing', 'Appariement tant que des résultats manquent', {
        choices: [
          { name: 'Refuse the round', value: 'refuse', name_localizations: { fr: 'Refuser la ronde' } },
          { name: 'Pair with a warning', value: 'warn', name_localizations: { fr: 'Apparier avec un avertissement' } },
        ],
      }),
      option(Option.Integer, 'max_vp', 'pv_max', 'Most VP a crew can score in a game (default 8)', 'PV maximum d’une équipe par partie (8)', { min_value: 1, max_value: 99 }),
      format,
      roundMinutes,
      option(Option.Boolean, 'rating', 'cote', 'Show a Glicko-2 rating beside the standings', 'Afficher une cote Glicko-2 à côté du classement', {}),
    ]),
    sub('organisers', 'organisateurs', 'Creator: the role whose members run the league (empty: you alone)', 'Créateur : le rôle qui dirige la ligue (vide : vous seul)', [
      league,
      option(Option.Role, 'role', 'role', 'The organisers’ role', 'Le rôle des organisateurs', {}),
    ]),
    sub('link', 'lier', 'Organiser: games finished in this channel report to the league', 'Organisateur : les parties finies dans ce salon comptent pour la ligue', [
      league,
      option(Option.Boolean, 'unlink', 'delier', 'Stop reporting from this channel', 'Ne plus envoyer les résultats de ce salon', {}),
    ]),
    sub('close', 'clore', 'Organiser: close the league (results final)', 'Organisateur : clore la ligue (résultats définitifs)', [league]),
  ],
} as const;

/** `tp vpdiff vp sos` (or commas) as the settings' tiebreak names, or the first word not known. */
export function parseTiebreaks(text: string): { ok: true; order: (typeof TIEBREAKS)[number][] } | { ok: false; word: string } {
  const order: (typeof TIEBREAKS)[number][] = [];
  for (const word of text.toLowerCase().split(/[\s,;>→-]+/).filter(Boolean)) {
    const tiebreak = TIEBREAK_WORDS[word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')];
    if (!tiebreak) return { ok: false, word: word.slice(0, 20) };
    order.push(tiebreak);
  }
  return { ok: true, order };
}
