// What every fixture in test/fixtures/mail must yield, one row per .eml: classification, the
// player's new text, stated dates (P-2f..h), commands, and the `rest` lines the chess reader
// gets. The transmission assembler adds `moves` to the same rows later. Rows are written by
// hand from what each client sent, not from what the code returns.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MailKind } from '../../src/mail/classify.ts';
import { type Command, readInbound } from '../../src/mail/index.ts';

type CommandExpectation = { kind: Command['kind'] } & Record<string, unknown>;

interface FixtureCase {
  file: string;
  kind: MailKind;
  from: string;
  /** The new text, line by line, exactly. */
  newText?: string[];
  dates?: { received?: string; sent?: string };
  commands?: CommandExpectation[];
  /** The lines left for the chess reader, exactly. */
  rest?: string[];
  bounce?: { failedRecipient: string; originalMessageId?: string };
  pgn?: string;
  /** Whether In-Reply-To points at amici's mail for move 12. */
  threaded?: boolean;
}

const AMICI_12W = '<20261120101200.12w@amici>';
const D = { received: '2026-11-20', sent: '2026-11-21' };

/** amici's own quoted mail: none of it may ever be new text (P-4b, P-2e). */
const NEVER = [
  '##- amici',
  'White played',
  'Moves so far',
  '12.Nf3',
  'amici referee',
  'Please send 12...',
];

