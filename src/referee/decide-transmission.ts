// A player's transmission (P-2, P-4): the repetition of the opponent's last move — and of every
// accepted move of a conditional line (P-2e, P-4b, P-4g) — then the player's own move, read in
// the player's notation (P-2b) and checked for legality. A missing repetition or a blank
// transmission counts as an impossible move (P-4d); illegible, impossible or ambiguous moves and
// wrong repetitions are returned for correction (P-4c) with the penalty of P-6g. Check, capture
// and e.p. marks never matter (P-4e). A legal move stands once sent (P-4a). Stated dates are
// compared with the record (P-2f..j). Also: conditional lines (P-4f..h, P-6f), draw offers
// (L-9.1), claims (L-9.2..9.4, L-5.1.3), resignation (L-5.1.2), leave (P-8a, P-8b) and notes.
//
// A move sent while on leave ends nothing: the move is accepted and the clock counts as usual
// (leave days inside the reflection interval still do not count, P-8a); the leave stands.
//
// A reply move that does not accept a standing draw offer declines it (L-9.1.2.1).
//
// A move sent after the event's end date is not played: the game is in adjudication (P-10;
// `duringAdjudication`).

import type { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import { makeUci, parseUci } from 'chessops/util';
import type { MoveError, MovetextToken, Reading } from '../chess/index.ts';
import {
  atMove,
  boardEnd,
  checkNumbering,
  claimFiftyMoves,
  claimThreefold,
  DISTINCT_LETTER_SETS,
  fenOf,
  moveNumber,
  playRecord,
  readInOtherLetters,
  readMove,
  replyNotation,
  tokenText,
  writeMove,
} from '../chess/index.ts';
import type { CalendarDate, DateRange } from '../clock/index.ts';
import {
  addDays,
  allowsLeave,
  checkLeaveRequest,
  compareDates,
  rangeContains,
  validateRange,
} from '../clock/index.ts';
import type { Adjudication } from './adjudication.ts';
import { inAdjudication } from './adjudication.ts';
import type { AppealRoute } from './appeal.ts';
import { appealTarget, topicsOf } from './appeal.ts';
import { deliveredTo } from './decide-relay.ts';
import type { Decision } from './decision.ts';
import { combine } from './decision.ts';
import type { DateCorrection, Effect, LeaveAside, Problem, Recipient } from './effect.ts';
import { endGame, winFor } from './end-game.ts';
import type { EventRules } from './event-rules.ts';
import { answeredDeliveredOn } from './game-clock.ts';
import type { GameEvent, Side } from './game-event.ts';
import { other } from './game-event.ts';
import type { GameState } from './game-state.ts';
import { extendGame, foldGame, pliesToRepeat } from './game-state.ts';
import type { Transmission } from './referee-input.ts';

const BOARD_END_KIND = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  'dead-position': 'dead-position',
} as const;

interface Draft {
  events: GameEvent[];
  effects: Effect[];
}

/**
 * A transmission whose only own move stood in a question or a thought ("3...a6 — maybe
 * 4.Ba4?"): the player has not decided, so nothing is played (a move sent binds, P-4a) and no
 * penalty is given for a blank transmission (P-4d); the reply names the move and asks for it.
 */
function undecided(draft: Draft, t: Transmission): Decision {
  const problem: Problem = { code: 'blank', thoughts: t.thoughts ?? [] };
  if (t.drawOffer) problem.drawOffer = true;
  return reject(draft, t, problem, ['P-4a', 'P-4d']);
}

function reject(
  draft: Draft,
  t: Transmission,
  problem: Problem,
  rules: string[],
  penaltyDays = 0,
): Decision {
  if (penaltyDays > 0) {
    draft.events.push({
      type: 'penalty',
      on: t.sentOn,
      side: t.side,
      days: penaltyDays,
      rule: 'P-6g',
      reason: problem.code,
    });
  }
  draft.effects.push({
    kind: 'transmission-rejected',
    to: [t.side],
    problem,
    penaltyDays,
    rules: penaltyDays > 0 ? [...rules, 'P-6g'] : rules,
  });
  return draft;
}

const sameMove = (a: NormalMove, b: NormalMove) =>
  a.from === b.from && a.to === b.to && (a.promotion ?? '') === (b.promotion ?? '');

/**
 * Does `text` read as `expected`? A repetition confirms a move, it does not choose one: when the
 * player's own notation cannot read it, it is accepted if any language's reading is the recorded
 * move — a numeric player who repeats "2.Nf3" as the relay showed it, or a Polish player who
 * copies the opponent's German "Sf3". A legal reading in the player's own notation that is
 * another move stays a wrong repetition (P-2e): the player may have misread the move.
 */
function readsAs(
  pos: Chess,
  text: string,
  reading: Reading,
  expected: NormalMove,
): MoveError | true | false {
  const r = readMove(pos, text, reading);
  if (r.ok) return sameMove(r.value, expected);
  for (const lang of DISTINCT_LETTER_SETS) {
    const x = readMove(pos, text, { kind: 'algebraic', lang });
    if (x.ok && sameMove(x.value, expected)) return true;
  }
  return r.error;
}

/** The index of the last ply `side` wrote itself (not played from its line); -1 for none. */
function lastWritten(state: GameState, side: Side): number {
  return state.plies.findLastIndex((p) => p.side === side && !p.conditional);
}

/** The position before each of `plies` (ascending), replaying the game once. */
function positionsBefore(state: GameState, plies: readonly number[]): Map<number, Chess> {
  const out = new Map<number, Chess>();
  const pos = state.initial.clone();
  let at = 0;
  for (const ply of plies) {
    for (; at < ply; at++) pos.play(state.plies[at]!.move);
    out.set(ply, pos.clone());
  }
  return out;
}

/**
 * The delivery a postal card's stated received date gives the move it answers (P-2f..h, P-6d),
 * when it differs from the date entered and can be true: not before that move was posted, not
 * after this card was, not after the reply date the card itself states (one of the two is then
 * a slip, and neither proves the arrival). Not after a restored position: the ruling's day
 * counts then (L-7.2).
 */
export function postalDelivery(
  state: GameState,
  t: Transmission,
): { ply: number; deliveredOn: CalendarDate } | undefined {
  const stated = t.statedReceivedOn;
  const ply = state.plies.length - 1;
  const answered = state.plies[ply];
  if (!t.postal || !stated || !answered || state.restoredOn.has(ply + 1)) return undefined;
  if (stated === answered.deliveredOn) return undefined;
  if (compareDates(stated, answered.sentOn) < 0 || compareDates(stated, t.sentOn) > 0)
    return undefined;
  if (t.statedSentOn !== undefined && compareDates(stated, t.statedSentOn) > 0) return undefined;
  return { ply, deliveredOn: stated };
}

/**
 * The dispatch date recorded for a postal card whose postmark is missing or unreadable (P-2i:
 * "the recipient records acceptable dates"): the reply date the card states, when it can be
 * true — not before the move it answers reached the sender (`since`), not after the card
 * arrived — else the day it arrived less the event's transit one way, and never before `since`
 * (a reply cannot leave before the move it answers came, P-6d).
 */
export function postmarklessSentOn(
  receivedOn: CalendarDate,
  statedSentOn: CalendarDate | undefined,
  since: CalendarDate,
  transitDays: number,
): CalendarDate {
  if (
    statedSentOn !== undefined &&
    compareDates(since, statedSentOn) <= 0 &&
    compareDates(statedSentOn, receivedOn) <= 0
  )
    return statedSentOn;
  const estimate = addDays(receivedOn, -transitDays);
  return compareDates(estimate, since) < 0 && compareDates(since, receivedOn) <= 0
    ? since
    : estimate;
}

