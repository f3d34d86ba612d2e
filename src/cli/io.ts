// What a CLI command may touch of the outside world, injected so commands are testable.

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
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
