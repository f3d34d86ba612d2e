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
import type { RefereeInput, Result, Ruling, Side } from '../referee/index.ts';
import { openConfig, openService } from './context.ts';
import { describeEffect } from './describe-effect.ts';
import type { CliIo } from './io.ts';
import { argsOrExit } from './io.ts';

export const RULINGS = [
  'uphold-claim',
  'reject-claim',
  'grant-leave',
  'waive-penalty',
  'penalise',
  'set-clock',
  'pause',
  'resume',
  'restore-position',
  'reverse-colours',
  'set-result',
  'annul',
] as const;

export const TD_USAGE = `usage: amici td GAME RULING [options] [--note TEXT] [--config FILE]

Rulings:
  uphold-claim ID | reject-claim ID            a time claim (P-7c, P-7d); ids in \`amici show GAME\`
  grant-leave --side S --from DATE --to DATE   extra leave (P-8c)
  waive-penalty --side S --on DATE             undo a P-6g penalty
  penalise --side S --days N --reason TEXT [--rule R]
  set-clock --side S (--used N | --clock N --bank N)
  pause | resume                               stop or restart the clocks (L-6.10; not Triple Block)
  restore-position --plies N [--offender S]    back to before an illegal move (L-7.2)
  reverse-colours                              colours were reversed by mistake (L-7.1, before move 10)
  set-result RESULT --reason TEXT [--rule P-10|P-9a|L-6.9|P-13]   1-0, 0-1, 1/2-1/2, 0-0
  annul --reason TEXT                          a withdrawn player's game: over, not counted (P-9a)
S is white or black; DATE is YYYY-MM-DD.`;

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
        config: { type: 'string' },
        side: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        on: { type: 'string' },
        days: { type: 'string' },
        rule: { type: 'string' },
        reason: { type: 'string' },
        used: { type: 'string' },
        clock: { type: 'string' },
        bank: { type: 'string' },
        plies: { type: 'string' },
        offender: { type: 'string' },
        note: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [game, kind, arg] = positionals;
  if (values.help || !game || !kind || !(RULINGS as readonly string[]).includes(kind)) {
    io[values.help ? 'out' : 'err'](`${TD_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const s = side(values.side);
  const num = (x: string | undefined) => (x === undefined ? undefined : Number(x));
  let ruling: Ruling | string;
  switch (kind as (typeof RULINGS)[number]) {
    case 'uphold-claim':
    case 'reject-claim':
      ruling = arg ? { kind: kind as 'uphold-claim', claimId: arg } : 'give the claim id';
      break;
    case 'grant-leave':
      ruling =
        s && day(values.from) && day(values.to)
          ? { kind: 'grant-leave', side: s, from: day(values.from)!, to: day(values.to)! }
          : 'give --side, --from and --to';
      break;
    case 'waive-penalty':
      ruling =
        s && day(values.on)
          ? { kind: 'waive-penalty', side: s, penaltyOn: day(values.on)! }
          : 'give --side and --on';
      break;
    case 'penalise':
      ruling =
        s && num(values.days) && values.reason
          ? {
              kind: 'penalise',
              side: s,
              days: num(values.days)!,
              rule: values.rule ?? 'P-13',
              reason: values.reason,
            }
          : 'give --side, --days and --reason';
      break;
    case 'set-clock':
      ruling = s
        ? {
            kind: 'set-clock',
            side: s,
            ...(values.used !== undefined ? { usedDays: num(values.used)! } : {}),
            ...(values.clock !== undefined ? { clockDays: num(values.clock)! } : {}),
            ...(values.bank !== undefined ? { bankDays: num(values.bank)! } : {}),
          }
        : 'give --side';
      break;
    case 'pause':
    case 'resume':
      ruling = { kind: kind as 'pause' };
      break;
    case 'restore-position':
      ruling =
        num(values.plies) !== undefined
          ? {
              kind: 'restore-position',
              plies: num(values.plies)!,
              ...(side(values.offender) ? { offender: side(values.offender)! } : {}),
            }
          : 'give --plies';
      break;
    case 'reverse-colours':
      ruling = { kind: 'reverse-colours' };
      break;
    case 'set-result':
      ruling =
        arg && ['1-0', '0-1', '1/2-1/2', '0-0'].includes(arg) && values.reason
          ? {
              kind: 'set-result',
              result: arg as Result,
              reason: values.reason,
              ...(values.rule ? { rule: values.rule as 'P-10' } : {}),
            }
          : 'give the result (1-0, 0-1, 1/2-1/2, 0-0) and --reason';
      break;
    case 'annul':
      ruling = values.reason
        ? { kind: 'annul', reason: values.reason }
        : 'give --reason (the withdrawal or death, P-9a)';
      break;
  }
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
