// A real Dovecot 2.3 (IMAP + LMTP) for integration tests, started from a fresh temp directory
// with its own dovecot.conf (no system config), listening on 127.0.0.1 on free ports, with a
// passwd-file of test users sharing one password and Maildirs in the temp directory. It never
// runs as root: under root it is started as an unprivileged user (default `nobody`, or
// AMICI_TEST_DOVECOT_USER) through setpriv; otherwise as the current user.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, connect as netConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type Endpoint = { host: string; port: number };

export type DovecotOptions = {
  /** Login names (email addresses); each gets a Maildir under the temp directory. */
  users: readonly string[];
  password: string;
  /**
   * Also accept OAuth2 logins (XOAUTH2, OAUTHBEARER): Dovecot asks this URL, with the token as
   * `Authorization: Bearer`, whose user it is (its oauth2 passdb, introspection_mode = auth).
   */
  oauth2IntrospectionUrl?: string;
  /** System user to run as when the tests run as root; default AMICI_TEST_DOVECOT_USER or nobody. */
  runAs?: string;
};

export type Dovecot = {
  imap: Endpoint;
  lmtp: Endpoint;
  /** Temp directory holding config, sockets, state, log and mail; removed by stop(). */
  dir: string;
  /** Pid of the Dovecot master; also its process group id (all Dovecot processes share it). */
  pid: number;
  /** The unprivileged user Dovecot runs as. */
  user: { name: string; uid: number; gid: number };
  /** Milliseconds from spawn to both greetings (IMAP `* OK … ready`, LMTP `220`). */
  startupMs: number;
  /** The last lines of Dovecot's log and of its stdout/stderr, for error messages. */
  logTail(lines?: number): string;
  /** Kills every Dovecot process and removes the temp directory. Safe to call twice. */
  stop(): Promise<void>;
};

const HOST = '127.0.0.1';
const DOVECOT_BINARIES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot', '/usr/bin/dovecot'];
const SETPRIV_BINARIES = ['/usr/bin/setpriv', '/bin/setpriv'];
const START_ATTEMPTS = 3;
const READY_TIMEOUT_MS = 10_000;
const READY_POLL_MS = 50;
const STOP_TIMEOUT_MS = 5_000;
// Dovecot may greet with this before its auth process is up; it is not ready yet.
const AUTH_WAIT_GREETING = 'Waiting for authentication';

export async function startDovecot(options: DovecotOptions): Promise<Dovecot> {
  const users = options.users.map((u) => u.toLowerCase());
  for (const user of users) {
    if (!/^[^\s:/]+$/.test(user)) throw new Error(`dovecot: invalid test user name ${user}`);
  }
  if (/[\s:]/.test(options.password))
    throw new Error('dovecot: password must not contain : or space');
  const binary = findDovecot();
  const account = resolveAccount(options.runAs);
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(
        binary,
        account,
        users,
        options.password,
        options.oauth2IntrospectionUrl,
      );
    } catch (error) {
      lastError = error;
      // Another process may take a free port between our probe and Dovecot's bind: retry.
      if (!(error instanceof Error && /address already in use/i.test(error.message))) throw error;
    }
  }
  throw lastError;
}

type Account = { name: string; group: string; uid: number; gid: number; dropFromRoot: boolean };

function resolveAccount(runAs: string | undefined): Account {
  const uid = process.getuid?.();
  if (uid === undefined) throw new Error('dovecot: test servers need a POSIX system');
  if (uid !== 0) {
    const gid = process.getgid?.() ?? uid;
    return { name: userInfo().username, group: idOf(['-gn']), uid, gid, dropFromRoot: false };
  }
  const name = runAs ?? process.env.AMICI_TEST_DOVECOT_USER ?? 'nobody';
  let account: Account;
  try {
    account = {
      name,
      group: idOf(['-gn', name]),
      uid: Number(idOf(['-u', name])),
      gid: Number(idOf(['-g', name])),
      dropFromRoot: true,
    };
  } catch (error) {
    throw new Error(`dovecot: cannot look up user ${name} to run Dovecot as`, { cause: error });
  }
  if (account.uid === 0) throw new Error(`dovecot: refusing to run Dovecot as root (user ${name})`);
  return account;
}

function idOf(args: string[]): string {
  return execFileSync('id', args, { encoding: 'utf8' }).trim();
}

function findDovecot(): string {
  const candidates = [process.env.AMICI_DOVECOT_BIN, ...DOVECOT_BINARIES];
  for (const candidate of candidates) {
    if (candidate !== undefined && candidate !== '' && existsSync(candidate)) return candidate;
  }
  throw new Error(
    'dovecot: binary not found (looked in ' +
      DOVECOT_BINARIES.join(', ') +
      '); install the Debian packages dovecot-imapd dovecot-lmtpd with `bash scripts/setup.sh`',
  );
}

/**
 * The command that runs Dovecot: through setpriv, which drops root when needed and sets a
 * parent-death signal so that Dovecot stops even if the test process is killed outright.
 */
