// The mails of a player's withdrawal (P-9a), besides each opponent's result in their game's
// thread: one mail to the player who withdrew, listing all their games, and one summary to the
// TD, with every game, its result and the event's table (L-12) once. Their words are all in
// `labels.json` (`withdrawal.*`), so the template is the same in every language.

import type { CalendarDate } from '../clock/index.ts';
import type { NamedStandingsRow } from '../referee/index.ts';
import { gamelessMail, standingsBlock, tableBlock } from './compose.ts';
import type { ComposedMail } from './compose-context.ts';
import type { Block } from './render.ts';

/** One game of the player who withdrew, as the withdrawal's mails list it. */
export interface WithdrawalGame {
  /** `NEC27/4`. */
  game: string;
  /** `White – Black`, by name. */
  players: string;
  /** The game's result: `*` for an annulled game. */
  result: string;
  /** Decided by this withdrawal (annulled or scored now), or finished before and standing. */
  now: boolean;
}

export interface WithdrawalInput {
  /** Who reads it: the player who withdrew, in their language, or the TD, in the event's. */
  audience: 'player' | 'td';
  /** The reader's name and language. */
  name: string;
  lang: string;
  event: { name: string; tag: string };
  td: { name: string; address: string };
  /** The player who withdrew: their name, and their id in the config (the mail's thread). */
  player: string;
  playerId: string;
  /** What became of their unfinished games (P-9a). */
  how: 'annul' | 'forfeit';
  on: CalendarDate;
  reason: string;
  /** The TD's words to the players (`--note`). */
  note?: string;
  games: readonly WithdrawalGame[];
  /**
   * The appeal the decision allows (P-13c: it is the TD's, P-9a): the withdrawn player's last
   * day, 14 days after they received it (appeal.ts), and the chairman of the ICCF Appeals
   * Commission when the event names them (`appealsTo`).
   */
  appeal?: { by: CalendarDate; chairman?: { name: string; address: string } };
  /** For the TD: the event's table as it now stands (L-12). */
  standings?: readonly NamedStandingsRow[];
  templatesDir?: string | undefined;
}

/** The mail to the player who withdrew, or the TD's summary (`audience`), of a withdrawal. */
export function composeWithdrawal(input: WithdrawalInput): ComposedMail {
  const kind = input.audience === 'td' ? 'withdrawal-td' : 'withdrawal';
  return gamelessMail(kind, input, `withdrawal/${input.playerId}`, (t) => {
    const L = (k: string) => t(`withdrawal.${k}`);
    const rows = (now: boolean) =>
      input.games
        .filter((g) => g.now === now)
        .map((g) => [g.game, g.players, g.result === '*' ? L('annulled') : g.result]);
    const table = (r: string[][]): Block | '' =>
      r.length
        ? tableBlock({
            head: [L('game'), t('report.players'), L('result')],
            right: [false, false, false],
            rows: r,
          })
        : '';
    const decided = rows(true);
    const vars = {
      player: input.player,
      event: input.event.name,
      tag: input.event.tag,
      on: input.on,
      count: decided.length,
      td: input.td.name,
      address: input.td.address,
    };
    return {
      audience: input.audience,
      greeting: t('report.greeting', { name: input.name }),
      subject: t(`withdrawal.${input.audience}.subject.${input.how}`, vars),
      intro: t(`withdrawal.${input.audience}.${input.how}`, vars),
      decided: table(decided),
      stand: table(rows(false)),
      standText: L('stand'),
      reason: t('rulingReason', { reason: input.reason }),
      note: input.note ? t(`withdrawal.${input.audience}.note`, { note: input.note }) : '',
      after: t(`withdrawal.${input.audience}.after`, vars),
      appeal: input.appeal
        ? t(`withdrawal.${input.audience}.appeal`, {
            ...vars,
            by: input.appeal.by,
            chair: input.appeal.chairman
              ? ` (${input.appeal.chairman.name}, ${input.appeal.chairman.address})`
              : '',
          })
        : '',
      tableText: t('report.table'),
      standings: input.standings ? standingsBlock(input.standings, t) : '',
      event: input.event,
    };
  });
}
