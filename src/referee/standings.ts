// An event's standings (L-12): a win scores 1, a draw ½, a loss 0, and a double forfeit (L-6.9,
// P-12: neither player reported) 0 to both; an annulled game (P-9a) does not count at all.
// Pure: the games and their results in, the table out.
// The rules digest names no tie-break, so players level on points share their place ("2–3");
// wins and the Sonneborn-Berger score are shown beside it for the TD, and rank nothing.

import type { Result } from './game-event.ts';

export interface StandingsGame {
  id: string;
  white: string;
  black: string;
  /** Undefined while the game is in play. */
  result?: Result | undefined;
}

export interface StandingsRow {
  /** "1", or "2–3" when players are level on points. */
  place: string;
  player: string;
  /** Points in halves, so that ½ adds exactly: 2 × points. */
  halfPoints: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  /** Games still in play. */
  unfinished: number;
  /** Sonneborn-Berger, in quarters (2 × half-points of beaten opponents + 1 × of drawn ones). */
  sbQuarters: number;
}

/** A row with the player's name, as the mails and the command line show it. */
export type NamedStandingsRow = StandingsRow & { name: string };

/** An annulled game (P-9a): over, and out of the table. */
export const annulled = (game: StandingsGame): boolean => game.result === '*';

/**
 * What `player` scored in `game`, in half-points; undefined while in play, when annulled, or
 * when the game is not theirs.
 */
export function halfPointsOf(game: StandingsGame, player: string): number | undefined {
  if (!game.result || (game.white !== player && game.black !== player)) return undefined;
  switch (game.result) {
    case '*':
      return undefined;
    case '1/2-1/2':
      return 1;
    case '0-0':
      return 0;
    case '1-0':
      return game.white === player ? 2 : 0;
    case '0-1':
      return game.black === player ? 2 : 0;
  }
}

/**
 * The table, best first: by points, then (only to list them, not to rank) by wins, Sonneborn-
 * Berger and the order the players were given in. Every player given has a row, with or without
 * games; a game of a player not given is counted for the one who is.
 */
export function standings(
  players: readonly string[],
  games: readonly StandingsGame[],
): StandingsRow[] {
  const rows = new Map<string, StandingsRow>();
  for (const player of players)
    rows.set(player, {
      place: '',
      player,
      halfPoints: 0,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      unfinished: 0,
      sbQuarters: 0,
    });
  const counted = games.filter((g) => !annulled(g));
  for (const game of counted) {
    for (const player of [game.white, game.black]) {
      const row = rows.get(player);
      if (!row) continue;
      const score = halfPointsOf(game, player);
      if (score === undefined) {
        row.unfinished++;
        continue;
      }
      row.played++;
      row.halfPoints += score;
      if (score === 2) row.won++;
      else if (score === 1) row.drawn++;
      else row.lost++;
    }
  }
  // Sonneborn-Berger: the final half-points of each opponent beaten, and half those of each drawn.
  for (const game of counted) {
    for (const [player, opponent] of [
      [game.white, game.black],
      [game.black, game.white],
    ] as const) {
      const row = rows.get(player);
      const score = halfPointsOf(game, player);
      if (!row || !score) continue;
      row.sbQuarters += score * (rows.get(opponent)?.halfPoints ?? 0);
    }
  }
  const order = new Map(players.map((p, i) => [p, i]));
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.halfPoints - a.halfPoints ||
      b.won - a.won ||
      b.sbQuarters - a.sbQuarters ||
      (order.get(a.player) ?? 0) - (order.get(b.player) ?? 0),
  );
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.halfPoints === sorted[i]!.halfPoints) j++;
    const place = i === j ? String(i + 1) : `${i + 1}–${j + 1}`;
    for (let k = i; k <= j; k++) sorted[k]!.place = place;
    i = j + 1;
  }
  return sorted;
}

/** "2½", "½", "0": half-points as a score is written. */
export function pointsText(halfPoints: number): string {
  const whole = Math.floor(halfPoints / 2);
  if (halfPoints % 2 === 0) return String(whole);
  return whole ? `${whole}½` : '½';
}

/**
 * The cross-table cells of `player` against `opponent`, one character per game in the order
 * given: 1, ½, 0, · while in play, – when annulled (P-9a); '' when they do not meet.
 */
export function crossCell(
  games: readonly StandingsGame[],
  player: string,
  opponent: string,
): string {
  return games
    .filter(
      (g) =>
        (g.white === player && g.black === opponent) ||
        (g.black === player && g.white === opponent),
    )
    .map((g) => {
      if (annulled(g)) return '–';
      const s = halfPointsOf(g, player);
      return s === undefined ? '·' : s === 2 ? '1' : s === 1 ? '½' : '0';
    })
    .join('');
}
