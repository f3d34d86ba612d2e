// P-4a, P-4c, P-6g: a move as people type it — a piece named in words ("Bishop to a4"), a piece
// letter apart from its square ("N c3"), caps lock ("BA4"), a full stop after the move ("4.Ba4.")
// — is read as that move. Read as the bare square it would be a pawn's move, which binds
// (P-4a: a legal move once sent stands): "Bishop a4" must never be a2-a4. What still does not
// read is returned as illegible (P-4c), never taken for another move.
import { describe, expect, it } from 'vitest';
import type { Reading } from '../../src/chess/index.ts';
import { readInbound } from '../../src/mail/index.ts';
import { assembleTransmission } from '../../src/mail/transmission.ts';
import type { GameEvent, GameState } from '../../src/referee/index.ts';
import { decideTransmission, defaultEventRules, foldGame } from '../../src/referee/index.ts';

/** 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6, White to send the 4th move. */
const RUY_LOPEZ = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6'];

function stateOf(ucis: readonly string[]): GameState {
  const events: GameEvent[] = [
    {
      type: 'created',
      on: '2026-11-01',
      start: { kind: 'standard' },
      white: 'w@x.org',
      black: 'b@x.org',
      clockStartsOn: '2026-11-01',
    },
    ...ucis.map(
      (uci, i): GameEvent => ({
        type: 'move',
        on: '2026-11-02',
        side: i % 2 === 0 ? 'white' : 'black',
        uci,
        sentOn: '2026-11-02',
        deliveredOn: '2026-11-02',
      }),
    ),
  ];
  return foldGame(events);
}

