// `amici run --once` from cron while the state file cannot be written (a full disk): each run
// found the mail it could not store, left it in the inbox, said nothing on stderr and exited 0,
// and the TDs were never told (the daemon's alert was not part of --once). Now the run says what
// was left and why, and exits 1; the TDs are told once, not at every run, and told of the end by
// the run that stores again.

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';
import { clubConfig } from '../support/config.ts';

describe('amici run --once on a state file that cannot be written', () => {
  it('says on stderr that the mail stays in the inbox, exits 1, and tells the TDs once across runs and of the end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-once-'));
    for (const d of ['new', 'cur', 'tmp']) mkdirSync(join(dir, 'in', d), { recursive: true });
    const config = join(dir, 'amici.yaml');
    writeFileSync(
      config,
      JSON.stringify(
        clubConfig({
          players: [
            { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
            { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
          ],
          games: [{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }],
        }),
      ),
    );
    // The first run starts the game.
    expect((await runCli(['run', '--once', '--config', config])).code).toBe(0);
    writeFileSync(
      join(dir, 'in', 'new', '1.jan'),
      'From: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] move\r\nMessage-ID: <once1@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4\r\n',
    );
    const alerts = () =>
      readdirSync(join(dir, 'out'))
        .map((f) => readFileSync(join(dir, 'out', f), 'utf8'))
        .filter((m) => /^X-Amici-Kind: store-alert/m.test(m));

    // The disk is full: no mail can be stored.
    const full = vi.spyOn(Store.prototype, 'commitInbound').mockImplementation(() => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    });
    try {
      const first = await runCli(['run', '--once', '--config', config]);
      expect(first.code).toBe(1);
      expect(first.err).toBe(
        `amici: 1 mail could not be processed: the state file ${join(dir, 'amici.sqlite')} cannot be written (database or disk is full); the Tournament Directors have been told, once. It stays in the inbox, unplayed, and is read again at the next run\n`,
      );
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0]).toContain('Subject: amici cannot write its state file');
      expect(readdirSync(join(dir, 'in', 'new'))).toEqual(['1.jan']);
      // The next run from cron: the same words, the TDs not told again.
      const second = await runCli(['run', '--once', '--config', config]);
      expect(second.code).toBe(1);
      expect(second.err).toBe(first.err);
      expect(alerts()).toHaveLength(1);
    } finally {
      full.mockRestore();
    }
    // Space freed: the next run plays the mail and tells the TDs the store works again.
    const third = await runCli(['run', '--once', '--config', config]);
    expect(third.err).toBe('');
    expect(third.code).toBe(0);
    expect(readdirSync(join(dir, 'in', 'new'))).toEqual([]);
    expect(alerts().map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual(
      expect.arrayContaining([
        'amici cannot write its state file',
        'amici writes its state file again',
      ]),
    );
    expect(alerts()).toHaveLength(2);
    expect(existsSync(join(dir, 'amici.sqlite.alert'))).toBe(false);
  });
});
