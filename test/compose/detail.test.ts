// The details the rules core writes (claim verdicts L-9.2/L-9.3/L-5.2.4, time claims P-7a, the
// end of a game P-7f) said in the reader's language from their machine-readable form, and the
// English text of an older log — written before that form existed — still folded and shown.

import { parsePgn } from 'chessops/pgn';
import { describe, expect, it } from 'vitest';
import type { DetailKey } from '../../src/chess/index.ts';
import {
  iccfControl,
  perMoveControl,
  postalControl,
  tripleBlockControl,
} from '../../src/clock/index.ts';
import type { ComposeContext } from '../../src/compose/index.ts';
import { composeEffect, gamePgn, pgnResultTags } from '../../src/compose/index.ts';
import type { Effect, EndKind, GameEvent, GameState, Result } from '../../src/referee/index.ts';
import { decideRuling, foldGame } from '../../src/referee/index.ts';
import { gameLog, RULES } from './cases.ts';

function ctx(state: GameState, lang: string): ComposeContext {
  return {
    state,
    rules: RULES,
    now: '2026-11-01',
    event: { name: 'World Championship 2026', tag: 'WCH26' },
    gameId: '7',
    players: {
      white: { name: 'Anna Nowak', lang, notation: 'san' },
      black: { name: 'Jan Novák', lang, notation: 'numeric' },
    },
    td: { name: 'Olena Petrenko', lang },
  };
}

const OLD_DETAIL = 'white exceeded the time limit of 30 days at move 10 by 10 days on 2026-09-08';

const OLD_END = `time exceeded 2 times (${OLD_DETAIL})`;

/** A log as stored before details had a machine-readable form: `detail` strings only. */
const oldLog: GameEvent[] = [
  ...gameLog('1.e4 e5 2.Nf3 Nc6', '2026-08-01', 4),
  {
    type: 'claim',
    on: '2026-09-09',
    id: 'time:white:10:1',
    kind: 'time',
    side: 'white',
    protestBy: '2026-09-23',
    detail: OLD_DETAIL,
  },
  { type: 'claim-ruled', on: '2026-09-24', id: 'time:white:10:1', upheld: true, by: 'deadline' },
  {
    type: 'ended',
    on: '2026-10-30',
    result: '0-1',
    kind: 'time-forfeit',
    rule: 'P-7f',
    detail: OLD_END,
  },
];

const ruled: Effect = {
  kind: 'claim-ruled',
  to: ['white'],
  claimId: 'time:white:10:1',
  upheld: true,
  by: 'deadline',
  rules: ['P-7c', 'P-7d'],
};

const verdict = (detailKey?: DetailKey): Effect => ({
  kind: 'claim-verdict',
  to: ['black'],
  valid: false,
  detail: 'the English text',
  ...(detailKey ? { detailKey } : {}),
  rules: ['L-9.2', 'L-9.4', 'L-9.1.2.2'],
});

const textOf = (effect: Effect, state: GameState, lang: string): string =>
  composeEffect(effect, ctx(state, lang))[0]!.text;

describe('an older log: details stored in English only', () => {
  const state = foldGame(oldLog);

  it('P-5a: still folds, the claim and the result keep their English detail', () => {
    expect(state.claims[0]).toMatchObject({ detail: OLD_DETAIL, ruling: { upheld: true } });
    expect(state.claims[0]).not.toHaveProperty('detailKey');
    expect(state.result).toMatchObject({ kind: 'time-forfeit', detail: OLD_END });
    expect(state.result).not.toHaveProperty('detailKey');
  });

  it('P-7d: the claim ruled shows the English detail in a Polish mail, as before', () => {
    expect(textOf(ruled, state, 'pl')).toContain(`Reklamacja: ${OLD_DETAIL}.`);
    expect(textOf(ruled, state, 'en')).toContain(`The claim: ${OLD_DETAIL}.`);
  });

  it('P-7f: the end of the game shows the English detail in a German mail', () => {
    const ended: Effect = {
      kind: 'game-ended',
      to: ['black'],
      result: '0-1',
      endKind: 'time-forfeit',
      detail: state.result!.detail!,
      withPgn: true,
      rules: ['P-7f', 'P-12', 'L-8.5'],
    };
    expect(textOf(ended, state, 'de')).toContain(`Einzelheiten: ${OLD_END}`);
  });
});

