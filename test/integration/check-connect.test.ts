// `amici check-config --connect` (issue 5): a TD setting up an event learns before the first
// run whether amici can log in to the IMAP and SMTP servers, against a real Dovecot and the SMTP
// sink: how many messages the inbox holds, or which login fails and why, with exit status 1.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { dkimDomain, keyServer, SELECTOR } from '../support/dkim.ts';
import { freePorts } from '../support/dovecot.ts';
import { type MailServers, startMailServers } from '../support/mail-servers.ts';

const REFEREE = 'referee@amici.test';

describe('amici check-config --connect', () => {
  let servers: MailServers;
  let dir: string;

  beforeAll(async () => {
    servers = await startMailServers({ users: [REFEREE, 'w@players.test', 'b@players.test'] });
    await servers.appendTo(REFEREE, 'From: a@b.test\r\nSubject: waiting\r\n\r\n1.e4\r\n');
    dir = mkdtempSync(join(tmpdir(), 'amici-connect-'));
    process.env.AMICI_CONNECT_RIGHT = servers.password;
    process.env.AMICI_CONNECT_WRONG = 'not-the-password';
  });

  afterAll(async () => {
    delete process.env.AMICI_CONNECT_RIGHT;
    delete process.env.AMICI_CONNECT_WRONG;
    delete process.env.AMICI_CONNECT_DKIM;
    await servers?.stop();
  });

  const check = async (imap: string, smtp: string, ...flags: string[]) =>
    runCli(['check-config', '--connect', '--config', configFile(imap, smtp), ...flags]);

  const configFile = (imap: string, smtp: string, games = '') => {
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
        ...(games ? ['    games:', `      - ${games}`] : []),
        '',
      ].join('\n'),
    );
    return file;
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
    // What the server said, not only imapflow's "Command failed".
    expect(wrong.out).toContain(
      'login refused: Command failed: the server said [AUTHENTICATIONFAILED] Authentication failed.',
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

  it('the DKIM key amici signs with is checked before anything is sent: one written on one line with \\n signs, one that is no key stops the run with one line', async () => {
    const signer = dkimDomain('amici.test');
    // As a systemd EnvironmentFile or a .env file holds it: one line, \n between the lines.
    process.env.AMICI_CONNECT_DKIM = signer.privateKey.trim().replaceAll('\n', '\\n');
    const smtp = `port: ${servers.smtp.port}, secure: false, dkim: { domain: amici.test, selector: ${SELECTOR}, privateKeyEnv: AMICI_CONNECT_DKIM }`;
    const good = await check('passwordEnv: AMICI_CONNECT_RIGHT', smtp);
    expect(good.code, good.out + good.err).toBe(0);
    expect(good.out).toContain(
      `dkim:   signs as amici.test (selector ${SELECTOR}, key published at ${SELECTOR}._domainkey.amici.test) with the key in $AMICI_CONNECT_DKIM: RSA 2048 bits, OK (written on one line with \\n between its lines: read as those lines)`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const file = configFile(
      'passwordEnv: AMICI_CONNECT_RIGHT',
      smtp,
      `{ id: "1", white: w, black: b, startsOn: ${today} }`,
    );
    servers.sink.reset();
    const run = await runCli(['run', '--once', '--config', file]);
    expect(run.code, run.err).toBe(0);
    const sent = servers.sink.messages();
    expect(sent.flatMap((m) => m.to).sort()).toEqual(['b@players.test', 'w@players.test']);
    for (const m of sent) {
      const checked = await dkimVerify(m.raw, { resolver: keyServer([signer]).resolver });
      expect(checked.results.map((r) => [r.signingDomain, r.status.result])).toEqual([
        ['amici.test', 'pass'],
      ]);
    }

    for (const [key, why] of [
      ['not a key', 'it is not a private key in PEM form (no "-----BEGIN PRIVATE KEY-----" line)'],
      [
        signer.privateKey.slice(0, 300),
        'the PEM private key cannot be read (DECODER routines::unsupported): is it whole, with its line breaks (or written on one line with \\n between the lines)?',
      ],
    ] as const) {
      process.env.AMICI_CONNECT_DKIM = key;
      const bad = await runCli(['check-config', '--config', file]);
      expect(bad.code).toBe(1);
      expect(bad.out).toContain(
        `dkim:   FAILED — the DKIM key in $AMICI_CONNECT_DKIM cannot sign: ${why}; amici run will not start`,
      );
      servers.sink.reset();
      const refused = await runCli(['run', '--config', file]);
      expect(refused.code).toBe(2);
      expect(refused.err).toBe(`amici: the DKIM key in $AMICI_CONNECT_DKIM cannot sign: ${why}\n`);
      expect(servers.sink.messages()).toHaveLength(0);
    }
  });
});
