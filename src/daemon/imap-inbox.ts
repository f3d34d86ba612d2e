// The IMAP inbox (issue 5) on imapflow: one connection, kept up by an explicit reconnect loop
// with backoff (imapflow never reconnects by itself); catch-up of every message above the
// checkpoint (UIDVALIDITY + last settled UID, in the store), oldest first, in bounded batches
// (the next one fetched while one is processed), with INTERNALDATE as
// the date of receipt (P-2j, P-6d); IDLE for push with a bounded fallback poll; after commit a
// message is flagged (\Seen and `$amici-<outcome>`) and MOVED to its outcome's folder, never
// deleted; inside a pending() batch, settle() queues and the batch is filed when it ends (one
// STORE + one MOVE per outcome); outside one, what is settled at one moment is filed together.
// Settled messages leave the mailbox, so what stays there is unsettled; UIDs only grow, so the
// checkpoint stays valid across moves. A changed UIDVALIDITY starts from the beginning: the
// store dedupes by Message-ID + body hash. Network failures are logged, never thrown.

import { ImapFlow, type MailboxLockObject } from 'imapflow';
import type { Logger } from './log.ts';
import type { Credentials } from './token-command.ts';
import type {
  CheckpointStore,
  InboundItem,
  Inbox,
  InboxHealth,
  SettleOutcome,
} from './transport.ts';

export interface ImapInboxOptions {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  /** A password, or an OAuth2 access token fetched at each login (token-command.ts). */
  login: Credentials;
  /** The mailbox read (default in the config: INBOX). */
  mailbox: string;
  /** Where settled mail goes; `/` separates levels (mapped to the server's delimiter). */
  folders: Record<SettleOutcome, string>;
  checkpoints: CheckpointStore;
  /** Every line carries a stable `code` (log.ts). */
  logger: Logger;
  /** TCP connect + greeting, each (default 10 s). */
  connectTimeoutMs?: number;
  /** Delays before reconnect attempts 1, 2, …; the last one repeats (default 1 s … 60 s). */
  backoffMs?: readonly number[];
  /** waitForMail resolves at the latest after this long, IDLE or not (default 2 min). */
  pollIntervalMs?: number;
  /** Upper bound on one catch-up batch held in memory (default 100 messages, 8 MB). */
  batch?: { messages: number; bytes: number };
  /** Logout on close() waits at most this long before dropping the socket (default 2 s). */
  closeTimeoutMs?: number;
}

export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 2_000, 5_000, 15_000, 60_000];
const DEFAULT_POLL_MS = 120_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_BATCH = { messages: 100, bytes: 8 * 1024 * 1024 };

/** The keyword set on a settled message, next to \Seen, when the server accepts keywords. */
export function settleKeyword(outcome: SettleOutcome): string {
  return `$amici-${outcome}`;
}

type ImapAuth = { user: string; pass: string } | { user: string; accessToken: string };

/** imapflow's login: the password, or a fresh OAuth2 token (the command may throw). */
async function imapAuth(user: string, login: Credentials): Promise<ImapAuth> {
  return 'password' in login
    ? { user, pass: login.password }
    : { user, accessToken: await login.token() };
}

/**
 * Log in once and look at the mailbox, as the daemon will (`amici check-config --connect`):
 * how many messages it holds, or why it cannot be read.
 */
export async function probeImap(
  options: Pick<ImapInboxOptions, 'host' | 'port' | 'secure' | 'user' | 'login' | 'mailbox'> & {
    timeoutMs?: number;
  },
): Promise<{ ok: true; messages: number } | { ok: false; error: string }> {
  const timeout = options.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  let client: ImapFlow | undefined;
  try {
    client = new ImapFlow({
      host: options.host,
      port: options.port,
      secure: options.secure,
      auth: await imapAuth(options.user, options.login),
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
    });
    client.on('error', () => {}); // the failure is the awaited call's
    await client.connect();
    const status = await client.status(options.mailbox, { messages: true });
    await client.logout();
    if (status === false) return { ok: false, error: `no mailbox ${options.mailbox}` };
    return { ok: true, messages: status.messages ?? 0 };
  } catch (error) {
    client?.close();
    const refused = (error as { authenticationFailed?: unknown }).authenticationFailed === true;
    return { ok: false, error: `${refused ? 'login refused: ' : ''}${describe(error)}` };
  }
}

