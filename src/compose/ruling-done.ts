// The confirmation of a TD's mailed rulings (P-7d): what each line did — applied, or refused and
// why — and who was told, in one short mail, for rulings whose own mails go to the players only
// (grant-leave, penalise, set-clock, pause, …; a result or a claim's ruling sends the TD its own
// copy). Its words are all in `labels.json` (`rulingDone.*`), so the template is the same in every
// language.

import { gamelessMail, tableBlock } from './compose.ts';
import type { ComposedMail } from './compose-context.ts';

export interface RulingDoneInput {
  event: { name: string; tag: string };
  td: { name: string };
  lang: string;
  /** The subject of the TD's mail, as it came. */
  subject: string;
  /** Each line of the mail, in order, with the game it ruled on. */
  lines: {
    game: string;
    line: string;
    /** Undefined when applied; else why not (the rulebook's words). */
    refused?: string;
    /** Who got a mail of it, by name; `td` for the TD. */
    told: string[];
    /** The leave the line before granted, carried into another game of the player (P-8c). */
    sameLeave?: true;
  }[];
  templatesDir?: string | undefined;
}

/** The TD's confirmation of the rulings of their mail (P-7d). */
export function composeRulingDone(input: RulingDoneInput): ComposedMail {
  return gamelessMail('ruling-done', input, 'ruling-done', (t) => {
    // The TD's own lines: the leave carried into other games is no line of theirs.
    const own = input.lines.filter((l) => !l.sameLeave);
    const applied = own.filter((l) => l.refused === undefined).length;
    const L = (k: string, vars?: Record<string, string | number>) => t(`rulingDone.${k}`, vars);
    return {
      event: input.event,
      greeting: t('report.greeting', { name: input.td.name }),
      subject:
        applied === own.length
          ? L('subject', { count: applied, first: own[0]?.line ?? '' })
          : L('subjectSome', { applied, count: own.length }),
      intro: L('intro', { subject: input.subject }),
      table: tableBlock({
        head: [L('game'), L('ruling'), L('outcome'), L('told')],
        right: [false, false, false, false],
        rows: input.lines.map((l) => [
          l.game,
          l.sameLeave ? L('sameLeave') : l.line,
          l.refused === undefined ? L('applied') : L('refused', { why: l.refused }),
          l.told.length
            ? l.told.map((who) => (who === 'td' ? L('you') : who)).join(', ')
            : L('nobody'),
        ]),
      }),
      after: L('after'),
    };
  });
}
