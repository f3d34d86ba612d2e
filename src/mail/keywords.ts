// The command words players write next to their moves, as data per language (English, Polish,
// Czech, German, Russian, Ukrainian), and findCommands, which finds them line by line with
// their spans and raw arguments: draw offer (L-9.1.2.1, the mark `(=)` of L-8.1), accepting or
// declining one (L-5.2.3), resignation (L-5.1.2), claims of threefold repetition (L-9.2) and of
// the 50-move rule (L-9.3), leave with its dates (P-8a, P-8b), a conditional line (P-4f), a
// note to the opponent, and a line for the TD (P-5d: `TD: …`, "Dear TD, …", a protest in words,
// P-7c, or leave taken back, which only the TD can cancel). Moves stay raw text for the
// chess reader. Words are matched whole (Unicode letter boundaries, never inside a move token
// like `Кf6` or `Sf6`), and a line that
// states a claim is not also read as a draw offer (the referee applies L-9.1.2.2 itself).

import { isMoveToken, tokenizeMovetext } from '../chess/index.ts';
import type { DayMonth, LineSpan } from './stated-date.ts';
import { findDates, findDayMonths, findDayRanges } from './stated-date.ts';

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
    cs: ['nabízím', 'nabízíme', 'navrhuj\\p{L}*', 'nabídk\\p{L}*', 'návrh\\p{L}*'],
    de: ['biete', 'bieten', 'anbiet\\p{L}*', '\\p{L}*angebot', 'angeboten', 'schlage'],
    ru: ['предлага\\p{L}*', 'предложени\\p{L}*'],
    uk: ['пропону\\p{L}*', 'пропозиці\\p{L}*'],
  },
  accept: {
    en: ['accept\\p{L}*', 'agree\\p{L}*'],
    // "Zgoda na remis", "Wyrażam zgodę": never "zgody", which is said mostly when refusing
    // ("Nie ma zgody", "Brak zgody"). "Biorę remis" and "beru remízu" ("I take the draw") only
    // with the draw beside them: they also take pieces ("Biorę wieżę i proponuję remis").
    pl: [
      'przyjmuj\\p{L}*',
      'przyjęt\\p{L}*',
      'akceptuj\\p{L}*',
      'zgadzam',
      'zgoda',
      'zgodę',
      'biorę(?=\\s+(?:(?:ten|twój|pański|pana)\\s+)?remis)',
      '(?<=remis\\p{L}*\\s+(?:więc\\s+)?)biorę',
    ],
    // "Beru zpět" (I take back) is kept out by NOT_ACCEPTING.
    cs: [
      'přijímám',
      'přijat\\p{L}*',
      'souhlasím',
      'akceptuji',
      'beru(?=\\s+(?:(?:tu|tuto|vaši|tvou|nabízenou)\\s+)?remíz)',
      '(?<=remíz\\p{L}*\\s+(?:tedy\\s+|tak\\s+)?)beru',
    ],
    // "Ich stimme dem Remis zu", "Dem Remis stimme ich zu": never "Ich stimme Ihnen zu, es ist remis".
    de: [
      'nehme',
      'angenommen',
      'akzeptier\\p{L}*',
      'einverstanden',
      'stimme(?=\\s+(?:dem|einem|ihrem|deinem)\\s+remis\\p{L}*\\s+zu(?!\\p{L}))',
      '(?<=remis\\p{L}*\\s+)stimme(?=\\s+ich\\s+zu(?!\\p{L}))',
    ],
    ru: ['принима\\p{L}*', 'принят\\p{L}*', 'согласен', 'согласна'],
    // "Згода на нічию", "Нічия, згода", "Даю згоду"; never "згоди" ("Згоди немає").
    uk: [
      'прийма\\p{L}*',
      'прийнят\\p{L}*',
      'прийнято',
      'погоджу\\p{L}*',
      'згоден',
      'згодна',
      'згода',
      'згоду',
    ],
  },
  decline: {
    en: ['declin\\p{L}*', 'reject\\p{L}*', 'refus\\p{L}*'],
    pl: ['odrzuc\\p{L}*', 'odrzuć', 'odmawiam'],
    cs: ['odmítám', 'odmítnut\\p{L}*', 'nepřijímám', 'neberu', 'nesouhlasím', 'neakceptuji'],
    de: ['lehne', 'abgelehnt', 'ablehn\\p{L}*'],
    ru: ['отклоня\\p{L}*', 'отклонен\\p{L}*', 'отказыва\\p{L}*'],
    uk: ['відхиля\\p{L}*', 'відхилен\\p{L}*', 'відмовля\\p{L}*'],
  },
  negation: {
    en: ['not', "don't", 'do not', 'cannot', "can't", 'no', "won't", 'never', "shan't"],
    pl: ['nie', 'nigdy'],
    // Czech mostly says no with the verb's prefix: "Nebudu na dovolené", "Nemám námitky".
    cs: [
      'ne',
      'nikdy',
      'nebudu',
      'nebude',
      'nemám',
      'nemáme',
      'nechci',
      'nechceme',
      'nejsem',
      'nečerpám',
    ],
    de: ['nicht', 'kein\\p{L}*', 'niemals', 'nie', 'nein'],
    ru: ['не', 'никогда', 'нет'],
    uk: ['не', 'ніколи', 'ні', 'немає'],
  },
  resign: {
    en: ['i resign', 'resign', 'resigned', 'resigns', 'i give up'],
    // "Uznaję porażkę", "Визнаю поразку" ("I concede the loss"): how a Polish or Ukrainian
    // player often resigns, beside "Poddaję się", "Здаюся".
    pl: [
      'poddaję',
      'poddaje się',
      'poddaję się',
      'poddaję partię',
      'rezygnuję',
      'uznaję (?:swoją )?porażkę',
    ],
    cs: ['vzdávám', 'vzdávám se', 'vzdávám partii'],
    de: ['gebe (?:\\p{L}+ ){0,3}auf', 'aufgegeben', 'aufgeben'],
    ru: ['сдаюсь', 'сдаю партию'],
    uk: ['здаюсь', 'здаюся', 'здаю партію', 'визнаю (?:свою )?поразку'],
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
    // "Ferien" is how Swiss and Austrian players say it ("Ich bin vom 1.7. bis 14.7. in den Ferien").
    de: ['urlaub\\p{L}*', 'ferien'],
    ru: ['отпуск\\p{L}*'],
    uk: ['відпустк\\p{L}*', 'відпустці'],
  },
  /** Words that open a condition, and with moves after them a proposed line (P-4f). */
  conditionIf: {
    en: ['if'],
    pl: ['jeśli', 'jeżeli', 'gdy'],
    cs: ['pokud', 'jestliže', 'jestli', 'když'],
    de: ['falls', 'wenn'],
    ru: ['если'],
    uk: ['якщо'],
  },
  /**
   * Words that make a clause a condition or a supposition but open no proposed line (P-4f):
   * "unless" turns the condition round, "kdyby", "gdyby", "коли б" suppose what was not played.
   * They make a binding word beside them not plain ("Zgoda na remis, o ile zagrasz 3.d4").
   */
  conditionOther: {
    en: ['unless', 'provided', 'providing', 'as long as', 'on condition'],
    pl: ['gdyby\\p{L}*', 'jeśliby', 'o ile', 'pod warunkiem', 'chyba że'],
    cs: ['kdyby\\p{L}*', 'kdybych', 'ledaže', 'pod podmínkou', 'za podmínky'],
    de: ['sofern', 'vorausgesetzt', 'es sei denn', 'außer wenn', 'unter der bedingung'],
    ru: ['если бы', 'при условии', 'разве что'],
    uk: ['якби', 'коли б', 'якщо б', 'за умови', 'хіба що'],
  },
  conditionThen: {
    en: ['then', 'i play', 'then i play'],
    pl: ['to', 'wtedy', 'gram'],
    cs: ['pak', 'tak', 'hraji', 'hraju'],
    de: ['dann', 'spiele ich', 'ziehe ich'],
    ru: ['то', 'тогда', 'играю'],
    uk: ['то', 'тоді', 'граю'],
  },
  /**
   * Words that open a proposed line by the opponent's move it answers ("and after 5.O-O I will
   * play Be7", "po 5.O-O zagram 5...Ge7", "auf 5.O-O folgt 5...Le7"): with moves alone between
   * them and a word of `conditionWill`, a conditional line (P-4f).
   */
  conditionAfter: {
    en: ['after', 'in reply to', 'in answer to'],
    pl: ['po', 'na'],
    cs: ['po', 'na'],
    de: ['nach', 'auf'],
    ru: ['после', 'на'],
    uk: ['після', 'на'],
  },
  /** The sender's answer said as a plan, after `conditionAfter` and its move: "I will play". */
  conditionWill: {
    en: [
      'i will play',
      "i'll play",
      'i’ll play',
      'i play',
      'i will answer',
      "i'll answer",
      'i’ll answer',
      'i answer',
      'i will reply',
      "i'll reply",
      'i’ll reply',
      'i reply',
      'then',
      'comes',
      'follows',
    ],
    pl: ['zagram', 'gram', 'odpowiem', 'odpowiadam', 'to', 'wtedy', 'nastąpi'],
    cs: ['zahraji', 'zahraju', 'hraji', 'hraju', 'odpovím', 'odpovídám', 'pak', 'táhnu'],
    de: ['spiele ich', 'ziehe ich', 'antworte ich', 'folgt', 'kommt', 'dann'],
    ru: ['сыграю', 'играю', 'отвечу', 'отвечаю', 'тогда', 'то', 'последует'],
    uk: ['зіграю', 'граю', 'відповім', 'відповідаю', 'тоді', 'то', 'піде'],
  },
  /**
   * Words that hedge a sentence: it muses, it does not say ("Asi beru remízu", "Мабуть, приймаю
   * нічию", "chyba 4.Gb5"). A binding word in such a sentence is not said plainly.
   */
  hedge: {
    en: ['maybe', 'perhaps', 'probably', 'possibly', 'presumably'],
    pl: ['chyba', 'może', 'prawdopodobnie', 'możliwe'],
    cs: ['asi', 'možná', 'nejspíš', 'pravděpodobně', 'snad'],
    de: ['vielleicht', 'wohl', 'wahrscheinlich', 'eventuell', 'möglicherweise', 'vermutlich'],
    ru: ['может быть', 'может', 'возможно', 'наверное', 'наверно', 'вероятно', 'пожалуй'],
    uk: ['може бути', 'може', 'можливо', 'мабуть', 'напевно', 'ймовірно', 'певно'],
  },
  /** Words that make a clause a wish rather than a statement ("maybe", "może"). */
  wish: {
    en: ['would', 'might', 'maybe', 'perhaps'],
    pl: ['może'],
    cs: ['možná'],
    de: ['vielleicht'],
    ru: ['может'],
    uk: ['може'],
  },
  /**
   * Words that put a sentence about a draw in the past or in another game: it reports, it does
   * not offer or accept now ("I offered a draw last time", "Przyjmuję remis w drugiej partii").
   */
  elsewhere: {
    en: [
      'was',
      'were',
      'had',
      'last',
      'yesterday',
      'earlier',
      'other',
      'another',
      'round',
      'game \\d+',
      'offered',
      'changed',
    ],
    pl: [
      'był\\p{L}*',
      'wcześniej',
      'ostatnio',
      'drugiej',
      'innej',
      'rundzie',
      'partii \\d+',
      'zaproponował\\p{L}*',
      'proponował\\p{L}*',
      'przyjął\\p{L}*',
      'przyjęłam',
    ],
    cs: [
      'byl\\p{L}*',
      'dříve',
      'minule',
      'jiné',
      'druhé',
      'kole',
      'partii \\d+',
      'nabízel\\p{L}*',
      'nabídl\\p{L}*',
      'navrhoval\\p{L}*',
      'přijal\\p{L}*',
    ],
    de: [
      'war',
      'waren',
      'hatte',
      'hatten',
      'letztes',
      'letzte',
      'gestern',
      'früher',
      'anderen',
      'runde',
      'partie \\d+',
      'bot',
    ],
    ru: [
      'был\\p{L}*',
      'вчера',
      'раньше',
      'прошл\\p{L}*',
      // "другой партии", never "друг" (friend): "Спасибо, друг, принимаю ничью" accepts.
      'другой',
      'другую',
      'туре',
      'партии \\d+',
      'предлагал\\p{L}*',
      'предложил\\p{L}*',
      'принял\\p{L}*',
    ],
    uk: [
      'був',
      'була',
      'було',
      'вчора',
      'раніше',
      'минул\\p{L}*',
      'інш\\p{L}*',
      'турі',
      'партії \\d+',
      'пропонував\\p{L}*',
      'запропонував\\p{L}*',
      'прийняв\\p{L}*',
    ],
  },
  /**
   * Words that open a farewell or a wish after what a sentence says: "see you in the next
   * round", "good luck in your other games", "do zobaczenia w następnej rundzie", "bis zur
   * nächsten Runde". Such a clause looks ahead to another round or game, and reports nothing of
   * one: the draw accepted before it in the sentence is this game's.
   */
  farewell: {
    en: [
      'see you',
      'good luck',
      'all the best',
      'best of luck',
      'till',
      'until',
      'hope to see you',
      'hope we meet',
      'looking forward to',
    ],
    pl: ['do zobaczenia', 'powodzenia', 'wszystkiego dobrego', 'życzę\\p{L}*', 'do następnej'],
    cs: ['uvidíme se', 'na shledanou', 'hodně štěstí', 'hodně zdaru', 'přeji\\p{L}*', 'ať se daří'],
    de: [
      'bis zur',
      'bis zum',
      'bis bald',
      'auf wiedersehen',
      'viel glück',
      'viel erfolg',
      'alles gute',
      'wir sehen uns',
    ],
    ru: ['до встречи', 'увидимся', 'удачи', 'успехов', 'всего доброго', 'желаю\\p{L}*'],
    uk: ['до зустрічі', 'побачимося', 'удачі', 'успіхів', 'усього найкращого', 'бажаю\\p{L}*'],
  },
  /** Words that make a draw named in a clause the opponent's: "your offer", "thanks for it". */
  yours: {
    en: ['your', 'yours', 'thanks for', 'thank you for'],
    pl: ['twoj\\p{L}*', 'twoją', 'pańsk\\p{L}*', 'dziękuję za', 'dzięki za'],
    cs: ['vaš\\p{L}*', 'vaši', 'tvoj\\p{L}*', 'tvou', 'tvá', 'tvé', 'děkuji za', 'díky za'],
    de: ['ihr', 'ihre', 'ihren', 'ihrem', 'ihres', 'dein\\p{L}*', 'danke für', 'dank für'],
    ru: ['ваш\\p{L}*', 'тво\\p{L}*', 'спасибо за'],
    uk: ['ваш\\p{L}*', 'тво\\p{L}*', 'дякую за'],
  },
  /**
   * Leave someone else takes: "My wife is on leave", "your holiday", "Meine Frau hat Urlaub",
   * "żona ma urlop", "дружина у відпустці". Only the sender's own leave stops their clock (P-8a).
   */
  othersLeave: {
    en: [
      "(?:is|'s|goes|has) (?:on |going on |taking |a |his |her )?(?:leave|vacation|holidays?)",
      'takes (?:a |his |her )?(?:leave|vacation|holidays?)',
      '(?:your|his|her|their) (?:leave|vacation|holidays?)',
    ],
    pl: [
      'jest na urlopie',
      'ma urlop',
      'bierze urlop',
      '(?:idzie|jedzie|wyjeżdża) na urlop',
      '(?:twój|twojego|twoim|pana|pani|jego|jej) urlop\\p{L}*',
    ],
    cs: [
      'je na dovolené',
      'má dovolenou',
      'čerpá dovolenou',
      '(?:jde|jede) na dovolenou',
      '(?:vaš\\p{L}*|tvou|tvoje|tvá|jeho|její) dovolen\\p{L}*',
    ],
    de: [
      'ist (?:im|in) urlaub',
      'ist in den ferien',
      'hat (?:urlaub|ferien)',
      'nimmt urlaub',
      '(?:fährt|geht) in (?:den )?urlaub',
      '(?:fährt|geht) in die ferien',
      '(?:ihr|ihre|ihren|ihrem|dein\\p{L}*|sein\\p{L}*) (?:urlaub\\p{L}*|ferien)',
    ],
    // "Мой тренер в отпуске до 20 января": someone of the sender's ("мой", "моя"), or named.
    ru: [
      '(?:ваш\\p{L}*|тво\\p{L}*|его|её|ее) отпуск\\p{L}*',
      '(?:жена|муж|сын|дочь|начальник|коллега|соперник|тренер|секундант|друг|отец|мать|шеф) (?:сейчас |находится |будет )?(?:в|уходит в|едет в) отпуск\\p{L}*',
      '(?:мой|моя|моё|мое|мои|наш\\p{L}*) \\p{L}+ (?:сейчас |находится |будет )?(?:в|уходит в|едет в) отпуск\\p{L}*',
    ],
    // "Мій тренер у відпустці до 20 січня": someone of the sender's ("мій", "моя"), or named.
    uk: [
      '(?:ваш\\p{L}*|тво\\p{L}*|його|її) відпуст\\p{L}*',
      '(?:дружина|чоловік|син|донька|начальник|колега|суперник|тренер|секундант|друг|батько|мати|шеф|керівник) (?:зараз |перебуває |буде )?(?:у|в|йде у|йде в|їде у) відпуст\\p{L}*',
      '(?:мій|моя|моє|мої|наш\\p{L}*) \\p{L}+ (?:зараз |перебуває |буде )?(?:у|в|йде у|йде в|їде у) відпуст\\p{L}*',
    ],
  },
  /** Words that make a clause a question ("whether", "czy"). */
  whether: {
    en: ['whether'],
    pl: ['czy'],
    cs: ['zda'],
    de: ['ob'],
    ru: ['ли'],
    uk: ['чи'],
  },
  /** Modal verbs: a claim that "could" or "will" be made is not made now. */
  modal: {
    en: ['could', 'should', 'will'],
    pl: ['mógłbym', 'mogę', 'możesz'],
    cs: ['mohl', 'mohu', 'můžete'],
    de: ['könnte', 'könnten'],
    ru: ['мог', 'могу', 'можете'],
    uk: ['міг', 'можу', 'можете'],
  },
  /** A label that marks a line as a proposed continuation (P-4f). */
  conditionLabel: {
    en: ['conditional', 'conditionals', 'conditional moves', 'if-moves', 'if moves'],
    pl: ['warunkowo', 'warunkowe', 'posunięcia warunkowe', 'ruchy warunkowe'],
    cs: ['podmíněně', 'podmíněné', 'podmíněné tahy'],
    de: ['bedingt', 'bedingte züge', 'bedingter zug', 'wenn-züge'],
    ru: ['условно', 'условные ходы'],
    uk: ['умовно', 'умовні ходи'],
  },
  note: {
    en: ['note', 'remark', 'comment', 'p\\.?s\\.?', 'message'],
    pl: ['uwaga', 'notatka', 'komentarz', 'wiadomość'],
    cs: ['poznámka', 'pozn\\.', 'komentář', 'vzkaz'],
    de: ['notiz', 'anmerkung', 'bemerkung', 'hinweis', 'nachricht'],
    ru: ['примечание', 'заметка', 'комментарий', 'сообщение'],
    uk: ['примітка', 'коментар', 'зауваження', 'повідомлення'],
  },
  /**
   * Words that make a clause a thought about a move, not the move sent: "I wonder if 4.Ba4
   * works", "I could play 4.Ba4" (with the hedge, wish, whether and condition words: "chyba 4.Gb5").
   */
  musing: {
    en: [
      'wonder',
      'wondering',
      'considering',
      'thinking about',
      'thinking of',
      'not sure',
      'unsure',
      'undecided',
      'could',
      'should',
    ],
    pl: ['zastanawiam się', 'rozważam', 'nie wiem', 'mógłbym', 'mogłabym', 'mogę'],
    cs: ['přemýšlím', 'uvažuji', 'uvažuju', 'zvažuji', 'nevím', 'mohl bych', 'mohu'],
    de: ['überlege', 'frage mich', 'weiß nicht', 'könnte', 'sollte'],
    ru: ['думаю о', 'размышляю', 'не знаю', 'мог бы', 'могу'],
    uk: ['думаю про', 'міркую', 'не знаю', 'міг би', 'можу'],
  },
  /**
   * Words that put a move in a question after the moves sent: it asks what comes next ("3...a6
   * 4.Ba4 - maybe Nf6 next?", "4.Ga4, a potem Sf6?"), it offers no other move instead.
   */
  next: {
    en: ['next', 'then', 'after that', 'afterwards', 'in reply', 'in return', 'in answer'],
    pl: ['potem', 'następnie', 'później', 'w odpowiedzi', 'teraz'],
    cs: ['pak', 'potom', 'dál', 'dále', 'příště', 'v odpověď', 'jako odpověď', 'teď'],
    de: ['dann', 'danach', 'als nächstes', 'als antwort', 'darauf', 'jetzt', 'nun'],
    ru: ['потом', 'затем', 'дальше', 'далее', 'в ответ', 'теперь'],
    uk: ['потім', 'далі', 'згодом', 'у відповідь', 'тепер'],
  },
  /**
   * A slip corrected in the same mail, before it was sent: "4.Ba4, sorry, I mean 4.Bc4". The
   * move after the word replaces the one before it with the same number.
   */
  correction: {
    en: [
      'sorry',
      'i mean',
      'i meant',
      'correction',
      'typo',
      'oops',
      'should read',
      'should be',
      'should have been',
    ],
    pl: ['przepraszam', 'sorry', 'pomyłka', 'poprawka', 'miało być', 'chodziło mi o', 'literówka'],
    cs: ['promiňte', 'pardon', 'oprava', 'překlep', 'mělo být', 'myslel jsem', 'myslela jsem'],
    de: [
      'entschuldigung',
      'sorry',
      'korrektur',
      'tippfehler',
      'ich meine',
      'ich meinte',
      'soll heißen',
      'gemeint ist',
      'es sollte',
      'sollte heißen',
    ],
    ru: ['извините', 'простите', 'исправление', 'опечатка', 'имел в виду', 'имела в виду'],
    uk: ['вибачте', 'перепрошую', 'виправлення', 'описка', 'мав на увазі', 'мала на увазі'],
  },
  /**
   * Words that name, right before it, the move a correction replaces (L-4.2): "I meant 11.5171
   * not 11.5152", "miało być 8.Ge3 a nie 8.O-O", "nicht 11.Sf3, sondern 11.Le2", "11.Le2 statt
   * 11.Sf3". The move after them is the slip, not a move sent.
   */
  slipNamed: {
    en: ['not', 'instead of', 'rather than'],
    pl: ['nie', 'zamiast'],
    cs: ['ne', 'nikoli', 'místo', 'namísto'],
    de: ['nicht', 'statt', 'anstatt', 'anstelle von'],
    ru: ['не', 'вместо'],
    uk: ['не', 'замість'],
  },
  /**
   * Words that protest or dispute (P-7c): a line that says them plainly is for the TD ("I
   * protest against this time claim", "Ich erhebe Einspruch", "Я протестую"), and on a line for
   * the TD they make it a protest of a claim (`protestsIn`).
   */
  protest: {
    en: ['protest\\p{L}*', 'disput\\p{L}*', 'object to', 'objection\\p{L}*'],
    pl: ['protest\\p{L}*', 'sprzeciw\\p{L}*', 'spór', 'kwestionuj\\p{L}*'],
    cs: ['protest\\p{L}*', 'spor', 'námitk\\p{L}*', 'námitek', 'namítám', 'rozporuj\\p{L}*'],
    de: [
      'protest\\p{L}*',
      'einspruch',
      'widerspruch',
      'widerspreche',
      'einwand',
      'einwände',
      'einwänden',
    ],
    ru: ['протест\\p{L}*', 'спор', 'возража\\p{L}*', 'возражени\\p{L}*', 'оспарива\\p{L}*'],
    uk: ['протест\\p{L}*', 'спір', 'заперечу\\p{L}*', 'заперечен\\p{L}*', 'оскаржу\\p{L}*'],
  },
  /**
   * Words that appeal a result the TD set (P-10 with P-11, P-13): "I appeal the adjudication",
   * "Odwołuję się od decyzji", "Podávám odvolání", "Ich lege Berufung ein", "Подаю апеляцію".
   * Read only in a game whose result may be appealed (`appealsIn`); a protest of the result is
   * one too. Never "odwołać"/"odvolat" alone, which also call off (leave, a visit).
   */
  appeal: {
    // Not "appealing", which praises ("a very appealing game").
    en: ['appeal(?:s|ed)?', 'appealing against'],
    pl: ['odwołuję się', 'odwołać się', 'odwołuje się', 'odwołani\\p{L}*', 'apelacj\\p{L}*'],
    // Either word order ("Proti rozhodnutí se odvolávám"); never with "na", which refers to a
    // rule ("Odvolávám se na pravidlo P-7c", "s odvoláním na článek 9.2").
    cs: [
      'odvolání\\p{L}*(?!\\s+na(?!\\p{L}))',
      '(?:odvolávám|odvolat|odvolám) se(?!\\s+na(?!\\p{L}))',
      'se (?:odvolávám|odvolat|odvolám)(?!\\s+na(?!\\p{L}))',
      'apelac\\p{L}*',
    ],
    de: ['berufung\\p{L}*', 'einspruch\\p{L}*', 'anfecht\\p{L}*', 'fechte'],
    ru: ['апелляц\\p{L}*', 'апеллиру\\p{L}*', 'обжал\\p{L}*', 'обжалу\\p{L}*'],
    uk: ['апеляці\\p{L}*', 'апелю\\p{L}*', 'оскарж\\p{L}*'],
  },
  /**
   * Words on a line that appeals which name the decision appealed (P-11, P-13c), so the appeal
   * is tied to it when the TD decided several things in the game (appeal.ts, `appealTarget`):
   * the result (an adjudication, a result set, an annulment), a penalty, a ruling on a claim,
   * leave granted or refused, the clock set or stopped.
   */
  appealResult: {
    en: ['result\\p{L}*', 'adjudicat\\p{L}*', 'score', 'scored', 'annul\\p{L}*', 'forfeit\\p{L}*'],
    pl: ['wynik\\p{L}*', 'ocen\\p{L}*', 'adiudykacj\\p{L}*', 'anulow\\p{L}*', 'walkower\\p{L}*'],
    cs: ['výsled\\p{L}*', 'rozhodčí\\p{L}*', 'anul\\p{L}*', 'kontumac\\p{L}*'],
    de: [
      'ergebnis\\p{L}*',
      'resultat\\p{L}*',
      'abschätzung\\p{L}*',
      'annull\\p{L}*',
      'wertung\\p{L}*',
    ],
    ru: ['результат\\p{L}*', 'присужден\\p{L}*', 'аннулир\\p{L}*'],
    uk: ['результат\\p{L}*', 'присудж\\p{L}*', 'анулю\\p{L}*', 'анулюв\\p{L}*'],
  },
  appealPenalty: {
    en: ['penalt\\p{L}*', 'penalis\\p{L}*', 'penaliz\\p{L}*', 'sanction\\p{L}*'],
    pl: ['kar(?:a|ę|y|ą|ze)', 'ukara\\p{L}*', 'sankcj\\p{L}*'],
    cs: ['trest\\p{L}*', 'penaliz\\p{L}*', 'sankc\\p{L}*'],
    de: ['\\p{L}*strafe\\p{L}*', 'bestraf\\p{L}*', 'sanktion\\p{L}*'],
    ru: ['штраф\\p{L}*', 'наказани\\p{L}*'],
    uk: ['штраф\\p{L}*', 'покаран\\p{L}*'],
  },
  appealClaim: {
    en: ['claim\\p{L}*'],
    pl: ['reklamacj\\p{L}*', 'przekroczeni\\p{L}*'],
    cs: ['reklamac\\p{L}*', 'překročení'],
    de: ['reklamation\\p{L}*', 'zeitüberschreitung\\p{L}*'],
    ru: ['претензи\\p{L}*', 'заявлени\\p{L}*', 'просрочк\\p{L}*'],
    uk: ['претензі\\p{L}*', 'заяв(?:а|и|у|ою|і)', 'простроч\\p{L}*'],
  },
  appealLeave: {
    en: ['leave', 'holiday\\p{L}*', 'vacation\\p{L}*'],
    pl: ['urlop\\p{L}*'],
    cs: ['dovolen\\p{L}*', 'odpočin\\p{L}*'],
    de: ['urlaub\\p{L}*'],
    ru: ['отпуск\\p{L}*'],
    uk: ['відпуст\\p{L}*', 'перерв\\p{L}*'],
  },
  appealClock: {
    en: ['clock\\p{L}*'],
    pl: ['zegar\\p{L}*'],
    cs: ['hodiny', 'hodinách', 'hodinami'],
    de: ['uhr', 'bedenkzeit\\p{L}*'],
    ru: ['часы', 'часов', 'часах'],
    uk: ['годинник\\p{L}*'],
  },
  /**
   * Words that dispute a claim on a line for the TD without the word protest ("TD: the count is
   * wrong"); said to the opponent they are no protest ("That was the wrong rook").
   */
  disputeOnTdLine: {
    en: ['wrong'],
    pl: ['błędn\\p{L}*'],
    cs: ['reklamac\\p{L}*'],
    de: ['falsch'],
    ru: ['неверн\\p{L}*'],
    uk: ['невірн\\p{L}*'],
  },
  /**
   * Words that keep a protest from being made, with the negation words: "without objection",
   * "bez námitek", "Brak sprzeciwu", "ohne Einspruch", "жодних заперечень".
   */
  noProtest: {
    en: ['without', 'none', 'nothing'],
    pl: ['bez', 'brak', 'żadn\\p{L}*', 'nic'],
    cs: ['bez', 'žádn\\p{L}*', 'nic', 'nepodám', 'nepodávám', 'neprotestuji', 'neprotestuju'],
    de: ['ohne', 'nichts'],
    ru: ['без', 'нету', 'ничего'],
    uk: ['без', 'жодн\\p{L}*', 'нічого'],
  },
  /**
   * Words after a protest that give its reason: a negation there ("I protest, because I never
   * got the mail") is the reason's, not the protest's.
   */
  reason: {
    en: ['because', 'since', 'as', 'that', 'for'],
    pl: ['bo', 'ponieważ', 'gdyż', 'że', 'skoro'],
    cs: ['protože', 'neboť', 'jelikož', 'že', 'poněvadž'],
    de: ['weil', 'da', 'denn', 'dass', 'daß'],
    ru: ['потому', 'так как', 'поскольку', 'что', 'ибо'],
    uk: ['бо', 'тому що', 'оскільки', 'що', 'адже'],
  },
  /**
   * Words that call leave off or take it back: "Please cancel my leave", "se ruší", "anulować",
   * "streichen", "скасувати". Only the TD can cancel leave (P-8a, P-8c): such a line is for the TD.
   */
  cancel: {
    en: [
      'cancel\\p{L}*',
      'call off',
      'called off',
      'withdraw\\p{L}*',
      'withdrew',
      'revok\\p{L}*',
      'no longer',
    ],
    pl: ['anul\\p{L}*', 'odwoł\\p{L}*', 'wycof\\p{L}*', 'rezygnuj\\p{L}*', 'nieaktualn\\p{L}*'],
    cs: ['zruš\\p{L}*', 'ruší', 'ruším', 'rušíme', 'odvol\\p{L}*', 'storn\\p{L}*', 'neplatí'],
    de: [
      'stornier\\p{L}*',
      'streich\\p{L}*',
      'gestrichen',
      'absag\\p{L}*',
      'abgesagt',
      'sage (?:\\p{L}+ ){0,4}ab',
      'widerruf\\p{L}*',
      'annullier\\p{L}*',
      'zurückzieh\\p{L}*',
      'zurückgezogen',
      'ziehe (?:\\p{L}+ ){0,4}zurück',
      'entfällt',
      'fällt (?:\\p{L}+ ){0,2}aus',
      'hinfällig',
    ],
    // Never "отменный", "відмінний" (excellent).
    ru: ['отмен(?!н)\\p{L}*', 'отзыва\\p{L}*', 'отозва\\p{L}*', 'аннулир\\p{L}*'],
    uk: ['скасу\\p{L}*', 'скасов\\p{L}*', 'відмін(?!н)\\p{L}*', 'відклика\\p{L}*', 'анулю\\p{L}*'],
  },
  /**
   * Words that make leave a plan given up: "I had planned leave from 20 Dec", "Ich wollte Urlaub
   * nehmen". (Leave reported after the fact, "I was on holiday from 1.11 to 10.11", is read,
   * to be refused as not announced in advance, P-8b.)
   */
  // Not "wanted to", "chciałbym", "wollte": "Chciałem poinformować o urlopie od …" announces.
  planGivenUp: {
    en: ['had planned', 'had wanted', 'had intended', 'was going to', 'was planning'],
    pl: ['planował\\p{L}*', 'zamierzał\\p{L}*', 'miałem mieć', 'miałam mieć'],
    cs: ['plánoval\\p{L}*', 'zamýšlel\\p{L}*', 'měl jsem mít', 'měla jsem mít'],
    de: ['hatte (?:\\p{L}+ ){0,5}geplant', 'hatte (?:\\p{L}+ ){0,5}vor'],
    ru: ['планировал\\p{L}*', 'собирал\\p{L}*'],
    uk: ['планував\\p{L}*', 'планувал\\p{L}*', 'збирав\\p{L}*', 'збирал\\p{L}*'],
  },
  /**
   * The TD named at the start of a line, after a greeting or alone: "Dear TD,", "Panie Sędzio,",
   * "Pane řediteli,", "Sehr geehrter Turnierleiter,", "Шановний директоре,". The line is for the
   * TD (P-5d).
   */
  tdAddress: {
    en: ['(?:mr\\.? |mrs\\.? |ms\\.? )?td', 'tournament director', 'director', 'arbiter'],
    pl: ['(?:panie |pani )?sędzio(?: główny)?', 'panie dyrektorze', 'pani dyrektor'],
    cs: [
      '(?:pane )?řediteli(?: turnaje)?',
      '(?:paní )?ředitelko(?: turnaje)?',
      '(?:pane )?rozhodčí',
    ],
    de: [
      '(?:herr |frau )?turnierleiter(?:in)?',
      'turnierleitung',
      '(?:herr |frau )?schiedsrichter(?:in)?',
    ],
    ru: ['(?:господин )?директор(?: турнира)?', '(?:господин )?судья'],
    uk: ['(?:пане )?директоре(?: турніру)?', '(?:пане )?судде', 'директор(?: турніру)?'],
  },
  /** A line for the TD, not the opponent: a dispute or a question (P-5d). */
  td: {
    en: ['td', 'to the td', 'tournament director', 'dispute', 'complaint', 'protest'],
    pl: ['sędzia', 'sędziemu', 'do sędziego', 'sędzia turnieju', 'spór', 'skarga', 'protest'],
    cs: [
      'ředitel',
      'řediteli',
      'ředitel turnaje',
      'řediteli turnaje',
      'rozhodčí',
      'spor',
      'stížnost',
      'protest',
    ],
    de: [
      'turnierleiter',
      'an den turnierleiter',
      'turnierleitung',
      'streitfall',
      'beschwerde',
      'einspruch',
    ],
    ru: ['директору', 'директор турнира', 'судье', 'спор', 'жалоба', 'протест'],
    uk: ['директору', 'директор турніру', 'судді', 'спір', 'скарга', 'протест'],
  },
  /** How a mail opens or closes: "Dear Jan,", "Best regards, Anna" — words for nobody to read. */
  salutation: {
    en: [
      'hi',
      'hello',
      'dear',
      'regards',
      'best',
      'kind regards',
      'best wishes',
      'all the best',
      'cheers',
      'yours',
      'good morning',
      'good afternoon',
      'good evening',
      'greetings',
    ],
    pl: [
      'cześć',
      'witam',
      'witaj',
      'dzień dobry',
      'dobry wieczór',
      'szanowny',
      'szanowna',
      'szanowni',
      'drogi',
      'droga',
      'pozdrawiam',
      'pozdrowienia',
      'serdecznie',
      'z poważaniem',
      'z wyrazami szacunku',
      'z szachowym pozdrowieniem',
      'z pozdrowieniami',
      'dziękuję i pozdrawiam',
    ],
    cs: [
      'ahoj',
      'dobrý den',
      'dobrý večer',
      'vážený',
      'vážená',
      'milý',
      'milá',
      'zdravím',
      's pozdravem',
      's přátelským pozdravem',
      'se srdečným pozdravem',
      's šachovým pozdravem',
      'pozdrav',
      'pozdravy',
    ],
    de: [
      'hallo',
      'guten tag',
      'guten morgen',
      'guten abend',
      'lieber',
      'liebe',
      'sehr geehrter',
      'sehr geehrte',
      'grüße',
      'gruß',
      'viele grüße',
      'beste grüße',
      'mit besten grüßen',
      'mit freundlichen grüßen',
      'mit schachlichen grüßen',
      'mit schachfreundlichen grüßen',
      'mfg',
      'servus',
      'moin',
    ],
    ru: [
      'привет',
      'здравствуйте',
      'добрый день',
      'добрый вечер',
      'уважаемый',
      'уважаемая',
      'дорогой',
      'дорогая',
      'с уважением',
      'с шахматным приветом',
    ],
    uk: [
      'привіт',
      'вітаю',
      'добрий день',
      'добрий вечір',
      'доброго дня',
      'доброго вечора',
      'доброго ранку',
      'шановний',
      'шановна',
      'дорогий',
      'дорога',
      'з повагою',
      'дякую, з повагою',
      'з шаховим привітом',
      'з найкращими побажаннями',
    ],
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

/** Any word of the groups (and of `extra`), matched whole. */
const anyWordOf = (groups: readonly KeywordGroup[], extra: readonly string[] = []): RegExp =>
  new RegExp(
    `${L}(?:${[...groups.flatMap((g) => Object.values(KEYWORDS[g]).flat()), ...extra].join('|')})${R}`,
    'iu',
  );

/** Words that make a clause of prose a thought about a move rather than the move sent. */
const MUSING = anyWordOf(['musing', 'hedge', 'wish', 'whether', 'conditionIf', 'conditionOther']);

/**
 * Where a clause of prose starts to muse about a move rather than send it ("I wonder if 4.Ba4
 * works", "Maybe 4.Ba4", "Vielleicht 4.La4", "chyba 4.Gb5"), or -1: the moves after are
 * thoughts, not moves sent (P-4a: a move sent binds, so amici plays none that the player only
 * thought aloud about).
 */
export const museAt = (clause: string): number => wordAt(MUSING, clause);

/** Where in `clause` a word of `re` stands (any whitespace counts as a space), or -1. */
function wordAt(re: RegExp, clause: string): number {
  return re.exec(clause.replace(/\s/g, ' '))?.index ?? -1;
}

const NEXT = anyWordOf(['next']);

/** Whether `text` says a move comes after the ones before it: "next", "then", "potem", "далі". */
export const speaksOfNext = (text: string): boolean => NEXT.test(text.replace(/\s/g, ' '));

const CORRECTION = anyWordOf(['correction']);

/**
 * Where a clause corrects a slip of the same mail ("sorry, I mean 4.Bc4", "Korrektur: 4.Lc4"),
 * or -1: the next move with the number of the one before replaces it.
 */
export function correctionAt(clause: string): number {
  const text = clause.replace(/\s/g, ' ');
  const re = new RegExp(CORRECTION.source, 'giu');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // An apology for something else corrects nothing: "Sorry for the late reply",
    // "Entschuldigung für die Verspätung", "Przepraszam za zwłokę"; nor does "I meant to …".
    if (!APOLOGY_FOR.test(text.slice(m.index + m[0].length))) return m.index;
  }
  return -1;
}

