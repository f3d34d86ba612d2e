// Changing a game by hand, offline, with the same rulebook as mail: `amici post` enters a postal
// move with its postmark and received dates (legacy postal games, P-2f..j, P-6d), `amici td`
// applies a TD ruling (P-7d, P-8c, P-9a, P-10, L-6.9, L-6.10, L-7.1, L-7.2). Both commit events
// and queue the mail the decision asks for, exactly as the daemon would.

import { parseArgs } from 'node:util';
import { parseReading } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { compareDates, isCalendarDate } from '../clock/index.ts';
import { plyText } from '../compose/index.ts';
import { playsByPost } from '../config/load-config.ts';
import { memoryLogger } from '../daemon/log.ts';
import type { GameRefResolved, RefereeService } from '../daemon/referee-service.ts';
import { protestsIn, readInbound } from '../mail/index.ts';
import {
  RULING_OPTIONS,
  RULINGS_HELP,
  rulingErrorText,
  rulingNameOf,
  rulingOf,
  unknownRuling,
} from '../mail/td-rulings.ts';
import { assembleTransmission } from '../mail/transmission.ts';
import type {
  Decision,
  GameState,
  RefereeInput,
  Result,
  Ruling,
  Side,
  Transmission,
} from '../referee/index.ts';
import {
  answeredDeliveredOn,
  decide,
  postalDelivery,
  postmarklessSentOn,
} from '../referee/index.ts';
import type { InboundRecord } from '../store/store.ts';
import { openConfig, openService } from './context.ts';
import { describeEffect } from './describe-effect.ts';
import type { CliIo } from './io.ts';
import { argsOrExit, count } from './io.ts';

export const TD_USAGE = `usage: amici td GAME RULING [options] [--note TEXT] [--config FILE]
       amici td GAME set-result RESULT --reason TEXT [--rule R] [--yes]
       amici td GAME annul --reason TEXT [--yes]
       amici td GAME protest --side S --received DATE [--text TEXT]   (a protest by post, P-7c)
       amici td withdraw PLAYER (--annul | --forfeit) --reason TEXT [--yes]   (every unfinished game, P-9a)

${RULINGS_HELP}
A result (set-result) and an annulment (annul, withdraw) are shown first, with what they
change and who is told, and recorded only with --yes; reinstate undoes an annulment and
set-result corrects a result, but the mails will have gone.
A protest of a time claim that reached you by post (or at your own address) is entered with
protest: --received is the day it came, which decides whether it came in time (P-7c), and
--text its words, kept in the inbox as a mail is (P-5a); the player is told it is recorded.
The same rulings (all but withdraw, which runs only here) can be mailed to amici from the TD's
address, one per line, in a reply to a notice about the game (README, "Rulings by mail").`;

export const POST_USAGE = `usage: amici post GAME --as white|black --moves "CARD" (--postmark DATE | --no-postmark)
                 --received DATE [--from NOTATION] [--stated-received DATE] [--stated-sent DATE]
                 [--draw] [--yes] [--force] [--config FILE]

Enters a postal card as it reads: the repetition of the opponent's last move and the move
("12...Nf6 13.Nf3"), and anything else a card says — a draw offer or acceptance, "I resign", a
conditional line ("if 14.Qd2 then 14...Be6"), leave, the dates received and sent — read exactly
as a mail's text. --postmark is the dispatch date (P-2j, P-6d), --received the day the opponent
received it; DATE is YYYY-MM-DD. A card whose postmark is missing or illegible is entered with
--no-postmark (or --postmark unreadable): the reply date the card states is recorded when it can
be true, else the received date less the event's transitDays, and the player is told which date
was recorded (P-2i). A card the rulebook rejects (penalty, letter to the player) is only
recorded with --yes, so a typing slip costs nobody anything; a card entered twice is recorded
once. A player by email has no card (their moves come to amici by mail, P-2m), in a game all by
email or as the player by email of a mixed game, unless --force says the TD means it: a move
such a player mailed to the TD instead, say (forwarded to amici, the answer gives the command to
enter it).`;

/** What a TD may type for a postmark that is missing or cannot be read (P-2i). */
const NO_POSTMARK_WORDS = new Set(['unreadable', 'illegible', 'missing', 'none']);

const side = (s: string | undefined): Side | undefined =>
  s === 'white' || s === 'black' ? s : undefined;
const day = (s: string | undefined): CalendarDate | undefined =>
  s && isCalendarDate(s) ? s : undefined;

