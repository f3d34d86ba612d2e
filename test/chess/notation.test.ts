import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import { describe, expect, it } from 'vitest';
import type { Language, Notation, Reading } from '../../src/chess/index.ts';
import {
  LANGUAGES,
  makeMovetext,
  PIECE_LETTERS,
  readMove,
  readMovetext,
  startPosition,
  tokenizeMovetext,
  writeMove,
} from '../../src/chess/index.ts';

const fromFen = (fen: string) => Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
const uci = (m: { from: number; to: number; promotion?: string }) =>
  `${'abcdefgh'[m.from & 7]}${(m.from >> 3) + 1}${'abcdefgh'[m.to & 7]}${(m.to >> 3) + 1}${m.promotion ? m.promotion[0] : ''}`;

function read(pos: Chess, text: string, reading: Reading) {
  const r = readMove(pos, text, reading);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return uci(r.value);
}

// The example game of L-App.A, corrected as in rules.md, in five notations (and more languages).
const EXAMPLE: Record<string, { notation: Notation; reading: Reading; text: string }> = {
  numeric: {
    notation: { kind: 'numeric' },
    reading: { kind: 'numeric' },
    text: '1.5254 5755 2.7163 7866 3.4244 5544 4.5455 6654 5.4144 4745 6.5546 5446 7.3175 2836 8.4453 6857 9.2142 5878 10.5131 6858 11.3121 (=)',
  },
  'san (English)': {
    notation: { kind: 'san', lang: 'en' },
    reading: { kind: 'algebraic', lang: 'en' },
    text: '1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 Nxd6 7.Bg5 Nc6 8.Qe3+ Be7 9.Nbd2 O-O 10.O-O-O Re8 11.Kb1 (=)',
  },
  'san (Polish)': {
    notation: { kind: 'san', lang: 'pl' },
    reading: { kind: 'algebraic', lang: 'pl' },
    text: '1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Hxd4 d5 6.exd6 Sxd6 7.Gg5 Sc6 8.He3+ Ge7 9.Sbd2 O-O 10.O-O-O We8 11.Kb1 (=)',
  },
  figurine: {
    notation: { kind: 'figurine' },
    reading: { kind: 'algebraic', lang: 'en' },
    text: '1.e4 e5 2.♘f3 ♘f6 3.d4 exd4 4.e5 ♘e4 5.♕xd4 d5 6.exd6 ♘xd6 7.♗g5 ♘c6 8.♕e3+ ♗e7 9.♘bd2 O-O 10.O-O-O ♖e8 11.♔b1 (=)',
  },
  'long algebraic': {
    notation: { kind: 'lan', lang: 'en' },
    reading: { kind: 'algebraic', lang: 'en' },
    text: '1.e2-e4 e7-e5 2.Ng1-f3 Ng8-f6 3.d2-d4 e5xd4 4.e4-e5 Nf6-e4 5.Qd1xd4 d7-d5 6.e5xd6 Ne4xd6 7.Bc1-g5 Nb8-c6 8.Qd4-e3+ Bf8-e7 9.Nb1-d2 O-O 10.O-O-O Rf8-e8 11.Kc1-b1 (=)',
  },
  'san (German)': {
    notation: { kind: 'san', lang: 'de' },
    reading: { kind: 'algebraic', lang: 'de' },
    text: '1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 Sxd6 7.Lg5 Sc6 8.De3+ Le7 9.Sbd2 O-O 10.O-O-O Te8 11.Kb1 (=)',
  },
  'san (Czech)': {
    notation: { kind: 'san', lang: 'cs' },
    reading: { kind: 'algebraic', lang: 'cs' },
    text: '1.e4 e5 2.Jf3 Jf6 3.d4 exd4 4.e5 Je4 5.Dxd4 d5 6.exd6 Jxd6 7.Sg5 Jc6 8.De3+ Se7 9.Jbd2 O-O 10.O-O-O Ve8 11.Kb1 (=)',
  },
  'san (Russian)': {
    notation: { kind: 'san', lang: 'ru' },
    reading: { kind: 'algebraic', lang: 'ru' },
    text: '1.e4 e5 2.Кf3 Кf6 3.d4 exd4 4.e5 Кe4 5.Фxd4 d5 6.exd6 Кxd6 7.Сg5 Кc6 8.Фe3+ Сe7 9.Кbd2 O-O 10.O-O-O Лe8 11.Крb1 (=)',
  },
};

