// The public face of the mail reader (issue 4): read a raw message, classify it, cut it to the
// player's new text, and find the stated dates (P-2f..h) and the commands in it. The chess
// notation reader turns `rest` lines into moves and assembles the transmission.

export {
  type Classification,
  type ClassifyReason,
  classify,
  MAIL_KINDS,
  type MailKind,
} from './classify.ts';
export { decodeEntities, htmlToText } from './html-text.ts';
export {
  asksForPgn,
  asksOfTimeIn,
  COMMAND_KINDS,
  type Command,
  type CommandKind,
  claimsTimeIn,
  findCommands,
  KEYWORD_LANGUAGES,
  KEYWORDS,
  type KeywordLanguage,
  protestsIn,
} from './keywords.ts';
export { AMICI_MARKER, cutAtMarker, hasMarker, type MarkerCut } from './marker.ts';
export {
  type CutReason,
  type NewText,
  type NewTextInput,
  newText,
  newTextOfPlain,
} from './new-text.ts';
export {
  type Inbound,
  readInbound,
  readMail,
  restLines,
  type TextLine,
} from './read-inbound.ts';
export {
  type DeliveryReport,
  headerOnly,
  type InboundMail,
  type MailAddress,
  type PgnAttachment,
  READ_ERRORS,
  type ReadError,
  type ReadOptions,
  readMessage,
} from './read-message.ts';
export { fail, ok, type Result } from './result.ts';
export {
  DATE_ERRORS,
  DATE_LABELS,
  type DateError,
  type DateSpan,
  findDates,
  findStatedDates,
  type LineSpan,
  parseStatedDate,
  type StatedDates,
} from './stated-date.ts';
