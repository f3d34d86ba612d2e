// A player by post reads no email (P-2m): every mail amici writes them also goes to the TD to
// print and post, as a letter, with the player's postal address on its first line. The paper is
// what reaches them: the copy of a move's relay dates the move's delivery (the day it is posted
// and the transit, P-6d, P-6e), and a bounce of it leaves the move undelivered; their relay by
// email holds nothing up.

import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { tokenizeMovetext } from '../../src/chess/index.ts';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays } from '../../src/clock/index.ts';
import { validateConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { messageIdFor, readdressed } from '../../src/daemon/outgoing-mime.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { OutgoingMail, Sender } from '../../src/daemon/transport.ts';
import { AMICI_MARKER } from '../../src/mail/marker.ts';
import { Store } from '../../src/store/store.ts';
import { clubConfig } from '../support/config.ts';

/** Jan (by email) against Petr (`petr`: by post unless said otherwise) in game CLUB/1. */
function setup(
  petr: Record<string, unknown>,
  tdLanguage = 'en',
  event: Record<string, unknown> = {},
) {
  const r = validateConfig(
    clubConfig({
      timeZone: 'Europe/Warsaw',
      language: tdLanguage,
      ...event,
      players: [
        { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
        { id: 'petr', name: 'Petr Novák', addresses: ['petr@x.example'], language: 'cs', ...petr },
      ],
      games: [{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }],
    }),
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
  const sent: OutgoingMail[] = [];
  const sender: Sender = {
    name: 'test',
    send: async (m) => {
      sent.push(m);
      return { ok: true };
    },
    close: async () => {},
  };
  /** Jan's 1.e4, read and decided: its mail queued. */
  const janMail = () =>
    service.processInbound({
      id: 'm1',
      receivedAt: '2026-11-02T10:00:00Z',
      raw: Buffer.from(
        'From: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: [CLUB/1] move\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <in1@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4\r\n',
      ),
    });
  /** Jan's 1.e4, and the mail it causes, sent. */
  const janMoves = async () => {
    await janMail();
    await service.flushOutbox(sender);
  };
  return {
    service,
    sent,
    sender,
    janMail,
    janMoves,
    setNow: (iso: string) => (now = new Date(iso)),
  };
}

/** A report from the TD's server that our mail `messageId` to the TD failed for good. */
const tdBounce = (messageId: string, at: string, id: string) => ({
  id,
  receivedAt: at,
  raw: Buffer.from(
    `From: MAILER-DAEMON@mx.example\r\nTo: referee@club.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <${id}@mx>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; td@club.example\r\nAction: failed\r\nStatus: 5.2.2\r\n--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${messageId}\r\n--b--\r\n`,
  ),
});

/** A report from Petr's server that our mail `messageId` to him failed for good. */
const playerBounce = (messageId: string, at: string, id: string) => ({
  id,
  receivedAt: at,
  raw: Buffer.from(
    `From: MAILER-DAEMON@x.example\r\nTo: referee@club.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <${id}@x>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x.example\r\n\r\nFinal-Recipient: rfc822; petr@x.example\r\nAction: failed\r\nStatus: 5.1.1\r\n--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${messageId}\r\n--b--\r\n`,
  ),
});

const textOf = async (m: OutgoingMail) => (await simpleParser(m.raw)).text ?? '';
const toTd = (sent: OutgoingMail[]) => sent.filter((m) => m.to.includes('td@club.example'));

describe('P-2m: mail to a player by post goes to the TD to print and post', () => {
  it("P-2m: the relay of Jan's move reaches Petr (by post) by email and, as a copy to print with his postal address, the TD", async () => {
    const { sent, janMoves } = setup({ post: true, postalAddress: 'Dlouhá 5, 110 00 Praha 1' });
    await janMoves();
    const relay = sent.find((m) => m.to.includes('petr@x.example'));
    expect(relay).toBeDefined();
    const copies = toTd(sent);
    expect(copies).toHaveLength(1);
    const copy = await simpleParser(copies[0]!.raw);
    const text = copy.text ?? '';
    expect(text.split('\n')[0]).toBe(
      'Please print this and post it to Petr Novák, Dlouhá 5, 110 00 Praha 1',
    );
    expect(copy.subject).toMatch(/^\[CLUB\/1\] to print and post to Petr Novák: /);
    expect(copy.html).toContain('Please print this and post it to Petr Novák');
    // Below it, the mail Petr gets, in his language (Czech), with its board, as a letter: no
    // marker line to reply above, no PGN attached (the score is printed in it).
    const own = await simpleParser(relay!.raw);
    const greeting = (own.text ?? '').split('\n')[2]!;
    expect(greeting).toBe('Dobrý den, Petr Novák,');
    expect(text.split('\n')[2]).toBe(greeting);
    expect(text).not.toContain(AMICI_MARKER);
    expect(copy.html).not.toContain(AMICI_MARKER);
    expect(copy.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(own.attachments.map((a) => a.filename)).toEqual(['board.png', 'CLUB-1.pgn']);
  });

  it('P-2m, P-2e, P-2f: the printed letter says how to answer by post — a card with the repetition and the dates — and nothing of replying to a mail or of an attachment', async () => {
    const { sent, janMoves } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
      language: 'en',
    });
    await janMoves();
    const text = await textOf(toTd(sent)[0]!);
    expect(text).toContain(
      "Please reply by post, on a card to the Tournament Director (TD), with the repetition of your opponent's move and your own move, numbered, for example:\n1. e4 1... (your move)\nWrite on the card your name and address, the date this letter reached you and the date you post the card (rules P-2d, P-2e, P-2f).",
    );
    expect(text).not.toMatch(/reply above this line|Please reply with|PGN is attached/);
    // Petr's mail by email keeps its own words.
    const own = await textOf(sent.find((m) => m.to.includes('petr@x.example'))!);
    expect(own).toContain(AMICI_MARKER);
    expect(own).toContain("Please reply with the repetition of your opponent's move");
    expect(own).toContain('The game in PGN is attached.');
  });

  it('P-2m: a postal address written over several lines is printed as an address block, under the name', async () => {
    // As a YAML block (`postalAddress: |`) gives it, trimmed by the config's schema.
    const { sent, janMoves } = setup({
      post: true,
      postalAddress: 'Dlouhá 5\n110 00 Praha 1\nCzech Republic',
    });
    await janMoves();
    const copy = await simpleParser(toTd(sent)[0]!.raw);
    const lines = (copy.text ?? '').split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'Please print this and post it to this address:',
      '',
      '    Petr Novák',
      '    Dlouhá 5',
      '    110 00 Praha 1',
      '    Czech Republic',
      '',
    ]);
    expect(copy.html).toContain('Petr Novák<br>\nDlouhá 5<br>\n110 00 Praha 1<br>\nCzech Republic');
    expect(copy.subject).toMatch(/^\[CLUB\/1\] to print and post to Petr Novák: /);
  });

  it('P-2m: with no postal address in the config, the copy says so; the TD reads it in their language', async () => {
    const { sent, janMoves } = setup({ post: true }, 'de');
    await janMoves();
    const [copy] = toTd(sent);
    expect((await textOf(copy!)).split('\n')[0]).toBe(
      'Bitte ausdrucken und per Post an Petr Novák senden (keine Postanschrift in der Konfiguration)',
    );
  });

  it('P-2m: a postal card the TD enters went from player to player on paper: its acknowledgement is not printed', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    await janMoves();
    setNow('2026-11-09T09:00:00Z');
    sent.length = 0;
    const ref = service.resolveGame('CLUB/1')!;
    const r = await service.decideAndCommit(
      ref,
      service.state('CLUB/1'),
      {
        kind: 'transmission',
        side: 'black',
        sentOn: '2026-11-06',
        reading: { kind: 'algebraic', lang: 'en' },
        moves: tokenizeMovetext('1.e4 e5').tokens,
        postal: true,
        deliveredOn: '2026-11-09',
      },
      '2026-11-09',
      'card:1',
    );
    expect(r.decision.effects.map((e) => e.kind)).toContain('move-accepted');
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to[0])).toContain('petr@x.example');
    expect(toTd(sent)).toEqual([]);
  });
  it('P-2m: a player by email gets the relay by email only: nothing goes to the TD to print', async () => {
    const { sent, janMoves } = setup({ postalAddress: 'Dlouhá 5, 110 00 Praha 1' });
    await janMoves();
    expect(sent.map((m) => m.to)).toContainEqual(['petr@x.example']);
    expect(toTd(sent)).toEqual([]);
  });

  it('P-2m, P-6d: a bounce of the copy to print leaves Petr (by post) without the move: his clock waits, no reminder, no claim, until a copy goes out; the TD is told so once, with no loop', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    await janMoves();
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-11-02');
    const [copy] = toTd(sent);
    setNow('2026-11-03T09:00:00Z');
    expect(
      await service.processInbound(tdBounce(copy!.messageId, '2026-11-03T09:00:00Z', 'b1')),
    ).toBe('ignored');
    sent.length = 0;
    await service.flushOutbox(sender);
    // The TD is told which mail came back (its subject says it was the copy to print) …
    expect(sent.map((m) => m.to)).toEqual([['td@club.example']]);
    const notice = await textOf(sent[0]!);
    expect(notice).toContain(
      'The copy to print and post to Petr Novák (rule P-2m), sent to your own address, could not be delivered, so it is not printed and posted yet.',
    );
    expect(notice).not.toContain('A mail to a player');
    expect(notice).toContain('Delivery to td@club.example failed.');
    expect(notice).toContain(
      'The mail that came back: the copy to print and post to Petr Novák of a mail (move-relayed), to td@club.example, sent 2026-11-02;',
    );
    // … that it is the letter that brings Petr the move, so his clock waits for it …
    expect(notice).toContain(
      'The copy is the letter that brings Black (Petr Novák) the move they must answer, so they do not have it yet: their clock is counted from the day it reaches them',
    );
    expect(notice).toMatch(
      /`amici outbox resend \d+ --to ADDRESS` sends a copy to another address of yours/,
    );
    // … and when that notice comes back from the same address too, nothing more is sent.
    const again = sent[0]!;
    sent.length = 0;
    await service.processInbound(tdBounce(again.messageId, '2026-11-03T10:00:00Z', 'b2'));
    await service.flushOutbox(sender);
    expect(sent).toEqual([]);
    // Petr has no letter, though his mail by email went out: he is neither reminded nor
    // claimed against (P-3a, P-7a).
    setNow('2026-12-20T09:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    expect(sent).toEqual([]);
    expect(service.state('CLUB/1').claims).toEqual([]);
    // The TD has the copy sent to another address of theirs on the 20th: the move reaches Petr
    // on paper from then, and his clock counts from it (P-6d).
    const id = service.store.outboxIdOf(copy!.messageId)!;
    expect(service.currentAddressOf(id)).toBe('td@club.example');
    const row = service.store.outboxRow(id)!;
    const messageId = messageIdFor('resend:test', 'referee@club.example');
    service.store.resend(
      id,
      {
        messageId,
        recipients: ['td@home.example'],
        raw: readdressed(row.raw, 'td@home.example', messageId),
        note: `copy of mail ${id}`,
      },
      '2026-12-20T09:00:00.000Z',
    );
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['td@home.example']]);
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-12-20');
    expect(await textOf(sent[0]!)).toContain('se počítají od 2026-12-20');
  });

  it('P-2m, P-6d: Petr (by post) has an email address too: a bounce of his relay by email holds nothing up — the move counts as delivered, he is reminded as usual — and the TD hears of the address once, not at every relay', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    await janMoves();
    const relay = sent.find((m) => m.to.includes('petr@x.example'))!;
    setNow('2026-11-03T09:00:00Z');
    await service.processInbound(playerBounce(relay.messageId, '2026-11-03T09:00:00Z', 'b1'));
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['td@club.example']]);
    const notice = await textOf(sent[0]!);
    expect(notice).toContain(
      "A mail by email to Black (Petr Novák), who plays by post, could not be delivered. It holds nothing up: what reaches them is the letter you print and post (rule P-2m), so the move's delivery and their clock stand as they are (rule P-6d). You are told of this address once",
    );
    expect(notice).not.toContain('does not have it yet');
    expect(service.store.relayUndelivered('CLUB/1', service.state('CLUB/1').plies[0]!.seq)).toBe(
      false,
    );
    // Petr's card 1...e5 comes, Jan answers 2.Nf3 by mail: its relay by email bounces too, and
    // the TD, who has been told, is not told again.
    setNow('2026-11-09T09:00:00Z');
    const ref = service.resolveGame('CLUB/1')!;
    await service.decideAndCommit(
      ref,
      service.state('CLUB/1'),
      {
        kind: 'transmission',
        side: 'black',
        sentOn: '2026-11-06',
        reading: { kind: 'algebraic', lang: 'en' },
        moves: tokenizeMovetext('1.e4 e5').tokens,
        postal: true,
        deliveredOn: '2026-11-09',
      },
      '2026-11-09',
      'card:1',
    );
    await service.flushOutbox(sender);
    setNow('2026-11-10T10:00:00Z');
    await service.processInbound({
      id: 'm2',
      receivedAt: '2026-11-10T10:00:00Z',
      raw: Buffer.from(
        'From: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: [CLUB/1] move\r\nDate: Tue, 10 Nov 2026 10:00:00 +0000\r\nMessage-ID: <in2@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1...e5 2.Nf3\r\n',
      ),
    });
    sent.length = 0;
    await service.flushOutbox(sender);
    const second = sent.find((m) => m.to.includes('petr@x.example'))!;
    expect((await simpleParser(second.raw)).subject).toMatch(/2\. Jf3/);
    expect(second.raw.toString()).toContain('X-Amici-Kind: move-relayed');
    setNow('2026-11-11T09:00:00Z');
    await service.processInbound(playerBounce(second.messageId, '2026-11-11T09:00:00Z', 'b2'));
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent).toEqual([]);
    // No reply 14 days after the letter: Petr is reminded, on paper (P-3a).
    setNow('2026-11-25T09:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.raw.toString().match(/^X-Amici-Kind: (.*)$/m)?.[1])).toEqual([
      'reminder',
      'print:reminder',
    ]);
  });

  it('P-6d, P-6e: with 3 days in the post, the move reaches Petr (by post) 3 days after his letter goes out; the letter says his clock runs from then; his card’s received date corrects it', async () => {
    const { service, sent, janMoves, setNow } = setup(
      { post: true, postalAddress: 'Dlouhá 5, 110 00 Praha 1', language: 'en' },
      'en',
      { transitDays: 3 },
    );
    await janMoves();
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-11-05');
    const letter = await textOf(toTd(sent)[0]!);
    expect(letter).toContain(
      'Your clock for this move runs from the day this letter reaches you, not from the day it was written (rules P-6d, P-6e): the clock and the last day above count from 2026-11-05, the day it is expected to reach you. If it reaches you on another day, write that day on your card as the day you received the move, and the record follows it (rule P-2f).',
    );
    expect(letter).toContain('Last day to send it in time: 2026-12-05.');
    // Jan, by email, has his own move delivered to him at once (the acknowledgement).
    // Petr's card says the letter came on the 7th: that is the delivery (P-2f..h, P-6d).
    setNow('2026-11-12T09:00:00Z');
    await service.decideAndCommit(
      service.resolveGame('CLUB/1')!,
      service.state('CLUB/1'),
      {
        kind: 'transmission',
        side: 'black',
        sentOn: '2026-11-08',
        reading: { kind: 'algebraic', lang: 'en' },
        moves: tokenizeMovetext('1.e4 e5').tokens,
        postal: true,
        statedReceivedOn: '2026-11-07',
        deliveredOn: '2026-11-12',
      },
      '2026-11-12',
      'card:1',
    );
    expect(service.state('CLUB/1').plies[0]?.deliveredOn).toBe('2026-11-07');
  });

  it('P-2i: dates a card of Petr (by post) left out are recorded and told him with the next move — in a mixed game, on the printed relay of Jan’s answer', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
      language: 'en',
    });
    await janMoves();
    // Petr's card 1...e5 states neither the day he received 1.e4 nor the day he sent it.
    setNow('2026-11-09T09:00:00Z');
    await service.decideAndCommit(
      service.resolveGame('CLUB/1')!,
      service.state('CLUB/1'),
      {
        kind: 'transmission',
        side: 'black',
        sentOn: '2026-11-06',
        reading: { kind: 'algebraic', lang: 'en' },
        moves: tokenizeMovetext('1.e4 e5').tokens,
        postal: true,
        deliveredOn: '2026-11-09',
      },
      '2026-11-09',
      'card:1',
    );
    sent.length = 0;
    await service.flushOutbox(sender);
    // The acknowledgement of a card is for the record: nothing to print yet.
    expect(toTd(sent)).toEqual([]);
    setNow('2026-11-10T10:00:00Z');
    await service.processInbound({
      id: 'm2',
      receivedAt: '2026-11-10T10:00:00Z',
      raw: Buffer.from(
        'From: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: [CLUB/1] move\r\nDate: Tue, 10 Nov 2026 10:00:00 +0000\r\nMessage-ID: <in2@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1...e5 2.Nf3\r\n',
      ),
    });
    sent.length = 0;
    await service.flushOutbox(sender);
    const letter = await textOf(toTd(sent)[0]!);
    expect(letter).toContain(
      'The dates of your card with 1... e5, as recorded (rules P-2i, P-2j):\nYou did not state the date you received the move; the record has 2026-11-02 (rule P-2i).\nYou did not state the date of your reply; the record has 2026-11-06 (rule P-2i).',
    );
    // The notes are the card's, kept with its move (P-5a).
    expect(service.state('CLUB/1').plies[1]?.dateNotes).toHaveLength(2);
  });

  it('P-2i: in a game all by post the next move is the opponent’s own card, so the acknowledgement that records a card’s missing dates is printed for its sender', async () => {
    const { service, sent, sender, janMoves, setNow } = setup(
      { post: true, postalAddress: 'Dlouhá 5, 110 00 Praha 1', language: 'en' },
      'en',
      { mode: 'postal' },
    );
    await janMoves();
    // Petr's card 1...e5 states neither the day he received 1.e4 nor the day he sent it.
    setNow('2026-11-09T09:00:00Z');
    await service.decideAndCommit(
      service.resolveGame('CLUB/1')!,
      service.state('CLUB/1'),
      {
        kind: 'transmission',
        side: 'black',
        sentOn: '2026-11-06',
        reading: { kind: 'algebraic', lang: 'en' },
        moves: tokenizeMovetext('1.e4 e5').tokens,
        postal: true,
        deliveredOn: '2026-11-09',
      },
      '2026-11-09',
      'card:1',
    );
    sent.length = 0;
    await service.flushOutbox(sender);
    const copies = toTd(sent);
    expect(copies.map((m) => m.raw.toString().match(/^X-Amici-Kind: (.*)$/m)?.[1])).toEqual([
      'print:move-accepted',
    ]);
    const letter = await textOf(copies[0]!);
    expect(letter.split('\n')[0]).toBe(
      'Please print this and post it to Petr Novák, Dlouhá 5, 110 00 Praha 1',
    );
    expect(letter).toContain(
      'You did not state the date you received the move; the record has 2026-11-02 (rule P-2i).',
    );
  });

  it('P-7c, P-2m: a time claim’s notice to Petr (by post) printed days late is written anew: the days for a protest count from the day it goes out, and the claim waits for it', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
      language: 'en',
    });
    await janMoves();
    setNow('2026-11-17T09:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    // Petr does not answer: on 5 December he is over the limit, and the claim is filed (P-7a);
    // the TD's server refuses everything that day, the copy to print and post among it.
    setNow('2026-12-05T09:00:00Z');
    await service.sweep();
    const [claim] = service.state('CLUB/1').claims;
    expect(claim).toMatchObject({ side: 'black', protestBy: '2026-12-19' });
    await service.flushOutbox(refusing('td@club.example', []));
    expect(service.store.outboxList(['failed']).map((m) => m.kind)).toContain('print:time-claim');
    // The old deadline passes: the notice has not gone out to be posted, so nothing is upheld.
    setNow('2026-12-20T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling).toBeUndefined();
    // 21 December: the TD queues it again; it goes out written anew, the window from today.
    setNow('2026-12-21T09:00:00Z');
    service.store.requeue('failed', '2026-12-21T09:00:00.000Z');
    sent.length = 0;
    await service.flushOutbox(sender);
    const letter = await textOf(
      sent.find((m) => m.raw.toString().includes('X-Amici-Kind: print:time-claim'))!,
    );
    expect(letter.split('\n')[0]).toBe(
      'Please print this and post it to Petr Novák, Dlouhá 5, 110 00 Praha 1',
    );
    expect(letter).toContain(
      'This letter was first written on 2026-12-05 and could not be posted then; it is written anew today, 2026-12-21, and the days for a protest count from today: the deadline below is counted from this day (rule P-7c).',
    );
    expect(letter).toContain('must reach the Tournament Director by 2027-01-04');
    expect(letter).not.toContain('2026-12-19');
    expect(service.state('CLUB/1').claims[0]?.protestBy).toBe('2027-01-04');
    setNow('2027-01-04T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling).toBeUndefined();
    setNow('2027-01-05T09:00:00Z');
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling).toMatchObject({
      upheld: true,
      by: 'deadline',
    });
  });

  it('P-7c, P-2m: a protest Petr (by post) sent to the TD, forwarded to amici, is recorded by the line its answer gives, as received that day: the claim waits for the ruling, past its deadline, and Petr’s letter says so', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
      language: 'en',
    });
    await janMoves();
    setNow('2026-12-05T09:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    expect(service.state('CLUB/1').claims[0]).toMatchObject({ protestBy: '2026-12-19' });
    // Petr wrote to the TD's own address on the 18th; the TD, away, forwards it on the 21st:
    // not played from the TD's address (P-2d), but the answer gives the line that records it.
    setNow('2026-12-21T07:00:00Z');
    sent.length = 0;
    expect(
      await service.processInbound({
        id: 'fwd1',
        receivedAt: '2026-12-21T07:00:00Z',
        raw: Buffer.from(
          'From: TD <td@club.example>\r\nTo: referee@club.example\r\nSubject: Fwd: [CLUB/1] time exceeded\r\nDate: Mon, 21 Dec 2026 07:00:00 +0000\r\nMessage-ID: <fwd1@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nFrom Petr.\r\n\r\n---------- Forwarded message ---------\r\nFrom: Petr Novák <petr@x.example>\r\nDate: Fri, Dec 18, 2026 at 7:00 PM\r\nSubject: [CLUB/1] time exceeded\r\nTo: TD <td@club.example>\r\n\r\nProtest: my card went to the post on 10 November.\r\n',
        ),
      }),
    ).toBe('ignored');
    await service.flushOutbox(sender);
    const answer = await textOf(toTd(sent)[0]!);
    expect(answer).toContain(
      'It protests a time claim (rule P-7c). To record the protest as received on 2026-12-18, the day it reached you (which decides whether it came in time), reply to this mail with the line below, or run amici td CLUB/1 protest --side black --received 2026-12-18 on the server',
    );
    expect(answer).toContain('\nprotest --side black --received 2026-12-18\n');
    expect(answer).not.toContain('It holds no move.');
    expect(answer).not.toContain('amici post');
    expect(service.state('CLUB/1').claims[0]?.protestedOn).toBeUndefined();
    // The TD replies with the line.
    setNow('2026-12-21T08:00:00Z');
    sent.length = 0;
    expect(
      await service.processInbound({
        id: 'td1',
        receivedAt: '2026-12-21T08:00:00Z',
        raw: Buffer.from(
          'From: TD <td@club.example>\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] time exceeded\r\nDate: Mon, 21 Dec 2026 08:00:00 +0000\r\nMessage-ID: <td1@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nprotest --side black --received 2026-12-18\r\n',
        ),
      }),
    ).toBe('done');
    expect(service.state('CLUB/1').claims[0]).toMatchObject({ protestedOn: '2026-12-18' });
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling).toBeUndefined();
    await service.flushOutbox(sender);
    const letter = await textOf(toTd(sent).find((m) => m.raw.toString().includes('print:'))!);
    expect(letter).toContain(
      'A protest is recorded (rule P-7c): the time claim (move 10, Black), protest by Black received on 2026-12-18: it came in time, so the claim waits for the Tournament Director',
    );
    // The TD is told the line applied, and that Petr was told.
    const done = await textOf(toTd(sent).find((m) => !m.raw.toString().includes('print:'))!);
    expect(done).toContain('protest --side black --received 2026-12-18');
    expect(done).toContain('Petr Novák');
  });

  it('P-7d, P-2m: a ruling’s letter to Petr (by post) printed days late says at its top when it was first written', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
      language: 'en',
    });
    await janMoves();
    setNow('2026-11-04T09:00:00Z');
    await service.decideAndCommit(
      service.resolveGame('CLUB/1')!,
      service.state('CLUB/1'),
      {
        kind: 'ruling',
        ruling: { kind: 'grant-leave', side: 'black', from: '2026-11-20', to: '2026-11-25' },
      },
      '2026-11-04',
      'td:leave',
    );
    await service.flushOutbox(refusing('td@club.example', []));
    setNow('2026-11-09T09:00:00Z');
    service.store.requeue('failed', '2026-11-09T09:00:00.000Z');
    sent.length = 0;
    await service.flushOutbox(sender);
    const letter = await textOf(toTd(sent).find((m) => m.raw.toString().includes('print:'))!);
    expect(letter).toContain(
      'This letter was first written on 2026-11-04 and could not be posted then; it is written anew today, 2026-11-09, as things stand today.\n\nDear Petr Novák,',
    );
    expect(letter).not.toContain(AMICI_MARKER);
  });

  it('P-3a: a reminder to Petr (by post) reaches the TD once: the copy to print and post is also the TD’s copy of the reminder', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    await janMoves();
    sent.length = 0;
    // No reply 14 days after the move reached him (P-3a): the last transmission is repeated.
    setNow('2026-11-17T09:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['petr@x.example'], ['td@club.example']]);
    const [copy] = toTd(sent);
    const parsed = await simpleParser(copy!.raw);
    const lines = (parsed.text ?? '').split('\n');
    expect(lines[0]).toBe('Please print this and post it to Petr Novák, Dlouhá 5, 110 00 Praha 1');
    expect(lines[1]).toBe(
      'This is also your copy of the reminder to Petr Novák (rule P-3a): no other copy of it is sent to you.',
    );
    expect(parsed.subject).toMatch(
      /^\[CLUB\/1\] to print and post to Petr Novák, and your copy of the reminder: /,
    );
    // Below, the reminder Petr gets, in Czech, with the last transmission repeated in full,
    // as a letter: his mail's words without the marker line to reply above, and how to answer
    // by post before the signature.
    const own = (await simpleParser(sent[0]!.raw)).text ?? '';
    expect(own.startsWith(`${AMICI_MARKER}\n\n`)).toBe(true);
    expect(parsed.text).toContain(
      own
        .slice(AMICI_MARKER.length + 2)
        .split('\n-- \n')[0]!
        .trim(),
    );
    expect(parsed.text).not.toContain(AMICI_MARKER);
    expect(parsed.text).toContain('1. e4');
    // The letter says how to answer it by post, as the relay it repeats did (P-2m, P-2e).
    expect(parsed.text).toContain(
      'Odpovězte prosím poštou, na korespondenčním lístku řediteli turnaje (TD), zopakováním soupeřova tahu a svým tahem, s čísly, například:\n1. e4 1... (váš tah)',
    );
  });

  it('P-3a: a reminder to a player by email still sends the TD its own copy', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({});
    await janMoves();
    sent.length = 0;
    setNow('2026-11-17T09:00:00Z');
    await service.sweep();
    await service.flushOutbox(sender);
    const [copy] = toTd(sent);
    expect(toTd(sent)).toHaveLength(1);
    expect(copy!.raw.toString()).toContain('X-Amici-Kind: reminder');
    expect(await textOf(copy!)).toContain('A copy for the Tournament Director');
  });

  it('P-6d, P-2m: a copy to print of a relay that went out days late, with the relay, gives the last day as of the day it goes out, and so does the relay by email', async () => {
    const { service, sent, janMail, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    // The mail server refuses everything on the 2nd: the relay and the copy to print fail.
    await janMail();
    await service.flushOutbox(refusingAll);
    expect(service.store.outboxList(['failed']).map((m) => m.kind)).toEqual(
      expect.arrayContaining(['move-relayed', 'print:move-relayed']),
    );
    // 11 November: the TD queues them again (amici outbox retry), and they go out.
    setNow('2026-11-11T10:00:00Z');
    service.store.requeue('failed', '2026-11-11T10:00:00.000Z');
    await service.flushOutbox(working(sent));
    expect(service.state('CLUB/1').plies[0]!.deliveredOn).toBe('2026-11-11');
    const [copy] = toTd(sent);
    const said = await textOf(copy!);
    expect(said.split('\n')[0]).toBe(
      'Please print this and post it to Petr Novák, Dlouhá 5, 110 00 Praha 1',
    );
    // The printed letter (Czech, Petr's language) counts from the 11th, as his mail does.
    expect(said).toContain(
      'Tento dopis byl poprvé napsán 2026-11-02, ale tehdy ho nebylo možné odeslat; dnes byl napsán znovu a váš čas i poslední den uvedený níže se počítají od 2026-11-11',
    );
    expect(said).toContain('2026-12-11');
    expect(said).not.toContain('2026-12-02');
    // What went out is what is stored.
    const id = service.store.outboxIdOf(copy!.messageId)!;
    expect(copy!.raw.equals(service.store.outboxRaw(id)!)).toBe(true);
    // Petr's mail by email, which went out with it, is written anew the same way: the same
    // clock and last day as the letter, not those of the 2nd (P-2m, P-6d).
    const mail = sent.find((m) => m.to.includes('petr@x.example'))!;
    const own = await textOf(mail);
    expect(own).toContain(
      'Tento e-mail se nepodařilo odeslat, když měl poprvé odejít, 2026-11-02; odchází až dnes a je napsán znovu.',
    );
    expect(own).toContain('2026-12-11');
    expect(own).not.toContain('2026-12-02');
    expect(own).toContain(AMICI_MARKER);
    expect(
      mail.raw.equals(service.store.outboxRaw(service.store.outboxIdOf(mail.messageId)!)!),
    ).toBe(true);
  });

  it('P-2m, P-6d: a copy to print that alone failed, the relay by email reaching Petr, dates the move from the day it goes out: the paper is what reaches a player by post', async () => {
    const { service, sent, janMail, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    // The TD's server refuses the copy on the 2nd; the relay reaches Petr by mail.
    await janMail();
    await service.flushOutbox(refusing('td@club.example', sent));
    expect(service.store.outboxCounts()).toMatchObject({ failed: 1 });
    setNow('2026-11-06T10:00:00Z');
    service.store.requeue('failed', '2026-11-06T10:00:00.000Z');
    sent.length = 0;
    await service.flushOutbox(working(sent));
    expect(service.state('CLUB/1').plies[0]!.deliveredOn).toBe('2026-11-06');
    const said = await textOf(toTd(sent)[0]!);
    expect(said).toContain('se počítají od 2026-11-06');
    expect(said).toContain('2026-12-06');
  });

  it('P-2m: a copy to print that the TD’s own server refused for good is in the TD’s next report, once, with its ID and what to run; nothing else could tell the TD', async () => {
    const { service, sent, janMail, setNow } = setup(
      { post: true, postalAddress: 'Dlouhá 5, 110 00 Praha 1' },
      'en',
      { reportDays: 7 },
    );
    await janMail();
    await service.flushOutbox(refusing('td@club.example', sent));
    const [failed] = service.store.outboxList(['failed']);
    expect(failed?.kind).toBe('print:move-relayed');
    // No notice of it: it would go to the address that refuses.
    expect(toTd(sent)).toEqual([]);
    const report = async (on: string) => {
      setNow(`${on}T09:00:00Z`);
      sent.length = 0;
      await service.sweep();
      await service.flushOutbox(working(sent));
      return textOf(sent.find((m) => m.raw.toString().includes('X-Amici-Kind: td-report'))!);
    };
    const first = await report('2026-11-09');
    expect(first).toContain(
      'Letters to print and post that never reached you: your mail server refused them for good, so they were not printed or posted (rule P-2m).',
    );
    expect(first).toContain(`amici outbox retry ${failed!.id}`);
    expect(first).toMatch(
      new RegExp(`${failed!.id} +CLUB/1 +Petr Novák +move-relayed +2026-11-02 +550 refused`),
    );
    // Listed once: the next report does not list it again.
    expect(await report('2026-11-16')).not.toContain('Letters to print and post');
  });

  it('P-6d: a copy to print resent days later to another address of the TD (amici outbox resend) is written anew that day', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({
      post: true,
      postalAddress: 'Dlouhá 5, 110 00 Praha 1',
    });
    await janMoves();
    const id = service.store.outboxIdOf(toTd(sent)[0]!.messageId)!;
    // 6 November: it bounced from the TD's address; the TD has it sent to another of theirs.
    setNow('2026-11-06T10:00:00Z');
    const row = service.store.outboxRow(id)!;
    const messageId = messageIdFor('resend:test', 'referee@club.example');
    service.store.resend(
      id,
      {
        messageId,
        recipients: ['td@home.example'],
        raw: readdressed(row.raw, 'td@home.example', messageId),
        note: `copy of mail ${id}`,
      },
      '2026-11-06T10:00:00.000Z',
    );
    sent.length = 0;
    await service.flushOutbox(sender);
    expect(sent.map((m) => m.to)).toEqual([['td@home.example']]);
    const said = await textOf(sent[0]!);
    expect(said.split('\n')[0]).toBe(
      'Please print this and post it to Petr Novák, Dlouhá 5, 110 00 Praha 1',
    );
    expect(said).toContain('Tento dopis byl poprvé napsán 2026-11-02');
    expect(said).toContain('se počítají od 2026-11-02');
    expect(sent[0]!.raw.toString()).toContain(`Message-ID: ${messageId}`);
  });

  it('P-3a: a bounce of the TD’s own copy of a reminder says a mail to the TD came back, not one to a player', async () => {
    const { service, sent, sender, janMoves, setNow } = setup({});
    await janMoves();
    setNow('2026-11-17T09:00:00Z');
    await service.sweep();
    sent.length = 0;
    await service.flushOutbox(sender);
    const [copy] = toTd(sent);
    setNow('2026-11-17T10:00:00Z');
    await service.processInbound(tdBounce(copy!.messageId, '2026-11-17T10:00:00Z', 'b1'));
    sent.length = 0;
    await service.flushOutbox(sender);
    const notice = await textOf(sent[0]!);
    expect(notice).toContain(
      'A mail to you, sent to your own address, could not be delivered. The report says:',
    );
    expect(notice).toContain('The mail that came back: a mail (reminder) to td@club.example');
    expect(notice).not.toContain('A mail to a player');
  });
});

