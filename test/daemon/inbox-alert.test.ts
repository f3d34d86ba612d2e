// The daemon cannot relay a move while its inbox cannot be read (the IMAP server down, the
// password changed), and a TD running an event for months may not be reading the logs: after
// inboxAlertMinutes of outage every TD is told by mail, once, and told again when mail is read.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { runDaemon } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { Inbox, InboxHealth, OutgoingMail, SendResult } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';

const event = (
  tag: string,
  name: string,
  td: { name: string; address: string },
  language = 'en',
) => ({
  name,
  tag,
  td,
  timeZone: 'UTC',
  language,
  players: [
    { id: 'w', name: 'White', addresses: [`w-${tag}@x.example`] },
    { id: 'b', name: 'Black', addresses: [`b-${tag}@x.example`] },
  ],
  // Tomorrow: no game starts during the test, so the TDs' alerts are the only mail.
  games: [
    {
      id: '1',
      white: 'w',
      black: 'b',
      startsOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    },
  ],
});

type EventSpec = ReturnType<typeof event>;

/** A config with an IMAP-like inbox's alert at 30 minutes, for these events. */
function configFor(events: EventSpec[]) {
  const r = validateConfig(
    {
      from: { address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: './in' },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: ':memory:' },
      inboxAlertMinutes: 30,
      events,
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
}

/**
 * One run of the daemon on `store`, with an inbox whose health is what `health()` says; the
 * mail server takes mail while `smtpUp()` says so, and refuses it for now (4xx) otherwise.
 */
function start(
  events: EventSpec[],
  store: Store,
  health: () => InboxHealth,
  smtpUp: () => boolean = () => true,
) {
  const logger = memoryLogger();
  const service = new RefereeService({ config: configFor(events), store, logger });
  service.ensureGames();
  const sent: OutgoingMail[] = [];
  const inbox: Inbox = {
    name: 'imap referee@mail.club.example/INBOX',
    async *pending() {},
    async settle() {},
    waitForMail: (signal) =>
      new Promise((resolve) => {
        const t = setTimeout(resolve, 20);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          resolve();
        });
      }),
    health,
    async close() {},
  };
  const sender = {
    name: 'test',
    async send(m: OutgoingMail): Promise<SendResult> {
      if (!smtpUp()) return { ok: false, permanent: false, error: '421 4.3.2 try again later' };
      sent.push(m);
      return { ok: true };
    },
    async close() {},
  };
  const stop = new AbortController();
  const running = runDaemon(
    { service, inbox, sender, logger, sweep: '0 0 1 1 *', watchMs: 10 },
    stop.signal,
  );
  return {
    sent,
    logger,
    async stop() {
      stop.abort();
      await running;
      store.close();
    },
  };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 300 && !ok(); i++) await sleep(10);
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('the TDs are told when the inbox cannot be read', () => {
  it('after inboxAlertMinutes of outage each TD gets one mail, and another when mail is read again', async () => {
    const anna = { name: 'Anna Nowak', address: 'anna@club.example' };
    // An inbox that has failed to log in for 20 minutes, then 40, then works again.
    let health: InboxHealth = {
      ok: false,
      since: minutesAgo(20),
      error: 'login refused: AUTHENTICATIONFAILED',
    };
    const run = start(
      [
        event('A', 'Open A', anna, 'pl'),
        event('B', 'Open B', { ...anna, address: 'ANNA@club.example' }),
        event('C', 'Cup', { name: 'Jan Novák', address: 'jan@cup.example' }),
      ],
      new Store(':memory:'),
      () => health,
    );
    const { sent, logger } = run;
    await sleep(200);
    expect(sent).toHaveLength(0); // 20 minutes is within the 30 allowed

    health = { ...health, since: minutesAgo(40) };
    await until(() => sent.length >= 2);
    await sleep(100); // and no more than once
    expect(sent.map((m) => m.to)).toEqual([['anna@club.example'], ['jan@cup.example']]);
    const anna1 = await simpleParser(sent[0]!.raw);
    expect(anna1.subject).toBe('amici nie może odczytać poczty');
    expect(anna1.text).toContain('Dzień dobry, Anna Nowak,');
    expect(anna1.text).toContain('(imap referee@mail.club.example/INBOX)');
    expect(anna1.text).toContain('Ostatni błąd: login refused: AUTHENTICATIONFAILED.');
    expect(anna1.text).toContain('system sędziowski turnieju Open A, Open B');
    const jan1 = await simpleParser(sent[1]!.raw);
    expect(jan1.subject).toBe('amici cannot read its mail');
    expect(jan1.text).toMatch(/since \d{4}-\d\d-\d\d \d\d:\d\d UTC\. The last error/);
    expect(logger.lines.filter((l) => l.code === 'INBOX_DOWN')).toHaveLength(1);

    health = { ok: true };
    await until(() => sent.length >= 4);
    await run.stop();
    expect(sent).toHaveLength(4);
    const jan2 = await simpleParser(sent[3]!.raw);
    expect(jan2.subject).toBe('amici reads its mail again');
    expect(jan2.text).toContain('The mail that waited is being processed now');
    expect(logger.lines.filter((l) => l.code === 'INBOX_BACK')).toHaveLength(1);
  });
});

