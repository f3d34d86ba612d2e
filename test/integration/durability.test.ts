// Exactly-once across a power cut (architecture: "a crash anywhere repeats work, never loses
// it"). A killed process is covered by crash-restart.test.ts; a power cut or a kernel crash also
// drops what the OS had not yet written to disk. So the order of the writes that reach the disk
// is the contract: a mail's commit is synced before the mail is filed (moved out of the inbox)
// and before its replies leave; a reply in the pickup directory is synced, file and directory
// entry, before the outbox marks it sent. The test runs the real `amici run --once` under
// strace and reads that order from the system calls themselves.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../../src/cli/demo.ts';

const BIN = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));

const mail = (n: number, from: string, day: number, body: string) =>
  `From: ${from}\r\nTo: referee@demo.example\r\nSubject: [DEMO/1] ruch\r\nDate: ${day} Nov 2026 10:00:00 +0000\r\nMessage-ID: <d${n}@demo.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

type Call = { kind: 'sync'; path: string } | { kind: 'rename'; from: string; to: string };

/**
 * The calls of an `strace -f -y` log in the order they took effect: a sync when it returned
 * (a call another thread interrupted is joined with its "resumed" line), a rename when it began.
 */
function readTrace(log: string): Call[] {
  const calls: Call[] = [];
  const pending = new Map<string, string>();
  for (const line of log.split('\n')) {
    const pid = line.split(' ', 1)[0] ?? '';
    const sync = /\b(?:fsync|fdatasync)\(\d+<([^>]*)>/.exec(line);
    if (sync?.[1] !== undefined) {
      if (line.includes('<unfinished ...>')) pending.set(pid, sync[1]);
      else if (/= 0$/.test(line)) calls.push({ kind: 'sync', path: sync[1] });
      continue;
    }
    if (/<\.\.\. f(?:data)?sync resumed>.*= 0$/.test(line)) {
      const path = pending.get(pid);
      if (path !== undefined) calls.push({ kind: 'sync', path });
      pending.delete(pid);
      continue;
    }
    if (/\brename(?:at2?)?\(/.test(line)) {
      const [from, to] = [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
      if (from !== undefined && to !== undefined) calls.push({ kind: 'rename', from, to });
    }
  }
  return calls;
}

function traceRunOnce(dir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    'strace',
    [
      '-f',
      '-qq',
      '-y',
      '-e',
      'trace=fsync,fdatasync,rename,renameat,renameat2',
      '-o',
      join(dir, 'trace.log'),
      process.execPath,
      BIN,
      'run',
      '--once',
      '--config',
      join(dir, 'amici.yaml'),
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('exactly-once across a power cut: what is on disk comes first', () => {
  it('a commit is synced before its mail is filed; a reply file is synced before it counts as sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-durable-'));
    writeFileSync(join(dir, 'amici.yaml'), DEMO_CONFIG);
    const inbox = join(dir, 'inbox', 'new');
    mkdirSync(inbox, { recursive: true });
    writeFileSync(join(inbox, '1.eml'), mail(1, 'Jan Kowalski <jan@demo.example>', 2, '1.e4'));
    writeFileSync(
      join(inbox, '2.eml'),
      mail(2, 'Petr Novák <petr@demo.example>', 4, '1.5254 5755'),
    );
    writeFileSync(
      join(inbox, '3.eml'),
      mail(3, 'Jan Kowalski <jan@demo.example>', 6, '1...e5 2.Gc4'),
    );

    const run = await traceRunOnce(dir);
    expect(run.stderr).not.toMatch(/"level":50/); // no error logged
    expect(run.code).toBe(0);
    const calls = readTrace(readFileSync(join(dir, 'trace.log'), 'utf8'));

    // Each mail is filed (moved out of inbox/new) only after as many commits are on disk.
    const walSyncs = (before: number) =>
      calls
        .slice(0, before)
        .filter((c) => c.kind === 'sync' && c.path.endsWith('/amici.sqlite-wal')).length;
    const filed = calls.flatMap((c, i) =>
      c.kind === 'rename' && c.from.includes('/inbox/new/') ? [i] : [],
    );
    expect(filed).toHaveLength(3);
    for (const [k, at] of filed.entries()) expect(walSyncs(at)).toBeGreaterThanOrEqual(k + 1);
    expect(readdirSync(inbox)).toEqual([]);

    // Each reply file: its bytes synced before it takes its name, the directory synced after.
    const outbox = join(dir, 'outbox');
    const written = calls.flatMap((c, i) =>
      c.kind === 'rename' && c.to.startsWith(`${outbox}/`) && c.to.endsWith('.eml')
        ? [{ at: i, from: c.from }]
        : [],
    );
    // Jan's move, Petr's reply and Jan's next move: a relay and an acknowledgement each.
    expect(written).toHaveLength(6);
    expect(readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(6);
    for (const { at, from } of written) {
      expect(calls.slice(0, at).some((c) => c.kind === 'sync' && c.path === from)).toBe(true);
      expect(calls.slice(at).some((c) => c.kind === 'sync' && c.path === outbox)).toBe(true);
    }
  }, 120_000);
});