export const WITHDRAW_USAGE = `usage: amici td withdraw PLAYER (--annul | --forfeit) --reason TEXT [--yes] [--event TAG] [--note TEXT] [--config FILE]

A player withdrew or died (P-9a): each of their unfinished games is annulled (over, no result,
out of the table) or scored as a loss for them, all at once. Each opponent is told in their
game, the player gets one mail listing all their games, the TD one summary with the table.
Finished games stand. PLAYER is the player's id in amici.yaml (or one of their addresses);
--event is needed when they play in more than one event. Without --yes, the games and where
each stands are shown and nothing is recorded.`;

export async function tdCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'withdraw') return withdrawCommand(args.slice(1), io);
  const parsed = argsOrExit(io, 'td', TD_USAGE, () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...RULING_OPTIONS,
        text: { type: 'string' },
        config: { type: 'string' },
        yes: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [game, word, arg] = positionals;
  const kind = word === undefined ? undefined : rulingNameOf(word);
  if (values.help || !game || !kind) {
    const unknown = !values.help && game && word ? unknownRuling(word) : undefined;
    const why = unknown ? `amici td: ${rulingErrorText(unknown.code, unknown.params)}\n\n` : '';
    io[values.help ? 'out' : 'err'](`${why}${TD_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const ruling = rulingOf(kind, arg, values);
  if (typeof ruling === 'string') {
    io.err(`amici td ${kind}: ${rulingErrorText(ruling)}\n\n${TD_USAGE}\n`);
    return 2;
  }
  if (values.text !== undefined && ruling.kind !== 'protest') {
    io.err(
      `amici td ${kind}: --text is the words of a protest (protest --text); for the players, give --note\n`,
    );
    return 2;
  }
  return apply(
    values.config,
    game,
    io,
    { kind: 'ruling', ruling, ...(values.note ? { note: values.note } : {}) },
    `td:${kind}`,
    // A ruling refused at the prompt is said there: no mail to the TD who typed it.
    (decision, at) => {
      const refused = decision.effects.find((e) => e.kind === 'ruling-refused');
      if (refused && !decision.events.length)
        return { code: 1, text: `${describeEffect(refused)}\nNothing recorded.` };
      // An annulment ends the game and tells both players at once (P-9a): shown first, and
      // recorded only with --yes, as a card the rulebook rejects is (amici post).
      if (ruling.kind === 'annul' && !values.yes)
        return {
          code: 1,
          text: `${annulPreview(at.service, at.ref, at.state, decision, ruling.reason)}\nNothing recorded. Run again with --yes to annul it; \`amici td ${at.ref.gameKey} reinstate\` undoes it later (play resumes where it stood, the days between count on neither clock), but the mails will have gone.`,
        };
      // A result ends the game (or changes its score) and tells both players at once (P-7d,
      // L-8.5): shown first, with the rule amici takes it under, as an annulment is.
      if (ruling.kind === 'set-result' && !values.yes)
        return {
          code: 1,
          text: `${resultPreview(at.service, at.ref, at.state, decision, ruling)}\nNothing recorded. Run again with --yes to set it; \`amici td ${at.ref.gameKey} set-result …\` corrects it later (L-8.5), but the mails will have gone.`,
        };
      return undefined;
    },
    // A protest that came by post is kept in the inbox as a mail is (P-5a): its words, who, when.
    ruling.kind === 'protest'
      ? (service, ref, state) => {
          const player = service.player(ref.event, ref.game[ruling.side]);
          const words = values.text?.trim() || '(the words of the protest were not entered)';
          const subject = `protest, received ${ruling.receivedOn}, entered by the TD`;
          const text = `From: ${player.name} <${player.addresses[0] ?? ''}>\r\nSubject: [${ref.gameKey}] ${subject}\r\nDate: ${new Date(`${ruling.receivedOn}T12:00:00Z`).toUTCString()}\r\nX-Amici-Postal: entered by the TD with amici td protest\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nProtest: ${words}\r\n`;
          return {
            dedupeKey: `protest:${ref.gameKey}:${state.events.length}:${ruling.side}:${ruling.receivedOn}`,
            receivedAt: `${ruling.receivedOn}T12:00:00.000Z`,
            sender: player.addresses[0] ?? player.name,
            subject,
            raw: Buffer.from(text),
          };
        }
      : undefined,
  );
}

/** Where a game stands, in one line, for the TD about to end it: moves, who is to move. */
function gameNow(service: RefereeService, ref: GameRefResolved, state: GameState): string {
  const name = (side: Side) =>
    `${service.player(ref.event, ref.game[side]).name} (${side === 'white' ? 'White' : 'Black'})`;
  const last = state.plies.length - 1;
  const moves = state.plies.length
    ? `${count(state.plies.length, 'half-move')} played, the last ${plyText(state, last)} sent ${state.plies[last]!.sentOn}`
    : 'no move played yet';
  const paused = state.pauses.some((p) => p.to === null) ? '; the clocks stopped by the TD' : '';
  const claims = state.claims.filter((c) => !c.ruling).length;
  const waiting = claims ? `; ${count(claims, 'claim')} waiting for a ruling` : '';
  return `in play: ${moves}; ${name(state.pos.turn)} to move${paused}${waiting}`;
}

