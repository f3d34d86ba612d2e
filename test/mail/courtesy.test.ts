// Mail that says only thanks, congratulations or a greeting needs no answer (P-2k answers a
// question of where the games stand); anything more, or anything less sure, is answered.

import { describe, expect, it } from 'vitest';
import { courtesyOnly, courtesySubject } from '../../src/mail/courtesy.ts';

describe('courtesy alone', () => {
  it.each([
    ['Thanks!'],
    ['Thank you, good game'],
    ['Thank you very much for the game!\n\nBest regards,\nKarl Braun'],
    ['Congratulations, well played.'],
    ['gg'],
    ['Dzięki'],
    ['dziekuje za gre, pozdrawiam\nJan'],
    ['Wielkie dzięki i gratulacje!'],
    ['Díky za hru!'],
    ['Děkuji, s pozdravem\nPetr Novák'],
    ['Danke'],
    ['Danke, schöne Partie!\n\nViele Grüße\nKarl'],
    ['Vielen Dank für die schnelle Antwort'],
    ['Дякую за гру!'],
    ['Щиро дякую, з повагою\nОлена'],
    ['Thanks 🙂'],
  ])('P-2k: %j needs no answer', (text) => {
    expect(courtesyOnly(text, ['Karl Braun', 'Jan Kowalski', 'Petr Novák', 'Олена Петренко'])).toBe(
      true,
    );
  });

  it.each([
    ['Thanks! Where do my games stand?'],
    ['Thanks, but please send me my clocks'],
    ['no thanks'],
    ['Thanks for 12.Nf3'],
    ['Danke. Ich nehme Urlaub vom 1.2. bis 14.2.'],
    ['Dzięki, proszę o pozycje'],
    ['Díky, ale nesouhlasím'],
    ['Дякую, але де мої партії'],
    ['Hello'],
    ['Best regards, Karl'],
    ['Thanks, draw'],
    ['Thank you Mr Smith'],
    [''],
  ])('%j is answered', (text) => {
    expect(courtesyOnly(text, ['Karl Braun'])).toBe(false);
  });

  it('the subject: a reply’s, empty or courtesy says nothing more; a request or a tag does', () => {
    expect(courtesySubject('Re: your games on 2027-01-10 — Re: positions')).toBe(true);
    expect(courtesySubject('AW: Ihre Partien')).toBe(true);
    expect(courtesySubject('')).toBe(true);
    expect(courtesySubject('Thanks')).toBe(true);
    expect(courtesySubject('Clocks please')).toBe(false);
    expect(courtesySubject('CC27')).toBe(false);
  });
});
