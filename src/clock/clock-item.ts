// What the referee feeds the clock for one player: a chronological list of clock items, each
// plain data derived from the game's stored events. The clock itself is never stored.
//
// - move (P-2k, P-6d, P-6f): the player's move `number`, the delivery date of the opponent's
//   move it answers and its own dispatch date; an accepted conditional move takes no reflection
//   time but counts for the control. For move 1 of White, `deliveredOn` is the start date.
// - penalty (P-6g): `days` added to the player's used time on date `on`.
// - leave (P-8a, P-8c) and pause (L-6.10): inclusive ranges of days on which the clock does not
//   run; their place in the list does not matter. A pause may be open (`to: null`). A pause
//   when no move could be played (`noPlay`), not the TD's — play stopped at the event's end
//   (P-10), or the days a game stood annulled before the TD reinstated it (P-9a) — is allowed
//   under every control, Triple Block too: no player's time ran while no move could be played.
// - set-clock: the TD sets the clock as of the end of day `on` — `usedDays` for postal and iccf
//   (total used in the current count) and per-move (used on the move in progress); `clockDays`
//   and `bankDays` for triple block.
// - restart (P-7e): the TD upheld an excess; `on` is the date the offender received the notice
//   of the claim. The count starts afresh — see clock-table.ts for exactly what that means.
//
// Point items (penalty, set-clock, restart) sit in the list between the moves they fall
// between, dated no earlier than the dispatch of the move before and no later than the
// dispatch of the move after.

import type { CalendarDate } from './calendar-date.ts';

export const CLOCK_ITEM_KINDS = [
  'move',
  'penalty',
  'leave',
  'pause',
  'set-clock',
  'restart',
] as const;
export type ClockItemKind = (typeof CLOCK_ITEM_KINDS)[number];

export interface MoveItem {
  readonly kind: 'move';
  readonly number: number;
  readonly deliveredOn: CalendarDate;
  readonly dispatchedOn: CalendarDate;
  readonly conditional?: boolean;
}

export interface PenaltyItem {
  readonly kind: 'penalty';
  readonly on: CalendarDate;
  readonly days: number;
}

export interface LeaveItem {
  readonly kind: 'leave';
  readonly from: CalendarDate;
  readonly to: CalendarDate;
}

export interface PauseItem {
  readonly kind: 'pause';
  readonly from: CalendarDate;
  readonly to: CalendarDate | null;
  /**
   * No move could be played (play stopped at the event's end, P-10; the game annulled until
   * the TD reinstated it, P-9a): not a TD's pause (L-6.10).
   */
  readonly noPlay?: boolean;
}

export type SetClockItem =
  | { readonly kind: 'set-clock'; readonly on: CalendarDate; readonly usedDays: number }
  | {
      readonly kind: 'set-clock';
      readonly on: CalendarDate;
      readonly clockDays: number;
      readonly bankDays: number;
    };

export interface RestartItem {
  readonly kind: 'restart';
  readonly on: CalendarDate;
}

export type PointItem = PenaltyItem | SetClockItem | RestartItem;
export type ClockItem = MoveItem | PenaltyItem | LeaveItem | PauseItem | SetClockItem | RestartItem;

/** The move the player still has to make, for the live clock. */
export interface PendingMove {
  readonly number: number;
  /** Delivery date of the opponent's move that the player has to answer. */
  readonly deliveredOn: CalendarDate;
}
