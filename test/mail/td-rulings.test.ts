// A TD's ruling written in a mail, line by line, as typed at the `amici td` prompt — also on a
// phone, which curls quotes and turns `--` into a dash.

import { describe, expect, it } from 'vitest';
import { readRulingLine, readRulings } from '../../src/mail/td-rulings.ts';

describe('a ruling line in a TD’s mail (P-7d)', () => {
  it('P-7d: uphold-claim and reject-claim name the claim', () => {
    expect(readRulingLine('uphold-claim time:white:20:1')).toMatchObject({
      ok: true,
      ruling: { kind: 'uphold-claim', claimId: 'time:white:20:1' },
    });
    expect(readRulingLine('  Reject-Claim time:black:10:1  ')).toMatchObject({
      ok: true,
      ruling: { kind: 'reject-claim', claimId: 'time:black:10:1' },
    });
  });

  it('P-8c: options with values, and a note for the players in quotes', () => {
    expect(
      readRulingLine(
        'grant-leave --side white --from 2026-12-01 --to 2026-12-14 --note "hospital"',
      ),
    ).toEqual({
      ok: true,
      line: 'grant-leave --side white --from 2026-12-01 --to 2026-12-14 --note "hospital"',
      ruling: { kind: 'grant-leave', side: 'white', from: '2026-12-01', to: '2026-12-14' },
      note: 'hospital',
    });
  });

  it('P-8b, P-8c: refuse-leave takes the days as grant-leave does', () => {
    expect(
      readRulingLine('refuse-leave --side black --from 2026-12-01 --to 2026-12-02 --note "late"'),
    ).toMatchObject({
      ok: true,
      ruling: { kind: 'refuse-leave', side: 'black', from: '2026-12-01', to: '2026-12-02' },
      note: 'late',
    });
    expect(readRulingLine('refuse-leave --side black --from 2026-12-01')).toMatchObject({
      ok: false,
      code: 'leave-args',
    });
  });

  it.each([
    [
      'restore-position --move 10... --offender black',
      { before: { number: 10, side: 'black' }, offender: 'black' },
    ],
    ['restore-position --move 10…', { before: { number: 10, side: 'black' } }],
    ['restore-position --move 7.', { before: { number: 7, side: 'white' } }],
    ['restore-position --move 7', { before: { number: 7, side: 'white' } }],
    ['restore-position --plies 3', { plies: 3 }],
  ] as const)('L-7.2: %s names the illegal move (or the half-moves kept)', (line, ruling) => {
    expect(readRulingLine(line)).toMatchObject({
      ok: true,
      ruling: { kind: 'restore-position', ...ruling },
    });
  });

  it.each([
    'restore-position',
    'restore-position --move ten',
    'restore-position --move 10... --plies 3',
  ])('L-7.2: %s is refused with how to name the move', (line) => {
    expect(readRulingLine(line)).toMatchObject({
      ok: false,
      error: expect.stringContaining('--move 10...'),
    });
  });

  it.each([
    ['pause.', undefined],
    ['CCC26/1: pause', 'CCC26/1'],
    ['CCC26/2 - pause', 'CCC26/2'],
    ['CCC26/2 – pause', 'CCC26/2'],
    ['Game CCC26/2: pause', 'CCC26/2'],
    ['CCC26/2 pause.', 'CCC26/2'],
  ])('P-7d: %s — punctuation as a TD writes it', (line, game) => {
    const r = readRulingLine(line);
    expect(r).toMatchObject({ ok: true, ruling: { kind: 'pause' } });
    expect(r?.game).toBe(game);
  });

  it('P-7d: a full stop after a claim id is the sentence’s; the dots of a Black move stay', () => {
    expect(readRulingLine('uphold-claim time:white:10:1.')).toMatchObject({
      ruling: { claimId: 'time:white:10:1' },
    });
    expect(readRulingLine('restore-position --move 10...')).toMatchObject({
      ruling: { before: { number: 10, side: 'black' } },
    });
    expect(readRulingLine('Pause the game, please.')).toBeUndefined();
  });

  it('L-6.10: pause --from DATE, and a date in another form named', () => {
    expect(readRulingLine('pause --from 2026-11-10')).toMatchObject({
      ok: true,
      ruling: { kind: 'pause', from: '2026-11-10' },
    });
    expect(readRulingLine('pause --from 10.11.2026')).toMatchObject({
      ok: false,
      error: '--from is the day the clocks stopped, as YYYY-MM-DD',
    });
  });

  it('a phone’s curled quotes and dashes are read as typed on a keyboard', () => {
    expect(readRulingLine('set-result 1-0 —reason “adjudicated by the expert”')).toMatchObject({
      ok: true,
      ruling: { kind: 'set-result', result: '1-0', reason: 'adjudicated by the expert' },
    });
    expect(readRulingLine('set-result ½-½ –reason „agreed by phone“')).toMatchObject({
      ok: true,
      ruling: { kind: 'set-result', result: '1/2-1/2', reason: 'agreed by phone' },
    });
  });

  it('an apostrophe inside a word is a letter, not a quote', () => {
    expect(readRulingLine("annul --reason O'Brien")).toMatchObject({
      ok: true,
      ruling: { kind: 'annul', reason: "O'Brien" },
    });
    expect(readRulingLine(`annul --reason "O'Brien withdrew"`)).toMatchObject({
      ok: true,
      ruling: { kind: 'annul', reason: "O'Brien withdrew" },
    });
    expect(readRulingLine("annul --reason 'Dan withdrew'")).toMatchObject({
      ok: true,
      ruling: { kind: 'annul', reason: 'Dan withdrew' },
    });
  });

  it('P-9a: annul, after an optional "amici td"', () => {
    expect(readRulingLine('amici td annul --reason "Dan withdrew"')).toMatchObject({
      ok: true,
      ruling: { kind: 'annul', reason: 'Dan withdrew' },
    });
  });

  it('P-9a undone: reinstate (or unannul), alone or with a note; a sentence starting with it is prose', () => {
    for (const line of ['reinstate', 'Reinstate.', 'unannul', 'CLUB/4 reinstate'])
      expect(readRulingLine(line)).toMatchObject({ ok: true, ruling: { kind: 'reinstate' } });
    expect(readRulingLine('reinstate --note "Dan is back"')).toMatchObject({
      ok: true,
      ruling: { kind: 'reinstate' },
      note: 'Dan is back',
    });
    expect(readRulingLine('Reinstate the game if Dan writes again.')).toBeUndefined();
    expect(readRulingLine('reinstate 1-0')).toMatchObject({ ok: false, code: 'unexpected' });
  });

  it('P-7c: protest --side S --received DATE records a protest that came by post; a sentence starting with it is prose, a line without the day is answered', () => {
    expect(readRulingLine('CLUB/4 protest --side black --received 2027-02-25')).toMatchObject({
      ok: true,
      game: 'CLUB/4',
      ruling: { kind: 'protest', side: 'black', receivedOn: '2027-02-25' },
    });
    expect(readRulingLine('Protest against the claim came by post today.')).toBeUndefined();
    expect(readRulingLine('Protest: the count is wrong')).toBeUndefined();
    expect(readRulingLine('protest --side black')).toMatchObject({
      ok: false,
      code: 'protest-args',
    });
  });

  it('a line may name its game first, as the TD’s report writes it', () => {
    expect(readRulingLine('CLUB/4 uphold-claim time:white:10:1')).toMatchObject({
      ok: true,
      game: 'CLUB/4',
      ruling: { kind: 'uphold-claim', claimId: 'time:white:10:1' },
    });
    expect(readRulingLine('[CLUB/4] pause')).toMatchObject({ ok: true, game: 'CLUB/4' });
    expect(readRulingLine('CLUB/4 pause --sid white')).toMatchObject({ ok: false, game: 'CLUB/4' });
    expect(readRulingLine('CLUB/4 is paused, I think')).toBeUndefined();
  });

  it('what is missing or wrong is said, never guessed', () => {
    expect(readRulingLine('uphold-claim')).toMatchObject({ ok: false, error: 'give the claim id' });
    expect(readRulingLine('grant-leave --side white --from 2026-12-01')).toMatchObject({
      ok: false,
      error: 'give --side, --from and --to (white or black; dates as YYYY-MM-DD)',
    });
    expect(readRulingLine('penalise --side black --days five --reason late')).toMatchObject({
      ok: false,
      error: 'give --side, --days and --reason',
    });
    expect(readRulingLine('pause --sid white')).toMatchObject({
      ok: false,
      error: 'unknown option --sid',
    });
    // One word after a plain ruling may be meant for it: asked, not dropped.
    expect(readRulingLine('pause now')).toMatchObject({
      ok: false,
      error: 'unexpected "now" (put text in quotes)',
    });
    expect(readRulingLine('annul --reason Dan withdrew')).toMatchObject({
      ok: false,
      error: 'unexpected "withdrew" (put text in quotes)',
    });
    expect(readRulingLine('annul --reason "Dan withdrew')).toMatchObject({
      ok: false,
      error: 'a quotation mark is not closed',
    });
  });

  it('P-7d: a ruling with its name mistyped is answered with the nearest name, not passed over as prose', () => {
    expect(readRulingLine('set-clok --side black --used 5')).toMatchObject({
      ok: false,
      error: 'no ruling is called "set-clok"; did you mean set-clock?',
    });
    expect(readRulingLine('uphold-clam time:white:10:1')).toMatchObject({
      ok: false,
      error: 'no ruling is called "uphold-clam"; did you mean uphold-claim?',
    });
    expect(readRulingLine('CLUB/4 set-time --side white --used 3')).toMatchObject({
      ok: false,
      error: 'no ruling is called "set-time"',
      game: 'CLUB/4',
    });
    // The American spelling is the same ruling.
    expect(readRulingLine('penalize --side black --days 2 --reason rude')).toMatchObject({
      ok: true,
      ruling: { kind: 'penalise', side: 'black', days: 2 },
    });
    // A mistyped line stops the whole mail: the lines beside it are not applied alone.
    expect(
      readRulings('waive-penalty --side white --on 2026-11-14\nset-clok --side black --used 5').map(
        (r) => r.ok,
      ),
    ).toEqual([true, false]);
  });

  it('other lines are not rulings: greetings, quotes, words that only start like one', () => {
    const text = [
      'Dear amici,',
      '',
      'uphold-claim time:white:20:1',
      'pause-and-think is not a ruling',
      'Paused the clocks? no.',
      'Resume play after the holidays, please.',
      'Pause for thought: is the claim right?',
      'Annul the game? Not yet.',
      '> reject-claim time:white:20:1',
      'Anna',
      'Cause and effect -- nothing more.',
      'paula, thanks',
    ].join('\n');
    expect(readRulings(text).map((r) => r.line)).toEqual(['uphold-claim time:white:20:1']);
  });
});
