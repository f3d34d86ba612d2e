// The MIME amici queues, read back the way a player's mail program reads it (mailparser):
// headers of the game thread, the text and HTML parts, the board inline by cid, the PGN as an
// attachment — in Polish, Ukrainian and plain English.

import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { ComposedMail } from '../../src/compose/index.ts';
import { buildMime, messageIdFor, threadRootId } from '../../src/daemon/outgoing-mime.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PGN = '[Event "Klub 2026"]\n[White "Łukasz Żółw"]\n[Black "Ганна"]\n\n1. e4 e5 *\n';

function relay(overrides: Partial<ComposedMail> = {}): ComposedMail {
  return {
    to: 'black',
    lang: 'pl',
    subject: 'Ruch przekazany — [KLUB/1] Łukasz Żółw – Ганна',
    text: `Zażółć gęślą jaźń.\n\n1.e4\n${'x'.repeat(120)}\n`,
    html: '<p>Zażółć gęślą jaźń.</p><img src="cid:board-KLUB-1-1@amici">',
    attachments: [
      {
        filename: 'board.png',
        contentType: 'image/png',
        content: PNG,
        cid: 'board-KLUB-1-1@amici',
      },
      { filename: 'KLUB-1.pgn', contentType: 'application/x-chess-pgn', content: Buffer.from(PGN) },
    ],
    threadKey: 'KLUB/1',
    kind: 'move-relayed',
    ...overrides,
  };
}

const input = (mail: ComposedMail, extra: { inReplyTo?: string } = {}) => ({
  mail,
  from: { name: 'amici sędzia', address: 'referee@klub.pl' },
  to: ['hanna@example.ua'],
  seed: 'inbound-42:0:black',
  date: new Date('2026-11-22T10:00:00Z'),
  ...extra,
});

