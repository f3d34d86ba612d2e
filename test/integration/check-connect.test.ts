// `amici check-config --connect` (issue 5): a TD setting up an event learns before the first
// run whether amici can log in to the IMAP and SMTP servers, against a real Dovecot and the SMTP
// sink: how many messages the inbox holds, or which login fails and why, with exit status 1.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { freePorts } from '../support/dovecot.ts';
import { type MailServers, startMailServers } from '../support/mail-servers.ts';

const REFEREE = 'referee@amici.test';

describe('amici check-config --connect', () => {
  let servers: MailServers;
  let dir: string;

  beforeAll(async () => {
    servers = await startMailServers({ users: [REFEREE] });
    await servers.appendTo(REFEREE, 'From: a@b.test\r\nSubject: waiting\r\n\r\n1.e4\r\n');
    dir = mkdtempSync(join(tmpdir(), 'amici-connect-'));
    process.env.AMICI_CONNECT_RIGHT = servers.password;
    process.env.AMICI_CONNECT_WRONG = 'not-the-password';
  });

  afterAll(async () => {
    delete process.env.AMICI_CONNECT_RIGHT;
    delete process.env.AMICI_CONNECT_WRONG;
    await servers?.stop();
  });

  const check = async (imap: string, smtp: string, ...flags: string[]) => {
    const file = join(dir, 'amici.yaml');
    writeFileSync(
      file,
      [
        `from: { address: ${REFEREE} }`,
        `inbox: { kind: imap, host: ${servers.imap.host}, port: ${servers.imap.port}, secure: false, user: ${REFEREE}, ${imap} }`,
        `outbox: { kind: smtp, host: ${servers.smtp.host}, ${smtp} }`,
        'store: { path: ./amici.sqlite }',
        'events:',
        '  - name: Connect Cup',
        '    tag: CON',
        '    td: { name: TD, address: td@amici.test }',
        '    timeZone: UTC',
        '    players:',
        '      - { id: w, name: White, addresses: [w@players.test] }',
        '      - { id: b, name: Black, addresses: [b@players.test] }',
        '',
      ].join('\n'),
    );
    return runCli(['check-config', '--connect', '--config', file, ...flags]);
  };

  it('logs in to both servers and says what the inbox holds', async () => {
    const r = await check(
      'passwordEnv: AMICI_CONNECT_RIGHT',
      `port: ${servers.smtp.port}, secure: false, user: ${REFEREE}, passwordEnv: AMICI_CONNECT_RIGHT`,
    );
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain(
      `connect inbox:  logged in to ${servers.imap.host}:${servers.imap.port} as ${REFEREE}; INBOX holds 1 message`,
    );
    expect(r.out).toContain(
      `connect outbox: logged in to ${servers.smtp.host}:${servers.smtp.port} as ${REFEREE}; nothing sent`,
    );
    expect(servers.sink.messages()).toHaveLength(0);
  });

  it('a wrong password, a missing mailbox and a relay that is not there are each named; exit 1', async () => {
    const [closed = 1] = await freePorts(1);
    const wrong = await check('passwordEnv: AMICI_CONNECT_WRONG', `port: ${closed}, secure: false`);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(
      new RegExp(`connect inbox: {2}FAILED — .*:${servers.imap.port} as ${REFEREE}: login refused`),
    );
    expect(wrong.out).toMatch(
      new RegExp(`connect outbox: FAILED — ${servers.smtp.host}:${closed}: .*ECONNREFUSED`),
    );

    const noBox = await check(
      'passwordEnv: AMICI_CONNECT_RIGHT, mailbox: Referee',
      `port: ${servers.smtp.port}, secure: false`,
      '--json',
    );
    expect(noBox.code).toBe(1);
    const json = JSON.parse(noBox.out);
    expect(json.connect).toMatchObject({
      ok: false,
      inbox: expect.stringMatching(
        /^FAILED — .* as referee@amici\.test: .*Mailbox doesn't exist: Referee/,
      ),
      outbox: `connected to ${servers.smtp.host}:${servers.smtp.port}; nothing sent`,
    });
  });
});
