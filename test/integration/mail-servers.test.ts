// Proves the integration-test mail harness (issue 5): a real Dovecot run unprivileged, and an
// SMTP sink relaying into it over LMTP, both started and stopped by the tests themselves.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ExistsEvent } from 'imapflow';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, processGroupAlive } from '../support/dovecot.ts';
import { type AppendResult, type MailServers, startMailServers } from '../support/mail-servers.ts';

const WHITE = 'white@example.org';
const BLACK = 'black@example.org';
const TD = 'td@example.org';
const REFEREE = 'referee@amici.example';

let counter = 0;
function message(to: string, subject: string): { id: string; raw: string } {
  counter += 1;
  const id = `<harness-${counter}@amici.example>`;
  const raw = [
    `From: Amici <${REFEREE}>`,
    `To: <${to}>`,
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

/** Uids of every live process in the group led by `pgid`, read from /proc. */
function groupUids(pgid: number): number[][] {
  const uids: number[][] = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      const line = readFileSync(`/proc/${entry}/status`, 'utf8').match(/^Uid:\s+(.*)$/m);
      uids.push((line?.[1] ?? '').split(/\s+/).map(Number));
    } catch {
      // The process ended while we looked.
    }
  }
  return uids;
}

function refused(endpoint: Endpoint): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(endpoint.port, endpoint.host);
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

