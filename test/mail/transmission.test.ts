// Every fixture mail through the assembler: the game it is about and the transmission it
// carries — the move tokens (repetition and own move, P-2e), dates (P-2f..h) and commands.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMoveToken, tokenizeMovetext } from '../../src/chess/index.ts';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays } from '../../src/clock/index.ts';
import { readInbound } from '../../src/mail/index.ts';
import {
  assembleTransmission,
  findGameRef,
  movetextOf,
  namesPlayer,
  notATransmission,
  ownSubject,
  readMovetext,
  withSubjectAndPgn,
} from '../../src/mail/transmission.ts';
import type { Decision, Side, Transmission } from '../../src/referee/index.ts';
import {
  decideTransmission,
  defaultEventRules,
  extendGame,
  foldGame,
} from '../../src/referee/index.ts';
import { scenario } from '../referee/scenario-support.ts';

const D = { statedReceivedOn: '2026-11-20', statedSentOn: '2026-11-21' } as const;
type Expect = { moves: string; conditional?: string } & Omit<
  Partial<Transmission>,
  'moves' | 'conditional'
>;

// moves: the tokens as `number(.|...)text`, space-separated; game: event/game from the subject.
const CASES: Record<string, Expect | null> = {
  '01-gmail-web-en.eml': { moves: '12...Nf6', ...D },
  '02-gmail-phone-pl.eml': { moves: '12...Sf6', ...D },
  '03-outlook-desktop-pl-cp1250.eml': { moves: '12...Sf6 13.Gd3', ...D },
  '04-outlook-desktop-en-original-message.eml': { moves: '12...6766', ...D },
  '05-outlook-web-html-only.eml': { moves: '12...Nf6', ...D },
  '06-outlook-desktop-de-html-only.eml': { moves: '12...Sf6', ...D },
  '07-thunderbird-pl-iso88592-flowed.eml': {
    moves: '12...Sf6',
    ...D,
    note: 'w przyszłym tygodniu odpowiadam wolniej, bo jadę do Zakopanego na zawody.',
  },
  '08-thunderbird-cs-flowed-delsp.eml': {
    moves: '12...Jf6',
    ...D,
    note: 'děkuji za rychlou odpověď.',
  },
  '09-iphone-en.eml': { moves: '12...Nf6', ...D, drawOffer: true },
  '10-apple-mail-html-only.eml': { moves: '12...Sf6', ...D, drawOffer: true },
  '11-android-samsung-pl.eml': { moves: '12...Sf6', ...D },
  '12-yandex-ru-koi8r.eml': { moves: '12...Кf6', ...D },
  '13-outlook-uk-cp1251.eml': { moves: '12...Кf6', ...D, note: 'дякую за цікаву партію' },
  '14-gmail-de-base64.eml': { moves: '12...Sf6', ...D },
  '15-numeric-notation.eml': { moves: '12...6766', ...D },
  '16-gmail-figurine.eml': { moves: '12...♞f6', ...D },
  '17-iphone-pl-draw-mark.eml': { moves: '12...Sf6', ...D, drawOffer: true },
  '18-thunderbird-pl-draw-offer-words.eml': { moves: '12...Sf6', ...D, drawOffer: true },
  '19-gmail-de-draw-accept.eml': { moves: '', ...D, acceptDraw: true },
  '20-outlook-cs-draw-decline-iso88592.eml': { moves: '12...Jd7', ...D, declineDraw: true },
  // The words that come with a resignation go to the winner with the result (L-5.1.2).
  '21-mailru-ru-resign-koi8r.eml': {
    moves: '',
    statedReceivedOn: '2026-11-20',
    resign: true,
    note: 'Спасибо за партию!',
  },
  '22-gmail-en-resign.eml': { moves: '', ...D, resign: true, note: 'Thank you for a fine game.' },
  '23-thunderbird-pl-leave.eml': {
    moves: '12...Sf6',
    ...D,
    leave: { from: '2026-12-01', to: '2026-12-14' },
  },
  '24-plain-en-leave.eml': { moves: '', leave: { from: '2026-12-20', to: '2027-01-03' } },
  '25-gmail-en-conditional.eml': { moves: '13.Bd3', ...D, conditional: '13...Nc6 14.Nbd2' },
  '26-thunderbird-pl-conditional.eml': { moves: '13.Gd3', ...D, conditional: '13...Sc6 14.Sbd2' },
  '27-outlook-web-uk-note.eml': {
    moves: '12...Кf6',
    ...D,
    note: 'наступного тижня я у відрядженні.',
  },
  '28-gmail-en-claim-repetition.eml': { moves: '31...Kg8', ...D, claim: { kind: 'threefold' } },
  '29-outlook-de-claim-fifty.eml': { moves: '75...Kf7', ...D, claim: { kind: 'fifty-moves' } },
  '30-exchange-oof-en.eml': null,
  '31-autoreply-pl-subject-only.eml': null,
  '32-autoreply-x-autoreply-de.eml': null,
  '33-autoreply-precedence-ru.eml': null,
  '34-bounce-postfix-dsn.eml': null,
  '35-bounce-exchange-ndr.eml': null,
  '36-bounce-exim-plain.eml': null,
  '37-bounce-cs-subject.eml': null,
  '38-pgn-attachment.eml': { moves: '' },
  '39-gmail-html-only-pl.eml': { moves: '12...Sf6', ...D },
  '40-thunderbird-en-bottom-posted.eml': { moves: '12...Nf6', ...D },
  '41-outlook-android-no-blank-line.eml': { moves: '12...Sf6', ...D },
  '42-thunderbird-pl-w-dniu-in-text.eml': { moves: '12.Sf3 12...Sf6', statedSentOn: '2026-11-21' },
  '43-gmail-ru-no-verb-leadin.eml': { moves: '12...Кf6', ...D },
  '44-outlook-ru-koi8r-outlook-block.eml': { moves: '12...Кf6', ...D, drawOffer: true },
  '45-gmail-uk-conditional.eml': { moves: '12...Кf6', ...D, conditional: '13.Сd3 13...Кc6' },
  '46-outlook-cs-mobile-signature.eml': { moves: '12...Jf6', ...D },
};

const show = (t: { number?: number; side?: string; text: string }) =>
  `${t.number ?? ''}${t.number === undefined ? '' : t.side === 'black' ? '...' : '.'}${t.text}`;

describe('fixture mails as transmissions', () => {
  for (const [file, expected] of Object.entries(CASES)) {
    it(file, async () => {
      const r = await readInbound(
        readFileSync(new URL(`../fixtures/mail/${file}`, import.meta.url)),
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'auto' },
        sentOn: '2026-11-21',
      });
      if (expected === null) {
        expect(t).toBeUndefined();
        return;
      }
      if (!t) throw new Error('no transmission');
      const { moves, conditional, ...fields } = expected;
      expect(t.moves.map(show).join(' ')).toBe(moves);
      expect(t.conditional?.map(show).join(' ')).toBe(conditional);
      // A mark after the own move offers with that move (L-8.1); words offer for the mail.
      const offers = t.drawOffer || t.moves.at(-1)?.drawOffer ? true : undefined;
      expect(offers, 'drawOffer').toEqual(fields.drawOffer);
      for (const k of [
        'statedReceivedOn',
        'statedSentOn',
        'acceptDraw',
        'declineDraw',
        'resign',
        'claim',
        'leave',
        'note',
      ] as const) {
        expect(t[k], k).toEqual(fields[k]);
      }
      expect(findGameRef(r.value)).toMatchObject({ event: 'WCH26', game: '7', via: 'subject' });
    });
  }
  it('covers every fixture in the folder', async () => {
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(new URL('../fixtures/mail/', import.meta.url)).filter((f) =>
      f.endsWith('.eml'),
    );
    expect(files.sort()).toEqual(Object.keys(CASES).sort());
  });
});

