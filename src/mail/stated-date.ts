// The dates players write (P-2f..h: the date the opponent's last move was received and the date
// of the reply; P-2i when they are missing; P-8b leave dates): ISO, day-first numeric with dots,
// slashes or dashes (two-digit years too), Roman-numeral months (20.XI.2026, Polish and Czech),
// and month names in English, Polish (nominative and genitive), Czech, German, Russian and
// Ukrainian. Slashes are read day-first unless that is impossible ("11/13") or, when both
// readings exist ("11/12"), day-first is after the day the sender wrote and month-first is not;
// the month-first reading is kept beside the date (`monthFirst`) for the assembler, which knows
// when the move answered was delivered. After a label, a date without
// a year ("20.11", "20/11", "20 Nov", "Nov 20th", "20. listopada") takes the mail's year (P-2i).
// "Today", "yesterday" and "the day before yesterday" (in each language) count from the day the
// sender wrote the mail, on their own clock. A label's date is read after it ("received:
// 20.11.", "got it yesterday") or right before it, the order of German, Polish, Czech and
// Ukrainian ("gestern erhalten, heute gesendet", "12.1. erhalten"); never a date that ends a
// range ("Urlaub bis 15.12."). Two labels joined by "and" share one date ("heute erhalten und
// gesendet", "received and sent today", "received today and sent"). A label in a story of a transmission sent astray ("I
// sent my move on 20 January, but to the TD's address by mistake") reads no date, nor one
// denied, asked about or supposed ("it has not reached me on 12 March", "received 12.3.?", "if
// it reached me on 12 March"). Results are 'YYYY-MM-DD'; impossible dates are errors, never
// guesses.

import { addDays, type CalendarDate } from '../clock/index.ts';
import { fail, ok, type Result } from './result.ts';

export const DATE_ERRORS = ['unreadable', 'impossible-date', 'implausible-year'] as const;
export type DateError = (typeof DATE_ERRORS)[number];

const MONTH_WORDS: readonly (readonly string[])[] = [
  // 1
  [
    'january',
    'jan',
    'styczeń',
    'stycznia',
    'sty',
    'leden',
    'ledna',
    'januar',
    'jänner',
    'jän',
    'январь',
    'января',
    'янв',
    'січень',
    'січня',
    'січ',
  ],
  [
    'february',
    'feb',
    'luty',
    'lutego',
    'lut',
    'únor',
    'února',
    'februar',
    'feber',
    'февраль',
    'февраля',
    'фев',
    'февр',
    'лютий',
    'лютого',
    'лют',
  ],
  [
    'march',
    'mar',
    'marzec',
    'marca',
    'březen',
    'března',
    'märz',
    'mär',
    'mrz',
    'март',
    'марта',
    'мар',
    'березень',
    'березня',
    'бер',
    'берез',
  ],
  [
    'april',
    'apr',
    'kwiecień',
    'kwietnia',
    'kwi',
    'duben',
    'dubna',
    'апрель',
    'апреля',
    'апр',
    'квітень',
    'квітня',
    'квіт',
    'кві',
  ],
  [
    'may',
    'maj',
    'maja',
    'květen',
    'května',
    'mai',
    'май',
    'мая',
    'травень',
    'травня',
    'трав',
    'тра',
  ],
  [
    'june',
    'jun',
    'czerwiec',
    'czerwca',
    'cze',
    'červen',
    'června',
    'juni',
    'июнь',
    'июня',
    'июн',
    'червень',
    'червня',
    'черв',
    'чер',
  ],
  [
    'july',
    'jul',
    'lipiec',
    'lipca',
    'lip',
    'červenec',
    'července',
    'juli',
    'июль',
    'июля',
    'июл',
    'липень',
    'липня',
    'лип',
  ],
  [
    'august',
    'aug',
    'sierpień',
    'sierpnia',
    'sie',
    'srpen',
    'srpna',
    'август',
    'августа',
    'авг',
    'серпень',
    'серпня',
    'серп',
    'сер',
  ],
  [
    'september',
    'sep',
    'sept',
    'wrzesień',
    'września',
    'wrz',
    'září',
    'сентябрь',
    'сентября',
    'сен',
    'сент',
    'вересень',
    'вересня',
    'вер',
  ],
  [
    'october',
    'oct',
    'październik',
    'października',
    'paź',
    'paz',
    'říjen',
    'října',
    'oktober',
    'okt',
    'октябрь',
    'октября',
    'окт',
    'жовтень',
    'жовтня',
    'жовт',
    'жов',
  ],
  [
    'november',
    'nov',
    'listopad',
    'listopada',
    'lis',
    'listopadu',
    'ноябрь',
    'ноября',
    'нояб',
    'ноя',
    'листопад',
    'листопада',
    'лист',
    'лис',
  ],
  [
    'december',
    'dec',
    'grudzień',
    'grudnia',
    'gru',
    'prosinec',
    'prosince',
    'dezember',
    'dez',
    'декабрь',
    'декабря',
    'дек',
    'грудень',
    'грудня',
    'груд',
    'гру',
  ],
];

/** Lower-cased month word (no trailing dot) → month 1..12. */
export const MONTH_BY_WORD: ReadonlyMap<string, number> = new Map(
  MONTH_WORDS.flatMap((words, index) => words.map((word) => [word, index + 1] as const)),
);

