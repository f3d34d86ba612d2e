// Reading moves: our two-phase reader against chessops's own SAN parser, on the same random
// legal games in the same run, taking turns (issue 2's target: ours >= 0.5x of raw chessops).

import { Chess } from 'chessops/chess';
import { makeSan, parseSan } from 'chessops/san';
import type { NormalMove } from 'chessops/types';
import type { Reading } from '../src/chess/index.ts';
import { makeNumeric, makeSanIn, readMove } from '../src/chess/index.ts';
import type { BenchReport } from './support.ts';
import { mulberry32, timeBestInTurn } from './support.ts';

interface BenchGame {
  san: string[];
  sanPl: string[];
  numeric: string[];
}

function randomGames(count: number, plies: number, seed: number): BenchGame[] {
  const rand = mulberry32(seed);
  const games: BenchGame[] = [];
  while (games.length < count) {
    const pos = Chess.default();
    const g: BenchGame = { san: [], sanPl: [], numeric: [] };
    for (let i = 0; i < plies && !pos.isEnd(); i++) {
      const legal: NormalMove[] = [];
      for (const [from, dests] of pos.allDests()) for (const to of dests) legal.push({ from, to });
      const m = legal[Math.floor(rand() * legal.length)]!;
      const move =
        pos.board.get(m.from)?.role === 'pawn' && (m.to >> 3 === 0 || m.to >> 3 === 7)
          ? { ...m, promotion: 'queen' as const }
          : m;
      g.san.push(makeSan(pos, move));
      g.sanPl.push(makeSanIn(pos, move, 'pl'));
      g.numeric.push(makeNumeric(pos, move));
      pos.play(move);
    }
    games.push(g);
  }
  return games;
}

function readAll(games: BenchGame[], key: keyof BenchGame, reading: Reading): number {
  let n = 0;
  for (const g of games) {
    const pos = Chess.default();
    const start = n;
    for (const text of g[key]) {
      const r = readMove(pos, text, reading);
      // Auto mode rightly refuses moves legal in two languages (Kd8: English king, Esperanto
      // bishop); play the game on regardless so every mode reads the same moves.
      if (!r.ok && reading.kind !== 'auto') throw new Error(`${text}: ${r.error.message}`);
      pos.play(r.ok ? r.value : parseSan(pos, g.san[n - start]!)!);
      n++;
    }
  }
  return n;
}

function chessopsAll(games: BenchGame[]): number {
  let n = 0;
  for (const g of games) {
    const pos = Chess.default();
    for (const san of g.san) {
      const move = parseSan(pos, san);
      if (!move) throw new Error(san);
      pos.play(move);
      n++;
    }
  }
  return n;
}

export function benchNotation(): BenchReport {
  const games = randomGames(400, 80, 42);
  const moves = games.reduce((s, g) => s + g.san.length, 0);
  const cases: { name: string; run: () => unknown }[] = [
    { name: 'chessops parseSan (English SAN)', run: () => chessopsAll(games) },
    {
      name: 'amici readMove, san:en',
      run: () => readAll(games, 'san', { kind: 'algebraic', lang: 'en' }),
    },
    {
      name: 'amici readMove, san:pl',
      run: () => readAll(games, 'sanPl', { kind: 'algebraic', lang: 'pl' }),
    },
    { name: 'amici readMove, numeric', run: () => readAll(games, 'numeric', { kind: 'numeric' }) },
    {
      name: 'amici readMove, auto (English SAN)',
      run: () => readAll(games, 'san', { kind: 'auto' }),
    },
  ];
  const times = timeBestInTurn(cases.map((c) => c.run));
  const base = times[0]!;
  const rows = cases.map((c, i) => ({ name: c.name, ms: times[i]! }));
  return {
    title: `Reading moves: ${games.length} random games, ${moves} moves (parse + resolve + play)`,
    rows: rows.map((r) => ({
      name: r.name,
      value: `${Math.round(moves / (r.ms / 1000)).toLocaleString('en')} moves/s`,
      ratio: base / r.ms,
    })),
    target: { name: 'amici readMove, san:en', min: 0.5 },
  };
}
