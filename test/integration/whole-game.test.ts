// A whole game by email through real servers: two simulated players with real mailboxes
// (Dovecot), mail going through an SMTP sink that delivers into Dovecot over LMTP, and the amici
// daemon on IMAP IDLE and SMTP. It includes the game's announcement, answered, a move returned for a missing repetition (P-2e,
// P-4d), a reminder after 14 days of silence copied to the TD (P-3a), and a finished game whose
// result and PGN reach the TD (P-12, L-8.5); and the mail that is no new move: a thank-you, the
// same move sent twice (P-4a), a move from an address the TD has not added yet (P-5c); and a TD
// ruling sent by mail (P-7d); a move typed into the subject of a mail with an empty body, and a
// move sent as the whole score from move 1 (P-4d, P-2e). The
// players' provider signs their mail (DKIM, as nodemailer signs it) and amici checks every
// signature (P-2d): a move in a player's name that the provider did not sign is not played.

import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTransports } from '../../src/cli/context.ts';
import { validateConfig } from '../../src/config/load-config.ts';
import { runDaemon } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import { Store } from '../../src/store/store.ts';
import type { DkimDomain } from '../support/dkim.ts';
import { dkimDomain, keyServer, SELECTOR } from '../support/dkim.ts';
import type { MailServers, StoredMessage } from '../support/mail-servers.ts';
import { startMailServers } from '../support/mail-servers.ts';

const REFEREE = 'referee@amici.test';
const JAN = 'jan@amici.test';
const PETR = 'petr@amici.test';
const TD = 'td@amici.test';
/** Petr's phone, an address nobody registered. */
const PETR_PHONE = 'petr.phone@amici.test';
const DAY = 86_400_000;

let servers: MailServers;
let service: RefereeService;
let stop: AbortController;
let daemon: Promise<unknown>;
let offsetMs = 0;
/** The players' mail provider, which signs what they send. */
let provider: DkimDomain;
const logger = memoryLogger();
const seen = new Map<string, number>();

/** The next message in `user`'s INBOX of amici's `kind` (X-Amici-Kind), parsed. */
async function next(user: string, kind: string) {
  const after = seen.get(`${user}:${kind}`) ?? 0;
  const m: StoredMessage = await servers.waitForMessage(
    user,
    (x) => x.uid > after && x.raw.toString('latin1').includes(`X-Amici-Kind: ${kind}`),
    20_000,
  );
  seen.set(`${user}:${kind}`, m.uid);
  return simpleParser(m.raw);
}

async function send(
  from: string,
  body: string,
  options: { subject?: string; inReplyTo?: string; unsigned?: boolean } = {},
) {
  const t = nodemailer.createTransport({
    host: servers.smtp.host,
    port: servers.smtp.port,
    secure: false,
    ignoreTLS: true,
    ...(options.unsigned
      ? {}
      : {
          dkim: {
            domainName: provider.domain,
            keySelector: SELECTOR,
            privateKey: provider.privateKey,
          },
        }),
  });
  await t.sendMail({
    from,
    to: REFEREE,
    subject: options.subject ?? 'Re: [CLUB/1] move',
    text: body,
    ...(options.inReplyTo ? { inReplyTo: options.inReplyTo } : {}),
  });
  t.close();
}

beforeAll(async () => {
  provider = dkimDomain('amici.test');
  servers = await startMailServers({ users: [REFEREE, JAN, PETR, TD, PETR_PHONE] });
  process.env.AMICI_TEST_IMAP_PASSWORD = servers.password;
  const today = new Date().toISOString().slice(0, 10);
  const parsed = validateConfig(
    {
      from: { name: 'amici referee', address: REFEREE },
      inbox: {
        kind: 'imap',
        host: servers.imap.host,
        port: servers.imap.port,
        secure: false,
        user: REFEREE,
        passwordEnv: 'AMICI_TEST_IMAP_PASSWORD',
      },
      outbox: { kind: 'smtp', host: servers.smtp.host, port: servers.smtp.port, secure: false },
      store: { path: ':memory:' },
      sweep: '* * * * * *',
      events: [
        {
          name: 'Club 2026',
          tag: 'CLUB',
          td: { name: 'Anna', address: TD },
          timeZone: 'UTC',
          players: [
            { id: 'jan', name: 'Jan', addresses: [JAN], notation: 'san' },
            { id: 'petr', name: 'Petr', addresses: [PETR], notation: 'numeric' },
          ],
          games: [{ id: '1', white: 'jan', black: 'petr', startsOn: today }],
        },
      ],
    },
    '/',
  );
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  service = new RefereeService({
    config: parsed.config,
    store: new Store(':memory:'),
    logger,
    clock: () => new Date(Date.now() + offsetMs),
    resolver: keyServer([provider]).resolver,
  });
  service.ensureGames();
  const t = await openTransports(parsed.config, service, logger);
  if (typeof t === 'string') throw new Error(t);
  stop = new AbortController();
  daemon = runDaemon(
    { service, inbox: t.inbox, sender: t.sender, logger, sweep: parsed.config.sweep },
    stop.signal,
  ).finally(async () => {
    await t.inbox.close();
    await t.sender.close();
  });
}, 60_000);

afterAll(async () => {
  stop?.abort();
  await daemon;
  await servers?.stop();
});