const ROMAN: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
  xi: 11,
  xii: 12,
};

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{N}])';
const SEP = '\\s?[./-]\\s?';
const ROMAN_SRC = '(?:xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)';
/** A month in upper-case Roman numerals only: "20 i" is Polish for "20 and". */
const ROMAN_UPPER = '(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)';
const WORD = '\\p{L}{3,12}';

/** One alternative per shape; the group names tell the shape. */
const DATE_SRC = [
  `(?<isoY>\\d{4})[-./](?<isoM>\\d{1,2})[-./](?<isoD>\\d{1,2})${E}`,
  `(?<nD>\\d{1,2})(?<nS1>${SEP})(?<nM>\\d{1,2})(?<nS2>${SEP})(?<nY>\\d{4}|\\d{2})${E}`,
  `(?<rD>\\d{1,2})\\.?\\s?(?<rM>${ROMAN_SRC})\\.?\\s?(?<rY>\\d{4})${E}`,
  `(?<wD>\\d{1,2})(?:st|nd|rd|th)?\\.?[\\s-]*(?:of\\s+)?(?<wM>${WORD})\\.?,?[\\s-]*(?<wY>\\d{4})${E}`,
  `(?<mM>${WORD})\\.?\\s+(?<mD>\\d{1,2})(?:st|nd|rd|th)?,?\\s+(?<mY>\\d{4})${E}`,
].join('|');

/** Finds date-looking spans in a line (validated by parseStatedDate). */
export const DATE_RE = (): RegExp => new RegExp(`${B}(?:${DATE_SRC})`, 'giu');

interface Parts {
  day: number;
  month: number;
  year: number;
  /** Day and month may be swapped (slashes or dashes, day-first unless impossible). */
  swappable: boolean;
}

