// Game states and effects for the compose tests: real decisions of the referee where the
// referee makes them (transmissions), and effects built as the sweep and the TD make them
// (game start, reminder P-3a, silence P-3b, time claim P-7a/P-7b, claim ruled P-7d, leave P-8b,
// adjudication P-10, ruling applied) on folded game logs.

import { makeUci } from 'chessops/util';
import type { MovetextToken, StartSpec } from '../../src/chess/index.ts';
import { readMove, startPosition, tokenizeMovetext } from '../../src/chess/index.ts';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays, claimRecord, perMoveControl, tripleBlockControl } from '../../src/clock/index.ts';
import type {
  ComposeContext,
  ForwardedMove,
  NoMoveAsked,
  TdNotice,
} from '../../src/compose/index.ts';
import { ORIGINAL_LIMIT } from '../../src/compose/index.ts';
import type {
  Effect,
  EventRules,
  GameEvent,
  GameState,
  Side,
  Transmission,
} from '../../src/referee/index.ts';
import {
  appealBy,
  decideDue,
  decideRuling,
  decideTransmission,
  defaultEventRules,
  due,
  extendGame,
  foldGame,
  gameClock,
} from '../../src/referee/index.ts';

export const RULES: EventRules = defaultEventRules({ endDate: '2027-06-30' });

/** A game log: created, then English SAN moves each sent `every` days after the last delivery. */
export function gameLog(
  movetext: string,
  on: CalendarDate,
  every: number | ((side: Side) => number),
  start: StartSpec = { kind: 'standard' },
): GameEvent[] {
  const initial = startPosition(start);
  if (!initial.ok) throw new Error(initial.error.message);
  const pos = initial.value.clone();
  const events: GameEvent[] = [
    {
      type: 'created',
      on,
      start,
      white: 'anna@example.org',
      black: 'jan@example.org',
      clockStartsOn: on,
    },
  ];
  let last = on;
  for (const tok of tokenizeMovetext(movetext).tokens) {
    const read = readMove(pos, tok.text, { kind: 'algebraic', lang: 'en' });
    if (!read.ok) throw new Error(`${tok.text}: ${read.error.message}`);
    const m = { move: read.value };
    const side: Side = pos.turn;
    const sentOn = addDays(last, typeof every === 'number' ? every : every(side));
    events.push({
      type: 'move',
      on: sentOn,
      side,
      uci: makeUci(m.move),
      sentOn,
      deliveredOn: sentOn,
    });
    pos.play(m.move);
    last = sentOn;
  }
  return events;
}

function tx(
  side: Side,
  sentOn: CalendarDate,
  text: string,
  extra: Partial<Transmission> = {},
): Transmission {
  return {
    kind: 'transmission',
    side,
    sentOn,
    reading: { kind: 'algebraic', lang: 'en' },
    moves: tokenizeMovetext(text).tokens,
    ...extra,
  };
}

export interface Case {
  name: string;
  state: GameState;
  now: CalendarDate;
  /** The day the mail is written, when later than `now` (mail read days after it came). */
  writtenOn?: CalendarDate;
  effects: Effect[];
  notices?: TdNotice[];
  /** Players whose mail held no move: each gets the no-move answer. */
  noMove?: Side[];
  /** Moves the no-move mails say were named only in a question or a thought. */
  noMoveThoughts?: string[];
  /** What else the no-move mails say the mail asked or held: the PGN, a forwarded move. */
  noMoveAsked?: NoMoveAsked;
  /** The player whose move the opponent forwarded (P-2d): told to send it to amici. */
  notReceived?: { side: Side; forwarded: ForwardedMove };
  /** Players whose mail had a line for the TD: each is told it went (P-5d). */
  tdForwarded?: Side[];
  /** The claims the forwarded message protests (P-7c). */
  protests?: string[];
  /** Answers to mail in a player's name that does not prove its sender (P-2d). */
  unauthenticated?: { side: Side; address: string; reason: string }[];
  /** The event's rules, when not RULES (another time control). */
  rules?: EventRules;
  /** A relay going out late, written anew the day it goes out (P-6d). */
  redelivery?: ComposeContext['redelivery'];
  /** What the player's mail asked besides its move: the PGN, a time claim in words (P-7a). */
  asked?: ComposeContext['asked'];
  /**
   * The players' mails as letters the TD prints and posts to players by post (P-2m), in a game
   * `mixed` (the card goes to the TD) or all `postal` (to the opponent).
   */
  paper?: 'mixed' | 'postal';
  /** The event names the chairman of the ICCF Appeals Commission (`appealsTo`, P-13c). */
  appealsTo?: ComposeContext['appealsTo'];
}

const OPENING = '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3';

function decided(name: string, state: GameState, t: Transmission, kinds?: string[]): Case {
  const d = decideTransmission(state, t, t.sentOn, RULES);
  const effects = kinds ? d.effects.filter((e) => kinds.includes(e.kind)) : d.effects;
  return { name, state: extendGame(state, d.events), now: t.sentOn, effects };
}

/**
 * A player's mail appealing the result (P-11, P-13), as the rulebook decides it on `on`: the
 * answer to the player, and the TD's notice with the mail whole (attached, P-5a).
 */
function appealCase(
  name: string,
  state: GameState,
  side: Side,
  on: CalendarDate,
  words: string,
): Case {
  const d = decideTransmission(state, tx(side, on, '', { appeal: 'appeal' }), on, RULES);
  // The decision the rulebook tied it to (P-11, P-13c), as the shell forwards it.
  const received = d.effects.find((e) => e.kind === 'appeal-received');
  const route = received?.kind === 'appeal-received' ? received.appeal : undefined;
  if (!route) throw new Error(`${name}: no decision to appeal`);
  const from = side === 'white' ? 'Anna Nowak <anna@example.org>' : 'Jan Novák <jan@example.org>';
  return {
    name,
    state: extendGame(state, d.events),
    now: on,
    effects: d.effects,
    notices: [
      {
        kind: 'appeal',
        side,
        appeal: route,
        text: `From: ${from}\n\n${words}`,
        original: {
          raw: Buffer.from(`From: ${from}\r\nSubject: appeal\r\n\r\n${words}\r\n`),
          inboundId: 51,
        },
      },
    ],
  };
}

