import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDate,
  type ClockItem,
  claimRecord,
  clockTable,
  deriveClock,
  iccfControl,
  liveClock,
  type MoveItem,
  perMoveControl,
  postalControl,
  tripleBlockControl,
} from '../../src/clock/index.ts';
import { derived, onPaper, type PaperRow } from './helpers.ts';

const move = (
  number: number,
  deliveredOn: CalendarDate,
  dispatchedOn: CalendarDate,
  conditional = false,
): MoveItem => ({ kind: 'move', number, deliveredOn, dispatchedOn, conditional });

describe('iccf: 10 moves in 50 days, reflection beyond 20 days on one move counts double', () => {
  const iccf = iccfControl();
  const game: ClockItem[] = [
    move(1, '2026-01-05', '2026-01-07'),
    move(2, '2026-01-10', '2026-02-02'),
    move(3, '2026-02-05', '2026-02-06'),
    move(4, '2026-02-10', '2026-02-12'),
    move(5, '2026-02-15', '2026-02-18'),
    move(6, '2026-02-21', '2026-02-23'),
    move(7, '2026-02-26', '2026-03-01'),
    move(8, '2026-03-04', '2026-03-06'),
    move(9, '2026-03-09', '2026-03-12'),
    move(10, '2026-03-15', '2026-03-22'),
    move(11, '2026-03-25', '2026-03-26'),
  ];

  const paper: PaperRow[] = [
    // move, delivered, dispatched, used, penalty, total, control, left
    [1, '2026-01-05', '2026-01-07', 2, 0, 2, 10, 48],
    [2, '2026-01-10', '2026-02-02', 26, 0, 28, 10, 22], // 23 days: 20 + 2 × 3
    [3, '2026-02-05', '2026-02-06', 1, 0, 29, 10, 21],
    [4, '2026-02-10', '2026-02-12', 2, 0, 31, 10, 19],
    [5, '2026-02-15', '2026-02-18', 3, 0, 34, 10, 16],
    [6, '2026-02-21', '2026-02-23', 2, 0, 36, 10, 14],
    [7, '2026-02-26', '2026-03-01', 3, 0, 39, 10, 11],
    [8, '2026-03-04', '2026-03-06', 2, 0, 41, 10, 9],
    [9, '2026-03-09', '2026-03-12', 3, 0, 44, 10, 6],
    [10, '2026-03-15', '2026-03-22', 7, 0, 51, 10, -1],
    [11, '2026-03-25', '2026-03-26', 1, 0, 52, 20, 48],
  ];

  it('P-6a, P-6c: an 11-move iccf table with a doubled move and an excess at move 10', () => {
    const { rows, excesses } = derived(clockTable(iccf, game));
    expect(onPaper(rows)).toEqual(paper);
    expect(rows[1]?.reflectionDays).toBe(23);
    expect(excesses).toEqual([
      {
        controlMove: 10,
        limitDays: 50,
        occurredOn: '2026-03-22',
        overOnDay: 1,
        overDays: 1,
        countFrom: 1,
      },
    ]);
    expect(claimRecord(rows, excesses[0]!)).toHaveLength(10);
  });

  it.each([
    [20, 20],
    [21, 22],
    [25, 30],
  ])('P-6d: %i days of reflection on one move cost %i days', (days, cost) => {
    const { rows } = derived(
      clockTable(iccf, [move(1, '2026-05-01', addDays('2026-05-01', days))]),
    );
    expect(rows[0]?.usedDays).toBe(cost);
  });

  it('P-8a: leave days are left out before the doubling is counted', () => {
    // 25 calendar days, 6 of them leave: 19 days of reflection, nothing doubled.
    const items: ClockItem[] = [
      { kind: 'leave', from: '2026-05-10', to: '2026-05-15' },
      move(1, '2026-05-01', '2026-05-26'),
    ];
    const { rows } = derived(clockTable(iccf, items));
    expect(rows[0]).toMatchObject({ reflectionDays: 19, excludedDays: 6, usedDays: 19 });
  });

  it('P-6d: the live clock projects the doubling into the day time runs out', () => {
    // 44 used by move 9; move 10 delivered Mar 15: 6 days left; counted day 7 is over.
    const live = liveClock(
      iccf,
      game.slice(0, 9),
      { number: 10, deliveredOn: '2026-03-15' },
      '2026-03-16',
    );
    expect(live).toMatchObject({ ok: true, value: { daysLeft: 5, exceedsOn: '2026-03-22' } });
    // A long move: 2 used by move 1; move 2 delivered Jan 10; by Jan 30, 20 days: total 22,
    // 28 left. From then on each day costs 2: 14 more days reach exactly 50 (Feb 13), the
    // 15th is over (Feb 14).
    const long = liveClock(
      iccf,
      game.slice(0, 1),
      { number: 2, deliveredOn: '2026-01-10' },
      '2026-01-30',
    );
    expect(long).toMatchObject({
      ok: true,
      value: { usedDays: 20, daysLeft: 28, exceedsOn: '2026-02-14' },
    });
  });
});

