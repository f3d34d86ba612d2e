import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays, tripleBlockControl } from '../../src/clock/index.ts';
import { inAdjudication } from '../../src/referee/adjudication.ts';
import { decide } from '../../src/referee/decide.ts';
import { decideDue } from '../../src/referee/decide-due.ts';
import { decideRuling } from '../../src/referee/decide-ruling.ts';
import type { Decision } from '../../src/referee/decision.ts';
import { claimedExcess, due, nthCountedDay, timeClaimId } from '../../src/referee/due.ts';
import type { EventRules } from '../../src/referee/event-rules.ts';
import { defaultEventRules } from '../../src/referee/event-rules.ts';
import { gameClock } from '../../src/referee/game-clock.ts';
import type { GameState } from '../../src/referee/game-state.ts';
import { extendGame, protestableClaims } from '../../src/referee/game-state.ts';
import type { DueKind, DueWork, Ruling } from '../../src/referee/referee-input.ts';
import { apply, effectKinds, eventTypes, scenario } from './scenario-support.ts';

const rules = defaultEventRules();

const kinds = (work: DueWork[]): DueKind[] => work.map((w) => w.kind).sort();
const one = (state: GameState, now: CalendarDate, kind: DueKind, r = rules): DueWork => {
  const work = due(state, now, r).find((w) => w.kind === kind);
  if (!work) throw new Error(`no ${kind} due on ${now}`);
  return work;
};
const doWork = (state: GameState, work: DueWork, now: CalendarDate, r = rules): Decision =>
  decideDue(state, { kind: 'due', work }, now, r);
/** Does all work due on `now`, one piece at a time; the state after it. */
function sweep(state: GameState, now: CalendarDate, r = rules): GameState {
  let s = state;
  for (const work of due(s, now, r)) s = apply(s, doWork(s, work, now, r));
  return s;
}

// Black to move after 1.e4, delivered 2026-01-03.
const afterE4 = scenario('2026-01-01').play('1.e4').state();

describe('reminders (P-3a)', () => {
  it.each([
    { name: 'on the 14th day nothing yet', now: '2026-01-17', want: [] },
    { name: 'from the 15th day the reminder', now: '2026-01-18', want: ['reminder'] },
    { name: 'later the same reminder', now: '2026-01-30', want: ['reminder'] },
  ] as const)('P-3a: 14 days after delivery — $name', ({ now, want }) => {
    expect(kinds(due(afterE4, now, rules))).toEqual(want);
  });

  it('P-3a: the last transmission is repeated to the silent player, copy to the TD', () => {
    const work = one(afterE4, '2026-01-18', 'reminder');
    const d = doWork(afterE4, work, '2026-01-18');
    expect(d.events).toEqual([{ type: 'due-done', on: '2026-01-18', key: work.key }]);
    expect(d.effects).toEqual([
      {
        kind: 'reminder',
        to: ['black', 'td'],
        silent: 'black',
        since: '2026-01-03',
        rules: ['P-3a'],
      },
    ]);
  });

  it('P-3a: 14 days plus the average transit both ways, from the day the move went out: from its delivery, one transit already behind it, 14 days and the way back', () => {
    // 1.e4 posted 2026-01-03, transit 3 days each way: delivered 2026-01-06. No reply within
    // 14 + 2 × 3 = 20 days of the 3rd, the 23rd: the reminder on the 24th — 17 days after the
    // delivery, not 14 + 2 × 3 = 20 after it (the 27th), which counted the first way twice.
    const posted = scenario('2026-01-01').move('e4', '2026-01-03', 3).state();
    expect(posted.plies[0]?.deliveredOn).toBe('2026-01-06');
    const withTransit = defaultEventRules({ transitDays: 3 });
    expect(due(posted, '2026-01-23', withTransit)).toEqual([]);
    expect(one(posted, '2026-01-24', 'reminder', withTransit).dueOn).toBe('2026-01-24');
    // The game's start has no delivery before it: its letter goes out on the start day, and
    // White's first card is awaited 14 days and both ways from then (20 days: the 22nd).
    const start = scenario('2026-01-01').state();
    expect(due(start, '2026-01-21', withTransit).some((w) => w.kind === 'reminder')).toBe(false);
    expect(one(start, '2026-01-22', 'reminder', withTransit).dueOn).toBe('2026-01-22');
  });

  it('P-3a: in a game with one player by post and one by email, the transit counts only for the player by post', () => {
    // Black to move after 1.e4, delivered 2026-01-03; transit 3 days each way.
    const blackByEmail = defaultEventRules({
      transitDays: 3,
      byPost: { white: true, black: false },
    });
    // Black gets the move by email and answers by email: 14 days, the reminder on the 15th.
    expect(due(afterE4, '2026-01-17', blackByEmail)).toEqual([]);
    expect(one(afterE4, '2026-01-18', 'reminder', blackByEmail).dueOn).toBe('2026-01-18');
    // Black by post, the move delivered on the 3rd: 14 days and the reply's way back, 17.
    const blackByPost = defaultEventRules({
      transitDays: 3,
      byPost: { white: false, black: true },
    });
    expect(due(afterE4, '2026-01-20', blackByPost)).toEqual([]);
    expect(one(afterE4, '2026-01-21', 'reminder', blackByPost).dueOn).toBe('2026-01-21');
    // Both by email (an email game in a postal event): no transit.
    const email = defaultEventRules({ transitDays: 3, byPost: { white: false, black: false } });
    expect(one(afterE4, '2026-01-18', 'reminder', email).dueOn).toBe('2026-01-18');
  });

  it('P-3a: days on leave do not count, and no reminder goes out during leave', () => {
    const s = scenario('2026-01-01')
      .play('1.e4')
      .add({ type: 'leave', on: '2026-01-05', side: 'black', from: '2026-01-16', to: '2026-01-25' })
      .state();
    // 12 days before the leave, then 26th, 27th, and due on the 28th.
    expect(kinds(due(s, '2026-01-20', rules))).toEqual(['leave-starts']);
    expect(one(s, '2026-01-28', 'reminder').dueOn).toBe('2026-01-28');
    expect(due(s, '2026-01-27', rules).some((w) => w.kind === 'reminder')).toBe(false);
  });

  it('P-3a: no reminder while the TD has paused the game (L-6.10)', () => {
    const s = scenario('2026-01-01').play('1.e4').add({ type: 'paused', on: '2026-01-10' }).state();
    expect(due(s, '2026-04-01', rules)).toEqual([]);
  });

  it('P-3a: counted days skip leave and pause ranges, overlapping or open', () => {
    const ranges = [
      { from: '2026-01-05', to: '2026-01-06' },
      { from: '2026-01-06', to: '2026-01-08' },
    ] as const;
    expect(nthCountedDay('2026-01-01', 3, [])).toBe('2026-01-04');
    expect(nthCountedDay('2026-01-01', 4, ranges)).toBe('2026-01-09');
    expect(nthCountedDay('2026-01-01', 4, [{ from: '2026-01-03', to: null }])).toBeNull();
    expect(nthCountedDay('2026-01-10', 2, ranges)).toBe('2026-01-12');
  });
});

describe('silence (P-3b)', () => {
  it('P-3b: no move for four months is reported to the TD', () => {
    expect(due(afterE4, '2026-05-05', rules).some((w) => w.kind === 'silence')).toBe(false);
    const work = one(afterE4, '2026-05-06', 'silence');
    const d = doWork(afterE4, work, '2026-05-06');
    expect(d.effects).toEqual([
      { kind: 'silence-report', to: ['td'], silent: 'black', since: '2026-01-03', rules: ['P-3b'] },
    ]);
  });
});

