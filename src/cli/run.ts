// `amici run [--once]`, `amici check-config`, `amici init`: the daemon and its set-up.

import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { calendarDateOf, compareDates, daysBetween } from '../clock/index.ts';
import {
  loadConfig,
  pgnNameWarnings,
  postalAddressGaps,
  postalAddressWarnings,
  restartOnlyChanges,
} from '../config/load-config.ts';
import type { AmiciConfig } from '../config/schema.ts';
import type { DaemonParts } from '../daemon/daemon.ts';
import { runDaemon, runOnce } from '../daemon/daemon.ts';
import type { DkimKey } from '../daemon/dkim-key.ts';
import type { Logger } from '../daemon/log.ts';
import { createLogger } from '../daemon/log.ts';
import { ensureMaildir } from '../daemon/maildir-inbox.ts';
import type { RefereeService } from '../daemon/referee-service.ts';
import { acquireRunLock } from '../daemon/run-lock.ts';
import {
  DAEMON_LOCK_WAIT_MS,
  gameKeyOf,
  STORE_VERSION,
  Store,
  unwritableStore,
} from '../store/store.ts';
import {
  DEFAULT_CONFIG,
  dkimKeyOf,
  openConfig,
  openService,
  openTransports,
  probeTransports,
  storedDrift,
} from './context.ts';
import type { CliIo } from './io.ts';
import { amiciCommand, argsOrExit, count } from './io.ts';

export const EXAMPLE_CONFIG = fileURLToPath(new URL('../../config/example.yaml', import.meta.url));

const RUN_HELP = `usage: amici run [--config FILE] [--once]

Runs the referee: reads mail, decides, replies; sweeps due work on the schedule.
--once processes what is waiting (inbox, one sweep, outbox) and exits.
Stops gracefully on SIGINT/SIGTERM. On SIGHUP reads the config file again: players, addresses,
games and event settings take effect at once (inbox, outbox, store and sweep need a restart).
Logs are JSON lines on standard error.
`;

