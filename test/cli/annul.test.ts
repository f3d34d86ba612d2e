// P-9a at the prompt: an annulment ends a game and tells both players at once, so `amici td GAME
// annul` and `amici td withdraw --annul` first show what they would do — the game, where it
// stands, who is told — and record it only with --yes, as `amici post` does a card the rulebook
// rejects; `amici td GAME reinstate` undoes an annulment: play resumes where it stood.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

const CONFIG = `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Club Championship 2026
    tag: CC26
    mode: postal
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: ann, name: Ann Archer, addresses: [ann@club.example] }
      - { id: bob, name: Bob Baker, addresses: [bob@club.example] }
      - { id: cid, name: Cid Cooper, addresses: [cid@club.example] }
    games:
      - { id: '1', white: ann, black: bob, startsOn: 2026-11-02 }
      - { id: '2', white: bob, black: cid, startsOn: 2026-11-02 }
      - { id: '3', white: cid, black: ann, startsOn: 2026-11-02 }
`;

describe('amici td annul / reinstate (P-9a)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-annul-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);
  const run = (...args: string[]) => runCli([...args, '--config', config]);
  const show = async (game: string) => JSON.parse((await run('show', game, '--json')).out);
  const queued = () => {
    const store = new Store(join(dir, 'amici.sqlite'));
    try {
      return store.dueOutbox('9999-12-31T00:00:00Z').length;
    } finally {
      store.close();
    }
  };

  it('without --yes: shows the game, where it stands and who would be told; records and sends nothing', async () => {
    for (const [as, moves, postmark, received] of [
      ['white', '1.e4', '2026-11-03', '2026-11-05'],
      ['black', '1.e4 e5', '2026-11-06', '2026-11-08'],
      ['white', '1...e5 2.Nf3', '2026-11-09', '2026-11-11'],
    ] as const) {
      const card = await run(
        'post',
        'CC26/1',
        '--as',
        as,
        '--moves',
        moves,
        '--postmark',
        postmark,
        '--received',
        received,
      );
      expect(card.code, card.err).toBe(0);
    }
    const mails = queued();
    const r = await run('td', 'CC26/1', 'annul', '--reason', 'Bob withdrew');
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'amici td annul: this would annul CC26/1, Ann Archer – Bob Baker (Club Championship 2026) (P-9a).',
    );
    expect(r.err).toContain(
      'now:  in play: 3 half-moves played, the last 2.Nf3 sent 2026-11-09; Bob Baker (Black) to move',
    );
    expect(r.err).toContain(
      'then: over with no result (*), out of the event\'s table (L-12); reason: "Bob withdrew"',
    );
    expect(r.err).toMatch(
      /told by mail: Ann Archer <ann@club\.example> \(by post: a copy to the TD to print and post, P-2m\), Bob Baker <bob@club\.example> \(by post.*\), the TD <td@club\.example> \(with the PGN\)/,
    );
    expect(r.err).toContain(
      'Nothing recorded. Run again with --yes to annul it; `amici td CC26/1 reinstate` undoes it later',
    );
    expect((await show('CC26/1')).result).toBeNull();
    expect(queued()).toBe(mails);
  });

  it('with --yes: annulled and everyone told; reinstate plays it on where it stood', async () => {
    const mails = queued();
    const r = await run('td', 'CC26/1', 'annul', '--reason', 'Bob withdrew', '--yes');
    expect(r.code, r.err).toBe(0);
    expect((await show('CC26/1')).result).toBe('*');
    expect(queued()).toBeGreaterThan(mails);
    // One mail to each player, the result's, with the ruling and the appeal in it: no separate
    // "ruling of the Tournament Director" saying the same (P-9a, P-13c).
    const sent = (() => {
      const store = new Store(join(dir, 'amici.sqlite'));
      try {
        return store.dueOutbox('9999-12-31T00:00:00Z').slice(mails);
      } finally {
        store.close();
      }
    })();
    const subjects = (to: string) =>
      sent
        .filter((m) => m.recipients.includes(to) && !m.kind.startsWith('print:'))
        .map((m) => m.kind);
    expect(subjects('ann@club.example')).toEqual(['game-ended']);
    expect(subjects('bob@club.example')).toEqual(['game-ended']);
    expect(sent.filter((m) => m.kind === 'print:game-ended')).toHaveLength(2);
    expect(sent.some((m) => m.kind.includes('ruling-applied'))).toBe(false);

    const back = await run('td', 'CC26/1', 'reinstate');
    expect(back.code, back.err).toBe(0);
    const game = await show('CC26/1');
    expect(game.result).toBeNull();
    expect(game.annulments).toHaveLength(1);
    expect((await run('show', 'CC26/1')).out).toContain(
      'Annulled, then reinstated by the TD (P-9a)',
    );
    // Bob's move is taken again.
    const card = await run(
      'post',
      'CC26/1',
      '--as',
      'black',
      '--moves',
      '2.Nf3 Nc6',
      '--postmark',
      '2026-11-12',
      '--received',
      '2026-11-14',
    );
    expect(card.code, card.err).toBe(0);
    expect((await show('CC26/1')).moves).toBe(4);
    // Reinstated again: refused, it is in play.
    const again = await run('td', 'CC26/1', 'reinstate');
    expect(again.code).toBe(1);
    expect(again.err).toContain('the game is not annulled: it is in play');
  });

  it('td withdraw without --yes lists the games and where each stands; nothing recorded', async () => {
    const mails = queued();
    const r = await run('td', 'withdraw', 'cid', '--annul', '--reason', 'Cid withdrew');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'CC26/2: would be annulled (*); in play: no move played yet; Bob Baker (White) to move',
    );
    expect(r.out).toContain(
      'CC26/3: would be annulled (*); in play: no move played yet; Cid Cooper (White) to move',
    );
    expect(r.out).toContain('Cid Cooper (CC26): 2 games would be annulled (P-9a), 0 already over');
    expect(r.out).toContain('Nothing recorded. Run again with --yes');
    for (const g of ['CC26/2', 'CC26/3']) expect((await show(g)).result).toBeNull();
    expect(queued()).toBe(mails);
  });
});

