// The embedded default inbox: a Maildir (new/ cur/ tmp/). New mail is read from new/ (and cur/
// without our flag, for mail a client already looked at), oldest first; settling moves the file
// into the Maildir++ folder for its outcome (.amici.done, .amici.rejected, .amici.ignored) with
// the Seen flag. Mail is never deleted. waitForMail watches new/ with a bounded poll fallback.

import { watch } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { InboundItem, Inbox, SettleOutcome } from './transport.ts';

const SUBDIRS = ['new', 'cur', 'tmp'] as const;

export async function ensureMaildir(path: string): Promise<void> {
  for (const d of SUBDIRS) await mkdir(join(path, d), { recursive: true });
}

export function folderPath(root: string, outcome: SettleOutcome): string {
  return join(root, `.amici.${outcome}`);
}

export function createMaildirInbox(root: string, options: { pollMs?: number } = {}): Inbox {
  const pollMs = options.pollMs ?? 5_000;
  return {
    name: `maildir ${root}`,
    async *pending() {
      await ensureMaildir(root);
      const files: { dir: string; name: string; mtime: number }[] = [];
      for (const dir of ['new', 'cur'] as const) {
        for (const name of await readdir(join(root, dir))) {
          if (name.startsWith('.')) continue;
          const s = await stat(join(root, dir, name)).catch(() => undefined);
          // An empty file is one still being written by something that did not use tmp/ (a
          // `cp` into new/): its write wakes the watch again, and then it is read whole.
          if (s?.isFile() && s.size > 0) files.push({ dir, name, mtime: s.mtimeMs });
        }
      }
      files.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
      for (const f of files) {
        const raw = await readFile(join(root, f.dir, f.name)).catch(() => undefined);
        if (!raw) continue; // taken by another reader meanwhile
        yield { id: join(f.dir, f.name), raw, receivedAt: new Date(f.mtime).toISOString() };
      }
    },
    async settle(item: InboundItem, outcome: SettleOutcome) {
      const target = folderPath(root, outcome);
      await ensureMaildir(target);
      const base = item.id.split('/').pop()!.split(':2,')[0]!;
      await rename(join(root, item.id), join(target, 'cur', `${base}:2,S`)).catch(
        (e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e; // already filed
        },
      );
    },
    waitForMail(signal: AbortSignal) {
      return new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        let watcher: ReturnType<typeof watch> | undefined;
        const done = () => {
          clearTimeout(timer);
          watcher?.close();
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        try {
          watcher = watch(join(root, 'new'), done);
          watcher.on('error', () => undefined);
        } catch {
          // No watch support: the poll interval will do.
        }
        signal.addEventListener('abort', done);
      });
    },
    async close() {},
  };
}
