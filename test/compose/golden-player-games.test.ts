// Golden files of the mails about a player's games and address that belong to no one game,
// besides those of golden.test.ts: each case's mails as text and HTML, compared with
// test/fixtures/golden/<lang>/<case>.{txt,html}. `UPDATE_GOLDEN=1 npx vitest run test/compose`
// rewrites them; read them before committing.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeForTd } from '../../src/compose/for-td.ts';
import type { ComposedMail } from '../../src/compose/index.ts';
import { composeUnknownAddress, composeWhichGame } from '../../src/compose/index.ts';
import type { GameStatus } from '../../src/compose/player-games.ts';
import { composeGamesStatus, composeOneGamePerMail } from '../../src/compose/player-games.ts';
import { AMICI_MARKER } from '../../src/mail/marker.ts';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const LANGS = ['en', 'pl', 'cs', 'uk', 'de'] as const;

function golden(file: string, actual: string): void {
  const path = join(GOLDEN, file);
  if (UPDATE || !existsSync(path)) {
    if (!UPDATE) throw new Error(`missing golden file ${file}: run with UPDATE_GOLDEN=1`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const head = (m: ComposedMail) =>
  `===== to: ${m.to} · lang: ${m.lang} · kind: ${m.kind} · thread: ${m.threadKey}\nSubject: ${m.subject}\nAttachments: -\n`;

function goldenMails(file: string, mails: ComposedMail[]): void {
  golden(`${file}.txt`, mails.map((m) => `${head(m)}\n${m.text}`).join('\n'));
  golden(
    `${file}.html`,
    mails.map((m) => `<!-- ${head(m).trim().replace(/--/g, '- -')} -->\n${m.html}`).join('\n'),
  );
}

const clean = (m: ComposedMail) => {
  expect(m.text.split('\n')[0]).toBe(AMICI_MARKER);
  expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN|gamesStatus\.|onePerMail\./);
  expect(m.html).not.toMatch(/undefined|\[object Object\]|NaN|\uE000/);
};

const PLAYER = { id: 'novak', name: 'Jan Novák' };
const EVENT = { name: 'World Championship 2026', tag: 'WCH26' };

/** Jan Novák's unfinished games on 2026-10-20, one of each kind the answer tells apart. */
const GAMES: GameStatus[] = [
  {
    tag: '[WCH26/7]',
    white: 'Anna Nowak',
    black: 'Jan Novák',
    side: 'black',
    opponent: 'Anna Nowak',
    toMove: 'you',
    move: 9,
    clock: { used: 12, left: 18, control: 10 },
    lastDay: '2026-11-07',
    drawOffer: 'opponent',
  },
  {
    tag: '[WCH26/12]',
    white: 'Jan Novák',
    black: 'Hanna Bondar',
    side: 'white',
    opponent: 'Hanna Bondar',
    toMove: 'opponent',
    move: 14,
    clock: { used: 25, left: 35, control: 20 },
    leave: { from: '2026-12-20', to: '2027-01-02' },
  },
  {
    tag: '[WCH26/15]',
    white: 'Olga Kim',
    black: 'Jan Novák',
    side: 'black',
    opponent: 'Olga Kim',
    toMove: 'you',
    move: 31,
    clock: { used: 33, left: -3, control: 30 },
    exceededOn: '2026-10-18',
    pausedSince: '2026-10-19',
  },
  {
    tag: '[WCH26/21]',
    white: 'Jan Novák',
    black: 'Petr Dvořák',
    side: 'white',
    opponent: 'Petr Dvořák',
    toMove: 'none',
    move: 40,
    adjudicationSince: '2026-09-30',
  },
];

describe('golden mails: a player’s games, named together, in every template language', () => {
  for (const lang of LANGS) {
    it(`${lang}/games-status (P-2k): each unfinished game, whose move, the player's clock, the last day`, () => {
      const m = composeGamesStatus({
        player: { ...PLAYER, lang },
        event: EVENT,
        td: { name: 'Olena Petrenko' },
        subject: 'Re: all my positions and clocks please',
        on: '2026-10-20',
        games: GAMES,
      });
      goldenMails(`${lang}/games-status`, [m]);
      expect(m).toMatchObject({
        lang,
        kind: 'games-status',
        threadKey: 'WCH26/games-status/novak',
      });
      expect(m.subject).toContain('2026-10-20');
      expect(m.subject).toMatch(/ — Re: all my positions and clocks please$/);
      for (const text of ['[WCH26/7]', 'Anna Nowak', '2026-11-07', '[WCH26/21]', 'P-10', 'P-8a'])
        expect(m.text).toContain(text);
      clean(m);
    });
    it(`${lang}/games-status-none: a player with no unfinished game`, () => {
      const m = composeGamesStatus({
        player: { ...PLAYER, lang },
        event: EVENT,
        td: { name: 'Olena Petrenko' },
        subject: '',
        on: '2026-10-20',
        games: [],
      });
      goldenMails(`${lang}/games-status-none`, [m]);
      expect(m.text).not.toContain('[WCH26/');
      clean(m);
    });
    it(`${lang}/one-game-per-mail (P-2e, P-5a): moves for several games, nothing played`, () => {
      const m = composeOneGamePerMail({
        player: { ...PLAYER, lang },
        event: EVENT,
        td: { name: 'Olena Petrenko' },
        subject: 'my moves',
        games: ['[WCH26/7] Anna Nowak – Jan Novák', '[WCH26/12] Jan Novák – Hanna Bondar'],
        example: '[WCH26/7]',
      });
      goldenMails(`${lang}/one-game-per-mail`, [m]);
      expect(m.text).toContain(
        '  [WCH26/7] Anna Nowak – Jan Novák\n  [WCH26/12] Jan Novák – Hanna Bondar',
      );
      for (const rule of ['P-4a', 'P-2e', 'P-5a']) expect(m.text).toContain(rule);
      clean(m);
    });
    it(`${lang}/one-game-per-mail-for-td (P-2e, P-5d): moves for several games with words for the TD: nothing played, the words to the TD, the player told both; or not proven (P-2d)`, () => {
      const games = ['[WCH26/7] Anna Nowak – Jan Novák', '[WCH26/12] Jan Novák – Hanna Bondar'];
      const answer = (sent: boolean) =>
        composeOneGamePerMail({
          player: { ...PLAYER, lang },
          event: EVENT,
          td: { name: 'Olena Petrenko' },
          subject: 'my moves',
          games,
          example: '[WCH26/7]',
          forTd: { who: 'Olena Petrenko (td@wch26.example)', sent },
        });
      const toTd = composeForTd({
        audience: 'td',
        name: 'Olena Petrenko',
        lang,
        event: EVENT,
        td: { name: 'Olena Petrenko', address: 'td@wch26.example' },
        player: { ...PLAYER, address: 'jan.novak@example.cz' },
        games: [
          { tag: '[WCH26/7]', players: 'Anna Nowak – Jan Novák' },
          { tag: '[WCH26/12]', players: 'Jan Novák – Hanna Bondar' },
        ],
        moves: true,
        several: true,
        text: 'From: Jan Novák <jan.novak@example.cz>\nSubject: my moves\n\n[WCH26/7] 9...Na5\n[WCH26/12] 14.Rd1\nTD: I am moving house in March.',
        original: {
          raw: Buffer.from('Subject: my moves\r\n\r\n[WCH26/7] 9...Na5\r\n'),
          inboundId: 42,
        },
      });
      const mails = [answer(true), toTd, answer(false)];
      goldenMails(`${lang}/one-game-per-mail-for-td`, mails);
      expect(mails[0]!.text).toContain('Olena Petrenko (td@wch26.example)');
      expect(mails[0]!.text).not.toBe(mails[2]!.text);
      for (const rule of ['P-5d', 'P-2e', 'P-5a']) expect(mails[1]!.text).toContain(rule);
      expect(mails[2]!.text).toContain('P-2d');
      for (const m of mails) {
        expect(m.text).not.toMatch(/forTd\.|onePerMail\./);
        clean(m);
      }
    });
    it(`${lang}/which-game-leave (P-8a): leave with moves of no game named is not recorded either`, () => {
      const m = composeWhichGame({
        player: { ...PLAYER, lang },
        event: EVENT,
        td: { name: 'Olena Petrenko' },
        games: [
          { eventTag: 'WCH26', gameId: '7', white: 'Anna Nowak', black: 'Jan Novák' },
          { eventTag: 'WCH26', gameId: '12', white: 'Jan Novák', black: 'Hanna Bondar' },
        ],
        subject: 'move and leave',
        leave: true,
      });
      goldenMails(`${lang}/which-game-leave`, [m]);
      expect(m.text).toContain('P-8a');
      clean(m);
    });
    it(`${lang}/unknown-address-move (P-5c): a move from an unregistered address, to send again`, () => {
      const m = composeUnknownAddress({
        address: 'jan.novak@mobile.example',
        lang,
        event: EVENT,
        td: { name: 'Olena Petrenko', address: 'td@wch26.example' },
        game: { id: '7', white: 'Anna Nowak', black: 'Jan Novák' },
        subject: 'Re: [WCH26/7] move',
        moves: true,
      });
      goldenMails(`${lang}/unknown-address-move`, [m]);
      expect(m.text).toContain('td@wch26.example');
      clean(m);
    });
  }
});