const SLIP_NAMED = new RegExp(`^(?:${alternatives('slipNamed')})$`, 'iu');

/**
 * How many of the last of `words` (the words right before a move) name that move as a slip
 * ("not", "a nie" → "nie", "instead of", "statt"), or 0: "I meant 11.5171 not 11.5152".
 */
export function slipWordsBefore(words: readonly string[]): number {
  for (const n of [2, 1])
    if (words.length >= n && SLIP_NAMED.test(words.slice(-n).join(' '))) return n;
  return 0;
}

const PROTEST = anyWordOf(['protest', 'disputeOnTdLine']);

const SALUTATION = new RegExp(`^\\s*(?:${alternatives('salutation')})${R}`, 'iu');

/**
 * Whether a line only opens or closes the mail ("Dear Jan,", "Kind regards, Anna Nowak", "Mit
 * freundlichen Grüßen"): a salutation word first and no more than six words in all.
 */
export const isSalutation = (line: string): boolean =>
  SALUTATION.test(line) && (line.match(/\p{L}+/gu)?.length ?? 0) <= 6;

/** Whether a line for the TD protests or disputes (P-7c): "Protest: the count is wrong". */
export const protestsIn = (line: string): boolean => PROTEST.test(line);

/** The sentences of a line: split after a sentence end and a space ("3.d4" is no end). */
export const sentencesOf = (line: string): string[] =>
  line.split(/(?<=[.!?;…])\s+/u).filter((s) => s.trim() !== '');

