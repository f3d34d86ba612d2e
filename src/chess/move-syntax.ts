// Phase one of reading a move: syntax only, no position. A token is read as ICCF numeric
// (L-App.A: `5254`, `67681`, castling as the king's move) or as algebraic in one language —
// SAN, long algebraic and figurine alike (`Nf3`, `Ng1-f3`, `Gb2e5`, `♘f3`, `e5xd6`, `d8H`,
// `e8=Q`, `e8(Q)`, `0-0-0`). Check, mate, capture, en-passant and annotation marks are
// dropped here: they never matter (P-4e).

import type { Role, Square } from 'chessops/types';
import type { Language, PieceRole } from './languages.ts';
import {
  CAPTURE_WORDS,
  castlingOf,
  DISTINCT_LETTER_SETS,
  FIGURINES,
  FILLER_RE,
  JOINING_WORDS,
  LANGUAGE_NAMES,
  PIECE_LETTERS,
  PIECE_ROLES,
  pieceOfWord,
  readPieceLetter,
} from './languages.ts';
import type { Result } from './move-error.ts';
import { fail, moveError, ok } from './move-error.ts';

export type CastlingSideName = 'king' | 'queen';
export type PromotionRole = Exclude<PieceRole, 'king'>;

export type MoveSyntax =
  | {
      kind: 'numeric';
      from: Square;
      to: Square;
      /** The fifth digit, when written: 1 queen, 2 rook, 3 bishop, 4 knight. */
      promotion?: PromotionRole;
    }
  /**
   * A pawn capture written by its files alone (`ed`, `exd`, `e:d`), as older books and many
   * club players write it: read when the position has one such capture.
   */
  | { kind: 'file-capture'; fromFile: number; toFile: number }
  /** `either`: castling written in words with no side ("castles"), for the position to decide. */
  | { kind: 'castle'; side: CastlingSideName | 'either' }
  | {
      kind: 'algebraic';
      role: Role;
      /** A piece letter or figurine was written (`Ng1f3`), not just squares (`g1f3`). */
      lettered: boolean;
      fromFile?: number;
      fromRank?: number;
      to: Square;
      promotion?: PromotionRole;
    };

export const NUMERIC_PROMOTION_DIGITS: Record<PromotionRole, string> = {
  queen: '1',
  rook: '2',
  bishop: '3',
  knight: '4',
};
const DIGIT_PROMOTIONS: Record<string, PromotionRole> = {
  '1': 'queen',
  '2': 'rook',
  '3': 'bishop',
  '4': 'knight',
};

export const square = (file: number, rank: number): Square => file + 8 * rank;

/**
 * Normalise what phones and keyboards make of a move: Unicode forms, dashes, the
 * multiplication sign and Cyrillic look-alikes for files and the capture `х`; then drop the
 * marks that never matter (P-4e): `+ ++ # X`, `! ? !! ?? !? ?!`, `e.p.`.
 */
export function normalizeMoveText(raw: string): string {
  // Fast path: plain ASCII needs only the marks dropped.
  if (/^[\x21-\x7e]+$/.test(raw)) return dropMarks(raw);
  const trimmed = raw.normalize('NFC').trim();
  const s = (/\s/.test(trimmed) ? unspell(trimmed) : trimmed)
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[×хХ]/g, 'x')
    .replace(/а/g, 'a')
    .replace(/с/g, 'c')
    .replace(/е/g, 'e');
  return dropMarks(s);
}

/**
 * A move written with spaces (movetext.ts joins them): "Bishop to a4" → `♗a4`, "Knight takes
 * c6" → `♘xc6`, "Pawn to d4" → `d4`, "N c3" → `Nc3`. A piece word becomes its figurine, read
 * the same in every language; a lone letter stays, for the player's language to read; anything
 * else stays too, and then does not read.
 */
function unspell(text: string): string {
  const [head = '', ...rest] = text.split(/\s+/);
  const role = pieceOfWord(head);
  let out = role === undefined ? head : role === 'pawn' ? '' : FIGURINES[role];
  for (const part of rest) {
    const word = part.toLowerCase();
    if (CAPTURE_WORDS.includes(word)) out += 'x';
    else if (!JOINING_WORDS.includes(word) && !FILLER_RE.test(part)) out += part;
  }
  return out;
}

