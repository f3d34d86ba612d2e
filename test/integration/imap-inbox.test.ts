// The IMAP inbox against a real Dovecot (issue 5): catch-up in UID order with INTERNALDATE,
// settle (flags + move to the outcome's folder, never delete), the UID + UIDVALIDITY checkpoint
// across restarts, IDLE wake-ups and abort, and reconnecting after the connection drops (through
// a TCP relay the test controls, so the server can "go away" and come back on the same port).

import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImapInbox,
  type ImapInboxOptions,
  parseImapItemId,
} from '../../src/daemon/imap-inbox.ts';
import type { CheckpointStore, InboundItem, Inbox } from '../../src/daemon/transport.ts';
import { type Endpoint, type MailServers, startMailServers } from '../support/mail-servers.ts';

const USERS = {
  catchUp: 'catchup@example.org',
  restart: 'restart@example.org',
  crash: 'crash@example.org',
  validity: 'validity@example.org',
  idle: 'idle@example.org',
  abort: 'abort@example.org',
  reconnect: 'reconnect@example.org',
  outage: 'outage@example.org',
  batch: 'batch@example.org',
  stop: 'stop@example.org',
} as const;

const FOLDERS = { done: 'amici/done', rejected: 'amici/rejected', ignored: 'amici/ignored' };
const WAIT_MS = 10_000;

let counter = 0;
function message(subject: string): { id: string; raw: string } {
  counter += 1;
  const id = `<inbox-${counter}@example.org>`;
  const raw = [
    'From: White <white@example.org>',
    'To: Referee <referee@amici.example>',
    `Subject: ${subject}`,
    `Message-ID: ${id}`,
    'Date: Sun, 22 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${subject}: 1. e4`,
    '',
  ].join('\r\n');
  return { id, raw };
}

function memoryCheckpoints(): CheckpointStore & {
  saved: Map<string, { uidValidity: string; lastUid: number }>;
} {
  const saved = new Map<string, { uidValidity: string; lastUid: number }>();
  return {
    saved,
    getCheckpoint: (mailbox) => saved.get(mailbox),
    setCheckpoint: (mailbox, uidValidity, lastUid) =>
      void saved.set(mailbox, { uidValidity, lastUid }),
  };
}

type Line = { level: string; code?: unknown; [key: string]: unknown };
function recordingLogger(): ImapInboxOptions['logger'] & { lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>) =>
    void lines.push({ level, ...fields });
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

async function collect(inbox: Inbox): Promise<InboundItem[]> {
  const items: InboundItem[] = [];
  for await (const item of inbox.pending()) items.push(item);
  return items;
}

/** Rejects when `promise` has not settled within `ms` (every wait in these tests is bounded). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` every 50 ms until it is true; rejects after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const polls = Math.ceil(ms / 50);
  for (let i = 0; i < polls; i++) {
    if (check()) return;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

/** A TCP relay to Dovecot on 127.0.0.1 that can cut every connection, stop and start again. */
type Relay = { port: number; drop(): void; stop(): Promise<void>; start(): Promise<void> };

async function startRelay(target: Endpoint): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay: no port');
  const port = address.port;
  const drop = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    drop,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        drop();
      }),
    start: () => listen(port),
  };
}

