#!/usr/bin/env node
// amici's command-line entry. amici needs Node 22.18 or newer (it runs its TypeScript sources
// with Node's built-in type stripping). `npm ci` installs Node 22 into node_modules (the npm
// `node` package); when this script is started by an older system Node, it runs itself again
// with that Node 22, passing signals on so `amici run` still stops gracefully.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  const bundled = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (!existsSync(bundled) || process.env.AMICI_REEXEC) {
    process.stderr.write(
      `amici needs Node 22.18 or newer, this is ${process.version}.\n` +
        'Run `bash scripts/setup.sh` in the amici folder first: it installs Node 22 with the project.\n',
    );
    process.exit(1);
  }
  const child = spawn(bundled, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, AMICI_REEXEC: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
} else {
  // Output piped into a reader that stops early (`amici inbox --all | head`): stop quietly, as
  // other commands do, instead of a stack trace for the closed pipe.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
}
