import { describe, expect, it } from 'vitest';
import {
  appealsIn,
  appealTopicsIn,
  asksForPgn,
  asksOfTimeIn,
  type Command,
  claimsTimeIn,
  findCommands,
} from '../../src/mail/keywords.ts';

const kinds = (text: string): string[] => findCommands(text).map((command) => command.kind);

describe('findCommands', () => {
  const cases: [string, string, string[]][] = [
    // A mark after a move stays with the move for the chess reader (L-8.1); alone, it offers.
    ['L-8.1 draw mark with a numeric move', '12. 5878 (=)', []],
    ['L-8.1 draw mark with SAN', '12...Nf6 (=)', []],
    ['L-8.1 draw mark on its own line', '(=)', ['draw-offer']],
    ['L-9.1.2.1 offer, English', 'I offer a draw.', ['draw-offer']],
    ['L-9.1.2.1 offer as a scoresheet writes it', 'Draw offered.', ['draw-offer']],
    ['L-9.1.2.1 offer, Czech noun', 'Návrh remízy.', ['draw-offer']],
    ['L-9.1.2.1 offer as a question', 'Would you like a draw?', ['draw-offer']],
    ['L-9.1.2.1 an offer of another game is none', 'I offered a draw in round 2.', []],
    ['L-9.1.2.1 offer as a question', 'Would you accept a draw?', ['draw-offer']],
    ['L-9.1.2.1 offer, Polish', 'Proponuję remis.', ['draw-offer']],
    ['L-9.1.2.1 offer, Czech', 'Nabízím remízu.', ['draw-offer']],
    ['L-9.1.2.1 offer, German', 'Ich biete Remis an.', ['draw-offer']],
    ['L-9.1.2.1 offer, Russian', 'Предлагаю ничью.', ['draw-offer']],
    ['L-9.1.2.1 offer, Ukrainian', 'Пропоную нічию.', ['draw-offer']],
    ['L-5.2.3 accept, English', 'I accept your draw offer.', ['draw-accept']],
    ['L-5.2.3 accept, Polish', 'Przyjmuję remis.', ['draw-accept']],
    ['L-5.2.3 accept, Czech', 'Přijímám remízu.', ['draw-accept']],
    ['L-5.2.3 accept, German compound', 'Ich nehme Ihr Remisangebot an.', ['draw-accept']],
    ['L-5.2.3 accept, Russian', 'Принимаю ничью.', ['draw-accept']],
    ['L-5.2.3 accept, Ukrainian', 'Приймаю нічию.', ['draw-accept']],
    // L-9.1.2.1: an offer cannot be withdrawn — none from talk about the opponent's offer, the
    // past or another game; L-5.2.3: nor an acceptance from the past, a wish or another game.
    [
      'no offer: thanks for the opponent’s',
      'Thanks for your draw offer, but I want to play on.',
      [],
    ],
    ['no offer: a change of mind', 'I was going to offer a draw but changed my mind.', []],
    ['no offer: the past', 'I offered a draw last time, remember?', []],
    ['no offer: German thanks', 'Danke für das Remisangebot, aber ich spiele weiter.', []],
    ['no offer: Polish, the opponent’s', 'Dziękuję za propozycję remisu, gram dalej.', []],
    ['no offer: another game', 'I saw your draw offer in the other game.', []],
    [
      'offer, then another sentence',
      'I offer you a draw. See you in the other game!',
      ['draw-offer'],
    ],
    ['no acceptance: the past', 'I accepted a draw in round 2.', []],
    ['no acceptance: another game', 'I accept the draw offer in our other game.', []],
    ['no acceptance: game 3', 'Agreed, draw is fair in game 3.', []],
    ['no acceptance: Polish, another game', 'Przyjmuję remis w drugiej partii.', []],
    ['acceptance: agreed', 'Agreed, draw.', ['draw-accept']],
    ['acceptance: Russian, to a friend', 'Спасибо, друг, принимаю ничью.', ['draw-accept']],
    ['no acceptance: Russian, another game', 'Принимаю ничью в другой партии.', []],
    // L-5.2.3: a farewell after the acceptance looks ahead to another round; it reports no
    // other game, so the draw accepted before it is this game's.
    ...(
      [
        ['en', 'I accept the draw, see you in the next round.'],
        ['en', 'I accept the draw, good luck in your other games!'],
        ['pl', 'Przyjmuję remis, do zobaczenia w następnej rundzie.'],
        ['cs', 'Přijímám remízu, uvidíme se v dalším kole.'],
        ['de', 'Remis angenommen, bis zur nächsten Runde!'],
        ['uk', 'Приймаю нічию, до зустрічі в наступному турі.'],
      ] as const
    ).map(([lang, line]): [string, string, string[]] => [
      `L-5.2.3 acceptance with a farewell to the next round, ${lang}`,
      line,
      ['draw-accept'],
    ]),
    [
      'no acceptance: the past, with a farewell',
      'I accepted the draw in the last round, see you in the next one.',
      [],
    ],
    [
      'no acceptance: another game, with a farewell',
      'In the other game I accept the draw, see you in the next round.',
      [],
    ],
    [
      'no acceptance: a condition, with a farewell',
      'I accept the draw if you play 5.O-O, see you in the next round.',
      [],
    ],
    [
      'decline: a negation, with a farewell',
      "I don't accept the draw, see you in the next round.",
      ['draw-decline'],
    ],
    [
      'no acceptance: a farewell that names the draw of another round',
      'I accept, see you at the draw for the next round.',
      [],
    ],
    ['decline, English', 'I decline the draw offer.', ['draw-decline']],
    ['decline by negation, English', 'I do not accept the draw.', ['draw-decline']],
    ['decline by negation, Polish genitive', 'Nie przyjmuję remisu.', ['draw-decline']],
    ['decline, Czech', 'Odmítám remízu.', ['draw-decline']],
    ['decline, German', 'Ich lehne das Remis ab.', ['draw-decline']],
    ['decline, Russian', 'Отклоняю ничью.', ['draw-decline']],
    ['decline, Ukrainian', 'Не приймаю нічию.', ['draw-decline']],
    // L-5.2.3: the Polish and Czech filler "No" ("well") is no negation of the acceptance after
    // it; an English "No", a "No" alone before the draw and a negation of its own still refuse.
    ['L-5.2.3 accept after a Polish filler "No to:"', 'No to: przyjmuję remis.', ['draw-accept']],
    ['L-5.2.3 accept after a Polish filler "No,"', 'No, przyjmuję remis.', ['draw-accept']],
    ['L-5.2.3 accept after a Polish filler "No więc"', 'No więc przyjmuję remis.', ['draw-accept']],
    ['L-5.2.3 accept after a Polish filler, "biorę"', 'No to biorę remis.', ['draw-accept']],
    ['L-5.2.3 accept after a Czech filler "No,"', 'No, beru remízu.', ['draw-accept']],
    ['L-5.2.3 accept after a Czech filler "No tak"', 'No tak beru remízu.', ['draw-accept']],
    ['L-9.1.2.1 offer after a Polish filler', 'No to proponuję remis.', ['draw-offer']],
    ['L-5.2.3 a filler and the draw alone is no acceptance, nor a refusal', 'No to remis.', []],
    [
      'L-5.2.3 decline after a filler: a negation of its own',
      'No to nie przyjmuję remisu.',
      ['draw-decline'],
    ],
    [
      'L-5.2.3 decline, English "No," before a refusal',
      "No, I don't accept the draw",
      ['draw-decline'],
    ],
    ['L-5.2.3 decline, English "No draw"', 'No draw', ['draw-decline']],
    ['L-5.2.3 decline, English "No to a draw"', 'No to a draw.', ['draw-decline']],
    ['L-5.2.3 decline, "No," alone before the draw', 'No, remis.', ['draw-decline']],
    ['L-5.2.3 decline, Czech "Ne,"', 'Ne, remízu nepřijímám.', ['draw-decline']],
    ['L-5.2.3 decline, Czech "neberu"', 'Remízu neberu.', ['draw-decline']],
    ['L-5.2.3 decline, Czech "nesouhlasím"', 'Nesouhlasím s remízou.', ['draw-decline']],
    ['L-5.2.3 "No, thanks" names no draw: nothing to read', 'No, thanks', []],
    // L-5.2.3: common acceptances, each sent while the opponent's offer stood.
    ['L-5.2.3 accept, Polish "Zgoda"', 'Zgoda na remis, dziękuję za grę!', ['draw-accept']],
    ['L-5.2.3 accept, Polish "Wyrażam zgodę"', 'Wyrażam zgodę na remis.', ['draw-accept']],
    ['L-5.2.3 accept, Polish, the verb last', 'Remis akceptuję', ['draw-accept']],
    ['L-5.2.3 accept, Polish, the proposal', 'Przyjmuję propozycję remisu', ['draw-accept']],
    ['L-5.2.3 accept, Ukrainian "Згода"', 'Згода на нічию.', ['draw-accept']],
    ['L-5.2.3 accept, Ukrainian "Згода" after the draw', 'Нічия, згода.', ['draw-accept']],
    ['L-5.2.3 accept, Ukrainian "Згоден"', 'Згоден на нічию', ['draw-accept']],
    ['L-5.2.3 accept, Czech "Beru"', 'Beru remízu.', ['draw-accept']],
    ['L-5.2.3 accept, Czech "beru" last', 'Remízu tedy beru.', ['draw-accept']],
    ['L-5.2.3 accept, Czech "Souhlasím"', 'Souhlasím s remízou', ['draw-accept']],
    ['L-5.2.3 accept, English "OK"', 'OK, draw. Thanks for the game.', ['draw-accept']],
    ['L-5.2.3 accept, Polish/German "Ok"', 'Ok, remis.', ['draw-accept']],
    ['L-5.2.3 accept, German "okay" last', 'Remis, okay.', ['draw-accept']],
    ['L-5.2.3 accept, German "angenommen"', 'Remis angenommen', ['draw-accept']],
    ['L-5.2.3 accept, German "nehme an"', 'Ich nehme das Remis an', ['draw-accept']],
    ['L-5.2.3 accept, German "Einverstanden"', 'Einverstanden, remis', ['draw-accept']],
    ['L-5.2.3 accept, English "agree to"', 'I agree to a draw', ['draw-accept']],
    ['L-5.2.3 accept, English "Draw agreed"', 'Draw agreed', ['draw-accept']],
    ['L-5.2.3 accept, English "Agreed, draw"', 'Agreed, draw', ['draw-accept']],
    // None of those words makes an offer, a question or a refusal an acceptance.
    ['L-9.1.2.1 "Zgoda" beside an offer of one’s own', 'Zgoda, proponuję remis.', ['draw-offer']],
    ['L-9.1.2.1 "Agreed" beside an offer of one’s own', 'Agreed, I offer a draw.', ['draw-offer']],
    ['L-9.1.2.1 "OK" before an offer', 'OK, I offer a draw.', ['draw-offer']],
    ['L-9.1.2.1 "Zgoda?" after an offer', 'Proponuję remis, zgoda?', ['draw-offer']],
    ['L-9.1.2.1 Czech "beru" takes a piece', 'Beru věž na e5 a nabízím remízu.', ['draw-offer']],
    ['L-9.1.2.1 Polish "biorę" takes a piece', 'Biorę wieżę i proponuję remis.', ['draw-offer']],
    ['L-5.2.3 a question is no acceptance', 'Do you accept a draw?', ['draw-offer']],
    ['L-5.2.3 a question, Polish "Zgoda"', 'Zgoda na remis?', ['draw-offer']],
    ['L-5.2.3 a question with "OK"', 'OK, draw?', ['draw-offer']],
    ['L-5.2.3 "OK" with a refusal', 'Ok, no draw.', ['draw-decline']],
    ['L-5.2.3 "OK" about another game', 'OK, draw in the other game.', []],
    ['L-5.2.3 "Zgoda" about another game', 'Zgoda na remis w drugiej partii.', []],
    ['L-5.2.3 Czech "beru zpět" takes back', 'Beru zpět nabídku remízy.', []],
    ['L-5.2.3 decline, Polish "Nie zgadzam się"', 'Nie zgadzam się na remis', ['draw-decline']],
    [
      'L-5.2.3 decline, Polish "Nie wyrażam zgody"',
      'Nie wyrażam zgody na remis.',
      ['draw-decline'],
    ],
    [
      'L-5.2.3 decline, Polish, "Zgoda" then a refusal',
      'Zgoda, ale remisu nie przyjmuję.',
      ['draw-decline'],
    ],
    ['L-5.2.3 decline, Ukrainian "Не згоден"', 'Не згоден на нічию', ['draw-decline']],
    ['L-5.2.3 decline, Ukrainian "Не даю згоду"', 'Не даю згоду на нічию.', ['draw-decline']],
    ['L-5.2.3 decline, English "do not agree"', 'I do not agree to a draw', ['draw-decline']],
    ['L-5.1.2 resign, English', 'I resign. Thank you for the game.', ['resign']],
    ['L-5.1.2 resign, Polish', 'Poddaję się.', ['resign']],
    ['L-5.1.2 resign, Czech', 'Vzdávám.', ['resign']],
    ['L-5.1.2 resign, German', 'Ich gebe die Partie auf.', ['resign']],
    ['L-5.1.2 resign, Russian', 'Сдаюсь.', ['resign']],
    ['L-5.1.2 resign, Ukrainian', 'Здаюся.', ['resign']],
    ['L-5.1.2 not resigning', 'I will not resign yet!', []],
    ['L-5.1.2 resign with courtesies', 'I resign and thank you for the game', ['resign']],
    ['L-5.1.2 resign after thanks', 'Thanks for the game, I resign.', ['resign']],
    ['L-5.1.2 resign, English, formal', 'I hereby resign the game.', ['resign']],
    ['L-5.1.2 resign, German, formal', 'Hiermit gebe ich die Partie auf.', ['resign']],
    ['L-5.1.2 resign, Polish, with congratulations', 'Poddaję partię, gratuluję!', ['resign']],
    ["L-5.1.2 resign, German, a score sheet's word", 'Aufgegeben.', ['resign']],
    ['L-5.1.2 resign, German, perfect', 'Ich habe aufgegeben.', ['resign']],
    ["L-5.1.2 resign, English, a score sheet's word", 'Resigns.', ['resign']],
    ['L-5.1.2 not resigning, German perfect', 'Ich habe nicht aufgegeben.', []],
    ['L-5.1.2 not resigning, past wish', 'I would have resigned', []],
    // Resigning ends the game at once: never from a negation, a question, a wish, a joke at the
    // opponent or news of another game.
    ['L-5.1.2 German negation inside the phrase', 'Ich gebe nicht auf', []],
    ['L-5.1.2 a question answered', 'Should I resign? Never.', []],
    ['L-5.1.2 said to the opponent', 'You should resign :)', []],
    ['L-5.1.2 said to the opponent, short', 'You resign!', []],
    ['L-5.1.2 a wish', 'Maybe I resign next week', []],
    ['L-5.1.2 a question', 'Did you resign?', []],
    ['L-5.1.2 another game', 'My friend resigned his game yesterday', []],
    ['L-5.1.2 a condition', 'I will resign if I lose the queen', []],
    // "Uznaję porażkę", "Визнаю поразку" ("I concede the loss") resign as plainly as "Poddaję
    // się", "Здаюся"; a condition or a hedge anywhere in the sentence, or a question, does not.
    ['L-5.1.2 resign, Polish "uznaję porażkę"', 'Uznaję porażkę, gratuluję!', ['resign']],
    ['L-5.1.2 resign, Ukrainian "визнаю поразку"', 'Визнаю свою поразку. Вітаю!', ['resign']],
    ['L-5.1.2 a question, Ukrainian "визнаю поразку"', 'Визнаю поразку?', []],
    ['L-5.1.2 another game, Polish', 'Uznaję porażkę w drugiej partii.', []],
    ['L-5.1.2 a condition before, Polish', 'Jeśli stracę wieżę, uznaję porażkę.', []],
    ['L-5.1.2 a condition before, Polish "poddaję się"', 'Jeśli stracę wieżę, poddaję się.', []],
    ['L-5.1.2 a condition after, Ukrainian', 'Здаюся, якщо не знайду захисту.', []],
    ['L-5.1.2 a condition before, English', 'If I lose the rook, I resign.', []],
    ['L-5.1.2 a hedge, Ukrainian', 'Мабуть, визнаю поразку.', []],
    ['L-5.1.2 a hedge, Ukrainian "здаюся"', 'Мабуть, здаюся.', []],
    [
      'L-5.1.2 a condition in another sentence',
      'Gratuluję. Poddaję się. Jeśli chcesz, zagrajmy rewanż.',
      ['resign'],
    ],
    ['L-5.2.3 accept after a question', 'Draw? Yes, I accept.', ['draw-accept']],
    ['L-5.2.3 refusal with won’t is a decline', "I won't accept a draw", ['draw-decline']],
    ['L-5.2.3 a condition is no acceptance', 'If you offer a draw I accept the draw', []],
    ['L-5.2.3 a wish is no acceptance', 'Maybe I would accept a draw later', []],
    ['L-5.2.3 a refusal beside an assent', 'Zgoda, gram dalej. Remisu nie chcę.', ['draw-decline']],
    ['L-5.2.3 an acceptance put off', 'Zgoda na remis po 40. ruchu', []],
    ['L-5.2.3 an acceptance put off, Czech', 'Beru remízu, až zahrajete 30. tah', []],
    ['L-5.2.3 only thought about', 'Biorę remis pod uwagę, ale gram dalej', []],
    ['L-5.2.3 later, Ukrainian', 'Згоду на нічию дам пізніше', []],
    // An offer binds (L-9.1.2.1), a claim cannot be withdrawn (L-9.4): read only when meant.
    ['L-9.1.2.1 offer as a short question', '13.Bd3 Draw?', ['draw-offer']],
    ['L-9.1.2.1 offer as a question, Polish', 'Czy chcesz remis?', ['draw-offer']],
    ['L-9.1.2.1 a question about the position', 'Is this position a draw?', []],
    ['L-9.1.2.1 a refusal to be offered one', "Don't offer me a draw, I play for a win", []],
    ['L-9.1.2.1 a short refusal', 'Draw? No thanks.', ['draw-decline']],
    ['L-9.1.2.1 an offer with a "no" elsewhere', 'I offer a draw, no pressure', ['draw-offer']],
    [
      'L-5.2.3 "no" in another clause does not undo an acceptance',
      'No problem, I accept the draw',
      ['draw-accept'],
    ],
    ['L-9.1.2.1 a refusal, German', 'Remis? Nein, danke.', ['draw-decline']],
    ['L-9.1.2.1 a condition', 'I would offer a draw if the position were equal', []],
    ['L-9.4 a claim not made', "I could claim a threefold repetition, but I won't", []],
    ['L-9.4 a question about a claim', 'Will you claim a draw by repetition?', []],
    // No claim; the draw named with a refusal reads as a decline, which changes nothing unless
    // an offer stands (and the player's move would decline it anyway).
    ['L-9.4 a refused claim', "I won't claim a draw by repetition", ['draw-decline']],
    [
      'L-9.2 a "no" in another clause keeps the claim',
      'I claim a draw by threefold repetition, no doubt about it',
      ['claim-repetition'],
    ],
    ['L-9.2 claim, English', 'I claim a draw by threefold repetition.', ['claim-repetition']],
    [
      'L-9.2 claim, Polish',
      'Reklamuję remis przez trzykrotne powtórzenie pozycji.',
      ['claim-repetition'],
    ],
    ['L-9.2 claim, Czech', 'Reklamuji remízu trojím opakováním pozice.', ['claim-repetition']],
    [
      'L-9.2 claim, German',
      'Ich reklamiere Remis durch dreimalige Stellungswiederholung.',
      ['claim-repetition'],
    ],
    [
      'L-9.2 claim, Russian',
      'Требую ничью по троекратному повторению позиции.',
      ['claim-repetition'],
    ],
    [
      'L-9.2 claim, Ukrainian',
      'Вимагаю нічию через триразове повторення позиції.',
      ['claim-repetition'],
    ],
    ['L-9.3 claim, English', 'I claim a draw under the 50-move rule.', ['claim-fifty-moves']],
    ['L-9.3 claim, Polish', 'Reklamuję remis zgodnie z zasadą 50 ruchów.', ['claim-fifty-moves']],
    ['L-9.3 claim, Czech', 'Reklamuji remízu podle pravidla 50 tahů.', ['claim-fifty-moves']],
    ['L-9.3 claim, German', 'Ich reklamiere Remis nach der 50-Züge-Regel.', ['claim-fifty-moves']],
    ['L-9.3 claim, Russian', 'Требую ничью по правилу 50 ходов.', ['claim-fifty-moves']],
    ['L-9.3 claim, Ukrainian', 'Вимагаю нічию за правилом 50 ходів.', ['claim-fifty-moves']],
    ['P-8b leave, English', 'Leave from 2026-12-20 to 2027-01-03', ['leave']],
    [
      'P-8b leave with a reason that cancels something else',
      'I will be on leave from 20.12.2026 to 27.12.2026, as I can no longer put off my holiday.',
      ['leave'],
    ],
    [
      'P-8b leave, Polish, a tournament called off beside it',
      'Urlop od 20.12.2026 do 27.12.2026, bo odwołali mi zawody.',
      ['leave'],
    ],
    [
      'P-8b leave, Czech, a tournament cancelled beside it',
      'Dovolená od 20.12.2026 do 27.12.2026, protože se mi zrušil turnaj.',
      ['leave'],
    ],
    ['P-8b leave, Polish', 'Urlop od 1.12.2026 do 14.12.2026', ['leave']],
    ['P-8b leave, Czech', 'Dovolená od 1. 12. 2026 do 14. 12. 2026', ['leave']],
    ['P-8b leave, German', 'Urlaub vom 1.12.2026 bis 14.12.2026', ['leave']],
    ['P-8b leave, Russian', 'Отпуск с 01.12.2026 по 14.12.2026', ['leave']],
    ['P-8b leave, Ukrainian', 'Відпустка з 01.12.2026 до 14.12.2026', ['leave']],
    ['"leave" as a verb is no leave', 'I leave the knight on f6', []],
    ['P-8a a wish is no leave', 'Maybe I take leave from 20.12.2026 to 3.1.2027', []],
    ['P-8a a question is no leave', 'Can I take leave from 20.12.2026 to 3.1.2027?', []],
    // Someone else's leave does not stop the sender's clock (P-8a).
    ['P-8a a wife on leave', 'My wife is on leave from 1.12.2026 to 5.12.2026', []],
    ['P-8a the opponent wished a good holiday', 'Enjoy your holiday from 1.12.2026!', []],
    ['P-8a German, the wife', 'Meine Frau hat Urlaub vom 1.12.2026 bis 5.12.2026', []],
    ['P-8a Polish, the husband', 'Mąż ma urlop od 1.12.2026 do 5.12.2026', []],
    ['P-8a Ukrainian, the wife', 'Дружина у відпустці з 1.12.2026 до 5.12.2026', []],
    [
      'P-8a Ukrainian, the coach',
      'Мій тренер у відпустці до 20 січня, тому відповідаю повільніше.',
      [],
    ],
    ['P-8a Ukrainian, a coach named', 'Тренер у відпустці з 1.12.2026 до 5.12.2026', []],
    ['P-8a Russian, the coach', 'Мой тренер в отпуске с 1.12.2026 по 5.12.2026', []],
    ['P-8b Ukrainian, the sender on leave', 'Я у відпустці з 1.12.2026 до 5.12.2026', ['leave']],
    ['P-8b Russian, the sender on leave', 'Я в отпуске с 1.12.2026 по 5.12.2026', ['leave']],
    [
      'P-8a with the wife, the sender is on leave',
      'On holiday with my wife from 1.12.2026 to 5.12.2026',
      ['leave'],
    ],
    ['P-8b leave, no year', 'Urlaub vom 1.12. bis 15.12.', ['leave']],
    [
      'P-8a a negation elsewhere on the line keeps the leave',
      'Urlop od 20.12.2026 do 3.01.2027, nie będę mieć dostępu do poczty',
      ['leave'],
    ],
    // P-8a, P-8b: leave taken back is no leave; only the TD can cancel leave, so it is for the TD.
    [
      'P-8a leave refused in its clause: for the TD',
      'I will not take leave from 20 Dec to 27 Dec after all.',
      ['td-message'],
    ],
    [
      'P-8a "won\'t be on leave": for the TD',
      "I won't be on leave from 20 Dec to 27 Dec",
      ['td-message'],
    ],
    [
      'P-8a a plan given up and cancelled: for the TD',
      'I had planned leave from 20 to 27 Dec but cancelled it',
      ['td-message'],
    ],
    [
      'P-8a German "doch keinen Urlaub": for the TD',
      'Ich nehme doch keinen Urlaub vom 20.12. bis 27.12.',
      ['td-message'],
    ],
    [
      'P-8a Czech "Nebudu na dovolené": for the TD',
      'Nebudu na dovolené od 20.12. do 27.12.',
      ['td-message'],
    ],
    ['P-8a a request to cancel, English', 'Please cancel my leave 20–27 Dec', ['td-message']],
    [
      'P-8a a request to cancel, Czech',
      'Moje dovolená od 20.12. do 27.12. se ruší',
      ['td-message'],
    ],
    [
      'P-8a a request to cancel, Polish',
      'Proszę anulować mój urlop od 20.12 do 27.12',
      ['td-message'],
    ],
    [
      'P-8a a request to cancel, German',
      'Bitte meinen Urlaub vom 20.12. bis 27.12. streichen',
      ['td-message'],
    ],
    ['P-8a a request to cancel, Russian', 'Отпуск с 20.12 по 27.12 отменяется', ['td-message']],
    [
      'P-8a a request to cancel, Ukrainian',
      'Прошу скасувати мою відпустку з 20.12 по 27.12',
      ['td-message'],
    ],
    ['P-8a a request to cancel, no dates', 'Please cancel my leave', ['td-message']],
    ['P-8a a refusal to cancel asks nothing', "I won't cancel my leave from 20 Dec to 27 Dec", []],
    [
      'P-8a a condition to cancel asks nothing',
      'If it rains I cancel my holiday from 20 Dec to 27 Dec',
      [],
    ],
    ['P-8a a hedge is no leave', 'Probably leave from 20.12.2026 to 27.12.2026', []],
    [
      'P-8a a negation after "and" keeps the leave',
      "I'm on holiday from 20.12.2026 to 27.12.2026 and won't have access to mail",
      ['leave'],
    ],
    [
      'P-8a a Czech negation in another clause keeps the leave',
      'Dovolená od 20.12.2026 do 27.12.2026, nebudu mít přístup k internetu',
      ['leave'],
    ],
    [
      'P-8a a negation of something else before the leave keeps it',
      "I won't be able to reply during my holiday from 20.12.2026 to 27.12.2026",
      ['leave'],
    ],
    [
      'P-8a "with no internet" keeps the leave',
      'Vacation from 20.12.2026 to 27.12.2026 with no internet',
      ['leave'],
    ],
    [
      'P-8a Polish "Chciałbym poinformować" announces',
      'Chciałbym poinformować o urlopie od 20.12.2026 do 27.12.2026',
      ['leave'],
    ],
    [
      'P-8a German, the verb negated after the dates: for the TD',
      'Urlaub vom 20.12.2026 bis 27.12.2026 nehme ich nicht',
      ['td-message'],
    ],
    ['P-8a "leave" the verb cancels no leave', 'I withdraw nothing and leave it at that', []],
    [
      'P-8a "отменная" (excellent) cancels nothing',
      'Отпуск с 20.12.2026 по 27.12.2026, отменная погода',
      ['leave'],
    ],
    // L-5.2.3: an acceptance with a condition or a hedge anywhere in its sentence is not plain.
    [
      'L-5.2.3 a condition in the next clause, Czech',
      'Beru remízu, pokud zahrajete 3.d4. Jinak hraju 2...Jc6.',
      [],
    ],
    ['L-5.2.3 a condition in the next clause, Polish', 'Zgoda na remis, jeśli zagrasz 3.d4', []],
    [
      'L-5.2.3 a condition in the next clause, German',
      'Remis angenommen, wenn Sie 3.d4 spielen.',
      [],
    ],
    ['L-5.2.3 a condition in the next clause, Ukrainian', 'Згода на нічию, якщо зіграєте 3.d4', []],
    ['L-5.2.3 a condition first, Czech "Jestli"', 'Jestli chcete, beru remízu', []],
    ['L-5.2.3 "provided"', 'I accept the draw, provided the TD agrees', []],
    ['L-5.2.3 "unless"', 'Accepting the draw unless you object', []],
    ['L-5.2.3 Czech "kdybyste"', 'Beru remízu, kdybyste chtěl hrát dál, napište', []],
    ['L-5.2.3 a hedge, Czech "Asi"', 'Asi beru remízu', []],
    ['L-5.2.3 a hedge, Ukrainian "Мабуть"', 'Мабуть, приймаю нічию', []],
    ['L-5.2.3 a hedge, Polish "Chyba"', 'Chyba przyjmuję remis', []],
    ['L-5.2.3 a hedge, German "Vielleicht"', 'Vielleicht nehme ich das Remis an', []],
    ['L-5.2.3 a hedge, German "wohl"', 'Ich nehme das Remis wohl an', []],
    ['L-5.2.3 a hedge, English "Maybe"', 'Maybe I accept the draw', []],
    // … and a conditional sentence declines nothing either; the other sentences still count.
    ['L-5.2.3 a condition with a "не" declines nothing', 'Принимаю ничью, если вы не против', []],
    [
      'L-5.2.3 a condition in the next sentence keeps the acceptance',
      'I accept the draw. If you want, we can play again.',
      ['draw-accept'],
    ],
    [
      'L-5.2.3 a hedge in the next sentence keeps the acceptance',
      'Remis angenommen, danke. Vielleicht spielen wir wieder.',
      ['draw-accept'],
    ],
    ['L-5.2.3 a hedge does not undo a refusal', 'No draw, maybe later', ['draw-decline']],
    ['P-4f conditional, Czech "Jestli"', 'Jestli 13...Jc6, pak 14.Sb5', ['conditional']],
    ['P-4f a supposition proposes nothing, Czech "Kdyby"', 'Kdyby 13...Jc6, pak 14.Sb5', []],
    // P-7c, P-5d: a protest in words of its own, or a line to the TD by name, is for the TD.
    [
      'P-7c a protest in prose, English',
      'I protest against this time claim: I never received the mail that the game had started',
      ['td-message'],
    ],
    [
      'P-7c a protest in prose, Czech',
      'Námitka: hru jsem nezačal, e-mail nepřišel',
      ['td-message'],
    ],
    ['P-7c a protest in prose, Polish', 'Protestuję: nie dostałem maila', ['td-message']],
    [
      'P-7c a protest in prose, German',
      'Ich erhebe Einspruch gegen die Zeitreklamation',
      ['td-message'],
    ],
    ['P-7c a protest in prose, Ukrainian', 'Я протестую проти цієї претензії', ['td-message']],
    [
      'P-7c a protest with its reason negated',
      'I protest because I never got the mail',
      ['td-message'],
    ],
    ['P-7c "I object to"', 'I object to the claim', ['td-message']],
    [
      'P-5d the TD by name, English',
      'Dear TD, I never got the mail, please cancel the claim',
      ['td-message'],
    ],
    ['P-5d the TD by name, alone on its line', 'Dear TD,', ['td-message']],
    ['P-5d the TD by name, Polish', 'Panie Sędzio, nie dostałem maila', ['td-message']],
    ['P-5d the TD by name, Czech', 'Pane řediteli, e-mail nepřišel', ['td-message']],
    [
      'P-5d the TD by name, German',
      'Sehr geehrter Turnierleiter, die Mail kam nie an',
      ['td-message'],
    ],
    ['P-5d the TD by name, Ukrainian', 'Шановний директоре, лист не прийшов', ['td-message']],
    ['P-5d the TD by name, Russian', 'Уважаемый директор турнира,', ['td-message']],
    ['P-7c a protest refused is none', 'I will not protest', []],
    ['P-7c "no protest" is none', 'no protest from me', []],
    ['P-7c Czech "Nemám námitky" is none', 'Nemám námitky', []],
    ['P-7c Polish "Brak sprzeciwu" is none', 'Brak sprzeciwu', []],
    ['P-7c German "Keine Einwände" is none', 'Keine Einwände', []],
    ['P-7c German, the negation after', 'Einspruch erhebe ich nicht', []],
    ['P-7c Ukrainian "Заперечень немає" is none', 'Заперечень немає', []],
    ['P-7c a question is none', 'Should I protest?', []],
    ['P-7c a condition is none', 'If you claim, I will protest', []],
    ['P-7c "wrong" said to the opponent is none', 'That was the wrong rook', []],
    ['P-7c "I object to nothing" is none', 'Draw agreed, I object to nothing', ['draw-accept']],
    ['P-5d a greeting to the opponent is no line for the TD', 'Dear Jan,', []],
    ['P-5d a rook on d5 is no TD', 'Td5', []],
    ['P-4f conditional, English', 'If 13...Nc6 then 14.Bb5', ['conditional']],
    ['P-4f conditional, Polish', 'Jeśli 13...Sc6, to 14.Gb5', ['conditional']],
    ['P-4f conditional, Czech', 'Pokud 13...Jc6, pak 14.Sb5', ['conditional']],
    ['P-4f conditional, German', 'Falls 13...Sc6, dann 14.Lb5', ['conditional']],
    ['P-4f conditional, Russian', 'Если 13...Кc6, то 14.Сb5', ['conditional']],
    ['P-4f conditional, Ukrainian', 'Якщо 13...Кc6, то 14.Сb5', ['conditional']],
    ['"if" without a move is no conditional', 'If you agree then fine', []],
    ['P-4f conditional with a comma', 'If 13...Nc6, 14.Bb5', ['conditional']],
    ['P-4f conditional in words', 'If 13...Nc6 I will play 14.Bb5', ['conditional']],
    ['P-4f conditional by a label', 'Conditional: 13...Nc6 14.Bb5', ['conditional']],
    ['P-4f conditional by a mark', '13...Nc6 14.Bb5 (warunkowo)', ['conditional']],
    ['P-4f hindsight is no proposal', 'If only I had played 13...Nc6 14.Bb5', []],
    ['P-4f loose, after the move on its line', '13.Nf3 if 13...Nc6 14.Bb5', ['conditional']],
    ['P-4f loose, after a dash', '13.Nf3 - if 13...Nc6 14.Bb5', ['conditional']],
    ['P-4f loose, Polish, after a semicolon', '13.Sf3; jeśli 13...Sc6 14.Gb5', ['conditional']],
    ['P-4f a sentence that wonders is no proposal', 'I wonder if 13...Nc6 14.Bb5 works', []],
    // P-4f: an "if" and moves alone, one of them numbered; a line after a sentence or a clause
    // of prose, as on a line of its own (a time claim before it, P-7a).
    ['P-4f "If 5.O-O Be7": one move number', 'If 5.O-O Be7', ['conditional']],
    ['P-4f one move number, after the move', '4.Ba4 if 4...Nf6 O-O', ['conditional']],
    [
      'P-4f after a sentence of prose',
      '4.Ba4 Nf6. I claim a win on time. If 5.O-O Be7 6.Re1 b5',
      ['conditional'],
    ],
    [
      'P-4f after a clause of prose',
      '4.Ba4 Nf6 - I claim a win on time - if 5.O-O Be7',
      ['conditional'],
    ],
    ['P-4f "if" and a move with words after it is no proposal', 'If 5.O-O works I am happy', []],
    ['P-4f two moves and words after them are no proposal', 'If 5.O-O Be7 is good, fine', []],
    [
      'P-4f after prose, with words after the moves: no proposal',
      '4.Ba4 Nf6 - I claim a win on time - if 5.O-O Be7 works',
      [],
    ],
    ['P-4f after a musing clause: no proposal', '4.Ba4 Nf6, I wonder, if 5.O-O Be7', []],
    // P-4f: a line told by the move it answers, as a plan ("after 5.O-O I will play Be7").
    ['P-4f "after … I will play"', '4.Ba4 Nf6 and after 5.O-O I will play Be7', ['conditional']],
    ['P-4f "after … I will play", a sentence', 'After 5.O-O I will play 5...Be7.', ['conditional']],
    ['P-4f "after … then"', '4.Ba4 Nf6, after 5.O-O then 5...Be7', ['conditional']],
    ['P-4f "po … zagram", Polish', '4.Ga4 Sf6, po 5.O-O zagram 5...Ge7', ['conditional']],
    ['P-4f "po … zahraji", Czech', '4.Sa4 Jf6 a po 5.O-O zahraji 5...Se7', ['conditional']],
    ['P-4f "auf … folgt", German', '4.La4 Sf6. Auf 5.O-O folgt 5...Le7.', ['conditional']],
    ['P-4f "після … зіграю", Ukrainian', '4.Сa4 Кf6 і після 5.O-O зіграю 5...Сe7', ['conditional']],
    ['P-4f "after" in a question is no proposal', '4.Ba4 Nf6 and after 5.O-O I will play Be7?', []],
    [
      'P-4f "after" with a negation is no proposal',
      '4.Ba4 Nf6 and after 5.O-O I will not play Be7',
      [],
    ],
    ['P-4f "after" in a wish is no proposal', '4.Ba4 Nf6 and after 5.O-O I would play Be7', []],
    [
      'P-4f "after" in a condition is no proposal',
      'Unless you object, after 5.O-O I will play Be7',
      [],
    ],
    ['P-4f "after" in hindsight is no proposal', 'After 5.O-O I played Be7 in my last game.', []],
    [
      'P-4f "after" with words, not moves, is no proposal',
      'After the holidays I will play faster',
      [],
    ],
    ['P-4f a claim "after" a move proposes nothing', 'I claim a draw after 32.Qd8+.', []],
    ['note, English', 'Note: I am travelling next week', ['note']],
    ['note, Polish', 'Uwaga: dziękuję za partię', ['note']],
    ['note, Czech', 'Poznámka: díky za partii', ['note']],
    ['note, German', 'Notiz: danke', ['note']],
    ['note, Russian', 'Примечание: спасибо', ['note']],
    ['note, Ukrainian', 'Примітка: дякую', ['note']],
    [
      'note after the moves of its line',
      "3.Bb5 a6 Note: nice opening, I didn't expect that!",
      ['note'],
    ],
    ['note after the moves, Polish', '3...a6 Uwaga: ładne otwarcie', ['note']],
    ['L-9.1.2.1 an offer in a note is an offer', 'Note: I offer a draw', ['note', 'draw-offer']],
    [
      'L-9.1.2.1 an offer in a note after the moves, Polish',
      '30...Wc8 Uwaga: proponuję remis',
      ['note', 'draw-offer'],
    ],
    ['L-5.2.3 an acceptance in a note', 'PS: I accept your draw offer', ['note', 'draw-accept']],
    ['L-5.1.2 a resignation in a note, German', 'Notiz: Ich gebe auf', ['note', 'resign']],
    ['a draw talked of in a note is none', 'Note: a draw would be a fair result?', ['note']],
    ['note after the moves, "PS:"', '3...a6 4.Ba4 PS: greetings from Brno', ['note']],
    ['for the TD after the moves', '3...a6 TD: my opponent is slow', ['td-message']],
    ['a "note:" in prose without a move starts no note', 'I wrote a note: it is on the fridge', []],
    ['P-5d: for the TD, English', 'TD: my opponent has not answered for a month', ['td-message']],
    ['P-5d: a dispute, English', 'Dispute: the move I sent was e5, not e6', ['td-message']],
    ['P-5d: for the TD, Polish', 'Do sędziego: przeciwnik nie odpowiada', ['td-message']],
    ['P-5d: for the TD, Czech', 'Řediteli turnaje: soupeř neodpovídá', ['td-message']],
    ['P-5d: for the TD, German', 'An den Turnierleiter: keine Antwort', ['td-message']],
    ['P-5d: for the TD, Russian', 'Директору: соперник молчит', ['td-message']],
    ['P-5d: for the TD, Ukrainian', 'Судді: суперник мовчить', ['td-message']],
    ['"TD" inside a sentence is no line for the TD', 'I told the TD about it', []],
    ['moves are no words: Polish', '12...Sf6 13.Gd3 Wc8', []],
    ['moves are no words: Russian', '12...Кf6 13.Сd3 Лc8', []],
    ['moves are no words: numeric', '12. 5878 13. 6152', []],
    ['moves are no words: figurine', '12...♞f6 13.♗d3', []],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('L-9.1.2.2 a claim line is not also a draw offer', () => {
    expect(kinds('I claim a draw by threefold repetition (=)')).toEqual(['claim-repetition']);
  });

  it('L-8.1: a draw mark after a move is the move’s, so the reader attaches it to that move', () => {
    expect(findCommands('12. 5878 (=)')).toEqual([]);
    const [mark] = findCommands('My offer: (=)');
    expect(mark).toMatchObject({ kind: 'draw-offer', span: { line: 0, start: 10, end: 13 } });
  });

  it('P-8b leave carries raw and parsed dates', () => {
    const [leave] = findCommands('Urlop od 1 grudnia 2026 do 14 grudnia 2026');
    expect(leave).toMatchObject({
      kind: 'leave',
      from: '1 grudnia 2026',
      to: '14 grudnia 2026',
      fromDate: '2026-12-01',
      toDate: '2026-12-14',
    } satisfies Partial<Command>);
  });

  it('P-8b leave written without a year carries the day and month for the mail date to place', () => {
    const [leave] = findCommands('Urlaub vom 1.12. bis 15. Dezember');
    expect(leave).toMatchObject({
      kind: 'leave',
      from: '1.12.',
      fromDayMonth: { month: 12, day: 1 },
      toDayMonth: { month: 12, day: 15 },
    });
  });

  it('a note after the moves of its line takes its words to the end; the moves stay for the chess reader', () => {
    const line = "3.Bb5 a6 Note: nice opening, I didn't expect the Ruy Lopez!";
    expect(findCommands(line)).toEqual([
      {
        kind: 'note',
        span: { line: 0, start: 9, end: line.length },
        wholeLine: false,
        raw: "Note: nice opening, I didn't expect the Ruy Lopez!",
        text: "nice opening, I didn't expect the Ruy Lopez!",
      },
    ]);
  });

  it('P-8a leave taken back beside a move: the request is its own words, the move stays', () => {
    const [request] = findCommands('4.Ba4. Please cancel my leave 20–27 Dec');
    expect(request).toMatchObject({
      kind: 'td-message',
      wholeLine: false,
      text: 'Please cancel my leave 20–27 Dec',
      span: { line: 0, start: 7 },
    });
  });

  it('P-4f a loose conditional after the move keeps the move for the chess reader', () => {
    const [conditional] = findCommands('13.Nf3 if 13...Nc6 14.Bb5');
    expect(conditional).toMatchObject({
      kind: 'conditional',
      wholeLine: false,
      condition: '13...Nc6 14.Bb5',
      span: { line: 0, start: 7 },
    });
  });
  it('P-4f a line in brackets after the move: the brackets are no part of its moves', () => {
    expect(findCommands('13.Nf3 (if 13...Nc6 14.Bb5 a6 15.Ba4)')[0]).toMatchObject({
      kind: 'conditional',
      condition: '13...Nc6 14.Bb5 a6 15.Ba4',
      span: { line: 0, start: 7 },
    });
    expect(findCommands('13.Nf3 (if 13...Nc6 then 14.Bb5)')[0]).toMatchObject({
      condition: '13...Nc6',
      reply: '14.Bb5',
    });
    // What follows the bracket is no part of the line.
    expect(findCommands('13.Nf3 (if 13...Nc6 14.Bb5 a6). Regards, Jan')[0]).toMatchObject({
      condition: '13...Nc6 14.Bb5 a6',
    });
    expect(findCommands('13.Nf3 (if 13...Nc6 then 14.Bb5).')[0]).toMatchObject({
      reply: '14.Bb5',
    });
  });
  it('P-4f conditional after the move keeps the move for the chess reader', () => {
    const [conditional] = findCommands('13.Sf3, jeśli 13...Sc6 to 14.Gb5');
    expect(conditional).toMatchObject({
      kind: 'conditional',
      wholeLine: false,
      condition: '13...Sc6',
      reply: '14.Gb5',
      span: { line: 0, start: 8 },
    });
  });
});

describe('P-5d, P-7c: words for the TD on a line with moves keep the moves', () => {
  const read = (line: string) =>
    findCommands(line).map((c) => ({ kind: c.kind, from: c.span.start, whole: c.wholeLine }));
  it('a protest after the moves takes only its words; a TD addressed before the moves, only the address', () => {
    expect(read('1.d4 d5 I object to the way this event is run.')).toEqual([
      { kind: 'td-message', from: 7, whole: false },
    ]);
    expect(read('Director, 15...h6 16.Nh2')).toEqual([
      { kind: 'td-message', from: 0, whole: false },
    ]);
    expect(findCommands('Director, 15...h6 16.Nh2')[0]!.span.end).toBe('Director,'.length);
  });
  it('a note that objects is still a note; "einwandfrei" (flawless) protests nothing', () => {
    expect(read('Note: I object to your comments')).toEqual([
      { kind: 'note', from: 0, whole: true },
    ]);
    expect(read('Notiz: Die Eröffnung war einwandfrei!')).toEqual([
      { kind: 'note', from: 0, whole: true },
    ]);
    expect(read('Die Eröffnung war einwandfrei.')).toEqual([]);
  });
});

describe('an appeal of a result the TD set, said plainly (P-11, P-13)', () => {
  it.each([
    'I appeal against the adjudication: the expert missed 41...Rxf2.',
    'Appeal: White was lost.',
    'Odwołuję się od decyzji sędziego.',
    'Podávám odvolání proti rozhodnutí.',
    'Ich lege Berufung gegen die Abschätzung ein.',
    'Подаю апеляцію на присудження.',
    'I appeal, because the expert did not see 2.c4.',
  ])('P-11: "%s" appeals', (line) => {
    expect(appealsIn(line)).toBe(true);
  });

  it.each([
    'Thanks for the game!',
    'Thanks for the game, no appeal from me.',
    'I will not appeal.',
    'Can I still appeal?',
    'If the TD agrees, I might appeal.',
    'Nie będę się odwoływać, dziękuję za partię.',
    'Keine Berufung, danke für die Partie.',
    'Thanks, a very appealing game.',
    'The opening was appealing to me.',
  ])('P-11: "%s" is no appeal (the false reading)', (line) => {
    expect(appealsIn(line)).toBe(false);
  });

  it.each([
    'I appeal against the penalty: my note was no insult.',
    'Odwołuję się od kary.',
    'Ich lege Berufung gegen die Zeitstrafe ein.',
  ])('P-13c: "%s" appeals in the words of an appeal, as a game in play reads one', (line) => {
    expect(appealsIn(line, 'appeal')).toBe(true);
  });

  it.each([
    'Protest: my move 10 was sent in time.',
    'I protest against this time claim.',
    'Protestuję, wysłałem ruch na czas.',
  ])('P-7c: "%s" protests: no appeal in a game in play, where it protests a claim', (line) => {
    expect(appealsIn(line)).toBe(true);
    expect(appealsIn(line, 'appeal')).toBe(false);
  });
});

describe('what an appeal names as appealed (P-11, P-13c)', () => {
  it.each([
    ['I appeal against the penalty: my note was no insult.', ['penalty']],
    ['I appeal the result of the adjudication.', ['result']],
    ['I appeal against the ruling on the time claim.', ['claim']],
    ['I appeal against the refusal of my leave.', ['leave']],
    ['I appeal: the clock you set is wrong.', ['clock']],
    ['Odwołuję się od kary.', ['penalty']],
    ['Odwołuję się od wyniku partii.', ['result']],
    ['Podávám odvolání proti trestu.', ['penalty']],
    ['Podávám odvolání proti zamítnutí dovolené.', ['leave']],
    ['Ich lege Berufung gegen die Zeitstrafe ein.', ['penalty']],
    ['Ich lege Berufung gegen das Ergebnis ein.', ['result']],
    ['Подаю апеляцію на штраф.', ['penalty']],
    ['Оскаржую відмову у відпустці.', ['leave']],
    ['I appeal.', []],
    ['Odwołuję się od decyzji sędziego.', []],
  ] as const)('"%s" names %j', (line, topics) => {
    expect(appealTopicsIn(line)).toEqual(topics);
  });

  it.each([
    // No appeal, so nothing named (the false reading): a question, a refusal, praise.
    'Can I appeal the penalty?',
    'I will not appeal the result.',
    'A very appealing result, thanks for the game.',
    'The penalty was fair.',
  ])('"%s" names nothing: it appeals nothing', (line) => {
    expect(appealTopicsIn(line)).toEqual([]);
  });
});

describe('claimsTimeIn (P-7a)', () => {
  it('P-7a: a player who says plainly that the opponent exceeded the time, in each language', () => {
    for (const line of [
      'My opponent is late with his move, I claim a win on time.',
      'He has exceeded the time limit.',
      'Mój przeciwnik przekroczył czas do namysłu.',
      'Reklamuję wygraną na czas.',
      'Soupeř překročil časový limit.',
      'Mein Gegner hat die Bedenkzeit überschritten, ich beanspruche den Sieg auf Zeit.',
      'Соперник превысил лимит времени.',
      'Суперник перевищив час, вимагаю перемогу за часом.',
    ])
      expect(claimsTimeIn(line), line).toBe(true);
  });
  it('P-7a: a question, a condition, a denial or one’s own lateness claims nothing', () => {
    for (const line of [
      'Is my opponent over the time limit?',
      'Can I claim a win on time?',
      'If he is late again, I claim a win on time.',
      'My opponent is not late, no worries.',
      'I do not claim a win on time.',
      'Sorry, I am late with my move.',
      'I will send my next move on time.',
      'Maybe he has exceeded the time limit.',
    ])
      expect(claimsTimeIn(line), line).toBe(false);
  });
});

describe('asksOfTimeIn (P-7a)', () => {
  it('P-7a: a question about the opponent’s time, or a claim on a condition, asks of it', () => {
    for (const line of [
      'is she late? If so I claim the time.',
      'Is my opponent over the time limit?',
      'Has he exceeded the time limit?',
      'If he is late again, I claim a win on time.',
      'Czy przeciwnik przekroczył czas?',
      'Hat er die Bedenkzeit überschritten?',
    ])
      expect(asksOfTimeIn(line), line).toBe(true);
  });
  it('P-7a: a plain claim (claimsTimeIn), a denial, one’s own lateness or the time control asks nothing', () => {
    for (const line of [
      'My opponent is late with his move, I claim a win on time.',
      'My opponent is not late, no worries.',
      'Sorry, I am late with my move.',
      'I will send my next move on time.',
      'Is the time control 10 moves in 50 days?',
      'I claim the time control is wrong?',
    ])
      expect(asksOfTimeIn(line), line).toBe(false);
    expect(claimsTimeIn('I claim the time.')).toBe(true);
  });
});

describe('asksForPgn (L-8.1)', () => {
  it('L-8.1: a request for the game’s PGN, in each language', () => {
    for (const line of [
      'Please send me the PGN.',
      'Could I have the PGN of this game?',
      'Bitte senden Sie mir die PGN dieser Partie.',
      'PGN bitte!',
      'Proszę o PGN.',
      'Prześlij mi proszę PGN tej partii.',
      'Pošlete mi prosím PGN této partie.',
      'Надішліть, будь ласка, PGN цієї партії.',
      'Прошу PGN партії.',
    ])
      expect(asksForPgn(line), line).toBe(true);
  });
  it('L-8.1: a PGN attached, mentioned or not needed asks for nothing', () => {
    for (const line of [
      'Please find the PGN attached.',
      'W załączniku PGN, proszę sprawdzić.',
      'I keep the game in a PGN file.',
      'I do not need the PGN, thanks.',
      'Please send me your next move soon.',
    ])
      expect(asksForPgn(line), line).toBe(false);
  });
});
