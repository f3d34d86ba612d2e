// The board as an SVG image (issue 4, "Writing"): squares, coordinates, the last move
// highlighted, pieces as the chess glyphs of DejaVu Sans (U+2654..U+265F). White pieces are
// the filled glyph painted white under the outline glyph painted black, so they read as white
// on any square; black pieces are the filled glyph in black. Pure: the renderer (board-png.ts)
// loads the font explicitly. Serves P-2k's relayed-move mail (the position shown with the move).
// board-raster.ts draws the mail's PNG from single squares made with the same helpers
// (`squareFill`, `pieceSvg`, `boardGeometry`), so the look is defined here only.

import type { Position } from 'chessops/chess';
import type { Color, NormalMove, Piece, Role, Square } from 'chessops/types';

export interface BoardSvgOptions {
  /** The side shown at the bottom (default White). */
  orientation?: Color;
  /** Squares to highlight: the last move's from and to. */
  lastMove?: NormalMove;
  /** File labels: letters a..h, or the digits 1..8 of numeric notation. */
  files?: 'letters' | 'digits';
  /** Side of one square in px (default 48). */
  squareSize?: number;
}

/** The font family the SVG names; board-png.ts loads a file with exactly this family. */
export const BOARD_FONT_FAMILY = 'DejaVu Sans';

const SOLID: Record<Role, string> = {
  king: '\u265A',
  queen: '\u265B',
  rook: '\u265C',
  bishop: '\u265D',
  knight: '\u265E',
  pawn: '\u265F',
};
const OUTLINE: Record<Role, string> = {
  king: '\u2654',
  queen: '\u2655',
  rook: '\u2656',
  bishop: '\u2657',
  knight: '\u2658',
  pawn: '\u2659',
};

const LIGHT = '#f0d9b5';
const DARK = '#b58863';
const LIGHT_LAST = '#e8e18a';
const DARK_LAST = '#c8b046';
const FILE_LETTERS = 'abcdefgh';

/** Where a square is drawn (column and row from the top-left, 0..7). */
export function squareCell(sq: Square, orientation: Color): { col: number; row: number } {
  const file = sq & 7;
  const rank = sq >> 3;
  return orientation === 'white' ? { col: file, row: 7 - rank } : { col: 7 - file, row: rank };
}

export function isLightSquare(sq: Square): boolean {
  return ((sq & 7) + (sq >> 3)) % 2 === 1;
}

/** A square's fill: light or dark, and the last move's colours when highlighted. */
export function squareFill(light: boolean, last: boolean): string {
  return light ? (last ? LIGHT_LAST : LIGHT) : last ? DARK_LAST : DARK;
}

/** The board's margin (where the coordinates are) and its whole width and height, in px. */
export function boardGeometry(squareSize: number): { margin: number; size: number } {
  const margin = Math.round(squareSize / 2);
  return { margin, size: 8 * squareSize + 2 * margin };
}

/** The markup of a piece standing on the square whose top-left corner is at `x`, `y`. */
export function pieceSvg(piece: Piece, x: number, y: number, s: number): string {
  const attrs = `font-family="${BOARD_FONT_FAMILY}" font-size="${Math.round(s * 0.86)}" text-anchor="middle"`;
  const at = `x="${x + s / 2}" y="${y + s * 0.8}" ${attrs}`;
  return piece.color === 'white'
    ? `<text ${at} fill="#ffffff">${SOLID[piece.role]}</text>\n<text ${at} fill="#000000">${OUTLINE[piece.role]}</text>`
    : `<text ${at} fill="#000000">${SOLID[piece.role]}</text>`;
}

/** Only the board is read, so a bare board (no kings, as for board-raster.ts's frames) is fine. */
export function boardSvg(pos: Pick<Position, 'board'>, options: BoardSvgOptions = {}): string {
  const orientation = options.orientation ?? 'white';
  const s = options.squareSize ?? 48;
  const { margin, size } = boardGeometry(s);
  const highlight = new Set<Square>(
    options.lastMove ? [options.lastMove.from, options.lastMove.to] : [],
  );
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="#ffffff"/>`,
    `<rect x="${margin - 1}" y="${margin - 1}" width="${8 * s + 2}" height="${8 * s + 2}" fill="#5a4632"/>`,
  ];
  for (let sq = 0; sq < 64; sq++) {
    const { col, row } = squareCell(sq, orientation);
    const fill = squareFill(isLightSquare(sq), highlight.has(sq));
    out.push(
      `<rect x="${margin + col * s}" y="${margin + row * s}" width="${s}" height="${s}" fill="${fill}"/>`,
    );
  }
  const label = Math.round(s * 0.3);
  const text = `font-family="${BOARD_FONT_FAMILY}" font-size="${label}" fill="#333333" text-anchor="middle"`;
  for (let i = 0; i < 8; i++) {
    const file = orientation === 'white' ? i : 7 - i;
    const rank = orientation === 'white' ? 7 - i : i;
    const fileLabel = options.files === 'digits' ? String(file + 1) : FILE_LETTERS[file];
    const x = margin + i * s + s / 2;
    const y = margin + i * s + s / 2 + label * 0.35;
    out.push(`<text x="${x}" y="${margin - label * 0.45}" ${text}>${fileLabel}</text>`);
    out.push(`<text x="${x}" y="${size - margin / 2 + label * 0.35}" ${text}>${fileLabel}</text>`);
    out.push(`<text x="${margin / 2}" y="${y}" ${text}>${rank + 1}</text>`);
    out.push(`<text x="${size - margin / 2}" y="${y}" ${text}>${rank + 1}</text>`);
  }
  for (const sq of pos.board.occupied) {
    const p = pos.board.get(sq);
    if (!p) continue;
    const { col, row } = squareCell(sq, orientation);
    out.push(pieceSvg(p, margin + col * s, margin + row * s, s));
  }
  out.push('</svg>');
  return out.join('\n');
}
