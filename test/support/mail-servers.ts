// The mail servers an integration test needs, in one call: a real Dovecot (IMAP for the daemon
// to read, LMTP for delivery) and an SMTP sink that relays into it, plus imapflow helpers to
// put messages into and read them out of the players' mailboxes.

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { type Dovecot, type Endpoint, startDovecot } from './dovecot.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

export type { Endpoint } from './dovecot.ts';

export type MailServersOptions = {
  /** Mailbox owners and IMAP login names, e.g. 'white@example.org'. */
  users: readonly string[];
  /** Shared by all users; random when omitted. */
  password?: string;
  /** Dovecot also takes OAuth2 logins, checked at this URL (see DovecotOptions). */
  oauth2IntrospectionUrl?: string;
};

/** A message as stored in a mailbox, read over IMAP. */
export type StoredMessage = {
  uid: number;
  uidValidity: bigint;
  flags: string[];
  raw: Buffer;
};

export type AppendResult = { uid: number; uidValidity: bigint };

export type MailServers = {
  imap: Endpoint;
  smtp: Endpoint;
  lmtp: Endpoint;
  password: string;
  users: readonly string[];
  dovecot: Dovecot;
  sink: SmtpSink;
  /**
   * A logged-in imapflow client for `user`; the caller logs it out. Auto-IDLE is off unless
   * `overrides` turn it on (imapflow's default delay is 15 s): call `idle()` yourself.
   */
  connect(user: string, overrides?: Partial<ImapFlowOptions>): Promise<ImapFlow>;
  /** IMAP APPEND; creates `mailbox` (default INBOX) if it does not exist. */
  appendTo(user: string, raw: string | Buffer, mailbox?: string): Promise<AppendResult>;
  /** Every message of `mailbox` (default INBOX), by ascending UID; [] if it does not exist. */
  fetchAll(user: string, mailbox?: string): Promise<StoredMessage[]>;
  /** Polls `mailbox` (default INBOX) until a message matches; rejects after `timeoutMs`. */
  waitForMessage(
    user: string,
    predicate: (message: StoredMessage) => boolean,
    timeoutMs: number,
    mailbox?: string,
  ): Promise<StoredMessage>;
  /** Stops the sink and Dovecot and removes all their files. Safe to call twice. */
  stop(): Promise<void>;
};

const WAIT_POLL_MS = 100;

export async function startMailServers(options: MailServersOptions): Promise<MailServers> {
  const users = options.users.map((u) => u.toLowerCase());
  const password = options.password ?? randomBytes(12).toString('hex');
  const dovecot = await startDovecot({
    users,
    password,
    ...(options.oauth2IntrospectionUrl
      ? { oauth2IntrospectionUrl: options.oauth2IntrospectionUrl }
      : {}),
  });
  let sink: SmtpSink;
  try {
    sink = await startSmtpSink({ lmtp: dovecot.lmtp, users });
  } catch (error) {
    await dovecot.stop();
    throw error;
  }

  const connect = async (user: string, overrides: Partial<ImapFlowOptions> = {}) => {
    const client = new ImapFlow({
      host: dovecot.imap.host,
      port: dovecot.imap.port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      ...overrides,
    });
    // Without a listener an 'error' event would crash the test process.
    client.on('error', () => {});
    await client.connect();
    return client;
  };

  const withClient = async <T>(user: string, work: (c: ImapFlow) => Promise<T>): Promise<T> => {
    const client = await connect(user);
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  const readMailbox = async (client: ImapFlow, mailbox: string): Promise<StoredMessage[]> => {
    const listed = await client.list();
    if (!listed.some((m) => m.path === mailbox)) return [];
    const lock = await client.getMailboxLock(mailbox, { readOnly: true });
    try {
      await client.noop(); // the mailbox may already be selected: let the server report arrivals
      const opened = client.mailbox;
      if (opened === false || opened.exists === 0) return [];
      const fetched = await client.fetchAll('1:*', { uid: true, flags: true, source: true });
      return fetched
        .map((m) => ({
          uid: m.uid,
          uidValidity: opened.uidValidity,
          flags: [...(m.flags ?? [])].sort(),
          raw: m.source ?? Buffer.alloc(0),
        }))
        .sort((a, b) => a.uid - b.uid);
    } finally {
      lock.release();
    }
  };

  let stopped: Promise<void> | undefined;
  return {
    imap: dovecot.imap,
    smtp: { host: sink.host, port: sink.port },
    lmtp: dovecot.lmtp,
    password,
    users,
    dovecot,
    sink,
    connect,
    appendTo(user, raw, mailbox = 'INBOX') {
      return withClient(user, async (client) => {
        if (mailbox !== 'INBOX') {
          const listed = await client.list();
          if (!listed.some((m) => m.path === mailbox)) await client.mailboxCreate(mailbox);
        }
        const result = await client.append(mailbox, raw);
        if (result === false || result.uid === undefined || result.uidValidity === undefined) {
          throw new Error(`mail-servers: APPEND to ${user}/${mailbox} returned no UIDPLUS data`);
        }
        return { uid: result.uid, uidValidity: result.uidValidity };
      });
    },
    fetchAll(user, mailbox = 'INBOX') {
      return withClient(user, (client) => readMailbox(client, mailbox));
    },
    waitForMessage(user, predicate, timeoutMs, mailbox = 'INBOX') {
      return withClient(user, async (client) => {
        const deadline = performance.now() + timeoutMs;
        const maxPolls = Math.ceil(timeoutMs / WAIT_POLL_MS) + 1;
        let seen = 0;
        for (let poll = 0; poll < maxPolls; poll++) {
          const messages = await readMailbox(client, mailbox);
          seen = messages.length;
          const match = messages.find(predicate);
          if (match) return match;
          if (performance.now() >= deadline) break;
          await sleep(WAIT_POLL_MS);
        }
        const sent = sink.messages().map((m) => `#${m.seq} ${m.outcome} to ${m.to.join(',')}`);
        throw new Error(
          `mail-servers: no matching message for ${user} in ${mailbox} within ${timeoutMs} ms ` +
            `(${seen} message(s) there; sink saw: ${sent.join('; ') || 'nothing'})`,
        );
      });
    },
    stop() {
      stopped ??= (async () => {
        try {
          await sink.stop();
        } finally {
          await dovecot.stop();
        }
      })();
      return stopped;
    },
  };
}
