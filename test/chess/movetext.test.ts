import { describe, expect, it } from 'vitest';
import { tokenizeMovetext } from '../../src/chess/index.ts';

const simple = (text: string) =>
  tokenizeMovetext(text).tokens.map((t) => [t.number ?? null, t.side ?? null, t.text, t.drawOffer]);

describe('P-2a: movetext as players number it', () => {
  const table: [string, unknown[][]][] = [
    [
      '12. Nf3 Nc6',
      [
        [12, 'white', 'Nf3', false],
        [null, null, 'Nc6', false],
      ],
    ],
    ['12...Nc6', [[12, 'black', 'Nc6', false]]],
    ['12. ... 5878', [[12, 'black', '5878', false]]],
    ['12 . . . 5878', [[12, 'black', '5878', false]]],
    ['12.5254', [[12, 'white', '5254', false]]],
    ['12…Nc6', [[12, 'black', 'Nc6', false]]],
    // A dash for White's move, as some countries write Black's: `12. - Nc6`, `12.–Nc6`.
    ['12. - Nc6', [[12, 'black', 'Nc6', false]]],
    ['12.-Nc6', [[12, 'black', 'Nc6', false]]],
    ['12.–5878', [[12, 'black', '5878', false]]],
    // A numeric move written as its two squares after its number: `4.25 14`, `3...17 16`.
    [
      '3...17 16 4. 25 14 (=)',
      [
        [3, 'black', '1716', false],
        [4, 'white', '2514', true],
      ],
    ],
    // ... but not two numbers that are no squares (0 and 9 are no file, no rank).
    [
      'at 10.30 19 players',
      [
        [null, null, 'at', false],
        [10, 'white', '30', false],
        [19, 'white', 'players', false],
      ],
    ],
    // Dots between the moves of a numbered pair, or before a Black move with no number.
    [
      '2. Nf3 ... Nc6',
      [
        [2, 'white', 'Nf3', false],
        [null, null, 'Nc6', false],
      ],
    ],
    [
      '1.e4 ...e5',
      [
        [1, 'white', 'e4', false],
        [null, null, 'e5', false],
      ],
    ],
    // A number closed by a bracket, as a list is numbered: `12) Nf3`.
    ['12) Nf3', [[12, 'white', 'Nf3', false]]],
    // A dash that follows no number is no numbering: the line stays as written.
    [
      'e4 - e5',
      [
        [null, null, 'e4', false],
        [null, null, '-', false],
        [null, null, 'e5', false],
      ],
    ],
    [
      '12 5254 5755',
      [
        [12, 'white', '5254', false],
        [null, null, '5755', false],
      ],
    ],
    ['11.Kb1 (=)', [[11, 'white', 'Kb1', true]]],
    ['11.Kb1(=)', [[11, 'white', 'Kb1', true]]],
    ['11.Kb1 {(=)}', [[11, 'white', 'Kb1', true]]],
    [
      '1.e4 {a comment} e5 (1...c5 2.Nf3) 2.Nf3 $1 !? 1-0',
      [
        [1, 'white', 'e4', false],
        [null, null, 'e5', false],
        [2, 'white', 'Nf3', false],
      ],
    ],
    [
      '6.exd6 e.p. Nxd6',
      [
        [6, 'white', 'exd6', false],
        [null, null, 'Nxd6', false],
      ],
    ],
    [
      '8.e8(Q) Kd7',
      [
        [8, 'white', 'e8(Q)', false],
        [null, null, 'Kd7', false],
      ],
    ],
    [
      // A count of days after a rook's move to the last rank is no promotion piece.
      '40.2728 2 Tage',
      [
        [40, 'white', '2728', false],
        [2, 'white', 'Tage', false],
      ],
    ],
    [
      '40.2728 1 40...22-21 4',
      [
        [40, 'white', '27281', false],
        [40, 'black', '22-214', false],
      ],
    ],
    [
      '40.b8 Q 40...exd1 D',
      [
        [40, 'white', 'b8=Q', false],
        [40, 'black', 'exd1=D', false],
      ],
    ],
    [
      '40.b8(q) 40...27-28(1) (as typed on a phone)',
      [
        [40, 'white', 'b8(q)', false],
        [40, 'black', '27-28(1)', false],
      ],
    ],
    [
      '40.2728(1) 40...5848 (4 is not a promotion)',
      [
        [40, 'white', '2728(1)', false],
        [40, 'black', '5848', false],
      ],
    ],
    [
      '1.e4, e5; 2.Nf3',
      [
        [1, 'white', 'e4', false],
        [null, null, 'e5', false],
        [2, 'white', 'Nf3', false],
      ],
    ],
    [
      '10.O-O-O 0-0 11.Qh7++ Kf8 12.Qh8X',
      [
        [10, 'white', 'O-O-O', false],
        [null, null, '0-0', false],
        [11, 'white', 'Qh7++', false],
        [null, null, 'Kf8', false],
        [12, 'white', 'Qh8X', false],
      ],
    ],
  ];
  for (const [text, expected] of table) {
    it(text, () => expect(simple(text)).toEqual(expected));
  }
  it('a move written with spaces is one token, marked as spelled: "4.Bishop to a4", "N c3"', () => {
    const spelled = (text: string) =>
      tokenizeMovetext(text).tokens.map((t) => [t.number ?? null, t.text, t.spelled ?? false]);
    expect(spelled('4.Bishop to a4 I think')).toEqual([
      [4, 'Bishop to a4', true],
      [null, 'I', false],
      [null, 'think', false],
    ]);
    expect(spelled('4. N c3')).toEqual([[4, 'N c3', true]]);
    expect(spelled('Springer nach f3')).toEqual([[null, 'Springer nach f3', true]]);
    // A capitalised word right after a move number is a piece misspelt, not words before a4.
    expect(spelled('4.Bisop a4')).toEqual([[4, 'Bisop a4', true]]);
    expect(spelled('Maybe a4')).toEqual([
      [null, 'Maybe', false],
      [null, 'a4', false],
    ]);
    // A piece word with no square after it joins nothing.
    expect(spelled('Bishop to win')).toEqual([
      [null, 'Bishop', false],
      [null, 'to', false],
      [null, 'win', false],
    ]);
  });
  it('the full stop of a sentence is no part of the move, and is noted', () => {
    const stops = (text: string) =>
      tokenizeMovetext(text).tokens.map((t) => [t.number ?? null, t.text, t.endsSentence ?? false]);
    expect(stops('4.Ba4.')).toEqual([[4, 'Ba4', true]]);
    expect(stops('4.O-O-O.')).toEqual([[4, 'O-O-O', true]]);
    expect(stops('12. 5254.')).toEqual([[12, '5254', true]]);
    expect(stops('12. exd6 e.p.')).toEqual([[12, 'exd6', false]]);
    expect(tokenizeMovetext('4.Ba4 1-0.').result).toBe('1-0');
  });
  it('results are kept, not read as moves', () => {
    for (const [text, result] of [
      ['1.e4 1-0', '1-0'],
      ['1.e4 0-1', '0-1'],
      ['1.e4 ½-½', '1/2-1/2'],
      ['1.e4 *', '*'],
    ]) {
      const mt = tokenizeMovetext(text!);
      expect(mt.result).toBe(result);
      expect(mt.tokens).toHaveLength(1);
    }
  });
});
