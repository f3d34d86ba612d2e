import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDate,
  calendarDateOf,
  daysBetween,
  deliveryDate,
  deliveryDateOf,
  parseCalendarDate,
  reflection,
} from '../../src/clock/index.ts';

describe('calendar dates', () => {
  it.each([
    ['2026-11-22', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-05', false],
    ['2026-04-31', false],
    ['22.11.2026', false],
    ['', false],
  ])('P-6d: %s is a calendar date: %s', (text, valid) => {
    expect(parseCalendarDate(text).ok).toBe(valid);
  });

  it.each<[CalendarDate, CalendarDate, number]>([
    ['2026-11-22', '2026-11-22', 0],
    ['2026-11-22', '2026-11-23', 1],
    ['2026-11-23', '2026-11-22', -1],
    ['2026-12-24', '2027-01-08', 15],
    ['2028-02-28', '2028-03-01', 2],
    ['2026-02-28', '2026-03-01', 1],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
  ])('P-6d: from %s to %s is %i calendar days', (a, b, days) => {
    expect(daysBetween(a, b)).toBe(days);
    expect(addDays(a, days)).toBe(b);
  });
});

describe('instants to calendar dates in the event zone', () => {
  it.each([
    ['2026-11-20T23:30:00Z', 'Europe/Kyiv', '2026-11-21'],
    ['2026-11-20T23:30:00Z', 'America/New_York', '2026-11-20'],
    ['2026-11-20T23:30:00+01:00', 'Europe/Warsaw', '2026-11-20'],
    ['Fri, 20 Nov 2026 23:30:00 -0500', 'Europe/Warsaw', '2026-11-21'],
    ['Fri, 20 Nov 2026 23:30:00 +0100', 'UTC', '2026-11-20'],
    // The night the clocks go back in Europe: still one calendar day per date.
    ['2026-10-25T01:30:00Z', 'Europe/Prague', '2026-10-25'],
  ])('P-6d: %s is %s in %s', (instant, zone, date) => {
    expect(calendarDateOf(instant, zone)).toEqual({ ok: true, value: date });
  });

  it.each([
    ['2026-11-20T23:30:00', 'Europe/Warsaw', 'missing-offset'],
    ['yesterday at noon', 'Europe/Warsaw', 'invalid-instant'],
    ['2026-11-20T23:30:00Z', 'Mars/Olympus_Mons', 'invalid-zone'],
  ])('P-6d: %s in %s is refused (%s)', (instant, zone, error) => {
    expect(calendarDateOf(instant, zone)).toEqual({ ok: false, error });
  });
});

describe('delivery date for email', () => {
  it.each([
    ['same-day', '2026-11-20'],
    ['next-day', '2026-11-21'],
  ] as const)(
    'P-6d: a move that reached the player on 2026-11-20 counts as delivered (%s) on %s',
    (rule, date) => {
      expect(deliveryDate('2026-11-20', rule)).toBe(date);
    },
  );

  it('P-6d: the delivery date of an email is taken in the event zone, then the rule applies', () => {
    expect(deliveryDateOf('2026-12-31T23:10:00Z', 'Europe/Kyiv', 'next-day')).toEqual({
      ok: true,
      value: '2027-01-02',
    });
    expect(deliveryDateOf('2026-12-31T23:10:00', 'Europe/Kyiv', 'next-day').ok).toBe(false);
  });
});

describe('reflection time of one move', () => {
  it.each<
    [
      string,
      CalendarDate,
      CalendarDate,
      { from: CalendarDate; to: CalendarDate | null }[],
      number,
      number,
    ]
  >([
    ['delivered and answered the same day', '2026-11-10', '2026-11-10', [], 0, 0],
    ['answered the next day', '2026-11-10', '2026-11-11', [], 1, 0],
    ['a week', '2026-11-10', '2026-11-17', [], 7, 0],
    [
      'leave on three days of it',
      '2026-11-10',
      '2026-11-17',
      [{ from: '2026-11-12', to: '2026-11-14' }],
      4,
      3,
    ],
    [
      'leave starting on the delivery day',
      '2026-11-10',
      '2026-11-17',
      [{ from: '2026-11-08', to: '2026-11-11' }],
      6,
      1,
    ],
    [
      'leave on the dispatch day',
      '2026-11-10',
      '2026-11-17',
      [{ from: '2026-11-17', to: '2026-11-30' }],
      6,
      1,
    ],
    [
      'leave and a TD pause overlapping count once',
      '2026-11-10',
      '2026-11-20',
      [
        { from: '2026-11-12', to: '2026-11-15' },
        { from: '2026-11-14', to: '2026-11-16' },
      ],
      5,
      5,
    ],
    ['an open TD pause', '2026-11-10', '2026-11-20', [{ from: '2026-11-18', to: null }], 7, 3],
  ])('P-6d, P-8a, L-6.10: %s', (_name, deliveredOn, dispatchedOn, excluded, days, excludedDays) => {
    const result = reflection(deliveredOn, dispatchedOn, excluded);
    expect(result.days).toBe(days);
    expect(result.excludedDays).toBe(excludedDays);
    expect(result.calendarDays).toBe(daysBetween(deliveredOn, dispatchedOn));
  });

  it('P-6e: time in transit does not count — only delivery to dispatch', () => {
    // The opponent posted on 2026-11-01; it was delivered on 2026-11-06; the reply left on 2026-11-08.
    expect(reflection('2026-11-06', '2026-11-08').days).toBe(2);
  });
});
