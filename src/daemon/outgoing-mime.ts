// Turning a composed mail into the MIME we queue: From, To, the game's thread (a stable
// Message-ID per mail, In-Reply-To and References to the game thread's root — and to the
// player's own mail when we answer it), Auto-Submitted so auto-responders stay quiet, the text
// and HTML parts, the board image inline by cid, the PGN attached, a player's mail for the TD
// attached whole (message/rfc822, unencoded as RFC 2046 asks). The Date is the decision's
// time and the boundaries come from the Message-ID, so the same decision builds the same bytes.
//
// Built synchronously: the structure (multipart/mixed ⊃ alternative ⊃ related) is a few lines,
// and every encoding — encoded-words in headers, header folding, quoted-printable, RFC 2231
// parameters — is nodemailer's own (lib/mime-funcs, lib/qp). Base64 is Node's, only cut into
// lines here: nodemailer cuts it with a regular expression, which cost ~0.1 ms a mail (the
// board PNG) in issue 5's bench. nodemailer's
// MailComposer builds the same structure through streams and cost ~1.3 ms a mail, the third
// largest cost of a backlog (issue 5's bench); this costs a few hundredths of that.

import { createHash } from 'node:crypto';
import * as mime from 'nodemailer/lib/mime-funcs';
import * as qp from 'nodemailer/lib/qp';
import type { ComposedMail, MailAttachment } from '../compose/index.ts';

export interface MimeInput {
  mail: ComposedMail;
  from: { name: string; address: string };
  to: string[];
  /** Addresses that get a copy, named in the Cc field (the chairman of an appeal, P-13c). */
  cc?: string[];
  /** Makes the Message-ID: the same seed gives the same ID (a retried decision, not a new mail). */
  seed: string;
  /** The player's Message-ID we are answering, if any. */
  inReplyTo?: string;
  date: Date;
  /** The Message-ID, when it is not made from `seed`: a queued mail written anew keeps its own. */
  messageId?: string;
}

const domainOf = (address: string) => address.split('@')[1] ?? 'amici.invalid';
const hash = (s: string) => createHash('sha256').update(s).digest('hex');

export const threadRootId = (threadKey: string, fromAddress: string) =>
  `<thread.${hash(threadKey).slice(0, 24)}@${domainOf(fromAddress)}>`;

export function messageIdFor(seed: string, fromAddress: string): string {
  return `<${hash(seed).slice(0, 32)}@${domainOf(fromAddress)}>`;
}

const CRLF = '\r\n';

/** Base64 in lines of 76 characters (RFC 2045), each but the last ended by CRLF. */
export function base64Lines(data: Buffer | string): string {
  const text = Buffer.from(data).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 76) lines.push(text.slice(i, i + 76));
  return lines.join(CRLF);
}

/** A header value on one line: a line break inside (a decoded subject can hold one) would start a new header. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** "Name: value", the value's non-ASCII words as encoded-words, folded at 76. */
function header(name: string, value: string): string {
  return mime.foldLines(`${name}: ${mime.encodeWords(oneLine(value), 'Q', 52)}`, 76);
}

/** `Display Name <address>`, the name bare, quoted or encoded as it needs (the header folds it). */
function mailbox(name: string, address: string): string {
  const display = oneLine(name);
  if (!display) return address;
  if (/^[\w ]+$/.test(display)) return `${display} <${address}>`;
  const shown = mime.isPlainText(display)
    ? mime.quoteString(display)
    : mime.encodeWord(display, 'Q', 52);
  return `${shown} <${address}>`;
}

