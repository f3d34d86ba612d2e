import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDate,
  type ClockItem,
  claimRecord,
  clockTable,
  countExcesses,
  deriveClock,
  EXCESSES_ALLOWED,
  liveClock,
  losingExcess,
  type MoveItem,
  postalControl,
} from '../../src/clock/index.ts';
import { derived, onPaper, type PaperRow } from './helpers.ts';

const postal = postalControl();

const move = (
  number: number,
  deliveredOn: CalendarDate,
  dispatchedOn: CalendarDate,
  conditional = false,
): MoveItem => ({ kind: 'move', number, deliveredOn, dispatchedOn, conditional });

// White's clock in a 10-moves-in-30-days game: a penalty after move 5 (P-6g), an accepted
// conditional move 8 (P-6f), leave across New Year during move 10 (P-8a) and an excess at the
// control move 10 (P-6b), then two moves toward the next control (P-6c).
const game: ClockItem[] = [
  move(1, '2026-10-01', '2026-10-02'),
  move(2, '2026-10-06', '2026-10-09'),
  move(3, '2026-10-14', '2026-10-14'),
  move(4, '2026-10-19', '2026-10-21'),
  move(5, '2026-10-26', '2026-10-28'),
  { kind: 'penalty', on: '2026-11-02', days: 5 },
  move(6, '2026-11-02', '2026-11-05'),
  move(7, '2026-11-10', '2026-11-14'),
  move(8, '2026-11-17', '2026-11-19', true),
  move(9, '2026-11-25', '2026-11-29'),
  { kind: 'leave', from: '2026-12-28', to: '2027-01-03' },
  move(10, '2026-12-24', '2027-01-08'),
  move(11, '2027-01-13', '2027-01-15'),
  move(12, '2027-01-20', '2027-01-27'),
];

// As a TD computes it on paper.
const paper: PaperRow[] = [
  // move, delivered, dispatched, used, penalty, total, control, left
  [1, '2026-10-01', '2026-10-02', 1, 0, 1, 10, 29],
  [2, '2026-10-06', '2026-10-09', 3, 0, 4, 10, 26],
  [3, '2026-10-14', '2026-10-14', 0, 0, 4, 10, 26],
  [4, '2026-10-19', '2026-10-21', 2, 0, 6, 10, 24],
  [5, '2026-10-26', '2026-10-28', 2, 0, 8, 10, 22],
  [6, '2026-11-02', '2026-11-05', 3, 5, 16, 10, 14],
  [7, '2026-11-10', '2026-11-14', 4, 0, 20, 10, 10],
  [8, '2026-11-17', '2026-11-19', 0, 0, 20, 10, 10], // conditional: no reflection
  [9, '2026-11-25', '2026-11-29', 4, 0, 24, 10, 6],
  [10, '2026-12-24', '2027-01-08', 8, 0, 32, 10, -2], // 15 days, 7 of them leave
  [11, '2027-01-13', '2027-01-15', 2, 0, 34, 20, 26],
  [12, '2027-01-20', '2027-01-27', 7, 0, 41, 20, 19],
];

