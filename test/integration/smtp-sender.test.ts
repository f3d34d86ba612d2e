// The SMTP sender against the test sink and Dovecot (issue 5): a message goes through the sink
// into the recipient's real mailbox, byte for byte; injected 4xx replies, lost connections and
// refused logins are temporary, 5xx replies permanent; DKIM-Signature is added when configured;
// an OAuth2 login (XOAUTH2) takes its token from the configured command, again when refused.

import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifySmtpFailure, createSmtpSender } from '../../src/daemon/smtp-sender.ts';
import { tokenFromCommand } from '../../src/daemon/token-command.ts';
import type { OutgoingMail, Sender } from '../../src/daemon/transport.ts';
import { freePorts } from '../support/dovecot.ts';
import { type MailServers, startMailServers } from '../support/mail-servers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const WHITE = 'white@example.org';
const BLACK = 'black@example.org';
const REFEREE = 'referee@amici.example';
const WAIT_MS = 10_000;

let counter = 0;
function outgoing(to: string[], subject: string): OutgoingMail {
  counter += 1;
  const messageId = `<relay-${counter}@amici.example>`;
  const raw = [
    `From: Amici <${REFEREE}>`,
    `To: ${to.map((t) => `<${t}>`).join(', ')}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Sun, 22 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${subject}: 12. Nf3`,
    '',
  ].join('\r\n');
  return { messageId, from: REFEREE, to, raw: Buffer.from(raw) };
}

type Line = { level: string; [key: string]: unknown };
function recordingLogger() {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>) =>
    void lines.push({ level, ...fields });
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

