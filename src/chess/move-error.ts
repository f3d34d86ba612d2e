// The three ways a written move can fail (P-4c, P-6g; shakmaty's split of syntax and legality):
// ILLEGIBLE — it cannot be read; IMPOSSIBLE — it reads, but no such legal move exists;
// AMBIGUOUS — it reads as more than one legal move. Errors are data: a code, a reason code
// for the detail, the move number and side, and what to write instead where we know it.

import type { Color } from 'chessops/types';

export const MOVE_ERROR_KINDS = ['ILLEGIBLE', 'IMPOSSIBLE', 'AMBIGUOUS'] as const;
export type MoveErrorKind = (typeof MOVE_ERROR_KINDS)[number];

export const MOVE_ERROR_REASONS = [
  // ILLEGIBLE
  'empty',
  'unreadable',
  'bad-square',
  'unknown-piece-letter',
  'promotion-rank-missing',
  'promotion-piece-missing',
  'bad-promotion-piece',
  'wrong-move-number',
  'wrong-side',
  // IMPOSSIBLE
  'no-piece',
  'not-your-piece',
  'cannot-move-that-way',
  'blocked',
  'own-piece-on-target',
  'leaves-king-in-check',
  'no-such-piece',
  'no-piece-reaches',
  'castling-not-allowed',
  'promotion-not-allowed',
  'game-over',
  // AMBIGUOUS
  'several-pieces',
  'several-readings',
] as const;
export type MoveErrorReason = (typeof MOVE_ERROR_REASONS)[number];

export interface MoveError {
  kind: MoveErrorKind;
  reason: MoveErrorReason;
  /** The move as the player wrote it. */
  text: string;
  /** Full-move number and side of the move that failed (filled by the movetext reader). */
  moveNumber?: number;
  side?: Color;
  /** One sentence in English; templates localise by `reason`. */
  message: string;
  /** Legal readings (AMBIGUOUS) or the correct way to write it (ILLEGIBLE promotion forms). */
  candidates?: string[];
}

export type Result<T, E = MoveError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

export function moveError(
  kind: MoveErrorKind,
  reason: MoveErrorReason,
  text: string,
  message: string,
  candidates?: string[],
): MoveError {
  return candidates ? { kind, reason, text, message, candidates } : { kind, reason, text, message };
}

/** "12. (White)" / "12... (Black)" — how a move is named in every message to a player. */
export function describeMoveNumber(moveNumber: number | undefined, side: Color | undefined) {
  if (moveNumber === undefined || side === undefined) return '';
  return side === 'white' ? `${moveNumber}. (White)` : `${moveNumber}... (Black)`;
}

export function formatMoveError(e: MoveError): string {
  const where = describeMoveNumber(e.moveNumber, e.side);
  const head = `${where ? `${where} ` : ''}"${e.text}": ${e.kind} — ${e.message}`;
  return e.candidates?.length ? `${head}\n  ${e.candidates.join('\n  ')}` : head;
}
