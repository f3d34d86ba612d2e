// Numbered movetext in any notation, as players put it in their mails: `1.e4 e5 2.Nf3`,
// `1.5254 5755 2.7163`, starting `1...e5` when Black moves first; the draw-offer mark `(=)`
// after its move (L-8.1).

import type { Position } from 'chessops/chess';
import type { RecordedMove } from './game-record.ts';
import type { Notation } from './write-move.ts';
import { writeMove } from './write-move.ts';

export function makeMovetext(
  initial: Position,
  moves: readonly RecordedMove[],
  notation: Notation,
  result?: string,
): string {
  const pos = initial.clone();
  const words: string[] = [];
  moves.forEach(({ move, drawOffer }, i) => {
    const text = writeMove(pos, move, notation);
    if (pos.turn === 'white') words.push(`${pos.fullmoves}.${text}`);
    else words.push(i === 0 ? `${pos.fullmoves}...${text}` : text);
    if (drawOffer) words.push('(=)');
    pos.play(move);
  });
  if (result) words.push(result);
  return words.join(' ');
}
