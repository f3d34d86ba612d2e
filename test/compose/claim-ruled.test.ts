// The TD's copy of a rejected time claim (P-7d): the advice to correct the clock with set-clock
// (P-6c) only when the excess the claim rested on is still on the clock, for the claimed side;
// and the mail of leave granted that moves a waiting claim's excess (P-8c, P-7c).

import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../src/clock/index.ts';
import type { ComposeContext } from '../../src/compose/index.ts';
import { composeEffect } from '../../src/compose/index.ts';
import type { Decision, GameState, Ruling } from '../../src/referee/index.ts';
import { decideDue, decideRuling, defaultEventRules, due } from '../../src/referee/index.ts';
import { apply, scenario } from '../referee/scenario-support.ts';

const rules = defaultEventRules();

function sweep(state: GameState, now: CalendarDate): GameState {
  let s = state;
  for (const work of due(s, now, rules))
    s = apply(s, decideDue(s, { kind: 'due', work }, now, rules));
  return s;
}

const rule = (s: GameState, ruling: Ruling, on: CalendarDate): Decision =>
  decideRuling(s, { kind: 'ruling', ruling }, on, rules);

function tdCopy(before: GameState, d: Decision, now: CalendarDate, lang: string): string {
  const effect = d.effects.find((e) => e.kind === 'claim-ruled');
  if (!effect) throw new Error(`no claim-ruled: ${JSON.stringify(d.effects)}`);
  const ctx: ComposeContext = {
    state: apply(before, d),
    rules,
    now,
    event: { name: 'Memoriał 2026', tag: 'MPK26' },
    gameId: '2',
    players: {
      white: { name: 'Anna Nowak', lang, notation: 'san' },
      black: { name: 'Jan Novák', lang, notation: 'san' },
    },
    td: { name: 'Olena Petrenko', lang },
  };
  return composeEffect({ ...effect, to: ['td'] }, ctx)[0]!.text;
}

describe('the TD’s copy of a rejected time claim (P-7d, P-6c)', () => {
  it('P-6c, P-8c: no set-clock advice once leave granted since took the excess off the clock', () => {
    // Black over on 3 February after 1.e4 of 3 January, claimed that day; the TD then grants
    // Black leave for 10..20 January: 10 days used then, 20 left — nothing to correct.
    const claimed = sweep(scenario('2026-01-01').play('1.e4').state(), '2026-02-03');
    expect(claimed.claims[0]?.id).toBe('time:black:10:1');
    const granted = apply(
      claimed,
      rule(
        claimed,
        { kind: 'grant-leave', side: 'black', from: '2026-01-10', to: '2026-01-20' },
        '2026-02-04',
      ),
    );
    const d = rule(granted, { kind: 'reject-claim', claimId: 'time:black:10:1' }, '2026-02-04');
    for (const lang of ['en', 'pl', 'cs', 'de', 'uk']) {
      const text = tdCopy(granted, d, '2026-02-04', lang);
      expect(text).not.toContain('set-clock');
    }
  });

  it('P-6c: the excess still on the clock after the control move: set-clock advice for the claimed side', () => {
    // Black took 31 days over the first move, then a day a move: 40 days at move 10, over 30.
    const played = scenario('2026-01-01')
      .play(
        '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7',
        {
          every: [1, 31, 1],
        },
      )
      .state();
    const claimed = sweep(played, '2026-02-20');
    const claim = claimed.claims[0]!;
    expect(claim).toMatchObject({ id: 'time:black:10:1', side: 'black' });
    const d = rule(claimed, { kind: 'reject-claim', claimId: claim.id }, '2026-02-20');
    for (const lang of ['en', 'pl', 'cs', 'de', 'uk']) {
      const text = tdCopy(claimed, d, '2026-02-20', lang);
      expect(text).toContain('set-clock --side black --used N');
      expect(text).not.toContain('--side white');
    }
  });
});

