// `amici convert`: a player's tool to turn movetext or a PGN from one notation into another —
// e.g. a PGN into ICCF numeric for a mail, and back. On the first move it cannot read or play
// it says which move (number and side), what is wrong and the legal ways to write it.

import { parseArgs } from 'node:util';
import type { Chess } from 'chessops/chess';
import type { Notation, RecordedMove, StartSpec } from '../chess/index.ts';
import {
  formatMoveError,
  isLanguage,
  makeGamePgn,
  makeMovetext,
  parseReading,
  readMovetext,
  readPgn,
  replyNotation,
  startPosition,
  tokenizeMovetext,
  writeMove,
} from '../chess/index.ts';
import type { CliIo } from './io.ts';
import { argsOrExit } from './io.ts';

export const CONVERT_USAGE = `usage: amici convert [--from numeric|san|san:LANG|lan|auto] --to numeric|san|san:LANG|lan|lan:LANG|figurine|pgn
                     [--fen FEN | --chess960 N] [MOVETEXT]

Reads MOVETEXT (or standard input; a PGN is recognised by its tags) and prints it in the
target notation. LANG: en pl de fr es it ru eo cs nl sv uk. --from defaults to auto: every
language is tried and a move is accepted only when exactly one reading is legal.

examples:
  amici convert --to numeric "1.e4 e5 2.Nf3 Nc6"
  amici convert --from san:pl --to san "1.e4 e5 2.Sf3 Sc6 3.Gb5"
  amici convert --from numeric --to san:de "1.5254 5755 2.7163"
  amici convert --to pgn < game.txt`;

export function parseNotation(s: string): Notation | 'pgn' | undefined {
  if (s === 'pgn') return 'pgn';
  if (s === 'numeric') return { kind: 'numeric' };
  if (s === 'figurine') return { kind: 'figurine' };
  const m = /^(san|lan)(?::([a-z]{2}))?$/.exec(s);
  if (!m) return undefined;
  const lang = m[2] ?? 'en';
  if (!isLanguage(lang)) return undefined;
  return { kind: m[1] as 'san' | 'lan', lang };
}

export async function convertCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'convert', CONVERT_USAGE, () => parseConvertArgs(args));
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const reading = parseReading(values.from ?? 'auto');
  const target = values.to ? parseNotation(values.to) : undefined;
  if (!reading || !target) {
    io.err(
      `${!reading ? `unknown --from "${values.from}"` : `--to is required and must be a notation, got "${values.to ?? ''}"`}\n\n${CONVERT_USAGE}\n`,
    );
    return 2;
  }
  if (values.fen && values.chess960) {
    io.err('give either --fen or --chess960, not both\n');
    return 2;
  }
  const text = positionals.length ? positionals.join(' ') : await io.readStdin();

  let start: StartSpec = values.fen
    ? { kind: 'fen', fen: values.fen }
    : values.chess960 !== undefined
      ? { kind: 'chess960', number: Number(values.chess960) }
      : { kind: 'standard' };
  let tags: Record<string, string> = {};
  let moves: RecordedMove[];
  let result: string | undefined;
  let initial: Chess;

  if (/^\s*\[\w+\s+"/.test(text)) {
    const pgn = readPgn(text);
    if (!pgn.ok) {
      io.err(`${'kind' in pgn.error ? formatMoveError(pgn.error) : pgn.error.message}\n`);
      return 1;
    }
    ({ start, moves } = pgn.value.record);
    tags = pgn.value.tags;
    result = tags.Result && tags.Result !== '*' ? tags.Result : undefined;
    const s = startPosition(start);
    if (!s.ok) throw new Error(s.error.message);
    initial = s.value;
  } else {
    const s = startPosition(start);
    if (!s.ok) {
      io.err(`${s.error.message}\n`);
      return 2;
    }
    initial = s.value;
    const movetext = tokenizeMovetext(text);
    result = movetext.result;
    const pos = initial.clone();
    const read = readMovetext(pos, movetext, reading);
    if (read.error) {
      const e = read.error;
      const lines = [formatMoveError(e)];
      if (!e.candidates?.length && e.kind !== 'AMBIGUOUS') {
        const notation = replyNotation(reading);
        const legal = [...pos.allDests()].flatMap(([from, dests]) =>
          [...dests].map((to) => writeMove(pos, { from, to }, notation)),
        );
        if (legal.length && legal.length <= 60)
          lines.push(`  legal moves here: ${legal.join(' ')}`);
      }
      if (read.moves.length) {
        const done = makeMovetext(
          initial,
          read.moves,
          target === 'pgn' ? { kind: 'san', lang: 'en' } : target,
        );
        lines.push(`  read so far: ${done}`);
      }
      io.err(`${lines.join('\n')}\n`);
      return 1;
    }
    moves = read.moves.map(({ move, drawOffer }) => (drawOffer ? { move, drawOffer } : { move }));
  }

  if (target === 'pgn') {
    const pgn = makeGamePgn({ start, moves }, result ? { ...tags, Result: result } : tags);
    if (!pgn.ok) throw new Error(pgn.error.message);
    io.out(pgn.value);
  } else {
    io.out(`${makeMovetext(initial, moves, target, result)}\n`);
  }
  return 0;
}

function parseConvertArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      fen: { type: 'string' },
      chess960: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
