// Doing one piece of due work (found by due.ts): always a `due-done` event with its key, so it
// happens once, plus — reminder: the last transmission repeated to the silent player with a
// copy to the TD (P-3a); silence: a report to the TD (P-3b); time-exceeded: a time claim filed
// with the record of the replies to the TD (P-7a) and the players told (P-7b), open to protest
// for `protestDays`; claim-deadline: the unprotested claim upheld (P-7c) with its consequence,
// a restart (P-7e) or a loss on time (P-7f, L-6.7); leave notices (P-8b); adjudication at the
// event's end (P-10), whose `due-done` stops play; resume: play stopped at the end goes on, the
// TD having moved the end date later (P-10, L-6.10), `play-resumed` with the players told;
// game-start: both players told the game begins (P-2a, P-2b, P-6a). Work already done, or no
// longer there, records nothing new.
//
// A game in adjudication (P-10, adjudication.ts) is no longer played: work of play (reminders,
// silence reports, time claims, leave notices, the start) is not done and not recorded as done
// — should the TD move the end date, it falls due again. A claim filed before the end keeps its
// course: it may be protested to the end of its window and the TD may rule on it. But its
// deadline, when it falls after the end date, upholds nothing by itself: an excess upheld then
// would restart a count that no longer runs (P-7e) or lose on time (P-7f) a game whose result is
// now the adjudication's, decided on the position and the analyses; a TD expects to weigh the
// claim there, or rule on it (uphold-claim, reject-claim). The adjudication notice names the
// claims this applies to, and the TD's report lists them as waiting for a ruling. So does a
// window that closed while play was stopped at the end, when the TD then moved the end later: the
// players had been told the TD rules on it.

import type { CalendarDate } from '../clock/index.ts';
import { addDays, claimRecord, compareDates } from '../clock/index.ts';
import { afterEnd, analysisDeadline, inAdjudication, stoppedOn } from './adjudication.ts';
import { ruleOnClaim, toldOfRuling } from './decide-ruling.ts';
import type { Decision } from './decision.ts';
import { combine, nothing } from './decision.ts';
import {
  AFTER_THE_END,
  claimStands,
  namedExcess,
  protestWindowEnd,
  startNoticeDone,
  startNoticeJoins,
  timeClaimId,
} from './due.ts';
import type { Effect } from './effect.ts';
import { BOTH, EVERYONE } from './effect.ts';
import type { EventRules } from './event-rules.ts';
import { answeredDeliveredOn, clockRunsAgainOn, gameClock } from './game-clock.ts';
import type { Side } from './game-event.ts';
import type { GameState } from './game-state.ts';
import { openStop, upheldExcesses } from './game-state.ts';
import type { DueInput } from './referee-input.ts';

