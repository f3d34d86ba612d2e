// `amici outbox`: what waits to be sent and what failed for good — the TD's view of the outbox
// after a mail server outage or a bouncing address — `amici outbox retry` to send failed
// mail again once the cause is fixed (the retry schedule starts afresh; the daemon, or
// `amici run --once`, sends it), and `amici outbox show` to read what a player was sent.

import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { memoryLogger } from '../daemon/log.ts';
import { messageIdFor, readdressed } from '../daemon/outgoing-mime.ts';
import type { OutboxInfo, OutboxStatus } from '../store/store.ts';
import { openConfig, openService } from './context.ts';
import type { CliIo } from './io.ts';
import { argsOrExit } from './io.ts';

const OPTIONS = {
  config: { type: 'string' },
  json: { type: 'boolean' },
  all: { type: 'boolean' },
  failed: { type: 'boolean' },
  raw: { type: 'boolean' },
  to: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const HELP = `usage: amici outbox [--all] [--json] [--config FILE]
       amici outbox retry (ID… | --failed) [--config FILE]
       amici outbox show ID [--raw] [--config FILE]
       amici outbox resend ID [--to ADDRESS] [--config FILE]

Lists outgoing mail that waits (pending) or failed for good (failed), newest first; --all adds
the mail already sent and the mail overtaken before it went out (obsolete: an inbox alert still
waiting when the inbox was read again), the last 200. \`retry\` queues failed mail again, or mail waiting for a
later try, from now, with the retry schedule from its start; the daemon or \`amici run --once\`
then sends it. A move's relay that goes out so counts as delivered to its player that day
(P-6d): their clock runs from then, not from the day the move came. \`show\` prints
one mail as its recipient reads it — the header, the text, the attachments' names — when a
player asks what amici told them; --raw prints it byte for byte, as handed over (an .eml).
\`resend\` queues a copy of mail already sent that bounced, to the player's address as the
config now has it (correct it first), or to --to: a move's relay so sent counts as delivered
the day the copy goes out (P-6d). A relay that goes out on a later day than it was written
(retried, or a copy) is written anew that day: its clock and last day count from then, and its
first line says when it was first sent and why it comes only now; so is the TD's copy of it to
print and post to a player by post (P-2m), which says when it was first written.
`;

const parse = (args: string[]) => parseArgs({ args, options: OPTIONS, allowPositionals: true });

/**
 * The mail's time that matters: when it was sent, when its next try falls due, or when the try
 * that failed for good was made — not when it fell due: a daemon stopped for hours, or run from
 * cron, makes it later (unknown for mail that failed before amici recorded it).
 */
const lastTime = (m: OutboxInfo): string =>
  m.status === 'sent'
    ? (m.sentAt ?? '')
    : m.status === 'obsolete'
      ? ''
      : m.status === 'failed'
        ? (m.failedAt ?? '')
        : m.nextTryAt;

/** Why it is not sent yet: the last error, and when the try that gave it was made. */
const lastError = (m: OutboxInfo): string =>
  m.status === 'pending' && m.lastError && m.failedAt
    ? `failed ${m.failedAt.slice(0, 16)}: ${m.lastError}`
    : (m.lastError ?? '');

function line(m: OutboxInfo): string {
  return [
    String(m.id).padStart(6),
    m.status.padEnd(7),
    (m.gameKey ?? '-').padEnd(12),
    m.kind.padEnd(22),
    m.recipients.join(', ').padEnd(30),
    String(m.attempts).padStart(3),
    m.createdAt.slice(0, 16).padEnd(16),
    lastTime(m).slice(0, 16).padEnd(16),
    m.bouncedAt ? `bounced ${m.bouncedAt.slice(0, 16)}` : lastError(m),
  ]
    .join('  ')
    .trimEnd();
}

export async function outboxCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'outbox', HELP, () => parse(args));
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [verb, ...ids] = positionals;
  if (verb === 'show') return show(ids, values, io);
  if (verb === 'resend') return resend(ids, values, io);
  if (verb !== undefined && verb !== 'retry') {
    io.err(`amici outbox: unknown "${verb}"\n\n${HELP}`);
    return 2;
  }
  const numbers = ids.map(Number);
  if (verb === 'retry' && (values.failed ? ids.length > 0 : ids.length === 0)) {
    io.err(
      `amici outbox retry: give the ids of failed or waiting mail, or --failed for all failed mail\n`,
    );
    return 2;
  }
  if (numbers.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
    io.err(`amici outbox retry: ids are the numbers \`amici outbox\` shows\n`);
    return 2;
  }
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  try {
    const store = service.store;
    if (verb === 'retry') {
      const requeued = store.requeue(
        values.failed ? 'failed' : numbers,
        service.clock().toISOString(),
      );
      const missed = numbers.filter((n) => !requeued.includes(n));
      if (missed.length)
        io.err(
          `amici outbox retry: already sent, or no such mail, left alone: ${missed.join(', ')}\n`,
        );
      io.out(
        requeued.length
          ? `queued again: ${requeued.join(', ')} — sent by the daemon, or now by \`amici run --once\`\n`
          : 'nothing to retry: no failed mail\n',
      );
      return missed.length ? 1 : 0;
    }
    const statuses: OutboxStatus[] = values.all
      ? ['pending', 'failed', 'sent', 'obsolete']
      : ['pending', 'failed'];
    const rows = store.outboxList(statuses);
    if (values.json) {
      io.out(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    const counts = store.outboxCounts();
    io.out(
      `outbox: ${counts.pending} pending, ${counts.failed} failed, ${counts.sent} sent${counts.obsolete ? `, ${counts.obsolete} obsolete (never sent: overtaken)` : ''}\n`,
    );
    if (rows.length) {
      io.out(
        `${'id'.padStart(6)}  ${'status'.padEnd(7)}  ${'game'.padEnd(12)}  ${'kind'.padEnd(22)}  ${'to'.padEnd(30)}  try  ${'queued'.padEnd(16)}  ${'next/sent/failed'.padEnd(16)}  last error\n`,
      );
      for (const m of rows) io.out(`${line(m)}\n`);
    }
    if (counts.failed)
      io.out('failed mail is sent again with `amici outbox retry ID…` or `--failed`\n');
    return 0;
  } finally {
    service.store.close();
  }
}

/** The one mail id `verb` was given, or undefined (said, with what to give). */
function oneId(ids: string[], verb: string, io: CliIo): number | undefined {
  const id = Number(ids[0]);
  if (ids.length === 1 && Number.isSafeInteger(id) && id > 0) return id;
  io.err(`amici outbox ${verb}: give the number \`amici outbox --all\` shows\n`);
  return undefined;
}

/** `amici outbox resend ID`: a copy of mail sent and bounced, to the address it should go to. */
async function resend(
  ids: string[],
  values: { config?: string | undefined; to?: string | undefined },
  io: CliIo,
): Promise<number> {
  const id = oneId(ids, 'resend', io);
  if (id === undefined) return 2;
  if (values.to !== undefined && !/^[^@\s]+@[^@\s]+$/.test(values.to)) {
    io.err(`amici outbox resend: --to ${values.to} is not an email address\n`);
    return 2;
  }
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  try {
    const store = service.store;
    const info = store.outboxRow(id);
    if (!info) {
      io.err(`amici outbox resend: no mail ${id}\n`);
      return 1;
    }
    if (info.status !== 'sent') {
      io.err(
        `amici outbox resend: mail ${id} is ${info.status}, not sent: \`amici outbox retry ${id}\` sends it again\n`,
      );
      return 1;
    }
    const to = values.to ?? service.currentAddressOf(id);
    if (!to) {
      io.err(
        `amici outbox resend: mail ${id} went to ${info.recipients.join(', ')}; say where the copy goes with --to ADDRESS\n`,
      );
      return 2;
    }
    if (info.recipients.some((r) => r.toLowerCase() === to.toLowerCase())) {
      io.err(
        `amici outbox resend: ${to} is the address mail ${id} went to; correct the player's address in the config first (the new one first in its list), or give --to ADDRESS\n`,
      );
      return 1;
    }
    const at = service.clock().toISOString();
    const messageId = messageIdFor(`resend:${id}:${to}:${at}`, loaded.config.from.address);
    const copy = store.resend(
      id,
      {
        messageId,
        recipients: [to],
        raw: readdressed(info.raw, to, messageId),
        note: `copy of mail ${id}, which went to ${info.recipients.join(', ')}`,
      },
      at,
    );
    if (copy === undefined) {
      io.err(`amici outbox resend: mail ${id} could not be copied\n`);
      return 1;
    }
    io.out(
      `mail ${id} (${info.kind}) queued again as mail ${copy}, to ${to} — sent by the daemon, or now by \`amici run --once\`\n`,
    );
    return 0;
  } finally {
    service.store.close();
  }
}

/** `amici outbox show ID`: one outgoing mail, readable, or byte for byte with --raw. */
async function show(
  ids: string[],
  values: { config?: string | undefined; raw?: boolean | undefined },
  io: CliIo,
): Promise<number> {
  const id = oneId(ids, 'show', io);
  if (id === undefined) return 2;
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  let raw: Buffer | undefined;
  let info: OutboxInfo | undefined;
  try {
    raw = service.store.outboxRaw(id);
    info = service.store.outboxInfo(id);
  } finally {
    service.store.close();
  }
  if (!raw || !info) {
    io.err(`amici outbox show: no mail ${id}\n`);
    return 1;
  }
  if (values.raw) {
    io.out(raw.toString('utf8'));
    return 0;
  }
  const mail = await simpleParser(raw);
  const state =
    info.status === 'sent'
      ? `sent ${info.sentAt ?? ''}${info.bouncedAt ? `, came back as a bounce ${info.bouncedAt}` : ''}`
      : info.status === 'failed'
        ? `failed for good${info.failedAt ? ` ${info.failedAt}` : ''}: ${info.lastError ?? ''}`
        : info.status === 'obsolete'
          ? `obsolete, ${info.lastError ?? 'not sent'}`
          : `waiting, next try ${info.nextTryAt}${info.lastError ? ` (${info.failedAt ? `the last try failed ${info.failedAt}` : 'last error'}: ${info.lastError})` : ''}`;
  const head = [
    `Outbox ${id}: ${info.kind}${info.gameKey ? `, game ${info.gameKey}` : ''}, ${state}; queued ${info.createdAt}`,
    `From: ${mail.from?.text ?? ''}`,
    `To: ${info.recipients.join(', ')}`,
    `Subject: ${mail.subject ?? ''}`,
    `Date: ${mail.date?.toISOString() ?? ''}`,
    `Message-ID: ${mail.messageId ?? ''}`,
  ];
  const attached = mail.attachments.map((a) => `${a.filename ?? a.contentType} (${a.size} bytes)`);
  io.out(`${head.join('\n')}\n\n${(mail.text ?? '').trimEnd()}\n`);
  if (attached.length) io.out(`\nAttached: ${attached.join(', ')}\n`);
  return 0;
}
