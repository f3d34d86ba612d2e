import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { describe, expect, it } from 'vitest';
import type { Reading } from '../../src/chess/index.ts';
import { formatMoveError, readMovetext, tokenizeMovetext } from '../../src/chess/index.ts';

const fromFen = (fen: string) => Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
const en: Reading = { kind: 'algebraic', lang: 'en' };

// P-4c: illegible, impossible or ambiguous moves are returned for correction — each error says
// which move (number and side), what kind, and why.
const CASES: {
  name: string;
  movetext: string;
  reading: Reading;
  fen?: string;
  expected: { kind: string; reason: string; moveNumber: number; side: string; text: string };
  message?: RegExp;
  candidates?: string[];
}[] = [
  {
    name: 'ILLEGIBLE: not a move at all',
    movetext: '1.e4 e5 2.Nf3 Nc6 3.Bb5 zz9',
    reading: en,
    expected: {
      kind: 'ILLEGIBLE',
      reason: 'unreadable',
      moveNumber: 3,
      side: 'black',
      text: 'zz9',
    },
  },
  {
    // A letter of another language ("Nf3") is read as the one legal move it makes there (P-2b).
    name: 'ILLEGIBLE: a letter that is no piece in Polish nor in any language',
    movetext: '1.e4 e5 2.Xf3',
    reading: { kind: 'algebraic', lang: 'pl' },
    expected: {
      kind: 'ILLEGIBLE',
      reason: 'unknown-piece-letter',
      moveNumber: 2,
      side: 'white',
      text: 'Xf3',
    },
    message: /"X" is not a piece letter in Polish \(K king, H queen, W rook, G bishop, S knight\)/,
  },
  {
    name: 'ILLEGIBLE: numeric with a 9',
    movetext: '1.5254 5755 2.7193',
    reading: { kind: 'numeric' },
    expected: {
      kind: 'ILLEGIBLE',
      reason: 'bad-square',
      moveNumber: 2,
      side: 'white',
      text: '7193',
    },
  },
  {
    name: 'ILLEGIBLE: where numeric is agreed, letters that are no move in any notation',
    movetext: '1.5254 e9',
    reading: { kind: 'numeric' },
    expected: { kind: 'ILLEGIBLE', reason: 'unreadable', moveNumber: 1, side: 'black', text: 'e9' },
  },
  {
    name: 'P-2a: a wrong move number',
    movetext: '1.e4 e5 3.Nf3',
    reading: en,
    expected: {
      kind: 'ILLEGIBLE',
      reason: 'wrong-move-number',
      moveNumber: 2,
      side: 'white',
      text: 'Nf3',
    },
  },
  {
    name: "P-2a: Black's number on White's move",
    movetext: '1...e5',
    reading: en,
    expected: { kind: 'ILLEGIBLE', reason: 'wrong-side', moveNumber: 1, side: 'white', text: 'e5' },
  },
  {
    name: 'IMPOSSIBLE: no piece on the from-square',
    movetext: '1.5254 5755 2.5354',
    reading: { kind: 'numeric' },
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'no-piece',
      moveNumber: 2,
      side: 'white',
      text: '5354',
    },
    message: /no piece on e3 \(53\)/,
  },
  {
    name: "IMPOSSIBLE: the opponent's piece",
    movetext: '1.5254 5755 2.4745',
    reading: { kind: 'numeric' },
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'not-your-piece',
      moveNumber: 2,
      side: 'white',
      text: '4745',
    },
  },
  {
    name: 'IMPOSSIBLE: blocked',
    movetext: '1.e4 e5 2.Qd1-h5 Nc6 3.Bf1-h3',
    reading: en,
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'blocked',
      moveNumber: 3,
      side: 'white',
      text: 'Bf1-h3',
    },
  },
  {
    name: 'IMPOSSIBLE: no knight reaches the square',
    movetext: '1.Nd4',
    reading: en,
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'no-piece-reaches',
      moveNumber: 1,
      side: 'white',
      text: 'Nd4',
    },
  },
  {
    name: 'IMPOSSIBLE: moving a pinned piece',
    movetext: '1.d4 e5 2.Nd2 Bb4 3.Ndf3',
    reading: en,
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'leaves-king-in-check',
      moveNumber: 3,
      side: 'white',
      text: 'Ndf3',
    },
  },
  {
    name: 'IMPOSSIBLE: a knight cannot move that way',
    movetext: '1.7174',
    reading: { kind: 'numeric' },
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'cannot-move-that-way',
      moveNumber: 1,
      side: 'white',
      text: '7174',
    },
  },
  {
    name: 'IMPOSSIBLE: no such piece left',
    movetext: '1...Qd4',
    reading: en,
    fen: '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1',
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'no-such-piece',
      moveNumber: 1,
      side: 'black',
      text: 'Qd4',
    },
  },
  {
    name: 'IMPOSSIBLE: in check, a move that ignores it',
    movetext: '1.e4 f5 2.Qh5+ a6',
    reading: en,
    expected: {
      kind: 'IMPOSSIBLE',
      reason: 'leaves-king-in-check',
      moveNumber: 2,
      side: 'black',
      text: 'a6',
    },
    message: /in check/,
  },
  {
    name: 'AMBIGUOUS: two knights',
    movetext: '1.Nc3 a6 2.Nf3 a5 3.Nb5 a4 4.Nd4',
    reading: en,
    expected: {
      kind: 'AMBIGUOUS',
      reason: 'several-pieces',
      moveNumber: 4,
      side: 'white',
      text: 'Nd4',
    },
    candidates: ['Nbd4', 'Nfd4'],
  },
  {
    name: 'AMBIGUOUS: auto mode, a knight in Polish and a bishop in Czech',
    movetext: '1.e4 e5 2.Se2',
    reading: { kind: 'auto' },
    expected: {
      kind: 'AMBIGUOUS',
      reason: 'several-readings',
      moveNumber: 2,
      side: 'white',
      text: 'Se2',
    },
    candidates: ['7152 = Ng1-e2 (Polish, German, Swedish)', '6152 = Bf1-e2 (Czech)'],
  },
];

describe('P-4c: the three error kinds carry the move number and side', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const pos = c.fen ? fromFen(c.fen) : Chess.default();
      const r = readMovetext(pos, tokenizeMovetext(c.movetext), c.reading);
      expect(r.error).toMatchObject(c.expected);
      if (c.message) expect(r.error?.message).toMatch(c.message);
      if (c.candidates) expect(r.error?.candidates).toEqual(c.candidates);
      expect(formatMoveError(r.error!)).toContain(
        c.expected.side === 'white'
          ? `${c.expected.moveNumber}. (White)`
          : `${c.expected.moveNumber}... (Black)`,
      );
    });
  }
  it('stops at the first bad move and keeps the moves before it', () => {
    const r = readMovetext(Chess.default(), tokenizeMovetext('1.e4 e5 2.Ke3'), en);
    expect(r.moves).toHaveLength(2);
    expect(r.error?.kind).toBe('IMPOSSIBLE');
  });
});