export function cases(): Case[] {
  const out: Case[] = [];
  /** The chairman of the ICCF Appeals Commission, when an event names them (P-13c). */
  const chairman = { name: 'Karel Dvořák', address: 'appeals@iccf.example' };
  const base = foldGame(gameLog(OPENING, '2026-09-01', 3));
  const now: CalendarDate = '2026-10-25';

  // Black answers 9...Na5 with wrong stated dates, a draw offer, a conditional line and a note.
  out.push(
    decided(
      'move',
      base,
      tx('black', now, '9.h3 9...Na5', {
        statedReceivedOn: '2026-10-25',
        drawOffer: true,
        conditional: tokenizeMovetext('10.Bc2 c5').tokens,
        note: 'Greetings from Brno — a fine Zaitsev so far!',
      }),
    ),
  );
  // Black's relay bounced (sent 25 October to White's old address) and a copy goes out on 3
  // November; or it failed and went out only then: it counts as delivered then (P-6d), and the
  // relay, written that day, says so at its top and gives White's clock from then.
  for (const [name, how] of [
    ['move-resent', 'resent'],
    ['move-sent-late', 'late'],
  ] as const) {
    const relayed = out[0]!;
    const lateOn: CalendarDate = '2026-11-03';
    const ply = relayed.state.plies.length - 1;
    out.push({
      name,
      state: extendGame(relayed.state, [
        { type: 'delivery-corrected', on: lateOn, ply, deliveredOn: lateOn },
      ]),
      now: lateOn,
      effects: relayed.effects
        .filter((e) => e.kind === 'move-relayed')
        .map((e) => ({ ...e, to: ['white' as const] })),
      redelivery: {
        how,
        firstOn: now,
        ...(how === 'resent' ? { firstTo: 'anna@old.example' } : {}),
        deliveredOn: lateOn,
      },
    });
  }
  // White plays 10.Bc2 into that line: 10...c5 is played at once (P-4f); White is told it is
  // his move again, Black that his answer was played and White is to move.
  out.push(
    decided('move-line-played', out[0]!.state, tx('white', '2026-10-27', '9...Na5 10.Bc2'), [
      'move-accepted',
      'move-relayed',
    ]),
  );
  // White writes the line's moves out, the ICCF way, and goes on: 10.Bc2 c5 (Black's line) and
  // 11.d4 of his own, all in one mail (P-4f, P-4g).
  out.push(
    decided(
      'move-line-accepted',
      out[0]!.state,
      tx('white', '2026-10-27', '9...Na5 10.Bc2 c5 11.d4'),
      ['move-accepted', 'move-relayed'],
    ),
  );
  // Black writes 9...Nd7, then "sorry, I mean 9...Na5" in the same mail (L-4.2).
  out.push(
    decided('move-corrected', base, tx('black', now, '9.h3 9...Na5', { corrected: ['9...Nd7'] })),
    decided(
      'move-words',
      base,
      tx('black', now, '9.h3 9...Na5', { unread: ['Thanks for the quick reply, I was away.'] }),
    ),
  );
  // White, a Czech player (J knight, S bishop), answers 9...Na5 with his English-writing
  // opponent's letters, "10.Bc2": no Czech letter, one legal move, played; he is told how his
  // own notation writes it (P-2b, P-4a).
  {
    const answered = decided('-', base, tx('black', now, '9.h3 9...Na5')).state;
    out.push(
      decided(
        'move-other-letters',
        answered,
        tx('white', '2026-10-27', '9...Na5 10.Bc2', { reading: { kind: 'algebraic', lang: 'cs' } }),
        ['move-accepted'],
      ),
    );
  }
  // A postal card with no readable postmark and no date of its own: the TD recorded the day it
  // came less the transit, and Black is told so (P-2i).
  out.push(
    decided(
      'move-no-postmark',
      base,
      tx('black', '2026-10-22', '9.h3 9...Na5', {
        postal: true,
        postmarkMissing: true,
        deliveredOn: now,
      }),
      ['move-accepted'],
    ),
  );
  out.push(decided('rejected-impossible', base, tx('black', now, '9.h3 9...Qxh3')));
  // Black asks for the PGN and says White is late, with the move (L-8.1, P-7a): the answer to
  // the move attaches the PGN and says how amici files time claims; so does a refusal.
  out.push(
    {
      ...decided('move-asked', base, tx('black', now, '9.h3 9...Na5'), ['move-accepted']),
      asked: { side: 'black', pgn: true, claimsTime: true },
    },
    {
      ...decided('rejected-asked', base, tx('black', now, '9.h3 9...Qxh3')),
      asked: { side: 'black', pgn: true, claimsTime: true },
    },
  );
  // The same with a draw offer, a conditional line and words besides: none of it reached White,
  // and the refusal says so, to send them again with the move (L-9.1.2.1, P-4f).
  out.push(
    decided(
      'rejected-kept-back',
      base,
      tx('black', now, '9.h3 9...Qxh3', {
        drawOffer: true,
        conditional: tokenizeMovetext('10.Bc2 c5').tokens,
        unread: ['Sorry for the delay, I was ill.'],
      }),
    ),
  );
  out.push(
    decided(
      'rejected-ambiguous',
      foldGame(gameLog('1.e4 e5 2.Nc3 Nc6 3.d3 d6 4.Be3 Be7', '2026-10-01', 3)),
      tx('white', '2026-10-24', '4...Be7 5.Ne2'),
    ),
  );
  out.push(decided('rejected-repetition', base, tx('black', now, '9...Na5')));
  // A repetition that is no move of the opponent's at all: the reason belongs to it (P-4b).
  out.push(decided('rejected-repetition-impossible', base, tx('black', now, '9.Kh5 9...Na5')));
  // Its reason speaks of the opponent's pieces: the move is theirs (a knight onto their pawn).
  out.push(decided('rejected-repetition-own-piece', base, tx('black', now, '9.Nd2 9...Na5')));
  // Black writes the whole score from move 1, with 6.Qe2 where the game has 6.Re1 (P-2e, P-4b).
  out.push(
    decided(
      'rejected-score',
      base,
      tx('black', now, OPENING.replace('6.Re1', '6.Qe2').concat(' Na5')),
    ),
  );
  // Black offers a draw in words, with no move (P-4d, L-9.1.2.1).
  out.push(
    decided('rejected-offer-alone', base, tx('black', now, '', { drawOffer: true, moves: [] })),
  );
  // Black accepts a draw White never offered, with thanks (L-5.2.3, L-9.1.2.1): nothing agreed,
  // nothing passed on; then the same with a move, which is played.
  out.push(
    decided(
      'rejected-no-draw-offer',
      base,
      tx('black', now, '', { acceptDraw: true, withAcceptance: 'Thanks for the game!' }),
    ),
  );
  out.push(decided('move-no-draw-offer', base, tx('black', now, '9.h3 Na5', { acceptDraw: true })));
  // The same with a wrong repetition (P-2e): the refusal says no draw was agreed either.
  out.push(
    decided(
      'rejected-repetition-no-draw-offer',
      base,
      tx('black', now, '9.a3 Na5', { acceptDraw: true, withAcceptance: 'Thanks for the game!' }),
    ),
  );
  // Black repeats 9.h3 and only muses about 9...Na5 (P-4a, P-4d): asked about, no penalty.
  out.push(
    decided('rejected-undecided', base, tx('black', now, '9.h3', { thoughts: ['9...Na5'] })),
  );
  // White, with no answer yet, sends another move (P-4a: the one sent stands).
  out.push(decided('rejected-not-your-turn', base, tx('white', now, '8...O-O 9.d4')));
  // White, with no answer yet, sends 8...O-O 9.h3 once more (P-4a: it stands as it was).
  out.push(decided('repeated', base, tx('white', now, '8...O-O 9.h3')));
  // The same transmission once more after Black has answered it: it stands, and White is to move.
  {
    const answered = decided('_', base, tx('black', now, '9.h3 Na5')).state;
    out.push(decided('repeated-answered', answered, tx('white', '2026-10-26', '8...O-O 9.h3')));
    // After Black's answer, White's "Sorry, I meant 9.d4 not 9.h3" comes: 9.h3 stands (P-4a),
    // nothing is played and no penalty given; White is to move.
    const [meant, slip] = tokenizeMovetext('9.d4 9.h3').tokens as [MovetextToken, MovetextToken];
    out.push(
      decided(
        'rejected-slip-stands',
        answered,
        tx('white', '2026-10-26', '', { moves: [meant], slipsNamed: [{ slip, meant }] }),
      ),
    );
  }
  out.push(
    decided(
      'rejected-promotion',
      foldGame(
        gameLog('1.Kb1', '2026-09-01', 3, {
          kind: 'fen',
          fen: '8/2P5/8/8/8/k7/8/K7 w - - 0 50',
        }).slice(0, 1),
      ),
      tx('white', now, '50.c8'),
    ),
  );

  // The mate: 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#.
  const mate = foldGame(gameLog('1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6', '2026-10-01', 2));
  out.push(
    decided('checkmate', mate, tx('white', now, '3...Nf6 4.Qxf7#'), ['move-relayed', 'game-ended']),
  );

  // Black resigns with a word of thanks: White reads the words in the result's mail — one mail,
  // no note of its own beside it; Black's own mail does not quote them back (L-5.1.2).
  out.push(
    decided(
      'resigned-with-words',
      mate,
      tx('black', now, '', { resign: true, note: 'Thank you for the game, well played!' }),
    ),
  );

  // A standing draw offer by White, declined in words by Black.
  const offered = foldGame([
    ...gameLog('1.d4 d5 2.c4', '2026-10-01', 2).map((e, i, a) =>
      i === a.length - 1 && e.type === 'move' ? { ...e, drawOffer: true } : e,
    ),
  ]);
  out.push(
    decided('draw-declined', offered, tx('black', now, '', { declineDraw: true, moves: [] })),
  );
  // Black declines White's offer with 2...e6, then accepts it in words while White is to move
  // (L-9.1.2.1): told which move declined it, and that an offer goes with the next move.
  const declinedByMove = foldGame([
    ...gameLog('1.d4 d5 2.c4 e6', '2026-10-01', 2).map((e, i) =>
      i === 3 && e.type === 'move' ? { ...e, drawOffer: true } : e,
    ),
  ]);
  out.push(
    decided(
      'rejected-draw-declined-by-move',
      declinedByMove,
      tx('black', now, '', { acceptDraw: true, moves: [] }),
    ),
  );
  out.push(
    decided(
      'note',
      offered,
      tx('white', now, '', {
        moves: [],
        note: 'I will be travelling next week; my reply may take a few days.',
      }),
    ),
  );

  // A wrong threefold claim (L-9.2, L-9.4) with a declared move.
  out.push(
    decided(
      'claim-wrong',
      base,
      tx('black', now, '9.h3 9...Na5', { claim: { kind: 'threefold' } }),
      ['claim-verdict'],
    ),
  );

  // A right threefold claim (L-9.2) with the declared move 4...Ng8: drawn, the detail in words.
  const shuffle = foldGame(gameLog('1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1', '2026-10-01', 2));
  out.push(
    decided(
      'claim-threefold',
      shuffle,
      tx('black', now, '4.Ng1 4...Ng8', { claim: { kind: 'threefold' } }),
      ['claim-verdict', 'game-ended'],
    ),
  );

  // A 50-move claim (L-9.3) with 4 pieces: the tablebase decides (L-5.2.4).
  const rookEnding = foldGame(
    gameLog('60.Kf3', '2026-10-01', 2, {
      kind: 'fen',
      fen: '8/8/4k3/8/8/3QK3/8/7r w - - 90 60',
    }),
  );
  out.push(
    decided(
      'claim-fifty-tablebase',
      rookEnding,
      tx('black', now, '60.Kf3 60...Rh3+', { claim: { kind: 'fifty-moves' } }),
      ['claim-verdict'],
    ),
  );

  // A tablebase claim (L-5.1.3) with 4 pieces.
  const tb = foldGame(
    gameLog('', '2026-10-01', 2, { kind: 'fen', fen: '8/8/4k3/8/8/3QK3/8/7r w - - 0 60' }),
  );
  out.push(
    decided(
      'tablebase',
      tb,
      tx('white', now, '', { moves: [], claim: { kind: 'tablebase', outcome: 'win' } }),
    ),
  );

  // Leave announced (P-8a, P-8b) with the move.
  out.push(
    decided(
      'leave',
      base,
      tx('black', now, '9.h3 9...Na5', { leave: { from: '2026-12-20', to: '2027-01-03' } }),
      ['leave-announced'],
    ),
  );

  // Leave from two days ago to 10 days ahead, with no move (P-8b, P-8c): the days ahead are
  // recorded, the player told the TD was asked for the two that had begun; the TD asked, with
  // the ruling that grants them.
  out.push(
    decided(
      'leave-late',
      base,
      tx('black', now, '', { moves: [], leave: { from: '2026-10-23', to: '2026-11-04' } }),
      ['leave-announced', 'leave-requested'],
    ),
  );
  // Leave that is over by the day of the mail, with no move: nothing recorded, the TD asked.
  out.push(
    decided(
      'leave-late-over',
      base,
      tx('black', now, '', { moves: [], leave: { from: '2026-10-20', to: '2026-10-24' } }),
    ),
  );

  // Leave that overlaps leave already announced, sent with the move: the move stands, the
  // leave is refused, naming the leave it overlaps (P-8a).
  out.push(
    decided(
      'leave-refused',
      extendGame(base, [
        { type: 'leave', on: '2026-10-20', side: 'black', from: '2026-12-24', to: '2026-12-31' },
      ]),
      tx('black', now, '9.h3 9...Na5', { leave: { from: '2026-12-20', to: '2027-01-03' } }),
      ['transmission-rejected'],
    ),
  );

  // Slow White: 4 days on every move, so move 10 goes over 30 days in all (P-6a, P-7a);
  // the sweep finds it the day after Black's answer to the control move.
  const claimState = foldGame(
    gameLog(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Na5 10.Bc2 c5',
      '2026-08-01',
      (side) => (side === 'white' ? 4 : 1),
    ),
  );
  const claimOn = addDays(claimState.plies[claimState.plies.length - 1]!.deliveredOn, 1);
  const clock = gameClock(claimState, RULES, 'white', claimOn);
  if (!clock.ok) throw new Error('clock');
  const excess = clock.value.excesses[0];
  if (!excess) throw new Error('no excess in the slow game');
  const claimId = `time:white:${excess.controlMove}:1`;
  const record = [...claimRecord(clock.value.rows, excess)];
  const protestBy: CalendarDate = addDays(claimOn, RULES.protestDays);
  // A silent White: the excess is in the move not yet sent, which the claim shows (P-7a).
  {
    const silent = foldGame(gameLog('1.e4 e5', '2026-09-01', 2));
    const d = decideDue(
      silent,
      {
        kind: 'due',
        work: due(silent, '2026-10-10', RULES).find((w) => w.kind === 'time-exceeded')!,
      },
      '2026-10-10',
      RULES,
    );
    out.push({
      name: 'time-claim-silent',
      state: extendGame(silent, d.events),
      now: '2026-10-10',
      effects: d.effects.filter((e) => e.kind === 'time-claim' && e.to.includes('td')),
    });
    // White, still over the limit, sends 2.Nf3 while the claim waits: his acceptance shows a
    // negative clock, and the relay of Black's 2...Nc6 to him that his time was exceeded; both
    // say a claim is pending, till when it may be protested and what upholding it does: the
    // count afresh from the notice (P-7c, P-7e).
    const sent = decided(
      'move-claim-pending',
      extendGame(silent, d.events),
      tx('white', '2026-10-12', '1...e5 2.Nf3'),
    );
    out.push(sent);
    // The same where the event allows no excess (P-7f): upholding the claim ends the game, and
    // the line under the clock says it is lost on time — or drawn if Black cannot mate (L-6.7).
    out.push({
      ...sent,
      name: 'move-claim-pending-forfeit',
      rules: { ...RULES, excessesAllowed: 0 },
    });
    out.push(
      decided('move-claim-pending-relay', sent.state, tx('black', '2026-10-14', '2.Nf3 2...Nc6'), [
        'move-relayed',
      ]),
    );
  }
  out.push({
    name: 'time-claim',
    state: claimState,
    now: claimOn,
    effects: [
      {
        kind: 'time-claim',
        to: ['td'],
        claimId,
        offender: 'white',
        excess,
        record,
        protestBy,
        rules: ['P-7a'],
      },
      {
        kind: 'time-claim',
        to: ['white', 'black'],
        claimId,
        offender: 'white',
        excess,
        record,
        protestBy,
        rules: ['P-7b', 'P-7c'],
      },
    ],
  });
  // The same excess as the second of the game (P-7f): upheld, it loses the game.
  out.push({
    name: 'time-claim-second',
    state: claimState,
    now: claimOn,
    effects: (['td', 'players'] as const).map((who) => ({
      kind: 'time-claim',
      to: who === 'td' ? ['td'] : ['white', 'black'],
      claimId: `${claimId}:r1`,
      offender: 'white',
      excess,
      record,
      protestBy,
      forfeits: { count: 2, allowed: 1 },
      rules: who === 'td' ? ['P-7a', 'P-7f'] : ['P-7b', 'P-7c', 'P-7f'],
    })),
  });
  const claimed = extendGame(claimState, [
    {
      type: 'claim',
      on: claimOn,
      id: claimId,
      kind: 'time',
      side: 'white',
      protestBy,
      detail: `white exceeded the time limit of ${excess.limitDays} days at move ${excess.controlMove} by ${excess.overOnDay} day${excess.overOnDay === 1 ? '' : 's'} on ${excess.occurredOn}`,
      detailKey: {
        code: 'time-exceeded',
        params: {
          side: 'white',
          limit: excess.limitDays ?? 0,
          move: excess.controlMove,
          over: excess.overOnDay,
          date: excess.occurredOn,
        },
      },
    },
    { type: 'claim-ruled', on: addDays(protestBy, 1), id: claimId, upheld: true, by: 'deadline' },
    { type: 'clock-restarted', on: claimOn, side: 'white' },
  ]);
  // The same claim lapsed at its deadline: the TD waived the penalty behind it meanwhile (P-7c).
  const filed = claimed.events.findIndex((e) => e.type === 'claim-ruled');
  const lapsed = extendGame(foldGame(claimed.events.slice(0, filed)), [
    { type: 'claim-ruled', on: addDays(protestBy, 1), id: claimId, upheld: false, by: 'deadline' },
  ]);
  out.push({
    name: 'claim-lapsed',
    state: lapsed,
    now: addDays(protestBy, 1),
    effects: [
      {
        kind: 'claim-ruled',
        to: ['white', 'black', 'td'],
        claimId,
        upheld: false,
        by: 'deadline',
        rules: ['P-7c', 'P-7d'],
      },
    ],
  });
  // The same claim rejected by the TD, its excess still on the clock: no excess counted; the TD
  // is told how to correct the clock (P-6c).
  const rejected = extendGame(foldGame(claimed.events.slice(0, filed)), [
    { type: 'claim-ruled', on: addDays(claimOn, 3), id: claimId, upheld: false, by: 'td' },
  ]);
  out.push({
    name: 'claim-rejected',
    state: rejected,
    now: addDays(claimOn, 3),
    effects: [
      {
        kind: 'claim-ruled',
        to: ['white', 'black', 'td'],
        claimId,
        upheld: false,
        by: 'td',
        excessOnClock: true,
        // Any player may appeal the TD's ruling (P-13c).
        appeal: { rule: 'P-13', by: appealBy(addDays(claimOn, 3), RULES) },
        rules: ['P-7d'],
      },
    ],
  });
  // The game drawn by agreement inside the protest window: the claim lapses, the TD is told
  // that upheld it would have lost the game (P-7c, P-7f).
  out.push({
    name: 'claim-lapsed-game-ended',
    state: extendGame(foldGame(claimed.events.slice(0, filed)), [
      {
        type: 'ended',
        on: addDays(claimOn, 2),
        result: '1/2-1/2',
        kind: 'draw-agreed',
        rule: 'L-5.2.3',
      },
    ]),
    now: addDays(protestBy, 1),
    effects: [
      {
        kind: 'claim-ruled',
        to: ['td'],
        claimId,
        upheld: false,
        by: 'deadline',
        gameEnded: 'would-forfeit',
        rules: ['P-7c', 'P-7f'],
      },
    ],
  });
  // Rejected with the clock as the TD found it (P-6c): everyone is told the days set.
  out.push({
    name: 'claim-rejected-clock-set',
    state: extendGame(rejected, [
      { type: 'clock-set', on: addDays(claimOn, 3), side: 'white', usedDays: 25 },
    ]),
    now: addDays(claimOn, 3),
    effects: [
      {
        kind: 'claim-ruled',
        to: ['white', 'black', 'td'],
        claimId,
        upheld: false,
        by: 'td',
        clockSet: { usedDays: 25 },
        appeal: { rule: 'P-13', by: appealBy(addDays(claimOn, 3), RULES) },
        rules: ['P-7d', 'P-6c'],
      },
    ],
  });
  out.push({
    name: 'claim-ruled',
    state: claimed,
    now: addDays(protestBy, 1),
    effects: [
      {
        kind: 'claim-ruled',
        to: ['white', 'black', 'td'],
        claimId,
        upheld: true,
        by: 'deadline',
        rules: ['P-7c', 'P-7d', 'P-7e'],
      },
    ],
  });

  // White sent 11.d4 four days after the notice, while the claim waited; upheld, it restarted
  // White's count from the notice day, inside that move's interval (P-7e). White then falls
  // silent after 11...Qc7 and goes over again: the second claim's record shows 11.d4 with 4
  // days though it was delivered long before, and says why (P-7a, P-7e).
  {
    const filedAt = claimed.events.findIndex((e) => e.type === 'claim');
    const w11 = addDays(claimOn, 4);
    const b11 = addDays(claimOn, 6);
    const restarted = foldGame([
      ...claimed.events.slice(0, filedAt + 1),
      { type: 'move', on: w11, side: 'white', uci: 'd2d4', sentOn: w11, deliveredOn: w11 },
      { type: 'move', on: b11, side: 'black', uci: 'd8c7', sentOn: b11, deliveredOn: b11 },
      ...claimed.events.slice(filedAt + 1),
    ]);
    const overOn = addDays(claimOn, 45);
    const work = due(restarted, overOn, RULES).find((w) => w.kind === 'time-exceeded');
    if (!work) throw new Error('no second excess after the restart');
    const d = decideDue(restarted, { kind: 'due', work }, overOn, RULES);
    out.push({
      name: 'time-claim-after-restart',
      state: extendGame(restarted, d.events),
      now: overOn,
      effects: d.effects,
    });
  }

  // The second excess of White upheld by the TD: lost on time (P-7f), the claim in words.
  const secondOn = addDays(protestBy, 30);
  const secondId = `time:white:20:11:r1`;
  const again = extendGame(claimed, [
    {
      type: 'claim',
      on: secondOn,
      id: secondId,
      kind: 'time',
      side: 'white',
      protestBy: addDays(secondOn, RULES.protestDays),
      detail: `white exceeded the time limit of 30 days at move 20 by 2 days on ${addDays(secondOn, -1)}`,
      detailKey: {
        code: 'time-exceeded',
        params: { side: 'white', limit: 30, move: 20, over: 2, date: addDays(secondOn, -1) },
      },
    },
  ]);
  const forfeitOn = addDays(secondOn, 3);
  const forfeit = decideRuling(
    again,
    { kind: 'ruling', ruling: { kind: 'uphold-claim', claimId: secondId } },
    forfeitOn,
    RULES,
  );
  out.push({
    name: 'time-forfeit',
    state: extendGame(again, forfeit.events),
    now: forfeitOn,
    effects: forfeit.effects,
  });
  // The same claim unprotested at its deadline: one mail each says it is upheld, and so the
  // game lost (P-7c, P-7d, P-7f).
  {
    const deadlineOn = addDays(secondOn, RULES.protestDays + 1);
    const work = due(again, deadlineOn, RULES).find((w) => w.kind === 'claim-deadline');
    if (!work) throw new Error('no deadline for the second claim');
    const d = decideDue(again, { kind: 'due', work }, deadlineOn, RULES);
    out.push({
      name: 'time-forfeit-deadline',
      state: extendGame(again, d.events),
      now: deadlineOn,
      effects: d.effects,
    });
  }

  // Black withdrew early; the TD annuls the game (P-9a): everyone told, the PGN to the TD.
  const annul = decideRuling(
    base,
    { kind: 'ruling', ruling: { kind: 'annul', reason: 'Jan Novák withdrew after 3 of 12 games' } },
    now,
    RULES,
  );
  out.push({
    name: 'annulled',
    state: extendGame(base, annul.events),
    now,
    effects: annul.effects,
  });
  // The withdrawal taken back: the TD reinstates the game ten days later (P-9a); both players
  // are told that play resumes where it stood and which days count on neither clock.
  {
    const annulled = extendGame(base, annul.events);
    const back = addDays(now, 10);
    const reinstate = decideRuling(
      annulled,
      { kind: 'ruling', ruling: { kind: 'reinstate' }, note: 'Jan Novák is back.' },
      back,
      RULES,
    );
    out.push({
      name: 'reinstated',
      state: extendGame(annulled, reinstate.events),
      now: back,
      effects: reinstate.effects,
    });
  }

  /** The appeals of the results below (P-11, P-13), each a mail to amici: its own cases. */
  const appeals: Case[] = [];
  // The game adjudicated after the event's end (P-10), Black's analysis having come through
  // amici and White's not: one mail each, with the appeal and its last day (P-11), and to White,
  // that a player who sent no analysis has no appeal.
  {
    const analysed = extendGame(base, [{ type: 'analysis', on: '2027-07-10', side: 'black' }]);
    const adjudicated = decideRuling(
      analysed,
      {
        kind: 'ruling',
        ruling: { kind: 'set-result', result: '1/2-1/2', reason: 'adjudicated', rule: 'P-10' },
        note: 'The expert finds the endgame level.',
      },
      '2027-08-20',
      RULES,
    );
    out.push({
      name: 'adjudicated',
      state: extendGame(analysed, adjudicated.events),
      now: '2027-08-20',
      effects: adjudicated.effects,
    });
    // Black's appeal of the adjudication, mailed to amici within the 14 days (P-11): Black is
    // told it went to the TD, in time, a second expert deciding; the TD gets it whole.
    const appealed = appealCase(
      'appeal-received',
      extendGame(analysed, adjudicated.events),
      'black',
      '2027-08-25',
      'I appeal against the adjudication: the expert missed 21...Rxe4, after which Black is better.',
    );
    appeals.push(appealed);
    // The second expert finds Black better: the TD records it, and it decides the appeal,
    // finally (P-11): one mail each, with no appeal of it.
    const second = decideRuling(
      appealed.state,
      {
        kind: 'ruling',
        ruling: {
          kind: 'set-result',
          result: '0-1',
          reason: 'adjudicated by a second expert',
          rule: 'P-10',
        },
        note: 'The second expert finds 21...Rxe4 winning.',
      },
      '2027-09-10',
      RULES,
    );
    const decided = extendGame(appealed.state, second.events);
    appeals.push({
      name: 'adjudicated-on-appeal',
      state: decided,
      now: '2027-09-10',
      effects: second.effects.filter((e) => e.kind === 'game-ended'),
    });
    // White appeals the second expert's result: final, nothing recorded, nothing to the TD.
    const again = decideTransmission(
      decided,
      tx('white', '2027-09-12', '', { appeal: 'appeal' }),
      '2027-09-12',
      RULES,
    );
    appeals.push({
      name: 'appeal-final',
      state: decided,
      now: '2027-09-12',
      effects: again.effects,
    });
  }

  // A result the TD set under P-13 (no rule covers it): one mail each, with the appeal, within
  // 14 days, to the chairman of the ICCF Appeals Commission (P-13c), and the TD's address.
  {
    const decided13 = decideRuling(
      base,
      {
        kind: 'ruling',
        ruling: { kind: 'set-result', result: '1-0', reason: 'Black stopped answering' },
      },
      '2027-08-20',
      RULES,
    );
    out.push({
      name: 'result-set-p13',
      state: extendGame(base, decided13.events),
      now: '2027-08-20',
      effects: decided13.effects,
    });
    out.push({ ...out.at(-1)!, name: 'result-set-p13-appeals-to', appealsTo: chairman });
    // Black's appeal of that result, after the 14 days (P-13): it goes to the TD all the same,
    // said late; Black is told the chairman of the ICCF Appeals Commission decides.
    appeals.push(
      appealCase(
        'appeal-received-late',
        extendGame(base, decided13.events),
        'black',
        '2027-09-10',
        'I appeal: I did answer, my mails of August went to the old address.',
      ),
    );
  }
  out.push(...appeals);

  // Due work on the base game (Black to move since White's 9.h3).
  const since = base.plies[base.plies.length - 1]!.deliveredOn;
  out.push({
    name: 'reminder',
    state: base,
    now,
    effects: [{ kind: 'reminder', to: ['black', 'td'], silent: 'black', since, rules: ['P-3a'] }],
  });
  // Black on leave for two of the days since the move came: the clock says they do not count.
  out.push({
    name: 'reminder-leave',
    state: extendGame(base, [
      { type: 'leave', on: '2026-10-20', side: 'black', from: '2026-10-23', to: '2026-10-24' },
    ]),
    now,
    effects: [{ kind: 'reminder', to: ['black'], silent: 'black', since, rules: ['P-3a'] }],
  });
  out.push({
    name: 'silence',
    state: base,
    now,
    effects: [{ kind: 'silence-report', to: ['td'], silent: 'black', since, rules: ['P-3b'] }],
  });
  out.push({
    name: 'leave-notice',
    state: base,
    now,
    effects: [
      {
        kind: 'leave-notice',
        to: ['white', 'black', 'td'],
        side: 'black',
        phase: 'starts',
        on: '2026-12-20',
        rules: ['P-8b', 'P-8a'],
      },
    ],
  });
  // Leave 20..27 December is over: the subject says when the clock runs again, not 'ends 28th'.
  // Black is to move: Black's clock runs again; White is told theirs was not affected (P-8a).
  out.push({
    name: 'leave-over',
    state: base,
    now,
    effects: [
      {
        kind: 'leave-notice',
        to: ['black', 'white'],
        side: 'black',
        phase: 'ends',
        on: '2026-12-28',
        toMove: true,
        rules: ['P-8b'],
      },
    ],
  });
  // Leave 20..27 December; the notice went out late, on the day the move Black must answer
  // reached him: his clock runs from that day, not the day after the leave (P-8a, P-6d).
  out.push({
    name: 'leave-over-late',
    state: base,
    now,
    effects: [
      {
        kind: 'leave-notice',
        to: ['black', 'white'],
        side: 'black',
        phase: 'ends',
        on: '2026-12-28',
        toMove: true,
        runsFrom: '2027-01-02',
        rules: ['P-8b', 'P-8a'],
      },
    ],
  });
  // White's leave is over while Black is to move: no clock restarts. White's runs again once
  // White has the move; Black's, running all along, was not affected (P-8a).
  out.push({
    name: 'leave-over-not-to-move',
    state: base,
    now,
    effects: [
      {
        kind: 'leave-notice',
        to: ['white', 'black'],
        side: 'white',
        phase: 'ends',
        on: '2026-12-28',
        toMove: false,
        rules: ['P-8b', 'P-8a'],
      },
    ],
  });
  // Jan Novák plays two games: his leave stops his clock in both (P-8a). The TD's notice and
  // his acknowledgement list them, with his colour in each (P-8b); at its end he gets one mail
  // for both, in his own words, saying where his clock runs again.
  {
    const games = [
      { tag: '[WCH26/7]', title: 'Anna Nowak – Jan Novák', side: 'black' as const },
      { tag: '[WCH26/12]', title: 'Jan Novák – Olga Kim', side: 'white' as const },
    ];
    out.push({
      name: 'leave-games',
      state: base,
      now,
      effects: [
        {
          kind: 'leave-announced',
          to: ['black', 'td'],
          side: 'black',
          from: '2026-12-20',
          until: '2027-01-03',
          left: [
            { year: 2026, days: 18 },
            { year: 2027, days: 27 },
          ],
          games,
          rules: ['P-8a', 'P-8b'],
        },
      ],
    });
    out.push({
      name: 'leave-over-games',
      state: base,
      now,
      effects: [
        {
          kind: 'leave-notice',
          to: ['black'],
          side: 'black',
          phase: 'ends',
          on: '2027-01-04',
          toMove: true,
          games: [
            { ...games[0]!, toMove: true },
            { ...games[1]!, toMove: false },
          ],
          rules: ['P-8b', 'P-8a'],
        },
      ],
    });
  }
  out.push({
    name: 'game-started',
    state: foldGame(gameLog('', '2026-09-01', 3)),
    now: '2026-09-01',
    effects: [
      {
        kind: 'game-started',
        to: ['white', 'black'],
        startsOn: '2026-09-01',
        rules: ['P-2a', 'P-2b', 'P-6a'],
      },
    ],
  });
  // The start notice states each time control in its own terms (P-6a).
  for (const [name, timeControl] of [
    ['triple-block', tripleBlockControl()],
    ['per-move', perMoveControl()],
  ] as const) {
    out.push({
      name: `game-started-${name}`,
      state: foldGame(gameLog('', '2026-09-01', 3)),
      now: '2026-09-01',
      rules: defaultEventRules({ endDate: '2027-06-30', timeControl }),
      effects: [
        {
          kind: 'game-started',
          to: ['white'],
          startsOn: '2026-09-01',
          rules: ['P-2a', 'P-2b', 'P-6a'],
        },
      ],
    });
  }

  // White never made the first move: the sweep's own claim, with no replies to list (P-7a).
  const silent = foldGame(gameLog('', '2026-09-01', 3));
  const silentClaim = due(silent, '2026-10-05', RULES).find((w) => w.kind === 'time-exceeded');
  if (!silentClaim) throw new Error('no claim against the silent White');
  out.push({
    name: 'time-claim-first-move',
    state: silent,
    now: '2026-10-05',
    effects: decideDue(silent, { kind: 'due', work: silentClaim }, '2026-10-05', RULES).effects,
  });
  out.push({
    name: 'reminder-first-move',
    state: foldGame(gameLog('', '2026-09-01', 3)),
    now: '2026-09-16',
    effects: [
      {
        kind: 'reminder',
        to: ['white', 'td'],
        silent: 'white',
        since: '2026-09-01',
        rules: ['P-3a'],
      },
    ],
  });
  out.push({
    name: 'adjudication',
    state: base,
    now: '2027-07-01',
    effects: [
      {
        kind: 'adjudication-due',
        to: ['white', 'black', 'td'],
        endDate: '2027-06-30',
        analysisBy: '2027-07-30',
        rules: ['P-10'],
      },
    ],
  });
  // A time claim filed on the last day of play: its deadline falls in the adjudication, where
  // it upholds nothing by itself (P-10, P-7c).
  out.push({
    name: 'adjudication-claim',
    state: extendGame(base, [
      {
        type: 'claim',
        on: '2027-06-30',
        id: 'time:black:10:1',
        kind: 'time',
        side: 'black',
        protestBy: '2027-07-14',
        detail: 'black exceeded the time limit',
      },
    ]),
    now: '2027-07-01',
    effects: [
      {
        kind: 'adjudication-due',
        to: ['white', 'black', 'td'],
        endDate: '2027-06-30',
        analysisBy: '2027-07-30',
        claims: [{ id: 'time:black:10:1', side: 'black', protestBy: '2027-07-14' }],
        rules: ['P-10'],
      },
    ],
  });
  // The TD moved the event's end later after the game went to adjudication (P-10): play resumes,
  // the days of the stop counted on no clock (L-6.10). Black is to move, 7 days used on move 9.
  // Without an end date now, resumed within a claim's protest window: the claim is named.
  {
    const stopped = extendGame(foldGame(gameLog(OPENING, '2027-05-20', 2)), [
      { type: 'due-done', on: '2027-07-01', key: 'adjudication:2027-06-30' },
    ]);
    const claimed = extendGame(stopped, [
      {
        type: 'claim',
        on: '2027-06-30',
        id: 'time:white:10:1',
        kind: 'time',
        side: 'white',
        protestBy: '2027-07-14',
        detail: 'white exceeded the time limit',
      },
    ]);
    const resumed = [
      ['play-resumed', stopped, '2027-07-20', defaultEventRules({ endDate: '2027-09-30' })],
      ['play-resumed-no-end', claimed, '2027-07-05', defaultEventRules()],
      // Resumed the day after the stop began: one day stopped, said as one day, not a range.
      ['play-resumed-one-day', stopped, '2027-07-02', defaultEventRules({ endDate: '2027-09-30' })],
    ] as const;
    for (const [name, state, on, rules] of resumed) {
      const work = due(state, on, rules).find((w) => w.kind === 'resume');
      if (!work) throw new Error(`${name}: no resume due`);
      const d = decideDue(state, { kind: 'due', work }, on, rules);
      out.push({ name, state: extendGame(state, d.events), now: on, effects: d.effects, rules });
    }
  }
  // Black's move, sent after the event's end: nothing played, and the mail went to the TD as
  // Black's analysis (P-10); Black told so, and the TD given the mail. Then White's analysis in
  // words only, after the last day for analyses: it goes to the TD all the same, said to be late.
  {
    const moved = decided('analysis-received', base, tx('black', '2027-07-02', '9.h3 9...Na5'));
    out.push({
      ...moved,
      notices: [
        { kind: 'analysis', side: 'black', text: 'From: Jan Novák\n\n9...Na5 10.Bc2 c5 =' },
      ],
    });
    const late = decided(
      'analysis-late',
      moved.state,
      tx('white', '2027-08-02', '', { unread: ['I claim a win: after 10.Bc2 White is better.'] }),
    );
    out.push({
      ...late,
      notices: [
        {
          kind: 'analysis',
          side: 'white',
          text: 'From: Anna Nowak\n\nI claim a win: after 10.Bc2 White is better.',
        },
      ],
    });
  }
  const penalised = extendGame(base, [
    { type: 'penalty', on: now, side: 'black', days: 5, rule: 'P-13', reason: 'offensive note' },
  ]);
  out.push({
    name: 'ruling',
    state: penalised,
    now,
    effects: [
      {
        kind: 'ruling-applied',
        to: ['white', 'black'],
        ruling: 'penalise black 5 days (P-13)',
        detail: { key: 'penalise', params: { side: 'black', days: '5' } },
        reason: 'offensive note',
        note: 'Offensive remarks are never acceptable (L-13.3).',
        // Any player may appeal it, within 14 days of receiving it (P-13c).
        appeal: { rule: 'P-13', by: appealBy(now, RULES) },
        rules: ['P-13', 'P-7d'],
      },
    ],
  });
  // The same where the event names the chairman of the ICCF Appeals Commission (P-13c): the
  // players are told to write to them, by name and address, and a reply that appeals reaches both.
  out.push({ ...out.at(-1)!, name: 'ruling-appeals-to', appealsTo: chairman });
  // White, not to move, penalised: the penalty counts toward White's next move and is in no row
  // of the table yet, so the clock says where it leaves White's count (P-2k, P-13).
  out.push({
    name: 'ruling-penalty-not-to-move',
    state: extendGame(base, [
      { type: 'penalty', on: now, side: 'white', days: 5, rule: 'P-13', reason: 'offensive note' },
    ]),
    now,
    effects: [
      {
        kind: 'ruling-applied',
        to: ['white'],
        ruling: 'penalise white 5 days (P-13)',
        detail: { key: 'penalise', params: { side: 'white', days: '5' } },
        reason: 'offensive note',
        rules: ['P-13', 'P-7d'],
      },
    ],
  });
  // Black's appeal of that penalty, in play (P-13c): it goes to the TD, the game goes on.
  out.push(
    appealCase(
      'appeal-received-ruling',
      penalised,
      'black',
      addDays(now, 3),
      'I appeal against the penalty: my note named the opening, nothing offensive.',
    ),
  );
  // The same appeal where the event names the chairman (P-13c): the TD's copy went to them too.
  out.push({ ...out.at(-1)!, name: 'appeal-received-appeals-to', appealsTo: chairman });
  // The TD set White's clock two days after penalising Black; Black's appeal names neither: it
  // is tied to the latest, and the TD's copy lists both decisions open to appeal (P-13c).
  {
    const clockSet = decideRuling(
      penalised,
      { kind: 'ruling', ruling: { kind: 'set-clock', side: 'white', usedDays: 12 } },
      addDays(now, 2),
      RULES,
    );
    out.push(
      appealCase(
        'appeal-received-open',
        extendGame(penalised, clockSet.events),
        'black',
        addDays(now, 3),
        'I appeal. This is unfair.',
      ),
    );
  }
  // A ruling that could not apply: the TD is told why, nothing changed (P-7d).
  out.push({
    name: 'ruling-refused',
    state: penalised,
    now,
    effects: [
      {
        kind: 'ruling-refused',
        to: ['td'],
        ruling: 'waive-penalty white 2026-10-02',
        why: 'no penalty of white on 2026-10-02 to waive',
        rules: ['P-6g'],
      },
    ],
  });
  out.push({
    name: 'td-notices',
    state: base,
    now,
    effects: [],
    notices: [
      {
        kind: 'dispute',
        side: 'white',
        text: 'My opponent says my move 8.c3 never arrived, but I sent it on 2026-10-16.',
        // Attached whole (P-5a).
        original: {
          raw: Buffer.from('From: anna@example.org\r\nSubject: 8.c3\r\n\r\nI sent it.\r\n'),
          inboundId: 16,
        },
      },
      // A protest against a time claim (P-7c): the TD is told it waits for their ruling.
      {
        kind: 'dispute',
        side: 'white',
        text: 'I protest: my move 10 was sent in time, your server lost it.',
        protests: ['time:white:10:1'],
        // Too big to mail again: the TD is told where it is kept (P-5a).
        original: { raw: Buffer.alloc(ORIGINAL_LIMIT + 1), inboundId: 17 },
      },
      // A protest after the window closed (P-7c): the TD is told it came late, and how it ended.
      {
        kind: 'dispute',
        side: 'white',
        text: 'Protest: I was ill and could not write.',
        lateProtests: [
          { id: 'time:white:10:1', protestBy: '2026-10-19', ruledOn: '2026-10-20', upheld: true },
        ],
      },
      {
        kind: 'bounce',
        side: 'black',
        text: '550 5.1.1 <jan@example.org>: Recipient address rejected: User unknown',
      },
      // The relay of the move Black must answer failed for good: Black's clock waits (P-6d).
      {
        kind: 'bounce',
        side: 'black',
        moveUndelivered: true,
        outboxFailed: { kind: 'move-relayed', to: ['jan@example.org'] },
        text: "EACCES: permission denied, open 'var/outbox/.relay.eml.tmp'",
      },
      // The TD's copy to print and post to a player by post came back from the TD's address
      // (P-2m): the notice says what it was, not "a mail to a player".
      {
        kind: 'bounce',
        bouncedFromTd: { print: true, player: 'Jan Novák' },
        text: 'Delivery to td@wch.example failed.\nStatus: 5.2.2',
      },
      // That copy was the letter that brings the player by post the move they must answer:
      // their clock waits for it (P-2m, P-6d).
      {
        kind: 'bounce',
        side: 'black',
        moveUndelivered: true,
        bouncedFromTd: { print: true, player: 'Jan Novák' },
        text: 'Delivery to td@wch.example failed.\nStatus: 5.2.2',
      },
      // A mail by email to a player by post came back: it holds nothing up, told once (P-2m).
      {
        kind: 'bounce',
        side: 'black',
        toPlayerByPost: true,
        text: 'Delivery to jan@example.org failed.\nStatus: 5.1.1',
      },
      // The same player's mail by email failed in amici's own outbox: the notice says the cause
      // may be the outbox, not only the address, and how to send it again, in the TD's language.
      {
        kind: 'bounce',
        side: 'black',
        toPlayerByPost: true,
        outboxFailed: { kind: 'move-relayed', to: ['jan@example.org'] },
        text: "EACCES: permission denied, open 'var/outbox/.relay.eml.tmp'",
      },
      // Another mail to the TD came back from the TD's own address.
      {
        kind: 'bounce',
        bouncedFromTd: { print: false },
        text: 'Delivery to td@wch.example failed.\nStatus: 5.2.2',
      },
      {
        kind: 'unknown-sender',
        inboundId: 17,
        address: 'jan.novak@mobile.example',
        text: 'From: Jan N. <jan.novak@mobile.example>\nReceived: 2026-10-20T08:12:00Z\nSubject: Re: [WCH26/7] move\n\n9...Na5 10.Bc2',
        replayable: true,
      },
      // A new address announced in words, signed with a player's name: nothing to replay (P-5c).
      {
        kind: 'unknown-sender',
        inboundId: 18,
        address: 'jan.novak@mobile.example',
        side: 'black',
        text: 'From: Jan Novák <jan.novak@mobile.example>\nReceived: 2026-10-20T08:12:00Z\nSubject: [WCH26/7] new address\n\nMy new address is jan.novak@mobile.example, please write here in all games.',
      },
    ],
  });
  out.push({ name: 'no-move', state: base, now, effects: [], noMove: ['black', 'white'] });
  // Black to move with White's draw offer standing: the answer says how to accept it (L-5.2.3).
  {
    const offered = foldGame(gameLog(OPENING, '2026-09-01', 3));
    const last = offered.events.findLastIndex((e) => e.type === 'move');
    const withOffer = foldGame(
      offered.events.map((e, i) =>
        i === last && e.type === 'move' ? { ...e, drawOffer: true } : e,
      ),
    );
    out.push({ name: 'no-move-offer', state: withOffer, now, effects: [], noMove: ['black'] });
  }
  // "Please send me the PGN": it is attached, with where the game stands (L-8.1).
  out.push({
    name: 'no-move-pgn',
    state: base,
    now,
    effects: [],
    noMove: ['black'],
    noMoveAsked: { pgn: true },
  });
  // White forwards Black's 9...Na5, which Black mailed to White directly (P-2d): not played;
  // White is told why, Black to send it to amici.
  {
    const forwarded: ForwardedMove = {
      name: 'Jan Novák',
      sentOn: '2026-10-24',
      moves: '9...3615',
      referee: 'referee@wch26.example',
      by: 'Anna Nowak',
    };
    out.push({
      name: 'move-forwarded',
      state: base,
      now,
      effects: [],
      noMove: ['white'],
      noMoveAsked: { forwarded },
      notReceived: { side: 'black', forwarded },
    });
  }
  // "I wonder if 9...Na5 works": a move only thought aloud about (P-4a).
  out.push({
    name: 'no-move-thought',
    state: base,
    now,
    effects: [],
    noMove: ['black'],
    noMoveThoughts: ['9...Na5'],
  });
  // A move sent by the event's last day and relayed after it (P-10): it stands, but play has
  // stopped, so the opponent is told of the adjudication, not asked for a move.
  {
    const d = decideTransmission(base, tx('black', now, '9.h3 9...Na5'), now, RULES);
    out.push({
      name: 'move-relayed-adjudication',
      state: extendGame(base, d.events),
      now: '2027-07-02',
      effects: d.effects.filter((e) => e.kind === 'move-relayed'),
    });
  }
  // A move that came on the event's last day and was read two days later (P-10, L-4.2): it is
  // played, and both its acknowledgement and its relay say play has stopped, not "your move".
  {
    const ending = defaultEventRules({ endDate: now });
    const d = decideTransmission(base, tx('black', now, '9.h3 9...Na5'), now, ending);
    out.push({
      name: 'move-read-after-end',
      state: extendGame(base, d.events),
      now,
      writtenOn: addDays(now, 2),
      rules: ending,
      effects: d.effects.filter((e) => e.kind === 'move-accepted' || e.kind === 'move-relayed'),
    });
  }
  // Words with no move after the event's end: the game is in adjudication, its clocks stopped.
  out.push({
    name: 'no-move-adjudication',
    state: base,
    now: '2027-07-02',
    effects: [],
    noMove: ['black', 'white'],
  });
  out.push({ name: 'td-forwarded', state: base, now, effects: [], tdForwarded: ['black'] });
  out.push({
    name: 'td-forwarded-protest',
    state: base,
    now,
    effects: [],
    tdForwarded: ['white'],
    protests: ['time:white:10:1'],
  });
  // A move in Jan's name, signed by no one (base: it is Black's move), and one in Anna's name
  // whose signature broke on the way; the TD's notice of the first.
  out.push({
    name: 'unauthenticated',
    state: base,
    now,
    effects: [],
    unauthenticated: [
      { side: 'black', address: 'jan@example.org', reason: 'unsigned' },
      { side: 'white', address: 'anna@example.org', reason: 'altered' },
    ],
    notices: [
      {
        kind: 'unauthenticated',
        side: 'black',
        address: 'jan@example.org',
        reason: 'unsigned',
        detail: 'no DKIM-Signature header',
        text: 'From: Jan Novák <jan@example.org>\nReceived: 2026-10-20T08:12:00Z\nSubject: Re: [WCH26/7] move\n\n9.5254 9...Na5',
      },
    ],
  });
  // The TD's mailed rulings that were not applied (P-7d): not signed (P-2d), a line unread.
  out.push({
    name: 'td-ruling-unread',
    state: base,
    now,
    effects: [],
    notices: [
      { kind: 'ruling-unread', reason: 'unverified', text: 'no DKIM-Signature header' },
      {
        kind: 'ruling-unread',
        reason: 'invalid',
        rulingErrors: [
          {
            line: 'grant-leave --side white --from 2026-12-01',
            code: 'leave-args',
            text: 'give --side, --from and --to (white or black; dates as YYYY-MM-DD)',
          },
          {
            line: 'annul --reason Dan withdrew',
            code: 'unexpected',
            params: { words: 'withdrew' },
            text: 'unexpected "withdrew" (put text in quotes)',
          },
        ],
        text: 'Rulings:\n  …',
      },
    ],
  });
  // A TD's mail with no ruling (P-7d): a player's move forwarded (P-2d, P-2j), with the command
  // that enters it; one whose date did not read, from a player of several games; one from no
  // player; one that holds no move; and words alone.
  out.push({
    name: 'td-no-ruling',
    state: base,
    now,
    effects: [],
    notices: [
      {
        kind: 'no-ruling',
        text: '9...Na5\n\nJan',
        forward: {
          address: 'jan.novak@example.cz',
          name: 'Jan Novák',
          sentOn: '2026-10-23',
          side: 'black',
          command:
            'amici post WCH26/7 --as black --moves "9...Na5" --postmark 2026-10-23 --received 2026-10-25',
        },
      },
      {
        kind: 'no-ruling',
        text: '9...Na5',
        forward: {
          address: 'jan.novak@example.cz',
          dateWritten: 'gestern Abend',
          games: ['WCH26/7', 'WCH26/12'],
        },
      },
      { kind: 'no-ruling', text: '9...Na5', forward: { address: 'someone@example.org' } },
      {
        kind: 'no-ruling',
        text: 'Thanks for the game!',
        forward: { address: 'jan.novak@example.cz', sentOn: '2026-10-23', side: 'black' },
      },
      { kind: 'no-ruling', text: 'Noted, thanks.' },
      // P-9a: `withdraw` is run on the server; the lines that rule on each game by mail.
      {
        kind: 'no-ruling',
        text: 'withdraw novak --forfeit --reason "ill"',
        withdraw: {
          player: 'Jan Novák',
          command: 'amici td withdraw novak --forfeit --reason "ill"',
          lines: [
            'WCH26/7 set-result 1-0 --reason "ill" --rule P-9a',
            'WCH26/12 set-result 0-1 --reason "ill" --rule P-9a',
          ],
        },
      },
      {
        kind: 'no-ruling',
        text: 'withdraw novak --annul --reason "ill"',
        withdraw: {
          player: 'Jan Novák',
          command: 'amici td withdraw novak --annul --reason "ill"',
          lines: [],
        },
      },
    ],
  });
  // A player by post gets amici's mail as a letter the TD prints and posts (P-2m): no marker to
  // reply above, nothing attached, and how to answer on a card — to the TD in a mixed game, to
  // the opponent in a game all by post.
  // Black's card left out dates (P-2i), then White answered by mail: the letter of White's move
  // tells Black the dates recorded (P-2i, P-2j), as the acknowledgement by email did.
  {
    const card = out.find((x) => x.name === 'move-no-postmark')!;
    out.push({
      ...decided('move-card-dates', card.state, tx('white', '2026-10-27', '9...Na5 10.Bc2'), [
        'move-relayed',
      ]),
      paper: 'mixed',
    });
  }
  const toPlayers = (c: Case): Effect[] =>
    c.effects.flatMap((e) => {
      const to = e.to.filter((r) => r !== 'td');
      return to.length && e.kind !== 'move-accepted' ? [{ ...e, to } as Effect] : [];
    });
  // The TD's copy to print of a time claim's notice that could not go out the day it was
  // written: written anew, its protest window from the day it goes out (P-7c, P-2m).
  {
    const claim = out.find((x) => x.name === 'time-claim')!;
    out.push({
      ...claim,
      name: 'time-claim-posted-late',
      effects: toPlayers(claim).map((e) =>
        e.kind === 'time-claim' ? { ...e, protestBy: addDays(claim.now, 19) } : e,
      ),
      paper: 'mixed',
      redelivery: { how: 'claim', firstOn: claim.now, deliveredOn: addDays(claim.now, 5) },
    });
  }
  for (const [name, paper] of [
    ['move', 'mixed'],
    ['reminder', 'mixed'],
    ['game-started', 'mixed'],
    ['game-started', 'postal'],
    ['adjudication', 'mixed'],
    ['time-claim', 'mixed'],
  ] as const) {
    const c = out.find((x) => x.name === name)!;
    out.push({ ...c, name: `${name}-by-post-${paper}`, effects: toPlayers(c), paper });
  }
  return out;
}
