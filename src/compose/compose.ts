// Every effect of the rulebook as mail (issue 4, "Writing"): one mail per recipient — a player or
// the TD — in the recipient's language and notation (P-2b), from `templates/<lang>/<kind>.txt.eta`.
// Each mail keeps the game's tag in its subject (`[WCH26/7]`) and starts with the amici marker.
// What a mail shows is built here from the game state after the decision: the moves with the
// repetition (P-2e), dates (P-2f..j), the clock table (P-2k), the board as text and PNG, the
// score and the PGN (P-12, L-8.5), the problem of a rejected transmission with the rule ids
// and what to send instead (P-4c, P-4d, P-6g), the record of a time claim (P-7a). A mail that
// belongs to no game — the "which game?" reply to a player whose mail we could not attach to one
// of their games — is composed here too, from `which-game.txt.eta`.

import type { DetailKey, Language } from '../chess/index.ts';
import { moveNumber, PIECE_LETTERS, PIECE_ROLES } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { addDays, compareDates } from '../clock/index.ts';
import type {
  AppealRoute,
  Effect,
  EventRules,
  GameState,
  NamedStandingsRow,
  Problem,
  Recipient,
  Side,
  TdDecision,
} from '../referee/index.ts';
import {
  claimedExcess,
  gameClock,
  inAdjudication,
  noticeReceivedOn,
  other,
  pliesToRepeat,
  pointsText,
  restartOn,
  upheldExcesses,
} from '../referee/index.ts';
import { boardPngFor } from './board-image.ts';
import { boardLetters, boardText } from './board-text.ts';
import type {
  ComposeContext,
  ComposedMail,
  MailAttachment,
  NotationChoice,
} from './compose-context.ts';
import type { ClockLine } from './game-view.ts';
import {
  clockLines,
  clockTable,
  gamePgn,
  legalMoves,
  lineText,
  liveText,
  moveView,
  positionBefore,
  recordTable,
  sanLanguage,
  scoreText,
  tableHtml,
  tableText,
  wrapWords,
} from './game-view.ts';
import type { LabelTree } from './labels.ts';
import { label, labelIfAny, loadLabels, pluralForm } from './labels.ts';
import type { Block } from './render.ts';
import { htmlEscape, renderMail, TEMPLATES_DIR, templateLanguage } from './render.ts';

/**
 * The problems that ask for a transmission again (P-4c, P-4d, L-9.4): only their rejection's
 * subject says "please send again".
 */
const RESEND: readonly Problem['code'][] = [
  'move',
  'repetition-missing',
  'repetition-wrong',
  'line-deviation',
  'score-differs',
  'blank',
  'extra-moves',
  'claim-needs-move',
];

/** The TD's mails list this many players of the table at most; `amici standings` all. */
const STANDINGS_MAX_ROWS = 40;

/** An event's table (L-12) as a block in the reader's words, cut after STANDINGS_MAX_ROWS. */
export function standingsBlock(
  rows: readonly NamedStandingsRow[],
  t: (path: string, vars?: Record<string, string | number>) => string,
): Block | '' {
  if (!rows.length) return '';
  const shown = rows.slice(0, STANDINGS_MAX_ROWS);
  const L = (k: string) => t(`standings.${k}`);
  const table = tableBlock({
    head: [
      L('place'),
      L('player'),
      L('points'),
      L('played'),
      L('won'),
      L('drawn'),
      L('lost'),
      L('inPlay'),
    ],
    right: [false, false, true, true, true, true, true, true],
    rows: shown.map((row) => [
      row.place,
      row.name,
      pointsText(row.halfPoints),
      String(row.played),
      String(row.won),
      String(row.drawn),
      String(row.lost),
      String(row.unfinished),
    ]),
  });
  if (rows.length === shown.length) return table;
  const more = t('standings.more', { count: rows.length - shown.length });
  return {
    text: `${table.text}\n${more}`,
    html: `${table.html}\n<p style="margin:6px 0 12px 0">${htmlEscape(more)}</p>`,
  };
}

/**
 * Notices to the TD that are not rulebook effects: a dispute (P-5d), a bounced mail, a mail
 * about a game from an unknown or unverified sender, a TD's mailed ruling not applied (P-7d).
 */
export interface TdNotice {
  /**
   * `analysis`: a player's mail in a game in adjudication, their claim and analysis (P-10);
   * `appeal`: a player's mail appealing a decision of the TD, a result set under P-10 or P-13
   * or any other (P-11, P-13c).
   */
  kind:
    | 'dispute'
    | 'analysis'
    | 'appeal'
    | 'bounce'
    | 'unknown-sender'
    | 'unauthenticated'
    | 'ruling-unread'
    | 'no-ruling';
  /**
   * Free text: the dispute as a player put it, the analysis, the bounce report, the mail in
   * question, or for `ruling-unread` what was wrong and how rulings are written.
   */
  text: string;
  /** For `unknown-sender` and `unauthenticated`: the address the mail came from. */
  address?: string;
  /**
   * For `unauthenticated`: why the mail is no proof of its sender (a `senderCheck` label); for
   * `ruling-unread`: `unverified` (no valid signature, P-2d) or `invalid` (a ruling line that
   * does not read).
   */
  reason?: string;
  /** For `unauthenticated`: what the signature check found, for the TD (`d=… fail (…)`). */
  detail?: string;
  /** For `unknown-sender` and `unauthenticated`: the mail's ID in `amici inbox`, to replay it. */
  inboundId?: number;
  /**
   * For `unknown-sender`: the mail holds a move or a command, which replaying it once the address
   * is added would play; a mail of words only ("my new address is …") has nothing to replay.
   */
  replayable?: boolean;
  /** The player it concerns, if any. */
  side?: Side;
  /**
   * For `bounce`: the mail was the relay of the move `side` must answer, so that player does not
   * have it yet; their clock counts from the day it is finally delivered (P-6d).
   */
  moveUndelivered?: boolean;
  /**
   * For `bounce`: the mail that came back went to the TD's own address — a copy to print and
   * post to a player by post (`print`, with that player's name when known, P-2m), or another
   * mail to the TD — not to a player.
   */
  bouncedFromTd?: { print: boolean; player?: string };
  /**
   * For `bounce`: the copy of a player's appeal to the chairman of the ICCF Appeals Commission
   * (`appealsTo`, P-13c) came back: the TD forwards it by hand.
   */
  appealCopy?: true;
  /**
   * For `bounce`: the mail went by email to `side`, who plays by post (P-2m): it holds nothing
   * up, since the letters the TD prints and posts are what reach them, and the TD is told of the
   * address once.
   */
  toPlayerByPost?: boolean;
  /**
   * For `bounce`: amici's outbox gave up on the mail (`kind`, to `to`), and `text` is the error
   * alone — its cause may be the address or amici's own outbox or mail server; the notice says
   * so, and how to send it again (`amici outbox retry --failed`), in the TD's language.
   */
  outboxFailed?: { kind: string; to: string[] };
  /** For `appeal`: the decision appealed, the rule it falls under and each player's last day. */
  appeal?: AppealRoute;
  /** For `dispute` and `analysis`: the time claims against the player this mail protests (P-7c). */
  protests?: string[];
  /**
   * Of `protests`, those the deadline had upheld before this mail, which came in time, was read
   * (an outage, a backlog): the uphold and its P-7e restart are undone, on `ruledOn` (P-7c).
   */
  reopened?: { id: string; ruledOn: CalendarDate }[];
  /**
   * For `dispute`: claims whose protest window had closed when this mail, which protests, came:
   * upheld at their deadline, or ruled; the TD decides what a late protest is worth (P-7c).
   */
  lateProtests?: {
    id: string;
    protestBy: CalendarDate;
    /** Its ruling, if it has had one (else its deadline is still to be swept). */
    ruledOn?: CalendarDate;
    upheld?: boolean;
  }[];
  /**
   * For `ruling-unread` (`invalid`): each line that did not read and why, by code, said in the
   * TD's language (`rulingError.<code>`, English `text` when a language lacks it); `text` then
   * holds what follows them (how rulings are written).
   */
  rulingErrors?: { line: string; code: string; params?: Record<string, string>; text: string }[];
  /**
   * For `no-ruling` (a TD's mail that holds no ruling line; `text`, the words it holds): the
   * player's mail it forwards, which is not played from the TD's address (P-2d): its sender, the
   * day it was sent (P-2j), the player's `side` in the game when the sender is one, and the
   * `amici post` command that enters it as the player sent it (when it holds a move).
   */
  /**
   * For `dispute`, `analysis` and `appeal`: the player's mail as it came (`raw`, its bytes as
   * archived, P-5a) and its ID in `amici inbox`. The text above is only what they wrote now: a
   * PGN, a PDF analysis or a photo of a scoresheet is in the mail itself, so it goes with the
   * notice, attached whole (message/rfc822) — up to `ORIGINAL_LIMIT`; over it the notice says
   * where it is kept (`amici inbox show ID`).
   */
  original?: { raw: Buffer; inboundId?: number };
  /**
   * For `no-ruling`: the mail held a `withdraw PLAYER …` line, which only `amici td withdraw`
   * runs (P-9a): the command as it would be typed, and the lines that rule on each of the
   * player's unfinished games by mail (none when all are over).
   */
  withdraw?: { player: string; command: string; lines: string[] };
  forward?: {
    address: string;
    name?: string;
    sentOn?: CalendarDate;
    /** The date as the forward writes it, when it reads as no day. */
    dateWritten?: string;
    side?: Side;
    /** The player's other unfinished games, when the mail names none of them. */
    games?: string[];
    command?: string;
    /**
     * The forwarded mail protests a time claim open to protest on the day it came (P-7c): the
     * ruling line that records it as received that day (`protest --side S --received DATE`).
     */
    protest?: { line: string; command: string; receivedOn: CalendarDate };
  };
}

