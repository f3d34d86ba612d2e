// What the rulebook asks the shell to do, as data: who is told what, under which rule ids.
// The mail layer turns each effect into a mail from templates (clock tables and boards are
// rendered from the game state the effect belongs to). Effects are never I/O themselves.

import type { DetailKey, MoveError } from '../chess/index.ts';
import type { CalendarDate, ClockRow, Excess, SetClockItem } from '../clock/index.ts';
import type { AppealBy, AppealRoute, AppealWindow } from './appeal.ts';
import type { EndKind, Result, Side } from './game-event.ts';

export type Recipient = Side | 'td';

/**
 * A date a player stated that we recorded differently: P-2i missing; P-2j a wrong reply date
 * (the real dispatch is recorded); P-6d a wrong received date (the delivery is recorded).
 */
export interface DateCorrection {
  field: 'received' | 'sent';
  stated?: CalendarDate;
  recorded: CalendarDate;
  rule: 'P-2i' | 'P-2j' | 'P-6d';
  /**
   * The reply date of a postal card with no readable postmark (P-2i): the date it states, when
   * that can be true, else one estimated from the day it arrived.
   */
  noPostmark?: true;
  /**
   * A stated reply date before the move it answers reached the sender (P-2f..j): it cannot be
   * right, and the answer says so, naming that day.
   */
  beforeDelivery?: CalendarDate;
}

/** Why a transmission (or part of one) was not accepted. */
export type Problem =
  | { code: 'move'; error: MoveError }
  | { code: 'repetition-missing'; expected: string[] }
  | { code: 'repetition-wrong'; expected: string[]; error?: MoveError; written: string }
  | { code: 'line-deviation'; expected: string; written: string }
  /** Moves before the repetition whose move `written` is not the game's `expected` (P-2e, P-4b). */
  | { code: 'score-differs'; expected: string; written: string }
  /**
   * `drawOffer`: the transmission offered a draw, which goes with a move (L-9.1.2.1).
   * `thoughts`: moves the mail wrote only in a question or a thought ("Maybe 4.Ba4"), so the
   * player has not decided: asked about, without a penalty.
   */
  | { code: 'blank'; drawOffer?: true; thoughts?: string[] }
  | { code: 'extra-moves'; written: string[] }
  | { code: 'not-your-turn' }
  /**
   * A mail that corrects a move of the sender's already sent ("miało być 2.g3 a nie 2.Sc3"): the
   * move sent (the ply `ply`) stands (P-4a, L-4.2), and `meant` was not played.
   */
  | { code: 'slip-stands'; ply: number; meant: string }
  | { code: 'game-over'; result: Result }
  /**
   * A draw accepted with no draw offer of the opponent standing (L-5.2.3, L-9.1.2.1): nothing
   * agreed, nothing passed on. `words`: the words that came with the acceptance, not passed on;
   * `ownOffer`: the sender's own offer stands; `withMove`: the mail's move was played.
   */
  | {
      code: 'no-draw-offer';
      words?: string;
      ownOffer?: true;
      withMove?: true;
      /** The ply of the sender's own move that declined the opponent's offer (L-9.1.2.1). */
      declinedBy?: number;
    }
  /** Draw words and no move while the opponent's offer stands: asked how to answer it. */
  | { code: 'offer-standing' }
  | { code: 'draw-offer-too-early'; fromMove: number }
  /**
   * The own move written in another language's piece letters ("Nc6" of a Czech): read as the
   * one legal move it makes there (P-2b, P-4a); `ply`, its index, shows it in the player's own.
   */
  | { code: 'other-letters'; written: string; ply: number }
  /** Moves the mail corrected itself, before it was sent (L-4.2): the correction was played. */
  | { code: 'corrected'; slips: string[] }
  /** Words the mail holds that were not read and not passed on (a note needs `Note:`). */
  | { code: 'not-relayed'; words: string }
  /**
   * What the relay of a refused move would have carried, and so never reached the opponent: the
   * draw offer made with it (L-9.1.2.1), the conditional line sent with it (`conditional`, as
   * written, P-4f). The player sends them again with the move.
   */
  | { code: 'kept-back'; drawOffer?: true; conditional?: string }
  | { code: 'conditional-refused'; error: MoveError }
  | { code: 'claim-needs-move' }
  | { code: 'tablebase-too-many-pieces'; pieces: number }
  | ({
      code: 'leave-refused';
      reason: string;
      available?: number;
      /** The year the leave does not fit in (exceeds-allowance). */
      year?: number;
      /** The leave already announced that it overlaps. */
      overlaps?: { from: CalendarDate; to: CalendarDate };
    } & LeaveAside)
  /** Leave that had begun by the day of the mail: only the TD grants it (P-8b, P-8c). */
  | ({ code: 'leave-not-in-advance' } & LeaveAside)
  /** Leave announced in words whose dates could not be read (`words`, as written). */
  | ({ code: 'leave-unread'; words: string } & LeaveAside);

