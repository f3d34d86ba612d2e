// Every language names every end of a game, every result, every TD ruling and what can be wrong
// with a mailed ruling: a mail never shows a bare label path ("ruling.annul") where a word should be.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES_DIR } from '../../src/compose/render.ts';
import { RULING_ERRORS, RULINGS } from '../../src/mail/td-rulings.ts';
import { END_KINDS } from '../../src/referee/index.ts';

const LANGS = ['en', 'pl', 'cs', 'uk', 'de'] as const;
const RESULTS = ['1-0', '0-1', '1/2-1/2', '0-0', '*'] as const;

describe.each(LANGS)('labels of %s', (lang) => {
  const labels = JSON.parse(readFileSync(join(TEMPLATES_DIR, lang, 'labels.json'), 'utf8'));

  it.each(END_KINDS)('endKind.%s', (kind) => expect(labels.endKind[kind]).toBeTruthy());
  it.each(RESULTS)('result.%s', (result) => expect(labels.result[result]).toBeTruthy());
  it.each(RULINGS)('ruling.%s', (ruling) => expect(labels.ruling[ruling]).toBeTruthy());
  // What was wrong with a TD's mailed ruling, in the TD's language ('other' is the parser's own).
  it.each(Object.keys(RULING_ERRORS).filter((c) => c !== 'other'))('rulingError.%s', (code) => {
    const text: string = labels.rulingError[code];
    expect(text).toBeTruthy();
    // The same placeholders as the English text, so nothing is left unfilled.
    const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(names(text)).toEqual(names(RULING_ERRORS[code as keyof typeof RULING_ERRORS]));
  });
  it('the table, the report, the annulled subject, a ruling with no game', () => {
    expect(labels.annulled).toBeTruthy();
    for (const k of ['no-game', 'several-games', 'not-yours'])
      expect(labels.unplaced[k], k).toBeTruthy();
    expect(labels.unplacedSubject && labels.unplacedText).toBeTruthy();
    for (const k of [
      'subject',
      'greeting',
      'intro',
      'waiting',
      'claims',
      'paused',
      'finished',
      'finishedSince',
      'onLeave',
      'from',
      'to',
      'table',
      'next',
      'more',
    ])
      expect(labels.report[k], k).toBeTruthy();
    for (const k of [
      'place',
      'player',
      'points',
      'played',
      'won',
      'drawn',
      'lost',
      'inPlay',
      'more',
    ])
      expect(labels.standings[k], k).toBeTruthy();
  });
});
