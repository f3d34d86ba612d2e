// Building games for referee tests as event logs: create a game, play movetext with dates
// (each move sent a set number of days after the previous one was delivered), add any other
// event, fold. Also applying a Decision (its events appended with extendGame).

import { makeUci } from 'chessops/util';
import type { StartSpec } from '../../src/chess/index.ts';
import { readMovetext, startPosition, tokenizeMovetext } from '../../src/chess/index.ts';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays } from '../../src/clock/index.ts';
import type { Decision } from '../../src/referee/decision.ts';
import type { GameEvent, Side } from '../../src/referee/game-event.ts';
import type { GameState } from '../../src/referee/game-state.ts';
import { extendGame, foldGame } from '../../src/referee/game-state.ts';

export interface PlayOptions {
  /** Days between the delivery of the previous move and this move's dispatch (default 2). */
  every?: number | readonly number[];
  /** Days from dispatch to delivery (default 0: email delivered the same day). */
  transit?: number;
  /** The dispatch date of the first move (default: from `every` and the last delivery). */
  firstSentOn?: CalendarDate;
}

export interface Scenario {
  readonly events: GameEvent[];
  /** The delivery date of the last move (the clock start before any move). */
  readonly lastDeliveredOn: CalendarDate;
  /** Plays SAN movetext (English) with dates (see PlayOptions). */
  play(movetext: string, options?: PlayOptions): Scenario;
  /** One move sent on `sentOn`, delivered `transit` days later. */
  move(san: string, sentOn: CalendarDate, transit?: number): Scenario;
  add(...events: GameEvent[]): Scenario;
  state(): GameState;
}

export interface GameOptions {
  start?: StartSpec;
  white?: string;
  black?: string;
  clockStartsOn?: CalendarDate;
}

/** A game created on `on` (White's clock starts the same day unless told otherwise). */
export function scenario(on: CalendarDate, options: GameOptions = {}): Scenario {
  const start = options.start ?? { kind: 'standard' };
  const initial = startPosition(start);
  if (!initial.ok) throw new Error(initial.error.message);
  const pos = initial.value.clone();
  const events: GameEvent[] = [
    {
      type: 'created',
      on,
      start,
      white: options.white ?? 'white@example.org',
      black: options.black ?? 'black@example.org',
      clockStartsOn: options.clockStartsOn ?? on,
    },
  ];
  let lastDeliveredOn = options.clockStartsOn ?? on;

  const playOne = (text: string, sentOn: CalendarDate, transit: number): void => {
    const side: Side = pos.turn;
    const read = readMovetext(pos, tokenizeMovetext(text), { kind: 'algebraic', lang: 'en' });
    const played = read.moves[0];
    if (read.error || !played) throw new Error(`${text}: ${read.error?.message ?? 'no move'}`);
    const deliveredOn = addDays(sentOn, transit);
    events.push({
      type: 'move',
      on: deliveredOn,
      side,
      uci: makeUci(played.move),
      sentOn,
      deliveredOn,
      ...(played.drawOffer ? { drawOffer: true } : {}),
    });
    lastDeliveredOn = deliveredOn;
  };

  const self: Scenario = {
    events,
    get lastDeliveredOn() {
      return lastDeliveredOn;
    },
    play(movetext, opts = {}) {
      const tokens = tokenizeMovetext(movetext).tokens;
      tokens.forEach((token, i) => {
        const every = opts.every ?? 2;
        const gap = typeof every === 'number' ? every : (every[i] ?? every[every.length - 1] ?? 2);
        const sentOn =
          i === 0 && opts.firstSentOn ? opts.firstSentOn : addDays(lastDeliveredOn, gap);
        playOne(token.drawOffer ? `${token.text} (=)` : token.text, sentOn, opts.transit ?? 0);
      });
      return self;
    },
    move(san, sentOn, transit = 0) {
      playOne(san, sentOn, transit);
      return self;
    },
    add(...more) {
      events.push(...more);
      return self;
    },
    state: () => foldGame(events),
  };
  return self;
}

/** The state after a decision's events. */
export const apply = (state: GameState, decision: Decision): GameState =>
  extendGame(state, decision.events);

/** The kinds of a decision's events, in order. */
export const eventTypes = (decision: Decision): string[] => decision.events.map((e) => e.type);

/** The kinds of a decision's effects, in order. */
export const effectKinds = (decision: Decision): string[] => decision.effects.map((e) => e.kind);
