import { describe, expect, it } from 'vitest';
import {
  availableLeaveDays,
  checkLeaveRequest,
  type DateRange,
  defaultLeavePerYear,
  iccfControl,
  type LeavePolicy,
  leaveDaysByYear,
  perMoveControl,
  postalControl,
  tripleBlockControl,
} from '../../src/clock/index.ts';

const postal = postalControl();
const policy: LeavePolicy = { allowancePerYear: 30, grants: [] };
const summer: DateRange = { from: '2026-06-01', to: '2026-06-20' }; // 20 days

describe('leave per calendar year (P-8a, P-8c, L-10.1)', () => {
  it('P-8a: a leave across New Year counts in each year', () => {
    expect(leaveDaysByYear([{ from: '2026-12-28', to: '2027-01-03' }, summer])).toEqual([
      { year: 2026, days: 24 },
      { year: 2027, days: 3 },
    ]);
  });

  it.each([
    [postal, 30],
    [perMoveControl(), 30],
    [iccfControl(), 45],
    [tripleBlockControl(), 0],
  ])('P-8a, L-10.1: the default allowance per year for %o is %i days', (control, days) => {
    expect(defaultLeavePerYear(control)).toBe(days);
  });

  it.each<[string, LeavePolicy, DateRange, unknown]>([
    [
      'P-8a: a request within the allowance, split across New Year',
      policy,
      { from: '2026-12-25', to: '2027-01-05' },
      {
        ok: true,
        value: [
          { year: 2026, allowedDays: 30, takenDays: 20, requestedDays: 7, availableDays: 3 },
          { year: 2027, allowedDays: 30, takenDays: 0, requestedDays: 5, availableDays: 25 },
        ],
      },
    ],
    [
      'P-8a: a request beyond what is left in the year is refused with the days still available',
      policy,
      { from: '2026-12-20', to: '2027-01-05' },
      {
        ok: false,
        error: { code: 'exceeds-allowance', year: 2026, availableDays: 10, requestedDays: 12 },
      },
    ],
    [
      'P-8c: the TD may grant more days in a year',
      { allowancePerYear: 30, grants: [{ year: 2026, days: 5 }] },
      { from: '2026-12-20', to: '2027-01-05' },
      {
        ok: true,
        value: [
          { year: 2026, allowedDays: 35, takenDays: 20, requestedDays: 12, availableDays: 3 },
          { year: 2027, allowedDays: 30, takenDays: 0, requestedDays: 5, availableDays: 25 },
        ],
      },
    ],
    [
      'P-8c: a grant for another year does not help',
      { allowancePerYear: 30, grants: [{ year: 2027, days: 30 }] },
      { from: '2026-12-20', to: '2026-12-31' },
      {
        ok: false,
        error: { code: 'exceeds-allowance', year: 2026, availableDays: 10, requestedDays: 12 },
      },
    ],
    [
      'P-8a: a new year brings a new allowance',
      policy,
      { from: '2027-06-01', to: '2027-06-30' },
      {
        ok: true,
        value: [{ year: 2027, allowedDays: 30, takenDays: 0, requestedDays: 30, availableDays: 0 }],
      },
    ],
    [
      'P-8a: leave days are not taken twice',
      policy,
      { from: '2026-06-15', to: '2026-06-22' },
      {
        ok: false,
        error: { code: 'overlaps-taken-leave', with: { from: '2026-06-01', to: '2026-06-20' } },
      },
    ],
    [
      'P-8a: a leave must end on or after its first day',
      policy,
      { from: '2026-09-10', to: '2026-09-01' },
      { ok: false, error: { code: 'invalid-range' } },
    ],
  ])('%s', (_name, leavePolicy, request, expected) => {
    expect(checkLeaveRequest(postal, leavePolicy, [summer], request)).toEqual(expected);
  });

  it('L-10.1: triple block has no leave', () => {
    expect(
      checkLeaveRequest(tripleBlockControl(), policy, [], { from: '2026-06-01', to: '2026-06-02' }),
    ).toEqual({ ok: false, error: { code: 'leave-not-allowed' } });
  });

  it('P-8a: ICCF events allow 45 days a year', () => {
    const iccfPolicy: LeavePolicy = {
      allowancePerYear: defaultLeavePerYear(iccfControl()),
      grants: [],
    };
    expect(availableLeaveDays(iccfPolicy, [summer], 2026)).toBe(25);
    expect(
      checkLeaveRequest(iccfControl(), iccfPolicy, [summer], {
        from: '2026-09-01',
        to: '2026-09-25',
      }).ok,
    ).toBe(true);
    expect(
      checkLeaveRequest(iccfControl(), iccfPolicy, [summer], {
        from: '2026-09-01',
        to: '2026-09-26',
      }).ok,
    ).toBe(false);
  });
});
