// `amici pgn --event`: the whole event's PGN goes to the federation's rating officer, who
// imports it into a database as it is (L-8.5, P-12). Read back here with a real parser
// (chessops/pgn): the Seven Tag Roster first and in order, `Round` "-" (a correspondence
// section has no rounds), PGN's own Termination words, the TD's reason in a comment, names
// with quotes and backslashes intact, the result token the Result tag, lines under 80 columns.
// The TD's result mail carries the same PGN.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Game, PgnNodeData } from 'chessops/pgn';
import { parsePgn } from 'chessops/pgn';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { runCli } from '../support/cli.ts';

const CONFIG = `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Postal Cup 2026
    tag: PC26
    mode: postal
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: ann, name: 'Archer, Ann "the Arrow"', addresses: [ann@club.example] }
      - { id: bob, name: 'Baker \\ Bob', addresses: [bob@club.example] }
      - { id: cid, name: 'Cooper, Cid', addresses: [cid@club.example] }
      - { id: dan, name: 'Dyer, Dan', addresses: [dan@club.example] }
    pairings: { system: round-robin, startsOn: 2026-11-02 }
`;

/** A comment wraps across lines like any movetext; a reader takes a line break as a space. */
const oneLine = (comment: string) => comment.replace(/\s+/g, ' ');

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
/** PGN standard 9.8.1: the only Termination values a database need know. */
const TERMINATIONS = [
  'abandoned',
  'adjudication',
  'death',
  'emergency',
  'normal',
  'rules infraction',
  'time forfeit',
  'unterminated',
];

