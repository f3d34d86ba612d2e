// The restore drill the README gives a TD: the store file is lost, the last `amici backup` is put
// back, the mail filed since is moved back into the inbox, and `amici run` reads it again. Mail
// the copy already knows is recognised and filed; the rest is decided again, in order, with its
// own dates of receipt — and the games end up as they were, with no reply sent under a new name.

import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../../src/cli/demo.ts';
import { runCli } from '../support/cli.ts';

const PLAYERS = { jan: 'Jan Kowalski <jan@demo.example>', petr: 'Petr Novák <petr@demo.example>' };

describe('restoring a backup', () => {
  it('the backup, then the mail filed since moved back to the inbox: the games are as before the loss', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-restore-'));
    const config = join(dir, 'amici.yaml');
    writeFileSync(config, DEMO_CONFIG);
    const inbox = join(dir, 'inbox');
    mkdirSync(join(inbox, 'new'), { recursive: true });
    let n = 0;
    const deliver = (who: keyof typeof PLAYERS, day: number, body: string) => {
      const file = join(inbox, 'new', `${++n}.eml`);
      writeFileSync(
        file,
        `From: ${PLAYERS[who]}\r\nTo: referee@demo.example\r\nSubject: [DEMO/1] ruch\r\nDate: ${day} Nov 2026 10:00:00 +0000\r\nMessage-ID: <r${n}@demo.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
      const at = new Date(`2026-11-${String(day).padStart(2, '0')}T10:00:00Z`);
      utimesSync(file, at, at); // the date of receipt a Maildir keeps
    };
    const run = async () =>
      expect((await runCli(['run', '--once', '--config', config])).code).toBe(0);
    const show = async () =>
      JSON.parse((await runCli(['show', 'DEMO/1', '--json', '--config', config])).out);
    const replies = () =>
      readdirSync(join(dir, 'outbox'))
        .filter((f) => f.endsWith('.eml'))
        .sort();

    deliver('jan', 2, '1.e4');
    deliver('petr', 4, '1.5254 5755');
    await run();
    const backup = join(dir, 'backup.sqlite');
    expect((await runCli(['backup', backup, '--config', config])).code).toBe(0);
    deliver('jan', 6, '1...e5 2.Gc4');
    deliver('petr', 8, '2.6134 2836');
    await run();
    const before = await show();
    expect(before.history).toHaveLength(4);
    const sent = replies();

    // The store is lost; the backup goes back in its place.
    for (const f of ['amici.sqlite', 'amici.sqlite-wal', 'amici.sqlite-shm'])
      rmSync(join(dir, f), { force: true });
    renameSync(backup, join(dir, 'amici.sqlite'));
    expect((await show()).history).toHaveLength(2);
    // Every mail filed is moved back into the inbox (its file keeps its date).
    for (const folder of readdirSync(inbox).filter((f) => f.startsWith('.amici.')))
      for (const f of readdirSync(join(inbox, folder, 'cur')))
        renameSync(join(inbox, folder, 'cur', f), join(inbox, 'cur', f));
    await run();

    expect(await show()).toEqual(before);
    // The replies decided again carry the Message-IDs they had: no reply under a new name.
    expect(replies()).toEqual(sent);
    expect(readdirSync(join(inbox, 'cur'))).toEqual([]);
  });
});
