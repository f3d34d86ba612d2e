// Reading one raw inbound message (RFC 5322 + MIME) into plain data: identifiers for threading
// (Message-ID, In-Reply-To, References), sender and recipients (P-2d names the sender), subject,
// date, the body text, and a `.pgn` a player attaches on purpose. mailparser decodes charsets,
// quoted-printable, base64 and format=flowed (DelSp too); we repair its one flowed slip (joined
// quoted lines keep the inner `>`), turn HTML-only bodies into text ourselves so quote blocks
// stay recognisable, and keep the parts of a delivery report for the bounce classifier.
// Never throws: garbage comes back as a Result with an error code.

import { type AddressObject, type Attachment, simpleParser } from 'mailparser';
import { htmlToText } from './html-text.ts';
import { fail, ok, type Result } from './result.ts';

export interface MailAddress {
  /** Lower-cased address, '' when the header had a name only. */
  address: string;
  name: string;
}

export interface PgnAttachment {
  filename: string;
  text: string;
}

export interface DeliveryReport {
  /** The message/delivery-status part (RFC 3464), as text. */
  deliveryStatus?: string;
  /** The returned headers or message (text/rfc822-headers or message/rfc822), as text. */
  original?: string;
}

export interface InboundMail {
  messageId?: string;
  inReplyTo?: string;
  references: string[];
  from?: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  /** The Date header as an ISO string (UTC), undefined when missing or unreadable. */
  date?: string;
  /**
   * The calendar day (YYYY-MM-DD) on the sender's own clock when they sent it, from the Date
   * header's offset: what "today" and "yesterday" in the mail mean.
   */
  localDay?: string;
  /** The text part, or the HTML part turned into text when there is no text part. */
  text: string;
  /** The HTML part as received, when there is one. */
  html?: string;
  /** True when `text` was made from `html` (no text part). */
  textFromHtml: boolean;
  /** Top-level headers by lower-cased name: the first occurrence, unfolded, not decoded. */
  headers: Record<string, string>;
  /** `.pgn` attachments, decoded to text. Other attachments are ignored. */
  pgn: PgnAttachment[];
  /** Parts of a multipart/report (DSN) message. */
  report: DeliveryReport;
}

export const READ_ERRORS = ['empty', 'too-large', 'not-a-message', 'unparseable'] as const;
export type ReadError = (typeof READ_ERRORS)[number];

export interface ReadOptions {
  /**
   * Refuse larger inputs (bytes); default 50 MiB: a mail with the largest attachment Gmail or
   * Outlook sends (25 MB, about 34 MB once encoded) is still read (its text; ~0.4 s, a few
   * hundred MB of memory for a moment).
   */
  maxBytes?: number;
  /**
   * Give up on a message the parser has not finished after this long (default 60 s): one
   * pathological mail must not stop the referee for every other game.
   */
  parseTimeoutMs?: number;
}

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULT_PARSE_TIMEOUT_MS = 60_000;

/** `promise`, or a rejection after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not parsed within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The sender and subject of a mail too large to read, from its header block alone (for the
 * inbox listing and the log); undefined when no header block shows in its first 256 KB.
 */
export async function headerOnly(
  raw: Buffer,
): Promise<{ sender?: string; subject?: string } | undefined> {
  const head = raw.subarray(0, 256 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  if (end < 0) return undefined;
  try {
    const parsed = await simpleParser(Buffer.from(head.slice(0, end), 'latin1'));
    const from = addresses(parsed.from)[0]?.address;
    return { ...(from ? { sender: from } : {}), subject: parsed.subject ?? '' };
  } catch {
    return undefined;
  }
}

export async function readMessage(
  raw: Buffer | string,
  options: ReadOptions = {},
): Promise<Result<InboundMail, ReadError>> {
  const buffer = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  // Bytes an inbox could not give (an IMAP server's `BODY[] NIL` reaches here as `false`).
  if (!Buffer.isBuffer(buffer)) return fail('empty');
  if (buffer.length === 0 || buffer.toString('latin1').trim() === '') return fail('empty');
  if (buffer.length > (options.maxBytes ?? DEFAULT_MAX_BYTES)) return fail('too-large');
  const head = buffer.subarray(0, 1 << 20).toString('latin1');
  if (!/^[\x21-\x39\x3b-\x7e]+:/.test(head.trimStart())) return fail('not-a-message');
  try {
    const parsed = await within(
      simpleParser(buffer, { keepDeliveryStatus: true, skipHtmlToText: true }),
      options.parseTimeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS,
    );
    const headers = collectHeaders(parsed.headerLines);
    if (Object.keys(headers).length === 0) return fail('not-a-message');
    const html = typeof parsed.html === 'string' ? parsed.html : undefined;
    const hasTextPart = declaresTextPart(head);
    let text = hasTextPart ? (parsed.text ?? '') : '';
    const textFromHtml = !hasTextPart && html !== undefined;
    if (textFromHtml && html !== undefined) text = htmlToText(html);
    if (hasTextPart && /format\s*=\s*"?flowed/i.test(head)) text = repairFlowedQuotes(text);
    const date = dateOf(headers.date);
    const mail: InboundMail = {
      references: toList(parsed.references),
      to: addresses(parsed.to),
      cc: addresses(parsed.cc),
      subject: parsed.subject ?? '',
      text: normalizeNewlines(text),
      textFromHtml,
      headers,
      pgn: parsed.attachments.flatMap(pgnOf),
      report: reportOf(parsed.attachments),
    };
    if (parsed.messageId) mail.messageId = parsed.messageId;
    if (parsed.inReplyTo) mail.inReplyTo = parsed.inReplyTo.trim();
    const from = addresses(parsed.from)[0];
    if (from) mail.from = from;
    if (date) mail.date = date;
    const localDay = date && localDayOf(headers.date ?? '', date);
    if (localDay) mail.localDay = localDay;
    if (html !== undefined) mail.html = html;
    return ok(mail);
  } catch (error) {
    return fail('unparseable', error instanceof Error ? error.message : String(error));
  }
}

/** mailparser puts "now" in place of an unreadable Date header; we would rather have none. */
function dateOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const time = Date.parse(header.replace(/\s*\([^)]*\)\s*$/, ''));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The day on the sender's clock: the UTC instant moved by the header's own "+0100" offset. */
function localDayOf(header: string, utc: string): string | undefined {
  const offset = /([+-])(\d\d)(\d\d)\s*(?:\([^)]*\))?\s*$/.exec(header);
  const minutes = offset
    ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
    : 0;
  if (Math.abs(minutes) > 14 * 60) return undefined;
  return new Date(Date.parse(utc) + minutes * 60_000).toISOString().slice(0, 10);
}

