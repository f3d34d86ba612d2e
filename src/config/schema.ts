// The configuration file, validated with zod: the mailboxes (Maildir or IMAP in, a pickup
// directory or SMTP out), the store, the sweep schedule and retry delays, and the events with
// their rules (time control P-6a, delivery P-6d, penalty P-6g, leave P-8a, draw offers L-9.1.1,
// conditional lines P-4f, waiting times P-3a/P-3b/P-7c, end date P-10), TD, players and games.
// Secrets are never in the file: it names the environment variables that hold them.

import cron from 'node-cron';
import { z } from 'zod';
import { isLanguage, parseReading } from '../chess/index.ts';
import { isCalendarDate, isValidTimeZone } from '../clock/index.ts';
import { roundRobin } from './pairings.ts';

/**
 * An issue for each item whose key an earlier item of `list` already has, at `pathOf(i)`,
 * naming the earlier one: `player id "a" is also players[0]'s; …`.
 */
function onlyOnce<T>(
  items: readonly T[],
  key: (item: T) => string,
  ctx: z.RefinementCtx,
  named: { list: string; what: string; hint: string; pathOf: (i: number) => (string | number)[] },
  shown: (item: T) => string = key,
): void {
  const firstAt = new Map<string, number>();
  items.forEach((item, i) => {
    const at = firstAt.get(key(item));
    if (at === undefined) firstAt.set(key(item), i);
    else
      ctx.addIssue({
        code: 'custom',
        path: named.pathOf(i),
        message: `${named.what} "${shown(item)}" is also ${named.list}[${at}]'s; ${named.hint}`,
      });
  });
}

const date = z.string().refine(isCalendarDate, { message: 'expected a date YYYY-MM-DD' });
const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, {
  message:
    'expected the NAME of an environment variable holding the secret (such as AMICI_IMAP_PASSWORD), never the secret itself',
});
const address = z.email({ message: 'expected an email address' });
const language = z
  .string()
  .refine(isLanguage, { message: 'expected a language: en pl de fr es it ru eo cs nl sv uk' });
const notation = z.string().refine((s) => parseReading(s) !== undefined, {
  message: 'expected a notation: numeric, san, san:LANG, lan, lan:LANG or auto',
});

/**
 * What proves a player's mail is theirs (P-2d): `dkim`, a valid DKIM signature of the From
 * address's own domain (src/daemon/authenticate.ts); `none`, the From address as written.
 */
const authentication = z.enum(['dkim', 'none']);

const maildirInbox = z.strictObject({
  kind: z.literal('maildir'),
  /** A Maildir (cur/ new/ tmp/); created if missing. Processed mail is moved to cur/ with flags. */
  path: z.string(),
  /** `none` by default: the embedded Maildir is for trying amici with mail written by hand. */
  authentication: authentication.default('none'),
});

const folders = z.strictObject({
  done: z.string().default('amici/done'),
  rejected: z.string().default('amici/rejected'),
  ignored: z.string().default('amici/ignored'),
});

/**
 * A command that prints an OAuth2 access token (argv, run with no shell), for a provider that
 * takes no password (src/daemon/token-command.ts).
 */
const tokenCommand = z.array(z.string().min(1)).min(1, { message: 'expected [program, args…]' });

/**
 * A mail server login: a user with the password from the environment, or with an OAuth2 token
 * command; one of the two, and neither without a user.
 */
function oneLogin(
  login: {
    user?: string | undefined;
    passwordEnv?: string | undefined;
    tokenCommand?: string[] | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const has = login.passwordEnv !== undefined || login.tokenCommand !== undefined;
  if (login.passwordEnv !== undefined && login.tokenCommand !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['tokenCommand'],
      message: 'give passwordEnv or tokenCommand, not both',
    });
  else if (login.user !== undefined && !has)
    ctx.addIssue({
      code: 'custom',
      path: ['passwordEnv'],
      message:
        'expected passwordEnv: the name of an environment variable holding the password, never the password itself (export NAME=… before `amici run`); or tokenCommand (OAuth2)',
    });
  if (has && login.user === undefined)
    ctx.addIssue({ code: 'custom', path: ['user'], message: 'expected the user to log in as' });
}

/** Where a mail server is and how to log in (checked by `oneLogin`). */
const server = (port: number, secure: boolean) => ({
  host: z.string(),
  port: z.number().int().min(1).max(65535).default(port),
  secure: z.boolean().default(secure),
  passwordEnv: envName.optional(),
  tokenCommand: tokenCommand.optional(),
});

