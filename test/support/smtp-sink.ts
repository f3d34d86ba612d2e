// An SMTP sink for integration tests: smtp-server on 127.0.0.1 on a free port, no TLS, AUTH
// optional (any password; or XOAUTH2 with given access tokens). Every accepted message is relayed into Dovecot over LMTP, so each
// simulated player has a real mailbox, and every message received is recorded (envelope and
// raw bytes). failNext() makes the next deliveries fail with a 4xx or 5xx reply, so the
// outbox's retry handling can be tested.

import { createTransport } from 'nodemailer';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { Endpoint } from './dovecot.ts';

export type FailureKind = 'temporary' | 'permanent';

/** What became of a message received by the sink. */
export type SinkOutcome =
  | 'delivered' // relayed to Dovecot, the client got 250
  | 'injected-failure' // refused on purpose by failNext()
  | 'relay-failed'; // Dovecot refused it, the client got Dovecot's code

export type SinkMessage = {
  /** 1, 2, … in order of receipt. */
  seq: number;
  /** Envelope sender; '' for the null sender <>. */
  from: string;
  /** Envelope recipients, as given in RCPT TO. */
  to: string[];
  raw: Buffer;
  /** Authenticated user name, if the client used AUTH. */
  user: string | undefined;
  outcome: SinkOutcome;
  /** The reply code sent to the client for DATA. */
  responseCode: number;
  response: string;
};

export type SmtpSinkOptions = {
  /** Where accepted messages are relayed. */
  lmtp: Endpoint;
  /** When given, RCPT TO other addresses is refused with 550 5.1.1, as a real MTA would. */
  users?: readonly string[];
  /**
   * When given, a login must be XOAUTH2 with one of these access tokens (read at each login, so
   * a test can expire one); another token gets the RFC 7628 error challenge, then 535.
   */
  accessTokens?: () => readonly string[];
};

export type SmtpSink = Endpoint & {
  /** Every message received so far, including failed ones, oldest first. */
  messages(): readonly SinkMessage[];
  /** Makes the next `count` messages fail at end of DATA (default codes 451 and 554). */
  failNext(count: number, kind: FailureKind, reply?: { code: number; message: string }): void;
  /** Injected failures not yet used. */
  pendingFailures(): number;
  /** Forgets the recorded messages and pending failures. */
  reset(): void;
  stop(): Promise<void>;
};

const HOST = '127.0.0.1';
const DEFAULT_REPLIES: Record<FailureKind, { code: number; message: string }> = {
  temporary: { code: 451, message: '4.3.0 Injected temporary failure, try again later' },
  permanent: { code: 554, message: '5.3.0 Injected permanent failure' },
};

type SmtpError = Error & { responseCode: number };

function smtpError(code: number, message: string): SmtpError {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpSink(options: SmtpSinkOptions): Promise<SmtpSink> {
  const known = options.users && new Set(options.users.map((u) => u.toLowerCase()));
  const { accessTokens } = options;
  const recorded: SinkMessage[] = [];
  let failures: { code: number; message: string }[] = [];
  const lmtp = createTransport({
    host: options.lmtp.host,
    port: options.lmtp.port,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
    name: 'amici-test-sink',
  });

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    banner: 'amici test sink',
    closeTimeout: 1_000,
    ...(accessTokens ? { authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'] } : {}),
    onAuth(auth, _session, callback) {
      if (!accessTokens) {
        callback(null, { user: auth.username ?? 'anonymous' });
        return;
      }
      if (auth.method !== 'XOAUTH2') {
        callback(new Error('Only XOAUTH2 here'));
        return;
      }
      if (auth.accessToken !== undefined && accessTokens().includes(auth.accessToken)) {
        callback(null, { user: auth.username ?? 'anonymous' });
        return;
      }
      callback(null, { data: { status: '401', schemes: 'bearer', scope: 'mail' } });
    },
    onRcptTo(address, _session, callback) {
      if (known && !known.has(address.address.toLowerCase())) {
        callback(smtpError(550, `5.1.1 <${address.address}> User unknown`));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom;
        const from = mailFrom === false ? '' : mailFrom.address;
        const to = session.envelope.rcptTo.map((r: SMTPServerAddress) => r.address);
        const record = (outcome: SinkOutcome, responseCode: number, response: string): void => {
          recorded.push({
            seq: recorded.length + 1,
            from,
            to,
            raw,
            user: typeof session.user === 'string' ? session.user : undefined,
            outcome,
            responseCode,
            response,
          });
        };
        const injected = failures.shift();
        if (injected) {
          record('injected-failure', injected.code, injected.message);
          callback(smtpError(injected.code, injected.message));
          return;
        }
        lmtp.sendMail({ envelope: { from, to }, raw }).then(
          (info) => {
            record('delivered', 250, info.response);
            callback(null, 'OK: delivered to the test mailboxes');
          },
          (error: Error & { responseCode?: number; response?: string }) => {
            const code = error.responseCode ?? 451;
            record('relay-failed', code, error.response ?? error.message);
            callback(smtpError(code, `LMTP relay failed: ${error.response ?? error.message}`));
          },
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      // Once listening, smtp-server reports a client that vanishes (ECONNRESET when amici is
      // killed mid-send) as a server error; a real relay shrugs that off, and so does the sink.
      server.on('error', () => {});
      resolve();
    });
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('smtp-sink: no port');

  let stopped: Promise<void> | undefined;
  return {
    host: HOST,
    port: address.port,
    messages: () => recorded,
    failNext(count, kind, reply) {
      if (!Number.isInteger(count) || count < 0) throw new Error(`smtp-sink: bad count ${count}`);
      const chosen = reply ?? DEFAULT_REPLIES[kind];
      const expectedClass = kind === 'temporary' ? 4 : 5;
      if (Math.floor(chosen.code / 100) !== expectedClass) {
        throw new Error(`smtp-sink: ${chosen.code} is not a ${kind} (${expectedClass}xx) reply`);
      }
      for (let i = 0; i < count; i++) failures.push(chosen);
    },
    pendingFailures: () => failures.length,
    reset() {
      recorded.length = 0;
      failures = [];
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        lmtp.close();
        server.close(() => resolve());
      });
      return stopped;
    },
  };
}