function dateCorrections(state: GameState, t: Transmission): DateCorrection[] {
  const out: DateCorrection[] = [];
  if (state.plies.length > 0) {
    const recorded = answeredDeliveredOn(state, state.plies.length);
    if (!t.statedReceivedOn) out.push({ field: 'received', recorded, rule: 'P-2i' });
    else if (t.statedReceivedOn !== recorded) {
      // The move counts as received when it was delivered (P-6d), whatever day is stated.
      out.push({ field: 'received', stated: t.statedReceivedOn, recorded, rule: 'P-6d' });
    }
  }
  // No postmark: the date recorded is the one P-2i lets the recipient choose, and the sender is
  // told it, also when it is the date the card states.
  if (t.postmarkMissing)
    out.push({
      field: 'sent',
      ...(t.statedSentOn ? { stated: t.statedSentOn } : {}),
      recorded: t.sentOn,
      rule: 'P-2i',
      noPostmark: true,
    });
  else if (!t.statedSentOn) out.push({ field: 'sent', recorded: t.sentOn, rule: 'P-2i' });
  else if (t.statedSentOn !== t.sentOn) {
    // A reply dated before the move it answers could have reached the player cannot be right
    // (P-2f..j): before that move was sent, or two days or more before its recorded delivery —
    // not the day before, which next-day delivery or the sender's time zone may make true.
    const delivered = answeredDeliveredOn(state, state.plies.length);
    const answered = state.plies.at(-1);
    const impossible =
      answered !== undefined &&
      (compareDates(t.statedSentOn, answered.sentOn) < 0 ||
        compareDates(t.statedSentOn, addDays(delivered, -1)) < 0);
    out.push({
      field: 'sent',
      stated: t.statedSentOn,
      recorded: t.sentOn,
      rule: 'P-2j',
      ...(impossible ? { beforeDelivery: delivered } : {}),
    });
  }
  return out;
}

function decideLeave(state: GameState, t: Transmission, rules: EventRules, draft: Draft): void {
  const leave = t.leave!;
  const own = state.leaves.filter((l) => l.side === t.side);
  /** Every day of `range` is leave of the sender's already (taken or granted). */
  const covered = (range: DateRange) => {
    for (let d = range.from; compareDates(d, range.to) <= 0; d = addDays(d, 1))
      if (!own.some((l) => rangeContains(l, d))) return false;
    return true;
  };
  // Leave already recorded, mentioned again ("from 20.12 I am on leave, as announced"): it
  // stands as it was, and nothing is refused.
  if (compareDates(leave.from, leave.to) <= 0 && covered(leave)) return;
  const aside: LeaveAside = t.moves.length ? { withMove: true } : {};
  // Leave that had begun by the day of the mail was not announced in advance (P-8b): only the
  // TD may grant those days (P-8c), and is asked to. The days after the mail's are announced in
  // advance, so they are recorded at once, as any leave (P-8a): the player, who wrote that they
  // are away, is not left with a clock running while the TD decides. Where the event allows no
  // leave (L-10.1) there is nothing to ask.
  let ask: { from: CalendarDate; to: CalendarDate } | undefined;
  let ahead = leave;
  if (
    compareDates(leave.from, t.sentOn) <= 0 &&
    validateRange(leave).ok &&
    allowsLeave(rules.timeControl)
  ) {
    const begun = { from: leave.from, to: earlier(leave.to, t.sentOn) };
    if (!covered(begun)) ask = begun;
    ahead = { from: addDays(t.sentOn, 1), to: leave.to };
    // Nothing ahead, or only days already recorded ("1 to 14 February", sent again): the TD
    // alone can add the days that had begun.
    if (compareDates(leave.to, t.sentOn) <= 0 || covered(ahead)) {
      if (ask) requestLeave(draft, t, ask);
      draft.effects.push({
        kind: 'transmission-rejected',
        to: [t.side],
        problem: { code: 'leave-not-in-advance', ...aside, ...(ask ? { tdAsked: ask } : {}) },
        penaltyDays: 0,
        rules: ['P-8b', 'P-8c'],
      });
      return;
    }
  }
  const about: LeaveAside = ask ? { ...aside, tdAsked: ask } : aside;
  // The player's leave in all their games when the service says (P-8a), else in this one.
  const taken = t.leaveTaken ?? state.leaves.filter((l) => l.side === t.side && !l.granted);
  const check = checkLeaveRequest(
    rules.timeControl,
    { allowancePerYear: rules.leavePerYear, grants: [] },
    taken,
    ahead,
  );
  if (!check.ok) {
    const e = check.error;
    if (ask) requestLeave(draft, t, ask);
    draft.effects.push({
      kind: 'transmission-rejected',
      to: [t.side],
      problem: {
        code: 'leave-refused',
        reason: e.code,
        ...(e.code === 'exceeds-allowance' ? { available: e.availableDays, year: e.year } : {}),
        ...(e.code === 'overlaps-taken-leave'
          ? { overlaps: { from: e.with.from, to: e.with.to } }
          : {}),
        ...about,
      },
      penaltyDays: 0,
      rules: e.code === 'leave-not-allowed' ? ['L-10.1'] : ['P-8a'],
    });
    return;
  }
  draft.events.push({ type: 'leave', on: t.sentOn, side: t.side, from: ahead.from, to: ahead.to });
  // The player is told it is recorded and what is left; the opponent and the TD are told (P-8b).
  draft.effects.push({
    kind: 'leave-announced',
    to: [t.side, other(t.side), 'td'],
    side: t.side,
    from: ahead.from,
    until: ahead.to,
    left: check.value.map((y) => ({ year: y.year, days: y.availableDays })),
    ...(ask ? { tdAsked: ask } : {}),
    rules: ['P-8a', 'P-8b'],
  });
  if (ask) requestLeave(draft, t, ask, ahead);
}

/** The earlier of two days. */
const earlier = (a: CalendarDate, b: CalendarDate): CalendarDate =>
  compareDates(a, b) <= 0 ? a : b;

/**
 * The TD asked to grant the days of a leave that had begun by the day of the mail (P-8b, P-8c),
 * with what was recorded of the rest.
 */
function requestLeave(
  draft: Draft,
  t: Transmission,
  days: { from: CalendarDate; to: CalendarDate },
  recorded?: { from: CalendarDate; to: CalendarDate },
): void {
  draft.effects.push({
    kind: 'leave-requested',
    to: ['td'],
    side: t.side,
    from: days.from,
    until: days.to,
    asked: t.leave!,
    sentOn: t.sentOn,
    ...(recorded ? { recorded } : {}),
    rules: ['P-8b', 'P-8c'],
  });
}

/** Read a proposed continuation after the own move: expected reply, answer, … (P-4f). */
function readLine(
  after: Chess,
  tokens: readonly MovetextToken[],
  reading: Reading,
): { line: string[] } | { error: MoveError } {
  const pos = after.clone();
  const line: string[] = [];
  for (const tok of tokens) {
    const numbering = checkNumbering(pos, tok);
    if (numbering) return { error: numbering };
    const r = readMove(pos, tok.text, reading);
    if (!r.ok) return { error: atMove(r.error, pos) };
    line.push(makeUci(r.value));
    pos.play(r.value);
  }
  // A line that ends on an expected reply has no answer for it: drop that reply.
  if (line.length % 2 === 1) line.pop();
  return { line };
}

/**
 * The moves after the own move that accept the opponent's conditional line and then go on, as
 * ICCF players write it: "1...e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6" to a line "if 2.Nf3 then 2...Nc6,
 * if 3.Bb5 then 3...a6, if 4.Ba4 then 4...Nf6" (P-4f: the line is valid up to the move that
 * differs; P-4g: its accepted moves are repeated). From `tokens` (the own move and what
 * follows it): every answer of the opponent's is the line's, every move of the sender's but the
 * last is the one the line expects, and the last is the sender's own move — the line's next, or
 * a deviation that ends it. Returns the sender's moves after the first, each to be played after
 * the line's answer before it (`further`); a last move that does not read, with why (`error`);
 * or undefined when the moves are no such thing (no line, or one they do not follow).
 */