function partsOf(groups: Record<string, string | undefined>): Parts | undefined {
  const n = (value: string | undefined): number => Number(value);
  if (groups.isoY)
    return { year: n(groups.isoY), month: n(groups.isoM), day: n(groups.isoD), swappable: false };
  if (groups.nY) {
    // "20.12-25" is a range of days, not a date of 2025: a two-digit year keeps its separator.
    if (groups.nY.length === 2 && groups.nS1?.trim() !== groups.nS2?.trim()) return undefined;
    const year = groups.nY.length === 2 ? 2000 + n(groups.nY) : n(groups.nY);
    const swappable = !(groups.nS1 ?? '').includes('.');
    return { year, month: n(groups.nM), day: n(groups.nD), swappable };
  }
  if (groups.rY) {
    const month = ROMAN[(groups.rM ?? '').toLowerCase()];
    return month === undefined
      ? undefined
      : { year: n(groups.rY), month, day: n(groups.rD), swappable: false };
  }
  if (groups.wY) {
    const month = MONTH_BY_WORD.get((groups.wM ?? '').toLowerCase());
    return month === undefined
      ? undefined
      : { year: n(groups.wY), month, day: n(groups.wD), swappable: false };
  }
  if (groups.mY) {
    const month = MONTH_BY_WORD.get((groups.mM ?? '').toLowerCase());
    return month === undefined
      ? undefined
      : { year: n(groups.mY), month, day: n(groups.mD), swappable: false };
  }
  return undefined;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function valid(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** The month-first reading of `parts` (`DateSpan.monthFirst`), when it is another date. */
function monthFirstOf(parts: Parts): string | undefined {
  const { day, month, year, swappable } = parts;
  if (!swappable || day === month || !valid(year, month, day) || !valid(year, day, month))
    return undefined;
  const other = toIso({ year, day: month, month: day, swappable: false });
  return other.ok ? other.value : undefined;
}

function toIso(parts: Parts): Result<string, DateError> {
  const { year } = parts;
  if (year < 1990 || year > 2199) return fail('implausible-year');
  let { day, month } = parts;
  if (!valid(year, month, day) && parts.swappable && valid(year, day, month))
    [day, month] = [month, day];
  if (!valid(year, month, day)) return fail('impossible-date');
  return ok(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
}

/** Parses one stated date ("20.11.2026", "20 listopada 2026 r.", "Nov 20, 2026") to YYYY-MM-DD. */
export function parseStatedDate(text: string): Result<string, DateError> {
  const trimmed = text
    .trim()
    .replace(/\s*(?:r\.|roku|г\.?|года|р\.?|року)$/iu, '')
    .replace(/[.,;]$/, '');
  const match = new RegExp(`^(?:${DATE_SRC})$`, 'iu').exec(trimmed);
  if (!match?.groups) return fail('unreadable');
  const parts = partsOf(match.groups);
  return parts ? toIso(parts) : fail('unreadable');
}

export interface DateSpan {
  /** Offsets in the searched string. */
  start: number;
  end: number;
  raw: string;
  date: Result<string, DateError>;
  /**
   * The other reading of a date written with slashes or dashes, month first ("11/12/2026" →
   * 2026-11-12), when both readings are dates and differ.
   */
  monthFirst?: string;
}

/** Every date in a string, in order; spans whose month word is no month are skipped. */
export function findDates(text: string): DateSpan[] {
  const spans: DateSpan[] = [];
  for (const match of text.matchAll(DATE_RE())) {
    if (!match.groups) continue;
    const parts = partsOf(match.groups);
    if (!parts) continue;
    const date = toIso(parts);
    const monthFirst = date.ok ? monthFirstOf(parts) : undefined;
    spans.push({
      start: match.index,
      end: match.index + match[0].length,
      raw: match[0],
      date,
      ...(monthFirst ? { monthFirst } : {}),
    });
  }
  return spans;
}

export interface DayMonth {
  month: number;
  day: number;
}

/** A day and month written without a year ("1.12.", "15 grudnia", "Dec 1"). */
export interface DayMonthSpan extends DayMonth {
  start: number;
  end: number;
  raw: string;
}

/** Day-month shapes: `1.12`, `1.12.`, `15. 12.`, `1 December`, `1. Dezember`, `December 1`. */
const DAY_MONTH_SRC = [
  `(?<nD>\\d{1,2})\\.\\s?(?<nM>\\d{1,2})\\.?${E}`,
  `(?<rD>\\d{1,2})(?:\\.\\s?|\\s)(?<rM>${ROMAN_SRC})(?![\\p{L}])\\.?`,
  `(?<wD>\\d{1,2})(?:st|nd|rd|th)?\\.?[\\s-]*(?:of\\s+)?(?<wM>${WORD})`,
  `(?<mM>${WORD})\\.?\\s+(?<mD>\\d{1,2})(?:st|nd|rd|th)?${E}`,
].join('|');

/**
 * Every day and month without a year in a string that is not part of a whole date
 * (`findDates`): what a player writes for leave soon ("Urlaub vom 1.12. bis 15.12."). The
 * caller knows which year is meant.
 */
export function findDayMonths(text: string): DayMonthSpan[] {
  const whole = findDates(text);
  const spans: DayMonthSpan[] = [];
  const re = new RegExp(`${B}(?:${DAY_MONTH_SRC})`, 'giu');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const g = m.groups ?? {};
    const start = m.index;
    const end = start + m[0].length;
    // A Roman month in lower case only after a dot ("20.xii"; "20 i" is Polish for "20 and").
    const roman =
      g.rM && (g.rM === g.rM.toUpperCase() || /\.\s?$/.test(m[0].slice(0, -g.rM.length)))
        ? ROMAN[g.rM.toLowerCase()]
        : undefined;
    const month = g.nM
      ? Number(g.nM)
      : g.rM
        ? roman
        : MONTH_BY_WORD.get((g.wM ?? g.mM ?? '').toLowerCase());
    const day = Number(g.nD ?? g.wD ?? g.mD ?? g.rD);
    const inWhole = whole.some((w) => start < w.end && w.start < end);
    if (inWhole || month === undefined || month < 1 || month > 12 || day < 1 || day > 31) {
      // Not a day and month ("vom 1" is no month word): look again from the next character.
      re.lastIndex = start + 1;
      continue;
    }
    spans.push({ start, end, raw: m[0], month, day });
  }
  return spans;
}

/** A range of days whose first day is written without its month: "20-25 December". */
export interface DayRangeSpan {
  start: number;
  end: number;
  raw: string;
  from: DayMonth;
  to: DayMonth;
}

const RANGE_WORDS = '(?:bis|do|по|до|to|till|until|a[žz]\\s+do|through)';
const DAY_RANGE_SRC = [
  // 20-25 December, 1-15 grudnia, 20.-25. prosince, 28. bis 31. Dezember, с 1 по 15 декабря
  `(?<d1>\\d{1,2})\\.?(?:\\s?[-–—]\\s?|\\s+${RANGE_WORDS}\\s+)(?<d2>\\d{1,2})\\.?\\s?(?<w>${WORD}|${ROMAN_SRC})(?![\\p{L}])`,
  // 20.-25.12.
  `(?<n1>\\d{1,2})\\.?\\s?[-–—]\\s?(?<n2>\\d{1,2})\\.(?<nM>\\d{1,2})\\.?${E}`,
  // December 20-25
  `(?<mw>${WORD})\\.?\\s+(?<m1>\\d{1,2})\\s?[-–—]\\s?(?<m2>\\d{1,2})${E}`,
].join('|');

/**
 * Ranges of days written with one month for both ends ("20-25 December", "vom 28. bis 31.
 * Dezember", "с 1 по 15 декабря", "December 20-25", "20.-25.12."), for leave (P-8b).
 */
export function findDayRanges(text: string): DayRangeSpan[] {
  const out: DayRangeSpan[] = [];
  // Not from the middle of a date: "20.12-25.12" holds no range "12-25.12".
  const re = new RegExp(`${B}(?<!\\d[./-])(?:${DAY_RANGE_SRC})`, 'giu');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const g = m.groups ?? {};
    const word = (g.w ?? g.mw ?? '').toLowerCase();
    const month = g.nM ? Number(g.nM) : (MONTH_BY_WORD.get(word) ?? ROMAN[word]);
    const [a, b] = [Number(g.d1 ?? g.n1 ?? g.m1), Number(g.d2 ?? g.n2 ?? g.m2)];
    if (month === undefined || month < 1 || month > 12 || a < 1 || b > 31 || a > b) {
      // Not a range ("Urlop 1-15" has no month word): look again from the next character.
      re.lastIndex = m.index + 1;
      continue;
    }
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      raw: m[0],
      from: { month, day: a },
      to: { month, day: b },
    });
  }
  return out;
}

