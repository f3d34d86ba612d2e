// Reading one move as a player wrote it, in the notation chosen for that player (P-2b):
// numeric, algebraic in a language (SAN, long algebraic, figurine), or `auto` — every
// language at once, accepted only when exactly one reading is legal. ICCF numeric is always
// understood: digits cannot be mistaken for anything else.

import type { Context, Position } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import type { Language } from './languages.ts';
import {
  DISTINCT_LETTER_SETS,
  isLanguage,
  LANGUAGE_NAMES,
  languagesLike,
  readPieceLetter,
} from './languages.ts';
import type { MoveError, Result } from './move-error.ts';
import { fail, moveError, ok } from './move-error.ts';
import { normalizeMoveText, parseAlgebraicSyntax, parseNumericSyntax } from './move-syntax.ts';
import { resolveMove } from './resolve.ts';
import type { Notation } from './write-move.ts';
import { writeMove } from './write-move.ts';

/** How a player's moves are read: `numeric`, one language, or every language (`auto`). */
export type Reading =
  /**
   * `lang`: the player's own language, whose letters a numeric player's move written in
   * algebraic is read in first ("Sc5" is a Czech bishop, a German knight).
   */
  { kind: 'numeric'; lang?: Language } | { kind: 'algebraic'; lang: Language } | { kind: 'auto' };

/** Parse `numeric | san | san:LANG | lan | lan:LANG | figurine | auto`. */
export function parseReading(s: string): Reading | undefined {
  if (s === 'numeric') return { kind: 'numeric' };
  if (s === 'auto') return { kind: 'auto' };
  if (s === 'san' || s === 'lan' || s === 'figurine') return { kind: 'algebraic', lang: 'en' };
  const m = /^(?:san|lan):([a-z]{2})$/.exec(s);
  if (m && isLanguage(m[1]!)) return { kind: 'algebraic', lang: m[1] };
  return undefined;
}

/** The notation candidates are written back in, for a reading. */
export function replyNotation(reading: Reading): Notation {
  return reading.kind === 'algebraic'
    ? { kind: 'san', lang: reading.lang }
    : reading.kind === 'numeric'
      ? { kind: 'numeric' }
      : { kind: 'san', lang: 'en' };
}

/** Languages whose piece letters are Cyrillic. */
const CYRILLIC_LETTERS: ReadonlySet<Language> = new Set(['ru', 'uk']);

/**
 * A Russian or Ukrainian player's piece letter typed on a Latin keyboard, which looks the same:
 * `Kf3` is `Кf3` (knight), `Kpe2` is `Крe2` (king), `Cc4` is `Сc4` (bishop), `Th1` is `Тh1`;
 * and typed small on a phone: `кf3`, `крe2`, `kf3`, `th1` (a small Latin `c` is the c-file,
 * read as a bishop only when no pawn move fits, in `readInLanguage`).
 */
function asCyrillic(text: string): string {
  return (
    text
      .trimStart()
      .replace(/^[KkКк][pрPР]/u, 'Кр')
      .replace(
        /^[KCTkt](?=[a-h1-8x:])/,
        (c) => ({ K: 'К', C: 'С', T: 'Т' })[c.toUpperCase() as 'K'],
      )
      // A small а, с or е before a rank, a capture or a dash is the file its Latin look-alike
      // names, typed on a Cyrillic keyboard: "с4", "е:d5", "с2-с4" are pawn moves.
      .replace(/^(?![асе][1-8x:х-])[а-яёіїєґ]/u, (c) => c.toUpperCase())
  );
}

const moveKey = (m: NormalMove) => `${m.from}-${m.to}-${m.promotion ?? ''}`;

function readInLanguage(
  pos: Position,
  text: string,
  normalized: string,
  lang: Language,
  ctx: Context,
  notation: Notation,
): Result<NormalMove> {
  const syntax = parseAlgebraicSyntax(text, lang, normalized);
  const read = syntax.ok ? resolveMove(pos, syntax.value, text, notation, ctx) : syntax;
  if (read.ok) return read;
  // A lower-case piece letter that is also a file, typed on a phone: "4.ba4" is Ba4 when no
  // pawn on the b-file can take on a4. Written as a pawn move it is an impossible one
  // (P-4c), but the player wrote a legal move with a small letter (P-4a: the move stands).
  // A legal pawn reading always wins ("bc4" where b3xc4 is legal is that capture).
  const capital = capitalPieceReading(normalized, lang);
  if (capital !== undefined) {
    const piece = parseAlgebraicSyntax(text, lang, capital);
    if (piece.ok) {
      const moved = resolveMove(pos, piece.value, text, notation, ctx);
      if (moved.ok) return moved;
    }
  }
  return read;
}

/**
 * The text with its first letter capitalised, when that letter is a file (a–h) and, as a
 * capital, a piece letter of the language ("b" in English, "d" in German, "h" in Polish).
 */
function capitalPieceReading(normalized: string, lang: Language): string | undefined {
  if (!/^[a-h]/.test(normalized)) return undefined;
  const upper = normalized[0]!.toUpperCase() + normalized.slice(1);
  const capital = CYRILLIC_LETTERS.has(lang) ? asCyrillic(upper) : upper;
  return readPieceLetter(capital, lang)?.length === 1 ? capital : undefined;
}