interface Reader {
  to: Recipient;
  lang: string;
  notation: NotationChoice;
  sanLang: Language;
  name: string;
  side?: Side;
}

function readerOf(ctx: ComposeContext, to: Recipient): Reader {
  if (to === 'td') {
    return {
      to,
      lang: ctx.td.lang,
      notation: 'san',
      sanLang: sanLanguage(ctx.td.lang),
      name: ctx.td.name,
    };
  }
  const p = ctx.players[to];
  return {
    to,
    lang: p.lang,
    notation: p.notation,
    sanLang: sanLanguage(p.sanLang ?? p.lang),
    name: p.name,
    side: to,
  };
}

export const pre = (text: string): Block => ({
  text,
  html: `<pre style="font-family:monospace;font-size:13px;line-height:1.3;margin:0 0 12px 0">${htmlEscape(text)}</pre>`,
});

export const tableBlock = (t: Parameters<typeof tableText>[0]): Block => ({
  text: tableText(t),
  html: tableHtml(t),
});

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');

/** A mail about a game that no rulebook effect makes: a TD notice, the answer to mail with no move. */
type ShellMail = {
  kind: 'td-notice' | 'no-move' | 'td-forwarded' | 'unauthenticated' | 'move-not-received';
};

/** "White – Black": how every mail about a game names it, after its tag in the subject. */
export const gameTitle = (white: string, black: string) => `${white} – ${black}`;

/** The subject tag of a game: `[WCH26/7]`. */
export const subjectTag = (ctx: ComposeContext) => `[${ctx.event.tag}/${ctx.gameId}]`;

/** `1.e4`, `1.5254` (or `1...e5`, `1...5755` when Black moves first): the format, not advice. */
function firstMoveExample(pos: GameState['pos'], notation: Reader['notation']): string {
  const white = pos.turn === 'white';
  const move = notation === 'numeric' ? (white ? '5254' : '5755') : white ? 'e4' : 'e5';
  return `${moveNumber(pos.fullmoves, pos.turn)}${move}`;
}

/** A time control in the reader's words: its preset's label, filled with its numbers. */
function timeControlText(
  tc: EventRules['timeControl'],
  t: (path: string, vars?: Record<string, string | number>) => string,
): string {
  const numbers = Object.fromEntries(
    Object.entries(tc).filter((e): e is [string, number] => typeof e[1] === 'number'),
  );
  return t(`timeControl.${tc.preset}`, numbers);
}

/**
 * What every mail composed in one context shows alike (the clock lines, the PGN): one context
 * is one decision, whose mails go to both players and the TD; worked out once for them all.
 */
interface Shared {
  state: GameState;
  lines?: ClockLine[];
  pgn?: { value: string | undefined };
  /** The effect whose mail answers what the sender asked besides the move (`ComposeContext.asked`). */
  askedIn?: Effect | ShellMail;
}

/** The mails that answer a player's transmission, the first of which says what else they asked. */
export const ANSWERS_ASKED: readonly string[] = ['move-accepted', 'transmission-rejected'];
const sharedOf = new WeakMap<ComposeContext, Shared>();

function sharedFor(ctx: ComposeContext): Shared {
  let shared = sharedOf.get(ctx);
  if (shared?.state !== ctx.state) {
    shared = { state: ctx.state };
    sharedOf.set(ctx, shared);
  }
  return shared;
}

