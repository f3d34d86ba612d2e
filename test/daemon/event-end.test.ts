// The event's end (P-10): the sweep after the end date sends each unfinished game to
// adjudication, and play in it stops — no reminder (P-3a), time claim (P-7a) or loss on time
// (P-7f) after it; a move mailed after the end is answered, not played; the TD's report lists the
// games with their clocks as they stood on the end date; the TD's result still applies.

import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem } from '../../src/daemon/transport.ts';
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

function setup() {
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
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  let now = new Date('2027-01-20T08:00:00Z');
  const service = new RefereeService({
    config: r.config,
    store: new Store(':memory:'),
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
  return { service, flush, at, kindOf };
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
    expect(jans).toContain('Within 30 days, by 2027-03-17, send the Tournament Director (Anna)');
    const report = ended.find((m) => kindOf(m) === 'td-report')!.mail.text ?? '';
    expect(report).toContain('0 of 1 games in play');
    expect(report).toContain('Games in adjudication since 2027-02-16 (rule P-10)');
    // Jan's clock as it stood on 15 February: 2 + 22 of 30 days used.
    expect(report).toMatch(/CLUB\/1\s+Jan – Petr\s+Jan\s+6\n/);

    // Jan's move, mailed after the end: answered, not played, no penalty.
    at('2027-02-20T09:00:00Z');
    expect(
      await service.processInbound(item('jan@x.example', '1...d5 2.c4', '2027-02-20T09:00:00Z')),
    ).toBe('rejected');
    const answer = await flush();
    expect(answer.map((m) => m.to[0])).toEqual(['jan@x.example']);
    expect(answer[0]!.mail.subject).toContain('nothing played — the game is in adjudication');
    expect(answer[0]!.mail.text).toContain(
      'this game has been in adjudication since 2027-02-16; its clocks stopped at the end. By 2027-03-17, send the Tournament Director (Anna)',
    );
    const state = service.state('CLUB/1');
    expect(state.plies).toHaveLength(2);
    expect(state.penalties).toEqual([]);

    // Weeks later: no time claim, no loss on time (Jan would have gone over on 22 February).
    for (const day of ['2027-03-10', '2027-04-03', '2027-04-10']) {
      at(`${day}T06:00:00Z`);
      expect((await service.sweep()).work, day).toBe(0);
    }
    expect((await flush()).map(kindOf)).toEqual(['td-report', 'td-report', 'td-report']);
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
  });
});