/** `InboundItem.id` of an IMAP message: "UIDVALIDITY:UID". */
export function makeImapItemId(uidValidity: string, uid: number): string {
  return `${uidValidity}:${uid}`;
}

export function parseImapItemId(id: string): { uidValidity: string; uid: number } | undefined {
  const match = /^(\d+):(\d+)$/.exec(id);
  if (!match) return undefined;
  const uid = Number(match[2]);
  return Number.isSafeInteger(uid) && uid > 0 ? { uidValidity: match[1]!, uid } : undefined;
}

export function createImapInbox(options: ImapInboxOptions): Inbox {
  const { logger, checkpoints, mailbox } = options;
  const backoff = options.backoffMs?.length ? options.backoffMs : DEFAULT_BACKOFF_MS;
  const pollMs = options.pollIntervalMs ?? DEFAULT_POLL_MS;
  const batchLimit = options.batch ?? DEFAULT_BATCH;
  const connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const name = `imap ${options.user}@${options.host}:${options.port}/${mailbox}`;
  const checkpointKey = `${options.user}@${options.host}/${mailbox}`;

  let client: ImapFlow | undefined; // connected and logged in
  let connecting: Promise<ImapFlow | undefined> | undefined;
  let connectingClient: ImapFlow | undefined; // so close() can cut a login that hangs
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0; // failed attempts since the last good connection
  /** Since when no connection could be had (ISO), and why: what `health()` reports. */
  let down: { since: string; error: string } | undefined;
  const failed = (error: string): void => {
    down = { since: down?.since ?? new Date().toISOString(), error };
  };
  let closed = false;
  /** Set by an EXISTS that grew the mailbox (or a reconnect) since the last scan began. */
  let mailMayWait = false;
  const wakers = new Set<() => void>();
  const createdFolders = new WeakMap<ImapFlow, Set<string>>();
  // Yielded but not yet settled, and settled above an unsettled one: the checkpoint only
  // advances over a run of settled UIDs, so a crash or a failed settle re-reads the message.
  const outstanding = new Set<number>();
  const settledAhead = new Set<number>();
  let trackedValidity: string | undefined;

  const wake = (): void => {
    mailMayWait = true;
    for (const w of [...wakers]) w();
  };

  const scheduleReconnect = (): void => {
    if (closed || retryTimer !== undefined || connecting !== undefined) return;
    const delayMs = backoff[Math.min(attempt, backoff.length - 1)] ?? 1_000;
    attempt++;
    logger.warn({ code: 'IMAP_RECONNECT', inbox: name, attempt, delayMs });
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delayMs);
  };

  const connect = (): Promise<ImapFlow | undefined> => {
    if (closed) return Promise.resolve(undefined);
    if (client?.usable) return Promise.resolve(client);
    connecting ??= (async () => {
      let auth: ImapAuth;
      try {
        auth = await imapAuth(options.user, options.login);
      } catch (error) {
        // No token, no login: the operator's to fix, retried like a refused login.
        logger.error({ code: 'IMAP_ERROR', inbox: name, op: 'token', error: describe(error) });
        failed(`login refused: ${describe(error)}`);
        return undefined;
      }
      if (closed) return undefined;
      const candidate = new ImapFlow({
        host: options.host,
        port: options.port,
        secure: options.secure,
        auth,
        logger: false,
        disableAutoIdle: true, // IDLE only inside waitForMail
        connectionTimeout: connectTimeout,
        greetingTimeout: connectTimeout,
      });
      connectingClient = candidate;
      candidate.on('error', (error) => {
        logger.warn({ code: 'IMAP_ERROR', inbox: name, op: 'connection', error: describe(error) });
      });
      candidate.on('exists', (event) => {
        logger.debug({
          code: 'IMAP_EXISTS',
          inbox: name,
          count: event.count,
          prev: event.prevCount,
          idling: candidate.idling,
        });
        if (event.path === mailbox && event.count > event.prevCount) wake();
      });
      candidate.on('close', () => {
        if (client !== candidate) return; // a failed attempt: its caller schedules the retry
        client = undefined;
        if (closed) return;
        logger.warn({ code: 'IMAP_RECONNECT', inbox: name, reason: 'connection closed' });
        failed('connection closed');
        scheduleReconnect();
      });
      try {
        await candidate.connect();
      } catch (error) {
        candidate.close();
        // A refused login is the operator's to fix: retried all the same, but logged as an error.
        const refused = (error as { authenticationFailed?: unknown }).authenticationFailed === true;
        logger[refused ? 'error' : 'warn']({
          code: 'IMAP_ERROR',
          inbox: name,
          op: refused ? 'login' : 'connect',
          error: describe(error),
        });
        failed(`${refused ? 'login refused' : 'cannot connect'}: ${describe(error)}`);
        return undefined;
      }
      if (closed) {
        candidate.close();
        return undefined;
      }
      client = candidate;
      const reconnected = attempt > 0;
      attempt = 0;
      down = undefined;
      logger.info({ code: 'IMAP_CONNECT', inbox: name, reconnected });
      // Notifications were missed while we were away: let the caller look.
      if (reconnected) wake();
      return candidate;
    })().finally(() => {
      connecting = undefined;
      connectingClient = undefined;
    });
    const attemptDone = connecting;
    // Scheduled after the attempt settles, so that scheduleReconnect sees no attempt running.
    void attemptDone.then((c) => {
      if (c === undefined) scheduleReconnect();
    });
    return attemptDone;
  };

  /** The live connection, or one attempt now; undefined while waiting out a backoff delay. */
  const usableClient = (): Promise<ImapFlow | undefined> => {
    if (client?.usable) return Promise.resolve(client);
    if (retryTimer !== undefined) return Promise.resolve(undefined);
    return connect();
  };

  const lockMailbox = async (c: ImapFlow, op: string): Promise<MailboxLockObject | undefined> => {
    try {
      return await c.getMailboxLock(mailbox, { description: `amici ${op}` });
    } catch (error) {
      logger.warn({ code: 'IMAP_ERROR', inbox: name, op, mailbox, error: describe(error) });
      return undefined;
    }
  };

  /** Where the scan starts in this UIDVALIDITY; a changed one resets the checkpoint to 0. */
  const startUid = (uidValidity: string): number => {
    if (trackedValidity !== uidValidity) {
      outstanding.clear();
      settledAhead.clear();
      trackedValidity = uidValidity;
    }
    const saved = checkpoints.getCheckpoint(checkpointKey);
    if (saved?.uidValidity === uidValidity) return saved.lastUid + 1;
    if (saved !== undefined) {
      logger.warn({
        code: 'IMAP_UIDVALIDITY_CHANGED',
        inbox: name,
        was: saved.uidValidity,
        now: uidValidity,
        lastUid: saved.lastUid,
      });
    }
    checkpoints.setCheckpoint(checkpointKey, uidValidity, 0);
    return 1;
  };

  /** One scan: the UIDs above the checkpoint with their sizes, split into bounded batches. */
  const planBatches = async (
    c: ImapFlow,
  ): Promise<{ uidValidity: string; batches: number[][] } | undefined> => {
    const lock = await lockMailbox(c, 'scan');
    if (lock === undefined) return undefined;
    try {
      const opened = c.mailbox;
      if (opened === false) return undefined;
      const uidValidity = String(opened.uidValidity);
      const from = startUid(uidValidity);
      // `from:*` always matches the highest UID, even below `from`: filter.
      const listed = await c.fetchAll(`${from}:*`, { uid: true, size: true }, { uid: true });
      const found = listed
        .filter((m) => m.uid >= from)
        .map((m) => ({ uid: m.uid, size: m.size ?? 0 }))
        .sort((a, b) => a.uid - b.uid);
      const batches: number[][] = [];
      let current: number[] = [];
      let bytes = 0;
      for (const { uid, size } of found) {
        if (
          current.length > 0 &&
          (current.length >= batchLimit.messages || bytes + size > batchLimit.bytes)
        ) {
          batches.push(current);
          current = [];
          bytes = 0;
        }
        current.push(uid);
        bytes += size;
      }
      if (current.length > 0) batches.push(current);
      return { uidValidity, batches };
    } finally {
      lock.release();
    }
  };

  const fetchBatch = async (
    c: ImapFlow,
    uidValidity: string,
    uids: number[],
  ): Promise<InboundItem[] | undefined> => {
    const lock = await lockMailbox(c, 'fetch');
    if (lock === undefined) return undefined;
    try {
      if (c.mailbox === false || String(c.mailbox.uidValidity) !== uidValidity) return undefined;
      const fetched = await c.fetchAll(
        uids.join(','),
        { uid: true, internalDate: true, source: true },
        { uid: true },
      );
      return fetched
        .sort((a, b) => a.uid - b.uid)
        .map((m) => {
          const item = {
            id: makeImapItemId(uidValidity, m.uid),
            raw: m.source as unknown,
            receivedAt: receivedAt(m.internalDate, m.uid),
          };
          if (Buffer.isBuffer(item.raw)) return { ...item, raw: item.raw };
          // `BODY[] NIL` (imapflow gives `false`), or no body at all: the server cannot give the
          // mail now (its disk full, the mail's file unreadable). Yielded all the same, so that
          // it is not passed over: it fails to be read, stays unfiled, holds the checkpoint
          // below it, and is fetched again at the next pass.
          const given = item.raw === false ? 'BODY[] NIL' : 'no BODY[]';
          logger.warn({ code: 'IMAP_NO_BODY', inbox: name, uid: m.uid, answer: given });
          return {
            ...item,
            raw: Buffer.alloc(0),
            unavailable: `the IMAP server gave no body for this mail (UID ${m.uid}, ${given}): it cannot read it now, a full disk on the server perhaps; the mail stays in the mailbox as it is and is read again`,
          };
        });
    } finally {
      lock.release();
    }
  };

  const receivedAt = (internalDate: Date | string | undefined, uid: number): string => {
    const date = internalDate instanceof Date ? internalDate : new Date(internalDate ?? NaN);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
    logger.warn({ code: 'IMAP_ERROR', inbox: name, op: 'internaldate', uid, internalDate });
    return new Date().toISOString();
  };

  async function* pending(): AsyncGenerator<InboundItem> {
    if (closed) return;
    await fileQueued();
    const c = await usableClient();
    if (c === undefined) return;
    mailMayWait = false; // anything arriving from here on wakes the next waitForMail
    let plan: Awaited<ReturnType<typeof planBatches>>;
    try {
      plan = await planBatches(c);
    } catch (error) {
      logger.warn({ code: 'IMAP_ERROR', inbox: name, op: 'scan', error: describe(error) });
      return;
    }
    if (plan === undefined) return;
    const { uidValidity, batches } = plan;
    // The next batch is fetched while this one is processed: the server reads and sends while
    // we decide, as a plain streaming FETCH would. Errors are kept, not thrown, until its turn.
    const fetchAhead = (k: number) =>
      k < batches.length
        ? fetchBatch(c, uidValidity, batches[k]!).then(
            (items) => ({ items }),
            (error: unknown) => ({ error }),
          )
        : undefined;
    let ahead = fetchAhead(0);
    for (let k = 0; ahead; k++) {
      const fetched = await ahead;
      ahead = undefined;
      if ('error' in fetched) {
        logger.warn({
          code: 'IMAP_ERROR',
          inbox: name,
          op: 'fetch',
          error: describe(fetched.error),
        });
        return;
      }
      const items = fetched.items;
      if (items === undefined) return;
      ahead = fetchAhead(k + 1);
      // The lock is released before yielding: the caller settles between items.
      insideBatch = true;
      let batchDone = false;
      try {
        for (const item of items) {
          const parsed = parseImapItemId(item.id);
          if (parsed) outstanding.add(parsed.uid);
          yield item;
        }
        batchDone = true;
      } finally {
        insideBatch = false;
        await fileQueued(); // also when the caller stops early
        if (!batchDone && ahead) {
          await ahead; // the caller stopped early: nothing is left running on the connection
          ahead = undefined;
        }
      }
    }
  }

  /** Creates a settle folder once per connection; true when it exists. */
  const ensureFolder = async (c: ImapFlow, path: string[]): Promise<boolean> => {
    const key = path.join('/');
    let known = createdFolders.get(c);
    if (known === undefined) {
      known = new Set();
      createdFolders.set(c, known);
    }
    if (known.has(key)) return true;
    try {
      const created = await c.mailboxCreate(path);
      if (created?.created) logger.info({ code: 'IMAP_FOLDER_CREATED', inbox: name, folder: key });
    } catch (error) {
      // Not ALREADYEXISTS (imapflow returns that as created: false): see if it is there anyway.
      const listed = await c.list().catch(() => []);
      const delimiter = listed[0]?.delimiter ?? '/';
      if (!listed.some((m) => m.path === path.join(delimiter))) {
        logger.warn({
          code: 'IMAP_ERROR',
          inbox: name,
          op: 'create',
          folder: key,
          error: describe(error),
        });
        return false;
      }
    }
    known.add(key);
    return true;
  };

  const advanceCheckpoint = (uidValidity: string, uids: readonly number[]): void => {
    if (trackedValidity !== uidValidity) return;
    for (const uid of uids) {
      outstanding.delete(uid);
      settledAhead.add(uid);
    }
    const floor = outstanding.size > 0 ? Math.min(...outstanding) : Number.POSITIVE_INFINITY;
    let highest = 0;
    for (const settled of settledAhead) {
      if (settled < floor) {
        highest = Math.max(highest, settled);
        settledAhead.delete(settled);
      }
    }
    const saved = checkpoints.getCheckpoint(checkpointKey);
    if (highest > 0 && (saved?.uidValidity !== uidValidity || highest > saved.lastUid)) {
      checkpoints.setCheckpoint(checkpointKey, uidValidity, highest);
    }
  };

  /** Settled items not yet filed on the server: filed together, a few commands per batch. */
  let queued: { uid: number; uidValidity: string; outcome: SettleOutcome; id: string }[] = [];
  /** True while pending() waits at a yield: it files the batch itself when it resumes. */
  let insideBatch = false;

  const settle = async (item: InboundItem, outcome: SettleOutcome): Promise<void> => {
    const parsed = parseImapItemId(item.id);
    if (parsed === undefined) {
      logger.error({
        code: 'IMAP_ERROR',
        inbox: name,
        op: 'settle',
        item: item.id,
        error: 'bad id',
      });
      return;
    }
    queued.push({ ...parsed, outcome, id: item.id });
    if (!insideBatch) await fileSoon();
  };

  /** Files the queue once the caller has settled all it settles at once (a committed group). */
  let soon: Promise<void> | undefined;
  const fileSoon = (): Promise<void> => {
    soon ??= Promise.resolve().then(() => {
      soon = undefined;
      return fileQueued();
    });
    return soon;
  };

  /**
   * Files every queued item: per outcome one UID STORE (\Seen, the keyword) and one UID MOVE.
   * What fails stays in the mailbox above the checkpoint, so it is read and settled again.
   */
  const fileQueued = async (): Promise<void> => {
    if (queued.length === 0) return;
    const work = queued;
    queued = [];
    const c = await usableClient();
    if (c === undefined) {
      logger.warn({
        code: 'IMAP_ERROR',
        inbox: name,
        op: 'settle',
        items: work.length,
        error: 'not connected; filed on a later pass',
      });
      return;
    }
    try {
      const outcomes = [...new Set(work.map((w) => w.outcome))];
      const ready = new Set<SettleOutcome>();
      for (const outcome of outcomes) {
        if (await ensureFolder(c, folderPath(options.folders[outcome]))) ready.add(outcome);
      }
      const lock = await lockMailbox(c, 'settle');
      if (lock === undefined) return;
      try {
        const opened = c.mailbox;
        if (opened === false) return;
        const current = String(opened.uidValidity);
        const stale = work.filter((w) => w.uidValidity !== current);
        if (stale.length > 0) {
          // Those UIDs are of an older generation: the messages are read again under the new one.
          logger.warn({
            code: 'IMAP_ERROR',
            inbox: name,
            op: 'settle',
            items: stale.map((w) => w.id),
            error: 'UIDVALIDITY changed',
          });
        }
        for (const outcome of ready) {
          const uids = work
            .filter((w) => w.outcome === outcome && w.uidValidity === current)
            .map((w) => w.uid);
          if (uids.length === 0) continue;
          const set = uids.join(',');
          const folder = folderPath(options.folders[outcome]);
          // STORE and MOVE of UIDs no longer here are OK no-ops: an already filed item is fine.
          // imapflow drops a keyword the mailbox's PERMANENTFLAGS do not allow.
          const flagged = await c.messageFlagsAdd(set, ['\\Seen', settleKeyword(outcome)], {
            uid: true,
            silent: true,
          });
          if (!flagged) logger.warn({ code: 'IMAP_ERROR', inbox: name, op: 'flag', uids: set });
          const moved = await c.messageMove(set, folder, { uid: true });
          if (moved === false || moved === undefined) {
            logger.warn({
              code: 'IMAP_ERROR',
              inbox: name,
              op: 'move',
              uids: set,
              folder: folder.join('/'),
            });
            continue;
          }
          advanceCheckpoint(current, uids);
          logger.debug({ code: 'IMAP_SETTLED', inbox: name, outcome, uids: set });
        }
      } finally {
        lock.release();
      }
    } catch (error) {
      logger.warn({
        code: 'IMAP_ERROR',
        inbox: name,
        op: 'settle',
        items: work.length,
        error: describe(error),
      });
    }
  };

  const waitForMail = async (signal: AbortSignal): Promise<void> => {
    await fileQueued();
    if (signal.aborted || closed) return;
    if (mailMayWait) {
      mailMayWait = false;
      return;
    }
    let resolveWait: () => void = () => {};
    const woken = new Promise<void>((resolve) => {
      resolveWait = resolve;
    });
    wakers.add(resolveWait);
    const timer = setTimeout(resolveWait, pollMs);
    signal.addEventListener('abort', resolveWait, { once: true });
    try {
      const c = client?.usable ? client : retryTimer === undefined ? await connect() : undefined;
      if (c !== undefined && !mailMayWait && !signal.aborted && !closed) startIdle(c);
      if (!mailMayWait) await woken;
      mailMayWait = false;
    } finally {
      clearTimeout(timer);
      wakers.delete(resolveWait);
      signal.removeEventListener('abort', resolveWait);
    }
  };

  /** Selects the mailbox and enters IDLE; the next command (or close) ends it. */
  const startIdle = (c: ImapFlow): void => {
    void (async () => {
      const lock = await lockMailbox(c, 'idle');
      if (lock === undefined) return;
      lock.release();
      if (!c.usable || c.idling) return;
      logger.debug({ code: 'IMAP_IDLE', inbox: name, state: 'start' });
      await c.idle();
      logger.debug({ code: 'IMAP_IDLE', inbox: name, state: 'end' });
    })().catch((error: unknown) => {
      logger.warn({ code: 'IMAP_ERROR', inbox: name, op: 'idle', error: describe(error) });
    });
  };

  const close = async (): Promise<void> => {
    if (closed) return;
    await fileQueued();
    closed = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    for (const w of [...wakers]) w();
    // imapflow's close() settles a pending connect() at once.
    connectingClient?.close();
    const attemptInFlight = connecting;
    if (attemptInFlight) await attemptInFlight.catch(() => undefined);
    const c = client;
    client = undefined;
    if (c === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        c.logout(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, options.closeTimeoutMs ?? 2_000);
        }),
      ]);
    } catch {
      // The connection was gone already.
    } finally {
      clearTimeout(timer);
      c.close();
    }
  };

  const health = (): InboxHealth => (down ? { ok: false, ...down } : { ok: true });

  return { name, pending, settle, waitForMail, health, close };
}

/** 'amici/done' → ['amici', 'done']: imapflow joins the levels with the server's delimiter. */
function folderPath(folder: string): string[] {
  return folder.split('/').filter((part) => part !== '');
}

/**
 * An error as a log line or an operator reads it. imapflow's message for a refused command is
 * "Command failed"; what the server said (a wrong password's "[AUTHENTICATIONFAILED]
 * Authentication failed.") is in `responseText` and `serverResponseCode`, and is given too.
 */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const e = error as {
      code?: unknown;
      responseText?: unknown;
      serverResponseCode?: unknown;
      response?: unknown;
    };
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const said = text(e.responseText) ?? text(e.response);
    const rc = text(e.serverResponseCode);
    const server = said
      ? `: the server said ${rc && !said.includes(rc) ? `[${rc}] ` : ''}${said}`
      : rc
        ? `: the server said [${rc}]`
        : '';
    const code = typeof e.code === 'string' ? `${e.code}: ` : '';
    return `${code}${error.message}${server}`;
  }
  return String(error);
}
