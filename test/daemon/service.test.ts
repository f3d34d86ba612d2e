import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/clock/index.ts';
import { validateConfig } from '../../src/config/load-config.ts';
import { runOnce } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { Inbox, OutgoingMail, Sender, SendResult } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';

function setup(
  games = [{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }],
  storePath = ':memory:',
  prefs: Record<string, { language?: string; notation?: string }> = {},
) {
  const r = validateConfig(
    {
      from: { name: 'amici', address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: './in' },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: ':memory:' },
      retryDelays: [60, 300],
      events: [
        {
          name: 'Club',
          tag: 'CLUB',
          td: { name: 'Anna', address: 'td@club.example' },
          timeZone: 'Europe/Warsaw',
          language: 'en',
          players: [
            { id: 'jan', name: 'Jan', addresses: ['jan@x.example'], ...prefs.jan },
            {
              id: 'petr',
              name: 'Petr',
              addresses: ['petr@x.example'],
              notation: 'numeric',
              ...prefs.petr,
            },
            { id: 'eva', name: 'Eva', addresses: ['eva@x.example'], ...prefs.eva },
          ],
          games,
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  let now = new Date('2026-11-02T09:00:00Z');
  const logger = memoryLogger();
  const service = new RefereeService({
    config: r.config,
    store: new Store(storePath),
    logger,
    clock: () => now,
  });
  service.ensureGames();
  return { service, logger, setNow: (iso: string) => (now = new Date(iso)) };
}

let n = 0;
const mail = (from: string, body: string, subject = 'Re: [CLUB/1] move', extra = '') => ({
  id: `m${++n}`,
  receivedAt: '2026-11-02T10:00:00Z',
  raw: Buffer.from(
    `From: ${from}\r\nTo: referee@club.example\r\nSubject: ${subject}\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <in${n}@x.example>\r\n${extra}${/^Content-Type:/im.test(extra) ? '' : 'Content-Type: text/plain; charset=utf-8\r\n'}\r\n${body}\r\n`,
  ),
});

/** A delivery report from Petr's server returning our mail `messageId` on `at`. */
const bounceOf = (
  messageId: string,
  at: string,
  id: string,
  action = 'failed',
  status = '5.1.1',
) => {
  const dsn = `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n`;
  const body = `--b\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; petr@x.example\r\nAction: ${action}\r\nStatus: ${status}\r\n--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${messageId}\r\n--b--\r\n`;
  return {
    id: 'bounce',
    receivedAt: at,
    raw: Buffer.from(
      `From: MAILER-DAEMON@mx.example\r\nTo: referee@club.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <${id}@mx>\r\nMIME-Version: 1.0\r\n${dsn}\r\n${body}`,
    ),
  };
};

const recorder = (results: SendResult[] = []) => {
  const sent: OutgoingMail[] = [];
  const sender: Sender = {
    name: 'test',
    async send(m) {
      sent.push(m);
      return results.shift() ?? { ok: true };
    },
    async close() {},
  };
  return { sent, sender };
};

/** A time claim against White (Jan) filed on 2 November, protest window to the 16th. */
function fileClaim(service: RefereeService): void {
  service.store.commitDecision(
    'CLUB/1',
    service.store.events('CLUB/1').length,
    [
      {
        type: 'claim',
        on: '2026-11-02',
        id: 'time:white:10:1',
        kind: 'time',
        side: 'white',
        protestBy: '2026-11-16',
        detail: 'white exceeded the time limit',
      },
    ],
    [],
    '2026-11-02T09:00:00Z',
  );
}

describe('the referee service (one message, one transaction)', () => {
  it('a move is decided, committed with its mail, and filed as done; the same mail again changes nothing', async () => {
    const { service, logger } = setup();
    const m = mail('Jan <jan@x.example>', '1.e4');
    expect(await service.processInbound(m)).toBe('done');
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    const queued = service.store.outboxCounts().pending;
    expect(queued).toBe(2); // the relay to Petr, the acknowledgement to Jan
    expect(await service.processInbound({ ...m, id: 'copy' })).toBe('done');
    expect(service.store.events('CLUB/1')).toHaveLength(2);
    expect(service.store.outboxCounts().pending).toBe(queued);
    expect(logger.lines.map((l) => l.code)).toEqual([
      'GAME_CREATED',
      'INBOUND_PROCESSED',
      'INBOUND_DUPLICATE',
    ]);
  });
  it('P-4d: a rejected transmission is filed as rejected and the player is told', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(await service.processInbound(mail('Petr <petr@x.example>', '1...5755'))).toBe(
      'rejected',
    );
    await service.flushOutbox(sender);
    const reply = sent.at(-1)!;
    expect(reply.to).toEqual(['petr@x.example']);
    const text = reply.raw.toString();
    expect(text).toContain('In-Reply-To: <in');
    expect(text).toMatch(/P-4d/);
    expect(service.state('CLUB/1').penalties).toHaveLength(1);
  });
  it('auto-replies, and unknown senders whose mail names no game of ours, are filed as ignored and never answered', async () => {
    const { service } = setup();
    expect(
      await service.processInbound(
        mail(
          'Jan <jan@x.example>',
          'I am away',
          'Out of office',
          'Auto-Submitted: auto-replied\r\n',
        ),
      ),
    ).toBe('ignored');
    expect(
      await service.processInbound(mail('Spam <spam@y.example>', 'buy now', 'Great offer')),
    ).toBe('ignored');
    // A tag of a game that does not exist is no game of ours either.
    expect(
      await service.processInbound(mail('Spam <spam@y.example>', '1.e4', '[CLUB/99] move')),
    ).toBe('ignored');
    expect(service.store.outboxCounts().pending).toBe(0);
  });
  it('P-5c: a move for a game from an address no player has is not played; the sender is told why and the TD gets the mail', async () => {
    const { service, logger, setNow } = setup(undefined, ':memory:');
    const m = mail('Jan K. <jan.new@mobile.example>', '1.e4\n\nSent from my phone');
    expect(await service.processInbound(m)).toBe('rejected');
    expect(service.state('CLUB/1').plies).toHaveLength(0);
    // The log line names the mail, so the TD can find it in `amici inbox`.
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_UNKNOWN_ADDRESS',
      item: m.id,
      messageId: expect.stringMatching(/@/),
      sender: 'jan.new@mobile.example',
      game: 'CLUB/1',
      via: 'subject',
    });
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.map((s) => s.to)).toEqual([['jan.new@mobile.example'], ['td@club.example']]);
    const reply = await simpleParser(sent[0]!.raw);
    expect(reply.subject).toBe('Address not registered — Re: [CLUB/1] move');
    expect(reply.inReplyTo).toBe(`<in${n}@x.example>`);
    expect(reply.headers.get('x-amici-kind')).toBe('unknown-address');
    expect(reply.text).toContain(
      'game [CLUB/1] (Jan – Petr) of Club came from jan.new@mobile.example',
    );
    expect(reply.text).toContain(
      'amici read nothing from it and played no move, and no clock was stopped',
    );
    expect(reply.text).toContain('Send your move again from the address you registered');
    expect(reply.text).toContain('(rule P-5c)');
    // Neither player's registered address is given away to whoever wrote.
    expect(reply.text).not.toContain('jan@x.example');
    const notice = await simpleParser(sent[1]!.raw);
    expect(notice.subject).toBe('[CLUB/1] Jan – Petr: mail from an unknown address');
    // What the TD needs to add the address and to judge the delay: who, when, what was sent.
    for (const part of [
      'came from jan.new@mobile.example',
      '(rule P-5c)',
      'From: Jan K. <jan.new@mobile.example>',
      'Received: 2026-11-02T10:00:00Z',
      '\n1.e4\n',
    ])
      expect(notice.text).toContain(part);
    // The command to read it again names this mail as `amici inbox` lists it.
    const id = service.store.inboundLog().findLast((m) => m.status === 'rejected')?.id;
    expect(notice.text).toContain(`\`amici inbox replay ${id}\` reads this mail again`);
    // The same mail again changes nothing.
    expect(await service.processInbound({ ...m, id: 'again' })).toBe('rejected');
    expect(service.store.outboxCounts()).toMatchObject({ pending: 0 });
    // Another mail the same day (or a robot answering our answer) is kept but not answered:
    // no exchange of mail with an address nobody registered.
    expect(await service.processInbound(mail('Jan K. <jan.new@mobile.example>', '1.d4'))).toBe(
      'rejected',
    );
    expect(service.store.outboxCounts()).toMatchObject({ pending: 0 });
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_UNKNOWN_ADDRESS',
      answered: expect.any(String),
    });
    // A day later the writer is answered again, and the TD told again.
    setNow('2026-11-03T09:30:00Z');
    expect(await service.processInbound(mail('Jan K. <jan.new@mobile.example>', '1.d4'))).toBe(
      'rejected',
    );
    expect(service.store.outboxCounts()).toMatchObject({ pending: 2 });
    expect(service.state('CLUB/1').plies).toHaveLength(0);
  });
  it('P-2a, P-2e, P-4d: words with no move are no transmission: no penalty; an answer with whose move and how to write it, once a day', async () => {
    const { service, logger, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    sent.length = 0;
    const question = mail('Petr <petr@x.example>', 'Is it my move? I lost track.');
    expect(await service.processInbound(question)).toBe('ignored');
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_NO_MOVE',
      game: 'CLUB/1',
      side: 'black',
    });
    await service.flushOutbox(sender);
    expect(sent.map((s) => s.to)).toEqual([['petr@x.example']]);
    const reply = await simpleParser(sent[0]!.raw);
    expect(reply.subject).toBe('[CLUB/1] Jan – Petr: no move found in your mail');
    expect(reply.inReplyTo).toBe(`<in${n}@x.example>`);
    expect(reply.text).toContain('We found no move in your mail, so nothing was played.');
    // Petr reads numeric: the repetition of 1.e4 in his notation, then his own move's number.
    expect(reply.text).toContain(
      "It is your move, and your clock is running. Send the repetition of your opponent's last move, then your own move, numbered: 1. 5254 1... … (rules P-2a, P-2e)",
    );
    expect(reply.text).toContain('The game so far:');
    // "Thanks!" the same day: filed, not answered; a day later it is answered again.
    expect(await service.processInbound(mail('Petr <petr@x.example>', 'Thanks!'))).toBe('ignored');
    expect(service.store.outboxCounts().pending).toBe(0);
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_NO_MOVE',
      answered: expect.any(String),
    });
    // No penalty came of the words; an empty mail, though, is a blank transmission (P-4d).
    expect(service.state('CLUB/1').penalties).toEqual([]);
    expect(await service.processInbound(mail('Petr <petr@x.example>', ''))).toBe('rejected');
    expect(service.state('CLUB/1').penalties).toMatchObject([{ side: 'black', rule: 'P-6g' }]);
    // Jan, whose opponent is to move, is told so.
    setNow('2026-11-03T12:00:00Z');
    expect(await service.processInbound(mail('Jan <jan@x.example>', 'Any news?'))).toBe('ignored');
    await service.flushOutbox(sender);
    expect((await simpleParser(sent.at(-1)!.raw)).text).toContain(
      "It is your opponent's move; it is relayed to you as soon as it arrives.",
    );
  });
  it('P-4a, P-4d: a move only thought aloud about is not played and costs nothing; the reply names it', async () => {
    const { service, logger } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    sent.length = 0;
    // Words and a move in a thought only: no transmission.
    expect(
      await service.processInbound(mail('Petr <petr@x.example>', 'I wonder if 1...7775 works.')),
    ).toBe('ignored');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_NO_MOVE' });
    await service.flushOutbox(sender);
    expect((await simpleParser(sent.at(-1)!.raw)).text).toContain(
      'Your mail names 1...7775 only in a question or as a thought ("maybe", "I wonder if …"), so nothing was played: a move, once sent, binds you (rule P-4a).',
    );
    // The repetition and a move in a thought: a transmission without a decided move.
    expect(
      await service.processInbound(
        mail('Petr <petr@x.example>', '1.5254\nMaybe 1...7775, not sure yet.'),
      ),
    ).toBe('rejected');
    await service.flushOutbox(sender);
    const reply = (await simpleParser(sent.at(-1)!.raw)).text ?? '';
    expect(reply).toContain('Your mail writes 1...7775 only in a question or as a thought');
    expect(reply).not.toContain('A penalty of');
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    expect(service.state('CLUB/1').penalties).toEqual([]);
    const inbox = service.store.inboundLog().map((m) => m.note);
    expect(inbox.slice(-2)).toEqual([
      'no transmission (1...7775 only in a question or a thought); answered',
      'rejected: no move sent: 1...7775 only in a question or a thought [P-4a, P-4d]',
    ]);
    // Said plainly, it is played.
    expect(
      await service.processInbound(mail('Petr <petr@x.example>', '1.5254 1...7775\nI think so')),
    ).toBe('done');
    expect(service.state('CLUB/1').plies).toHaveLength(2);
  });
  it('P-4d: a move typed into the subject of a mail with an empty body is played, with no penalty', async () => {
    const { service } = setup();
    // A new mail from a phone: the move in the subject, nothing but the phone's line below.
    expect(
      await service.processInbound(
        mail('Jan <jan@x.example>', 'Sent from my iPhone', '[CLUB/1] 1.e4'),
      ),
    ).toBe('done');
    // Petr (numeric) types his answer into a new mail's subject, with no tag: found by address.
    expect(await service.processInbound(mail('Petr <petr@x.example>', '', '1.5254 5755'))).toBe(
      'done',
    );
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(service.state('CLUB/1').penalties).toEqual([]);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    // (Found by subject: a raw MIME boundary may hold "e5" by chance.)
    const toJan = await Promise.all(
      sent.filter((m) => m.to[0] === 'jan@x.example').map((m) => simpleParser(m.raw)),
    );
    expect(toJan.map((m) => m.subject)).toContain('[CLUB/1] Jan – Petr: 1... e5 — your move');
  });
  it('P-4d: a move typed into the subject of a reply, the body left empty, is played; an empty reply is still blank', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    // Petr answers the relay on his phone: his move added to its subject, nothing in the body.
    expect(
      await service.processInbound(
        mail(
          'Petr <petr@x.example>',
          'Sent from my iPhone',
          'Re: [CLUB/1] Jan – Petr: 1. 5254 — your move 1.5254 5755',
        ),
      ),
    ).toBe('done');
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(service.state('CLUB/1').penalties).toEqual([]);
    // Jan offers a draw with his move; Petr accepts it in the subject of his reply (L-5.2.3).
    await service.processInbound(mail('Jan <jan@x.example>', '1...e5 2.Nf3 (=)'));
    expect(
      await service.processInbound(
        mail(
          'Petr <petr@x.example>',
          'Sent from my iPhone',
          'Re: [CLUB/1] Jan – Petr: 2. 7163 (=) — your move — draw accepted',
        ),
      ),
    ).toBe('done');
    expect(service.state('CLUB/1').result).toMatchObject({ result: '1/2-1/2' });
  });
  it('P-4d, P-6g: a move typed after the subject of an older mail of ours (an acceptance, an earlier relay) is played, not a blank transmission', async () => {
    for (const subject of [
      'Re: [CLUB/1] Jan – Petr: 1... c5 angenommen — 2. Sf3 d6',
      'AW: [CLUB/1] Jan – Petr: 1. e4 — Sie sind am Zug 2. Sf3 d6',
      'AW: [CLUB/1] Jan – Petr: 1... c5 angenommen 2. Sf3 d6',
    ]) {
      const { service } = setup(undefined, ':memory:', {
        petr: { language: 'de', notation: 'san' },
      });
      await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
      await service.processInbound(mail('Petr <petr@x.example>', '1.e4 c5'));
      await service.processInbound(mail('Jan <jan@x.example>', '1...c5 2.Nf3'));
      // Petr answers on his phone to an older mail of ours, his move after its subject.
      expect(
        await service.processInbound(
          mail('Petr <petr@x.example>', 'Gesendet von meinem iPhone', subject),
        ),
        subject,
      ).toBe('done');
      expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual([
        'e2e4',
        'c7c5',
        'g1f3',
        'd7d6',
      ]);
      expect(service.state('CLUB/1').penalties).toEqual([]);
    }
  });
  it('P-4d: a move without its repetition typed after the subject of an acceptance is answered as such, not as a blank transmission', async () => {
    const { service } = setup(undefined, ':memory:', { petr: { language: 'de', notation: 'san' } });
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.processInbound(mail('Petr <petr@x.example>', '1.e4 c5'));
    await service.processInbound(mail('Jan <jan@x.example>', '1...c5 2.Nf3'));
    await service.flushOutbox(recorder().sender);
    await service.processInbound(
      mail(
        'Petr <petr@x.example>',
        'Gesendet von meinem iPhone',
        'Re: [CLUB/1] Jan – Petr: 1... c5 angenommen 2...d6',
      ),
    );
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const [answer] = await Promise.all(sent.map((m) => simpleParser(m.raw)));
    expect(answer?.text).not.toContain('keinen Zug');
    expect(answer?.text).toContain('2. Nf3');
    expect(service.state('CLUB/1').penalties).toMatchObject([{ reason: 'repetition-missing' }]);
  });
  it('P-4d: a reply left empty is still a blank transmission: our subject holds no move of the sender', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.processInbound(mail('Petr <petr@x.example>', '1.5254 5755'));
    // Jan replies to the relay and sends nothing: our subject's move is no move of his.
    expect(
      await service.processInbound(
        mail(
          'Jan <jan@x.example>',
          'Sent from my iPhone',
          'Re: [CLUB/1] Jan – Petr: 1... e5 — your move',
        ),
      ),
    ).toBe('rejected');
    expect(service.state('CLUB/1').penalties).toHaveLength(1);
  });
  it('P-4d: a game kept in a chess program and sent as an attached PGN, body empty, is played', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const pgn = '[Event "Club"]\r\n[White "Jan"]\r\n[Black "Petr"]\r\n\r\n1. 5254 5755 *\r\n';
    const withPgn = mail(
      'Petr <petr@x.example>',
      `--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n--b1\r\nContent-Type: application/x-chess-pgn\r\nContent-Disposition: attachment; filename="CLUB-1.pgn"\r\n\r\n${pgn}--b1--`,
      'Re: [CLUB/1] Jan – Petr: 1. 5254 — your move',
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n',
    );
    expect(await service.processInbound(withPgn)).toBe('done');
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(service.state('CLUB/1').penalties).toEqual([]);
  });
  it("L-9.1.2.1: a draw accepted after one's own move declined the offer is told which move declined it, and that an offer goes with the next move", async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.processInbound(mail('Petr <petr@x.example>', '1.5254 5755 (=)'));
    expect(service.state('CLUB/1').drawOffer).toMatchObject({ by: 'black' });
    // Jan plays on, which declines the offer; then he thinks better of it.
    await service.processInbound(mail('Jan <jan@x.example>', '1...e5 2.Nf3'));
    await service.flushOutbox(recorder().sender);
    await service.processInbound(
      mail('Jan <jan@x.example>', 'Actually, on second thought I accept the draw.'),
    );
    expect(service.state('CLUB/1').result).toBeUndefined();
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const toJan = (await Promise.all(sent.map((m) => simpleParser(m.raw)))).filter(
      (m) => m.to && JSON.stringify(m.to).includes('jan@x.example'),
    );
    const text = toJan
      .map((m) => m.text ?? '')
      .join('\n')
      .replace(/\s+/g, ' ');
    // Was: "your opponent has no draw offer standing … send the offer with your move", though
    // his own move had declined it and it was not his turn.
    expect(text).toContain(
      "Your own move 2. Nf3, sent on 2026-11-02, declined your opponent's draw offer (rule L-9.1.2.1)",
    );
    expect(text).toContain('You may offer a draw yourself with your next move');
    expect(text).not.toContain('send the offer with your move');
    expect(sent.filter((m) => m.to[0] === 'petr@x.example')).toEqual([]);
  });
  it('L-8.1: a player who copies the offer mark with the repeated move makes no offer of his own', async () => {
    const { service } = setup();
    for (const [from, body] of [
      ['Jan <jan@x.example>', '1.e4'],
      ['Petr <petr@x.example>', '1.5254 5755'],
      ['Jan <jan@x.example>', '1...e5 2.Nf3 (=)'],
    ] as const)
      expect(await service.processInbound(mail(from, body))).toBe('done');
    expect(service.state('CLUB/1').drawOffer).toMatchObject({ by: 'white' });
    // Petr repeats Jan's move as the relay showed it, "(=)" and all, and plays on: he declines.
    expect(await service.processInbound(mail('Petr <petr@x.example>', '2.7163 (=) 2836'))).toBe(
      'done',
    );
    expect(service.state('CLUB/1').drawOffer).toBeUndefined();
    expect(service.state('CLUB/1').plies).toHaveLength(4);
  });
  it('P-4d: a reply sent empty is still a blank transmission, whatever its subject carried', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    // Replying to the relay without typing: the subject is the client's "Re:" of ours.
    const reply = mail('Petr <petr@x.example>', '', 'Re: [CLUB/1] Jan – Petr: 1. 5254 — your move');
    expect(await service.processInbound(reply)).toBe('rejected');
    // Our subject copied into a new mail is ours too, not the player's words.
    const copied = mail('Petr <petr@x.example>', '', '[CLUB/1] Jan – Petr: 1. 5254 — your move');
    expect(await service.processInbound(copied)).toBe('rejected');
    expect(service.state('CLUB/1').penalties).toMatchObject([
      { side: 'black', rule: 'P-6g' },
      { side: 'black', rule: 'P-6g' },
    ]);
    expect(service.state('CLUB/1').plies).toHaveLength(1);
  });
  it('P-4d: the subject never adds to a body with moves, and words in it make a message, not a blank mail', async () => {
    const { service, logger } = setup();
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4', '[CLUB/1] 1.d4'))).toBe(
      'done',
    );
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(
      await service.processInbound(mail('Petr <petr@x.example>', '', '[CLUB/1] Is it my move?')),
    ).toBe('ignored');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_NO_MOVE', side: 'black' });
    expect(service.state('CLUB/1').penalties).toEqual([]);
  });
  it('P-5d: a line for the TD sends the TD the whole mail and the player a word; a move with it is played as usual', async () => {
    const { service, logger } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    sent.length = 0;
    const words = 'TD: my opponent says he sent 1.e4 on Monday; it reached me only today.';
    expect(await service.processInbound(mail('Petr <petr@x.example>', words))).toBe('done');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_TD_MESSAGE', side: 'black' });
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    expect(service.state('CLUB/1').penalties).toEqual([]);
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['td@club.example'], ['petr@x.example']]);
    const notice = await simpleParser(sent[0]!.raw);
    // Labelled by what it is, a message for the TD, not a dispute between the players.
    expect(notice.subject).toBe('[CLUB/1] Jan – Petr: message for you from Black (Petr)');
    expect(notice.text).toContain('Black (Petr) wrote to you through amici (rule P-5d):');
    expect(notice.text).toContain('it reached me only today');
    const word = await simpleParser(sent[1]!.raw);
    expect(word.subject).toBe('[CLUB/1] Jan – Petr: your message went to the Tournament Director');
    expect(word.text).toContain('forwarded to Anna, td@club.example (rule P-5d)');
    // A date in the TD's line is the player's words, not a stated date: still no penalty.
    const dated = 'TD: I protest the claim; I sent my move on 10 November 2026, it was lost.';
    expect(await service.processInbound(mail('Petr <petr@x.example>', dated))).toBe('done');
    expect(service.state('CLUB/1').penalties).toEqual([]);
    await service.flushOutbox(sender);
    // With a move, in Polish words: the move is played, and the TD told all the same.
    sent.length = 0;
    const both = '1.5254 5755\nSędzia: proszę sprawdzić daty';
    expect(await service.processInbound(mail('Petr <petr@x.example>', both))).toBe('done');
    expect(service.state('CLUB/1').plies).toHaveLength(2);
    await service.flushOutbox(sender);
    const kinds = await Promise.all(
      sent.map(async (m) => (await simpleParser(m.raw)).headers.get('x-amici-kind')),
    );
    expect(kinds.sort()).toEqual(['move-accepted', 'move-relayed', 'td-forwarded', 'td-notice']);
    // The TD's copy shows the game as the mail left it: with 1...e5 played.
    const tdCopy = sent.find((m) => m.to[0] === 'td@club.example')!;
    expect((await simpleParser(tdCopy.raw)).text).toMatch(/The game so far:\n1\.e4 e5\n/);
  });
  it("P-5a, P-5d: the TD's notice carries the player's mail as it was sent, its PDF and photo with it", async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const pdf = '%PDF-1.4\r\n% my analysis of 2.Nf3\r\n%%EOF';
    const photo = Buffer.from('89504e470d0a1a0a00000000', 'hex');
    const body = [
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'TD: my opponent disputes the date of 1.e4, my scoresheet and analysis are attached.',
      '--b',
      'Content-Type: application/pdf; name="analysis.pdf"',
      'Content-Disposition: attachment; filename="analysis.pdf"',
      '',
      pdf,
      '--b',
      'Content-Type: image/png; name="card.png"',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename="card.png"',
      '',
      photo.toString('base64'),
      '--b--',
    ].join('\r\n');
    const sentByPetr = mail(
      'Petr <petr@x.example>',
      body,
      'Re: [CLUB/1] move',
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n',
    );
    expect(await service.processInbound(sentByPetr)).toBe('done');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const notice = await simpleParser(sent.find((m) => m.to[0] === 'td@club.example')!.raw);
    expect(notice.text).toContain(
      "The player's mail is attached as it was sent, with its attachments (rule P-5a).",
    );
    // Attached whole, unencoded (RFC 2046 allows message/rfc822 no base64): the TD's mail
    // program shows it as a mail, and what was attached to it opens as the player sent it.
    const original = notice.attachments.find((a) => a.contentType === 'message/rfc822')!;
    expect(original.filename).toBe('original.eml');
    expect(original.headers.get('content-transfer-encoding')).toBe('7bit');
    expect(original.content.toString()).toBe(sentByPetr.raw.toString().replace(/\r\n$/, ''));
    const inner = await simpleParser(original.content);
    expect(inner.from?.value[0]).toEqual({ name: 'Petr', address: 'petr@x.example' });
    expect(inner.attachments.map((a) => [a.filename, a.content.toString('hex')])).toEqual([
      ['analysis.pdf', Buffer.from(pdf).toString('hex')],
      ['card.png', photo.toString('hex')],
    ]);
  });
  it('P-5a: a line for the TD in a Latin-1 mail with bare line ends: the mail reaches the TD byte for byte, as a file (a server without 8BITMIME could refuse it as 8bit)', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const raw = Buffer.concat([
      Buffer.from(
        'From: Petr <petr@x.example>\nTo: referee@club.example\nSubject: Re: [CLUB/1] move\nDate: Mon, 2 Nov 2026 10:00:00 +0000\nMessage-ID: <latin@x.example>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\nTD: ',
      ),
      Buffer.from('Mój przeciwnik twierdzi, że ruch nie doszedł. Grüße\n', 'latin1'),
    ]);
    const item = { id: 'latin', receivedAt: '2026-11-02T10:00:00Z', raw };
    expect(await service.processInbound(item)).toBe('done');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const notice = await simpleParser(sent.find((m) => m.to[0] === 'td@club.example')!.raw);
    const original = notice.attachments.find((a) => a.filename === 'original.eml')!;
    expect(original.headers.get('content-transfer-encoding')).toBe('base64');
    expect(original.content.equals(raw)).toBe(true);
    expect((await simpleParser(original.content)).text).toContain('Grüße');
  });
  it('P-7c: the claimed player writing to the TD within the window protests: the TD is told the claim waits for a ruling', async () => {
    const { service } = setup();
    fileClaim(service);
    const protest = 'Protest: my move was sent in time, the server lost it.';
    expect(await service.processInbound(mail('Jan <jan@x.example>', protest))).toBe('done');
    expect(service.state('CLUB/1').claims[0]?.protestedOn).toBe('2026-11-02');
    expect(service.store.inboundLog().at(-1)?.note).toBe(
      'protest of time:white:10:1 (P-7c); for the TD (P-5d)',
    );
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const notice = sent.find((m) => m.to[0] === 'td@club.example')!;
    expect((await simpleParser(notice.raw)).text).toContain(
      'This mail counts as the protest of White (Jan) against the time claim (move 10, White) (rule P-7c): the claim is not upheld at its deadline, it waits for your ruling. Reply with one line, uphold-claim time:white:10:1',
    );
    // The player is told too: the claim now waits for the TD rather than being upheld.
    const word = sent.find((m) => m.to[0] === 'jan@x.example')!;
    // The claim in words, as the notice named it; was "of claim time:white:10:1".
    expect((await simpleParser(word.raw)).text).toContain(
      'It counts as your protest of the time claim (move 10, White) (rule P-7c)',
    );
    // The opponent learns the claim now waits for the TD; was told nothing.
    const other = await simpleParser(sent.find((m) => m.to[0] === 'petr@x.example')!.raw);
    expect(other.subject).toContain('time claim: a protest is recorded');
    expect(other.text).toContain(
      'A protest is recorded (rule P-7c): the time claim (move 10, White), protest by White received on 2026-11-02: it came in time, so the claim waits for the Tournament Director',
    );
    expect(other.text).not.toContain('time:white:10:1');
  });
  it('P-7c: a protest after the window closed is no protest, but the TD is told it came late', async () => {
    const { service, setNow } = setup();
    fileClaim(service);
    setNow('2026-11-18T09:00:00Z');
    await service.sweep();
    const ruled = service.state('CLUB/1').claims[0]!.ruling!;
    expect(ruled.on).toBe('2026-11-18');
    const late = {
      ...mail('Jan <jan@x.example>', 'Protest: I was ill and could not write.'),
      receivedAt: '2026-11-19T09:00:00Z',
    };
    expect(await service.processInbound(late)).toBe('done');
    expect(service.state('CLUB/1').claims[0]?.protestedOn).toBeUndefined();
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const notice = sent.filter((m) => m.to[0] === 'td@club.example').at(-1)!;
    expect((await simpleParser(notice.raw)).text).toContain(
      'it came after the protest window of claim (move 10, White; for a ruling: time:white:10:1) closed on 2026-11-16 (rule P-7c)',
    );
  });
  it('P-7c, P-7e: a protest mailed in time but read after the deadline upheld the claim (an outage) reopens it: the uphold and the restart undone', async () => {
    const { service, setNow } = setup();
    fileClaim(service);
    setNow('2026-11-17T09:00:00Z');
    // The sweep of 11-17 upheld it at its deadline, and White's count restarted (P-7e).
    service.store.commitDecision(
      'CLUB/1',
      service.store.events('CLUB/1').length,
      [
        {
          type: 'claim-ruled',
          on: '2026-11-17',
          id: 'time:white:10:1',
          upheld: true,
          by: 'deadline',
        },
        { type: 'clock-restarted', on: '2026-11-02', side: 'white' },
      ],
      [],
      '2026-11-17T09:00:00Z',
    );
    expect(service.state('CLUB/1').claims[0]?.ruling).toMatchObject({
      upheld: true,
      by: 'deadline',
    });
    expect(service.state('CLUB/1').restarts).toHaveLength(1);
    const inTime = {
      ...mail('Jan <jan@x.example>', 'Protest: my move was sent in time, the server lost it.'),
      receivedAt: '2026-11-16T20:00:00Z',
    };
    expect(await service.processInbound(inTime)).toBe('done');
    // Was: the claim stayed upheld, its excess counted (P-7f), and the TD heard nothing of it.
    const after = service.state('CLUB/1');
    expect(after.claims[0]?.ruling).toBeUndefined();
    expect(after.claims[0]?.protestedOn).toBe('2026-11-16');
    expect(after.restarts).toEqual([]);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    // The TD is told the uphold is undone, not only that the mail protests.
    const notice = await simpleParser(sent.find((m) => m.to[0] === 'td@club.example')!.raw);
    expect(notice.text).toContain(
      'The claim (move 10, White; for a ruling: time:white:10:1) had been upheld at its deadline on 2026-11-17, before this mail, which came in time, was read: that uphold is undone',
    );
    const other = await simpleParser(sent.find((m) => m.to[0] === 'petr@x.example')!.raw);
    expect(other.text).toContain(
      'it came in time, but was entered only after the claim had been upheld at its deadline on 2026-11-17; that uphold is undone, and so is the fresh count it started (rule P-7e)',
    );
  });
  it('P-7c: a late protest from the claimant is reported late to the TD too', async () => {
    const { service, setNow } = setup();
    fileClaim(service);
    setNow('2026-11-17T08:00:00Z');
    const late = {
      ...mail(
        'Petr <petr@x.example>',
        'Protest: the count is wrong, Jan never got the start notice.',
      ),
      receivedAt: '2026-11-17T08:00:00Z',
    };
    expect(await service.processInbound(late)).toBe('done');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const notice = sent.filter((m) => m.to[0] === 'td@club.example').at(-1)!;
    // Was: forwarded with nothing saying the window had closed.
    expect((await simpleParser(notice.raw)).text).toContain(
      'closed on 2026-11-16 (rule P-7c): the claim has not been ruled yet',
    );
  });
  it('P-7c: a protest a day late, before the deadline was swept: the TD is told it came late and the claim waits', async () => {
    const { service, setNow } = setup();
    fileClaim(service);
    setNow('2026-11-17T08:00:00Z');
    const late = {
      ...mail('Jan <jan@x.example>', 'Protest: I was ill and could not write.'),
      receivedAt: '2026-11-17T08:00:00Z',
    };
    expect(await service.processInbound(late)).toBe('done');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const notice = sent.filter((m) => m.to[0] === 'td@club.example').at(-1)!;
    expect((await simpleParser(notice.raw)).text).toContain(
      'closed on 2026-11-16 (rule P-7c): the claim has not been ruled yet',
    );
  });
  it('P-7c: the claimant may protest too ("Protest: …"), but a word to the TD is no protest of the claimant', async () => {
    for (const [body, protested] of [
      ['TD: my opponent is slow, as you can see.', undefined],
      [
        'Protest: the count is wrong, Jan never got the start notice. I would like to play on.',
        '2026-11-02',
      ],
    ] as const) {
      const { service } = setup();
      fileClaim(service);
      expect(await service.processInbound(mail('Petr <petr@x.example>', body))).toBe('done');
      expect(service.state('CLUB/1').claims[0]?.protestedOn).toBe(protested);
    }
  });
  it('P-7c, P-5d: a protest in prose, or a mail to the TD by name, from the claimed player within the window is their protest; a mention is none', async () => {
    for (const body of [
      'I protest against this time claim: I never received the mail that the game had started',
      'Dear TD,\n\nI never got the mail that the game had started, please cancel the claim.',
      'Ich erhebe Einspruch gegen die Zeitreklamation.',
    ]) {
      const { service, logger } = setup();
      fileClaim(service);
      expect(await service.processInbound(mail('Jan <jan@x.example>', body))).toBe('done');
      expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_TD_MESSAGE', side: 'white' });
      expect(service.state('CLUB/1').claims[0]?.protestedOn).toBe('2026-11-02');
      const { sent, sender } = recorder();
      await service.flushOutbox(sender);
      // Petr, the opponent, learns the claim now waits for the TD (P-7c).
      expect(sent.map((m) => m.to[0]).sort()).toEqual([
        'jan@x.example',
        'petr@x.example',
        'td@club.example',
      ]);
    }
    const { service, logger } = setup();
    fileClaim(service);
    await service.processInbound(mail('Jan <jan@x.example>', 'I will not protest, fair enough.'));
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_NO_MOVE' });
    expect(service.state('CLUB/1').claims[0]?.protestedOn).toBeUndefined();
  });
  it('P-8a, P-5d: leave taken back books none and goes to the TD, who alone cancels leave', async () => {
    const { service, logger } = setup();
    await service.processInbound(
      mail('Jan <jan@x.example>', '1.e4\n\nLeave: 2026-12-01 - 2026-12-10'),
    );
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    for (const body of [
      'Please cancel my leave 1–10 Dec',
      'I will not take leave from 1 Dec to 10 Dec after all.',
      'Ich nehme doch keinen Urlaub vom 20.12. bis 27.12.',
    ]) {
      sent.length = 0;
      expect(await service.processInbound(mail('Jan <jan@x.example>', body))).toBe('done');
      expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_TD_MESSAGE', side: 'white' });
      // Nothing more is booked, and nothing cancelled but by the TD (P-8a, P-8c).
      expect(service.state('CLUB/1').leaves).toMatchObject([
        { from: '2026-12-01', to: '2026-12-10' },
      ]);
      await service.flushOutbox(sender);
      const kinds = await Promise.all(
        sent.map(async (m) => (await simpleParser(m.raw)).headers.get('x-amici-kind')),
      );
      expect(kinds.sort()).toEqual(['td-forwarded', 'td-notice']);
      expect(
        (await simpleParser(sent.find((m) => m.to[0] === 'td@club.example')!.raw)).text,
      ).toContain(body);
    }
  });
  it('a note after the moves on their line is relayed with the move', async () => {
    const { service } = setup();
    const body = '1.e4 Note: good luck, I did not expect to play White!';
    expect(await service.processInbound(mail('Jan <jan@x.example>', body))).toBe('done');
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    expect((await simpleParser(relay.raw)).text).toContain(
      '"good luck, I did not expect to play White!"',
    );
  });
  it('a TD answering a notice is not taken for an unknown player: filed, and told no ruling was read (P-7d)', async () => {
    const { service, logger } = setup();
    const m = mail('Anna <TD@club.example>', 'Noted, thanks.', 'Re: [CLUB/1] Jan – Petr: dispute');
    expect(await service.processInbound(m)).toBe('ignored');
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_TD_RULING',
      status: 'ignored',
      reason: 'no-ruling',
    });
    expect(service.store.outboxCounts().pending).toBe(1);
  });
  it('P-5c: a reply to our mail from an unknown address finds the game by our Message-ID; in the event language', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((s) => s.to[0] === 'petr@x.example')!;
    const id = /Message-ID: (<[^>]+>)/i.exec(relay.raw.toString())![1]!;
    const m = mail(
      'Petr <petr@work.example>',
      '1.5254 5755',
      'Re: your move',
      `In-Reply-To: ${id}\r\n`,
    );
    expect(await service.processInbound(m)).toBe('rejected');
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    await service.flushOutbox(sender);
    expect(sent.slice(-2).map((s) => s.to)).toEqual([['petr@work.example'], ['td@club.example']]);
  });
  it('a reply without a tag finds the game through our Message-ID in In-Reply-To', async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
    ]);
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    const id = /Message-ID: (<[^>]+>)/i.exec(relay.raw.toString())![1]!;
    expect(
      await service.processInbound(
        mail('Petr <petr@x.example>', '1.5254 5755', 'Re: your move', `In-Reply-To: ${id}\r\n`),
      ),
    ).toBe('done');
    expect(service.state('CLUB/1').plies).toHaveLength(2);
  });
  it('a player in two games who gives no tag, with a move that fits both, is asked which game; nothing is played', async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'jan', black: 'eva', startsOn: '2026-11-02' },
    ]);
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4', 'my move'))).toBe(
      'rejected',
    );
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent[0]!.raw.toString()).toContain('[CLUB/2]');
    expect(service.state('CLUB/1').plies).toHaveLength(0);
    expect(service.state('CLUB/2').plies).toHaveLength(0);
  });
  it('which game? lists the games the move fits, or those against the opponent named; a mail with no move is not asked for its move again', async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
      { id: '3', white: 'jan', black: 'eva', startsOn: '2026-11-02' },
    ]);
    const answer = async () => {
      const { sent, sender } = recorder();
      await service.flushOutbox(sender);
      expect(sent).toHaveLength(1);
      return (await simpleParser(sent[0]!.raw)).text ?? '';
    };
    // 1.e4 fits games 1 and 3, where Jan is White; not game 2, where Eva moves first. Was: all
    // three games listed, the move's fit not said.
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4', 'my move'))).toBe(
      'rejected',
    );
    const fits = await answer();
    expect(fits).toContain('your move fits CLUB/1, 3 (the repetition');
    expect(fits).toContain('The games your move fits:');
    expect(fits).not.toContain('[CLUB/2]');
    // Naming the opponent ("the game against Eva") leaves one game the move fits: played there.
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4', 'Our game, Eva'))).toBe(
      'done',
    );
    expect(service.state('CLUB/3').plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(service.state('CLUB/1').plies).toEqual([]);
    await service.flushOutbox(recorder().sender);
    // No move, a question with no tag: answered with the player's games and clocks (no "which
    // game?", no "send your move again").
    expect(
      await service.processInbound(
        mail('Jan <jan@x.example>', 'How is my clock in the game with Eva?', 'clock'),
      ),
    ).toBe('ignored');
    const moveless = await answer();
    expect(moveless).not.toContain('send it again');
    expect(moveless).toContain('Here is where each of your unfinished games stands today');
    expect(moveless).toMatch(/\[CLUB\/2\] +Eva +Black/);
  });
  it('no tag, two games: the move is played in the one game where it is the player’s move and it is accepted', async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
    ]);
    // In game 2 Eva moves first: only game 1 can take Jan's 1.e4.
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4', 'my move'))).toBe(
      'done',
    );
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const ack = sent.find((m) => m.to[0] === 'jan@x.example')!;
    expect((await simpleParser(ack.raw)).subject).toMatch(/^\[CLUB\/1\]/);
  });
  it('no tag: a move wrong in the only game where it is the player’s move, a resignation or a word for the TD is never placed there; asked which game (the word for the TD goes to the TD, P-5d), no penalty', async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
    ]);
    for (const [body, status] of [
      ['1.e5', 'rejected'],
      ['1.e4\n\nI resign', 'rejected'],
      ['1.e4\n\nTD: I move house next week', 'done'],
    ] as const) {
      expect(await service.processInbound(mail('Jan <jan@x.example>', body, 'move')), body).toBe(
        status,
      );
      expect(service.store.events('CLUB/1'), body).toHaveLength(1); // created: no move, no penalty
    }
  });
  it('a reply in the wrong game’s thread that is the player’s move in one other game: asked, nothing played, no penalty (P-4a, P-6g)', async () => {
    const { service, logger } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
    ]);
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4'))).toBe('done');
    expect(await service.processInbound(mail('Petr <petr@x.example>', '1.5254 5755'))).toBe('done');
    expect(
      await service.processInbound(mail('Eva <eva@x.example>', '1.d4', 'Re: [CLUB/2] move')),
    ).toBe('done');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    sent.length = 0;
    // Jan answers Eva's 1.d4 in game 1's thread: the repetition is wrong there (1...e5 was
    // played), and right in game 2, where 1...d5 is legal.
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.d4 d5'))).toBe('rejected');
    expect(service.state('CLUB/1').plies).toHaveLength(2);
    expect(service.state('CLUB/1').penalties).toEqual([]);
    expect(service.state('CLUB/2').plies).toHaveLength(1);
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_OTHER_GAME',
      game: 'CLUB/1',
      fits: 'CLUB/2',
    });
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['jan@x.example']]);
    const asked = await simpleParser(sent[0]!.raw);
    expect(asked.headers.get('x-amici-kind')).toBe('which-game');
    expect(asked.text).toContain(
      'Your mail answers game [CLUB/1] Jan – Petr, but it does not fit that game: it reads as your move in game [CLUB/2] Eva – Jan',
    );
    expect(asked.text).toContain('no penalty was given');
    expect(asked.text).toContain('"[CLUB/2] my move"');
    // Sent again in game 2's thread, it is played there.
    expect(
      await service.processInbound(mail('Jan <jan@x.example>', '1.d4 d5', 'Re: [CLUB/2] move')),
    ).toBe('done');
    expect(service.state('CLUB/2').plies.map((p) => p.uci)).toEqual(['d2d4', 'd7d5']);
    // A wrong repetition that fits no other game is returned with the penalty, as before.
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1...c5 2.Nf3'))).toBe(
      'rejected',
    );
    expect(service.state('CLUB/1').penalties).toMatchObject([{ side: 'white', days: 5 }]);
  });
  it('the which-game reply is in the player’s language (Polish) and lists both games; nothing is played', async () => {
    const { service, logger } = setup(
      [
        { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
        { id: '2', white: 'jan', black: 'eva', startsOn: '2026-11-02' },
      ],
      ':memory:',
      { jan: { language: 'pl' } },
    );
    const m = mail('Jan <jan@x.example>', '1.e4', 'mój ruch');
    expect(await service.processInbound(m)).toBe('rejected');
    expect(service.state('CLUB/1').plies).toHaveLength(0);
    expect(service.state('CLUB/2').plies).toHaveLength(0);
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_NO_GAME', item: m.id, games: 2 });
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(['jan@x.example']);
    const parsed = await simpleParser(sent[0]!.raw);
    expect(parsed.subject).toBe('Która partia? — Re: mój ruch');
    expect(parsed.inReplyTo).toBe(`<in${n}@x.example>`);
    expect(parsed.headers.get('x-amici-kind')).toBe('which-game');
    expect(parsed.text).toContain('Dzień dobry, Jan,');
    expect(parsed.text).toContain('nie wykonano żadnego posunięcia');
    // 1.e4 fits both games: they are listed as the games the move fits.
    expect(parsed.text).toContain('Partie, do których pasuje posunięcie:');
    expect(parsed.text).toContain('[CLUB/1]  Jan – Petr');
    expect(parsed.text).toContain('[CLUB/2]  Jan – Eva');
    expect(parsed.html).toContain('<html lang="pl">');
    expect(parsed.attachments).toHaveLength(0);
  });
  it('P-5d, P-5b: a mail for the TD that names no game ("Do sędziego: … wycofać się z turnieju") goes to the TD, and the player is told', async () => {
    const { service, logger } = setup(
      [
        { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
        { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
      ],
      ':memory:',
      { jan: { language: 'pl' } },
    );
    const m = mail(
      'Jan <jan@x.example>',
      'Do sędziego: z powodu choroby muszę wycofać się z turnieju. Przepraszam wszystkich przeciwników.\r\nJan',
      'Rezygnacja z turnieju',
    );
    expect(await service.processInbound(m)).toBe('done');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_TD_MESSAGE', games: 2 });
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.map((x) => x.to)).toEqual([['td@club.example'], ['jan@x.example']]);
    const td = await simpleParser(sent[0]!.raw);
    expect(td.headers.get('x-amici-kind')).toBe('for-td');
    expect(td.subject).toBe('[CLUB] message from Jan for you (no game named)');
    expect(td.text).toContain('muszę wycofać się z turnieju');
    expect(td.text).toContain('[CLUB/1]  Jan – Petr');
    expect(td.text).toContain('[CLUB/2]  Eva – Jan');
    expect(td.attachments.map((a) => a.filename)).toEqual(['original.eml']);
    const told = await simpleParser(sent[1]!.raw);
    expect(told.headers.get('x-amici-kind')).toBe('for-td-sent');
    expect(told.inReplyTo).toBe(`<in${n}@x.example>`);
    expect(told.text).toContain(
      'przekazano ją w całości sędziemu turnieju (Anna, td@club.example)',
    );
    expect(told.text).not.toContain('Która partia');
    // Kept in the archive with no game, as it came (P-5a).
    expect(service.store.inboundLog().at(-1)).toMatchObject({
      gameKey: null,
      status: 'done',
      note: 'for the TD (P-5d), naming no game',
    });
    // Withdrawal in words alone, with no `TD:` line, goes too; a move in it is not played.
    const words = mail(
      'Jan <jan@x.example>',
      'I must withdraw from the tournament, sorry.\r\n1.e4',
      'news',
    );
    expect(await service.processInbound(words)).toBe('done');
    expect(service.state('CLUB/1').plies).toHaveLength(0);
    sent.length = 0;
    await service.flushOutbox(sender);
    const again = await simpleParser(sent[1]!.raw);
    expect(again.text).toContain('Zawartych w niej posunięć nie wykonano');
    // Words with no TD in them are still asked about.
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.Nf6', 'ruch'))).toBe(
      'rejected',
    );
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_NO_GAME' });
  });
  it('P-9a, P-5d: words of a withdrawal in a game’s thread go to the TD, with no `TD:` line; the player is told', async () => {
    const { service, logger } = setup();
    const m = mail('Petr <petr@x.example>', 'Sorry, I must withdraw from the tournament.');
    expect(await service.processInbound(m)).toBe('done');
    expect(logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_TD_MESSAGE', game: 'CLUB/1' });
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.map((x) => x.to)).toEqual([['td@club.example'], ['petr@x.example']]);
    const notice = await simpleParser(sent[0]!.raw);
    expect(notice.subject).toBe('[CLUB/1] Jan – Petr: message for you from Black (Petr)');
    expect(notice.text).toContain('I must withdraw from the tournament');
  });
  it('a bounce of our mail to a player becomes a TD notice', async () => {
    const { service } = setup();
    const dsn = `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n`;
    const body = `--b\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; petr@x.example\r\nAction: failed\r\nStatus: 5.1.1\r\n--b--\r\n`;
    const m = {
      id: 'bounce',
      receivedAt: '2026-11-02T10:00:00Z',
      raw: Buffer.from(
        `From: MAILER-DAEMON@mx.example\r\nTo: referee@club.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <b1@mx>\r\nMIME-Version: 1.0\r\n${dsn}\r\n${body}`,
      ),
    };
    expect(await service.processInbound(m)).toBe('ignored');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.map((s) => s.to)).toEqual([['td@club.example']]);
    expect(sent[0]!.raw.toString()).toContain('petr@x.example');
  });
  it('P-6d: a relay that bounces: the TD is told how to send a copy, and the copy, once out, dates the move', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    const id = service.store.outboxIdOf(relay.messageId)!;
    // Three days later Petr's server returns it: the address was wrong.
    setNow('2026-11-05T09:00:00Z');
    const bounce = bounceOf(relay.messageId, '2026-11-05T09:00:00Z', 'b2');
    expect(await service.processInbound(bounce)).toBe('ignored');
    sent.length = 0;
    await service.flushOutbox(sender);
    const notice = (await simpleParser(sent[0]!.raw)).text ?? '';
    expect(notice).toContain(`amici outbox resend ${id}`);
    expect(notice).toContain('their clock is counted from the day the move is finally delivered');
    // The TD sends a copy to the right address (amici outbox resend); it goes out on the 6th.
    setNow('2026-11-06T09:00:00Z');
    const copy = service.store.resend(
      id,
      {
        messageId: '<copy@club.example>',
        recipients: ['petr@right.example'],
        raw: relay.raw,
        note: `copy of mail ${id}`,
      },
      '2026-11-06T09:00:00.000Z',
    );
    expect(copy).toBeGreaterThan(id);
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['petr@right.example']]);
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-11-06');
  });
  it('P-6d: a copy of a bounced relay gives the clock and last day as of the day it goes out, and says why it comes late', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    const id = service.store.outboxIdOf(relay.messageId)!;
    const before = (await simpleParser(relay.raw)).text ?? '';
    expect(before).toContain('Last day to send it in time: 2026-12-02');
    setNow('2026-11-05T09:00:00Z');
    await service.processInbound(bounceOf(relay.messageId, '2026-11-05T09:00:00Z', 'b5'));
    sent.length = 0;
    await service.flushOutbox(sender);
    // The TD's notice names the mail that came back, not the report's own subject.
    const notice = (await simpleParser(sent[0]!.raw)).text ?? '';
    expect(notice).toContain(
      'The mail that came back: the relay of 1.e4 to Black (Petr, petr@x.example), sent 2026-11-02; subject "[CLUB/1] Jan – Petr: 1. 5254 — your move".',
    );
    expect(notice).not.toContain('Undelivered Mail Returned to Sender');
    // The copy goes out on the 20th: 18 days later, its text counts from then.
    setNow('2026-11-20T09:00:00Z');
    const copy = service.store.resend(
      id,
      {
        messageId: '<copy5@club.example>',
        recipients: ['petr@right.example'],
        raw: relay.raw,
        note: `copy of mail ${id}`,
      },
      '2026-11-20T09:00:00.000Z',
    )!;
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['petr@right.example']]);
    const out = sent[0]!;
    // What went out is what is stored, with the copy's own Message-ID in the game's thread.
    expect(out.raw.equals(service.store.outboxRaw(copy)!)).toBe(true);
    expect(out.raw.toString()).toContain('Message-ID: <copy5@club.example>');
    expect(out.raw.toString()).toMatch(/^In-Reply-To: <thread\./m);
    const text = (await simpleParser(out.raw)).text ?? '';
    expect(text).toContain(
      'This mail is a copy: it was first sent on 2026-11-02 to petr@x.example and did not arrive. It goes out again today, so the move counts as delivered to you on 2026-11-20',
    );
    expect(text).toContain('Last day to send it in time: 2026-12-20');
    expect(text).not.toContain('2026-12-02');
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-11-20');
  });
  it('P-6d: a relay that bounced after it was sent: no reminder or claim until a copy goes out', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    const id = service.store.outboxIdOf(relay.messageId)!;
    setNow('2026-11-05T09:00:00Z');
    const bounce = bounceOf(relay.messageId, '2026-11-05T09:00:00Z', 'b3');
    expect(await service.processInbound(bounce)).toBe('ignored');
    // Weeks pass while the TD looks for Petr's address: Petr, who never had the move, gets no
    // reminder (P-3a) and no time claim (P-7a).
    setNow('2026-12-20T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toEqual([]);
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent.filter((m) => m.to.includes('petr@x.example'))).toEqual([]);
    // The copy goes out on the 21st: his clock runs from then, and the sweep watches it again.
    setNow('2026-12-21T09:00:00Z');
    service.store.resend(
      id,
      {
        messageId: '<copy2@club.example>',
        recipients: ['petr@right.example'],
        raw: relay.raw,
        note: `copy of mail ${id}`,
      },
      '2026-12-21T09:00:00.000Z',
    );
    await service.flushOutbox(sender);
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-12-21');
    setNow('2027-01-25T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toMatchObject([{ side: 'black', on: '2027-01-25' }]);
  });
  it('P-6d: a report that delivery is only delayed marks nothing and troubles no TD', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    setNow('2026-11-03T09:00:00Z');
    const delayed = bounceOf(relay.messageId, '2026-11-03T09:00:00Z', 'b4', 'delayed', '4.4.1');
    expect(await service.processInbound(delayed)).toBe('ignored');
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent).toEqual([]);
    // Petr had the move: weeks later he is reminded and claimed against as usual.
    setNow('2026-12-20T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toMatchObject([{ side: 'black' }]);
  });
  it('P-6d: while a move’s relay has not reached its player, they are not reminded or claimed against', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    // The relay to Petr is refused for good; the TD is told.
    const refused = recorder([
      { ok: true },
      { ok: false, permanent: true, error: '550 no such user' },
    ]);
    await service.flushOutbox(refused.sender);
    expect(service.store.outboxCounts().failed).toBe(1);
    // Weeks pass: no reminder (P-3a), no time claim (P-7a) against Petr, who never had the move.
    setNow('2026-12-20T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toEqual([]);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.filter((m) => m.to[0] === 'petr@x.example')).toEqual([]);
    // The TD fixes it and the relay goes out: Petr's clock runs from then.
    service.store.requeue('failed', '2026-12-20T09:00:00.000Z');
    await service.flushOutbox(sender);
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-12-20');
  });
  it('P-7c: a claim still open in a game that ended is settled at its deadline all the same', async () => {
    const { service, setNow } = setup();
    fileClaim(service);
    expect(
      await service.processInbound({
        ...mail('Jan <jan@x.example>', 'I resign.'),
        receivedAt: '2026-11-05T09:00:00Z',
      }),
    ).toBe('done');
    expect(service.state('CLUB/1').result).toMatchObject({ result: '0-1' });
    setNow('2026-11-18T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling).toMatchObject({ by: 'deadline' });
    expect(service.state('CLUB/1').result).toMatchObject({ result: '0-1' });
  });
  it('P-7f, P-3a: a sweep that ends a game on time sends no reminder after the loss', async () => {
    const { service, setNow } = setup();
    // White never moves: a first excess claimed and upheld (the count restarts, P-7e), then a
    // second claimed (P-7f) — and only then does White move.
    setNow('2026-12-10T09:00:00Z');
    await service.sweep();
    const first = service.state('CLUB/1').claims[0]!;
    setNow(`${addDays(first.protestBy!, 1)}T09:00:00Z`);
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling?.upheld).toBe(true);
    setNow('2027-01-25T09:00:00Z');
    await service.sweep();
    const second = service.state('CLUB/1').claims.find((c) => !c.ruling)!;
    expect(second.id).toMatch(/:r1$/);
    await service.processInbound({
      ...mail('Jan <jan@x.example>', '1.e4'),
      receivedAt: '2027-01-25T10:00:00Z',
    });
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    sent.length = 0;
    // Nobody sweeps for weeks: the sweep finds the second claim's deadline past (White loses,
    // P-7f) and Black's reminder due (P-3a). Black is told the game is over, not to hurry.
    setNow('2027-03-01T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').result).toMatchObject({ result: '0-1', rule: 'P-7f' });
    await service.flushOutbox(sender);
    const kinds = await Promise.all(
      sent.map(async (m) => (await simpleParser(m.raw)).headers.get('x-amici-kind')),
    );
    expect(kinds).not.toContain('reminder');
    expect(kinds).toContain('game-ended');
  });
  it('P-3a: the sweep sends a reminder once, however often it runs', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    setNow('2026-11-20T09:00:00Z');
    expect((await service.sweep()).work).toBeGreaterThan(0);
    const after = service.store.events('CLUB/1').length;
    expect((await service.sweep()).work).toBe(0);
    expect(service.store.events('CLUB/1')).toHaveLength(after);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.some((m) => m.to[0] === 'petr@x.example' && /P-3a/.test(m.raw.toString()))).toBe(
      true,
    );
    expect(sent.some((m) => m.to[0] === 'td@club.example')).toBe(true);
  });
  it('P-2a, P-2b, P-6a: a game that starts is announced to both players once; a reply to the announcement finds its game', async () => {
    const { service, setNow } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-03' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-03' },
    ]);
    expect((await service.sweep()).work).toBe(0); // 2026-11-02: the games start tomorrow
    setNow('2026-11-03T06:00:00Z');
    expect((await service.sweep()).work).toBe(2);
    expect((await service.sweep()).work).toBe(0);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to[0]).sort()).toEqual([
      'eva@x.example',
      'jan@x.example',
      'jan@x.example',
      'petr@x.example',
    ]);
    const text = async (m: OutgoingMail) => (await simpleParser(m.raw)).text ?? '';
    const jansFirst = sent.find(
      (m) => m.to[0] === 'jan@x.example' && m.raw.toString().includes('[CLUB/1]'),
    )!;
    expect(await text(jansFirst)).toContain('You move first');
    expect(await text(sent.find((m) => m.to[0] === 'petr@x.example')!)).toContain(
      'Your opponent moves first',
    );
    // Jan plays in two games and answers the announcement with no tag: no "which game?".
    const id = /Message-ID: (<[^>]+>)/i.exec(jansFirst.raw.toString())![1]!;
    const reply = mail('Jan <jan@x.example>', '1.e4', 'Re: the game', `In-Reply-To: ${id}\r\n`);
    expect(await service.processInbound(reply)).toBe('done');
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
  });
  it('the outbox retries on the schedule, and tells the TD when a mail fails for good', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const { sent, sender } = recorder([
      { ok: false, permanent: false, error: '451 greylisted' },
      { ok: false, permanent: true, error: '550 no such user' },
    ]);
    expect(await service.flushOutbox(sender)).toEqual({ sent: 1, retried: 1, failed: 1 });
    // The TD notice about the failure was queued and sent in the same flush, with the way out.
    const notice = sent.find((m) => m.to[0] === 'td@club.example');
    const noticeText = (await simpleParser(notice!.raw)).text ?? '';
    expect(noticeText).toContain('550 no such user');
    expect(noticeText).toContain('amici outbox retry --failed');
    setNow('2026-11-02T09:01:00Z');
    expect((await service.flushOutbox(sender)).sent).toBe(1);
    expect(service.store.outboxCounts()).toMatchObject({ pending: 0, failed: 1 });
  });
  it("P-8a, P-8b: leave stops the player's clock in all their games; every opponent is told", async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
    ]);
    await service.processInbound(
      mail('Jan <jan@x.example>', '1.e4\n\nLeave: 2026-12-01 - 2026-12-10'),
    );
    expect(service.state('CLUB/1').leaves).toMatchObject([
      { side: 'white', from: '2026-12-01', to: '2026-12-10' },
    ]);
    expect(service.state('CLUB/2').leaves).toMatchObject([
      { side: 'black', from: '2026-12-01', to: '2026-12-10' },
    ]);
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const leaveMails = sent.filter((m) =>
      m.raw.toString().includes('X-Amici-Kind: leave-announced'),
    );
    // Jan is told it is recorded (once, not per game); each opponent and the TD are told.
    expect(leaveMails.map((m) => m.to[0]).sort()).toEqual([
      'eva@x.example',
      'jan@x.example',
      'petr@x.example',
      'td@club.example',
    ]);
  });
  it('P-8a, P-8b: one leave mail to the TD and to its taker names every game it stops, with his colour; its start and end reach him once, in his own words', async () => {
    const { service, setNow } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
    ]);
    await service.processInbound(
      mail('Jan <jan@x.example>', '1.e4\n\nLeave: 2026-12-01 - 2026-12-10'),
    );
    // Petr answers: Jan has the move in game 1 when the leave ends, not in game 2 (Eva's).
    expect(await service.processInbound(mail('Petr <petr@x.example>', '1.5254 1...5755'))).toBe(
      'done',
    );
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const parsed = async (kind: string) =>
      Promise.all(
        sent
          .filter((m) => m.raw.toString().includes(`X-Amici-Kind: ${kind}`))
          .map(async (m) => ({ to: m.to[0], mail: await simpleParser(m.raw) })),
      );
    const announced = await parsed('leave-announced');
    const td = announced.filter((m) => m.to === 'td@club.example');
    expect(td).toHaveLength(1);
    expect(td[0]!.mail.text).toContain(
      'The leave stops the clock of Jan in each of these games:\n  [CLUB/1] Jan – Petr (White)\n  [CLUB/2] Eva – Jan (Black)',
    );
    const jans = announced.filter((m) => m.to === 'jan@x.example');
    expect(jans).toHaveLength(1);
    expect(jans[0]!.mail.text).toContain(
      'The games it stops your clock in:\n  [CLUB/1] Jan – Petr (White)\n  [CLUB/2] Eva – Jan (Black)',
    );
    // The opponents are told of their own game only.
    expect(announced.find((m) => m.to === 'eva@x.example')!.mail.text).not.toContain('[CLUB/1]');
    sent.length = 0;
    setNow('2026-12-01T06:00:00Z');
    await service.sweep();
    setNow('2026-12-11T06:00:00Z');
    await service.sweep();
    await service.sweep();
    await service.flushOutbox(sender);
    const notices = await parsed('leave-notice');
    const toJan = notices.filter((m) => m.to === 'jan@x.example');
    // Once at the start and once at the end, for both games; each opponent for their own game.
    expect(toJan).toHaveLength(2);
    expect(notices.filter((m) => m.to === 'petr@x.example')).toHaveLength(2);
    expect(notices.filter((m) => m.to === 'eva@x.example')).toHaveLength(2);
    expect(notices.filter((m) => m.to === 'td@club.example')).toHaveLength(0);
    const [starts, ends] = toJan.map((m) => m.mail);
    expect(starts!.subject).toBe('[CLUB/1] Jan – Petr: your leave starts 2026-12-01');
    expect(starts!.text).toContain(
      'Your leave starts on 2026-12-01 (rules P-8b, P-8a); your clock does not run during it, in each of your games:\n  [CLUB/1] Jan – Petr (White)\n  [CLUB/2] Eva – Jan (Black)',
    );
    // Second person, not "leave of Jan over, their clock runs again".
    expect(ends!.subject).toBe(
      '[CLUB/1] Jan – Petr: your leave is over, your clock runs again from 2026-12-11 where you have the move',
    );
    expect(ends!.text).toContain(
      '[CLUB/1] Jan – Petr (White): it is your move, so your clock runs again from 2026-12-11',
    );
    expect(ends!.text).toContain(
      '[CLUB/2] Eva – Jan (Black): it is not your move, so your clock runs again once you have the move',
    );
    // Eva reads of the leave in her game, in the third person.
    const evas = notices.filter((m) => m.to === 'eva@x.example').map((m) => m.mail);
    expect(evas[1]!.subject).toContain('[CLUB/2] Eva – Jan: leave of Jan over');
  });
  it('P-6d, P-6e: a move read days after it came (amici was down) counts as delivered the day it is relayed', async () => {
    const { service, setNow } = setup();
    // Jan's move reached the mailbox on 2 November; amici reads and relays it on 6 November.
    setNow('2026-11-06T08:00:00Z');
    expect(await service.processInbound(mail('Jan <jan@x.example>', '1.e4'))).toBe('done');
    expect(service.state('CLUB/1').plies[0]).toMatchObject({
      sentOn: '2026-11-02',
      deliveredOn: '2026-11-06',
    });
    // Petr answers the next day: 1 day of his, not the 5 since Jan sent it.
    setNow('2026-11-07T08:00:00Z');
    const reply = {
      ...mail('Petr <petr@x.example>', '1.5254 1...7775'),
      receivedAt: '2026-11-07T07:00:00Z',
    };
    expect(await service.processInbound(reply)).toBe('done');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const ack = sent.find(
      (m) => m.to[0] === 'petr@x.example' && /accepted/i.test(m.raw.toString()),
    );
    expect(ack, 'Petr gets his move confirmed').toBeDefined();
    expect(service.state('CLUB/1').plies[1]).toMatchObject({ sentOn: '2026-11-07' });
    const text = (await simpleParser(ack!.raw)).text ?? '';
    expect(text).toContain('move 1. 5254 was delivered on 2026-11-06');
    expect(text).toMatch(/Black\s+1\s+1\s+1\s+10\s+29/);
  });
  it("P-8a: the 30 days of leave are the player's: leave in a game added later counts what was taken before, and a game added later stops for leave already announced", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-leave-')), 'amici.sqlite');
    const first = setup([{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }], path);
    // 20 days in December, announced in game 1.
    await first.service.processInbound(
      mail('Jan <jan@x.example>', '1.e4\n\nLeave: 2026-12-01 - 2026-12-20'),
    );
    // The TD adds game 2 against Eva; amici restarts with it.
    const later = setup(
      [
        { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
        { id: '2', white: 'eva', black: 'jan', startsOn: '2026-11-02' },
      ],
      path,
    );
    expect(later.service.state('CLUB/2').leaves).toMatchObject([
      { side: 'black', from: '2026-12-01', to: '2026-12-20' },
    ]);
    // 11 more days asked in game 2: 10 are left this year.
    await later.service.processInbound({
      ...mail('Jan <jan@x.example>', 'Leave: 2026-12-21 - 2026-12-31', 'Re: [CLUB/2] leave'),
      id: 'later-leave',
    });
    const { sent, sender } = recorder();
    await later.service.flushOutbox(sender);
    const refusal = sent.find((m) => m.to[0] === 'jan@x.example');
    const text = (await simpleParser(refusal!.raw)).text ?? '';
    expect(text).toMatch(/P-8a/);
    expect(text).toContain('10');
    expect(later.service.state('CLUB/2').leaves).toHaveLength(1);
  });
  it('P-8a: leave that ended before a later game began still counts against the year in it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-leave-')), 'amici.sqlite');
    const first = setup([{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }], path);
    await first.service.processInbound(
      mail('Jan <jan@x.example>', '1.e4\n\nLeave: 2026-11-10 - 2026-11-29'),
    );
    const later = setup(
      [
        { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
        { id: '2', white: 'eva', black: 'jan', startsOn: '2026-12-01' },
      ],
      path,
    );
    expect(later.service.state('CLUB/2').leaves).toEqual([]);
    await later.service.processInbound({
      ...mail('Jan <jan@x.example>', 'Leave: 2026-12-21 - 2026-12-31', 'Re: [CLUB/2] leave'),
      id: 'later-leave-2',
    });
    expect(later.service.state('CLUB/2').leaves).toEqual([]);
  });
  it('the outbox sends as many mails at once as the sender allows, each exactly once', async () => {
    const { service } = setup();
    const queued = Array.from({ length: 7 }, (_, i) => ({
      messageId: `<q${i}@club.example>`,
      kind: 'td-notice',
      recipients: ['td@club.example'],
      sender: 'referee@club.example',
      raw: Buffer.from(`mail ${i}`),
    }));
    service.store.enqueueMail(queued, '2026-11-02T09:00:00.000Z');
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    const sender: Sender = {
      name: 'three at once',
      concurrency: 3,
      async send(m) {
        most = Math.max(most, ++inFlight);
        await sleep(5);
        inFlight--;
        sent.push(m.messageId);
        return { ok: true };
      },
      async close() {},
    };
    expect(await service.flushOutbox(sender)).toEqual({ sent: 7, retried: 0, failed: 0 });
    expect(most).toBe(3);
    expect(sent.sort()).toEqual(queued.map((q) => q.messageId).sort());
    expect(service.store.outboxCounts()).toEqual({ pending: 0, sent: 7, failed: 0 });
  });
  it('a move entered by another process (amici post, amici td) counts for the next mail', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-service-')), 'amici.sqlite');
    const daemon = setup(undefined, path);
    const cli = setup(undefined, path);
    await daemon.service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    expect(daemon.service.state('CLUB/1').plies).toHaveLength(1);
    // Petr's answer reaches the TD by post and is entered on the command line.
    await cli.service.processInbound(mail('Petr <petr@x.example>', '1.5254 5755'));
    expect(daemon.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(await daemon.service.processInbound(mail('Jan <jan@x.example>', '1...e5 2.Nf3'))).toBe(
      'done',
    );
    expect(cli.service.state('CLUB/1').plies).toHaveLength(3);
  });
  it('a move entered by another process while a mail is being decided: the mail is decided again on the game as it now is', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-service-')), 'amici.sqlite');
    const daemon = setup(undefined, path);
    const cli = setup(undefined, path);
    await daemon.service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    // Just before the daemon commits Petr's mailed answer, the TD enters the same move from a
    // postal card (amici post) in another process.
    const store = daemon.service.store;
    const commit = store.commitInbound.bind(store);
    let raced = false;
    store.commitInbound = (...args: Parameters<typeof commit>) => {
      if (!raced) {
        raced = true;
        const d = '2026-11-02';
        const move = { type: 'move', on: d, side: 'black', uci: 'e7e5', sentOn: d, deliveredOn: d };
        expect(cli.service.store.commitDecision('CLUB/1', 2, [move as never], [], d)).toBe(true);
      }
      return commit(...args);
    };
    const outcome = await daemon.service.processInbound(
      mail('Petr <petr@x.example>', '1.5254 5755\n\nposted as well'),
    );
    // One black move in the log, not two: the daemon's copy, decided again on the new position,
    // is the same transmission as the one entered (P-4a), and Petr is told it stands.
    expect(daemon.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(outcome).toBe('done');
    expect(daemon.logger.lines.at(-1)).toMatchObject({ effects: ['transmission-repeated'] });
  });
  it('P-2f, P-2h: a transmission with both dates right gets an acknowledgement without empty gaps, in every language', async () => {
    for (const language of ['en', 'pl', 'cs', 'uk', 'de']) {
      const { service } = setup(undefined, ':memory:', { petr: { language } });
      await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
      const reply = mail(
        'Petr <petr@x.example>',
        '1.5254 5755\n\nReceived: 2026-11-02\nSent: 2026-11-02',
      );
      expect(await service.processInbound(reply)).toBe('done');
      const { sent, sender } = recorder();
      await service.flushOutbox(sender);
      const ack = sent.find(
        (m) =>
          m.to[0] === 'petr@x.example' && m.raw.toString().includes('X-Amici-Kind: move-accepted'),
      );
      const text = (await simpleParser(ack!.raw)).text ?? '';
      expect(text, language).toContain('5755');
      expect(text, language).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
    }
  });
});

