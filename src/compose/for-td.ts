// A player's mail for the TD that names no game ("Do sędziego: … muszę wycofać się z turnieju"):
// the TD is the same for all the player's games, so it goes to the TD whole, and the player is
// told it went and where the TD can be reached (P-5d, P-5b). Two gameless mails: the TD's notice
// (`for-td`, in the event's language) and the player's word (`for-td-sent`, in theirs). Their
// words are all in `labels.json` (`forTd.*`), so the template is the same in every language.

import { gamelessMail, ORIGINAL_LIMIT, pre, tableBlock } from './compose.ts';
import type { ComposedMail } from './compose-context.ts';
import type { Block } from './render.ts';

export interface ForTdInput {
  /** Who reads it: the TD (the notice) or the player (that it went). */
  audience: 'td' | 'player';
  name: string;
  lang: string;
  event: { name: string; tag: string };
  td: { name: string; address: string };
  /** The player who wrote, and the address it came from. */
  player: { id: string; name: string; address: string };
  /** The player's unfinished games: `[NEC27/4]`-style tags and `White – Black`. */
  games: readonly { tag: string; players: string }[];
  /** The mail held moves, which were not played: it names no game (P-4a is not risked). */
  moves: boolean;
  /**
   * For the TD: the mail named several games, with moves for each (one game per mail, P-2e,
   * P-5a), and was refused; `games` are those it named. Its words for the TD went all the same.
   */
  several?: boolean;
  /**
   * The mail also announced leave, which was not recorded: words of a withdrawal are the TD's
   * to decide (P-9a), so leave is not booked from them (P-8a, P-8b); both readers are told.
   */
  leave?: boolean;
  /** For the TD: what the player wrote (`mailForTd`), and the mail as it came (P-5a). */
  text?: string;
  original?: { raw: Buffer; inboundId: number };
  templatesDir?: string | undefined;
}

/**
 * The TD's notice of a player's mail for them that names no game (or several, `several`), or the
 * player's word.
 */
export function composeForTd(input: ForTdInput): ComposedMail {
  const kind = input.audience === 'td' ? 'for-td' : 'for-td-sent';
  const attached = input.original !== undefined && input.original.raw.length <= ORIGINAL_LIMIT;
  const mail = gamelessMail(kind, input, `for-td/${input.player.id}`, (t) => {
    const vars = {
      player: input.player.name,
      address: input.player.address,
      td: input.td.name,
      tdAddress: input.td.address,
      event: input.event.name,
      example: input.games[0]?.tag ?? `[${input.event.tag}/…]`,
      id: input.original?.inboundId ?? 'ID',
    };
    const games: Block | '' = input.games.length
      ? tableBlock({
          head: [t('report.game'), t('report.players')],
          right: [false, false],
          rows: input.games.map((g) => [g.tag, g.players]),
        })
      : '';
    const A = input.audience;
    const several = input.several && A === 'td' ? 'Several' : '';
    return {
      greeting: t('report.greeting', { name: input.name }),
      subject: t(`forTd.${A}.subject${several}`, vars),
      intro: t(`forTd.${A}.intro${several}`, vars),
      moves: input.moves ? t(`forTd.${A}.moves${several}`, vars) : '',
      leave: input.leave ? t(`forTd.${A}.leave`, vars) : '',
      gamesText: t(`forTd.${A}.games${several}`, vars),
      games,
      text: input.text ? pre(input.text) : '',
      original: input.original ? t(attached ? 'forTd.td.attached' : 'forTd.td.tooLarge', vars) : '',
      event: input.event,
    };
  });
  if (input.original && attached)
    mail.attachments.push({
      filename: 'original.eml',
      contentType: 'message/rfc822',
      content: input.original.raw,
    });
  return mail;
}
