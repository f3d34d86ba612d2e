// Writes the .eml corpus in test/fixtures/mail/ (run: npx node test/mail/make-fixtures.ts).
// Each fixture imitates one client as it really writes: Gmail web and phone, Outlook desktop
// and web, Thunderbird, Apple Mail and iPhone, Android mail apps, Russian and Ukrainian webmail;
// top-posted replies with the whole thread below (amici's own earlier mail with its marker and
// moves in it), HTML-only bodies, every charset players use really encoded in it, QP, base64,
// format=flowed (DelSp too), auto-replies, delivery reports and a .pgn attachment.
// What each fixture must yield is stated in fixtures.test.ts, not here.

import { writeFileSync } from 'node:fs';
import { AMICI_MARKER } from '../../src/mail/marker.ts';
import { address, type Charset, type Leaf, message, type Part, word } from './mime-builder.ts';

const DIR = new URL('../fixtures/mail/', import.meta.url);
const REF_NAME = 'amici referee';
const REF_MAIL = 'referee@amici.example';
const REF = address(REF_NAME, REF_MAIL);
const amiciId = (tag: string): string => `<20261120101200.${tag}@amici>`;

/** amici's own earlier mail, as every reply quotes it: marker first, then moves. */
const AMICI_MAIL = [
  AMICI_MARKER,
  'Game WCH26/7 · Jan Kowalski (White) – Petr Novák (Black)',
  'White played 12. Nf3 (numeric 12. 7163).',
  'Received: 2026-11-20. Please send 12... with the dates received and sent.',
  'Moves so far: 1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 Nxd6',
  '7.Bg5 Nc6 8.Qe3+ Be7 9.Nbd2 O-O 10.O-O-O Re8 11.Kb1 Bf8 12.Nf3',
  '',
  'amici · correspondence chess referee · TD: td@amici.example',
];

const quote = (lines: string[], depth = 1): string[] =>
  lines.map((line) => `${'>'.repeat(depth)}${line === '' ? '' : ` ${line}`}`);

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Head {
  from: string;
  to?: string;
  subject: string;
  subjectCharset?: Charset;
  date?: string;
  id: string;
  inReplyTo?: string;
  references?: string[];
  extra?: string[];
}

function head(h: Head): string[] {
  const lines = [
    `From: ${h.from}`,
    `To: ${h.to ?? REF}`,
    `Subject: ${word(h.subject, h.subjectCharset ?? 'utf-8')}`,
    `Date: ${h.date ?? 'Sat, 21 Nov 2026 09:15:02 +0100'}`,
    `Message-ID: ${h.id}`,
  ];
  if (h.inReplyTo) lines.push(`In-Reply-To: ${h.inReplyTo}`);
  if (h.references) lines.push(`References: ${h.references.join('\r\n ')}`);
  return [...lines, ...(h.extra ?? [])];
}

const text = (
  body: string[],
  charset: Charset = 'utf-8',
  cte: Leaf['cte'] = 'quoted-printable',
  params?: string,
): Leaf => {
  const leaf: Leaf = { type: 'text/plain', charset, cte, body: `${body.join('\n')}\n` };
  if (params) leaf.params = params;
  return leaf;
};
const html = (
  body: string,
  charset: Charset = 'utf-8',
  cte: Leaf['cte'] = 'quoted-printable',
): Leaf => ({
  type: 'text/html',
  charset,
  cte,
  body: `<html><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}"></head><body>${body}</body></html>\n`,
});
const alternative = (...parts: Part[]): Part => ({ multipart: 'alternative', parts });

// ---- client shapes ----

interface Reply {
  file: string;
  head: Head;
  reply: string[];
  charset?: Charset;
  cte?: Leaf['cte'];
}

/** Gmail web or phone: text + HTML, "On … wrote:" wrapped as Gmail wraps it, `>` quotes. */
function gmail(r: Reply & { leadIn: string[]; htmlOnly?: boolean }): [string, Buffer] {
  const plain = [...r.reply, '', ...r.leadIn, '', ...quote(AMICI_MAIL)];
  const htmlBody =
    `<div dir="ltr">${r.reply.map((line) => (line === '' ? '<div><br></div>' : `<div>${esc(line)}</div>`)).join('')}</div><br>` +
    `<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${esc(r.leadIn.join(' '))}<br></div>` +
    `<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">` +
    `${AMICI_MAIL.map(esc).join('<br>')}</blockquote></div>`;
  const charset = r.charset ?? 'utf-8';
  const body = r.htmlOnly
    ? html(htmlBody, charset, r.cte ?? 'quoted-printable')
    : alternative(text(plain, charset, r.cte), html(htmlBody, charset));
  return [r.file, message(head(r.head), body)];
}

