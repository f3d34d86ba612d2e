// The board as fixed-width text, readable in any mail client (issue 4, "Writing"): 8x8 with
// coordinates on all sides, White's pieces in capitals and Black's in small letters, '.' for
// an empty square. Letters are the recipient's language's (rules.md, Notation: Polish K H W G S
// P, German K D T L S ...) when each is one distinct letter, else English; numeric players get
// the file digits 1..8 under the board (L-App.A). White at the bottom unless the recipient's
// side is asked for.

import type { Position } from 'chessops/chess';
import type { Color, Role } from 'chessops/types';
import type { Language } from '../chess/index.ts';
import { PIECE_LETTERS, PIECE_ROLES } from '../chess/index.ts';

export interface BoardTextOptions {
  /** Piece letters: a language's, or plain English ASCII (K Q R B N P). */
  letters?: Language | 'ascii';
  /** The side shown at the bottom (default White). */
  orientation?: Color;
  /** Also label files with the digits of numeric notation (a=1 … h=8). */
  numeric?: boolean;
}

/** Pawn letters per language (SAN has none; boards do). */
const PAWN_LETTERS: Partial<Record<Language, string>> = {
  pl: 'P',
  de: 'B',
  cs: 'P',
  fr: 'P',
  es: 'P',
  it: 'P',
  nl: 'P',
  sv: 'B',
  eo: 'P',
};

const ASCII: Record<Role, string> = {
  king: 'K',
  queen: 'Q',
  rook: 'R',
  bishop: 'B',
  knight: 'N',
  pawn: 'P',
};

/** The six board letters for `letters`, falling back to ASCII when they would not be distinct single letters. */
export function boardLetters(letters: Language | 'ascii'): Record<Role, string> {
  if (letters === 'ascii' || letters === 'en') return ASCII;
  const set: Record<Role, string> = {
    ...PIECE_LETTERS[letters],
    pawn: PAWN_LETTERS[letters] ?? '',
  };
  const all = [...PIECE_ROLES, 'pawn' as const].map((r) => set[r]);
  const single = all.every((l) => l.length === 1 && l.toUpperCase() !== l.toLowerCase());
  return single && new Set(all).size === all.length ? set : ASCII;
}

export function boardText(pos: Position, options: BoardTextOptions = {}): string {
  const orientation = options.orientation ?? 'white';
  const letters = boardLetters(options.letters ?? 'ascii');
  const files = orientation === 'white' ? [0, 1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1, 0];
  const ranks = orientation === 'white' ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];
  const fileRow = `    ${files.map((f) => 'abcdefgh'[f]).join(' ')}`;
  const border = '  +-----------------+';
  const lines = [fileRow, border];
  for (const r of ranks) {
    const cells = files.map((f) => {
      const piece = pos.board.get(r * 8 + f);
      if (!piece) return '.';
      const l = letters[piece.role];
      return piece.color === 'white' ? l.toUpperCase() : l.toLowerCase();
    });
    lines.push(`${r + 1} | ${cells.join(' ')} | ${r + 1}`);
  }
  lines.push(border, fileRow);
  if (options.numeric) lines.push(`    ${files.map((f) => String(f + 1)).join(' ')}`);
  return lines.join('\n');
}
