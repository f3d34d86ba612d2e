// The thin shell around the pure rulebook: one inbound message → read it, find the game and the
// player, decide, compose the replies, and commit events + outgoing mail + the message's status
// in one transaction (exactly once: a message seen again changes nothing). The sweep does the
// same for due work (P-3a, P-3b, P-7a, P-7c, P-8b, P-10), game by game. The outbox worker hands
// ready mail to the sender with retry delays as data; a permanent failure becomes a TD notice,
// and a move's relay that goes out only after failing dates the move's delivery (P-6d).

import type { Reading } from '../chess/index.ts';
import { isLanguage, parseReading, tokenText } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { addDays, calendarDateOf, compareDates, daysBetween } from '../clock/index.ts';
import type {
  ComposeContext,
  ComposedMail,
  ForwardedMove,
  MailFailedInput,
  RulingDoneInput,
  TdNotice,
  WithdrawalGame,
} from '../compose/index.ts';
import {
  composeEffect,
  composeForTd,
  composeInboxAlert,
  composeMailFailed,
  composeMoveNotReceived,
  composeNoMove,
  composePrintCopy,
  composeRulingDone,
  composeStoreAlert,
  composeTdForwarded,
  composeTdNotice,
  composeTdReport,
  composeTdRulingUnplaced,
  composeUnauthenticated,
  composeUnknownAddress,
  composeWhichGame,
  composeWithdrawal,
  gameTitle,
  plyText,
} from '../compose/index.ts';
import type { GameStatus } from '../compose/player-games.ts';
import { composeGamesStatus, composeOneGamePerMail } from '../compose/player-games.ts';
import type { GameMode } from '../config/load-config.ts';
import {
  eventRulesOf,
  eventStartsOn,
  gameModeOf,
  pgnIdsOf,
  pgnNameOf,
  playsByPost,
} from '../config/load-config.ts';
import type { AmiciConfig, EventConfig, GameConfig, PlayerConfig } from '../config/schema.ts';
import { courtesyOnly, courtesySubject } from '../mail/courtesy.ts';
import { forwardedOf } from '../mail/forwarded.ts';
import { gamesWithMoves } from '../mail/game-blocks.ts';
import type { Inbound, InboundMail, ReadError, Result } from '../mail/index.ts';
import {
  asksForPgn,
  asksOfTimeIn,
  claimsTimeIn,
  findCommands,
  headerOnly,
  protestsIn,
  readMail,
  readMessage,
} from '../mail/index.ts';
import type { MailRuling } from '../mail/td-rulings.ts';
import { lineWords, RULINGS_HELP, readRulings } from '../mail/td-rulings.ts';
import {
  type AssembleContext,
  findGameRef,
  movetextOf,
  namesPlayer,
  notATransmission,
  readTransmission,
} from '../mail/transmission.ts';
import { withdrawsFromEvent } from '../mail/withdrawal-words.ts';
import type {
  AppealRoute,
  Decision,
  Effect,
  EventRules,
  GameEvent,
  GameState,
  LeaveGame,
  NamedStandingsRow,
  Recipient,
  RefereeInput,
  Ruling,
  Side,
  StandingsGame,
  TdDecision,
} from '../referee/index.ts';
import {
  answeredBy,
  answeredDeliveredOn,
  appealBy,
  appealedIn,
  claimedExcess,
  claimsAwaiting,
  clockRunsAgainOn,
  currentAnalyses,
  decide,
  due,
  effectSummary,
  extendGame,
  foldGame,
  gameClock,
  inAdjudication,
  moveAwaitingAnswer,
  namesUnplayedMove,
  other,
  playsNewMove,
  protestableClaims,
  standings,
  thoughtsText,
} from '../referee/index.ts';
import type {
  InboundRecord,
  InboundStatus,
  LastTdReport,
  NewOutboxMail,
  OutboxRow,
  Store,
} from '../store/store.ts';
import {
  dedupeKey,
  finishedKey,
  gameKeyOf,
  isStoreTrouble,
  replayKey,
  unprintedKey,
} from '../store/store.ts';
import type { DnsResolver, SenderCheck } from './authenticate.ts';
import { cachingResolver, checkSender } from './authenticate.ts';
import type { GameRefResolved } from './directory.ts';
import { Directory } from './directory.ts';
import type { Logger } from './log.ts';
import { buildMime, printForOf, subjectOf } from './outgoing-mime.ts';
import { type InboundItem, MailUnavailable, type Sender, type SettleOutcome } from './transport.ts';

export interface ServiceOptions {
  config: AmiciConfig;
  store: Store;
  logger: Logger;
  /** The wall clock, injected (tests and `demo` move it). */
  clock?: () => Date;
  templatesDir?: string;
  /** DNS for the DKIM keys of players' mail (default: the system's, answers kept 10 min). */
  resolver?: DnsResolver;
}

export type { GameRefResolved } from './directory.ts';

/** A mail parsed and not yet decided (`readItem`, then `decideGroup`). */
export interface ReadItem {
  item: InboundItem;
  read: Result<Inbound, ReadError>;
  /** The key this reading is stored under (`readingKey`). */
  key: string;
  /** A mail too large to read: its sender and subject from its header block, for the record. */
  header?: { sender?: string; subject?: string };
  /** The DKIM check of its sender, when a player it may be from requires one (P-2d). */
  sender?: SenderCheck;
  /**
   * Reading the mail's text threw: an error in amici, not in the mail (then `read` is no
   * reading). It is counted like a failed decision and, after SET_ASIDE_AFTER tries, set aside;
   * `mail` is the parsed header, to tell the sender.
   */
  failed?: { error: Error; mail: InboundMail };
  /**
   * A mail a TD sent with another mail attached whole (message/rfc822): the attached mail, read,
   * so a forwarded player's mail can be named with its own sender and date (P-2j).
   */
  attached?: InboundMail;
}

/** Due work about a player's clock, which waits while their move's relay has not reached them. */
const WAIT_FOR_RELAY: readonly string[] = ['reminder', 'silence', 'time-exceeded'];

/**
 * A composed mail of a game; `relayOf`, for a move's relay to the player who must answer it;
 * `ofCard`, the relay or acknowledgement of a postal card, whose players have it on paper;
 * `paper`, the same mail as a letter to print and post, should its player play by post (P-2m).
 */
type GameMail = ComposedMail & {
  relayOf?: number;
  relayEffect?: string;
  ofCard?: true;
  paper?: () => ComposedMail;
  /** The effect it was written from, for its recipient alone: a copy to print keeps it. */
  effect?: Effect;
  /** Addresses that get a copy (Cc): the chairman of the Appeals Commission, of an appeal. */
  cc?: string[];
};

/** What every inbound row of a mail starts from: its key, when it came, its bytes, its id. */
type InboundBase = { dedupeKey: string; receivedAt: string; raw: Buffer; messageId?: string };

/**
 * A player's mail that names none of their games and fits none alone (`gameOf`): their event,
 * the games to list — those the move fits (`fits`), of those against the opponent it names
 * (`opponent`) when any, else all unfinished — and whether it holds no move (`moveless`).
 */
interface UnplacedMail {
  event: EventConfig;
  player: PlayerConfig;
  games: GameRefResolved[];
  fits?: GameRefResolved[];
  opponent?: string;
  moveless?: boolean;
}

/** A transmission returned with nothing of it taken: no move played, the game not ended. */
const rejectedOnly = (effects: readonly Effect[]): boolean =>
  effects.some((e) => e.kind === 'transmission-rejected') &&
  !effects.some((e) => e.kind === 'move-accepted' || e.kind === 'game-ended');

/**
 * A TD's rulings and the games they rule on (P-7d): each line's own (`CLUB/4 uphold-claim …`,
 * as the report writes it) or else the mail's; `ref` is the mail's game, or the first named.
 */
interface TdRulings {
  ref: GameRefResolved;
  rulings: MailRuling[];
  gameOf: (ruling: MailRuling) => GameRefResolved;
}

/**
 * A TD's rulings with no game of theirs to apply to: none named, lines with no game beside lines
 * naming several (which game would they be?), or another TD's game.
 */
type Unplaced = {
  unplaced: 'no-game' | 'several-games' | 'not-yours';
  rulings: MailRuling[];
  game?: string;
};

/** What a sender check found, for the TD. */
const checkDetail = (check: SenderCheck): string =>
  check.verdict === 'pass' ? `signed by ${check.domain}` : check.detail;

/** The key a reading of a mail is stored under: the mail's, and which replay it is if one. */
function readingKey(item: InboundItem, messageId: string | undefined): string {
  const first = dedupeKey(item.raw, messageId);
  return item.replay === undefined ? first : replayKey(first, item.replay);
}

/**
 * How long a mail whose sender's key cannot be looked up (DNS down) is left to be read again
 * before it is answered as unverified: a local DNS outage delays moves, it does not return them.
 */
const KEY_LOOKUP_PATIENCE_MS = 24 * 3600 * 1000;

/** What was thrown, as an Error (a library may throw anything). */
const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').slice(0, 300);

/** A logger whose lines wait in `held` (to be said once what they tell of is committed). */
const heldLogger = (to: Logger, held: (() => void)[]): Logger => ({
  info: (fields, msg) => void held.push(() => to.info(fields, msg)),
  warn: (fields, msg) => void held.push(() => to.warn(fields, msg)),
  error: (fields, msg) => void held.push(() => to.error(fields, msg)),
  debug: (fields, msg) => void held.push(() => to.debug(fields, msg)),
});

/** Events by their TD's address (lower case): one mail per TD, however many events they direct. */
function eventsByTd(events: readonly EventConfig[]): Map<string, EventConfig[]> {
  const byTd = new Map<string, EventConfig[]>();
  for (const e of events) {
    const key = e.td.address.toLowerCase();
    byTd.set(key, [...(byTd.get(key) ?? []), e]);
  }
  return byTd;
}

/**
 * How many times deciding a mail may fail (an error in amici) before it is set aside and the TD
 * told: a failure that passes (another process changed the game meanwhile) gets tries enough.
 */
const SET_ASIDE_AFTER = 3;

/**
 * Game states kept in memory at most: a fold is cheap to redo, memory is not (a 100-move game's
 * state with its log is ~70 KB, measured, so this bounds the cache near 140 MB at worst).
 */
const MAX_CACHED_STATES = 2_000;

/**
 * A mail as a TD notice quotes it: who, when, the subject and what the player wrote now — its
 * first 40 lines, or for an adjudication analysis (P-10), which may be long, all of it.
 */
function mailForTd(inbound: Inbound, sender: string, receivedAt: string, lines = 40): string {
  const from = inbound.mail.from;
  return [
    `From: ${from?.name ? `${from.name} <${sender}>` : sender}`,
    `Received: ${receivedAt}`,
    `Subject: ${inbound.mail.subject}`,
    '',
    ...inbound.newText.lines.slice(0, lines),
  ].join('\n');
}

/** An analysis is quoted to the TD whole, up to this many lines (P-10). */
const ANALYSIS_LINES = 2_000;

/**
 * Mail that is no transmission (from an address no player has, P-5c; or with no move in it)
 * gets at most one answer per game and address in this long: no exchange with a robot.
 */
const QUIET_MS = 24 * 3600 * 1000;

export class RefereeService {
  /** The configuration in force; `reconfigure` replaces it (with `directory`) between messages. */
  config: AmiciConfig;
  readonly store: Store;
  /** Where log lines go (held back while a group of mails is not yet committed). */
  logger: Logger;
  readonly clock: () => Date;
  directory: Directory;
  private readonly states = new Map<string, GameState>();
  private readonly templatesDir: string | undefined;
  private readonly resolver: DnsResolver;

  constructor(options: ServiceOptions) {
    this.config = options.config;
    this.store = options.store;
    this.directory = this.newDirectory(options.config);
    this.logger = options.logger;
    this.clock = options.clock ?? (() => new Date());
    this.templatesDir = options.templatesDir;
    this.resolver = cachingResolver(options.resolver);
  }

  // --- the games of the configuration -----------------------------------------------------

  /**
   * Put an edited configuration in force (`amici run` on SIGHUP): players, addresses, games and
   * event settings as the file now says, and the games it adds created. The daemon calls this
   * between messages, never during one. Games already played keep their logs: a game the file
   * no longer lists stays in the store, as it does at a restart.
   */
  reconfigure(config: AmiciConfig): { created: number } {
    this.config = config;
    this.directory = this.newDirectory(config);
    return { created: this.ensureGames() };
  }

  /** The config's players and games, with the colours the TD reversed (L-7.1) swapped. */
  private newDirectory(config: AmiciConfig): Directory {
    const directory = new Directory(config);
    for (const gameKey of this.store.gamesWithOddCount('colours-reversed'))
      directory.orient(gameKey, true);
    return directory;
  }

  /** Whether the config has a game the store has not (one `ensureGames` would create). */
  gamesMissing(): boolean {
    return this.config.events.some((event) =>
      event.games.some((game) => !this.store.hasGame(gameKeyOf(event.tag, game.id))),
    );
  }

  /** Create in the store every game of the config that is not there yet. */
  ensureGames(): number {
    let created = 0;
    const at = this.clock().toISOString();
    for (const event of this.config.events) {
      for (const game of event.games) {
        const start = game.fen
          ? ({ kind: 'fen', fen: game.fen } as const)
          : game.chess960 !== undefined
            ? ({ kind: 'chess960', number: game.chess960 } as const)
            : ({ kind: 'standard' } as const);
        const createdEvent: GameEvent = {
          type: 'created',
          on: game.startsOn,
          start,
          white: this.player(event, game.white).name,
          black: this.player(event, game.black).name,
          whiteId: game.white,
          blackId: game.black,
          clockStartsOn: game.startsOn,
          timeControl: { ...event.timeControl },
          excessesAllowed: event.excessesAllowed,
          byPost: [game.white, game.black].filter((id) =>
            playsByPost(event, game, this.player(event, id)),
          ),
        };
        // A game added after a player announced leave: the leave stops its clock too (P-8a).
        const key = gameKeyOf(event.tag, game.id);
        const leave: GameEvent[] = this.store.hasGame(key)
          ? []
          : (['white', 'black'] as const).flatMap((side) => {
              const address = this.player(event, game[side]).addresses[0];
              return address
                ? this.announcedLeave(address)
                    .filter((l) => compareDates(l.to, game.startsOn) >= 0)
                    .map((l): GameEvent => ({ type: 'leave', on: game.startsOn, side, ...l }))
                : [];
            });
        if (this.store.createGame(event.tag, game.id, createdEvent, at, leave)) {
          created++;
          this.logger.info({ code: 'GAME_CREATED', game: gameKeyOf(event.tag, game.id) });
        }
      }
    }
    return created;
  }

  player(event: EventConfig, id: string): PlayerConfig {
    return this.directory.player(event, id);
  }

  resolveGame(gameKey: string): GameRefResolved | undefined {
    return this.directory.game(gameKey);
  }

  /**
   * A game's state now. Folds are kept per game and brought up to date with the events logged
   * since (by this process or another: `amici td`, `amici post`), so a backlog does not re-read
   * and re-parse a game's whole log for every mail.
   */
  state(gameKey: string): GameState {
    const known = this.states.get(gameKey);
    const more = this.store.eventsFrom(gameKey, known?.events.length ?? 0);
    if (known && !more.length) return known;
    const state = known ? extendGame(known, more) : foldGame(more);
    // A reversal logged since (by a ruling here or by `amici td`) changes who plays White.
    if (state.coloursReversed !== known?.coloursReversed)
      this.directory.orient(gameKey, state.coloursReversed);
    if (this.states.size >= MAX_CACHED_STATES) this.states.clear();
    this.states.set(gameKey, state);
    return state;
  }

  /**
   * An event's games and standings (L-12) as the store has them; `current`, a game's state after
   * a decision not yet committed, stands in for that game's stored state.
   */
  standingsOf(
    event: EventConfig,
    current?: { gameKey: string; state: GameState },
  ): { games: StandingsGame[]; rows: NamedStandingsRow[] } {
    const games: StandingsGame[] = [];
    for (const g of this.store.games()) {
      if (g.eventTag !== event.tag) continue;
      const ref = this.resolveGame(g.gameKey);
      if (!ref) continue;
      const state = g.gameKey === current?.gameKey ? current.state : this.state(g.gameKey);
      games.push({
        id: ref.game.id,
        white: ref.game.white,
        black: ref.game.black,
        result: state.result?.result,
      });
    }
    const names = new Map(event.players.map((p) => [p.id, p.name]));
    const rows = standings(
      event.players.map((p) => p.id),
      games,
    ).map((r) => ({ ...r, name: names.get(r.player) ?? r.player }));
    return { games, rows };
  }

  /**
   * The rulebook's settings for an event, or (`game`, with its colours as now oriented) for one
   * of its games: which of its players play by post (P-3a).
   */
  rules(event: EventConfig, game?: GameConfig): EventRules {
    return eventRulesOf(event, game && this.byPost(event, game));
  }

  /** Whether each side of a game plays by post (the game's mode, the player's, the event's). */
  byPost(event: EventConfig, game: GameConfig): { white: boolean; black: boolean } {
    return {
      white: playsByPost(event, game, this.player(event, game.white)),
      black: playsByPost(event, game, this.player(event, game.black)),
    };
  }

  /** How a game's moves travel (its PGN's Mode). */
  modeOf(ref: GameRefResolved): GameMode {
    return gameModeOf(this.byPost(ref.event, ref.game));
  }

  today(event: EventConfig, at: Date | string = this.clock()): CalendarDate {
    const d = calendarDateOf(typeof at === 'string' ? at : at.toISOString(), event.timeZone);
    if (!d.ok) throw new Error(`bad instant ${String(at)}: ${d.error}`);
    return d.value;
  }

  readingOf(event: EventConfig, p: PlayerConfig): Reading {
    const reading = parseReading(p.notation ?? event.notation) ?? { kind: 'auto' };
    // A numeric player who writes a move in letters writes the letters of their language.
    const lang = p.language ?? event.language;
    return reading.kind === 'numeric' && isLanguage(lang) ? { kind: 'numeric', lang } : reading;
  }

  /**
   * How a mail of `side` in game `ref` that came on `now` is read (P-2b, P-2f..h): in the
   * player's notation, and with the day the move it answers was delivered, which decides a
   * slash date that reads both ways ("11/10"): the move `side` answers, not the last one when
   * that is their own (`answeredBy`), so a mail explained after it was played reads as it did.
   * `amici explain` and `amici post` read with it too, so they read a mail or a card as the
   * daemon does.
   */
  readContext(ref: GameRefResolved, side: Side, now: CalendarDate): AssembleContext {
    const state = this.state(ref.gameKey);
    return {
      side,
      reading: this.readingOf(ref.event, this.player(ref.event, ref.game[side])),
      sentOn: now,
      since: answeredBy(state, side),
    };
  }

  private composeContext(
    ref: GameRefResolved,
    state: GameState,
    now: CalendarDate,
  ): ComposeContext {
    const prefs = (id: string) => {
      const p = this.player(ref.event, id);
      const reading = this.readingOf(ref.event, p);
      return {
        name: p.name,
        pgnName: pgnNameOf(p),
        ...pgnIdsOf(p),
        lang: p.language ?? ref.event.language,
        notation: reading.kind === 'numeric' ? ('numeric' as const) : ('san' as const),
        // Moves are written in the letters the player writes (`san:pl`, `san`).
        ...(reading.kind === 'algebraic' ? { sanLang: reading.lang } : {}),
      };
    };
    // From the state, which may hold a reversal of the colours (L-7.1) not yet committed.
    const { white, black } = this.directory.colours(ref.gameKey, state.coloursReversed);
    const startsOn = eventStartsOn(ref.event);
    return {
      state,
      rules: this.rules(ref.event, ref.game),
      now,
      writtenOn: this.today(ref.event),
      event: {
        name: ref.event.name,
        tag: ref.event.tag,
        ...(ref.event.site !== undefined ? { site: ref.event.site } : {}),
        mode: this.modeOf(ref),
        ...(startsOn ? { startsOn } : {}),
      },
      gameId: ref.game.id,
      players: { white: prefs(white), black: prefs(black) },
      td: { name: ref.event.td.name, lang: ref.event.language, address: ref.event.td.address },
      ...(ref.event.appealsTo ? { appealsTo: ref.event.appealsTo } : {}),
      standings: () => this.standingsOf(ref.event, { gameKey: ref.gameKey, state }).rows,
      ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
    };
  }

  private addressesOf(ref: GameRefResolved, to: Recipient): string[] {
    if (to === 'td') return [ref.event.td.address];
    return [this.player(ref.event, ref.game[to]).addresses[0]!];
  }

  /**
   * A mail that goes to addresses of its own rather than to a side of a game (the writer of a
   * mail, a TD), as a queued outbox row. `seed` makes its Message-ID stable.
   */
  private mailTo(
    mail: ComposedMail,
    to: string[],
    seed: string,
    options: { gameKey?: string; inReplyTo?: string | undefined; cc?: string[] } = {},
  ): NewOutboxMail {
    const { messageId, raw } = buildMime({
      mail,
      from: this.config.from,
      to,
      ...(options.cc ? { cc: options.cc } : {}),
      seed,
      ...(options.inReplyTo ? { inReplyTo: options.inReplyTo } : {}),
      date: this.clock(),
    });
    return {
      messageId,
      ...(options.gameKey ? { gameKey: options.gameKey } : {}),
      kind: mail.kind,
      recipients: [...to, ...(options.cc ?? [])],
      sender: this.config.from.address,
      raw,
    };
  }

  /**
   * When mail of `kind` for the game last went to `address`, if that was less than QUIET_MS
   * before `at`: such an answer is given once a day, so no robot can start an exchange.
   */
  private answeredLately(
    kind: string,
    gameKey: string,
    address: string,
    at: string,
  ): string | undefined {
    const last = this.store.lastQueued(kind, gameKey, [address]);
    return last && Date.parse(at) - Date.parse(last) < QUIET_MS ? last : undefined;
  }

