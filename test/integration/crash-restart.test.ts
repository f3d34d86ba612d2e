// Exactly-once across a crash (architecture.md, issue 5): `amici run` is killed with SIGKILL in
// the middle of an IMAP backlog, then started again. Nothing is lost and nothing is doubled:
// every game holds each move once and in order, each inbound mail is in the store once, every
// reply queued reaches the SMTP sink, and a reply is sent twice only if the kill fell between
// the relay accepting it and the outbox marking it sent (at most one per SMTP connection).
// Mail processed but not yet filed when the process died is read again, recognised, and filed.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailServers, startMailServers } from '../support/mail-servers.ts';

const BIN = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));
const REFEREE = 'referee@amici.test';
const TD = 'td@amici.test';
const GAMES = 20;
/** Ten plies of the Ruy Lopez: every game plays them, one transmission per ply. */
const PLIES = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7'];
const MAILS = GAMES * PLIES.length;
/** SIGKILL once the first run has processed this many: well inside the backlog. */
const KILL_AFTER = 40;
const CONNECTIONS = 2;
const WAIT_STEPS = 600; // × 50 ms: every wait is bounded

const players = Array.from({ length: 2 * GAMES }, (_, i) => `p${i + 1}@players.test`);

/** "2...Nc6 3.Bb5": the opponent's last move repeated (P-2e), then one's own. */
function transmission(ply: number): string {
  const n = (p: number) => Math.floor(p / 2) + 1;
  const own = ply % 2 === 0 ? `${n(ply)}.${PLIES[ply]}` : `${n(ply)}...${PLIES[ply]}`;
  if (ply === 0) return own;
  const prev = ply - 1;
  const repeated = prev % 2 === 0 ? `${n(prev)}.${PLIES[prev]}` : `${n(prev)}...${PLIES[prev]}`;
  return `${repeated} ${own}`;
}

function mail(game: number, ply: number): string {
  const from = players[2 * game + (ply % 2)]!;
  return [
    `From: Player <${from}>`,
    `To: amici <${REFEREE}>`,
    `Subject: Re: [CRASH/${game + 1}] our game`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <g${game + 1}.p${ply}@players.test>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    transmission(ply),
    '',
  ].join('\r\n');
}

