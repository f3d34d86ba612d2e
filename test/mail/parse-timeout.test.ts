// A mail the MIME parser never finishes (a parser bug meeting a pathological message) must not
// stop the referee: it is set aside as unparseable after the time limit, and the next mail is read.

import { describe, expect, it, vi } from 'vitest';

vi.mock('mailparser', () => ({ simpleParser: () => new Promise(() => {}) }));

const { readMessage } = await import('../../src/mail/read-message.ts');

describe('a mail the parser never finishes', () => {
  it('is refused as unparseable after the time limit, with the reason', async () => {
    const r = await readMessage('From: a@b.example\r\nSubject: x\r\n\r\n1.e4\r\n', {
      parseTimeoutMs: 50,
    });
    expect(r).toEqual({ ok: false, error: 'unparseable', detail: 'not parsed within 50 ms' });
  });
});
