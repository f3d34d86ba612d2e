// The TD's result notice carries the event's table (L-12); the players' notices do not, and the
// table is computed only for the mail that shows it. A large event's table is cut in the mail.

import { describe, expect, it } from 'vitest';
import type { ComposeContext } from '../../src/compose/index.ts';
import { composeEffect } from '../../src/compose/index.ts';
import type { StandingsRow } from '../../src/referee/index.ts';
import { cases, RULES } from './cases.ts';

const mate = cases().find((c) => c.name === 'checkmate')!;
const ended = mate.effects.find((e) => e.kind === 'game-ended')!;

function row(i: number): StandingsRow & { name: string } {
  return {
    place: String(i + 1),
    player: `p${i}`,
    name: `Player ${i + 1}`,
    halfPoints: 60 - i,
    played: 30,
    won: 0,
    drawn: 0,
    lost: 0,
    unfinished: 0,
    sbQuarters: 0,
  };
}

function context(rows: (StandingsRow & { name: string })[], asked: { n: number }): ComposeContext {
  return {
    state: mate.state,
    rules: RULES,
    now: mate.now,
    event: { name: 'Open 2026', tag: 'OPEN26' },
    gameId: '7',
    players: {
      white: { name: 'Anna Nowak', lang: 'en', notation: 'san' },
      black: { name: 'Jan Novák', lang: 'en', notation: 'numeric' },
    },
    td: { name: 'Olena Petrenko', lang: 'en' },
    standings: () => {
      asked.n++;
      return rows;
    },
  };
}

describe("the TD's result notice and the event's table (L-12)", () => {
  it('only the TD gets the table, and only that mail computes it', () => {
    const asked = { n: 0 };
    const mails = composeEffect(ended, context([row(0), row(1)], asked));
    const td = mails.find((m) => m.to === 'td')!;
    const players = mails.filter((m) => m.to !== 'td');
    expect(players.length).toBeGreaterThan(0);
    expect(td.text).toContain("The event's table now (rule L-12)");
    expect(td.text).toMatch(/^1\s+Player 1\s+30\s+30\s/m);
    expect(td.text).toMatch(/^2\s+Player 2\s+29½\s+30\s/m);
    for (const m of players) expect(m.text).not.toContain('table now');
    expect(asked.n).toBe(1);
  });

  it('a large event: the first 40 players, then how many more and where to see them', () => {
    const rows = Array.from({ length: 45 }, (_, i) => row(i));
    const td = composeEffect(ended, context(rows, { n: 0 })).find((m) => m.to === 'td')!;
    expect(td.text).toMatch(/^40\s+Player 40\s/m);
    expect(td.text).not.toContain('Player 41');
    expect(td.text).toContain('… and 5 more players (amici standings lists them all).');
    expect(td.html).toContain('… and 5 more players');
  });

  it('no table when the context has none (a game outside any event table)', () => {
    const td = composeEffect(ended, context([], { n: 0 })).find((m) => m.to === 'td')!;
    expect(td.text).not.toContain('table now');
  });
});