describe('time exceeded (P-7a, P-7b)', () => {
  const fresh = scenario('2026-01-01').state();

  it('P-7a: the excess is due on the day the used time goes over 30 days', () => {
    expect(due(fresh, '2026-01-31', rules).some((w) => w.kind === 'time-exceeded')).toBe(false);
    const work = one(fresh, '2026-02-01', 'time-exceeded');
    expect(work).toMatchObject({ side: 'white', dueOn: '2026-02-01', ref: 'time:white:10:1' });
  });

  it('P-7a, P-7b: a claim to the TD with the record of the replies, the players told', () => {
    // White spends 4 days a move, Black 1: White goes over during move 8 (31 > 30 days).
    const every = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 4 : 1));
    const s = scenario('2026-01-01')
      .play(
        '1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d3 d6 6.O-O O-O 7.Re1 a6 8.Bb3 Ba7 9.h3 h6 10.Nbd2 Re8',
        { every },
      )
      .state();
    const work = one(s, '2026-02-20', 'time-exceeded');
    expect(work).toMatchObject({ side: 'white', dueOn: '2026-02-08' });
    const d = doWork(s, work, '2026-02-20');
    expect(eventTypes(d)).toEqual(['due-done', 'claim']);
    expect(d.events[1]).toMatchObject({
      type: 'claim',
      kind: 'time',
      side: 'white',
      id: 'time:white:10:1',
      protestBy: '2026-03-06',
    });
    const [toTd, toPlayers] = d.effects;
    expect(toTd).toMatchObject({ kind: 'time-claim', to: ['td'], rules: ['P-7a'] });
    expect(toPlayers).toMatchObject({ kind: 'time-claim', to: ['white', 'black'] });
    expect(toPlayers?.rules).toContain('P-7b');
    if (toTd?.kind !== 'time-claim') throw new Error('no claim');
    expect(toTd.record.map((r) => r.move)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(toTd.record.at(-1)).toMatchObject({ totalDays: 40, daysLeft: -10 });
    expect(toTd.excess).toMatchObject({ controlMove: 10, limitDays: 30, overDays: 10 });
  });

  it('P-7a: a claim filed days after the excess says by how much on the day it happened', () => {
    // White never moved: over by 1 day on 1 February, by 3 on the 3rd, when the sweep files.
    const d = doWork(fresh, one(fresh, '2026-02-03', 'time-exceeded'), '2026-02-03');
    expect(d.events[1]).toMatchObject({
      type: 'claim',
      detail: 'white exceeded the time limit of 30 days at move 10 by 1 day on 2026-02-01',
      detailKey: { params: { over: 1, date: '2026-02-01' } },
    });
    expect(d.effects[0]).toMatchObject({
      kind: 'time-claim',
      excess: { occurredOn: '2026-02-01', overOnDay: 1, overDays: 3 },
    });
  });

  it('P-7a: the claim’s detail in English and machine-readable (side, limit, move, days, date)', () => {
    const d = doWork(fresh, one(fresh, '2026-02-01', 'time-exceeded'), '2026-02-01');
    expect(d.events[1]).toMatchObject({
      type: 'claim',
      detail: 'white exceeded the time limit of 30 days at move 10 by 1 day on 2026-02-01',
      detailKey: {
        code: 'time-exceeded',
        params: { side: 'white', limit: 30, move: 10, over: 1, date: '2026-02-01' },
      },
    });
    expect(apply(fresh, d).claims[0]?.detailKey?.code).toBe('time-exceeded');
  });
});

describe('a claim rejected and the clock set by the TD (P-6b, P-13)', () => {
  // White never moved: claimed on 1 February, the TD rejects the claim and sets White's used
  // days to 0 on 3 February. White plays 1.e4 on the 5th, then sits on move 2.
  const settled = sweep(scenario('2026-01-01').state(), '2026-02-01');
  const after = scenario('2026-01-01')
    .add(...settled.events.slice(1))
    .add({ type: 'claim-ruled', on: '2026-02-03', id: 'time:white:10:1', upheld: false, by: 'td' })
    .add({ type: 'clock-set', on: '2026-02-03', side: 'white', usedDays: 0 })
    .move('e4', '2026-02-05')
    .move('e5', '2026-02-06')
    .state();

  it('P-6b, P-7a: going over again in the same period is claimed anew, dated the day it went over', () => {
    // 2 days for move 1, then from 6 February: 30 days are reached on 7 March.
    expect(kinds(due(after, '2026-03-06', rules))).toEqual(['reminder']);
    const work = one(after, '2026-03-07', 'time-exceeded');
    expect(work).toMatchObject({ side: 'white', dueOn: '2026-03-07' });
    const d = doWork(after, work, '2026-03-07');
    expect(d.events[1]).toMatchObject({
      type: 'claim',
      side: 'white',
      detailKey: { params: { date: '2026-03-07', over: 1 } },
    });
    expect(d.events[1]).not.toMatchObject({ id: 'time:white:10:1' });
    // Filed once.
    expect(kinds(due(apply(after, d), '2026-03-08', rules))).not.toContain('time-exceeded');
  });
});

describe('a claim rejected because a card came late (P-6b, P-7a)', () => {
  // White "never moved": claimed on 1 February. His card of 5 January is entered late, the TD
  // rejects the claim; Black answered on 20 January, and White then really runs out of time.
  const late = sweep(scenario('2026-01-01').state(), '2026-02-01');
  const after = scenario('2026-01-01')
    .add(...late.events.slice(1))
    .move('e4', '2026-01-05')
    .move('e5', '2026-01-20')
    .add({ type: 'claim-ruled', on: '2026-02-03', id: 'time:white:10:1', upheld: false, by: 'td' })
    .state();

  it('P-7a: the real excess later in the same period is claimed, under an id of its own', () => {
    // 4 days for move 1, then from 20 January: the 31st day is 16 February.
    expect(kinds(due(after, '2026-02-15', rules))).not.toContain('time-exceeded');
    const work = one(after, '2026-02-16', 'time-exceeded');
    expect(work).toMatchObject({ side: 'white', dueOn: '2026-02-16', ref: 'time:white:10:1:n1' });
    const filed = apply(after, doWork(after, work, '2026-02-16'));
    expect(filed.claims.map((c) => c.id)).toEqual(['time:white:10:1', 'time:white:10:1:n1']);
    expect(kinds(due(filed, '2026-02-17', rules))).not.toContain('time-exceeded');
  });
});

describe('leave granted after a claim moves its excess to a later day (P-8c, P-7c)', () => {
  // White never moved: claimed on 1 February (31 days used). On 3 February the TD grants White
  // leave for 10..14 January: the 30 days are reached on 5 February, and White is over from the
  // 6th — the same excess, a few days later.
  const filed = sweep(scenario('2026-01-01').state(), '2026-02-01');
  const rule = (s: GameState, ruling: Ruling, on: CalendarDate): Decision =>
    decideRuling(s, { kind: 'ruling', ruling }, on, rules);
  const leave = (to: CalendarDate): Ruling => ({
    kind: 'grant-leave',
    side: 'white',
    from: '2026-01-10',
    to,
  });
  const granted = apply(filed, rule(filed, leave('2026-01-14'), '2026-02-03'));
  const claim = granted.claims[0]!;

  it('P-7c: the claim stays with its excess: not over on the 3rd, over again from the 6th, upheld at the deadline', () => {
    expect(claim.id).toBe('time:white:10:1');
    expect(claimedExcess(granted, claim, rules, '2026-02-03')).toEqual({
      status: 'ahead',
      occurredOn: '2026-02-06',
    });
    expect(claimedExcess(granted, claim, rules, '2026-02-10')).toEqual({
      status: 'stands',
      occurredOn: '2026-02-06',
      overOnDay: 1,
    });
    // Filed once: the excess on its new day is the claim's, not a new one.
    for (const now of ['2026-02-06', '2026-02-10'] as const)
      expect(kinds(due(granted, now, rules))).not.toContain('time-exceeded');
    // Unprotested, it is upheld at its deadline: White is over the limit (P-7c, P-7e).
    const d = doWork(granted, one(granted, '2026-02-16', 'claim-deadline'), '2026-02-16');
    expect(d.events[1]).toMatchObject({ type: 'claim-ruled', upheld: true, by: 'deadline' });
  });

  it('P-7c, P-13: set-clock is refused while the claim waits; rejected with --used N, its excess is not claimed again', () => {
    for (const on of ['2026-02-03', '2026-02-10'] as const) {
      const d = rule(granted, { kind: 'set-clock', side: 'white', usedDays: 10 }, on);
      expect(d.events).toEqual([]);
      expect(d.effects[0]).toMatchObject({
        kind: 'ruling-refused',
        why: expect.stringContaining('claim time:white:10:1 against White waits for a ruling'),
      });
    }
    const rejected = apply(
      granted,
      rule(
        granted,
        { kind: 'reject-claim', claimId: claim.id, clock: { usedDays: 10 } },
        '2026-02-10',
      ),
    );
    for (const now of ['2026-02-11', '2026-02-20', '2026-03-02'] as const)
      expect(kinds(due(rejected, now, rules))).not.toContain('time-exceeded');
    // Going over the TD's setting is a new excess: 10 days, then 20 more from the 11th.
    const again = one(rejected, '2026-03-03', 'time-exceeded');
    expect(again).toMatchObject({ ref: 'time:white:10:1:s1', dueOn: '2026-03-03' });
    // Its record's move in progress says what the TD set: 21 days since, 31 in all (P-13).
    expect(doWork(rejected, again, '2026-03-03').effects[0]).toMatchObject({
      inProgress: {
        move: 1,
        clockSet: { on: '2026-02-10', usedDays: 10 },
        usedDays: 21,
        totalDays: 31,
      },
    });
  });

  it('P-7c, P-7a: leave that puts the excess past the deadline: the claim lapses, and the excess is claimed when it comes', () => {
    // 20 days of leave: 8 days before it, 22 from 30 January; over on 21 February.
    const long = apply(filed, rule(filed, leave('2026-01-29'), '2026-02-03'));
    expect(claimedExcess(long, claim, rules, '2026-02-16')).toEqual({
      status: 'ahead',
      occurredOn: '2026-02-21',
    });
    const lapsed = sweep(long, '2026-02-16');
    expect(lapsed.claims[0]?.ruling).toMatchObject({ upheld: false, by: 'deadline' });
    expect(kinds(due(lapsed, '2026-02-20', rules))).not.toContain('time-exceeded');
    expect(one(lapsed, '2026-02-21', 'time-exceeded')).toMatchObject({
      ref: 'time:white:10:1:n1',
      dueOn: '2026-02-21',
    });
  });
});

