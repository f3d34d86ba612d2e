import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));
const CONFIG = `from: { address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
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

describe('amici run', () => {
  it('processes mail as it arrives and stops gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amici-stop-'));
    writeFileSync(join(dir, 'amici.yaml'), CONFIG);
    mkdirSync(join(dir, 'inbox', 'new'), { recursive: true });
    const child = spawn(process.execPath, [BIN, 'run', '--config', join(dir, 'amici.yaml')], {
      cwd: dir,
    });
    let log = '';
    child.stderr.on('data', (d: Buffer) => {
      log += d.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const until = async (ok: () => boolean, what: string) => {
      for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
      if (!ok()) throw new Error(`timed out waiting for ${what}; log:\n${log}`);
    };
    await until(() => log.includes('DAEMON_START'), 'the daemon to start');
    writeFileSync(
      join(dir, 'inbox', 'new', '1.eml'),
      `From: White <white@example.org>\r\nTo: referee@club.example\r\nSubject: [CLUB/1] move\r\nDate: ${new Date().toUTCString()}\r\nMessage-ID: <s1@example.org>\r\nContent-Type: text/plain\r\n\r\n1.e4\r\n`,
    );
    const outbox = join(dir, 'outbox');
    await until(
      () =>
        existsSync(outbox) && readdirSync(outbox).filter((f) => f.endsWith('.eml')).length === 2,
      'the replies',
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('"code":"DAEMON_STOP"');
    expect(log).toContain('"signal":"SIGTERM"');
  });
});
