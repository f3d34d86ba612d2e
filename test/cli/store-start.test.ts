// What `amici run` does with a state file it cannot use, as an operator meets it: a store the
// daemon's user cannot write (the file, or its folder), a store a newer amici migrated (amici
// rolled back after an upgrade), an older store brought up to date (each step logged), and a
// second config reaching the running daemon's store through a symbolic link. Each refusal is one
// line naming the file and what is wrong, exit status 2, before anything is read or sent.

import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { STORE_VERSION, Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

const BIN = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));

const config = (store: string) => `from: { address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ${store} }
events:
  - name: Club
    tag: CLUB
    td: { name: TD, address: td@club.example }
    timeZone: UTC
    players:
      - { id: w, name: White, addresses: [white@example.org] }
      - { id: b, name: Black, addresses: [black@example.org] }
    games:
      - { id: '1', white: w, black: b, startsOn: ${new Date().toISOString().slice(0, 10)} }
`;

/** A folder others may enter, with a config whose store is `store` (relative to the folder). */
function install(store = './state/amici.sqlite') {
  const dir = mkdtempSync(join(tmpdir(), 'amici-store-start-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'amici.yaml'), config(store));
  for (const d of ['inbox', 'outbox']) {
    mkdirSync(join(dir, d));
    chmodSync(join(dir, d), 0o777); // the daemon's user files mail and writes replies here
  }
  return { dir, file: join(dir, 'amici.yaml') };
}

/**
 * Under root the daemon runs with no capabilities (root with CAP_DAC_OVERRIDE writes any file):
 * still uid 0, so it reads this clone wherever it lies (a CI's clone may sit in a folder only
 * root may enter), while file permissions apply to it as to any user.
 */
const asRoot = process.getuid?.() === 0;

/**
 * `amici ARGS` as a separate process, as the operator's service starts it: under root with every
 * capability dropped (setpriv), so that file permissions apply.
 */
function amici(args: string[], cwd: string): Promise<{ code: number | null; err: string }> {
  const [cmd, ...rest] = asRoot
    ? ['/usr/bin/setpriv', '--inh-caps=-all', '--bounding-set=-all']
    : [];
  const argv = [...rest, process.execPath, BIN, ...args];
  const child = spawn(cmd ?? argv.shift()!, argv, { cwd });
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, err })));
}

/** A state file and its folder the daemon's user may read but not write. */
function readOnly(path: string): void {
  chmodSync(path, 0o555);
}

