// The event's end (P-10): the sweep after the end date sends each unfinished game to
// adjudication, and play in it stops — no reminder (P-3a), time claim (P-7a) or loss on time
// (P-7f) after it; a move mailed after the end is answered, not played; the TD's report lists the
// games with their clocks as they stood on the end date; the TD's result still applies.
// The TD moving the end date: later, a stopped game resumes once, its players told, the days
// stopped counted on no clock (L-6.10); to a day already past, games go to adjudication at once,
// and nothing is lost on time after it.

import { describe, expect, it } from 'vitest';
import { toMoveAtEnd } from '../../src/cli/inspect.ts';
import type { CalendarDate } from '../../src/clock/index.ts';
import { validateConfig } from '../../src/config/load-config.ts';
import type { AmiciConfig } from '../../src/config/schema.ts';
import { configDrift, storedGames } from '../../src/daemon/config-drift.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem } from '../../src/daemon/transport.ts';
import type { Ruling } from '../../src/referee/index.ts';
import { currentAnalyses, gameClock, inAdjudication } from '../../src/referee/index.ts';
import { Store } from '../../src/store/store.ts';
import { outboxCatcher } from '../support/outbox.ts';

let n = 0;
function item(from: string, body: string, receivedAt: string): InboundItem {
  n++;
  return {
    id: `e${n}`,
    receivedAt,
    raw: Buffer.from(
      `From: ${from}\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] move\r\nDate: ${new Date(receivedAt).toUTCString()}\r\nMessage-ID: <end${n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    ),
  };
}

function configWith(event: Record<string, unknown> = {}): AmiciConfig {
  const r = validateConfig(
    {
      from: { name: 'amici', address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: './in' },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: ':memory:' },
      events: [
        {
          name: 'Club Championship',
          tag: 'CLUB',
          td: { name: 'Anna', address: 'td@club.example' },
          timeZone: 'UTC',
          language: 'en',
          endDate: '2027-02-15',
          reportDays: 7,
          players: [
            { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
            { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
          ],
          games: [{ id: '1', white: 'jan', black: 'petr', startsOn: '2027-01-20' }],
          ...event,
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
}

function setup(event: Record<string, unknown> = {}) {
  let now = new Date('2027-01-20T08:00:00Z');
  const store = new Store(':memory:');
  const serviceOn = (config: AmiciConfig) =>
    new RefereeService({ config, store, logger: memoryLogger(), clock: () => now });
  const service = serviceOn(configWith(event));
  service.ensureGames();
  const flush = outboxCatcher(service);
  const at = (iso: string) => {
    now = new Date(iso);
  };
  const kindOf = (m: Awaited<ReturnType<typeof flush>>[number]) =>
    String(m.mail.headers.get('x-amici-kind'));
  /** The TD edits the event in the config, and amici reads it (SIGHUP): the warnings, then a sweep. */
  const reload = async (edit: Record<string, unknown>) => {
    const config = configWith({ ...event, ...edit });
    const { warnings } = configDrift(config, storedGames(store), now.toISOString());
    service.reconfigure(config);
    await service.sweep();
    return warnings;
  };
  /** Jan 1.d4 on 22 January, Petr 1...d5 on the 24th: Jan to move, 2 of 30 days used. */
  const opening = async () => {
    await service.sweep();
    at('2027-01-22T09:00:00Z');
    await service.processInbound(item('jan@x.example', '1.d4', '2027-01-22T09:00:00Z'));
    at('2027-01-24T09:00:00Z');
    await service.processInbound(item('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z'));
  };
  return { service, store, serviceOn, flush, at, kindOf, reload, opening };
}

describe('after the event’s end date (P-10)', () => {
  it('P-10, P-3a, P-7a, P-7f: the game goes to adjudication and play in it stops; the TD still sets its result', async () => {
    const { service, flush, at, kindOf } = setup();
    await service.sweep();
    at('2027-01-22T09:00:00Z');
    await service.processInbound(item('jan@x.example', '1.d4', '2027-01-22T09:00:00Z'));
    at('2027-01-24T09:00:00Z');
    await service.processInbound(item('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z'));
    await flush();

    // The day after the end: the adjudication notice to all three, the TD's report; no reminder
    // for Jan, silent since 24 January, though his reminder fell due on 8 February.
    at('2027-02-16T06:00:00Z');
    await service.sweep();
    const ended = await flush();
    expect(ended.map(kindOf).sort()).toEqual([
      'adjudication-due',
      'adjudication-due',
      'adjudication-due',
      'td-report',
    ]);
    for (const m of ended) expect(m.mail.text).not.toMatch(/clock is running|Last day to send/);
    const jans = ended.find((m) => m.to[0] === 'jan@x.example')!.mail.text ?? '';
    expect(jans).toContain(
      'Within 30 days, by 2027-03-17, send the Tournament Director (Anna, td@club.example)',
    );
    const report = ended.find((m) => kindOf(m) === 'td-report')!.mail.text ?? '';
    expect(report).toContain('0 of 1 games in play');
    expect(report).toContain('Games in adjudication since 2027-02-16 (rule P-10)');
    // Jan's clock as it stood on 15 February: 2 + 22 of 30 days used.
    expect(report).toMatch(/CLUB\/1\s+Jan – Petr\s+Jan\s+6 {2}Jan: none, Petr: none\n/);

    // Jan's move, mailed after the end: not played, no penalty; it went to the TD as his
    // analysis, and he is told so.
    at('2027-02-20T09:00:00Z');
    expect(
      await service.processInbound(item('jan@x.example', '1...d5 2.c4', '2027-02-20T09:00:00Z')),
    ).toBe('done');
    const answer = await flush();
    expect(answer.map((m) => m.to[0]).sort()).toEqual(['jan@x.example', 'td@club.example']);
    const told = answer.find((m) => m.to[0] === 'jan@x.example')!.mail;
    expect(told.subject).toContain('your mail went to the Tournament Director as your analysis');
    expect(told.text).toContain('Nothing in your mail was played: play in the game has stopped.');
    const state = service.state('CLUB/1');
    expect(state.plies).toHaveLength(2);
    expect(state.penalties).toEqual([]);

    // Weeks later: no time claim, no loss on time (Jan would have gone over on 22 February).
    for (const day of ['2027-03-10', '2027-04-03', '2027-04-10']) {
      at(`${day}T06:00:00Z`);
      expect((await service.sweep()).work, day).toBe(0);
    }
    const reports = await flush();
    expect(reports.map(kindOf)).toEqual(['td-report', 'td-report', 'td-report']);
    // P-10: the report says whose analysis came; Petr, who sent none, has no appeal.
    expect(reports[0]!.mail.text).toMatch(
      /CLUB\/1 +Jan – Petr +Jan +6 +Jan 2027-02-20, Petr: none\n/,
    );
    expect(service.state('CLUB/1').result).toBeUndefined();
    expect(service.state('CLUB/1').claims).toEqual([]);

    // The adjudication: the TD sets the result.
    const ref = service.resolveGame('CLUB/1')!;
    const r = await service.decideAndCommit(
      ref,
      service.state('CLUB/1'),
      {
        kind: 'ruling',
        ruling: { kind: 'set-result', result: '0-1', reason: 'adjudicated', rule: 'P-10' },
      },
      '2027-04-12',
      'test:adjudicated',
    );
    expect(r.committed).toBe(true);
    expect(service.state('CLUB/1').result).toMatchObject({ result: '0-1', rule: 'P-10' });
    // P-10, P-11: one mail each, with the appeal and its last day; Petr, who sent no analysis,
    // is told he has no appeal; nobody is told the result went to the TD who set it.
    const ruled = await flush();
    expect(ruled.map((m) => `${m.to[0]} ${kindOf(m)}`).sort()).toEqual([
      'jan@x.example game-ended',
      'petr@x.example game-ended',
      'td@club.example game-ended',
    ]);
    const to = (who: string) => ruled.find((m) => m.to[0] === who)!.mail.text ?? '';
    for (const who of ['jan@x.example', 'petr@x.example']) {
      expect(to(who)).toContain(
        'To appeal, write to the Tournament Director (Anna, td@club.example) so that your appeal arrives within 14 days, by 2027-04-26; a second expert then decides, finally (rule P-11).',
      );
      expect(to(who)).not.toContain('sent to the Tournament Director');
    }
    expect(to('petr@x.example')).toContain('a player who sent no analysis has no right to appeal');
    expect(to('jan@x.example')).not.toContain('no right to appeal');
    expect(to('td@club.example')).toContain(
      'An appeal must reach you by 2027-04-26 (rule P-11); the players have been told how. Analyses that came through amici: White (Jan)',
    );

    // P-11: Jan's appeal, mailed to amici within the 14 days, goes to the TD whole as his
    // appeal, is recorded, and Jan is told by when appeals had to arrive (before: 'game over').
    at('2027-04-15T09:00:00Z');
    expect(
      await service.processInbound(
        item(
          'jan@x.example',
          'I appeal against the adjudication: the expert missed 2.c4.',
          '2027-04-15T09:00:00Z',
        ),
      ),
    ).toBe('done');
    const appealed = await flush();
    expect(appealed.map((m) => `${m.to[0]} ${kindOf(m)}`).sort()).toEqual([
      'jan@x.example appeal-received',
      'td@club.example td-notice',
    ]);
    const tdCopy = appealed.find((m) => m.to[0] === 'td@club.example')!.mail;
    expect(tdCopy.subject).toContain('appeal of White (Jan)');
    expect(tdCopy.text).toContain('the expert missed 2.c4');
    expect(tdCopy.text).toContain('in time (appeals are due by 2027-04-26)');
    const jansAnswer = appealed.find((m) => m.to[0] === 'jan@x.example')!.mail.text ?? '';
    expect(jansAnswer).toContain(
      'Your mail went, whole, to the Tournament Director (Anna, td@club.example) as your appeal',
    );
    expect(jansAnswer).toContain(
      'Appeals must arrive by 2027-04-26; yours came on 2027-04-15, in time.',
    );
    expect(jansAnswer).not.toContain('game is over');
    expect(service.state('CLUB/1').appeals).toMatchObject([
      { side: 'white', on: '2027-04-15', against: { ruling: 'set-result', rule: 'P-10' } },
    ]);

    // The false reading: a thank-you, even one that names the appeal to refuse it, is no appeal:
    // nothing goes to the TD; a note still reaches the opponent.
    at('2027-04-16T09:00:00Z');
    await service.processInbound(
      item('petr@x.example', 'Thanks for the game, no appeal from me.', '2027-04-16T09:00:00Z'),
    );
    await service.processInbound(
      item('petr@x.example', 'Note: thanks for the game!', '2027-04-16T10:00:00Z'),
    );
    const thanks = await flush();
    expect(thanks.map((m) => m.to[0])).not.toContain('td@club.example');
    expect(thanks.map(kindOf)).toContain('note-relayed');
    expect(service.state('CLUB/1').appeals).toHaveLength(1);
    // Moves from the winner (a post-mortem) are no appeal of his own win (P-11).
    at('2027-04-17T09:00:00Z');
    await service.processInbound(
      item('petr@x.example', '2.c4 e5 3.d5 was the line I feared.', '2027-04-17T09:00:00Z'),
    );
    expect((await flush()).map((m) => m.to[0])).not.toContain('td@club.example');
    expect(service.state('CLUB/1').appeals).toHaveLength(1);

    // After the 14 days: an appeal still goes to the TD, said late.
    at('2027-04-30T09:00:00Z');
    await service.processInbound(
      item('petr@x.example', 'I appeal: White was lost.', '2027-04-30T09:00:00Z'),
    );
    const late = await flush();
    expect(late.map(kindOf).sort()).toEqual(['appeal-received', 'td-notice']);
    expect(late.find((m) => kindOf(m) === 'appeal-received')!.mail.text).toContain(
      'Appeals had to arrive by 2027-04-26; yours came on 2027-04-30, later',
    );
    expect(late.find((m) => kindOf(m) === 'td-notice')!.mail.text).toContain(
      'after 2027-04-26, the last day for appeals',
    );
    expect(service.state('CLUB/1').appeals.at(-1)).toMatchObject({
      side: 'black',
      on: '2027-04-30',
      late: true,
    });
  });
});

describe('the TD moves the event’s end date (P-10, L-6.10)', () => {
  it('P-10, L-6.10, P-2k: moved later, a game in adjudication resumes: both players told once, the days stopped counted on no clock', async () => {
    const { service, store, serviceOn, flush, at, kindOf, reload, opening } = setup();
    await opening();
    // The daily sweeps: Jan's reminder on 9 February, the adjudication on the 16th.
    for (const day of ['2027-02-09', '2027-02-16']) {
      at(`${day}T06:00:00Z`);
      await service.sweep();
    }
    const before = await flush();
    expect(before.filter((m) => kindOf(m) === 'adjudication-due')).toHaveLength(3);

    // 1 March: the TD moves the end to 30 April and reloads the config.
    at('2027-03-01T10:00:00Z');
    const warnings = await reload({ endDate: '2027-04-30' });
    expect(warnings).toEqual([
      expect.stringContaining(
        "CLUB/1 is in adjudication since the event's end on 2027-02-15; the config now ends the event on 2027-04-30, so play in it resumes at the next sweep (P-10)",
      ),
    ]);
    const resumed = (await flush()).filter((m) => kindOf(m) !== 'td-report');
    expect(resumed.map((m) => [m.to[0], kindOf(m)])).toEqual([
      ['jan@x.example', 'play-resumed'],
      ['petr@x.example', 'play-resumed'],
    ]);
    const [jans = '', petrs = ''] = resumed.map((m) => m.mail.text ?? '');
    expect(resumed[0]!.mail.subject).toContain('play resumes — the event now ends on 2027-04-30');
    expect(jans).toContain(
      'The Tournament Director has moved the end of the event to 2027-04-30, so this game is no longer in adjudication: play in it resumes today, 2027-03-01 (rules P-10, L-6.10).',
    );
    expect(jans).toContain('The days from 2027-02-16 to 2027-02-28, while play was stopped');
    expect(jans).toContain('It is your move, and your clock runs again from today.');
    // As on 15 February, 24 of 30 days used, and 1 March counted: 5 left, to 6 March.
    expect(jans).toContain('White to play move 2: 25 days used so far in this control, 5 left');
    expect(jans).toContain('Last day to send it in time: 2027-03-06.');
    expect(petrs).toContain("It is your opponent's move");
    expect(jans + petrs).not.toMatch(/adjudication since|Within 30 days/);

    // Read again, swept again, amici restarted: nothing is sent twice, no warning any more.
    expect(await reload({ endDate: '2027-04-30' })).toEqual([]);
    at('2027-03-02T06:00:00Z');
    const restarted = serviceOn(configWith({ endDate: '2027-04-30' }));
    await restarted.sweep();
    expect((await flush()).map(kindOf)).toEqual([]);
    expect(await outboxCatcher(restarted)()).toEqual([]);
    const events = store.events('CLUB/1').filter((e) => e.type === 'play-resumed');
    expect(events).toEqual([
      { type: 'play-resumed', on: '2027-03-01', endDate: '2027-02-15', until: '2027-04-30' },
    ]);

    // Jan's move on 3 March is played; its row counts 22 + 3 days, the stop's 13 left out.
    at('2027-03-03T09:00:00Z');
    expect(
      await restarted.processInbound(item('jan@x.example', '1...d5 2.c4', '2027-03-03T09:00:00Z')),
    ).toBe('done');
    const rules = restarted.rules(restarted.config.events[0]!);
    const clock = gameClock(restarted.state('CLUB/1'), rules, 'white', '2027-03-03');
    expect(clock.ok && clock.value.rows[1]).toMatchObject({
      move: 2,
      reflectionDays: 25,
      excludedDays: 13,
      totalDays: 27,
    });

    // The new end: adjudication again, told again.
    at('2027-05-01T06:00:00Z');
    await restarted.sweep();
    const again = await outboxCatcher(restarted)();
    expect(again.filter((m) => kindOf(m) === 'adjudication-due')).toHaveLength(3);
    expect(again.find((m) => kindOf(m) === 'adjudication-due')!.mail.text).toContain(
      'The event ended on 2027-04-30',
    );
  });

  it('P-10, L-5.1.2: a game adjudicated or finished is not resumed', async () => {
    const { service, flush, at, kindOf, reload, opening } = setup();
    await opening();
    at('2027-02-16T06:00:00Z');
    await service.sweep();
    at('2027-02-20T09:00:00Z');
    const ref = service.resolveGame('CLUB/1')!;
    await service.decideAndCommit(
      ref,
      service.state('CLUB/1'),
      {
        kind: 'ruling',
        ruling: { kind: 'set-result', result: '1-0', reason: 'adjudicated', rule: 'P-10' },
      },
      '2027-02-20',
      'test:adjudicated',
    );
    await flush();
    at('2027-03-01T10:00:00Z');
    expect(await reload({ endDate: '2027-04-30' })).toEqual([]);
    expect((await flush()).map(kindOf).filter((k) => k !== 'td-report')).toEqual([]);
    expect(service.state('CLUB/1').result).toMatchObject({ result: '1-0' });
    expect(service.state('CLUB/1').stops).toMatchObject([{ from: '2027-02-16', to: null }]);
  });

  it('P-10, P-7c, P-7f: moved to a day already past, the game goes to adjudication at once and is not lost on time', async () => {
    // No excess allowed: Jan's claim, upheld, would lose the game (P-7f).
    const { service, flush, at, kindOf, reload, opening } = setup({
      endDate: '2027-06-30',
      excessesAllowed: 0,
    });
    await opening();
    // Jan, silent, is over his 30 days on 22 February: the claim, protest by 8 March.
    at('2027-02-22T06:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toMatchObject([
      { id: 'time:white:10:1', protestBy: '2027-03-08' },
    ]);
    await flush();

    // 25 February: the TD sets the end to 18 February, a day already past.
    at('2027-02-25T10:00:00Z');
    const warnings = await reload({ endDate: '2027-02-18' });
    expect(warnings).toEqual([
      expect.stringContaining(
        "CLUB/1 is in play, but the event's end date in the config, 2027-02-18, is past: it goes to adjudication at the next sweep (P-10), the players asked for their analyses by 2027-03-26, 30 days from the notice, the end being past",
      ),
    ]);
    const told = await flush();
    expect(told.map(kindOf).filter((k) => k === 'adjudication-due')).toHaveLength(3);
    // 30 days counted from the notice of 25 February, not from the end: the players had not
    // heard of the end before (was: by 20 March, 23 days).
    expect(told.find((m) => m.to[0] === 'jan@x.example')!.mail.text).toContain(
      'Within 30 days, by 2027-03-26',
    );

    // The claim's deadline passes in the adjudication: the TD rules, nothing is lost on time.
    for (const day of ['2027-03-09', '2027-04-10']) {
      at(`${day}T06:00:00Z`);
      await service.sweep();
    }
    expect((await flush()).map(kindOf).filter((k) => k !== 'td-report')).toEqual([]);
    const state = service.state('CLUB/1');
    expect(state.result).toBeUndefined();
    expect(state.claims[0]?.ruling).toBeUndefined();
    // Jan's clock stands as on 18 February: 2 + 25 days, 3 left.
    const clock = gameClock(state, service.rules(service.config.events[0]!), 'white', '2027-04-10');
    expect(clock.ok && clock.value.live).toMatchObject({ totalDays: 27, daysLeft: 3 });
  });

  it('P-10, L-4.2: moved to a day already past, moves sent after it stand, and the clocks stand at the last', async () => {
    const { service, flush, at, kindOf, reload, opening } = setup({ endDate: '2027-06-30' });
    await opening();
    at('2027-02-20T09:00:00Z');
    await service.processInbound(item('jan@x.example', '1...d5 2.c4', '2027-02-20T09:00:00Z'));
    await flush();
    at('2027-03-01T10:00:00Z');
    const warnings = await reload({ endDate: '2027-02-15' });
    expect(warnings[0]).toContain(
      'Moves sent after 2027-02-15 stand, in CLUB/1: the end was later when they were played.',
    );
    expect((await flush()).map(kindOf).filter((k) => k === 'adjudication-due')).toHaveLength(3);
    const state = service.state('CLUB/1');
    expect(state.plies).toHaveLength(3);
    // Petr's move 2 was delivered on 20 February: no day of it is counted after that.
    expect(state.stops).toEqual([
      {
        endDate: '2027-02-15',
        from: '2027-02-21',
        to: null,
        lastEndDate: '2027-02-15',
        toldOn: '2027-03-01',
      },
    ]);
    const clock = gameClock(state, service.rules(service.config.events[0]!), 'black', '2027-04-01');
    expect(clock.ok && clock.value.live).toMatchObject({ usedDays: 0, totalDays: 2 });
    // Moved later again, play resumes from where the clocks stood.
    at('2027-04-01T10:00:00Z');
    await reload({ endDate: '2027-05-31' });
    const resumed = (await flush()).filter((m) => kindOf(m) === 'play-resumed');
    expect(resumed.map((m) => m.to[0])).toEqual(['jan@x.example', 'petr@x.example']);
    expect(resumed[1]!.mail.text).toContain(
      'The days from 2027-02-21 to 2027-03-31, while play was stopped',
    );
  });
});

describe('a player’s mail in a game in adjudication (P-10, P-5a)', () => {
  it('P-10: a claim with analysis, in words and moves, goes to the TD whole and counts as the player’s analysis; the notice names the TD’s address', async () => {
    const { service, flush, at, kindOf } = setup();
    await service.sweep();
    at('2027-01-22T09:00:00Z');
    await service.processInbound(item('jan@x.example', '1.d4', '2027-01-22T09:00:00Z'));
    await flush();
    at('2027-02-16T06:00:00Z');
    await service.sweep();
    const notices = await flush();
    const petrs = notices.find((m) => m.to[0] === 'petr@x.example')!.mail.text ?? '';
    expect(petrs).toContain('send the Tournament Director (Anna, td@club.example)');
    expect(petrs).toContain('You may simply reply to this mail');

    at('2027-02-24T16:00:00Z');
    const claim = 'I claim a draw, the position is level.\nAnalysis: 1...d5 2.c4 e6 3.Nc3 Nf6 =';
    expect(
      await service.processInbound(item('petr@x.example', claim, '2027-02-24T16:00:00Z')),
    ).toBe('done');
    const mails = await flush();
    expect(mails.map(kindOf).sort()).toEqual(['analysis-received', 'td-notice']);
    const td = mails.find((m) => m.to[0] === 'td@club.example')!.mail;
    expect(td.subject).toContain('adjudication analysis of Black (Petr)');
    expect(td.text).toContain('I claim a draw, the position is level.');
    expect(td.text).toContain('Analysis: 1...d5 2.c4 e6 3.Nc3 Nf6 =');
    expect(td.text).toContain('in time (analyses are due by 2027-03-17)');
    const petr = mails.find((m) => m.to[0] === 'petr@x.example')!.mail;
    expect(petr.text).toContain(
      'Your mail went, whole, to the Tournament Director (Anna, td@club.example) as your claim and analysis',
    );
    expect(petr.text).toContain('yours came on 2027-02-24, in time');
    expect(petr.text).not.toMatch(/not accepted|send again/);
    expect(service.state('CLUB/1').analyses).toEqual([{ side: 'black', on: '2027-02-24' }]);
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    const inbox = service.store.inboundLog().find((r) => r.sender === 'petr@x.example')!;
    expect(inbox.status).toBe('done');
    expect(inbox.note).toContain('adjudication analysis of black, to the TD (P-10)');

    // Written to the TD (`TD: …`): one mail to the TD, as Jan's analysis, and one answer.
    at('2027-03-01T09:00:00Z');
    await service.processInbound(
      item('jan@x.example', 'TD: I claim a win, 2.c4 wins a pawn.', '2027-03-01T09:00:00Z'),
    );
    const written = await flush();
    expect(written.map(kindOf).sort()).toEqual(['analysis-received', 'td-notice']);
    expect(written.find((m) => kindOf(m) === 'td-notice')!.mail.subject).toContain(
      'adjudication analysis of White (Jan)',
    );

    // Words alone, after the last day: to the TD all the same, said to be late; a second mail
    // of words the same day reaches the TD but brings the player no second answer.
    at('2027-03-20T09:00:00Z');
    await service.processInbound(
      item('jan@x.example', 'I claim a win, see my notes.', '2027-03-20T09:00:00Z'),
    );
    await service.processInbound(
      item('jan@x.example', 'And one more line.', '2027-03-20T10:00:00Z'),
    );
    const late = await flush();
    expect(late.map(kindOf).sort()).toEqual(['analysis-received', 'td-notice', 'td-notice']);
    expect(late.find((m) => kindOf(m) === 'analysis-received')!.mail.text).toContain(
      'Analyses had to reach the Tournament Director by 2027-03-17; yours came on 2027-03-20, later',
    );
  });
});

describe('analyses of an adjudication that no longer holds (P-10, L-6.10)', () => {
  it('P-10: an analysis sent before play resumed does not count at the next adjudication', async () => {
    const { service, flush, at, reload, opening } = setup();
    await opening();
    at('2027-02-16T06:00:00Z');
    await service.sweep();
    at('2027-02-20T09:00:00Z');
    await service.processInbound(
      item('jan@x.example', 'My claim: White wins, 2.c4 is strong.', '2027-02-20T09:00:00Z'),
    );
    expect(service.state('CLUB/1').analyses).toMatchObject([{ side: 'white' }]);
    at('2027-03-01T10:00:00Z');
    await reload({ endDate: '2027-04-30' });
    at('2027-05-01T06:00:00Z');
    await service.sweep();
    await flush();
    expect(currentAnalyses(service.state('CLUB/1'))).toEqual([]);
    const r = await service.decideAndCommit(
      service.resolveGame('CLUB/1')!,
      service.state('CLUB/1'),
      {
        kind: 'ruling',
        ruling: { kind: 'set-result', result: '0-1', reason: 'adjudicated', rule: 'P-10' },
      },
      '2027-06-05',
      'test:adjudicated',
    );
    const ended = r.decision.effects.find((e) => e.kind === 'game-ended');
    expect(ended).toMatchObject({ appeal: { analysed: [] } });
  });
});

describe('a move sent by the end and read after it (P-10, L-4.2)', () => {
  it('P-10, L-4.2: the move stands, and the relay and the acknowledgement say play has stopped, not "your move"', async () => {
    const { service, flush, at } = setup();
    await service.sweep();
    at('2027-01-22T09:00:00Z');
    await service.processInbound(item('jan@x.example', '1.d4', '2027-01-22T09:00:00Z'));
    at('2027-01-24T09:00:00Z');
    await service.processInbound(item('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z'));
    await flush();
    // Jan's move came on the last day, late in the evening; amici read it two days later.
    at('2027-02-17T10:00:00Z');
    expect(
      await service.processInbound(item('jan@x.example', '1...d5 2.c4', '2027-02-15T22:00:00Z')),
    ).toBe('done');
    expect(service.state('CLUB/1').plies).toHaveLength(3);
    const mails = await flush();
    const relay = mails.find((m) => m.to[0] === 'petr@x.example')!;
    const ack = mails.find((m) => m.to[0] === 'jan@x.example')!;
    for (const m of [relay, ack]) {
      expect(m.mail.subject).not.toContain('your move');
      expect(m.mail.text).not.toMatch(/Last day to send|Please reply with the repetition/);
      expect(m.mail.text).toContain('play in this game has stopped: it is in adjudication');
      expect(m.mail.text).toContain('by 2027-03-17');
    }
    // show: Black is to move in the position adjudicated, though he never had the move in play.
    const state = service.state('CLUB/1');
    expect(
      toMoveAtEnd(
        state,
        inAdjudication(state, '2027-02-17', service.rules(service.resolveGame('CLUB/1')!.event))!,
      ),
    ).toBe(
      'Black to move in the position adjudicated: 2.c4, sent on 2027-02-15 by the end, stands (L-4.2), though it reached Black only on 2027-02-17, after the event ended on 2027-02-15',
    );
  });
});

describe('a game annulled, then reinstated, is in play for the config check (P-9a, P-10)', () => {
  it('P-9a, P-10: the end date moved to a past day names the reinstated game as in play, going to adjudication', async () => {
    const { service, store, at, reload, opening } = setup({ endDate: '2027-06-30' });
    await opening();
    const rule = async (ruling: Ruling, day: CalendarDate) => {
      at(`${day}T10:00:00Z`);
      const r = await service.decideAndCommit(
        service.resolveGame('CLUB/1')!,
        service.state('CLUB/1'),
        { kind: 'ruling', ruling },
        day,
        `test:${ruling.kind}`,
      );
      expect(r.committed).toBe(true);
    };
    await rule({ kind: 'annul', reason: 'Petr withdrew' }, '2027-01-26');
    await rule({ kind: 'reinstate' }, '2027-01-28');
    expect(service.state('CLUB/1').result).toBeUndefined();
    // Was: taken for finished (its log holds an `ended`), so the game in play went to
    // adjudication at the next sweep with no word to the TD who moved the end.
    expect(storedGames(store).find((g) => g.gameKey === 'CLUB/1')?.finished).toBe(false);
    at('2027-02-25T10:00:00Z');
    expect(await reload({ endDate: '2027-02-18' })).toEqual([
      expect.stringContaining(
        "CLUB/1 is in play, but the event's end date in the config, 2027-02-18, is past: it goes to adjudication at the next sweep (P-10)",
      ),
    ]);
  });
});
