// `amici td withdraw PLAYER` (P-9a): every unfinished game of a player who withdrew is closed at
// once, and the mail it queues is what each reader needs, once: each opponent the result in
// their game, the player one mail listing all their games, the TD one summary with the table.

import { mkdtempSync, writeFileSync } from 'node:fs';
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
    td: { name: Tomasz Zieliński, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: ann, name: Ann Archer, addresses: [ann@club.example] }
      - { id: bob, name: Bob Baker, addresses: [bob@club.example] }
      - { id: cid, name: Cid Cooper, addresses: [cid@club.example] }
      - { id: dan, name: Jan Kowalski, addresses: [jan@wp.example], language: pl }
      - { id: eve, name: Eve Evans, addresses: [eve@club.example] }
      - { id: fay, name: Fay Fox, addresses: [fay@club.example] }
    pairings: { system: round-robin, startsOn: 2026-11-02 }
`;

interface Row {
  id: number;
  gameKey: string | null;
  kind: string;
  recipients: string[];
}

describe('amici td withdraw: the mail of a withdrawal (P-9a)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-withdraw-mail-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);
  const outbox = async (): Promise<Row[]> =>
    JSON.parse((await runCli(['outbox', '--all', '--json', '--config', config])).out);
  const show = async (id: number) =>
    (await runCli(['outbox', 'show', String(id), '--config', config])).out;

  it('P-9a: five games annulled, each opponent told once in their game, the player once, the TD once', async () => {
    const games = JSON.parse((await runCli(['games', '--json', '--config', config])).out) as {
      game: string;
      white: string;
      black: string;
    }[];
    const jans = games.filter((g) => g.white === 'Jan Kowalski' || g.black === 'Jan Kowalski');
    expect(jans).toHaveLength(5);
    const before = new Set((await outbox()).map((m) => m.id));

    const r = await runCli([
      'td',
      'withdraw',
      '--yes',
      'dan',
      '--annul',
      '--reason',
      'Jan Kowalski withdrew for health reasons',
      '--note',
      'Sorry to see you go.',
      '--config',
      config,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      'Jan Kowalski (CC26): 5 games annulled, 0 already over; 7 mails queued',
    );
    const queued = (await outbox()).filter((m) => !before.has(m.id));
    // The count said is the count queued: none lost to a Message-ID shared by two games.
    expect(queued).toHaveLength(7);

    // Each opponent: one mail, the result in their own game's thread, with the reason and note.
    for (const g of jans) {
      const opponent = g.white === 'Jan Kowalski' ? g.black : g.white;
      const address = `${opponent.split(' ')[0]!.toLowerCase()}@club.example`;
      const theirs = queued.filter((m) => m.recipients.includes(address));
      expect(theirs.map((m) => [m.kind, m.gameKey])).toEqual([['game-ended', g.game]]);
      const text = await show(theirs[0]!.id);
      expect(text).toContain('annulled');
      expect(text).toContain('Jan Kowalski withdrew for health reasons');
      expect(text).toContain('Sorry to see you go.');
    }

    // The player: one mail, in Polish, listing all five games and where to write to the TD.
    const his = queued.filter((m) => m.recipients.includes('jan@wp.example'));
    expect(his.map((m) => m.kind)).toEqual(['withdrawal']);
    const letter = await show(his[0]!.id);
    for (const g of jans) expect(letter).toContain(g.game);
    expect(letter).toContain('P-9a');
    expect(letter).toContain('td@club.example');
    expect(letter).toContain('anulowana');

    // The TD: one summary, every game and its result, and the table once.
    const td = queued.filter((m) => m.recipients.includes('td@club.example'));
    expect(td.map((m) => m.kind)).toEqual(['withdrawal-td']);
    const summary = await show(td[0]!.id);
    expect(summary).toContain('Jan Kowalski withdrawn: 5 games annulled (P-9a)');
    for (const g of jans) expect(summary).toContain(g.game);
    expect(summary.match(/The table \(rule L-12\):/g)).toHaveLength(1);

    // Nothing left to do: a second run queues nothing.
    const again = await runCli([
      'td',
      'withdraw',
      '--yes',
      'dan',
      '--annul',
      '--reason',
      'x',
      '--config',
      config,
    ]);
    expect(again.out).toContain('0 games annulled, 5 already over; 0 mails queued');
    expect(await outbox()).toHaveLength(before.size + 7);
  });

  it('P-9a: --forfeit scores the games as lost; the summary shows the results and the finished game that stands', async () => {
    const games = JSON.parse((await runCli(['games', '--json', '--config', config])).out) as {
      game: string;
      white: string;
      black: string;
      result: string | null;
    }[];
    const eves = games.filter(
      (g) => (g.white === 'Eve Evans' || g.black === 'Eve Evans') && g.result === null,
    );
    expect(eves).toHaveLength(4);
    const first = eves[0]!;
    const won = await runCli([
      'td',
      first.game,
      'set-result',
      first.white === 'Eve Evans' ? '1-0' : '0-1',
      '--reason',
      'resigned by post',
      '--yes',
      '--config',
      config,
    ]);
    expect(won.code, won.err).toBe(0);
    const before = new Set((await outbox()).map((m) => m.id));
    const r = await runCli([
      'td',
      'withdraw',
      '--yes',
      'eve',
      '--forfeit',
      '--reason',
      'no answer to the TD',
      '--config',
      config,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      'Eve Evans (CC26): 3 games scored as lost, 2 already over; 5 mails queued',
    );
    const queued = (await outbox()).filter((m) => !before.has(m.id));
    expect(queued.map((m) => m.kind).sort()).toEqual([
      'game-ended',
      'game-ended',
      'game-ended',
      'withdrawal',
      'withdrawal-td',
    ]);
    const summary = await show(queued.find((m) => m.kind === 'withdrawal-td')!.id);
    expect(summary).toContain('Eve Evans withdrawn: 3 games scored as lost (P-9a)');
    expect(summary).toContain('Games already finished stand:');
    expect(summary).toContain(first.game);
    for (const g of eves.slice(1))
      expect(summary).toMatch(new RegExp(`${g.game}\\s+\\S.*\\s(1-0|0-1)`));
  });
});

describe('amici td: a ruling refused where it is typed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-td-refused-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);

  it('P-7d: a claim that does not exist is named with the claims there are, and no mail is promised', async () => {
    const r = await runCli(['td', 'CC26/1', 'uphold-claim', 'time:white:10:2', '--config', config]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'REFUSED — uphold-claim time:white:10:2: there is no claim time:white:10:2: this game has no claim\nNothing recorded.\n',
    );
    expect(r.err).not.toContain('→');
  });
});
