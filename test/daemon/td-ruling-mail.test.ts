// P-7d by mail: a TD answers a notice about a game with a ruling, one per line, written as at
// the `amici td` prompt. amici applies it exactly as `amici td` would and tells everyone; a
// ruling that does not read, or a mail in the TD's name with no valid signature (P-2d), changes
// nothing and the TD is told why and how to write it. Signatures are made with test keys.

import { beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import type { DnsResolver } from '../../src/daemon/authenticate.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';
import type { DkimDomain } from '../support/dkim.ts';
import { dkimDomain, keyServer, signMail } from '../support/dkim.ts';
import { outboxCatcher } from '../support/outbox.ts';

let players: DkimDomain; // the players' provider
let club: DkimDomain; // the TD's
beforeAll(() => {
  players = dkimDomain('x.example');
  club = dkimDomain('club.example');
});

const TD = 'Anna <td@club.example>';

let n = 0;
function raw(from: string, body: string, subject = 'Re: [CLUB/1] Jan – Petr'): Buffer {
  n++;
  return Buffer.from(
    `From: ${from}\r\nTo: referee@club.example\r\nSubject: ${subject}\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <in${n}@mail.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`,
  );
}
const item = (bytes: Buffer, receivedAt = '2026-11-05T10:00:00Z'): InboundItem => ({
  id: `m${n}`,
  receivedAt,
  raw: bytes,
});

function setup(
  resolver: DnsResolver,
  authentication: 'dkim' | 'none' = 'dkim',
  games: { id: string; white: string; black: string; startsOn: string }[] = [
    { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
  ],
) {
  const r = validateConfig(
    {
      from: { name: 'amici', address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: './in', authentication },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: ':memory:' },
      events: [
        {
          name: 'Club',
          tag: 'CLUB',
          td: { name: 'Anna', address: 'td@club.example' },
          timeZone: 'Europe/Warsaw',
          players: [
            { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
            { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
            { id: 'eva', name: 'Eva', addresses: ['eva@x.example'] },
          ],
          games,
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const logger = memoryLogger();
  let now = new Date('2026-11-05T10:05:00Z');
  const store = new Store(':memory:');
  const service = new RefereeService({
    config: r.config,
    store,
    logger,
    clock: () => now,
    resolver,
  });
  service.ensureGames();
  const flush = outboxCatcher(service);
  const setNow = (iso: string) => {
    now = new Date(iso);
  };
  return { service, logger, flush, setNow, store, config: r.config, clock: () => now };
}

/** Jan, Petr and Eva each play the other two. */
const THREE_GAMES = [
  { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
  { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
  { id: '3', white: 'petr', black: 'eva', startsOn: '2026-11-02' },
];

/** Jan and Petr have played 1.e4 e5: White to move. */
async function opening(s: ReturnType<typeof setup>) {
  const jan = await signMail(raw('Jan <jan@x.example>', '1.e4'), players);
  expect(await s.service.processInbound(item(jan, '2026-11-02T10:00:00Z'))).toBe('done');
  const petr = await signMail(raw('Petr <petr@x.example>', '1.e4 e5'), players);
  expect(await s.service.processInbound(item(petr, '2026-11-03T10:00:00Z'))).toBe('done');
  await s.flush();
}

describe('P-7d: rulings mailed by the TD', () => {
  it('a signed ruling is applied as at the prompt: both players told, the note passed on', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const mail = await signMail(
      raw(TD, 'Hello,\n\npause --note "the club is closed until December"\n\nAnna'),
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('done');
    expect(s.service.state('CLUB/1').pauses).toEqual([{ from: '2026-11-05', to: null }]);
    expect(s.logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_TD_RULING',
      item: expect.any(String),
      messageId: expect.stringMatching(/@/),
      game: 'CLUB/1',
      status: 'done',
      rulings: 1,
    });
    const all = await s.flush();
    expect(all.map((m) => m.to)).toEqual([
      ['jan@x.example'],
      ['petr@x.example'],
      ['td@club.example'],
    ]);
    // The TD is told what was applied and who was told (P-7d), in reply to their mail.
    const done = all[2]!.mail;
    expect(done.headers.get('x-amici-kind')).toBe('ruling-done');
    expect(done.subject).toBe(
      '[CLUB] your ruling is applied: pause --note "the club is closed until December"',
    );
    expect(done.inReplyTo).toMatch(/^<in\d+@mail\.example>$/);
    expect(done.text).toMatch(
      /CLUB\/1 +pause --note "the club is closed until December" +applied +Jan, Petr/,
    );
    const out = all.slice(0, 2);
    for (const { mail: m } of out) {
      expect(m.subject).toContain('[CLUB/1]');
      expect(m.text).toContain(
        'The Tournament Director has ruled (rules L-6.10, P-7d): the clocks are stopped.',
      );
      expect(m.text).toContain('"the club is closed until December"');
      expect(m.text).toContain('L-6.10');
    }
    // Delivered twice, or read again after a restart: nothing changes, nothing is sent.
    expect(await s.service.processInbound(item(mail))).toBe('done');
    expect(s.service.state('CLUB/1').pauses).toHaveLength(1);
    expect(await s.flush()).toEqual([]);
  });

  it('L-7.1: colours reversed by the TD — the config’s Black plays White from then on, after a restart too', async () => {
    const resolver = keyServer([players, club]).resolver;
    const s = setup(resolver);
    await opening(s);
    // Another process (as `amici td` beside the daemon) folds the game before the reversal.
    const other = new RefereeService({
      config: s.config,
      store: s.store,
      logger: s.logger,
      clock: s.clock,
      resolver,
    });
    expect(other.sideOf(other.resolveGame('CLUB/1')!, 'petr@x.example')).toBe('black');
    const mail = await signMail(raw(TD, 'reverse-colours'), club);
    expect(await s.service.processInbound(item(mail))).toBe('done');
    expect(s.service.state('CLUB/1')).toMatchObject({ white: 'Petr', black: 'Jan', plies: [] });
    // Each player gets the ruling written for them (it went by the old colours).
    for (const { to, mail: m } of await s.flush())
      if (to[0] !== 'td@club.example')
        expect(m.text).toContain(to[0] === 'jan@x.example' ? 'Dear Jan' : 'Dear Petr');
    // Petr now opens; his move goes to Jan, and Jan, with Black, is not asked to move first.
    const petr = await signMail(raw('Petr <petr@x.example>', '1.d4'), players);
    expect(await s.service.processInbound(item(petr, '2026-11-05T12:00:00Z'))).toBe('done');
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['d2d4']);
    const relayed = await s.flush();
    expect(relayed.map((m) => m.to)).toContainEqual(['jan@x.example']);
    const jan = await signMail(raw('Jan <jan@x.example>', '1.d4 Nf6'), players);
    expect(await s.service.processInbound(item(jan, '2026-11-06T12:00:00Z'))).toBe('done');
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['d2d4', 'g8f6']);
    // The other process and a restarted daemon see Petr as White.
    for (const service of [
      other,
      new RefereeService({
        config: s.config,
        store: s.store,
        logger: s.logger,
        clock: s.clock,
        resolver,
      }),
    ]) {
      const ref = service.resolveGame('CLUB/1')!;
      expect(service.sideOf(ref, 'petr@x.example')).toBe('white');
      expect(ref.game).toMatchObject({ white: 'petr', black: 'jan' });
    }
    // The config itself is untouched (a SIGHUP reload starts from it and the store again).
    expect(s.config.events[0]!.games[0]).toMatchObject({ white: 'jan', black: 'petr' });
  });

  it('P-8c: extra leave granted in one game stops the player’s clock in all their unfinished games', async () => {
    const s = setup(keyServer([players, club]).resolver, 'dkim', THREE_GAMES);
    await opening(s);
    const mail = await signMail(
      raw(TD, 'grant-leave --side white --from 2026-11-10 --to 2026-11-20 --note "illness"'),
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('done');
    const leave = { from: '2026-11-10', to: '2026-11-20', granted: true };
    expect(s.service.state('CLUB/1').leaves).toMatchObject([{ side: 'white', ...leave }]);
    // Jan plays Black in game 2: his leave there too; game 3 is not his.
    expect(s.service.state('CLUB/2').leaves).toMatchObject([{ side: 'black', ...leave }]);
    expect(s.service.state('CLUB/3').leaves).toEqual([]);
    const told = await s.flush();
    // Eva, Jan's opponent in game 2, is told, with the TD's note.
    const eva = told.find((m) => m.to.includes('eva@x.example'));
    expect(eva?.mail.subject).toContain('[CLUB/2]');
    expect(eva?.mail.text).toContain('"illness"');
    // The TD: one confirmation, the leave in both of Jan's games and who was told in each.
    const done = told.filter((m) => m.to.includes('td@club.example'));
    expect(done.map((m) => m.mail.headers.get('x-amici-kind'))).toEqual(['ruling-done']);
    expect(done[0]!.mail.text).toMatch(/CLUB\/1 +grant-leave .* +applied +Jan, Petr/);
    expect(done[0]!.mail.subject).toBe(
      '[CLUB] your ruling is applied: grant-leave --side white --from 2026-11-10 --to 2026-11-20 --note "illness"',
    );
    expect(done[0]!.mail.text).toMatch(
      /CLUB\/2 +the same leave, in this game too \(P-8c\) +applied +Eva, Jan/,
    );
  });

  it('P-9a: an annulment by mail is confirmed to the TD with how to undo it; a reply "reinstate" undoes it', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const annul = await signMail(raw(TD, 'annul --reason "Petr withdrew"'), club);
    expect(await s.service.processInbound(item(annul))).toBe('done');
    expect(s.service.state('CLUB/1').result).toMatchObject({ result: '*', kind: 'annulled' });
    const told = await s.flush();
    // The TD's mail says what was done, who was told, and the line that undoes it.
    const toTd = told.find((m) => m.to.includes('td@club.example'))!.mail;
    expect(toTd.text).toContain(
      "You annulled the game: it is over with no result and out of the event's table (rules P-9a, L-12); both players have been told.",
    );
    expect(toTd.text).toMatch(
      /reply to this mail with this line \(or run amici td CLUB\/1 reinstate\):\nreinstate\n/,
    );
    // Anna replies from her phone a day later, the line on top, her mail quoted below it.
    s.setNow('2026-11-06T09:00:00Z');
    const quoted = toTd
      .text!.split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    const undo = await signMail(
      raw(TD, `reinstate --note "Petr is back"\n\n${quoted}`, `Re: ${toTd.subject}`),
      club,
    );
    expect(await s.service.processInbound(item(undo, '2026-11-06T09:00:00Z'))).toBe('done');
    const back = s.service.state('CLUB/1');
    expect(back.result).toBeUndefined();
    expect(back.annulments).toEqual([{ from: '2026-11-05', to: '2026-11-06' }]);
    const resumed = await s.flush();
    // Both players are told, and the TD gets the confirmation every mailed ruling gets.
    expect(resumed.map((m) => m.to)).toEqual([
      ['jan@x.example'],
      ['petr@x.example'],
      ['td@club.example'],
    ]);
    expect(resumed[2]!.mail.text).toContain('reinstate');
    for (const { mail: m } of resumed.slice(0, 2))
      expect(m.text).toContain(
        'The Tournament Director has ruled (rules P-9a, P-7d): the annulment is undone: the game is played on (annulled on 2026-11-05; the day 2026-11-05 counts on neither clock).',
      );
    // Play goes on: Jan's move is played and relayed.
    const jan = await signMail(raw('Jan <jan@x.example>', '1...e5 2.Nf3'), players);
    expect(await s.service.processInbound(item(jan, '2026-11-06T12:00:00Z'))).toBe('done');
    expect(s.service.state('CLUB/1').plies).toHaveLength(3);
  });

  it('P-9a, P-8a, P-8c: leave Jan took while his game with Eva stood annulled reaches that game when the TD reinstates it', async () => {
    const s = setup(keyServer([players, club]).resolver, 'dkim', THREE_GAMES);
    await opening(s);
    // Game 2 (Eva – Jan, Jan Black) is annulled on 5 November.
    const annul = await signMail(
      raw(TD, 'annul --reason "Eva withdrew"', 'Re: [CLUB/2] Eva – Jan'),
      club,
    );
    expect(await s.service.processInbound(item(annul))).toBe('done');
    // Jan announces leave in game 1 (with his move), and the TD grants him more there: each
    // is booked in all his unfinished games — game 2, annulled, is not one of them.
    s.setNow('2026-11-06T10:00:00Z');
    const leave = await signMail(
      raw('Jan <jan@x.example>', '1...e5 2.Nf3\n\nLeave: 2026-12-01 - 2026-12-10'),
      players,
    );
    expect(await s.service.processInbound(item(leave, '2026-11-06T10:00:00Z'))).toBe('done');
    for (const [from, to] of [
      ['2026-11-08', '2026-11-12'],
      ['2026-12-20', '2026-12-24'],
    ] as const) {
      const grant = await signMail(
        raw(TD, `grant-leave --side white --from ${from} --to ${to}`),
        club,
      );
      expect(await s.service.processInbound(item(grant, '2026-11-06T11:00:00Z'))).toBe('done');
    }
    expect(s.service.state('CLUB/1').leaves).toHaveLength(3);
    expect(s.service.state('CLUB/2').leaves).toEqual([]);
    await s.flush();
    // 15 November: the TD reinstates game 2.
    s.setNow('2026-11-15T10:00:00Z');
    const undo = await signMail(raw(TD, 'reinstate', 'Re: [CLUB/2] Eva – Jan'), club);
    expect(await s.service.processInbound(item(undo, '2026-11-15T10:00:00Z'))).toBe('done');
    // Was: none of it — Jan's clock ran through his leave in game 2 alone. The leave of the
    // days the game stood annulled (8..12 November) stops nothing there, and is left out.
    expect(s.service.state('CLUB/2').leaves).toMatchObject([
      { side: 'black', from: '2026-12-01', to: '2026-12-10', granted: false },
      { side: 'black', from: '2026-12-20', to: '2026-12-24', granted: true },
    ]);
    // Eva, who was never told of it (P-8b), reads it in the reinstatement's mail.
    const told = await s.flush();
    const eva = told.find((m) => m.to.includes('eva@x.example'))!.mail.text!;
    expect(eva).toContain('the annulment is undone');
    expect(eva).toContain(
      'Black (Jan) took leave while the game stood annulled, which stops their clock in this game too: 2026-12-01 to 2026-12-10 (rule P-8a).',
    );
    expect(eva).toContain(
      'Black (Jan) took leave while the game stood annulled, which stops their clock in this game too: 2026-12-20 to 2026-12-24 (rule P-8c).',
    );
    expect(eva).not.toContain('2026-11-08 to');
  });

  it('L-8.5, P-11: the TD corrects the result of a finished game by mail', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const first = await signMail(raw(TD, 'set-result 0-0 --reason "no result reported"'), club);
    expect(await s.service.processInbound(item(first))).toBe('done');
    await s.flush();
    const appeal = await signMail(
      raw(TD, 'set-result 1-0 --reason "Jan\'s report was found" --rule P-13'),
      club,
    );
    expect(await s.service.processInbound(item(appeal))).toBe('done');
    expect(s.service.state('CLUB/1').result).toMatchObject({ result: '1-0', rule: 'P-13' });
    const told = await s.flush();
    const jan = told.find(
      (m) => m.to.includes('jan@x.example') && m.mail.text?.includes('instead of'),
    );
    expect(jan?.mail.text).toContain('1-0 (White won), instead of 0-0 (both players lose)');
    expect(told.some((m) => m.to.includes('td@club.example') && m.mail.attachments.length)).toBe(
      true,
    );
  });

  it('P-7a, P-7d: the TD answers the time-claim notice with the line it suggests; the claim is upheld', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    // Jan has not moved since 3 November: on 10 December his 30 days are long gone.
    s.setNow('2026-12-10T08:00:00Z');
    await s.service.sweep();
    const claim = s.service.state('CLUB/1').claims[0]!;
    expect(claim).toMatchObject({ kind: 'time', side: 'white' });
    const notice = (await s.flush()).find(
      (m) => m.to.includes('td@club.example') && m.mail.subject?.includes('time exceeded'),
    )!.mail;
    expect(notice.text).toContain(`reply with the line uphold-claim ${claim.id} or reject-claim`);
    // Anna replies from her phone: the line on top, the notice quoted below, no tag typed.
    const reply = Buffer.from(
      [
        `From: ${TD}`,
        'To: referee@club.example',
        `Subject: Re: ${notice.subject}`,
        'Date: Thu, 10 Dec 2026 12:00:00 +0100',
        'Message-ID: <reply-1@club.example>',
        `In-Reply-To: ${notice.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `uphold-claim ${claim.id} --note "no protest came"`,
        '',
        'On 10 Dec 2026 amici wrote:',
        ...(notice.text ?? '').split('\n').map((l) => `> ${l}`),
        '',
      ].join('\r\n'),
    );
    s.setNow('2026-12-10T11:05:00Z');
    const signed = await signMail(reply, club);
    expect(await s.service.processInbound(item(signed, '2026-12-10T11:00:00Z'))).toBe('done');
    expect(s.service.state('CLUB/1').claims[0]!.ruling).toMatchObject({ upheld: true, by: 'td' });
    const told = await s.flush();
    expect(told.flatMap((m) => m.to)).toEqual(
      expect.arrayContaining(['jan@x.example', 'petr@x.example']),
    );
    // The claim's ruling comes to the TD as a copy of its own: no confirmation besides.
    expect(told.map((m) => m.mail.headers.get('x-amici-kind'))).not.toContain('ruling-done');
  });

  it('P-10: a result set by mail ends the game; the TD gets the PGN and the table', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const mail = await signMail(
      raw(TD, 'set-result 1-0 —reason “adjudicated by the expert”'), // typed on a phone
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('done');
    expect(s.service.state('CLUB/1').result).toMatchObject({ result: '1-0', rule: 'P-10' });
    const out = await s.flush();
    const toTd = out.filter((m) => m.to.includes('td@club.example'));
    expect(toTd).toHaveLength(1);
    expect(toTd[0]!.mail.subject).toContain('game over, 1-0');
    expect(toTd[0]!.mail.attachments.map((a) => a.filename)).toContain('CLUB-1.pgn');
    expect(toTd[0]!.mail.text).toMatch(/^1\s+Jan\s+1\s+1\s+1\s+0\s+0\s+0$/m);
  });

  it('P-2d: a ruling in the TD’s name without the TD’s signature changes nothing; the TD is told', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    // Petr, who would like his game annulled, writes in the TD's name.
    const forged = raw(TD, 'annul --reason "Jan withdrew"');
    expect(await s.service.processInbound(item(forged))).toBe('rejected');
    expect(s.service.state('CLUB/1').result).toBeUndefined();
    expect(s.logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_TD_RULING',
      status: 'rejected',
      reason: 'unverified',
    });
    const out = await s.flush();
    // The answer goes to the TD's own address, never to the players.
    expect(out.map((m) => m.to)).toEqual([['td@club.example']]);
    const notice = out[0]!.mail;
    expect(notice.subject).toContain('your ruling was not applied');
    expect(notice.text).toContain('no valid signature of your address');
    expect(notice.text).toContain('(rule P-2d)');
    expect(notice.text).toContain('no DKIM-Signature header');
  });

  it('without sender checks (authentication: none) the TD’s address is enough', async () => {
    const s = setup(keyServer([]).resolver, 'none');
    await opening(s);
    expect(await s.service.processInbound(item(raw(TD, 'resume')))).toBe('done');
    // Resuming clocks that were never stopped is refused by the rulebook: the TD is told.
    const out = await s.flush();
    expect(out.map((m) => m.to)).toEqual([['td@club.example']]);
    expect(out[0]!.mail.text).toContain('was not applied');
  });

  it('a line that does not read: nothing in the mail is applied, the TD gets the error and the forms', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const mail = await signMail(
      raw(TD, 'pause\ngrant-leave --side white --from 2026-12-01\n\nAnna'),
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('rejected');
    expect(s.service.state('CLUB/1').pauses).toEqual([]); // the good line is not applied alone
    const out = await s.flush();
    expect(out.map((m) => m.to)).toEqual([['td@club.example']]);
    const text = out[0]!.mail.text ?? '';
    expect(text).toContain('holds a ruling amici could not read');
    expect(text).toContain(
      'grant-leave --side white --from 2026-12-01\n  -> give --side, --from and --to (white or black; dates as YYYY-MM-DD)',
    );
    expect(text).toContain('reject-claim ID [--used N | --clock N --bank N]');
  });

  it('no ruling line ("Noted, thanks"): filed, nothing applied; the TD told so once a day, and only when signed', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const thanks = await signMail(raw(TD, 'Noted, thanks. I will look at it tomorrow.'), club);
    expect(await s.service.processInbound(item(thanks))).toBe('ignored');
    expect(s.logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_TD_RULING',
      status: 'ignored',
      reason: 'no-ruling',
    });
    const out = await s.flush();
    expect(out.map((m) => m.to)).toEqual([['td@club.example']]);
    expect(out[0]!.mail.text).toContain('holds no ruling, so amici changed nothing');
    const more = await signMail(raw(TD, 'And thanks again.'), club);
    expect(await s.service.processInbound(item(more))).toBe('ignored');
    expect(await s.flush()).toEqual([]);
    // In the TD's name but not signed: filed, unanswered, as a forgery gets no answer.
    const unsigned = raw(TD, 'Noted.', 'Re: [CLUB/1] other');
    expect(await s.service.processInbound(item(unsigned, '2026-11-07T10:00:00Z'))).toBe('ignored');
    expect(s.logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_IGNORED', note: 'from the TD' });
    expect(await s.flush()).toEqual([]);
  });

  it('P-9a: a `withdraw` line is no ruling by mail; the TD gets the command and the lines that rule on each game, which then work', async () => {
    const s = setup(keyServer([players, club]).resolver, 'dkim', THREE_GAMES);
    await opening(s);
    const mail = await signMail(
      raw(TD, 'withdraw jan --forfeit --reason "ill, cannot go on"', '[CLUB/2] withdrawal'),
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('ignored');
    const [answer] = (await s.flush()).map((m) => m.mail.text ?? '');
    expect(answer).toContain('`withdraw` changes all the games of Jan at once (rule P-9a)');
    expect(answer).toContain('amici td withdraw jan --forfeit --reason "ill, cannot go on"');
    expect(answer).toContain(
      'CLUB/1 set-result 0-1 --reason "ill, cannot go on" --rule P-9a\nCLUB/2 set-result 1-0 --reason "ill, cannot go on" --rule P-9a',
    );
    expect(answer).not.toContain('prompt');
    // The lines, sent back, score both games.
    const reply = await signMail(
      raw(
        TD,
        'CLUB/1 set-result 0-1 --reason "ill, cannot go on" --rule P-9a\nCLUB/2 set-result 1-0 --reason "ill, cannot go on" --rule P-9a',
        'Re: [CLUB/2] withdrawal',
      ),
      club,
    );
    expect(await s.service.processInbound(item(reply))).toBe('done');
    expect(s.service.state('CLUB/1').result).toMatchObject({ result: '0-1', rule: 'P-9a' });
    expect(s.service.state('CLUB/2').result).toMatchObject({ result: '1-0', rule: 'P-9a' });
  });

  it('a ruling that names no game of the TD’s changes nothing; the TD is told how to name it', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    for (const [body, subject, why] of [
      ['pause', 'Club news', 'it names no game of yours'],
      ['OPEN/1 pause', 'Re: [CLUB/1] Jan – Petr', 'OPEN/1 is not one of your games'],
    ] as const) {
      const mail = await signMail(raw(TD, body, subject), club);
      expect(await s.service.processInbound(item(mail))).toBe('rejected');
      const out = await s.flush();
      expect(out.map((m) => m.to)).toEqual([['td@club.example']]);
      expect(out[0]!.mail.subject).toBe('[CLUB] your ruling names no game');
      expect(out[0]!.mail.text).toContain(why);
      expect(out[0]!.mail.text).toContain('for example CLUB/1 uphold-claim');
    }
    expect(s.service.state('CLUB/1').pauses).toEqual([]);
    // The same in the TD's name but not signed: no answer, so forgeries cannot make amici write.
    expect(await s.service.processInbound(item(raw(TD, 'pause', 'Club news')))).toBe('rejected');
    expect(await s.flush()).toEqual([]);
    // A word to amici with no ruling and no game: filed, unanswered, as before.
    const hello = await signMail(raw(TD, 'Hello amici, nice work.', 'Club news'), club);
    expect(await s.service.processInbound(item(hello))).toBe('ignored');
    expect(await s.flush()).toEqual([]);
  });

  it('P-7d: a reply to the report with rulings for several games rules on each, in one commit', async () => {
    const s = setup(keyServer([players, club]).resolver, 'dkim', THREE_GAMES);
    await opening(s);
    const mail = await signMail(
      raw(
        TD,
        'CLUB/1 pause --note "board meeting"\nCLUB/3 penalise --side black --days 5 --reason "late PGN"\n\nAnna',
        'Re: [CLUB] report of 2026-11-05',
      ),
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('done');
    expect(s.service.state('CLUB/1').pauses).toHaveLength(1);
    expect(s.service.state('CLUB/3').penalties).toMatchObject([{ side: 'black', days: 5 }]);
    expect(s.service.state('CLUB/2').pauses).toEqual([]);
    const told = await s.flush();
    expect(told.filter((m) => m.mail.subject?.includes('[CLUB/1]')).flatMap((m) => m.to)).toEqual([
      'jan@x.example',
      'petr@x.example',
    ]);
    expect(told.filter((m) => m.mail.subject?.includes('[CLUB/3]')).flatMap((m) => m.to)).toEqual([
      'petr@x.example',
      'eva@x.example',
    ]);
    // A tag typed in lower case is the game all the same.
    const lower = await signMail(
      raw(TD, 'club/2: pause.', 'Re: [CLUB] report of 2026-11-06'),
      club,
    );
    expect(await s.service.processInbound(item(lower))).toBe('done');
    expect(s.service.state('CLUB/2').pauses).toHaveLength(1);
    await s.flush();
    // A line with no game beside lines naming two: which game would it be? Nothing applied.
    const unclear = await signMail(
      raw(TD, 'CLUB/1 resume\nCLUB/2 pause\nresume', 'Re: [CLUB] report of 2026-11-05'),
      club,
    );
    expect(await s.service.processInbound(item(unclear))).toBe('rejected');
    expect((await s.flush())[0]?.mail.text).toContain(
      'some of its lines name no game while others name several',
    );
    expect(s.service.state('CLUB/1').pauses).toMatchObject([{ to: null }]);
  });

  it('a line naming its game rules on it whatever the subject: a reply to the TD’s report', async () => {
    const s = setup(keyServer([players, club]).resolver);
    await opening(s);
    const mail = await signMail(
      raw(TD, 'CLUB/1 pause --note "board meeting"', 'Re: [CLUB] report of 2026-11-05'),
      club,
    );
    expect(await s.service.processInbound(item(mail))).toBe('done');
    expect(s.service.state('CLUB/1').pauses).toHaveLength(1);
  });
});

describe('a TD who also plays (same address)', () => {
  it('rules on the games they direct; their own game is played as a player’s', async () => {
    const r = validateConfig(
      {
        from: { name: 'amici', address: 'referee@club.example' },
        inbox: { kind: 'maildir', path: './in' },
        outbox: { kind: 'pickup', path: './out' },
        store: { path: ':memory:' },
        events: [
          {
            name: 'Club',
            tag: 'CLUB',
            td: { name: 'Anna', address: 'td@club.example' },
            timeZone: 'UTC',
            players: [
              { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
              { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
            ],
            games: [{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }],
          },
          {
            name: 'Open',
            tag: 'OPEN',
            td: { name: 'Olga', address: 'olga@club.example' },
            timeZone: 'UTC',
            players: [
              { id: 'anna', name: 'Anna', addresses: ['td@club.example'] },
              { id: 'eva', name: 'Eva', addresses: ['eva@x.example'] },
            ],
            games: [{ id: '1', white: 'anna', black: 'eva', startsOn: '2026-11-02' }],
          },
        ],
      },
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const service = new RefereeService({
      config: r.config,
      store: new Store(':memory:'),
      logger: memoryLogger(),
      clock: () => new Date('2026-11-05T10:05:00Z'),
    });
    service.ensureGames();
    // A ruling on the game she directs.
    expect(await service.processInbound(item(raw(TD, 'pause', 'Re: [CLUB/1] Jan – Petr')))).toBe(
      'done',
    );
    expect(service.state('CLUB/1').pauses).toHaveLength(1);
    // Her own move in the game she plays.
    expect(await service.processInbound(item(raw(TD, '1.e4', 'Re: [OPEN/1] Anna – Eva')))).toBe(
      'done',
    );
    expect(service.state('OPEN/1').plies).toHaveLength(1);
  });
});