  /**
   * `ref` with the colours of `state`, which may hold a reversal (L-7.1) not yet committed: the
   * mails a decision makes go to the players as that decision sees them.
   */
  private oriented(ref: GameRefResolved, state: GameState): GameRefResolved {
    const colours = this.directory.colours(ref.gameKey, state.coloursReversed);
    return colours.white === ref.game.white ? ref : { ...ref, game: { ...ref.game, ...colours } };
  }

  /**
   * Compose effects into queued MIME. `seed` makes Message-IDs stable for this decision. A mail
   * to a player who plays by post (P-2m) also goes to the TD to print and post
   * (`composePrintCopy`). For a player by post the paper is what counts: the copy of a move's
   * relay carries the relay's delivery bookkeeping (`relayOf`, `relayEffect`), so one that fails
   * or bounces leaves the move undelivered and their clock waiting, and one that goes out late
   * dates the delivery from then (P-6d, `relayDelivered`, `printWrittenAnew`); the relay by
   * email carries none, so its failure or bounce holds nothing up (`bounce`, `tellTdOfFailure`).
   * A reminder to a player by post is one mail to the TD, not two: its copy to print is also the
   * TD's copy of the reminder (P-3a), which is not sent besides.
   */
  private outgoing(
    ref: GameRefResolved,
    mails: GameMail[],
    seed: string,
    replyTo?: { side: Side; messageId: string },
  ): NewOutboxMail[] {
    const byPost = (to: Recipient): to is Side =>
      to !== 'td' && playsByPost(ref.event, ref.game, this.player(ref.event, ref.game[to]));
    const remindedByPost = mails.some((m) => m.kind === 'reminder' && !m.ofCard && byPost(m.to));
    return mails.flatMap((mail, i) => {
      if (remindedByPost && mail.kind === 'reminder' && mail.to === 'td') return [];
      const side = mail.to;
      const printed = !mail.ofCard && byPost(side);
      // The delivery of a move's relay: the relay's own, or for a player by post the copy's.
      const relay = {
        ...(mail.relayOf !== undefined ? { relayOf: mail.relayOf } : {}),
        ...(mail.relayEffect !== undefined ? { relayEffect: mail.relayEffect } : {}),
      };
      const own: NewOutboxMail = {
        ...this.mailTo(mail, this.addressesOf(ref, mail.to), `${seed}:${i}:${mail.to}`, {
          gameKey: ref.gameKey,
          inReplyTo: replyTo?.side === mail.to ? replyTo.messageId : undefined,
          ...(mail.cc?.length ? { cc: mail.cc } : {}),
        }),
        // A player by post's relay by email keeps its effect only (no delivery): written anew
        // if it goes out late, as the letter is (`byPostRelayWrittenAnew`).
        ...(printed
          ? mail.relayEffect !== undefined
            ? { relayEffect: mail.relayEffect }
            : {}
          : relay),
      };
      if (!printed) return [own];
      const { relayOf: _r, relayEffect: _e, ofCard: _c, paper, effect, ...composed } = mail;
      // The letter as it is printed: answered on a card, not by mail (P-2m).
      const copy = this.printCopy(ref, paper?.() ?? composed, side);
      const to = [ref.event.td.address];
      return [
        own,
        {
          ...this.mailTo(copy, to, `${seed}:${i}:${mail.to}:print`, { gameKey: ref.gameKey }),
          // The effect it was written from, so that it is written anew if it goes out late.
          ...(effect ? { relayEffect: JSON.stringify(effect) } : {}),
          ...relay,
        },
      ];
    });
  }

  /** The TD's copy to print and post of `mail`, to the player by post at `side` (P-2m). */
  private printCopy(ref: GameRefResolved, mail: ComposedMail, side: Side): ComposedMail {
    return composePrintCopy(
      mail,
      {
        tag: `[${ref.event.tag}/${ref.game.id}]`,
        lang: ref.event.language,
        templatesDir: this.templatesDir,
      },
      this.player(ref.event, ref.game[side]),
      { reminderCopy: mail.kind === 'reminder' },
    );
  }

  /**
   * The mails of a decision's effects, composed on `ctx.state`, the game as the decision leaves
   * it. A move's relay by mail to the player who must answer it notes that move's place in the
   * log, so that a relay going out late dates its delivery (P-6d, `relayDelivered`); a postal
   * card's relay (`byMail` false) does not: the card's received date dates it.
   */
  private composeAll(effects: Effect[], ctx: ComposeContext, byMail = true): GameMail[] {
    return effects.flatMap((e) =>
      composeEffect(e, ctx).map((composed): GameMail => {
        const to = composed.to;
        // Written as a letter only if it goes to a player by post (`outgoing`).
        const own: Effect = { ...e, to: [to] };
        const mail: GameMail =
          to === 'td'
            ? composed
            : {
                ...composed,
                effect: own,
                paper: () => composeEffect(own, { ...ctx, paper: true })[0]!,
              };
        // A card went from player to player by post: its relay and its acknowledgement are
        // for the record, and are not printed for a player by post as well — but for an
        // acknowledgement that records the card's dates otherwise than it states them, in a
        // game all by post. Those notes go to the sender with the next move (P-2i, P-2j): in a
        // mixed game that is the relay of the answer by mail, printed with them (`cardDates`);
        // in a game all by post the next move is the opponent's own card, which amici does not
        // write, so the acknowledgement that tells them is printed.
        const tellsDates =
          e.kind === 'move-accepted' && e.corrections.length > 0 && ctx.event.mode === 'postal';
        if (!byMail && (e.kind === 'move-relayed' || e.kind === 'move-accepted') && !tellsDates)
          return { ...mail, ofCard: true };
        if (e.kind !== 'move-relayed' || to === 'td' || !byMail) return mail;
        const last = ctx.state.plies[e.plies[e.plies.length - 1] ?? -1];
        return last && last.side !== to
          ? { ...mail, relayOf: last.seq, relayEffect: JSON.stringify(e) }
          : mail;
      }),
    );
  }

  // --- inbound ------------------------------------------------------------------------------

  /** Decide one inbound message and commit everything it causes. Returns where to file it. */
  async processInbound(item: InboundItem): Promise<SettleOutcome> {
    const reading = await this.readItem(item);
    if (reading.failed) throw reading.failed.error;
    return this.decideInbound(reading);
  }

  /**
   * Parse a mail and, if the player it claims to be from requires it, check its DKIM signature:
   * the asynchronous half of processing it, which commits nothing. Throws while the signing key
   * cannot be looked up (for a day at most): the mail stays in the inbox and is read again.
   */
  async readItem(item: InboundItem): Promise<ReadItem> {
    // A mail the inbox could not give (IMAP `BODY[] NIL`): not read as an empty one, which would
    // be filed as ignored; it fails, and is read again once the inbox gives it.
    if (item.unavailable !== undefined || !Buffer.isBuffer(item.raw))
      throw new MailUnavailable(item.unavailable ?? 'the inbox gave no bytes for this mail');
    const message = await readMessage(item.raw);
    const key = readingKey(item, message.ok ? message.value.messageId : undefined);
    let read: ReadItem['read'];
    if (!message.ok && message.error === 'too-large') {
      const header = await headerOnly(item.raw);
      return { item, read: message, key, ...(header ? { header } : {}) };
    }
    if (!message.ok) read = message;
    else {
      try {
        read = { ok: true, value: this.readMail(message.value) };
      } catch (e) {
        const error = asError(e);
        return {
          item,
          read: { ok: false, error: 'unparseable' },
          key,
          failed: { error, mail: message.value },
        };
      }
    }
    const from = read.ok ? read.value.mail.from?.address : undefined;
    const checked = await this.senderChecked(item, read, key, from);
    // A TD's or a player's mail with a mail attached whole (a forward): the attached one is read
    // now, while reading may wait (the decision that names it may not).
    const original =
      read.ok && from && (this.isTd(from) || this.directory.memberships(from).length > 0)
        ? read.value.mail.report.original
        : undefined;
    if (original === undefined || read.ok === false || read.value.classification.kind !== 'normal')
      return checked;
    const attached = await readMessage(original);
    return attached.ok ? { ...checked, attached: attached.value } : checked;
  }

  /** The reading of `item`, with the DKIM check of its sender where one is needed (P-2d). */
  private async senderChecked(
    item: InboundItem,
    read: ReadItem['read'],
    key: string,
    from: string | undefined,
  ): Promise<ReadItem> {
    if (
      !from ||
      item.senderConfirmed ||
      !this.checksSender(from) ||
      // Mail decided before (read again after a restart, delivered twice) is not checked again.
      this.store.seen(key)
    )
      return { item, read, key };
    const sender = await checkSender(item.raw, {
      from,
      resolver: this.resolver,
      at: new Date(item.receivedAt),
    });
    const waited = this.clock().getTime() - Date.parse(item.receivedAt);
    if (sender.verdict === 'temporary' && waited < KEY_LOOKUP_PATIENCE_MS)
      throw new Error(`the DKIM key of ${from} cannot be looked up now: ${sender.detail}`);
    return { item, read, key, sender };
  }

  /**
   * Whether mail from `from` has its DKIM signature checked (P-2d): a player's address that
   * needs one in any of their games, or a TD's where the TD's rulings need one. Known from the
   * config alone, so the check (a DNS lookup) is made before anything is written.
   */
  checksSender(from: string): boolean {
    return (
      this.directory.memberships(from).some((m) => this.needsSignature(m.player)) ||
      (this.isTd(from) && this.tdNeedsSignature())
    );
  }

  /** The text of a parsed mail read (a method, so that a test can make it fail). */
  private readMail(mail: InboundMail): Inbound {
    return readMail(mail);
  }

  /** Whether `address` is the TD of an event. */
  isTd(address: string): boolean {
    const a = address.toLowerCase();
    return this.config.events.some((e) => e.td.address.toLowerCase() === a);
  }

  /** A TD's mailed ruling counts only with a valid signature where players' mail needs one. */
  tdNeedsSignature(): boolean {
    return this.config.inbox.authentication === 'dkim';
  }

  /** Whether a TD's mail counts as the TD's: signed where that is needed, or confirmed (P-2d). */
  private tdVerified(reading: ReadItem): boolean {
    return (
      !this.tdNeedsSignature() ||
      !!reading.item.senderConfirmed ||
      reading.sender?.verdict === 'pass'
    );
  }

  /** Whether a player's mail counts only with a valid DKIM signature of its domain (P-2d). */
  needsSignature(player: PlayerConfig): boolean {
    return (player.authentication ?? this.config.inbox.authentication) === 'dkim';
  }

  /**
   * Decide mails read one after another and commit them in one transaction: a backlog (a
   * catch-up, an inbox back after an outage) then costs one synced commit a batch, not one a
   * mail. Each mail is decided on what the ones before it logged, exactly as one by one. A mail
   * whose decision fails is rolled back alone and is an Error here (it is not filed, so it is
   * read again); if the group's commit fails (one mail the store cannot take rolls the whole
   * transaction back), each mail is decided again and committed alone. What the mails log is
   * said only once their commit is on disk.
   */
  decideGroup(group: readonly ReadItem[]): (SettleOutcome | Error)[] {
    const one = (r: ReadItem, inGroup: boolean) => {
      if (r.failed)
        return this.store.seen(r.key)?.status ?? this.failedDecision(r, r.failed.error, inGroup);
      try {
        return inGroup ? this.store.savepoint(() => this.decideInbound(r)) : this.decideInbound(r);
      } catch (e) {
        // The group's transaction is gone (below): this mail is not counted now, but decided
        // again alone.
        if (inGroup && !this.store.db.inTransaction) throw e;
        return this.failedDecision(r, asError(e), inGroup);
      }
    };
    if (group.length <= 1) return group.map((r) => one(r, false));
    // What the group's mails log is said once their commit is on disk: a line that a mail was
    // played must never come before a commit that then fails.
    const held: (() => void)[] = [];
    const logger = this.logger;
    this.logger = heldLogger(logger, held);
    try {
      const outcomes = this.store.together(() =>
        group.map((r) => {
          const outcome = one(r, true);
          // SQLite rolls the whole transaction back on some failures (SQLITE_FULL, a full disk;
          // SQLITE_IOERR): the mails after would each commit alone, and the group's COMMIT fail.
          if (!this.store.db.inTransaction)
            throw outcome instanceof Error ? outcome : new Error('the transaction was rolled back');
          return outcome;
        }),
      );
      this.logger = logger;
      for (const line of held) line();
      return outcomes;
    } catch (e) {
      this.logger = logger;
      // Folds cached while the group ran may hold its events: read them again from the log.
      this.states.clear();
      // One mail the store cannot take (a huge one on a nearly full disk) must not hold back the
      // others read with it, for ever: each is decided again and committed alone, and a mail that
      // keeps failing is counted and, in the end, set aside (failedDecision).
      logger.warn({
        code: 'INBOUND_GROUP_SPLIT',
        mails: group.length,
        error: firstLine(asError(e).message),
      });
      return group.map((r) => one(r, false));
    }
  }

  /**
   * A mail whose decision threw (an error in amici, not in the mail: a bad mail gets an
   * answer): counted across restarts, and after SET_ASIDE_AFTER failures set aside — filed as
   * rejected with nothing played and no penalty, the TD told how to read it again once the cause
   * is fixed, the player that the TD has it — rather than tried for ever, unanswered.
   */
  private failedDecision(reading: ReadItem, error: Error, inGroup: boolean): SettleOutcome | Error {
    const at = this.clock().toISOString();
    let tries: number;
    try {
      tries = this.store.noteFailure(reading.key, error.message, at);
    } catch {
      // Nothing can be written (a full disk, a read-only store): the mail is no more at fault
      // than any other. It stays in the inbox and is read again; the daemon tells the TDs.
      return error;
    }
    if (tries < SET_ASIDE_AFTER) return error;
    let outcome: SettleOutcome;
    try {
      outcome = this.committed(() => this.setAside(reading, error, tries, at, true));
    } catch (e) {
      // Inside a group, the group is decided again mail by mail (decideGroup).
      if (inGroup) throw e;
      // The store cannot take this mail whole (its bytes on a nearly full disk): it is set
      // aside all the same, its bytes left where the inbox files it — never deleted.
      try {
        outcome = this.committed(() => this.setAside(reading, error, tries, at, false));
      } catch {
        return error;
      }
    }
    this.setAsideCount++;
    return outcome;
  }

  /** How many mails this process set aside (`failedDecision`): `run --once` says so. */
  setAsideCount = 0;

  /**
   * `fn` in a savepoint (a transaction of its own outside a group), what it logs said only once
   * that is committed: a commit can fail after the last write (the WAL on a full disk).
   */
  private committed<T>(fn: () => T): T {
    const held: (() => void)[] = [];
    const logger = this.logger;
    this.logger = heldLogger(logger, held);
    let out: T;
    try {
      out = this.store.savepoint(fn);
    } finally {
      this.logger = logger;
    }
    for (const line of held) line();
    return out;
  }

  /** Where the inbox files mail it sets aside, as a TD finds it. */
  private rejectedFolder(): string {
    const inbox = this.config.inbox;
    return inbox.kind === 'imap'
      ? `${inbox.folders.rejected} (${inbox.user}, ${inbox.host})`
      : `${inbox.path}/.amici.rejected`;
  }

  /**
   * File a mail that failed again and again as rejected, nothing played, and tell the TD and the
   * player. `archived`: with its bytes in the store (the TD reads it again with `amici inbox
   * replay`); otherwise under a key of its own (`:unarchived`), its bytes only in the inbox's
   * folder for rejected mail, so that moved back into the inbox once the cause is fixed, it is
   * read as new.
   */
  private setAside(
    reading: ReadItem,
    error: Error,
    tries: number,
    at: string,
    archived: boolean,
  ): SettleOutcome {
    const { item, read, key } = reading;
    const mail = reading.failed?.mail ?? (read.ok ? read.value.mail : undefined);
    const sender = mail?.from?.address;
    const subject = mail?.subject ?? '';
    const said = (error.message.split('\n')[0] ?? '').slice(0, 300);
    const members = sender ? this.directory.memberships(sender) : [];
    const events = members.length ? [...new Set(members.map((m) => m.event))] : this.config.events;
    const templates = this.templatesDir ? { templatesDir: this.templatesDir } : {};
    const facts = {
      from: sender ?? '?',
      subject,
      receivedAt: item.receivedAt,
      error: said,
      tries,
      ...(archived ? {} : { keptIn: this.rejectedFolder() }),
      // The store could not take it: the player is told the referee's storage failed.
      ...(!archived || isStoreTrouble(error) ? { storage: true } : {}),
    };
    const mails = (inboundId: number): NewOutboxMail[] => {
      const tell = (
        reader: Pick<MailFailedInput, 'audience' | 'name' | 'td' | 'events' | 'lang'>,
        to: string,
        seed: string,
        inReplyTo?: string,
      ) =>
        this.mailTo(
          composeMailFailed({ ...facts, ...templates, ...reader, inboundId }),
          [to],
          `mail-failed:${key}:${seed}`,
          { inReplyTo },
        );
      const out = [...eventsByTd(events)].map(([k, tdEvents]) => {
        const { td, language } = tdEvents[0]!;
        return tell(
          { audience: 'td', name: td.name, td, events: tdEvents, lang: language },
          td.address,
          k,
        );
      });
      const member = members[0];
      if (member && sender)
        out.push(
          tell(
            {
              audience: 'player',
              name: member.player.name,
              td: member.event.td,
              events: [member.event],
              lang: member.player.language ?? member.event.language,
            },
            sender,
            'player',
            mail?.messageId,
          ),
        );
      return out;
    };
    this.store.commitInbound(
      {
        dedupeKey: archived ? key : `${key}:unarchived`,
        receivedAt: item.receivedAt,
        raw: archived ? item.raw : Buffer.alloc(0),
        ...(mail?.messageId ? { messageId: mail.messageId } : {}),
        ...(sender ? { sender } : {}),
        subject,
        status: 'rejected',
        note: `set aside after ${tries} failed tries: ${said}${archived ? '' : `; not archived here (the store could not take it): the mail is in ${this.rejectedFolder()}`}`,
      },
      [],
      mails,
      at,
    );
    this.logger.warn({
      code: 'INBOUND_SET_ASIDE',
      item: item.id,
      messageId: mail?.messageId,
      ...(sender ? { sender } : {}),
      tries,
      error: said,
      ...(archived ? {} : { archived: false }),
    });
    return 'rejected';
  }

  private decideInbound(reading: ReadItem, retried = false): SettleOutcome {
    const { item, read } = reading;
    const messageId = read.ok ? read.value.mail.messageId : undefined;
    // Every log line about this mail names it, so a TD can find it in `amici inbox`.
    const outer = this.mailLog;
    this.mailLog = { item: item.id, ...(messageId ? { messageId } : {}) };
    try {
      return this.decideMail(reading, retried);
    } finally {
      this.mailLog = outer;
    }
  }

  /** The mail being decided, for its log lines: its inbox id and Message-ID. */
  private mailLog: { item: string; messageId?: string } | undefined;

