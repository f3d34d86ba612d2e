// Phase two of reading a move: the syntax of phase one against the position. Returns the
// legal move, or IMPOSSIBLE with the cheap reason a player needs (no piece there, not your
// piece, blocked, leaves the king in check, …), or AMBIGUOUS with the candidates (P-4c).
// ICCF numeric castling is the king's move from its start to its end square (L-App.A), or in
// Chess960 the king moving onto its own rook (L-App.B.3.3); a four-digit promotion that drops the rank (`6762`) is refused with
// the five-digit form.

import { attacks } from 'chessops/attacks';
import type { Context, Position } from 'chessops/chess';
import { pseudoDests } from 'chessops/chess';
import { SquareSet } from 'chessops/squareSet';
import type { CastlingSide, NormalMove, Piece, Square } from 'chessops/types';
import { makeSquare } from 'chessops/util';
import type { MoveError, Result } from './move-error.ts';
import { fail, moveError, ok } from './move-error.ts';
import type { MoveSyntax, PromotionRole } from './move-syntax.ts';
import { NUMERIC_PROMOTION_DIGITS, square } from './move-syntax.ts';
import type { Notation } from './write-move.ts';
import { numericSquare, writeMove } from './write-move.ts';

const PROMOTION_ROLES: readonly PromotionRole[] = ['queen', 'rook', 'bishop', 'knight'];

const sqName = (sq: Square) => `${makeSquare(sq)} (${numericSquare(sq)})`;

interface ResolveContext {
  pos: Position;
  ctx: Context;
  text: string;
  /** How candidates are written back to the player. */
  notation: Notation;
}

const lastRank = (pos: Position) => (pos.turn === 'white' ? 7 : 0);

function isPromotionMove(pos: Position, from: Square, to: Square): boolean {
  return pos.board.get(from)?.role === 'pawn' && to >> 3 === lastRank(pos);
}

/** Why `from`→`to` is not legal, for a piece of the side to move standing on `from`. */
function explainIllegal(rc: ResolveContext, from: Square, to: Square, piece: Piece): MoveError {
  const { pos, ctx, text } = rc;
  const what = `the ${piece.role} on ${sqName(from)}`;
  if (pseudoDests(pos, from, ctx).has(to)) {
    return moveError(
      'IMPOSSIBLE',
      'leaves-king-in-check',
      text,
      ctx.checkers.nonEmpty()
        ? `your king is in check and moving ${what} to ${makeSquare(to)} does not end the check`
        : `moving ${what} to ${makeSquare(to)} would leave your king in check`,
    );
  }
  if (pos.board[pos.turn].has(to)) {
    return moveError(
      'IMPOSSIBLE',
      'own-piece-on-target',
      text,
      `${what} cannot go to ${makeSquare(to)}: your own piece stands there`,
    );
  }
  if (piece.role === 'pawn') {
    const dir = pos.turn === 'white' ? 8 : -8;
    const sameFile = (from & 7) === (to & 7);
    const startRank = pos.turn === 'white' ? 1 : 6;
    const push = to === from + dir || (to === from + 2 * dir && from >> 3 === startRank);
    if (sameFile && push) {
      return moveError('IMPOSSIBLE', 'blocked', text, `${what} is blocked`);
    }
    if (!sameFile && to === from + dir + ((to & 7) > (from & 7) ? 1 : -1)) {
      return moveError(
        'IMPOSSIBLE',
        'cannot-move-that-way',
        text,
        `${what} can capture on ${makeSquare(to)} only if an enemy piece stands there`,
      );
    }
    return moveError(
      'IMPOSSIBLE',
      'cannot-move-that-way',
      text,
      `${what} cannot move to ${makeSquare(to)}`,
    );
  }
  if (attacks(piece, from, SquareSet.empty()).has(to)) {
    return moveError(
      'IMPOSSIBLE',
      'blocked',
      text,
      `${what} cannot reach ${makeSquare(to)}: the way is blocked`,
    );
  }
  return moveError(
    'IMPOSSIBLE',
    'cannot-move-that-way',
    text,
    `a ${piece.role} cannot move from ${makeSquare(from)} to ${makeSquare(to)}`,
  );
}

