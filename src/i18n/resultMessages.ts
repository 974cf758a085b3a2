/**
 * The whole game's final result (scoring.md U11): the summary in the channel and its picture, English and
 * French: spread into en.ts and fr.ts, so the keys are checked like all others. Strategy and scheme names
 * are the encounter's own (`encounter.name.<id>`), the column total `picture.total`.
 */
export const resultMessagesEn = {
  'result.title': '🏁 Final result: {a} vs {b}',
  'result.winner': '🏆 **{name}** wins, {vp} VP to {other}.',
  'result.draw': '🤝 A draw: {vp} VP each.',
  'result.ended.played': 'Played to the end of turn {turn}.',
  'result.ended.conceded': '{name} conceded: the game ended there.',
  'result.ended.agreed': 'The players agreed to end the game early.',
  'result.crew': '{name}: {vp} VP',
  'result.strategy': '{name} (strategy): {vp}',
  'result.scheme': '{check} {name}: {vp} (reveal {reveal} · end {end})',
  'result.schemeHeld': '{check} {name}: {vp} (reveal {reveal} · end {end}) · held {held, plural, one {# turn} other {# turns}}',
  'result.noSchemes': 'No scheme revealed.',
  'result.corrections': '✏️ Includes {count, plural, one {# referee correction} other {# referee corrections}} ({vp} VP).',
  'result.table': 'VP per turn',
  'result.table.turn': 'Turn',
  'result.legend': '✓ the scheme matches the commitment sealed when it was chosen · ✗ it does not',
  'result.picture.title': 'Final score',
  'result.picture.winner': 'WINNER',
  'result.picture.draw': 'DRAW',
  'result.picture.vp': 'VP',
  'result.picture.strategyVp': 'Strategy {vp}',
  'result.picture.schemesVp': 'Schemes {vp}',
  'result.picture.cumulative': 'VP so far, by turn',
  'result.picture.strategyName': 'Strategy: {name}',
  'result.alt':
    'Final score picture. {crews}. {outcome} VP so far at the end of turns 1 to {last}: {turns}. The bars split the strategy’s VP from the schemes’. {ended}',
  'result.alt.crew': '{name} {vp} VP (strategy {strategy}, schemes {schemes})',
  'result.alt.turns': '{name}: {values}',
} as const;

export const resultMessagesFr: Record<keyof typeof resultMessagesEn, string> = {
  'result.title': '🏁 Résultat final : {a} contre {b}',
  'result.winner': '🏆 **{name}** gagne, {vp} PV à {other}.',
  'result.draw': '🤝 Égalité : {vp} PV chacun.',
  'result.ended.played': 'Jouée jusqu’à la fin du tour {turn}.',
  'result.ended.conceded': '{name} a concédé : la partie s’est arrêtée là.',
  'result.ended.agreed': 'Les joueurs se sont mis d’accord pour finir la partie plus tôt.',
  'result.crew': '{name} : {vp} PV',
  'result.strategy': '{name} (stratégie) : {vp}',
  'result.scheme': '{check} {name} : {vp} (révélation {reveal} · fin {end})',
  'result.schemeHeld': '{check} {name} : {vp} (révélation {reveal} · fin {end}) · gardée {held, plural, one {# tour} other {# tours}}',
  'result.noSchemes': 'Aucune combine révélée.',
  'result.corrections': '✏️ Dont {count, plural, one {# correction d’un arbitre} other {# corrections d’un arbitre}} ({vp} PV).',
  'result.table': 'PV par tour',
  'result.table.turn': 'Tour',
  'result.legend': '✓ la combine correspond à l’engagement scellé quand elle a été choisie · ✗ elle n’y correspond pas',
  'result.picture.title': 'Score final',
  'result.picture.winner': 'VAINQUEUR',
  'result.picture.draw': 'ÉGALITÉ',
  'result.picture.vp': 'PV',
  'result.picture.strategyVp': 'Stratégie {vp}',
  'result.picture.schemesVp': 'Combines {vp}',
  'result.picture.cumulative': 'PV cumulés, tour par tour',
  'result.picture.strategyName': 'Stratégie : {name}',
  'result.alt':
    'Image du score final. {crews}. {outcome} PV cumulés à la fin des tours 1 à {last} : {turns}. Les barres séparent les PV de la stratégie de ceux des combines. {ended}',
  'result.alt.crew': '{name} {vp} PV (stratégie {strategy}, combines {schemes})',
  'result.alt.turns': '{name} : {values}',
};
