// A mail forwarded by someone else (a TD who got a player's move by mistake, P-5d, P-6d): the
// forwarded mail's sender, the day it was sent (P-2j: the real dispatch day) and its own words,
// read from a message attached whole (message/rfc822, its own headers) or from the header block
// a mail client pastes above a forwarded text ("---------- Forwarded message ---------",
// "Begin forwarded message:", Outlook's "From: … Sent: …"). Nothing here says the mail is
// genuine: the forwarder typed or kept those lines, and no signature covers them (P-2d).

import type { CalendarDate } from '../clock/index.ts';
import { isCalendarDate } from '../clock/index.ts';
import {
  FORWARD_LEAD_RE,
  headerLabelOf,
  isReplyHeaderBlock,
  newTextOfPlain,
  SEPARATOR_RE,
} from './new-text.ts';
import type { InboundMail, MailAddress } from './read-message.ts';
import { findDates } from './stated-date.ts';

export interface Forwarded {
  /** Attached whole (its headers are the mail's own) or pasted into the forwarding mail's text. */
  how: 'attached' | 'inline';
  /** Who sent the forwarded mail, as its From says. */
  from?: MailAddress;
  /** The day it was sent, on its sender's clock (YYYY-MM-DD), when its date reads. */
  sentOn?: CalendarDate;
  /** The date as it is written in the forward, when it does not read as a day. */
  dateWritten?: string;
  subject?: string;
  /** The forwarded mail's own words, its quotes and signature cut. */
  text: string;
}

/** A forward's subject: "Fwd:", "Fw:", "WG:", "PD:", "TR:", "Přeposlat:", "Пересл:" (after any "Re:"). */
export const FORWARD_SUBJECT_RE =
  /^\s*(?:(?:re|aw|odp|sv)\s*:\s*)*(?:fwd?|wg|pd|tr|přeposlat|přeposláno|пересл|переслано|doorst)\s*:/iu;

/** Separators that only a forward writes (not a reply's "Original Message"). */
const FORWARD_SEPARATOR_RE =
  /forwarded message|przekazana wiadomość|wiadomość przekazana|přeposlaná zpráva|weitergeleitete nachricht|пересылаемое сообщение|пересланное сообщение|пересланий лист|переслане повідомлення/iu;

/**
 * The mail `mail` forwards: `attached` when it came as a message/rfc822 part (read by the
 * caller), else the header block in its text after a forward's separator, or a reply-style
 * header block in a mail whose subject is a forward's. Undefined when it forwards nothing.
 */
export function forwardedOf(mail: InboundMail, attached?: InboundMail): Forwarded | undefined {
  if (attached)
    return {
      how: 'attached',
      ...(attached.from ? { from: attached.from } : {}),
      ...(attached.localDay && isCalendarDate(attached.localDay)
        ? { sentOn: attached.localDay }
        : {}),
      subject: attached.subject,
      text: newTextOfPlain(attached.text).text,
    };
  const lines = mail.text.replace(/\r\n?/g, '\n').split('\n');
  const subjectSaysForward = FORWARD_SUBJECT_RE.test(mail.subject);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const separator =
      FORWARD_LEAD_RE.test(line) || (SEPARATOR_RE.test(line) && FORWARD_SEPARATOR_RE.test(line));
    const separatorInReply = SEPARATOR_RE.test(line) && subjectSaysForward;
    let start = -1;
    if (separator || separatorInReply) {
      start = i + 1;
      while (start < lines.length && (lines[start] ?? '').trim() === '') start++;
    } else if (subjectSaysForward && isReplyHeaderBlock(lines, i)) start = i;
    if (start < 0) continue;
    const read = headerBlock(lines, start);
    if (!read) continue;
    return { how: 'inline', ...read.fields, text: newTextOfPlain(read.body).text };
  }
  return undefined;
}

/** The `Label: value` lines from `start` (From, Date or Sent, Subject, To), and the text after. */
function headerBlock(
  lines: readonly string[],
  start: number,
): { fields: Omit<Forwarded, 'how' | 'text'>; body: string } | undefined {
  const fields: Omit<Forwarded, 'how' | 'text'> = {};
  let i = start;
  for (; i < lines.length && i < start + 10; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') break;
    const header = headerLabelOf(line);
    if (!header) break;
    const value = header.value.trim();
    if (header.label === 'from') {
      const from = addressOf(value);
      if (from) fields.from = from;
    } else if (header.label === 'sent') {
      const day = findDates(value).find((d) => d.date.ok);
      if (day?.date.ok && isCalendarDate(day.date.value)) fields.sentOn = day.date.value;
      else fields.dateWritten = value;
    } else if (header.label === 'subject') fields.subject = value;
  }
  if (!fields.from) return undefined;
  return { fields, body: lines.slice(i).join('\n') };
}

/** "Олена Шевченко <olena@ukr.net>", "olena@ukr.net", "\"Olena\" <mailto:olena@ukr.net>". */
function addressOf(value: string): MailAddress | undefined {
  const bracketed = /<(?:mailto:)?([^<>\s@]+@[^<>\s]+)>/iu.exec(value);
  const bare = bracketed
    ? undefined
    : /([^\s<>"'()[\]]+@[^\s<>"'()[\]]+\.[^\s<>"'()[\]]+)/u.exec(value);
  const address = (bracketed?.[1] ?? bare?.[1])?.toLowerCase().replace(/[.,;]$/, '');
  if (!address) return undefined;
  const name = bracketed
    ? value
        .slice(0, bracketed.index)
        .trim()
        .replace(/^["'“]|["'”]$/g, '')
        .trim()
    : '';
  return { address, name };
}
