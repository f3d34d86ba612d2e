// A count in a Czech or German mail takes the form its number needs (1 / 2–4 / 5+ in Czech,
// 1 / other in German), also where one sentence holds two counts: the days used and the days
// left on the clock (P-2k), whose forms are chosen each by its own number.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveText } from '../../src/compose/game-view.ts';
import { labelIfAny } from '../../src/compose/labels.ts';
import { TEMPLATES_DIR } from '../../src/compose/render.ts';

const labelsOf = (lang: string) =>
  JSON.parse(readFileSync(join(TEMPLATES_DIR, lang, 'labels.json'), 'utf8'));

const live = (lang: string, used: number, left: number) =>
  liveText(
    [
      {
        side: 'white',
        live: { move: 3, totalDays: used, daysLeft: left, controlMove: 10 },
      } as never,
    ],
    labelsOf(lang),
    lang,
  );

describe('P-2k: the days left to the control move are counted in the reader’s language', () => {
  it.each([
    ['cs', 29, 1, 'dosud spotřebováno 29 dní v této kontrole, do tahu 10 zbývá 1 den.'],
    ['cs', 27, 3, 'dosud spotřebováno 27 dní v této kontrole, do tahu 10 zbývají 3 dny.'],
    ['cs', 2, 28, 'dosud spotřebovány 2 dny v této kontrole, do tahu 10 zbývá 28 dní.'],
    ['cs', 1, 29, 'dosud spotřebován 1 den v této kontrole, do tahu 10 zbývá 29 dní.'],
    ['de', 29, 1, 'bisher 29 Tage in dieser Kontrolle verbraucht, 1 Tag bis Zug 10 übrig.'],
    ['de', 1, 29, 'bisher 1 Tag in dieser Kontrolle verbraucht, 29 Tage bis Zug 10 übrig.'],
  ] as const)('%s: %i used, %i left', (lang, used, left, words) =>
    expect(live(lang, used, left)).toContain(words),
  );
});

describe('a label whose forms depend on a number takes the right one', () => {
  const cs = labelsOf('cs');
  it('cs: a time control of days per move (P-6a)', () => {
    expect(labelIfAny(cs, 'timeControl.per-move', 'cs', { days: 3 })).toBe('3 dny na každý tah');
    expect(labelIfAny(cs, 'timeControl.per-move', 'cs', { days: 1 })).toBe('1 den na každý tah');
  });
  it('cs: an opponent still in time, with the days used on the move', () => {
    expect(
      labelIfAny(cs, 'timeClaimAnswer.inTime', 'cs', { used: 2, move: 12, date: '2026-10-30' }),
    ).toContain('Soupeř spotřeboval na tah 12 2 dny;');
  });
  const de = labelsOf('de');
  it('de: an opponent still in time after one day on the move', () => {
    expect(
      labelIfAny(de, 'timeClaimAnswer.inTime', 'de', { used: 1, move: 12, date: '2026-10-30' }),
    ).toContain('Ihr Gegner hat für Zug 12 1 Tag verbraucht;');
  });
  it('de: the report counts the one game still in play (L-12)', () => {
    expect(
      labelIfAny(de, 'report.intro', 'de', {
        event: 'WCH26',
        on: '2026-11-12',
        inPlay: 1,
        games: 6,
      }),
    ).toBe('WCH26, Stand 2026-11-12: 1 von 6 Partien läuft noch.');
  });
});
