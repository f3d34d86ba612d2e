// The TD's report on an event (`reportDays`): every so many days the TD gets the whole event in
// one mail — who is to move with the least time left first (P-2k), claims waiting for a ruling
// with the line that rules them (P-7c, P-7d), stopped clocks (L-6.10), games finished since the
// last report, the table (L-12). Sent by the sweep, never twice for one day, not after a restart.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import type { InboundItem } from '../../src/daemon/transport.ts';
import { Store } from '../../src/store/store.ts';
import { outboxCatcher } from '../support/outbox.ts';

let n = 0;
function item(from: string, body: string, game: string, receivedAt: string): InboundItem {
  n++;
  return {
    id: `m${n}`,
    receivedAt,
    raw: Buffer.from(
      `From: ${from}\r\nTo: referee@club.example\r\nSubject: Re: [CLUB/${game}] move\r\nDate: ${new Date(receivedAt).toUTCString()}\r\nMessage-ID: <r${n}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    ),
  };
}

function setup(storePath: string, reportDays: number | null = 7, lang = 'en') {
  const r = validateConfig(
    {
      from: { name: 'amici', address: 'referee@club.example' },
      inbox: { kind: 'maildir', path: './in' },
      outbox: { kind: 'pickup', path: './out' },
      store: { path: storePath },
      events: [
        {
          name: 'Club Championship',
          tag: 'CLUB',
          td: { name: 'Anna', address: 'td@club.example' },
          timeZone: 'UTC',
          language: lang,
          ...(reportDays ? { reportDays } : {}),
          players: [
            { id: 'jan', name: 'Jan', addresses: ['jan@x.example'] },
            { id: 'petr', name: 'Petr', addresses: ['petr@x.example'] },
            { id: 'eva', name: 'Eva', addresses: ['eva@x.example'] },
          ],
          pairings: { system: 'round-robin', startsOn: '2026-11-02' },
        },
      ],
    },
    '/',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  let now = new Date('2026-11-02T08:00:00Z');
  const logger = memoryLogger();
  const store = new Store(storePath);
  const service = new RefereeService({ config: r.config, store, logger, clock: () => now });
  service.ensureGames();
  const flush = outboxCatcher(service);
  /** The sweep at `iso`, and the TD's report it sent, if any. */
  const sweepAt = async (iso: string) => {
    now = new Date(iso);
    await service.sweep();
    const sent = await flush();
    return sent.filter((m) => m.mail.headers.get('x-amici-kind') === 'td-report');
  };
  const setNow = (iso: string) => {
    now = new Date(iso);
  };
  return { service, store, logger, flush, sweepAt, setNow };
}

describe("the TD's report on an event (reportDays)", () => {
  it('who is to move, the least time left first; claims with the line that rules; stopped clocks; results; the table', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-report-')), 'amici.sqlite');
    const s = setup(path);
    const games = s.service.store.games().map((g) => {
      const ref = s.service.resolveGame(g.gameKey)!;
      return { key: g.gameKey, id: ref.game.id, white: ref.game.white, black: ref.game.black };
    });
    const addr = (id: string) => `${id}@x.example`;
    // Game A: White moved at once and Black answered; game B: White moved, Black is silent;
    // game C: nobody moved (White's clock runs since 2 November).
    const [a, b, c] = games;
    await s.flush();
    s.setNow('2026-11-02T09:00:00Z');
    await s.service.processInbound(item(addr(a!.white), '1.e4', a!.id, '2026-11-02T09:00:00Z'));
    await s.service.processInbound(item(addr(a!.black), '1.e4 e5', a!.id, '2026-11-03T09:00:00Z'));
    await s.service.processInbound(item(addr(b!.white), '1.d4', b!.id, '2026-11-02T10:00:00Z'));
    await s.flush();

    // The first sweep with reportDays sends a report at once.
    const [first, ...more] = await s.sweepAt('2026-11-05T08:00:00Z');
    expect(more).toEqual([]);
    expect(first!.to).toEqual(['td@club.example']);
    expect(first!.mail.subject).toBe('[CLUB] report of 2026-11-05');
    const text = first!.mail.text ?? '';
    expect(text).toContain('Dear Anna,');
    expect(text).toContain('Club Championship on 2026-11-05: 3 of 3 games in play.');
    // Days left to the control, least first: B's Black and C's White have used 3 of 30 days
    // (since 2 November), A's White 2 (since Black's answer on 3 November).
    const rows = text.split('\n').filter((l) => /^CLUB\/\d\s/.test(l));
    expect(rows).toHaveLength(3);
    expect(rows.map((l) => Number(l.trim().split(/\s+/).at(-1)))).toEqual([27, 27, 28]);
    expect(rows[2]!.startsWith(a!.key)).toBe(true);
    expect(text).toContain('The table (rule L-12):');
    expect(text).toContain('The next report comes in 7 days');

    // The same day again, and after a restart on the same state file: no second report.
    expect(await s.sweepAt('2026-11-05T20:00:00Z')).toEqual([]);
    s.store.close();
    const again = setup(path);
    expect(await again.sweepAt('2026-11-06T08:00:00Z')).toEqual([]);

    // Within the week the TD sets A's result and stops C's clocks.
    await again.service.decideAndCommit(
      again.service.resolveGame(a!.key)!,
      again.service.state(a!.key),
      {
        kind: 'ruling',
        ruling: { kind: 'set-result', result: '1-0', reason: 'Black resigned by phone' },
      },
      '2026-11-08',
      'test:a',
    );
    await again.service.decideAndCommit(
      again.service.resolveGame(c!.key)!,
      again.service.state(c!.key),
      { kind: 'ruling', ruling: { kind: 'pause' } },
      '2026-11-09',
      'test:c',
    );
    // B's Black is granted leave over the next report's day (P-8c).
    const bBlack = b!.black;
    await again.service.decideAndCommit(
      again.service.resolveGame(b!.key)!,
      again.service.state(b!.key),
      {
        kind: 'ruling',
        ruling: { kind: 'grant-leave', side: 'black', from: '2026-11-10', to: '2026-11-15' },
      },
      '2026-11-09',
      'test:b',
    );
    await again.flush();
    const [second] = await again.sweepAt('2026-11-12T08:00:00Z');
    const text2 = second!.mail.text ?? '';
    expect(text2).toContain('2 of 3 games in play.');
    expect(text2).toContain('Games whose clocks you stopped (rule L-6.10):');
    expect(text2).toMatch(new RegExp(`^${c!.key.replace('/', '\\/')}\\s.*2026-11-09$`, 'm'));
    expect(text2).toContain('Games finished since 2026-11-05:');
    expect(text2).toMatch(new RegExp(`^${a!.key.replace('/', '\\/')}\\s.*1-0\\s+2026-11-08$`, 'm'));
    const names: Record<string, string> = { jan: 'Jan', petr: 'Petr', eva: 'Eva' };
    const name = names[bBlack]!;
    expect(text2).toContain(
      "Leave now or to come (rule P-8a; the player's clocks do not run on those days):",
    );
    expect(text2).toMatch(
      new RegExp(`^${name}\\s+2026-11-10\\s+2026-11-15\\s+granted by you \\(P-8c\\)$`, 'm'),
    );
    expect(again.logger.lines.filter((l) => l.code === 'TD_REPORT')).toHaveLength(1);
  });

  it('P-9a, P-7e, P-8c: no report before the games start; an annulled game says so, a restarted count says since when, leave to come is listed', async () => {
    const s = setup(':memory:', 7);
    // The day before the games start: nothing is in play, no report goes out.
    expect(await s.sweepAt('2026-11-01T08:00:00Z')).toEqual([]);
    expect(await s.sweepAt('2026-11-02T08:00:00Z')).toHaveLength(1);
    const [a, b, c] = s.service.store.games().map((g) => g.gameKey) as [string, string, string];
    const rule = async (key: string, ruling: object, on: string) => {
      const r = await s.service.decideAndCommit(
        s.service.resolveGame(key)!,
        s.service.state(key),
        { kind: 'ruling', ruling: ruling as never },
        on as `${number}-${number}-${number}`,
        `test:${key}:${on}`,
      );
      expect(r.committed).toBe(true);
    };
    // Nobody moves: on 5 December every White has exceeded the 30 days and is claimed (P-7a).
    await s.sweepAt('2026-12-05T08:00:00Z');
    const claim = s.service.state(a).claims[0]!;
    // The TD upholds the claim in game a: White's count starts afresh from the notice (P-7e).
    await rule(a, { kind: 'uphold-claim', claimId: claim.id }, '2026-12-06');
    expect(s.service.state(a).restarts).toHaveLength(1);
    // Game b is annulled (a withdrawal, P-9a); game c's White gets leave from 20 December.
    await rule(b, { kind: 'annul', reason: 'withdrew' }, '2026-12-06');
    const cWhite = s.service.resolveGame(c)!.game.white;
    await rule(
      c,
      { kind: 'grant-leave', side: 'white', from: '2026-12-20', to: '2026-12-27' },
      '2026-12-06',
    );
    await s.flush();
    const [report] = await s.sweepAt('2026-12-12T08:00:00Z');
    const text = report!.mail.text ?? '';
    const on = s.service.state(a).restarts[0]!.on;
    expect(text).toMatch(
      new RegExp(`^${a.replace('/', '\\/')}\\s.*2026-11-02; afresh from ${on} \\(P-7e\\)`, 'm'),
    );
    expect(text).toMatch(
      new RegExp(`^${b.replace('/', '\\/')}\\s.*annulled \\(P-9a\\)\\s+2026-12-06$`, 'm'),
    );
    expect(text).not.toMatch(/\s\*\s+2026-12-06/);
    const names: Record<string, string> = { jan: 'Jan', petr: 'Petr', eva: 'Eva' };
    expect(text).toMatch(
      new RegExp(
        `^${names[cWhite]}\\s+2026-12-20\\s+2026-12-27\\s+granted by you \\(P-8c\\)$`,
        'm',
      ),
    );
  });

  it('L-12: a game that ended on a report’s day is in that report or the next, never in both, across a restart', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-report-')), 'amici.sqlite');
    const s = setup(path);
    await s.flush();
    const [a, b] = s.service.store.games().map((g) => g.gameKey);
    const setResult = async (
      service: RefereeService,
      key: string,
      result: '1-0' | '0-1',
      on: string,
    ) => {
      const r = await service.decideAndCommit(
        service.resolveGame(key)!,
        service.state(key),
        { kind: 'ruling', ruling: { kind: 'set-result', result, reason: 'resigned by phone' } },
        on as `${number}-${number}-${number}`,
        `test:${key}`,
      );
      expect(r.committed).toBe(true);
    };
    const row = (key: string, result: string) =>
      new RegExp(`^${key.replace('/', '\\/')}\\s.*${result}\\s+2026-11-05$`, 'm');
    // Game a ends on 5 November before that day's report, game b the same day after it.
    s.setNow('2026-11-05T07:00:00Z');
    await setResult(s.service, a!, '1-0', '2026-11-05');
    const [first] = await s.sweepAt('2026-11-05T08:00:00Z');
    expect(first!.mail.text).toMatch(row(a!, '1-0'));
    s.setNow('2026-11-05T10:00:00Z');
    await setResult(s.service, b!, '0-1', '2026-11-05');
    await s.flush();
    // amici stops and starts again before the next report.
    s.store.close();
    const again = setup(path);
    const [second] = await again.sweepAt('2026-11-12T08:00:00Z');
    const text = second!.mail.text ?? '';
    expect(text).toContain('Games finished since 2026-11-05:');
    expect(text).toMatch(row(b!, '0-1'));
    expect(text).not.toMatch(new RegExp(`^${a!.replace('/', '\\/')}\\s`, 'm'));
    // The report after that lists neither: both were reported.
    const [third] = await again.sweepAt('2026-11-19T08:00:00Z');
    expect(third!.mail.text).not.toContain('Games finished since');
  });

  it('P-7c, P-7d: an unruled time claim is listed with the reply that rules it', async () => {
    const s = setup(':memory:', 30);
    await s.flush();
    // Nobody moves: on 5 December every White has exceeded the 30 days (P-7a).
    await s.sweepAt('2026-11-02T08:00:00Z');
    const [report] = await s.sweepAt('2026-12-05T08:00:00Z');
    const text = report!.mail.text ?? '';
    expect(text).toContain('reply to this report with a line that names the game and the claim');
    const claim = s.service.state(s.service.store.games()[0]!.gameKey).claims[0]!;
    expect(text).toContain(claim.id);
    expect(text).toContain(claim.protestBy!);
    // The TD replies to the report with the line it shows: the claim is upheld.
    const key = s.service.store.games()[0]!.gameKey;
    const line = `${key} uphold-claim ${claim.id}`;
    expect(text).toContain(`such as ${line}`);
    const reply: InboundItem = {
      id: 'reply',
      receivedAt: '2026-12-05T09:00:00Z',
      raw: Buffer.from(
        `From: Anna <td@club.example>\r\nTo: referee@club.example\r\nSubject: Re: ${report!.mail.subject}\r\nDate: Sat, 05 Dec 2026 09:00:00 +0000\r\nMessage-ID: <reply@club.example>\r\nIn-Reply-To: ${report!.mail.messageId}\r\n\r\n${line}\r\n\r\n> ${text.split('\n').join('\r\n> ')}\r\n`,
      ),
    };
    expect(await s.service.processInbound(reply)).toBe('done');
    expect(s.service.state(key).claims[0]!.ruling).toMatchObject({ upheld: true, by: 'td' });
  });

  it('P-7c, P-8c: a claim whose excess leave granted since moved to a later day is still its excess', async () => {
    const s = setup(':memory:', 1);
    await s.flush();
    // Nobody moves: every White is over the 30 days from 3 December and is claimed (P-7a).
    await s.sweepAt('2026-11-02T08:00:00Z');
    await s.sweepAt('2026-12-03T08:00:00Z');
    const key = s.service.store.games()[0]!.gameKey;
    const claim = s.service.state(key).claims[0]!;
    // The TD grants that White leave for 10..14 November: over from 8 December instead.
    await s.service.decideAndCommit(
      s.service.resolveGame(key)!,
      s.service.state(key),
      {
        kind: 'ruling',
        ruling: { kind: 'grant-leave', side: 'white', from: '2026-11-10', to: '2026-11-14' },
      },
      '2026-12-04',
      'test:leave',
    );
    const line = (text: string) =>
      text.split('\n').find((l) => l.startsWith(key) && l.includes(claim.id)) ?? '';
    const [before] = await s.sweepAt('2026-12-05T08:00:00Z');
    expect(line(before!.mail.text ?? '')).toContain(
      'not over now: over again on 2026-12-08 if no move (lapses if not over by the deadline)',
    );
    const [after] = await s.sweepAt('2026-12-09T08:00:00Z');
    expect(line(after!.mail.text ?? '')).toContain('still on the clock, over since 2026-12-08');
    expect(after!.mail.text).not.toContain('gone from the clock');
    // No second claim for the same excess.
    expect(s.service.state(key).claims.map((c) => c.id)).toEqual([claim.id]);
  });

  it('in the TD’s language; no report without reportDays', async () => {
    const pl = setup(':memory:', 7, 'pl');
    await pl.flush();
    const [report] = await pl.sweepAt('2026-11-05T08:00:00Z');
    expect(report!.mail.subject).toBe('[CLUB] raport z 2026-11-05');
    expect(report!.mail.text).toContain('Kto jest na posunięciu');
    expect(report!.mail.text).toContain('Następny raport za 7 dni;');
    // Plural forms: every 2 days in Czech is "za 2 dny", every day in English "in 1 day".
    const cs = setup(':memory:', 2, 'cs');
    await cs.flush();
    expect((await cs.sweepAt('2026-11-05T08:00:00Z'))[0]!.mail.text).toContain('za 2 dny;');
    const en = setup(':memory:', 1, 'en');
    await en.flush();
    expect((await en.sweepAt('2026-11-05T08:00:00Z'))[0]!.mail.text).toContain('in 1 day;');
    const off = setup(':memory:', null);
    await off.flush();
    expect(await off.sweepAt('2026-11-05T08:00:00Z')).toEqual([]);
  });
});
