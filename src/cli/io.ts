// What a CLI command may touch of the outside world, injected so commands are testable.

import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export { count } from '../words.ts';

export interface CliIo {
  out(text: string): void;
  /** Bytes as they are, for output in another character set than UTF-8 (`pgn --latin1`). */
  outBytes(bytes: Uint8Array): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  outBytes: (bytes) => void process.stdout.write(bytes),
  err: (text) => void process.stderr.write(text),
  readStdin: async () => {
    if (process.stdin.isTTY) return '';
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/**
 * What went wrong with a command line, said plainly: node's parseArgs explains unknown options
 * at length ("To specify a positional argument starting with a '-'…"); one clause is enough.
 */
export function usageError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: string }).code;
  const option = /'(-[^']*)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  return message.split('. ')[0]!.replace(/\.$/, '');
}

/**
 * A command's arguments, parsed by `parse`; or, when they do not parse (usage error, 2) or ask
 * for --help (0), the exit code after the message and the help are printed. Every command parses
 * through here, so `amici CMD --help` and a mistyped option always get an answer, never a stack.
 */
export function argsOrExit<T extends { values: { help?: boolean | undefined } }>(
  io: CliIo,
  command: string,
  help: string,
  parse: () => T,
): T | number {
  let parsed: T;
  try {
    parsed = parse();
  } catch (e) {
    io.err(`amici ${command}: ${usageError(e)}\n\n${help.endsWith('\n') ? help : `${help}\n`}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(help.endsWith('\n') ? help : `${help}\n`);
    return 0;
  }
  return parsed;
}

/** bin/amici.js of this installation. */
const AMICI_BIN = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));

/**
 * The command that starts this amici from `cwd`, for the hints a command prints: `npx amici`
 * inside the amici folder or a project that has it installed, `amici` when the PATH has this
 * one, else `node /path/to/bin/amici.js` (after `amici init` in a TD's own folder).
 */
export function amiciCommand(
  cwd: string = process.cwd(),
  path: string = process.env.PATH ?? '',
): string {
  const root = dirname(dirname(AMICI_BIN));
  const inside = relative(root, cwd);
  if (!inside.startsWith('..') && !isAbsolute(inside)) return 'npx amici';
  if (existsSync(join(cwd, 'node_modules', '.bin', 'amici'))) return 'npx amici';
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const bin = real(AMICI_BIN);
  for (const dir of path.split(delimiter))
    if (dir && real(join(dir, 'amici')) === bin) return 'amici';
  return `node ${/\s/.test(AMICI_BIN) ? JSON.stringify(AMICI_BIN) : AMICI_BIN}`;
}
