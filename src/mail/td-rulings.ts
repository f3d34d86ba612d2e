// A TD's rulings in words, the same at the prompt (`amici td GAME RULING …`) and in a mail to
// amici (a line `uphold-claim time:white:20:1` in a reply to a notice about the game): the
// ruling's name, its argument and its options, turned into the rulebook's Ruling (P-7d, P-8b, P-8c,
// P-9a, P-10, P-11, P-13c, L-6.9, L-6.10, L-7.1, L-7.2). A line typed on a phone may have its quotes curled
// and its `--` made a dash; both are read as typed on a keyboard.

import { parseArgs } from 'node:util';
import type { CalendarDate } from '../clock/index.ts';
import { isCalendarDate } from '../clock/index.ts';
import type { Result, Ruling, Side } from '../referee/index.ts';
import { editDistance } from '../words.ts';

export const RULINGS = [
  'uphold-claim',
  'reject-claim',
  'grant-leave',
  'refuse-leave',
  'waive-penalty',
  'penalise',
  'set-clock',
  'pause',
  'resume',
  'restore-position',
  'reverse-colours',
  'set-result',
  'annul',
  'reinstate',
  'uphold-appeal',
  'reject-appeal',
  'protest',
] as const;
export type RulingName = (typeof RULINGS)[number];

/** The rulings and their options, as `amici td --help` and a refused mail ruling show them. */
export const RULINGS_HELP = `Rulings:
  uphold-claim ID                              a time claim (P-7c, P-7d); ids in \`amici show GAME\`
  reject-claim ID [--used N | --clock N --bank N]
                                               while its excess is on the clock, with the days
                                               the player really used (P-6c), as set-clock
  grant-leave --side S --from DATE --to DATE   extra leave, up to 30 days a year (P-8c), in all the player's unfinished games
  refuse-leave --side S --from DATE --to DATE  leave asked late or beyond the allowance, not granted
                                               (P-8b, P-8c): the days count on the clock
  waive-penalty --side S --on DATE             undo a P-6g penalty
  penalise --side S --days N --reason TEXT [--rule R]
  set-clock --side S (--used N | --clock N --bank N)
  pause [--from DATE] | resume                 stop or restart the clocks (L-6.10; not Triple Block);
                                               --from: they stopped on an earlier day
  restore-position --move N... [--offender S]  back to before the illegal move (L-7.2): N... is
                                               Black's move N, N. White's; or --plies N to keep
                                               the first N half-moves
  reverse-colours                              colours were reversed by mistake (L-7.1, before move 10)
  set-result RESULT --reason TEXT [--rule R]   1-0, 0-1, 1/2-1/2, 0-0; R: P-10 adjudicated, P-9a withdrawal,
                                               L-6.9, L-5.2.3 agreed draw, L-5.1.2 resignation, P-13,
                                               P-7f lost on time;
                                               also corrects a finished game (L-8.5, P-11)
  annul --reason TEXT                          a withdrawn player's unfinished game: over, not counted (P-9a)
  reinstate                                    an annulled game played on where it stood; the days
                                               it stood annulled count on neither clock (P-9a)
  uphold-appeal --side S | reject-appeal --side S
                                               record the decision on the player's appeal (P-11,
                                               P-13c); then apply what it changes (set-result …)
  protest --side S --received DATE             a protest of a time claim that reached you outside
                                               amici (a player's letter, a mail to your own
                                               address) on DATE: recorded as if mailed to amici
                                               that day; in the window the claim waits for your
                                               ruling instead of being upheld at its deadline (P-7c)
Any ruling takes --note TEXT, passed on to both players. S is white or black; DATE is YYYY-MM-DD.`;

/**
 * What can be wrong with a ruling, in English (the prompt says these; a TD's mail says them in
 * the TD's language, from `rulingError.<code>` in the labels). `{name}` is filled in.
 */
