/**
 * The whole game's forms and command replies (the crew paste, a model's card, scheme and turn
 * commands), English and French: spread into en.ts and fr.ts, so the keys are checked like all others.
 */
const FACTION_LIST_EN = 'Guild, Resurrectionists, Arcanists, Neverborn, Outcasts, Bayou, Ten Thunders, Explorer’s Society';
const FACTION_LIST_FR = FACTION_LIST_EN;

/** What is wrong with a pasted crew list (the crew parser's codes), English and French. */
export const crewListMessagesEn = {
  'error.CREW_EMPTY': 'The crew list is empty. Paste the list your crew builder exports.',
  'error.CREW_TOO_LONG': 'That crew list is longer than {max} characters. Paste the crew alone, without notes.',
  'error.NOT_A_CREW': 'That is not a crew list. Paste one that starts with “Crew name (Faction)” followed by the Leader: and Hires: headers, or one with “Declared Faction:” and “Leader:” lines.',
  'error.CREW_NO_FACTION': 'The list names no faction. Start it with a line such as “My crew (Arcanists)”, or add “Declared Faction: Arcanists”.',
  'error.CREW_UNKNOWN_FACTION': '“{faction}” is not a faction. Use one of: ' + FACTION_LIST_EN + '.',
  'error.CREW_NO_MODELS': 'The list has no models. Name at least the Leader under “Leader:”.',
  'error.CREW_UNEXPECTED_LINE': 'Line {line} (“{text}”) belongs to no section. Put models under a header such as Hires:, or remove the line.',
} as const;

export const crewListMessagesFr: Record<keyof typeof crewListMessagesEn, string> = {
  'error.CREW_EMPTY': 'La liste de bande est vide. Collez la liste exportée par votre outil de bande.',
  'error.CREW_TOO_LONG': 'Cette liste dépasse {max} caractères. Collez la bande seule, sans notes.',
  'error.NOT_A_CREW': 'Ce n’est pas une liste de bande. Collez-en une qui commence par « Nom de la bande (Faction) » suivi des titres Leader: et Hires:, ou une avec les lignes « Declared Faction: » et « Leader: ».',
  'error.CREW_NO_FACTION': 'La liste ne nomme aucune faction. Commencez-la par une ligne comme « Ma bande (Arcanists) », ou ajoutez « Declared Faction: Arcanists ».',
  'error.CREW_UNKNOWN_FACTION': '« {faction} » n’est pas une faction. Choisissez parmi : ' + FACTION_LIST_FR + '.',
  'error.CREW_NO_MODELS': 'La liste ne contient aucun personnage. Nommez au moins le Chef sous « Leader: ».',
  'error.CREW_UNEXPECTED_LINE': 'La ligne {line} (« {text} ») n’appartient à aucune section. Placez les personnages sous un titre comme Hires:, ou retirez la ligne.',
};

