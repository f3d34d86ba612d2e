// The clock table (P-2k) and the live clock, derived from one player's clock items: a fold over
// the items, a day at a time, never stored. It enforces the counting rules — P-6a, P-6c (the
// cumulative control), P-6d, P-6e (reflection from delivery to dispatch, transit not counted),
// P-6f (accepted conditional moves count as moves, with no reflection), P-6g (penalties),
// P-8a, P-8c, L-10.1 (leave stops the clock; none under triple block), L-6.10 (TD pauses; none
// under triple block, though play stopped at the event's end, P-10, stops every clock) — and
// finds each excess of time (P-6b, P-7a, P-7f). Deciding what an excess costs (P-6b: one
// allowed; L-6.7) is the referee's; see time-exceeded.ts.
//
// P-7e, "the offender's time is counted afresh from the date the notice of the claim was
// received": at the end of that day (a `restart` item) the count of used time goes back to
// zero and a new control series begins at the move then in progress, m: for postal and iccf
// the controls become moves m + N − 1, m + 2N − 1, … with D, 2D, … days, counted only from
// days after the notice date (reflection on move m before it is forgiven); per-move forgives
// what move m had used; triple block puts its clock back to the start value and keeps the bank.
// Excesses found before the restart stay on record — one of the restart's own day too (the
// claim is usually filed the day the player went over) — so a later one is the second (P-7f).
//
// An excess belongs to a control period (postal, iccf: up to a control move; per-move and triple
// block: one move). It is found as soon as the used time goes over what that period allows —
// which may be before the control move is made, since used time never shrinks by itself — and
// is dated on the day it went over. One period yields at most one excess; a total that is still
// over the next control's limit after the control move is a new excess in the next period.

import { addDays, type CalendarDate, compareDates, parseCalendarDate } from './calendar-date.ts';
import type { ClockError, ClockErrorCode } from './clock-error.ts';
import type { ClockItem, MoveItem, PendingMove, PointItem, SetClockItem } from './clock-item.ts';
import type { OpenDateRange } from './date-range.ts';
import {
  afterMove,
  chargeOfDay,
  cloneLedger,
  createLedger,
  crossedOn,
  type Ledger,
  restart,
  setClock,
  standing,
  totalAt,
  use,
} from './ledger.ts';
import { isExcludedDay } from './reflection.ts';
import { err, ok, type Result } from './result.ts';
import { allowsLeave, allowsPause, type TimeControl, validateTimeControl } from './time-control.ts';

/** One line of the clock table, as a TD writes it: one per move. */
export interface ClockRow {
  readonly move: number;
  readonly deliveredOn: CalendarDate;
  readonly dispatchedOn: CalendarDate;
  readonly conditional: boolean;
  /** Days of reflection that count (P-6d, P-6e): leave and pause days left out; 0 if conditional (P-6f). */
  readonly reflectionDays: number;
  /** Days of the interval on leave (P-8a) or paused by the TD (L-6.10). */
  readonly excludedDays: number;
  /** Days charged for this move: the reflection, iccf doubling included, since any restart or set-clock. */
  readonly usedDays: number;
  /** Penalty days (P-6g) applied since the previous move. */
  readonly penaltyDays: number;
  /** Days used in the current count after this move (P-2k). */
  readonly totalDays: number;
  /** First move of the current count (1, or the move a P-7e restart fell in). */
  readonly countFrom: number;
  /** The control move this move counts toward; null for triple block. */
  readonly controlMove: number | null;
  /** Days allowed in all at that control move; null for triple block. */
  readonly limitDays: number | null;
  /** Days left to the control move (negative when over); triple block: clock + bank after the move. */
  readonly daysLeft: number;
  /** Triple block only: clock and bank after the move (increment, cap and floor applied). */
  readonly clockDays: number | null;
  readonly bankDays: number | null;
  /** The last restart (P-7e) or TD setting (P-13) while this move was in progress, if any. */
  readonly sinceReset?: SinceReset;
}

/**
 * Since the last restart (P-7e) or TD setting of the clock (P-13) in a move's interval: when and
 * which, and the penalty and excluded days after it (the days the move is charged since).
 */
export interface SinceReset {
  readonly on: CalendarDate;
  readonly kind: 'restart' | 'set-clock';
  readonly penaltyDays: number;
  readonly excludedDays: number;
}