describe('SMTP sender through the sink into Dovecot', () => {
  let servers: MailServers;
  const open: Sender[] = [];
  const senderFor = (extra: Partial<Parameters<typeof createSmtpSender>[0]> = {}) => {
    const logger = recordingLogger();
    const sender = createSmtpSender({
      host: servers.smtp.host,
      port: servers.smtp.port,
      secure: false,
      user: REFEREE,
      login: { password: 'any password will do' },
      logger,
      timeoutMs: 5_000,
      ...extra,
    });
    open.push(sender);
    return Object.assign(sender, { logger });
  };

  beforeAll(async () => {
    servers = await startMailServers({ users: [WHITE, BLACK] });
  });

  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await servers?.stop();
  });

  it("delivers the raw message with the outbox's envelope into the recipient's mailbox", async () => {
    const sender = senderFor();
    const mail = outgoing([WHITE], 'Your opponent moved');
    const result = await sender.send(mail);
    expect(result).toMatchObject({ ok: true });

    const stored = await servers.waitForMessage(
      WHITE,
      (m) => m.raw.includes(mail.messageId),
      WAIT_MS,
    );
    expect(stored.raw.toString('utf8').endsWith(mail.raw.toString('utf8'))).toBe(true);
    const recorded = servers.sink.messages().find((m) => m.raw.includes(mail.messageId));
    expect(recorded).toMatchObject({ from: REFEREE, to: [WHITE], user: REFEREE });
    expect(recorded?.raw.equals(mail.raw)).toBe(true);
    expect((await servers.fetchAll(BLACK)).some((m) => m.raw.includes(mail.messageId))).toBe(false);

    // The pooled connection carries the next message too.
    const second = outgoing([WHITE, BLACK], 'Copy to both');
    expect(await sender.send(second)).toMatchObject({ ok: true });
    await servers.waitForMessage(BLACK, (m) => m.raw.includes(second.messageId), WAIT_MS);
  });

  it('reports an injected 4xx as temporary, then delivers on the next attempt', async () => {
    const sender = senderFor();
    const mail = outgoing([WHITE], 'Retry me');
    servers.sink.failNext(1, 'temporary');
    const failed = await sender.send(mail);
    expect(failed).toMatchObject({ ok: false, permanent: false });
    // The server's reply as it said it, its code once (not "451 451 …").
    expect(failed.ok === false && failed.error).toBe(
      '451 4.3.0 Injected temporary failure, try again later',
    );
    expect(sender.logger.lines).toContainEqual(
      expect.objectContaining({ code: 'SMTP_ERROR', permanent: false, messageId: mail.messageId }),
    );

    expect(await sender.send(mail)).toMatchObject({ ok: true });
    await servers.waitForMessage(WHITE, (m) => m.raw.includes(mail.messageId), WAIT_MS);
  });

  it('reports an injected 5xx, and a refused recipient, as permanent', async () => {
    const sender = senderFor();
    servers.sink.failNext(1, 'permanent');
    const failed = await sender.send(outgoing([WHITE], 'Refused for good'));
    expect(failed).toMatchObject({ ok: false, permanent: true });
    expect(failed.ok === false && failed.error).toMatch(/^554 /);

    const unknown = await sender.send(outgoing(['nobody@example.org'], 'No such player'));
    expect(unknown).toMatchObject({ ok: false, permanent: true });
    expect(unknown.ok === false && unknown.error).toMatch(/^550 /);

    // The connection is still good for the next message.
    expect(await sender.send(outgoing([BLACK], 'Still fine'))).toMatchObject({ ok: true });
  });

  it('logs in with an OAuth2 token from the command, and runs it again when the server refuses the token', async () => {
    // A token tool that hands out token-1, token-2, … (as a refresh would); the server takes
    // only token-2, so the first login is refused as expired and the second goes through.
    const dir = mkdtempSync(join(tmpdir(), 'amici-token-'));
    const counter = join(dir, 'n');
    writeFileSync(counter, '1');
    const script = 'n=$(cat "$0"); echo $((n+1)) > "$0"; echo "token-$n"';
    const sink = await startSmtpSink({ lmtp: servers.lmtp, accessTokens: () => ['token-2'] });
    try {
      const sender = senderFor({
        host: sink.host,
        port: sink.port,
        login: { token: () => tokenFromCommand(['sh', '-c', script, counter]) },
      });
      const mail = outgoing([WHITE], 'Sent with a token');
      expect(await sender.send(mail)).toMatchObject({ ok: true });
      expect(readFileSync(counter, 'utf8').trim()).toBe('3'); // asked twice
      expect(sink.messages()).toMatchObject([{ user: REFEREE, outcome: 'delivered' }]);
      await servers.waitForMessage(WHITE, (m) => m.raw.includes(mail.messageId), WAIT_MS);

      // A tool that cannot give a token: the login fails for now, the operator is told why.
      const broken = senderFor({
        host: sink.host,
        port: sink.port,
        login: {
          token: () => tokenFromCommand(['sh', '-c', 'echo "refresh token revoked" >&2; exit 2']),
        },
      });
      const failed = await broken.send(outgoing([WHITE], 'No token'));
      expect(failed).toMatchObject({ ok: false, permanent: false });
      expect(failed.ok === false && failed.error).toContain('refresh token revoked');
      expect(broken.logger.lines).toContainEqual(
        expect.objectContaining({ level: 'error', code: 'SMTP_ERROR' }),
      );
    } finally {
      await sink.stop();
    }
  });

  it('reports a server that is not there as temporary', async () => {
    const [port = 1] = await freePorts(1);
    const sender = senderFor({ host: '127.0.0.1', port });
    const failed = await sender.send(outgoing([WHITE], 'Nobody listening'));
    expect(failed).toMatchObject({ ok: false, permanent: false });
    expect(failed.ok === false && failed.error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
  });

  it('a server that drops the connection is said to have, not that amici reached a maximum of retries', async () => {
    // As a relay going down does: the connection is taken and closed at once.
    const dropping = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = dropping.address() as AddressInfo;
      const sender = senderFor({ host: '127.0.0.1', port });
      const failed = await sender.send(outgoing([WHITE], 'Dropped'));
      expect(failed).toMatchObject({ ok: false, permanent: false });
      const error = failed.ok === false ? failed.error : '';
      expect(error).toBe(
        'ECONNECTION the SMTP server closed the connection before it took the mail',
      );
      await sender.close();
    } finally {
      dropping.close();
    }
  });

  it('classifies failures by reply class: 5xx permanent (not 503), 4xx and no reply temporary', () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{ code: 'EMESSAGE', responseCode: 554, response: '554 5.7.1 Rejected' }, true],
      [{ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 User unknown' }, true],
      [{ code: 'EMESSAGE', responseCode: 451, response: '451 4.3.0 Later' }, false],
      [{ code: 'EPROTOCOL', responseCode: 503, response: '503 5.5.1 Bad sequence' }, false],
      [{ code: 'ETIMEDOUT', message: 'Timeout' }, false],
      [{ code: 'ECONNECTION', message: 'Connection closed' }, false],
      [{ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Bad credentials' }, false],
    ];
    for (const [error, permanent] of cases) {
      expect(classifySmtpFailure(Object.assign(new Error('x'), error)).permanent).toBe(permanent);
    }
  });

  it('DKIM-signs outgoing mail when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const sender = senderFor({
      dkim: { domainName: 'amici.example', keySelector: 'referee2026', privateKey },
    });
    const mail = outgoing([BLACK], 'Signed move');
    expect(await sender.send(mail)).toMatchObject({ ok: true });

    const stored = await servers.waitForMessage(
      BLACK,
      (m) => m.raw.includes(mail.messageId),
      WAIT_MS,
    );
    const text = stored.raw.toString('utf8');
    const header = /^DKIM-Signature:(.*(?:\r\n[ \t].*)*)/m.exec(text)?.[1] ?? '';
    expect(header).toMatch(/\bd=amici\.example;/);
    expect(header).toMatch(/\bs=referee2026;/);
    expect(header).toMatch(/\bb=[A-Za-z0-9+/=\s]{40,}/);
    // Signing adds the header and leaves the message as it was.
    expect(text.endsWith(mail.raw.toString('utf8'))).toBe(true);
  });
});
