// `amici post`: postal cards as a TD enters them in a legacy postal event (P-2f..j, P-6d),
// with the slips a TD makes at the keyboard and the cards the post delivers badly.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

/** A postal event of three players: Jan and Klaus in game 1, Klaus and Petr in game 3. */
const CONFIG = `from: { name: amici referee, address: referee@post.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Postal championship
    tag: POST
    td: { name: Anna Nowak, address: td@post.example }
    timeZone: Europe/Warsaw
    timeControl: { preset: postal, moves: 10, days: 30 }
    mode: postal
    transitDays: 3
    players:
      - { id: jan, name: Jan Kowalski, addresses: [jan@post.example], language: pl, notation: san:pl }
      - { id: klaus, name: Klaus Bauer, addresses: [klaus@post.example], language: de, notation: san:de }
      - { id: petr, name: Petr Novák, addresses: [petr@post.example], language: cs, notation: numeric }
    games:
      - { id: "1", white: jan, black: klaus, startsOn: 2026-10-01 }
      - { id: "3", white: klaus, black: petr, startsOn: 2026-10-01 }
`;

function event(): string {
  const dir = mkdtempSync(join(tmpdir(), 'amici-post-'));
  const file = join(dir, 'amici.yaml');
  writeFileSync(file, CONFIG);
  return file;
}

/** `amici post GAME --as SIDE --moves TEXT` with the options given. */
const post = (file: string, game: string, as: string, moves: string, ...more: string[]) =>
  runCli(['post', game, '--as', as, '--moves', moves, ...more, '--config', file]);

const history = async (file: string, game: string) =>
  JSON.parse((await runCli(['show', game, '--json', '--config', file])).out).history as {
    sentOn: string;
    deliveredOn: string;
  }[];

/** The text of the mails queued for `address`, oldest first. */
async function mailsTo(file: string, address: string): Promise<string[]> {
  const store = new Store(join(file, '..', 'amici.sqlite'));
  try {
    const rows = store
      .dueOutbox('9999-12-31T00:00:00Z')
      .filter((r) => r.recipients.includes(address));
    return Promise.all(rows.map(async (r) => (await simpleParser(r.raw)).text ?? ''));
  } finally {
    store.close();
  }
}