describe('postal clock table (P-2k)', () => {
  it('P-6a, P-6c, P-6d, P-6f, P-6g, P-8a: a 12-move game across a control, as a TD writes it', () => {
    const { rows, excesses } = derived(clockTable(postal, game));
    expect(onPaper(rows)).toEqual(paper);
    expect(rows[9]?.excludedDays).toBe(7);
    expect(rows[9]?.reflectionDays).toBe(8);
    // 24 used by move 9; the 7th counted day of move 10 (Dec 25, 26, 27, Jan 4, 5, 6, 7) is day 31.
    expect(excesses).toEqual([
      {
        controlMove: 10,
        limitDays: 30,
        occurredOn: '2027-01-07',
        overOnDay: 1,
        overDays: 2,
        countFrom: 1,
      },
    ]);
  });

  it('P-7a: the claim record holds the replies up to the control move', () => {
    const { rows, excesses } = derived(clockTable(postal, game));
    const [excess] = excesses;
    expect(excess).toBeDefined();
    if (!excess) return;
    expect(claimRecord(rows, excess).map((row) => row.move)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('P-6b: one excess is allowed in postal play', () => {
    const { excesses } = derived(clockTable(postal, game));
    expect(countExcesses(excesses)).toBe(1);
    expect(losingExcess(excesses, EXCESSES_ALLOWED.postal)).toBeNull();
    expect(losingExcess(excesses, EXCESSES_ALLOWED.iccfServer)).toEqual(excesses[0]);
    expect(countExcesses(excesses, '2027-01-06')).toBe(0);
    expect(countExcesses(excesses, '2027-01-07')).toBe(1);
  });

  it('P-6c: the live clock counts toward the next control with the time still saved', () => {
    // 41 used by move 12; move 13 delivered Feb 1; on Feb 10, 9 days used, 60 allowed by move 20.
    const live = liveClock(postal, game, { number: 13, deliveredOn: '2027-02-01' }, '2027-02-10');
    expect(live).toMatchObject({
      ok: true,
      value: {
        move: 13,
        usedDays: 9,
        totalDays: 50,
        controlMove: 20,
        limitDays: 60,
        daysLeft: 10,
        exceedsOn: '2027-02-21',
        exceeded: false,
      },
    });
  });
});

describe('restart after an upheld excess (P-7e)', () => {
  const withRestart = (on: CalendarDate): ClockItem[] => [
    ...game.slice(0, 12),
    { kind: 'restart', on },
    ...game.slice(12),
  ];

  it('P-7e: time is counted afresh from the notice date, with a new control series', () => {
    // The notice reached White on 2027-01-12, before move 11 was delivered.
    const { rows } = derived(clockTable(postal, withRestart('2027-01-12')));
    expect(onPaper(rows.slice(10))).toEqual([
      [11, '2027-01-13', '2027-01-15', 2, 0, 2, 20, 28],
      [12, '2027-01-20', '2027-01-27', 7, 0, 9, 20, 21],
    ]);
    expect(rows[11]?.countFrom).toBe(11);
    expect(rows[11]?.limitDays).toBe(30);
  });

  it("P-7e: a notice received during a move forgives that move's days up to the notice", () => {
    const { rows } = derived(clockTable(postal, withRestart('2027-01-14')));
    expect(rows[10]).toMatchObject({ move: 11, reflectionDays: 2, usedDays: 1, totalDays: 1 });
  });

  it('P-7e: a restart in the middle of a series moves the control moves with it', () => {
    // Restart while move 14 is in progress: the controls are now moves 23, 33, … with 30, 60, … days.
    const items: ClockItem[] = [
      move(13, '2027-02-01', '2027-02-03'),
      { kind: 'restart', on: '2027-02-05' },
      move(14, '2027-02-04', '2027-02-10'),
    ];
    const { rows } = derived(clockTable(postal, items));
    expect(onPaper(rows)).toEqual([
      [13, '2027-02-01', '2027-02-03', 2, 0, 2, 20, 58],
      [14, '2027-02-04', '2027-02-10', 5, 0, 5, 23, 25],
    ]);
  });

  it('P-7f: a second excess after the restart is the losing one', () => {
    // Counted afresh from move 11: 9 used by move 12; move 13 delivered Feb 1; on Mar 10 37 more.
    const result = derived(
      deriveClock(postal, withRestart('2027-01-12'), {
        pending: { number: 13, deliveredOn: '2027-02-01' },
        now: '2027-03-10',
      }),
    );
    expect(result.excesses).toEqual([
      {
        controlMove: 10,
        limitDays: 30,
        occurredOn: '2027-01-07',
        overOnDay: 1,
        overDays: 2,
        countFrom: 1,
      },
      {
        controlMove: 20,
        limitDays: 30,
        occurredOn: '2027-02-23',
        overOnDay: 1,
        overDays: 16,
        countFrom: 11,
        restarts: 1,
      },
    ]);
    expect(losingExcess(result.excesses, EXCESSES_ALLOWED.postal)).toEqual(result.excesses[1]);
    expect(result.live).toMatchObject({ exceeded: true, exceedsOn: '2027-02-23', daysLeft: -16 });
  });
});

// A game in which move n is delivered 70 days after move n − 1 and takes days[n − 1] days.
const spread = (days: readonly number[]): ClockItem[] =>
  days.map((used, i) => {
    const deliveredOn = addDays('2026-01-01', 70 * i);
    return move(i + 1, deliveredOn, addDays(deliveredOn, used));
  });

const ones = (n: number, days: number): number[] => Array.from({ length: n }, () => days);

describe('the cumulative control (P-6a, P-6c)', () => {
  it.each<[string, number[], { controlMove: number; overDays: number }[]]>([
    ['P-6a: 30 days used by move 10 is within the control', [...ones(9, 3), 3], []],
    [
      'P-6a: 31 days used by move 10 is an excess',
      [...ones(9, 3), 4],
      [{ controlMove: 10, overDays: 1 }],
    ],
    [
      'P-6a: one slow move is fine when the control move is within the limit',
      [25, ...ones(9, 0)],
      [],
    ],
    ['P-6c: saved time carries forward to the next control', [...ones(10, 1), ...ones(10, 5)], []],
    [
      'P-6c: the limit at move 20 is 60 days in all',
      [...ones(10, 1), ...ones(9, 5), 6],
      [{ controlMove: 20, overDays: 1 }],
    ],
    [
      'P-6c: a total still over the next limit after the control move is a new excess',
      [...ones(9, 0), 65, 0],
      [
        { controlMove: 10, overDays: 35 },
        { controlMove: 20, overDays: 5 },
      ],
    ],
  ])('%s', (_name, days, expected) => {
    const { excesses } = derived(clockTable(postal, spread(days)));
    expect(excesses.map(({ controlMove, overDays }) => ({ controlMove, overDays }))).toEqual(
      expected,
    );
  });

  it('P-7a: an excess carried over a control move is dated when it happened, by as much as then', () => {
    // Move 10 takes 65 days: 61 used on its 61st day, 65 when it is sent. The excess of the
    // period to move 20 (60 days) is found after move 10, but happened on that 61st day.
    const items = spread([...ones(9, 0), 65, 0]);
    const move10 = items.find((i) => i.kind === 'move' && i.number === 10);
    if (move10?.kind !== 'move') throw new Error('no move 10');
    const { excesses } = derived(clockTable(postal, items));
    expect(excesses[1]).toMatchObject({
      controlMove: 20,
      occurredOn: addDays(move10.deliveredOn, 61),
      overOnDay: 1,
      overDays: 5,
    });
  });

  it('P-6a: the event may set another cumulative control (5 moves in 20 days)', () => {
    const { rows } = derived(clockTable(postalControl({ moves: 5, days: 20 }), spread(ones(6, 4))));
    expect(rows.map((row) => [row.move, row.totalDays, row.controlMove, row.daysLeft])).toEqual([
      [1, 4, 5, 16],
      [2, 8, 5, 12],
      [3, 12, 5, 8],
      [4, 16, 5, 4],
      [5, 20, 5, 0],
      [6, 24, 10, 16],
    ]);
  });

  it('P-6a: an excess is found before the control move once the total is over', () => {
    const live = liveClock(
      postal,
      spread([20]),
      { number: 2, deliveredOn: '2026-03-12' },
      '2026-03-25',
    );
    expect(live).toMatchObject({
      ok: true,
      value: { totalDays: 33, daysLeft: -3, exceeded: true, exceedsOn: '2026-03-23' },
    });
  });
});

describe('penalties (P-6g)', () => {
  it('P-6g: a penalty counts on its date, and may itself cause the excess', () => {
    const items: ClockItem[] = [
      ...spread([...ones(8, 3), 4]), // 28 used by move 9
      { kind: 'penalty', on: addDays('2026-01-01', 70 * 8 + 6), days: 5 },
    ];
    const result = derived(clockTable(postal, items));
    expect(result.excesses).toEqual([
      {
        controlMove: 10,
        limitDays: 30,
        occurredOn: addDays('2026-01-01', 70 * 8 + 6),
        overOnDay: 3,
        overDays: 3,
        countFrom: 1,
      },
    ]);
  });

  it("P-6g: the amount is the caller's, shown on the next move's row", () => {
    const items: ClockItem[] = [
      move(1, '2026-03-01', '2026-03-02'),
      { kind: 'penalty', on: '2026-03-04', days: 5 },
      { kind: 'penalty', on: '2026-03-05', days: 2 },
      move(2, '2026-03-06', '2026-03-07'),
    ];
    const { rows } = derived(clockTable(postal, items));
    expect(onPaper(rows)).toEqual([
      [1, '2026-03-01', '2026-03-02', 1, 0, 1, 10, 29],
      [2, '2026-03-06', '2026-03-07', 1, 7, 9, 10, 21],
    ]);
  });
});

describe('the live clock', () => {
  const items: ClockItem[] = [
    move(1, '2026-03-01', '2026-03-03'),
    { kind: 'penalty', on: '2026-03-06', days: 5 },
  ];

  it.each<[string, CalendarDate, object]>([
    [
      'P-6d: before the move is delivered nothing runs',
      '2026-03-07',
      { usedDays: 0, penaltyDays: 5, totalDays: 7, daysLeft: 23, exceedsOn: '2026-04-02' },
    ],
    [
      'P-6d: on the delivery day nothing is used yet',
      '2026-03-09',
      { usedDays: 0, penaltyDays: 5, totalDays: 7, daysLeft: 23, exceedsOn: '2026-04-02' },
    ],
    [
      'P-6g: a penalty after the last move counts against the move in progress',
      '2026-03-19',
      { usedDays: 10, penaltyDays: 5, totalDays: 17, daysLeft: 13, exceedsOn: '2026-04-02' },
    ],
    [
      'P-6a: on the last allowed day time is not yet exceeded',
      '2026-04-01',
      { usedDays: 23, totalDays: 30, daysLeft: 0, exceedsOn: '2026-04-02', exceeded: false },
    ],
    [
      'P-6a: the next day it is',
      '2026-04-02',
      { usedDays: 24, totalDays: 31, daysLeft: -1, exceedsOn: '2026-04-02', exceeded: true },
    ],
  ])('%s (%s)', (_name, now, expected) => {
    const live = liveClock(postal, items, { number: 2, deliveredOn: '2026-03-09' }, now);
    expect(live).toMatchObject({ ok: true, value: expected });
  });

  it('P-2k: a penalty dated after today is refused for the live clock', () => {
    expect(
      liveClock(postal, items, { number: 2, deliveredOn: '2026-03-09' }, '2026-03-05'),
    ).toEqual({
      ok: false,
      error: { code: 'item-after-now', index: 1 },
    });
  });
});

describe('TD interventions', () => {
  it('L-6.10: days the TD paused the game do not count; an open pause stops the live clock', () => {
    const items: ClockItem[] = [
      move(1, '2026-03-01', '2026-03-02'),
      { kind: 'pause', from: '2026-03-10', to: '2026-03-19' },
      move(2, '2026-03-05', '2026-03-25'),
      { kind: 'pause', from: '2026-04-01', to: null },
    ];
    const result = derived(
      deriveClock(postal, items, {
        pending: { number: 3, deliveredOn: '2026-03-28' },
        now: '2026-04-10',
      }),
    );
    expect(onPaper(result.rows)).toEqual([
      [1, '2026-03-01', '2026-03-02', 1, 0, 1, 10, 29],
      [2, '2026-03-05', '2026-03-25', 10, 0, 11, 10, 19],
    ]);
    expect(result.live).toMatchObject({
      usedDays: 3,
      totalDays: 14,
      exceedsOn: null,
      exceeded: false,
    });
  });

  it('P-2k: the TD sets the clock; counting goes on from the value set', () => {
    const items: ClockItem[] = [
      move(1, '2026-03-01', '2026-03-04'),
      { kind: 'set-clock', on: '2026-03-06', usedDays: 12 },
      move(2, '2026-03-05', '2026-03-08'),
    ];
    const { rows } = derived(clockTable(postal, items));
    // Move 2: the 6th is absorbed in the value set, the 7th and 8th count.
    expect(onPaper(rows)).toEqual([
      [1, '2026-03-01', '2026-03-04', 3, 0, 3, 10, 27],
      [2, '2026-03-05', '2026-03-08', 2, 0, 14, 10, 16],
    ]);
  });
});

describe('P-6f: conditional moves', () => {
  it('P-6f: accepted moves of a continuation count for the control with no reflection time', () => {
    const items: ClockItem[] = [
      ...spread(ones(7, 4)), // 28 days by move 7
      move(8, '2027-06-01', '2027-06-01', true),
      move(9, '2027-06-01', '2027-06-09', true),
      move(10, '2027-06-09', '2027-06-11'),
    ];
    const { rows, excesses } = derived(clockTable(postal, items));
    expect(rows.map((row) => [row.move, row.usedDays, row.totalDays])).toEqual([
      [1, 4, 4],
      [2, 4, 8],
      [3, 4, 12],
      [4, 4, 16],
      [5, 4, 20],
      [6, 4, 24],
      [7, 4, 28],
      [8, 0, 28],
      [9, 0, 28],
      [10, 2, 30],
    ]);
    expect(excesses).toEqual([]);
  });
});

describe('invalid clock items', () => {
  it.each<[string, ClockItem[], { code: string; index: number | null }]>([
    [
      'a skipped move number',
      [move(1, '2026-03-01', '2026-03-02'), move(3, '2026-03-05', '2026-03-06')],
      { code: 'move-out-of-sequence', index: 1 },
    ],
    [
      'dispatch before delivery',
      [move(1, '2026-03-05', '2026-03-02')],
      { code: 'dispatch-before-delivery', index: 0 },
    ],
    [
      'a delivery before our own last dispatch',
      [move(1, '2026-03-01', '2026-03-05'), move(2, '2026-03-04', '2026-03-06')],
      { code: 'delivery-before-previous-dispatch', index: 1 },
    ],
    ['an invalid date', [move(1, '2026-02-30', '2026-03-02')], { code: 'invalid-date', index: 0 }],
    [
      'a penalty dated after the next dispatch',
      [{ kind: 'penalty', on: '2026-03-09', days: 5 }, move(1, '2026-03-01', '2026-03-02')],
      { code: 'item-out-of-order', index: 0 },
    ],
    [
      'a penalty dated before the last dispatch',
      [move(1, '2026-03-01', '2026-03-05'), { kind: 'penalty', on: '2026-03-04', days: 5 }],
      { code: 'item-out-of-order', index: 1 },
    ],
    [
      'a negative penalty',
      [{ kind: 'penalty', on: '2026-03-01', days: -5 }],
      { code: 'invalid-days', index: 0 },
    ],
    [
      'a triple-block set-clock',
      [{ kind: 'set-clock', on: '2026-03-01', clockDays: 5, bankDays: 0 }],
      { code: 'set-clock-mismatch', index: 0 },
    ],
    [
      'a leave ending before it starts',
      [{ kind: 'leave', from: '2026-03-05', to: '2026-03-01' }],
      { code: 'invalid-range', index: 0 },
    ],
  ])('P-2k: %s is refused', (_name, items, error) => {
    expect(clockTable(postal, items)).toEqual({ ok: false, error });
  });

  it('P-6a: a control with no days is refused', () => {
    expect(clockTable(postalControl({ days: 0 }), [])).toEqual({
      ok: false,
      error: { code: 'invalid-control', index: null },
    });
  });

  it('P-2k: the live clock needs the next move and a today not before the last dispatch', () => {
    const items = [move(1, '2026-03-01', '2026-03-05')];
    expect(
      liveClock(postal, items, { number: 3, deliveredOn: '2026-03-08' }, '2026-03-09'),
    ).toEqual({
      ok: false,
      error: { code: 'pending-out-of-sequence', index: null },
    });
    expect(
      liveClock(postal, items, { number: 2, deliveredOn: '2026-03-08' }, '2026-03-04'),
    ).toEqual({
      ok: false,
      error: { code: 'now-before-last-dispatch', index: null },
    });
  });
});
