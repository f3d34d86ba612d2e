// Movetext as players write it: numbered sequences (`12. Nf3 Nc6`, `12...Nc6`,
// `12. ... 5878`, `12. - Nc6`, `12) Nf3`, `12.5254`), the draw-offer mark `(=)` (L-8.1),
// comments `{…}`, variations, NAGs, `e.p.` and results tolerated. Tokenising is pure syntax;
// `readMovetext` then plays the moves from a position, checking the numbering (P-2a) and reading
// each move (P-4c).

import type { Position } from 'chessops/chess';
import type { Color, NormalMove } from 'chessops/types';
import {
  CAPTURE_WORDS,
  castlingOf,
  FILLER_RE,
  isCastlingWord,
  JOINING_WORDS,
  PIECE_LETTERS,
  pieceOfWord,
} from './languages.ts';
import type { MoveError } from './move-error.ts';
import { moveError } from './move-error.ts';
import { isBareFileCapture, isMoveSyntax } from './move-syntax.ts';
import type { Reading } from './read-move.ts';
import { readMove } from './read-move.ts';
import { moveNumber } from './write-move.ts';

export interface MovetextToken {
  text: string;
  /** The move number written before this move, if any. */
  number?: number;
  /** The side the numbering says this move is for (`12.` white, `12...` black). */
  side?: Color;
  /** Followed by the draw-offer mark `(=)`. */
  drawOffer: boolean;
  /**
   * A move written out in words, or with spaces: a piece and a square ("Bishop to a4", "N c3",
   * "4.Bishp a4"). It is meant as a move even when it does not read as one.
   */
  spelled?: true;
  /** Written with a full stop after it ("4.Ba4."), which is not part of the move. */
  endsSentence?: true;
}

export interface Movetext {
  tokens: MovetextToken[];
  /** `1-0`, `0-1`, `1/2-1/2` or `*` when written. */
  result?: string;
}

const RESULT_RE = /^(1-0|0-1|1\/2-1\/2|½-½|\*)\.?$/;
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
        (/^\([A-ZĈ♔-♟А-Яа-я][a-zр]?\)/u.test(rest) ||
          // in lower case after the square it is promoted on: b8(q)
          (/^\([a-zč]\)/u.test(rest) && /[a-h][18]$/.test(text.slice(0, i))) ||
          (/^\([1-4]\)/.test(rest) && /\d{2}-?\d{2}$/.test(text.slice(0, i))))
      ) {
        out += c; // promotion piece in brackets: e8(Q), numeric 2728(1)
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

/** A piece letter of some language standing alone ("N c3", "S f3", "Кр e2"), or a figurine. */
const LONE_LETTERS = new Set([
  ...Object.values(PIECE_LETTERS).flatMap((letters) => Object.values(letters)),
  ...'♔♕♖♗♘♙♚♛♜♝♞♟',
]);
/** A square, or a from-square and a square (`a4`, `b1-c3`), as it follows a written-out piece. */
const SPELLED_SQUARE_RE = /^[x:×]?[a-hA-HасеАСЕ][1-8](?:[-x:×][a-hA-HасеАСЕ][1-8])?[+#!?]*[.:]?$/u;
/** A move number in front of a chunk (`4.`, `12...`, `12)`). */
const NUMBER_PREFIX_RE = /^\d{1,3}(?:\.+|…|\))/u;
const BARE_NUMBER_RE = /^\d{1,3}(?:\.+|…|\))$/u;

/**
 * Where a move written with spaces that starts at `chunks[i]` ends (exclusive): a piece — a word
 * in any language, a lone piece letter, or, right after a move number, any capitalised word (a
 * misspelt piece: `4.Bishp a4`) — then joining words ("to", "takes", "nach", "na") and squares,
 * ending on a square. Read alone, the square would be a pawn's move: "Bishop a4" is never `a4`.
 */
function spelledEnd(chunks: readonly string[], i: number): number | undefined {
  const first = chunks[i]!;
  const word = first.replace(NUMBER_PREFIX_RE, '');
  // Castling in words: "castles kingside", "kurze Rochade", "castles on the queen side".
  if (isCastlingWord(word, false)) {
    const bare = (c: string) => c.replace(/[.:!?]+$/u, '');
    let end: number | undefined;
    for (let j = i + 1; j <= chunks.length && j <= i + 5; j++) {
      if (castlingOf([word, ...chunks.slice(i + 1, j)].map(bare).join(' '))) end = j;
      if (j < chunks.length && !isCastlingWord(bare(chunks[j]!))) break;
    }
    if (end !== undefined) return end;
  }
  const numbered = word !== first || BARE_NUMBER_RE.test(chunks[i - 1] ?? '');
  const piece =
    pieceOfWord(word) !== undefined ||
    LONE_LETTERS.has(word) ||
    (numbered && /^\p{Lu}\p{Ll}+$/u.test(word));
  if (!piece) return undefined;
  let end: number | undefined;
  let verbs = 0;
  for (let j = i + 1; j < chunks.length && j <= i + 5; j++) {
    const c = chunks[j]!;
    if (SPELLED_SQUARE_RE.test(c)) end = j + 1;
    else if (CAPTURE_WORDS.includes(c.toLowerCase()) || JOINING_WORDS.includes(c.toLowerCase()))
      continue;
    // Up to two small words of any language between the piece and its square: the verb of
    // "Bishop moves to a4", "goniec cofa się na a4", "Läufer zieht nach a4" (never a pawn's a4).
    else if (end === undefined && verbs < 2 && FILLER_RE.test(c)) verbs++;
    else break;
  }
  return end;
}