const EXAMPLE_UCI =
  'e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 d4e3 f8e7 b1d2 e8h8 e1a1 f8e8 c1b1';

describe('L-App.A: the example game in every notation, both ways', () => {
  for (const [name, { reading, text }] of Object.entries(EXAMPLE)) {
    it(`reads ${name}`, () => {
      const pos = Chess.default();
      const r = readMovetext(pos, tokenizeMovetext(text), reading);
      expect(r.error).toBeUndefined();
      expect(r.moves.map((m) => uci(m.move)).join(' ')).toBe(EXAMPLE_UCI);
      expect(r.moves[20]?.drawOffer).toBe(true);
    });
  }
  const moves = EXAMPLE_UCI.split(' ').map((u, i) => ({
    move: parseUci(u) as { from: number; to: number },
    drawOffer: i === 20,
  }));
  for (const [name, { notation, text }] of Object.entries(EXAMPLE)) {
    it(`writes ${name}`, () => {
      expect(makeMovetext(Chess.default(), moves, notation)).toBe(text);
    });
  }
  for (const name of ['numeric', 'san (English)', 'figurine', 'long algebraic', 'san (Russian)']) {
    it(`reads ${name} in auto mode too (only one reading is legal at every move)`, () => {
      const r = readMovetext(Chess.default(), tokenizeMovetext(EXAMPLE[name]!.text), {
        kind: 'auto',
      });
      expect(r.error).toBeUndefined();
      expect(r.moves).toHaveLength(21);
    });
  }
  it('auto mode stops at a move that is legal in two languages: 6...Sxd6 (Polish knight, Czech bishop)', () => {
    const r = readMovetext(Chess.default(), tokenizeMovetext(EXAMPLE['san (Polish)']!.text), {
      kind: 'auto',
    });
    expect(r.moves).toHaveLength(11);
    expect(r.error).toMatchObject({
      kind: 'AMBIGUOUS',
      moveNumber: 6,
      side: 'black',
      text: 'Sxd6',
    });
    expect(r.error?.candidates).toEqual([
      '5446 = Ne4xd6 (Polish, German, Swedish)',
      '6846 = Bf8xd6 (Czech)',
    ]);
  });
});

describe("every language's piece letters", () => {
  // One piece of each kind, each with a target only it can reach; a pawn about to promote.
  const FEN = '7k/4P3/8/8/8/8/8/RNBQK3 w - - 0 1';
  const targets = {
    king: ['e2', 'e1e2'],
    queen: ['d5', 'd1d5'],
    rook: ['a5', 'a1a5'],
    bishop: ['f4', 'c1f4'],
    knight: ['c3', 'b1c3'],
  } as const;
  for (const lang of LANGUAGES) {
    it(`${lang}: ${Object.values(PIECE_LETTERS[lang]).join(' ')}`, () => {
      const pos = fromFen(FEN);
      for (const [role, [to, expected]] of Object.entries(targets)) {
        const letter = PIECE_LETTERS[lang][role as keyof typeof targets];
        expect(read(pos, `${letter}${to}`, { kind: 'algebraic', lang }), `${letter}${to}`).toBe(
          expected,
        );
        expect(writeMove(pos, parseUci(expected) as never, { kind: 'san', lang })).toBe(
          `${letter}${to}`,
        );
      }
      for (const role of ['queen', 'rook', 'bishop', 'knight'] as const) {
        const letter = PIECE_LETTERS[lang][role];
        expect(read(pos, `e8=${letter}`, { kind: 'algebraic', lang })).toBe(`e7e8${role[0]}`);
        expect(read(pos, `e8${letter}`, { kind: 'algebraic', lang })).toBe(`e7e8${role[0]}`);
      }
    });
  }
  it('figurines of either colour, in any language', () => {
    const pos = fromFen(FEN);
    for (const lang of ['en', 'pl', 'ru'] as Language[]) {
      expect(read(pos, '♘c3', { kind: 'algebraic', lang })).toBe('b1c3');
      expect(read(pos, '♞c3', { kind: 'algebraic', lang })).toBe('b1c3');
      expect(read(pos, 'e8♕', { kind: 'algebraic', lang })).toBe('e7e8q');
    }
  });
  it('the same letter is a different piece by language: S is a knight in Polish, a bishop in Czech', () => {
    const pos = fromFen('4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1');
    expect(read(pos, 'Sd2', { kind: 'algebraic', lang: 'pl' })).toBe('b1d2');
    expect(read(pos, 'Se2', { kind: 'algebraic', lang: 'cs' })).toBe('f1e2');
  });
});

