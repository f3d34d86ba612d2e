// Piece letters of algebraic notation in every language players write (rules.md, Notation;
// L-App.A, F-App.C). The same letter means different pieces in different languages (`R` is a
// rook in English and a king in French; `S` a knight in Polish and a bishop in Czech), so a
// player's language decides how a move is read.

import type { Role } from 'chessops/types';

export const LANGUAGES = [
  'en',
  'pl',
  'de',
  'fr',
  'es',
  'it',
  'ru',
  'eo',
  'cs',
  'nl',
  'sv',
  'uk',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pl: 'Polish',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  ru: 'Russian',
  eo: 'Esperanto',
  cs: 'Czech',
  nl: 'Dutch',
  sv: 'Swedish',
  uk: 'Ukrainian',
};

/** The roles that have a letter (pawns have none in SAN). */
export type PieceRole = Exclude<Role, 'pawn'>;
export const PIECE_ROLES: readonly PieceRole[] = ['king', 'queen', 'rook', 'bishop', 'knight'];

export const PIECE_LETTERS: Record<Language, Record<PieceRole, string>> = {
  en: { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N' },
  pl: { king: 'K', queen: 'H', rook: 'W', bishop: 'G', knight: 'S' },
  de: { king: 'K', queen: 'D', rook: 'T', bishop: 'L', knight: 'S' },
  fr: { king: 'R', queen: 'D', rook: 'T', bishop: 'F', knight: 'C' },
  es: { king: 'R', queen: 'D', rook: 'T', bishop: 'A', knight: 'C' },
  it: { king: 'R', queen: 'D', rook: 'T', bishop: 'A', knight: 'C' },
  ru: { king: 'Кр', queen: 'Ф', rook: 'Л', bishop: 'С', knight: 'К' },
  eo: { king: 'R', queen: 'D', rook: 'T', bishop: 'K', knight: 'Ĉ' },
  cs: { king: 'K', queen: 'D', rook: 'V', bishop: 'S', knight: 'J' },
  nl: { king: 'K', queen: 'D', rook: 'T', bishop: 'L', knight: 'P' },
  sv: { king: 'K', queen: 'D', rook: 'T', bishop: 'L', knight: 'S' },
  uk: { king: 'Кр', queen: 'Ф', rook: 'Т', bishop: 'С', knight: 'К' },
};

/** Figurines are read for either colour; we write the white ones for both sides, as print does. */
export const FIGURINES: Record<PieceRole, string> = {
  king: '♔',
  queen: '♕',
  rook: '♖',
  bishop: '♗',
  knight: '♘',
};
const BLACK_FIGURINES: Record<PieceRole, string> = {
  king: '♚',
  queen: '♛',
  rook: '♜',
  bishop: '♝',
  knight: '♞',
};

export function isLanguage(s: string): s is Language {
  return (LANGUAGES as readonly string[]).includes(s);
}

/**
 * The piece a letter stands for in `lang`, longest letter first (Russian `Кр` before `К`).
 * Figurines of both colours are understood in every language.
 */
export function readPieceLetter(
  text: string,
  lang: Language,
): { role: PieceRole; length: number } | undefined {
  const letters = PIECE_LETTERS[lang];
  let best: { role: PieceRole; length: number } | undefined;
  for (const role of PIECE_ROLES) {
    const letter = letters[role];
    if (text.startsWith(letter) && (!best || letter.length > best.length)) {
      best = { role, length: letter.length };
    }
  }
  if (best) return best;
  for (const role of PIECE_ROLES) {
    if (text.startsWith(FIGURINES[role]) || text.startsWith(BLACK_FIGURINES[role])) {
      return { role, length: 1 };
    }
  }
  return undefined;
}

/** Languages whose piece letters are identical read every move identically; try one of each. */
export const DISTINCT_LETTER_SETS: readonly Language[] = (() => {
  const seen = new Set<string>();
  const out: Language[] = [];
  for (const lang of LANGUAGES) {
    const key = PIECE_ROLES.map((r) => PIECE_LETTERS[lang][r]).join('|');
    if (!seen.has(key)) {
      seen.add(key);
      out.push(lang);
    }
  }
  return out;
})();

/** The languages that share `lang`'s piece letters (for naming readings in an ambiguity). */
export function languagesLike(lang: Language): Language[] {
  const key = PIECE_ROLES.map((r) => PIECE_LETTERS[lang][r]).join('|');
  return LANGUAGES.filter((l) => PIECE_ROLES.map((r) => PIECE_LETTERS[l][r]).join('|') === key);
}

/**
 * Pieces named in words, as players write a move out ("Bishop to a4", "Springer nach f3",
 * "skoczek na f3", "кінь f3"): a word names its piece in every language, so it is read the same
 * for every player (P-4c). Lower case; Polish, Czech and Ukrainian also in the forms a sentence
 * about a move uses ("gram skoczkiem na f3").
 */
const PIECE_WORDS: Record<Role, readonly string[]> = {
  king: words('king könig koenig król krol królem král kral králem король roi rey koning kung'),
  queen: words('queen dame hetman hetmanem dáma dama dámou ферзь ферзем donna reina koningin dam'),
  rook: words(
    'rook turm wieża wieza wieżą wieżę věž vez věží тура турою ладья ладьей tour torre toren torn',
  ),
  bishop: words(
    'bishop läufer laeufer laufer goniec gońcem goncem střelec strelec střelcem слон слоном fou alfil alfiere loper löpare',
  ),
  knight: words(
    'knight springer skoczek skoczkiem jezdec jezdcem кінь конем конь cavalier caballo cavallo paard häst',
  ),
  pawn: words(
    'pawn bauer bauern pion pionem pionek pěšec pesec pěšcem пішак пішаком пешка пешкой peón peon pedone bonde',
  ),
};

function words(list: string): readonly string[] {
  return list.split(' ').map((w) => w.normalize('NFC'));
}

/** The piece a word names, in any language (case does not matter). */
export function pieceOfWord(word: string): Role | undefined {
  const w = word.normalize('NFC').toLowerCase();
  for (const role of Object.keys(PIECE_WORDS) as Role[]) {
    if (PIECE_WORDS[role].includes(w)) return role;
  }
  return undefined;
}

/** Words between a piece and its square that say it captures (read as `x`)… */
export const CAPTURE_WORDS = words(
  "takes captures x × schlägt schlaegt nimmt bije zbija bere б'є бере бьёт бьет prend toma come prende mangia slaat tar",
);
/** … and words that only join them: "to", "from", "on" (left out). */
export const JOINING_WORDS = words(
  'to from on onto - – — -> → nach von auf na z ze на з с à en de da naar van till från',
);
/** A small word between a written-out piece and its square (a verb, "back", "now"). */
export const FILLER_RE = /^\p{Ll}{2,12}$/u;

/** Castling in words ("castles kingside", "kurze Rochade", "krótka roszada", "malá rošáda"). */
const CASTLING_WORDS = words(
  'castle castles castling rochade roszada roszadę rošáda rošádu рокіровка рокіровку рокировка рокировку roque enroque arrocco rokade rockad',
);
const KING_SIDE_WORDS = words(
  'king kingside king-side short kurze kurz krótka krótką krotka mała malá malou mala коротка коротку короткая короткую petit corto kort korte',
);
const QUEEN_SIDE_WORDS = words(
  'queen queenside queen-side long lange lang długa długą dluga duża velká velkou velka довга довгу длинная длинную grand largo lungo lång',
);
const CASTLING_FILLERS = words('on the side to na auf');

/**
 * The side a castling written in words names: `king`, `queen`, or `either` when no side is
 * said ("castles"); undefined when the words are not a castling, or name both sides.
 */
export function castlingOf(text: string): 'king' | 'queen' | 'either' | undefined {
  const parts = text.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean);
  if (parts.filter((p) => CASTLING_WORDS.includes(p)).length !== 1) return undefined;
  let side: 'king' | 'queen' | 'either' = 'either';
  for (const p of parts) {
    if (CASTLING_WORDS.includes(p) || CASTLING_FILLERS.includes(p)) continue;
    const named = KING_SIDE_WORDS.includes(p)
      ? 'king'
      : QUEEN_SIDE_WORDS.includes(p)
        ? 'queen'
        : undefined;
    if (!named || (side !== 'either' && side !== named)) return undefined;
    side = named;
  }
  return side;
}

/**
 * Could this word be part of a castling written out: the castling word or a side, or (when
 * `filler`) a word between them ("castles on the king side")? A castling starts with no filler.
 */
export function isCastlingWord(word: string, filler = true): boolean {
  const w = word.normalize('NFC').toLowerCase();
  return (
    CASTLING_WORDS.includes(w) ||
    KING_SIDE_WORDS.includes(w) ||
    QUEEN_SIDE_WORDS.includes(w) ||
    (filler && CASTLING_FILLERS.includes(w))
  );
}
