// HTML mail bodies into plain text, line by line, with the quote blocks of common clients either
// kept as `> ` lines (for reading the whole message) or removed before conversion (for the
// player's new text, new-text.ts): Gmail `div.gmail_quote`, Apple Mail and Thunderbird
// `blockquote type=cite` and `moz-cite-prefix`, Yahoo `yahoo_quoted`; Outlook's reply header
// (`divRplyFwdMsg`, `appendonsend`, the `border-top:solid #E1E1E1` block) ends the new text.
// A small tolerant tokenizer, no DOM: mail HTML is often unbalanced, and we only need blocks.

export interface HtmlToTextOptions {
  /** Remove quoted replies and signatures and stop at Outlook's reply header. */
  stripQuotes?: boolean;
}

const TOKEN_RE =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9:_-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

const ATTR_RE = /([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

const VOID = new Set([
  'br',
  'hr',
  'img',
  'meta',
  'link',
  'input',
  'wbr',
  'col',
  'area',
  'base',
  'source',
]);
const SKIP_CONTENT = new Set(['head', 'style', 'script', 'title', 'template', 'xml']);
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'tbody',
  'thead',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'center',
  'section',
  'article',
  'header',
  'footer',
  'dl',
  'dt',
  'dd',
  'address',
  'body',
  'html',
]);

const QUOTE_CLASSES = [
  'gmail_quote',
  'gmail_quote_container',
  'gmail_extra',
  'moz-cite-prefix',
  'yahoo_quoted',
  'gmail_signature',
  'moz-signature',
  'protonmail_quote',
];
const QUOTE_IDS = ['ms-outlook-mobile-signature', 'signature'];
const END_IDS = [
  'divrplyfwdmsg',
  'appendonsend',
  'mail-editor-reference-message-container',
  'stopspelling',
];
const END_STYLE_RE = /border-top:\s*solid\s*#(?:e1e1e1|b5c4df)/i;

type Attributes = Record<string, string>;

function parseAttributes(source: string): Attributes {
  const attributes: Attributes = {};
  for (const match of source.matchAll(ATTR_RE)) {
    const name = match[1]?.toLowerCase();
    if (name) attributes[name] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

function isQuoteBlock(tag: string, attributes: Attributes): boolean {
  if (tag === 'blockquote') return true;
  const classes = (attributes.class ?? '').toLowerCase().split(/\s+/);
  if (classes.some((name) => QUOTE_CLASSES.includes(name.replace(/^x_/, '')))) return true;
  const id = (attributes.id ?? '').toLowerCase().replace(/^x_/, '');
  return QUOTE_IDS.includes(id);
}

function isReplyHeader(attributes: Attributes): boolean {
  const id = (attributes.id ?? '').toLowerCase().replace(/^x_/, '');
  return END_IDS.includes(id) || END_STYLE_RE.test(attributes.style ?? '');
}

const NAMED: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  hellip: '…',
  middot: '·',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  copy: '©',
  reg: '®',
  euro: '€',
  shy: '',
  zwnj: '',
  zwj: '',
  times: '×',
  deg: '°',
  frac12: '½',
  bull: '•',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Converts an HTML body to text lines; quote blocks become `> ` lines or go, by options. */
export function htmlToText(html: string, options: HtmlToTextOptions = {}): string {
  return convert(html, options.stripQuotes === true).text;
}

export interface StrippedHtml {
  text: string;
  /** What was removed: quote or signature blocks, and whether an Outlook reply header ended it. */
  cuts: ('html-quote' | 'html-reply-header')[];
}

/** The HTML body as text with quote blocks removed and cut at Outlook's reply header. */
export function htmlToTextStripped(html: string): StrippedHtml {
  return convert(html, true);
}

function convert(html: string, strip: boolean): StrippedHtml {
  const cuts: StrippedHtml['cuts'] = [];
  const lines: string[] = [];
  let line = '';
  let quoteDepth = 0;
  let preDepth = 0;
  /** While > 0 we are inside a removed or skipped element named `skipTag`. */
  let skipDepth = 0;
  let skipTag = '';

  const flush = (force: boolean): void => {
    const trimmed = preDepth > 0 ? line.replace(/\s+$/, '') : line.trim();
    if (trimmed !== '' || force) lines.push('> '.repeat(quoteDepth) + trimmed);
    line = '';
  };

  for (const match of html.matchAll(TOKEN_RE)) {
    const token = match[0];
    const tag = match[2]?.toLowerCase();
    if (tag === undefined) {
      if (skipDepth > 0 || token.startsWith('<!') || token.startsWith('<?')) continue;
      const text = decodeEntities(token);
      line += preDepth > 0 ? text : text.replace(/[\s\u00a0]+/g, ' ');
      if (preDepth > 0 && line.includes('\n')) {
        const parts = line.split('\n');
        line = parts.pop() ?? '';
        for (const part of parts) {
          lines.push('> '.repeat(quoteDepth) + part.replace(/\s+$/, ''));
        }
      }
      continue;
    }
    const closing = match[1] === '/';
    if (skipDepth > 0) {
      if (tag === skipTag && !VOID.has(tag)) skipDepth += closing ? -1 : 1;
      continue;
    }
    const attributes = closing ? {} : parseAttributes(match[3] ?? '');
    if (!closing) {
      if (SKIP_CONTENT.has(tag) || (strip && isQuoteBlock(tag, attributes))) {
        if (!SKIP_CONTENT.has(tag) && !cuts.includes('html-quote')) cuts.push('html-quote');
        if (!VOID.has(tag) && !/\/\s*$/.test(match[3] ?? '')) {
          skipTag = tag;
          skipDepth = 1;
        }
        continue;
      }
      if (strip && isReplyHeader(attributes)) {
        cuts.push('html-reply-header');
        break;
      }
    }
    if (tag === 'br') {
      flush(true);
      continue;
    }
    if (tag === 'hr') {
      flush(false);
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (closing) line += ' ';
      continue;
    }
    if (!BLOCK.has(tag)) continue;
    flush(false);
    if (tag === 'blockquote') quoteDepth = Math.max(0, quoteDepth + (closing ? -1 : 1));
    if (tag === 'pre') preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
  }
  flush(false);
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, cuts };
}
