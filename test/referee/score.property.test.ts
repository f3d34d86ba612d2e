// P-2e, P-4b: a transmission may carry more of the game than the repetition — the whole score
// from move 1, or the last few moves — and is then read as the repetition and the move after it.
// Over random legal games: any suffix of the record that reaches back at least to the plies to
// repeat, followed by the new move, plays exactly that move; the same with one earlier move
// changed is returned as a score that differs, naming that move, with no penalty.
import { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Notation, Reading } from '../../src/chess/index.ts';
import { makeMovetext, tokenizeMovetext } from '../../src/chess/index.ts';
import type { GameEvent, GameState } from '../../src/referee/index.ts';
import { decideTransmission, defaultEventRules, foldGame } from '../../src/referee/index.ts';

const RUNS = Number(process.env.AMICI_PROPERTY_RUNS ?? 150);

const legalMoves = (pos: Chess): NormalMove[] =>
  [...pos.allDests()].flatMap(([from, dests]) =>
    [...dests].map((to) =>
      pos.board.get(from)?.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7)
        ? { from, to, promotion: 'queen' as const }
        : { from, to },
    ),
  );

/** A random game of moves picked by fast-check, stopping before an end; and the next move. */
function randomGame(picks: number[]): { moves: NormalMove[]; positions: Chess[] } {
  const pos = Chess.default();
  const moves: NormalMove[] = [];
  const positions: Chess[] = [];
  for (const pick of picks) {
    const legal = legalMoves(pos);
    if (!legal.length) break;
    const move = legal[pick % legal.length]!;
    const after = pos.clone();
    after.play(move);
    if (after.isEnd()) break;
    positions.push(pos.clone());
    moves.push(move);
    pos.play(move);
  }
  return { moves, positions };
}

const uci = (m: NormalMove) =>
  `${'abcdefgh'[m.from & 7]}${(m.from >> 3) + 1}${'abcdefgh'[m.to & 7]}${(m.to >> 3) + 1}${m.promotion ? 'q' : ''}`;

/** The game as the referee's log: the record without the last move, which is the one sent. */
function stateOf(moves: readonly NormalMove[]): GameState {
  const events: GameEvent[] = [
    {
      type: 'created',
      on: '2026-01-01',
      start: { kind: 'standard' },
      white: 'w@x.org',
      black: 'b@x.org',
      clockStartsOn: '2026-01-01',
    },
    ...moves.map(
      (m, i): GameEvent => ({
        type: 'move',
        on: '2026-01-02',
        side: i % 2 === 0 ? 'white' : 'black',
        uci: uci(m),
        sentOn: '2026-01-02',
        deliveredOn: '2026-01-02',
      }),
    ),
  ];
  return foldGame(events);
}

const NOTATIONS: [Notation, Reading][] = [
  [
    { kind: 'san', lang: 'en' },
    { kind: 'algebraic', lang: 'en' },
  ],
  [{ kind: 'numeric' }, { kind: 'numeric' }],
  [
    { kind: 'san', lang: 'pl' },
    { kind: 'algebraic', lang: 'pl' },
  ],
];

describe('property: more of the score than the repetition (P-2e, P-4b)', () => {
  it('any suffix reaching back past the repetition plays the move after it; a changed earlier move is named', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 3, maxLength: 60 }),
        fc.nat(),
        fc.nat(),
        (picks, from, changeAt) => {
          const { moves, positions } = randomGame(picks);
          if (moves.length < 3) return;
          const played = moves.slice(0, -1);
          const state = stateOf(played);
          const side = played.length % 2 === 0 ? 'white' : 'black';
          // The repetition is the opponent's last move; the suffix starts at or before it.
          const start = from % played.length;
          for (const [notation, reading] of NOTATIONS) {
            const text = makeMovetext(
              positions[start]!,
              moves.slice(start).map((move) => ({ move })),
              notation,
            );
            const d = decideTransmission(
              state,
              {
                kind: 'transmission',
                side,
                sentOn: '2026-01-03',
                reading,
                moves: tokenizeMovetext(text).tokens,
              },
              '2026-01-03',
              defaultEventRules(),
            );
            expect(
              d.effects.map((e) => e.kind),
              text,
            ).toContain('move-accepted');
            const move = d.events.find((e) => e.type === 'move');
            expect(move?.type === 'move' && move.uci, text).toBe(uci(moves.at(-1)!));
          }
          // One move before the repetition changed to another legal move: named, no penalty.
          const before = played.length - 1; // the repetition's ply
          if (start >= before) return;
          const k = start + (changeAt % (before - start));
          const other = legalMoves(positions[k]!).find((m) => uci(m) !== uci(moves[k]!));
          if (!other) return;
          const changed = [...moves];
          changed[k] = other;
          // Written as the player would, up to the changed move only (what follows may be illegal).
          const text = `${makeMovetext(
            positions[start]!,
            moves.slice(start, k).map((move) => ({ move })),
            { kind: 'numeric' },
          )} ${makeMovetext(positions[k]!, [{ move: other }], { kind: 'numeric' })} ${makeMovetext(
            positions[k + 1]!,
            moves.slice(k + 1).map((move) => ({ move })),
            { kind: 'numeric' },
          )}`.trim();
          const d = decideTransmission(
            state,
            {
              kind: 'transmission',
              side,
              sentOn: '2026-01-03',
              reading: { kind: 'numeric' },
              moves: tokenizeMovetext(text).tokens,
            },
            '2026-01-03',
            defaultEventRules(),
          );
          const rejected = d.effects.find((e) => e.kind === 'transmission-rejected');
          expect(rejected, text).toMatchObject({
            problem: { code: 'score-differs' },
            penaltyDays: 0,
          });
          expect(
            d.events.filter((e) => e.type === 'move'),
            text,
          ).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