  private decideMail(reading: ReadItem, retried: boolean): SettleOutcome {
    const { item, read, key, sender: check } = reading;
    const messageId = read.ok ? read.value.mail.messageId : undefined;
    const seen = this.store.seen(key);
    if (seen) {
      this.logger.info({
        code: 'INBOUND_DUPLICATE',
        item: item.id,
        messageId,
        status: seen.status,
      });
      return seen.status;
    }
    const at = this.clock().toISOString();
    const base = {
      dedupeKey: key,
      receivedAt: item.receivedAt,
      raw: item.raw,
      ...(messageId ? { messageId } : {}),
    };
    const ignore = (note: string, extra: { sender?: string; subject?: string } = {}) => {
      this.store.commitInbound({ ...base, ...extra, status: 'ignored', note }, [], [], at);
      this.logger.info({
        code: 'INBOUND_IGNORED',
        item: item.id,
        messageId,
        ...(extra.sender ? { sender: extra.sender } : {}),
        note,
      });
      return 'ignored' as const;
    };
    if (!read.ok)
      return read.error === 'too-large'
        ? ignore(
            `unreadable: too large (${Math.round(item.raw.length / 2 ** 20)} MB; amici reads mail up to 50 MB): ask the sender to send it again without the attachment`,
            reading.header ?? {},
          )
        : ignore(`unreadable: ${read.error}`);
    const inbound = read.value;
    const sender = inbound.mail.from?.address;
    const subject = inbound.mail.subject;
    const who = { ...(sender ? { sender } : {}), subject };
    if (inbound.classification.kind === 'bounce') return this.bounce(inbound, base, at);
    if (inbound.classification.kind === 'auto-reply')
      return ignore(`auto-reply (${inbound.classification.reason})`, who);
    if (!sender) return ignore('no sender', who);

    const ref = this.gameOf(inbound, sender, item.receivedAt);
    if (ref === 'unknown-sender') {
      // A TD's mail: rulings on its lines, for the game it answers about (P-7d).
      if (this.isTd(sender))
        return (
          this.tdMail(reading, inbound, sender, base, at) ??
          this.tdNoRuling(reading, inbound, sender, base, at) ??
          ignore('from the TD', who)
        );
      return this.unknownSender(inbound, sender, base, at) ?? ignore('unknown sender', who);
    }
    // Moves for several games in one mail: none of them is played (one game per mail).
    const several = this.severalGames(inbound, sender);
    if (several) return this.oneGamePerMail(reading, several, inbound, sender, base, at);
    if (!('gameKey' in ref)) {
      // A TD who also plays, writing about no game of their own as a player: their rulings.
      const ruled = this.isTd(sender) && this.tdMail(reading, inbound, sender, base, at);
      if (ruled) return ruled;
      return (
        this.forTdWithoutGame(reading, ref, inbound, sender, base, at) ??
        this.gamesStatus(ref, inbound, sender, base, at) ??
        this.askWhichGame(ref.event, ref.player, ref.games, inbound, base, at, undefined, ref)
      );
    }
    const writer = this.player(ref.event, ref.game[this.sideOf(ref, sender)]);
    if (this.needsSignature(writer) && check?.verdict !== 'pass' && !item.senderConfirmed)
      return this.unauthenticated(ref, inbound, sender, check, base, at);

    // What the mail says in this game: its body, or the subject typed into a mail with none.
    const {
      side,
      state,
      rules,
      now,
      t,
      inbound: said,
    } = this.transmissionIn(ref, inbound, sender, item.receivedAt);
    if (!t) return ignore('no transmission', who);
    // The opponent's move, sent to this player directly and forwarded here: not played (P-2d).
    const forwardedMove = this.forwardedMove(reading, inbound, ref, side, state);
    if (forwardedMove && !playsNewMove(state, t, now, rules) && !said.commands.length)
      return this.answerForwardedMove(ref, side, state, now, forwardedMove, inbound, base, at);
    if (t.leave) t.leaveTaken = this.announcedLeave(sender);
    // A line for the TD (`TD: …`, P-5d): the TD gets the whole mail, the player a word that it
    // went; whatever else the mail holds is decided as usual.
    // The TD's copy shows the game as the mail leaves it: with the move it also played.
    // Words of a withdrawal from the event are for the TD too, who decides the games (P-9a).
    // So is a mail that appeals while a time claim against its sender waits for its ruling ("I
    // appeal against this time claim"): it is about the claim, for the TD (P-7c), not an appeal
    // of a decision the TD took before (P-13c).
    const toTd =
      said.commands.some((c) => c.kind === 'td-message') ||
      withdrawsFromEvent(said.newText.text) ||
      withdrawsFromEvent(inbound.mail.subject) ||
      (t.appeal === 'appeal' && !state.result && claimsAwaiting(state, side));
    // From the claimed player while a time claim is in its window, it is their protest: the
    // claim then waits for the TD's ruling instead of being upheld at its deadline (P-7c). The
    // claimant, whom the notice invites too, protests by saying so ("Protest: …", "dispute").
    const protesting = said.commands.some((c) => c.kind === 'td-message' && protestsIn(c.raw));
    const protested = toTd
      ? protestableClaims(state, now).filter((c) => c.side === side || protesting)
      : [];
    // A protest after the window closed is no protest (P-7c), but the TD should know it came —
    // from the claimed player or from the claimant, whom the notice invites too.
    const late =
      protesting && !protested.length
        ? state.claims.filter(
            (c) =>
              c.protestBy !== undefined &&
              !c.protestedOn &&
              compareDates(c.protestBy, now) < 0 &&
              daysBetween(c.protestBy, now) <= 30,
          )
        : [];
    const protests: GameEvent[] = protested.map((c) => ({
      type: 'claim-protested',
      on: now,
      id: c.id,
    }));
    // After the event's end, what a player writes in the game is their adjudication claim and
    // analysis (P-10): the rulebook records it, and the TD gets the whole mail (below).
    const adjudicating = inAdjudication(state, now, rules) !== undefined;
    // A mail that appeals a decision of the TD in words (a result set under P-10 or P-13, a
    // penalty, a ruling on a claim …) goes to the rulebook, which records it as the player's
    // appeal (P-11, P-13c), even with no move in it.
    const appealing = appealedIn(state, t, now, rules) !== undefined;
    /** The decision the appeal is tied to (P-11, P-13c), as the rulebook recorded it. */
    let route: AppealRoute | undefined;
    /**
     * The TD's copy of the mail: a message for the TD (P-5d), the player's analysis (P-10) or
     * their appeal (P-11, P-13).
     */
    const tdMails = (game: GameState, forwarded: 'analysis' | 'appeal' | undefined, id: number) => {
      const tdContext = this.composeContext(ref, game, now);
      const told =
        forwarded && !protested.length
          ? []
          : [
              composeTdForwarded(
                tdContext,
                side,
                protested.map((c) => c.id),
              ),
            ];
      // The opponent learns the claim now waits for the TD's ruling (P-7c), as when the TD
      // enters a protest that came by post — a claim the deadline upheld before this mail was
      // read (an outage, a backlog) reopened, its restart undone (P-7e).
      const reopened = protested.filter((c) => c.ruling);
      const opponentTold = protested.length
        ? this.composeAll(
            [
              {
                kind: 'ruling-applied',
                to: [side === 'white' ? 'black' : 'white'],
                ruling: `protest ${side} received ${now}`,
                detail: {
                  key: reopened.length ? 'protest-reopens' : 'protest',
                  params: {
                    claim: protested.map((c) => c.id).join(', '),
                    on: now,
                    side,
                    ...(reopened.length ? { ruledOn: reopened[0]!.ruling!.on } : {}),
                  },
                },
                rules: reopened.length ? ['P-7c', 'P-7e'] : ['P-7c'],
              },
            ],
            tdContext,
          )
        : [];
      // An appeal to the chairman of the ICCF Appeals Commission (P-13c): they get a copy of
      // the TD's, when the event names them (`appealsTo`); an adjudication's stays with the TD,
      // whose second expert decides (P-11).
      const chair =
        forwarded === 'appeal' && route?.rule === 'P-13' ? ref.event.appealsTo : undefined;
      return this.outgoing(
        ref,
        [
          {
            ...composeTdNotice(
              {
                kind: forwarded ?? 'dispute',
                side,
                ...(forwarded === 'appeal' && route ? { appeal: route } : {}),
                text: mailForTd(said, sender, base.receivedAt, forwarded ? ANALYSIS_LINES : 40),
                // The mail as it came, its attachments with it (a PGN, a PDF analysis, P-5a).
                original: { raw: base.raw, inboundId: id },
                ...(protested.length ? { protests: protested.map((c) => c.id) } : {}),
                ...(protested.some((c) => c.ruling)
                  ? {
                      reopened: protested.flatMap((c) =>
                        c.ruling ? [{ id: c.id, ruledOn: c.ruling.on }] : [],
                      ),
                    }
                  : {}),
                ...(late.length
                  ? {
                      lateProtests: late.map((c) => ({
                        id: c.id,
                        protestBy: c.protestBy!,
                        ...(c.ruling ? { ruledOn: c.ruling.on, upheld: c.ruling.upheld } : {}),
                      })),
                    }
                  : {}),
              },
              tdContext,
            ),
            ...(chair ? { cc: [chair.address] } : {}),
          },
          ...told,
          ...opponentTold,
        ],
        `${key}:td`,
        messageId ? { side, messageId } : undefined,
      );
    };
    // The inbox line says a protest was made: the claim now waits for the TD (P-7c).
    const protestNote = protested.length
      ? `protest of ${protested.map((c) => c.id).join(', ')} (P-7c); `
      : '';
    if (toTd && notATransmission(said, t) && !adjudicating && !appealing) {
      this.store.commitInbound(
        {
          ...base,
          ...who,
          gameKey: ref.gameKey,
          status: 'done',
          note: `${protestNote}for the TD (P-5d)`,
        },
        protests.length ? [{ gameKey: ref.gameKey, events: protests }] : [],
        (id) => tdMails(extendGame(state, protests), undefined, id),
        at,
      );
      this.logger.info({ code: 'INBOUND_TD_MESSAGE', ...this.mailLog, game: ref.gameKey, side });
      return 'done';
    }
    // A request for the game's PGN, in the body or the subject ("please send me the PGN"); with
    // a transmission, it is answered with the answer to it (`asked` below).
    const pgnWanted = [
      said.newText.text.trim() ? '' : (inbound.mail.subject ?? ''),
      ...said.newText.lines,
    ].some(asksForPgn);
    // "My opponent is late, I claim a win on time" (P-7a): answered with the opponent's clock;
    // so is the question or the condition of one ("is she late? If so I claim the time").
    const claimsTime = said.newText.lines.some(claimsTimeIn)
      ? true
      : said.newText.lines.some(asksOfTimeIn)
        ? ('asked' as const)
        : false;
    const pgnAsked =
      pgnWanted &&
      t.moves.length === 0 &&
      said.commands.every((c) => c.kind === 'td-message') &&
      t.statedReceivedOn === undefined &&
      t.statedSentOn === undefined;
    if ((notATransmission(said, t) || pgnAsked) && !adjudicating && !appealing) {
      // Words with no move, command or date in them ("Thanks!", "is it my move?") are no
      // transmission, so not a blank one (P-4d, which an empty mail still is): nothing is
      // played and no penalty given; the player is told where the game stands — once a day
      // per game, so a "Thanks!" to every answer starts no exchange. A request for the PGN
      // gets it attached, once a day too, whatever other answer went that day.
      const address = this.player(ref.event, ref.game[side]).addresses[0]!;
      const kind = pgnAsked ? 'pgn' : 'no-move';
      const last = this.answeredLately(kind, ref.gameKey, address, at);
      const quiet = last !== undefined;
      const mails = quiet
        ? []
        : this.outgoing(
            ref,
            [
              composeNoMove(
                this.composeContext(ref, state, now),
                side,
                t.thoughts,
                // "My opponent is late, I claim a win on time": answered with the opponent's
                // clock and how amici files time claims itself (P-7a), not with how to write
                // a note to that opponent.
                claimsTime,
                { pgn: pgnAsked },
              ),
            ].map((m) => ({ ...m, kind })),
            key,
            messageId ? { side, messageId } : undefined,
          );
      this.store.commitInbound(
        {
          ...base,
          ...who,
          gameKey: ref.gameKey,
          status: 'ignored',
          note: `${pgnAsked ? 'the PGN asked for' : 'no transmission'}${t.thoughts ? ` (${thoughtsText(t.thoughts)})` : ''}; answered${pgnAsked ? ' with the PGN' : ''}${quiet ? ` ${last}` : ''}`,
        },
        [],
        mails,
        at,
      );
      this.logger.info({
        code: 'INBOUND_NO_MOVE',
        item: item.id,
        messageId,
        game: ref.gameKey,
        side,
        ...(quiet ? { answered: last } : {}),
      });
      return 'ignored';
    }
    const decision = decide(state, t, now, rules);
    // A correction of a move sent in this game (P-4a) is about this game, whatever else fits.
    const slipOfThisGame = decision.effects.some(
      (e) => e.kind === 'transmission-rejected' && e.problem.code === 'slip-stands',
    );
    if (!toTd && !slipOfThisGame && rejectedOnly(decision.effects)) {
      // A reply in the wrong game's thread, from a player with several: it does not fit the game
      // it names, and is the player's move in exactly one other. Played there it would bind
      // (P-4a) on a guess, and penalised here it would punish a slip of the thread: ask instead.
      const open = this.openGamesOf(sender);
      const others = open.filter((g) => g.gameKey !== ref.gameKey);
      const fits = this.gameTheMoveFits(others, inbound, sender, item.receivedAt);
      if (fits) {
        const player = this.player(ref.event, ref.game[side]);
        return this.askWhichGame(ref.event, player, open, inbound, base, at, {
          named: ref,
          fits,
        });
      }
    }
    decision.events.push(...protests);
    const received = decision.effects.find((e) => e.kind === 'appeal-received');
    route = received?.kind === 'appeal-received' ? received.appeal : undefined;
    const forwarded = decision.events.some((e) => e.type === 'analysis')
      ? 'analysis'
      : decision.events.some((e) => e.type === 'appeal')
        ? 'appeal'
        : undefined;
    const told = forwarded === 'appeal' ? 'appeal-received' : 'analysis-received';
    // Words alone go to the TD each time, but the player hears of it at most once a day, so no
    // robot that answers every mail starts an exchange.
    const address = this.player(ref.event, ref.game[side]).addresses[0]!;
    const quiet =
      forwarded !== undefined &&
      notATransmission(said, t) &&
      this.answeredLately(told, ref.gameKey, address, at) !== undefined;
    // So is the answer that an appeal was decided already, finally (P-11, P-13c): it goes to
    // nobody else, and a robot that appeals every answer gets one a day.
    const finalQuiet =
      decision.effects.some((e) => e.kind === 'appeal-final') &&
      notATransmission(said, t) &&
      this.answeredLately('appeal-final', ref.gameKey, address, at) !== undefined;
    const others = this.leaveInOtherGames(ref, sender, decision.events, key);
    // Leave stops the player's clock in all their games (P-8a): the TD's notice and the
    // player's acknowledgement name every one, once, with the player's colour in each (P-8b).
    const effects = decision.effects
      .filter((e) => !(quiet && e.kind === told) && !(finalQuiet && e.kind === 'appeal-final'))
      .map((e) =>
        e.kind === 'leave-announced' && others.games.length
          ? { ...e, games: [this.leaveGame(ref, e.side), ...others.games] }
          : e,
      );
    const after = extendGame(state, decision.events);
    // What the mail asked besides its transmission — the PGN (L-8.1), a word on the time claim
    // it made (P-7a) — goes with the answer to it; with none to the sender (a conditional line
    // sent out of turn), in an answer of its own, as to a mail with no move (once a day).
    const asked = pgnWanted || claimsTime ? { side, pgn: pgnWanted, claimsTime } : undefined;
    const context = { ...this.composeContext(ref, after, now), ...(asked ? { asked } : {}) };
    const mails = this.composeAll(effects, context);
    const alone = pgnWanted ? 'pgn' : 'no-move';
    if (
      asked &&
      !forwarded &&
      !mails.some((m) => m.to === side) &&
      this.answeredLately(alone, ref.gameKey, address, at) === undefined
    )
      mails.push({
        ...composeNoMove(context, side, t.thoughts, claimsTime, { pgn: pgnWanted }),
        kind: alone,
      });
    const outbox = this.outgoing(ref, mails, key, messageId ? { side, messageId } : undefined);
    outbox.push(...others.mails);
    // The TD's copy names the mail's ID in the archive, known once it is committed.
    let queued = outbox.length;
    const withTd = (id: number) => {
      const all = [...outbox, ...(toTd || forwarded ? tdMails(after, forwarded, id) : [])];
      queued = all.length;
      return all;
    };
    const status: InboundStatus = rejectedOnly(decision.effects) ? 'rejected' : 'done';
    const committed = this.store.commitInbound(
      {
        ...base,
        ...who,
        gameKey: ref.gameKey,
        status,
        note: `${protestNote}${effectSummary(decision.effects, state, after)}`,
      },
      [{ gameKey: ref.gameKey, events: decision.events }, ...others.changes],
      withTd,
      at,
      { gameKey: ref.gameKey, events: state.events.length },
    );
    if (committed.stale) {
      // Another process logged events for the game meanwhile: decide again on the game as it
      // now is (once; a second change in that instant fails the mail, which is read again).
      if (retried) throw new Error(`${ref.gameKey} changed while its mail was decided, twice`);
      return this.decideInbound(reading, true);
    }
    this.logger.info({
      code: 'INBOUND_PROCESSED',
      item: item.id,
      messageId,
      game: ref.gameKey,
      side,
      status,
      effects: decision.effects.map((e) => e.kind),
      events: decision.events.length,
      mails: queued,
    });
    return status;
  }

  /**
   * A mail of the opponent's with moves in it that this player forwards ("Fwd: …", a
   * "Forwarded message" block, a mail attached whole), its From one of the opponent's addresses,
   * while it is the opponent's move: the move they sent the player directly, not to amici.
   */
  private forwardedMove(
    reading: ReadItem,
    inbound: Inbound,
    ref: GameRefResolved,
    side: Side,
    state: GameState,
  ): ForwardedMove | undefined {
    const opponent = other(side);
    if (state.result || state.pos.turn !== opponent) return undefined;
    const forward = forwardedOf(inbound.mail, reading.attached);
    const from = forward?.from?.address;
    const them = this.player(ref.event, ref.game[opponent]);
    if (!forward || !from || !them.addresses.some((a) => a.toLowerCase() === from))
      return undefined;
    const moves = movetextOf(forward.text.split('\n')).map(tokenText).join(' ');
    if (!moves) return undefined;
    return {
      name: them.name,
      ...(forward.sentOn ? { sentOn: forward.sentOn } : {}),
      ...(forward.dateWritten ? { dateWritten: forward.dateWritten } : {}),
      moves,
      referee: this.config.from.address,
      by: this.player(ref.event, ref.game[side]).name,
    };
  }

  /**
   * The opponent's move, sent to the player directly and forwarded to amici by the player: a
   * forward proves nothing of who wrote it (P-2d: a transmission names its sender, and only the
   * sender's own mail to amici does), so nothing is played. The player is told so, and the
   * opponent that the move has not reached amici, to send it there (P-2m), where it counts from
   * the day it comes (P-6d) — their clock runs meanwhile. Once a day per game, as any answer of
   * the shell's, so no two robots can start an exchange.
   */
  private answerForwardedMove(
    ref: GameRefResolved,
    side: Side,
    state: GameState,
    now: CalendarDate,
    forwarded: ForwardedMove,
    inbound: Inbound,
    base: InboundBase,
    at: string,
  ): SettleOutcome {
    const address = this.player(ref.event, ref.game[side]).addresses[0]!;
    const last = this.answeredLately('move-forwarded', ref.gameKey, address, at);
    const ctx = this.composeContext(ref, state, now);
    const messageId = base.messageId;
    const mails = last
      ? []
      : this.outgoing(
          ref,
          [
            {
              ...composeNoMove(ctx, side, [], false, { forwarded }),
              kind: 'move-forwarded',
            },
            composeMoveNotReceived(ctx, other(side), forwarded),
          ],
          base.dedupeKey,
          messageId ? { side, messageId } : undefined,
        );
    const them = this.player(ref.event, ref.game[other(side)]).addresses[0]!;
    this.store.commitInbound(
      {
        ...base,
        sender: inbound.mail.from?.address,
        subject: inbound.mail.subject,
        gameKey: ref.gameKey,
        status: 'ignored',
        note: `forwards ${them}'s mail${forwarded.sentOn ? ` of ${forwarded.sentOn}` : ''} with "${forwarded.moves}": not played (P-2d); both told${last ? ` ${last}` : ''}`,
      },
      [],
      mails,
      at,
    );
    this.logger.info({
      code: 'INBOUND_FORWARDED_MOVE',
      ...this.mailLog,
      game: ref.gameKey,
      side,
      forwarded: them,
      ...(last ? { answered: last } : {}),
    });
    return 'ignored';
  }

  /**
   * P-8a: leave stops the player's clock in all their games. Leave accepted in one game is
   * recorded in each of the player's other unfinished games too, and each opponent is told
   * (P-8b), in the same transaction as the mail that announced it.
   */
  private leaveInOtherGames(
    ref: GameRefResolved,
    sender: string,
    events: readonly GameEvent[],
    seed: string,
  ): {
    changes: { gameKey: string; events: GameEvent[] }[];
    mails: NewOutboxMail[];
    games: LeaveGame[];
  } {
    const leave = events.find((e) => e.type === 'leave');
    const out = {
      changes: [] as { gameKey: string; events: GameEvent[] }[],
      mails: [] as NewOutboxMail[],
      games: [] as LeaveGame[],
    };
    if (leave?.type !== 'leave') return out;
    for (const { event, player } of this.directory.memberships(sender)) {
      const games = this.directory.gamesOf(event, player.id).flatMap((other) => {
        if (other.gameKey === ref.gameKey || !this.store.hasGame(other.gameKey)) return [];
        const state = this.state(other.gameKey);
        // Over, or in adjudication after its event's end (P-10): no clock runs to stop.
        if (
          state.result ||
          inAdjudication(state, this.today(other.event), this.rules(other.event, other.game))
        )
          return [];
        return [{ other, state, side: this.colourOf(other, player.id) }];
      });
      // The TD of another event the player plays in is told too (P-8b), once, in the first of
      // the player's games there, with all of them; the TD of the mail's event has the notice
      // that names every game.
      const listed = games.map((g) => this.leaveGame(g.other, g.side));
      games.forEach(({ other, state, side }, i) => {
        const e: GameEvent = { ...leave, side };
        const td = i === 0 && event.tag !== ref.event.tag;
        const effect: Effect = {
          kind: 'leave-announced',
          to: [side === 'white' ? 'black' : 'white', ...(td ? (['td'] as const) : [])],
          side,
          from: leave.from,
          until: leave.to,
          ...(td ? { games: listed } : {}),
          rules: ['P-8a', 'P-8b'],
        };
        const after = extendGame(state, [e]);
        const mails = this.composeAll([effect], this.composeContext(other, after, leave.on));
        out.changes.push({ gameKey: other.gameKey, events: [e] });
        out.mails.push(...this.outgoing(other, mails, `${seed}:leave:${other.gameKey}`));
        out.games.push(this.leaveGame(other, side));
      });
    }
    return out;
  }

  /** A game as a leave mail names it to the player and the TD: its tag, title, their colour. */
  /** `runsFrom`, for the end of a leave: the day their clock runs again, null if it does not. */
  private leaveGame(ref: GameRefResolved, side: Side, runsFrom?: CalendarDate | null): LeaveGame {
    return {
      tag: `[${ref.event.tag}/${ref.game.id}]`,
      title: this.gameTitle(ref),
      side,
      ...(runsFrom === undefined ? {} : { toMove: runsFrom !== null }),
      ...(runsFrom ? { runsFrom } : {}),
    };
  }

  /**
   * Where a TD's extra leave (P-8c) also goes: the player's other unfinished games of the same
   * event. Leave is the player's, not one game's: granted in one game, their clock stops in all
   * of them, as leave announced by mail does. Empty for any other ruling.
   */
  grantedLeaveElsewhere(
    ref: GameRefResolved,
    ruling: Ruling,
    note?: string,
  ): { ref: GameRefResolved; state: GameState; input: RefereeInput }[] {
    if (ruling.kind !== 'grant-leave') return [];
    const player = ref.game[ruling.side];
    return this.directory.gamesOf(ref.event, player).flatMap((other) => {
      if (other.gameKey === ref.gameKey || !this.store.hasGame(other.gameKey)) return [];
      const state = this.state(other.gameKey);
      if (
        state.result ||
        inAdjudication(state, this.today(other.event), this.rules(other.event, other.game))
      )
        return [];
      const side = this.colourOf(other, player);
      const input: RefereeInput = {
        kind: 'ruling',
        ruling: { ...ruling, side },
        ...(note ? { note } : {}),
      };
      return [{ ref: other, state, input }];
    });
  }

