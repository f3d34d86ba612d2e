// A small MIME writer for the fixture corpus (make-fixtures.ts): bodies really encoded in the
// charset they declare (iconv-lite), quoted-printable and base64 written out by hand, CRLF line
// ends, RFC 2047 encoded words in headers — so the .eml files look like what clients send.

import iconv from 'iconv-lite';

export type Charset =
  | 'utf-8'
  | 'iso-8859-2'
  | 'windows-1250'
  | 'windows-1251'
  | 'koi8-r'
  | 'us-ascii';
export type TransferEncoding = '7bit' | '8bit' | 'quoted-printable' | 'base64';

export interface Leaf {
  type: string;
  charset?: Charset;
  /** Extra Content-Type parameters, e.g. `format=flowed; delsp=yes`. */
  params?: string;
  cte: TransferEncoding;
  body: string | Buffer;
  headers?: string[];
}

export interface Multi {
  multipart: string;
  params?: string;
  parts: Part[];
  preamble?: string;
}

export type Part = Leaf | Multi;

const CRLF = '\r\n';
let boundaryCount = 0;

export function encodeCharset(text: string, charset: Charset): Buffer {
  return charset === 'utf-8' || charset === 'us-ascii'
    ? Buffer.from(text, 'utf8')
    : iconv.encode(text, charset);
}

export function quotedPrintable(bytes: Buffer): string {
  const text = bytes.toString('latin1').replace(/\r\n/g, '\n');
  const out: string[] = [];
  for (const line of text.split('\n')) {
    let encoded = '';
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      const last = i === line.length - 1;
      const plain =
        (code >= 33 && code <= 126 && code !== 61) || ((code === 32 || code === 9) && !last);
      encoded += plain ? line[i] : `=${code.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    while (encoded.length > 76) {
      let cut = 75;
      if (encoded[cut - 1] === '=') cut -= 1;
      else if (encoded[cut - 2] === '=') cut -= 2;
      out.push(`${encoded.slice(0, cut)}=`);
      encoded = encoded.slice(cut);
    }
    out.push(encoded);
  }
  return out.join(CRLF);
}

export function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);
}

/** An RFC 2047 encoded word when the text is not plain ASCII. */
export function word(text: string, charset: Charset = 'utf-8', mode: 'B' | 'Q' = 'B'): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const bytes = encodeCharset(text, charset);
  if (mode === 'B') return `=?${charset.toUpperCase()}?B?${bytes.toString('base64')}?=`;
  const q = [...bytes]
    .map((byte) =>
      byte === 32
        ? '_'
        : byte > 32 && byte < 127 && !'=?_'.includes(String.fromCharCode(byte))
          ? String.fromCharCode(byte)
          : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
  return `=?${charset.toUpperCase()}?Q?${q}?=`;
}

export function address(name: string, email: string, charset: Charset = 'utf-8'): string {
  if (name === '') return email;
  const shown = /^[\w .-]*$/.test(name)
    ? name
    : /^[\x20-\x7e]*$/.test(name)
      ? `"${name}"`
      : word(name, charset);
  return `${shown} <${email}>`;
}

function renderLeaf(leaf: Leaf): Buffer {
  const charset = leaf.charset ? `; charset="${leaf.charset}"` : '';
  const params = leaf.params ? `; ${leaf.params}` : '';
  const head = [
    `Content-Type: ${leaf.type}${charset}${params}`,
    `Content-Transfer-Encoding: ${leaf.cte}`,
    ...(leaf.headers ?? []),
  ];
  const bytes =
    typeof leaf.body === 'string' ? encodeCharset(leaf.body, leaf.charset ?? 'utf-8') : leaf.body;
  let body: Buffer;
  if (leaf.cte === 'quoted-printable') body = Buffer.from(quotedPrintable(bytes), 'latin1');
  else if (leaf.cte === 'base64') body = Buffer.from(base64Lines(bytes), 'latin1');
  else body = Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, CRLF), 'latin1');
  return Buffer.concat([Buffer.from(head.join(CRLF) + CRLF + CRLF, 'latin1'), body]);
}

export function renderPart(part: Part): Buffer {
  if (!('multipart' in part)) return renderLeaf(part);
  boundaryCount += 1;
  const boundary = `----=_Part_${boundaryCount}_${(1234567 * boundaryCount).toString(36)}`;
  const params = part.params ? `; ${part.params}` : '';
  const chunks: Buffer[] = [
    Buffer.from(
      `Content-Type: multipart/${part.multipart}; boundary="${boundary}"${params}${CRLF}${CRLF}`,
      'latin1',
    ),
  ];
  if (part.preamble) chunks.push(Buffer.from(part.preamble.replace(/\n/g, CRLF) + CRLF, 'latin1'));
  for (const child of part.parts) {
    chunks.push(
      Buffer.from(`--${boundary}${CRLF}`, 'latin1'),
      renderPart(child),
      Buffer.from(CRLF, 'latin1'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`, 'latin1'));
  return Buffer.concat(chunks);
}

/** A whole message: top-level headers (already encoded), MIME-Version, then the body part. */
export function message(headers: string[], body: Part): Buffer {
  return Buffer.concat([
    Buffer.from(headers.join(CRLF) + CRLF + 'MIME-Version: 1.0' + CRLF, 'latin1'),
    renderPart(body),
  ]);
}
