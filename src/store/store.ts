// The state on disk: SQLite through better-sqlite3, WAL, numbered migrations. It holds each
// game's event log (append-only — the record P-5a asks to keep), every inbound message with its
// raw bytes archived (P-5a), the outbox of ready MIME messages with their attempts, and the IMAP
// checkpoints. One transaction per inbound message: its events, the mail it makes us send and
// its "done" mark commit together, so a message seen again changes nothing (mail read together
// in a backlog: one savepoint each inside one transaction, `together`). A commit is on disk
// when it returns (synchronous = FULL): only then is the mail filed on the server or a reply
// handed to SMTP, so a power cut or a kernel crash repeats work and never loses a move.

import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { CalendarDate } from '../clock/index.ts';
import type { CheckpointStore } from '../daemon/transport.ts';
import type { GameEvent } from '../referee/index.ts';

const MIGRATIONS: string[] = [
  `CREATE TABLE games (
     game_key TEXT PRIMARY KEY,
     event_tag TEXT NOT NULL,
     game_id TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE events (
     game_key TEXT NOT NULL REFERENCES games(game_key),
     seq INTEGER NOT NULL,
     type TEXT NOT NULL,
     body TEXT NOT NULL,
     recorded_at TEXT NOT NULL,
     inbound_id INTEGER REFERENCES inbound(id),
     PRIMARY KEY (game_key, seq)
   );
   CREATE TABLE inbound (
     id INTEGER PRIMARY KEY,
     dedupe_key TEXT NOT NULL UNIQUE,
     message_id TEXT,
     received_at TEXT NOT NULL,
     processed_at TEXT NOT NULL,
     status TEXT NOT NULL,
     game_key TEXT,
     sender TEXT,
     subject TEXT,
     note TEXT,
     raw BLOB NOT NULL
   );
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY,
     message_id TEXT NOT NULL UNIQUE,
     game_key TEXT,
     kind TEXT NOT NULL,
     recipients TEXT NOT NULL,
     sender TEXT NOT NULL,
     raw BLOB NOT NULL,
     created_at TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_try_at TEXT NOT NULL,
     status TEXT NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     inbound_id INTEGER REFERENCES inbound(id)
   );
   CREATE INDEX outbox_due ON outbox(status, next_try_at);
   CREATE TABLE checkpoints (
     mailbox TEXT PRIMARY KEY,
     uid_validity TEXT NOT NULL,
     last_uid INTEGER NOT NULL
   );`,
  // 2: an outgoing message's bytes in a table of their own. SQLite rewrites a whole row on
  // UPDATE, so marking a mail sent rewrote its ~30 KB of MIME (0.25 ms a mail in the backlog
  // bench); the status row is now small.
  `CREATE TABLE outbox_raw (
     outbox_id INTEGER PRIMARY KEY REFERENCES outbox(id),
     raw BLOB NOT NULL
   );
   INSERT INTO outbox_raw (outbox_id, raw) SELECT id, raw FROM outbox;
   ALTER TABLE outbox DROP COLUMN raw;`,
  // 3: the answers given at most once a day (no-move, unknown-address) look up a game's mail
  // by kind.
  'CREATE INDEX outbox_game_kind ON outbox(game_key, kind);',
  // 4: the inbox outage the TDs were told of, so that a restart during it neither tells them
  // again nor forgets to tell them of its end.
  `CREATE TABLE inbox_outage (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     inbox TEXT NOT NULL,
     since TEXT NOT NULL
   );`,
  // 5: the day each event's report last went to its TD, so a restart sends none twice.
  `CREATE TABLE td_report (
     event_tag TEXT PRIMARY KEY,
     last_on TEXT NOT NULL
   );`,
  // 6: how often reading or deciding a mail failed, across restarts, so one that always fails
  // (a bug of amici's) is set aside and the TD told, instead of being tried for ever unanswered.
  `CREATE TABLE inbound_failure (
     dedupe_key TEXT PRIMARY KEY,
     tries INTEGER NOT NULL,
     first_at TEXT NOT NULL,
     last_error TEXT NOT NULL
   );`,
  // 7: the move a relay asks its player to answer (its log place, `seq`), so that a relay sent
  // late dates the move's delivery (P-6d). Relays waiting or failed when this came are matched
  // to the mail's commit (its moves logged the same instant), when those are one side's moves:
  // a move by mail (a postal card's relay has no inbound mail) with no conditional answer.
  `ALTER TABLE outbox ADD COLUMN relay_of INTEGER;
   UPDATE outbox SET relay_of = (
       SELECT MAX(e.seq) FROM events e
        WHERE e.game_key = outbox.game_key AND e.recorded_at = outbox.created_at AND e.type = 'move'
       HAVING COUNT(DISTINCT json_extract(e.body, '$.side')) = 1)
    WHERE kind = 'move-relayed' AND status <> 'sent' AND inbound_id IS NOT NULL;`,
  // 8: when a mail we sent came back as a bounce: a relay that bounced has not reached its
  // player, as one that failed has not (P-6d).
  `ALTER TABLE outbox ADD COLUMN bounced_at TEXT;`,
  // 9: the finished games an event's last report listed (JSON), so the next one lists only the
  // others: a game that ended on a report's day after the report is in the next, one that ended
  // before it is not listed twice. NULL for a report made before this: the next lists from its
  // day on, inclusive.
  'ALTER TABLE td_report ADD COLUMN listed TEXT;',
  // 10: a relay's effect (JSON), so that a relay going out days after it was queued (retried
  // after a failure, a copy after a bounce) is written again as of the day it goes out (P-6d);
  // and the mail a copy (`amici outbox resend`) was made of, which the copy names.
  `ALTER TABLE outbox ADD COLUMN relay_effect TEXT;
   ALTER TABLE outbox ADD COLUMN copy_of INTEGER;`,
  // 11: the addresses a mail came back from (JSON), so that a mail to several addresses counts
  // as bounced (`bounced_at`) once each of them has sent its report.
  'ALTER TABLE outbox ADD COLUMN bounced_to TEXT;',
  // 12: when the last try of an outgoing mail failed. `next_try_at` is when a try falls due; the
  // try is made then only if the daemon runs (a cron's --once, a daemon stopped for hours make it
  // later), so the time a mail failed for good was shown wrong. Unknown for mail that failed
  // before this (NULL).
  'ALTER TABLE outbox ADD COLUMN failed_at TEXT;',
];