/** An excess of time (P-6b, P-7a, P-7f). */
export interface Excess {
  /** The control move of the period (per-move, triple block: the move in progress). */
  readonly controlMove: number;
  /** Days allowed in all at the control move; null for triple block. */
  readonly limitDays: number | null;
  /** The calendar day the used time went over. */
  readonly occurredOn: CalendarDate;
  /** Days over at the end of `occurredOn`. */
  readonly overOnDay: number;
  /** The most days over seen in the period: final once the control move was made. */
  readonly overDays: number;
  /** First move of the count it happened in. */
  readonly countFrom: number;
  /**
   * How many earlier excesses of this count the TD settled with set-clock (absent for none):
   * tells a new excess in the same period from the one settled.
   */
  readonly settled?: number;
  /**
   * How many P-7e restarts came before it (absent for none): tells an excess of a restarted
   * count from the one the restart followed, even on the same day.
   */
  readonly restarts?: number;
}

/** The clock of the player to move, on day `now`. */
export interface LiveClock {
  readonly move: number;
  readonly deliveredOn: CalendarDate;
  readonly now: CalendarDate;
  /** Days of reflection counted so far on this move. */
  readonly reflectionDays: number;
  readonly excludedDays: number;
  readonly usedDays: number;
  /** Penalty days applied since the last move. */
  readonly penaltyDays: number;
  readonly totalDays: number;
  readonly countFrom: number;
  readonly controlMove: number;
  readonly limitDays: number | null;
  /** Days left to the control (triple block: clock + bank); negative when over. */
  readonly daysLeft: number;
  readonly clockDays: number | null;
  readonly bankDays: number | null;
  /** The day time is (or will be) exceeded if no move is sent; null while a TD pause has no end. */
  readonly exceedsOn: CalendarDate | null;
  /** Time is already exceeded in the current control period. */
  readonly exceeded: boolean;
  /** As `Excess.settled` and `Excess.restarts`, for the excess of `exceedsOn` (absent for none). */
  readonly settled?: number;
  readonly restarts?: number;
  /**
   * The TD's last setting of the clock while this move was in progress (P-13), when no restart
   * came after it: `usedDays` counts from the end of its day, and what it set is in the total.
   */
  readonly clockSet?: SetClockItem;
  /**
   * The penalty and excluded days after the last restart (P-7e) or TD setting while this move
   * was in progress (absent for none): the days counted since, like `usedDays`.
   */
  readonly sinceReset?: SinceReset;
}

export interface ClockDerivation {
  readonly rows: readonly ClockRow[];
  readonly excesses: readonly Excess[];
  /** Present when a pending move and `now` were given. */
  readonly live: LiveClock | null;
  /**
   * With no live clock: the penalty days (P-6g, P-13) given since the last move, which count
   * toward the next one and are in no row yet, and the count with them (absent for none).
   */
  readonly sinceLast?: PenaltySinceLast;
}

/** Penalty days after a player's last move, and where they leave the count (P-2k). */
export interface PenaltySinceLast {
  /** The move they count toward. */
  readonly move: number;
  readonly penaltyDays: number;
  readonly totalDays: number;
  /** The control move; null for triple block. */
  readonly controlMove: number | null;
  /** Days left to the control move (triple block: clock + bank); negative when over. */
  readonly daysLeft: number;
}

export interface LiveInput {
  readonly pending: PendingMove;
  readonly now: CalendarDate;
}

interface Span {
  readonly reflectionDays: number;
  readonly excludedDays: number;
  readonly usedDays: number;
  readonly penaltyDays: number;
  /** The TD's last setting in the span, when no restart came after it. */
  readonly clockSet?: SetClockItem;
  /** Penalty and excluded days after the span's last restart or setting, if any. */
  readonly sinceReset?: SinceReset;
}

interface QueuedPoint {
  readonly item: PointItem;
  readonly index: number;
}

type MutableExcess = { -readonly [K in keyof Excess]: Excess[K] };

// Bound for looking ahead for the day time will run out (more than 27 years of days).
const PROJECTION_LIMIT_DAYS = 10_000;

const failure = (code: ClockErrorCode, index: number | null): { ok: false; error: ClockError } =>
  err({ code, index });

const datesOf = (item: ClockItem): (CalendarDate | null)[] => {
  switch (item.kind) {
    case 'move':
      return [item.deliveredOn, item.dispatchedOn];
    case 'leave':
    case 'pause':
      return [item.from, item.to];
    default:
      return [item.on];
  }
};

const isWholeDays = (n: number): boolean => Number.isInteger(n) && n >= 0;

