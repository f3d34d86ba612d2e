// Answers to a known player's mail that is about all their games, or several, rather than one:
// `games-status`, where each of their unfinished games stands (a mail with no game named that
// asks for positions and clocks, P-2k), and `one-game-per-mail`, a mail with moves for several
// games, of which nothing was played (P-2e, P-2f..h, P-4a, P-5a). Gameless mails: their words
// are all in `labels.json` (`gamesStatus.*`, `onePerMail.*`), so their templates are the same in
// every language.

import type { CalendarDate } from '../clock/index.ts';
import { answeredSubject, gamelessMail, gameTitle, tableBlock } from './compose.ts';
import type { ComposedMail } from './compose-context.ts';

/** The player a gameless answer goes to, and the event it is signed for. */
interface PlayerMailInput {
  /** The player who wrote; `lang` is theirs, else their event's. */
  player: { id: string; name: string; lang: string };
  event: { name: string; tag: string };
  td: { name: string };
  /** The subject of the player's mail, kept after ours. */
  subject: string;
  templatesDir?: string | undefined;
}

/** One of the player's unfinished games as the status answer shows it (P-2k). */
export interface GameStatus {
  /** `[CC27/1]` */
  tag: string;
  white: string;
  black: string;
  /** The player's colour in it. */
  side: 'white' | 'black';
  opponent: string;
  /** Who is to move: the player, the opponent, or nobody (in adjudication, P-10). */
  toMove: 'you' | 'opponent' | 'none';
  /** The number of the move to be played. */
  move: number;
  /**
   * The player's clock: days used in the current count (as of now when it runs, else after
   * their last move), days left to the control move, and that move (none under Triple Block).
   * Absent before their first move while the opponent is to move.
   */
  clock?: { used: number; left: number; control: number | null };
  /** When it is their move: the last day to send it in time (P-6c), or the day it was exceeded. */
  lastDay?: CalendarDate;
  exceededOn?: CalendarDate;
  /** The game starts on a later day. */
  startsOn?: CalendarDate;
  /** The event ended and the game is in adjudication (P-10): the last day of play. */
  adjudicationSince?: CalendarDate;
  /** The TD stopped the clocks (L-6.10), since this day. */
  pausedSince?: CalendarDate;
  /** The player's leave running today or to come (P-8a). */
  leave?: { from: CalendarDate; to: CalendarDate };
  /** A draw offer stands (L-9.1.2.1): made by the player or by the opponent. */
  drawOffer?: 'you' | 'opponent';
}

export interface GamesStatusInput extends PlayerMailInput {
  /** Today, in the event's zone. */
  on: CalendarDate;
  games: readonly GameStatus[];
}

/**
 * The answer to a known player's mail that names no game and holds no move or command ("please
 * send me all my current positions and clocks"): each unfinished game, the opponent and the
 * player's colour, whose move it is, the player's clock and the last day of their move, in their
 * language; nothing was played. A tagged mail gets the game's board, score and both clocks.
 */
export function composeGamesStatus(input: GamesStatusInput): ComposedMail {
  const on = { ...input, lang: input.player.lang };
  return gamelessMail('games-status', on, `games-status/${input.player.id}`, (t) => {
    const dash = '-';
    const rows = input.games.map((g) => [
      g.tag,
      g.opponent,
      t(`side.${g.side}`),
      g.toMove === 'none'
        ? dash
        : t(`gamesStatus.${g.toMove === 'you' ? 'yours' : 'theirs'}`, { move: g.move }),
      g.clock ? String(g.clock.used) : dash,
      g.clock ? String(g.clock.left) : dash,
      g.clock?.control ? String(g.clock.control) : dash,
      g.exceededOn
        ? t('gamesStatus.exceeded', { date: g.exceededOn })
        : g.toMove === 'you' && g.lastDay
          ? g.lastDay
          : dash,
    ]);
    const notes = input.games.flatMap((g) => {
      const out: string[] = [];
      const game = `${g.tag} ${gameTitle(g.white, g.black)}`;
      if (g.startsOn) out.push(t('gamesStatus.startsOn', { game, date: g.startsOn }));
      if (g.adjudicationSince)
        out.push(t('gamesStatus.adjudication', { game, date: g.adjudicationSince }));
      if (g.pausedSince) out.push(t('gamesStatus.paused', { game, date: g.pausedSince }));
      if (g.leave) out.push(t('gamesStatus.leave', { game, ...g.leave }));
      if (g.drawOffer)
        out.push(
          t(`gamesStatus.drawOffer.${g.drawOffer === 'you' ? 'yours' : 'theirs'}`, { game }),
        );
      return out;
    });
    const example = input.games[0]?.tag ?? `[${input.event.tag}/…]`;
    return {
      subject: `${t('gamesStatus.subject', { on: input.on })}${input.subject.trim() ? ` — Re: ${answeredSubject(input.subject)}` : ''}`,
      greeting: t('report.greeting', { name: input.player.name }),
      intro: input.games.length
        ? t('gamesStatus.intro', { on: input.on, count: input.games.length })
        : t('gamesStatus.none'),
      table: input.games.length
        ? tableBlock({
            head: [
              t('gamesStatus.game'),
              t('gamesStatus.opponent'),
              t('gamesStatus.colour'),
              t('gamesStatus.toMove'),
              t('gamesStatus.used'),
              t('gamesStatus.left'),
              t('gamesStatus.control'),
              t('gamesStatus.lastDay'),
            ],
            right: [false, false, false, false, true, true, true, false],
            rows,
          })
        : '',
      notes,
      after: input.games.length ? t('gamesStatus.after', { example }) : '',
      event: input.event,
    };
  });
}

export interface OneGamePerMailInput extends PlayerMailInput {
  /** The games the mail's blocks of moves name, in the order written: `[CC27/1] White – Black`. */
  games: readonly string[];
  /** An example tag for the subject of the mails to send instead. */
  example: string;
  /**
   * The mail also held words for the TD (a `TD:` line, P-5d): whether they went to the TD with
   * the whole mail (`sent`), or not, the mail not proving its sender (P-2d); `who` is the TD or
   * TDs, as "Anna Nowak (td@club.example)".
   */
  forTd?: { who: string; sent: boolean };
}

/**
 * The answer to a mail with moves for several games ("[CC27/1] 1.e4" / "[CC27/2] 1.d4", or a
 * "Game: CC27/2" line after moves of the subject's game): nothing was played in any of them and
 * no penalty given; send each game's move in its own mail (P-2e, P-2f..h, P-4a, P-5a). Words for
 * the TD in it went to the TD all the same (P-5d), or did not, and why (`forTd`).
 */
export function composeOneGamePerMail(input: OneGamePerMailInput): ComposedMail {
  const on = { ...input, lang: input.player.lang };
  return gamelessMail('one-game-per-mail', on, `one-game-per-mail/${input.player.id}`, (t) => ({
    subject: `${t('onePerMail.subject')}${input.subject.trim() ? ` — Re: ${answeredSubject(input.subject)}` : ''}`,
    greeting: t('report.greeting', { name: input.player.name }),
    intro: t('onePerMail.intro'),
    games: input.games,
    why: t('onePerMail.why'),
    what: t('onePerMail.what', { example: input.example }),
    forTd: input.forTd
      ? t(input.forTd.sent ? 'onePerMail.forTd' : 'onePerMail.forTdNot', { who: input.forTd.who })
      : '',
    event: input.event,
  }));
}
