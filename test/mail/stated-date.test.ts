import { describe, expect, it } from 'vitest';
import { findStatedDates, MONTH_BY_WORD, parseStatedDate } from '../../src/mail/stated-date.ts';

describe('parseStatedDate', () => {
  const valid: [string, string][] = [
    ['2026-11-20', '2026-11-20'],
    ['2026.11.20', '2026-11-20'],
    ['20.11.2026', '2026-11-20'],
    ['20.11.26', '2026-11-20'],
    ['20. 11. 2026', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['11/20/2026', '2026-11-20'],
    ['05/06/2026', '2026-06-05'],
    ['20-11-2026', '2026-11-20'],
    ['20 Nov 2026', '2026-11-20'],
    ['20 November 2026', '2026-11-20'],
    ['Nov 20, 2026', '2026-11-20'],
    ['November 20th, 2026', '2026-11-20'],
    ['20-Nov-2026', '2026-11-20'],
    ['20 listopada 2026', '2026-11-20'],
    ['20 listopada 2026 r.', '2026-11-20'],
    ['1 września 2026', '2026-09-01'],
    ['20. listopadu 2026', '2026-11-20'],
    ['3. července 2026', '2026-07-03'],
    ['3. června 2026', '2026-06-03'],
    ['20. November 2026', '2026-11-20'],
    ['1. März 2026', '2026-03-01'],
    ['20 ноября 2026', '2026-11-20'],
    ['20 ноября 2026 г.', '2026-11-20'],
    ['20 нояб. 2026', '2026-11-20'],
    ['20 листопада 2026', '2026-11-20'],
    ['20 листопада 2026 р.', '2026-11-20'],
    ['20.XI.2026', '2026-11-20'],
    ['20. XI. 2026', '2026-11-20'],
    ['4 IV 2026', '2026-04-04'],
    ['29.02.2028', '2028-02-29'],
  ];
  it.each(valid)('P-2f..h reads %s as %s', (text, iso) => {
    expect(parseStatedDate(text)).toEqual({ ok: true, value: iso });
  });

  const invalid: [string, string][] = [
    ['31.11.2026', 'impossible-date'],
    ['29.02.2027', 'impossible-date'],
    ['13/13/2026', 'impossible-date'],
    ['11.20.2026', 'impossible-date'],
    ['20.XIII.2026', 'unreadable'],
    ['20 Brumaire 2026', 'unreadable'],
    ['tomorrow', 'unreadable'],
    ['20.11.1890', 'implausible-year'],
    ['', 'unreadable'],
  ];
  it.each(invalid)('P-2i rejects %s with %s', (text, error) => {
    expect(parseStatedDate(text)).toMatchObject({ ok: false, error });
  });

  it('maps every month word to one month only', () => {
    expect(MONTH_BY_WORD.get('listopad')).toBe(11);
    expect(MONTH_BY_WORD.get('červen')).toBe(6);
    expect(MONTH_BY_WORD.get('červenec')).toBe(7);
    expect(MONTH_BY_WORD.get('лют')).toBe(2);
  });
});

describe('findStatedDates (P-2f..h)', () => {
  const cases: { name: string; text: string; received?: string; sent?: string; lines: number[] }[] =
    [
      {
        name: 'English, one line',
        text: 'Received: 20.11.2026, sent: 21.11.2026',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 0],
      },
      {
        name: 'English, reply label',
        text: "12...Nf6\nrec'd 20 Nov 2026\nreply: Nov 21, 2026",
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [1, 2],
      },
      {
        name: 'Polish',
        text: 'Otrzymano: 20 listopada 2026 r.\nWysłano: 21.11.2026',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 1],
      },
      {
        name: 'Polish, Roman months',
        text: 'otrzymano 20.XI.2026, wysłano 21.XI.2026',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 0],
      },
      {
        name: 'Czech',
        text: 'obdrženo: 20. 11. 2026\nodesláno: 21. 11. 2026',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 1],
      },
      {
        name: 'German',
        text: 'Zug erhalten am 20.11.2026, gesendet am 21.11.2026',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 0],
      },
      {
        name: 'Russian',
        text: 'получено: 20.11.2026\nотправлено: 21 ноября 2026 г.',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 1],
      },
      {
        name: 'Ukrainian',
        text: 'отримано 20 листопада 2026, надіслано 21 листопада 2026',
        received: '2026-11-20',
        sent: '2026-11-21',
        lines: [0, 0],
      },
      { name: 'no labels', text: '12...Nf6 13.Bd3\nSee you on 21.11.2026', lines: [] },
      { name: 'label without date', text: 'Received your move, thanks', lines: [] },
      { name: 'phone signature is no date', text: 'Sent from my iPhone', lines: [] },
    ];
  it.each(cases)('$name', ({ text, received, sent, lines }) => {
    const found = findStatedDates(text);
    expect(found.received).toBe(received);
    expect(found.sent).toBe(sent);
    expect(found.spans.map((span) => span.line)).toEqual(lines);
  });

  it.each([
    // How Polish and Ukrainian players also say it: "odebrałem" (picked up), "одержав" (the
    // Ukrainian ICCF rules' word, 2g), "відправив" (dispatched).
    ['Odebrałem 20.11.2026, wysłałem 21.11.2026', '2026-11-20', '2026-11-21'],
    ['Posunięcie odebrałam 20 listopada 2026, odpowiadam 21.11.2026', '2026-11-20', '2026-11-21'],
    ['Одержав 20.11.2026, відправив 21.11.2026', '2026-11-20', '2026-11-21'],
    ['Хід одержано 20 листопада 2026, відправила 21 листопада 2026', '2026-11-20', '2026-11-21'],
    ['Дата одержання: 20.11.2026', '2026-11-20', undefined],
  ])(
    'P-2f, P-2h: a received and a sent date in Polish and Ukrainian words: %j',
    (text, received, sent) => {
      const found = findStatedDates(text);
      expect(found.received).toBe(received);
      expect(found.sent).toBe(sent);
    },
  );

  it('P-2j: a date in a story of a transmission sent astray is no stated date; a plain label still is', () => {
    for (const text of [
      'Я надіслала свій хід ще 20 січня, але помилково на адресу директора турніру.',
      'I sent my move on 20.01.2027 but to the wrong address.',
      'Wysłałam ruch 20.01.2027, ale omyłkowo do sędziego.',
      'Відправив хід 20.01.2027, але помилково на адресу директора турніру.',
      'Ich habe den Zug am 20.01.2027 versehentlich an den Turnierleiter gesendet.',
    ])
      expect(findStatedDates(text, { reference: '2027-01-22T10:00:00Z' }), text).toMatchObject({
        spans: [],
      });
    // The story is one sentence; the labels of the next one are read as usual.
    const next = findStatedDates(
      'I sent it to the TD by mistake. Received: 18.01.2027, sent: 22.01.2027',
    );
    expect([next.received, next.sent]).toEqual(['2027-01-18', '2027-01-22']);
  });

  it.each([
    ['Your move reached me on 12 March.'],
    ['it reached me 12.3.'],
    ['Ruch dotarł do mnie 12 marca.'],
    ['Váš tah mi došel 12. 3.'],
    ['Tah mi dorazil 12.3.'],
    ['Ihr Zug erreichte mich am 12.3.'],
    ['Ihr Zug hat mich am 12.3. erreicht.'],
    ['Ihr Zug ist am 12.3. angekommen.'],
    ['Ваш хід надійшов 12 березня.'],
    ['Хід дійшов до мене 12.03.'],
  ])('P-2e, P-2f..h: %j states the day the move was received', (text) => {
    // Was: no label, so the received date was taken as missing (P-2i).
    const found = findStatedDates(text, { reference: '2026-03-20T10:00:00Z' });
    expect(found.received).toBe('2026-03-12');
    expect(found.spans).toHaveLength(1);
  });

  it.each([
    ['Ich bin erst gestern angekommen.'],
    ['Entschuldigung, ich bin am 12.3. angekommen.'],
    ['Wir sind am 12.3. aus dem Urlaub angekommen.'],
    ['Am 12.3. bin ich angekommen.'],
    ['Ich habe am 12.3. erreicht, was ich wollte.'],
  ])('P-2f..h: %j says where the player got to, no day a move was received', (text) => {
    // Was: "angekommen" and "erreicht" read as "received" whatever came: the player's arrival
    // home was taken for the day the move reached them (P-2i).
    const found = findStatedDates(text, { reference: '2026-03-20T10:00:00Z' });
    expect(found.received).toBeUndefined();
    expect(found.spans).toEqual([]);
    // The move as the subject still states it.
    expect(
      findStatedDates('Ihr Zug ist gestern angekommen.', { reference: '2026-03-20T10:00:00Z' })
        .received,
    ).toBe('2026-03-19');
  });

  it.each([
    ['a negation', 'Your move has not reached me on 12 March.'],
    ['a negation, Polish', 'Ruch nie dotarł do mnie 12 marca.'],
    ['a negation, German', 'Ihr Zug hat mich am 12.3. nicht erreicht.'],
    ['a negation of "received"', 'I have not received your move on 12 March.'],
    ['a question', 'It reached me on 12 March?'],
    ['a question of "received"', 'Received on 12.3.?'],
    ['a condition', 'If it reached me on 12 March, I am late.'],
    ['a condition, Ukrainian', 'Якщо хід надійшов 12 березня, я запізнився.'],
    ['another’s receipt', 'Has it reached you on 12 March?'],
  ])('P-2f..h: %s states no date (%j)', (_, text) => {
    const found = findStatedDates(text, { reference: '2026-03-20T10:00:00Z' });
    expect(found.received).toBeUndefined();
    expect(found.spans).toEqual([]);
  });

  it('P-2i reports an impossible labelled date instead of guessing', () => {
    const found = findStatedDates('received: 31.11.2026');
    expect(found.received).toBeUndefined();
    expect(found.problems).toMatchObject([
      { kind: 'received', raw: '31.11.2026', error: 'impossible-date' },
    ]);
  });

  it.each([
    ['Received 20 Nov, sent 24 Nov', '2026-11-20', '2026-11-24'],
    ["rec'd 20/11 sent 24/11", '2026-11-20', '2026-11-24'],
    ['Received Nov 20th, sent Nov 24th', '2026-11-20', '2026-11-24'],
    ['Received 20th November, sent 24th November', '2026-11-20', '2026-11-24'],
    ['Received the 20th of November, sent the 24th of November', '2026-11-20', '2026-11-24'],
    ['Rec: 20.11. Sent: 24.11.', '2026-11-20', '2026-11-24'],
    ['Got it on 20.11, answering 24.11', '2026-11-20', '2026-11-24'],
    ['Your move arrived 20.11.2026', '2026-11-20', undefined],
    ['Otrzymałem 20.11., wysyłam 24.11.', '2026-11-20', '2026-11-24'],
    ['Otrzymano 20 listopada, odpowiadam 24 listopada', '2026-11-20', '2026-11-24'],
    ['Empfangen am 20. November, gesendet am 24. November', '2026-11-20', '2026-11-24'],
    ['přijato 20. listopadu, odesílám 24. 11.', '2026-11-20', '2026-11-24'],
    ['отримано 20 листопада, надсилаю 24.11', '2026-11-20', '2026-11-24'],
    // The month in Roman numerals (Polish, Czech custom), as the README's example writes it.
    ['otrzymano 20.XI, wysłano 24.XI', '2026-11-20', '2026-11-24'],
    ['přijato 20. XI., odesláno 24 XI', '2026-11-20', '2026-11-24'],
    ['otrzymano 20.xi, wysłano 24.xi', '2026-11-20', '2026-11-24'],
    // Day-first unless impossible, and a date after the mail's own is last year's.
    ['received 12/31', '2025-12-31', undefined],
    // The labels of a postcard, as German, Czech and Polish cards print them.
    ['Eingang 14.11., Absendung 16.11.', '2026-11-14', '2026-11-16'],
    ['Eingangsdatum: 14.11., Absendedatum: 16.11.', '2026-11-14', '2026-11-16'],
    ['Empfang 14.11. — Versand 16.11.', '2026-11-14', '2026-11-16'],
    ['přijetí 14. 11., odeslání 16. 11.', '2026-11-14', '2026-11-16'],
    ['Přijato: 14. 11. Odesláno: 16. 11.', '2026-11-14', '2026-11-16'],
    ['otrzymanie 14.11, wysłanie 16.11', '2026-11-14', '2026-11-16'],
    ['otrzymano 14.11, nadano 16.11', '2026-11-14', '2026-11-16'],
    ['Otrzymano: 14.11. Wysłano: 16.11.', '2026-11-14', '2026-11-16'],
  ])('P-2i: a date without a year, completed from the mail: %j', (text, received, sent) => {
    const found = findStatedDates(text, { reference: '2026-11-24T06:00:00Z' });
    expect(found.received).toBe(received);
    expect(found.sent).toBe(sent);
  });
  it.each([
    ['Received yesterday, sent today', '2026-11-23', '2026-11-24'],
    ['Got your move yesterday. Sent today', '2026-11-23', '2026-11-24'],
    ['received the day before yesterday, replying today: sent today', '2026-11-22', '2026-11-24'],
    ['Your move arrived last night, sent this morning', '2026-11-23', '2026-11-24'],
    ['Otrzymałem wczoraj, wysyłam dziś', '2026-11-23', '2026-11-24'],
    ['otrzymano przedwczoraj, odpowiadam dzisiaj', '2026-11-22', '2026-11-24'],
    ['obdržel jsem včera, odesílám dnes', '2026-11-23', '2026-11-24'],
    ['Zug erhalten gestern, gesendet heute', '2026-11-23', '2026-11-24'],
    ['erhalten vorgestern', '2026-11-22', undefined],
    ['отримав учора, надсилаю сьогодні', '2026-11-23', '2026-11-24'],
    ['получил вчера, отправляю сегодня', '2026-11-23', '2026-11-24'],
    // A date written out wins over a later word, and the other way round.
    ['received 20.11.2026 (yesterday was busy), sent today', '2026-11-20', '2026-11-24'],
  ])(
    'P-2f..h: "today" and "yesterday" count from the day the mail was written: %j',
    (text, received, sent) => {
      const found = findStatedDates(text, {
        reference: '2026-11-24T06:00:00Z',
        today: '2026-11-24',
      });
      expect(found.received).toBe(received);
      expect(found.sent).toBe(sent);
    },
  );
  it.each([
    // The day-word first, as German, Polish, Czech and Ukrainian players write it.
    ['gestern erhalten, heute gesendet', '2026-11-23', '2026-11-24'],
    ['Heute erhalten, heute gesendet.', '2026-11-24', '2026-11-24'],
    ['Zug gestern erhalten', '2026-11-23', undefined],
    ['gestern erhalten heute gesendet', '2026-11-23', '2026-11-24'],
    ['gestern erhalten und heute gesendet', '2026-11-23', '2026-11-24'],
    ['vorgestern bekommen, heute gesendet', '2026-11-22', '2026-11-24'],
    ['wczoraj otrzymałem, dziś wysyłam', '2026-11-23', '2026-11-24'],
    ['Ruch przedwczoraj dostałem, dzisiaj odpowiadam', '2026-11-22', '2026-11-24'],
    ['včera přijato, dnes odesláno', '2026-11-23', '2026-11-24'],
    ['přijal jsem včera, posílám dnes', '2026-11-23', '2026-11-24'],
    ['dnes odesláno, předevčírem přijato', '2026-11-22', '2026-11-24'],
    ['вчора отримав, сьогодні надсилаю', '2026-11-23', '2026-11-24'],
    ['позавчора отримала, сьогодні надіслала', '2026-11-22', '2026-11-24'],
    ['вчера получил, сегодня отправляю', '2026-11-23', '2026-11-24'],
    ['yesterday received, today sent', '2026-11-23', '2026-11-24'],
    // The label first, in the same languages.
    ['erhalten gestern, gesendet heute', '2026-11-23', '2026-11-24'],
    ['otrzymałem wczoraj, wysyłam dziś', '2026-11-23', '2026-11-24'],
    ['отримав вчора, надсилаю сьогодні', '2026-11-23', '2026-11-24'],
    ['got your move yesterday, sending today', '2026-11-23', '2026-11-24'],
    // Dates written out, before and after the label.
    ['20.11. erhalten, 24.11. gesendet', '2026-11-20', '2026-11-24'],
    ['Zug am 20.11. erhalten, am 24.11. gesendet', '2026-11-20', '2026-11-24'],
    ['erhalten am 20.11., gesendet am 24.11.', '2026-11-20', '2026-11-24'],
    ['20 listopada 2026 r. otrzymałem, wysyłam 24.11.', '2026-11-20', '2026-11-24'],
    ['20. 11. přijato, 24. 11. odesláno', '2026-11-20', '2026-11-24'],
  ])('P-2f..h: a date on either side of its label: %j', (text, received, sent) => {
    const found = findStatedDates(text, {
      reference: '2026-11-24T06:00:00Z',
      today: '2026-11-24',
    });
    expect([found.received, found.sent]).toEqual([received, sent]);
  });
  it.each([
    // Was: 11 December, a day still to come (and "11/12" was even put back to 2025).
    ['Received 11/12', '2026-11-12', undefined],
    ['Received 11/12/2026', '2026-11-12', undefined],
    ['Received: 11/20/2026, sent 11/24/2026', '2026-11-20', undefined],
    // Impossible day first: month first, as before.
    ['Received 11/13', '2026-11-13', undefined],
    // European dates that can be true stay day-first; the other reading is kept beside them.
    ['Received 20/11', '2026-11-20', undefined],
    ['Received 3/11', '2026-11-03', '2026-03-11'],
    ['Received 10/11/2026', '2026-11-10', '2026-10-11'],
    ['Received 20.11.', '2026-11-20', undefined],
    // Both readings to come: last year's day-first, as before.
    ['Received 12/12', '2025-12-12', undefined],
  ])(
    'P-2f..h: a slash date is read day first unless only month first can be true: %j',
    (text, received, monthFirst) => {
      const found = findStatedDates(text, {
        reference: '2026-11-24T06:00:00Z',
        today: '2026-11-24',
      });
      expect([found.received, found.monthFirst?.received]).toEqual([received, monthFirst]);
    },
  );
  it.each([
    // Was: only the received date read, the sent date reported missing (P-2i).
    ['Heute erhalten und gesendet', '2026-11-24', '2026-11-24'],
    ['received and sent today', '2026-11-24', '2026-11-24'],
    ['otrzymałem i wysłałem dziś', '2026-11-24', '2026-11-24'],
    ['přijato i odesláno dnes', '2026-11-24', '2026-11-24'],
    ['отримав і надіслав сьогодні', '2026-11-24', '2026-11-24'],
    ['Received and sent 20.11.', '2026-11-20', '2026-11-20'],
    ['gestern erhalten und gesendet.', '2026-11-23', '2026-11-23'],
    // The day-word after the first label, before the "and": was the received date alone.
    ['received today and sent', '2026-11-24', '2026-11-24'],
    ['otrzymałem dziś i wysyłam', '2026-11-24', '2026-11-24'],
    ['Zug erhalten heute und gesendet', '2026-11-24', '2026-11-24'],
    ['Tah jsem obdržel dnes a odpovídám', '2026-11-24', '2026-11-24'],
    ['Tah jsem dostal včera a odesílám', '2026-11-23', '2026-11-23'],
    ['отримала сьогодні та надсилаю', '2026-11-24', '2026-11-24'],
    ['received 20.11. and sent', '2026-11-20', '2026-11-20'],
    // A word of haste after the "and", or after the second label: was the received date alone.
    ['Tah jsem obdržel dnes a hned odpovídám', '2026-11-24', '2026-11-24'],
    ['Zug erhalten heute und sofort gesendet', '2026-11-24', '2026-11-24'],
    ['heute erhalten und sofort gesendet', '2026-11-24', '2026-11-24'],
    ['otrzymałem dziś i od razu wysyłam', '2026-11-24', '2026-11-24'],
    ['отримав сьогодні і одразу надсилаю', '2026-11-24', '2026-11-24'],
    ['received today and right away sent', '2026-11-24', '2026-11-24'],
    ['received today and immediately sent', '2026-11-24', '2026-11-24'],
    ['received today and sent right away.', '2026-11-24', '2026-11-24'],
    ['received and immediately sent today', '2026-11-24', '2026-11-24'],
    ['received today and immediately sent it to my club', '2026-11-24', undefined],
    // The second label with words of its own is no date of this reply.
    ['received today and sent it to my club for analysis', '2026-11-24', undefined],
    // Each label its own date still.
    ['gestern erhalten und heute gesendet', '2026-11-23', '2026-11-24'],
    ['received 20.11 and sent today', '2026-11-20', '2026-11-24'],
    ['received and sent', undefined, undefined],
  ])('P-2f..h: two labels joined by "and" share their date: %j', (text, received, sent) => {
    const found = findStatedDates(text, {
      reference: '2026-11-24T06:00:00Z',
      today: '2026-11-24',
    });
    expect([found.received, found.sent]).toEqual([received, sent]);
  });
  it.each([
    // The end of a range or a span of time is no stated date.
    ['Urlaub vom 1.12. bis 15.12. Zug erhalten'],
    ['I am away from today received'],
    ['urlop od dziś otrzymałem'],
    ['bis gestern erhalten'],
    // A day-word before a label followed by other words belongs to them.
    ['Yesterday got sick, replying later'],
    ['Yesterday I got your move'],
    // Not beside the label.
    ['Gestern war ich krank. Zug erhalten'],
    ['Heute, nach langer Zeit, erhalten'],
    // Czech "dostat se", to get round to something: no day the move came (was: received today).
    ['K partii jsem se dostal až dnes.'],
    ['Dostal jsem se k tomu až včera.'],
    ['Konečně jsem se dostala k partii dnes'],
  ])('P-2i: no date is read from %j', (text) => {
    const found = findStatedDates(text, {
      reference: '2026-11-24T06:00:00Z',
      today: '2026-11-24',
    });
    expect([found.received, found.sent, found.spans]).toEqual([undefined, undefined, []]);
  });
  it("a date is read for one label only: the one after a label is not the next one's", () => {
    const found = findStatedDates('erhalten 20.11. gesendet', {
      reference: '2026-11-24T06:00:00Z',
    });
    expect([found.received, found.sent]).toEqual(['2026-11-20', undefined]);
  });
  it('spans cover a day-word before its label, so the words are not quoted back as unread', () => {
    const line = 'gestern erhalten, heute gesendet';
    const found = findStatedDates(line, { reference: '2026-11-24T06:00:00Z' });
    expect(found.spans.map((s) => line.slice(s.start, s.end))).toEqual([
      'gestern erhalten',
      'heute gesendet',
    ]);
  });
  it('"today" is the sender\'s day, not the UTC day, when the mail says which', () => {
    // 00:30 in Warsaw on the 25th is still the 24th in UTC.
    const found = findStatedDates('sent today', {
      reference: '2026-11-24T23:30:00Z',
      today: '2026-11-25',
    });
    expect(found.sent).toBe('2026-11-25');
    expect(findStatedDates('sent today', { reference: '2026-11-24T23:30:00Z' }).sent).toBe(
      '2026-11-24',
    );
  });
  it('a relative word far from its label, or after a full stop, is no date', () => {
    const found = findStatedDates('Received your move. Today I play 5.Nf3', {
      reference: '2026-11-24T06:00:00Z',
    });
    expect([found.received, found.spans]).toEqual([undefined, []]);
  });
  it('a number of things after a label is no date', () => {
    const found = findStatedDates('sent 2 moves ago; received 3 letters', {
      reference: '2026-11-24T06:00:00Z',
    });
    expect([found.received, found.sent, found.spans]).toEqual([undefined, undefined, []]);
  });

  it('spans cover the label and the date', () => {
    const line = '12...Nf6  received: 20.11.2026';
    const [span] = findStatedDates(line).spans;
    expect(span && line.slice(span.start, span.end)).toBe('received: 20.11.2026');
  });
});