const RFC2822_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const RFC2822_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** "Sun, 22 Nov 2026 10:00:00 +0000". */
function rfc2822Date(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${RFC2822_DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${RFC2822_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

/**
 * A text part: 7bit when plain short-lined ASCII; else quoted-printable, readable in the raw
 * source, or base64 when that is mostly non-ASCII anyway or `preferBase64` (the HTML part: long
 * lines nobody reads raw, and base64 is native while quoted-printable is encoded in JS).
 */
function textPart(contentType: string, text: string, preferBase64 = false): string {
  // Lone CRs and LFs become CRLF: a bare one is not a line break in MIME.
  const body = text.replace(/\r\n|\r|\n/g, CRLF);
  const type = `Content-Type: ${contentType}; charset=utf-8`;
  const asBase64 = () =>
    `${type}${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}${base64Lines(body)}`;
  if (preferBase64) return asBase64();
  // Control characters (but tab and line ends) are not 7bit either: quoted-printable keeps them.
  let nonAscii = 0;
  let control = false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c > 0x7e) nonAscii++;
    else if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) control = true;
  }
  if (nonAscii === 0 && !control && !mime.hasLongerLines(body, 76))
    return `${type}${CRLF}Content-Transfer-Encoding: 7bit${CRLF}${CRLF}${body}`;
  if (nonAscii > body.length / 3) return asBase64();
  return `${type}${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}${qp.wrap(qp.encode(body), 76)}`;
}

/** The longest line SMTP carries, in octets without its CRLF (RFC 5322 §2.1.1). */
const MAX_LINE = 998;

/**
 * A mail attached whole (message/rfc822) as it may travel: RFC 2046 §5.2.1 allows such a part
 * no encoding but 7bit, 8bit or binary, so it goes unencoded — its line ends made CRLF (a
 * Maildir keeps LF), its last one left to the boundary — as 7bit, all ASCII. Its octets are a
 * latin1 string, one character each (`buildMime` writes the body so). Undefined when it is not
 * 7bit: octets over 127 need 8bit, which a server without 8BITMIME may refuse (and then the TD
 * gets no notice at all); a NUL, or a line too long for SMTP, needs `binary`, which no relay is
 * sure to carry. Such a mail goes as `original.eml`, encoded like any file.
 */
function rfc822Body(content: Buffer | string): { encoding: string; octets: string } | undefined {
  const octets = Buffer.from(content)
    .toString('latin1')
    .replace(/\r\n|\r|\n/g, CRLF)
    .replace(/\r\n$/, '');
  if (octets.includes('\0')) return undefined;
  if (octets.split(CRLF).some((line) => line.length > MAX_LINE)) return undefined;
  if (/[\x80-\xff]/.test(octets)) return undefined;
  return { encoding: '7bit', octets };
}

function attachmentPart(a: MailAttachment): string {
  // A mail attached whole goes unencoded, so the TD's mail program shows it as a mail, with its
  // sender, date and attachments; one that cannot (a NUL, an endless line) goes as a file,
  // base64, which mail programs open by its .eml name.
  const whole = a.contentType === 'message/rfc822' ? rfc822Body(a.content) : undefined;
  const contentType =
    a.contentType === 'message/rfc822' && !whole ? 'application/octet-stream' : a.contentType;
  const type = mime.buildHeaderValue({ value: contentType, params: { name: a.filename } });
  const disposition = mime.buildHeaderValue({
    value: a.cid ? 'inline' : 'attachment',
    params: { filename: a.filename },
  });
  return [
    mime.foldLines(`Content-Type: ${type}`, 76),
    ...(a.cid ? [`Content-ID: <${a.cid}>`] : []),
    `Content-Transfer-Encoding: ${whole?.encoding ?? 'base64'}`,
    mime.foldLines(`Content-Disposition: ${disposition}`, 76),
    '',
    whole?.octets ?? base64Lines(a.content),
  ].join(CRLF);
}

/** A multipart body of `parts` under `boundary`; returns the part with its Content-Type. */
function multipart(subtype: string, boundary: string, parts: string[], extra = ''): string {
  return [
    `Content-Type: multipart/${subtype};${extra}${CRLF} boundary="${boundary}"`,
    '',
    ...parts.map((p) => `--${boundary}${CRLF}${p}`),
    `--${boundary}--`,
  ].join(CRLF);
}

