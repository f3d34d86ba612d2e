// A mail in Polish, Czech, Ukrainian or German must reach its player through any relay, also
// one that does not announce 8BITMIME (RFC 6152), which may refuse 8-bit octets or strip their
// top bit: every mail amici builds — every effect kind of the golden cases, in each language,
// with a sender's name, a subject, a PGN and a player's mail attached whole — is 7-bit (headers
// as encoded-words, text as quoted-printable or base64, a mail attached whole unencoded only
// when it is ASCII), its lines within SMTP's 998 octets, and nodemailer asks for no
// BODY=8BITMIME. Sent through an smtp-server that hides 8BITMIME (and SMTPUTF8), it arrives
// byte for byte.

import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeContext, ComposedMail } from '../../src/compose/index.ts';
import { composeEffect, composeTdNotice } from '../../src/compose/index.ts';
import { buildMime } from '../../src/daemon/outgoing-mime.ts';
import { createSmtpSender } from '../../src/daemon/smtp-sender.ts';
import { cases, RULES } from '../compose/cases.ts';

const LANGS = ['pl', 'cs', 'uk', 'de'] as const;

function contextFor(c: ReturnType<typeof cases>[number], lang: string): ComposeContext {
  return {
    state: c.state,
    rules: c.rules ?? RULES,
    now: c.now,
    ...(c.writtenOn ? { writtenOn: c.writtenOn } : {}),
    ...(c.paper ? { paper: true } : {}),
    event: { name: 'Mistrzostwa Łodzi – Чемпіонат 2026', tag: 'ŁDZ26', site: 'Łódź POL' },
    gameId: '7',
    players: {
      white: { name: 'Łukasz Żółw', lang, notation: 'san' },
      black: { name: 'Олександр Петренко', lang, notation: 'numeric' },
    },
    td: { name: 'Jiří Dvořák', lang, address: 'td@wch26.example' },
  };
}

/** Every mail of the golden cases in `lang`, as the outbox queues it. */
function built(lang: string): Buffer[] {
  return cases().flatMap((c) => {
    const ctx = contextFor(c, lang);
    const mails: ComposedMail[] = [
      ...c.effects.flatMap((e) => composeEffect(e, ctx)),
      ...(c.notices ?? []).map((n) => composeTdNotice(n, ctx)),
    ];
    // A player's mail for the TD attached whole, as their mail program sent it: 8-bit UTF-8.
    const original = Buffer.from(
      'From: Łukasz <lukasz@klub.example>\r\nSubject: TD\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nTD: Zażółć gęślą jaźń, Їжак\r\n',
    );
    const withOriginal = mails.slice(0, 1).map((m) => ({
      ...m,
      attachments: [
        ...m.attachments,
        { filename: 'mail.eml', contentType: 'message/rfc822', content: original },
      ],
    }));
    return [...mails, ...withOriginal].map(
      (mail, i) =>
        buildMime({
          mail,
          from: { name: 'amici — sędzia', address: 'referee@klub.example' },
          to: ['gracz@klub.example'],
          seed: `${c.name}:${lang}:${i}`,
          date: new Date('2026-11-22T10:00:00Z'),
        }).raw,
    );
  });
}

describe('P-2m: the outbox through a relay without 8BITMIME', () => {
  let server: SMTPServer;
  let port = 0;
  const received: { raw: Buffer; body: unknown }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      hide8BITMIME: true,
      hideSMTPUTF8: true,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks),
            body: session.envelope.mailFrom ? session.envelope.mailFrom.args : undefined,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const lang of LANGS) {
    it(`${lang}: every mail is 7-bit, no line over 998 octets`, () => {
      const raws = built(lang);
      expect(raws.length).toBeGreaterThan(100);
      for (const raw of raws) {
        expect(raw.every((b) => b < 0x80)).toBe(true);
        expect(
          raw
            .toString('latin1')
            .split('\r\n')
            .every((l) => l.length <= 998),
        ).toBe(true);
      }
    });
  }

  it('sent through it: no BODY=8BITMIME asked, every mail arrives byte for byte and reads back', async () => {
    const sender = createSmtpSender({
      host: '127.0.0.1',
      port,
      secure: false,
      logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
    });
    const raws = LANGS.flatMap((lang) => built(lang).slice(0, 12));
    try {
      for (const [i, raw] of raws.entries()) {
        const r = await sender.send({
          messageId: `<m${i}@klub.example>`,
          from: 'referee@klub.example',
          to: ['gracz@klub.example'],
          raw,
        });
        expect(r.ok).toBe(true);
      }
    } finally {
      await sender.close();
    }
    expect(received).toHaveLength(raws.length);
    for (const [i, r] of received.entries()) {
      expect(r.body).toBeFalsy();
      // The DATA terminator's CRLF aside, the very bytes sent.
      expect(r.raw.toString('latin1').replace(/\r\n$/, '')).toBe(
        raws[i]!.toString('latin1').replace(/\r\n$/, ''),
      );
    }
    const first = await simpleParser(received[0]!.raw);
    expect(first.from?.text).toContain('amici — sędzia');
    expect(first.text).toMatch(/[ąęłńóśźżĄĘŁŃÓŚŹŻ]/);
  });
});
