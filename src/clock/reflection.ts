// Reflection time of one move (P-6d): the calendar days from the delivery date of the opponent's
// move to the dispatch date of the reply. Transit before delivery does not count (P-6e); days
// the player is on leave (P-8a) or the TD has paused the game (L-6.10) do not count either.
//
// Day convention: the days counted are those after the delivery day up to and including the
// dispatch day (delivered and answered the same day = 0 days). A day is left out when it falls
// inside any excluded range; a day that is both leave and pause is left out once.

import { addDays, type CalendarDate, daysBetween } from './calendar-date.ts';
import { type OpenDateRange, rangeContains } from './date-range.ts';

export const isExcludedDay = (date: CalendarDate, excluded: readonly OpenDateRange[]): boolean =>
  excluded.some((range) => rangeContains(range, date));

export interface Reflection {
  /** Calendar days from delivery to dispatch (P-6d). */
  readonly calendarDays: number;
  /** Of those, days on leave or paused by the TD. */
  readonly excludedDays: number;
  /** The days that count: calendarDays − excludedDays. */
  readonly days: number;
}

export function reflection(
  deliveredOn: CalendarDate,
  dispatchedOn: CalendarDate,
  excluded: readonly OpenDateRange[] = [],
): Reflection {
  const calendarDays = Math.max(0, daysBetween(deliveredOn, dispatchedOn));
  let excludedDays = 0;
  for (let i = 1; i <= calendarDays; i++) {
    if (isExcludedDay(addDays(deliveredOn, i), excluded)) excludedDays++;
  }
  return { calendarDays, excludedDays, days: calendarDays - excludedDays };
}