export const wholeGameCommandsEn = {
  ...crewListMessagesEn,
  'mgc.crew.pasteTitle': 'Your crew list',
  'mgc.crew.pasteLabel': 'Paste the list as your crew builder prints it',
  'mgc.crew.pastePlaceholder': 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nHires:\n  Page\n  Page',
  'mgc.summary.title': 'Turn {turn}: where the crews stand',
  'mgc.choice.crew': 'Paste my crew',
  'mgc.choice.schemes': 'Choose two schemes',
  'mgc.private.schemesWithModels': 'A scheme that needs a model, a marker type or a terrain piece is chosen with /schemes, naming them.',
  'mgc.profile.title': 'A model’s card',
  'mgc.profile.name': 'Name (and title after a comma)',
  'mgc.profile.station': 'Station (Minion (3), Master…; totem of X)',
  'mgc.profile.factions': 'Factions; keywords',
  'mgc.profile.numbers': 'Cost, Health, base',
  'mgc.profile.stats': 'Df, Wp, Sz, Mv',
  'mgc.profile.saved': 'Saved for this server: **{name}** — {station}, cost {cost}, Health {health}, {base} mm, Df {df} Wp {wp} Sz {sz} Mv {mv}. The next crew paste knows it.',
  'error.PROFILE_INVALID': 'That card could not be read: the field “{field}” is wrong ({problem}). Nothing was saved — use /crew model again and check that field.',
  'error.CREW_UNKNOWN_NAMES': 'This server does not know {count, plural, one {this model} other {these models}} yet: {names}. Nothing was changed — enter each with /crew model, then paste your list again.',
  'error.MODEL_AMBIGUOUS': 'More than one model is called “{model}”: {labels}. Nothing was changed — name it by its label.',
  'error.UNKNOWN_MODEL': 'No model “{model}” is in play in this game. Nothing was changed — name a model by its label in the status message (A2, B3) or by its name.',
  'error.MODEL_LIMIT': 'Your crew cannot have another of this model (its limit is {limit}). Nothing was changed.',
  'error.TOTEM_WITHOUT_MASTER': 'This Totem needs its Master ({master}) in play in your crew. Nothing was changed.',
} as const;

export const wholeGameCommandsFr: Record<keyof typeof wholeGameCommandsEn, string> = {
  ...crewListMessagesFr,
  'mgc.crew.pasteTitle': 'Votre liste de bande',
  'mgc.crew.pasteLabel': 'Collez la liste telle que votre outil l’imprime',
  'mgc.crew.pastePlaceholder': 'Collez ici la liste, par ex. :\nAda Quill (Arcanists)\nLeader:\n  Ada Quill',
  'mgc.summary.title': 'Tour {turn} : où en sont les bandes',
  'mgc.choice.crew': 'Coller ma bande',
  'mgc.choice.schemes': 'Choisir deux combines',
  'mgc.private.schemesWithModels': 'Une combine qui demande une figurine, un type de marqueur ou un élément de décor se choisit avec /schemes, en les nommant.',
  'mgc.profile.title': 'La carte d’une figurine',
  'mgc.profile.name': 'Nom (et titre après une virgule)',
  'mgc.profile.station': 'Rang (Sbire (3), Maître… ; totem de X)',
  'mgc.profile.factions': 'Factions ; mots-clés',
  'mgc.profile.numbers': 'Coût, Santé, socle',
  'mgc.profile.stats': 'Déf, Vol, Taille, Mvt',
  'mgc.profile.saved': 'Enregistrée pour ce serveur : **{name}** — {station}, coût {cost}, Santé {health}, {base} mm, Déf {df} Vol {wp} Taille {sz} Mvt {mv}. Le prochain collage de bande la connaît.',
  'error.PROFILE_INVALID': 'Cette carte n’a pas pu être lue : le champ « {field} » est incorrect ({problem}). Rien n’a été enregistré — refaites /crew model en vérifiant ce champ.',
  'error.CREW_UNKNOWN_NAMES': 'Ce serveur ne connaît pas encore {count, plural, one {cette figurine} other {ces figurines}} : {names}. Rien n’a été modifié — saisissez chacune avec /crew model, puis collez à nouveau votre liste.',
  'error.MODEL_AMBIGUOUS': 'Plusieurs figurines s’appellent « {model} » : {labels}. Rien n’a été modifié — nommez-la par son repère.',
  'error.UNKNOWN_MODEL': 'Aucune figurine « {model} » n’est en jeu dans cette partie. Rien n’a été modifié — nommez une figurine par son repère dans le message d’état (A2, B3) ou par son nom.',
  'error.MODEL_LIMIT': 'Votre bande ne peut pas avoir une figurine de plus de ce modèle (sa limite est {limit}). Rien n’a été modifié.',
  'error.TOTEM_WITHOUT_MASTER': 'Ce Totem a besoin de son Maître ({master}) en jeu dans votre bande. Rien n’a été modifié.',
};
