// P-2d: a transmission names its sender — and by email anyone can write any sender. With
// `authentication: dkim`, a mail counts as a player's only when it carries a valid DKIM signature
// of their address's own domain. Anything else plays nothing: the player (at their own address)
// and the TD are told, and the TD can accept the mail afterwards (`authentication: none` for the
// player, then a replay dated as it came). Signatures are made by mailauth with keys published
// by a test resolver: no test here touches the network.

import { beforeAll, describe, expect, it } from 'vitest';
import type { ComposeContext } from '../../src/compose/index.ts';
import { composeUnauthenticated } from '../../src/compose/index.ts';
import { validateConfig } from '../../src/config/load-config.ts';
import type { DnsResolver } from '../../src/daemon/authenticate.ts';
import { cachingResolver, checkSender, SENDER_FAILURES } from '../../src/daemon/authenticate.ts';
import { runOnce } from '../../src/daemon/daemon.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem, Inbox, Sender } from '../../src/daemon/transport.ts';
import { defaultEventRules, foldGame } from '../../src/referee/index.ts';
import { Store } from '../../src/store/store.ts';
import type { DkimDomain } from '../support/dkim.ts';
import { dkimDomain, keyServer, signMail } from '../support/dkim.ts';
import { outboxCatcher } from '../support/outbox.ts';

let x: DkimDomain; // the players' provider
let evil: DkimDomain; // a provider where anyone can have an account
beforeAll(() => {
  x = dkimDomain('x.example');
  evil = dkimDomain('evil.example');
});

const JAN = 'jan@x.example';

