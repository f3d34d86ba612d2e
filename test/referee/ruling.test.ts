import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays, tripleBlockControl } from '../../src/clock/index.ts';
import { gamePgn } from '../../src/compose/index.ts';
import { appealBy, appealOf, tdDecisions } from '../../src/referee/appeal.ts';
import { decideDue } from '../../src/referee/decide-due.ts';
import { decideRuling, resultRule } from '../../src/referee/decide-ruling.ts';
import { decideTransmission } from '../../src/referee/decide-transmission.ts';
import type { Decision } from '../../src/referee/decision.ts';
import { due, protestWindowEnd } from '../../src/referee/due.ts';
import type { EventRules } from '../../src/referee/event-rules.ts';
import { defaultEventRules } from '../../src/referee/event-rules.ts';
import { gameClock, pausedDays } from '../../src/referee/game-clock.ts';
import type { GameEvent } from '../../src/referee/game-event.ts';
import type { GameState } from '../../src/referee/game-state.ts';
import { extendGame } from '../../src/referee/game-state.ts';
import type { Ruling } from '../../src/referee/referee-input.ts';
import { apply, effectKinds, eventTypes, scenario } from './scenario-support.ts';

const rules = defaultEventRules();
const triple = defaultEventRules({ timeControl: tripleBlockControl() });
const NOW: CalendarDate = '2026-03-01';

const rule = (state: GameState, ruling: Ruling, r: EventRules = rules, note?: string): Decision =>
  decideRuling(state, { kind: 'ruling', ruling, ...(note ? { note } : {}) }, NOW, r);

/** A refusal: no events, one effect to the TD saying why. */
function expectRefused(d: Decision, why: RegExp): void {
  expect(d.events).toEqual([]);
  expect(d.effects).toHaveLength(1);
  expect(d.effects[0]).toMatchObject({ kind: 'ruling-refused', to: ['td'] });
  const refused = d.effects[0]?.kind === 'ruling-refused' ? d.effects[0].why : undefined;
  expect(refused).toMatch(why);
}

const claim = (id: string, on: CalendarDate, side: 'white' | 'black' = 'white'): GameEvent => ({
  type: 'claim',
  on,
  id,
  kind: 'time',
  side,
  protestBy: '2026-03-10',
  detail: 'over the limit',
});

// White never moved: a first time claim filed on 2026-02-01 (P-7a), not yet ruled.
const claimed = scenario('2026-01-01').add(claim('time:white:10:1', '2026-02-01')).state();

describe('a protest that reached the TD outside amici (P-7c)', () => {
  const protest = (receivedOn: CalendarDate): Ruling => ({
    kind: 'protest',
    side: 'white',
    receivedOn,
  });

  it('P-7c: received in the window, it is recorded on the day it came, both players told; no appeal', () => {
    const d = rule(claimed, protest('2026-02-20'));
    expect(d.events).toEqual([
      { type: 'claim-protested', on: '2026-02-20', id: 'time:white:10:1' },
    ]);
    expect(d.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-applied',
        to: ['white', 'black'],
        detail: {
          key: 'protest',
          params: { claim: 'time:white:10:1', on: '2026-02-20', side: 'white' },
        },
        rules: ['P-7c'],
      }),
    ]);
    expect(d.effects[0]).not.toHaveProperty('appeal');
    // The deadline no longer upholds it: it waits for the TD.
    const after = apply(claimed, d);
    const work = due(after, '2026-03-11', rules).find((w) => w.kind === 'claim-deadline')!;
    const deadline = decideDue(after, { kind: 'due', work }, '2026-03-11', rules);
    expect(eventTypes(deadline)).not.toContain('claim-ruled');
  });

  it('P-7c, P-7e, P-7f: a protest that came in time, entered after the deadline upheld the claim, reopens it: the uphold and its restart undone, both players told', () => {
    // The sweep upholds the claim at its deadline (P-7c), and the count restarts (P-7e).
    const work = due(claimed, '2026-03-11', rules).find((w) => w.kind === 'claim-deadline')!;
    const upheld = apply(claimed, decideDue(claimed, { kind: 'due', work }, '2026-03-11', rules));
    expect(upheld.claims[0]?.ruling).toMatchObject({ upheld: true, by: 'deadline' });
    expect(upheld.restarts).toHaveLength(1);
    // The player's letter reached the TD on 03-08, in time; the TD enters it on 03-12.
    const d = decideRuling(
      upheld,
      { kind: 'ruling', ruling: protest('2026-03-08') },
      '2026-03-12',
      rules,
    );
    // Was: refused, "upheld at its deadline … before this protest, which came in time, was
    // entered", the excess counted, and the next one would have lost the game (P-7f).
    expect(d.events).toEqual([
      { type: 'claim-protested', on: '2026-03-08', id: 'time:white:10:1' },
    ]);
    expect(d.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-applied',
        to: ['white', 'black'],
        detail: {
          key: 'protest-reopens',
          params: {
            claim: 'time:white:10:1',
            on: '2026-03-08',
            side: 'white',
            ruledOn: '2026-03-11',
          },
        },
        rules: ['P-7c', 'P-7e'],
      }),
    ]);
    const reopened = apply(upheld, d);
    expect(reopened.claims[0]?.ruling).toBeUndefined();
    expect(reopened.claims[0]?.protestedOn).toBe('2026-03-08');
    expect(reopened.restarts).toEqual([]);
    expect(gameClock(reopened, rules, 'white', '2026-03-12')).toEqual(
      gameClock(claimed, rules, 'white', '2026-03-12'),
    );
    // The TD rules on it now, rather than hearing it was "already ruled".
    const rejected = decideRuling(
      reopened,
      {
        kind: 'ruling',
        ruling: { kind: 'reject-claim', claimId: 'time:white:10:1', clock: { usedDays: 20 } },
      },
      '2026-03-12',
      rules,
    );
    expect(effectKinds(rejected)).toContain('claim-ruled');
    // No deadline upholds it again.
    expect(due(reopened, '2026-03-20', rules).some((w) => w.kind === 'claim-deadline')).toBe(false);
  });

  it('P-7c, P-7f: a protest of a claim that lapsed at its deadline (its excess gone) is refused as a lapse, not as a claim upheld', () => {
    const lapsed = extendGame(claimed, [
      {
        type: 'claim-ruled',
        on: '2026-03-11',
        id: 'time:white:10:1',
        upheld: false,
        by: 'deadline',
      },
    ]);
    for (const received of ['2026-03-08', '2026-03-11'] as const) {
      const d = decideRuling(
        lapsed,
        { kind: 'ruling', ruling: protest(received) },
        '2026-03-12',
        rules,
      );
      // Was: "claim time:white:10:1 was upheld at its deadline …", and for a protest in time
      // "what the protest changes is yours to decide (set-clock, set-result …)".
      expectRefused(d, /claim time:white:10:1 lapsed at its deadline, 2026-03-10, on 2026-03-11/);
      const why = d.effects[0]?.kind === 'ruling-refused' ? d.effects[0].why : '';
      expect(why).not.toContain('upheld');
      expect(why).not.toContain('set-result');
    }
  });

  it('P-7c: a day still to come, a game over, a game with no claim are refused', () => {
    expectRefused(rule(claimed, protest('2026-03-02')), /after today \(2026-03-01\)/);
    expectRefused(
      rule(scenario('2026-01-01').state(), protest('2026-02-20')),
      /this game has no time claim a protest could be of/,
    );
    const over = extendGame(scenario('2026-01-01').state(), [
      { type: 'ended', on: '2026-02-10', result: '0-1', kind: 'resignation', rule: 'L-5.1.2' },
    ]);
    expectRefused(
      rule(over, protest('2026-02-20')),
      /the game is over \(0-1, resignation\); a protest/,
    );
  });
});

