// The command words players write next to their moves, as data per language (English, Polish,
// Czech, German, Russian, Ukrainian), and findCommands, which finds them line by line with
// their spans and raw arguments: draw offer (L-9.1.2.1, the mark `(=)` of L-8.1), accepting or
// declining one (L-5.2.3), resignation (L-5.1.2), claims of threefold repetition (L-9.2) and of
// the 50-move rule (L-9.3), leave with its dates (P-8a, P-8b), a conditional line (P-4f), a
// note to the opponent, and a line for the TD (`TD: …`, P-5d). Moves stay raw text for the
// chess reader. Words are matched whole (Unicode letter boundaries, never inside a move token
// like `Кf6` or `Sf6`), and a line that
// states a claim is not also read as a draw offer (the referee applies L-9.1.2.2 itself).

import type { LineSpan } from './stated-date.ts';
import { findDates } from './stated-date.ts';

export const COMMAND_KINDS = [
  'draw-offer',
  'draw-accept',
  'draw-decline',
  'resign',
  'claim-repetition',
  'claim-fifty-moves',
  'leave',
  'conditional',
  'note',
  'td-message',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

export const KEYWORD_LANGUAGES = ['en', 'pl', 'cs', 'de', 'ru', 'uk'] as const;
export type KeywordLanguage = (typeof KEYWORD_LANGUAGES)[number];

/**
 * Word patterns per language: regex sources matched case-insensitively as whole words;
 * `\p{L}*` completes a stem ("remis" → remisu, remisem; "ничь" → ничью, ничьей).
 */
export const KEYWORDS = {
  draw: {
    en: ['draw'],
    pl: ['remis\\p{L}*'],
    cs: ['remíz\\p{L}*'],
    de: ['remis\\p{L}*'],
    ru: ['ничь\\p{L}*', 'ничья'],
    uk: ['нічи\\p{L}*', 'нічия'],
  },
  offer: {
    en: ['offer\\p{L}*', 'propos\\p{L}*', 'suggest\\p{L}*'],
    pl: ['proponuj\\p{L}*', 'oferuj\\p{L}*', 'propozycj\\p{L}*', 'propon\\p{L}*'],
    cs: ['nabízím', 'nabízíme', 'navrhuj\\p{L}*', 'nabídk\\p{L}*'],
    de: ['biete', 'bieten', 'anbiet\\p{L}*', '\\p{L}*angebot', 'angeboten', 'schlage'],
    ru: ['предлага\\p{L}*', 'предложени\\p{L}*'],
    uk: ['пропону\\p{L}*', 'пропозиці\\p{L}*'],
  },
  accept: {
    en: ['accept\\p{L}*', 'agree\\p{L}*'],
    pl: ['przyjmuj\\p{L}*', 'przyjęt\\p{L}*', 'akceptuj\\p{L}*', 'zgadzam'],
    cs: ['přijímám', 'přijat\\p{L}*', 'souhlasím', 'akceptuji'],
    de: ['nehme', 'angenommen', 'akzeptier\\p{L}*', 'einverstanden'],
    ru: ['принима\\p{L}*', 'принят\\p{L}*', 'согласен', 'согласна'],
    uk: ['прийма\\p{L}*', 'прийнят\\p{L}*', 'прийнято', 'погоджу\\p{L}*', 'згоден', 'згодна'],
  },
  decline: {
    en: ['declin\\p{L}*', 'reject\\p{L}*', 'refus\\p{L}*'],
    pl: ['odrzuc\\p{L}*', 'odrzuć', 'odmawiam'],
    cs: ['odmítám', 'odmítnut\\p{L}*', 'nepřijímám'],
    de: ['lehne', 'abgelehnt', 'ablehn\\p{L}*'],
    ru: ['отклоня\\p{L}*', 'отклонен\\p{L}*', 'отказыва\\p{L}*'],
    uk: ['відхиля\\p{L}*', 'відхилен\\p{L}*', 'відмовля\\p{L}*'],
  },
  negation: {
    en: ['not', "don't", 'do not', 'cannot', "can't", 'no'],
    pl: ['nie'],
    cs: ['ne'],
    de: ['nicht', 'kein\\p{L}*'],
    ru: ['не'],
    uk: ['не'],
  },
  resign: {
    en: ['i resign', 'resign', 'resigned', 'resigns', 'i give up'],
    pl: ['poddaję', 'poddaje się', 'poddaję się', 'poddaję partię', 'rezygnuję'],
    cs: ['vzdávám', 'vzdávám se', 'vzdávám partii'],
    de: ['gebe (?:\\p{L}+ ){0,3}auf', 'aufgegeben', 'aufgeben'],
    ru: ['сдаюсь', 'сдаю партию'],
    uk: ['здаюсь', 'здаюся', 'здаю партію'],
  },
  claim: {
    en: ['claim\\p{L}*'],
    pl: ['reklamuj\\p{L}*', 'żądam', 'domagam się', 'zgłaszam'],
    cs: ['reklamuji', 'reklamuju', 'požaduji', 'nárokuji'],
    de: ['reklamier\\p{L}*', 'beanspruch\\p{L}*', 'fordere'],
    ru: ['требую', 'заявляю', 'претендую'],
    uk: ['вимагаю', 'заявляю', 'претендую'],
  },
  repetition: {
    en: ['repetition', 'threefold', 'three-fold', '3-fold'],
    pl: ['powtórzeni\\p{L}*', 'trzykrotn\\p{L}*'],
    cs: ['opakování\\p{L}*', 'trojí\\p{L}*', 'trojnásobn\\p{L}*'],
    de: ['\\p{L}*wiederholung', 'dreimalig\\p{L}*', 'dreifach\\p{L}*'],
    ru: ['повторени\\p{L}*', 'троекратн\\p{L}*', 'трехкратн\\p{L}*', 'трёхкратн\\p{L}*'],
    uk: ['повторенн\\p{L}*', 'триразов\\p{L}*', 'трикратн\\p{L}*'],
  },
  fiftyMoves: {
    en: ['50[- ]?moves?(?: rule)?', 'fifty[- ]moves?(?: rule)?'],
    pl: ['(?:zasad\\p{L}*|reguł\\p{L}*) (?:50|pięćdziesięciu) ruch\\p{L}*', '50 ruch\\p{L}*'],
    cs: ['pravidl\\p{L}* (?:50|padesáti) tah\\p{L}*', '50 tah\\p{L}*'],
    de: ['50[- ]züge[- ]?regel', '50[- ]zug[- ]?regel', '50 züge'],
    ru: ['правил\\p{L}* (?:50|пятидесяти) ход\\p{L}*', '50 ход\\p{L}*'],
    uk: ['правил\\p{L}* (?:50|п.ятдесяти) ход\\p{L}*', '50 ход\\p{L}*'],
  },
  leave: {
    en: ['leave', 'on leave', 'vacation', 'holiday', 'holidays'],
    pl: ['urlop\\p{L}*'],
    cs: ['dovolen\\p{L}*'],
    de: ['urlaub\\p{L}*'],
    ru: ['отпуск\\p{L}*'],
    uk: ['відпустк\\p{L}*', 'відпустці'],
  },
  conditionIf: {
    en: ['if'],
    pl: ['jeśli', 'jeżeli', 'gdy'],
    cs: ['pokud', 'jestliže', 'když'],
    de: ['falls', 'wenn'],
    ru: ['если'],
    uk: ['якщо'],
  },
  conditionThen: {
    en: ['then', 'i play', 'then i play'],
    pl: ['to', 'wtedy', 'gram'],
    cs: ['pak', 'tak', 'hraji', 'hraju'],
    de: ['dann', 'spiele ich', 'ziehe ich'],
    ru: ['то', 'тогда', 'играю'],
    uk: ['то', 'тоді', 'граю'],
  },
  note: {
    en: ['note', 'remark', 'comment', 'p\\.?s\\.?', 'message'],
    pl: ['uwaga', 'notatka', 'komentarz', 'wiadomość'],
    cs: ['poznámka', 'pozn\\.', 'komentář', 'vzkaz'],
    de: ['notiz', 'anmerkung', 'bemerkung', 'hinweis', 'nachricht'],
    ru: ['примечание', 'заметка', 'комментарий', 'сообщение'],
    uk: ['примітка', 'коментар', 'зауваження', 'повідомлення'],
  },
  /** A line for the TD, not the opponent: a dispute or a question (P-5d). */
  td: {
    en: ['td', 'to the td', 'tournament director', 'dispute', 'complaint'],
    pl: ['sędzia', 'sędziemu', 'do sędziego', 'sędzia turnieju', 'spór', 'skarga'],
    cs: [
      'ředitel',
      'řediteli',
      'ředitel turnaje',
      'řediteli turnaje',
      'rozhodčí',
      'spor',
      'stížnost',
    ],
    de: ['turnierleiter', 'an den turnierleiter', 'turnierleitung', 'streitfall', 'beschwerde'],
    ru: ['директору', 'директор турнира', 'судье', 'спор', 'жалоба'],
    uk: ['директору', 'директор турніру', 'судді', 'спір', 'скарга'],
  },
} as const satisfies Record<string, Record<KeywordLanguage, readonly string[]>>;

type KeywordGroup = keyof typeof KEYWORDS;

const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}\\p{N}])';