describe('amici run refuses a state file it cannot use, with one line', () => {
  it('a store file the daemon’s user cannot write: refused at the start, not failing on every mail', async () => {
    const { dir, file } = install();
    // Made by root (or by the operator, then handed over read-only).
    new Store(join(dir, 'state', 'amici.sqlite')).close();
    chmodSync(join(dir, 'state'), 0o777); // the file, not its folder, is what cannot be written
    chmodSync(join(dir, 'state', 'amici.sqlite'), 0o444);
    const r = await amici(['run', '--once', '--config', file], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `^amici: the state file ${join(dir, 'state', 'amici.sqlite')} cannot be written by user \\S+ \\(uid \\d+\\): it belongs to uid \\d+, mode (644|444)\\. Run amici as the user who owns it, or give it to this one \\(chown\\)\\n$`,
      ),
    );
  });

  it('a folder the daemon’s user cannot write (no store yet): one line, not a stack trace of the run lock', async () => {
    const { dir, file } = install();
    mkdirSync(join(dir, 'state'));
    readOnly(join(dir, 'state'));
    const r = await amici(['run', '--once', '--config', file], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `^amici: the folder ${join(dir, 'state')} of the state file ${join(dir, 'state', 'amici.sqlite')} cannot be written by user \\S+ \\(uid \\d+\\): it belongs to uid \\d+, mode [57]?55; SQLite keeps its journal there and amici its run lock\\. Run amici as the user who owns it, or give it to this one \\(chown\\)\\n$`,
      ),
    );
  });

  it('a store a newer amici migrated is refused by every command: its version, ours, and what to do', async () => {
    const { dir, file } = install();
    const path = join(dir, 'state', 'amici.sqlite');
    new Store(path).close();
    const newer = new Database(path);
    newer.pragma(`user_version = ${STORE_VERSION + 1}`);
    newer.close();
    const line = `amici: the state file ${path} is of store version ${STORE_VERSION + 1}, written by a newer amici; this amici knows store versions up to ${STORE_VERSION}. Upgrade amici again, or restore a backup made before the upgrade\n`;
    for (const command of [['run', '--once'], ['games'], ['outbox']]) {
      const r = await runCli([...command, '--config', file]);
      expect(r.code, command.join(' ')).toBe(2);
      expect(r.err, command.join(' ')).toBe(line);
    }
  });

  it('an older store is brought up to date when the daemon starts, each migration logged', async () => {
    const { dir, file } = install('./amici.sqlite');
    // The first schema, as the first release wrote it.
    const old = new Database(join(dir, 'amici.sqlite'));
    old.exec(`CREATE TABLE games (game_key TEXT PRIMARY KEY, event_tag TEXT NOT NULL, game_id TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE inbound (id INTEGER PRIMARY KEY, dedupe_key TEXT NOT NULL UNIQUE, message_id TEXT, received_at TEXT NOT NULL, processed_at TEXT NOT NULL, status TEXT NOT NULL, game_key TEXT, sender TEXT, subject TEXT, note TEXT, raw BLOB NOT NULL);
      CREATE TABLE events (game_key TEXT NOT NULL REFERENCES games(game_key), seq INTEGER NOT NULL, type TEXT NOT NULL, body TEXT NOT NULL, recorded_at TEXT NOT NULL, inbound_id INTEGER REFERENCES inbound(id), PRIMARY KEY (game_key, seq));
      CREATE TABLE outbox (id INTEGER PRIMARY KEY, message_id TEXT NOT NULL UNIQUE, game_key TEXT, kind TEXT NOT NULL, recipients TEXT NOT NULL, sender TEXT NOT NULL, raw BLOB NOT NULL, created_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_try_at TEXT NOT NULL, status TEXT NOT NULL, last_error TEXT, sent_at TEXT, inbound_id INTEGER REFERENCES inbound(id));
      CREATE INDEX outbox_due ON outbox(status, next_try_at);
      CREATE TABLE checkpoints (mailbox TEXT PRIMARY KEY, uid_validity TEXT NOT NULL, last_uid INTEGER NOT NULL);
      PRAGMA user_version = 1;`);
    old.close();
    chmodSync(join(dir, 'amici.sqlite'), 0o666);
    chmodSync(dir, 0o777);
    const r = await amici(['run', '--once', '--config', file], dir);
    expect(r.code, r.err).toBe(0);
    const migrated = r.err
      .split('\n')
      .filter((l) => l.includes('"STORE_MIGRATED"'))
      .map((l) => JSON.parse(l) as { version: number; latest: number; store: string });
    expect(migrated.map((m) => m.version)).toEqual(
      Array.from({ length: STORE_VERSION - 1 }, (_, i) => i + 2),
    );
    expect(migrated.every((m) => m.latest === STORE_VERSION)).toBe(true);
    expect(migrated[0]?.store).toBe(join(dir, 'amici.sqlite'));
    // Logged once: the next start finds the store up to date.
    const again = await amici(['run', '--once', '--config', file], dir);
    expect(again.err).not.toContain('STORE_MIGRATED');
  });
});

describe('one daemon per store, whatever path leads to it', () => {
  it('a second config whose store is a symbolic link to the running daemon’s store finds its lock', async () => {
    const first = install('./amici.sqlite');
    chmodSync(first.dir, 0o777);
    const daemon = spawn(process.execPath, [BIN, 'run', '--config', first.file], {
      cwd: first.dir,
    });
    let log = '';
    daemon.stderr.on('data', (d: Buffer) => {
      log += d.toString();
    });
    const exited = new Promise((resolve) => daemon.on('exit', resolve));
    try {
      for (let i = 0; i < 200 && !log.includes('DAEMON_START'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(log).toContain('DAEMON_START');
      const second = install('./link.sqlite');
      symlinkSync(join(first.dir, 'amici.sqlite'), join(second.dir, 'link.sqlite'));
      const r = await runCli(['run', '--once', '--config', second.file]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        `amici: amici run is already running on ${join(second.dir, 'link.sqlite')} (process ${daemon.pid})`,
      );
      expect(r.err).toContain(`${join(first.dir, 'amici.sqlite')}.lock`);
    } finally {
      daemon.kill('SIGTERM');
      await exited;
    }
  });
});
