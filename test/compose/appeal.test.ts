// What the mails of an appeal tell each reader (P-11, P-13c): the last day for an appeal counts
// from the day the reader received the decision, so each player is given their own, and the
// TD both when they differ.

import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../src/clock/index.ts';
import type { ComposeContext } from '../../src/compose/index.ts';
import { composeEffect } from '../../src/compose/index.ts';
import type { Decision, EventRules, GameState, Ruling } from '../../src/referee/index.ts';
import { decideRuling, defaultEventRules } from '../../src/referee/index.ts';
import { apply, scenario } from '../referee/scenario-support.ts';

/** White by email under the next-day custom (P-6d), Black by post, 4 days' transit. */
const mixed: EventRules = defaultEventRules({
  delivery: 'next-day',
  transitDays: 4,
  byPost: { white: false, black: true },
  postal: { white: false, black: true },
});
const NOW: CalendarDate = '2026-03-01';

const rule = (s: GameState, ruling: Ruling, rules: EventRules = mixed): Decision =>
  decideRuling(s, { kind: 'ruling', ruling }, NOW, rules);

/** Each recipient's mail of the decision, in English, by recipient. */
function mails(before: GameState, d: Decision, rules: EventRules = mixed): Record<string, string> {
  const ctx: ComposeContext = {
    state: apply(before, d),
    rules,
    now: NOW,
    event: { name: 'Memoriał 2026', tag: 'MPK26' },
    gameId: '2',
    players: {
      white: { name: 'Anna Nowak', lang: 'en', notation: 'san' },
      black: { name: 'Jan Novák', lang: 'en', notation: 'san' },
    },
    td: { name: 'Olena Petrenko', lang: 'en', address: 'td@mpk26.example' },
  };
  const out: Record<string, string> = {};
  for (const e of d.effects)
    for (const m of composeEffect(e, ctx)) out[m.to] = `${out[m.to] ?? ''}${m.text}`;
  return out;
}

describe('the last day for an appeal, as each reader is told it (P-11, P-13c)', () => {
  const game = scenario('2026-01-01').play('1.d4 d5').state();

  it('P-13c: a result the TD set: each player their own day, 14 days after their copy came; the TD both', () => {
    const d = rule(game, { kind: 'set-result', result: '1-0', reason: 'no reply' });
    const told = mails(game, d);
    // Before, everyone was given 15 March, 14 days from the ruling.
    expect(told.white).toContain('write within 14 days, by 2026-03-16,');
    expect(told.black).toContain('write within 14 days, by 2026-03-19,');
    expect(told.td).toContain(
      'An appeal may be made by 2026-03-16 (White), 2026-03-19 (Black), to the chairman',
    );
  });

  it('P-11: an adjudication by email the same day: one day for both, and the TD told it once', () => {
    const d = rule(
      game,
      { kind: 'set-result', result: '1-0', reason: 'adjudicated', rule: 'P-10' },
      defaultEventRules(),
    );
    const told = mails(game, d, defaultEventRules());
    expect(told.white).toContain('so that your appeal arrives within 14 days, by 2026-03-15;');
    expect(told.td).toContain('An appeal must reach you by 2026-03-15 (rule P-11)');
  });
});