  /**
   * A TD's ruling as the rulebook needs it: a reinstatement (P-9a) with the leave its players
   * took while the game stood annulled (`leaveWhileAnnulled`); any other input as it is.
   */
  withPlayersLeave(ref: GameRefResolved, state: GameState, input: RefereeInput): RefereeInput {
    if (input.kind !== 'ruling' || input.ruling.kind !== 'reinstate') return input;
    const leave = this.leaveWhileAnnulled(ref, state);
    return leave.length ? { ...input, ruling: { ...input.ruling, leave } } : input;
  }

  /**
   * P-8a, P-8c: the leave the players of an annulled game took while it stood annulled. Leave
   * is booked in a player's other unfinished games (`leaveInOtherGames`, `grantedLeaveElsewhere`)
   * — an annulled game is over, so it got none; reinstated, it is in play again and their clock
   * must stop there as in the others. Leave booked in the player's other games from the day of
   * the annulment on: announced leave from any of their events, a TD's grant from this one (as
   * grant-leave goes to the event's games). The rulebook keeps what falls on days the game runs.
   */
  private leaveWhileAnnulled(
    ref: GameRefResolved,
    state: GameState,
  ): { side: Side; from: CalendarDate; to: CalendarDate; granted: boolean }[] {
    if (state.result?.kind !== 'annulled') return [];
    const since = state.result.on;
    const out: { side: Side; from: CalendarDate; to: CalendarDate; granted: boolean }[] = [];
    for (const side of ['white', 'black'] as const) {
      const id = ref.game[side];
      const player = this.player(ref.event, id);
      const address = player.addresses[0];
      const memberships = address
        ? this.directory.memberships(address)
        : [{ event: ref.event, player }];
      for (const { event, player: p } of memberships) {
        for (const g of this.directory.gamesOf(event, p.id)) {
          if (g.gameKey === ref.gameKey || !this.store.hasGame(g.gameKey)) continue;
          const other = this.state(g.gameKey);
          const colour = this.colourOf(g, p.id);
          // The leave booked there since the annulment: its days, by when it was booked.
          const booked = new Set(
            other.events.flatMap((e) =>
              e.type === 'leave' && compareDates(e.on, since) >= 0 ? [`${e.from}..${e.to}`] : [],
            ),
          );
          for (const l of other.leaves) {
            if (l.side !== colour || !booked.has(`${l.from}..${l.to}`)) continue;
            if (l.granted && event.tag !== ref.event.tag) continue;
            if (!out.some((x) => x.side === side && x.from === l.from && x.to === l.to))
              out.push({ side, from: l.from, to: l.to, granted: l.granted });
          }
        }
      }
    }
    return out;
  }

  /**
   * The leave a player announced (P-8a, P-8b) in all their games, finished ones too, each period
   * once: leave counts against the player's 30 days a year, whichever game it was announced in.
   * TD grants (P-8c) are per game and not counted here.
   */
  announcedLeave(address: string): { from: CalendarDate; to: CalendarDate }[] {
    const out: { from: CalendarDate; to: CalendarDate }[] = [];
    for (const { event, player } of this.directory.memberships(address)) {
      for (const g of this.directory.gamesOf(event, player.id)) {
        if (!this.store.hasGame(g.gameKey)) continue;
        const side = this.colourOf(g, player.id);
        for (const l of this.state(g.gameKey).leaves) {
          if (l.side !== side || l.granted) continue;
          if (!out.some((x) => x.from === l.from && x.to === l.to))
            out.push({ from: l.from, to: l.to });
        }
      }
    }
    return out;
  }

  /** The colour a player (by id) has in a game, with any reversal (L-7.1) logged so far. */
  private colourOf(ref: GameRefResolved, playerId: string): Side {
    this.state(ref.gameKey); // brings the colours up to date (a reversal by `amici td`)
    return ref.game.white === playerId ? 'white' : 'black';
  }

  /** Which colour the sender plays in the game (the game was found through their address). */
  sideOf(ref: GameRefResolved, sender: string): Side {
    this.state(ref.gameKey); // brings the colours up to date (a reversal by `amici td`, L-7.1)
    const white = this.player(ref.event, ref.game.white);
    return white.addresses.some((a) => a.toLowerCase() === sender) ? 'white' : 'black';
  }

  /**
   * The game a mail is about, by tag, thread or body line, or the sender's only game, or the
   * only one of the sender's games the mail plays a move in (`gameTheMoveFits`); when it cannot
   * tell, the sender's event and open games (to ask which). `at`: when the mail came.
   */
  gameOf(
    inbound: Inbound,
    sender: string,
    at: Date | string = this.clock(),
  ): GameRefResolved | 'unknown-sender' | UnplacedMail {
    const memberships = this.directory.memberships(sender);
    const home = memberships[0];
    if (!home) return 'unknown-sender';
    const mine = memberships.flatMap(({ event, player }) =>
      this.directory.gamesOf(event, player.id),
    );
    const ref = findGameRef(inbound, this.threadLookup);
    if (ref) {
      const found = mine.find((g) => g.event.tag === ref.event && g.game.id === ref.game);
      if (found) return found;
    }
    const open = this.openGamesOf(sender);
    if (!ref && open.length === 1) return open[0]!;
    const { fits, moves } = this.gamesTheMoveFits(open, inbound, sender, at);
    if (!ref && fits.length === 1) return fits[0]!;
    // The opponent the mail names ("Partia z Hansem Weberem"): of the games the move fits, the
    // one against them is the game — as certain as a move that fits one game of all.
    const words = `${inbound.mail.subject ?? ''}\n${inbound.newText.text}`;
    const against = open.filter((g) => {
      const opponent = g.game[other(this.sideOf(g, sender))];
      return namesPlayer(words, this.player(g.event, opponent).name);
    });
    const fitsAgainst = fits.filter((g) => against.includes(g));
    if (!ref && fitsAgainst.length === 1) return fitsAgainst[0]!;
    // Leave alone needs no game (P-8a): booked in all the sender's games from the first in play.
    const leave = ref || fits.length ? undefined : this.gameForLeave(open, inbound, sender, at);
    if (leave) return leave;
    const opponentOf = (g: GameRefResolved) =>
      this.player(g.event, g.game[other(this.sideOf(g, sender))]).name;
    const named = new Set(against.map(opponentOf));
    // The list is narrowed to the games the move fits, and to those against the opponent named.
    const listed = fits.length ? (fitsAgainst.length ? fitsAgainst : fits) : against;
    return {
      ...home,
      games: listed.length ? listed : open,
      ...(fits.length ? { fits: listed } : {}),
      ...(named.size === 1 && (fits.length ? fitsAgainst.length : against.length)
        ? { opponent: [...named][0]! }
        : {}),
      ...(moves ? {} : { moveless: true }),
    };
  }

  /**
   * A mail that names no game and announces leave (P-8a, P-8b) with nothing else for a game: no
   * move, draw offer, resignation, claim, note or word for the TD. Leave is the player's, not one
   * game's, so it needs no game: it is decided in the first of the sender's open games still in
   * play, as if the mail named it, and from there booked in all the others (`leaveInOtherGames`),
   * with the acknowledgement and the TD's notice that name every game, as leave sent in a game's
   * thread is. Undefined for anything else (which game?).
   */
  private gameForLeave(
    games: readonly GameRefResolved[],
    inbound: Inbound,
    sender: string,
    at: Date | string,
  ): GameRefResolved | undefined {
    const kinds = inbound.commands.map((c) => c.kind);
    if (!kinds.includes('leave') || kinds.some((k) => k !== 'leave')) return undefined;
    // Words of a withdrawal are for the TD (P-9a), whatever else the mail says.
    if (withdrawsFromEvent(inbound.newText.text) || withdrawsFromEvent(inbound.mail.subject))
      return undefined;
    for (const g of games) {
      const { state, rules, now, t } = this.transmissionIn(g, inbound, sender, at);
      if (state.result || inAdjudication(state, now, rules)) continue;
      const leaveOnly =
        t !== undefined &&
        (t.leave !== undefined || t.leaveUnread !== undefined) &&
        !t.moves.length &&
        !t.conditional?.length &&
        !t.drawOffer &&
        !t.acceptDraw &&
        !t.declineDraw &&
        !t.resign &&
        !t.claim &&
        !t.note;
      return leaveOnly ? g : undefined;
    }
    return undefined;
  }

  /** The sender's unfinished games, in every event they play in. */
  private openGamesOf(sender: string): GameRefResolved[] {
    return this.directory
      .memberships(sender)
      .flatMap(({ event, player }) => this.directory.gamesOf(event, player.id))
      .filter((g) => this.store.hasGame(g.gameKey) && !this.state(g.gameKey).result);
  }

  /**
   * A mail that names no game, from a player with several: the one game in which it is their
   * move and the mail is accepted as a move — read in their notation, legal, the repetition
   * right — if there is exactly one. A resignation or a word for the TD is never placed this
   * way, and anything less certain is asked about (which game?), never guessed.
   */
  private gameTheMoveFits(
    games: readonly GameRefResolved[],
    inbound: Inbound,
    sender: string,
    at: Date | string,
  ): GameRefResolved | undefined {
    const { fits } = this.gamesTheMoveFits(games, inbound, sender, at);
    return fits.length === 1 ? fits[0] : undefined;
  }

  /**
   * Of `games`, those in which the mail is accepted as the sender's move (`gameTheMoveFits`),
   * and whether it holds a move at all (`moves`): a mail with none is not asked to send its
   * move again. A resignation or a word for the TD fits no game this way.
   */
  private gamesTheMoveFits(
    games: readonly GameRefResolved[],
    inbound: Inbound,
    sender: string,
    at: Date | string,
  ): { fits: GameRefResolved[]; moves: boolean } {
    const weighty = new Set(['resign', 'td-message']);
    // Words of a withdrawal are for the TD (P-9a): the mail goes to them, nothing is played.
    const placed =
      !inbound.commands.some((c) => weighty.has(c.kind)) &&
      !withdrawsFromEvent(inbound.newText.text) &&
      !withdrawsFromEvent(inbound.mail.subject);
    let moves = false;
    const fits = games.filter((g) => {
      const {
        side,
        state,
        rules,
        now,
        t,
        inbound: read,
      } = this.transmissionIn(g, inbound, sender, at);
      if (t?.moves.length) moves = true;
      if (!placed || state.result || state.pos.turn !== side) return false;
      if (!t || notATransmission(read, t)) return false;
      const { effects } = decide(state, t, now, rules);
      return (
        effects.some((e) => e.kind === 'move-accepted') &&
        !effects.some((e) => e.kind === 'transmission-rejected')
      );
    });
    return { fits, moves };
  }

  /**
   * A mail read as a transmission in one game: the sender's side, the game as it stands, its
   * rules, the day the mail came (in the event's zone) and the transmission in the sender's
   * notation (undefined when the mail holds nothing to read).
   */
  private transmissionIn(
    ref: GameRefResolved,
    inbound: Inbound,
    sender: string,
    at: Date | string,
  ) {
    const side = this.sideOf(ref, sender);
    const now = this.today(ref.event, at);
    const state = this.state(ref.gameKey);
    const rules = this.rules(ref.event, ref.game);
    // A move typed into the subject, or a PGN attached, to a mail with none in its body (P-4d).
    const { inbound: read, t } = readTransmission(
      inbound,
      this.readContext(ref, side, now),
      this.gameTitle(ref),
      (t) => playsNewMove(state, t, now, rules),
      (t) => namesUnplayedMove(state, t),
    );
    // Mail read days after it came (an outage, a replay) reaches the opponent only now (P-6e).
    const relayedOn = this.today(ref.event);
    if (t && compareDates(relayedOn, now) > 0) t.relayedOn = relayedOn;
    return { side, state, rules, now, inbound: read, t };
  }

  /**
   * The games a mail holds moves for, when there are several (`gamesWithMoves`): blocks that
   * each start with a game's tag or a game line ("[CC27/1] 1.e4", "CC27/5: 1.c4", "Game:
   * CC27/2"), after moves of the game the subject or the thread names. Each as the answer names
   * it: `[CC27/1] White – Black`, or as written when no such game exists. Not looked for in a
   * TD's mail, whose ruling lines start with a game too.
   */
  severalGames(
    inbound: Inbound,
    sender: string,
  ): { games: string[]; refs: GameRefResolved[] } | undefined {
    if (this.isTd(sender)) return undefined;
    const named = findGameRef(inbound, this.threadLookup);
    const first = named && named.via !== 'body' ? named : undefined;
    // A block names a game of an event amici runs ("W/B: 1.e4" names none); a game number
    // that event does not have is still a game the player meant.
    const events = new Set(this.config.events.map((e) => e.tag.toLowerCase()));
    const blocks = gamesWithMoves(inbound, first).filter((b) => events.has(b.event.toLowerCase()));
    if (blocks.length < 2) return undefined;
    const refs: GameRefResolved[] = [];
    const games = blocks.map(({ event, game }) => {
      const ref = this.directory.gameAnyCase(gameKeyOf(event, game));
      if (!ref) return `[${event}/${game}]`;
      refs.push(ref);
      return `[${ref.event.tag}/${ref.game.id}] ${this.gameTitle(ref)}`;
    });
    return { games, refs };
  }

  /**
   * What becomes of the words for the TD (a `TD:` line, a withdrawal) in a player's mail with
   * moves for several games: `sent` to the TD with the mail, or not, the mail `not proven` where
   * the player's mail must be signed (P-2d); undefined when it holds none (`oneGamePerMail`).
   */
  tdWordsOfSeveral(
    inbound: Inbound,
    sender: string,
    check: SenderCheck | undefined,
    confirmed = false,
  ): 'sent' | 'not proven' | undefined {
    const forTd =
      inbound.commands.some((c) => c.kind === 'td-message') ||
      withdrawsFromEvent(inbound.newText.text) ||
      withdrawsFromEvent(inbound.mail.subject);
    if (!forTd) return undefined;
    const player = this.directory.memberships(sender)[0]?.player;
    const proven =
      !player || !this.needsSignature(player) || check?.verdict === 'pass' || confirmed;
    return proven ? 'sent' : 'not proven';
  }

