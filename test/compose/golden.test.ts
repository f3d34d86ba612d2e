// Golden files for every template in every language (issue 4): each case's mails — one per
// recipient — as text and as HTML, compared with test/fixtures/golden/<lang>/<case>.{txt,html}.
// `UPDATE_GOLDEN=1 npx vitest run test/compose` rewrites them; read them before committing.
// Also: every mail starts with the amici marker and carries the game's subject tag. The mails
// that belong to no game have golden files of their own: the which-game reply (which-game*),
// the answer to an unregistered address (unknown-address), the TDs' inbox alert (inbox-alert),
// the TD's report on an event (td-report), the TDs' state-file alert (store-alert).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type {
  ComposeContext,
  ComposedMail,
  WhichGameEntry,
  WhichGameInput,
} from '../../src/compose/index.ts';
import {
  composeEffect,
  composeForTd,
  composeInboxAlert,
  composeMailFailed,
  composeMoveNotReceived,
  composeNoMove,
  composeRulingDone,
  composeStoreAlert,
  composeTdForwarded,
  composeTdNotice,
  composeTdReport,
  composeTdRulingUnplaced,
  composeUnauthenticated,
  composeUnknownAddress,
  composeWhichGame,
  composeWithdrawal,
} from '../../src/compose/index.ts';
import { TEMPLATES_DIR } from '../../src/compose/render.ts';
import { findCommands, protestsIn } from '../../src/mail/keywords.ts';
import { AMICI_MARKER } from '../../src/mail/marker.ts';
import type { Problem } from '../../src/referee/index.ts';
import type { Case } from './cases.ts';
import { cases, RULES } from './cases.ts';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const LANGS = ['en', 'pl', 'cs', 'uk', 'de'] as const;

function contextFor(c: Case, lang: string): ComposeContext {
  return {
    state: c.state,
    rules: c.rules ?? RULES,
    now: c.now,
    ...(c.writtenOn ? { writtenOn: c.writtenOn } : {}),
    ...(c.redelivery ? { redelivery: c.redelivery } : {}),
    ...(c.asked ? { asked: c.asked } : {}),
    ...(c.paper ? { paper: true } : {}),
    event: {
      name: 'World Championship 2026',
      tag: 'WCH26',
      ...(c.paper ? { mode: c.paper } : {}),
    },
    gameId: '7',
    players: {
      white: { name: 'Anna Nowak', lang, notation: 'san' },
      black: { name: 'Jan Novák', lang, notation: 'numeric' },
    },
    td: { name: 'Olena Petrenko', lang, address: 'td@wch26.example' },
    ...(c.appealsTo ? { appealsTo: c.appealsTo } : {}),
    // The TD's result notice shows the event's table (L-12): places shared when level.
    ...(c.name === 'checkmate' ? { standings: () => CHECKMATE_TABLE } : {}),
  };
}

/** The table after the mate: Anna's win counted, Jan level with a player who has drawn twice. */
const CHECKMATE_TABLE = [
  ['1', 'Anna Nowak', 4, 3, 1, 1, 0, 1],
  ['2–3', 'Olga Kim', 2, 2, 0, 2, 0, 2],
  ['2–3', 'Jan Novák', 2, 3, 1, 0, 2, 1],
].map(([place, name, halfPoints, played, won, drawn, lost, unfinished]) => ({
  place: String(place),
  player: String(name),
  name: String(name),
  halfPoints: Number(halfPoints),
  played: Number(played),
  won: Number(won),
  drawn: Number(drawn),
  lost: Number(lost),
  unfinished: Number(unfinished),
  sbQuarters: 0,
}));

