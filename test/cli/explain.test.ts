import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'amici-explain-'));
const pgn = join(dir, 'game.pgn');
writeFileSync(
  pgn,
  '[Event "Club"]\n[White "white@example.org"]\n[Black "black@example.org"]\n\n1. e4 e5 2. Nf3 *\n',
);
const mail = (
  body: string,
  from = 'Black <black@example.org>',
  subject = 'Re: [CLUB/1] your move',
) => {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.eml`);
  writeFileSync(
    file,
    `From: ${from}\r\nTo: amici@example.org\r\nSubject: ${subject}\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m1@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
  return file;
};

describe('amici explain', () => {
  it('P-2e, P-4d: shows the reading and why a reply without the repetition is rejected', async () => {
    const r = await runCli([
      'explain',
      mail(
        'Hi,\r\n\r\n2...Nc6\r\n\r\nReceived: 19.11.2026\r\n\r\nOn Thu, 19 Nov 2026 amici wrote:\r\n> 2.Nf3',
      ),
      '--game',
      pgn,
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Game:     CLUB/1 (from the subject)');
    expect(r.out).toContain('Player:   black');
    expect(r.out).toContain('Moves:    2...Nc6');
    expect(r.out).not.toContain('| > 2.Nf3');
    expect(r.out).toContain('received 2026-11-19, sent (not stated)');
    expect(r.out).toContain(
      "REJECTED — the repetition of the opponent's last move is missing: write 2.Nf3 first [P-2e, P-4d, P-6g]; penalty 5 days",
    );
  });
  it('a correct reply would be accepted, with the missing dates recorded (P-2i)', async () => {
    const r = await runCli(['explain', mail('2.Nf3 Nc6'), '--game', pgn]);
    expect(r.out).toContain(
      'ACCEPTED — 1 move played; dates recorded: received 2026-11-20 (P-2i, not stated); sent 2026-11-20 (P-2i, not stated)',
    );
  });
  it('L-8.1: a draw offer with the move is shown as relayed with the move', async () => {
    const r = await runCli(['explain', mail('2.Nf3 Nc6 I offer a draw'), '--game', pgn]);
    expect(r.out).toContain('Commands: draw offer');
    expect(r.out).toContain('move-relayed with a draw offer (=) → white [P-2k, L-8.1]');
  });
  it('an auto-reply is never answered', async () => {
    const r = await runCli([
      'explain',
      new URL('../fixtures/mail/30-exchange-oof-en.eml', import.meta.url).pathname,
    ]);
    expect(r.out).toMatch(/Kind: {5}auto-reply .* never answered/);
  });
  it('--json gives the same reading as data', async () => {
    const r = await runCli(['explain', mail('2.Nf3 Nc6'), '--game', pgn, '--json']);
    const data = JSON.parse(r.out);
    expect(data.game).toEqual({ event: 'CLUB', game: '1', via: 'subject' });
    expect(data.transmission.moves.map((m: { text: string }) => m.text)).toEqual(['Nf3', 'Nc6']);
    expect(data.ruling.effects[0].kind).toBe('move-accepted');
  });
  it('P-4d: words with no move are shown as no transmission, not as a blank one', async () => {
    const r = await runCli(['explain', mail('Thanks, see you!'), '--game', pgn, '--as', 'black']);
    expect(r.out).toContain('Ruling:   no transmission');
    expect(r.out).not.toContain('REJECTED');
    const blank = await runCli(['explain', mail(''), '--game', pgn, '--as', 'black', '--json']);
    expect(JSON.parse(blank.out).ruling.effects[0].kind).toBe('transmission-rejected');
  });
  it('P-4d: a move typed into the subject of a mail with an empty body is read, as the daemon reads it', async () => {
    const file = mail('', 'Black <black@example.org>', '[CLUB/1] 2.Nf3 Nc6');
    const r = await runCli(['explain', file, '--game', pgn, '--as', 'black']);
    expect(r.out).toContain('its subject, typed by the player, is read first');
    expect(r.out).toContain('  | 2.Nf3 Nc6');
    expect(r.out).toContain('ACCEPTED — 1 move played');
    const json = await runCli(['explain', file, '--game', pgn, '--as', 'black', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ readFrom: 'subject', newText: '2.Nf3 Nc6' });
  });
  it('P-4a: a transmission sent again is shown as already received', async () => {
    // White's last transmission in the test game was 1...e5 2.Nf3; Black is to move.
    const again = (text: string) =>
      runCli(['explain', mail(text, 'White <white@example.org>'), '--game', pgn, '--as', 'white']);
    expect((await again('1...e5 2.Nf3')).out).toContain(
      "ALREADY RECEIVED — the sender's last transmission, sent again: it stands as it was, nothing is played [P-4a]",
    );
    expect((await again('1...e5 2.Nc3')).out).toContain('REJECTED — not the sender’s turn [P-4a]');
  });
  it('P-5d: a line for the TD is shown as such', async () => {
    const r = await runCli(['explain', mail('TD: no answer for a month'), '--game', pgn]);
    expect(r.out).toContain('Commands: for the TD (P-5d): no answer for a month');
  });
  it('a missing file is a usage error', async () => {
    expect((await runCli(['explain', join(dir, 'nope.eml')])).code).toBe(2);
  });
  it('an unknown notation or colour is named, with the notations there are', async () => {
    const r = await runCli(['explain', mail('1...e5'), '--game', pgn, '--from', 'en']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown --from "en": expected a notation: numeric, san, san:LANG');
    const as = await runCli(['explain', mail('1...e5'), '--game', pgn, '--as', 'blue']);
    expect(as.err).toContain('unknown --as "blue": expected white or black');
  });
  it('against an installation not yet run: its games are there from the config', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-explain-new-'));
    const config = join(d, 'amici.yaml');
    writeFileSync(
      config,
      `from: { address: referee@club.example }\ninbox: { kind: maildir, path: ./in }\noutbox: { kind: pickup, path: ./out }\nstore: { path: ./amici.sqlite }\nevents:\n  - name: Club\n    tag: CLUB\n    td: { name: TD, address: td@club.example }\n    timeZone: UTC\n    players:\n      - { id: w, name: White, addresses: [white@example.org] }\n      - { id: b, name: Black, addresses: [black@example.org] }\n    games:\n      - { id: '1', white: w, black: b, startsOn: 2026-11-01 }\n`,
    );
    const r = await runCli([
      'explain',
      mail('1.e4', 'White <white@example.org>'),
      '--config',
      config,
    ]);
    expect(r.err).toBe('');
    expect(r.out).toContain('Player:   white');
    expect(r.out).toContain('ACCEPTED');
  });

  it('against the installation: the game and player as the daemon finds them, the stored state', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-explain-cfg-'));
    const config = join(d, 'amici.yaml');
    writeFileSync(
      config,
      `from: { address: referee@club.example }\ninbox: { kind: maildir, path: ./in }\noutbox: { kind: pickup, path: ./out }\nstore: { path: ./amici.sqlite }\nevents:\n  - name: Club\n    tag: CLUB\n    td: { name: TD, address: td@club.example }\n    timeZone: UTC\n    penaltyDays: 3\n    players:\n      - { id: w, name: White, addresses: [white@example.org] }\n      - { id: b, name: Black, addresses: [black@example.org], notation: 'san:pl' }\n    games:\n      - { id: '1', white: w, black: b, startsOn: 2026-11-01 }\n`,
    );
    expect(
      (
        await runCli([
          'post',
          'CLUB/1',
          '--as',
          'white',
          '--moves',
          '1.e4',
          '--postmark',
          '2026-11-02',
          '--received',
          '2026-11-03',
          '--force',
          '--config',
          config,
        ])
      ).code,
    ).toBe(0);
    const r = await runCli(['explain', mail('1.e4 Sc6'), '--config', config]);
    expect(r.out).toContain('Player:   black');
    expect(r.out).toContain('Ruling (against CLUB/1 in');
    expect(r.out).toContain('ACCEPTED');
    const wrong = await runCli(['explain', mail('1.d4 Sc6'), '--config', config]);
    expect(wrong.out).toContain('REJECTED — the repetition "d4" is not the move played: 1.e4');
    // The event's own settings apply: this event gives 3 penalty days, not the default 5.
    expect(wrong.out).toContain('penalty 3 days');
    // P-5c: an address no player has is named, and what the daemon does with such mail.
    const stranger = await runCli([
      'explain',
      mail('1.e4 Sc6', 'Black <black@new.example>'),
      '--config',
      config,
    ]);
    expect(stranger.err).toContain('black@new.example is not a player in');
    expect(stranger.err).toContain('the sender and the TD are told (P-5c)');
    // P-2d: with the sender check on, the same accepted move unsigned is not played.
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('path: ./in }', 'path: ./in, authentication: dkim }'),
    );
    const unsigned = await runCli(['explain', mail('1.e4 Sc6'), '--config', config]);
    expect(unsigned.out).toContain(
      'Sender:   NOT VERIFIED — unsigned: no DKIM-Signature header (P-2d)',
    );
    expect(unsigned.out).toContain('nothing is played and no penalty given');
    expect(unsigned.out).not.toContain('ACCEPTED');

    // P-7d: a TD's mail is read for rulings; what each would do, against the stored game.
    const td = await runCli([
      'explain',
      mail('pause --note "club closed"\nresume', 'TD <td@club.example>'),
      '--config',
      config,
    ]);
    expect(td.out).toContain('From:     TD <td@club.example>, the TD');
    expect(td.out).toContain('Sender:   NOT VERIFIED — unsigned');
    expect(td.out).toContain('not signed, so none is applied and the TD is told');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('path: ./in, authentication: dkim }', 'path: ./in }'),
    );
    const trusted = await runCli([
      'explain',
      mail('pause --note "club closed"\nresume', 'TD <td@club.example>'),
      '--config',
      config,
    ]);
    expect(trusted.out).toContain('Rulings (against CLUB/1):');
    expect(trusted.out).toMatch(
      / {2}pause --note "club closed"\n {4}pause — club closed → white, black \[L-6\.10, P-7d\]/,
    );
    expect(trusted.out).toMatch(/ {2}resume\n {4}resume → white, black/);
    const typo = await runCli([
      'explain',
      mail('pause --sid white', 'TD <td@club.example>'),
      '--config',
      config,
    ]);
    expect(typo.out).toContain('a line does not read, so none is applied');
    expect(typo.out).toContain('    -> unknown option --sid');
    // Explaining applies nothing: the game's log is as `post` left it, one created and one move.
    const store = new Store(join(d, 'amici.sqlite'));
    expect(store.events('CLUB/1').map((e) => e.type)).toEqual(['created', 'move']);
    store.close();
  });

  it('P-2e, P-5a: a mail with moves for several games is explained as the daemon refuses it: one game per mail, nothing played; a line for the TD goes to the TD (was: ruled as a move of the subject’s game)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-explain-several-'));
    const config = join(d, 'amici.yaml');
    writeFileSync(
      config,
      `from: { address: referee@club.example }\ninbox: { kind: maildir, path: ./in }\noutbox: { kind: pickup, path: ./out }\nstore: { path: ./amici.sqlite }\nevents:\n  - name: Club\n    tag: CLUB\n    td: { name: TD, address: td@club.example }\n    timeZone: UTC\n    players:\n      - { id: w, name: White, addresses: [white@example.org] }\n      - { id: b, name: Black, addresses: [black@example.org] }\n      - { id: g, name: Grey, addresses: [grey@example.org] }\n    games:\n      - { id: '1', white: w, black: b, startsOn: 2026-11-01 }\n      - { id: '2', white: w, black: g, startsOn: 2026-11-01 }\n`,
    );
    const several = mail(
      '1.e4\n\nGame: CLUB/2\n1.d4\n\nTD: I am away in March.',
      'White <white@example.org>',
      '[CLUB/1] my moves',
    );
    const r = await runCli(['explain', several, '--config', config]);
    expect(r.err).toBe('');
    expect(r.out).toContain(
      'Ruling:   moves for several games ([CLUB/1] White – Black, [CLUB/2] White – Grey): one game per mail — nothing is played in any of them and no penalty given; the player is asked to send each game’s move in its own mail [P-2e, P-5a]; the words for the TD go to the TD with the whole mail, and the player is told so [P-5d]',
    );
    expect(r.out).not.toContain('ACCEPTED');
    const json = JSON.parse((await runCli(['explain', several, '--config', config, '--json'])).out);
    expect(json.severalGames).toEqual(['[CLUB/1] White – Black', '[CLUB/2] White – Grey']);
    expect(json.ruling).toBeUndefined();
  });

  it('P-2f..h: against the installation a slash date is read as the daemon reads it, from the day the move answered was delivered', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-explain-since-'));
    const config = join(d, 'amici.yaml');
    writeFileSync(
      config,
      `from: { address: referee@club.example }\ninbox: { kind: maildir, path: ./in }\noutbox: { kind: pickup, path: ./out }\nstore: { path: ./amici.sqlite }\nevents:\n  - name: Club\n    tag: CLUB\n    td: { name: TD, address: td@club.example }\n    timeZone: UTC\n    players:\n      - { id: w, name: White, addresses: [white@example.org] }\n      - { id: b, name: Black, addresses: [black@example.org] }\n    games:\n      - { id: '1', white: w, black: b, startsOn: 2026-11-01 }\n`,
    );
    // A game by email takes a card only with --force (P-2m): without it nothing was recorded.
    const posted = await runCli([
      'post',
      'CLUB/1',
      '--as',
      'white',
      '--moves',
      '1.e4',
      '--postmark',
      '2026-11-02',
      '--received',
      '2026-11-03',
      '--force',
      '--config',
      config,
    ]);
    expect(posted.code, posted.err).toBe(0);
    // 1.e4 reached Black on 3 November; the mail of 20 November says "11/04/2026".
    const r = await runCli([
      'explain',
      mail('1.e4 e5\r\nReceived 11/04/2026, sent 11/20/2026'),
      '--config',
      config,
    ]);
    // Was: 11 April, months before the move was sent; the daemon reads 4 November.
    expect(r.out).toContain('Dates:    received 2026-11-04, sent 2026-11-20');
    // A PGN has no dates of delivery: there the date is read as written, day first.
    const pgnOnly = await runCli([
      'explain',
      mail('1.e4 e5\r\nReceived 11/04/2026'),
      '--game',
      pgn,
      '--as',
      'black',
    ]);
    expect(pgnOnly.out).toContain('Dates:    received 2026-04-11');
  });

  it('P-2f..h: a mail already played is explained as the daemon read it, though its sender is no longer to move', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-explain-played-'));
    const config = join(d, 'amici.yaml');
    writeFileSync(
      config,
      `from: { address: referee@club.example }\ninbox: { kind: maildir, path: ./in }\noutbox: { kind: pickup, path: ./out }\nstore: { path: ./amici.sqlite }\nevents:\n  - name: Club\n    tag: CLUB\n    td: { name: TD, address: td@club.example }\n    timeZone: UTC\n    players:\n      - { id: w, name: White, addresses: [white@example.org] }\n      - { id: b, name: Black, addresses: [black@example.org] }\n    games:\n      - { id: '1', white: w, black: b, startsOn: 2026-11-01 }\n`,
    );
    const post = (side: string, moves: string, postmark: string, received: string) =>
      runCli([
        'post',
        'CLUB/1',
        '--as',
        side,
        '--moves',
        moves,
        '--postmark',
        postmark,
        '--received',
        received,
        '--force',
        '--config',
        config,
      ]);
    // 1.e4 reached Black on 3 November; Black's answer, dated month first, reached White on
    // 22 November and was recorded with the received date 4 November.
    expect((await post('white', '1.e4', '2026-11-02', '2026-11-03')).code).toBe(0);
    const line = '1.e4 e5\nReceived 11/04/2026, sent 11/20/2026';
    const played = await post('black', line, '2026-11-20', '2026-11-22');
    expect(played.code, played.err).toBe(0);
    const store = new Store(join(d, 'amici.sqlite'));
    expect(
      store.events('CLUB/1').find((e) => e.type === 'move' && e.side === 'black'),
    ).toMatchObject({ statedReceivedOn: '2026-11-04' });
    store.close();
    // The TD asks what amici read from that mail: White is to move now.
    const r = await runCli(['explain', mail(line.replace('\n', '\r\n')), '--config', config]);
    // Was: 11 April, read from the day Black's own move reached White (22 November).
    expect(r.out).toContain('Dates:    received 2026-11-04, sent 2026-11-20');
  });
});