/** What a mail about leave held besides it, and what the TD was asked for (P-8b, P-8c). */
export interface LeaveAside {
  /** The mail held a move too: it is answered in a mail of its own. */
  withMove?: true;
  /** The days of the leave that had begun by the day of the mail, which the TD was asked for. */
  tdAsked?: { from: CalendarDate; to: CalendarDate };
}

/** One of a player's games named in a leave mail: its subject tag, its title, their colour. */
export interface LeaveGame {
  tag: string;
  title: string;
  side: Side;
  /** For the end of the leave: whether they have the move, so their clock runs again now. */
  toMove?: boolean;
  /** With `toMove`: the day their clock runs again (see the leave-notice effect). */
  runsFrom?: CalendarDate;
}

export type Effect =
  | {
      kind: 'move-relayed';
      to: Recipient[];
      /** Indices (into the new state's plies) of the moves to show, in order. */
      plies: number[];
      /** The conditional line offered, when the event shows it (postal custom). */
      conditionalLine?: string[];
      drawOffer: boolean;
      note?: string;
      /**
       * The recipient's last move came on a postal card whose dates were recorded otherwise than
       * it stated them (its `dateNotes`): told now, with this move (P-2i, P-2j). `ply` indexes
       * that move in the plies.
       */
      cardDates?: { ply: number; corrections: DateCorrection[] };
      rules: string[];
    }
  | {
      kind: 'move-accepted';
      to: Recipient[];
      plies: number[];
      /** The sender's conditional line as recorded (UCI, from after their move), to check (P-4f). */
      conditionalLine?: string[];
      corrections: DateCorrection[];
      /** Parts of the transmission that did not count, with why (the move itself stood). */
      warnings: Problem[];
      rules: string[];
    }
  | {
      kind: 'transmission-rejected';
      to: Recipient[];
      problem: Problem;
      /**
       * What else in the mail did not count, told with the refusal: a draw accepted with no
       * offer of the opponent standing (`no-draw-offer`, L-5.2.3, L-9.1.2.1).
       */
      also?: Problem[];
      penaltyDays: number;
      rules: string[];
    }
  | {
      /** The sender's last transmission sent again (a worried resend): it stands as it was. */
      kind: 'transmission-repeated';
      to: Recipient[];
      /** The sender's move that transmission made (index into the plies). */
      ply: number;
      rules: string[];
    }
  | { kind: 'draw-declined'; to: Recipient[]; by: Side; rules: string[] }
  | {
      /**
       * A player's mail in a game in adjudication (P-10) went to the TD, whole, as their claim
       * and analysis; the player is told so (the shell forwards the mail itself).
       */
      kind: 'analysis-received';
      to: Recipient[];
      side: Side;
      /** The day it came. */
      on: CalendarDate;
      endDate: CalendarDate;
      since: CalendarDate;
      /** The last day for analyses to reach the TD (P-10: within 30 days of the end). */
      analysisBy: CalendarDate;
      /** The mail held moves, a claim, a draw offer or leave: none of it counts, play has stopped. */
      notPlayed: boolean;
      rules: string[];
    }
  | {
      /**
       * A player's mail after a result the TD set under P-10 or P-13 went to the TD, whole, as
       * their appeal; the player is told so and by when appeals had to arrive (the shell
       * forwards the mail itself).
       */
      kind: 'appeal-received';
      to: Recipient[];
      side: Side;
      /** The day it came. */
      on: CalendarDate;
      /** The rule the result was set under, the day, and each player's last day for an appeal. */
      appeal: AppealRoute;
      rules: string[];
    }
  | {
      /**
       * A player's mail appealed a decision of the TD whose appeal was decided already, or which
       * itself decided an appeal (`appeal.decided`): the decision on an appeal is final (P-11,
       * P-13c), so nothing is recorded and nothing goes to the TD; the player is told so.
       */
      kind: 'appeal-final';
      to: Recipient[];
      side: Side;
      /** The day it came. */
      on: CalendarDate;
      appeal: AppealRoute & { decided: NonNullable<AppealRoute['decided']> };
      rules: string[];
    }
  | { kind: 'note-relayed'; to: Recipient[]; from: Side; note: string; rules: string[] }
  | {
      kind: 'game-ended';
      to: Recipient[];
      result: Result;
      endKind: EndKind;
      detail?: string;
      /** `detail` machine-readable, for the reader's language. */
      detailKey?: DetailKey;
      /** P-12, L-8.5: the TD gets the PGN. */
      withPgn: boolean;
      /** The TD's words with a result they set (`--note`), for the players. */
      note?: string;
      /**
       * The words that came with a resignation or an accepted draw (L-5.1.2, L-5.2.3), as
       * written: the opponent reads them in the result's mail, not in a mail of their own.
       */
      words?: { from: Side; note: string };
      /**
       * A result that may be appealed: each player's appeal arrives by their day in `by`, 14 days
       * after they received the result (appeal.ts). For an adjudication (`P-10`) it goes to the
       * TD and a second expert decides, finally (P-11); `analysed`, the players whose analysis
       * came through amici — a player who sent none has no appeal (P-10). For the TD's own
       * decision (`P-13`) the chairman of the ICCF Appeals Commission decides, finally (P-13c).
       */
      appeal?: { rule: 'P-10' | 'P-13'; by: AppealBy; analysed: Side[] };
      /**
       * A result set on an appeal of the game's result (the second expert's, P-11; after the
       * Appeals Commission, P-13c): it decides the appeal, finally, so has no appeal of its own.
       */
      final?: 'P-11' | 'P-13';
      /**
       * The time claim whose upholding ended the game (P-7f): one mail says both, the ruling
       * (by the TD, or at the deadline `protestBy` with no protest, P-7c, P-7d) and the loss,
       * with the offender's upheld excesses (`count`) and the event's allowance (`allowed`).
       */
      claim?: {
        id: string;
        /** The offender, who lost on time. */
        side: Side;
        by: 'td' | 'deadline';
        protestBy?: CalendarDate;
        count: number;
        allowed: number;
      };
      rules: string[];
    }
  | {
      kind: 'claim-verdict';
      to: Recipient[];
      valid: boolean;
      detail: string;
      /** `detail` machine-readable, for the reader's language. */
      detailKey?: DetailKey;
      rules: string[];
    }
  | {
      kind: 'tablebase-claim';
      to: Recipient[];
      by: Side;
      outcome: 'win' | 'draw';
      fen: string;
      rules: string[];
    }
  | {
      kind: 'time-claim';
      to: Recipient[];
      claimId: string;
      offender: Side;
      excess: Excess;
      /** The replies before the control move (P-7a). */
      record: ClockRow[];
      /**
       * The move the offender has not yet sent, when the excess is in it: delivered when, days
       * on it so far, in the count, left (negative) — the record's last line, still open.
       */
      inProgress?: {
        move: number;
        deliveredOn: CalendarDate;
        /** The count began again on this day, after an upheld excess (P-7e). */
        countedFrom?: CalendarDate;
        /** The TD set the clock so while the move was in progress (P-13): the days count from it. */
        clockSet?: SetClockItem;
        /** Days of reflection on it, since `countedFrom` if given; penalties and leave apart. */
        usedDays: number;
        penaltyDays: number;
        /** Days of leave or a TD pause not counted. */
        excludedDays: number;
        totalDays: number;
        daysLeft: number;
      };
      protestBy: CalendarDate;
      /** Upheld, this excess loses the game (P-7f): it is excess `count`, `allowed` are allowed. */
      forfeits?: { count: number; allowed: number };
      rules: string[];
    }
  | {
      kind: 'claim-ruled';
      to: Recipient[];
      claimId: string;
      upheld: boolean;
      by: 'td' | 'deadline';
      /** The TD's words for the players (`--note`), when the TD ruled. */
      note?: string;
      /**
       * The game ended before the protest window closed: the claim lapses and the result stands
       * ('moot'), or, upheld, it would have lost the game on time (P-7f: the TD may rule so).
       */
      gameEnded?: 'moot' | 'would-forfeit';
      /** The clock the TD set with a rejection (P-6c): days used, or Triple Block's clock and bank. */
      clockSet?: { usedDays?: number; clockDays?: number; bankDays?: number };
      /**
       * Rejected by the TD with no clock set, the excess the claim rested on is still on the
       * clock, its days carried on (P-6c): the TD's copy says how to correct them (set-clock).
       * Absent when leave granted since put it off or took it away: nothing to correct.
       */
      excessOnClock?: true;
      /** Ruled by the TD: a decision any player may appeal, and by when (P-13c). */
      appeal?: AppealWindow;
      rules: string[];
    }
  | { kind: 'reminder'; to: Recipient[]; silent: Side; since: CalendarDate; rules: string[] }
  | { kind: 'silence-report'; to: Recipient[]; silent: Side; since: CalendarDate; rules: string[] }
  | {
      kind: 'leave-announced';
      to: Recipient[];
      side: Side;
      from: CalendarDate;
      until: CalendarDate;
      /** For the player who took it: the leave days left, per calendar year it touches (P-8a). */
      left?: { year: number; days: number }[];
      /**
       * The leave asked for began earlier: its days up to the mail's, which only the TD grants,
       * were not recorded and the TD was asked for them (P-8b, P-8c).
       */
      tdAsked?: { from: CalendarDate; to: CalendarDate };
      /**
       * The player's games the leave stops, this one first, with the player's colour in each:
       * the TD's notice and the player's acknowledgement list them all, one mail for the leave
       * (P-8a: it stops the player's clock in every game; P-8b). Set by the shell, which knows
       * the player's other games; absent when it stops only this one.
       */
      games?: LeaveGame[];
      rules: string[];
    }
  | {
      /**
       * Leave asked for days that had begun by the day of the mail (P-8b: announced in advance):
       * only the TD may grant them (P-8c), and the TD is asked to, with the ruling that does.
       */
      kind: 'leave-requested';
      to: Recipient[];
      side: Side;
      /** The days the TD is asked for. */
      from: CalendarDate;
      until: CalendarDate;
      /** The leave as the mail asked for it, and the day the mail came. */
      asked: { from: CalendarDate; to: CalendarDate };
      sentOn: CalendarDate;
      /** The days after the mail's, recorded at once as announced in advance (P-8a, P-8b). */
      recorded?: { from: CalendarDate; to: CalendarDate };
      rules: string[];
    }
  | {
      kind: 'leave-notice';
      to: Recipient[];
      side: Side;
      phase: 'starts' | 'ends';
      on: CalendarDate;
      /**
       * For `ends`: whether `side` has the move, so their clock runs again from `on`; if not,
       * it runs again once they have the move. Only their clock stopped (P-8a): the opponent's
       * was never affected.
       */
      toMove?: boolean;
      /**
       * For `ends` with `toMove`: the day their clock runs again — `on`, or later when the move
       * they must answer reached them after it (P-6d).
       */
      runsFrom?: CalendarDate;
      /**
       * To the player who takes the leave, when it concerns several of their games: all of them,
       * with their colour and (`ends`) whether they have the move, in one mail rather than one
       * per game. Set by the shell; the opponents' notices name only their own game.
       */
      games?: LeaveGame[];
      rules: string[];
    }
  | {
      kind: 'adjudication-due';
      to: Recipient[];
      /** The event's last day of play: the clocks stand as they were on it (P-10). */
      endDate: CalendarDate;
      /** The last day for the players' analysis to reach the TD (P-10: within 30 days). */
      analysisBy: CalendarDate;
      /**
       * Time claims still open to protest: after the end their deadline upholds nothing by
       * itself, the TD rules on them (P-10, P-7c).
       */
      claims?: { id: string; side: Side; protestBy: CalendarDate }[];
      rules: string[];
    }
  /**
   * Play resumes in a game stopped at the event's end (P-10): the TD moved the end date later, or
   * dropped it. Whose move it is and the clocks are the mail's; the stop's days are not counted.
   */
  | {
      kind: 'play-resumed';
      to: Recipient[];
      /** The end date the players were last told the event ended on. */
      endDate: CalendarDate;
      /** The new end date; absent when the event has none now. */
      until?: CalendarDate;
      /** The days not counted on either clock (L-6.10); absent when the stop took no day. */
      stopped?: { from: CalendarDate; to: CalendarDate };
      /** Time claims still open to protest: upheld at their deadline again, unless protested. */
      claims?: { id: string; side: Side; protestBy: CalendarDate }[];
      /** No move yet and no start notice: this mail says what it would (`startNoticeJoins`). */
      starts?: true;
      rules: string[];
    }
  /** The game begins: who plays which colour, who moves first, the time control. */
  | { kind: 'game-started'; to: Recipient[]; startsOn: CalendarDate; rules: string[] }
  | {
      kind: 'ruling-applied';
      to: Recipient[];
      /** The ruling as the TD wrote it, in short (`penalise black 2 days (P-13)`). */
      ruling: string;
      /** What it decided, for the players in their language: `rulingDetail.<key>` and its values. */
      detail?: { key: string; params: Record<string, string> };
      /** The TD's reason, given with a penalty, a result or an annulment (P-7d). */
      reason?: string;
      note?: string;
      /**
       * Leave granted (P-8c) that moved the excess of a time claim still waiting: where it now
       * stands — on the clock on another day, off it until `on` (over again then if no move), or
       * gone — so the players know before the claim's deadline, `protestBy` (P-7c).
       */
      claims?: {
        id: string;
        status: 'stands' | 'ahead' | 'gone';
        on?: CalendarDate;
        protestBy?: CalendarDate;
      }[];
      /**
       * A game reinstated (P-9a): the leave its players took elsewhere while it stood annulled,
       * now booked in it (P-8a, P-8c), so the opponent, never told of it, reads it (P-8b).
       */
      leave?: { side: Side; from: CalendarDate; to: CalendarDate; granted?: true }[];
      /** A decision any player may appeal, and by when (P-13c); not given with a result. */
      appeal?: AppealWindow;
      /**
       * The decision on an appeal (uphold-appeal, reject-appeal; a reinstatement on an appeal of
       * the annulment, P-13c): final, no appeal of it.
       */
      final?: 'P-11' | 'P-13';
      /**
       * A game reinstated with no move yet and no start notice: this mail says what it would
       * (`startNoticeJoins`, P-9a).
       */
      starts?: true;
      rules: string[];
    }
  /** A ruling that could not apply (no events): the TD is told why. */
  | { kind: 'ruling-refused'; to: Recipient[]; ruling: string; why: string; rules: string[] };

export type EffectKind = Effect['kind'];

export const BOTH: Recipient[] = ['white', 'black'];
export const EVERYONE: Recipient[] = ['white', 'black', 'td'];