describe('claims ruled by the TD (P-7d, P-7e, P-7f, L-6.7)', () => {
  it('P-6g, P-13: a penalty given after a clock set the same day adds to it', () => {
    const game = scenario('2026-01-01').state();
    const set = apply(game, rule(game, { kind: 'set-clock', side: 'white', usedDays: 10 }));
    const penalised = apply(
      set,
      rule(set, { kind: 'penalise', side: 'white', days: 4, rule: 'P-13', reason: 'late PGN' }),
    );
    const c = gameClock(penalised, rules, 'white', NOW);
    expect(c.ok && c.value.live?.totalDays).toBe(14);
  });

  it('P-7c, P-7d: a clock set while a time claim waits is refused: the claim would still be upheld', () => {
    // The TD sets White to 20 days used; the claim would be upheld at its deadline anyway, and
    // White, told "10 left", would lose on time. The TD is pointed to the claim's ruling.
    const d = rule(claimed, { kind: 'set-clock', side: 'white', usedDays: 20 });
    expectRefused(
      d,
      /claim time:white:10:1 against White waits for a ruling.*reject-claim time:white:10:1 --used N/,
    );
    // Black's clock is not the claim's: set as asked.
    expect(rule(claimed, { kind: 'set-clock', side: 'black', usedDays: 2 }).events).toHaveLength(1);
    // Rejected with the days, the clock is set by the ruling itself.
    const rejected = rule(claimed, {
      kind: 'reject-claim',
      claimId: 'time:white:10:1',
      clock: { usedDays: 20 },
    });
    expect(rejected.events.map((e) => e.type)).toEqual(['claim-ruled', 'clock-set']);
  });

  it('P-7e, P-13: a clock the TD sets on the day of an upheld claim’s restart stands', () => {
    // Claimed and upheld on the same day; then the TD sets White's used days to 12.
    const today = scenario('2026-01-01').add(claim('time:white:10:1', NOW)).state();
    const upheld = apply(today, rule(today, { kind: 'uphold-claim', claimId: 'time:white:10:1' }));
    const set = apply(upheld, rule(upheld, { kind: 'set-clock', side: 'white', usedDays: 12 }));
    const c = gameClock(set, rules, 'white', '2026-03-03');
    if (!c.ok) throw new Error('no clock');
    expect(c.value.live?.totalDays).toBe(14);
  });

  it('P-7e, P-7a: going over again on the day of the restart is a second excess, claimed', () => {
    // Claimed and upheld on the same day; the TD then sets White's used days past the limit.
    const today = scenario('2026-01-01').add(claim('time:white:10:1', NOW)).state();
    const upheld = apply(today, rule(today, { kind: 'uphold-claim', claimId: 'time:white:10:1' }));
    const set = apply(upheld, rule(upheld, { kind: 'set-clock', side: 'white', usedDays: 31 }));
    const work = due(set, NOW, rules).filter((w) => w.kind === 'time-exceeded');
    expect(work).toMatchObject([{ side: 'white', ref: 'time:white:10:1:r1' }]);
  });

  it('P-7e: a move sent on the day of the notice, before it, is not in the new count', () => {
    // 1.e4 on 20 Jan; Black answers on 22 Feb (33 days), and that day the claim's notice goes;
    // upheld on 8 March, then White plays 2.Nf3 on 9 March.
    const late = scenario('2028-01-20')
      .move('e4', '2028-01-20')
      .move('e5', '2028-02-22')
      .add(claim('time:black:10:1', '2028-02-22', 'black'))
      .state();
    const ruling = { kind: 'uphold-claim', claimId: 'time:black:10:1' } as const;
    const upheld = apply(late, decideRuling(late, { kind: 'ruling', ruling }, '2028-03-08', rules));
    const next = extendGame(upheld, [
      {
        type: 'move',
        on: '2028-03-09',
        side: 'white',
        uci: 'g1f3',
        sentOn: '2028-03-09',
        deliveredOn: '2028-03-09',
      },
    ]);
    const c = gameClock(next, rules, 'black', '2028-03-10');
    if (!c.ok) throw new Error('no clock');
    // Black's move 2 is the first of the new count: 30 days to move 11, not to move 10.
    expect(c.value.live).toMatchObject({ move: 2, countFrom: 2, controlMove: 11, daysLeft: 29 });
  });

  it('P-7d, P-7e: an upheld first excess restarts the count; everyone is told what that means', () => {
    const d = rule(claimed, { kind: 'uphold-claim', claimId: 'time:white:10:1' });
    expect(d.events).toEqual([
      { type: 'claim-ruled', on: NOW, id: 'time:white:10:1', upheld: true, by: 'td' },
      { type: 'clock-restarted', on: '2026-02-01', side: 'white' },
    ]);
    // As when the deadline upholds it: the count restarts (P-7e) and a second excess loses.
    expect(d.effects).toEqual([
      {
        kind: 'claim-ruled',
        to: ['white', 'black', 'td'],
        claimId: 'time:white:10:1',
        upheld: true,
        by: 'td',
        // P-13c: a decision of the TD, which either player may appeal within 14 days.
        appeal: { rule: 'P-13', by: { white: '2026-03-15', black: '2026-03-15' } },
        rules: ['P-7d', 'P-7e'],
      },
    ]);
  });

  it('P-6c, P-7a: a claim rejected while its period is still over the limit needs the clock as it really is', () => {
    // White has not moved since 2026-01-01: 59 days used of the 30 allowed to move 10.
    const bare = rule(claimed, { kind: 'reject-claim', claimId: 'time:white:10:1' });
    expectRefused(
      bare,
      /White is still over the limit of this claim \(more than 30 days used before move 10\).*no later excess up to move 10 could be claimed \(P-6c, P-7a\)\. Give the days White really used in this count: reject-claim time:white:10:1 --used N \(N at most 30\)/,
    );
    expectRefused(
      rule(claimed, { kind: 'reject-claim', claimId: 'time:white:10:1', clock: { usedDays: 31 } }),
      /would still be over the limit of this claim \(30 days before move 10\); give at most 30/,
    );
    // Set within the limit with the rejection, a later excess in the period is claimed again.
    const d = rule(claimed, {
      kind: 'reject-claim',
      claimId: 'time:white:10:1',
      clock: { usedDays: 20 },
    });
    expect(eventTypes(d)).toEqual(['claim-ruled', 'clock-set']);
    expect(d.effects[0]).toMatchObject({ clockSet: { usedDays: 20 }, rules: ['P-7d', 'P-6c'] });
    const after = apply(claimed, d);
    const later = due(after, '2026-03-12', rules).filter((w) => w.kind === 'time-exceeded');
    expect(later).toMatchObject([
      { side: 'white', ref: 'time:white:10:1:s1', dueOn: '2026-03-12' },
    ]);
  });

  it('P-7d: a claim rejected after the game ended sets no clock, and says none was set', () => {
    const over = apply(claimed, {
      events: [
        { type: 'ended', on: '2026-02-20', result: '1-0', kind: 'resignation', rule: 'L-5.1.2' },
      ],
      effects: [],
    });
    const d = rule(over, {
      kind: 'reject-claim',
      claimId: 'time:white:10:1',
      clock: { usedDays: 20 },
    });
    expect(eventTypes(d)).toEqual(['claim-ruled']);
    expect(d.effects[0]).not.toHaveProperty('clockSet');
  });

  it('P-7d: a rejected claim is told to both and changes nothing else', () => {
    // White's clock was set back within the limit since: nothing to set with the rejection.
    const moved = scenario('2026-01-01')
      .add(claim('time:white:10:1', '2026-02-01'))
      .add({ type: 'clock-set', on: '2026-02-20', side: 'white', usedDays: 10 })
      .state();
    const d = rule(moved, { kind: 'reject-claim', claimId: 'time:white:10:1' }, rules, 'postmark');
    expect(d.events).toEqual([
      { type: 'claim-ruled', on: NOW, id: 'time:white:10:1', upheld: false, by: 'td' },
    ]);
    // The TD too: the days stay on the clock until a set-clock corrects them (P-6c).
    expect(d.effects[0]).toMatchObject({
      kind: 'claim-ruled',
      to: ['white', 'black', 'td'],
      upheld: false,
      note: 'postmark',
    });
    const after = apply(moved, d);
    expect(after.restarts).toEqual([]);
    expect(after.result).toBeUndefined();
  });

  it('P-7f: a second upheld excess loses the game', () => {
    const twice = scenario('2026-01-01')
      .add(claim('time:white:10:1', '2026-02-01'))
      .add({ type: 'claim-ruled', on: '2026-02-16', id: 'time:white:10:1', upheld: true, by: 'td' })
      .add({ type: 'clock-restarted', on: '2026-02-01', side: 'white' })
      // Counted afresh after 1 February, White is over again on 4 March, claimed that day (an
      // excess still to come is not upheld).
      .add(claim('time:white:10:1:r1', '2026-03-04'))
      .state();
    const d = decideRuling(
      twice,
      { kind: 'ruling', ruling: { kind: 'uphold-claim', claimId: 'time:white:10:1:r1' } },
      '2026-03-04',
      rules,
    );
    expect(eventTypes(d)).toEqual(['claim-ruled', 'ended']);
    expect(d.events[1]).toMatchObject({ result: '0-1', kind: 'time-forfeit', rule: 'P-7f' });
    // One mail says both, the claim upheld and therefore the game lost (P-7d, P-7f), not a
    // result and then a ruling that names no consequence.
    expect(effectKinds(d)).toEqual(['game-ended']);
    expect(d.effects[0]).toMatchObject({
      to: ['white', 'black', 'td'],
      claim: { id: 'time:white:10:1:r1', side: 'white', by: 'td', count: 2, allowed: 1 },
      // The TD's decision: either player may appeal it (P-13c).
      appeal: { rule: 'P-13', by: { white: '2026-03-18', black: '2026-03-18' }, analysed: [] },
    });
    // Claims of an older log carry only their English detail: so does the end.
    expect(d.events[1]).toMatchObject({ detail: 'time exceeded 2 times (over the limit)' });
    expect(d.events[1]).not.toHaveProperty('detailKey');
    expect(d.effects[0]).not.toHaveProperty('detailKey');
  });

  it('L-6.7: the loss on time is a draw when the opponent cannot mate', () => {
    const bare = scenario('2026-01-01', {
      start: { kind: 'fen', fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1' },
    })
      .add(claim('time:white:10:1', '2026-02-01'))
      .state();
    const server = defaultEventRules({ excessesAllowed: 0 });
    const d = rule(bare, { kind: 'uphold-claim', claimId: 'time:white:10:1' }, server);
    expect(d.events[1]).toMatchObject({ result: '1/2-1/2', kind: 'time-forfeit-draw' });
  });

  it.each([
    {
      name: 'an unknown claim (the claims there are named)',
      id: 'time:black:10:1',
      state: claimed,
      why: /^there is no claim time:black:10:1 in this game; its claims: time:white:10:1$/,
    },
    {
      name: 'a claim already ruled',
      id: 'time:white:10:1',
      state: apply(
        claimed,
        rule(claimed, {
          kind: 'reject-claim',
          claimId: 'time:white:10:1',
          clock: { usedDays: 20 },
        }),
      ),
      why: /already ruled/,
    },
  ])('P-7d: $name is refused, not thrown', ({ id, state, why }) => {
    expectRefused(rule(state, { kind: 'uphold-claim', claimId: id }), why);
  });
});

describe('leave granted by the TD (P-8c)', () => {
  const game = scenario('2026-01-01').play('1.e4 e5').state();

  it('P-8c: the TD grants leave beyond the 30-day allowance', () => {
    const d = rule(game, {
      kind: 'grant-leave',
      side: 'white',
      from: '2026-03-05',
      to: '2026-04-03',
    });
    expect(d.events).toEqual([
      {
        type: 'leave',
        on: NOW,
        side: 'white',
        from: '2026-03-05',
        to: '2026-04-03',
        granted: true,
      },
    ]);
    expect(d.effects[0]).toMatchObject({ to: ['white', 'black'], rules: ['P-8c', 'P-7d'] });
    const after = apply(game, d);
    expect(after.leaves).toHaveLength(1);
    expect(gameClock(after, rules, 'white', '2026-04-13').ok).toBe(true);
  });

  it.each([
    {
      name: 'under Triple Block (L-10.1)',
      r: triple,
      from: '2026-03-05',
      to: '2026-03-10',
      why: /Triple Block/,
    },
    { name: 'a reversed range', r: rules, from: '2026-03-10', to: '2026-03-05', why: /range/ },
  ] as const)('P-8c: leave is refused $name', ({ r, from, to, why }) => {
    expectRefused(rule(game, { kind: 'grant-leave', side: 'white', from, to }, r), why);
  });

  it('P-8c: up to 30 more days a year; the TD is told what is left and what else to do', () => {
    const granted = apply(
      game,
      rule(game, { kind: 'grant-leave', side: 'black', from: '2026-03-05', to: '2026-03-29' }),
    );
    expectRefused(
      rule(granted, { kind: 'grant-leave', side: 'black', from: '2026-05-01', to: '2026-05-06' }),
      /up to 30 more days a year \(P-8c\): 5 left in 2026, 6 asked; beyond that, pause/,
    );
    // Another year has its own 30 days; White's grants are White's.
    for (const [side, from, to] of [
      ['black', '2027-01-01', '2027-01-30'],
      ['white', '2026-05-01', '2026-05-30'],
    ] as const)
      expect(rule(granted, { kind: 'grant-leave', side, from, to }).events).toHaveLength(1);
  });

  it('P-8c: leave overlapping leave already taken is refused', () => {
    const onLeave = apply(
      game,
      rule(game, { kind: 'grant-leave', side: 'black', from: '2026-03-05', to: '2026-03-20' }),
    );
    expectRefused(
      rule(onLeave, { kind: 'grant-leave', side: 'black', from: '2026-03-18', to: '2026-03-25' }),
      /overlaps/,
    );
  });
});

describe('leave refused by the TD (P-8b, P-8c)', () => {
  // White's 1.e4 reached Black on 2 January; Black asked on 20 February for leave from 10 to 25
  // February, days that had begun: only the TD may grant them (P-8c), who does not.
  const game = scenario('2026-01-01').play('1.e4').state();
  const ruling: Ruling = {
    kind: 'refuse-leave',
    side: 'black',
    from: '2026-02-10',
    to: '2026-02-25',
  };

  it('P-8b, P-8c, P-13c: refused, both players are told, with the appeal; the days stay on the clock', () => {
    // Before: no such ruling; the player, told "you will be told if it is granted", never heard.
    const d = rule(game, ruling, rules, 'No reason given for the late notice.');
    expect(d.events).toEqual([
      { type: 'leave-refused', on: NOW, side: 'black', from: '2026-02-10', to: '2026-02-25' },
    ]);
    expect(d.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-applied',
        to: ['white', 'black'],
        ruling: 'refuse-leave black 2026-02-10..2026-02-25',
        detail: {
          key: 'refuse-leave',
          params: { side: 'black', from: '2026-02-10', to: '2026-02-25' },
        },
        note: 'No reason given for the late notice.',
        appeal: { rule: 'P-13', by: { white: '2026-03-15', black: '2026-03-15' } },
        rules: ['P-8b', 'P-8c', 'P-7d'],
      }),
    ]);
    const after = apply(game, d);
    expect(after.leaves).toEqual([]);
    const days = (s: GameState) => {
      const c = gameClock(s, rules, 'black', NOW);
      return c.ok ? c.value.live?.totalDays : undefined;
    };
    expect(days(after)).toBe(days(game));
    // A decision of the TD's: a player may appeal it (P-13c), and an appeal is tied to it.
    expect(appealOf(after, rules)?.decision).toEqual({
      on: NOW,
      ruling: 'refuse-leave',
      detail: {
        key: 'refuse-leave',
        params: { side: 'black', from: '2026-02-10', to: '2026-02-25' },
      },
    });
  });

  it.each([
    {
      name: 'under Triple Block (L-10.1)',
      state: game,
      r: triple,
      why: /Triple Block has no leave/,
    },
    {
      name: 'days already recorded as leave',
      state: apply(
        game,
        rule(game, { kind: 'grant-leave', side: 'black', from: '2026-02-20', to: '2026-02-28' }),
      ),
      r: rules,
      why: /2026-02-20\.\.2026-02-28 is black's leave already \(granted by the TD, P-8c\).*set-clock/,
    },
    {
      name: 'in a finished game',
      state: apply(game, rule(game, { kind: 'set-result', result: '1-0', reason: 'no reply' })),
      r: rules,
      why: /the game is over/,
    },
  ])('P-8c: refuse-leave is itself refused $name', ({ state, r, why }) => {
    expectRefused(rule(state, ruling, r), why);
  });
});

