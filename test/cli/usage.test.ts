// Every command answers `--help` with its usage, and a mistyped option with a one-line reason
// and the usage (exit 2) — never a stack trace. A TD typing `amici games --jsno` at a prompt
// should learn what to type instead, and nothing is touched before the arguments parse.

import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/main.ts';
import { runCli } from '../support/cli.ts';

const names = Object.keys(COMMANDS);

describe('amici CMD --help and usage errors', () => {
  it('knows the commands the README lists', () => {
    expect(names).toEqual(expect.arrayContaining(['run', 'demo', 'games', 'show', 'pgn', 'td']));
  });

  it.each(names)('%s --help prints its usage on stdout and exits 0', async (name) => {
    const r = await runCli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^usage: amici ${name}\\b`));
    expect(r.err).toBe('');
  });

  it.each(names)('%s with an unknown option says which, shows the usage, exits 2', async (name) => {
    const r = await runCli([name, '--jsno']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(`^amici ${name}: unknown option --jsno\\n\\nusage: amici ${name}\\b`),
    );
    expect(r.out).toBe('');
  });

  it('an option another command takes is refused, not ignored', async () => {
    const r = await runCli(['show', 'CLUB/1', '--event', 'CLUB']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^amici show: unknown option --event\n\nusage: amici show/);
    expect((await runCli(['backup', '--json'])).err).toMatch(
      /^amici backup: unknown option --json/,
    );
  });

  it('an option missing its value is named', async () => {
    const r = await runCli(['init', '--config']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^amici init: Option '--config <value>' argument missing\n\nusage: amici init/,
    );
  });
});
