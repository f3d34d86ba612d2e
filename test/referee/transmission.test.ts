import { describe, expect, it } from 'vitest';
import type { Reading } from '../../src/chess/index.ts';
import { tokenizeMovetext } from '../../src/chess/index.ts';
import type { CalendarDate } from '../../src/clock/index.ts';
import { tripleBlockControl } from '../../src/clock/index.ts';
import type {
  Effect,
  EventRules,
  GameEvent,
  GameState,
  Transmission,
} from '../../src/referee/index.ts';
import {
  decideTransmission,
  defaultEventRules,
  effectSummary,
  extendGame,
  foldGame,
  gameClock,
  postmarklessSentOn,
} from '../../src/referee/index.ts';

const RULES = defaultEventRules();
const en: Reading = { kind: 'algebraic', lang: 'en' };

function newGame(on: CalendarDate = '2026-01-01'): GameState {
  const created: GameEvent = {
    type: 'created',
    on,
    start: { kind: 'standard' },
    white: 'white@example.org',
    black: 'black@example.org',
    clockStartsOn: on,
  };
  return foldGame([created]);
}

type Extra = Partial<Omit<Transmission, 'kind' | 'side' | 'sentOn' | 'moves' | 'conditional'>> & {
  conditional?: string;
};

/** A player's transmission: `text` holds the repetition and the move, as written. */
function tx(
  side: 'white' | 'black',
  sentOn: CalendarDate,
  text: string,
  extra: Extra = {},
): Transmission {
  const { conditional, ...rest } = extra;
  return {
    kind: 'transmission',
    side,
    sentOn,
    reading: en,
    moves: tokenizeMovetext(text).tokens,
    ...(conditional ? { conditional: tokenizeMovetext(conditional).tokens } : {}),
    ...rest,
  };
}

/** Send and apply: the new state and what was decided. */
function send(
  state: GameState,
  t: Transmission,
  rules: EventRules = RULES,
  now: CalendarDate = t.sentOn,
) {
  const d = decideTransmission(state, t, now, rules);
  return { state: extendGame(state, d.events), ...d };
}

/** Play a sequence of (sender, date, text) exchanges that must all be accepted. */
function play(state: GameState, steps: ['white' | 'black', CalendarDate, string][], rules = RULES) {
  let s = state;
  for (const [side, on, text] of steps) {
    const r = send(s, tx(side, on, text), rules);
    const rejected = r.effects.find((e) => e.kind === 'transmission-rejected');
    if (rejected) throw new Error(`${text}: ${JSON.stringify(rejected)}`);
    s = r.state;
  }
  return s;
}

const kinds = (effects: Effect[]) => effects.map((e) => e.kind);
const rejection = (effects: Effect[]) => effects.find((e) => e.kind === 'transmission-rejected');

const opening = (s: GameState) =>
  play(s, [
    ['white', '2026-01-02', '1.e4'],
    ['black', '2026-01-04', '1.e4 e5'],
    ['white', '2026-01-05', '1...e5 2.Nf3'],
  ]);

