// The clocks of a game, derived from its state (the clock is never stored, as in lila): the
// clock items of each player in time order — own moves with the delivery date of the move they
// answer (P-6d), penalties not waived (P-6g), leave (P-8a), TD pauses (L-6.10), play stopped at
// the event's end until the TD moved it later (P-10, counted as a pause), the days a game stood
// annulled until the TD reinstated it (P-9a, likewise), TD clock settings,
// restarts after an upheld excess (P-7e) — and what src/clock makes of them: the table of P-2k,
// the excesses, the live clock of the player to move.

import type {
  CalendarDate,
  ClockDerivation,
  ClockError,
  ClockItem,
  PendingMove,
  Result,
} from '../clock/index.ts';
import { addDays, compareDates, deriveClock, type OpenDateRange } from '../clock/index.ts';
import { inAdjudication } from './adjudication.ts';
import type { EventRules } from './event-rules.ts';
import type { Side } from './game-event.ts';
import type { GameState } from './game-state.ts';
import { sideToMove } from './game-state.ts';

/**
 * The delivery date of the move the `index`-th ply answers (the start for the first ply), or the
 * day the TD restored the position before it (L-7.2): the player learnt then what to replace.
 * The days of the moves taken back are not counted; the TD may set the clocks (`set-clock`).
 */
export function answeredDeliveredOn(state: GameState, index: number): CalendarDate {
  return (
    state.restoredOn.get(index) ??
    (index === 0 ? state.clockStartsOn : state.plies[index - 1]!.deliveredOn)
  );
}

/**
 * The delivery date of the move a mail of `side` answers (P-2f..h): the last move's when `side`
 * is to move; else the one their last transmission answered, for they have moved since and
 * await the answer — a mail of theirs read now is that transmission (the TD asking `amici
 * explain` what was read from it once it was played) or one sent after it, never an answer to
 * their own move, whose delivery to the opponent says nothing of the dates they state.
 */
export function answeredBy(state: GameState, side: Side): CalendarDate {
  if (sideToMove(state) === side) return answeredDeliveredOn(state, state.plies.length);
  const own = state.plies.findLastIndex((p) => p.side === side && !p.conditional);
  return answeredDeliveredOn(state, own < 0 ? state.plies.length : own);
}

/** The clock items of one player, in time order (see src/clock/clock-item.ts). */
export function clockItems(state: GameState, side: Side): ClockItem[] {
  const points: { on: CalendarDate; seq: number; item: ClockItem; noticeSeq?: number }[] = [];
  for (const p of state.penalties) {
    if (p.side === side && !p.waived)
      points.push({ on: p.on, seq: p.seq, item: { kind: 'penalty', on: p.on, days: p.days } });
  }
  for (const r of state.restarts)
    if (r.side === side)
      points.push({
        on: r.on,
        seq: r.seq,
        item: { kind: 'restart', on: r.on },
        ...(r.noticeSeq !== undefined ? { noticeSeq: r.noticeSeq } : {}),
      });
  for (const c of state.clockSets) {
    if (c.side !== side) continue;
    const item: ClockItem =
      c.usedDays !== undefined
        ? { kind: 'set-clock', on: c.on, usedDays: c.usedDays }
        : { kind: 'set-clock', on: c.on, clockDays: c.clockDays ?? 0, bankDays: c.bankDays ?? 0 };
    points.push({ on: c.on, seq: c.seq, item });
  }
  // By date; on one day in the order they were logged: a penalty after a set-clock adds to the
  // clock set, a clock set after an upheld claim's restart (P-7e) stands (P-13).
  points.sort((a, b) => compareDates(a.on, b.on) || a.seq - b.seq);

  const items: ClockItem[] = [];
  let pending = points;
  state.plies.forEach((p, i) => {
    if (p.side !== side) return;
    // Point items dated up to this move's dispatch belong before it — but one of the day of
    // this move logged after it came after it: a penalty for a mail of the same day read after
    // the move (P-6g) is charged to the next move, the one it was given during, and a restart
    // (P-7e) whose claim was logged after the move starts the new count with the move after it.
    const before = (q: (typeof points)[number]): boolean => {
      const c = compareDates(q.on, p.sentOn);
      if (c !== 0) return c < 0;
      if (q.item.kind === 'restart') return q.noticeSeq === undefined || q.noticeSeq < p.seq;
      return q.seq < p.seq;
    };
    // Each point on its own: on the move's day, one logged after it may sort before one
    // that belongs before it (a penalty after the move, a restart whose notice came first).
    const [taken, left] = [pending.filter(before), pending.filter((q) => !before(q))];
    items.push(...taken.map((q) => q.item));
    pending = left;
    // A reply sent before the day its move counts as delivered (the next-day custom of P-6d, a
    // postal card answered before its recorded receipt) proves the move was in hand by then:
    // it took no time (P-6d), and the clock goes on counting the rest of the game.
    const answered = answeredDeliveredOn(state, i);
    items.push({
      kind: 'move',
      number: p.ordinal,
      deliveredOn: compareDates(answered, p.sentOn) > 0 ? p.sentOn : answered,
      dispatchedOn: p.sentOn,
      conditional: p.conditional,
    });
  });
  items.push(...pending.map((q) => q.item));
  for (const l of state.leaves)
    if (l.side === side) items.push({ kind: 'leave', from: l.from, to: l.to });
  for (const p of pausedDays(state)) items.push({ kind: 'pause', ...p });
  for (const p of [...stoppedDays(state), ...annulledDays(state)])
    items.push({ kind: 'pause', ...p, noPlay: true });
  return items;
}