function acceptedLine(
  state: GameState,
  tokens: readonly MovetextToken[],
  reading: Reading,
): { further: { move: NormalMove; token: MovetextToken }[] } | { error: MoveError } | undefined {
  const line = state.lines[other(state.pos.turn)];
  if (!line || tokens.length < 2) return undefined;
  const pos = state.pos.clone();
  let rest = [...line];
  const further: { move: NormalMove; token: MovetextToken }[] = [];
  for (const [k, tok] of tokens.entries()) {
    const lastToken = k === tokens.length - 1;
    const numbering = checkNumbering(pos, tok);
    if (k % 2 === 1) {
      // The opponent's answer, as their line has it.
      const answer = rest[0] === undefined ? undefined : parseUci(rest[0]);
      if (numbering || !answer || readsAs(pos, tok.text, reading, answer as NormalMove) !== true)
        return undefined;
      pos.play(answer);
      rest = rest.slice(1);
      continue;
    }
    if (numbering) return lastToken && k > 0 ? { error: numbering } : undefined;
    const r = readMove(pos, tok.text, reading);
    if (!r.ok) return lastToken && k > 0 ? { error: atMove(r.error, pos) } : undefined;
    const uci = makeUci(r.value);
    // Before the last, the sender plays what the line expects, and the line answers it.
    if (!lastToken && (rest[0] !== uci || rest.length < 2)) return undefined;
    if (k > 0) further.push({ move: r.value, token: tok });
    pos.play(r.value);
    rest = rest[0] === uci ? rest.slice(1) : [];
  }
  return { further };
}

/**
 * A transmission that writes more of the game than the repetition — the whole score from move
 * 1, as many players (and the programs they keep their games in) write it, or the last few
 * moves — repeats the opponent's last move with the rest (P-2e). The moves before the plies to
 * repeat must be the game's own, numbered as the game has them: they are checked against the
 * record and set aside, and what follows is read as any transmission (repetition, own move). A
 * score that differs from the game before the repetition is returned (`differs`), naming the
 * first move that differs, with no penalty: it is no wrong repetition (P-6g), but a player who keeps
 * another record of the game must know before they play on. `undefined` when the moves are no
 * such score: the first is not numbered as a move before the repetition.
 */
function setAsideScore(
  state: GameState,
  tokens: readonly MovetextToken[],
  reading: Reading,
  firstRepeat: number,
):
  | { tokens: MovetextToken[] }
  | { differs: { expected: string; written: string; ply: number } }
  | undefined {
  const start = tokens[0] && plyNamed(state, tokens[0]);
  if (start === undefined) return undefined;
  const count = firstRepeat - start;
  if (start < 0 || count <= 0 || tokens.length <= count) return undefined;
  const unlike = firstUnlike(state, tokens.slice(0, count), start, reading);
  if (!unlike) return { tokens: tokens.slice(count) };
  const { pos, tok, played, ply } = unlike;
  const number = moveNumber(pos.fullmoves, pos.turn);
  const expected = `${number}${writeMove(pos, played, replyNotation(reading))}`;
  return { differs: { expected, written: tok.text, ply } };
}

/**
 * The first of `tokens`, written as the game's plies from `start` on, that is not the game's
 * move there (its number or its move), with the position before it; undefined when all are.
 */
function firstUnlike(
  state: GameState,
  tokens: readonly MovetextToken[],
  start: number,
  reading: Reading,
): { tok: MovetextToken; played: NormalMove; pos: Chess; ply: number } | undefined {
  const pos = positionsBefore(state, [start]).get(start)!;
  for (const [k, tok] of tokens.entries()) {
    const played = state.plies[start + k]!.move;
    if (checkNumbering(pos, tok) || readsAs(pos, tok.text, reading, played) !== true)
      return { tok, played, pos, ply: start + k };
    pos.play(played);
  }
  return undefined;
}

/**
 * The ply of the sender's last move when `t` is the transmission that made it, sent again: read
 * against the game as it was before that move, `t` would play exactly that move.
 */
function sameAsLastTransmission(
  state: GameState,
  t: Transmission,
  rules: EventRules,
): number | undefined {
  const at = state.events.findLastIndex((e) => e.type === 'move' && e.side === t.side);
  const last = state.events[at];
  if (last?.type !== 'move') return undefined;
  const before = foldGame(state.events.slice(0, at));
  if (before.pos.turn !== t.side || before.result) return undefined;
  const again = decideTransmission(before, { ...t, sentOn: last.sentOn }, last.sentOn, rules);
  if (again.effects.some((e) => e.kind === 'transmission-rejected')) return undefined;
  const move = again.events.find((e) => e.type === 'move' && e.side === t.side);
  if (move?.type !== 'move' || move.uci !== last.uci) return undefined;
  return state.plies.findLastIndex((p) => p.side === t.side);
}

/**
 * Whether a transmission would do something now — play a move, or end the game (a draw
 * accepted, a resignation): a reading worth keeping.
 */
export const playsNewMove = (
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  rules: EventRules,
): boolean =>
  decideTransmission(state, t, now, rules).effects.some(
    (e) => e.kind === 'move-accepted' || e.kind === 'game-ended',
  );

/**
 * Whether a transmission names a move past the game's record ("5...a6" when 5.Nc3 is the last
 * move played): words no subject of ours holds, since ours name only moves played (P-4d).
 */
export function namesUnplayedMove(state: GameState, t: Transmission): boolean {
  let ply: number | undefined;
  for (const tok of t.moves) {
    ply = tok.number !== undefined ? plyNamed(state, tok) : ply === undefined ? undefined : ply + 1;
    if (ply !== undefined && ply >= state.plies.length) return true;
  }
  return false;
}

/**
 * An earlier transmission of the sender's, sent again after the opponent has answered it (a
 * worried resend, a mail client sending an old mail once more): every move the game's own, the
 * last the sender's, with the opponent's answer after it. It stands as it was (P-4a) — not a
 * wrong repetition of the opponent's newer move, and no penalty. Its ply, or undefined.
 */
function olderTransmission(
  state: GameState,
  t: Transmission,
  runs: readonly MovetextToken[][],
): number | undefined {
  if (state.result || !t.moves.length || t.resign || t.claim || t.acceptDraw) return undefined;
  if (!runs.every((run) => recallsRecord(state, run, t.reading))) return undefined;
  const last = runs.at(-1)!;
  const ply = plyNamed(state, last[0]!)! + last.length - 1;
  const own = state.plies[ply];
  // The last ply is the sender's last transmission: the rulebook below decides that one.
  return own?.side === t.side && ply < state.plies.length - 1 ? ply : undefined;
}

/** The ply a numbered token names, counted from the game's first move (0). */
function plyNamed(state: GameState, tok: MovetextToken): number | undefined {
  if (tok.number === undefined) return undefined;
  const { initial } = state;
  return (
    (tok.number - initial.fullmoves) * 2 +
    (tok.side === 'black' ? 1 : 0) -
    (initial.turn === 'black' ? 1 : 0)
  );
}

/**
 * The runs of a transmission's moves: a new run starts where the numbering goes back, as when
 * a player writes the move and pastes the game so far under it ("2.Nf3 Nc6 … Game: 1.e4 e5
 * 2.Nf3 Nc6"), or the game first and the move after it.
 */
