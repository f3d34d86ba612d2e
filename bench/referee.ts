// The referee's speed goals (issue 3): `due` over 100,000 games in one sweep under 1 s, and
// folding a 100-move game's log in well under a millisecond. The games are random legal games
// of 20 to 100 moves with seeded, varied dates (mostly 1–3 days a move, now and then 4–8, some
// transit, the odd penalty and leave), folded once up front; the sweep runs on one day, so some games have work due
// (reminders, excesses) and most do not. Targets are written into the row names and values so
// bench/run.ts prints them; `met` says whether each was reached.

import { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import { makeUci } from 'chessops/util';
import type { CalendarDate } from '../src/clock/index.ts';
import { addDays } from '../src/clock/index.ts';
import { due, dueKeys } from '../src/referee/due.ts';
import { defaultEventRules } from '../src/referee/event-rules.ts';
import type { GameEvent, Side } from '../src/referee/game-event.ts';
import type { GameState } from '../src/referee/game-state.ts';
import { foldGame } from '../src/referee/game-state.ts';
import type { BenchReport } from './support.ts';
import { mulberry32, timeBest } from './support.ts';

export interface RefereeBenchRow {
  name: string;
  value: string;
  ratio?: number;
  /** The goal, as printed (`< 1000 ms`), and whether this run reached it. */
  budget?: string;
  met?: boolean;
}

const GAMES = 100_000;
const DISTINCT_LOGS = 1_000;
const SWEEP_ON: CalendarDate = '2026-11-22';
const SWEEP_BUDGET_MS = 1000;
const FOLD_BUDGET_US = 1000;

/** Random legal moves in UCI, `plies` of them, without the game ending on the way. */
function randomGame(plies: number, rand: () => number): string[] {
  for (;;) {
    const pos = Chess.default();
    const ucis: string[] = [];
    while (ucis.length < plies && !pos.isEnd()) {
      const legal: NormalMove[] = [];
      for (const [from, dests] of pos.allDests()) for (const to of dests) legal.push({ from, to });
      const m = legal[Math.floor(rand() * legal.length)]!;
      const move =
        pos.board.get(m.from)?.role === 'pawn' && (m.to >> 3 === 0 || m.to >> 3 === 7)
          ? { ...m, promotion: 'queen' as const }
          : m;
      ucis.push(makeUci(move));
      pos.play(move);
    }
    if (ucis.length === plies) return ucis;
  }
}

/** A game log with dates: the last move delivered `idleDays` before the sweep. */
function gameLog(ucis: readonly string[], idleDays: number, rand: () => number): GameEvent[] {
  const gaps = ucis.map(() =>
    rand() < 0.04 ? 4 + Math.floor(rand() * 5) : 1 + Math.floor(rand() * 3),
  );
  const transit = rand() < 0.3 ? 1 : 0;
  const span = gaps.reduce((sum, g) => sum + g + transit, 0);
  const start = addDays(SWEEP_ON, -(span + idleDays));
  const events: GameEvent[] = [
    {
      type: 'created',
      on: start,
      start: { kind: 'standard' },
      white: 'w@example.org',
      black: 'b@example.org',
      clockStartsOn: start,
    },
  ];
  let delivered = start;
  ucis.forEach((uci, i) => {
    const side: Side = i % 2 === 0 ? 'white' : 'black';
    const sentOn = addDays(delivered, gaps[i]!);
    delivered = addDays(sentOn, transit);
    if (i === 11 && rand() < 0.2)
      events.push({
        type: 'penalty',
        on: sentOn,
        side,
        days: 5,
        rule: 'P-6g',
        reason: 'impossible move',
      });
    events.push({ type: 'move', on: delivered, side, uci, sentOn, deliveredOn: delivered });
    if (i === 20 && rand() < 0.2) {
      const from = addDays(delivered, 3);
      const to = addDays(delivered, 12);
      events.push({ type: 'leave', on: delivered, side: 'black', from, to });
      // The sweeps of those days sent the notices (P-8b).
      events.push({ type: 'due-done', on: from, key: dueKeys.leaveStarts('black', from, to) });
      events.push({
        type: 'due-done',
        on: addDays(to, 1),
        key: dueKeys.leaveEnds('black', from, to),
      });
    }
  });
  return events;
}

const fmt = (n: number, digits = 1): string => n.toFixed(digits);

export function benchReferee(): BenchReport {
  const rand = mulberry32(7);
  const rules = defaultEventRules();

  // A few realistic games, replayed with varied dates into distinct logs, folded once.
  const games = [40, 80, 120, 160, 200].map((plies) => randomGame(plies, rand));
  const logs = Array.from({ length: DISTINCT_LOGS }, (_, i) =>
    gameLog(games[i % games.length]!, Math.floor(rand() ** 2 * 40), rand),
  );
  const folded = logs.map((log) => foldGame(log));
  // 100,000 distinct state objects; each log stands for 100 games in this run.
  const states: GameState[] = Array.from({ length: GAMES }, (_, i) => ({
    ...folded[i % DISTINCT_LOGS]!,
  }));

  let found = 0;
  const sweep = (): void => {
    found = 0;
    for (const state of states) found += due(state, SWEEP_ON, rules).length;
  };
  // The first sweep plans each log once (both clocks derived day by day).
  const t0 = performance.now();
  sweep();
  const firstMs = performance.now() - t0;
  const sweepMs = timeBest(sweep, 5);

  // Folding a 100-move game's log.
  const longLog = gameLog(games[4]!, 3, rand);
  const foldRuns = 200;
  const foldMs = timeBest(() => {
    for (let i = 0; i < foldRuns; i++) foldGame(longLog);
  }, 5);
  const foldUs = (foldMs * 1000) / foldRuns;

  const rows: RefereeBenchRow[] = [
    {
      name: `due, first sweep (plans ${DISTINCT_LOGS.toLocaleString('en')} logs)`,
      value: `${fmt(firstMs)} ms`,
    },
    {
      name: `  = planning one game after a change`,
      value: `${fmt((firstMs * 1000) / DISTINCT_LOGS)} µs`,
    },
    {
      name: `due, ${GAMES.toLocaleString('en')} games, sweep (< ${SWEEP_BUDGET_MS} ms)`,
      value: `${fmt(sweepMs)} ms ${sweepMs < SWEEP_BUDGET_MS ? 'met' : 'MISSED'}`,
      budget: `< ${SWEEP_BUDGET_MS} ms`,
      met: sweepMs < SWEEP_BUDGET_MS,
    },
    {
      name: `  work found in the sweep`,
      value: `${found.toLocaleString('en')} items`,
    },
    {
      name: `foldGame, 100-move game (< ${FOLD_BUDGET_US} µs)`,
      value: `${fmt(foldUs)} µs ${foldUs < FOLD_BUDGET_US ? 'met' : 'MISSED'}`,
      budget: `< ${FOLD_BUDGET_US} µs`,
      met: foldUs < FOLD_BUDGET_US,
    },
  ];
  return {
    title: `Referee: due over ${GAMES.toLocaleString('en')} games on ${SWEEP_ON}, folding a log`,
    rows,
  };
}