describe('amici post, and the commands a TD of a postal event uses with it', () => {
  it('P-2i: a card with its postmark left out names every option missing, not only the usage', async () => {
    const file = event();
    const r = await runCli(['post', 'POST/1', '--moves', '1.e4', '--config', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'amici post: missing --as white|black, --postmark DATE (or --no-postmark, when the card has none that can be read: P-2i), --received DATE',
    );
    const one = await post(file, 'POST/1', 'white', '1.e4', '--received', '2026-10-05');
    expect(one.err).toContain('amici post: missing --postmark DATE');
    expect(await history(file, 'POST/1')).toEqual([]);
  });

  it('P-2i: a card whose postmark is missing is entered; the date it states, or the received day less the transit, is recorded and the sender told', async () => {
    const file = event();
    expect(
      (
        await post(
          file,
          'POST/1',
          'white',
          '1.e4',
          '--postmark',
          '2026-10-02',
          '--received',
          '2026-10-05',
        )
      ).code,
    ).toBe(0);
    // No postmark and no date on the card: received 2026-10-20 less 3 days of transit.
    const black = await post(
      file,
      'POST/1',
      'black',
      '1.e4 e5',
      '--no-postmark',
      '--received',
      '2026-10-20',
    );
    expect(black.code, black.err).toBe(0);
    expect(black.out).toContain('sent 2026-10-17 (P-2i, no readable postmark, not stated)');
    expect((await history(file, 'POST/1'))[1]).toMatchObject({
      sentOn: '2026-10-17',
      deliveredOn: '2026-10-20',
    });
    const told = (await mailsTo(file, 'klaus@post.example')).join('\n');
    expect(told).toContain(
      'Der Poststempel Ihrer Karte fehlt oder ist unleserlich, und die Karte nennt kein Datum Ihrer Antwort; eingetragen ist 2026-10-17, geschätzt nach dem Tag ihres Eingangs (Regel P-2i).',
    );
    // A postmark that cannot be read, on a card that states its date: that date stands.
    const white = await post(
      file,
      'POST/1',
      'white',
      '1...e5 2.Sf3\nWysłano: 2026-10-24',
      '--postmark',
      'unreadable',
      '--received',
      '2026-10-27',
    );
    expect(white.code, white.err).toBe(0);
    expect(white.out).toContain('sent 2026-10-24 (P-2i, no readable postmark, stated 2026-10-24)');
    expect((await history(file, 'POST/1'))[2]).toMatchObject({ sentOn: '2026-10-24' });
    const jan = await mailsTo(file, 'jan@post.example');
    expect(jan.join('\n')).toContain(
      'Stempel pocztowy na karcie jest nieczytelny lub go brak: podaną na karcie datę odpowiedzi, 2026-10-24, zapisano jako dzień wysłania (przepis P-2i).',
    );
  });

  it('P-4a: a card entered again after the answer to it is named as recorded — which move, when entered — and records nothing', async () => {
    const file = event();
    const white = ['--postmark', '2026-10-02', '--received', '2026-10-05'];
    expect((await post(file, 'POST/1', 'white', '1.e4', ...white)).code).toBe(0);
    const black = ['--postmark', '2026-10-08', '--received', '2026-10-11'];
    expect((await post(file, 'POST/1', 'black', '1.e4 e5', ...black)).code).toBe(0);
    const before = await mailsTo(file, 'jan@post.example');
    // White's card once more, with its own dates: not a reply postmarked before Black's move came.
    const again = await post(file, 'POST/1', 'white', '1.e4', ...white);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toBe('');
    expect(again.out).toMatch(
      /^amici post: this card is already recorded: half-move 1, 1\.e4 by White \(Jan Kowalski\), sent 2026-10-02, received 2026-10-05, entered on \d{4}-\d\d-\d\d; nothing recorded, nothing sent \(P-4a\)\n$/,
    );
    expect(await history(file, 'POST/1')).toHaveLength(2);
    expect(await mailsTo(file, 'jan@post.example')).toEqual(before);
  });

  it('P-2e, P-6g: a card put with the wrong game names the game its moves fit, and records nothing, with or without --yes', async () => {
    const file = event();
    const dates = (postmark: string, received: string) => [
      '--postmark',
      postmark,
      '--received',
      received,
    ];
    await post(file, 'POST/1', 'white', '1.e4', ...dates('2026-10-02', '2026-10-05'));
    await post(file, 'POST/1', 'black', '1.e4 e5', ...dates('2026-10-08', '2026-10-11'));
    await post(file, 'POST/3', 'white', '1.d4', ...dates('2026-10-02', '2026-10-05'));
    await post(file, 'POST/3', 'black', '1.4244 7866', ...dates('2026-10-08', '2026-10-11'));
    // Klaus's card of game 3 (1...Nf6 2.c4), taken for Jan's card of game 1.
    const card = ['1...Sf6 2.c4', ...dates('2026-10-14', '2026-10-17')];
    for (const yes of [[], ['--yes']]) {
      const r = await post(file, 'POST/1', 'white', card[0]!, ...card.slice(1), ...yes);
      expect(r.code).toBe(1);
      expect(r.err).toContain(
        'Nothing recorded: the moves are no card of Jan Kowalski (White) in POST/1, but they fit as the card of Klaus Bauer (White) in POST/3. Enter the card there (amici post POST/3 --as white, the other options as given)',
      );
      expect(r.err).not.toContain('run again with --yes');
    }
    const shown = JSON.parse((await runCli(['show', 'POST/1', '--json', '--config', file])).out);
    expect(shown.history).toHaveLength(2);
    expect(shown.penalties).toEqual([]);
    // Entered where it belongs, it is played.
    const right = await post(file, 'POST/3', 'white', card[0]!, ...card.slice(1));
    expect(right.code, right.err).toBe(0);
    expect(await history(file, 'POST/3')).toHaveLength(3);
  });

  it('P-6g, P-2k, P-6c: the letter for a card rejected with a penalty gives the clock with it, and the last day to send the move in time', async () => {
    // The letter's clock runs to the day the card is entered: the TD enters it on 18 October.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-18T10:00:00Z'));
    onTestFinished(() => void vi.useRealTimers());
    const file = event();
    const dates = (postmark: string, received: string) => [
      '--postmark',
      postmark,
      '--received',
      received,
    ];
    await post(file, 'POST/1', 'white', '1.e4', ...dates('2026-10-02', '2026-10-05'));
    await post(file, 'POST/1', 'black', '1.e4 e5', ...dates('2026-10-08', '2026-10-11'));
    // Jan repeats 1...e6 for 1...e5: a wrong repetition, 5 days' penalty (P-4b, P-6g).
    const r = await post(
      file,
      'POST/1',
      'white',
      '1...e6 2.Sf3',
      ...dates('2026-10-14', '2026-10-17'),
      '--yes',
    );
    expect(r.out).toContain('penalty 5 days');
    const letter = (await mailsTo(file, 'jan@post.example')).find((m) => m.includes('karę: 5 dni'));
    // On 18 October White has used 1 day on move 1, and on move 2, with 1...e5 received on the
    // 11th, 7 days and the 5 penalty days: 13 of 30, so 17 left, the last day 4 November.
    // The table is as of each player's last move; the penalty is in the days on this one.
    expect(letter).toContain('Zegar (przepisy P-2k, P-6c), w dniach:');
    expect(letter).toContain(
      'Białe, posunięcie 2: w tej kontroli czasu zużyto dotąd 13 dni, do posunięcia 10 zostało dni: 17. Dni kary wliczone w dni zużyte na to posunięcie: 5. Ostatni dzień na wysłanie go w terminie: 2026-11-04.',
    );
  });

  it('P-2m: a card for a game whose players both play by email is refused, naming the game and what to do, unless --force', async () => {
    const file = event();
    // The event by email, but Petr plays by post: game 3 is mixed, game 1 all by email.
    writeFileSync(
      file,
      CONFIG.replace('    mode: postal\n', '    mode: email\n').replace(
        'notation: numeric }',
        'notation: numeric, post: true }',
      ),
    );
    const r = await post(
      file,
      'POST/1',
      'white',
      '1.e4',
      '--postmark',
      '2026-10-02',
      '--received',
      '2026-10-05',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'amici post: in POST/1 both players play by email (Jan Kowalski, White, and Klaus Bauer, Black): their moves come to amici by mail, and amici reads them itself. Nothing recorded.',
    );
    expect(r.err).toContain(
      "forward it to amici's address (referee@post.example), and the answer gives the command that enters it with its date",
    );
    expect(r.err).toContain('run again with --force');
    expect(await history(file, 'POST/1')).toEqual([]);
    expect(await mailsTo(file, 'klaus@post.example')).toEqual([]);
    expect((await runCli(['inbox', '--json', '--config', file])).out.trim()).toBe('[]');
    // The TD means it: the card is entered.
    const forced = await post(
      file,
      'POST/1',
      'white',
      '1.e4',
      '--postmark',
      '2026-10-02',
      '--received',
      '2026-10-05',
      '--force',
    );
    expect(forced.code, forced.err).toBe(0);
    expect(await history(file, 'POST/1')).toMatchObject([
      { sentOn: '2026-10-02', deliveredOn: '2026-10-05' },
    ]);
  });

  it('P-2m: a card for the player by email of a mixed game is refused as in a game all by email, unless --force; the player by post’s is taken', async () => {
    const file = event();
    // The event by email, but Petr plays by post: game 3 is mixed, Klaus (White) by email.
    writeFileSync(
      file,
      CONFIG.replace('    mode: postal\n', '    mode: email\n').replace(
        'notation: numeric }',
        'notation: numeric, post: true }',
      ),
    );
    const dates = ['--postmark', '2026-10-02', '--received', '2026-10-05'];
    const r = await post(file, 'POST/3', 'white', '1.d4', ...dates);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "amici post: in POST/3 Klaus Bauer (White, --as white) plays by email, and only Petr Novák (Black) by post: Klaus Bauer's moves come to amici by mail, and amici reads them itself. Nothing recorded. A card of Petr Novák's is entered with --as black.",
    );
    expect(r.err).toContain("forward it to amici's address (referee@post.example)");
    expect(r.err).toContain(
      'If a card from Klaus Bauer really came by post, run again with --force.',
    );
    expect(await history(file, 'POST/3')).toEqual([]);
    expect(await mailsTo(file, 'petr@post.example')).toEqual([]);
    // The TD means it: Klaus's card is entered; Petr's answer, by post, needs no --force.
    expect((await post(file, 'POST/3', 'white', '1.d4', ...dates, '--force')).code).toBe(0);
    const petr = await post(
      file,
      'POST/3',
      'black',
      '1.4244 7866',
      '--postmark',
      '2026-10-07',
      '--received',
      '2026-10-10',
    );
    expect(petr.code, petr.err).toBe(0);
    expect(await history(file, 'POST/3')).toMatchObject([
      { sentOn: '2026-10-02', deliveredOn: '2026-10-05' },
      { sentOn: '2026-10-07', deliveredOn: '2026-10-10' },
    ]);
  });

  it('P-7a, P-7c: show says a time claim in words — against whom, filed when, the protest window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-20T10:00:00Z'));
    onTestFinished(() => void vi.useRealTimers());
    const file = event();
    const dates = (postmark: string, received: string) => [
      '--postmark',
      postmark,
      '--received',
      received,
    ];
    await post(file, 'POST/1', 'white', '1.e4', ...dates('2026-10-02', '2026-10-05'));
    await post(file, 'POST/1', 'black', '1.e4 e5', ...dates('2026-10-08', '2026-10-11'));
    // Jan, to move since 11 October with 29 days left, has sent nothing by 15 November: the
    // sweep files a time claim against him (P-7a).
    vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    const shown = (await runCli(['show', 'POST/1', '--config', file])).out;
    // The notice reaches the players by post 3 days after it is posted: 14 days from then.
    expect(shown).toContain(
      '  time:white:10:1: time claim against White, Jan Kowalski (filed 2026-11-15, protest by 2026-12-02)\n',
    );
    expect(shown).not.toContain('against/by');
    const ruled = await runCli([
      'td',
      'POST/1',
      'uphold-claim',
      'time:white:10:1',
      '--config',
      file,
    ]);
    expect(ruled.code, ruled.err).toBe(0);
    expect((await runCli(['show', 'POST/1', '--config', file])).out).toContain(
      '  time:white:10:1: time claim against White, Jan Kowalski (filed 2026-11-15, protest by 2026-12-02) — upheld by the TD on 2026-11-15\n',
    );
  });

  it('P-7c: a protest that came by post is entered with amici td GAME protest --received: the claim waits for the TD instead of its deadline, the player is told, the letter is kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-20T10:00:00Z'));
    onTestFinished(() => void vi.useRealTimers());
    const file = event();
    const dates = (postmark: string, received: string) => [
      '--postmark',
      postmark,
      '--received',
      received,
    ];
    await post(file, 'POST/1', 'white', '1.e4', ...dates('2026-10-02', '2026-10-05'));
    await post(file, 'POST/1', 'black', '1.e4 e5', ...dates('2026-10-08', '2026-10-11'));
    // Jan sends nothing: on 15 November a time claim is filed against him; its notice reaches
    // him by post 3 days later, so a protest may come until 2 December (P-7c).
    vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    // His letter of protest reached the TD on the 27th; the TD enters it on 4 December, after
    // the deadline (a card with the protest alone is no move: amici post points here).
    vi.setSystemTime(new Date('2026-12-04T10:00:00Z'));
    const card = await post(
      file,
      'POST/1',
      'white',
      'Protest: I posted 2.Sf3 on 10 November.',
      ...dates('2026-11-25', '2026-11-27'),
    );
    expect(card.code).toBe(2);
    expect(card.err).toContain(
      'amici td POST/1 protest --side white --received 2026-11-27 --text "…"',
    );
    const late = await runCli([
      'td',
      'POST/1',
      'protest',
      '--side',
      'white',
      '--received',
      '2026-12-03',
      '--config',
      file,
    ]);
    expect(late.code).toBe(1);
    expect(late.err).toContain(
      'the protest came on 2026-12-03, after the days for a protest of claim time:white:10:1 ended on 2026-12-02',
    );
    const r = await runCli([
      'td',
      'POST/1',
      'protest',
      '--side',
      'white',
      '--received',
      '2026-11-27',
      '--text',
      'I posted 2.Sf3 on 10 November.',
      '--config',
      file,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      'PROTEST recorded — time:white:10:1, received 2026-11-27, in time: the claim waits for your ruling',
    );
    // Jan is told, in Polish, on paper as by mail.
    expect((await mailsTo(file, 'jan@post.example')).join('\n')).toContain(
      'Protest zarejestrowany (przepis P-7c): reklamacja przekroczenia czasu (posunięcie 10, Białe), protest (Białe) otrzymany 2026-11-27',
    );
    // Klaus, the opponent, learns it too, in German and with the claim in words.
    expect((await mailsTo(file, 'klaus@post.example')).join('\n')).toContain(
      'Der Einspruch ist erfasst (Regel P-7c): Zeitreklamation (Zug 10, Weiß), Einspruch (Weiß) eingegangen am 2026-11-27',
    );
    // The sweep does not uphold it at its deadline: it waits for the TD (P-7c).
    expect((await runCli(['run', '--once', '--config', file])).code).toBe(0);
    expect((await runCli(['show', 'POST/1', '--config', file])).out).toContain(
      "  time:white:10:1: time claim against White, Jan Kowalski (filed 2026-11-15, protested 2026-11-27, waits for the TD's ruling)\n",
    );
    // The letter is kept in the inbox as a mail is (P-5a).
    const inbox = JSON.parse((await runCli(['inbox', '--json', '--config', file])).out);
    expect(inbox[0]).toMatchObject({
      gameKey: 'POST/1',
      sender: 'jan@post.example',
      note: 'letter entered by the TD: protest of time:white:10:1 (P-7c); the claim waits for the TD',
    });
    // Entered twice, it is refused: the claim is protested already.
    const again = await runCli([
      'td',
      'POST/1',
      'protest',
      '--side',
      'white',
      '--received',
      '2026-11-27',
      '--config',
      file,
    ]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('claim time:white:10:1 was already protested on 2026-11-27');
  });

  it('P-2f..h: a slash date on a card is read as the daemon reads a mail: month first when day first is before the move answered reached the player', async () => {
    const file = event();
    const white = ['--postmark', '2026-10-02', '--received', '2026-10-05'];
    expect((await post(file, 'POST/1', 'white', '1.e4', ...white)).code).toBe(0);
    // Klaus got 1.e4 on 5 October and writes the date month first, as on his American cards.
    const r = await post(
      file,
      'POST/1',
      'black',
      '1.e4 e5\nReceived 10/05/2026',
      '--postmark',
      '2026-10-08',
      '--received',
      '2026-10-11',
    );
    expect(r.code, r.err).toBe(0);
    // Was: read day first, 10 May, and Klaus told his date was wrong.
    expect(r.out).not.toContain('2026-05-10');
    expect(r.out).toContain('ACCEPTED');
    expect((await mailsTo(file, 'klaus@post.example')).join('\n')).not.toContain('2026-05-10');
  });
});