  /**
   * A known player's mail with moves for several games: nothing is played in any of them and no
   * penalty given, and the player is asked to send each game's move in its own mail. A move binds
   * once sent (P-4a), so amici does not split a mail by guessing which lines belong to which
   * game; the repetition and the stated dates are one game's transmission (P-2e, P-2f..h), and
   * each game's record keeps its own mails (P-5a). Words for the TD in it (a `TD:` line, a
   * withdrawal) go to the TD of the games it names all the same, with the whole mail, and the
   * player is told both things (P-5d) — unless the mail does not prove its sender where that is
   * required (P-2d): then the player is told they did not go, and where to write.
   */
  private oneGamePerMail(
    reading: ReadItem,
    named: { games: string[]; refs: GameRefResolved[] },
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
  ): SettleOutcome {
    const { event, player } = this.directory.memberships(sender)[0]!;
    const open = this.openGamesOf(sender);
    const mine = named.refs.find((r) => open.some((g) => g.gameKey === r.gameKey));
    const words = this.tdWordsOfSeveral(
      inbound,
      sender,
      reading.sender,
      reading.item.senderConfirmed,
    );
    const forTd = words !== undefined;
    const proven = words === 'sent';
    // The TDs of the games named (of the player's events when it names none of ours), each once.
    const tdEvents = new Map<string, EventConfig>();
    const events = named.refs.length
      ? named.refs.map((r) => r.event)
      : this.directory.memberships(sender).map((m) => m.event);
    for (const e of events)
      if (!tdEvents.has(e.td.address.toLowerCase())) tdEvents.set(e.td.address.toLowerCase(), e);
    const who = [...tdEvents.values()].map((e) => `${e.td.name} (${e.td.address})`).join(', ');
    const mail = composeOneGamePerMail({
      player: { id: player.id, name: player.name, lang: player.language ?? event.language },
      event: { name: event.name, tag: event.tag },
      td: { name: event.td.name },
      subject: inbound.mail.subject,
      games: named.games,
      example: mine ? `[${mine.event.tag}/${mine.game.id}]` : `[${event.tag}/…]`,
      ...(forTd ? { forTd: { who, sent: proven } } : {}),
      ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
    });
    const toTd = (inboundId: number): NewOutboxMail[] =>
      forTd && proven
        ? [...tdEvents.values()].map((e) =>
            this.mailTo(
              composeForTd({
                audience: 'td',
                name: e.td.name,
                lang: e.language,
                event: { name: e.name, tag: e.tag },
                td: { name: e.td.name, address: e.td.address },
                player: { id: player.id, name: player.name, address: sender },
                games: named.refs
                  .filter((r) => r.event.td.address.toLowerCase() === e.td.address.toLowerCase())
                  .map((r) => ({
                    tag: `[${r.event.tag}/${r.game.id}]`,
                    players: this.gameTitle(r),
                  })),
                moves: true,
                several: true,
                text: mailForTd(inbound, sender, base.receivedAt),
                original: { raw: base.raw, inboundId },
                ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
              }),
              [e.td.address],
              `${base.dedupeKey}:for-td:${e.td.address.toLowerCase()}`,
            ),
          )
        : [];
    const keys = named.refs.map((r) => r.gameKey);
    this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        status: 'rejected',
        note: `moves for several games (${named.games.map((g) => g.split(' ')[0]).join(', ')}): one game per mail, nothing played (P-2e, P-5a)${forTd ? (proven ? '; its words for the TD went to the TD (P-5d)' : '; its words for the TD not passed on: not proven (P-2d)') : ''}`,
      },
      [],
      (inboundId) => [
        this.mailTo(mail, [sender], `${base.dedupeKey}:one-game-per-mail`, {
          inReplyTo: base.messageId,
        }),
        ...toTd(inboundId),
      ],
      at,
    );
    this.logger.info({
      code: 'INBOUND_SEVERAL_GAMES',
      ...this.mailLog,
      sender,
      games: keys,
      ...(forTd ? { forTd: proven ? 'sent' : 'not proven' } : {}),
    });
    return 'rejected';
  }

  /**
   * A known player's mail that names no game and holds words only — no move, command or date
   * ("Please send me all my current positions and clocks"): answered with where each of their
   * unfinished games stands (`gameStatus`), in their language, once a day, as words in a game's
   * thread are answered with that game (P-2k). Undefined for anything else (which game?).
   */
  private gamesStatus(
    home: { event: EventConfig; player: PlayerConfig },
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
  ): SettleOutcome | undefined {
    const { event, player } = home;
    if (inbound.commands.length || inbound.dates.spans.length || inbound.mail.pgn.length)
      return undefined;
    if (!inbound.newText.text.trim()) return undefined;
    // Words of a withdrawal (P-9a) that `forTdWithoutGame` could not take to the TD (the mail
    // not proven, P-2d; events with different TDs) are asked about, not answered with a table.
    if (withdrawsFromEvent(inbound.newText.text) || withdrawsFromEvent(inbound.mail.subject))
      return undefined;
    const moves = movetextOf([...inbound.rest.map((l) => l.text), inbound.mail.subject ?? '']);
    if (moves.length) return undefined;
    // Thanks, congratulations, a greeting and nothing more ("Thanks!", "Dzięki", "Danke, schöne
    // Partie"): it asks nothing, so nothing is answered — a table of the games would only invite
    // another "Thanks!". Filed, as every mail is (P-5a).
    const names = [player.name, inbound.mail.from?.name ?? ''];
    if (
      courtesyOnly(inbound.newText.text, names) &&
      courtesySubject(inbound.mail.subject ?? '', names)
    ) {
      this.store.commitInbound(
        {
          ...base,
          sender,
          subject: inbound.mail.subject,
          status: 'ignored',
          note: 'no game named: courtesy only (thanks, a greeting), nothing to answer',
        },
        [],
        [],
        at,
      );
      this.logger.info({ code: 'INBOUND_COURTESY', ...this.mailLog, sender });
      return 'ignored';
    }
    const last = this.store.lastQueued('games-status', null, [sender]);
    const quiet = last && Date.parse(at) - Date.parse(last) < QUIET_MS ? last : undefined;
    const games = this.openGamesOf(sender).map((g) => this.gameStatus(g, sender));
    const mails = quiet
      ? []
      : [
          this.mailTo(
            composeGamesStatus({
              player: { id: player.id, name: player.name, lang: player.language ?? event.language },
              event: { name: event.name, tag: event.tag },
              td: { name: event.td.name },
              subject: inbound.mail.subject,
              on: this.today(event),
              games,
              ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
            }),
            [sender],
            `${base.dedupeKey}:games-status`,
            { inReplyTo: base.messageId },
          ),
        ];
    this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        status: 'ignored',
        note: `no game named, no move: where ${games.length} games stand${quiet ? `, answered ${quiet}` : ', answered'}`,
      },
      [],
      mails,
      at,
    );
    this.logger.info({
      code: 'INBOUND_GAMES_STATUS',
      ...this.mailLog,
      sender,
      games: games.length,
      ...(quiet ? { answered: quiet } : {}),
    });
    return 'ignored';
  }

  /** Where one of the sender's unfinished games stands today, for the status answer (P-2k). */
  private gameStatus(g: GameRefResolved, sender: string): GameStatus {
    const side = this.sideOf(g, sender);
    const state = this.state(g.gameKey);
    const rules = this.rules(g.event, g.game);
    const now = this.today(g.event);
    const name = (s: Side) => this.player(g.event, g.game[s]).name;
    const adjudication = inAdjudication(state, now, rules);
    const out: GameStatus = {
      tag: `[${g.event.tag}/${g.game.id}]`,
      white: name('white'),
      black: name('black'),
      side,
      opponent: name(other(side)),
      toMove: adjudication ? 'none' : state.pos.turn === side ? 'you' : 'opponent',
      move: state.pos.fullmoves,
    };
    if (adjudication) return { ...out, adjudicationSince: adjudication.endDate };
    const clock = gameClock(state, rules, side, now);
    if (clock.ok) {
      const { live, rows } = clock.value;
      const row = rows.at(-1);
      if (live) {
        out.clock = {
          used: live.totalDays,
          left: live.daysLeft,
          control: live.limitDays === null ? null : live.controlMove,
        };
        if (live.exceeded && live.exceedsOn) out.exceededOn = live.exceedsOn;
        else if (live.exceedsOn) out.lastDay = addDays(live.exceedsOn, -1);
      } else if (row)
        out.clock = { used: row.totalDays, left: row.daysLeft, control: row.controlMove };
    }
    if (compareDates(state.clockStartsOn, now) > 0) out.startsOn = state.clockStartsOn;
    const pause = state.pauses.find(
      (p) => compareDates(p.from, now) <= 0 && (p.to === null || compareDates(p.to, now) > 0),
    );
    if (pause) out.pausedSince = pause.from;
    const leave = state.leaves.find((l) => l.side === side && compareDates(l.to, now) >= 0);
    if (leave) out.leave = { from: leave.from, to: leave.to };
    if (state.drawOffer) out.drawOffer = state.drawOffer.by === side ? 'you' : 'opponent';
    return out;
  }

  /** "White – Black": how every subject of ours about the game begins, after its tag. */
  gameTitle(ref: GameRefResolved): string {
    const name = (side: Side) => this.player(ref.event, ref.game[side]).name;
    return gameTitle(name('white'), name('black'));
  }

  /** The game of one of our Message-IDs (a reply's In-Reply-To or References). */
  private readonly threadLookup = (id: string) => {
    const key = this.store.gameOfMessageId(id);
    const r = key ? this.resolveGame(key) : undefined;
    return r ? { event: r.event.tag, game: r.game.id } : undefined;
  };

  /**
   * A mail from an address no player has. If it names a game of ours (its tag, our thread, a
   * `Game:` line), the writer is most likely a player on a new address (P-5c): nothing is played,
   * they are told why and what to do, and the TD gets the mail to add the address. Anything else
   * is left to be ignored without a reply (`undefined`): a forged sender gets no backscatter.
   */
  private unknownSender(
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
  ): SettleOutcome | undefined {
    const named = findGameRef(inbound, this.threadLookup);
    const ref = named ? this.resolveGame(gameKeyOf(named.event, named.game)) : undefined;
    if (!ref || !this.store.hasGame(ref.gameKey)) return undefined;
    // Who the writer says they are: a player of the game by the name they sign with, whose
    // language the answer is in. A move or a command in it would be played by a replay.
    const claimed = this.claimedSide(ref, inbound);
    const replayable =
      movetextOf(inbound.rest.map((l) => l.text)).length > 0 ||
      inbound.commands.some((c) => c.kind !== 'td-message');
    const answered = this.rejectAnswered(
      ref,
      { inbound, sender, base, at },
      { kind: 'unknown-address', note: 'unknown sender for the game (P-5c)' },
      (inboundId) => {
        const { event, game } = ref;
        const reply = composeUnknownAddress({
          address: sender,
          lang: this.writerLanguage(ref, claimed),
          event: { name: event.name, tag: event.tag },
          td: { name: event.td.name, address: event.td.address },
          game: {
            id: game.id,
            white: this.player(event, game.white).name,
            black: this.player(event, game.black).name,
          },
          subject: inbound.mail.subject,
          moves: replayable,
          ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
        });
        const notice = composeTdNotice(
          {
            kind: 'unknown-sender',
            address: sender,
            inboundId,
            text: mailForTd(inbound, sender, base.receivedAt),
            replayable,
            ...(claimed ? { side: claimed } : {}),
          },
          this.composeContext(ref, this.state(ref.gameKey), this.today(event)),
        );
        return { reply, notice };
      },
    );
    this.logger.info({
      code: 'INBOUND_UNKNOWN_ADDRESS',
      ...this.mailLog,
      sender,
      game: ref.gameKey,
      via: named?.via,
      ...(answered ? { answered } : {}),
    });
    return 'rejected';
  }

  /**
   * The player of a game a mail from an unknown address signs as: the one whose name is the
   * sender's name ("Jan Kowalski", also "Kowalski Jan"), case and accents aside.
   */
  private claimedSide(ref: GameRefResolved, inbound: Inbound): Side | undefined {
    const plain = (s: string) =>
      s
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean)
        .sort()
        .join(' ');
    const from = plain(inbound.mail.from?.name ?? '');
    if (!from) return undefined;
    const sides = (['white', 'black'] as const).filter(
      (s) => plain(this.player(ref.event, ref.game[s]).name) === from,
    );
    return sides.length === 1 ? sides[0] : undefined;
  }

  /**
   * The language to answer a mail from an unknown address about a game in: the player it signs
   * as, else the game's two players' when they share one, else the event's.
   */
  private writerLanguage(ref: GameRefResolved, claimed: Side | undefined): string {
    const lang = (s: Side) => this.player(ref.event, ref.game[s]).language ?? ref.event.language;
    if (claimed) return lang(claimed);
    return lang('white') === lang('black') ? lang('white') : ref.event.language;
  }

  /**
   * The game a TD's mail rules on and the rulings on its lines (P-7d). The game is the one the
   * lines name (`CLUB/4 uphold-claim …`), else the mail's (its subject tag, our thread or a
   * `Game:` line), and must be one of that TD's. `unplaced` says why rulings have no game: none
   * named, several, or one that is not this TD's. Undefined when the mail holds no ruling and
   * names none of the TD's games.
   */
  tdRulingsIn(inbound: Inbound, sender: string): TdRulings | Unplaced | undefined {
    const rulings = readRulings(inbound.newText.text);
    const mine = (key: string) => {
      const ref = this.directory.gameAnyCase(key);
      return ref &&
        ref.event.td.address.toLowerCase() === sender.toLowerCase() &&
        this.store.hasGame(ref.gameKey)
        ? ref
        : undefined;
    };
    const games = new Map<string, GameRefResolved>();
    for (const key of new Set(rulings.flatMap((r) => (r.game ? [r.game] : [])))) {
      const ref = mine(key);
      if (!ref) return { unplaced: 'not-yours', rulings, game: key };
      games.set(ref.gameKey, ref);
    }
    // Lines that name no game rule on the mail's game (its tag, our thread, a `Game:` line).
    const named = findGameRef(inbound, this.threadLookup);
    const mailGame = named ? mine(gameKeyOf(named.event, named.game)) : undefined;
    const unnamed = rulings.some((r) => !r.game);
    if (mailGame && (unnamed || !games.size)) games.set(mailGame.gameKey, mailGame);
    else if (unnamed && games.size > 1) return { unplaced: 'several-games', rulings };
    // The first game is the mail's: the one an unread ruling is answered in.
    const ref = mailGame && games.has(mailGame.gameKey) ? mailGame : [...games.values()][0];
    const keyOf = (r: MailRuling) => (r.game && this.directory.gameAnyCase(r.game)?.gameKey) || '';
    if (ref) return { ref, rulings, gameOf: (r) => games.get(keyOf(r)) ?? ref };
    return rulings.length ? { unplaced: 'no-game', rulings } : undefined;
  }

  /**
   * A mail from a TD (P-7d): the rulings on its lines (as at the `amici td` prompt) for the game
   * it names — its subject tag, our thread or a `Game:` line — which must be one of that TD's.
   * They are applied in order and committed with the mail, or none is when a line does not read.
   * Where players' mail needs a signature, a ruling needs one too (P-2d). When a ruling could not
   * be applied the TD is told why and how rulings are written (if the mail is not verified, once
   * a day per game). A mail with no ruling line ("Noted, thanks") or naming none of the TD's
   * games is left to be ignored (`undefined`), unanswered.
   */
  private tdMail(
    reading: ReadItem,
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
    retried = false,
  ): SettleOutcome | undefined {
    const found = this.tdRulingsIn(inbound, sender);
    if (!found) return undefined;
    if ('unplaced' in found)
      return this.tdRulingUnplaced(reading, inbound, sender, base, at, found);
    const { ref, rulings } = found;
    const check = reading.sender;
    const verified = this.tdVerified(reading);
    const unread = (
      reason: 'unverified' | 'invalid',
      text: string,
      note: string,
      rulingErrors?: TdNotice['rulingErrors'],
    ): SettleOutcome => {
      // A verified TD is always answered; mail in the TD's name that is not, once a day a game,
      // so forged mail cannot make amici flood the TD.
      const last =
        reason === 'unverified'
          ? this.answeredLately('td-ruling-unread', ref.gameKey, sender, at)
          : undefined;
      const ctx = this.composeContext(ref, this.state(ref.gameKey), this.today(ref.event));
      const mails = last
        ? []
        : this.outgoing(
            ref,
            [
              composeTdNotice(
                { kind: 'ruling-unread', reason, text, ...(rulingErrors ? { rulingErrors } : {}) },
                ctx,
              ),
            ],
            `${base.dedupeKey}:td-ruling-unread`,
          ).map((m) => ({ ...m, kind: 'td-ruling-unread' }));
      this.store.commitInbound(
        {
          ...base,
          sender,
          subject: inbound.mail.subject,
          gameKey: ref.gameKey,
          status: 'rejected',
          note: last ? `${note}; answered ${last}` : note,
        },
        [],
        mails,
        at,
      );
      this.logger.info({
        code: 'INBOUND_TD_RULING',
        ...this.mailLog,
        game: ref.gameKey,
        status: 'rejected',
        reason,
        ...(last ? { answered: last } : {}),
      });
      return 'rejected';
    };
    // No ruling line ("Noted, thanks"): nothing to apply and nothing to answer.
    if (!rulings.length) return undefined;
    if (!verified) {
      const detail = check?.verdict === undefined ? 'not checked when read' : checkDetail(check);
      return unread('unverified', detail, `TD ruling not authenticated (P-2d): ${detail}`);
    }
    const bad = rulings.filter((r): r is Extract<MailRuling, { ok: false }> => !r.ok);
    if (bad.length) {
      const errors = bad.map((b) => ({
        line: b.line,
        code: b.code,
        text: b.error,
        ...(b.params ? { params: b.params } : {}),
      }));
      return unread('invalid', RULINGS_HELP, `TD ruling unread: ${bad[0]!.error}`, errors);
    }
    /** Each game the mail changes: its state when read, now, and the events for it. */
    const games = new Map<string, { start: GameState; now: GameState; events: GameEvent[] }>();
    const game = (key: string) => {
      let g = games.get(key);
      if (!g) {
        const start = this.state(key);
        g = { start, now: start, events: [] };
        games.set(key, g);
      }
      return g;
    };
    const outbox: NewOutboxMail[] = [];
    const effects: string[] = [];
    /** Each line's ruling for the inbox: its name, and why it was refused if it was. */
    const applied: string[] = [];
    /** Decide one ruling against a game of the mail (the TD's, in any of their events). */
    const rule = (on: GameRefResolved, given: RefereeInput, seed: string) => {
      const g = game(on.gameKey);
      const today = this.today(on.event, reading.item.receivedAt);
      const input = this.withPlayersLeave(on, g.now, given);
      const decision = decide(g.now, input, today, this.rules(on.event, on.game));
      g.now = extendGame(g.now, decision.events);
      g.events.push(...decision.events);
      const mails = this.composeAll(decision.effects, this.composeContext(on, g.now, today));
      outbox.push(...this.outgoing(this.oriented(on, g.now), mails, seed));
      return decision;
    };
    /** What each line did and who was told, for the TD's confirmation (P-7d). */
    const done: RulingDoneInput['lines'] = [];
    /** Whether a line applied whose mails go to the players only (no copy of its own to the TD). */
    let unconfirmed = false;
    const told = (on: GameRefResolved, decision: Decision): string[] => {
      const to = new Set(decision.effects.flatMap((e) => e.to));
      const colours = this.directory.colours(on.gameKey, game(on.gameKey).now.coloursReversed);
      return [
        ...(['white', 'black'] as const)
          .filter((s) => to.has(s))
          .map((s) => this.player(on.event, colours[s]).name),
        ...(to.has('td') ? ['td'] : []),
      ];
    };
    // Mail naming several games: each line's mail and inbox note name its game.
    const many = rulings.some((r) => found.gameOf(r) !== ref);
    rulings.forEach((r, i) => {
      if (!r.ok) return;
      const on = found.gameOf(r);
      const input: RefereeInput = {
        kind: 'ruling',
        ruling: r.ruling,
        ...(r.note ? { note: r.note } : {}),
      };
      const seed = `${base.dedupeKey}:ruling:${i}`;
      const decision = rule(on, input, many ? `${seed}:${on.gameKey}` : seed);
      effects.push(...decision.effects.map((e) => e.kind));
      const refused = decision.effects.find((e) => e.kind === 'ruling-refused');
      const name = many ? `${on.gameKey} ${r.ruling.kind}` : r.ruling.kind;
      applied.push(refused ? `${name} (refused: ${refused.why})` : name);
      done.push({
        game: on.gameKey,
        line: r.line.trim(),
        ...(refused ? { refused: refused.why } : {}),
        told: told(on, decision),
      });
      if (refused) return;
      if (!decision.effects.some((e) => e.to.includes('td'))) unconfirmed = true;
      // Extra leave stops the player's clock in their other games too (P-8c).
      for (const o of this.grantedLeaveElsewhere(on, r.ruling, r.note)) {
        const more = rule(o.ref, o.input, `${seed}:${o.ref.gameKey}`);
        const no = more.effects.find((e) => e.kind === 'ruling-refused');
        done.push({
          game: o.ref.gameKey,
          line: r.line.trim(),
          sameLeave: true,
          ...(no ? { refused: no.why } : {}),
          told: told(o.ref, more),
        });
      }
    });
    // The TD is told what was applied and who was told, when no mail of a ruling went to the TD
    // (grant-leave, penalise, set-clock, pause, …; a result or a claim's ruling has its own).
    if (unconfirmed)
      outbox.push(
        this.mailTo(
          composeRulingDone({
            event: { name: ref.event.name, tag: ref.event.tag },
            td: { name: ref.event.td.name },
            lang: ref.event.language,
            subject: inbound.mail.subject,
            lines: done,
            ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
          }),
          [sender],
          `${base.dedupeKey}:ruling-done`,
          { gameKey: ref.gameKey, inReplyTo: base.messageId },
        ),
      );
    const touched = [...games.entries()];
    const committed = this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        gameKey: ref.gameKey,
        status: 'done',
        note: `TD ruling: ${applied.join(', ')}`,
      },
      touched.map(([gameKey, g]) => ({ gameKey, events: g.events })),
      outbox,
      at,
      touched.map(([gameKey, g]) => ({ gameKey, events: g.start.events.length })),
    );
    if (committed.stale) {
      if (retried) throw new Error(`a game changed while the TD's mail was decided, twice`);
      return this.tdMail(reading, inbound, sender, base, at, true);
    }
    this.logger.info({
      code: 'INBOUND_TD_RULING',
      ...this.mailLog,
      game: ref.gameKey,
      ...(games.size > 1 ? { games: [...games.keys()] } : {}),
      status: 'done',
      rulings: rulings.length,
      effects,
      events: touched.reduce((n, [, g]) => n + g.events.length, 0),
    });
    return 'done';
  }

  /**
   * A TD's mail about a game that holds no ruling line (P-7d). A player's mail the TD forwards
   * (Fwd:, an attached mail, a mail client's "Forwarded message" block) is not played from the
   * TD's address: amici plays only what comes from the player's own address (P-2d), and a
   * forward's sender and date are lines the forwarder's client wrote, which nothing proves and
   * which no two clients write alike — played on a guess, a move would bind the player (P-4a)
   * and a misread date would move the clock (P-2j, P-6d). The TD is told so at once, with who
   * sent the forwarded mail and when, and the exact `amici post` command that enters it dated
   * the day the player sent it. Other words with no ruling ("Noted, thanks", a ruling put in
   * prose) are answered once a day a game: no ruling was read, nothing changed. A mail not
   * proven to be the TD's (P-2d), or about none of the TD's games, is left unanswered
   * (`undefined`).
   */
  private tdNoRuling(
    reading: ReadItem,
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
  ): SettleOutcome | undefined {
    if (!this.tdVerified(reading) || inbound.classification.kind !== 'normal') return undefined;
    const forward = forwardedOf(inbound.mail, reading.attached);
    const found = this.tdRulingsIn(inbound, sender);
    const named = found && 'ref' in found ? found.ref : undefined;
    // The forwarded mail's sender, when a player of this TD's: their games not yet over.
    const address = forward?.from?.address ?? '';
    const open = this.directory
      .memberships(address)
      .filter((m) => m.event.td.address.toLowerCase() === sender.toLowerCase())
      .flatMap((m) => this.directory.gamesOf(m.event, m.player.id))
      .filter((g) => this.store.hasGame(g.gameKey) && !this.state(g.gameKey).result);
    const game =
      open.find((g) => g.gameKey === named?.gameKey) ?? (open.length === 1 ? open[0] : undefined);
    // A `withdraw PLAYER …` line, as `amici td withdraw` takes it: no ruling by mail (P-9a).
    const withdrawal = forward ? undefined : this.withdrawLineIn(inbound.newText.text, sender);
    const ref = game ?? named ?? open[0] ?? withdrawal?.ref;
    if (!ref) return undefined;
    const last =
      forward || withdrawal
        ? undefined
        : this.answeredLately('td-no-ruling', ref.gameKey, sender, at);
    // The day the TD reads the answer, and may run the command: the opponent gets the move then.
    const today = this.today(ref.event);
    const side = game ? this.sideWithAddress(game, [address]) : undefined;
    // The moves alone, numbered as written: not the prose of their lines ("Hi, my move is …").
    const moves = forward
      ? movetextOf(forward.text.split('\n'))
          .map(tokenText)
          .join(' ')
          .replace(/["$`\\]/g, '')
      : '';
    // A protest of a time claim the player mailed to the TD (P-7c): recorded as it came to the
    // TD, the day the player sent it, by the ruling line `protest`, while the claim is open to it.
    const receivedOn = forward?.sentOn ?? today;
    const protest =
      game &&
      side &&
      findCommands(forward?.text ?? '').some((c) => c.kind === 'td-message' && protestsIn(c.raw)) &&
      protestableClaims(this.state(game.gameKey), receivedOn).length
        ? `protest --side ${side} --received ${receivedOn}`
        : undefined;
    const notice: TdNotice = {
      kind: 'no-ruling',
      text: forward ? forward.text : inbound.newText.text,
      ...(withdrawal ? { withdraw: withdrawal.notice } : {}),
      ...(forward
        ? {
            forward: {
              address,
              ...(forward.from?.name ? { name: forward.from.name } : {}),
              ...(forward.sentOn ? { sentOn: forward.sentOn } : {}),
              ...(forward.dateWritten ? { dateWritten: forward.dateWritten } : {}),
              ...(side ? { side } : {}),
              ...(!game && open.length > 1 ? { games: open.map((g) => g.gameKey) } : {}),
              ...(protest
                ? {
                    protest: {
                      line: protest,
                      command: `amici td ${ref.gameKey} ${protest}`,
                      receivedOn,
                    },
                  }
                : {}),
              ...(side && moves
                ? {
                    // A player by email has a card entered only with --force (P-2m): this is one.
                    command: `amici post ${ref.gameKey} --as ${side} --moves "${moves}" --postmark ${forward.sentOn ?? 'YYYY-MM-DD'} --received ${today}${this.byPost(ref.event, ref.game)[side] ? '' : ' --force'}`,
                  }
                : {}),
            },
          }
        : {}),
    };
    const ctx = this.composeContext(ref, this.state(ref.gameKey), today);
    const mails = last
      ? []
      : this.outgoing(ref, [composeTdNotice(notice, ctx)], `${base.dedupeKey}:td-no-ruling`).map(
          (m) => ({ ...m, kind: 'td-no-ruling' }),
        );
    const note = forward
      ? `TD forwarded a mail from ${address || '?'}${forward.sentOn ? ` of ${forward.sentOn}` : ''}: not played from the TD's address (P-2d); the TD told how to enter it`
      : 'from the TD, no ruling';
    this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        gameKey: ref.gameKey,
        status: 'ignored',
        note: last ? `${note}; answered ${last}` : `${note}; answered`,
      },
      [],
      mails,
      at,
    );
    this.logger.info({
      code: 'INBOUND_TD_RULING',
      ...this.mailLog,
      game: ref.gameKey,
      status: 'ignored',
      reason: forward ? 'forwarded' : 'no-ruling',
      ...(forward ? { forwarded: address } : {}),
      ...(last ? { answered: last } : {}),
    });
    return 'ignored';
  }

  /**
   * A `withdraw PLAYER (--annul | --forfeit) --reason …` line in a TD's mail: `amici td withdraw`
   * as the TD would type it on the server. It is no ruling by mail — it closes all of a player's
   * games at once (P-9a) — so the TD is answered with the command, and with the lines, one per
   * unfinished game and naming it, that do the same by mail (`annul`, or `set-result … --rule
   * P-9a`). The player is one of this TD's, by id or address; else there is no such line.
   */
  private withdrawLineIn(
    text: string,
    sender: string,
  ): { ref: GameRefResolved; notice: NonNullable<TdNotice['withdraw']> } | undefined {
    for (const line of text.split(/\r?\n/)) {
      const words = lineWords(line.trim()) ?? [];
      if (words[0]?.toLowerCase() !== 'withdraw' || !words[1]) continue;
      const who = words[1].toLowerCase();
      const found = this.config.events
        .filter((e) => e.td.address.toLowerCase() === sender.toLowerCase())
        .flatMap((event) =>
          event.players
            .filter(
              (p) => p.id.toLowerCase() === who || p.addresses.some((a) => a.toLowerCase() === who),
            )
            .map((player) => ({ event, player })),
        )[0];
      if (!found) continue;
      const { event, player } = found;
      const at = (name: string) => words.indexOf(name);
      const reason = at('--reason') > 0 ? words[at('--reason') + 1] : undefined;
      const how = words.includes('--forfeit')
        ? 'forfeit'
        : words.includes('--annul')
          ? 'annul'
          : undefined;
      const quoted = `"${(reason ?? 'TEXT').replace(/"/g, "'")}"`;
      const games = this.directory
        .gamesOf(event, player.id)
        .filter((g) => this.store.hasGame(g.gameKey));
      const open = games.filter((g) => !this.state(g.gameKey).result);
      const lines = open.map((g) => {
        if (how !== 'forfeit') return `${g.gameKey} annul --reason ${quoted}`;
        const side = this.colourOf(g, player.id);
        return `${g.gameKey} set-result ${side === 'white' ? '0-1' : '1-0'} --reason ${quoted} --rule P-9a`;
      });
      const ref = open[0] ?? games[0];
      if (!ref) continue;
      return {
        ref,
        notice: {
          player: player.name,
          command: `amici td withdraw ${player.id} ${how ? `--${how}` : '(--annul | --forfeit)'} --reason ${quoted}${this.config.events.filter((e) => e.players.some((p) => p.id === player.id)).length > 1 ? ` --event ${event.tag}` : ''}`,
          lines,
        },
      };
    }
    return undefined;
  }

  /**
   * A TD's rulings that name no game, several, or another TD's: nothing is applied, and the TD
   * is told how to name the game — unless the mail is not proof that the TD sent it (P-2d): a
   * forgery gets no answer, so none can make amici write to the TD at will.
   */
  private tdRulingUnplaced(
    reading: ReadItem,
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
    found: Unplaced,
  ): SettleOutcome {
    const verified = this.tdVerified(reading);
    const event = this.config.events.find((e) => e.td.address.toLowerCase() === sender)!;
    const mails = verified
      ? [
          this.mailTo(
            composeTdRulingUnplaced({
              event: { name: event.name, tag: event.tag },
              td: { name: event.td.name },
              lang: event.language,
              ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
              why: found.unplaced,
              game: found.game ?? '',
              example: `${event.tag}/${event.games[0]?.id ?? '1'}`,
              lines: found.rulings.map((r) => r.line).join('\n'),
            }),
            [event.td.address],
            `${base.dedupeKey}:td-ruling-unplaced`,
            { inReplyTo: base.messageId },
          ),
        ]
      : [];
    this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        status: 'rejected',
        note: `TD ruling for no game of theirs: ${found.unplaced}${verified ? '' : ' (not verified, unanswered)'}`,
      },
      [],
      mails,
      at,
    );
    this.logger.info({
      code: 'INBOUND_TD_RULING',
      ...this.mailLog,
      status: 'rejected',
      reason: found.unplaced,
      answered: verified,
    });
    return 'rejected';
  }

  /**
   * File a mail about a game as rejected, with an answer to its writer and a notice to the TD
   * (`compose`) — unless mail of `kind` went to that address for the game within a day: then it
   * is filed and kept unanswered, so neither a robot answering our answer nor a flood of forged
   * mail starts a flood of ours. Returns when the writer was last answered, if it was lately.
   */
  private rejectAnswered(
    ref: GameRefResolved,
    mail: {
      inbound: Inbound;
      sender: string;
      base: InboundBase;
      at: string;
    },
    what: { kind: string; note: string },
    /** The answer and the TD's notice, which names the mail's ID in the inbox (to replay it). */
    compose: (inboundId: number) => { reply: ComposedMail; notice: ComposedMail },
  ): string | undefined {
    const { inbound, sender, base, at } = mail;
    const last = this.answeredLately(what.kind, ref.gameKey, sender, at);
    const mails = (inboundId: number): NewOutboxMail[] => {
      if (last) return [];
      const { reply, notice } = compose(inboundId);
      return [
        this.mailTo(reply, [sender], `${base.dedupeKey}:${what.kind}`, {
          gameKey: ref.gameKey,
          inReplyTo: base.messageId,
        }),
        ...this.outgoing(ref, [notice], `${base.dedupeKey}:${what.kind}:td`),
      ];
    };
    this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        gameKey: ref.gameKey,
        status: 'rejected',
        note: last ? `${what.note}; answered ${last}` : what.note,
      },
      [],
      mails,
      at,
    );
    return last;
  }

  /**
   * A mail in a player's name that does not prove it is theirs (P-2d; `check` is undefined if
   * the config came to require a signature after the mail was read): nothing is played. The
   * player is told why and what to do, at the address the mail names, which is theirs — so a
   * forger's move reaches the player it impersonates, not the forger. The TD gets the mail, to
   * rule (the player's `authentication: none`, then `amici inbox replay`). One answer a day.
   */
  private unauthenticated(
    ref: GameRefResolved,
    inbound: Inbound,
    sender: string,
    check: SenderCheck | undefined,
    base: InboundBase,
    at: string,
  ): SettleOutcome {
    const reason = check?.verdict === 'fail' ? check.reason : 'unchecked';
    const detail = check && check.verdict !== 'pass' ? check.detail : 'not checked when read';
    const answered = this.rejectAnswered(
      ref,
      { inbound, sender, base, at },
      { kind: 'unauthenticated', note: `not authenticated (P-2d): ${reason}; ${detail}` },
      (inboundId) => {
        const side = this.sideOf(ref, sender);
        const ctx = this.composeContext(ref, this.state(ref.gameKey), this.today(ref.event));
        const text = mailForTd(inbound, sender, base.receivedAt);
        return {
          reply: composeUnauthenticated(ctx, side, { address: sender, reason }),
          notice: composeTdNotice(
            { kind: 'unauthenticated', side, address: sender, reason, detail, text, inboundId },
            ctx,
          ),
        };
      },
    );
    this.logger.warn({
      code: 'INBOUND_UNAUTHENTICATED',
      ...this.mailLog,
      sender,
      game: ref.gameKey,
      reason,
      detail,
      ...(answered ? { answered } : {}),
    });
    return 'rejected';
  }

  /**
   * A player's mail that names no game, whose words are for the TD: a `TD:` line, a line that
   * names the TD, a protest, or a withdrawal from the event ("Rezygnacja z turnieju", P-9a). The
   * TD is the same for all the player's games, so it goes to the TD whole, with the player's
   * games in play, and the player is told it went and where the TD can be reached (P-5d, P-5b) —
   * not asked "which game?", which would leave the TD without it. Moves in it are not played (it
   * names no game): the player is asked to send them again with the game's tag. Not for a mail
   * that does not prove its sender where that is required (P-2d), nor for a player whose events
   * have different TDs: those are asked which game, as before (`undefined`).
   */
  private forTdWithoutGame(
    reading: ReadItem,
    home: { event: EventConfig; player: PlayerConfig; games: GameRefResolved[] },
    inbound: Inbound,
    sender: string,
    base: InboundBase,
    at: string,
  ): SettleOutcome | undefined {
    if (inbound.classification.kind !== 'normal') return undefined;
    const forTd =
      inbound.commands.some((c) => c.kind === 'td-message') ||
      withdrawsFromEvent(inbound.newText.text) ||
      withdrawsFromEvent(inbound.mail.subject);
    if (!forTd) return undefined;
    const { event, player } = home;
    if (
      this.needsSignature(player) &&
      reading.sender?.verdict !== 'pass' &&
      !reading.item.senderConfirmed
    )
      return undefined;
    const tds = new Set(
      this.directory.memberships(sender).map((m) => m.event.td.address.toLowerCase()),
    );
    if (tds.size !== 1) return undefined;
    const moves = movetextOf(inbound.rest.map((l) => l.text)).length > 0;
    const games = home.games.map((g) => ({
      tag: `[${g.event.tag}/${g.game.id}]`,
      players: gameTitle(
        this.player(g.event, g.game.white).name,
        this.player(g.event, g.game.black).name,
      ),
    }));
    const facts = {
      event: { name: event.name, tag: event.tag },
      td: { name: event.td.name, address: event.td.address },
      player: { id: player.id, name: player.name, address: sender },
      games,
      moves,
      // Leave with words of a withdrawal is not booked (gameForLeave): said, not dropped.
      ...(inbound.commands.some((c) => c.kind === 'leave') ? { leave: true } : {}),
      ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
    };
    const mails = (inboundId: number): NewOutboxMail[] => [
      this.mailTo(
        composeForTd({
          ...facts,
          audience: 'td',
          name: event.td.name,
          lang: event.language,
          text: mailForTd(inbound, sender, base.receivedAt),
          original: { raw: base.raw, inboundId },
        }),
        [event.td.address],
        `${base.dedupeKey}:for-td`,
      ),
      this.mailTo(
        composeForTd({
          ...facts,
          audience: 'player',
          name: player.name,
          lang: player.language ?? event.language,
        }),
        [sender],
        `${base.dedupeKey}:for-td-sent`,
        { inReplyTo: base.messageId },
      ),
    ];
    this.store.commitInbound(
      {
        ...base,
        sender,
        subject: inbound.mail.subject,
        status: 'done',
        note: `for the TD (P-5d), naming no game${moves ? '; its moves not played' : ''}`,
      },
      [],
      mails,
      at,
    );
    this.logger.info({
      code: 'INBOUND_TD_MESSAGE',
      ...this.mailLog,
      sender,
      games: home.games.length,
    });
    return 'done';
  }

  private askWhichGame(
    event: EventConfig,
    player: PlayerConfig,
    games: GameRefResolved[],
    inbound: Inbound,
    base: InboundBase,
    at: string,
    mismatch?: { named: GameRefResolved; fits: GameRefResolved },
    /** How the list was narrowed: the games the move fits, the opponent named (`gameOf`). */
    narrowed: Pick<UnplacedMail, 'fits' | 'opponent' | 'moveless'> = {},
  ): SettleOutcome {
    const entry = (g: GameRefResolved) => ({
      eventTag: g.event.tag,
      gameId: g.game.id,
      white: this.player(g.event, g.game.white).name,
      black: this.player(g.event, g.game.black).name,
    });
    const mail = composeWhichGame({
      player: { id: player.id, name: player.name, lang: player.language ?? event.language },
      event: { name: event.name, tag: event.tag },
      td: { name: event.td.name },
      games: games.map(entry),
      subject: inbound.mail.subject,
      ...(mismatch
        ? { mismatch: { named: entry(mismatch.named), fits: entry(mismatch.fits) } }
        : {}),
      ...(narrowed.fits ? { fits: narrowed.fits.map(entry) } : {}),
      ...(narrowed.opponent ? { opponent: narrowed.opponent } : {}),
      ...(narrowed.moveless ? { moveless: true } : {}),
      // Leave the mail announced is not recorded either: it is told so (P-8a, P-8b).
      ...(inbound.commands.some((c) => c.kind === 'leave') ? { leave: true } : {}),
      ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
    });
    this.store.commitInbound(
      {
        ...base,
        sender: inbound.mail.from?.address,
        subject: inbound.mail.subject,
        status: 'rejected',
        note: mismatch
          ? `which game? it fits ${mismatch.fits.gameKey}, not ${mismatch.named.gameKey}`
          : `which game?${narrowed.fits ? ` it fits ${narrowed.fits.map((g) => g.gameKey).join(', ')}` : ''}`,
        ...(mismatch ? { gameKey: mismatch.named.gameKey } : {}),
      },
      [],
      [
        this.mailTo(mail, [player.addresses[0]!], `${base.dedupeKey}:which-game`, {
          inReplyTo: base.messageId,
        }),
      ],
      at,
    );
    const from = inbound.mail.from?.address;
    if (mismatch) {
      const { named, fits } = mismatch;
      this.logger.info({
        code: 'INBOUND_OTHER_GAME',
        ...this.mailLog,
        sender: from,
        game: named.gameKey,
        fits: fits.gameKey,
      });
    } else
      this.logger.info({
        code: 'INBOUND_NO_GAME',
        ...this.mailLog,
        sender: from,
        games: games.length,
      });
    return 'rejected';
  }

  /**
   * Our mail a bounce returns, named for the TD: what it was — a move's relay with the move and
   * the player it went to, or its kind — where and when it went, and its subject as its
   * recipient would have seen it; not the report's own subject.
   */
  private lostMail(row: OutboxRow, ref: GameRefResolved, state: GameState): string {
    const info = this.store.outboxInfo(row.id);
    const sent = info?.sentAt ? `, sent ${this.today(ref.event, info.sentAt)}` : '';
    const ply = row.relayOf === null ? -1 : state.plies.findIndex((p) => p.seq === row.relayOf);
    const side =
      ply >= 0 ? other(state.plies[ply]!.side) : this.sideWithAddress(ref, row.recipients);
    const who = side
      ? `${side === 'white' ? 'White' : 'Black'} (${this.player(ref.event, ref.game[side]).name}, ${row.recipients.join(', ')})`
      : row.recipients.join(', ');
    const printed = this.printedFor(ref, row);
    const what =
      row.kind === 'move-relayed' && ply >= 0
        ? `the relay of ${plyText(state, ply, isLanguage(ref.event.language) ? ref.event.language : 'en')} to ${who}`
        : row.kind.startsWith('print:')
          ? `the copy to print and post to ${printed?.name ?? 'a player by post'} of a mail (${row.kind.slice('print:'.length)}), to ${row.recipients.join(', ')}`
          : `a mail (${row.kind}) to ${who}`;
    return `The mail that came back: ${what}${sent}; subject "${subjectOf(row.raw)}".`;
  }

  /**
   * The player by post a copy to print (P-2m) was for: the one its `X-Amici-Print-For` names, or
   * for a copy written before it carried one, the game's only player by post. Undefined for
   * other mail.
   */
  private printedFor(ref: GameRefResolved, row: OutboxRow): PlayerConfig | undefined {
    if (!row.kind.startsWith('print:')) return undefined;
    const id = printForOf(row.raw);
    const named = id === undefined ? undefined : ref.event.players.find((p) => p.id === id);
    if (named) return named;
    const byPost = this.byPost(ref.event, ref.game);
    const sides = (['white', 'black'] as const).filter((s) => byPost[s]);
    return sides.length === 1 ? this.player(ref.event, ref.game[sides[0]!]) : undefined;
  }

  /** A bounce of our mail: the TD of the game (or of the player's event) is told. */
  private bounce(inbound: Inbound, base: InboundBase, at: string): SettleOutcome {
    const c = inbound.classification;
    const failed = c.kind === 'bounce' ? c.failedRecipient?.toLowerCase() : undefined;
    let ref =
      c.kind === 'bounce' && c.originalMessageId
        ? this.resolveGame(this.store.gameOfMessageId(c.originalMessageId) ?? '')
        : undefined;
    if (!ref && failed) {
      for (const { event, player } of this.directory.memberships(failed)) {
        ref = this.directory.gamesOf(event, player.id)[0];
        if (ref) break;
      }
    }
    const mails: NewOutboxMail[] = [];
    // A report that delivery is only delayed (the server still retries, `Action: delayed`,
    // status 4.x.x) or that it succeeded (`delivered`, `relayed`, 2.x.x) is no failure: nothing
    // is marked and the TD is not troubled; a failure for good follows if it comes to that.
    const action = c.kind === 'bounce' ? c.action : undefined;
    const status = c.kind === 'bounce' ? c.status : undefined;
    const failedForGood = action ? action === 'failed' : !(status && /^[24]\./.test(status));
    if (ref && failedForGood && this.store.hasGame(ref.gameKey)) {
      const state = this.state(ref.gameKey);
      const now = this.today(ref.event);
      const tdAddress = ref.event.td.address.toLowerCase();
      // The copy of an appeal to the chairman of the ICCF Appeals Commission came back (P-13c):
      // the TD, whose own copy arrived, is told, to forward it by hand.
      const toChair =
        failed !== undefined &&
        failed !== tdAddress &&
        failed === ref.event.appealsTo?.address.toLowerCase();
      // The side whose address failed; none for the TD's own (a copy to print, P-2m).
      const side =
        !failed || failed === tdAddress || toChair
          ? undefined
          : this.player(ref.event, ref.game.white).addresses.some((a) => a.toLowerCase() === failed)
            ? 'white'
            : 'black';
      // The mail that bounced, when it is ours: the TD can read it and send a copy once the
      // address is corrected; a move's relay not delivered leaves the player's clock waiting.
      const bounced =
        c.kind === 'bounce' && c.originalMessageId
          ? this.store.outboxIdOf(c.originalMessageId)
          : undefined;
      const row = bounced === undefined ? undefined : this.store.outboxRow(bounced);
      // A move's relay that came back from every address it went to (one report per address)
      // has not reached the player: they are not reminded or claimed against until a copy goes
      // out (P-6d). Marked before the bounce is committed, and marking twice changes nothing,
      // so a crash in between loses nothing.
      // For a player by post, that relay is the TD's copy to print and post (P-2m).
      const relayed = row === undefined ? undefined : this.relayedMove(row);
      const undelivered =
        row !== undefined && relayed !== undefined && this.store.markBounced(row.id, failed, at);
      // A time claim's notice to print that came back holds the claim's deadline back (P-7c).
      if (row?.kind === 'print:time-claim') this.store.markBounced(row.id, failed, at);
      // A mail by email to a player by post came back: the letters the TD posts are what reach
      // them, so it holds nothing up, and the TD hears of the address once (P-2m).
      const byPostSide =
        side && this.byPost(ref.event, ref.game)[side] && !row?.kind.startsWith('print:')
          ? side
          : undefined;
      // A notice of a bounce that bounced from the TD's own address is not sent there again:
      // each would come back with another report, and so on without end.
      const tdsCopy = row?.recipients.some((r) => r.toLowerCase() === tdAddress) ?? false;
      const tdsOwn = tdsCopy && row?.kind === 'td-notice' && !toChair;
      // The TD's own mail came back: the notice says so, not "a mail to a player".
      const fromTd = !toChair && (tdsCopy || (!row && failed === tdAddress));
      const printFor = row ? this.printedFor(ref, row) : undefined;
      const notice = composeTdNotice(
        {
          kind: 'bounce',
          text: [
            `Delivery to ${failed ?? '(unknown address)'} failed.`,
            c.kind === 'bounce' && c.status ? `Status: ${c.status}` : '',
            row ? this.lostMail(row, ref, state) : `Subject of the report: ${inbound.mail.subject}`,
            bounced === undefined
              ? ''
              : tdsCopy
                ? `\`amici outbox show ${bounced}\` prints the mail; \`amici outbox resend ${bounced} --to ADDRESS\` sends a copy to another address of yours.`
                : `\`amici outbox show ${bounced}\` prints the mail. Once the player's address is corrected in the config (the new one first), \`amici outbox resend ${bounced}\` sends a copy there; or give the address: \`amici outbox resend ${bounced} --to ADDRESS\`.`,
          ]
            .filter(Boolean)
            .join('\n'),
          ...(side ? { side } : undelivered && relayed ? { side: relayed.side } : {}),
          ...(undelivered ? { moveUndelivered: true } : {}),
          ...(byPostSide ? { toPlayerByPost: true } : {}),
          ...(toChair ? { appealCopy: true as const } : {}),
          ...(fromTd
            ? {
                bouncedFromTd: {
                  print: row?.kind.startsWith('print:') ?? false,
                  ...(printFor ? { player: printFor.name } : {}),
                },
              }
            : {}),
        },
        this.composeContext(ref, state, now),
      );
      if (byPostSide) mails.push(...this.onceToTd(ref, notice, failed ?? ''));
      else if (!tdsOwn) mails.push(...this.outgoing(ref, [notice], base.dedupeKey));
    }
    this.store.commitInbound(
      {
        ...base,
        status: 'ignored',
        note: failedForGood
          ? `bounce ${failed ?? ''}`.trim()
          : `delivery report: ${action ?? status ?? ''} ${failed ?? ''}`.trim(),
        ...(ref ? { gameKey: ref.gameKey } : {}),
      },
      [],
      mails,
      at,
    );
    this.logger.info({
      code: 'INBOUND_BOUNCE',
      ...this.mailLog,
      failedRecipient: failed,
      game: ref?.gameKey,
      tdTold: mails.length > 0,
    });
    return 'ignored';
  }

  // --- the TDs told of the inbox ------------------------------------------------------------

  /**
   * Tell every TD (one mail per address, in the language of their first event) that the inbox
   * cannot be read, so no move is relayed, or that it can again. The Message-ID follows from
   * the outage, so telling twice of the same one queues one mail; the store keeps the outage
   * told of, so a restart during it does not tell again (`store.reportedOutage`).
   */
  noticeInbox(alert: {
    state: 'down' | 'back';
    inbox: string;
    since: string;
    until?: string;
    error?: string;
  }): number {
    const mails: NewOutboxMail[] = [];
    for (const [key, events] of eventsByTd(this.config.events)) {
      const first = events[0]!;
      const mail = composeInboxAlert({
        ...alert,
        td: { name: first.td.name },
        events: events.map((e) => ({ name: e.name, tag: e.tag })),
        lang: first.language,
        ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
      });
      mails.push(
        this.mailTo(mail, [first.td.address], `inbox-alert:${alert.state}:${alert.since}:${key}`),
      );
    }
    this.store.enqueueInboxAlert(mails, this.clock().toISOString(), alert);
    const fields = { inbox: alert.inbox, since: alert.since, tds: mails.length };
    if (alert.state === 'down')
      this.logger.warn({ code: 'INBOX_DOWN', ...fields, error: alert.error });
    else this.logger.info({ code: 'INBOX_BACK', ...fields, until: alert.until });
    return mails.length;
  }

  /**
   * The TDs' mail (one per address, in the language of their first event) saying that amici
   * cannot write its state file, so no mail is played meanwhile, or that it can again: built,
   * not queued — while the store cannot be written, the daemon hands it to the sender itself.
   */
  storeAlertMails(alert: {
    state: 'down' | 'back';
    since: string;
    until?: string;
    error?: string;
  }): NewOutboxMail[] {
    return [...eventsByTd(this.config.events)].map(([key, events]) => {
      const first = events[0]!;
      const mail = composeStoreAlert({
        ...alert,
        store: this.config.store.path,
        td: { name: first.td.name },
        events: events.map((e) => ({ name: e.name, tag: e.tag })),
        lang: first.language,
        ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
      });
      return this.mailTo(
        mail,
        [first.td.address],
        `store-alert:${alert.state}:${alert.since}:${key}`,
      );
    });
  }

  // --- the sweep ----------------------------------------------------------------------------

  /** Due work in every game (P-3a, P-3b, P-7a, P-7c, P-8b, P-10); idempotent. */
  async sweep(): Promise<{ games: number; work: number }> {
    this.logger.info({ code: 'SWEEP_START' });
    let work = 0;
    const games = this.store.games();
    for (const g of games) {
      const ref = this.resolveGame(g.gameKey);
      if (!ref) continue;
      const today = this.today(ref.event);
      let state = this.state(g.gameKey);
      // After the state, which orients the game's colours (L-7.1) for who plays by post.
      const rules = this.rules(ref.event, ref.game);
      // Claims' deadlines first: one may end the game (P-7f), and then no reminder, claim or
      // notice of the same sweep goes out after the result.
      const found = due(state, today, rules);
      const ordered = [
        ...found.filter((w) => w.kind === 'claim-deadline'),
        ...found.filter((w) => w.kind !== 'claim-deadline'),
      ];
      // A player whose move's relay has not reached them (failed, waiting to be sent again) is
      // not reminded, reported or claimed against: their clock counts from the day it is
      // delivered (P-6d), which the relay dates when it goes out.
      const last = state.plies.at(-1);
      const waiting =
        last && !state.result && this.store.relayUndelivered(g.gameKey, last.seq)
          ? state.pos.turn
          : undefined;
      // A time claim whose notice to a player by post has not gone out to be printed and
      // posted (failed, or came back from the TD's address) is not upheld at its deadline: the
      // days for a protest count from the day it does (P-7c, P-2m, `decideNoticeSent`).
      const noticeWaiting = new Set(
        this.store.undeliveredEffects(g.gameKey, 'print:time-claim').flatMap((json) => {
          try {
            const e = JSON.parse(json) as Effect;
            return e.kind === 'time-claim' ? [e.claimId] : [];
          } catch {
            return [];
          }
        }),
      );
      const endedBefore = state.result !== undefined;
      for (const item of ordered) {
        // Ended in this sweep: nothing more for the players. Claims still open in a game that
        // ended are settled at their deadlines all the same (they lapse, the TD is told, P-7c).
        if (state.result && (!endedBefore || item.kind !== 'claim-deadline')) continue;
        if (waiting && item.side === waiting && WAIT_FOR_RELAY.includes(item.kind)) continue;
        if (item.kind === 'claim-deadline' && item.ref && noticeWaiting.has(item.ref)) continue;
        const r = await this.decideAndCommit(
          ref,
          state,
          { kind: 'due', work: item },
          today,
          `sweep:${g.gameKey}:${item.key}`,
        );
        if (!r.committed) break;
        if (!r.decision.events.length) continue;
        state = r.state;
        work++;
        this.logger.info({
          code: 'SWEEP_WORK',
          game: g.gameKey,
          work: item.kind,
          key: item.key,
          mails: r.mails,
        });
      }
    }
    const reports = this.tdReports();
    this.logger.info({ code: 'SWEEP_DONE', games: games.length, work, reports });
    return { games: games.length, work };
  }

  /**
   * Each event with `reportDays` whose last report is that many days old (or that has had none)
   * gets one now: queued with the day it was made for, in one transaction, so a restart or a
   * second sweep the same day sends none twice. Returns how many were queued.
   */
  tdReports(): number {
    let queued = 0;
    for (const event of this.config.events) {
      if (event.reportDays === undefined) continue;
      const today = this.today(event);
      // Nothing to report before the games start: no game is in play yet.
      const starts = eventStartsOn(event);
      if (starts && compareDates(today, starts) < 0) continue;
      const last = this.store.lastTdReport(event.tag);
      if (last && daysBetween(last.on, today) < event.reportDays) continue;
      const input = this.tdReportOf(event, today, last);
      const mail = composeTdReport(input);
      this.store.enqueueTdReport(
        event.tag,
        today,
        [
          ...input.finished.map((f) => finishedKey(f.game, f.result, f.on)),
          // Every letter still not printed, listed now or before: each is listed once.
          ...this.unprintedLetters(event).map((u) => unprintedKey(u.id)),
        ],
        [this.mailTo(mail, [event.td.address], `td-report:${event.tag}:${today}`)],
        this.clock().toISOString(),
      );
      queued++;
      this.logger.info({
        code: 'TD_REPORT',
        event: event.tag,
        on: today,
        games: input.games,
        waiting: input.waiting.length,
        claims: input.claims.length,
      });
    }
    return queued;
  }

  /**
   * The copies to print and post to a player by post in `event`'s games that the TD's own mail
   * server refused for good (P-2m): never printed, and the TD told of them by nothing else — a
   * notice about them would go to the same address (`tellTdOfFailure`). The report lists each
   * once (`unprintedKey`).
   */
  private unprintedLetters(
    event: EventConfig,
  ): NonNullable<Parameters<typeof composeTdReport>[0]['unprinted']> {
    return this.store.failedPrintCopies().flatMap((r) => {
      const ref = this.resolveGame(r.gameKey);
      if (!ref || ref.event.tag !== event.tag) return [];
      let side: Side | undefined;
      try {
        const to = r.relayEffect ? (JSON.parse(r.relayEffect) as Effect).to[0] : undefined;
        if (to === 'white' || to === 'black') side = to;
      } catch {
        side = undefined;
      }
      // A copy written before copies kept their effect: the game's one player by post.
      if (!side) {
        const byPost = this.byPost(ref.event, ref.game);
        const post = (['white', 'black'] as const).filter((s) => byPost[s]);
        side = post.length === 1 ? post[0] : undefined;
      }
      return [
        {
          id: r.id,
          game: r.gameKey,
          name: side ? this.player(ref.event, ref.game[side]).name : '-',
          kind: r.kind.replace(/^print:/, ''),
          on: this.today(ref.event, r.createdAt),
          error: (r.lastError ?? '').replace(/\s+/g, ' ').slice(0, 80),
        },
      ];
    });
  }

  /**
   * What an event's report says on `today`; `last`: the previous report. Its finished games are
   * those that ended on or after the previous report's day and that it did not list: one that
   * ended that day after it went out comes now, one it listed does not come again — the same
   * after a restart, since what a report listed is stored with it.
   */
  tdReportOf(
    event: EventConfig,
    today: CalendarDate,
    last: LastTdReport | undefined,
  ): Parameters<typeof composeTdReport>[0] {
    const since = last?.on;
    const listed = new Set(last?.listed ?? []);
    const rules = this.rules(event);
    const name = (id: string) => this.player(event, id).name;
    const input: Parameters<typeof composeTdReport>[0] = {
      event: { name: event.name, tag: event.tag },
      td: { name: event.td.name },
      lang: event.language,
      ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
      on: today,
      since,
      everyDays: event.reportDays ?? 0,
      games: 0,
      waiting: [],
      claims: [],
      paused: [],
      appeals: [],
      finished: [],
      onLeave: [],
      standings: this.standingsOf(event).rows,
      // The letters to print the TD's own address refused for good (P-2m): not yet listed.
      unprinted: this.unprintedLetters(event).filter((u) => !listed.has(unprintedKey(u.id))),
    };
    const onLeave = new Map<
      string,
      { name: string; from: CalendarDate; to: CalendarDate; granted?: boolean }
    >();
    for (const g of this.store.games()) {
      if (g.eventTag !== event.tag) continue;
      const ref = this.resolveGame(g.gameKey);
      if (!ref) continue;
      input.games++;
      const state = this.state(g.gameKey);
      const players = `${name(ref.game.white)} – ${name(ref.game.black)}`;
      input.appeals?.push(...this.appealsWaiting(g.gameKey, state, ref));
      if (state.result) {
        // A game that ended on the previous report's day may have ended after it: listed now
        // unless that report listed it (a report from before the list was kept: listed again
        // rather than never).
        const { result, on } = state.result;
        if (
          (!since || daysBetween(since, on) >= 0) &&
          !listed.has(finishedKey(g.gameKey, result, on))
        )
          input.finished.push({
            game: g.gameKey,
            players,
            result: state.result.result,
            on: state.result.on,
          });
        continue;
      }
      for (const c of state.claims) {
        if (c.ruling) continue;
        // Where its excess stands (P-7c): leave granted since may have moved it to a later day.
        const excess = claimedExcess(state, c, rules, today);
        const said = c.detailKey?.params.date;
        const moved =
          excess?.status === 'stands' &&
          (said === undefined ? excess.occurredOn > c.on : excess.occurredOn !== said);
        input.claims.push({
          game: g.gameKey,
          id: c.id,
          name: name(ref.game[c.side]),
          protestBy: c.protestBy,
          ...(c.protestedOn ? { protestedOn: c.protestedOn } : {}),
          ...(excess?.status === 'gone' ? { gone: true } : {}),
          ...(excess?.status === 'ahead' ? { overAgainOn: excess.occurredOn } : {}),
          ...(moved ? { overSince: excess.occurredOn } : {}),
        });
      }
      // Leave now or to come, announced (P-8b) or granted by the TD (P-8c): not yet over.
      for (const l of state.leaves)
        if (daysBetween(today, l.to) >= 0) {
          const who = name(ref.game[l.side]);
          onLeave.set(`${who}\0${l.from}\0${l.to}`, {
            name: who,
            from: l.from,
            to: l.to,
            ...(l.granted ? { granted: true } : {}),
          });
        }
      const side = state.pos.turn;
      const clock = gameClock(state, rules, side, today);
      // P-10: after the event's end the game is adjudicated, its clocks as they stood then.
      const adjudication = inAdjudication(state, today, rules);
      if (adjudication) {
        input.adjudication ??= { ...adjudication, games: [] };
        input.adjudication.games.push({
          game: g.gameKey,
          players,
          toMove: name(ref.game[side]),
          daysLeft: clock.ok ? (clock.value.live?.daysLeft ?? null) : null,
          analyses: (['white', 'black'] as const).map((s) => {
            const first = currentAnalyses(state).find((a) => a.side === s);
            return { name: name(ref.game[s]), ...(first ? { on: first.on } : {}) };
          }),
        });
        continue;
      }
      const stopped = state.pauses.find((p) => p.to === null);
      if (stopped) {
        input.paused.push({ game: g.gameKey, players, from: stopped.from });
        continue;
      }
      const waitingSince = answeredDeliveredOn(state, state.plies.length);
      // An upheld claim restarted the count of the move in progress (P-7e).
      const restart = state.restarts
        .filter((r) => r.side === side && compareDates(r.on, waitingSince) >= 0)
        .at(-1);
      input.waiting.push({
        game: g.gameKey,
        players,
        toMove: name(ref.game[side]),
        since: waitingSince,
        ...(restart ? { restartedOn: restart.on } : {}),
        daysLeft: clock.ok ? (clock.value.live?.daysLeft ?? null) : null,
      });
    }
    input.onLeave = [...onLeave.values()];
    return input;
  }

  /**
   * The appeals of a game that wait for a decision (P-11, P-13c), once each: a player who wrote
   * several times about one decision (adding to the appeal, as they are told they may) is one
   * row, from the day the first mail came; each with the player's own last day (appeal.ts).
   */
  private appealsWaiting(
    gameKey: string,
    state: GameState,
    ref: GameRefResolved,
  ): NonNullable<Parameters<typeof composeTdReport>[0]['appeals']> {
    const rules = this.rules(ref.event, ref.game);
    const rows = new Map<
      string,
      NonNullable<Parameters<typeof composeTdReport>[0]['appeals']>[number]
    >();
    for (const a of state.appeals) {
      if (a.ruled) continue;
      // An appeal logged before the decision was kept with it is of the result (P-10, P-13).
      const r = state.result;
      const against: TdDecision | undefined =
        a.against ??
        (r && {
          on: r.on,
          ruling: 'set-result',
          rule: r.rule,
          detail: { key: 'set-result', params: { result: r.result } },
        });
      if (!against) continue;
      const key = `${a.side}\0${against.on}\0${against.ruling}`;
      if (rows.has(key)) continue;
      rows.set(key, {
        game: gameKey,
        side: a.side,
        name: this.player(ref.event, ref.game[a.side]).name,
        on: a.on,
        against,
        by: appealBy(against.on, rules)[a.side],
        ...(a.late ? { late: true } : {}),
      });
    }
    return [...rows.values()];
  }

  /**
   * Decide one input against a game and commit its events and mail together (the sweep, a TD
   * ruling, a postal move entered by hand). Not committed when the game changed meanwhile.
   */
  async decideAndCommit(
    ref: GameRefResolved,
    state: GameState,
    input: RefereeInput,
    today: CalendarDate,
    seed: string,
    /**
     * What came on paper, kept in the inbox beside the events it made as mail is (P-5a): a
     * postal card the TD entered, its text and dates (`amici post`), or a protest (`amici td
     * GAME protest`).
     */
    archive?: Omit<InboundRecord, 'status' | 'gameKey' | 'note'>,
  ): Promise<{ committed: boolean; decision: Decision; state: GameState; mails: number }> {
    const decision = decide(
      state,
      this.withPlayersLeave(ref, state, input),
      today,
      this.rules(ref.event, ref.game),
    );
    const after = extendGame(state, decision.events);
    const postal = input.kind === 'transmission' && input.postal === true;
    const taker = this.leaveNoticesOnce(ref, after, decision.effects, today);
    const mails = this.composeAll(taker.effects, this.composeContext(ref, after, today), !postal);
    const outbox = [...this.outgoing(this.oriented(ref, after), mails, seed), ...taker.mails];
    if (!decision.events.length && !outbox.length)
      return { committed: true, decision, state, mails: 0 };
    if (archive) {
      const rejected = decision.effects.some((e) => e.kind === 'transmission-rejected');
      const r = this.store.commitInbound(
        {
          ...archive,
          status: rejected ? 'rejected' : 'done',
          gameKey: ref.gameKey,
          note: `${input.kind === 'ruling' ? 'letter' : 'postal card'} entered by the TD: ${effectSummary(decision.effects, state, after)}`,
        },
        [{ gameKey: ref.gameKey, events: decision.events }],
        outbox,
        this.clock().toISOString(),
        { gameKey: ref.gameKey, events: state.events.length },
      );
      return {
        committed: r.committed,
        decision,
        state: r.committed ? after : state,
        mails: r.committed ? outbox.length : 0,
      };
    }
    const committed = this.store.commitDecision(
      ref.gameKey,
      state.events.length,
      decision.events,
      outbox,
      this.clock().toISOString(),
    );
    return { committed, decision, state: committed ? after : state, mails: outbox.length };
  }

  /**
   * A leave notice (P-8b) to the player whose leave starts or ends, when it concerns several of
   * their games: one mail listing them all, with their colour and, at its end, whether their
   * clock runs again (P-8a), instead of one per game. Each game's sweep makes the same mail —
   * composed in the first of those games, with a Message-ID of the player and the leave — and
   * the outbox keeps it once. `effects` keep the opponents' notices, each of its own game.
   */
  private leaveNoticesOnce(
    ref: GameRefResolved,
    state: GameState,
    effects: readonly Effect[],
    today: CalendarDate,
  ): { effects: Effect[]; mails: NewOutboxMail[] } {
    const out = { effects: [] as Effect[], mails: [] as NewOutboxMail[] };
    for (const e of effects) {
      const leave =
        e.kind === 'leave-notice'
          ? state.leaves.find(
              (l) =>
                l.side === e.side &&
                (e.phase === 'starts' ? l.from === e.on : addDays(l.to, 1) === e.on),
            )
          : undefined;
      if (e.kind !== 'leave-notice' || !leave || !e.to.includes(e.side)) {
        out.effects.push(e);
        continue;
      }
      const player = this.oriented(ref, state).game[e.side];
      // The player's games in every event they play in (leave is booked in all, P-8a): one mail
      // names them all, a line for each game with its event's tag, not one mail per event.
      const address = this.player(ref.event, player).addresses[0];
      const memberships = address
        ? this.directory.memberships(address)
        : [{ event: ref.event, player: this.player(ref.event, player) }];
      const games = memberships.flatMap(({ event, player: p }) =>
        this.directory.gamesOf(event, p.id).flatMap((g) => {
          if (!this.store.hasGame(g.gameKey)) return [];
          const s = g.gameKey === ref.gameKey ? state : this.state(g.gameKey);
          const side = this.colourOf(g, p.id);
          const held = s.leaves.some(
            (l) => l.side === side && l.from === leave.from && l.to === leave.to,
          );
          if (!held || s.result || inAdjudication(s, today, this.rules(g.event, g.game))) return [];
          return [{ ref: g, state: s, side }];
        }),
      );
      const first = games[0];
      if (games.length < 2 || !first) {
        out.effects.push(e);
        continue;
      }
      out.effects.push({ ...e, to: e.to.filter((r) => r !== e.side) });
      // Where their clock runs again, and from which day: not before the move they must answer
      // reached them (P-8a, P-6d).
      const runs = games.map((g) => clockRunsAgainOn(g.state, g.side, e.on, today));
      const mine: Effect = {
        ...e,
        to: [first.side],
        side: first.side,
        ...(e.phase === 'ends' ? { toMove: runs[0] !== undefined } : {}),
        ...(e.phase === 'ends' && runs[0] ? { runsFrom: runs[0] } : {}),
        games: games.map((g, i) =>
          this.leaveGame(g.ref, g.side, e.phase === 'ends' ? (runs[i] ?? null) : undefined),
        ),
      };
      const mails = composeEffect(mine, this.composeContext(first.ref, first.state, today));
      // Each game's sweep makes the same mail under the same Message-ID: of the player in the
      // event, as ever, when all the games are the event's; of their address across events.
      const across = games.some((g) => g.ref.event.tag !== ref.event.tag);
      const who = across ? `*:${address}` : `${ref.event.tag}:${player}`;
      const seed = `leave-${e.phase}:${who}:${leave.from}:${leave.to}`;
      out.mails.push(...this.outgoing(this.oriented(first.ref, first.state), mails, seed));
    }
    return out;
  }

  /**
   * A player withdrew or died (P-9a): each of their unfinished games in `event` is annulled or
   * scored as a loss for them, all in one transaction. Each opponent gets one mail, the result in
   * their game's thread (with the reason and the TD's note); the player gets one mail listing
   * all their games; the TD one summary with every game, its result and the table (L-12) — not a
   * ruling, a result and a table per game. Nothing is committed when a game changed meanwhile.
   */
  withdraw(
    event: EventConfig,
    player: PlayerConfig,
    how: { annul: boolean; reason: string; note?: string | undefined },
  ): {
    games: { gameKey: string; result: string; kind: string; rule: string; now: boolean }[];
    refused: { gameKey: string; why: string }[];
    mails: number;
    stale: boolean;
  } {
    const today = this.today(event);
    const at = this.clock().toISOString();
    const games: { gameKey: string; result: string; kind: string; rule: string; now: boolean }[] =
      [];
    const refused: { gameKey: string; why: string }[] = [];
    const listed: WithdrawalGame[] = [];
    const changes: { gameKey: string; seq: number; events: GameEvent[]; mails: NewOutboxMail[] }[] =
      [];
    // The decision is the TD's (P-9a), so it may be appealed (P-13c): the player who withdrew
    // appeals by 14 days after they received it, as their games' rules date that (appeal.ts).
    let appealUntil: CalendarDate | undefined;
    for (const g of this.store.games()) {
      if (g.eventTag !== event.tag) continue;
      const ref = this.resolveGame(g.gameKey);
      if (!ref) continue;
      const state = this.state(g.gameKey);
      const { white, black } = this.directory.colours(g.gameKey, state.coloursReversed);
      const side: Side | undefined =
        white === player.id ? 'white' : black === player.id ? 'black' : undefined;
      if (!side) continue;
      const players = gameTitle(this.player(event, white).name, this.player(event, black).name);
      if (state.result) {
        const { result, kind, rule } = state.result;
        games.push({ gameKey: g.gameKey, result, kind, rule, now: false });
        listed.push({ game: g.gameKey, players, result, now: false });
        continue;
      }
      const input: RefereeInput = {
        kind: 'ruling',
        ruling: how.annul
          ? { kind: 'annul', reason: how.reason }
          : {
              kind: 'set-result',
              result: side === 'white' ? '0-1' : '1-0',
              reason: how.reason,
              rule: 'P-9a',
            },
        ...(how.note ? { note: how.note } : {}),
      };
      const decision = decide(state, input, today, this.rules(ref.event, ref.game));
      const after = extendGame(state, decision.events);
      if (!after.result) {
        const why = decision.effects.find((e) => e.kind === 'ruling-refused');
        refused.push({ gameKey: g.gameKey, why: why?.kind === 'ruling-refused' ? why.why : '' });
        continue;
      }
      // The opponent's mail only: the result in their game, with the reason and the TD's words.
      const opposite = other(side);
      const effects = decision.effects.flatMap((e): Effect[] =>
        e.kind === 'game-ended'
          ? [{ ...e, to: [opposite], ...(how.note ? { note: how.note } : {}) }]
          : [],
      );
      const mails = this.outgoing(
        this.oriented(ref, after),
        this.composeAll(effects, this.composeContext(ref, after, today)),
        `td:withdraw:${player.id}:${g.gameKey}:${state.events.length}`,
      );
      changes.push({
        gameKey: g.gameKey,
        seq: state.events.length,
        events: decision.events,
        mails,
      });
      const by = appealBy(today, this.rules(ref.event, ref.game))[side];
      if (!appealUntil || compareDates(by, appealUntil) > 0) appealUntil = by;
      const { result, kind, rule } = after.result;
      games.push({ gameKey: g.gameKey, result, kind, rule, now: true });
      listed.push({ game: g.gameKey, players, result, now: true });
    }
    if (!changes.length) return { games, refused, mails: 0, stale: false };
    // The summaries name the games they close, so a second withdrawal later writes new ones.
    const seed = `td:withdraw:${player.id}:${changes.map((c) => `${c.gameKey}@${c.seq}`).join(',')}`;
    const facts = {
      event: { name: event.name, tag: event.tag },
      td: { name: event.td.name, address: event.td.address },
      player: player.name,
      playerId: player.id,
      how: how.annul ? ('annul' as const) : ('forfeit' as const),
      on: today,
      reason: how.reason,
      ...(how.note ? { note: how.note } : {}),
      games: listed,
      ...(appealUntil
        ? {
            appeal: {
              by: appealUntil,
              ...(event.appealsTo ? { chairman: event.appealsTo } : {}),
            },
          }
        : {}),
      ...(this.templatesDir ? { templatesDir: this.templatesDir } : {}),
    };
    const toPlayer = composeWithdrawal({
      ...facts,
      audience: 'player',
      name: player.name,
      lang: player.language ?? event.language,
    });
    const byPost = this.directory
      .gamesOf(event, player.id)
      .some((g) => playsByPost(event, g.game, player));
    let queued = 0;
    /** Thrown inside the transaction to undo it whole: a game changed meanwhile. */
    const changed = new Error('a game changed meanwhile');
    try {
      this.store.together(() => {
        for (const c of changes) {
          if (!this.store.commitDecision(c.gameKey, c.seq, c.events, c.mails, at)) throw changed;
          queued += c.mails.length;
        }
        // The table as the withdrawal leaves it: read inside the transaction, which holds it.
        const toTd = composeWithdrawal({
          ...facts,
          audience: 'td',
          name: event.td.name,
          lang: event.language,
          standings: this.standingsOf(event).rows,
        });
        const summaries = [
          this.mailTo(toPlayer, [player.addresses[0]!], `${seed}:player`),
          this.mailTo(toTd, [event.td.address], `${seed}:td`),
          // A player by post gets it on paper: the TD prints and posts it (P-2m).
          ...(byPost
            ? [
                this.mailTo(
                  composePrintCopy(
                    toPlayer,
                    {
                      tag: `[${event.tag}]`,
                      lang: event.language,
                      templatesDir: this.templatesDir,
                    },
                    player,
                  ),
                  [event.td.address],
                  `${seed}:player:print`,
                ),
              ]
            : []),
        ];
        this.store.enqueueMail(summaries, at);
        queued += summaries.length;
      });
    } catch (e) {
      if (e !== changed) throw e;
      return { games, refused, mails: 0, stale: true };
    }
    return { games, refused, mails: queued, stale: false };
  }

  // --- the outbox ---------------------------------------------------------------------------

  /**
   * Hand every due outgoing mail to `sender`, as many at once as it takes (its `concurrency`);
   * retries per config, permanent failures to the TD. One flush at a time: the daemon makes sure.
   */
  async flushOutbox(sender: Sender): Promise<{ sent: number; retried: number; failed: number }> {
    const counts = { sent: 0, retried: 0, failed: 0 };
    const delays = this.config.retryDelays;
    const lanes = Math.max(1, sender.concurrency ?? 1);
    for (;;) {
      const now = this.clock();
      const rows = this.store.dueOutbox(now.toISOString());
      if (!rows.length) break;
      let taken = 0;
      const lane = async () => {
        for (let row = rows[taken++]; row; row = rows[taken++]) await sendOne(row);
      };
      const sendOne = async (row: (typeof rows)[number]) => {
        const r = await sender.send({
          messageId: row.messageId,
          from: row.sender,
          to: row.recipients,
          raw:
            this.printWrittenAnew(row, now.toISOString()) ??
            this.byPostRelayWrittenAnew(row, now.toISOString()) ??
            this.relayWrittenAnew(row, now.toISOString()),
        });
        if (r.ok) {
          const at = this.clock().toISOString();
          if (!this.relayDelivered(row, at)) this.store.markSent(row.id, at);
          counts.sent++;
          this.logger.info({
            code: 'OUTBOX_SENT',
            messageId: row.messageId,
            to: row.recipients,
            kind: row.kind,
            via: sender.name,
          });
          return;
        }
        const tried = this.clock().toISOString();
        if (!r.permanent && row.attempts < delays.length) {
          const next = new Date(now.getTime() + delays[row.attempts]! * 1000).toISOString();
          this.store.markRetry(row.id, next, r.error, tried);
          counts.retried++;
          this.logger.warn(
            {
              code: 'OUTBOX_RETRY',
              messageId: row.messageId,
              attempt: row.attempts + 1,
              next,
              error: r.error,
            },
            `not sent now; amici tries again at ${next}`,
          );
          return;
        }
        this.store.markFailed(row.id, r.error, tried);
        counts.failed++;
        this.logger.error({
          code: 'OUTBOX_FAILED',
          messageId: row.messageId,
          to: row.recipients,
          error: r.error,
        });
        this.tellTdOfFailure(row, r.error);
      };
      await Promise.all(Array.from({ length: Math.min(lanes, rows.length) }, lane));
    }
    return counts;
  }

  /**
   * The move a relay (an outbox row) asks its player to answer, while it still waits for the
   * answer: its place in the log, the game as it stands, and the player who must answer.
   * Undefined for any other mail.
   */
  private relayedMove(row: OutboxRow):
    | {
        ref: GameRefResolved;
        state: GameState;
        moveSeq: number;
        side: Side;
        input: RefereeInput;
      }
    | undefined {
    const moveSeq = row.relayOf;
    const print = row.kind === 'print:move-relayed';
    if ((row.kind !== 'move-relayed' && !print) || moveSeq === null || row.gameKey === null)
      return undefined;
    const ref = this.resolveGame(row.gameKey);
    // The TD's copy (P-3a) delivers nothing to the player; the copy to print and post to a
    // player by post is what delivers it to them (P-2m).
    if (!ref || (!print && row.recipients.includes(ref.event.td.address))) return undefined;
    const state = this.state(ref.gameKey);
    if (moveAwaitingAnswer(state, moveSeq) === undefined) return undefined;
    return { ref, state, moveSeq, side: state.pos.turn, input: { kind: 'relay-sent', moveSeq } };
  }

  /**
   * The time claim a copy to print and post of its notice (P-2m) is for, while the claim is open
   * to a protest: its window counts from the day that copy reaches the player (P-7c,
   * `decideNoticeSent`). Undefined for any other mail, or a copy written before copies kept their
   * effect.
   */
  private claimNotice(
    row: OutboxRow,
  ): { ref: GameRefResolved; state: GameState; claimId: string; input: RefereeInput } | undefined {
    if (row.kind !== 'print:time-claim' || row.gameKey === null || row.relayEffect === null)
      return undefined;
    const ref = this.resolveGame(row.gameKey);
    if (!ref) return undefined;
    let effect: Effect;
    try {
      effect = JSON.parse(row.relayEffect) as Effect;
    } catch {
      return undefined;
    }
    if (effect.kind !== 'time-claim') return undefined;
    const state = this.state(ref.gameKey);
    const claim = state.claims.find((c) => c.id === effect.claimId);
    if (!claim || claim.ruling || claim.protestedOn || state.result) return undefined;
    const claimId = effect.claimId;
    const side = effect.to[0];
    return {
      ref,
      state,
      claimId,
      input: {
        kind: 'notice-sent',
        claimId,
        ...(side === 'white' || side === 'black' ? { side } : {}),
      },
    };
  }

  /**
   * The bytes to hand over for `row`. A move's relay going out on a later day than it was
   * written (retried after a failure, a copy after a bounce) is written anew as of today: the
   * move counts as delivered now (P-6d), so the clock and the last day it gives count from now,
   * and a line at its top says why it comes late. The new bytes are stored, synced, before they
   * are handed over (`rewriteOutboxRaw`), so what goes out is what is stored; the Message-ID
   * and the thread stay the mail's own. Any other mail, a relay going out the day it was
   * written, or one queued before relays kept their effect, goes out as stored.
   */
  private relayWrittenAnew(row: OutboxRow, at: string): Buffer {
    if (row.lastError === null || row.relayEffect === null) return row.raw;
    const relayed = this.relayedMove(row);
    if (!relayed) return row.raw;
    const { ref, state, moveSeq, side } = relayed;
    const today = this.today(ref.event, at);
    const decision = decide(
      state,
      { kind: 'relay-sent', moveSeq },
      today,
      this.rules(ref.event, ref.game),
    );
    const corrected = decision.events.find((e) => e.type === 'delivery-corrected');
    if (corrected?.type !== 'delivery-corrected') return row.raw;
    try {
      const effect = JSON.parse(row.relayEffect) as Effect;
      if (effect.kind !== 'move-relayed') return row.raw;
      const after = extendGame(state, decision.events);
      const first = row.copyOf === null ? undefined : this.store.outboxInfo(row.copyOf);
      const redelivery: NonNullable<ComposeContext['redelivery']> = first
        ? {
            how: 'resent',
            firstOn: this.today(ref.event, first.sentAt ?? first.createdAt),
            firstTo: first.recipients.join(', '),
            deliveredOn: corrected.deliveredOn,
          }
        : {
            how: 'late',
            firstOn: this.today(ref.event, row.createdAt),
            deliveredOn: corrected.deliveredOn,
          };
      const [mail] = composeEffect(
        { ...effect, to: [side] },
        { ...this.composeContext(ref, after, today), redelivery },
      );
      return mail ? this.storeWrittenAnew(row, mail, at) : row.raw;
    } catch (err) {
      return this.rewriteFailed(row, err);
    }
  }

  /**
   * The bytes to hand over for `row` when it is the TD's copy to print and post (P-2m) going
   * out on a later day than it was written (retried after a failure, a copy after a bounce):
   * written anew as of today, with a line at its top that says it was first written on an
   * earlier day. The copy of a move's relay, as the relay itself is (`relayWrittenAnew`): the
   * clock and the last day as they stand now — from today and the transit, the day the move
   * counts as delivered once this copy goes out (P-6d, P-6e; the copy is the relay for a player
   * by post, `relayDelivered` dates it). The copy of a time claim's notice: the days for a
   * protest counted from today (P-7c, `decideNoticeSent`). Any other copy (a ruling, a
   * reminder, the result) as things stand today. Undefined for any other mail; the bytes as
   * stored when nothing is to be written anew (a copy written before copies kept their effect).
   */
  private printWrittenAnew(row: OutboxRow, at: string): Buffer | undefined {
    if (!row.kind.startsWith('print:') || row.gameKey === null) return undefined;
    if (row.lastError === null || row.relayEffect === null) return row.raw;
    const ref = this.resolveGame(row.gameKey);
    if (!ref) return row.raw;
    const today = this.today(ref.event, at);
    const firstOn = this.firstWrittenOn(ref, row);
    if (compareDates(today, firstOn) <= 0) return row.raw;
    try {
      const effect = JSON.parse(row.relayEffect) as Effect;
      const letter =
        effect.kind === 'move-relayed'
          ? this.relayLetter(ref, effect, today, firstOn)
          : this.noticeLetter(ref, effect, today, firstOn);
      if (!letter) return row.raw;
      return this.storeWrittenAnew(row, this.printCopy(ref, letter.mail, letter.side), at);
    } catch (err) {
      return this.rewriteFailed(row, err);
    }
  }

  /** The day `row` was first written: a copy (`amici outbox resend`) when the mail it copies was. */
  private firstWrittenOn(ref: GameRefResolved, row: OutboxRow): CalendarDate {
    let first: { createdAt: string; copyOf: number | null } = row;
    for (let n = 0; first.copyOf !== null && n < 10; n++) {
      const copied = this.store.outboxRow(first.copyOf);
      if (!copied) break;
      first = copied;
    }
    return this.today(ref.event, first.createdAt);
  }

  /**
   * The bytes to hand over for `row` when it is the relay by email of a move to a player by post
   * going out on a later day than it was written (retried after a failure, a copy after a
   * bounce): written anew as of today, as the letter is (`printWrittenAnew`), so that the mail
   * gives the clock and the last day the letter gives — from the day the letter reaches them
   * (P-2m, P-6d, P-6e) — and says at its top that it comes late. It delivers nothing itself: the
   * letter is the player's relay. Undefined for any other mail; the bytes as stored when nothing
   * is to be written anew (sent on the day it was written, the move answered since, a relay
   * queued before such relays kept their effect).
   */
  private byPostRelayWrittenAnew(row: OutboxRow, at: string): Buffer | undefined {
    if (row.kind !== 'move-relayed' || row.relayOf !== null || row.relayEffect === null)
      return undefined;
    const ref = row.gameKey === null ? undefined : this.resolveGame(row.gameKey);
    if (!ref || row.lastError === null) return row.raw;
    const today = this.today(ref.event, at);
    const firstOn = this.firstWrittenOn(ref, row);
    if (compareDates(today, firstOn) <= 0) return row.raw;
    try {
      const effect = JSON.parse(row.relayEffect) as Effect;
      if (effect.kind !== 'move-relayed') return row.raw;
      const letter = this.relayLetter(ref, effect, today, firstOn, false);
      return letter ? this.storeWrittenAnew(row, letter.mail, at) : row.raw;
    } catch (err) {
      return this.rewriteFailed(row, err);
    }
  }

  /** `row` written anew as `mail`, stored in its place (same Message-ID); the bytes to send. */
  private storeWrittenAnew(row: OutboxRow, mail: ComposedMail, at: string): Buffer {
    const { raw } = buildMime({
      mail,
      from: this.config.from,
      to: row.recipients,
      seed: row.messageId,
      messageId: row.messageId,
      date: new Date(at),
    });
    return this.store.rewriteOutboxRaw(row.id, raw) ? raw : row.raw;
  }

  /** A mail that could not be written anew goes out as it was first written, logged. */
  private rewriteFailed(row: OutboxRow, err: unknown): Buffer {
    this.logger.warn({
      code: 'RELAY_REWRITE_FAILED',
      messageId: row.messageId,
      game: row.gameKey,
      error: err instanceof Error ? err.message : String(err),
    });
    return row.raw;
  }

  /**
   * The letter of a move's relay to a player by post, written anew on `today` (P-6d); with
   * `paper` false, their relay by email, which gives the same dates.
   */
  private relayLetter(
    ref: GameRefResolved,
    effect: Extract<Effect, { kind: 'move-relayed' }>,
    today: CalendarDate,
    firstOn: CalendarDate,
    paper = true,
  ): { mail: ComposedMail; side: Side } | undefined {
    const state = this.state(ref.gameKey);
    const ply = effect.plies[effect.plies.length - 1] ?? -1;
    const move = state.plies[ply];
    if (!move || moveAwaitingAnswer(state, move.seq) === undefined) return undefined;
    const side = state.pos.turn;
    // The letter, not delivered yet, dates the move the day it goes out (P-6d): this copy, or
    // the copy that goes out with this relay by email.
    const events = this.store.relayUndelivered(ref.gameKey, move.seq)
      ? decide(
          state,
          { kind: 'relay-sent', moveSeq: move.seq },
          today,
          this.rules(ref.event, ref.game),
        ).events
      : [];
    const after = events.length ? extendGame(state, events) : state;
    const [mail] = composeEffect(
      { ...effect, to: [side] },
      {
        ...this.composeContext(ref, after, today),
        redelivery: {
          how: paper ? 'posted' : 'byPost',
          firstOn,
          deliveredOn: after.plies[ply]!.deliveredOn,
        },
        ...(paper ? { paper: true } : {}),
      },
    );
    return mail && { mail, side };
  }

  /**
   * The letter of any other mail to a player by post, written anew on `today`: a time claim's
   * notice gives the protest window as it ends once this letter goes out (P-7c).
   */
  private noticeLetter(
    ref: GameRefResolved,
    effect: Effect,
    today: CalendarDate,
    firstOn: CalendarDate,
  ): { mail: ComposedMail; side: Side } | undefined {
    const side = effect.to[0];
    if (side !== 'white' && side !== 'black') return undefined;
    const state = this.state(ref.gameKey);
    let shown = effect;
    let after = state;
    if (effect.kind === 'time-claim') {
      const { events } = decide(
        state,
        { kind: 'notice-sent', claimId: effect.claimId, side },
        today,
        this.rules(ref.event, ref.game),
      );
      after = events.length ? extendGame(state, events) : state;
      const protestBy = after.claims.find((c) => c.id === effect.claimId)?.protestBy;
      if (protestBy) shown = { ...effect, protestBy };
    }
    // A claim's window counts from the day the letter reaches the player (P-7c), by post the
    // event's transit after it goes out.
    const rules = this.rules(ref.event, ref.game);
    // Only when it moved the window: a letter whose window the other player's later letter holds
    // open is written anew as things stand (its restart day is in the claim itself, P-7e).
    const claimWindow =
      effect.kind === 'time-claim' &&
      after.claims.find((c) => c.id === effect.claimId)?.protestBy !==
        state.claims.find((c) => c.id === effect.claimId)?.protestBy;
    const transit = claimWindow && rules.postal?.[side] ? rules.transitDays : 0;
    const [mail] = composeEffect(shown, {
      ...this.composeContext(ref, after, today),
      redelivery: {
        how: !claimWindow ? 'notice' : transit ? 'claimPosted' : 'claim',
        firstOn,
        deliveredOn: addDays(today, transit),
      },
      paper: true,
    });
    return mail && { mail, side };
  }

  /** The side of the game whose player has one of `addresses`, if either has. */
  private sideWithAddress(ref: GameRefResolved, addresses: readonly string[]): Side | undefined {
    const mine = (s: Side) =>
      this.player(ref.event, ref.game[s]).addresses.some((a) =>
        addresses.some((t) => t.toLowerCase() === a.toLowerCase()),
      );
    return (['white', 'black'] as const).find(mine);
  }

  /**
   * Where a copy of mail `outboxId` goes now (`amici outbox resend`): to the player it was for,
   * at the first address the config now gives them — for a move's relay, the player who must
   * answer the move; for other mail, the player whose address it went to, if that is still
   * theirs. Undefined when the config cannot say.
   */
  currentAddressOf(outboxId: number): string | undefined {
    const row = this.store.outboxRow(outboxId);
    if (!row?.gameKey) return undefined;
    const ref = this.resolveGame(row.gameKey);
    if (!ref) return undefined;
    // A copy to print and post goes to the TD, not to the player it is for (P-2m).
    if (row.kind.startsWith('print:')) return ref.event.td.address;
    const state = this.state(ref.gameKey);
    const relayed =
      row.relayOf === null ? undefined : state.plies.find((p) => p.seq === row.relayOf);
    const side = relayed ? other(relayed.side) : this.sideWithAddress(ref, row.recipients);
    return side ? this.player(ref.event, ref.game[side]).addresses[0] : undefined;
  }

  /**
   * A move's relay that went out now, after it did not at its first try (refused, the outbox
   * not writable; failed for good and queued again with `amici outbox retry`): the player had
   * the move only now, so it counts as delivered today, in the event's zone (P-6d) — their
   * clock, reminders and time claims count from then. The correction and the sent mark commit
   * together (`markSentCorrecting`); false when there is nothing to correct, and the caller
   * marks the mail sent as usual. A relay that went out at its first try is dated as decided.
   * Should this throw, the mail is not marked sent and goes out once more, with the same
   * Message-ID, as after a kill: the correction is never lost, nor made without its mail.
   */
  private relayDelivered(row: OutboxRow, at: string): boolean {
    if (row.lastError === null) return false;
    // A game changed by another process meanwhile (`amici td`) is read again and decided again.
    for (let tries = 0; tries < 3; tries++) {
      const relayed = this.relayedMove(row) ?? this.claimNotice(row);
      if (!relayed) return false;
      const { ref, state, input } = relayed;
      const today = this.today(ref.event, at);
      const decision = decide(state, input, today, this.rules(ref.event, ref.game));
      if (!decision.events.length) return false;
      const change = {
        gameKey: ref.gameKey,
        expectedSeq: state.events.length,
        events: decision.events,
      };
      const marked = this.store.markSentCorrecting(row.id, at, change);
      if (marked === 'stale') continue;
      if (marked === 'not-pending') return true; // sent and dated already
      for (const e of decision.events)
        if (e.type === 'delivery-corrected')
          this.logger.info({
            code: 'RELAY_DELIVERED_LATE',
            messageId: row.messageId,
            game: ref.gameKey,
            halfMove: e.ply + 1,
            recorded: state.plies[e.ply]?.deliveredOn,
            deliveredOn: e.deliveredOn,
          });
        else if (e.type === 'claim-window-moved')
          this.logger.info({
            code: 'CLAIM_NOTICE_LATE',
            messageId: row.messageId,
            game: ref.gameKey,
            claim: e.id,
            recorded: state.claims.find((c) => c.id === e.id)?.protestBy,
            protestBy: e.protestBy,
          });
      return true;
    }
    throw new Error(`${row.gameKey} changed three times while its relay was being dated`);
  }

  private tellTdOfFailure(row: OutboxRow, error: string): void {
    const { gameKey, recipients: to, kind } = row;
    const ref = gameKey ? this.resolveGame(gameKey) : undefined;
    if (!ref || kind === 'td-notice' || to.includes(ref.event.td.address)) return; // never loop on the TD's own mail
    const state = this.state(ref.gameKey);
    // The relay of the move a player must answer: their clock waits for it (P-6d).
    const relayed = this.relayedMove(row);
    const side = relayed?.side ?? this.sideWithAddress(ref, to);
    // A player by post has amici's mail on paper: a mail by email that fails holds nothing up,
    // and the TD hears of the address once (P-2m).
    const byPost = !relayed && side !== undefined && this.byPost(ref.event, ref.game)[side];
    const notice = composeTdNotice(
      {
        kind: 'bounce',
        ...(side ? { side } : {}),
        ...(relayed ? { moveUndelivered: true } : {}),
        ...(byPost ? { toPlayerByPost: true } : {}),
        outboxFailed: { kind, to },
        text: error,
      },
      this.composeContext(ref, state, this.today(ref.event)),
    );
    const mails = byPost
      ? this.onceToTd(ref, notice, to[0] ?? '')
      : this.outgoing(ref, [notice], `failure:${gameKey}:${to.join(',')}:${kind}:${error}`);
    this.store.enqueueMail(mails, this.clock().toISOString());
  }

  /**
   * `notice` to the TD, about mail by email to `address`, the address of a player by post that
   * failed or came back: once per event and address, never again (its Message-ID is the same
   * each time, and one already queued is not queued twice), since the letters the TD prints and
   * posts are what reach that player (P-2m) and every relay would otherwise bring one.
   */
  private onceToTd(ref: GameRefResolved, notice: ComposedMail, address: string): NewOutboxMail[] {
    return this.outgoing(
      ref,
      [notice],
      `postal-address-failed:${ref.event.tag}:${address.toLowerCase()}`,
    ).filter((m) => this.store.outboxIdOf(m.messageId) === undefined);
  }
}