/** A block worked out on first use: the text part and the HTML part each render the template. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** Everything a template may use, for one recipient. */
function viewFor(
  effect: Effect | ShellMail,
  ctx: ComposeContext,
  r: Reader,
  labels: LabelTree,
  labelLang: string,
) {
  const state = ctx.state;
  // A label given as plural forms takes the one the reader's language uses for its count, as the
  // gameless mails' labels do ("1 dzień", "3 дні", "5 днів").
  const t = (path: string, vars?: Record<string, string | number>) =>
    labelIfAny(labels, path, labelLang, vars) ?? path;
  const sideLabel = (s: Side) => t(`side.${s}`);
  const names = { white: ctx.players.white.name, black: ctx.players.black.name };
  const move = (i: number) => moveView(state, i, r.notation, r.sanLang);
  const orientation: Side = ctx.boardFromRecipientSide && r.side ? r.side : 'white';
  const lastPly = state.plies[state.plies.length - 1];
  const attachments: MailAttachment[] = [];
  // P-10: after the event's end date an unfinished game is in adjudication, its clocks stopped:
  // judged on the day the mail is written, which may be after the day the mail it answers came.
  const writtenOn =
    ctx.writtenOn && compareDates(ctx.writtenOn, ctx.now) > 0 ? ctx.writtenOn : ctx.now;
  const adjudication = inAdjudication(state, writtenOn, ctx.rules);

  const shared = sharedFor(ctx);

  const board = once((): Block => {
    const text = boardText(state.pos, {
      letters: r.sanLang,
      orientation,
      numeric: r.notation === 'numeric',
    });
    // The legend names the board's own letters. They are English where the player's do not
    // fit one to a square (Ukrainian Кр): then it says how pieces are written in moves, or a
    // reader of "K король" takes the Ukrainian К, the knight, for the king (P-2b).
    const shown = boardLetters(r.sanLang);
    const named = (letters: Readonly<Record<string, string>>, roles: readonly string[]) =>
      roles
        .filter((role) => letters[role])
        .map((role) => `${letters[role]} ${t(`pieceNames.${role}`)}`)
        .join(', ');
    const own = PIECE_LETTERS[r.sanLang];
    const lettersDiffer =
      r.notation !== 'numeric' && PIECE_ROLES.some((role) => own[role] !== shown[role]);
    const legend = `${t('boardLegend', { list: named(shown, [...PIECE_ROLES, 'pawn']) })}${lettersDiffer ? ` ${t('moveLetters', { list: named(own, PIECE_ROLES) })}` : ''}`;
    // In adjudication no one is to move any more: the position is the one to be judged (P-10).
    const toMove = state.result
      ? ''
      : `\n${t(adjudication ? 'toMoveAdjudicated' : 'toMoveLine', { side: sideLabel(state.pos.turn), move: state.pos.fullmoves })}`;
    // The sender of an accepted move has just seen this position: the text board is enough,
    // and a board image is the most expensive part of a mail (issue 5's backlog bench).
    const png =
      effect.kind === 'move-accepted'
        ? undefined
        : boardPngFor(
            state,
            {
              orientation,
              lastMove: lastPly?.move,
              files: r.notation === 'numeric' ? 'digits' : 'letters',
            },
            ctx.boardFont,
          );
    const textBlock = `${text}\n${legend}${toMove}`;
    if (!png) return pre(textBlock);
    const cid = `board-${safeName(ctx.event.tag)}-${safeName(ctx.gameId)}-${state.plies.length}@amici`;
    if (!attachments.some((a) => a.cid === cid)) {
      attachments.push({ filename: 'board.png', contentType: 'image/png', content: png.png, cid });
    }
    const alt = htmlEscape(png.fen);
    return {
      text: textBlock,
      html: `<p style="margin:0 0 12px 0"><img src="cid:${cid}" width="${png.size}" height="${png.size}" alt="${alt}" style="display:block;max-width:100%;height:auto"></p>${toMove ? `<p style="margin:0 0 12px 0">${htmlEscape(toMove.trim())}</p>` : ''}`,
    };
  });

  // The mail that upholds a time claim: the restart it brings is told as this one, not as one
  // "since upheld" (P-7e).
  const upheldNow =
    effect.kind === 'claim-ruled' && effect.upheld
      ? state.claims.find((c) => c.id === effect.claimId)?.side
      : undefined;
  shared.lines ??= clockLines(state, ctx.rules, ctx.now);
  const lines: ClockLine[] = shared.lines;
  const clock = once((): Block => {
    const table = tableBlock(clockTable(lines, labels));
    const live = adjudication
      ? t('clock.stopped', { date: adjudication.endDate })
      : [liveText(lines, labels, labelLang, upheldNow), ...pendingClaims()]
          .filter(Boolean)
          .join(' ');
    return live
      ? {
          text: `${table.text}\n\n${live}`,
          html: `${table.html}\n<p style="margin:6px 0 12px 0">${htmlEscape(live)}</p>`,
        }
      : table;
  });

  const score = once((): Block => pre(scoreText(state, r.notation, r.sanLang) || '-'));

  /**
   * A time claim as people read it, in place of its id (`time:white:12:3:r1`): the control move
   * it is about and the side it is against ("move 12, White"); the id when the log lacks both.
   */
  const claimAt = (id: string): string => {
    const c = state.claims.find((x) => x.id === id);
    const move = c?.detailKey?.params.move ?? (id.startsWith('time:') ? id.split(':')[2] : '');
    return c && move !== undefined && move !== ''
      ? t('claimAt', { move, side: sideLabel(c.side) })
      : id;
  };

  /**
   * The time claims waiting for a ruling, under the clock that shows the days behind them (a
   * negative "left"): the protest deadline (P-7c) and what upholding them does — the offender's
   * time counted afresh (P-7e) from the day they received the notice, or the later day leave
   * granted since moved the excess to (P-8c; `restartOn`), or, beyond the excesses allowed, the
   * game lost on time (P-7f). While the excess is off the clock until a day to come, no day of a
   * restart can be named; once it is gone, the claim is not upheld (P-7c). Without it a player
   * reads a bare negative clock and "the time was exceeded".
   */
  const pendingClaims = (): string[] =>
    state.claims.flatMap((c) => {
      if (c.kind !== 'time' || c.ruling || c.protestBy === undefined || state.result) return [];
      const forfeit = upheldExcesses(state, c.side, c.id) + 1 > ctx.rules.excessesAllowed;
      const excess = claimedExcess(state, c, ctx.rules, ctx.now);
      const from = restartOn(state, c, ctx.rules, ctx.now);
      const vars = {
        claim: claimAt(c.id),
        protestBy: c.protestBy,
        side: sideLabel(c.side),
        sideOf: labelIfAny(labels, `sideOf.${c.side}`, labelLang) ?? sideLabel(c.side),
        from: from ?? '',
      };
      const then =
        excess?.status === 'gone'
          ? 'lapses'
          : forfeit
            ? 'forfeit'
            : from === undefined
              ? 'restartLater'
              : 'restart';
      return [
        `${t(`claimPending.${c.protestedOn ? 'protested' : 'open'}`, vars)} ${t(`claimPending.${then}`, vars)}`,
      ];
    });

  /** The event's table (L-12), for the TD; '' when the context has none. */
  let standingsRows: readonly NamedStandingsRow[] | undefined;
  const standings = (): Block | '' => {
    // The text and the HTML part each render the template: compute the table once.
    standingsRows ??= ctx.standings?.() ?? [];
    return standingsBlock(standingsRows, t);
  };

  const attachPgn = () => {
    // A letter on paper has the score printed in it, and nothing attached (P-2m).
    if (ctx.paper) return '';
    if (attachments.some((a) => a.contentType.startsWith('application/x-chess-pgn'))) return '';
    const pgnPlayer = (side: Side) => {
      const { pgnName, rating, fideId, iccfId } = ctx.players[side];
      return {
        name: pgnName ?? names[side],
        ...(rating !== undefined ? { rating } : {}),
        ...(fideId !== undefined ? { fideId } : {}),
        ...(iccfId !== undefined ? { iccfId } : {}),
      };
    };
    const pgnNames = { white: pgnPlayer('white'), black: pgnPlayer('black') };
    shared.pgn ??= { value: gamePgn(state, ctx.event, pgnNames, ctx.rules.timeControl) };
    const pgn = shared.pgn.value;
    if (pgn) {
      attachments.push({
        filename: `${safeName(ctx.event.tag)}-${safeName(ctx.gameId)}.pgn`,
        contentType: 'application/x-chess-pgn; charset=utf-8',
        content: pgn,
      });
    }
    return '';
  };

  /** A detail in the labels' language (`detail.<code>`); undefined when a label is missing. */
  const sayDetail = (key: DetailKey): string | undefined => {
    const vars: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(key.params)) {
      if (name === 'side' && (value === 'white' || value === 'black')) vars.side = sideLabel(value);
      else if (name === 'outcome') {
        vars.outcome = labelIfAny(labels, `tablebaseOutcome.${value}`, labelLang) ?? String(value);
      } else {
        // Numbers, and dates as the templates show them: the CalendarDate as it is.
        vars[name] = value;
      }
    }
    if (key.inner) {
      const inner = sayDetail(key.inner);
      if (inner === undefined) return undefined;
      vars.inner = inner;
    }
    return labelIfAny(labels, `detail.${key.code}`, labelLang, vars);
  };

  /**
   * A detail of the rules core (claim verdicts, claims, the end of a game) in the reader's
   * language when it carries its machine-readable form; else, as in older logs, the English text.
   */
  const detailText = (d: { detail?: string; detailKey?: DetailKey } | undefined): string =>
    (d?.detailKey && sayDetail(d.detailKey)) || d?.detail || '';

  const rulingParams = (params: Record<string, string>) => ({
    ...params,
    ...(params.side === 'white' || params.side === 'black' ? { side: sideLabel(params.side) } : {}),
    ...(params.result ? { result: t(`result.${params.result}`) } : {}),
    ...(params.previous ? { previous: t(`result.${params.previous}`) } : {}),
    // The claims in words ("move 10, Black"), as claim notices name them (P-7c).
    ...(params.claim ? { claimWords: params.claim.split(', ').map(claimAt).join('; ') } : {}),
  });

  const ruleRef = (ids: readonly string[]) =>
    ids.length ? `(${ids.length === 1 ? t('rule') : t('rules')} ${ids.join(', ')})` : '';

  /**
   * The last day for an appeal (P-11, P-13c: 14 days after receiving the decision): the
   * reader's own; for the TD, each player's when they differ (one by post, one by email).
   */
  const appealByText = (by: Record<Side, CalendarDate>) =>
    r.side
      ? by[r.side]
      : by.white === by.black
        ? by.white
        : `${by.white} (${sideLabel('white')}), ${by.black} (${sideLabel('black')})`;
  const tdWho = ctx.td.address ? `${ctx.td.name}, ${ctx.td.address}` : ctx.td.name;
  /** The chairman of the ICCF Appeals Commission as the event names them (`appealsTo`). */
  const chairWho = ctx.appealsTo ? `${ctx.appealsTo.name}, ${ctx.appealsTo.address}` : undefined;

  /** The problem of a rejected transmission, ready for the template (P-4c, P-4d, P-6g). */
  const problem = (p: Problem) => {
    const sender = r.side ?? state.pos.turn;
    const repeat = pliesToRepeat(state, sender).map((i) => move(i)!);
    const own = moveNumber(state.pos.fullmoves, state.pos.turn);
    const error = 'error' in p ? p.error : undefined;
    /** The sender's last move, which stands (P-4a): "12... Nf6". */
    const lastOwn = (() => {
      const i = state.plies.findLastIndex((x) => x.side === sender);
      const m = i >= 0 ? move(i) : undefined;
      return m ? `${m.number} ${m.primary}` : '';
    })();
    /** The move sent that a correction in the mail cannot replace (P-4a): "2. Nc3". */
    const stands = (() => {
      const m = p.code === 'slip-stands' ? move(p.ply) : undefined;
      return m ? `${m.number} ${m.primary}` : '';
    })();
    /**
     * The subject of its rejection: "please send again" only where a transmission must be sent
     * again (RESEND); a mail out of turn, after the game or about leave is asked for nothing.
     */
    const subject = (): string => {
      if (RESEND.includes(p.code)) return t('rejectedSubject.resend');
      if (p.code.startsWith('leave-')) return t('rejectedSubject.leave');
      if (p.code === 'not-your-turn' && lastOwn)
        return t('rejectedSubject.not-your-turn-stands', { move: lastOwn });
      if (p.code === 'slip-stands') return t('rejectedSubject.slip-stands', { move: stands });
      return (
        labelIfAny(labels, `rejectedSubject.${p.code}`, labelLang) ?? t('rejectedSubject.other')
      );
    };
    return {
      ...p,
      subject: subject(),
      error,
      errorKind: error ? t(`errorKind.${error.kind}`) : '',
      // A wrong repetition is the opponent's move misread: its reason speaks of their pieces.
      reason: error
        ? (p.code === 'repetition-wrong' &&
            labelIfAny(labels, `reasonInRepetition.${error.reason}`, labelLang)) ||
          t(`reason.${error.reason}`)
        : '',
      at:
        error?.moveNumber !== undefined ? moveNumber(error.moveNumber, error.side ?? 'white') : '',
      leaveReason:
        p.code === 'leave-refused'
          ? t(`leaveReason.${p.reason}`, {
              year: p.year ?? '',
              from: p.overlaps?.from ?? '',
              to: p.overlaps?.to ?? '',
            })
          : '',
      lastOwn,
      /** The move read in another language's letters, as the reader's notation writes it. */
      inOwnLetters: (() => {
        const m = p.code === 'other-letters' ? move(p.ply) : undefined;
        return m ? `${m.number} ${m.primary}` : '';
      })(),
      stands,
      /** The sender's own move that declined the opponent's draw offer, and its day. */
      ...(() => {
        const i = p.code === 'no-draw-offer' ? p.declinedBy : undefined;
        const m = i !== undefined ? move(i) : undefined;
        return m
          ? { declinedWith: `${m.number} ${m.primary}`, declinedOn: state.plies[i!]!.sentOn }
          : { declinedWith: '', declinedOn: '' };
      })(),
      repetition: repeat.map((m) => `${m.number} ${m.primary}`).join(' '),
      repetitionBoth: repeat.map((m) => m.text).join(', '),
      ownNumber: own,
      legal: wrapWords(legalMoves(state.pos, r.notation, r.sanLang)),
      candidates: error?.candidates ?? [],
    };
  };

  return {
    to: r.to,
    lang: r.lang,
    side: r.side,
    opponent: r.side ? other(r.side) : undefined,
    name: r.name,
    notation: r.notation,
    t,
    sideLabel,
    player: (s: Side) => `${sideLabel(s)} (${names[s]})`,
    /** The side in the case a possessive needs ("czas białych (Jan)"), where the language has one. */
    playerOf: (s: Side) =>
      `${labelIfAny(labels, `sideOf.${s}`, labelLang) ?? sideLabel(s)} (${names[s]})`,
    names,
    td: ctx.td.name,
    /** The TD with the address players may write to: "Anna, td@club.example". */
    tdWho,
    /**
     * The chairman of the ICCF Appeals Commission with their address, when the event names them
     * (`appealsTo`): the players write to them to appeal (P-13c), and amici copies them on an
     * appeal mailed to it.
     */
    chairWho,
    /**
     * How to appeal a decision of the TD, to the chairman of the ICCF Appeals Commission (P-13c),
     * and by when, in the reader's words: the players are told to whom, the TD that they were;
     * the chairman named, with their address, when the event gives them.
     */
    appealLine: (appeal: { rule: string; by: Record<Side, CalendarDate> }) =>
      t(`${r.to === 'td' ? 'appeal.td' : 'appeal.player'}${chairWho ? 'To' : ''}`, {
        by: appealByText(appeal.by),
        rule: ruleRef([appeal.rule]),
        td: tdWho,
        chair: chairWho ?? '',
      }),
    /** A letter printed and posted to a player by post (P-2m): they answer it on a card. */
    paper: ctx.paper === true,
    /**
     * Where a player by post sends their card, in the reader's words: to the opponent in a game
     * all by post, else (the opponent by email) to the TD, who enters it (`amici post`).
     */
    cardTo:
      ctx.event.mode === 'postal' && r.side
        ? t('paper.toOpponent', { name: names[other(r.side)] })
        : t('paper.toTd', { td: ctx.td.name }),
    event: ctx.event,
    gameId: ctx.gameId,
    game: gameTitle(names.white, names.black),
    tag: subjectTag(ctx),
    now: ctx.now,
    /** The line at the top of a relay going out late (P-6d), in the reader's words; else ''. */
    redelivery: ctx.redelivery
      ? t(`redelivery.${ctx.redelivery.how}`, {
          date: ctx.redelivery.firstOn,
          address: ctx.redelivery.firstTo ?? '',
          delivered: ctx.redelivery.deliveredOn,
        })
      : '',
    effect,
    e: effect,
    state,
    rules: ctx.rules,
    toMove: state.pos.turn,
    /** The side whose draw offer stands, if one does (L-9.1.2.1). */
    drawOfferBy: state.drawOffer?.by,
    fullmoves: state.pos.fullmoves,
    /** How the player to move would write a first move, for the mails that show how. */
    firstMoveExample: firstMoveExample(state.pos, r.notation),
    /** The event's time control in words (P-6a): `30 days for every 10 moves; …`. */
    timeControlText: timeControlText(ctx.rules.timeControl, t),
    /**
     * What the start notice would have said (P-2a, P-2b, P-6a: colours, opponent, time control,
     * how a move reaches the game), in a mail that resumes or reinstates a game with no move and
     * none sent (its effect's `starts`); '' otherwise, and for the TD.
     */
    startBlock:
      r.side && 'starts' in effect && effect.starts
        ? [
            t(`startBlock.${r.side}`, {
              opponent: names[other(r.side)],
              timeControl: timeControlText(ctx.rules.timeControl, t),
              rules: ruleRef(['P-6a']),
            }),
            ctx.paper
              ? t('paper.gameTag', { tag: subjectTag(ctx) })
              : t('startBlock.tag', { tag: subjectTag(ctx) }),
          ].join(' ')
        : '',
    over: state.result,
    /** The adjudication the game is in (P-10): `endDate`, `since`, `analysisBy`; else undefined. */
    adjudication,
    resultText: (res: string) => t(`result.${res}`),
    endKindText: (k: string) => t(`endKind.${k}`),
    move,
    moves: (indices: readonly number[]) =>
      indices.map((i) => move(i)).filter((m) => m !== undefined),
    repetitionFor: (indices: readonly number[]) => {
      const first = indices[0];
      return first === undefined || first === 0 ? undefined : move(first - 1);
    },
    lastTransmission: (silent: Side) => lastTransmission(state, silent),
    lineText: (line: readonly string[], afterPly: number) =>
      lineText(positionBefore(state, afterPly + 1), line, r.notation, r.sanLang),
    ruleRef,
    detailText,
    appealBy: appealByText,
    /** A TD ruling's detail values (`rulingDetail.<key>`), its side and result in the reader's words. */
    rulingParams,
    /**
     * A decision of the TD in the reader's words, as its own mail said it: "a time penalty
     * (Black, 5 days)", "the claim is upheld (time:white:10:1)" (P-13c: the decision appealed).
     */
    decisionText: (d: TdDecision) =>
      `${t(`ruling.${d.ruling}`)}${d.detail ? ` (${t(`rulingDetail.${d.detail.key}`, rulingParams(d.detail.params))})` : ''}`,
    /** The word for `n` in the reader's language: `it.plural(n, { one: 'day', other: 'days' })`. */
    plural: (n: number, forms: Record<string, string>) =>
      forms[pluralForm(labelLang, n)] ?? forms.other ?? '',
    board,
    clock,
    clockLines: lines,
    score,
    standings,
    // A claim before any reply in its count (a first move that never came, or none since a
    // restart) has no rows: say so, in words that fit a game with moves before.
    record: (rows: Parameters<typeof recordTable>[0]) =>
      rows.length
        ? withRecordNotes(tableBlock(recordTable(rows, labels)), rows, t)
        : pre(t(state.plies.length ? 'clock.noneInCount' : 'clock.none')),
    claimAt,
    /**
     * When a time claim's notice counts as received, where that is after the day it went out (a
     * player by post, P-2m): by the claimed player — their count restarts from then if it is
     * upheld (P-7e) — and by the later of the two, from which the days for a protest run (P-7c).
     */
    noticeReceipt: (id: string): { offender?: CalendarDate; latest?: CalendarDate } => {
      const c = state.claims.find((x) => x.id === id);
      if (!c) return {};
      const days = (['white', 'black'] as const).map((s) => noticeReceivedOn(c, s, ctx.rules));
      const latest = compareDates(days[0]!, days[1]!) >= 0 ? days[0]! : days[1]!;
      const offender = noticeReceivedOn(c, c.side, ctx.rules);
      const sent = c.sentLate?.[c.side] ?? c.on;
      return {
        ...(offender !== sent ? { offender } : {}),
        ...(latest !== c.on ? { latest } : {}),
      };
    },
    /** For the TD, who may rule on it: the claim in words and its id to rule by. */
    claimWithId: (id: string) => {
      const words = claimAt(id);
      return words === id ? id : `${words}; ${t('claimIdFor', { id })}`;
    },
    pre,
    problem,
    attachPgn,
    attachments,
  };
}

