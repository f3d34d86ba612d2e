// Another process at work on the store: a worker thread with its own SQLite connection that
// takes the write lock (BEGIN IMMEDIATE), as the daemon does while it files a batch of mail or
// `amici td` while it records a ruling, runs `sql` (if given) and keeps the lock for `holdMs`
// (or until `release` is called) before it commits. The worker
// runs beside the test's thread, so a connection of the test that waits for the lock (its
// busy_timeout) sees it released; one that does not wait fails with SQLITE_BUSY.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

const HOLDER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
if (workerData.sql) db.exec(workerData.sql);
parentPort.postMessage('held');
Atomics.wait(new Int32Array(workerData.release), 0, 0, workerData.holdMs);
db.exec('COMMIT');
db.close();
`;

/**
 * Takes the write lock of the database at `path`; `held` resolves once it has it. It keeps it
 * `holdMs`, or until `release()` with Infinity.
 */
export function holdWriteLock(path: string, holdMs: number, sql = '') {
  const release = new SharedArrayBuffer(4);
  const worker = new Worker(HOLDER, {
    eval: true,
    workerData: { path, holdMs, sql, driver, release },
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const held = Promise.race([
    new Promise<void>((resolve) => worker.once('message', () => resolve())),
    failed,
  ]);
  const released = Promise.race([
    new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    failed,
  ]);
  return {
    held,
    released,
    release: () => {
      const flag = new Int32Array(release);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    },
  };
}
