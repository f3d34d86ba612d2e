// The events of a game: an append-only log, the only source of truth (state is a fold over
// it) and the record P-5a asks to keep. Every event is plain JSON with its calendar date.
// Moves are stored in UCI (`e2e4`, castling as king-onto-rook `e1h1`) so the log is readable.

import type { Color } from 'chessops/types';
import type { DetailKey, StartSpec } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import type { TdDecision } from './appeal.ts';
import type { DateCorrection } from './effect.ts';

export type Side = Color;
export const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');

export const END_KINDS = [
  'checkmate',
  'stalemate',
  'dead-position',
  'resignation',
  'draw-agreed',
  'threefold-repetition',
  'fifty-moves',
  'time-forfeit',
  'time-forfeit-draw',
  'ruling',
  'annulled',
] as const;
export type EndKind = (typeof END_KINDS)[number];

/**
 * `0-0` is the double forfeit of L-6.9 / L-12; `*` an annulled game (P-9a): over, with no
 * result, and it does not count in the table.
 */
export type Result = '1-0' | '0-1' | '1/2-1/2' | '0-0' | '*';

export const CLAIM_KINDS = ['time', 'tablebase'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export type GameEvent =
  | {
      type: 'created';
      on: CalendarDate;
      start: StartSpec;
      white: string;
      black: string;
      /** The players' ids in the config (absent in older logs): a config edit must keep them. */
      whiteId?: string;
      blackId?: string;
      /** The day White's clock starts (White's first move counts from here). */
      clockStartsOn: CalendarDate;
      /**
       * The event's time control as the config gave it when the game was made (absent in older
       * logs): the config's, not the log's, is the one applied, so an edit of it is warned of.
       */
      timeControl?: Readonly<Record<string, unknown>>;
      /** Likewise the excesses of time the event allowed (P-6b, P-7f). */
      excessesAllowed?: number;
      /**
       * Likewise the ids of the players whose moves travel by post (none: by email; absent in
       * older logs): the reminders' wait (P-3a) and the PGN's Mode follow the config's.
       */
      byPost?: string[];
    }
  | {
      type: 'move';
      on: CalendarDate;
      side: Side;
      uci: string;
      /** The real dispatch date (P-2j, P-6d). */
      sentOn: CalendarDate;
      /** When the opponent is deemed to have received it (P-6d, the event's rule). */
      deliveredOn: CalendarDate;
      /** Played from an accepted conditional line at zero reflection (P-4f, P-6f). */
      conditional?: boolean;
      /** The draw-offer mark went with it (L-9.1.2.1). */
      drawOffer?: boolean;
      /** Dates the player stated, as stated (P-2f..h), kept for the record. */
      statedReceivedOn?: CalendarDate;
      statedSentOn?: CalendarDate;
      /**
       * A postal card's dates recorded otherwise than it states them, or missing from it (P-2i,
       * P-2j, P-6d): its sender is told with the next move (P-2i), which is the relay of the
       * opponent's answer when amici writes it (a mixed game: printed and posted, P-2m).
       */
      dateNotes?: DateCorrection[];
    }
  /**
   * When a move was really delivered (P-6d), not the date first recorded for it: a postal card
   * entered by the TD stated when the move it answers arrived (P-2f..h), or the move's relay by
   * mail went out only later (failed, then sent again: decide-relay.ts).
   */
  | { type: 'delivery-corrected'; on: CalendarDate; ply: number; deliveredOn: CalendarDate }
  | {
      type: 'penalty';
      on: CalendarDate;
      side: Side;
      days: number;
      /** P-6g, or the rule of a TD penalty (L-7.2, P-13). */
      rule: string;
      reason: string;
    }
  | { type: 'penalty-waived'; on: CalendarDate; side: Side; penaltyOn: CalendarDate }
  | {
      type: 'conditional-line';
      on: CalendarDate;
      side: Side;
      /** Expected opponent move, answer, expected move, answer, … (P-4f). */
      line: string[];
    }
  | { type: 'draw-declined'; on: CalendarDate; side: Side }
  | {
      type: 'claim';
      on: CalendarDate;
      id: string;
      kind: ClaimKind;
      /** The player the claim is against (time) or who made it (tablebase). */
      side: Side;
      /** The protest window ends at the end of this day (P-7c). */
      protestBy?: CalendarDate;
      /** In English, as it always was stored. */
      detail: string;
      /** The detail machine-readable, for the reader's language (absent in older logs). */
      detailKey?: DetailKey;
    }
  | {
      type: 'claim-ruled';
      on: CalendarDate;
      id: string;
      upheld: boolean;
      /** Whether the TD ruled, or the protest window passed (P-7c). */
      by: 'td' | 'deadline';
      /**
       * Upheld, a time claim whose excess leave granted since moved to a later day (P-8c): the
       * day it happened and the days over at its end, which the claim's detail now says.
       */
      excess?: { occurredOn: CalendarDate; overOnDay: number };
    }
  /** The claimed player protested to the TD within the window: no uphold by deadline (P-7c). */
  | { type: 'claim-protested'; on: CalendarDate; id: string }
  /**
   * The claim's notice reached a player by post only later than it was written (the TD's copy to
   * print and post went out late, P-2m): its protest window now ends on `protestBy`, counted
   * from the day it reached them (P-7c: "within 14 days after receiving" it); `side`, the player
   * it went to (absent in older logs), whose P-7e count, if it is theirs, restarts from then too.
   */
  | {
      type: 'claim-window-moved';
      on: CalendarDate;
      id: string;
      protestBy: CalendarDate;
      side?: Side;
    }
  | { type: 'clock-restarted'; on: CalendarDate; side: Side }
  | {
      type: 'leave';
      on: CalendarDate;
      side: Side;
      from: CalendarDate;
      to: CalendarDate;
      granted?: boolean;
      /**
       * Booked when the TD reinstated the game (P-9a): the player took it in their other games
       * while this one stood annulled (P-8a, P-8c), and it is part of the reinstatement, not a
       * decision of its own (appeal.ts).
       */
      carried?: true;
    }
  /**
   * The TD refused leave `side` asked for, `from` to `to` (P-8b, P-8c): nothing on the clock
   * changes (the days were never leave); the decision is the TD's, so it may be appealed (P-13c).
   */
  | { type: 'leave-refused'; on: CalendarDate; side: Side; from: CalendarDate; to: CalendarDate }
  /**
   * The TD stopped the clocks from `on` (L-6.10); `ruledOn`, the day the TD decided it, when that
   * was later (a postal strike found later): the appeal's 14 days count from it (P-13c).
   */
  | { type: 'paused'; on: CalendarDate; ruledOn?: CalendarDate }
  | { type: 'resumed'; on: CalendarDate }
  /**
   * Play resumes in a game stopped at the event's end (P-10) because the TD moved `endDate`
   * later (or dropped it): the stop that began after `endDate` (the end date that stopped play)
   * ends on `on`, which is counted again, as after a TD's pause (L-6.10); `until` is the new end
   * date (absent: the event has none now). The stop itself is the adjudication notice's
   * `due-done` (key `adjudication:<endDate>…`, due.ts): play stopped when the players were told.
   */
  | { type: 'play-resumed'; on: CalendarDate; endDate: CalendarDate; until?: CalendarDate }
  | {
      type: 'clock-set';
      on: CalendarDate;
      side: Side;
      usedDays?: number;
      clockDays?: number;
      bankDays?: number;
    }
  | { type: 'position-restored'; on: CalendarDate; plies: number }
  | { type: 'colours-reversed'; on: CalendarDate }
  | {
      type: 'ended';
      on: CalendarDate;
      result: Result;
      kind: EndKind;
      rule: string;
      detail?: string;
      /** `detail` machine-readable (absent in older logs and for a TD's own words). */
      detailKey?: DetailKey;
    }
  /**
   * A player's mail in a game in adjudication went to the TD as their claim and analysis (P-10):
   * a player who sends none loses the right to appeal, so the TD's report and the result's
   * notice say who sent one.
   */
  | { type: 'analysis'; on: CalendarDate; side: Side }
  /**
   * A player's mail went to the TD as their appeal of a decision of the TD (P-11, P-13c):
   * `against`, the decision (absent in older logs: the result); `late`, it came after the
   * player's 14 days.
   */
  | { type: 'appeal'; on: CalendarDate; side: Side; late?: true; against?: TdDecision }
  /**
   * The TD undid an annulment (P-9a; a withdrawal annulled by mistake, or taken back): the game
   * is in play again from the position it was annulled in, with its draw offer and conditional
   * lines; the days from the annulment to the day before this count on neither clock, and a time
   * claim open to protest then (which waited, neither upheld nor lapsed) has its window reopened
   * for as many days (P-7c).
   */
  | { type: 'reinstated'; on: CalendarDate }
  /**
   * The TD recorded the decision on `side`'s appeals that wait for one (P-11, P-13c): upheld or
   * rejected. Final: no appeal of it.
   */
  | { type: 'appeal-ruled'; on: CalendarDate; side: Side; upheld: boolean }
  /** Due work done (P-3a reminder, P-3b report, notices): its key, so it is never done twice. */
  | { type: 'due-done'; on: CalendarDate; key: string };

export type GameEventType = GameEvent['type'];
