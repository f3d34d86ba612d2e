// Inclusive ranges of calendar days: leave periods (P-8a, P-8c) and TD pauses (L-6.10). A pause
// may be open (`to: null`) while the TD has not yet resumed play.

import {
  addDays,
  type CalendarDate,
  compareDates,
  daysBetween,
  parseCalendarDate,
  yearOf,
} from './calendar-date.ts';
import { err, ok, type Result } from './result.ts';

export interface DateRange {
  readonly from: CalendarDate;
  /** Last day of the range, inclusive. */
  readonly to: CalendarDate;
}

export interface OpenDateRange {
  readonly from: CalendarDate;
  /** Last day, inclusive; null while the range has no end yet. */
  readonly to: CalendarDate | null;
}

export function validateRange(
  range: OpenDateRange,
): Result<OpenDateRange, 'invalid-date' | 'invalid-range'> {
  if (!parseCalendarDate(range.from).ok) return err('invalid-date');
  if (range.to === null) return ok(range);
  if (!parseCalendarDate(range.to).ok) return err('invalid-date');
  return compareDates(range.from, range.to) <= 0 ? ok(range) : err('invalid-range');
}

export const rangeContains = (range: OpenDateRange, date: CalendarDate): boolean =>
  compareDates(range.from, date) <= 0 && (range.to === null || compareDates(date, range.to) <= 0);

export const rangeDays = (range: DateRange): number => daysBetween(range.from, range.to) + 1;

export const rangesOverlap = (a: DateRange, b: DateRange): boolean =>
  compareDates(a.from, b.to) <= 0 && compareDates(b.from, a.to) <= 0;

/** The days of a range per calendar year, earliest year first (a range across New Year counts in each). */
export function rangeDaysByYear(range: DateRange): readonly { year: number; days: number }[] {
  const result: { year: number; days: number }[] = [];
  let from = range.from;
  while (compareDates(from, range.to) <= 0) {
    const year = yearOf(from);
    const yearEnd = `${String(year).padStart(4, '0')}-12-31` as CalendarDate;
    const to = compareDates(yearEnd, range.to) < 0 ? yearEnd : range.to;
    result.push({ year, days: daysBetween(from, to) + 1 });
    from = addDays(to, 1);
  }
  return result;
}