function runsOf(state: GameState, tokens: readonly MovetextToken[]): MovetextToken[][] {
  const runs: MovetextToken[][] = [[]];
  let last: number | undefined;
  for (const tok of tokens) {
    const ply = plyNamed(state, tok);
    if (ply !== undefined && last !== undefined && ply <= last) runs.push([]);
    runs.at(-1)!.push(tok);
    last = ply ?? (last === undefined ? undefined : last + 1);
  }
  return runs;
}

/** A run that only recalls the game as recorded: every move the game's own, none new. */
function recallsRecord(state: GameState, run: readonly MovetextToken[], reading: Reading): boolean {
  const start = plyNamed(state, run[0]!);
  if (start === undefined || start < 0 || start + run.length > state.plies.length) return false;
  return !firstUnlike(state, run, start, reading);
}

/**
 * A transmission, read as the rulebook reads it (below). When its moves fall into several runs
 * (the numbering goes back: the move, then the game so far pasted under it), a run that only
 * recalls the game as recorded is left aside, and the one run left is played if it is accepted
 * (several left, only when each alone plays the same move). When every run recalls the game,
 * the last is read (a resend, or no move). Otherwise the mail is read as written, so a slip in
 * numbering ("2.Nf3 1...Nc6") is named as one.
 */
export function decideTransmission(
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const stands = state.result || inAdjudication(state, t.sentOn, rules) ? [] : sentSlips(state, t);
  if (stands.length) return slipStands(state, t, now, rules, stands);
  const runs = runsOf(state, t.moves);
  // In adjudication (P-10) the rulebook below answers every transmission.
  const older = inAdjudication(state, t.sentOn, rules)
    ? undefined
    : olderTransmission(state, t, runs);
  if (older !== undefined) {
    // What else the mail says (leave, a note, a declined offer) is read as usual.
    const others =
      t.leave || t.leaveUnread || t.note || t.declineDraw
        ? decideRun(state, { ...t, moves: [] }, now, rules)
        : { events: [], effects: [] };
    return {
      events: others.events,
      effects: [
        ...others.effects,
        { kind: 'transmission-repeated', to: [t.side], ply: older, rules: ['P-4a'] },
      ],
    };
  }
  if (runs.length > 1) {
    const left = runs.filter((run) => !recallsRecord(state, run, t.reading));
    if (!left.length) return decideRun(state, { ...t, moves: runs.at(-1)! }, now, rules);
    const decided = left.map((moves) => decideRun(state, { ...t, moves }, now, rules));
    const moveOf = (d: Decision) => {
      if (d.effects.some((e) => e.kind === 'transmission-rejected')) return undefined;
      const e = d.events.find((x) => x.type === 'move');
      return e?.type === 'move' ? `${e.uci}${e.drawOffer ? '(=)' : ''}` : undefined;
    };
    const played = moveOf(decided[0]!);
    if (played !== undefined && decided.every((d) => moveOf(d) === played)) return decided[0]!;
  }
  return decideRun(state, t, now, rules);
}

/**
 * The moves a mail meant instead of a move the sender had already sent ("Przepraszam, miało być
 * 2.g3 a nie 2.Sc3", mailed after 2.Sc3): each named slip that is the sender's move in the
 * record — by its number, or with none the sender's last move — with the correction meant.
 */
function sentSlips(state: GameState, t: Transmission): { ply: number; meant: MovetextToken }[] {
  const out: { ply: number; meant: MovetextToken }[] = [];
  for (const { slip, meant } of t.slipsNamed ?? []) {
    const ply =
      slip.number === undefined
        ? state.plies.findLastIndex((p) => p.side === t.side)
        : plyNamed(state, slip);
    const sent = ply === undefined ? undefined : state.plies[ply];
    if (ply === undefined || ply < 0 || sent?.side !== t.side) continue;
    const before = positionsBefore(state, [ply]).get(ply)!;
    if (readsAs(before, slip.text, t.reading, sent.move) !== true) continue;
    // "2.Sc3, not 2.Sc3" corrects nothing.
    if (readsAs(before, meant.text, t.reading, sent.move) === true) continue;
    out.push({ ply, meant });
  }
  return out;
}

/**
 * A mail that corrects a move the sender had already sent: a legal move, once sent, stands and
 * cannot be withdrawn (P-4a, L-4.2), so the correction is no move sent — neither a move out of
 * turn nor, once the opponent has answered, a transmission without the repetition (P-4d): no
 * penalty (P-6g). The sender is told that the move stands. The rest of the mail (a move of its
 * own, a note, leave) is read as usual, the answer to it saying the same.
 */
function slipStands(
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  rules: EventRules,
  stands: readonly { ply: number; meant: MovetextToken }[],
): Decision {
  const { ply, meant } = stands[0]!;
  const written = tokenText({ ...meant, text: meant.text.replace(/[?!]+$/u, '') });
  const problem: Problem = { code: 'slip-stands', ply, meant: written };
  const corrections = new Set(stands.map((s) => s.meant));
  const moves = t.moves.filter((m) => !corrections.has(m));
  const rest: Transmission = { ...t, moves };
  delete rest.slipsNamed;
  if (moves.length) {
    const decided = decideTransmission(state, rest, now, rules);
    const accepted = decided.effects.find((e) => e.kind === 'move-accepted');
    if (accepted?.kind === 'move-accepted') {
      accepted.warnings.unshift(problem);
      return decided;
    }
  }
  // What else the mail says (leave, a note, a declined offer) is read as usual.
  const others =
    t.leave || t.leaveUnread || t.note || t.declineDraw
      ? decideRun(state, { ...rest, moves: [] }, now, rules)
      : { events: [], effects: [] };
  return {
    events: others.events,
    effects: [
      ...others.effects,
      {
        kind: 'transmission-rejected',
        to: [t.side],
        problem,
        penaltyDays: 0,
        rules: ['P-4a', 'L-4.2'],
      },
    ],
  };
}

/** The mail's note passed on to the opponent, as written. */
function relayNote(draft: Draft, t: Transmission): void {
  if (t.note)
    draft.effects.push({
      kind: 'note-relayed',
      to: [other(t.side)],
      from: t.side,
      note: t.note,
      rules: [],
    });
}

/**
 * The players settling the game themselves: a resignation (L-5.1.2), or the acceptance of the
 * opponent's standing draw offer (L-5.2.3; with none standing, refused). Undefined when the
 * mail does neither.
 */
function settledByPlayers(
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  draft: Draft,
): Decision | undefined {
  if (!t.resign && !t.acceptDraw) return undefined;
  const opponent = other(t.side);
  if (!t.resign && state.drawOffer?.by !== opponent) {
    // Nothing was agreed: the mail's move, if any, is answered as usual, the answer saying so.
    if (t.moves.length) return undefined;
    return reject(draft, t, noDrawOffer(state, t), ['L-5.2.3', 'L-9.1.2.1']);
  }
  const end = t.resign
    ? endGame(now, winFor(opponent), 'resignation', 'L-5.1.2')
    : endGame(now, '1/2-1/2', 'draw-agreed', 'L-5.2.3');
  // The words that came with it go with the result, in one mail (not as a note of their own).
  const note = draft.effects.find((e) => e.kind === 'note-relayed' && e.from === t.side);
  const words = note?.kind === 'note-relayed' ? { from: note.from, note: note.note } : undefined;
  return {
    events: [...draft.events, ...end.events],
    effects: [
      ...draft.effects.filter((e) => e !== note),
      ...end.effects.map((e) => (words && e.kind === 'game-ended' ? { ...e, words } : e)),
    ],
  };
}

/**
 * A draw accepted while no draw offer of the opponent stands (L-5.2.3, L-9.1.2.1): nothing was
 * agreed, and the words that came with the acceptance are not passed on; the sender is told so,
 * and how a draw is offered (with a move), or that their own offer stands.
 */