describe('a backlog decided in groups (one synced commit for the mails read together)', () => {
  const read = (service: RefereeService, ...items: ReturnType<typeof mail>[]) =>
    Promise.all(items.map((m) => service.readItem(m)));

  it('each mail of a group is decided on what the ones before it played', async () => {
    const { service } = setup();
    const group = await read(
      service,
      mail('Jan <jan@x.example>', '1.e4'),
      mail('Petr <petr@x.example>', '1.5254 5755'),
      mail('Jan <jan@x.example>', '1...e5 2.Nf3'),
    );
    expect(service.decideGroup(group)).toEqual(['done', 'done', 'done']);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
    expect(service.store.outboxCounts().pending).toBe(6); // a relay and an acknowledgement each
  });

  it('a mail whose decision fails is undone alone: the others stand, and it is played when read again', async () => {
    const { service } = setup([
      { id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' },
      { id: '2', white: 'eva', black: 'petr', startsOn: '2026-11-02' },
    ]);
    const store = service.store;
    const commit = store.commitInbound.bind(store);
    store.commitInbound = (...args: Parameters<typeof commit>) => {
      const result = commit(...args); // written, then the failure: the savepoint must undo it
      if (args[0].sender === 'eva@x.example') throw new Error('disk trouble');
      return result;
    };
    const evas = mail('Eva <eva@x.example>', '1.d4', 'Re: [CLUB/2] move');
    const group = await read(service, mail('Jan <jan@x.example>', '1.e4'), evas);
    const [jan, eva] = service.decideGroup(group);
    expect(jan).toBe('done');
    expect(eva).toBeInstanceOf(Error);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(service.state('CLUB/2').plies).toEqual([]);
    expect(store.outboxCounts().pending).toBe(2); // Jan's relay and acknowledgement only
    store.commitInbound = commit;
    expect(await service.processInbound(evas)).toBe('done');
    expect(service.state('CLUB/2').plies.map((p) => p.uci)).toEqual(['d2d4']);
  });

  it('a group whose commit fails is decided again mail by mail, each committed alone, nothing logged before its commit', async () => {
    const { service, logger } = setup();
    const store = service.store;
    const together = store.together.bind(store);
    store.together = <T>(fn: () => T): T =>
      together(() => {
        fn();
        throw new Error('SQLITE_FULL: database or disk is full');
      });
    const group = await read(
      service,
      mail('Jan <jan@x.example>', '1.e4'),
      mail('Petr <petr@x.example>', '1.5254 5755'),
    );
    // One mail the store cannot take (here: the group's commit) must not hold back the others.
    expect(service.decideGroup(group)).toEqual(['done', 'done']);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(store.outboxCounts().pending).toBe(4); // a relay and an acknowledgement each
    // Each played mail is logged once, when its own commit is on disk: never for the group's.
    const codes = logger.lines.map((l) => l.code);
    expect(codes.filter((c) => c === 'INBOUND_PROCESSED')).toHaveLength(2);
    expect(codes.indexOf('INBOUND_GROUP_SPLIT')).toBeLessThan(codes.indexOf('INBOUND_PROCESSED'));
    // Read again (the inbox left them unfiled): nothing is played twice.
    store.together = together;
    expect(service.decideGroup(group)).toEqual(['done', 'done']);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
  });

  it('the daemon files each mail of a backlog only once its commit is on disk, in the order read', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-group-')), 'amici.sqlite');
    const { service, logger } = setup(undefined, path);
    const backlog = [
      mail('Jan <jan@x.example>', '1.e4'),
      mail('Petr <petr@x.example>', '1.5254 5755'),
      mail('Jan <jan@x.example>', '2.Nf3'), // no repetition: returned (P-4d)
      mail('Jan <jan@x.example>', '1...e5 2.Nf3'),
    ];
    const other = new Store(path); // another process's view: only what is committed
    const filed: { id: string; outcome: string; committedBefore: number }[] = [];
    const inbox: Inbox = {
      name: 'memory',
      async *pending() {
        yield* backlog;
      },
      async settle(item, outcome) {
        const committedBefore = other.inboundLog().length;
        filed.push({ id: item.id, outcome, committedBefore });
      },
      waitForMail: async () => {},
      async close() {},
    };
    const { sender } = recorder();
    const summary = await runOnce({ service, inbox, sender, logger, sweep: '0 6 * * *' });
    expect(summary.processed).toBe(4);
    expect(filed.map((f) => [f.id, f.outcome])).toEqual(
      backlog.map((m, i) => [m.id, i === 2 ? 'rejected' : 'done']),
    );
    // Every mail was visible to another process before it was filed.
    for (const [i, f] of filed.entries()) expect(f.committedBefore).toBeGreaterThan(i);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
    other.close();
  });
});

