// Changing a game by hand, offline, with the same rulebook as mail: `amici post` enters a postal
// move with its postmark and received dates (legacy postal games, P-2f..j, P-6d), `amici td`
// applies a TD ruling (P-7d, P-8c, P-9a, P-10, L-6.9, L-6.10, L-7.1, L-7.2). Both commit events
// and queue the mail the decision asks for, exactly as the daemon would.

import { parseArgs } from 'node:util';
import { parseReading, tokenizeMovetext } from '../chess/index.ts';
import type { CalendarDate } from '../clock/index.ts';
import { isCalendarDate } from '../clock/index.ts';
import { memoryLogger } from '../daemon/log.ts';
import type { GameRefResolved, RefereeService } from '../daemon/referee-service.ts';
import { isRulingName, RULING_OPTIONS, RULINGS_HELP, rulingOf } from '../mail/td-rulings.ts';
import type { RefereeInput, Side } from '../referee/index.ts';
import { openConfig, openService } from './context.ts';
import { describeEffect } from './describe-effect.ts';
import type { CliIo } from './io.ts';
import { argsOrExit } from './io.ts';

export const TD_USAGE = `usage: amici td GAME RULING [options] [--note TEXT] [--config FILE]

${RULINGS_HELP}
The same rulings can be mailed to amici from the TD's address, one per line, in a reply to a
notice about the game (README, "Rulings by mail").`;

export const POST_USAGE = `usage: amici post GAME --as white|black --moves "MOVETEXT" --postmark DATE --received DATE
                 [--from NOTATION] [--stated-received DATE] [--stated-sent DATE] [--draw] [--config FILE]

Enters a postal move as the card reads: the repetition of the opponent's last move and the move
("12...Nf6 13.Nf3"). --postmark is the dispatch date (P-2j, P-6d), --received the day the
opponent received it. The move is checked exactly as a mail would be.`;

const side = (s: string | undefined): Side | undefined =>
  s === 'white' || s === 'black' ? s : undefined;
const day = (s: string | undefined): CalendarDate | undefined =>
  s && isCalendarDate(s) ? s : undefined;

export async function tdCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'td', TD_USAGE, () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...RULING_OPTIONS,
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [game, kind, arg] = positionals;
  if (values.help || !game || !kind || !isRulingName(kind)) {
    io[values.help ? 'out' : 'err'](`${TD_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const ruling = rulingOf(kind, arg, values);
  if (typeof ruling === 'string') {
    io.err(`amici td ${kind}: ${ruling}\n\n${TD_USAGE}\n`);
    return 2;
  }
  return apply(
    values.config,
    game,
    io,
    { kind: 'ruling', ruling, ...(values.note ? { note: values.note } : {}) },
    `td:${kind}`,
  );
}

export async function postCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'post', POST_USAGE, () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        as: { type: 'string' },
        moves: { type: 'string' },
        postmark: { type: 'string' },
        received: { type: 'string' },
        from: { type: 'string' },
        'stated-received': { type: 'string' },
        'stated-sent': { type: 'string' },
        draw: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const s = side(values.as);
  const postmark = day(values.postmark);
  const received = day(values.received);
  const reading = values.from ? parseReading(values.from) : undefined;
  if (
    values.help ||
    !positionals[0] ||
    !s ||
    !values.moves ||
    !postmark ||
    !received ||
    (values.from && !reading)
  ) {
    io[values.help ? 'out' : 'err'](`${POST_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const stated = { r: day(values['stated-received']), s: day(values['stated-sent']) };
  return apply(
    values.config,
    positionals[0],
    io,
    (service, ref) => ({
      kind: 'transmission',
      side: s,
      sentOn: postmark,
      deliveredOn: received,
      reading: reading ?? service.readingOf(ref.event, service.player(ref.event, ref.game[s])),
      moves: tokenizeMovetext(values.moves!).tokens,
      ...(stated.r ? { statedReceivedOn: stated.r } : {}),
      ...(stated.s ? { statedSentOn: stated.s } : {}),
      ...(values.draw ? { drawOffer: true } : {}),
    }),
    `post:${postmark}:${values.moves}`,
  );
}

async function apply(
  configFlag: string | undefined,
  game: string,
  io: CliIo,
  input: RefereeInput | ((s: RefereeService, r: GameRefResolved) => RefereeInput),
  seed: string,
): Promise<number> {
  const loaded = await openConfig(configFlag, io);
  if (!loaded) return 2;
  const service = openService(loaded.config, memoryLogger());
  try {
    service.ensureGames();
    const key = game.replace(/^\[|\]$/g, '');
    const ref = service.resolveGame(key);
    if (!ref || !service.store.hasGame(key)) {
      io.err(`amici: no game "${game}"; \`amici games\` lists them\n`);
      return 1;
    }
    const state = service.state(key);
    const today = service.today(ref.event);
    const resolved = typeof input === 'function' ? input(service, ref) : input;
    const r = await service.decideAndCommit(
      ref,
      state,
      resolved,
      today,
      `${seed}:${state.events.length}`,
    );
    for (const e of r.decision.effects) io.out(`${describeEffect(e)}\n`);
    io.out(
      `${r.decision.events.length} event(s) recorded, ${r.mails} mail(s) queued (sent by \`amici run\`)\n`,
    );
    const refused =
      r.decision.events.length === 0 ||
      r.decision.effects.some((e) => e.kind === 'transmission-rejected');
    return refused ? 1 : 0;
  } finally {
    service.store.close();
  }
}