/** Checks everything that does not depend on the order of the items. */
function checkItems(control: TimeControl, items: readonly ClockItem[]): ClockError | null {
  for (const [index, item] of items.entries()) {
    for (const date of datesOf(item)) {
      if (date !== null && !parseCalendarDate(date).ok) return { code: 'invalid-date', index };
    }
    switch (item.kind) {
      case 'leave':
      case 'pause':
        if (item.to !== null && compareDates(item.from, item.to) > 0) {
          return { code: 'invalid-range', index };
        }
        if (item.kind === 'leave' && !allowsLeave(control))
          return { code: 'leave-not-allowed', index };
        if (item.kind === 'pause' && !item.noPlay && !allowsPause(control))
          return { code: 'pause-not-allowed', index };
        break;
      case 'penalty':
        if (!isWholeDays(item.days)) return { code: 'invalid-days', index };
        break;
      case 'set-clock': {
        const days = 'usedDays' in item ? [item.usedDays] : [item.clockDays, item.bankDays];
        if (!days.every(isWholeDays)) return { code: 'invalid-days', index };
        const fits = 'clockDays' in item === (control.preset === 'triple-block');
        if (!fits) return { code: 'set-clock-mismatch', index };
        break;
      }
      case 'move':
        if (!Number.isInteger(item.number) || item.number < 1) {
          return { code: 'move-out-of-sequence', index };
        }
        if (compareDates(item.deliveredOn, item.dispatchedOn) > 0) {
          return { code: 'dispatch-before-delivery', index };
        }
        break;
      case 'restart':
        break;
    }
  }
  return null;
}

/**
 * Derives the clock table of one player, the excesses, and — given the pending move and `now`
 * — the live clock. Items must be in chronological order (see clock-item.ts).
 */
