// A postal event with an email game and a mixed one (P-2m): the reminder (P-3a) waits 14 days
// plus the transit both ways from the day the move went out for a player by post — from its
// delivery, one way already behind it, 14 days and the way back — and 14 days for a player by
// email.

import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { memoryLogger } from '../../src/daemon/log.ts';
import { RefereeService } from '../../src/daemon/referee-service.ts';
import { Store } from '../../src/store/store.ts';
import { clubConfig } from '../support/config.ts';

describe('P-3a: the reminder waits the transit only for a player by post', () => {
  it('P-3a, P-2m: in a postal event, the game all by email is reminded after 14 days, the postal games 14 + 2 × 3 days after the letter was posted', async () => {
    const r = validateConfig(
      clubConfig({
        mode: 'postal',
        transitDays: 3,
        players: [
          { id: 'ann', name: 'Ann', addresses: ['ann@x.example'] },
          { id: 'bob', name: 'Bob', addresses: ['bob@x.example'] },
          { id: 'cid', name: 'Cid', addresses: ['cid@x.example'], post: false },
          { id: 'dan', name: 'Dan', addresses: ['dan@x.example'], post: false },
        ],
        games: [
          { id: '1', white: 'ann', black: 'bob', startsOn: '2027-01-04' },
          { id: '2', white: 'cid', black: 'dan', startsOn: '2027-01-04' },
          // Black (Ann) by post: her reminder waits the transit too.
          { id: '3', white: 'cid', black: 'ann', startsOn: '2027-01-04' },
          // Black (Dan) by email: his reminder does not.
          { id: '4', white: 'bob', black: 'dan', startsOn: '2027-01-04' },
        ],
      }),
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const logger = memoryLogger();
    let now = new Date('2027-01-04T09:00:00Z');
    const service = new RefereeService({
      config: r.config,
      store: new Store(':memory:'),
      logger,
      clock: () => now,
    });
    service.ensureGames();
    // White's first move in every game by mail, relayed to Black on 4 January.
    const white = { '1': 'ann', '2': 'cid', '3': 'cid', '4': 'bob' } as const;
    for (const [game, id] of Object.entries(white))
      await service.processInbound({
        id: `m${game}`,
        receivedAt: '2027-01-04T10:00:00Z',
        raw: Buffer.from(
          `From: ${id}@x.example\r\nTo: referee@club.example\r\nSubject: [CLUB/${game}] move\r\nDate: Mon, 4 Jan 2027 10:00:00 +0000\r\nMessage-ID: <in${game}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4\r\n`,
        ),
      });
    expect(service.state('CLUB/3').plies).toHaveLength(1);
    // The relays go out that day (a relay not yet out holds the reminder back, P-6d).
    const sender = {
      name: 'test',
      send: async () => ({ ok: true as const }),
      close: async () => {},
    };
    await service.flushOutbox(sender);
    const reminded = async (on: string) => {
      now = new Date(`${on}T10:00:00Z`);
      await service.sweep();
      return logger.lines
        .filter((l) => l.code === 'SWEEP_WORK' && l.work === 'reminder')
        .map((l) => String(l.game))
        .sort();
    };
    expect(await reminded('2027-01-18')).toEqual([]);
    // The 15th day: the games where Black plays by email.
    expect(await reminded('2027-01-19')).toEqual(['CLUB/2', 'CLUB/4']);
    // Black by post has the move on paper, the letter posted on the 4th arriving 3 days later:
    // delivered on 7 January (P-6d, P-6e), as a card's received date would date it.
    expect(service.state('CLUB/3').plies[0]?.deliveredOn).toBe('2027-01-07');
    expect(service.state('CLUB/2').plies[0]?.deliveredOn).toBe('2027-01-04');
    expect(await reminded('2027-01-24')).toEqual(['CLUB/2', 'CLUB/4']);
    // 14 + 2 × 3 days after the letter was posted on the 4th, 14 + 3 after its delivery: Black
    // by post, whose card posted on the 21st would have come by the 24th.
    expect(await reminded('2027-01-25')).toEqual(['CLUB/1', 'CLUB/2', 'CLUB/3', 'CLUB/4']);
  });
});
