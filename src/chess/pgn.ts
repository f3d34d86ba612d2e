// PGN out and in. Out: the seven-tag roster plus `Mode "EM"`, `TimeControl`, and
// `SetUp`/`FEN`/`Variant` for a FEN or Chess960 start, the draw-offer mark `(=)` as a comment
// after its move (L-8.1, L-8.5: the record sent to the TD with the result), and a comment
// before the result token for what the tags cannot say (a TD's reason). Export format, so a
// rating officer's database imports it as it is: tag values escaped and on one line, movetext
// lines under 80 columns, none starting with `%` (PGN's escape line, which a reader skips).
// In: the main line of a PGN, for importing a game in progress; moves are read as English SAN
// (or numeric).

import type { Chess } from 'chessops/chess';
import { parsePgn } from 'chessops/pgn';
import type { GameRecord, RecordedMove } from './game-record.ts';
import type { MoveError, Result } from './move-error.ts';
import { fail, ok } from './move-error.ts';
import { atMove } from './movetext.ts';
import { readMove } from './read-move.ts';
import type { StartError, StartSpec } from './start-position.ts';
import { chess960Number, fenOf, startPosition } from './start-position.ts';
import { makeSanIn } from './write-move.ts';

export type PgnTags = Record<string, string>;

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
const ROSTER_DEFAULTS: Record<(typeof ROSTER)[number], string> = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '-',
  White: '?',
  Black: '?',
  Result: '*',
};

/** A tag value: one line (a control character becomes a space), `\\` and `"` escaped. */
const escapeTag = (v: string) =>
  v
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');

/** Longest movetext line (PGN export format: fewer than 80 columns). */
const LINE = 79;

/**
 * A PGN comment's words, braces included: a comment ends at the first `}`, so braces inside
 * become parentheses; line breaks become spaces; a word too long for a line is cut.
 */
function commentWords(text: string): string[] {
  const words = text
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .split(/\s+/u)
    .filter(Boolean)
    .flatMap((w) => w.match(new RegExp(`.{1,${LINE - 2}}`, 'gsu')) ?? []);
  if (!words.length) return [];
  words[0] = `{${words[0]}`;
  words[words.length - 1] = `${words.at(-1)}}`;
  return words;
}

/**
 * Words into lines under 80 columns. A line that would start with `%` (a word of a comment)
 * starts with a space instead: `%` in the first column hides the line from a reader.
 */