function readAuto(
  pos: Position,
  text: string,
  normalized: string,
  ctx: Context,
): Result<NormalMove> {
  const found = new Map<string, { move: NormalMove; langs: Language[] }>();
  let firstError: MoveError | undefined;
  let impossible: MoveError | undefined;
  for (const lang of DISTINCT_LETTER_SETS) {
    const r = readInLanguage(pos, text, normalized, lang, ctx, { kind: 'san', lang });
    if (r.ok) {
      const key = moveKey(r.value);
      const entry = found.get(key);
      if (entry) entry.langs.push(...languagesLike(lang));
      else found.set(key, { move: r.value, langs: languagesLike(lang) });
    } else {
      firstError ??= r.error;
      if (!impossible && r.error.kind !== 'ILLEGIBLE') impossible = r.error;
    }
  }
  if (found.size === 1) return ok([...found.values()][0]!.move);
  if (found.size > 1) {
    return fail(
      moveError(
        'AMBIGUOUS',
        'several-readings',
        text,
        'this reads as different legal moves in different languages: set your notation or write it in numeric',
        [...found.values()].map(
          ({ move, langs }) =>
            `${writeMove(pos, move, { kind: 'numeric' })} = ${writeMove(pos, move, { kind: 'lan', lang: 'en' })} (${langs.map((l) => LANGUAGE_NAMES[l]).join(', ')})`,
        ),
      ),
    );
  }
  return fail(impossible ?? firstError!);
}

/**
 * Read one move of the side to move. `ctx` may be passed when the caller already has it.
 * Never throws for a player's mistake: the error says what is wrong (P-4c).
 */
export function readMove(
  pos: Position,
  text: string,
  reading: Reading,
  ctx: Context = pos.ctx(),
): Result<NormalMove> {
  const normalized = normalizeMoveText(text);
  const numeric = parseNumericSyntax(text, normalized);
  if (numeric) {
    if (!numeric.ok) return numeric;
    return resolveMove(pos, numeric.value, text, { kind: 'numeric' }, ctx);
  }
  if (reading.kind === 'numeric') {
    // A numeric player who writes a move in algebraic notation ("Jc3") wrote a legible move
    // (P-4c): when it reads as one legal move in any language, it stands (P-4a).
    if (!/^\s*$/.test(text)) {
      const own = reading.lang
        ? readMove(pos, text, { kind: 'algebraic', lang: reading.lang }, ctx)
        : undefined;
      // Read in the player's letters, it is their move, or their mistake: an impossible "Sc5"
      // of a Czech is not a German knight's move.
      if (own && (own.ok || own.error.kind !== 'ILLEGIBLE')) return own;
      const plain = readAuto(pos, text, normalized, ctx);
      if (plain.ok) return plain;
    }
    return fail(
      moveError(
        'ILLEGIBLE',
        /^\s*$/.test(text) ? 'empty' : 'unreadable',
        text,
        'numeric notation is four digits, from-square then to-square (e2-e4 is 5254), five for a promotion',
      ),
    );
  }
  if (reading.kind === 'algebraic') {
    const own = readOwnLetters(pos, text, normalized, reading.lang, ctx);
    // A piece letter the player's language does not have ("Nc6" of a Czech, who writes Jc6)
    // is another language's (rules.md, Notation: SAN in any language must be understood; the
    // player's language decides only a letter it has): one legal reading in all the languages
    // makes it legible (P-4c), and the move stands (P-4a). A letter of their own language is
    // read in it alone, legal or not ("Sc5" of a Czech is a bishop's move, never a knight's).
    if (own.ok || own.error.reason !== 'unknown-piece-letter') return own;
    const other = readAuto(pos, text, normalized, ctx);
    return other.ok ? other : own;
  }
  return readAuto(pos, text, normalized, ctx);
}

/** `text` read in the letters of the player's language alone (Cyrillic ones made so). */
function readOwnLetters(
  pos: Position,
  text: string,
  normalized: string,
  lang: Language,
  ctx: Context,
): Result<NormalMove> {
  // Errors quote the move as the player wrote it; it is read with its letters made Cyrillic.
  const cyrillic = CYRILLIC_LETTERS.has(lang) ? asCyrillic(text) : text;
  const t = cyrillic === text ? normalized : normalizeMoveText(cyrillic);
  return readInLanguage(pos, text, t, lang, ctx, { kind: 'san', lang });
}

/**
 * Whether `readMove` read `text` in another language's piece letters than the player's own
 * (P-2b): a letter their language does not have, read as the one legal move it makes in the
 * languages that have it. The player is told how the move is written in their notation.
 */
export function readInOtherLetters(
  pos: Position,
  text: string,
  reading: Reading,
  ctx: Context = pos.ctx(),
): boolean {
  if (reading.kind !== 'algebraic') return false;
  const normalized = normalizeMoveText(text);
  if (parseNumericSyntax(text, normalized)) return false;
  const own = readOwnLetters(pos, text, normalized, reading.lang, ctx);
  return !own.ok && own.error.reason === 'unknown-piece-letter';
}