describe('penalties (P-6g, P-13, L-7.2)', () => {
  const penalised = scenario('2026-01-01')
    .play('1.e4 e5')
    .add({
      type: 'penalty',
      on: '2026-01-04',
      side: 'white',
      days: 5,
      rule: 'P-6g',
      reason: 'impossible move',
    })
    .state();

  it('P-6g: the TD waives a penalty; the clock no longer counts it', () => {
    const d = rule(penalised, { kind: 'waive-penalty', side: 'white', penaltyOn: '2026-01-04' });
    expect(d.events).toEqual([
      { type: 'penalty-waived', on: NOW, side: 'white', penaltyOn: '2026-01-04' },
    ]);
    expect(apply(penalised, d).penalties[0]?.waived).toBe(true);
    expectRefused(
      rule(penalised, { kind: 'waive-penalty', side: 'black', penaltyOn: '2026-01-04' }),
      /no penalty/,
    );
  });

  it('P-13: the TD penalises a player; a penalty of no whole days is refused', () => {
    const d = rule(penalised, {
      kind: 'penalise',
      side: 'black',
      days: 10,
      rule: 'P-13',
      reason: 'offensive message (L-13.3)',
    });
    expect(d.events[0]).toMatchObject({ type: 'penalty', side: 'black', days: 10, on: NOW });
    // P-7d: both players are told the decision with its reason, each rule id once.
    expect(d.effects).toEqual([
      {
        kind: 'ruling-applied',
        to: ['white', 'black'],
        ruling: 'penalise black 10 days (P-13)',
        detail: { key: 'penalise', params: { side: 'black', days: '10' } },
        reason: 'offensive message (L-13.3)',
        // P-13c: either player may appeal it within 14 days of receiving it.
        appeal: { rule: 'P-13', by: { white: '2026-03-15', black: '2026-03-15' } },
        rules: ['P-13', 'P-7d'],
      },
    ]);
    expectRefused(
      rule(penalised, { kind: 'penalise', side: 'black', days: 1.5, rule: 'P-13', reason: 'x' }),
      /whole number/,
    );
  });

  it('P-13: the TD sets a clock, in the units of the event’s control', () => {
    const d = rule(penalised, { kind: 'set-clock', side: 'black', usedDays: 3 });
    expect(d.events).toEqual([{ type: 'clock-set', on: NOW, side: 'black', usedDays: 3 }]);
    expectRefused(rule(penalised, { kind: 'set-clock', side: 'black', clockDays: 3 }), /days used/);
    const tb = rule(
      penalised,
      { kind: 'set-clock', side: 'black', clockDays: 20, bankDays: 2 },
      triple,
    );
    expect(tb.events[0]).toMatchObject({ clockDays: 20, bankDays: 2 });
  });
});

