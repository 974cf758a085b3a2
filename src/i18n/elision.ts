/**
 * French elides "de" before a vowel sound: "la défausse d’Alice", "la défausse de Bob". A message chooses
 * the form itself with an ICU select on a derived argument (`{nameSound, select, vowel {d’{name}} other
 * {de {name}}}`); this says which sound a name starts with, so no caller builds "de"/"d’" by hand.
 */
export type InitialSound = 'vowel' | 'consonant';

// Markdown and punctuation a name may be wrapped in ("**Alice**", "«Alice»") say nothing of its sound.
const WRAPPING = /^[\s*_~|`>«»"“”‘’'(\[]+/u;

export function initialSound(text: string): InitialSound {
  const letters = text.replace(WRAPPING, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const [first, second] = letters;
  if (first === undefined) return 'consonant';
  if ('aeiou'.includes(first)) return 'vowel';
  // "Yves", "Ysolde" elide; "Yann", "Yolande" do not.
  if (first === 'y') return second !== undefined && /\p{L}/u.test(second) && !'aeiouy'.includes(second) ? 'vowel' : 'consonant';
  // Most names in h are mute ("d’Hélène", "d’Hugo"); the aspirated ones cannot be told by spelling.
  if (first === 'h') return second !== undefined && 'aeiouy'.includes(second) ? 'vowel' : 'consonant';
  // Mentions (<@123>), digits and emoji: nothing to elide before.
  return 'consonant';
}
