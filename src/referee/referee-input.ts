// What the rulebook is asked to decide: a player's transmission (by email, or a postal move
// entered by hand), a TD's ruling, a piece of due work found by the sweep, or a move's relay
// that went out late. Plain data; the mail layer builds transmissions, the CLI and TD mail
// build rulings, the outbox says when a late relay went out.

import type { MovetextToken, Reading } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import type { AppealTopic } from './appeal.ts';
import type { Result, Side } from './game-event.ts';

export const CLAIM_REQUESTS = ['threefold', 'fifty-moves', 'tablebase'] as const;
export type ClaimRequest = (typeof CLAIM_REQUESTS)[number];

export interface Transmission {
  kind: 'transmission';
  /** The sender, matched from the From address. */
  side: Side;
  /** The real dispatch date (P-2j): the day the mail reached amici, or a postmark. */
  sentOn: CalendarDate;
  /** Postal moves entered by hand: the day the opponent received it (else the event's rule). */
  deliveredOn?: CalendarDate;
  /**
   * Email: the day amici relays the move, when later than `sentOn` (mail that waited out an
   * outage, or a replay). The opponent cannot receive it before, so delivery counts from it
   * (P-6d, P-6e: time in transit is not theirs).
   */
  relayedOn?: CalendarDate;
  /** How this player's moves are read (P-2b). */
  reading: Reading;
  /** The repetition of the opponent's last move(s) (P-2e, P-4g) and the player's own move. */
  moves: MovetextToken[];
  /**
   * Numbered moves written only in a question or a thought ("Should I play 4.Ba4?", "I wonder
   * if 4.Ba4 works"): not sent, kept so a transmission without a move can say why.
   */
  thoughts?: string[];
  /**
   * Moves the mail corrected before it was sent ("4.Ba4, sorry, I mean 4.Bc4": `4.Ba4`): not
   * sent (L-4.2), named in the answer so the player sees which move was played.
   */
  corrected?: string[];
  /**
   * Moves the mail names as slips, each with the move it meant instead, sent in `moves` ("I
   * meant 2.g3 not 2.Nc3": 2.Nc3 and 2.g3). A slip the sender had already sent stands (P-4a,
   * L-4.2): its correction is then no move sent (`decideTransmission`).
   */
  slipsNamed?: { slip: MovetextToken; meant: MovetextToken }[];
  /** A proposed continuation after the own move: expected reply, answer, … (P-4f). */
  conditional?: MovetextToken[];
  /** Dates the player stated (P-2f..h). */
  statedReceivedOn?: CalendarDate;
  statedSentOn?: CalendarDate;
  /**
   * A postal card entered by the TD: the received date it states is the evidence of when the
   * move it answers arrived, and corrects the date entered for that move (P-2f..h, P-6d).
   */
  postal?: boolean;
  /**
   * A postal card whose postmark is missing or unreadable: `sentOn` is not a real dispatch date
   * but the acceptable one the TD recorded for it (`postmarklessSentOn`), and the sender is told
   * so with the answer (P-2i).
   */
  postmarkMissing?: boolean;
  /** A draw offer in words (the `(=)` mark on the own move counts too). */
  drawOffer?: boolean;
  acceptDraw?: boolean;
  declineDraw?: boolean;
  resign?: boolean;
  /** A claim (L-9.2, L-9.3, L-5.1.3); a move sent with it is the declared move. */
  claim?: { kind: ClaimRequest; outcome?: 'win' | 'draw' };
  /** Leave announced in advance (P-8a, P-8b). */
  leave?: { from: CalendarDate; to: CalendarDate };
  /** Leave announced in words whose two dates could not be read: the words, as written. */
  leaveUnread?: string;
  /**
   * Set by the service, not read from the mail: the leave the player announced in all their
   * games, finished ones too. The 30 days a year of P-8a are the player's, not one game's.
   */
  leaveTaken?: { from: CalendarDate; to: CalendarDate }[];
  /** Free text for the opponent, relayed as written. */
  note?: string;
  /**
   * The words that came with an acceptance of a draw (`acceptDraw`): the sentences beside it, a
   * note that says it, and (with no move) the mail's other words ("I accept the draw. Thanks for
   * the game!"). They are the acceptance's note when it ends the game (L-5.2.3); with no draw
   * offer of the opponent standing nothing was agreed, and they are not passed on, but quoted
   * back to the sender with why (L-9.1.2.1).
   */
  withAcceptance?: string;
  /**
   * The mail appeals, said plainly ("I appeal against the adjudication"; `protest`: only in the
   * words of a protest, "Protest: the expert missed 41...Rxf2"): in a game with a decision of
   * the TD to appeal, it goes to the TD as the player's appeal (P-11, P-13c) — in a game still in
   * play only in the words of an appeal, since there a protest is of a claim (P-7c).
   */
  appeal?: 'appeal' | 'protest';
  /**
   * What the lines that appeal name as appealed ("I appeal against the penalty"): the appeal is
   * tied to the TD's decision of that kind (appeal.ts, `appealTarget`).
   */
  appealNames?: AppealTopic[];
  /**
   * Lines of words the mail holds that amici read nothing from (no move, date or command) and
   * so did not pass on: "Thanks for the nice opening!" The answer says so, and how to write a
   * note for the opponent, so that no word the player meant for someone is lost in silence.
   */
  unread?: string[];
}

