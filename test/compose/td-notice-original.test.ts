// The player's mail with the TD's notice (P-5a, P-5d): attached whole, or, when it is too big to
// mail, named by its ID in the archive, so the notice stays small.

import { describe, expect, it } from 'vitest';
import type { ComposeContext } from '../../src/compose/index.ts';
import { composeTdNotice, ORIGINAL_LIMIT } from '../../src/compose/index.ts';
import { foldGame } from '../../src/referee/index.ts';
import { gameLog, RULES } from './cases.ts';

const ctx: ComposeContext = {
  state: foldGame(gameLog('1.e4 e5 2.Nf3', '2026-10-01', 3)),
  rules: RULES,
  now: '2026-11-01',
  event: { name: 'World Championship 2026', tag: 'WCH26' },
  gameId: '7',
  players: {
    white: { name: 'Anna Nowak', lang: 'en', notation: 'san' },
    black: { name: 'Jan Novák', lang: 'en', notation: 'numeric' },
  },
  td: { name: 'Olena Petrenko', lang: 'en' },
};

const notice = (raw: Buffer) =>
  composeTdNotice(
    {
      kind: 'analysis',
      side: 'black',
      text: 'From: Jan <jan@x.example>\n\nMy analysis is attached.',
      original: { raw, inboundId: 42 },
    },
    ctx,
  );

describe("the TD's notice and the player's mail (P-5a)", () => {
  it('P-5a: a mail up to the limit is attached whole, as message/rfc822, and the notice says so', () => {
    const raw = Buffer.alloc(ORIGINAL_LIMIT, 'a');
    const mail = notice(raw);
    expect(mail.text).toContain(
      "The player's mail is attached as it was sent, with its attachments",
    );
    expect(mail.attachments.find((a) => a.contentType === 'message/rfc822')?.content).toBe(raw);
  });
  it('P-5a: a mail over the limit is not attached; the notice says where it is kept', () => {
    const mail = notice(Buffer.alloc(ORIGINAL_LIMIT + 1, 'a'));
    expect(mail.attachments.some((a) => a.contentType === 'message/rfc822')).toBe(false);
    expect(mail.text).toContain(
      "The player's mail is too large to attach; it is kept as it came, and `amici inbox show 42` prints it (rule P-5a).",
    );
  });
});
