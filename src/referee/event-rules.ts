// The settings of an event that the rulebook reads: time control and how the clock counts
// (P-6a, P-6d), the penalty (P-6g), excesses allowed (P-6b), leave (P-8a), draw offers
// (L-9.1.1), conditional lines (P-4f), the waiting times of due work (P-3a, P-3b, P-7c) and the
// event's end (P-10). Plain data, validated by the configuration layer.

import type { CalendarDate, DeliveryRule, TimeControl } from '../clock/index.ts';
import { defaultLeavePerYear, postalControl } from '../clock/index.ts';
import type { Side } from './game-event.ts';

export const CONDITIONAL_VISIBILITY = ['shown', 'hidden'] as const;
export type ConditionalVisibility = (typeof CONDITIONAL_VISIBILITY)[number];

export interface EventRules {
  timeControl: TimeControl;
  /** What "delivered" means for email (P-6d): the day it arrived, or the next day. */
  delivery: DeliveryRule;
  /** Excesses of time a player may have before the next one loses (P-6b: 1; server play: 0). */
  excessesAllowed: number;
  /** Days added for an illegible, impossible or ambiguous move or a wrong repetition (P-6g). */
  penaltyDays: number;
  /** Leave days per calendar year (P-8a: 30; ICCF 45; none under Triple Block). */
  leavePerYear: number;
  /** Draw offers are barred before this move number (L-9.1.1); 1 allows them from the start. */
  drawOffersFromMove: number;
  /** Postal custom shows a conditional line to the opponent; server custom keeps it hidden. */
  conditionalVisibility: ConditionalVisibility;
  /** P-3a: days without a reply before the last transmission is repeated (plus transit). */
  reminderDays: number;
  /**
   * P-3a: the event's average transit of a move one way (post: days a card travels; email: 0).
   * The reminder waits `reminderDays` plus the transit both ways after the move went out: from
   * its delivery, one way behind it, `reminderDays + transitDays` (P-3a).
   */
  transitDays: number;
  /**
   * Which sides' moves travel by post, in a game of an event whose games travel in different
   * ways: the transit counts in the reminder's wait (P-3a) only for a side by post. Absent, the
   * event's transit counts for both.
   */
  byPost?: Readonly<Record<Side, boolean>>;
  /**
   * Which sides of the game play by post (P-2m), as the config says game by game, whether or not
   * the event sets modes of its own: a move relayed by mail to a side by post reaches it as the
   * letter the TD prints and posts, so it counts as delivered `transitDays` after the day it is
   * posted (P-6d, P-6e: time in transit does not count), not by the email `delivery` rule.
   * Absent: no side by post.
   */
  postal?: Readonly<Record<Side, boolean>>;
  /** P-3b: days without a move before the TD is told (four months). */
  silenceDays: number;
  /** P-7c, P-11: days for a protest against a claim. */
  protestDays: number;
  /** P-10: the event's end; unfinished games then go to adjudication. */
  endDate?: CalendarDate;
}

export function defaultEventRules(overrides: Partial<EventRules> = {}): EventRules {
  const timeControl = overrides.timeControl ?? postalControl();
  return {
    timeControl,
    delivery: 'same-day',
    excessesAllowed: 1,
    penaltyDays: 5,
    leavePerYear: defaultLeavePerYear(timeControl),
    drawOffersFromMove: 1,
    conditionalVisibility: 'shown',
    reminderDays: 14,
    transitDays: 0,
    silenceDays: 122,
    protestDays: 14,
    ...overrides,
  };
}
