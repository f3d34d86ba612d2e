// `amici explain FILE.eml`: how amici reads a message — kind, game, sender, the player's new
// text, the moves, stated dates, commands — and, given the game so far, what it would rule.
// Changes nothing. A TD uses it to answer "why was my move rejected?".

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { makeUci } from 'chessops/util';
import type { MovetextToken, Reading } from '../chess/index.ts';
import { parseReading, readPgn, tokenText } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { calendarDateOf } from '../clock/index.ts';
import { loadConfig } from '../config/load-config.ts';
import type { SenderCheck } from '../daemon/authenticate.ts';
import { cachingResolver, checkSender } from '../daemon/authenticate.ts';
import { memoryLogger } from '../daemon/log.ts';
import type { RefereeService } from '../daemon/referee-service.ts';
import type { Inbound } from '../mail/index.ts';
import { readInbound } from '../mail/index.ts';
import { findGameRef, notATransmission, readTransmission } from '../mail/transmission.ts';
import type { GameEvent, GameState, Side } from '../referee/index.ts';
import {
  decide,
  decideTransmission,
  defaultEventRules,
  extendGame,
  foldGame,
  namesUnplayedMove,
  playsNewMove,
} from '../referee/index.ts';
import { openService, storedDrift } from './context.ts';
import { describeEffect } from './describe-effect.ts';
import type { CliIo } from './io.ts';
import { argsOrExit } from './io.ts';

export const EXPLAIN_USAGE = `usage: amici explain FILE.eml [--config FILE | --game GAME.pgn --as white|black] [--from NOTATION] [--zone ZONE] [--json]

Prints how amici reads the message: its kind (move mail, auto-reply, bounce), the game it is
about, the player's new text, the moves, the stated dates and the commands, and what amici
would rule: against the installation (--config, $AMICI_CONFIG or ./amici.yaml — the game and
player found as the daemon finds them, the stored state), or against --game (the game so far
as PGN). The sender's colour is taken from
--as, or from the PGN's White/Black tags when they hold the sender's address. Nothing is
changed or sent.`;

const show = (t: MovetextToken) => `${tokenText(t)}${t.drawOffer ? ' (=)' : ''}`;

/** A game state from a PGN: the moves, dated `on` (dates do not matter for the ruling). */
function stateFromPgn(
  pgn: string,
  on: CalendarDate,
): { state: GameState; tags: Record<string, string> } | string {
  const r = readPgn(pgn);
  if (!r.ok) return 'message' in r.error ? r.error.message : 'unreadable PGN';
  const { record, tags } = r.value;
  const events: GameEvent[] = [
    {
      type: 'created',
      on,
      start: record.start,
      white: tags.White ?? '?',
      black: tags.Black ?? '?',
      clockStartsOn: on,
    },
  ];
  let side: Side = foldGame(events).pos.turn;
  for (const { move } of record.moves) {
    const uci = makeUci(move);
    events.push({ type: 'move', on, side, uci, sentOn: on, deliveredOn: on });
    side = side === 'white' ? 'black' : 'white';
  }
  return { state: foldGame(events), tags };
}

function senderCheckText(c: SenderCheck): string {
  if (c.verdict === 'pass') return `DKIM signature of ${c.domain} verified (P-2d)`;
  if (c.verdict === 'temporary')
    return `the DKIM key cannot be looked up now (${c.detail}); the daemon reads the mail again later`;
  return `NOT VERIFIED — ${c.reason}: ${c.detail} (P-2d)`;
}

