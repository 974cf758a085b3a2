/** Pictures: pure functions from plain picture models to PNG buffers, laid out for a phone's width. */
export { renderDuel, drawDuel, duelSize, type DuelCardBox } from './duel.js';
export type { CardBox, Drawing } from './draw.js';
export { renderFlip, drawFlip, flipSize } from './flip.js';
export { renderDamage, drawDamage, damageSize } from './damage.js';
export { renderHand, drawHand, handSize } from './hand.js';
export { drawCard, drawSuitGlyph, drawSuitChip, type CardOptions, type CardState } from './suits.js';
export { ensureFonts, FONT_FAMILY } from './fonts.js';
export { illegibleOnPhone, type DrawnText } from './texts.js';
export { PICTURE_WIDTH, PHONE_WIDTH, MIN_PHONE_TEXT } from './theme.js';
export type * from './models.js';