describe('uphold-claim while leave has put the excess off the clock (P-7e, P-7f, P-8c)', () => {
  // As above: White never moved, claimed on 1 February; on 3 February the TD grants leave for
  // 10..14 January, and White is over the limit again only from 6 February.
  const filed = sweep(scenario('2026-01-01').state(), '2026-02-01');
  const rule = (s: GameState, ruling: Ruling, on: CalendarDate): Decision =>
    decideRuling(s, { kind: 'ruling', ruling }, on, rules);
  const granted = apply(
    filed,
    rule(
      filed,
      { kind: 'grant-leave', side: 'white', from: '2026-01-10', to: '2026-01-14' },
      '2026-02-03',
    ),
  );
  const uphold: Ruling = { kind: 'uphold-claim', claimId: 'time:white:10:1' };
  const excessesOf = (s: GameState, now: CalendarDate) => {
    const clock = gameClock(s, rules, 'white', now);
    if (!clock.ok) throw new Error('no clock');
    return clock.value.excesses.map((e) => ({ on: e.occurredOn, id: timeClaimId(s, 'white', e) }));
  };

  it('P-7e, P-8c: refused while the excess is off the clock until a day to come — no day to count afresh from is known — and upheld once it is back, from its day', () => {
    const d = rule(granted, uphold, '2026-02-04');
    // Was: upheld, the count restarted from 1 February, before the excess: the clock never
    // showed the excess the claim counts (P-7f).
    expect(d.events).toEqual([]);
    expect(d.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-refused',
        why: expect.stringContaining('off the clock until 2026-02-06'),
      }),
    ]);
    // Back on the clock from 6 February (White sent nothing): upheld, counted afresh from then.
    const upheld = apply(granted, rule(granted, uphold, '2026-02-08'));
    expect(upheld.claims[0]?.ruling).toMatchObject({ upheld: true, by: 'td' });
    expect(upheld.restarts).toMatchObject([{ side: 'white', on: '2026-02-06' }]);
    expect(excessesOf(upheld, '2026-02-08')).toEqual([{ on: '2026-02-06', id: 'time:white:10:1' }]);
    // The next excess is the second, and loses (P-7f).
    const second = sweep(upheld, '2026-03-09');
    expect(second.claims.map((c) => c.id)).toEqual(['time:white:10:1', 'time:white:10:1:r1']);
    expect(sweep(second, '2026-03-24').result).toMatchObject({
      kind: 'time-forfeit',
      rule: 'P-7f',
    });
  });

  it('P-7e, P-7f: refused once the excess is gone (White moved in time with the leave): an upheld excess the clock does not show would count for P-7f', () => {
    const moved = apply(granted, {
      events: [
        {
          type: 'move',
          on: '2026-02-04',
          side: 'white',
          uci: 'e2e4',
          sentOn: '2026-02-04',
          deliveredOn: '2026-02-04',
        },
      ],
      effects: [],
    });
    expect(claimedExcess(moved, moved.claims[0]!, rules, '2026-02-05')).toEqual({ status: 'gone' });
    const d = rule(moved, uphold, '2026-02-05');
    expect(d.events).toEqual([]);
    expect(d.effects).toEqual([
      expect.objectContaining({
        kind: 'ruling-refused',
        why: expect.stringContaining('no longer on the clock'),
      }),
    ]);
    // Rejecting it is what is left, and it costs White nothing.
    expect(
      rule(moved, { kind: 'reject-claim', claimId: 'time:white:10:1' }, '2026-02-05').events,
    ).toMatchObject([{ type: 'claim-ruled', upheld: false }]);
  });
});