/** The pages a step of the online backup copies: all of them (the driver's largest count). */
const ALL_PAGES = 0x7fffffff;

/** The columns of an `OutboxInfo`, as one SELECT list. */
const OUTBOX_INFO = `id, message_id AS messageId, game_key AS gameKey, kind, recipients, attempts,
  created_at AS createdAt, next_try_at AS nextTryAt, sent_at AS sentAt, status,
  last_error AS lastError, failed_at AS failedAt, bounced_at AS bouncedAt`;
/** The columns of an `OutboxRow` and the tables they come from, for a SELECT. */
const OUTBOX_ROW = `id, message_id AS messageId, game_key AS gameKey, kind, recipients, sender, r.raw AS raw,
  attempts, created_at AS createdAt, next_try_at AS nextTryAt, status, last_error AS lastError,
  relay_of AS relayOf, relay_effect AS relayEffect, copy_of AS copyOf
  FROM outbox JOIN outbox_raw r ON r.outbox_id = outbox.id`;
type OutboxRowRaw = Omit<OutboxRow, 'recipients'> & { recipients: string };
const outboxRowOf = (r: OutboxRowRaw): OutboxRow => ({
  ...r,
  recipients: JSON.parse(r.recipients) as string[],
});
type OutboxInfoRow = Omit<OutboxInfo, 'recipients'> & { recipients: string };
const outboxInfo = (r: OutboxInfoRow): OutboxInfo => ({
  ...r,
  recipients: JSON.parse(r.recipients) as string[],
});

/** An event's last report to its TD (`Store.lastTdReport`). */
export interface LastTdReport {
  on: CalendarDate;
  /** The finished games it listed, by `finishedKey`; the letters not printed, `unprintedKey`. */
  listed?: readonly string[];
}

/**
 * A finished game as a report lists it: the game, its result and the day it ended — a result
 * the TD corrects later is a new key, and is listed again.
 */
export const finishedKey = (gameKey: string, result: string, on: CalendarDate): string =>
  `${gameKey} ${result} ${on}`;

/**
 * A copy to print and post that never reached the TD (`failedPrintCopies`), as a report lists
 * it: once, in the first report after it failed, its key kept in each later report's list while
 * it stays failed.
 */
export const unprintedKey = (outboxId: number): string => `unprinted ${outboxId}`;

export const INBOUND_STATUSES = ['done', 'rejected', 'ignored'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];
/**
 * `obsolete`: never sent, and no longer to be — an inbox-down alert still waiting when the inbox
 * was read again (its end is told instead). Kept, not deleted, like all mail.
 */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'obsolete';

export interface NewOutboxMail {
  messageId: string;
  gameKey?: string;
  kind: string;
  recipients: string[];
  sender: string;
  raw: Buffer;
  /** A move's relay to the player who must answer it: that move's log place (`Ply.seq`). */
  relayOf?: number;
  /** Such a relay's effect, as JSON: it is written again when it goes out late (P-6d). */
  relayEffect?: string;
}

export interface OutboxRow {
  id: number;
  messageId: string;
  gameKey: string | null;
  kind: string;
  recipients: string[];
  sender: string;
  raw: Buffer;
  attempts: number;
  nextTryAt: string;
  status: OutboxStatus;
  /** Why the last try failed; kept when failed mail is queued again (null once sent). */
  lastError: string | null;
  relayOf: number | null;
  /** When it was queued. */
  createdAt: string;
  /** A relay's effect (JSON), when it was queued with it. */
  relayEffect: string | null;
  /** The mail this is a copy of (`amici outbox resend`), if it is one. */
  copyOf: number | null;
}

export interface OutboxInfo {
  id: number;
  messageId: string;
  gameKey: string | null;
  kind: string;
  recipients: string[];
  attempts: number;
  createdAt: string;
  nextTryAt: string;
  sentAt: string | null;
  status: OutboxStatus;
  lastError: string | null;
  /**
   * When the try that gave `lastError` was made (for a mail failed for good, when it failed):
   * null if no try failed, or for mail that failed before amici recorded it. `nextTryAt` is when
   * the next try falls due, or fell due.
   */
  failedAt: string | null;
  /** When it came back as a bounce, if it did (after it was sent). */
  bouncedAt: string | null;
}

export interface InboundRecord {
  dedupeKey: string;
  messageId?: string;
  receivedAt: string;
  status: InboundStatus;
  gameKey?: string;
  sender?: string;
  subject?: string;
  note?: string;
  raw: Buffer;
}

/**
 * The key that makes a message "seen": its Message-ID and a hash of its body (everything after
 * the header block), so the same mail delivered twice — by two paths, with different trace
 * headers — is one message, while a new mail that reuses a Message-ID is not.
 */
export function dedupeKey(raw: Buffer, messageId: string | undefined): string {
  const text = raw.toString('latin1');
  const m = /\r?\n\r?\n/.exec(text);
  const body = m ? raw.subarray(m.index + m[0].length) : raw;
  return createHash('sha256')
    .update(messageId ?? '')
    .update('\0')
    .update(body)
    .digest('hex');
}

/** The key of the n-th replay of a stored mail (`amici inbox replay`): a reading of its own. */
export const replayKey = (key: string, n: number | '%') => `${key}:replay:${n}`;

export const gameKeyOf = (eventTag: string, gameId: string) => `${eventTag}/${gameId}`;

/** The store version this amici writes: the number of its migrations. */
export const STORE_VERSION = MIGRATIONS.length;

/**
 * A state file amici cannot use (newer than this amici, unwritable, not a database): one line
 * for the operator, naming the file and what is wrong. The command line prints it, no stack.
 */
export class StoreUnusable extends Error {
  override name = 'StoreUnusable';
}

/**
 * Why `amici run` could not write the state file at `path`, if it could not: the file, the
 * journal files SQLite keeps beside it (-wal, -shm) and its folder, where SQLite makes them and
 * amici its run lock, must be writable by the user amici runs as. Checked before the daemon
 * starts: a read-only store would otherwise start, and then fail on every mail for ever
 * ("attempt to write a readonly database"). A symbolic link is followed, as SQLite does.
 */
