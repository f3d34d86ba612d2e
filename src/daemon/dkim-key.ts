// The DKIM key the SMTP outbox signs amici's mail with (the players' providers judge amici's
// mail by it), read from the environment and checked at start-up. Apart from smtp-sender.ts so
// that reading it loads no nodemailer.

import { createPrivateKey } from 'node:crypto';

/** A DKIM signing key read from the environment (`readDkimKey`), or why it cannot sign. */
export type DkimKey =
  | { ok: true; pem: string; bits: number; escaped: boolean }
  | { ok: false; error: string };

/**
 * The DKIM private key as the environment gives it, checked before any mail goes out: nodemailer
 * sends a mail unsigned, without a word, when its key cannot be read. A PEM written on one line
 * with literal `\n` between its lines (a systemd EnvironmentFile, a .env file) is read as the
 * lines it stands for (`escaped`); surrounding quotes are dropped. Anything else that is not an
 * unencrypted RSA private key of at least 1024 bits (RFC 8301) is refused, with the reason.
 */
export function readDkimKey(text: string): DkimKey {
  let pem = text.trim();
  const quoted = /^(["'])([\s\S]*)\1$/.exec(pem);
  if (quoted) pem = quoted[2]!.trim();
  const escaped = !pem.includes('\n') && /\\n/.test(pem);
  if (escaped) pem = pem.replace(/(?:\\r)?\\n/g, '\n');
  if (/-----BEGIN [A-Z ]*PUBLIC KEY-----/.test(pem))
    return { ok: false, error: 'it is a public key; amici signs with the private key' };
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem))
    return {
      ok: false,
      error: 'it is not a private key in PEM form (no "-----BEGIN PRIVATE KEY-----" line)',
    };
  if (/ENCRYPTED/.test(pem))
    return { ok: false, error: 'the key is encrypted with a passphrase; give it unencrypted' };
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(pem);
  } catch (e) {
    const why = (e as Error).message.replace(/^error:[0-9A-F]+:/, '');
    return {
      ok: false,
      error: `the PEM private key cannot be read (${why}): is it whole, with its line breaks (or written on one line with \\n between the lines)?`,
    };
  }
  if (key.asymmetricKeyType !== 'rsa')
    return {
      ok: false,
      error: `it is an ${key.asymmetricKeyType?.toUpperCase() ?? 'unknown'} key; DKIM signing needs an RSA key`,
    };
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 1024)
    return {
      ok: false,
      error: `the RSA key has ${bits} bits; DKIM needs at least 1024 (RFC 8301)`,
    };
  return { ok: true, pem, bits, escaped };
}
