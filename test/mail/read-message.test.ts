import { describe, expect, it } from 'vitest';
import { headerOnly, readMessage, repairFlowedQuotes } from '../../src/mail/read-message.ts';
import { encodeCharset, message, quotedPrintable } from './mime-builder.ts';

describe('readMessage never throws on garbage', () => {
  const cases: [string, Buffer | string, string][] = [
    ['empty', '', 'empty'],
    ['blank', '  \r\n\r\n ', 'empty'],
    ['binary noise', Buffer.from([0, 1, 2, 3, 255, 254, 10, 13]), 'not-a-message'],
    ['prose', 'hello, this is not a mail\n', 'not-a-message'],
    // An IMAP server's `BODY[] NIL`, as imapflow gives it (was: TypeError, buffer.subarray).
    ['no bytes at all (false)', false as unknown as Buffer, 'empty'],
  ];
  it.each(cases)('%s → %s', async (_name, raw, error) => {
    await expect(readMessage(raw)).resolves.toMatchObject({ ok: false, error });
  });

  it('refuses inputs above the size limit', async () => {
    await expect(readMessage('Subject: x\r\n\r\nbody', { maxBytes: 5 })).resolves.toMatchObject({
      ok: false,
      error: 'too-large',
    });
  });

  it('reads the move of a mail with the largest attachment a mail service sends (25 MB)', async () => {
    const attachment = Buffer.alloc(25 * 2 ** 20, 7)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    const raw = `From: Jan <jan@x.example>\r\nSubject: [T/1] move\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=BB\r\n\r\n--BB\r\nContent-Type: text/plain\r\n\r\n1.d4\r\n--BB\r\nContent-Type: application/octet-stream; name=photo.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--BB--\r\n`;
    expect(raw.length).toBeGreaterThan(30 * 2 ** 20);
    const read = await readMessage(raw);
    expect(read.ok && read.value.text.trim()).toBe('1.d4');
  });

  it('a mail too large to read still names its sender and subject', async () => {
    const raw = Buffer.from(
      `From: Jan <Jan@X.example>\r\nSubject: [T/1] move\r\n\r\n${'x'.repeat(100)}`,
    );
    expect(await readMessage(raw, { maxBytes: 50 })).toMatchObject({
      ok: false,
      error: 'too-large',
    });
    expect(await headerOnly(raw)).toEqual({ sender: 'jan@x.example', subject: '[T/1] move' });
  });

  it('reads a header-only message with no body', async () => {
    const read = await readMessage('From: A <A@Example.org>\r\nSubject: hi\r\n\r\n');
    expect(read).toMatchObject({
      ok: true,
      value: { from: { address: 'a@example.org', name: 'A' }, subject: 'hi', text: '' },
    });
  });

  it('reads the Date header as UTC ISO', async () => {
    const read = await readMessage(
      'From: a@b.c\r\nDate: Sat, 21 Nov 2026 09:15:02 +0100 (CET)\r\nSubject: x\r\n\r\nbody\r\n',
    );
    expect(read.ok && read.value.date).toBe('2026-11-21T08:15:02.000Z');
  });

  it.each([
    ['Wed, 25 Nov 2026 00:30:00 +0100 (CET)', '2026-11-24T23:30:00.000Z', '2026-11-25'],
    ['Tue, 24 Nov 2026 21:00:00 -0500', '2026-11-25T02:00:00.000Z', '2026-11-24'],
    ['Tue, 24 Nov 2026 21:00:00 GMT', '2026-11-24T21:00:00.000Z', '2026-11-24'],
  ])("the sender's own day comes from the Date header's offset: %s", async (header, utc, day) => {
    const read = await readMessage(`From: a@b.c\r\nDate: ${header}\r\nSubject: x\r\n\r\nbody\r\n`);
    expect(read.ok && [read.value.date, read.value.localDay]).toEqual([utc, day]);
  });

  it('keeps a broken Date header out instead of failing (mailparser would say "now")', async () => {
    const read = await readMessage(
      'From: a@b.c\r\nDate: yesterday-ish\r\nSubject: x\r\n\r\nbody\r\n',
    );
    expect(read.ok && read.value.date).toBeUndefined();
  });
});

describe('readMessage decodes charsets as they arrive', () => {
  const text = {
    pl: 'Otrzymano: 20.11.2026, wysłano: 21.11.2026 — Łódź',
    cs: 'obdrženo: 20. 11. 2026, Petr Novák',
    ru: 'получено: 20.11.2026, Кf6',
    uk: 'отримано: 20.11.2026, Кf6 ї є',
  };
  const cases: [
    string,
    'iso-8859-2' | 'windows-1250' | 'windows-1251' | 'koi8-r' | 'utf-8',
    string,
  ][] = [
    ['ISO-8859-2', 'iso-8859-2', text.cs],
    ['Windows-1250', 'windows-1250', text.pl],
    ['Windows-1251', 'windows-1251', text.uk],
    ['KOI8-R', 'koi8-r', text.ru],
    ['UTF-8', 'utf-8', text.pl],
  ];
  it.each(cases)('%s, quoted-printable and base64', async (_name, charset, body) => {
    const printable = body.replace('—', '-');
    for (const cte of ['quoted-printable', 'base64', '8bit'] as const) {
      const raw = message(['From: x@y.z', 'Subject: t'], {
        type: 'text/plain',
        charset,
        cte,
        body: `${printable}\n`,
      });
      const read = await readMessage(raw);
      expect(read.ok && read.value.text.trim()).toBe(printable);
    }
  });

  it('quoted-printable writer round-trips through mailparser', async () => {
    const body = `${'x'.repeat(100)} = ę\n`;
    const raw = `From: x@y.z\r\nSubject: t\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(encodeCharset(body, 'utf-8'))}`;
    const read = await readMessage(raw);
    expect(read.ok && read.value.text).toBe(body);
  });
});

describe('format=flowed', () => {
  const flowed = (params: string, body: string): string =>
    `From: x@y.z\r\nSubject: t\r\nContent-Type: text/plain; charset=utf-8; ${params}\r\n\r\n${body}`;

  it('joins soft breaks (RFC 3676)', async () => {
    const read = await readMessage(flowed('format=flowed', '12...Sf6 and a long \r\nsentence\r\n'));
    expect(read.ok && read.value.text.trim()).toBe('12...Sf6 and a long sentence');
  });

  it('DelSp=yes drops the space of the soft break', async () => {
    const read = await readMessage(flowed('format=flowed; delsp=yes', 'odpo \r\nvěď\r\n'));
    expect(read.ok && read.value.text.trim()).toBe('odpověď');
  });

  it('repairs the quote marks mailparser leaves inside joined quoted lines', async () => {
    const read = await readMessage(flowed('format=flowed', '> a quoted \r\n> line\r\n'));
    expect(read.ok && read.value.text.trim()).toBe('> a quoted line');
  });

  it.each([
    ['> a > b', '> a b'],
    ['>> a >> b', '>> a b'],
    ['>> a > b', '>> a > b'],
    ['plain > text', 'plain > text'],
  ])('repairFlowedQuotes(%s) = %s', (input, output) => {
    expect(repairFlowedQuotes(input)).toBe(output);
  });
});
