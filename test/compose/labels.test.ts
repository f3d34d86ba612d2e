// Every language names every end of a game, every result, every TD ruling and what can be wrong
// with a mailed ruling: a mail never shows a bare label path ("ruling.annul") where a word should be.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockTable, liveText } from '../../src/compose/game-view.ts';
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
      'adjudication',
      'finished',
      'finishedSince',
      'onLeave',
      'from',
      'to',
      'table',
      'next',
      'more',
      'annulled',
      'sinceRestart',
      'leaveKind',
      'leaveGranted',
      'leaveAnnounced',
      'unprinted',
      'id',
      'forPlayer',
      'letter',
      'written',
      'error',
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
  it('the subject of every rejection, with the move that stands (P-4a)', () => {
    for (const k of [
      'resend',
      'leave',
      'not-your-turn',
      'game-over',
      'no-draw-offer',
      'offer-standing',
      'tablebase-too-many-pieces',
      'other',
    ])
      expect(labels.rejectedSubject[k], k).toBeTruthy();
    expect(labels.rejectedSubject['not-your-turn-stands']).toContain('{move}');
  });
  it('P-10: the clocks stopped at the event’s end, with its date', () => {
    expect(labels.clock.stopped).toContain('{date}');
    expect(labels.clock.stopped).toContain('P-10');
  });
});

describe('the live clock sentence counts its days in the language (P-2k)', () => {
  const line = (lang: string, used: number) =>
    liveText(
      [
        {
          side: 'white',
          live: { move: 3, totalDays: used, daysLeft: 30 - used, controlMove: 10 },
        } as never,
      ],
      JSON.parse(readFileSync(join(TEMPLATES_DIR, lang, 'labels.json'), 'utf8')),
      lang,
    );
  it.each([
    ['en', 1, '1 day used'],
    ['en', 2, '2 days used'],
    ['pl', 1, 'zużyto dotąd 1 dzień'],
    ['pl', 5, 'zużyto dotąd 5 dni'],
    ['pl', 22, 'zużyto dotąd 22 dni'],
    ['uk', 1, 'використано 1 день,'],
    ['uk', 3, 'використано 3 дні,'],
    ['uk', 11, 'використано 11 днів,'],
    ['uk', 21, 'використано 21 день,'],
    ['cs', 1, 'dosud spotřebován 1 den'],
    ['cs', 3, 'dosud spotřebovány 3 dny'],
    ['cs', 7, 'dosud spotřebováno 7 dní'],
    ['de', 1, 'bisher 1 Tag in'],
    ['de', 4, 'bisher 4 Tage in'],
  ] as const)('%s, %i', (lang, used, words) => expect(line(lang, used)).toContain(words));
});

describe('P-7e, P-2k: a move whose days count from a restart says so, and leave only since then', () => {
  const labels = JSON.parse(readFileSync(join(TEMPLATES_DIR, 'en', 'labels.json'), 'utf8'));
  // Black's move 1, delivered 5 January, sent 10 March; the claim upheld on 19 February
  // restarted the count, and 10 days of leave fell before it: 19 days on the move, not 54.
  const row = {
    move: 1,
    usedDays: 19,
    penaltyDays: 5,
    excludedDays: 10,
    sinceReset: { on: '2027-02-19', kind: 'restart', penaltyDays: 0, excludedDays: 0 },
  };
  it('the row’s days are explained by the restart; leave before it is not mentioned', () => {
    const text = liveText([{ side: 'black', row } as never], labels, 'en');
    expect(text).toContain(
      'Black, move 1: days counted afresh from 2027-02-19 under a time claim since upheld (rule P-7e).',
    );
    expect(text).not.toContain('not counted');
  });
  it('the table charges the move only the penalty days given since the restart', () => {
    const table = clockTable([{ side: 'black', row } as never], labels);
    expect(table.rows[0]![2]).toBe('19');
  });
  it('a TD’s setting in the move is named the same way (P-13)', () => {
    const text = liveText(
      [
        {
          side: 'white',
          row: { ...row, sinceReset: { ...row.sinceReset, kind: 'set-clock', excludedDays: 2 } },
        } as never,
      ],
      labels,
      'en',
    );
    expect(text).toContain('when the Tournament Director set the clock (rule P-13)');
    expect(text).toContain(
      "White, move 1: days of leave, of a TD pause, of play stopped at the event's end or of an annulment since undone not counted: 2.",
    );
  });
});
