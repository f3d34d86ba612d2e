import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../../src/cli/demo.ts';
import { amiciCommand } from '../../src/cli/io.ts';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

/**
 * `amici post` of one card of DEMO/1 in the config `file`. Both players of the demo play by
 * email, so a card is entered only with --force (P-2m).
 */
const postCard = (file: string, as: string, text: string, postmark: string, received: string) =>
  runCli([
    'post',
    'DEMO/1',
    '--as',
    as,
    '--moves',
    text,
    '--postmark',
    postmark,
    '--received',
    received,
    '--force',
    '--config',
    file,
  ]);

describe('amici demo and the commands around an installation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-cli-'));
  const config = join(dir, 'amici.yaml');

  it('demo: a game by email end to end on the embedded default, mate, the PGN to the TD', async () => {
    const r = await runCli(['demo', '--dir', dir]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Jan Kowalski → amici:  1.e4');
    expect(r.out).toMatch(/Subject: \[DEMO\/1\] .*5254/); // Petr reads numeric
    expect(r.out).toContain('P-4d'); // the forgotten repetition is returned
    expect(r.out).toContain('Result: 1-0 (checkmate, rule L-5.1.1)');
    const outbox = readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.eml'));
    const toTd = outbox
      .map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'))
      .filter((m) => /^To: .*td@demo\.example/m.test(m));
    const result = toTd.find((m) => m.includes('DEMO-1.pgn'));
    expect(result).toBeDefined();
    // L-12: the TD's result notice carries the table with this game counted.
    const { text } = await simpleParser(result!);
    expect(text).toMatch(/^1\s+Jan Kowalski\s+1\s+1\s+1\s+0\s+0\s+0$/m);
    expect(text).toMatch(/^2\s+Petr Novák\s+0\s+1\s+0\s+0\s+1\s+0$/m);
    // Every mail received is archived and filed; nothing is left in the inbox.
    expect(readdirSync(join(dir, 'inbox', 'new'))).toEqual([]);
    expect(readdirSync(join(dir, 'inbox', '.amici.rejected', 'cur'))).toHaveLength(1);
  });
  it('games, show, pgn', async () => {
    expect((await runCli(['games', '--config', config])).out).toMatch(
      /DEMO\/1\s+Jan Kowalski\s+Petr Novák\s+7 .* 1-0/,
    );
    // A game mistyped: the example named is one of this installation's.
    const typo = await runCli(['show', 'demo/1', '--config', config]);
    expect(typo.err).toContain('no game "demo/1"; `amici games` lists them (e.g. DEMO/1)');
    const show = await runCli(['show', 'DEMO/1', '--config', config, '--json']);
    const data = JSON.parse(show.out);
    expect(data.history).toHaveLength(7);
    // The TD reads each move as it was played, in SAN and ICCF numeric, with its dates.
    expect(data.history[6]).toMatchObject({ number: '4.', san: 'Qxf7#', numeric: '8567' });
    expect((await runCli(['show', 'DEMO/1', '--config', config])).out).toMatch(
      /^ {4}7 {2}4\.Qxf7# +8567 +\d{4}-\d\d-\d\d {2}\d{4}-\d\d-\d\d$/m,
    );
    expect(data.penalties).toMatchObject([{ side: 'black', days: 5, rule: 'P-6g' }]);
    expect(data.clocks[1].rows.at(-1).totalDays).toBe(11);
    const pgn = await runCli(['pgn', 'DEMO/1', '--config', config]);
    expect(pgn.out).toContain('[Mode "EM"]');
    expect(pgn.out).toContain('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0');
    // How it ended, in PGN's own words, for the federation's database.
    expect(pgn.out).toContain('[Termination "normal"]');
    expect((await runCli(['show', 'NOPE/9', '--config', config])).code).toBe(1);
  });
  it('P-5a: export writes every mail received and every game log', async () => {
    const out = join(dir, 'export');
    const r = await runCli(['export', '--config', config, '--out', out]);
    expect(r.out).toContain('exported 8 mails and 1 games');
    expect(readdirSync(join(out, 'mail')).filter((f) => f.endsWith('.eml'))).toHaveLength(8);
    expect(existsSync(join(out, 'games', 'DEMO_1.pgn'))).toBe(true);
  });
  it('P-5a, P-5d: inbox lists every mail received, what it played or why it was rejected; show prints one as received', async () => {
    const all = await runCli(['inbox', '--config', config]);
    expect(all.code).toBe(0);
    const rows = all.out.split('\n').filter((l) => /^\s+\d+\s+2026-/.test(l));
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatch(
      /^\s+8\s+2026-11-\d\d \d\d:\d\d\s+done\s+DEMO\/1\s+jan@demo\.example\s+played 4\.Qxf7#; .*game ends 1-0 \(checkmate\)$/,
    );
    // The move each mail played, in SAN, so a TD finds "the mail with 2...Nc6" at a glance.
    expect(rows.map((r) => /played ([^\s;]+)/.exec(r)?.[1])).toEqual([
      '4.Qxf7#',
      '3...Nf6',
      '3.Qh5',
      '2...Nc6',
      undefined,
      '2.Bc4',
      '1...e5',
      '1.e4',
    ]);
    const rejected = await runCli(['inbox', '--status', 'rejected', '--json', '--config', config]);
    const data = JSON.parse(rejected.out);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      sender: 'petr@demo.example',
      gameKey: 'DEMO/1',
      status: 'rejected',
    });
    expect(data[0].note).toMatch(
      /^rejected: the repetition of the opponent's last move is missing: write 2\.\S+ first \[P-2e.*\]; penalty 5 days$/,
    );
    const petr = JSON.parse(
      (await runCli(['inbox', '--from', 'PETR@demo.example', '--json', '--config', config])).out,
    );
    expect(petr.map((m: { id: number }) => m.id)).toEqual([7, 5, 4, 2]);
    const shown = await runCli(['inbox', 'show', String(data[0].id), '--config', config]);
    expect(shown.out).toMatch(/^From: Petr Novák <petr@demo\.example>/m);
    expect((await runCli(['inbox', 'show', '999', '--config', config])).code).toBe(1);
    expect((await runCli(['inbox', '--status', 'lost', '--config', config])).code).toBe(2);
  });
  it('backup: a consistent, checked copy of the state that amici can run on', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'amici-backup-')), 'copy.sqlite');
    const r = await runCli(['backup', target, '--config', config]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/backed up 1 games and 8 mails received to .*integrity checked/);
    expect((await runCli(['backup', target, '--config', config])).code).toBe(1);
    // Restoring is pointing the store at the copy: the game reads the same.
    const restored = join(dirname(target), 'amici.yaml');
    writeFileSync(
      restored,
      readFileSync(config, 'utf8').replace(/store: \{ path: [^}]+\}/, `store: { path: ${target} }`),
    );
    expect(readFileSync(restored, 'utf8')).toContain(`store: { path: ${target} }`);
    const show = async (file: string) =>
      JSON.parse((await runCli(['show', 'DEMO/1', '--json', '--config', file])).out);
    expect(await show(restored)).toEqual(await show(config));
  });
  it('the hints after init and demo name a command that works where the TD is', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const bin = join(root, 'bin', 'amici.js');
    // Inside the amici folder, npx finds it.
    expect(amiciCommand(root, '')).toBe('npx amici');
    expect(amiciCommand(join(root, 'config'), '')).toBe('npx amici');
    // In a TD's own folder: the whole path, or `amici` when the PATH has this one.
    const elsewhere = mkdtempSync(join(tmpdir(), 'amici-hint-'));
    expect(amiciCommand(elsewhere, '')).toBe(`node ${bin}`);
    const onPath = mkdtempSync(join(tmpdir(), 'amici-path-'));
    symlinkSync(bin, join(onPath, 'amici'));
    expect(amiciCommand(elsewhere, `/nonexistent${delimiter}${onPath}`)).toBe('amici');
  });
  it('init, then run: a fresh install starts (the state folder is made on the way)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-fresh-'));
    const file = join(d, 'amici.yaml');
    expect((await runCli(['init', '--config', file])).code).toBe(0);
    const r = await runCli(['run', '--once', '--config', file]);
    expect(r.code, r.err).toBe(0);
  });

  it('check-config lists the games the pairings make: game, White, Black, with the first day', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-pairings-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(
      file,
      `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Club Championship 2027
    tag: CC27
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: ann, name: Ann Archer, addresses: [ann@club.example] }
      - { id: bob, name: Bob Baker, addresses: [bob@club.example] }
      - { id: cid, name: Cid Cooper, addresses: [cid@club.example] }
    pairings: { system: round-robin, startsOn: 2027-01-04 }
`,
    );
    const check = await runCli(['check-config', '--config', file]);
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain(
      'the pairings make these games (round-robin; White first, from 2027-01-04):',
    );
    const games = JSON.parse((await runCli(['games', '--json', '--config', file])).out) as {
      game: string;
      white: string;
      black: string;
    }[];
    // The lines say what amici then creates.
    expect(games).toHaveLength(3);
    for (const g of games)
      expect(check.out).toMatch(new RegExp(`^ +${g.game} +${g.white} +– ${g.black}$`, 'm'));
  });

  it('P-13c: check-config shows the chairman of the ICCF Appeals Commission the starter’s appealsTo names', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-init-'));
    const file = join(d, 'amici.yaml');
    expect((await runCli(['init', '--config', file])).code).toBe(0);
    const starter = readFileSync(file, 'utf8');
    expect(starter).toContain('# appealsTo: {');
    expect((await runCli(['check-config', '--config', file])).out).not.toContain('appeals (P-13c)');
    writeFileSync(file, starter.replace('# appealsTo: {', 'appealsTo: {'));
    const check = await runCli(['check-config', '--config', file]);
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain(
      'appeals (P-13c) go to the chairman of the ICCF Appeals Commission, Jan Kowalski <appeals@iccf.example>: named in every decision’s mail, copied on each appeal mailed to amici',
    );
    const json = JSON.parse((await runCli(['check-config', '--json', '--config', file])).out);
    expect(json.events[0].appealsTo).toEqual({
      name: 'Jan Kowalski',
      address: 'appeals@iccf.example',
    });
  });

  it('init writes a valid starter config; check-config explains it and names errors by path', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-init-'));
    const file = join(d, 'amici.yaml');
    expect((await runCli(['init', '--config', file])).code).toBe(0);
    expect((await runCli(['init', '--config', file])).code).toBe(1);
    const check = await runCli(['check-config', '--config', file]);
    expect(check.out).toContain('valid');
    expect(check.out).toContain('event CCC26');
    expect(check.out).toContain('senders: the From address is trusted as written');
    // The starter's games start today, so nothing to warn of; a date already past is flagged
    // while amici has not started the game (White's clock would count from it, P-6d).
    expect(check.out).not.toContain('warning');
    const starter = readFileSync(file, 'utf8');
    writeFileSync(file, starter.replace(/startsOn: [\d-]+/g, 'startsOn: 2026-01-05'));
    expect((await runCli(['check-config', '--config', file])).out).toMatch(
      /warning: 3 games not started yet with a start date already past: CCC26\/1 \(2026-01-05, \d+ days ago\)/,
    );
    writeFileSync(file, starter);
    // The TD turns the sender check on and excepts the player whose provider signs nothing.
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text
        .replace('  authentication: none\n', '  authentication: dkim\n')
        .replace('# authentication: none', 'authentication: none'),
    );
    expect((await runCli(['check-config', '--config', file])).out).toContain(
      'senders: a DKIM signature of the player’s domain is required (P-2d); except 1 player: CCC26/schmidt',
    );
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('td@chessclub.example', 'not-an-address'),
    );
    const bad = await runCli(['check-config', '--config', file]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('events[0].td.address: expected an email address');
    // Valid, the JSON says so and carries the warnings a person would read.
    writeFileSync(file, starter.replace(/startsOn: [\d-]+/g, 'startsOn: 2026-01-05'));
    const fine = JSON.parse((await runCli(['check-config', '--json', '--config', file])).out);
    expect(fine).toMatchObject({
      valid: true,
      warnings: [expect.stringMatching(/^3 games not started yet/)],
    });
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('td@chessclub.example', 'not-an-address'),
    );
    // A script asking for JSON gets JSON, errors included, not the text meant for a person.
    const json = await runCli(['check-config', '--json', '--config', file]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({
      valid: false,
      errors: [expect.stringContaining('events[0].td.address: expected an email address')],
    });
  });
  it('P-2m: check-config warns of a player by post with no postalAddress, naming the player and the key to add', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-init-'));
    const file = join(d, 'amici.yaml');
    expect((await runCli(['init', '--config', file])).code).toBe(0);
    const starter = readFileSync(file, 'utf8');
    // Eva Schmidt plays by post, and the TD has not given her postal address.
    writeFileSync(file, starter.replace('# post: true', 'post: true'));
    const check = await runCli(['check-config', '--config', file]);
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain(
      'warning: player schmidt (Eva Schmidt) of event CCC26 plays by post (post: true) and has no postalAddress: amici\'s every mail to them goes to the TD to print and post with no address to post it to (P-2m). Add postalAddress: "street, town, country" to events[0].players[2] (player schmidt).',
    );
    expect(
      JSON.parse((await runCli(['check-config', '--json', '--config', file])).out).warnings,
    ).toEqual([
      expect.stringMatching(/^player schmidt \(Eva Schmidt\) of event CCC26 plays by post/),
    ]);
    // A game of the event set to postal: both its players play by post in it.
    writeFileSync(
      file,
      starter.replace(
        '{ id: "1", white: kowalski, black: novak, startsOn:',
        '{ id: "1", mode: postal, white: kowalski, black: novak, startsOn:',
      ),
    );
    const game = (await runCli(['check-config', '--config', file])).out;
    expect(game).toContain(
      'player kowalski (Jan Kowalski) of event CCC26 plays by post (mode: postal on game 1)',
    );
    expect(game).toContain(
      'player novak (Petr Novák) of event CCC26 plays by post (mode: postal on game 1)',
    );
    expect(game).not.toContain('player schmidt');
    // With her address given, nothing to warn of.
    writeFileSync(
      file,
      starter.replace('# post: true', 'post: true').replace('# postalAddress:', 'postalAddress:'),
    );
    expect((await runCli(['check-config', '--config', file])).out).not.toContain('warning');
  });
  it('check-config says how amici logs in to each mail server, never the secret', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-init-'));
    const file = join(d, 'amici.yaml');
    expect((await runCli(['init', '--config', file])).code).toBe(0);
    const text = readFileSync(file, 'utf8')
      .replace(
        /^inbox:\n(?: {2}.*\n)+/m,
        'inbox: { kind: imap, host: outlook.office365.com, user: td@club.example, tokenCommand: [oama, access, td@club.example] }\n',
      )
      .replace(
        /^outbox:\n(?: {2}.*\n)+/m,
        'outbox: { kind: smtp, host: smtp.club.example, user: td@club.example, passwordEnv: AMICI_TEST_UNSET_PW }\n',
      );
    writeFileSync(file, text);
    const check = await runCli(['check-config', '--config', file]);
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain(
      'inbox:  imap td@club.example@outlook.office365.com:993/INBOX (OAuth2 token from: oama access td@club.example)',
    );
    expect(check.out).toContain(
      'outbox: smtp smtp.club.example:587 as td@club.example (password from $AMICI_TEST_UNSET_PW — NOT SET)',
    );
  });
  it('P-10: after the event’s end, games and show say the game is in adjudication, its clocks as of the end', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-ended-'));
    const file = join(d, 'amici.yaml');
    // The demo event, ended on 10 November 2026: White's clock ran from the 2nd to the 10th.
    writeFileSync(
      file,
      DEMO_CONFIG.replace(
        '    timeZone: Europe/Warsaw\n',
        '    timeZone: Europe/Warsaw\n    endDate: 2026-11-10\n',
      ),
    );
    expect(readFileSync(file, 'utf8')).toContain('endDate: 2026-11-10');
    const games = await runCli(['games', '--config', file]);
    expect(games.out).toMatch(
      /DEMO\/1 .* 22 {2}adjudication since 2026-11-11, clocks as of 2026-11-10\n/,
    );
    const show = await runCli(['show', 'DEMO/1', '--config', file]);
    expect(show.out).toContain(
      'White was to move when the event ended on 2026-11-10: in adjudication since 2026-11-11 (P-10), analyses due by 2026-12-10',
    );
    expect(show.out).toContain(
      "Clocks (days; P-2k), stopped at the event's end on 2026-11-10 (P-10):\n  white  used 0, left - to move -, at the end 8 on this move, 22 left to move 10\n",
    );
    expect(
      JSON.parse((await runCli(['show', 'DEMO/1', '--json', '--config', file])).out),
    ).toMatchObject({
      daysLeft: 22,
      stopped: 'adjudication since 2026-11-11, clocks as of 2026-11-10',
    });
  });
  it('P-10, L-6.10: the end moved later after the adjudication: check-config names the game, run resumes it once, show lists the days stopped', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-resumed-'));
    const file = join(d, 'amici.yaml');
    const withEnd = (end: string) =>
      DEMO_CONFIG.replace(
        '    timeZone: Europe/Warsaw\n',
        `    timeZone: Europe/Warsaw\n    endDate: ${end}\n`,
      );
    writeFileSync(file, withEnd('2026-11-10'));
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    const mails = () => readdirSync(join(d, 'outbox')).filter((f) => f.endsWith('.eml'));
    writeFileSync(file, withEnd('2099-12-31'));
    const check = await runCli(['check-config', '--config', file]);
    expect(check.out).toContain(
      "warning: DEMO/1 is in adjudication since the event's end on 2026-11-10; the config now ends the event on 2099-12-31, so play in it resumes at the next sweep (P-10)",
    );
    const resumed = () =>
      mails().filter((m) =>
        readFileSync(join(d, 'outbox', m), 'utf8').includes('X-Amici-Kind: play-resumed'),
      );
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    expect(resumed()).toHaveLength(2);
    // (No move was ever played: the start, not announced during the adjudication, follows.)
    const sent = mails().length;
    // Read again: nothing more, no warning.
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    expect(mails()).toHaveLength(sent);
    expect((await runCli(['check-config', '--config', file])).out).not.toContain('warning');
    const show = await runCli(['show', 'DEMO/1', '--config', file]);
    expect(show.out).toMatch(
      /Play stopped at the event's end \(P-10\), its days not counted:\n {2}2026-11-11\.\.\d{4}-\d\d-\d\d resumed \d{4}-\d\d-\d\d, the end of 2026-11-10 moved to 2099-12-31\n/,
    );
    expect(show.out).toContain('White to move.');
  });
  it('post and td: a postal move with its dates, then a TD pause (L-6.10)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-post-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    const post = await runCli([
      'post',
      'DEMO/1',
      '--as',
      'white',
      '--moves',
      '1.e4',
      '--postmark',
      '2026-11-03',
      '--received',
      '2026-11-06',
      '--force',
      '--config',
      file,
    ]);
    expect(post.code).toBe(0);
    expect(post.out).toContain('move-relayed → black');
    // A card's relay by mail is no delivery: the card's received date dates the move, however
    // late the mail goes out (P-6d).
    const store = new Store(join(d, 'amici.sqlite'));
    const relays = store.dueOutbox('9999-12-31T00:00:00Z').filter((r) => r.kind === 'move-relayed');
    expect(relays.map((r) => r.relayOf)).toEqual([null]);
    // The card itself is kept in the inbox as a mail is (P-5a), the move it made tied to it.
    const cards = store.inboundLog();
    expect(cards).toEqual([
      expect.objectContaining({
        status: 'done',
        note: 'postal card entered by the TD: played 1.e4; dates recorded (P-2i)',
        subject: 'postal card, postmark 2026-11-03, received 2026-11-06',
      }),
    ]);
    expect(store.inboundRaw(cards[0]!.id)?.toString()).toContain('1.e4');
    store.close();
    // The same card entered again: recorded once, nobody told anything.
    const again = await runCli([
      'post',
      'DEMO/1',
      '--as',
      'white',
      '--moves',
      '1.e4',
      '--postmark',
      '2026-11-03',
      '--received',
      '2026-11-06',
      '--force',
      '--config',
      file,
    ]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      'this card is already recorded: half-move 1, 1.e4 by White (Jan Kowalski), sent 2026-11-03, received 2026-11-06',
    );
    const card = ['post', 'DEMO/1', '--as', 'black', '--moves', '1...5755', '--postmark'];
    const dates = ['2026-11-08', '--received', '2026-11-10', '--force', '--config', file];
    const bad = await runCli([...card, ...dates]);
    expect(bad.code).toBe(1);
    // The TD reads what the player would be told: what is missing and what to write first —
    // and nothing is recorded until the TD confirms the card says so (a typing slip costs
    // the player no penalty, P-6g).
    const rejected =
      "REJECTED — the repetition of the opponent's last move is missing: write 1.5254 first [P-2e, P-4d, P-6g]; penalty 5 days";
    expect(bad.err).toContain(rejected);
    expect(bad.err).toContain('Nothing recorded');
    expect(
      JSON.parse((await runCli(['show', 'DEMO/1', '--config', file, '--json'])).out).penalties,
    ).toEqual([]);
    const confirmed = await runCli([...card, ...dates, '--yes']);
    expect(confirmed.code).toBe(1);
    expect(confirmed.out).toContain(rejected);
    // P-2j, P-6d: a card received before its postmark, or received after today, is a typing
    // slip: refused with both dates named, nothing recorded.
    const post2 = (postmark: string, received: string) =>
      postCard(file, 'black', '1...5254 5755', postmark, received);
    // A date in another form is named, not dropped (nor read as "not stated", P-2i).
    for (const extra of [
      ['--stated-received', '24.11.2026'],
      ['--postmark', '20.11.2026'],
    ]) {
      const r = await runCli([...card, ...dates, ...extra]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${extra[0]} ${extra[1]} is not a date as YYYY-MM-DD`);
    }
    const early = await post2('2026-11-10', '2026-11-08');
    expect(early.code).toBe(2);
    expect(early.err).toContain('received on 2026-11-08, before its postmark 2026-11-10');
    // A reply postmarked before the card it answers reached its sender (06.11) would take 0 days.
    const beforeDelivery = await post2('2026-11-05', '2026-11-09');
    expect(beforeDelivery.code).toBe(2);
    expect(beforeDelivery.err).toContain(
      'postmarked 2026-11-05, before the move it answers reached its sender (2026-11-06)',
    );
    const future = await post2('2099-01-01', '2099-01-03');
    expect(future.code).toBe(2);
    expect(future.err).toMatch(/received date 2099-01-03 is after today \(\d{4}-\d\d-\d\d/);
    expect(
      JSON.parse((await runCli(['show', 'DEMO/1', '--config', file, '--json'])).out).history,
    ).toHaveLength(1);
    expect((await runCli(['td', 'DEMO/1', 'pause', '--config', file])).out).toContain(
      'pause → white, black [L-6.10',
    );
    const shown = JSON.parse((await runCli(['show', 'DEMO/1', '--config', file, '--json'])).out);
    expect(shown.history[0]).toMatchObject({ sentOn: '2026-11-03', deliveredOn: '2026-11-06' });
    // The stop shows in `show`, still open.
    expect(shown.pauses).toEqual([{ from: expect.any(String), to: null }]);
    expect((await runCli(['show', 'DEMO/1', '--config', file])).out).toMatch(
      /Clocks stopped by the TD \(L-6\.10\):\n {2}\d{4}-\d\d-\d\d\.\.\(still stopped\)/,
    );
    // ... and in the list of games, where a TD looks first.
    expect((await runCli(['games', '--config', file])).out).toMatch(
      /DEMO\/1 .* paused since \d{4}-\d\d-\d\d\n/,
    );
    expect((await runCli(['td', 'DEMO/1', 'penalise', '--config', file])).code).toBe(2);
    // Resumed, then Black (to move) on leave granted by the TD from yesterday: the list says so.
    expect((await runCli(['td', 'DEMO/1', 'resume', '--config', file])).code).toBe(0);
    // Resumed the day it stopped: no day was taken off the clocks, and show says so (L-6.10).
    expect((await runCli(['show', 'DEMO/1', '--config', file])).out).toMatch(
      /Clocks stopped by the TD \(L-6\.10\):\n {2}\d{4}-\d\d-\d\d: resumed the same day, no day stopped/,
    );
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const granted = await runCli([
      'td',
      'DEMO/1',
      'grant-leave',
      '--side',
      'black',
      '--from',
      day(-1),
      '--to',
      day(5),
      '--config',
      file,
    ]);
    expect(granted.code, granted.err).toBe(0);
    expect((await runCli(['games', '--config', file])).out).toContain(
      `black on leave to ${day(5)}`,
    );
    // P-8b, P-8c: leave asked late that the TD does not grant is refused, both players told
    // (with the appeal, P-13c); days already leave are not refused so. Before: no such ruling.
    const refuse = (side: string, from: string, to: string) =>
      runCli([
        'td',
        'DEMO/1',
        'refuse-leave',
        '--side',
        side,
        '--from',
        from,
        '--to',
        to,
        '--config',
        file,
      ]);
    const refused = await refuse('white', day(-3), day(-2));
    expect(refused.code, refused.err).toBe(0);
    expect(refused.out).toContain('1 event recorded, 2 mails queued');
    const onLeave = await refuse('black', day(0), day(1));
    expect(onLeave.code).toBe(1);
    expect(onLeave.err + onLeave.out).toContain(
      "is black's leave already (granted by the TD, P-8c)",
    );
  });
  it('post reads a card as a mail: a conditional line, a resignation (P-4f, L-5.1.2)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-card-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    const card = (as: string, text: string, postmark: string, received: string) =>
      postCard(file, as, text, postmark, received);
    expect((await card('white', '1.e4', '2026-11-03', '2026-11-06')).code).toBe(0);
    const black = await card(
      'black',
      '1.5254 3735 if 2.7163 then 2...4746',
      '2026-11-08',
      '2026-11-10',
    );
    expect(black.code, black.err).toBe(0);
    expect(black.out).toContain('conditional line g1f3 d7d6');
    const resigned = await card('white', 'I resign.', '2026-11-12', '2026-11-14');
    expect(resigned.out).toContain('GAME ENDS 0-1 — resignation [L-5.1.2');
    expect((await runCli(['pgn', 'DEMO/1', '--config', file])).out).toContain('[Result "0-1"]');
  });

  it('post: a card stating it was sent before it was received changes no delivery (P-2f..h)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-card-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    expect((await postCard(file, 'white', '1.e4', '2026-11-03', '2026-11-06')).code).toBe(0);
    const black = await postCard(
      file,
      'black',
      '1.5254 5755 received 10.11.2026, sent 08.11.2026',
      '2026-11-11',
      '2026-11-13',
    );
    expect(black.code, black.err).toBe(0);
    expect(black.out).not.toContain('as this card states');
    expect(black.out).toContain(
      "the card's dates contradict each other (received 2026-11-10, sent 2026-11-08): the date entered for the move it answers (2026-11-06) stands",
    );
    const shown = JSON.parse((await runCli(['show', 'DEMO/1', '--config', file, '--json'])).out);
    expect(shown.history[0]).toMatchObject({ deliveredOn: '2026-11-06' });
  });

  it('a config that would give a game under way to other players is refused by every command', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-drift-'));
    const file = join(d, 'amici.yaml');
    const original = readFileSync(config, 'utf8');
    writeFileSync(file, original);
    expect((await postCard(file, 'white', '1.e4', '2026-11-03', '2026-11-06')).code).toBe(0);
    writeFileSync(file, original.replace('white: jan, black: petr', 'white: petr, black: jan'));
    const check = await runCli(['check-config', '--config', file]);
    expect(check.code).toBe(1);
    expect(check.err).toContain(
      'DEMO/1 was created as Jan Kowalski – Petr Novák (1 half-move played); the config now makes it Petr Novák – Jan Kowalski',
    );
    const games = await runCli(['games', '--config', file]);
    expect(games.code).toBe(2);
    expect(games.err).toContain('does not fit the games in');
    // The nightly backup is made all the same, with the warning.
    const backup = await runCli(['backup', join(d, 'copy.sqlite'), '--config', file]);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.err).toContain('does not fit the games in');
    // Put back, it works again; the game as it was.
    writeFileSync(file, original);
    expect((await runCli(['games', '--config', file])).out).toMatch(/DEMO\/1 +Jan Kowalski/);
    // Looking at a draft with a game more shows it, and leaves nothing behind in the store.
    const draft = join(d, 'draft.yaml');
    writeFileSync(
      draft,
      original.replace(
        '      - { id: "1", white: jan, black: petr, startsOn: 2026-11-02 }',
        '      - { id: "1", white: jan, black: petr, startsOn: 2026-11-02 }\n      - { id: "2", white: petr, black: jan, startsOn: 2026-11-02 }',
      ),
    );
    expect((await runCli(['games', '--config', draft])).out).toContain('DEMO/2');
    expect((await runCli(['show', 'DEMO/2', '--config', draft])).code).toBe(0);
    const after = await runCli(['check-config', '--config', file]);
    expect(after.out).not.toContain('no longer in the config');
  });

  it('show: each excess with what became of its claim, and since when the player is over', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-show-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    expect((await postCard(file, 'white', '1.e4', '2026-11-03', '2026-11-06')).code).toBe(0);
    const td = (...ruling: string[]) => runCli(['td', 'DEMO/1', ...ruling, '--config', file]);
    // A ruling refused at the prompt is said there, and mailed to nobody.
    const refused = await td('resume');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Nothing recorded.');
    expect((await runCli(['outbox', '--config', file])).out).not.toContain('ruling-refused');
    expect((await td('set-clock', '--side', 'black', '--used', '31')).code).toBe(0);
    const shown = (await runCli(['show', 'DEMO/1', '--config', file])).out;
    expect(shown).toMatch(
      /black +used 0, .*\(over the limit since \d{4}-\d\d-\d\d\); excesses: time:black:10:1 not claimed yet/,
    );
    expect(shown).not.toContain('if no move');
  });

  it('P-6d: show says when the move to answer has not reached its player (its relay failed)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-show-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    // Jan's first move by mail, relayed to Petr; Petr's server returns the relay.
    mkdirSync(join(d, 'inbox', 'new'), { recursive: true });
    writeFileSync(
      join(d, 'inbox', 'new', 'm1.eml'),
      'From: Jan Kowalski <jan@demo.example>\r\nTo: referee@demo.example\r\nSubject: [DEMO/1] 1.e4\r\nMessage-ID: <m1@demo.example>\r\n\r\n1.e4\r\n',
    );
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    const before = (await runCli(['show', 'DEMO/1', '--config', file])).out;
    expect(before).toContain('Black to move.');
    expect(before).not.toContain('has not reached');
    const store = new Store(join(d, 'amici.sqlite'));
    const relay = store
      .outboxList(['sent'])
      .find((m) => m.kind === 'move-relayed' && m.recipients.includes('petr@demo.example'))!;
    store.markBounced(relay.id, undefined, new Date().toISOString());
    store.close();
    const shown = (await runCli(['show', 'DEMO/1', '--config', file])).out;
    expect(shown).toContain(
      'The relay of the last move has not reached Black: it failed or bounced',
    );
    expect(shown).toContain('until then they get no reminder or time claim (P-6d)');
  });

  it('P-13, P-7d: show gives the move in progress the days the TD set, not only the total', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-set-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    mkdirSync(join(d, 'inbox', 'new'), { recursive: true });
    expect((await postCard(file, 'white', '1.e4', '2026-11-03', '2026-11-06')).code).toBe(0);
    const td = (...ruling: string[]) => runCli(['td', 'DEMO/1', ...ruling, '--config', file]);
    // Black over the limit: the sweep claims it; the TD rejects it, with the days really used.
    expect((await td('set-clock', '--side', 'black', '--used', '31')).code).toBe(0);
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    const rejected = await td('reject-claim', 'time:black:10:1', '--used', '10');
    expect(rejected.code, rejected.err).toBe(0);
    const shown = (await runCli(['show', 'DEMO/1', '--config', file])).out;
    expect(shown).toMatch(
      /black +used 0, left - to move -, now 0 on this move since the TD set the clock to 10 used on \d{4}-\d\d-\d\d, 20 left to move 10/,
    );
  });

  it('run --once processes a waiting mail and writes the replies', async () => {
    const d = mkdtempSync(join(tmpdir(), 'amici-run-'));
    const file = join(d, 'amici.yaml');
    writeFileSync(file, readFileSync(config, 'utf8'));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(d, 'inbox', 'new'), { recursive: true });
    writeFileSync(
      join(d, 'inbox', 'new', '1.eml'),
      'From: Jan Kowalski <jan@demo.example>\r\nTo: referee@demo.example\r\nSubject: [DEMO/1] ruch\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMessage-ID: <r1@demo.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4\r\n',
    );
    // A daemon already running on this state file (this process holds its lock): refused,
    // nothing read.
    const lock = join(d, 'amici.sqlite.lock');
    writeFileSync(lock, `${process.ppid}\n`);
    const twice = await runCli(['run', '--once', '--config', file]);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain(`amici run is already running on`);
    expect(twice.err).toContain(`(process ${process.ppid}); stop it first`);
    expect(readdirSync(join(d, 'inbox', 'new'))).toEqual(['1.eml']);
    // A lock holding our own pid is from before a restart that gave us the same pid.
    writeFileSync(lock, `${process.pid}\n`);
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    // A lock left by a process that is gone is taken over, and let go at the end.
    writeFileSync(lock, '999999999\n');
    const r = await runCli(['run', '--once', '--config', file]);
    expect(r.code).toBe(0);
    expect(readdirSync(join(d, 'outbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(readdirSync(join(d, 'inbox', '.amici.done', 'cur'))).toHaveLength(1);
    expect(readdirSync(d)).not.toContain('amici.sqlite.lock');
  });
});
