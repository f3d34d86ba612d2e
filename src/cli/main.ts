// `amici` — the command line. Each command lives in its own module; this file only dispatches.

import { isBusy, StoreBusy, StoreUnusable } from '../store/store.ts';
import { convertCommand } from './convert.ts';
import { demoCommand } from './demo.ts';
import { explainCommand } from './explain.ts';
import { inboxCommand } from './inbox.ts';
import {
  backupCommand,
  exportCommand,
  gamesCommand,
  pgnCommand,
  reportCommand,
  showCommand,
  standingsCommand,
} from './inspect.ts';
import type { CliIo } from './io.ts';
import { processIo } from './io.ts';
import { outboxCommand } from './outbox.ts';
import { checkConfigCommand, initCommand, runCommand } from './run.ts';
import { postCommand, tdCommand } from './td.ts';

type Command = (args: string[], io: CliIo) => Promise<number>;

export const COMMANDS: Record<string, { run: Command; summary: string }> = {
  run: {
    run: runCommand,
    summary: 'the referee daemon (--once: process what is waiting and exit)',
  },
  demo: {
    run: demoCommand,
    summary: 'play a short game end to end on the embedded default and show it',
  },
  init: { run: initCommand, summary: 'write a starter config (amici.yaml)' },
  'check-config': {
    run: checkConfigCommand,
    summary: 'validate the config and show what it sets up',
  },
  games: { run: gamesCommand, summary: 'list the games: moves, who is to move, days left, result' },
  show: { run: showCommand, summary: 'one game: board, both clocks, history with dates (--json)' },
  pgn: {
    run: pgnCommand,
    summary: 'the PGN of a game, or of every game of an event (--event TAG)',
  },
  standings: {
    run: standingsCommand,
    summary: 'the standings of each event, with the cross-table (L-12)',
  },
  report: {
    run: reportCommand,
    summary: "the TD's report on each event as it would go out today (reportDays); sends nothing",
  },
  post: { run: postCommand, summary: 'enter a postal move with its postmark and received dates' },
  td: {
    run: tdCommand,
    summary: 'apply a TD ruling offline (claims, leave, penalties, clocks, results)',
  },
  inbox: {
    run: inboxCommand,
    summary: 'mail received: when, from whom, which game, done/rejected/ignored and why',
  },
  outbox: {
    run: outboxCommand,
    summary: 'outgoing mail waiting or failed; retry failed mail (retry ID… | --failed)',
  },
  export: {
    run: exportCommand,
    summary: 'write the raw archive: every mail received, every game log and PGN',
  },
  backup: {
    run: backupCommand,
    summary: 'a consistent copy of the state file, safe while amici runs (backup FILE)',
  },
  convert: {
    run: convertCommand,
    summary: 'turn movetext or a PGN from one notation into another',
  },
  explain: {
    run: explainCommand,
    summary: 'show how amici reads a mail (.eml) and what it would rule',
  },
};

export const USAGE = `amici — an email referee for correspondence chess

usage: amici <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(13)} ${c.summary}`)
  .join('\n')}

Run \`amici <command> --help\` for a command's options.`;

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`amici: unknown command "${name}"\n\n${USAGE}\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // The daemon (or another command) kept the write lock longer than this command waits: one
    // line, what and why and what to do, no stack; nothing of the transaction that waited was
    // written, and a command prints what it recorded as it records it.
    if (isBusy(e)) {
      const what =
        e instanceof StoreBusy
          ? e.message
          : "the state file is busy: another amici process (`amici run` filing mail, or another TD's command) kept its write lock too long";
      io.err(
        `amici: ${what}, so this command stopped: nothing after what it printed was recorded. Try again in a moment (AMICI_LOCK_WAIT_SECONDS sets how long a command waits).\n`,
      );
      return 1;
    }
    // A state file amici cannot use (newer than this amici, not a database): one line, no stack.
    if (!(e instanceof StoreUnusable)) throw e;
    io.err(`amici: ${e.message}\n`);
    return 2;
  }
}
