// The daemon against a real Dovecot (issue 5): (a) a backlog of move mails across many games,
// APPENDed to the referee's INBOX and processed end to end by runDaemon — IMAP fetch, parse,
// check the DKIM signature, decide, compose (board PNG, MIME), commit, file the message on the server — divided by the
// floor, UID FETCH of the same messages plus mailparser, timed in the same run (the median of
// three reads; target ≤ 1.5×);
// and until the SMTP sink (its own process, like a real relay) has accepted every reply;
// (b) the latency from the APPEND of a move to the SMTP sink accepting its relay to the
// opponent, with the daemon waiting in IDLE (target p50 < 1 s).
// The games are seeded random legal games played by two players each, who send correct
// transmissions (repetition + own move) in their own notation (numeric, SAN, LAN, German SAN);
// about 2% of the games have one transmission without the repetition, returned, then corrected.
// Default size 2,000 mails / 200 games; AMICI_BENCH_FULL=1 gives 10,000 mails / 1,000 games.

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import type { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { Notation } from '../src/chess/index.ts';
import { writeMove } from '../src/chess/index.ts';
import { openTransports } from '../src/cli/context.ts';
import { validateConfig } from '../src/config/load-config.ts';
import { runDaemon } from '../src/daemon/daemon.ts';
import type { Logger } from '../src/daemon/log.ts';
import { RefereeService } from '../src/daemon/referee-service.ts';
import type { Inbox, Sender } from '../src/daemon/transport.ts';
import { Store } from '../src/store/store.ts';
import type { DkimDomain } from '../test/support/dkim.ts';
import { dkimDomain, keyServer, signMail } from '../test/support/dkim.ts';
import type { MailServers } from '../test/support/mail-servers.ts';
import { startMailServers } from '../test/support/mail-servers.ts';
import type { BenchReport } from './support.ts';
import { mulberry32 } from './support.ts';

const FULL = process.env.AMICI_BENCH_FULL === '1';
const GAMES = Number(process.env.AMICI_BENCH_GAMES) || (FULL ? 1_000 : 200);
const MAILS_PER_GAME = 10;
const LATENCY_GAMES = 10;
const LATENCY_MOVES = 100;
const RATIO_TARGET = 1.5;
const P50_TARGET_MS = 1_000;
/** Every wait is bounded: the backlog, one latency sample, the whole set-up. */
const BACKLOG_TIMEOUT_MS = 30 * 60_000;
const SAMPLE_TIMEOUT_MS = 15_000;
const APPEND_CONNECTIONS = 4;
const FLOOR_RUNS = 3;
/** AMICI_BENCH_PROFILE=FILE.cpuprofile: a CPU profile of this process over the backlog alone. */
const PROFILE = process.env.AMICI_BENCH_PROFILE;

const REFEREE = 'referee@amici.test';
const TD = 'td@amici.test';
const TAG = 'BENCH';
const PLIES = MAILS_PER_GAME + LATENCY_MOVES / LATENCY_GAMES; // backlog, then IDLE samples

interface PlayerSpec {
  id: string;
  name: string;
  address: string;
  config: string; // notation in the config
  notation: Notation; // how they write
}

interface GameSpec {
  id: string;
  white: PlayerSpec;
  black: PlayerSpec;
  /** The transmissions, in order; `bad` ones lack the repetition (returned, P-4d). */
  mails: { from: PlayerSpec; body: string; bad: boolean }[];
}

const NOTATIONS: { config: string; notation: Notation; weight: number }[] = [
  { config: 'numeric', notation: { kind: 'numeric' }, weight: 0.35 },
  { config: 'san', notation: { kind: 'san', lang: 'en' }, weight: 0.4 },
  { config: 'lan', notation: { kind: 'lan', lang: 'en' }, weight: 0.1 },
  { config: 'san:de', notation: { kind: 'san', lang: 'de' }, weight: 0.15 },
];

function pickNotation(rand: () => number): (typeof NOTATIONS)[number] {
  let r = rand();
  for (const n of NOTATIONS) {
    r -= n.weight;
    if (r < 0) return n;
  }
  return NOTATIONS[0]!;
}

/** A random legal game of `plies` moves that does not end on the way; each move in both notations. */
function randomGame(plies: number, rand: () => number): { pos: Chess; move: NormalMove }[] {
  for (;;) {
    const pos = Chess.default();
    const out: { pos: Chess; move: NormalMove }[] = [];
    while (out.length < plies && !pos.isEnd()) {
      const legal: NormalMove[] = [];
      for (const [from, dests] of pos.allDests()) for (const to of dests) legal.push({ from, to });
      // Prefer developing moves now and then, so games look less like noise.
      const m = legal[Math.floor(rand() * legal.length)]!;
      const move =
        pos.board.get(m.from)?.role === 'pawn' && (m.to >> 3 === 0 || m.to >> 3 === 7)
          ? { ...m, promotion: 'queen' as const }
          : m;
      out.push({ pos: pos.clone(), move });
      pos.play(move);
    }
    if (out.length === plies && !pos.isEnd()) return out;
  }
}

/** "7...Nf6 8.Bd3": the opponent's last move repeated, then one's own, numbered. */
function transmission(
  plies: { pos: Chess; move: NormalMove }[],
  i: number,
  notation: Notation,
  withRepetition: boolean,
): string {
  const num = (k: number) => Math.floor(k / 2) + 1;
  const own = writeMove(plies[i]!.pos, plies[i]!.move, notation);
  const ownText = i % 2 === 0 ? `${num(i)}.${own}` : `${num(i)}...${own}`;
  if (i === 0 || !withRepetition) return ownText;
  const prev = writeMove(plies[i - 1]!.pos, plies[i - 1]!.move, notation);
  return i % 2 === 0 ? `${num(i - 1)}...${prev} ${ownText}` : `${num(i - 1)}.${prev} ${own}`;
}

const GREETINGS = ['', 'Hello,\n\n', 'Dear friend,\n\n', 'Hi!\n\n', 'Good day,\n\n'];
const CLOSINGS = ['', '\n\nBest regards', '\n\nThanks for the game', '\n\nCheers'];

function makeGames(count: number, rand: () => number): GameSpec[] {
  const games: GameSpec[] = [];
  for (let g = 0; g < count; g++) {
    const player = (k: number): PlayerSpec => {
      const n = pickNotation(rand);
      const id = `p${String(2 * g + k + 1).padStart(4, '0')}`;
      return {
        id,
        name: `Player ${id.slice(1)}`,
        address: `${id}@players.test`,
        config: n.config,
        notation: n.notation,
      };
    };
    const white = player(0);
    const black = player(1);
    const plies = randomGame(PLIES, rand);
    // Some games in the backlog have one transmission without the repetition, then the fix.
    const badAt = g >= LATENCY_GAMES && rand() < 0.02 ? 1 + Math.floor(rand() * 7) : -1;
    const mails: GameSpec['mails'] = [];
    for (let i = 0; i < PLIES; i++) {
      const from = i % 2 === 0 ? white : black;
      const wrap = (body: string) =>
        `${GREETINGS[Math.floor(rand() * GREETINGS.length)]}${body}${CLOSINGS[Math.floor(rand() * CLOSINGS.length)]}\n${from.name}\n`;
      if (i === badAt)
        mails.push({ from, body: wrap(transmission(plies, i, from.notation, false)), bad: true });
      mails.push({ from, body: wrap(transmission(plies, i, from.notation, true)), bad: false });
    }
    // The backlog takes exactly MAILS_PER_GAME mails; what follows is for the IDLE samples.
    if (badAt >= 0) mails.splice(MAILS_PER_GAME, 1);
    games.push({ id: String(g + 1), white, black, mails });
  }
  return games;
}

/**
 * The players' provider: it signs every mail they send (DKIM, RSA 2048, as the big providers
 * do), and amici checks each signature as an IMAP inbox does by default (P-2d).
 */
const PROVIDER: DkimDomain = dkimDomain('players.test');

/** A player's mail as their provider sends it: signed. */
async function signedMail(game: GameSpec, index: number, date: Date): Promise<Buffer> {
  return signMail(Buffer.from(rawMail(game, index, date)), PROVIDER);
}

function rawMail(game: GameSpec, index: number, date: Date): string {
  const m = game.mails[index]!;
  return [
    `From: ${m.from.name} <${m.from.address}>`,
    `To: amici referee <${REFEREE}>`,
    `Subject: Re: [${TAG}/${game.id}] ${game.white.name} - ${game.black.name}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <g${game.id}.m${index}.${date.getTime()}@players.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.body,
  ]
    .join('\r\n')
    .replace(/(?<!\r)\n/g, '\r\n');
}

interface Sink {
  port: number;
  /** Messages accepted so far, and when the last one was (Date.now() of the sink). */
  count(): Promise<{ n: number; lastAt: number }>;
  /** While on, `onRelay` hears of each relayed move accepted. */
  watch(on: boolean): void;
  onRelay: (to: string[]) => void;
  stop(): Promise<void>;
}

/** The SMTP sink (smtp-sink.ts) in a child process: accepts, counts and discards. */
async function startSink(): Promise<Sink> {
  const child = fork(new URL('./smtp-sink.ts', import.meta.url), { stdio: 'inherit' });
  let counted: ((c: { n: number; lastAt: number }) => void) | undefined;
  const sink: Sink = {
    port: 0,
    count: () =>
      new Promise((resolve) => {
        counted = resolve;
        child.send({ type: 'count' });
      }),
    watch: (on) => child.send({ type: 'watch', on }),
    onRelay: () => {},
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench: the SMTP sink exited (${code})`)));
    child.on(
      'message',
      (m: { type: string; port?: number; n?: number; lastAt?: number; to?: string[] }) => {
        if (m.type === 'ready') {
          sink.port = m.port ?? 0;
          resolve();
        } else if (m.type === 'count') counted?.({ n: m.n ?? 0, lastAt: m.lastAt ?? 0 });
        else if (m.type === 'relay') sink.onRelay(m.to ?? []);
      },
    );
  });
  await ready;
  return sink;
}