describe('triple block (L-App.C, L-10.1, L-6.10)', () => {
  // Scaled down so a TD can follow it: 10 days at the start, capped at 10, 2 days added after
  // each of the first 4 moves, and from move 4 on at least 3 days after each move.
  const small = tripleBlockControl({
    startDays: 10,
    capDays: 10,
    incrementDays: 2,
    incrementMoves: 4,
    floorDays: 3,
    floorFromMove: 4,
  });
  const game: ClockItem[] = [
    move(1, '2026-03-01', '2026-03-01'),
    move(2, '2026-03-03', '2026-03-04'),
    move(3, '2026-03-06', '2026-03-14'),
    move(4, '2026-03-16', '2026-03-21'),
    { kind: 'penalty', on: '2026-03-23', days: 5 },
    move(5, '2026-03-24', '2026-03-25'),
    move(6, '2026-03-28', '2026-03-30'),
  ];

  it('L-App.C: a triple-block table with the bank, the floor and an excess', () => {
    const { rows, excesses } = derived(clockTable(small, game));
    const paper = rows.map((row) => [
      row.move,
      row.deliveredOn,
      row.dispatchedOn,
      row.usedDays,
      row.penaltyDays,
      row.clockDays,
      row.bankDays,
    ]);
    expect(paper).toEqual([
      // move, delivered, dispatched, used, penalty, clock after, bank after
      [1, '2026-03-01', '2026-03-01', 0, 0, 10, 2], // 10 + 2 = 12: 2 over the cap to the bank
      [2, '2026-03-03', '2026-03-04', 1, 0, 10, 3], // 9 + 2 = 11: 1 to the bank
      [3, '2026-03-06', '2026-03-14', 8, 0, 4, 3], // 2 + 2
      [4, '2026-03-16', '2026-03-21', 5, 0, 3, 2], // 4 days from the clock, 1 from the bank; 0 + 2, floor 3
      [5, '2026-03-24', '2026-03-25', 1, 5, 3, 0], // penalty empties clock and bank; the day is 1 over; floor 3
      [6, '2026-03-28', '2026-03-30', 2, 0, 3, 0], // 3 − 2 = 1, floor 3
    ]);
    expect(rows.map((row) => [row.totalDays, row.controlMove, row.daysLeft])).toEqual([
      [0, null, 12],
      [1, null, 13],
      [9, null, 7],
      [14, null, 5],
      [20, null, 3],
      [22, null, 3],
    ]);
    expect(excesses).toEqual([
      {
        controlMove: 5,
        limitDays: null,
        occurredOn: '2026-03-25',
        overOnDay: 1,
        overDays: 1,
        countFrom: 1,
      },
    ]);
  });

  it('L-App.C: the live clock draws on the bank when the clock is empty', () => {
    const items = game.slice(0, 3); // clock 4, bank 3 after move 3
    const live = liveClock(small, items, { number: 4, deliveredOn: '2026-03-16' }, '2026-03-22');
    // 6 days: the clock's 4, then 2 of the bank; 1 day left; the 8th day is over.
    expect(live).toMatchObject({
      ok: true,
      value: {
        usedDays: 6,
        clockDays: 0,
        bankDays: 1,
        daysLeft: 1,
        exceedsOn: '2026-03-24',
        exceeded: false,
      },
    });
  });

  it('L-App.C: the defaults — 50 days, capped at 50, +1 a move to move 50, floor 3 from move 50', () => {
    const defaults = tripleBlockControl();
    expect(defaults).toEqual({
      preset: 'triple-block',
      startDays: 50,
      capDays: 50,
      incrementDays: 1,
      incrementMoves: 50,
      bankStartDays: 0,
      floorDays: 3,
      floorFromMove: 50,
    });
    // Three moves the day they arrive fill the bank by 3; then a 52-day move: 50 from the
    // clock, 2 from the bank; +1 after it.
    const items: ClockItem[] = [
      move(1, '2026-01-01', '2026-01-01'),
      move(2, '2026-01-03', '2026-01-03'),
      move(3, '2026-01-05', '2026-01-05'),
      move(4, '2026-01-07', '2026-02-28'),
    ];
    const { rows } = derived(clockTable(defaults, items));
    expect(rows.map((row) => [row.move, row.usedDays, row.clockDays, row.bankDays])).toEqual([
      [1, 0, 50, 1],
      [2, 0, 50, 2],
      [3, 0, 50, 3],
      [4, 52, 1, 1],
    ]);
  });

  it('L-App.C: after move 50 the increment stops and the floor keeps at least 3 days', () => {
    const control = tripleBlockControl({ startDays: 50 });
    const items: ClockItem[] = Array.from({ length: 52 }, (_, i) => {
      const deliveredOn = addDays('2026-01-01', 2 * i);
      return move(i + 1, deliveredOn, i < 49 ? deliveredOn : addDays(deliveredOn, 1));
    });
    // Set the clock low before move 50 to see the floor; bank 0.
    items.splice(49, 0, {
      kind: 'set-clock',
      on: addDays('2026-01-01', 98),
      clockDays: 1,
      bankDays: 0,
    });
    const { rows } = derived(clockTable(control, items));
    expect(
      rows.slice(48).map((row) => [row.move, row.usedDays, row.clockDays, row.bankDays]),
    ).toEqual([
      [49, 0, 50, 49], // same-day moves: +1 each goes to the bank
      [50, 1, 3, 0], // set to 1 / 0, 1 day used, +1 = 1, floor 3
      [51, 1, 3, 0], // no increment after move 50; 3 − 1 = 2, floor 3
      [52, 1, 3, 0],
    ]);
  });

  it.each<[string, ClockItem, string]>([
    [
      'L-10.1: triple block has no leave',
      { kind: 'leave', from: '2026-03-05', to: '2026-03-06' },
      'leave-not-allowed',
    ],
    [
      'L-6.10: the TD never stops a triple-block clock',
      { kind: 'pause', from: '2026-03-05', to: null },
      'pause-not-allowed',
    ],
    [
      'L-App.C: a triple-block clock is set in clock and bank days',
      { kind: 'set-clock', on: '2026-03-05', usedDays: 3 },
      'set-clock-mismatch',
    ],
  ])('%s', (_name, item, code) => {
    expect(clockTable(small, [item])).toEqual({ ok: false, error: { code, index: 0 } });
  });

  it('P-7e: under triple block a restart puts the clock back to its start, the bank kept', () => {
    const items: ClockItem[] = [
      ...game.slice(0, 3),
      { kind: 'restart', on: '2026-03-15' },
      game[3]!,
    ];
    const { rows } = derived(clockTable(small, items));
    // Move 4: delivered Mar 16 after the notice: 10 − 5 = 5, +2 = 7, bank 3.
    expect(rows[3]).toMatchObject({ move: 4, clockDays: 7, bankDays: 3, countFrom: 4 });
  });
});