/** Words that make a sentence a condition or a musing: nothing in it binds (P-4f, L-5.2.3). */
const NOT_PLAIN = anyWordOf(['conditionIf', 'conditionOther', 'hedge']);

/**
 * Words that put an acceptance off — after something, later, only thought about: "Zgoda na
 * remis po 40. ruchu", "Beru remízu, až zahrajete 30. tah", "Biorę remis pod uwagę",
 * "Згоду на нічию дам пізніше". Such a sentence accepts nothing now (L-5.2.3).
 */
const NOT_NOW = anyWordOf(
  [],
  [
    'after',
    'later',
    'po',
    'až',
    'dopiero',
    'później',
    'později',
    'später',
    'nach',
    'позже',
    'пізніше',
    'після',
    'pod uwagę',
    'zvážím',
    'überlege',
    'подумаю',
  ],
);

/** Where a clause of prose ends, for what governs a word in it: punctuation, a dash, "but". */
const PROSE_CLAUSE_RE =
  /[,;:]\s*|\s+[-–—]+\s+|\s+(?=(?:but|and|so|because|ale|aber|und|weil|deshalb|daher|więc|bo|dlatego|protože|proto|takže|но|але|и|а|і|й|та|поэтому|потому|тому|бо|a|i)\s)/iu;