/** Counts the log codes the daemon writes; keeps no lines (30,000 of them otherwise). */
function countingLogger(): Logger & { counts: Map<string, number>; errors: string[] } {
  const counts = new Map<string, number>();
  const errors: string[] = [];
  const at = (level: string) => (fields: Record<string, unknown>) => {
    const code = String(fields.code);
    counts.set(code, (counts.get(code) ?? 0) + 1);
    if (level === 'error' || (level === 'warn' && errors.length < 20))
      errors.push(`${level} ${code} ${JSON.stringify(fields).slice(0, 300)}`);
  };
  return { counts, errors, info: at('info'), warn: at('warn'), error: at('error'), debug() {} };
}

/** Time spent inside each wrapped function, in ms. */
class Stages {
  readonly ms = new Map<string, number>();
  add(name: string, ms: number): void {
    this.ms.set(name, (this.ms.get(name) ?? 0) + ms);
  }
  wrap<A extends unknown[], R>(
    name: string,
    fn: (...args: A) => Promise<R> | R,
  ): (...args: A) => Promise<R> | R {
    return (...args: A) => {
      const t0 = performance.now();
      const r = fn(...args);
      if (r instanceof Promise) return r.finally(() => this.add(name, performance.now() - t0));
      this.add(name, performance.now() - t0);
      return r;
    };
  }
}

