// A player's mail forwarded by the TD (P-5d, P-2j): who sent it, when, and its own words, read
// from the header block a mail client pastes above it, or from the mail attached whole.

import { describe, expect, it } from 'vitest';
import { forwardedOf } from '../../src/mail/forwarded.ts';
import { readMessage } from '../../src/mail/read-message.ts';

const mailOf = async (raw: string) => {
  const r = await readMessage(raw.replace(/\n/g, '\r\n'));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const head = (subject: string) =>
  `From: Anna Nowak <td@chessclub.example>\nTo: referee@chessclub.example\nSubject: ${subject}\nDate: Thu, 21 Jan 2027 09:00:00 +0100\nMessage-ID: <fwd1@chessclub.example>\nContent-Type: text/plain; charset=utf-8\n\n`;

/** Olena's mail as she sent it to the TD: her move, and our mail quoted Outlook-style under it. */
const OLENA = `5.Кc3 d6

Олена

________________________________
Від: amici referee <referee@chessclub.example>
Надіслано: Tuesday, January 19, 2027 09:35 AM
Кому: Олена Шевченко <olena.shevchenko@ukr.net>
Тема: [PC27/1] Jan Kowalski – Олена Шевченко: 5. Кc3 — ваш хід

Ваш хід, повторений: 4... Кf6 (7866)`;

describe('a forwarded mail (P-2j: its sender and the day it was sent)', () => {
  it('Gmail: "---------- Forwarded message ---------", its From, Date and own words', async () => {
    const mail = await mailOf(
      `${head('Fwd: RE: [PC27/1] Jan Kowalski – Олена Шевченко: 5. Кc3 — ваш хід')}Olena sent her move to me by mistake, please process it.

Anna

---------- Forwarded message ---------
From: Олена Шевченко <olena.shevchenko@ukr.net>
Date: Wed, Jan 20, 2027 at 7:00 PM
Subject: RE: [PC27/1] Jan Kowalski – Олена Шевченко: 5. Кc3 — ваш хід
To: Anna Nowak <td@chessclub.example>


${OLENA}
`,
    );
    expect(forwardedOf(mail)).toEqual({
      how: 'inline',
      from: { address: 'olena.shevchenko@ukr.net', name: 'Олена Шевченко' },
      sentOn: '2027-01-20',
      subject: 'RE: [PC27/1] Jan Kowalski – Олена Шевченко: 5. Кc3 — ваш хід',
      text: '5.Кc3 d6\n\nОлена',
    });
  });
  it('Outlook in Ukrainian and Apple Mail: their own header blocks', async () => {
    const outlook = await mailOf(
      `${head('Переслати: [PC27/1] 5. Кc3')}Прошу обробити.

________________________________
Від: Олена Шевченко <olena.shevchenko@ukr.net>
Надіслано: Wednesday, January 20, 2027 7:00 PM
Кому: Anna Nowak <td@chessclub.example>
Тема: RE: [PC27/1] 5. Кc3

5.Кc3 d6
`,
    );
    // "Переслати:" is no subject prefix we know, and no separator says "forwarded": not a forward.
    expect(forwardedOf(outlook)).toBeUndefined();
    const fw = await mailOf(
      `${head('FW: [PC27/1] 5. Кc3')}Прошу обробити.

________________________________
Від: Олена Шевченко <olena.shevchenko@ukr.net>
Надіслано: Wednesday, January 20, 2027 7:00 PM
Кому: Anna Nowak <td@chessclub.example>
Тема: RE: [PC27/1] 5. Кc3

5.Кc3 d6
`,
    );
    expect(forwardedOf(fw)).toMatchObject({
      from: { address: 'olena.shevchenko@ukr.net' },
      sentOn: '2027-01-20',
      text: '5.Кc3 d6',
    });
    const apple = await mailOf(
      `${head('Fwd: 5. Кc3')}Please process.

Begin forwarded message:

From: Olena <olena.shevchenko@ukr.net>
Subject: RE: 5. Кc3
Date: 20 January 2027 at 19:00:00 EET
To: Anna Nowak <td@chessclub.example>

5.Кc3 d6
`,
    );
    expect(forwardedOf(apple)).toMatchObject({
      from: { address: 'olena.shevchenko@ukr.net', name: 'Olena' },
      sentOn: '2027-01-20',
      text: '5.Кc3 d6',
    });
  });
  it('a date the forward writes in a way amici does not read is kept as written', async () => {
    const mail = await mailOf(
      `${head('Fwd: move')}---------- Forwarded message ---------
From: olena.shevchenko@ukr.net
Date: yesterday evening
To: td@chessclub.example

5.Кc3 d6
`,
    );
    expect(forwardedOf(mail)).toMatchObject({
      from: { address: 'olena.shevchenko@ukr.net', name: '' },
      dateWritten: 'yesterday evening',
      text: '5.Кc3 d6',
    });
    expect(forwardedOf(mail)).not.toHaveProperty('sentOn');
  });
  it('a mail attached whole (message/rfc822): its own From and Date', async () => {
    const attached = `From: =?utf-8?b?0J7Qu9C10L3QsA==?= <olena.shevchenko@ukr.net>\nTo: td@chessclub.example\nSubject: RE: [PC27/1] 5. Kc3\nDate: Wed, 20 Jan 2027 23:30:00 +0200\nContent-Type: text/plain; charset=utf-8\n\n5.Кc3 d6\n`;
    const mail = await mailOf(
      `From: Anna Nowak <td@chessclub.example>\nTo: referee@chessclub.example\nSubject: Fwd: RE: [PC27/1] 5. Kc3\nDate: Thu, 21 Jan 2027 09:00:00 +0100\nMessage-ID: <fwd2@chessclub.example>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain; charset=utf-8\n\nPlease process it.\n--b\nContent-Type: message/rfc822\n\n${attached}\n--b--\n`,
    );
    expect(mail.report.original).toContain('5.Кc3 d6');
    const inner = await readMessage(mail.report.original ?? '');
    if (!inner.ok) throw new Error(inner.error);
    // The day on Olena's own clock (P-2j): 20 January, though it was the 20th, 21:30 UTC.
    expect(forwardedOf(mail, inner.value)).toMatchObject({
      how: 'attached',
      from: { address: 'olena.shevchenko@ukr.net', name: 'Олена' },
      sentOn: '2027-01-20',
      text: '5.Кc3 d6',
    });
  });
  it('a reply that quotes an earlier mail is no forward', async () => {
    const mail = await mailOf(
      `${head('RE: [PC27/1] dispute')}Noted, thanks.

-----Original Message-----
From: amici referee <referee@chessclub.example>
Sent: Tuesday, January 19, 2027 09:35 AM
To: Anna Nowak <td@chessclub.example>
Subject: [PC27/1] dispute

A dispute between the players.
`,
    );
    expect(forwardedOf(mail)).toBeUndefined();
  });
});
