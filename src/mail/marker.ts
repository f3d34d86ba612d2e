// The marker line every outgoing amici mail carries near its top, and the cut at it: text from
// the marker on is amici's own earlier mail quoted by the player's client (even without `>`,
// as Outlook quotes when top-posting), so its moves must never be read as new ones (P-4b, P-2e).
//
// The line follows the "##- Please type your reply above this line -##" convention of help-desk
// mail: it asks the player to write above it, it is short enough that no client re-wraps it, and
// detection needs only its ASCII head `##- amici`, which survives quoting (`> `), HTML
// conversion, charset loss of the middle dot and re-wrapping of the tail.

export const AMICI_MARKER = '##- amici · please reply above this line -##';

/** Matches the marker anywhere in a line (a client may join it onto a quoted line). */
const MARKER_RE = /##-\s*amici\b/i;

const QUOTE_PREFIX_RE = /^[ \t]*>/;

/** True when the line carries the amici marker, quoted or not. */
export function hasMarker(line: string): boolean {
  return MARKER_RE.test(line);
}

export interface MarkerCut {
  /** The text up to the first unquoted marker line. */
  text: string;
  /** Whether an unquoted marker was found and the text cut there. */
  cut: boolean;
}

/**
 * Cuts a reply at amici's own mail. An unquoted marker (top-posting, Outlook, HTML turned into
 * text) ends the player's text: everything from it on goes. A `>`-quoted marker is left alone:
 * quote stripping removes that block, and a bottom-posted reply below it must survive.
 */
export function cutAtMarker(text: string): MarkerCut {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => hasMarker(line) && !QUOTE_PREFIX_RE.test(line));
  if (index < 0) return { text, cut: false };
  return { text: lines.slice(0, index).join('\n'), cut: true };
}