describe('pause and resume (L-6.10)', () => {
  const game = scenario('2026-02-25').play('1.e4').state();

  it('L-6.10: the TD stops the clocks and decides when play resumes', () => {
    const paused = apply(game, rule(game, { kind: 'pause' }));
    expect(paused.pauses).toEqual([{ from: NOW, to: null }]);
    expectRefused(rule(paused, { kind: 'pause' }), /already paused/);
    // Nothing falls due while the clocks stand (P-3a reminder, P-7a excess).
    expect(due(paused, '2026-12-31', rules)).toEqual([]);
    const resumed = rule(paused, { kind: 'resume' });
    expect(resumed.events).toEqual([{ type: 'resumed', on: NOW }]);
    expect(resumed.effects[0]).toMatchObject({ to: ['white', 'black'], rules: ['L-6.10', 'P-7d'] });
  });

  it('L-6.10: the clocks run again on the day of the resume; a pause undone the same day stops none', () => {
    const days = (pausedOn: CalendarDate, resumedOn: CalendarDate) => {
      const s = scenario('2026-02-25')
        .play('1.e4')
        .add({ type: 'paused', on: pausedOn }, { type: 'resumed', on: resumedOn })
        .state();
      expect(pausedDays(s)).toHaveLength(pausedOn === resumedOn ? 0 : 1);
      const c = gameClock(s, rules, 'black', '2026-03-20');
      if (!c.ok) throw new Error('no clock');
      return c.value.live?.usedDays;
    };
    const running = days('2026-03-01', '2026-03-01');
    // Stopped 1 to 4 March, running again on the 5th: 4 days less than a pause undone at once.
    expect(days('2026-03-01', '2026-03-05')).toBe(running! - 4);
  });

  it('L-6.10: a pause from an earlier day (a postal strike found later) stops the clocks from then', () => {
    const d = rule(game, { kind: 'pause', from: '2026-02-27' });
    // Decided today: an appeal's 14 days count from today, not from the 27th (P-13c).
    expect(d.events).toEqual([{ type: 'paused', on: '2026-02-27', ruledOn: NOW }]);
    expect(d.effects[0]).toMatchObject({
      detail: { key: 'pause-from', params: { from: '2026-02-27' } },
    });
    expect(apply(game, d).pauses).toEqual([{ from: '2026-02-27', to: null }]);
    expectRefused(rule(game, { kind: 'pause', from: '2026-03-05' }), /a day to come/);
    expectRefused(rule(game, { kind: 'pause', from: '2026-02-20' }), /before the game began/);
    const resumed = apply(
      apply(game, rule(game, { kind: 'pause' })),
      decideRuling(
        apply(game, rule(game, { kind: 'pause' })),
        { kind: 'ruling', ruling: { kind: 'resume' } },
        '2026-03-01',
        rules,
      ),
    );
    expectRefused(rule(resumed, { kind: 'pause', from: '2026-02-28' }), /ran again on 2026-03-01/);
  });

  it('L-6.10: clocks are never stopped under Triple Block; resume without a pause is refused', () => {
    expectRefused(rule(game, { kind: 'pause' }, triple), /Triple Block/);
    expectRefused(rule(game, { kind: 'resume' }), /not paused/);
  });
});

