// Turning a composed mail into the MIME we queue: From, To, the game's thread (a stable
// Message-ID per mail, In-Reply-To and References to the game thread's root — and to the
// player's own mail when we answer it), Auto-Submitted so auto-responders stay quiet, the text
// and HTML parts, the board image inline by cid, the PGN attached. Built with nodemailer's
// MailComposer; the Date is the decision's time, so the same decision builds the same mail.

import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { ComposedMail } from '../compose/index.ts';

export interface MimeInput {
  mail: ComposedMail;
  from: { name: string; address: string };
  to: string[];
  /** Makes the Message-ID: the same seed gives the same ID (a retried decision, not a new mail). */
  seed: string;
  /** The player's Message-ID we are answering, if any. */
  inReplyTo?: string;
  date: Date;
}

const domainOf = (address: string) => address.split('@')[1] ?? 'amici.invalid';

export const threadRootId = (threadKey: string, fromAddress: string) =>
  `<thread.${createHash('sha256').update(threadKey).digest('hex').slice(0, 24)}@${domainOf(fromAddress)}>`;

export function messageIdFor(seed: string, fromAddress: string): string {
  return `<${createHash('sha256').update(seed).digest('hex').slice(0, 32)}@${domainOf(fromAddress)}>`;
}

export async function buildMime(input: MimeInput): Promise<{ messageId: string; raw: Buffer }> {
  const { mail, from } = input;
  const messageId = messageIdFor(input.seed, from.address);
  const root = threadRootId(mail.threadKey, from.address);
  const references = input.inReplyTo ? [root, input.inReplyTo] : [root];
  const composer = new MailComposer({
    from: { name: from.name, address: from.address },
    to: input.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId,
    inReplyTo: input.inReplyTo ?? root,
    references,
    date: input.date,
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Amici-Kind': mail.kind },
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
    })),
  });
  const raw = await new Promise<Buffer>((resolve, reject) =>
    composer.compile().build((err, message) => (err ? reject(err) : resolve(message))),
  );
  return { messageId, raw };
}
