// The mail a service's outbox hands over, caught and parsed: `flush()` sends what is due to a
// sender that accepts everything and returns the mails sent since the last call, parsed.

import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import type { RefereeService } from '../../src/daemon/referee-service.ts';
import type { OutgoingMail } from '../../src/daemon/transport.ts';

export function outboxCatcher(
  service: RefereeService,
): () => Promise<{ to: string[]; mail: ParsedMail }[]> {
  const sent: OutgoingMail[] = [];
  return async () => {
    const from = sent.length;
    await service.flushOutbox({
      name: 'test',
      send: async (m) => {
        sent.push(m);
        return { ok: true };
      },
      close: async () => {},
    });
    return Promise.all(
      sent.slice(from).map(async (m) => ({ to: m.to, mail: await simpleParser(m.raw) })),
    );
  };
}
