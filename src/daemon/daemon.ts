// The daemon: catch up on the inbox, then wait for mail (IDLE, a file watch) and process each
// message as it comes; flush the outbox after every change and when a retry falls due; run the
// due-work sweep on a node-cron schedule and once at start. Stops gracefully on the signal:
// the message in hand is finished and committed, nothing is cut halfway. A reload request (the
// CLI sends one on SIGHUP) runs `reload` on the same chain as the messages, so no message is
// decided half under the old configuration and half under the new. A mail that failed stays in
// the inbox and is read again after `retryMs`, new mail or not; a state file that cannot be
// written (a full disk, a read-only file) is told to every TD once, by mail sent directly, and
// not again after a restart (store-alert.ts).

import cron from 'node-cron';
import { isStoreTrouble } from '../store/store.ts';
import type { Logger } from './log.ts';
import type { ReadItem, RefereeService } from './referee-service.ts';
import { storeAlerts } from './store-alert.ts';
import { type InboundItem, type Inbox, MailUnavailable, type Sender } from './transport.ts';

export interface DaemonParts {
  service: RefereeService;
  inbox: Inbox;
  sender: Sender;
  logger: Logger;
  /** node-cron expression for the sweep. */
  sweep: string;
  /** Read the configuration again and put it in force (see `requests`). */
  reload?: () => Promise<void>;
  /** How often the outbox's retry times and the inbox's health are looked at (default 15 s). */
  watchMs?: number;
  /**
   * How long after a mail failed (it stays in the inbox) it is read again when no new mail
   * wakes the daemon first (default 60 s).
   */
  retryMs?: number;
}

/** What may be asked of a running daemon: a `reload` event runs `DaemonParts.reload`. */
export type DaemonRequests = EventTarget;

export interface RunSummary {
  processed: number;
  sweeps: number;
  sent: number;
  /** `--once`: mails that could not be processed; they stay in the inbox for the next run. */
  failed?: number;
  /** `--once`: mails set aside as rejected after failing again and again (the TD told). */
  setAside?: number;
  /** `--once`: the state file could not be written (its error); the TDs were told, once. */
  storeTrouble?: string;
}

/**
 * Process what is waiting now: the inbox, one sweep, the outbox (`amici run --once`). A mail that
 * fails stays in the inbox for the next run (`failed`); a state file that cannot be written is
 * told to the TDs once across runs (store-alert.ts), and its end too, as the daemon does.
 */
export async function runOnce(
  parts: DaemonParts,
  summary: RunSummary = { processed: 0, sweeps: 0, sent: 0 },
): Promise<RunSummary> {
  const alerts = storeAlerts(parts);
  const setAsideBefore = parts.service.setAsideCount;
  /** `step`, a state file it cannot write told to the TDs rather than thrown. */
  const storing = async (step: () => Promise<void>) => {
    try {
      await step();
    } catch (e) {
      if (!storeTrouble(e)) throw e;
      summary.storeTrouble ??= e.message;
      await alerts.failed(e);
    }
  };
  const drained = await drainInbox(parts, summary, new AbortController().signal);
  if (drained.storeTrouble) {
    summary.storeTrouble = drained.storeTrouble.message;
    await alerts.failed(drained.storeTrouble);
  } else if (drained.stored > 0) alerts.works();
  await storing(async () => {
    await parts.service.sweep();
    summary.sweeps++;
  });
  await storing(async () => {
    summary.sent += (await parts.service.flushOutbox(parts.sender)).sent;
  });
  if (drained.failed) summary.failed = drained.failed;
  const setAside = parts.service.setAsideCount - setAsideBefore;
  if (setAside) summary.setAside = setAside;
  return summary;
}

/**
 * Mails decided and committed together at most: one synced commit for a backlog's batch (see
 * RefereeService.decideGroup). A lone mail, the common case under IDLE, is a group of one.
 */
const GROUP_MAX = 50;

/** Whether a promise has already settled: true if it beats a setImmediate (no I/O waited on). */
const settledNow = (p: Promise<unknown>): Promise<boolean> =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);

/** What one pass over the inbox came to: mails filed, mails left to try again, a store error. */
interface Drained {
  stored: number;
  failed: number;
  /** The last error of the state file itself (full, read-only), if a mail met one. */
  storeTrouble?: Error;
}