describe('amici pgn --event: what a rating officer imports without editing (L-8.5, P-12)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-pgn-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);
  const cli = async (...args: string[]) => {
    const r = await runCli([...args, '--config', config]);
    expect(r.code, r.err).toBe(0);
    return r.out;
  };
  const games = async (): Promise<{ game: string; white: string; black: string }[]> =>
    JSON.parse(await cli('games', '--json'));
  const card = (game: string, as: string, moves: string, postmark: string, received: string) =>
    cli('post', game, '--as', as, '--moves', moves, '--postmark', postmark, '--received', received);

  it('P-9a, L-6.9, P-13: every game of the event reads back with its tags, moves, reasons and results', async () => {
    const [a, b, c] = await games();
    // Game a: three moves, a draw offered with the third, then a result the TD sets with a
    // long reason that has braces in it (a brace would end a PGN comment).
    await card(a!.game, 'white', '1.e4', '2026-11-03', '2026-11-05');
    await card(a!.game, 'black', '1.e4 e5', '2026-11-06', '2026-11-08');
    await card(a!.game, 'white', '1...e5 2.Nf3 (=)', '2026-11-09', '2026-11-11');
    const reason =
      'Black resigned by telephone {confirmed by letter of 20 November} and the card with the resignation was lost in the post';
    await cli('td', a!.game, 'set-result', '1-0', '--reason', reason, '--rule', 'P-13', '--yes');
    // Game b (Cid's): annulled, Cid withdrew; game c: a double forfeit, 0-0.
    await cli('td', b!.game, 'annul', '--reason', 'Cid withdrew', '--yes');
    await cli('td', c!.game, 'set-result', '0-0', '--reason', 'both over the limit', '--yes');

    const text = await cli('pgn', '--event', 'PC26');
    const parsed = parsePgn(text);
    expect(parsed).toHaveLength(6);
    // Export format: no line of 80 columns or more, none that a reader skips as an escape.
    for (const line of text.split('\n')) {
      expect(line.length).toBeLessThan(80);
      expect(line.startsWith('%')).toBe(false);
    }
    const byPlayers = new Map<string, Game<PgnNodeData>>();
    for (const [i, game] of parsed.entries()) {
      const h = game.headers;
      // The Seven Tag Roster, first and in its order.
      expect([...h.keys()].slice(0, 7)).toEqual(ROSTER);
      expect(h.get('Event')).toBe('Postal Cup 2026');
      // Site is a place (PGN 8.1.1.2); the config names none, so "?", unknown — never a
      // program's name, which a database would file as the place the games were played.
      expect(h.get('Site')).toBe('?');
      expect(h.get('Round')).toBe('-');
      expect(h.get('Date')).toBe('2026.11.02');
      expect(h.get('EventDate')).toBe('2026.11.02');
      expect(h.get('Mode')).toBe('PM');
      expect(h.get('TimeControl')).toBe('10/2592000');
      const termination = h.get('Termination');
      if (termination !== undefined) expect(TERMINATIONS).toContain(termination);
      // The result token that ends the movetext is the Result tag.
      const block = text.split(/\n\n(?=\[Event )/)[i]!;
      expect(block.trimEnd().split(/\s/).at(-1)).toBe(h.get('Result'));
      byPlayers.set(`${h.get('White')} – ${h.get('Black')}`, game);
    }
    // Names with quotes and backslashes come back as the config has them.
    const names = new Set([...byPlayers.keys()].flatMap((k) => k.split(' – ')));
    expect(names).toEqual(
      new Set(['Archer, Ann "the Arrow"', 'Baker \\ Bob', 'Cooper, Cid', 'Dyer, Dan']),
    );

    const of = (g: { white: string; black: string }) =>
      byPlayers.get(`${g.white} – ${g.black}`) ?? byPlayers.get(`${g.black} – ${g.white}`)!;
    // Game a: the moves, the draw offer, and the TD's reason, every word of it, before 1-0.
    const ga = of(a!);
    const nodes = [...ga.moves.mainline()];
    expect(nodes.map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3']);
    expect(nodes[2]!.comments?.map(oneLine)).toEqual([
      '(=)',
      'Result 1-0 set by the TD (P-13): Black resigned by telephone (confirmed by letter of 20 November) and the card with the resignation was lost in the post',
    ]);
    expect(ga.headers.get('Result')).toBe('1-0');
    expect(ga.headers.get('Termination')).toBe('rules infraction');
    // Game b: annulled (P-9a), no result in PGN, and the comment says why.
    const gb = of(b!);
    expect(gb.headers.get('Result')).toBe('*');
    expect(gb.headers.get('Termination')).toBe('abandoned');
    expect(gb.comments?.map(oneLine)).toEqual([
      'Annulled by the TD (P-9a), not scored: Cid withdrew',
    ]);
    // Game c: PGN has no 0-0 (in movetext it reads as castling): `*`, and the comment says so,
    // and that no move was played (a forfeit, no game to rate).
    const gc = of(c!);
    expect(gc.headers.get('Result')).toBe('*');
    expect(gc.headers.get('Termination')).toBe('time forfeit');
    expect(gc.comments?.map(oneLine)).toEqual([
      'Forfeit: no move was played. Double forfeit 0-0, both players lose (L-6.9, L-12), set by the TD: both over the limit',
    ]);
    // The games still in play: `*`, no Termination, no comment.
    const playing = parsed.filter((g) => ![ga, gb, gc].includes(g));
    expect(playing).toHaveLength(3);
    for (const g of playing) {
      expect(g.headers.get('Result')).toBe('*');
      expect(g.headers.has('Termination')).toBe(false);
      expect(g.comments ?? []).toEqual([]);
    }

    // The TD's result mail carries the very same PGN as `amici pgn` prints.
    const store = new Store(join(dir, 'amici.sqlite'));
    const toTd = store
      .dueOutbox('9999-12-31T00:00:00Z')
      .filter((m) => m.kind === 'game-ended' && m.recipients.includes('td@club.example'));
    store.close();
    expect(toTd.length).toBe(3);
    for (const [g, row] of [a!, b!, c!].map((g, i) => [g, toTd[i]!] as const)) {
      const mail = await simpleParser(row.raw);
      const pgn = mail.attachments.find((x) => x.filename?.endsWith('.pgn'));
      expect(pgn?.content.toString('utf8')).toBe(await cli('pgn', g.game));
    }
  });
});

const NAMES_CONFIG = `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Names Cup
    tag: NC
    site: Wrocław POL
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: jan, name: Jan Kowalski, addresses: [jan@club.example], rating: 2105, iccfId: 440123, fideId: "1100012" }
      - { id: ana, name: Ana María de la Cruz, pgnName: 'de la Cruz, Ana María', addresses: [ana@club.example], rating: 1980 }
      - { id: lvb, name: Ludwig van Beethoven, addresses: [lvb@club.example] }
      - { id: wang, name: Wang Hao, pgnName: 'Wang, Hao', addresses: [wang@club.example] }
    games:
      - { id: "1", white: jan, black: ana, startsOn: 2026-11-02 }
      - { id: "2", white: lvb, black: wang, startsOn: 2026-11-02 }
`;

describe('PGN names: White and Black as "Surname, Firstname" (PGN 8.1.1.5), as a rating officer files players', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-pgn-names-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, NAMES_CONFIG);
  const run = (...args: string[]) => runCli([...args, '--config', config]);

  it('check-config takes pgnName, shows the names it swapped, and warns of one it cannot', async () => {
    const check = await run('check-config');
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain('Jan Kowalski → Kowalski, Jan');
    expect(check.out).toContain('PGN Site "Wrocław POL"');
    // The ratings and ids the PGN will carry, for the TD to check against the rating list.
    expect(check.out).toContain(
      'PGN ratings and ids (2 of 4 players): Jan Kowalski: rating 2105 (Elo), FideId 1100012, IccfId 440123; Ana María de la Cruz: rating 1980 (Elo)',
    );
    // Given by pgnName: neither swapped nor warned of.
    expect(check.out).not.toMatch(/Wang Hao →|Ana María de la Cruz →/);
    expect(check.out).toMatch(
      /warning: NC: which words of "Ludwig van Beethoven" \(lvb\) make the surname, amici cannot tell.*pgnName: "Surname, Firstname"/,
    );
    expect(check.out).not.toMatch(/warning:.*\((jan|ana|wang)\)/);
    const json = JSON.parse((await run('check-config', '--json')).out);
    expect(json.warnings.join('\n')).toContain('"Ludwig van Beethoven" (lvb)');
  });

  it('amici pgn and the TD’s result mail name the players as pgnName says, or swapped when that is safe', async () => {
    const tags = async (game: string) => {
      const r = await run('pgn', game);
      expect(r.code, r.err).toBe(0);
      return parsePgn(r.out)[0]!.headers;
    };
    const one = await tags('NC/1');
    expect([one.get('White'), one.get('Black')]).toEqual([
      'Kowalski, Jan',
      'de la Cruz, Ana María',
    ]);
    const two = await tags('NC/2');
    // Not swapped where unsure: "van Beethoven, Ludwig" or "Beethoven, Ludwig van"? As written.
    expect([two.get('White'), two.get('Black')]).toEqual(['Ludwig van Beethoven', 'Wang, Hao']);

    const end = await run(
      'td',
      'NC/1',
      'set-result',
      '1-0',
      '--reason',
      'Ana resigned by phone',
      '--yes',
    );
    expect(end.code, end.err).toBe(0);
    const store = new Store(join(dir, 'amici.sqlite'));
    const toTd = store
      .dueOutbox('9999-12-31T00:00:00Z')
      .filter((m) => m.kind === 'game-ended' && m.recipients.includes('td@club.example'));
    store.close();
    const mail = await simpleParser(toTd[0]!.raw);
    const pgn = mail.attachments
      .find((x) => x.filename?.endsWith('.pgn'))!
      .content.toString('utf8');
    expect(parsePgn(pgn)[0]!.headers.get('White')).toBe('Kowalski, Jan');
    expect(parsePgn(pgn)[0]!.headers.get('Black')).toBe('de la Cruz, Ana María');
    // The event's site, as `amici pgn` has it.
    expect(parsePgn(pgn)[0]!.headers.get('Site')).toBe('Wrocław POL');
    expect(one.get('Site')).toBe('Wrocław POL');
    // The players' ratings and ids, as the config gives them: WhiteElo/BlackElo (ICCF's PGN
    // writes the ICCF rating there), WhiteFideId, WhiteIccfId; none for what it does not give.
    const ids = (h: Map<string, string>) =>
      Object.fromEntries([...h].filter(([k]) => /Elo$|Id$/.test(k)));
    const expected = {
      WhiteElo: '2105',
      BlackElo: '1980',
      WhiteFideId: '1100012',
      WhiteIccfId: '440123',
    };
    expect(ids(one)).toEqual(expected);
    expect(ids(parsePgn(pgn)[0]!.headers)).toEqual(expected);
    expect(ids(two)).toEqual({});
    // The mail itself still greets and names the players as they write their names.
    expect(mail.text).toContain('Jan Kowalski');
  });
});