describe('the transmission rules (P-2, P-4)', () => {
  it('P-2e: a reply repeats the last move and the move is relayed to the opponent', () => {
    const s = opening(newGame());
    const r = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6'));
    expect(kinds(r.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(r.state.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    const relay = r.effects.find((e) => e.kind === 'move-relayed');
    expect(relay?.to).toEqual(['white']);
  });

  it('P-2e, P-6g: a wrong repetition is returned with the 5-day penalty; nothing is played', () => {
    const s = opening(newGame());
    const r = send(s, tx('black', '2026-01-07', '2.Nc3 Nc6'));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'repetition-wrong', expected: ['2.Nf3'], written: 'Nc3' },
      penaltyDays: 5,
      rules: ['P-2e', 'P-4b', 'P-6g'],
    });
    expect(r.state.plies).toHaveLength(3);
    expect(r.state.penalties).toMatchObject([
      { side: 'black', days: 5, rule: 'P-6g', on: '2026-01-07' },
    ]);
  });

  it('P-2e: the whole score from move 1 repeats the last move too: the move after it is played', () => {
    const s = opening(newGame());
    const black = send(s, tx('black', '2026-01-07', '1.e4 e5 2.Nf3 Nc6'));
    expect(kinds(black.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(black.state.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    // White, in the same habit, with the numbers as a list would have them.
    const white = send(black.state, tx('white', '2026-01-08', '1. e4 e5 2. Nf3 Nc6 3. Bb5'));
    expect(kinds(white.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(white.state.plies.at(-1)?.uci).toBe('f1b5');
    // The same score sent again before the answer came stands as it was (P-4a).
    const again = send(white.state, tx('white', '2026-01-09', '1.e4 e5 2.Nf3 Nc6 3.Bb5'));
    expect(kinds(again.effects)).toEqual(['transmission-repeated']);
  });

  it('P-2e: the last few moves before the repetition, numbered as the game has them, are set aside too', () => {
    const s = opening(newGame());
    // Black repeats his own 1...e5, then White's 2.Nf3, then plays.
    const r = send(s, tx('black', '2026-01-07', '1...e5 2.Nf3 Nc6'));
    expect(kinds(r.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(r.state.plies.at(-1)?.uci).toBe('b8c6');
    // A move among them that is not the game's is named, and nothing is played, with no penalty.
    const misnumbered = send(s, tx('black', '2026-01-07', '1...Nf6 2.Nf3 Nc6'));
    expect(rejection(misnumbered.effects)).toMatchObject({
      problem: { code: 'score-differs', written: 'Nf6', expected: '1...e5' },
      penaltyDays: 0,
    });
    expect(misnumbered.state.plies).toHaveLength(3);
  });

  it('P-2e: the move, then the game so far pasted under it — the pasted score is left aside', () => {
    const s = opening(newGame());
    for (const text of [
      '2.Nf3 Nc6 1.e4 e5 2.Nf3', // the game as it stood when the move was written
      '2.Nf3 Nc6 1.e4 e5 2.Nf3 Nc6', // the game with the move
      '1.e4 e5 2.Nf3 2.Nf3 Nc6', // the game first, then the transmission
    ]) {
      const r = send(s, tx('black', '2026-01-07', text));
      expect(kinds(r.effects), text).toEqual(['move-accepted', 'move-relayed']);
      expect(r.state.plies.at(-1)?.uci, text).toBe('b8c6');
    }
    // Two moves that disagree play neither: the mail is read as written and returned.
    const two = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6 1.e4 e5 2.Nf3 Nf6'));
    expect(kinds(two.effects)).toEqual(['transmission-rejected']);
    expect(two.state.plies).toHaveLength(3);
    // The game so far with no move of one's own is still no move (P-4d).
    const none = send(s, tx('black', '2026-01-07', '2.Nf3 1.e4 e5 2.Nf3'));
    expect(rejection(none.effects)).toMatchObject({ problem: { code: 'blank' } });
    // A number that slipped back is named as such (P-2a), not read as a second score.
    const slip = send(s, tx('black', '2026-01-07', '2.Nf3 1...Nc6'));
    expect(rejection(slip.effects)).toMatchObject({
      problem: { code: 'move', error: { reason: 'wrong-move-number' } },
    });
  });

  it('P-2e, P-4b: a score that differs from the game before the repetition is returned, naming the move; no penalty', () => {
    const s = opening(newGame());
    const r = send(s, tx('black', '2026-01-07', '1.d4 e5 2.Nf3 Nc6'));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'score-differs', written: 'd4', expected: '1.e4' },
      penaltyDays: 0,
      rules: ['P-2e', 'P-4b'],
    });
    expect(r.state.plies).toHaveLength(3);
    expect(r.state.penalties).toEqual([]);
    // A wrong last move in the score is a wrong repetition, with its penalty (P-6g).
    const wrong = send(s, tx('black', '2026-01-07', '1.e4 e5 2.Nc3 Nc6'));
    expect(rejection(wrong.effects)).toMatchObject({
      problem: { code: 'repetition-wrong', written: 'Nc3' },
      penaltyDays: 5,
    });
  });

  it('P-2e: a repetition in another notation that reads as the move played confirms it', () => {
    const s = opening(newGame());
    // A numeric player repeats White's move as the relay showed it beside the digits.
    const numeric = send(s, {
      ...tx('black', '2026-01-07', '2.Nf3 2...2836'),
      reading: { kind: 'numeric' },
    });
    expect(kinds(numeric.effects)).toEqual(['move-accepted', 'move-relayed']);
    // A Czech player (S is a bishop) copies the German "Sf3": no bishop can go there, a knight did.
    const czech = send(s, {
      ...tx('black', '2026-01-07', '2.Sf3 Jc6'),
      reading: { kind: 'algebraic', lang: 'cs' },
    });
    expect(kinds(czech.effects)).toEqual(['move-accepted', 'move-relayed']);
    // A reading in the player's own notation that is another legal move is still wrong (P-4b).
    const other = send(s, tx('black', '2026-01-07', '2.Nc3 Nc6'));
    expect(rejection(other.effects)).toMatchObject({ problem: { code: 'repetition-wrong' } });
    // A numeric player's own move in algebraic is legible (P-4c): one legal move, it stands.
    const own = send(s, {
      ...tx('black', '2026-01-07', '2.7163 Nc6'),
      reading: { kind: 'numeric' },
    });
    expect(kinds(own.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(own.state.plies.at(-1)?.uci).toBe('b8c6');
    // In the letters of the player's own language first: a Czech "S" is a bishop, a German a
    // knight, a Ukrainian "K" (typed in Latin) a knight.
    const czechNumeric = send(s, {
      ...tx('black', '2026-01-07', '2.7163 Sb4'),
      reading: { kind: 'numeric', lang: 'cs' },
    });
    expect(czechNumeric.state.plies.at(-1)?.uci).toBe('f8b4');
    const german = send(s, {
      ...tx('black', '2026-01-07', '2.7163 Se7'),
      reading: { kind: 'numeric', lang: 'de' },
    });
    expect(german.state.plies.at(-1)?.uci).toBe('g8e7');
    const ukrainian = send(s, {
      ...tx('black', '2026-01-07', '2.7163 Kf6'),
      reading: { kind: 'numeric', lang: 'uk' },
    });
    expect(ukrainian.state.plies.at(-1)?.uci).toBe('g8f6');
    // Impossible in the player's letters, it is their mistake, not another piece's move.
    const impossible = send(s, {
      ...tx('black', '2026-01-07', '2.7163 Sc6'),
      reading: { kind: 'numeric', lang: 'cs' },
    });
    expect(rejection(impossible.effects)).toMatchObject({ problem: { code: 'move' } });
  });

  it('P-2b, P-4a: an own move in another language’s piece letters, one legal move, is played and the player told', () => {
    const s = play(newGame(), [['white', '2026-01-02', '1.e4']]);
    const cs: Reading = { kind: 'algebraic', lang: 'cs' };
    // A Czech player (J knight, S bishop) writes his English opponent's "Nc6": N is no Czech
    // letter, and in the languages that have it the move is the knight's, once.
    const r = send(s, { ...tx('black', '2026-01-03', '1.e4 Nc6'), reading: cs });
    expect(kinds(r.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(r.state.plies.at(-1)?.uci).toBe('b8c6');
    expect(r.state.penalties).toEqual([]);
    const accepted = r.effects.find((e) => e.kind === 'move-accepted');
    expect(accepted?.kind === 'move-accepted' && accepted.warnings).toEqual([
      { code: 'other-letters', written: 'Nc6', ply: 1 },
    ]);
    expect(effectSummary(r.effects, s, r.state)).toContain('"Nc6" read in another language');
    // In his own letters he is told nothing of the kind.
    const own = send(s, { ...tx('black', '2026-01-03', '1.e4 Jc6'), reading: cs });
    const plain = own.effects.find((e) => e.kind === 'move-accepted');
    expect(plain?.kind === 'move-accepted' && plain.warnings).toEqual([]);
    // A letter of his own language is read in it alone: a Czech "Sc6" is a bishop that cannot
    // go there, his mistake (P-4c, P-6g), never another language's knight.
    const bishop = send(s, { ...tx('black', '2026-01-03', '1.e4 Sc6'), reading: cs });
    expect(rejection(bishop.effects)).toMatchObject({ problem: { code: 'move' }, penaltyDays: 5 });
    // A letter no language reads as one legal move stays illegible.
    const none = send(s, { ...tx('black', '2026-01-03', '1.e4 Xc6'), reading: cs });
    expect(rejection(none.effects)).toMatchObject({
      problem: { code: 'move', error: { reason: 'unknown-piece-letter' } },
    });
  });

  it('L-8.1: a draw mark copied with the repeated move is the opponent’s old offer, not a new one', () => {
    const s = play(newGame(), [
      ['white', '2026-01-02', '1.e4'],
      ['black', '2026-01-04', '1.e4 e5'],
      ['white', '2026-01-05', '1...e5 2.Nf3 (=)'],
    ]);
    expect(s.drawOffer).toMatchObject({ by: 'white' });
    // Black copies White's move as the relay showed it, mark and all, and plays on.
    const copied = send(s, tx('black', '2026-01-07', '2.Nf3 (=) Nc6'));
    const relay = copied.effects.find((e) => e.kind === 'move-relayed');
    expect(relay).toMatchObject({ drawOffer: false });
    expect(copied.state.drawOffer).toBeUndefined();
    // The mark after his own move offers.
    const offered = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6 (=)'));
    expect(offered.effects.find((e) => e.kind === 'move-relayed')).toMatchObject({
      drawOffer: true,
    });
  });

  it('P-4d: a move without the repetition counts as an impossible move', () => {
    const s = opening(newGame());
    const r = send(s, tx('black', '2026-01-07', '2...Nc6'));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'repetition-missing', expected: ['2.Nf3'] },
      penaltyDays: 5,
    });
    const unnumbered = send(s, tx('black', '2026-01-07', 'Nc6'));
    expect(rejection(unnumbered.effects)).toMatchObject({
      problem: { code: 'repetition-missing' },
    });
  });

  it('P-4d: a blank transmission counts as an impossible move', () => {
    const r = send(opening(newGame()), tx('black', '2026-01-07', ''));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'blank' },
      penaltyDays: 5,
      rules: ['P-4d', 'P-6g'],
    });
  });

  it('P-4d, L-9.1.2.1: a draw offer alone is no move, and the answer says an offer goes with one', () => {
    const r = send(opening(newGame()), tx('black', '2026-01-07', '', { drawOffer: true }));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'blank', drawOffer: true },
      penaltyDays: 5,
      rules: ['P-4d', 'L-9.1.2.1', 'P-6g'],
    });
  });

  it('P-4e: check, capture and e.p. marks in the repetition do not matter', () => {
    let s = play(newGame(), [
      ['white', '2026-01-02', '1.e4'],
      ['black', '2026-01-03', '1.e4 d5'],
      ['white', '2026-01-04', '1...d5 2.e5'],
      ['black', '2026-01-05', '2.e5 f5'],
      ['white', '2026-01-06', '2...f5 3.exf6'],
    ]);
    s = play(s, [['black', '2026-01-07', '3.ef6 e.p.+ Nxf6']]);
    expect(s.plies).toHaveLength(6);
  });

  it('P-2e: the repetition may be in numeric whatever notation the player uses', () => {
    const s = play(opening(newGame()), [['black', '2026-01-07', '2.7163 Nc6']]);
    expect(s.plies).toHaveLength(4);
  });

  it('P-4c, P-6g: illegible, impossible and ambiguous moves are returned with the move number and side', () => {
    const s = opening(newGame());
    for (const [text, kind] of [
      ['2.Nf3 Zz9', 'ILLEGIBLE'],
      ['2.Nf3 Ke6', 'IMPOSSIBLE'],
      ['2.Nf3 Nxe4', 'IMPOSSIBLE'],
    ] as const) {
      const r = send(s, tx('black', '2026-01-07', text));
      expect(rejection(r.effects), text).toMatchObject({
        problem: { code: 'move', error: { kind, moveNumber: 2, side: 'black' } },
        penaltyDays: 5,
        rules: ['P-4c', 'P-6g'],
      });
      expect(r.state.plies).toHaveLength(3);
    }
    const amb = play(newGame(), [
      ['white', '2026-01-02', '1.Nc3'],
      ['black', '2026-01-03', '1.Nc3 a6'],
      ['white', '2026-01-04', '1...a6 2.Nf3'],
      ['black', '2026-01-05', '2.Nf3 a5'],
      ['white', '2026-01-06', '2...a5 3.Nb5'],
      ['black', '2026-01-07', '3.Nb5 a4'],
    ]);
    const r = send(amb, tx('white', '2026-01-08', '3...a4 4.Nd4'));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'move', error: { kind: 'AMBIGUOUS', candidates: ['Nbd4', 'Nfd4'] } },
    });
  });

  it('P-2a: a move numbered wrongly is returned', () => {
    const r = send(opening(newGame()), tx('black', '2026-01-07', '2.Nf3 3...Nc6'));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'move', error: { reason: 'wrong-move-number' } },
    });
  });

  it('P-4a: a legal move stands once sent — a second move for the same turn is refused', () => {
    const s = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6']]);
    const r = send(s, tx('black', '2026-01-08', '2.Nf3 Nf6'));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'not-your-turn' },
      penaltyDays: 0,
    });
    expect(r.state.plies[3]?.uci).toBe('b8c6');
  });

  it('P-4a: the same transmission sent again stands as it was: the sender is told, nothing is played or counted', () => {
    const s = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6']]);
    const r = send(s, tx('black', '2026-01-09', '2.Nf3 Nc6'));
    expect(r.effects).toEqual([
      { kind: 'transmission-repeated', to: ['black'], ply: 3, rules: ['P-4a'] },
    ]);
    expect(r.state.events).toHaveLength(s.events.length);
    // Written in another notation, it is still the same transmission.
    const numeric = send(s, {
      ...tx('black', '2026-01-09', '2.7163 2836'),
      reading: { kind: 'numeric' },
    });
    expect(numeric.effects.map((e) => e.kind)).toEqual(['transmission-repeated']);
    // The first move of the game, sent twice by White.
    const first = play(newGame(), [['white', '2026-01-02', '1.e4']]);
    expect(send(first, tx('white', '2026-01-03', '1.e4')).effects[0]?.kind).toBe(
      'transmission-repeated',
    );
  });

  it('P-6g: the penalty counts in the clock', () => {
    const s = opening(newGame());
    const penalised = send(s, tx('black', '2026-01-07', '2.Nc3 Nc6')).state;
    const after = play(penalised, [['black', '2026-01-08', '2.Nf3 Nc6']]);
    const clock = gameClock(after, RULES, 'black');
    if (!clock.ok) throw new Error(clock.error.code);
    // Black's 2nd move: delivered 2026-01-05, sent 2026-01-08 = 3 days, plus 5 penalty; 1st move took 3.
    expect(clock.value.rows.map((r) => [r.move, r.usedDays, r.penaltyDays, r.totalDays])).toEqual([
      [1, 2, 0, 2],
      [2, 3, 5, 10],
    ]);
  });

  it('P-2i, P-2j: missing dates are filled from the record, a wrong reply date is corrected; the player is told', () => {
    const s = opening(newGame());
    const missing = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6'));
    expect(missing.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
      corrections: [
        { field: 'received', recorded: '2026-01-05', rule: 'P-2i' },
        { field: 'sent', recorded: '2026-01-07', rule: 'P-2i' },
      ],
    });
    const wrong = send(
      s,
      tx('black', '2026-01-07', '2.Nf3 Nc6', {
        statedReceivedOn: '2026-01-05',
        statedSentOn: '2026-01-06',
      }),
    );
    expect(wrong.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
      corrections: [{ field: 'sent', stated: '2026-01-06', recorded: '2026-01-07', rule: 'P-2j' }],
    });
    expect(wrong.state.plies[3]).toMatchObject({ sentOn: '2026-01-07' });
  });
  it('P-2f..j: a reply dated before the move it answers was delivered cannot be right; the answer names the delivery day', () => {
    const s = opening(newGame());
    // Was: told only that the date stated differs, as for any slip of a day.
    const early = send(
      s,
      tx('black', '2026-01-07', '2.Nf3 Nc6', {
        statedReceivedOn: '2026-01-05',
        statedSentOn: '2026-01-03',
      }),
    );
    expect(early.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
      corrections: [
        {
          field: 'sent',
          stated: '2026-01-03',
          recorded: '2026-01-07',
          rule: 'P-2j',
          beforeDelivery: '2026-01-05',
        },
      ],
    });
    expect(early.state.plies[3]).toMatchObject({ sentOn: '2026-01-07' });
  });

  it('P-2j: a reply dated the day the move was sent, under next-day delivery, is a slip, not impossible', () => {
    const rules = defaultEventRules({ delivery: 'next-day' });
    const s = play(newGame(), [['white', '2026-01-02', '1.e4']], rules);
    // Black, hours behind the event's zone, replied the evening the move came; his mail
    // arrived after midnight there: the record has 3 January, and 2 January may well be true.
    const d = send(s, tx('black', '2026-01-03', '1.e4 e5', { statedSentOn: '2026-01-02' }), rules);
    const accepted = d.effects.find((e) => e.kind === 'move-accepted');
    expect(accepted).toMatchObject({
      corrections: expect.arrayContaining([
        expect.objectContaining({ field: 'sent', stated: '2026-01-02', rule: 'P-2j' }),
      ]),
    });
    expect(JSON.stringify(accepted)).not.toContain('beforeDelivery');
  });

  it('P-6d: delivery the next day by the ICCF email custom', () => {
    const rules = defaultEventRules({ delivery: 'next-day' });
    const s = play(newGame(), [['white', '2026-01-02', '1.e4']], rules);
    expect(s.plies[0]).toMatchObject({ sentOn: '2026-01-02', deliveredOn: '2026-01-03' });
  });

  it('P-6d: a reply sent the day the move came, before its next-day delivery, took no time and the clock still runs', () => {
    const rules = defaultEventRules({ delivery: 'next-day' });
    const s = play(
      newGame(),
      [
        ['white', '2026-01-01', '1.Nf3'],
        ['black', '2026-01-01', '1.Nf3 Nf6'],
        ['white', '2026-01-03', '1...Nf6 2.g3'],
      ],
      rules,
    );
    const clock = gameClock(s, rules, 'black', '2026-03-15');
    if (!clock.ok) throw new Error(clock.error.code);
    expect(clock.value.rows[0]).toMatchObject({ move: 1, usedDays: 0 });
    // 2.g3 was delivered on 01-04: by 03-15 Black is far over 30 days for move 10 (P-6a).
    expect(clock.value.live).toMatchObject({ move: 2, deliveredOn: '2026-01-04', exceeded: true });
  });
});

