// The daemon and the TD's commands share one store: `amici run` files mail while the TD runs
// `amici td`, `amici post`, `amici games` or `amici explain` in another process. Neither may
// keep SQLite's write lock while it waits on the network (a DKIM key's DNS lookup, P-2d), and
// each waits for the other's commit (busy_timeout) rather than failing with SQLITE_BUSY.

import dns from 'node:dns';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import type { AmiciConfig } from '../../src/config/schema.ts';
import type { DnsResolver } from '../../src/daemon/authenticate.ts';
import { runOnce } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem, Inbox, SettleOutcome } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';
import { clubConfig } from '../support/config.ts';
import type { DkimDomain } from '../support/dkim.ts';
import { dkimDomain, SELECTOR, signMail } from '../support/dkim.ts';
import { holdWriteLock } from '../support/write-lock.ts';

let x: DkimDomain; // the players' provider
beforeAll(() => {
  x = dkimDomain('x.example');
});

const GAME = (id: string) => ({ id, white: 'jan', black: 'petr', startsOn: '2026-11-02' });

/** An installation on disk: its config file and the config as loaded. */
async function installation(
  games = [GAME('1')],
  authentication: 'dkim' | 'none' = 'none',
): Promise<{ file: string; config: AmiciConfig }> {
  const dir = mkdtempSync(join(tmpdir(), 'amici-lock-'));
  mkdirSync(join(dir, 'in'));
  const raw = clubConfig({
    players: [
      { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
      { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
    ],
    games,
  });
  const file = join(dir, 'amici.yaml');
  writeFileSync(file, JSON.stringify({ ...raw, inbox: { ...raw.inbox, authentication } }));
  const loaded = await loadConfig(file);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return { file, config: loaded.config };
}

/** The daemon's service on the installation's store, its games created as `amici run` does. */
function daemon(config: AmiciConfig, resolver?: DnsResolver) {
  const service = new RefereeService({
    config,
    store: new Store(config.store.path),
    logger: memoryLogger(),
    clock: () => new Date('2026-11-03T09:00:00Z'),
    ...(resolver ? { resolver } : {}),
  });
  service.ensureGames();
  onTestFinished(() => service.store.close());
  return service;
}

let n = 0;
const janMail = (body: string): Buffer =>
  Buffer.from(
    `From: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] move\r\nDate: Tue, 3 Nov 2026 08:00:00 +0000\r\nMessage-ID: <lock${++n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
const item = (raw: Buffer): InboundItem => ({
  id: `m${n}`,
  receivedAt: '2026-11-03T08:00:00Z',
  raw,
});

/** DNS that answers only when `release` is called: a slow or unreachable resolver. */
function slowKeyServer(domain: DkimDomain) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const lookedUp = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const resolver: DnsResolver = async (name, rrtype) => {
    asked();
    await released;
    if (rrtype === 'TXT' && name === `${SELECTOR}._domainkey.${domain.domain}`)
      return [[domain.record]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  return { resolver, lookedUp, release };
}

/** `amici td CLUB/1 pause`: a ruling the TD enters by hand (L-6.10). */
const pause = (file: string) => runCli(['td', 'CLUB/1', 'pause', '--config', file]);

describe('the daemon and the TD’s commands on one store', () => {
  it('P-2d: while a mail’s DKIM key is looked up, the daemon holds no lock: the TD’s ruling entered meanwhile is recorded', async () => {
    const { file, config } = await installation([GAME('1')], 'dkim');
    const keys = slowKeyServer(x);
    const service = daemon(config, keys.resolver);
    const signed = await signMail(janMail('1.e4'), x);
    const filed: SettleOutcome[] = [];
    const inbox: Inbox = {
      name: 'memory',
      async *pending() {
        yield item(signed);
      },
      async settle(_item, outcome) {
        filed.push(outcome);
      },
      waitForMail: async () => {},
      async close() {},
    };
    const sender = {
      name: 'none',
      send: async () => ({ ok: true as const }),
      close: async () => {},
    };
    const run = runOnce({ service, inbox, sender, logger: memoryLogger(), sweep: '0 6 * * *' });
    await keys.lookedUp;
    // The key's lookup hangs; the TD pauses the game from the command line meanwhile.
    const td = await pause(file);
    expect(td.err).toBe('');
    expect(td.code).toBe(0);
    keys.release();
    await run;
    // Jan's move was checked, decided on the game as the TD left it, and filed.
    expect(filed).toEqual(['done']);
    expect(service.store.events('CLUB/1').map((e) => e.type)).toEqual([
      'created',
      'paused',
      'move',
    ]);
  });

  it('L-6.10: amici td run while the daemon files a batch waits for its commit and is recorded, rather than failing with SQLITE_BUSY', async () => {
    const { file, config } = await installation();
    daemon(config);
    const batch = holdWriteLock(config.store.path, 1_000);
    await batch.held;
    const td = await pause(file);
    await batch.released;
    expect(td.err).toBe('');
    expect(td.code).toBe(0);
    expect(td.out).toContain('1 event recorded');
  });

  it('L-6.10: amici td that waits longer than it may for the daemon’s write lock says so in one line, that nothing was recorded and to try again, and fails (was: a SqliteError stack trace)', async () => {
    const { file, config } = await installation();
    daemon(config);
    // The daemon deep in a backlog: it keeps the lock until the test lets it go.
    const batch = holdWriteLock(config.store.path, Number.POSITIVE_INFINITY);
    await batch.held;
    const wait = process.env.AMICI_LOCK_WAIT_SECONDS;
    process.env.AMICI_LOCK_WAIT_SECONDS = '1';
    let td: Awaited<ReturnType<typeof pause>>;
    try {
      td = await pause(file);
    } finally {
      if (wait === undefined) delete process.env.AMICI_LOCK_WAIT_SECONDS;
      else process.env.AMICI_LOCK_WAIT_SECONDS = wait;
      batch.release();
      await batch.released;
    }
    expect(td.code).toBe(1);
    expect(td.out).toBe('');
    expect(td.err.trimEnd().split('\n')).toEqual([
      `amici: the state file ${config.store.path} is busy: another amici process (\`amici run\` filing mail, or another TD's command) kept its write lock for more than 1 s, so this command stopped: nothing after what it printed was recorded. Try again in a moment (AMICI_LOCK_WAIT_SECONDS sets how long a command waits).`,
    ]);
    const store = new Store(config.store.path);
    expect(store.events('CLUB/1').map((e) => e.type)).not.toContain('paused');
    store.close();
    // Tried again, it is recorded.
    expect((await pause(file)).out).toContain('1 event recorded');
  });

  it('an upgraded amici: amici td run as the daemon starts and migrates the store works, and the store is migrated once', async () => {
    const { file, config } = await installation();
    const path = config.store.path;
    daemon(config);
    // The store as the TD's command finds it mid-upgrade: the newest migration's change already
    // made by the daemon, its version's bump to come with the daemon's commit (below).
    const old = new Store(path);
    const latest = old.db.pragma('user_version', { simple: true }) as number;
    old.db.pragma(`user_version = ${latest - 1}`);
    old.close();
    // The daemon, restarted on the new release, migrates the store and commits a moment later.
    const starting = holdWriteLock(path, 1_000, `PRAGMA user_version = ${latest}`);
    await starting.held;
    const td = await pause(file);
    await starting.released;
    expect(td.err).toBe('');
    expect(td.code).toBe(0);
    const store = new Store(path);
    expect(store.db.pragma('user_version', { simple: true })).toBe(latest);
    store.close();
  });

  it('a player’s mail that arrives while the TD’s command is recording is filed once the command is done, not failed and read again', async () => {
    const { config } = await installation();
    const service = daemon(config);
    const reading = await service.readItem(item(janMail('1.e4')));
    const td = holdWriteLock(config.store.path, 1_000);
    await td.held;
    const outcomes = service.decideGroup([reading]);
    await td.released;
    expect(outcomes).toEqual(['done']);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
  });

  it('amici games while the daemon files a batch, with a game the daemon has not yet created: the games are shown, not SQLITE_BUSY', async () => {
    const { file, config } = await installation();
    daemon(config);
    // The TD adds game 2 to the config; the running daemon has not read it again yet.
    const two = await installation([GAME('1'), GAME('2')]);
    writeFileSync(
      file,
      JSON.stringify({
        ...JSON.parse(readConfig(two.file)),
        store: { path: config.store.path },
      }),
    );
    const batch = holdWriteLock(config.store.path, 1_000);
    await batch.held;
    const games = await runCli(['games', '--config', file]);
    await batch.released;
    expect(games.err).toBe('');
    expect(games.out).toContain('CLUB/1');
    expect(games.out).toContain('CLUB/2');
    // Looking wrote nothing: game 2 is the daemon's to create.
    const store = new Store(config.store.path);
    expect(store.hasGame('CLUB/2')).toBe(false);
    store.close();
  });

  it('while amici show prints (to a pager the TD has not scrolled yet), the daemon commits: a command that only looks holds no write lock', async () => {
    const { file, config } = await installation();
    const service = daemon(config);
    const reading = await service.readItem(item(janMail('1.e4')));
    service.store.db.pragma('busy_timeout = 0'); // the daemon's commit must not need to wait
    const outcomes: (SettleOutcome | Error)[] = [];
    const code = await main(['show', 'CLUB/1', '--config', file], {
      out: () => {
        // Jan's move comes in while the command's output waits to be read.
        if (!outcomes.length) outcomes.push(...service.decideGroup([reading]));
      },
      outBytes: () => {},
      err: () => {},
      readStdin: async () => '',
    });
    expect(code).toBe(0);
    expect(outcomes).toEqual(['done']);
  });

  it('P-2d: amici explain of a signed mail keeps no lock while the key is looked up: the TD’s ruling entered meanwhile is recorded', async () => {
    const { file, config } = await installation([GAME('1')], 'dkim');
    daemon(config);
    // A game in the config the store does not hold yet: explain makes it to read the mail
    // against, and undoes it.
    writeFileSync(
      file,
      readConfig(file).replace(
        '"games":[',
        '"games":[{"id":"2","white":"jan","black":"petr","startsOn":"2026-11-02"},',
      ),
    );
    const keys = slowKeyServer(x);
    vi.spyOn(dns.promises, 'resolve').mockImplementation(
      keys.resolver as unknown as typeof dns.promises.resolve,
    );
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const eml = join(file, '..', 'jan.eml');
    writeFileSync(eml, await signMail(janMail('1.e4'), x));
    const explain = runCli(['explain', eml, '--config', file]);
    await keys.lookedUp;
    const td = await pause(file);
    expect(td.err).toBe('');
    expect(td.code).toBe(0);
    keys.release();
    const r = await explain;
    expect(r.err).toBe('');
    expect(r.out).toContain('Sender:   DKIM signature of x.example verified (P-2d)');
  });
});

const readConfig = (file: string): string => readFileSync(file, 'utf8');