export type Ruling =
  | { kind: 'uphold-claim'; claimId: string }
  /**
   * P-7d: the claim rejected. While its excess is still on the clock, with the days the player
   * really used (`clock`, as set-clock takes them, P-6c): days left over the limit would keep
   * the control broken, and no later excess in it could be claimed.
   */
  | {
      kind: 'reject-claim';
      claimId: string;
      clock?: { usedDays?: number; clockDays?: number; bankDays?: number };
    }
  | { kind: 'grant-leave'; side: Side; from: CalendarDate; to: CalendarDate }
  /**
   * P-8b, P-8c: leave the TD does not grant — asked late (not announced in advance, whose days
   * only the TD may grant, "in exceptional cases") or beyond the allowance (the TD "may" grant
   * up to 30 more days a year): the days count on the player's clock, and both players are told.
   */
  | { kind: 'refuse-leave'; side: Side; from: CalendarDate; to: CalendarDate }
  | { kind: 'waive-penalty'; side: Side; penaltyOn: CalendarDate }
  | { kind: 'penalise'; side: Side; days: number; rule: string; reason: string }
  | { kind: 'set-clock'; side: Side; usedDays?: number; clockDays?: number; bankDays?: number }
  /** L-6.10; `from`: the clocks stopped on an earlier day (a postal strike found later). */
  | { kind: 'pause'; from?: CalendarDate }
  | { kind: 'resume' }
  /**
   * L-7.2: back to before an illegal move — named by its number and colour (`before`), or by
   * the count of half-moves kept (`plies`).
   */
  | {
      kind: 'restore-position';
      plies?: number;
      before?: { number: number; side: Side };
      offender?: Side;
    }
  | { kind: 'reverse-colours' }
  /** P-9a: a game of a player who withdrew or died, ended with no result, out of the table. */
  | { kind: 'annul'; reason: string }
  /**
   * P-9a undone: an annulled game played on from the position it was annulled in (a withdrawal
   * annulled by mistake, or taken back); the days it stood annulled count on neither clock.
   * `leave`: the leave its players took in their other games while it stood annulled (P-8a:
   * announced, in any event; P-8c: granted, in this one), which never reached it — the shell
   * gives it, as it books leave in a player's other games (referee-service.ts).
   */
  | {
      kind: 'reinstate';
      leave?: { side: Side; from: CalendarDate; to: CalendarDate; granted: boolean }[];
    }
  /**
   * P-11, P-13c: the decision on `side`'s appeal, which the TD records once the second expert
   * or the ICCF Appeals Commission has decided; what it changes is a ruling of its own.
   */
  | { kind: 'uphold-appeal' | 'reject-appeal'; side: Side }
  /**
   * P-7c: a protest of a time claim that reached the TD outside amici — a letter of a player by
   * post, a mail sent to the TD's own address — on `receivedOn`: recorded as the daemon records
   * one mailed to amici, the window judged by that day, so the claim waits for the TD's ruling
   * instead of being upheld at its deadline. No decision of the TD: nothing to appeal.
   */
  | { kind: 'protest'; side: Side; receivedOn: CalendarDate }
  | {
      kind: 'set-result';
      result: Result;
      reason: string;
      /** Which rule the TD applies: adjudication P-10, withdrawal P-9a, double forfeit L-6.9, P-13. */
      rule?: 'P-10' | 'P-9a' | 'L-6.9' | 'P-13' | 'P-7f';
    };

export interface TdRuling {
  kind: 'ruling';
  ruling: Ruling;
  /** Why, in the TD's words, passed on to both players (P-7d). */
  note?: string;
}

export interface DueInput {
  kind: 'due';
  work: DueWork;
}

export const DUE_KINDS = [
  'game-start',
  'reminder',
  'silence',
  'time-exceeded',
  'claim-deadline',
  'leave-starts',
  'leave-ends',
  'adjudication',
  'resume',
] as const;
export type DueKind = (typeof DUE_KINDS)[number];

/** A piece of work the sweep found; `key` makes it happen once (the `due-done` event). */
export interface DueWork {
  kind: DueKind;
  key: string;
  side?: Side;
  /** The day it became due. */
  dueOn: CalendarDate;
  /** The claim, excess or leave it is about. */
  ref?: string;
}

/**
 * The relay of a move went out on the day `decide` is given, after it did not at its first try
 * (a server that refused it, an outbox directory not writable; failed for good and queued again
 * with `amici outbox retry`). `moveSeq` is the log place (`Ply.seq`) of the move it asks its
 * recipient to answer. The shell says so for a relay by mail to a player by email, and for the
 * TD's copy to print and post to a player by post, which is their relay (P-2m); never for the
 * TD's copy of a relay (P-3a) or a postal card's, whose delivery the card dates.
 */
export interface RelaySent {
  kind: 'relay-sent';
  moveSeq: number;
}

/**
 * The notice of time claim `claimId` went out on the day `decide` is given to a player by post,
 * later than it was written: the TD's copy to print and post failed, or bounced, and went out
 * again (P-2m). The shell says so when that copy goes out on a later day than it was written.
 */
export interface NoticeSent {
  kind: 'notice-sent';
  claimId: string;
  /** The player the copy is for: by post, it reaches them the event's transit later (P-7c). */
  side?: Side;
}

export type RefereeInput = Transmission | TdRuling | DueInput | RelaySent | NoticeSent;