/**
 * The record of a time claim (P-7a) with why a row's days are fewer than its dates span: the
 * count began again inside that move's interval, after an earlier claim upheld (P-7e) or the
 * TD's setting of the clock (P-13); the days count from that day, not from the delivery.
 */
function withRecordNotes(
  table: Block,
  rows: Parameters<typeof recordTable>[0],
  t: (path: string, vars?: Record<string, string | number>) => string,
): Block {
  const notes = rows.flatMap((r) =>
    r.sinceReset
      ? [
          t(r.sinceReset.kind === 'restart' ? 'clock.restartRecord' : 'clock.setRecord', {
            move: r.move,
            date: r.sinceReset.on,
            delivered: r.deliveredOn,
          }),
        ]
      : [],
  );
  if (!notes.length) return table;
  const text = notes.join('\n');
  return {
    text: `${table.text}\n${text}`,
    html: `${table.html}\n${notes.map((n) => `<p style="margin:6px 0 12px 0">${htmlEscape(n)}</p>`).join('\n')}`,
  };
}

/** The plies of `silent`'s opponent's last transmission (the P-3a repeat). */
function lastTransmission(state: GameState, silent: Side): number[] {
  const out: number[] = [];
  for (let i = state.plies.length - 1; i >= 0; i--) {
    const p = state.plies[i]!;
    out.unshift(i);
    if (p.side !== silent && !p.conditional) break;
  }
  return out;
}