/** Outlook desktop: header block without `>` quoting, in the sender's language; HTML optional. */
function outlook(
  r: Reply & { block: string[]; htmlOnly?: boolean; separator?: boolean; blank?: boolean },
): [string, Buffer] {
  const sep = r.separator === false ? [] : ['________________________________'];
  const plain = [
    ...r.reply,
    ...(r.blank === false ? [] : ['']),
    ...sep,
    ...r.block,
    '',
    ...AMICI_MAIL,
  ];
  const para = (line: string): string =>
    `<p class="MsoNormal">${line === '' ? '<o:p>&nbsp;</o:p>' : esc(line)}<o:p></o:p></p>`;
  const htmlBody =
    `<div class="WordSection1">${r.reply.map(para).join('')}<div><div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">` +
    `<p class="MsoNormal">${r.block.map((line) => line.replace(/^([^:]+:)(.*)$/, (_m, a: string, b: string) => `<b>${esc(a)}</b>${esc(b)}`)).join('<br>')}</p></div></div>` +
    `${AMICI_MAIL.map(para).join('')}</div>`;
  const charset = r.charset ?? 'windows-1250';
  const xmailer = [
    'X-Mailer: Microsoft Outlook 16.0',
    'Thread-Index: AQHbOutlookThreadIndexAAAA==',
    'Content-Language: pl',
  ];
  r.head.extra = [...xmailer, ...(r.head.extra ?? [])];
  const body = r.htmlOnly
    ? html(htmlBody, charset, r.cte ?? 'quoted-printable')
    : alternative(text(plain, charset, r.cte), html(htmlBody, charset));
  return [r.file, message(head(r.head), body)];
}

/** Outlook on the web / new Outlook: HTML with divRplyFwdMsg, text with a rule and headers. */
function outlookWeb(r: Reply & { block: string[]; htmlOnly?: boolean }): [string, Buffer] {
  const plain = [...r.reply, '', '________________________________', ...r.block, '', ...AMICI_MAIL];
  const htmlBody =
    `<div class="elementToProof" style="font-family: Aptos, sans-serif; font-size: 12pt">${r.reply.map((line) => (line === '' ? '<br>' : esc(line))).join('<br>')}</div>` +
    `<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">` +
    `<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt">${r.block.map(esc).join('<br>')}</font><div>&nbsp;</div></div>` +
    `<div>${AMICI_MAIL.map(esc).join('<br>')}</div>`;
  const charset = r.charset ?? 'utf-8';
  const body = r.htmlOnly
    ? html(htmlBody, charset)
    : alternative(text(plain, charset, r.cte), html(htmlBody, charset));
  return [r.file, message(head(r.head), body)];
}

/** Thunderbird: text/plain, format=flowed, 8bit, localized lead-in, `-- ` signature. */
function thunderbird(
  r: Reply & { leadIn: string; signature?: string[]; delsp?: boolean; bottom?: boolean },
): [string, Buffer] {
  const sig = r.signature ? ['-- ', ...r.signature] : [];
  const thread = [r.leadIn, ...quote(AMICI_MAIL)];
  const body = r.bottom
    ? [...thread, '', ...r.reply, '', ...sig]
    : [...r.reply, '', ...sig, '', ...thread];
  r.head.extra = [
    'User-Agent: Mozilla Thunderbird',
    'Content-Language: pl',
    ...(r.head.extra ?? []),
  ];
  const params = `format=flowed${r.delsp ? '; delsp=yes' : ''}`;
  return [r.file, message(head(r.head), text(body, r.charset ?? 'utf-8', r.cte ?? '8bit', params))];
}

/** iPhone Mail: text/plain QP, "Sent from my iPhone", the lead-in inside the quote. */
function iphone(r: Reply & { signature: string; leadIn: string }): [string, Buffer] {
  const body = [...r.reply, '', r.signature, '', ...quote([r.leadIn, '', ...AMICI_MAIL])];
  r.head.extra = ['X-Mailer: iPhone Mail (22B91)', ...(r.head.extra ?? [])];
  return [
    r.file,
    message(head(r.head), text(body, r.charset ?? 'utf-8', r.cte ?? 'quoted-printable')),
  ];
}

/** Apple Mail on a Mac: HTML with blockquote type=cite (optionally with no text part). */
function appleMail(r: Reply & { leadIn: string; htmlOnly?: boolean }): [string, Buffer] {
  const htmlBody =
    `<div dir="ltr">${r.reply.map((line) => (line === '' ? '<br>' : esc(line))).join('<br>')}</div>` +
    `<div dir="ltr"><br><blockquote type="cite">${esc(r.leadIn)}<br><br></blockquote></div>` +
    `<blockquote type="cite"><div dir="ltr">${AMICI_MAIL.map(esc).join('<br>')}</div></blockquote>`;
  const plain = [...r.reply, '', ...quote([r.leadIn, '', ...AMICI_MAIL])];
  r.head.extra = ['X-Mailer: Apple Mail (2.3826.300.87.4.3)', ...(r.head.extra ?? [])];
  const body = r.htmlOnly
    ? html(htmlBody, r.charset ?? 'utf-8')
    : alternative(text(plain), html(htmlBody));
  return [r.file, message(head(r.head), body)];
}

/** Android mail apps (Samsung, Outlook for Android): signature, separator, header block. */
function android(
  r: Reply & { signature: string; separator: string; block: string[] },
): [string, Buffer] {
  const body = [
    ...r.reply,
    '',
    '',
    r.signature,
    '',
    '',
    r.separator,
    ...r.block,
    '',
    ...AMICI_MAIL,
  ];
  return [r.file, message(head(r.head), text(body, r.charset ?? 'utf-8', r.cte ?? 'base64'))];
}