const PROTEST_WORD = anyWordOf(['protest']);
const NO_PROTEST = anyWordOf(['negation', 'noProtest']);
const NOT_PROTESTING = anyWordOf(['conditionIf', 'conditionOther', 'whether']);
const REASON = anyWordOf(['reason']);

/**
 * Whether a line protests or disputes in words of its own (P-7c, P-5d): "I protest against this
 * time claim: …", "Protestuję: …", "Námitka: …", "Ich erhebe Einspruch gegen …", "Я протестую
 * проти …". Never a mention: a question, a condition, or a protest the words refuse ("I will not
 * protest", "no protest from me", "Nemám námitky", "Einspruch erhebe ich nicht"); a negation in
 * the protest's reason ("I protest, because I never got the mail") is the reason's.
 */
function protestsPlainly(line: string): boolean {
  return sentencesOf(line).some(
    (sentence) =>
      !/\?/.test(sentence) &&
      !NOT_PROTESTING.test(sentence) &&
      sentence.split(PROSE_CLAUSE_RE).some((clause) => {
        const word = PROTEST_WORD.exec(clause);
        if (!word) return false;
        const after = clause.slice(word.index + word[0].length);
        const reason = REASON.exec(after);
        return !NO_PROTEST.test(
          clause.slice(0, clause.length - after.length + (reason?.index ?? after.length)),
        );
      }),
  );
}

/**
 * Words that say the opponent has run out of time, or claim the game for it (P-7a): "I claim a
 * win on time", "my opponent is late with his move", "przekroczył czas", "Zeitüberschreitung",
 * "překročil čas", "превысил время", "перевищив час".
 */
const TIME_CLAIM = anyWordOf(
  [],
  [
    '(?:claim\\p{L}*|win|won|victory) (?:a |the )?(?:win |victory |game |point )?on time',
    'time claim',
    // "I claim the time", not "I claim the time control was wrong".
    'claim (?:the )?time(?!\\s+control)',
    '(?:opponent|he|she|they)(?: has| have)? (?:exceeded|overstepped|(?:is|was|are|gone) (?:over|past)) (?:the |his |her |their )?time(?: limit)?',
    '(?:opponent|he|she|they) (?:is|was|are|has been|have been) (?:late|overdue)',
    'przekroczy\\p{L}* (?:limit\\p{L}* )?czas\\p{L}*',
    'przekroczeni\\p{L}* czasu',
    '(?:wygran\\p{L}*|zwycięstw\\p{L}*|reklamuj\\p{L}*) (?:\\p{L}+ )?na czas',
    'překročil\\p{L}* (?:časov\\p{L}* )?(?:čas|limit)\\p{L}*',
    'překročení (?:časového limitu|času)',
    '(?:výhr\\p{L}*|vítězství) na čas',
    'zeitüberschreitung',
    'überschritten (?:die |seine |ihre )?(?:bedenkzeit|zeit)',
    '(?:die |seine |ihre )?(?:bedenkzeit|zeit) überschritten',
    '(?:sieg|gewinn\\p{L}*) auf zeit',
    'превысил\\p{L}* (?:лимит\\p{L}* )?времен?\\p{L}*',
    '(?:побед\\p{L}*|выигрыш\\p{L}*) по времени',
    'перевищив\\p{L}* (?:ліміт\\p{L}* )?час\\p{L}*',
    'перевищення (?:ліміту )?часу',
    '(?:перемог\\p{L}*|виграш\\p{L}*) за часом',
  ].map((w) => w.replace(/ /g, '\\s+')),
);
const NO_TIME_CLAIM = anyWordOf(['negation']);
/** Clauses for a time claim: punctuation, a dash, "but" ("a" and "i" join, as in "claim a win"). */
const TIME_CLAUSE_RE = /[,;:]\s*|\s+[-–—]+\s+|\s+(?=(?:but|ale|aber|но|але)\s)/iu;
const NOT_CLAIMING_TIME = anyWordOf(['conditionIf', 'conditionOther', 'whether', 'hedge']);

/**
 * Whether a line says plainly that the opponent exceeded the time, or claims the game for it
 * (P-7a): "My opponent is late with his move, I claim a win on time.", "Суперник перевищив час".
 * Never a mention: a question ("Is he over the time limit?"), a condition or a musing ("If he
 * is late, I claim …"), or words that deny it ("He is not late", "I do not claim on time").
 */