function collectHeaders(lines: readonly { key: string; line: string }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    const name = key.toLowerCase();
    if (name in headers) continue;
    const colon = line.indexOf(':');
    headers[name] = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  }
  return headers;
}

/** Whether the message has a text/plain part: a Content-Type saying so, or none at the top. */
function declaresTextPart(head: string): boolean {
  const headerEnd = head.search(/\r?\n\r?\n/);
  const top = headerEnd < 0 ? head : head.slice(0, headerEnd);
  if (!/^content-type:/im.test(top)) return true;
  return /^content-type:[ \t]*text\/plain/im.test(head);
}

/**
 * mailparser's format=flowed decoder joins soft-broken quoted lines without dropping the quote
 * marks of the continuation ("> a " + "> b" becomes "> a > b"); RFC 3676 §4.5 wants "> a b".
 */
export function repairFlowedQuotes(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const prefix = /^(>+) ?/.exec(line);
      if (!prefix?.[1]) return line;
      const depth = prefix[1].length;
      const inner = new RegExp(`(?<= )>{${depth}}(?!>) ?`, 'g');
      return prefix[0] + line.slice(prefix[0].length).replace(inner, '');
    })
    .join('\n');
}

function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => entry.split(/\s+/)).filter((entry) => entry !== '');
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (value === undefined) return [];
  const objects = Array.isArray(value) ? value : [value];
  const out: MailAddress[] = [];
  for (const object of objects) {
    for (const entry of object.value) {
      const members = entry.group ?? [entry];
      for (const member of members) {
        out.push({ address: (member.address ?? '').toLowerCase(), name: member.name ?? '' });
      }
    }
  }
  return out;
}

const PGN_TYPES = ['application/x-chess-pgn', 'application/vnd.chess-pgn', 'application/pgn'];

function pgnOf(attachment: Attachment): PgnAttachment[] {
  const filename = attachment.filename ?? '';
  const isPgn =
    /\.pgn$/i.test(filename) || PGN_TYPES.includes(attachment.contentType.toLowerCase());
  if (!isPgn) return [];
  const charset = /charset="?([^";\s]+)/i.exec(
    attachment.headers.get('content-type')?.toString() ?? '',
  )?.[1];
  const param = contentTypeCharset(attachment) ?? charset;
  return [
    {
      filename: filename || 'game.pgn',
      text: normalizeNewlines(decodeText(attachment.content, param)),
    },
  ];
}

function contentTypeCharset(attachment: Attachment): string | undefined {
  const header = attachment.headers.get('content-type');
  if (header && typeof header === 'object' && 'params' in header) {
    const params = (header as { params?: Record<string, string> }).params;
    return params?.charset;
  }
  return undefined;
}

/** Decodes bytes in the declared charset, else UTF-8, else Windows-1250 (Central European PGN). */
export function decodeText(bytes: Buffer, charset?: string): string {
  if (charset) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // unknown charset label: fall through to detection
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

function reportOf(attachments: Attachment[]): DeliveryReport {
  const report: DeliveryReport = {};
  for (const attachment of attachments) {
    const type = attachment.contentType.toLowerCase();
    if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
      report.deliveryStatus ??= attachment.content.toString('utf8');
    } else if (
      type === 'text/rfc822-headers' ||
      type === 'message/rfc822' ||
      type === 'message/global'
    ) {
      report.original ??= attachment.content.toString('utf8');
    }
  }
  return report;
}