export function unwritableStore(path: string): string | undefined {
  if (path === ':memory:') return undefined;
  const me = userInfo();
  const who = `user ${me.username} (uid ${me.uid})`;
  const file = existsSync(path) ? realpathSync(path) : path;
  const cannot = (target: string, mode: number): boolean => {
    try {
      accessSync(target, mode);
      return false;
    } catch {
      return true;
    }
  };
  const owner = (target: string) => {
    const st = statSync(target);
    return `it belongs to uid ${st.uid}, mode ${(st.mode & 0o777).toString(8)}`;
  };
  for (const f of [file, `${file}-wal`, `${file}-shm`])
    if (existsSync(f) && cannot(f, constants.R_OK | constants.W_OK))
      return `the state file ${f} cannot be written by ${who}: ${owner(f)}. Run amici as the user who owns it, or give it to this one (chown)`;
  // The nearest folder that exists: the store's own, or the one it will be made in.
  let dir = dirname(file);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  if (cannot(dir, constants.W_OK | constants.X_OK))
    return `the folder ${dir} of the state file ${file} cannot be written by ${who}: ${owner(dir)}; SQLite keeps its journal there and amici its run lock. Run amici as the user who owns it, or give it to this one (chown)`;
  return undefined;
}

/**
 * How long a writer waits for another process's write lock before it gives up (SQLite's
 * busy_timeout): the daemon 5 s — it waits with its whole event loop stopped (the driver is
 * synchronous), its IMAP connection and timers with it, and a mail it could not commit is read
 * again — and a TD's command 30 s, or AMICI_LOCK_WAIT_SECONDS (`lockWaitMs`): the daemon may hold
 * the lock for a batch of a backlog, and the TD would rather wait than type the ruling again.
 */
export const DAEMON_LOCK_WAIT_MS = 5_000;
export const COMMAND_LOCK_WAIT_MS = 30_000;

/** How long a TD's command waits for the write lock: AMICI_LOCK_WAIT_SECONDS, else 30 s. */
export function lockWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.AMICI_LOCK_WAIT_SECONDS);
  return env.AMICI_LOCK_WAIT_SECONDS && Number.isFinite(seconds) && seconds >= 0
    ? Math.round(seconds * 1000)
    : COMMAND_LOCK_WAIT_MS;
}

/**
 * Another process (the daemon filing mail, a TD's command) kept the store's write lock longer
 * than this one would wait (`busyTimeoutMs`): nothing of the transaction that waited was written.
 * Keeps SQLite's code (SQLITE_BUSY…), so it is handled wherever that is. The command line says
 * it in one line, no stack.
 */
export class StoreBusy extends Error {
  override name = 'StoreBusy';
  readonly code: string;
  readonly path: string;
  readonly waitedMs: number;
  constructor(path: string, waitedMs: number, cause: Error & { code?: unknown }) {
    super(
      `the state file ${path} is busy: another amici process (\`amici run\` filing mail, or another TD's command) kept its write lock for more than ${Math.round(waitedMs / 1000)} s`,
      { cause },
    );
    this.code = String(cause.code);
    this.path = path;
    this.waitedMs = waitedMs;
  }
}

/** SQLite's codes for a state file that cannot be written at all, whichever mail is at hand. */
const STORE_TROUBLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PERM)/;

/** Whether `e` is an error of the state file itself (a full disk, a read-only file). */
export const isStoreTrouble = (e: unknown): e is Error =>
  e instanceof Error && STORE_TROUBLE.test(String((e as { code?: unknown }).code ?? ''));

/** Whether `e` is SQLite's "the database is locked" after the busy_timeout (SQLITE_BUSY…). */
export const isBusy = (e: unknown): e is Error & { code: string } =>
  e instanceof Error && /^SQLITE_BUSY/.test(String((e as { code?: unknown }).code ?? ''));

export class Store implements CheckpointStore {
  readonly db: Database.Database;
  /** The state file (`:memory:` for a store in memory). */
  readonly path: string;
  private readonly busyTimeoutMs: number;
  /**
   * The migrations applied in this process to a store written by an older amici, oldest first
   * (a new store lists none): the daemon logs each (STORE_MIGRATED), whichever opening of the
   * store applied it (the config is checked against the store before the daemon opens it).
   */
  static readonly migrated: { path: string; version: number }[] = [];

  constructor(path: string, options: { busyTimeoutMs?: number } = {}) {
    this.path = path;
    this.busyTimeoutMs = options.busyTimeoutMs ?? DAEMON_LOCK_WAIT_MS;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    // Its first read: a file that is no database, or a folder where SQLite cannot make its
    // journal, fails here.
    try {
      this.db = new Database(path);
      this.db.pragma('journal_mode = WAL');
    } catch (e) {
      throw new StoreUnusable(`the state file ${path} cannot be opened: ${(e as Error).message}`);
    }
    // FULL: the WAL is synced at every commit. Under NORMAL a commit survives a killed process
    // but may roll back at a power cut or an OS crash — after its mail was already moved to
    // amici/done and its relay sent, so the move would be lost. (Measured: ~0.3 ms a mail on an
    // idle disk, ~0.7 ms under the backlog bench's load; markSent and the IMAP checkpoint stay
    // unsynced, below.)
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    const found = this.db.pragma('user_version', { simple: true }) as number;
    // A store a newer amici migrated (amici rolled back to an older version after an upgrade):
    // its tables are not the ones this amici reads and writes. Used anyway, it would fail on
    // any mail, or write rows the newer amici would misread.
    if (found > STORE_VERSION) {
      this.db.close();
      throw new StoreUnusable(
        `the state file ${path} is of store version ${found}, written by a newer amici; this amici knows store versions up to ${STORE_VERSION}. Upgrade amici again, or restore a backup made before the upgrade`,
      );
    }
    this.migrate();
    const now = this.db.pragma('user_version', { simple: true }) as number;
    for (let v = found + 1; found > 0 && v <= now; v++) Store.migrated.push({ path, version: v });
  }

  private migrate(): void {
    const version = () => this.db.pragma('user_version', { simple: true }) as number;
    // The version is read again under the write lock: the daemon and a TD's command started
    // together after an upgrade must not both run the same migration.
    while (version() < MIGRATIONS.length)
      this.writing(() => {
        const v = version();
        if (v >= MIGRATIONS.length) return;
        this.db.exec(MIGRATIONS[v]!);
        this.db.pragma(`user_version = ${v + 1}`);
      });
  }