describe('a mail amici fails on again and again (an error in amici, not in the mail)', () => {
  it('is set aside after 3 tries, even across restarts: nothing played, the TD and the player told; replay plays it once fixed', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-set-aside-')), 'state.sqlite');
    const first = setup(undefined, path);
    await first.service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await first.service.flushOutbox(recorder().sender);
    const move = mail('Petr <petr@x.example>', '1.5254 1...5755');
    // A fault in composing the reply stands for any bug met while deciding this mail.
    const broken = (s: RefereeService) => {
      Object.assign(s, {
        composeAll: () => {
          throw new Error('boom: the board could not be drawn\n    at composeAll');
        },
      });
    };
    broken(first.service);
    const outcome = async (s: RefereeService) => s.decideGroup([await s.readItem(move)])[0];
    expect(await outcome(first.service)).toBeInstanceOf(Error);
    first.service.store.close();
    // A restart: the count is kept in the store.
    const again = setup(undefined, path);
    broken(again.service);
    expect(await outcome(again.service)).toBeInstanceOf(Error);
    expect(again.service.store.outboxCounts().pending).toBe(0);
    expect(await outcome(again.service)).toBe('rejected');
    expect(again.logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_SET_ASIDE',
      tries: 3,
      error: 'boom: the board could not be drawn',
    });
    expect(again.service.state('CLUB/1').plies).toHaveLength(1);
    expect(again.service.state('CLUB/1').penalties).toEqual([]);
    const [record] = again.service.store.inboundLog().slice(-1);
    expect(record).toMatchObject({
      status: 'rejected',
      sender: 'petr@x.example',
      note: 'set aside after 3 failed tries: boom: the board could not be drawn',
    });
    const { sent, sender } = recorder();
    await again.service.flushOutbox(sender);
    expect(sent.map((s) => s.to)).toEqual([['td@club.example'], ['petr@x.example']]);
    const td = await simpleParser(sent[0]!.raw);
    expect(td.subject).toBe('amici could not process a mail');
    for (const part of [
      'amici failed 3 times on a mail',
      'From:     petr@x.example',
      'Error:    boom: the board could not be drawn',
      `amici inbox replay ${record!.id}`,
    ])
      expect(td.text).toContain(part);
    const player = await simpleParser(sent[1]!.raw);
    expect(player.subject).toBe('your mail could not be processed');
    expect(player.inReplyTo).toBe(`<in${n}@x.example>`);
    expect(player.text).toContain('Nothing was played from it and no penalty given.');
    expect(player.text).toContain('The Tournament Director (Anna) has your mail');
    // The same mail delivered again is a duplicate: set aside once, told once.
    expect(await outcome(again.service)).toBe('rejected');
    expect(again.service.store.outboxCounts().pending).toBe(0);
    again.service.store.close();
    // Fixed (a new start without the fault): the TD reads it again, dated as it came.
    const fixed = setup(undefined, path);
    expect(
      await fixed.service.processInbound({
        id: `replay:${record!.id}`,
        raw: move.raw,
        receivedAt: move.receivedAt,
        replay: 1,
      }),
    ).toBe('done');
    expect(fixed.service.state('CLUB/1').plies).toHaveLength(2);
    fixed.service.store.close();
  });

  it('a mail whose text amici fails to read is counted and set aside the same way, and the mails after it are played', async () => {
    const { service } = setup();
    const move = mail('Jan <jan@x.example>', '1.e4');
    const other = mail('Jan <jan@x.example>', '1.d4');
    const readMail = (service as unknown as { readMail: (m: unknown) => unknown }).readMail;
    Object.assign(service, {
      readMail: (m: { messageId?: string }) => {
        if (m.messageId?.includes(move.raw.toString().match(/Message-ID: <([^>]+)>/i)![1]!))
          throw new Error('boom: a date could not be read');
        return readMail.call(service, m);
      },
    });
    const reading = await service.readItem(move);
    expect(reading.failed?.error.message).toBe('boom: a date could not be read');
    await expect(service.processInbound(move)).rejects.toThrow('boom: a date could not be read');
    expect(service.decideGroup([reading])[0]).toBeInstanceOf(Error);
    expect(service.decideGroup([await service.readItem(move)])[0]).toBeInstanceOf(Error);
    expect(
      service.decideGroup([await service.readItem(move), await service.readItem(other)]),
    ).toEqual(['rejected', 'done']);
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['d2d4']);
    expect(service.store.inboundLog().at(-2)).toMatchObject({
      status: 'rejected',
      sender: 'jan@x.example',
      note: 'set aside after 3 failed tries: boom: a date could not be read',
    });
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const told = sent.filter((s) => /^Subject: .*could not (be )?process/m.test(s.raw.toString()));
    expect(told.map((s) => s.to)).toEqual([['td@club.example'], ['jan@x.example']]);
    // Read again (a restart before it was filed): a duplicate, told once.
    expect(service.decideGroup([await service.readItem(move)])).toEqual(['rejected']);
    expect(service.store.outboxCounts().pending).toBe(0);
  });
});

