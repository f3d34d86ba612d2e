// P-7d, L-8.5 at the prompt: a result ends a game (or changes its score) and tells both players
// and the TD at once, so `amici td GAME set-result` first shows what it would do — the game,
// where it stands, the result and what it scores, the rule amici takes it under, who is told —
// and records it only with --yes, as `annul` does. A ruling mailed by the TD takes effect as
// before: the mail is the TD's confirmation (test/daemon/td-ruling-mail.test.ts).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
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
    games:
      - { id: '1', white: ann, black: bob, startsOn: 2026-11-02 }
`;

describe('amici td set-result (P-7d, L-8.5)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-set-result-'));
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
  const forfeit = ['td', 'CC26/1', 'set-result', '1-0', '--reason', 'Bob never sent a move'];

  it('without --yes: shows the game, the result, the rule read from the reason and who would be told; records and sends nothing', async () => {
    // The game exists, no move played.
    expect((await show('CC26/1')).result).toBeNull();
    const mails = queued();
    const r = await run(...forfeit);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'amici td set-result: this would end CC26/1, Ann Archer – Bob Baker (Club Championship 2026) (P-7d).',
    );
    expect(r.err).toContain('now:  in play: no move played yet; Ann Archer (White) to move');
    expect(r.err).toContain(
      'then: over, 1-0: Ann Archer (White) wins; no move was played, and the PGN says so',
    );
    // No --rule: the TD sees the rule amici reads from the reason before anyone is told.
    expect(r.err).toContain('rule P-13, read from the reason (--rule names another');
    expect(r.err).toContain('reason: "Bob never sent a move"');
    expect(r.err).toContain(
      'told by mail: Ann Archer <ann@club.example>, Bob Baker <bob@club.example>, the TD <td@club.example> (with the PGN)',
    );
    expect(r.err).toContain('Nothing recorded. Run again with --yes to set it');
    expect((await show('CC26/1')).result).toBeNull();
    expect(queued()).toBe(mails);
  });

  it('with --yes: the result is set and everyone told; a correction is shown first too', async () => {
    const mails = queued();
    const r = await run(...forfeit, '--yes');
    expect(r.code, r.err).toBe(0);
    expect((await show('CC26/1')).result).toBe('1-0');
    expect(queued()).toBeGreaterThan(mails);

    // Correcting it (L-8.5): shown with the result it had, and the rule as given.
    const after = queued();
    const fix = await run(
      'td',
      'CC26/1',
      'set-result',
      '0-1',
      '--reason',
      'the card was White’s',
      '--rule',
      'P-13',
    );
    expect(fix.code).toBe(1);
    expect(fix.err).toContain('this would correct the result of CC26/1');
    expect(fix.err).toContain('now:  over: 1-0 (ruling, P-13)');
    expect(fix.err).toContain('then: over, 0-1: Bob Baker (Black) wins');
    expect(fix.err).toMatch(/; rule P-13; reason/);
    expect((await show('CC26/1')).result).toBe('1-0');
    expect(queued()).toBe(after);
  });

  it('a result refused by the rulebook is said at once, --yes or not', async () => {
    const r = await run('td', 'CC26/1', 'set-result', '1-0', '--reason', 'again');
    expect(r.code).toBe(1);
    expect(r.err).toContain('Nothing recorded.');
    expect(r.err).not.toContain('Run again with --yes');
  });
});