function withPromotion(
  rc: ResolveContext,
  move: NormalMove,
  promotion: PromotionRole | undefined,
): Result<NormalMove> {
  const { pos, text } = rc;
  if (isPromotionMove(pos, move.from, move.to)) {
    if (!promotion) {
      return fail(
        moveError(
          'ILLEGIBLE',
          'promotion-piece-missing',
          text,
          'a pawn reaching the last rank must be promoted: say to which piece',
          PROMOTION_ROLES.map((r) => writeMove(pos, { ...move, promotion: r }, rc.notation)),
        ),
      );
    }
    return ok({ ...move, promotion });
  }
  if (promotion) {
    return fail(
      moveError(
        'IMPOSSIBLE',
        'promotion-not-allowed',
        text,
        'only a pawn reaching the last rank is promoted',
      ),
    );
  }
  return ok(move);
}

function castlingMove(rc: ResolveContext, side: CastlingSide): Result<NormalMove> {
  const { pos, ctx, text } = rc;
  const king = ctx.king;
  const rook = pos.castles.rook[pos.turn][side];
  const name = side === 'h' ? 'on the king side (O-O)' : 'on the queen side (O-O-O)';
  if (king === undefined || rook === undefined) {
    return fail(
      moveError(
        'IMPOSSIBLE',
        'castling-not-allowed',
        text,
        `you can no longer castle ${name}: the king or that rook has moved`,
      ),
    );
  }
  if (!pos.dests(king, ctx).has(rook)) {
    return fail(
      moveError(
        'IMPOSSIBLE',
        'castling-not-allowed',
        text,
        ctx.checkers.nonEmpty()
          ? `you cannot castle ${name} while your king is in check`
          : `you cannot castle ${name} now: a square between is occupied or attacked`,
      ),
    );
  }
  return ok({ from: king, to: rook });
}

/** "Castles", side unsaid: the one castling that is legal; both legal is ambiguous. */
function eitherCastling(rc: ResolveContext): Result<NormalMove> {
  const legal = (['h', 'a'] as const)
    .map((side) => castlingMove(rc, side))
    .flatMap((r) => (r.ok ? [r.value] : []));
  if (legal.length === 1) return ok(legal[0]!);
  if (legal.length > 1) {
    return fail(
      moveError(
        'AMBIGUOUS',
        'several-readings',
        rc.text,
        'you can castle on either side: say which',
        legal.map((m) => writeMove(rc.pos, m, rc.notation)),
      ),
    );
  }
  return fail(moveError('IMPOSSIBLE', 'castling-not-allowed', rc.text, 'you cannot castle now'));
}

/** A move given by its start and end squares (numeric, long algebraic). */
function fromTo(
  rc: ResolveContext,
  from: Square,
  to: Square,
  promotion: PromotionRole | undefined,
  role?: Piece['role'],
): Result<NormalMove> {
  const { pos, ctx, text } = rc;
  const piece = pos.board.get(from);
  if (!piece) {
    return fail(moveError('IMPOSSIBLE', 'no-piece', text, `there is no piece on ${sqName(from)}`));
  }
  if (piece.color !== pos.turn) {
    return fail(
      moveError(
        'IMPOSSIBLE',
        'not-your-piece',
        text,
        `the ${piece.role} on ${sqName(from)} is your opponent's`,
      ),
    );
  }
  if (role && piece.role !== role) {
    return fail(
      moveError(
        'IMPOSSIBLE',
        'no-piece',
        text,
        `there is no ${role} on ${sqName(from)} (there is a ${piece.role})`,
      ),
    );
  }
  const dests = pos.dests(from, ctx);
  if (piece.role === 'king' && !(dests.has(to) && !pos.board[pos.turn].has(to))) {
    // Castling written as the king's move: to its end square (g/c file), or onto its own rook
    // (L-App.B.3.3). An ordinary king move to that square, when legal, is that move instead.
    for (const side of ['h', 'a'] as const) {
      const rook = pos.castles.rook[pos.turn][side];
      if (rook === undefined || !dests.has(rook)) continue;
      if (to === rook || to === square(side === 'h' ? 6 : 2, from >> 3)) {
        return ok({ from, to: rook });
      }
    }
    const side = to === square(6, from >> 3) ? 'h' : to === square(2, from >> 3) ? 'a' : undefined;
    if (side && Math.abs(to - from) >= 2) return castlingMove(rc, side);
  }
  if (dests.has(to)) return withPromotion(rc, { from, to }, promotion);
  return fail(explainIllegal(rc, from, to, piece));
}

