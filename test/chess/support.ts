// Test helpers for the chess core: build records from movetext.
import type { GameRecord, RecordedMove, StartSpec } from '../../src/chess/index.ts';
import { readMovetext, startPosition, tokenizeMovetext } from '../../src/chess/index.ts';

export type { GameRecord, StartSpec };
export type NormalMoveLike = {
  from: number;
  to: number;
  promotion?: 'queen' | 'rook' | 'bishop' | 'knight';
};

/** The moves of English-SAN movetext from a start; throws on a bad move (a test bug). */
export function movesOf(start: StartSpec, movetext: string): RecordedMove[] {
  const s = startPosition(start);
  if (!s.ok) throw new Error(s.error.message);
  const r = readMovetext(s.value, tokenizeMovetext(movetext), { kind: 'algebraic', lang: 'en' });
  if (r.error) throw new Error(`${r.error.text}: ${r.error.message}`);
  return r.moves.map(({ move, drawOffer }) => (drawOffer ? { move, drawOffer } : { move }));
}
