// The daemon cannot relay a move while its inbox cannot be read (the IMAP server down, the
// password changed), and a TD running an event for months may not be reading the logs: after
// inboxAlertMinutes of outage every TD is told by mail, once, and told again when mail is read.

import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { runDaemon } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { Inbox, InboxHealth, OutgoingMail } from '../../src/daemon/transport.ts';
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

describe('the TDs are told when the inbox cannot be read', () => {
  it('after inboxAlertMinutes of outage each TD gets one mail, and another when mail is read again', async () => {
    const anna = { name: 'Anna Nowak', address: 'anna@club.example' };
    const r = validateConfig(
      {
        from: { address: 'referee@club.example' },
        inbox: { kind: 'maildir', path: './in' },
        outbox: { kind: 'pickup', path: './out' },
        store: { path: ':memory:' },
        inboxAlertMinutes: 30,
        events: [
          event('A', 'Open A', anna, 'pl'),
          event('B', 'Open B', { ...anna, address: 'ANNA@club.example' }),
          event('C', 'Cup', { name: 'Jan Novák', address: 'jan@cup.example' }),
        ],
      },
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const logger = memoryLogger();
    const service = new RefereeService({ config: r.config, store: new Store(':memory:'), logger });
    service.ensureGames();

    // An inbox that has failed to log in for 20 minutes, then 40, then works again.
    let health: InboxHealth = {
      ok: false,
      since: new Date(Date.now() - 20 * 60_000).toISOString(),
      error: 'login refused: AUTHENTICATIONFAILED',
    };
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
      health: () => health,
      async close() {},
    };
    const sent: OutgoingMail[] = [];
    const sender = {
      name: 'test',
      async send(m: OutgoingMail) {
        sent.push(m);
        return { ok: true as const };
      },
      async close() {},
    };
    const stop = new AbortController();
    const running = runDaemon(
      { service, inbox, sender, logger, sweep: '0 0 1 1 *', watchMs: 10 },
      stop.signal,
    );
    const until = async (ok: () => boolean) => {
      for (let i = 0; i < 300 && !ok(); i++) await sleep(10);
    };
    await sleep(200);
    expect(sent).toHaveLength(0); // 20 minutes is within the 30 allowed

    health = { ...health, since: new Date(Date.now() - 40 * 60_000).toISOString() };
    await until(() => sent.length >= 2);
    await sleep(100); // and no more than once
    expect(sent.map((m) => m.to)).toEqual([['anna@club.example'], ['jan@cup.example']]);
    const anna1 = await simpleParser(sent[0]!.raw);
    expect(anna1.subject).toBe('amici nie może odczytać poczty');
    expect(anna1.text).toContain('Dzień dobry Anna Nowak,');
    expect(anna1.text).toContain('(imap referee@mail.club.example/INBOX)');
    expect(anna1.text).toContain('Ostatni błąd: login refused: AUTHENTICATIONFAILED.');
    expect(anna1.text).toContain('sędzia-automat turnieju Open A, Open B');
    const jan1 = await simpleParser(sent[1]!.raw);
    expect(jan1.subject).toBe('amici cannot read its mail');
    expect(jan1.text).toMatch(/since \d{4}-\d\d-\d\d \d\d:\d\d UTC\. The last error/);
    expect(logger.lines.filter((l) => l.code === 'INBOX_DOWN')).toHaveLength(1);

    health = { ok: true };
    await until(() => sent.length >= 4);
    stop.abort();
    await running;
    expect(sent).toHaveLength(4);
    const jan2 = await simpleParser(sent[3]!.raw);
    expect(jan2.subject).toBe('amici reads its mail again');
    expect(jan2.text).toContain('The mail that waited is being processed now');
    expect(logger.lines.filter((l) => l.code === 'INBOX_BACK')).toHaveLength(1);
  });
});
