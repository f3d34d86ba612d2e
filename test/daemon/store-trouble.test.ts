// The daemon when its state file cannot take what it must write, as an operator met it: a huge
// mail on a nearly full disk ("database or disk is full") read in one group with good mail, and
// a store that takes no write at all (a read-only file). One mail the store cannot take must not
// hold back the others; nothing is logged as played before its commit; a mail that keeps failing
// is set aside (filed as rejected, never deleted) and the TD told once; failed mail is tried
// again on a timer, new mail or not; and the TDs are told once, not per mail, that the store
// cannot be written, and when it can again.

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { runDaemon } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type {
  InboundItem,
  Inbox,
  OutgoingMail,
  Sender,
  SettleOutcome,
} from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';

function setup(path = join(mkdtempSync(join(tmpdir(), 'amici-full-')), 'amici.sqlite')) {
  const r = validateConfig(
    {
      from: { name: 'amici', address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: '/srv/amici/inbox' },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: '/srv/amici/amici.sqlite' },
      events: [
        {
          name: 'Club',
          tag: 'CLUB',
          td: { name: 'Anna', address: 'td@club.example' },
          timeZone: 'Europe/Warsaw',
          language: 'en',
          players: ['jan', 'petr', 'eva', 'ota'].map((id) => ({
            id,
            name: id,
            addresses: [`${id}@x.example`],
          })),
          games: [
            { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
            { id: '2', white: 'eva', black: 'ota', startsOn: '2026-11-02' },
          ],
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const logger = memoryLogger();
  const store = new Store(path);
  const service = new RefereeService({
    config: r.config,
    store,
    logger,
    clock: () => new Date('2026-11-02T09:00:00Z'),
  });
  service.ensureGames();
  return { service, store, logger };
}

let n = 0;
const mail = (from: string, game: string, body: string, attachment?: Buffer): InboundItem => {
  const head = `From: ${from}\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/${game}] move\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <full${++n}@x.example>\r\n`;
  const text = 'Content-Type: text/plain; charset=utf-8\r\n\r\n';
  const raw = attachment
    ? `${head}MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n${text}${body}\r\n--b\r\nContent-Type: application/octet-stream; name="scan.tif"\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="scan.tif"\r\n\r\n${attachment.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n--b--\r\n`
    : `${head}${text}${body}\r\n`;
  return { id: `m${n}`, receivedAt: '2026-11-02T10:00:00Z', raw: Buffer.from(raw) };
};

/**
 * A mailbox in memory: what is not filed yet is read again at each pass; nothing wakes the
 * daemon but the signal it waits on (no new mail ever comes), so only its retry timer can.
 */
function mailbox(items: InboundItem[]) {
  const filed: { id: string; outcome: SettleOutcome }[] = [];
  let passes = 0;
  const inbox: Inbox = {
    name: 'memory',
    async *pending() {
      passes++;
      yield* items.filter((i) => !filed.some((f) => f.id === i.id));
    },
    async settle(item, outcome) {
      filed.push({ id: item.id, outcome });
    },
    waitForMail: (signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
      }),
    async close() {},
  };
  return { inbox, filed, passes: () => passes };
}

const recorder = () => {
  const sent: OutgoingMail[] = [];
  const sender: Sender = {
    name: 'test',
    async send(m) {
      sent.push(m);
      return { ok: true };
    },
    async close() {},
  };
  return { sent, sender };
};

const kind = (m: OutgoingMail) => /^X-Amici-Kind: (\S+)/m.exec(m.raw.toString())?.[1];

async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

/** The daemon on these parts until `done`; then stopped as on SIGTERM. */
async function runUntil(
  parts: Omit<Parameters<typeof runDaemon>[0], 'sweep' | 'retryMs' | 'watchMs'>,
  done: () => boolean,
  what: string,
): Promise<void> {
  const stop = new AbortController();
  const running = runDaemon(
    { ...parts, sweep: '0 0 1 1 *', retryMs: 30, watchMs: 60_000 },
    stop.signal,
  );
  try {
    await until(done, what);
  } finally {
    stop.abort();
    await running;
  }
}

describe('a state file that cannot take a mail, or any write', () => {
  it('a huge mail on a nearly full disk holds back no other mail, and is set aside after 3 tries, unarchived, the TD told once', async () => {
    const { service, store, logger } = setup();
    // Room for a few small mails and their replies, not for 3 MB.
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages + 400}`);
    const jan = mail('jan <jan@x.example>', '1', '1.e4');
    // A scan of her scoresheet, 3 MB.
    const huge = mail('eva <eva@x.example>', '2', '1.d4', Buffer.alloc(3 * 2 ** 20, 7));
    const petr = mail('petr <petr@x.example>', '1', '1.e4 e5');
    const { inbox, filed, passes } = mailbox([jan, huge, petr]);
    const { sent, sender } = recorder();
    await runUntil(
      { service, inbox, sender, logger },
      () => filed.length === 3 && sent.some((m) => kind(m) === 'mail-failed-td'),
      'the huge mail to be set aside',
    );

    // The good mails of the group were played and filed at the first pass, before any retry.
    expect(filed.slice(0, 2)).toEqual([
      { id: jan.id, outcome: 'done' },
      { id: petr.id, outcome: 'done' },
    ]);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    // The huge one failed twice, was read again with no new mail (the retry timer), and was
    // then set aside: filed as rejected, never deleted; nothing of it played.
    expect(filed[2]).toEqual({ id: huge.id, outcome: 'rejected' });
    expect(passes()).toBeGreaterThanOrEqual(3);
    expect(service.state('CLUB/2').plies).toEqual([]);
    const about = (code: string) =>
      logger.lines.filter((l) => l.code === code && l.messageId === '<full2@x.example>');
    expect(about('INBOUND_PROCESSED')).toEqual([]); // never logged as played: never committed
    expect(logger.lines.filter((l) => l.code === 'INBOUND_GROUP_SPLIT')).toHaveLength(1);
    const failures = about('INBOUND_FAILED');
    expect(failures).toHaveLength(2);
    for (const f of failures) {
      expect(f).toMatchObject({ item: huge.id, sender: 'eva@x.example' });
      expect(f.retryAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(String(f.error)).toContain('database or disk is full');
    }
    expect(about('INBOUND_SET_ASIDE')).toEqual([
      expect.objectContaining({ tries: 3, archived: false, sender: 'eva@x.example' }),
    ]);
    expect(store.inboundLog().at(-1)).toMatchObject({
      status: 'rejected',
      sender: 'eva@x.example',
      note: 'set aside after 3 failed tries: database or disk is full; not archived here (the store could not take it): the mail is in /srv/amici/inbox/.amici.rejected',
    });

    // The TD: told once that the store could not be written (sent directly), once of the mail
    // set aside, with where it is and how to have it read again; and that the store works again.
    const toTd = sent.filter((m) => m.to.includes('td@club.example'));
    expect(toTd.map(kind)).toEqual(['store-alert', 'mail-failed-td', 'store-alert']);
    const [down, setAside, back] = await Promise.all(toTd.map((m) => simpleParser(m.raw)));
    expect(down!.subject).toBe('amici cannot write its state file');
    expect(down!.text).toContain(
      'amici cannot write its state file (/srv/amici/amici.sqlite) since',
    );
    expect(down!.text).toContain('database or disk is full');
    expect(setAside!.text).toContain('amici failed 3 times to store a mail in its state file');
    expect(setAside!.text).toContain(
      "The mail is not in amici's state file: it is kept as it came in the mailbox's folder for rejected mail, /srv/amici/inbox/.amici.rejected.",
    );
    expect(setAside!.text).toContain('move it back into the inbox');
    expect(back!.subject).toBe('amici writes its state file again');
    expect(logger.lines.filter((l) => l.code === 'STORE_UNWRITABLE')).toHaveLength(1);
    expect(logger.lines.filter((l) => l.code === 'STORE_WRITABLE')).toHaveLength(1);
    // Eva was told that the TD has her mail, and why: the referee's storage, not amici's code
    // or her mail; and that it is read again, dated as it came, once the storage is fixed.
    const toEva = sent.filter((m) => m.to.includes('eva@x.example'));
    expect(toEva.map(kind)).toContain('mail-failed');
    const told = await simpleParser(toEva.find((m) => kind(m) === 'mail-failed')!.raw);
    expect(told.text).toContain("because the referee's storage failed");
    expect(told.text).toContain('That is no fault of yours or of your mail.');
    expect(told.text).toContain(
      'will have amici read your mail again once the storage is fixed; it is then dated as it arrived',
    );
    expect(told.text).not.toContain('an error in amici itself');
    store.close();
  });

  it('a store that takes no write: no mail is set aside or lost, the TDs are told once, and all is played once it can be written', async () => {
    const { service, store, logger } = setup();
    store.db.pragma('query_only = ON'); // as a file the daemon's user may not write
    const jan = mail('jan <jan@x.example>', '1', '1.e4');
    const eva = mail('eva <eva@x.example>', '2', '1.d4');
    const { inbox, filed, passes } = mailbox([jan, eva]);
    const { sent, sender } = recorder();
    const stop = new AbortController();
    const running = runDaemon(
      { service, inbox, sender, logger, sweep: '0 0 1 1 *', retryMs: 30, watchMs: 60_000 },
      stop.signal,
    );
    try {
      // Tried again and again, with no new mail, never set aside: the mails are not at fault.
      await until(() => passes() >= 5, 'five passes over the inbox');
      expect(filed).toEqual([]);
      expect(logger.lines.filter((l) => l.code === 'INBOUND_SET_ASIDE')).toEqual([]);
      expect(String(logger.lines.find((l) => l.code === 'INBOUND_FAILED')?.error)).toContain(
        'attempt to write a readonly database',
      );
      // Told once, not per mail or per try.
      expect(sent.map(kind)).toEqual(['store-alert']);
      expect(logger.lines.filter((l) => l.code === 'STORE_UNWRITABLE')).toHaveLength(1);

      store.db.pragma('query_only = OFF'); // the operator fixed it
      await until(() => filed.length === 2, 'the mails to be played');
    } finally {
      stop.abort();
      await running;
    }
    expect(filed.map((f) => f.outcome)).toEqual(['done', 'done']);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(service.state('CLUB/2').plies.map((p) => p.uci)).toEqual(['d2d4']);
    const toTd = await Promise.all(
      sent.filter((m) => m.to.includes('td@club.example')).map((m) => simpleParser(m.raw)),
    );
    expect(toTd.map((m) => m.subject)).toEqual([
      'amici cannot write its state file',
      'amici writes its state file again',
    ]);
    expect(toTd[0]!.text).toContain('attempt to write a readonly database');
    store.close();
  });

  it('a restart while the store still takes no write does not tell the TDs again; the restarted daemon tells them of the end (was: told again at each restart)', async () => {
    const first = setup();
    const path = first.store.path;
    first.store.db.pragma('query_only = ON');
    const jan = mail('jan <jan@x.example>', '1', '1.e4');
    const eva = mail('eva <eva@x.example>', '2', '1.d4');
    const before = mailbox([jan, eva]);
    const told = recorder();
    await runUntil(
      { ...first, inbox: before.inbox, sender: told.sender },
      () => told.sent.length > 0 && before.passes() >= 2,
      'the TDs to be told',
    );
    expect(told.sent.map(kind)).toEqual(['store-alert']);
    // That they were told is remembered beside the state file, which cannot be written.
    expect(existsSync(`${path}.alert`)).toBe(true);
    first.store.close();

    // amici restarted (systemd, an upgrade) while the disk is still full.
    const second = setup(path);
    second.store.db.pragma('query_only = ON');
    const after = mailbox([jan, eva]);
    const again = recorder();
    const stop = new AbortController();
    const running = runDaemon(
      {
        ...second,
        inbox: after.inbox,
        sender: again.sender,
        sweep: '0 0 1 1 *',
        retryMs: 30,
        watchMs: 60_000,
      },
      stop.signal,
    );
    try {
      await until(() => after.passes() >= 3, 'three passes over the inbox');
      expect(again.sent).toEqual([]);
      expect(second.logger.lines.filter((l) => l.code === 'STORE_UNWRITABLE')).toEqual([
        expect.objectContaining({ tds: 'told before' }),
      ]);
      second.store.db.pragma('query_only = OFF'); // the operator freed space
      await until(() => after.filed.length === 2, 'the mails to be played');
      await until(() => again.sent.some((m) => kind(m) === 'store-alert'), 'the end to be told');
    } finally {
      stop.abort();
      await running;
    }
    const toTd = await Promise.all(
      again.sent.filter((m) => m.to.includes('td@club.example')).map((m) => simpleParser(m.raw)),
    );
    expect(toTd.map((m) => m.subject)).toEqual(['amici writes its state file again']);
    expect(existsSync(`${path}.alert`)).toBe(false);
    second.store.close();
  });

  it('a mail set aside is logged once, when its record is committed: not for a commit that then failed', async () => {
    const { service, store, logger } = setup();
    const full = () =>
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    // Eva's move cannot be stored.
    const commit = store.commitInbound.bind(store);
    store.commitInbound = (...args: Parameters<typeof commit>) => {
      if (args[0].sender === 'eva@x.example' && args[0].status !== 'rejected') throw full();
      return commit(...args);
    };
    const eva = mail('eva <eva@x.example>', '2', '1.d4');
    const decide = async () => service.decideGroup([await service.readItem(eva)])[0];
    expect(await decide()).toBeInstanceOf(Error);
    expect(await decide()).toBeInstanceOf(Error);
    // The commit of the record with her bytes fails after its writes (the WAL on a full disk).
    const savepoint = store.savepoint.bind(store);
    let commits = 0;
    store.savepoint = <T>(fn: () => T): T =>
      savepoint(() => {
        const out = fn();
        if (commits++ === 0) throw full();
        return out;
      });
    expect(await decide()).toBe('rejected');
    expect(logger.lines.filter((l) => l.code === 'INBOUND_SET_ASIDE')).toEqual([
      expect.objectContaining({ tries: 3, archived: false }),
    ]);
    expect(store.inboundLog().filter((r) => r.sender === 'eva@x.example')).toHaveLength(1);
    store.close();
  });
});