describe('amici td GAME reinstate: leave taken meanwhile (P-9a, P-8c)', () => {
  it('P-9a, P-8c: leave granted at the prompt while a game stood annulled stops the player’s clock there once it is reinstated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const dir = mkdtempSync(join(tmpdir(), 'amici-reinstate-leave-'));
    const config = join(dir, 'amici.yaml');
    writeFileSync(config, CONFIG);
    const run = (...args: string[]) => runCli([...args, '--config', config]);
    const leaves = async (game: string) =>
      JSON.parse((await run('show', game, '--json')).out).leaves;
    vi.setSystemTime(new Date('2026-11-10T10:00:00Z'));
    expect((await run('td', 'CC26/1', 'annul', '--reason', 'Ann withdrew', '--yes')).code).toBe(0);
    // Bob (Black in game 1, White in game 2) is granted leave: it goes to his unfinished games.
    vi.setSystemTime(new Date('2026-11-11T10:00:00Z'));
    const grant = await run(
      'td',
      'CC26/2',
      'grant-leave',
      '--side',
      'white',
      '--from',
      '2026-12-01',
      '--to',
      '2026-12-05',
    );
    expect(grant.code, grant.err).toBe(0);
    expect(await leaves('CC26/1')).toEqual([]);
    vi.setSystemTime(new Date('2026-11-12T10:00:00Z'));
    const back = await run('td', 'CC26/1', 'reinstate');
    expect(back.code, back.err).toBe(0);
    // Was: none — Bob's clock in game 1 ran through the leave his other game had.
    expect(await leaves('CC26/1')).toMatchObject([
      { side: 'black', from: '2026-12-01', to: '2026-12-05', granted: true },
    ]);
  });

  it('P-9a: show prints a game annulled for one day as that day, not as a range D..D', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const dir = mkdtempSync(join(tmpdir(), 'amici-reinstate-one-day-'));
    const config = join(dir, 'amici.yaml');
    writeFileSync(config, CONFIG);
    const run = (...args: string[]) => runCli([...args, '--config', config]);
    vi.setSystemTime(new Date('2026-11-10T10:00:00Z'));
    expect((await run('td', 'CC26/1', 'annul', '--reason', 'Ann withdrew', '--yes')).code).toBe(0);
    vi.setSystemTime(new Date('2026-11-11T10:00:00Z'));
    expect((await run('td', 'CC26/1', 'reinstate')).code).toBe(0);
    const shown = (await run('show', 'CC26/1')).out;
    expect(shown).toContain('  2026-11-10 (reinstated 2026-11-11)');
    expect(shown).not.toContain('2026-11-10..2026-11-10');
  });
});
