/** Pictures: pure functions from plain picture models to PNG buffers. */
export { renderDuel, drawDuel, DUEL_SIZE, type DuelCardBox } from './duel.js';
export type { CardBox } from './draw.js';
export { renderFlip, drawFlip, FLIP_SIZE } from './flip.js';
export { renderHand, drawHand, HAND_SIZE } from './hand.js';
export { drawCard, drawSuitGlyph, drawSuitChip, type CardOptions, type CardState } from './suits.js';
export { ensureFonts, FONT_FAMILY } from './fonts.js';
export type * from './models.js';
