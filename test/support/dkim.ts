// DKIM for tests: a signing key per domain, mail signed with it by mailauth (as a provider signs
// what its users send), and a DNS resolver that publishes the keys — the only DNS the tests
// use, so no test depends on the network.

import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import type { DnsResolver } from '../../src/daemon/authenticate.ts';

export const SELECTOR = 'mail2026';

export interface DkimDomain {
  domain: string;
  /** PEM, for mailauth or nodemailer's `dkim.privateKey`. */
  privateKey: string;
  /** The TXT record of `${SELECTOR}._domainkey.${domain}`. */
  record: string;
}

export function dkimDomain(domain: string): DkimDomain {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    domain,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${p}`,
  };
}

/**
 * `raw` with a DKIM-Signature of `by` on top; `maxBodyLength` signs only the body's start (l=),
 * `headerList` the fields named (`from:from:…` signs two From fields).
 */
export async function signMail(
  raw: Buffer,
  by: DkimDomain,
  options: { maxBodyLength?: number; headerList?: string } = {},
): Promise<Buffer> {
  const signature = {
    signingDomain: by.domain,
    selector: SELECTOR,
    privateKey: by.privateKey,
    ...options,
  };
  // mailauth signs with the entries of signatureData (the top-level fields are their defaults).
  const r = await dkimSign(raw, { ...signature, signatureData: [signature] });
  if (r.errors.length || !r.signatures) throw new Error(`not signed: ${JSON.stringify(r.errors)}`);
  return Buffer.concat([Buffer.from(r.signatures), raw]);
}

/**
 * DNS that publishes the keys of `domains` and nothing else ("not found"), counting its lookups;
 * `down()` makes every lookup time out, as an unreachable resolver does.
 */
export function keyServer(domains: readonly DkimDomain[]) {
  let failing = false;
  const lookups: string[] = [];
  const resolver: DnsResolver = async (name, rrtype) => {
    lookups.push(`${rrtype} ${name}`);
    if (failing) throw Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });
    const d = domains.find((x) => name === `${SELECTOR}._domainkey.${x.domain}`);
    if (rrtype === 'TXT' && d) return [[d.record]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  return {
    resolver,
    lookups,
    down: (on = true) => {
      failing = on;
    },
  };
}