/**
 * The year of a day and month written without one, seen from `from` (YYYY-MM-DD): the first
 * such day on or after `from` less `pastDays`. With `pastDays` 0 it is the next such day; with
 * more, a day lately past stays in its year ("I was away from 1.11", read on 24 November, is
 * this November, not next). Undefined when the day does not exist (31.11).
 */
export function nextDayMonth(
  dm: DayMonth,
  from: CalendarDate,
  pastDays = 0,
): CalendarDate | undefined {
  const year = Number(from.slice(0, 4));
  const bound = addDays(from, -pastDays);
  for (const y of [year - 1, year, year + 1]) {
    const iso = `${pad(y, 4)}-${pad(dm.month, 2)}-${pad(dm.day, 2)}`;
    if (valid(y, dm.month, dm.day) && iso >= bound) return iso as CalendarDate;
  }
  return undefined;
}

// ---- labelled dates in a body (P-2f..h) ----

export const DATE_LABEL_KINDS = ['received', 'sent'] as const;
export type DateLabelKind = (typeof DATE_LABEL_KINDS)[number];

/** Labels per language, lower case; a label is followed by at most a few words, then the date. */
export const DATE_LABELS: Record<DateLabelKind, Record<string, readonly string[]>> = {
  received: {
    en: [
      'received',
      "rec'd",
      'recd',
      'rec',
      'rcvd',
      'got',
      'arrived',
      'your move received',
      'your move arrived',
      'date received',
      // "Your move reached me on 12 March", "it reached me 12.3."
      'reached me',
    ],
    pl: [
      'otrzymano',
      'otrzymane',
      'otrzymałem',
      'otrzymałam',
      'odebrano',
      'data otrzymania',
      'otrzymanie',
      'otrzymany',
      'dostałem',
      'dostałam',
      'odebrałem',
      'odebrałam',
      // "Ruch dotarł do mnie 12 marca", "doszedł do mnie 12.03".
      'dotarł do mnie',
      'dotarła do mnie',
      'dotarło do mnie',
      'doszedł do mnie',
    ],
    cs: [
      'obdrženo',
      'obdržel jsem',
      'obdržela jsem',
      'přijato',
      'přijal jsem',
      'přijala jsem',
      'dostal jsem',
      'dostala jsem',
      // "Tah jsem obdržel dnes": "jsem" goes second in the sentence, before the verb.
      'obdržel',
      'obdržela',
      'dostal',
      'dostala',
      'doručeno',
      'datum přijetí',
      'přijetí',
      // "Tah obdržen 20.11., odeslán 22.11.", as Czech cards write it.
      'obdržen',
      // "Váš tah mi došel 12. 3.", "tah mi dorazil 12.3."
      'mi došel',
      'došel mi',
      'mi dorazil',
      'dorazil mi',
    ],
    // "Ihr Zug erreichte mich am 12.3.", "… hat mich am 12.3. erreicht", "ist am 12.3. angekommen".
    de: [
      'erhalten',
      'empfangen',
      'eingegangen',
      'bekommen',
      'zug erhalten',
      'erhalten am',
      'eingang',
      'eingangsdatum',
      'empfangsdatum',
      'empfang',
      'erreichte mich',
      'erreicht',
      'angekommen',
    ],
    ru: [
      'получено',
      'получен',
      'получил',
      'получила',
      'дата получения',
      'дошёл до меня',
      'дошел до меня',
    ],
    // "одержання" is the Ukrainian ICCF rules' word (2g), "одержав" a player's; "Ваш хід надійшов
    // 12 березня", "дійшов до мене 12.03".
    uk: [
      'отримано',
      'отриманий',
      'отримав',
      'отримала',
      'дата отримання',
      'одержано',
      'одержав',
      'одержала',
      'дата одержання',
      'надійшов',
      'надійшла',
      'дійшов до мене',
      'дійшла до мене',
    ],
  },
  sent: {
    en: [
      'sent',
      'reply',
      'replied',
      'my reply',
      'dispatched',
      'answered',
      'answering',
      'replying',
      'date sent',
      'sending',
    ],
    pl: [
      'wysłano',
      'wysłane',
      'wysłałem',
      'wysłałam',
      'odpowiedź',
      'data wysłania',
      'data odpowiedzi',
      'wysłany',
      'wysyłam',
      'odpowiadam',
      // A card's labels: "otrzymanie 14.01, wysłanie 16.01", "nadano 16.01" (posted).
      'wysłanie',
      'nadano',
      'data nadania',
    ],
    cs: [
      'odesláno',
      'odeslal jsem',
      'odeslala jsem',
      'odpověď',
      'datum odeslání',
      'odesláno dne',
      'odesílám',
      'posílám',
      'odeslal',
      'odeslala',
      'odpovídám',
      'odeslán',
      // A card's labels: "přijetí 14. 1., odeslání 16. 1."
      'odeslání',
    ],
    de: [
      'gesendet',
      'gesendet am',
      'abgesendet',
      'abgeschickt',
      'versandt',
      'antwort',
      'antworte',
      'sende',
      'abgesandt',
      'absendedatum',
      'verschickt',
      // A card's labels: "Eingang 14.1., Absendung 16.1.", "Versand: 16.1.".
      'absendung',
      'absendetag',
      'versand',
      'versanddatum',
    ],
    ru: [
      'отправлено',
      'отправлен',
      'отправил',
      'отправила',
      'ответ',
      'дата отправки',
      'дата ответа',
      'отправляю',
    ],
    uk: [
      'надіслано',
      'надісланий',
      'відправлено',
      'відповідь',
      'дата надсилання',
      'дата відповіді',
      'надсилаю',
      'відправляю',
      'надіслав',
      'надіслала',
      'відповідаю',
      'відправив',
      'відправила',
    ],
  },
};

