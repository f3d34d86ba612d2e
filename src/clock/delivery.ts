// When an emailed move counts as delivered (P-6d, P-2m: the event, with the TD, sets the meaning
// of "delivery date" for email). 'same-day': delivered the calendar day it reached the player;
// 'next-day': the ICCF email custom, delivered the day after it reached the player.

import { addDays, type CalendarDate } from './calendar-date.ts';
import { calendarDateOf, type InstantError } from './instant.ts';
import { ok, type Result } from './result.ts';

export const DELIVERY_RULES = ['same-day', 'next-day'] as const;
export type DeliveryRule = (typeof DELIVERY_RULES)[number];

export const deliveryDate = (receivedOn: CalendarDate, rule: DeliveryRule): CalendarDate =>
  rule === 'next-day' ? addDays(receivedOn, 1) : receivedOn;

/** The delivery date of a move that reached the player at `instant`, in the event's zone. */
export function deliveryDateOf(
  instant: string,
  zone: string,
  rule: DeliveryRule,
): Result<CalendarDate, InstantError> {
  const received = calendarDateOf(instant, zone);
  return received.ok ? ok(deliveryDate(received.value, rule)) : received;
}
