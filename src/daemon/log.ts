// Structured logs with stable codes (zone-mta style): every line a JSON object with `code`,
// listed once here and in the README. The logger is created once and passed in, never global.

import pino from 'pino';

export const LOG_CODES = {
  DAEMON_START: 'the daemon started (config, inbox with its server and port, outbox)',
  DAEMON_STOP:
    'the daemon stopped after a signal (`signal`) or --once, once the mail in hand was finished; one line, with what it did',
  GAME_CREATED: 'a game of the config was created in the store',
  STORE_MIGRATED:
    'the state file, written by an older amici, was brought to the next store version (`version`; `latest` is what this amici writes); one line per migration',
  INBOUND_PROCESSED: 'an inbound message was decided and committed (status done or rejected)',
  INBOUND_DUPLICATE: 'an inbound message seen before was filed again; nothing changed',
  INBOUND_IGNORED:
    'an auto-reply, a bounce, unreadable mail, or an unknown sender naming no game; nothing sent back',
  INBOUND_UNKNOWN_ADDRESS:
    'a mail about a game came from an address no player has; the sender and the TD are told (P-5c)',
  INBOUND_UNAUTHENTICATED:
    "a mail in a player's name had no valid DKIM signature of their domain; nothing played, the player and the TD are told (P-2d)",
  INBOUND_TD_MESSAGE:
    'a player\'s mail held only a line for the TD (`TD: …`, "Dear TD, …", a protest, leave taken back), or named no game and held words for the TD (such a line, a withdrawal from the event); the TD got the mail, the player a word (P-5d)',
  INBOUND_TD_RULING:
    "a TD's mail about a game: its rulings applied (status done), or none, and the TD told why (P-7d, P-2d)",
  INBOUND_NO_MOVE:
    "a player's mail held no move or command; they are told where the game stands (once a day)",
  INBOUND_FORWARDED_MOVE:
    "a player forwarded the opponent's move sent to them directly; not played (P-2d), the player and the opponent told (once a day)",
  INBOUND_NO_GAME: 'a player wrote without a game we could find; asked which game',
  INBOUND_OTHER_GAME:
    "a player's mail named a game it does not fit and reads as their move in one other game; nothing played, no penalty, asked which game",
  INBOUND_SEVERAL_GAMES:
    "a player's mail held moves for several games (blocks with game tags); nothing played, no penalty, asked to send each game's move in its own mail (P-2e, P-5a); words for the TD in it went to the TD with the mail all the same (`forTd: sent`, P-5d), or not, the mail not proven (`forTd: not proven`, P-2d)",
  INBOUND_GAMES_STATUS:
    "a player's mail named no game and held words only; they are told where each of their unfinished games stands (once a day, P-2k)",
  INBOUND_COURTESY:
    'a player\'s mail named no game and said only thanks, congratulations or a greeting ("Thanks!", "Dzięki", "Danke, schöne Partie"): filed as ignored, nothing answered',
  INBOUND_BOUNCE: 'a bounce of our mail to a player; the TD is told',
  INBOUND_FAILED:
    "processing an inbound message failed (or its sender's DKIM key could not be looked up); it stays in the inbox and is tried again (`retryAt`), also when no new mail comes",
  INBOUND_SET_ASIDE:
    "reading, deciding or storing a mail failed 3 times (an error in amici, a store that cannot take it): it is filed as rejected with nothing played, the TD told how to read it again, the player that the TD has it; `archived: false` when its bytes could not be stored (they stay in the inbox's folder for rejected mail)",
  INBOUND_GROUP_SPLIT:
    'mails read together could not be committed together (one the store cannot take, a full disk): each is decided and committed alone, so one mail cannot hold back the others',
  STORE_UNWRITABLE:
    'the state file cannot be written (a full disk, a read-only file): no mail is played meanwhile, it waits in the inbox and is tried again; every TD is told once, directly by mail, not again after a restart or at the next `run --once` (`tds`: told, told before, not reached); that they were told is noted beside the state file (`<store>.alert`), `remembered: false` when the note could not be written',
  STORE_WRITABLE: 'the state file is written again after STORE_UNWRITABLE; the TDs are told',
  INBOX_DOWN:
    'the inbox could not be read for longer than inboxAlertMinutes; every TD is told by mail',
  INBOX_BACK: 'the inbox is read again after an outage the TDs were told of; they are told',
  SWEEP_START: 'a due-work sweep began',
  SWEEP_DONE: 'a due-work sweep ended (games looked at, work done)',
  TD_REPORT:
    "an event's report went to its TD (reportDays): who is to move, claims, stopped clocks, results, the table",
  SWEEP_WORK: 'one piece of due work was decided (reminder, claim, deadline, notice)',
  OUTBOX_SENT: 'an outgoing mail was handed over (pickup file written or SMTP accepted)',
  OUTBOX_RETRY: 'an outgoing mail failed for now and is tried again at `next`',
  OUTBOX_FAILED: 'an outgoing mail failed for good; the TD is told',
  RELAY_DELIVERED_LATE:
    "a move's relay that had failed went out on a later day: the move counts as delivered then, and the player's clock from then (P-6d)",
  CLAIM_NOTICE_LATE:
    "a time claim's notice to a player by post went out late (the TD's copy to print and post, after a failure or a bounce): the protest window counts from then (P-7c)",
  RELAY_REWRITE_FAILED:
    "a move's relay going out late could not be written anew as of today (P-6d); it went out as it was queued",
  OUTBOX_ERROR:
    'sending from the outbox stopped on an unexpected error; tried again on the next change',
  IMAP_CONNECT: 'connected to the IMAP server',
  IMAP_RECONNECT: 'the IMAP connection dropped; reconnecting after a delay',
  IMAP_ERROR: 'an IMAP operation failed; `op` says which (connect, login, token, scan, …)',
  IMAP_FOLDER_CREATED: 'a folder for processed mail was created on the IMAP server',
  IMAP_SETTLED: 'a processed message was flagged and moved to its folder',
  IMAP_EXISTS: 'the server reported how many messages the mailbox holds (debug)',
  IMAP_IDLE: 'the connection entered or left IDLE (debug)',
  IMAP_NO_BODY:
    'the IMAP server gave no body for a mail (`uid`; `BODY[] NIL`: it cannot read it now, a full disk on the server perhaps): the mail is not read or filed, it stays in the mailbox and is fetched again (INBOUND_FAILED, `retryAt`)',
  IMAP_UIDVALIDITY_CHANGED: 'the mailbox UIDVALIDITY changed; reading it again from the start',
  SMTP_SENT: 'the SMTP server accepted a message',
  SMTP_ERROR: 'an SMTP delivery attempt failed (a refused login or OAuth2 token included)',
  CONFIG_INVALID:
    'the configuration file did not validate at a reload, or would give games already created to other players; the configuration in force stays',
  CONFIG_DRIFT:
    'the configuration no longer lists a game under way in the store, or changes the start of a game already created (which keeps it)',
  CONFIG_RELOAD: 'a reload of the configuration file was asked for (SIGHUP)',
  CONFIG_RELOADED:
    'the edited configuration is in force: players, addresses, games, event settings; new games created',
  CONFIG_NEEDS_RESTART:
    'a reload was refused: the file changes the inbox, outbox, store or sweep, which need a restart',
  CONFIG_NO_POSTAL_ADDRESS:
    "a player by post has no postalAddress (at the start and at each reload, as check-config warns): amici's mail to them goes to the TD to print with no address on it (P-2m)",
} as const;
export type LogCode = keyof typeof LOG_CODES;

export interface Logger {
  info(fields: Record<string, unknown> & { code: LogCode }, msg?: string): void;
  warn(fields: Record<string, unknown> & { code: LogCode }, msg?: string): void;
  error(fields: Record<string, unknown> & { code: LogCode }, msg?: string): void;
  debug(fields: Record<string, unknown>, msg?: string): void;
}

export function createLogger(
  options: { level?: string; destination?: NodeJS.WritableStream } = {},
): Logger {
  const level = options.level ?? process.env.AMICI_LOG_LEVEL ?? 'info';
  return pino(
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    options.destination ?? process.stderr,
  ) as unknown as Logger;
}

/** A logger that keeps lines in memory (tests, `--json` commands). */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg?: string) =>
    void lines.push({ level, ...fields, ...(msg ? { msg } : {}) });
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}