const alternatives = (group: KeywordGroup): string =>
  Object.values(KEYWORDS[group])
    .flat()
    .sort((a, b) => b.length - a.length)
    .join('|');

const wordRe = (group: KeywordGroup, flags = 'iu'): RegExp =>
  new RegExp(`${L}(?:${alternatives(group)})${R}`, flags);

const RE = {
  draw: wordRe('draw'),
  offer: wordRe('offer'),
  accept: wordRe('accept'),
  decline: wordRe('decline'),
  resign: wordRe('resign'),
  claim: wordRe('claim'),
  repetition: wordRe('repetition'),
  fiftyMoves: wordRe('fiftyMoves'),
  leave: wordRe('leave'),
  mark: /\(=\)/g,
  negatedAccept: new RegExp(
    `${L}(?:${alternatives('negation')})\\s+(?:\\p{L}+\\s+){0,2}?(?:${alternatives('accept')})${R}`,
    'iu',
  ),
  negatedResign: new RegExp(
    `${L}(?:${alternatives('negation')})\\s+(?:\\p{L}+\\s+){0,2}?(?:${alternatives('resign')})${R}`,
    'iu',
  ),
  conditional: new RegExp(
    `${L}(?<if>${alternatives('conditionIf')})\\s+(?<condition>.+?)\\s*,?\\s+(?<then>${alternatives('conditionThen')})\\s+(?<reply>\\S.*)$`,
    'iu',
  ),
  note: new RegExp(`^\\s*(?:${alternatives('note')})\\s*:\\s*(?<text>.*)$`, 'iu'),
  td: new RegExp(`^\\s*(?:${alternatives('td')})\\s*:\\s*(?<text>.*)$`, 'iu'),
};

