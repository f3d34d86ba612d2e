// A section's games made from its players (config `pairings`): every pair meets once (or twice,
// colours reversed), colours are balanced, and the same player list gives the same numbered games.

import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import { roundRobin } from '../../src/config/pairings.ts';
import { clubConfig } from '../support/config.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const whites = (games: { white: string }[], id: string) =>
  games.filter((g) => g.white === id).length;

describe('round-robin pairings', () => {
  for (const n of [2, 3, 4, 5, 7, 8, 12, 15]) {
    it(`${n} players: every pair once, White as often as Black (±1 with an even number)`, () => {
      const games = roundRobin(ids(n), { startsOn: '2026-12-01', double: false });
      expect(games).toHaveLength((n * (n - 1)) / 2);
      const pairs = new Set(games.map((g) => [g.white, g.black].sort().join('-')));
      expect(pairs.size).toBe(games.length);
      expect(games.every((g) => g.white !== g.black && g.startsOn === '2026-12-01')).toBe(true);
      expect(games.map((g) => g.id)).toEqual(games.map((_, i) => String(i + 1)));
      for (const id of ids(n)) {
        const w = whites(games, id);
        if (n % 2 === 1) expect(w, id).toBe((n - 1) / 2);
        else expect([n / 2 - 1, n / 2], id).toContain(w);
      }
    });
  }

  it('a double round robin plays every pair twice with the colours reversed', () => {
    const games = roundRobin(ids(6), { startsOn: '2026-12-01', double: true });
    expect(games).toHaveLength(30);
    for (const g of games.slice(0, 15)) {
      expect(games.filter((h) => h.white === g.black && h.black === g.white)).toHaveLength(1);
    }
    for (const id of ids(6)) expect(whites(games, id)).toBe(5);
  });

  it('the same players in the same order give the same games', () => {
    const a = roundRobin(['kowalski', 'novak', 'schmidt', 'bondar'], {
      startsOn: '2026-12-01',
      double: false,
    });
    expect(a).toEqual(
      roundRobin(['kowalski', 'novak', 'schmidt', 'bondar'], {
        startsOn: '2026-12-01',
        double: false,
      }),
    );
  });
});

describe('pairings in the configuration', () => {
  const config = (extra: Record<string, unknown>) =>
    clubConfig({
      players: ids(5).map((id) => ({ id, name: id, addresses: [`${id}@x.example`] })),
      ...extra,
    });

  it('a section of five makes its ten games, numbered, starting together', () => {
    const r = validateConfig(
      config({ pairings: { system: 'round-robin', startsOn: '2026-12-01' } }),
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const games = r.config.events[0]!.games;
    expect(games).toHaveLength(10);
    expect(games[0]).toEqual({ id: '1', white: 'p1', black: 'p2', startsOn: '2026-12-01' });
  });

  it('games and pairings together are refused, naming the setting', () => {
    const r = validateConfig(
      config({
        pairings: { system: 'round-robin', startsOn: '2026-12-01' },
        games: [{ id: '1', white: 'p1', black: 'p2', startsOn: '2026-12-01' }],
      }),
      '/',
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(/pairings.*games or pairings, not both/);
  });

  it('an unknown pairing system is refused', () => {
    const r = validateConfig(
      config({ pairings: { system: 'swiss', startsOn: '2026-12-01' } }),
      '/',
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(/pairings\.system/);
  });
});
