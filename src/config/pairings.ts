// Pairings made from the players of a section, so a TD need not list every game: a round robin
// (every player meets every other once, or twice with colours reversed). In correspondence
// chess all the games of a section start together, so there are no rounds to order — only
// colours to balance: with an odd number of players everyone has White exactly as often as
// Black; with an even number, at most once more. Games are numbered 1, 2, … in the order of
// the players as listed, so the same list always gives the same games.

export interface RoundRobinOptions<D extends string> {
  startsOn: D;
  /** Each pair plays twice, colours reversed in the second game. */
  double: boolean;
}

export interface PairedGame<D extends string> {
  id: string;
  white: string;
  black: string;
  startsOn: D;
}

/**
 * Whether the player at index `i` has White against the player at index `j` (i < j) among `n`.
 * Odd n: i has White against the (n-1)/2 players that follow it round the circle. Even n: the
 * first n-1 players are paired that way, and the last one has White against every second one.
 */
function whiteIsFirst(i: number, j: number, n: number): boolean {
  if (n % 2 === 0 && j === n - 1) return i % 2 === 0;
  const odd = n % 2 === 1 ? n : n - 1;
  return j - i <= (odd - 1) / 2;
}

export function roundRobin<D extends string>(
  playerIds: readonly string[],
  options: RoundRobinOptions<D>,
): PairedGame<D>[] {
  const n = playerIds.length;
  const games: PairedGame<D>[] = [];
  const add = (white: string, black: string) =>
    games.push({ id: String(games.length + 1), white, black, startsOn: options.startsOn });
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [white, black] = whiteIsFirst(i, j, n)
        ? [playerIds[i]!, playerIds[j]!]
        : [playerIds[j]!, playerIds[i]!];
      add(white, black);
    }
  }
  if (options.double) {
    for (const g of games.slice()) add(g.black, g.white);
  }
  return games;
}
