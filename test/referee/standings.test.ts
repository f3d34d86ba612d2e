// An event's standings (L-12): win 1, draw ½, loss 0, a double forfeit 0 to both; players level
// on points share their place, since the rules set no tie-break.

import { describe, expect, it } from 'vitest';
import type { StandingsGame } from '../../src/referee/index.ts';
import { crossCell, pointsText, standings } from '../../src/referee/index.ts';

const PLAYERS = ['ann', 'bob', 'cid', 'dan'];
/** A round-robin of four: six games, one still in play, one lost by both (L-6.9). */
const GAMES: StandingsGame[] = [
  { id: '1', white: 'ann', black: 'bob', result: '1-0' },
  { id: '2', white: 'cid', black: 'dan', result: '1/2-1/2' },
  { id: '3', white: 'bob', black: 'cid', result: '0-1' },
  { id: '4', white: 'dan', black: 'ann', result: '0-0' },
  { id: '5', white: 'ann', black: 'cid' },
  { id: '6', white: 'bob', black: 'dan', result: '1/2-1/2' },
];

describe('standings (L-12)', () => {
  const rows = standings(PLAYERS, GAMES);
  const row = (p: string) => rows.find((r) => r.player === p)!;

  it('L-12: a win scores 1, a draw ½, a loss 0', () => {
    expect(row('cid').halfPoints).toBe(3); // a win and a draw: 1½
    expect(row('bob').halfPoints).toBe(1); // a loss, a loss, a draw: ½
    expect(pointsText(row('cid').halfPoints)).toBe('1½');
    expect(pointsText(row('bob').halfPoints)).toBe('½');
    expect(pointsText(0)).toBe('0');
    expect(pointsText(4)).toBe('2');
  });

  it('L-12, L-6.9: a double forfeit is a game lost by both, 0-0', () => {
    expect(row('ann')).toMatchObject({ halfPoints: 2, played: 2, won: 1, lost: 1, unfinished: 1 });
    expect(row('dan')).toMatchObject({ halfPoints: 2, played: 3, drawn: 2, lost: 1 });
  });

  it('orders by points; players level on points share the place', () => {
    expect(rows.map((r) => [r.player, r.place])).toEqual([
      ['cid', '1'],
      ['ann', '2–3'], // 1 point and a win
      ['dan', '2–3'], // 1 point, no win
      ['bob', '4'],
    ]);
  });

  it('Sonneborn-Berger: the points of the beaten opponents and half those of the drawn', () => {
    // cid beat bob (½) and drew dan (1): ½ + ½ = 1.
    expect(row('cid').sbQuarters / 4).toBe(1);
    // dan drew cid (1½) and bob (½): ¾ + ¼ = 1; the double forfeit adds nothing.
    expect(row('dan').sbQuarters / 4).toBe(1);
    expect(row('ann').sbQuarters / 4).toBe(0.5);
  });

  it('the cross-table cell: the result from the row player’s side, · while in play', () => {
    expect(crossCell(GAMES, 'ann', 'bob')).toBe('1');
    expect(crossCell(GAMES, 'bob', 'ann')).toBe('0');
    expect(crossCell(GAMES, 'ann', 'dan')).toBe('0');
    expect(crossCell(GAMES, 'dan', 'ann')).toBe('0');
    expect(crossCell(GAMES, 'ann', 'cid')).toBe('·');
    expect(crossCell(GAMES, 'cid', 'dan')).toBe('½');
    // A double round-robin: both games, in order.
    const twice: StandingsGame[] = [
      { id: '1', white: 'ann', black: 'bob', result: '0-1' },
      { id: '2', white: 'bob', black: 'ann' },
    ];
    expect(crossCell(twice, 'ann', 'bob')).toBe('0·');
  });

  it('P-9a: an annulled game does not count: not played, not in play, – in the cross-table', () => {
    const withAnnulled: StandingsGame[] = [
      ...GAMES.filter((g) => g.id !== '5'),
      { id: '5', white: 'ann', black: 'cid', result: '*' },
    ];
    const r = standings(PLAYERS, withAnnulled);
    const ann = r.find((x) => x.player === 'ann')!;
    expect(ann).toMatchObject({ halfPoints: 2, played: 2, unfinished: 0 });
    expect(r.find((x) => x.player === 'cid')).toMatchObject({ played: 2, unfinished: 0 });
    expect(crossCell(withAnnulled, 'ann', 'cid')).toBe('–');
    expect(crossCell(withAnnulled, 'cid', 'ann')).toBe('–');
  });

  it('a player with no game yet still has a row; equals are listed in the order given', () => {
    const r = standings(['zed', 'ann', 'bob'], [GAMES[0]!]);
    expect(r.map((x) => [x.player, x.place, x.played])).toEqual([
      ['ann', '1', 1],
      ['zed', '2–3', 0],
      ['bob', '2–3', 1],
    ]);
  });
});
