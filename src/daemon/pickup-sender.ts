// The embedded default sender: every outgoing mail is written as a ready .eml file into a
// pickup directory (for another program — or a person — to send). Written atomically (a temp
// file renamed into place) and named by Message-ID, so writing the same mail twice is harmless.

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutgoingMail, Sender, SendResult } from './transport.ts';

export const pickupFileName = (messageId: string) =>
  `${messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_')}.eml`;

export function createPickupSender(dir: string): Sender {
  return {
    name: `pickup ${dir}`,
    async send(mail: OutgoingMail): Promise<SendResult> {
      try {
        await mkdir(dir, { recursive: true });
        const name = pickupFileName(mail.messageId);
        const tmp = join(dir, `.${name}.tmp`);
        await writeFile(tmp, mail.raw);
        await rename(tmp, join(dir, name));
        return { ok: true, response: name };
      } catch (e) {
        return { ok: false, permanent: false, error: String((e as Error).message) };
      }
    },
    async close() {},
  };
}
