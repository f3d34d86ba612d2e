// Logging in with OAuth2 instead of a password (issue 5: providers such as Outlook.com take no
// password over IMAP or SMTP): `amici run --once` with `tokenCommand` for the inbox and the
// outbox, against a real Dovecot that checks XOAUTH2/OAUTHBEARER tokens at an introspection URL
// (its oauth2 passdb) and an SMTP sink that takes XOAUTH2. A move is read and relayed with
// tokens only; a token the server no longer takes, and a command that gives none, are errors
// the log names, and the move waits in the inbox.

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { type MailServers, startMailServers } from '../support/mail-servers.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';

const BIN = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));
const REFEREE = 'referee@amici.test';
const TD = 'td@amici.test';
const WHITE = 'white@players.test';
const BLACK = 'black@players.test';
const WAIT_MS = 10_000;

describe('OAuth2 logins (tokenCommand) for the IMAP inbox and the SMTP outbox', () => {
  let servers: MailServers;
  let sink: SmtpSink;
  let userinfo: Server;
  let dir: string;
  /** The tokens the provider takes now. */
  const valid = new Set<string>();

  beforeAll(async () => {
    // The provider's userinfo endpoint, as Dovecot asks it: whose token is this?
    userinfo = createServer((req, res) => {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const ok = token !== undefined && valid.has(token);
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { email: REFEREE } : { error: 'invalid_token' }));
    });
    await new Promise<void>((resolve) => userinfo.listen(0, '127.0.0.1', resolve));
    const address = userinfo.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    servers = await startMailServers({
      users: [REFEREE, TD, WHITE, BLACK],
      oauth2IntrospectionUrl: `http://127.0.0.1:${address.port}/userinfo`,
    });
    sink = await startSmtpSink({ lmtp: servers.lmtp, accessTokens: () => [...valid] });

    dir = mkdtempSync(join(tmpdir(), 'amici-oauth2-'));
    writeFileSync(join(dir, 'token'), 'token-A\n');
    // The token tool: here it prints what the file holds (oama, mutt_oauth2.py … in real use).
    const tokenCommand = `["sh", "-c", 'cat "$0"', ${join(dir, 'token')}]`;
    const today = new Date().toISOString().slice(0, 10);
    writeFileSync(
      join(dir, 'amici.yaml'),
      [
        `from: { name: amici, address: ${REFEREE} }`,
        `inbox: { kind: imap, host: ${servers.imap.host}, port: ${servers.imap.port}, secure: false, user: ${REFEREE}, tokenCommand: ${tokenCommand}, authentication: none }`,
        `outbox: { kind: smtp, host: ${sink.host}, port: ${sink.port}, secure: false, user: ${REFEREE}, tokenCommand: ${tokenCommand} }`,
        'store: { path: ./amici.sqlite }',
        'events:',
        '  - name: Token Cup',
        '    tag: TOK',
        `    td: { name: TD, address: ${TD} }`,
        '    timeZone: UTC',
        '    players:',
        `      - { id: w, name: White Player, addresses: [${WHITE}] }`,
        `      - { id: b, name: Black Player, addresses: [${BLACK}] }`,
        '    games:',
        `      - { id: "1", white: w, black: b, startsOn: ${today} }`,
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    await sink?.stop();
    await servers?.stop();
    await new Promise((resolve) => userinfo?.close(resolve));
  });

  const move = (id: string, from: string, body: string) =>
    [
      `From: Player <${from}>`,
      `To: amici <${REFEREE}>`,
      `Subject: Re: [TOK/1] our game`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${id}@players.test>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n');
  /** `amici run --once` as its own process (Dovecot asks this process's userinfo endpoint). */
  const runOnce = () =>
    new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'run', '--once', '--config', 'amici.yaml'], {
        cwd: dir,
      });
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, err });
      });
    });
  const logLines = (err: string) =>
    err
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('reads the move over IMAP and relays it over SMTP with tokens only', async () => {
    valid.add('token-A');
    await servers.appendTo(REFEREE, move('w1', WHITE, '1.e4'));
    // The TD's check before the first run logs in with tokens too.
    const check = await runCli(['check-config', '--connect', '--config', join(dir, 'amici.yaml')]);
    expect(check.code, check.out).toBe(0);
    expect(check.out).toContain(`connect inbox:  logged in to `);
    expect(check.out).toContain('INBOX holds 1 message');
    expect(check.out).toContain(
      `connect outbox: logged in to ${sink.host}:${sink.port} as ${REFEREE}`,
    );
    const run = await runOnce();
    expect(run.code, run.err).toBe(0);
    const relay = await servers.waitForMessage(
      BLACK,
      (m) => m.raw.includes('[TOK/1]') && m.raw.includes('e4'),
      WAIT_MS,
    );
    expect(relay.raw.toString()).toContain(`From: amici <${REFEREE}>`);
    expect(sink.messages().every((m) => m.user === REFEREE && m.outcome === 'delivered')).toBe(
      true,
    );
    expect(await servers.fetchAll(REFEREE)).toHaveLength(0); // filed, as done
    expect(logLines(run.err)).toContainEqual(
      expect.objectContaining({ code: 'INBOUND_PROCESSED', status: 'done' }),
    );
  });

  it('a token the provider no longer takes is a refused login: exit 1, the log says so, the move waits', async () => {
    valid.clear(); // token-A revoked; the tool still prints it
    await servers.appendTo(REFEREE, move('b1', BLACK, '1.e4 e5'));
    const run = await runOnce();
    expect(run.code).toBe(1);
    expect(run.err).toContain('amici: the inbox could not be read: login refused');
    expect(logLines(run.err)).toContainEqual(
      expect.objectContaining({ level: 50, code: 'IMAP_ERROR', op: 'login' }),
    );
    expect(await servers.fetchAll(REFEREE)).toHaveLength(1);
    expect(await servers.fetchAll(WHITE)).toHaveLength(1); // only the confirmation of 1.e4
  });

  it('a token tool that fails is named in the log, with what it said; a new token is used at the next run', async () => {
    writeFileSync(join(dir, 'token'), '');
    const empty = await runOnce();
    expect(empty.code).toBe(1);
    expect(logLines(empty.err)).toContainEqual(
      expect.objectContaining({
        code: 'IMAP_ERROR',
        op: 'token',
        error: expect.stringContaining('printed no token'),
      }),
    );

    // The operator renews the token: the move that waited is played and relayed.
    writeFileSync(join(dir, 'token'), 'token-B\n');
    valid.add('token-B');
    const run = await runOnce();
    expect(run.code, run.err).toBe(0);
    await servers.waitForMessage(WHITE, (m) => m.raw.includes('e5'), WAIT_MS);
    expect(await servers.fetchAll(REFEREE)).toHaveLength(0);
  });
});
