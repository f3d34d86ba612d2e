// The event's end (P-10): `endDate` is the last day of play. From the day after it, every
// unfinished game is in adjudication: its players send the TD, within 30 days of the end, the
// game record, the position and their claim (win or draw) with analysis, and the TD has the game
// adjudicated. Play in it stops then, as a TD expects:
// - the clocks stand as they were on the end date (game-clock.ts): no day after it is counted;
// - the sweep sends no reminder (P-3a), silence report (P-3b), time claim (P-7a) or leave notice
//   (P-8b) any more, and nothing is lost on time (P-7f) by itself (due.ts, decide-due.ts);
// - a move dispatched after the end date is not played (decide-transmission.ts). A move
//   dispatched by the end date is played, whenever it is read (a move is made when it is sent,
//   L-4.2), and its relay, written after the end, says play has stopped;
// - what a player mails in the game after the end (but a resend, a resignation, an accepted
//   draw or a note for the opponent) is their claim and analysis: it goes to the TD whole, is
//   recorded (`analysis`), and the sender is told so and by when analyses were due;
// - the TD's rulings all still apply: the adjudication itself is a `set-result` (P-10), told to
//   everyone in one mail with the appeal (P-11: within 14 days, to a second expert; appeal.ts)
//   and, to a player who sent no analysis through amici, that such a player has no appeal (P-10).
// Whether a game is in adjudication is read from the rules and the day, never stored: a TD who
// moves the end date (config) moves it for every game.
//
// What the players were told is stored: the adjudication notice's `due-done` (its key carries the
// end date) is where play stopped (game-state.ts, `Stop`). When the TD moves the end date later,
// or drops it, a game stopped so and not over resumes at the next sweep (due.ts `resume`):
// `play-resumed` closes the stop, both players are told (whose move, the new end, the clocks),
// and the days of the stop, from the day after the clocks' last day to the day before the
// resume, are counted on no clock — as a TD's pause (L-6.10), under every time control. A
// claim's protest window that closed during the stop upholds nothing by itself then either.
// The log decides it all: a second sweep or a restart finds no stop open, and sends nothing.
// Moved to a day already past, the end sends games in play to adjudication at the next sweep;
// moves sent after it stand, the clocks stand as at the last of them, and nothing is lost on
// time. The TD is warned of both when the config is checked or read (daemon/config-drift.ts).

import type { CalendarDate } from '../clock/index.ts';
import { addDays, compareDates } from '../clock/index.ts';
import type { EventRules } from './event-rules.ts';
import type { GameState } from './game-state.ts';

/** P-10: the days after the event's end within which the players send the TD their analysis. */
export const ANALYSIS_DAYS = 30;

/**
 * The last day for the players' analyses (P-10: "within 30 days"): the 30th day after the end
 * date — or, when the players were told of the adjudication later than the day after it (an end
 * date set to a day already past, a sweep that did not run), the 30th day counted from the day
 * they were told, the notice's day being the first: a deadline that had passed before anyone
 * heard of it would leave no player a day to send one, and with no analysis no appeal (P-10).
 * The rules do not say whose 30 days they are when the notice is late; amici counts them, as a
 * protest's (P-7c) and an appeal's (P-11), from the notice, in the rules' spirit (P-13).
 */
export function analysisDeadline(endDate: CalendarDate, toldOn?: CalendarDate): CalendarDate {
  const byEnd = addDays(endDate, ANALYSIS_DAYS);
  if (toldOn === undefined) return byEnd;
  const byNotice = addDays(toldOn, ANALYSIS_DAYS - 1);
  return compareDates(byNotice, byEnd) > 0 ? byNotice : byEnd;
}

export interface Adjudication {
  /** The event's last day of play (`endDate`); the clocks stand as they were on it. */
  endDate: CalendarDate;
  /** The first day of adjudication: the day after the end date. */
  since: CalendarDate;
  /**
   * The last day for the players' analysis to reach the TD (P-10: within 30 days; from the
   * notice when that came late, `analysisDeadline`).
   */
  analysisBy: CalendarDate;
}

/**
 * The adjudication of the event's unfinished games (P-10); undefined when it has no end.
 * `toldOn`: the day the players of a game were told of it, when known (`analysisDeadline`).
 */
export function adjudicationOf(rules: EventRules, toldOn?: CalendarDate): Adjudication | undefined {
  const endDate = rules.endDate;
  if (endDate === undefined) return undefined;
  return { endDate, since: addDays(endDate, 1), analysisBy: analysisDeadline(endDate, toldOn) };
}

/**
 * The key of the adjudication notice's `due-done`: `adjudication:<endDate>`, with `:r<n>` after
 * n resumes (a game stopped again, perhaps at an end date it was stopped at before).
 */
/**
 * The analyses sent for the adjudication the game is in now (P-10): since play last resumed
 * (the end moved later), as one sent before is about a position and an end that no longer hold.
 */
export function currentAnalyses(state: GameState): GameState['analyses'] {
  const resumed = state.stops.reduce<CalendarDate | undefined>(
    (day, x) => (x.to !== null && (day === undefined || x.to > day) ? x.to : day),
    undefined,
  );
  return resumed === undefined ? state.analyses : state.analyses.filter((a) => a.on >= resumed);
}

export const adjudicationKey = (endDate: CalendarDate, resumes: number): string =>
  `adjudication:${endDate}${resumes ? `:r${resumes}` : ''}`;

/** The end date an adjudication notice's key names; undefined for any other key. */
export function endDateOfAdjudicationKey(key: string): CalendarDate | undefined {
  const m = /^adjudication:(\d{4}-\d{2}-\d{2})(?::|$)/.exec(key);
  return m?.[1] as CalendarDate | undefined;
}

/** Whether day `on` fell in a stop of play at the event's end (P-10), open or closed. */
export const stoppedOn = (state: GameState, on: CalendarDate): boolean =>
  state.stops.some(
    (x) => compareDates(x.from, on) <= 0 && (x.to === null || compareDates(on, x.to) < 0),
  );

/** Whether day `on` is after the event's end date (P-10): no day of play. */
export const afterEnd = (rules: EventRules, on: CalendarDate): boolean =>
  rules.endDate !== undefined && compareDates(on, rules.endDate) > 0;

/** The adjudication an unfinished game is in on day `on` (P-10); undefined when none. */
export function inAdjudication(
  state: GameState,
  on: CalendarDate,
  rules: EventRules,
): Adjudication | undefined {
  if (state.result || !afterEnd(rules, on)) return undefined;
  // Told of this end (the notice of the stop open, for the end date in force): its deadline
  // counts from then when that was late. Not told yet: from the end (the notice itself counts
  // from its own day, decide-due.ts).
  const stop = state.stops.find((x) => x.to === null);
  return adjudicationOf(
    rules,
    stop && stop.lastEndDate === rules.endDate ? stop.toldOn : undefined,
  );
}
