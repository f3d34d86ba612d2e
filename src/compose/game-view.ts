// What a mail shows of a game, built from its state (issue 4): moves numbered in the
// recipient's notation with the other form beside it (numeric plus SAN in their language,
// P-2a, P-2b, L-8.1 `(=)`), the clock of both players (P-2k), the record of a time claim
// (P-7a), the full game score, the legal moves of a position (P-4c: what may be sent instead)
// and the PGN (P-12, L-8.5).

import type { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import { parseUci } from 'chessops/util';
import type { Language, RecordedMove } from '../chess/index.ts';
import {
  isLanguage,
  makeGamePgn,
  makeNumeric,
  makeSanIn,
  moveNumber,
  writeMove,
} from '../chess/index.ts';
import type {
  CalendarDate,
  ClockRow,
  LiveClock,
  OpenDateRange,
  PenaltySinceLast,
  TimeControl,
} from '../clock/index.ts';
import { addDays, compareDates, isExcludedDay } from '../clock/index.ts';
import type { EventRules, GameState, Side } from '../referee/index.ts';
import { annulledDays, gameClock, pausedDays, stoppedDays } from '../referee/index.ts';
import type { NotationChoice } from './compose-context.ts';
import type { LabelTree } from './labels.ts';
import { label, labelIfAny } from './labels.ts';

export interface MoveView {
  side: Side;
  /** `12.` or `12...` */
  number: string;
  primary: string;
  secondary: string;
  drawOffer: boolean;
  conditional: boolean;
  sentOn: CalendarDate;
  deliveredOn: CalendarDate;
  /** `12... 7866 (Sf6) (=)` */
  text: string;
}

/** The letters of SAN for a language code; English when the code is not a chess language. */
export const sanLanguage = (lang: string): Language => (isLanguage(lang) ? lang : 'en');

/**
 * The position before each ply of a state, and after the last, replayed once, and its moves as
 * written (`moveView`), for the few states composed last. A mail shows several moves of the
 * game, its score every one, and each part (text, HTML) and each recipient asks again:
 * replaying from the start for each move made a long game's score quadratic. A state is never
 * changed once folded (`extendGame` makes a new one). Only a few states are kept (a position is
 * about 0.5 KB, so a long game's are 100 KB): one decision's mails are composed one after another.
 */
interface StateMemo {
  state: GameState;
  positions?: Chess[];
  views: Map<string, MoveView>;
}
const recent: StateMemo[] = [];
const RECENT_STATES = 4;

function memoOf(state: GameState): StateMemo {
  let memo = recent.find((m) => m.state === state);
  if (!memo) {
    memo = { state, views: new Map() };
    recent.unshift(memo);
    if (recent.length > RECENT_STATES) recent.pop();
  }
  return memo;
}

function positions(state: GameState): Chess[] {
  const memo = memoOf(state);
  if (!memo.positions) {
    const pos = state.initial.clone();
    memo.positions = [pos.clone()];
    for (const p of state.plies) {
      pos.play(p.move);
      memo.positions.push(pos.clone());
    }
  }
  return memo.positions;
}

export function positionBefore(state: GameState, ply: number): Chess {
  const known = positions(state);
  return known[Math.max(0, Math.min(ply, known.length - 1))]!.clone();
}

/** A ply with its number, in SAN of `lang`, as a TD reads it ("1.e4", "2.Sf3" in German). */
export function plyText(state: GameState, ply: number, lang: Language = 'en'): string {
  const p = state.plies[ply]!;
  const pos = positions(state)[ply]!;
  return `${moveNumber(p.number, p.side)}${writeMove(pos, p.move, { kind: 'san', lang })}`;
}

function writeBoth(
  pos: Chess,
  move: NormalMove,
  notation: NotationChoice,
  lang: Language,
): [string, string] {
  const numeric = makeNumeric(pos, move);
  const san = makeSanIn(pos, move, lang);
  return notation === 'numeric' ? [numeric, san] : [san, numeric];
}

/** A ply of the game as a mail shows it (kept for the states composed last, see `memoOf`). */
export function moveView(
  state: GameState,
  index: number,
  notation: NotationChoice,
  lang: Language,
): Readonly<MoveView> | undefined {
  const ply = state.plies[index];
  if (!ply) return undefined;
  const views = memoOf(state).views;
  const key = `${index} ${notation} ${lang}`;
  const known = views.get(key);
  if (known) return known;
  const [primary, secondary] = writeBoth(positions(state)[index]!, ply.move, notation, lang);
  const number = ply.side === 'white' ? `${ply.number}.` : `${ply.number}...`;
  const view: MoveView = {
    side: ply.side,
    number,
    primary,
    secondary,
    drawOffer: ply.drawOffer,
    conditional: ply.conditional,
    sentOn: ply.sentOn,
    deliveredOn: ply.deliveredOn,
    text: `${number} ${primary} (${secondary})${ply.drawOffer ? ' (=)' : ''}`,
  };
  views.set(key, view);
  return view;
}

/** A proposed continuation (UCI) written from `pos` on, numbered, in one notation (P-4f). */
export function lineText(
  pos: Chess,
  line: readonly string[],
  notation: NotationChoice,
  lang: Language,
): string {
  const p = pos.clone();
  const words: string[] = [];
  for (const [i, uci] of line.entries()) {
    const move = parseUci(uci) as NormalMove | undefined;
    if (!move || !p.isLegal(move)) break;
    const [primary] = writeBoth(p, move, notation, lang);
    if (p.turn === 'white') words.push(`${p.fullmoves}.${primary}`);
    else words.push(i === 0 ? `${p.fullmoves}...${primary}` : primary);
    p.play(move);
  }
  return words.join(' ');
}

/** Every legal move of the side to move, in one notation, sorted: what may be sent (P-4c). */
export function legalMoves(pos: Chess, notation: NotationChoice, lang: Language): string[] {
  const out: string[] = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const piece = pos.board.get(from);
      const promotes = piece?.role === 'pawn' && (to >> 3 === 7 || to >> 3 === 0);
      const roles = promotes ? (['queen', 'rook', 'bishop', 'knight'] as const) : [undefined];
      for (const promotion of roles) {
        const move: NormalMove = promotion ? { from, to, promotion } : { from, to };
        out.push(writeBoth(pos, move, notation, lang)[0]);
      }
    }
  }
  return out.sort();
}