const imapInbox = z
  .strictObject({
    kind: z.literal('imap'),
    ...server(993, true),
    user: z.string(),
    mailbox: z.string().default('INBOX'),
    /** `dkim` by default: a mailbox on a server takes mail from anyone in anyone's name. */
    authentication: authentication.default('dkim'),
    folders: folders.default({
      done: 'amici/done',
      rejected: 'amici/rejected',
      ignored: 'amici/ignored',
    }),
  })
  .superRefine((inbox, ctx) => oneLogin(inbox, ctx));

const pickupOutbox = z.strictObject({
  kind: z.literal('pickup'),
  /** Ready .eml files are written here for another program (or a person) to send. */
  path: z.string(),
});

const smtpOutbox = z
  .strictObject({
    kind: z.literal('smtp'),
    ...server(587, false),
    user: z.string().optional(),
    dkim: z
      .strictObject({ domain: z.string(), selector: z.string(), privateKeyEnv: envName })
      .optional(),
    /** SMTP connections used at once to send what waits in the outbox (a backlog, a round). */
    connections: z.number().int().min(1).max(16).default(2),
  })
  .superRefine((outbox, ctx) => oneLogin(outbox, ctx));

const timeControl = z.discriminatedUnion('preset', [
  z.strictObject({
    preset: z.literal('postal'),
    moves: z.number().int().positive().default(10),
    days: z.number().int().positive().default(30),
  }),
  z.strictObject({
    preset: z.literal('iccf'),
    moves: z.number().int().positive().default(10),
    days: z.number().int().positive().default(50),
    doubleAfterDays: z.number().int().positive().default(20),
  }),
  z.strictObject({
    preset: z.literal('triple-block'),
    startDays: z.number().int().positive().default(50),
    capDays: z.number().int().positive().default(50),
    incrementDays: z.number().int().nonnegative().default(1),
    incrementMoves: z.number().int().nonnegative().default(50),
    bankStartDays: z.number().int().nonnegative().default(0),
    floorDays: z.number().int().positive().nullable().default(3),
    floorFromMove: z.number().int().positive().default(50),
  }),
  z.strictObject({ preset: z.literal('per-move'), days: z.number().int().positive().default(30) }),
]);

/** How the moves travel: by email, or on postcards the TD enters with `amici post`. */
const gameMode = z.enum(['email', 'postal']);

const RATING = 'expected a rating: a whole number such as 2105';

/**
 * A player's number in a rating list (a FIDE or ICCF id): digits, written as a number or as a
 * text, kept as the text (an id is never counted with, and a leading zero stays).
 */
const playerNumber = (what: string) => {
  const message = `expected ${what}: its digits`;
  return z
    .union(
      [
        z.number({ message }).int({ message }).positive({ message }),
        z.string().trim().regex(/^\d+$/, { message }),
      ],
      {
        message,
      },
    )
    .transform(String);
};

const player = z.strictObject({
  id: z.string().regex(/^[\w.-]+$/, { message: 'expected a short id (letters, digits, _ . -)' }),
  name: z.string(),
  /**
   * The name as the PGN's White and Black tags write it, "Surname, Firstname" (PGN 8.1.1.5):
   * needed when amici cannot swap `name` safely (load-config.ts, `pgnNameOf`).
   */
  pgnName: z
    .string()
    .trim()
    .min(1, { message: 'expected the name as "Surname, Firstname"' })
    .optional(),
  addresses: z.array(address).min(1),
  /**
   * The player's rating, for the PGN's WhiteElo/BlackElo (PGN 9.1.x): ICCF's own PGN writes the
   * ICCF rating there, so a correspondence event gives the ICCF (or the federation's
   * correspondence) rating; none, no tag.
   */
  rating: z
    .number({ message: RATING })
    .int({ message: RATING })
    .min(1, { message: RATING })
    .max(4000, { message: RATING })
    .optional(),
  /** The player's FIDE id, for the PGN's WhiteFideId/BlackFideId (as FIDE's broadcasts write). */
  fideId: playerNumber('a FIDE id').optional(),
  /** The player's ICCF id, for the PGN's WhiteIccfId/BlackIccfId (ICCF's Xfcc `whiteIccfID`). */
  iccfId: playerNumber('an ICCF id').optional(),
  language: language.optional(),
  notation: notation.optional(),
  /** For this player instead of the inbox's `authentication` (a provider that signs nothing). */
  authentication: authentication.optional(),
  /**
   * The player's moves travel by post in every game of theirs that sets no `mode` of its own,
   * whatever the event's `mode` (`false`: by email). A game with one player by post and one by
   * email is a mixed game (load-config.ts, `playsByPost`).
   */
  post: z.boolean().optional(),
  /**
   * Where a player by post gets their mail on paper: amici's every mail to them also goes to the
   * TD to print and post to this address (referee-service.ts, `outgoing`).
   */
  postalAddress: z.string().trim().min(1, { message: 'expected a postal address' }).optional(),
});

