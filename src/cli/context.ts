// Shared by the commands that work on an installation: find and load the config (--config,
// $AMICI_CONFIG, ./amici.yaml), open the store, build the service and the mail adapters.

import { existsSync } from 'node:fs';
import { loadConfig, secret } from '../config/load-config.ts';
import type { AmiciConfig } from '../config/schema.ts';
import type { ConfigDrift } from '../daemon/config-drift.ts';
import { configDrift, storedGames } from '../daemon/config-drift.ts';
import type { DkimKey } from '../daemon/dkim-key.ts';
import { readDkimKey } from '../daemon/dkim-key.ts';
import type { Logger } from '../daemon/log.ts';
import { createMaildirInbox } from '../daemon/maildir-inbox.ts';
import { createPickupSender } from '../daemon/pickup-sender.ts';
import { RefereeService } from '../daemon/referee-service.ts';
import type { SmtpSenderOptions } from '../daemon/smtp-sender.ts';
import type { Credentials } from '../daemon/token-command.ts';
import { credentialsFrom } from '../daemon/token-command.ts';
import type { Inbox, Sender } from '../daemon/transport.ts';
import { lockWaitMs, Store } from '../store/store.ts';
import type { CliIo } from './io.ts';
import { count } from './io.ts';

export const DEFAULT_CONFIG = 'amici.yaml';

export function configPath(flag: string | undefined): string {
  return flag ?? process.env.AMICI_CONFIG ?? DEFAULT_CONFIG;
}

export async function openConfig(
  flag: string | undefined,
  io: CliIo,
  /** Warn of a config that does not fit the stored games instead of refusing it (backup, export). */
  options: {
    driftIsWarning?: boolean;
    /** Say why the config is refused as JSON on stdout (`check-config --json`). */
    json?: boolean;
  } = {},
): Promise<{ config: AmiciConfig; file: string } | undefined> {
  const file = configPath(flag);
  if (!flag && !process.env.AMICI_CONFIG && !existsSync(file)) {
    io.err(
      `amici: no ${DEFAULT_CONFIG} here. Create one with \`amici init\`, or pass --config FILE.\n`,
    );
    return undefined;
  }
  const r = await loadConfig(file);
  if (!r.ok && options.json) {
    io.out(`${JSON.stringify({ valid: false, file, errors: r.errors }, null, 2)}\n`);
    return undefined;
  }
  if (!r.ok) {
    io.err(`amici: ${file} is not valid:\n${r.errors.map((e) => `  ${e}`).join('\n')}\n`);
    return undefined;
  }
  // A config that would give games in progress to other players is refused by every command.
  const { errors } = storedDrift(r.config);
  if (errors.length && options.json && !options.driftIsWarning) {
    io.out(`${JSON.stringify({ valid: false, file, errors }, null, 2)}\n`);
    return undefined;
  }
  if (errors.length) {
    io.err(
      `amici: ${file} does not fit the games in ${r.config.store.path}:\n${errors.map((e) => `  ${e}`).join('\n')}\n`,
    );
    if (!options.driftIsWarning) return undefined;
  }
  return { config: r.config, file: r.file };
}

/**
 * What `config` would do to the games in its store (none yet: nothing), its end dates (P-10) as
 * of `now`.
 */
export function storedDrift(config: AmiciConfig, store?: Store, now = new Date()): ConfigDrift {
  const at = now.toISOString();
  if (store) return configDrift(config, storedGames(store), at);
  const path = config.store.path;
  if (path === ':memory:' || !existsSync(path)) return { errors: [], warnings: [] };
  const opened = new Store(path);
  try {
    return configDrift(config, storedGames(opened), at);
  } finally {
    opened.close();
  }
}

/**
 * The referee on the config's store, for a TD's command: it waits for the daemon's write lock as
 * long as `lockWaitMs` says (`busyTimeoutMs` for another wait, the daemon's own).
 */
export function openService(
  config: AmiciConfig,
  logger: Logger,
  clock?: () => Date,
  busyTimeoutMs = lockWaitMs(),
): RefereeService {
  const store = new Store(config.store.path, { busyTimeoutMs });
  return new RefereeService({ config, store, logger, ...(clock ? { clock } : {}) });
}

type ImapSettings = Extract<AmiciConfig['inbox'], { kind: 'imap' }>;
type SmtpSettings = Extract<AmiciConfig['outbox'], { kind: 'smtp' }>;

/** The IMAP login the config names, the secret from the environment; or what is missing. */
function imapLogin(i: ImapSettings): Credentials | string {
  const login = credentialsFrom(i, secret);
  return 'missing' in login ? `the IMAP login: ${login.missing}` : login;
}