describe('leave whose dates cannot be read (P-8b)', () => {
  it('P-8b: the player is asked for the two dates; no penalty, no leave, the move stands', () => {
    const s = opening(newGame());
    const alone = send(
      s,
      tx('black', '2026-01-07', '', { leaveUnread: 'Urlaub vom 32.12. bis 3.1.' }),
    );
    expect(alone.events).toEqual([]);
    expect(rejection(alone.effects)).toMatchObject({
      problem: { code: 'leave-unread', words: 'Urlaub vom 32.12. bis 3.1.' },
      penaltyDays: 0,
      rules: ['P-8b'],
    });
    const withMove = send(
      s,
      tx('black', '2026-01-07', '2.Nf3 Nc6', { leaveUnread: 'holiday soon' }),
    );
    expect(withMove.state.plies).toHaveLength(4);
    expect(withMove.state.leaves).toEqual([]);
    expect(rejection(withMove.effects)).toMatchObject({ problem: { code: 'leave-unread' } });
  });
});

describe('postal cards entered by the TD (P-2f..h, P-6d)', () => {
  // White's card of 2 January was entered as received on the 6th; Black's card says the 3rd.
  const entered = send(
    newGame(),
    tx('white', '2026-01-02', '1.e4', { deliveredOn: '2026-01-06' }),
  ).state;
  const card = (stated: CalendarDate, extra: Extra = {}) =>
    send(
      entered,
      tx('black', '2026-01-07', '1.e4 e5', {
        postal: true,
        deliveredOn: '2026-01-09',
        statedReceivedOn: stated,
        ...extra,
      }),
    );

  it('P-2f..h, P-6d: the received date a card states is when the move it answers arrived', () => {
    const r = card('2026-01-03');
    expect(r.events[0]).toEqual({
      type: 'delivery-corrected',
      on: '2026-01-07',
      ply: 0,
      deliveredOn: '2026-01-03',
    });
    expect(r.state.plies[0]?.deliveredOn).toBe('2026-01-03');
    // Black is charged from the 3rd (4 days); the received date needs no correction.
    const c = gameClock(r.state, RULES, 'black');
    expect(c.ok && c.value.rows[0]).toMatchObject({ deliveredOn: '2026-01-03', reflectionDays: 4 });
    const accepted = r.effects.find((e) => e.kind === 'move-accepted');
    // (Only the sent date, which the card does not state, P-2i.)
    expect(accepted?.kind === 'move-accepted' && accepted.corrections.map((x) => x.field)).toEqual([
      'sent',
    ]);
  });

  it.each([
    ['before White posted the card', '2026-01-01'],
    ['after Black posted his', '2026-01-08'],
  ] as const)(
    'P-2i: a stated date that cannot be true (%s) leaves the date entered',
    (_, stated) => {
      const r = card(stated);
      expect(r.events.map((e) => e.type)).toEqual(['move']);
      expect(r.state.plies[0]?.deliveredOn).toBe('2026-01-06');
    },
  );

  it('P-2f..h: a card whose stated reply date precedes its stated received date leaves the date entered', () => {
    // "Received 5 January, sent 4 January": one of the two is a slip, so neither proves when
    // White's card arrived; the postmark still dates the reply (P-2j).
    const r = card('2026-01-05', { statedSentOn: '2026-01-04' });
    expect(r.events.map((e) => e.type)).toEqual(['move']);
    expect(r.state.plies[0]?.deliveredOn).toBe('2026-01-06');
    const accepted = r.effects.find((e) => e.kind === 'move-accepted');
    expect(accepted?.kind === 'move-accepted' && accepted.corrections).toEqual([
      { field: 'received', stated: '2026-01-05', recorded: '2026-01-06', rule: 'P-6d' },
      {
        field: 'sent',
        stated: '2026-01-04',
        recorded: '2026-01-07',
        rule: 'P-2j',
        beforeDelivery: '2026-01-06',
      },
    ]);
  });

  it('P-2i: mail is not a postal card: the stated date does not move the delivery', () => {
    const r = card('2026-01-03', { postal: false });
    expect(r.state.plies[0]?.deliveredOn).toBe('2026-01-06');
  });

  it.each([
    ['the date the card states, when it can be true', '2026-01-08', '2026-01-08'],
    [
      'the received day less the transit, for a stated date after the card came',
      '2026-01-12',
      '2026-01-08',
    ],
    [
      'the received day less the transit, for a stated date before the move it answers came',
      '2026-01-05',
      '2026-01-08',
    ],
    ['the received day less the transit, for no stated date', undefined, '2026-01-08'],
  ] as const)(
    'P-2i: a card with no readable postmark is recorded as sent on %s',
    (_, stated, want) => {
      // White's move reached Black on the 6th; Black's card came on the 11th; transit 3 days.
      expect(postmarklessSentOn('2026-01-11', stated, '2026-01-06', 3)).toBe(want);
    },
  );

  it('P-2i, P-6d: a card with no readable postmark is never recorded as sent before the move it answers came', () => {
    expect(postmarklessSentOn('2026-01-07', undefined, '2026-01-06', 3)).toBe('2026-01-06');
  });

  it('P-2i: the sender is told the date recorded for a card with no readable postmark, also the one it states', () => {
    const r = send(
      entered,
      tx('black', '2026-01-08', '1.e4 e5', {
        postal: true,
        postmarkMissing: true,
        deliveredOn: '2026-01-11',
        statedSentOn: '2026-01-08',
      }),
    );
    const accepted = r.effects.find((e) => e.kind === 'move-accepted');
    expect(accepted?.kind === 'move-accepted' && accepted.corrections.at(-1)).toEqual({
      field: 'sent',
      stated: '2026-01-08',
      recorded: '2026-01-08',
      rule: 'P-2i',
      noPostmark: true,
    });
  });
});