export const RULING_ERRORS = {
  'claim-id': 'give the claim id',
  'leave-args': 'give --side, --from and --to (white or black; dates as YYYY-MM-DD)',
  'waive-args': 'give --side and --on (white or black; dates as YYYY-MM-DD)',
  'penalise-args': 'give --side, --days and --reason',
  side: 'give --side',
  'whole-days': '--used, --clock and --bank are whole numbers of days',
  'pause-from': '--from is the day the clocks stopped, as YYYY-MM-DD',
  plies:
    "give the illegal move as --move 10... (Black's 10th) or --move 10. (White's), or --plies N",
  result: 'give the result (1-0, 0-1, 1/2-1/2, 0-0) and --reason',
  'annul-reason': 'give --reason (the withdrawal or death, P-9a)',
  'protest-args':
    'give --side and --received (white or black, the protesting player; the day the protest reached you, as YYYY-MM-DD)',
  quote: 'a quotation mark is not closed',
  'unknown-option': 'unknown option {option}',
  unexpected: 'unexpected "{words}" (put text in quotes)',
  'unknown-ruling': 'no ruling is called "{name}"; did you mean {suggestion}?',
  'unknown-ruling-list': 'no ruling is called "{name}"',
  other: '{message}',
} as const;
export type RulingErrorCode = keyof typeof RULING_ERRORS;

/** A ruling error in English, its `{name}` placeholders filled. */
export function rulingErrorText(
  code: RulingErrorCode,
  params: Record<string, string> = {},
): string {
  return RULING_ERRORS[code].replace(/\{(\w+)\}/g, (_: string, k: string) => params[k] ?? '');
}

/** The options a ruling may take (the prompt adds its own: --config, --help). */
export const RULING_OPTIONS = {
  side: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  on: { type: 'string' },
  days: { type: 'string' },
  rule: { type: 'string' },
  reason: { type: 'string' },
  used: { type: 'string' },
  clock: { type: 'string' },
  bank: { type: 'string' },
  plies: { type: 'string' },
  move: { type: 'string' },
  offender: { type: 'string' },
  received: { type: 'string' },
  note: { type: 'string' },
} as const;

export type RulingValues = Partial<Record<keyof typeof RULING_OPTIONS, string>>;

export const isRulingName = (word: string): word is RulingName =>
  (RULINGS as readonly string[]).includes(word);

/** Other spellings of a ruling's name, read as the name itself. */
const ALIASES: Readonly<Record<string, RulingName>> = {
  penalize: 'penalise',
  unannul: 'reinstate',
  're-instate': 'reinstate',
};

/** The ruling a word names, in any case, under its own name or another spelling (`penalize`). */
export function rulingNameOf(word: string): RulingName | undefined {
  const w = word.toLowerCase();
  return isRulingName(w) ? w : ALIASES[w];
}

