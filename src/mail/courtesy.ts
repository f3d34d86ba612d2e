// Words of courtesy alone: thanks, congratulations, a greeting, a sign-off ("Thanks!", "Thank
// you, good game", "Dzięki", "Danke, schöne Partie!", "Díky za hru", "Дякую за гру") in English,
// Polish, Czech, German and Ukrainian. A player's mail that names no game and says only that asks
// nothing: it needs no answer (P-2k answers a question of where the games stand), and answering it
// with a table of the games would invite another "Thanks!". Conservative: every word must be one
// of these, or a word of the writer's own name (the signature); a question mark, a digit (a move,
// a date) or any other word ("Thanks, but where are my clocks", "Dzięki, biorę urlop", "no
// thanks") makes it a mail to answer. Accents and case do not matter ("dziekuje", "DANKE").

/** Lower case, accents and other marks taken off ("Dzięki" → "dzieki", "й" → "и"). */
const plain = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words that make a mail one of courtesy: thanks, congratulations, a good game. */
const CORE = [
  // English
  'thanks',
  'thank',
  'thx',
  'cheers',
  'congratulations',
  'congrats',
  'gg',
  // Polish
  'dziękuję',
  'dziękujemy',
  'dzięki',
  'dziękówka',
  'gratulacje',
  'gratuluję',
  // Czech
  'děkuji',
  'děkuju',
  'děkujeme',
  'díky',
  'dík',
  'gratuluji',
  'gratuluju',
  'gratulace',
  // German
  'danke',
  'dankeschön',
  'dank',
  'glückwunsch',
  'glückwünsche',
  'gratuliere',
  'gratulation',
  // Ukrainian (and the Russian many Ukrainian players write)
  'дякую',
  'дякуємо',
  'спасибі',
  'спасибо',
  'вітаю',
].map(plain);

/** Courtesy said without one of CORE: "good game", "well played", "gut gespielt". */
const PHRASES = [
  ['good', 'game'],
  ['nice', 'game'],
  ['great', 'game'],
  ['well', 'played'],
  ['schone', 'partie'],
  ['gute', 'partie'],
  ['gut', 'gespielt'],
];

/**
 * The other words such a mail is made of: what goes with thanks ("for the game", "very much"),
 * greetings and sign-offs. No word that says anything of a game's play (move, draw, leave, claim,
 * clock), no negation, no question word.
 */