describe('conditional lines (P-4f..h, P-6f)', () => {
  const withLine = (visibility: 'shown' | 'hidden') => {
    const rules = defaultEventRules({ conditionalVisibility: visibility });
    const s = opening(newGame());
    const r = send(
      s,
      tx('black', '2026-01-07', '2.Nf3 Nc6', { conditional: '3.Bb5 a6 4.Ba4 Nf6' }),
      rules,
    );
    return { rules, ...r };
  };

  it('P-4f: the sender is shown the line as recorded, whatever the opponent is shown', () => {
    for (const visibility of ['shown', 'hidden'] as const)
      expect(withLine(visibility).effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
        conditionalLine: ['f1b5', 'a7a6', 'b5a4', 'g8f6'],
      });
  });

  it('P-4f: the line is shown to the opponent by postal custom, hidden by server custom', () => {
    expect(withLine('shown').effects.find((e) => e.kind === 'move-relayed')).toMatchObject({
      conditionalLine: ['f1b5', 'a7a6', 'b5a4', 'g8f6'],
    });
    expect(withLine('hidden').effects.find((e) => e.kind === 'move-relayed')).not.toHaveProperty(
      'conditionalLine',
    );
  });

  it('P-4f, P-6f: when the opponent plays the expected move, the answer is played at once at zero reflection', () => {
    const { state, rules } = withLine('shown');
    const r = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bb5'), rules);
    expect(r.state.plies.slice(4).map((p) => [p.uci, p.conditional])).toEqual([
      ['f1b5', false],
      ['a7a6', true],
    ]);
    const accepted = r.effects.find((e) => e.kind === 'move-accepted');
    expect(accepted).toMatchObject({ plies: [4, 5] });
    const clock = gameClock(r.state, rules, 'black');
    if (!clock.ok) throw new Error(clock.error.code);
    expect(clock.value.rows[2]).toMatchObject({ move: 3, conditional: true, usedDays: 0 });
  });

  it('P-4g: the reply must repeat every accepted move of the line', () => {
    const { state, rules } = withLine('shown');
    const s = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bb5'), rules).state;
    const short = send(s, tx('white', '2026-01-21', '3...a6 4.Ba4'), rules);
    expect(short.state.plies).toHaveLength(8);
    expect(short.state.plies[7]?.uci).toBe('g8f6');
  });

  it('P-4h: deviating from an accepted line counts as an impossible move', () => {
    const rules = defaultEventRules();
    let s = opening(newGame());
    s = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6', { conditional: '3.Bb5 a6' }), rules).state;
    s = send(s, tx('white', '2026-01-20', '2...Nc6 3.Bb5'), rules).state; // a6 played from the line
    s = send(s, tx('white', '2026-01-21', '3...a6 4.Ba4'), rules).state;
    // Black may write the score from 3.Bb5 on, its own a6 included — writing 3...Nf6 deviates.
    const r = send(s, tx('black', '2026-01-22', '3.Bb5 Nf6 4.Ba4 Nf6'), rules);
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'line-deviation', expected: '3...a6', written: 'Nf6' },
      rules: ['P-4h', 'P-4g', 'P-6g'],
      penaltyDays: 5,
    });
    const ok = send(s, tx('black', '2026-01-22', '3.Bb5 a6 4.Ba4 Nf6'), rules);
    expect(rejection(ok.effects)).toBeUndefined();
  });

  it('P-2e, P-4g: the proposer repeats the opponent’s last move only, as the relay asks', () => {
    const rules = defaultEventRules();
    let s = opening(newGame());
    s = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6', { conditional: '3.Bb5 a6' }), rules).state;
    s = send(s, tx('white', '2026-01-20', '2...Nc6 3.Bb5'), rules).state; // a6 played from the line
    s = send(s, tx('white', '2026-01-21', '3...a6 4.Ba4'), rules).state;
    const r = send(s, tx('black', '2026-01-22', '4.Ba4 Nf6'), rules);
    expect(rejection(r.effects)).toBeUndefined();
    expect(r.state.plies.at(-1)?.uci).toBe('g8f6');
  });

  it('L-9.1.2.1, P-4f: an offer made with the move a line answers stands for the proposer to accept', () => {
    const rules = defaultEventRules();
    let s = opening(newGame());
    s = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6', { conditional: '3.Bb5 a6' }), rules).state;
    const offered = send(s, tx('white', '2026-01-20', '2...Nc6 3.Bb5 (=)'), rules);
    expect(offered.state.plies.at(-1)).toMatchObject({ uci: 'a7a6', conditional: true });
    expect(offered.state.drawOffer).toEqual({ by: 'white', ply: 5 });
    const accepted = send(
      offered.state,
      tx('black', '2026-01-21', '', { acceptDraw: true }),
      rules,
    );
    expect(accepted.state.result).toMatchObject({ result: '1/2-1/2', kind: 'draw-agreed' });
  });

  it('P-4f: both lines played into each other: the opponent is shown only what is left', () => {
    const { state, rules } = withLine('shown');
    const r = send(
      state,
      tx('white', '2026-01-20', '2...Nc6 3.Bb5', {
        conditional: '3...a6 4.Ba4 Nf6 5.O-O Be7 6.Re1',
      }),
      rules,
    );
    expect(r.state.plies.slice(4).map((p) => p.uci)).toEqual([
      'f1b5',
      'a7a6',
      'b5a4',
      'g8f6',
      'e1h1', // castling, as chessops writes it
    ]);
    expect(r.effects.find((e) => e.kind === 'move-relayed')).toMatchObject({
      conditionalLine: ['f8e7', 'f1e1'],
    });
  });

  it('P-4f, P-4g: the accepted part of the opponent’s line, repeated, then a move of one’s own, is played', () => {
    // Black's line: if 3.Bb5 then 3...a6, if 4.Ba4 then 4...Nf6. White accepts up to 3...a6
    // and plays 4.Bxc6, written the ICCF way. Was: "more moves after your move" (P-4f).
    const { state, rules } = withLine('shown');
    const r = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bb5 a6 4.Bxc6'), rules);
    expect(rejection(r.effects)).toBeUndefined();
    expect(r.state.plies.slice(4).map((p) => [p.uci, p.side, p.conditional])).toEqual([
      ['f1b5', 'white', false],
      ['a7a6', 'black', true],
      ['b5c6', 'white', false],
    ]);
    expect(r.state.lines.black).toBeUndefined();
    expect(r.state.pos.turn).toBe('black');
    expect(r.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({ plies: [4, 5, 6] });
    expect(r.effects.find((e) => e.kind === 'move-relayed')).toMatchObject({
      to: ['black'],
      plies: [4, 5, 6],
    });
    // The moves sent with the line take no reflection of their own (P-6f).
    const clock = gameClock(r.state, rules, 'white');
    if (!clock.ok) throw new Error(clock.error.code);
    expect(clock.value.rows.slice(2).map((row) => [row.move, row.usedDays])).toEqual([
      [3, 13],
      [4, 0],
    ]);
    // Black repeats 4.Bxc6, the move after the line (P-2e).
    const answered = send(r.state, tx('black', '2026-01-22', '4.Bxc6 dxc6'), rules);
    expect(rejection(answered.effects)).toBeUndefined();
    // The same mail again before Black answers is the transmission already played (P-4a).
    const again = send(r.state, tx('white', '2026-01-21', '2...Nc6 3.Bb5 a6 4.Bxc6'), rules);
    expect(again.effects).toMatchObject([{ kind: 'transmission-repeated' }]);
    expect(again.events).toEqual([]);
  });

  it('P-4f: the accepted line up to its next move: the line answers it at once', () => {
    const { state, rules } = withLine('shown');
    const r = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bb5 a6 4.Ba4'), rules);
    expect(rejection(r.effects)).toBeUndefined();
    expect(r.state.plies.slice(4).map((p) => p.uci)).toEqual(['f1b5', 'a7a6', 'b5a4', 'g8f6']);
    expect(r.state.pos.turn).toBe('white');
  });

  it('P-4f, P-4c: moves that do not follow the opponent’s line are not played; an impossible own move after it is returned', () => {
    const { state, rules } = withLine('shown');
    // 3...Nf6 is not the line's answer: the moves are more than one, as before.
    const other = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bb5 Nf6 4.Ba4'), rules);
    expect(rejection(other.effects)).toMatchObject({ problem: { code: 'extra-moves' } });
    expect(other.events).toEqual([]);
    // 4.Bxc7 cannot be played after the line's 3...a6: an impossible move (P-4c, P-6g).
    const impossible = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bb5 a6 4.Bxc7'), rules);
    expect(rejection(impossible.effects)).toMatchObject({
      problem: { code: 'move', error: { text: 'Bxc7' } },
      penaltyDays: 5,
    });
    expect(impossible.events.filter((e) => e.type === 'move')).toEqual([]);
  });

  it('P-4f: a different reply ends the line', () => {
    const { state, rules } = withLine('shown');
    const r = send(state, tx('white', '2026-01-20', '2...Nc6 3.Bc4'), rules);
    expect(r.state.plies).toHaveLength(5);
    expect(r.state.lines.black).toBeUndefined();
  });

  it('P-4f: an impossible line is refused but the move stands', () => {
    const s = opening(newGame());
    const r = send(s, tx('black', '2026-01-07', '2.Nf3 Nc6', { conditional: '3.Bb5 Ke4' }));
    expect(r.state.plies).toHaveLength(4);
    expect(r.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
      warnings: [{ code: 'conditional-refused' }],
    });
  });
});

