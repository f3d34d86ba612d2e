import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, parseCalendarDate, reflection } from '../../src/clock/index.ts';

const date = fc
  .integer({ min: -200_000, max: 200_000 })
  .map((offset) => addDays('2026-11-22', offset));

describe('calendar arithmetic properties', () => {
  it('P-6d: adding n days and counting them back gives n, and every date produced is valid', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -5000, max: 5000 }), (start, n) => {
        const end = addDays(start, n);
        expect(parseCalendarDate(end).ok).toBe(true);
        expect(daysBetween(start, end)).toBe(n);
      }),
    );
  });

  it('P-6d, P-8a: counted and excluded days add up to the calendar days', () => {
    fc.assert(
      fc.property(
        date,
        fc.nat(400),
        fc.integer({ min: -50, max: 450 }),
        fc.nat(60),
        (from, span, leaveStart, leaveLength) => {
          const leave = {
            from: addDays(from, leaveStart),
            to: addDays(from, leaveStart + leaveLength),
          };
          const result = reflection(from, addDays(from, span), [leave]);
          expect(result.calendarDays).toBe(span);
          expect(result.days + result.excludedDays).toBe(span);
          expect(result.excludedDays).toBeLessThanOrEqual(leaveLength + 1);
        },
      ),
    );
  });
});
