/**
 * The refusals of crew parsing and hiring in English and French, each saying what to do instead
 * (issue 15 item 8). Keys follow src/i18n's `error.<CODE>` and the messages are ICU MessageFormat with
 * the typographic ’, like src/i18n/en.ts and fr.ts, into which the integrator moves them.
 */
import type { CrewParseErrorCode } from './parse.js';
import type { HireProblemCode } from './hire.js';
import { crewListMessagesEn, crewListMessagesFr } from '../../../i18n/wholeGameCommands.js';

type Key = `error.${CrewParseErrorCode | HireProblemCode}`;


export const crewMessagesEn: Record<Key, string> = {
  ...crewListMessagesEn,
  'error.ENCOUNTER_SIZE_INVALID': 'The encounter size must be a whole number of points, 1 or more (50 by default), not {size}.',
  'error.UNKNOWN_MODEL': '{name} is not in this server’s model table yet. Enter its card: station, cost, Health, base, Df, Wp, Sz and Mv.',
  'error.UNKNOWN_UPGRADE': 'The upgrade {upgrade} (on {name}) is not in this server’s table yet. Enter its cost and faction.',
  'error.LEADER_MISSING': 'The crew has no Leader. Name one under “Leader:”.',
  'error.LEADER_NOT_ONE': 'The list names {count} Leaders and a crew has exactly one. Keep one under “Leader:” and list the others as hires.',
  'error.LEADER_STATION': '{name} is {station, select, Enforcer {an Enforcer} other {a {station}}} and cannot lead: the Leader is a Master or a Henchman.',
  'error.LEADER_FACTION': '{name} is not of the declared faction. Choose a Leader of that faction, or declare its faction.',
  'error.MASTER_UNDER_HENCHMAN': 'A crew led by a Henchman cannot hire a Master: remove {name}.',
  'error.NO_PRINTED_COST': '{name} has no cost and can only join a crew as its Leader: remove it from the hires.',
  'error.OUT_OF_FACTION': '{name} shares no keyword with the Leader and is not of the declared faction, so it cannot be hired.',
  'error.MODEL_LIMIT': 'The crew has {count} × {name}, but {limit, plural, one {only one copy} other {at most # copies}} may be hired.',
  'error.TITLE_CLASH': '{name} appears with different titles ({titles}). Keep a single version of it.',
  'error.UPGRADE_TOO_MANY': '{name} carries {count} upgrades, but a model is hired with one at most.',
  'error.UPGRADE_FACTION': '{upgrade} is not an upgrade of the declared faction: remove it.',
  'error.UPGRADE_LIMIT': '{upgrade} is attached {count} times, but the crew may have {limit, plural, one {only one} other {#}}.',
  'error.UPGRADE_RESTRICTED': '{name} does not meet the restrictions of {upgrade}. Attach it to a model that does.',
  'error.UPGRADE_SPECIAL': '{upgrade} is a Special upgrade and cannot be hired: remove it.',
  'error.TOTEM_WITHOUT_MASTER': '{name} is the totem of {master} and can only be hired with {master} in the crew.',
  'error.OVER_ENCOUNTER_SIZE': 'The crew costs {total} points, more than the encounter’s {size}. Remove models or upgrades.',
  'error.SOULSTONE_POOL_OVER_CAP': 'The list declares {declared} soulstones, but a crew starts with {cap} at most.',
  'error.SOULSTONE_POOL_MISMATCH': 'The list declares {declared} soulstones, but its costs leave {computed}. Check the costs in the model table, or correct the list.',
};

const STATION_FR = '{station, select, Master {Maître} Henchman {Lieutenant} Enforcer {Gros-bras} Minion {Sbire} Peon {Péon} other {{station}}}';

export const crewMessagesFr: Record<Key, string> = {
  ...crewListMessagesFr,
  'error.ENCOUNTER_SIZE_INVALID': 'La taille de la rencontre doit être un nombre entier de points, 1 ou plus (50 par défaut), pas {size}.',
  'error.UNKNOWN_MODEL': '{name} n’est pas encore dans la table des personnages de ce serveur. Saisissez sa carte : rang, coût, Santé, socle, Défense, Volonté, Taille et Mouvement.',
  'error.UNKNOWN_UPGRADE': 'L’amélioration {upgrade} (sur {name}) n’est pas encore dans la table de ce serveur. Saisissez son coût et sa faction.',
  'error.LEADER_MISSING': 'La bande n’a pas de Chef. Nommez-en un sous « Leader: ».',
  'error.LEADER_NOT_ONE': 'La liste nomme {count} Chefs, et une bande en a exactement un. Gardez-en un sous « Leader: » et recrutez les autres.',
  'error.LEADER_STATION': '{name} est ' + STATION_FR + ' et ne peut pas mener la bande : le Chef est un Maître ou un Lieutenant.',
  'error.LEADER_FACTION': '{name} n’est pas de la faction déclarée. Choisissez un Chef de cette faction, ou déclarez la sienne.',
  'error.MASTER_UNDER_HENCHMAN': 'Une bande menée par un Lieutenant ne peut pas recruter de Maître : retirez {name}.',
  'error.NO_PRINTED_COST': '{name} n’a pas de coût et ne peut rejoindre une bande qu’en tant que Chef : retirez-le des recrues.',
  'error.OUT_OF_FACTION': '{name} ne partage aucun mot-clé avec le Chef et n’est pas de la faction déclarée : il ne peut pas être recruté.',
  'error.MODEL_LIMIT': 'La bande compte {count} × {name}, mais {limit, plural, one {un seul exemplaire peut} other {# exemplaires au plus peuvent}} être recrutés.',
  'error.TITLE_CLASH': '{name} apparaît avec des titres différents ({titles}). N’en gardez qu’une version.',
  'error.UPGRADE_TOO_MANY': '{name} porte {count} améliorations, mais un personnage est recruté avec une seule au plus.',
  'error.UPGRADE_FACTION': '{upgrade} n’est pas une amélioration de la faction déclarée : retirez-la.',
  'error.UPGRADE_LIMIT': '{upgrade} est attachée {count} fois, mais la bande peut en avoir {limit, plural, one {une seule} other {#}}.',
  'error.UPGRADE_RESTRICTED': '{name} ne remplit pas les restrictions de {upgrade}. Attachez-la à un personnage qui les remplit.',
  'error.UPGRADE_SPECIAL': '{upgrade} est une amélioration Spéciale et ne peut pas être recrutée : retirez-la.',
  'error.TOTEM_WITHOUT_MASTER': '{name} est le totem de {master} et ne peut être recruté qu’avec {master} dans la bande.',
  'error.OVER_ENCOUNTER_SIZE': 'La bande coûte {total} points, plus que les {size} de la rencontre. Retirez des personnages ou des améliorations.',
  'error.SOULSTONE_POOL_OVER_CAP': 'La liste déclare {declared} Pierrâmes, mais une bande commence avec {cap} au plus.',
  'error.SOULSTONE_POOL_MISMATCH': 'La liste déclare {declared} Pierrâmes, mais ses coûts en laissent {computed}. Vérifiez les coûts dans la table des personnages, ou corrigez la liste.',
};