describe('leave granted that moves a claimed excess: the players told in the ruling’s mail (P-8c, P-7c)', () => {
  // White never moved: over on 1 February, claimed that day; protests by 15 February.
  const claimed = sweep(scenario('2026-01-01').state(), '2026-02-01');
  const grant = (from: CalendarDate, to: CalendarDate, on: CalendarDate) =>
    rule(claimed, { kind: 'grant-leave', side: 'white', from, to }, on);
  const mailTo = (d: Decision, now: CalendarDate, lang: string): string => {
    const effect = d.effects.find((e) => e.kind === 'ruling-applied')!;
    const ctx: ComposeContext = {
      state: apply(claimed, d),
      rules,
      now,
      event: { name: 'Memoriał 2026', tag: 'MPK26' },
      gameId: '2',
      players: {
        white: { name: 'Anna Nowak', lang, notation: 'san' },
        black: { name: 'Jan Novák', lang, notation: 'san' },
      },
      td: { name: 'Olena Petrenko', lang },
    };
    return composeEffect({ ...effect, to: ['white'] }, ctx)[0]!.text;
  };

  it('P-8c, P-7c: moved to a later day already past, the claim stands on that day', () => {
    const d = grant('2026-01-10', '2026-01-14', '2026-02-10');
    expect(d.effects[0]).toMatchObject({
      kind: 'ruling-applied',
      to: ['white', 'black'],
      claims: [
        { id: 'time:white:10:1', status: 'stands', on: '2026-02-06', protestBy: '2026-02-15' },
      ],
    });
    expect(mailTo(d, '2026-02-10', 'en')).toContain(
      'Time claim (move 10, White): with this leave the time was exceeded on 2026-02-06; the claim stands on that day, and is upheld unless a protest reaches the Tournament Director by 2026-02-15 (rules P-8c, P-7c).',
    );
    // The players read the claim in words, never its id (the TD's to rule by).
    for (const [lang, words] of [
      ['pl', 'posunięcie 10, Białe'],
      ['cs', 'tah 10, Bílý'],
      ['de', 'Zug 10, Weiß'],
      ['uk', 'хід 10, Білі'],
    ] as const) {
      const text = mailTo(d, '2026-02-10', lang);
      expect(text).toContain(words);
      expect(text).not.toContain('time:white:10:1');
      expect(text).toContain('2026-02-06');
    }
  });

  it('P-8c, P-7c: put off to a day to come, the players are told when it is over again', () => {
    const d = grant('2026-01-10', '2026-01-14', '2026-02-03');
    expect(d.effects[0]).toMatchObject({
      claims: [{ id: 'time:white:10:1', status: 'ahead', on: '2026-02-06' }],
    });
    expect(mailTo(d, '2026-02-03', 'en')).toContain(
      'it is exceeded again on 2026-02-06 if no move is sent',
    );
  });

  it('P-8c: leave that does not move the excess says nothing of the claim', () => {
    const d = grant('2026-03-01', '2026-03-05', '2026-02-03');
    expect(d.effects[0]).not.toHaveProperty('claims');
    expect(mailTo(d, '2026-02-03', 'en')).not.toContain('time:white:10:1');
  });
});

describe('the day an upheld claim restarts the count, said where the claim waits and when it is upheld (P-7e, P-8c)', () => {
  // White never moved: over on 1 February, claimed that day; protests by 15 February.
  const claimed = sweep(scenario('2026-01-01').state(), '2026-02-01');
  const compose = (state: GameState, d: Decision, kind: string, now: CalendarDate, lang = 'en') => {
    const effect = d.effects.find((e) => e.kind === kind)!;
    const ctx: ComposeContext = {
      state: apply(state, d),
      rules,
      now,
      event: { name: 'Memoriał 2026', tag: 'MPK26' },
      gameId: '2',
      players: {
        white: { name: 'Anna Nowak', lang, notation: 'san' },
        black: { name: 'Jan Novák', lang, notation: 'san' },
      },
      td: { name: 'Olena Petrenko', lang },
    };
    return composeEffect({ ...effect, to: ['black'] }, ctx)[0]!.text;
  };
  const grant = (to: CalendarDate, on: CalendarDate) =>
    rule(claimed, { kind: 'grant-leave', side: 'white', from: '2026-01-10', to }, on);

  it('P-7e, P-8c: leave moved the excess to 6 February: the line under the clock says the count restarts from then, not from the claim day', () => {
    const d = grant('2026-01-14', '2026-02-10');
    const text = compose(claimed, d, 'ruling-applied', '2026-02-10');
    // Was: "counted afresh from 2026-02-01", the claim day, before the excess it forgives.
    expect(text).toContain(
      "if it is upheld, White's time is counted afresh from 2026-02-06 (rule P-7e).",
    );
    expect(text).not.toContain('afresh from 2026-02-01');
  });

  it('P-7e, P-8c: leave put the excess off the clock until a day to come: the line names no day it cannot know', () => {
    const d = grant('2026-01-14', '2026-02-03');
    const text = compose(claimed, d, 'ruling-applied', '2026-02-03');
    expect(text).toContain(
      "its excess is off the clock for now; if it is upheld, White's time is counted afresh from the day the time is exceeded again (rule P-7e).",
    );
    expect(text).not.toContain('afresh from 2026-02-01');
    for (const lang of ['pl', 'cs', 'de', 'uk'])
      expect(compose(claimed, d, 'ruling-applied', '2026-02-03', lang)).not.toContain(
        '2026-02-01 (',
      );
  });

  it('P-7e, P-8c: upheld at its deadline, the claim’s mail says the day the count restarts from', () => {
    const granted = apply(claimed, grant('2026-01-14', '2026-02-10'));
    const [work] = due(granted, '2026-02-16', rules).filter((w) => w.kind === 'claim-deadline');
    const d = decideDue(granted, { kind: 'due', work: work! }, '2026-02-16', rules);
    // Was: "counted afresh from the date of the notice of the claim" (1 February).
    expect(compose(granted, d, 'claim-ruled', '2026-02-16')).toContain(
      'White (Anna Nowak): time is counted afresh from 2026-02-06 (rule P-7e). A second excess loses the game (rule P-7f).',
    );
    for (const lang of ['pl', 'cs', 'de', 'uk'])
      expect(compose(granted, d, 'claim-ruled', '2026-02-16', lang)).toMatch(
        /\(Anna Nowak\): [^\n]*2026-02-06[^\n]*P-7e\)/,
      );
  });
});