describe('IMAP inbox against Dovecot', () => {
  let servers: MailServers;
  const open: Inbox[] = [];
  let delimiter = '.';

  const inboxFor = (
    user: string,
    checkpoints: CheckpointStore,
    extra: Partial<ImapInboxOptions> = {},
  ): Inbox & { logger: ReturnType<typeof recordingLogger> } => {
    const logger = recordingLogger();
    const inbox = createImapInbox({
      host: servers.imap.host,
      port: servers.imap.port,
      secure: false,
      user,
      login: { password: servers.password },
      mailbox: 'INBOX',
      folders: FOLDERS,
      checkpoints,
      logger,
      connectTimeoutMs: 5_000,
      backoffMs: [100, 200, 400],
      ...extra,
    });
    open.push(inbox);
    return Object.assign(inbox, { logger });
  };

  const folder = (name: string) => name.split('/').join(delimiter);

  /** APPEND with an explicit INTERNALDATE. */
  const appendAt = async (user: string, raw: string, date: Date, mailbox = 'INBOX') => {
    const client = await servers.connect(user);
    try {
      const result = await client.append(mailbox, raw, [], date);
      if (result === false || result.uid === undefined) throw new Error('APPEND without UIDPLUS');
      return result.uid;
    } finally {
      await client.logout();
    }
  };

  beforeAll(async () => {
    servers = await startMailServers({ users: Object.values(USERS) });
    const client = await servers.connect(USERS.catchUp);
    try {
      delimiter = (await client.list())[0]?.delimiter ?? '.';
    } finally {
      await client.logout();
    }
  });

  afterAll(async () => {
    await Promise.all(open.map((inbox) => inbox.close()));
    await servers?.stop();
  });

  it('catches up on mail waiting before start, oldest first, dated by INTERNALDATE', async () => {
    const dates = [
      new Date('2026-11-20T08:15:00Z'),
      new Date('2026-11-21T09:30:00Z'),
      new Date('2026-11-21T23:45:00Z'), // Dovecot clamps a future INTERNALDATE to now
    ];
    const sent = dates.map((_, i) => message(`Catch-up ${i + 1}`));
    const uids: number[] = [];
    for (const [i, m] of sent.entries()) uids.push(await appendAt(USERS.catchUp, m.raw, dates[i]!));

    const checkpoints = memoryCheckpoints();
    const inbox = inboxFor(USERS.catchUp, checkpoints);
    // Its name in the logs (DAEMON_START, IMAP_*) says which server and port it reads.
    expect(inbox.name).toBe(
      `imap ${USERS.catchUp}@${servers.imap.host}:${servers.imap.port}/INBOX`,
    );
    const items = await collect(inbox);

    expect(items.map((i) => parseImapItemId(i.id)?.uid)).toEqual(uids);
    expect(items.map((i) => i.receivedAt)).toEqual(dates.map((d) => d.toISOString()));
    expect(items.map((i) => i.raw.toString('utf8'))).toEqual(sent.map((m) => m.raw));
    expect(
      inbox.logger.lines.filter((l) => l.level !== 'debug' && l.code !== 'IMAP_CONNECT'),
    ).toEqual([]);

    // Settle: flagged, moved to the outcome's folder (created on demand), never deleted.
    const outcomes = ['done', 'rejected', 'ignored'] as const;
    for (const [i, item] of items.entries()) await inbox.settle(item, outcomes[i]!);
    expect(await servers.fetchAll(USERS.catchUp)).toEqual([]);
    for (const [i, outcome] of outcomes.entries()) {
      const filed = await servers.fetchAll(USERS.catchUp, folder(FOLDERS[outcome]));
      expect(filed).toHaveLength(1);
      expect(filed[0]?.raw.toString('utf8')).toBe(sent[i]?.raw);
      expect(filed[0]?.flags).toEqual(expect.arrayContaining(['\\Seen', `$amici-${outcome}`]));
    }
    const [saved] = [...checkpoints.saved.values()];
    expect(saved?.lastUid).toBe(uids[2]);

    // Settling an item already filed changes nothing and does not fail.
    await inbox.settle(items[0]!, 'done');
    expect(await servers.fetchAll(USERS.catchUp, folder(FOLDERS.done))).toHaveLength(1);
    expect(inbox.logger.lines.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
    expect(await collect(inbox)).toEqual([]);
  });

  it('keeps its place across a restart: a new inbox with the same checkpoint yields nothing old', async () => {
    const checkpoints = memoryCheckpoints();
    const first = inboxFor(USERS.restart, checkpoints);
    const old = [message('Before restart 1'), message('Before restart 2')];
    for (const m of old) await servers.appendTo(USERS.restart, m.raw);
    const firstPass = await collect(first);
    expect(firstPass).toHaveLength(2);
    for (const item of firstPass) await first.settle(item, 'done');
    await first.close();

    // A message left in INBOX below the checkpoint (as after a MOVE that failed) stays unread.
    const left = await servers.appendTo(USERS.restart, message('Left behind').raw);
    const [key] = [...checkpoints.saved.keys()];
    checkpoints.setCheckpoint(key!, String(left.uidValidity), left.uid);
    const fresh = message('After restart');
    await servers.appendTo(USERS.restart, fresh.raw);

    const second = inboxFor(USERS.restart, checkpoints);
    const secondPass = await collect(second);
    expect(secondPass.map((i) => i.raw.toString('utf8'))).toEqual([fresh.raw]);
  });

  it('re-reads a message that was not settled before a crash, and only advances over settled UIDs', async () => {
    const checkpoints = memoryCheckpoints();
    const sent = [message('Crash 1'), message('Crash 2'), message('Crash 3')];
    for (const m of sent) await servers.appendTo(USERS.crash, m.raw);

    const first = inboxFor(USERS.crash, checkpoints);
    const items = await collect(first);
    expect(items).toHaveLength(3);
    // The first is never settled (its processing failed); the others are.
    await first.settle(items[1]!, 'done');
    await first.settle(items[2]!, 'rejected');
    const [saved] = [...checkpoints.saved.values()];
    expect(saved?.lastUid).toBe(0);
    await first.close(); // the "crash"

    const second = inboxFor(USERS.crash, checkpoints);
    const again = await collect(second);
    expect(again.map((i) => i.raw.toString('utf8'))).toEqual([sent[0]?.raw]);
    await second.settle(again[0]!, 'done');
    expect([...checkpoints.saved.values()][0]?.lastUid).toBe(parseImapItemId(again[0]!.id)?.uid);
    expect(await servers.fetchAll(USERS.crash)).toEqual([]);
  });

  it('files what is settled during a catch-up in batches, leaving an unsettled message', async () => {
    const checkpoints = memoryCheckpoints();
    const sent = [1, 2, 3, 4, 5].map((n) => message(`Batch ${n}`));
    for (const m of sent) await servers.appendTo(USERS.batch, m.raw);
    const inbox = inboxFor(USERS.batch, checkpoints, {
      batch: { messages: 2, bytes: 1024 * 1024 },
    });
    const outcomes = ['done', 'rejected', undefined, 'done', 'ignored'] as const;
    const seen: InboundItem[] = [];
    for await (const item of inbox.pending()) {
      const outcome = outcomes[seen.length];
      seen.push(item);
      if (outcome) await inbox.settle(item, outcome); // the third one "fails" to process
    }
    expect(seen.map((i) => i.raw.toString('utf8'))).toEqual(sent.map((m) => m.raw));
    const left = await servers.fetchAll(USERS.batch);
    expect(left.map((m) => m.raw.toString('utf8'))).toEqual([sent[2]?.raw]);
    expect(left[0]?.flags).toEqual([]);
    const done = await servers.fetchAll(USERS.batch, folder(FOLDERS.done));
    expect(done.map((m) => m.raw.toString('utf8'))).toEqual([sent[0]?.raw, sent[3]?.raw]);
    expect(await servers.fetchAll(USERS.batch, folder(FOLDERS.rejected))).toHaveLength(1);
    expect(await servers.fetchAll(USERS.batch, folder(FOLDERS.ignored))).toHaveLength(1);
    // The checkpoint stops below the unsettled message, which the next pass yields again.
    expect([...checkpoints.saved.values()][0]?.lastUid).toBe(parseImapItemId(seen[1]!.id)?.uid);
    const again = await collect(inbox);
    expect(again.map((i) => i.id)).toEqual([seen[2]?.id]);
    await inbox.settle(again[0]!, 'done');
    expect([...checkpoints.saved.values()][0]?.lastUid).toBe(parseImapItemId(seen[4]!.id)?.uid);
  });

  it('a catch-up stopped mid-batch (a shutdown) leaves the rest, fetched ahead or not, for the next pass', async () => {
    const checkpoints = memoryCheckpoints();
    const sent = [1, 2, 3, 4, 5].map((n) => message(`Stop ${n}`));
    for (const m of sent) await servers.appendTo(USERS.stop, m.raw);
    const inbox = inboxFor(USERS.stop, checkpoints, { batch: { messages: 2, bytes: 1024 * 1024 } });
    const first: InboundItem[] = [];
    for await (const item of inbox.pending()) {
      first.push(item);
      await inbox.settle(item, 'done');
      if (first.length === 3) break; // inside the second batch, with the third fetched ahead
    }
    const rest = await within(collect(inbox), WAIT_MS, 'the second pass');
    expect(rest.map((i) => i.raw.toString('utf8'))).toEqual([sent[3]?.raw, sent[4]?.raw]);
    for (const item of rest) await inbox.settle(item, 'done');
    expect(await servers.fetchAll(USERS.stop)).toEqual([]);
    expect(await servers.fetchAll(USERS.stop, folder(FOLDERS.done))).toHaveLength(5);
  });

  it('starts from the beginning when UIDVALIDITY changes', async () => {
    const mailbox = 'Moves';
    const checkpoints = memoryCheckpoints();
    for (const m of [message('Old 1'), message('Old 2')]) {
      await servers.appendTo(USERS.validity, m.raw, mailbox);
    }
    const first = inboxFor(USERS.validity, checkpoints, { mailbox });
    const old = await collect(first);
    expect(old).toHaveLength(2);
    for (const item of old) await first.settle(item, 'done');
    await first.close();
    const before = [...checkpoints.saved.values()][0];
    expect(before?.lastUid).toBeGreaterThanOrEqual(2);

    // The mailbox is deleted and made again: new UIDVALIDITY, UIDs from 1.
    const admin = await servers.connect(USERS.validity);
    try {
      await admin.mailboxDelete(mailbox);
      await admin.mailboxCreate(mailbox);
    } finally {
      await admin.logout();
    }
    const reborn = message('New 1');
    const appended = await servers.appendTo(USERS.validity, reborn.raw, mailbox);
    expect(String(appended.uidValidity)).not.toBe(before?.uidValidity);
    expect(appended.uid).toBeLessThanOrEqual(before?.lastUid ?? 0);

    const second = inboxFor(USERS.validity, checkpoints, { mailbox });
    const items = await collect(second);
    expect(items.map((i) => i.raw.toString('utf8'))).toEqual([reborn.raw]);
    expect(second.logger.lines.map((l) => l.code)).toContain('IMAP_UIDVALIDITY_CHANGED');
    await second.settle(items[0]!, 'done');
    expect([...checkpoints.saved.values()][0]).toEqual({
      uidValidity: String(appended.uidValidity),
      lastUid: appended.uid,
    });
  });

  it('waitForMail resolves on an APPEND during IDLE, long before the fallback poll', async () => {
    const inbox = inboxFor(USERS.idle, memoryCheckpoints(), { pollIntervalMs: 600_000 });
    expect(await collect(inbox)).toEqual([]);
    const controller = new AbortController();
    const waiting = inbox.waitForMail(controller.signal);
    await sleep(200); // let IDLE start (not needed for correctness: Dovecot reports on IDLE start)
    const m = message('Pushed');
    await servers.appendTo(USERS.idle, m.raw);
    await within(waiting, WAIT_MS, 'waitForMail after APPEND');
    expect(controller.signal.aborted).toBe(false);
    const items = await collect(inbox);
    expect(items.map((i) => i.raw.toString('utf8'))).toEqual([m.raw]);

    // Mail arriving between a scan and the next wait is not missed: the wait returns at once.
    const late = message('Between scan and wait');
    await servers.appendTo(USERS.idle, late.raw);
    await inbox.settle(items[0]!, 'done'); // a command after the APPEND: Dovecot reports EXISTS
    await within(inbox.waitForMail(controller.signal), WAIT_MS, 'waitForMail after late APPEND');
    expect((await collect(inbox)).map((i) => i.raw.toString('utf8'))).toEqual([late.raw]);
  });

  it('waitForMail resolves when its signal aborts, and at once when already aborted', async () => {
    const inbox = inboxFor(USERS.abort, memoryCheckpoints(), { pollIntervalMs: 600_000 });
    await collect(inbox);
    const controller = new AbortController();
    const waiting = inbox.waitForMail(controller.signal);
    await sleep(100);
    controller.abort();
    await within(waiting, WAIT_MS, 'waitForMail after abort');
    await within(inbox.waitForMail(controller.signal), WAIT_MS, 'waitForMail when aborted');
    await within(inbox.close(), WAIT_MS, 'close');
    await within(inbox.waitForMail(new AbortController().signal), WAIT_MS, 'waitForMail closed');
    expect(await collect(inbox)).toEqual([]);
  });

  it('reconnects after the server drops the connection, then catches up', async () => {
    const relay = await startRelay(servers.imap);
    try {
      const inbox = inboxFor(USERS.reconnect, memoryCheckpoints(), {
        host: '127.0.0.1',
        port: relay.port,
        pollIntervalMs: 600_000,
      });
      await collect(inbox);
      const controller = new AbortController();
      const waiting = inbox.waitForMail(controller.signal);
      await sleep(100);
      relay.drop();
      // The reconnect wakes the waiter: mail may have come while nobody listened.
      await within(waiting, WAIT_MS, 'waitForMail after reconnect');
      const codes = inbox.logger.lines.map((l) => l.code);
      expect(codes).toContain('IMAP_RECONNECT');
      expect(codes.filter((c) => c === 'IMAP_CONNECT')).toHaveLength(2);

      const m = message('After the drop');
      await servers.appendTo(USERS.reconnect, m.raw);
      const items = await collect(inbox);
      expect(items.map((i) => i.raw.toString('utf8'))).toEqual([m.raw]);
      await inbox.settle(items[0]!, 'done');
      expect(await servers.fetchAll(USERS.reconnect, folder(FOLDERS.done))).toHaveLength(1);
    } finally {
      await relay.stop();
    }
  });

  it('rides out a server that stays away, retrying with backoff, and never throws', async () => {
    const relay = await startRelay(servers.imap);
    try {
      const inbox = inboxFor(USERS.outage, memoryCheckpoints(), {
        host: '127.0.0.1',
        port: relay.port,
        pollIntervalMs: 600_000,
      });
      const first = message('Before the outage');
      await servers.appendTo(USERS.outage, first.raw);
      const items = await collect(inbox);
      expect(items).toHaveLength(1);

      await relay.stop();
      const during = message('During the outage');
      await servers.appendTo(USERS.outage, during.raw);
      // Settling and scanning while the server is away report, they do not throw.
      await inbox.settle(items[0]!, 'done');
      expect(await collect(inbox)).toEqual([]);
      await until(
        () =>
          inbox.logger.lines.filter((l) => l.code === 'IMAP_RECONNECT' && 'delayMs' in l).length >=
          3,
        WAIT_MS,
        'three reconnect attempts',
      );
      const delays = inbox.logger.lines
        .filter((l) => l.code === 'IMAP_RECONNECT' && typeof l.delayMs === 'number')
        .map((l) => l.delayMs);
      expect(delays.slice(0, 3)).toEqual([100, 200, 400]);
      // What the daemon watches to tell the TDs: down since the drop, with the reason.
      const health = inbox.health?.();
      expect(health).toMatchObject({ ok: false, error: expect.stringMatching(/connect|closed/) });
      expect(Date.parse((health as { since: string }).since)).toBeLessThanOrEqual(Date.now());

      const controller = new AbortController();
      const waiting = inbox.waitForMail(controller.signal);
      await relay.start();
      await within(waiting, WAIT_MS, 'waitForMail after the server is back');
      expect(inbox.health?.()).toEqual({ ok: true });
      // The unsettled message comes again (the store dedupes it), then the new one.
      const after = await collect(inbox);
      expect(after.map((i) => i.raw.toString('utf8'))).toEqual([first.raw, during.raw]);
      for (const item of after) await inbox.settle(item, 'done');
      expect(await servers.fetchAll(USERS.outage)).toEqual([]);
      expect(await servers.fetchAll(USERS.outage, folder(FOLDERS.done))).toHaveLength(2);
    } finally {
      await relay.stop();
    }
  });

  // Last: Dovecot then slows every login from 127.0.0.1 for a while (its auth penalty).
  it('reports a refused login as an error and keeps retrying, without throwing', async () => {
    const inbox = inboxFor(USERS.abort, memoryCheckpoints(), {
      login: { password: 'wrong-password' },
    });
    expect(await collect(inbox)).toEqual([]);
    await until(
      () => inbox.logger.lines.some((l) => l.code === 'IMAP_RECONNECT'),
      WAIT_MS,
      'a retry scheduled',
    );
    expect(inbox.logger.lines.find((l) => l.op === 'login')).toMatchObject({
      level: 'error',
      code: 'IMAP_ERROR',
    });
    expect(inbox.health?.()).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^login refused/),
    });
    await within(inbox.close(), WAIT_MS, 'close');
  });
});