/**
 * The SMTP server, login and DKIM key the config names (secrets from the environment), or what
 * is missing.
 */
function smtpSettings(o: SmtpSettings): Omit<SmtpSenderOptions, 'logger' | 'connections'> | string {
  const login = o.user === undefined ? undefined : credentialsFrom(o, secret);
  if (login && 'missing' in login) return `the SMTP login: ${login.missing}`;
  const key = dkimKeyOf(o);
  if (key && !key.ok) return key.error;
  return {
    host: o.host,
    port: o.port,
    secure: o.secure,
    ...(o.user !== undefined && login ? { user: o.user, login } : {}),
    ...(o.dkim && key?.ok
      ? { dkim: { domainName: o.dkim.domain, keySelector: o.dkim.selector, privateKey: key.pem } }
      : {}),
  };
}

/**
 * The DKIM key the outbox signs with, read from the environment and checked (`readDkimKey`);
 * undefined when the outbox signs nothing. A key that cannot sign stops `amici run` at its start:
 * nodemailer would send every mail unsigned without a word, and the players' providers would
 * take amici's mail for spam.
 */
export function dkimKeyOf(o: AmiciConfig['outbox']): DkimKey | undefined {
  if (o.kind !== 'smtp' || !o.dkim) return undefined;
  const env = o.dkim.privateKeyEnv;
  const text = secret(env);
  if (!text) return { ok: false, error: `the DKIM key is read from $${env}, which is not set` };
  const key = readDkimKey(text);
  return key.ok ? key : { ok: false, error: `the DKIM key in $${env} cannot sign: ${key.error}` };
}

/** The inbox and sender the config names; secrets come from the environment. */
export async function openTransports(
  config: AmiciConfig,
  service: RefereeService,
  logger: Logger,
): Promise<{ inbox: Inbox; sender: Sender } | string> {
  let inbox: Inbox;
  if (config.inbox.kind === 'maildir') inbox = createMaildirInbox(config.inbox.path);
  else {
    const login = imapLogin(config.inbox);
    if (typeof login === 'string') return login;
    const { createImapInbox } = await import('../daemon/imap-inbox.ts');
    inbox = createImapInbox({ ...config.inbox, login, checkpoints: service.store, logger });
  }
  let sender: Sender;
  if (config.outbox.kind === 'pickup') sender = createPickupSender(config.outbox.path);
  else {
    const settings = smtpSettings(config.outbox);
    if (typeof settings === 'string') return settings;
    const { createSmtpSender } = await import('../daemon/smtp-sender.ts');
    sender = createSmtpSender({ ...settings, connections: config.outbox.connections, logger });
  }
  return { inbox, sender };
}

/**
 * Log in to the configured mail servers once, sending nothing (`amici check-config --connect`):
 * a line for the inbox and one for the outbox, saying what works or why not.
 */
export async function probeTransports(
  config: AmiciConfig,
): Promise<{ inbox: string; outbox: string; ok: boolean }> {
  let ok = true;
  const failed = (why: string) => {
    ok = false;
    return `FAILED — ${why}`;
  };
  let inbox: string;
  if (config.inbox.kind === 'maildir')
    inbox = `maildir ${config.inbox.path}: nothing to connect to`;
  else {
    const i = config.inbox;
    const login = imapLogin(i);
    if (typeof login === 'string') inbox = failed(login);
    else {
      const { probeImap } = await import('../daemon/imap-inbox.ts');
      const r = await probeImap({ ...i, login });
      inbox = r.ok
        ? `logged in to ${i.host}:${i.port} as ${i.user}; ${i.mailbox} holds ${count(r.messages, 'message')}`
        : failed(`${i.host}:${i.port} as ${i.user}: ${r.error}`);
    }
  }
  let outbox: string;
  if (config.outbox.kind === 'pickup')
    outbox = `pickup ${config.outbox.path}: nothing to connect to`;
  else {
    const o = config.outbox;
    const settings = smtpSettings(o);
    if (typeof settings === 'string') outbox = failed(settings);
    else {
      const { probeSmtp } = await import('../daemon/smtp-sender.ts');
      const r = await probeSmtp(settings);
      const who = o.user === undefined ? '' : ` as ${o.user}`;
      outbox = r.ok
        ? `${o.user === undefined ? 'connected to' : 'logged in to'} ${o.host}:${o.port}${who}; nothing sent`
        : failed(`${o.host}:${o.port}${who}: ${r.error}`);
    }
  }
  return { inbox, outbox, ok };
}
