// Appeals of the TD's decisions in a game in play (P-13c): any player may appeal any decision
// of the TD — a penalty, a ruling on a time claim, a clock set, leave granted — within 14 days
// of receiving it, to the chairman of the ICCF Appeals Commission. The mail that tells the
// decision says how and by when; a player's mail that appeals it goes to the TD whole, is
// recorded, and the player is told; a move in it is played as ever.

import { describe, expect, it } from 'vitest';
import { composeTdReport } from '../../src/compose/index.ts';
import { validateConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem } from '../../src/daemon/transport.ts';
import type { Ruling } from '../../src/referee/index.ts';
import { decideRuling } from '../../src/referee/index.ts';
import { Store } from '../../src/store/store.ts';
import { outboxCatcher } from '../support/outbox.ts';

let n = 0;
function item(from: string, body: string, receivedAt: string): InboundItem {
  n++;
  return {
    id: `a${n}`,
    receivedAt,
    raw: Buffer.from(
      `From: ${from}\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] move\r\nDate: ${new Date(receivedAt).toUTCString()}\r\nMessage-ID: <appeal${n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    ),
  };
}

function setup(appealsTo?: { name: string; address: string }) {
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
          ...(appealsTo ? { appealsTo } : {}),
          timeZone: 'UTC',
          language: 'en',
          players: [
            { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
            { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
          ],
          games: [{ id: '1', white: 'jan', black: 'petr', startsOn: '2027-01-20' }],
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  let now = new Date('2027-01-20T08:00:00Z');
  const store = new Store(':memory:');
  const service = new RefereeService({
    config: r.config,
    store,
    logger: memoryLogger(),
    clock: () => now,
  });
  service.ensureGames();
  const flush = outboxCatcher(service);
  const at = (iso: string) => {
    now = new Date(iso);
  };
  const kindOf = (m: Awaited<ReturnType<typeof flush>>[number]) =>
    String(m.mail.headers.get('x-amici-kind'));
  /** The TD's ruling on `on`, as `amici td` applies it. */
  const rule = async (ruling: Ruling, on: string, note?: string) => {
    at(`${on}T12:00:00Z`);
    const r = await service.decideAndCommit(
      service.resolveGame('CLUB/1')!,
      service.state('CLUB/1'),
      { kind: 'ruling', ruling, ...(note ? { note } : {}) },
      on as `${number}-${number}-${number}`,
      `test:${ruling.kind}:${on}`,
    );
    expect(r.committed).toBe(true);
  };
  /** A player's mail on `iso`, and the mails it made. */
  const mail = async (from: string, body: string, iso: string) => {
    at(iso);
    const status = await service.processInbound(item(from, body, iso));
    return { status, sent: await flush() };
  };
  return { service, flush, at, kindOf, rule, mail };
}

describe('appeals of the TD’s decisions in a game in play (P-13c)', () => {
  it('P-13c: a penalty’s mail gives the appeal and its last day; the penalised player’s appeal goes to the TD, recorded, and the game goes on', async () => {
    const { service, flush, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await mail('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z');
    await flush();

    await rule(
      { kind: 'penalise', side: 'black', days: 5, rule: 'P-13', reason: 'offensive note' },
      '2027-01-25',
    );
    const told = await flush();
    expect(told.map((m) => m.to[0]).sort()).toEqual(['jan@x.example', 'petr@x.example']);
    // Before: the penalty, with no word of an appeal.
    for (const m of told)
      expect(m.mail.text).toContain(
        'To appeal this decision, write within 14 days, by 2027-02-08, to the chairman of the ICCF Appeals Commission, whose decision is final (rule P-13), and to the Tournament Director (Anna, td@club.example)',
      );

    // Petr appeals in words, no move. Before: "We found no move in your mail", and the TD never
    // heard of it.
    const appealed = await mail(
      'petr@x.example',
      'I appeal against the penalty: my note quoted the opening, nothing offensive.',
      '2027-01-27T09:00:00Z',
    );
    expect(appealed.status).toBe('done');
    expect(appealed.sent.map((m) => `${m.to[0]} ${kindOf(m)}`).sort()).toEqual([
      'petr@x.example appeal-received',
      'td@club.example td-notice',
    ]);
    const td = appealed.sent.find((m) => m.to[0] === 'td@club.example')!.mail;
    expect(td.subject).toContain('appeal of Black (Petr)');
    expect(td.text).toContain(
      'The appeal of Black (Petr) against your decision of 2027-01-25: a time penalty (Black, 5 days) (rule P-13), which came on 2027-01-27, in time (appeals are due by 2027-02-08).',
    );
    expect(td.text).toContain('my note quoted the opening, nothing offensive');
    const petr = appealed.sent.find((m) => m.to[0] === 'petr@x.example')!.mail.text ?? '';
    expect(petr).toContain(
      'as your appeal against their decision of 2027-01-25: a time penalty (Black, 5 days) (rule P-13)',
    );
    expect(petr).toContain('Appeals must arrive by 2027-02-08; yours came on 2027-01-27, in time.');
    const state = service.state('CLUB/1');
    expect(state.appeals).toEqual([
      {
        side: 'black',
        on: '2027-01-27',
        against: {
          on: '2027-01-25',
          ruling: 'penalise',
          detail: { key: 'penalise', params: { side: 'black', days: '5' } },
        },
      },
    ]);
    // Nothing played, no blank transmission, no penalty for it (P-4d).
    expect(state.plies).toHaveLength(2);
    expect(state.penalties).toHaveLength(1);

    // Jan moves and appeals too, in one mail: the move is played and relayed, the appeal goes.
    const both = await mail(
      'jan@x.example',
      '1...d5 2.c4\nI appeal against the penalty as well: it is too mild.',
      '2027-01-28T09:00:00Z',
    );
    expect(both.sent.map((m) => `${m.to[0]} ${kindOf(m)}`).sort()).toEqual([
      'jan@x.example appeal-received',
      'jan@x.example move-accepted',
      'petr@x.example move-relayed',
      'td@club.example td-notice',
    ]);
    // The appeal went to the TD: the move's answer does not call its words unread.
    const accepted = both.sent.find((m) => kindOf(m) === 'move-accepted')!.mail.text ?? '';
    expect(accepted).not.toContain('too mild');
    expect(service.state('CLUB/1').plies).toHaveLength(3);
    expect(service.state('CLUB/1').appeals.map((a) => a.side)).toEqual(['black', 'white']);

    // Petr adds to his appeal, as he was told he may: still one appeal in the TD's report.
    await mail(
      'petr@x.example',
      'I appeal against the penalty: here is the whole note again.',
      '2027-01-29T09:00:00Z',
    );
    // Before: the report said nothing of appeals.
    const report = () =>
      composeTdReport(service.tdReportOf(service.config.events[0]!, '2027-01-30', undefined)).text;
    const rows = (text: string) => text.split('\n').filter((l) => /^CLUB\/1 .*penalty/.test(l));
    expect(report()).toContain(
      'Appeals waiting for a decision (rules P-11, P-13; the rules set no day by which it must come).',
    );
    expect(report()).toContain('reply with a line such as CLUB/1 uphold-appeal --side black');
    expect(rows(report())).toEqual([
      'CLUB/1  Petr    2027-01-27  2027-01-25: a time penalty (Black, 5 days)  2027-02-08',
      'CLUB/1  Jan     2027-01-28  2027-01-25: a time penalty (Black, 5 days)  2027-02-08',
    ]);

    // The Appeals Commission rejects Petr's appeal; the TD records it: both players are told,
    // with no appeal of it (final, P-13c), and it leaves the report.
    await flush();
    await rule({ kind: 'reject-appeal', side: 'black' }, '2027-02-20', 'The note was offensive.');
    const decided = await flush();
    expect(decided.map((m) => m.to[0]).sort()).toEqual(['jan@x.example', 'petr@x.example']);
    for (const m of decided) {
      expect(m.mail.text).toContain(
        'The Tournament Director has ruled (rules P-13, P-7d): the appeal is rejected (Black).',
      );
      expect(m.mail.text).not.toContain('To appeal');
    }
    expect(rows(report())).toEqual([
      'CLUB/1  Jan     2027-01-28  2027-01-25: a time penalty (Black, 5 days)  2027-02-08',
    ]);
    // Nothing left of Petr's to decide: refused, nothing changed.
    const again = decideRuling(
      service.state('CLUB/1'),
      { kind: 'ruling', ruling: { kind: 'uphold-appeal', side: 'black' } },
      '2027-02-21',
      service.rules(service.config.events[0]!),
    );
    expect(again.events).toEqual([]);
    expect(again.effects).toMatchObject([
      { kind: 'ruling-refused', why: 'no appeal of black waits for a decision' },
    ]);
  });

  it('P-13c, P-7c: a clock set, leave granted and a time claim upheld give the appeal; a protest while the claim is open stays a protest', async () => {
    const { service, flush, at, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await flush();
    await rule({ kind: 'set-clock', side: 'black', usedDays: 3 }, '2027-01-26');
    await rule(
      { kind: 'grant-leave', side: 'white', from: '2027-03-10', to: '2027-03-12' },
      '2027-01-27',
    );
    const rulings = await flush();
    expect(rulings.map((m) => m.to[0]).sort()).toEqual([
      'jan@x.example',
      'jan@x.example',
      'petr@x.example',
      'petr@x.example',
    ]);
    for (const m of rulings) expect(m.mail.text).toContain('To appeal this decision, write');
    expect(rulings.filter((m) => m.mail.text?.includes('by 2027-02-09,'))).toHaveLength(2);
    expect(rulings.filter((m) => m.mail.text?.includes('by 2027-02-10,'))).toHaveLength(2);

    // Petr never answers: the sweep claims his excess (P-7a).
    at('2027-03-01T06:00:00Z');
    await service.sweep();
    await flush();
    const claim = service.state('CLUB/1').claims[0]!;
    expect(claim).toMatchObject({ kind: 'time', side: 'black' });

    // His protest while the claim is open is the protest of the claim (P-7c), not an appeal of
    // the clock the TD set in January, though the words of a protest appeal after a result.
    const protest = await mail(
      'petr@x.example',
      'Protest: my move went out on time, your server lost it.',
      '2027-03-02T09:00:00Z',
    );
    // Jan, the claimant, learns the claim now waits for the TD (the ruling-applied mail).
    expect(protest.sent.map(kindOf).sort()).toEqual([
      'ruling-applied',
      'td-forwarded',
      'td-notice',
    ]);
    expect(protest.sent.find((m) => kindOf(m) === 'td-notice')!.mail.subject).toContain(
      'protest of Black',
    );
    expect(service.state('CLUB/1').claims[0]!.protestedOn).toBe('2027-03-02');
    expect(service.state('CLUB/1').appeals).toEqual([]);
    // So is a mail that "appeals against" the claim while it waits for its ruling: it goes to the
    // TD about the claim. Before: "We found no move in your mail", and the TD never saw it.
    const aboutClaim = await mail(
      'petr@x.example',
      'I appeal against this time claim, my move went out on 20 February.',
      '2027-03-02T15:00:00Z',
    );
    expect(aboutClaim.sent.map(kindOf).sort()).toEqual(['td-forwarded', 'td-notice']);
    expect(aboutClaim.sent.find((m) => kindOf(m) === 'td-notice')!.mail.text).toContain(
      'my move went out on 20 February',
    );
    expect(service.state('CLUB/1').appeals).toEqual([]);

    // The TD upholds it: everyone is told, with the appeal; the TD's copy says the players may
    // appeal by when.
    await rule({ kind: 'uphold-claim', claimId: claim.id }, '2027-03-03');
    const upheld = (await flush()).filter((m) => kindOf(m) === 'claim-ruled');
    expect(upheld.map((m) => m.to[0]).sort()).toEqual([
      'jan@x.example',
      'petr@x.example',
      'td@club.example',
    ]);
    expect(upheld.find((m) => m.to[0] === 'td@club.example')!.mail.text).toContain(
      'A player may appeal by 2027-03-17, to the chairman of the ICCF Appeals Commission',
    );
    expect(upheld.find((m) => m.to[0] === 'petr@x.example')!.mail.text).toContain(
      'To appeal this decision, write within 14 days, by 2027-03-17,',
    );

    // Petr appeals the ruling: it goes to the TD as his appeal of it.
    const appealed = await mail(
      'petr@x.example',
      'I appeal against the ruling on the time claim.',
      '2027-03-05T09:00:00Z',
    );
    expect(appealed.sent.map(kindOf).sort()).toEqual(['appeal-received', 'td-notice']);
    expect(appealed.sent.find((m) => kindOf(m) === 'td-notice')!.mail.text).toContain(
      `against your decision of 2027-03-03: the claim is upheld (${claim.id}) (rule P-13)`,
    );
    expect(service.state('CLUB/1').appeals).toMatchObject([
      { side: 'black', on: '2027-03-05', against: { ruling: 'uphold-claim' } },
    ]);

    // A word for the TD that is no appeal of a decision stays a message for the TD (P-5d).
    const dispute = await mail(
      'jan@x.example',
      'TD: my opponent keeps writing to me privately.',
      '2027-03-06T09:00:00Z',
    );
    expect(dispute.sent.map(kindOf).sort()).toEqual(['td-forwarded', 'td-notice']);
    expect(service.state('CLUB/1').appeals).toHaveLength(1);
  });

  it('P-13c: with no decision of the TD in the game, "I appeal" is answered as before', async () => {
    const { service, flush, kindOf, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await flush();
    const r = await mail('petr@x.example', 'I appeal against nothing.', '2027-01-23T09:00:00Z');
    expect(r.sent.map(kindOf)).toEqual(['no-move']);
    expect(service.state('CLUB/1').appeals).toEqual([]);
  });
});

describe('results the TD decided besides P-10 and P-13 (P-9a, L-6.9, P-7f; P-13c)', () => {
  it('P-9a, P-13c: a withdrawn player’s game scored as lost tells both players the appeal, and the player’s appeal of it goes to the TD', async () => {
    const { service, flush, kindOf, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await flush();
    const event = service.config.events[0]!;
    const petr = event.players.find((p) => p.id === 'petr')!;
    const r = service.withdraw(event, petr, { annul: false, reason: 'Petr withdrew' });
    expect(r.games).toMatchObject([{ gameKey: 'CLUB/1', result: '1-0', rule: 'P-9a', now: true }]);
    const told = await flush();
    // Before: the opponent's result and Petr's summary said nothing of an appeal, though scoring
    // the game is the TD's decision (P-9a), which any player may appeal (P-13c).
    const to = (address: string, kind: string) =>
      told.find((m) => m.to[0] === address && kindOf(m) === kind)!.mail.text ?? '';
    expect(to('jan@x.example', 'game-ended')).toContain(
      'write within 14 days, by 2027-02-05, to the chairman of the ICCF Appeals Commission',
    );
    expect(to('petr@x.example', 'withdrawal')).toContain(
      "This is the Tournament Director's decision. To appeal it, write within 14 days, by 2027-02-05, to the chairman of the ICCF Appeals Commission, whose decision is final (rule P-13), and to the Tournament Director (Anna, td@club.example).",
    );
    expect(to('td@club.example', 'withdrawal-td')).toContain(
      'Each player may appeal within 14 days of receiving this decision (Petr by 2027-02-05',
    );
    const appealed = await mail(
      'petr@x.example',
      'I appeal against the result: I never withdrew, I only asked for leave.',
      '2027-01-25T09:00:00Z',
    );
    expect(appealed.sent.map((m) => `${m.to[0]} ${kindOf(m)}`).sort()).toEqual([
      'petr@x.example appeal-received',
      'td@club.example td-notice',
    ]);
    expect(service.state('CLUB/1').appeals).toMatchObject([
      { side: 'black', against: { ruling: 'set-result', rule: 'P-9a' } },
    ]);
  });

  it('P-9a, P-13c: an annulment gives the appeal in one mail, and an appeal of it goes to the TD', async () => {
    const { service, flush, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await flush();
    await rule({ kind: 'annul', reason: 'Petr withdrew' }, '2027-01-24');
    const told = await flush();
    // Before: a ruling and a result to each player, neither with a word of an appeal.
    expect(told.map((m) => `${m.to[0]} ${kindOf(m)}`).sort()).toEqual([
      'jan@x.example game-ended',
      'petr@x.example game-ended',
      'td@club.example game-ended',
    ]);
    for (const m of told.filter((x) => x.to[0] !== 'td@club.example'))
      expect(m.mail.text).toContain('To appeal, write within 14 days, by 2027-02-07,');
    const appealed = await mail(
      'jan@x.example',
      'I appeal against the annulment: I was winning.',
      '2027-01-26T09:00:00Z',
    );
    expect(appealed.sent.map(kindOf).sort()).toEqual(['appeal-received', 'td-notice']);
    expect(appealed.sent.find((m) => kindOf(m) === 'td-notice')!.mail.text).toContain(
      'against your decision of 2027-01-24: the game is annulled',
    );
  });

  it('L-6.9, P-7f: both lost on time, or a loss on time the TD sets, give the appeal; an agreed draw the TD records does not (L-5.2.3)', async () => {
    for (const [ruling, appeal] of [
      [{ kind: 'set-result', result: '0-0', reason: 'both exceeded, order unknown' }, true],
      [{ kind: 'set-result', result: '1-0', reason: 'time exceeded twice', rule: 'P-7f' }, true],
      [{ kind: 'set-result', result: '1/2-1/2', reason: 'draw agreed by phone' }, false],
    ] as const) {
      const { service, flush, rule } = setup();
      await service.sweep();
      await flush();
      await rule(ruling, '2027-01-24');
      const players = (await flush()).filter((m) => m.to[0] !== 'td@club.example');
      expect(players.length).toBeGreaterThan(0);
      for (const m of players)
        expect(m.mail.text?.includes('To appeal, write within 14 days')).toBe(appeal);
    }
  });
});

describe('the decision an appeal is against, of several the TD took (P-11, P-13c)', () => {
  it('P-13c: an appeal naming the penalty is of the penalty, not of the clock set since; one naming none is of the latest, and the TD is shown the decisions open to appeal', async () => {
    const { service, flush, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await mail('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z');
    await rule(
      { kind: 'penalise', side: 'black', days: 5, rule: 'P-13', reason: 'offensive note' },
      '2027-01-25',
    );
    await rule({ kind: 'set-clock', side: 'white', usedDays: 3 }, '2027-01-27');
    await flush();

    // Before: recorded against the clock set on the 27th, the TD's latest decision.
    const petr = await mail(
      'petr@x.example',
      'I appeal against the penalty: my note quoted the opening.',
      '2027-01-28T09:00:00Z',
    );
    expect(service.state('CLUB/1').appeals).toMatchObject([
      { side: 'black', against: { on: '2027-01-25', ruling: 'penalise' } },
    ]);
    const toTd = petr.sent.find((m) => kindOf(m) === 'td-notice')!.mail.text ?? '';
    expect(toTd).toContain(
      'The appeal of Black (Petr) against your decision of 2027-01-25: a time penalty (Black, 5 days) (rule P-13), which came on 2027-01-28, in time (appeals are due by 2027-02-08).',
    );
    expect(toTd).not.toContain('open to the player');
    expect(petr.sent.find((m) => kindOf(m) === 'appeal-received')!.mail.text).toContain(
      'as your appeal against their decision of 2027-01-25: a time penalty (Black, 5 days)',
    );

    // Jan names nothing: recorded against the latest, and the TD's copy lists both decisions
    // open to his appeal. Before: the TD saw only the latest, with no word of the other.
    const jan = await mail('jan@x.example', 'I appeal.', '2027-01-29T09:00:00Z');
    expect(service.state('CLUB/1').appeals[1]).toMatchObject({
      side: 'white',
      against: { on: '2027-01-27', ruling: 'set-clock' },
    });
    expect(jan.sent.find((m) => kindOf(m) === 'td-notice')!.mail.text).toContain(
      "It does not single out one decision, and more than one of yours was open to the player's appeal when it came: 2027-01-25: a time penalty (Black, 5 days); 2027-01-27: the clock is set (White, 3 days used). amici recorded it against the latest;",
    );
  });
});

describe('an appeal decided is final (P-11, P-13c)', () => {
  it('P-13c: after reject-appeal, a new appeal of the same penalty, by either player, is answered that it is final; nothing is recorded and the TD is not troubled', async () => {
    const { service, flush, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await mail('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z');
    await rule(
      { kind: 'penalise', side: 'black', days: 5, rule: 'P-13', reason: 'offensive note' },
      '2027-01-25',
    );
    await mail('petr@x.example', 'I appeal against the penalty.', '2027-01-26T09:00:00Z');
    await flush();
    await rule({ kind: 'reject-appeal', side: 'black' }, '2027-02-01');
    const decided = await flush();
    // The decision on the appeal says it is final. Before: it only said "the appeal is rejected".
    for (const m of decided)
      expect(m.mail.text).toContain(
        'This decision on the appeal is final (rule P-13): no further appeal of it is considered.',
      );

    // Before: recorded as a new appeal, forwarded to the TD, and listed in the report again.
    const again = await mail(
      'petr@x.example',
      'I appeal against the penalty once more: the Commission got it wrong.',
      '2027-02-03T09:00:00Z',
    );
    expect(again.sent.map((m) => `${m.to[0]} ${kindOf(m)}`)).toEqual([
      'petr@x.example appeal-final',
    ]);
    const text = again.sent[0]!.mail.text ?? '';
    expect(text).toContain(
      "Your mail appeals against the Tournament Director's decision of 2027-01-25: a time penalty (Black, 5 days). An appeal against it was decided on 2027-02-01, and that decision is final (rule P-13): no further appeal is considered, so your mail did not go to the Tournament Director as an appeal, and nothing was recorded.",
    );
    expect(text).toContain('write it on a line that starts with TD:');
    expect(service.state('CLUB/1').appeals).toHaveLength(1);
    // The inbox says why nothing was forwarded.
    expect(service.store.inboundLog().at(-1)?.note).toContain(
      "appeal of black against the TD's penalise black 5 of 2027-01-25: decided on 2027-02-01, final (P-13); not recorded, not forwarded",
    );
    // Said again the same day: no second answer, so no robot starts an exchange.
    const thrice = await mail('petr@x.example', 'I appeal!', '2027-02-03T15:00:00Z');
    expect(thrice.sent).toEqual([]);
    // The opponent's appeal of the same penalty is no more considered.
    const jan = await mail(
      'jan@x.example',
      'I appeal against the penalty.',
      '2027-02-04T09:00:00Z',
    );
    expect(jan.sent.map((m) => `${m.to[0]} ${kindOf(m)}`)).toEqual(['jan@x.example appeal-final']);
    expect(service.state('CLUB/1').appeals).toHaveLength(1);
  });

  it('P-11: the second expert’s result set on an appeal of an adjudication is final: no appeal route in its mail, and a new appeal of it is answered so', async () => {
    const { service, flush, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await mail('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z');
    await rule(
      { kind: 'set-result', result: '1-0', reason: 'adjudicated by the expert', rule: 'P-10' },
      '2027-01-25',
    );
    await mail('petr@x.example', 'I appeal against the adjudication.', '2027-01-27T09:00:00Z');
    await flush();
    // The second expert finds a draw: the TD records it.
    await rule(
      {
        kind: 'set-result',
        result: '1/2-1/2',
        reason: 'adjudicated by a second expert',
        rule: 'P-10',
      },
      '2027-02-10',
    );
    const told = await flush();
    const players = told.filter((m) => kindOf(m) === 'game-ended' && m.to[0] !== 'td@club.example');
    expect(players).toHaveLength(2);
    // Before: the second expert's result came with a new appeal route and a new 14 days.
    for (const m of players) {
      expect(m.mail.text).not.toContain('To appeal');
      expect(m.mail.text).toContain(
        'This decision on the appeal is final (rule P-11): no further appeal of it is considered.',
      );
    }
    expect(service.state('CLUB/1').appeals).toMatchObject([
      { side: 'black', ruled: { on: '2027-02-10' } },
    ]);
    // Jan, who won the first and drew the second, appeals: it is final (P-11).
    const jan = await mail(
      'jan@x.example',
      'I appeal against the new result.',
      '2027-02-12T09:00:00Z',
    );
    expect(jan.sent.map((m) => `${m.to[0]} ${kindOf(m)}`)).toEqual(['jan@x.example appeal-final']);
    expect(jan.sent[0]!.mail.text).toContain(
      "Your mail appeals against the Tournament Director's decision of 2027-02-10: the result is set (1/2-1/2 (draw)), which decided an appeal and is final (rule P-11)",
    );
    expect(service.state('CLUB/1').appeals).toHaveLength(1);
  });

  it('P-9a, P-13c: the reinstatement that carries out an upheld appeal of the annulment is final: no appeal route in its mail, and a new appeal of it is answered so', async () => {
    const { service, flush, kindOf, rule, mail } = setup();
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await rule({ kind: 'annul', reason: 'Petr withdrew' }, '2027-01-24');
    await mail('jan@x.example', 'I appeal against the annulment.', '2027-01-26T09:00:00Z');
    await flush();
    // The Appeals Commission upholds it: the TD records that, and reinstates the game.
    await rule({ kind: 'uphold-appeal', side: 'white' }, '2027-02-10');
    await flush();
    await rule({ kind: 'reinstate' }, '2027-02-10');
    const told = await flush();
    const players = told.filter((m) => m.to[0] !== 'td@club.example');
    expect(players).toHaveLength(2);
    // Before: the reinstatement came with a new appeal route and a new 14 days, as if it were
    // a new decision of the TD, right after the mail that said the appeal's decision is final.
    for (const m of players) {
      expect(m.mail.text).toContain('the annulment is undone');
      expect(m.mail.text).not.toContain('To appeal');
      expect(m.mail.text).toContain(
        'This decision on the appeal is final (rule P-13): no further appeal of it is considered.',
      );
    }
    // Petr, whose withdrawal it undid, appeals: it is final (P-13c), not forwarded.
    const petr = await mail(
      'petr@x.example',
      'I appeal against the reinstatement.',
      '2027-02-12T09:00:00Z',
    );
    expect(petr.sent.map((m) => `${m.to[0]} ${kindOf(m)}`)).toEqual([
      'petr@x.example appeal-final',
    ]);
    expect(service.state('CLUB/1').appeals).toHaveLength(1);
  });
});

describe('the chairman of the ICCF Appeals Commission named in the config (appealsTo, P-13c)', () => {
  const chairman = { name: 'Karel Dvořák', address: 'appeals@iccf.example' };

  it('P-13c: the decision’s mail names the chairman with the address, and an appeal mailed to amici goes to the TD with a copy to the chairman; the player is told', async () => {
    const { service, flush, kindOf, rule, mail } = setup(chairman);
    await service.sweep();
    await mail('jan@x.example', '1.d4', '2027-01-22T09:00:00Z');
    await mail('petr@x.example', '1.d4 d5', '2027-01-24T09:00:00Z');
    await flush();
    await rule(
      { kind: 'penalise', side: 'black', days: 5, rule: 'P-13', reason: 'offensive note' },
      '2027-01-25',
    );
    // Before: "to the chairman of the ICCF Appeals Commission", with no name or address.
    for (const m of await flush())
      expect(m.mail.text).toContain(
        'To appeal this decision, write within 14 days, by 2027-02-08, to the chairman of the ICCF Appeals Commission (Karel Dvořák, appeals@iccf.example), whose decision is final (rule P-13), and to the Tournament Director (Anna, td@club.example): a reply to this mail that appeals reaches both.',
      );
    const appealed = await mail(
      'petr@x.example',
      'I appeal against the penalty.',
      '2027-01-27T09:00:00Z',
    );
    // Before: to the TD alone; the chairman, who decides (P-13c), had it only if Petr wrote.
    const notice = appealed.sent.find((m) => kindOf(m) === 'td-notice')!;
    expect(notice.to).toEqual(['td@club.example', 'appeals@iccf.example']);
    expect(notice.mail.headers.get('cc')).toMatchObject({
      value: [{ address: 'appeals@iccf.example' }],
    });
    expect(notice.mail.text).toContain(
      'Under P-13 the chairman of the ICCF Appeals Commission (Karel Dvořák, appeals@iccf.example) decides on it, finally; this mail went to them too (Cc)',
    );
    expect(appealed.sent.find((m) => kindOf(m) === 'appeal-received')!.mail.text).toContain(
      'a copy of your mail went to them with the Tournament Director',
    );

    // The copy came back: the TD, who has the appeal, is told to forward it by hand. Before:
    // a bounce of the TD's own notice, filed without a word.
    const id = String(notice.mail.messageId);
    await service.processInbound({
      id: 'dsn1',
      receivedAt: '2027-01-27T10:00:00Z',
      raw: Buffer.from(
        `From: MAILER-DAEMON@iccf.example\r\nTo: referee@club.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <dsn1@iccf.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; iccf.example\r\n\r\nFinal-Recipient: rfc822; appeals@iccf.example\r\nAction: failed\r\nStatus: 5.1.1\r\n--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${id}\r\n--b--\r\n`,
      ),
    });
    const bounced = await flush();
    expect(bounced.map((m) => `${m.to.join(',')} ${kindOf(m)}`)).toEqual([
      'td@club.example td-notice',
    ]);
    expect(bounced[0]!.mail.text).toContain(
      "The copy of a player's appeal to the chairman of the ICCF Appeals Commission (Karel Dvořák, appeals@iccf.example, appealsTo in the config) could not be delivered",
    );
  });

  it('P-11: an appeal of an adjudication goes to the TD alone, whose second expert decides', async () => {
    const { service, flush, kindOf, rule, mail } = setup(chairman);
    await service.sweep();
    await flush();
    await rule(
      { kind: 'set-result', result: '1-0', reason: 'adjudicated by the expert', rule: 'P-10' },
      '2027-01-25',
    );
    const told = await flush();
    expect(told.find((m) => m.to[0] === 'petr@x.example')!.mail.text).not.toContain('Dvořák');
    const appealed = await mail(
      'petr@x.example',
      'I appeal against the adjudication.',
      '2027-01-27T09:00:00Z',
    );
    expect(appealed.sent.find((m) => kindOf(m) === 'td-notice')!.to).toEqual(['td@club.example']);
  });
});