describe('forms players write (P-4e: marks never matter)', () => {
  const afterE4E5 = () => {
    const pos = Chess.default();
    readMovetext(pos, tokenizeMovetext('1.e4 e5'), { kind: 'auto' });
    return pos;
  };
  const table: [string, Reading, string][] = [
    ['Nf3', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Nf3+', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Nf3!?', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Nf3++', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Nf3X', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Nf3#?!', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Ng1-f3', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Ng1f3', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['nf3', { kind: 'algebraic', lang: 'en' }, 'g1f3'],
    ['Sg1-f3', { kind: 'algebraic', lang: 'pl' }, 'g1f3'],
    ['g1f3', { kind: 'auto' }, 'g1f3'],
    ['7163', { kind: 'algebraic', lang: 'pl' }, 'g1f3'],
    ['71-63', { kind: 'numeric' }, 'g1f3'],
    ['Кf3', { kind: 'algebraic', lang: 'ru' }, 'g1f3'],
    ['Кf3', { kind: 'algebraic', lang: 'uk' }, 'g1f3'],
    // The same letters typed on a Latin keyboard, where they look alike.
    ['Kf3', { kind: 'algebraic', lang: 'ru' }, 'g1f3'],
    ['Kf3', { kind: 'algebraic', lang: 'uk' }, 'g1f3'],
    ['Kpe2', { kind: 'algebraic', lang: 'ru' }, 'e1e2'],
    ['Cc4', { kind: 'algebraic', lang: 'uk' }, 'f1c4'],
    // Typed small on a phone, in Cyrillic or on a Latin keyboard.
    ['кf3', { kind: 'algebraic', lang: 'ru' }, 'g1f3'],
    ['kf3', { kind: 'algebraic', lang: 'uk' }, 'g1f3'],
    ['крe2', { kind: 'algebraic', lang: 'ru' }, 'e1e2'],
    ['kpe2', { kind: 'algebraic', lang: 'uk' }, 'e1e2'],
    ['сc4', { kind: 'algebraic', lang: 'ru' }, 'f1c4'],
    ['cb5', { kind: 'algebraic', lang: 'uk' }, 'f1b5'],
    ['cc4', { kind: 'algebraic', lang: 'uk' }, 'c2c4'], // a pawn move as written
    ['фh5', { kind: 'algebraic', lang: 'uk' }, 'd1h5'],
    // Pawn moves typed on a Cyrillic keyboard: а, с, е before a rank are the files a, c, e.
    ['с4', { kind: 'algebraic', lang: 'uk' }, 'c2c4'],
    ['с2-с4', { kind: 'algebraic', lang: 'ru' }, 'c2c4'],
    ['а3', { kind: 'algebraic', lang: 'ru' }, 'a2a3'],
    ['d3', { kind: 'algebraic', lang: 'uk' }, 'd2d3'],
    ['сe2', { kind: 'algebraic', lang: 'uk' }, 'f1e2'], // before a square, the bishop
    ['Ĉf3', { kind: 'algebraic', lang: 'eo' }, 'g1f3'],
    ['Cf3', { kind: 'algebraic', lang: 'fr' }, 'g1f3'],
    ['Pf3', { kind: 'algebraic', lang: 'nl' }, 'g1f3'],
    ['Qh5', { kind: 'algebraic', lang: 'en' }, 'd1h5'],
    ['Hh5', { kind: 'algebraic', lang: 'pl' }, 'd1h5'],
    ['Фh5', { kind: 'algebraic', lang: 'ru' }, 'd1h5'],
    ['Bc4', { kind: 'algebraic', lang: 'en' }, 'f1c4'],
    ['Gc4', { kind: 'algebraic', lang: 'pl' }, 'f1c4'],
    ['Fc4', { kind: 'algebraic', lang: 'fr' }, 'f1c4'],
    ['Ac4', { kind: 'algebraic', lang: 'es' }, 'f1c4'],
    ['Kc4', { kind: 'algebraic', lang: 'eo' }, 'f1c4'],
    ['Ke2', { kind: 'algebraic', lang: 'en' }, 'e1e2'],
    ['Re2', { kind: 'algebraic', lang: 'fr' }, 'e1e2'],
    ['Крe2', { kind: 'algebraic', lang: 'ru' }, 'e1e2'],
    ['d4', { kind: 'auto' }, 'd2d4'],
    ['D4', { kind: 'algebraic', lang: 'de' }, 'd2d4'],
    ['d2-d4', { kind: 'auto' }, 'd2d4'],
    ['d2d4', { kind: 'auto' }, 'd2d4'],
    ['4244', { kind: 'auto' }, 'd2d4'],
  ];
  for (const [text, reading, expected] of table) {
    it(`${text} (${reading.kind === 'algebraic' ? reading.lang : reading.kind})`, () => {
      expect(read(afterE4E5(), text, reading)).toBe(expected);
    });
  }
  it('long algebraic in Polish without a dash: Gb2e5', () => {
    const pos = fromFen('4k3/8/8/8/8/8/1B6/4K3 w - - 0 1');
    for (const t of ['Gb2e5', 'Gb2-e5', 'Gb2:e5'])
      expect(read(pos, t, { kind: 'algebraic', lang: 'pl' }), t).toBe('b2e5');
  });
  it('a phone capitalised a square of long algebraic: E2-e4, e2-E4, E2E4, Sg1-F3', () => {
    const pos = Chess.default();
    for (const t of ['E2-e4', 'e2-E4', 'E2-E4', 'E2e4', 'e2E4'])
      expect(read(pos, t, { kind: 'algebraic', lang: 'en' }), t).toBe('e2e4');
    expect(read(pos, 'D2-D4', { kind: 'algebraic', lang: 'en' })).toBe('d2d4');
    expect(read(pos, 'Sg1-F3', { kind: 'algebraic', lang: 'pl' })).toBe('g1f3');
    expect(read(pos, 'Ng1F3', { kind: 'algebraic', lang: 'en' })).toBe('g1f3');
    // A piece letter of the player's language stays a piece: in English B2-b4 is no pawn move.
    expect(() => read(pos, 'B2-b4', { kind: 'algebraic', lang: 'en' })).toThrow(
      'you have no bishop on rank 2',
    );
    expect(read(pos, 'B2-b4', { kind: 'algebraic', lang: 'pl' })).toBe('b2b4');
  });
  it('a small piece letter that is also a file, typed on a phone: 4.ba4 is Ba4 when no pawn can take on a4 (P-4a, P-4c)', () => {
    // After 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6: the bishop on b5, no white pawn on the b-file can capture.
    const ruyLopez = () => {
      const pos = Chess.default();
      readMovetext(pos, tokenizeMovetext('1.e4 e5 2.Nf3 Nc6 3.Bb5 a6'), { kind: 'auto' });
      return pos;
    };
    const en: Reading = { kind: 'algebraic', lang: 'en' };
    expect(read(ruyLopez(), 'ba4', en)).toBe('b5a4');
    expect(read(ruyLopez(), 'bxc6', en)).toBe('b5c6');
    expect(read(ruyLopez(), 'b5a4', en)).toBe('b5a4');
    expect(read(ruyLopez(), 'ba4', { kind: 'auto' })).toBe('b5a4');
    // The same in other languages: German d (Dame), Polish h (hetman) and g (goniec).
    expect(read(ruyLopez(), 'de2', { kind: 'algebraic', lang: 'de' })).toBe('d1e2');
    expect(read(ruyLopez(), 'he2', { kind: 'algebraic', lang: 'pl' })).toBe('d1e2');
    expect(read(ruyLopez(), 'ga4', { kind: 'algebraic', lang: 'pl' })).toBe('b5a4');
    // A small b that is no bishop in the language stays a pawn's file, and is impossible here.
    expect(() => read(ruyLopez(), 'ba4', { kind: 'algebraic', lang: 'pl' })).toThrow();
    // Neither reading legal: still returned (P-4c).
    expect(() => read(ruyLopez(), 'bc5', en)).toThrow();
    // A legal pawn capture is what "bc4" means as written, even with a bishop able to go there.
    const pawnAndBishop = fromFen('4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1');
    expect(read(pawnAndBishop, 'bc4', en)).toBe('b3c4');
    expect(read(pawnAndBishop, 'bxc4', en)).toBe('b3c4');
  });
  it('caps lock: BA4, NBD2, BXC6, NG1-F3, EXD5 — in the player’s language', () => {
    const pos = fromFen('4k3/8/8/3p4/4P3/8/8/1N1BK1N1 w - - 0 1');
    const en = { kind: 'algebraic', lang: 'en' } as const;
    expect(read(pos, 'BA4', en)).toBe('d1a4');
    expect(read(pos, 'NBD2', en)).toBe('b1d2');
    expect(read(pos, 'NG1-F3', en)).toBe('g1f3');
    expect(read(pos, 'EXD5', en)).toBe('e4d5');
    expect(read(pos, 'SD2', { kind: 'algebraic', lang: 'pl' })).toBe('b1d2');
    // In German D is the queen: DXD5 is a queen's capture, and there is no queen here.
    expect(() => read(pos, 'DXD5', { kind: 'algebraic', lang: 'de' })).toThrow('queen');
  });
  it('castling in words: a side said, or the one castling that is legal', () => {
    const both = fromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const en = { kind: 'algebraic', lang: 'en' } as const;
    expect(read(both, 'castles kingside', en)).toBe('e1h1');
    expect(read(both, 'castle queenside', en)).toBe('e1a1');
    expect(read(both, 'long castle', en)).toBe('e1a1');
    expect(read(both, 'kurze Rochade', { kind: 'algebraic', lang: 'de' })).toBe('e1h1');
    expect(read(both, 'długa roszada', { kind: 'algebraic', lang: 'pl' })).toBe('e1a1');
    // No side said, both possible: which one is for the player to say.
    const r = readMove(both, 'castles', en);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ kind: 'AMBIGUOUS', candidates: ['O-O', 'O-O-O'] });
    const kingSideOnly = fromFen('r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1');
    expect(read(kingSideOnly, 'castles', en)).toBe('e1h1');
    const none = fromFen('r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1');
    expect(() => read(none, 'castles', en)).toThrow('you cannot castle now');
    // Words that name both sides are no castling.
    expect(() => read(both, 'castles short long', en)).toThrow();
  });
  it('captures as x, : or nothing', () => {
    const pos = fromFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
    for (const t of ['exd5', 'e:d5', 'ed5', 'e4xd5', 'e4:d5', 'e4-d5', '5445', 'e×d5'])
      expect(read(pos, t, { kind: 'auto' }), t).toBe('e4d5');
  });
});