describe('finding the game and the moves', () => {
  const inbound = (subject: string, lines: string[], inReplyTo?: string) =>
    ({
      mail: { subject, inReplyTo, references: inReplyTo ? [inReplyTo] : [] },
      newText: { lines },
    }) as never;
  it('by the tag in the subject, then our Message-ID in In-Reply-To, then a game line in the body', () => {
    expect(findGameRef(inbound('Re: [OPEN26/12] your move', []))).toEqual({
      event: 'OPEN26',
      game: '12',
      via: 'subject',
    });
    const lookup = (id: string) =>
      id === '<a@amici>' ? { event: 'OPEN26', game: '3' } : undefined;
    expect(findGameRef(inbound('Re: move', [], '<a@amici>'), lookup)).toEqual({
      event: 'OPEN26',
      game: '3',
      via: 'thread',
    });
    expect(findGameRef(inbound('move', ['Partia: OPEN26/5']))).toEqual({
      event: 'OPEN26',
      game: '5',
      via: 'body',
    });
    expect(findGameRef(inbound('move', ['hello']))).toBeUndefined();
  });
  it('takes moves from move lines and numbered moves, not from prose', () => {
    const tokens = movetextOf([
      'Dear John,',
      'thanks for the game',
      'My move: 12...Nf6',
      '13.5254',
      'Best, Ann',
    ]);
    expect(tokens.map(show)).toEqual(['12...Nf6', '13.5254']);
  });
  it('takes the moves after a short label: My move: Nc6, Mój ruch: Sc6 — not prose after one', () => {
    expect(movetextOf(['Your move: 2.Nf3', 'My move: Nc6']).map(show)).toEqual(['2.Nf3', 'Nc6']);
    expect(movetextOf(['Mój ruch: Sc6']).map(show)).toEqual(['Sc6']);
    expect(movetextOf(['Meine Antwort: Sc6 (=)']).map(show)).toEqual(['Sc6']);
    expect(movetextOf(['Note: Nc6 was tempting', 'Dear Jan: thanks'])).toEqual([]);
    expect(movetextOf(['I thought about this for a long time: Nc6'])).toEqual([]);
  });
  it('P-4c: a numbered move that does not read is kept, to be returned as illegible, not taken for a blank transmission', () => {
    expect(movetextOf(['3...1716 4.251']).map(show)).toEqual(['3...1716', '4.251']);
    expect(movetextOf(['3...1716', '4.251']).map(show)).toEqual(['3...1716', '4.251']);
    expect(movetextOf(['Your move 3...a6, my reply 4.Bj4']).map(show)).toEqual(['3...a6', '4.Bj4']);
    expect(movetextOf(['12.Bd3 12...Ba9']).map(show)).toEqual(['12.Bd3', '12...Ba9']);
    // A number in prose that does not continue the moves stays prose.
    expect(movetextOf(['3...a6 4.Ba4 and 1.500 euros for the entry']).map(show)).toEqual([
      '3...a6',
      '4.Ba4',
    ]);
    expect(movetextOf(['3...a6 4.Ba4, see you at 10.30 or 11.45']).map(show)).toEqual([
      '3...a6',
      '4.Ba4',
    ]);
    expect(movetextOf(['The fee is 1.500', 'Regards'])).toEqual([]);
  });
  it('L-4.2: a slip corrected in the same mail is not sent; the correction is', () => {
    const read = (...lines: string[]) => {
      const r = readMovetext(lines, 'white');
      return [r.moves.map(show), r.corrected.map(show)];
    };
    expect(read('3...a6 4.Ba4 sorry I mean 4.Bc4')).toEqual([['3...a6', '4.Bc4'], ['4.Ba4']]);
    expect(read('3...a6 4.Ba4, sorry, 4.Bc4')).toEqual([['3...a6', '4.Bc4'], ['4.Ba4']]);
    expect(read('3...a6', '4.Ba4', 'Sorry, I meant 4.Bxc6')).toEqual([
      ['3...a6', '4.Bxc6'],
      ['4.Ba4'],
    ]);
    expect(read('3...a6 4.Ba4', 'Correction: 4.Bc4')).toEqual([['3...a6', '4.Bc4'], ['4.Ba4']]);
    expect(read('3...a6 4.Ba4 oops Bc4')).toEqual([['3...a6', 'Bc4'], ['4.Ba4']]);
    expect(read('3...a6 4.La4 Entschuldigung, ich meine 4.Lc4')).toEqual([
      ['3...a6', '4.Lc4'],
      ['4.La4'],
    ]);
    expect(read('3...a6 4.Ga4 przepraszam, miało być 4.Gc4')).toEqual([
      ['3...a6', '4.Gc4'],
      ['4.Ga4'],
    ]);
    // An apology that corrects nothing changes nothing; nor does a move of another number.
    expect(read('Sorry for the delay. 3...a6 4.Ba4')).toEqual([['3...a6', '4.Ba4'], []]);
    expect(read('3...a6 sorry, 4.Ba4')).toEqual([['3...a6', '4.Ba4'], []]);
    expect(read('3...a6 sorry, Ba4')).toEqual([['3...a6', 'Ba4'], []]);
    expect(read('3...a6 4.Ba4 5.Bb3')).toEqual([['3...a6', '4.Ba4', '5.Bb3'], []]);
    // An apology for something else, or a move talked about after "sorry", corrects nothing:
    // the move sent stands, the other is a thought.
    expect(
      read(
        '3...a6 4.Ba4',
        'Sorry for the late reply. I spent days on 4.Bxc6 before choosing this.',
      ),
    ).toEqual([['3...a6', '4.Ba4'], []]);
    expect(read('3...a6 4.Ba4', 'Sorry, 4.Bxc6 looked tempting but no.')).toEqual([
      ['3...a6', '4.Ba4'],
      [],
    ]);
    expect(
      read('3...a6 4.La4', 'Entschuldigung für die Verspätung, ich habe über 4.Lxc6 nachgedacht.'),
    ).toEqual([['3...a6', '4.La4'], []]);
    // A correction that ends its sentence still corrects; "I meant to …" is no correction.
    expect(read('3...a6 4.Ba4', 'Sorry, I meant 4.Bc4.')).toEqual([['3...a6', '4.Bc4'], ['4.Ba4']]);
    expect(read('3...a6 4.Ba4', 'Sorry for the delay, I meant to write about 4.Bc4.')).toEqual([
      ['3...a6', '4.Ba4'],
      [],
    ]);
    // "should be" corrects, though "should" alone muses.
    expect(read('3...a6 4.Ba4', 'Typo, should be 4.Bxc6')).toEqual([
      ['3...a6', '4.Bxc6'],
      ['4.Ba4'],
    ]);
    expect(read('3...a6 4.Ba4', 'Typo: should read 4.Bxc6')).toEqual([
      ['3...a6', '4.Bxc6'],
      ['4.Ba4'],
    ]);
    expect(read('3...a6 4.La4', 'Tippfehler, es sollte 4.Lxc6 sein')).toEqual([
      ['3...a6', '4.Lxc6'],
      ['4.La4'],
    ]);
  });
  it('L-4.2: a correction that names the slip ("I meant 11.5171 not 11.5152") plays the correction; the slip named is no move sent', () => {
    const read = (side: 'white' | 'black', ...lines: string[]) => {
      const r = readMovetext(lines, side);
      return [r.moves.map(show), r.corrected.map(show)];
    };
    // As the tester sent them: read as three moves, and returned as a conditional line (P-4f).
    expect(read('white', '10...3847 11.5152, sorry, I meant 11.5171 not 11.5152')).toEqual([
      ['10...3847', '11.5171'],
      ['11.5152'],
    ]);
    expect(read('white', '7...a6 8.O-O, przepraszam, miało być 8.Ge3 a nie 8.O-O')).toEqual([
      ['7...a6', '8.Ge3'],
      ['8.O-O'],
    ]);
    // The slip named after a comma, or with "instead of", "zamiast", "statt", "místo",
    // "замість", in every language of the keywords.
    expect(read('white', '10...3847 11.5152, sorry, I meant 11.5171, not 11.5152')).toEqual([
      ['10...3847', '11.5171'],
      ['11.5152'],
    ]);
    expect(read('white', '7...a6 8.O-O', 'Sorry, 8.Be3 instead of 8.O-O!')).toEqual([
      ['7...a6', '8.Be3'],
      ['8.O-O'],
    ]);
    expect(read('white', '7...a6 8.O-O przepraszam, 8.Ge3 zamiast 8.O-O')).toEqual([
      ['7...a6', '8.Ge3'],
      ['8.O-O'],
    ]);
    expect(read('white', '7...a6 8.O-O', 'Entschuldigung, ich meinte 8.Le3, nicht 8.O-O')).toEqual([
      ['7...a6', '8.Le3'],
      ['8.O-O'],
    ]);
    expect(read('white', '7...a6 8.O-O Korrektur: 8.Le3 statt 8.O-O')).toEqual([
      ['7...a6', '8.Le3'],
      ['8.O-O'],
    ]);
    expect(read('white', '7...a6 8.O-O, promiňte, mělo být 8.Se3 a ne 8.O-O')).toEqual([
      ['7...a6', '8.Se3'],
      ['8.O-O'],
    ]);
    expect(read('white', '7...a6 8.O-O, oprava: 8.Se3 místo 8.O-O')).toEqual([
      ['7...a6', '8.Se3'],
      ['8.O-O'],
    ]);
    expect(read('white', '7...а6 8.О-О, вибачте, мав на увазі 8.Се3 а не 8.О-О')).toEqual([
      ['7...а6', '8.Се3'],
      ['8.О-О'],
    ]);
    expect(read('white', '7...а6 8.О-О, виправлення: 8.Се3 замість 8.О-О')).toEqual([
      ['7...а6', '8.Се3'],
      ['8.О-О'],
    ]);
    expect(read('white', '7...а6 8.О-О, извините, имел в виду 8.Се3, а не 8.О-О')).toEqual([
      ['7...а6', '8.Се3'],
      ['8.О-О'],
    ]);
    // The other order: the slip first, then the correction.
    expect(read('white', '10...3847 11.5152, sorry, not 11.5152 but 11.5171')).toEqual([
      ['10...3847', '11.5171'],
      ['11.5152'],
    ]);
    expect(read('white', '10...3847 11.5152', 'not 11.5152 but 11.5171')).toEqual([
      ['10...3847', '11.5171'],
      ['11.5152'],
    ]);
    expect(read('white', '7...a6 8.O-O, przepraszam: nie 8.O-O, tylko 8.Ge3')).toEqual([
      ['7...a6', '8.Ge3'],
      ['8.O-O'],
    ]);
    expect(read('white', '10...Sd7 11.Sf3, Entschuldigung: nicht 11.Sf3, sondern 11.Le2')).toEqual([
      ['10...Sd7', '11.Le2'],
      ['11.Sf3'],
    ]);
    expect(read('white', '10...Sd7 11.Sf3 nicht 11.Sf3 sondern 11.Le2')).toEqual([
      ['10...Sd7', '11.Le2'],
      ['11.Sf3'],
    ]);
    // A move named after "not" that was not sent corrects nothing, and is not sent either.
    expect(read('white', '7...a6 8.Be3, not 8.O-O')).toEqual([['7...a6', '8.Be3'], []]);
    expect(read('white', '7...a6 8.Le3 statt 8.O-O')).toEqual([['7...a6', '8.Le3'], []]);
    // "not" apart from a move names nothing: the moves are read as before.
    expect(read('white', '7...a6 8.Be3 (did not expect 7...a6) 9.O-O')).toEqual([
      ['7...a6', '8.Be3', '9.O-O'],
      [],
    ]);
    expect(read('black', '8.O-O I will not castle: 8...Be7')).toEqual([['8.O-O', '8...Be7'], []]);
  });
  it('P-2e: a repetition that ends a sentence is read when the next move sent follows it; a move only mentioned is not', () => {
    const moves = (...lines: string[]) => movetextOf(lines).map(show);
    expect(moves('Thanks for 3...a6. I play 4.Ba4')).toEqual(['3...a6', '4.Ba4']);
    expect(moves('I received your move 3...a6.', 'My reply is 4.Ba4')).toEqual(['3...a6', '4.Ba4']);
    expect(moves('Received 3...1716.', '4.2514')).toEqual(['3...1716', '4.2514']);
    expect(moves('Hi! 3...a6 4.Ba4. Regards')).toEqual(['3...a6', '4.Ba4']);
    // Mentioned, and followed by no move of the next ply: not sent.
    expect(moves('12...Nf6 13.Bd3', 'I claim a draw after 32.Qd8+.')).toEqual([
      '12...Nf6',
      '13.Bd3',
    ]);
  });

  it('P-2a, P-2e: unnumbered moves after a greeting on the same line are sent, as on a line of their own', () => {
    const moves = (...lines: string[]) => movetextOf(lines).map(show);
    expect(moves('Danke. exd5 Sxd5', 'erhalten am 24.11.')).toEqual(['exd5', 'Sxd5']);
    expect(moves('Thanks. exd5 Nxd5')).toEqual(['exd5', 'Nxd5']);
    expect(moves('Hallo! exd5 Sxd5')).toEqual(['exd5', 'Sxd5']);
    expect(moves('Hi Jan, exd5 Nxd5')).toEqual(['exd5', 'Nxd5']);
    expect(moves('Thanks. 6857 6151', 'Received: 4.11.2026')).toEqual(['6857', '6151']);
    // In prose, unnumbered moves stay talk.
    expect(moves('I like exd5 here')).toEqual([]);
    expect(moves('I expected that. exd5 was forced.')).toEqual([]);
  });

  it('P-4a: moves that open a sentence ending in an unrelated question are sent', () => {
    const moves = (...lines: string[]) => movetextOf(lines).map(show);
    expect(moves('3...a6 4.Ba4 how was your holiday?')).toEqual(['3...a6', '4.Ba4']);
    expect(moves('3...a6 4.Ba4. How are you?')).toEqual(['3...a6', '4.Ba4']);
    expect(moves('3...a6 4.Ba4 Draw?')).toEqual(['3...a6', '4.Ba4']);
    // A move after the opening ones makes the question about the moves.
    expect(moves('3...a6', '4.Ba4 or 4.Bxc6?')).toEqual(['3...a6']);
  });

  it('P-4a: a question after the moves about the moves to come asks nothing about the moves sent', () => {
    const read = (side: 'white' | 'black', ...lines: string[]) => {
      const r = readMovetext(lines, side);
      return [r.moves.map(show), r.thoughts.map(show)];
    };
    // Was: the sentence ends in "?" and names Nf6, so 4.Ba4 too was only asked about.
    expect(read('white', '3...a6 4.Ba4 - maybe Nf6 next?')).toEqual([['3...a6', '4.Ba4'], []]);
    expect(read('white', '3...a6 4.Ba4 — what about 4...Nf6 5.O-O?')).toEqual([
      ['3...a6', '4.Ba4'],
      ['4...Nf6', '5.O-O?'],
    ]);
    expect(read('white', '3...a6 4.Ga4 - może Sf6 potem?')).toEqual([['3...a6', '4.Ga4'], []]);
    expect(read('white', '3...a6 4.La4 – vielleicht Sf6 als nächstes?')).toEqual([
      ['3...a6', '4.La4'],
      [],
    ]);
    expect(read('black', '4.Сa4 Кf6 - може 5.O-O далі?')).toEqual([['4.Сa4', 'Кf6'], ['5.O-O']]);
    // A move offered instead of the one sent, or a move with no word of "next": undecided.
    expect(read('white', '3...a6 4.Ba4 - maybe Bxc6?')).toEqual([[], ['3...a6', '4.Ba4']]);
    expect(read('white', '3...a6 4.Ba4 - or maybe 4.Bxc6?')).toEqual([
      [],
      ['3...a6', '4.Ba4', '4.Bxc6?'],
    ]);
    expect(read('white', '3...a6 4.Ba4, or Bxc6 next?')).toEqual([[], ['3...a6', '4.Ba4']]);
    expect(read('white', '3...a6 4.Ba4 - should it be 4.Bxc6?')).toEqual([
      [],
      ['3...a6', '4.Ba4', '4.Bxc6?'],
    ]);
  });

  it('P-4a: numbered moves in a question or a musing clause are thoughts, not moves sent', () => {
    const read = readMovetext(['I play 12. - Nf6, maybe 13.Bd3 next', 'Should I try 13...Bb7?']);
    expect(read.moves.map(show)).toEqual(['12...Nf6']);
    expect(read.thoughts.map(show)).toEqual(['13.Bd3', '13...Bb7?']);
    // The sender's own move before the musing word is a thought; the opponent's stands.
    const black = readMovetext(['12.Bd3 12...Nf6 might be best'], 'black');
    expect([black.moves.map(show), black.thoughts.map(show)]).toEqual([['12.Bd3'], ['12...Nf6']]);
  });
});

