// Only what the player wrote now: quoted replies, reply headers and signatures go, in the styles
// of the clients players use (Gmail, Outlook, Thunderbird, Apple Mail, phones) and in English,
// Polish, Czech, German, Russian and Ukrainian. amici's own earlier mail, found by its marker
// (marker.ts), never survives, so its moves are never read as new ones (P-4b, P-2e, P-4d).
//
// Order: HTML quote blocks are removed before the HTML becomes text (html-text.ts); then the
// marker cut; then our line rules for what email-reply-parser misses (localized lead-ins, Outlook
// header blocks without `>` and without a blank line before them, localized separators and phone
// signatures, Russian/Czech Gmail lead-ins with no verb); last, email-reply-parser for `>` quotes,
// sign-offs ("Regards,") and lead-ins of other languages. The library runs last because its
// lead-in repair joins lines across a whole body ("W dniu …" … "pisze:"), which must only ever
// see the player's own text.

import EmailReplyParser from 'email-reply-parser';
import { htmlToTextStripped } from './html-text.ts';
import { cutAtMarker } from './marker.ts';

export const CUT_REASONS = [
  'html-quote',
  'html-reply-header',
  'amici-marker',
  'quoted',
  'lead-in',
  'reply-header',
  'separator',
  'signature',
  'phone-signature',
  'reply-parser',
] as const;
export type CutReason = (typeof CUT_REASONS)[number];

export interface NewText {
  /** The player's new text, trimmed, `\n` line ends. */
  text: string;
  /** `text` split into lines. */
  lines: string[];
  /** What was cut, in the order found (for logs and tests). */
  cuts: CutReason[];
}

export interface NewTextInput {
  text: string;
  html?: string;
  textFromHtml?: boolean;
}

/** The new text of a mail: from the HTML with quote blocks removed when there is no text part. */
export function newText(mail: NewTextInput): NewText {
  if (mail.textFromHtml === true && mail.html !== undefined) {
    const converted = htmlToTextStripped(mail.html);
    const plain = newTextOfPlain(converted.text);
    return { ...plain, cuts: [...converted.cuts, ...plain.cuts] };
  }
  return newTextOfPlain(mail.text);
}

const QUOTED_RE = /^[ \t]*>/;

const LEAD_IN_VERB_RE =
  /(?:\bwrote|\bwrites|napisał\(a\)|napisała|napisał|\bpisze|napsal\(a\)|napsala|napsal|\bpíše|\bschrieb(?:\s.*)?|написал\(а\)|написала|написал|пишет|написав\(ла\)|написав|пише|a écrit|escribió|ha scritto|schreef|skrev)\s*:\s*$/iu;
/** Gmail in Russian, Ukrainian and Czech, Apple Mail in Czech: "…2026 г. в 10:12, amici <a@b>:". */
const LEAD_IN_ADDRESS_RE = /\d{4}.*<[^<>\s@]+@[^<>\s]+>\s*:\s*$/u;
const LEAD_IN_START_RE = /^(?:on|w dniu|dnia|dne|am|le|el|il|em|op)\s/iu;
const LEAD_IN_POLISH_IOS_RE = /^Wiadomość napisana przez .+:\s*$/iu;

