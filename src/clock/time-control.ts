// Time-control presets as plain data (a discriminated union on `preset`) with their defaults.
//
// - postal (P-6a, P-6c): N moves in D days, cumulative — at move N at most D days used in all,
//   at 2N at most 2D, … (default 10 moves / 30 days).
// - iccf: the same cumulative control, 10 moves / 50 days, except that reflection beyond
//   `doubleAfterDays` (20) on one move counts double: a 23-day move costs 20 + 2·3 = 26 days.
// - triple-block (L-App.C, L-10.1, L-6.10): the seeds give no details (the rules are "on trial"),
//   so these defaults are our own, documented choice, every one a parameter:
//     startDays 50       the clock at the start of the game;
//     capDays 50         the clock never holds more than this after a move;
//     incrementDays 1    added after each of the first `incrementMoves` (50) moves; whatever the
//                        increment pushes above the cap goes to the bank;
//     bank               starts at bankStartDays (0), is unbounded, and replaces leave: when the
//                        clock is empty it is drawn from a day at a time ("automatic refill");
//     floorDays 3        optional (null = none): after each move from move `floorFromMove` (50)
//                        on, the clock is raised to at least this many days;
//   no leave and no TD pause ever stops it. Time is exceeded when a day is due while both the
//   clock and the bank are empty.
// - per-move: each move within D days; nothing carries forward.

export const TIME_CONTROL_PRESETS = ['postal', 'iccf', 'triple-block', 'per-move'] as const;
export type TimeControlPreset = (typeof TIME_CONTROL_PRESETS)[number];

export interface PostalControl {
  readonly preset: 'postal';
  readonly moves: number;
  readonly days: number;
}

export interface IccfControl {
  readonly preset: 'iccf';
  readonly moves: number;
  readonly days: number;
  readonly doubleAfterDays: number;
}

export interface TripleBlockControl {
  readonly preset: 'triple-block';
  readonly startDays: number;
  readonly capDays: number;
  readonly incrementDays: number;
  readonly incrementMoves: number;
  readonly bankStartDays: number;
  readonly floorDays: number | null;
  readonly floorFromMove: number;
}

export interface PerMoveControl {
  readonly preset: 'per-move';
  readonly days: number;
}

export type TimeControl = PostalControl | IccfControl | TripleBlockControl | PerMoveControl;
export type CumulativeControl = PostalControl | IccfControl;

export const postalControl = (
  params: Partial<Omit<PostalControl, 'preset'>> = {},
): PostalControl => ({
  preset: 'postal',
  moves: 10,
  days: 30,
  ...params,
});

export const iccfControl = (params: Partial<Omit<IccfControl, 'preset'>> = {}): IccfControl => ({
  preset: 'iccf',
  moves: 10,
  days: 50,
  doubleAfterDays: 20,
  ...params,
});

export const tripleBlockControl = (
  params: Partial<Omit<TripleBlockControl, 'preset'>> = {},
): TripleBlockControl => ({
  preset: 'triple-block',
  startDays: 50,
  capDays: 50,
  incrementDays: 1,
  incrementMoves: 50,
  bankStartDays: 0,
  floorDays: 3,
  floorFromMove: 50,
  ...params,
});

export const perMoveControl = (
  params: Partial<Omit<PerMoveControl, 'preset'>> = {},
): PerMoveControl => ({
  preset: 'per-move',
  days: 30,
  ...params,
});

export const isCumulative = (control: TimeControl): control is CumulativeControl =>
  control.preset === 'postal' || control.preset === 'iccf';

/** L-10.1: Triple Block events have no leave (its bank stands in for it). */
export const allowsLeave = (control: TimeControl): boolean => control.preset !== 'triple-block';

/** L-6.10: the TD may stop the clocks, except under Triple Block. */
export const allowsPause = (control: TimeControl): boolean => control.preset !== 'triple-block';

export const TIME_CONTROL_ERRORS = ['unknown-preset', 'invalid-parameter'] as const;
export type TimeControlError = (typeof TIME_CONTROL_ERRORS)[number];

const isCount = (n: unknown, min: number): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= min;

/** Checks a control that came from configuration: known preset, whole-day parameters in range. */
export function validateTimeControl(control: TimeControl): TimeControlError | null {
  switch (control.preset) {
    case 'postal':
      return isCount(control.moves, 1) && isCount(control.days, 1) ? null : 'invalid-parameter';
    case 'iccf':
      return isCount(control.moves, 1) &&
        isCount(control.days, 1) &&
        isCount(control.doubleAfterDays, 0)
        ? null
        : 'invalid-parameter';
    case 'triple-block':
      return isCount(control.startDays, 1) &&
        isCount(control.capDays, 1) &&
        control.startDays <= control.capDays &&
        isCount(control.incrementDays, 0) &&
        isCount(control.incrementMoves, 0) &&
        isCount(control.bankStartDays, 0) &&
        (control.floorDays === null || isCount(control.floorDays, 1)) &&
        isCount(control.floorFromMove, 1)
        ? null
        : 'invalid-parameter';
    case 'per-move':
      return isCount(control.days, 1) ? null : 'invalid-parameter';
    default:
      return 'unknown-preset';
  }
}