const game = z
  .strictObject({
    id: z.string().regex(/^[\w.-]+$/, { message: 'expected a short id (letters, digits, _ . -)' }),
    white: z.string(),
    black: z.string(),
    /** The day White's clock starts. */
    startsOn: date,
    fen: z.string().optional(),
    chess960: z.number().int().min(0).max(959).optional(),
    /**
     * How this game's moves travel, for both players: the event's `mode` and the players'
     * `post` when absent.
     */
    mode: gameMode.optional(),
  })
  .refine((g) => !(g.fen && g.chess960 !== undefined), {
    message: 'give fen or chess960, not both',
  });

/** Games made from the player list instead of listed one by one (pairings.ts). */
const pairings = z.strictObject({
  system: z.literal('round-robin'),
  /** The day every game's clock starts (all games of a section start together). */
  startsOn: date,
  /** Every pair plays twice, colours reversed. */
  double: z.boolean().default(false),
});

const event = z
  .strictObject({
    name: z.string(),
    /**
     * Where the event is held, for the PGN's Site tag (PGN 8.1.1.2: a city, a region, the IOC
     * country code, "Warsaw POL"; ICCF's own games say "ICCF"); "?", unknown, when absent.
     */
    site: z
      .string()
      .trim()
      .min(1, { message: 'expected a place, such as "Warsaw POL"' })
      .optional(),
    /** The subject tag: [TAG/GAME]. */
    tag: z.string().regex(/^[\w.-]+$/, { message: 'expected a tag of letters, digits, _ . -' }),
    td: z.strictObject({ name: z.string(), address }),
    /**
     * The chairman of the ICCF Appeals Commission, who decides finally any player's appeal of
     * a decision of the TD (P-13c: the players write to them directly). Optional: when given,
     * every mail with such a decision names them with their address, and an appeal mailed to
     * amici goes to the TD with a copy to them. An adjudication is appealed to the TD, a second
     * expert of the TD's choosing deciding (P-11): that appeal stays with the TD.
     */
    appealsTo: z.strictObject({ name: z.string(), address }).optional(),
    timeZone: z
      .string()
      .refine(isValidTimeZone, { message: 'expected an IANA time zone, e.g. Europe/Warsaw' }),
    timeControl: timeControl.default({ preset: 'postal', moves: 10, days: 30 }),
    delivery: z.enum(['same-day', 'next-day']).default('same-day'),
    // How the moves travel: by email, or on postcards the TD enters with `amici post` (the
    // PGN says which: Mode "EM" or "PM"). The default of the event's games: a game's own `mode`
    // and a player's `post` set it game by game.
    mode: gameMode.default('email'),
    excessesAllowed: z.number().int().nonnegative().default(1),
    penaltyDays: z.number().int().nonnegative().default(5),
    leavePerYear: z.number().int().nonnegative().optional(),
    drawOffersFromMove: z.number().int().positive().default(1),
    conditionalVisibility: z.enum(['shown', 'hidden']).default('shown'),
    /** P-3a: days without a reply before the last transmission is repeated (plus transit). */
    reminderDays: z.number().int().positive().default(14),
    /**
     * The average transit of a move one way, in days (0 for email). The reminder waits
     * `reminderDays + 2 × transitDays` after the move went out (P-3a: "plus average transit both
     * ways"), so `reminderDays + transitDays` after its delivery; a postal card
     * with no readable postmark and no date of its own is recorded as sent this many days before
     * it came (P-2i); a move relayed by mail to a player by post counts as delivered this many
     * days after the letter is posted (P-6d, P-6e, `deliveredTo`).
     */
    transitDays: z.number().int().nonnegative().default(0),
    silenceDays: z.number().int().positive().default(122),
    protestDays: z.number().int().positive().default(14),
    endDate: date.optional(),
    /** A report on the whole event to the TD every so many days (off when absent). */
    reportDays: z.number().int().min(1).max(92).optional(),
    language: language.default('en'),
    notation: notation.default('auto'),
    players: z.array(player).min(2),
    games: z.array(game).default([]),
    pairings: pairings.optional(),
  })
  .superRefine((e, ctx) => {
    if (e.pairings && e.games.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['pairings'],
        message: 'give games or pairings, not both',
      });
    }
    // An id names one player and one game: a second would silently take the first's place.
    onlyOnce(e.players, (p) => p.id, ctx, {
      list: 'players',
      what: 'player id',
      hint: 'each player needs an id of their own',
      pathOf: (i) => ['players', i, 'id'],
    });
    onlyOnce(e.games, (g) => g.id, ctx, {
      list: 'games',
      what: 'game id',
      hint: 'each game needs an id of its own',
      pathOf: (i) => ['games', i, 'id'],
    });
    const ids = new Set(e.players.map((p) => p.id));
    e.games.forEach((g, i) => {
      for (const side of ['white', 'black'] as const) {
        if (!ids.has(g[side])) {
          ctx.addIssue({
            code: 'custom',
            path: ['games', i, side],
            message: `no player with id "${g[side]}"`,
          });
        }
      }
      if (g.white === g.black)
        ctx.addIssue({
          code: 'custom',
          path: ['games', i, 'black'],
          message: `"${g.black}" is White in this game too; a game is between two players`,
        });
    });
    // An end before the games start (a slip of the year) would send every game to adjudication
    // on its first day (P-10): refused, naming both dates.
    if (e.endDate) {
      const end = e.endDate;
      const starts = e.pairings
        ? [{ where: 'pairings.startsOn', on: e.pairings.startsOn }]
        : e.games.map((g) => ({ where: `game ${g.id} startsOn`, on: g.startsOn }));
      const early = starts.filter((s) => s.on > end).sort((a, b) => a.on.localeCompare(b.on))[0];
      if (early)
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: `endDate ${end}, the last day of play (P-10), is before ${early.where} ${early.on}: the games would go to adjudication before their first move. Check the year of both dates`,
        });
    }
    const seen = new Map<string, string>();
    e.players.forEach((p, i) => {
      p.addresses.forEach((a, j) => {
        const other = seen.get(a.toLowerCase());
        if (other) {
          ctx.addIssue({
            code: 'custom',
            path: ['players', i, 'addresses', j],
            message: `${a} is also ${other}'s address`,
          });
        }
        seen.set(a.toLowerCase(), p.id);
      });
    });
  })
  .transform((e) => {
    if (!e.pairings) return e;
    const games: z.output<typeof game>[] = roundRobin(
      e.players.map((p) => p.id),
      e.pairings,
    );
    return { ...e, games };
  });

