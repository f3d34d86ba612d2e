// The order of a player's clock items on the day of one of their moves (P-6g, P-7e): each point
// goes before or after the move by when it was logged, not by where it sorts among the others.
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../src/clock/index.ts';
import { answeredBy, clockItems } from '../../src/referee/game-clock.ts';
import type { GameState } from '../../src/referee/game-state.ts';
import { foldGame } from '../../src/referee/index.ts';

describe('clock items around a move on the same day', () => {
  const state = (withPenalty: boolean) =>
    ({
      clockStartsOn: '2027-01-01',
      restoredOn: new Map(),
      leaves: [],
      pauses: [],
      stops: [],
      annulments: [],
      clockSets: [],
      plies: [
        {
          side: 'white',
          ordinal: 1,
          sentOn: '2027-02-03',
          deliveredOn: '2027-02-03',
          seq: 12,
          conditional: false,
        },
      ],
      penalties: withPenalty ? [{ side: 'white', on: '2027-02-03', seq: 13, days: 5 }] : [],
      restarts: [{ side: 'white', on: '2027-02-03', seq: 20, noticeSeq: 10 }],
    }) as unknown as GameState;
  const kinds = (s: GameState) => clockItems(s, 'white').map((i) => i.kind);

  it('P-7e, P-6g: a restart noticed before the move stays before it, even with a penalty after it', () => {
    expect(kinds(state(false))).toEqual(['restart', 'move']);
    expect(kinds(state(true))).toEqual(['restart', 'move', 'penalty']);
  });
});

describe('the move a mail answers (P-2f..h)', () => {
  const move = (side: 'white' | 'black', uci: string, on: string, conditional = false) => ({
    type: 'move' as const,
    on: on as CalendarDate,
    side,
    uci,
    sentOn: on as CalendarDate,
    deliveredOn: on as CalendarDate,
    ...(conditional ? { conditional } : {}),
  });
  const game = (...moves: ReturnType<typeof move>[]) =>
    foldGame([
      {
        type: 'created',
        on: '2026-11-01',
        start: { kind: 'standard' },
        white: 'w@x.org',
        black: 'b@x.org',
        clockStartsOn: '2026-11-01',
      },
      ...moves,
    ]);
  it('is the last move for the player to move; for the other, the one their last transmission answered', () => {
    const s = game(move('white', 'e2e4', '2026-11-03'), move('black', 'e7e5', '2026-11-22'));
    expect(answeredBy(s, 'white')).toBe('2026-11-22');
    // Was: 22 November for Black too, the day Black's own move reached White.
    expect(answeredBy(s, 'black')).toBe('2026-11-03');
    // Black has not moved yet and is not to move: the start.
    expect(answeredBy(game(), 'black')).toBe('2026-11-01');
  });
  it('a move played from the player’s conditional line is no transmission of theirs (P-4f)', () => {
    const s = game(
      move('white', 'e2e4', '2026-11-03'),
      move('black', 'e7e5', '2026-11-05'),
      move('white', 'g1f3', '2026-11-08'),
      move('black', 'b8c6', '2026-11-12'),
      move('white', 'f1b5', '2026-11-12', true),
    );
    // White wrote 2.Nf3 answering 1...e5, delivered on 5 November; 3.Bb5 came from the line.
    expect(answeredBy(s, 'white')).toBe('2026-11-05');
    expect(answeredBy(s, 'black')).toBe('2026-11-12');
  });
});
