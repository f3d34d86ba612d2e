import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
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

/** `amici run` on a Maildir and a pickup directory in a new temp dir, as a TD starts it. */
function startDaemon(config = CONFIG) {
  const dir = mkdtempSync(join(tmpdir(), 'amici-run-'));
  writeFileSync(join(dir, 'amici.yaml'), config);
  mkdirSync(join(dir, 'inbox', 'new'), { recursive: true });
  mkdirSync(join(dir, 'inbox', 'tmp'), { recursive: true });
  const child = spawn(process.execPath, [BIN, 'run', '--config', join(dir, 'amici.yaml')], {
    cwd: dir,
  });
  let log = '';
  child.stderr.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = async (ok: () => boolean, what: string) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!ok()) throw new Error(`timed out waiting for ${what}; log:\n${log}`);
  };
  const outbox = join(dir, 'outbox');
  const sent = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => readFileSync(join(outbox, f), 'utf8'))
      : [];
  let n = 0;
  // As a delivery agent does: written in tmp/, then renamed into new/, so the daemon watching
  // new/ never reads a file half written.
  const deliver = (from: string, body: string) => {
    const name = `${++n}.eml`;
    writeFileSync(
      join(dir, 'inbox', 'tmp', name),
      `From: ${from}\r\nTo: referee@club.example\r\nSubject: [CLUB/1] move\r\nDate: ${new Date().toUTCString()}\r\nMessage-ID: <s${n}@example.org>\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`,
    );
    renameSync(join(dir, 'inbox', 'tmp', name), join(dir, 'inbox', 'new', name));
  };
  const isStart = (m: string) => m.includes('X-Amici-Kind: game-started');
  // The start notices of the games (sent at the first sweep), and everything else.
  const starts = () => sent().filter(isStart);
  const replies = () => sent().filter((m) => !isStart(m));
  return { dir, child, exited, until, sent, starts, replies, deliver, log: () => log };
}

