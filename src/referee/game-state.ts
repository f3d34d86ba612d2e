// A game's state: a fold over its events (game-event.ts), never stored. Position, moves with
// their dates, penalties, leave, pauses, play stopped at the event's end and resumed (P-10), the
// pending draw offer, the conditional line, claims, due work done, the result, annulments the TD
// undid (P-9a). Clocks are
// derived from this on demand (clock-items.ts).

import type { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import { parseUci } from 'chessops/util';
import type { DetailKey, StartSpec } from '../chess/index.ts';
import { startPosition } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { addDays, compareDates, daysBetween } from '../clock/index.ts';
import { endDateOfAdjudicationKey } from './adjudication.ts';
import type { TdDecision } from './appeal.ts';
import type { DateCorrection } from './effect.ts';
import type { ClaimKind, EndKind, GameEvent, Result, Side } from './game-event.ts';

export interface Ply {
  side: Side;
  uci: string;
  move: NormalMove;
  /** Full-move number as written (`12.` / `12...`). */
  number: number;
  /** The player's own move count, 1-based: what the time control counts (P-6a). */
  ordinal: number;
  sentOn: CalendarDate;
  deliveredOn: CalendarDate;
  conditional: boolean;
  drawOffer: boolean;
  /** The move's place in the log: orders it against a same-day claim notice (P-7e). */
  seq: number;
  /** A postal card's dates recorded otherwise than stated, told with the next move (P-2i). */
  dateNotes?: DateCorrection[];
}

export interface Penalty {
  side: Side;
  on: CalendarDate;
  /** The event's place in the log: orders it among the TD's items of the same day. */
  seq: number;
  days: number;
  rule: string;
  reason: string;
  waived: boolean;
}

export interface Claim {
  id: string;
  kind: ClaimKind;
  side: Side;
  on: CalendarDate;
  protestBy?: CalendarDate;
  detail: string;
  /** `detail` machine-readable; absent when the log predates it. */
  detailKey?: DetailKey;
  ruling?: { upheld: boolean; on: CalendarDate; by: 'td' | 'deadline' };
  /** The day the claimed player protested to the TD (P-7c): the TD rules, not the deadline. */
  protestedOn?: CalendarDate;
  /**
   * The day the notice's copy to print and post went out to a player by post, when that was
   * later than the claim (P-2m): they received it from then (P-7c, P-7e; `noticeReceivedOn`).
   */
  sentLate?: Partial<Record<Side, CalendarDate>>;
  /** The claim's place in the log: moves logged before it were sent before its notice (P-7e). */
  seq: number;
}

/**
 * Play stopped at the event's end (P-10): from the adjudication notice (its `due-done`) to a
 * `play-resumed`, when the TD moved the end date later. Its days are not counted on either
 * clock, as a TD's pause (L-6.10), so a game that resumes goes on from the clocks as they stood.
 */
export interface Stop {
  /** The end date that stopped play (the first notice's). */
  endDate: CalendarDate;
  /**
   * The first day not counted: the day after the day the clocks stood at when play stopped — the
   * end date, or a later day a move was sent or reached its player (a move sent on the last day
   * and read after it; moves played before the TD moved the end to a day already past).
   */
  from: CalendarDate;
  /** The day play resumed, counted again; null while play is stopped. */
  to: CalendarDate | null;
  /** The end date of the latest notice while stopped (the end moved, still past: told again). */
  lastEndDate: CalendarDate;
  /** The day of that latest notice: the players' analyses are due 30 days on at the earliest. */
  toldOn: CalendarDate;
  /** The end date play resumed under (`play-resumed`); absent while stopped, or with no end. */
  until?: CalendarDate;
}

export interface Leave {
  side: Side;
  from: CalendarDate;
  to: CalendarDate;
  granted: boolean;
  /** The day it was recorded (announced, granted, carried): a start or end already past by
   * then is not announced again (P-8b; due.ts). */
  recordedOn: CalendarDate;
}

/** A field `applyEvent` changes in place must be copied in `copyState` (`extendGame`). */
export interface GameState {
  white: string;
  black: string;
  /**
   * The TD reversed the colours (L-7.1) an odd number of times: the config's White plays Black.
   * The daemon reads who plays which colour from the config through this.
   */
  coloursReversed: boolean;
  start: StartSpec;
  createdOn: CalendarDate;
  clockStartsOn: CalendarDate;
  initial: Chess;
  pos: Chess;
  plies: Ply[];
  /** The log itself, for the clock and the record. */
  events: readonly GameEvent[];
  penalties: Penalty[];
  leaves: Leave[];
  pauses: { from: CalendarDate; to: CalendarDate | null }[];
  /** Play stopped at the event's end, and resumed when the TD moved it later (P-10). */
  stops: Stop[];
  clockSets: {
    side: Side;
    on: CalendarDate;
    seq: number;
    usedDays?: number;
    clockDays?: number;
    bankDays?: number;
  }[];
  /**
   * P-7e restarts, on the day of the claim's notice (of its excess, when leave moved that later);
   * `noticeSeq`, the place in the log of a claim noticed that day:
   * a move of that day logged before it was sent before the notice, and is not in the new count.
   */
  restarts: {
    side: Side;
    on: CalendarDate;
    seq: number;
    noticeSeq?: number;
    /** The upheld claim it follows: undone with it when a protest in time reopens it (P-7c). */
    claimId?: string;
  }[];
  /**
   * The day the TD restored the position to a ply count (L-7.2), by that count: the move that
   * replaces the illegal one answers the ruling, not the move before it (`answeredDeliveredOn`).
   */
  restoredOn: Map<number, CalendarDate>;
  /** A standing draw offer (L-9.1.2.1). */
  drawOffer?: { by: Side; ply: number };
  /** Draw offers made per side, for the TD (L-13.3). */
  drawOffers: Record<Side, number>;
  /**
   * Proposed continuations (P-4f), per proposer, in UCI. While the proposer is to move, the
   * first entry is their answer; otherwise it is the opponent's expected move.
   */
  lines: Partial<Record<Side, string[]>>;
  claims: Claim[];
  /** The days each player's mail went to the TD as their adjudication analysis (P-10). */
  analyses: { side: Side; on: CalendarDate }[];
  /**
   * The days each player's mail went to the TD as their appeal of a decision of the TD (P-11,
   * P-13c), with the decision (absent in older logs: the result).
   */
  appeals: {
    side: Side;
    on: CalendarDate;
    late?: true;
    against?: TdDecision;
    /**
     * Decided: the TD recorded it (`upheld`), or set the result again after an appeal of the
     * result (P-11: the second expert's result). Until then it waits, listed in the TD's report.
     */
    ruled?: { on: CalendarDate; upheld?: boolean };
  }[];
  dueDone: Set<string>;
  /**
   * The annulments the TD undid (P-9a): from the day of the annulment to the day of the
   * reinstatement, which counts again; the days between count on neither clock.
   */
  annulments: { from: CalendarDate; to: CalendarDate }[];
  /** While annulled: the draw offer and conditional lines that stood, for a reinstatement. */
  annulledWith?: { drawOffer?: { by: Side; ply: number }; lines: Partial<Record<Side, string[]>> };
  result?: {
    result: Result;
    kind: EndKind;
    rule: string;
    on: CalendarDate;
    detail?: string;
    detailKey?: DetailKey;
  };
}

export const sideToMove = (state: GameState): Side => state.pos.turn;

/**
 * The plies `side` must repeat before its own move: all since its own last move — the
 * opponent's last move (P-2e), then the accepted moves of the opponent's conditional line
 * (P-4g). The proposer of a line need not repeat its own moves played from it: the opponent's
 * last move is what the relay asks for (a longer score is set aside when it is the game's).
 */
export function pliesToRepeat(state: GameState, side: Side): number[] {
  const lastOwn = state.plies.findLastIndex((p) => p.side === side);
  if (lastOwn === -1) return state.plies.length ? [state.plies.length - 1] : [];
  return state.plies.map((_, i) => i).filter((i) => i > lastOwn);
}

/**
 * The claims still open to a protest on `on` (P-7c): filed, not ruled on (or upheld only by a
 * deadline after `on`), not yet protested, the window not passed. The claim notice invites either player to protest (the claimant may
 * think the count wrong too); the service decides which mail to the TD is a protest.
 */
export const protestableClaims = (state: GameState, on: CalendarDate): Claim[] =>
  state.claims.filter(
    (c) =>
      // Upheld at its deadline after a protest came in time, but before it was entered (a letter
      // the TD enters later, a mail read after the sweep): the protest reopens it (P-7c).
      (!c.ruling || (c.ruling.by === 'deadline' && c.ruling.upheld && !state.result)) &&
      !c.protestedOn &&
      c.protestBy !== undefined &&
      compareDates(on, c.protestBy) <= 0,
  );

/** How many time claims against `side` were upheld (P-7f counts them), `except` one. */
export const upheldExcesses = (state: GameState, side: Side, except?: string): number =>
  state.claims.filter(
    (c) => c.kind === 'time' && c.side === side && c.id !== except && c.ruling?.upheld,
  ).length;

/** A time claim's detail, English and machine-readable, said of its excess on another day. */
export function redatedDetail(
  c: Pick<Claim, 'detail' | 'detailKey'>,
  excess: { occurredOn: CalendarDate; overOnDay: number },
): Pick<Claim, 'detail' | 'detailKey'> {
  const { occurredOn, overOnDay } = excess;
  return {
    detail: c.detail.replace(
      / by \d+ days? on \d{4}-\d\d-\d\d$/,
      ` by ${overOnDay} day${overOnDay === 1 ? '' : 's'} on ${occurredOn}`,
    ),
    ...(c.detailKey
      ? {
          detailKey: {
            ...c.detailKey,
            params: { ...c.detailKey.params, over: overOnDay, date: occurredOn },
          },
        }
      : {}),
  };
}

export class FoldError extends Error {}

function emptyState(
  e: Extract<GameEvent, { type: 'created' }>,
  events: readonly GameEvent[],
): GameState {
  const start = startPosition(e.start);
  if (!start.ok) throw new FoldError(`game start: ${start.error.message}`);
  return {
    white: e.white,
    black: e.black,
    coloursReversed: false,
    start: e.start,
    createdOn: e.on,
    clockStartsOn: e.clockStartsOn,
    initial: start.value,
    pos: start.value.clone(),
    plies: [],
    events,
    penalties: [],
    leaves: [],
    pauses: [],
    stops: [],
    clockSets: [],
    restarts: [],
    restoredOn: new Map(),
    drawOffers: { white: 0, black: 0 },
    lines: {},
    claims: [],
    analyses: [],
    appeals: [],
    dueDone: new Set(),
    annulments: [],
  };
}

/** Replay plies onto a fresh position (after a restore or a restart). */
function replayPosition(state: GameState): void {
  state.pos = state.initial.clone();
  for (const p of state.plies) state.pos.play(p.move);
}

function applyEvent(s: GameState, e: GameEvent, seq: number): void {
  switch (e.type) {
    case 'created':
      throw new FoldError('a game is created only once');
    case 'move': {
      const move = parseUci(e.uci) as NormalMove | undefined;
      if (!move || !s.pos.isLegal(move)) throw new FoldError(`illegal move ${e.uci} in the log`);
      const ordinal = s.plies.filter((p) => p.side === e.side).length + 1;
      // The opponent's move declines a standing offer (L-9.1.2.1) — not an answer played from
      // their conditional line, chosen before the offer was made: they may still accept it.
      if (s.drawOffer && s.drawOffer.by !== e.side && e.conditional !== true)
        s.drawOffer = undefined;
      s.plies.push({
        side: e.side,
        uci: e.uci,
        move,
        number: s.pos.fullmoves,
        ordinal,
        sentOn: e.sentOn,
        deliveredOn: e.deliveredOn,
        conditional: e.conditional === true,
        drawOffer: e.drawOffer === true,
        seq,
        ...(e.dateNotes?.length ? { dateNotes: e.dateNotes } : {}),
      });
      s.pos.play(move);
      if (e.drawOffer) {
        s.drawOffer = { by: e.side, ply: s.plies.length };
        s.drawOffers[e.side]++;
      }
      // A line advances when its expected move or its own answer is played; any other move
      // ends it — a deviation, or the proposer's own fresh move (P-4f).
      for (const proposer of ['white', 'black'] as const) {
        const line = s.lines[proposer];
        if (!line) continue;
        const fromLine = e.side !== proposer || e.conditional === true;
        s.lines[proposer] =
          fromLine && line[0] === e.uci && line.length > 1 ? line.slice(1) : undefined;
      }
      return;
    }
    case 'penalty':
      s.penalties.push({
        side: e.side,
        on: e.on,
        seq,
        days: e.days,
        rule: e.rule,
        reason: e.reason,
        waived: false,
      });
      return;
    case 'penalty-waived': {
      const p = s.penalties.find((x) => x.side === e.side && x.on === e.penaltyOn && !x.waived);
      if (p) p.waived = true;
      return;
    }
    case 'conditional-line':
      s.lines[e.side] = e.line.length ? e.line : undefined;
      return;
    case 'draw-declined':
      s.drawOffer = undefined;
      return;
    case 'claim':
      s.claims.push({
        id: e.id,
        kind: e.kind,
        side: e.side,
        on: e.on,
        protestBy: e.protestBy,
        detail: e.detail,
        ...(e.detailKey ? { detailKey: e.detailKey } : {}),
        seq,
      });
      return;
    case 'claim-ruled': {
      const c = s.claims.find((x) => x.id === e.id);
      if (c) c.ruling = { upheld: e.upheld, on: e.on, by: e.by };
      // The excess upheld on the day leave moved it to (P-8c): the detail says that day.
      if (c && e.excess) Object.assign(c, redatedDetail(c, e.excess));
      return;
    }
    case 'claim-protested': {
      const c = s.claims.find((x) => x.id === e.id);
      if (!c) return;
      c.protestedOn = e.on;
      // A protest that reached the TD in time but was entered after the deadline upheld the
      // claim (P-7c): the uphold is undone, and the P-7e restart with it — the claim waits for
      // the TD's ruling, as it would have had the protest been entered the day it came.
      if (c.ruling?.by === 'deadline' && c.ruling.upheld) {
        c.ruling = undefined;
        s.restarts = s.restarts.filter((r) => r.claimId !== c.id);
      }
      return;
    }
    case 'claim-window-moved': {
      const c = s.claims.find((x) => x.id === e.id);
      if (c) c.protestBy = e.protestBy;
      if (c && e.side) c.sentLate = { ...c.sentLate, [e.side]: e.on };
      return;
    }
    case 'clock-restarted': {
      // The upheld claim it follows (ruleOnClaim logs the two together), dated as the restart.
      const notice = s.claims.findLast(
        (c) => c.side === e.side && c.on === e.on && c.ruling?.upheld === true,
      );
      // The claim ruled just before it (ruleOnClaim logs the restart right after its ruling).
      const upheld = s.claims.findLast(
        (c) =>
          c.side === e.side &&
          c.ruling?.upheld === true &&
          !s.restarts.some((r) => r.claimId === c.id),
      );
      s.restarts.push({
        side: e.side,
        on: e.on,
        seq,
        ...(notice ? { noticeSeq: notice.seq } : {}),
        ...(upheld ? { claimId: upheld.id } : {}),
      });
      return;
    }
    case 'leave':
      s.leaves.push({
        side: e.side,
        from: e.from,
        to: e.to,
        granted: e.granted === true,
        recordedOn: e.on,
      });
      return;
    case 'paused':
      s.pauses.push({ from: e.on, to: null });
      return;
    case 'resumed': {
      const open = s.pauses.find((p) => p.to === null);
      if (open) open.to = e.on;
      return;
    }
    case 'clock-set':
      s.clockSets.push({
        side: e.side,
        on: e.on,
        seq,
        usedDays: e.usedDays,
        clockDays: e.clockDays,
        bankDays: e.bankDays,
      });
      return;
    case 'delivery-corrected': {
      const ply = s.plies[e.ply];
      if (!ply) throw new FoldError(`no ply ${e.ply} to correct`);
      s.plies[e.ply] = { ...ply, deliveredOn: e.deliveredOn };
      return;
    }
    case 'position-restored':
      s.plies = s.plies.slice(0, e.plies);
      for (const k of s.restoredOn.keys()) if (k > e.plies) s.restoredOn.delete(k);
      s.restoredOn.set(e.plies, e.on);
      s.drawOffer = undefined;
      s.lines = {};
      replayPosition(s);
      return;
    case 'colours-reversed': {
      const white = s.white;
      s.white = s.black;
      s.black = white;
      s.coloursReversed = !s.coloursReversed;
      // Leave is a player's (P-8a): it goes with them to their new colour.
      s.leaves = s.leaves.map((l) => ({ ...l, side: l.side === 'white' ? 'black' : 'white' }));
      s.plies = [];
      s.restoredOn.clear();
      // The game starts again: the clocks and their history (claims, settings, restarts, the
      // sweep's work) belonged to the moves taken back, and go with them.
      s.clockSets = [];
      s.restarts = [];
      s.claims = [];
      for (const key of s.dueDone)
        if (/^(?:time-exceeded|claim-deadline|reminder|silence):/.test(key)) s.dueDone.delete(key);
      s.penalties = [];
      s.drawOffer = undefined;
      s.lines = {};
      s.clockStartsOn = e.on;
      replayPosition(s);
      return;
    }
    case 'ended':
      // An annulment may be undone (P-9a): what stood in the game is kept for it.
      s.annulledWith =
        e.kind === 'annulled'
          ? { ...(s.drawOffer ? { drawOffer: s.drawOffer } : {}), lines: { ...s.lines } }
          : undefined;
      // The TD sets the result again: the appeals of the result are decided (P-11).
      if (e.kind === 'ruling')
        for (const a of s.appeals)
          if (!a.ruled && (a.against === undefined || a.against.ruling === 'set-result'))
            a.ruled = { on: e.on };
      s.result = {
        result: e.result,
        kind: e.kind,
        rule: e.rule,
        on: e.on,
        detail: e.detail,
        ...(e.detailKey ? { detailKey: e.detailKey } : {}),
      };
      s.drawOffer = undefined;
      s.lines = {};
      return;
    case 'reinstated': {
      if (s.result?.kind !== 'annulled') return;
      s.annulments.push({ from: s.result.on, to: e.on });
      // A time claim open to protest when the game was annulled waited (decide-due.ts): its
      // window reopens for the days the game stood annulled, in which no protest was read (P-7c).
      const annulled = daysBetween(s.result.on, e.on);
      for (const c of s.claims)
        if (!c.ruling && c.protestBy !== undefined && compareDates(c.protestBy, s.result.on) >= 0)
          c.protestBy = addDays(c.protestBy, annulled);
      s.drawOffer = s.annulledWith?.drawOffer;
      s.lines = { ...s.annulledWith?.lines };
      s.annulledWith = undefined;
      s.result = undefined;
      return;
    }
    case 'analysis':
      s.analyses.push({ side: e.side, on: e.on });
      return;
    case 'appeal':
      s.appeals.push({
        side: e.side,
        on: e.on,
        ...(e.late ? { late: true as const } : {}),
        ...(e.against ? { against: e.against } : {}),
      });
      return;
    case 'appeal-ruled':
      for (const a of s.appeals)
        if (a.side === e.side && !a.ruled) a.ruled = { on: e.on, upheld: e.upheld };
      return;
    case 'due-done': {
      s.dueDone.add(e.key);
      const endDate = endDateOfAdjudicationKey(e.key);
      if (endDate !== undefined) stopPlay(s, endDate, e.on);
      return;
    }
    case 'play-resumed': {
      const open = s.stops.find((x) => x.to === null);
      if (!open) return;
      open.to = e.on;
      if (e.until !== undefined) open.until = e.until;
      return;
    }
  }
}

/**
 * The adjudication notice stops play (P-10): a stop from the day after the clocks' last day, or,
 * while one is open (the end moved, still past, and told again), that stop goes on.
 */
function stopPlay(s: GameState, endDate: CalendarDate, on: CalendarDate): void {
  const open = s.stops.find((x) => x.to === null);
  if (open) {
    open.lastEndDate = endDate;
    open.toldOn = on;
    return;
  }
  let day = endDate;
  const later = (d: CalendarDate | undefined) => {
    if (d !== undefined && compareDates(d, day) > 0) day = d;
  };
  const last = s.plies.at(-1);
  later(last?.sentOn);
  later(s.restoredOn.get(s.plies.length) ?? last?.deliveredOn ?? s.clockStartsOn);
  s.stops.push({ endDate, from: addDays(day, 1), to: null, lastEndDate: endDate, toldOn: on });
}

/** The stop play is in (P-10), if it is stopped. */
export const openStop = (state: GameState): Stop | undefined =>
  state.stops.find((x) => x.to === null);

/** Fold a game's whole log. Throws FoldError only for a corrupt log (never a player's mistake). */
export function foldGame(events: readonly GameEvent[]): GameState {
  const [first, ...rest] = events;
  if (first?.type !== 'created') throw new FoldError('a game log starts with "created"');
  const state = emptyState(first, events);
  for (const [i, e] of rest.entries()) applyEvent(state, e, i + 1);
  return state;
}

/**
 * The state after more events (the old state is not changed): a copy of what `applyEvent`
 * changes, with only the new events applied, as `foldGame` of the whole log would apply them.
 * Folding the whole log again replayed and checked every move of the game each time, and a
 * decision extends a state several times (its draft, an automatic answer, the mail's protests).
 */
export function extendGame(state: GameState, more: readonly GameEvent[]): GameState {
  if (!more.length) return state;
  const next = copyState(state, [...state.events, ...more]);
  const seq = state.events.length;
  for (const [i, e] of more.entries()) applyEvent(next, e, seq + i);
  return next;
}

/** A state whose every part `applyEvent` changes in place is its own; the rest is shared. */
function copyState(s: GameState, events: readonly GameEvent[]): GameState {
  return {
    ...s,
    events,
    pos: s.pos.clone(),
    plies: [...s.plies],
    penalties: s.penalties.map((p) => ({ ...p })),
    leaves: [...s.leaves],
    pauses: s.pauses.map((p) => ({ ...p })),
    stops: s.stops.map((x) => ({ ...x })),
    clockSets: [...s.clockSets],
    restarts: [...s.restarts],
    restoredOn: new Map(s.restoredOn),
    drawOffers: { ...s.drawOffers },
    lines: { ...s.lines },
    claims: s.claims.map((c) => ({ ...c })),
    analyses: [...s.analyses],
    appeals: s.appeals.map((a) => ({ ...a })),
    dueDone: new Set(s.dueDone),
    annulments: [...s.annulments],
  };
}
