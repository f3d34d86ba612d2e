import { describe, expect, it } from 'vitest';
import { makeGamePgn, readPgn } from '../../src/chess/index.ts';
import { movesOf } from './support.ts';

const EXAMPLE =
  '1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 Nxd6 7.Bg5 Nc6 8.Qe3+ Be7 9.Nbd2 O-O 10.O-O-O Re8 11.Kb1 (=)';

describe('PGN out (L-8.5)', () => {
  it('has the seven tags, Mode "EM", TimeControl, and the draw-offer mark', () => {
    const pgn = makeGamePgn(
      { start: { kind: 'standard' }, moves: movesOf({ kind: 'standard' }, EXAMPLE) },
      {
        Event: 'Club Championship 2026',
        Site: 'ICCF email',
        Date: '2026.01.15',
        Round: '1',
        White: 'Kowalski, Jan',
        Black: 'Novák, Petr',
        TimeControl: '10/30',
      },
    );
    expect(pgn.ok).toBe(true);
    if (!pgn.ok) return;
    expect(pgn.value).toBe(`[Event "Club Championship 2026"]
[Site "ICCF email"]
[Date "2026.01.15"]
[Round "1"]
[White "Kowalski, Jan"]
[Black "Novák, Petr"]
[Result "*"]
[Mode "EM"]
[TimeControl "10/30"]

1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6 8.
Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8 11. Kb1 {(=)} *
`);
  });
  it('Chess960: Variant, SetUp and FEN', () => {
    const start = { kind: 'chess960', number: 0 } as const;
    const pgn = makeGamePgn({ start, moves: movesOf(start, '1.e4') }, { Result: '*' });
    expect(pgn.ok && pgn.value).toContain(
      '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]',
    );
  });
  it('a game from a FEN with Black to move starts 1...', () => {
    const start = { kind: 'fen', fen: '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1' } as const;
    const pgn = makeGamePgn(
      { start, moves: movesOf(start, '1...Kd7 2.e4') },
      { Result: '1/2-1/2' },
    );
    expect(pgn.ok && pgn.value).toContain('[SetUp "1"]');
    expect(pgn.ok && pgn.value).toContain('1... Kd7 2. e4 1/2-1/2');
  });
  it('escapes quotes and backslashes in tags', () => {
    const pgn = makeGamePgn({ start: { kind: 'standard' }, moves: [] }, { White: 'O"Neil \\ Jr' });
    expect(pgn.ok && pgn.value).toContain('[White "O\\"Neil \\\\ Jr"]');
  });
});

describe('PGN in: importing a game in progress', () => {
  it('round-trips the example game with its draw offer and tags', () => {
    const moves = movesOf({ kind: 'standard' }, EXAMPLE);
    const out = makeGamePgn({ start: { kind: 'standard' }, moves }, { White: 'A', Black: 'B' });
    if (!out.ok) throw new Error();
    const back = readPgn(out.value);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.record.moves).toEqual(moves);
    expect(back.value.tags.White).toBe('A');
  });
  it('reads the main line only, ignoring variations, comments and NAGs', () => {
    const r = readPgn('[Event "x"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *');
    expect(r.ok && r.value.record.moves).toHaveLength(4);
  });
  it('recognises a Chess960 start by its FEN', () => {
    const r = readPgn(
      '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]\n\n1. e4 *',
    );
    expect(r.ok && r.value.record.start).toEqual({ kind: 'chess960', number: 0 });
  });
  it('an illegal move is an error with its move number', () => {
    const r = readPgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ kind: 'IMPOSSIBLE', moveNumber: 2, side: 'white' });
  });
});
