/** The game systems a channel can play; the engine module behind each is chosen by this id. */
export const SYSTEM_CHOICES = [
  { name: 'Malifaux Third Edition', value: 'm3e', name_localizations: { fr: 'Malifaux Troisième Édition' } },
  { name: 'Gaining Grounds 3 (tournament)', value: 'gg3', name_localizations: { fr: 'Gaining Grounds 3 (tournoi)' } },
  { name: 'Fateforge (combat scenes)', value: 'fateforge', name_localizations: { fr: 'Fateforge (scènes de combat)' } },
] as const;