export const configSchema = z.strictObject({
  /** The referee's own address: mail goes out from it, players write to it. */
  from: z.strictObject({ name: z.string().default('amici referee'), address }),
  inbox: z.discriminatedUnion('kind', [maildirInbox, imapInbox]),
  outbox: z.discriminatedUnion('kind', [pickupOutbox, smtpOutbox]),
  store: z.strictObject({ path: z.string() }),
  /** node-cron expression for the due-work sweep (P-3a reminders, P-7a claims, …). */
  sweep: z
    .string()
    .default('0 * * * *')
    .superRefine((expression, ctx) => {
      const check = cron.validateDetailed(expression);
      if (!check.valid)
        ctx.addIssue({
          code: 'custom',
          message: `expected a cron schedule such as "0 * * * *" (minute hour day month weekday): ${check.errors.map((x) => x.message).join('; ')}`,
        });
    }),
  /** Minutes the inbox may stay unreadable (IMAP down, login refused) before the TDs are told. */
  inboxAlertMinutes: z.number().int().positive().default(60),
  /** Seconds to wait before each retry of an outgoing mail; after the last, the TD is told. */
  retryDelays: z
    .array(z.number().int().positive())
    .min(1)
    .default([60, 300, 900, 3600, 10800, 43200]),
  events: z
    .array(event)
    .min(1)
    // The tag names the event's games ([TAG/GAME], any case): two events would share them.
    .superRefine((events, ctx) =>
      onlyOnce(
        events,
        (e) => e.tag.toLowerCase(),
        ctx,
        {
          list: 'events',
          what: 'tag',
          hint: 'each event needs a tag of its own',
          pathOf: (i) => [i, 'tag'],
        },
        (e) => e.tag,
      ),
    ),
});

export type AmiciConfig = z.infer<typeof configSchema>;
export type EventConfig = AmiciConfig['events'][number];
export type PlayerConfig = EventConfig['players'][number];
export type GameConfig = EventConfig['games'][number];