function launcher(account: Account): string[] {
  const setpriv = SETPRIV_BINARIES.find((p) => existsSync(p));
  if (setpriv === undefined) {
    if (account.dropFromRoot)
      throw new Error('dovecot: setpriv (util-linux) is needed to drop root');
    return [];
  }
  const drop = account.dropFromRoot
    ? [`--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups']
    : [];
  return [setpriv, ...drop, '--pdeathsig', 'SIGTERM'];
}

async function startOnce(
  binary: string,
  account: Account,
  users: readonly string[],
  password: string,
  oauth2Url: string | undefined,
): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'amici-dovecot-'));
  const output: string[] = [];
  const logTail = (lines = 30): string => {
    const log = readTail(join(dir, 'dovecot.log'), lines);
    const out = output.join('').trimEnd().split('\n').slice(-lines).join('\n');
    return [log && `--- dovecot.log\n${log}`, out && `--- dovecot stdout/stderr\n${out}`]
      .filter(Boolean)
      .join('\n');
  };
  let master: Master | undefined;
  try {
    if (account.dropFromRoot) assertReachableBy(dir, account.name);
    const [imapPort = 0, lmtpPort = 0] = await freePorts(2);
    await writeLayout(dir, account, users, password, imapPort, lmtpPort, oauth2Url);
    const dovecotArgs = [binary, '-F', '-c', join(dir, 'dovecot.conf')];
    const started = performance.now();
    master = await spawnMaster([...launcher(account), ...dovecotArgs], dir, output);
    const imap = { host: HOST, port: imapPort };
    const lmtp = { host: HOST, port: lmtpPort };
    await waitUntilReady(master, imap, lmtp);
    const startupMs = Math.round(performance.now() - started);
    const running = master;
    let stopped: Promise<void> | undefined;
    const stop = (): Promise<void> => {
      stopped ??= (async () => {
        await terminate(running);
        await rm(dir, { recursive: true, force: true });
      })();
      return stopped;
    };
    return {
      imap,
      lmtp,
      dir,
      pid: running.pid,
      user: { name: account.name, uid: account.uid, gid: account.gid },
      startupMs,
      logTail,
      stop,
    };
  } catch (error) {
    const tail = logTail();
    if (master) await terminate(master).catch(() => {});
    await rm(dir, { recursive: true, force: true });
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`dovecot: failed to start: ${message}\n${tail}`, { cause: error });
  }
}

/** The Dovecot master process; it leads a process group holding all Dovecot processes. */
type Master = {
  pid: number;
  child: ChildProcess;
  exited: Promise<void>;
  forgetOnExit: () => void;
};

async function spawnMaster(argv: string[], dir: string, output: string[]): Promise<Master> {
  // setpriv execs Dovecot, so the pid is the master's; detached makes it a group leader.
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', HOME: dir, LANG: 'C' },
  });
  child.stdout?.setEncoding('utf8').on('data', (s: string) => output.push(s));
  child.stderr?.setEncoding('utf8').on('data', (s: string) => output.push(s));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = await new Promise<number>((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid!));
    child.once('error', reject);
  });
  // If the test process dies without stop(), take Dovecot with it.
  const killOnExit = (): void => signalGroup(pid, 'SIGKILL');
  process.once('exit', killOnExit);
  return { pid, child, exited, forgetOnExit: () => process.off('exit', killOnExit) };
}

async function writeLayout(
  dir: string,
  account: Account,
  users: readonly string[],
  password: string,
  imapPort: number,
  lmtpPort: number,
  oauth2Url: string | undefined,
): Promise<void> {
  for (const sub of ['run', 'state', 'home']) await mkdir(join(dir, sub), { mode: 0o700 });
  const passwd = users
    .map(
      (u) => `${u}:{PLAIN}${password}:${account.uid}:${account.gid}::${join(dir, 'home', u)}::\n`,
    )
    .join('');
  await writeFile(join(dir, 'users'), passwd, { mode: 0o600 });
  if (oauth2Url !== undefined) {
    // Dovecot 2.3's oauth2 passdb; the user is the `email` the URL answers with.
    const conf = `introspection_mode = auth\nintrospection_url = ${oauth2Url}\nusername_attribute = email\n`;
    await writeFile(join(dir, 'oauth2.conf.ext'), conf, { mode: 0o600 });
  }
  const conf = dovecotConf(dir, account, imapPort, lmtpPort, oauth2Url !== undefined);
  await writeFile(join(dir, 'dovecot.conf'), conf, {
    mode: 0o600,
  });
  if (account.dropFromRoot) {
    for (const path of [dir, ...(await readdir(dir)).map((name) => join(dir, name))]) {
      await chown(path, account.uid, account.gid);
    }
  }
}

// Setting names from Dovecot 2.3's HowTo/Rootless, LMTP and passwd-file documentation.
function dovecotConf(
  dir: string,
  account: Account,
  imapPort: number,
  lmtpPort: number,
  oauth2: boolean,
): string {
  return `# Generated by test/support/dovecot.ts; no system configuration is read.
protocols = imap lmtp
listen = ${HOST}
base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'state')}
log_path = ${join(dir, 'dovecot.log')}
info_log_path = ${join(dir, 'dovecot.log')}
default_internal_user = ${account.name}
default_internal_group = ${account.group}
default_login_user = ${account.name}
first_valid_uid = ${account.uid}
last_valid_uid = ${account.uid}
first_valid_gid = ${account.gid}
last_valid_gid = ${account.gid}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
auth_verbose = yes
mail_location = maildir:~/Maildir
mail_fsync = never
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u ${join(dir, 'users')}
}${
    oauth2
      ? `
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${join(dir, 'oauth2.conf.ext')}
}`
      : ''
  }
