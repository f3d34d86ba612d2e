// The embedded default's inbox: a Maildir read oldest first, settled into the folder of its
// outcome, never deleted; a file still being written (empty, dropped into new/ without tmp/) is
// left until it has its bytes, so no mail is read half-written and lost as unreadable.

import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMaildirInbox, ensureMaildir } from '../../src/daemon/maildir-inbox.ts';
import type { InboundItem } from '../../src/daemon/transport.ts';

async function collect(inbox: ReturnType<typeof createMaildirInbox>): Promise<InboundItem[]> {
  const items: InboundItem[] = [];
  for await (const item of inbox.pending()) items.push(item);
  return items;
}

describe('the Maildir inbox', () => {
  it('reads oldest first, dated by the file, leaves an empty file until it is written, files by outcome', async () => {
    const root = mkdtempSync(join(tmpdir(), 'amici-maildir-'));
    await ensureMaildir(root);
    const put = (dir: 'new' | 'cur', name: string, text: string, iso: string) => {
      writeFileSync(join(root, dir, name), text);
      utimesSync(join(root, dir, name), new Date(iso), new Date(iso));
    };
    put('new', 'b.eml', 'Subject: second\r\n\r\nb', '2026-11-03T10:00:00Z');
    put('cur', 'a.eml:2,S', 'Subject: first\r\n\r\na', '2026-11-02T10:00:00Z');
    put('new', 'c.eml', '', '2026-11-01T10:00:00Z'); // still being copied in
    const inbox = createMaildirInbox(root);

    const items = await collect(inbox);
    expect(items.map((i) => [i.id, i.receivedAt])).toEqual([
      ['cur/a.eml:2,S', '2026-11-02T10:00:00.000Z'],
      ['new/b.eml', '2026-11-03T10:00:00.000Z'],
    ]);
    await inbox.settle(items[0]!, 'done');
    await inbox.settle(items[1]!, 'rejected');
    await inbox.settle(items[1]!, 'rejected'); // already filed: no error
    expect(readdirSync(join(root, '.amici.done', 'cur'))).toEqual(['a.eml:2,S']);
    expect(readdirSync(join(root, '.amici.rejected', 'cur'))).toEqual(['b.eml:2,S']);

    // The copy finishes: now it is read.
    put('new', 'c.eml', 'Subject: third\r\n\r\nc', '2026-11-04T10:00:00Z');
    expect((await collect(inbox)).map((i) => i.id)).toEqual(['new/c.eml']);
  });
});
