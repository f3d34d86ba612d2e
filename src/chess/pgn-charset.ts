// PGN in the character set a rating officer's program reads. amici writes PGN in UTF-8, which
// current ChessBase reads; the PGN standard itself (4.1) asks for ISO 8859-1 (Latin-1), which
// older ChessBase, Chess Assistant, Arena and SCID without a byte-order mark assume, and show
// "NovÃ¡k" for "Novák" in a UTF-8 file. `pgnCharset` makes a PGN's text fit one of them:
// 'latin1' keeps every character Latin-1 has (á, é, ö, ü, ß, ó) and spells the others in Latin
// letters — the accents Latin-1 lacks dropped (ř → r, ł → l, ő → o), Cyrillic transliterated
// by the Ukrainian national system (Олександр Петренко → Oleksandr Petrenko), curly quotes
// and dashes made plain; 'ascii' spells every letter so (á → a, ß → ss), for a program that
// reads neither. A name is better written in the config's `pgnName` as the player's federation
// spells it; this is for what is left.

export type PgnCharset = 'latin1' | 'ascii';

/** Letters and signs with no accent to drop, spelled in ASCII. */
const PLAIN: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  ʼ: "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '‒': '-',
  '−': '-',
  '…': '...',
  '•': '*',
  '€': 'EUR',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '×': 'x',
  '½': '1/2',
};

/**
 * Cyrillic by the Ukrainian national transliteration (2010): the first spelling at the start
 * of a word, the second inside it (є: Ye-/-ie). Russian's own letters (ё ы э ъ) as in passports.
 */
const CYRILLIC: Readonly<Record<string, string | readonly [string, string]>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: ['ye', 'ie'],
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: ['yi', 'i'],
  й: ['y', 'i'],
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: ['yu', 'iu'],
  я: ['ya', 'ia'],
  ё: 'e',
  ы: 'y',
  э: 'e',
  ъ: '',
};

const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);
const isUpper = (c: string | undefined): boolean => c !== undefined && /\p{Lu}/u.test(c);

/** One Cyrillic letter (`chars[i]`) in Latin letters, or undefined if it is none. */
function cyrillic(chars: readonly string[], i: number): string | undefined {
  const c = chars[i]!;
  const lower = c.toLowerCase();
  const entry = CYRILLIC[lower];
  if (entry === undefined) return undefined;
  // The apostrophe of Ukrainian spelling (м'ята, п’ять) sits inside a word: not a letter.
  const prev = chars[i - 1] === "'" || chars[i - 1] === '’' ? chars[i - 2] : chars[i - 1];
  const spelled = typeof entry === 'string' ? entry : isLetter(prev) ? entry[1] : entry[0];
  if (c === lower || !spelled) return spelled;
  // A capital: "Щука" is "Shchuka", "ЩУКА" "SHCHUKA".
  return isUpper(chars[i + 1]) || (isUpper(prev) && !isLetter(chars[i + 1]))
    ? spelled.toUpperCase()
    : spelled[0]!.toUpperCase() + spelled.slice(1);
}

/** `text` in the characters of `charset`: code points up to 0xFF (latin1) or 0x7F (ascii). */
export function pgnCharset(text: string, charset: PgnCharset): string {
  const max = charset === 'latin1' ? 0xff : 0x7f;
  const chars = [...text.normalize('NFC')];
  let out = '';
  chars.forEach((c, i) => {
    if (c.codePointAt(0)! <= max) {
      out += c;
      return;
    }
    const plain = PLAIN[c] ?? cyrillic(chars, i);
    if (plain !== undefined) {
      out += plain;
      return;
    }
    const bare = c.normalize('NFD').replace(/\p{M}+/gu, '');
    out += [...bare].every((b) => b.codePointAt(0)! <= max) && bare ? bare : '?';
  });
  return out;
}