/** What the referee does with White's mail: the move played (UCI), or the problem's code. */
async function decideMail(body: string, reading: Reading, game = RUY_LOPEZ) {
  const raw = `From: White <w@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 3\r\nDate: Tue, 03 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m1@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
  const r = await readInbound(raw);
  if (!r.ok) throw new Error(r.error);
  const t = assembleTransmission(r.value, { side: 'white', reading, sentOn: '2026-11-03' });
  if (!t) throw new Error('no transmission');
  return decideTransmission(stateOf(game), t, '2026-11-03', defaultEventRules());
}

async function rule(
  body: string,
  reading: Reading = { kind: 'algebraic', lang: 'en' },
  game = RUY_LOPEZ,
) {
  const decision = await decideMail(body, reading, game);
  const played = decision.events.find((e) => e.type === 'move');
  if (played?.type === 'move') return played.uci;
  const rejected = decision.effects.find((e) => e.kind === 'transmission-rejected');
  if (rejected?.kind !== 'transmission-rejected') return 'nothing';
  return `${rejected.problem.code} ${rejected.penaltyDays ?? 0}`;
}

describe('P-4a, P-4c: a move written out in words is that piece’s move, never a pawn’s', () => {
  const table: [string, string][] = [
    ['3...a6 4.Bishop a4', 'b5a4'],
    ['3...a6 4.Bishop to a4', 'b5a4'],
    ['3...a6 4. bishop takes c6', 'b5c6'],
    ['3...a6 4.Bishop x c6', 'b5c6'],
    ['3...a6 4.Knight to c3', 'b1c3'],
    ['3...a6 4.Knight from b1 to c3', 'b1c3'],
    ['3...a6 4.Queen e2', 'd1e2'],
    ['3...a6 4.Pawn to d4', 'd2d4'],
    ['3...a6 4.Bishop to a4 I think', 'b5a4'],
    // A piece letter apart from its square, as thumbs type it.
    ['3...a6 4. N c3', 'b1c3'],
    ['3...a6 4.B a4', 'b5a4'],
    ['3...a6 4.B takes c6', 'b5c6'],
    // Castling in words; with no side said, the only castling that is legal here.
    ['3...a6 4.castles', 'e1h1'],
    ['3...a6 4.Castles kingside', 'e1h1'],
    ['3...a6 4.short castle.', 'e1h1'],
    ['3...a6 4.castle queenside', 'move 5'], // read, and impossible here
    ['3...a6 4.King e2', 'e1e2'],
    // A verb or two between the piece and its square: still the piece, never the pawn.
    ['3...a6 4.Bishop moves to a4', 'b5a4'],
    ['3...a6 4.Knight moves to c3', 'b1c3'],
    ['3...a6\n4.Bishop back to a4', 'b5a4'],
    ['3...a6 4.Bishop now retreats to a4', 'b5a4'],
    ['3...a6 4.B xc6+', 'b5c6'],
  ];
  for (const [body, played] of table) {
    it(`${body} → ${played}`, async () => expect(await rule(body)).toBe(played));
  }
  it('in the words of other languages, read for every player: Polish, German, Czech, Ukrainian', async () => {
    expect(await rule('3...a6 4.Goniec na a4', { kind: 'algebraic', lang: 'pl' })).toBe('b5a4');
    expect(await rule('3...a6 4.Skoczek c3', { kind: 'algebraic', lang: 'pl' })).toBe('b1c3');
    expect(await rule('3...a6 4.Läufer nach a4', { kind: 'algebraic', lang: 'de' })).toBe('b5a4');
    expect(await rule('3...a6 4.Läufer schlägt c6', { kind: 'algebraic', lang: 'de' })).toBe(
      'b5c6',
    );
    expect(await rule('3...a6 4.Jezdec c3', { kind: 'algebraic', lang: 'cs' })).toBe('b1c3');
    expect(await rule('3...a6 4.Кінь c3', { kind: 'algebraic', lang: 'uk' })).toBe('b1c3');
    // The square typed on a Cyrillic keyboard (а, с, е): still the piece, never the pawn.
    expect(await rule('3...a6 4.Кінь на с3', { kind: 'algebraic', lang: 'uk' })).toBe('b1c3');
    expect(await rule('3...a6 4.Слон на а4', { kind: 'algebraic', lang: 'ru' })).toBe('b5a4');
    expect(await rule('3...a6 4.Ферзь е2', { kind: 'auto' })).toBe('d1e2');
    expect(await rule('3...a6 4.слон бьёт с6', { kind: 'algebraic', lang: 'ru' })).toBe('b5c6');
    expect(await rule('3...a6 4.kurze Rochade', { kind: 'algebraic', lang: 'de' })).toBe('e1h1');
    expect(await rule('3...a6 4.krótka roszada', { kind: 'algebraic', lang: 'pl' })).toBe('e1h1');
    expect(await rule('3...a6 4.goniec cofa się na a4', { kind: 'algebraic', lang: 'pl' })).toBe(
      'b5a4',
    );
    expect(await rule('3...a6 4.Läufer zieht nach a4', { kind: 'algebraic', lang: 'de' })).toBe(
      'b5a4',
    );
    expect(await rule('3...a6 4.střelec ustupuje na a4', { kind: 'algebraic', lang: 'cs' })).toBe(
      'b5a4',
    );
    expect(await rule('3...a6 4.слон відступає на a4', { kind: 'algebraic', lang: 'uk' })).toBe(
      'b5a4',
    );
    // A lone letter is the player's own: S is a knight in Polish, a bishop in Czech.
    expect(await rule('3...a6 4.S c3', { kind: 'algebraic', lang: 'pl' })).toBe('b1c3');
    expect(await rule('3...a6 4.S a4', { kind: 'algebraic', lang: 'cs' })).toBe('b5a4');
  });
  it('a misspelt piece after the move number is returned as illegible (P-4c, P-6g), not played as a4', async () => {
    expect(await rule('3...a6 4.Bisop a4')).toBe('move 5');
    expect(await rule('3...a6 4. Bisop a4')).toBe('move 5');
  });
  it('P-4c: a numeric player’s move in words is legible: read as the one legal move it names, not as a pawn move', async () => {
    expect(await rule('3...a6 4.Bishop a4', { kind: 'numeric' })).toBe('b5a4');
  });
  it('words about a move, with no move number, play nothing: "I think Bishop a4 is good"', async () => {
    expect(await rule('3...a6\nI think Bishop a4 is good')).toBe('blank 5');
  });
});

describe('P-4c: caps lock and a full stop after the move', () => {
  const table: [string, string][] = [
    ['3...a6 4.BA4', 'b5a4'],
    ['3...A6 4.NC3', 'b1c3'],
    ['3...a6 4.QE2', 'd1e2'],
    ['3...a6 4.BXC6', 'b5c6'],
    ['3...A6 4.NB1-C3', 'b1c3'],
    ['3...a6 4.Ba4.', 'b5a4'],
    ['3...a6 4.O-O.', 'e1h1'],
    ['3...a6 4.O-O-O.', 'move 5'], // read, and impossible here
    ['3...a6\n4.Ba4.', 'b5a4'],
    ['My move: 3...a6 4.Ba4.', 'b5a4'],
    ['3...a6 4.Ba4, your move.', 'b5a4'],
    ['3...a6 4.5254.', 'move 5'], // numeric for an English player: read, and no move of a piece
  ];
  for (const [body, played] of table) {
    it(`${body.replace('\n', ' / ')} → ${played}`, async () =>
      expect(await rule(body)).toBe(played));
  }
  it('moves in a question are asked about, not sent: the move line is read alone', async () => {
    expect(await rule('Should I play 4.Ba4 or 4.Bxc6? I go with\n3...a6 4.Ba4')).toBe('b5a4');
    expect(await rule('3...a6 4.Ba4\nWhat would you do after 4...b5 5.Bb3?')).toBe('b5a4');
    // A question mark after a move on a move line is the annotation "dubious".
    expect(await rule('3...a6 4.Ba4?')).toBe('b5a4');
    expect(await rule('3...a6 4.Ba4? Your move')).toBe('b5a4');
    // "the castle" in a sentence is no castling.
    expect(await rule('3...a6 4.Ba4, the castle can wait')).toBe('b5a4');
    // Prose that is no question is read: the move in it is sent.
    expect(await rule('3...a6\nMy answer is 4.Ba4')).toBe('b5a4');
  });
  it('P-2e: the own move right after the repetition is sent though a full stop ends its sentence', async () => {
    expect(await rule('3...a6\nI play 4.Ba4.')).toBe('b5a4');
    expect(await rule('3...a6. My move is 4.Ba4.')).toBe('b5a4');
    expect(await rule('3...a6 I play 4.Ba4.')).toBe('b5a4');
    expect(await rule('3...a6\nIch spiele 4.La4.', { kind: 'algebraic', lang: 'de' })).toBe('b5a4');
    expect(await rule('3...a6\nGram 4.Ga4.', { kind: 'algebraic', lang: 'pl' })).toBe('b5a4');
  });
  it('a move that ends a sentence is mentioned, not sent: "I claim a draw after 32.Qd8+."', async () => {
    // The claim's own words are read as a claim elsewhere; its move is no move of this mail.
    expect(await rule('3...a6 4.Ba4\nWhat do you say after 4...b5.')).toBe('b5a4');
  });
});

describe('P-4f: a conditional line after the move, on the same line', () => {
  for (const body of [
    '3...a6 4.Ba4 if 4...Nf6 5.O-O',
    '3...a6 4.Ba4 - if 4...Nf6 5.O-O',
    '3...a6 4.Ba4; if 4...Nf6, 5.O-O',
  ]) {
    it(`${body}: the move is played and the line proposed, not returned for extra moves`, async () => {
      const d = await decideMail(body, { kind: 'algebraic', lang: 'en' });
      expect(d.events.map((e) => e.type)).toEqual(['move', 'conditional-line']);
      expect(d.events[0]).toMatchObject({ uci: 'b5a4' });
    });
  }
});

describe('P-4a, P-4d: a move only thought aloud about is asked about, not played nor penalised', () => {
  // A move sent binds (P-4a): "I wonder if 4.Ba4 works" is no decision, so it is not played;
  // and the player did write a move, so it is no blank transmission to penalise (P-4d).
  const undecided: string[] = [
    'Hi Jan,\nI wonder if 3...a6 4.Ba4 works here.\nBest, Petr',
    '3...a6\nMaybe 4.Ba4 is best, not sure yet.',
    '3...a6\nShould I play 4.Ba4?',
    '3...a6\nI could play 4.Bxc6',
    '3...a6\nProbably 4.Ba4, let me sleep on it',
    '3...a6\nVielleicht 4.La4',
    '3...a6\nChyba 4.Ga4',
    '3...a6\nThinking about 4.Ba4',
    '3...a6\n4.Ba4 might be best',
    '3...a6 4.Ba4 would be my choice',
  ];
  for (const body of undecided) {
    it(`${body.replaceAll('\n', ' / ')}: nothing played, no penalty`, async () => {
      const d = await decideMail(body, { kind: 'algebraic', lang: 'en' });
      expect(d.events).toEqual([]);
      expect(d.effects).toMatchObject([
        {
          kind: 'transmission-rejected',
          problem: {
            code: 'blank',
            thoughts: expect.arrayContaining([expect.stringMatching(/^4\./)]),
          },
          penaltyDays: 0,
        },
      ]);
    });
  }
  // The move sent plainly stands beside the thoughts about the next ones.
  const table: [string, string][] = [
    ['3...a6 4.Ba4\nI wonder if 4...Nf6 5.O-O works', 'b5a4'],
    ['After 3...a6 I play 4.Ba4, maybe you expected it', 'b5a4'],
    ['3...a6 I could play 4.Bxc6 but I play 4.Ba4', 'b5a4'],
    ['3...a6 4.Ba4 - probably a surprise for you', 'b5a4'],
    ['3...a6 4.Ba4\nPerhaps 4...b5 5.Bb3 next?', 'b5a4'],
    // The dash of a move after its number ("4. - Nf6") is no break between clauses.
    ['I repeat 3. - a6 and play 4. Ba4 - probably a surprise', 'b5a4'],
  ];
  for (const [body, played] of table) {
    it(`${body.replaceAll('\n', ' / ')} → ${played}`, async () =>
      expect(await rule(body)).toBe(played));
  }
  it('a blank transmission with no move in it at all still costs the penalty (P-4d, P-6g)', async () => {
    expect(await rule('3...a6\nThanks for the game so far')).toBe('blank 5');
  });
});

describe('P-4c: a pawn capture written by its files alone ("ed") is the one such capture', () => {
  /** 1.e4 d5 2.c4 e6: White can take on d5 with the c- or the e-pawn. */
  const game = ['e2e4', 'd7d5', 'c2c4', 'e7e6'];
  const table: [string, string][] = [
    ['2...e6 3.ed', 'e4d5'],
    ['2...e6 3.cd', 'c4d5'],
    ['2...e6 3.exd', 'e4d5'],
    ['2...e6 3.e:d', 'e4d5'],
    ['2...e6 3.e×d', 'e4d5'],
    ['2...e6\ned', 'e4d5'],
    ['2...e6 ed', 'e4d5'],
    // Not a capture this pawn has: returned as impossible, with the penalty (P-6g).
    ['2...e6 3.ef', 'move 5'],
    // Two German words that are also files are prose, not a move: the mail has none.
    ['2...e6 3.ed\nab morgen bin ich verreist', 'e4d5'],
    ['2...e6\nab morgen bin ich verreist', 'blank 5'],
  ];
  for (const [body, played] of table) {
    it(`${body.replaceAll('\n', ' / ')} → ${played}`, async () =>
      expect(await rule(body, undefined, game)).toBe(played));
  }
  it('in auto notation and in Polish too', async () => {
    expect(await rule('2...e6 3.ed', { kind: 'auto' }, game)).toBe('e4d5');
    expect(await rule('2...e6 3.ed', { kind: 'algebraic', lang: 'pl' }, game)).toBe('e4d5');
  });
});
