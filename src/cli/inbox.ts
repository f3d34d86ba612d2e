// `amici inbox`: every mail received and what amici made of it — the record P-5a asks to keep,
// read the way a TD needs it when a player says "I sent my move on Tuesday" (P-5d): when it
// came, from whom, for which game, filed as done, rejected or ignored, and why. `amici inbox
// show ID` prints a mail exactly as it was received; `amici inbox replay ID` reads a stored mail
// again, dated as it came, once the TD has fixed what stopped it (a new address, P-5c; a mail
// the player confirms is theirs though its signature did not verify, P-2d).

import { parseArgs } from 'node:util';
import { memoryLogger } from '../daemon/log.ts';
import type { RefereeService } from '../daemon/referee-service.ts';
import type { InboundStatus } from '../store/store.ts';
import { INBOUND_STATUSES } from '../store/store.ts';
import { openConfig, openService } from './context.ts';
import type { CliIo } from './io.ts';
import { argsOrExit, count } from './io.ts';

const OPTIONS = {
  config: { type: 'string' },
  json: { type: 'boolean' },
  all: { type: 'boolean' },
  status: { type: 'string' },
  game: { type: 'string' },
  from: { type: 'string' },
  'sender-confirmed': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** How many mails the list shows without --all. */
const RECENT = 50;

const HELP = `usage: amici inbox [--status done|rejected|ignored] [--game GAME] [--from ADDRESS]
                   [--all] [--json] [--config FILE]
       amici inbox show ID [--config FILE]
       amici inbox replay ID [--sender-confirmed] [--config FILE]

Lists the mail amici received, newest first (the last ${RECENT}; --all: every one): when it came,
the sender, the game, how it was filed (done, rejected, ignored) and why. \`show\` prints one
mail exactly as it was received (P-5a). \`replay\` reads a stored mail again, dated as it first
came: after a player's new address is added (P-5c), for example. Only mail that played nothing
and cost nothing can be read again. --sender-confirmed: the player confirmed to the TD that the
mail is theirs though it was not verified (P-2d); it is read without the signature check.
`;

/**
 * Read a stored mail again, dated as it first came (P-2j, P-6d): after the TD added a player's
 * new address (P-5c), or corrected what made it unreadable. Only mail that played nothing and
 * cost nothing may be read again, so no move is played twice and no penalty given twice.
 */
async function replay(
  service: RefereeService,
  logger: ReturnType<typeof memoryLogger>,
  id: number,
  io: CliIo,
  senderConfirmed: boolean,
): Promise<number> {
  const mail = service.store.inboundRecord(id);
  if (!mail) {
    io.err(`amici inbox replay: no mail ${id}\n`);
    return 1;
  }
  // Every reading of this mail so far: the first and each replay.
  const readings = service.store.readingsOf(mail.dedupeKey);
  const counted = readings.find((r) => r.status === 'done' || r.events > 0);
  if (counted) {
    io.err(
      `amici inbox replay: mail ${id} was read as mail ${counted.id}, filed ${counted.status} with ${count(counted.events, 'event')} in a game's log; reading it again would count it twice\n`,
    );
    return 1;
  }
  service.ensureGames();
  const outcome = await service.processInbound({
    id: `replay:${id}`,
    raw: mail.raw,
    receivedAt: mail.receivedAt,
    replay: readings.length,
    ...(senderConfirmed ? { senderConfirmed } : {}),
  });
  const said = logger.lines.at(-1) ?? {};
  const effects = Array.isArray(said.effects) ? ` (${said.effects.join(', ')})` : '';
  io.out(
    `mail ${id}, received ${mail.receivedAt}, read again: filed as ${outcome} — ${String(said.code)}${effects}\n` +
      'Its replies wait in the outbox: the running daemon sends them, or `amici run --once`.\n',
  );
  return 0;
}

const parse = (args: string[]) => parseArgs({ args, options: OPTIONS, allowPositionals: true });

export async function inboxCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(io, 'inbox', HELP, () => parse(args));
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [verb, id, ...extra] = positionals;
  if ((verb !== undefined && verb !== 'show' && verb !== 'replay') || extra.length) {
    io.err(`amici inbox: unknown "${positionals.join(' ')}"\n\n${HELP}`);
    return 2;
  }
  const number = Number(id);
  if (verb !== undefined && (!Number.isSafeInteger(number) || number <= 0)) {
    io.err(`amici inbox ${verb}: give the number \`amici inbox\` shows\n`);
    return 2;
  }
  const status = values.status;
  if (status !== undefined && !INBOUND_STATUSES.includes(status as InboundStatus)) {
    io.err(`amici inbox: --status is one of ${INBOUND_STATUSES.join(', ')}\n`);
    return 2;
  }
  const loaded = await openConfig(values.config, io);
  if (!loaded) return 2;
  const logger = memoryLogger();
  const service = openService(loaded.config, logger);
  try {
    if (verb === 'replay')
      return await replay(service, logger, number, io, values['sender-confirmed'] === true);
    if (verb === 'show') {
      const raw = service.store.inboundRaw(number);
      if (!raw) {
        io.err(`amici inbox show: no mail ${number}\n`);
        return 1;
      }
      io.out(raw.toString('utf8'));
      return 0;
    }
    const from = values.from?.toLowerCase();
    const rows = service.store
      .inboundLog()
      .filter(
        (m) =>
          (status === undefined || m.status === status) &&
          (values.game === undefined || m.gameKey === values.game) &&
          (from === undefined || m.sender?.toLowerCase() === from),
      )
      .reverse();
    const shown = values.all ? rows : rows.slice(0, RECENT);
    if (values.json) {
      io.out(`${JSON.stringify(shown, null, 2)}\n`);
      return 0;
    }
    if (!shown.length) {
      io.out('no mail received that matches\n');
      return 0;
    }
    io.out(
      `${'id'.padStart(6)}  ${'received (UTC)'.padEnd(16)}  ${'filed'.padEnd(8)}  ${'game'.padEnd(12)}  ${'from'.padEnd(30)}  what amici made of it\n`,
    );
    for (const m of shown)
      io.out(
        `${[
          String(m.id).padStart(6),
          m.receivedAt.slice(0, 16).replace('T', ' '),
          m.status.padEnd(8),
          (m.gameKey ?? '-').padEnd(12),
          (m.sender ?? '-').padEnd(30),
          m.note ?? '',
        ]
          .join('  ')
          .trimEnd()}\n${m.subject ? `${' '.repeat(8)}${m.subject}\n` : ''}`,
      );
    if (shown.length < rows.length)
      io.out(`(${rows.length - shown.length} older; --all shows every one)\n`);
    return 0;
  } finally {
    service.store.close();
  }
}
