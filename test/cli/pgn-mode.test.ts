// A legacy postal event with mixed games (P-2m: by agreement, moves may go by email): two
// players by post, two by email, one game with one of each. Each game's PGN says how its own
// moves travelled: Mode "EM" for the game all by email, "PM" for the games with a player by
// post. Site is a place (PGN 8.1.1.2), the event's `site`, the same for every game; "?" when
// the config gives none.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePgn } from 'chessops/pgn';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

const CONFIG = `from: { name: amici referee, address: referee@club.example }
inbox: { kind: maildir, path: ./inbox }
outbox: { kind: pickup, path: ./outbox }
store: { path: ./amici.sqlite }
events:
  - name: Postal Cup 2027
    tag: MPK27
    site: Kraków POL
    mode: postal
    transitDays: 3
    td: { name: Anna Nowak, address: td@club.example }
    timeZone: Europe/Warsaw
    players:
      - { id: ann, name: Ann Archer, addresses: [ann@club.example] }
      - { id: bob, name: Bob Baker, addresses: [bob@club.example] }
      - { id: cid, name: Cid Cooper, addresses: [cid@club.example], post: false }
      - { id: dan, name: Dan Dyer, addresses: [dan@club.example], post: false }
    games:
      - { id: "1", white: ann, black: bob, startsOn: 2027-01-04 }
      - { id: "2", white: cid, black: dan, startsOn: 2027-01-04 }
      - { id: "3", white: ann, black: cid, startsOn: 2027-01-04 }
      - { id: "4", white: bob, black: dan, startsOn: 2027-01-04, mode: email }
`;

describe('amici pgn: each game says how its own moves travel (P-2m)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amici-pgn-mode-'));
  const config = join(dir, 'amici.yaml');
  writeFileSync(config, CONFIG);
  const cli = async (...args: string[]) => {
    const r = await runCli([...args, '--config', config]);
    expect(r.code, r.err).toBe(0);
    return r.out;
  };

  it('P-2m: in a postal event, the game of two players by email is "EM", the mixed game "PM" by post and email', async () => {
    const tags = async (game: string) => {
      const [parsed] = parsePgn(await cli('pgn', game));
      return { Site: parsed!.headers.get('Site'), Mode: parsed!.headers.get('Mode') };
    };
    expect(await tags('MPK27/1')).toEqual({ Site: 'Kraków POL', Mode: 'PM' });
    expect(await tags('MPK27/2')).toEqual({ Site: 'Kraków POL', Mode: 'EM' });
    expect(await tags('MPK27/3')).toEqual({ Site: 'Kraków POL', Mode: 'PM' });
    // A game's own mode is the last word: both players by email, whatever Bob's.
    expect(await tags('MPK27/4')).toEqual({ Site: 'Kraków POL', Mode: 'EM' });
    const modes = parsePgn(await cli('pgn', '--event', 'MPK27')).map((g) => g.headers.get('Mode'));
    expect(modes).toEqual(['PM', 'EM', 'PM', 'EM']);
  });
});