describe('P-7c, P-7e: a time claim against a player by post counts from the day its notice reaches them', () => {
  it('P-7c, P-7e, P-2m: Petr (by post, 3 days in the post) has his 14 days for a protest and his new count from the day the notice reaches him; the notice, the TD’s copy and the TD’s report say so', async () => {
    const { service, sent, sender, janMoves, setNow } = setup(
      { post: true, postalAddress: 'Dlouhá 5, 110 00 Praha 1', language: 'en' },
      'en',
      { transitDays: 3, reportDays: 7 },
    );
    await janMoves();
    // Petr never answers: the sweep files the claim the day he goes over.
    let day = '2026-11-20';
    while (!service.state('CLUB/1').claims.length) {
      day = addDays(day as CalendarDate, 1);
      setNow(`${day}T09:00:00Z`);
      await service.sweep();
    }
    const claim = service.state('CLUB/1').claims[0]!;
    const on = claim.on;
    const received = addDays(on, 3);
    // Was 14 days from the day the notice was posted.
    expect(claim.protestBy).toBe(addDays(received, 14));
    sent.length = 0;
    await service.flushOutbox(sender);
    const kind = (k: string) => sent.filter((m) => m.raw.toString().includes(`X-Amici-Kind: ${k}`));
    const letter = await textOf(kind('print:time-claim')[0]!);
    expect(letter).toContain(`must reach the Tournament Director by ${addDays(received, 14)}`);
    // Was: "counted afresh from the day of this notice", the day it was written.
    expect(letter).toContain(
      `if the claim is upheld, your time is counted afresh from ${received}, the day this notice counts as reaching you by post (rule P-7e).`,
    );
    const mails = await Promise.all(
      kind('time-claim').map(async (m) => ({ to: m.to, text: await textOf(m) })),
    );
    const jans = mails.find((m) => m.to.includes('jan@x.example'))!.text;
    expect(jans).toContain(
      `if the claim is upheld, Black (Petr Novák)'s time is counted afresh from ${received}, the day this notice counts as reaching them by post (rule P-7e).`,
    );
    const tds = mails.find((m) => m.to.includes('td@club.example'))!.text;
    expect(tds).toContain(`a protest may reach you until ${addDays(received, 14)} (rule P-7c)`);
    expect(tds).toContain(
      `The notice goes by post and counts as received on ${received}: the days for a protest run from then (rule P-7c).`,
    );
    expect(tds).toContain(
      `If the claim is upheld, Black (Petr Novák)'s time is counted afresh from ${received}, the day the notice counts as reaching them by post (rule P-7e).`,
    );
    // The TD's report gives the protest deadline counted from the receipt.
    const report = service.tdReportOf(service.config.events[0]!, addDays(on, 1), undefined);
    expect(report.claims).toMatchObject([{ id: claim.id, protestBy: addDays(received, 14) }]);
    // Unprotested, it is upheld the day after, and Petr's count restarts from the receipt.
    const after = addDays(received, 15);
    setNow(`${after}T09:00:00Z`);
    await service.sweep();
    expect(service.state('CLUB/1').claims[0]?.ruling).toMatchObject({ upheld: true });
    expect(service.state('CLUB/1').restarts).toMatchObject([{ side: 'black', on: received }]);
    expect(service.tdReportOf(service.config.events[0]!, after, undefined).waiting).toMatchObject([
      { game: 'CLUB/1', restartedOn: received },
    ]);
  });
});