function resolveNumeric(
  rc: ResolveContext,
  s: Extract<MoveSyntax, { kind: 'numeric' }>,
): Result<NormalMove> {
  const { pos, ctx } = rc;
  const piece = pos.board.get(s.from);
  // `6762`: the rank of a promotion dropped, the fourth digit meaning the piece. Refuse it
  // with the five-digit form rather than guess (L-App.A).
  if (
    !s.promotion &&
    piece?.role === 'pawn' &&
    piece.color === pos.turn &&
    s.from >> 3 === (pos.turn === 'white' ? 6 : 1) &&
    !pos.dests(s.from, ctx).has(s.to)
  ) {
    const digit = String((s.to >> 3) + 1);
    const role = (['queen', 'rook', 'bishop', 'knight'] as const)[Number(digit) - 1];
    const target = square(s.to & 7, lastRank(pos));
    if (role && pos.dests(s.from, ctx).has(target)) {
      const five = `${numericSquare(s.from)}${numericSquare(target)}${NUMERIC_PROMOTION_DIGITS[role]}`;
      return fail(
        moveError(
          'ILLEGIBLE',
          'promotion-rank-missing',
          rc.text,
          `a promotion is written with five digits, the fourth being the rank: write ${five}`,
          [five],
        ),
      );
    }
  }
  return fromTo(rc, s.from, s.to, s.promotion);
}