describe('per-move: at most D days for each move, nothing carries', () => {
  const perMove = perMoveControl({ days: 7 });
  const game: ClockItem[] = [
    move(1, '2026-05-01', '2026-05-03'),
    move(2, '2026-05-06', '2026-05-13'),
    { kind: 'leave', from: '2026-05-18', to: '2026-05-19' },
    move(3, '2026-05-15', '2026-05-24'),
    move(4, '2026-05-26', '2026-06-04'),
    { kind: 'penalty', on: '2026-06-05', days: 5 },
    move(5, '2026-06-07', '2026-06-09'),
  ];

  it('P-6a: a per-move table with leave, a penalty and an excess', () => {
    const { rows, excesses } = derived(clockTable(perMove, game));
    expect(onPaper(rows)).toEqual([
      // move, delivered, dispatched, used, penalty, total, control, left
      [1, '2026-05-01', '2026-05-03', 2, 0, 2, 1, 5],
      [2, '2026-05-06', '2026-05-13', 7, 0, 9, 2, 0],
      [3, '2026-05-15', '2026-05-24', 7, 0, 16, 3, 0], // 9 days, 2 of them leave
      [4, '2026-05-26', '2026-06-04', 9, 0, 25, 4, -2],
      [5, '2026-06-07', '2026-06-09', 2, 5, 32, 5, 0], // the penalty counts on this move
    ]);
    expect(excesses).toEqual([
      {
        controlMove: 4,
        limitDays: 7,
        occurredOn: '2026-06-03',
        overOnDay: 1,
        overDays: 2,
        countFrom: 1,
      },
    ]);
  });

  it('P-6a: the live per-move clock', () => {
    const result = derived(
      deriveClock(perMove, game, {
        pending: { number: 6, deliveredOn: '2026-06-12' },
        now: '2026-06-15',
      }),
    );
    expect(result.live).toMatchObject({
      usedDays: 3,
      daysLeft: 4,
      controlMove: 6,
      exceedsOn: '2026-06-20',
    });
  });
});

describe('a penalty after the last move of a player not to move (P-2k, P-6g, P-13)', () => {
  it('P-2k: is in no row, and the table says where it leaves the count toward the next move', () => {
    const items: ClockItem[] = [
      move(1, '2026-01-05', '2026-01-07'),
      move(2, '2026-01-10', '2026-01-12'),
      { kind: 'penalty', on: '2026-01-14', days: 5 },
    ];
    const { rows, sinceLast } = derived(clockTable(postalControl(), items));
    // Was: the rows alone, 4 days used and 26 left, as if no penalty had been given.
    expect(rows.at(-1)).toMatchObject({ move: 2, totalDays: 4, daysLeft: 26 });
    expect(sinceLast).toEqual({
      move: 3,
      penaltyDays: 5,
      totalDays: 9,
      controlMove: 10,
      daysLeft: 21,
    });
    // With no penalty since the last move there is nothing to say.
    expect(derived(clockTable(postalControl(), items.slice(0, 2))).sinceLast).toBeUndefined();
  });
});