describe('a relay that failed for good and went out later (P-6d: delivered when it reached the player)', () => {
  /** A sender that refuses for good every mail to `address` (a mail server that says 550). */
  const refusing = (address: string) => {
    const sent: OutgoingMail[] = [];
    const sender: Sender = {
      name: 'refusing',
      async send(m) {
        if (m.to.includes(address))
          return { ok: false, permanent: true, error: '550 5.7.1 relaying denied' };
        sent.push(m);
        return { ok: true };
      },
      async close() {},
    };
    return { sent, sender };
  };
  const text = async (m: OutgoingMail) => (await simpleParser(m.raw)).text ?? '';

  it('P-6d, P-2f: the move counts as delivered the day its relay went out; the clock, the reminder and the reply’s stated date count from then', async () => {
    const { service, logger, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    const down = refusing('petr@x.example');
    expect(await service.flushOutbox(down.sender)).toMatchObject({ failed: 1 });
    // The TD is told that Petr does not have the move, and that his clock waits for it.
    const notice = await text(down.sent.find((m) => m.to[0] === 'td@club.example')!);
    expect(notice).toContain(
      'amici could not send a mail (move-relayed) to Black (Petr), at petr@x.example.',
    );
    expect(notice).toContain(
      'their clock is counted from the day the move is finally delivered, the day the mail goes out once sent again, not the day it was queued (rule P-6d)',
    );
    const logged = service.store.events('CLUB/1').length;

    // 11 November: the TD queues it again, but the server still refuses: nothing changes.
    setNow('2026-11-11T10:00:00Z');
    expect(service.store.requeue('failed', '2026-11-11T10:00:00.000Z')).toHaveLength(1);
    expect(await service.flushOutbox(down.sender)).toMatchObject({ sent: 0, failed: 1 });
    expect(service.store.events('CLUB/1')).toHaveLength(logged);
    expect(service.state('CLUB/1').plies[0]!.deliveredOn).toBe('2026-11-02');

    // Fixed: the relay goes out on the 11th, and that is when Petr had the move.
    service.store.requeue('failed', '2026-11-11T10:00:00.000Z');
    const { sent, sender } = recorder();
    expect(await service.flushOutbox(sender)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual([['petr@x.example']]);
    expect(service.state('CLUB/1').plies[0]).toMatchObject({
      sentOn: '2026-11-02',
      deliveredOn: '2026-11-11',
    });
    expect(service.store.events('CLUB/1').slice(logged)).toEqual([
      { type: 'delivery-corrected', on: '2026-11-11', ply: 0, deliveredOn: '2026-11-11' },
    ]);
    expect(logger.lines.find((l) => l.code === 'RELAY_DELIVERED_LATE')).toMatchObject({
      game: 'CLUB/1',
      halfMove: 1,
      recorded: '2026-11-02',
      deliveredOn: '2026-11-11',
    });
    // Once: nothing left to retry, nothing more sent or logged.
    expect(service.store.requeue('failed', '2026-11-12T10:00:00.000Z')).toEqual([]);
    expect(await service.flushOutbox(sender)).toMatchObject({ sent: 0 });
    expect(service.store.events('CLUB/1')).toHaveLength(logged + 1);

    // 20 November: 18 days since the 2nd, 9 since the 11th: no reminder yet (P-3a).
    setNow('2026-11-20T09:00:00Z');
    await service.sweep();
    expect([...service.state('CLUB/1').dueDone].filter((k) => k.startsWith('reminder:'))).toEqual(
      [],
    );

    // Petr answers on the 21st, stating he received the move on the 11th: his date stands.
    setNow('2026-11-21T08:00:00Z');
    const reply = {
      ...mail('Petr <petr@x.example>', '1.5254 5755\n\nReceived: 2026-11-11\nSent: 2026-11-21'),
      receivedAt: '2026-11-21T07:00:00Z',
    };
    expect(await service.processInbound(reply)).toBe('done');
    await service.flushOutbox(sender);
    const ack = await text(
      sent.find(
        (m) =>
          m.to[0] === 'petr@x.example' && m.raw.toString().includes('X-Amici-Kind: move-accepted'),
      )!,
    );
    expect(ack).not.toContain('the record has');
    expect(ack).toContain('move 1. 5254 was delivered on 2026-11-11');
    expect(ack).toMatch(/Black\s+1\s+10\s+10\s+10\s+20/); // 10 days of his, not 19
  });

  it('P-6d: a relay retried days after it failed tells its player the clock and last day as of the day it goes out', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.flushOutbox(refusing('petr@x.example').sender);
    // 11 November: the TD queues it again (amici outbox retry), and it goes out.
    setNow('2026-11-11T10:00:00Z');
    service.store.requeue('failed', '2026-11-11T10:00:00.000Z');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    const id = service.store.outboxIdOf(relay.messageId)!;
    // Handed over as stored, under its own Message-ID.
    expect(relay.raw.equals(service.store.outboxRaw(id)!)).toBe(true);
    expect(relay.raw.toString()).toContain(`Message-ID: ${relay.messageId}`);
    const said = await text(relay);
    expect(said).toContain(
      'This mail could not be delivered when it was first due to go out, on 2026-11-02; it goes out only today, so the move counts as delivered to you on 2026-11-11',
    );
    expect(said).toContain('Last day to send it in time: 2026-12-11.');
    expect(said).not.toContain('2026-12-02');
  });

  it('P-6d: a relay retried the day it failed goes out as it was written', async () => {
    const { service } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.flushOutbox(refusing('petr@x.example').sender);
    service.store.requeue('failed', '2026-11-02T09:00:00.000Z');
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    const relay = sent.find((m) => m.to[0] === 'petr@x.example')!;
    expect(
      relay.raw.equals(service.store.outboxRaw(service.store.outboxIdOf(relay.messageId)!)!),
    ).toBe(true);
    expect(await text(relay)).not.toContain('could not be delivered');
  });

  it('P-7a: no time claim is filed while the relay has not gone out; the clock runs from the day it does', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.flushOutbox(refusing('petr@x.example').sender);
    // 30 days on the record from 2 November, but Petr never had the move: no claim.
    setNow('2026-12-05T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toEqual([]);

    // 6 December: the relay goes out at last; Petr's 30 days run from today.
    setNow('2026-12-06T09:00:00Z');
    service.store.requeue('failed', '2026-12-06T09:00:00.000Z');
    await service.flushOutbox(recorder().sender);
    expect(service.state('CLUB/1').plies[0]!.deliveredOn).toBe('2026-12-06');
    setNow('2026-12-21T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims).toEqual([]);
    expect(service.state('CLUB/1').restarts).toEqual([]);

    // Silent after that, he goes over 30 days from the relay, not from the move (P-6d).
    setNow('2027-01-10T09:00:00Z');
    await service.sweep();
    const claims = service.state('CLUB/1').claims;
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ side: 'black', on: '2027-01-10' });
    expect(claims[0]!.detailKey).toMatchObject({ params: { date: '2027-01-06' } });
  });

  it('only the relay to the player who must answer dates a move: a late acknowledgement changes nothing', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.flushOutbox(refusing('jan@x.example').sender);
    expect(service.store.outboxCounts()).toMatchObject({ failed: 1 });
    const logged = service.store.events('CLUB/1').length;
    setNow('2026-11-09T09:00:00Z');
    service.store.requeue('failed', '2026-11-09T09:00:00.000Z');
    expect((await service.flushOutbox(recorder().sender)).sent).toBe(1);
    expect(service.store.events('CLUB/1')).toHaveLength(logged);
    expect(service.state('CLUB/1').plies[0]!.deliveredOn).toBe('2026-11-02');
  });

  it('a relay the player already answered (the TD passed the move on) changes nothing when it goes out', async () => {
    const { service, setNow } = setup();
    await service.processInbound(mail('Jan <jan@x.example>', '1.e4'));
    await service.flushOutbox(refusing('petr@x.example').sender);
    setNow('2026-11-04T09:00:00Z');
    const reply = {
      ...mail('Petr <petr@x.example>', '1.5254 5755'),
      receivedAt: '2026-11-04T08:00:00Z',
    };
    expect(await service.processInbound(reply)).toBe('done');
    const logged = service.store.events('CLUB/1').length;
    setNow('2026-11-09T09:00:00Z');
    service.store.requeue('failed', '2026-11-09T09:00:00.000Z');
    await service.flushOutbox(recorder().sender);
    expect(service.store.events('CLUB/1')).toHaveLength(logged);
    expect(service.state('CLUB/1').plies[0]!.deliveredOn).toBe('2026-11-02');
  });
});