describe('a detail said in the reader’s language', () => {
  const state = foldGame(gameLog('1.e4 e5', '2026-10-01', 2));
  const threefold = (count: number): DetailKey => ({
    code: 'threefold-declared',
    params: { count },
  });

  it('L-9.2: plural forms by the count (Polish, Ukrainian)', () => {
    expect(textOf(verdict(threefold(1)), state, 'pl')).toContain(
      'pozycja po zapowiedzianym posunięciu wystąpiłaby tylko raz.',
    );
    expect(textOf(verdict(threefold(2)), state, 'pl')).toContain('wystąpiłaby 2 razy.');
    expect(textOf(verdict(threefold(2)), state, 'uk')).toContain('виникла б 2 рази.');
    expect(textOf(verdict(threefold(5)), state, 'uk')).toContain('виникла б 5 разів.');
  });

  it('L-9.3: English keeps its own wording', () => {
    expect(textOf(verdict({ code: 'fifty-moves', params: { count: 42 } }), state, 'en')).toContain(
      ': 42 moves by each side without a capture or pawn move.',
    );
    expect(textOf(verdict(threefold(1)), state, 'en')).toContain(
      ': the position after the declared move has occurred 1 time.',
    );
  });

  it('a code without a label falls back to the English text', () => {
    expect(textOf(verdict({ code: 'no-such-code', params: {} }), state, 'cs')).toContain(
      ': the English text.',
    );
    const inner = {
      code: 'time-forfeit',
      params: { count: 2 },
      inner: { code: 'nope', params: {} },
    };
    expect(textOf(verdict(inner), state, 'pl')).toContain(': the English text.');
  });

  it('P-7a: the side by its label, the date as the templates show dates', () => {
    const key: DetailKey = {
      code: 'time-exceeded-no-limit',
      params: { side: 'black', move: 12, over: 3, date: '2026-10-20' },
    };
    expect(textOf(verdict(key), state, 'cs')).toContain(
      'Černý překročil časový limit v tahu 12 o 3 dny, dne 2026-10-20.',
    );
    expect(textOf(verdict(key), state, 'en')).toContain(
      'Black exceeded the time limit at move 12 by 3 days on 2026-10-20.',
    );
  });

  it('P-7a: the days over the limit in the plural form each language needs', () => {
    const over = (n: number): DetailKey => ({
      code: 'time-exceeded-no-limit',
      params: { side: 'white', move: 10, over: n, date: '2026-10-20' },
    });
    const say = (n: number, lang: string) => textOf(verdict(over(n)), state, lang);
    expect(say(1, 'en')).toContain('by 1 day on');
    expect(say(2, 'en')).toContain('by 2 days on');
    expect(say(1, 'pl')).toContain('o 1 dzień,');
    expect(say(3, 'pl')).toContain('o 3 dni,');
    expect(say(1, 'cs')).toContain('o 1 den,');
    expect(say(5, 'cs')).toContain('o 5 dní,');
    expect(say(1, 'de')).toContain('um 1 Tag überschritten');
    expect(say(2, 'de')).toContain('um 2 Tage überschritten');
  });

  it('L-5.1.3: what a tablebase claim claims, in the claim ruled', () => {
    const tb = foldGame([
      ...gameLog('1.e4 e5', '2026-10-01', 2),
      {
        type: 'claim',
        on: '2026-10-10',
        id: 'tablebase:2:white',
        kind: 'tablebase',
        side: 'white',
        detail: 'win',
        detailKey: { code: 'tablebase-claim', params: { outcome: 'win' } },
      },
    ]);
    const effect: Effect = { ...ruled, claimId: 'tablebase:2:white', by: 'td' };
    expect(textOf(effect, tb, 'pl')).toContain('Reklamacja: wygrana według bazy końcówek.');
    expect(textOf(effect, tb, 'en')).toContain('The claim: win.');
  });

  it('P-7a, P-13: the move in progress in a claim says the clock the TD set during it', () => {
    const state = foldGame(gameLog('1.e4 e5', '2026-08-01', 4));
    const effect = {
      kind: 'time-claim',
      to: ['td'],
      claimId: 'time:white:10:1:s1',
      offender: 'white',
      excess: { controlMove: 10, limitDays: 30, overDays: 1, occurredOn: '2026-09-08' },
      record: [],
      inProgress: {
        move: 2,
        deliveredOn: '2026-08-05',
        clockSet: { kind: 'set-clock', on: '2026-08-17', usedDays: 10 },
        usedDays: 21,
        penaltyDays: 0,
        excludedDays: 0,
        totalDays: 31,
        daysLeft: -1,
      },
      protestBy: '2026-09-22',
      rules: ['P-7a'],
    } as unknown as Effect;
    const say = (lang: string) =>
      composeEffect(effect, ctx(state, lang))
        .map((m) => m.text)
        .join('\n');
    expect(say('en')).toContain(
      'delivered 2026-08-05, clock set by the Tournament Director to 10 days used on 2026-08-17 (rule P-13); 21 days on it since;',
    );
    for (const lang of ['pl', 'cs', 'de', 'uk']) {
      expect(say(lang)).toContain('2026-08-17');
      expect(say(lang)).toContain('P-13');
    }
  });

  it('P-7a: a claim filed days after the excess says by how much on its day, and by the claim', () => {
    const state = foldGame(gameLog('1.e4 e5', '2026-08-01', 4));
    const claim = (overOnDay: number, overDays: number, to: string): Effect =>
      ({
        kind: 'time-claim',
        to: [to],
        claimId: 'time:white:10:1',
        offender: 'white',
        excess: { controlMove: 10, limitDays: 30, overOnDay, overDays, occurredOn: '2026-09-08' },
        record: [],
        protestBy: '2026-09-24',
        rules: ['P-7a'],
      }) as unknown as Effect;
    const say = (e: Effect, lang: string) =>
      composeEffect(e, ctx(state, lang))
        .map((m) => m.text)
        .join('\n');
    for (const to of ['td', 'white']) {
      expect(say(claim(1, 3, to), 'en')).toContain(
        'by 1 day, on 2026-09-08; by the day of this claim, 3 days over.',
      );
      expect(say(claim(2, 2, to), 'en')).toContain('by 2 days, on 2026-09-08.');
      expect(say(claim(1, 3, to), 'pl')).toContain(
        'o 1 dzień, dnia 2026-09-08; w dniu tej reklamacji przekroczenie wynosiło już 3 dni.',
      );
      expect(say(claim(1, 3, to), 'cs')).toContain(
        'o 1 den, dne 2026-09-08; ke dni této reklamace již o 3 dny.',
      );
      expect(say(claim(1, 3, to), 'de')).toContain(
        'am 2026-09-08; am Tag dieser Reklamation schon um 3 Tage.',
      );
      expect(say(claim(1, 3, to), 'uk')).toContain(
        'на 1 день, 2026-09-08; на день цієї заяви — вже на 3 дні. ',
      );
      expect(say(claim(2, 2, to), 'uk')).toContain('на 2 дні, 2026-09-08. ');
    }
  });

  it('P-7a: a time claim says the days over the limit in the plural form of the language', () => {
    const state = foldGame(gameLog('1.e4 e5', '2026-08-01', 4));
    const claim = (over: number): Effect =>
      ({
        kind: 'time-claim',
        to: ['white'],
        claimId: 'time:white:10:1',
        offender: 'white',
        excess: { controlMove: 10, limitDays: 30, overDays: over, occurredOn: '2026-09-08' },
        record: [],
        protestBy: '2026-09-23',
        rules: ['P-7b', 'P-7c'],
      }) as unknown as Effect;
    const say = (over: number, lang: string) =>
      composeEffect(claim(over), ctx(state, lang))
        .map((m) => m.text)
        .join('\n');
    expect(say(1, 'en')).toContain('by 1 day,');
    expect(say(3, 'en')).toContain('by 3 days,');
    expect(say(1, 'cs')).toContain('o 1 den,');
    expect(say(2, 'cs')).toContain('o 2 dny,');
    expect(say(5, 'cs')).toContain('o 5 dní,');
    expect(say(1, 'pl')).toContain('o 1 dzień,');
    expect(say(5, 'pl')).toContain('o 5 dni,');
    expect(say(1, 'de')).toContain('um 1 Tag überschritten');
  });
});