describe('illegal move found later (L-7.2)', () => {
  const game = scenario('2026-01-01').play('1.e4 e5 2.Nf3 Nc6 3.Bb5').state();

  it('L-7.2: the position before the move is restored and the offender penalised', () => {
    const d = rule(game, { kind: 'restore-position', plies: 3, offender: 'black' });
    expect(d.events).toEqual([
      { type: 'position-restored', on: NOW, plies: 3 },
      {
        type: 'penalty',
        on: NOW,
        side: 'black',
        days: 5,
        rule: 'L-7.2',
        reason: 'illegal move; position restored',
      },
    ]);
    const after = apply(game, d);
    expect(after.plies).toHaveLength(3);
    expect(after.pos.turn).toBe('black');
    expect(after.penalties).toHaveLength(1);
    // The players are told where play resumes: Black's move 2, the one taken back — and the
    // penalty for it.
    expect(d.effects[0]).toMatchObject({
      detail: {
        key: 'restore-position-penalty',
        params: { number: '2', side: 'black', days: '5' },
      },
    });
    // The offender is who made the move taken back.
    expectRefused(
      rule(game, { kind: 'restore-position', plies: 3, offender: 'white' }),
      /the move taken back, 2\.\.\., was black's/,
    );
  });

  it('L-7.2: the replacing move is counted from the ruling, not from the move before the illegal one', () => {
    // 2...Nc6 was delivered in January; the TD restores the position on 1 March.
    const d = rule(game, { kind: 'restore-position', plies: 3, offender: 'black' });
    const after = apply(game, d);
    const used = (on: CalendarDate) => {
      const c = gameClock(after, rules, 'black', on);
      if (!c.ok) throw new Error('no clock');
      return c.value.live!.usedDays;
    };
    // Black's first move (2 days) and the 5 days' penalty; the weeks since January are not his.
    expect(used(NOW)).toBeLessThanOrEqual(8);
    expect(used('2026-03-04') - used(NOW)).toBe(3);
    expect(due(after, '2026-03-04', rules).map((w) => w.kind)).not.toContain('time-exceeded');
  });

  it('L-7.2: the TD names the illegal move (2...Nc6): the same as keeping 3 half-moves', () => {
    const named = rule(game, {
      kind: 'restore-position',
      before: { number: 2, side: 'black' },
      offender: 'black',
    });
    expect(named.events).toEqual(
      rule(game, { kind: 'restore-position', plies: 3, offender: 'black' }).events,
    );
    expectRefused(
      rule(game, { kind: 'restore-position', before: { number: 3, side: 'black' } }),
      /no move 3\.\.\. in the game \(5 half-moves played\)/,
    );
  });

  it.each([-1, 5, 1.5])('L-7.2: restoring to ply %s is refused', (plies) => {
    expectRefused(rule(game, { kind: 'restore-position', plies }), /cannot restore/);
  });
});

