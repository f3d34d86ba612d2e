// Ending a game: one `ended` event, and everyone told — both players and the TD, who gets the
// PGN (P-12, L-8.5). Also the L-6.7 rule for a loss on time: a draw when the opponent could
// not mate by any legal sequence.

import type { DetailKey } from '../chess/index.ts';
import { canMate } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import type { Decision } from './decision.ts';
import { EVERYONE } from './effect.ts';
import type { EndKind, Result, Side } from './game-event.ts';
import { other } from './game-event.ts';
import type { GameState } from './game-state.ts';

export function endGame(
  on: CalendarDate,
  result: Result,
  kind: EndKind,
  rule: string,
  detail?: string,
  detailKey?: DetailKey,
): Decision {
  const details = {
    ...(detail ? { detail } : {}),
    ...(detail && detailKey ? { detailKey } : {}),
  };
  return {
    events: [{ type: 'ended', on, result, kind, rule, ...details }],
    effects: [
      {
        kind: 'game-ended',
        to: EVERYONE,
        result,
        endKind: kind,
        ...details,
        withPgn: true,
        rules: [rule, 'P-12', 'L-8.5'],
      },
    ],
  };
}

export const winFor = (side: Side): Result => (side === 'white' ? '1-0' : '0-1');

/** P-7f, L-6.7: `loser` lost on time — unless the opponent cannot mate at all: a draw. */
export function loseOnTime(
  state: GameState,
  on: CalendarDate,
  loser: Side,
  detail: string,
  detailKey?: DetailKey,
): Decision {
  return canMate(state.pos, other(loser))
    ? endGame(on, winFor(other(loser)), 'time-forfeit', 'P-7f', detail, detailKey)
    : endGame(on, '1/2-1/2', 'time-forfeit-draw', 'L-6.7', detail, detailKey);
}
