// The work due in one game for one periodic sweep (issue 3 "Due work"), each piece with a
// stable key; a key recorded by a `due-done` event is never returned again, so `due` is
// idempotent. Kinds and rules:
// - game-start: the players are told their game begins (colours, who moves first, the time
//   control, how to write a move: P-2a, P-2b, P-6a), on the day White's clock starts; only while
//   no move is played (a game that is under way needs no announcing). A game with no move whose
//   play resumes (P-10) or that is reinstated (P-9a) before it went out has it said by that
//   mail instead (`startNoticeJoins`): one mail, not two.
// - reminder (P-3a): "no reply within 14 days plus the average transit both ways", counted from
//   the day the last transmission went out — the move's way to the player, 14 days, the reply's
//   way back (`transitDays` is one way). The count starts at the move's delivery (P-6d), one
//   transit after it went out (`deliveredTo`; a card's received date): from there
//   `reminderDays + transitDays`. The game's start, and the mail that resumed play or reinstated
//   the game, count from the day they went out: `reminderDays + 2 × transitDays`. Days the game
//   is paused (L-6.10) or the player is on leave (P-8a) do not count, and no reminder goes out on
//   such a day. Due on the first day after the window.
//   Once play resumes, the event's end moved later (P-10), counted from the resume, whose mail
//   asked for the move.
// - silence (P-3b): no move for `silenceDays` counted days (the same days left out).
// - time-exceeded (P-7a): an excess of time found by the clock and not yet claimed; due on the
//   day the time went over.
// - claim-deadline (P-7c): a claim's protest window (to the end of `protestBy`) has passed.
// - leave-starts / leave-ends (P-8b): on the first day of a leave and the day after its last;
//   neither once it is past, or begins, on the day the leave is recorded (granted afterwards,
//   P-8c: the ruling mail told both players).
// - adjudication (P-10): the event's end date (its last day of play) has passed and the game is
//   unfinished; due on the day after it. Its `due-done` stops play (game-state.ts, `Stop`).
// - resume (P-10, L-6.10): play is stopped at the event's end and the TD has since moved the end
//   date later (or dropped it), so that the day is no longer after it; due at once. The days of
//   the stop count as a pause: no reminder, silence report or leave notice falls due in them.
// An ended game keeps only what was already due on the day it ended (leave notices), and its
// claims' deadlines; it gets no reminders, silence reports, time claims or adjudication. A game
// in adjudication (adjudication.ts) keeps only the adjudication and its claims' deadlines: play
// has stopped, so from the day after the end date no reminder, silence report, time claim,
// game-start or leave notice is due, even one that fell due before it and was not yet done.
//
// Speed: the candidates and the earliest day anything can fall due are planned once per game
// log (a state is a fold of its log and never changes after folding) and cached in a WeakMap on
// the log array, checked against its length and the rules; a sweep over games with nothing due
// is then a cache look-up and one string comparison per game ('YYYY-MM-DD' sorts as text).
// Planning derives both clocks day by day, so it costs about as much as a fold.

import type {
  CalendarDate,
  ClockDerivation,
  Excess,
  LiveClock,
  OpenDateRange,
} from '../clock/index.ts';
import { addDays, compareDates, daysBetween } from '../clock/index.ts';
import { adjudicationKey, adjudicationOf, inAdjudication, stoppedOn } from './adjudication.ts';
import type { EventRules } from './event-rules.ts';
import {
  annulledDays,
  answeredDeliveredOn,
  gameClock,
  pausedDays,
  stoppedDays,
} from './game-clock.ts';
import type { GameEvent, Side } from './game-event.ts';
import { other } from './game-event.ts';
import type { Claim, GameState } from './game-state.ts';
import { openStop, sideToMove } from './game-state.ts';
import type { DueKind, DueWork } from './referee-input.ts';

/** What names an excess of time, found by the clock or still to come (see Excess). */
type ExcessKey = Pick<Excess, 'controlMove' | 'countFrom' | 'occurredOn' | 'settled' | 'restarts'>;

