// The correspondence clock, pure (issue 3): calendar days in the event's zone (P-6d), delivery
// for email (P-6d), reflection time (P-6d, P-6e, P-8a, L-6.10), time-control presets (P-6a,
// P-6c, iccf, triple block L-App.C, per-move), penalties (P-6g), the clock table and live clock
// (P-2k, P-6f, P-7e), excesses (P-6b, P-7a, P-7f) and leave (P-8a, P-8c, L-10.1).

export {
  addDays,
  type CalendarDate,
  compareDates,
  daysBetween,
  isCalendarDate,
  laterDate,
  parseCalendarDate,
  yearOf,
} from './calendar-date.ts';
export { CLOCK_ERROR_CODES, type ClockError, type ClockErrorCode } from './clock-error.ts';
export {
  CLOCK_ITEM_KINDS,
  type ClockItem,
  type ClockItemKind,
  type LeaveItem,
  type MoveItem,
  type PauseItem,
  type PenaltyItem,
  type PendingMove,
  type PointItem,
  type RestartItem,
  type SetClockItem,
} from './clock-item.ts';
export {
  type ClockDerivation,
  type ClockRow,
  clockTable,
  deriveClock,
  type Excess,
  type LiveClock,
  type LiveInput,
  liveClock,
  type PenaltySinceLast,
} from './clock-table.ts';
export {
  type DateRange,
  type OpenDateRange,
  rangeContains,
  rangeDays,
  rangeDaysByYear,
  rangesOverlap,
  validateRange,
} from './date-range.ts';
export { DELIVERY_RULES, type DeliveryRule, deliveryDate, deliveryDateOf } from './delivery.ts';
export { calendarDateOf, INSTANT_ERRORS, type InstantError, isValidTimeZone } from './instant.ts';
export {
  allowedLeaveDays,
  availableLeaveDays,
  checkLeaveRequest,
  defaultLeavePerYear,
  LEAVE_ERROR_CODES,
  type LeaveError,
  type LeaveErrorCode,
  type LeaveGrant,
  type LeavePolicy,
  type LeaveYear,
  leaveDaysByYear,
} from './leave.ts';
export { isExcludedDay, type Reflection, reflection } from './reflection.ts';
export { err, ok, type Result } from './result.ts';
export {
  allowsLeave,
  allowsPause,
  type CumulativeControl,
  type IccfControl,
  iccfControl,
  isCumulative,
  type PerMoveControl,
  type PostalControl,
  perMoveControl,
  postalControl,
  TIME_CONTROL_ERRORS,
  TIME_CONTROL_PRESETS,
  type TimeControl,
  type TimeControlError,
  type TimeControlPreset,
  type TripleBlockControl,
  tripleBlockControl,
  validateTimeControl,
} from './time-control.ts';
export { claimRecord, countExcesses, EXCESSES_ALLOWED, losingExcess } from './time-exceeded.ts';
