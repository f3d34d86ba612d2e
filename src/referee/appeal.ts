// Appeals of what the TD decided. An adjudicated result (P-10) is appealed to the TD, and a
// second expert decides, finally (P-11); a decision the TD took under P-13 is appealed to the
// chairman of the ICCF Appeals Commission, whose decision is final (P-13c). Either appeal is
// made "within 14 days after receiving" the decision (the seed text of P-11a and P-13c; the
// digest's "within 14 days" does not say from when, and the seed wins): so the 14 days count
// from the day each player received the mail that told it, not from the day the TD ruled.
// - A player by email receives it the day amici sends it, the TD's ruling day, dated as the event
//   dates the delivery of an email (P-6d: the same day, or the next day under the ICCF custom).
// - A player by post receives the printed copy the event's average transit later (`transitDays`,
//   the transit P-3a counts for a reminder's wait).
// So in a game of one player by email and one by post, each has their own last day, and each
// mail says the reader's own; the TD's copy says both when they differ.

import type { CalendarDate } from '../clock/index.ts';
import { addDays, deliveryDate } from '../clock/index.ts';
import type { EventRules } from './event-rules.ts';
import type { Side } from './game-event.ts';
import type { GameState } from './game-state.ts';

/** P-11, P-13c: the days after receiving the decision within which an appeal arrives. */
export const APPEAL_DAYS = 14;

/** Each player's last day for an appeal of a decision to arrive. */
export type AppealBy = Record<Side, CalendarDate>;

/**
 * The appeal a result the TD set allows: for an adjudication (P-10, to the TD for a second expert,
 * who decides finally, P-11) and for a decision the TD took under P-13 (to the chairman of the
 * ICCF Appeals Commission, whose decision is final, P-13c).
 */
export interface AppealRoute {
  rule: 'P-10' | 'P-13';
  /** The day the TD set the result. */
  ruledOn: CalendarDate;
  /** Each player's last day for an appeal to arrive: 14 days after they received the result. */
  by: AppealBy;
}

/** The rules whose results may be appealed (P-10 with P-11, P-13). */
export const appealableRule = (rule: string): rule is AppealRoute['rule'] =>
  rule === 'P-10' || rule === 'P-13';

/** Whether `side` plays by post: the game's modes when the event sets them, else its transit. */
const byPost = (side: Side, rules: EventRules): boolean =>
  rules.byPost ? rules.byPost[side] : rules.transitDays > 0;

/**
 * The day `side` received a decision the TD took on `on` (P-11, P-13c): by email the day amici's
 * mail told it, dated as the event dates an email's delivery (P-6d); by post the average transit
 * later (P-3a).
 */
export const decisionReceivedOn = (
  on: CalendarDate,
  side: Side,
  rules: EventRules,
): CalendarDate =>
  byPost(side, rules) ? addDays(on, rules.transitDays) : deliveryDate(on, rules.delivery);

/** Each player's last day for an appeal of a decision the TD took on `on` (P-11, P-13c). */
export const appealBy = (on: CalendarDate, rules: EventRules): AppealBy => ({
  white: addDays(decisionReceivedOn(on, 'white', rules), APPEAL_DAYS),
  black: addDays(decisionReceivedOn(on, 'black', rules), APPEAL_DAYS),
});

/** The appeal the game's result allows, if the TD set it under P-10 or P-13; else undefined. */
export function appealOf(state: GameState, rules: EventRules): AppealRoute | undefined {
  const r = state.result;
  if (r?.kind !== 'ruling' || !appealableRule(r.rule)) return undefined;
  return { rule: r.rule, ruledOn: r.on, by: appealBy(r.on, rules) };
}