const CHARSET_CONFIG = `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Mistrzostwa Klubu – Łódź 2026
    tag: LDZ
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: petr, name: Petr Novák, addresses: [petr@club.example] }
      - { id: olek, name: Олександр Петренко, addresses: [olek@club.example] }
      - { id: anton, name: Antonín Dvořák, addresses: [anton@club.example] }
    games:
      - { id: "1", white: petr, black: olek, startsOn: 2026-11-02 }
      - { id: "2", white: anton, black: petr, startsOn: 2026-11-02 }
`;

describe('amici pgn --latin1 / --ascii: for a program that reads no UTF-8 (PGN standard 4.1)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-pgn-charset-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CHARSET_CONFIG);
  const pgn = async (...args: string[]) => {
    const r = await runCli(['pgn', '--event', 'LDZ', ...args, '--config', config]);
    expect(r.code, r.err).toBe(0);
    return r.out;
  };

  it('UTF-8 by default: the names as written', async () => {
    const text = await pgn();
    expect(text).toContain('[White "Novák, Petr"]');
    expect(text).toContain('[Black "Петренко, Олександр"]');
  });

  it('--latin1: one byte a character, what Latin-1 has kept (á), the rest in Latin letters', async () => {
    const bytes = Buffer.from(await pgn('--latin1'), 'latin1');
    // "Novák" with á as the single byte 0xE1, as Latin-1 has it; no UTF-8 sequence anywhere.
    expect(bytes.includes(Buffer.from([0x4e, 0x6f, 0x76, 0xe1, 0x6b]))).toBe(true);
    expect(bytes.includes(Buffer.from('á', 'utf8'))).toBe(false);
    const text = bytes.toString('latin1');
    const games = parsePgn(text);
    expect(games).toHaveLength(2);
    const players = games.flatMap((g) => [g.headers.get('White'), g.headers.get('Black')]);
    expect(players).toEqual([
      'Novák, Petr',
      'Petrenko, Oleksandr',
      'Dvorák, Antonín',
      'Novák, Petr',
    ]);
    expect(games[0]!.headers.get('Event')).toBe('Mistrzostwa Klubu - Lódz 2026');
  });

  it('--ascii: plain ASCII, every letter spelled without its accent', async () => {
    const bytes = Buffer.from(await pgn('--ascii'), 'latin1');
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const games = parsePgn(bytes.toString('latin1'));
    expect(games.flatMap((g) => [g.headers.get('White'), g.headers.get('Black')])).toEqual([
      'Novak, Petr',
      'Petrenko, Oleksandr',
      'Dvorak, Antonin',
      'Novak, Petr',
    ]);
  });

  it('refuses both at once', async () => {
    const r = await runCli(['pgn', '--event', 'LDZ', '--latin1', '--ascii', '--config', config]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('give --latin1 or --ascii, not both');
  });
});
