// Telling a player's mail from an auto-reply or a bounce, so that neither is read as a
// transmission (an out-of-office is no move, P-4d) and a bounce can tell the TD which player's
// address failed (P-5c address changes, P-3a repeats go to the TD). Headers first (RFC 3834
// Auto-Submitted, X-Autoreply, X-Autorespond, Precedence; RFC 3464 multipart/report), then
// MAILER-DAEMON/postmaster senders, then the subjects clients use in English, Polish, Czech,
// German, Russian and Ukrainian.

import type { InboundMail } from './read-message.ts';

export const MAIL_KINDS = ['normal', 'auto-reply', 'bounce'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const CLASSIFY_REASONS = [
  'none',
  'delivery-report',
  'x-failed-recipients',
  'daemon-sender',
  'bounce-subject',
  'auto-submitted',
  'x-autoreply',
  'x-autorespond',
  'precedence',
  'auto-reply-subject',
] as const;
export type ClassifyReason = (typeof CLASSIFY_REASONS)[number];

export interface Classification {
  kind: MailKind;
  reason: ClassifyReason;
  /** Bounce: the recipient that failed (Original-Recipient, else Final-Recipient, else found). */
  failedRecipient?: string;
  /** Bounce: the Message-ID of our mail that bounced, when the report carries it. */
  originalMessageId?: string;
  /** Bounce: the DSN Action ('failed', 'delayed', …) and Status ('5.1.1'), when given. */
  action?: string;
  status?: string;
}

const DAEMON_LOCAL_RE = /^(?:mailer-daemon|postmaster|mail-daemon|maildaemon)$/i;
const DAEMON_NAME_RE = /^(?:mail delivery (?:system|subsystem)|mailer-daemon|postmaster)$/i;

const BOUNCE_SUBJECT_RE = new RegExp(
  [
    'undeliverable',
    'undelivered mail',
    'delivery status notification \\((?:failure|delay)',
    'mail delivery (?:failed|failure|subsystem)',
    'delivery failure',
    'failure notice',
    'returned mail',
    'returned to sender',
    'delivery has failed',
    'could not be delivered',
    'niedostarczalne',
    'niedostarczona',
    'niedoręczon',
    'nie można dostarczyć',
    'nie dostarczono',
    'nedoručiteln',
    'nedoručen',
    'nelze doručit',
    'unzustellbar',
    'nicht zustellbar',
    'zustellung fehlgeschlagen',
    'fehler bei der zustellung',
    'недоставленное',
    'не удается доставить',
    'не удалось доставить',
    'невозможно доставить',
    'не доставлено',
    'не вдалося доставити',
    'недоставлене',
    'не доставлено',
    'неможливо доставити',
  ].join('|'),
  'iu',
);

const AUTO_REPLY_SUBJECT_RE = new RegExp(
  [
    '^auto:',
    'out of (?:the )?office',
    'automatic reply',
    'auto[- ]?reply',
    'auto[- ]?response',
    'vacation (?:reply|response)',
    'away from (?:my|the) (?:desk|office)',
    'odpowiedź automatyczna',
    'automatyczna odpowiedź',
    'poza biurem',
    'nieobecność',
    'automatická odpověď',
    'mimo kancelář',
    'nepřítomnost',
    'automatische antwort',
    'abwesenheitsnotiz',
    'abwesenheit',
    'außer haus',
    'автоматический ответ',
    'автоответ',
    'вне офиса',
    'нет на месте',
    'автоматична відповідь',
    'автовідповідь',
    'поза офісом',
    'немає на місці',
  ].join('|'),
  'iu',
);

const AUTO_PRECEDENCE = ['bulk', 'junk', 'list', 'auto_reply', 'auto-reply'];

/** Classifies a mail read by readMessage. */
export function classify(mail: InboundMail): Classification {
  const bounce = bounceReason(mail);
  if (bounce) return { kind: 'bounce', reason: bounce, ...bounceDetails(mail) };
  const auto = autoReplyReason(mail);
  if (auto) return { kind: 'auto-reply', reason: auto };
  return { kind: 'normal', reason: 'none' };
}

function bounceReason(mail: InboundMail): ClassifyReason | undefined {
  const contentType = (mail.headers['content-type'] ?? '').toLowerCase();
  if (
    /multipart\/report/.test(contentType) &&
    /report-type\s*=\s*"?delivery-status/.test(contentType)
  ) {
    return 'delivery-report';
  }
  if (mail.report.deliveryStatus !== undefined) return 'delivery-report';
  if ((mail.headers['x-failed-recipients'] ?? '') !== '') return 'x-failed-recipients';
  const local = (mail.from?.address ?? '').split('@')[0] ?? '';
  if (DAEMON_LOCAL_RE.test(local) || DAEMON_NAME_RE.test((mail.from?.name ?? '').trim())) {
    return 'daemon-sender';
  }
  if (BOUNCE_SUBJECT_RE.test(mail.subject)) return 'bounce-subject';
  return undefined;
}

function autoReplyReason(mail: InboundMail): ClassifyReason | undefined {
  const autoSubmitted = (mail.headers['auto-submitted'] ?? '').trim().toLowerCase();
  if (autoSubmitted !== '' && !/^no\b/.test(autoSubmitted)) return 'auto-submitted';
  if ('x-autoreply' in mail.headers) return 'x-autoreply';
  if ('x-autorespond' in mail.headers || 'x-autoresponder' in mail.headers) return 'x-autorespond';
  const precedence = (mail.headers.precedence ?? '').trim().toLowerCase();
  if (AUTO_PRECEDENCE.includes(precedence)) return 'precedence';
  if (AUTO_REPLY_SUBJECT_RE.test(mail.subject.replace(/^\s*(?:re|aw|odp|fw|fwd)\s*:\s*/i, ''))) {
    return 'auto-reply-subject';
  }
  return undefined;
}

type BounceDetails = Pick<
  Classification,
  'failedRecipient' | 'originalMessageId' | 'action' | 'status'
>;

function field(text: string, name: string): string | undefined {
  const match = new RegExp(`^${name}[ \\t]*:[ \\t]*(.+)$`, 'im').exec(text);
  return match?.[1]?.trim();
}

function recipientOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const address = value
    .replace(/^[a-z0-9-]+\s*;\s*/i, '')
    .replace(/[<>]/g, '')
    .trim();
  return address.includes('@') ? address.toLowerCase() : undefined;
}

