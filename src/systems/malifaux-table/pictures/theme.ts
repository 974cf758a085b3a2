/** Colours and sizes shared by every picture. Flat fills only: PNG encoding dominates the cost, and flat
 * areas compress fast, while gradients and noise (felt textures) would double the encode time. */
import type { Suit } from '../engine/cards.js';

export const COLORS = {
  felt: '#15402c',
  feltDark: '#0e2e20',
  panel: '#1b5238',
  panelEdge: '#2b6b4c',
  text: '#f4f1e8',
  textDim: '#b9cbbf',
  textFaint: '#8fa999',
  gold: '#ffd54a',
  cheat: '#ff5fa2',
  success: '#3ecf7a',
  successInk: '#062b14',
  failure: '#ff5a52',
  failureInk: '#2e0605',
  attacker: '#ffb347',
  defender: '#7cc4ff',
  single: '#d7e3dc',
  roleInk: '#10241a',
  cardFace: '#f7f2e6',
  cardEdge: '#bfb59c',
  cardBack: '#23396b',
  cardBackInk: '#d9b45a',
  bjFace: '#1d1c22',
  bjInk: '#ecebf2',
  rjInk: '#d7262f',
  dim: 'rgba(6, 24, 16, 0.56)',
  cross: '#ff4d4d',
  plus: '#3ecf7a',
  minus: '#ff6b5e',
  zero: '#9fb3a7',
  soulstone: '#5fe3d6',
  soulstoneInk: '#0b3b37',
} as const;

/** Suit ink colours: distinct hues that read on the ivory card face and on the ivory suit chips. */
export const SUIT_COLORS: Record<Suit, string> = {
  R: '#c62d2d', // Rams: crimson
  M: '#8a3fb5', // Masks: violet
  C: '#1f2a36', // Crows: ink black
  T: '#1d63b8', // Tomes: blue
};

/**
 * Every picture is this wide. Discord shows an embed's picture about 300–320 px wide on a phone, so a
 * canvas pixel is half a screen pixel there: the type scale below is twice what must be read on a phone.
 */
export const PICTURE_WIDTH = 640;

/** The width a phone gives a picture, and the smallest text that must stay readable there. */
export const PHONE_WIDTH = 320;
export const MIN_PHONE_TEXT = 9;
/** That smallest text in canvas pixels. */
export const MIN_TEXT = (MIN_PHONE_TEXT * PICTURE_WIDTH) / PHONE_WIDTH;

/** Text sizes in canvas pixels (halve them for a phone). Nothing smaller than `caption` is drawn. */
export const TEXT = {
  caption: 20,
  body: 22,
  name: 24,
  heading: 26,
  title: 28,
  tn: 36,
  total: 56,
  amount: 84,
} as const;

/** Suit chips and fate pips, in canvas pixels. */
export const CHIP = 28;
/** Outer margin and panel padding. */
export const MARGIN = 16;
export const PAD = 16;