  /**
   * A consistent copy of the whole state in `path` while this or another process writes (SQLite's
   * online backup), checked by opening the copy: its integrity check and what it holds. All the
   * pages are copied in one step, from one snapshot: copied a hundred pages a step (the driver's
   * default), the backup starts again from the first page when another process commits between
   * two steps, so while the daemon files a backlog a large store's backup never came to an end.
   * One step holds a read transaction only: the daemon writes on meanwhile (WAL).
   */
  async backup(path: string): Promise<{ games: number; mails: number; bytes: number }> {
    await this.db.backup(path, { progress: () => ALL_PAGES });
    const copy = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw new Error(`the copy in ${path} fails its integrity check: ${check}`);
      const count = (table: string) =>
        (copy.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      return { games: count('games'), mails: count('inbound'), bytes: statSync(path).size };
    } finally {
      copy.close();
    }
  }

  close(): void {
    this.db.close();
  }

  /**
   * Runs `fn` and undoes whatever it wrote: the commands that only look (`games`, `show`,
   * `explain`, …) create the config's games to show them, and a draft config must not leave
   * its games behind. `writes`: whether `fn` may write (the config has games the store has not);
   * see `look`.
   */
  async leavingNoTrace<T>(fn: () => Promise<T>, writes = true): Promise<T> {
    const undo = this.look(writes);
    try {
      return await fn();
    } finally {
      undo();
    }
  }

  /**
   * Starts the transaction of `leavingNoTrace` (a savepoint inside one already open); the
   * function returned undoes what was written since. One that `writes` takes the write lock when
   * it begins (BEGIN IMMEDIATE, waiting for the daemon's commit: busy_timeout), as `writing`
   * does: a deferred one that reads and then writes (the games made to be shown) fails at once
   * with SQLITE_BUSY while another process commits. The daemon, `amici td` and `amici post` wait
   * for that lock until the function returned is called: between the two, wait on nothing (no
   * DNS, no network). One that only reads is deferred and holds no lock a writer waits for: it
   * reads the store as it stood when it began.
   */
  look(writes = true): () => void {
    const outer = !this.db.inTransaction;
    this.waited(() =>
      this.db.exec(outer ? (writes ? 'BEGIN IMMEDIATE' : 'BEGIN') : 'SAVEPOINT look'),
    );
    return () => {
      if (outer) this.db.exec('ROLLBACK');
      else {
        this.db.exec('ROLLBACK TO look');
        this.db.exec('RELEASE look');
      }
    };
  }

  /**
   * Run `fn` in a transaction that takes the write lock when it begins (BEGIN IMMEDIATE), or in a
   * savepoint inside one already open. Every write of more than one statement goes through here.
   * Another process (the daemon, `amici td`, `amici post`) may hold the lock: BEGIN IMMEDIATE
   * waits for it (busy_timeout), while a deferred BEGIN that has read and then writes fails at
   * once with SQLITE_BUSY, or SQLITE_BUSY_SNAPSHOT when the other committed meanwhile — and each
   * of these transactions reads first (a game's event count, whether a mail was seen).
   * Synchronous: nothing is awaited with the lock held.
   */
  private writing<T>(fn: () => T): T {
    return this.waited(() => this.db.transaction(fn).immediate());
  }

