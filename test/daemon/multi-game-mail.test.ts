// Mail of players with several games in one event that is about all or several of their games
// rather than one, or about their address. Karl Braun (German) plays CC27/1, 2 and 5, Jan
// Kowalski (Polish) 1 and 6, Bob Smith (English) 2, 5 and 6; the games start on 2027-01-04.

import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { OutgoingMail, Sender } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';

function setup(karl: { authentication?: 'dkim' | 'none' } = {}) {
  const r = validateConfig(
    {
      from: { name: 'amici referee', address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: './in' },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: ':memory:' },
      events: [
        {
          name: 'Club Championship 2027',
          tag: 'CC27',
          td: { name: 'Anna Nowak', address: 'td@club.example' },
          timeZone: 'Europe/Warsaw',
          language: 'en',
          players: [
            {
              id: 'karl',
              name: 'Karl Braun',
              addresses: ['karl@gmx.example'],
              language: 'de',
              ...karl,
            },
            {
              id: 'jan',
              name: 'Jan Kowalski',
              addresses: ['jan@home.example'],
              language: 'pl',
              notation: 'san:pl',
            },
            { id: 'bob', name: 'Bob Smith', addresses: ['bob@mail.example'], language: 'en' },
          ],
          games: [
            { id: '1', white: 'karl', black: 'jan', startsOn: '2027-01-04' },
            { id: '2', white: 'bob', black: 'karl', startsOn: '2027-01-04' },
            { id: '5', white: 'karl', black: 'bob', startsOn: '2027-01-04' },
            { id: '6', white: 'jan', black: 'bob', startsOn: '2027-01-04' },
          ],
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  let now = new Date('2027-01-10T09:00:00Z');
  const logger = memoryLogger();
  const service = new RefereeService({
    config: r.config,
    store: new Store(':memory:'),
    logger,
    clock: () => now,
  });
  service.ensureGames();
  const sent: OutgoingMail[] = [];
  const sender: Sender = {
    name: 'test',
    async send(m) {
      sent.push(m);
      return { ok: true };
    },
    async close() {},
  };
  /** The mails queued since the last call, parsed, with their recipients and kinds. */
  const flush = async () => {
    sent.length = 0;
    await service.flushOutbox(sender);
    return Promise.all(
      sent.map(async (m) => {
        const parsed = await simpleParser(m.raw);
        return {
          to: m.to[0]!,
          kind: String(parsed.headers.get('x-amici-kind')),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        };
      }),
    );
  };
  return { service, logger, flush, setNow: (iso: string) => (now = new Date(iso)) };
}

let n = 0;
const mail = (from: string, subject: string, body: string) => ({
  id: `m${++n}`,
  receivedAt: '2027-01-10T08:00:00Z',
  raw: Buffer.from(
    `From: ${from}\r\nTo: referee@club.example\r\nSubject: ${subject}\r\nDate: Sun, 10 Jan 2027 08:00:00 +0000\r\nMessage-ID: <in${n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  ),
});
const KARL = 'Karl Braun <karl@gmx.example>';

describe('mail about several of a player’s games', () => {
  it('P-8a, P-8b: leave sent with no game tag is booked in all the player’s games, acknowledged as leave sent in a game (was: "Welche Partie?", nothing booked)', async () => {
    const { service, logger, flush } = setup();
    const m = mail(
      KARL,
      'Urlaub',
      'ich nehme Urlaub vom 1.2.2027 bis 14.2.2027 in allen meinen Partien.',
    );
    expect(await service.processInbound(m)).toBe('done');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_PROCESSED', game: 'CC27/1' });
    for (const [game, side] of [
      ['CC27/1', 'white'],
      ['CC27/2', 'black'],
      ['CC27/5', 'white'],
    ] as const)
      expect(service.state(game).leaves, game).toMatchObject([
        { side, from: '2027-02-01', to: '2027-02-14' },
      ]);
    expect(service.state('CC27/6').leaves).toEqual([]);
    const out = await flush();
    expect(out.map((o) => o.kind)).not.toContain('which-game');
    const ack = out.filter((o) => o.to === 'karl@gmx.example');
    expect(ack).toHaveLength(1);
    expect(ack[0]!.text).toContain('Ihr Urlaub vom 2027-02-01 bis 2027-02-14 ist eingetragen');
    expect(ack[0]!.text).toContain(
      '  [CC27/1] Karl Braun – Jan Kowalski (Weiß)\n  [CC27/2] Bob Smith – Karl Braun (Schwarz)\n  [CC27/5] Karl Braun – Bob Smith (Weiß)',
    );
    // The TD once, each opponent in each of their games.
    expect(out.filter((o) => o.to === 'td@club.example')).toHaveLength(1);
    expect(out.filter((o) => o.to === 'bob@mail.example')).toHaveLength(2);
    expect(out.filter((o) => o.to === 'jan@home.example')).toHaveLength(1);
  });

  it('P-8a, P-9a: leave with words of a withdrawal, with no game tag, goes to the TD unbooked, and both the player and the TD are told the leave was not recorded (was: not a word of it)', async () => {
    const { service, flush } = setup();
    const m = mail(
      KARL,
      'Urlaub',
      'Ich nehme Urlaub vom 1.2.2027 bis 14.2.2027. Danach ziehe ich mich vom Turnier zurück.',
    );
    expect(await service.processInbound(m)).toBe('done');
    for (const game of ['CC27/1', 'CC27/2', 'CC27/5'])
      expect(service.state(game).leaves).toEqual([]);
    const out = await flush();
    expect(out.map((o) => o.kind)).toEqual(['for-td', 'for-td-sent']);
    expect(out[0]!.text).toContain('It also announces leave, which was not recorded');
    expect(out[1]!.text).toContain('Der Urlaub, den Ihre Mail ankündigt, wurde nicht eingetragen');
    // A word for the TD with no leave in it says nothing of leave.
    await service.processInbound(mail(KARL, 'Turnier', 'Ich ziehe mich vom Turnier zurück.'));
    const plain = await flush();
    expect(plain.map((o) => o.kind)).toEqual(['for-td', 'for-td-sent']);
    expect(plain[1]!.text).not.toContain('Urlaub');
  });

  it('P-8a: leave with a move that fits no single game is asked about, and the answer says the leave was not booked either', async () => {
    const { service, flush } = setup();
    // 1.e4 is Karl's first move in CC27/1 and CC27/5 alike: which game?
    const m = mail(KARL, 'Zug und Urlaub', '1.e4\n\nUrlaub vom 1.2.2027 bis 14.2.2027');
    expect(await service.processInbound(m)).toBe('rejected');
    for (const game of ['CC27/1', 'CC27/2', 'CC27/5']) {
      expect(service.state(game).leaves, game).toEqual([]);
      expect(service.state(game).plies, game).toEqual([]);
    }
    const [asked] = await flush();
    expect(asked!.kind).toBe('which-game');
    expect(asked!.text).toContain(
      'Ihre Mail kündigt auch Urlaub an; auch er wurde nicht eingetragen',
    );
    expect(asked!.text).toContain('(Regeln P-8a, P-8b)');
  });

  it('P-2e, P-5a: one mail with a block of moves per game is played in none of them, with no penalty; the player is asked for one game per mail (was: "Welche Partie?")', async () => {
    const { service, logger, flush } = setup();
    // Bob moves first in CC27/2: Karl's 1...c5 there, 1.e4 in CC27/1, 1.c4 in CC27/5.
    expect(
      await service.processInbound(mail('Bob Smith <bob@mail.example>', '[CC27/2] move', '1.e4')),
    ).toBe('done');
    await flush();
    const m = mail(KARL, 'Züge', '[CC27/1] 1.e4\n[CC27/2] 1.e4 c5\nCC27/5: 1.c4\n\nGruß, Karl');
    expect(await service.processInbound(m)).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_SEVERAL_GAMES',
      games: ['CC27/1', 'CC27/2', 'CC27/5'],
    });
    expect(service.state('CC27/1').plies).toEqual([]);
    expect(service.state('CC27/2').plies).toHaveLength(1);
    expect(service.state('CC27/5').plies).toEqual([]);
    for (const game of ['CC27/1', 'CC27/2', 'CC27/5'])
      expect(service.state(game).penalties, game).toEqual([]);
    const out = await flush();
    expect(out.map((o) => [o.to, o.kind])).toEqual([['karl@gmx.example', 'one-game-per-mail']]);
    expect(out[0]!.subject).toBe('eine Partie je Mail — nichts wurde ausgeführt — Re: Züge');
    expect(out[0]!.text).toContain(
      '  [CC27/1] Karl Braun – Jan Kowalski\n  [CC27/2] Bob Smith – Karl Braun\n  [CC27/5] Karl Braun – Bob Smith',
    );
    expect(out[0]!.text).toContain('in keiner von ihnen etwas ausgeführt und keine Strafe');
    expect(out[0]!.text).toContain('„[CC27/1] mein Zug“');
  });

  it('P-2e, P-5d: one mail with moves for several games and a "TD:" line: nothing played, and the TD gets the words all the same, with the mail; the player is told both things (was: the TD words lost)', async () => {
    const { service, logger, flush } = setup();
    const m = mail(
      KARL,
      'Züge',
      '[CC27/1] 1.e4\n[CC27/5] 1.c4\n\nTD: Ich ziehe im März um, meine neue Adresse folgt.\n\nGruß, Karl',
    );
    expect(await service.processInbound(m)).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_SEVERAL_GAMES',
      games: ['CC27/1', 'CC27/5'],
      forTd: 'sent',
    });
    expect(service.state('CC27/1').plies).toEqual([]);
    expect(service.state('CC27/5').plies).toEqual([]);
    const out = await flush();
    expect(out.map((o) => [o.to, o.kind])).toEqual([
      ['karl@gmx.example', 'one-game-per-mail'],
      ['td@club.example', 'for-td'],
    ]);
    const [answer, toTd] = out as [(typeof out)[0], (typeof out)[0]];
    expect(answer.text).toContain('in keiner von ihnen etwas ausgeführt');
    expect(answer.text).toContain(
      'Ihre Worte für den Turnierleiter gingen trotzdem an ihn, mit Ihrer ganzen Mail: an Anna Nowak (td@club.example), der Ihnen direkt antwortet (Regel P-5d).',
    );
    expect(toTd.subject).toBe('[CC27] message from Karl Braun for you (moves for several games)');
    expect(toTd.text).toContain('Ich ziehe im März um, meine neue Adresse folgt.');
    expect(toTd.text).toContain('amici reads one game per mail (rules P-2e, P-5a)');
    expect(toTd.text).toContain('[CC27/1]  Karl Braun – Jan Kowalski');
    expect(toTd.text).toContain('[CC27/5]  Karl Braun – Bob Smith');
  });

  it('P-2d, P-5d: the same from a player whose mail must be signed and is not: the TD words are not passed on, and the player is told so and where to write', async () => {
    const { service, logger, flush } = setup({ authentication: 'dkim' });
    const m = mail(KARL, 'Züge', '[CC27/1] 1.e4\n[CC27/5] 1.c4\n\nTD: Bitte um Rückruf.');
    expect(await service.processInbound(m)).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_SEVERAL_GAMES',
      forTd: 'not proven',
    });
    const out = await flush();
    expect(out.map((o) => [o.to, o.kind])).toEqual([['karl@gmx.example', 'one-game-per-mail']]);
    expect(out[0]!.text).toContain(
      'Ihre Worte für den Turnierleiter gingen nicht an ihn: Die Mail belegt nicht, dass sie von Ihnen ist (Regel P-2d). Schreiben Sie direkt an Anna Nowak (td@club.example).',
    );
  });

  it('P-2e, P-4f: moves of the subject’s game, then a "Game:" line with another game’s move: one game per mail, not extra moves or a conditional line', async () => {
    const { service, flush } = setup();
    const m = mail(KARL, '[CC27/1] mein Zug', '1.e4\n\nGame: CC27/5\n1.d4');
    expect(await service.processInbound(m)).toBe('rejected');
    expect(service.state('CC27/1').plies).toEqual([]);
    expect(service.state('CC27/5').plies).toEqual([]);
    expect(service.state('CC27/1').penalties).toEqual([]);
    const [answer] = await flush();
    expect(answer!.kind).toBe('one-game-per-mail');
    expect(answer!.text).toContain(
      '  [CC27/1] Karl Braun – Jan Kowalski\n  [CC27/5] Karl Braun – Bob Smith',
    );
    // A block that names the mail's own game is one game: played as before.
    expect(await service.processInbound(mail(KARL, '[CC27/1] Zug', '[CC27/1] 1.e4'))).toBe('done');
    expect(service.state('CC27/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
  });

  it('P-2k: "all my positions and clocks", with no game tag, is answered with where each unfinished game stands, in the player’s language, once a day (was: "which game?")', async () => {
    const { service, logger, flush, setNow } = setup();
    expect(
      await service.processInbound(mail('Bob Smith <bob@mail.example>', '[CC27/2] move', '1.e4')),
    ).toBe('done');
    await flush();
    const ask = () =>
      mail(
        'Bob Smith <bob@mail.example>',
        'positions',
        'Please send me all my current positions and clocks in all games',
      );
    expect(await service.processInbound(ask())).toBe('ignored');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_GAMES_STATUS', games: 3 });
    const out = await flush();
    expect(out.map((o) => [o.to, o.kind])).toEqual([['bob@mail.example', 'games-status']]);
    const { subject, text } = out[0]!;
    expect(subject).toBe('your games on 2027-01-10 — Re: positions');
    expect(text).toContain('nothing was played');
    // Bob moved in CC27/2 today, 6 days after the start; in CC27/5 Karl is to move, in CC27/6
    // Jan: Bob's clock runs in none of them, and before his first move it shows nothing.
    expect(text).toMatch(/\[CC27\/2\] +Karl Braun +White +opponent, move 1 +6 +24 +10 +-\n/);
    expect(text).toMatch(/\[CC27\/5\] +Karl Braun +Black +opponent, move 1 +- +- +- +-\n/);
    expect(text).toMatch(/\[CC27\/6\] +Jan Kowalski +Black +opponent, move 1 +- +- +- +-/);
    // Karl moves in CC27/5: from then Bob's clock runs there.
    expect(await service.processInbound(mail(KARL, '[CC27/5] Zug', '1.d4'))).toBe('done');
    await flush();
    // A second request the same day is kept and not answered: no exchange with a robot.
    expect(await service.processInbound(ask())).toBe('ignored');
    expect(await flush()).toEqual([]);
    setNow('2027-01-11T09:00:00Z');
    expect(await service.processInbound(ask())).toBe('ignored');
    const [next] = await flush();
    expect(next!.text).toMatch(
      /\[CC27\/5\] +Karl Braun +Black +you, move 1 +1 +29 +10 +2027-02-09\n/,
    );
  });

  it('P-2k: thanks alone, with no game tag ("Danke, schöne Partie!", "Dzięki", "Thank you, good game"), is filed and not answered; thanks with a request still gets the table (was: the table for every "Thanks!")', async () => {
    const { service, logger, flush } = setup();
    for (const m of [
      mail(KARL, 'Re: Ihre Partien am 2027-01-10', 'Danke, schöne Partie!\n\nViele Grüße\nKarl'),
      mail('Jan Kowalski <jan@home.example>', '', 'Dzięki'),
      mail('Bob Smith <bob@mail.example>', 'Thanks', 'Thank you, good game'),
    ]) {
      expect(await service.processInbound(m)).toBe('ignored');
      expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_COURTESY' });
    }
    expect(await flush()).toEqual([]);
    expect(
      await service.processInbound(
        mail('Bob Smith <bob@mail.example>', 'Thanks', 'Thanks! Whose move is it in my games?'),
      ),
    ).toBe('ignored');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_GAMES_STATUS' });
    expect((await flush()).map((o) => o.kind)).toEqual(['games-status']);
  });

  it('P-9a, P-2d: words of a withdrawal with no game tag, from a player whose mail must be signed and is not, are asked about, not answered with the games and clocks as if they said nothing', async () => {
    const { service, logger, flush } = setup({ authentication: 'dkim' });
    const m = mail(KARL, 'Turnier', 'Leider ziehe ich mich vom Turnier zurück.');
    expect(await service.processInbound(m)).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_NO_GAME' });
    const out = await flush();
    expect(out.map((o) => o.kind)).toEqual(['which-game']);
    expect(out[0]!.text).not.toContain('Stand');
  });

  it('P-2k: the same request in Polish gets the answer in Polish', async () => {
    const { service, flush } = setup();
    const m = mail(
      'Jan Kowalski <jan@home.example>',
      'pozycje',
      'Proszę o przesłanie aktualnych pozycji i zegarów we wszystkich moich partiach.',
    );
    expect(await service.processInbound(m)).toBe('ignored');
    const [answer] = await flush();
    expect(answer!.kind).toBe('games-status');
    expect(answer!.subject).toBe('stan partii na dzień 2027-01-10 — Re: pozycje');
    expect(answer!.text).toContain('[CC27/1]  Karl Braun');
    expect(answer!.text).toContain('[CC27/6]  Bob Smith');
    expect(answer!.text).toMatch(/Pan\/Pani, posunięcie 1 +6 +24 +10 +2027-02-03/);
  });

  it('P-5c: a new address announced from that address, signed by a Polish player: answered in Polish, with no "send your move again", and who adds the address; the TD is not told to replay a mail with nothing in it', async () => {
    const { service, flush } = setup();
    const m = mail(
      'Jan Kowalski <jan.k@newmail.example>',
      '[CC27/1] nowy adres',
      'Dzień dobry,\nmój nowy adres to jan.k@newmail.example, proszę pisać tutaj we wszystkich partiach.',
    );
    expect(await service.processInbound(m)).toBe('rejected');
    const out = await flush();
    expect(out.map((o) => [o.to, o.kind])).toEqual([
      ['jan.k@newmail.example', 'unknown-address'],
      ['td@club.example', 'td-notice'],
    ]);
    const [reply, notice] = out as [(typeof out)[0], (typeof out)[0]];
    expect(reply.subject).toBe('Adres niezarejestrowany — Re: [CC27/1] nowy adres');
    expect(reply.text).toContain('Dzień dobry,');
    expect(reply.text).not.toContain('Proszę wysłać posunięcie ponownie');
    expect(reply.text).toContain('tylko sędzia może dopisać ten adres');
    expect(reply.text).toContain('Sędzia turnieju (Anna Nowak, td@club.example)');
    expect(reply.text).toContain('(przepis P-5c)');
    expect(reply.text).toContain('Przeciwnicy piszą wyłącznie przez amici');
    // The TD's notice in the event's language: who it claims to be, and nothing to replay.
    expect(notice.text).toContain('it is signed with the name of Black (Jan Kowalski)');
    expect(notice.text).not.toContain('amici inbox replay');
    expect(notice.text).toContain(
      'The mail holds no move or command, so there is nothing to read again',
    );
  });
});