function bounceDetails(mail: InboundMail): BounceDetails {
  const details: BounceDetails = {};
  const status = mail.report.deliveryStatus ?? '';
  const recipient =
    recipientOf(field(status, 'Original-Recipient')) ??
    recipientOf(field(status, 'Final-Recipient')) ??
    recipientOf(mail.headers['x-failed-recipients']?.split(',')[0]) ??
    recipientInText(mail.text);
  if (recipient) details.failedRecipient = recipient;
  const action = field(status, 'Action');
  if (action) details.action = action.toLowerCase();
  const code = field(status, 'Status');
  if (code) details.status = code.split(/\s/)[0] ?? code;
  const messageId =
    messageIdIn(mail.report.original ?? '') ??
    messageIdIn(mail.text) ??
    mail.inReplyTo ??
    undefined;
  if (messageId) details.originalMessageId = messageId;
  return details;
}

function messageIdIn(text: string): string | undefined {
  return /^[ \t>]*Message-ID:[ \t]*(<[^<>\s]+>)/im.exec(text)?.[1];
}

/** Plain-text bounces (qmail "<a@b>:", Exim "failed:" lists, Postfix "<a@b>: host …"). */
function recipientInText(text: string): string | undefined {
  const patterns = [
    /^[ \t]*<([^<>\s@]+@[^<>\s]+)>:/m,
    /(?:failed|permanent error|recipients?)[^\n]*:\s*\n\s*<?([^\s<>@]+@[^\s<>]+?)>?\s*$/im,
    /(?:to|recipient|address)[^\n@]{0,40}?<?([^\s<>@:]+@[^\s<>:]+?\.[a-z]{2,})>?/i,
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found) return found.toLowerCase();
  }
  return undefined;
}
