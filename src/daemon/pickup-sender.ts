// The embedded default sender: every outgoing mail is written as a ready .eml file into a
// pickup directory (for another program — or a person — to send). Written atomically (a temp
// file renamed into place) and named by Message-ID, so writing the same mail twice is harmless.
// The file and the directory entry are synced before the mail counts as sent: the outbox marks
// it sent in a commit that survives a power cut, and so must the file it points to.

import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutgoingMail, Sender, SendResult } from './transport.ts';

export const pickupFileName = (messageId: string) =>
  `${messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_')}.eml`;

/** fsync a file or a directory by path. */
async function syncPath(path: string, flags: 'r' | 'w', data?: Buffer): Promise<void> {
  const handle = await open(path, flags);
  try {
    if (data) await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createPickupSender(dir: string): Sender {
  return {
    name: `pickup ${dir}`,
    async send(mail: OutgoingMail): Promise<SendResult> {
      try {
        await mkdir(dir, { recursive: true });
        const name = pickupFileName(mail.messageId);
        const tmp = join(dir, `.${name}.tmp`);
        await syncPath(tmp, 'w', mail.raw);
        await rename(tmp, join(dir, name));
        await syncPath(dir, 'r');
        return { ok: true, response: name };
      } catch (e) {
        return { ok: false, permanent: false, error: String((e as Error).message) };
      }
    },
    async close() {},
  };
}
