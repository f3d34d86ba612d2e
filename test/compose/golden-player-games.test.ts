// Golden files of the mails about a player's games and address that belong to no one game,
// besides those of golden.test.ts: each case's mails as text and HTML, compared with
// test/fixtures/golden/<lang>/<case>.{txt,html}. `UPDATE_GOLDEN=1 npx vitest run test/compose`
// rewrites them; read them before committing.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ComposedMail } from '../../src/compose/index.ts';
import { composeUnknownAddress, composeWhichGame } from '../../src/compose/index.ts';
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

describe('golden mails: a player’s games, named together, in every template language', () => {
  for (const lang of LANGS) {
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