/**
 * Whom a decision's mails go to, for the TD about to make it: each player at their address (a
 * player by post through the TD, who prints it, P-2m), and the TD with the PGN.
 */
function toldByMail(service: RefereeService, ref: GameRefResolved, decision: Decision): string {
  const to = new Set(decision.effects.flatMap((e) => e.to));
  const told = (['white', 'black'] as const)
    .filter((s) => to.has(s))
    .map((s) => {
      const p = service.player(ref.event, ref.game[s]);
      const post = playsByPost(ref.event, ref.game, p);
      return `${p.name} <${p.addresses[0] ?? ''}>${post ? ' (by post: a copy to the TD to print and post, P-2m)' : ''}`;
    });
  if (to.has('td')) told.push(`the TD <${ref.event.td.address}> (with the PGN)`);
  return told.join(', ');
}

/**
 * What annulling a game would do (P-9a): the game, where it stands, what it becomes, and whom
 * the decision's mails go to.
 */
function annulPreview(
  service: RefereeService,
  ref: GameRefResolved,
  state: GameState,
  decision: Decision,
  reason: string,
): string {
  const white = service.player(ref.event, ref.game.white).name;
  const black = service.player(ref.event, ref.game.black).name;
  return [
    `amici td annul: this would annul ${ref.gameKey}, ${white} – ${black} (${ref.event.name}) (P-9a).`,
    `  now:  ${gameNow(service, ref, state)}`,
    `  then: over with no result (*), out of the event's table (L-12); reason: "${reason}"`,
    `  told by mail: ${toldByMail(service, ref, decision)}`,
  ].join('\n');
}

/**
 * What setting a result would do (P-7d, L-8.5): the game, where it stands (or the result it
 * had), the result and what it scores, the rule amici takes it under — read from the reason when
 * no --rule names one, so the TD sees it before it goes out — and whom the mails go to.
 */
function resultPreview(
  service: RefereeService,
  ref: GameRefResolved,
  state: GameState,
  decision: Decision,
  ruling: Extract<Ruling, { kind: 'set-result' }>,
): string {
  const white = service.player(ref.event, ref.game.white).name;
  const black = service.player(ref.event, ref.game.black).name;
  const ended = decision.events.find((e) => e.type === 'ended');
  const rule = ended?.type === 'ended' ? ended.rule : (ruling.rule ?? '');
  const scores: Record<Result, string> = {
    '1-0': `${white} (White) wins`,
    '0-1': `${black} (Black) wins`,
    '1/2-1/2': 'a draw',
    '0-0': 'a double forfeit: both lose (L-6.9, L-12)',
    '*': 'no result',
  };
  const now = state.result
    ? `over: ${state.result.result} (${state.result.kind}, ${state.result.rule}), set on ${state.result.on}`
    : gameNow(service, ref, state);
  const unplayed = state.plies.length
    ? ''
    : '; no move was played, and the PGN says so (a game not played, for the rating officer)';
  const under = ruling.rule
    ? `rule ${rule}`
    : `rule ${rule}, read from the reason (--rule names another: P-10, P-9a, L-6.9, L-5.2.3, L-5.1.2, P-13, P-7f)`;
  return [
    `amici td set-result: this would ${state.result ? 'correct the result of' : 'end'} ${ref.gameKey}, ${white} – ${black} (${ref.event.name}) (P-7d${state.result ? ', L-8.5' : ''}).`,
    `  now:  ${now}`,
    `  then: over, ${ruling.result}: ${scores[ruling.result]}${unplayed}; ${under}; reason: "${ruling.reason}"`,
    `  told by mail: ${toldByMail(service, ref, decision)}`,
  ].join('\n');
}