  /** `fn`, its wait for the write lock given up (SQLITE_BUSY) said as a `StoreBusy`. */
  private waited<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      if (isBusy(e) && !(e instanceof StoreBusy))
        throw new StoreBusy(this.path, this.busyTimeoutMs, e);
      throw e;
    }
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** A prepared statement, prepared once per SQL text. */
  private sql(text: string): Database.Statement {
    let st = this.statements.get(text);
    if (!st) {
      st = this.db.prepare(text);
      this.statements.set(text, st);
    }
    return st;
  }

  // --- games and their event logs ---------------------------------------------------------

  hasGame(gameKey: string): boolean {
    return this.sql('SELECT 1 FROM games WHERE game_key = ?').get(gameKey) !== undefined;
  }

  games(): { gameKey: string; eventTag: string; gameId: string }[] {
    return this.sql(
      'SELECT game_key AS gameKey, event_tag AS eventTag, game_id AS gameId FROM games ORDER BY rowid',
    ).all() as { gameKey: string; eventTag: string; gameId: string }[];
  }

  events(gameKey: string): GameEvent[] {
    return this.eventsFrom(gameKey, 0);
  }

  /**
   * Every game's first event, number of moves and whether it ended (not when the TD has since
   * undone an annulment, P-9a: the game is in play again): what a config edit is checked
   * against (src/daemon/config-drift.ts). Also the day its last move was sent and whether an
   * adjudication notice stopped play in it (P-10): an end date moved is checked too.
   */
  gamesAsCreated(): {
    gameKey: string;
    created: GameEvent;
    moves: number;
    finished: boolean;
    lastMoveOn?: CalendarDate;
    adjudicated: boolean;
  }[] {
    const rows = this.sql(
      `SELECT f.game_key AS gameKey, f.body AS body,
              (SELECT COUNT(*) FROM events m WHERE m.game_key = f.game_key AND m.type = 'move') AS moves,
              COALESCE((SELECT x.type FROM events x WHERE x.game_key = f.game_key
                          AND x.type IN ('ended', 'reinstated') ORDER BY x.seq DESC LIMIT 1)
                        = 'ended', 0) AS finished,
              (SELECT MAX(json_extract(m.body, '$.sentOn')) FROM events m
                WHERE m.game_key = f.game_key AND m.type = 'move') AS lastMoveOn,
              EXISTS (SELECT 1 FROM events a WHERE a.game_key = f.game_key AND a.type = 'due-done'
                        AND json_extract(a.body, '$.key') LIKE 'adjudication:%') AS adjudicated
         FROM events f WHERE f.seq = 0 ORDER BY f.rowid`,
    ).all() as {
      gameKey: string;
      body: string;
      moves: number;
      finished: number;
      lastMoveOn: CalendarDate | null;
      adjudicated: number;
    }[];
    return rows.map((r) => ({
      gameKey: r.gameKey,
      created: JSON.parse(r.body) as GameEvent,
      moves: r.moves,
      finished: r.finished === 1,
      ...(r.lastMoveOn ? { lastMoveOn: r.lastMoveOn } : {}),
      adjudicated: r.adjudicated === 1,
    }));
  }

  /** The games whose log holds an odd number of events of `type` (reversals that stand). */
  gamesWithOddCount(type: GameEvent['type']): string[] {
    return (
      this.sql(
        'SELECT game_key AS gameKey FROM events WHERE type = ? GROUP BY game_key HAVING COUNT(*) % 2 = 1',
      ).all(type) as { gameKey: string }[]
    ).map((r) => r.gameKey);
  }

  /** The events of a game from number `seq` on (0 = all), in order. */
  eventsFrom(gameKey: string, seq: number): GameEvent[] {
    const rows = this.sql(
      'SELECT body FROM events WHERE game_key = ? AND seq >= ? ORDER BY seq',
    ).all(gameKey, seq) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as GameEvent);
  }

  /**
   * Create a game with its first event, and any it starts with (leave already announced);
   * idempotent: an existing game is left alone.
   */
  createGame(
    eventTag: string,
    gameId: string,
    created: GameEvent,
    at: string,
    more: readonly GameEvent[] = [],
  ): boolean {
    const key = gameKeyOf(eventTag, gameId);
    return this.writing(() => {
      if (this.hasGame(key)) return false;
      this.sql(
        'INSERT INTO games (game_key, event_tag, game_id, created_at) VALUES (?, ?, ?, ?)',
      ).run(key, eventTag, gameId, at);
      this.appendEvents(key, [created, ...more], at);
      return true;
    });
  }

  private appendEvents(
    gameKey: string,
    events: readonly GameEvent[],
    at: string,
    inboundId?: number,
  ): void {
    if (!events.length) return;
    const last = this.sql('SELECT MAX(seq) AS s FROM events WHERE game_key = ?').get(gameKey) as {
      s: number | null;
    };
    const insert = this.sql(
      'INSERT INTO events (game_key, seq, type, body, recorded_at, inbound_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
    let seq = (last.s ?? -1) + 1;
    for (const e of events)
      insert.run(gameKey, seq++, e.type, JSON.stringify(e), at, inboundId ?? null);
  }

  private enqueue(mails: readonly NewOutboxMail[], at: string, inboundId?: number): void {
    const insert = this.sql(
      `INSERT INTO outbox (message_id, game_key, kind, recipients, sender, created_at, next_try_at, status, inbound_id, relay_of, relay_effect)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT(message_id) DO NOTHING`,
    );
    const insertRaw = this.sql('INSERT INTO outbox_raw (outbox_id, raw) VALUES (?, ?)');
    for (const m of mails) {
      const r = insert.run(
        m.messageId,
        m.gameKey ?? null,
        m.kind,
        JSON.stringify(m.recipients),
        m.sender,
        at,
        at,
        inboundId ?? null,
        m.relayOf ?? null,
        m.relayEffect ?? null,
      );
      if (r.changes) insertRaw.run(r.lastInsertRowid, m.raw);
    }
  }

  // --- inbound: one transaction per message -------------------------------------------------

  /**
   * Run `fn` in one transaction, taking the write lock at once: the commits inside it become
   * savepoints, and the whole is synced to disk once (a batch of inbound mail).
   */
  together<T>(fn: () => T): T {
    return this.writing(fn);
  }

  /**
   * Run `fn` so that a throw undoes what it wrote, and only that: a savepoint inside `together`,
   * a transaction of its own (taking the write lock at once) outside.
   */
  savepoint<T>(fn: () => T): T {
    return this.writing(fn);
  }

  /** The earlier processing of a message with this key, if any. */
  seen(key: string): { status: InboundStatus; gameKey: string | null } | undefined {
    return this.sql('SELECT status, game_key AS gameKey FROM inbound WHERE dedupe_key = ?').get(
      key,
    ) as { status: InboundStatus; gameKey: string | null } | undefined;
  }

  /**
   * Commit an inbound message: archive it with its status, append the events it caused, queue
   * the mail it makes us send — all or nothing. A message already seen commits nothing.
   */
  commitInbound(
    record: InboundRecord,
    changes: { gameKey: string; events: readonly GameEvent[] }[],
    /** The mail it makes us send; a function when that mail names the inbound record's id. */
    mails: readonly NewOutboxMail[] | ((inboundId: number) => readonly NewOutboxMail[]),
    at: string,
    /** The event count of each game the decision was made on: another process (`amici td`,
     * `post`, `inbox replay`) may have logged events since, and then nothing is committed
     * (`stale`). */
    expect?: { gameKey: string; events: number } | { gameKey: string; events: number }[],
  ): { committed: boolean; stale?: boolean } {
    return this.writing(() => {
      if (this.seen(record.dedupeKey)) return { committed: false };
      for (const e of expect === undefined ? [] : [expect].flat())
        if (this.eventCount(e.gameKey) !== e.events) return { committed: false, stale: true };
      const r = this.sql(
        `INSERT INTO inbound (dedupe_key, message_id, received_at, processed_at, status, game_key, sender, subject, note, raw)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        record.dedupeKey,
        record.messageId ?? null,
        record.receivedAt,
        at,
        record.status,
        record.gameKey ?? null,
        record.sender ?? null,
        record.subject ?? null,
        record.note ?? null,
        record.raw,
      );
      const inboundId = Number(r.lastInsertRowid);
      for (const c of changes) this.appendEvents(c.gameKey, c.events, at, inboundId);
      this.enqueue(typeof mails === 'function' ? mails(inboundId) : mails, at, inboundId);
      this.sql('DELETE FROM inbound_failure WHERE dedupe_key = ?').run(record.dedupeKey);
      return { committed: true };
    });
  }

  /** Count one more failed reading or decision of the mail `key`; how many there have been. */
  noteFailure(key: string, error: string, at: string): number {
    const row = this.sql(
      `INSERT INTO inbound_failure (dedupe_key, tries, first_at, last_error) VALUES (?, 1, ?, ?)
         ON CONFLICT (dedupe_key) DO UPDATE SET tries = tries + 1, last_error = excluded.last_error
         RETURNING tries`,
    ).get(key, at, error) as { tries: number };
    return row.tries;
  }

  /**
   * Commit what a sweep decided for one game: its events and mail together. `expectedSeq` (the
   * number of events the decision was made on) guards against a concurrent change.
   */
  commitDecision(
    gameKey: string,
    expectedSeq: number,
    events: readonly GameEvent[],
    mails: readonly NewOutboxMail[],
    at: string,
  ): boolean {
    return this.writing(() => {
      if (this.eventCount(gameKey) !== expectedSeq) return false;
      this.appendEvents(gameKey, events, at);
      this.enqueue(mails, at);
      return true;
    });
  }

  private eventCount(gameKey: string): number {
    return (
      this.sql('SELECT COUNT(*) AS n FROM events WHERE game_key = ?').get(gameKey) as { n: number }
    ).n;
  }

  /** When mail of this kind for this game last went to exactly these recipients (ISO), if ever. */
  lastQueued(
    kind: string,
    gameKey: string | null,
    recipients: readonly string[],
  ): string | undefined {
    // `IS`: null for a mail of no game (a player's gameless answer, once a day too).
    const r = this.sql(
      'SELECT MAX(created_at) AS at FROM outbox WHERE game_key IS ? AND kind = ? AND recipients = ?',
    ).get(gameKey, kind, JSON.stringify(recipients)) as { at: string | null };
    return r.at ?? undefined;
  }

  /** Which game one of our Message-IDs belongs to (for replies that lost the subject tag). */
  gameOfMessageId(messageId: string): string | undefined {
    const r = this.sql('SELECT game_key AS g FROM outbox WHERE message_id = ?').get(messageId) as
      | { g: string | null }
      | undefined;
    return r?.g ?? undefined;
  }

  inboundLog(): {
    id: number;
    messageId: string | null;
    receivedAt: string;
    status: string;
    gameKey: string | null;
    sender: string | null;
    subject: string | null;
    note: string | null;
  }[] {
    return this.sql(
      'SELECT id, message_id AS messageId, received_at AS receivedAt, status, game_key AS gameKey, sender, subject, note FROM inbound ORDER BY id',
    ).all() as never;
  }

  /** One stored mail: its key, how it was filed, when it came, its bytes. */
  inboundRecord(
    id: number,
  ): { dedupeKey: string; status: InboundStatus; receivedAt: string; raw: Buffer } | undefined {
    return this.sql(
      'SELECT dedupe_key AS dedupeKey, status, received_at AS receivedAt, raw FROM inbound WHERE id = ?',
    ).get(id) as never;
  }

  /**
   * Every reading of the mail whose reading has key `key`: the first and each replay
   * (`replayKey`), oldest first, with how it was filed and how many events it logged.
   */
  readingsOf(key: string): { id: number; status: InboundStatus; events: number }[] {
    const first = key.replace(/:replay:\d+$/, ''); // a hex digest: nothing LIKE reads as a pattern
    return this.sql(
      `SELECT id, status, (SELECT COUNT(*) FROM events WHERE inbound_id = inbound.id) AS events
         FROM inbound WHERE dedupe_key = ? OR dedupe_key LIKE ? ORDER BY id`,
    ).all(first, replayKey(first, '%')) as never;
  }

  inboundRaw(id: number): Buffer | undefined {
    return (this.sql('SELECT raw FROM inbound WHERE id = ?').get(id) as { raw: Buffer } | undefined)
      ?.raw;
  }

  // --- the outbox --------------------------------------------------------------------------

  /** An outgoing mail's bytes, as queued and handed over. */
  outboxRaw(id: number): Buffer | undefined {
    return (
      this.sql('SELECT raw FROM outbox_raw WHERE outbox_id = ?').get(id) as
        | { raw: Buffer }
        | undefined
    )?.raw;
  }

  /**
   * Whether the relay of the move logged at `moveSeq` has not reached its player: it failed (for
   * good, or waits for another try after a failure) or came back as a bounce, and no copy of it
   * went out that did not come back. For a player by post, the relay is the TD's copy to print
   * and post (`print:move-relayed`, P-2m).
   */
  relayUndelivered(gameKey: string, moveSeq: number): boolean {
    const r = this.sql(
      `SELECT SUM(status = 'sent' AND bounced_at IS NULL) AS sent,
              SUM(status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL)
                  OR bounced_at IS NOT NULL) AS stuck
         FROM outbox WHERE game_key = ? AND relay_of = ?
          AND kind IN ('move-relayed', 'print:move-relayed')`,
    ).get(gameKey, moveSeq) as { sent: number | null; stuck: number | null };
    return (r.stuck ?? 0) > 0 && (r.sent ?? 0) === 0;
  }

  /**
   * The copies to print and post to a player by post (P-2m) that failed for good on their way to
   * the TD's own address, so were never printed — none of them bounced after it went out (the
   * bounce notice tells those) — oldest first, each with the effect it was written from when it
   * kept one.
   */
  failedPrintCopies(): {
    id: number;
    gameKey: string;
    kind: string;
    createdAt: string;
    lastError: string | null;
    relayEffect: string | null;
  }[] {
    return this.sql(
      `SELECT id, game_key AS gameKey, kind, created_at AS createdAt, last_error AS lastError,
              relay_effect AS relayEffect
         FROM outbox
        WHERE status = 'failed' AND kind LIKE 'print:%' AND game_key IS NOT NULL
        ORDER BY id`,
    ).all() as ReturnType<Store['failedPrintCopies']>;
  }

  /**
   * The effects (as stored) of the copies of `kind` in a game that have not reached the TD: each
   * failed, waits for another try after a failure, or came back, and no copy of it (`amici
   * outbox resend`, which keeps the effect) went out that did not come back. A time claim's
   * notice to print and post (P-2m) so stuck holds its deadline back (P-7c).
   */
  undeliveredEffects(gameKey: string, kind: string): string[] {
    const rows = this.sql(
      `SELECT relay_effect AS effect FROM outbox
        WHERE game_key = ? AND kind = ? AND relay_effect IS NOT NULL
        GROUP BY relay_effect
       HAVING SUM(status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL)
                  OR bounced_at IS NOT NULL) > 0
          AND SUM(status = 'sent' AND bounced_at IS NULL) = 0`,
    ).all(gameKey, kind) as { effect: string }[];
    return rows.map((r) => r.effect);
  }

  /**
   * Records that mail `id` came back from `failed` (unknown: from its only address); once it has
   * from every address it went to, it is bounced, dated the first time. Returns whether it is.
   */
  markBounced(id: number, failed: string | undefined, at: string): boolean {
    return this.writing(() => {
      const r = this.sql('SELECT recipients, bounced_to FROM outbox WHERE id = ?').get(id) as
        | { recipients: string; bounced_to: string | null }
        | undefined;
      if (!r) return false;
      const recipients = (JSON.parse(r.recipients) as string[]).map((a) => a.toLowerCase());
      const back = new Set(JSON.parse(r.bounced_to ?? '[]') as string[]);
      if (failed) back.add(failed.toLowerCase());
      else if (recipients.length === 1) back.add(recipients[0]!);
      const all = recipients.every((a) => back.has(a));
      this.sql(
        `UPDATE outbox SET bounced_to = ?,
           bounced_at = CASE WHEN ? THEN COALESCE(bounced_at, ?) ELSE bounced_at END WHERE id = ?`,
      ).run(JSON.stringify([...back]), all ? 1 : 0, at, id);
      return all;
    });
  }

  /** The outbox id of one of our Message-IDs (the mail a bounce returns), if ours. */
  outboxIdOf(messageId: string): number | undefined {
    const r = this.sql('SELECT id FROM outbox WHERE message_id = ?').get(messageId) as
      | { id: number }
      | undefined;
    return r?.id;
  }

  /** One outbox row by id, whatever its status. */
  outboxRow(id: number): OutboxRow | undefined {
    const r = this.sql(`SELECT ${OUTBOX_ROW} WHERE id = ?`).get(id) as OutboxRowRaw | undefined;
    return r && outboxRowOf(r);
  }

  dueOutbox(now: string, limit = 100): OutboxRow[] {
    const rows = this.sql(
      `SELECT ${OUTBOX_ROW} WHERE status = 'pending' AND next_try_at <= ? ORDER BY id LIMIT ?`,
    ).all(now, limit) as OutboxRowRaw[];
    return rows.map(outboxRowOf);
  }

  /** The earliest time a pending mail is due, if any. */
  nextOutboxTry(): string | undefined {
    const r = this.sql(
      `SELECT MIN(next_try_at) AS t FROM outbox WHERE status = 'pending'`,
    ).get() as {
      t: string | null;
    };
    return r.t ?? undefined;
  }

  /**
   * Commit `fn` without syncing the WAL (synchronous = NORMAL), for bookkeeping whose loss at a
   * power cut only repeats work; every other commit is synced (FULL). The next synced commit
   * syncs these frames too, so the order on disk is kept.
   */
  private unsynced(fn: () => void): void {
    this.sql('PRAGMA synchronous = NORMAL').run();
    try {
      fn();
    } finally {
      this.sql('PRAGMA synchronous = FULL').run();
    }
  }

  /** A reply handed over. Lost at a power cut, it goes out once more with the same Message-ID. */
  markSent(id: number, at: string): void {
    this.unsynced(() =>
      this.sql(
        `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?`,
      ).run(at, id),
    );
  }

  /**
   * A relay handed over late that corrects its game's record (P-6d: its move delivered only
   * now): the sent mark and the game's events commit together, synced, so the correction is
   * made exactly once — with the mail that went out, never without it. `stale` when the game
   * changed since `expectedSeq` events (decide again); `not-pending`, with nothing logged, when
   * the mail was no longer waiting (marked sent already).
   */
  markSentCorrecting(
    id: number,
    at: string,
    change: { gameKey: string; expectedSeq: number; events: readonly GameEvent[] },
  ): 'committed' | 'stale' | 'not-pending' {
    return this.writing(() => {
      if (this.eventCount(change.gameKey) !== change.expectedSeq) return 'stale' as const;
      const r = this.sql(
        `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL
           WHERE id = ? AND status = 'pending'`,
      ).run(at, id);
      if (!r.changes) return 'not-pending' as const;
      this.appendEvents(change.gameKey, change.events, at);
      return 'committed' as const;
    });
  }

  /**
   * The bytes of mail `id`, still waiting, written anew (a relay going out late, as of the day
   * it goes out, P-6d): stored, synced, before they are handed over, so that what goes out is
   * what is stored. False, nothing changed, when the mail no longer waits.
   */
  rewriteOutboxRaw(id: number, raw: Buffer): boolean {
    return this.writing(() => {
      const waiting = this.sql(`SELECT 1 FROM outbox WHERE id = ? AND status = 'pending'`).get(id);
      if (!waiting) return false;
      this.sql('UPDATE outbox_raw SET raw = ? WHERE outbox_id = ?').run(raw, id);
      return true;
    });
  }

  /** A try made `at` failed for now: the next falls due at `nextTryAt`. */
  markRetry(id: number, nextTryAt: string, error: string, at: string): void {
    this.sql(
      'UPDATE outbox SET attempts = attempts + 1, next_try_at = ?, last_error = ?, failed_at = ? WHERE id = ?',
    ).run(nextTryAt, error, at, id);
  }

  /** A try made `at` failed for good. */
  markFailed(id: number, error: string, at: string): void {
    this.sql(
      `UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = ?, failed_at = ? WHERE id = ?`,
    ).run(error, at, id);
  }

  /** Outgoing mail without its bytes, newest first: what `amici outbox` shows. */
  outboxList(statuses: readonly OutboxStatus[], limit = 200): OutboxInfo[] {
    const rows = this.sql(
      `SELECT ${OUTBOX_INFO} FROM outbox
        WHERE status IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT ?`,
    ).all(JSON.stringify(statuses), limit) as OutboxInfoRow[];
    return rows.map(outboxInfo);
  }

  /** One outgoing mail's status, by the id `outboxList` gives. */
  outboxInfo(id: number): OutboxInfo | undefined {
    const row = this.sql(`SELECT ${OUTBOX_INFO} FROM outbox WHERE id = ?`).get(id) as
      | OutboxInfoRow
      | undefined;
    return row && outboxInfo(row);
  }

  /**
   * Mail sent again once the cause of its failure is fixed: failed mail (all of it, or by id),
   * and by id mail still waiting for its next try (a long delay after an outage); pending from
   * `at`, the retry schedule from its start. Returns the ids requeued; others are left alone.
   */
  requeue(ids: readonly number[] | 'failed', at: string): number[] {
    return this.writing(() => {
      const statuses = ids === 'failed' ? `('failed')` : `('failed', 'pending')`;
      const failed = (
        this.sql(`SELECT id FROM outbox WHERE status IN ${statuses} ORDER BY id`).all() as {
          id: number;
        }[]
      )
        .map((r) => r.id)
        .filter((id) => ids === 'failed' || ids.includes(id));
      const update = this.sql(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_try_at = ? WHERE id = ?`,
      );
      for (const id of failed) update.run(at, id);
      return failed;
    });
  }

  /**
   * A copy of sent mail queued for another address (the first bounced: a player's address was
   * wrong, and the TD has put the right one in the config): its own Message-ID and bytes, the
   * game, kind and move it relays kept, and `note` as its last error, so that a relay counts as
   * delivered only when the copy goes out (P-6d). The new id.
   */
  resend(
    id: number,
    copy: { messageId: string; recipients: string[]; raw: Buffer; note: string },
    at: string,
  ): number | undefined {
    return this.writing(() => {
      const r = this.sql(
        `INSERT INTO outbox (message_id, game_key, kind, recipients, sender, created_at, next_try_at, status, inbound_id, relay_of, last_error, relay_effect, copy_of)
         SELECT ?, game_key, kind, ?, sender, ?, ?, 'pending', inbound_id, relay_of, ?, relay_effect, id FROM outbox WHERE id = ? AND status = 'sent'`,
      ).run(copy.messageId, JSON.stringify(copy.recipients), at, at, copy.note, id);
      if (!r.changes) return undefined;
      this.sql('INSERT INTO outbox_raw (outbox_id, raw) VALUES (?, ?)').run(
        r.lastInsertRowid,
        copy.raw,
      );
      return Number(r.lastInsertRowid);
    });
  }

  /** How many mails have each status; `obsolete` only when there are any. */
  outboxCounts(): Record<Exclude<OutboxStatus, 'obsolete'>, number> & { obsolete?: number } {
    const rows = this.sql('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status').all() as {
      status: OutboxStatus;
      n: number;
    }[];
    const out: Record<Exclude<OutboxStatus, 'obsolete'>, number> & { obsolete?: number } = {
      pending: 0,
      sent: 0,
      failed: 0,
    };
    for (const r of rows) out[r.status] = r.n;
    return out;
  }

  /** Queue mail outside any inbound message (a TD notice about a failed delivery). */
  enqueueMail(mails: readonly NewOutboxMail[], at: string): void {
    this.writing(() => this.enqueue(mails, at));
  }

  // --- the inbox outage the TDs were told of ----------------------------------------------

  /** The outage the TDs were told of and not yet told the end of (inbox name, start). */
  reportedOutage(): { inbox: string; since: string } | undefined {
    return this.sql('SELECT inbox, since FROM inbox_outage WHERE id = 1').get() as
      | { inbox: string; since: string }
      | undefined;
  }

  /**
   * Queue the TDs' mail about the inbox and record, in the same transaction, the outage they now
   * know of (`down`) or that they know it ended (`back`).
   */
  enqueueInboxAlert(
    mails: readonly NewOutboxMail[],
    at: string,
    outage: { state: 'down' | 'back'; inbox: string; since: string },
  ): void {
    this.writing(() => {
      this.enqueue(mails, at);
      if (outage.state === 'back') this.outageOver(mails);
      else
        this.sql(
          `INSERT INTO inbox_outage (id, inbox, since) VALUES (1, ?, ?)
             ON CONFLICT(id) DO UPDATE SET inbox = excluded.inbox, since = excluded.since`,
        ).run(outage.inbox, outage.since);
    });
  }

  /**
   * The outage is over (`enqueueInboxAlert`): forgotten, and its alerts that have not gone out
   * (the mail server was down too) made obsolete, so that no TD reads "amici cannot read its
   * mail" after "amici reads its mail again". `back`, the mails telling of its end, stay.
   */
  private outageOver(back: readonly NewOutboxMail[]): void {
    this.sql('DELETE FROM inbox_outage').run();
    this.sql(
      `UPDATE outbox SET status = 'obsolete',
         last_error = 'not sent: the inbox was read again before it could go out' ||
                      COALESCE(' (last error: ' || last_error || ')', '')
       WHERE kind = 'inbox-alert' AND status IN ('pending', 'failed')
         AND message_id NOT IN (SELECT value FROM json_each(?))`,
    ).run(JSON.stringify(back.map((m) => m.messageId)));
  }

  // --- the TD's report on an event ---------------------------------------------------------

  /**
   * The event's last report, if one was queued: its day (in the event's zone) and the keys of
   * the finished games it listed (`finishedKey`; absent for a report from before migration 9).
   */
  lastTdReport(eventTag: string): LastTdReport | undefined {
    const row = this.sql('SELECT last_on AS lastOn, listed FROM td_report WHERE event_tag = ?').get(
      eventTag,
    ) as { lastOn: CalendarDate; listed: string | null } | undefined;
    if (!row) return undefined;
    return row.listed === null
      ? { on: row.lastOn }
      : { on: row.lastOn, listed: JSON.parse(row.listed) as string[] };
  }

  /** Queue an event's report and record its day and the finished games it listed, together. */
  enqueueTdReport(
    eventTag: string,
    on: CalendarDate,
    listed: readonly string[],
    mails: readonly NewOutboxMail[],
    at: string,
  ): void {
    this.writing(() => {
      this.enqueue(mails, at);
      this.sql(
        `INSERT INTO td_report (event_tag, last_on, listed) VALUES (?, ?, ?)
           ON CONFLICT(event_tag) DO UPDATE SET last_on = excluded.last_on, listed = excluded.listed`,
      ).run(eventTag, on, JSON.stringify(listed));
    });
  }

  // --- IMAP checkpoints --------------------------------------------------------------------

  getCheckpoint(mailbox: string): { uidValidity: string; lastUid: number } | undefined {
    return this.sql(
      'SELECT uid_validity AS uidValidity, last_uid AS lastUid FROM checkpoints WHERE mailbox = ?',
    ).get(mailbox) as { uidValidity: string; lastUid: number } | undefined;
  }

  /**
   * Where the inbox's scan starts next time: bookkeeping, unsynced like `markSent`. Lost at a
   * power cut, the scan starts lower: mail already filed is no longer in the mailbox, and mail
   * left there is recognised by its synced commit (`seen`) and filed again.
   */
  setCheckpoint(mailbox: string, uidValidity: string, lastUid: number): void {
    this.unsynced(() =>
      this.sql(
        `INSERT INTO checkpoints (mailbox, uid_validity, last_uid) VALUES (?, ?, ?)
           ON CONFLICT(mailbox) DO UPDATE SET uid_validity = excluded.uid_validity, last_uid = excluded.last_uid`,
      ).run(mailbox, uidValidity, lastUid),
    );
  }
}