/** Words wrapped into lines of at most `width` characters. */
export function wrapWords(words: readonly string[], width = 72): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The full game score, numbered, in one notation, with `(=)` marks and the result. */
export function scoreText(state: GameState, notation: NotationChoice, lang: Language): string {
  const words: string[] = [];
  state.plies.forEach((_, i) => {
    const v = moveView(state, i, notation, lang)!;
    if (v.side === 'white' || i === 0) words.push(`${v.number}${v.primary}`);
    else words.push(v.primary);
    if (v.drawOffer) words.push('(=)');
  });
  if (state.result) words.push(state.result.result);
  return wrapWords(words);
}

export interface ClockLine {
  side: Side;
  row?: ClockRow;
  live?: LiveClock | null;
  /** The player not to move: penalty days given since their last move, in no row yet. */
  sinceLast?: PenaltySinceLast;
  /** Why the row's and the live clock's excluded days were left out: the reasons that apply. */
  rowWhy?: ExcludedWhy[];
  liveWhy?: ExcludedWhy[];
}

/**
 * What left a day off a player's clock: their leave (P-8a), a TD's pause (L-6.10), play stopped
 * at the event's end (P-10), an annulment since undone (P-9a).
 */
export type ExcludedWhy = 'leave' | 'pause' | 'stop' | 'annul';

/** The reasons for the days left out after `from` up to `until`, in that order. */
function excludedWhy(
  state: GameState,
  side: Side,
  from: CalendarDate,
  until: CalendarDate,
): ExcludedWhy[] {
  const kinds: [ExcludedWhy, OpenDateRange[]][] = [
    ['leave', state.leaves.filter((l) => l.side === side).map((l) => ({ from: l.from, to: l.to }))],
    ['pause', pausedDays(state)],
    ['stop', stoppedDays(state)],
    ['annul', annulledDays(state)],
  ];
  const found = new Set<ExcludedWhy>();
  for (let day = addDays(from, 1); compareDates(day, until) <= 0; day = addDays(day, 1))
    for (const [why, ranges] of kinds) if (isExcludedDay(day, ranges)) found.add(why);
  return kinds.map(([why]) => why).filter((why) => found.has(why));
}

