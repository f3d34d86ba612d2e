import type { Chess } from 'chessops/chess';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Notation, Reading, RecordedMove, StartSpec } from '../../src/chess/index.ts';
import {
  LANGUAGES,
  makeMovetext,
  readMovetext,
  startPosition,
  tokenizeMovetext,
} from '../../src/chess/index.ts';

/** A random legal game: at each ply pick the n-th legal move (chosen by fast-check). */
function randomGame(start: StartSpec, picks: number[]): { initial: Chess; moves: RecordedMove[] } {
  const s = startPosition(start);
  if (!s.ok) throw new Error(s.error.message);
  const pos = s.value.clone();
  const moves: RecordedMove[] = [];
  for (const [i, pick] of picks.entries()) {
    if (pos.isEnd()) break;
    const legal = [...pos.allDests()].flatMap(([from, dests]) =>
      [...dests].flatMap((to) => {
        const promo = pos.board.get(from)?.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
        return promo
          ? (['queen', 'rook', 'bishop', 'knight'] as const).map((p) => ({
              from,
              to,
              promotion: p,
            }))
          : [{ from, to }];
      }),
    );
    const move = legal[pick % legal.length]!;
    moves.push(i % 7 === 3 ? { move, drawOffer: true } : { move });
    pos.play(move);
  }
  return { initial: s.value, moves };
}

// More runs for a deep search: AMICI_PROPERTY_RUNS=5000 npx vitest run test/chess/roundtrip
const RUNS = Number(process.env.AMICI_PROPERTY_RUNS ?? 150);

const NOTATIONS: [Notation, Reading][] = [
  [{ kind: 'numeric' }, { kind: 'numeric' }],
  [{ kind: 'figurine' }, { kind: 'algebraic', lang: 'en' }],
  ...LANGUAGES.flatMap((lang): [Notation, Reading][] => [
    [
      { kind: 'san', lang },
      { kind: 'algebraic', lang },
    ],
    [
      { kind: 'lan', lang },
      { kind: 'algebraic', lang },
    ],
  ]),
];

const starts = fc.oneof(
  fc.constant<StartSpec>({ kind: 'standard' }),
  fc.integer({ min: 0, max: 959 }).map((number): StartSpec => ({ kind: 'chess960', number })),
);
const picks = fc.array(fc.nat(1000), { minLength: 1, maxLength: 120 });

describe('property: random legal games round-trip through every notation unchanged', () => {
  it('write in each notation, read back, same moves and draw offers', () => {
    fc.assert(
      fc.property(starts, picks, (start, ps) => {
        const { initial, moves } = randomGame(start, ps);
        for (const [notation, reading] of NOTATIONS) {
          const text = makeMovetext(initial, moves, notation);
          const back = readMovetext(initial.clone(), tokenizeMovetext(text), reading);
          expect(back.error, `${JSON.stringify(notation)}: ${text}`).toBeUndefined();
          expect(
            back.moves.map(({ move, drawOffer }) => (drawOffer ? { move, drawOffer } : { move })),
          ).toEqual(moves);
        }
      }),
      { numRuns: RUNS },
    );
  });
  it('numeric and English SAN also read back in auto mode', () => {
    fc.assert(
      fc.property(starts, picks, (start, ps) => {
        const { initial, moves } = randomGame(start, ps);
        for (const notation of [{ kind: 'numeric' }, { kind: 'lan', lang: 'en' }] as Notation[]) {
          const text = makeMovetext(initial, moves, notation);
          const back = readMovetext(initial.clone(), tokenizeMovetext(text), { kind: 'auto' });
          expect(back.error, text).toBeUndefined();
          expect(back.moves.map((m) => m.move)).toEqual(moves.map((m) => m.move));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