/** The excess the player to move runs into on `exceedsOn` if no move is sent, if any. */
function excessAhead(live: LiveClock | null): ExcessKey | undefined {
  if (!live || live.exceeded || live.exceedsOn === null) return undefined;
  return {
    controlMove: live.controlMove,
    countFrom: live.countFrom,
    occurredOn: live.exceedsOn,
    ...(live.settled ? { settled: live.settled } : {}),
    ...(live.restarts ? { restarts: live.restarts } : {}),
  };
}

/**
 * The claim a time excess becomes (P-7a): stable, so the sweep files it once — side, control
 * move and first move of the count, (after a P-7e restart that fell in the same move, which
 * leaves those unchanged) the number of the side's restarts before the excess (as the clock
 * counts them: a restart and a new excess may share a day), and (when the TD
 * settled an excess of the period with set-clock, or rejected a claim for it, and the player went
 * over again) how many were settled or rejected before.
 */
export function timeClaimId(state: GameState, side: Side, excess: ExcessKey): string {
  const restarts = excess.restarts ?? 0;
  const base = `time:${side}:${excess.controlMove}:${excess.countFrom}`;
  const id = restarts ? `${base}:r${restarts}` : base;
  if (excess.settled) return `${id}:s${excess.settled}`;
  // A claim under this id rejected (or lapsed) before this excess happened was about another
  // one (a card entered late showed the time was not exceeded then, leave granted put it off
  // past the ruling): this excess is new. One that happened by the day of the ruling — though
  // after the claim was filed, when leave granted since moved it to a later day — is the
  // excess that was ruled on, and is not claimed again (P-7c, P-7d).
  const rejected = state.claims.filter(
    (c) =>
      c.side === side &&
      c.ruling?.upheld === false &&
      c.ruling.on < excess.occurredOn &&
      (c.id === id || c.id.startsWith(`${id}:n`)),
  ).length;
  return rejected ? `${id}:n${rejected}` : id;
}

/**
 * Whether a game's start notice (game-start: colours, opponent, time control, P-2a, P-2b, P-6a)
 * would still go out on `now` — no move played, the clock started, no notice yet — in a game
 * whose play resumes today (P-10, L-6.10) or that the TD reinstates (P-9a): that mail says it
 * instead (its effect's `starts`) and records it done, so the players get one mail, not the
 * resumption and then, the same day, the start of a game they were just told goes on.
 */
export function startNoticeJoins(state: GameState, now: CalendarDate): boolean {
  return (
    state.plies.length === 0 &&
    !state.dueDone.has(dueKeys.gameStart()) &&
    compareDates(now, state.clockStartsOn) >= 0
  );
}

/** The start notice, done by a mail that says what it would (`startNoticeJoins`). */
export const startNoticeDone = (now: CalendarDate): GameEvent => ({
  type: 'due-done',
  on: now,
  key: dueKeys.gameStart(),
});

export const dueKeys = {
  gameStart: () => 'game-start',
  reminder: (side: Side, ply: number, since: CalendarDate) => `reminder:${side}:${ply}:${since}`,
  silence: (side: Side, ply: number, since: CalendarDate) => `silence:${side}:${ply}:${since}`,
  timeExceeded: (claimId: string) => `time-exceeded:${claimId}`,
  claimDeadline: (claimId: string) => `claim-deadline:${claimId}`,
  leaveStarts: (side: Side, from: CalendarDate, to: CalendarDate) =>
    `leave-starts:${side}:${from}:${to}`,
  leaveEnds: (side: Side, from: CalendarDate, to: CalendarDate) =>
    `leave-ends:${side}:${from}:${to}`,
  /** After `resumes` resumes, a stop at an end date already stopped at is a new notice. */
  adjudication: (endDate: CalendarDate, resumes = 0) => adjudicationKey(endDate, resumes),
  resume: (endDate: CalendarDate, resumes: number) =>
    `resume:${endDate}${resumes ? `:r${resumes}` : ''}`,
} as const;

