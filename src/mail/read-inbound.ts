// One inbound mail, read end to end for the transmission assembler: the parsed message, its
// classification, the player's new text, the stated dates (P-2f..h), the commands, and the lines
// left for the chess reader (moves, greetings) with dates and commands taken out. Auto-replies
// and bounces yield no dates, commands or lines: they are never transmissions (P-4d).

import { type Classification, classify } from './classify.ts';
import { type Command, findCommands } from './keywords.ts';
import { type NewText, newText } from './new-text.ts';
import { type InboundMail, type ReadError, type ReadOptions, readMessage } from './read-message.ts';
import type { Result } from './result.ts';
import { findStatedDates, type LineSpan, type StatedDates } from './stated-date.ts';

export interface TextLine {
  /** 0-based index into `newText.lines`. */
  line: number;
  text: string;
}

export interface Inbound {
  mail: InboundMail;
  classification: Classification;
  newText: NewText;
  dates: StatedDates;
  commands: Command[];
  /** New-text lines minus date and command spans, blank ones dropped: for the chess reader. */
  rest: TextLine[];
}

export async function readInbound(
  raw: Buffer | string,
  options: ReadOptions = {},
): Promise<Result<Inbound, ReadError>> {
  const read = await readMessage(raw, options);
  if (!read.ok) return read;
  return { ok: true, value: readMail(read.value) };
}

/** A parsed message read for the assembler: classified, cut to its new text, and read. */
export function readMail(mail: InboundMail): Inbound {
  return readText(mail, classify(mail), newText(mail));
}

/** The dates, commands and chess lines of a mail's new text (none for auto-replies, bounces). */
export function readText(
  mail: InboundMail,
  classification: Classification,
  text: NewText,
): Inbound {
  if (classification.kind !== 'normal') {
    return {
      mail,
      classification,
      newText: text,
      dates: { yearInferred: [], spans: [], problems: [] },
      commands: [],
      rest: [],
    };
  }
  const commands = findCommands(text.text);
  // A line for the TD or a note for the opponent is their words: a date in it ("I sent it on
  // 10 January") is no stated date of this transmission (P-2f..h, P-5d). One that starts after
  // the moves of its line ("3...a6 Note: …") takes only its own words.
  const aside = commands.filter((c) => c.kind === 'td-message' || c.kind === 'note');
  const dates = findStatedDates(
    aside.length
      ? text.lines
          .map((l, i) =>
            aside.reduce((kept, { span, wholeLine }) => {
              if (span.line !== i) return kept;
              if (wholeLine) return '';
              // Blanked, not cut: the dates found keep their places in the line.
              return (
                kept.slice(0, span.start) +
                ' '.repeat(Math.max(0, Math.min(span.end, kept.length) - span.start)) +
                kept.slice(span.end)
              );
            }, l),
          )
          .join('\n')
      : text.text,
    {
      ...(mail.date ? { reference: mail.date } : {}),
      ...(mail.localDay ? { today: mail.localDay } : {}),
    },
  );
  const spans: LineSpan[] = [
    ...dates.spans,
    ...commands.flatMap((command) => consumed(command, text.lines[command.span.line] ?? '')),
  ];
  return {
    mail,
    classification,
    newText: text,
    dates,
    commands,
    rest: restLines(text.lines, spans),
  };
}

/**
 * What a command takes from its line: all of it when nothing else is on it, its own span when
 * that is narrower (a draw mark, a conditional after the move), else nothing, so the chess
 * reader still sees a line like "I claim … after 32.Qd8+".
 */
function consumed(command: Command, line: string): LineSpan[] {
  const { span } = command;
  if (command.wholeLine) return [{ ...span, start: 0, end: Number.MAX_SAFE_INTEGER }];
  return span.start === 0 && span.end >= line.length ? [] : [span];
}

/** Blanks the spans out of the lines and keeps the lines with something left but punctuation. */
export function restLines(lines: string[], spans: LineSpan[]): TextLine[] {
  const rest: TextLine[] = [];
  lines.forEach((line, index) => {
    // spans are UTF-16 offsets: work on code units to keep them aligned
    const chars = line.split('');
    for (const span of spans) {
      if (span.line !== index) continue;
      for (let i = span.start; i < Math.min(span.end, chars.length); i++) chars[i] = ' ';
    }
    const text = chars.join('').replace(/\s+/g, ' ').trim();
    if (/[\p{L}\p{N}\u2654-\u265f]/u.test(text))
      rest.push({ line: index, text: text.replace(/^[,;.\s]+|[,;\s]+$/g, '') });
  });
  return rest;
}