function noDrawOffer(state: GameState, t: Transmission): Problem {
  const declinedBy = state.drawOffer ? undefined : declinedByOwnMove(state, t.side);
  return {
    code: 'no-draw-offer',
    ...(t.withAcceptance ? { words: quoted(t.withAcceptance.replace(/\n/g, ' / ')) } : {}),
    ...(state.drawOffer?.by === t.side ? { ownOffer: true as const } : {}),
    ...(t.moves.length ? { withMove: true as const } : {}),
    ...(declinedBy !== undefined ? { declinedBy } : {}),
  };
}

/**
 * The ply of the sender's own move that declined the opponent's last draw offer (L-9.1.2.1):
 * the first move of theirs, not played from a conditional line, after the offer; undefined when
 * the opponent never offered, or offered again since ("on second thought I accept the draw",
 * after "4.Nxd4" declined it, is answered with that move).
 */
function declinedByOwnMove(state: GameState, sender: Side): number | undefined {
  const offer = state.plies.findLastIndex((p) => p.drawOffer);
  if (offer < 0 || state.plies[offer]!.side === sender) return undefined;
  const ply = state.plies.findIndex((p, i) => i > offer && p.side === sender && !p.conditional);
  return ply < 0 ? undefined : ply;
}

/** Words quoted back to the player, not too long. */
const quoted = (words: string): string =>
  words.length > 300 ? `${words.slice(0, 299).trimEnd()}…` : words;

/**
 * The words that came with an acceptance of a draw are its note when it ends the game: the
 * opponent's offer stands (L-5.2.3). With none standing nothing was agreed, and they are not
 * passed on as if it had been (`noDrawOffer`).
 */
function withAcceptanceWords(state: GameState, t: Transmission): Transmission {
  if (!t.withAcceptance || !t.acceptDraw || t.resign) return t;
  if (state.result || state.drawOffer?.by !== other(t.side)) return t;
  return { ...t, note: t.note ? `${t.note}\n${t.withAcceptance}` : t.withAcceptance };
}

/** The opponent's standing draw offer declined in words (L-9.1.2.1): they are told. */
function declineOffer(draft: Draft, sender: Side, now: CalendarDate): void {
  draft.events.push({ type: 'draw-declined', on: now, side: sender });
  draft.effects.push({
    kind: 'draw-declined',
    to: [other(sender)],
    by: sender,
    rules: ['L-9.1.2.1'],
  });
}

/**
 * A transmission sent after the event's end date, in a game in adjudication (P-10): play has
 * stopped, so no move is played (nor a claim, leave or a draw offer, which go with play), no
 * penalty is given and no date is recorded. What the player sends now is what P-10 asks of them:
 * their claim and analysis, for the TD — so the mail is recorded as their analysis (`analysis`)
 * and goes to the TD whole (the shell forwards it), and the sender is told so, and by when
 * analyses had to arrive; one that came later goes all the same, the TD weighs it. A move in it
 * is not played, and the player is told that too. What the players may still say about the
 * result is read as usual: a resignation
 * (L-5.1.2) and the acceptance of a draw offer that stood at the end (L-5.2.3) end the game —
 * the players settle it themselves, which the adjudication would only confirm — and declining
 * that offer ends it (L-9.1.2.1). A note still reaches the opponent, and the sender's last
 * transmission sent again still stands as it was (P-4a).
 */
function duringAdjudication(
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  rules: EventRules,
  adjudication: Adjudication,
  draft: Draft,
): Decision {
  const sender = t.side;
  const opponent = other(sender);
  relayNote(draft, t);
  const ended = settledByPlayers(state, t, now, draft);
  if (ended) return ended;
  if (t.moves.length > 0 && sender !== state.pos.turn) {
    const ply = sameAsLastTransmission(state, t, rules);
    if (ply !== undefined) {
      draft.effects.push({ kind: 'transmission-repeated', to: [sender], ply, rules: ['P-4a'] });
      return draft;
    }
  }
  if (t.declineDraw && state.drawOffer?.by === opponent) declineOffer(draft, sender, now);
  const playing =
    t.moves.length > 0 ||
    t.claim !== undefined ||
    t.leave !== undefined ||
    t.leaveUnread !== undefined ||
    t.drawOffer === true ||
    (t.thoughts?.length ?? 0) > 0;
  // Only words for the opponent, or a declined offer: said, and nothing more to answer.
  if (!playing && !t.unread?.length && (t.note || t.declineDraw)) return draft;
  // Anything else is what P-10 asks of the players now: their claim and analysis, for the TD.
  draft.events.push({ type: 'analysis', on: now, side: sender });
  draft.effects.push({
    kind: 'analysis-received',
    to: [sender],
    side: sender,
    on: now,
    ...adjudication,
    notPlayed: playing,
    rules: ['P-10'],
  });
  return draft;
}

/** Whether a time claim against `side` waits for its ruling (P-7c), protested or not. */
export const claimsAwaiting = (state: GameState, side: Side): boolean =>
  state.claims.some((c) => c.kind === 'time' && c.side === side && !c.ruling);

/** The days after the last day for an appeal that a mail appealing in play is still read so. */
const APPEAL_LATE_DAYS = 30;

/**
 * The decision of the TD a mail appeals in words (P-11, P-13c), if it does: the one it names, or
 * the one open to the sender's appeal, of several the latest (appeal.ts, `appealTarget`). A
 * result the TD set is appealed in words at any time, in those of a protest
 * too ("Protest: the expert missed 41...Rxf2"); one after the 14 days is still the TD's to weigh.
 * Any other decision (a penalty, a ruling on a claim, a clock set, leave granted) only in the
 * words of an appeal — in a game in play a protest is of a time claim (P-7c) or a dispute
 * (P-5d) — never while a time claim against the sender waits for its ruling (that mail is about
 * the claim: a protest in its window, P-7c, and for the TD either way), never in adjudication (what a player sends then is their analysis, P-10), and up to
 * 30 days after the sender's last day: a mail that names an appeal months after the TD last
 * decided anything is about something else, and goes to the TD only with a `TD:` line.
 */
export function appealedIn(
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  rules: EventRules,
): AppealRoute | undefined {
  if (!t.appeal) return undefined;
  const route = appealTarget(state, t.side, now, rules, t.appealNames);
  if (!route) return undefined;
  if (state.result && topicsOf(route.decision).includes('result')) return route;
  if (t.appeal !== 'appeal') return undefined;
  if (!state.result && inAdjudication(state, t.sentOn, rules)) return undefined;
  if (!state.result && claimsAwaiting(state, t.side)) return undefined;
  if (compareDates(now, addDays(route.by[t.side], APPEAL_LATE_DAYS)) > 0) return undefined;
  return route;
}

/**
 * The appeal a mail after a game that the TD decided, or in which the TD decided something, is,
 * if it is the player's appeal: it says so plainly (`appealedIn`), or, within the 14 days of an adjudication
 * (P-10) that went against the sender (a loss, or a draw), it holds moves, which can then only
 * be analysis for the TD (not the sender's last transmission sent again, P-4a). Moves after
 * another TD result (P-13) are a move that crossed the ruling in the post, or the winner's
 * post-mortem: no appeal. Anything else is not: a thank-you or a note for the opponent ("Note:
 * thanks for the game") is told or relayed as after any game, and an appeal the words refuse
 * ("no appeal from me") is none.
 */
function appealAfterGame(
  state: GameState,
  t: Transmission,
  now: CalendarDate,
  rules: EventRules,
): AppealRoute | undefined {
  const said = appealedIn(state, t, now, rules);
  if (said) return said;
  if (t.resign || t.acceptDraw || t.declineDraw) return undefined;
  const route = appealTarget(state, t.side, now, rules);
  const result = state.result;
  const won = result?.result === (t.side === 'white' ? '1-0' : '0-1');
  return route &&
    result?.kind === 'ruling' &&
    result.rule === 'P-10' &&
    route.decision.ruling === 'set-result' &&
    !won &&
    t.moves.length > 0 &&
    compareDates(now, route.by[t.side]) <= 0 &&
    sameAsLastTransmission(state, t, rules) === undefined
    ? route
    : undefined;
}

