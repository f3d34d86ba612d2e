// The SMTP sender (issue 5) on nodemailer: hands one ready MIME message from the outbox to a
// relay, as given (its stable Message-ID is already in it), with the outbox's envelope, and
// optionally DKIM-signs it. It never throws for the network: it says whether a failure is
// permanent (a 5xx reply: the TD is told) or worth retrying (4xx, connection, timeout, login).
// Retry delays are the outbox's business, kept as data there.

import { createTransport } from 'nodemailer';
import type { Logger } from './log.ts';
import type { Credentials } from './token-command.ts';
import type { OutgoingMail, Sender, SendResult } from './transport.ts';

export interface SmtpSenderOptions {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  /** Log in as `user`, with a password or an OAuth2 access token (token-command.ts). */
  user?: string;
  login?: Credentials;
  /** DKIM-sign every message: the key of `keySelector._domainkey.domainName` (PEM). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Every line carries a stable `code` (log.ts). */
  logger: Logger;
  /** Connect, greeting and socket inactivity, each (default 60 s). */
  timeoutMs?: number;
  /** Pooled connections, each sending one message at a time (default 1). */
  connections?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** Replies to AUTH: a wrong password is the operator's to fix, not the message's fault. */
const LOGIN_ERROR_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2']);

type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string };

/**
 * Permanent only when the server refused the message or its envelope with a 5xx reply (except
 * 503, a session out of sequence). 4xx replies, lost connections, timeouts and refused logins
 * are temporary.
 */
export function classifySmtpFailure(error: unknown): { permanent: boolean; error: string } {
  const e = (error ?? {}) as SmtpFailure;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  let text = (e.response ?? e.message ?? String(error)).trim();
  // nodemailer's words when a connection closes while a mail is handed over (the server went
  // away): they read as if amici had given up, which it has not (the outbox tries again).
  if (/^Reached maximum number of retries after connection was closed/.test(text))
    text = 'the SMTP server closed the connection before it took the mail';
  const login = code !== undefined && LOGIN_ERROR_CODES.has(code);
  const permanent = !login && reply !== undefined && reply >= 500 && reply < 600 && reply !== 503;
  // The server's reply starts with its code already ("451 4.3.0 …"): not said twice.
  const prefix = reply === undefined ? code : text.startsWith(`${reply}`) ? undefined : `${reply}`;
  const parts = [prefix, text].filter(Boolean);
  return { permanent, error: parts.join(' ') };
}

/**
 * nodemailer's login: a password, or XOAUTH2 with the token asked of `login.token` whenever
 * nodemailer needs one (a new connection, or the server refused the last one as expired).
 */
function auth(user: string, login: Credentials) {
  if ('password' in login) return { user, pass: login.password };
  const { token } = login;
  return {
    type: 'OAuth2' as const,
    user,
    provisionCallback: (
      _user: string,
      _renew: boolean,
      done: (error: Error | null, accessToken?: string) => void,
    ) => {
      token().then(
        (accessToken) => done(null, accessToken),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  };
}

/** nodemailer's settings for the server, the login and the timeouts, pooled or not. */
function transportOptions(options: Omit<SmtpSenderOptions, 'logger'>) {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    host: options.host,
    port: options.port,
    secure: options.secure,
    ...(options.user !== undefined && options.login
      ? { auth: auth(options.user, options.login) }
      : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
  };
}

/**
 * Connect and log in once, sending nothing (`amici check-config --connect`): whether the relay
 * will take amici's mail, or why not.
 */
export async function probeSmtp(
  options: Omit<SmtpSenderOptions, 'logger' | 'connections'>,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const transport = createTransport(transportOptions(options));
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: classifySmtpFailure(error).error };
  } finally {
    transport.close();
  }
}

export function createSmtpSender(options: SmtpSenderOptions): Sender {
  const { logger } = options;
  const name = `smtp ${options.host}:${options.port}`;
  const connections = options.connections ?? 1;
  const transport = createTransport({
    ...transportOptions(options),
    pool: true,
    maxConnections: connections,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  });

  const send = async (mail: OutgoingMail): Promise<SendResult> => {
    try {
      const info = await transport.sendMail({
        envelope: { from: mail.from, to: mail.to },
        raw: mail.raw,
      });
      const rejected = (info.rejected ?? []).map(String);
      if (rejected.length > 0) {
        // Some recipients took it: the message is out and must not be sent to them again.
        logger.warn({
          code: 'SMTP_ERROR',
          sender: name,
          messageId: mail.messageId,
          rejected,
          permanent: true,
          error: 'some recipients were refused',
        });
      }
      logger.debug({ code: 'SMTP_SENT', sender: name, messageId: mail.messageId });
      return { ok: true, response: String(info.response ?? '') };
    } catch (error) {
      const failure = classifySmtpFailure(error);
      const fields = {
        code: 'SMTP_ERROR' as const,
        sender: name,
        messageId: mail.messageId,
        ...failure,
      };
      if (LOGIN_ERROR_CODES.has(String((error as SmtpFailure)?.code))) logger.error(fields);
      else logger.warn(fields);
      return { ok: false, ...failure };
    }
  };

  const close = async (): Promise<void> => {
    transport.close();
  };

  return { name, concurrency: connections, send, close };
}