/** Plain text, no quote at all (a fresh mail). */
function plain(r: Reply & { extra?: string[] }): [string, Buffer] {
  r.head.extra = [...(r.head.extra ?? []), ...(r.extra ?? [])];
  return [
    r.file,
    message(head(r.head), text(r.reply, r.charset ?? 'utf-8', r.cte ?? 'quoted-printable')),
  ];
}

// ---- people ----
const JOHN = address('John Smith', 'John.Smith@gmail.com');
const JAN = address('Jan Kowalski', 'jan.kowalski@wp.pl', 'iso-8859-2');
const JAN_WORK = address('Kowalski Jan', 'J.Kowalski@firma.com.pl');
const PETR = address('Petr Novák', 'petr.novak@seznam.cz', 'iso-8859-2');
const HANS = address('Hans Müller', 'hans.mueller@web.de');
const IVAN = address('Иван Петров', 'ivan.petrov@mail.ru', 'koi8-r');
const OLENA = address('Олена Коваленко', 'olena.kovalenko@ukr.net', 'windows-1251');
const SUBJ = 'Re: [WCH26/7] Kowalski – Novák: move 12';
const THREAD = { inReplyTo: amiciId('12w'), references: [amiciId('11w'), amiciId('12w')] };

const GMAIL_EN_LEADIN = [
  'On Fri, 20 Nov 2026 at 10:12, amici referee <',
  'referee@amici.example> wrote:',
];
const OUTLOOK_EN = [
  'From: amici referee <referee@amici.example>',
  'Sent: Friday, November 20, 2026 10:12 AM',
  'To: John Smith <John.Smith@gmail.com>',
  'Subject: [WCH26/7] Kowalski – Novák: move 12',
];
const OUTLOOK_PL = [
  'Od: amici referee <referee@amici.example>',
  'Wysłano: piątek, 20 listopada 2026 10:12',
  'Do: Kowalski Jan <J.Kowalski@firma.com.pl>',
  'Temat: [WCH26/7] Kowalski – Novák: move 12',
];
const OUTLOOK_CS = [
  'Od: amici referee <referee@amici.example>',
  'Odesláno: pátek 20. listopadu 2026 10:12',
  'Komu: Petr Novák <petr.novak@seznam.cz>',
  'Předmět: [WCH26/7] Kowalski – Novák: move 12',
];
const OUTLOOK_DE = [
  'Von: amici referee <referee@amici.example>',
  'Gesendet: Freitag, 20. November 2026 10:12',
  'An: Hans Müller <hans.mueller@web.de>',
  'Betreff: [WCH26/7] Kowalski – Novák: move 12',
];
const OUTLOOK_RU = [
  'От: amici referee <referee@amici.example>',
  'Отправлено: 20 ноября 2026 г. 10:12',
  'Кому: Иван Петров <ivan.petrov@mail.ru>',
  'Тема: [WCH26/7] Kowalski – Novák: move 12',
];
const OUTLOOK_UK = [
  'Від: amici referee <referee@amici.example>',
  'Надіслано: 20 листопада 2026 р. 10:12',
  'Кому: Олена Коваленко <olena.kovalenko@ukr.net>',
  'Тема: [WCH26/7] Kowalski – Novák: move 12',
];