/**
 * P-11, P-13c: the mail goes to the TD, whole, as the player's appeal of `route`'s decision (the
 * shell forwards it), recorded with the decision it appeals; the player is told so, and by when
 * appeals had to arrive. One after the sender's last day goes too, said late: the TD decides
 * whether it counts.
 */
function appealDecision(t: Transmission, now: CalendarDate, route: AppealRoute): Decision {
  // Decided already, finally (P-11: "no further appeals from the player are considered";
  // P-13c): the player is told so; nothing is recorded, and the TD has nothing to decide.
  const decided = route.decided;
  if (decided)
    return {
      events: [],
      effects: [
        {
          kind: 'appeal-final',
          to: [t.side],
          side: t.side,
          on: now,
          appeal: { ...route, decided },
          rules: [decided.rule],
        },
      ],
    };
  const late = compareDates(now, route.by[t.side]) > 0;
  return {
    events: [
      {
        type: 'appeal',
        on: now,
        side: t.side,
        ...(late ? { late } : {}),
        against: route.decision,
      },
    ],
    effects: [
      {
        kind: 'appeal-received',
        to: [t.side],
        side: t.side,
        on: now,
        appeal: route,
        rules: [route.rule === 'P-10' ? 'P-11' : 'P-13'],
      },
    ],
  };
}

/** Whether a transmission holds anything of play: a move, a claim, leave, a draw offer or answer. */
const playsIn = (t: Transmission): boolean =>
  t.moves.length > 0 ||
  t.claim !== undefined ||
  t.leave !== undefined ||
  t.leaveUnread !== undefined ||
  t.drawOffer === true ||
  t.resign === true ||
  t.acceptDraw === true ||
  t.declineDraw === true;

/** The refusals of a mail's move: it was read, and not played. */
const MOVE_REFUSED: readonly Problem['code'][] = [
  'move',
  'repetition-missing',
  'repetition-wrong',
  'line-deviation',
  'score-differs',
  'blank',
  'extra-moves',
  'not-your-turn',
  'claim-needs-move',
];

/**
 * A transmission decided (`decideMove`), and a draw accepted in it with no offer of the
 * opponent standing told with a refusal of its move too: nothing was agreed and its words were
 * not passed on (L-5.2.3, L-9.1.2.1), as the answer of a move played says. Else the sender of
 * "2.Nf3 Nc6. I accept the draw." out of turn, or with a wrong repetition, would hear only of
 * the move and might take the game for drawn.
 */
function decideRun(
  state: GameState,
  sent: Transmission,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const decided = withKeptBack(decideMove(state, sent, now, rules), sent);
  const agreed = sent.resign || !sent.acceptDraw || state.drawOffer?.by === other(sent.side);
  if (agreed || state.result || !sent.moves.length) return decided;
  const notice = noDrawOffer(state, { ...sent, moves: [] });
  return {
    ...decided,
    effects: decided.effects.map((e) =>
      e.kind === 'transmission-rejected' && MOVE_REFUSED.includes(e.problem.code)
        ? { ...e, also: [...(e.also ?? []), notice] }
        : e,
    ),
  };
}

/**
 * A refused move says what of the mail did not reach the opponent, which the player sends again
 * with the move: the words amici did not read (as an accepted move's answer quotes them), and
 * what the move's relay would have carried — the draw offer made with it (L-9.1.2.1) and the
 * conditional line (P-4f). A note was passed on all the same.
 */
function withKeptBack(decided: Decision, t: Transmission): Decision {
  const refused = decided.effects.find(
    (e) => e.kind === 'transmission-rejected' && MOVE_REFUSED.includes(e.problem.code),
  );
  if (refused?.kind !== 'transmission-rejected') return decided;
  const offered =
    (t.drawOffer || (t.moves.length > 1 && t.moves.at(-1)?.drawOffer === true)) &&
    !(refused.problem.code === 'blank' && refused.problem.drawOffer);
  const kept: Problem[] = [];
  if (offered || t.conditional?.length)
    kept.push({
      code: 'kept-back',
      ...(offered ? { drawOffer: true as const } : {}),
      ...(t.conditional?.length ? { conditional: t.conditional.map(tokenText).join(' ') } : {}),
    });
  // A move only asked about is answered as such: its question is no words besides.
  const asked = refused.problem.code === 'blank' && refused.problem.thoughts !== undefined;
  if (t.unread?.length && !asked)
    kept.push({ code: 'not-relayed', words: quoted(t.unread.join(' / ')) });
  if (!kept.length) return decided;
  return {
    ...decided,
    effects: decided.effects.map((e) =>
      e === refused ? { ...refused, also: [...(refused.also ?? []), ...kept] } : e,
    ),
  };
}