describe('P-8b: leave whose dates could not be read', () => {
  it.each([
    ['en', 'the dates in "Urlaub vom 32.12." could not be read'],
    ['pl', 'nie udało się odczytać dat w „Urlaub vom 32.12.”'],
    ['cs', 'data v „Urlaub vom 32.12.“ se nepodařilo přečíst'],
    ['de', 'die Daten in „Urlaub vom 32.12.“ waren nicht lesbar'],
    ['uk', 'не вдалося прочитати дати в «Urlaub vom 32.12.»'],
  ])('%s: the player is told what was not read and how to write it', (lang, words) => {
    const effect: Effect = {
      kind: 'transmission-rejected',
      to: ['white'],
      problem: { code: 'leave-unread', words: 'Urlaub vom 32.12.' },
      penaltyDays: 0,
      rules: ['P-8b'],
    };
    const text = textOf(effect, foldGame(gameLog('1.e4 e5', '2026-10-01', 2)), lang);
    expect(text).toContain(words);
    expect(text).toContain('2026-12-20');
  });
});

describe('P-4a: a move out of turn from a player with no move yet', () => {
  it('is told the opponent moves first, not that an answer to their last move is awaited', () => {
    const effect: Effect = {
      kind: 'transmission-rejected',
      to: ['black'],
      problem: { code: 'not-your-turn' },
      penaltyDays: 0,
      rules: ['P-4a'],
    };
    const fresh = foldGame(gameLog('', '2026-10-01', 2));
    expect(textOf(effect, fresh, 'en')).toContain('your opponent moves first');
    expect(textOf(effect, foldGame(gameLog('1.e4 e5', '2026-10-01', 2)), 'en')).toContain(
      'has not answered your last move',
    );
  });
});