export function claimsTimeIn(line: string): boolean {
  return sentencesOf(line).some(
    (sentence) =>
      !/\?/.test(sentence) &&
      !NOT_CLAIMING_TIME.test(sentence) &&
      sentence
        .split(TIME_CLAUSE_RE)
        .some((clause) => TIME_CLAIM.test(clause) && !NO_TIME_CLAIM.test(clause)),
  );
}

/**
 * The opponent's lateness asked about: "is she late?", "has my opponent exceeded the time?",
 * "is he over the time limit?" — a question's word order, which `TIME_CLAIM` does not read.
 */
const TIME_ASKED = anyWordOf(
  [],
  [
    "(?:is|was|has|isn't|hasn't) (?:my |the )?(?:opponent|he|she|they) (?:been )?(?:late|overdue|over (?:the |his |her |their )?time(?: limit)?|past (?:the |his |her |their )?time(?: limit)?|exceeded (?:the |his |her |their )?time(?: limit)?)",
  ].map((w) => w.replace(/ /g, '\\s+')),
);

/**
 * Whether a line asks about a time claim, or makes one only on a condition (P-7a): "is she
 * late? If so I claim the time.", "If he is over the time limit, I claim a win on time", "Czy
 * przekroczył czas?". Never a claim (`claimsTimeIn` reads those): it binds nothing, and amici
 * files time claims itself, so the player is answered with the opponent's clock, as a claim in
 * words is. Not words that deny it ("He is not late").
 */
export function asksOfTimeIn(line: string): boolean {
  if (claimsTimeIn(line)) return false;
  return sentencesOf(line).some((sentence) =>
    sentence
      .split(TIME_CLAUSE_RE)
      .some(
        (clause) =>
          (TIME_CLAIM.test(clause) || TIME_ASKED.test(clause)) && !NO_TIME_CLAIM.test(clause),
      ),
  );
}

/** The game's PGN, named: "PGN", "the PGN file", "PGN-Datei", "плік PGN". */
const PGN_WORD = /(?<![\p{L}\p{N}])pgn(?![\p{L}\p{N}])/iu;
/** Words that ask for something to be sent: "send me", "can I have", "bitte senden Sie mir". */
const SEND_WORDS = anyWordOf(
  [],
  [
    'send',
    'forward',
    'give',
    'need',
    'want',
    'request',
    'senden',
    'schicken',
    'zusenden',
    'zuschicken',
    'schick\\p{L}*',
    'geben',
    'hätte',
    'möchte',
    'brauche',
    'benötige',
    'prześlij\\p{L}*',
    'przyślij\\p{L}*',
    'wyślij\\p{L}*',
    'przesła\\p{L}*',
    'wysła\\p{L}*',
    'przysła\\p{L}*',
    'potrzebuj\\p{L}*',
    'chcę',
    'chciał\\p{L}*',
    'poprosić',
    'poproszę',
    'pošl\\p{L}*',
    'poslat',
    'zaslat',
    'zašl\\p{L}*',
    'potřebuj\\p{L}*',
    'chci',
    'chtěl\\p{L}*',
    'надішл\\p{L}*',
    'надісла\\p{L}*',
    'пришл\\p{L}*',
    'надсила\\p{L}*',
    'потрібн\\p{L}*',
    'хочу',
    'хотів\\p{L}*',
    'отправ\\p{L}*',
  ],
);
/** Words that ask politely, which with the PGN named ask for it ("PGN, bitte", "proszę o PGN"). */
const PLEASE_WORDS = anyWordOf(
  [],
  [
    'please',
    'pls',
    'bitte',
    'proszę',
    'prosze',
    'prosím',
    'prosim',
    'прошу',
    'будь\\s+ласка',
    'пожалуйста',
  ],
);
/** Words that say the PGN is attached ("Please find the PGN attached"): no request. */
const ATTACHED_WORDS = anyWordOf(
  [],
  [
    'attach\\p{L}*',
    'enclos\\p{L}*',
    'anbei',
    'anhang',
    'angehängt',
    'załącz\\p{L}*',
    'załącznik\\p{L}*',
    'příloh\\p{L}*',
    'přikládám',
    'přiložen\\p{L}*',
    'вкладен\\p{L}*',
    'додаю',
    'додаток',
  ],
);
const NO_PGN_REQUEST = anyWordOf(['negation']);

/**
 * Whether a line asks for the game's PGN: "please send me the PGN", "bitte senden Sie mir die
 * PGN dieser Partie", "proszę o PGN", "pošlete mi prosím PGN", "надішліть, будь ласка, PGN".
 * The PGN named with a word that asks for it to be sent, or in a question or with a polite word
 * alone; never words that say a PGN is attached ("Please find the PGN attached") or that it is
 * not needed. Answering it sends the game's own record, so a wrong reading costs nothing.
 */
export function asksForPgn(line: string): boolean {
  return sentencesOf(line).some((sentence) => {
    if (!PGN_WORD.test(sentence) || NO_PGN_REQUEST.test(sentence)) return false;
    if (SEND_WORDS.test(sentence)) return true;
    // "Could I have the PGN?", "PGN, bitte": asked, unless it says one is attached.
    return (PLEASE_WORDS.test(sentence) || /\?/.test(sentence)) && !ATTACHED_WORDS.test(sentence);
  });
}

const APPEAL_WORD = anyWordOf(['appeal', 'protest']);
const APPEAL_ONLY = anyWordOf(['appeal']);
const NOT_APPEALING = anyWordOf(['conditionIf', 'conditionOther', 'whether', 'hedge']);

/**
 * Whether a mail's line appeals a result the TD set (P-10, P-11, P-13), said plainly: "I appeal
 * against the adjudication", "Protest: the expert missed 41...Rxf2", "Odwołuję się". Never a
 * mention: a question ("Can I appeal?"), a condition or a musing ("If the TD agrees I might
 * appeal"), or an appeal the words refuse ("No appeal from me, thanks for the game", "I will not
 * appeal"); a negation in the reason ("I appeal, because the expert did not see 41...Rxf2") is
 * the reason's. `only: 'appeal'`: the words of an appeal alone, not those of a protest, which in
 * a game still in play protest a claim (P-7c) or raise a dispute (P-5d).
 */
export function appealsIn(line: string, only?: 'appeal'): boolean {
  const words = only ? APPEAL_ONLY : APPEAL_WORD;
  return sentencesOf(line).some(
    (sentence) =>
      !/\?/.test(sentence) &&
      !NOT_APPEALING.test(sentence) &&
      sentence.split(PROSE_CLAUSE_RE).some((clause) => {
        const word = words.exec(clause);
        if (!word) return false;
        const after = clause.slice(word.index + word[0].length);
        const reason = REASON.exec(after);
        return !NO_PROTEST.test(
          clause.slice(0, clause.length - after.length + (reason?.index ?? after.length)),
        );
      }),
  );
}

/** The words that name each kind of decision a player may appeal (P-11, P-13c). */
const APPEAL_TOPICS = [
  ['result', anyWordOf(['appealResult'])],
  ['penalty', anyWordOf(['appealPenalty'])],
  ['claim', anyWordOf(['appealClaim'])],
  ['leave', anyWordOf(['appealLeave'])],
  ['clock', anyWordOf(['appealClock'])],
] as const;

/** A kind of decision of the TD a player may name in an appeal (P-11, P-13c). */
export type AppealTopic = (typeof APPEAL_TOPICS)[number][0];

/**
 * What a line that appeals names as appealed (P-11, P-13c): "I appeal against the penalty",
 * "Odwołuję się od wyniku", "Berufung gegen die Zeitstrafe", "оскаржую відмову у відпустці".
 * Only on a line that appeals (`appealsIn`); none when it names none ("I appeal").
 */
export function appealTopicsIn(line: string): AppealTopic[] {
  if (!appealsIn(line)) return [];
  const text = line.replace(/\s/g, ' ');
  return APPEAL_TOPICS.filter(([, re]) => re.test(text)).map(([topic]) => topic);
}

/**
 * Where the prose of a line with moves begins: after its last move token ("1.d4 d5 I object
 * to …" → "I object to …").
 */
function proseStart(line: string): number {
  let at = 0;
  for (const m of line.matchAll(MOVE_TOKENS_RE)) at = m.index + m[0].length;
  return at;
}

const APOLOGY_FOR = /^\s+(?:for|about|to|für|za|за)(?![\p{L}\p{N}])/iu;

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
  negation: wordRe('negation'),
  /**
   * "If 13...Nc6 then 14.Bb5": the condition ends in its sentence ("Beru remízu, pokud zahrajete
   * 3.d4. Jinak hraju 2...Jc6" proposes nothing); the dot of a move number ("If 13. Nf3") is none.
   */
  conditional: new RegExp(
    `${L}(?<if>${alternatives('conditionIf')})\\s+(?<condition>(?:(?!(?<!(?:^|\\s)\\d+)[.!?]\\s+\\p{Lu})[^])+?)\\s*,?\\s+(?<then>${alternatives('conditionThen')})\\s+(?<reply>\\S.*)$`,
    'iu',
  ),
  /**
   * A conditional line in other words: "If 13...Nc6, 14.Bb5", "If 13...Nc6 I will play 14.Bb5",
   * "Conditional: 13...Nc6 14.Bb5", "13...Nc6 14.Bb5 (conditional)". Its moves are what counts.
   */
  conditionalLoose: new RegExp(
    `^\\s*(?:${alternatives('conditionIf')}|${alternatives('conditionLabel')})\\s*:?\\s+(?<condition>\\S.*\\d.*\\s.*\\d.*)$`,
    'iu',
  ),
  /** "If 5.O-O Be7": an "if" and moves alone, one of them numbered (`looseLine`). */
  conditionalMoves: new RegExp(
    `^\\s*(?:${alternatives('conditionIf')})\\s*:?\\s+(?<condition>\\S.*\\d.*)$`,
    'iu',
  ),
  conditionalMarked: new RegExp(
    `^\\s*(?<condition>\\S.*\\d.*\\s.*\\d.*?)\\s*\\(\\s*(?:${alternatives('conditionLabel')})\\s*\\)\\s*$`,
    'iu',
  ),
  note: new RegExp(`^\\s*(?:${alternatives('note')})\\s*:\\s*(?<text>.*)$`, 'iu'),
  td: new RegExp(`^\\s*(?:${alternatives('td')})\\s*:\\s*(?<text>.*)$`, 'iu'),
  /** A note or a line for the TD that starts after the moves of its line: "3.Bb5 a6 Note: …". */
  labelAfter: new RegExp(
    `${L}(?:(?<note>${alternatives('note')})|${alternatives('td')})\\s*:\\s*(?<text>.*)$`,
    'giu',
  ),
  /** The TD named at the start of a line: "Dear TD,", "Panie Sędzio,", "Шановний директоре". */
  tdAddress: new RegExp(
    `^\\s*(?:(?:${alternatives('salutation')})\\s+)?(?:${alternatives('tdAddress')})\\s*(?:[,:!;—–-]|$)`,
    'iu',
  ),
  cancel: wordRe('cancel'),
  planGivenUp: wordRe('planGivenUp'),
};

/** A move-looking token: numbered move, SAN, long algebraic, numeric, castling, figurine. */
const MOVE_TOKEN_RE =
  /\d+\s*\.|(?<![\p{L}])(?:[\p{Lu}♔-♟]{1,2}[a-h]?[1-8]?[x:]?[a-h][1-8]|[a-h][1-8]|[a-h][x:][a-h][1-8]|[1-8]{4,5}|[0O]-[0O](?:-[0O])?)(?![\p{L}])/u;

const CONDITION_IF_RE = new RegExp(`${L}(?:${alternatives('conditionIf')})\\s`, 'giu');

