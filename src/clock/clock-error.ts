// Why a clock could not be derived from the items the referee passed in. Codes are stable;
// `index` points at the offending clock item (null when the control, the pending move or
// `now` is at fault).

export const CLOCK_ERROR_CODES = [
  'invalid-control',
  'invalid-date',
  'invalid-range',
  'invalid-days',
  'move-out-of-sequence',
  'dispatch-before-delivery',
  'delivery-before-previous-dispatch',
  'item-out-of-order',
  'item-after-now',
  'leave-not-allowed',
  'pause-not-allowed',
  'set-clock-mismatch',
  'pending-out-of-sequence',
  'now-before-last-dispatch',
] as const;
export type ClockErrorCode = (typeof CLOCK_ERROR_CODES)[number];

export interface ClockError {
  readonly code: ClockErrorCode;
  readonly index: number | null;
}