/** Chunks with each move written with spaces joined into one, marked as spelled. */
function joinSpelled(chunks: readonly string[]): { text: string; spelled: boolean }[] {
  const out: { text: string; spelled: boolean }[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const end = spelledEnd(chunks, i);
    if (end === undefined) {
      out.push({ text: chunks[i]!, spelled: false });
      continue;
    }
    out.push({ text: chunks.slice(i, end).join(' '), spelled: true });
    i = end - 1;
  }
  return out;
}

export function tokenizeMovetext(text: string): Movetext {
  const split = stripComments(text)
    // `12...`, `12. ...`, `12 . . .`: two or more dots after a number mean Black's move (a
    // move's rank before dots is no number: `2. Nf3 ... Nc6` keeps `Nf3` whole).
    .replace(/(?<![\p{L}\d])(\d{1,3})\s*\.(?:\s*\.)+/gu, '$1...')
    // A numeric move written as its two squares after its number: `4.25 14`, `3...17 16`.
    .replace(
      /(?<![\p{L}\d.])(\d{1,3}\.(?:\.\.)?\s*)([1-8]{2})\s+([1-8]{2})(?=$|[\s,;!?(])/gu,
      '$1$2$3',
    )
    // A promotion piece set apart by a space after a pawn's last-rank square: `b8 Q`, `exd1 D`.
    .replace(
      /(?<![\p{L}\d])([a-h](?:[x:]?[a-h])?[18])\s+([QRBNDTLSHWGVJ])(?=$|[\s,;.!?+#])/gu,
      '$1=$2',
    )
    // The same in numeric notation: `2728 1`, `27-28 1` (a pawn from the 7th rank to the 8th,
    // or from the 2nd to the 1st; not a date's day such as `2728 1.12.`, nor a count of days
    // after a rook's move, `2728 2 Tage`).
    .replace(
      /(?<![\p{L}\d])([1-8]7-?[1-8]8|[1-8]2-?[1-8]1)\s+([1-4])(?=$|[,;!?+#)]|\.(?!\d)|\s+(?!\p{L}))/gu,
      '$1$2',
    )
    .split(/[\s,;]+/)
    .filter(Boolean);
  const chunks = joinSpelled(split);
  const tokens: MovetextToken[] = [];
  let result: string | undefined;
  let number: number | undefined;
  let side: Color | undefined;
  for (const { text: chunk, spelled } of chunks) {
    if (RESULT_RE.test(chunk)) {
      const written = chunk.replace(/\.$/, '');
      result = written === '½-½' ? '1/2-1/2' : written;
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
    const num = /^\d{4,5}[.:]?$/.test(moveText) ? null : NUMBER_RE.exec(moveText);
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
    // The full stop of a sentence: "3...a6 4.Ba4." ("e.p." keeps its dots).
    const stop = /(?<=[^\s.])[.:]+$/u.exec(moveText);
    if (stop) moveText = moveText.slice(0, stop.index);
    const token: MovetextToken = { text: moveText, drawOffer: false };
    if (spelled) token.spelled = true;
    if (stop) token.endsSentence = true;
    if (number !== undefined) token.number = number;
    if (side !== undefined) token.side = side;
    tokens.push(token);
    number = undefined;
    side = undefined;
  }
  return result === undefined ? { tokens } : { tokens, result };
}

/**
 * A token meant as a move: one that reads as a move in some notation, or one written out, or
 * a pawn capture by files after its move number (`2...ed`).
 */
/** A token as written, with its move number if it had one: "12...Nf6", "e5". */
export const tokenText = (t: Pick<MovetextToken, 'number' | 'side' | 'text'>): string =>
  `${t.number === undefined ? '' : moveNumber(t.number, t.side ?? 'white')}${t.text}`;

export const isMoveToken = (t: MovetextToken): boolean =>
  t.spelled === true ||
  isMoveSyntax(t.text) ||
  (t.number !== undefined && isBareFileCapture(t.text));

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
        `this is written as ${token.side === 'white' ? 'White' : 'Black'}'s move, but ${pos.turn === 'white' ? 'White' : 'Black'} is to move (write ${moveNumber(pos.fullmoves, pos.turn)})`,
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