/**
 * A loose conditional line (`RE.conditionalLoose`), or an "if" with moves alone after it, two at
 * least: "If 5.O-O Be7", whose one move number the loose form's two numbers would miss (P-4f).
 */
function looseLine(line: string): RegExpExecArray | null {
  const loose = RE.conditionalLoose.exec(line);
  if (loose) return loose;
  const moves = RE.conditionalMoves.exec(line);
  const tokens = tokenizeMovetext((moves?.groups?.condition ?? '').replace(/[()]/g, ' ')).tokens;
  return moves && tokens.length >= 2 && tokens.every(isMoveToken) ? moves : null;
}

/**
 * Whether the "if" at `at` opens a proposed line after prose of the same line: a sentence of
 * its own ("… I claim a win on time. If 5.O-O Be7 6.Re1 b5") or a clause after a comma or a
 * dash ("4.Ba4 Nf6 - I claim a win on time - if 5.O-O Be7"), with nothing but moves after it
 * ("if 4...Nf6 5.O-O works" is none), and no musing in the words before ("I wonder, if …").
 */
function opensAfterProse(line: string, at: number): boolean {
  const before = line.slice(0, at);
  if (!/(?:\p{L}[.!]|[,;:–—-])\s+$/u.test(before) || museAt(before) >= 0) return false;
  const after = line.slice(at).replace(CONDITION_IF_RE, '');
  const tokens = tokenizeMovetext(after.replace(/[()]/g, ' ')).tokens;
  return tokens.length >= 2 && tokens.every(isMoveToken);
}

/**
 * A proposed line told by the opponent's move it answers, as a plan: "4.Ba4 Nf6 and after 5.O-O
 * I will play Be7", "Po 5.O-O zagram 5...Ge7", "Auf 5.O-O folgt 5...Le7" — read as "if 5.O-O
 * then 5...Be7" (P-4f). Only moves between the words, and after the answer's word; the line
 * starts a clause (after moves, an "and", a comma or a sentence's end). A question, a negation
 * or hindsight ("after 5.O-O I would play Be7", "after 5.O-O I played Be7") proposes nothing.
 */
const CONDITIONAL_AFTER_RE = new RegExp(
  `${L}(?:${alternatives('conditionAfter')})\\s+(?<condition>.+?)\\s*,?\\s+(?:${alternatives('conditionWill')})\\s+(?<reply>[^\\s].*?)\\s*[.!]?\\s*$`,
  'iu',
);
const CLAUSE_OPENS_RE = new RegExp(`(?:^|[.!;,:]|${L}(?:and|und|i|a|oraz|и|і|й|та))\\s*$`, 'iu');

function conditionalAfter(line: string): RegExpExecArray | null {
  const m = CONDITIONAL_AFTER_RE.exec(line);
  if (!m?.groups || /\?/.test(line.slice(m.index)) || RE.negation.test(m[0])) return null;
  // A condition of its own before it: "Unless you object, after 5.O-O I will play Be7".
  const sentence =
    line
      .slice(0, m.index)
      .split(/[.!?;]\s+/u)
      .at(-1) ?? '';
  if (CONDITIONAL.test(sentence)) return null;
  const onlyMoves = (x: string) => {
    const tokens = tokenizeMovetext(x).tokens;
    return tokens.length > 0 && tokens.every(isMoveToken);
  };
  if (!onlyMoves(m.groups.condition ?? '') || !onlyMoves(m.groups.reply ?? '')) return null;
  // What stands before: nothing, moves, or the end of a clause or a sentence.
  const before = line.slice(0, m.index);
  const lead = before.replace(/(?:and|und|i|a|oraz|и|і|й|та)?[\s,;:–—-]*$/iu, '');
  if (!CLAUSE_OPENS_RE.test(before) && !(lead && tokenizeMovetext(lead).tokens.every(isMoveToken)))
    return null;
  return m;
}

/**
 * A loose conditional line after the move it follows, on the same line: "4.Ba4, if 4...Nf6
 * 5.O-O", "12...Nc6; jeśli 13.Gb5 a6" — or opening a sentence of its own after others, as on a
 * line of its own: "4.Ba4 Nf6. I claim a win on time. If 5.O-O Be7 6.Re1 b5". Only moves may
 * stand before the "if" in its sentence, so a sentence that wonders ("I wonder if 4...Nf6 5.O-O
 * works") is none.
 */
function conditionalAfterMoves(line: string): RegExpExecArray | null {
  for (const m of line.matchAll(CONDITION_IF_RE)) {
    const before = line.slice(0, m.index).replace(/[\s,;:–—-]+$/u, '');
    const tokens = before ? tokenizeMovetext(before).tokens : [];
    if ((!tokens.length || !tokens.every(isMoveToken)) && !opensAfterProse(line, m.index)) continue;
    const rest = looseLine(line.slice(m.index));
    if (rest) return Object.assign(rest, { index: m.index + rest.index });
  }
  return null;
}

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
      /** A date written without its year: the mail's day tells which year (`assembleTransmission`). */
      fromDayMonth?: DayMonth;
      toDayMonth?: DayMonth;
    })
  | (CommandBase & { kind: 'conditional'; condition: string; reply: string })
  | (CommandBase & { kind: 'note'; text: string })
  /**
   * For the TD (P-5d): `TD: …`, "Dear TD, …", a protest in words (P-7c), leave taken back
   * ("Please cancel my leave …"); the TD gets the whole mail.
   */
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

/** What a note says for the game as well as to the opponent. */
const IN_NOTE: readonly CommandKind[] = ['draw-offer', 'draw-accept', 'draw-decline', 'resign'];

/**
 * An offer, an acceptance, a refusal or a resignation said plainly in a note ("Note: I offer
 * a draw") counts as one (L-9.1.2.1, L-5.2.3, L-5.1.2): the opponent reads it with the move, so it would
 * mislead them if the game did not know of it. The note is passed on as written.
 */
function saidInNote(text: string, at: LineSpan): Command[] {
  return commandsInLine(text, at.line)
    .filter((c) => IN_NOTE.includes(c.kind))
    .map((c) => ({ ...c, span: at, wholeLine: false }));
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
    const text = (note.groups.text ?? '').trim();
    return [
      { ...base(), kind: 'note', wholeLine: true, text },
      ...saidInNote(text, span(index, 0, line.length)),
    ];
  }
  // A line that names the TD at its start ("Dear TD, …", "Panie Sędzio, …"), or protests or
  // disputes in words of its own ("I protest against this time claim: …"), is for the TD
  // (P-5d), who gets the whole mail; from the claimed player within a claim's window it is
  // their protest (P-7c). Moves on the line stay the player's: only the words are taken.
  const address = RE.tdAddress.exec(line);
  if (address || protestsPlainly(line)) {
    const text = (address ? line.slice(address[0].length) : line).trim();
    if (!tokenizeMovetext(line).tokens.some(isMoveToken))
      return [{ ...base(), kind: 'td-message', wholeLine: true, text }];
    // With moves: the address alone, or the protest from the sentence its word stands in.
    const from = address ? 0 : proseStart(line);
    const to = address ? address[0].length : line.length;
    return [
      {
        kind: 'td-message',
        span: span(index, from, to),
        wholeLine: false,
        raw: line.slice(from).trim(),
        text: address ? text : line.slice(from).trim(),
      },
    ];
  }
  // A note or a line for the TD after the moves of its line ("3.Bb5 a6 Note: nice opening!"):
  // its words to the end of the line; the moves before it are still read.
  for (const label of line.matchAll(RE.labelAfter)) {
    if (!tokenizeMovetext(line.slice(0, label.index)).tokens.some(isMoveToken)) continue;
    const text = (label.groups?.text ?? '').trim();
    const at = span(index, label.index, line.length);
    found.push({
      kind: label.groups?.note ? 'note' : 'td-message',
      span: at,
      wholeLine: false,
      raw: line.slice(label.index).trim(),
      text,
    });
    if (label.groups?.note) found.push(...saidInNote(text, at));
    line = line.slice(0, label.index);
    break;
  }

  // A proposed continuation binds once the opponent plays into it (P-4f): the looser forms
  // are read only when nothing in the line makes it hindsight or a musing ("If only I had …").
  const conditional =
    RE.conditional.exec(line) ??
    (NOT_PROPOSING.test(line)
      ? null
      : (looseLine(line) ??
        RE.conditionalMarked.exec(line) ??
        conditionalAfterMoves(line) ??
        conditionalAfter(line)));
  if (conditional?.groups && MOVE_TOKEN_RE.test(conditional.groups.condition ?? '')) {
    // A line in brackets after the move, "12...Nc6 (if 13.Bb5 a6)": the brackets are no move.
    const opened = /\(\s*$/.test(line.slice(0, conditional.index));
    const start = opened ? line.slice(0, conditional.index).lastIndexOf('(') : conditional.index;
    // What follows the closing bracket (a full stop, a greeting) is no part of the line.
    const unbracket = (x: string | undefined) =>
      (opened ? (x ?? '').replace(/\).*$/su, '') : (x ?? '')).trim();
    found.push({
      kind: 'conditional',
      span: span(index, start, line.length),
      wholeLine: line.slice(0, start).trim() === '',
      raw: line.slice(start).trim(),
      condition: unbracket(conditional.groups.condition),
      reply: unbracket(conditional.groups.reply),
    });
    line = line.slice(0, start);
  }

  const claimed = RE.claim.test(line);
  // A claim cannot be withdrawn and may end the game (L-9.4): never from a question, a
  // negation, a condition or a wish ("I could claim a repetition, but I won't").
  const claiming =
    !/\?/.test(line) &&
    !NOT_CLAIMING.test(line) &&
    !clausesOf(line).some(
      (c) =>
        RE.negation.test(c.text) &&
        [RE.claim, RE.draw, RE.repetition, RE.fiftyMoves].some((re) => re.test(c.text)),
    );
  let claim = false;
  if (claiming && RE.repetition.test(line) && (claimed || RE.draw.test(line))) {
    found.push(whole('claim-repetition'));
    claim = true;
  } else if (
    claiming &&
    RE.fiftyMoves.test(line) &&
    (claimed || RE.draw.test(line) || /rule|zasad|pravidl|regel|правил/iu.test(line))
  ) {
    found.push(whole('claim-fifty-moves'));
    claim = true;
  }

  if (!claim && RE.draw.test(line)) {
    // Accepting ends the game (L-5.2.3): only a clause that accepts plainly ("No problem, I
    // accept the draw", "No to: przyjmuję remis", "Zgoda na remis"), or a sentence that is only
    // "OK" and the draw ("OK, draw."). Otherwise a draw named with a refusal declines ("No draw,
    // thanks", "Draw? No thanks."; with no offer standing a decline changes nothing), and else
    // it may be an offer.
    if (
      !/\?\s*$/.test(line) &&
      !RE.decline.test(line) &&
      ((RE.accept.test(line) && acceptsIn(line)) || assentsIn(line))
    )
      found.push(whole('draw-accept'));
    else if (
      RE.decline.test(line) ||
      RE.negatedAccept.test(line) ||
      (negatesIn(line) && !RE.offer.test(line))
    )
      found.push(whole('draw-decline'));
    else if (offersIn(line)) found.push(whole('draw-offer'));
  }
  if (!claim && !found.some((command) => command.kind === 'draw-offer')) {
    for (const mark of line.matchAll(RE.mark)) {
      // A mark after a move belongs to that move (L-8.1), and the chess reader keeps it there:
      // after the player's own move it offers a draw, after a repeated move of the opponent's
      // it is the opponent's old offer copied with the move, and offers nothing.
      if (MOVE_TOKEN_RE.test(line.slice(0, mark.index))) break;
      found.push({
        kind: 'draw-offer',
        span: span(index, mark.index, mark.index + mark[0].length),
        wholeLine: line.replace(RE.mark, '').trim() === '',
        raw: mark[0],
      });
      break;
    }
  }

  if (RE.resign.test(line) && resignsIn(line)) found.push(whole('resign'));

  // Leave stops the clock in every game of the player (P-8a): only when it is said plainly
  // (`leaveSaid`). Words that take leave back go to the TD, who alone can cancel it.
  if (RE.leave.test(line)) {
    // Whole dates, and days without a year ("vom 1.12. bis 15.12."), in the order written.
    const dates: { start: number; raw: string; date?: string; dayMonth?: DayMonth }[] = [
      ...findDates(line).map((d) => ({
        start: d.start,
        raw: d.raw,
        ...(d.date.ok ? { date: d.date.value } : {}),
      })),
      ...findDayMonths(line).map((d) => ({
        start: d.start,
        raw: d.raw,
        dayMonth: { month: d.month, day: d.day },
      })),
    ].sort((a, b) => a.start - b.start);
    // "20-25 December", "vom 28. bis 31. Dezember": one month for both days. It stands unless
    // two dates of their own are written beside it.
    const range = findDayRanges(line)[0];
    if (range) {
      const beside = dates.filter(
        (d) => d.start >= range.end || d.start + d.raw.length <= range.start,
      );
      if (beside.length < 2)
        dates.splice(
          0,
          dates.length,
          { start: range.start, raw: range.raw, dayMonth: range.from },
          { start: range.start, raw: range.raw, dayMonth: range.to },
        );
    }
    const said = leaveSaid(line, dates);
    if (said === 'taken back') {
      const where = dates.length ? leaveSpan(line, index, dates) : { ...base(), wholeLine: true };
      const text = line.slice(where.span.start, where.span.end).trim();
      found.push({ ...base(), ...where, kind: 'td-message', text });
    } else if (said === 'taken' && dates.length > 0) {
      const leave: Command & { kind: 'leave' } = {
        ...base(),
        ...leaveSpan(line, index, dates),
        kind: 'leave',
      };
      const [first, second] = dates;
      if (first) {
        leave.from = first.raw;
        if (first.date) leave.fromDate = first.date;
        if (first.dayMonth) leave.fromDayMonth = first.dayMonth;
      }
      if (second) {
        leave.to = second.raw;
        if (second.date) leave.toDate = second.date;
        if (second.dayMonth) leave.toDayMonth = second.dayMonth;
      }
      found.push(leave);
    }
  }
  return found;
}

