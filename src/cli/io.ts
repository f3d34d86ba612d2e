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
 * A command's arguments, parsed by `parse`; or, when they do not parse (usage error, 2) or ask
 * for --help (0), the exit code after the message and the help are printed.
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
    io.err(`amici ${command}: ${(e as Error).message}\n\n${help}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(help);
    return 0;
  }
  return parsed;
}