describe('an alert the mail server did not take while the inbox was down', () => {
  it('is dropped when the inbox is back (kept as obsolete): the TD never reads "cannot read" after "reads again"', async () => {
    const jan = { name: 'Jan Novák', address: 'jan@cup.example' };
    const store = new Store(':memory:');
    // The inbox and the mail server down together (the machine's network), for 40 minutes.
    let health: InboxHealth = { ok: false, since: minutesAgo(40), error: 'cannot connect' };
    let smtpUp = false;
    const run = start(
      [event('C', 'Cup', jan)],
      store,
      () => health,
      () => smtpUp,
    );
    const { sent, logger } = run;
    await until(() => logger.lines.some((l) => l.code === 'OUTBOX_RETRY'));
    expect(sent).toHaveLength(0);
    const [down] = store.outboxList(['pending']);
    expect(down).toMatchObject({ kind: 'inbox-alert', lastError: '421 4.3.2 try again later' });

    // Both back: the TD is told the inbox is read again, and that is all.
    health = { ok: true };
    smtpUp = true;
    await until(() => sent.length >= 1);
    const counts = store.outboxCounts();
    const overtaken = store.outboxInfo(down!.id);
    await run.stop();
    expect(sent).toHaveLength(1);
    expect((await simpleParser(sent[0]!.raw)).subject).toBe('amici reads its mail again');
    // Nothing is left to go out later; the unsent alert is kept, marked, not deleted.
    expect(counts).toMatchObject({ pending: 0, failed: 0, obsolete: 1 });
    expect(overtaken).toMatchObject({
      status: 'obsolete',
      lastError:
        'not sent: the inbox was read again before it could go out (last error: 421 4.3.2 try again later)',
    });
  });
});

describe('an outage the TDs were told of outlives a restart', () => {
  const jan = { name: 'Jan Novák', address: 'jan@cup.example' };
  const events = [event('C', 'Cup', jan)];
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const storeFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-alert-'));
    dirs.push(dir);
    return join(dir, 'amici.sqlite');
  };
  const down = (since: string): InboxHealth => ({ ok: false, since, error: 'cannot connect' });

  it('a restart while the inbox is still down tells the TD nothing new; its end is told, with the first start', async () => {
    const path = storeFile();
    const outageStart = minutesAgo(90);
    const first = start(events, new Store(path), () => down(outageStart));
    await until(() => first.sent.length >= 1);
    await first.stop();
    expect(first.sent.map((m) => m.to)).toEqual([[jan.address]]);
    expect((await simpleParser(first.sent[0]!.raw)).subject).toBe('amici cannot read its mail');

    // The new process has been failing for 40 minutes of its own: past inboxAlertMinutes again.
    let health = down(minutesAgo(40));
    const second = start(events, new Store(path), () => health);
    await sleep(200);
    expect(second.sent).toHaveLength(0);
    expect(second.logger.lines.filter((l) => l.code === 'INBOX_DOWN')).toHaveLength(0);

    health = { ok: true };
    await until(() => second.sent.length >= 1);
    await sleep(50);
    await second.stop();
    expect(second.sent).toHaveLength(1);
    const back = await simpleParser(second.sent[0]!.raw);
    expect(back.subject).toBe('amici reads its mail again');
    const since = outageStart.slice(0, 16).replace('T', ' ');
    expect(back.text).toContain(since);
    expect(second.logger.lines.find((l) => l.code === 'INBOX_BACK')).toMatchObject({
      since: outageStart,
    });
  });

  it('an inbox that works again after the restart gets its end told at once, and only once', async () => {
    const path = storeFile();
    const first = start(events, new Store(path), () => down(minutesAgo(45)));
    await until(() => first.sent.length >= 1);
    await first.stop();

    const second = start(events, new Store(path), () => ({ ok: true }));
    await until(() => second.sent.length >= 1);
    await second.stop();
    expect(second.sent.map((m) => m.to)).toEqual([[jan.address]]);
    expect((await simpleParser(second.sent[0]!.raw)).subject).toBe('amici reads its mail again');

    const third = start(events, new Store(path), () => ({ ok: true }));
    await sleep(200);
    await third.stop();
    expect(third.sent).toHaveLength(0);
  });
});
