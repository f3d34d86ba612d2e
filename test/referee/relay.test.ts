// P-6d: a move counts as delivered when its relay went out. A relay that went out late (failed,
// then sent again) corrects the move's delivery — while the move still waits for its answer.

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/referee/index.ts';
import {
  decide,
  defaultEventRules,
  foldGame,
  gameClock,
  moveAwaitingAnswer,
} from '../../src/referee/index.ts';

const created: GameEvent = {
  type: 'created',
  on: '2027-04-01',
  start: { kind: 'standard' },
  white: 'Amy',
  black: 'Luis',
  clockStartsOn: '2027-04-01',
};
const amy: GameEvent = {
  type: 'move',
  on: '2027-04-11',
  side: 'white',
  uci: 'e2e4',
  sentOn: '2027-04-11',
  deliveredOn: '2027-04-11',
};
const RULES = defaultEventRules();
const sent = { kind: 'relay-sent', moveSeq: 1 } as const;

describe('a move relayed late (P-6d)', () => {
  it('P-6d: counts as delivered the day its relay went out; the clock of the player to move counts from then', () => {
    const state = foldGame([created, amy]);
    const d = decide(state, sent, '2027-04-20', RULES);
    expect(d).toEqual({
      events: [{ type: 'delivery-corrected', on: '2027-04-20', ply: 0, deliveredOn: '2027-04-20' }],
      effects: [],
    });
    const after = foldGame([created, amy, ...d.events]);
    expect(after.plies[0]!.deliveredOn).toBe('2027-04-20');
    const clock = gameClock(after, RULES, 'black', '2027-04-22');
    expect(clock.ok && clock.value.live).toMatchObject({ deliveredOn: '2027-04-20', usedDays: 2 });
  });

  it("P-6d: under the event's next-day rule, the day after it went out", () => {
    const rules = defaultEventRules({ delivery: 'next-day' });
    const state = foldGame([created, { ...amy, deliveredOn: '2027-04-12' }]);
    expect(decide(state, sent, '2027-04-20', rules).events).toMatchObject([
      { type: 'delivery-corrected', deliveredOn: '2027-04-21' },
    ]);
  });

  it('changes nothing when it went out the day recorded, for a move answered or another move, or a game over', () => {
    expect(decide(foldGame([created, amy]), sent, '2027-04-11', RULES).events).toEqual([]);
    const luis: GameEvent = { ...amy, side: 'black', uci: 'e7e5', on: '2027-04-13' };
    const answered = foldGame([created, amy, luis]);
    expect(moveAwaitingAnswer(answered, 1)).toBeUndefined();
    expect(decide(answered, sent, '2027-04-20', RULES).events).toEqual([]);
    expect(
      decide(foldGame([created, amy]), { ...sent, moveSeq: 0 }, '2027-04-20', RULES).events,
    ).toEqual([]);
    const over: GameEvent = {
      type: 'ended',
      on: '2027-04-12',
      result: '1-0',
      kind: 'resignation',
      rule: 'L-5.1.2',
    };
    expect(decide(foldGame([created, amy, over]), sent, '2027-04-20', RULES).events).toEqual([]);
  });
});

describe('a move relayed to a player by post (P-2m, P-6e)', () => {
  it('P-6e: reaches them transitDays after the letter goes out, whatever the email rule', () => {
    const rules = defaultEventRules({
      delivery: 'next-day',
      transitDays: 3,
      postal: { white: false, black: true },
    });
    const state = foldGame([created, amy]);
    expect(decide(state, sent, '2027-04-20', rules).events).toMatchObject([
      { type: 'delivery-corrected', deliveredOn: '2027-04-23' },
    ]);
  });
});

describe('a time claim’s notice posted late to a player by post (P-7c, P-2m)', () => {
  const claim: GameEvent = {
    type: 'claim',
    on: '2027-05-12',
    id: 'time:black:10',
    kind: 'time',
    side: 'black',
    protestBy: '2027-05-26',
    detail: 'black exceeded the time limit',
  };
  const posted = { kind: 'notice-sent', claimId: 'time:black:10' } as const;
  it('P-7c: moves the protest window to end protestDays after the day it went out', () => {
    const d = decide(foldGame([created, amy, claim]), posted, '2027-05-20', RULES);
    expect(d.events).toEqual([
      {
        type: 'claim-window-moved',
        on: '2027-05-20',
        id: 'time:black:10',
        protestBy: '2027-06-03',
      },
    ]);
    expect(foldGame([created, amy, claim, ...d.events]).claims[0]?.protestBy).toBe('2027-06-03');
  });
  it('changes nothing for a notice that went out the day of the claim, a claim ruled or protested, or another claim', () => {
    expect(decide(foldGame([created, amy, claim]), posted, '2027-05-12', RULES).events).toEqual([]);
    const ruled: GameEvent = {
      type: 'claim-ruled',
      on: '2027-05-14',
      id: 'time:black:10',
      upheld: false,
      by: 'td',
    };
    expect(
      decide(foldGame([created, amy, claim, ruled]), posted, '2027-05-20', RULES).events,
    ).toEqual([]);
    const protested: GameEvent = { type: 'claim-protested', on: '2027-05-14', id: 'time:black:10' };
    expect(
      decide(foldGame([created, amy, claim, protested]), posted, '2027-05-20', RULES).events,
    ).toEqual([]);
    expect(
      decide(foldGame([created, amy, claim]), { ...posted, claimId: 'x' }, '2027-05-20', RULES)
        .events,
    ).toEqual([]);
  });
});
