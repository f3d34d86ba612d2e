// `amici backup` while the daemon works through a backlog: SQLite's online backup copies the
// store a few pages at a time and starts again from the first page whenever another connection
// writes to it, so under a steady stream of commits (a backlog filed mail by mail) it never came
// to an end. The copy is now made in one step, from one snapshot of the store.

import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/referee/index.ts';
import { Store } from '../../src/store/store.ts';

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Another process at work on the store (the daemon in a backlog): its own connection, one small
 * commit after another until `stop` is set, or until `limit` commits. Says how many it made.
 */
const WRITER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = OFF');
const stop = new Int32Array(workerData.stop);
const insert = db.prepare("INSERT INTO checkpoints (mailbox, uid_validity, last_uid) VALUES (?, '1', ?)");
let n = 0;
parentPort.postMessage({ started: true });
while (Atomics.load(stop, 0) === 0 && n < workerData.limit) {
  insert.run('box' + n, n);
  n++;
}
db.close();
parentPort.postMessage({ commits: n });
`;

describe('amici backup', () => {
  it('finishes while another process keeps writing to the store, and the copy is whole', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-backup-')), 'amici.sqlite');
    const store = new Store(path);
    // A store of a season's mail: ~40 MB, a hundred times the pages one step of the backup copied.
    const created: GameEvent = {
      type: 'created',
      on: '2026-11-01',
      start: { kind: 'standard' },
      white: 'A',
      black: 'B',
      clockStartsOn: '2026-11-01',
    };
    store.createGame('E', '1', created, '2026-11-01T10:00:00Z');
    store.together(() => {
      for (let i = 0; i < 4000; i++)
        store.commitInbound(
          {
            dedupeKey: `k${i}`,
            receivedAt: '2026-11-02T10:00:00Z',
            status: 'ignored',
            raw: Buffer.alloc(10_000, i % 256),
          },
          [],
          [],
          '2026-11-02T10:00:00Z',
        );
    });
    const stop = new SharedArrayBuffer(4);
    const limit = 150_000;
    const writer = new Worker(WRITER, { eval: true, workerData: { path, driver, stop, limit } });
    const commits = new Promise<number>((resolve, reject) => {
      writer.on('message', (m: { commits?: number }) => {
        if (m.commits !== undefined) resolve(m.commits);
      });
      writer.once('error', reject);
    });
    await new Promise<void>((resolve) => writer.once('message', () => resolve()));
    const target = join(mkdtempSync(join(tmpdir(), 'amici-backup-')), 'copy.sqlite');
    const copied = await store.backup(target);
    Atomics.store(new Int32Array(stop), 0, 1);
    // The writer was still at work when the backup ended: it was stopped, it did not run out.
    expect(await commits).toBeLessThan(limit);
    expect(copied).toMatchObject({ games: 1, mails: 4000 });
    const copy = new Database(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    store.close();
  });
});