describe('a mail through to the ruling', () => {
  const afterE4 = () =>
    foldGame([
      {
        type: 'created',
        on: '2026-11-01',
        start: { kind: 'standard' },
        white: 'w@x.org',
        black: 'b@x.org',
        clockStartsOn: '2026-11-01',
      },
      {
        type: 'move',
        on: '2026-11-02',
        side: 'white',
        uci: 'e2e4',
        sentOn: '2026-11-02',
        deliveredOn: '2026-11-02',
      },
    ]);
  it('P-2e, P-4d: a reply with the repetition is played; one without it is returned with the penalty', async () => {
    const rules = defaultEventRules();
    let state = afterE4();
    const mail = (body: string) =>
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m1@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
    const rule = async (body: string) => {
      const r = await readInbound(mail(body));
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'algebraic', lang: 'pl' },
        sentOn: '2026-11-03',
      });
      return decideTransmission(state, t!, '2026-11-03', rules);
    };
    const bad = await rule('Cześć,\n\n1...e5\n\nPozdrawiam');
    expect(bad.effects[0]).toMatchObject({
      kind: 'transmission-rejected',
      problem: { code: 'repetition-missing' },
      penaltyDays: 5,
    });
    const good = await rule('Cześć,\n\n1.e4 e5 2.Sf3?\n\nOtrzymano: 2.11.2026\nWysłano: 3.11.2026');
    expect(good.effects[0]).toMatchObject({
      kind: 'transmission-rejected',
      problem: { code: 'extra-moves' },
    });
    const ok = await rule('1.e4 e5\n\nOtrzymano: 2.11.2026\nWysłano: 3.11.2026');
    expect(ok.effects.map((e) => e.kind)).toEqual(['move-accepted', 'move-relayed']);
    expect(ok.effects[0]).toMatchObject({ corrections: [] });
    state = extendGame(state, ok.events);
    expect(state.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5']);
    expect(tokenizeMovetext('1.e4 e5').tokens).toHaveLength(2);
  });
  it('P-4c: a mistyped move after the repetition is returned as that move, illegible, not as a blank transmission', async () => {
    const state = afterE4();
    const rule = async (body: string) => {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m2@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'numeric' },
        sentOn: '2026-11-03',
      });
      return decideTransmission(state, t!, '2026-11-03', defaultEventRules());
    };
    expect((await rule('1.5254 1...575')).effects[0]).toMatchObject({
      kind: 'transmission-rejected',
      problem: { code: 'move', error: { kind: 'ILLEGIBLE', text: '575' } },
      penaltyDays: 5,
    });
    const split = await rule('1.52 54 1...57 55');
    expect(split.effects.map((e) => e.kind)).toEqual(['move-accepted', 'move-relayed']);
    // L-4.2: corrected in the same mail: the correction is played, the answer names the slip.
    const corrected = await rule('1.5254 1...5756 sorry, I mean 1...5755');
    expect(corrected.effects[0]).toMatchObject({
      kind: 'move-accepted',
      warnings: [{ code: 'corrected', slips: ['1...5756'] }],
    });
    expect(corrected.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'e7e5' });
  });
  it('L-4.2: a correction that names its slip is played, and the answer names the slip (was: more moves, P-4f)', async () => {
    const rule = async (body: string) => {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m4@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'algebraic', lang: 'pl' },
        sentOn: '2026-11-03',
      });
      return decideTransmission(afterE4(), t!, '2026-11-03', defaultEventRules());
    };
    for (const body of [
      '1.e4 1...e6, przepraszam, miało być 1...e5 a nie 1...e6',
      '1.e4 1...e6, sorry, not 1...e6 but 1...e5',
    ]) {
      const named = await rule(body);
      expect(named.effects[0]).toMatchObject({
        kind: 'move-accepted',
        warnings: [{ code: 'corrected', slips: ['1...e6'] }],
      });
      expect(named.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'e7e5' });
    }
  });
  it('L-4.2: a numbered correction replaces a slip written without its number ("1.e4 e6, sorry, I meant 1...e5"); the answer names the slip', async () => {
    const read = (side: 'white' | 'black', ...lines: string[]) => {
      const r = readMovetext(lines, side);
      return [r.moves.map(show), r.corrected.map(show)];
    };
    // Was: both moves sent, [1.e4, e6, 1...e5], and returned as more than one move.
    expect(read('black', '1.e4 e6, sorry, I meant 1...e5')).toEqual([
      ['1.e4', '1...e5'],
      ['1...e6'],
    ]);
    expect(read('black', '1.e4 e6', 'Sorry, I meant 1...e5')).toEqual([
      ['1.e4', '1...e5'],
      ['1...e6'],
    ]);
    expect(read('white', '3...a6 Ba4, przepraszam, miało być 4.Bc4')).toEqual([
      ['3...a6', '4.Bc4'],
      ['4.Ba4'],
    ]);
    expect(read('white', '3...a6 Ba4 oops Bc4')).toEqual([['3...a6', 'Bc4'], ['4.Ba4']]);
    expect(read('black', 'e4 e6, sorry, I meant 1...e5')).toEqual([['e4', '1...e5'], ['e6']]);
    // A correction of another move corrects nothing: the opponent's move counted on stays.
    expect(read('white', '3...a6 Ba4, sorry, I meant 5.Bc4')).toEqual([
      ['3...a6', 'Ba4', '5.Bc4'],
      [],
    ]);
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m5@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e6, sorry, I meant 1...e5\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'algebraic', lang: 'en' },
      sentOn: '2026-11-03',
    });
    const d = decideTransmission(afterE4(), t!, '2026-11-03', defaultEventRules());
    expect(d.effects[0]).toMatchObject({
      kind: 'move-accepted',
      warnings: [{ code: 'corrected', slips: ['1...e6'] }],
    });
    expect(d.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'e7e5' });
  });
  it('L-4.2: a correction on a line of its own, with or without its number, is played in numeric as in algebraic; the answer names the slip (was: the slip played, the correction dropped)', async () => {
    const afterE4Twice = () =>
      extendGame(
        foldGame([
          {
            type: 'created',
            on: '2026-11-01',
            start: { kind: 'standard' },
            white: 'w@x.org',
            black: 'b@x.org',
            clockStartsOn: '2026-11-01',
          },
          {
            type: 'move',
            on: '2026-11-02',
            side: 'white',
            uci: 'g1f3',
            sentOn: '2026-11-02',
            deliveredOn: '2026-11-02',
          },
        ]),
        [
          {
            type: 'move',
            on: '2026-11-03',
            side: 'black',
            uci: 'g8f6',
            sentOn: '2026-11-03',
            deliveredOn: '2026-11-03',
          },
          {
            type: 'move',
            on: '2026-11-04',
            side: 'white',
            uci: 'e2e4',
            sentOn: '2026-11-04',
            deliveredOn: '2026-11-04',
          },
        ],
      );
    const rule = async (body: string, numeric: boolean) => {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 2\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m6@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body.replaceAll('\n', '\r\n')}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: numeric ? { kind: 'numeric' } : { kind: 'algebraic', lang: 'en' },
        sentOn: '2026-11-05',
      });
      return decideTransmission(afterE4Twice(), t!, '2026-11-05', defaultEventRules());
    };
    const cases: [string, boolean, string][] = [
      ['2. 5254 5756, sorry I meant 2...5755', true, '2...5756'],
      ['2. 5254 5756\nsorry I meant 5755', true, '2...5756'],
      ['2. 5254 5756\nSorry, I meant 2...5755', true, '2...5756'],
      ['2. 5254 5756 sorry, should be 5755', true, '2...5756'],
      ['2.5254 5756\n\nsorry, should be 5755.\n\nRegards, Olena', true, '2...5756'],
      ['2. e4 e6, sorry I meant 2...e5', false, '2...e6'],
      ['2. e4 e6\nsorry I meant e5', false, '2...e6'],
      ['2. e4 e6\nSorry, should be e5!', false, '2...e6'],
    ];
    for (const [body, numeric, slip] of cases) {
      const d = await rule(body, numeric);
      expect(d.effects[0], body).toMatchObject({
        kind: 'move-accepted',
        warnings: [{ code: 'corrected', slips: [slip] }],
      });
      expect(
        d.events.find((e) => e.type === 'move'),
        body,
      ).toMatchObject({ uci: 'e7e5' });
    }
    // An apology for something else, or a question, corrects nothing: the move sent stands.
    for (const body of [
      '2. e4 e6\nSorry, I meant to ask: is e5 good?',
      '2. 5254 5756\nSorry for the delay.',
    ]) {
      const d = await rule(body, body.includes('5254'));
      expect(
        d.events.find((e) => e.type === 'move'),
        body,
      ).toMatchObject({ uci: 'e7e6' });
    }
  });
  it('P-2e, P-4f: a move without a number in the words after complete moves is talked about, not a second move refused as more moves', async () => {
    const played = (...uci: string[]) =>
      extendGame(
        afterE4(),
        uci.map((u, i) => ({
          type: 'move' as const,
          on: '2026-11-03',
          side: i % 2 ? ('white' as const) : ('black' as const),
          uci: u,
          sentOn: '2026-11-03',
          deliveredOn: '2026-11-03',
        })),
      );
    const rule = async (
      state: ReturnType<typeof afterE4>,
      side: 'white' | 'black',
      lang: 'en' | 'pl' | 'de' | 'cs' | 'uk',
      body: string,
    ) => {
      const r = await readInbound(
        `From: Player <p@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 2\r\nDate: Wed, 4 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m7@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side,
        reading: { kind: 'algebraic', lang },
        sentOn: '2026-11-04',
      });
      return decideTransmission(state, t!, '2026-11-04', defaultEventRules());
    };
    // Black to move after 1.e4 e5 2.Nf3: 2.Nf3 Nc6 is the repetition and the move; e5 is prose.
    for (const [lang, body] of [
      ['en', '2.Nf3 Nc6 Sorry for the delay, e5 is a good move I think'],
      ['pl', '2.Sf3 Sc6 Przepraszam za zwłokę, e5 to chyba dobry ruch'],
      ['de', '2.Sf3 Sc6 Entschuldigung für die Verspätung, e5 war ein guter Zug'],
      ['cs', '2.Jf3 Jc6 Omlouvám se za zpoždění, e5 je podle mě dobrý tah'],
      ['uk', '2.Кf3 Кc6 Вибачте за затримку, e5 був непоганим ходом'],
    ] as const) {
      // Was: e5 read as a third move, and the mail refused as more moves than one (P-4f).
      const d = await rule(played('e7e5', 'g1f3'), 'black', lang, body);
      expect(d.effects[0], body).toMatchObject({ kind: 'move-accepted' });
      expect(
        d.events.find((e) => e.type === 'move'),
        body,
      ).toMatchObject({ uci: 'b8c6' });
    }
    // White to move after 2...Nc6: 2...Nc6 3.Bb5 is complete; a6 after the words is prose.
    const white = await rule(
      played('e7e5', 'g1f3', 'b8c6'),
      'white',
      'en',
      '2...Nc6 3.Bb5 Thanks for the quick reply, a6 is what I expect now',
    );
    expect(white.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'f1b5' });
    // After the opponent's move alone the move after the words is the sender's own, and sent.
    const own = await rule(afterE4(), 'black', 'en', '1.e4 Sorry for the delay, e5 is my move');
    expect(own.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'e7e5' });
    // "or" offers a choice, not a move talked about: nothing is played, as before (P-4a).
    for (const [lang, body] of [
      ['en', '2.Nf3 Nc6 or e5'],
      ['pl', '2.Sf3 Sc6 albo e5, sam nie wiem'],
    ] as const)
      expect(
        (await rule(played('e7e5', 'g1f3'), 'black', lang, body)).effects[0],
        body,
      ).toMatchObject({ kind: 'transmission-rejected', problem: { code: 'extra-moves' } });
  });
  it('L-4.2: a mail that only corrects a move already sent plays nothing; the move sent stands', async () => {
    // 1...e5 was played and relayed; the next mail takes it back by naming it.
    const state = extendGame(afterE4(), [
      {
        type: 'move',
        on: '2026-11-03',
        side: 'black',
        uci: 'e7e5',
        sentOn: '2026-11-03',
        deliveredOn: '2026-11-03',
      },
    ]);
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] 1... e5\r\nDate: Wed, 04 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m3@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPrzepraszam, miało być 1...e6 a nie 1...e5!\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'algebraic', lang: 'pl' },
      sentOn: '2026-11-04',
    });
    const ruled = decideTransmission(state, t!, '2026-11-04', defaultEventRules());
    expect(ruled.effects).toEqual([
      {
        kind: 'transmission-rejected',
        to: ['black'],
        problem: { code: 'slip-stands', ply: 1, meant: '1...e6' },
        penaltyDays: 0,
        rules: ['P-4a', 'L-4.2'],
      },
    ]);
    expect(ruled.events).toEqual([]);
  });
  it("P-4a, P-6g: a correction of a move sent that crosses the opponent's answer is no transmission without the repetition: the move stands, no penalty", async () => {
    // 1.c4 e5 2.Nc3 (Jan), 2...Nf6 (Tom) — then Jan's "miało być 2.g3 a nie 2.Sc3" arrives.
    const rows: [Side, string, CalendarDate][] = [
      ['white', 'c2c4', '2026-11-02'],
      ['black', 'e7e5', '2026-11-03'],
      ['white', 'b1c3', '2026-11-04'],
      ['black', 'g8f6', '2026-11-05'],
    ];
    const state = extendGame(
      foldGame([
        {
          type: 'created',
          on: '2026-11-01',
          start: { kind: 'standard' },
          white: 'w@x.org',
          black: 'b@x.org',
          clockStartsOn: '2026-11-01',
        },
      ]),
      rows.map(([side, uci, on]) => ({
        type: 'move',
        on,
        side,
        uci,
        sentOn: on,
        deliveredOn: on,
      })),
    );
    for (const body of [
      'Przepraszam, miało być 2.g3 a nie 2.Sc3',
      'Przepraszam, miało być g3 a nie Sc3',
      'Sorry, I meant 2.g3 not 2.Nc3',
    ]) {
      const r = await readInbound(
        `From: White <w@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] 2... Nf6\r\nDate: Fri, 06 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m9@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'white',
        reading: { kind: 'algebraic', lang: body.includes('Sc3') ? 'pl' : 'en' },
        sentOn: '2026-11-06',
      });
      const ruled = decideTransmission(state, t!, '2026-11-06', defaultEventRules());
      expect(ruled.events, body).toEqual([]);
      expect(ruled.effects, body).toMatchObject([
        {
          kind: 'transmission-rejected',
          problem: { code: 'slip-stands', ply: 2 },
          penaltyDays: 0,
        },
      ]);
    }
    // With the repetition and a move of its own, the move is played and the answer says the
    // correction was not.
    const r = await readInbound(
      `From: White <w@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] 2... Nf6\r\nDate: Fri, 06 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m10@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n2...Nf6 3.g3\r\nSorry, in my last mail I meant 2.g3 not 2.Nc3\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'white',
      reading: { kind: 'algebraic', lang: 'en' },
      sentOn: '2026-11-06',
    });
    const ruled = decideTransmission(state, t!, '2026-11-06', defaultEventRules());
    expect(ruled.events.filter((e) => e.type === 'move')).toMatchObject([{ uci: 'g2g3' }]);
    expect(ruled.effects[0]).toMatchObject({
      kind: 'move-accepted',
      warnings: [{ code: 'slip-stands', ply: 2, meant: '2.g3' }],
    });
  });
});

describe('L-5.2.3: accepting a standing draw offer, a whole mail through to the ruling', () => {
  // White played 2.Nf3 with a draw offer (L-9.1.2.1); Black answers in words alone.
  const offered = foldGame([
    {
      type: 'created',
      on: '2026-11-01',
      start: { kind: 'standard' },
      white: 'w@x.org',
      black: 'b@x.org',
      clockStartsOn: '2026-11-01',
    },
    ...(
      [
        ['white', 'e2e4'],
        ['black', 'e7e5'],
        ['white', 'g1f3'],
      ] as const
    ).map(([side, uci], i) => ({
      type: 'move' as const,
      on: `2026-11-0${i + 2}` as CalendarDate,
      side,
      uci,
      sentOn: `2026-11-0${i + 2}` as CalendarDate,
      deliveredOn: `2026-11-0${i + 2}` as CalendarDate,
      ...(i === 2 ? { drawOffer: true } : {}),
    })),
  ]);
  const rule = async (body: string, lang: 'pl' | 'cs' | 'uk' | 'de' | 'en') => {
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 2\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <m3@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'algebraic', lang },
      sentOn: '2026-11-06',
    });
    return decideTransmission(offered, t!, '2026-11-06', defaultEventRules());
  };
  it.each([
    ['No to: przyjmuję remis.', 'pl'],
    ['Zgoda na remis, dziękuję za grę!', 'pl'],
    ['Ok, remis.', 'pl'],
    ['No, beru remízu.', 'cs'],
    ['Згода на нічию.', 'uk'],
    ['OK, draw. Thanks for the game.', 'en'],
  ] as const)('%j ends the game drawn by agreement', async (body, lang) => {
    expect((await rule(body, lang)).effects).toContainEqual(
      expect.objectContaining({ kind: 'game-ended', result: '1/2-1/2', endKind: 'draw-agreed' }),
    );
  });
  it.each([
    ['Zgoda na remis, jeśli zagrasz 3.d4', 'pl'],
    ['Remis angenommen, wenn Sie 3.d4 spielen.', 'de'],
    ['Згода на нічию, якщо зіграєте 3.d4', 'uk'],
    ['Asi beru remízu', 'cs'],
    ['Мабуть, приймаю нічию', 'uk'],
    ['Chyba przyjmuję remis', 'pl'],
    ['Maybe I accept the draw', 'en'],
  ] as const)('%j, with a condition or a hedge, does not end the game', async (body, lang) => {
    const kinds = (await rule(body, lang)).effects.map((e) => e.kind);
    expect(kinds).not.toContain('game-ended');
    expect(kinds).not.toContain('draw-declined');
  });
  it('a conditional acceptance beside a move plays the move, which declines the offer (L-9.1.2.1)', async () => {
    const d = await rule('2.Jf3\nBeru remízu, pokud zahrajete 3.d4. Jinak hraju 2...Jc6.', 'cs');
    expect(d.effects.map((e) => e.kind)).toEqual([
      'move-accepted',
      'move-relayed',
      'draw-declined',
    ]);
    expect(d.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'b8c6' });
  });
  it.each([
    ['Přijímám remízu, děkuji za hru.', 'cs', 'děkuji za hru.'],
    ['Przyjmuję remis, dziękuję za grę!', 'pl', 'dziękuję za grę!'],
    ['Remis angenommen, vielen Dank für die Partie.', 'de', 'vielen Dank für die Partie.'],
    ['Remis angenommen, danke!', 'de', 'danke!'],
    ['Приймаю нічию, дякую за гру.', 'uk', 'дякую за гру.'],
    ['I accept the draw, thanks for the game.', 'en', 'thanks for the game.'],
    ['Thanks for the game, I accept the draw.', 'en', 'Thanks for the game'],
  ] as const)(
    '%j: the words after a comma go to the opponent with the result',
    async (body, lang, note) => {
      // Was: split at full stops only, so the thanks in the acceptance's sentence never went.
      const d = await rule(body, lang);
      expect(d.effects).toContainEqual(
        expect.objectContaining({ kind: 'game-ended', result: '1/2-1/2', endKind: 'draw-agreed' }),
      );
      expect(d.effects).toContainEqual(
        expect.objectContaining({ kind: 'game-ended', words: { from: 'black', note } }),
      );
      expect(d.effects.map((e) => e.kind)).not.toContain('note-relayed');
    },
  );
  it.each([
    ['I accept the draw, see you in the next round.', 'en', 'see you in the next round.'],
    [
      'Przyjmuję remis, do zobaczenia w następnej rundzie.',
      'pl',
      'do zobaczenia w następnej rundzie.',
    ],
    ['Přijímám remízu, uvidíme se v dalším kole.', 'cs', 'uvidíme se v dalším kole.'],
    ['Remis angenommen, bis zur nächsten Runde!', 'de', 'bis zur nächsten Runde!'],
    ['Приймаю нічию, до зустрічі в наступному турі.', 'uk', 'до зустрічі в наступному турі.'],
  ] as const)(
    '%j: a farewell to the next round reports no other game; the draw is agreed and the farewell passed on',
    async (body, lang, note) => {
      // Was: "round" took the sentence for news of another game, so nothing was accepted and
      // the player was told the mail held no move, while the offer stood.
      const d = await rule(body, lang);
      expect(d.effects).toContainEqual(
        expect.objectContaining({ kind: 'game-ended', result: '1/2-1/2', endKind: 'draw-agreed' }),
      );
      expect(d.effects).toContainEqual(
        expect.objectContaining({ kind: 'game-ended', words: { from: 'black', note } }),
      );
      expect(d.effects.map((e) => e.kind)).not.toContain('note-relayed');
    },
  );
  it.each([
    'Should I accept the draw? See you in the next round.',
    'I accept the draw if you play 3.d4, see you in the next round.',
    'I accepted the draw in the last round, see you in the next one.',
    "I don't accept the draw, see you in the next round.",
  ])('%j, a question, a condition, the past or a negation, agrees no draw', async (body) => {
    const kinds = (await rule(body, 'en')).effects.map((e) => e.kind);
    expect(kinds).not.toContain('game-ended');
  });
  it('a word that is no clause of its own beside the acceptance ("Yes, …") is passed on as nothing', async () => {
    const d = await rule('Yes, I accept the draw.', 'en');
    expect(d.effects.map((e) => e.kind)).not.toContain('note-relayed');
  });
  it('"Nie przyjmuję remisu." declines the offer; it does not end the game', async () => {
    const d = await rule('Nie przyjmuję remisu.', 'pl');
    expect(d.effects.map((e) => e.kind)).toEqual(['draw-declined']);
  });
});

describe('words for the opponent outside a note', () => {
  const unreadOf = async (body: string) => {
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 3 Nov 2026 10:00:00 +0000\r\nMessage-ID: <u1@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    return assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'auto' },
      sentOn: '2026-11-03',
    })?.unread;
  };
  it('prose that is no move, date or command is kept to tell the sender it was not passed on', async () => {
    expect(
      await unreadOf('1.e4 e5\nSorry for the late reply.\nI was away at a tournament.'),
    ).toEqual(['Sorry for the late reply.', 'I was away at a tournament.']);
    expect(
      await unreadOf(
        'Hi Jan,\n\n1.e4 e5\nThanks for the nice opening, I did not expect that!\n\nKind regards, Anna Nowak',
      ),
    ).toEqual(['Thanks for the nice opening, I did not expect that!']);
    expect(
      await unreadOf('Witam,\n1.e4 e5\nDziękuję za szybką odpowiedź i pozdrawiam serdecznie.'),
    ).toEqual(['Dziękuję za szybką odpowiedź i pozdrawiam serdecznie.']);
  });
  it('greetings, a note, dates and lines with moves are not counted', async () => {
    expect(
      await unreadOf(
        'Dear Mr Novák,\n1.e4 e5\nReceived 1 Nov, sent 2 Nov.\nNote: good luck in the other games\nMit freundlichen Grüßen\nAnna',
      ),
    ).toBeUndefined();
    expect(await unreadOf('1.e4 e5 thanks, I expected 1...c5 from you')).toBeUndefined();
    for (const [open, close] of [
      ['Good evening Jan,', 'All the best,'],
      ['Dobry wieczór Pani Alice,', 'Z szachowym pozdrowieniem'],
      ['Dobrý večer,', 'S přátelským pozdravem'],
      ['Guten Abend Herr Novák,', 'Mit schachlichen Grüßen'],
      ['Доброго вечора, пане Гансе', 'З шаховим привітом'],
    ])
      expect(await unreadOf(`${open}\n1.e4 e5\n${close}\nAnna`)).toBeUndefined();
  });
  it('a signature or a company footer is not quoted back as words for the opponent', async () => {
    expect(
      await unreadOf(
        '1...e5\nBest regards\nJohn Smith\nSenior Engineer | Contoso Ltd\nPhone: +44 20 7946 0958\nwww.contoso.example\nThis e-mail and any attachments are confidential and intended solely for the addressee.',
      ),
    ).toBeUndefined();
    expect(
      await unreadOf(
        '1...e5\nDiese E-Mail ist vertraulich und nur für den Empfänger bestimmt.\nTa wiadomość jest poufna i przeznaczona wyłącznie dla adresata.',
      ),
    ).toBeUndefined();
  });
  it('P-2f..h: dates written day-word first are read, not quoted back as unread words', async () => {
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 3 Nov 2026 10:00:00 +0100\r\nMessage-ID: <u4@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e5\r\ngestern erhalten, heute gesendet\r\n\r\nMfG\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'auto' },
      sentOn: '2026-11-03',
    });
    expect(t).toMatchObject({ statedReceivedOn: '2026-11-02', statedSentOn: '2026-11-03' });
    expect(t?.unread).toBeUndefined();
  });
  it('P-2f..h, P-2i: one date for both labels ("Heute erhalten und gesendet") is both dates, and no word is quoted back', async () => {
    for (const line of ['Heute erhalten und gesendet', 'received and sent today']) {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 3 Nov 2026 10:00:00 +0100\r\nMessage-ID: <u5@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e5\r\n${line}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'auto' },
        sentOn: '2026-11-03',
      });
      expect(t).toMatchObject({ statedReceivedOn: '2026-11-03', statedSentOn: '2026-11-03' });
      expect(t?.unread).toBeUndefined();
    }
  });
  it('P-2f..h, P-2i: a day-word after the first label and before "and" is the second label’s date too ("received today and sent")', async () => {
    // Was: the received date read, the sent date taken as missing and the player told so.
    for (const [language, line] of [
      ['en', 'Your move received today and sent.'],
      ['pl', 'Dzień dobry, otrzymałem dziś i wysyłam.'],
      ['cs', 'Tah jsem obdržel dnes a odesílám.'],
      ['de', 'Ihren Zug erhalten heute und gesendet.'],
      ['uk', 'Хід отримав сьогодні і надсилаю.'],
    ]) {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 3 Nov 2026 10:00:00 +0100\r\nMessage-ID: <u7@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e5\r\n${line}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'auto' },
        sentOn: '2026-11-03',
      });
      expect(t, language).toMatchObject({
        statedReceivedOn: '2026-11-03',
        statedSentOn: '2026-11-03',
      });
      expect(t?.unread, language).toBeUndefined();
    }
  });
  it('P-2f..h, P-2i: a word of haste after the "and" ("a hned", "und sofort", "i od razu") leaves the shared date to both labels', async () => {
    // Was: the received date read, the sent date taken as missing and the player told so
    // (P-2i), and "Váš tah jsem" quoted back as words not passed on.
    for (const [language, line] of [
      ['cs', 'Váš tah jsem obdržel dnes a hned odpovídám.'],
      ['de', 'Ihren Zug erhalten heute und sofort gesendet.'],
      ['pl', 'Otrzymałem dziś i od razu wysyłam.'],
      ['uk', 'Хід отримав сьогодні і одразу надсилаю.'],
      ['en', 'Your move received today and right away sent.'],
      ['en', 'Your move received today and sent immediately.'],
    ]) {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 3 Nov 2026 10:00:00 +0100\r\nMessage-ID: <u9@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e5\r\n${line}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'auto' },
        sentOn: '2026-11-03',
      });
      expect(t, language).toMatchObject({
        statedReceivedOn: '2026-11-03',
        statedSentOn: '2026-11-03',
      });
      expect(t?.unread, language).toBeUndefined();
      const state = foldGame([
        {
          type: 'created',
          on: '2026-11-01',
          start: { kind: 'standard' },
          white: 'w@x.org',
          black: 'b@x.org',
          clockStartsOn: '2026-11-01',
        },
        {
          type: 'move',
          on: '2026-11-03',
          side: 'white',
          uci: 'e2e4',
          sentOn: '2026-11-02',
          deliveredOn: '2026-11-03',
        },
      ]);
      // Both dates as stated, so nothing to correct or tell the player.
      expect(
        decideTransmission(state, t!, '2026-11-03', defaultEventRules()).effects[0],
        language,
      ).toMatchObject({ kind: 'move-accepted', corrections: [], warnings: [] });
    }
    // The few words a date took along are its own; words before them in a clause of their own
    // are still quoted.
    expect(
      await unreadOf('1.e4 e5\nDěkuji za rychlou odpověď, Váš tah jsem obdržel dnes a odpovídám.'),
    ).toEqual(['Děkuji za rychlou odpověď.']);
  });
  it('P-2f..h: a slash date that reads both ways is read month first only when day first is before the move answered was delivered', async () => {
    const dates = async (line: string, since?: string) => {
      const r = await readInbound(
        `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 24 Nov 2026 10:00:00 -0500\r\nMessage-ID: <u6@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e5\r\n${line}\r\n`,
      );
      if (!r.ok) throw new Error(r.error);
      const t = assembleTransmission(r.value, {
        side: 'black',
        reading: { kind: 'auto' },
        sentOn: '2026-11-24',
        ...(since ? { since: since as CalendarDate } : {}),
      });
      return [t?.statedReceivedOn, t?.statedSentOn];
    };
    // Was: 11 October, before 1.e4 reached the player on 5 November.
    expect(await dates('Received 11/10/2026, sent 11/24/2026', '2026-11-05')).toEqual([
      '2026-11-10',
      '2026-11-24',
    ]);
    expect(await dates('Received 11/10', '2026-11-05')).toEqual(['2026-11-10', undefined]);
    // A European date that can be true stays day first.
    expect(await dates('Received 10/11/2026', '2026-11-05')).toEqual(['2026-11-10', undefined]);
    // Neither reading fits, or nothing is known of the move answered: day first, as written.
    expect(await dates('Received 03/04/2026', '2026-11-05')).toEqual(['2026-04-03', undefined]);
    expect(await dates('Received 11/10/2026')).toEqual(['2026-10-11', undefined]);
  });
  it('a sentence beside the moves of a line is quoted back too, the moves still read', async () => {
    expect(await unreadOf('1.e4 e5. Danke für die schnelle Antwort!')).toEqual([
      'Danke für die schnelle Antwort!',
    ]);
    expect(await unreadOf('Thanks for the quick reply! 1.e4 e5')).toEqual([
      'Thanks for the quick reply!',
    ]);
    expect(await unreadOf('1...e5 - dziękuję za miłą partię do tej pory')).toEqual([
      'dziękuję za miłą partię do tej pory',
    ]);
    // An introduction, a short word, or a command on the line is no message for the opponent.
    expect(await unreadOf('Here is my move: 1...e5')).toBeUndefined();
    expect(await unreadOf('1...e5 danke')).toBeUndefined();
    expect(await unreadOf('1...e5 and I offer a draw')).toBeUndefined();
  });
  it('P-4a: a question on its own line that ends in a move is quoted back whole, as on the line of the moves', async () => {
    // Was: nothing quoted and nothing passed on; the player thought the opponent read it.
    for (const line of [
      'Ciekawe, czy zagra Pani 2...d6?',
      "I wonder if you'll play 2...d6?",
      'Bin gespannt, ob Sie 2...d6 spielen?',
    ])
      expect(await unreadOf(`1.e4 e5\n${line}`), line).toEqual([line]);
    expect(await unreadOf('1.e4 e5 - Ciekawe, czy zagra Pani 2...d6?')).toEqual([
      '1.e4 e5 - Ciekawe, czy zagra Pani 2...d6?',
    ]);
    // Words that lead into the moves sent are still no message.
    expect(await unreadOf('Thanks for your move 1.e4\n1...e5')).toBeUndefined();
  });
  it('a sentence moves were taken from the middle of is quoted back whole, the moves in place, never with a hole', async () => {
    for (const line of [
      // Was: "is a good move I think", "is my move, I think it is a good one." …
      'Sorry for the delay, 1.e4 e5 is my move, I think it is a good one.',
      'Przepraszam za zwłokę, 1.e4 e5 to mój ruch i chyba dobry.',
      'Omlouvám se za zpoždění, 1.e4 e5 je můj tah a snad dobrý.',
      'Entschuldigung für die Verspätung, 1.e4 e5 ist mein Zug, hoffentlich ein guter.',
      'Вибачте за затримку, 1.e4 e5 мені здається непоганим ходом.',
    ])
      expect(await unreadOf(line), line).toEqual([line]);
    // A move the reader did not take out of the sentence leaves no hole either.
    expect(await unreadOf('1.e4 e5\nSorry for the delay, e5 is a good move I think')).toEqual([
      'Sorry for the delay, e5 is a good move I think',
    ]);
    // Words that stand apart from the moves are still quoted alone.
    expect(await unreadOf('Hi Jan, 1.e4 e5 - I spent a week on this move!')).toEqual([
      'I spent a week on this move!',
    ]);
    expect(await unreadOf('1.e4 e5 - Przepraszam za zwłokę, miałem gości')).toEqual([
      'Przepraszam za zwłokę, miałem gości',
    ]);
  });
  it('a capital after the moves goes on with their sentence ("I think", a German noun): its words are quoted with the moves, never dropped', async () => {
    // Was: nothing quoted (the words before the moves dropped, "I think" too short alone), or
    // the words after the moves quoted as a sentence of their own.
    for (const line of [
      'Sorry for the delay, 1.e4 e5 I think',
      'Entschuldigung für die Verspätung, 1.e4 e5 Ich hoffe, das passt.',
      'Omlouvám se za zpoždění, 1.e4 e5 Snad to nevadí',
      'Вибачте за затримку, 1.e4 e5 Сподіваюся, це добрий хід',
      '1.e4 e5 Danke für die schnelle Antwort!',
      '1.e4 e5 Przepraszam za zwłokę, miałem gości',
    ])
      expect(await unreadOf(line), line).toEqual([line]);
    // A mark or a line break still sets them apart.
    expect(await unreadOf('1.e4 e5\nIch hoffe, das passt.')).toEqual(['Ich hoffe, das passt.']);
  });
  it('words between moves, or a clause of its own before them, are quoted back whole, never dropped', async () => {
    // Black: 1.e4 is the repetition, e5 after the words the move, and the words are quoted.
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nDate: Tue, 3 Nov 2026 10:00:00 +0000\r\nMessage-ID: <u8@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 Sorry for the delay, e5 is a good move I think\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'auto' },
      sentOn: '2026-11-03',
    });
    const state = foldGame([
      {
        type: 'created',
        on: '2026-11-01',
        start: { kind: 'standard' },
        white: 'w@x.org',
        black: 'b@x.org',
        clockStartsOn: '2026-11-01',
      },
      {
        type: 'move',
        on: '2026-11-02',
        side: 'white',
        uci: 'e2e4',
        sentOn: '2026-11-02',
        deliveredOn: '2026-11-02',
      },
    ]);
    const d = decideTransmission(state, t!, '2026-11-03', defaultEventRules());
    // Was: e5 played, and the words dropped without a word.
    expect(d.events.find((e) => e.type === 'move')).toMatchObject({ uci: 'e7e5' });
    expect(d.effects[0]).toMatchObject({
      kind: 'move-accepted',
      warnings: [
        { code: 'not-relayed', words: '1.e4 Sorry for the delay, e5 is a good move I think' },
      ],
    });
    for (const line of [
      '2.Nf3 Nc6 Sorry for the delay, e5 is a good move I think',
      'Thanks for 2.Nf3, my answer is 2...Nc6 and I hope you are well.',
      'Dziękuję za 2.Sf3, moja odpowiedź to 2...Sc6 i mam nadzieję, że u Pana wszystko dobrze.',
      'Danke für 2.Sf3, meine Antwort ist 2...Sc6 und ich hoffe, es geht Ihnen gut.',
      'Děkuji za 2.Jf3, moje odpověď je 2...Jc6 a doufám, že se máte dobře.',
      'Дякую за 2.Кf3, моя відповідь 2...Кc6 і сподіваюся, що у вас усе добре.',
      'Sorry for the delay, 1.e4 e5',
    ])
      expect(await unreadOf(line), line).toEqual([line]);
    // Words that only name the moves say nothing of their own.
    for (const line of [
      'Thanks for 1.e4, I play 1...e5',
      'Dziękuję za 1.e4, gram 1...e5',
      'Hi Jan, 1.e4 e5',
      'Here is my move: 1...e5',
    ])
      expect(await unreadOf(line), line).toBeUndefined();
  });
  it('L-9.1.2.1: a draw offered in a note is recorded as the offer it tells the opponent of', async () => {
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nMessage-ID: <u3@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1.e4 e5\r\nNote: I offer a draw, the position is level\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'auto' },
      sentOn: '2026-11-03',
    });
    expect(t).toMatchObject({ note: 'I offer a draw, the position is level', drawOffer: true });
    expect(t?.moves.map((m) => m.text)).toEqual(['e4', 'e5']);
  });
  it('a note after the moves of its line is passed on, and the moves are read', async () => {
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 3\r\nMessage-ID: <u2@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n3.Bb5 a6 Note: nice opening, I didn't expect the Ruy Lopez!\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'black',
      reading: { kind: 'auto' },
      sentOn: '2026-11-03',
    });
    expect(t).toMatchObject({ note: "nice opening, I didn't expect the Ruy Lopez!" });
    expect(t?.moves.map((m) => m.text)).toEqual(['Bb5', 'a6']);
    expect(t?.unread).toBeUndefined();
  });
});

describe('P-8a, P-8b: leave dates written without a year', () => {
  const leaveOf = async (line: string, sentOn: CalendarDate) => {
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nMessage-ID: <l1@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${line}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    return assembleTransmission(r.value, { side: 'black', reading: { kind: 'auto' }, sentOn })
      ?.leave;
  };
  it('are the next such days from the day the mail came; the end may fall in the next year', async () => {
    expect(await leaveOf('Urlop od 1.12 do 15.12', '2026-11-24')).toEqual({
      from: '2026-12-01',
      to: '2026-12-15',
    });
    expect(await leaveOf('Vacation: 20 Dec - 3 Jan', '2026-11-24')).toEqual({
      from: '2026-12-20',
      to: '2027-01-03',
    });
    expect(await leaveOf('Dovolená 10.1.-20.1.', '2026-11-24')).toEqual({
      from: '2027-01-10',
      to: '2027-01-20',
    });
    // Months in Roman numerals; "20 i 28 grudnia" ("20 and 28 December") has no month I.
    expect(await leaveOf('Urlop od 20.XII do 28.XII', '2026-11-24')).toEqual({
      from: '2026-12-20',
      to: '2026-12-28',
    });
    expect(await leaveOf('Urlop 20 i 28 grudnia', '2026-11-24')).not.toMatchObject({
      from: '2027-01-20',
    });
    // One date with its year, one without.
    expect(await leaveOf('Urlaub vom 28.12. bis 4.1.2027', '2026-11-24')).toEqual({
      from: '2026-12-28',
      to: '2027-01-04',
    });
  });
  it('a day of the last 90 days stays in this year, to be refused as not in advance (P-8b)', async () => {
    expect(await leaveOf('I was on holiday from 1.11 to 10.11', '2026-11-24')).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
    });
  });
  it.each([
    'I will not take leave from 20 Dec to 27 Dec after all.',
    'Ich nehme doch keinen Urlaub vom 20.12. bis 27.12.',
    'Please cancel my leave 20–27 Dec',
    'Moje dovolená od 20.12. do 27.12. se ruší',
  ])('P-8a leave taken back books none, and is for the TD: %s', async (line) => {
    expect(await leaveOf(line, '2026-11-24')).toBeUndefined();
    const r = await readInbound(
      `From: Black <b@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 1\r\nMessage-ID: <l3@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${line}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.commands.map((c) => c.kind)).toEqual(['td-message']);
  });
  it('a day that does not exist is no leave', async () => {
    expect(await leaveOf('Urlop od 31.11 do 5.12', '2026-11-24')).toBeUndefined();
  });
  it.each([
    ['Urlaub 20.12-25.12', '2026-12-20', '2026-12-25'],
    ['Urlop 1-15 grudnia', '2026-12-01', '2026-12-15'],
    ['Urlop od 1 do 15 grudnia', '2026-12-01', '2026-12-15'],
    ['Отпуск с 1 по 15 декабря', '2026-12-01', '2026-12-15'],
    ['Urlaub vom 28. bis 31. Dezember', '2026-12-28', '2026-12-31'],
    ['Vacation 20-25 December', '2026-12-20', '2026-12-25'],
    ['On holiday December 20-25', '2026-12-20', '2026-12-25'],
    ['Dovolená 20.-25. prosince', '2026-12-20', '2026-12-25'],
    ['Urlaub 20.-25.12.', '2026-12-20', '2026-12-25'],
  ])('a range with one month for both days: %s', async (line, from, to) => {
    expect(await leaveOf(line, '2026-11-24')).toEqual({ from, to });
  });
});