const MOVE_TOKENS_RE = new RegExp(MOVE_TOKEN_RE.source, 'gu');

/**
 * How a line speaks of the sender's leave (P-8a, P-8b): 'taken' when it announces it plainly;
 * 'taken back' when it asks for it to be cancelled or says it will not be taken ("Please cancel
 * my leave 20–27 Dec", "Moje dovolená … se ruší", "I won't be on leave from 20 Dec", "Ich nehme
 * doch keinen Urlaub vom 20.12.", "I had planned leave from 20 Dec"), which is for the TD, who
 * alone can cancel leave; nothing for a question, a condition, a wish or a hedge ("Maybe I take
 * leave from …?") or someone else's leave. A negation in another clause ("Urlop od …, nie będę
 * odpowiadać") changes nothing.
 */
function leaveSaid(
  line: string,
  dates: readonly { start: number; raw: string }[],
): 'taken' | 'taken back' | undefined {
  if (OTHERS_LEAVE.test(line)) return undefined;
  // The dates blanked: their dots end no sentence, their dashes split no clause.
  let text = line;
  for (const d of dates)
    text = text.slice(0, d.start) + 'x'.repeat(d.raw.length) + text.slice(d.start + d.raw.length);
  for (const r of findDayRanges(line))
    text = text.slice(0, r.start) + 'x'.repeat(r.end - r.start) + text.slice(r.end);
  const sentences = sentencesOf(text).filter((s) => RE.leave.test(s));
  if (!sentences.length) return undefined;
  const clauses = sentences.flatMap((s) => s.split(PROSE_CLAUSE_RE));
  // The clause that names the leave with its dates is what takes it or takes it back: a reason
  // beside it ("…, as I can no longer put off my holiday", "…, bo odwołali mi zawody") does not.
  const withDates = clauses.filter((c) => RE.leave.test(c) && /x{3,}/.test(c));
  const own = withDates.length ? withDates : clauses;
  const conditional = sentences.some((s) => CONDITIONAL.test(s));
  // "Please cancel my leave" (a question asks it politely: "Could you cancel my leave?"); not
  // "I won't cancel my leave", "If it rains, I cancel my holiday", nor the verb "I withdraw my
  // offer and leave it at that" (with no dates, the English word must be the noun: "my leave").
  if (own.some((c) => RE.cancel.test(c)) && (dates.length || LEAVE_NOUN.test(text))) {
    const refused = own.some((c) => RE.cancel.test(c) && RE.negation.test(c));
    return refused || conditional ? undefined : 'taken back';
  }
  if (
    conditional ||
    (withDates.length ? own.some((c) => NOT_LEAVING.test(c)) : NOT_LEAVING.test(line)) ||
    sentences.some((s) => /\?/.test(s))
  )
    return undefined;
  if (sentences.some((s) => HEDGED.test(s))) return undefined;
  // Refused or given up in its own clause: a negation or a plan given up just before the leave
  // ("I will not take leave", "keinen Urlaub", "I had planned leave"), or a verb's negation
  // after it ("Urlaub vom … bis … nehme ich nicht"); not "I won't be able to reply during my
  // holiday from …", "Vacation from … with no internet".
  const refused = clauses.some(
    (c) =>
      RE.leave.test(c) &&
      (justBeforeLeave(RE.negation, c) ||
        justBeforeLeave(RE.planGivenUp, c) ||
        VERB_NEGATION.test(c.slice(RE.leave.exec(c)!.index))),
  );
  if (refused) return dates.length ? 'taken back' : undefined;
  return 'taken';
}

/** Whether a word of `re` stands at most three words before the leave word of `clause` (or holds it). */
function justBeforeLeave(re: RegExp, clause: string): boolean {
  const leave = RE.leave.exec(clause)!;
  return [...clause.matchAll(new RegExp(re.source, 'giu'))].some((m) => {
    if (m.index > leave.index) return false;
    const end = m.index + m[0].length;
    return end > leave.index || (clause.slice(end, leave.index).match(/\S+/gu)?.length ?? 0) <= 3;
  });
}

/**
 * What leave takes from its line: all of it, unless a move stands beside it ("1.e4 e5. Leave
 * from 20.12. to 28.12.", "4.Ba4 — Urlaub vom 1.12. bis 15.12."): then its own words, from the
 * start of its clause (after the last sentence end or move before it) to its last date.
 */
function leaveSpan(
  line: string,
  index: number,
  dates: readonly { start: number; raw: string }[],
): Pick<CommandBase, 'span' | 'wholeLine'> {
  const whole = { span: span(index, 0, line.length), wholeLine: true };
  const keyword = RE.leave.exec(line);
  if (!keyword) return whole;
  const used = dates.slice(0, 2);
  const inDate = (at: number) => dates.some((d) => at >= d.start && at < d.start + d.raw.length);
  let start = Math.min(keyword.index, used[0]!.start);
  let end = Math.max(keyword.index + keyword[0].length, ...used.map((d) => d.start + d.raw.length));
  end += /^[.!;]?/.exec(line.slice(end))![0].length;
  let clause = 0;
  const before = line.slice(0, start);
  for (const m of before.matchAll(/[.!?;:—–]\s+/gu)) clause = m.index + m[0].length;
  for (const m of before.matchAll(MOVE_TOKENS_RE))
    if (!inDate(m.index)) clause = Math.max(clause, m.index + m[0].length);
  start = clause;
  // A move outside the leave's words, its dates blanked (a date looks like a move number)?
  const outside = line
    .split('')
    .map((ch, i) => ((i >= start && i < end) || inDate(i) ? ' ' : ch))
    .join('');
  if (!MOVE_TOKEN_RE.test(outside)) return whole;
  return { span: span(index, start, end), wholeLine: false };
}

// ---- the commands that end a game: read only when they say so plainly ----