describe('colours reversed by mistake (L-7.1)', () => {
  it('L-7.1: with fewer than 10 moves each the game restarts with the right colours', () => {
    const game = scenario('2026-01-01', { white: 'ann', black: 'bob' })
      .play('1.e4 e5 2.Nf3 Nc6')
      .state();
    const after = apply(game, rule(game, { kind: 'reverse-colours' }));
    expect([after.white, after.black, after.plies.length]).toEqual(['bob', 'ann', 0]);
    expect(after.clockStartsOn).toBe(NOW);
    // The PGN dates the game from its restart.
    expect(gamePgn(after, { name: 'Club' }, { white: 'Bob', black: 'Ann' })).toContain(
      '[Date "2026.03.01"]',
    );
  });

  it('L-7.1: the clocks start again — claims, clock settings and restarts of the moves taken back are gone', () => {
    const game = scenario('2026-01-01', { white: 'ann', black: 'bob' })
      .add(claim('time:white:10:1', '2026-02-01'))
      .add({ type: 'claim-ruled', on: '2026-02-05', id: 'time:white:10:1', upheld: true, by: 'td' })
      .add({ type: 'clock-restarted', on: '2026-02-01', side: 'white' })
      .add({ type: 'clock-set', on: '2026-02-05', side: 'white', usedDays: 35 })
      .add({ type: 'due-done', on: '2026-02-01', key: 'time-exceeded:time:white:10:1' })
      .state();
    const after = apply(game, rule(game, { kind: 'reverse-colours' }));
    expect([after.claims, after.clockSets, after.restarts]).toEqual([[], [], []]);
    expect([...after.dueDone]).toEqual([]);
    const c = gameClock(after, rules, 'white', '2026-03-02');
    expect(c.ok && c.value.live?.totalDays).toBe(1);
  });

  it('L-7.1, P-8a: leave announced before the reversal stays with the player who announced it', () => {
    const game = scenario('2026-01-01', { white: 'ann', black: 'bob' })
      .play('1.e4 e5')
      .add({ type: 'leave', on: '2026-01-05', side: 'white', from: '2026-02-01', to: '2026-02-10' })
      .state();
    const after = apply(game, rule(game, { kind: 'reverse-colours' }));
    expect(after.white).toBe('bob');
    expect(after.leaves).toMatchObject([
      { side: 'black', from: '2026-02-01', to: '2026-02-10', granted: false },
    ]);
    expect(after.coloursReversed).toBe(true);
  });

  it('L-7.1: from the 10th move on the game continues (refused)', () => {
    const game = scenario('2026-01-01')
      .play(
        '1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d3 d6 6.O-O O-O 7.Re1 a6 8.Bb3 Ba7 9.h3 h6 10.Nbd2',
      )
      .state();
    expectRefused(rule(game, { kind: 'reverse-colours' }), /game continues/);
  });
});