/** The move `side` still has to make, if it is their turn. */
export function pendingMove(state: GameState, side: Side): PendingMove | undefined {
  if (state.result || sideToMove(state) !== side) return undefined;
  return {
    number: state.plies.filter((p) => p.side === side).length + 1,
    deliveredOn: answeredDeliveredOn(state, state.plies.length),
  };
}

/**
 * The day `side`'s clock runs again from after leave (or another stop) that ended the day before
 * `after`, as known on `now` (P-8a, P-6d): the later of `after` and the delivery of the move
 * they must answer. Undefined while it is not their move, or the move has not reached them yet
 * (a letter still in the post): their clock runs again once they have it.
 */
export function clockRunsAgainOn(
  state: GameState,
  side: Side,
  after: CalendarDate,
  now: CalendarDate,
): CalendarDate | undefined {
  const pending = pendingMove(state, side);
  if (!pending || compareDates(pending.deliveredOn, now) > 0) return undefined;
  return compareDates(pending.deliveredOn, after) > 0 ? pending.deliveredOn : after;
}

/**
 * The days the TD's pauses stopped the clocks (L-6.10), as inclusive ranges: from the day of the
 * pause to the day before the resume, since the clocks run again on the day of the resume (the
 * ruling mail says so). A pause undone the day it was made stopped no day.
 */
export function pausedDays(state: GameState): OpenDateRange[] {
  return state.pauses.flatMap((p): OpenDateRange[] =>
    p.to === null
      ? [{ from: p.from, to: null }]
      : compareDates(p.to, p.from) > 0
        ? [{ from: p.from, to: addDays(p.to, -1) }]
        : [],
  );
}

/**
 * The days play stood stopped at the event's end (P-10), as inclusive ranges: from the stop's
 * first day to the day before play resumed (counted again, as after a TD's pause); open while
 * stopped. A stop resumed before its first day stopped no day.
 */
export function stoppedDays(state: GameState): OpenDateRange[] {
  return state.stops.flatMap((x): OpenDateRange[] =>
    x.to === null
      ? [{ from: x.from, to: null }]
      : compareDates(x.to, x.from) > 0
        ? [{ from: x.from, to: addDays(x.to, -1) }]
        : [],
  );
}

/**
 * The days a game stood annulled before the TD reinstated it (P-9a), as inclusive ranges: from
 * the day of the annulment to the day before the reinstatement, which counts again (as after a
 * TD's pause). Nobody could move in them, so neither clock ran, under any control.
 */
export function annulledDays(state: GameState): OpenDateRange[] {
  return state.annulments.flatMap((a): OpenDateRange[] =>
    compareDates(a.to, a.from) > 0 ? [{ from: a.from, to: addDays(a.to, -1) }] : [],
  );
}

/**
 * The clock table, excesses and (for the player to move, given `now`) the live clock. After the
 * event's end date an unfinished game is in adjudication (P-10) and its clocks stand as they
 * were on the end date: `now` is taken as that day (`frozenOn`).
 */
export function gameClock(
  state: GameState,
  rules: EventRules,
  side: Side,
  now?: CalendarDate,
): Result<ClockDerivation, ClockError> {
  const pending = now === undefined ? undefined : pendingMove(state, side);
  // A P-7e restart dated after `now`: the TD upheld the claim before its notice reached a player
  // by post, whose count restarts only at the end of the day of receipt (decide-ruling.ts).
  // Until then the old count runs on.
  let items = clockItems(state, side).filter(
    (item) => now === undefined || item.kind !== 'restart' || compareDates(item.on, now) <= 0,
  );
  let day = now;
  if (now !== undefined && inAdjudication(state, now, rules)) {
    const frozen = frozenOn(rules.endDate!, items, pending);
    day = frozen;
    // A TD's penalty or clock setting made during the adjudication applies to the clock as it
    // stood at the end (P-13): no day after the end is counted.
    items = items.map((item) =>
      'on' in item && compareDates(item.on, frozen) > 0 ? { ...item, on: frozen } : item,
    );
  }
  return deriveClock(rules.timeControl, items, pending && day ? { pending, now: day } : null);
}

/**
 * The day a clock in adjudication stands at (P-10): the end date — or, for a move that reached
 * the player or was sent after it (a move sent on the last day and delivered the next, a
 * conditional answer played when a move of the last day was read later), that day: no day of
 * reflection is counted after the end.
 */
function frozenOn(
  endDate: CalendarDate,
  items: readonly ClockItem[],
  pending: PendingMove | undefined,
): CalendarDate {
  let day = endDate;
  const later = (d: CalendarDate) => {
    if (compareDates(d, day) > 0) day = d;
  };
  if (pending) later(pending.deliveredOn);
  for (const item of items) if (item.kind === 'move') later(item.dispatchedOn);
  return day;
}