describe('the PGN of a finished game says how it ended (PGN Termination)', () => {
  const ended = (kind: EndKind, result: Result, rule = 'P-10', detail?: string): GameState =>
    foldGame([
      ...gameLog('1.e4 e5', '2026-10-01', 2),
      { type: 'ended', on: '2026-10-10', result, kind, rule, ...(detail ? { detail } : {}) },
    ]);
  // Only PGN's own Termination words, which a database imports; PGN has no 0-0, so a double
  // forfeit is `*`, and the comment before the result says what the tags cannot.
  it.each([
    ['resignation', '1-0', 'L-5.1.2', { Result: '1-0', Termination: 'normal' }],
    ['time-forfeit', '0-1', 'P-7f', { Result: '0-1', Termination: 'time forfeit' }],
    ['time-forfeit-draw', '1/2-1/2', 'L-6.7', { Result: '1/2-1/2', Termination: 'time forfeit' }],
    ['ruling', '1-0', 'P-10', { Result: '1-0', Termination: 'adjudication' }],
    ['ruling', '0-0', 'L-6.9', { Result: '*', Termination: 'time forfeit' }],
    ['ruling', '0-0', 'P-12', { Result: '*', Termination: 'rules infraction' }],
    ['annulled', '*', 'P-9a', { Result: '*', Termination: 'abandoned' }],
  ] as const)('%s %s (%s)', (kind, result, rule, tags) => {
    expect(pgnResultTags(ended(kind, result, rule))).toEqual(tags);
  });
  it.each([
    ['P-10', 'adjudicated by the expert', 'adjudication'],
    ['P-9a', 'Dan withdrew', 'abandoned'],
    ['P-13', 'Dunn forfeits: never sent a move', 'rules infraction'],
    ['P-11', 'appeal upheld: the start notice never came', 'adjudication'],
    ['P-13', 'unsporting conduct', 'rules infraction'],
    ['L-5.2.3', 'draw agreed by phone', 'normal'],
    ['P-9a', 'the player died', 'death'],
    // A claim that lapsed when the game ended by agreement, then ruled a loss on time.
    ['P-7f', 'time exceeded twice', 'time forfeit'],
  ])('a TD’s result under %s ("%s"): %s', (rule, reason, termination) => {
    expect(pgnResultTags(ended('ruling', '1-0', rule, reason)).Termination).toBe(termination);
  });

  // A forfeit before the first move is no game won over the board: a rating officer's database
  // must not read `1-0` with no moves as one (PGN 9.8.1 "abandoned", as servers term a game
  // nobody started), and the comment says it was not played.
  const unplayed = (kind: EndKind, result: Result, rule: string, detail?: string): GameState =>
    foldGame([
      ...gameLog('', '2026-10-01', 2),
      { type: 'ended', on: '2026-10-10', result, kind, rule, ...(detail ? { detail } : {}) },
    ]);
  it.each([
    [
      'P-13',
      '1-0',
      'Bob never sent his first move',
      'abandoned',
      'Forfeit: no move was played. Result 1-0 set by the TD (P-13): Bob never sent his first move',
    ],
    [
      'P-9a',
      '0-1',
      'Ann withdrew before the start',
      'abandoned',
      'Forfeit: no move was played. Result 0-1 set by the TD (P-9a): Ann withdrew before the start',
    ],
    [
      'P-10',
      '1-0',
      'adjudicated',
      'abandoned',
      'Forfeit: no move was played. Result 1-0 set by the TD (P-10): adjudicated',
    ],
    [
      'L-5.1.2',
      '1-0',
      'Black resigned by letter',
      'abandoned',
      'Forfeit: no move was played. Result 1-0 set by the TD (L-5.1.2): Black resigned by letter',
    ],
    [
      'P-7f',
      '0-1',
      'time exceeded twice',
      'time forfeit',
      'Forfeit: no move was played. Result 0-1 set by the TD (P-7f): time exceeded twice',
    ],
    [
      'L-6.9',
      '0-0',
      'both over the limit',
      'time forfeit',
      'Forfeit: no move was played. Double forfeit 0-0, both players lose (L-6.9, L-12), set by the TD: both over the limit',
    ],
    [
      'P-9a',
      '1-0',
      'Black died',
      'death',
      'Forfeit: no move was played. Result 1-0 set by the TD (P-9a): Black died',
    ],
  ] as const)(
    'a TD’s result under %s before any move (%s, "%s"): Termination %s, and the comment says no move was played',
    (rule, result, reason, termination, comment) => {
      const state = unplayed('ruling', result, rule, reason);
      expect(pgnResultTags(state).Termination).toBe(termination);
      const pgn = parsePgn(gamePgn(state, { name: 'Cup' }, { white: 'A', black: 'B' })!)[0]!;
      expect(pgn.headers.get('Termination')).toBe(termination);
      expect(pgn.comments?.map((c) => c.replace(/\s+/g, ' '))).toEqual([comment]);
    },
  );
  it('P-7f: a loss on time before any move says so beside the excesses', () => {
    const state = unplayed('time-forfeit', '0-1', 'P-7f', 'time exceeded 2 times');
    expect(pgnResultTags(state)).toEqual({ Result: '0-1', Termination: 'time forfeit' });
    expect(gamePgn(state, { name: 'Cup' }, { white: 'A', black: 'B' })).toContain(
      '{Forfeit: no move was played. time exceeded 2 times (P-7f)} 0-1',
    );
  });
  it('P-9a: an annulled game before any move stays `*` and "Annulled by the TD"', () => {
    const state = unplayed('annulled', '*', 'P-9a', 'Cid withdrew');
    expect(pgnResultTags(state)).toEqual({ Result: '*', Termination: 'abandoned' });
    expect(gamePgn(state, { name: 'Cup' }, { white: 'A', black: 'B' })).toContain(
      '{Annulled by the TD (P-9a), not scored: Cid withdrew} *',
    );
  });

  it('a postal event’s PGN says so: Mode "PM", not "EM"', () => {
    const state = ended('resignation', '1-0');
    const names = { white: 'Ann', black: 'Bob' };
    const postal = gamePgn(state, { name: 'Postal Cup', mode: 'postal' }, names);
    expect(postal).toContain('[Mode "PM"]');
    expect(postal).toContain('[Site "?"]');
    expect(gamePgn(state, { name: 'Email Cup' }, names)).toContain('[Mode "EM"]');
  });

  // PGN standard 9.6.1: "?", "-", moves/seconds, seconds, seconds+increment or *seconds, periods
  // joined by ":". A database reads nothing else; "10/30d" it took for no time control at all.
  const PGN_TIME_CONTROL =
    /^(?:\?|-|(?:\d+\/\d+|\d+(?:\+\d+)?|\*\d+)(?::(?:\d+\/\d+|\d+(?:\+\d+)?|\*\d+))*)$/;
  it.each([
    ['postal 10 in 30 days (P-6a)', '10/2592000', postalControl()],
    ['postal 5 in 20 days', '5/1728000', postalControl({ moves: 5, days: 20 })],
    ['ICCF 10 in 50 days', '10/4320000', iccfControl()],
    ['per move, 14 days', '1/1209600', perMoveControl({ days: 14 })],
    ['Triple Block, 50 days +1 a move (L-App.C)', '4320000+86400', tripleBlockControl()],
    ['Triple Block with no increment', '4320000', tripleBlockControl({ incrementDays: 0 })],
  ] as const)('the PGN’s TimeControl of %s is PGN’s own form: %s', (_, tag, control) => {
    const pgn = gamePgn(
      ended('resignation', '1-0'),
      { name: 'Cup' },
      { white: 'A', black: 'B' },
      control,
    );
    const value = /\[TimeControl "([^"]*)"\]/.exec(pgn ?? '')?.[1];
    expect(value).toBe(tag);
    expect(value).toMatch(PGN_TIME_CONTROL);
    expect(parsePgn(pgn!)[0]!.headers.get('TimeControl')).toBe(tag);
  });

  it('a game in progress has no Termination', () => {
    expect(pgnResultTags(foldGame(gameLog('1.e4 e5', '2026-10-01', 2)))).toEqual({ Result: '*' });
  });
});