describe('outgoing MIME', () => {
  it("P-5a: a player's mail that cannot travel unencoded (a NUL, an endless line) is attached as original.eml, base64, byte for byte", async () => {
    for (const raw of [
      Buffer.from('From: jan@x.example\r\nSubject: card\r\n\r\nphoto\0of the card\r\n'),
      Buffer.from(`From: jan@x.example\r\nSubject: card\r\n\r\n${'x'.repeat(1200)}\r\n`),
    ]) {
      const mail = relay({
        attachments: [{ filename: 'original.eml', contentType: 'message/rfc822', content: raw }],
      });
      const built = buildMime(input(mail)).raw;
      expect(built.toString()).toContain(
        'Content-Type: application/octet-stream; name=original.eml\r\nContent-Transfer-Encoding: base64',
      );
      const [a] = (await simpleParser(built)).attachments;
      expect(a?.filename).toBe('original.eml');
      expect(a?.headers.get('content-transfer-encoding')).toBe('base64');
      expect(a?.content.equals(raw)).toBe(true);
    }
  });
  it('reads back with the thread headers, both text parts, the inline board and the PGN', async () => {
    const { messageId, raw } = buildMime(input(relay(), { inReplyTo: '<p1@player.example>' }));
    const m = await simpleParser(raw);
    expect(m.messageId).toBe(messageId);
    expect(m.subject).toBe('Ruch przekazany — [KLUB/1] Łukasz Żółw – Ганна');
    expect(m.from?.value[0]).toEqual({ name: 'amici sędzia', address: 'referee@klub.pl' });
    expect(m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : '').toBe('hanna@example.ua');
    expect(m.inReplyTo).toBe('<p1@player.example>');
    expect(m.references).toEqual([
      threadRootId('KLUB/1', 'referee@klub.pl'),
      '<p1@player.example>',
    ]);
    expect(m.date?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(m.headers.get('auto-submitted')).toBe('auto-replied');
    expect(m.headers.get('x-amici-kind')).toBe('move-relayed');
    expect(m.text).toBe(`Zażółć gęślą jaźń.\n\n1.e4\n${'x'.repeat(120)}\n`);
    expect(m.html).toContain('Zażółć gęślą jaźń.');
    const board = m.attachments.find((a) => a.filename === 'board.png');
    expect(board?.contentId).toBe('<board-KLUB-1-1@amici>');
    expect(board?.contentDisposition).toBe('inline');
    expect(board?.content.equals(PNG)).toBe(true);
    const pgn = m.attachments.find((a) => a.filename === 'KLUB-1.pgn');
    expect(pgn?.contentDisposition).toBe('attachment');
    expect(pgn?.contentType).toBe('application/x-chess-pgn');
    expect(pgn?.content.toString('utf8')).toBe(PGN);
  });

  it('keeps every line within 78 characters and ends lines with CRLF', () => {
    const { raw } = buildMime(input(relay()));
    const text = raw.toString('latin1');
    expect(text.split('\r\n').every((l) => l.length <= 78)).toBe(true);
    expect(/[^\r]\n/.test(text)).toBe(false);
  });

  it('answers the thread root when there is no player mail to answer', async () => {
    const m = await simpleParser(buildMime(input(relay())).raw);
    expect(m.inReplyTo).toBe(threadRootId('KLUB/1', 'referee@klub.pl'));
  });

  it('builds the same bytes for the same decision, and the Message-ID from the seed', () => {
    const a = buildMime(input(relay()));
    const b = buildMime(input(relay()));
    expect(a.raw.equals(b.raw)).toBe(true);
    expect(a.messageId).toBe(messageIdFor('inbound-42:0:black', 'referee@klub.pl'));
    expect(buildMime({ ...input(relay()), seed: 'other' }).messageId).not.toBe(a.messageId);
  });

  it('never lets a line break in a subject start a header of its own', async () => {
    const { raw } = buildMime(
      input(relay({ subject: 'Which game? — Re: hi\r\nBcc: victim@example.com' })),
    );
    const m = await simpleParser(raw);
    expect(m.bcc).toBeUndefined();
    expect(m.subject).toBe('Which game? — Re: hi Bcc: victim@example.com');
  });

  it('a mail without attachments is text and HTML only; Cyrillic text survives', async () => {
    const text = 'Ганна, ваш хід прийнято: 12...Кf6.\n';
    const m = await simpleParser(
      buildMime(input(relay({ attachments: [], text, html: `<p>${text}</p>` }))).raw,
    );
    expect(m.attachments).toHaveLength(0);
    expect(m.text).toBe(text);
    expect(m.html).toContain('Ганна');
  });

  it('quotes a display name with punctuation', async () => {
    const m = await simpleParser(
      buildMime({ ...input(relay()), from: { name: 'J. Smith, TD', address: 'td@x.org' } }).raw,
    );
    expect(m.from?.value[0]).toEqual({ name: 'J. Smith, TD', address: 'td@x.org' });
  });
});

// Any subject, display name, text and file name a mail can carry comes back the same through
// mailparser (line breaks in header values become spaces; text line ends are normalised).
// More runs: AMICI_PROPERTY_RUNS=2000 npx vitest run test/daemon/outgoing-mime
const RUNS = Number(process.env.AMICI_PROPERTY_RUNS ?? 100);

describe('outgoing MIME, any content', () => {
  const tricky = fc.constantFrom(
    ...[
      'a',
      'Ż',
      'ł',
      'Ї',
      'ß',
      '"',
      '=',
      '?',
      '_',
      ' ',
      '\t',
      '–',
      '♞',
      '😀',
      '<',
      ';',
      '=?',
      '?=',
    ],
  );
  const words = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: tricky, maxLength: 60 }),
  );
  const body = fc.array(fc.oneof(words, fc.constantFrom('', '.', '..', 'From x', '=3D')), {
    maxLength: 12,
  });
  const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

  it('reads back subject, sender name, text and attachments unchanged; no line over 78 characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        words,
        words,
        body,
        words,
        fc.uint8Array({ maxLength: 400 }),
        async (subject, name, lines, file, image) => {
          const text = `${lines.join('\n')}\n`;
          const filename = `${oneLine(file).replace(/[\\/]/g, '') || 'x'}.pgn`;
          const { raw } = buildMime({
            ...input(
              relay({
                subject,
                text,
                html: `<p>${lines.join('<br>')}</p>`,
                attachments: [
                  { filename, contentType: 'application/x-chess-pgn', content: Buffer.from(text) },
                  {
                    filename: 'board.png',
                    contentType: 'image/png',
                    content: Buffer.from(image),
                    cid: 'board',
                  },
                ],
              }),
            ),
            from: { name, address: 'referee@klub.pl' },
          });
          const m = await simpleParser(raw);
          expect(m.subject ?? '').toBe(oneLine(subject));
          expect(m.from?.value[0]?.name ?? '').toBe(oneLine(name));
          expect(m.text ?? '').toBe(text.replace(/\r\n?/g, '\n'));
          expect(m.attachments.map((a) => [a.filename, a.content.toString('latin1')])).toEqual([
            ['board.png', Buffer.from(image).toString('latin1')],
            [filename, Buffer.from(text).toString('latin1')],
          ]);
          for (const line of raw.toString('latin1').split('\r\n'))
            expect(line.length, line).toBeLessThanOrEqual(78);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
