// The running account of one player's time while the clock table is folded over the clock
// items: how a day of reflection, a penalty (P-6g), a TD set-clock and a restart (P-7e) change
// it, and where it stands against the control for the move in progress (P-6a, P-6c, the iccf
// doubling, triple block's clock and bank, per-move). Internal to the clock: a fresh ledger is
// made, and mutated, inside one derivation only.

import type { CalendarDate } from './calendar-date.ts';
import type { SetClockItem } from './clock-item.ts';
import type { TimeControl } from './time-control.ts';

export interface Ledger {
  readonly control: TimeControl;
  /** Days used in the current count (all presets; for per-move it is only informative). */
  total: number;
  /** First move of the current count: the first move of the game, or the move a restart fell in. */
  countFrom: number;
  /** Restarts so far; tells an excess in a restarted count from one before it. */
  generation: number;
  /**
   * TD settings (set-clock) that brought a period already over back within its limit: the
   * excess is settled, and going over again in the same period is a new excess.
   */
  settled: number;
  /** per-move: days used on the move in progress. */
  onMove: number;
  /** triple-block: days on the clock (negative only once clock and bank are both empty) and in the bank. */
  clock: number;
  bank: number;
  /** postal, iccf: reachedOn[t] is the date the total first reached t in the current count. */
  reachedOn: CalendarDate[];
}

export interface Standing {
  /** The control move the move in progress counts toward (the move itself for per-move and triple block). */
  readonly controlMove: number;
  /** Days allowed in all at the control move; null for triple block. */
  readonly limitDays: number | null;
  /** Days still available before time is exceeded; negative once it is. */
  readonly daysLeft: number;
  /** Identifies the control period, so one period yields at most one excess. */
  readonly periodKey: string;
}

export function createLedger(control: TimeControl, firstMove: number): Ledger {
  return {
    control,
    total: 0,
    countFrom: firstMove,
    generation: 0,
    settled: 0,
    onMove: 0,
    clock: control.preset === 'triple-block' ? control.startDays : 0,
    bank: control.preset === 'triple-block' ? control.bankStartDays : 0,
    reachedOn: [],
  };
}

export const cloneLedger = (ledger: Ledger): Ledger => ({
  ...ledger,
  reachedOn: [...ledger.reachedOn],
});

const setTotal = (ledger: Ledger, total: number, on: CalendarDate): void => {
  if (total < ledger.reachedOn.length) ledger.reachedOn.length = Math.max(total + 1, 0);
  for (let t = ledger.reachedOn.length; t <= total; t++) ledger.reachedOn[t] = on;
  ledger.total = total;
};

const drawTripleBlock = (ledger: Ledger, days: number): void => {
  for (let i = 0; i < days; i++) {
    if (ledger.clock > 0) ledger.clock--;
    else if (ledger.bank > 0) ledger.bank--;
    else ledger.clock--;
  }
};

/** Days charged for the `dayIndex`-th counted day of reflection on one move (iccf doubles beyond its threshold). */
export const chargeOfDay = (control: TimeControl, dayIndex: number): number =>
  control.preset === 'iccf' && dayIndex > control.doubleAfterDays ? 2 : 1;

/** Adds `days` of used time on date `on` (a day of reflection, or a penalty). */
export function use(ledger: Ledger, days: number, on: CalendarDate): void {
  switch (ledger.control.preset) {
    case 'postal':
    case 'iccf':
      setTotal(ledger, ledger.total + days, on);
      return;
    case 'per-move':
      ledger.onMove += days;
      ledger.total += days;
      return;
    case 'triple-block':
      drawTripleBlock(ledger, days);
      ledger.total += days;
      return;
  }
}