/** A move-looking token: numbered move, SAN, long algebraic, numeric, castling, figurine. */
const MOVE_TOKEN_RE =
  /\d+\s*\.|(?<![\p{L}])(?:[\p{Lu}♔-♟]{1,2}[a-h]?[1-8]?[x:]?[a-h][1-8]|[a-h][1-8]|[a-h][x:][a-h][1-8]|[1-8]{4,5}|[0O]-[0O](?:-[0O])?)(?![\p{L}])/u;

export interface CommandBase {
  span: LineSpan;
  /** The whole line is the command (no moves on it for the chess reader). */
  wholeLine: boolean;
  raw: string;
}

type SimpleKind = Exclude<CommandKind, 'leave' | 'conditional' | 'note' | 'td-message'>;

export type Command =
  | (CommandBase & { kind: SimpleKind })
  | (CommandBase & {
      kind: 'leave';
      from?: string;
      to?: string;
      fromDate?: string;
      toDate?: string;
    })
  | (CommandBase & { kind: 'conditional'; condition: string; reply: string })
  | (CommandBase & { kind: 'note'; text: string })
  /** `TD: …` — for the TD (P-5d); the TD gets the whole mail. */
  | (CommandBase & { kind: 'td-message'; text: string });

function span(line: number, start: number, end: number): LineSpan {
  return { line, start, end };
}