const CASES: FixtureCase[] = [
  {
    file: '01-gmail-web-en.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: [
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
    dates: D,
    commands: [],
    rest: ['Hi', '12...Nf6', 'Best', 'John'],
  },
  {
    file: '02-gmail-phone-pl.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: ['12...Sf6', 'otrzymano 20.11.2026, wysłano 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Sf6'],
  },
  {
    file: '03-outlook-desktop-pl-cp1250.eml',
    kind: 'normal',
    from: 'j.kowalski@firma.com.pl',
    threaded: true,
    newText: [
      'Dzień dobry,',
      '',
      'mój ruch: 12...Sf6 13.Gd3 nie – tylko 12...Sf6.',
      'Otrzymano: 20.11.2026',
      'Wysłano: 21.11.2026',
      '',
      'Pozdrawiam',
      'Jan Kowalski',
    ],
    dates: D,
    commands: [],
    rest: [
      'Dzień dobry',
      'mój ruch: 12...Sf6 13.Gd3 nie – tylko 12...Sf6.',
      'Pozdrawiam',
      'Jan Kowalski',
    ],
  },
  {
    file: '04-outlook-desktop-en-original-message.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['12... 6766', 'received 20 Nov 2026, sent Nov 21, 2026'],
    dates: D,
    commands: [],
    rest: ['12... 6766'],
  },
  {
    file: '05-outlook-web-html-only.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['12...Nf6', 'Received: 2026-11-20', 'Sent: 2026-11-21'],
    dates: D,
    commands: [],
    rest: ['12...Nf6'],
  },
  {
    file: '06-outlook-desktop-de-html-only.eml',
    kind: 'normal',
    from: 'hans.mueller@web.de',
    threaded: true,
    newText: ['Hallo,', '12...Sf6', 'erhalten: 20.11.2026, gesendet: 21.11.2026', 'Grüße Hans'],
    dates: D,
    commands: [],
    rest: ['Hallo', '12...Sf6', 'Grüße Hans'],
  },
  {
    file: '07-thunderbird-pl-iso88592-flowed.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: [
      '12...Sf6',
      'Uwaga: w przyszłym tygodniu odpowiadam wolniej, bo jadę do Zakopanego na zawody.',
      'otrzymano: 20.11.2026, wysłano: 21.11.2026',
    ],
    dates: D,
    commands: [
      {
        kind: 'note',
        text: 'w przyszłym tygodniu odpowiadam wolniej, bo jadę do Zakopanego na zawody.',
      },
    ],
    rest: ['12...Sf6'],
  },
  {
    file: '08-thunderbird-cs-flowed-delsp.eml',
    kind: 'normal',
    from: 'petr.novak@seznam.cz',
    threaded: true,
    newText: [
      '12...Jf6',
      'Poznámka: děkuji za rychlou odpověď.',
      'obdrženo: 20. 11. 2026, odesláno: 21. 11. 2026',
    ],
    dates: D,
    commands: [{ kind: 'note', text: 'děkuji za rychlou odpověď.' }],
    rest: ['12...Jf6'],
  },
  {
    file: '09-iphone-en.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['12…Nf6 (=)', 'Rec’d 20/11/2026 sent 21/11/2026'],
    dates: D,
    // The mark after the move stays with it for the chess reader (L-8.1).
    commands: [],
    rest: ['12…Nf6 (=)'],
  },
  {
    file: '10-apple-mail-html-only.eml',
    kind: 'normal',
    from: 'hans.mueller@web.de',
    threaded: true,
    newText: ['12…Sf6', 'Ich biete Remis an.', 'Erhalten 20.11.2026, gesendet 21.11.2026'],
    dates: D,
    commands: [{ kind: 'draw-offer', wholeLine: true }],
    rest: ['12…Sf6'],
  },
  {
    file: '11-android-samsung-pl.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: ['12...Sf6 otrzymano 20.11 wysłano 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Sf6'],
  },
  {
    file: '12-yandex-ru-koi8r.eml',
    kind: 'normal',
    from: 'ivan.petrov@mail.ru',
    threaded: true,
    newText: [
      'Добрый день!',
      '12...Кf6',
      'получено: 20.11.2026',
      'отправлено: 21.11.2026',
      '',
      'С уважением,',
      'Иван',
    ],
    dates: D,
    commands: [],
    rest: ['Добрый день!', '12...Кf6', 'С уважением', 'Иван'],
  },
  {
    file: '13-outlook-uk-cp1251.eml',
    kind: 'normal',
    from: 'olena.kovalenko@ukr.net',
    threaded: true,
    newText: [
      '12...Кf6',
      'Отримано 20 листопада 2026, надіслано 21 листопада 2026',
      'Примітка: дякую за цікаву партію',
    ],
    dates: D,
    commands: [{ kind: 'note', text: 'дякую за цікаву партію' }],
    rest: ['12...Кf6'],
  },
  {
    file: '14-gmail-de-base64.eml',
    kind: 'normal',
    from: 'hans.mueller@web.de',
    threaded: true,
    newText: ['12...Sf6', 'Zug erhalten am 20.11.2026, gesendet am 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Sf6'],
  },
  {
    file: '15-numeric-notation.eml',
    kind: 'normal',
    from: 'petr.novak@seznam.cz',
    threaded: true,
    newText: [
      '12. ... 6766',
      'Obdrženo 20.XI.2026, odesláno 21.XI.2026',
      '',
      'S pozdravem',
      'Petr Novák',
    ],
    dates: D,
    commands: [],
    rest: ['12. ... 6766', 'S pozdravem', 'Petr Novák'],
  },
  {
    file: '16-gmail-figurine.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['12…♞f6', 'received 20 Nov 2026 · sent 21 Nov 2026'],
    dates: D,
    commands: [],
    rest: ['12…♞f6'],
  },
  {
    file: '17-iphone-pl-draw-mark.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: ['12...Sf6 (=)', 'otrzymano 20.11.2026', 'wysłano 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Sf6 (=)'],
  },
  {
    file: '18-thunderbird-pl-draw-offer-words.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: ['12...Sf6', 'Proponuję remis.', 'Otrzymano: 20.11.2026, wysłano: 21.11.2026'],
    dates: D,
    commands: [{ kind: 'draw-offer', wholeLine: true }],
    rest: ['12...Sf6'],
  },
  {
    file: '19-gmail-de-draw-accept.eml',
    kind: 'normal',
    from: 'hans.mueller@web.de',
    threaded: true,
    newText: ['Ich nehme Ihr Remisangebot an.', 'Erhalten: 20.11.2026', 'Gesendet: 21.11.2026'],
    dates: D,
    commands: [{ kind: 'draw-accept' }],
    rest: [],
  },
  {
    file: '20-outlook-cs-draw-decline-iso88592.eml',
    kind: 'normal',
    from: 'petr.novak@seznam.cz',
    threaded: true,
    newText: ['Odmítám remízu.', '12...Jd7', 'obdrženo 20.11.2026 odesláno 21.11.2026'],
    dates: D,
    commands: [{ kind: 'draw-decline' }],
    rest: ['12...Jd7'],
  },
  {
    file: '21-mailru-ru-resign-koi8r.eml',
    kind: 'normal',
    from: 'ivan.petrov@mail.ru',
    threaded: true,
    newText: ['Сдаюсь. Спасибо за партию!', 'получено 20.11.2026'],
    dates: { received: '2026-11-20' },
    commands: [{ kind: 'resign' }],
    rest: [],
  },
  {
    file: '22-gmail-en-resign.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['I resign. Thank you for a fine game.', 'Received: 20.11.2026', 'Sent: 21.11.2026'],
    dates: D,
    commands: [{ kind: 'resign' }],
    rest: [],
  },
  {
    file: '23-thunderbird-pl-leave.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: [
      '12...Sf6',
      'Urlop od 1.12.2026 do 14.12.2026',
      'otrzymano 20.11.2026, wysłano 21.11.2026',
    ],
    dates: D,
    commands: [
      {
        kind: 'leave',
        from: '1.12.2026',
        to: '14.12.2026',
        fromDate: '2026-12-01',
        toDate: '2026-12-14',
      },
    ],
    rest: ['12...Sf6'],
  },
  {
    file: '24-plain-en-leave.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: false,
    newText: [
      'Dear TD and opponent,',
      '',
      'Leave from 2026-12-20 to 2027-01-03 (family holidays).',
      '',
      'John Smith',
    ],
    dates: {},
    commands: [{ kind: 'leave', fromDate: '2026-12-20', toDate: '2027-01-03' }],
    rest: ['Dear TD and opponent', 'John Smith'],
  },
  {
    file: '25-gmail-en-conditional.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['13.Bd3', 'If 13...Nc6 then 14.Nbd2', 'received 20.11.2026 sent 21.11.2026'],
    dates: D,
    commands: [{ kind: 'conditional', condition: '13...Nc6', reply: '14.Nbd2', wholeLine: true }],
    rest: ['13.Bd3'],
  },
  {
    file: '26-thunderbird-pl-conditional.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: ['13.Gd3, jeśli 13...Sc6 to 14.Sbd2', 'otrzymano 20.11.2026, wysłano 21.11.2026'],
    dates: D,
    commands: [{ kind: 'conditional', condition: '13...Sc6', reply: '14.Sbd2', wholeLine: false }],
    rest: ['13.Gd3'],
  },
  {
    file: '27-outlook-web-uk-note.eml',
    kind: 'normal',
    from: 'olena.kovalenko@ukr.net',
    threaded: true,
    newText: [
      '12...Кf6',
      'Примітка: наступного тижня я у відрядженні.',
      'отримано: 20.11.2026',
      'надіслано: 21.11.2026',
    ],
    dates: D,
    commands: [{ kind: 'note', text: 'наступного тижня я у відрядженні.' }],
    rest: ['12...Кf6'],
  },
  {
    file: '28-gmail-en-claim-repetition.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: [
      '31...Kg8',
      'I claim a draw by threefold repetition after 32.Qd8+.',
      'Received 20.11.2026, sent 21.11.2026',
    ],
    dates: D,
    commands: [{ kind: 'claim-repetition', wholeLine: false }],
    rest: ['31...Kg8', 'I claim a draw by threefold repetition after 32.Qd8+.'],
  },
  {
    file: '29-outlook-de-claim-fifty.eml',
    kind: 'normal',
    from: 'hans.mueller@web.de',
    threaded: true,
    newText: [
      'Ich reklamiere Remis nach der 50-Züge-Regel.',
      '75...Kf7',
      'erhalten: 20.11.2026, gesendet: 21.11.2026',
    ],
    dates: D,
    commands: [{ kind: 'claim-fifty-moves', wholeLine: true }],
    rest: ['75...Kf7'],
  },
  {
    file: '30-exchange-oof-en.eml',
    kind: 'auto-reply',
    from: 'john.smith@gmail.com',
    threaded: true,
    dates: {},
    commands: [],
    rest: [],
  },
  {
    file: '31-autoreply-pl-subject-only.eml',
    kind: 'auto-reply',
    from: 'jan.kowalski@wp.pl',
    dates: {},
    commands: [],
    rest: [],
  },
  {
    file: '32-autoreply-x-autoreply-de.eml',
    kind: 'auto-reply',
    from: 'hans.mueller@web.de',
    dates: {},
    commands: [],
    rest: [],
  },
  {
    file: '33-autoreply-precedence-ru.eml',
    kind: 'auto-reply',
    from: 'ivan.petrov@mail.ru',
    dates: {},
    commands: [],
    rest: [],
  },
  {
    file: '34-bounce-postfix-dsn.eml',
    kind: 'bounce',
    from: 'mailer-daemon@amici.example',
    commands: [],
    rest: [],
    bounce: { failedRecipient: 'jan.kowalski@example.invalid', originalMessageId: AMICI_12W },
  },
  {
    file: '35-bounce-exchange-ndr.eml',
    kind: 'bounce',
    from: 'postmaster@firma.com.pl',
    commands: [],
    rest: [],
    bounce: { failedRecipient: 'j.kowalski@firma.com.pl', originalMessageId: AMICI_12W },
  },
  {
    file: '36-bounce-exim-plain.eml',
    kind: 'bounce',
    from: 'mailer-daemon@mx.web.de',
    commands: [],
    rest: [],
    bounce: { failedRecipient: 'hans.mueller@web.de', originalMessageId: AMICI_12W },
  },
  {
    file: '37-bounce-cs-subject.eml',
    kind: 'bounce',
    from: 'postmaster@seznam.cz',
    commands: [],
    rest: [],
    bounce: { failedRecipient: 'petr.novak@seznam.cz', originalMessageId: AMICI_12W },
  },
  {
    file: '38-pgn-attachment.eml',
    kind: 'normal',
    from: 'petr.novak@seznam.cz',
    threaded: false,
    pgn: 'wch26-7.pgn',
    newText: ['Dobrý den,', 'v příloze posílám záznam partie.', '', 'Petr Novák'],
    dates: {},
    commands: [],
    rest: ['Dobrý den', 'v příloze posílám záznam partie.', 'Petr Novák'],
  },
  {
    file: '39-gmail-html-only-pl.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: ['12...Sf6', 'Otrzymano: 20.11.2026', 'Wysłano: 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Sf6'],
  },
  {
    file: '40-thunderbird-en-bottom-posted.eml',
    kind: 'normal',
    from: 'john.smith@gmail.com',
    threaded: true,
    newText: ['12...Nf6', 'received 20.11.2026, sent 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Nf6'],
  },
  {
    file: '41-outlook-android-no-blank-line.eml',
    kind: 'normal',
    from: 'j.kowalski@firma.com.pl',
    threaded: true,
    newText: ['12...Sf6 otrzymano 20.11.2026 wysłano 21.11.2026'],
    dates: D,
    commands: [],
    rest: ['12...Sf6'],
  },
  {
    file: '42-thunderbird-pl-w-dniu-in-text.eml',
    kind: 'normal',
    from: 'jan.kowalski@wp.pl',
    threaded: true,
    newText: [
      'W dniu 20.11.2026 otrzymałem ruch 12. Sf3.',
      'Odpowiadam: 12...Sf6',
      'wysłano 21.11.2026',
    ],
    dates: { sent: '2026-11-21' },
    commands: [],
    rest: ['W dniu 20.11.2026 otrzymałem ruch 12. Sf3.', 'Odpowiadam: 12...Sf6'],
  },
  {
    file: '43-gmail-ru-no-verb-leadin.eml',
    kind: 'normal',
    from: 'ivan.petrov@mail.ru',
    threaded: true,
    newText: ['12...Кf6', 'Получено 20 ноября 2026 г., отправлено 21 ноября 2026 г.'],
    dates: D,
    commands: [],
    rest: ['12...Кf6'],
  },
  {
    file: '44-outlook-ru-koi8r-outlook-block.eml',
    kind: 'normal',
    from: 'ivan.petrov@mail.ru',
    threaded: true,
    newText: ['12...Кf6', 'Предлагаю ничью.', 'получено: 20.11.2026, отправлено: 21.11.2026'],
    dates: D,
    commands: [{ kind: 'draw-offer', wholeLine: true }],
    rest: ['12...Кf6'],
  },
  {
    file: '45-gmail-uk-conditional.eml',
    kind: 'normal',
    from: 'olena.kovalenko@ukr.net',
    threaded: true,
    newText: ['12...Кf6', 'Якщо 13.Сd3, то 13...Кc6', 'отримано 20.11.2026, надіслано 21.11.2026'],
    dates: D,
    commands: [{ kind: 'conditional', condition: '13.Сd3', reply: '13...Кc6' }],
    rest: ['12...Кf6'],
  },
  {
    file: '46-outlook-cs-mobile-signature.eml',
    kind: 'normal',
    from: 'petr.novak@seznam.cz',
    threaded: true,
    newText: ['12...Jf6', 'obdrženo: 20. listopadu 2026', 'odesláno: 21. listopadu 2026'],
    dates: D,
    commands: [],
    rest: ['12...Jf6'],
  },
];

