import EmailReplyParser from 'email-reply-parser';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/mail/html-text.ts';
import { AMICI_MARKER, cutAtMarker, hasMarker } from '../../src/mail/marker.ts';
import { newText, newTextOfPlain } from '../../src/mail/new-text.ts';

const OURS = [AMICI_MARKER, 'White played 12. Nf3', 'Moves so far: 1.e4 e5 2.Nf3'];

describe('newTextOfPlain', () => {
  const cases: [string, string[], string[]][] = [
    [
      '`>` quotes under "On … wrote:"',
      [
        '12...Nf6',
        '',
        'On Fri, 20 Nov 2026 at 10:12, amici <r@amici.example> wrote:',
        ...OURS.map((l) => `> ${l}`),
      ],
      ['12...Nf6'],
    ],
    [
      'Gmail wraps the lead-in after "<"',
      [
        '12...Nf6',
        '',
        'On Fri, 20 Nov 2026 at 10:12, amici <',
        'r@amici.example> wrote:',
        '',
        '> 12. Nf3',
      ],
      ['12...Nf6'],
    ],
    [
      'Gmail wraps the lead-in before the verb',
      [
        '12...Sf6',
        '',
        'pt., 20 lis 2026 o 10:12 amici <r@amici.example>',
        'napisał(a):',
        '',
        '> 12. Sf3',
      ],
      ['12...Sf6'],
    ],
    [
      '"-----Original Message-----"',
      ['12...Nf6', '-----Original Message-----', 'From: amici', '12. Nf3'],
      ['12...Nf6'],
    ],
    [
      'Outlook block, no `>`, no blank line',
      [
        '12...Nf6',
        'From: amici <r@amici.example>',
        'Sent: Friday, November 20, 2026 10:12',
        'To: John',
        'Subject: [WCH26/7]',
        '12. Nf3',
      ],
      ['12...Nf6'],
    ],
    [
      'Outlook block, Polish',
      [
        '12...Sf6',
        '',
        'Od: amici',
        'Wysłano: piątek, 20 listopada 2026 10:12',
        'Do: Jan',
        'Temat: [WCH26/7]',
        '12. Sf3',
      ],
      ['12...Sf6'],
    ],
    [
      'Outlook block, German with stars',
      [
        '12...Sf6',
        '*Von:* amici',
        '*Gesendet:* Freitag, 20. November 2026',
        '*An:* Hans',
        '*Betreff:* x',
        '12. Sf3',
      ],
      ['12...Sf6'],
    ],
    [
      'Outlook block, Czech',
      [
        '12...Jf6',
        'Od: amici',
        'Odesláno: pátek 20. listopadu 2026',
        'Komu: Petr',
        'Předmět: x',
        '12. Jf3',
      ],
      ['12...Jf6'],
    ],
    [
      'Outlook block, Russian',
      [
        '12...Кf6',
        'От: amici',
        'Отправлено: 20 ноября 2026 г.',
        'Кому: Иван',
        'Тема: x',
        '12. Кf3',
      ],
      ['12...Кf6'],
    ],
    [
      'Outlook block, Ukrainian',
      [
        '12...Кf6',
        'Від: amici',
        'Надіслано: 20 листопада 2026 р.',
        'Кому: Олена',
        'Тема: x',
        '12. Кf3',
      ],
      ['12...Кf6'],
    ],
    [
      'a leave written as labels is no header block (P-8b)',
      ['Od: 1.12.2026', 'Do: 14.12.2026', '12...Sf6'],
      ['Od: 1.12.2026', 'Do: 14.12.2026', '12...Sf6'],
    ],
    [
      '"W dniu … pisze:"',
      ['12...Sf6', 'W dniu 20.11.2026 o 10:12, amici pisze:', '> 12. Sf3'],
      ['12...Sf6'],
    ],
    [
      '"Dne … napsal(a):"',
      ['12...Jf6', 'Dne 20. 11. 26 v 10:12 amici napsal(a):', '> 12. Jf3'],
      ['12...Jf6'],
    ],
    [
      '"Am … schrieb …:"',
      ['12...Sf6', 'Am 20.11.2026 um 10:12 schrieb amici:', '> 12. Sf3'],
      ['12...Sf6'],
    ],
    [
      '"… написал(а):"',
      ['12...Кf6', '20 нояб. 2026 г., в 10:12, amici <r@amici.example> написал(а):', '> 12. Кf3'],
      ['12...Кf6'],
    ],
    [
      '"… написав(ла):"',
      ['12...Кf6', '20.11.2026 10:12, amici написав(ла):', '> 12. Кf3'],
      ['12...Кf6'],
    ],
    [
      'Gmail Russian lead-in without a verb',
      ['12...Кf6', 'пт, 20 нояб. 2026 г. в 10:12, amici <r@amici.example>:', '> 12. Кf3'],
      ['12...Кf6'],
    ],
    [
      '"wrote:" in the player’s own prose stays',
      ['My opponent wrote: nothing', '12...Nf6'],
      ['My opponent wrote: nothing', '12...Nf6'],
    ],
    ['`-- ` signature', ['12...Nf6', '-- ', 'John Smith', 'ICCF 12345'], ['12...Nf6']],
    ['Sent from my iPhone', ['12...Nf6', '', 'Sent from my iPhone'], ['12...Nf6']],
    ['Polish phone signature', ['12...Sf6', 'Wysłane z iPhone’a'], ['12...Sf6']],
    ['Czech phone signature', ['12...Jf6', 'Odesláno z iPhonu'], ['12...Jf6']],
    ['German phone signature', ['12...Sf6', 'Von meinem iPhone gesendet'], ['12...Sf6']],
    ['Russian phone signature', ['12...Кf6', 'Отправлено с iPhone'], ['12...Кf6']],
    ['Ukrainian phone signature', ['12...Кf6', 'Надіслано з iPhone'], ['12...Кf6']],
    ['Get Outlook for Android', ['12...Nf6', 'Get Outlook for Android'], ['12...Nf6']],
    [
      'P-2f..h a "Sent:" date label is no signature',
      ['12...Nf6', 'Sent: 21.11.2026', 'Wysłano: 21.11.2026'],
      ['12...Nf6', 'Sent: 21.11.2026', 'Wysłano: 21.11.2026'],
    ],
    [
      'P-4b amici’s mail quoted without `>` (Outlook top-posting)',
      ['12...Nf6', '', ...OURS],
      ['12...Nf6'],
    ],
    [
      'P-4b amici’s mail quoted with `>`, reply below (bottom-posting)',
      ['On 20/11/2026, amici wrote:', ...OURS.map((l) => `> ${l}`), '', '12...Nf6'],
      ['12...Nf6'],
    ],
    [
      'P-4b the marker survives charset loss of its middle dot',
      ['12...Nf6', '##- amici ? please reply above this line -##', '12. Nf3'],
      ['12...Nf6'],
    ],
    [
      'a player’s "W dniu …" sentence is kept',
      [
        'W dniu 20.11.2026 otrzymałem ruch.',
        '12...Sf6',
        'W dniu 20.11.2026 o 10:12, amici pisze:',
        '> 12. Sf3',
      ],
      ['W dniu 20.11.2026 otrzymałem ruch.', '12...Sf6'],
    ],
  ];
  it.each(cases)('%s', (_name, lines, expected) => {
    expect(newTextOfPlain(lines.join('\n')).lines).toEqual(expected);
  });
});