export type ComposeView = ReturnType<typeof viewFor>;

function composeOne(
  kind: string,
  effect: Effect | ShellMail,
  extra: Record<string, unknown>,
  ctx: ComposeContext,
  to: Recipient,
): ComposedMail {
  const dir = ctx.templatesDir ?? TEMPLATES_DIR;
  const reader = readerOf(ctx, to);
  const lang = templateLanguage(dir, reader.lang, kind);
  const labels = loadLabels(dir, lang);
  const view = {
    ...viewFor(effect, ctx, reader, labels, lang),
    asked: askedOf(ctx, effect, kind, to),
    ...extra,
  };
  const signature = label(labels, 'signature', { event: ctx.event.name, td: ctx.td.name });
  // A relay says itself, at its top, that it goes out late; any other mail written anew late
  // (the TD's copy to print of a notice, P-2m) begins with it.
  const preface = ctx.redelivery && kind !== 'move-relayed' ? view.redelivery : '';
  const rendered = renderMail(dir, lang, kind, view, signature, {
    marker: !ctx.paper,
    ...(preface ? { preface } : {}),
  });
  const tag = subjectTag(ctx);
  const subject = rendered.subject.includes(tag) ? rendered.subject : `${tag} ${rendered.subject}`;
  return {
    to,
    lang,
    subject,
    text: rendered.text,
    html: rendered.html,
    attachments: view.attachments,
    threadKey: `${ctx.event.tag}/${ctx.gameId}/${to}`,
    kind,
  };
}

/**
 * What the sender asked besides the move, for the first answer to them (`ANSWERS_ASKED`): the
 * PGN to attach (L-8.1; never on paper, where the score is printed), and the answer to a time
 * claim in words (P-7a); undefined for every other mail.
 */
function askedOf(
  ctx: ComposeContext,
  effect: Effect | ShellMail,
  kind: string,
  to: Recipient,
): { pgn: boolean; timeClaim: ReturnType<typeof timeClaimAnswer> } | undefined {
  const asked = ctx.asked;
  if (!asked || asked.side !== to || !ANSWERS_ASKED.includes(kind)) return undefined;
  const shared = sharedFor(ctx);
  shared.askedIn ??= effect;
  if (shared.askedIn !== effect) return undefined;
  const pgn = asked.pgn === true && !ctx.paper;
  const timeClaim = asked.claimsTime
    ? timeClaimAnswer(ctx, asked.side, asked.claimsTime === 'asked')
    : undefined;
  return pgn || timeClaim ? { pgn, timeClaim } : undefined;
}

/** One mail per recipient of the effect, in the recipient's language and notation. */
export function composeEffect(effect: Effect, ctx: ComposeContext): ComposedMail[] {
  return effect.to.map((to) => composeOne(effect.kind, effect, {}, ctx, to));
}

/**
 * A player's mail bigger than this goes to the TD as its ID in the archive rather than attached
 * (P-5a): a notice of a few kilobytes stays one, and mailboxes that take 10 MB are common; the
 * mail is kept whole in the store either way (`amici inbox show ID`).
 */
export const ORIGINAL_LIMIT = 10 * 2 ** 20;

/** A notice to the TD that is not a rulebook effect: a dispute (P-5d) or a bounce. */
export function composeTdNotice(notice: TdNotice, ctx: ComposeContext): ComposedMail {
  const errors = notice.rulingErrors;
  if (notice.original) {
    const { raw, ...rest } = notice.original;
    const attached = raw.length <= ORIGINAL_LIMIT;
    const mail = composeOne(
      'td-notice',
      { kind: 'td-notice' },
      { notice: { ...notice, original: { ...rest, attached } } },
      ctx,
      'td',
    );
    // The player's mail as it came, for the TD's mail program to open with its attachments.
    if (attached)
      mail.attachments.push({
        filename: 'original.eml',
        contentType: 'message/rfc822',
        content: raw,
      });
    return mail;
  }
  if (!errors?.length) return composeOne('td-notice', { kind: 'td-notice' }, { notice }, ctx, 'td');
  const dir = ctx.templatesDir ?? TEMPLATES_DIR;
  const labels = loadLabels(dir, templateLanguage(dir, readerOf(ctx, 'td').lang, 'td-notice'));
  const said = errors.map((e) => {
    const path = `rulingError.${e.code}`;
    const text = label(labels, path, e.params ?? {});
    return `${e.line}\n  -> ${text === path ? e.text : text}`;
  });
  const text = [...said, '', notice.text].join('\n');
  return composeOne('td-notice', { kind: 'td-notice' }, { notice: { ...notice, text } }, ctx, 'td');
}

/**
 * The answer to a player's mail about a game that holds no move and no command ("Thanks!",
 * "whose move is it?", a move only in an attached photo, a move only thought aloud about): nothing
 * was played; whose move it is
 * and, if theirs, how to write it (P-2a, P-2e); the board, both clocks, the score.
 */
export function composeNoMove(
  ctx: ComposeContext,
  side: Side,
  /** Moves the mail named only in a question or a thought ("I wonder if 4.Ba4 works"). */
  thoughts: readonly string[] = [],
  /**
   * The mail says the opponent exceeded the time, or claims the game for it (P-7a); `'asked'`:
   * it asks whether, or claims only on a condition ("is she late? If so I claim the time").
   */
  claimsTime: boolean | 'asked' = false,
  /** What else the mail was found to hold: a request for the PGN, a forwarded move. */
  asked: NoMoveAsked = {},
): ComposedMail {
  const timeClaim = claimsTime ? timeClaimAnswer(ctx, side, claimsTime === 'asked') : undefined;
  return composeOne(
    'no-move',
    { kind: 'no-move' },
    {
      thoughts,
      timeClaim,
      pgnAsked: asked.pgn === true,
      forwarded: asked.forwarded ? forwardedView(asked.forwarded) : undefined,
    },
    ctx,
    side,
  );
}

/**
 * A mail with no move that asks for something amici answers: the game's PGN ("please send me
 * the PGN"), attached to the answer; or a move of the opponent's that they sent the player
 * directly and the player forwarded (P-2d), which is not played.
 */
export interface NoMoveAsked {
  pgn?: boolean;
  forwarded?: ForwardedMove;
}

/** A move of a player's that their opponent forwarded to amici (P-2d): not played. */
export interface ForwardedMove {
  /** The player who sent it, as the game names them. */
  name: string;
  /** The day the forwarded mail was sent, when its date reads; else its date as written. */
  sentOn?: CalendarDate;
  dateWritten?: string;
  /** Its moves, as written. */
  moves: string;
  /** amici's own address, where moves go (P-2m). */
  referee: string;
  /** The player who forwarded it. */
  by: string;
}

const forwardedView = (f: ForwardedMove) => ({
  ...f,
  date: f.sentOn ?? f.dateWritten ?? '',
});

/**
 * To the player whose move their opponent forwarded to amici, having got it directly (P-2d,
 * P-2m): it has not reached amici, so it was not played and their clock runs; send it to amici,
 * where it counts from the day it comes (P-6d); the TD may be asked about the days (P-13).
 */
export function composeMoveNotReceived(
  ctx: ComposeContext,
  side: Side,
  forwarded: ForwardedMove,
): ComposedMail {
  return composeOne(
    'move-not-received',
    { kind: 'move-not-received' },
    { forwarded: forwardedView(forwarded) },
    ctx,
    side,
  );
}

/**
 * The answer to a player who claims the opponent exceeded the time (P-7a): amici files time
 * claims itself, so the player is told where the opponent's clock stands — their move not
 * running (`yourMove`), the days used and the last day in time (`inTime`), over the limit and
 * claimed (`filed`, the TD decides, P-7c), or over and still to be claimed (`due`: the sweep
 * files it, due.ts, on the day the time went over, with the record to the TD, P-7a, P-7b).
 * Undefined when the game is over: the answer says so.
 */