describe('draw offers, claims, ends (L-5, L-9)', () => {
  it('L-9.1.2.1: an offer goes with a move and the opponent may accept it; L-5.2.3', () => {
    const s = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6 (=)']]);
    expect(s.drawOffer).toEqual({ by: 'black', ply: 4 });
    const r = send(s, tx('white', '2026-01-08', '', { acceptDraw: true }));
    expect(r.state.result).toMatchObject({
      result: '1/2-1/2',
      kind: 'draw-agreed',
      rule: 'L-5.2.3',
    });
    expect(r.effects.find((e) => e.kind === 'game-ended')).toMatchObject({
      to: ['white', 'black', 'td'],
      withPgn: true,
    });
  });

  it('L-5.2.3, L-9.1.2.1: the words with an acceptance go to the opponent only when an offer of theirs stands', () => {
    const offered = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6 (=)']]);
    const thanks = { acceptDraw: true, withAcceptance: 'Thanks for the game!' };
    const agreed = send(offered, tx('white', '2026-01-08', '', thanks));
    // …in the result's mail (one mail, not a note beside it).
    expect(agreed.effects.map((e) => e.kind)).not.toContain('note-relayed');
    expect(agreed.effects.find((e) => e.kind === 'game-ended')).toMatchObject({
      words: { from: 'white', note: 'Thanks for the game!' },
    });
    // White's own offer stands, not Black's: nothing agreed, nothing relayed, White told so.
    const own = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6']]);
    const mine = play(own, [['white', '2026-01-08', '2...Nc6 3.Bb5 (=)']]);
    const r = send(mine, tx('white', '2026-01-09', '', thanks));
    expect(r.state.result).toBeUndefined();
    expect(r.effects).toEqual([
      {
        kind: 'transmission-rejected',
        to: ['white'],
        problem: { code: 'no-draw-offer', words: 'Thanks for the game!', ownOffer: true },
        penaltyDays: 0,
        rules: ['L-5.2.3', 'L-9.1.2.1'],
      },
    ]);
    // With a move and no offer at all: the move is played, the answer says no draw was agreed.
    const moved = send(own, tx('white', '2026-01-09', '2...Nc6 3.Bb5', thanks));
    expect(moved.state.plies).toHaveLength(5);
    expect(moved.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
      warnings: [{ code: 'no-draw-offer', words: 'Thanks for the game!', withMove: true }],
    });
    expect(moved.effects.find((e) => e.kind === 'move-relayed')).not.toHaveProperty('note');
  });

  it('L-5.2.3, L-9.1.2.1: a refused move that came with a draw accepted when no offer stood says no draw was agreed too', () => {
    const own = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6']]);
    const thanks = { acceptDraw: true, withAcceptance: 'Thanks for the game!' };
    const notice = { code: 'no-draw-offer', words: 'Thanks for the game!' };
    // A wrong repetition (P-2e): was the refusal alone, the player left to think it drawn.
    const wrong = send(own, tx('white', '2026-01-09', '2...Nf6 3.Bb5', thanks));
    expect(wrong.state.result).toBeUndefined();
    expect(wrong.effects).toEqual([
      expect.objectContaining({
        kind: 'transmission-rejected',
        problem: expect.objectContaining({ code: 'repetition-wrong' }),
        also: [notice],
      }),
    ]);
    // Out of turn (P-4a): Black has moved, White's answer is awaited.
    const outOfTurn = send(own, tx('black', '2026-01-09', '3.Bb5 a6', thanks));
    expect(outOfTurn.effects).toEqual([
      expect.objectContaining({
        kind: 'transmission-rejected',
        problem: { code: 'not-your-turn' },
        also: [notice],
      }),
    ]);
    // An acceptance of an offer that stands ends the game, whatever the move.
    const offered = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6 (=)']]);
    const agreed = send(offered, tx('white', '2026-01-08', '2...Nf6 3.Bb5', thanks));
    expect(agreed.state.result?.result).toBe('1/2-1/2');
    expect(agreed.effects.some((e) => e.kind === 'transmission-rejected')).toBe(false);
  });

  it('L-9.1.2.1: a reply move without accepting declines the offer', () => {
    const s = play(opening(newGame()), [['black', '2026-01-07', '2.Nf3 Nc6 (=)']]);
    const r = send(s, tx('white', '2026-01-08', '2...Nc6 3.Bb5'));
    expect(r.state.drawOffer).toBeUndefined();
    expect(r.effects.find((e) => e.kind === 'draw-declined')).toMatchObject({
      to: ['black'],
      by: 'white',
    });
  });

  it('L-9.1.1: an offer before the allowed move is void; the move stands', () => {
    const rules = defaultEventRules({ drawOffersFromMove: 20 });
    const r = send(opening(newGame()), tx('black', '2026-01-07', '2.Nf3 Nc6 (=)'), rules);
    expect(r.state.drawOffer).toBeUndefined();
    expect(r.state.plies).toHaveLength(4);
    expect(r.effects.find((e) => e.kind === 'move-accepted')).toMatchObject({
      warnings: [{ code: 'draw-offer-too-early', fromMove: 20 }],
    });
  });

  it('L-13.3: draw offers are counted for the TD', () => {
    const s = play(opening(newGame()), [
      ['black', '2026-01-07', '2.Nf3 Nc6 (=)'],
      ['white', '2026-01-08', '2...Nc6 3.Bb5'],
      ['black', '2026-01-09', '3.Bb5 a6 (=)'],
    ]);
    expect(s.drawOffers).toEqual({ white: 0, black: 2 });
  });

  const shuffle = (s: GameState) =>
    play(s, [
      ['white', '2026-01-02', '1.Nf3'],
      ['black', '2026-01-03', '1.Nf3 Nf6'],
      ['white', '2026-01-04', '1...Nf6 2.Ng1'],
      ['black', '2026-01-05', '2.Ng1 Ng8'],
      ['white', '2026-01-06', '2...Ng8 3.Nf3'],
      ['black', '2026-01-07', '3.Nf3 Nf6'],
      ['white', '2026-01-08', '3...Nf6 4.Ng1'],
    ]);

  it('L-9.2: a right threefold claim with the declared move draws', () => {
    const r = send(
      shuffle(newGame()),
      tx('black', '2026-01-09', '4.Ng1 Ng8', { claim: { kind: 'threefold' } }),
    );
    expect(r.state.result).toMatchObject({
      result: '1/2-1/2',
      kind: 'threefold-repetition',
      rule: 'L-9.2',
      detail: 'the position after the declared move has occurred 3 times',
      detailKey: { code: 'threefold-declared', params: { count: 3 } },
    });
    expect(r.effects.find((e) => e.kind === 'claim-verdict')).toMatchObject({
      valid: true,
      detailKey: { code: 'threefold-declared', params: { count: 3 } },
    });
    expect(r.effects.find((e) => e.kind === 'game-ended')).toMatchObject({
      detailKey: { code: 'threefold-declared', params: { count: 3 } },
    });
  });

  it('L-9.4: a wrong claim lets play go on; the declared move is played and counts as a draw offer', () => {
    const r = send(
      shuffle(newGame()),
      tx('black', '2026-01-09', '4.Ng1 Nc6', { claim: { kind: 'threefold' } }),
    );
    expect(r.state.result).toBeUndefined();
    expect(r.state.plies[7]).toMatchObject({ uci: 'b8c6', drawOffer: true });
    expect(r.effects.find((e) => e.kind === 'claim-verdict')).toMatchObject({
      valid: false,
      rules: ['L-9.2', 'L-9.4', 'L-9.1.2.2'],
    });
  });

  it('L-5.1.3: a tablebase claim with 7 or fewer pieces goes to the TD with the FEN', () => {
    const created: GameEvent = {
      type: 'created',
      on: '2026-01-01',
      start: { kind: 'fen', fen: '8/8/8/4k3/8/8/4KQ2/8 w - - 0 60' },
      white: 'w',
      black: 'b',
      clockStartsOn: '2026-01-01',
    };
    const r = send(
      foldGame([created]),
      tx('white', '2026-01-02', '', { claim: { kind: 'tablebase', outcome: 'win' } }),
    );
    expect(r.effects.find((e) => e.kind === 'tablebase-claim')).toMatchObject({
      to: ['td', 'black'],
      outcome: 'win',
      fen: '8/8/8/4k3/8/8/4KQ2/8 w - - 0 60',
    });
    expect(r.state.claims[0]).toMatchObject({
      kind: 'tablebase',
      detail: 'win',
      detailKey: { code: 'tablebase-claim', params: { outcome: 'win' } },
    });
  });

  it('L-5.1.1: checkmate ends the game at once', () => {
    const s = play(newGame(), [
      ['white', '2026-01-02', '1.f3'],
      ['black', '2026-01-03', '1.f3 e5'],
      ['white', '2026-01-04', '1...e5 2.g4'],
    ]);
    const r = send(s, tx('black', '2026-01-05', '2.g4 Qh4#'));
    expect(r.state.result).toMatchObject({ result: '0-1', kind: 'checkmate', rule: 'L-5.1.1' });
    const after = send(r.state, tx('white', '2026-01-06', '2...Qh4 3.Nc3'));
    expect(rejection(after.effects)).toMatchObject({
      problem: { code: 'game-over' },
      penaltyDays: 0,
    });
  });

  it('L-5.1.2: resignation ends the game at once, whoever is to move', () => {
    const r = send(opening(newGame()), tx('white', '2026-01-06', '', { resign: true }));
    expect(r.state.result).toMatchObject({ result: '0-1', kind: 'resignation', rule: 'L-5.1.2' });
  });
});

