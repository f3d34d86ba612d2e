// The SMTP sender (issue 5) on nodemailer: hands one ready MIME message from the outbox to a
// relay, as given (its stable Message-ID is already in it), with the outbox's envelope, and
// optionally DKIM-signs it. It never throws for the network: it says whether a failure is
// permanent (a 5xx reply: the TD is told) or worth retrying (4xx, connection, timeout, login).
// Retry delays are the outbox's business, kept as data there.
// nodemailer runs in a worker thread of its own (smtp-worker.ts): handing a message over costs
// more CPU than deciding and composing it (the backlog bench: sending took 45% of the main
// thread), and the SMTP dialogue needs nothing from the referee, so it runs beside it.

import { Worker } from 'node:worker_threads';
import { createTransport } from 'nodemailer';
import type { LogCode, Logger } from './log.ts';
import type { OutgoingMail, Sender, SendResult } from './transport.ts';

export interface SmtpSenderOptions {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
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
/** How long a closing SMTP thread may take to say QUIT before it is stopped. */
const CLOSE_TIMEOUT_MS = 5_000;
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
  const text = (e.response ?? e.message ?? String(error)).trim();
  const login = code !== undefined && LOGIN_ERROR_CODES.has(code);
  const permanent = !login && reply !== undefined && reply >= 500 && reply < 600 && reply !== 503;
  const parts = [reply === undefined ? code : `${reply}`, text].filter(Boolean);
  return { permanent, error: parts.join(' ') };
}

/** What the worker thread needs to build the sender: the options without the logger. */
export type SmtpWorkerData = Omit<SmtpSenderOptions, 'logger'>;

/** Between the referee and the SMTP thread. */
export type ToSmtpWorker = { type: 'send'; id: number; mail: OutgoingMail } | { type: 'close' };
export type FromSmtpWorker =
  | { type: 'result'; id: number; result: SendResult }
  | {
      type: 'log';
      level: 'info' | 'warn' | 'error' | 'debug';
      fields: Record<string, unknown> & { code: LogCode };
    };

/**
 * The SMTP sender: nodemailer in a worker thread, behind the same `Sender` as any other. A
 * thread that dies fails the sends in flight as temporary (the outbox retries them) and is
 * started again by the next send.
 */
export function createSmtpSender(options: SmtpSenderOptions): Sender {
  const { logger, ...data } = options;
  const name = senderName(options);
  let current: { worker: Worker; pending: Map<number, (r: SendResult) => void> } | undefined;
  let nextId = 0;
  let closed = false;

  const start = () => {
    const worker = new Worker(new URL('./smtp-worker.ts', import.meta.url), {
      workerData: data satisfies SmtpWorkerData,
    });
    const pending = new Map<number, (r: SendResult) => void>();
    const thread = { worker, pending };
    worker.on('message', (m: FromSmtpWorker) => {
      if (m.type === 'log') logger[m.level](m.fields);
      else {
        pending.get(m.id)?.(m.result);
        pending.delete(m.id);
      }
    });
    worker.on('error', (e) =>
      logger.error({ code: 'SMTP_ERROR', sender: name, error: `the SMTP thread failed: ${e}` }),
    );
    worker.on('exit', (exitCode) => {
      if (current === thread) current = undefined;
      for (const resolve of pending.values())
        resolve({ ok: false, permanent: false, error: `the SMTP thread stopped (${exitCode})` });
      pending.clear();
    });
    return thread;
  };

  const send = (mail: OutgoingMail): Promise<SendResult> => {
    if (closed)
      return Promise.resolve({ ok: false, permanent: false, error: 'the SMTP sender is closed' });
    current ??= start();
    const { worker, pending } = current;
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      worker.postMessage({ type: 'send', id, mail } satisfies ToSmtpWorker);
    });
  };

  const close = async (): Promise<void> => {
    closed = true;
    const thread = current;
    if (!thread) return;
    const exited = new Promise<'exited'>((resolve) =>
      thread.worker.once('exit', () => resolve('exited')),
    );
    thread.worker.postMessage({ type: 'close' } satisfies ToSmtpWorker);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CLOSE_TIMEOUT_MS);
    });
    try {
      if ((await Promise.race([exited, late])) === 'late') await thread.worker.terminate();
    } finally {
      clearTimeout(timer);
    }
  };

  return { name, concurrency: options.connections ?? 1, send, close };
}

const senderName = (o: { host: string; port: number }) => `smtp ${o.host}:${o.port}`;

/** nodemailer in this thread (the SMTP worker runs it; `createSmtpSender` runs the worker). */
export function createSmtpSenderHere(options: SmtpSenderOptions): Sender {
  const { logger } = options;
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const name = senderName(options);
  const connections = options.connections ?? 1;
  const transport = createTransport({
    pool: true,
    maxConnections: connections,
    host: options.host,
    port: options.port,
    secure: options.secure,
    ...(options.user !== undefined
      ? { auth: { user: options.user, pass: options.password ?? '' } }
      : {}),
    ...(options.dkim ? { dkim: options.dkim } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
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
