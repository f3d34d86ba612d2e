// One `amici run` per state file: a second daemon on the same store and inbox would read the
// same mail at the same time, and SQLite's "database is locked" would count against mail that
// is perfectly good. The lock is a file beside the store holding the daemon's process id; a
// lock whose process is gone (a crash, a power cut) is taken over. Other commands (`td`, `post`,
// `games`) work beside a running daemon and take no lock. The lock is beside the real file: a
// second config that reaches the same store through a symbolic link finds the first's lock.

import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type RunLock =
  | { ok: true; release: () => void }
  /** Another daemon, process `pid`, holds the lock `file`. */
  | { ok: false; pid: number; file: string }
  /** The lock cannot be taken at all (a folder this user cannot write): why, in one line. */
  | { ok: false; error: string };

/**
 * The store's path with every symbolic link resolved (of the file, or of its folder when the
 * file is not made yet): two paths to one store give one lock.
 */
function realStorePath(storePath: string): string {
  if (existsSync(storePath)) return realpathSync(storePath);
  const dir = dirname(storePath);
  return existsSync(dir) ? join(realpathSync(dir), basename(storePath)) : storePath;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Why a lock cannot be made, by the error's code: one line for the operator. */
const CANNOT: Record<string, (uid: number | undefined) => string> = {
  EACCES: (uid) => `this user (uid ${uid}) cannot write its folder`,
  EPERM: (uid) => `this user (uid ${uid}) cannot write its folder`,
  EROFS: () => 'a read-only file system',
  ENOSPC: () => 'the disk is full',
  EDQUOT: (uid) => `the disk quota of this user (uid ${uid}) is used up`,
};

/** Takes the lock of the state file `storePath` (`:memory:` needs none). */
export function acquireRunLock(storePath: string): RunLock {
  if (storePath === ':memory:') return { ok: true, release: () => {} };
  const file = `${realStorePath(storePath)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // The state file's folder is made with the store (a fresh install has none yet).
      mkdirSync(dirname(file), { recursive: true });
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      // Let go only of our own lock (a stale-lock takeover may have replaced it).
      const release = () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // Already gone.
        }
      };
      return { ok: true, release };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code && CANNOT[code];
      if (why) {
        // A lock made but not written (a full disk) is no lock: none is left behind.
        if (code === 'ENOSPC' || code === 'EDQUOT') rmSync(file, { force: true });
        return {
          ok: false,
          error: `the run lock ${file} cannot be made: ${code}, ${why(process.getuid?.())}`,
        };
      }
      if (code !== 'EEXIST') throw e;
      let pid = Number.NaN;
      try {
        pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      } catch {
        // Removed meanwhile: try again.
      }
      // Our own pid in it is a lock from before a restart that gave us the same pid.
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        return { ok: false, pid, file };
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
