// Leave (P-8a, P-8c, L-10.1): days taken per calendar year — a leave across New Year counts
// in each year — and checking a request against the event's allowance per year (P-8a: 30 by
// default; ICCF events 45) plus what the TD granted on top (P-8c). Triple block has no leave
// (L-10.1). The clock side of leave (its days do not count) is in reflection.ts.

import { type DateRange, rangeDaysByYear, rangesOverlap, validateRange } from './date-range.ts';
import { err, ok, type Result } from './result.ts';
import { allowsLeave, type TimeControl } from './time-control.ts';

/** A TD grant of extra leave days for one year (P-8c: normally up to 30). */
export interface LeaveGrant {
  readonly year: number;
  readonly days: number;
}

export interface LeavePolicy {
  /** Days of leave a player may take per calendar year (P-8a). */
  readonly allowancePerYear: number;
  readonly grants: readonly LeaveGrant[];
}

export interface LeaveYear {
  readonly year: number;
  /** Allowance plus the TD's grants for the year. */
  readonly allowedDays: number;
  /** Days taken before this request. */
  readonly takenDays: number;
  readonly requestedDays: number;
  /** Days still available after the request (before it, on failure). */
  readonly availableDays: number;
}

export const LEAVE_ERROR_CODES = [
  'leave-not-allowed',
  'invalid-date',
  'invalid-range',
  'overlaps-taken-leave',
  'exceeds-allowance',
] as const;
export type LeaveErrorCode = (typeof LEAVE_ERROR_CODES)[number];

export type LeaveError =
  | { readonly code: Exclude<LeaveErrorCode, 'exceeds-allowance' | 'overlaps-taken-leave'> }
  /** `with`: the leave already announced that the request overlaps. */
  | { readonly code: 'overlaps-taken-leave'; readonly with: DateRange }
  | {
      readonly code: 'exceeds-allowance';
      /** The first year the request does not fit in, with the days still available in it. */
      readonly year: number;
      readonly availableDays: number;
      readonly requestedDays: number;
    };

/** P-8a default allowance per year for a control: 30; ICCF events 45; none under triple block. */
export const defaultLeavePerYear = (control: TimeControl): number =>
  control.preset === 'triple-block' ? 0 : control.preset === 'iccf' ? 45 : 30;

/** Days of leave per calendar year, earliest first. */
export function leaveDaysByYear(
  periods: readonly DateRange[],
): readonly { year: number; days: number }[] {
  const byYear = new Map<number, number>();
  for (const period of periods) {
    for (const { year, days } of rangeDaysByYear(period)) {
      byYear.set(year, (byYear.get(year) ?? 0) + days);
    }
  }
  return [...byYear.entries()].sort(([a], [b]) => a - b).map(([year, days]) => ({ year, days }));
}

export const allowedLeaveDays = (policy: LeavePolicy, year: number): number =>
  policy.allowancePerYear +
  policy.grants.filter((grant) => grant.year === year).reduce((sum, grant) => sum + grant.days, 0);

/** Days of leave still available in `year`. */
export function availableLeaveDays(
  policy: LeavePolicy,
  taken: readonly DateRange[],
  year: number,
): number {
  const used = leaveDaysByYear(taken).find((entry) => entry.year === year)?.days ?? 0;
  return allowedLeaveDays(policy, year) - used;
}

/** Checks a leave request; on success, per year of the request, the days available after it. */
export function checkLeaveRequest(
  control: TimeControl,
  policy: LeavePolicy,
  taken: readonly DateRange[],
  request: DateRange,
): Result<readonly LeaveYear[], LeaveError> {
  if (!allowsLeave(control)) return err({ code: 'leave-not-allowed' });
  const valid = validateRange(request);
  if (!valid.ok) return err({ code: valid.error });
  const overlapped = taken.find((period) => rangesOverlap(period, request));
  if (overlapped) return err({ code: 'overlaps-taken-leave', with: overlapped });
  const years: LeaveYear[] = [];
  for (const { year, days } of rangeDaysByYear(request)) {
    const allowedDays = allowedLeaveDays(policy, year);
    const available = availableLeaveDays(policy, taken, year);
    if (days > available) {
      return err({
        code: 'exceeds-allowance',
        year,
        availableDays: Math.max(0, available),
        requestedDays: days,
      });
    }
    years.push({
      year,
      allowedDays,
      takenDays: allowedDays - available,
      requestedDays: days,
      availableDays: available - days,
    });
  }
  return ok(years);
}