describe('amici run', () => {
  it('processes mail as it arrives and stops gracefully on SIGTERM', async () => {
    const d = startDaemon();
    await d.until(() => d.log().includes('DAEMON_START'), 'the daemon to start');
    // The game starts today: both players are told, White that the first move is theirs.
    await d.until(() => d.starts().length === 2, 'the start notices');
    const toWhite = d.starts().find((m) => /^To: white@example\.org/m.test(m));
    expect(toWhite).toContain('You move first');
    d.deliver('White <white@example.org>', '1.e4');
    await d.until(() => d.replies().length === 2, 'the replies');
    d.child.kill('SIGTERM');
    expect(await d.exited).toBe(0);
    // One line for one stop: the signal and what was done.
    const stops = d
      .log()
      .split('\n')
      .filter((l) => l.includes('"code":"DAEMON_STOP"'));
    expect(stops).toHaveLength(1);
    expect(JSON.parse(stops[0]!)).toMatchObject({ signal: 'SIGTERM', processed: 1 });
  });

  it('P-5c: a player writes from a new address, the TD adds it and sends SIGHUP, the move is played; a broken or restart-only edit is refused', async () => {
    const d = startDaemon();
    const file = join(d.dir, 'amici.yaml');
    await d.until(() => d.log().includes('DAEMON_START'), 'the daemon to start');
    const count = (code: string) => d.log().split(`"code":"${code}"`).length - 1;
    d.deliver('White <white@example.org>', '1.e4');
    await d.until(() => d.replies().length === 2, 'the replies to White');

    // Black answers from an address amici does not know: nothing is played; Black is told why
    // and the TD gets the mail.
    d.deliver('Black <black@new.example>', '1.e4 e5');
    await d.until(() => d.replies().length === 4, 'the answer to the unknown address');
    expect(d.log()).toContain('"code":"INBOUND_UNKNOWN_ADDRESS"');
    expect(d.replies().filter((m) => /^To: .*black@new\.example/m.test(m))).toHaveLength(1);
    expect(d.replies().some((m) => /^To: td@club\.example/m.test(m) && m.includes('P-5c'))).toBe(
      true,
    );

    // The TD gives Black the new address, adds a late entrant with a game, and sends SIGHUP.
    writeFileSync(
      file,
      CONFIG.replace('black@example.org', 'black@new.example')
        .replace(
          '      - { id: b, name: Black, addresses: [black@new.example] }\n',
          '      - { id: b, name: Black, addresses: [black@new.example] }\n      - { id: c, name: Late, addresses: [late@example.org] }\n',
        )
        .replace(
          /(games:\n.*\n)/,
          "$1      - { id: '2', white: c, black: w, startsOn: 2026-11-22 }\n",
        ),
    );
    d.child.kill('SIGHUP');
    await d.until(() => count('CONFIG_RELOADED') === 1, 'the reload');
    expect(d.log()).toMatch(/"code":"CONFIG_RELOADED".*"players":3,"games":2,"created":1/);
    expect(d.log()).toContain('"code":"GAME_CREATED","game":"CLUB/2"');
    // The late entrant's game has started: both its players are told at once.
    const announced = () => d.starts().filter((m) => m.includes('[CLUB/2]'));
    await d.until(() => announced().length === 2, 'the new game announced');
    expect(announced().filter((m) => /^To: late@example\.org/m.test(m))).toHaveLength(1);

    // Black sends the move again from the new address: played, relayed to White, acknowledged.
    d.deliver('Black <black@new.example>', '1.e4 e5');
    await d.until(() => d.replies().length === 6, 'the replies to Black');
    expect(d.log()).toMatch(/"code":"INBOUND_PROCESSED".*"side":"black","status":"done"/);

    // A file that does not validate: refused, with the path of the error; the daemon goes on.
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('td@club.example', 'not-an-address'));
    d.child.kill('SIGHUP');
    await d.until(() => count('CONFIG_INVALID') === 1, 'the refusal');
    expect(d.log()).toContain('events[0].td.address: expected an email address');
    // Moving the store needs a restart: refused, nothing of the file applied.
    writeFileSync(
      file,
      good.replace('./amici.sqlite', './other.sqlite').replace('black@new.example', 'x@y.example'),
    );
    d.child.kill('SIGHUP');
    await d.until(() => count('CONFIG_NEEDS_RESTART') === 1, 'the restart notice');
    expect(d.log()).toMatch(/"code":"CONFIG_NEEDS_RESTART".*"changed":\["store"\]/);

    d.deliver('White <white@example.org>', '1...e5 2.Nf3');
    await d.until(() => d.replies().length === 8, 'the replies under the configuration in force');
    // Black's mail: the unknown-address answer, the acknowledgement, then the relay of 2.Nf3.
    expect(d.replies().filter((m) => /^To: .*black@new\.example/m.test(m))).toHaveLength(3);
    d.child.kill('SIGTERM');
    expect(await d.exited).toBe(0);
  });

  it('P-2m: a player by post with no postalAddress is logged at the start and at a reload, as check-config warns', async () => {
    const byPost = CONFIG.replace(
      '{ id: b, name: Black, addresses: [black@example.org] }',
      '{ id: b, name: Black, addresses: [black@example.org], post: true }',
    );
    const d = startDaemon(byPost);
    const file = join(d.dir, 'amici.yaml');
    const gaps = () =>
      d
        .log()
        .split('\n')
        .filter((l) => l.includes('"code":"CONFIG_NO_POSTAL_ADDRESS"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    await d.until(() => d.log().includes('DAEMON_START'), 'the daemon to start');
    expect(gaps()).toMatchObject([
      {
        level: 40,
        event: 'CLUB',
        player: 'b',
        warning: expect.stringContaining(
          'player b (Black) of event CLUB plays by post (post: true) and has no postalAddress',
        ),
      },
    ]);
    // The TD adds Black's address, and White plays by post from now on, with none: the reload
    // names White, and Black no more.
    writeFileSync(
      file,
      byPost
        .replace('post: true }', 'post: true, postalAddress: "Dlouhá 5, Praha" }')
        .replace(
          '{ id: w, name: White, addresses: [white@example.org] }',
          '{ id: w, name: White, addresses: [white@example.org], post: true }',
        ),
    );
    d.child.kill('SIGHUP');
    await d.until(() => d.log().includes('CONFIG_RELOADED'), 'the reload');
    expect(gaps().map((g) => g.player)).toEqual(['b', 'w']);
    d.child.kill('SIGTERM');
    expect(await d.exited).toBe(0);
  });
});
