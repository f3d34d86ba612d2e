// Calendar dates ('YYYY-MM-DD') and day arithmetic on them (P-6d: the clock counts calendar
// days). Pure integer arithmetic on a proleptic Gregorian day count — no Date, no time zone:
// a calendar date is already the day in the event's zone (see instant.ts for the conversion).

import { err, ok, type Result } from './result.ts';

/** A calendar day, written 'YYYY-MM-DD'. Validate unknown strings with parseCalendarDate. */
export type CalendarDate = `${number}-${number}-${number}`;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

// Days from 1970-01-01 (H. Hinnant's days_from_civil / civil_from_days).
const toEpochDay = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
};

const fromEpochDay = (epochDay: number): CalendarDate => {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as CalendarDate;
};

/** Validates 'YYYY-MM-DD' (a real day of the Gregorian calendar, years 0001..9999). */
export function parseCalendarDate(text: string): Result<CalendarDate, 'invalid-date'> {
  const match = DATE_PATTERN.exec(text);
  if (!match) return err('invalid-date');
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return err('invalid-date');
  const date = fromEpochDay(toEpochDay(year, month, day));
  return date === text ? ok(date) : err('invalid-date');
}

export const isCalendarDate = (text: string): text is CalendarDate => parseCalendarDate(text).ok;

// Dates reaching the arithmetic are assumed valid (the clock validates its inputs first).
// Read by position ('YYYY-MM-DD'): the clock asks this for every day it walks, and splitting
// the string made it the largest single cost of planning a game's due work.
export const epochDayOf = (date: CalendarDate): number =>
  toEpochDay(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));

export const dateOfEpochDay = (epochDay: number): CalendarDate => fromEpochDay(epochDay);

/** Calendar days from a to b: 0 for the same day, 1 for the next day, negative if b is earlier. */
export const daysBetween = (a: CalendarDate, b: CalendarDate): number =>
  epochDayOf(b) - epochDayOf(a);

export const addDays = (date: CalendarDate, days: number): CalendarDate =>
  fromEpochDay(epochDayOf(date) + days);

/** Negative, zero or positive, like a sort comparator ('YYYY-MM-DD' also sorts as text). */
export const compareDates = (a: CalendarDate, b: CalendarDate): number => daysBetween(b, a);

export const yearOf = (date: CalendarDate): number => Number(date.slice(0, 4));

export const laterDate = (a: CalendarDate, b: CalendarDate): CalendarDate =>
  compareDates(a, b) >= 0 ? a : b;
