// What the composer needs to write a game's mail, and what it hands the shell (issue 4,
// "Writing"): the game state after the decision, the event, who gets the mail in which language
// and notation (P-2b), and per recipient one mail with its text and HTML parts and attachments.
// Message-ID, In-Reply-To and References are the shell's; `threadKey` names the thread.

import type { CalendarDate } from '../clock/index.ts';
import type {
  EventRules,
  GameState,
  NamedStandingsRow,
  Recipient,
  Side,
} from '../referee/index.ts';

/** How a recipient reads and writes moves: numeric (ICCF) or SAN in their language. */
export type NotationChoice = 'numeric' | 'san';

export interface PlayerPrefs {
  name: string;
  /** The name in the PGN's White and Black tags ("Surname, Firstname"); `name` when absent. */
  pgnName?: string;
  /** The PGN's WhiteElo/BlackElo, WhiteFideId/…, WhiteIccfId/… (the config's player). */
  rating?: number;
  fideId?: string;
  iccfId?: string;
  /** A language code (`en`, `pl`, `cs`, `uk`, `de`, …); unknown codes fall back to English. */
  lang: string;
  notation: NotationChoice;
  /**
   * The language of the piece letters the player writes (`san:pl` → `pl`, `san` → `en`): moves
   * are written to them so; absent (notation auto), the letters of `lang`.
   */
  sanLang?: string;
}

export interface ComposeContext {
  /** The game after the decision the effect belongs to. */
  state: GameState;
  rules: EventRules;
  now: CalendarDate;
  /**
   * The day the mail is written, when later than `now` (a mail read days after it came, the
   * day it came being `now`): whether the game is in adjudication is judged on it (P-10) — a
   * move sent by the end and read after it is relayed when play has already stopped.
   */
  writtenOn?: CalendarDate;
  event: {
    name: string;
    /** The short tag of the subject: `WCH26` in `[WCH26/7]`. */
    tag: string;
    /** Where the event is held, for the PGN's Site (the config's `site`); "?" when absent. */
    site?: string;
    /**
     * How the game's moves travel (the PGN's Mode): both players by email, both by post, or
     * one each (`mixed`); email when absent.
     */
    mode?: 'email' | 'postal' | 'mixed';
    /** The day the event's first games start (the PGN's EventDate). */
    startsOn?: CalendarDate;
  };
  gameId: string;
  players: Record<Side, PlayerPrefs>;
  /** The TD; `address`, where players may write to them (the adjudication's analyses, P-10). */
  td: { name: string; lang: string; address?: string };
  /**
   * The chairman of the ICCF Appeals Commission, when the event names them (`appealsTo`): the
   * mails of the TD's decisions name them as whom an appeal goes to (P-13c).
   */
  appealsTo?: { name: string; address: string };
  /**
   * The event's standings after this decision (L-12), each row with the player's name: the TD's
   * result notice shows them. A function, so that only the mail that shows it pays for it.
   */
  standings?: () => readonly NamedStandingsRow[];
  /**
   * A move's relay going out late, written anew the day it goes out (P-6d): a copy of one that
   * bounced (`resent`: first sent on `firstOn` to `firstTo`), or one that could not be sent when
   * queued on `firstOn` (`late`), or the TD's copy of it to print and post that could not go to
   * the TD when written on `firstOn` (`posted`, P-2m). The mail says so at its top.
   */
  redelivery?: {
    /**
     * `notice`: the TD's copy to print of any other mail, written anew as things stand that
     * day; `claim`: of a time claim's notice, whose protest window counts from that day (P-7c);
     * `byPost`: the relay by email to a player by post, whose move the letter delivers (P-2m).
     */
    how: 'resent' | 'late' | 'posted' | 'notice' | 'claim' | 'claimPosted' | 'byPost';
    firstOn: CalendarDate;
    firstTo?: string;
    /** The day the move counts as delivered now (P-6d). */
    deliveredOn: CalendarDate;
  };
  /**
   * The mail is a letter the TD prints and posts to a player by post (P-2m): it has no marker
   * line to reply above and no attachment (the score is printed in it), and says how to reply
   * by post — on a card, with the repetition and the dates (P-2a..h) — instead of by mail.
   */
  paper?: boolean;
  /**
   * What the mail being answered asked for besides its transmission, from the player `side`:
   * the game's PGN ("please send me the PGN", L-8.1), attached to the answer to their move; a
   * word on a time claim they made in words ("I claim a win on time", P-7a), which amici files
   * itself. Said once, in the first answer to them (`ANSWERS_ASKED` of compose.ts).
   */
  asked?: {
    side: Side;
    pgn?: boolean;
    /** A time claim made (`true`), or asked about or made on a condition (`'asked'`), P-7a. */
    claimsTime?: boolean | 'asked';
  };
  /** Boards from the recipient's side (Black at the bottom for Black); default White at the bottom. */
  boardFromRecipientSide?: boolean;
  /** The templates directory (default: `templates/` of this repository). */
  templatesDir?: string;
  /** The font for the board PNG (default: DejaVu Sans found by board-png.ts). */
  boardFont?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
  /** Set for an inline image referenced from the HTML part as `cid:<cid>`. */
  cid?: string;
}

export interface ComposedMail {
  to: Recipient;
  /** The language the mail was written in (after fallback). */
  lang: string;
  /** Starts with the game's tag, `[WCH26/7] …`. */
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  /** One thread per game and recipient: `WCH26/7/black`; the shell derives Message-IDs from it. */
  threadKey: string;
  /** The effect kind (or `td-notice`) that produced it, for logs. */
  kind: string;
  /**
   * A copy to the TD to print and post (P-2m): the id of the player by post it is for, so a
   * bounce of it can name them (`X-Amici-Print-For`).
   */
  printFor?: string;
}