describe('a whole game by email through Dovecot and SMTP', () => {
  it('the game is announced to both players; Jan answers the announcement with his first move, which is relayed in Petr’s notation and acknowledged', async () => {
    const announced = await next(JAN, 'game-started');
    expect(announced.text).toContain('You move first');
    expect((await next(PETR, 'game-started')).text).toContain('Your opponent moves first');
    // A reply as a mail client makes it, with a subject of the player's own: the thread names
    // the game.
    await send(JAN, 'Hello Petr, good luck!\n\n1.e4', {
      subject: 'my first move',
      inReplyTo: announced.messageId!,
    });
    const relay = await next(PETR, 'move-relayed');
    expect(relay.subject).toContain('[CLUB/1]');
    expect(relay.text).toContain('5254');
    expect(relay.attachments.map((a) => a.filename)).toContain('CLUB-1.pgn');
    await next(JAN, 'move-accepted');
  });

  it('P-2e, P-4d: a reply without the repetition is returned with the penalty', async () => {
    await send(PETR, '1...5755');
    const rejected = await next(PETR, 'transmission-rejected');
    expect(rejected.text).toContain('P-4d');
    expect(rejected.text).toContain('5254');
    expect(rejected.inReplyTo).toMatch(/@/);
  });

  it('the corrected reply goes through', async () => {
    await send(PETR, '1.5254 5755');
    const relay = await next(JAN, 'move-relayed');
    expect(relay.text).toMatch(/e5/);
  });

  it('P-4a, P-4d, P-5c: a thank-you, a move sent twice and a move from an unknown address play nothing, and each is answered', async () => {
    await send(JAN, 'Thanks, and good luck!');
    const status = await next(JAN, 'no-move');
    expect(status.text).toContain('It is your move');
    await send(PETR, '1.5254 5755');
    const again = await next(PETR, 'transmission-repeated');
    expect(again.subject).toContain('already received');
    await send(PETR_PHONE, '1.5254 5755');
    const stranger = await next(PETR_PHONE, 'unknown-address');
    expect(stranger.text).toContain('P-5c');
    expect(stranger.text).not.toContain(PETR);
    expect((await next(TD, 'td-notice')).text).toContain(PETR_PHONE);
    expect(service.state('CLUB/1').plies).toHaveLength(2);
    expect(service.state('CLUB/1').penalties).toHaveLength(1); // the one of the missing repetition
  });

  it('P-2d: a move in Jan’s name that his provider did not sign is not played; Jan is told, the TD gets the mail', async () => {
    // Whoever wrote it used Jan's address, but not Jan's provider: no DKIM signature.
    await send(JAN, '1...e5 2.Qh5', { unsigned: true });
    const warning = await next(JAN, 'unauthenticated');
    expect(warning.text).toContain('P-2d');
    expect(warning.text).toContain('no DKIM signature');
    const notice = await next(TD, 'td-notice');
    expect(notice.subject).toContain('not verified');
    expect(notice.text).toContain('2.Qh5');
    expect(service.state('CLUB/1').plies).toHaveLength(2);
  });

  it('P-3a: after 14 days of silence the last transmission is repeated, with a copy to the TD', async () => {
    offsetMs = 16 * DAY;
    const reminder = await next(JAN, 'reminder');
    expect(reminder.text).toContain('P-3a');
    await next(TD, 'reminder');
    // The answer to the repeat is copied to the TD too.
    await send(JAN, '1...e5 2.Qh5');
    await next(PETR, 'move-relayed');
    const copy = await next(TD, 'move-relayed');
    expect(copy.text).toContain('P-3a');
  });

  it('P-7d, P-6g: the TD rules by mail — the penalty is waived, and both players are told', async () => {
    const penalty = service.state('CLUB/1').penalties[0]!;
    // The TD's provider signs as the players' does (P-2d holds for rulings too).
    await send(
      TD,
      `Hello,\n\nwaive-penalty --side black --on ${penalty.on} --note "his first game here"\n\nAnna`,
    );
    for (const player of [JAN, PETR]) {
      const told = await next(player, 'ruling-applied');
      expect(told.text).toContain(`a time penalty is waived (Black, the penalty of ${penalty.on})`);
      expect(told.text).toContain('"his first game here"');
    }
    expect(service.state('CLUB/1').penalties[0]).toMatchObject({ waived: true });
  });

  it('L-5.1.1, P-12: the game ends in mate — moves typed into a subject, a whole score — and the TD gets the result with the PGN', async () => {
    await send(PETR, '2.4185 2836');
    await next(JAN, 'move-relayed');
    await send(JAN, '2...Nc6 3.Bc4');
    await next(PETR, 'move-relayed');
    // Petr types his move into the subject of a new mail from his phone, the body left empty.
    await send(PETR, '', { subject: '[CLUB/1] 3.6134 7866' });
    await next(JAN, 'move-relayed');
    // Jan writes the whole score from move 1, as his chess program keeps it (P-2e).
    await send(JAN, '1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#');
    const end = await next(TD, 'game-ended');
    expect(end.text).toContain('1-0');
    const pgn = end.attachments.find((a) => a.filename === 'CLUB-1.pgn');
    expect(pgn?.content.toString()).toContain('4. Qxf7# 1-0');
    await next(PETR, 'game-ended');
    expect(service.state('CLUB/1').result).toMatchObject({ result: '1-0', kind: 'checkmate' });
  });

  // The folders `amici/done` and `amici/rejected` of the config are `amici.done` … on Dovecot.
  it('every mail received was filed, never deleted: 9 done, 3 rejected, 1 ignored, the inbox empty', async () => {
    const deadline = Date.now() + 10_000;
    let done: StoredMessage[] = [];
    while (Date.now() < deadline) {
      done = await servers.fetchAll(REFEREE, 'amici.done');
      if (done.length === 9) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done).toHaveLength(9);
    expect(await servers.fetchAll(REFEREE, 'amici.rejected')).toHaveLength(3);
    expect(await servers.fetchAll(REFEREE, 'amici.ignored')).toHaveLength(1);
    expect(await servers.fetchAll(REFEREE, 'INBOX')).toHaveLength(0);
    expect(logger.lines.filter((l) => l.code === 'INBOUND_FAILED')).toEqual([]);
  });
});
