// The game record: a start position and the moves played, with what the laws decide from the
// board alone — checkmate (L-5.1.1), stalemate (L-5.2.1), dead position (L-5.2.2: every
// insufficient-material case) — and the claims checked on demand: threefold repetition of the
// current position or of the one a declared move would produce (L-9.2; positions compared with
// side to move, castling and en-passant rights), and the 50-move rule, which with 7 or fewer
// pieces goes to the tablebase instead (L-9.3, L-5.2.4).

import type { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import type { Color, NormalMove } from 'chessops/types';
import type { Result } from './move-error.ts';
import { fail, ok } from './move-error.ts';
import type { StartError, StartSpec } from './start-position.ts';
import { startPosition } from './start-position.ts';

export interface RecordedMove {
  move: NormalMove;
  /** The draw-offer mark `(=)` went with this move (L-8.1, L-9.1.2.1). */
  drawOffer?: boolean;
}

export interface GameRecord {
  start: StartSpec;
  moves: RecordedMove[];
}

export type GameResult = '1-0' | '0-1' | '1/2-1/2';

export const END_REASONS = ['checkmate', 'stalemate', 'dead-position'] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface BoardEnd {
  result: GameResult;
  reason: EndReason;
  rule: 'L-5.1.1' | 'L-5.2.1' | 'L-5.2.2';
}

/** A record played out: the position now and every position's repetition key so far. */
export interface PlayedGame {
  initial: Chess;
  pos: Chess;
  /** Repetition key of the position before each move, and of the current one last. */
  keys: string[];
}

/**
 * Positions are the same for repetition only with the same side to move, pieces, castling
 * rights and en-passant possibility (L-9.2). chessops' setup carries the ep square only when a
 * capture is really possible, so the first four FEN fields are exactly that.
 */
export function repetitionKey(pos: Chess): string {
  return makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');
}

export interface IllegalRecordError {
  code: 'ILLEGAL_MOVE_IN_RECORD';
  ply: number;
  message: string;
}

export function playRecord(
  record: GameRecord,
): Result<PlayedGame, StartError | IllegalRecordError> {
  const start = startPosition(record.start);
  if (!start.ok) return start;
  const pos = start.value.clone();
  const keys = [repetitionKey(pos)];
  for (const [ply, { move }] of record.moves.entries()) {
    if (!pos.isLegal(move)) {
      return fail({ code: 'ILLEGAL_MOVE_IN_RECORD', ply, message: `move ${ply + 1} is not legal` });
    }
    pos.play(move);
    keys.push(repetitionKey(pos));
  }
  return ok({ initial: start.value, pos, keys });
}

/** Play one more move on a played game (the move must be legal). */
export function playOn(game: PlayedGame, move: NormalMove): PlayedGame {
  const pos = game.pos.clone();
  pos.play(move);
  return { initial: game.initial, pos, keys: [...game.keys, repetitionKey(pos)] };
}

/** Whether `color` could ever mate (L-5.2.2, L-6.7): false only for insufficient material. */
export function canMate(pos: Chess, color: Color): boolean {
  return !pos.hasInsufficientMaterial(color);
}

/** What the board alone ends: checkmate, stalemate, dead position. */
export function boardEnd(pos: Chess): BoardEnd | undefined {
  if (pos.isCheckmate()) {
    return { result: pos.turn === 'white' ? '0-1' : '1-0', reason: 'checkmate', rule: 'L-5.1.1' };
  }
  if (pos.isStalemate()) return { result: '1/2-1/2', reason: 'stalemate', rule: 'L-5.2.1' };
  if (pos.isInsufficientMaterial()) {
    return { result: '1/2-1/2', reason: 'dead-position', rule: 'L-5.2.2' };
  }
  return undefined;
}

/**
 * A free-text detail in machine-readable form, next to its English text: the mail composer says
 * it in the reader's language from the label `detail.<code>` with `params` filled in (numbers,
 * sides as `white`/`black`, dates as `CalendarDate`). `inner` is a detail this one quotes (the
 * time-exceeded claim a loss on time counts). Codes, with their params:
 * - `declared-move-illegal` {}: the move declared with a claim is not legal (L-9.2, L-9.3).
 * - `threefold-board` / `threefold-declared` {count}: how often the position on the board, or
 *   the one after the declared move, has occurred (L-9.2).
 * - `tablebase-decides` {count}: pieces left, 7 or fewer: the tablebase decides (L-5.2.4).
 * - `fifty-moves` {count}: moves by each side without a capture or pawn move (L-9.3).
 * - `time-exceeded` {side, limit, move, over, date} and `time-exceeded-no-limit` (no `limit`):
 *   a time-exceeded claim (P-7a).
 * - `time-forfeit` {count} with `inner`: the time limit exceeded `count` times (P-7f, L-6.7).
 * - `tablebase-claim` {outcome: `win`|`draw`}: what a tablebase claim claims (L-5.1.3).
 */
export interface DetailKey {
  code: string;
  params: Record<string, string | number>;
  inner?: DetailKey;
}

export interface ClaimVerdict {
  /** The claim is right: the game is drawn. */
  valid: boolean;
  rule: 'L-9.2' | 'L-9.3' | 'L-5.2.4';
  /** Why, for the reply: how often the position occurred, or the half-move count. */
  detail: string;
  /** The same, machine-readable (said in the reader's language). */
  detailKey: DetailKey;
  /** L-9.3 with 7 or fewer pieces: the TD decides by the tablebase (L-5.2.4). */
  toTablebase?: boolean;
}

/** The verdict on a claim whose declared move is not legal. */
const illegalDeclared = (rule: 'L-9.2' | 'L-9.3'): ClaimVerdict => ({
  valid: false,
  rule,
  detail: 'the declared move is not legal',
  detailKey: { code: 'declared-move-illegal', params: {} },
});

/**
 * Threefold repetition (L-9.2) of the current position, or of the one `declared` would
 * produce. A wrong claim lets play go on; the declared move must then be played (L-9.4).
 */
export function claimThreefold(game: PlayedGame, declared?: NormalMove): ClaimVerdict {
  let keys = game.keys;
  if (declared) {
    if (!game.pos.isLegal(declared)) {
      return illegalDeclared('L-9.2');
    }
    keys = playOn(game, declared).keys;
  }
  const key = keys[keys.length - 1]!;
  const count = keys.filter((k) => k === key).length;
  const which = declared ? 'the position after the declared move' : 'the position on the board';
  return {
    valid: count >= 3,
    rule: 'L-9.2',
    detail: `${which} has occurred ${count} time${count === 1 ? '' : 's'}`,
    detailKey: { code: declared ? 'threefold-declared' : 'threefold-board', params: { count } },
  };
}

/**
 * The 50-move rule (L-9.3): 50 moves by each side without a capture or pawn move, on the board
 * or after the declared move. With 7 or fewer pieces the tablebase decides (L-5.2.4).
 */
export function claimFiftyMoves(game: PlayedGame, declared?: NormalMove): ClaimVerdict {
  let pos = game.pos;
  if (declared) {
    if (!pos.isLegal(declared)) {
      return illegalDeclared('L-9.3');
    }
    pos = playOn(game, declared).pos;
  }
  const pieces = pos.board.occupied.size();
  if (pieces <= 7) {
    return {
      valid: false,
      rule: 'L-5.2.4',
      detail: `${pieces} pieces remain: the 7-piece tablebase decides, not the 50-move rule`,
      detailKey: { code: 'tablebase-decides', params: { count: pieces } },
      toTablebase: true,
    };
  }
  const moves = Math.floor(pos.halfmoves / 2);
  return {
    valid: pos.halfmoves >= 100,
    rule: 'L-9.3',
    detail: `${moves} moves by each side without a capture or pawn move`,
    detailKey: { code: 'fifty-moves', params: { count: moves } },
  };
}
