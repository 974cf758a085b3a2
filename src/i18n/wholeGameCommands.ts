/**
 * The whole game's forms and command replies (the crew paste, a model's card, scheme and turn
 * commands), English and French: spread into en.ts and fr.ts, so the keys are checked like all others.
 */
export const wholeGameCommandsEn = {
  'mgc.crew.pasteTitle': 'Your crew list',
  'mgc.crew.pasteLabel': 'Paste the list as your crew builder prints it',
  'mgc.crew.pastePlaceholder': 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nHires:\n  Page\n  Page',
  'mgc.profile.title': 'A model’s card',
  'mgc.profile.name': 'Name (and title after a comma)',
  'mgc.profile.station': 'Station (Minion (3), Master…; totem of X)',
  'mgc.profile.factions': 'Factions; keywords',
  'mgc.profile.numbers': 'Cost, Health, base',
  'mgc.profile.stats': 'Df, Wp, Sz, Mv',
  'mgc.profile.saved': 'Saved for this server: **{name}** — {station}, cost {cost}, Health {health}, {base} mm, Df {df} Wp {wp} Sz {sz} Mv {mv}. The next crew paste knows it.',
  'error.PROFILE_INVALID': 'That card could not be read: the field “{field}” is wrong ({problem}). Nothing was saved — use /crew model again and check that field.',
  'error.CREW_PARSE': 'That is not a crew list ({problem}). Nothing was changed — paste the list exactly as your crew builder prints it, with /crew paste.',
  'error.CREW_UNKNOWN_NAMES': 'This server does not know {count, plural, one {this model} other {these models}} yet: {names}. Nothing was changed — enter each with /crew model, then paste your list again.',
  'error.MODEL_AMBIGUOUS': 'More than one model is called “{model}”: {labels}. Nothing was changed — name it by its label.',
  'error.UNKNOWN_MODEL': 'No model “{model}” is in play in this game. Nothing was changed — name a model by its label in the status message (A2, B3) or by its name.',
  'error.MODEL_LIMIT': 'Your crew cannot have another of this model (its limit is {limit}). Nothing was changed.',
  'error.TOTEM_WITHOUT_MASTER': 'This Totem needs its Master ({master}) in play in your crew. Nothing was changed.',
} as const;

export const wholeGameCommandsFr: Record<keyof typeof wholeGameCommandsEn, string> = {
  'mgc.crew.pasteTitle': 'Votre liste de bande',
  'mgc.crew.pasteLabel': 'Collez la liste telle que votre outil l’imprime',
  'mgc.crew.pastePlaceholder': 'Collez ici la liste, par ex. :\nAda Quill (Arcanists)\nLeader:\n  Ada Quill',
  'mgc.profile.title': 'La carte d’une figurine',
  'mgc.profile.name': 'Nom (et titre après une virgule)',
  'mgc.profile.station': 'Rang (Sbire (3), Maître… ; totem de X)',
  'mgc.profile.factions': 'Factions ; mots-clés',
  'mgc.profile.numbers': 'Coût, Santé, socle',
  'mgc.profile.stats': 'Déf, Vol, Taille, Mvt',
  'mgc.profile.saved': 'Enregistrée pour ce serveur : **{name}** — {station}, coût {cost}, Santé {health}, {base} mm, Déf {df} Vol {wp} Taille {sz} Mvt {mv}. Le prochain collage de bande la connaît.',
  'error.PROFILE_INVALID': 'Cette carte n’a pas pu être lue : le champ « {field} » est incorrect ({problem}). Rien n’a été enregistré — refaites /crew model en vérifiant ce champ.',
  'error.CREW_PARSE': 'Ce n’est pas une liste de bande ({problem}). Rien n’a été modifié — collez la liste telle que votre outil l’imprime, avec /crew paste.',
  'error.CREW_UNKNOWN_NAMES': 'Ce serveur ne connaît pas encore {count, plural, one {cette figurine} other {ces figurines}} : {names}. Rien n’a été modifié — saisissez chacune avec /crew model, puis collez à nouveau votre liste.',
  'error.MODEL_AMBIGUOUS': 'Plusieurs figurines s’appellent « {model} » : {labels}. Rien n’a été modifié — nommez-la par son repère.',
  'error.UNKNOWN_MODEL': 'Aucune figurine « {model} » n’est en jeu dans cette partie. Rien n’a été modifié — nommez une figurine par son repère dans le message d’état (A2, B3) ou par son nom.',
  'error.MODEL_LIMIT': 'Votre bande ne peut pas avoir une figurine de plus de ce modèle (sa limite est {limit}). Rien n’a été modifié.',
  'error.TOTEM_WITHOUT_MASTER': 'Ce Totem a besoin de son Maître ({master}) en jeu dans votre bande. Rien n’a été modifié.',
};
