// Test helpers for the clock: a clock table as a TD writes it on paper, one tuple per move.

import type {
  CalendarDate,
  ClockDerivation,
  ClockError,
  ClockRow,
  Result,
} from '../../src/clock/index.ts';

/** move, delivered, dispatched, days used, penalty, total, control move, days left to it */
export type PaperRow = [
  number,
  CalendarDate,
  CalendarDate,
  number,
  number,
  number,
  number | null,
  number,
];

export const onPaper = (rows: readonly ClockRow[]): PaperRow[] =>
  rows.map((row) => [
    row.move,
    row.deliveredOn,
    row.dispatchedOn,
    row.usedDays,
    row.penaltyDays,
    row.totalDays,
    row.controlMove,
    row.daysLeft,
  ]);

export function derived(result: Result<ClockDerivation, ClockError>): ClockDerivation {
  if (!result.ok)
    throw new Error(`clock failed: ${result.error.code} at item ${result.error.index}`);
  return result.value;
}
