// The board PNG for the HTML part of a mail (issue 4): the SVG of board-svg.ts rendered with
// @resvg/resvg-js. The font is loaded explicitly from a file (never a desktop fontconfig), so
// the pieces show the same on every machine; without the font there is no image (an error
// value, never a throw), and the mail keeps the text board. DejaVu Sans comes from the Debian
// package fonts-dejavu-core (scripts/setup.sh), or from AMICI_BOARD_FONT.

import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { BOARD_FONT_FAMILY } from './board-svg.ts';

/** Where DejaVu Sans lives on Debian/Ubuntu, Fedora, Arch and Alpine. */
export const BOARD_FONT_PATHS: readonly string[] = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];

export type BoardPngError =
  | { code: 'font-missing'; tried: string[] }
  | { code: 'render-failed'; message: string };

export type BoardPngResult = { ok: true; value: Buffer } | { ok: false; error: BoardPngError };

/** The font file to use: `explicit`, else AMICI_BOARD_FONT, else the first known path present. */
export function findBoardFont(
  explicit?: string,
): { ok: true; value: string } | { ok: false; error: BoardPngError } {
  const tried = [explicit, process.env.AMICI_BOARD_FONT, ...BOARD_FONT_PATHS].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  const found = tried.find((p) => existsSync(p));
  return found ? { ok: true, value: found } : { ok: false, error: { code: 'font-missing', tried } };
}

export function renderBoardPng(svg: string, fontFile?: string): BoardPngResult {
  const font = findBoardFont(fontFile);
  if (!font.ok) return font;
  try {
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'original' },
      font: {
        fontFiles: [font.value],
        loadSystemFonts: false,
        defaultFontFamily: BOARD_FONT_FAMILY,
      },
    });
    return { ok: true, value: resvg.render().asPng() };
  } catch (e) {
    return { ok: false, error: { code: 'render-failed', message: String(e) } };
  }
}