describe('an annulled game reinstated the next day (P-9a)', () => {
  // Annulled on 10 January, reinstated on the 11th: one day stood still. Was: "the days
  // 2026-01-10 to 2026-01-10 count on neither clock".
  const annulled = foldGame([
    ...gameLog('1.e4', '2026-01-01', 2),
    {
      type: 'ended',
      on: '2026-01-10',
      result: '*',
      kind: 'annulled',
      rule: 'P-9a',
      detail: 'Black withdrew',
    },
  ]);
  const d = decideRuling(
    annulled,
    { kind: 'ruling', ruling: { kind: 'reinstate' } },
    '2026-01-11',
    RULES,
  );
  const back = foldGame([...annulled.events, ...d.events]);
  it.each([
    ['en', 'the day 2026-01-10 counts on neither clock'],
    ['pl', 'dzień 2026-01-10 nie liczy się na żadnym zegarze'],
    ['cs', 'den 2026-01-10 se nepočítá na žádných hodinách'],
    ['de', 'der Tag 2026-01-10 zählt auf keiner Uhr'],
    ['uk', 'день 2026-01-10 не рахується на жодному годиннику'],
  ])('%s: the day, not "the days D to D"', (lang, words) => {
    const text = composeEffect(d.effects[0]!, ctx(back, lang))[0]!.text.replace(/\s+/g, ' ');
    expect(text).toContain(words);
    expect(text).not.toMatch(/2026-01-10 (?:to|do|bis|по) 2026-01-10/);
  });
});

