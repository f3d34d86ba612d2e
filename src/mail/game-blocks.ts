// One mail with moves for several games: blocks that each start with a game's tag ("[CC27/1]
// 1.e4", "CC27/5: 1.c4") or a game line ("Game: CC27/2"), after moves of the game the subject
// names. amici reads one game per mail (P-2e, P-2f..h: the repetition and the dates belong to one
// game's transmission; P-5a: each game's record keeps its own mails), and does not split a mail
// by guessing which line belongs to which game: a move binds once sent (P-4a). The shell answers
// such a mail "one game per mail" and plays nothing. Pure: which games name which moves.

import type { Inbound } from './read-inbound.ts';
import { movetextOf } from './transmission.ts';

/** A game as a mail writes it: the event's tag and the game's id, as typed. */
export interface NamedGame {
  event: string;
  game: string;
}

const WORD = '[\\p{L}\\p{N}_.-]+';
/** A game line's label: "Game", "Partie", "Partia", "Gra", "Spiel", "Hra", "Партія", "Гра"… */
const LABEL = '(?:game|partie|partia|gra|spiel|hra|партия|партія|гра)\\s*[:#]?\\s*';
/**
 * A line that starts a game's block: a label and a tag ("Game: CC27/2"), a tag in brackets
 * ("[CC27/1] 1.e4"), or a bare tag set off by a colon, dash or stop ("CC27/5: 1.c4"). A bare
 * tag's event must begin with a letter, so "1/2" (a result) starts nothing.
 */
const BLOCK_RE = new RegExp(
  `^\\s*(?:${LABEL})?(?:\\[(?<ev1>${WORD})\\/(?<id1>${WORD})\\]|(?<ev2>\\p{L}${WORD.slice(0, -1)}*)\\/(?<id2>${WORD})(?=\\s*(?:[:.)\\-–—]|$)))\\s*[:.)\\-–—]?\\s*`,
  'iu',
);

/** The game a line starts a block of, and where the rest of the line begins. */
function blockStart(line: string): (NamedGame & { rest: number }) | undefined {
  const m = BLOCK_RE.exec(line);
  const g = m?.groups;
  if (!m || !g) return undefined;
  const event = g.ev1 ?? g.ev2;
  const game = g.id1 ?? g.id2;
  return event && game ? { event, game, rest: m[0].length } : undefined;
}

/**
 * The games of a mail's blocks that hold moves, each once, in the order written: the lines of
 * the mail's new text (dates and commands cut out, as the move reader sees them), cut where a
 * line starts with a game's tag or a game line; the lines before the first such line belong to
 * `first`, the game the subject or the thread names, if any. Fewer than two: one game's mail.
 */
export function gamesWithMoves(inbound: Inbound, first?: NamedGame): NamedGame[] {
  const blocks: { game: NamedGame | undefined; lines: string[] }[] = [{ game: first, lines: [] }];
  const starts: { line: number; game: NamedGame }[] = [];
  inbound.newText.lines.forEach((line, i) => {
    const start = blockStart(line);
    if (start) starts.push({ line: i, game: { event: start.event, game: start.game } });
  });
  if (!starts.length) return [];
  let next = 0;
  for (const { line, text } of inbound.rest) {
    // A block starts at its line, also when that line itself holds nothing left to read.
    while (next < starts.length && starts[next]!.line <= line)
      blocks.push({ game: starts[next++]!.game, lines: [] });
    const start = starts[next - 1]?.line === line ? blockStart(text) : undefined;
    const words = start ? text.slice(start.rest).trim() : text;
    if (words) blocks.at(-1)!.lines.push(words);
  }
  const out: NamedGame[] = [];
  const key = (g: NamedGame) => `${g.event}/${g.game}`.toLowerCase();
  for (const { game, lines } of blocks) {
    if (!game || !lines.length || !movetextOf(lines).length) continue;
    if (!out.some((g) => key(g) === key(game))) out.push({ event: game.event, game: game.game });
  }
  return out;
}
