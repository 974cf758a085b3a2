/**
 * /league's definition: plain Discord API JSON. The league option autocompletes from the server's leagues
 * (its value is the league's id; a name typed by hand is found too).
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { TIEBREAKS } from '../../leagues/settings.js';

const league = {
  type: Option.String,
  name: 'league',
  description: 'The league',
  name_localizations: { fr: 'ligue' },
  description_localizations: { fr: 'La ligue' },
  required: true,
  autocomplete: true,
  max_length: 64,
} as const;

const player = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.User, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, required: true }) as const;

const vp = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.Integer, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, required: true, min_value: -99, max_value: 99 }) as const;

const round = {
  type: Option.Integer,
  name: 'round',
  description: 'The round',
  name_localizations: { fr: 'ronde' },
  description_localizations: { fr: 'La ronde' },
  required: true,
  min_value: 1,
  max_value: 99,
} as const;

const reason = <const R extends boolean>(required: R) =>
  ({
    type: Option.String,
    name: 'reason',
    description: 'Why (kept in the league’s log)',
    name_localizations: { fr: 'raison' },
    description_localizations: { fr: 'Pourquoi (gardé dans le journal de la ligue)' },
    required,
    max_length: 200,
  }) as const;

const format = {
  type: Option.String,
  name: 'format',
  description: 'A season (open rounds over weeks) or a one-day event (timed rounds)',
  name_localizations: { fr: 'format' },
  description_localizations: { fr: 'Une saison (rondes ouvertes sur des semaines) ou un tournoi d’un jour (rondes minutées)' },
  choices: [
    { name: 'Season', value: 'season', name_localizations: { fr: 'Saison' } },
    { name: 'One-day event', value: 'event', name_localizations: { fr: 'Tournoi d’un jour' } },
  ],
} as const;

const roundMinutes = {
  type: Option.Integer,
  name: 'round_minutes',
  description: 'An event: how long each round lasts, in minutes',
  name_localizations: { fr: 'minutes_ronde' },
  description_localizations: { fr: 'Un tournoi : durée de chaque ronde, en minutes' },
  min_value: 15,
  max_value: 600,
} as const;

const tp = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.Integer, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, min_value: -10, max_value: 10 }) as const;
const vpSetting = <const N extends string>(name: N, fr: string, description: string, descriptionFr: string) =>
  ({ type: Option.Integer, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, min_value: -8, max_value: 8 }) as const;

const sub = <const N extends string, const O extends readonly unknown[]>(name: N, fr: string, description: string, descriptionFr: string, options: O) =>
  ({ type: Option.Subcommand, name, description, name_localizations: { fr }, description_localizations: { fr: descriptionFr }, options }) as const;

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
      {
        type: Option.String,
        name: 'name',
        description: 'Its name',
        name_localizations: { fr: 'nom' },
        description_localizations: { fr: 'Son nom' },
        required: true,
        min_length: 2,
        max_length: 64,
      },
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
      { ...round, required: false, description: 'After this round (default: the latest)', description_localizations: { fr: 'Après cette ronde (par défaut : la dernière)' } },
    ]),
    sub('round', 'ronde', 'A round’s pairings and results', 'Les appariements et résultats d’une ronde', [
      league,
      { ...round, required: false, description: 'Which round (default: the latest)', description_localizations: { fr: 'Quelle ronde (par défaut : la dernière)' } },
    ]),
    sub('export', 'exporter', 'Standings and results as CSV or JSON files', 'Classement et résultats en fichiers CSV ou JSON', [
      league,
      {
        type: Option.String,
        name: 'as',
        description: 'File format (default CSV)',
        name_localizations: { fr: 'en' },
        description_localizations: { fr: 'Format des fichiers (CSV par défaut)' },
        choices: [
          { name: 'CSV', value: 'csv' },
          { name: 'JSON', value: 'json' },
        ],
      },
    ]),
    sub('log', 'journal', 'The league’s audit log: every change, who and when', 'Le journal de la ligue : chaque changement, qui et quand', [league]),
    sub('verify', 'verifier', 'Check that round one was drawn from the announced seed', 'Vérifier que la ronde un a été tirée de la graine annoncée', [league]),
    // --- the organiser's
    sub('pair', 'apparier', 'Organiser: pair the next round (you check it before it goes out)', 'Organisateur : apparier la ronde suivante (vérifiée avant envoi)', [league]),
    sub('add', 'ajouter', 'Organiser: add a player', 'Organisateur : ajouter un joueur', [league, player('player', 'joueur', 'The player', 'Le joueur')]),
    sub('drop', 'retirer', 'Organiser: drop a player (no longer paired; games still count)', 'Organisateur : retirer un joueur (plus apparié ; ses parties comptent)', [
      league,
      player('player', 'joueur', 'The player', 'Le joueur'),
    ]),
    sub('result', 'resultat', 'Organiser: enter, correct or decide a result', 'Organisateur : saisir, corriger ou trancher un résultat', [
      league,
      round,
      player('player_a', 'joueur_a', 'One player', 'Un joueur'),
      vp('vp_a', 'pv_a', 'Their VP', 'Ses PV'),
      player('player_b', 'joueur_b', 'The other player', 'L’autre joueur'),
      vp('vp_b', 'pv_b', 'Their VP', 'Ses PV'),
      reason(false),
    ]),
    sub('forfeit', 'forfait', 'Organiser: record a forfeit or no-show', 'Organisateur : enregistrer un forfait ou une absence', [
      league,
      round,
      player('absent', 'absent', 'Who did not play', 'Qui n’a pas joué'),
      player('opponent', 'adversaire', 'Their opponent at the table', 'Son adversaire à la table'),
      {
        type: Option.Boolean,
        name: 'both_absent',
        description: 'Neither played (both lose)',
        name_localizations: { fr: 'tous_deux' },
        description_localizations: { fr: 'Aucun n’a joué (défaite pour les deux)' },
      },
      reason(false),
    ]),
    sub('void', 'annuler', 'Organiser: void a result', 'Organisateur : annuler un résultat', [
      league,
      round,
      player('player_a', 'joueur_a', 'One player', 'Un joueur'),
      player('player_b', 'joueur_b', 'The other player', 'L’autre joueur'),
      reason(true),
    ]),
    sub('adjust', 'ajuster', 'Organiser: bonus or penalty tournament points', 'Organisateur : points de tournoi en bonus ou pénalité', [
      league,
      player('player', 'joueur', 'The player', 'Le joueur'),
      { type: Option.Integer, name: 'tp', description: 'TP (negative: a penalty)', name_localizations: { fr: 'pt' }, description_localizations: { fr: 'PT (négatif : une pénalité)' }, required: true, min_value: -20, max_value: 20 },
      reason(true),
    ]),
    sub('swap', 'echanger', 'Organiser: swap two players of the latest round', 'Organisateur : échanger deux joueurs de la dernière ronde', [
      league,
      player('player_a', 'joueur_a', 'One player', 'Un joueur'),
      player('player_b', 'joueur_b', 'The other player', 'L’autre joueur'),
    ]),
    sub('encounter', 'rencontre', 'Organiser: fix a round’s encounter for every table (share code)', 'Organisateur : fixer la rencontre d’une ronde (code de partage)', [
      league,
      round,
      {
        type: Option.String,
        name: 'code',
        description: 'The share code from /encounter (empty: none)',
        name_localizations: { fr: 'code' },
        description_localizations: { fr: 'Le code de /encounter (vide : aucun)' },
        max_length: 20,
      },
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
      {
        type: Option.String,
        name: 'tiebreaks',
        description: 'Tiebreak order from tp vpdiff vp sos h2h key, e.g. “tp vpdiff vp sos”',
        name_localizations: { fr: 'departages' },
        description_localizations: { fr: 'Ordre des départages parmi tp vpdiff vp sos h2h key' },
        max_length: 60,
      },
      {
        type: Option.String,
        name: 'missing_results',
        description: 'Pairing while results are missing',
        name_localizations: { fr: 'resultats_manquants' },
        description_localizations: { fr: 'Appariement tant que des résultats manquent' },
        choices: [
          { name: 'Refuse the round', value: 'refuse', name_localizations: { fr: 'Refuser la ronde' } },
          { name: 'Pair with a warning', value: 'warn', name_localizations: { fr: 'Apparier avec un avertissement' } },
        ],
      },
      { type: Option.Integer, name: 'max_vp', description: 'Most VP a crew can score in a game (default 8)', name_localizations: { fr: 'pv_max' }, description_localizations: { fr: 'PV maximum d’une équipe par partie (8)' }, min_value: 1, max_value: 99 },
      format,
      roundMinutes,
      { type: Option.Boolean, name: 'rating', description: 'Show a Glicko-2 rating beside the standings', name_localizations: { fr: 'cote' }, description_localizations: { fr: 'Afficher une cote Glicko-2 à côté du classement' } },
    ]),
    sub('organisers', 'organisateurs', 'Creator: the role whose members run the league (empty: you alone)', 'Créateur : le rôle qui dirige la ligue (vide : vous seul)', [
      league,
      { type: Option.Role, name: 'role', description: 'The organisers’ role', name_localizations: { fr: 'role' }, description_localizations: { fr: 'Le rôle des organisateurs' } },
    ]),
    sub('link', 'lier', 'Organiser: games finished in this channel report to the league', 'Organisateur : les parties finies dans ce salon comptent pour la ligue', [
      league,
      { type: Option.Boolean, name: 'unlink', description: 'Stop reporting from this channel', name_localizations: { fr: 'delier' }, description_localizations: { fr: 'Ne plus envoyer les résultats de ce salon' } },
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