export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'run', RUN_HELP, () =>
    parseArgs({
      args,
      options: {
        config: { type: 'string' },
        once: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  // A store amici could not write would start, and then fail on every mail for ever.
  const unwritable = unwritableStore(loaded.config.store.path);
  if (unwritable) {
    io.err(`amici: ${unwritable}\n`);
    return 2;
  }
  const lock = acquireRunLock(loaded.config.store.path);
  if (!lock.ok && 'error' in lock) {
    io.err(`amici: ${lock.error}\n`);
    return 2;
  }
  if (!lock.ok) {
    io.err(
      `amici: amici run is already running on ${loaded.config.store.path} (process ${lock.pid}); stop it first (SIGTERM), or send it SIGHUP to read an edited config. A lock left by a process that is gone is taken over: ${lock.file}\n`,
    );
    return 2;
  }
  try {
    return await runLocked(loaded, values.once === true, io);
  } finally {
    lock.release();
  }
}

async function runLocked(
  loaded: { config: AmiciConfig; file: string },
  once: boolean,
  io: CliIo,
): Promise<number> {
  const logger = createLogger();
  const service = openService(loaded.config, logger, undefined, DAEMON_LOCK_WAIT_MS);
  try {
    for (const { path, version } of Store.migrated.splice(0))
      logger.info({ code: 'STORE_MIGRATED', store: path, version, latest: STORE_VERSION });
    if (loaded.config.inbox.kind === 'maildir') await ensureMaildir(loaded.config.inbox.path);
    const t = await openTransports(loaded.config, service, logger);
    if (typeof t === 'string') {
      io.err(`amici: ${t}\n`);
      return 2;
    }
    for (const warning of storedDrift(loaded.config, service.store, service.clock()).warnings)
      logger.warn({ code: 'CONFIG_DRIFT', config: loaded.file, warning });
    logPostalAddressGaps(loaded.config, loaded.file, logger);
    service.ensureGames();
    const parts: DaemonParts = {
      service,
      inbox: t.inbox,
      sender: t.sender,
      logger,
      sweep: loaded.config.sweep,
      reload: () => reloadConfig(loaded.file, service, logger),
    };
    const started = () =>
      logger.info({
        code: 'DAEMON_START',
        config: loaded.file,
        inbox: t.inbox.name,
        outbox: t.sender.name,
        once,
      });
    try {
      if (once) {
        started();
        const s = await runOnce(parts);
        logger.info({ code: 'DAEMON_STOP', ...s });
        // Run from cron, --once must not pass over an inbox it could not read as a quiet day,
        // nor over mail it could not process: it says so on stderr and exits 1.
        let status = 0;
        if (s.failed) {
          const why = s.storeTrouble
            ? `the state file ${loaded.config.store.path} cannot be written (${s.storeTrouble}); the Tournament Directors have been told, once`
            : 'INBOUND_FAILED in the log says why';
          io.err(
            `amici: ${count(s.failed, 'mail')} could not be processed: ${why}. ${s.failed === 1 ? 'It stays' : 'They stay'} in the inbox, unplayed, and ${s.failed === 1 ? 'is' : 'are'} read again at the next run\n`,
          );
          status = 1;
        } else if (s.storeTrouble) {
          io.err(
            `amici: the state file ${loaded.config.store.path} cannot be written (${s.storeTrouble}); the Tournament Directors have been told, once\n`,
          );
          status = 1;
        }
        if (s.setAside) {
          io.err(
            `amici: ${count(s.setAside, 'mail')} set aside after failing again and again: filed as rejected, nothing played; the Tournament Directors were told how to have ${s.setAside === 1 ? 'it' : 'them'} read again (INBOUND_SET_ASIDE)\n`,
          );
          status = 1;
        }
        const health = t.inbox.health?.();
        if (health && !health.ok) {
          io.err(`amici: the inbox could not be read: ${health.error}\n`);
          return 1;
        }
        return status;
      }
      // The handlers are in place before DAEMON_START says so: a signal sent on seeing it is
      // never met by Node's default action (which ends the process, SIGHUP included).
      const stop = new AbortController();
      let stoppedBy: string | undefined;
      const onSignal = (signal: string) => {
        stoppedBy = signal;
        stop.abort();
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      const requests = new EventTarget();
      const onHangup = () => {
        logger.info({ code: 'CONFIG_RELOAD', signal: 'SIGHUP' });
        requests.dispatchEvent(new Event('reload'));
      };
      process.on('SIGHUP', onHangup);
      try {
        started();
        const s = await runDaemon(parts, stop.signal, requests);
        // One line for one stop, once the mail in hand is finished: the signal and the count.
        logger.info({ code: 'DAEMON_STOP', ...(stoppedBy ? { signal: stoppedBy } : {}), ...s });
      } finally {
        process.off('SIGHUP', onHangup);
      }
      return 0;
    } finally {
      await t.inbox.close();
      await t.sender.close();
    }
  } finally {
    service.store.close();
  }
}

/**
 * The players by post with no `postalAddress` (P-2m), as `amici check-config` warns of them: a
 * daemon started, or a config reloaded, without one logs it too, so a TD who never ran
 * check-config hears of it before the first copy to print comes with no address on it.
 */
function logPostalAddressGaps(config: AmiciConfig, file: string, logger: Logger): void {
  for (const gap of postalAddressGaps(config))
    logger.warn({ code: 'CONFIG_NO_POSTAL_ADDRESS', config: file, ...gap });
}

/**
 * SIGHUP: read the config file again and, if it validates and keeps the inbox, outbox, store and
 * sweep, put it in force; otherwise say why in the log and keep the configuration in force.
 */
async function reloadConfig(file: string, service: RefereeService, logger: Logger): Promise<void> {
  const r = await loadConfig(file);
  if (!r.ok) {
    logger.warn({ code: 'CONFIG_INVALID', config: file, errors: r.errors });
    return;
  }
  const drift = storedDrift(r.config, service.store, service.clock());
  if (drift.errors.length) {
    logger.warn({ code: 'CONFIG_INVALID', config: file, errors: drift.errors });
    return;
  }
  const needRestart = restartOnlyChanges(service.config, r.config);
  if (needRestart.length) {
    logger.warn({ code: 'CONFIG_NEEDS_RESTART', config: file, changed: needRestart });
    return;
  }
  for (const warning of drift.warnings)
    logger.warn({ code: 'CONFIG_DRIFT', config: file, warning });
  logPostalAddressGaps(r.config, file, logger);
  const { created } = service.reconfigure(r.config);
  logger.info({
    code: 'CONFIG_RELOADED',
    config: file,
    events: r.config.events.length,
    players: r.config.events.reduce((n, e) => n + e.players.length, 0),
    games: r.config.events.reduce((n, e) => n + e.games.length, 0),
    created,
  });
}

const CHECK_HELP = `usage: amici check-config [--connect] [--json] [--config FILE]

Validates the configuration and summarises it: errors name the path and what is expected.
--connect also logs in to the IMAP and SMTP servers once, as the daemon will, sending
nothing: it says how many messages the inbox holds, or why a login fails (exit status 1).
`;

export async function checkConfigCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'check-config', CHECK_HELP, () =>
    parseArgs({
      args,
      options: {
        config: { type: 'string' },
        json: { type: 'boolean' },
        connect: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const loaded = await openConfig(values.config, io, values.json ? { json: true } : {});
  if (!loaded) return 1;
  const c = loaded.config;
  const probe = values.connect ? await probeTransports(c) : undefined;
  const key = dkimKeyOf(c.outbox);
  const status = (probe && !probe.ok) || (key && !key.ok) ? 1 : 0;
  if (values.json) {
    // What a script needs to act: valid, the warnings a person would read, the config as read.
    const warnings = [
      ...lateStarts(c).map((w) => w.replace(/^\s*warning: /, '')),
      ...postalAddressWarnings(c),
      ...pgnNames(c).warnings,
      ...storedDrift(c).warnings,
    ];
    const out = {
      valid: true,
      file: loaded.file,
      warnings,
      ...c,
      ...(key ? { signing: signingOf(c.outbox, key) } : {}),
      ...(probe ? { connect: probe } : {}),
    };
    io.out(`${JSON.stringify(out, null, 2)}\n`);
    return status;
  }
  const lines = [
    `${loaded.file}: valid`,
    `  inbox:  ${c.inbox.kind} ${c.inbox.kind === 'maildir' ? c.inbox.path : `${c.inbox.user}@${c.inbox.host}:${c.inbox.port}/${c.inbox.mailbox} (${loginText(c.inbox)})`}`,
    `  senders: ${senderCheckLine(c)}`,
    `  outbox: ${c.outbox.kind} ${c.outbox.kind === 'pickup' ? c.outbox.path : `${c.outbox.host}:${c.outbox.port}${c.outbox.user === undefined ? '' : ` as ${c.outbox.user} (${loginText(c.outbox)})`}`}`,
    ...(key ? [`  dkim:   ${signingLine(c.outbox, key)}`] : []),
    `  store:  ${c.store.path}`,
    `  sweep:  ${c.sweep}`,
    ...c.events.flatMap((e) => [
      `  event ${e.tag}: ${e.name} — TD ${e.td.name} <${e.td.address}>, ${e.timeZone}, ${e.timeControl.preset}, ${count(e.players.length, 'player')}, ${count(e.games.length, 'game')}${e.reportDays ? `, a report to the TD every ${e.reportDays} days` : ''}, PGN Site "${e.site ?? '?'}"${e.site === undefined ? ' (unknown: site: names the place)' : ''}`,
      // Who decides an appeal of the TD's decisions (P-13c), when the config names them.
      ...(e.appealsTo
        ? [
            `    appeals (P-13c) go to the chairman of the ICCF Appeals Commission, ${e.appealsTo.name} <${e.appealsTo.address}>: named in every decision’s mail, copied on each appeal mailed to amici`,
          ]
        : []),
      // The games the pairings make, as amici will create them: the TD checks who plays whom.
      ...(e.pairings ? pairingLines(e) : []),
      ...pgnIdLines(e),
    ]),
    ...pgnNames(c).derived,
    ...(probe ? [`  connect inbox:  ${probe.inbox}`, `  connect outbox: ${probe.outbox}`] : []),
    ...lateStarts(c),
    ...postalAddressWarnings(c).map((w) => `  warning: ${w}`),
    ...pgnNames(c).warnings.map((w) => `  warning: ${w}`),
    ...storedDrift(c).warnings.map((w) => `  warning: ${w}`),
  ];
  io.out(`${lines.join('\n')}\n`);
  return status;
}

/** An event's games made by its pairings: game, White, Black, the first day, one a line. */
function pairingLines(e: AmiciConfig['events'][number]): string[] {
  const name = (id: string) => e.players.find((p) => p.id === id)?.name ?? id;
  const tags = e.games.map((g) => `${e.tag}/${g.id}`);
  const width = Math.max(...tags.map((t) => t.length));
  const whites = Math.max(...e.games.map((g) => name(g.white).length));
  return [
    `    the pairings make these games (${e.pairings?.system}; White first, from ${e.pairings?.startsOn}):`,
    ...e.games.map(
      (g, i) =>
        `      ${tags[i]!.padEnd(width)}  ${name(g.white).padEnd(whites)} – ${name(g.black)}`,
    ),
  ];
}

/**
 * The players' ratings and ids the PGN tags (WhiteElo, WhiteFideId, WhiteIccfId and Black's),
 * one line an event that gives any, for the TD to check against the rating list.
 */
function pgnIdLines(e: AmiciConfig['events'][number]): string[] {
  const each = e.players.flatMap((p) => {
    const ids = [
      p.rating !== undefined ? `rating ${p.rating} (Elo)` : '',
      p.fideId !== undefined ? `FideId ${p.fideId}` : '',
      p.iccfId !== undefined ? `IccfId ${p.iccfId}` : '',
    ].filter(Boolean);
    return ids.length ? [`${p.name.trim()}: ${ids.join(', ')}`] : [];
  });
  return each.length
    ? [
        `    PGN ratings and ids (${each.length} of ${e.players.length} players): ${each.join('; ')}`,
      ]
    : [];
}

/**
 * The players' names as the PGN writes them ("Surname, Firstname", PGN 8.1.1.5), which the
 * rating officer's database files them by: the names amici swapped, shown for the TD to check,
 * and a warning for each it could not swap and the config gives no `pgnName` for.
 */
function pgnNames(c: AmiciConfig): { derived: string[]; warnings: string[] } {
  const derived: string[] = [];
  const warnings: string[] = [];
  for (const e of c.events) {
    const w = pgnNameWarnings(e);
    if (w.derived.length)
      derived.push(
        `  PGN names in ${e.tag} (White and Black as "Surname, Firstname"; a player's pgnName sets one): ${w.derived.join('; ')}`,
      );
    for (const id of w.unsure) {
      const p = e.players.find((x) => x.id === id)!;
      warnings.push(
        `${e.tag}: which words of "${p.name.trim()}" (${id}) make the surname, amici cannot tell, so the PGN's White or Black tag writes the name as it is; give the player pgnName: "Surname, Firstname", as the rating officer's database files them`,
      );
    }
  }
  return { derived, warnings };
}

/**
 * Games amici has not started yet whose start date is already past: when amici creates them,
 * White's clock counts from that day (P-6d), so White starts with days used. A warning for the
 * TD, who may mean a later date; games already started are as they should be.
 */
function lateStarts(c: AmiciConfig): string[] {
  const store =
    c.store.path !== ':memory:' && existsSync(c.store.path) ? new Store(c.store.path) : undefined;
  try {
    const late = c.events.flatMap((e) => {
      const today = calendarDateOf(new Date().toISOString(), e.timeZone);
      if (!today.ok) return [];
      return e.games
        .filter((g) => compareDates(g.startsOn, today.value) < 0)
        .filter((g) => !store?.hasGame(gameKeyOf(e.tag, g.id)))
        .map((g) => ({
          key: gameKeyOf(e.tag, g.id),
          startsOn: g.startsOn,
          days: daysBetween(g.startsOn, today.value),
        }));
    });
    if (!late.length) return [];
    const shown = late
      .slice(0, 5)
      .map((g) => `${g.key} (${g.startsOn}, ${count(g.days, 'day')} ago)`);
    return [
      `  warning: ${count(late.length, 'game')} not started yet with a start date already past: ${shown.join(', ')}${late.length > 5 ? ', …' : ''}. White's clock counts from the start date (P-6d); set a later startsOn if that is not meant.`,
    ];
  } finally {
    store?.close();
  }
}

/** How the outbox signs amici's mail (DKIM), for check-config --json: never the key itself. */
function signingOf(o: AmiciConfig['outbox'], key: DkimKey) {
  const dkim = o.kind === 'smtp' ? o.dkim : undefined;
  const where = { domain: dkim?.domain, selector: dkim?.selector, keyEnv: dkim?.privateKeyEnv };
  return key.ok
    ? { ok: true, ...where, bits: key.bits, oneLine: key.escaped }
    : { ok: false, ...where, error: key.error };
}

/** The same as a line: the domain and selector the receivers look the key up by, and the key. */
function signingLine(o: AmiciConfig['outbox'], key: DkimKey): string {
  const s = signingOf(o, key);
  const as = `signs as ${s.domain} (selector ${s.selector}, key published at ${s.selector}._domainkey.${s.domain})`;
  if (!key.ok) return `FAILED — ${key.error}; amici run will not start`;
  return `${as} with the key in $${s.keyEnv}: RSA ${key.bits} bits, OK${key.escaped ? ' (written on one line with \\n between its lines: read as those lines)' : ''}`;
}

/** How amici logs in to a mail server, for check-config: never the secret itself. */
function loginText(login: {
  passwordEnv?: string | undefined;
  tokenCommand?: string[] | undefined;
}): string {
  if (login.tokenCommand) return `OAuth2 token from: ${login.tokenCommand.join(' ')}`;
  if (login.passwordEnv === undefined) return 'no login';
  return `password from $${login.passwordEnv}${process.env[login.passwordEnv] ? '' : ' — NOT SET'}`;
}

/** How players' mail is checked (P-2d), with the players excepted from it, for check-config. */
function senderCheckLine(c: AmiciConfig): string {
  const other = c.inbox.authentication === 'dkim' ? 'none' : 'dkim';
  const excepted = c.events.flatMap((e) =>
    e.players.filter((p) => p.authentication === other).map((p) => `${e.tag}/${p.id}`),
  );
  const rule =
    c.inbox.authentication === 'dkim'
      ? 'a DKIM signature of the player’s domain is required (P-2d)'
      : 'the From address is trusted as written (no signature checked)';
  const names = excepted.length > 6 ? `${excepted.slice(0, 6).join(', ')}, …` : excepted.join(', ');
  return excepted.length ? `${rule}; except ${count(excepted.length, 'player')}: ${names}` : rule;
}

const INIT_HELP = `usage: amici init [--config FILE]

Writes a starter config to FILE (default amici.yaml): a complete, commented example event on
the embedded default (Maildir in, .eml files out, SQLite state). An existing file is kept.
`;

export async function initCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'init', INIT_HELP, () =>
    parseArgs({
      args,
      options: { config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const target = values.config ?? DEFAULT_CONFIG;
  if (existsSync(target)) {
    io.err(`amici init: ${target} exists; not overwritten\n`);
    return 1;
  }
  await mkdir(dirname(resolve(target)), { recursive: true });
  // The example's games start today, not on the day the example was written: a start date
  // already past would charge White the days since (P-6d). Today in the event's time zone,
  // as amici counts it: near midnight the machine's own day can be another.
  const text = readFileSync(EXAMPLE_CONFIG, 'utf8');
  const today = calendarDateOf(
    new Date().toISOString(),
    /^\s*timeZone:\s*([\w/+-]+)/m.exec(text)?.[1] ??
      Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  await writeFile(
    target,
    today.ok ? text.replace(/(startsOn: )\d{4}-\d\d-\d\d/g, `$1${today.value}`) : text,
  );
  const amici = amiciCommand();
  io.out(
    `wrote ${target} — a complete example event with the embedded default (Maildir in ./var/inbox,\n.eml files out in ./var/outbox, state in ./var/amici.sqlite), its games starting today. Edit it, then:\n  ${amici} check-config --config ${target}\n  ${amici} run --config ${target}\n`,
  );
  return 0;
}