describe('results set by the TD (P-10, P-9a, L-6.9)', () => {
  const game = scenario('2026-01-01').play('1.d4 d5').state();

  it('P-10: after the event’s end the TD records the adjudication, and still rules on a claim filed before it', () => {
    // The event ended on 15 February (NOW is 1 March): the game is in adjudication.
    const ended = defaultEventRules({ endDate: '2026-02-15' });
    const adjudicated = rule(
      game,
      { kind: 'set-result', result: '1-0', reason: 'adjudicated by the expert', rule: 'P-10' },
      ended,
    );
    expect(adjudicated.events).toEqual([
      {
        type: 'ended',
        on: NOW,
        result: '1-0',
        kind: 'ruling',
        rule: 'P-10',
        detail: 'adjudicated by the expert',
      },
    ]);
    // P-10, P-11: one mail to everyone, the result's, with the appeal and its last day; no
    // analysis came through amici, so neither player is on record as having sent one.
    expect(adjudicated.effects).toEqual([
      expect.objectContaining({
        kind: 'game-ended',
        to: ['white', 'black', 'td'],
        result: '1-0',
        appeal: { rule: 'P-10', by: { white: '2026-03-15', black: '2026-03-15' }, analysed: [] },
        rules: ['P-10', 'P-12', 'L-8.5', 'P-11'],
      }),
    ]);
    expect(resultRule('1-0', 'adjudication by the expert')).toBe('P-10');
    // The claim of 1 February (protest to 10 March): the TD upholds it, with its consequence.
    const upheld = rule(claimed, { kind: 'uphold-claim', claimId: 'time:white:10:1' }, ended);
    expect(eventTypes(upheld)).toEqual(['claim-ruled', 'clock-restarted']);
  });

  it.each([
    { result: '0-0', reason: 'both exceeded, order unknown', want: 'L-6.9', rule: undefined },
    { result: '0-1', reason: 'white withdrew from the event', want: 'P-9a', rule: undefined },
    { result: '1-0', reason: 'Black exceeded twice', want: 'P-7f', rule: 'P-7f' },
  ] as const)(
    '$want, P-13c: set-result $result is the TD’s decision: one mail to everyone, with the appeal',
    ({ result, reason, want, rule: named }) => {
      const d = rule(game, {
        kind: 'set-result',
        result,
        reason,
        ...(named ? { rule: named } : {}),
      });
      expect(d.events).toEqual([
        { type: 'ended', on: NOW, result, kind: 'ruling', rule: want, detail: reason },
      ]);
      // Before: a 'ruling-applied' mail and a 'game-ended' mail, neither with the appeal, though
      // the TD decided the result (a withdrawal scored, both lost on time, a loss on time).
      expect(d.effects).toEqual([
        expect.objectContaining({
          kind: 'game-ended',
          to: ['white', 'black', 'td'],
          withPgn: true,
          appeal: { rule: 'P-13', by: { white: '2026-03-15', black: '2026-03-15' }, analysed: [] },
        }),
      ]);
      expect(tdDecisions(apply(game, d))).toEqual([
        {
          on: NOW,
          ruling: 'set-result',
          rule: want,
          detail: { key: 'set-result', params: { result } },
        },
      ]);
      if (!named) expect(resultRule(result, reason)).toBe(want);
    },
  );

  it('L-5.2.3: a draw the players agreed, recorded by the TD, is theirs: no appeal route', () => {
    const reason = 'draw agreed by phone';
    const d = rule(game, { kind: 'set-result', result: '1/2-1/2', reason });
    expect(d.events).toEqual([
      {
        type: 'ended',
        on: NOW,
        result: '1/2-1/2',
        kind: 'ruling',
        rule: 'L-5.2.3',
        detail: reason,
      },
    ]);
    expect(effectKinds(d)).toEqual(['ruling-applied', 'game-ended']);
    expect(d.effects[0]).toMatchObject({ to: ['white', 'black'] });
    expect(d.effects[1]).toMatchObject({ to: ['white', 'black', 'td'], withPgn: true });
    expect(d.effects.some((e) => 'appeal' in e)).toBe(false);
    expect(tdDecisions(apply(game, d))).toEqual([]);
    expect(resultRule('1/2-1/2', reason)).toBe('L-5.2.3');
  });

  it.each([
    { result: '1-0', reason: 'Black never sent a move' },
    // A reason that only mentions a resignation is no resignation.
    { result: '0-1', reason: 'Dave offered to resign but never did' },
  ] as const)(
    'P-13: set-result $result for "$reason" is one mail to everyone, with the appeal (14 days, P-13c)',
    ({ result, reason }) => {
      const d = rule(game, { kind: 'set-result', result, reason });
      expect(d.events).toEqual([
        { type: 'ended', on: NOW, result, kind: 'ruling', rule: 'P-13', detail: reason },
      ]);
      // Before, a 'ruling-applied' mail and a 'game-ended' mail, neither with the appeal.
      expect(d.effects).toEqual([
        expect.objectContaining({
          kind: 'game-ended',
          to: ['white', 'black', 'td'],
          withPgn: true,
          appeal: { rule: 'P-13', by: { white: '2026-03-15', black: '2026-03-15' }, analysed: [] },
          rules: ['P-13', 'P-12', 'L-8.5'],
        }),
      ]);
      expect(resultRule(result, reason)).toBe('P-13');
    },
  );

  it('P-11, P-13c: the 14 days of an appeal count from the day each player received the result, by post the transit later', () => {
    // White by email under the ICCF next-day custom (P-6d), Black by post, 4 days' transit: the
    // result set on 1 March reaches White on the 2nd and Black on the 5th. Before, both were
    // given 15 March, 14 days from the ruling, and Black lost 4 of his 14 days in the post.
    const mixed = defaultEventRules({
      delivery: 'next-day',
      transitDays: 4,
      byPost: { white: false, black: true },
      postal: { white: false, black: true },
    });
    const by = { white: '2026-03-16', black: '2026-03-19' };
    const p13 = rule(game, { kind: 'set-result', result: '1-0', reason: 'no reply' }, mixed);
    expect(p13.effects).toEqual([
      expect.objectContaining({ kind: 'game-ended', appeal: { rule: 'P-13', by, analysed: [] } }),
    ]);
    const adjudicated = rule(
      game,
      { kind: 'set-result', result: '1-0', reason: 'adjudicated', rule: 'P-10' },
      mixed,
    );
    expect(adjudicated.effects[0]).toMatchObject({ appeal: { rule: 'P-10', by } });
    // Black's appeal mailed on 18 March is in time: 13 days after his copy came.
    const over = extendGame(game, p13.events);
    expect(appealOf(over, mixed)).toEqual({
      rule: 'P-13',
      ruledOn: NOW,
      decision: {
        on: NOW,
        ruling: 'set-result',
        rule: 'P-13',
        detail: { key: 'set-result', params: { result: '1-0' } },
      },
      by,
    });
    const appealed = decideTransmission(
      over,
      {
        kind: 'transmission',
        side: 'black',
        sentOn: '2026-03-18',
        reading: { kind: 'numeric' },
        moves: [],
        appeal: 'appeal',
      },
      '2026-03-18',
      mixed,
    );
    expect(appealed.events).toMatchObject([{ type: 'appeal', on: '2026-03-18', side: 'black' }]);
    expect(appealed.events[0]).not.toHaveProperty('late');
    // An event by post for all (no modes of its own): the transit counts for both.
    expect(
      appealBy(NOW, defaultEventRules({ transitDays: 3, postal: { white: true, black: true } })),
    ).toEqual({ white: '2026-03-18', black: '2026-03-18' });
    // An event all by email with a transit for reminders (P-3a): a decision mailed reaches the
    // players that day, as a claim's notice does (P-7c). Was: 3 days' transit added.
    const email = defaultEventRules({ transitDays: 3 });
    expect(appealBy(NOW, email)).toEqual({ white: '2026-03-15', black: '2026-03-15' });
    expect(protestWindowEnd(NOW, email)).toBe(addDays(NOW, email.protestDays));
  });

  it('P-11: an appeal of an adjudication is decided when the TD records it, or sets the result again; the decision is final', () => {
    const ended = defaultEventRules({ endDate: '2026-02-15' });
    const adjudicated = apply(
      game,
      rule(game, { kind: 'set-result', result: '1-0', reason: 'adjudicated', rule: 'P-10' }, ended),
    );
    const appealed = extendGame(adjudicated, [
      {
        type: 'appeal',
        on: '2026-03-05',
        side: 'black',
        against: appealOf(adjudicated, ended)!.decision,
      },
    ]);
    // The second expert finds a draw: set-result decides the appeal of the result.
    const redone = rule(
      appealed,
      { kind: 'set-result', result: '1/2-1/2', reason: 'adjudicated again', rule: 'P-10' },
      ended,
    );
    expect(apply(appealed, redone).appeals).toMatchObject([{ side: 'black', ruled: { on: NOW } }]);
    // Or the expert confirms the result, which set-result cannot record (the result is
    // already 1-0): reject-appeal does, in the finished game, told to both under P-11.
    expectRefused(
      rule(
        appealed,
        { kind: 'set-result', result: '1-0', reason: 'confirmed', rule: 'P-10' },
        ended,
      ),
      /already 1-0/,
    );
    const rejected = rule(appealed, { kind: 'reject-appeal', side: 'black' }, ended);
    expect(rejected.events).toEqual([
      { type: 'appeal-ruled', on: NOW, side: 'black', upheld: false },
    ]);
    expect(rejected.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-applied',
        to: ['white', 'black'],
        detail: { key: 'appeal', params: { side: 'black' } },
        rules: ['P-11', 'P-7d'],
      }),
    ]);
    expect(rejected.effects[0]).not.toHaveProperty('appeal');
    expect(apply(appealed, rejected).appeals[0]?.ruled).toEqual({ on: NOW, upheld: false });
    expectRefused(
      rule(adjudicated, { kind: 'uphold-appeal', side: 'white' }, ended),
      /no appeal of white/,
    );
  });

  it('P-9a: annul ends the game with no result (*), everyone told, the PGN to the TD', () => {
    const reason = 'Black withdrew after 3 of 14 games';
    const d = rule(game, { kind: 'annul', reason });
    expect(d.events).toEqual([
      { type: 'ended', on: NOW, result: '*', kind: 'annulled', rule: 'P-9a', detail: reason },
    ]);
    // One mail to everyone, with the appeal: annulling is the TD's decision (P-9a, P-13c).
    // Before: a ruling and a result, neither with a word of an appeal.
    expect(effectKinds(d)).toEqual(['game-ended']);
    expect(d.effects[0]).toMatchObject({
      to: ['white', 'black', 'td'],
      result: '*',
      withPgn: true,
      appeal: { rule: 'P-13', by: { white: '2026-03-15', black: '2026-03-15' }, analysed: [] },
      rules: ['P-9a', 'P-12', 'L-8.5'],
    });
    const over = apply(game, d);
    expect(over.result).toMatchObject({ result: '*', kind: 'annulled', rule: 'P-9a' });
    expect(tdDecisions(over)).toEqual([{ on: NOW, ruling: 'annul', rule: 'P-9a' }]);
    // No finished game is annulled afterwards: P-9a is for unfinished games; the TD is told
    // how to correct a result instead.
    const won = apply(game, rule(game, { kind: 'set-result', result: '1-0', reason: 'adjud.' }));
    expectRefused(rule(won, { kind: 'annul', reason }), /over \(1-0.*unfinished.*set-result/);
  });

  it('P-9a undone: reinstate plays an annulled game on where it stood, the days annulled on neither clock', () => {
    // 1.e4 with a draw offer, then Black's conditional line stands; the game is annulled on
    // 10 January and reinstated on 30 January.
    const before = scenario('2026-01-01')
      .play('1.e4 (=)')
      .add({ type: 'conditional-line', on: '2026-01-05', side: 'black', line: ['e7e5', 'g1f3'] })
      .state();
    const on = (state: GameState, ruling: Ruling, day: CalendarDate, r: EventRules = rules) =>
      apply(state, decideRuling(state, { kind: 'ruling', ruling }, day, r));
    const annulled = on(before, { kind: 'annul', reason: 'Black withdrew' }, '2026-01-10');
    expect(annulled.drawOffer).toBeUndefined();
    const d = decideRuling(
      annulled,
      { kind: 'ruling', ruling: { kind: 'reinstate' } },
      '2026-01-30',
      rules,
    );
    expect(d.events).toEqual([{ type: 'reinstated', on: '2026-01-30' }]);
    expect(d.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-applied',
        to: ['white', 'black'],
        ruling: 'reinstate',
        detail: { key: 'reinstate', params: { from: '2026-01-10', to: '2026-01-29' } },
        rules: ['P-9a', 'P-7d'],
      }),
    ]);
    const back = apply(annulled, d);
    expect(back.result).toBeUndefined();
    expect(back.pos.turn).toBe('black');
    expect(back.drawOffer).toEqual(before.drawOffer);
    expect(back.lines).toEqual(before.lines);
    expect(back.annulments).toEqual([{ from: '2026-01-10', to: '2026-01-30' }]);
    // Black's clock: 20 days fewer than had the game never been annulled.
    const was = gameClock(before, rules, 'black', '2026-02-05');
    const is = gameClock(back, rules, 'black', '2026-02-05');
    expect(was.ok && is.ok).toBe(true);
    if (was.ok && is.ok) expect(is.value.live?.totalDays).toBe(was.value.live!.totalDays - 20);
    // Under Triple Block too, which allows no TD pause (L-6.10): nobody could move then.
    const tripleBack = on(
      on(before, { kind: 'annul', reason: 'x' }, '2026-01-10', triple),
      { kind: 'reinstate' },
      '2026-01-30',
      triple,
    );
    expect(gameClock(tripleBack, triple, 'black', '2026-02-05').ok).toBe(true);
    // The reminder counts from the reinstatement (its mail shows the position, P-3a): none
    // the day after, one 14 days on.
    expect(due(back, '2026-01-31', rules).map((w) => w.kind)).not.toContain('reminder');
    expect(due(back, '2026-02-14', rules).map((w) => w.kind)).toContain('reminder');
    // Reinstated the same day: no day stood still.
    const same = decideRuling(
      annulled,
      { kind: 'ruling', ruling: { kind: 'reinstate' } },
      '2026-01-10',
      rules,
    );
    expect(same.effects[0]).toMatchObject({ detail: { key: 'reinstate-same-day' } });
    // Reinstated the next day: one day stood still, said as one day (not "10 to 10 January").
    const next = decideRuling(
      annulled,
      { kind: 'ruling', ruling: { kind: 'reinstate' } },
      '2026-01-11',
      rules,
    );
    expect(next.effects[0]).toMatchObject({
      detail: { key: 'reinstate-one-day', params: { on: '2026-01-10' } },
    });
  });

  it('P-9a: only an annulled game is reinstated; a result is corrected with set-result', () => {
    expectRefused(rule(game, { kind: 'reinstate' }), /not annulled: it is in play/);
    const won = apply(game, rule(game, { kind: 'set-result', result: '1-0', reason: 'adjud.' }));
    expectRefused(
      rule(won, { kind: 'reinstate' }),
      /over \(1-0, ruling\), not annulled.*set-result/,
    );
    // An annulment the TD then scored instead (set-result) is a result: not reinstated.
    const annulled = apply(game, rule(game, { kind: 'annul', reason: 'x' }));
    const scored = apply(
      annulled,
      rule(annulled, { kind: 'set-result', result: '0-1', reason: 'P-9a' }),
    );
    expectRefused(rule(scored, { kind: 'reinstate' }), /not annulled/);
  });

  it('P-9a, L-6.10: other rulings on a finished game are refused', () => {
    const over = apply(game, rule(game, { kind: 'set-result', result: '0-0', reason: 'L-6.9' }));
    expectRefused(rule(over, { kind: 'pause' }), /over/);
  });

  it('L-8.5, P-11: the TD corrects a finished game’s result; everyone gets the new result and PGN', () => {
    const over = apply(game, rule(game, { kind: 'set-result', result: '0-0', reason: 'L-6.9' }));
    const d = rule(over, {
      kind: 'set-result',
      result: '1-0',
      reason: 'appeal upheld',
      rule: 'P-13',
    });
    expect(d.effects[0]).toMatchObject({
      kind: 'ruling-applied',
      detail: { key: 'set-result-corrected', params: { result: '1-0', previous: '0-0' } },
    });
    expect(d.effects[1]).toMatchObject({ kind: 'game-ended', result: '1-0', withPgn: true });
    const corrected = apply(over, d);
    expect(corrected.result).toMatchObject({ result: '1-0', kind: 'ruling', rule: 'P-13' });
    expectRefused(rule(corrected, { kind: 'set-result', result: '1-0', reason: 'x' }), /already/);
  });
});