function dropMarks(text: string): string {
  let s = text.replace(/\s*e\.?\s*p\.?$/i, '');
  // Annotation and check marks, in any order at the end; a bare "=" after a finished move
  // ("Ba4=") is no promotion, and not taken for the draw offer "(=)", which binds (L-9.1.2.1).
  s = s.replace(/[!?+#‡]+$/u, '');
  s = s.replace(/(?<=[1-8])=$/u, '');
  // A trailing X as mate mark (only after a rank or a promotion bracket, so `Kx` stays illegible).
  s = s.replace(/(?<=[1-8)])X$/, '');
  s = s.replace(/[!?+#]+$/u, '');
  return s;
}

// The promotion digit may be set apart as it is in algebraic: `27281`, `2728=1`, `2728/1`, `2728(1)`.
const NUMERIC_RE = /^([0-9])([0-9])-?([0-9])([0-9])(?:[-=/]?([0-9])|\(([0-9])\))?$/;
const CASTLE_RE = /^[O0oОо]-?[O0oОо](-?[O0oОо])?$/u;
// from-file, from-rank, separator, to-file, to-rank, rest (promotion)
const ALGEBRAIC_RE = /^([a-h])?([1-8])?([-x:])?([a-h])([1-8])(.*)$/;
/** A pawn capture by files alone: `ed`, `exd`, `e:d` (`e×d` is normalised to `exd`). */
const FILE_CAPTURE_RE = /^([a-h])[x:]?([a-h])$/;
/** The same without a capture mark: two letters that are words too (German "ab", "da"). */
const BARE_FILE_CAPTURE_RE = /^[a-h][a-h]$/;
/** A capital file after a rank or a capture mark: a square a phone wrote large (`e2-E4`). */
const CAPITAL_TARGET_RE = /[1-8x:-][A-H][1-8]/;

/** ICCF numeric: four digits, five for a promotion (P-2b). */
export function parseNumericSyntax(
  text: string,
  t = normalizeMoveText(text),
): Result<MoveSyntax> | undefined {
  const m = NUMERIC_RE.exec(t);
  if (!m) return undefined;
  const p = m[5] ?? m[6];
  const digits = [m[1], m[2], m[3], m[4]].map(Number);
  if (digits.some((d) => d < 1 || d > 8)) {
    return fail(
      moveError(
        'ILLEGIBLE',
        'bad-square',
        text,
        'in numeric notation every square is two digits from 1 to 8 (file, then rank): e2 is 52',
      ),
    );
  }
  const [a, b, c, d] = digits as [number, number, number, number];
  const syntax: MoveSyntax = {
    kind: 'numeric',
    from: square(a - 1, b - 1),
    to: square(c - 1, d - 1),
  };
  if (p !== undefined) {
    const role = DIGIT_PROMOTIONS[p];
    if (!role) {
      return fail(
        moveError(
          'ILLEGIBLE',
          'bad-promotion-piece',
          text,
          'the fifth digit names the promotion piece: 1 queen, 2 rook, 3 bishop, 4 knight',
        ),
      );
    }
    syntax.promotion = role;
  }
  return ok(syntax);
}

function readPromotion(rest: string, lang: Language): PromotionRole | undefined | 'bad' {
  if (rest === '') return undefined;
  const inner = rest.replace(/^[=/]/, '').replace(/^\((.+)\)$/, '$1');
  // After the target square a piece letter in lower case is the promotion all the same
  // ("b8=q", "b8(q)", as a phone types it).
  const piece =
    readPieceLetter(inner, lang) ??
    (/^\p{Ll}/u.test(inner)
      ? readPieceLetter(inner[0]!.toUpperCase() + inner.slice(1), lang)
      : undefined);
  if (!piece || piece.length !== inner.length || piece.role === 'king') return 'bad';
  return piece.role;
}

/** Algebraic in one language: SAN, long algebraic and figurine. */
export function parseAlgebraicSyntax(
  text: string,
  lang: Language,
  t = normalizeMoveText(text),
): Result<MoveSyntax> {
  if (t === '') return fail(moveError('ILLEGIBLE', 'empty', text, 'there is no move here'));
  const castle = CASTLE_RE.exec(t);
  if (castle) return ok({ kind: 'castle', side: castle[1] ? 'queen' : 'king' });

  let role: Role = 'pawn';
  // A capital target square after a from-square or a capture mark ("e2-E4", "Ng1-F3", "E2E4"):
  // a piece letter never stands there, so it is a file a phone or caps lock wrote large.
  let rest = CAPITAL_TARGET_RE.test(t)
    ? t.replace(/(?<=[1-8x:-])[A-H](?=[1-8])/g, (f) => f.toLowerCase())
    : t;
  // A phone capitalised the file of a pawn move ("E4", "D4"): a piece move needs a whole
  // target square, so a capital and a rank alone is always a pawn.
  const piece = /^[A-H][1-8]$/.test(rest) ? undefined : readPieceLetter(rest, lang);
  if (piece) {
    role = piece.role;
    rest = rest.slice(piece.length);
    // Caps lock after the piece letter ("BA4", "NBD2", "BXC6"): files and the capture mark.
    if (/^[A-Ha-h]?[1-8]?[-xX:]?[A-Ha-h][1-8]$/.test(rest)) rest = rest.toLowerCase();
  } else if (/^[A-H][X:][A-H][1-8]/.test(rest)) {
    // A pawn capture in caps lock ("EXD5"): its capital X means no piece letter can start it.
    rest = rest.slice(0, 4).toLowerCase() + rest.slice(4);
  } else if (lang === 'en' && /^P[a-h]/.test(rest)) {
    rest = rest.slice(1);
  } else if (/^E[x:]?[A-Ha-h]$/.test(rest)) {
    // A pawn capture by files from the e-file in capitals ("Exd", "ED"): no language's piece.
    rest = rest.toLowerCase();
  } else if (/^(?:[A-H][1-8]$|E[x:]?[a-h][1-8]|[A-H][1-8][-x:]?[a-h][1-8])/.test(rest)) {
    // ... or of a pawn capture ("Exd5"): no language uses E as a piece letter; or the
    // from-square of a long-algebraic move ("E2-e4", "D2d4"), with a letter that is no piece
    // letter of the player's language (in English "B2-b4" stays a bishop's move).
    rest = rest[0]!.toLowerCase() + rest.slice(1);
  } else if (/^[a-z]/.test(rest) && !/^[a-h]/.test(rest)) {
    // A lower-case piece letter typed on a phone ("nf3"); files a–h stay files.
    const upper = readPieceLetter(rest[0]!.toUpperCase() + rest.slice(1), lang);
    if (upper) {
      role = upper.role;
      rest = rest.slice(upper.length);
    }
  }
  const files = role === 'pawn' ? FILE_CAPTURE_RE.exec(rest) : null;
  if (files) {
    const [fromFile, toFile] = [files[1]!.charCodeAt(0) - 97, files[2]!.charCodeAt(0) - 97];
    if (Math.abs(fromFile - toFile) === 1) return ok({ kind: 'file-capture', fromFile, toFile });
  }
  const m = ALGEBRAIC_RE.exec(rest);
  if (!m) {
    // Castling in words ("castles kingside", "kurze Rochade"): no square, so no move above.
    const spelled = castlingOf(text.replace(/[.!?+#]+$/u, ''));
    if (spelled) return ok({ kind: 'castle', side: spelled });
    const first = /^\p{Lu}/u.exec(t)?.[0];
    if (first && !piece) {
      const letters = PIECE_ROLES.map((r) => `${PIECE_LETTERS[lang][r]} ${r}`).join(', ');
      return fail(
        moveError(
          'ILLEGIBLE',
          'unknown-piece-letter',
          text,
          `"${first}" is not a piece letter in ${LANGUAGE_NAMES[lang]} (${letters})`,
        ),
      );
    }
    return fail(moveError('ILLEGIBLE', 'unreadable', text, 'this cannot be read as a move'));
  }
  const ff = m[1];
  const fr = m[2];
  const tf = m[4]!;
  const tr = m[5]!;
  const promo = m[6] ?? '';
  const promotion = readPromotion(promo, lang);
  if (promotion === 'bad') {
    return fail(moveError('ILLEGIBLE', 'unreadable', text, 'this cannot be read as a move'));
  }
  const syntax: MoveSyntax = {
    kind: 'algebraic',
    role,
    lettered: role !== 'pawn',
    to: square(tf.charCodeAt(0) - 97, Number(tr) - 1),
  };
  if (ff) syntax.fromFile = ff.charCodeAt(0) - 97;
  if (fr) syntax.fromRank = Number(fr) - 1;
  if (promotion) syntax.promotion = promotion;
  return ok(syntax);
}

/**
 * Does a token read as a move in some notation (syntax only, no position)? Two bare file
 * letters (`ed`) are words too ("ab", "da"): they count only where moves are sure
 * (`isBareFileCapture`).
 */
export function isMoveSyntax(text: string): boolean {
  const known = moveSyntaxKnown.get(text);
  if (known !== undefined) return known;
  const answer =
    !!parseNumericSyntax(text) ||
    (!isBareFileCapture(text) &&
      DISTINCT_LETTER_SETS.some((lang) => parseAlgebraicSyntax(text, lang).ok));
  if (moveSyntaxKnown.size >= MOVE_SYNTAX_KNOWN_MAX) moveSyntaxKnown.clear();
  moveSyntaxKnown.set(text, answer);
  return answer;
}

/**
 * `isMoveSyntax`'s answers: reading a mail asks it of every word several times (lines with
 * moves, then sentences, clauses, the moves themselves), and a word that is no move is tried in
 * every letter set, errors and all, each time. The answer depends on the text alone.
 */
const moveSyntaxKnown = new Map<string, boolean>();
const MOVE_SYNTAX_KNOWN_MAX = 10_000;

/** `ed`: a pawn capture by files with no capture mark (see `isMoveSyntax`). */
export function isBareFileCapture(text: string): boolean {
  const t = normalizeMoveText(text);
  return BARE_FILE_CAPTURE_RE.test(t) && Math.abs(t.charCodeAt(0) - t.charCodeAt(1)) === 1;
}