describe('leave (P-8a, P-8b, L-10.1)', () => {
  it('P-8a, P-8b: leave announced in advance is recorded, confirmed to the player with the days left, and announced to the opponent and the TD', () => {
    const r = send(
      opening(newGame()),
      tx('black', '2026-01-07', '2.Nf3 Nc6', { leave: { from: '2026-02-01', to: '2026-02-10' } }),
    );
    expect(r.state.leaves).toMatchObject([{ side: 'black', from: '2026-02-01', to: '2026-02-10' }]);
    expect(r.effects.find((e) => e.kind === 'leave-announced')).toMatchObject({
      to: ['black', 'white', 'td'],
      left: [{ year: 2026, days: 20 }],
    });
    expect(r.state.plies).toHaveLength(4);
  });
  it('P-8a: leave already recorded, mentioned again with a move, stands and nothing is refused', () => {
    const booked = send(
      opening(newGame()),
      tx('black', '2026-01-07', '2.Nf3 Nc6', { leave: { from: '2026-02-01', to: '2026-02-10' } }),
    ).state;
    const answered = send(booked, tx('white', '2026-01-08', '2...Nc6 3.Bb5')).state;
    // "From 1 Feb I am on leave, as announced" — again in the next mail, and once it has begun.
    for (const on of ['2026-01-09', '2026-02-03'] as const) {
      const r = send(
        answered,
        tx('black', on, '3.Bb5 a6', { leave: { from: '2026-02-01', to: '2026-02-10' } }),
      );
      expect(kinds(r.effects)).toEqual(['move-accepted', 'move-relayed']);
      expect(r.state.leaves).toHaveLength(1);
    }
  });
  it('P-8b, P-8c: leave that had begun by the day of the mail is asked of the TD; the days ahead are recorded at once', () => {
    // "Leave from 6 to 10 January", sent on the 6th: the 6th had begun, the 7th to 10th are ahead.
    const r = send(
      opening(newGame()),
      tx('white', '2026-01-06', '', { leave: { from: '2026-01-06', to: '2026-01-10' } }),
    );
    expect(r.state.leaves).toMatchObject([
      { side: 'white', from: '2026-01-07', to: '2026-01-10', granted: false },
    ]);
    expect(r.effects.find((e) => e.kind === 'leave-announced')).toMatchObject({
      to: ['white', 'black', 'td'],
      from: '2026-01-07',
      until: '2026-01-10',
      tdAsked: { from: '2026-01-06', to: '2026-01-06' },
    });
    expect(r.effects.find((e) => e.kind === 'leave-requested')).toMatchObject({
      to: ['td'],
      side: 'white',
      from: '2026-01-06',
      until: '2026-01-06',
      asked: { from: '2026-01-06', to: '2026-01-10' },
      sentOn: '2026-01-06',
      recorded: { from: '2026-01-07', to: '2026-01-10' },
    });
    expect(rejection(r.effects)).toBeUndefined();
    // The same leave sent again: the days ahead stand, the TD is asked again for the rest.
    const again = send(
      r.state,
      tx('white', '2026-01-06', '', { leave: { from: '2026-01-06', to: '2026-01-10' } }),
    );
    expect(again.state.leaves).toHaveLength(1);
    expect(rejection(again.effects)).toMatchObject({
      problem: { code: 'leave-not-in-advance', tdAsked: { from: '2026-01-06', to: '2026-01-06' } },
    });
  });
  it('P-8b, P-8c: leave that is over or ends today is not recorded; the TD is asked, the player told so', () => {
    const r = send(
      opening(newGame()),
      tx('white', '2026-01-06', '', { leave: { from: '2026-01-02', to: '2026-01-06' } }),
    );
    expect(r.state.leaves).toHaveLength(0);
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'leave-not-in-advance', tdAsked: { from: '2026-01-02', to: '2026-01-06' } },
      penaltyDays: 0,
    });
    expect((rejection(r.effects) as { problem: object }).problem).not.toHaveProperty('withMove');
    expect(r.effects.find((e) => e.kind === 'leave-requested')).toMatchObject({
      to: ['td'],
      from: '2026-01-02',
      until: '2026-01-06',
    });
    expect(r.effects.find((e) => e.kind === 'leave-requested')).not.toHaveProperty('recorded');
    // Days the TD granted are not asked for again.
    const granted: GameEvent = {
      type: 'leave',
      on: '2026-01-07',
      side: 'white',
      from: '2026-01-02',
      to: '2026-01-06',
      granted: true,
    };
    const after = send(
      extendGame(opening(newGame()), [granted]),
      tx('white', '2026-01-08', '', { leave: { from: '2026-01-02', to: '2026-01-06' } }),
    );
    expect(after.effects).toEqual([]);
  });
  it('P-8a: more than 30 days in a calendar year is refused with the days still available', () => {
    let s = send(
      opening(newGame()),
      tx('white', '2026-01-06', '', { leave: { from: '2026-03-01', to: '2026-03-20' } }),
    ).state;
    const r = send(
      s,
      tx('white', '2026-01-06', '', { leave: { from: '2026-06-01', to: '2026-06-15' } }),
    );
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'leave-refused', reason: 'exceeds-allowance', available: 10, year: 2026 },
    });
    // Overlapping the leave already announced: refused, naming it.
    const twice = send(
      s,
      tx('white', '2026-01-06', '', { leave: { from: '2026-03-15', to: '2026-03-25' } }),
    );
    expect(rejection(twice.effects)).toMatchObject({
      problem: {
        code: 'leave-refused',
        reason: 'overlaps-taken-leave',
        overlaps: { from: '2026-03-01', to: '2026-03-20' },
      },
    });
    s = r.state;
    expect(s.leaves).toHaveLength(1);
  });
  it('L-10.1: Triple Block events have no leave', () => {
    const rules = defaultEventRules({ timeControl: tripleBlockControl() });
    const r = send(
      opening(newGame()),
      tx('white', '2026-01-06', '', { leave: { from: '2026-03-01', to: '2026-03-05' } }),
      rules,
    );
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'leave-refused', reason: 'leave-not-allowed' },
      rules: ['L-10.1'],
    });
  });
});

