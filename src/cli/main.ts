// `amici` — the command line. Each command lives in its own module; this file only dispatches.

import { convertCommand } from './convert.ts';
import { explainCommand } from './explain.ts';
import type { CliIo } from './io.ts';
import { processIo } from './io.ts';

type Command = (args: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
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
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
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
  return command.run(rest, io);
}
