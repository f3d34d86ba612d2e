// `amici run [--once]`, `amici check-config`, `amici init`: the daemon and its set-up.

import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runDaemon, runOnce } from '../daemon/daemon.ts';
import { createLogger } from '../daemon/log.ts';
import { ensureMaildir } from '../daemon/maildir-inbox.ts';
import { DEFAULT_CONFIG, openConfig, openService, openTransports } from './context.ts';
import type { CliIo } from './io.ts';

export const EXAMPLE_CONFIG = fileURLToPath(new URL('../../config/example.yaml', import.meta.url));

export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      config: { type: 'string' },
      once: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(
      'usage: amici run [--config FILE] [--once]\n\nRuns the referee: reads mail, decides, replies; sweeps due work on the schedule.\n--once processes what is waiting (inbox, one sweep, outbox) and exits.\nStops gracefully on SIGINT/SIGTERM. Logs are JSON lines on standard error.\n',
    );
    return 0;
  }
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  const logger = createLogger();
  const service = openService(loaded.config, logger);
  try {
    if (loaded.config.inbox.kind === 'maildir') await ensureMaildir(loaded.config.inbox.path);
    const t = await openTransports(loaded.config, service, logger);
    if (typeof t === 'string') {
      io.err(`amici: ${t}\n`);
      return 2;
    }
    service.ensureGames();
    logger.info({
      code: 'DAEMON_START',
      config: loaded.file,
      inbox: t.inbox.name,
      outbox: t.sender.name,
      once: values.once === true,
    });
    const parts = { service, inbox: t.inbox, sender: t.sender, logger, sweep: loaded.config.sweep };
    try {
      if (values.once) {
        const s = await runOnce(parts);
        logger.info({ code: 'DAEMON_STOP', ...s });
        return 0;
      }
      const stop = new AbortController();
      const onSignal = (signal: string) => {
        logger.info({ code: 'DAEMON_STOP', signal });
        stop.abort();
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      const s = await runDaemon(parts, stop.signal);
      logger.info({ code: 'DAEMON_STOP', ...s });
      return 0;
    } finally {
      await t.inbox.close();
      await t.sender.close();
    }
  } finally {
    service.store.close();
  }
}

export async function checkConfigCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { config: { type: 'string' }, json: { type: 'boolean' } },
  });
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 1;
  const c = loaded.config;
  if (values.json) {
    io.out(`${JSON.stringify(c, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `${loaded.file}: valid`,
    `  inbox:  ${c.inbox.kind} ${c.inbox.kind === 'maildir' ? c.inbox.path : `${c.inbox.user}@${c.inbox.host}:${c.inbox.port}/${c.inbox.mailbox} (password from $${c.inbox.passwordEnv}${process.env[c.inbox.passwordEnv] ? '' : ' — NOT SET'})`}`,
    `  outbox: ${c.outbox.kind} ${c.outbox.kind === 'pickup' ? c.outbox.path : `${c.outbox.host}:${c.outbox.port}`}`,
    `  store:  ${c.store.path}`,
    `  sweep:  ${c.sweep}`,
    ...c.events.map(
      (e) =>
        `  event ${e.tag}: ${e.name} — TD ${e.td.name} <${e.td.address}>, ${e.timeZone}, ${e.timeControl.preset}, ${e.players.length} players, ${e.games.length} games`,
    ),
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}

export async function initCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { config: { type: 'string' } } });
  const target = values.config ?? DEFAULT_CONFIG;
  if (existsSync(target)) {
    io.err(`amici init: ${target} exists; not overwritten\n`);
    return 1;
  }
  await mkdir(dirname(resolve(target)), { recursive: true });
  await copyFile(EXAMPLE_CONFIG, target);
  io.out(
    `wrote ${target} — a complete example event with the embedded default (Maildir in ./var/inbox,\n.eml files out in ./var/outbox, state in ./var/amici.sqlite). Edit it, then:\n  npx amici check-config --config ${target}\n  npx amici run --config ${target}\n`,
  );
  return 0;
}
