// Looking at an installation: `amici games`, `amici show GAME`, `amici pgn GAME|--event TAG`,
// `amici export` (the raw archive, P-5a), `amici backup` (a consistent copy of the state file).
// They change no game; `--json` where the output is data.

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { moveNumber, pgnCharset, writeMove } from '../chess/index.ts';
import { addDays, compareDates, rangeContains } from '../clock/index.ts';
import { boardText, composeTdReport, gamePgn, timeControlShort } from '../compose/index.ts';
import { eventStartsOn, pgnIdsOf, pgnNameOf } from '../config/load-config.ts';
import type { PlayerConfig } from '../config/schema.ts';
import { memoryLogger } from '../daemon/log.ts';
import type { RefereeService } from '../daemon/referee-service.ts';
import type { Adjudication, Claim, GameState, Side } from '../referee/index.ts';
import {
  annulled,
  appealedText,
  crossCell,
  currentAnalyses,
  gameClock,
  inAdjudication,
  openStop,
  pointsText,
  timeClaimId,
} from '../referee/index.ts';
import { openConfig, openService } from './context.ts';
import type { CliIo } from './io.ts';
import { argsOrExit, count } from './io.ts';

const OPTIONS = {
  config: { type: 'string' },
  json: { type: 'boolean' },
  event: { type: 'string' },
  out: { type: 'string' },
  latin1: { type: 'boolean' },
  ascii: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options each command reads; the others of OPTIONS are refused as unknown. */
const TAKES: Record<keyof typeof HELP, readonly (keyof typeof OPTIONS)[]> = {
  games: ['config', 'help', 'json', 'event'],
  show: ['config', 'help', 'json'],
  pgn: ['config', 'help', 'event', 'latin1', 'ascii'],
  export: ['config', 'help', 'out', 'event'],
  standings: ['config', 'help', 'json', 'event'],
  report: ['config', 'help', 'event'],
  backup: ['config', 'help'],
};

/** Each command's --help; each lists only the options it reads. */
const HELP = {
  games: `usage: amici games [--event TAG] [--json] [--config FILE]

Lists every game (or an event's): players, plies played, who is to move, the date of the last
move, the days the player to move has left (P-2k), and the result.
`,
  show: `usage: amici show GAME [--json] [--config FILE]

One game (GAME as \`amici games\` lists it, e.g. CCC26/1): the board, both clocks in days
(P-2k), the moves with the dates they were sent and delivered, penalties, leave, claims, result.
`,
  pgn: `usage: amici pgn GAME [--latin1 | --ascii] [--config FILE]
       amici pgn --event TAG [--latin1 | --ascii] [--config FILE]

The PGN of one game, or of every game of an event, on standard output, in UTF-8, which current
ChessBase reads. --latin1 writes ISO 8859-1, the PGN standard's own character set, for a
program that shows "NovÃ¡k" for "Novák" (older ChessBase, Chess Assistant, Arena): what
Latin-1 lacks is spelled in Latin letters (Dvořák → Dvorák, Łukasz → Lukasz, Олександр →
Oleksandr). --ascii spells every letter so (Novák → Novak), for a program that reads neither.
`,
  export: `usage: amici export [--event TAG] [--out DIR] [--config FILE]

Writes the raw archive (P-5a) into DIR (default amici-export-DATE): every mail received as an
.eml file with an index, and every game's event log and PGN. With --event, only that event's
games and the mail about them.
`,
  standings: `usage: amici standings [--event TAG] [--json] [--config FILE]

Each event's standings (L-12: a win 1, a draw ½, a loss 0, a double forfeit 0 to both): place,
points, games played, won, drawn, lost and still in play; players level on points share their
place (no tie-break rule is set), with wins and Sonneborn-Berger shown beside them. Events of
up to 16 players also get the cross-table (· is a game in play).
`,
  report: `usage: amici report [--event TAG] [--config FILE]

Prints the report the TD gets every reportDays days, as it would be today, for each event (or
one): who is to move with the least time left first, claims waiting for a ruling, stopped
clocks, players on leave, games finished since the last report, the table. Sends nothing.
`,
  backup: `usage: amici backup [FILE] [--config FILE]

Writes a consistent copy of the state file to FILE (default amici-backup-DATE.sqlite), safe
while \`amici run\` is running, and checks its integrity. An existing FILE is never overwritten.
`,
} as const;

async function withService<T>(
  command: keyof typeof HELP,
  args: string[],
  io: CliIo,
  fn: (
    s: RefereeService,
    v: { json?: boolean; event?: string; out?: string; latin1?: boolean; ascii?: boolean },
    rest: string[],
  ) => Promise<T>,
): Promise<T | number> {
  const parsed = argsOrExit(io, command, HELP[command], () => {
    const r = parseArgs({ args, options: OPTIONS, allowPositionals: true });
    // The commands share one option list; each takes only the options its usage names.
    const foreign = Object.keys(r.values).find((k) => !TAKES[command].includes(k as never));
    if (foreign) throw new Error(`unknown option --${foreign}`);
    return r;
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  // The store's own copies (P-5a) are made whatever the config now says of its games.
  const copies = command === 'backup' || command === 'export';
  const loaded = await openConfig(values.config, io, { driftIsWarning: copies });
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  try {
    // A backup and an export copy the store as it is: no game is made for them.
    if (copies) return await fn(service, values, positionals);
    // The games are created to be shown, and forgotten again: looking writes nothing. The store's
    // write lock (the running daemon's commits wait for it) is taken only when there are some.
    return await service.store.leavingNoTrace(async () => {
      service.ensureGames();
      return await fn(service, values, positionals);
    }, service.gamesMissing());
  } finally {
    service.store.close();
  }
}

/** Whether `--event TAG` names no event; if so it says so, with the events there are. */
function unknownEvent(
  service: RefereeService,
  io: CliIo,
  command: string,
  tag: string | undefined,
): boolean {
  if (tag === undefined || service.config.events.some((e) => e.tag === tag)) return false;
  io.err(
    `amici ${command}: no event "${tag}"; the events are ${service.config.events.map((e) => e.tag).join(', ')}\n`,
  );
  return true;
}

function summary(service: RefereeService, gameKey: string) {
  const ref = service.resolveGame(gameKey)!;
  const state = service.state(gameKey);
  const toMove: Side = state.pos.turn;
  const today = service.today(ref.event);
  const clock = gameClock(state, service.rules(ref.event, ref.game), toMove, today);
  const live = clock.ok ? clock.value.live : null;
  const last = state.plies.at(-1);
  // Why the clock of the player to move does not run today: the event's end, the game in
  // adjudication (P-10: the days left are as they stood on the end date), a TD pause (L-6.10),
  // leave (P-8a).
  const adjudication = inAdjudication(state, today, service.rules(ref.event, ref.game));
  // Stopped at an end date since moved later (P-10): the sweep resumes it.
  const stop = openStop(state);
  const pause = state.pauses.find((p) => p.to === null);
  const leave = state.leaves.find((l) => l.side === toMove && rangeContains(l, today));
  const stopped = state.result
    ? null
    : adjudication
      ? `adjudication since ${adjudication.since}, clocks as of ${adjudication.endDate}`
      : stop
        ? `stopped at the end of ${stop.lastEndDate}, resumes at the next sweep`
        : pause
          ? `paused since ${pause.from}`
          : leave
            ? `${toMove} on leave to ${leave.to}`
            : null;
  return {
    game: gameKey,
    white: service.player(ref.event, ref.game.white).name,
    black: service.player(ref.event, ref.game.black).name,
    moves: state.plies.length,
    toMove: state.result ? null : toMove,
    lastMoveOn: last?.sentOn ?? null,
    daysLeft: state.result ? null : (live?.daysLeft ?? null),
    result: state.result?.result ?? null,
    stopped,
  };
}

export async function gamesCommand(args: string[], io: CliIo): Promise<number> {
  const r = await withService('games', args, io, async (service, v) => {
    if (unknownEvent(service, io, 'games', v.event)) return 1;
    const rows = service.store
      .games()
      .filter((g) => service.resolveGame(g.gameKey) && (!v.event || g.eventTag === v.event))
      .map((g) => summary(service, g.gameKey));
    if (v.json) io.out(`${JSON.stringify(rows, null, 2)}\n`);
    else {
      io.out(
        `${'game'.padEnd(12)} ${'white'.padEnd(20)} ${'black'.padEnd(20)} plies  to move  last move   days left  result / clock stopped\n`,
      );
      for (const g of rows) {
        io.out(
          `${g.game.padEnd(12)} ${g.white.padEnd(20)} ${g.black.padEnd(20)} ${String(g.moves).padStart(5)}  ${(g.toMove ?? '-').padEnd(7)}  ${(g.lastMoveOn ?? '-').padEnd(10)}  ${String(g.daysLeft ?? '-').padStart(9)}  ${g.result ?? g.stopped ?? ''}\n`,
        );
      }
    }
    return 0;
  });
  return r;
}

function findGame(
  service: RefereeService,
  name: string | undefined,
  io: CliIo,
): string | undefined {
  const games = service.store.games();
  const key =
    name &&
    games.find((g) => g.gameKey === name || g.gameKey === name.replace(/^\[|\]$/g, ''))?.gameKey;
  // The example is a game of this installation, in the case a typo may have missed.
  const like =
    games.find((g) => g.gameKey.toLowerCase() === name?.toLowerCase())?.gameKey ??
    games[0]?.gameKey;
  if (!key)
    io.err(
      `amici: no game "${name ?? ''}"; \`amici games\` lists them${like ? ` (e.g. ${like})` : ''}\n`,
    );
  return key;
}

/** Each ply as the TD reads it: numbered, in English SAN and ICCF numeric, with its dates. */
function historyOf(state: GameState) {
  const pos = state.initial.clone();
  return state.plies.map((p, i) => {
    const san = writeMove(pos, p.move, { kind: 'san', lang: 'en' });
    const numeric = writeMove(pos, p.move, { kind: 'numeric' });
    pos.play(p.move);
    return {
      ply: i + 1,
      number: moveNumber(p.number, p.side),
      san,
      numeric,
      side: p.side,
      uci: p.uci,
      sentOn: p.sentOn,
      deliveredOn: p.deliveredOn,
      conditional: p.conditional,
      drawOffer: p.drawOffer,
    };
  });
}

/**
 * Who is to move in a game in adjudication (P-10). A move sent by the end stands (L-4.2) even
 * when it reached amici, and so the opponent, only after it: the position adjudicated is the one
 * after it, though its opponent never had the move while play went on — said so, not "was to
 * move when the event ended".
 */
export function toMoveAtEnd(state: GameState, adjudication: Adjudication): string {
  const name = (side: Side) => (side === 'white' ? 'White' : 'Black');
  const turn = state.pos.turn;
  const last = historyOf(state).at(-1);
  if (!last || compareDates(last.deliveredOn, adjudication.endDate) <= 0)
    return `${name(turn)} was to move when the event ended on ${adjudication.endDate}`;
  return `${name(turn)} to move in the position adjudicated: ${last.number}${last.san}, sent on ${last.sentOn} by the end, stands (L-4.2), though it reached ${name(turn)} only on ${last.deliveredOn}, after the event ended on ${adjudication.endDate}`;
}

/**
 * A claim in words, for `show`: "time claim against Black, Jan Kowalski (filed 2027-03-05,
 * protest by 2027-03-19) — upheld at its deadline on 2027-03-20, no protest came" (P-7a..P-7d);
 * a tablebase claim is made by the player named (L-5.1.3).
 */
function claimText(c: Claim, name: string, endedOn: string | undefined): string {
  const colour = c.side === 'white' ? 'White' : 'Black';
  const what =
    c.kind === 'time'
      ? `time claim against ${colour}, ${name}`
      : `${c.kind} claim by ${colour}, ${name}`;
  const dates = [
    `filed ${c.on}`,
    c.protestedOn
      ? `protested ${c.protestedOn}${c.ruling ? '' : ", waits for the TD's ruling"}`
      : c.protestBy
        ? `protest by ${c.protestBy}`
        : '',
  ].filter(Boolean);
  const ruled = !c.ruling
    ? ''
    : c.ruling.by === 'td'
      ? ` — ${c.ruling.upheld ? 'upheld' : 'rejected'} by the TD on ${c.ruling.on}`
      : c.ruling.upheld
        ? ` — upheld at its deadline on ${c.ruling.on}, no protest came (P-7c)`
        : ` — lapsed at its deadline on ${c.ruling.on}: ${endedOn !== undefined && endedOn <= c.ruling.on ? 'the game had ended' : 'the excess was no longer on the clock'}`;
  return `${what} (${dates.join(', ')})${ruled}`;
}

export async function showCommand(args: string[], io: CliIo): Promise<number> {
  return withService('show', args, io, async (service, v, rest) => {
    const key = findGame(service, rest[0], io);
    if (!key) return 1;
    const ref = service.resolveGame(key)!;
    const state = service.state(key);
    const rules = service.rules(ref.event, ref.game);
    const today = service.today(ref.event);
    const clocks = (['white', 'black'] as const).map((side) => {
      const c = gameClock(state, rules, side, today);
      return {
        side,
        rows: c.ok ? c.value.rows : [],
        live: c.ok ? c.value.live : null,
        excesses: c.ok ? c.value.excesses : [],
      };
    });
    const data = {
      ...summary(service, key),
      history: historyOf(state),
      clocks,
      penalties: state.penalties,
      leaves: state.leaves,
      pauses: state.pauses,
      stops: state.stops,
      annulments: state.annulments,
      claims: state.claims,
      drawOffer: state.drawOffer ?? null,
      drawOffers: state.drawOffers,
      analyses: state.analyses,
      appeals: state.appeals,
      end: state.result ?? null,
    };
    if (v.json) {
      io.out(`${JSON.stringify(data, null, 2)}\n`);
      return 0;
    }
    const out: string[] = [
      `${key}  ${data.white} – ${data.black}  (${ref.event.name}, ${timeControlShort(rules.timeControl)})`,
      '',
    ];
    out.push(boardText(state.pos, {}), '');
    const adjudication = inAdjudication(state, today, rules);
    out.push(
      state.result
        ? `Result: ${state.result.result} — ${state.result.kind} (${state.result.rule}) on ${state.result.on}`
        : adjudication
          ? `${toMoveAtEnd(state, adjudication)}: in adjudication since ${adjudication.since} (P-10), analyses due by ${adjudication.analysisBy}; set-result records the result.`
          : `${state.pos.turn === 'white' ? 'White' : 'Black'} to move.`,
      '',
    );
    // The move to answer has not reached its player (its relay failed or bounced): the clock
    // shown runs from the day it was queued, but counts from the day a copy goes out (P-6d).
    const lastPly = state.plies.at(-1);
    if (!state.result && lastPly && service.store.relayUndelivered(key, lastPly.seq))
      out.push(
        `The relay of the last move has not reached ${state.pos.turn === 'white' ? 'White' : 'Black'}: it failed or bounced (\`amici outbox\` lists it). Their clock below counts from the day it was queued; it will count from the day a copy goes out (\`amici outbox retry\` or \`resend\`), and until then they get no reminder or time claim (P-6d).`,
        '',
      );
    out.push(
      adjudication
        ? `Clocks (days; P-2k), stopped at the event's end on ${adjudication.endDate} (P-10):`
        : 'Clocks (days; P-2k):',
    );
    for (const c of clocks) {
      const last = c.rows.at(-1);
      // In adjudication no day is counted any more: no day to come is over the limit (P-10).
      const exceeds = c.live?.exceedsOn && (c.live.exceeded || !adjudication) ? c.live : undefined;
      // The days on the move count from the TD's setting, if one came during it: what it set
      // is said with them, or the total would not add up (P-13).
      const set = c.live?.clockSet;
      const since = !set
        ? ''
        : ` since the TD set the clock to ${'usedDays' in set ? `${set.usedDays} used` : `${set.clockDays} + bank ${set.bankDays}`} on ${set.on}`;
      const live = c.live
        ? `, ${adjudication ? 'at the end' : 'now'} ${c.live.usedDays} on this move${since}, ${c.live.daysLeft} left to move ${c.live.controlMove}${exceeds ? (exceeds.exceeded ? ` (over the limit since ${exceeds.exceedsOn})` : ` (exceeded on ${exceeds.exceedsOn} if no move)`) : ''}`
        : '';
      // Each excess with what became of its claim: a rejected one does not count (P-6b).
      const fate = (e: (typeof c.excesses)[number]) => {
        const id = timeClaimId(state, c.side, e);
        const claim = state.claims.find((x) => x.id === id);
        const ruled = claim?.ruling;
        return `${id} ${!claim ? 'not claimed yet' : !ruled ? 'claimed' : ruled.upheld ? 'upheld' : 'not counted'}`;
      };
      out.push(
        `  ${c.side.padEnd(5)}  used ${last?.totalDays ?? 0}, left ${last?.daysLeft ?? '-'} to move ${last?.controlMove ?? '-'}${live}${c.excesses.length ? `; excesses: ${c.excesses.map(fate).join(', ')}` : ''}`,
      );
    }
    out.push('', 'History:', '  ply  move          numeric  sent        delivered');
    for (const h of data.history) {
      out.push(
        `  ${String(h.ply).padStart(3)}  ${`${h.number}${h.san}`.padEnd(13)} ${h.numeric.padEnd(8)} ${h.sentOn}  ${h.deliveredOn}${h.conditional ? '  (conditional)' : ''}${h.drawOffer ? '  (=)' : ''}`,
      );
    }
    if (state.penalties.length)
      out.push(
        '',
        'Penalties:',
        ...state.penalties.map(
          (p) =>
            `  ${p.on} ${p.side} +${p.days} days (${p.rule}: ${p.reason.replace(/-/g, ' ')})${p.waived ? ' — waived' : ''}`,
        ),
      );
    if (state.leaves.length)
      out.push(
        '',
        'Leave:',
        ...state.leaves.map(
          (l) => `  ${l.side} ${span(l.from, l.to)}${l.granted ? ' (granted by the TD)' : ''}`,
        ),
      );
    if (state.pauses.length)
      out.push(
        '',
        'Clocks stopped by the TD (L-6.10):',
        // The days not counted, as leave is shown: the day of `resume` counts again.
        ...state.pauses.map((p) =>
          p.to === null
            ? `  ${p.from}..(still stopped)`
            : compareDates(p.to, p.from) > 0
              ? `  ${span(p.from, addDays(p.to, -1))} (resumed ${p.to})`
              : `  ${p.from}: resumed the same day, no day stopped`,
        ),
      );
    if (state.stops.length)
      out.push(
        '',
        "Play stopped at the event's end (P-10), its days not counted:",
        // As pauses are shown: the day play resumed counts again.
        ...state.stops.map((x) =>
          x.to === null
            ? `  ${x.from}..(in adjudication since the end of ${x.lastEndDate})`
            : `${compareDates(x.to, x.from) > 0 ? `  ${span(x.from, addDays(x.to, -1))}` : `  ${x.from}: no day stopped,`} resumed ${x.to}, the end of ${x.lastEndDate} moved ${x.until ? `to ${x.until}` : 'away'}`,
        ),
      );
    if (state.annulments.length)
      out.push(
        '',
        'Annulled, then reinstated by the TD (P-9a), its days not counted:',
        // As pauses are shown: the day of the reinstatement counts again.
        ...state.annulments.map((a) =>
          compareDates(a.to, a.from) > 0
            ? `  ${span(a.from, addDays(a.to, -1))} (reinstated ${a.to})`
            : `  ${a.from}: reinstated the same day, no day stopped`,
        ),
      );
    if (state.claims.length)
      out.push(
        '',
        'Claims:',
        ...state.claims.map(
          (c) =>
            `  ${c.id}: ${claimText(c, service.player(ref.event, ref.game[c.side]).name, state.result?.on)}`,
        ),
      );
    // P-10: whose analysis went to the TD through amici; a player who sent none has no appeal.
    if (adjudication || state.analyses.length)
      out.push(
        '',
        'Adjudication analyses sent through amici (P-10):',
        ...(['white', 'black'] as const).map((side) => {
          // One sent before play last resumed was for an adjudication that no longer holds.
          const current = currentAnalyses(state);
          const days = state.analyses
            .filter((a) => a.side === side)
            .map((a) => (current.includes(a) ? a.on : `${a.on} (before play resumed)`));
          return `  ${side.padEnd(5)}  ${days.length ? days.join(', ') : 'none'}`;
        }),
      );
    // P-11, P-13c: the appeals of the TD's decisions that went to the TD through amici.
    if (state.appeals.length)
      out.push(
        '',
        'Appeals sent through amici (P-11, P-13c):',
        ...state.appeals.map(
          (a) =>
            `  ${a.side.padEnd(5)}  ${a.on}${a.against ? ` against ${appealedText(a.against)}` : ''}${a.late ? ' (late)' : ''}${a.ruled ? `; decided ${a.ruled.on}${a.ruled.upheld === undefined ? ', result set again' : a.ruled.upheld ? ', upheld' : ', rejected'}` : '; waits for the decision'}`,
        ),
      );
    io.out(`${out.join('\n')}\n`);
    return 0;
  });
}

const pgnPlayerOf = (p: PlayerConfig) => ({ name: pgnNameOf(p), ...pgnIdsOf(p) });

export function pgnOf(service: RefereeService, key: string): string {
  const ref = service.resolveGame(key)!;
  const state = service.state(key);
  const startsOn = eventStartsOn(ref.event);
  const pgn = gamePgn(
    state,
    {
      name: ref.event.name,
      ...(ref.event.site !== undefined ? { site: ref.event.site } : {}),
      mode: service.modeOf(ref),
      ...(startsOn ? { startsOn } : {}),
    },
    {
      white: pgnPlayerOf(service.player(ref.event, ref.game.white)),
      black: pgnPlayerOf(service.player(ref.event, ref.game.black)),
    },
    service.rules(ref.event, ref.game).timeControl,
  );
  if (pgn === undefined) throw new Error(`${key}: no PGN`);
  return pgn;
}

export async function pgnCommand(args: string[], io: CliIo): Promise<number> {
  return withService('pgn', args, io, async (service, v, rest) => {
    if (v.latin1 && v.ascii) {
      io.err(`amici pgn: give --latin1 or --ascii, not both\n\n${HELP.pgn}`);
      return 2;
    }
    const keys = v.event
      ? service.store
          .games()
          .filter((g) => g.eventTag === v.event)
          .map((g) => g.gameKey)
      : [findGame(service, rest[0], io)].filter((k): k is string => !!k);
    if (!keys.length) {
      if (v.event) io.err(`amici: no games in event "${v.event}"\n`);
      return 1;
    }
    const pgn = keys.map((k) => pgnOf(service, k)).join('\n');
    const charset = v.latin1 ? 'latin1' : v.ascii ? 'ascii' : undefined;
    if (charset) io.outBytes(Buffer.from(pgnCharset(pgn, charset), 'latin1'));
    else io.out(pgn);
    return 0;
  });
}

/** The cross-table is printed for events up to this size; beyond, its lines get too long. */
const CROSS_TABLE_MAX = 16;
/** Widths of the standings columns (the player's name is as wide as the longest). */
const COLUMN_WIDTHS = [3, 0, 6, 6, 6, 4, 5, 4, 7, 6];

export async function standingsCommand(args: string[], io: CliIo): Promise<number> {
  return withService('standings', args, io, async (service, v) => {
    if (unknownEvent(service, io, 'standings', v.event)) return 1;
    const tables = service.config.events
      .filter((e) => !v.event || e.tag === v.event)
      .map((event) => ({ event, ...service.standingsOf(event) }));
    if (v.json) {
      const data = tables.map((t) => ({
        event: t.event.tag,
        name: t.event.name,
        games: t.games.length,
        unfinished: t.games.filter((g) => !g.result).length,
        annulled: t.games.filter(annulled).length,
        standings: t.rows.map((r) => ({
          place: r.place,
          player: r.player,
          name: r.name,
          points: r.halfPoints / 2,
          played: r.played,
          won: r.won,
          drawn: r.drawn,
          lost: r.lost,
          unfinished: r.unfinished,
          sonnebornBerger: r.sbQuarters / 4,
        })),
      }));
      io.out(`${JSON.stringify(data, null, 2)}\n`);
      return 0;
    }
    const out: string[] = [];
    for (const t of tables) {
      const { event, games, rows } = t;
      const open = games.filter((g) => !g.result).length;
      const annulledGames = games.filter(annulled).length;
      out.push(
        `${event.tag}  ${event.name}: ${count(games.length, 'game')}, ${open ? `${open} in play` : 'all finished'}${annulledGames ? `, ${annulledGames} annulled (P-9a, not counted)` : ''} (L-12: win 1, draw ½, loss 0; double forfeit 0-0)`,
        '',
      );
      const width = Math.max(6, ...rows.map((r) => r.name.length));
      const cross = rows.length <= CROSS_TABLE_MAX;
      const cellWidth = Math.max(
        2,
        ...rows.flatMap((a) => rows.map((b) => crossCell(games, a.player, b.player).length + 1)),
      );
      const columns = (cells: string[]) =>
        cells.map((c, k) => (k === 1 ? c.padEnd(width) : c.padStart(COLUMN_WIDTHS[k]!))).join(' ');
      const header = [
        '#',
        'player',
        'points',
        'place',
        'played',
        'won',
        'drawn',
        'lost',
        'in play',
        'SB',
      ];
      out.push(
        `${columns(header)}${cross ? `  ${rows.map((_, i) => String(i + 1).padStart(cellWidth)).join('')}` : ''}`,
      );
      rows.forEach((r, i) => {
        const cells = cross
          ? `  ${rows.map((o, j) => (i === j ? 'x' : crossCell(games, r.player, o.player)).padStart(cellWidth)).join('')}`
          : '';
        const row = [
          String(i + 1),
          r.name,
          pointsText(r.halfPoints),
          r.place,
          String(r.played),
          String(r.won),
          String(r.drawn),
          String(r.lost),
          String(r.unfinished),
          (r.sbQuarters / 4).toFixed(2),
        ];
        out.push(`${columns(row)}${cells}`);
      });
      out.push('');
    }
    io.out(`${out.join('\n')}`);
    return 0;
  });
}

/** The TD's report of each event (or one) as it would go out today; nothing is sent. */
export async function reportCommand(args: string[], io: CliIo): Promise<number> {
  return withService('report', args, io, async (service, v) => {
    if (unknownEvent(service, io, 'report', v.event)) return 1;
    const events = service.config.events.filter((e) => !v.event || e.tag === v.event);
    for (const event of events) {
      const today = service.today(event);
      const mail = composeTdReport(
        service.tdReportOf(event, today, service.store.lastTdReport(event.tag)),
      );
      const starts = eventStartsOn(event);
      if (starts && compareDates(today, starts) < 0)
        io.out(`(${event.tag}: the games start on ${starts}; no report goes out before then)\n`);
      io.out(`Subject: ${mail.subject}\n\n${mail.text}\n`);
    }
    return 0;
  });
}

/** P-5a: every mail received, raw, and every game's log and PGN, into a folder. */
export async function exportCommand(args: string[], io: CliIo): Promise<number> {
  return withService('export', args, io, async (service, v) => {
    if (unknownEvent(service, io, 'export', v.event)) return 1;
    const ofEvent = (gameKey: string | null) => !v.event || gameKey?.startsWith(`${v.event}/`);
    const out = v.out ?? `amici-export-${new Date().toISOString().slice(0, 10)}`;
    await mkdir(join(out, 'mail'), { recursive: true });
    await mkdir(join(out, 'games'), { recursive: true });
    // Every mail of the event is kept (P-5a): those about its games, and those its players or its
    // TD sent that name no game (a which-game question, a word for the TD, a withdrawal).
    const event = service.config.events.find((e) => e.tag === v.event);
    const ours = new Set(
      event
        ? [event.td.address, ...event.players.flatMap((p) => p.addresses)].map((a) =>
            a.toLowerCase(),
          )
        : [],
    );
    const log = service.store
      .inboundLog()
      .filter(
        (m) =>
          ofEvent(m.gameKey) ||
          (m.gameKey === null && m.sender !== null && ours.has(m.sender.toLowerCase())),
      );
    for (const m of log) {
      const raw = service.store.inboundRaw(m.id);
      if (raw)
        await writeFile(join(out, 'mail', `${String(m.id).padStart(6, '0')}-${m.status}.eml`), raw);
    }
    await writeFile(join(out, 'mail', 'index.json'), `${JSON.stringify(log, null, 2)}\n`);
    const games = service.store.games().filter((g) => ofEvent(g.gameKey));
    for (const g of games) {
      const base = join(out, 'games', g.gameKey.replace(/[^\w.-]/g, '_'));
      await writeFile(
        `${base}.events.json`,
        `${JSON.stringify(service.store.events(g.gameKey), null, 2)}\n`,
      );
      if (service.resolveGame(g.gameKey)) await writeFile(`${base}.pgn`, pgnOf(service, g.gameKey));
    }
    io.out(
      `exported ${log.length} mails and ${games.length} games${v.event ? ` of ${v.event}` : ''} to ${out}\n`,
    );
    return 0;
  });
}

/**
 * A consistent copy of the state file, safe while `amici run` writes (a plain copy of a SQLite
 * file in WAL mode is not): for the nightly backup of an event that runs for months.
 */
export async function backupCommand(args: string[], io: CliIo): Promise<number> {
  return withService('backup', args, io, async (service, _v, rest) => {
    const target = rest[0] ?? `amici-backup-${new Date().toISOString().slice(0, 10)}.sqlite`;
    if (rest.length > 1) {
      io.err(`amici backup: one FILE at most\n\n${HELP.backup}`);
      return 2;
    }
    if (existsSync(target)) {
      io.err(`amici backup: ${target} exists; not overwritten\n`);
      return 1;
    }
    const r = await service.store.backup(target);
    io.out(
      `backed up ${r.games} games and ${r.mails} mails received to ${target} (${(r.bytes / 1048576).toFixed(1)} MB, integrity checked)\n`,
    );
    return 0;
  });
}

/** Days from `from` to `to`, inclusive, as `show` prints them: one day as itself, not `D..D`. */
const span = (from: string, to: string): string => (from === to ? from : `${from}..${to}`);