function decideMove(
  state: GameState,
  sent: Transmission,
  now: CalendarDate,
  rules: EventRules,
): Decision {
  const t = withAcceptanceWords(state, sent);
  const draft: Draft = { events: [], effects: [] };
  const sender = t.side;
  const opponent = other(sender);
  if (state.result) {
    const appealed = appealAfterGame(state, t, now, rules);
    if (appealed) {
      relayNote(draft, t);
      return combine(draft, appealDecision(t, now, appealed));
    }
    // Words after the game ("Note: thanks for the game") still reach the opponent.
    const noteOnly =
      t.note &&
      !t.moves.length &&
      !t.resign &&
      !t.drawOffer &&
      !t.acceptDraw &&
      !t.declineDraw &&
      !t.claim &&
      !t.leave &&
      !t.leaveUnread;
    if (noteOnly) {
      relayNote(draft, t);
      return draft;
    }
    return reject(draft, t, { code: 'game-over', result: state.result.result }, [
      state.result.rule,
    ]);
  }
  // P-13c: a mail that appeals a decision the TD took in the game goes to the TD as the player's
  // appeal; a move in it is played as ever, and no word of it is a blank transmission (P-4d).
  const appealed = appealedIn(state, t, now, rules);
  if (appealed) {
    const appeal = appealDecision(t, now, appealed);
    if (!playsIn(t)) {
      relayNote(draft, t);
      return combine(draft, appeal);
    }
    // The mail's words went to the TD whole: none is said to have been passed on to no one —
    // unless the appeal was final, and nothing went.
    const { appeal: _appeal, unread: _unread, ...played } = t;
    const run = appealed.decided
      ? { ...played, ...(t.unread ? { unread: t.unread } : {}) }
      : played;
    return combine(decideRun(state, run, now, rules), appeal);
  }
  const adjudication = inAdjudication(state, t.sentOn, rules);
  if (adjudication) return duringAdjudication(state, t, now, rules, adjudication, draft);
  if (t.leave) decideLeave(state, t, rules, draft);
  // Leave whose dates could not be read: not recorded, and not a blank transmission either —
  // the player is asked for the two dates (P-8b).
  else if (t.leaveUnread)
    draft.effects.push({
      kind: 'transmission-rejected',
      to: [sender],
      problem: {
        code: 'leave-unread',
        words: t.leaveUnread,
        ...(t.moves.length ? { withMove: true as const } : {}),
      },
      penaltyDays: 0,
      rules: ['P-8b'],
    });
  relayNote(draft, t);
  const ended = settledByPlayers(state, t, now, draft);
  if (ended) return ended;
  const declines = state.drawOffer?.by === opponent;
  const toMove = state.pos.turn;
  if (sender !== toMove || (t.moves.length === 0 && !t.claim)) {
    if (t.moves.length > 0) {
      // The same transmission again (no answer seen yet, so sent once more): not a move out of
      // turn but the one already played, which stands (P-4a). The sender is told so.
      const ply = sameAsLastTransmission(state, t, rules);
      if (ply === undefined) return reject(draft, t, { code: 'not-your-turn' }, ['P-4a']);
      draft.effects.push({ kind: 'transmission-repeated', to: [sender], ply, rules: ['P-4a'] });
      return draft;
    }
    if (t.declineDraw && declines) {
      declineOffer(draft, sender, now);
      return draft;
    }
    if (t.leave || t.leaveUnread || t.note || t.declineDraw || sender !== toMove) return draft;
    if (t.thoughts?.length) return undecided(draft, t);
    // Draw words with no move while the opponent's offer stands ("Should I accept the draw?",
    // "Remis?") are about that offer, not a new one: asked how to answer it, no penalty.
    if (t.drawOffer && declines)
      return reject(draft, t, { code: 'offer-standing' }, ['L-5.2.3', 'L-9.1.2.1']);
    // A draw offer alone is no move: it goes with one (L-9.1.2.1), and the reply says so.
    const blank: Problem = t.drawOffer ? { code: 'blank', drawOffer: true } : { code: 'blank' };
    const ids = t.drawOffer ? ['P-4d', 'L-9.1.2.1'] : ['P-4d'];
    return reject(draft, t, blank, ids, rules.penaltyDays);
  }

  // The repetition (P-2e, P-4b, P-4g) — all plies since the sender's own last move.
  const repeat = pliesToRepeat(state, sender);
  const before = positionsBefore(state, repeat);
  const expected = repeat.map((i) => {
    const pos = before.get(i)!;
    const text = writeMove(pos, state.plies[i]!.move, replyNotation(t.reading));
    return `${moveNumber(pos.fullmoves, pos.turn)}${text}`;
  });
  // More of the score than the repetition: the moves before it are the game's, set aside.
  const score = setAsideScore(state, t.moves, t.reading, repeat[0] ?? 0);
  if (score && 'differs' in score) {
    const { ply, ...where } = score.differs;
    const differing = state.plies[ply]!;
    // The sender's own move played from their line since they last wrote, written otherwise:
    // a deviation from the accepted line (P-4h), an impossible move (P-6g).
    if (differing.side === sender && differing.conditional && ply > lastWritten(state, sender))
      return reject(
        draft,
        t,
        { code: 'line-deviation', ...where },
        ['P-4h', 'P-4g'],
        rules.penaltyDays,
      );
    return reject(draft, t, { code: 'score-differs', ...where }, ['P-2e', 'P-4b']);
  }
  const tokens = score ? score.tokens : t.moves;
  const first = tokens[0];
  const namesOwnMove =
    first?.number !== undefined &&
    first.number === state.pos.fullmoves &&
    (first.side ?? 'white') === state.pos.turn;
  if (repeat.length > 0 && (tokens.length < repeat.length || namesOwnMove)) {
    return reject(
      draft,
      t,
      { code: 'repetition-missing', expected },
      ['P-2e', 'P-4d'],
      rules.penaltyDays,
    );
  }
  for (const [k, plyIndex] of repeat.entries()) {
    const ply = state.plies[plyIndex]!;
    const tok = tokens[k]!;
    const verdict = readsAs(before.get(plyIndex)!, tok.text, t.reading, ply.move);
    if (verdict === true) continue;
    if (repeat.length === 1 && tokens.length === 1 && readMove(state.pos, tok.text, t.reading).ok) {
      // One move, legal now: the player forgot the repetition (P-4d).
      return reject(
        draft,
        t,
        { code: 'repetition-missing', expected },
        ['P-2e', 'P-4d'],
        rules.penaltyDays,
      );
    }
    return reject(
      draft,
      t,
      {
        code: 'repetition-wrong',
        expected,
        written: tok.text,
        ...(verdict === false ? {} : { error: verdict }),
      },
      ['P-2e', 'P-4b'],
      rules.penaltyDays,
    );
  }

  // The own move.
  const ownToken = tokens[repeat.length];
  const claim = t.claim;
  if (!ownToken) {
    if (!claim && t.thoughts?.length) return undecided(draft, t);
    if (!claim) return reject(draft, t, { code: 'blank' }, ['P-4d'], rules.penaltyDays);
  }
  // More moves after the own one: the opponent's conditional line accepted up to where the
  // sender goes their own way (P-4f, P-4g), or else moves the mail cannot play.
  let further: { move: NormalMove; token: MovetextToken }[] = [];
  if (ownToken && tokens.length > repeat.length + 1) {
    const accepted = claim
      ? undefined
      : acceptedLine(state, tokens.slice(repeat.length), t.reading);
    if (accepted && 'error' in accepted)
      return reject(draft, t, { code: 'move', error: accepted.error }, ['P-4c'], rules.penaltyDays);
    if (!accepted)
      return reject(
        draft,
        t,
        { code: 'extra-moves', written: tokens.slice(repeat.length + 1).map((x) => x.text) },
        ['P-4f'],
      );
    further = accepted.further;
  }
  let move: NormalMove | undefined;
  if (ownToken) {
    const numbering = checkNumbering(state.pos, ownToken);
    if (numbering)
      return reject(
        draft,
        t,
        { code: 'move', error: numbering },
        ['P-2a', 'P-4c'],
        rules.penaltyDays,
      );
    const r = readMove(state.pos, ownToken.text, t.reading);
    if (!r.ok) {
      return reject(
        draft,
        t,
        { code: 'move', error: atMove(r.error, state.pos) },
        ['P-4c'],
        rules.penaltyDays,
      );
    }
    move = r.value;
  }

  // Claims (L-9.2, L-9.3, L-9.4, L-5.1.3, L-5.2.4) by the player to move.
  // An offer marked on the moves goes with the sender's last move in the mail (L-9.1.2.1).
  let drawOffer = t.drawOffer === true || (further.at(-1)?.token ?? ownToken)?.drawOffer === true;
  if (claim) {
    const pieces = state.pos.board.occupied.size();
    if (claim.kind === 'tablebase') {
      if (pieces > 7) {
        draft.effects.push({
          kind: 'transmission-rejected',
          to: [sender],
          problem: { code: 'tablebase-too-many-pieces', pieces },
          penaltyDays: 0,
          rules: ['L-5.1.3'],
        });
      } else {
        const id = `tablebase:${state.plies.length}:${sender}`;
        draft.events.push({
          type: 'claim',
          on: now,
          id,
          kind: 'tablebase',
          side: sender,
          detail: claim.outcome ?? 'draw',
          detailKey: { code: 'tablebase-claim', params: { outcome: claim.outcome ?? 'draw' } },
        });
        draft.effects.push({
          kind: 'tablebase-claim',
          to: ['td', opponent],
          by: sender,
          outcome: claim.outcome ?? 'draw',
          fen: fenOf(state.pos),
          rules: ['L-5.1.3', 'L-5.2.4'],
        });
      }
    } else {
      const played = playRecord({
        start: state.start,
        moves: state.plies.map((p) => ({ move: p.move })),
      });
      if (played.ok) {
        const verdict =
          claim.kind === 'threefold'
            ? claimThreefold(played.value, move)
            : claimFiftyMoves(played.value, move);
        if (verdict.valid) {
          const end = endGame(
            now,
            '1/2-1/2',
            claim.kind === 'threefold' ? 'threefold-repetition' : 'fifty-moves',
            verdict.rule,
            verdict.detail,
            verdict.detailKey,
          );
          draft.effects.push({
            kind: 'claim-verdict',
            to: [sender],
            valid: true,
            detail: verdict.detail,
            detailKey: verdict.detailKey,
            rules: [verdict.rule],
          });
          return {
            events: [...draft.events, ...end.events],
            effects: [...draft.effects, ...end.effects],
          };
        }
        draft.effects.push({
          kind: 'claim-verdict',
          to: [sender, 'td'],
          valid: false,
          detail: verdict.detail,
          detailKey: verdict.detailKey,
          rules: verdict.toTablebase ? [verdict.rule] : [verdict.rule, 'L-9.4', 'L-9.1.2.2'],
        });
        // A wrong claim counts as a draw offer, and the declared move is played (L-9.4).
        drawOffer = true;
      }
    }
    if (!move) {
      if (claim.kind !== 'tablebase') {
        draft.effects.push({
          kind: 'transmission-rejected',
          to: [sender],
          problem: { code: 'claim-needs-move' },
          penaltyDays: 0,
          rules: ['L-9.4'],
        });
      }
      return draft;
    }
  }
  if (!move) return draft;

  // The move stands (P-4a). Dates (P-2f..j), the offer (L-9.1), the line (P-4f).
  const warnings: Problem[] = [];
  if (t.corrected?.length) warnings.push({ code: 'corrected', slips: t.corrected });
  // Written in another language's piece letters, it was read as the one legal move it makes
  // (P-2b, P-4a): the player is told how their own notation writes it.
  if (ownToken && readInOtherLetters(state.pos, ownToken.text, t.reading))
    warnings.push({ code: 'other-letters', written: ownToken.text, ply: state.plies.length });
  // Words read as nothing were not passed on: said, quoted (not too long), never lost in silence.
  if (t.unread?.length) warnings.push({ code: 'not-relayed', words: quoted(t.unread.join(' / ')) });
  // A draw accepted with no offer standing: the move is played, the draw is not (L-5.2.3).
  if (t.acceptDraw && !t.resign) warnings.push(noDrawOffer(state, t));
  if (drawOffer && state.pos.fullmoves < rules.drawOffersFromMove) {
    warnings.push({ code: 'draw-offer-too-early', fromMove: rules.drawOffersFromMove });
    drawOffer = false;
  }
  // A card entered by the TD gives its delivery; a move by mail reaches the opponent with its
  // relay — on paper, days later, when they play by post (P-2m, P-6e).
  const relayDay = t.relayedOn ?? now;
  const deliveredOn = t.deliveredOn ?? deliveredTo(opponent, relayDay, rules);
  const ownIndex = state.plies.length;
  const corrected = postalDelivery(state, t);
  if (corrected) draft.events.push({ type: 'delivery-corrected', on: now, ...corrected });
  const corrections = dateCorrections(
    corrected ? extendGame(state, [{ type: 'delivery-corrected', on: now, ...corrected }]) : state,
    t,
  );
  // The card's sender has the acknowledgement only by mail, or not at all: the notes go with
  // the next move to them too (P-2i).
  const answered = state.plies.at(-1);
  const cardDates =
    answered?.side === opponent && answered.dateNotes?.length
      ? { cardDates: { ply: state.plies.length - 1, corrections: answered.dateNotes } }
      : {};
  draft.events.push({
    type: 'move',
    on: now,
    side: sender,
    uci: makeUci(move),
    sentOn: t.sentOn,
    deliveredOn,
    ...(drawOffer && !further.length ? { drawOffer: true } : {}),
    ...(t.statedReceivedOn ? { statedReceivedOn: t.statedReceivedOn } : {}),
    ...(t.statedSentOn ? { statedSentOn: t.statedSentOn } : {}),
    ...(t.postal && corrections.length ? { dateNotes: corrections } : {}),
  });
  // The opponent's line accepted (P-4f): each of its answers, played at once at zero reflection
  // (P-6f), and the sender's move after it, sent with this mail.
  let played = extendGame(state, draft.events);
  const shown = [ownIndex];
  for (const [k, { move: own }] of further.entries()) {
    const answer = played.lines[opponent]?.[0];
    if (!answer) break;
    const events: GameEvent[] = [
      {
        type: 'move',
        on: now,
        side: opponent,
        uci: answer,
        sentOn: now,
        deliveredOn,
        conditional: true,
      },
      {
        type: 'move',
        on: now,
        side: sender,
        uci: makeUci(own),
        sentOn: t.sentOn,
        deliveredOn,
        ...(drawOffer && k === further.length - 1 ? { drawOffer: true } : {}),
      },
    ];
    played = extendGame(played, events);
    draft.events.push(...events);
    shown.push(played.plies.length - 2, played.plies.length - 1);
  }
  let shownLine: string[] | undefined;
  let recordedLine: string[] | undefined;
  if (t.conditional?.length && played.pos.turn === opponent) {
    const after = played.pos.clone();
    const line = readLine(after, t.conditional, t.reading);
    if ('error' in line) warnings.push({ code: 'conditional-refused', error: line.error });
    else if (line.line.length) {
      draft.events.push({ type: 'conditional-line', on: now, side: sender, line: line.line });
      recordedLine = line.line;
      if (rules.conditionalVisibility === 'shown') shownLine = line.line;
    }
  }

  // Play on: each side's accepted conditional answers, at once and at zero reflection (P-6f).
  let next = recordedLine ? extendGame(played, draft.events.slice(-1)) : played;
  let guard = 0;
  while (!next.result && !boardEnd(next.pos) && guard++ < 200) {
    const mover = next.pos.turn;
    const answer = next.lines[mover]?.[0];
    const last = next.plies[next.plies.length - 1];
    if (!answer || !last || last.side === mover) break;
    const answerMove = parseUci(answer);
    if (!answerMove || !next.pos.isLegal(answerMove)) break;
    const auto: GameEvent = {
      type: 'move',
      on: now,
      side: mover,
      uci: answer,
      sentOn: now,
      deliveredOn: t.deliveredOn ?? deliveredTo(other(mover), relayDay, rules),
      conditional: true,
    };
    next = extendGame(next, [auto]);
    draft.events.push(auto);
    shown.push(next.plies.length - 1);
  }

  // The opponent is shown what is left of the line once the answers it gave were played (the
  // opponent's own line may have played into it at once).
  if (shownLine) {
    const left = next.pos.turn === opponent ? next.lines[sender] : undefined;
    shownLine = left?.length ? [...left] : undefined;
  }

  // P-3a: the answer to a repeated transmission is copied to the TD.
  const reminded = [...state.dueDone].some((k) => k.startsWith(`reminder:${sender}:${ownIndex}:`));
  const relayTo: Recipient[] = reminded ? [opponent, 'td'] : [opponent];
  draft.effects.push({
    kind: 'move-accepted',
    to: [sender],
    plies: shown,
    ...(recordedLine ? { conditionalLine: recordedLine } : {}),
    corrections,
    warnings,
    rules: ['P-2e', 'P-4a', 'P-2k'],
  });
  // The note travels with the move (not as a second mail).
  draft.effects = draft.effects.filter((e) => e.kind !== 'note-relayed');
  draft.effects.push({
    kind: 'move-relayed',
    to: relayTo,
    plies: shown,
    ...(shownLine ? { conditionalLine: shownLine } : {}),
    drawOffer,
    ...(t.note ? { note: t.note } : {}),
    ...cardDates,
    rules: relayTo.includes('td') ? ['P-2k', 'P-3a'] : ['P-2k'],
  });
  if (declines && !t.acceptDraw) {
    draft.effects.push({ kind: 'draw-declined', to: [opponent], by: sender, rules: ['L-9.1.2.1'] });
  }
  const end = boardEnd(next.pos);
  if (end) {
    const e = endGame(now, end.result, BOARD_END_KIND[end.reason], end.rule);
    draft.events.push(...e.events);
    draft.effects.push(...e.effects);
  }
  return draft;
}
