import { Chess } from 'chessops/chess';
import { parseUci } from 'chessops/util';
import { describe, expect, it } from 'vitest';
import {
  boardEnd,
  canMate,
  claimFiftyMoves,
  claimThreefold,
  playRecord,
} from '../../src/chess/index.ts';
import type { GameRecord, NormalMoveLike, StartSpec } from './support.ts';
import { movesOf } from './support.ts';

const played = (start: StartSpec, san: string) => {
  const record: GameRecord = { start, moves: movesOf(start, san) };
  const r = playRecord(record);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const standard: StartSpec = { kind: 'standard' };
const fen = (f: string): StartSpec => ({ kind: 'fen', fen: f });
const uci = (u: string) => parseUci(u) as NormalMoveLike;

describe('end detection', () => {
  it('L-5.1.1: checkmate ends the game at once (fool’s mate, 0-1)', () => {
    expect(boardEnd(played(standard, '1.f3 e5 2.g4 Qh4#').pos)).toEqual({
      result: '0-1',
      reason: 'checkmate',
      rule: 'L-5.1.1',
    });
  });
  it('L-5.1.1: White mates (1-0)', () => {
    expect(boardEnd(played(standard, '1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#').pos)?.result).toBe(
      '1-0',
    );
  });
  it('L-5.2.1: stalemate is a draw at once', () => {
    expect(boardEnd(played(fen('7k/8/6Q1/8/8/8/8/K7 w - - 0 1'), '1.Qf7').pos)).toMatchObject({
      result: '1/2-1/2',
      reason: 'stalemate',
    });
  });
  const dead = [
    ['king against king', '4k3/8/8/8/8/8/8/4K3 w - - 0 1'],
    ['king and bishop against king', '4k3/8/8/8/8/8/8/2B1K3 w - - 0 1'],
    ['king and knight against king', '4k3/8/8/8/8/8/8/1N2K3 w - - 0 1'],
    ['bishops all on one colour', '4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1'],
  ];
  for (const [name, f] of dead) {
    it(`L-5.2.2: dead position — ${name}`, () => {
      expect(boardEnd(played(fen(f!), '').pos)).toMatchObject({
        result: '1/2-1/2',
        reason: 'dead-position',
      });
    });
  }
  it('L-5.2.2: king and two knights is not dead (mate is possible with help)', () => {
    expect(boardEnd(played(fen('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1'), '').pos)).toBeUndefined();
  });
  it('L-6.7: who can still mate', () => {
    const pos = played(fen('4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1'), '').pos;
    expect(canMate(pos, 'white')).toBe(true);
    expect(canMate(pos, 'black')).toBe(false);
  });
});

describe('L-9.2: threefold repetition', () => {
  const shuffle = '1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8';
  it('the position on the board, a third time: a right claim', () => {
    const g = played(standard, shuffle);
    expect(claimThreefold(g)).toMatchObject({ valid: true, rule: 'L-9.2' });
    expect(claimThreefold(g).detail).toContain('3 times');
  });
  it('only twice: a wrong claim, play goes on (L-9.4)', () => {
    const g = played(standard, '1.Nf3 Nf6 2.Ng1 Ng8');
    expect(claimThreefold(g)).toMatchObject({ valid: false });
  });
  it('the position the declared move will produce', () => {
    const g = played(standard, '1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1');
    expect(claimThreefold(g, uci('f6g8'))).toMatchObject({ valid: true });
    expect(claimThreefold(g, uci('b8c6'))).toMatchObject({ valid: false });
  });
  it('positions differ when castling rights differ', () => {
    // The first position still had castling rights; after Ke2-e1 they are gone.
    const g = played(standard, '1.e4 e5 2.Ke2 Ke7 3.Ke1 Ke8 4.Ke2 Ke7 5.Ke1 Ke8');
    expect(claimThreefold(g)).toMatchObject({ valid: false });
    const more = played(
      standard,
      '1.e4 e5 2.Ke2 Ke7 3.Ke1 Ke8 4.Ke2 Ke7 5.Ke1 Ke8 6.Ke2 Ke7 7.Ke1 Ke8',
    );
    expect(claimThreefold(more)).toMatchObject({ valid: true });
  });
  it('positions differ when an en-passant capture was possible', () => {
    // After 2...d5 White could take en passant; the same placement later cannot.
    const g = played(
      fen('4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1'),
      '1...d5 2.Ke2 Ke7 3.Ke1 Ke8 4.Ke2 Ke7 5.Ke1 Ke8',
    );
    expect(claimThreefold(g).detail).toContain('2 times');
  });
});

describe('L-9.3: the 50-move rule', () => {
  const base = 'r3k3/pppp4/8/8/8/8/PPPP4/R3K2R w - - 99 80';
  it('a right claim after the declared move completes 50 moves', () => {
    const g = played(fen(base), '');
    expect(claimFiftyMoves(g)).toMatchObject({ valid: false, rule: 'L-9.3' });
    expect(claimFiftyMoves(g, uci('h1h2'))).toMatchObject({ valid: true, rule: 'L-9.3' });
  });
  it('a capture or pawn move resets the count', () => {
    const g = played(fen(base), '');
    expect(claimFiftyMoves(g, uci('a1a8'))).toMatchObject({ valid: false });
  });
  it('L-5.2.4: with 7 or fewer pieces the tablebase decides, not the 50-move rule', () => {
    const g = played(fen('r3k3/8/8/8/8/8/8/R3K3 w - - 120 90'), '');
    expect(claimFiftyMoves(g)).toMatchObject({ valid: false, rule: 'L-5.2.4', toTablebase: true });
  });
});

describe('L-9.2, L-9.3, L-5.2.4: the verdict’s detail in machine-readable form', () => {
  it('L-9.2: the threefold count on the board, next to the unchanged English text', () => {
    const v = claimThreefold(played(standard, '1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8'));
    expect(v.detail).toBe('the position on the board has occurred 3 times');
    expect(v.detailKey).toEqual({ code: 'threefold-board', params: { count: 3 } });
  });
  it('L-9.2: the count after the declared move', () => {
    const g = played(standard, '1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1');
    expect(claimThreefold(g, uci('f6g8')).detailKey).toEqual({
      code: 'threefold-declared',
      params: { count: 3 },
    });
    const once = claimThreefold(g, uci('b8c6'));
    expect(once.detail).toBe('the position after the declared move has occurred 1 time');
    expect(once.detailKey).toEqual({ code: 'threefold-declared', params: { count: 1 } });
  });
  it('L-9.2, L-9.3: a declared move that is not legal', () => {
    const g = played(standard, '1.e4 e5');
    for (const v of [claimThreefold(g, uci('e1e3')), claimFiftyMoves(g, uci('e1e3'))]) {
      expect(v.detail).toBe('the declared move is not legal');
      expect(v.detailKey).toEqual({ code: 'declared-move-illegal', params: {} });
    }
  });
  it('L-9.3: the moves by each side without a capture or pawn move', () => {
    const g = played(fen('r3k3/pppp4/8/8/8/8/PPPP4/R3K2R w - - 99 80'), '');
    const v = claimFiftyMoves(g, uci('h1h2'));
    expect(v.detail).toBe('50 moves by each side without a capture or pawn move');
    expect(v.detailKey).toEqual({ code: 'fifty-moves', params: { count: 50 } });
    expect(claimFiftyMoves(g).detailKey).toEqual({ code: 'fifty-moves', params: { count: 49 } });
  });
  it('L-5.2.4: the pieces left when the tablebase decides', () => {
    const v = claimFiftyMoves(played(fen('r3k3/8/8/8/8/8/8/R3K3 w - - 120 90'), ''));
    expect(v.detail).toBe('4 pieces remain: the 7-piece tablebase decides, not the 50-move rule');
    expect(v.detailKey).toEqual({ code: 'tablebase-decides', params: { count: 4 } });
  });
});

describe('playRecord', () => {
  it('refuses an illegal move in a stored record', () => {
    const r = playRecord({ start: standard, moves: [{ move: uci('e2e5') }] });
    expect(r.ok).toBe(false);
  });
  it('starts from a Chess960 number', () => {
    const g = played({ kind: 'chess960', number: 0 }, '');
    expect(g.pos.board.get(0)).toMatchObject({ role: 'bishop', color: 'white' });
    expect(Chess.default().board.occupied.size()).toBe(g.pos.board.occupied.size());
  });
});
