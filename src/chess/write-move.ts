// Writing a move in every notation a player may want: ICCF numeric (L-App.A: castling as the
// king's move, promotion as a fifth digit), SAN in any language, long algebraic and figurine.
// Moves are chessops moves: castling is the king moving onto its own rook (Chess960-safe).

import type { Position } from 'chessops/chess';
import { castlingSide } from 'chessops/chess';
import { makeSan } from 'chessops/san';
import type { NormalMove, Square } from 'chessops/types';
import { makeSquare } from 'chessops/util';
import type { Language, PieceRole } from './languages.ts';
import { FIGURINES, PIECE_LETTERS } from './languages.ts';
import type { PromotionRole } from './move-syntax.ts';
import { NUMERIC_PROMOTION_DIGITS, square } from './move-syntax.ts';

export type Notation =
  | { kind: 'numeric' }
  | { kind: 'san'; lang: Language }
  | { kind: 'lan'; lang: Language }
  | { kind: 'figurine' };

const ENGLISH_ROLES: Record<string, PieceRole> = {
  K: 'king',
  Q: 'queen',
  R: 'rook',
  B: 'bishop',
  N: 'knight',
};

/** Replace the English piece letters of a SAN/LAN string (squares are lower case, so safe). */
function translateLetters(english: string, letter: (role: PieceRole) => string): string {
  return english.replace(/[KQRBN]/g, (c) => letter(ENGLISH_ROLES[c]!));
}

/** ICCF numeric of a square: file digit then rank digit (e2 = 52). */
export const numericSquare = (sq: Square): string => `${(sq & 7) + 1}${(sq >> 3) + 1}`;

/** Where the king ends when castling towards `rookSquare` (g- or c-file of its rank). */
export function castlingKingTarget(pos: Position, move: NormalMove): Square | undefined {
  const side = castlingSide(pos, move);
  if (!side) return undefined;
  return square(side === 'h' ? 6 : 2, move.from >> 3);
}

/**
 * Castling is written as the king's start and end squares (L-App.A). In Chess960, where an
 * ordinary king move to that end square is also legal, that form would mean the ordinary
 * move (L-App.B.3.3), so castling is written as the king moving onto its rook.
 */
export function makeNumeric(pos: Position, move: NormalMove): string {
  const target = castlingKingTarget(pos, move);
  const ordinary =
    target !== undefined && pos.dests(move.from).has(target) && !pos.board[pos.turn].has(target);
  const to = target !== undefined && !ordinary ? target : move.to;
  const promo = move.promotion ? NUMERIC_PROMOTION_DIGITS[move.promotion as PromotionRole] : '';
  return numericSquare(move.from) + numericSquare(to) + promo;
}

export function makeSanIn(pos: Position, move: NormalMove, lang: Language): string {
  const san = makeSan(pos, move);
  return lang === 'en' ? san : translateLetters(san, (r) => PIECE_LETTERS[lang][r]);
}

export function makeFigurine(pos: Position, move: NormalMove): string {
  return translateLetters(makeSan(pos, move), (r) => FIGURINES[r]);
}

function checkSuffix(pos: Position, move: NormalMove): string {
  const after = pos.clone();
  after.play(move);
  return after.isCheckmate() ? '#' : after.isCheck() ? '+' : '';
}

export function makeLan(pos: Position, move: NormalMove, lang: Language): string {
  const piece = pos.board.get(move.from);
  if (!piece) return makeNumeric(pos, move);
  const side = castlingSide(pos, move);
  if (side) return (side === 'h' ? 'O-O' : 'O-O-O') + checkSuffix(pos, move);
  const capture =
    pos.board.occupied.has(move.to) || (piece.role === 'pawn' && (move.from & 7) !== (move.to & 7));
  const letter = piece.role === 'pawn' ? '' : PIECE_LETTERS[lang][piece.role];
  const promo = move.promotion ? `=${PIECE_LETTERS[lang][move.promotion as PieceRole]}` : '';
  return (
    letter +
    makeSquare(move.from) +
    (capture ? 'x' : '-') +
    makeSquare(move.to) +
    promo +
    checkSuffix(pos, move)
  );
}

/** A move's number as written before it: `12.` for White, `12...` for Black. */
export const moveNumber = (number: number, side: 'white' | 'black'): string =>
  `${number}${side === 'white' ? '.' : '...'}`;

export function writeMove(pos: Position, move: NormalMove, notation: Notation): string {
  switch (notation.kind) {
    case 'numeric':
      return makeNumeric(pos, move);
    case 'san':
      return makeSanIn(pos, move, notation.lang);
    case 'lan':
      return makeLan(pos, move, notation.lang);
    case 'figurine':
      return makeFigurine(pos, move);
  }
}
