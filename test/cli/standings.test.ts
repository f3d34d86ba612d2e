// `amici standings`: a TD sees where each player stands (L-12) while the event runs — the place
// shared when points are level, the cross-table, the games still in play — and as JSON.

import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

const CONFIG = `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Club Championship 2026
    tag: CC26
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: ann, name: Ann Archer, addresses: [ann@club.example] }
      - { id: bob, name: Bob Baker, addresses: [bob@club.example] }
      - { id: cid, name: Cid Cooper, addresses: [cid@club.example] }
      - { id: dan, name: Dan Dyer, addresses: [dan@club.example] }
    pairings: { system: round-robin, startsOn: 2026-11-02 }
  - name: Open 2026
    tag: OPEN
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: xena, name: Xena Xu, addresses: [xena@club.example] }
      - { id: yves, name: Yves Young, addresses: [yves@club.example] }
    games:
      - { id: '1', white: xena, black: yves, startsOn: 2026-11-02 }
`;

describe('amici standings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-standings-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);

  /** Each game as `amici games --json` lists it. */
  async function games(): Promise<
    { game: string; white: string; black: string; result: string | null }[]
  > {
    return JSON.parse((await runCli(['games', '--json', '--config', config])).out);
  }
  /** The TD records a result offline, as for an adjudication or a game reported late. */
  async function result(white: string, black: string, r: string): Promise<void> {
    const g =
      (await games()).find((x) => x.white === white && x.black === black) ??
      (await games()).find((x) => x.white === black && x.black === white);
    if (!g) throw new Error(`no game ${white}-${black}`);
    const flip = g.white !== white && r !== '1/2-1/2' && r !== '0-0';
    const res = flip ? (r === '1-0' ? '0-1' : '1-0') : r;
    const out = await runCli([
      'td',
      g.game,
      'set-result',
      res,
      '--reason',
      'reported',
      '--rule',
      'P-13',
      '--yes',
      '--config',
      config,
    ]);
    expect(out.code, out.err).toBe(0);
  }

  it('before any result: every player on 0, all level, all six games in play', async () => {
    const r = await runCli(['standings', '--config', config]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('CC26  Club Championship 2026: 6 games, 6 in play');
    expect(r.out.match(/ 1–4 /g)).toHaveLength(4);
  });

  it('L-12: points, shared places and the cross-table as results come in, a double forfeit 0-0', async () => {
    await result('Ann Archer', 'Bob Baker', '1-0');
    await result('Cid Cooper', 'Dan Dyer', '1/2-1/2');
    await result('Ann Archer', 'Cid Cooper', '1/2-1/2');
    await result('Bob Baker', 'Dan Dyer', '0-0');
    const r = await runCli(['standings', '--config', config]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('6 games, 2 in play');
    const lines = r.out.split('\n');
    const row = (name: string) => lines.find((l) => l.includes(name))!;
    // Ann 1½; Cid 1; Dan ½; Bob 0 (a loss and a double forfeit).
    expect(row('Ann Archer')).toMatch(/^\s+1 Ann Archer\s+1½\s+1\s+2\s+1\s+1\s+0\s+1\s/);
    expect(row('Cid Cooper')).toMatch(/^\s+2 Cid Cooper\s+1\s+2\s+2\s+0\s+2\s+0\s+1\s/);
    expect(row('Dan Dyer')).toMatch(/^\s+3 Dan Dyer\s+½\s+3\s+2\s+0\s+1\s+1\s+1\s/);
    expect(row('Bob Baker')).toMatch(/^\s+4 Bob Baker\s+0\s+4\s+2\s+0\s+0\s+2\s+1\s/);
    // The cross-table, players in table order: Ann's row reads x, ½ (Cid), · (Dan), 1 (Bob).
    expect(row('Ann Archer')).toMatch(/x\s+½\s+·\s+1$/);
    expect(row('Bob Baker')).toMatch(/0\s+·\s+0\s+x$/);

    await result('Bob Baker', 'Cid Cooper', '1-0');
    const level = await runCli(['standings', '--json', '--config', config]);
    const [event] = JSON.parse(level.out);
    expect(event).toMatchObject({ event: 'CC26', games: 6, unfinished: 1 });
    expect(
      event.standings.map((s: { name: string; place: string; points: number }) => [
        s.name,
        s.place,
        s.points,
      ]),
    ).toEqual([
      ['Ann Archer', '1', 1.5],
      ['Bob Baker', '2–3', 1], // level with Cid; listed first for his win, ranked the same
      ['Cid Cooper', '2–3', 1],
      ['Dan Dyer', '4', 0.5],
    ]);
  });

  it('P-9a: the TD annuls a withdrawn player’s game: it leaves the table, and no move is taken', async () => {
    const open = (await games()).find((g) => g.result === null)!;
    const annul = await runCli([
      'td',
      open.game,
      'annul',
      '--reason',
      'Dan withdrew',
      '--yes',
      '--config',
      config,
    ]);
    expect(annul.code, annul.err).toBe(0);
    const r = await runCli(['standings', '--config', config]);
    expect(r.out).toContain('6 games, all finished, 1 annulled (P-9a, not counted)');
    const [event] = JSON.parse((await runCli(['standings', '--json', '--config', config])).out);
    expect(event).toMatchObject({ unfinished: 0, annulled: 1 });
    for (const s of event.standings) expect(s.unfinished).toBe(0);
    const pgn = (await runCli(['pgn', open.game, '--config', config])).out;
    expect(pgn).toContain('[Result "*"]');
    // PGN's own word for it, the TD's reason in a comment before the `*`.
    expect(pgn).toContain('[Termination "abandoned"]');
    expect(pgn).toContain('{Annulled by the TD (P-9a), not scored: Dan withdrew} *');
    const late = await runCli([
      'post',
      open.game,
      '--as',
      'white',
      '--moves',
      '1.d4',
      '--postmark',
      '2026-11-20',
      '--received',
      '2026-11-22',
      '--config',
      config,
    ]);
    // Nothing recorded, nobody told, unless the TD confirms the card (--yes).
    expect(late.code).toBe(1);
    expect(late.err).toMatch(
      /^REJECTED — the game is over \(annulled\) \[P-9a\]\nNothing recorded/,
    );
  });

  it('report prints the TD’s report as it would go out today, and sends nothing', async () => {
    const r = await runCli(['report', '--event', 'CC26', '--config', config]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Subject: \[CC26\] report of \d{4}-\d\d-\d\d\n/);
    expect(r.out).toContain('Club Championship 2026 on ');
    expect(r.out).toContain('Games finished so far:');
    expect(r.out).toContain('The table (rule L-12):');
    // No reportDays in this event: no promise of a next one.
    expect(r.out).not.toContain('The next report');
    const { out } = await runCli(['outbox', '--all', '--json', '--config', config]);
    expect(JSON.parse(out).some((m: { kind: string }) => m.kind === 'td-report')).toBe(false);
  });

  it('P-5a: export --event writes that event’s games, and the mail of its players that names no game', async () => {
    // Xena's first move reaches amici's Maildir and is processed.
    mkdirSync(join(dir, 'inbox', 'new'), { recursive: true });
    writeFileSync(
      join(dir, 'inbox', 'new', '1.eml'),
      'From: Xena Xu <xena@club.example>\r\nTo: referee@club.example\r\nSubject: Re: [OPEN/1] start\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <x1@club.example>\r\n\r\n1.e4\r\n',
    );
    // Bob, with several games of CC26, writes naming none: asked which game, and archived.
    writeFileSync(
      join(dir, 'inbox', 'new', '2.eml'),
      'From: Bob Baker <bob@club.example>\r\nTo: referee@club.example\r\nSubject: hello\r\nDate: Mon, 2 Nov 2026 11:00:00 +0000\r\nMessage-ID: <b1@club.example>\r\n\r\nIs it my move somewhere?\r\n',
    );
    expect((await runCli(['run', '--once', '--config', config])).code).toBe(0);
    const out = join(dir, 'export-open');
    const r = await runCli(['export', '--event', 'OPEN', '--out', out, '--config', config]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('exported 1 mails and 1 games of OPEN');
    const cc = await runCli([
      'export',
      '--event',
      'CC26',
      '--out',
      join(dir, 'export-cc'),
      '--config',
      config,
    ]);
    expect(cc.out).toContain('exported 1 mails and 6 games of CC26');
    expect(readdirSync(join(dir, 'export-cc', 'mail'))).toContain('000002-ignored.eml');
    expect(readdirSync(join(out, 'games')).sort()).toEqual(['OPEN_1.events.json', 'OPEN_1.pgn']);
    expect((await runCli(['export', '--event', 'NOPE', '--config', config])).code).toBe(1);
  });

  it('games --event lists that event’s games; an unknown event is named', async () => {
    const listed = JSON.parse(
      (await runCli(['games', '--event', 'CC26', '--json', '--config', config])).out,
    );
    expect(listed).toHaveLength(6);
    const all = JSON.parse((await runCli(['games', '--json', '--config', config])).out);
    expect(all).toHaveLength(7);
    const open = JSON.parse(
      (await runCli(['games', '--event', 'OPEN', '--json', '--config', config])).out,
    );
    expect(open.map((g: { game: string }) => g.game)).toEqual(['OPEN/1']);
    const none = await runCli(['games', '--event', 'NOPE', '--config', config]);
    expect(none.code).toBe(1);
    expect(none.err).toContain('no event "NOPE"; the events are CC26, OPEN');
  });

  it('an unknown event is named, with the events there are', async () => {
    const r = await runCli(['standings', '--event', 'NOPE', '--config', config]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no event "NOPE"; the events are CC26, OPEN');
  });
});

describe('amici td withdraw (P-9a)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-withdraw-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);

  it('every unfinished game of the player who withdrew is annulled; a finished one stands', async () => {
    const games = JSON.parse((await runCli(['games', '--json', '--config', config])).out) as {
      game: string;
      white: string;
      black: string;
    }[];
    const dans = games.filter((g) => g.white === 'Dan Dyer' || g.black === 'Dan Dyer');
    expect(dans).toHaveLength(3);
    // One of Dan's games was decided before he left: it stands.
    const first = dans[0]!;
    const won = await runCli([
      'td',
      first.game,
      'set-result',
      first.white === 'Dan Dyer' ? '1-0' : '0-1',
      '--reason',
      'resigned by post',
      '--yes',
      '--config',
      config,
    ]);
    expect(won.code, won.err).toBe(0);

    const r = await runCli([
      'td',
      'withdraw',
      'dan',
      '--annul',
      '--reason',
      'Dan withdrew for health reasons',
      '--yes',
      '--config',
      config,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`${first.game}: already over (`);
    for (const g of dans.slice(1)) expect(r.out).toContain(`${g.game}: * — annulled (P-9a)`);
    expect(r.out).toContain('Dan Dyer (CC26): 2 games annulled, 1 already over');

    const [event] = JSON.parse((await runCli(['standings', '--json', '--config', config])).out);
    expect(event).toMatchObject({ annulled: 2, unfinished: 3 });
    const dan = event.standings.find((s: { player: string }) => s.player === 'dan');
    expect(dan).toMatchObject({ points: 1, played: 1, won: 1, unfinished: 0 });
    // Run again: nothing left to annul.
    const again = await runCli([
      'td',
      'withdraw',
      'dan@club.example',
      '--annul',
      '--reason',
      'x',
      '--yes',
      '--config',
      config,
    ]);
    expect(again.out).toContain('0 games annulled, 3 already over');
  });

  it('--forfeit scores each unfinished game as a loss for the player, with P-9a', async () => {
    const r = await runCli([
      'td',
      'withdraw',
      'ann',
      '--forfeit',
      '--reason',
      'no answer to the TD',
      '--yes',
      '--config',
      config,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/: (1-0|0-1) — ruling \(P-9a\)/);
    const [event] = JSON.parse((await runCli(['standings', '--json', '--config', config])).out);
    const ann = event.standings.find((s: { player: string }) => s.player === 'ann');
    expect(ann).toMatchObject({ unfinished: 0, won: 0 });
  });

  it('asks for what is missing: the player, --annul or --forfeit, --reason', async () => {
    expect(
      (await runCli(['td', 'withdraw', '--annul', '--reason', 'x', '--config', config])).err,
    ).toContain('name one player');
    expect(
      (await runCli(['td', 'withdraw', 'bob', '--reason', 'x', '--config', config])).err,
    ).toContain('give --annul or --forfeit');
    expect((await runCli(['td', 'withdraw', 'bob', '--annul', '--config', config])).err).toContain(
      'give --reason',
    );
    const nobody = await runCli([
      'td',
      'withdraw',
      'zed',
      '--annul',
      '--reason',
      'x',
      '--config',
      config,
    ]);
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('no player "zed"');
  });
});