const fixtures: [string, Buffer][] = [
  gmail({
    file: '01-gmail-web-en.eml',
    head: { from: JOHN, subject: SUBJ, id: '<CAJx7nQ1xYk2=gmail01@mail.gmail.com>', ...THREAD },
    leadIn: GMAIL_EN_LEADIN,
    reply: [
      'Hi,',
      '',
      '12...Nf6',
      '',
      'Received: 20.11.2026',
      'Sent: 21.11.2026',
      '',
      'Best,',
      'John',
    ],
  }),
  gmail({
    file: '02-gmail-phone-pl.eml',
    head: { from: JAN, subject: SUBJ, id: '<CAKp2Lm9qWs8=gmail02@mail.gmail.com>', ...THREAD },
    leadIn: ['pt., 20 lis 2026 o 10:12 amici referee <referee@amici.example>', 'napisał(a):'],
    reply: ['12...Sf6', 'otrzymano 20.11.2026, wysłano 21.11.2026'],
  }),
  outlook({
    file: '03-outlook-desktop-pl-cp1250.eml',
    head: {
      from: JAN_WORK,
      subject: SUBJ,
      subjectCharset: 'windows-1250',
      id: '<AM9PR07MB7123ABCDEF0123456789@AM9PR07MB7123.eurprd07.prod.outlook.com>',
      ...THREAD,
    },
    block: OUTLOOK_PL,
    charset: 'windows-1250',
    reply: [
      'Dzień dobry,',
      '',
      'mój ruch: 12...Sf6 13.Gd3 nie – tylko 12...Sf6.',
      'Otrzymano: 20.11.2026',
      'Wysłano: 21.11.2026',
      '',
      'Pozdrawiam',
      'Jan Kowalski',
    ],
  }),
  outlook({
    file: '04-outlook-desktop-en-original-message.eml',
    head: {
      from: JOHN,
      subject: SUBJ,
      id: '<001a01db3b5c$4f2e1a90$ed8b4fb0$@gmail.com>',
      ...THREAD,
    },
    block: ['-----Original Message-----', ...OUTLOOK_EN],
    separator: false,
    charset: 'us-ascii',
    cte: '7bit',
    reply: ['12... 6766', 'received 20 Nov 2026, sent Nov 21, 2026'],
  }),
  outlookWeb({
    file: '05-outlook-web-html-only.eml',
    head: {
      from: JOHN,
      subject: SUBJ,
      id: '<PAXPR02MB7700C0FFEE@PAXPR02MB7700.eurprd02.prod.outlook.com>',
      ...THREAD,
    },
    block: OUTLOOK_EN,
    htmlOnly: true,
    reply: ['12...Nf6', 'Received: 2026-11-20', 'Sent: 2026-11-21'],
  }),
  outlook({
    file: '06-outlook-desktop-de-html-only.eml',
    head: { from: HANS, subject: SUBJ, id: '<000001db3b5d$aa11bb22$cc33dd44$@web.de>', ...THREAD },
    block: OUTLOOK_DE,
    htmlOnly: true,
    charset: 'iso-8859-2',
    reply: ['Hallo,', '12...Sf6', 'erhalten: 20.11.2026, gesendet: 21.11.2026', 'Grüße Hans'],
  }),
  thunderbird({
    file: '07-thunderbird-pl-iso88592-flowed.eml',
    head: {
      from: JAN,
      subject: SUBJ,
      subjectCharset: 'iso-8859-2',
      id: '<6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b@wp.pl>',
      ...THREAD,
    },
    charset: 'iso-8859-2',
    leadIn: 'W dniu 20.11.2026 o 10:12, amici referee pisze:',
    signature: ['Jan Kowalski', 'ICCF 123456, Łódź'],
    reply: [
      '12...Sf6',
      'Uwaga: w przyszłym tygodniu odpowiadam wolniej, bo jadę ',
      'do Zakopanego na zawody.',
      'otrzymano: 20.11.2026, wysłano: 21.11.2026',
    ],
  }),
  thunderbird({
    file: '08-thunderbird-cs-flowed-delsp.eml',
    head: {
      from: PETR,
      subject: SUBJ,
      id: '<b0c1d2e3-f405-4617-8829-3a4b5c6d7e8f@seznam.cz>',
      ...THREAD,
    },
    delsp: true,
    leadIn: 'Dne 20. 11. 26 v 10:12 amici referee napsal(a):',
    signature: ['Petr Novák'],
    reply: [
      '12...Jf6',
      'Poznámka: děkuji za rychlou odpo ',
      'věď.',
      'obdrženo: 20. 11. 2026, odesláno: 21. 11. 2026',
    ],
  }),
  iphone({
    file: '09-iphone-en.eml',
    head: {
      from: JOHN,
      subject: SUBJ,
      id: '<8D2E4C1A-7B3F-4E5D-9A6C-1F2E3D4C5B6A@gmail.com>',
      ...THREAD,
    },
    signature: 'Sent from my iPhone',
    leadIn: 'On 20 Nov 2026, at 10:12, amici referee <referee@amici.example> wrote:',
    reply: ['12…Nf6 (=)', 'Rec’d 20/11/2026 sent 21/11/2026'],
  }),
  appleMail({
    file: '10-apple-mail-html-only.eml',
    head: {
      from: HANS,
      subject: SUBJ,
      id: '<F3A1B2C3-D4E5-4F67-8899-AABBCCDDEEFF@web.de>',
      ...THREAD,
    },
    htmlOnly: true,
    leadIn: 'Am 20.11.2026 um 10:12 schrieb amici referee <referee@amici.example>:',
    reply: ['12…Sf6', 'Ich biete Remis an.', 'Erhalten 20.11.2026, gesendet 21.11.2026'],
  }),
  android({
    file: '11-android-samsung-pl.eml',
    head: { from: JAN, subject: SUBJ, id: '<1a2b3c4d5e.samsung11@email.android.com>', ...THREAD },
    signature: 'Wysłane z mojego Galaxy',
    separator: '-------- Oryginalna wiadomość --------',
    block: [
      'Od: amici referee <referee@amici.example>',
      'Data: 20.11.2026 10:12 (GMT+01:00)',
      'Do: jan.kowalski@wp.pl',
      'Temat: [WCH26/7] Kowalski – Novák: move 12',
    ],
    reply: ['12...Sf6 otrzymano 20.11 wysłano 21.11.2026'],
  }),
  thunderbird({
    file: '12-yandex-ru-koi8r.eml',
    head: { from: IVAN, subject: SUBJ, id: '<1234561732170000@mail.yandex.ru>', ...THREAD },
    charset: 'koi8-r',
    cte: 'base64',
    leadIn: '20.11.2026, 10:12, "amici referee" <referee@amici.example>:',
    reply: [
      'Добрый день!',
      '12...Кf6',
      'получено: 20.11.2026',
      'отправлено: 21.11.2026',
      '',
      'С уважением,',
      'Иван',
    ],
  }),
  outlook({
    file: '13-outlook-uk-cp1251.eml',
    head: {
      from: OLENA,
      subject: SUBJ,
      id: '<VI1PR08MB5555UKR13@VI1PR08MB5555.eurprd08.prod.outlook.com>',
      ...THREAD,
    },
    block: OUTLOOK_UK,
    charset: 'windows-1251',
    reply: [
      '12...Кf6',
      'Отримано 20 листопада 2026, надіслано 21 листопада 2026',
      'Примітка: дякую за цікаву партію',
    ],
  }),
  gmail({
    file: '14-gmail-de-base64.eml',
    head: { from: HANS, subject: SUBJ, id: '<CAHm5Nn3de14=gmail14@mail.gmail.com>', ...THREAD },
    cte: 'base64',
    leadIn: [
      'Am Fr., 20. Nov. 2026 um 10:12 Uhr schrieb amici referee <',
      'referee@amici.example>:',
    ],
    reply: [
      '12...Sf6',
      'Zug erhalten am 20.11.2026, gesendet am 21.11.2026',
      '',
      'Von meinem iPhone gesendet',
    ],
  }),
  plain({
    file: '15-numeric-notation.eml',
    head: { from: PETR, subject: SUBJ, id: '<numeric15.20261121@seznam.cz>', ...THREAD },
    charset: 'iso-8859-2',
    reply: [
      '12. ... 6766',
      'Obdrženo 20.XI.2026, odesláno 21.XI.2026',
      '',
      'S pozdravem',
      'Petr Novák',
    ],
  }),
  gmail({
    file: '16-gmail-figurine.eml',
    head: { from: JOHN, subject: SUBJ, id: '<CAFig16=gmail16@mail.gmail.com>', ...THREAD },
    leadIn: GMAIL_EN_LEADIN,
    reply: ['12…♞f6', 'received 20 Nov 2026 · sent 21 Nov 2026'],
  }),
  iphone({
    file: '17-iphone-pl-draw-mark.eml',
    head: {
      from: JAN,
      subject: SUBJ,
      id: '<C0FFEE17-1111-2222-3333-444455556666@wp.pl>',
      ...THREAD,
    },
    signature: 'Wysłane z iPhone’a',
    leadIn:
      'Wiadomość napisana przez amici referee <referee@amici.example> w dniu 20.11.2026, o godz. 10:12:',
    reply: ['12...Sf6 (=)', 'otrzymano 20.11.2026', 'wysłano 21.11.2026'],
  }),
  thunderbird({
    file: '18-thunderbird-pl-draw-offer-words.eml',
    head: { from: JAN, subject: SUBJ, id: '<draw18@wp.pl>', ...THREAD },
    leadIn: 'W dniu 20.11.2026 o 10:12, amici referee pisze:',
    reply: ['12...Sf6', 'Proponuję remis.', 'Otrzymano: 20.11.2026, wysłano: 21.11.2026'],
  }),
  gmail({
    file: '19-gmail-de-draw-accept.eml',
    head: { from: HANS, subject: SUBJ, id: '<CAaccept19=gmail19@mail.gmail.com>', ...THREAD },
    leadIn: [
      'Am Fr., 20. Nov. 2026 um 10:12 Uhr schrieb amici referee <',
      'referee@amici.example>:',
    ],
    reply: ['Ich nehme Ihr Remisangebot an.', 'Erhalten: 20.11.2026', 'Gesendet: 21.11.2026'],
  }),
  outlook({
    file: '20-outlook-cs-draw-decline-iso88592.eml',
    head: { from: PETR, subject: SUBJ, id: '<decline20@seznam.cz>', ...THREAD },
    charset: 'iso-8859-2',
    block: OUTLOOK_CS,
    reply: [
      'Odmítám remízu.',
      '12...Jd7',
      'obdrženo 20.11.2026 odesláno 21.11.2026',
      '',
      'Odesláno z iPhonu',
    ],
  }),
  thunderbird({
    file: '21-mailru-ru-resign-koi8r.eml',
    head: { from: IVAN, subject: SUBJ, id: '<1732170021.resign@mail.ru>', ...THREAD },
    charset: 'koi8-r',
    cte: 'quoted-printable',
    leadIn: 'Пятница, 20 ноября 2026, 10:12 +01:00 от amici referee <referee@amici.example>:',
    reply: ['Сдаюсь. Спасибо за партию!', 'получено 20.11.2026'],
  }),
  gmail({
    file: '22-gmail-en-resign.eml',
    head: { from: JOHN, subject: SUBJ, id: '<CAresign22=gmail22@mail.gmail.com>', ...THREAD },
    leadIn: GMAIL_EN_LEADIN,
    reply: ['I resign. Thank you for a fine game.', 'Received: 20.11.2026', 'Sent: 21.11.2026'],
  }),
  thunderbird({
    file: '23-thunderbird-pl-leave.eml',
    head: { from: JAN, subject: 'Re: [WCH26/7] urlop', id: '<leave23@wp.pl>', ...THREAD },
    charset: 'iso-8859-2',
    leadIn: 'W dniu 20.11.2026 o 10:12, amici referee pisze:',
    signature: ['Jan'],
    reply: [
      '12...Sf6',
      'Urlop od 1.12.2026 do 14.12.2026',
      'otrzymano 20.11.2026, wysłano 21.11.2026',
    ],
  }),
  plain({
    file: '24-plain-en-leave.eml',
    head: {
      from: JOHN,
      subject: '[WCH26/7] Leave request',
      id: '<CAleave24=gmail24@mail.gmail.com>',
    },
    reply: [
      'Dear TD and opponent,',
      '',
      'Leave from 2026-12-20 to 2027-01-03 (family holidays).',
      '',
      'John Smith',
    ],
  }),
  gmail({
    file: '25-gmail-en-conditional.eml',
    head: {
      from: JOHN,
      subject: 'Re: [WCH26/7] Kowalski – Novák: move 13',
      id: '<CAcond25=gmail25@mail.gmail.com>',
      ...THREAD,
    },
    leadIn: GMAIL_EN_LEADIN,
    reply: ['13.Bd3', 'If 13...Nc6 then 14.Nbd2', 'received 20.11.2026 sent 21.11.2026'],
  }),
  thunderbird({
    file: '26-thunderbird-pl-conditional.eml',
    head: { from: JAN, subject: SUBJ, id: '<cond26@wp.pl>', ...THREAD },
    leadIn: 'W dniu 20.11.2026 o 10:12, amici referee pisze:',
    reply: ['13.Gd3, jeśli 13...Sc6 to 14.Sbd2', 'otrzymano 20.11.2026, wysłano 21.11.2026'],
  }),
  outlookWeb({
    file: '27-outlook-web-uk-note.eml',
    head: { from: OLENA, subject: SUBJ, id: '<note27@ukr.net>', ...THREAD },
    block: OUTLOOK_UK,
    reply: [
      '12...Кf6',
      'Примітка: наступного тижня я у відрядженні.',
      'отримано: 20.11.2026',
      'надіслано: 21.11.2026',
    ],
  }),
  gmail({
    file: '28-gmail-en-claim-repetition.eml',
    head: { from: JOHN, subject: SUBJ, id: '<CAclaim28=gmail28@mail.gmail.com>', ...THREAD },
    leadIn: GMAIL_EN_LEADIN,
    reply: [
      '31...Kg8',
      'I claim a draw by threefold repetition after 32.Qd8+.',
      'Received 20.11.2026, sent 21.11.2026',
    ],
  }),
  outlook({
    file: '29-outlook-de-claim-fifty.eml',
    head: { from: HANS, subject: SUBJ, id: '<claim29@web.de>', ...THREAD },
    charset: 'iso-8859-2',
    block: OUTLOOK_DE,
    reply: [
      'Ich reklamiere Remis nach der 50-Züge-Regel.',
      '75...Kf7',
      'erhalten: 20.11.2026, gesendet: 21.11.2026',
    ],
  }),
  plain({
    file: '30-exchange-oof-en.eml',
    head: {
      from: JOHN,
      subject: 'Automatic reply: [WCH26/7] Kowalski – Novák: move 12',
      id: '<oof30@gmail.com>',
      inReplyTo: amiciId('12w'),
      extra: [
        'Auto-Submitted: auto-replied',
        'X-MS-Exchange-Inbox-Rules-Loop: John.Smith@gmail.com',
      ],
    },
    reply: ['I am out of the office until 30 November 2026 with limited access to email.'],
  }),
  plain({
    file: '31-autoreply-pl-subject-only.eml',
    head: {
      from: JAN,
      subject: 'Odpowiedź automatyczna: [WCH26/7] Kowalski – Novák: move 12',
      subjectCharset: 'iso-8859-2',
      id: '<auto31@wp.pl>',
    },
    charset: 'iso-8859-2',
    reply: ['Dziękuję za wiadomość. Jestem na urlopie do 30.11.2026.', '12...Sf6'],
  }),
  plain({
    file: '32-autoreply-x-autoreply-de.eml',
    head: {
      from: HANS,
      subject: 'Abwesenheitsnotiz: [WCH26/7] Kowalski – Novák',
      id: '<auto32@web.de>',
      extra: ['X-Autoreply: yes'],
    },
    reply: ['Ich bin bis 30.11.2026 nicht erreichbar.'],
  }),
  plain({
    file: '33-autoreply-precedence-ru.eml',
    head: {
      from: IVAN,
      subject: 'Автоответ: [WCH26/7] Kowalski – Novák',
      subjectCharset: 'koi8-r',
      id: '<auto33@mail.ru>',
      extra: ['Precedence: bulk', 'X-Autorespond: on'],
    },
    charset: 'koi8-r',
    reply: ['Я в отпуске до 30.11.2026.'],
  }),
];