export function buildMime(input: MimeInput): { messageId: string; raw: Buffer } {
  const { mail, from } = input;
  const messageId = input.messageId ?? messageIdFor(input.seed, from.address);
  const root = threadRootId(mail.threadKey, from.address);
  const references = input.inReplyTo ? [root, input.inReplyTo] : [root];
  const boundary = (n: number) => `amici-${hash(`${messageId}:${n}`).slice(0, 24)}-${n}`;

  const inline = mail.attachments.filter((a) => a.cid);
  const attached = mail.attachments.filter((a) => !a.cid);
  const html = textPart('text/html', mail.html, true);
  const htmlWithImages = inline.length
    ? multipart('related', boundary(3), [html, ...inline.map(attachmentPart)], ' type="text/html";')
    : html;
  const alternative = multipart('alternative', boundary(2), [
    textPart('text/plain', mail.text),
    htmlWithImages,
  ]);
  const body = attached.length
    ? multipart('mixed', boundary(1), [alternative, ...attached.map(attachmentPart)])
    : alternative;

  const head = [
    'Auto-Submitted: auto-replied',
    `X-Amici-Kind: ${mail.kind}`,
    ...(mail.printFor ? [`X-Amici-Print-For: ${mail.printFor}`] : []),
    mime.foldLines(`From: ${mailbox(from.name, from.address)}`, 76),
    `To: ${input.to.join(', ')}`,
    ...(input.cc?.length ? [`Cc: ${input.cc.join(', ')}`] : []),
    `In-Reply-To: ${input.inReplyTo ?? root}`,
    mime.foldLines(`References: ${references.join(' ')}`, 76),
    header('Subject', mail.subject),
    `Message-ID: ${messageId}`,
    `Date: ${rfc2822Date(input.date)}`,
    'MIME-Version: 1.0',
  ].join(CRLF);
  // The head may hold UTF-8 (an address); the body is ASCII but for the octets of a mail
  // attached whole as 8bit, which are a latin1 string, one character an octet.
  const raw = Buffer.concat([
    Buffer.from(`${head}${CRLF}`, 'utf8'),
    Buffer.from(`${body}${CRLF}`, 'latin1'),
  ]);
  return { messageId, raw };
}

/**
 * A mail's bytes addressed anew (a copy for a corrected address): its `To` and `Message-ID`
 * header fields replaced, folded lines and all, the rest as it was.
 */
export function readdressed(raw: Buffer, to: string, messageId: string): Buffer {
  // The body is kept as bytes: a mail attached whole as 8bit need not be UTF-8.
  const end = raw.indexOf('\r\n\r\n');
  const head = (end < 0 ? raw : raw.subarray(0, end)).toString('utf8');
  const body = end < 0 ? Buffer.alloc(0) : raw.subarray(end);
  const fields = head.split(/\r\n(?![ \t])/);
  const out = fields.map((f) =>
    /^to:/i.test(f) ? `To: ${to}` : /^message-id:/i.test(f) ? `Message-ID: ${messageId}` : f,
  );
  return Buffer.concat([Buffer.from(out.join(CRLF), 'utf8'), body]);
}

/**
 * The player a copy to print and post was for (its `X-Amici-Print-For`, a player's id), if the
 * mail we built is one (P-2m).
 */
export function printForOf(raw: Buffer): string | undefined {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  return /^x-amici-print-for:[ \t]*([\w.-]+)[ \t]*$/im.exec(head)?.[1];
}

/**
 * The Subject of a mail we built, decoded (its encoded-words are UTF-8, Q or B): what its
 * recipient saw, for the TD's notice of a bounce. '' when it has none.
 */
export function subjectOf(raw: Buffer): string {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n(?=[ \t])/g, '');
  const field = /^subject:[ \t]*(.*)$/im.exec(head)?.[1] ?? '';
  return field
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, _charset: string, enc: string, data: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) =>
                  String.fromCharCode(Number.parseInt(h, 16)),
                ),
              'latin1',
            ).toString('utf8'),
    )
    .trim();
}
