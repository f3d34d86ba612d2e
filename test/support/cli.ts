// Runs the `amici` command line in-process, as the tests of each command do: what it printed
// to stdout and stderr, and its exit code. `stdin` is what the command reads as standard input.

import { main } from '../../src/cli/main.ts';

export async function runCli(
  args: string[],
  stdin = '',
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (t) => {
      out += t;
    },
    // Bytes in another character set than UTF-8 (`pgn --latin1`): each byte one character, so
    // that Buffer.from(out, 'latin1') gives the bytes back.
    outBytes: (b) => {
      out += Buffer.from(b).toString('latin1');
    },
    err: (t) => {
      err += t;
    },
    readStdin: async () => stdin,
  });
  return { code, out, err };
}
