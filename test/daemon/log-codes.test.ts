import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_CODES } from '../../src/daemon/log.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('log codes are stable and listed in one table', () => {
  const used = new Set(
    sources('src').flatMap((f) =>
      [
        ...readFileSync(join(root, f), 'utf8').matchAll(
          /\.(?:info|warn|error|debug)\(\s*\{\s*code: '([A-Z][A-Z_]+)'/g,
        ),
      ].map((m) => m[1]!),
    ),
  );
  it('every code a log line uses is in LOG_CODES', () => {
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((c) => !(c in LOG_CODES))).toEqual([]);
  });
  it('every code in LOG_CODES is logged somewhere (the table lists no dead code)', () => {
    expect(Object.keys(LOG_CODES).filter((c) => !used.has(c))).toEqual([]);
  });
  it('the README lists every code', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(Object.keys(LOG_CODES).filter((c) => !readme.includes(`| \`${c}\` |`))).toEqual([]);
  });
});
