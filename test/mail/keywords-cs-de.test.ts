// How Czech and German players write the everyday things, read as they mean them: each phrasing
// beside the nearest words that must not be read so (CONTRIBUTING: a binding word is read only
// when said plainly, and a new phrasing comes with its false reading).

import { describe, expect, it } from 'vitest';
import { appealsIn, findCommands } from '../../src/mail/keywords.ts';
import { findStatedDates } from '../../src/mail/stated-date.ts';

const kinds = (text: string): string[] => findCommands(text).map((command) => command.kind);

describe('L-5.2.3: a German player agrees to the draw ("Ich stimme dem Remis zu")', () => {
  it.each([
    'Ich stimme dem Remis zu.',
    'Dem Remis stimme ich zu.',
    'Danke, ich stimme Ihrem Remisangebot zu.',
  ])('"%s" accepts the draw', (line) => expect(kinds(line)).toEqual(['draw-accept']));

  it.each([
    // Agreeing with the opponent's view of the position accepts nothing.
    'Ich stimme Ihnen zu, die Stellung ist remis.',
    'Ich stimme zu, dass das Endspiel remis ist.',
    'Stimmen Sie dem Remis zu?',
  ])('"%s" accepts no draw (the false reading)', (line) =>
    expect(kinds(line)).not.toContain('draw-accept'),
  );
});

describe('P-8a, P-8b: leave in Swiss and Austrian German ("Ferien")', () => {
  it('"Ich bin vom 1.7. bis 14.7. in den Ferien" announces leave with its dates', () => {
    const [leave] = findCommands('Ich bin vom 1.7. bis 14.7. in den Ferien.');
    expect(leave).toMatchObject({
      kind: 'leave',
      fromDayMonth: { month: 7, day: 1 },
      toDayMonth: { month: 7, day: 14 },
    });
  });
  it.each([
    'Meine Frau hat Ferien vom 1.7. bis 14.7.',
    'Mein Gegner ist in den Ferien, vom 1.7. bis 14.7.',
    'Ihre Ferien vom 1.7. bis 14.7. gönne ich Ihnen.',
  ])('"%s" is someone else’s leave (the false reading)', (line) =>
    expect(kinds(line)).not.toContain('leave'),
  );
});

describe('P-11, P-13: a Czech appeal in either word order, never a reference to a rule', () => {
  it.each([
    'Proti rozhodnutí se odvolávám.',
    'Chci se odvolat proti rozhodnutí ředitele turnaje.',
    'Odvolávám se proti adjudikaci.',
  ])('"%s" appeals', (line) => expect(appealsIn(line, 'appeal')).toBe(true));

  it.each([
    // "odvolat se na" cites a rule: it appeals nothing.
    'Odvolávám se na pravidlo P-7c.',
    'S odvoláním na článek 9.2 žádám o remízu.',
    'Musím se odvolat na pravidla ICCF.',
  ])('"%s" appeals nothing (the false reading)', (line) =>
    expect(appealsIn(line, 'appeal')).toBe(false),
  );
});

describe('P-2f..h: the dates on a Czech or German card', () => {
  const dates = (text: string) => {
    const found = findStatedDates(text, { reference: '2026-11-25T10:00:00Z' });
    return [found.received, found.sent];
  };
  it.each([
    ['Tah obdržen 20.11., odeslán 22.11.', '2026-11-20', '2026-11-22'],
    ['Eingang: 20.11., abgesandt: 22.11.', '2026-11-20', '2026-11-22'],
    ['Eingangsdatum 20.11.2026, Absendedatum 22.11.2026', '2026-11-20', '2026-11-22'],
    ['Empfangsdatum: 20.11. Verschickt: 22.11.', '2026-11-20', '2026-11-22'],
  ])('"%s" states %s and %s', (text, received, sent) =>
    expect(dates(text)).toEqual([received, sent]),
  );
  it.each([
    // A word that only contains the label, or a denial, states no date.
    ['Tah 9 neodeslán, pošlu jej 22.11.'],
    ['Im Posteingang fand ich am 20.11. nichts.'],
  ])('"%s" states no card date (the false reading)', (text) =>
    expect(dates(text)).toEqual([undefined, undefined]),
  );
});