let n = 0;
function raw(from: string, body: string, subject = 'Re: [CLUB/1] move'): Buffer {
  n++;
  return Buffer.from(
    `From: ${from}\r\nTo: referee@club.example\r\nSubject: ${subject}\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <in${n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}
const item = (bytes: Buffer, receivedAt = '2026-11-02T10:00:00Z'): InboundItem => ({
  id: `m${n}`,
  receivedAt,
  raw: bytes,
});

describe('checkSender: what proves a mail is from its From address', () => {
  const at = new Date('2026-11-02T10:00:00Z');
  it('a signature of the From domain passes; the same mail unsigned does not', async () => {
    const { resolver } = keyServer([x]);
    const m = raw('Jan <jan@x.example>', '1.e4');
    expect(await checkSender(await signMail(m, x), { from: JAN, resolver, at })).toEqual({
      verdict: 'pass',
      domain: 'x.example',
    });
    expect(await checkSender(m, { from: JAN, resolver, at })).toMatchObject({
      verdict: 'fail',
      reason: 'unsigned',
    });
  });
  it('a valid signature of another domain proves nothing about the From address', async () => {
    const { resolver } = keyServer([x, evil]);
    const forged = await signMail(raw('Jan <jan@x.example>', '1.e4'), evil);
    expect(await checkSender(forged, { from: JAN, resolver, at })).toMatchObject({
      verdict: 'fail',
      reason: 'other-domain',
      detail: 'd=evil.example pass',
    });
  });
  it('a move changed after signing, a key the domain does not publish, and a signature of part of the body all fail', async () => {
    const { resolver } = keyServer([x]);
    const signed = await signMail(raw('Jan <jan@x.example>', '1.e4'), x);
    const changed = Buffer.from(signed.toString().replace('1.e4', '1.d4'));
    expect(await checkSender(changed, { from: JAN, resolver, at })).toMatchObject({
      reason: 'altered',
    });
    const unpublished = keyServer([]).resolver;
    expect(await checkSender(signed, { from: JAN, resolver: unpublished, at })).toMatchObject({
      reason: 'no-key',
    });
    // l=6 signs "1.e4\r\n" only: whatever follows could have been added by anyone.
    const partial = await signMail(raw('Jan <jan@x.example>', '1.e4'), x, { maxBodyLength: 6 });
    const appended = Buffer.concat([partial, Buffer.from('I resign\r\n')]);
    expect(await checkSender(appended, { from: JAN, resolver, at })).toMatchObject({
      reason: 'partial',
    });
  });
  it('a mail must name one sender, the one it is read as from: a signature of the other of two From fields proves nothing', async () => {
    const { resolver } = keyServer([x, evil]);
    // Eve signs, with her own domain's key, a mail with two From fields: hers on top, where a
    // DKIM check looks, and Jan's below, where a mail reader may look.
    const raw2 = Buffer.from(
      'From: Eve <eve@evil.example>\r\nFrom: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] move\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <two@evil.example>\r\n\r\n1.e4\r\n',
    );
    const twice = await signMail(raw2, evil, { headerList: 'from:from:to:subject:date' });
    expect(await checkSender(twice, { from: JAN, resolver, at })).toMatchObject({
      verdict: 'fail',
      reason: 'several-senders',
    });
    // Two addresses in one From field, the first signed for: the same.
    const pair = await signMail(raw('Jan <jan@x.example>, Eve <eve@evil.example>', '1.e4'), x);
    expect(await checkSender(pair, { from: JAN, resolver, at })).toMatchObject({
      reason: 'several-senders',
    });
  });
  it('a key that cannot be looked up now is temporary, not a failure', async () => {
    const keys = keyServer([x]);
    keys.down();
    const signed = await signMail(raw('Jan <jan@x.example>', '1.e4'), x);
    expect(await checkSender(signed, { from: JAN, resolver: keys.resolver, at })).toMatchObject({
      verdict: 'temporary',
    });
  });
  it('the caching resolver asks DNS once per key, and asks again after a failure', async () => {
    const keys = keyServer([x]);
    const cached = cachingResolver(keys.resolver);
    const m = await signMail(raw('Jan <jan@x.example>', '1.e4'), x);
    for (let i = 0; i < 3; i++) await checkSender(m, { from: JAN, resolver: cached, at });
    expect(keys.lookups).toHaveLength(1);
    keys.down();
    const flaky = cachingResolver(keys.resolver);
    await checkSender(m, { from: JAN, resolver: flaky, at });
    keys.down(false);
    expect(await checkSender(m, { from: JAN, resolver: flaky, at })).toMatchObject({
      verdict: 'pass',
    });
  });
});

function setup(
  resolver: DnsResolver,
  janAuthentication?: 'none' | 'dkim',
  inbox: 'dkim' | 'none' = 'dkim',
  store: Store = new Store(':memory:'),
) {
  const config = (jan?: 'none' | 'dkim') => {
    const r = validateConfig(
      {
        from: { name: 'amici', address: 'referee@club.example' },
        inbox: { kind: 'maildir', path: './in', authentication: inbox },
        outbox: { kind: 'pickup', path: './out' },
        store: { path: ':memory:' },
        events: [
          {
            name: 'Club',
            tag: 'CLUB',
            td: { name: 'Anna', address: 'td@club.example' },
            timeZone: 'Europe/Warsaw',
            players: [
              {
                id: 'jan',
                name: 'Jan',
                addresses: ['jan@x.example'],
                ...(jan ? { authentication: jan } : {}),
              },
              { id: 'petr', name: 'Petr', addresses: ['petr@x.example'], notation: 'numeric' },
            ],
            games: [{ id: '1', white: 'jan', black: 'petr', startsOn: '2026-11-02' }],
          },
        ],
      },
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    return r.config;
  };
  let now = new Date('2026-11-02T10:05:00Z');
  const logger = memoryLogger();
  const service = new RefereeService({
    config: config(janAuthentication),
    store,
    logger,
    clock: () => now,
    resolver,
  });
  service.ensureGames();
  const flush = outboxCatcher(service);
  return {
    service,
    logger,
    flush,
    config,
    setNow: (iso: string) => {
      now = new Date(iso);
    },
  };
}

describe('P-2d: the referee plays only mail that proves its sender (authentication: dkim)', () => {
  it('a signed move is played; the same move unsigned, in the name of the other player, is not', async () => {
    const { service, flush, logger } = setup(keyServer([x]).resolver);
    expect(
      await service.processInbound(item(await signMail(raw('Jan <jan@x.example>', '1.e4'), x))),
    ).toBe('done');
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
    await flush();

    // Someone writes Petr's move with Petr's address: no signature.
    const forged = item(raw('Petr <petr@x.example>', '1.5254 5755'));
    expect(await service.processInbound(forged)).toBe('rejected');
    expect(service.state('CLUB/1').plies).toHaveLength(1);
    expect(service.state('CLUB/1').penalties).toHaveLength(0);
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_UNAUTHENTICATED',
      sender: 'petr@x.example',
      game: 'CLUB/1',
      reason: 'unsigned',
    });
    const mails = await flush();
    // Petr is told at his own address (where the forger is not), and the TD gets the mail.
    expect(mails.map((m) => m.to)).toEqual([['petr@x.example'], ['td@club.example']]);
    const toPetr = mails[0]!.mail;
    expect(toPetr.headers.get('x-amici-kind')).toBe('unauthenticated');
    expect(toPetr.subject).toContain('[CLUB/1]');
    expect(toPetr.inReplyTo).toBe(`<in${n}@x.example>`);
    for (const part of [
      'came in your name from petr@x.example',
      'it carries no DKIM signature',
      '(rule P-2d)',
      'nothing was played',
      'it is still your move',
      'If you did not send it',
    ])
      expect(toPetr.text).toContain(part);
    const notice = mails[1]!.mail;
    expect(notice.subject).toContain("mail in a player's name, not verified");
    for (const part of [
      'in the name of Black (Petr) from petr@x.example',
      'The signature check found: no DKIM-Signature header',
      'authentication: none',
      'amici inbox replay',
      '1.5254 5755',
    ])
      expect(notice.text).toContain(part);
  });

  it('a move signed by another provider for a player’s address, and a signed move changed on the way, are not played', async () => {
    const { service, logger } = setup(keyServer([x, evil]).resolver);
    const byEvil = await signMail(raw('Jan <jan@x.example>', '1.e4'), evil);
    expect(await service.processInbound(item(byEvil))).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({ reason: 'other-domain' });
    const signed = await signMail(raw('Jan <jan@x.example>', '1.e4'), x);
    const changed = Buffer.from(signed.toString().replace('1.e4', '1.f4'));
    expect(await service.processInbound(item(changed))).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({ reason: 'altered' });
    expect(service.state('CLUB/1').plies).toHaveLength(0);
    // The signed original still plays.
    expect(await service.processInbound(item(signed))).toBe('done');
  });

  it('a mail signed by another sender that also names the player in a second From field is not played', async () => {
    const { service, logger } = setup(keyServer([x, evil]).resolver);
    const two = Buffer.from(
      'From: Eve <eve@evil.example>\r\nFrom: Jan <jan@x.example>\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/1] move\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <two@evil.example>\r\n\r\n1.e4\r\n',
    );
    const signed = await signMail(two, evil, { headerList: 'from:from:to:subject:date' });
    expect(await service.processInbound(item(signed))).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_UNAUTHENTICATED',
      sender: 'jan@x.example',
      reason: 'several-senders',
    });
    expect(service.state('CLUB/1').plies).toHaveLength(0);
  });

  it('forged mail is answered once a day per game: a flood of it sends no flood of mail', async () => {
    const { service, flush, logger, setNow } = setup(keyServer([x]).resolver);
    for (const body of ['1.e4', '1.d4', '1.c4'])
      expect(await service.processInbound(item(raw('Jan <jan@x.example>', body)))).toBe('rejected');
    expect(logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_UNAUTHENTICATED',
      answered: expect.any(String),
    });
    expect(await flush()).toHaveLength(2);
    setNow('2026-11-03T10:30:00Z');
    await service.processInbound(item(raw('Jan <jan@x.example>', '1.b4'), '2026-11-03T10:29:00Z'));
    expect(await flush()).toHaveLength(2);
    // Every one of them is kept, with why.
    const kept = service.store.inboundLog().filter((r) => r.status === 'rejected');
    expect(kept).toHaveLength(4);
    expect(kept[0]!.note).toMatch(/^not authenticated \(P-2d\): unsigned/);
  });

  it('a player the TD exempts (authentication: none) plays unsigned; the others still need a signature', async () => {
    const { service } = setup(keyServer([x]).resolver, 'none');
    expect(await service.processInbound(item(raw('Jan <jan@x.example>', '1.e4')))).toBe('done');
    expect(await service.processInbound(item(raw('Petr <petr@x.example>', '1.5254 5755')))).toBe(
      'rejected',
    );
    expect(service.state('CLUB/1').plies).toHaveLength(1);
  });

  it('the inbox requires nothing (authentication: none) but one player does: only that player’s mail is checked', async () => {
    const keys = keyServer([x]);
    const { service } = setup(keys.resolver, 'dkim', 'none');
    expect(await service.processInbound(item(raw('Jan <jan@x.example>', '1.e4')))).toBe('rejected');
    const signed = await signMail(raw('Jan <jan@x.example>', '1.e4'), x);
    expect(await service.processInbound(item(signed))).toBe('done');
    const lookups = keys.lookups.length;
    expect(await service.processInbound(item(raw('Petr <petr@x.example>', '1.5254 5755')))).toBe(
      'done',
    );
    expect(keys.lookups).toHaveLength(lookups); // Petr's mail was not even checked
  });

  it('the TD accepts a rejected mail: exempt the player, reload, replay; it is played dated as it came', async () => {
    const { service, config, setNow } = setup(keyServer([x]).resolver);
    const m = item(raw('Jan <jan@x.example>', '1.e4'));
    expect(await service.processInbound(m)).toBe('rejected');
    setNow('2026-11-05T12:00:00Z');
    service.reconfigure(config('none'));
    expect(await service.processInbound({ ...m, id: 'replay:1', replay: 1 })).toBe('done');
    // The move's date is the day the mail came, not the day of the replay (P-2j, P-6d).
    expect(service.store.events('CLUB/1')[1]).toMatchObject({ type: 'move', sentOn: '2026-11-02' });
    expect(service.state('CLUB/1').plies.map((p) => p.uci)).toEqual(['e2e4']);
  });

  it('while the signing key cannot be looked up the mail is left to be read again (unless it was decided before); after a day it is answered as unverified', async () => {
    const keys = keyServer([x]);
    const { service } = setup(keys.resolver);
    const signed = item(await signMail(raw('Jan <jan@x.example>', '1.e4'), x));
    keys.down();
    await expect(service.readItem(signed)).rejects.toThrow(/cannot be looked up now.*ETIMEOUT/);
    expect(service.store.inboundLog()).toHaveLength(0);
    // The daemon's log names the mail left in the inbox, for the operator to find it.
    const logger = memoryLogger();
    const inbox: Inbox = {
      name: 'memory',
      async *pending() {
        yield signed;
      },
      async settle() {},
      waitForMail: async () => {},
      async close() {},
    };
    const sender: Sender = {
      name: 'none',
      send: async () => ({ ok: true }),
      close: async () => {},
    };
    await runOnce({ service, inbox, sender, logger, sweep: '0 0 1 1 *' });
    expect(logger.lines.find((l) => l.code === 'INBOUND_FAILED')).toMatchObject({
      item: signed.id,
      messageId: `<in${n}@x.example>`,
      sender: JAN,
    });
    keys.down(false);
    expect(await service.processInbound(signed)).toBe('done');
    // Read again after a restart (a new process, the same store) while DNS is down: it was
    // decided, so it is filed as before, not held for its signature.
    keys.down();
    const restarted = setup(keys.resolver, undefined, 'dkim', service.store);
    expect(await restarted.service.processInbound({ ...signed, id: 'again' })).toBe('done');
    expect(restarted.logger.lines.at(-1)).toMatchObject({ code: 'INBOUND_DUPLICATE' });

    // Keys are kept for ten minutes: a fresh service (a restart) looks the key up again.
    keys.down();
    const fresh = setup(keys.resolver);
    const late = item(
      await signMail(raw('Jan <jan@x.example>', '1.e4'), x),
      '2026-10-31T10:00:00Z',
    );
    expect(await fresh.service.processInbound(late)).toBe('rejected');
    expect(fresh.logger.lines.at(-1)).toMatchObject({
      code: 'INBOUND_UNAUTHENTICATED',
      reason: 'unchecked',
      detail: expect.stringContaining('ETIMEOUT'),
    });
  });
});

describe('P-2d: every reason a mail is not verified is worded in every language', () => {
  const reasons = [...SENDER_FAILURES, 'unchecked'];
  for (const lang of ['en', 'pl', 'cs', 'uk', 'de'])
    it(`${lang}: the player's answer says why for each of ${reasons.length} reasons`, () => {
      const ctx: ComposeContext = {
        state: foldGame([
          {
            type: 'created',
            on: '2026-11-02',
            start: { kind: 'standard' },
            white: 'Jan',
            black: 'Petr',
            clockStartsOn: '2026-11-02',
          },
        ]),
        rules: defaultEventRules(),
        now: '2026-11-03',
        event: { name: 'Club', tag: 'CLUB' },
        gameId: '1',
        players: {
          white: { name: 'Jan', lang, notation: 'san' },
          black: { name: 'Petr', lang, notation: 'numeric' },
        },
        td: { name: 'Anna', lang },
      };
      const texts = reasons.map(
        (reason) => composeUnauthenticated(ctx, 'white', { address: JAN, reason }).text,
      );
      for (const text of texts) expect(text).not.toMatch(/senderCheck\./);
      // Each reason reads differently.
      expect(new Set(texts).size).toBe(reasons.length);
    });
});
