// How Czech and German players write the everyday things, read as they mean them: each phrasing
// beside the nearest words that must not be read so (CONTRIBUTING: a binding word is read only
// when said plainly, and a new phrasing comes with its false reading).

import { describe, expect, it } from 'vitest';
import { appealsIn } from '../../src/mail/keywords.ts';
import { findStatedDates } from '../../src/mail/stated-date.ts';

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

describe('P-2f..h: the dates on a Czech card', () => {
  const dates = (text: string) => {
    const found = findStatedDates(text, { reference: '2026-11-25T10:00:00Z' });
    return [found.received, found.sent];
  };
  it.each([['Tah obdržen 20.11., odeslán 22.11.', '2026-11-20', '2026-11-22']])(
    '"%s" states %s and %s',
    (text, received, sent) => expect(dates(text)).toEqual([received, sent]),
  );
  it.each([
    // A word that only contains the label, or a denial, states no date.
    ['Tah 9 neodeslán, pošlu jej 22.11.'],
  ])('"%s" states no card date (the false reading)', (text) =>
    expect(dates(text)).toEqual([undefined, undefined]),
  );
});