userdb {
  driver = passwd-file
  args = username_format=%u ${join(dir, 'users')}
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
  inet_listener imap {
    address = ${HOST}
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = ${HOST}
    port = ${lmtpPort}
  }
}
`;
}

/** The unprivileged user must be able to traverse every parent of the temp directory. */
function assertReachableBy(dir: string, user: string): void {
  for (let p = dirname(dir); ; p = dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) {
      throw new Error(
        `${p} is not searchable by others, so ${user} cannot reach ${dir}; set TMPDIR to a ` +
          'world-searchable directory such as /tmp',
      );
    }
    if (dirname(p) === p) return;
  }
}

export async function freePorts(count: number): Promise<number[]> {
  // Hold all probes open together so the ports differ from each other.
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, HOST, resolve);
      });
      return server;
    }),
  );
  const ports = servers.map((s) => {
    const address = s.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

async function waitUntilReady(master: Master, imap: Endpoint, lmtp: Endpoint): Promise<void> {
  const { child } = master;
  const deadline = performance.now() + READY_TIMEOUT_MS;
  const maxPolls = Math.ceil(READY_TIMEOUT_MS / READY_POLL_MS);
  const ready = { imap: false, lmtp: false };
  let lastProblem = 'no attempt made';
  for (let poll = 0; poll < maxPolls && performance.now() < deadline; poll++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Dovecot exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      if (!ready.imap) {
        await readGreeting(imap, (l) => l.startsWith('* OK') && !l.includes(AUTH_WAIT_GREETING));
        ready.imap = true;
      }
      if (!ready.lmtp) {
        await readGreeting(lmtp, (l) => l.startsWith('220 '));
        ready.lmtp = true;
      }
      return;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(READY_POLL_MS);
  }
  throw new Error(`Dovecot not ready after ${READY_TIMEOUT_MS} ms (last: ${lastProblem})`);
}

/** Connects, reads lines until one is accepted, then closes. Rejects on error or after 2 s. */
export function readGreeting(
  endpoint: Endpoint,
  accept: (line: string) => boolean,
  timeoutMs = 2_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(endpoint.port, endpoint.host);
    let buffered = '';
    const finish = (error: Error | undefined, line?: string): void => {
      socket.destroy();
      if (error) reject(error);
      else resolve(line!);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => finish(new Error(`no greeting on port ${endpoint.port}`)));
    socket.on('error', (e) => finish(e));
    socket.on('close', () => finish(new Error(`port ${endpoint.port} closed: ${buffered.trim()}`)));
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (const line of buffered.split('\r\n').slice(0, -1)) {
        if (accept(line)) return finish(undefined, line);
      }
    });
  });
}

async function terminate(master: Master): Promise<void> {
  const { child, pid } = master;
  if (child.exitCode === null && child.signalCode === null) {
    // Like systemd's default KillMode: SIGTERM to every process of the group. Signalling the
    // master alone also works, but it then waits about a second for its log process.
    signalGroup(pid, 'SIGTERM');
    const timedOut = await Promise.race([
      master.exited.then(() => false),
      sleep(STOP_TIMEOUT_MS).then(() => true),
    ]);
    if (timedOut) signalGroup(pid, 'SIGKILL');
  }
  // Make sure no child survives the master (zombies waiting for init do not count).
  const maxPolls = Math.ceil(STOP_TIMEOUT_MS / READY_POLL_MS);
  for (let poll = 0; poll < maxPolls && processGroupAlive(pid); poll++) {
    if (poll === 20) signalGroup(pid, 'SIGKILL');
    await sleep(READY_POLL_MS);
  }
  if (processGroupAlive(pid)) throw new Error(`dovecot: process group ${pid} survived SIGKILL`);
  master.forgetOnExit();
}

/** Signals one process (pid > 0) or a whole process group (pid < 0), ignoring ESRCH. */
function sendSignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  sendSignal(-pgid, signal);
}

/**
 * True while a live (not zombie) process belongs to the process group `pgid`. Children that
 * outlive the master are reparented to init, which may reap them late, so zombies are skipped.
 */
export function processGroupAlive(pgid: number): boolean {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // Fields after "pid (comm) ": state ppid pgrp …; comm may contain spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

function readTail(path: string, lines: number): string {
  try {
    accessSync(path, constants.R_OK);
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