/** Puts the i-th mail of every game into INBOX, round by round, a few connections at once. */
async function appendRounds(
  servers: MailServers,
  games: GameSpec[],
  rounds: number,
): Promise<number> {
  const clients: ImapFlow[] = [];
  for (let i = 0; i < APPEND_CONNECTIONS; i++) clients.push(await servers.connect(REFEREE));
  let appended = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const date = new Date();
      // Within a round every game has one mail: the order between games does not matter.
      await Promise.all(
        clients.map(async (client, c) => {
          for (let g = c; g < games.length; g += clients.length) {
            const result = await client.append('INBOX', await signedMail(games[g]!, r, date));
            if (result === false) throw new Error('bench: APPEND failed');
            appended++;
          }
        }),
      );
    }
  } finally {
    for (const c of clients) await c.logout().catch(() => c.close());
  }
  return appended;
}

/** The floor: UID FETCH of every message's source, each parsed by mailparser. */
async function floor(servers: MailServers, expected: number): Promise<number> {
  const client = await servers.connect(REFEREE);
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const t0 = performance.now();
      let parsed = 0;
      for await (const m of client.fetch('1:*', { uid: true, source: true }, { uid: true })) {
        if (m.source) {
          await simpleParser(m.source);
          parsed++;
        }
      }
      const ms = performance.now() - t0;
      if (parsed !== expected) throw new Error(`bench: floor read ${parsed} of ${expected}`);
      return ms;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;

export async function benchDaemon(): Promise<BenchReport> {
  const wallStart = performance.now();
  const rand = mulberry32(5);
  const games = makeGames(GAMES, rand);
  const backlog = GAMES * MAILS_PER_GAME;
  const servers = await startMailServers({ users: [REFEREE, TD] });
  const dir = mkdtempSync(join(tmpdir(), 'amici-bench-'));
  const stages = new Stages();

  // The SMTP sink: counts the mail, and resolves the IDLE samples' waiters.
  const waiters = new Map<string, (at: number) => void>();
  const sink = await startSink();
  sink.onRelay = (to) => {
    const at = performance.now();
    for (const address of to) waiters.get(address)?.(at);
  };

  const stop = new AbortController();
  let daemon: Promise<unknown> = Promise.resolve();
  try {
    const passwordEnv = 'AMICI_BENCH_IMAP_PASSWORD';
    process.env[passwordEnv] = servers.password;
    const today = new Date().toISOString().slice(0, 10);
    const players = games.flatMap((g) => [g.white, g.black]);
    const parsed = validateConfig(
      {
        from: { name: 'amici referee', address: REFEREE },
        inbox: {
          kind: 'imap',
          host: servers.imap.host,
          port: servers.imap.port,
          secure: false,
          user: REFEREE,
          passwordEnv,
        },
        outbox: { kind: 'smtp', host: '127.0.0.1', port: sink.port, secure: false, connections: 2 },
        store: { path: join(dir, 'amici.sqlite') },
        sweep: '0 3 * * *',
        events: [
          {
            name: 'Bench Open 2026',
            tag: TAG,
            td: { name: 'Anna', address: TD },
            timeZone: 'UTC',
            players: players.map((p) => ({
              id: p.id,
              name: p.name,
              addresses: [p.address],
              notation: p.config,
            })),
            games: games.map((g) => ({
              id: g.id,
              white: g.white.id,
              black: g.black.id,
              startsOn: today,
            })),
          },
        ],
      },
      dir,
    );
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const logger = countingLogger();
    const store = new Store(parsed.config.store.path);
    const service = new RefereeService({
      config: parsed.config,
      store,
      logger,
      resolver: keyServer([PROVIDER]).resolver,
    });
    service.ensureGames();

    // (a) The backlog, then the floor over the same messages.
    const tAppend = performance.now();
    const appended = await appendRounds(servers, games, MAILS_PER_GAME);
    const appendMs = performance.now() - tAppend;
    // The floor is about a second and varies ±20% from run to run on a shared VM: take the
    // median of three reads, so the ratio moves with amici rather than with the floor.
    const floors: number[] = [];
    for (let i = 0; i < FLOOR_RUNS; i++) floors.push(await floor(servers, appended));
    floors.sort((a, b) => a - b);
    const floorMs = floors[Math.floor(floors.length / 2)]!;

    // The daemon, its parts wrapped to see where the time goes.
    const t = await openTransports(parsed.config, service, logger);
    if (typeof t === 'string') throw new Error(t);
    const inner: Inbox = t.inbox;
    // Every inbound message ends in one of these log lines (a failure counts, so nothing hangs).
    const processed = () =>
      [
        'INBOUND_PROCESSED',
        'INBOUND_IGNORED',
        'INBOUND_DUPLICATE',
        'INBOUND_NO_GAME',
        'INBOUND_FAILED',
      ].reduce((n, c) => n + (logger.counts.get(c) ?? 0), 0);
    // The catch-up is processed when the daemon, every message committed and filed, waits for
    // mail; the replies are out when the sink has accepted as many as the outbox holds.
    let caughtUpAt = 0;
    let caughtUp: () => void = () => {};
    const caughtUpNow = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    const inbox: Inbox = {
      name: inner.name,
      pending: () => {
        const it = inner.pending()[Symbol.asyncIterator]();
        return {
          [Symbol.asyncIterator]() {
            return this;
          },
          next: stages.wrap('imap fetch + settle (overlaps the rest)', () =>
            it.next(),
          ) as () => Promise<IteratorResult<Awaited<ReturnType<typeof it.next>>['value']>>,
          return: (v?: unknown) => it.return?.(v) ?? Promise.resolve({ done: true, value: v }),
        } as AsyncIterableIterator<never>;
      },
      settle: stages.wrap('settle (queue)', inner.settle.bind(inner)) as Inbox['settle'],
      waitForMail: (signal) => {
        if (!caughtUpAt && processed() >= appended) {
          caughtUpAt = performance.now();
          caughtUp();
        }
        return inner.waitForMail(signal);
      },
      close: inner.close.bind(inner),
    };
    const sender: Sender = {
      name: t.sender.name,
      ...(t.sender.concurrency ? { concurrency: t.sender.concurrency } : {}),
      send: t.sender.send.bind(t.sender),
      close: t.sender.close.bind(t.sender),
    };
    const hidden = service as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const [method, stage] of [
      ['readItem', 'read (mailparser, DKIM check; sends meanwhile)'],
      ['decideGroup', 'decide and commit (groups)'],
      ['composeAll', '  compose (templates, board PNG)'],
      ['outgoing', '  MIME build'],
      ['sweep', 'sweep at start'],
    ] as const) {
      hidden[method] = stages.wrap(stage, hidden[method]!.bind(service));
    }
    const storeHidden = store as unknown as Record<string, (...a: unknown[]) => unknown>;
    storeHidden.commitInbound = stages.wrap(
      '  SQLite commit',
      storeHidden.commitInbound!.bind(store),
    );

    const profiler = PROFILE ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const tDaemon = performance.now();
    const tDaemonWall = Date.now();
    const cpu0 = process.cpuUsage();
    daemon = runDaemon(
      { service, inbox, sender, logger, sweep: parsed.config.sweep },
      stop.signal,
    ).finally(async () => {
      await inbox.close();
      await sender.close();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        caughtUpNow,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('bench: the backlog did not finish in time')),
            BACKLOG_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
    const processCpu = process.cpuUsage(cpu0);
    const endToEndMs = caughtUpAt - tDaemon;
    if (profiler && PROFILE) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      profiler.disconnect();
    }
    // Every reply accepted by the sink (bounded wait).
    const counts = store.outboxCounts();
    const queued = counts.pending + counts.sent + counts.failed;
    let sinkCount = await sink.count();
    for (let i = 0; sinkCount.n < queued && i < BACKLOG_TIMEOUT_MS / 20; i++) {
      await sleep(20);
      sinkCount = await sink.count();
    }
    if (sinkCount.n < queued) console.error(`bench daemon: ${queued - sinkCount.n} mails not sent`);
    const sentMs = Math.max(endToEndMs, sinkCount.lastAt - tDaemonWall);
    const sentCpu = process.cpuUsage(cpu0);
    const statuses = store.inboundLog();
    const done = statuses.filter((s) => s.status === 'done').length;
    const rejected = statuses.filter((s) => s.status === 'rejected').length;
    const sentBacklog = sinkCount.n;
    const stageMs = new Map(stages.ms);

    // (b) Moves one at a time while the daemon waits in IDLE.
    await sleep(500);
    sink.watch(true);
    const latencies: number[] = [];
    const client = await servers.connect(REFEREE);
    try {
      for (let k = 0; k < LATENCY_MOVES; k++) {
        const game = games[k % LATENCY_GAMES]!;
        const index = MAILS_PER_GAME + Math.floor(k / LATENCY_GAMES);
        const mail = game.mails[index]!;
        const opponent = mail.from === game.white ? game.black : game.white;
        const relayed = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(
                new Error(
                  `bench: no relay for game ${game.id} within the bound; log codes: ${JSON.stringify([...logger.counts])}; ${logger.errors.slice(-5).join('\n')}`,
                ),
              ),
            SAMPLE_TIMEOUT_MS,
          );
          waiters.set(opponent.address, (at) => {
            clearTimeout(timer);
            waiters.delete(opponent.address);
            resolve(at);
          });
        });
        const signed = await signedMail(game, index, new Date());
        const t0 = performance.now();
        await client.append('INBOX', signed);
        latencies.push((await relayed) - t0);
        // Let the daemon settle, flush and go back to IDLE; vary the spacing a little.
        await sleep(150 + Math.floor(rand() * 150));
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
    const p50 = q(0.5);
    const p99 = q(0.99);

    if (logger.errors.some((e) => e.startsWith('error')))
      console.error(`bench daemon: errors logged:\n${logger.errors.join('\n')}`);

    const ratio = endToEndMs / floorMs;
    const sentRatio = sentMs / floorMs;
    const cpuOf = (u: NodeJS.CpuUsage, ms: number) =>
      `${((u.user + u.system) / 1000 / 1000).toFixed(1)} s CPU (${((100 * (u.user + u.system)) / 1000 / ms).toFixed(0)}% of a core)`;
    const stage = (name: string) => stageMs.get(name) ?? 0;
    const decideMs = stage('decide and commit (groups)');
    const parts = ['  compose (templates, board PNG)', '  MIME build', '  SQLite commit'];
    const rest = decideMs - parts.reduce((s, p) => s + stage(p), 0);
    const n = backlog.toLocaleString('en');
    const wallMs = performance.now() - wallStart;
    const rows: BenchReport['rows'] = [
      {
        name: `backlog: ${n} mails, ${GAMES.toLocaleString('en')} games${FULL ? '' : ' (AMICI_BENCH_FULL=1: 10,000)'}`,
        value: `${done} done, ${rejected} returned, ${sentBacklog} sent`,
      },
      { name: '  APPEND (set-up, not timed below)', value: secs(appendMs) },
      {
        name: `  floor: UID FETCH + simpleParser (median of ${FLOOR_RUNS})`,
        value: `${secs(floorMs)} (${floors.map((f) => (f / 1000).toFixed(2)).join(', ')})`,
      },
      {
        name: `processed end to end / floor (<= ${RATIO_TARGET}x)`,
        value: `${ratio.toFixed(2)}x (${secs(endToEndMs)}) ${ratio <= RATIO_TARGET ? 'met' : 'MISSED'}`,
        budget: `<= ${RATIO_TARGET}x`,
        met: ratio <= RATIO_TARGET,
      },
      { name: '    amici process', value: cpuOf(processCpu, endToEndMs) },
      {
        name: '  + every reply accepted by SMTP / floor',
        value: `${sentRatio.toFixed(2)}x (${secs(sentMs)})`,
      },
      { name: '    amici process', value: cpuOf(sentCpu, sentMs) },
      ...[
        'sweep at start',
        'imap fetch + settle (overlaps the rest)',
        // Timed wall to wall: while it awaits the parser, the outbox lanes and the next IMAP
        // batch run, so this holds their work too.
        'read (mailparser, DKIM check; sends meanwhile)',
        'decide and commit (groups)',
        '  compose (templates, board PNG)',
        '  MIME build',
        '  SQLite commit',
      ].map((name) => ({
        name: `  ${name}`,
        value: `${secs(stage(name))} ${pct(stage(name), endToEndMs)}`,
      })),
      {
        name: '    rest (game, moves, decide, group sync)',
        value: `${secs(rest)} ${pct(rest, endToEndMs)}`,
      },
      {
        name: `IDLE: APPEND -> relay accepted, p50 (< ${P50_TARGET_MS} ms)`,
        value: `${p50.toFixed(0)} ms ${p50 < P50_TARGET_MS ? 'met' : 'MISSED'}`,
        budget: `< ${P50_TARGET_MS} ms`,
        met: p50 < P50_TARGET_MS,
      },
      {
        name: `  p99 (${latencies.length} moves, ${LATENCY_GAMES} games)`,
        value: `${p99.toFixed(0)} ms`,
      },
      { name: '  (Dovecot delays IDLE news ~0.5 s)', value: `min ${latencies[0]!.toFixed(0)} ms` },
      { name: 'whole daemon bench', value: secs(wallMs) },
    ];
    return { title: `Daemon: IMAP catch-up and IDLE against Dovecot, SMTP out`, rows };
  } finally {
    stop.abort();
    await Promise.race([daemon.catch(() => undefined), sleep(10_000)]);
    await sink.stop();
    await servers.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