const labelAlternatives = (kind: DateLabelKind): string =>
  Object.values(DATE_LABELS[kind])
    .flat()
    .sort((a, b) => b.length - a.length)
    .map((label) =>
      label
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\s+/g, '\\s+')
        .replace(/'/g, "['’]"),
    )
    .join('|');

const LABEL_RE = new RegExp(
  `${B}(?:(?<received>${labelAlternatives('received')})|(?<sent>${labelAlternatives('sent')}))(?![\\p{L}])`,
  'giu',
);

/** What may stand between a label and its date: a colon, a dash, "on", "dnia", "am", a few words. */
const GAP_RE = /^[\s:=\-–—]*(?:[\p{L}'’]+[\s:,\-–—]*){0,4}$/u;

export interface LineSpan {
  /** 0-based line index in the searched text. */
  line: number;
  /** Column range in that line. */
  start: number;
  end: number;
}

export interface StatedDateProblem {
  kind: DateLabelKind;
  raw: string;
  error: DateError;
  span: LineSpan;
}

export interface StatedDates {
  received?: string;
  sent?: string;
  /** Dates written without a year ("20.11"), completed from the mail's own date (P-2i). */
  yearInferred: DateLabelKind[];
  /** The label-and-date spans consumed. */
  spans: LineSpan[];
  /** Labelled dates that could not be read (the reply tells the player, P-2i). */
  problems: StatedDateProblem[];
  /**
   * The month-first reading of a date read day-first that could be either ("11/12"): the
   * assembler takes it when the day-first one is before the move answered was delivered.
   */
  monthFirst?: Partial<Record<DateLabelKind, string>>;
}

export interface FindStatedDatesOptions {
  /** The mail's date (ISO); lets a day and month without a year ("20.11") be read. */
  reference?: string;
  /**
   * The day the sender wrote the mail, on their own clock (YYYY-MM-DD): what "today" and
   * "yesterday" mean. Without it, the day of `reference`.
   */
  today?: string;
}

/** Days back from the day of writing, per word, in the languages players write. */
export const RELATIVE_DAYS: Record<string, Record<string, number>> = {
  en: {
    today: 0,
    tonight: 0,
    'this morning': 0,
    'this afternoon': 0,
    'this evening': 0,
    yesterday: -1,
    'last night': -1,
    'day before yesterday': -2,
    'the day before yesterday': -2,
  },
  pl: { dziś: 0, dzisiaj: 0, wczoraj: -1, przedwczoraj: -2 },
  cs: { dnes: 0, dneska: 0, včera: -1, předevčírem: -2, předvčerejškem: -2 },
  de: { heute: 0, gestern: -1, vorgestern: -2 },
  ru: { сегодня: 0, вчера: -1, позавчера: -2 },
  uk: { сьогодні: 0, вчора: -1, учора: -1, позавчора: -2 },
};

const RELATIVE_BY_WORD = new Map(
  Object.values(RELATIVE_DAYS).flatMap((words) =>
    Object.entries(words).map(([word, days]) => [word, days] as const),
  ),
);

const RELATIVE_RE = new RegExp(
  `(?<![\\p{L}])(?:${[...RELATIVE_BY_WORD.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/\s+/g, '\\s+'))
    .join('|')})(?![\\p{L}])`,
  'iu',
);

/** Every "yesterday", "wczoraj", "heute" in `text`, as the date it names counted from `today`. */
function relativeDays(text: string, today: string): DateSpan[] {
  return [...text.matchAll(new RegExp(RELATIVE_RE.source, 'giu'))].flatMap((match) => {
    const days = RELATIVE_BY_WORD.get(match[0].toLowerCase().replace(/\s+/g, ' '));
    if (days === undefined) return [];
    const date = ok(addDays(today as CalendarDate, days));
    return [{ start: match.index, end: match.index + match[0].length, raw: match[0], date }];
  });
}

/** The first "yesterday", "wczoraj", "heute" in `text` (`relativeDays`). */
const relativeDay = (text: string, today: string): DateSpan | undefined =>
  relativeDays(text, today)[0];

const YEAR_SUFFIX_RE = /^\s*(?:r\.|roku|г\.|года|р\.|року)(?![\p{L}])/iu;
/** A day and month without a year: "20.11", "20/11", "20 Nov", "20. listopada", "Nov 20th". */
const DAY_MONTH_RES: readonly RegExp[] = [
  /(?<![\p{L}\p{N}])(?<d>\d{1,2})\.\s?(?<m>\d{1,2})\.?(?![\p{N}]|\.\d)/gu,
  /(?<![\p{L}\p{N}/])(?<d>\d{1,2})\/(?<m>\d{1,2})(?![\p{N}]|\/\d)/gu,
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?<d>\\d{1,2})(?:st|nd|rd|th)?\\.?\\s?(?:of\\s)?(?<w>${WORD})(?![\\p{L}])\\.?`,
    'giu',
  ),
  new RegExp(`(?<![\\p{L}])(?<w>${WORD})\\.?\\s(?<d>\\d{1,2})(?:st|nd|rd|th)?(?![\\p{N}])`, 'giu'),
  // The month in Roman numerals, as Polish and Czech write it: "20.XI", "20 XI", "20.xi".
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?<d>\\d{1,2})(?:\\.\\s?|\\s)(?<r>${ROMAN_UPPER})(?![\\p{L}])\\.?`,
    'gu',
  ),
  new RegExp(`(?<![\\p{L}\\p{N}])(?<d>\\d{1,2})\\.(?<r>${ROMAN_SRC})(?![\\p{L}])\\.?`, 'gu'),
];