export function decideDue(
  state: GameState,
  input: DueInput,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const { work } = input;
  if (state.dueDone.has(work.key)) return nothing();
  const adjudication = inAdjudication(state, now, rules);
  if (adjudication && !AFTER_THE_END.has(work.kind)) return nothing();
  const done: Decision = { events: [{ type: 'due-done', on: now, key: work.key }], effects: [] };
  const since = answeredDeliveredOn(state, state.plies.length);

  switch (work.kind) {
    case 'game-start':
      if (state.plies.length > 0 || state.result) return done;
      return combine(done, {
        events: [],
        effects: [
          {
            kind: 'game-started',
            to: ['white', 'black'],
            startsOn: state.clockStartsOn,
            rules: ['P-2a', 'P-2b', 'P-6a'],
          },
        ],
      });
    case 'reminder':
      if (!work.side) return done;
      return combine(done, {
        events: [],
        effects: [
          { kind: 'reminder', to: [work.side, 'td'], silent: work.side, since, rules: ['P-3a'] },
        ],
      });
    case 'silence':
      if (!work.side) return done;
      return combine(done, {
        events: [],
        effects: [
          { kind: 'silence-report', to: ['td'], silent: work.side, since, rules: ['P-3b'] },
        ],
      });
    case 'time-exceeded': {
      const side = work.side;
      if (!side || state.result || state.claims.some((c) => c.id === work.ref)) return done;
      const clock = gameClock(state, rules, side, now);
      if (!clock.ok) return done;
      const excess = namedExcess(state, side, clock.value, work.ref);
      if (!excess) return done;
      const id = timeClaimId(state, side, excess);
      // P-7c: 14 days after the notice is received — by post, the transit later (P-2m).
      const protestBy = protestWindowEnd(now, rules);
      const record = [...claimRecord(clock.value.rows, excess)];
      // A silent player's excess is in the move not yet sent: the record shows it too.
      const live = clock.value.live;
      const anew = live ? countedAnew(state, side, live.deliveredOn) : {};
      const inProgress =
        live && live.controlMove === excess.controlMove && live.countFrom === excess.countFrom
          ? {
              inProgress: {
                move: live.move,
                deliveredOn: live.deliveredOn,
                ...anew,
                ...(live.clockSet ? { clockSet: live.clockSet } : {}),
                usedDays: live.usedDays,
                // Penalties and leave before a restart or a TD's setting are in what it ended or
                // set, not in the days on the move since; those after it are (P-7e, P-13).
                penaltyDays: (live.sinceReset ?? live).penaltyDays,
                excludedDays: (live.sinceReset ?? live).excludedDays,
                totalDays: live.totalDays,
                daysLeft: live.daysLeft,
              },
            }
          : {};
      const limit = excess.limitDays === null ? '' : ` of ${excess.limitDays} days`;
      // Upheld, would it lose the game (P-7f)? Both the TD and the players should know.
      const count = 1 + upheldExcesses(state, side);
      const forfeits =
        count > rules.excessesAllowed
          ? { forfeits: { count, allowed: rules.excessesAllowed } }
          : {};
      const also = count > rules.excessesAllowed ? ['P-7f'] : [];
      return combine(done, {
        events: [
          {
            type: 'claim',
            on: now,
            id,
            kind: 'time',
            side,
            protestBy,
            // By how much on the day it happened: the claim may come days later (P-7a).
            detail: `${side} exceeded the time limit${limit} at move ${excess.controlMove} by ${excess.overOnDay} day${excess.overOnDay === 1 ? '' : 's'} on ${excess.occurredOn}`,
            detailKey: {
              code: excess.limitDays === null ? 'time-exceeded-no-limit' : 'time-exceeded',
              params: {
                side,
                ...(excess.limitDays === null ? {} : { limit: excess.limitDays }),
                move: excess.controlMove,
                over: excess.overOnDay,
                date: excess.occurredOn,
              },
            },
          },
        ],
        effects: [
          {
            kind: 'time-claim',
            to: ['td'],
            claimId: id,
            offender: side,
            excess,
            record,
            ...inProgress,
            protestBy,
            ...forfeits,
            rules: ['P-7a', ...also],
          },
          {
            kind: 'time-claim',
            to: ['white', 'black'],
            claimId: id,
            offender: side,
            excess,
            record,
            ...inProgress,
            protestBy,
            ...forfeits,
            rules: ['P-7b', 'P-7c', ...also],
          },
        ],
      });
    }
    case 'claim-deadline': {
      const claim = state.claims.find((c) => c.id === work.ref);
      // A protested claim waits for the TD's ruling (P-7c); the TD was told with the protest.
      if (!claim || claim.ruling || claim.protestedOn) return done;
      // P-10: the window closed after the event's end, in an unfinished game: the TD rules
      // (see the header). A window that closed while play was on upholds as usual, even when
      // the sweep comes to it only after the end.
      const closed = claim.protestBy && addDays(claim.protestBy, 1);
      if (!state.result && closed && (afterEnd(rules, closed) || stoppedOn(state, closed)))
        return done;
      // An annulled game may yet be reinstated (P-9a): its claims wait, neither upheld nor
      // lapsed, and nothing is recorded as done — reinstated, the game reopens their windows
      // for the days it stood annulled (game-state.ts) and their deadlines fall due again.
      if (state.result?.kind === 'annulled') return nothing();
      // The game ended inside the protest window: the claim lapses and the result stands; the
      // TD is told, and whether, upheld, it would have lost the game on time (P-7f).
      if (state.result) {
        const forfeit =
          claim.kind === 'time' && 1 + upheldExcesses(state, claim.side) > rules.excessesAllowed;
        return combine(done, {
          events: [{ type: 'claim-ruled', on: now, id: claim.id, upheld: false, by: 'deadline' }],
          effects: [
            {
              kind: 'claim-ruled',
              to: ['td'],
              claimId: claim.id,
              upheld: false,
              by: 'deadline',
              gameEnded: forfeit ? 'would-forfeit' : 'moot',
              rules: forfeit ? ['P-7c', 'P-7f'] : ['P-7c'],
            },
          ],
        });
      }
      // P-7c upholds a justified claim: one whose excess a TD's ruling has since taken off the
      // clock (a penalty waived, leave granted; a clock set later leaves the excess as it was)
      // lapses instead of costing the player an excess (P-7e, P-7f). Leave that only moved the
      // excess to a later day, still past, leaves the claim justified: it is upheld.
      if (!claimStands(state, claim, rules, now))
        return combine(done, {
          events: [{ type: 'claim-ruled', on: now, id: claim.id, upheld: false, by: 'deadline' }],
          effects: [
            {
              kind: 'claim-ruled',
              to: EVERYONE,
              claimId: claim.id,
              upheld: false,
              by: 'deadline',
              rules: ['P-7c', 'P-7d'],
            },
          ],
        });
      const ruled = ruleOnClaim(state, claim, true, 'deadline', now, rules);
      const restarted = ruled.events.some((e) => e.type === 'clock-restarted');
      const told: Effect & { kind: 'claim-ruled' } = {
        kind: 'claim-ruled',
        to: EVERYONE,
        claimId: claim.id,
        upheld: true,
        by: 'deadline',
        rules: restarted ? ['P-7c', 'P-7d', 'P-7e'] : ['P-7c', 'P-7d'],
      };
      return combine(done, {
        events: ruled.events,
        effects: toldOfRuling(ruled, told, claim, state, rules),
      });
    }
    case 'leave-starts':
    case 'leave-ends': {
      const [from, to] = (work.ref ?? '').split('..') as [CalendarDate, CalendarDate];
      const leave = state.leaves.find(
        (l) => l.side === work.side && l.from === from && l.to === to,
      );
      if (!leave) return done;
      const starts = work.kind === 'leave-starts';
      // The day the player's clock runs again (P-8a, P-6d): not before the move they must
      // answer reached them — a notice sent late, or a move delivered after the leave, names
      // that day; none while they do not have the move.
      const runsFrom = starts
        ? undefined
        : clockRunsAgainOn(state, leave.side, addDays(leave.to, 1), now);
      return combine(done, {
        events: [],
        effects: [
          {
            // The players only: the TD heard of the leave when it was announced (or granted it)
            // and the report lists who is on leave; one per game would flood the TD.
            kind: 'leave-notice',
            to: BOTH,
            side: leave.side,
            phase: starts ? 'starts' : 'ends',
            on: starts ? leave.from : addDays(leave.to, 1),
            // Whose clock runs now: the player back from leave only if it is their move (P-8a).
            ...(starts
              ? {}
              : { toMove: runsFrom !== undefined, ...(runsFrom ? { runsFrom } : {}) }),
            rules: ['P-8b', 'P-8a'],
          },
        ],
      });
    }
    case 'resume': {
      const stop = openStop(state);
      // In adjudication on `now` the sweep asks for nothing of the kind (above).
      if (state.result || !stop) return done;
      const until = rules.endDate;
      const last = addDays(now, -1);
      // Claims still open to protest: with play on, their deadlines uphold them again (P-7c).
      const claims = protestable(state).filter((c) => compareDates(c.protestBy, now) >= 0);
      // A game with no move whose start was never announced: this mail announces it too.
      const starts = startNoticeJoins(state, now);
      return combine(done, {
        events: [
          {
            type: 'play-resumed',
            on: now,
            endDate: stop.endDate,
            ...(until ? { until } : {}),
          },
          ...(starts ? [startNoticeDone(now)] : []),
        ],
        effects: [
          {
            kind: 'play-resumed',
            to: BOTH,
            endDate: stop.lastEndDate,
            ...(until ? { until } : {}),
            ...(compareDates(last, stop.from) >= 0
              ? { stopped: { from: stop.from, to: last } }
              : {}),
            ...(claims.length ? { claims } : {}),
            ...(starts ? { starts: true } : {}),
            rules: ['P-10', 'L-6.10'],
          },
        ],
      });
    }
    case 'adjudication': {
      if (state.result || !adjudication) return done;
      // The claims whose protest window is still open: not upheld by their deadline now.
      const claims = protestable(state);
      return combine(done, {
        events: [],
        effects: [
          {
            kind: 'adjudication-due',
            to: EVERYONE,
            endDate: adjudication.endDate,
            // Counted from today, this notice's day, when it comes late (an end set to a day
            // already past): a deadline gone before anyone heard of it is none (P-10).
            analysisBy: analysisDeadline(adjudication.endDate, now),
            ...(claims.length ? { claims } : {}),
            rules: ['P-10'],
          },
        ],
      });
    }
  }
  return done;
}

/** The claims filed, not ruled on, not protested, with a protest window (P-7c). */
const protestable = (state: GameState) =>
  state.claims.flatMap((c) =>
    !c.ruling && !c.protestedOn && c.protestBy !== undefined
      ? [{ id: c.id, side: c.side, protestBy: c.protestBy }]
      : [],
  );

/**
 * The day the count of a move in progress began again after an upheld excess (P-7e), when it
 * did after the move was delivered: the days on the move are counted from then, and the TD
 * must see why they are fewer than the days since delivery.
 */
function countedAnew(
  state: GameState,
  side: Side,
  deliveredOn: CalendarDate,
): { countedFrom?: CalendarDate } {
  const last = state.restarts
    .filter((r) => r.side === side && compareDates(r.on, deliveredOn) >= 0)
    .at(-1);
  return last ? { countedFrom: last.on } : {};
}