function resolveAlgebraic(
  rc: ResolveContext,
  s: Extract<MoveSyntax, { kind: 'algebraic' }>,
): Result<NormalMove> {
  const { pos, ctx, text } = rc;
  if (s.fromFile !== undefined && s.fromRank !== undefined) {
    // Both squares given (long algebraic, `g1f3`): the piece letter, if any, must match.
    const from = square(s.fromFile, s.fromRank);
    return fromTo(rc, from, s.to, s.promotion, s.lettered ? s.role : undefined);
  }
  let pieces = pos.board.pieces(pos.turn, s.role);
  if (pieces.isEmpty()) {
    return fail(moveError('IMPOSSIBLE', 'no-such-piece', text, `you have no ${s.role} left`));
  }
  if (s.fromFile !== undefined) pieces = pieces.intersect(SquareSet.fromFile(s.fromFile));
  if (s.fromRank !== undefined) pieces = pieces.intersect(SquareSet.fromRank(s.fromRank));
  // Only pieces that attack the target (or pawns on its file) can move there: test those.
  const reach = attacks(
    { color: pos.turn === 'white' ? 'black' : 'white', role: s.role },
    s.to,
    pos.board.occupied,
  );
  const reachable = s.role === 'pawn' ? reach.union(SquareSet.fromFile(s.to & 7)) : reach;
  let legal: Square[] = [];
  for (const from of pieces.intersect(reachable)) {
    if (pos.dests(from, ctx).has(s.to)) legal.push(from);
  }
  if (s.role === 'pawn' && s.fromFile === undefined && legal.length > 1) {
    // `d5` with a push and a capture both possible means the push.
    legal = legal.filter((from) => (from & 7) === (s.to & 7));
  }
  if (s.role === 'king' && legal.length === 0 && ctx.king !== undefined) {
    // A king move of two files is castling written as the king's move (`Kg1`, `Kc8`).
    return fromTo(rc, ctx.king, s.to, s.promotion, 'king');
  }
  if (legal.length === 1) return withPromotion(rc, { from: legal[0]!, to: s.to }, s.promotion);
  if (legal.length > 1) {
    return fail(
      moveError(
        'AMBIGUOUS',
        'several-pieces',
        text,
        `more than one ${s.role} can go to ${makeSquare(s.to)}: say which`,
        legal
          .map((from) => {
            const m = { from, to: s.to };
            const promo = isPromotionMove(pos, from, s.to)
              ? { ...m, promotion: 'queen' as const }
              : m;
            return writeMove(pos, promo, rc.notation);
          })
          .sort(),
      ),
    );
  }
  if (pieces.isEmpty()) {
    const where = [
      s.fromFile !== undefined ? `on the ${'abcdefgh'[s.fromFile]}-file` : '',
      s.fromRank !== undefined ? `on rank ${s.fromRank + 1}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return fail(moveError('IMPOSSIBLE', 'no-piece', text, `you have no ${s.role} ${where}`));
  }
  // Explain with the most telling reason among the pieces that could have been meant.
  const order = ['leaves-king-in-check', 'blocked', 'own-piece-on-target'];
  let best: MoveError | undefined;
  for (const from of pieces) {
    const e = explainIllegal(rc, from, s.to, pos.board.get(from)!);
    const rank = order.indexOf(e.reason);
    if (rank >= 0 && (!best || rank < order.indexOf(best.reason))) best = e;
  }
  return fail(
    best ??
      moveError(
        'IMPOSSIBLE',
        'no-piece-reaches',
        text,
        `none of your ${s.role}s can move to ${makeSquare(s.to)}`,
      ),
  );
}

/** `ed`: the one pawn capture from the e-file to the d-file (P-4c: else say which). */
function resolveFileCapture(
  rc: ResolveContext,
  s: Extract<MoveSyntax, { kind: 'file-capture' }>,
): Result<NormalMove> {
  const { pos, ctx, text } = rc;
  const [from, to] = ['abcdefgh'[s.fromFile], 'abcdefgh'[s.toFile]];
  const moves: NormalMove[] = [];
  for (const sq of pos.board.pieces(pos.turn, 'pawn').intersect(SquareSet.fromFile(s.fromFile))) {
    for (const dest of pos.dests(sq, ctx))
      if ((dest & 7) === s.toFile) moves.push({ from: sq, to: dest });
  }
  if (moves.length === 1) return withPromotion(rc, moves[0]!, undefined);
  if (moves.length > 1) {
    return fail(
      moveError(
        'AMBIGUOUS',
        'several-pieces',
        text,
        `more than one pawn on the ${from}-file can capture on the ${to}-file: say on which square`,
        moves
          .map((m) =>
            writeMove(
              pos,
              isPromotionMove(pos, m.from, m.to) ? { ...m, promotion: 'queen' } : m,
              rc.notation,
            ),
          )
          .sort(),
      ),
    );
  }
  return fail(
    moveError(
      'IMPOSSIBLE',
      'no-piece-reaches',
      text,
      `no pawn of yours on the ${from}-file can capture on the ${to}-file`,
    ),
  );
}

/** Resolve phase-one syntax against `pos`. `notation` writes candidates back to the player. */
export function resolveMove(
  pos: Position,
  syntax: MoveSyntax,
  text: string,
  notation: Notation,
  ctx: Context = pos.ctx(),
): Result<NormalMove> {
  const rc: ResolveContext = { pos, ctx, text, notation };
  switch (syntax.kind) {
    case 'numeric':
      return resolveNumeric(rc, syntax);
    case 'castle':
      return syntax.side === 'either'
        ? eitherCastling(rc)
        : castlingMove(rc, syntax.side === 'king' ? 'h' : 'a');
    case 'algebraic':
      return resolveAlgebraic(rc, syntax);
    case 'file-capture':
      return resolveFileCapture(rc, syntax);
  }
}