describe('email-reply-parser alone (why our rules run first)', () => {
  const visible = (lines: string[]): string =>
    new EmailReplyParser().read(lines.join('\n')).getVisibleText().trim();
  it('handles `>` quotes under an English lead-in', () => {
    expect(
      visible([
        '12...Nf6',
        '',
        'On Fri, 20 Nov 2026 at 10:12, amici <r@amici.example> wrote:',
        '> 12. Nf3',
      ]),
    ).toBe('12...Nf6');
  });
  it('misses the Polish Outlook header block and keeps amici’s moves', () => {
    expect(
      visible(['12...Sf6', '', 'Od: amici', 'Wysłano: piątek', 'Do: Jan', 'Temat: x', '', ...OURS]),
    ).toContain('Moves so far');
  });
  it('misses the Czech "Dne … napsal(a):" lead-in when the client does not quote', () => {
    expect(
      visible(['12...Jf6', '', 'Dne 20. 11. 26 v 10:12 amici napsal(a):', '', ...OURS]),
    ).toContain('White played');
  });
  it('joins a Polish "W dniu" sentence with the real lead-in and hides the player’s move', () => {
    const text = visible([
      'W dniu 20.11.2026 otrzymałem ruch.',
      '12...Sf6',
      '',
      'W dniu 20.11.2026 o 10:12, amici pisze:',
      '> 12. Sf3',
    ]);
    expect(text).not.toContain('12...Sf6');
  });
});

