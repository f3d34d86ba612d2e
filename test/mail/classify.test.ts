import { describe, expect, it } from 'vitest';
import { classify } from '../../src/mail/classify.ts';
import type { InboundMail } from '../../src/mail/read-message.ts';

const mail = (over: Partial<InboundMail>): InboundMail => ({
  references: [],
  to: [],
  cc: [],
  subject: 'Re: [WCH26/7] move 12',
  text: '12...Nf6',
  textFromHtml: false,
  headers: {},
  pgn: [],
  report: {},
  from: { address: 'jan@example.pl', name: 'Jan' },
  ...over,
});

describe('classify (P-4d: auto-replies and bounces are no transmissions)', () => {
  const cases: [string, Partial<InboundMail>, string, string][] = [
    ['a player’s reply', {}, 'normal', 'none'],
    ['Auto-Submitted: no', { headers: { 'auto-submitted': 'no' } }, 'normal', 'none'],
    [
      'Auto-Submitted: auto-replied',
      { headers: { 'auto-submitted': 'auto-replied' } },
      'auto-reply',
      'auto-submitted',
    ],
    [
      'Auto-Submitted: auto-generated',
      { headers: { 'auto-submitted': 'auto-generated; owner-email="x@y"' } },
      'auto-reply',
      'auto-submitted',
    ],
    ['X-Autoreply', { headers: { 'x-autoreply': 'yes' } }, 'auto-reply', 'x-autoreply'],
    ['X-Autorespond', { headers: { 'x-autorespond': 'on' } }, 'auto-reply', 'x-autorespond'],
    ['Precedence: bulk', { headers: { precedence: 'bulk' } }, 'auto-reply', 'precedence'],
    ['Precedence: junk', { headers: { precedence: 'junk' } }, 'auto-reply', 'precedence'],
    ['Precedence: list', { headers: { precedence: 'list' } }, 'auto-reply', 'precedence'],
    [
      'Precedence: auto_reply',
      { headers: { precedence: 'auto_reply' } },
      'auto-reply',
      'precedence',
    ],
    [
      'English OOF subject',
      { subject: 'Out of Office: [WCH26/7]' },
      'auto-reply',
      'auto-reply-subject',
    ],
    [
      'Outlook "Automatic reply"',
      { subject: 'Automatic reply: [WCH26/7]' },
      'auto-reply',
      'auto-reply-subject',
    ],
    [
      'Polish subject',
      { subject: 'Odpowiedź automatyczna: [WCH26/7]' },
      'auto-reply',
      'auto-reply-subject',
    ],
    [
      'Czech subject',
      { subject: 'Automatická odpověď: [WCH26/7]' },
      'auto-reply',
      'auto-reply-subject',
    ],
    [
      'German subject',
      { subject: 'Abwesenheitsnotiz: [WCH26/7]' },
      'auto-reply',
      'auto-reply-subject',
    ],
    ['Russian subject', { subject: 'Автоответ: [WCH26/7]' }, 'auto-reply', 'auto-reply-subject'],
    [
      'Ukrainian subject',
      { subject: 'Автоматична відповідь: [WCH26/7]' },
      'auto-reply',
      'auto-reply-subject',
    ],
    [
      'P-8b a leave request is no auto-reply',
      { subject: 'Re: [WCH26/7] urlop / Urlaub / отпуск' },
      'normal',
      'none',
    ],
    [
      'multipart/report delivery-status',
      {
        headers: { 'content-type': 'multipart/report; report-type=delivery-status; boundary="x"' },
      },
      'bounce',
      'delivery-report',
    ],
    [
      'MAILER-DAEMON',
      { from: { address: 'mailer-daemon@mx.example', name: '' } },
      'bounce',
      'daemon-sender',
    ],
    [
      'postmaster',
      { from: { address: 'postmaster@seznam.cz', name: '' } },
      'bounce',
      'daemon-sender',
    ],
    [
      'X-Failed-Recipients',
      { headers: { 'x-failed-recipients': 'a@b.c' } },
      'bounce',
      'x-failed-recipients',
    ],
    ['English bounce subject', { subject: 'Undeliverable: [WCH26/7]' }, 'bounce', 'bounce-subject'],
    [
      'Polish bounce subject',
      { subject: 'Wiadomość niedostarczona: [WCH26/7]' },
      'bounce',
      'bounce-subject',
    ],
    ['Czech bounce subject', { subject: 'Nedoručitelné: [WCH26/7]' }, 'bounce', 'bounce-subject'],
    ['German bounce subject', { subject: 'Unzustellbar: [WCH26/7]' }, 'bounce', 'bounce-subject'],
    ['Russian bounce subject', { subject: 'Недоставленное сообщение' }, 'bounce', 'bounce-subject'],
    [
      'Ukrainian bounce subject',
      { subject: 'Не вдалося доставити повідомлення' },
      'bounce',
      'bounce-subject',
    ],
    [
      'a bounce carrying Auto-Submitted is a bounce',
      { headers: { 'auto-submitted': 'auto-replied', 'x-failed-recipients': 'a@b.c' } },
      'bounce',
      'x-failed-recipients',
    ],
  ];
  it.each(cases)('%s', (_name, over, kind, reason) => {
    expect(classify(mail(over))).toMatchObject({ kind, reason });
  });

  it('P-5c prefers Original-Recipient, reads Action and Status', () => {
    const result = classify(
      mail({
        report: {
          deliveryStatus:
            'Final-Recipient: rfc822; forwarded@other.example\nOriginal-Recipient: rfc822;Jan@Example.pl\nAction: failed\nStatus: 5.1.1 (user unknown)\n',
          original: 'From: referee@amici.example\nMessage-ID: <m12@amici>\n',
        },
      }),
    );
    expect(result).toEqual({
      kind: 'bounce',
      reason: 'delivery-report',
      failedRecipient: 'jan@example.pl',
      action: 'failed',
      status: '5.1.1',
      originalMessageId: '<m12@amici>',
    });
  });
});
