// `amici outbox`: a TD sees the mail that failed for good (a long outage, a refused address),
// queues it again once the cause is fixed, and the next run sends it; and reads what a player
// was sent, when they ask.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { Sender, SendResult } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

describe('amici outbox', () => {
  it('shows failed mail with its error, queues it again, and the next run sends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-outbox-'));
    expect((await runCli(['demo', '--dir', dir])).code).toBe(0);
    const config = join(dir, 'amici.yaml');
    const sentBefore = readdirSync(join(dir, 'outbox')).length;

    // A notice that failed for good while the mail server refused it.
    const store = new Store(join(dir, 'amici.sqlite'));
    store.enqueueMail(
      [
        {
          messageId: '<stuck@demo.example>',
          gameKey: 'DEMO/1',
          kind: 'td-notice',
          recipients: ['td@demo.example'],
          sender: 'referee@demo.example',
          raw: Buffer.from(
            'From: referee@demo.example\r\nTo: td@demo.example\r\nSubject: stuck\r\nMessage-ID: <stuck@demo.example>\r\n\r\nhello\r\n',
          ),
        },
      ],
      '2026-11-20T10:00:00.000Z',
    );
    const [row] = store.dueOutbox('2026-11-20T10:00:00.000Z');
    store.markFailed(row!.id, '554 relay access denied', '2026-11-20T10:00:00.000Z');
    store.close();

    const listed = await runCli(['outbox', '--config', config]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('0 pending, 1 failed');
    // When it was queued, and when it was last tried and failed for good.
    expect(listed.out).toMatch(
      /failed\s+DEMO\/1\s+td-notice\s+td@demo\.example\s+1\s+2026-11-20T10:00\s+2026-11-20T10:00\s+554 relay access denied/,
    );
    expect(listed.out).toMatch(/try\s+queued\s+next\/sent\/failed\s+last error/);
    const json = JSON.parse((await runCli(['outbox', '--config', config, '--json'])).out);
    expect(json).toMatchObject([
      { id: row!.id, status: 'failed', lastError: '554 relay access denied' },
    ]);

    // A wrong id is named, not guessed at.
    const wrong = await runCli(['outbox', 'retry', '99999', '--config', config]);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('already sent, or no such mail, left alone: 99999');
    expect((await runCli(['outbox', 'retry', '--config', config])).code).toBe(2);

    const retried = await runCli(['outbox', 'retry', '--failed', '--config', config]);
    expect(retried.code).toBe(0);
    expect(retried.out).toContain(`queued again: ${row!.id}`);
    expect((await runCli(['outbox', '--config', config])).out).toContain('1 pending, 0 failed');

    expect((await runCli(['run', '--once', '--config', config])).code).toBe(0);
    const files = readdirSync(join(dir, 'outbox'));
    expect(files.length).toBe(sentBefore + 1);
    expect(
      files.some((f) =>
        readFileSync(join(dir, 'outbox', f), 'utf8').includes('<stuck@demo.example>'),
      ),
    ).toBe(true);
    expect((await runCli(['outbox', '--config', config])).out).toContain('0 pending, 0 failed');

    // Mail waiting hours for its next try (the outbox folder was missing; now it is back) is
    // sent now when retried by its id.
    const again = new Store(join(dir, 'amici.sqlite'));
    again.enqueueMail(
      [
        {
          messageId: '<later@demo.example>',
          gameKey: 'DEMO/1',
          kind: 'td-notice',
          recipients: ['td@demo.example'],
          sender: 'referee@demo.example',
          raw: Buffer.from(
            'From: referee@demo.example\r\nTo: td@demo.example\r\nSubject: later\r\nMessage-ID: <later@demo.example>\r\n\r\nhello\r\n',
          ),
        },
      ],
      '2026-11-20T10:00:00.000Z',
    );
    const [waiting] = again.dueOutbox('2026-11-20T10:00:00.000Z');
    again.markRetry(
      waiting!.id,
      '2099-01-01T00:00:00.000Z',
      'EEXIST: outbox is a file',
      '2026-11-20T10:00:00.000Z',
    );
    again.close();
    const now = await runCli(['outbox', 'retry', String(waiting!.id), '--config', config]);
    expect(now.code, now.err).toBe(0);
    expect((await runCli(['run', '--once', '--config', config])).code).toBe(0);
    expect(
      readdirSync(join(dir, 'outbox')).some((f) =>
        readFileSync(join(dir, 'outbox', f), 'utf8').includes('<later@demo.example>'),
      ),
    ).toBe(true);
  });

  it('a mail that failed says when it failed, beside its next try: the try that failed for good hours after it fell due (the daemon was stopped) is dated when it was made (was: the time it fell due)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-outbox-'));
    expect((await runCli(['demo', '--dir', dir])).code).toBe(0);
    const config = join(dir, 'amici.yaml');
    const loaded = await loadConfig(config);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    let now = new Date('2026-11-20T10:00:00.000Z');
    const service = new RefereeService({
      config: loaded.config,
      store: new Store(join(dir, 'amici.sqlite')),
      logger: memoryLogger(),
      clock: () => now,
    });
    service.store.enqueueMail(
      [
        {
          messageId: '<late@demo.example>',
          kind: 'games-status',
          recipients: ['kowalski@demo.example'],
          sender: 'referee@demo.example',
          raw: Buffer.from(
            'From: referee@demo.example\r\nTo: kowalski@demo.example\r\nSubject: late\r\nMessage-ID: <late@demo.example>\r\n\r\nhello\r\n',
          ),
        },
      ],
      now.toISOString(),
    );
    const id = service.store.outboxList(['pending'])[0]!.id;
    let answer: SendResult = { ok: false, permanent: false, error: '421 try again later' };
    const sender: Sender = { name: 'smtp', send: async () => answer, close: async () => {} };
    // The first try fails for now: the next one is due a minute later.
    await service.flushOutbox(sender);
    const waiting = await runCli(['outbox', '--config', config]);
    expect(waiting.out).toMatch(
      /pending .* 2026-11-20T10:00 {2}2026-11-20T10:01 {2}failed 2026-11-20T10:00: 421 try again later/,
    );
    expect((await runCli(['outbox', 'show', String(id), '--config', config])).out).toContain(
      `Outbox ${id}: games-status, waiting, next try 2026-11-20T10:01:00.000Z (the last try failed 2026-11-20T10:00:00.000Z: 421 try again later)`,
    );
    // The daemon was stopped; started again at 13:30, its try fails for good.
    now = new Date('2026-11-20T13:30:00.000Z');
    answer = { ok: false, permanent: true, error: '550 no such user' };
    await service.flushOutbox(sender);
    service.store.close();
    const failed = await runCli(['outbox', '--config', config]);
    expect(failed.out).toMatch(
      /failed .* 2026-11-20T10:00 {2}2026-11-20T13:30 {2}550 no such user/,
    );
    expect((await runCli(['outbox', 'show', String(id), '--config', config])).out).toContain(
      `Outbox ${id}: games-status, failed for good 2026-11-20T13:30:00.000Z: 550 no such user`,
    );
    const json = JSON.parse((await runCli(['outbox', '--json', '--config', config])).out);
    expect(json).toMatchObject([
      {
        id,
        status: 'failed',
        nextTryAt: '2026-11-20T10:01:00.000Z',
        failedAt: '2026-11-20T13:30:00.000Z',
      },
    ]);
  });

  it('show: the mail a player was sent, as they read it, or byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-outbox-'));
    expect((await runCli(['demo', '--dir', dir])).code).toBe(0);
    const config = join(dir, 'amici.yaml');
    const store = new Store(join(dir, 'amici.sqlite'));
    const relay = store.outboxList(['sent']).find((m) => m.kind === 'move-relayed')!;
    store.close();

    const shown = await runCli(['outbox', 'show', String(relay.id), '--config', config]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Outbox ${relay.id}: move-relayed, game DEMO/1, sent 20`);
    expect(shown.out).toContain(`To: ${relay.recipients.join(', ')}`);
    expect(shown.out).toMatch(/^Subject: \[DEMO\/1\] /m);
    expect(shown.out).toContain('+-----------------+'); // the board, as text
    expect(shown.out).toMatch(/Attached: board\.png \(\d+ bytes\), DEMO-1\.pgn/);
    expect(shown.out).not.toContain('Content-Transfer-Encoding');

    const raw = await runCli(['outbox', 'show', String(relay.id), '--raw', '--config', config]);
    expect(raw.out).toContain(`Message-ID: ${relay.messageId}`);
    expect(raw.out).toContain('Content-Type: multipart/mixed');

    // A mail that came back as a bounce says so, in the list and in show.
    const marked = new Store(join(dir, 'amici.sqlite'));
    marked.markBounced(relay.id, undefined, '2026-11-05T09:00:00.000Z');
    marked.close();
    expect((await runCli(['outbox', 'show', String(relay.id), '--config', config])).out).toContain(
      ', came back as a bounce 2026-11-05T09:00:00.000Z',
    );
    expect((await runCli(['outbox', '--all', '--config', config])).out).toContain(
      'bounced 2026-11-05T09:00',
    );

    const missing = await runCli(['outbox', 'show', '99999', '--config', config]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no mail 99999');
    expect((await runCli(['outbox', 'show', 'latest', '--config', config])).code).toBe(2);
  });

  it('resend: a copy of mail that bounced, to the address the config now has, or to --to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-outbox-'));
    expect((await runCli(['demo', '--dir', dir])).code).toBe(0);
    const config = join(dir, 'amici.yaml');
    const store = new Store(join(dir, 'amici.sqlite'));
    const relay = store.outboxList(['sent']).find((m) => m.kind === 'move-relayed')!;
    store.close();
    const old = relay.recipients[0]!;
    // Still the address it went to: the TD is asked to correct the config first.
    const same = await runCli(['outbox', 'resend', String(relay.id), '--config', config]);
    expect(same.code).toBe(1);
    expect(same.err).toContain(`${old} is the address mail ${relay.id} went to`);
    // The player's address corrected in the config: the copy goes there, and out.
    writeFileSync(config, readFileSync(config, 'utf8').replaceAll(old, 'right@demo.example'));
    const resent = await runCli(['outbox', 'resend', String(relay.id), '--config', config]);
    expect(resent.code, resent.err).toBe(0);
    expect(resent.out).toMatch(/queued again as mail \d+, to right@demo\.example/);
    expect((await runCli(['run', '--once', '--config', config])).code).toBe(0);
    const copies = readdirSync(join(dir, 'outbox'))
      .map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'))
      .filter((m) => /^To: right@demo\.example\r?$/m.test(m));
    expect(copies).toHaveLength(1);
    expect(copies[0]).not.toContain(relay.messageId);
    // Mail not sent yet is retried, not resent.
    expect((await runCli(['outbox', 'resend', '99999', '--config', config])).code).toBe(1);
  });
});