/** The only work still done in a game in adjudication (P-10; see decide-due.ts for claims). */
export const AFTER_THE_END: ReadonlySet<DueKind> = new Set<DueKind>([
  'adjudication',
  'claim-deadline',
]);

/** A candidate with what is checked against `now` at sweep time. */
interface Candidate {
  work: DueWork;
  /** Not on a day in these ranges (P-3a: paused, or the player on leave). */
  quietIn?: readonly OpenDateRange[];
  /** Pointless after this day (a leave-starts notice once the leave is over). */
  until?: CalendarDate;
}

interface Plan {
  rules: EventRules;
  /** The length of the log planned (a log array is only ever appended to). */
  length: number;
  /** The earliest `dueOn` of all candidates; null when nothing can ever fall due. */
  earliest: CalendarDate | null;
  candidates: Candidate[];
}

const plans = new WeakMap<readonly unknown[], Plan>();

/** The work due in `state` on day `now` under `rules` (none of it already done). */
export function due(state: GameState, now: CalendarDate, rules: EventRules): DueWork[] {
  let plan = plans.get(state.events);
  if (plan === undefined || plan.rules !== rules || plan.length !== state.events.length) {
    plan = planDue(state, rules);
    plans.set(state.events, plan);
  }
  if (plan.earliest === null || now < plan.earliest) return [];
  const adjudicating = inAdjudication(state, now, rules) !== undefined;
  const work: DueWork[] = [];
  for (const c of plan.candidates) {
    if (c.work.dueOn > now) continue;
    if (adjudicating && !AFTER_THE_END.has(c.work.kind)) continue;
    if (c.until !== undefined && now > c.until) continue;
    if (c.quietIn?.some((r) => r.from <= now && (r.to === null || now <= r.to))) continue;
    work.push(c.work);
  }
  return work;
}

/** The `n`-th day after `from` that lies in none of `ranges`; null if an open range stops it. */
export function nthCountedDay(
  from: CalendarDate,
  n: number,
  ranges: readonly OpenDateRange[],
): CalendarDate | null {
  const spans = ranges
    .map((r) => ({
      a: daysBetween(from, r.from),
      b: r.to === null ? Number.POSITIVE_INFINITY : daysBetween(from, r.to),
    }))
    .filter((s) => s.b >= 1)
    .sort((x, y) => x.a - y.a);
  let remaining = n;
  let cur = 0; // the last day (offset from `from`) already accounted for
  for (const { a, b } of spans) {
    const gap = a - cur - 1;
    if (gap >= 0 && remaining <= gap) return addDays(from, cur + remaining);
    if (gap > 0) remaining -= gap;
    cur = Math.max(cur, b);
    if (cur === Number.POSITIVE_INFINITY) return null;
  }
  return addDays(from, cur + remaining);
}

/** The latest date in the log: the live clock may be asked about it (no item lies after it). */
function lastDateOf(state: GameState): CalendarDate {
  let last = state.clockStartsOn;
  for (const e of state.events) {
    if (e.on > last) last = e.on;
    if (e.type === 'move' && e.sentOn > last) last = e.sentOn;
  }
  return last;
}