/**
 * Every day and month without a year in `text`, in the year of `reference`, or the one before
 * when later; per shape in `DAY_MONTH_RES`, in order of place.
 */
function dayMonths(text: string, reference: string): DateSpan[] {
  const found: DateSpan[] = [];
  const year = Number(reference.slice(0, 4));
  for (const re of DAY_MONTH_RES) {
    for (const match of text.matchAll(re)) {
      const g = match.groups!;
      const month = g.w
        ? MONTH_BY_WORD.get(g.w.toLowerCase())
        : g.r
          ? ROMAN[g.r.toLowerCase()]
          : Number(g.m);
      if (month === undefined) continue;
      // "20/11" is day-first unless that is impossible; "20.11" and month words are not swapped.
      const parts = {
        day: Number(g.d),
        month,
        swappable: g.m !== undefined && match[0].includes('/'),
      };
      const day = reference.slice(0, 10);
      let date = toIso({ ...parts, year });
      let monthFirst = monthFirstOf({ ...parts, year });
      if (date.ok && date.value > day) {
        // "11/12" written on 24 November: 11 December has not come, 12 November has.
        if (monthFirst && monthFirst <= day) {
          date = ok(monthFirst);
          monthFirst = undefined;
        } else {
          date = toIso({ ...parts, year: year - 1 });
          monthFirst = monthFirstOf({ ...parts, year: year - 1 });
        }
      }
      found.push({
        start: match.index,
        end: match.index + match[0].length,
        raw: match[0],
        date,
        ...(monthFirst ? { monthFirst } : {}),
      });
    }
  }
  return found;
}

/** The first day and month without a year in `text` (the first shape wins a tie). */
function dayMonth(text: string, reference: string): DateSpan | undefined {
  return dayMonths(text, reference).reduce<DateSpan | undefined>(
    (best, d) => (best && best.start <= d.start ? best : d),
    undefined,
  );
}

/** A date read beside a label, and whether its year was taken from the mail (P-2i). */
interface Found {
  date: DateSpan;
  inferred: boolean;
}

/**
 * The date after a label ("received: 20.11.2026", "erhalten am 20.11.", "got it yesterday"):
 * the first one, at most a few words after it; a date written out wins over a later day-word.
 */
function dateAfter(after: string, reference?: string, today?: string): Found | undefined {
  let found: Found | undefined;
  const whole = findDates(after)[0];
  if (whole) found = { date: whole, inferred: false };
  else if (reference) {
    const dm = dayMonth(after, reference);
    if (dm) found = { date: dm, inferred: true };
  }
  const relative = today ? relativeDay(after, today) : undefined;
  if (relative && (!found || relative.start < found.date.start))
    found = { date: relative, inferred: false };
  return found && GAP_RE.test(after.slice(0, found.date.start)) ? found : undefined;
}

/** Words that put a date before them in a range or a span of time: it is no stated date. */
const RANGE_BEFORE_RE =
  /(?:(?<![\p{L}])(?:from|since|until|till|to|through|starting|von|vom|ab|seit|bis|od|do|z|ze|až|от|с|со|до|по|з|із|від)|[-–—])\s*$/iu;

/**
 * The date right before a label, as German, Polish, Czech and Ukrainian put it ("gestern
 * erhalten", "wczoraj otrzymałem", "12.1. erhalten"): the last date of `before`, with nothing
 * but spaces between it and the label; not one that ends a range or a span of time ("Urlaub
 * bis 15.12.", "away from today").
 */
function dateBefore(before: string, reference?: string, today?: string): Found | undefined {
  const candidates: Found[] = [
    ...findDates(before).map((date) => ({ date, inferred: false })),
    ...(reference ? dayMonths(before, reference).map((date) => ({ date, inferred: true })) : []),
    ...(today ? relativeDays(before, today).map((date) => ({ date, inferred: false })) : []),
  ];
  const found = candidates
    .filter(({ date }) => {
      const suffix = YEAR_SUFFIX_RE.exec(before.slice(date.end))?.[0].length ?? 0;
      return before.slice(date.end + suffix).trim() === '';
    })
    .sort((a, b) => a.date.start - b.date.start)[0];
  return found && !RANGE_BEFORE_RE.test(before.slice(0, found.date.start)) ? found : undefined;
}

/**
 * A short word of haste after an "and" or a reply label: "received today and right away sent",
 * "Tah jsem obdržel dnes a hned odpovídám", "erhalten und sofort gesendet", "otrzymałem dziś i
 * od razu wysyłam", "отримав сьогодні і одразу надсилаю", "and sent right away".
 */