/** The ruling a mistyped name most likely meant (`set-clok` → set-clock), within two edits. */
export function nearestRuling(word: string): RulingName | undefined {
  let best: { name: RulingName; d: number } | undefined;
  for (const name of RULINGS) {
    const d = editDistance(word.toLowerCase(), name);
    if (d <= 2 && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/**
 * What is wrong with a ruling name nobody has (`set-clok`), with the nearest name if one is
 * near: the prompt and a TD's mail say the same.
 */
export function unknownRuling(word: string): {
  code: RulingErrorCode;
  params: Record<string, string>;
} {
  const near = nearestRuling(word);
  return near
    ? { code: 'unknown-ruling', params: { name: word, suggestion: near } }
    : { code: 'unknown-ruling-list', params: { name: word } };
}

const side = (s: string | undefined): Side | undefined =>
  s === 'white' || s === 'black' ? s : undefined;
const day = (s: string | undefined): CalendarDate | undefined =>
  s && isCalendarDate(s) ? s : undefined;
const num = (x: string | undefined): number | undefined => {
  if (x === undefined || !/^\d+$/.test(x.trim())) return undefined;
  return Number(x);
};
const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '0-0'];

/** `--used N`, `--clock N --bank N` as a clock setting (P-6c), or 'whole-days' if not numbers. */
function daysOf(
  values: RulingValues,
): { usedDays?: number; clockDays?: number; bankDays?: number } | 'whole-days' {
  const used = num(values.used);
  const clock = num(values.clock);
  const bank = num(values.bank);
  if (
    (values.used !== undefined && used === undefined) ||
    (values.clock !== undefined && clock === undefined) ||
    (values.bank !== undefined && bank === undefined)
  )
    return 'whole-days';
  return {
    ...(used !== undefined ? { usedDays: used } : {}),
    ...(clock !== undefined ? { clockDays: clock } : {}),
    ...(bank !== undefined ? { bankDays: bank } : {}),
  };
}

/** The ruling `name ARG --options`, or what is missing from it. */
export function rulingOf(
  name: RulingName,
  arg: string | undefined,
  values: RulingValues,
): Ruling | RulingErrorCode {
  const s = side(values.side);
  switch (name) {
    case 'uphold-claim':
      return arg ? { kind: name, claimId: arg } : 'claim-id';
    case 'reject-claim': {
      if (!arg) return 'claim-id';
      const clock = daysOf(values);
      if (clock === 'whole-days') return clock;
      return { kind: name, claimId: arg, ...(Object.keys(clock).length ? { clock } : {}) };
    }
    case 'grant-leave':
    case 'refuse-leave': {
      const from = day(values.from);
      const to = day(values.to);
      return s && from && to ? { kind: name, side: s, from, to } : 'leave-args';
    }
    case 'waive-penalty': {
      const on = day(values.on);
      return s && on ? { kind: 'waive-penalty', side: s, penaltyOn: on } : 'waive-args';
    }
    case 'penalise': {
      const days = num(values.days);
      return s && days && values.reason
        ? { kind: 'penalise', side: s, days, rule: values.rule ?? 'P-13', reason: values.reason }
        : 'penalise-args';
    }
    case 'set-clock': {
      if (!s) return 'side';
      const clock = daysOf(values);
      return clock === 'whole-days' ? clock : { kind: 'set-clock', side: s, ...clock };
    }
    case 'pause': {
      if (values.from === undefined) return { kind: 'pause' };
      const from = day(values.from);
      return from ? { kind: 'pause', from } : 'pause-from';
    }
    case 'resume':
      return { kind: name };
    case 'restore-position': {
      // `--move 10...`: the illegal move, Black's 10th (`10` or `10.`: White's).
      const move = /^\s*(\d+)\s*(\.{3}|…|\.)?\s*$/.exec(values.move ?? '');
      const plies = num(values.plies);
      const offender = side(values.offender) ? { offender: side(values.offender)! } : {};
      if (move && plies === undefined)
        return {
          kind: 'restore-position',
          before: { number: Number(move[1]), side: move[2] && move[2] !== '.' ? 'black' : 'white' },
          ...offender,
        };
      return plies !== undefined && values.move === undefined
        ? { kind: 'restore-position', plies, ...offender }
        : 'plies';
    }
    case 'reverse-colours':
      return { kind: 'reverse-colours' };
    case 'set-result': {
      const result = arg?.replace(/½/g, '1/2');
      return result && RESULTS.includes(result) && values.reason
        ? {
            kind: 'set-result',
            result: result as Result,
            reason: values.reason,
            ...(values.rule ? { rule: values.rule as 'P-10' } : {}),
          }
        : 'result';
    }
    case 'annul':
      return values.reason ? { kind: 'annul', reason: values.reason } : 'annul-reason';
    case 'reinstate':
      return { kind: 'reinstate' };
    case 'uphold-appeal':
    case 'reject-appeal':
      return s ? { kind: name, side: s } : 'side';
    case 'protest': {
      const receivedOn = day(values.received);
      return s && receivedOn ? { kind: 'protest', side: s, receivedOn } : 'protest-args';
    }
  }
}

/**
 * A ruling read from a line of a TD's mail: the ruling and its note, or why it is not one;
 * `game` when the line names its game first (`CLUB/4 uphold-claim …`, as the TD's report
 * writes it), so a ruling can be sent in answer to a mail about no single game.
 */
export type MailRuling =
  | { ok: true; line: string; ruling: Ruling; note?: string; game?: string }
  | {
      ok: false;
      line: string;
      /** In English, as the prompt says it; `code` and `params` say it in other languages. */
      error: string;
      code: RulingErrorCode;
      params?: Record<string, string>;
      game?: string;
    };

/**
 * The words of a line as a shell would split them: spaces separate, quotes ("…", '…', “…”,
 * „…“, «…») keep words together; a leading dash or dashes before a letter (`—side`, a phone's
 * rendering of `--side`) become `--`.
 */
export function lineWords(line: string): string[] | undefined {
  const words: string[] = [];
  const closing: Record<string, string> = {
    '"': '"',
    "'": "'",
    '“': '”',
    '„': '“',
    '«': '»',
    '”': '”',
  };
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) break;
    let word = '';
    while (i < line.length && !/\s/.test(line[i]!)) {
      const c = line[i]!;
      // An apostrophe opens a quote only at the start of a word: the one in "O'Brien" is a letter.
      const close = word === '' || c !== "'" ? closing[c] : undefined;
      if (close) {
        const end = line.indexOf(close, i + 1);
        if (end < 0) return undefined;
        word += line.slice(i + 1, end);
        i = end + 1;
      } else {
        word += c;
        i++;
      }
    }
    words.push(word.replace(/^[-–—]{1,2}(?=[a-z])/, '--'));
  }
  return words;
}

