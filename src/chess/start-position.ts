// Where a game starts: the standard position, a FEN (a game imported in progress, a thematic
// event), or a Chess960 start by its number 0–959 (L-App.B), castling then by Chess960 rules.

import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import type { Result } from './move-error.ts';
import { fail, ok } from './move-error.ts';

export type StartSpec =
  | { kind: 'standard' }
  | { kind: 'fen'; fen: string }
  | { kind: 'chess960'; number: number };

export interface StartError {
  code: 'BAD_FEN' | 'BAD_CHESS960_NUMBER';
  message: string;
}

const KNIGHT_TABLE = ['01', '02', '03', '04', '12', '13', '14', '23', '24', '34'];

/** The white back rank of Chess960 start number `n` (Scharnagl numbering; 518 is standard). */
export function chess960BackRank(n: number): string {
  const rank: (string | undefined)[] = new Array(8).fill(undefined);
  let r = n;
  rank[(r % 4) * 2 + 1] = 'B';
  r = Math.floor(r / 4);
  rank[(r % 4) * 2] = 'B';
  r = Math.floor(r / 4);
  const free = () => rank.flatMap((p, i) => (p === undefined ? [i] : []));
  rank[free()[r % 6]!] = 'Q';
  r = Math.floor(r / 6);
  const knights = KNIGHT_TABLE[r]!;
  const empty = free();
  for (const k of knights) rank[empty[Number(k)]!] = 'N';
  const rest = free();
  rank[rest[0]!] = 'R';
  rank[rest[1]!] = 'K';
  rank[rest[2]!] = 'R';
  return rank.join('');
}

/** The FEN of Chess960 start number `n`, castling rights by rook file (Shredder-FEN). */
export function chess960Fen(n: number): string {
  const back = chess960BackRank(n);
  const rooks = [...back].flatMap((p, i) => (p === 'R' ? ['ABCDEFGH'[i]!] : []));
  const castling = rooks.reverse().join('') + rooks.join('').toLowerCase();
  return `${back.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${back} w ${castling} - 0 1`;
}

/** The Chess960 number of a FEN that is an untouched Chess960 start, if it is one. */
export function chess960Number(fen: string): number | undefined {
  const [board, turn] = fen.trim().split(/\s+/);
  if (turn !== 'w') return undefined;
  const m = /^([a-z]{8})\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/([A-Z]{8})$/.exec(board ?? '');
  if (!m || m[1]!.toUpperCase() !== m[2]) return undefined;
  for (let n = 0; n < 960; n++) if (chess960BackRank(n) === m[2]) return n;
  return undefined;
}

export function parseStartFen(fen: string): Result<Chess, StartError> {
  const setup = parseFen(fen.trim());
  if (setup.isErr) {
    return fail({ code: 'BAD_FEN', message: `not a valid FEN: ${setup.error.message}` });
  }
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) {
    return fail({ code: 'BAD_FEN', message: `not a legal position: ${pos.error.message}` });
  }
  return ok(pos.value);
}

export function startPosition(spec: StartSpec): Result<Chess, StartError> {
  switch (spec.kind) {
    case 'standard':
      return ok(Chess.default());
    case 'fen':
      return parseStartFen(spec.fen);
    case 'chess960':
      if (!Number.isInteger(spec.number) || spec.number < 0 || spec.number > 959) {
        return fail({
          code: 'BAD_CHESS960_NUMBER',
          message: 'a Chess960 start position is numbered 0 to 959',
        });
      }
      return parseStartFen(chess960Fen(spec.number));
  }
}

export const fenOf = (pos: Chess): string => makeFen(pos.toSetup());