// ---- delivery reports ----

const ORIGINAL_HEADERS = [
  `From: ${REF}`,
  'To: Jan Kowalski <jan.kowalski@example.invalid>',
  'Subject: [WCH26/7] Kowalski – Novák: move 12',
  'Date: Fri, 20 Nov 2026 10:12:00 +0000',
  `Message-ID: ${amiciId('12w')}`,
].join('\n');

fixtures.push(
  [
    '34-bounce-postfix-dsn.eml',
    message(
      [
        'From: MAILER-DAEMON@amici.example (Mail Delivery System)',
        `To: ${REF_MAIL}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Date: Fri, 20 Nov 2026 10:12:05 +0000',
        '<20261120101205.ABC123@mx.amici.example>'.replace(/^/, 'Message-ID: '),
        'Auto-Submitted: auto-replied',
      ],
      {
        multipart: 'report',
        params: 'report-type=delivery-status',
        parts: [
          {
            type: 'text/plain',
            charset: 'us-ascii',
            cte: '7bit',
            body: "This is the mail system at host mx.amici.example.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients.\n\n<jan.kowalski@example.invalid>: host mx.example.invalid said: 550 5.1.1 User unknown\n",
          },
          {
            type: 'message/delivery-status',
            cte: '7bit',
            body: 'Reporting-MTA: dns; mx.amici.example\nArrival-Date: Fri, 20 Nov 2026 10:12:01 +0000\n\nFinal-Recipient: rfc822; jan.kowalski@example.invalid\nOriginal-Recipient: rfc822;jan.kowalski@example.invalid\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 User unknown\n',
          },
          { type: 'text/rfc822-headers', cte: '7bit', body: ORIGINAL_HEADERS },
        ],
      },
    ),
  ],
  [
    '35-bounce-exchange-ndr.eml',
    message(
      [
        'From: postmaster@firma.com.pl',
        `To: ${REF_MAIL}`,
        `Subject: ${word('Undeliverable: [WCH26/7] Kowalski – Novák: move 12')}`,
        'Date: Fri, 20 Nov 2026 10:13:00 +0000',
        'Message-ID: <ndr35@firma.com.pl>',
        `In-Reply-To: ${amiciId('12w')}`,
      ],
      {
        multipart: 'report',
        params: 'report-type=delivery-status',
        parts: [
          alternative(
            text(
              [
                'Delivery has failed to these recipients or groups:',
                '',
                'J.Kowalski@firma.com.pl',
                "The email address you entered couldn't be found.",
              ],
              'us-ascii',
              '7bit',
            ),
            html(
              '<p><b>Delivery has failed to these recipients or groups:</b></p><p>J.Kowalski@firma.com.pl</p>',
              'us-ascii',
              '7bit',
            ),
          ),
          {
            type: 'message/delivery-status',
            cte: '7bit',
            body: 'Reporting-MTA: dns;AM9PR07MB7123.eurprd07.prod.outlook.com\n\nOriginal-Recipient: rfc822;J.Kowalski@firma.com.pl\nFinal-Recipient: rfc822;J.Kowalski@firma.com.pl\nAction: failed\nStatus: 5.1.10\n',
          },
          {
            type: 'message/rfc822',
            cte: '7bit',
            body: `${ORIGINAL_HEADERS.replace('jan.kowalski@example.invalid', 'J.Kowalski@firma.com.pl')}\n\n${AMICI_MAIL.join('\n')}\n`,
          },
        ],
      },
    ),
  ],
  [
    '36-bounce-exim-plain.eml',
    message(
      [
        'From: Mail Delivery System <Mailer-Daemon@mx.web.de>',
        `To: ${REF_MAIL}`,
        'Subject: Mail delivery failed: returning message to sender',
        'Date: Fri, 20 Nov 2026 10:14:00 +0000',
        'Message-ID: <E1bounce36@mx.web.de>',
        'X-Failed-Recipients: hans.mueller@web.de',
        'Auto-Submitted: auto-replied',
      ],
      text(
        [
          'This message was created automatically by mail delivery software.',
          '',
          'A message that you sent could not be delivered to one or more of its',
          'recipients. This is a permanent error. The following address(es) failed:',
          '',
          '  hans.mueller@web.de',
          '    mailbox is full: retry timeout exceeded',
          '',
          '------ This is a copy of the message, including all the headers. ------',
          '',
          ...ORIGINAL_HEADERS.split('\n'),
          '',
          ...AMICI_MAIL,
        ],
        'us-ascii',
        '7bit',
      ),
    ),
  ],
  [
    '37-bounce-cs-subject.eml',
    message(
      [
        'From: Správce pošty <postmaster@seznam.cz>'.replace(
          'Správce pošty',
          word('Správce pošty', 'iso-8859-2'),
        ),
        `To: ${REF_MAIL}`,
        `Subject: ${word('Nedoručitelná zpráva: [WCH26/7] Kowalski – Novák', 'iso-8859-2', 'Q')}`,
        'Date: Fri, 20 Nov 2026 10:15:00 +0000',
        'Message-ID: <bounce37@seznam.cz>',
      ],
      text(
        [
          'Zprávu nebylo možné doručit následujícím příjemcům:',
          '',
          '<petr.novak@seznam.cz>:',
          'Schránka neexistuje.',
          '',
          `Message-ID: ${amiciId('12w')}`,
        ],
        'iso-8859-2',
        'quoted-printable',
      ),
    ),
  ],
);

// ---- attachments ----

const PGN = [
  '[Event "WCH26 section 7"]',
  '[Site "ICCF email"]',
  '[Date "2026.09.01"]',
  '[White "Kowalski, Jan"]',
  '[Black "Novák, Petr"]',
  '[Result "*"]',
  '',
  '1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 Nxd6 7.Bg5 Nc6 8.Qe3+ Be7',
  '9.Nbd2 O-O 10.O-O-O Re8 11.Kb1 Bf8 12.Nf3 *',
  '',
].join('\n');

fixtures.push(
  [
    '38-pgn-attachment.eml',
    message(
      head({
        from: PETR,
        subject: '[WCH26/7] game record',
        id: '<pgn38@seznam.cz>',
        extra: ['User-Agent: Mozilla Thunderbird'],
      }),
      {
        multipart: 'mixed',
        parts: [
          text(
            ['Dobrý den,', 'v příloze posílám záznam partie.', '', 'Petr Novák'],
            'utf-8',
            '8bit',
            'format=flowed',
          ),
          {
            type: 'application/x-chess-pgn',
            cte: 'base64',
            body: Buffer.from(PGN, 'latin1'),
            params: 'name="wch26-7.pgn"',
            headers: ['Content-Disposition: attachment; filename="wch26-7.pgn"'],
          },
          {
            type: 'image/png',
            cte: 'base64',
            body: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
            params: 'name="board.png"',
            headers: ['Content-Disposition: attachment; filename="board.png"'],
          },
        ],
      },
    ),
  ],
  gmail({
    file: '39-gmail-html-only-pl.eml',
    head: { from: JAN, subject: SUBJ, id: '<CAhtml39=gmail39@mail.gmail.com>', ...THREAD },
    htmlOnly: true,
    leadIn: ['pt., 20 lis 2026 o 10:12 amici referee <referee@amici.example> napisał(a):'],
    reply: ['12...Sf6', 'Otrzymano: 20.11.2026', 'Wysłano: 21.11.2026'],
  }),
  thunderbird({
    file: '40-thunderbird-en-bottom-posted.eml',
    head: { from: JOHN, subject: SUBJ, id: '<bottom40@gmail.com>', ...THREAD },
    bottom: true,
    leadIn: 'On 20/11/2026 10:12, amici referee wrote:',
    signature: ['John'],
    reply: ['12...Nf6', 'received 20.11.2026, sent 21.11.2026'],
  }),
  outlook({
    file: '41-outlook-android-no-blank-line.eml',
    head: { from: JAN_WORK, subject: SUBJ, id: '<android41@firma.com.pl>', ...THREAD },
    charset: 'utf-8',
    cte: 'base64',
    separator: false,
    blank: false,
    block: OUTLOOK_PL,
    reply: [
      '12...Sf6 otrzymano 20.11.2026 wysłano 21.11.2026',
      'Pobierz Outlook dla systemu Android',
    ],
  }),
  thunderbird({
    file: '42-thunderbird-pl-w-dniu-in-text.eml',
    head: { from: JAN, subject: SUBJ, id: '<wdniu42@wp.pl>', ...THREAD },
    charset: 'iso-8859-2',
    leadIn: 'W dniu 20.11.2026 o 10:12, amici referee pisze:',
    signature: ['Jan'],
    reply: [
      'W dniu 20.11.2026 otrzymałem ruch 12. Sf3.',
      'Odpowiadam: 12...Sf6',
      'wysłano 21.11.2026',
    ],
  }),
  gmail({
    file: '43-gmail-ru-no-verb-leadin.eml',
    head: { from: IVAN, subject: SUBJ, id: '<CAru43=gmail43@mail.gmail.com>', ...THREAD },
    leadIn: ['пт, 20 нояб. 2026 г. в 10:12, amici referee <referee@amici.example>:'],
    reply: ['12...Кf6', 'Получено 20 ноября 2026 г., отправлено 21 ноября 2026 г.'],
  }),
  outlook({
    file: '44-outlook-ru-koi8r-outlook-block.eml',
    head: { from: IVAN, subject: SUBJ, id: '<ru44@mail.ru>', ...THREAD },
    charset: 'koi8-r',
    block: OUTLOOK_RU,
    reply: ['12...Кf6', 'Предлагаю ничью.', 'получено: 20.11.2026, отправлено: 21.11.2026'],
  }),
  gmail({
    file: '45-gmail-uk-conditional.eml',
    head: { from: OLENA, subject: SUBJ, id: '<CAuk45=gmail45@mail.gmail.com>', ...THREAD },
    charset: 'utf-8',
    leadIn: ['пт, 20 лист. 2026 р. о 10:12 amici referee <referee@amici.example> пише:'],
    reply: ['12...Кf6', 'Якщо 13.Сd3, то 13...Кc6', 'отримано 20.11.2026, надіслано 21.11.2026'],
  }),
  outlook({
    file: '46-outlook-cs-mobile-signature.eml',
    head: { from: PETR, subject: SUBJ, id: '<cs46@seznam.cz>', ...THREAD },
    charset: 'iso-8859-2',
    block: OUTLOOK_CS,
    reply: [
      '12...Jf6',
      'obdrženo: 20. listopadu 2026',
      'odesláno: 21. listopadu 2026',
      '',
      'Odesláno z mého iPhonu',
    ],
  }),
);

for (const [file, bytes] of fixtures) writeFileSync(new URL(file, DIR), bytes);
console.log(`wrote ${fixtures.length} fixtures`);