describe('answers a player reads on a phone: the subject and the words say what happened', () => {
  /** `m` as it reached amici at `iso`, amici's clock then too. */
  const on = (s: ReturnType<typeof setup>, iso: string, m: ReturnType<typeof mail>) => {
    s.setNow(iso);
    return s.service.processInbound({ ...m, receivedAt: iso });
  };
  /** The mails queued since the last call, parsed. */
  const sentSince = async (service: RefereeService) => {
    const { sent, sender } = recorder();
    await service.flushOutbox(sender);
    return Promise.all(
      sent.map(async (m) => {
        const p = await simpleParser(m.raw);
        return {
          to: m.to,
          subject: p.subject ?? '',
          text: p.text ?? '',
          kind: String(p.headers.get('x-amici-kind') ?? ''),
        };
      }),
    );
  };

  it('P-4a: a changed mind after the move was sent is told the move stands, not asked to send again', async () => {
    const s = setup(undefined, ':memory:', { jan: { language: 'pl' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
    await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Sf3'));
    await sentSince(s.service);
    const sorry = mail('Jan <jan@x.example>', 'Przepraszam, miało być 2.Gc4 a nie 2.Sf3!');
    expect(await on(s, '2026-11-04T11:00:00Z', sorry)).toBe('rejected');
    const [reply] = await sentSince(s.service);
    expect(reply!.to).toEqual(['jan@x.example']);
    expect(reply!.subject).not.toContain('proszę wysłać ponownie');
    expect(reply!.subject).toContain('niczego nie zagrano — wysłane posunięcie 2. Sf3 obowiązuje');
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
  });
  it('P-4f, P-4g: a reply that accepts part of the opponent’s conditional line and then deviates is played', async () => {
    const s = setup(undefined, ':memory:', {
      jan: { language: 'pl' },
      petr: { language: 'pl', notation: 'auto' },
    });
    await on(s, '2027-01-05T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(
      s,
      '2027-01-06T10:00:00Z',
      mail(
        'Petr <petr@x.example>',
        '1.e4 e5\njeśli 2.Sf3 to 2...Sc6, jeśli 3.Gb5 to 3...a6, jeśli 4.Ga4 to 4...Sf6',
      ),
    );
    await sentSince(s.service);
    // Was: "more moves after your move … send a conditional line starting with 'jeśli'".
    const reply = mail('Jan <jan@x.example>', '1...e5 2.Sf3 Sc6 3.Gb5 a6 4.Gxc6');
    expect(await on(s, '2027-01-08T10:00:00Z', reply)).toBe('done');
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual([
      'e2e4',
      'e7e5',
      'g1f3',
      'b8c6',
      'f1b5',
      'a7a6',
      'b5c6',
    ]);
    const out = await sentSince(s.service);
    const toJan = out.find((m) => m.to[0] === 'jan@x.example')!;
    expect(toJan.subject).toContain('2. Sf3 … 4. Gxc6 przyjęte');
    const toPetr = out.find((m) => m.to[0] === 'petr@x.example')!;
    expect(toPetr.subject).toContain('4. Gxc6 — Pana/Pani posunięcie');
    expect(toPetr.text).toContain('Pana/Pani posunięcie: 3... a6 (1716) (z wariantu warunkowego');
  });
  it('P-4a, P-6g: a correction of a move sent that crosses the opponent’s answer costs nothing; the move stands', async () => {
    // Jan 1.c4, Petr 1...e5, Jan 2.Sc3, Petr 2...Sf6 — then Jan's correction of 2.Sc3 arrives.
    // Was: "the transmission does not repeat your opponent's last move", and 5 days' penalty.
    const s = setup(undefined, ':memory:', { jan: { language: 'pl' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.c4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.3234 5755'));
    await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Sc3'));
    await on(s, '2026-11-05T10:00:00Z', mail('Petr <petr@x.example>', '2.2133 7866'));
    await sentSince(s.service);
    const sorry = mail('Jan <jan@x.example>', 'Przepraszam, miało być 2.g3 a nie 2.Sc3');
    expect(await on(s, '2026-11-06T10:00:00Z', sorry)).toBe('rejected');
    const [reply, ...more] = await sentSince(s.service);
    expect(more).toEqual([]);
    expect(reply!.subject).toContain('niczego nie zagrano — wysłane posunięcie 2. Sc3 obowiązuje');
    expect(reply!.text).toContain('2.g3 nie zostało zagrane; kary nie nałożono');
    expect(reply!.text).toContain('teraz przypada Pana/Pani posunięcie');
    expect(s.service.state('CLUB/1').penalties).toEqual([]);
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual([
      'c2c4',
      'e7e5',
      'b1c3',
      'g8f6',
    ]);
  });
  it('L-8.1: a request for the game’s PGN is answered with the PGN attached and where the game stands', async () => {
    const s = setup(undefined, ':memory:', { petr: { language: 'de' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await sentSince(s.service);
    // Was: "kein Zug in Ihrer Mail … Worte für Ihren Gegner schreiben Sie in eine Zeile …".
    const ask = mail(
      'Petr <petr@x.example>',
      'Guten Tag,\n\nbitte senden Sie mir die PGN dieser Partie.\n\nPetr',
    );
    expect(await on(s, '2026-11-03T10:00:00Z', ask)).toBe('ignored');
    const { sent, sender } = recorder();
    await s.service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['petr@x.example']]);
    const reply = await simpleParser(sent[0]!.raw);
    expect(reply.subject).toContain('die Partie als PGN im Anhang');
    expect(reply.text).toContain('Sie baten um die Partie als PGN');
    expect(reply.text).toContain('Sie sind am Zug');
    const pgn = reply.attachments.find((a) => a.filename?.endsWith('.pgn'));
    expect(pgn?.content.toString()).toContain('1. e4 *');
    expect(s.service.state('CLUB/1').penalties).toEqual([]);
    // The subject alone asks too, and an empty body is then no blank transmission (P-4d).
    const bySubject = mail('Petr <petr@x.example>', '', 'Re: [CLUB/1] PGN please');
    expect(await on(s, '2026-11-04T10:00:00Z', bySubject)).toBe('ignored');
    const [again] = await sentSince(s.service);
    expect(again!.subject).toContain('die Partie als PGN im Anhang');
    expect(s.service.state('CLUB/1').penalties).toEqual([]);
  });
  it('L-8.1: a request for the PGN with a move plays the move and sends the PGN with the answer to it', async () => {
    const s = setup(undefined, ':memory:', { petr: { notation: 'san' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await sentSince(s.service);
    const flushed = async () => {
      const { sent, sender } = recorder();
      await s.service.flushOutbox(sender);
      return Promise.all(sent.map(async (m) => ({ to: m.to, mail: await simpleParser(m.raw) })));
    };
    const pgnOf = (m: { attachments: { filename?: string; content: Buffer }[] }) =>
      m.attachments.find((a) => a.filename?.endsWith('.pgn'))?.content.toString();
    const ask = '1.e4 e5. Could you send me the PGN of the game so far?';
    expect(await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', ask))).toBe('done');
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    // Was: the move played, no PGN, and the request quoted back as words not passed on.
    const out = await flushed();
    const toPetr = out.filter((m) => m.to[0] === 'petr@x.example');
    expect(toPetr).toHaveLength(1);
    expect(toPetr[0]!.mail.text).toContain('You asked for the game in PGN: it is attached');
    expect(toPetr[0]!.mail.text).not.toContain('Could you send me the PGN');
    expect(pgnOf(toPetr[0]!.mail)).toContain('1. e4 e5 *');
    // The opponent's relay (with its PGN, as ever) does not carry the request.
    const toJan = out.find((m) => m.to[0] === 'jan@x.example')!;
    expect(toJan.mail.text).not.toContain('Could you send me');
    // A move refused (no repetition) is answered with the PGN too; no other mail goes to Petr.
    await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Nf3'));
    await flushed();
    const refused = 'Nc6. Please send me the PGN.';
    await on(s, '2026-11-05T10:00:00Z', mail('Petr <petr@x.example>', refused));
    const again = (await flushed()).filter((m) => m.to[0] === 'petr@x.example');
    expect(again.map((m) => m.mail.subject)).toEqual([
      expect.stringContaining('transmission not accepted'),
    ]);
    expect(pgnOf(again[0]!.mail)).toContain('1. e4 e5 2. Nf3 *');
    // A PGN said to be attached, or not wanted, asks for nothing.
    const acknowledged = async () =>
      (await flushed()).filter(
        (m) =>
          m.to[0] === 'petr@x.example' && m.mail.headers.get('x-amici-kind') === 'move-accepted',
      );
    const attach = '2.Nf3 Nc6. I attach the PGN of our game.';
    await on(s, '2026-11-06T10:00:00Z', mail('Petr <petr@x.example>', attach));
    expect((await acknowledged()).map((m) => pgnOf(m.mail))).toEqual([undefined]);
    await on(s, '2026-11-07T10:00:00Z', mail('Jan <jan@x.example>', '2...Nc6 3.Bb5'));
    const unwanted = '3.Bb5 a6. No need to send me the PGN.';
    await on(s, '2026-11-08T10:00:00Z', mail('Petr <petr@x.example>', unwanted));
    expect((await acknowledged()).map((m) => pgnOf(m.mail))).toEqual([undefined]);
  });
  it('P-7a, P-4f: a time claim in words with a move and a conditional line: the claim is answered, the move played and the line recorded', async () => {
    const s = setup(undefined, ':memory:', { petr: { notation: 'san' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.e4 e5'));
    await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Nf3'));
    await sentSince(s.service);
    const claim =
      '2.Nf3 Nc6\nMy opponent exceeded the time limit, I claim a win on time.\nIf 3.Bb5 then 3...a6';
    expect(await on(s, '2026-11-05T10:00:00Z', mail('Petr <petr@x.example>', claim))).toBe('done');
    const state = s.service.state('CLUB/1');
    expect(state.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    expect(state.lines.black).toEqual(['f1b5', 'a7a6']);
    const out = await sentSince(s.service);
    const ack = out.find((m) => m.to[0] === 'petr@x.example')!;
    // Was: the claim quoted back as words not passed on, and not answered.
    expect(ack.text).toContain('amici files a time claim itself');
    expect(ack.text).toMatch(/Your opponent has used \d+ days on move 3/);
    expect(ack.text).not.toContain('I claim a win on time');
    expect(out.find((m) => m.to[0] === 'jan@x.example')!.text).not.toContain('claim');
    // The same with the line after the claim on the move's line, its moves read as on a line of
    // their own; and with moves after the claim and no "if", refused as more moves than one, as
    // any mail would be — the claim answered in the refusal.
    await on(s, '2026-11-06T10:00:00Z', mail('Jan <jan@x.example>', '2...Nc6 3.Bc4'));
    await sentSince(s.service);
    const extra = '3.Bc4 Bc5 - I claim a win on time. 4.c3 Nf6';
    expect(await on(s, '2026-11-07T10:00:00Z', mail('Petr <petr@x.example>', extra))).toBe(
      'rejected',
    );
    const [refusal] = await sentSince(s.service);
    expect(refusal!.text).toContain('After your move the transmission has more moves');
    expect(refusal!.text).toContain('amici files a time claim itself');
    const sameLine = '3.Bc4 Bc5 - I claim a win on time - if 4.c3 Nf6';
    expect(await on(s, '2026-11-08T10:00:00Z', mail('Petr <petr@x.example>', sameLine))).toBe(
      'done',
    );
    expect(s.service.state('CLUB/1').lines.black).toEqual(['c2c3', 'g8f6']);
    // Only a conditional line with the claim, out of turn: the claim is still answered.
    await sentSince(s.service);
    const alone = 'My opponent is late with his move, I claim a win on time.\nIf 4.c3 then 4...Nf6';
    await on(s, '2026-11-09T10:00:00Z', mail('Petr <petr@x.example>', alone));
    const [answer] = await sentSince(s.service);
    expect(answer!.to).toEqual(['petr@x.example']);
    expect(answer!.text).toContain('amici files a time claim itself');
  });
  it('P-2d: the opponent’s move forwarded by a player is not played; the player and the opponent are told, the opponent to send it to amici', async () => {
    const s = setup();
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
    await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Nf3'));
    await sentSince(s.service);
    // Petr answered Jan directly; Jan forwards it. Was: "no move found in your mail … your
    // opponent's move", and Petr, whose clock ran on, was never told.
    const forward = mail(
      'Jan <jan@x.example>',
      'Petr sent this to me.\n\n---------- Forwarded message ---------\nFrom: Petr <petr@x.example>\nDate: Wed, 4 Nov 2026 at 20:15\nSubject: Re: [CLUB/1] 2.Nf3\nTo: Jan <jan@x.example>\n\n2.7163 2836\n\nPetr\n',
      'Fwd: Re: [CLUB/1] 2.Nf3',
    );
    expect(await on(s, '2026-11-05T10:00:00Z', forward)).toBe('ignored');
    expect(s.service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
    const out = await sentSince(s.service);
    expect(out.map((m) => m.to)).toEqual([['jan@x.example'], ['petr@x.example']]);
    expect(out[0]!.subject).toContain('a forwarded move is not played');
    expect(out[0]!.text).toContain('A move counts only when its sender sends it to amici');
    expect(out[1]!.subject).toContain(
      'your move has not reached amici — please send it to referee@club.example',
    );
    expect(out[1]!.text).toContain(
      'has forwarded to amici a mail of yours of 2026-11-04 with the moves “2.7163 2836”',
    );
    expect(out[1]!.text).toContain('it is still your move, and your clock is running');
    // Forwarded again the same day: nobody is written to twice.
    const again = {
      ...forward,
      id: 'again',
      raw: Buffer.from(
        forward.raw.toString().replace(/Message-ID: <[^>]+>/, 'Message-ID: <again@x.example>'),
      ),
    };
    expect(await on(s, '2026-11-05T12:00:00Z', again)).toBe('ignored');
    expect(await sentSince(s.service)).toEqual([]);
  });
  it('P-7a: a player who claims the opponent exceeded the time is answered with the opponent’s clock, not told to write a note to them', async () => {
    const claim = 'My opponent is late with his move, I claim a win on time.';
    const s = setup(undefined, ':memory:', { jan: { language: 'en' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await sentSince(s.service);
    const answer = async (iso: string, words: string) => {
      expect(await on(s, iso, mail('Jan <jan@x.example>', words))).toBe('ignored');
      const out = await sentSince(s.service);
      // The words are never sent to the opponent.
      expect(out.filter((m) => m.to[0] !== 'jan@x.example')).toEqual([]);
      return out.find((m) => m.to[0] === 'jan@x.example')!.text;
    };
    // In time: the days Petr used and his last day. Was: "Words for your opponent go on a line
    // that starts with 'Note:'".
    const early = await answer('2026-11-07T10:00:00Z', claim);
    expect(early).toContain('amici files a time claim itself');
    expect(early).toMatch(
      /Your opponent has used \d+ days on move 1; their last day to send it in time is 2026-\d\d-\d\d/,
    );
    expect(early).not.toContain('Note:');
    // Over the limit, the sweep not yet run: it files the claim (due.ts, P-7a).
    const late = await answer('2027-03-01T10:00:00Z', claim);
    expect(late).toMatch(
      /Your opponent exceeded the time limit on \d{4}-\d\d-\d\d; amici files the claim at its next check/,
    );
    expect(s.service.state('CLUB/1').claims).toEqual([]);
    // Once filed, the answer says when, and that the TD decides (P-7c).
    await s.service.sweep();
    const filedOn = s.service.state('CLUB/1').claims[0]?.on;
    expect(filedOn).toBeDefined();
    await sentSince(s.service);
    const filed = await answer('2027-03-02T10:00:00Z', claim);
    expect(filed).toContain(`the claim was filed on ${filedOn}`);
    // A question, or a claim on a condition, claims nothing, but is answered as one in words
    // is, as a question: the opponent's clock, and that amici files claims itself. Was: only
    // quoted back as words not passed on.
    for (const [iso, words] of [
      ['2027-03-03T10:00:00Z', 'Is my opponent over the time limit?'],
      ['2027-03-04T10:00:00Z', 'is she late? If so I claim the time.'],
    ] as const) {
      const asked = await answer(iso, words);
      expect(asked, words).toContain(
        'You ask whether your opponent has exceeded the time limit, or claim it only if so.',
      );
      expect(asked, words).toContain('amici files a time claim itself');
      expect(asked, words).toContain(`the claim was filed on ${filedOn}`);
      expect(asked, words).not.toContain('were not passed on to your opponent: “');
      expect(asked, words).not.toContain(`“${words}”`);
    }
    expect(s.service.state('CLUB/1').claims).toHaveLength(1);
  });
  it('P-2j: a date in a story of a move sent astray is no stated reply date, and the sentence is quoted back whole', async () => {
    const words = 'Я надіслала свій хід ще 20 січня, але помилково на адресу директора турніру.';
    const s = setup(undefined, ':memory:', { petr: { language: 'uk' } });
    await on(s, '2027-01-18T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await sentSince(s.service);
    const reply = mail('Petr <petr@x.example>', `1.5254 5755\n\n${words}`);
    expect(await on(s, '2027-01-22T10:00:00Z', reply)).toBe('done');
    // Was: recorded as sent on 2027-01-20 (P-2j) and quoted back as "Я , але помилково …".
    expect(s.service.state('CLUB/1').plies[1]).toMatchObject({ uci: 'e7e5', sentOn: '2027-01-22' });
    const ack = (await sentSince(s.service)).find((m) => m.kind === 'move-accepted')!;
    expect(ack.text).toContain(words);
    expect(ack.text).not.toContain('Я , але');
    expect(ack.text).not.toContain('2027-01-20');
  });
  it('P-5d: words that were not passed on say how to write to the TD too, in every language; the words given reach the TD', async () => {
    const words = 'Свій хід я помилково надіслала на адресу директора турніру.';
    const tdLine = {
      en: 'TD:',
      pl: 'Sędzia:',
      cs: 'Ředitel:',
      de: 'Turnierleiter:',
      uk: 'Директору:',
    };
    for (const [language, label] of Object.entries(tdLine)) {
      const s = setup(undefined, ':memory:', { petr: { language } });
      await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
      await sentSince(s.service);
      // With a move: played, and the words quoted back as not passed on.
      const reply = mail('Petr <petr@x.example>', `1.5254 5755\n\n${words}`);
      expect(await on(s, '2026-11-03T10:00:00Z', reply)).toBe('done');
      const ack = (await sentSince(s.service)).find((m) => m.kind === 'move-accepted')!;
      expect(ack.text, language).toContain(words);
      expect(ack.text, language).toContain(`${label}`);
      expect(ack.text, language).toContain('(Anna, td@club.example)');
      expect(ack.text, language).toContain('P-5d');
      // Alone, with no move: the answer says the same.
      expect(await on(s, '2026-11-03T11:00:00Z', mail('Petr <petr@x.example>', words))).toBe(
        'ignored',
      );
      const [noMove] = await sentSince(s.service);
      expect(noMove!.kind, language).toBe('no-move');
      expect(noMove!.text, language).toContain(`${label}`);
      // Written as told, the words go to the TD, with the whole mail (P-5d).
      const told = mail('Petr <petr@x.example>', `${label} ${words}`);
      expect(await on(s, '2026-11-03T12:00:00Z', told)).toBe('done');
      const toTd = (await sentSince(s.service)).find((m) => m.to[0] === 'td@club.example');
      expect(toTd?.text, language).toContain(words);
    }
  });
  it('L-5.1.2: the words that come with a resignation reach the winner with the result, not quoted back', async () => {
    for (const [language, words, said] of [
      [
        'en',
        'I resign. Congratulations and thanks for the game!',
        'Congratulations and thanks for the game!',
      ],
      ['uk', 'Здаюся. Дякую за гру!', 'Дякую за гру!'],
      [
        'pl',
        'Poddaję się.\nGratulacje, świetnie zagrana końcówka!\nPetr',
        'Gratulacje, świetnie zagrana końcówka!',
      ],
    ] as const) {
      const s = setup(undefined, ':memory:', { petr: { language } });
      await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
      await sentSince(s.service);
      expect(await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', words))).toBe(
        'done',
      );
      expect(s.service.state('CLUB/1').result?.result).toBe('1-0');
      const out = await sentSince(s.service);
      const toJan = out.filter((m) => m.to[0] === 'jan@x.example');
      // One mail: the result, with the words in it (README), not a note of its own beside it.
      expect(
        toJan.map((m) => m.kind),
        language,
      ).toEqual(['game-ended']);
      const note = toJan[0]!;
      expect(note.text, language).toContain(`"${said}"`);
      // The resignation's own sentence and the signature are not part of it.
      const quote = note.text.slice(note.text.indexOf('with the resignation, as written:'));
      expect(quote.split('\n')[1], language).toBe(`"${said}"`);
      // The resigning player is not told the words went nowhere.
      for (const m of out.filter((m) => m.to[0] === 'petr@x.example'))
        expect(m.text, language).not.toContain(said);
    }
  });
  it('L-5.2.3: the words that come with an accepted draw reach the opponent with the result, not dropped', async () => {
    for (const [language, words, said] of [
      ['en', 'I accept the draw. Thanks for the game!', 'Thanks for the game!'],
      ['uk', 'Приймаю нічию. Дякую за гру!', 'Дякую за гру!'],
      ['pl', 'Przyjmuję remis.\nDziękuję za ciekawą partię!\nPetr', 'Dziękuję za ciekawą partię!'],
    ] as const) {
      const s = setup(undefined, ':memory:', { petr: { language } });
      await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
      await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
      await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Nf3 (=)'));
      await sentSince(s.service);
      expect(await on(s, '2026-11-05T10:00:00Z', mail('Petr <petr@x.example>', words))).toBe(
        'done',
      );
      expect(s.service.state('CLUB/1').result?.result, language).toBe('1/2-1/2');
      const out = await sentSince(s.service);
      const toJan = out.filter((m) => m.to[0] === 'jan@x.example');
      // One mail: the result, with the words in it (README), not a note of its own beside it.
      expect(
        toJan.map((m) => m.kind),
        language,
      ).toEqual(['game-ended']);
      const note = toJan[0]!;
      expect(note.text, language).toContain(`"${said}"`);
      // The acceptance's own sentence and the signature are not part of it.
      const quote = note.text.slice(
        note.text.indexOf('with the acceptance of the draw, as written:'),
      );
      expect(quote.split('\n')[1], language).toBe(`"${said}"`);
      for (const m of out.filter((m) => m.to[0] === 'petr@x.example'))
        expect(m.text, language).not.toContain(said);
    }
  });
  it('L-5.2.3, L-9.1.2.1: a draw accepted with no offer of the opponent standing is told so and not passed on; a move with it is played', async () => {
    for (const [language, words, thanks, offer] of [
      [
        'en',
        'I accept your draw offer. Thanks for the game!',
        'Thanks for the game!',
        'I offer a draw',
      ],
      ['cs', 'Přijímám remízu. Děkuji za hru!', 'Děkuji za hru!', 'Nabízím remízu'],
      [
        'pl',
        'Przyjmuję remis.\nDziękuję za ciekawą partię!\nPetr',
        'Dziękuję za ciekawą partię!',
        'Proponuję remis',
      ],
      [
        'de',
        'Ich nehme das Remis an. Danke für die Partie!',
        'Danke für die Partie!',
        'Ich biete Remis an',
      ],
      ['uk', 'Приймаю нічию. Дякую за гру!', 'Дякую за гру!', 'Пропоную нічию'],
    ] as const) {
      const s = setup(undefined, ':memory:', { petr: { language } });
      await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
      await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
      // Jan moves and offers nothing.
      await on(s, '2026-11-04T10:00:00Z', mail('Jan <jan@x.example>', '1...e5 2.Nf3'));
      await sentSince(s.service);
      await on(s, '2026-11-05T10:00:00Z', mail('Petr <petr@x.example>', words));
      expect(s.service.state('CLUB/1').result, language).toBeUndefined();
      const out = await sentSince(s.service);
      // Was: "Thanks for the game!" relayed to Jan as a note, as if the game had ended.
      expect(
        out.filter((m) => m.to[0] === 'jan@x.example'),
        language,
      ).toEqual([]);
      const [told, ...more] = out.filter((m) => m.to[0] === 'petr@x.example');
      expect(more, language).toEqual([]);
      expect(told?.kind, language).toBe('transmission-rejected');
      // The words not passed on are quoted, and how to offer a draw: with a move, in words or (=).
      expect(told?.text, language).toContain(thanks);
      expect(told?.text, language).toContain(offer);
      expect(told?.text, language).toContain('(=)');
      expect(told?.text, language).toContain('L-9.1.2.1');

      // The same with his move: the move is played, the acceptance and its words stay with Petr.
      await on(
        s,
        '2026-11-06T10:00:00Z',
        mail('Petr <petr@x.example>', `2.7163 2836\nNote: ${words.split('\n')[0]}\n${thanks}`),
      );
      expect(s.service.state('CLUB/1').plies, language).toHaveLength(4);
      expect(s.service.state('CLUB/1').result, language).toBeUndefined();
      const next = await sentSince(s.service);
      const relay = next.filter((m) => m.to[0] === 'jan@x.example');
      expect(
        relay.map((m) => m.kind),
        language,
      ).toEqual(['move-relayed']);
      expect(relay[0]?.text, language).not.toContain(words.split('\n')[0]!.slice(0, 12));
      expect(relay[0]?.text, language).not.toContain(thanks);
      const answer = next.filter((m) => m.to[0] === 'petr@x.example');
      expect(
        answer.map((m) => m.kind),
        language,
      ).toEqual(['move-accepted']);
      expect(answer[0]?.text, language).toContain(offer);
    }
  });
  it('P-8b, P-8c: leave that had begun is asked of the TD, who can grant it by mail; the days ahead are recorded at once', async () => {
    const s = setup(undefined, ':memory:', { petr: { language: 'uk' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
    await sentSince(s.service);
    // Sent on 3 December: the 1st to the 3rd had begun, the 4th to the 14th are ahead.
    const leave = mail('Petr <petr@x.example>', 'Відпустка з 1 по 14 грудня.');
    expect(await on(s, '2026-12-03T10:00:00Z', leave)).toBe('done');
    expect(s.service.state('CLUB/1').leaves).toMatchObject([
      { side: 'black', from: '2026-12-04', to: '2026-12-14', granted: false },
    ]);
    const out = await sentSince(s.service);
    const toPetr = out.filter((m) => m.to[0] === 'petr@x.example');
    expect(toPetr.map((m) => m.kind)).toEqual(['leave-announced']);
    expect(toPetr[0]!.text).toContain('Вашу відпустку з 2026-12-04 до 2026-12-14 записано');
    expect(toPetr[0]!.text).toContain('Дні з 2026-12-01 до 2026-12-03 вже почалися');
    expect(toPetr[0]!.text).toContain('передано директорові турніру');
    const request = out.find((m) => m.kind === 'leave-requested')!;
    expect(request.to).toEqual(['td@club.example']);
    expect(request.text).toContain('grant-leave --side black --from 2026-12-01 --to 2026-12-03');
    expect(request.text).toContain(
      'amici td CLUB/1 grant-leave --side black --from 2026-12-01 --to 2026-12-03',
    );
    expect(request.text).toContain('2026-12-04 to 2026-12-14 were announced in advance');
    // The TD answers with the line the request gives: the days are granted, both players told.
    const grant = mail(
      'Anna <td@club.example>',
      'OK.\n\ngrant-leave --side black --from 2026-12-01 --to 2026-12-03',
      `Re: ${request.subject}`,
    );
    expect(await on(s, '2026-12-03T12:00:00Z', grant)).toBe('done');
    expect(s.service.state('CLUB/1').leaves).toContainEqual({
      side: 'black',
      from: '2026-12-01',
      to: '2026-12-03',
      granted: true,
      recordedOn: '2026-12-03',
    });
    const told = await sentSince(s.service);
    // Both players, and the TD's confirmation of the ruling (P-7d).
    expect(told.map((m) => m.to[0]).sort()).toEqual([
      'jan@x.example',
      'petr@x.example',
      'td@club.example',
    ]);
    expect(told.find((m) => m.to[0] === 'td@club.example')?.kind).toBe('ruling-done');
  });
  it('P-8b, P-8c, P-13c: leave asked late that the TD refuses by mail: both players are told, with the appeal, and the player’s appeal of it goes to the TD', async () => {
    const s = setup(undefined, ':memory:');
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
    await sentSince(s.service);
    const leave = mail('Petr <petr@x.example>', 'Leave from 1.12 to 2.12');
    expect(await on(s, '2026-12-03T10:00:00Z', leave)).toBe('rejected');
    const request = (await sentSince(s.service)).find((m) => m.kind === 'leave-requested')!;
    // Before: "If you do not grant them, nothing is to be done", and the player, told they would
    // hear if it was granted, heard nothing.
    expect(request.text).toContain(
      "If you do not grant them, the days count on the player's clock. To tell both players so, reply with the line refuse-leave --side black --from 2026-12-01 --to 2026-12-02",
    );
    const refusal = mail(
      'Anna <td@club.example>',
      'refuse-leave --side black --from 2026-12-01 --to 2026-12-02 --note "Not announced in advance."',
      `Re: ${request.subject}`,
    );
    expect(await on(s, '2026-12-03T12:00:00Z', refusal)).toBe('done');
    expect(s.service.state('CLUB/1').leaves).toEqual([]);
    const told = await sentSince(s.service);
    expect(told.map((m) => `${m.to[0]} ${m.kind}`).sort()).toEqual([
      'jan@x.example ruling-applied',
      'petr@x.example ruling-applied',
      'td@club.example ruling-done',
    ]);
    for (const m of told.filter((x) => x.kind === 'ruling-applied')) {
      expect(m.text).toContain(
        'The Tournament Director has ruled (rules P-8b, P-8c, P-7d): the leave asked for is refused (Black, 2026-12-01 to 2026-12-02: those days count on the clock).',
      );
      expect(m.text).toContain('Not announced in advance.');
      expect(m.text).toContain('To appeal this decision, write within 14 days, by 2026-12-17,');
    }
    const appeal = mail(
      'Petr <petr@x.example>',
      'I appeal against the refusal of my leave: I was in hospital.',
    );
    expect(await on(s, '2026-12-05T10:00:00Z', appeal)).toBe('done');
    const forwarded = await sentSince(s.service);
    expect(forwarded.map((m) => `${m.to[0]} ${m.kind}`).sort()).toEqual([
      'petr@x.example appeal-received',
      'td@club.example td-notice',
    ]);
    expect(s.service.state('CLUB/1').appeals).toMatchObject([
      { side: 'black', on: '2026-12-05', against: { ruling: 'refuse-leave' } },
    ]);
  });
  it('P-8b, P-8c: leave that is over is not recorded; the TD is asked; no word of a move the mail did not have', async () => {
    const s = setup(undefined, ':memory:', { petr: { language: 'uk' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await on(s, '2026-11-03T10:00:00Z', mail('Petr <petr@x.example>', '1.5254 5755'));
    await sentSince(s.service);
    const leave = mail('Petr <petr@x.example>', 'Відпустка з 1 по 2 грудня.');
    expect(await on(s, '2026-12-03T10:00:00Z', leave)).toBe('rejected');
    expect(s.service.state('CLUB/1').leaves).toEqual([]);
    const out = await sentSince(s.service);
    const [reply] = out.filter((m) => m.to[0] === 'petr@x.example');
    expect(reply!.subject).toContain('відпустку не записано');
    expect(reply!.text).toContain('ваше прохання про них передано директорові турніру');
    expect(reply!.text).not.toMatch(/хід у ньому|ходом|хід у вашому листі/);
    expect(out.find((m) => m.kind === 'leave-requested')?.text).toContain(
      'grant-leave --side black --from 2026-12-01 --to 2026-12-02',
    );
    // With a move, the leave's answer says the move is answered on its own.
    const withMove = mail('Jan <jan@x.example>', '1...e5 2.Nf3\nLeave from 1.12 to 2.12');
    expect(await on(s, '2026-12-03T11:00:00Z', withMove)).toBe('done');
    const jan = (await sentSince(s.service)).filter((m) => m.to[0] === 'jan@x.example');
    expect(jan.map((m) => m.kind).sort()).toEqual(['move-accepted', 'transmission-rejected']);
    expect(jan.find((m) => m.kind === 'transmission-rejected')!.text).toContain(
      'The move in your mail is answered in a mail of its own.',
    );
  });
  it('P-2d, P-5d, P-6d: a player’s move the TD forwards is not played from the TD’s address; the TD is told at once how to enter it, dated as sent', async () => {
    const s = setup(undefined, ':memory:', { petr: { language: 'uk' } });
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await sentSince(s.service);
    // Petr sent "1.5254 5755" to the TD by mistake on 3 November; the TD forwards it on the 5th.
    const body = `Petr sent his move to me by mistake, please process it.

Anna

---------- Forwarded message ---------
From: Petr <petr@x.example>
Date: Tue, Nov 3, 2026 at 7:00 PM
Subject: RE: [CLUB/1] Jan – Petr: 1. e4 — ваш хід
To: Anna <td@club.example>


1.5254 5755

Petr
`;
    const forward = mail(
      'Anna <td@club.example>',
      body.replace(/\n/g, '\r\n'),
      'Fwd: RE: [CLUB/1] Jan – Petr: 1. e4 — ваш хід',
    );
    expect(await on(s, '2026-11-05T09:00:00Z', forward)).toBe('ignored');
    // Nothing played, nothing to the players: the TD decides.
    expect(s.service.state('CLUB/1').plies).toHaveLength(1);
    expect(s.logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_TD_RULING',
      status: 'ignored',
      reason: 'forwarded',
      forwarded: 'petr@x.example',
    });
    const out = await sentSince(s.service);
    expect(out.map((m) => m.to)).toEqual([['td@club.example']]);
    const [answer] = out;
    expect(answer!.subject).toContain('[CLUB/1]');
    expect(answer!.subject).toContain('no ruling read in your mail');
    expect(answer!.text).toContain('holds no ruling, so amici changed nothing');
    expect(answer!.text).toContain(
      'It forwards a mail from Petr <petr@x.example> (Black (Petr)), sent on 2026-11-03.',
    );
    expect(answer!.text).toContain("A player's mail forwarded from your address is not played");
    expect(answer!.text).toContain(
      'amici post CLUB/1 --as black --moves "1.5254 5755" --postmark 2026-11-03 --received 2026-11-05 --force',
    );
    expect(s.service.store.inboundLog().at(-1)?.note).toMatch(
      /^TD forwarded a mail from petr@x\.example of 2026-11-03: not played/,
    );
    // Forwarded as an attachment (message/rfc822): its own From and Date name it.
    const original = `From: Petr <petr@x.example>\r\nTo: td@club.example\r\nSubject: RE: [CLUB/1] 1. e4\r\nDate: Tue, 3 Nov 2026 23:30:00 +0200\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.5254 5755\r\n`;
    const attached = mail(
      'Anna <td@club.example>',
      `--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPlease process it.\r\n--b\r\nContent-Type: message/rfc822\r\n\r\n${original}\r\n--b--`,
      'Fwd: RE: [CLUB/1] 1. e4',
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n',
    );
    expect(await on(s, '2026-11-05T09:30:00Z', attached)).toBe('ignored');
    const [byAttachment] = await sentSince(s.service);
    expect(byAttachment!.text).toContain(
      'amici post CLUB/1 --as black --moves "1.5254 5755" --postmark 2026-11-03 --received 2026-11-05 --force',
    );
    expect(s.service.state('CLUB/1').plies).toHaveLength(1);
    // Forwarded again: answered again; a forward is never passed over in silence.
    const again = mail('Anna <td@club.example>', body, 'Fwd: my move');
    expect(await on(s, '2026-11-05T10:00:00Z', again)).toBe('ignored');
    expect((await sentSince(s.service)).map((m) => m.to)).toEqual([['td@club.example']]);
  });
  it('P-2m: the command for a forwarded mail carries --force when its sender plays by email in a mixed game, and not when they play by post', async () => {
    const forwarded = async (players: Record<string, Record<string, unknown>>) => {
      const s = setup(undefined, ':memory:', players);
      await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
      await sentSince(s.service);
      const body =
        'Please process it.\r\n\r\n---------- Forwarded message ---------\r\nFrom: Petr <petr@x.example>\r\nDate: Tue, Nov 3, 2026 at 7:00 PM\r\nSubject: RE: [CLUB/1] 1. e4\r\nTo: Anna <td@club.example>\r\n\r\n\r\n1.5254 5755\r\n';
      await on(s, '2026-11-05T09:00:00Z', mail('Anna <td@club.example>', body, 'Fwd: [CLUB/1]'));
      const [answer] = await sentSince(s.service);
      return answer!.text;
    };
    // Jan by post, Petr by email: a card of Petr's is entered only with --force.
    expect(await forwarded({ jan: { post: true } })).toContain(
      'amici post CLUB/1 --as black --moves "1.5254 5755" --postmark 2026-11-03 --received 2026-11-05 --force',
    );
    // Petr by post: his card is his way to move.
    expect(await forwarded({ petr: { post: true } })).toMatch(
      /amici post CLUB\/1 --as black --moves "1\.5254 5755" --postmark 2026-11-03 --received 2026-11-05(?! --force)/,
    );
  });
  it('P-7d: a TD’s words with no ruling about a game are answered once a day: nothing changed; a word to amici about no game is not', async () => {
    const s = setup();
    await on(s, '2026-11-02T10:00:00Z', mail('Jan <jan@x.example>', '1.e4'));
    await sentSince(s.service);
    const prose = mail(
      'Anna <td@club.example>',
      'Please give Petr three more days.',
      'Re: [CLUB/1] Jan – Petr: dispute',
    );
    expect(await on(s, '2026-11-03T10:00:00Z', prose)).toBe('ignored');
    const [answer, ...more] = await sentSince(s.service);
    expect(more).toEqual([]);
    expect(answer!.to).toEqual(['td@club.example']);
    expect(answer!.text).toContain('holds no ruling, so amici changed nothing');
    expect(answer!.text).toContain('Please give Petr three more days.');
    expect(answer!.text).not.toContain('forwards');
    const thanks = mail('Anna <td@club.example>', 'Noted, thanks.', 'Re: [CLUB/1] no ruling read');
    expect(await on(s, '2026-11-03T11:00:00Z', thanks)).toBe('ignored');
    expect(await sentSince(s.service)).toEqual([]);
    const news = mail('Anna <td@club.example>', 'Hello amici, nice work.', 'Club news');
    expect(await on(s, '2026-11-05T11:00:00Z', news)).toBe('ignored');
    expect(await sentSince(s.service)).toEqual([]);
  });
});

describe('leave of a player in two events (P-8a, P-8b)', () => {
  /** Jan plays in event A (against Petr, TD Anna) and event B (against Eva, TD Bert). */
  function twoEvents() {
    const event = (tag: string, td: string, game: Record<string, string>) => ({
      name: `Event ${tag}`,
      tag,
      td: { name: td, address: `${td.toLowerCase()}@club.example` },
      timeZone: 'Europe/Warsaw',
      language: 'en',
      players: [
        { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
        { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
        { id: 'eva', name: 'Eva', addresses: ['eva@x.example'] },
      ],
      games: [{ id: '1', startsOn: '2026-11-02', ...game }],
    });
    const r = validateConfig(
      {
        from: { name: 'amici', address: 'referee@club.example' },
        inbox: { kind: 'maildir', path: './in' },
        outbox: { kind: 'pickup', path: './out' },
        store: { path: ':memory:' },
        events: [
          event('A', 'Anna', { white: 'jan', black: 'petr' }),
          event('B', 'Bert', { white: 'eva', black: 'jan' }),
        ],
      },
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    let now = new Date('2026-11-02T09:00:00Z');
    const service = new RefereeService({
      config: r.config,
      store: new Store(':memory:'),
      logger: memoryLogger(),
      clock: () => now,
    });
    service.ensureGames();
    return { service, setNow: (iso: string) => (now = new Date(iso)) };
  }

  it('P-8a, P-8b: leave Jan sends in one event’s game is confirmed to him once, told to both TDs, and its start and end reach him once, with a line for each game of each event', async () => {
    const { service, setNow } = twoEvents();
    await service.processInbound(
      mail('Jan <jan@x.example>', '1.e4\n\nLeave: 2026-12-01 - 2026-12-10', 'Re: [A/1] move'),
    );
    expect(service.state('B/1').leaves).toMatchObject([
      { side: 'black', from: '2026-12-01', to: '2026-12-10' },
    ]);
    const { sent, sender } = recorder();
    const parsed = async (kind: string) =>
      Promise.all(
        sent
          .filter((m) => m.raw.toString().includes(`X-Amici-Kind: ${kind}`))
          .map(async (m) => ({ to: m.to[0], mail: await simpleParser(m.raw) })),
      );
    await service.flushOutbox(sender);
    const announced = await parsed('leave-announced');
    // One confirmation to Jan, naming his game in each event.
    const jans = announced.filter((m) => m.to === 'jan@x.example');
    expect(jans).toHaveLength(1);
    expect(jans[0]!.mail.text).toContain('  [A/1] Jan – Petr (White)\n  [B/1] Eva – Jan (Black)');
    // Bert, the TD of event B, is told too (P-8b) — was: only Anna heard of it.
    const bert = announced.filter((m) => m.to === 'bert@club.example');
    expect(bert).toHaveLength(1);
    expect(bert[0]!.mail.text).toContain('  [B/1] Eva – Jan (Black)');
    expect(announced.filter((m) => m.to === 'anna@club.example')).toHaveLength(1);
    sent.length = 0;
    setNow('2026-12-01T06:00:00Z');
    await service.sweep();
    setNow('2026-12-11T06:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    const toJan = (await parsed('leave-notice')).filter((m) => m.to === 'jan@x.example');
    // Was: two at the start and two at the end, one per event, each naming one game.
    expect(toJan).toHaveLength(2);
    expect(toJan[0]!.mail.text).toContain(
      'in each of your games:\n  [A/1] Jan – Petr (White)\n  [B/1] Eva – Jan (Black)',
    );
    expect(toJan[1]!.mail.text).toContain('[A/1] Jan – Petr (White): it is not your move');
    expect(toJan[1]!.mail.text).toContain('[B/1] Eva – Jan (Black): it is not your move');
  });
});