const load = (file: string): Buffer =>
  readFileSync(new URL(`../fixtures/mail/${file}`, import.meta.url));

describe('fixture corpus', () => {
  it('has a row for at least 40 fixtures', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  describe.each(CASES)('$file', (row) => {
    it(`is ${row.kind} from ${row.from} with a game tag`, async () => {
      const read = await readInbound(load(row.file));
      if (!read.ok) throw new Error(read.error);
      const { mail, classification } = read.value;
      expect(classification.kind).toBe(row.kind);
      expect(mail.from?.address).toBe(row.from);
      if (row.kind === 'normal') expect(mail.subject).toMatch(/\[WCH26\/7\]/);
      if (row.threaded !== undefined) expect(mail.inReplyTo === AMICI_12W).toBe(row.threaded);
      if (row.threaded) expect([mail.inReplyTo, ...mail.references]).toContain(AMICI_12W);
      expect(mail.date).toMatch(/^2026-11-2\dT/);
    });

    it('P-4b never reads amici’s own quoted mail as new text', async () => {
      const read = await readInbound(load(row.file));
      if (!read.ok) throw new Error(read.error);
      if (row.kind !== 'normal') return;
      for (const text of NEVER) expect(read.value.newText.text).not.toContain(text);
    });

    if (row.newText) {
      const lines = row.newText;
      it('yields the new text', async () => {
        const read = await readInbound(load(row.file));
        expect(read.ok && read.value.newText.lines).toEqual(lines);
      });
    }

    if (row.dates) {
      const dates = row.dates;
      it('P-2f..h yields the stated dates', async () => {
        const read = await readInbound(load(row.file));
        if (!read.ok) throw new Error(read.error);
        expect({ received: read.value.dates.received, sent: read.value.dates.sent }).toEqual({
          received: dates.received,
          sent: dates.sent,
        });
        expect(read.value.dates.problems).toEqual([]);
      });
    }

    if (row.commands) {
      const commands = row.commands;
      it('yields the commands', async () => {
        const read = await readInbound(load(row.file));
        if (!read.ok) throw new Error(read.error);
        expect(read.value.commands).toHaveLength(commands.length);
        commands.forEach((command, index) => {
          expect(read.value.commands[index]).toMatchObject(command);
        });
      });
    }

    if (row.rest) {
      const rest = row.rest;
      it('leaves the move text lines for the chess reader', async () => {
        const read = await readInbound(load(row.file));
        expect(read.ok && read.value.rest.map((line) => line.text)).toEqual(rest);
      });
    }

    if (row.bounce) {
      const bounce = row.bounce;
      it('P-5c names the failed address and our bounced Message-ID', async () => {
        const read = await readInbound(load(row.file));
        expect(read.ok && read.value.classification).toMatchObject(bounce);
      });
    }

    if (row.pgn) {
      const filename = row.pgn;
      it('L-8.5 returns the .pgn attachment as text and ignores other attachments', async () => {
        const read = await readInbound(load(row.file));
        if (!read.ok) throw new Error(read.error);
        expect(read.value.mail.pgn.map((pgn) => pgn.filename)).toEqual([filename]);
        expect(read.value.mail.pgn[0]?.text).toContain('[Black "Novák, Petr"]');
        expect(read.value.mail.pgn[0]?.text).toContain('12.Nf3 *');
      });
    }
  });
});