/** The TD sets the clock as of the end of day `on`; false when the item does not fit the preset. */
export function setClock(ledger: Ledger, item: SetClockItem): boolean {
  if (ledger.control.preset === 'triple-block') {
    if (!('clockDays' in item)) return false;
    ledger.clock = item.clockDays;
    ledger.bank = item.bankDays;
    return true;
  }
  if (!('usedDays' in item)) return false;
  if (ledger.control.preset === 'per-move') {
    ledger.total += item.usedDays - ledger.onMove;
    ledger.onMove = item.usedDays;
  } else {
    setTotal(ledger, item.usedDays, item.on);
  }
  return true;
}

/**
 * P-7e: the count starts afresh at the end of day `on`, with `move` (the move in progress) as
 * the first move of a new count. postal/iccf: nothing used, controls at move + N − 1, + 2N − 1, …
 * with D, 2D, … days; per-move: nothing used on the move in progress; triple block: the clock
 * back at its start value, the bank kept.
 */
export function restart(ledger: Ledger, move: number, on: CalendarDate): void {
  ledger.generation++;
  ledger.countFrom = move;
  ledger.total = 0;
  ledger.onMove = 0;
  ledger.reachedOn = [on];
  if (ledger.control.preset === 'triple-block') ledger.clock = ledger.control.startDays;
}

/** After the player dispatched `move`: per-move starts the next move at zero; triple block adds its increment, cap, bank and floor. */
export function afterMove(ledger: Ledger, move: number): void {
  const control = ledger.control;
  if (control.preset === 'per-move') ledger.onMove = 0;
  if (control.preset !== 'triple-block') return;
  // An excess was recorded when the clock went below zero; the next move starts from empty.
  if (ledger.clock < 0) ledger.clock = 0;
  if (move <= control.incrementMoves) {
    ledger.clock += control.incrementDays;
    if (ledger.clock > control.capDays) {
      ledger.bank += ledger.clock - control.capDays;
      ledger.clock = control.capDays;
    }
  }
  if (control.floorDays !== null && move >= control.floorFromMove) {
    ledger.clock = Math.max(ledger.clock, control.floorDays);
  }
}

/** Where the player stands while `move` is in progress. */
export function standing(ledger: Ledger, move: number): Standing {
  const control = ledger.control;
  switch (control.preset) {
    case 'postal':
    case 'iccf': {
      const period = Math.max(1, Math.ceil((move - ledger.countFrom + 1) / control.moves));
      const controlMove = ledger.countFrom - 1 + period * control.moves;
      const limitDays = period * control.days;
      return {
        controlMove,
        limitDays,
        daysLeft: limitDays - ledger.total,
        periodKey: `${ledger.generation}/${ledger.settled}:${controlMove}`,
      };
    }
    case 'per-move':
      return {
        controlMove: move,
        limitDays: control.days,
        daysLeft: control.days - ledger.onMove,
        periodKey: `${ledger.generation}/${ledger.settled}:${move}`,
      };
    case 'triple-block':
      return {
        controlMove: move,
        limitDays: null,
        daysLeft: ledger.clock + ledger.bank,
        periodKey: `${ledger.generation}/${ledger.settled}:${move}`,
      };
  }
}

/**
 * postal, iccf: the days used in the current count at the end of day `on` (the total as it
 * stood then, as far as the count remembers it); undefined for the other presets.
 */
export function totalAt(ledger: Ledger, on: CalendarDate): number | undefined {
  if (ledger.control.preset !== 'postal' && ledger.control.preset !== 'iccf') return undefined;
  let total = ledger.reachedOn.length - 1;
  while (total > 0 && ledger.reachedOn[total]! > on) total--;
  return total;
}

/**
 * postal, iccf: the date the total first went over `limitDays` in the current count (it may be
 * earlier than the day the excess is noticed, when a control move carries an excess over).
 */
export const crossedOn = (ledger: Ledger, limitDays: number | null): CalendarDate | undefined =>
  limitDays === null || (ledger.control.preset !== 'postal' && ledger.control.preset !== 'iccf')
    ? undefined
    : ledger.reachedOn[limitDays + 1];