describe('disambiguation by file and rank', () => {
  const pos = fromFen('4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1');
  it('knights on b1 and f3 to d2: by file', () => {
    expect(read(pos, 'Nbd2', { kind: 'algebraic', lang: 'en' })).toBe('b1d2');
    expect(read(pos, 'Sfd2', { kind: 'algebraic', lang: 'pl' })).toBe('f3d2');
    expect(writeMove(pos, parseUci('f3d2') as never, { kind: 'san', lang: 'pl' })).toBe('Sfd2');
  });
  it('rooks on a1 and a5 to a3: by rank', () => {
    expect(read(pos, 'R1a3', { kind: 'algebraic', lang: 'en' })).toBe('a1a3');
    expect(read(pos, 'W5a3', { kind: 'algebraic', lang: 'pl' })).toBe('a5a3');
    expect(writeMove(pos, parseUci('a5a3') as never, { kind: 'san', lang: 'de' })).toBe('T5a3');
  });
  it('without the disambiguator it is AMBIGUOUS and lists both', () => {
    const r = readMove(pos, 'Nd2', { kind: 'algebraic', lang: 'en' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('AMBIGUOUS');
    expect(r.error.candidates).toEqual(['Nbd2', 'Nfd2']);
  });
});

describe('en passant', () => {
  const pos = () => fromFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
  for (const t of ['exd6', 'ed6', 'e5:d6', 'exd6 e.p.', 'exd6e.p.', 'e5xd6', '5546']) {
    it(`${t}`, () => expect(read(pos(), t, { kind: 'auto' })).toBe('e5d6'));
  }
  it('is written with the capture in every notation', () => {
    const m = parseUci('e5d6') as never;
    expect(writeMove(pos(), m, { kind: 'numeric' })).toBe('5546');
    expect(writeMove(pos(), m, { kind: 'san', lang: 'en' })).toBe('exd6');
    expect(writeMove(pos(), m, { kind: 'lan', lang: 'en' })).toBe('e5xd6');
  });
});

describe('L-1..3: all four castlings', () => {
  const FEN = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const cases = [
    {
      side: 'white O-O',
      fen: FEN,
      numeric: '5171',
      san: ['O-O', '0-0', 'o-o', 'Kg1', 'e1g1'],
      uci: 'e1h1',
    },
    { side: 'white O-O-O', fen: FEN, numeric: '5131', san: ['O-O-O', '0-0-0', 'Kc1'], uci: 'e1a1' },
    {
      side: 'black O-O',
      fen: FEN.replace(' w ', ' b '),
      numeric: '5878',
      san: ['O-O', '0-0'],
      uci: 'e8h8',
    },
    {
      side: 'black O-O-O',
      fen: FEN.replace(' w ', ' b '),
      numeric: '5838',
      san: ['O-O-O', '0-0-0'],
      uci: 'e8a8',
    },
  ];
  for (const c of cases) {
    it(`${c.side}: numeric ${c.numeric} is the king's move`, () => {
      const pos = fromFen(c.fen);
      expect(read(pos, c.numeric, { kind: 'numeric' })).toBe(c.uci);
      for (const t of c.san) expect(read(pos, t, { kind: 'auto' }), t).toBe(c.uci);
      const move = parseUci(c.uci) as never;
      expect(writeMove(pos, move, { kind: 'numeric' })).toBe(c.numeric);
      expect(writeMove(pos, move, { kind: 'san', lang: 'pl' })).toBe(c.san[0]);
      expect(writeMove(pos, move, { kind: 'lan', lang: 'en' })).toBe(c.san[0]);
    });
  }
  it('castling through check is IMPOSSIBLE with the reason', () => {
    const pos = fromFen('r3k2r/8/8/8/8/5r2/8/R3K2R w KQkq - 0 1');
    const r = readMove(pos, '5171', { kind: 'numeric' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect([r.error.kind, r.error.reason]).toEqual(['IMPOSSIBLE', 'castling-not-allowed']);
  });
});

describe('L-1..3: every promotion piece in numeric and SAN', () => {
  const pos = () => fromFen('1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1');
  const pieces = [
    ['queen', '1', 'Q', 'H'],
    ['rook', '2', 'R', 'W'],
    ['bishop', '3', 'B', 'G'],
    ['knight', '4', 'N', 'S'],
  ] as const;
  for (const [role, digit, en, pl] of pieces) {
    it(`${role}: 1718${digit}, a8=${en}, a8${pl}, 1728${digit}, axb8=${en}`, () => {
      const p = role[0];
      expect(read(pos(), `1718${digit}`, { kind: 'numeric' })).toBe(`a7a8${p}`);
      expect(read(pos(), `1728${digit}`, { kind: 'numeric' })).toBe(`a7b8${p}`);
      // The digit set apart, as algebraic sets the piece apart (P-2b).
      for (const t of [`1718=${digit}`, `17-18=${digit}`, `1718/${digit}`, `1718-${digit}`])
        expect(read(pos(), t, { kind: 'numeric' }), t).toBe(`a7a8${p}`);
      for (const t of [`a8=${en}`, `a8${en}`, `a8(${en})`, `a8/${en}`, `a7-a8=${en}`])
        expect(read(pos(), t, { kind: 'algebraic', lang: 'en' }), t).toBe(`a7a8${p}`);
      // The piece in lower case, as a phone types it.
      const low = en.toLowerCase();
      for (const t of [`a8=${low}`, `a8(${low})`])
        expect(read(pos(), t, { kind: 'algebraic', lang: 'en' }), t).toBe(`a7a8${p}`);
      expect(read(pos(), `a8${pl}`, { kind: 'algebraic', lang: 'pl' })).toBe(`a7a8${p}`);
      expect(read(pos(), `axb8=${en}`, { kind: 'algebraic', lang: 'en' })).toBe(`a7b8${p}`);
      const move = { ...(parseUci('a7a8') as { from: number; to: number }), promotion: role };
      expect(writeMove(pos(), move, { kind: 'numeric' })).toBe(`1718${digit}`);
      expect(writeMove(pos(), move, { kind: 'san', lang: 'en' })).toMatch(new RegExp(`^a8=${en}`));
      expect(writeMove(pos(), move, { kind: 'san', lang: 'pl' })).toMatch(new RegExp(`^a8=${pl}`));
    });
  }
  it('a four-digit promotion that drops the rank (6762) is refused with the five-digit form', () => {
    const p = fromFen('k7/5P2/8/8/8/8/8/4K3 w - - 0 1');
    const r = readMove(p, '6762', { kind: 'numeric' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('ILLEGIBLE');
    expect(r.error.reason).toBe('promotion-rank-missing');
    expect(r.error.message).toContain('67682');
  });
  it('a promotion without its piece is refused with the forms to write', () => {
    const r = readMove(pos(), '1718', { kind: 'numeric' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.candidates).toEqual(['17181', '17182', '17183', '17184']);
    const s = readMove(pos(), 'a8', { kind: 'algebraic', lang: 'pl' });
    if (!s.ok) expect(s.error.candidates?.[0]).toBe('a8=H');
  });
});

describe('P-4c: a bare "=" after a finished move ("Ba4=")', () => {
  it('is dropped: the move is read, and no draw is offered by it', () => {
    const pos = fromFen('r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4');
    expect(read(pos, 'Ba4=', { kind: 'algebraic', lang: 'en' })).toBe('b5a4');
  });
});

describe('P-4c: a pawn capture by files alone ("ed")', () => {
  const en = { kind: 'algebraic', lang: 'en' } as const;
  it('is read when one pawn of that file can capture on the other file, en passant too', () => {
    expect(read(fromFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1'), 'ed', en)).toBe('e4d5');
    expect(read(fromFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'), 'exd', en)).toBe('e5d6');
    expect(read(fromFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1'), 'e:d', { kind: 'auto' })).toBe(
      'e4d5',
    );
  });
  it('in capitals from the e-file ("Exd", "ED"), which no language uses as a piece', () => {
    const pos = () => fromFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
    for (const t of ['Exd', 'ED', 'E:d']) expect(read(pos(), t, en), t).toBe('e4d5');
    for (const t of ['Exd', 'ED']) expect(read(pos(), t, { kind: 'auto' }), t).toBe('e4d5');
  });
  it('with two such captures, it is ambiguous and the player is shown both', () => {
    const r = readMove(fromFen('4k3/8/3p4/4P3/3p4/4P3/8/4K3 w - - 0 1'), 'ed', en);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('AMBIGUOUS');
      expect(r.error.candidates).toEqual(['exd4', 'exd6']);
    }
  });
  it('with none, it is impossible; a capture onto the last rank needs its piece', () => {
    const none = readMove(fromFen('4k3/8/8/8/4P3/8/8/4K3 w - - 0 1'), 'ed', en);
    expect(!none.ok && none.error.kind).toBe('IMPOSSIBLE');
    const promo = readMove(fromFen('3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1'), 'ed', en);
    expect(!promo.ok && promo.error.reason).toBe('promotion-piece-missing');
  });
  it('two letters that are not neighbouring files are no capture', () => {
    expect(readMove(fromFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1'), 'eb', en).ok).toBe(false);
  });
});

describe('L-App.B: Chess960', () => {
  it('start number 518 is the standard position; 0 is BBQNNRKR', () => {
    const s = startPosition({ kind: 'chess960', number: 518 });
    expect(s.ok && s.value.board.occupied.size()).toBe(32);
    const zero = startPosition({ kind: 'chess960', number: 0 });
    expect(zero.ok && zero.value.board.get(0)?.role).toBe('bishop');
  });
  it('castling: king e1, rooks b1 and g1 (king ends on g1 and c1, as numeric writes it)', () => {
    const pos = fromFen('1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1');
    expect(read(pos, '5171', { kind: 'numeric' })).toBe('e1g1');
    expect(read(pos, 'O-O', { kind: 'auto' })).toBe('e1g1');
    expect(read(pos, '5131', { kind: 'numeric' })).toBe('e1b1');
    expect(read(pos, 'O-O-O', { kind: 'auto' })).toBe('e1b1');
    expect(writeMove(pos, parseUci('e1g1') as never, { kind: 'numeric' })).toBe('5171');
    expect(writeMove(pos, parseUci('e1b1') as never, { kind: 'numeric' })).toBe('5131');
    const after = pos.clone();
    after.play(parseUci('e1b1') as never);
    expect(after.board.get(2)?.role).toBe('king');
    expect(after.board.get(3)?.role).toBe('rook');
  });
  it('L-App.B.3.3: a one-square king move is an ordinary move; castling is the king onto its rook', () => {
    // Black: king f8, rook h8, g8 empty — Kg8 and O-O both end with the king on g8.
    const pos = fromFen('bbqrnk1r/pppppppp/5n2/8/8/3N4/PPPPPPPP/BBQ1RKNR b Kkq - 3 2');
    expect(read(pos, '6878', { kind: 'numeric' })).toBe('f8g8');
    expect(read(pos, '6888', { kind: 'numeric' })).toBe('f8h8');
    expect(read(pos, 'O-O', { kind: 'auto' })).toBe('f8h8');
    expect(writeMove(pos, parseUci('f8h8') as never, { kind: 'numeric' })).toBe('6888');
    expect(writeMove(pos, parseUci('f8h8') as never, { kind: 'san', lang: 'en' })).toBe('O-O');
    expect(writeMove(pos, parseUci('f8g8') as never, { kind: 'numeric' })).toBe('6878');
  });
  it('castling where the king does not move: king g1, rook h1, written 7171', () => {
    const pos = fromFen('6kr/8/8/8/8/8/8/6KR w Hh - 0 1');
    expect(read(pos, '7171', { kind: 'numeric' })).toBe('g1h1');
    expect(writeMove(pos, parseUci('g1h1') as never, { kind: 'numeric' })).toBe('7171');
  });
});