describe('P-8b, P-4d: leave and the move on one line (a phone writes one)', () => {
  const read = async (line: string) => {
    const r = await readInbound(
      `From: White <w@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move 3\r\nMessage-ID: <l2@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${line}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side: 'white',
      reading: { kind: 'auto' },
      sentOn: '2026-11-24',
    });
    return { moves: t?.moves.filter(isMoveToken).map((m) => m.text), leave: t?.leave };
  };
  const leave = { from: '2026-12-20', to: '2026-12-28' };
  it.each([
    ['3...a6 4.Ba4. Leave from 2026-12-20 to 2026-12-28.', ['a6', 'Ba4']],
    ['3...a6 4.Ba4 Urlaub vom 20.12.2026 bis 28.12.2026', ['a6', 'Ba4']],
    ['Urlop od 20.12.2026 do 28.12.2026; 3...a6 4.Ba4', ['a6', 'Ba4']],
    ['I am on holiday from 20.12.2026 to 28.12.2026, 3...a6 4.Ba4', ['a6', 'Ba4']],
    ['On leave 20.12.2026 - 28.12.2026', []],
  ])('%s', async (line, moves) => {
    expect(await read(line)).toEqual({ moves, leave });
  });
});

describe('P-4d: a move typed into the subject', () => {
  const TITLE = 'Jan Kowalski – Petr Novák';
  const read = async (subject: string, body: string) => {
    const r = await readInbound(
      `From: Petr <b@x.org>\r\nTo: amici@x.org\r\nSubject: ${subject}\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <s@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const said = withSubjectAndPgn(r.value, TITLE).inbound;
    const t = assembleTransmission(said, {
      side: 'black',
      reading: { kind: 'algebraic', lang: 'en' },
      sentOn: '2026-11-20',
    })!;
    return { said, t, moves: t.moves.map(show).join(' '), chatter: notATransmission(said, t) };
  };

  it.each([
    ['[CLUB/1] 1.e4 e5', '', '1.e4 e5'],
    ['1.e4 e5', 'Sent from my iPhone', '1.e4 e5'],
    ['[CLUB/1] 1.e4 e5 (=)', '', '1.e4 e5'],
    ['1.e4 e5', 'Hi Jan, a sharp game so far!', '1.e4 e5'],
  ])(
    'a new mail with the subject %j and the body %j is read from its subject',
    async (subject, body, moves) => {
      const r = await read(subject, body);
      expect(r.moves).toBe(moves);
      expect(r.chatter).toBe(false);
    },
  );
  it('a draw mark, a resignation and the dates in the subject count as in the body', async () => {
    expect((await read('[CLUB/1] 1.e4 e5 (=)', '')).t.moves.at(-1)?.drawOffer).toBe(true);
    expect((await read('[CLUB/1] I resign', '')).t.resign).toBe(true);
  });
  it.each([
    'Re: [CLUB/1] Jan Kowalski – Petr Novák: 1. e4 — your move',
    'RE: 1.e4',
    'AW: 1.e4',
    'Odp: 1.e4',
    'Odpověď: 1.e4',
    'Відп: 1.e4',
    'Fwd: 1.e4',
    'WG: 1.e4',
    'Re[2]: 1.e4',
    '[CLUB/1] Jan Kowalski – Petr Novák: 1. e4 — your move',
    '[CLUB/1] Jan Kowalski - Petr Novák: 1. e4 — your move',
    '[CLUB/1]',
  ])(
    'the subject %j was not typed now: an empty body stays a blank transmission',
    async (subject) => {
      const r = await read(subject, '');
      expect(r.said.newText.text).toBe('');
      expect(r.t.moves).toEqual([]);
      expect(r.chatter).toBe(false);
    },
  );
  it('a body with moves is read alone: the subject never adds moves to it', async () => {
    const r = await read('[CLUB/1] 1.d4', '1.e4 e5');
    expect(r.moves).toBe('1.e4 e5');
  });
  it('a body of dates alone takes its moves from the subject, and keeps its dates (P-2f..h)', async () => {
    const r = await read('[CLUB/1] 1.e4 e5', 'Received 19.11.2026\nSent 20.11.2026');
    expect(r.moves).toBe('1.e4 e5');
    expect(r.t).toMatchObject({ statedReceivedOn: '2026-11-19', statedSentOn: '2026-11-20' });
    // A subject of words adds nothing to a body of dates.
    const words = await read('[CLUB/1] my move', 'Received 19.11.2026');
    expect(words.moves).toBe('');
    expect(words.t.statedReceivedOn).toBe('2026-11-19');
  });
  it('a body of a draw offer, leave or a note goes with the move in the subject; a resignation stands alone', async () => {
    const offer = await read('[CLUB/1] 1.e4 e5', 'I offer a draw.');
    expect(offer.moves).toBe('1.e4 e5');
    expect(offer.t.drawOffer).toBe(true);
    const leave = await read('[CLUB/1] 1.e4 e5', 'Leave from 2.1.2027 to 6.1.2027');
    expect(leave.moves).toBe('1.e4 e5');
    expect(leave.t.leave).toEqual({ from: '2027-01-02', to: '2027-01-06' });
    const resign = await read('[CLUB/1] 1.e4 e5', 'I resign');
    expect(resign.moves).toBe('');
    expect(resign.t.resign).toBe(true);
  });
  it('P-2f..h: a sentence a stated date was cut from the middle of is quoted back whole, never with a hole', async () => {
    const r = await read(
      'Re: [CLUB/1]',
      'I got your move on 19.11, what a surprise it was for me.\nSent 20.11. Thanks for the game so far!',
    );
    expect(r.t).toMatchObject({ statedReceivedOn: '2026-11-19', statedSentOn: '2026-11-20' });
    expect(r.t.unread).toEqual([
      'I got your move on 19.11, what a surprise it was for me.',
      'Thanks for the game so far!',
    ]);
  });
  it('L-5.1.2: the words beside a resignation are its note for the winner; its own sentence is not', async () => {
    const beside = await read('Re: [CLUB/1]', 'I resign. Congratulations and thanks for the game!');
    expect(beside.t).toMatchObject({
      resign: true,
      note: 'Congratulations and thanks for the game!',
    });
    expect(beside.t.unread).toBeUndefined();
    const lines = await read(
      'Re: [CLUB/1]',
      'Thank you for a fine game.\nI resign.\n\nBest regards,\nJan',
    );
    expect(lines.t).toMatchObject({ resign: true, note: 'Thank you for a fine game.' });
    // Its own sentence is split at commas too (was: at full stops only, the words dropped).
    for (const [body, note] of [
      ['I resign, congratulations on a fine game', 'congratulations on a fine game'],
      ['Vzdávám, gratuluji k výhře.', 'gratuluji k výhře.'],
      ['Gebe auf, Glückwunsch zum Sieg!', 'Glückwunsch zum Sieg!'],
    ] as const)
      expect((await read('Re: [CLUB/1]', body)).t, body).toMatchObject({ resign: true, note });
    // A resignation alone, or said in a note, passes on nothing more.
    expect((await read('Re: [CLUB/1]', 'I resign.\nJan')).t.note).toBeUndefined();
    const inNote = await read('Re: [CLUB/1]', 'Note: I resign. Thanks for the game!');
    expect(inNote.t).toMatchObject({ resign: true, note: 'I resign. Thanks for the game!' });
  });
  it('L-5.2.3: the words with an acceptance of a draw, a note that says it too, wait for the rulebook; they are no note yet', async () => {
    const beside = await read('Re: [CLUB/1]', 'I accept the draw. Thanks for the game!\nJan');
    expect(beside.t).toMatchObject({ acceptDraw: true, withAcceptance: 'Thanks for the game!' });
    expect(beside.t.note).toBeUndefined();
    const inNote = await read('Re: [CLUB/1]', 'Note: Přijímám remízu, děkuji za hru.');
    expect(inNote.t).toMatchObject({
      acceptDraw: true,
      withAcceptance: 'Přijímám remízu, děkuji za hru.',
    });
    expect(inNote.t.note).toBeUndefined();
    // With a move: another note is the move's; the move of the line is no word beside it.
    const moved = await read(
      'Re: [CLUB/1]',
      '1.e4 e5. Przyjmuję remis. Dziękuję!\nNote: Powodzenia w turnieju',
    );
    expect(moved.t).toMatchObject({
      acceptDraw: true,
      withAcceptance: 'Dziękuję!',
      note: 'Powodzenia w turnieju',
    });
  });
  it('a subject of words over an empty body is a message, not a blank transmission', async () => {
    const r = await read('[CLUB/1] Question about my clock', '');
    expect(r.t.moves).toEqual([]);
    expect(r.chatter).toBe(true);
  });
  it('ownSubject: the words the player typed, tags out; none for replies, forwards, our subjects', () => {
    expect(ownSubject('[CLUB/1]  12...Nf6 13.Bd3', TITLE)).toBe('12...Nf6 13.Bd3');
    expect(ownSubject('Resign', TITLE)).toBe('Resign');
    expect(ownSubject('Re: 12...Nf6', TITLE)).toBeUndefined();
    // Our title however a client rewrote its dash, spaces or case is still ours.
    expect(ownSubject('[CLUB/1] jan kowalski - petr  novák: 1.e4', TITLE)).toBeUndefined();
    expect(ownSubject('[CLUB/1] Petr Novák – Jan Kowalski', TITLE)).toBe(
      'Petr Novák – Jan Kowalski',
    );
  });
});

describe('P-4d: a PGN attached to a mail with no transmission in its body', () => {
  const PGN =
    '[Event "Club"]\n[White "Jan"]\n[Black "Petr"]\n\n1.e4 e5 2.Nf3 {main line} Nc6 (2...d6) *\n';
  const read = async (subject: string, body: string, pgn = PGN) => {
    const r = await readInbound(
      [
        'From: Petr <b@x.org>',
        'To: amici@x.org',
        `Subject: ${subject}`,
        'Date: Fri, 20 Nov 2026 10:00:00 +0000',
        'Message-ID: <p@x.org>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '--b1',
        'Content-Type: application/x-chess-pgn; name="game.pgn"',
        'Content-Disposition: attachment; filename="game.pgn"',
        '',
        pgn.replace(/\n/g, '\r\n'),
        '--b1--',
        '',
      ].join('\r\n'),
    );
    if (!r.ok) throw new Error(r.error);
    const { inbound, source } = withSubjectAndPgn(r.value, 'Jan – Petr');
    const t = assembleTransmission(inbound, {
      side: 'black',
      reading: { kind: 'algebraic', lang: 'en' },
      sentOn: '2026-11-20',
    })!;
    return { source, moves: t.moves.map(show).join(' ') };
  };

  it('is read as the score: its movetext, tags, comments and variations left out', async () => {
    expect(await read('Re: [CLUB/1] Jan – Petr: 2. Nf3 — your move', '')).toEqual({
      source: 'pgn',
      moves: '1.e4 e5 2.Nf3 Nc6',
    });
    expect(await read('my move', 'Hi Jan, my game is attached.')).toMatchObject({ source: 'pgn' });
  });
  it('never adds to a body or a subject that carries the transmission', async () => {
    expect(await read('Re: game', '2.Nf3 Nc6')).toEqual({ source: 'body', moves: '2.Nf3 Nc6' });
    expect(await read('[CLUB/1] 2.Nf3 Nc6', '')).toEqual({ source: 'subject', moves: '2.Nf3 Nc6' });
  });
  it('a PGN of several games is not read: which one would be meant?', async () => {
    const two = `${PGN}\n${PGN}`;
    expect(await read('Re: game', '', two)).toEqual({ source: 'body', moves: '' });
  });
});

describe('namesPlayer: the opponent a mail names, the name declined', () => {
  it('a name in the words of a mail, as players decline it', () => {
    const cases: [string, string, boolean][] = [
      ['Partia z Hansem Weberem', 'Hans Weber', true],
      ['Partie gegen Hans Weber', 'Hans Weber', true],
      ['Gra z Ewą Lis', 'Ewa Lis', true],
      ['Partie s Kowalskim', 'Jan Kowalski', true],
      ['Our game, Eva', 'Eva', true],
      // A short part alone is no name: "list" is no Lis, "January" no Jan.
      ['Dziękuję za list', 'Ewa Lis', false],
      ['See you in January', 'Jan Kowalski', false],
      ['Thanks for the game', 'Hans Weber', false],
    ];
    for (const [text, name, named] of cases) expect(namesPlayer(text, name), text).toBe(named);
  });
});

describe('phone mails through to the ruling', () => {
  // The Ruy Lopez to 3...a6 (White to move) or to 4.Ba4 (Black to move), a move every two days.
  const game = (movetext: string) => scenario('2026-11-01').play(movetext);
  const rule = async (
    movetext: string,
    side: Side,
    body: string,
    lang: 'en' | 'pl' | 'cs' | 'de' | 'uk' = 'en',
  ) => {
    const s = game(movetext);
    const sentOn = addDays(s.lastDeliveredOn, 1);
    const r = await readInbound(
      `From: P <p@x.org>\r\nTo: amici@x.org\r\nSubject: Re: [CLUB/1] move\r\nDate: ${new Date(`${sentOn}T10:00:00Z`).toUTCString()}\r\nMessage-ID: <ph@x.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    );
    if (!r.ok) throw new Error(r.error);
    const t = assembleTransmission(r.value, {
      side,
      reading: { kind: 'algebraic', lang },
      sentOn,
    })!;
    return { t, decision: decideTransmission(s.state(), t, sentOn, defaultEventRules()) };
  };
  const played = (d: Decision) =>
    d.events.flatMap((e) => (e.type === 'move' ? [e.uci] : [])).join(' ');

  it('P-4a: "3...a6 4.Ba4 - maybe Nf6 next?" plays 4.Ba4; the question about the next move is quoted back, not a move', async () => {
    // Was: nothing played, 4.Ba4 taken for a move only asked about.
    const { decision } = await rule(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6',
      'white',
      '3...a6 4.Ba4 - maybe Nf6 next?',
    );
    expect(played(decision)).toBe('b5a4');
    expect(decision.effects[0]).toMatchObject({
      kind: 'move-accepted',
      warnings: [{ code: 'not-relayed', words: '3...a6 4.Ba4 - maybe Nf6 next?' }],
    });
    // Another move offered in its place: not decided, nothing played, no penalty (P-4a).
    const undecided = await rule(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6',
      'white',
      '3...a6 4.Ba4 - or maybe 4.Bxc6?',
    );
    expect(played(undecided.decision)).toBe('');
    expect(undecided.decision.effects[0]).toMatchObject({
      kind: 'transmission-rejected',
      problem: { code: 'blank' },
      penaltyDays: 0,
    });
  });

  it.each([
    ['en', '3...a6 4.Ba4\nYour move reached me on 13 November.'],
    ['en', '3...a6 4.Ba4\nit reached me 13.11.'],
    ['pl', '3...a6 4.Ga4\nRuch dotarł do mnie 13 listopada.'],
    ['cs', '3...a6 4.Sa4\nVáš tah mi došel 13. 11.'],
    ['de', '3...a6 4.La4\nIhr Zug hat mich am 13.11. erreicht.'],
    ['uk', '3...a6 4.Сa4\nВаш хід надійшов 13 листопада.'],
  ] as const)(
    'P-2e, P-2f..h (%s): %j is the received date, and no word of it is quoted back',
    async (lang, body) => {
      // Was: no label, so the received date was "not stated" (P-2i) and the words were quoted
      // back as not passed on.
      const { t, decision } = await rule('1.e4 e5 2.Nf3 Nc6 3.Bb5 a6', 'white', body, lang);
      expect(t.statedReceivedOn).toBe('2026-11-13');
      expect(t.unread).toBeUndefined();
      const accepted = decision.effects[0];
      expect(accepted).toMatchObject({ kind: 'move-accepted', warnings: [] });
      if (accepted?.kind !== 'move-accepted') return;
      expect(accepted.corrections.filter((c) => c.field === 'received')).toEqual([]);
    },
  );

  it('P-2f..h, P-2i (de): "Ich bin erst gestern angekommen" beside a move states no received date', async () => {
    // Was: the player's own arrival home was read as the day the move was received (P-2i).
    const { t } = await rule(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6',
      'white',
      '3...a6 4.La4\nEntschuldigung, ich bin erst gestern angekommen.',
      'de',
    );
    expect(t.statedReceivedOn).toBeUndefined();
  });

  it.each([
    ['en', '3...a6 4.Ba4 received yesterday, sent today.'],
    ['en', '3...a6 4.Ba4\nI received it yesterday, sent today.'],
    ['en', '3...a6 4.Ba4 - received yesterday and sent today'],
    ['pl', '3...a6 4.Ga4\nOtrzymałem go wczoraj, wysyłam dziś.'],
    ['de', '3...a6 4.La4\nIch habe ihn gestern erhalten, heute gesendet.'],
  ] as const)(
    'P-2f..h (%s): %j — both dates read, and the words that state them are not quoted back',
    async (lang, body) => {
      // Was: read as dates, and quoted back as words the player wrote and amici did not pass on.
      const { t, decision } = await rule('1.e4 e5 2.Nf3 Nc6 3.Bb5 a6', 'white', body, lang);
      expect(t).toMatchObject({ statedReceivedOn: '2026-11-13', statedSentOn: '2026-11-14' });
      expect(t.unread).toBeUndefined();
      expect(decision.effects[0]).toMatchObject({ kind: 'move-accepted', warnings: [] });
    },
  );

  it.each([
    ['en', '4.Ba4 Nf6 and after 5.O-O I will play Be7'],
    ['en', '4.Ba4 Nf6\nAfter 5.O-O I will play 5...Be7.'],
    ['pl', '4.Ga4 Sf6, po 5.O-O zagram 5...Ge7'],
    ['de', '4.La4 Sf6. Auf 5.O-O folgt 5...Le7.'],
  ] as const)(
    'P-4f, P-4g (%s): %j plays 4...Nf6 and records the line "if 5.O-O then 5...Be7"',
    async (lang, body) => {
      // Was: read as four moves and refused as more moves than one (P-4f).
      const { decision } = await rule('1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4', 'black', body, lang);
      expect(played(decision)).toBe('g8f6');
      expect(decision.events).toContainEqual(
        expect.objectContaining({
          type: 'conditional-line',
          side: 'black',
          line: ['e1h1', 'f8e7'],
        }),
      );
      expect(decision.effects[0]).toMatchObject({
        kind: 'move-accepted',
        conditionalLine: ['e1h1', 'f8e7'],
        warnings: [],
      });
    },
  );

  it.each([
    '4.Ba4 Nf6 and after 5.O-O I will play Be7?',
    '4.Ba4 Nf6 and after 5.O-O I would play Be7',
    '4.Ba4 Nf6 and after 5.O-O I will not play Be7',
    'Unless you object, 4.Ba4 Nf6 and after 5.O-O I will play Be7',
  ])('P-4f: %j, a question, a wish, a negation or a condition, records no line', async (body) => {
    const { decision } = await rule('1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4', 'black', body);
    expect(decision.events.map((e) => e.type)).not.toContain('conditional-line');
  });

  it('P-4c, L-9.1.2.1, P-4f: a refused move says what of the mail did not reach the opponent, to be sent again', async () => {
    // Was: only the illegible move was named; the offer, the line and the words were lost in
    // silence, and the player never knew to send them again.
    const { decision } = await rule(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6',
      'white',
      '3...a6 4.Bb9 (=)\nSorry for the delay, I was ill last week.\nIf 4...Nf6 then 5.O-O',
    );
    expect(played(decision)).toBe('');
    expect(decision.effects).toEqual([
      expect.objectContaining({
        kind: 'transmission-rejected',
        problem: expect.objectContaining({ code: 'move' }),
        also: [
          { code: 'kept-back', drawOffer: true, conditional: '4...Nf6 5.O-O' },
          { code: 'not-relayed', words: 'Sorry for the delay, I was ill last week.' },
        ],
      }),
    ]);
    // A wrong repetition too; a note still went to the opponent, and is no word kept back.
    const wrong = await rule(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6',
      'white',
      '3...b6 4.Ba4\nNote: thanks for the quick reply',
    );
    expect(wrong.decision.effects.map((e) => e.kind)).toEqual([
      'note-relayed',
      'transmission-rejected',
    ]);
    expect(wrong.decision.effects[1]).not.toHaveProperty('also');
  });

  it('P-2f..h: words of their own between two dates are still quoted back', async () => {
    const { t } = await rule(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6',
      'white',
      '3...a6 4.Ba4\nReceived yesterday, what a surprise it was for me, sent today.',
    );
    expect(t).toMatchObject({ statedReceivedOn: '2026-11-13', statedSentOn: '2026-11-14' });
    expect(t.unread).toEqual(['what a surprise it was for me.']);
  });
});
