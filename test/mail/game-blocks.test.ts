// P-2e, P-5a: which games a mail holds moves for, by the lines that start a game's block.

import { describe, expect, it } from 'vitest';
import { gamesWithMoves } from '../../src/mail/game-blocks.ts';
import { readInbound } from '../../src/mail/index.ts';

async function read(body: string) {
  const r = await readInbound(
    Buffer.from(
      `From: Karl <karl@gmx.example>\r\nTo: referee@club.example\r\nSubject: Züge\r\nDate: Sun, 10 Jan 2027 08:00:00 +0000\r\nMessage-ID: <b@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    ),
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const keys = (games: { event: string; game: string }[]) => games.map((g) => `${g.event}/${g.game}`);

describe('gamesWithMoves (P-2e, P-5a)', () => {
  it('reads a block per game tag, bracketed, bare with a colon, or on a game line', async () => {
    const mail = await read(
      '[CC27/1] 1.e4\n[CC27/2] 1.e4 c5\nCC27/5: 1.c4 erhalten 8.1.2027\nPartie: CC27/6\n1.d4\n\nGruß, Karl',
    );
    expect(keys(gamesWithMoves(mail))).toEqual(['CC27/1', 'CC27/2', 'CC27/5', 'CC27/6']);
  });
  it('gives the lines before the first block to the game the subject names', async () => {
    const mail = await read('1.e4\n\nGame: CC27/5\n1.d4');
    expect(keys(gamesWithMoves(mail, { event: 'CC27', game: '1' }))).toEqual(['CC27/1', 'CC27/5']);
    // Without a game named for them, those moves belong to no block.
    expect(keys(gamesWithMoves(mail))).toEqual(['CC27/5']);
  });
  it('counts a game once, and a block without moves not at all', async () => {
    const mail = await read(
      '[CC27/1] 1.e4\n[CC27/1] also 2.Nf3 if 1...e5\nCC27/2: answer tomorrow',
    );
    expect(keys(gamesWithMoves(mail))).toEqual(['CC27/1']);
  });
  it('takes no result, date or mention in a sentence for a game', async () => {
    const mail = await read('1.e4\n1/2 is fine with me\nIn CC27/2 I play 1.d4 tomorrow');
    // No line starts a block: the mail is the subject's game's alone.
    expect(gamesWithMoves(mail, { event: 'CC27', game: '1' })).toEqual([]);
  });
});