function wrap(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > LINE) {
      lines.push(line);
      line = w.startsWith('%') ? ` ${w}` : w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The tags a start position needs: none for standard, SetUp/FEN, plus Variant for Chess960. */
function startTags(start: StartSpec, initial: Chess): PgnTags {
  if (start.kind === 'standard') return {};
  const tags: PgnTags = { SetUp: '1', FEN: fenOf(initial) };
  if (start.kind === 'chess960') tags.Variant = 'Chess960';
  return tags;
}

/**
 * Movetext in PGN export style: `1. e4 e5 2. Nf3 {(=)} Nc6`, wrapped before 80 columns;
 * `endComment`, if given, just before the result token.
 */
export function makePgnMovetext(
  initial: Chess,
  moves: RecordedMove[],
  result: string,
  endComment?: string,
): string {
  const pos = initial.clone();
  const words: string[] = [];
  let first = true;
  for (const { move, drawOffer } of moves) {
    if (pos.turn === 'white') words.push(`${pos.fullmoves}.`);
    else if (first) words.push(`${pos.fullmoves}...`);
    words.push(makeSanIn(pos, move, 'en'));
    if (drawOffer) words.push('{(=)}');
    pos.play(move);
    first = false;
  }
  if (endComment) words.push(...commentWords(endComment));
  words.push(result);
  return wrap(words);
}

/**
 * A whole PGN game. `tags` may set any roster tag, `Mode` (default "EM"), `TimeControl`, and
 * more; the start position's tags are added from the record. `endComment`: a comment before
 * the result token (after the last move), for what no standard tag holds.
 */
export function makeGamePgn(
  record: GameRecord,
  tags: PgnTags,
  endComment?: string,
): Result<string, StartError> {
  const start = startPosition(record.start);
  if (!start.ok) return start;
  const all: PgnTags = {
    ...ROSTER_DEFAULTS,
    Mode: 'EM',
    ...tags,
    ...startTags(record.start, start.value),
  };
  const order = [
    ...ROSTER,
    'Mode',
    'TimeControl',
    ...Object.keys(all).filter(
      (k) =>
        !(ROSTER as readonly string[]).includes(k) &&
        !['Mode', 'TimeControl', 'SetUp', 'FEN', 'Variant'].includes(k),
    ),
    'Variant',
    'SetUp',
    'FEN',
  ];
  const head = order
    .filter((k) => all[k] !== undefined)
    .map((k) => `[${k} "${escapeTag(all[k]!)}"]`)
    .join('\n');
  return ok(`${head}\n\n${makePgnMovetext(start.value, record.moves, all.Result!, endComment)}\n`);
}

/** A given name or a surname PGN may swap safely: capitalised letters, `-` and `'` inside. */
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*$/u;

/**
 * A person's name as PGN's White and Black tags write it, "Surname, Firstname" (PGN standard
 * 8.1.1.5), from the name as people write it, when that is safe: a name already written with
 * its comma ("Kowalski, Jan") or a single word stands as it is, and one given name and one
 * surname, each a capitalised word ("Jan Kowalski", "Jean-Paul Sartre", "Seán O'Brien"), is
 * swapped ("Kowalski, Jan"). Anything else is undefined: which words make the surname of "Ana
 * María de la Cruz" or "Ludwig van Beethoven", or of "J. R. Capablanca", nobody can tell from the
 * words, so the config says it (`pgnName`). Two words are taken as given name then surname; a
 * name written surname first ("Polgár Judit", "Wang Hao") needs its `pgnName` too.
 */
export function pgnPersonName(name: string): string | undefined {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (!words.length) return undefined;
  if (name.includes(',') || words.length === 1) return words.join(' ');
  if (words.length === 2 && words.every((w) => NAME_WORD.test(w)))
    return `${words[1]}, ${words[0]}`;
  return undefined;
}

export interface ImportedGame {
  record: GameRecord;
  tags: PgnTags;
}

export type PgnImportError = StartError | MoveError | { code: 'NO_GAME'; message: string };

/** Read the first game of a PGN (main line only). */
export function readPgn(text: string): Result<ImportedGame, PgnImportError> {
  const games = parsePgn(text);
  const game = games[0];
  if (!game || (game.headers.size === 0 && !game.moves.children.length)) {
    return fail({ code: 'NO_GAME', message: 'no PGN game found' });
  }
  const tags: PgnTags = Object.fromEntries(game.headers);
  const fen = tags.FEN;
  const is960 = /960|fischerandom/i.test(tags.Variant ?? '');
  let start: StartSpec = fen ? { kind: 'fen', fen } : { kind: 'standard' };
  const n = is960 && fen ? chess960Number(fen) : undefined;
  if (n !== undefined) start = { kind: 'chess960', number: n };
  const initial = startPosition(start);
  if (!initial.ok) return initial;
  const pos = initial.value.clone();
  const moves: RecordedMove[] = [];
  for (const node of game.moves.mainline()) {
    const r = readMove(pos, node.san, { kind: 'algebraic', lang: 'en' });
    if (!r.ok) return fail(atMove(r.error, pos));
    const drawOffer = (node.comments ?? []).some((c) => c.trim() === '(=)');
    moves.push(drawOffer ? { move: r.value, drawOffer } : { move: r.value });
    pos.play(r.value);
  }
  return ok({ record: { start, moves }, tags });
}