function timeClaimAnswer(
  ctx: ComposeContext,
  side: Side,
  /** The mail asked whether, or claimed on a condition: the answer's first words say so. */
  asked = false,
): { status: string; vars: Record<string, string | number>; intro: string } | undefined {
  const { state } = ctx;
  if (state.result) return undefined;
  const intro = asked ? 'introAsked' : 'intro';
  const opponent = other(side);
  const clock = gameClock(state, ctx.rules, opponent, ctx.now);
  const live = clock.ok ? clock.value.live : null;
  if (!live || state.pos.turn !== opponent) return { status: 'yourMove', vars: {}, intro };
  if (!live.exceeded || !live.exceedsOn)
    return {
      intro,
      status: 'inTime',
      vars: {
        used: live.totalDays,
        move: live.move,
        date: live.exceedsOn ? addDays(live.exceedsOn, -1) : '-',
      },
    };
  const over = live.exceedsOn;
  const filed = state.claims.find(
    (c) => c.kind === 'time' && c.side === opponent && compareDates(c.on, over) >= 0,
  );
  return filed
    ? { status: 'filed', vars: { date: over, filed: filed.on }, intro }
    : { status: 'due', vars: { date: over }, intro };
}

/**
 * To a player in whose name a mail came that does not prove it is theirs (P-2d: no valid DKIM
 * signature of their address's domain): nothing was played; why, in their words; what to do if
 * they sent it (send it again as it is, or ask the TD) and that the TD has it if they did not.
 */
export function composeUnauthenticated(
  ctx: ComposeContext,
  side: Side,
  check: { address: string; reason: string },
): ComposedMail {
  return composeOne('unauthenticated', { kind: 'unauthenticated' }, { check }, ctx, side);
}

/** To a player whose mail had a line for the TD (`TD: …`): it went to the TD (P-5d). */
/** `protests`: the time claims the message protests (P-7c), which now wait for the TD. */
export function composeTdForwarded(
  ctx: ComposeContext,
  side: Side,
  protests: readonly string[] = [],
): ComposedMail {
  return composeOne('td-forwarded', { kind: 'td-forwarded' }, { protests }, ctx, side);
}

/**
 * The TD's copy of `mail`, a mail to a player who plays by post (P-2m): the TD prints it and
 * posts it, so its first line, in the TD's language, says to whom and where ("Please print this
 * and post it to Petr, Dlouhá 5, Praha"), and the subject says it is for printing. The text,
 * the board and the attachments are the player's own, in the player's language. A copy of its
 * own thread and kind (`print:move-relayed`), which delivers nothing to the player by itself.
 * `reminderCopy`: `mail` is a reminder (P-3a), and this copy is also the TD's copy of it, the
 * only one the TD gets: its second line and its subject say so.
 */
export function composePrintCopy(
  mail: ComposedMail,
  /** The game's subject tag (`[WCH26/7]`) and the TD's language. */
  td: { tag: string; lang: string; templatesDir?: string | undefined },
  player: { id: string; name: string; postalAddress?: string | undefined },
  options: { reminderCopy?: boolean } = {},
): ComposedMail {
  const labels = loadLabels(td.templatesDir ?? TEMPLATES_DIR, td.lang);
  // An address written over several lines (a YAML block) is printed as the block it is, under
  // the player's name, ready for a window envelope; one line stays on the first line.
  const block = (player.postalAddress ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const lines = [
    block.length > 1
      ? label(labels, 'printCopy.lineBlock', { name: player.name })
      : player.postalAddress
        ? label(labels, 'printCopy.line', { name: player.name, address: player.postalAddress })
        : label(labels, 'printCopy.lineNoAddress', { name: player.name }),
    ...(options.reminderCopy
      ? [label(labels, 'printCopy.reminderCopy', { name: player.name })]
      : []),
  ];
  const address = block.length > 1 ? [player.name, ...block] : [];
  const tag = td.tag;
  const rest = mail.subject.startsWith(tag) ? mail.subject.slice(tag.length).trim() : mail.subject;
  const prefix = label(
    labels,
    options.reminderCopy ? 'printCopy.subjectReminder' : 'printCopy.subject',
    {
      name: player.name,
    },
  );
  const [firstLine = '', ...otherLines] = lines;
  const bold = (l: string) => `<p style="margin:0 0 12px 0;font-weight:bold">${htmlEscape(l)}</p>`;
  const first = [
    bold(firstLine),
    ...(address.length
      ? [`<p style="margin:0 0 12px 24px">${address.map(htmlEscape).join('<br>\n')}</p>`]
      : []),
    ...otherLines.map(bold),
  ].join('\n');
  const head = address.length
    ? [firstLine, '', ...address.map((l) => `    ${l}`), '', ...otherLines]
    : lines;
  return {
    ...mail,
    to: 'td',
    subject: `${tag} ${prefix}: ${rest}`,
    text: `${head.join('\n')}\n\n${mail.text}`,
    html: mail.html.replace(/(<body[^>]*>\n?)/, `$1${first}\n`),
    threadKey: `${mail.threadKey}/print`,
    kind: `print:${mail.kind}`,
    printFor: player.id,
  };
}

/** One of a player's unfinished games, as the which-game reply lists it. */
export interface WhichGameEntry {
  /** The event's tag: `WCH26` in `[WCH26/7]`. */
  eventTag: string;
  gameId: string;
  white: string;
  black: string;
}

/** What the which-game reply needs: there is no game, so no game state and no side. */
export interface WhichGameInput {
  /** The player who wrote; `lang` is theirs, else their event's (unknown codes: English). */
  player: { id: string; name: string; lang: string };
  /** The player's event: its tag names the thread, its name the signature. */
  event: { name: string; tag: string };
  td: { name: string };
  /** The player's unfinished games, in the order they are listed. */
  games: readonly WhichGameEntry[];
  /** The subject of the player's mail, kept after the question. */
  subject: string;
  /**
   * The mail named a game (by tag or thread) it does not fit, and reads as the player's move in
   * one other game: both games, as tags. Nothing was played in either, and no penalty given.
   */
  mismatch?: { named: WhichGameEntry; fits: WhichGameEntry };
  /**
   * The games the mail's move fits (the repetition right, a legal move), more than one: the
   * games listed are theirs, and the mail says so ("your move fits CC27/3, 16, 17, 20").
   */
  fits?: readonly WhichGameEntry[];
  /** The opponent the mail names ("Partia z Hansem Weberem"): the games listed are against them. */
  opponent?: string;
  /** The mail holds no move: it is asked to name its game, not to send its move again. */
  moveless?: boolean;
  /**
   * The mail also announced leave, which was not recorded with the rest (P-8a, P-8b): leave
   * alone needs no game, so the player is told to send it again without the moves.
   */
  leave?: boolean;
  /** The templates directory (default: `templates/` of this repository). */
  templatesDir?: string;
}

/** Games as their tags, an event's once: "CC27/3, 16, 17, 20"; events apart by "; ". */
function tagsText(games: readonly WhichGameEntry[]): string {
  const byEvent = new Map<string, string[]>();
  for (const g of games) byEvent.set(g.eventTag, [...(byEvent.get(g.eventTag) ?? []), g.gameId]);
  return [...byEvent].map(([tag, ids]) => `${tag}/${ids.join(', ')}`).join('; ');
}

/**
 * The subject of the mail we answer, as our subject quotes it after "— Re:": on one line, and
 * without the reply prefixes it already had (Re:, RE[2]:, Aw:, Odp:, Sv:), so no "Re: Re:".
 */
export function answeredSubject(subject: string): string {
  return subject
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:(?:re|aw|odp|sv|vs|wg|fw|fwd)(?:\[\d+\])?\s*:\s*)+/i, '');
}

/** Subjects are one line and not endless: a decoded subject can hold line breaks. */
const MAX_SUBJECT = 200;

/**
 * The reply to a player whose mail names no game we can find (no tag, no thread, no `Game:`
 * line) while they play several: nothing was played; send it again with the game's tag, or
 * answer our last mail about the game; here are your unfinished games.
 */
export function composeWhichGame(input: WhichGameInput): ComposedMail {
  const tagOf = (g: WhichGameEntry) => `[${g.eventTag}/${g.gameId}]`;
  const titled = (g: WhichGameEntry) => `${tagOf(g)} ${gameTitle(g.white, g.black)}`;
  const games = input.games.map((g) => ({
    tag: tagOf(g),
    white: g.white,
    black: g.black,
    game: gameTitle(g.white, g.black),
  }));
  const width = Math.max(0, ...games.map((g) => g.tag.length));
  const lines = games.map((g) => `${g.tag.padEnd(width)}  ${g.game}`);
  const list: Block = {
    text: lines.map((l) => `  ${l}`).join('\n'),
    html: pre(lines.join('\n')).html,
  };
  const on = { ...input, lang: input.player.lang };
  const mismatch = input.mismatch && {
    named: titled(input.mismatch.named),
    fits: titled(input.mismatch.fits),
    fitsTag: tagOf(input.mismatch.fits),
  };
  return gamelessMail('which-game', on, `which-game/${input.player.id}`, (t) => ({
    mismatch,
    fits: input.fits?.length ? tagsText(input.fits) : '',
    opponent: input.opponent ?? '',
    moveless: input.moveless === true,
    name: input.player.name,
    subject: answeredSubject(input.subject),
    event: input.event,
    td: input.td.name,
    games,
    list,
    /** The tag to show in the example subject: the first listed game's, else the event's. */
    example: mismatch?.fitsTag ?? games[0]?.tag ?? `[${input.event.tag}/…]`,
    leave: input.leave ? t('whichGameLeave') : '',
    t,
  }));
}

