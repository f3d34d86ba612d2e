// P-9a, P-5d: a player who writes that they withdraw from the event writes to the TD; a mail
// with such words and no game goes to the TD whole. Other words with "withdraw" in them (a draw
// offer, leave, a claim) are not a withdrawal from the event.

import { describe, expect, it } from 'vitest';
import { withdrawsFromEvent } from '../../src/mail/withdrawal-words.ts';

describe('P-9a: words of a withdrawal from the event, in five languages', () => {
  it.each([
    'I must withdraw from the tournament for health reasons.',
    'I am withdrawing from the event, sorry.',
    'Please accept my withdrawal from the championship.',
    'Rezygnacja z turnieju',
    'Do sędziego: z powodu choroby muszę wycofać się z turnieju.',
    'Rezygnuję z dalszej gry w turnieju.',
    'Bohužel musím odstoupit z turnaje.',
    'Odstupuji ze soutěže.',
    'Ich ziehe mich vom Turnier zurück.',
    'Rücktritt vom Turnier',
    'Ich muss aus dem Turnier aussteigen.',
    'На жаль, я вибуваю з турніру.',
    'Змушена знятися з турніру.',
  ])('%s', (text) => expect(withdrawsFromEvent(text)).toBe(true));

  it.each([
    'I withdraw my draw offer.',
    'I resign this game. Thanks!',
    'Leave from 1 to 14 February.',
    'The tournament is great fun.',
    'Wycofuję propozycję remisu.',
    'Odstoupení od remízy.',
    'Ich ziehe mein Remisangebot zurück.',
    'Дякую за турнір!',
  ])('not: %s', (text) => expect(withdrawsFromEvent(text)).toBe(false));
});