function planDue(state: GameState, rules: EventRules): Plan {
  const candidates: Candidate[] = [];
  const add = (c: Candidate): void => {
    if (!state.dueDone.has(c.work.key)) candidates.push(c);
  };
  const ended = state.result?.on;
  // Play resumed before: as many stops closed.
  const resumes = state.stops.filter((x) => x.to !== null).length;

  if (ended === undefined) {
    // P-10: play stopped at the event's end resumes once the end date is no longer past. First,
    // so that the players hear of it before anything else of the same sweep.
    const stop = openStop(state);
    if (stop)
      add({
        work: {
          kind: 'resume',
          key: dueKeys.resume(stop.endDate, resumes),
          dueOn: addDays(stop.endDate, 1),
        },
      });
    if (state.plies.length === 0)
      add({
        work: { kind: 'game-start', key: dueKeys.gameStart(), dueOn: state.clockStartsOn },
      });
    const side = sideToMove(state);
    const ply = state.plies.length;
    const since = answeredDeliveredOn(state, ply);
    const quiet: OpenDateRange[] = [
      ...pausedDays(state),
      ...stoppedDays(state),
      ...annulledDays(state),
      ...state.leaves.filter((l) => l.side === side),
    ];

    // The mail that resumed play after the event's end (P-10), or that reinstated an annulled
    // game (P-9a), showed the player to move the position and asked for the move, as a repeat
    // would: a reminder counts from it.
    const remindFrom = [...state.stops, ...state.annulments].reduce(
      (day, x) => (x.to !== null && compareDates(x.to, day) > 0 ? x.to : day),
      since,
    );
    // P-3a: "within 14 days (plus average transit both ways)" of the transmission going out. A
    // move counts from its delivery, which is one way already behind it (P-6d, P-6e): the reply's
    // way back remains. The start of the game, or a resume, counts from the day its mail went.
    // A player by email in a game of mixed modes gets the move and answers it without transit.
    const transit = rules.byPost === undefined || rules.byPost[side] ? rules.transitDays : 0;
    const fromDelivery = ply > 0 && remindFrom === since && !state.restoredOn.has(ply);
    const waitDays = rules.reminderDays + (fromDelivery ? 1 : 2) * transit;
    const reminderOn = nthCountedDay(remindFrom, waitDays + 1, quiet);
    if (reminderOn !== null)
      add({
        work: {
          kind: 'reminder',
          key: dueKeys.reminder(side, ply, remindFrom),
          side,
          dueOn: reminderOn,
        },
        quietIn: quiet,
      });
    const silenceOn = nthCountedDay(since, rules.silenceDays + 1, quiet);
    if (silenceOn !== null)
      add({
        work: { kind: 'silence', key: dueKeys.silence(side, ply, since), side, dueOn: silenceOn },
        quietIn: quiet,
      });

    // P-7a: every excess of either player, and the day the player to move will go over.
    const asOf = lastDateOf(state);
    const claimed = new Set(state.claims.map((c) => c.id));
    for (const s of [side, other(side)]) {
      const clock = gameClock(state, rules, s, s === side ? asOf : undefined);
      if (!clock.ok) continue;
      const found: ExcessKey[] = [...clock.value.excesses];
      const ahead = excessAhead(clock.value.live);
      if (ahead) found.push(ahead);
      for (const excess of found) {
        const on = excess.occurredOn;
        const id = timeClaimId(state, s, excess);
        if (claimed.has(id)) continue;
        add({
          work: {
            kind: 'time-exceeded',
            key: dueKeys.timeExceeded(id),
            side: s,
            dueOn: on,
            ref: id,
          },
        });
      }
    }
  }

  for (const c of state.claims) {
    if (c.ruling || c.protestBy === undefined) continue;
    add({
      work: {
        kind: 'claim-deadline',
        key: dueKeys.claimDeadline(c.id),
        side: c.side,
        dueOn: addDays(c.protestBy, 1),
        ref: c.id,
      },
    });
  }

  /** Whether no move could be played on `day`: play stopped at the event's end (P-10), or the
   * game stood annulled until the TD reinstated it (P-9a). */
  const noPlayOn = (day: CalendarDate): boolean =>
    stoppedOn(state, day) ||
    state.annulments.some((a) => compareDates(day, a.from) >= 0 && compareDates(day, a.to) < 0);
  for (const l of state.leaves) {
    const ref = `${l.from}..${l.to}`;
    // A leave that starts or ends while play is stopped at the event's end (P-10), or while the
    // game stood annulled (P-9a), stops or restarts no clock on that day: no notice of it — the
    // mail that resumed play or reinstated the game gave the clocks as they stand.
    // Nor of a start or an end already past when the leave was recorded (granted afterwards,
    // P-8c): the mail that recorded it told both players its days; a notice after it would
    // announce as news what they were told, or had already lived (P-8b).
    if (!noPlayOn(l.from) && compareDates(l.recordedOn, l.from) < 0)
      add({
        work: {
          kind: 'leave-starts',
          key: dueKeys.leaveStarts(l.side, l.from, l.to),
          side: l.side,
          dueOn: l.from,
          ref,
        },
        until: l.to,
      });
    if (!noPlayOn(addDays(l.to, 1)) && compareDates(l.recordedOn, l.to) <= 0)
      add({
        work: {
          kind: 'leave-ends',
          key: dueKeys.leaveEnds(l.side, l.from, l.to),
          side: l.side,
          dueOn: addDays(l.to, 1),
          ref,
        },
      });
  }

  // P-10: the day after the event's end date the game goes to adjudication. Planned last, so
  // that a claim deadline of the same sweep that fell while play was on is settled first.
  const adjudication = adjudicationOf(rules);
  if (ended === undefined && adjudication)
    add({
      work: {
        kind: 'adjudication',
        key: dueKeys.adjudication(adjudication.endDate, resumes),
        dueOn: adjudication.since,
      },
    });

  // A claim's protest window still closes after the end: the claim lapses then (decide-due).
  // Play's own work that would fall due after the event's end date never will (P-10).
  const kept =
    ended === undefined
      ? candidates.filter(
          (c) =>
            adjudication === undefined ||
            AFTER_THE_END.has(c.work.kind) ||
            c.work.dueOn <= adjudication.endDate,
        )
      : candidates.filter((c) => c.work.dueOn <= ended || c.work.kind === 'claim-deadline');
  let earliest: CalendarDate | null = null;
  for (const c of kept) if (earliest === null || c.work.dueOn < earliest) earliest = c.work.dueOn;
  return { rules, length: state.events.length, earliest, candidates: kept };
}