export const SEPARATOR_RE =
  /^[ \t]*(?:-{2,}|_{2,}|={2,})?\s*(?:original message|forwarded message|wiadomość oryginalna|oryginalna wiadomość|przekazana wiadomość|wiadomość przekazana|původní zpráva|přeposlaná zpráva|ursprüngliche nachricht|weitergeleitete nachricht|исходное сообщение|пересылаемое сообщение|пересланное сообщение|оригінальне повідомлення|вихідне повідомлення|пересланий лист|переслане повідомлення|message d'origine)\s*(?:-{2,}|_{2,}|={2,})\s*$/iu;
export const FORWARD_LEAD_RE =
  /^[ \t]*(?:begin forwarded message|początek przekazywanej wiadomości|začátek přeposlané zprávy|anfang der weitergeleiteten nachricht|начало переадресованного сообщения|початок пересланого повідомлення)\s*:\s*$/iu;

const HEADER_LABELS = {
  from: ['from', 'od', 'von', 'от', 'від', 'odesílatel', 'de', 'da', 'van', 'fra'],
  sent: [
    'sent',
    'date',
    'wysłano',
    'wysłane',
    'data',
    'gesendet',
    'datum',
    'отправлено',
    'дата',
    'надіслано',
    'відправлено',
    'odesláno',
    'envoyé',
    'enviado',
    'inviato',
    'verzonden',
  ],
  to: ['to', 'do', 'an', 'кому', 'komu', 'à', 'para', 'a', 'aan', 'til'],
  cc: ['cc', 'dw', 'kopie', 'копия', 'копія'],
  subject: [
    'subject',
    'temat',
    'betreff',
    'тема',
    'předmět',
    'objet',
    'asunto',
    'oggetto',
    'onderwerp',
    'emne',
  ],
} as const;
type HeaderLabel = keyof typeof HEADER_LABELS;

const LABEL_LINE_RE = /^[ \t]*\*?[ \t]*([\p{L}]+)[ \t]*:[ \t]*\*?[ \t]*(.*)$/u;

export function headerLabelOf(line: string): { label: HeaderLabel; value: string } | undefined {
  const match = LABEL_LINE_RE.exec(line);
  const word = match?.[1]?.toLowerCase();
  if (!word) return undefined;
  for (const [label, words] of Object.entries(HEADER_LABELS) as [
    HeaderLabel,
    readonly string[],
  ][]) {
    if (words.includes(word)) return { label, value: match?.[2] ?? '' };
  }
  return undefined;
}

/** An Outlook-style header block starts here: From, then two more of Sent/To/Cc/Subject. */
export function isReplyHeaderBlock(lines: string[], index: number): boolean {
  const first = headerLabelOf(lines[index] ?? '');
  if (first?.label !== 'from' || /^\d/.test(first.value.trim())) return false;
  const seen = new Set<HeaderLabel>();
  for (let i = index + 1; i < Math.min(lines.length, index + 9); i++) {
    const next = headerLabelOf(lines[i] ?? '');
    if (next && next.label !== 'from') seen.add(next.label);
  }
  return (
    ['sent', 'to', 'cc', 'subject'].filter((label) => seen.has(label as HeaderLabel)).length >= 2
  );
}

const PHONE_SIGNATURE_RE =
  /^[ \t]*(?:sent from (?:my )?\S.*|sent with .+|sent via .+|get outlook for .+|wysłane z .+|wysłano z .+|wysłane przy użyciu .+|wysłano przy użyciu .+|pobierz (?:aplikację )?outlook dla .+|odesláno z(?:e)? .+|posláno z(?:e)? .+|stáhněte si outlook pro .+|von meinem .+ gesendet|gesendet von .+|gesendet mit .+|von outlook für .+ gesendet|outlook für .+ herunterladen|отправлено (?:с|со|из) .+|надіслано (?:з|із|зі) .+|відправлено (?:з|із|зі) .+|получите outlook для .+|скачайте outlook для .+|отримайте outlook для .+|завантажте outlook для .+)$/iu;

const SIGNATURE_DELIMITER_RE = /^-- ?$/;

function leadInAt(lines: string[], index: number): number {
  const line = (lines[index] ?? '').trim();
  if (line === '' || QUOTED_RE.test(line)) return 0;
  const quotedNext = nextNonBlankIsQuoted(lines, index + 1);
  if (isLeadIn(line, quotedNext)) return 1;
  // Gmail wraps a long lead-in: "On Fri, 20 Nov 2026 at 10:12, amici <a@b>" / "wrote:".
  const next = (lines[index + 1] ?? '').trim();
  if (next === '' || QUOTED_RE.test(next) || /:\s*$/.test(line)) return 0;
  if (isLeadIn(next, nextNonBlankIsQuoted(lines, index + 2))) return 0;
  if (!LEAD_IN_START_RE.test(line) && !/[@<]/.test(line)) return 0;
  return isLeadIn(`${line} ${next}`, nextNonBlankIsQuoted(lines, index + 2)) ? 2 : 0;
}

/** A lead-in wrapped before the line that matched alone ("On … amici referee <" / "a@b> wrote:"). */
function dropLeadInHead(kept: string[]): void {
  let last = kept.length - 1;
  while (last >= 0 && (kept[last] ?? '').trim() === '') last--;
  const line = (kept[last] ?? '').trim();
  const head =
    LEAD_IN_START_RE.test(line) || /<\s*$/.test(line) || /<[^<>\s@]+@[^<>\s]+>\s*$/.test(line);
  if (last >= 0 && !/:\s*$/.test(line) && head) {
    kept.length = last;
  }
}

function isLeadIn(line: string, quotedNext: boolean): boolean {
  if (line.length > 300 || !/:\s*$/.test(line)) return false;
  if (LEAD_IN_POLISH_IOS_RE.test(line) || LEAD_IN_ADDRESS_RE.test(line)) return true;
  if (!LEAD_IN_VERB_RE.test(line)) return false;
  return quotedNext || /[@\d]/.test(line);
}

function nextNonBlankIsQuoted(lines: string[], from: number): boolean {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() !== '') return QUOTED_RE.test(line);
  }
  return false;
}

function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\u200b|\u200c|\u200d|\u2060|\ufeff/g, '')
    .replace(/[\u00a0\u2007\u202f]/g, ' ');
}

/** The new text of a plain-text body. */
export function newTextOfPlain(body: string): NewText {
  const cuts: CutReason[] = [];
  const marker = cutAtMarker(normalize(body));
  if (marker.cut) cuts.push('amici-marker');
  const lines = marker.text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (QUOTED_RE.test(line)) {
      if (cuts.at(-1) !== 'quoted') cuts.push('quoted');
      continue;
    }
    const leadIn = leadInAt(lines, i);
    if (leadIn > 0) {
      cuts.push('lead-in');
      dropLeadInHead(kept);
      if (nextNonBlankIsQuoted(lines, i + leadIn)) {
        i += leadIn - 1;
        continue;
      }
      break;
    }
    if (SEPARATOR_RE.test(line) || FORWARD_LEAD_RE.test(line)) {
      cuts.push('separator');
      break;
    }
    if (isReplyHeaderBlock(lines, i)) {
      cuts.push('reply-header');
      break;
    }
    if (SIGNATURE_DELIMITER_RE.test(line)) {
      cuts.push('signature');
      break;
    }
    if (PHONE_SIGNATURE_RE.test(line)) {
      cuts.push('phone-signature');
      continue;
    }
    kept.push(line.replace(/[ \t]+$/, ''));
  }
  const ours = trimBlankAndRules(kept).join('\n');
  const visible = trimBlankAndRules(
    new EmailReplyParser()
      .read(ours)
      .getVisibleText()
      .split('\n')
      .map((line) => line.replace(/[ \t]+$/, '')),
  );
  if (visible.join('\n') !== ours) cuts.push('reply-parser');
  return { text: visible.join('\n'), lines: visible, cuts };
}

/** Drops leading and trailing blank lines and trailing rule lines (`____`, `----`, `****`). */
function trimBlankAndRules(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && /^[\s_\-=*~]*$/.test(lines[end - 1] ?? '')) end--;
  return lines.slice(start, end);
}