const AROUND = [
  // English
  ...['you', 'very', 'much', 'many', 'so', 'a', 'an', 'lot', 'for', 'the', 'this', 'that', 'it'],
  ...['game', 'games', 'match', 'good', 'nice', 'great', 'fine', 'lovely', 'fun', 'well'],
  ...['played', 'enjoyed', 'i', 'we', 'was', 'and', 'all', 'your', 'quick', 'fast', 'reply'],
  ...['answer', 'info', 'again', 'too', 'kind', 'kindest', 'best', 'warm', 'warmest', 'regards'],
  ...['greetings', 'wishes', 'hi', 'hello', 'dear', 'amici', 'referee', 'bye', 'ok', 'okay'],
  ...['noted', 'really', 'indeed', 'sir', 'mr', 'mrs', 'ms', 'from', 'everything', 'once', 'more'],
  // Polish
  ...['bardzo', 'serdecznie', 'serdeczne', 'wielkie', 'za', 'grę', 'partię', 'partie', 'dobrą'],
  ...['fajną', 'świetną', 'ładną', 'miłą', 'wspaniałą', 'ciekawą', 'pozdrawiam', 'pozdrowienia'],
  ...['z', 'i', 'oraz', 'witam', 'dzień', 'dobry', 'cześć', 'hej', 'super', 'odpowiedź'],
  ...['szybką', 'informację', 'panie', 'pani', 'wszystko', 'jeszcze', 'raz'],
  // Czech
  ...['moc', 'mockrát', 'mnohokrát', 'velmi', 'hru', 'partii', 'pěknou', 'dobrou', 'skvělou'],
  ...['hezkou', 'zajímavou', 'zdravím', 's', 'pozdravem', 'pozdravy', 'srdečně', 'den', 'ahoj'],
  ...['a', 'rychlou', 'vám', 'ti', 'informaci', 'všechno', 'ještě', 'jednou'],
  // German
  ...['vielen', 'viel', 'schön', 'schöne', 'schönen', 'sehr', 'für', 'die', 'das', 'den', 'eine'],
  ...['partie', 'spiel', 'gute', 'gutes', 'guten', 'tolle', 'tolles', 'nette', 'spannende'],
  ...['grüße', 'gruß', 'gruss', 'grüsse', 'viele', 'liebe', 'lieben', 'beste', 'besten', 'mit'],
  ...['freundlichen', 'freundliche', 'hallo', 'und', 'herzlich', 'herzliche', 'herzlichen'],
  ...['antwort', 'schnelle', 'nochmals', 'ihnen', 'dir', 'euch', 'auch', 'gespielt', 'gut'],
  ...['tag', 'herr', 'frau'],
  // Ukrainian
  ...['дуже', 'щиро', 'щира', 'велике', 'велика', 'за', 'гру', 'партію', 'гарну', 'добру'],
  ...['чудову', 'цікаву', 'приємну', 'з', 'повагою', 'привіт', 'привітом', 'добрий', 'день'],
  ...['і', 'й', 'та', 'ок', 'відповідь', 'швидку', 'вам', 'тобі', 'все', 'ще', 'раз'],
  ...['найкращі', 'побажання', 'вітання', 'пане', 'пані'],
].map(plain);

const WORDS = new Set([...CORE, ...AROUND]);
const CORE_SET = new Set(CORE);

/** The words of `text`, plain; undefined when it holds a question mark or a digit. */
function wordsOf(text: string): string[] | undefined {
  if (/[?？¿\p{Nd}]/u.test(text)) return undefined;
  return (text.match(/[\p{L}\p{M}]+/gu) ?? []).map(plain);
}

/**
 * Whether `text` (the player's new text) says nothing but courtesy: one word at least of thanks,
 * congratulations or a good game, and every word one of courtesy or of `names` (the writer's own
 * name, as they sign). At most a few lines and forty words: a longer mail says something.
 */
export function courtesyOnly(text: string, names: readonly string[] = []): boolean {
  const lines = text.split('\n').filter((l) => l.trim());
  if (!lines.length || lines.length > 6) return false;
  const words = wordsOf(text);
  if (!words?.length || words.length > 40) return false;
  const own = new Set(names.flatMap((n) => wordsOf(n) ?? []));
  if (!words.every((w) => WORDS.has(w) || own.has(w))) return false;
  return (
    words.some((w) => CORE_SET.has(w)) ||
    PHRASES.some(([a, b]) => words.some((w, i) => w === a && words[i + 1] === b))
  );
}

/** A subject that repeats an earlier mail's: "Re:", "AW:", "Odp:", "Fwd:", "WG:" and the like. */
const REPLY_SUBJECT = /^\s*(?:re|aw|odp|antw|sv|vs|wg|fw|fwd|tr|відп|від)\s*(?:\[\d+\])?\s*:/iu;

/**
 * Whether the subject of a mail of courtesy says nothing more: empty, a reply's or forward's
 * (the words of the mail it answers), or courtesy itself ("Thanks"). "Clocks please" or "CC27"
 * is something to answer.
 */
export function courtesySubject(subject: string, names: readonly string[] = []): boolean {
  if (!subject.trim() || REPLY_SUBJECT.test(subject)) return true;
  const words = wordsOf(subject);
  if (!words) return false;
  const own = new Set(names.flatMap((n) => wordsOf(n) ?? []));
  return words.every((w) => WORDS.has(w) || own.has(w));
}
