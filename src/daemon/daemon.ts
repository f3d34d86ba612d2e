// The daemon: catch up on the inbox, then wait for mail (IDLE, a file watch) and process each
// message as it comes; flush the outbox after every change and when a retry falls due; run the
// due-work sweep on a node-cron schedule and once at start. Stops gracefully on the signal:
// the message in hand is finished and committed, nothing is cut halfway. A reload request (the
// CLI sends one on SIGHUP) runs `reload` on the same chain as the messages, so no message is
// decided half under the old configuration and half under the new.

import cron from 'node-cron';
import type { Logger } from './log.ts';
import type { ReadItem, RefereeService } from './referee-service.ts';
import type { InboundItem, Inbox, Sender } from './transport.ts';

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
}

/** What may be asked of a running daemon: a `reload` event runs `DaemonParts.reload`. */
export type DaemonRequests = EventTarget;

export interface RunSummary {
  processed: number;
  sweeps: number;
  sent: number;
}

/** Process what is waiting now: the inbox, one sweep, the outbox. (`amici run --once`.) */
export async function runOnce(
  parts: DaemonParts,
  summary: RunSummary = { processed: 0, sweeps: 0, sent: 0 },
): Promise<RunSummary> {
  await drainInbox(parts, summary, new AbortController().signal);
  await parts.service.sweep();
  summary.sweeps++;
  summary.sent += (await parts.service.flushOutbox(parts.sender)).sent;
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

async function drainInbox(
  parts: DaemonParts,
  summary: RunSummary,
  signal: AbortSignal,
  committed: () => void = () => {},
): Promise<void> {
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
          failed(parts, r.value, e);
        }
        next = it.next();
        if (group.length >= GROUP_MAX || signal.aborted || !(await settledNow(next))) break;
      }
      if (group.length === 0) continue;
      const outcomes = parts.service.decideGroup(group);
      committed();
      await Promise.all(
        group.map(async ({ item }, k) => {
          const outcome = outcomes[k]!;
          if (outcome instanceof Error) return failed(parts, item, outcome);
          try {
            await parts.inbox.settle(item, outcome);
            summary.processed++;
          } catch (e) {
            failed(parts, item, e);
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
}

function failed(parts: DaemonParts, item: InboundItem, e: unknown): void {
  parts.logger.error({
    code: 'INBOUND_FAILED',
    item: item.id,
    error: String((e as Error).stack ?? e),
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
  let busy: Promise<void> = Promise.resolve();
  // Everything that decides and commits runs one after another on this chain.
  const serial = (fn: () => Promise<void>) => {
    busy = busy
      .then(fn)
      .catch((e) =>
        logger.error({ code: 'INBOUND_FAILED', error: String((e as Error).stack ?? e) }),
      );
    return busy;
  };
  const flush = outboxPump(parts, summary);
  const kick = () => void flush();
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
      await serial(() => drainInbox(parts, summary, signal, kick));
      if (first) {
        first = false;
        looked = true;
        watchInbox();
        await sweep();
      }
      kick();
      await flush();
      if (signal.aborted) break;
      await parts.inbox.waitForMail(signal);
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
