import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  eventRulesOf,
  gameModeOf,
  loadConfig,
  playsByPost,
  secret,
  validateConfig,
} from '../../src/config/load-config.ts';
import { clubConfig } from '../support/config.ts';

const EXAMPLE = fileURLToPath(new URL('../../config/example.yaml', import.meta.url));

const minimal = () =>
  clubConfig({
    players: [
      { id: 'a', name: 'A', addresses: ['a@x.example'] },
      { id: 'b', name: 'B', addresses: ['b@x.example'] },
    ],
    games: [{ id: '1', white: 'a', black: 'b', startsOn: '2026-12-01' }],
  });

describe('configuration', () => {
  it('the example event a TD copies is valid, with every rule setting', async () => {
    const r = await loadConfig(EXAMPLE);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const e = r.config.events[0]!;
    expect(e.games).toHaveLength(3);
    expect(r.config.store.path).toMatch(/\/config\/var\/amici\.sqlite$/);
    expect(eventRulesOf(e)).toMatchObject({
      timeControl: { preset: 'postal', moves: 10, days: 30 },
      penaltyDays: 5,
      leavePerYear: 30,
      excessesAllowed: 1,
      endDate: '2027-12-31',
    });
  });
  it('P-2d: a mailbox on a server requires a DKIM signature of the player’s domain unless told otherwise; a player can be exempted', () => {
    const c = minimal();
    Object.assign(c, {
      inbox: { kind: 'imap', host: 'imap.club.example', user: 'u', passwordEnv: 'AMICI_PW' },
    });
    Object.assign(c.events[0]!.players[1]!, { authentication: 'none' });
    const r = validateConfig(c, '/srv/amici');
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.config.inbox.authentication).toBe('dkim');
    expect(r.config.events[0]!.players.map((p) => p.authentication)).toEqual([undefined, 'none']);
  });
  it('defaults: postal 10/30, 5-day penalty, 14-day reminders, English, auto notation', () => {
    const r = validateConfig(minimal(), '/srv/amici');
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.config.events[0]).toMatchObject({
      timeControl: { preset: 'postal' },
      penaltyDays: 5,
      reminderDays: 14,
      language: 'en',
      notation: 'auto',
    });
    // The embedded Maildir checks no signatures; an IMAP mailbox does (below).
    expect(r.config.inbox).toEqual({
      kind: 'maildir',
      path: '/srv/amici/in',
      authentication: 'none',
    });
  });
  const broken: [string, (c: ReturnType<typeof minimal>) => void, string][] = [
    [
      'a bad address',
      (c) => (c.events[0]!.players[0]!.addresses = ['not-an-address']),
      'events[0].players[0].addresses[0]: expected an email address',
    ],
    [
      'an unknown player in a game',
      (c) => (c.events[0]!.games[0]!.black = 'zz'),
      'events[0].games[0].black: no player with id "zz"',
    ],
    [
      'a bad time zone',
      (c) => (c.events[0]!.timeZone = 'Mars/Olympus'),
      'events[0].timeZone: expected an IANA time zone',
    ],
    [
      'a bad date',
      (c) => (c.events[0]!.games[0]!.startsOn = '1.12.2026'),
      'events[0].games[0].startsOn: expected a date YYYY-MM-DD',
    ],
    [
      'a password in the file',
      (c) =>
        Object.assign(c, { inbox: { kind: 'imap', host: 'h', user: 'u', passwordEnv: 'hunter2' } }),
      'inbox.passwordEnv: expected the NAME of an environment variable holding the secret (such as AMICI_IMAP_PASSWORD), never the secret itself',
    ],
    [
      'a password written under password: (said once, with what to write instead)',
      (c) =>
        Object.assign(c, { inbox: { kind: 'imap', host: 'h', user: 'u', password: 'hunter2' } }),
      'inbox: unknown key "password": a password is never written in this file; give passwordEnv: NAME, the name of an environment variable holding the password, never the password itself',
    ],
    [
      'a password and a token command both',
      (c) =>
        Object.assign(c, {
          inbox: {
            kind: 'imap',
            host: 'h',
            user: 'u',
            passwordEnv: 'AMICI_PW',
            tokenCommand: ['oama', 'access', 'u'],
          },
        }),
      'inbox.tokenCommand: give passwordEnv or tokenCommand, not both',
    ],
    [
      'an IMAP login with neither a password nor a token command',
      (c) => Object.assign(c, { inbox: { kind: 'imap', host: 'h', user: 'u' } }),
      'inbox.passwordEnv: expected passwordEnv: the name of an environment variable holding the password, never the password itself',
    ],
    [
      'an empty token command',
      (c) => Object.assign(c, { inbox: { kind: 'imap', host: 'h', user: 'u', tokenCommand: [] } }),
      'inbox.tokenCommand: expected [program, args…]',
    ],
    [
      'an SMTP token command with no user',
      (c) =>
        Object.assign(c, { outbox: { kind: 'smtp', host: 'h', tokenCommand: ['oama', 'access'] } }),
      'outbox.user: expected the user to log in as',
    ],
    [
      'an unknown way of checking senders',
      (c) => Object.assign(c.inbox, { authentication: 'spf' }),
      'inbox.authentication: Invalid option: expected one of "dkim"|"none"',
    ],
    [
      'an unknown key',
      (c) => Object.assign(c.events[0]!, { penalty: 5 }),
      'events[0]: unknown key "penalty" — in event CLUB',
    ],
    [
      'a key misspelt: the slip is named with the key meant, not also reported missing',
      (c) => {
        const e = c.events[0] as Record<string, unknown>;
        e.timezone = e.timeZone;
        delete e.timeZone;
      },
      'events[0]: unknown key "timezone"; did you mean "timeZone"? — in event CLUB',
    ],
    [
      'a time control preset misspelt: the presets there are, and the one meant',
      (c) => Object.assign(c.events[0]!, { timeControl: { preset: 'postl' } }),
      'events[0].timeControl.preset: unknown preset "postl"; expected postal, iccf, triple-block, per-move; did you mean "postal"? — in event CLUB',
    ],
    [
      'the TD left out: said missing, with what to write',
      (c) => delete (c.events[0] as Record<string, unknown>).td,
      'events[0].td: missing: expected td: { name: …, address: … } — in event CLUB',
    ],
    [
      'a player’s mistake names the player, not only the place in the list',
      (c) => Object.assign(c.events[0]!.players[1]!, { language: 'cz' }),
      'events[0].players[1].language: expected a language: en pl de fr es it ru eo cs nl sv uk — in event CLUB, player b',
    ],
    [
      'a shared address',
      (c) => (c.events[0]!.players[1]!.addresses = ['a@x.example']),
      "events[0].players[1].addresses[0]: a@x.example is also a's address — in event CLUB, player b",
    ],
    [
      'a player id given twice (the second would take the first one’s games)',
      (c) => c.events[0]!.players.push({ id: 'a', name: 'C', addresses: ['c@x.example'] }),
      `events[0].players[2].id: player id "a" is also players[0]'s`,
    ],
    [
      'a game id given twice (one game would vanish)',
      (c) => c.events[0]!.games.push({ id: '1', white: 'b', black: 'a', startsOn: '2026-12-01' }),
      `events[0].games[1].id: game id "1" is also games[0]'s`,
    ],
    [
      'a player on both sides of a game',
      (c) => (c.events[0]!.games[0]!.black = 'a'),
      'events[0].games[0].black: "a" is White in this game too',
    ],
    [
      'a sweep schedule cron cannot read (the daemon would stop at start)',
      (c) => Object.assign(c, { sweep: 'every hour' }),
      'sweep: expected a cron schedule such as "0 * * * *"',
    ],
    [
      'two events with one tag (they would share their games)',
      (c) => c.events.push({ ...c.events[0]!, tag: 'club' }),
      `events[1].tag: tag "club" is also events[0]'s`,
    ],
    [
      'P-10: an end date before the games start (a slip of the year): both dates named',
      (c) => Object.assign(c.events[0]!, { endDate: '2025-12-31' }),
      'events[0].endDate: endDate 2025-12-31, the last day of play (P-10), is before game 1 startsOn 2026-12-01',
    ],
    [
      'P-10: with pairings, the end date before pairings.startsOn',
      (c) => {
        const e = c.events[0] as Record<string, unknown>;
        delete e.games;
        Object.assign(e, {
          endDate: '2026-12-31',
          pairings: { system: 'round-robin', startsOn: '2027-01-04' },
        });
      },
      'events[0].endDate: endDate 2026-12-31, the last day of play (P-10), is before pairings.startsOn 2027-01-04: the games would go to adjudication before their first move. Check the year of both dates',
    ],
    [
      'a bad notation',
      (c) => Object.assign(c.events[0]!.players[0]!, { notation: 'klingon' }),
      'events[0].players[0].notation: expected a notation',
    ],
  ];
  for (const [name, breakIt, message] of broken) {
    it(`names the path and what is expected: ${name}`, () => {
      const c = minimal();
      breakIt(c);
      const r = validateConfig(c, '/srv');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.join('\n')).toContain(message);
    });
  }
  it('a password under password: is named once, not also as a missing passwordEnv', () => {
    const c = minimal();
    Object.assign(c, { inbox: { kind: 'imap', host: 'h', user: 'u', password: 'hunter2' } });
    const r = validateConfig(c, '/srv');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).not.toContain('hunter2');
    }
  });
  it('YAML syntax errors give the line', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/amici-cfg-`);
    writeFileSync(`${dir}/bad.yaml`, 'from:\n  address: [oops\n');
    const r = await loadConfig(`${dir}/bad.yaml`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(/bad\.yaml:\d+:\d+/);
  });
  it('secrets come from the environment by name, never from the file', () => {
    expect(secret('AMICI_TEST_SECRET', { AMICI_TEST_SECRET: 's3cret' })).toBe('s3cret');
    expect(secret('AMICI_TEST_SECRET', {})).toBeUndefined();
    expect(parse('x: 1')).toEqual({ x: 1 });
  });

  describe("a game by post or by email: the event's mode, a player's post, a game's mode (P-2m, P-3a)", () => {
    /** An event of mode `mode` with players a, b (post: true), c (post: false), d. */
    const mixed = (mode: 'email' | 'postal', games: Record<string, unknown>[]) => {
      const c = clubConfig({
        mode,
        transitDays: 3,
        players: [
          { id: 'a', name: 'A', addresses: ['a@x.example'] },
          { id: 'b', name: 'B', addresses: ['b@x.example'], post: true },
          { id: 'c', name: 'C', addresses: ['c@x.example'], post: false },
          { id: 'd', name: 'D', addresses: ['d@x.example'] },
        ],
        games: games.map((g, i) => ({ id: String(i + 1), startsOn: '2026-12-01', ...g })),
      });
      const r = validateConfig(c, '/srv/amici');
      if (!r.ok) throw new Error(r.errors.join('\n'));
      const e = r.config.events[0]!;
      return e.games.map((g) => {
        const byPost = {
          white: playsByPost(e, g, e.players.find((p) => p.id === g.white)!),
          black: playsByPost(e, g, e.players.find((p) => p.id === g.black)!),
        };
        return { mode: gameModeOf(byPost), rules: eventRulesOf(e, byPost) };
      });
    };

    it("a postal event: a game's mode email makes it all email, a player's post: false a mixed game", () => {
      const games = mixed('postal', [
        { white: 'a', black: 'd', mode: 'email' },
        { white: 'a', black: 'd' },
        { white: 'a', black: 'c' },
        { white: 'c', black: 'b', mode: 'postal' },
      ]);
      expect(games.map((g) => g.mode)).toEqual(['email', 'postal', 'mixed', 'postal']);
      // The reminder's transit (P-3a) counts for the players by post only.
      expect(games[0]!.rules.byPost).toEqual({ white: false, black: false });
      expect(games[2]!.rules.byPost).toEqual({ white: true, black: false });
    });

    it('an email event: a player with post: true plays every game of theirs by post', () => {
      const games = mixed('email', [
        { white: 'a', black: 'd' },
        { white: 'b', black: 'a' },
        { white: 'a', black: 'b', mode: 'email' },
      ]);
      expect(games.map((g) => g.mode)).toEqual(['email', 'mixed', 'email']);
    });

    it('an event that sets no mode game by game keeps its rules as they were: the transit counts for every game', () => {
      const r = validateConfig(
        { ...minimal(), events: [{ ...minimal().events[0]!, mode: 'postal', transitDays: 3 }] },
        '/srv/amici',
      );
      if (!r.ok) throw new Error(r.errors.join('\n'));
      const e = r.config.events[0]!;
      expect(eventRulesOf(e, { white: true, black: true }).byPost).toBeUndefined();
    });

    it('a mode misspelt, a post that is not true or false: named, with the game or player', () => {
      const c = minimal();
      Object.assign(c.events[0]!.games[0]!, { mode: 'post' });
      Object.assign(c.events[0]!.players[0]!, { post: 'yes' });
      const r = validateConfig(c, '/srv/amici');
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.errors).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^events\[0\]\.games\[0\]\.mode: .*"email"\|"postal" — in event .*, game 1$/,
          ),
          expect.stringMatching(
            /^events\[0\]\.players\[0\]\.post: .*boolean.* — in event .*, player a$/,
          ),
        ]),
      );
      expect(r.errors).toHaveLength(2);
    });

    it("P-2m: a player's postal address, where the TD posts their mail: kept as written, a blank one named", () => {
      const c = minimal();
      Object.assign(c.events[0]!.players[0]!, {
        post: true,
        postalAddress: ' Dlouhá 5, 110 00 Praha 1 ',
      });
      const r = validateConfig(c, '/srv/amici');
      if (!r.ok) throw new Error(r.errors.join('\n'));
      expect(r.config.events[0]!.players[0]!.postalAddress).toBe('Dlouhá 5, 110 00 Praha 1');
      expect(r.config.events[0]!.players[1]!.postalAddress).toBeUndefined();
      Object.assign(c.events[0]!.players[0]!, { postalAddress: '  ' });
      const blank = validateConfig(c, '/srv/amici');
      expect(blank.ok).toBe(false);
      if (blank.ok) return;
      expect(blank.errors).toEqual([
        expect.stringMatching(
          /^events\[0\]\.players\[0\]\.postalAddress: expected a postal address — in event .*, player a$/,
        ),
      ]);
    });

    it("a player's rating and ids for the PGN (WhiteElo, WhiteFideId, WhiteIccfId): an id kept as its digits, a wrong one named", () => {
      const c = minimal();
      Object.assign(c.events[0]!.players[0]!, { rating: 2105, fideId: 1100012, iccfId: '040123' });
      const r = validateConfig(c, '/srv/amici');
      if (!r.ok) throw new Error(r.errors.join('\n'));
      expect(r.config.events[0]!.players[0]).toMatchObject({
        rating: 2105,
        fideId: '1100012',
        iccfId: '040123',
      });
      Object.assign(c.events[0]!.players[0]!, { rating: '2105', fideId: 'FIDE 1100012' });
      const wrong = validateConfig(c, '/srv/amici');
      expect(wrong.ok).toBe(false);
      if (wrong.ok) return;
      expect(wrong.errors).toEqual([
        expect.stringMatching(
          /^events\[0\]\.players\[0\]\.rating: expected a rating: a whole number such as 2105 — in event .*, player a$/,
        ),
        expect.stringMatching(
          /^events\[0\]\.players\[0\]\.fideId: expected a FIDE id: its digits — in event .*, player a$/,
        ),
      ]);
    });
  });
});