const PROMPTLY = [
  'right away',
  'straight away',
  'immediately',
  'at once',
  'sofort',
  'gleich',
  'umgehend',
  'od razu',
  'natychmiast',
  'zaraz',
  'hned',
  'ihned',
  'okamžitě',
  'одразу',
  'відразу',
  'зразу',
  'негайно',
  'сразу',
]
  .map((w) => w.replace(/ /g, '\\s+'))
  .join('|');

/** "and" between two labels: "heute erhalten und gesendet", "… und sofort gesendet". */
const CONJUNCTION_RE = new RegExp(`^(?:and|und|i|a|oraz|и|і|й|та)(?:\\s+(?:${PROMPTLY}))?$`, 'iu');

/** A word of haste that ends a reply label's clause: "and sent right away.", "a posílám hned". */
const PROMPTLY_END_RE = new RegExp(`^(?:${PROMPTLY})\\s*(?:$|[,.;:!?)\\]–—-])`, 'iu');

/**
 * Whether a label ends its clause: nothing after it before the next label or the end of the
 * line but punctuation or an "and" ("gestern erhalten, heute gesendet", "Zug gestern
 * erhalten"). A label followed by other words ("Yesterday got sick") takes no date before it.
 */
const endsClause = (after: string): boolean => {
  const rest = after.trim();
  return (
    rest === '' ||
    /^[,.;:!?)\]–—-]/u.test(rest) ||
    CONJUNCTION_RE.test(rest) ||
    PROMPTLY_END_RE.test(rest)
  );
};

/**
 * Words that make a sentence a story of another transmission, gone astray: "I sent my move on
 * 20 January, but to the TD's address by mistake", "Я надіслала свій хід ще 20 січня, але
 * помилково на адресу директора турніру". A date in such a sentence is no stated date of this
 * transmission (P-2f..h, P-2j).
 */
const STORY_RE = new RegExp(
  `(?<![\\p{L}])(?:${[
    'by mistake',
    'by accident',
    'mistakenly',
    'accidentally',
    'wrong address',
    'wrong e-?mail',
    'omyłkowo',
    'pomyłkowo',
    'przez pomyłkę',
    'niechcący',
    'omylem',
    'nedopatřením',
    'versehentlich',
    'irrtümlich',
    'aus versehen',
    'fälschlicherweise',
    'по ошибке',
    'ошибочно',
    'случайно',
    'помилково',
    'через помилку',
    'випадково',
  ]
    .map((w) => w.replace(/\s+/g, '\\s+'))
    .join('|')})(?![\\p{L}])`,
  'iu',
);

/**
 * Czech "dostal" is "received" ("Tah jsem dostal dnes"), but with "se" it is "dostat se", to get
 * to something: "K partii jsem se dostal až dnes", "Dostal jsem se k tomu včera" say when the
 * player got round to the game, no date of the transmission (P-2f..h).
 */
function reflexiveDostat(line: string, at: number, label: string): boolean {
  if (!/^dostala?(?![\p{L}])/iu.test(label)) return false;
  const before = line.slice(Math.max(0, at - 8), at);
  const after = line.slice(at + label.length, at + label.length + 16);
  return (
    /(?<![\p{L}])se\s+$/iu.test(before) ||
    /^\s+(?:(?:jsem|jsi|jste|jsme)\s+)?se(?![\p{L}])/iu.test(after)
  );
}

/**
 * German "angekommen" and "erreicht" say a move came ("Ihr Zug ist am 12.3. angekommen", "… hat
 * mich am 12.3. erreicht") only with the move as their subject: with the player's own ("Ich bin
 * erst gestern angekommen", "wir sind am 12.3. angekommen", "ich habe am 12.3. erreicht, was …")
 * they say where the player got to, and when — no date the transmission was received (P-2f..h).
 */
