// The SMTP worker thread (smtp-sender.ts starts it): nodemailer with its connection pool, fed
// one ready message at a time by the referee's thread; it answers each with the send's result
// and forwards its log lines, so the referee's logger writes them.

import { parentPort, workerData } from 'node:worker_threads';
import type { LogCode, Logger } from './log.ts';
import type { FromSmtpWorker, SmtpWorkerData, ToSmtpWorker } from './smtp-sender.ts';
import { createSmtpSenderHere } from './smtp-sender.ts';

const port = parentPort;
if (!port) throw new Error('smtp-worker.ts runs as a worker thread of createSmtpSender');

const post = (m: FromSmtpWorker) => port.postMessage(m);
const at =
  (level: 'info' | 'warn' | 'error' | 'debug') =>
  (fields: Record<string, unknown>): void =>
    post({ type: 'log', level, fields: fields as Record<string, unknown> & { code: LogCode } });
const logger: Logger = {
  info: at('info'),
  warn: at('warn'),
  error: at('error'),
  debug: at('debug'),
};

const sender = createSmtpSenderHere({ ...(workerData as SmtpWorkerData), logger });

port.on('message', (m: ToSmtpWorker) => {
  if (m.type === 'close') {
    // The pool says QUIT; then the thread ends even if a socket lingers.
    void sender.close().finally(() => process.exit(0));
    return;
  }
  // A Buffer crosses the thread boundary as a plain Uint8Array.
  const { raw } = m.mail;
  const mail = { ...m.mail, raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) };
  void sender.send(mail).then((result) => post({ type: 'result', id: m.id, result }));
});