/**
 * Where the excess a time claim names stands on `now` (P-7c): on the clock (`stands`, over
 * since `occurredOn` — a later day than the claim said when leave granted since, a card
 * entered late or a move's relay that went out late (its delivery corrected, P-6d) moved it;
 * the claim stays tied to it by its period); off the clock for now but back on `occurredOn` if
 * the player does not move (`ahead`: such a correction moved it past today); or `gone` (a
 * penalty waived, the control move made in time after all). Undefined for claims other than
 * time claims, and when the clock cannot be derived: the claim stands as filed.
 */
export type ClaimedExcess =
  | { status: 'stands'; occurredOn: CalendarDate; overOnDay: number }
  | { status: 'ahead'; occurredOn: CalendarDate }
  | { status: 'gone' };

export function claimedExcess(
  state: GameState,
  claim: Claim,
  rules: EventRules,
  now: CalendarDate,
): ClaimedExcess | undefined {
  if (claim.kind !== 'time') return undefined;
  const clock = gameClock(state, rules, claim.side, now);
  if (!clock.ok) return undefined;
  const excess = namedExcess(state, claim.side, clock.value, claim.id);
  if (excess)
    return { status: 'stands', occurredOn: excess.occurredOn, overOnDay: excess.overOnDay };
  const ahead = excessAhead(clock.value.live);
  return ahead && timeClaimId(state, claim.side, ahead) === claim.id
    ? { status: 'ahead', occurredOn: ahead.occurredOn }
    : { status: 'gone' };
}

/**
 * The day `side` received the notice of a time claim (P-7c: a protest within 14 days "after
 * receiving" it; P-7e: the new count "from the date of receipt" — the seed's words): a player by
 * email the day it went out; a player by post (P-2m), who gets it as the letter the TD prints
 * and posts, the event's transit later (`transitDays`), as the 14 days of an appeal count from
 * the day a decision is received (appeal.ts). A copy posted late counts from the day it went
 * out (`sentLate`).
 */