describe('P-7c, P-7e: a claim notice posted late to a player by post, with days in the post', () => {
  it('P-7c, P-7e, P-2m: the letter written anew counts the protest window from the day it reaches Petr, and so does his new count once the claim is upheld', async () => {
    const { service, sent, sender, janMoves, setNow } = setup(
      { post: true, postalAddress: 'Dlouhá 5, 110 00 Praha 1', language: 'en' },
      'en',
      { transitDays: 3 },
    );
    await janMoves();
    let day = '2026-11-20';
    while (!service.state('CLUB/1').claims.length) {
      day = addDays(day as CalendarDate, 1);
      setNow(`${day}T09:00:00Z`);
      await service.sweep();
    }
    // The TD's server refuses everything that day, the copy to print and post among it.
    await service.flushOutbox(refusing('td@club.example', []));
    // Five days later the TD queues it again: posted today, it reaches Petr in 3 days.
    const posted = addDays(day as CalendarDate, 5);
    const received = addDays(posted, 3);
    setNow(`${posted}T09:00:00Z`);
    service.store.requeue('failed', `${posted}T09:00:00.000Z`);
    sent.length = 0;
    await service.flushOutbox(sender);
    const letter = await textOf(
      sent.find((m) => m.raw.toString().includes('X-Amici-Kind: print:time-claim'))!,
    );
    // Was: "the days for a protest count from today".
    expect(letter).toContain(
      `it is written anew today, and the days for a protest count from ${received}, the day it counts as reaching you by post: the deadline below is counted from then (rule P-7c).`,
    );
    expect(letter).toContain(`must reach the Tournament Director by ${addDays(received, 14)}`);
    expect(letter).toContain(`your time is counted afresh from ${received}`);
    expect(service.state('CLUB/1').claims[0]?.protestBy).toBe(addDays(received, 14));
    setNow(`${addDays(received, 15)}T09:00:00Z`);
    await service.sweep();
    expect(service.state('CLUB/1').restarts).toMatchObject([{ side: 'black', on: received }]);
  });
});

/** A mail server that refuses everything for good. */
const refusingAll: Sender = {
  name: 'refusing',
  send: async () => ({ ok: false, permanent: true, error: '554 refused' }),
  close: async () => {},
};

/** A mail server that refuses `address` for good and takes the rest (into `sent`). */
const refusing = (address: string, sent: OutgoingMail[]): Sender => ({
  name: 'refusing',
  send: async (m) => {
    if (m.to.includes(address)) return { ok: false, permanent: true, error: '550 refused' };
    sent.push(m);
    return { ok: true };
  },
  close: async () => {},
});

const working = (sent: OutgoingMail[]): Sender => ({
  name: 'test',
  send: async (m) => {
    sent.push(m);
    return { ok: true };
  },
  close: async () => {},
});