describe('a mail that resumes or reinstates a game with no move and no start notice says the start (P-2a, P-2b, P-6a)', () => {
  const fresh = foldGame(gameLog('', '2026-01-10', 2));
  const reinstated: Effect = {
    kind: 'ruling-applied',
    to: ['white', 'black'],
    ruling: 'reinstate',
    detail: { key: 'reinstate', params: { from: '2026-01-05', to: '2026-01-11' } },
    starts: true,
    rules: ['P-9a', 'P-7d'],
  };
  const resumed: Effect = {
    kind: 'play-resumed',
    to: ['white', 'black'],
    endDate: '2026-01-05',
    until: '2026-03-01',
    stopped: { from: '2026-01-06', to: '2026-01-19' },
    starts: true,
    rules: ['P-10', 'L-6.10'],
  };
  const words = (effect: Effect, lang: string, side: 0 | 1) =>
    composeEffect(effect, ctx(fresh, lang))[side]!.text.replace(/\s+/g, ' ');
  it.each([
    [
      'en',
      'so this mail also starts it: you play White against Jan Novák, and the time control is',
      'keep [WCH26/7] in the subject',
    ],
    [
      'pl',
      'gra Pan/Pani białymi, przeciwnikiem jest Jan Novák; tempo gry:',
      'zostawić [WCH26/7] w temacie',
    ],
    ['cs', 'hrajete bílými, váš soupeř je Jan Novák; tempo hry:', 'ponechte [WCH26/7] v předmětu'],
    [
      'de',
      'Sie spielen Weiß, Ihr Gegner ist Jan Novák; Bedenkzeit:',
      'lassen Sie [WCH26/7] im Betreff',
    ],
    [
      'uk',
      'ви граєте білими, ваш суперник — Jan Novák; контроль часу:',
      'залишайте [WCH26/7] у темі',
    ],
  ])(
    '%s: the reinstatement and the resumption say the colours, the opponent, the time control and the tag',
    (lang, sides, tag) => {
      for (const effect of [reinstated, resumed]) {
        const text = words(effect, lang, 0);
        expect(text).toContain(sides);
        expect(text).toContain(tag);
      }
    },
  );
  it('Black is told Black, against White; without `starts` nothing is added', () => {
    expect(words(reinstated, 'en', 1)).toContain('you play Black against Anna Nowak');
    const { starts: _, ...plain } = reinstated as Extract<Effect, { kind: 'ruling-applied' }>;
    expect(words(plain, 'en', 0)).not.toContain('this mail also starts it');
  });
});