export function noticeReceivedOn(
  claim: Pick<Claim, 'on' | 'sentLate'>,
  side: Side,
  rules: EventRules,
): CalendarDate {
  const sent = claim.sentLate?.[side] ?? claim.on;
  return rules.postal?.[side] ? addDays(sent, rules.transitDays) : sent;
}

/**
 * The last day of a time claim's protest window (P-7c), for a notice that went out on `on`:
 * `protestDays` after the later of the days the two players received it — either may protest,
 * and the claim is upheld only once both have had their days.
 */
export function protestWindowEnd(on: CalendarDate, rules: EventRules): CalendarDate {
  const white = noticeReceivedOn({ on }, 'white', rules);
  const black = noticeReceivedOn({ on }, 'black', rules);
  return addDays(compareDates(white, black) >= 0 ? white : black, rules.protestDays);
}

/**
 * The day an upheld time claim counts its offender afresh from (P-7e; the restart comes at the
 * end of it), as it stands on `now`: the day the offender received the notice — but never from
 * before the excess it forgives: one that leave granted since moved past that day (P-8c)
 * restarts from its new day, or the restart would wipe the upheld excess off the clock (P-7f).
 * Undefined while the excess is off the clock (`ahead`: back on a day to come if no move is
 * sent; `gone`): no day can be named, and the claim is not upheld so (decide-ruling.ts).
 */
export function restartOn(
  state: GameState,
  claim: Claim,
  rules: EventRules,
  now: CalendarDate,
): CalendarDate | undefined {
  const received = noticeReceivedOn(claim, claim.side, rules);
  const excess = claimedExcess(state, claim, rules, now);
  if (excess === undefined) return received;
  if (excess.status !== 'stands') return undefined;
  return compareDates(excess.occurredOn, received) > 0 ? excess.occurredOn : received;
}

/**
 * Whether the excess a time claim names is on the clock on `now` (P-7c; see claimedExcess): a
 * claim whose excess a ruling since has taken off the clock, or put off to a day still to come,
 * is not justified as it stands, and lapses at its deadline.
 */
export function claimStands(
  state: GameState,
  claim: Claim,
  rules: EventRules,
  now: CalendarDate,
): boolean {
  const excess = claimedExcess(state, claim, rules, now);
  return excess === undefined || excess.status === 'stands';
}

/** The excess on a player's clock that the time claim id `id` names (timeClaimId), if any. */
export function namedExcess(
  state: GameState,
  side: Side,
  clock: ClockDerivation,
  id: string | undefined,
): Excess | undefined {
  return clock.excesses.find((e) => timeClaimId(state, side, e) === id);
}

/**
 * The excess a time claim names when the player is, on `now`, still over its limit in the
 * control period it fell in (the control move not yet made): rejected as it stands, its days
 * would keep the period over its limit, and no later excess in it could be claimed (P-6c,
 * P-7a). Undefined when the period is back within its limit or over.
 */
export function claimedPeriodStillOver(
  state: GameState,
  claim: Claim,
  rules: EventRules,
  now: CalendarDate,
): Excess | undefined {
  if (claim.kind !== 'time') return undefined;
  const clock = gameClock(state, rules, claim.side, now);
  if (!clock.ok) return undefined;
  const excess = namedExcess(state, claim.side, clock.value, claim.id);
  if (!excess) return undefined;
  const inPeriod = (p: { controlMove: number | null; countFrom: number }) =>
    p.controlMove === excess.controlMove && p.countFrom === excess.countFrom;
  const live = clock.value.live;
  if (live) return inPeriod(live) && live.daysLeft < 0 ? excess : undefined;
  const last = clock.value.rows.at(-1);
  return last && inPeriod(last) && last.move < excess.controlMove && last.daysLeft < 0
    ? excess
    : undefined;
}