describe('amici run killed mid-backlog and started again', () => {
  let servers: MailServers;
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    servers = await startMailServers({ users: [REFEREE, TD, ...players] });
    dir = mkdtempSync(join(tmpdir(), 'amici-crash-'));
    const today = new Date().toISOString().slice(0, 10);
    // The players' mail is unsigned and the daemon runs as its own process, with the system's
    // DNS: the sender check is off here (whole-game.test.ts plays signed mail with it on).
    writeFileSync(
      join(dir, 'amici.yaml'),
      [
        `from: { name: amici, address: ${REFEREE} }`,
        `inbox: { kind: imap, host: ${servers.imap.host}, port: ${servers.imap.port}, secure: false, user: ${REFEREE}, passwordEnv: AMICI_CRASH_PASSWORD, authentication: none }`,
        `outbox: { kind: smtp, host: ${servers.smtp.host}, port: ${servers.smtp.port}, secure: false, connections: ${CONNECTIONS} }`,
        'store: { path: ./amici.sqlite }',
        'events:',
        '  - name: Crash Cup',
        '    tag: CRASH',
        `    td: { name: TD, address: ${TD} }`,
        '    timeZone: UTC',
        '    players:',
        ...players.map(
          (p, i) => `      - { id: p${i + 1}, name: Player ${i + 1}, addresses: [${p}] }`,
        ),
        '    games:',
        ...Array.from(
          { length: GAMES },
          (_, g) =>
            `      - { id: "${g + 1}", white: p${2 * g + 1}, black: p${2 * g + 2}, startsOn: ${today} }`,
        ),
        '',
      ].join('\n'),
    );
    // The backlog, ply by ply across the games, so every game is part-way when the kill lands.
    for (let ply = 0; ply < PLIES.length; ply++)
      for (let g = 0; g < GAMES; g++) await servers.appendTo(REFEREE, mail(g, ply));
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await servers?.stop();
  });

  const start = () => {
    const child = spawn(process.execPath, [BIN, 'run', '--config', join(dir, 'amici.yaml')], {
      cwd: dir,
      env: { ...process.env, AMICI_CRASH_PASSWORD: servers.password },
    });
    children.push(child);
    const run = { child, log: '', exited: new Promise<void>((r) => child.on('exit', () => r())) };
    child.stderr?.on('data', (d: Buffer) => {
      run.log += d.toString();
    });
    return run;
  };
  const until = async (
    ok: () => boolean | Promise<boolean>,
    what: string,
    log: () => string,
  ): Promise<void> => {
    for (let i = 0; i < WAIT_STEPS; i++) {
      if (await ok()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}; log:\n${log().slice(-3000)}`);
  };
  const count = (log: string, code: string) => log.split(`"code":"${code}"`).length - 1;
  const query = <T>(sql: string): T[] => {
    const db = new Database(join(dir, 'amici.sqlite'), { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };

  it('loses no move, doubles none, and sends every reply', async () => {
    const first = start();
    await until(
      () => count(first.log, 'INBOUND_PROCESSED') >= KILL_AFTER,
      'the first run to get going',
      () => first.log,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const before = count(first.log, 'INBOUND_PROCESSED');
    // The kill landed inside the backlog: the second run has work left to do.
    expect(before).toBeLessThan(MAILS);

    const second = start();
    const settled = async () =>
      query<{ n: number }>(`SELECT count(*) AS n FROM inbound`)[0]!.n === MAILS &&
      query<{ n: number }>(`SELECT count(*) AS n FROM outbox WHERE status != 'sent'`)[0]!.n === 0 &&
      // Every mail of the backlog filed on the server, the ones read again included.
      (await servers.fetchAll(REFEREE)).length === 0;
    await until(settled, 'the second run to finish the backlog', () => second.log);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(second.child.exitCode).toBe(0);

    // Each inbound mail once, each accepted; each game holds the ten plies once, in order.
    const inbound = query<{ status: string }>(`SELECT status FROM inbound`);
    expect(inbound).toHaveLength(MAILS);
    expect(inbound.every((r) => r.status === 'done')).toBe(true);
    const moves = query<{ game_key: string; body: string }>(
      `SELECT game_key, body FROM events WHERE type = 'move' ORDER BY game_key, seq`,
    );
    const byGame = new Map<string, string[]>();
    for (const m of moves)
      byGame.set(m.game_key, [...(byGame.get(m.game_key) ?? []), JSON.parse(m.body).uci]);
    expect(byGame.size).toBe(GAMES);
    const ruyLopez = [
      'e2e4',
      'e7e5',
      'g1f3',
      'b8c6',
      'f1b5',
      'a7a6',
      'b5a4',
      'g8f6',
      'e1h1',
      'f8e7',
    ];
    for (const ucis of byGame.values()) expect(ucis).toEqual(ruyLopez);

    // Every reply queued (relay and acknowledgement per move) reached the relay; a reply went
    // twice only when the kill cut between the relay's 250 and the outbox's mark.
    const queued = query<{ message_id: string }>(`SELECT message_id FROM outbox`);
    expect(queued).toHaveLength(2 * MAILS);
    const accepted = new Map<string, number>();
    for (const m of servers.sink.messages()) {
      if (m.outcome !== 'delivered') continue;
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(m.raw.toString('utf8'))?.[1] ?? '';
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
    }
    for (const { message_id } of queued) expect(accepted.get(message_id) ?? 0).toBeGreaterThan(0);
    expect(accepted.size).toBe(2 * MAILS);
    const twice = [...accepted.values()].filter((n) => n > 1);
    expect(twice.every((n) => n === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(CONNECTIONS);

    // Nothing is left in the inbox; every mail is in amici/done once, none deleted.
    expect(await servers.fetchAll(REFEREE, 'amici.done')).toHaveLength(MAILS);
  });
});
