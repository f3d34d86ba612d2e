import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/referee/index.ts';
import { dedupeKey, Store } from '../../src/store/store.ts';

const created: GameEvent = {
  type: 'created',
  on: '2026-11-01',
  start: { kind: 'standard' },
  white: 'A',
  black: 'B',
  clockStartsOn: '2026-11-01',
};
const move: GameEvent = {
  type: 'move',
  on: '2026-11-02',
  side: 'white',
  uci: 'e2e4',
  sentOn: '2026-11-02',
  deliveredOn: '2026-11-02',
};
const at = '2026-11-02T10:00:00.000Z';
const mail = (id: string) => ({
  messageId: id,
  gameKey: 'E/1',
  kind: 'move-relayed',
  recipients: ['b@x'],
  sender: 'ref@x',
  raw: Buffer.from(`mail ${id}`),
});

describe('the store', () => {
  it('P-5a: keeps the event log and archives the raw message; a message seen again commits nothing', () => {
    const store = new Store(join(mkdtempSync(join(tmpdir(), 'amici-store-')), 'a.sqlite'));
    expect(store.createGame('E', '1', created, at)).toBe(true);
    expect(store.createGame('E', '1', created, at)).toBe(false);
    const raw = Buffer.from('Message-ID: <m1@x>\r\n\r\n1.e4\r\n');
    const record = {
      dedupeKey: dedupeKey(raw, '<m1@x>'),
      messageId: '<m1@x>',
      receivedAt: at,
      status: 'done' as const,
      raw,
    };
    expect(
      store.commitInbound(record, [{ gameKey: 'E/1', events: [move] }], [mail('<o1@x>')], at),
    ).toEqual({ committed: true });
    expect(
      store.commitInbound(record, [{ gameKey: 'E/1', events: [move] }], [mail('<o2@x>')], at),
    ).toEqual({ committed: false });
    expect(store.events('E/1')).toEqual([created, move]);
    expect(store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
    expect(store.seen(record.dedupeKey)).toEqual({ status: 'done', gameKey: null });
    expect(store.inboundRaw(store.inboundLog()[0]!.id)?.toString()).toContain('1.e4');
    expect(store.gameOfMessageId('<o1@x>')).toBe('E/1');
    store.close();
  });
  it('the same mail by another path (other trace headers) is the same message; a reused Message-ID is not', () => {
    const a = Buffer.from('Received: from a\r\nMessage-ID: <m@x>\r\n\r\nbody');
    const b = Buffer.from('Received: from b\r\nDelivered-To: r@x\r\nMessage-ID: <m@x>\r\n\r\nbody');
    const c = Buffer.from('Message-ID: <m@x>\r\n\r\nanother body');
    expect(dedupeKey(a, '<m@x>')).toBe(dedupeKey(b, '<m@x>'));
    expect(dedupeKey(a, '<m@x>')).not.toBe(dedupeKey(c, '<m@x>'));
  });
  it('a decision commits only on the state it was made on', () => {
    const store = new Store(':memory:');
    store.createGame('E', '1', created, at);
    expect(store.commitDecision('E/1', 1, [move], [mail('<s1@x>')], at)).toBe(true);
    expect(store.commitDecision('E/1', 1, [move], [mail('<s2@x>')], at)).toBe(false);
    expect(store.events('E/1')).toHaveLength(2);
  });
  it('the outbox: due mail, retries as data, failures; IMAP checkpoints', () => {
    const store = new Store(':memory:');
    store.enqueueMail([mail('<a@x>'), mail('<b@x>')], at);
    const due = store.dueOutbox(at);
    expect(due.map((r) => r.messageId)).toEqual(['<a@x>', '<b@x>']);
    store.markSent(due[0]!.id, at);
    store.markRetry(due[1]!.id, '2026-11-02T10:05:00.000Z', '451 try later', at);
    expect(store.dueOutbox(at)).toEqual([]);
    expect(store.nextOutboxTry()).toBe('2026-11-02T10:05:00.000Z');
    expect(store.dueOutbox('2026-11-02T10:05:00.000Z')[0]).toMatchObject({
      attempts: 1,
      lastError: '451 try later',
    });
    store.markFailed(due[1]!.id, '550 no such user', '2026-11-02T10:07:00.000Z');
    expect(store.outboxCounts()).toEqual({ pending: 0, sent: 1, failed: 1 });
    expect(store.getCheckpoint('INBOX')).toBeUndefined();
    store.setCheckpoint('INBOX', '42', 7);
    store.setCheckpoint('INBOX', '42', 9);
    expect(store.getCheckpoint('INBOX')).toEqual({ uidValidity: '42', lastUid: 9 });
  });

  it('P-6d: a late relay is marked sent with its delivery correction in one commit, once, and only on the game it was decided on', () => {
    const store = new Store(':memory:');
    store.createGame('E', '1', created, at);
    store.commitDecision('E/1', 1, [move], [{ ...mail('<r@x>'), relayOf: 1 }], at);
    const [row] = store.dueOutbox(at);
    expect(row).toMatchObject({ relayOf: 1, lastError: null });
    const corrected: GameEvent = {
      type: 'delivery-corrected',
      on: '2026-11-09',
      ply: 0,
      deliveredOn: '2026-11-09',
    };
    const later = '2026-11-09T10:00:00.000Z';
    // Decided on a game another process has changed since: nothing is written.
    const change = { gameKey: 'E/1', expectedSeq: 1, events: [corrected] };
    expect(store.markSentCorrecting(row!.id, later, change)).toBe('stale');
    expect(store.outboxCounts()).toMatchObject({ pending: 1, sent: 0 });
    expect(store.events('E/1')).toHaveLength(2);
    expect(store.markSentCorrecting(row!.id, later, { ...change, expectedSeq: 2 })).toBe(
      'committed',
    );
    expect(store.outboxCounts()).toMatchObject({ pending: 0, sent: 1 });
    expect(store.events('E/1')).toEqual([created, move, corrected]);
    // The mail already marked sent: the correction is not made twice.
    expect(store.markSentCorrecting(row!.id, later, { ...change, expectedSeq: 3 })).toBe(
      'not-pending',
    );
    expect(store.events('E/1')).toHaveLength(3);
  });

  it('P-6d: relays waiting or failed in a store from before relays named their move are matched to the move of their commit', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-store-')), 'v6.sqlite');
    const store = new Store(path);
    store.createGame('E', '1', created, at);
    const record = (id: string) => {
      const raw = Buffer.from(`Message-ID: <${id}@x>\r\n\r\n1.e4\r\n`);
      return { dedupeKey: dedupeKey(raw, id), receivedAt: at, status: 'done' as const, raw };
    };
    // A move by mail whose relay failed, one whose relay went out, a card's relay (no mail).
    store.commitInbound(record('a'), [{ gameKey: 'E/1', events: [move] }], [mail('<a@x>')], at);
    const reply: GameEvent = { ...move, side: 'black', uci: 'e7e5' };
    const at2 = '2026-11-03T10:00:00.000Z';
    store.commitInbound(record('b'), [{ gameKey: 'E/1', events: [reply] }], [mail('<b@x>')], at2);
    const at3 = '2026-11-04T10:00:00.000Z';
    store.commitDecision('E/1', 3, [{ ...move, uci: 'g1f3' }], [mail('<c@x>')], at3);
    const ids = Object.fromEntries(store.outboxList(['pending']).map((r) => [r.messageId, r.id]));
    store.markFailed(ids['<a@x>']!, '550 no', at2);
    store.markSent(ids['<b@x>']!, at2);
    store.markFailed(ids['<c@x>']!, '550 no', at3);
    store.close();
    const old = new Database(path);
    old.exec(
      'ALTER TABLE outbox DROP COLUMN failed_at; ALTER TABLE outbox DROP COLUMN bounced_to; ALTER TABLE outbox DROP COLUMN copy_of; ALTER TABLE outbox DROP COLUMN relay_effect; ALTER TABLE outbox DROP COLUMN bounced_at; ALTER TABLE outbox DROP COLUMN relay_of; ALTER TABLE td_report DROP COLUMN listed; PRAGMA user_version = 6;',
    );
    old.close();

    const again = new Store(path);
    again.requeue('failed', at3);
    expect(again.dueOutbox(at3).map((r) => [r.messageId, r.relayOf])).toEqual([
      ['<a@x>', 1],
      ['<c@x>', null],
    ]);
    again.close();
  });

  it('P-6d: a mail to two addresses counts as bounced once both have come back', () => {
    const store = new Store(':memory:');
    store.enqueueMail([{ ...mail('<two@x>'), recipients: ['a@x.example', 'B@x.example'] }], at);
    const [row] = store.outboxList(['pending']);
    expect(store.markBounced(row!.id, 'a@x.example', at)).toBe(false);
    expect(store.markBounced(row!.id, 'a@x.example', at)).toBe(false);
    expect(store.outboxInfo(row!.id)?.bouncedAt).toBeNull();
    expect(store.markBounced(row!.id, 'b@x.example', '2026-11-05T00:00:00.000Z')).toBe(true);
    expect(store.outboxInfo(row!.id)?.bouncedAt).toBe('2026-11-05T00:00:00.000Z');
    store.close();
  });

  it('a store written before the outbox bytes moved to their own table keeps its queued mail', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'amici-store-')), 'old.sqlite');
    // The first schema, as the first release wrote it, with one mail waiting.
    const old = new Database(path);
    old.exec(`CREATE TABLE games (game_key TEXT PRIMARY KEY, event_tag TEXT NOT NULL, game_id TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE inbound (id INTEGER PRIMARY KEY, dedupe_key TEXT NOT NULL UNIQUE, message_id TEXT, received_at TEXT NOT NULL, processed_at TEXT NOT NULL, status TEXT NOT NULL, game_key TEXT, sender TEXT, subject TEXT, note TEXT, raw BLOB NOT NULL);
      CREATE TABLE events (game_key TEXT NOT NULL REFERENCES games(game_key), seq INTEGER NOT NULL, type TEXT NOT NULL, body TEXT NOT NULL, recorded_at TEXT NOT NULL, inbound_id INTEGER REFERENCES inbound(id), PRIMARY KEY (game_key, seq));
      CREATE TABLE outbox (id INTEGER PRIMARY KEY, message_id TEXT NOT NULL UNIQUE, game_key TEXT, kind TEXT NOT NULL, recipients TEXT NOT NULL, sender TEXT NOT NULL, raw BLOB NOT NULL, created_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_try_at TEXT NOT NULL, status TEXT NOT NULL, last_error TEXT, sent_at TEXT, inbound_id INTEGER REFERENCES inbound(id));
      CREATE INDEX outbox_due ON outbox(status, next_try_at);
      CREATE TABLE checkpoints (mailbox TEXT PRIMARY KEY, uid_validity TEXT NOT NULL, last_uid INTEGER NOT NULL);
      PRAGMA user_version = 1;`);
    old
      .prepare(
        `INSERT INTO outbox (message_id, kind, recipients, sender, raw, created_at, next_try_at, status)
         VALUES ('<old@x>', 'move-relayed', '["b@x"]', 'ref@x', ?, ?, ?, 'pending')`,
      )
      .run(Buffer.from('the old mail'), at, at);
    old.close();
    const store = new Store(path);
    const due = store.dueOutbox(at);
    expect(due.map((r) => [r.messageId, r.raw.toString()])).toEqual([['<old@x>', 'the old mail']]);
    store.enqueueMail([mail('<new@x>')], at);
    for (const r of store.dueOutbox(at)) store.markSent(r.id, at);
    expect(store.outboxCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    store.close();
  });
});