describe('mail servers for integration tests', () => {
  let servers: MailServers;
  let send: (to: string[], raw: string) => Promise<unknown>;

  beforeAll(async () => {
    servers = await startMailServers({ users: [WHITE, BLACK, TD] });
    const transport = createTransport({
      host: servers.smtp.host,
      port: servers.smtp.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: REFEREE, pass: 'any password will do' },
    });
    send = (to, raw) => transport.sendMail({ envelope: { from: REFEREE, to }, raw });
  });

  afterAll(async () => {
    await servers?.stop();
  });

  it('runs every Dovecot process as an unprivileged user', () => {
    const { user, pid } = servers.dovecot;
    expect(user.uid).not.toBe(0);
    if (process.getuid?.() !== 0) expect(user.uid).toBe(process.getuid?.());
    const uids = groupUids(pid);
    expect(uids.length).toBeGreaterThanOrEqual(3); // master, log, config, auth, …
    for (const processUids of uids)
      expect(processUids).toEqual([user.uid, user.uid, user.uid, user.uid]);
  });

  it('delivers mail sent through the SMTP sink into the recipient INBOX only', async () => {
    const { id, raw } = message(WHITE, 'Game 1 move');
    await send([WHITE], raw);

    const stored = await servers.waitForMessage(WHITE, (m) => m.raw.includes(id), 5_000);
    const text = stored.raw.toString('utf8');
    expect(text).toContain('Subject: Game 1 move');
    expect(text).toContain(`Delivered-To: ${WHITE}`); // added by Dovecot's LMTP
    expect(text.endsWith(raw)).toBe(true);
    expect((await servers.fetchAll(BLACK)).some((m) => m.raw.includes(id))).toBe(false);

    const recorded = servers.sink.messages().find((m) => m.raw.includes(id));
    expect(recorded).toMatchObject({ from: REFEREE, to: [WHITE], user: REFEREE });
    expect(recorded?.outcome).toBe('delivered');
    expect(recorded?.raw.toString('utf8')).toBe(raw);
  });

  it('refuses an unknown recipient at RCPT TO with 550', async () => {
    const { raw } = message('stranger@example.org', 'Nobody home');
    await expect(send(['stranger@example.org'], raw)).rejects.toMatchObject({ responseCode: 550 });
  });

  it('reports an APPEND to an IMAP IDLE session as an exists event', async () => {
    const watcher = await servers.connect(BLACK);
    try {
      const lock = await watcher.getMailboxLock('INBOX');
      const before = watcher.mailbox === false ? -1 : watcher.mailbox.exists;
      lock.release();
      const exists = new Promise<ExistsEvent>((resolve) => watcher.once('exists', resolve));
      const idle = watcher.idle();
      for (let i = 0; i < 100 && !watcher.idling; i++) await sleep(20);
      expect(watcher.idling).toBe(true);

      await servers.appendTo(BLACK, message(BLACK, 'Appended while idling').raw);
      const event = await Promise.race([
        exists,
        sleep(5_000).then(() => Promise.reject(new Error('no exists event within 5 s'))),
      ]);
      expect(event).toMatchObject({ path: 'INBOX', prevCount: before, count: before + 1 });
      await watcher.noop(); // ends IDLE
      await idle;
    } finally {
      await watcher.logout();
    }
  });

  it('keeps UIDVALIDITY and UIDs stable across sessions', async () => {
    const appended: AppendResult[] = [];
    const raws = ['first', 'second', 'third'].map((s) => message(TD, `Archive ${s}`).raw);
    for (const raw of raws) appended.push(await servers.appendTo(TD, raw, 'Archive'));
    const uids = appended.map((a) => a.uid);
    expect(uids).toEqual([...uids].sort((a, b) => a - b));
    expect(new Set(uids).size).toBe(3);
    expect(new Set(appended.map((a) => a.uidValidity)).size).toBe(1);

    const first = await servers.fetchAll(TD, 'Archive');
    const second = await servers.fetchAll(TD, 'Archive');
    expect(first.map((m) => m.uid)).toEqual(uids);
    expect(first.map((m) => m.raw.toString('utf8'))).toEqual(raws);
    expect(first.every((m) => m.uidValidity === appended[0]?.uidValidity)).toBe(true);
    expect(second.map((m) => [m.uid, m.uidValidity])).toEqual(
      first.map((m) => [m.uid, m.uidValidity]),
    );
    expect(await servers.fetchAll(TD, 'No such mailbox')).toEqual([]);
  });

  it('fails the next deliveries on demand with 4xx or 5xx, then delivers again', async () => {
    const { sink } = servers;
    const { id, raw } = message(WHITE, 'Retry me');

    sink.failNext(1, 'temporary');
    await expect(send([WHITE], raw)).rejects.toMatchObject({ responseCode: 451 });
    sink.failNext(2, 'permanent');
    await expect(send([WHITE], raw)).rejects.toMatchObject({ responseCode: 554 });
    await expect(send([WHITE], raw)).rejects.toMatchObject({ responseCode: 554 });
    sink.failNext(1, 'temporary', { code: 452, message: '4.2.2 Mailbox full' });
    await expect(send([WHITE], raw)).rejects.toMatchObject({ responseCode: 452 });
    expect(sink.pendingFailures()).toBe(0);
    await send([WHITE], raw);

    const attempts = sink.messages().filter((m) => m.raw.includes(id));
    expect(attempts.map((m) => [m.outcome, m.responseCode])).toEqual([
      ['injected-failure', 451],
      ['injected-failure', 554],
      ['injected-failure', 554],
      ['injected-failure', 452],
      ['delivered', 250],
    ]);
    await servers.waitForMessage(WHITE, (m) => m.raw.includes(id), 5_000);
    const copies = (await servers.fetchAll(WHITE)).filter((m) => m.raw.includes(id));
    expect(copies).toHaveLength(1);
    expect(() => sink.failNext(1, 'permanent', { code: 451, message: 'wrong class' })).toThrow();
  });

  it('stop() leaves no process, no listener and no files behind', async () => {
    const other = await startMailServers({ users: ['solo@example.org'] });
    const { pid, dir } = other.dovecot;
    const session = await other.connect('solo@example.org');
    await session.mailboxOpen('INBOX');
    expect(processGroupAlive(pid)).toBe(true);
    expect(existsSync(dir)).toBe(true);

    await other.stop();
    await other.stop(); // idempotent

    expect(processGroupAlive(pid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
    expect(await refused(other.imap)).toBe(true);
    expect(await refused(other.lmtp)).toBe(true);
    expect(await refused(other.smtp)).toBe(true);
    session.close();
  });
});