/**
 * The ruling on one line of a TD's mail, when the line starts with a ruling's name (any case,
 * after an optional `amici td` and an optional game, `CLUB/4`, `[CLUB/4]`, `CLUB/4:`);
 * undefined for any other line, and for a sentence that only starts with one (`PLAIN_WORDS`).
 */
export function readRulingLine(line: string): MailRuling | undefined {
  // A full stop ending the line is the sentence's, not the last word's ("pause.", "uphold-claim
  // time:white:10:1."); "--move 10..." keeps its dots: they say Black's move.
  const text = line
    .trim()
    .replace(/(?<=[\p{L}"'”“»])[.!]+$/u, '')
    .replace(/(?<=:[\w:]*\d)\.$/u, '');
  // The game as a TD writes it before the ruling: "CLUB/4", "[CLUB/4]", "CLUB/4:", "CLUB/4 –",
  // "Game CLUB/4:".
  const head =
    /^(?:amici\s+td\s+)?(?:(?:game\s+)?\[?([\w.-]+\/[\w.-]+)\]?(?:\s*[:–—-])?\s+)?([A-Za-z-]+)(?=\s|$)/iu.exec(
      text,
    );
  if (!head?.[2]) return undefined;
  const first = rulingNameOf(head[2]);
  const game = head[1] ? { game: head[1] } : {};
  const words = lineWords(text.slice(head[0].length - head[2]!.length));
  const fail = (code: RulingErrorCode, params: Record<string, string> = {}): MailRuling => ({
    ok: false,
    line: text,
    error: rulingErrorText(code, params),
    code,
    ...(Object.keys(params).length ? { params } : {}),
    ...game,
  });
  if (!first) {
    // A line written as a ruling with its name mistyped ("set-clok --side black --used 5",
    // "uphold-clam time:white:10:1") is answered, not passed over as prose: the TD would
    // believe it applied. A hyphenated word near a ruling's name, or any hyphenated word or a
    // word near one followed by an option, is such a line; a sentence is neither.
    const name = head[2].toLowerCase();
    const hyphenated = /^[a-z]+(?:-[a-z]+)+$/.test(name);
    const option = words?.slice(1).some((w) => /^--[a-z]/.test(w)) ?? false;
    const near = nearestRuling(name) !== undefined;
    if (!(hyphenated && (near || option)) && !(near && option)) return undefined;
    const unknown = unknownRuling(name);
    return fail(unknown.code, unknown.params);
  }
  if (!words) return fail('quote');
  let parsed: ReturnType<typeof parseWords>;
  try {
    parsed = parseWords(words.slice(1));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const option = /'(-[^']*)'/.exec(message)?.[1];
    return option && /Unknown option/.test(message)
      ? fail('unknown-option', { option })
      : fail('other', { message });
  }
  const { values, positionals } = parsed;
  // A sentence that starts with a ruling that is also an everyday word ("Resume play after the
  // holidays.", "Pause for thought"): no option and two words or more after it are prose.
  if (PLAIN_WORDS.includes(first) && !Object.keys(values).length && positionals.length >= 2)
    return undefined;
  const args = TAKES_ARGUMENT.includes(first) ? 1 : 0;
  if (positionals.length > args)
    return fail('unexpected', { words: positionals.slice(args).join(' ') });
  const ruling = rulingOf(first, positionals[0], values);
  if (typeof ruling === 'string') return fail(ruling);
  return { ok: true, line: text, ruling, ...(values.note ? { note: values.note } : {}), ...game };
}

/** The rulings whose names are everyday words, which may also start a sentence. */
const PLAIN_WORDS: readonly RulingName[] = [
  'pause',
  'resume',
  'annul',
  'penalise',
  'reinstate',
  'protest',
];

/** The rulings written with a word after their name: the claim's id, the result. */
const TAKES_ARGUMENT: readonly RulingName[] = ['uphold-claim', 'reject-claim', 'set-result'];

const parseWords = (args: string[]) =>
  parseArgs({ args, options: RULING_OPTIONS, allowPositionals: true, strict: true });

/** Every ruling line of a TD's text, in order. */
export function readRulings(text: string): MailRuling[] {
  return text
    .split(/\r?\n/)
    .map(readRulingLine)
    .filter((r): r is MailRuling => r !== undefined);
}
