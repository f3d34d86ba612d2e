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

export interface ClaimVerdict {
  /** The claim is right: the game is drawn. */
  valid: boolean;
  rule: 'L-9.2' | 'L-9.3' | 'L-5.2.4';
  /** Why, for the reply: how often the position occurred, or the half-move count. */
  detail: string;
  /** L-9.3 with 7 or fewer pieces: the TD decides by the tablebase (L-5.2.4). */
  toTablebase?: boolean;
}

/**
 * Threefold repetition (L-9.2) of the current position, or of the one `declared` would
 * produce. A wrong claim lets play go on; the declared move must then be played (L-9.4).
 */
export function claimThreefold(game: PlayedGame, declared?: NormalMove): ClaimVerdict {
  let keys = game.keys;
  if (declared) {
    if (!game.pos.isLegal(declared)) {
      return { valid: false, rule: 'L-9.2', detail: 'the declared move is not legal' };
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
      return { valid: false, rule: 'L-9.3', detail: 'the declared move is not legal' };
    }
    pos = playOn(game, declared).pos;
  }
  const pieces = pos.board.occupied.size();
  if (pieces <= 7) {
    return {
      valid: false,
      rule: 'L-5.2.4',
      detail: `${pieces} pieces remain: the 7-piece tablebase decides, not the 50-move rule`,
      toTablebase: true,
    };
  }
  return {
    valid: pos.halfmoves >= 100,
    rule: 'L-9.3',
    detail: `${Math.floor(pos.halfmoves / 2)} moves by each side without a capture or pawn move`,
  };
}