export async function postCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'post', POST_USAGE, () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        as: { type: 'string' },
        moves: { type: 'string' },
        postmark: { type: 'string' },
        'no-postmark': { type: 'boolean' },
        received: { type: 'string' },
        from: { type: 'string' },
        'stated-received': { type: 'string' },
        'stated-sent': { type: 'string' },
        draw: { type: 'boolean' },
        yes: { type: 'boolean' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [game] = positionals;
  /**
   * Why a card is no card of `side` in game `ref`, when that player plays by email (P-2m): their
   * moves come to amici by mail — both players' in a game all by email, the one by email's in a
   * mixed game; a card is entered for them only with --force.
   */
  const byEmail = (
    service: RefereeService,
    ref: GameRefResolved,
    side: Side,
  ): string | undefined => {
    // A game over says so itself (the rulebook's answer names why nothing is taken).
    if (values.force || service.state(ref.gameKey).result) return undefined;
    const byPost = service.byPost(ref.event, ref.game);
    if (byPost[side]) return undefined;
    const name = (s: Side) => service.player(ref.event, ref.game[s]).name;
    const colour = (s: Side) => (s === 'white' ? 'White' : 'Black');
    const forward = `forward it to amici's address (${service.config.from.address}), and the answer gives the command that enters it with its date; or ask the player to send it there.`;
    const where =
      '(A player who now plays by post is set in the config: post: true on the player, or mode: postal on the game.)';
    const o = side === 'white' ? 'black' : 'white';
    if (!byPost[o])
      return `amici post: in ${ref.gameKey} both players play by email (${name('white')}, White, and ${name('black')}, Black): their moves come to amici by mail, and amici reads them itself. Nothing recorded. A move the player mailed to you instead: ${forward} If a card for this game really came by post, run again with --force. ${where}`;
    return `amici post: in ${ref.gameKey} ${name(side)} (${colour(side)}, --as ${side}) plays by email, and only ${name(o)} (${colour(o)}) by post: ${name(side)}'s moves come to amici by mail, and amici reads them itself. Nothing recorded. A card of ${name(o)}'s is entered with --as ${o}. A move ${name(side)} mailed to you instead: ${forward} If a card from ${name(side)} really came by post, run again with --force. ${where}`;
  };
  const s = side(values.as);
  // A postmark that is missing or cannot be read (P-2i): `--no-postmark`, or a word for it.
  const noPostmark =
    values['no-postmark'] === true ||
    (values.postmark !== undefined && NO_POSTMARK_WORDS.has(values.postmark.toLowerCase()));
  const postmark = noPostmark ? undefined : day(values.postmark);
  const received = day(values.received);
  const reading = values.from ? parseReading(values.from) : undefined;
  const refuse = (why: string): number => {
    io.err(`amici post: ${why}\n\n${POST_USAGE}\n`);
    return 2;
  };
  if (
    values['no-postmark'] &&
    values.postmark !== undefined &&
    !NO_POSTMARK_WORDS.has(values.postmark.toLowerCase())
  )
    return refuse('give --postmark DATE or --no-postmark, not both');
  // A date given in another form is named, not dropped: a stated date read as "not stated"
  // would tell the player the card had no date (P-2i).
  const badDate = (['postmark', 'received', 'stated-received', 'stated-sent'] as const).find(
    (o) => values[o] !== undefined && !day(values[o]) && !(o === 'postmark' && noPostmark),
  );
  if (badDate)
    return refuse(
      `--${badDate} ${values[badDate]} is not a date as YYYY-MM-DD (e.g. 2026-11-24)${badDate === 'postmark' ? '; for a card whose postmark is missing or illegible, give --no-postmark (P-2i)' : ''}`,
    );
  // Every option the card needs and the command line lacks is named, all at once.
  const missing = [
    !game && 'GAME',
    values.as === undefined && '--as white|black',
    !values.moves && '--moves "CARD"',
    values.postmark === undefined &&
      !noPostmark &&
      '--postmark DATE (or --no-postmark, when the card has none that can be read: P-2i)',
    values.received === undefined && '--received DATE',
  ].filter((m): m is string => typeof m === 'string');
  if (missing.length || !game) return refuse(`missing ${missing.join(', ')}`);
  if (!s) return refuse(`--as ${values.as} is neither white nor black`);
  if (values.from && !reading)
    return refuse(
      `--from ${values.from} is not a notation (numeric, auto, san, san:pl, san:de, lan, figurine, …)`,
    );
  if (!received) return refuse('missing --received DATE');
  // Dates no card can bear are a slip of the pen or the keyboard: refused before anything is
  // recorded, so a wrong date never reaches the clock (P-2j, P-6d).
  if (postmark && compareDates(received, postmark) < 0) {
    io.err(
      `amici post: the card was received on ${received}, before its postmark ${postmark}; check both dates (P-2j, P-6d)\n`,
    );
    return 2;
  }
  const stated = { r: day(values['stated-received']), s: day(values['stated-sent']) };
  // The card is read as a mail's text would be (P-2b..j, P-4f, P-8b, L-5): moves, a draw offer,
  // acceptance or resignation, a conditional line, leave, the dates it states.
  // A card with no postmark is read as of the day it came (a date without a year takes its year).
  const dated = postmark ?? received;
  const card = await readInbound(
    `Date: ${new Date(`${dated}T12:00:00Z`).toUTCString()}\r\nSubject: card\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${values.moves}\r\n`,
  );
  if (!card.ok) {
    io.err(`amici post: the card's text could not be read (${card.error})\n`);
    return 2;
  }
  // A protest of a time claim on the card ("Protest: …") is no move, and a card records moves:
  // it is entered with `amici td GAME protest`, which dates it by the day it came (P-7c).
  const protest = card.value.commands.some((c) => c.kind === 'td-message' && protestsIn(c.raw));
  const protestCommand = (gameKey: string) =>
    `amici td ${gameKey} protest --side ${s} --received ${received} --text "…"`;
  /** The dispatch date recorded: the postmark, or the acceptable date chosen for none (P-2i). */
  let sentOn: CalendarDate = postmark ?? received;
  /** The card as `side`'s transmission in the game `ref`, or what is wrong with its dates. */
  const cardIn = (
    service: RefereeService,
    ref: GameRefResolved,
    side: Side,
    today: CalendarDate,
  ): Transmission | string => {
    const state = service.state(ref.gameKey);
    if (compareDates(received, today) > 0)
      return `amici post: the card's received date ${received} is after today (${today} in the event's time zone); enter the card once it has come`;
    // Read as the daemon reads a mail: with the day the move it answers was delivered, which
    // decides a slash date that reads both ways (P-2f..h).
    const read = assembleTransmission(card.value, {
      ...service.readContext(ref, side, dated),
      ...(reading ? { reading } : {}),
    });
    if (!read) return 'amici post: the card holds nothing to enter';
    // Dates typed as options stand for what the card states; `--draw` marks an offer. The
    // received date the card states is when the move it answers arrived (P-2f..h).
    const t: Transmission = {
      ...read,
      postal: true,
      deliveredOn: received,
      ...(stated.r ? { statedReceivedOn: stated.r } : {}),
      ...(stated.s ? { statedSentOn: stated.s } : {}),
      ...(values.draw ? { drawOffer: true } : {}),
    };
    // A card already recorded, entered again (after the answer to it, too): its dates are
    // those of a move already played, not a reply's; the preview says what it is (P-4a).
    if (
      decide(state, t, today, service.rules(ref.event, ref.game)).effects.some(
        (e) => e.kind === 'transmission-repeated',
      )
    )
      return t;
    // A reply cannot leave before the move it answers reached its sender, nor before the
    // game began (P-6d): such a postmark is a slip, and would give the reply 0 days. (A card
    // from the player not to move is not a reply: the rulebook says what it is.)
    const since =
      postalDelivery(state, t)?.deliveredOn ?? answeredDeliveredOn(state, state.plies.length);
    const reply = state.pos.turn === side;
    if (!postmark) {
      // No postmark to read (P-2i): the card cannot have come before what it answers.
      if (reply && compareDates(received, since) < 0)
        return state.plies.length
          ? `amici post: the card was received on ${received}, before the move it answers reached its sender (${since}); check the received date, or the date that move was received (P-6d)`
          : `amici post: the card was received on ${received}, before the game began (${since}); check the received date (P-6d)`;
      const recorded = postmarklessSentOn(
        received,
        t.statedSentOn,
        reply ? since : state.clockStartsOn,
        service.rules(ref.event, ref.game).transitDays,
      );
      return { ...t, sentOn: recorded, postmarkMissing: true };
    }
    if (reply && compareDates(postmark, since) < 0)
      return state.plies.length
        ? `amici post: the card is postmarked ${postmark}, before the move it answers reached its sender (${since}); check the postmark, or the date that move was received (P-6d)`
        : `amici post: the card is postmarked ${postmark}, before the game began (${since}); check the postmark (P-6d)`;
    return t;
  };
  /**
   * Where a card the rulebook rejects in `ref` as `s`'s would be accepted as a move: the
   * unfinished games of either of its players, as that player's card (this game's other side
   * too). A card put with the wrong game, or typed with the wrong --as, is then named as such,
   * as a mail in the wrong game's thread is (INBOUND_OTHER_GAME), not penalised.
   */
  const fitsElsewhere = (
    service: RefereeService,
    ref: GameRefResolved,
    today: CalendarDate,
  ): { ref: GameRefResolved; side: Side }[] => {
    const players = new Set([ref.game.white, ref.game.black]);
    const games = new Map<string, GameRefResolved>();
    for (const id of players)
      for (const g of service.directory.gamesOf(ref.event, id)) games.set(g.gameKey, g);
    const fits: { ref: GameRefResolved; side: Side }[] = [];
    for (const g of games.values()) {
      if (!service.store.hasGame(g.gameKey)) continue;
      const state = service.state(g.gameKey);
      if (state.result) continue;
      for (const side of ['white', 'black'] as const) {
        if (!players.has(g.game[side]) || (g.gameKey === ref.gameKey && side === s)) continue;
        if (byEmail(service, g, side)) continue;
        const t = cardIn(service, g, side, today);
        if (typeof t === 'string') continue;
        const { effects } = decide(state, t, today, service.rules(g.event, g.game));
        if (
          effects.some((e) => e.kind === 'move-accepted') &&
          !effects.some((e) => e.kind === 'transmission-rejected')
        )
          fits.push({ ref: g, side });
      }
    }
    return fits;
  };
  return apply(
    values.config,
    game,
    io,
    (service, ref, today) => {
      const refused = byEmail(service, ref, s);
      if (refused) return refused;
      const t = cardIn(service, ref, s, today);
      if (typeof t !== 'string') sentOn = t.sentOn;
      return t;
    },
    `post:${postmark ?? 'no-postmark'}:${values.moves}`,
    (decision, { service, ref, state, today }) => {
      // A card entered twice is recorded once, and nobody is told anything: the TD is shown
      // the move it made and when it was entered, to check against the card (P-4a).
      const again = decision.effects.find((e) => e.kind === 'transmission-repeated');
      if (again?.kind === 'transmission-repeated') {
        const ply = state.plies[again.ply];
        const entered = ply ? state.events[ply.seq]?.on : undefined;
        const who = ply ? service.player(ref.event, ref.game[ply.side]).name : '';
        const differ =
          ply &&
          ((postmark !== undefined && postmark !== ply.sentOn) || received !== ply.deliveredOn)
            ? `; the dates typed now (${postmark ? `postmark ${postmark}` : 'no postmark'}, received ${received}) are not those recorded`
            : '';
        return {
          code: 0,
          text: ply
            ? `amici post: this card is already recorded: half-move ${again.ply + 1}, ${plyText(state, again.ply)} by ${ply.side === 'white' ? 'White' : 'Black'} (${who}), sent ${ply.sentOn}, received ${ply.deliveredOn}${entered ? `, entered on ${entered}` : ''}${differ}; nothing recorded, nothing sent (P-4a)`
            : `amici post: this card is already recorded (half-move ${again.ply + 1}); nothing recorded, nothing sent (P-4a)`,
        };
      }
      // A rejection costs the player days and a letter: the TD's typing slip must not (P-6g).
      const rejected = decision.effects.find((e) => e.kind === 'transmission-rejected');
      // A card with a protest and no move is no blank card (P-4d): the protest is entered so.
      if (
        protest &&
        rejected?.kind === 'transmission-rejected' &&
        rejected.problem.code === 'blank'
      )
        return {
          code: 2,
          text: `amici post: the card holds a protest and no move. Nothing recorded: a protest of a time claim is entered with\n  ${protestCommand(ref.gameKey)}\n--received is the day it came, which decides whether it came in time (P-7c).`,
        };
      if (protest)
        io.out(
          `the card also holds a protest: amici post records its moves only; enter the protest with\n  ${protestCommand(ref.gameKey)}\n`,
        );
      // Moves that are another game's card (or the other player's) are not penalised here,
      // even with --yes: the TD is told where they fit.
      const fits = rejected ? fitsElsewhere(service, ref, today) : [];
      if (rejected && fits.length) {
        const colour = (side: Side) => (side === 'white' ? 'White' : 'Black');
        const as = (g: GameRefResolved, side: Side) =>
          `${service.player(g.event, g.game[side]).name} (${colour(side)}) in ${g.gameKey}`;
        const where = fits.map((f) => as(f.ref, f.side));
        const first = fits[0]!;
        return {
          code: 1,
          text: `${describeEffect(rejected)}\nNothing recorded: the moves are no card of ${as(ref, s)}, but they fit as the card of ${where.join(' or of ')}. Enter the card there${fits.length === 1 ? ` (amici post ${first.ref.gameKey} --as ${first.side}, the other options as given)` : ''}; a card for another game is not penalised in this one, with or without --yes.`,
        };
      }
      if (rejected && !values.yes)
        return {
          code: 1,
          text: `${describeEffect(rejected)}\nNothing recorded. Check the card and the options (--as, the moves, the dates); if the card really says this, run again with --yes: the rejection is recorded and the player told.`,
        };
      return undefined;
    },
    // The card itself, kept in the inbox as a mail is (P-5a): what it said, from whom, when.
    (service, ref, state) => {
      const player = service.player(ref.event, ref.game[s]);
      const lines = [
        stated.r ? `Stated received: ${stated.r}` : '',
        stated.s ? `Stated sent: ${stated.s}` : '',
        values.draw ? 'Draw offered (=)' : '',
      ].filter(Boolean);
      const stamp = postmark
        ? `postmark ${postmark}`
        : `no readable postmark (recorded as sent ${sentOn}, P-2i)`;
      const text = `From: ${player.name} <${player.addresses[0] ?? ''}>\r\nSubject: [${ref.gameKey}] postal card, ${stamp}, received ${received}\r\nDate: ${new Date(`${sentOn}T12:00:00Z`).toUTCString()}\r\nX-Amici-Postal: entered by the TD with amici post\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${[values.moves, ...lines].join('\r\n')}\r\n`;
      return {
        dedupeKey: `post:${ref.gameKey}:${state.events.length}:${s}:${postmark ?? 'no-postmark'}:${received}:${values.moves}`,
        receivedAt: `${received}T12:00:00.000Z`,
        sender: player.addresses[0] ?? player.name,
        subject: `postal card, ${stamp}, received ${received}`,
        raw: Buffer.from(text),
      };
    },
  );
}

