// A mail whose body the IMAP server does not give: it answers the FETCH with `BODY[] NIL` (a
// server that cannot read the mail for now — its disk full, the mail's file unreadable), which
// imapflow hands over as `source: false`. amici passed that on as the mail's bytes, and reading
// it died with "TypeError: buffer.subarray is not a function", every try. Now the inbox says which
// mail the server would not give (IMAP_NO_BODY), the mail stays where it is, untouched, the mails
// beside it are played, and it is read again once the server gives it.

import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { runOnce } from '../../src/daemon/daemon.ts';
import { createImapInbox } from '../../src/daemon/imap-inbox.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { Sender } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';
import { type MailServers, startMailServers } from '../support/mail-servers.ts';

const REFEREE = 'referee@club.example';
let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers({ users: [REFEREE] });
});
afterAll(async () => {
  await servers?.stop();
});

const mail = (n: number, from: string, body: string) =>
  `From: ${from}\r\nTo: ${REFEREE}\r\nSubject: Re: [CLUB/${n}] move\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <nobody${n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

describe('an IMAP server that gives no body for a mail', () => {
  it('P-5a: the mail is named in the log, stays in the mailbox untouched, the others are played, and it is played once the server gives it', async () => {
    const r = validateConfig(
      {
        from: { name: 'amici', address: REFEREE },
        inbox: { kind: 'maildir', path: '/srv/amici/inbox' },
        outbox: { kind: 'pickup', path: './out' },
        store: { path: ':memory:' },
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
    const store = new Store(':memory:');
    const service = new RefereeService({
      config: r.config,
      store,
      logger,
      clock: () => new Date('2026-11-02T12:00:00Z'),
    });
    service.ensureGames();
    const inbox = createImapInbox({
      host: servers.imap.host,
      port: servers.imap.port,
      secure: false,
      user: REFEREE,
      login: { password: servers.password },
      mailbox: 'INBOX',
      folders: { done: 'amici/done', rejected: 'amici/rejected', ignored: 'amici/ignored' },
      checkpoints: store,
      logger,
      connectTimeoutMs: 5_000,
    });
    const sender: Sender = {
      name: 'test',
      send: async () => ({ ok: true }),
      close: async () => {},
    };
    const parts = { service, inbox, sender, logger, sweep: '0 0 1 1 *' };
    try {
      await servers.appendTo(REFEREE, mail(1, 'jan <jan@x.example>', '1.e4'));
      const { uid: eva } = await servers.appendTo(REFEREE, mail(2, 'eva <eva@x.example>', '1.d4'));
      await servers.appendTo(REFEREE, mail(1, 'petr <petr@x.example>', '1.e4 e5'));
      // The server answers `BODY[] NIL` for Eva's mail, as imapflow reads it.
      const fetchAll = ImapFlow.prototype.fetchAll;
      const nil = vi.spyOn(ImapFlow.prototype, 'fetchAll').mockImplementation(async function (
        this: ImapFlow,
        ...args
      ) {
        const fetched = await fetchAll.apply(this, args);
        return fetched.map((m) =>
          m.uid === eva ? { ...m, source: false as unknown as Buffer } : m,
        );
      });
      try {
        expect((await runOnce(parts)).processed).toBe(2);
      } finally {
        nil.mockRestore();
      }
      expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
      expect(service.state('CLUB/2').plies).toEqual([]);
      expect(logger.lines.filter((l) => l.code === 'IMAP_NO_BODY')).toEqual([
        expect.objectContaining({ level: 'warn', uid: eva }),
      ]);
      const failed = logger.lines.filter((l) => l.code === 'INBOUND_FAILED');
      expect(failed).toHaveLength(1);
      expect(String(failed[0]!.error)).toMatch(/^the IMAP server gave no body for this mail/);
      expect(String(failed[0]!.error)).not.toContain('TypeError');
      // Nothing of it filed or stored: it waits in the mailbox, as it came.
      expect((await servers.fetchAll(REFEREE)).map((m) => m.uid)).toEqual([eva]);
      expect(store.inboundLog().filter((m) => m.sender === 'eva@x.example')).toEqual([]);

      // The server gives it again: it is read and played.
      expect((await runOnce(parts)).processed).toBe(1);
      expect(service.state('CLUB/2').plies.map((p) => p.uci)).toEqual(['d2d4']);
      expect(await servers.fetchAll(REFEREE)).toEqual([]);
    } finally {
      await inbox.close();
      store.close();
    }
  });
});