/** Whether `e` is an error of the state file itself (a full disk, a read-only file). */
export const storeTrouble = isStoreTrouble;

async function drainInbox(
  parts: DaemonParts,
  summary: RunSummary,
  signal: AbortSignal,
  committed: () => void = () => {},
  /** When a failed mail is tried again (the daemon's retry timer); none for --once. */
  retryAt?: () => string,
): Promise<Drained> {
  const drained: Drained = { stored: 0, failed: 0 };
  const failed = (item: InboundItem, e: unknown, reading?: ReadItem) => {
    drained.failed++;
    if (storeTrouble(e)) drained.storeTrouble = e;
    logFailure(parts, item, e, reading, retryAt?.());
  };
  const it = parts.inbox.pending()[Symbol.asyncIterator]();
  let next: Promise<IteratorResult<InboundItem>> | undefined = it.next();
  try {
    while (next && !signal.aborted) {
      // Read what is waiting now (mail the inbox already holds), then decide it as a group.
      const group: ReadItem[] = [];
      for (;;) {
        const r: IteratorResult<InboundItem> = await next;
        if (r.done) {
          next = undefined;
          break;
        }
        try {
          group.push(await parts.service.readItem(r.value));
        } catch (e) {
          failed(r.value, e);
        }
        next = it.next();
        if (group.length >= GROUP_MAX || signal.aborted || !(await settledNow(next))) break;
      }
      if (group.length === 0) continue;
      const outcomes = parts.service.decideGroup(group);
      committed();
      await Promise.all(
        group.map(async (reading, k) => {
          const { item } = reading;
          const outcome = outcomes[k]!;
          if (outcome instanceof Error) return failed(item, outcome, reading);
          drained.stored++;
          try {
            await parts.inbox.settle(item, outcome);
            summary.processed++;
          } catch (e) {
            failed(item, e, reading);
          }
        }),
      );
    }
  } finally {
    // Stopped early (a signal): the inbox's generator ends and files what was settled.
    if (next) {
      await next.catch(() => undefined);
      await it.return?.();
    }
  }
  return drained;
}

/**
 * A mail's Message-ID and sender as its header gives them, for a log line about a mail that
 * could not be read whole.
 */
function headerFacts(raw: Buffer): { messageId?: string; sender?: string } {
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = (end < 0 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) => new RegExp(`^${name}:[ \t]*(.*)$`, 'im').exec(block)?.[1]?.trim();
  const messageId = field('Message-ID');
  const from = field('From');
  const sender =
    from && (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? /[^\s<>"]+@[^\s<>"]+/.exec(from)?.[0]);
  return { ...(messageId ? { messageId } : {}), ...(sender ? { sender } : {}) };
}

function logFailure(
  parts: DaemonParts,
  item: InboundItem,
  e: unknown,
  reading: ReadItem | undefined,
  retryAt: string | undefined,
): void {
  // Which mail: a TD looks it up in the mailbox by its Message-ID and sender.
  const read = reading?.read.ok ? reading.read.value.mail : undefined;
  const facts = read
    ? {
        ...(read.messageId ? { messageId: read.messageId } : {}),
        ...(read.from?.address ? { sender: read.from.address } : {}),
      }
    : Buffer.isBuffer(item.raw)
      ? headerFacts(item.raw)
      : {};
  parts.logger.error({
    code: 'INBOUND_FAILED',
    item: item.id,
    ...facts,
    ...(retryAt ? { retryAt } : {}),
    // A mail the inbox could not give is no error of amici's: what happened, not a stack.
    error: e instanceof MailUnavailable ? e.message : String((e as Error).stack ?? e),
  });
}

/**
 * The outbox pump: one flush at a time, started whenever something was committed. A request
 * while a flush runs makes it look again when it ends, so mail committed meanwhile goes too.
 * It runs beside the inbox: replies leave while a backlog is still being read.
 */