describe('claim deadline and its consequence (P-7c, P-7e, P-7f, L-6.7)', () => {
  const claimed = sweep(scenario('2026-01-01').state(), '2026-02-01');

  it('P-7a: a silent player’s claim shows the move not yet sent, the excess in it', () => {
    const silent = scenario('2026-01-01').state();
    const d = doWork(silent, one(silent, '2026-02-01', 'time-exceeded'), '2026-02-01');
    const claim = d.effects.find((e) => e.kind === 'time-claim');
    expect(claim).toMatchObject({
      record: [],
      inProgress: { move: 1, deliveredOn: '2026-01-01', totalDays: 31, daysLeft: -1 },
    });
  });

  it('P-7c: nothing until the protest window has passed, then the claim is upheld', () => {
    expect(claimed.claims).toHaveLength(1);
    expect(due(claimed, '2026-02-15', rules)).toEqual([]);
    const work = one(claimed, '2026-02-16', 'claim-deadline');
    const d = doWork(claimed, work, '2026-02-16');
    expect(d.events[1]).toEqual({
      type: 'claim-ruled',
      on: '2026-02-16',
      id: 'time:white:10:1',
      upheld: true,
      by: 'deadline',
    });
    expect(d.effects[0]).toMatchObject({ kind: 'claim-ruled', to: ['white', 'black', 'td'] });
  });

  it('P-7c: a claim still open when the game ends lapses at its deadline; the TD is told, the result stands', () => {
    const drawn = apply(claimed, {
      events: [
        {
          type: 'ended',
          on: '2026-02-05',
          result: '1/2-1/2',
          kind: 'draw-agreed',
          rule: 'L-5.2.3',
        },
      ],
      effects: [],
    });
    expect(due(drawn, '2026-02-15', rules)).toEqual([]);
    const d = doWork(drawn, one(drawn, '2026-02-16', 'claim-deadline'), '2026-02-16');
    expect(eventTypes(d)).toEqual(['due-done', 'claim-ruled']);
    expect(d.events[1]).toMatchObject({ upheld: false, by: 'deadline' });
    expect(d.effects).toEqual([
      {
        kind: 'claim-ruled',
        to: ['td'],
        claimId: 'time:white:10:1',
        upheld: false,
        by: 'deadline',
        gameEnded: 'moot',
        rules: ['P-7c'],
      },
    ]);
    const after = apply(drawn, d);
    expect(after.result?.result).toBe('1/2-1/2');
    expect(after.claims[0]?.ruling).toMatchObject({ upheld: false });
    // With no excess allowed, upheld it would have lost the game: the TD is told so (P-7f).
    const strict = defaultEventRules({ excessesAllowed: 0 });
    const work = due(drawn, '2026-02-16', strict).find((w) => w.kind === 'claim-deadline')!;
    expect(decideDue(drawn, { kind: 'due', work }, '2026-02-16', strict).effects[0]).toMatchObject({
      gameEnded: 'would-forfeit',
      rules: ['P-7c', 'P-7f'],
    });
  });

  it('P-7c: a protested claim is not upheld at its deadline: it waits for the TD', () => {
    // Either player may protest (the notice invites both), only within the window.
    expect(protestableClaims(claimed, '2026-02-15').map((c) => c.id)).toEqual(['time:white:10:1']);
    expect(protestableClaims(claimed, '2026-02-16')).toEqual([]);
    const protested = apply(claimed, {
      events: [{ type: 'claim-protested', on: '2026-02-10', id: 'time:white:10:1' }],
      effects: [],
    });
    expect(protested.claims[0]?.protestedOn).toBe('2026-02-10');
    expect(protestableClaims(protested, '2026-02-11')).toEqual([]);
    const d = doWork(protested, one(protested, '2026-02-16', 'claim-deadline'), '2026-02-16');
    expect(eventTypes(d)).toEqual(['due-done']);
    expect(d.effects).toEqual([]);
  });

  it('P-7c: a claim whose excess the TD has since taken off the clock lapses at the deadline, costing no excess', () => {
    // A 5-day penalty on 01-05 puts White over 30 days on 01-27 and a claim is filed; the TD
    // waives the penalty on 01-28 and White moves that day, at 27 days.
    const penalised = scenario('2026-01-01')
      .add({ type: 'penalty', on: '2026-01-05', side: 'white', days: 5, rule: 'P-6g', reason: 'x' })
      .state();
    const filed = sweep(penalised, '2026-01-27');
    expect(filed.claims.map((c) => c.id)).toEqual(['time:white:10:1']);
    const waived = apply(filed, {
      events: [
        { type: 'penalty-waived', on: '2026-01-28', side: 'white', penaltyOn: '2026-01-05' },
        {
          type: 'move',
          on: '2026-01-28',
          side: 'white',
          uci: 'e2e4',
          sentOn: '2026-01-28',
          deliveredOn: '2026-01-28',
        },
      ],
      effects: [],
    });
    const work = one(waived, addDays(filed.claims[0]!.protestBy!, 1), 'claim-deadline');
    const d = doWork(waived, work, addDays(filed.claims[0]!.protestBy!, 1));
    expect(eventTypes(d)).toEqual(['due-done', 'claim-ruled']);
    expect(d.events[1]).toMatchObject({ upheld: false, by: 'deadline' });
    expect(d.effects).toEqual([
      expect.objectContaining({ kind: 'claim-ruled', upheld: false, rules: ['P-7c', 'P-7d'] }),
    ]);
    // Without the waiver the same claim is upheld, as before.
    const kept = doWork(
      filed,
      one(filed, addDays(filed.claims[0]!.protestBy!, 1), 'claim-deadline'),
      addDays(filed.claims[0]!.protestBy!, 1),
    );
    expect(kept.events[1]).toMatchObject({ upheld: true });
  });

  it('P-7e: a first excess upheld restarts the count from the date of the claim', () => {
    const d = doWork(claimed, one(claimed, '2026-02-16', 'claim-deadline'), '2026-02-16');
    expect(d.events[2]).toEqual({ type: 'clock-restarted', on: '2026-02-01', side: 'white' });
    expect(d.effects[0]?.rules).toContain('P-7e');
    const restarted = apply(claimed, d);
    // Counted afresh after 2026-02-01: 30 more days, over on 2026-03-04.
    expect(due(restarted, '2026-03-03', rules).some((w) => w.kind === 'time-exceeded')).toBe(false);
    expect(one(restarted, '2026-03-04', 'time-exceeded').ref).toBe('time:white:10:1:r1');
  });

  it('P-7f: the second excess upheld loses the game', () => {
    let s = sweep(claimed, '2026-02-16'); // first claim upheld, count restarted
    // The second claim tells the TD and the players that upholding it loses the game.
    const filed = doWork(s, one(s, '2026-03-04', 'time-exceeded'), '2026-03-04');
    for (const e of filed.effects)
      expect(e).toMatchObject({
        forfeits: { count: 2, allowed: 1 },
        rules: expect.arrayContaining(['P-7f']),
      });
    // Its record shows the move still not sent, counted anew from the restart (P-7a, P-7e).
    expect(filed.effects[0]).toMatchObject({
      inProgress: { move: 1, deliveredOn: '2026-01-01', countedFrom: '2026-02-01', usedDays: 31 },
    });
    // The first one did not.
    const fresh = scenario('2026-01-01').state();
    const first = doWork(fresh, one(fresh, '2026-02-01', 'time-exceeded'), '2026-02-01');
    for (const e of first.effects) expect(e).not.toHaveProperty('forfeits');
    s = sweep(s, '2026-03-04'); // second claim filed
    expect(s.result).toBeUndefined();
    expect(due(s, '2026-03-18', rules)).toEqual([]);
    const d = doWork(s, one(s, '2026-03-19', 'claim-deadline'), '2026-03-19');
    expect(eventTypes(d)).toEqual(['due-done', 'claim-ruled', 'ended']);
    expect(d.events[2]).toMatchObject({ result: '0-1', kind: 'time-forfeit', rule: 'P-7f' });
    // One mail to each player and the TD: the claim upheld, and so the game lost (P-7d,
    // P-7f); before, a 'game over' and then a 'claim upheld' naming no consequence.
    expect(effectKinds(d)).toEqual(['game-ended']);
    expect(d.effects[0]).toMatchObject({
      to: ['white', 'black', 'td'],
      claim: {
        id: 'time:white:10:1:r1',
        side: 'white',
        by: 'deadline',
        protestBy: '2026-03-18',
        count: 2,
        allowed: 1,
      },
    });
    // The detail counts the excesses and quotes the claim, in English and machine-readable.
    const claim = s.claims.find((c) => c.id === 'time:white:10:1:r1')!;
    const ended = d.events[2];
    if (ended?.type !== 'ended') throw new Error('not ended');
    expect(ended.detail).toBe(`time exceeded 2 times (${claim.detail})`);
    expect(ended.detailKey).toEqual({
      code: 'time-forfeit',
      params: { count: 2 },
      inner: claim.detailKey,
    });
    expect(ended.detailKey?.inner).toMatchObject({
      code: 'time-exceeded',
      params: { side: 'white', move: 10, date: '2026-03-04' },
    });
    expect(apply(s, d).result?.detailKey).toEqual(ended.detailKey);
    const told = d.effects.find((e) => e.kind === 'game-ended');
    expect(told).toMatchObject({ detail: ended.detail, detailKey: ended.detailKey });
  });

  it('L-6.7: the loser on time draws when the opponent cannot mate', () => {
    const server = defaultEventRules({ excessesAllowed: 0 });
    const start = { kind: 'fen', fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1' } as const;
    let s = sweep(scenario('2026-01-01', { start }).state(), '2026-02-01', server);
    expect(s.claims).toHaveLength(1);
    s = sweep(s, '2026-02-16', server);
    expect(s.result).toMatchObject({ result: '1/2-1/2', kind: 'time-forfeit-draw', rule: 'L-6.7' });
  });

  it('P-7f: with no excess allowed (server play) the first upheld excess loses', () => {
    const server = defaultEventRules({ excessesAllowed: 0 });
    let s = sweep(scenario('2026-01-01').state(), '2026-02-01', server);
    s = sweep(s, '2026-02-16', server);
    expect(s.result).toMatchObject({ result: '0-1', kind: 'time-forfeit' });
  });
});

describe('leave notices (P-8b)', () => {
  const s = scenario('2026-01-01')
    .play('1.e4 e5')
    .add({ type: 'leave', on: '2026-01-06', side: 'white', from: '2026-01-10', to: '2026-01-14' })
    .state();

  it.each([
    { now: '2026-01-09', want: [] },
    { now: '2026-01-10', want: ['leave-starts'] },
    { now: '2026-01-15', want: ['leave-ends'] },
  ] as const)('P-8b: on $now', ({ now, want }) => {
    expect(kinds(due(s, now, rules).filter((w) => w.kind.startsWith('leave')))).toEqual(want);
  });

  it('P-8b: both players are told when leave starts and ends (the TD was told when it was announced)', () => {
    const d = doWork(s, one(s, '2026-01-10', 'leave-starts'), '2026-01-10');
    expect(d.effects).toEqual([
      {
        kind: 'leave-notice',
        to: ['white', 'black'],
        side: 'white',
        phase: 'starts',
        on: '2026-01-10',
        rules: ['P-8b', 'P-8a'],
      },
    ]);
    const after = sweep(s, '2026-01-10');
    const ends = doWork(after, one(after, '2026-01-15', 'leave-ends'), '2026-01-15');
    expect(ends.effects[0]).toMatchObject({ phase: 'ends', on: '2026-01-15', toMove: true });
  });

  it("P-8a: leave over while the opponent is to move restarts no clock: the notice says it is not the player's move", () => {
    const t = scenario('2026-01-01')
      .play('1.e4')
      .add({ type: 'leave', on: '2026-01-06', side: 'white', from: '2026-01-10', to: '2026-01-14' })
      .state();
    const after = sweep(t, '2026-01-10');
    const ends = doWork(after, one(after, '2026-01-15', 'leave-ends'), '2026-01-15');
    expect(ends.effects[0]).toMatchObject({ side: 'white', phase: 'ends', toMove: false });
  });
});

describe('leave notices sent late or for leave granted afterwards (P-8a, P-8b, P-8c, P-6d)', () => {
  // White's leave, 20 December to 3 January; 1.e4 sent on 10 December.
  const base = () =>
    scenario('2026-12-01').move('e4', '2026-12-10').add({
      type: 'leave',
      on: '2026-12-12',
      side: 'white',
      from: '2026-12-20',
      to: '2027-01-03',
    });

  it("P-8a, P-6d: a notice sent on the day Black's move reached White gives that day, not the day after the leave", () => {
    // Black's 1...e5 by post: sent 5 January, delivered 8 January; the sweep runs on the 8th.
    const s = sweep(base().move('e5', '2027-01-05', 3).state(), '2026-12-20');
    const ends = doWork(s, one(s, '2027-01-08', 'leave-ends'), '2027-01-08');
    // Was: toMove, "the clock of White runs again from 2027-01-04" — while the clock counts
    // from the 8th.
    expect(ends.effects[0]).toMatchObject({
      phase: 'ends',
      on: '2027-01-04',
      toMove: true,
      runsFrom: '2027-01-08',
    });
  });

  it('P-8a, P-6d: while the letter with the move is still in the post, the notice does not say the clock runs', () => {
    // Black's 1...e5 posted 2 January, reaching White on the 5th; the notice of the 4th.
    const s = sweep(
      base()
        .add({
          type: 'move',
          on: '2027-01-02',
          side: 'black',
          uci: 'e7e5',
          sentOn: '2027-01-02',
          deliveredOn: '2027-01-05',
        })
        .state(),
      '2026-12-20',
    );
    const ends = doWork(s, one(s, '2027-01-04', 'leave-ends'), '2027-01-04');
    expect(ends.effects[0]).toMatchObject({ phase: 'ends', toMove: false });
    expect(ends.effects[0]).not.toHaveProperty('runsFrom');
  });

  it('P-8c, P-8b: leave granted on 30 December for 20 to 31 December: no "your leave starts 2026-12-20" after the ruling mail, but its end is still told', () => {
    const s = scenario('2026-12-01')
      .move('e4', '2026-12-10')
      .add({
        type: 'leave',
        on: '2026-12-30',
        side: 'black',
        from: '2026-12-20',
        to: '2026-12-31',
        granted: true,
      })
      .state();
    expect(due(s, '2026-12-30', rules).filter((w) => w.kind.startsWith('leave'))).toEqual([]);
    expect(kinds(due(s, '2027-01-01', rules).filter((w) => w.kind.startsWith('leave')))).toEqual([
      'leave-ends',
    ]);
  });

  it('P-8c, P-8b: leave granted on its first day, or once it is over, is told by the ruling mail alone', () => {
    const granted = (on: CalendarDate) =>
      scenario('2026-12-01')
        .move('e4', '2026-12-10')
        .add({
          type: 'leave',
          on,
          side: 'black',
          from: '2026-12-20',
          to: '2026-12-31',
          granted: true,
        })
        .state();
    const leaveWork = (s: GameState, now: CalendarDate) =>
      kinds(due(s, now, rules).filter((w) => w.kind.startsWith('leave')));
    expect(leaveWork(granted('2026-12-20'), '2026-12-20')).toEqual([]);
    expect(leaveWork(granted('2026-12-20'), '2027-01-01')).toEqual(['leave-ends']);
    expect(leaveWork(granted('2027-01-05'), '2027-01-05')).toEqual([]);
  });
});

describe('adjudication (P-10)', () => {
  const event = defaultEventRules({ endDate: '2026-06-30' });
  const s = scenario('2026-06-01').play('1.d4 d5').state();

  it('P-10: the day after the end date, its last day of play, an unfinished game goes to adjudication', () => {
    expect(due(s, '2026-06-30', event).some((w) => w.kind === 'adjudication')).toBe(false);
    const d = doWork(s, one(s, '2026-07-01', 'adjudication', event), '2026-07-01', event);
    expect(d.effects).toEqual([
      {
        kind: 'adjudication-due',
        to: ['white', 'black', 'td'],
        endDate: '2026-06-30',
        analysisBy: '2026-07-30',
        rules: ['P-10'],
      },
    ]);
  });

  it('P-10: told late (the end set to a day already past), the players have 30 days from the notice, not a day gone before it came', () => {
    // The TD sets the end to 30 June on 20 August: end + 30 days, 30 July, had passed. Was:
    // "within 30 days, by 2026-07-30" in a mail of 20 August.
    const d = doWork(s, one(s, '2026-08-20', 'adjudication', event), '2026-08-20', event);
    expect(d.effects).toEqual([
      expect.objectContaining({ kind: 'adjudication-due', analysisBy: '2026-09-18' }),
    ]);
    // The game, the analyses and the TD's report go by the same day from then on.
    const told = apply(s, d);
    expect(inAdjudication(told, '2026-09-01', event)?.analysisBy).toBe('2026-09-18');
    // Told a week late, still 30 days from the notice; told on the day after the end, 30 days
    // from the end as ever.
    const week = doWork(s, one(s, '2026-07-08', 'adjudication', event), '2026-07-08', event);
    expect(week.effects[0]).toMatchObject({ analysisBy: '2026-08-06' });
    expect(inAdjudication(apply(s, week), '2026-07-09', event)?.analysisBy).toBe('2026-08-06');
    const onTime = apply(
      s,
      doWork(s, one(s, '2026-07-01', 'adjudication', event), '2026-07-01', event),
    );
    expect(inAdjudication(onTime, '2026-07-09', event)?.analysisBy).toBe('2026-07-30');
  });

  it('P-10: a finished game is not adjudicated, and nothing new falls due after its end', () => {
    const over = scenario('2026-06-01')
      .play('1.d4 d5')
      .add({
        type: 'ended',
        on: '2026-06-06',
        result: '1-0',
        kind: 'resignation',
        rule: 'L-5.1.2',
      })
      .state();
    expect(due(over, '2027-01-01', event)).toEqual([]);
  });
});

describe('after the event’s end: play stops in a game in adjudication (P-10)', () => {
  const event = defaultEventRules({ endDate: '2027-02-15' });
  // 1.d4 (sent 22 January) d5 (24 January): White to move, 2 days used, silent since.
  const s = scenario('2027-01-20').play('1.d4 d5').state();

  it('P-10, P-3a, P-3b, P-7a: the day after the end only the adjudication is due — no reminder, silence report or time claim, then or later', () => {
    // The last day of play: the reminder (due since 8 February) would still go.
    expect(kinds(due(s, '2027-02-15', event))).toEqual(['reminder']);
    // The day after, the reminder not yet sent is not sent any more (its clock has stopped).
    const after = sweep(s, '2027-02-16', event);
    expect(after.dueDone).toEqual(new Set(['adjudication:2027-02-15']));
    for (const day of [
      '2027-02-16',
      '2027-02-22',
      '2027-04-03',
      '2027-04-10',
      '2027-06-01',
    ] as const)
      expect(due(after, day, event), day).toEqual([]);
    // Without the end the sweep would have claimed White's time (over on 22 February).
    expect(kinds(due(s, '2027-04-10', rules))).toEqual(['reminder', 'time-exceeded']);
  });

  it('P-10: work of play asked for after the end is not done, nor recorded as done', () => {
    const reminder = one(s, '2027-02-15', 'reminder', event);
    expect(doWork(s, reminder, '2027-02-16', event)).toEqual({ events: [], effects: [] });
    const claim = one(s, '2027-04-10', 'time-exceeded');
    expect(doWork(s, claim, '2027-04-10', event)).toEqual({ events: [], effects: [] });
  });

  it('P-10, P-2k: the clocks stand as they were on the end date', () => {
    const atEnd = gameClock(s, event, 'white', '2027-02-15');
    const later = gameClock(s, event, 'white', '2027-04-10');
    expect(atEnd.ok && later.ok).toBe(true);
    if (!atEnd.ok || !later.ok) return;
    expect(later.value).toEqual(atEnd.value);
    // 2 days on move 1, 22 on move 2 (24 January to 15 February): 6 left, not over.
    expect(later.value.live).toMatchObject({ totalDays: 24, daysLeft: 6, exceeded: false });
    expect(later.value.excesses).toEqual([]);
    // A penalty the TD gives during the adjudication counts on the clock as it stood (P-13).
    const penalised = extendGame(s, [
      { type: 'penalty', on: '2027-03-01', side: 'white', days: 5, rule: 'P-13', reason: 'x' },
    ]);
    const clock = gameClock(penalised, event, 'white', '2027-04-10');
    expect(clock.ok && clock.value.live).toMatchObject({ totalDays: 29, daysLeft: 1 });
    // A game with no end date keeps counting.
    const running = gameClock(s, rules, 'white', '2027-04-10');
    expect(running.ok && running.value.live?.daysLeft).toBeLessThan(0);
  });

  it('P-10, P-2k: a move sent on the last day and delivered after it leaves its answer no day used', () => {
    const late = scenario('2027-01-20').play('1.d4').move('d5', '2027-02-15', 1).state();
    const clock = gameClock(late, event, 'white', '2027-03-01');
    expect(clock.ok && clock.value.live).toMatchObject({ usedDays: 0, totalDays: 2 });
  });
});

describe('claims across the event’s end (P-10, P-7c, P-7f)', () => {
  // No excess allowed: an upheld claim would lose the game on time (P-7f).
  const event = defaultEventRules({ endDate: '2027-02-15', excessesAllowed: 0 });
  // White never moves: the time is exceeded on 1 February and claimed, protest by the 15th.
  const claimed = sweep(scenario('2027-01-01').state(), '2027-02-01', event);

  it('P-10, P-7c: a protest window that closes after the end upholds nothing by itself; the TD rules', () => {
    expect(claimed.claims).toMatchObject([{ id: 'time:white:10:1', protestBy: '2027-02-15' }]);
    const work = due(claimed, '2027-02-16', event);
    expect(work.map((w) => w.kind)).toEqual(['claim-deadline', 'adjudication']);
    const adjudication = doWork(claimed, work[1]!, '2027-02-16', event);
    expect(adjudication.effects).toEqual([
      {
        kind: 'adjudication-due',
        to: ['white', 'black', 'td'],
        endDate: '2027-02-15',
        analysisBy: '2027-03-17',
        claims: [{ id: 'time:white:10:1', side: 'white', protestBy: '2027-02-15' }],
        rules: ['P-10'],
      },
    ]);
    const deadline = doWork(claimed, work[0]!, '2027-02-16', event);
    expect(deadline).toEqual({
      events: [{ type: 'due-done', on: '2027-02-16', key: work[0]!.key }],
      effects: [],
    });
    const after = apply(apply(claimed, adjudication), deadline);
    expect(after.result).toBeUndefined();
    expect(after.claims[0]?.ruling).toBeUndefined();
    for (const day of ['2027-02-17', '2027-04-10'] as const)
      expect(due(after, day, event)).toEqual([]);
  });

  it('P-10, P-7c: a window that closed while play was on upholds as usual, even when the sweep comes after the end', () => {
    const event2 = defaultEventRules({ endDate: '2027-02-20', excessesAllowed: 0 });
    // The deadline fell on 16 February, the sweep next ran on the 21st: first the claim, then
    // (the game lost on time) no adjudication.
    const work = due(claimed, '2027-02-21', event2);
    expect(work.map((w) => w.kind)).toEqual(['claim-deadline', 'adjudication']);
    const after = sweep(claimed, '2027-02-21', event2);
    expect(after.result).toMatchObject({ result: '0-1', kind: 'time-forfeit' });
  });
});

describe('the end date moved after play stopped (P-10, L-6.10)', () => {
  const ended = defaultEventRules({ endDate: '2027-02-15' });
  const later = defaultEventRules({ endDate: '2027-04-30' });
  // White to move since 24 January, 24 of 30 days used by the end; adjudicated on the 16th.
  const stopped = sweep(scenario('2027-01-20').play('1.d4 d5').state(), '2027-02-16', ended);

  it('P-10: the adjudication notice stops play, from the day after the end date', () => {
    expect(stopped.stops).toEqual([
      {
        endDate: '2027-02-15',
        from: '2027-02-16',
        to: null,
        lastEndDate: '2027-02-15',
        toldOn: '2027-02-16',
      },
    ]);
    // Under the same end, or an earlier one, nothing resumes.
    expect(due(stopped, '2027-03-01', ended)).toEqual([]);
    expect(due(stopped, '2027-03-01', defaultEventRules({ endDate: '2027-02-10' }))).toEqual([
      expect.objectContaining({ kind: 'adjudication', key: 'adjudication:2027-02-10' }),
    ]);
  });

  it('P-10, L-6.10: moved later, play resumes at once; both players are told, once', () => {
    expect(kinds(due(stopped, '2027-03-01', later))).toEqual(['resume']);
    const d = doWork(stopped, one(stopped, '2027-03-01', 'resume', later), '2027-03-01', later);
    expect(d.events).toEqual([
      { type: 'due-done', on: '2027-03-01', key: 'resume:2027-02-15' },
      { type: 'play-resumed', on: '2027-03-01', endDate: '2027-02-15', until: '2027-04-30' },
    ]);
    expect(d.effects).toEqual([
      {
        kind: 'play-resumed',
        to: ['white', 'black'],
        endDate: '2027-02-15',
        until: '2027-04-30',
        stopped: { from: '2027-02-16', to: '2027-02-28' },
        rules: ['P-10', 'L-6.10'],
      },
    ]);
    const resumed = apply(stopped, d);
    expect(resumed.stops[0]?.to).toBe('2027-03-01');
    expect(due(resumed, '2027-03-01', later)).toEqual([]);
    // No end date at all: play resumes too, and the mail says there is none.
    const open = doWork(stopped, one(stopped, '2027-03-01', 'resume', rules), '2027-03-01', rules);
    expect(open.effects[0]).not.toHaveProperty('until');
  });

  it('P-2k, L-6.10: the days stopped are counted on no clock; the count goes on from the resume day', () => {
    const resumed = sweep(stopped, '2027-03-01', later);
    const clock = gameClock(resumed, later, 'white', '2027-03-01');
    expect(clock.ok && clock.value.live).toMatchObject({
      totalDays: 25,
      daysLeft: 5,
      excludedDays: 13,
      exceedsOn: '2027-03-07',
    });
    // The reminder and the time claim count without the stop too: the claim on 7 March.
    expect(kinds(due(resumed, '2027-03-06', later))).toEqual([]);
    expect(kinds(due(resumed, '2027-03-07', later))).toEqual(['time-exceeded']);
  });

  it('P-10: Triple Block has no TD pause, but its clocks stop at the end and count no day of it', () => {
    const triple = (endDate: CalendarDate) =>
      defaultEventRules({ timeControl: tripleBlockControl(), endDate });
    const s = sweep(
      scenario('2027-01-20').play('1.d4 d5').state(),
      '2027-02-16',
      triple('2027-02-15'),
    );
    const resumed = sweep(s, '2027-03-01', triple('2027-04-30'));
    const atEnd = gameClock(s, triple('2027-02-15'), 'white', '2027-02-15');
    const now = gameClock(resumed, triple('2027-04-30'), 'white', '2027-03-01');
    expect(atEnd.ok && now.ok).toBe(true);
    if (!atEnd.ok || !now.ok) return;
    expect(now.value.live!.daysLeft).toBe(atEnd.value.live!.daysLeft - 1);
  });

  it('P-10, P-7c: a protest window that closed while play was stopped upholds nothing by itself after the resume', () => {
    const strict = (endDate: CalendarDate) => defaultEventRules({ endDate, excessesAllowed: 0 });
    // White never moves: claimed on 1 February, protest by the 15th; adjudicated on the 16th.
    const claimed = sweep(scenario('2027-01-01').state(), '2027-02-01', strict('2027-06-30'));
    const s = sweep(claimed, '2027-02-14', strict('2027-02-13'));
    expect(s.stops).toHaveLength(1);
    // The end moved to 30 April on 1 March; the deadline (16 February) swept only now.
    const after = sweep(s, '2027-03-01', strict('2027-04-30'));
    expect(after.result).toBeUndefined();
    expect(after.claims[0]?.ruling).toBeUndefined();
    expect(after.stops[0]?.to).toBe('2027-03-01');
  });

  it('P-8b: a leave that starts and ends while play is stopped is not announced after the resume', () => {
    const s = extendGame(stopped, [
      { type: 'leave', on: '2027-02-10', side: 'black', from: '2027-02-18', to: '2027-02-25' },
    ]);
    expect(due(s, '2027-03-01', later).map((w) => w.kind)).toEqual(['resume']);
  });

  it('P-10: moved back to the end it stopped at, after a resume, the game is stopped and told again', () => {
    const resumed = sweep(stopped, '2027-03-01', later);
    expect(kinds(due(resumed, '2027-03-05', ended))).toEqual(['adjudication']);
    const again = sweep(resumed, '2027-03-05', ended);
    expect(again.dueDone.has('adjudication:2027-02-15:r1')).toBe(true);
    expect(again.stops).toEqual([
      expect.objectContaining({ from: '2027-02-16', to: '2027-03-01' }),
      // No move since: the clocks stand again as on the end date, as for any end moved to a day
      // already past, and 1 to 4 March count for no one either.
      expect.objectContaining({ endDate: '2027-02-15', from: '2027-02-16', to: null }),
    ]);
    const clock = gameClock(again, ended, 'white', '2027-03-05');
    expect(clock.ok && clock.value.live).toMatchObject({ totalDays: 24, daysLeft: 6 });
  });
});

describe('idempotency', () => {
  const s = scenario('2026-01-01')
    .play('1.e4 e5 2.Nf3')
    .add({ type: 'leave', on: '2026-01-08', side: 'white', from: '2026-02-10', to: '2026-02-12' })
    .state();
  const event: EventRules = defaultEventRules({ endDate: '2026-07-01' });

  it('P-3a, P-3b, P-7a, P-8b, P-10: due twice on the same day asks for nothing new', () => {
    // The event's last day of play: all of play's work; the day after, the adjudication.
    const now = '2026-07-01';
    const first = due(s, now, event);
    expect(kinds(first)).toEqual(['leave-ends', 'reminder', 'silence', 'time-exceeded']);
    expect(due(s, now, event)).toEqual(first);
    const done = sweep(s, now, event);
    expect(due(done, now, event)).toEqual([]);
    // Doing a piece of work twice records nothing the second time.
    expect(doWork(done, first[0]!, now, event)).toEqual({ events: [], effects: [] });
    const next = due(done, '2026-07-02', event);
    expect(kinds(next)).toEqual(['adjudication']);
    const adjudicated = sweep(done, '2026-07-02', event);
    expect(due(adjudicated, '2026-07-02', event)).toEqual([]);
    expect(doWork(adjudicated, next[0]!, '2026-07-02', event)).toEqual({ events: [], effects: [] });
  });

  it('P-3a: the cached plan answers an early and a later sweep of the same state', () => {
    const same = scenario('2026-01-01').play('1.e4').state();
    expect(due(same, '2026-01-02', rules)).toEqual([]);
    expect(kinds(due(same, '2026-01-18', rules))).toEqual(['reminder']);
    expect(due(same, '2026-01-04', defaultEventRules({ reminderDays: 0 }))).toEqual([
      expect.objectContaining({ kind: 'reminder', dueOn: '2026-01-04' }),
    ]);
  });
});

describe('the start of a game (P-2a, P-2b, P-6a)', () => {
  const fresh = scenario('2026-01-01').state();

  it('both players are told on the day the clock starts, not before; once', () => {
    expect(kinds(due(fresh, '2025-12-31', rules))).toEqual([]);
    const work = one(fresh, '2026-01-01', 'game-start');
    expect(work.dueOn).toBe('2026-01-01');
    const d = doWork(fresh, work, '2026-01-01');
    expect(d.effects).toEqual([
      {
        kind: 'game-started',
        to: ['white', 'black'],
        startsOn: '2026-01-01',
        rules: ['P-2a', 'P-2b', 'P-6a'],
      },
    ]);
    const after = sweep(fresh, '2026-01-01');
    expect(due(after, '2026-01-02', rules).map((w) => w.kind)).not.toContain('game-start');
  });

  it('a sweep that first runs after the start still tells them (the daemon was down that day)', () => {
    expect(kinds(due(fresh, '2026-01-05', rules))).toContain('game-start');
  });

  // Was: the mail that resumed play or reinstated the game, then, the same day, "your game
  // starts on …" for a game the players had just been told goes on. One mail now says both.
  const sweepAll = (s: GameState, now: CalendarDate, r: EventRules = rules) => {
    const mails: string[] = [];
    let state = s;
    for (const work of due(state, now, r)) {
      const d = doWork(state, work, now, r);
      mails.push(...effectKinds(d));
      state = apply(state, d);
    }
    return { state, mails };
  };

  it('P-9a: a game annulled before its start and reinstated after it gets one mail, the reinstatement with the start in it', () => {
    const notYet = scenario('2026-01-01', { clockStartsOn: '2026-01-10' }).state();
    const annulled = apply(
      notYet,
      decideRuling(
        notYet,
        { kind: 'ruling', ruling: { kind: 'annul', reason: 'x' } },
        '2026-01-05',
        rules,
      ),
    );
    expect(due(annulled, '2026-01-12', rules)).toEqual([]);
    const d = decideRuling(
      annulled,
      { kind: 'ruling', ruling: { kind: 'reinstate' } },
      '2026-01-12',
      rules,
    );
    expect(d.effects).toEqual([
      expect.objectContaining({ kind: 'ruling-applied', to: ['white', 'black'], starts: true }),
    ]);
    expect(d.events).toContainEqual({ type: 'due-done', on: '2026-01-12', key: 'game-start' });
    expect(sweepAll(apply(annulled, d), '2026-01-12').mails).toEqual([]);
    // Reinstated before the start, the start notice goes out on its day, as ever.
    const early = decideRuling(
      annulled,
      { kind: 'ruling', ruling: { kind: 'reinstate' } },
      '2026-01-08',
      rules,
    );
    expect(early.effects[0]).not.toHaveProperty('starts');
    expect(sweepAll(apply(annulled, early), '2026-01-10').mails).toEqual(['game-started']);
  });

  it('P-10, L-6.10: play resumed in a game with no move and no start notice is one mail, the resumption with the start in it', () => {
    // The event ended on 5 January before any sweep told the players of the start (the daemon
    // was down); the end is moved to 1 March on the 20th.
    const ended = defaultEventRules({ endDate: '2026-01-05' });
    const stopped = sweepAll(scenario('2026-01-01').state(), '2026-01-06', ended);
    expect(stopped.mails).toEqual(['adjudication-due']);
    const resumed = sweepAll(
      stopped.state,
      '2026-01-20',
      defaultEventRules({ endDate: '2026-03-01' }),
    );
    expect(resumed.mails).toEqual(['play-resumed']);
    expect(resumed.state.dueDone.has('game-start')).toBe(true);
  });

  it('a game already under way is not announced: the first move came before any sweep', () => {
    expect(kinds(due(afterE4, '2026-01-03', rules))).not.toContain('game-start');
    const work = { kind: 'game-start', key: 'game-start', dueOn: '2026-01-01' } as const;
    expect(doWork(afterE4, work, '2026-01-03').effects).toEqual([]);
  });
});

describe('an upheld claim keeps its excess on the clock (P-7e, P-7f)', () => {
  const rule = (s: GameState, ruling: Ruling, on: CalendarDate, r = rules): Decision =>
    decideRuling(s, { kind: 'ruling', ruling }, on, r);
  const excessesOf = (s: GameState, now: CalendarDate, r = rules) => {
    const clock = gameClock(s, r, 'white', now);
    if (!clock.ok) throw new Error('no clock');
    return clock.value.excesses.map((e) => ({ on: e.occurredOn, id: timeClaimId(s, 'white', e) }));
  };

  it('P-7e, P-7f: claimed on the day White went over and upheld at the deadline, the excess stays, and the second one loses', () => {
    // White never moved: over on 1 February, claimed that day (the usual case).
    const claimed = sweep(scenario('2026-01-01').state(), '2026-02-01');
    expect(claimed.claims[0]).toMatchObject({ id: 'time:white:10:1', on: '2026-02-01' });
    const upheld = sweep(claimed, '2026-02-16');
    expect(upheld.claims[0]?.ruling).toMatchObject({ upheld: true, by: 'deadline' });
    // The restart at the end of the notice day comes after the day's excess: both stay.
    expect(excessesOf(upheld, '2026-02-16')).toEqual([{ on: '2026-02-01', id: 'time:white:10:1' }]);
    const second = sweep(upheld, '2026-03-04');
    expect(excessesOf(second, '2026-03-04')).toEqual([
      { on: '2026-02-01', id: 'time:white:10:1' },
      { on: '2026-03-04', id: 'time:white:10:1:r1' },
    ]);
    const lost = sweep(second, '2026-03-19');
    expect(lost.result).toMatchObject({ result: '0-1', kind: 'time-forfeit', rule: 'P-7f' });
  });

  it('P-6b, P-7f: with two excesses allowed by the event, the second upheld restarts the count and the third loses', () => {
    const lenient = defaultEventRules({ excessesAllowed: 2 });
    let s = sweep(scenario('2026-01-01').state(), '2026-02-01', lenient);
    s = sweep(s, '2026-02-16', lenient);
    s = sweep(s, '2026-03-04', lenient);
    s = sweep(s, '2026-03-19', lenient);
    expect(s.result).toBeUndefined();
    expect(s.claims.map((c) => [c.id, c.ruling?.upheld])).toEqual([
      ['time:white:10:1', true],
      ['time:white:10:1:r1', true],
    ]);
    // Counted afresh after 4 March: over again on 4 April, the third excess.
    expect(excessesOf(s, '2026-04-04', lenient).map((e) => e.id)).toEqual([
      'time:white:10:1',
      'time:white:10:1:r1',
      'time:white:10:1:r2',
    ]);
    s = sweep(s, '2026-04-04', lenient);
    s = sweep(s, '2026-04-19', lenient);
    expect(s.result).toMatchObject({ result: '0-1', kind: 'time-forfeit', rule: 'P-7f' });
  });

  it('P-7e, P-8c: an excess that leave moved past the notice day is upheld on its new day, and counted afresh from there', () => {
    const filed = sweep(scenario('2026-01-01').state(), '2026-02-01');
    const granted = apply(
      filed,
      rule(
        filed,
        { kind: 'grant-leave', side: 'white', from: '2026-01-10', to: '2026-01-14' },
        '2026-02-03',
      ),
    );
    const d = doWork(granted, one(granted, '2026-02-16', 'claim-deadline'), '2026-02-16');
    // Not from 1 February, before the excess it forgives: from 6 February, the day it happened.
    expect(d.events).toContainEqual({ type: 'clock-restarted', on: '2026-02-06', side: 'white' });
    const upheld = apply(granted, d);
    // The claim now says the day its excess happened: in every later mail and the PGN (P-7d).
    expect(upheld.claims[0]?.detail).toBe(
      'white exceeded the time limit of 30 days at move 10 by 1 day on 2026-02-06',
    );
    expect(upheld.claims[0]?.detailKey?.params).toMatchObject({ date: '2026-02-06', over: 1 });
    expect(excessesOf(upheld, '2026-02-16')).toEqual([{ on: '2026-02-06', id: 'time:white:10:1' }]);
    // 30 days after 6 February: over again on 9 March, the second excess.
    expect(kinds(due(upheld, '2026-03-08', rules))).not.toContain('time-exceeded');
    expect(one(upheld, '2026-03-09', 'time-exceeded').ref).toBe('time:white:10:1:r1');
  });
});

describe('an annulled game reinstated (P-9a)', () => {
  const ruled = (state: GameState, ruling: Ruling, on: CalendarDate): GameState =>
    apply(state, decideRuling(state, { kind: 'ruling', ruling }, on, rules));

  it('P-9a, P-7c, P-7e: a time claim open when the game was annulled waits; reinstated, its window reopens for the days annulled, then it is upheld', () => {
    // White never moves: claimed on 1 February, protest by 15 February. The game is annulled
    // on 3 February, and reinstated on 25 February — 22 days later.
    const claimed = sweep(scenario('2026-01-01').state(), '2026-02-01');
    expect(claimed.claims[0]).toMatchObject({ id: 'time:white:10:1', protestBy: '2026-02-15' });
    let s = ruled(claimed, { kind: 'annul', reason: 'White withdrew' }, '2026-02-03');
    // Annulled, the claim neither lapses nor is upheld at its deadline: the annulment may be
    // undone. (Was: lapsed on 16 February, and the excess never claimed again once reinstated.)
    for (const day of ['2026-02-16', '2026-02-20'] as const) s = sweep(s, day);
    expect(s.claims[0]?.ruling).toBeUndefined();
    s = ruled(s, { kind: 'reinstate' }, '2026-02-25');
    // No protest could be read while it stood annulled: 22 more days to protest.
    expect(s.claims[0]).toMatchObject({ protestBy: '2026-03-09' });
    expect(kinds(due(s, '2026-03-09', rules))).not.toContain('claim-deadline');
    const d = doWork(s, one(s, '2026-03-10', 'claim-deadline'), '2026-03-10');
    expect(eventTypes(d)).toEqual(['due-done', 'claim-ruled', 'clock-restarted']);
    expect(d.events[1]).toMatchObject({ upheld: true, by: 'deadline' });
  });

  it('P-9a, P-8b: a leave that ended while the game stood annulled is not announced once it is reinstated', () => {
    // Black's leave, 10 to 20 January; the game annulled on 5 January, reinstated on the 30th.
    const onLeave = scenario('2026-01-01')
      .play('1.e4')
      .add({ type: 'leave', on: '2026-01-04', side: 'black', from: '2026-01-10', to: '2026-01-20' })
      .state();
    const back = ruled(
      ruled(onLeave, { kind: 'annul', reason: 'x' }, '2026-01-05'),
      { kind: 'reinstate' },
      '2026-01-30',
    );
    // Was: "leave of Black over, their clock runs again from 2026-01-21", sent on the 30th.
    expect(kinds(due(back, '2026-01-30', rules))).not.toContain('leave-ends');
    expect(kinds(due(back, '2026-01-30', rules))).not.toContain('leave-starts');
    // A leave that ends after the reinstatement is announced as usual.
    const later = apply(back, {
      events: [
        { type: 'leave', on: '2026-01-31', side: 'black', from: '2026-02-02', to: '2026-02-05' },
      ],
      effects: [],
    });
    expect(kinds(due(later, '2026-02-06', rules))).toContain('leave-ends');
  });
});

describe('the notice of a time claim counts from the day it is received (P-7c, P-7e)', () => {
  // White (by post, 4 days in the post) never moves: over on 1 February, claimed that day. The
  // notice is printed and posted on the 1st and reaches White on the 5th.
  const postal = defaultEventRules({ transitDays: 4, postal: { white: true, black: false } });
  const byEmail = defaultEventRules({ transitDays: 4, postal: { white: false, black: true } });
  const rule = (s: GameState, ruling: Ruling, on: CalendarDate, r = postal): Decision =>
    decideRuling(s, { kind: 'ruling', ruling }, on, r);

  it('P-7c, P-2m: a protest may come 14 days after a player by post received the notice, not after it was posted', () => {
    const filed = sweep(scenario('2026-01-01').state(), '2026-02-01', postal);
    // Was 15 February: 14 days from the day it was posted, 10 after White had it.
    expect(filed.claims[0]).toMatchObject({ id: 'time:white:10:1', protestBy: '2026-02-19' });
    expect(kinds(due(filed, '2026-02-19', postal))).not.toContain('claim-deadline');
    expect(one(filed, '2026-02-20', 'claim-deadline', postal).dueOn).toBe('2026-02-20');
    // The claimant by post: the window waits for the later of the two receipts.
    const claimantByPost = sweep(scenario('2026-01-01').state(), '2026-02-01', byEmail);
    expect(claimantByPost.claims[0]?.protestBy).toBe('2026-02-19');
    // All by email: as before.
    expect(sweep(scenario('2026-01-01').state(), '2026-02-01').claims[0]?.protestBy).toBe(
      '2026-02-15',
    );
  });

  it('P-7e, P-2m: upheld, a player by post is counted afresh from the day the notice reached them', () => {
    const filed = sweep(scenario('2026-01-01').state(), '2026-02-01', postal);
    const d = doWork(
      filed,
      one(filed, '2026-02-20', 'claim-deadline', postal),
      '2026-02-20',
      postal,
    );
    // Was 1 February, the day it was posted.
    expect(d.events).toContainEqual({ type: 'clock-restarted', on: '2026-02-05', side: 'white' });
    const upheld = apply(filed, d);
    // 30 days after 5 February: over again on 8 March (was 4 March).
    expect(kinds(due(upheld, '2026-03-07', postal))).not.toContain('time-exceeded');
    expect(one(upheld, '2026-03-08', 'time-exceeded', postal).ref).toBe('time:white:10:1:r1');
    // The offender by email is counted afresh from the day of the notice, as before.
    const emailOffender = sweep(scenario('2026-01-01').state(), '2026-02-01', byEmail);
    const e = doWork(
      emailOffender,
      one(emailOffender, '2026-02-20', 'claim-deadline', byEmail),
      '2026-02-20',
      byEmail,
    );
    expect(e.events).toContainEqual({ type: 'clock-restarted', on: '2026-02-01', side: 'white' });
  });

  it('P-7e, P-7d: the TD upholds before the notice reached the player by post: the count restarts on the day it does, and the clocks until then stand', () => {
    const filed = sweep(scenario('2026-01-01').state(), '2026-02-01', postal);
    const d = rule(filed, { kind: 'uphold-claim', claimId: 'time:white:10:1' }, '2026-02-03');
    expect(d.events).toContainEqual({ type: 'clock-restarted', on: '2026-02-05', side: 'white' });
    const upheld = apply(filed, d);
    // Before the day of receipt the old count runs on: 33 days used on the 3rd.
    const on3rd = gameClock(upheld, postal, 'white', '2026-02-03');
    expect(on3rd.ok && on3rd.value.live).toMatchObject({ totalDays: 33 });
    const on7th = gameClock(upheld, postal, 'white', '2026-02-07');
    expect(on7th.ok && on7th.value.live).toMatchObject({ totalDays: 2 });
  });

  it('P-7c, P-7e, P-2m: a notice posted late counts from the day it went out and reached the player', () => {
    const filed = sweep(scenario('2026-01-01').state(), '2026-02-01', postal);
    const late = decide(
      filed,
      { kind: 'notice-sent', claimId: 'time:white:10:1', side: 'white' },
      '2026-02-06',
      postal,
    );
    // Posted on the 6th, received on the 10th: 14 days from then.
    expect(late.events).toEqual([
      {
        type: 'claim-window-moved',
        on: '2026-02-06',
        id: 'time:white:10:1',
        protestBy: '2026-02-24',
        side: 'white',
      },
    ]);
    const moved = apply(filed, late);
    const d = doWork(
      moved,
      one(moved, '2026-02-25', 'claim-deadline', postal),
      '2026-02-25',
      postal,
    );
    expect(d.events).toContainEqual({ type: 'clock-restarted', on: '2026-02-10', side: 'white' });
  });

  it('P-7e, P-2m: both letters posted late the same day, the claimant’s first: the claimed player is still counted afresh from the day his reached him', () => {
    // Both by post; both copies refused on the 1st and posted on the 6th (`amici outbox retry`),
    // Black's (the claimant's) first: it moves the window to the 24th, and White's, received on
    // the same day, leaves it there.
    const both = defaultEventRules({ transitDays: 4, postal: { white: true, black: true } });
    const filed = sweep(scenario('2026-01-01').state(), '2026-02-01', both);
    const sent = (s: GameState, side: 'white' | 'black') =>
      apply(
        s,
        decide(s, { kind: 'notice-sent', claimId: 'time:white:10:1', side }, '2026-02-06', both),
      );
    const moved = sent(sent(filed, 'black'), 'white');
    expect(moved.claims[0]?.protestBy).toBe('2026-02-24');
    const d = doWork(moved, one(moved, '2026-02-25', 'claim-deadline', both), '2026-02-25', both);
    // Was 5 February: the day the letter would have reached White had it gone out on the 1st.
    expect(d.events).toContainEqual({ type: 'clock-restarted', on: '2026-02-10', side: 'white' });
  });
});
