// P-5a: a game is its append-only log, and its state the fold of that log. The daemon brings a
// state up to date with the events logged since (`extendGame`) instead of folding the whole log
// again; over random logs with every kind of event, that is the state the whole log folds to,
// and the state extended is left as it was.
import { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import { makeUci } from 'chessops/util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../src/clock/index.ts';
import { addDays } from '../../src/clock/index.ts';
import type { GameEvent, Side } from '../../src/referee/index.ts';
import { extendGame, foldGame } from '../../src/referee/index.ts';

const RUNS = Number(process.env.AMICI_PROPERTY_RUNS ?? 150);
const START: CalendarDate = '2026-01-01';
const KINDS = 20;

/** A log built from fast-check's picks: legal moves, and every other event now and then. */
function randomLog(picks: readonly [number, number][]): GameEvent[] {
  const log: GameEvent[] = [
    {
      type: 'created',
      on: START,
      start: { kind: 'standard' },
      white: 'White',
      black: 'Black',
      clockStartsOn: START,
    },
  ];
  let moves: NormalMove[] = [];
  let claims = 0;
  let day = 0;
  const position = () => {
    const pos = Chess.default();
    for (const m of moves) pos.play(m);
    return pos;
  };
  for (const [kind, pick] of picks) {
    day += pick % 3;
    const on = addDays(START, day);
    const pos = position();
    const side: Side = pick % 2 ? 'black' : 'white';
    const legal = [...pos.allDests()].flatMap(([from, dests]) =>
      [...dests].map((to): NormalMove => ({ from, to })),
    );
    const legalUci = (k: number) => (legal.length ? makeUci(legal[k % legal.length]!) : 'e2e4');
    const claimId = `c${1 + (pick % Math.max(1, claims))}`;
    switch (kind % KINDS) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4: {
        const move = legal[pick % Math.max(1, legal.length)];
        if (!move || pos.isEnd()) break;
        const promotes = pos.board.get(move.from)?.role === 'pawn' && (move.to >> 3) % 7 === 0;
        const played = promotes ? { ...move, promotion: 'queen' as const } : move;
        log.push({
          type: 'move',
          on,
          side: pos.turn,
          uci: makeUci(played),
          sentOn: on,
          deliveredOn: addDays(on, 2),
          ...(pick % 5 === 0 ? { drawOffer: true } : {}),
          ...(pick % 7 === 0 ? { conditional: true } : {}),
        });
        moves.push(played);
        break;
      }
      case 5:
        log.push({ type: 'penalty', on, side, days: 5, rule: 'P-6g', reason: 'late' });
        break;
      case 6:
        log.push({ type: 'penalty-waived', on, side, penaltyOn: addDays(START, pick % (day + 1)) });
        break;
      case 7:
        log.push({
          type: 'conditional-line',
          on,
          side,
          line: [legalUci(pick), legalUci(pick + 1)],
        });
        break;
      case 8:
        log.push({ type: 'draw-declined', on, side });
        break;
      case 9:
        claims++;
        log.push({
          type: 'claim',
          on,
          id: `c${claims}`,
          kind: 'time',
          side,
          protestBy: addDays(on, 7),
          detail: 'over',
        });
        break;
      case 10:
        log.push({ type: 'claim-ruled', on, id: claimId, upheld: pick % 2 === 0, by: 'td' });
        break;
      case 11:
        log.push({ type: 'claim-protested', on, id: claimId });
        break;
      case 12:
        log.push({ type: 'clock-restarted', on, side });
        break;
      case 13:
        log.push({
          type: 'leave',
          on,
          side,
          from: on,
          to: addDays(on, 5),
          granted: pick % 2 === 0,
        });
        break;
      case 14:
        log.push({ type: pick % 2 ? 'paused' : 'resumed', on });
        break;
      case 15:
        log.push({ type: 'clock-set', on, side, usedDays: pick % 20 });
        break;
      case 16:
        if (moves.length) {
          const ply = pick % moves.length;
          log.push({ type: 'delivery-corrected', on, ply, deliveredOn: addDays(on, 1) });
        }
        break;
      case 17:
        if (pick % 4 === 0) {
          log.push({ type: 'colours-reversed', on });
          moves = [];
        } else {
          const plies = pick % (moves.length + 1);
          log.push({ type: 'position-restored', on, plies });
          moves = moves.slice(0, plies);
        }
        break;
      case 18:
        // An end, or an annulment (P-9a) and its undoing, which restores what stood.
        log.push(
          pick % 5 === 0
            ? { type: 'ended', on, result: '1/2-1/2', kind: 'draw-agreed', rule: 'L-9.1' }
            : pick % 5 === 1
              ? { type: 'ended', on, result: '*', kind: 'annulled', rule: 'P-9a' }
              : pick % 5 === 2
                ? { type: 'reinstated', on }
                : { type: 'due-done', on, key: `reminder:${side}:${pick % 4}` },
        );
        break;
      case 19:
        // The event's end (P-10): play stopped, resumed; analyses and appeals recorded.
        log.push(
          pick % 4 === 0
            ? { type: 'due-done', on, key: `adjudication:${on}` }
            : pick % 4 === 1
              ? { type: 'play-resumed', on, endDate: addDays(on, 30) }
              : pick % 4 === 2
                ? { type: 'analysis', on, side }
                : { type: 'appeal', on, side },
        );
        break;
    }
  }
  return log;
}

describe('P-5a: a state extended with the events logged since is the fold of the whole log', () => {
  it('over random logs, split anywhere, once or event by event; the earlier state unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(KINDS * 3), fc.nat(1_000)), { minLength: 1, maxLength: 80 }),
        fc.nat(),
        (picks, cut) => {
          const log = randomLog(picks);
          const at = 1 + (cut % log.length);
          const whole = foldGame(log);
          const before = foldGame(log.slice(0, at));
          expect(extendGame(before, log.slice(at))).toEqual(whole);
          let stepwise = before;
          for (const e of log.slice(at)) stepwise = extendGame(stepwise, [e]);
          expect(stepwise).toEqual(whole);
          expect(before).toEqual(foldGame(log.slice(0, at)));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
