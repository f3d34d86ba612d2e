// P-5c with the original date: a player's move from an address the TD had not yet added is
// answered and kept; once the TD adds the address, `amici inbox replay` reads the stored mail
// again, dated as it first came (P-2j, P-6d), so the player loses no days to the paperwork.
// Mail that played a move or cost a penalty is never read twice.

import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../../src/cli/demo.ts';
import { runCli } from '../support/cli.ts';

describe('amici inbox replay', () => {
  it('P-5c: the stored move from a new address is played once the TD adds it, dated as it came', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-replay-'));
    const config = join(dir, 'amici.yaml');
    writeFileSync(config, DEMO_CONFIG);
    mkdirSync(join(dir, 'inbox', 'new'), { recursive: true });
    const deliver = (n: number, from: string, day: number, body: string) => {
      const file = join(dir, 'inbox', 'new', `${n}.eml`);
      writeFileSync(
        file,
        `From: ${from}\r\nTo: referee@demo.example\r\nSubject: [DEMO/1] ruch\r\nDate: ${day} Nov 2026 10:00:00 +0000\r\nMessage-ID: <p${n}@demo.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
      const at = new Date(`2026-11-0${day}T10:00:00Z`);
      utimesSync(file, at, at);
    };
    const cli = (...args: string[]) => runCli([...args, '--config', config]);
    deliver(1, 'Jan Kowalski <jan@demo.example>', 2, '1.e4');
    deliver(2, 'Petr Novák <petr@new.example>', 4, '1.5254 5755');
    expect((await cli('run', '--once')).code).toBe(0);
    const mails = JSON.parse((await cli('inbox', '--json')).out);
    const petr = mails.find((m: { sender: string }) => m.sender === 'petr@new.example');
    expect(petr).toMatchObject({ status: 'rejected', gameKey: 'DEMO/1' });
    const jan = mails.find((m: { sender: string }) => m.sender === 'jan@demo.example');

    // Before the address is added, reading it again changes nothing.
    const early = await cli('inbox', 'replay', String(petr.id));
    expect(early.out).toContain('INBOUND_UNKNOWN_ADDRESS');
    expect(JSON.parse((await cli('show', 'DEMO/1', '--json')).out).history).toHaveLength(1);

    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'addresses: [petr@demo.example]',
        'addresses: [petr@demo.example, petr@new.example]',
      ),
    );
    const replayed = await cli('inbox', 'replay', String(petr.id));
    expect(replayed.code).toBe(0);
    expect(replayed.out).toContain(
      'received 2026-11-04T10:00:00.000Z, read again: filed as done — INBOUND_PROCESSED (move-accepted, move-relayed)',
    );
    const history = JSON.parse((await cli('show', 'DEMO/1', '--json')).out).history;
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({ side: 'black', sentOn: '2026-11-04' });

    // Once it has played, it is never read again: nothing is played twice.
    const twice = await cli('inbox', 'replay', String(petr.id));
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/was read as mail \d+, filed done with 1 event/);
    expect(JSON.parse((await cli('show', 'DEMO/1', '--json')).out).history).toHaveLength(2);
    const refused = await cli('inbox', 'replay', String(jan.id));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('reading it again would count it twice');
    expect((await cli('inbox', 'replay', '999')).code).toBe(1);
  });

  it('P-2d: a move that was not verified is played once the TD has the player’s word for it (--sender-confirmed), dated as it came', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-replay-dkim-'));
    const config = join(dir, 'amici.yaml');
    // A Maildir that a mail server delivers into: the sender check is on.
    writeFileSync(
      config,
      DEMO_CONFIG.replace(
        'inbox: { kind: maildir, path: ./inbox }',
        'inbox: { kind: maildir, path: ./inbox, authentication: dkim }',
      ),
    );
    mkdirSync(join(dir, 'inbox', 'new'), { recursive: true });
    const file = join(dir, 'inbox', 'new', '1.eml');
    writeFileSync(
      file,
      'From: Jan Kowalski <jan@demo.example>\r\nTo: referee@demo.example\r\nSubject: [DEMO/1] ruch\r\nDate: 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <unsigned@demo.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4\r\n',
    );
    const at = new Date('2026-11-02T10:00:00Z');
    utimesSync(file, at, at);
    const cli = (...args: string[]) => runCli([...args, '--config', config]);
    expect((await cli('run', '--once')).code).toBe(0);
    const [jan] = JSON.parse((await cli('inbox', '--status', 'rejected', '--json')).out);
    expect(jan.note).toMatch(/^not authenticated \(P-2d\): unsigned/);
    expect(JSON.parse((await cli('show', 'DEMO/1', '--json')).out).history).toHaveLength(0);

    // Read again as it is, it is still not verified: nothing is played.
    const again = await cli('inbox', 'replay', String(jan.id));
    expect(again.out).toContain('filed as rejected — INBOUND_UNAUTHENTICATED');
    // Jan tells the TD it was his: read again on the TD's word, it plays, dated as it came.
    const confirmed = await cli('inbox', 'replay', String(jan.id), '--sender-confirmed');
    expect(confirmed.out).toContain('filed as done — INBOUND_PROCESSED');
    const history = JSON.parse((await cli('show', 'DEMO/1', '--json')).out).history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ side: 'white', sentOn: '2026-11-02' });
  });
});
