// Vitest's global set-up: every temp directory the tests make (stores, Maildirs, Dovecot's
// layout, the configs the CLI tests write, those of the processes they spawn) goes under one
// directory for the run, removed when the run ends, so repeated runs do not fill /tmp.
// Node's os.tmpdir() reads TMPDIR, and the workers and child processes inherit it.

import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'amici-test-'));
  // Searchable by others: Dovecot's processes run as an unprivileged user below it.
  chmodSync(root, 0o711);
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
