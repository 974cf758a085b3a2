/**
 * The one font the pictures use: DejaVu Sans (regular + bold), shipped by the `dejavu-fonts-ttf` npm
 * package. Registering it from the package (rather than relying on system fonts) keeps pictures identical
 * everywhere, including a slim Docker image with no fonts at all, where text would otherwise vanish.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The family name every drawing uses. Never name a system font. */
export const FONT_FAMILY = 'DejaVu Sans';

let registered = false;

/** Registers DejaVu Sans regular and bold once per process; throws if the files cannot be loaded. */
export function ensureFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    const key = GlobalFonts.registerFromPath(join(dir, file));
    if (key === null) throw new Error(`render: could not register font ${join(dir, file)}`);
  }
  if (!GlobalFonts.has(FONT_FAMILY)) throw new Error(`render: font family "${FONT_FAMILY}" missing after registration`);
  registered = true;
}

/** A CSS font string in the bundled family, e.g. `font(20, true)` → `bold 20px "DejaVu Sans"`. */
export function font(px: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${px}px "${FONT_FAMILY}"`;
}
