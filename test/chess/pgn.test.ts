import { parsePgn } from 'chessops/pgn';
import { describe, expect, it } from 'vitest';
import { makeGamePgn, pgnCharset, pgnPersonName, readPgn } from '../../src/chess/index.ts';
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
  it('a tag value stays on its line: a line break or tab in a name becomes a space', () => {
    const pgn = makeGamePgn(
      { start: { kind: 'standard' }, moves: [] },
      { Event: 'Club\nChampionship', White: 'Kowalski,\tJan' },
    );
    if (!pgn.ok) throw new Error();
    expect(pgn.value).toContain('[Event "Club Championship"]\n');
    expect(parsePgn(pgn.value)[0]!.headers.get('White')).toBe('Kowalski, Jan');
  });
});

describe('PGN out: the comment before the result (L-8.5, what the tags cannot say)', () => {
  const moves = movesOf({ kind: 'standard' }, EXAMPLE);
  const record = { start: { kind: 'standard' }, moves } as const;
  const lines = (text: string) => text.split('\n');

  it('comes after the last move and before the result token, wrapped under 80 columns', () => {
    const reason = `Result 1-0 set by the TD (P-13): ${'the card with the resignation was lost in the post '.repeat(3)}`;
    const pgn = makeGamePgn(record, { Result: '1-0' }, reason);
    if (!pgn.ok) throw new Error();
    for (const line of lines(pgn.value)) expect(line.length).toBeLessThan(80);
    expect(pgn.value.trimEnd()).toMatch(/ 11\. Kb1 \{\(=\)\} \{Result 1-0 [^}]*post\} 1-0$/);
    const [game] = parsePgn(pgn.value);
    const last = [...game!.moves.mainline()].at(-1)!;
    expect(last.comments?.map((c) => c.replace(/\s+/g, ' '))).toEqual(['(=)', reason.trim()]);
    expect(game!.headers.get('Result')).toBe('1-0');
    // Read back as a game in progress, the moves and the draw offer are as they were.
    const back = readPgn(pgn.value);
    expect(back.ok && back.value.record.moves).toEqual(moves);
  });

  it('a brace in the reason cannot end the comment early; a game with no moves has it alone', () => {
    const pgn = makeGamePgn(
      { start: { kind: 'standard' }, moves: [] },
      {},
      'Annulled: {see} letter',
    );
    if (!pgn.ok) throw new Error();
    expect(pgn.value).toContain('\n\n{Annulled: (see) letter} *\n');
    expect(parsePgn(pgn.value)[0]!.comments).toEqual(['Annulled: (see) letter']);
  });

  it('no line starts with % (a reader skips such a line), and a word longer than a line is cut', () => {
    const long = 'x'.repeat(120);
    for (let pad = 0; pad < 80; pad++) {
      const pgn = makeGamePgn(record, {}, `${'a'.repeat(pad)} %50 of the games ${long}`);
      if (!pgn.ok) throw new Error();
      for (const line of lines(pgn.value)) {
        expect(line.length).toBeLessThan(80);
        expect(line.startsWith('%')).toBe(false);
      }
      expect([...parsePgn(pgn.value)[0]!.moves.mainline()][0]?.san).toBe('e4');
      expect(pgn.value.replace(/\s+/g, '')).toContain(`%50ofthegames${long}}*`);
    }
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

describe('PGN names: "Surname, Firstname" from a name as people write it, only when safe (PGN 8.1.1.5)', () => {
  it.each([
    ['Jan Kowalski', 'Kowalski, Jan'],
    ['Petr Novák', 'Novák, Petr'],
    ['  Eva   Schmidt ', 'Schmidt, Eva'],
    ['Jean-Paul Sartre', 'Sartre, Jean-Paul'],
    ['Anna Nowak-Kowalska', 'Nowak-Kowalska, Anna'],
    ["Seán O'Brien", "O'Brien, Seán"],
    ['Олександр Петренко', 'Петренко, Олександр'],
    // Already in PGN's form, or a single name: as written.
    ['Kowalski, Jan', 'Kowalski, Jan'],
    ['Archer, Ann "the Arrow"', 'Archer, Ann "the Arrow"'],
    ['Madonna', 'Madonna'],
  ])('%s → %s', (name, pgn) => {
    expect(pgnPersonName(name)).toBe(pgn);
  });
  it.each([
    'Ana María de la Cruz',
    'Ludwig van Beethoven',
    'José Raúl Capablanca',
    'J. R. Capablanca',
    'jan kowalski',
    'Baker \\ Bob',
    '',
  ])('%s: which words are the surname nobody can tell — undefined', (name) => {
    expect(pgnPersonName(name)).toBeUndefined();
  });
});

describe('PGN in Latin-1 or ASCII, for a program that reads no UTF-8 (PGN standard 4.1)', () => {
  it.each([
    ['Novák, Petr', 'Novák, Petr', 'Novak, Petr'],
    ['Dvořák, Antonín', 'Dvorák, Antonín', 'Dvorak, Antonin'],
    ['Żółkiewski, Łukasz', 'Zólkiewski, Lukasz', 'Zolkiewski, Lukasz'],
    ['Müller, Jürgen Groß', 'Müller, Jürgen Groß', 'Muller, Jurgen Gross'],
    ['Петренко, Олександр', 'Petrenko, Oleksandr', 'Petrenko, Oleksandr'],
    ['Ющенко, Юрій', 'Yushchenko, Yurii', 'Yushchenko, Yurii'],
    ['Григорій Яворський', 'Hryhorii Yavorskyi', 'Hryhorii Yavorskyi'],
    ['ЩУКА, Щука', 'SHCHUKA, Shchuka', 'SHCHUKA, Shchuka'],
    ['Cup – “Final” …', 'Cup - "Final" ...', 'Cup - "Final" ...'],
    ['王 玥', '? ?', '? ?'],
  ])('%s: latin1 %s, ascii %s', (text, latin1, ascii) => {
    expect(pgnCharset(text, 'latin1')).toBe(latin1);
    expect(pgnCharset(text, 'ascii')).toBe(ascii);
  });
  it('a letter written as its base and a combining accent counts as the letter', () => {
    expect(pgnCharset('Nova\u0301k', 'latin1')).toBe('Novák');
  });
});