describe('P-3a: the answer to a repeated transmission', () => {
  it('is copied to the TD', async () => {
    const { due, decideDue } = await import('../../src/referee/index.ts');
    let s = opening(newGame());
    const work = due(s, '2026-01-25', RULES).find((w) => w.kind === 'reminder');
    expect(work).toMatchObject({ kind: 'reminder', side: 'black' });
    s = extendGame(s, decideDue(s, { kind: 'due', work: work! }, '2026-01-25', RULES).events);
    const r = send(s, tx('black', '2026-01-26', '2.Nf3 Nc6'));
    expect(r.effects.find((e) => e.kind === 'move-relayed')).toMatchObject({
      to: ['white', 'td'],
      rules: ['P-2k', 'P-3a'],
    });
    const plain = send(opening(newGame()), tx('black', '2026-01-07', '2.Nf3 Nc6'));
    expect(plain.effects.find((e) => e.kind === 'move-relayed')).toMatchObject({ to: ['white'] });
  });
});

describe('notes to the opponent', () => {
  it('a note with a move travels in the relay, once', () => {
    const r = send(
      opening(newGame()),
      tx('black', '2026-01-07', '2.Nf3 Nc6', { note: 'Thanks for the game!' }),
    );
    expect(kinds(r.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(r.effects[1]).toMatchObject({ note: 'Thanks for the game!' });
  });
  it('a note alone is relayed as written', () => {
    const r = send(opening(newGame()), tx('white', '2026-01-06', '', { note: 'Away next week.' }));
    expect(r.effects).toEqual([
      { kind: 'note-relayed', to: ['black'], from: 'white', note: 'Away next week.', rules: [] },
    ]);
  });
  it('a note after the game still reaches the opponent; a move after it is refused', () => {
    const over = send(opening(newGame()), tx('white', '2026-01-06', '', { resign: true })).state;
    const thanks = send(over, tx('black', '2026-01-07', '', { note: 'Thanks for the game!' }));
    expect(thanks.effects).toEqual([
      {
        kind: 'note-relayed',
        to: ['white'],
        from: 'black',
        note: 'Thanks for the game!',
        rules: [],
      },
    ]);
    const move = send(over, tx('black', '2026-01-07', '2.Nf3 Nc6', { note: 'Thanks!' }));
    expect(rejection(move.effects)).toMatchObject({ problem: { code: 'game-over' } });
  });
  it('words that were not read are not relayed, and the sender is told so, quoted', () => {
    const r = send(
      opening(newGame()),
      tx('black', '2026-01-07', '2.Nf3 Nc6', { unread: ['Thanks for the nice opening!'] }),
    );
    expect(r.effects[0]).toMatchObject({
      kind: 'move-accepted',
      warnings: [{ code: 'not-relayed', words: 'Thanks for the nice opening!' }],
    });
    expect(r.effects[1]).not.toHaveProperty('note');
  });
});

describe('the inbox line a TD reads for each mail', () => {
  it('says why a mail was refused in words, never a bare code', () => {
    const s = opening(newGame());
    const early = send(s, tx('white', '2026-01-06', '2...Nc6 3.Bb5'));
    expect(effectSummary(early.effects, s, early.state)).toBe(
      'rejected: not the sender’s turn [P-4a]',
    );
    const bad = send(s, tx('black', '2026-01-07', '2.Nf3 Nf5'));
    expect(effectSummary(bad.effects, s, bad.state)).toMatch(/^rejected: "Nf5" impossible: /);
    const words = send(
      s,
      tx('black', '2026-01-07', '2.Nf3 Nc6', { unread: ['Thanks, well played!'] }),
    );
    expect(effectSummary(words.effects, s, words.state)).toBe(
      'played 2...Nc6; dates recorded (P-2i); words not passed on: "Thanks, well played!"',
    );
  });
});

describe('P-4a: an earlier transmission sent again after the opponent answered it', () => {
  it('stands as it was: no wrong repetition, no penalty, nothing played', () => {
    const s = opening(newGame());
    const r = send(s, tx('black', '2026-01-08', '1.e4 e5'));
    expect(kinds(r.effects)).toEqual(['transmission-repeated']);
    expect(r.effects[0]).toMatchObject({ to: ['black'], ply: 1, rules: ['P-4a'] });
    expect(r.state.penalties).toEqual([]);
    expect(r.state.plies).toHaveLength(3);
  });
  it('a resend that also announces leave: the leave is recorded, the resend stands, no penalty', () => {
    const s = opening(newGame());
    const r = send(
      s,
      tx('black', '2026-01-08', '1.e4 e5', { leave: { from: '2026-03-01', to: '2026-03-10' } }),
    );
    expect(r.state.leaves).toMatchObject([{ side: 'black', from: '2026-03-01' }]);
    expect(kinds(r.effects)).toEqual(['leave-announced', 'transmission-repeated']);
    expect(r.state.penalties).toEqual([]);
  });
  it('a new move after the old ones is still read as the move; the repetition alone is still blank', () => {
    const s = opening(newGame());
    expect(kinds(send(s, tx('black', '2026-01-08', '1.e4 e5 2.Nf3 Nc6')).effects)).toEqual([
      'move-accepted',
      'move-relayed',
    ]);
    expect(rejection(send(s, tx('black', '2026-01-08', '2.Nf3')).effects)).toMatchObject({
      problem: { code: 'blank' },
    });
  });
});

describe('after the event’s end: the game is in adjudication (P-10)', () => {
  // The event's last day of play is 15 February; Black is to move after 2.Nf3 (5 January).
  const ENDED = defaultEventRules({ endDate: '2026-02-15' });
  const s = opening(newGame());
  const analysis = (side: 'white' | 'black', on: string, notPlayed = true) => ({
    kind: 'analysis-received',
    to: [side],
    side,
    on,
    endDate: '2026-02-15',
    since: '2026-02-16',
    analysisBy: '2026-03-17',
    notPlayed,
    rules: ['P-10'],
  });

  it('P-10: a move sent after the end date is not played and no penalty given: the mail is the sender’s analysis, for the TD', () => {
    const r = send(s, tx('black', '2026-02-16', '2.Nf3 Nc6'), ENDED);
    expect(r.events).toEqual([{ type: 'analysis', on: '2026-02-16', side: 'black' }]);
    expect(r.effects).toEqual([analysis('black', '2026-02-16')]);
    expect(r.state.plies).toHaveLength(3);
    expect(r.state.analyses).toEqual([{ side: 'black', on: '2026-02-16' }]);
    expect(effectSummary(r.effects, s, r.state)).toBe(
      'adjudication analysis of black, to the TD (P-10); nothing played: in adjudication since 2026-02-16',
    );
  });

  it('P-10, P-6g: a faulty, blank or out-of-turn mail after the end costs no penalty either', () => {
    for (const t of [
      tx('black', '2026-03-01', '2.Nc3 Nc6'),
      tx('black', '2026-03-01', '', { drawOffer: true }),
      tx('black', '2026-03-01', '2.Nf3 Nc6', { claim: { kind: 'threefold' } }),
      tx('white', '2026-03-01', '2...Nc6 3.Bb5'),
      tx('black', '2026-03-01', '', { leave: { from: '2026-03-10', to: '2026-03-12' } }),
    ]) {
      const r = send(s, t, ENDED);
      expect(r.events).toEqual([{ type: 'analysis', on: '2026-03-01', side: t.side }]);
      expect(r.effects).toEqual([analysis(t.side, '2026-03-01')]);
      expect(r.state.penalties).toEqual([]);
    }
  });

  it('P-10: words alone, or words beside a note, are the analysis too; one after the last day goes as well, said late', () => {
    const words = send(
      s,
      tx('black', '2026-03-20', '', {
        unread: ['I claim a draw: the position is level.'],
        note: 'Thanks for the game.',
      }),
      ENDED,
    );
    expect(kinds(words.effects)).toEqual(['note-relayed', 'analysis-received']);
    expect(words.effects[1]).toEqual(analysis('black', '2026-03-20', false));
    expect(effectSummary(words.effects, s, words.state)).toBe(
      'note relayed; adjudication analysis of black, to the TD (P-10); late: due by 2026-03-17',
    );
  });

  it('P-10, L-4.2: a move sent on the last day is played, even when it is read after the end', () => {
    const r = send(s, tx('black', '2026-02-15', '2.Nf3 Nc6'), ENDED, '2026-02-17');
    expect(kinds(r.effects)).toEqual(['move-accepted', 'move-relayed']);
    expect(r.state.plies.at(-1)?.uci).toBe('b8c6');
    // White's answer to it, sent after the end, is not.
    const answer = send(r.state, tx('white', '2026-02-17', '2...Nc6 3.Bb5'), ENDED);
    expect(answer.effects).toEqual([analysis('white', '2026-02-17')]);
    expect(answer.state.plies).toHaveLength(4);
  });

  it('P-10, L-5.1.2, L-5.2.3: a resignation, or the acceptance of a standing draw offer, still ends the game', () => {
    const resigned = send(s, tx('black', '2026-02-20', '', { resign: true }), ENDED);
    expect(resigned.state.result).toMatchObject({ result: '1-0', kind: 'resignation' });
    const offered = play(s, [['black', '2026-01-07', '2.Nf3 Nc6 (=)']]);
    const agreed = send(offered, tx('white', '2026-02-20', '', { acceptDraw: true }), ENDED);
    expect(agreed.state.result).toMatchObject({ result: '1/2-1/2', kind: 'draw-agreed' });
    const none = send(s, tx('white', '2026-02-20', '', { acceptDraw: true }), ENDED);
    expect(rejection(none.effects)).toMatchObject({ problem: { code: 'no-draw-offer' } });
  });

  it('P-10, P-4a: a note still reaches the opponent, and the last transmission sent again stands', () => {
    const note = send(s, tx('black', '2026-02-20', '', { note: 'See you at the TD.' }), ENDED);
    expect(note.effects).toEqual([
      { kind: 'note-relayed', to: ['white'], from: 'black', note: 'See you at the TD.', rules: [] },
    ]);
    const again = send(s, tx('white', '2026-02-20', '1...e5 2.Nf3'), ENDED);
    expect(kinds(again.effects)).toEqual(['transmission-repeated']);
  });
});

describe('P-6g, P-2k: a penalty given on the day of the player’s own move', () => {
  it('after the move, it is charged to the next move and shown with it, not to the move before', () => {
    // White moves 2.Nf3 and Black answers the same day; then White's faulty mail comes, still that day.
    const s = play(newGame(), [
      ['white', '2026-01-02', '1.e4'],
      ['black', '2026-01-04', '1.e4 e5'],
      ['white', '2026-01-05', '1...e5 2.Nf3'],
      ['black', '2026-01-05', '2.Nf3 Nc6'],
    ]);
    const r = send(s, tx('white', '2026-01-05', '2...Nf6 3.Bb5'));
    expect(rejection(r.effects)).toMatchObject({ penaltyDays: 5 });
    const c = gameClock(r.state, RULES, 'white', '2026-01-06');
    if (!c.ok) throw new Error('no clock');
    expect(c.value.rows.at(-1)).toMatchObject({ move: 2, penaltyDays: 0 });
    expect(c.value.live).toMatchObject({ move: 3, usedDays: 1, penaltyDays: 5 });
  });
});

describe('L-9.1.2.1, L-5.2.3: draw words with no move while the opponent’s offer stands', () => {
  it('are about that offer: asked how to answer it, no penalty (not a draw offer with no move)', () => {
    const offered = play(newGame(), [
      ['white', '2026-01-02', '1.e4'],
      ['black', '2026-01-04', '1.e4 e5'],
    ]);
    const s = send(offered, tx('white', '2026-01-05', '1...e5 2.Nf3 (=)')).state;
    expect(s.drawOffer).toMatchObject({ by: 'white' });
    const r = send(s, tx('black', '2026-01-06', '', { drawOffer: true }));
    expect(rejection(r.effects)).toMatchObject({
      problem: { code: 'offer-standing' },
      penaltyDays: 0,
    });
    expect(r.state.penalties).toEqual([]);
    // With no offer standing, an offer with no move is still a blank transmission (P-4d).
    const alone = send(offered, tx('white', '2026-01-06', '', { drawOffer: true }));
    expect(rejection(alone.effects)).toMatchObject({ problem: { code: 'blank' }, penaltyDays: 5 });
  });
});