export async function explainCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'explain', EXPLAIN_USAGE, () => parse(args));
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const file = positionals[0];
  let reading: Reading | undefined = parseReading(values.from ?? 'auto');
  const wrong = !file
    ? 'give the mail to explain: FILE.eml'
    : !reading
      ? `unknown --from "${values.from}": expected a notation: numeric, san, san:LANG, lan, lan:LANG or auto`
      : values.as && values.as !== 'white' && values.as !== 'black'
        ? `unknown --as "${values.as}": expected white or black`
        : undefined;
  if (wrong || !file || !reading) {
    io.err(`amici explain: ${wrong}\n\n${EXPLAIN_USAGE}\n`);
    return 2;
  }
  const raw = await readFile(file).catch(() => undefined);
  if (!raw) {
    io.err(`amici explain: cannot read ${file}\n`);
    return 2;
  }
  const read = await readInbound(raw);
  if (!read.ok) {
    io.err(`amici explain: ${file} is not a readable mail (${read.error})\n`);
    return 1;
  }
  const inbound = read.value;
  const { mail, classification } = inbound;
  const zone = values.zone ?? 'UTC';
  const arrived = mail.date ? calendarDateOf(mail.date, zone) : undefined;
  let sentOn: CalendarDate = arrived?.ok ? arrived.value : '2000-01-01';

  let state: GameState | undefined;
  let side = values.as as Side | undefined;
  let rules = defaultEventRules();
  let against = values.game;
  let game = findGameRef(inbound);
  /** "White – Black", as our subjects about the game begin (the subject is read when it is not). */
  let title: string | undefined;
  /**
   * The day the move the mail answers was delivered, from the installation's stored game; a
   * PGN given with --game has no dates, so a slash date is read as written there (P-2f..h).
   */
  let since: CalendarDate | undefined;
  /** The DKIM check, when the installation requires one of this player (P-2d). */
  let senderCheck: SenderCheck | undefined;
  /**
   * Moves for several games: the daemon plays none (one game per mail, P-2e, P-5a); its words for
   * the TD go to the TD, or not when the mail is not proven (P-5d, P-2d).
   */
  let several: { games: string[]; forTd?: 'sent' | 'not proven' } | undefined;
  const configFile =
    values.config ??
    process.env.AMICI_CONFIG ??
    (existsSync('amici.yaml') ? 'amici.yaml' : undefined);
  if (!values.game && configFile && mail.from?.address) {
    // Against the installation: the game and player as the daemon finds them, its stored state.
    const loaded = await loadConfig(configFile);
    if (!loaded.ok) {
      io.err(`amici explain: ${configFile} is not valid:\n  ${loaded.errors.join('\n  ')}\n`);
      return 2;
    }
    // As every command: a config that would give stored games to other players is refused.
    const { errors } = storedDrift(loaded.config);
    if (errors.length) {
      io.err(
        `amici explain: ${configFile} does not fit the games in ${loaded.config.store.path}:\n  ${errors.join('\n  ')}\n`,
      );
      return 2;
    }
    const service = openService(loaded.config, memoryLogger());
    let undo = () => {};
    try {
      // The sender's DKIM check (P-2d) waits on DNS: it is made first, as the daemon makes it
      // (readItem), before the transaction below takes the store's write lock — a lookup that
      // hangs must not keep the daemon or the TD's other commands from committing.
      const from = mail.from.address;
      const check = service.checksSender(from)
        ? await checkSender(raw, {
            from,
            resolver: cachingResolver(),
            at: new Date(mail.date ?? Date.now()),
          })
        : undefined;
      // Before the first `amici run` the store holds no game yet: the config's games are made to
      // read the mail against (their start only, as the daemon would), and forgotten again.
      undo = service.store.look(service.gamesMissing());
      service.ensureGames();
      const ref = service.gameOf(inbound, mail.from.address, mail.date ?? undefined);
      // As the daemon: a player's mail with moves for several games is refused before its game
      // is looked at.
      const many = ref === 'unknown-sender' ? undefined : service.severalGames(inbound, from);
      if (many) {
        const words = service.tdWordsOfSeveral(inbound, from, check);
        several = { games: many.games, ...(words ? { forTd: words } : {}) };
        against = undefined;
      } else if (
        typeof ref === 'object' &&
        'gameKey' in ref &&
        service.store.hasGame(ref.gameKey)
      ) {
        state = service.state(ref.gameKey);
        side ??= service.sideOf(ref, mail.from.address);
        rules = service.rules(ref.event, ref.game);
        title = service.gameTitle(ref);
        const today = mail.date ? calendarDateOf(mail.date, ref.event.timeZone) : undefined;
        if (today?.ok) sentOn = today.value;
        // Read as the daemon reads it: the player's notation, and the day the move it answers
        // was delivered, which decides a slash date that reads both ways (P-2f..h).
        const ctx = service.readContext(ref, side, sentOn);
        reading = values.from ? reading : ctx.reading;
        since = ctx.since;
        game = { event: ref.event.tag, game: ref.game.id, via: game?.via ?? 'thread' };
        against = `${ref.gameKey} in ${configFile}`;
        if (service.needsSignature(service.player(ref.event, ref.game[side]))) senderCheck = check;
      } else if (ref === 'unknown-sender' && service.isTd(from)) {
        io.out(explainTdMail(service, inbound, check, file, from, !!values.json));
        return 0;
      } else {
        against = undefined;
        io.err(
          `amici explain: ${ref === 'unknown-sender' ? `${mail.from.address} is not a player in ${configFile}; amici plays nothing from it, and if the mail names a game of the event, the sender and the TD are told (P-5c)` : 'no single game found for this mail in the installation'}\n`,
        );
      }
    } finally {
      undo();
      service.store.close();
    }
  }
  if (values.game) {
    const pgn = await readFile(values.game, 'utf8').catch(() => undefined);
    const built = pgn === undefined ? `cannot read ${values.game}` : stateFromPgn(pgn, sentOn);
    if (typeof built === 'string') {
      io.err(`amici explain: ${built}\n`);
      return 2;
    }
    state = built.state;
    const from = mail.from?.address ?? '';
    side ??=
      built.tags.White?.includes(from) && from
        ? 'white'
        : built.tags.Black?.includes(from) && from
          ? 'black'
          : undefined;
  }
  // A move typed into the subject, or a PGN attached, to a mail with no transmission in its body
  // is read, as the daemon does.
  const {
    inbound: said,
    source,
    t,
  } = readTransmission(
    inbound,
    { side: side ?? 'white', reading, sentOn, ...(since ? { since } : {}) },
    title,
    (alt) => (state && side ? playsNewMove(state, alt, sentOn, rules) : false),
    (alt) => (state ? namesUnplayedMove(state, alt) : false),
  );
  // Words with no move, command or date: the daemon answers them and plays nothing (no P-4d).
  const chatter = t !== undefined && notATransmission(said, t);
  const ruling =
    state && side && t && !chatter && !several
      ? decideTransmission(state, t, sentOn, rules)
      : undefined;

  if (values.json) {
    io.out(
      `${JSON.stringify({ file, from: mail.from, subject: mail.subject, kind: classification, game, newText: said.newText.text, readFrom: source, transmission: t, notATransmission: chatter, senderCheck, ...(several ? { severalGames: several.games, ...(several.forTd ? { forTd: several.forTd } : {}) } : {}), ruling }, null, 2)}\n`,
    );
    return 0;
  }
  const lines = [
    `File:     ${file}`,
    `From:     ${mail.from ? `${mail.from.name ? `${mail.from.name} ` : ''}<${mail.from.address}>` : '(none)'}`,
    `Subject:  ${mail.subject}`,
    `Kind:     ${classification.kind}${classification.kind === 'normal' ? '' : ` (${classification.reason}) — never answered`}`,
    `Game:     ${game ? `${game.event}/${game.game} (from the ${game.via})` : 'not found (no [EVENT/GAME] tag, no thread, no game line)'}`,
    `Player:   ${side ?? 'unknown (give --as, or --game with the players’ addresses)'}`,
  ];
  if (senderCheck) lines.push(`Sender:   ${senderCheckText(senderCheck)}`);
  if (classification.kind === 'bounce' && classification.failedRecipient) {
    lines.push(`Bounced:  ${classification.failedRecipient} — the TD is told`);
  }
  lines.push(
    source !== 'body'
      ? `New text (the body holds no transmission: ${source === 'pgn' ? 'the attached PGN is read' : source === 'reply-subject' ? 'the move typed into the reply’s subject is read first' : 'its subject, typed by the player, is read first'}):`
      : 'New text (what the player wrote now; quotes and signatures cut):',
  );
  for (const l of said.newText.lines) lines.push(`  | ${l}`);
  if (t) {
    lines.push(`Moves:    ${t.moves.map(show).join(' ') || '(none)'}`);
    if (t.conditional) lines.push(`If-line:  ${t.conditional.map(show).join(' ')}`);
    lines.push(
      `Dates:    received ${t.statedReceivedOn ?? '(not stated)'}, sent ${t.statedSentOn ?? '(not stated)'}; arrived ${sentOn}`,
    );
    const cmds = [
      t.drawOffer && 'draw offer',
      t.acceptDraw &&
        `accepts the draw${t.withAcceptance ? ` (with the words "${t.withAcceptance.replace(/\n/g, ' / ')}", passed on only if the opponent's offer stands)` : ''}`,
      t.declineDraw && 'declines the draw',
      t.resign && 'resigns',
      t.claim && `claims ${t.claim.kind}`,
      t.leave && `leave ${t.leave.from}..${t.leave.to}`,
      t.note && `note: ${t.note}`,
      ...said.commands.flatMap((c) =>
        c.kind === 'td-message' ? [`for the TD (P-5d): ${c.text}`] : [],
      ),
    ].filter(Boolean);
    lines.push(`Commands: ${cmds.join('; ') || '(none)'}`);
  }
  if (several) {
    const words =
      several.forTd === 'sent'
        ? '; the words for the TD go to the TD with the whole mail, and the player is told so [P-5d]'
        : several.forTd === 'not proven'
          ? '; the words for the TD are not passed on, the mail not being proven the player’s, and the player is told where to write [P-2d, P-5d]'
          : '';
    lines.push(
      `Ruling:   moves for several games (${several.games.join(', ')}): one game per mail — nothing is played in any of them and no penalty given; the player is asked to send each game’s move in its own mail [P-2e, P-5a]${words}`,
    );
  } else if (chatter) {
    lines.push(
      'Ruling:   no transmission (words with no move, command or date): nothing is played and no penalty given; the player is told whose move it is and how to write one (once a day per game) [P-2a, P-2e]',
    );
  } else if (senderCheck && senderCheck.verdict !== 'pass') {
    lines.push(
      'Ruling:   not the player’s mail as far as amici can tell: nothing is played and no penalty given; the player (at this address) and the TD are told [P-2d]',
    );
  } else if (ruling) {
    lines.push(
      `Ruling (against ${against}, ${state!.plies.length} moves played, ${side} to send):`,
    );
    for (const e of ruling.effects) lines.push(`  ${describeEffect(e)}`);
  } else if (t) {
    lines.push(
      'Ruling:   run it where amici.yaml is (or give --config), or --game GAME.pgn --as SIDE, to see what amici would rule',
    );
  }
  io.out(`${lines.join('\n')}\n`);
  return 0;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      game: { type: 'string' },
      as: { type: 'string' },
      from: { type: 'string' },
      zone: { type: 'string' },
      json: { type: 'boolean' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** Why a TD's ruling has no game, as explain says it. */
const UNPLACED = {
  'no-game': 'no game named (no [EVENT/GAME] tag, thread, game line, or game before a ruling)',
  'several-games': 'lines naming no game beside lines naming several',
  'not-yours': 'a game that is not this TD’s',
} as const;

/**
 * A TD's mail (P-7d): the game it is about, the sender check, and the ruling lines as read with,
 * applied in order to the stored game, what each would do — as the daemon would, committing
 * nothing. Text, or with `json` the same as data.
 */
function explainTdMail(
  service: RefereeService,
  inbound: Inbound,
  /** The DKIM check of the TD's mail, made before the store was opened for this (P-2d). */
  checked: SenderCheck | undefined,
  file: string,
  from: string,
  json: boolean,
): string {
  const { mail } = inbound;
  const lookup = service.tdRulingsIn(inbound, from);
  const found = lookup && 'ref' in lookup ? lookup : undefined;
  const unplaced = lookup && 'unplaced' in lookup ? lookup : undefined;
  const check = service.tdNeedsSignature() ? checked : undefined;
  const rulings = lookup?.rulings ?? [];
  const applies =
    !!found && rulings.length > 0 && rulings.every((r) => r.ok) && check?.verdict !== 'fail';
  const states = new Map<string, GameState>();
  const read = rulings.map((r) => {
    if (!r.ok) return { line: r.line, error: r.error };
    if (!applies || !found) return { line: r.line, ruling: r.ruling };
    const { event, gameKey } = found.gameOf(r);
    const state = states.get(gameKey) ?? service.state(gameKey);
    const decision = decide(
      state,
      { kind: 'ruling', ruling: r.ruling, ...(r.note ? { note: r.note } : {}) },
      service.today(event, mail.date ?? new Date()),
      service.rules(event, service.resolveGame(gameKey)?.game),
    );
    states.set(gameKey, extendGame(state, decision.events));
    return { line: r.line, game: gameKey, ruling: r.ruling, effects: decision.effects };
  });
  const against = [...new Set(rulings.flatMap((r) => (found ? [found.gameOf(r).gameKey] : [])))];
  if (json)
    return `${JSON.stringify({ file, from: mail.from, subject: mail.subject, td: true, game: found?.ref.gameKey ?? null, unplaced: unplaced?.unplaced, newText: inbound.newText.text, senderCheck: check, applies, rulings: read }, null, 2)}\n`;
  const lines = [
    `File:     ${file}`,
    `From:     ${mail.from?.name ? `${mail.from.name} ` : ''}<${from}>, the TD`,
    `Subject:  ${mail.subject}`,
    `Game:     ${found ? found.ref.gameKey : unplaced ? `${UNPLACED[unplaced.unplaced]}${unplaced.game ? ` (${unplaced.game})` : ''}: nothing is applied; the TD is told how to name the game` : 'none of this TD’s games (no [EVENT/GAME] tag, thread or game line): filed, unanswered'}`,
  ];
  if (check) lines.push(`Sender:   ${senderCheckText(check)}`);
  lines.push('New text (what the TD wrote now; quotes and signatures cut):');
  for (const l of inbound.newText.lines) lines.push(`  | ${l}`);
  if (unplaced) for (const r of unplaced.rulings) lines.push(`  ${r.line}`);
  if (!found) return `${lines.join('\n')}\n`;
  if (!rulings.length)
    lines.push('Rulings:  (none: a ruling is a line as after `amici td GAME`) — filed, unanswered');
  else {
    const why = !rulings.every((r) => r.ok)
      ? '; a line does not read, so none is applied and the TD is told'
      : check?.verdict === 'fail'
        ? '; not signed, so none is applied and the TD is told (once a day per game) [P-2d]'
        : '';
    lines.push(`Rulings (against ${against.join(', ')}${why}):`);
    for (const r of read) {
      lines.push(`  ${r.line}`);
      if ('error' in r) lines.push(`    -> ${r.error}`);
      for (const e of 'effects' in r ? (r.effects ?? []) : [])
        lines.push(`    ${describeEffect(e)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
