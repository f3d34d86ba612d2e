// Golden files for every template in every language (issue 4): each case's mails — one per
// recipient — as text and as HTML, compared with test/fixtures/golden/<lang>/<case>.{txt,html}.
// `UPDATE_GOLDEN=1 npx vitest run test/compose` rewrites them; read them before committing.
// Also: every mail starts with the amici marker and carries the game's subject tag.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ComposeContext, ComposedMail } from '../../src/compose/index.ts';
import { composeEffect, composeTdNotice } from '../../src/compose/index.ts';
import { AMICI_MARKER } from '../../src/mail/marker.ts';
import type { Case } from './cases.ts';
import { cases, RULES } from './cases.ts';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const LANGS = ['en', 'pl', 'cs', 'uk', 'de'] as const;

function contextFor(c: Case, lang: string): ComposeContext {
  return {
    state: c.state,
    rules: RULES,
    now: c.now,
    event: { name: 'World Championship 2026', tag: 'WCH26' },
    gameId: '7',
    players: {
      white: { name: 'Anna Nowak', lang, notation: 'san' },
      black: { name: 'Jan Novák', lang, notation: 'numeric' },
    },
    td: { name: 'Olena Petrenko', lang },
  };
}

function mailsOf(c: Case, lang: string): ComposedMail[] {
  const ctx = contextFor(c, lang);
  return [
    ...c.effects.flatMap((e) => composeEffect(e, ctx)),
    ...(c.notices ?? []).map((n) => composeTdNotice(n, ctx)),
  ];
}

const attachmentLine = (m: ComposedMail) =>
  m.attachments
    .map((a) => `${a.filename} (${a.contentType}${a.cid ? `, cid ${a.cid}` : ''})`)
    .join(', ') || '-';

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

const ALL = cases();

describe('golden mails: every effect kind in every template language', () => {
  for (const lang of LANGS) {
    for (const c of ALL) {
      it(`${lang}/${c.name}`, () => {
        const mails = mailsOf(c, lang);
        expect(mails.length).toBeGreaterThan(0);
        const head = (m: ComposedMail) =>
          `===== to: ${m.to} · lang: ${m.lang} · kind: ${m.kind} · thread: ${m.threadKey}\nSubject: ${m.subject}\nAttachments: ${attachmentLine(m)}\n`;
        golden(`${lang}/${c.name}.txt`, mails.map((m) => `${head(m)}\n${m.text}`).join('\n'));
        golden(
          `${lang}/${c.name}.html`,
          mails
            .map((m) => `<!-- ${head(m).trim().replace(/--/g, '- -')} -->\n${m.html}`)
            .join('\n'),
        );
        for (const m of mails) expect(m.lang).toBe(lang);
      });
    }
  }
});

describe('every mail carries the marker and the subject tag', () => {
  for (const lang of [...LANGS, 'fr']) {
    it(`${lang}: marker first, [WCH26/7] in the subject, one thread per recipient`, () => {
      for (const c of ALL) {
        for (const m of mailsOf(c, lang)) {
          expect(m.text.split('\n')[0]).toBe(AMICI_MARKER);
          expect(m.html).toContain(AMICI_MARKER.replace('·', '·'));
          expect(m.subject.startsWith('[WCH26/7] ')).toBe(true);
          expect(m.threadKey).toBe(`WCH26/7/${m.to}`);
          expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
          expect(m.html).not.toMatch(/undefined|\[object Object\]|NaN|\uE000/);
        }
      }
    });
  }

  it('falls back to English for a language without templates (fr)', () => {
    const c = ALL.find((x) => x.name === 'move')!;
    const mails = mailsOf(c, 'fr');
    expect(mails.every((m) => m.lang === 'en')).toBe(true);
    // SAN in the recipient's own letters even in the English text: French Cavalier = C.
    const relayed = mails.find((m) => m.kind === 'move-relayed')!;
    expect(relayed.text).toContain('9... Ca5 (3615) (=)');
  });
});

describe('what the relayed move shows (P-2e, P-2k, L-8.5)', () => {
  const c = ALL.find((x) => x.name === 'move')!;
  const mails = mailsOf(c, 'pl');
  const relayed = mails.find((m) => m.kind === 'move-relayed')!;

  it('repeats the recipient’s move and gives the new one in both notations, Polish letters', () => {
    expect(relayed.to).toBe('white');
    expect(relayed.text).toContain('9. h3 (8283)');
    expect(relayed.text).toContain('9... Sa5 (3615) (=)');
    expect(relayed.text).toContain('(przepis P-2k)');
  });

  it('inlines the board PNG by cid and attaches the PGN', () => {
    const png = relayed.attachments.find((a) => a.contentType === 'image/png')!;
    expect(png.cid).toBeDefined();
    expect(relayed.html).toContain(`src="cid:${png.cid}"`);
    const pgn = relayed.attachments.find((a) => a.filename.endsWith('.pgn'))!;
    expect(String(pgn.content)).toContain('[White "Anna Nowak"]');
    expect(String(pgn.content)).toContain('9. h3 Na5 {(=)} *');
  });

  it('escapes a note in the HTML part', () => {
    const ctx = contextFor(c, 'en');
    const [m] = composeEffect(
      { kind: 'note-relayed', to: ['white'], from: 'black', note: '<b>bold</b> & co', rules: [] },
      ctx,
    );
    expect(m!.html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; co');
    expect(m!.text).toContain('"<b>bold</b> & co"');
  });
});
