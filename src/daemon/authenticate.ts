// Who sent a mail (P-2d: a transmission names its sender — name, address, signature). The From
// line of an email is whatever its writer typed, so anyone can send "1.e4" in a player's name.
// The signature email has is DKIM: the player's mail provider signs what it sends with a key
// published in its domain's DNS. A mail counts as the player's when one of its DKIM signatures
// verifies (mailauth) and its signing domain is the From address's own domain (aligned, as
// DMARC means it: the same organisational domain), and it covers the whole body (no `l=`, or a
// move could be appended after the signed part). The mail must name exactly one sender, the
// one amici reads it as from: with two From fields (or two addresses in one) a signature can
// cover one sender while a mail reader takes the other. Anything else is no proof of its sender.

import { promises as dns } from 'node:dns';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';

/** Looks up DNS records the way mailauth expects (`dns.promises.resolve`'s shape). */
export type DnsResolver = (name: string, rrtype: string) => Promise<string[][] | string[]>;

export type SenderCheck =
  /** A signature of the From domain verifies. */
  | { verdict: 'pass'; domain: string }
  /** No signature proves the sender; `reason` says why, in words a player can act on. */
  | { verdict: 'fail'; reason: SenderFailure; detail: string }
  /** The key could not be looked up now (DNS down): ask again later, decide nothing yet. */
  | { verdict: 'temporary'; detail: string };

/** Why a mail is no proof of its sender; each has a sentence (`senderCheck.*`) in every language. */
export const SENDER_FAILURES = [
  'unsigned',
  'other-domain',
  'altered',
  'no-key',
  'partial',
  'several-senders',
  'invalid',
] as const;
export type SenderFailure = (typeof SENDER_FAILURES)[number];

export interface SenderCheckOptions {
  /** The address amici takes the mail to be from (its From, as the mail reader parsed it). */
  from: string;
  resolver: DnsResolver;
  /** The instant the mail arrived: an expired signature (`x=`) is judged as of then. */
  at: Date;
}

/** Verify the DKIM signatures of `raw` against its From address's domain. */
export async function checkSender(raw: Buffer, options: SenderCheckOptions): Promise<SenderCheck> {
  const result = await dkimVerify(raw, { resolver: options.resolver, curTime: options.at });
  const dkim = (result.results ?? []).filter((r) => r.signingDomain);
  const describe = (r: (typeof dkim)[number]) =>
    `d=${r.signingDomain} ${r.status.result}${r.status.comment ? ` (${r.status.comment})` : ''}`;
  const detail = dkim.length ? dkim.map(describe).join('; ') : 'no DKIM-Signature header';
  const senders = result.headerFrom ?? [];
  if (
    result.fromFields !== 1 ||
    senders.length !== 1 ||
    senders[0]!.toLowerCase() !== options.from.toLowerCase()
  ) {
    const named = `${result.fromFields} From field(s) naming ${senders.join(', ') || 'nobody'}`;
    return { verdict: 'fail', reason: 'several-senders', detail: `${named}; ${detail}` };
  }
  const good = dkim.find(
    (r) => r.status.result === 'pass' && r.status.aligned && !r.status.underSized,
  );
  if (good) return { verdict: 'pass', domain: String(good.signingDomain) };
  const aligned = dkim.filter((r) => r.status.aligned);
  if (aligned.some((r) => r.status.result === 'temperror')) return { verdict: 'temporary', detail };
  const fail = (reason: SenderFailure): SenderCheck => ({ verdict: 'fail', reason, detail });
  if (!dkim.length) return fail('unsigned');
  if (!aligned.length) return fail('other-domain');
  if (aligned.some((r) => r.status.result === 'pass')) return fail('partial');
  if (aligned.some((r) => r.status.comment === 'no key')) return fail('no-key');
  if (aligned.some((r) => /body hash did not verify|bad signature/.test(String(r.status.comment))))
    return fail('altered');
  return fail('invalid');
}

/**
 * A resolver that keeps answers (and "no such record") for `ttlMs`: a backlog's mails from one
 * provider look its key up once, not once a mail. Failures other than "not found" are not kept.
 */
export function cachingResolver(
  resolve: DnsResolver = (name, rrtype) => dns.resolve(name, rrtype) as Promise<string[][]>,
  ttlMs = 10 * 60_000,
  now: () => number = Date.now,
): DnsResolver {
  const kept = new Map<string, { until: number; answer: ReturnType<DnsResolver> }>();
  return (name, rrtype) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    const hit = kept.get(key);
    if (hit && hit.until > now()) return hit.answer;
    const answer = resolve(name, rrtype);
    const entry = { until: now() + ttlMs, answer };
    kept.set(key, entry);
    answer.catch((e: { code?: string }) => {
      if (e?.code !== 'ENOTFOUND' && e?.code !== 'ENODATA' && kept.get(key) === entry)
        kept.delete(key);
    });
    if (kept.size > 1_000) kept.delete(kept.keys().next().value!);
    return answer;
  };
}
