// Every language names every end of a game, every result and every TD ruling: a mail never shows
// a bare label path ("ruling.annul") where a word should be.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES_DIR } from '../../src/compose/render.ts';
import { RULINGS } from '../../src/mail/td-rulings.ts';
import { END_KINDS } from '../../src/referee/index.ts';

const LANGS = ['en', 'pl', 'cs', 'uk', 'de'] as const;
const RESULTS = ['1-0', '0-1', '1/2-1/2', '0-0', '*'] as const;

describe.each(LANGS)('labels of %s', (lang) => {
  const labels = JSON.parse(readFileSync(join(TEMPLATES_DIR, lang, 'labels.json'), 'utf8'));

  it.each(END_KINDS)('endKind.%s', (kind) => expect(labels.endKind[kind]).toBeTruthy());
  it.each(RESULTS)('result.%s', (result) => expect(labels.result[result]).toBeTruthy());
  it.each(RULINGS)('ruling.%s', (ruling) => expect(labels.ruling[ruling]).toBeTruthy());
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