/** The last clock row of each player and the live clock of the player to move (P-2k). */
export function clockLines(state: GameState, rules: EventRules, now: CalendarDate): ClockLine[] {
  return (['white', 'black'] as const).map((side) => {
    const clock = gameClock(state, rules, side, now);
    if (!clock.ok) return { side };
    const { rows, live, sinceLast } = clock.value;
    const row = rows[rows.length - 1];
    const rowWhy =
      row && (row.sinceReset ?? row).excludedDays
        ? excludedWhy(state, side, row.sinceReset?.on ?? row.deliveredOn, row.dispatchedOn)
        : [];
    const liveWhy =
      live && (live.sinceReset ?? live).excludedDays
        ? excludedWhy(state, side, live.sinceReset?.on ?? live.deliveredOn, live.now)
        : [];
    return {
      side,
      row,
      live,
      ...(sinceLast ? { sinceLast } : {}),
      ...(rowWhy.length ? { rowWhy } : {}),
      ...(liveWhy.length ? { liveWhy } : {}),
    };
  });
}

export interface Table {
  head: string[];
  rows: string[][];
  /** Columns aligned right (numbers). */
  right: boolean[];
}

export function tableText(t: Table): string {
  const widths = t.head.map((h, c) =>
    Math.max(h.length, ...t.rows.map((r) => (r[c] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (t.right[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(t.head), ...t.rows.map(line)].join('\n');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function tableHtml(t: Table): string {
  const cell = (tag: string, text: string, c: number) =>
    `<${tag} style="padding:2px 8px;text-align:${t.right[c] ? 'right' : 'left'};border-bottom:1px solid #ddd">${escapeHtml(text)}</${tag}>`;
  return [
    '<table style="border-collapse:collapse;font-family:monospace;font-size:13px">',
    `<tr>${t.head.map((h, c) => cell('th', h, c)).join('')}</tr>`,
    ...t.rows.map((r) => `<tr>${r.map((x, c) => cell('td', x, c)).join('')}</tr>`),
    '</table>',
  ].join('\n');
}

/** The clock table of both players (P-2k) as of each one's last move: its days, total, control, days left after it. */
export function clockTable(lines: readonly ClockLine[], labels: LabelTree): Table {
  const L = (k: string) => label(labels, `clock.${k}`);
  return {
    // As of each player's last move sent: the player to move's days since are in `liveText`.
    head: ['', L('lastMove'), L('daysOnIt'), L('total'), L('control'), L('leftAfter')],
    right: [false, true, true, true, true, true],
    rows: lines.map(({ side, row }) => {
      const name = label(labels, `side.${side}`);
      if (!row) return [name, '-', '-', '-', '-', '-'];
      const used = daysOnMove(row);
      return [
        name,
        String(row.move),
        used,
        String(row.totalDays),
        row.controlMove === null ? '-' : String(row.controlMove),
        String(row.daysLeft),
      ];
    }),
  };
}

/**
 * The days a move is charged, penalty days apart ("12+5"): since the last restart (P-7e) or TD
 * setting (P-13) in its interval, if one came, as the total after it counts them.
 */
function daysOnMove(r: ClockRow): string {
  const penalty = (r.sinceReset ?? r).penaltyDays;
  return penalty ? `${r.usedDays}+${penalty}` : String(r.usedDays);
}

/** The replies before the control move (P-7a): dates and days of each move. */
export function recordTable(rows: readonly ClockRow[], labels: LabelTree): Table {
  const L = (k: string) => label(labels, `clock.${k}`);
  return {
    head: [L('move'), L('delivered'), L('sent'), L('thisMove'), L('total'), L('left')],
    right: [true, false, false, true, true, true],
    rows: rows.map((r) => [
      String(r.move),
      r.deliveredOn,
      r.dispatchedOn,
      daysOnMove(r),
      String(r.totalDays),
      String(r.daysLeft),
    ]),
  };
}

/** Sentences about the live clock of the player to move (days used so far, days left). */
export function liveText(
  lines: readonly ClockLine[],
  labels: LabelTree,
  lang: string,
  /** The side whose time claim the mail itself upholds: its restart is this one (P-7e). */
  upheldNow?: Side,
): string {
  const out: string[] = [];
  // Any of these may be given as plural forms, chosen by its count in the reader's language.
  const say = (path: string, vars: Record<string, string | number> = {}) =>
    labelIfAny(labels, path, lang, vars) ?? path;
  // Days of leave (P-8a) or of a TD pause (L-6.10) on a move shown: the table counts without them.
  // The reasons that left days out, named (leave, a TD pause, …), or all of them if unknown.
  const why = (reasons: readonly ExcludedWhy[] | undefined) =>
    reasons?.length
      ? reasons.map((r) => say(`clock.excludedWhy.${r}`)).join(say('clock.excludedWhy.and'))
      : undefined;
  for (const { side, row, rowWhy } of lines) {
    if (!row) continue;
    const vars = { side: label(labels, `side.${side}`), move: row.move };
    // A restart or a TD setting in the move's interval: its days count from then (P-7e, P-13).
    if (row.sinceReset)
      out.push(
        say(
          `clock.${row.sinceReset.kind === 'restart' ? (side === upheldNow ? 'restartRowNow' : 'restartRow') : 'setRow'}`,
          {
            ...vars,
            date: row.sinceReset.on,
          },
        ),
      );
    const excluded = (row.sinceReset ?? row).excludedDays;
    const reasons = why(rowWhy);
    if (excluded)
      out.push(
        reasons
          ? say('clock.excludedRowWhy', { ...vars, days: excluded, reasons })
          : say('clock.excludedRow', { ...vars, days: excluded }),
      );
  }
  // The player not to move, penalised since their last move: the rows do not show it yet.
  for (const { side, live, sinceLast } of lines) {
    if (live || !sinceLast) continue;
    out.push(
      say('clock.penaltySinceLast', {
        side: label(labels, `side.${side}`),
        days: sinceLast.penaltyDays,
        move: sinceLast.move,
        used: sinceLast.totalDays,
        left: sinceLast.daysLeft,
        control: sinceLast.controlMove ?? sinceLast.move,
      }),
    );
  }
  for (const { side, live, liveWhy } of lines) {
    if (!live) continue;
    const vars = {
      side: label(labels, `side.${side}`),
      move: live.move,
      used: live.totalDays,
      left: live.daysLeft,
      control: live.controlMove,
    };
    out.push(say('clock.live', vars));
    // A penalty (P-6g, P-13) is in the days used on the move, never in the rows above them.
    const penalty = (live.sinceReset ?? live).penaltyDays;
    if (penalty) out.push(say('clock.penaltyLive', { days: penalty }));
    if (live.sinceReset)
      out.push(
        say(
          `clock.${live.sinceReset.kind === 'restart' ? (side === upheldNow ? 'restartLiveNow' : 'restartLive') : 'setLive'}`,
          {
            date: live.sinceReset.on,
          },
        ),
      );
    const excluded = (live.sinceReset ?? live).excludedDays;
    const reasons = why(liveWhy);
    if (excluded)
      out.push(
        reasons
          ? say('clock.excludedLiveWhy', { days: excluded, reasons })
          : say('clock.excludedLive', { days: excluded }),
      );
    // `exceedsOn` is the first day over the limit: a player is told the last day still in time
    // (P-6c, P-6d), or, once over, the day the limit was exceeded (P-6b).
    if (live.exceeded && live.exceedsOn)
      out.push(say('clock.exceededOn', { date: live.exceedsOn, control: live.controlMove }));
    else if (live.exceedsOn) out.push(say('clock.lastDay', { date: addDays(live.exceedsOn, -1) }));
  }
  return out.join(' ');
}

const pgnDate = (d: CalendarDate) => d.replace(/-/g, '.');

/** The event's time control in words, as `amici show` writes it: `10/30d`, `30d/move`. */
export function timeControlShort(tc: TimeControl): string {
  switch (tc.preset) {
    case 'postal':
      return `${tc.moves}/${tc.days}d`;
    case 'iccf':
      return `${tc.moves}/${tc.days}d`;
    case 'triple-block':
      return `triple-block ${tc.startDays}d`;
    case 'per-move':
      return `${tc.days}d/move`;
  }
}

const DAY_SECONDS = 86_400;

/**
 * The event's time control as PGN's `TimeControl` tag writes it (PGN standard 9.6.1), which is
 * what databases and ICCF tools read: moves/seconds, the last period repeated. So a postal
 * control of 10 moves in 30 days (P-6a), cumulative, is `10/2592000` (10 moves in 2,592,000
 * seconds, again and again), and ICCF's 10 in 50 days `10/4320000` (that a move's reflection
 * beyond 20 days counts double is no part of the limit, and PGN has no word for it); D days for
 * every move is `1/D·86400`, as chess.com writes its daily games. Triple Block is its starting
 * clock with the daily increment (`4320000+86400`): PGN's incremental form, without the cap,
 * the bank and the floor, which it cannot say. The human wording ("10/30d") would be one more
 * tag a database drops; `amici show` and the mails say it.
 */
export function pgnTimeControl(tc: TimeControl): string {
  const s = (days: number) => days * DAY_SECONDS;
  switch (tc.preset) {
    case 'postal':
    case 'iccf':
      return `${tc.moves}/${s(tc.days)}`;
    case 'triple-block':
      return tc.incrementDays > 0 && tc.incrementMoves > 0
        ? `${s(tc.startDays)}+${s(tc.incrementDays)}`
        : `${s(tc.startDays)}`;
    case 'per-move':
      return `1/${s(tc.days)}`;
  }
}

/**
 * How a result the TD set ended the game, in PGN's words, by the rule it was set under: normal
 * (an agreed draw or a resignation reported to the TD, L-5), abandoned or death (a withdrawal,
 * P-9a), time forfeit (P-7f; both players over the limit, L-6.9), a rules infraction (P-13; no
 * result reported, P-12), else adjudication (P-10, an appeal, P-11).
 */
function rulingTermination(rule: string, reason: string): string {
  if (rule === 'L-5.2.3' || rule === 'L-5.1.2') return 'normal';
  if (rule === 'P-9a') return /died|death|deceased/iu.test(reason) ? 'death' : 'abandoned';
  if (rule === 'P-7f' || rule === 'L-6.9') return 'time forfeit';
  return rule === 'P-13' || rule === 'P-12' ? 'rules infraction' : 'adjudication';
}

/**
 * The PGN `Result` of a game, and its `Termination` once over, always one of the standard
 * words (PGN 9.8.1: "abandoned", "adjudication", "death", "normal", "rules infraction", "time
 * forfeit"), so a database imports it. PGN has no result for a double forfeit (0-0, L-6.9,
 * L-12) or an annulled game (P-9a): both are `*`, and `pgnEndComment` says which. A game that
 * ended before any move was played (a forfeit, a withdrawal before the first move) was never
 * played: "abandoned", as the online servers term a game nobody started, so no rating program
 * takes it for a game won over the board — unless the clock ended it (P-7f, L-6.9: "time
 * forfeit") or a death (P-9a).
 */
export function pgnResultTags(state: GameState): { Result: string; Termination?: string } {
  const r = state.result;
  if (!r) return { Result: '*' };
  const termination =
    r.kind === 'time-forfeit' || r.kind === 'time-forfeit-draw'
      ? 'time forfeit'
      : r.kind === 'ruling' || r.kind === 'annulled'
        ? rulingTermination(r.rule, r.detail ?? '')
        : 'normal';
  const unplayed = !state.plies.length && termination !== 'time forfeit' && termination !== 'death';
  return {
    Result: r.result === '0-0' ? '*' : r.result,
    Termination: unplayed ? 'abandoned' : termination,
  };
}

/**
 * What the tags cannot say of how a game ended, for the PGN's comment before its result: a
 * result `*` that is a double forfeit or an annulment, a result the TD set, a loss on time —
 * with the rule and the reason given (the TD's own words). None for a game ended on the board.
 * A game over before its first move says so first ("Forfeit: no move was played."), which the
 * result token alone cannot: a rating officer reads it as a game not played.
 */
export function pgnEndComment(state: GameState): string | undefined {
  const r = state.result;
  if (!r) return undefined;
  const how = endHow(r);
  if (state.plies.length || r.kind === 'annulled') return how;
  const unplayed = r.result === '1/2-1/2' ? 'No move was played.' : 'Forfeit: no move was played.';
  return how ? `${unplayed} ${how}` : unplayed;
}

function endHow(r: NonNullable<GameState['result']>): string | undefined {
  const reason = r.detail ? `: ${r.detail}` : '';
  if (r.kind === 'annulled') return `Annulled by the TD (${r.rule}), not scored${reason}`;
  if (r.result === '0-0')
    return `Double forfeit 0-0, both players lose (${r.rule}, L-12)${r.kind === 'ruling' ? ', set by the TD' : ''}${reason}`;
  if (r.kind === 'ruling') return `Result ${r.result} set by the TD (${r.rule})${reason}`;
  if (r.kind === 'time-forfeit' || r.kind === 'time-forfeit-draw')
    return r.detail ? `${r.detail} (${r.rule})` : undefined;
  return undefined;
}

/** A player as the PGN names them: "Surname, Firstname", and their rating and ids if known. */
export interface PgnPlayer {
  name: string;
  rating?: number;
  fideId?: string;
  iccfId?: string;
}

/**
 * A player's rating and ids as tags: `WhiteElo` (PGN 9.1.x; ICCF's PGN writes the ICCF rating
 * there), `WhiteFideId` (as FIDE's and the broadcasts' PGN do), `WhiteIccfId` (ICCF's Xfcc says
 * `whiteIccfID`; PGN 9.1.x has a tag made so for each rating agency). Only those the config gives.
 */
function playerTags(side: 'White' | 'Black', p: PgnPlayer): Record<string, string> {
  return {
    ...(p.rating !== undefined ? { [`${side}Elo`]: String(p.rating) } : {}),
    ...(p.fideId !== undefined ? { [`${side}FideId`]: p.fideId } : {}),
    ...(p.iccfId !== undefined ? { [`${side}IccfId`]: p.iccfId } : {}),
  };
}

/**
 * A game's PGN, the same for the TD's attachment and `amici pgn`: the roster (`Site` the
 * event's `site`, where it is held, or "?" — unknown, PGN 8.1.1.2 — when the config says none;
 * `Round` "-": all the games of a correspondence section start together, there are no rounds),
 * `Mode` "EM" or "PM" (paper mail) by how the game's moves travel, `TimeControl`,
 * `Termination`, `EventDate` (the day the event's first games start) and the comment of
 * `pgnEndComment`.
 */
export function gamePgn(
  state: GameState,
  event: {
    name: string;
    site?: string;
    mode?: 'email' | 'postal' | 'mixed';
    startsOn?: CalendarDate;
  },
  names: Record<Side, string | PgnPlayer>,
  timeControl?: TimeControl,
): string | undefined {
  const player = (side: Side): PgnPlayer => {
    const p = names[side];
    return typeof p === 'string' ? { name: p } : p;
  };
  const white = player('white');
  const black = player('black');
  const moves: RecordedMove[] = state.plies.map((p) =>
    p.drawOffer ? { move: p.move, drawOffer: true } : { move: p.move },
  );
  // A mixed game (one player by post, one by email) says Mode "PM": PGN has no value for both,
  // and "EM" would say every move went electronically when half of them went on paper, under
  // postal timing (the transit counted, P-3a).
  const mode = event.mode ?? 'email';
  const tags: Record<string, string> = {
    Event: event.name,
    // A place, as PGN wants it (a city, a region, a country: "Warsaw POL"), never a program's
    // name: a database files games by where they were played.
    Site: event.site ?? '?',
    // The day play began: a game restarted with the colours corrected (L-7.1) began again then.
    Date: pgnDate(state.clockStartsOn),
    Round: '-',
    White: white.name,
    Black: black.name,
    ...pgnResultTags(state),
    ...playerTags('White', white),
    ...playerTags('Black', black),
    Mode: mode === 'email' ? 'EM' : 'PM',
    ...(timeControl ? { TimeControl: pgnTimeControl(timeControl) } : {}),
    ...(event.startsOn ? { EventDate: pgnDate(event.startsOn) } : {}),
  };
  const pgn = makeGamePgn({ start: state.start, moves }, tags, pgnEndComment(state));
  return pgn.ok ? pgn.value : undefined;
}