function mailsOf(c: Case, lang: string): ComposedMail[] {
  const ctx = contextFor(c, lang);
  return [
    ...c.effects.flatMap((e) => composeEffect(e, ctx)),
    ...(c.notices ?? []).map((n) => composeTdNotice(n, ctx)),
    ...(c.noMove ?? []).map((side) =>
      composeNoMove(ctx, side, c.noMoveThoughts, false, c.noMoveAsked),
    ),
    ...(c.notReceived
      ? [composeMoveNotReceived(ctx, c.notReceived.side, c.notReceived.forwarded)]
      : []),
    ...(c.tdForwarded ?? []).map((side) => composeTdForwarded(ctx, side, c.protests)),
    ...(c.unauthenticated ?? []).map((u) => composeUnauthenticated(ctx, u.side, u)),
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

const head = (m: ComposedMail) =>
  `===== to: ${m.to} · lang: ${m.lang} · kind: ${m.kind} · thread: ${m.threadKey}\nSubject: ${m.subject}\nAttachments: ${attachmentLine(m)}\n`;

/** The golden text and HTML files of one case's mails. */
function goldenMails(file: string, mails: ComposedMail[]): void {
  golden(`${file}.txt`, mails.map((m) => `${head(m)}\n${m.text}`).join('\n'));
  golden(
    `${file}.html`,
    mails.map((m) => `<!-- ${head(m).trim().replace(/--/g, '- -')} -->\n${m.html}`).join('\n'),
  );
}

const ALL = cases();

describe('golden mails: every effect kind in every template language', () => {
  for (const lang of LANGS) {
    for (const c of ALL) {
      it(`${lang}/${c.name}`, () => {
        const mails = mailsOf(c, lang);
        expect(mails.length).toBeGreaterThan(0);
        goldenMails(`${lang}/${c.name}`, mails);
        for (const m of mails) expect(m.lang).toBe(lang);
      });
    }
  }
});

describe('the relay of a move that ends the game', () => {
  const mate = ALL.find((c) => c.name === 'checkmate')!;
  const yourMove: Record<(typeof LANGS)[number], string> = {
    en: 'your move',
    pl: 'Pana/Pani posunięcie',
    cs: 'jste na tahu',
    uk: 'ваш хід',
    de: 'Sie sind am Zug',
  };
  for (const lang of LANGS) {
    it(`${lang}: L-5.1.1 the mated player is not told it is their move`, () => {
      const relay = mailsOf(mate, lang).find((m) => m.kind === 'move-relayed');
      expect(relay?.to).toBe('black');
      expect(relay?.subject).toMatch(/4\. (Qxf7#|8567)$/);
      expect(relay?.subject).not.toContain(yourMove[lang]);
    });
  }
});

describe('Czech: words to the player and of the opponent that need no gender or number', () => {
  it('cs: the start mail names who opens the game and the PGN sent on request is not "Požádali jste" (vykání to one person)', () => {
    const texts = ALL.filter((c) =>
      /^(game-started|no-move-pgn|move-asked|rejected-asked)/.test(c.name),
    )
      .flatMap((c) => mailsOf(c, 'cs'))
      .map((m) => m.text);
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) {
      // Was: "Začíná soupeř. Jeho tah …" to a player whose opponent is a woman.
      expect(text).not.toMatch(/Začíná soupeř|Jeho tah|jeho tahu|Požádali jste/);
    }
    expect(texts.join('\n')).toContain('Partii ve formátu PGN, o kterou žádáte');
    expect(texts.join('\n')).toMatch(/Partii zahajuje .+ bílými\. Tah bílých/);
  });
});

describe('the subject of a rejected transmission asks to send again only when something is to be sent', () => {
  const rejection = (c: Case, lang: string) =>
    mailsOf(c, lang).find((m) => m.kind === 'transmission-rejected')!;
  const state = ALL.find((c) => c.name === 'rejected-not-your-turn')!.state;
  /** A rejection of `problem` in the game of the cases, as the rulebook would send it. */
  const rejected = (name: string, problem: Problem): Case => ({
    name,
    state,
    now: '2026-10-25',
    effects: [{ kind: 'transmission-rejected', to: ['white'], problem, penaltyDays: 0, rules: [] }],
  });
  for (const lang of LANGS) {
    const labels = JSON.parse(readFileSync(join(TEMPLATES_DIR, lang, 'labels.json'), 'utf8'));
    const again: string = labels.rejectedSubject.resend;
    it(`${lang}: P-4a a move out of turn, a mail after the game, an acceptance of no offer, leave: no "send again"`, () => {
      const notYourTurn = rejection(ALL.find((c) => c.name === 'rejected-not-your-turn')!, lang);
      // The move sent stands (P-4a): the subject names it, as the body does.
      expect(notYourTurn.subject).toContain('9. h3');
      for (const m of [
        notYourTurn,
        rejection(rejected('over', { code: 'game-over', result: '1-0' }), lang),
        rejection(rejected('no-offer', { code: 'no-draw-offer' }), lang),
        rejection(rejected('offer', { code: 'offer-standing' }), lang),
        rejection(rejected('leave', { code: 'leave-not-in-advance' }), lang),
        rejection(rejected('tablebase', { code: 'tablebase-too-many-pieces', pieces: 9 }), lang),
      ]) {
        expect(m.subject).not.toContain(again);
        expect(m.subject).not.toMatch(/rejectedSubject|undefined/);
      }
    });
    it(`${lang}: P-4c, P-4d an impossible move or a blank transmission: "send again"`, () => {
      for (const name of ['rejected-impossible', 'rejected-repetition', 'rejected-offer-alone'])
        expect(rejection(ALL.find((c) => c.name === name)!, lang).subject).toContain(again);
    });
  }
});

describe('P-7c, P-5d: a mail that sends a player to the TD says how to reach them', () => {
  const claim = ALL.find((c) => c.name === 'time-claim')!;
  const started = ALL.find((c) => c.name === 'game-started')!;
  for (const lang of LANGS) {
    it(`${lang}: the time-claim notice gives the TD's address and a protest line amici reads as one`, () => {
      for (const m of mailsOf(claim, lang).filter((m) => m.to !== 'td')) {
        expect(m.text).toContain('td@wch26.example');
        // The line the mail tells the player to start with: a protest for the TD when written.
        const sentence = m.text.split('\n').find((l) => l.includes('P-7c') && /[“„«]/u.test(l));
        const prefix = /[“„«]([^”“»:]+):[”“»]/u.exec(sentence ?? '')?.[1];
        expect(prefix, m.text).toBeDefined();
        const commands = findCommands(`${prefix}: the count is wrong, I sent my move on time`);
        expect(commands.map((c) => c.kind)).toEqual(['td-message']);
        expect(protestsIn(commands[0]!.raw), prefix).toBe(true);
      }
    });
    it(`${lang}: P-7c the claim notice, by mail and on paper, says the protest must reach the TD by the deadline`, () => {
      // A player by post who read "protest by the 5th" posts on the 5th, and is late.
      const reach: Record<(typeof LANGS)[number], (d: string) => string> = {
        en: (d) => `must reach the Tournament Director by ${d}`,
        pl: (d) => `musi wpłynąć do sędziego turnieju najpóźniej ${d}`,
        cs: (d) => `řediteli turnaje dojít nejpozději ${d}`,
        de: (d) => `den Turnierleiter bis zum ${d} erreichen`,
        uk: (d) => `має надійти до директора турніру не пізніше ${d}`,
      };
      for (const name of ['time-claim', 'time-claim-by-post-mixed']) {
        const c = ALL.find((x) => x.name === name)!;
        const mails = mailsOf(c, lang).filter((m) => m.to !== 'td');
        expect(mails.length).toBeGreaterThan(0);
        for (const m of mails) {
          const e = c.effects.find((x) => x.kind === 'time-claim')!;
          const by = (e as { protestBy: string }).protestBy;
          expect(m.text.replace(/\s+/g, ' '), `${name} to ${m.to}`).toContain(reach[lang](by));
        }
      }
    });
    it(`${lang}: the game's first mail says how to write to the TD, with the address`, () => {
      for (const m of mailsOf(started, lang)) expect(m.text).toContain('td@wch26.example');
    });
  }
});

/** Jan Novák plays two games of WCH26 and wrote without a tag. */
function whichGameInput(lang: string, games = true): WhichGameInput {
  return {
    player: { id: 'novak', name: 'Jan Novák', lang },
    event: { name: 'World Championship 2026', tag: 'WCH26' },
    td: { name: 'Olena Petrenko' },
    games: games
      ? [
          { eventTag: 'WCH26', gameId: '7', white: 'Anna Nowak', black: 'Jan Novák' },
          { eventTag: 'WCH26', gameId: '12', white: 'Jan Novák', black: 'Hanna Bondar' },
        ]
      : [],
    subject: 'my move <9...Nc6>',
  };
}

describe('golden mails: the which-game reply in every template language', () => {
  for (const lang of LANGS) {
    it(`${lang}/which-game: nothing played, resend with the tag, the unfinished games`, () => {
      const m = composeWhichGame(whichGameInput(lang));
      goldenMails(`${lang}/which-game`, [m]);
      expect(m).toMatchObject({
        lang,
        kind: 'which-game',
        threadKey: 'WCH26/which-game/novak',
        attachments: [],
      });
      expect(m.subject).toMatch(/\? — Re: my move <9\.\.\.Nc6>$/);
      expect(m.text.split('\n')[0]).toBe(AMICI_MARKER);
      expect(m.text).toContain(
        '  [WCH26/7]   Anna Nowak – Jan Novák\n  [WCH26/12]  Jan Novák – Hanna Bondar',
      );
      expect(m.html).toContain('[WCH26/12]  Jan Novák – Hanna Bondar');
      expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
      expect(m.html).not.toMatch(/undefined|\[object Object\]|NaN|\uE000/);
    });
    it(`${lang}/which-game-other: a reply in one game's thread that is the move of another`, () => {
      const input = whichGameInput(lang);
      const [named, fits] = input.games as [WhichGameEntry, WhichGameEntry];
      const m = composeWhichGame({ ...input, mismatch: { named, fits } });
      goldenMails(`${lang}/which-game-other`, [m]);
      // Both games named, with their players; the example subject is the game it fits.
      expect(m.text).toContain('[WCH26/7] Anna Nowak – Jan Novák');
      expect(m.text).toContain('[WCH26/12] Jan Novák – Hanna Bondar');
      expect(m.text).toMatch(/\[WCH26\/12\] (my move|moje posunięcie|můj tah|мій хід|mein Zug)/);
      expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
    it(`${lang}/which-game-fits: the games the move fits, against the opponent named`, () => {
      const input = whichGameInput(lang);
      const m = composeWhichGame({ ...input, fits: input.games, opponent: 'Anna Nowak' });
      goldenMails(`${lang}/which-game-fits`, [m]);
      expect(m.text).toContain('WCH26/7, 12');
      expect(m.text).toContain('Anna Nowak');
      expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
    it(`${lang}/which-game-moveless: a mail with no move is asked to name its game only`, () => {
      const m = composeWhichGame({ ...whichGameInput(lang), moveless: true });
      goldenMails(`${lang}/which-game-moveless`, [m]);
      // The example subject is the tag alone, with no "my move" after it.
      expect(m.text).not.toMatch(/\[WCH26\/7\] (my move|moje posunięcie|můj tah|мій хід|mein Zug)/);
      expect(m.text).toMatch(/["„«]\[WCH26\/7\][”“»"]/);
    });
    it(`${lang}/which-game-none: a player without an unfinished game`, () => {
      const m = composeWhichGame(whichGameInput(lang, false));
      goldenMails(`${lang}/which-game-none`, [m]);
      expect(m.lang).toBe(lang);
      expect(m.text).not.toContain('[WCH26/7]');
    });
  }

  it('falls back to English for a language without templates (fr); a bare subject is kept bare', () => {
    const m = composeWhichGame({ ...whichGameInput('fr'), subject: '  ' });
    expect(m.lang).toBe('en');
    expect(m.subject).toBe('Which game?');
  });

  it('keeps a subject with line breaks on one line', () => {
    const m = composeWhichGame({ ...whichGameInput('en'), subject: 'my\r\n move' });
    expect(m.subject).toBe('Which game? — Re: my move');
    expect(m.text).toContain('Dear Jan Novák,');
  });
});

describe('golden mails: the gameless mails in every template language', () => {
  for (const lang of LANGS) {
    it(`${lang}/unknown-address (P-5c): nothing played, the TD told, no registered address shown`, () => {
      const m = composeUnknownAddress({
        address: 'jan.novak@mobile.example',
        lang,
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko' },
        game: { id: '7', white: 'Anna Nowak', black: 'Jan Novák' },
        subject: 'Re: [WCH26/7] move',
      });
      goldenMails(`${lang}/unknown-address`, [m]);
      expect(m).toMatchObject({ lang, kind: 'unknown-address', attachments: [] });
      expect(m.text).toContain('[WCH26/7] (Anna Nowak – Jan Novák)');
      expect(m.text).toContain('P-5c');
      expect(m.text).toContain('jan.novak@mobile.example');
    });
    it(`${lang}/inbox-alert: the inbox unreadable since when and why, then back`, () => {
      const alert = {
        inbox: 'imap referee@mail.example/INBOX',
        since: '2026-10-20T06:05:00Z',
        td: { name: 'Olena Petrenko' },
        events: [{ name: 'World Championship 2026', tag: 'WCH26' }],
        lang,
      };
      const mails = [
        composeInboxAlert({
          ...alert,
          state: 'down',
          error: 'login refused: AUTHENTICATIONFAILED',
        }),
        composeInboxAlert({ ...alert, state: 'back', until: '2026-10-20T09:40:00Z' }),
      ];
      goldenMails(`${lang}/inbox-alert`, mails);
      expect(mails[0]!.text).toContain('2026-10-20 06:05 UTC');
      expect(mails[0]!.text).toContain('AUTHENTICATIONFAILED');
      expect(mails[1]!.text).toContain('2026-10-20 09:40 UTC');
      for (const m of mails) expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
    it(`${lang}/mail-failed: a mail amici failed on, set aside: the TD and the player told`, () => {
      const facts = {
        td: { name: 'Olena Petrenko' },
        events: [{ name: 'World Championship 2026', tag: 'WCH26' }],
        lang,
        inboundId: 4711,
        from: 'jan.novak@example.cz',
        subject: 'Re: [WCH26/7] 9...Na5',
        receivedAt: '2026-10-20T06:05:00Z',
        error: 'boom: the board could not be drawn',
        tries: 3,
      };
      const mails = [
        composeMailFailed({ ...facts, audience: 'td', name: 'Olena Petrenko' }),
        composeMailFailed({ ...facts, audience: 'player', name: 'Jan Novák' }),
      ];
      goldenMails(`${lang}/mail-failed`, mails);
      expect(mails[0]!.text).toContain('amici inbox replay 4711');
      expect(mails[0]!.text).toContain('boom: the board could not be drawn');
      expect(mails[1]!.text).toContain('2026-10-20 06:05 UTC');
      expect(mails[1]!.text).toContain('Olena Petrenko');
      expect(mails[1]!.text).not.toContain('boom');
      for (const m of mails) expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
    it(`${lang}/mail-failed-unarchived: a mail the store could not take, set aside in the inbox's folder; the player told the referee's storage failed, not they`, () => {
      const facts = {
        td: { name: 'Olena Petrenko' },
        events: [{ name: 'World Championship 2026', tag: 'WCH26' }],
        lang,
        inboundId: 4712,
        from: 'jan.novak@example.cz',
        subject: 'Re: [WCH26/7] 9...Na5 (scoresheet attached)',
        receivedAt: '2026-10-20T06:05:00Z',
        error: 'database or disk is full',
        tries: 3,
        keptIn: 'amici/rejected (referee@mail.example, imap.mail.example)',
      };
      const mails = [
        composeMailFailed({ ...facts, audience: 'td', name: 'Olena Petrenko' }),
        composeMailFailed({ ...facts, audience: 'player', name: 'Jan Novák' }),
      ];
      goldenMails(`${lang}/mail-failed-unarchived`, mails);
      expect(mails[0]!.text).toContain('amici/rejected (referee@mail.example, imap.mail.example)');
      expect(mails[0]!.text).not.toContain('amici inbox replay');
      // Not the same words as for an error in amici's code.
      const code = composeMailFailed({
        ...facts,
        keptIn: undefined,
        error: 'boom',
        audience: 'player',
        name: 'Jan Novák',
      });
      expect(mails[1]!.text).not.toBe(code.text);
      expect(mails[1]!.text).not.toContain('database or disk is full');
      for (const m of mails) expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
    it(`${lang}/store-alert: the state file cannot be written since when and why, then again`, () => {
      const alert = {
        store: '/srv/amici/var/amici.sqlite',
        since: '2026-10-20T06:05:00Z',
        td: { name: 'Olena Petrenko' },
        events: [{ name: 'World Championship 2026', tag: 'WCH26' }],
        lang,
      };
      const mails = [
        composeStoreAlert({ ...alert, state: 'down', error: 'database or disk is full' }),
        composeStoreAlert({ ...alert, state: 'back', until: '2026-10-20T09:40:00Z' }),
      ];
      goldenMails(`${lang}/store-alert`, mails);
      expect(mails[0]!.text).toContain('/srv/amici/var/amici.sqlite');
      expect(mails[0]!.text).toContain('2026-10-20 06:05 UTC');
      expect(mails[0]!.text).toContain('database or disk is full');
      expect(mails[1]!.text).toContain('2026-10-20 09:40 UTC');
      for (const m of mails) expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
    it(`${lang}/td-ruling-unplaced: a TD's ruling with no game of theirs, and how to name one`, () => {
      const mails = (['no-game', 'several-games', 'not-yours'] as const).map((why) =>
        composeTdRulingUnplaced({
          event: { name: 'World Championship 2026', tag: 'WCH26' },
          td: { name: 'Olena Petrenko' },
          lang,
          why,
          game: 'OPEN26/3',
          example: 'WCH26/7',
          lines: 'uphold-claim time:white:10:1',
        }),
      );
      goldenMails(`${lang}/td-ruling-unplaced`, mails);
      expect(mails[2]!.text).toContain('OPEN26/3');
      for (const m of mails) {
        expect(m.text).toContain('WCH26/7 uphold-claim time:white:10:1');
        expect(m.text).not.toMatch(/undefined|\[object Object\]|unplaced\./);
      }
    });
    it(`${lang}/ruling-done: P-7d, the TD's mailed rulings, what each did and who was told`, () => {
      const input = {
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko' },
        lang,
        subject: 'Re: [WCH26] report of 2026-11-12',
      };
      const mails = [
        composeRulingDone({
          ...input,
          lines: [
            {
              game: 'WCH26/7',
              line: 'grant-leave --side black --from 2026-11-20 --to 2026-11-30',
              told: ['Anna Nowak', 'Jan Novák'],
            },
            {
              game: 'WCH26/12',
              line: 'grant-leave --side black --from 2026-11-20 --to 2026-11-30',
              sameLeave: true,
              told: ['Jan Novák', 'Hanna Bondar'],
            },
          ],
        }),
        composeRulingDone({
          ...input,
          lines: [
            { game: 'WCH26/7', line: 'penalise black 5', told: ['Anna Nowak', 'Jan Novák'] },
            {
              game: 'WCH26/12',
              line: 'resume',
              refused: 'the clocks are not stopped',
              told: ['td'],
            },
          ],
        }),
      ];
      goldenMails(`${lang}/ruling-done`, mails);
      expect(mails[0]!.subject).toContain('grant-leave --side black');
      for (const m of mails) {
        expect(m.text).toContain('WCH26/7');
        expect(m.text).toContain('P-7d');
        expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN|rulingDone\./);
      }
    });
    it(`${lang}/for-td: P-5d, a player's mail for the TD that names no game, and the player's word`, () => {
      const facts = {
        lang,
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko', address: 'td@wch26.example' },
        player: { id: 'novak', name: 'Jan Novák', address: 'jan.novak@example.cz' },
        games: [
          { tag: '[WCH26/7]', players: 'Anna Nowak – Jan Novák' },
          { tag: '[WCH26/12]', players: 'Jan Novák – Hanna Bondar' },
        ],
        moves: true,
      };
      const mails = [
        composeForTd({
          ...facts,
          audience: 'td',
          name: 'Olena Petrenko',
          text: 'From: Jan Novák <jan.novak@example.cz>\nSubject: withdrawal\n\nTD: I must withdraw from the tournament.\n9...Na5',
          original: {
            raw: Buffer.from('Subject: withdrawal\r\n\r\nTD: I must withdraw\r\n'),
            inboundId: 41,
          },
        }),
        composeForTd({ ...facts, audience: 'player', name: 'Jan Novák' }),
      ];
      goldenMails(`${lang}/for-td`, mails);
      expect(mails[0]!.attachments.map((a) => a.filename)).toEqual(['original.eml']);
      expect(mails[1]!.text).toContain('td@wch26.example');
      for (const m of mails) {
        expect(m.text).toContain('[WCH26/12]');
        expect(m.text).toContain('P-5d');
        expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN|forTd\./);
      }
    });
    it(`${lang}/withdrawal: P-9a, the player who withdrew and the TD, each told once of all the games`, () => {
      const facts = {
        lang,
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko', address: 'td@wch26.example' },
        player: 'Jan Novák',
        playerId: 'novak',
        on: '2026-11-12' as const,
        reason: 'Jan Novák withdrew for health reasons',
        note: 'Get well soon.',
        games: [
          { game: 'WCH26/7', players: 'Anna Nowak – Jan Novák', result: '*', now: true },
          { game: 'WCH26/12', players: 'Jan Novák – Hanna Bondar', result: '*', now: true },
          { game: 'WCH26/3', players: 'Jan Novák – Olga Kim', result: '1-0', now: false },
        ],
        // The TD's decision (P-9a) may be appealed within 14 days of receiving it (P-13c).
        appeal: { by: '2026-11-26' as const },
      };
      const mails = [
        composeWithdrawal({ ...facts, audience: 'player', name: 'Jan Novák', how: 'annul' }),
        composeWithdrawal({
          ...facts,
          audience: 'td',
          name: 'Olena Petrenko',
          how: 'annul',
          standings: CHECKMATE_TABLE,
        }),
        composeWithdrawal({
          ...facts,
          audience: 'td',
          name: 'Olena Petrenko',
          how: 'forfeit',
          games: facts.games.slice(1, 2).map((g) => ({ ...g, result: '0-1' })),
          standings: CHECKMATE_TABLE,
        }),
        // Where the event names the chairman of the ICCF Appeals Commission (P-13c).
        composeWithdrawal({
          ...facts,
          audience: 'player',
          name: 'Jan Novák',
          how: 'forfeit',
          games: facts.games.slice(1, 2).map((g) => ({ ...g, result: '0-1' })),
          appeal: {
            ...facts.appeal,
            chairman: { name: 'Karel Dvořák', address: 'appeals@iccf.example' },
          },
        }),
      ];
      goldenMails(`${lang}/withdrawal`, mails);
      expect(mails[0]!.text).toContain('td@wch26.example');
      // Before: no word of an appeal, though annulling or scoring the games is the TD's decision.
      for (const m of mails) expect(m.text).toContain('2026-11-26');
      expect(mails[0]!.text).not.toContain('Hanna Bondar      1');
      for (const m of mails) {
        expect(m.text).toContain('WCH26/12');
        expect(m.text).toContain('P-9a');
        expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN|withdrawal\./);
      }
    });
    it(`${lang}/td-report-adjudication: P-10, after the event's end its games are adjudicated`, () => {
      const m = composeTdReport({
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko' },
        lang,
        on: '2027-07-05',
        since: '2027-06-28',
        everyDays: 7,
        games: 4,
        waiting: [],
        claims: [
          { game: 'WCH26/4', id: 'time:white:10:1', name: 'Olga Kim', protestBy: '2027-07-08' },
        ],
        paused: [],
        adjudication: {
          endDate: '2027-06-30',
          since: '2027-07-01',
          analysisBy: '2027-07-30',
          games: [
            {
              game: 'WCH26/2',
              players: 'Jan Novák – Anna Nowak',
              toMove: 'Anna Nowak',
              daysLeft: 21,
              analyses: [{ name: 'Jan Novák', on: '2027-07-03' }, { name: 'Anna Nowak' }],
            },
            {
              game: 'WCH26/4',
              players: 'Olga Kim – Jan Novák',
              toMove: 'Olga Kim',
              daysLeft: -3,
              analyses: [{ name: 'Olga Kim' }, { name: 'Jan Novák' }],
            },
          ],
        },
        finished: [],
        standings: CHECKMATE_TABLE,
      });
      goldenMails(`${lang}/td-report-adjudication`, [m]);
      // With no claim waiting, the report says nothing of "a claim above".
      const claim = JSON.parse(readFileSync(join(TEMPLATES_DIR, lang, 'labels.json'), 'utf8'))
        .report.adjudicationClaims as string;
      expect(m.text.replace(/\s+/g, ' ')).toContain(claim.replace(/\s+/g, ' '));
      const none = composeTdReport({
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko' },
        lang,
        on: '2027-07-05',
        since: '2027-06-28',
        everyDays: 7,
        games: 4,
        waiting: [],
        claims: [],
        paused: [],
        adjudication: {
          endDate: '2027-06-30',
          since: '2027-07-01',
          analysisBy: '2027-07-30',
          games: [],
        },
        finished: [],
        standings: CHECKMATE_TABLE,
      });
      expect(none.text.replace(/\s+/g, ' ')).not.toContain(claim.replace(/\s+/g, ' '));
      expect(m.text).toContain('2027-07-30');
      expect(m.text).toContain('WCH26/2 set-result 1-0');
      expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN|report\./);
    });
    it(`${lang}/td-report: the event as it stands, every section filled`, () => {
      const m = composeTdReport({
        event: { name: 'World Championship 2026', tag: 'WCH26' },
        td: { name: 'Olena Petrenko' },
        lang,
        on: '2026-11-12',
        since: '2026-11-05',
        everyDays: 7,
        games: 6,
        waiting: [
          {
            game: 'WCH26/2',
            players: 'Jan Novák – Anna Nowak',
            toMove: 'Anna Nowak',
            since: '2026-11-03',
            daysLeft: 21,
          },
          {
            game: 'WCH26/4',
            players: 'Olga Kim – Jan Novák',
            toMove: 'Olga Kim',
            since: '2026-10-20',
            daysLeft: 2,
          },
          // An upheld claim counted this move afresh (P-7e).
          {
            game: 'WCH26/9',
            players: 'Hanna Bondar – Olga Kim',
            toMove: 'Hanna Bondar',
            since: '2026-09-20',
            restartedOn: '2026-11-02',
            daysLeft: 20,
          },
        ],
        claims: [
          { game: 'WCH26/4', id: 'time:white:10:1', name: 'Olga Kim', protestBy: '2026-11-20' },
          // A card entered late took this one's excess off the clock.
          {
            game: 'WCH26/2',
            id: 'time:black:10:1',
            name: 'Anna Nowak',
            protestBy: '2026-11-22',
            gone: true,
          },
          // Leave granted since moved these excesses to a later day: one past, one to come.
          {
            game: 'WCH26/6',
            id: 'time:black:10:1',
            name: 'Olga Kim',
            protestBy: '2026-11-23',
            overSince: '2026-11-10',
          },
          {
            game: 'WCH26/8',
            id: 'time:white:10:1',
            name: 'Jan Novák',
            protestBy: '2026-11-24',
            overAgainOn: '2026-11-16',
          },
          // Protested: it waits for the TD's ruling, not for its deadline (P-7c).
          {
            game: 'WCH26/5',
            id: 'time:white:20:1',
            name: 'Jan Novák',
            protestBy: '2026-11-25',
            protestedOn: '2026-11-14',
          },
        ],
        paused: [{ game: 'WCH26/3', players: 'Anna Nowak – Olga Kim', from: '2026-11-09' }],
        onLeave: [
          { name: 'Jan Novák', from: '2026-11-10', to: '2026-11-20' },
          { name: 'Olga Kim', from: '2026-11-25', to: '2026-12-05', granted: true },
        ],
        // Appeals waiting for a decision (P-11, P-13c): of a penalty in play, in time; of a
        // result, late.
        appeals: [
          {
            game: 'WCH26/5',
            side: 'black',
            name: 'Olga Kim',
            on: '2026-11-06',
            against: {
              on: '2026-11-02',
              ruling: 'penalise',
              detail: { key: 'penalise', params: { side: 'black', days: '5' } },
            },
            by: '2026-11-16',
          },
          {
            game: 'WCH26/7',
            side: 'black',
            name: 'Jan Novák',
            on: '2026-11-11',
            against: {
              on: '2026-10-20',
              ruling: 'set-result',
              rule: 'P-13',
              detail: { key: 'set-result', params: { result: '1-0' } },
            },
            by: '2026-11-03',
            late: true,
          },
        ],
        finished: [
          { game: 'WCH26/7', players: 'Anna Nowak – Jan Novák', result: '1-0', on: '2026-11-08' },
          { game: 'WCH26/10', players: 'Hanna Bondar – Jan Novák', result: '*', on: '2026-11-09' },
        ],
        standings: CHECKMATE_TABLE,
        // A letter to print the TD's own server refused for good: never printed (P-2m).
        unprinted: [
          {
            id: 41,
            game: 'WCH26/8',
            name: 'Jan Novák',
            kind: 'move-relayed',
            on: '2026-11-10',
            error: '552 5.2.2 mailbox full',
          },
        ],
      });
      goldenMails(`${lang}/td-report`, [m]);
      expect(m.text).toContain('WCH26/5 uphold-appeal --side black');
      expect(m.subject).toMatch(/^\[WCH26\] /);
      // The least time left first.
      expect(m.text.indexOf('WCH26/4')).toBeLessThan(m.text.indexOf('WCH26/2'));
      expect(m.text).toContain('WCH26/4 uphold-claim time:white:10:1');
      expect(m.text).toContain('P-7e');
      expect(m.text).toContain('P-9a');
      expect(m.text).toContain('P-8c');
      expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN|report\./);
    });
  }
});

describe('every mail carries the marker and the subject tag', () => {
  for (const lang of [...LANGS, 'fr']) {
    it(`${lang}: marker first, [WCH26/7] in the subject, one thread per recipient`, () => {
      for (const c of ALL) {
        for (const m of mailsOf(c, lang)) {
          // A letter printed and posted (P-2m) is answered on a card: it has no marker.
          if (c.paper) {
            expect(m.text).not.toContain(AMICI_MARKER);
            expect(m.html).not.toContain(AMICI_MARKER);
            expect(m.attachments.filter((a) => !a.cid)).toEqual([]);
          } else {
            expect(m.text.split('\n')[0]).toBe(AMICI_MARKER);
            expect(m.html).toContain(AMICI_MARKER.replace('·', '·'));
          }
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

  it('P-2b: the board legend names the letters shown, and how the player writes pieces when they differ', () => {
    const c = ALL.find((x) => x.name === 'move')!;
    const legendOf = (sanLang?: string) => {
      const ctx = contextFor(c, 'uk');
      ctx.players.white = { ...ctx.players.white, ...(sanLang ? { sanLang } : {}) };
      const mail = composeEffect(c.effects.find((e) => e.kind === 'move-relayed')!, ctx)[0]!;
      return mail.text.split('\n').find((l) => l.startsWith('Дошка'))!;
    };
    // Ukrainian letters do not fit the board: English ones there, the Ukrainian for moves.
    expect(legendOf()).toContain('K король, Q ферзь');
    expect(legendOf()).toContain(
      'У ходах фігури пишуть так: Кр король, Ф ферзь, Т тура, С слон, К кінь',
    );
    // A Ukrainian who writes English SAN: nothing to add; one who writes Polish: Polish letters.
    expect(legendOf('en')).not.toContain('У ходах');
    expect(legendOf('pl')).toContain('K король, H ферзь, W тура, G слон, S кінь, P пішак.');
    expect(legendOf('pl')).not.toContain('У ходах');
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