/**
 * A mail that concerns no side of a game (which-game, unknown-address, inbox-alert): its view
 * made in the reader's language, signed for the event; the shell addresses it (to whoever wrote,
 * or to the TD), so `to` is only a placeholder.
 */
export function gamelessMail(
  kind: string,
  input: {
    lang: string;
    templatesDir?: string | undefined;
    event: { name: string; tag: string };
    td: { name: string };
  },
  thread: string,
  viewOf: (
    t: (path: string, vars?: Record<string, string | number>) => string,
  ) => Record<string, unknown>,
): ComposedMail {
  const dir = input.templatesDir ?? TEMPLATES_DIR;
  const lang = templateLanguage(dir, input.lang, kind);
  const labels = loadLabels(dir, lang);
  // Plural-aware: a label given as forms picks the one its number needs ("in 1 day", "za 2 dny").
  const view = { lang, ...viewOf((path, vars) => labelIfAny(labels, path, lang, vars) ?? path) };
  const signature = label(labels, 'signature', { event: input.event.name, td: input.td.name });
  const rendered = renderMail(dir, lang, kind, view, signature);
  return {
    to: 'white',
    lang,
    subject: rendered.subject.slice(0, MAX_SUBJECT),
    text: rendered.text,
    html: rendered.html,
    attachments: [],
    threadKey: `${input.event.tag}/${thread}`,
    kind,
  };
}

/** What the reply to a mail from an unregistered address needs: the game it named, no player. */
export interface UnknownAddressInput {
  /** The address the mail came from. */
  address: string;
  /**
   * The language of the player the mail names or signs as, else of the game's players when they
   * share one, else the event's: the writer is no known player.
   */
  lang: string;
  event: { name: string; tag: string };
  td: { name: string; address?: string };
  game: { id: string; white: string; black: string };
  /** The mail holds a move or a command (not played): the writer is told to send it again. */
  moves?: boolean;
  /** The subject of the mail, kept after the notice. */
  subject: string;
  /** The templates directory (default: `templates/` of this repository). */
  templatesDir?: string;
}

/**
 * The reply to a mail about a game of the event (by its tag, our thread or a `Game:` line) from
 * an address no player has: nothing was read, no clock stopped; a move in it is sent again from
 * the registered address, or from this one once the TD has added it. A change of address goes
 * to the TD and the opponents (P-5c): the TD has the mail and alone adds the address; the
 * opponents write only through amici, so they need it for no move, and the player may tell them
 * in a note. Mail naming no game of ours gets no reply at all (no backscatter).
 */
export function composeUnknownAddress(input: UnknownAddressInput): ComposedMail {
  return gamelessMail('unknown-address', input, `unknown-address/${input.address}`, (t) => ({
    address: input.address,
    subject: answeredSubject(input.subject),
    event: input.event,
    td: input.td.name,
    tdWho: input.td.address ? `${input.td.name}, ${input.td.address}` : input.td.name,
    tag: `[${input.event.tag}/${input.game.id}]`,
    game: gameTitle(input.game.white, input.game.black),
    moves: input.moves === true,
    t,
  }));
}

/**
 * What the TDs are told when a part amici needs fails for long (its inbox, its state file), and
 * when it works again.
 */
interface TdAlertInput {
  state: 'down' | 'back';
  /** Since when it failed; `until`: since when it works again (ISO instants). */
  since: string;
  until?: string;
  error?: string;
  td: { name: string };
  /** The events this TD directs: their names sign the mail; the first one's language is used. */
  events: readonly { name: string; tag: string }[];
  lang: string;
  templatesDir?: string;
}

/** What the TDs are told when amici's inbox cannot be read for long, and when it can again. */
export interface InboxAlertInput extends TdAlertInput {
  /** The inbox's name ("imap referee@host/INBOX"). */
  inbox: string;
}

/** An instant as a TD reads it in a mail: `2026-11-22 08:05 UTC`. */
const utcMinute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The notice to a TD that the inbox cannot be read (so no move is relayed), or can again. */
export function composeInboxAlert(input: InboxAlertInput): ComposedMail {
  return tdAlert('inbox-alert', input, { inbox: input.inbox });
}

/** A TD alert (`template`): signed with the TD's events, the instants to the minute in UTC. */
function tdAlert(
  template: 'inbox-alert' | 'store-alert',
  input: TdAlertInput,
  what: Record<string, string>,
): ComposedMail {
  const event = { name: input.events.map((e) => e.name).join(', '), tag: 'amici' };
  return gamelessMail(template, { ...input, event }, template, () => ({
    state: input.state,
    name: input.td.name,
    ...what,
    since: utcMinute(input.since),
    until: input.until ? utcMinute(input.until) : '',
    error: input.error ?? '',
  }));
}

/** A mail amici failed to decide, set aside after `tries` attempts: what its readers are told. */
export interface MailFailedInput {
  /** The TD (what it was, how to read it again) or the player who sent it (that the TD has it). */
  audience: 'td' | 'player';
  /** Who reads it. */
  name: string;
  td: { name: string };
  /** The events it concerns: their names sign the mail; the reader's language is `lang`. */
  events: readonly { name: string; tag: string }[];
  lang: string;
  templatesDir?: string;
  /** The inbound record's id, for `amici inbox show` and `replay`. */
  inboundId: number;
  from: string;
  subject: string;
  /** When it arrived (ISO instant). */
  receivedAt: string;
  error: string;
  tries: number;
  /**
   * Set when the store could not take the mail (a nearly full disk): where the inbox keeps it
   * instead, the folder for rejected mail; `amici inbox show` and `replay` cannot read it.
   */
  keptIn?: string;
  /**
   * The cause was the referee's storage (a full disk, a read-only state file), not amici's code:
   * the player is told so, with no blame on them, and that the TD has amici read the mail again
   * once it is fixed. Implied by `keptIn`.
   */
  storage?: boolean;
}

/**
 * A mail whose decision failed again and again (an error in amici or in its storage, not in the
 * mail): to the TD, what came and how to read it again once the cause is fixed; to the player,
 * what failed, that nothing was played, no penalty given, and the TD has it, dated as it came
 * (P-2j, P-5a).
 */
export function composeMailFailed(input: MailFailedInput): ComposedMail {
  const event = { name: input.events.map((e) => e.name).join(', '), tag: 'amici' };
  const kind = input.audience === 'td' ? 'mail-failed-td' : 'mail-failed';
  return gamelessMail(kind, { ...input, event }, 'mail-failed', () => ({
    name: input.name,
    td: input.td.name,
    id: input.inboundId,
    from: input.from,
    subject: input.subject,
    received: utcMinute(input.receivedAt),
    error: input.error,
    tries: input.tries,
    keptIn: input.keptIn ?? '',
    storage: input.storage === true || input.keptIn !== undefined,
  }));
}

/** What the TDs are told when amici cannot write its state file, and when it can again. */
export interface StoreAlertInput extends TdAlertInput {
  /** The state file (`store.path`). */
  store: string;
}

/**
 * The notice to a TD that amici cannot write its state file (a full disk, a read-only file), so
 * no mail is played meanwhile, or that it can again.
 */
export function composeStoreAlert(input: StoreAlertInput): ComposedMail {
  return tdAlert('store-alert', input, { store: input.store });
}

/**
 * A decision of the TD in the reader's words, as its own mail said it: `ruling.<kind>` and
 * `rulingDetail.<key>` with its side and result in the reader's words.
 */
function decisionIn(
  d: TdDecision,
  t: (path: string, vars?: Record<string, string | number>) => string,
): string {
  if (!d.detail) return t(`ruling.${d.ruling}`);
  const params: Record<string, string> = { ...d.detail.params };
  if (params.side === 'white' || params.side === 'black') params.side = t(`side.${params.side}`);
  if (params.result) params.result = t(`result.${params.result}`);
  return `${t(`ruling.${d.ruling}`)} (${t(`rulingDetail.${d.detail.key}`, params)})`;
}

