// The order of a player's clock items on the day of one of their moves (P-6g, P-7e): each point
// goes before or after the move by when it was logged, not by where it sorts among the others.
import { describe, expect, it } from 'vitest';
import { clockItems } from '../../src/referee/game-clock.ts';
import type { GameState } from '../../src/referee/game-state.ts';

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