describe('HTML bodies', () => {
  it('Gmail: the gmail_quote block goes before conversion', () => {
    const html =
      '<div dir="ltr">12...Nf6<div>Received: 20.11.2026</div></div><br><div class="gmail_quote"><div class="gmail_attr">On … wrote:</div><blockquote class="gmail_quote">12. Nf3</blockquote></div>';
    expect(newText({ text: '', html, textFromHtml: true }).lines).toEqual([
      '12...Nf6',
      'Received: 20.11.2026',
    ]);
  });
  it('Outlook: everything from divRplyFwdMsg on goes', () => {
    const html =
      '<div>12...Nf6</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> amici</div><div>12. Nf3</div>';
    expect(newText({ text: '', html, textFromHtml: true }).lines).toEqual(['12...Nf6']);
  });
  it('Outlook desktop: the border-top:solid #E1E1E1 block ends the new text', () => {
    const html =
      '<p class=MsoNormal>12...Sf6<o:p></o:p></p><div style="border:none;border-top:solid #E1E1E1 1.0pt"><p><b>Od:</b> amici</p></div><p>12. Sf3</p>';
    expect(newText({ text: '', html, textFromHtml: true }).lines).toEqual(['12...Sf6']);
  });
  it('Apple Mail and Thunderbird: blockquote type=cite and moz-cite-prefix go', () => {
    const html =
      '<div>12...Sf6</div><div class="moz-cite-prefix">W dniu … pisze:<br></div><blockquote type="cite">12. Sf3</blockquote>';
    expect(newText({ text: '', html, textFromHtml: true }).lines).toEqual(['12...Sf6']);
  });
  it('without stripping, quotes become `>` lines and entities decode', () => {
    expect(
      htmlToText('<p>a&nbsp;&amp;&#8230;</p><blockquote>b<br>c</blockquote><style>p{}</style>'),
    ).toBe('a &…\n> b\n> c');
  });
});

describe('marker', () => {
  it.each([
    [AMICI_MARKER, true],
    [`> ${AMICI_MARKER}`, true],
    ['>> ##- amici · please reply', true],
    ['12...Nf6 amici is great', false],
    ['## amici', false],
  ])('hasMarker(%s) = %s', (line, found) => {
    expect(hasMarker(line)).toBe(found);
  });
  it('cuts at an unquoted marker and leaves quoted ones to quote stripping', () => {
    expect(cutAtMarker(`a\n${AMICI_MARKER}\nb`)).toEqual({ text: 'a', cut: true });
    expect(cutAtMarker(`> ${AMICI_MARKER}\nb`)).toEqual({
      text: `> ${AMICI_MARKER}\nb`,
      cut: false,
    });
  });
  it('is short enough that no client re-wraps it, and starts with nothing a client treats specially', () => {
    expect(AMICI_MARKER.length).toBeLessThan(60);
    expect(AMICI_MARKER).not.toMatch(/^(?:>|-- |From )/);
  });
});
