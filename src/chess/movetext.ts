// Movetext as players write it: numbered sequences (`12. Nf3 Nc6`, `12...Nc6`,
// `12. ... 5878`, `12. - Nc6`, `12) Nf3`, `12.5254`), the draw-offer mark `(=)` (L-8.1),
// comments `{…}`, variations, NAGs, `e.p.` and results tolerated. Tokenising is pure syntax;
// `readMovetext` then plays the moves from a position, checking the numbering (P-2a) and reading
// each move (P-4c).

import type { Position } from 'chessops/chess';
import type { Color, NormalMove } from 'chessops/types';
import type { MoveError } from './move-error.ts';
import { moveError } from './move-error.ts';
import type { Reading } from './read-move.ts';
import { readMove } from './read-move.ts';

export interface MovetextToken {
  text: string;
  /** The move number written before this move, if any. */
  number?: number;
  /** The side the numbering says this move is for (`12.` white, `12...` black). */
  side?: Color;
  /** Followed by the draw-offer mark `(=)`. */
  drawOffer: boolean;
}

export interface Movetext {
  tokens: MovetextToken[];
  /** `1-0`, `0-1`, `1/2-1/2` or `*` when written. */
  result?: string;
}

const RESULT_RE = /^(1-0|0-1|1\/2-1\/2|½-½|\*)$/;
const NUMBER_RE = /^(\d{1,3})(?:(\.\s*\.\s*\.|…|\.\.)|(\.|\)))?(.*)$/u;
/** Black's move after a number, written as a dash in some countries: `12. - Nf6`, `12.–Nf6`. */
const BLACK_DASH_RE = /^[-‐‑‒–—−]$/u;
const NOISE_RE = /^(e\.?p\.?[+#!?]*|[+#!?]+|\$\d+|=)$/i;

/** Drop `{comments}`, `$n`, and variations `( … )` — but keep `(=)` and `e8(Q)`. */
function stripComments(text: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (depth === 0 && c === '{') {
      const end = text.indexOf('}', i);
      const inner = text.slice(i + 1, end < 0 ? text.length : end).trim();
      if (inner === '(=)') out += ' (=) ';
      i = end < 0 ? text.length : end;
      continue;
    }
    if (c === '(') {
      const rest = text.slice(i);
      const draw = /^\(\s*=\s*\)/.exec(rest);
      if (depth === 0 && draw) {
        out += ' (=) ';
        i += draw[0].length - 1;
        continue;
      }
      if (
        depth === 0 &&
        /\S/.test(text[i - 1] ?? ' ') &&
        /^\([A-ZĈ♔-♟А-Яа-я][a-zр]?\)/u.test(rest)
      ) {
        out += c; // promotion piece in brackets: e8(Q)
        continue;
      }
      depth++;
      continue;
    }
    if (c === ')' && depth > 0) {
      depth--;
      continue;
    }
    if (depth === 0) out += c;
  }
  return out;
}

export function tokenizeMovetext(text: string): Movetext {
  const chunks = stripComments(text)
    // `12...`, `12. ...`, `12 . . .`: two or more dots after a number mean Black's move (a
    // move's rank before dots is no number: `2. Nf3 ... Nc6` keeps `Nf3` whole).
    .replace(/(?<![\p{L}\d])(\d{1,3})\s*\.(?:\s*\.)+/gu, '$1...')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const tokens: MovetextToken[] = [];
  let result: string | undefined;
  let number: number | undefined;
  let side: Color | undefined;
  for (const chunk of chunks) {
    if (RESULT_RE.test(chunk)) {
      result = chunk === '½-½' ? '1/2-1/2' : chunk;
      continue;
    }
    if (chunk === '(=)') {
      const last = tokens[tokens.length - 1];
      if (last) last.drawOffer = true;
      continue;
    }
    if (chunk === '...' || chunk === '…' || chunk === '..') {
      if (number !== undefined) side = 'black';
      continue;
    }
    if (number !== undefined && side === 'white' && BLACK_DASH_RE.test(chunk)) {
      side = 'black';
      continue;
    }
    if (NOISE_RE.test(chunk)) continue;
    // `...e5` with no number before its dots: Black's move, numbered by what came before.
    let moveText = chunk.replace(/^(?:\.{2,}|…)(?=\S)/u, '');
    if (moveText !== chunk && number !== undefined) side = 'black';
    const num = /^\d{4,5}$/.test(moveText) ? null : NUMBER_RE.exec(moveText);
    if (num && (num[2] || num[3] || num[4] === '')) {
      number = Number(num[1]);
      side = num[2] ? 'black' : 'white';
      moveText = num[4]!;
      if (side === 'white' && BLACK_DASH_RE.test(moveText[0] ?? '')) {
        // `12.-Nf6`, `12.-`: the dash stands for White's move, as the dots do.
        side = 'black';
        moveText = moveText.slice(1);
      }
      if (moveText === '') continue;
    }
    const token: MovetextToken = { text: moveText, drawOffer: false };
    if (number !== undefined) token.number = number;
    if (side !== undefined) token.side = side;
    tokens.push(token);
    number = undefined;
    side = undefined;
  }
  return result === undefined ? { tokens } : { tokens, result };
}

export interface ReadMove {
  move: NormalMove;
  text: string;
  drawOffer: boolean;
}

/** Tag a move error with the move number and side it belongs to. */
export function atMove(error: MoveError, pos: Position): MoveError {
  return { ...error, moveNumber: pos.fullmoves, side: pos.turn };
}

/**
 * Check that a token's numbering fits the position (P-2a): `12...` must be Black's 12th.
 */
export function checkNumbering(pos: Position, token: MovetextToken): MoveError | undefined {
  if (token.number !== undefined && token.number !== pos.fullmoves) {
    return atMove(
      moveError(
        'ILLEGIBLE',
        'wrong-move-number',
        token.text,
        `this move is numbered ${token.number}, but it is move ${pos.fullmoves} for ${pos.turn === 'white' ? 'White' : 'Black'}`,
      ),
      pos,
    );
  }
  if (token.side !== undefined && token.side !== pos.turn) {
    return atMove(
      moveError(
        'ILLEGIBLE',
        'wrong-side',
        token.text,
        `this is written as ${token.side === 'white' ? 'White' : 'Black'}'s move, but ${pos.turn === 'white' ? 'White' : 'Black'} is to move (write ${pos.fullmoves}${pos.turn === 'white' ? '.' : '...'})`,
      ),
      pos,
    );
  }
  return undefined;
}

/**
 * Play movetext from `pos` (which is changed). Stops at the first move that cannot be read or
 * played and returns its error with move number and side; the moves before it are in `moves`.
 */
export function readMovetext(
  pos: Position,
  movetext: Movetext,
  reading: Reading,
): { moves: ReadMove[]; error?: MoveError } {
  const moves: ReadMove[] = [];
  for (const token of movetext.tokens) {
    const numbering = checkNumbering(pos, token);
    if (numbering) return { moves, error: numbering };
    if (pos.isEnd()) {
      return {
        moves,
        error: atMove(
          moveError('IMPOSSIBLE', 'game-over', token.text, 'the game is already over'),
          pos,
        ),
      };
    }
    const r = readMove(pos, token.text, reading);
    if (!r.ok) return { moves, error: atMove(r.error, pos) };
    moves.push({ move: r.value, text: token.text, drawOffer: token.drawOffer });
    pos.play(r.value);
  }
  return { moves };
}