export function deriveClock(
  control: TimeControl,
  items: readonly ClockItem[],
  live: LiveInput | null = null,
): Result<ClockDerivation, ClockError> {
  if (validateTimeControl(control) !== null) return failure('invalid-control', null);
  const itemError = checkItems(control, items);
  if (itemError !== null) return err(itemError);

  const excluded: OpenDateRange[] = [];
  for (const item of items) {
    if (item.kind === 'leave' || item.kind === 'pause') excluded.push(item);
  }
  // The control series starts at move 1 (controls at moves N, 2N, …, P-7a) even when the
  // items start later.
  const ledger = createLedger(control, 1);
  const rows: ClockRow[] = [];
  const excesses: MutableExcess[] = [];
  const byPeriod = new Map<string, MutableExcess>();

  const check = (move: number, on: CalendarDate): void => {
    const now = standing(ledger, move);
    if (now.daysLeft >= 0) return;
    const over = -now.daysLeft;
    const known = byPeriod.get(now.periodKey);
    if (known) {
      known.overDays = Math.max(known.overDays, over);
      // Later the same day (a penalty after the day's reflection): the day ends so far over.
      if (on === known.occurredOn) known.overOnDay = over;
      return;
    }
    // Found on a later day than it happened (a total carried over a control move): by how
    // much on the day it happened, from the days the count reached then.
    const occurredOn = crossedOn(ledger, now.limitDays) ?? on;
    const then = occurredOn === on ? undefined : totalAt(ledger, occurredOn);
    const excess: MutableExcess = {
      controlMove: now.controlMove,
      limitDays: now.limitDays,
      occurredOn,
      overOnDay: then === undefined || now.limitDays === null ? over : then - now.limitDays,
      overDays: over,
      countFrom: ledger.countFrom,
      ...(ledger.settled ? { settled: ledger.settled } : {}),
      ...(ledger.generation ? { restarts: ledger.generation } : {}),
    };
    byPeriod.set(now.periodKey, excess);
    excesses.push(excess);
  };

  // A TD setting that brings a period already over back within its limit settles its excess.
  const set = (move: number, item: SetClockItem): void => {
    setClock(ledger, item);
    const now = standing(ledger, move);
    if (now.daysLeft >= 0 && byPeriod.has(now.periodKey)) ledger.settled++;
  };

  // Runs the clock for `move` from its delivery to `until` (its dispatch, or today), applying
  // the point items queued before it on their dates.
  const run = (
    move: number,
    deliveredOn: CalendarDate,
    until: CalendarDate,
    conditional: boolean,
    queue: readonly QueuedPoint[],
  ): Span => {
    let reflectionDays = 0;
    let excludedDays = 0;
    let usedDays = 0;
    let penaltyDays = 0;
    let clockSet: SetClockItem | undefined;
    let sinceReset: { -readonly [K in keyof SinceReset]: SinceReset[K] } | undefined;
    let next = 0;
    const apply = ({ item }: QueuedPoint): void => {
      if (item.kind === 'penalty') {
        use(ledger, item.days, item.on);
        penaltyDays += item.days;
        if (sinceReset) sinceReset.penaltyDays += item.days;
      } else {
        if (item.kind === 'restart') {
          // The restart comes at the end of its day: an excess of that day (the claim filed
          // the day the player went over, upheld) happened before it, and stays on record.
          check(move, item.on);
          restart(ledger, move, item.on);
          clockSet = undefined;
        } else {
          set(move, item);
          clockSet = item;
        }
        usedDays = 0;
        sinceReset = {
          on: item.on,
          kind: item.kind === 'restart' ? 'restart' : 'set-clock',
          penaltyDays: 0,
          excludedDays: 0,
        };
      }
      check(move, item.on);
    };
    const applyThrough = (day: CalendarDate): void => {
      for (
        let point = queue[next];
        point && compareDates(point.item.on, day) <= 0;
        point = queue[++next]
      ) {
        apply(point);
      }
    };
    applyThrough(deliveredOn);
    check(move, deliveredOn);
    for (let day = addDays(deliveredOn, 1); compareDates(day, until) <= 0; day = addDays(day, 1)) {
      if (!conditional) {
        if (isExcludedDay(day, excluded)) {
          excludedDays++;
          if (sinceReset) sinceReset.excludedDays++;
        } else {
          reflectionDays++;
          const charge = chargeOfDay(control, reflectionDays);
          use(ledger, charge, day);
          usedDays += charge;
        }
      }
      applyThrough(day);
      check(move, day);
    }
    return {
      reflectionDays,
      excludedDays,
      usedDays,
      penaltyDays,
      ...(clockSet ? { clockSet } : {}),
      ...(sinceReset ? { sinceReset } : {}),
    };
  };

  let queue: QueuedPoint[] = [];
  let last: MoveItem | null = null;
  for (const [index, item] of items.entries()) {
    if (item.kind === 'leave' || item.kind === 'pause') continue;
    if (item.kind !== 'move') {
      const previous = queue.at(-1)?.item.on ?? last?.dispatchedOn;
      if (previous !== undefined && compareDates(item.on, previous) < 0) {
        return failure('item-out-of-order', index);
      }
      queue.push({ item, index });
      continue;
    }
    if (last !== null && item.number !== last.number + 1)
      return failure('move-out-of-sequence', index);
    if (last !== null && compareDates(item.deliveredOn, last.dispatchedOn) < 0) {
      return failure('delivery-before-previous-dispatch', index);
    }
    const late = queue.find((point) => compareDates(point.item.on, item.dispatchedOn) > 0);
    if (late) return failure('item-out-of-order', late.index);

    const span = run(
      item.number,
      item.deliveredOn,
      item.dispatchedOn,
      item.conditional === true,
      queue,
    );
    const position = standing(ledger, item.number);
    afterMove(ledger, item.number);
    const triple = control.preset === 'triple-block';
    rows.push({
      move: item.number,
      deliveredOn: item.deliveredOn,
      dispatchedOn: item.dispatchedOn,
      conditional: item.conditional === true,
      reflectionDays: span.reflectionDays,
      excludedDays: span.excludedDays,
      usedDays: span.usedDays,
      penaltyDays: span.penaltyDays,
      totalDays: ledger.total,
      countFrom: ledger.countFrom,
      controlMove: triple ? null : position.controlMove,
      limitDays: position.limitDays,
      daysLeft: triple ? ledger.clock + ledger.bank : position.daysLeft,
      clockDays: triple ? ledger.clock : null,
      bankDays: triple ? ledger.bank : null,
      ...(span.sinceReset ? { sinceReset: span.sinceReset } : {}),
    });
    // A total still over the next control's limit is an excess of the next period (P-6c).
    check(item.number + 1, item.dispatchedOn);
    queue = [];
    last = item;
  }

  if (live === null) {
    // Point items after the last move count toward the next one.
    const next = last === null ? ledger.countFrom : last.number + 1;
    let penaltyDays = 0;
    for (const point of queue) {
      const { item } = point;
      if (item.kind === 'penalty') {
        use(ledger, item.days, item.on);
        penaltyDays += item.days;
      } else if (item.kind === 'restart') {
        check(next, item.on);
        restart(ledger, next, item.on);
        penaltyDays = 0;
      } else {
        set(next, item);
        penaltyDays = 0;
      }
      check(next, item.on);
    }
    if (!penaltyDays) return ok({ rows, excesses, live: null });
    const position = standing(ledger, next);
    const triple = control.preset === 'triple-block';
    const sinceLast: PenaltySinceLast = {
      move: next,
      penaltyDays,
      totalDays: ledger.total,
      controlMove: triple ? null : position.controlMove,
      daysLeft: triple ? ledger.clock + ledger.bank : position.daysLeft,
    };
    return ok({ rows, excesses, live: null, sinceLast });
  }

  const { pending, now } = live;
  for (const date of [pending.deliveredOn, now]) {
    if (!parseCalendarDate(date).ok) return failure('invalid-date', null);
  }
  const expected = last === null ? null : last.number + 1;
  const wellNumbered = Number.isInteger(pending.number) && pending.number >= 1;
  if (!wellNumbered || (expected !== null && pending.number !== expected)) {
    return failure('pending-out-of-sequence', null);
  }
  if (last !== null && compareDates(now, last.dispatchedOn) < 0) {
    return failure('now-before-last-dispatch', null);
  }
  if (last !== null && compareDates(pending.deliveredOn, last.dispatchedOn) < 0) {
    return failure('delivery-before-previous-dispatch', null);
  }
  const future = queue.find((point) => compareDates(point.item.on, now) > 0);
  if (future) return failure('item-after-now', future.index);

  const span = run(pending.number, pending.deliveredOn, now, false, queue);
  const position = standing(ledger, pending.number);
  const current = byPeriod.get(position.periodKey);
  const triple = control.preset === 'triple-block';
  return ok({
    rows,
    excesses,
    live: {
      move: pending.number,
      deliveredOn: pending.deliveredOn,
      now,
      reflectionDays: span.reflectionDays,
      excludedDays: span.excludedDays,
      usedDays: span.usedDays,
      penaltyDays: span.penaltyDays,
      totalDays: ledger.total,
      countFrom: ledger.countFrom,
      controlMove: position.controlMove,
      limitDays: position.limitDays,
      daysLeft: position.daysLeft,
      clockDays: triple ? ledger.clock : null,
      bankDays: triple ? ledger.bank : null,
      exceedsOn: current
        ? current.occurredOn
        : projectExcess(ledger, pending, now, span.reflectionDays, excluded),
      exceeded: current !== undefined,
      ...(ledger.settled ? { settled: ledger.settled } : {}),
      ...(ledger.generation ? { restarts: ledger.generation } : {}),
      ...(span.clockSet ? { clockSet: span.clockSet } : {}),
      ...(span.sinceReset ? { sinceReset: span.sinceReset } : {}),
    },
  });
}

