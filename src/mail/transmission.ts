// From a read mail to the rulebook's input: which game it is about (a tag in the subject like
// `[WCH26/7]`, the In-Reply-To/References of our earlier mail, or a game line in the body), and
// the transmission itself — the movetext lines (the repetition and the own move, P-2e), the
// stated dates (P-2f..h), the commands (draw offer, acceptance, resignation, claims, leave, a
// conditional line P-4f, a note). Pure: the caller says who sent it and when it arrived.

import type { MovetextToken, Reading } from '../chess/index.ts';
import { isBareFileCapture, isMoveToken, tokenizeMovetext, tokenText } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { addDays, isCalendarDate } from '../clock/index.ts';
import type { Side, Transmission } from '../referee/index.ts';
import type { CommandKind } from './keywords.ts';
import {
  appealsIn,
  appealTopicsIn,
  asksForPgn,
  asksOfTimeIn,
  claimsTimeIn,
  correctionAt,
  findCommands,
  isSalutation,
  museAt,
  sentencesOf,
  slipWordsBefore,
  speaksOfNext,
} from './keywords.ts';
import type { Inbound } from './read-inbound.ts';
import { readText } from './read-inbound.ts';
import { nextDayMonth } from './stated-date.ts';

/** Commands that end the game by themselves: read from a reply's subject too. */
const ENDS: readonly CommandKind[] = ['draw-accept', 'resign'];

export interface GameRef {
  event: string;
  game: string;
  /** Where it was found. */
  via: 'subject' | 'thread' | 'body';
}

