import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.ts';
import type { AmiciConfig } from '../../src/config/schema.ts';
import type { GameAsCreated } from '../../src/daemon/config-drift.ts';
import { configDrift } from '../../src/daemon/config-drift.ts';
import { clubConfig } from '../support/config.ts';

const players = (ids: string[]) =>
  ids.map((id) => ({ id, name: `Player ${id.toUpperCase()}`, addresses: [`${id}@x.example`] }));

/** A six-player round robin section, its players listed in `order`. */
function section(order: string[], extra: Record<string, unknown> = {}): AmiciConfig {
  const r = validateConfig(
    clubConfig({
      tag: 'FC26A',
      players: players(order),
      pairings: { system: 'round-robin', startsOn: '2026-11-24' },
      ...extra,
    }),
    '/srv',
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
}

/** The store's games as `config` created them (with ids, as amici records them now), a few moves in game 1. */
function created(config: AmiciConfig, withIds = true): GameAsCreated[] {
  const e = config.events[0]!;
  const name = (id: string) => e.players.find((p) => p.id === id)!.name;
  return e.games.map((g) => ({
    gameKey: `${e.tag}/${g.id}`,
    created: {
      type: 'created',
      on: g.startsOn,
      start: { kind: 'standard' },
      white: name(g.white),
      black: name(g.black),
      ...(withIds ? { whiteId: g.white, blackId: g.black } : {}),
      clockStartsOn: g.startsOn,
      ...(withIds ? { timeControl: { ...e.timeControl }, excessesAllowed: e.excessesAllowed } : {}),
    },
    moves: g.id === '1' ? 3 : 0,
    finished: false,
  }));
}

const ORDER = ['jan', 'pavel', 'olena', 'eva', 'john', 'karel'];

describe('a config edited after its games were created', () => {
  const stored = created(section(ORDER));

  it('the same config fits: no errors, no warnings', () => {
    expect(configDrift(section(ORDER), stored)).toEqual({ errors: [], warnings: [] });
  });

  it('players reordered under pairings would hand games in progress to others: refused, naming them', () => {
    const sorted = [...ORDER].sort();
    const d = configDrift(section(sorted), stored);
    expect(d.errors[0]).toBe(
      'FC26A/1 was created as Player JAN – Player PAVEL (3 half-moves played); the config now makes it Player EVA – Player JAN',
    );
    expect(d.errors.at(-1)).toContain(
      'With `pairings`, games are numbered by the order of the players',
    );
    expect(d.errors.at(-1)).toContain('amici td withdraw PLAYER');
  });

  it('a late entrant added to the list renumbers the games: refused', () => {
    expect(configDrift(section([...ORDER, 'late']), stored).errors.length).toBeGreaterThan(1);
  });

  it('a player deleted: refused too (the games renumber); withdrawal is the way', () => {
    expect(configDrift(section(ORDER.filter((p) => p !== 'karel')), stored).errors).not.toEqual([]);
  });

  it('a name spelt anew is the same player: no error, in a log with ids and in an older one without', () => {
    const renamed = section(ORDER);
    renamed.events[0]!.players[0]!.name = 'Jan Kowalski';
    expect(configDrift(renamed, stored).errors).toEqual([]);
    expect(configDrift(renamed, created(section(ORDER), false)).errors).toEqual([]);
    // ... while in an older log, names of other players in the wrong places still tell.
    expect(
      configDrift(section([...ORDER].sort()), created(section(ORDER), false)).errors,
    ).not.toEqual([]);
  });

  it('an id renamed under the same name is named by its ids, which is all that differs', () => {
    const renamed = section(ORDER);
    renamed.events[0]!.players[0]!.id = 'jan2';
    for (const g of renamed.events[0]!.games) {
      if (g.white === 'jan') g.white = 'jan2';
      if (g.black === 'jan') g.black = 'jan2';
    }
    expect(configDrift(renamed, stored).errors[0]).toBe(
      'FC26A/1 was created for the players with ids "jan" – "pavel" (3 half-moves played); the config now gives it "jan2" – "pavel": a player\'s id must stay as it was (a name may be corrected)',
    );
  });

  it('a tag changed leaves the games under way outside the config: a warning naming them', () => {
    const retagged = section(ORDER, { tag: 'FCA26' });
    const d = configDrift(retagged, stored);
    expect(d.errors).toEqual([]);
    expect(d.warnings).toEqual([
      expect.stringMatching(
        /^15 games under way in the store are no longer in the config: FC26A\/1 \(3 half-moves\), FC26A\/2, FC26A\/3, FC26A\/4, FC26A\/5, …\. Their players' mail gets no answer\. If an event's tag/,
      ),
    ]);
    // Finished games may leave the config with their event.
    const done = stored.map((g) => ({ ...g, finished: true }));
    expect(configDrift(retagged, done).warnings).toEqual([]);
  });

  it('a start date moved after the game was made changes nothing, and the TD is told so (P-6d)', () => {
    const later = section(ORDER, {
      pairings: { system: 'round-robin', startsOn: '2026-12-07' },
    });
    const d = configDrift(later, stored);
    expect(d.errors).toEqual([]);
    expect(d.warnings).toEqual([
      'FC26A/1, FC26A/2, FC26A/3, FC26A/4, FC26A/5, … (15 games) started on 2026-11-24, as the config said when amici created them; the config now says 2026-12-07, which changes nothing: a game keeps the start it was made with (P-6d; the TD can set the clocks with `amici td GAME set-clock`)',
    ]);
  });

  it('P-6a: a time control edited after the games were made is warned of: every clock is recounted', () => {
    const longer = section(ORDER, { timeControl: { preset: 'postal', moves: 10, days: 40 } });
    const d = configDrift(longer, stored);
    expect(d.errors).toEqual([]);
    expect(d.warnings).toEqual([
      expect.stringMatching(
        /^FC26A\/1, FC26A\/2, .* \(15 games\) were created under the time control postal, moves 10, days 30; the config now says postal, moves 10, days 40, and every clock of them is counted under it/,
      ),
    ]);
    // Games of an older log, which did not record it, are not guessed about.
    expect(configDrift(longer, created(section(ORDER), false)).warnings).toEqual([]);
  });

  it('L-12: finished games taken out of a running event leave the standings: a warning naming them', () => {
    const finished = stored.map((g) => ({ ...g, finished: g.gameKey === 'FC26A/2' }));
    const config = section(ORDER);
    config.events[0]!.games = config.events[0]!.games.filter((g) => g.id !== '2');
    expect(configDrift(config, finished).warnings).toEqual([
      expect.stringMatching(
        /^1 finished game in the store is no longer in the config: FC26A\/2\. Standings and exports leave it out/,
      ),
    ]);
  });

  it('P-7f: the excesses allowed edited after the games were made is warned of', () => {
    const strict = section(ORDER, { excessesAllowed: 0 });
    expect(configDrift(strict, stored).warnings).toEqual([
      expect.stringMatching(
        /\(15 games\) were created allowing 1 excess of time; the config now allows 0/,
      ),
    ]);
  });
});

describe('a game’s mode changed mid-game (P-3a)', () => {
  /** The games as made by email, as amici records it now (the players by post: none). */
  const byEmail = created(section(ORDER)).map((g) => ({
    ...g,
    created: { ...g.created, byPost: [] as string[] },
  }));

  it('a player put on post: true: each of their games is named, by whom the moves now go by post', () => {
    const config = section(ORDER);
    config.events[0]!.players.find((p) => p.id === 'jan')!.post = true;
    const d = configDrift(config, byEmail);
    expect(d.errors).toEqual([]);
    expect(d.warnings).toHaveLength(1);
    expect(d.warnings[0]).toMatch(
      /^FC26A\/1, .* \(5 games\) were created to be played by email; the config now says by post for Player JAN only, by email for the opponent .*the reminders' wait \(the transit counts for a player by post, P-3a\).*PGN's Mode changes/,
    );
  });

  it('a postal event with one game put on mode: email: that game alone', () => {
    const postal = section(ORDER, { mode: 'postal' });
    const stored = created(postal).map((g, i) => {
      const { white, black } = postal.events[0]!.games[i]!;
      return { ...g, created: { ...g.created, byPost: [white, black] } };
    });
    expect(configDrift(postal, stored).warnings).toEqual([]);
    const edited = section(ORDER, { mode: 'postal' });
    edited.events[0]!.games[0]!.mode = 'email';
    expect(configDrift(edited, stored).warnings).toEqual([
      expect.stringMatching(
        /^FC26A\/1 was created to be played by post; the config now says by email \(a game's `mode`, a player's `post` or the event's `mode`\), which it follows from now on, mid-game too/,
      ),
    ]);
  });

  it('games of an older log, which did not record it, are not guessed about', () => {
    const config = section(ORDER, { mode: 'postal' });
    expect(configDrift(config, created(section(ORDER))).warnings).toEqual([]);
  });
});

describe('an event’s end date moved (P-10)', () => {
  // 1 March 2027: games 1 and 2 went to adjudication after the end of 15 February, game 3 ended,
  // the others are in play (a move sent on 20 February in game 4).
  const NOW = '2027-03-01T10:00:00Z';
  const stored = created(section(ORDER)).map((g) => {
    const n = Number(g.gameKey.split('/')[1]);
    if (n <= 2) return { ...g, stop: { endDate: '2027-02-15', from: '2027-02-16' } } as const;
    if (n === 3) return { ...g, finished: true };
    return n === 4 ? { ...g, lastMoveOn: '2027-02-20' as const } : g;
  });
  const endingOn = (endDate?: string) => section(ORDER, endDate ? { endDate } : {});

  it('P-10, L-6.10: moved later, the games in adjudication are named: they resume, the days stopped not counted', () => {
    expect(configDrift(endingOn('2027-04-30'), stored, NOW).warnings).toEqual([
      "FC26A/1, FC26A/2 (2 games) are in adjudication since the event's end on 2027-02-15; the config now ends the event on 2027-04-30, so play in them resumes at the next sweep (P-10): the days stopped are counted on no clock, as in a pause (L-6.10), and both players are told whose move it is, the new end and the clocks. If that is not meant, put endDate back to 2027-02-15",
    ]);
    expect(configDrift(endingOn(), stored, NOW).warnings[0]).toContain(
      'the config now gives the event no end date, so play in them resumes',
    );
    // The end they stopped at, or no check of the day: nothing to say.
    expect(configDrift(endingOn('2027-02-15'), stored.slice(0, 2), NOW).warnings).toEqual([]);
    expect(configDrift(endingOn('2027-04-30'), stored).warnings).toEqual([]);
  });

  it('P-10, P-7f: moved to a day already past, the games in play are named: adjudication at once, nothing lost on time', () => {
    const w = configDrift(endingOn('2027-01-10'), stored, NOW).warnings;
    expect(w).toEqual([
      "FC26A/1, FC26A/2 (2 games) are in adjudication since the event's end on 2027-02-15; the config now ends the event on 2027-01-10, earlier, and also past: they stay in adjudication with the clocks as they stood when play stopped, and the players are told of the end again, with the analyses due by 2027-03-30, 30 days from the notice, the end being past (P-10)",
      expect.stringMatching(
        /^FC26A\/4, FC26A\/5, FC26A\/6, FC26A\/7, FC26A\/8, … \(12 games\) are in play, but the event's end date in the config, 2027-01-10, is past: they go to adjudication at the next sweep \(P-10\), the players asked for their analyses by 2027-03-30, 30 days from the notice, the end being past; the clocks stand as on 2027-01-10, or at a move sent after it, and nothing is lost on time from then on\. Moves sent after 2027-01-10 stand, in FC26A\/4: the end was later when they were played\. If the end is meant to be later/,
      ),
    ]);
  });
});