function arrivedSelf(line: string, at: number, label: string): boolean {
  if (!/^(?:angekommen|erreicht)$/iu.test(label)) return false;
  // Its clause: back to a comma or a sentence's end — not the dot of a date ("am 12.3. angekommen").
  const clause =
    line
      .slice(0, at)
      .split(/[,;:(!?]|\.\s+(?=\p{Lu})/u)
      .at(-1) ?? '';
  return /(?<![\p{L}])(?:(?:ich|wir)\s+(?:[\p{L}]+\s+)?(?:bin|sind|habe|haben)|(?:bin|sind|habe|haben)\s+(?:ich|wir))(?![\p{L}])/iu.test(
    clause,
  );
}

/** A negation right before a label, at most one word between: "not (yet) received", "nie otrzymałem". */
const NEGATED_LABEL_RE =
  /(?<![\p{L}])(?:not|never|n['’]t|nie|nicht|ne|не|ні)\s+(?:[\p{L}'’]+\s+)?$/iu;

/** A condition before a label in its sentence: "If it reached me on 12 March, …". */
const CONDITION_RE =
  /(?<![\p{L}])(?:if|unless|jeśli|jeżeli|gdyby|pokud|jestli|jestliže|kdyby|wenn|falls|sofern|если|якщо|якби)(?![\p{L}])/iu;

/**
 * Whether the label at `at` is denied ("Your move has not reached me", "Nie otrzymałem …"),
 * asked about ("Did it reach you on 12 March?", "Received on 12.3.?") or supposed ("If it
 * reached me on 12 March, …"): it states no date.
 */
function deniedOrAsked(line: string, at: number): boolean {
  if (NEGATED_LABEL_RE.test(line.slice(Math.max(0, at - 24), at))) return true;
  const { start, end } = sentenceBounds(line, at);
  return /\?\s*$/u.test(line.slice(start, end)) || CONDITION_RE.test(line.slice(start, at));
}

/** The sentence of `line` around `at`: from the last sentence end before it to the next. */
function sentenceAround(line: string, at: number): string {
  const { start, end } = sentenceBounds(line, at);
  return line.slice(start, end);
}

/** Where the sentence of `line` around `at` starts and ends. */
function sentenceBounds(line: string, at: number): { start: number; end: number } {
  const ends = [...line.matchAll(/[.!?…]+(?=\s|$)/gu)].map((m) => m.index + m[0].length);
  const start = ends.filter((e) => e <= at).at(-1) ?? 0;
  const end = ends.find((e) => e > at) ?? line.length;
  return { start, end };
}

/**
 * Finds the labelled received and reply dates in a body (P-2f..h); the first of each wins. A
 * label's date is the one after it; or the one right before it when the label ends its clause
 * ("gestern erhalten, heute gesendet", "12.1. erhalten"), or when the date after it is the next
 * label's ("gestern erhalten heute gesendet"). A date is read for one label only.
 */
export function findStatedDates(text: string, options: FindStatedDatesOptions = {}): StatedDates {
  const result: StatedDates = { yearInferred: [], spans: [], problems: [] };
  const { reference } = options;
  const today = options.today ?? reference?.slice(0, 10);
  const record = (kind: DateLabelKind, found: Found, span: LineSpan) => {
    const { date, inferred } = found;
    if (!date.date.ok) {
      result.problems.push({ kind, raw: date.raw, error: date.date.error, span });
    } else if (result[kind] === undefined) {
      let value = date.date.value;
      let other = date.monthFirst;
      // "Received 11/12/2026" written on 24 November 2026: 11 December has not come.
      if (other && today && value > today.slice(0, 10) && other <= today.slice(0, 10))
        [value, other] = [other, undefined];
      result[kind] = value;
      if (other) result.monthFirst = { ...result.monthFirst, [kind]: other };
      if (inferred) result.yearInferred.push(kind);
    }
  };
  text.split('\n').forEach((line, index) => {
    const labels = [...line.matchAll(LABEL_RE)];
    /** Where the text the labels so far read their dates from ends. */
    let taken = 0;
    /**
     * Two labels joined by "and" share one date (P-2f..h): the one before the first ("heute
     * erhalten und gesendet"), after the first, before the "and" ("received today and sent"),
     * or after the second ("received and sent today"). `shared` is the first's date for the
     * second; `waiting` the first label, dateless, for the second's date.
     */
    let shared: Found | undefined;
    let waiting: { kind: DateLabelKind; start: number } | undefined;
    labels.forEach((label, k) => {
      const kind: DateLabelKind = label.groups?.received ? 'received' : 'sent';
      // "I sent my move on 20 January, but to the TD's address by mistake": a story, no date.
      if (STORY_RE.test(sentenceAround(line, label.index))) return;
      // "K partii jsem se dostal až dnes": when the player got round to it, not when it came.
      if (reflexiveDostat(line, label.index, label[0])) return;
      // "Ich bin erst gestern angekommen": where the player got to, not when the move came.
      if (arrivedSelf(line, label.index, label[0])) return;
      // "It has not reached me on 12 March", "Did it reach you on 12.3.?": no date stated.
      if (deniedOrAsked(line, label.index)) return;
      const from = label.index + label[0].length;
      const next = labels[k + 1]?.index;
      const until = next ?? line.length;
      const afterText = line.slice(from, until);
      const joined = next !== undefined && CONJUNCTION_RE.test(afterText.trim());
      const joinedTo = waiting;
      const carried = shared;
      shared = undefined;
      waiting = undefined;
      let after = dateAfter(afterText, reference, today);
      const before = dateBefore(line.slice(taken, label.index), reference, today);
      // "gestern erhalten heute gesendet": the day right before the next label is its own.
      const nextOwns =
        after !== undefined && next !== undefined && afterText.slice(after.date.end).trim() === '';
      if (after && before && nextOwns) after = undefined;
      let span: LineSpan;
      let found: Found;
      if (after) {
        found = after;
        const suffix = YEAR_SUFFIX_RE.exec(afterText.slice(after.date.end))?.[0].length ?? 0;
        span = {
          line: index,
          start: joinedTo?.start ?? label.index,
          end: from + after.date.end + suffix,
        };
        if (joinedTo && joinedTo.kind !== kind) record(joinedTo.kind, found, span);
        // "received today and sent", "otrzymałem dziś i wysyłam": the date between the first
        // label and the "and" is the second's too, when the second has none of its own.
        else if (next !== undefined && CONJUNCTION_RE.test(afterText.slice(span.end - from).trim()))
          shared = found;
      } else if (before && (nextOwns || endsClause(afterText))) {
        found = before;
        span = { line: index, start: taken + before.date.start, end: from };
        if (joined) shared = found;
      } else if (carried && endsClause(afterText)) {
        found = carried;
        span = { line: index, start: taken, end: from };
      } else {
        if (joined) waiting = { kind, start: label.index };
        return;
      }
      taken = span.end;
      result.spans.push(span);
      record(kind, found, span);
    });
  });
  return result;
}
