// Counting excesses of time for the referee, who applies the event's "N excesses allowed"
// (P-6b, P-7f: postal allows one, the second loses; an ICCF server event allows none; L-6.7 —
// the loss, or a draw when the opponent cannot mate — is the referee's). Also the record a
// time-exceeded claim goes to the TD with (P-7a).

import { type CalendarDate, compareDates } from './calendar-date.ts';
import type { ClockRow, Excess } from './clock-table.ts';

/** Excesses allowed before the next one loses: P-6b for postal play; none on an ICCF server. */
export const EXCESSES_ALLOWED = { postal: 1, iccfServer: 0 } as const;

/** Excesses that occurred up to and including `asOf` (all of them without it). */
export const countExcesses = (excesses: readonly Excess[], asOf?: CalendarDate): number =>
  asOf === undefined
    ? excesses.length
    : excesses.filter((excess) => compareDates(excess.occurredOn, asOf) <= 0).length;

/** The excess that loses the game — the first beyond the `allowed` ones — or null (P-7f). */
export const losingExcess = (excesses: readonly Excess[], allowed: number): Excess | null =>
  excesses[allowed] ?? null;

/**
 * P-7a: the record of the replies for the claim — every row of the count the excess happened
 * in, from its first move up to and including the control move (or the last move made).
 */
export const claimRecord = (rows: readonly ClockRow[], excess: Excess): readonly ClockRow[] =>
  rows.filter(
    (row) =>
      row.countFrom === excess.countFrom &&
      row.move >= excess.countFrom &&
      row.move <= excess.controlMove,
  );