function outboxPump(parts: DaemonParts, summary: RunSummary): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        summary.sent += (await parts.service.flushOutbox(parts.sender)).sent;
      } while (again);
    })()
      .catch((e) =>
        parts.logger.error({ code: 'OUTBOX_ERROR', error: String((e as Error).stack ?? e) }),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/** Run until `signal` aborts. */
export async function runDaemon(
  parts: DaemonParts,
  signal: AbortSignal,
  requests: DaemonRequests = new EventTarget(),
): Promise<RunSummary> {
  const summary: RunSummary = { processed: 0, sweeps: 0, sent: 0 };
  const { service, logger } = parts;
  const retryMs = parts.retryMs ?? 60_000;
  let busy: Promise<void> = Promise.resolve();
  // Everything that decides and commits runs one after another on this chain.
  const serial = (fn: () => Promise<void>) => {
    busy = busy.then(fn).catch(async (e) => {
      logger.error({ code: 'INBOUND_FAILED', error: String((e as Error).stack ?? e) });
      if (storeTrouble(e)) await alerts.failed(e);
    });
    return busy;
  };
  const flush = outboxPump(parts, summary);
  const kick = () => void flush();
  // A state file that cannot be written (a full disk, a read-only file) stops all play: every
  // TD is told once, not per mail, per try or per restart, and again when it can be written. The
  // outbox is in the state file, so the first mail goes to the sender directly.
  const alerts = storeAlerts(parts);
  // Mail that failed stays in the inbox: it is read again after retryMs, new mail or not.
  let retryDue = false;
  const drain = () =>
    serial(async () => {
      const retryAt = () => new Date(Date.now() + retryMs).toISOString();
      const drained = await drainInbox(parts, summary, signal, kick, retryAt);
      retryDue = drained.failed > 0;
      if (drained.storeTrouble) await alerts.failed(drained.storeTrouble);
      else if (drained.stored > 0) alerts.works();
    });
  const sweep = () =>
    serial(async () => {
      await service.sweep();
      summary.sweeps++;
    });

  const task = cron.schedule(parts.sweep, () => void sweep().then(flush));
  // A reload may add games: the sweep after it announces those that have started.
  const reload = () => {
    const { reload: fn } = parts;
    if (fn) void serial(fn).then(sweep).then(kick);
  };
  requests.addEventListener('reload', reload);
  // An inbox that stays unreadable for inboxAlertMinutes is reported to the TDs once, and its
  // return too: the daemon cannot relay moves meanwhile, and nobody may be reading the logs.
  // The outage told of survives a restart: the TDs are not told of it twice, and are told of
  // its end, even if that comes after the restart.
  let reported = service.store.reportedOutage()?.since; // the start of the outage told of
  let looked = false; // the inbox has been tried once: its health means something
  const watchInbox = () => {
    // An inbox that reports no health (the Maildir) cannot be down.
    const health = parts.inbox.health?.() ?? { ok: true as const };
    const notice = (alert: Parameters<RefereeService['noticeInbox']>[0]) =>
      void serial(async () => void service.noticeInbox(alert)).then(kick);
    if (!health.ok) {
      const minutes = (Date.now() - Date.parse(health.since)) / 60_000;
      if (reported === undefined && minutes >= service.config.inboxAlertMinutes) {
        const { since, error } = health;
        reported = since;
        notice({ state: 'down', inbox: parts.inbox.name, since, error });
      }
    } else if (reported !== undefined && looked) {
      const since = reported;
      reported = undefined;
      notice({ state: 'back', inbox: parts.inbox.name, since, until: new Date().toISOString() });
    }
  };
  // Retries fall due while nothing else happens: look at the outbox every so often.
  const retryTimer = setInterval(() => {
    const next = service.store.nextOutboxTry();
    if (next && next <= service.clock().toISOString()) kick();
    watchInbox();
  }, parts.watchMs ?? 15_000);
  try {
    // The mail that waited is read before the first sweep, as in runOnce: a move already in the
    // inbox is not reminded of, and a game whose first move came is not announced.
    let first = true;
    while (!signal.aborted) {
      await drain();
      if (first) {
        first = false;
        looked = true;
        watchInbox();
        await sweep();
      }
      kick();
      await flush();
      if (signal.aborted) break;
      await parts.inbox.waitForMail(
        retryDue ? AbortSignal.any([signal, AbortSignal.timeout(retryMs)]) : signal,
      );
    }
  } finally {
    requests.removeEventListener('reload', reload);
    await task.stop();
    clearInterval(retryTimer);
    await busy;
    await flush();
  }
  return summary;
}
