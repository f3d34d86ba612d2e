// The font and glyphs of the board PNG (issue 4): the font is loaded explicitly from a file
// (never a desktop fontconfig), so the pieces show the same on every machine; without the font
// there is no image (an error value, never a throw), and the mail keeps the text board. DejaVu
// Sans comes from the Debian package fonts-dejavu-core (scripts/setup.sh), or from
// AMICI_BOARD_FONT. Glyphs become paths here once; board-raster.ts draws the boards.

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

export type BoardFontError = { code: 'font-missing'; tried: string[] };

/** The font file to use: `explicit`, else AMICI_BOARD_FONT, else the first known path present. */
export function findBoardFont(
  explicit?: string,
): { ok: true; value: string } | { ok: false; error: BoardFontError } {
  const tried = [explicit, process.env.AMICI_BOARD_FONT, ...BOARD_FONT_PATHS].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  const found = tried.find((p) => existsSync(p));
  return found ? { ok: true, value: found } : { ok: false, error: { code: 'font-missing', tried } };
}

/**
 * Glyph outlines, made once per glyph and text style: resvg lays the glyph out with the font and
 * hands back the simplified SVG, where text has become paths. Boards are then drawn from paths
 * alone, so a render needs no font work (about 36 ms saved per board).
 */
const glyphs = new Map<string, string>();

function glyphPaths(char: string, attrs: string, font: string): string {
  const key = `${font}\0${attrs}\0${char}`;
  let paths = glyphs.get(key);
  if (paths === undefined) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text x="0" y="0" ${attrs}>${char}</text></svg>`;
    const simplified = new Resvg(svg, {
      font: { fontFiles: [font], loadSystemFonts: false, defaultFontFamily: BOARD_FONT_FAMILY },
    }).toString();
    paths = (simplified.match(/<path\b[^>]*\/>/g) ?? []).join('');
    glyphs.set(key, paths);
  }
  return paths;
}

/**
 * Replace each `<text x y …>c</text>` of a board SVG by a `<use>` of its glyph's paths, each
 * glyph defined once in `<defs>`.
 */
export function textToPaths(svg: string, font: string): string {
  const ids = new Map<string, string>();
  const body = svg.replace(
    /<text x="([^"]+)" y="([^"]+)" ([^>]*)>([^<]*)<\/text>/g,
    (_m, x: string, y: string, attrs: string, char: string) => {
      const key = `${attrs}\0${char}`;
      let id = ids.get(key);
      if (!id) {
        id = `g${ids.size}`;
        ids.set(key, id);
      }
      return `<use href="#${id}" x="${x}" y="${y}"/>`;
    },
  );
  const defs = [...ids].map(([key, id]) => {
    const [attrs, char] = key.split('\0') as [string, string];
    return `<g id="${id}">${glyphPaths(char, attrs, font)}</g>`;
  });
  return body.replace(/(<svg\b[^>]*>)/, `$1<defs>${defs.join('')}</defs>`);
}