const TAG_RE = /\[([\p{L}\p{N}_.-]+)\/([\p{L}\p{N}_.-]+)\]/u;
const BODY_GAME_RE =
  /^\s*(?:game|partie|partia|gra|spiel|hra|партия|партія|гра)\s*[:#]?\s*([\p{L}\p{N}_.-]+)\/([\p{L}\p{N}_.-]+)\s*$/iu;

/**
 * The game a mail is about. `threadLookup` maps a Message-ID of ours (from In-Reply-To or
 * References, newest first) to its game.
 */
export function findGameRef(
  inbound: Inbound,
  threadLookup: (messageId: string) => { event: string; game: string } | undefined = () =>
    undefined,
): GameRef | undefined {
  const tag = TAG_RE.exec(inbound.mail.subject ?? '');
  if (tag) return { event: tag[1]!, game: tag[2]!, via: 'subject' };
  const ids = [inbound.mail.inReplyTo, ...[...(inbound.mail.references ?? [])].reverse()].filter(
    (x): x is string => typeof x === 'string',
  );
  for (const id of ids) {
    const found = threadLookup(id);
    if (found) return { ...found, via: 'thread' };
  }
  for (const line of inbound.newText.lines) {
    const m = BODY_GAME_RE.exec(line);
    if (m) return { event: m[1]!, game: m[2]!, via: 'body' };
  }
  return undefined;
}

/** A word without its diacritics, in lower case: "Ewą" → "ewa", "Weberem" → "weberem". */
const plain = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether `text` names the player `name` ("Hans Weber"), as a player names an opponent in any
 * of our languages, the name declined: "Partia z Hansem Weberem", "gegen Hans Weber", "s Ewą
 * Lis". A part of the name counts in a word that starts with it and adds up to three letters;
 * a part shorter than four letters ("Jan", "Lis") only beside another part of the name, so
 * "January" or "list" names nobody (a name of one part counts alone).
 */
export function namesPlayer(text: string, name: string): boolean {
  const words = (text.match(/\p{L}+/gu) ?? []).map(plain);
  const parts = (name.match(/\p{L}+/gu) ?? []).map(plain).filter((p) => p.length >= 3);
  const at = (part: string) =>
    words.flatMap((w, i) => (w.startsWith(part) && w.length - part.length <= 3 ? [i] : []));
  return parts.some((part, k) => {
    const found = at(part);
    if (!found.length) return false;
    if (part.length >= 4 || parts.length === 1) return true;
    // A short part, with the next or the previous part of the name beside it.
    const next = parts[k + 1];
    const previous = parts[k - 1];
    return found.some(
      (i) =>
        (next !== undefined && at(next).includes(i + 1)) ||
        (previous !== undefined && at(previous).includes(i - 1)),
    );
  });
}

/**
 * A subject a mail client filled in from an earlier mail: a reply's or a forward's, in the
 * languages of our players' clients ("Re:", "AW:", "Odp:", "Odpověď:", "Відп:", "Fwd:", "WG:",
 * "PD:", "Re[2]:" …).
 */
const FILLED_SUBJECT_RE =
  /^\s*(?:re|aw|odp|odpověď|sv|vs|antw|ynt|rif|r|отв|ответ|відп|відповідь|fwd?|wg|tr|pd|přeposlat|пересл|переслано)\s*(?:\[\d+\]|\(\d+\))?\s*[:：]/iu;

/** Dashes and spaces as phones and clients rewrite them, for comparing a title. */
const loose = (s: string) =>
  s
    .replace(/[\u2010-\u2015\u2212-]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * What the player typed into the subject themselves, game tags taken out: nothing for a reply's
 * or a forward's subject (the client filled it in), nor for one that starts with the game's
 * `title` ("White – Black", as every subject of ours about the game does).
 */
export function ownSubject(subject: string, title?: string): string | undefined {
  if (FILLED_SUBJECT_RE.test(subject)) return undefined;
  const words = subject.replace(new RegExp(TAG_RE.source, 'gu'), ' ').replace(/\s+/g, ' ').trim();
  if (!words || (title && loose(words).startsWith(loose(title)))) return undefined;
  return words;
}

/** Whether lines of a mail carry a transmission: a move, a command for the game or a date. */
function carries(inbound: Inbound): boolean {
  return plays(inbound) || inbound.dates.spans.length > 0;
}

/** Moves, or a command for the game: what a subject or a PGN is never added to. */
function plays(inbound: Inbound): boolean {
  return hasMoves(inbound) || inbound.commands.some((c) => c.kind !== 'td-message');
}

const hasMoves = (inbound: Inbound): boolean =>
  movetextOf(inbound.rest.map((l) => l.text)).length > 0;

/** What a player sends along with a move: read with the move typed into the subject. */
const WITH_A_MOVE: readonly string[] = ['draw-offer', 'leave', 'note', 'conditional', 'td-message'];

/**
 * Whether a body stands alone: it has moves, or a command that is no companion of a move (a
 * resignation, an acceptance, a claim). A body of dates, or of a draw offer, leave or a note
 * ("I offer a draw", "I'm on leave from 2 Jan to 6 Jan") goes with the move in its subject.
 */
const standsAlone = (inbound: Inbound): boolean =>
  hasMoves(inbound) || inbound.commands.some((c) => !WITH_A_MOVE.includes(c.kind));

/**
 * The movetext of the one PGN a player attached (tag pairs dropped; comments and variations
 * the movetext reader drops itself), or nothing when there is none or more than one game.
 */
function attachedMovetext(inbound: Inbound): string[] {
  const [pgn, more] = inbound.mail.pgn;
  if (!pgn || more) return [];
  if ((pgn.text.match(/^\s*\[Event\s/gim)?.length ?? 0) > 1) return [];
  return pgn.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^\[.*\]$/.test(l));
}

/**
 * A transmission sent outside the body (P-4d). On a phone a player often types "12...Nf6
 * 13.Bd3" as the subject of a new mail and leaves the body empty; a player who keeps the game in
 * a chess program may attach it as a PGN instead of writing the move. Neither mail is blank.
 * When the body plays nothing — no move, no command for the game; stated dates alone do not
 * count — the subject, if it is the player's own (`ownSubject`) and plays, is read as the first
 * line of the new text (the body's dates count with it); else the attached PGN's movetext
 * (the score from move 1, whose last moves are the repetition and the own move), with the
 * subject's words. Otherwise the mail is read as it is: these never add moves to a body that
 * has some, and a reply left empty is still a blank transmission.
 */
export function withSubjectAndPgn(
  inbound: Inbound,
  title?: string,
): { inbound: Inbound; source: 'body' | 'subject' | 'pgn' } {
  const asIs = { inbound, source: 'body' } as const;
  // A body of dates, an offer, leave or a note takes its moves from the subject.
  if (inbound.classification.kind !== 'normal' || standsAlone(inbound)) return asIs;
  const subject = ownSubject(inbound.mail.subject ?? '', title)?.replace(/[\r\n]+/g, ' ');
  const read = (first: string[]) => withFirstLines(inbound, first);
  const withSubject = subject ? read([subject]) : undefined;
  if (withSubject && (plays(inbound) ? hasMoves(withSubject) : plays(withSubject)))
    return { inbound: withSubject, source: 'subject' };
  const pgn = attachedMovetext(inbound);
  if (pgn.length) return { inbound: read(subject ? [subject, ...pgn] : pgn), source: 'pgn' };
  return withSubject && !carries(inbound) ? { inbound: withSubject, source: 'subject' } : asIs;
}

/**
 * A move typed into the subject of a reply ("Re: [CCC26/1] A – B: 15... h6 — your move
 * 15...h6 16.Nh2") whose body plays nothing (P-4d): the subject, its "Re:" and tag taken off,
 * read as the first line of the new text; undefined when the subject holds no move. Our own
 * subjects name only moves already played, and a reply left empty is still a blank transmission
 * (P-4d): so the caller keeps this reading only when it plays a new move.
 */
export function withReplySubject(inbound: Inbound, title?: string): Inbound | undefined {
  return replySubjectReadings(inbound, title)[0];
}

/**
 * The readings of a reply's subject (`withReplySubject`), the player's own words after ours
 * tried too: the whole subject first, then the words from each later move number on. A player
 * answers any of our mails, not only the latest relay, and types his move after our text: "Re:
 * [CCC27/3] A – B: 3... cxd4 accepted 5...a6" (an old acceptance), "3. d4 — your move 5. Nc3 a6"
 * (an old relay), in any language. Our text names moves already played, so the whole subject
 * plays nothing new there; the player's addition after it does (P-4d, P-6g). A tail of our own
 * subject names only moves played too, so an empty reply stays blank.
 */
export function replySubjectReadings(inbound: Inbound, title?: string): Inbound[] {
  if (inbound.classification.kind !== 'normal' || standsAlone(inbound)) return [];
  let subject = (inbound.mail.subject ?? '').replace(/[\r\n]+/g, ' ');
  if (!FILLED_SUBJECT_RE.test(subject)) return [];
  while (FILLED_SUBJECT_RE.test(subject)) subject = subject.replace(FILLED_SUBJECT_RE, '');
  let words = subject.replace(new RegExp(TAG_RE.source, 'gu'), ' ').replace(/\s+/g, ' ').trim();
  // The players' names hold no move, but a name like "Bc4" could: the title goes first.
  if (title && loose(words).startsWith(loose(title)))
    words = words.slice(title.length).replace(/^\s*:\s*/, '');
  // Its moves, or words that end the game ("Remis angenommen", "I resign"), typed into it.
  if (!movetextOf([words]).length && !findCommands(words).some((c) => ENDS.includes(c.kind)))
    return [];
  // The player's addition: from a move number after the first on ("5...a6", "5. Sc3 a6").
  const tails = [...words.matchAll(/(?<=^|[\s—–;,:(-])\d{1,3}\s*\.(?!\d{3})/gu)]
    .map((m) => words.slice(m.index).trim())
    .filter((w, i) => i > 0 || w !== words)
    .filter((w) => w !== words && movetextOf([w]).length > 0);
  return [words, ...tails].map((w) => withFirstLines(inbound, [w]));
}

/** The mail read again with `first` as the first lines of its new text (a subject, a PGN). */
function withFirstLines(inbound: Inbound, first: string[]): Inbound {
  const body = inbound.newText;
  const lines = body.text ? [...first, ...body.lines] : first;
  return readText(inbound.mail, inbound.classification, {
    text: lines.join('\n'),
    lines,
    cuts: body.cuts,
  });
}

/**
 * The transmission a mail carries, read as the daemon reads it: the body, else the subject or
 * an attached PGN (`withSubjectAndPgn`), else a move typed into a reply's subject
 * (`withReplySubject`) when `playsNew` says it plays a move the game does not have yet, or
 * when `namesUnplayed` says it names one (our subjects name only moves played: this is the
 * player's own, as "5...a6" typed after "3... cxd4 accepted" without its repetition).
 */
export function readTransmission(
  inbound: Inbound,
  ctx: AssembleContext,
  title: string | undefined,
  playsNew: (t: Transmission) => boolean,
  namesUnplayed?: (t: Transmission) => boolean,
): {
  inbound: Inbound;
  source: 'body' | 'subject' | 'pgn' | 'reply-subject';
  t: Transmission | undefined;
} {
  const { inbound: read, source } = withSubjectAndPgn(inbound, title);
  const t = assembleTransmission(read, ctx);
  if (source === 'body' && t && !t.moves.length && !t.acceptDraw && !t.resign) {
    const readings = replySubjectReadings(inbound, title).map((reply) => ({
      reply,
      alt: assembleTransmission(reply, ctx),
    }));
    for (const { reply, alt } of readings)
      if (alt && playsNew(alt)) return { inbound: reply, source: 'reply-subject', t: alt };
    // A move of the player's own after our subject that does not play (no repetition, an
    // impossible move): ruled as written, with its own answer — not a blank transmission.
    const own = namesUnplayed && readings.findLast(({ alt }) => alt && namesUnplayed(alt));
    if (own?.alt) return { inbound: own.reply, source: 'reply-subject', t: own.alt };
  }
  return { inbound: read, source, t };
}

/**
 * Where a line's sentences end, for questions: after "?", and after a full stop or "!" that ends
 * a word or a move ("4.Ba4. How are you?") before a capital, a pawn's move or a numeric one
 * ("Danke. exd5", "Thanks. 6857"); never inside "3. Nf3" or "3... Nf6".
 */
const SENTENCE_RE = /(?<=\?)\s+|(?<=\p{L}\d?[.!])\s+(?=\p{Lu}|[a-h][1-8x:]|[1-8]{4}\b)/u;
/**
 * Where a clause of prose ends: a comma, semicolon, colon, exclamation, dash, or "but". Not the
 * dash of Black's move after its number ("12. - Nf6").
 */
const CLAUSE_BREAK_RE = /[,;:!]\s*|(?<!\d\.)\s+[-–—]+\s+|\s+(?=(?:but|ale|aber|но|але)\s)/iu;

/** A line that labels what follows it: a few words, a colon, then the rest (`My move: Nc6`). */
const LABELLED_RE = /^\s*[\p{L}'’]+(?:\s+[\p{L}'’]+){0,2}\s*[:：]\s*(?<rest>\S.*)$/u;

/**
 * The move tokens of the player's text: from each line whose words are all moves (and move
 * numbers, marks, results), that carries a numbered move (`My move: 12...Nf6`), or whose words
 * after a short label are all moves (`My move: Nc6`, `Mój ruch: Sc6`).
 */
export function movetextOf(lines: readonly string[]): MovetextToken[] {
  return readMovetext(lines).moves;
}

/**
 * The move tokens of the player's text (`movetextOf`), the numbered moves it wrote only in a
 * question or a thought (`thoughts`): "Should I play 4.Ba4?", "I wonder if 4.Ba4 works", and
 * the slips it corrected before it was sent (`corrected`): "4.Ba4, sorry, I mean 4.Bc4" sends
 * 4.Bc4 — a move is made when it is sent (L-4.2), and this mail sent only the correction. A
 * move named as the slip ("I meant 4.Bc4 not 4.Ba4", "nie 4.Ga4, tylko 4.Gc4") is not sent.
 */
export function readMovetext(
  lines: readonly string[],
  /** The sender's side, when known: their own move in a musing clause is a thought. */
  side?: Side,
): {
  moves: MovetextToken[];
  thoughts: MovetextToken[];
  corrected: MovetextToken[];
  /** Each move named as a slip ("not 2.Sc3") with the move meant instead ("2.g3"). */
  slips: { slip: MovetextToken; meant: MovetextToken }[];
} {
  const tokens: MovetextToken[] = [];
  const thoughts: MovetextToken[] = [];
  const corrected: MovetextToken[] = [];
  const named: { slip: MovetextToken; meant: MovetextToken }[] = [];
  const numbered = (t: MovetextToken) => t.number !== undefined && isMoveToken(t);
  // The first move after a correction word ("sorry", "I mean", "Korrektur") replaces the move
  // before it when it is numbered the same, or has no number and follows the sender's own
  // ("4.Ba4 oops Bc4"; in "3...a6 sorry, Ba4" the repetition stays).
  const correcting = new WeakSet<MovetextToken>();
  let corrects = false;
  const read = (words: readonly MovetextToken[]) => {
    const at = corrects ? words.findIndex(isMoveToken) : -1;
    if (at >= 0) {
      // A correction ends its clause ("sorry, I mean 4.Bc4", "es sollte 4.Lc4 sein"); a move
      // talked about after the apology ("Sorry, 4.Bxc6 looked tempting") corrects nothing.
      if (words.slice(at + 1).filter((t) => !isMoveToken(t)).length <= 1)
        correcting.add(words[at]!);
      corrects = false;
    }
    return words;
  };
  // A numbered move that ends a sentence is mentioned ("I claim a draw after 32.Qd8+."), unless
  // the next move sent follows it: "Thanks for 3...a6. I play 4.Ba4" repeats 3...a6 (P-2e).
  let mention: MovetextToken | undefined;
  /** The tokens of prose clauses that hold nothing but moves. */
  const bare = new WeakSet<MovetextToken>();
  const take = (moves: readonly MovetextToken[]) => {
    const next = moves.find(numbered);
    if (mention && next && follows(mention, next) && !tokens.includes(mention))
      tokens.push(mention);
    mention = undefined;
    for (const t of moves) {
      const last = tokens.at(-1);
      // The slip's number and side: written, or counted on from the last numbered move ("1.e4
      // e6, sorry, I meant 1...e5": e6 is 1...e6). With no number anywhere, the sender's own
      // numbered move corrects the last one ("e4 e6, sorry, I meant 1...e5").
      const ply = last && plyAt(tokens, tokens.length - 1);
      const same =
        last &&
        (t.number === undefined
          ? side !== undefined && (ply?.side ?? last.side) === side
          : ply
            ? t.number === ply.number && t.side === ply.side
            : side !== undefined && t.side === side);
      if (correcting.has(t) && same) {
        tokens.pop();
        // The answer names the slip with its number, as the player would find it (L-4.2).
        corrected.push(ply && last.number === undefined ? { ...last, ...ply } : last);
      }
      tokens.push(t);
    }
  };
  for (const line of lines) {
    const mt = tokenizeMovetext(line);
    if (!mt.tokens.length) continue;
    // A move written out ("Bishop to a4") is meant as one even when it does not read.
    // A pawn capture by files (`ed`) counts on a line of nothing but moves, after a move.
    const { moves, complete } = movesOf(mt.tokens, tokens.at(-1), true);
    if (complete) {
      take(read(moves));
      continue;
    }
    const rest = LABELLED_RE.exec(line)?.groups?.rest;
    const after = rest ? tokenizeMovetext(rest).tokens : [];
    if (after.length && after.every(isMoveToken)) {
      // "Correction: 4.Bc4", "Sorry: 4.Bc4".
      if (correctionAt(line.slice(0, line.length - rest!.length)) >= 0) corrects = true;
      take(read(after));
      continue;
    }
    // Prose with moves in it. Moves in a question are asked about, not sent ("Should I play
    // 4.Ba4 or 4.Bxc6?"), moves in a clause that muses are thought about, not sent ("I wonder
    // if 4.Ba4 works", "Maybe 4.Ba4"), and a move that ends a sentence is mentioned ("I claim
    // a draw after 32.Qd8+."); the numbered moves of the rest are read.
    for (const sentence of line.split(SENTENCE_RE)) {
      const words = tokenizeMovetext(sentence).tokens;
      // "3...a6 4.Ba4? Your move": moves alone before the "?" are moves, the mark a comment.
      if (sentence.trimEnd().endsWith('?') && !words.every(isMoveToken)) {
        // "3...a6 4.Ba4 how was your holiday?", "3...a6 4.Ba4 Draw?": the moves that open the
        // sentence are sent when no move follows them; the question is about something else.
        const lead = words.slice(
          0,
          words.findIndex((t) => !isMoveToken(t)),
        );
        if (lead.some(numbered) && !words.slice(lead.length).some(isMoveToken)) {
          take(read(movesOf(lead, tokens.at(-1)).moves));
          continue;
        }
        // "3...a6 4.Ba4 - maybe Nf6 next?": the question looks past the moves that open the
        // sentence, to the game's next moves; it asks nothing about them, and they are sent.
        if (lead.some(numbered) && asksAhead(lead, words.slice(lead.length), sentence)) {
          take(read(movesOf(lead, tokens.at(-1)).moves));
          thoughts.push(...words.slice(lead.length).filter(numbered));
          continue;
        }
        thoughts.push(...words.filter(numbered));
        continue;
      }
      const kept: MovetextToken[] = [];
      /** The words after a correction word in the sentence ("sorry, I mean Bc4 here"). */
      const amending = new WeakSet<MovetextToken>();
      for (const clause of sentence.split(CLAUSE_BREAK_RE)) {
        const at = museAt(clause);
        const fix = correctionAt(clause);
        // "should be 4.Bc4" corrects: the correction word wins over the musing one it holds.
        if (at < 0 || (fix >= 0 && fix <= at)) {
          const parts = (fix < 0 ? [clause] : [clause.slice(0, fix), clause.slice(fix)]).map(
            (part) => withoutSlips(tokenizeMovetext(part).tokens),
          );
          const clauseTokens = parts.flatMap((p) => p.words);
          if (clauseTokens.every(isMoveToken)) for (const t of clauseTokens) bare.add(t);
          parts.forEach(({ words, slips }, i) => {
            if (i === 1) {
              corrects = true;
              for (const t of words) amending.add(t);
            }
            // A slip named ("I meant 11.5171 not 11.5152", "8.Ge3 a nie 8.O-O") is corrected by
            // the move before it in the sentence; when there is none, or it is the slip itself
            // ("11.5152, not 11.5152 but 11.5171", "nicht 11.Sf3, sondern 11.Le2"), by the
            // next move (L-4.2).
            for (const { slip, before, after } of slips) {
              const prior = before ?? (after ? undefined : kept.filter(isMoveToken).at(-1));
              if (prior && !sameMove(prior, slip)) {
                correcting.add(prior);
                named.push({ slip, meant: prior });
              } else if (after) {
                correcting.add(after);
                named.push({ slip, meant: after });
              } else corrects = true;
            }
            kept.push(...read(words));
          });
          continue;
        }
        // Before the musing word the opponent's move stands, as the repetition ("3...a6 I
        // could play 4.Bxc6"); the sender's own is thought about too ("4.Ba4 might be best").
        for (const t of tokenizeMovetext(clause.slice(0, at)).tokens) {
          if (side === undefined || (t.side !== undefined && t.side !== side)) kept.push(t);
          else if (numbered(t)) thoughts.push(t);
        }
        thoughts.push(...tokenizeMovetext(clause.slice(at)).tokens.filter(numbered));
      }
      // A move in words counts in prose only after its number: "4.castles", not "the castle".
      // A move the prose after the moves talks about is no move sent (`talkedAbout`).
      const talked = talkedAbout(kept, tokens, side, (t) => correcting.has(t) || amending.has(t));
      const counted = kept.filter(
        (t) => (!t.spelled || t.number !== undefined) && !talked.includes(t),
      );
      // Moves alone in their clause, ended by a full stop ("Hi! 3...a6 4.Ba4. Regards"), are sent.
      // A correction that ends its sentence counts with or without its number ("Sorry, should
      // be 5755.", L-4.2).
      const ending = counted
        .filter((t) => t.endsSentence && (numbered(t) || correcting.has(t)) && !bare.has(t))
        .at(-1);
      const mentioned = movesOf(
        counted.filter((t) => !t.endsSentence || bare.has(t)),
        tokens.at(-1),
      ).moves;
      // A move of a number already sent, talked about in prose and not as a correction ("I
      // spent days on 4.Bxc6 before choosing this"), is a thought, not a second move.
      const again = (t: MovetextToken) =>
        t.number !== undefined &&
        !correcting.has(t) &&
        tokens.some((x) => x.number === t.number && x.side === t.side);
      thoughts.push(...mentioned.filter(again));
      const said = mentioned.filter((t) => !again(t));
      // Numbered moves are sent from prose; unnumbered ones when their clauses hold nothing
      // else and the sentence has no more than a greeting besides ("Danke. exd5 Sxd5", "Hi
      // Jan, exd5 Nxd5"; not "I thought about this for a long time: Nc6").
      const greeting = words.filter((t) => !isMoveToken(t)).length <= 3;
      // A correction on a line of its own is sent with or without its number: "2. 5254 5756",
      // then "sorry I meant 5755" (L-4.2); it replaces the slip only when it is the sender's.
      if (
        said.some((t) => t.number !== undefined || correcting.has(t)) ||
        (greeting && said.length && said.every((t) => bare.has(t)))
      )
        take(said);
      if (ending) {
        // The sender's own move right after the repetition is sent, full stop or not: "3...a6
        // I play 4.Ba4.", "Thanks for 3...a6. My move is 4.Ba4." (P-2e); the opponent's next
        // move ("What do you say after 4...b5.") or a move out of turn stays a mention.
        const last = tokens.at(-1);
        const earlier = mention && follows(mention, ending) ? mention : undefined;
        // A correction that ends its sentence ("Sorry, I meant 4.Bc4.") replaces the slip.
        if (correcting.has(ending)) take([ending]);
        else if (
          side !== undefined &&
          ending.side === side &&
          (earlier || (last && follows(last, ending)))
        ) {
          if (earlier && !tokens.includes(earlier)) tokens.push(earlier);
          tokens.push(ending);
          mention = undefined;
        } else mention = ending;
      }
    }
  }
  return { moves: tokens, thoughts, corrected, slips: named };
}

/**
 * The moves without a number that the words after the numbered moves of a sentence talk about:
 * in "2.Nf3 Nc6 Sorry for the delay, e5 is a good move I think" Black sent 2.Nf3 Nc6, and e5 is
 * prose, not a third move refused as more moves than one (P-4f). A move is talked about when
 * words stand between it and the moves before it, and those moves (with the ones read from the
 * lines before, `sent`) are complete on their own: they end with the sender's own move, which
 * the repetition needs no more after (P-2e). After the opponent's move alone ("1.e4 Sorry for
 * the delay, e5 is my move") e5 is the sender's move and is sent; a move after a correction word
 * (`correcting`: "4.Ba4, sorry, I mean Bc4 here") corrects, and one after an "or" (`OR_RE`) is
 * an alternative, both read as before. With the sender's side unknown nothing is set aside.
 */
function talkedAbout(
  words: readonly MovetextToken[],
  sent: readonly MovetextToken[],
  side: Side | undefined,
  correcting: (t: MovetextToken) => boolean,
): MovetextToken[] {
  const talked: MovetextToken[] = [];
  if (side === undefined) return talked;
  const moves: MovetextToken[] = [];
  let wordsBetween = false;
  let alternative = false;
  for (const t of words) {
    if (!isMoveToken(t)) {
      if (moves.length) wordsBetween = true;
      if (moves.length && OR_RE.test(t.text)) alternative = true;
      continue;
    }
    const numberedBefore = moves.some((m) => m.number !== undefined);
    if (
      t.number === undefined &&
      numberedBefore &&
      wordsBetween &&
      !alternative &&
      !correcting(t)
    ) {
      const line = [...sent, ...moves];
      if (plyAt(line, line.length - 1)?.side === side) {
        talked.push(t);
        continue;
      }
    }
    moves.push(t);
    wordsBetween = false;
    alternative = false;
  }
  return talked;
}

/**
 * Whether the question after the moves that open a sentence (`lead`) asks only about moves after
 * them ("3...a6 4.Ba4 - maybe Nf6 next?", "4.Ba4 — what about 4...Nf6 5.O-O?"): every move it
 * names comes later than the lead's last — by its number, or, with none, with a word that says so
 * ("next", "then", "potem", "dann", "далі"). Not a move offered instead ("4.Ba4 or 4.Bxc6?",
 * "4.Ba4 - maybe Bxc6?"): then the player has not chosen, and nothing is sent (P-4a).
 */
function asksAhead(
  lead: readonly MovetextToken[],
  rest: readonly MovetextToken[],
  sentence: string,
): boolean {
  const asked = rest.filter(isMoveToken);
  const last = plyAt(lead, lead.length - 1);
  if (!asked.length || !last) return false;
  if (rest.slice(0, rest.indexOf(asked[0]!)).some((t) => OR_RE.test(t.text))) return false;
  const order = (p: { number: number; side: Side }) => p.number * 2 + (p.side === 'black' ? 1 : 0);
  return asked.every((t) =>
    t.number === undefined
      ? speaksOfNext(sentence.slice(sentence.indexOf(lead.at(-1)!.text) + 1))
      : order({ number: t.number, side: t.side ?? 'white' }) > order(last),
  );
}

/**
 * "or" before a move: the player has not chosen ("2.Nf3 Nc6 or e5"), and the moves are read as
 * written, to be returned as more than one move rather than one of them played (P-4a).
 */
const OR_RE = /^(?:or|oder|albo|lub|czy|bądź|nebo|či|anebo|або|чи|или|либо)[,]?$/iu;

/**
 * The words of a clause less the moves it names as slips and the words that name them ("not
 * 11.5152", "a nie 8.O-O", "statt 11.Sf3"), and each slip with the moves right before and
 * after it in the clause: a slip named is no move sent; a move beside it corrects it (L-4.2).
 */
function withoutSlips(tokens: readonly MovetextToken[]): {
  words: MovetextToken[];
  slips: { slip: MovetextToken; before?: MovetextToken; after?: MovetextToken }[];
} {
  const words: MovetextToken[] = [];
  const named: { slip: MovetextToken; at: number }[] = [];
  for (const t of tokens) {
    const naming = isMoveToken(t) ? slipWordsBefore(words.slice(-2).map((w) => w.text)) : 0;
    // The naming words are prose, never moves: "not" only before a move names it.
    if (naming && words.slice(-naming).every((w) => !isMoveToken(w))) {
      words.splice(words.length - naming, naming);
      named.push({ slip: t, at: words.length });
    } else words.push(t);
  }
  const slips = named.map(({ slip, at }) => {
    const before = words.slice(0, at).filter(isMoveToken).at(-1);
    const after = words.slice(at).find(isMoveToken);
    return { slip, ...(before ? { before } : {}), ...(after ? { after } : {}) };
  });
  return { words, slips };
}

/**
 * The number and side of the move at `i` of `tokens`: its own, or counted on from the last
 * numbered move before it ("1.e4 e6": e6 is 1...e6); undefined when no move before it has a
 * number.
 */
function plyAt(
  tokens: readonly MovetextToken[],
  i: number,
): { number: number; side: Side } | undefined {
  for (let j = i; j >= 0; j--) {
    const t = tokens[j]!;
    if (t.number === undefined) continue;
    const ply = (t.number - 1) * 2 + (t.side === 'black' ? 1 : 0) + (i - j);
    return { number: Math.floor(ply / 2) + 1, side: ply % 2 ? 'black' : 'white' };
  }
  return undefined;
}

/** Whether two tokens write the same move: the same number, side and text, marks aside. */
const sameMove = (a: MovetextToken, b: MovetextToken): boolean =>
  a.number === b.number &&
  a.side === b.side &&
  a.text.replace(/[?!]+$/u, '') === b.text.replace(/[?!]+$/u, '');

/** Whether numbered move `b` is the ply right after `a` (3...a6 then 4.Ba4; 4.Ba4 then 4...Nf6). */
const follows = (a: MovetextToken, b: MovetextToken): boolean =>
  a.number !== undefined &&
  b.number !== undefined &&
  (a.side === 'black'
    ? b.side !== 'black' && b.number === a.number + 1
    : b.side === 'black' && b.number === a.number);

/**
 * A word after a move number, written as a move but unreadable: three digits, or letters and
 * digits that name no square ("4.251", "4.Bj4", "4.Ba9").
 */
const ATTEMPT_RE = /^(?:\d{3}|\d{6,7}|\d{2}[-–]\d{1,3}|\p{L}{0,2}[a-z]?\d?[-x:]?\p{L}\d{1,2})$/u;

/**
 * Whether `t` is meant as the move after `before` and does not read as a move: numbered as the
 * next move of the line ("3...1716 4.251"). Kept, it is returned as illegible, with what to
 * write instead (P-4c), rather than the mail taken for a blank transmission; a number in prose
 * ("1.500 euros") does not continue the moves and stays prose.
 */
function attempted(t: MovetextToken, before: MovetextToken | undefined): boolean {
  if (t.number === undefined || !before || before.number === undefined) return false;
  if (t.endsSentence || !ATTEMPT_RE.test(t.text)) return false;
  return before.side === 'white'
    ? t.side === 'black' && t.number === before.number
    : t.side === 'white' && t.number === before.number + 1;
}

/**
 * The move tokens of `words`: moves, and a numbered attempt at the next move (`attempted`).
 * `complete`: every word is one of them.
 */
function movesOf(
  words: readonly MovetextToken[],
  before: MovetextToken | undefined,
  /** A line to be read whole: a bare `ed` counts when every other word is a move too. */
  line = false,
): { moves: MovetextToken[]; complete: boolean } {
  const moves: MovetextToken[] = [];
  for (const t of words) if (isMoveToken(t) || attempted(t, moves.at(-1) ?? before)) moves.push(t);
  if (line && moves.length < words.length && (moves.length || before)) {
    const all = words.filter((t) => moves.includes(t) || isBareFileCapture(t.text));
    if (all.length === words.length) return { moves: all, complete: true };
  }
  return { moves, complete: moves.length === words.length };
}

/**
 * The lines of words nothing was read from — no move, date or command — and that are more than
 * a greeting: "Thanks for the nice opening, I did not expect that!" They are not passed on (a
 * note for the opponent starts with `Note:`), and the answer tells the player so.
 */
function unreadWords(inbound: Inbound): string[] {
  // A line a command was read from ("32.Qd8+ I offer a draw") said what it meant.
  const commanded = new Set(inbound.commands.map((c) => c.span.line));
  return inbound.rest
    .filter((l) => !commanded.has(l.line))
    .flatMap((l) => {
      const line = withoutHoles(inbound, l.line, l.text).replace(/\s+/g, ' ').trim();
      return tokenizeMovetext(line).tokens.some(isMoveToken) ? proseBesideMoves(line) : [line];
    })
    .filter(
      (words) =>
        (words.match(/\p{L}+/gu)?.length ?? 0) >= 3 &&
        !isSalutation(words) &&
        !BODY_GAME_RE.test(words) &&
        !SIGNATURE_RE.test(words) &&
        // A time claim in words is answered as one (P-7a), and a request for the PGN with the
        // PGN (L-8.1): neither is quoted back as words not passed on.
        !claimsTimeIn(words) &&
        !asksOfTimeIn(words) &&
        !asksForPgn(words),
    );
}

/** What may stand between two stated dates that are one cut: spaces, a comma, an "and". */
const BETWEEN_DATES_RE = /^[\s,;–—-]*(?:(?:and|und|i|a|oraz|и|і|й|та)[\s,]*)?$/iu;

/**
 * The words of line `index` left after its dates were read (`text`), with every sentence a date
 * was cut out of the middle of put back whole: "I got your move on 20.11, what a surprise it was
 * for me." is quoted as written, never as "I , what a surprise it was for me." (P-2f..h).
 */
function withoutHoles(inbound: Inbound, index: number, text: string): string {
  const line = inbound.newText.lines[index] ?? '';
  // Spans side by side ("received today" and " and sent"), or with only a comma or an "and"
  // between them ("received yesterday, sent today"), are one cut: "Tah jsem obdržel dnes a
  // odesílám." leaves "Tah jsem" before it and nothing after, no hole, and "I received it
  // yesterday, sent today." leaves "I".
  const spans = inbound.dates.spans
    .filter((s) => s.line === index)
    .sort((a, b) => a.start - b.start)
    .reduce<{ start: number; end: number }[]>((merged, s) => {
      const last = merged.at(-1);
      if (last && BETWEEN_DATES_RE.test(line.slice(last.end, s.start)))
        last.end = Math.max(last.end, s.end);
      else merged.push({ start: s.start, end: s.end });
      return merged;
    }, []);
  if (!spans.length) return text;
  const ends = [...line.matchAll(/[.!?…]+(?=\s|$)/gu)].map((m) => m.index + m[0].length);
  const bounds = [0, ...ends.filter((e) => e < line.length), line.length];
  let holed = false;
  let cut = false;
  const sentences = bounds.slice(1).map((end, i) => {
    const start = bounds[i]!;
    const chars = line.slice(start, end).split('');
    let hole = false;
    let first: number | undefined;
    let last = 0;
    for (const span of spans) {
      if (span.end <= start || span.start >= end) continue;
      const from = Math.max(span.start, start) - start;
      const to = Math.min(span.end, end) - start;
      if (/\p{L}/u.test(chars.slice(0, from).join('')) && /\p{L}/u.test(chars.slice(to).join('')))
        hole = true;
      for (let c = from; c < to; c++) chars[c] = ' ';
      first ??= from;
      last = to;
    }
    holed ||= hole;
    if (hole) return line.slice(start, end);
    // A date that ends its sentence takes the few words before it in its clause along: they
    // say whose date it is ("Váš tah jsem obdržel dnes a hned odpovídám." leaves "Váš tah
    // jsem", "Your move received today." "Your move", "Ihr Zug hat mich am 13.11. erreicht."
    // "Ihr Zug hat mich am"), and are no words of their own.
    if (first !== undefined && !/\p{L}/u.test(chars.slice(last).join(''))) {
      const lead = chars.slice(0, first).join('');
      const at = Math.max(lead.lastIndexOf(','), lead.lastIndexOf(';'), lead.lastIndexOf(':')) + 1;
      const words = lead.slice(at);
      if (
        (words.match(/\p{L}+/gu)?.length ?? 0) <= 5 &&
        !tokenizeMovetext(words).tokens.some(isMoveToken)
      ) {
        for (let c = at; c < first; c++) chars[c] = ' ';
        cut = true;
        return chars.join('').replace(/[\s,;:]+(?=[.!?…]*\s*$)/u, '');
      }
    }
    return chars.join('');
  });
  if (!holed && !cut) return text;
  return sentences
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .join(' ')
    .replace(/^[\s,;.]+/u, '');
}

/**
 * A line of a signature or a company's footer, which nobody writes to the opponent: a job title
 * and a firm ("Senior Engineer | Contoso Ltd"), an address, a web or phone number, a legal
 * notice ("This e-mail … is confidential …").
 */
const SIGNATURE_RE = new RegExp(
  [
    String.raw`\s\|\s`,
    String.raw`[\w.+-]+@[\w-]+\.[\w.-]+`,
    String.raw`https?://|www\.`,
    String.raw`(?:tel|phone|mob|fax|tel\.?|telefon)\s*[:.]?\s*\+?[\d(]`,
    String.raw`\+\d{2,3}[\s\d()/-]{6,}`,
    `confidential|intended (?:solely )?(?:for|recipient)|privileged|vertraulich|empfänger|poufn|adresat|důvěrn|adresát|конфіденц|адресат`,
  ].join('|'),
  'iu',
);

/**
 * The sentences beside a resignation or an accepted draw on its line ("I resign. Congratulations
 * and thanks for the game!", "Здаюся. Дякую за гру!", "I accept the draw. Thanks for the game!"):
 * every sentence of the line that says no command, the command's own sentence aside. A line
 * that is the command alone gives none.
 */
function besideEnding(inbound: Inbound, kind: 'resign' | 'draw-accept'): string[] {
  const at = (kinds: readonly string[]) =>
    new Set(inbound.commands.filter((c) => kinds.includes(c.kind)).map((c) => c.span.line));
  // A note or a line for the TD that resigns ("Note: I resign, thanks") passes on its own words.
  const said = at(['note', 'td-message']);
  return [...at([kind])]
    .filter((i) => !said.has(i))
    .flatMap((i) =>
      sentencesOf((inbound.newText.lines[i] ?? '').replace(/\s+/g, ' ').trim())
        .flatMap((sentence) => (findCommands(sentence).length ? besideIn(sentence) : [sentence]))
        .filter((sentence) => /\p{L}/u.test(sentence) && !isSalutation(sentence))
        // The moves of the line ("2...Nc6. I accept the draw.") are no words beside it.
        .filter((sentence) => !sentence.split(' ').every(isMoveWord))
        .filter((sentence) => findCommands(sentence).length === 0),
    );
}

/**
 * The clauses of a command's own sentence that say no command and are clauses of their own, each
 * run of them as written: "Přijímám remízu, děkuji za hru." gives "děkuji za hru.", "Thanks for
 * the game, I resign" gives "Thanks for the game". A clause of its own has two words or more, or
 * is a word of thanks ("Remis angenommen, danke!"); "Yes, I accept the draw" gives nothing.
 */
function besideIn(sentence: string): string[] {
  const runs: string[][] = [[]];
  for (const clause of sentence.split(CLAUSE_END_RE)) {
    if (findCommands(clause).length) runs.push([]);
    else runs.at(-1)!.push(clause);
  }
  return runs
    .map((run) => run.join(' ').replace(/^[-–—\s]+|[-–—,;:\s]+$/gu, ''))
    .filter((run) => (run.match(/\p{L}+/gu)?.length ?? 0) >= 2 || THANKS_RE.test(run));
}

/** A word of thanks alone, a clause of its own beside a command: "danke!", "дякую". */
const THANKS_RE =
  /^(?:thanks|thank you|thx|danke|dziękuję|dzięki|děkuji|díky|дякую|спасибі|спасибо)[.!\s]*$/iu;

/** A word that is (part of) the moves of a line: a move, its number, a result, a mark. */
const isMoveWord = (word: string): boolean => {
  const { tokens, result } = tokenizeMovetext(word);
  return result !== undefined || tokens.every(isMoveToken);
};

/**
 * The words of a line with moves that stand apart from them: a sentence after the moves
 * ("4.Ba4 - thanks for the game so far") or a whole sentence before them ("Thanks for the quick
 * reply! 4.Ba4"); not an introduction ("My move: 4.Ba4") nor prose around moves it names apart
 * ("Thanks for 3...a6, I play 4.Ba4"), which the chess reader answers for. Words that go on with
 * the sentence the moves are in are quoted with it whole, the moves in place: never "is a good
 * move I think", a sentence with a hole where the moves were. That is so when nothing but a space
 * stands between (a capital is no mark: "2.Nf3 Nc6 I think", "1.e4 e5 Danke für die schnelle
 * Antwort", where a German noun is capitalised too); when a clause of its own goes before the
 * moves ("Sorry for the delay, 1.e4 e5"); and when words between moves say something of their
 * own (`ownWords`: "1.e4 Sorry for the delay, e5 is a good move I think", "Thanks for 2.Nf3, my
 * answer is 2...Nc6 and I hope you are well."), which are never dropped.
 */
function proseBesideMoves(line: string): string[] {
  return line.split(SENTENCE_RE).flatMap((sentence) => {
    const words = sentence.split(' ').filter((w) => w !== '');
    const first = words.findIndex(isMoveWord);
    if (first < 0) return words.length ? [words.join(' ')] : [];
    const last = words.findLastIndex(isMoveWord);
    const whole = [words.join(' ')];
    if (words.slice(first, last + 1).some((w) => !isMoveWord(w)))
      return ownWords(sentence) ? whole : [];
    const before = words.slice(0, first).join(' ');
    const rest = words.slice(last + 1).join(' ');
    const after = rest.replace(/^[-–—:,.\s]+/u, '');
    // Apart: after a mark ("4.Ba4 - thanks", "4.Ba4. Thanks"); else the words go on with the
    // moves ("4.Ba4 is my move", "2.Nf3 Nc6 I think").
    const apart = after === '' || after !== rest || /[.,;:!?)]$/u.test(words[last]!);
    if (!apart) {
      const prose = `${before} ${after}`.match(/\p{L}+/gu)?.length ?? 0;
      return prose >= 3 ? whole : [];
    }
    // A question that ends in the moves it asks about is words to the opponent, quoted whole as
    // on a move's line ("Ciekawe, czy zagra Pani 2...d6?", "I wonder if you'll play 3...cxd4?"):
    // the moves in it are thoughts, never sent (P-4a), and the words were not passed on.
    if (!after && /\?\s*$/u.test(sentence) && ownWords(sentence)) return whole;
    // Before the moves, a sentence is quoted alone; a clause of its own ("Sorry for the delay,
    // 1.e4 e5") with the moves it stands before, never the words that lead into them ("sorry I
    // meant 5755", "Thanks for your move 3...a6").
    const lead = /[.!]$/u.test(before)
      ? [before]
      : ownWords(`${before} `.split(CLAUSE_END_RE).slice(0, -1).join(' '))
        ? [words.slice(0, last + 1).join(' ')]
        : [];
    return [...lead, ...(after ? [after] : [])];
  });
}

/** Where a sentence's clauses end: a comma, semicolon, colon, "!", or a dash between words. */
const CLAUSE_END_RE = /(?<=[,;:!])\s+|(?<!\d\.)\s+(?=[-–—]+\s)/u;

/**
 * Whether a sentence with moves holds words of its own beside them: a clause of three words or
 * more that names no move ("Sorry for the delay, …"; not an introduction that ends in a colon,
 * "Here is my move:", nor a greeting), or three words or more after a clause's last move ("…, e5
 * is a good move I think", "… 2...Nc6 and I hope you are well"). The words that name the moves
 * ("Thanks for 3...a6, I play 4.Ba4", "1.e4 e5 thanks, I expected 1...c5 from you") are none.
 */
function ownWords(sentence: string): boolean {
  const question = (clause: string) => /\?\s*$/u.test(clause);
  const prose = (ws: readonly string[]) =>
    ws.filter((w) => !isMoveWord(w) && /\p{L}/u.test(w)).length;
  return sentence.split(CLAUSE_END_RE).some((clause) => {
    const words = clause.split(' ').filter((w) => w !== '' && !/^[-–—]+$/u.test(w));
    const last = words.findLastIndex(isMoveWord);
    // A question of its own about moves to come ("- maybe Nf6 next?") is words to the opponent.
    if (last >= 0)
      return prose(words.slice(last + 1)) >= 3 || (question(clause) && prose(words) >= 2);
    return prose(words) >= 3 && !clause.trimEnd().endsWith(':') && !isSalutation(clause);
  });
}

export interface AssembleContext {
  side: Side;
  reading: Reading;
  /** The day the mail reached amici, in the event's time zone: the real dispatch date (P-2j). */
  sentOn: CalendarDate;
  /**
   * The day the move this mail answers was delivered to its sender, when known: a stated date
   * before it cannot be right, so a date that reads both ways ("11/10") is read month first
   * when only that reading falls between it and `sentOn` (P-2f..h).
   */
  since?: CalendarDate;
}

/** The transmission a mail carries. Auto-replies and bounces carry none (never answered). */
export function assembleTransmission(
  inbound: Inbound,
  ctx: AssembleContext,
): Transmission | undefined {
  if (inbound.classification.kind !== 'normal') return undefined;
  const t: Transmission = {
    kind: 'transmission',
    side: ctx.side,
    sentOn: ctx.sentOn,
    reading: ctx.reading,
    moves: [],
  };
  const { moves, thoughts, corrected, slips } = readMovetext(
    inbound.rest.map((l) => l.text),
    ctx.side,
  );
  t.moves = moves;
  // A slip named with the move meant ("miało być 2.g3 a nie 2.Sc3"): when the slip is a move
  // already sent, the rulebook keeps it (P-4a) and plays nothing of the correction.
  const meant = slips.filter((s) => moves.includes(s.meant));
  if (meant.length) t.slipsNamed = meant;
  const named = (m: MovetextToken) => tokenText({ ...m, text: m.text.replace(/[?!]+$/u, '') });
  if (thoughts.length) t.thoughts = thoughts.map(named);
  const unread = unreadWords(inbound);
  if (unread.length) t.unread = unread;
  if (corrected.length) t.corrected = corrected.map(named);
  // An appeal said plainly (P-11, P-13c): it counts only in a game with a decision of the TD to
  // appeal; one in the words of a protest only after the game (in play, a protest is P-7c's).
  if (inbound.newText.lines.some((line) => appealsIn(line))) {
    t.appeal = inbound.newText.lines.some((line) => appealsIn(line, 'appeal'))
      ? 'appeal'
      : 'protest';
    // What it appeals, when it says ("I appeal against the penalty"): tied to that decision.
    const names = [...new Set(inbound.newText.lines.flatMap(appealTopicsIn))];
    if (names.length) t.appealNames = names;
  }
  // The earliest day a reply can carry: the day before the answered move's recorded delivery,
  // which next-day delivery or the sender's time zone may make the real one (P-6d).
  const since = ctx.since && addDays(ctx.since, -1);
  /** The stated date of `kind`, read month first when only that reading can be true. */
  const stated = (kind: 'received' | 'sent'): string | undefined => {
    const value = inbound.dates[kind];
    const other = inbound.dates.monthFirst?.[kind];
    return value && other && since && value < since && since <= other && other <= ctx.sentOn
      ? other
      : value;
  };
  const received = stated('received');
  const sent = stated('sent');
  if (received && isCalendarDate(received)) t.statedReceivedOn = received;
  if (sent && isCalendarDate(sent)) t.statedSentOn = sent;
  const conditional: MovetextToken[] = [];
  /** Notes that say the acceptance of a draw ("Note: I accept the draw, thanks for the game"). */
  const accepting = new Set(
    inbound.commands.filter((c) => c.kind === 'draw-accept').map((c) => c.span.line),
  );
  const acceptNotes: string[] = [];
  for (const c of inbound.commands) {
    switch (c.kind) {
      case 'draw-offer':
        t.drawOffer = true;
        break;
      case 'draw-accept':
        t.acceptDraw = true;
        break;
      case 'draw-decline':
        t.declineDraw = true;
        break;
      case 'resign':
        t.resign = true;
        break;
      case 'claim-repetition':
        t.claim = { kind: 'threefold' };
        break;
      case 'claim-fifty-moves':
        t.claim = { kind: 'fifty-moves' };
        break;
      case 'leave': {
        // A day written without its year is the next such day from the mail's, or one of the
        // last 90 days (leave already begun is then refused as not in advance, P-8b, rather
        // than moved to next year); the end of the leave is the next such day from its start
        // ("od 20.12 do 3.01" crosses the new year).
        const from = c.fromDate ?? (c.fromDayMonth && nextDayMonth(c.fromDayMonth, ctx.sentOn, 90));
        if (!from || !isCalendarDate(from)) {
          t.leaveUnread = c.raw;
          break;
        }
        const to = c.toDate ?? (c.toDayMonth && nextDayMonth(c.toDayMonth, from));
        if (to && isCalendarDate(to)) t.leave = { from, to };
        else t.leaveUnread = c.raw;
        break;
      }
      case 'conditional':
        // Only its moves: the words between them ("then", "I will play") are no part of it.
        conditional.push(
          ...tokenizeMovetext(`${c.condition} ${c.reply}`).tokens.filter(isMoveToken),
        );
        break;
      case 'note':
        if (accepting.has(c.span.line)) acceptNotes.push(c.text);
        else t.note = t.note ? `${t.note}\n${c.text}` : c.text;
        break;
    }
  }
  if (conditional.length) t.conditional = conditional;
  // A resignation (L-5.1.2) or an accepted draw (L-5.2.3) ends the game, and nothing after it is
  // answered: the words that come with it ("Congratulations and thanks for the game!", "Дякую за
  // гру!") are the player's last to the opponent, passed on with the result as a note would be,
  // not dropped or quoted back as not passed on.
  if (t.resign) {
    const words = [...acceptNotes, ...besideEnding(inbound, 'resign'), ...(t.unread ?? [])];
    if (words.length) t.note = [...(t.note ? [t.note] : []), ...words].join('\n');
    delete t.unread;
  } else if (t.acceptDraw) {
    // An acceptance ends the game only when the opponent's offer stands, which the rulebook
    // knows: its words go with it (`withAcceptance`), and the rulebook passes them on as its
    // note, or, with no offer standing, not at all (L-5.2.3, L-9.1.2.1). A mail with a move
    // keeps its other words for the move's answer.
    const words = [
      ...acceptNotes,
      ...besideEnding(inbound, 'draw-accept'),
      ...(t.moves.length ? [] : (t.unread ?? [])),
    ];
    if (!t.moves.length) delete t.unread;
    if (words.length) t.withAcceptance = words.join('\n');
  }
  return t;
}

/**
 * A player's mail that holds words but no move, no command for the game (draw, resign, leave,
 * note…; a line for the TD is none) and no stated date: a question, a thank-you, a message for
 * the TD — not a transmission, so not a blank one either. An empty mail is a blank transmission
 * (P-4d), and goes to the rulebook like any other.
 */
export function notATransmission(inbound: Inbound, t: Transmission): boolean {
  return (
    t.moves.length === 0 &&
    inbound.commands.every((c) => c.kind === 'td-message') &&
    t.statedReceivedOn === undefined &&
    t.statedSentOn === undefined &&
    inbound.newText.text.trim() !== ''
  );
}
