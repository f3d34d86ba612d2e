// Converting an instant — an email's Date header (RFC 2822) or an ISO 8601 timestamp, always
// with its UTC offset — to the calendar date in the event's IANA time zone (P-6d: days are
// calendar days in the event's zone). An instant without an offset is refused rather than
// read in the machine's zone, which would make the result depend on where the referee runs.

import { DateTime, IANAZone } from 'luxon';
import type { CalendarDate } from './calendar-date.ts';
import { err, ok, type Result } from './result.ts';

export const INSTANT_ERRORS = ['invalid-instant', 'missing-offset', 'invalid-zone'] as const;
export type InstantError = (typeof INSTANT_ERRORS)[number];

const ISO_OFFSET = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Zones already checked: luxon builds an Intl.DateTimeFormat to check one (~0.2 ms each time). */
const zoneValidity = new Map<string, boolean>();

export function isValidTimeZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (zoneValidity.size < 1_000) zoneValidity.set(zone, valid);
  }
  return valid;
}

/** The calendar date, in `zone`, of an ISO 8601 or RFC 2822 instant that carries its offset. */
export function calendarDateOf(instant: string, zone: string): Result<CalendarDate, InstantError> {
  if (!isValidTimeZone(zone)) return err('invalid-zone');
  const text = instant.trim();
  let parsed = DateTime.fromISO(text, { zone: 'utc' });
  if (parsed.isValid) {
    if (!ISO_OFFSET.test(text)) return err('missing-offset');
  } else {
    parsed = DateTime.fromRFC2822(text, { zone: 'utc' });
    if (!parsed.isValid) return err('invalid-instant');
  }
  const date = parsed.setZone(zone).toISODate();
  return date === null ? err('invalid-instant') : ok(date as CalendarDate);
}