async function apply(
  configFlag: string | undefined,
  game: string,
  io: CliIo,
  /** The input, or what is wrong with it (refused, exit status 2, nothing recorded). */
  input:
    | RefereeInput
    | ((s: RefereeService, r: GameRefResolved, today: CalendarDate) => RefereeInput | string),
  seed: string,
  /** Looks at the decision first: what to print and exit with instead of committing it. */
  preview?: (
    decision: Decision,
    at: { service: RefereeService; ref: GameRefResolved; state: GameState; today: CalendarDate },
  ) => { code: number; text: string } | undefined,
  /** What came on paper, kept in the inbox with the events it makes (P-5a): a postal card. */
  archive?: (
    s: RefereeService,
    r: GameRefResolved,
    state: GameState,
  ) => Omit<InboundRecord, 'status' | 'gameKey' | 'note'>,
): Promise<number> {
  const loaded = await openConfig(configFlag, io);
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  try {
    service.ensureGames();
    const key = game.replace(/^\[|\]$/g, '');
    const ref = service.resolveGame(key);
    if (!ref || !service.store.hasGame(key)) {
      io.err(`amici: no game "${game}"; \`amici games\` lists them\n`);
      return 1;
    }
    const state = service.state(key);
    const today = service.today(ref.event);
    const resolved = typeof input === 'function' ? input(service, ref, today) : input;
    if (typeof resolved === 'string') {
      io.err(`${resolved}\n`);
      return 2;
    }
    const stop = preview?.(decide(state, resolved, today, service.rules(ref.event, ref.game)), {
      service,
      ref,
      state,
      today,
    });
    if (stop) {
      io[stop.code ? 'err' : 'out'](`${stop.text}\n`);
      return stop.code;
    }
    const r = await service.decideAndCommit(
      ref,
      state,
      resolved,
      today,
      `${seed}:${state.events.length}`,
      archive?.(service, ref, state),
    );
    if (!r.committed) {
      io.err(
        'amici: the game changed while this was decided (another amici at work?); nothing recorded, try again\n',
      );
      return 1;
    }
    for (const e of r.decision.events)
      if (e.type === 'delivery-corrected')
        io.out(
          `the move of half-move ${e.ply + 1} was received on ${e.deliveredOn}, as this card states (P-2f..h), not on ${state.plies[e.ply]?.deliveredOn} as entered\n`,
        );
    // A card that says it was answered before it was received: one date is a slip (P-2f..h).
    if (
      resolved.kind === 'transmission' &&
      resolved.postal &&
      resolved.statedReceivedOn !== undefined &&
      resolved.statedSentOn !== undefined &&
      compareDates(resolved.statedReceivedOn, resolved.statedSentOn) > 0
    )
      io.out(
        `the card's dates contradict each other (received ${resolved.statedReceivedOn}, sent ${resolved.statedSentOn}): the date entered for the move it answers (${state.plies.at(-1)?.deliveredOn}) stands and the postmark dates the reply; check the card (P-2f..h, P-2j)\n`,
      );
    for (const e of r.decision.effects) io.out(`${describeEffect(e)}\n`);
    io.out(
      `${count(r.decision.events.length, 'event')} recorded, ${count(r.mails, 'mail')} queued (sent by \`amici run\`)\n`,
    );
    // Extra leave stops the player's clock in their other games too (P-8c).
    if (r.committed && r.decision.events.length && resolved.kind === 'ruling')
      for (const o of service.grantedLeaveElsewhere(ref, resolved.ruling, resolved.note)) {
        const more = await service.decideAndCommit(
          o.ref,
          o.state,
          o.input,
          today,
          `${seed}:${o.ref.gameKey}:${o.state.events.length}`,
        );
        const refused = more.decision.effects.find((e) => e.kind === 'ruling-refused');
        io.out(
          `${o.ref.gameKey}: ${refused ? describeEffect(refused) : `the same leave, ${count(more.mails, 'mail')} queued`}\n`,
        );
      }
    const refused =
      r.decision.events.length === 0 ||
      r.decision.effects.some((e) => e.kind === 'transmission-rejected');
    return refused ? 1 : 0;
  } finally {
    service.store.close();
  }
}

