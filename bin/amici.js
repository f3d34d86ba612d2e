#!/usr/bin/env node
// amici's command-line entry. amici needs Node 22.18 or newer (it runs its TypeScript
// sources with Node's built-in type stripping). `npm ci` installs Node 22 into
// node_modules, and `npx amici` / `npm run amici` put it first on the PATH.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `amici needs Node 22.18 or newer, this is ${process.version}.\n` +
      'Run it as `npx amici …` from the project directory after `npm ci`; that uses the Node 22 installed with the project.\n',
  );
  process.exit(1);
}
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