// The first day after `now` on which the player would be over, if no move is sent in between.
function projectExcess(
  ledger: Ledger,
  pending: PendingMove,
  now: CalendarDate,
  dayIndex: number,
  excluded: readonly OpenDateRange[],
): CalendarDate | null {
  const ahead = cloneLedger(ledger);
  const start = compareDates(now, pending.deliveredOn) > 0 ? now : pending.deliveredOn;
  let counted = dayIndex;
  for (let step = 1; step <= PROJECTION_LIMIT_DAYS; step++) {
    const day = addDays(start, step);
    const range = excluded.find((candidate) => isExcludedDay(day, [candidate]));
    if (range) {
      if (range.to === null) return null;
      continue;
    }
    counted++;
    use(ahead, chargeOfDay(ahead.control, counted), day);
    if (standing(ahead, pending.number).daysLeft < 0) return day;
  }
  return null;
}

/** The clock table alone (no pending move). */
export function clockTable(
  control: TimeControl,
  items: readonly ClockItem[],
): Result<ClockDerivation, ClockError> {
  return deriveClock(control, items, null);
}

/** The live clock of the player to move on day `now`. */
export function liveClock(
  control: TimeControl,
  items: readonly ClockItem[],
  pending: PendingMove,
  now: CalendarDate,
): Result<LiveClock, ClockError> {
  const derived = deriveClock(control, items, { pending, now });
  if (!derived.ok) return derived;
  return derived.value.live === null
    ? failure('pending-out-of-sequence', null)
    : ok(derived.value.live);
}