/** The commands in a text, line by line, in order of appearance. */
export function findCommands(text: string): Command[] {
  const commands: Command[] = [];
  text.split('\n').forEach((line, index) => {
    commands.push(...commandsInLine(line, index));
  });
  return commands;
}

function commandsInLine(line: string, index: number): Command[] {
  const found: Command[] = [];
  const base = (): CommandBase => ({
    span: span(index, 0, line.length),
    wholeLine: !MOVE_TOKEN_RE.test(line),
    raw: line.trim(),
  });
  const whole = (kind: SimpleKind): Command => ({ kind, ...base() });

  const td = RE.td.exec(line);
  if (td?.groups) {
    return [
      { ...base(), kind: 'td-message', wholeLine: true, text: (td.groups.text ?? '').trim() },
    ];
  }
  const note = RE.note.exec(line);
  if (note?.groups) {
    return [{ ...base(), kind: 'note', wholeLine: true, text: (note.groups.text ?? '').trim() }];
  }

  const conditional = RE.conditional.exec(line);
  if (conditional?.groups && MOVE_TOKEN_RE.test(conditional.groups.condition ?? '')) {
    const start = conditional.index;
    found.push({
      kind: 'conditional',
      span: span(index, start, line.length),
      wholeLine: line.slice(0, start).trim() === '',
      raw: line.slice(start).trim(),
      condition: (conditional.groups.condition ?? '').trim(),
      reply: (conditional.groups.reply ?? '').trim(),
    });
    line = line.slice(0, start);
  }

  const claimed = RE.claim.test(line);
  let claim = false;
  if (RE.repetition.test(line) && (claimed || RE.draw.test(line))) {
    found.push(whole('claim-repetition'));
    claim = true;
  } else if (
    RE.fiftyMoves.test(line) &&
    (claimed || RE.draw.test(line) || /rule|zasad|pravidl|regel|правил/iu.test(line))
  ) {
    found.push(whole('claim-fifty-moves'));
    claim = true;
  }

  if (!claim && RE.draw.test(line)) {
    if (RE.decline.test(line) || RE.negatedAccept.test(line)) found.push(whole('draw-decline'));
    else if (RE.accept.test(line) && !/\?\s*$/.test(line)) found.push(whole('draw-accept'));
    else if (RE.offer.test(line) || RE.accept.test(line) || /\?\s*$/.test(line))
      found.push(whole('draw-offer'));
  }
  if (!claim && !found.some((command) => command.kind === 'draw-offer')) {
    for (const mark of line.matchAll(RE.mark)) {
      found.push({
        kind: 'draw-offer',
        span: span(index, mark.index, mark.index + mark[0].length),
        wholeLine: line.replace(RE.mark, '').trim() === '',
        raw: mark[0],
      });
      break;
    }
  }

  if (RE.resign.test(line) && !RE.negatedResign.test(line)) found.push(whole('resign'));

  if (RE.leave.test(line)) {
    const dates = findDates(line);
    if (dates.length > 0) {
      const leave: Command & { kind: 'leave' } = { ...base(), kind: 'leave', wholeLine: true };
      const [first, second] = dates;
      if (first) {
        leave.from = first.raw;
        if (first.date.ok) leave.fromDate = first.date.value;
      }
      if (second) {
        leave.to = second.raw;
        if (second.date.ok) leave.toDate = second.date.value;
      }
      found.push(leave);
    }
  }
  return found;
}