/** What the TD's report on an event holds (`reportDays`): the event as it stands on `on`. */
export interface TdReportInput {
  event: { name: string; tag: string };
  td: { name: string };
  /** The event's language, the TD's. */
  lang: string;
  templatesDir?: string;
  on: CalendarDate;
  /** The day of the previous report, if there was one: "finished since". */
  since?: CalendarDate | undefined;
  everyDays: number;
  games: number;
  /** The games in play and not stopped: who is to move, since when, days left (P-2k). */
  waiting: {
    game: string;
    players: string;
    toMove: string;
    since: CalendarDate;
    /** An upheld time claim counted this move afresh from this day (P-7e). */
    restartedOn?: CalendarDate;
    daysLeft: number | null;
  }[];
  /** Claims the TD has not ruled on yet (P-7c, P-7d). */
  claims: {
    game: string;
    id: string;
    name: string;
    protestBy: CalendarDate | undefined;
    /** A protest came (P-7c): the claim waits for the TD, not for its deadline. */
    protestedOn?: CalendarDate;
    /** A time claim whose excess the clock no longer shows (a card entered late, a ruling). */
    gone?: boolean;
    /** A time claim whose excess is on the clock since this day, later than claimed (leave granted since). */
    overSince?: CalendarDate;
    /** A time claim whose excess is off the clock until this day, when it is back if no move. */
    overAgainOn?: CalendarDate;
  }[];
  /** Games whose clocks the TD stopped (L-6.10). */
  paused: { game: string; players: string; from: CalendarDate }[];
  /**
   * Appeals that went to the TD through amici and wait for the decision on them (P-11, P-13c),
   * once each: per player and decision appealed, the day the first mail came; the player's own
   * last day, and whether it came after it. The rules give the TD no day to decide by.
   */
  appeals?: {
    game: string;
    side: Side;
    name: string;
    on: CalendarDate;
    against: TdDecision;
    by: CalendarDate;
    late?: boolean;
  }[];
  /**
   * P-10: the event has ended; its unfinished games are in adjudication, each with who was to
   * move and the days left as they stood on the end date. Absent before the end.
   */
  adjudication?: {
    endDate: CalendarDate;
    since: CalendarDate;
    analysisBy: CalendarDate;
    games: {
      game: string;
      players: string;
      toMove: string;
      daysLeft: number | null;
      /**
       * Each player, White first, with the day their analysis came through amici, if it did:
       * a player who sends none loses the right to appeal (P-10).
       */
      analyses: { name: string; on?: CalendarDate }[];
    }[];
  };
  /**
   * Leave on `on` or to come (P-8a), once each, with its first and last day: announced by the
   * player (P-8b) or `granted` by the TD (P-8c).
   */
  onLeave?: { name: string; from: CalendarDate; to: CalendarDate; granted?: boolean }[];
  /** Games that ended since the previous report (or ever, for the first). */
  finished: { game: string; players: string; result: string; on: CalendarDate }[];
  /**
   * Copies to print and post to a player by post (P-2m) that the TD's own mail server refused
   * for good, so were never printed: each once, in the first report after it failed — its ID in
   * the outbox, the game, the player it is for, what it is (the mail's kind), the day it was
   * written and the error.
   */
  unprinted?: {
    id: number;
    game: string;
    name: string;
    kind: string;
    on: CalendarDate;
    error: string;
  }[];
  standings: readonly NamedStandingsRow[];
}

/** The report lists this many waiting games at most; `amici games` lists them all. */
const REPORT_MAX_ROWS = 40;

/**
 * The TD's report on an event: who is to move with the least time left first, claims waiting
 * for a ruling (with the reply that rules), stopped clocks, games finished, the table (L-12).
 */
export function composeTdReport(input: TdReportInput): ComposedMail {
  return gamelessMail('td-report', input, `td-report/${input.on}`, (t) => {
    const table = (
      head: string[],
      right: boolean[],
      rows: string[][],
      cap = rows.length,
    ): Block | '' => {
      if (!rows.length) return '';
      const block = tableBlock({ head, right, rows: rows.slice(0, cap) });
      if (rows.length <= cap) return block;
      const more = t('report.more', { count: rows.length - cap });
      return {
        text: `${block.text}\n${more}`,
        html: `${block.html}\n<p style="margin:6px 0 12px 0">${htmlEscape(more)}</p>`,
      };
    };
    const L = (k: string) => t(`report.${k}`);
    const adjudicated = input.adjudication;
    const waiting = [...input.waiting].sort(
      (a, b) =>
        (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) || a.since.localeCompare(b.since),
    );
    return {
      name: input.td.name,
      event: input.event,
      on: input.on,
      since: input.since ?? '',
      everyDays: input.everyDays,
      games: input.games,
      inPlay: input.waiting.length + input.paused.length,
      /** The line that upholds the first claim, as the TD would reply with it. */
      claimExample: input.claims[0]
        ? `${input.claims[0].game} uphold-claim ${input.claims[0].id}`
        : '',
      t,
      waiting: table(
        [L('game'), L('players'), L('toMove'), L('since'), L('left')],
        [false, false, false, false, true],
        waiting.map((w) => [
          w.game,
          w.players,
          w.toMove,
          w.restartedOn
            ? t('report.sinceRestart', { since: w.since, date: w.restartedOn })
            : w.since,
          w.daysLeft === null ? '-' : String(w.daysLeft),
        ]),
        REPORT_MAX_ROWS,
      ),
      claims: table(
        [L('game'), L('claim'), L('player'), L('protestBy'), L('excess')],
        [false, false, false, false, false],
        input.claims.map((c) => [
          c.game,
          c.id,
          c.name,
          c.protestedOn ? t('report.protested', { date: c.protestedOn }) : (c.protestBy ?? '-'),
          c.gone
            ? L('excessGone')
            : c.overAgainOn
              ? t('report.excessAhead', { date: c.overAgainOn })
              : c.overSince
                ? t('report.excessMoved', { date: c.overSince })
                : L('excessStands'),
        ]),
      ),
      paused: table(
        [L('game'), L('players'), L('stoppedOn')],
        [false, false, false],
        input.paused.map((p) => [p.game, p.players, p.from]),
      ),
      appeals: table(
        [L('game'), L('player'), L('cameOn'), L('against'), L('dueBy')],
        [false, false, false, false, false],
        (input.appeals ?? []).map((a) => [
          a.game,
          a.name,
          a.on,
          `${a.against.on}: ${decisionIn(a.against, t)}`,
          a.late ? t('report.late', { date: a.by }) : a.by,
        ]),
      ),
      /** The line that records the decision on the first appeal, as the TD would reply with it. */
      appealExample: input.appeals?.[0]
        ? `${input.appeals[0].game} uphold-appeal --side ${input.appeals[0].side}`
        : '',
      adjudication: table(
        [L('game'), L('players'), L('toMove'), L('left'), L('analyses')],
        [false, false, false, true, false],
        (adjudicated?.games ?? []).map((g) => [
          g.game,
          g.players,
          g.toMove,
          g.daysLeft === null ? '-' : String(g.daysLeft),
          g.analyses
            .map(({ name, on }) =>
              on ? t('report.analysisOn', { name, date: on }) : t('report.analysisNone', { name }),
            )
            .join(', '),
        ]),
      ),
      adjudicationVars: adjudicated
        ? {
            since: adjudicated.since,
            end: adjudicated.endDate,
            by: adjudicated.analysisBy,
            // Only when claims wait: a word about them.
            claims: input.claims.length ? t('report.adjudicationClaims') : '',
            example: `${adjudicated.games[0]?.game ?? input.event.tag} set-result 1-0 --reason "adjudicated"`,
          }
        : {},
      onLeave: table(
        [t('standings.player'), L('from'), L('to'), L('leaveKind')],
        [false, false, false, false],
        (input.onLeave ?? []).map((l) => [
          l.name,
          l.from,
          l.to,
          l.granted ? L('leaveGranted') : L('leaveAnnounced'),
        ]),
      ),
      finished: table(
        [L('game'), L('players'), L('result'), L('on')],
        [false, false, false, false],
        // An annulled game has no result: it is out of the table (P-9a).
        input.finished.map((f) => [
          f.game,
          f.players,
          f.result === '*' ? L('annulled') : f.result,
          f.on,
        ]),
      ),
      standings: standingsBlock(input.standings, t),
      unprinted: table(
        [L('id'), L('game'), L('forPlayer'), L('letter'), L('written'), L('error')],
        [true, false, false, false, false, false],
        (input.unprinted ?? []).map((u) => [String(u.id), u.game, u.name, u.kind, u.on, u.error]),
      ),
      unprintedExample: input.unprinted?.[0] ? String(input.unprinted[0].id) : '',
    };
  });
}

/** A TD's rulings amici could not place in a game of theirs (P-7d): why, and how to name it. */
export interface TdRulingUnplacedInput {
  event: { name: string; tag: string };
  td: { name: string };
  lang: string;
  templatesDir?: string;
  /** No game named; lines naming several games; or a game that is not this TD's. */
  why: 'no-game' | 'several-games' | 'not-yours';
  /** For `not-yours`: the game the lines named. */
  game: string;
  /** A game key to show in the example line. */
  example: string;
  /** The ruling lines as the TD wrote them. */
  lines: string;
}

/** The answer to a TD whose ruling names no game of theirs: nothing applied; how to name it. */
export function composeTdRulingUnplaced(input: TdRulingUnplacedInput): ComposedMail {
  return gamelessMail('td-ruling-unplaced', input, 'td-ruling-unplaced', (t) => ({
    name: input.td.name,
    tag: input.event.tag,
    why: t(`unplaced.${input.why}`, { game: input.game }),
    example: input.example,
    lines: pre(input.lines),
    t,
  }));
}