/** The clauses of a line: split at sentence ends, semicolons and commas. */
const clausesOf = (line: string): { text: string; question: boolean }[] =>
  [...line.matchAll(/[^.!?;,]+[.!?;,]*/gu)].map((m) => ({
    text: m[0]
      .replace(/[.!?;,]+$/u, '')
      .replace(/[^\p{L}\p{N}\s'’-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase(),
    question: /\?/.test(m[0]),
  }));

/**
 * The words that may stand around a resignation in its clause: who says it, when, and what —
 * "I", "hereby", "so", "sadly", "this game", "now", "thanks" — in the six languages.
 */
const RESIGN_AROUND = [
  // who and how
  'i',
  'ich',
  'habe',
  'я',
  'ja',
  'já',
  'hereby',
  'herewith',
  'hiermit',
  'niniejszym',
  'tímto',
  'цим',
  'настоящим',
  'so',
  'well',
  'ok',
  'okay',
  'then',
  'now',
  'here',
  'alas',
  'sadly',
  'unfortunately',
  'leider',
  'niestety',
  'bohužel',
  'жаль',
  'на',
  'к',
  'сожалению',
  'also',
  'dann',
  'więc',
  'tak',
  'takže',
  'тож',
  'итак',
  'jetzt',
  'teraz',
  'teď',
  'nyní',
  'сейчас',
  'зараз',
  'and',
  'und',
  'a',
  'и',
  'і',
  'się',
  'se',
  'gebe',
  'auf',
  // what, and the courtesies around it
  'this',
  'the',
  'game',
  'die',
  'das',
  'partie',
  'spiel',
  'partię',
  'partii',
  'grę',
  'hru',
  'партию',
  'партію',
  'игру',
  'гру',
  'with',
  'for',
  'za',
  'für',
  'за',
  'nice',
  'fine',
  'good',
  'great',
  'played',
  'thanks',
  'danke',
  'dziękuję',
  'děkuji',
  'спасибо',
  'дякую',
  'congratulations',
  'gratuluję',
  'gratuliere',
  'gratuluji',
  'поздравляю',
  'вітаю',
];
const RESIGN_PLAIN = new RegExp(
  `^(?:(?:${RESIGN_AROUND.join('|')})\\s+)*(?:${[
    'resign',
    'resigns',
    'resigned',
    'give up',
    'aufgegeben',
    'poddaję',
    'poddaje',
    'rezygnuję',
    'vzdávám',
    'gebe',
    'сдаюсь',
    'сдаю',
    'здаюсь',
    'здаюся',
    'здаю',
    'uznaję (?:swoją )?porażkę',
    'визнаю (?:свою )?поразку',
  ].join('|')})(?:\\s+(?:${RESIGN_AROUND.join('|')}))*$`,
  'u',
);

/**
 * Whether a line resigns (L-5.1.2), which ends the game at once: only a clause that is the
 * resignation itself, in the first person and plainly ("I resign", "Poddaję się", "Ich gebe die
 * Partie auf", "Сдаюсь", with "thanks", "hereby", "this game" around it) — never a question, a
 * wish, a joke at the opponent or news of another game ("Should I resign?", "You should resign
 * :)", "Maybe I resign next week", "My friend resigned", "Ich gebe nicht auf").
 */
function resignsIn(line: string): boolean {
  // A condition or a hedge anywhere in its sentence makes it no resignation, as for a draw
  // accepted: "Jeśli stracę wieżę, poddaję się", "Якщо втрачу ферзя, здаюся", "Мабуть, здаюся".
  const plain = sentencesOf(line).filter((s) => !NOT_PLAIN.test(s));
  return plain.flatMap(clausesOf).some(
    (c) =>
      !c.question &&
      // "thank you" is a courtesy; "you" alone is not ("You resign!" is said to the opponent).
      RESIGN_PLAIN.test(c.text.replace(/\bthank you\b/g, 'thanks')) &&
      !RE.negation.test(c.text),
  );
}

/**
 * Words that make a clause a condition, a wish or a question about a draw, not an acceptance;
 * "zpět" takes back ("Beru zpět …"), it does not take.
 */
const NOT_ACCEPTING = anyWordOf(
  ['conditionIf', 'conditionOther', 'negation', 'hedge', 'musing', 'wish', 'whether'],
  ['later', "i'd", 'i’d', "we'd", 'we’d', 'zpět'],
);

/** The Polish and Czech words that accept or offer a draw ("przyjmuję", "beru", "proponuję"). */
const SLAVIC_BINDING = [
  ...KEYWORDS.accept.pl,
  ...KEYWORDS.accept.cs,
  ...KEYWORDS.offer.pl,
  ...KEYWORDS.offer.cs,
].join('|');

/**
 * The Polish and Czech "no" that opens a clause is no negation but a filler, "well" ("No to:
 * przyjmuję remis", "No więc proponuję remis", "No tak beru remízu"): it is taken off a clause
 * whose own words then accept or offer in Polish or Czech, or that goes on with a Polish or
 * Czech "then", "so" before their draw ("No to remis", which then accepts nothing either: it is
 * not said plainly). An English "no" is never followed by those words, so "No draw", "No, I
 * don't accept the draw", "No, remis" and "Nie przyjmuję remisu" (a negation of its own) still
 * refuse, and "No to a draw" is still a "no".
 */
const FILLER_NO = new RegExp(
  `^no\\s+(?=.*${L}(?:${SLAVIC_BINDING})${R}|(?:to|więc|cóż|tak|dobrze|dobra|dobře|jo)\\s+(?:.*\\s)?(?:${[...KEYWORDS.draw.pl, ...KEYWORDS.draw.cs].join('|')})${R})`,
  'iu',
);

/** A clause's words without a leading filler "No" (see FILLER_NO). */
const withoutFiller = <C extends { text: string }>(clause: C): C => ({
  ...clause,
  text: clause.text.replace(FILLER_NO, ''),
});

/** Words that make a sentence about a draw a report of the past or of another game. */
const ELSEWHERE = anyWordOf(['elsewhere']);

/** A farewell or a wish that opens a clause: "see you in the next round", "powodzenia". */
const FAREWELL = new RegExp(`^\\s*(?:${alternatives('farewell')})${R}`, 'iu');

/**
 * A sentence less the farewells that follow what it says ("I accept the draw, see you in the
 * next round." → "I accept the draw,"): a clause after the first that opens with a farewell
 * word and names no draw. Its "next round" is no report of another game.
 */
const withoutFarewells = (sentence: string): string =>
  sentence
    .split(/(?<=[,;:])\s+|\s+(?=[-–—]+\s)/u)
    .filter((clause, i) => {
      const words = clause.replace(/^[-–—\s]+/u, '');
      return i === 0 || !FAREWELL.test(words) || RE.draw.test(words);
    })
    .join(' ');

/**
 * The clauses (see clausesOf) of the sentences of a line that are about now and this game: a
 * sentence about the past or another game neither offers nor accepts a draw. A farewell after
 * what the sentence says ("…, see you in the next round") looks ahead, and reports nothing.
 */
const clausesNow = (line: string) =>
  [...line.matchAll(/[^.!?;]+[.!?;]*/gu)]
    .map((m) => m[0])
    .filter((sentence) => !ELSEWHERE.test(withoutFarewells(sentence)))
    .flatMap(clausesOf);

/**
 * Whether a line accepts a draw (L-5.2.3): a clause with the acceptance, plainly meant, in a
 * sentence about now and this game ("I accepted a draw in round 2" accepts nothing).
 */
function acceptsIn(line: string): boolean {
  // A condition or a hedge anywhere in its sentence makes an acceptance not plain: "Beru
  // remízu, pokud zahrajete 3.d4", "Zgoda na remis, jeśli zagrasz 3.d4", "Мабуть, приймаю
  // нічию". Only the other sentences of the line may accept.
  const plain = sentencesOf(line)
    .filter((s) => !NOT_PLAIN.test(s) && !NOT_NOW.test(s))
    .join(' ');
  const clauses = clausesNow(plain).map(withoutFiller);
  // An acceptance refused in another clause is not said plainly ("Zgoda, ale remisu nie
  // przyjmuję"), nor one beside a draw refused ("Zgoda, gram dalej. Remisu nie chcę."): the
  // line is read as the refusal.
  if (clauses.some((c) => RE.negatedAccept.test(c.text))) return false;
  if (clausesNow(line).some((c) => RE.draw.test(c.text) && RE.negation.test(withoutFiller(c).text)))
    return false;

  // A bare assent beside an offer of the sender's own goes with something else: "Zgoda,
  // proponuję remis", "OK, agreed, I offer a draw" offer; "Agreed, draw" accepts.
  const offering = clauses.some(
    (c) =>
      !c.question &&
      RE.draw.test(c.text) &&
      RE.offer.test(c.text) &&
      !RE.accept.test(c.text) &&
      !YOURS.test(c.text),
  );
  return clauses.some(
    (c) =>
      !c.question &&
      RE.accept.test(c.text) &&
      !NOT_ACCEPTING.test(c.text) &&
      (RE.draw.test(c.text) || !offering),
  );
}

/**
 * Whether a clause of the line negates (a filler "No" is none, see FILLER_NO) in a sentence
 * that is no condition: "Принимаю ничью, если вы не против" declines nothing.
 */
const negatesIn = (line: string): boolean =>
  sentencesOf(line)
    .filter((s) => !CONDITIONAL.test(s))
    .flatMap(clausesOf)
    .some((c) => RE.negation.test(withoutFiller(c).text));

/** The word of a short assent, "OK". */
const ASSENT = new Set(['ok', 'okay', 'ок', 'окей']);

/** What a short assent may hold besides "OK" and the draw: "OK, then draw, thanks". */
const ASSENT_AROUND = new Set([
  'a',
  'the',
  'then',
  'fine',
  'yes',
  'thanks',
  'dann',
  'also',
  'ja',
  'gut',
  'danke',
  'to',
  'więc',
  'tak',
  'dobrze',
  'dziękuję',
  'dzięki',
  'ano',
  'dobře',
  'děkuji',
  'díky',
  'да',
  'хорошо',
  'спасибо',
  'так',
  'добре',
  'дякую',
]);

/**
 * Whether a line accepts a draw with a short "OK" (L-5.2.3): a sentence of its own that is only
 * the assent and the draw ("OK, draw.", "Ok, remis!", "Remis, okay.") — never a question ("Ok,
 * remis?"), a sentence with anything more in it ("OK, I offer a draw", "OK, no draw"), nor a
 * line that offers one.
 */
function assentsIn(line: string): boolean {
  return (
    [...line.matchAll(/[^.!?;]+[.!?;]*/gu)].some((m) => {
      if (/\?/.test(m[0])) return false;
      const words = clausesOf(m[0]).flatMap((c) => c.text.split(' ').filter(Boolean));
      return (
        words.some((w) => ASSENT.has(w)) &&
        words.some((w) => RE.draw.test(w)) &&
        words.every((w) => ASSENT.has(w) || ASSENT_AROUND.has(w) || RE.draw.test(w))
      );
    }) && !offersIn(line)
  );
}

/** Words that make a draw named in a statement the opponent's ("thanks for your offer"). */
const YOURS = anyWordOf(['yours']);

/**
 * Words that make a line a condition or a wish about a claim, not a claim (a negation counts only
 * in the clause of the claim: "I claim a draw by repetition, no doubt" claims).
 */
const NOT_CLAIMING = anyWordOf(['conditionIf', 'conditionOther', 'hedge', 'wish', 'modal']);

/** What a question offering a draw may hold besides the word draw: "Draw?", "A draw, maybe?" */
const OFFER_QUESTION_WORDS = new Set([
  'a',
  'the',
  'you',
  'would',
  'want',
  'like',
  'do',
  'how',
  'about',
  'what',
  'shall',
  'we',
  'agree',
  'maybe',
  'perhaps',
  'ok',
  'okay',
  'so',
  'then',
  'and',
  'czy',
  'chcesz',
  'chce',
  'pan',
  'pani',
  'może',
  'wollen',
  'sie',
  'möchten',
  'ein',
  'vielleicht',
  'chcete',
  'možná',
  'хотите',
  'хочете',
  'может',
  'може',
  'на',
  'agreed',
]);

/**
 * Whether a line offers a draw in words (L-9.1.2.1), which binds: a clause with an offer word
 * and the draw that is not negated, conditional or wished ("Don't offer me a draw"), or a
 * question that asks for one ("Would you accept a draw?", "Remis?") — not one about the
 * position ("Is this position a draw?").
 */
function offersIn(line: string): boolean {
  // "Draw offered." on its own is the offer, as a scoresheet writes it — not a report of one.
  if ([...line.matchAll(/[^.!?;]+[.!?;]*/gu)].some((m) => DRAW_OFFERED.test(m[0]))) return true;
  // An offer cannot be withdrawn (L-9.1.2.1): none from a sentence about the past or another
  // game, nor from a statement about the opponent's offer ("Thanks for your draw offer, but …").
  return clausesNow(line)
    .map(withoutFiller)
    .some((c) => {
      if (!RE.draw.test(c.text) || RE.negation.test(c.text)) return false;
      if (!c.question)
        return RE.offer.test(c.text) && !NOT_ACCEPTING.test(c.text) && !YOURS.test(c.text);
      return (
        RE.offer.test(c.text) ||
        RE.accept.test(c.text) ||
        c.text.split(' ').every(
          (w) => OFFER_QUESTION_WORDS.has(w) || RE.draw.test(w) || /\d|^[o0]-[o0]/.test(w), // moves
        )
      );
    });
}

const DRAW_OFFERED = /^\s*(?:a\s+)?draw\s+(?:is\s+)?offered\s*[.!]?\s*$/iu;

/** Words that make a line about leave a condition or a wish, not an announcement (P-8b). */
const NOT_LEAVING = anyWordOf(['conditionIf', 'wish', 'whether']);

/** Someone else's leave: it does not stop the sender's clock (P-8a). */
const OTHERS_LEAVE = anyWordOf(['othersLeave']);

/** Words that make a sentence about leave a condition. */
const CONDITIONAL = anyWordOf(['conditionIf', 'conditionOther']);

/** Words that hedge a sentence about leave: it muses, it announces nothing. */
const HEDGED = anyWordOf(['hedge']);

/** Leave named as such: the English "leave" only as a noun ("my leave", "on leave"). */
const LEAVE_NOUN = new RegExp(
  `${L}(?:(?:my|the|this|that|on|of)\\s+leave|${Object.values(KEYWORDS.leave)
    .flat()
    .filter((w) => !w.includes('leave'))
    .join('|')})${R}`,
  'iu',
);

/** A negation of a verb, said after the word it negates ("Urlaub … nehme ich nicht"). */
const VERB_NEGATION = new RegExp(
  `${L}(?:${Object.values(KEYWORDS.negation)
    .flat()
    .filter((w) => !['no', 'nein', 'нет', 'ні', 'немає', 'kein\\p{L}*'].includes(w))
    .join('|')})${R}`,
  'iu',
);

/** Words of hindsight or musing that keep a line with "if" and moves from being a proposal. */
const NOT_PROPOSING = new RegExp(
  `${L}(?:${[
    'only',
    'had',
    'have',
    'would',
    'could',
    'should',
    'might',
    'maybe',
    'perhaps',
    'was',
    'were',
    'did',
    'better',
    'mistake',
    'gdybym',
    'gdyby',
    'byłoby',
    'może',
    'kdybych',
    'kdyby',
    'možná',
    'hätte',
    'wäre',
    'vielleicht',
    'бы',
    'если бы',
    'якби',
    'може',
  ].join('|')})${R}`,
  'iu',
);