/** P-9a: every unfinished game of a player who withdrew, annulled or lost, in one command. */
async function withdrawCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'td withdraw', WITHDRAW_USAGE, () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        annul: { type: 'boolean' },
        forfeit: { type: 'boolean' },
        reason: { type: 'string' },
        note: { type: 'string' },
        event: { type: 'string' },
        config: { type: 'string' },
        yes: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [who] = positionals;
  if (!who || positionals.length > 1 || values.annul === values.forfeit || !values.reason) {
    io.err(
      `amici td withdraw: ${!who || positionals.length > 1 ? 'name one player' : values.annul === values.forfeit ? 'give --annul or --forfeit' : 'give --reason'}\n\n${WITHDRAW_USAGE}\n`,
    );
    return 2;
  }
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  try {
    service.ensureGames();
    const id = who.toLowerCase();
    const entries = service.config.events.flatMap((event) =>
      event.players
        .filter((p) => p.id.toLowerCase() === id || p.addresses.some((a) => a.toLowerCase() === id))
        .map((player) => ({ event, player })),
    );
    const found = values.event ? entries.filter((e) => e.event.tag === values.event) : entries;
    if (found.length !== 1) {
      io.err(
        found.length
          ? `amici td withdraw: ${who} plays in ${found.map((e) => e.event.tag).join(', ')}; give --event TAG\n`
          : `amici td withdraw: no player "${who}"${values.event ? ` in event ${values.event}` : ''}\n`,
      );
      return 1;
    }
    const { event, player } = found[0]!;
    if (!values.yes) {
      // Without --yes: the games that would change, shown and left as they are.
      let over = 0;
      let would = 0;
      for (const g of service.store.games()) {
        const ref = service.resolveGame(g.gameKey);
        if (!ref || ref.event.tag !== event.tag) continue;
        const side =
          ref.game.white === player.id
            ? 'white'
            : ref.game.black === player.id
              ? 'black'
              : undefined;
        if (!side) continue;
        const state = service.state(g.gameKey);
        if (state.result) {
          io.out(`${g.gameKey}: already over (${state.result.result}), unchanged\n`);
          over++;
          continue;
        }
        const reason = values.reason!;
        const input: RefereeInput = {
          kind: 'ruling',
          ruling: values.annul
            ? { kind: 'annul', reason }
            : {
                kind: 'set-result',
                result: side === 'white' ? '0-1' : '1-0',
                reason,
                rule: 'P-9a',
              },
          ...(values.note ? { note: values.note } : {}),
        };
        const d = decide(
          state,
          input,
          service.today(ref.event),
          service.rules(ref.event, ref.game),
        );
        const refused = d.effects.find((e) => e.kind === 'ruling-refused');
        io.out(
          `${g.gameKey}: ${refused ? describeEffect(refused) : `would be ${values.annul ? 'annulled (*)' : `scored ${side === 'white' ? '0-1' : '1-0'}`}; ${gameNow(service, ref, state)}`}\n`,
        );
        if (!refused) would++;
      }
      io.out(
        `${player.name} (${event.tag}): ${count(would, 'game')} would be ${values.annul ? 'annulled' : 'scored as lost'} (P-9a), ${over} already over; each opponent, ${player.name} and the TD would be told by mail. Nothing recorded. Run again with --yes to do it${values.annul ? `; \`amici td GAME reinstate\` undoes an annulment later, but the mails will have gone` : ''}.\n`,
      );
      return would ? 1 : 0;
    }
    // All the games in one transaction, and one mail each to the opponents, the player and the
    // TD (P-9a), instead of a ruling, a result and a table per game.
    const r = service.withdraw(event, player, {
      annul: values.annul === true,
      reason: values.reason!,
      note: values.note,
    });
    if (r.stale) {
      io.err(
        'amici: a game changed while this was decided (another amici at work?); nothing recorded, try again\n',
      );
      return 1;
    }
    for (const g of r.games)
      io.out(
        g.now
          ? `${g.gameKey}: ${g.result} — ${g.kind} (${g.rule})\n`
          : `${g.gameKey}: already over (${g.result}), unchanged\n`,
      );
    for (const f of r.refused) io.out(`${f.gameKey}: unchanged — ${f.why}\n`);
    const changed = r.games.filter((g) => g.now).length;
    const over = r.games.length - changed;
    io.out(
      `${player.name} (${event.tag}): ${count(changed, 'game')} ${values.annul ? 'annulled' : 'scored as lost'}, ${over} already over; ${count(r.mails, 'mail')} queued (sent by \`amici run\`)${changed ? `: one to each opponent, one to ${player.name} listing the games, one summary to the TD` : ''}\n`,
    );
    return 0;
  } finally {
    service.store.close();
  }
}
