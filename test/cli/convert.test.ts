import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

describe('amici convert', () => {
  it('SAN to numeric, with the draw mark', async () => {
    const r = await runCli(['convert', '--to', 'numeric', '1.e4 e5 2.Nf3 Nf6 3.d4 (=)']);
    expect(r).toEqual({ code: 0, out: '1.5254 5755 2.7163 7866 3.4244 (=)\n', err: '' });
  });
  it('numeric to German SAN', async () => {
    const r = await runCli([
      'convert',
      '--from',
      'numeric',
      '--to',
      'san:de',
      '1.5254 5755 2.7163 2836 3.6125',
    ]);
    expect(r.out).toBe('1.e4 e5 2.Sf3 Sc6 3.Lb5\n');
  });
  it('Polish to English and to figurine', async () => {
    const pl = '1.e4 e5 2.Sf3 Sc6 3.Gb5 a6';
    expect((await runCli(['convert', '--from', 'san:pl', '--to', 'san', pl])).out).toBe(
      '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6\n',
    );
    expect((await runCli(['convert', '--from', 'san:pl', '--to', 'figurine', pl])).out).toBe(
      '1.e4 e5 2.♘f3 ♘c6 3.♗b5 a6\n',
    );
  });
  it('long algebraic in Czech', async () => {
    expect((await runCli(['convert', '--to', 'lan:cs', '1.e4 e5 2.Nf3'])).out).toBe(
      '1.e2-e4 e7-e5 2.Jg1-f3\n',
    );
  });
  it('reads standard input, keeps the result', async () => {
    const r = await runCli(['convert', '--to', 'numeric'], '1. f3 e5 2. g4 Qh4# 0-1\n');
    expect(r.out).toBe('1.6263 5755 2.7274 4884 0-1\n');
  });
  it('a PGN in, numeric out; numeric in, PGN out', async () => {
    const pgn = '[Event "Test"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 c5 2. Nf3 *\n';
    expect((await runCli(['convert', '--to', 'numeric'], pgn)).out).toBe('1.5254 3735 2.7163\n');
    const back = await runCli([
      'convert',
      '--from',
      'numeric',
      '--to',
      'pgn',
      '1.5254 3735 2.7163',
    ]);
    expect(back.out).toContain('[Mode "EM"]');
    expect(back.out).toContain('1. e4 c5 2. Nf3 *');
  });
  it('from a FEN with Black to move, and from a Chess960 number', async () => {
    const fen = await runCli([
      'convert',
      '--fen',
      '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1',
      '--to',
      'numeric',
      '1...Kd7 2.e4',
    ]);
    expect(fen.out).toBe('1...5847 2.5254\n');
    const c960 = await runCli(['convert', '--chess960', '0', '--to', 'san', '1.5254 5755 2.5163']);
    expect(c960.out).toBe('1.e4 e5 2.Nf3\n');
  });
  it('IMPOSSIBLE: says which move, why, and the legal moves; exits 1', async () => {
    const r = await runCli(['convert', '--to', 'numeric', '1.e4 e5 2.Nf3 Nc6 3.Nf5']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('3. (White) "Nf5": IMPOSSIBLE');
    expect(r.err).toContain('legal moves here:');
    expect(r.err).toContain('Nd4');
    expect(r.err).toContain('read so far: 1.5254 5755 2.7163 2836');
  });
  it('AMBIGUOUS in auto mode lists the readings', async () => {
    const r = await runCli(['convert', '--to', 'numeric', '1.e4 e5 2.Se2']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('2. (White) "Se2": AMBIGUOUS');
    expect(r.err).toContain('7152 = Ng1-e2 (Polish, German, Swedish)');
  });
  it('ILLEGIBLE: the 6762 promotion shows the five-digit form', async () => {
    const r = await runCli([
      'convert',
      '--fen',
      'k7/5P2/8/8/8/8/8/4K3 w - - 0 1',
      '--from',
      'numeric',
      '--to',
      'san',
      '1.6762',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('1. (White) "6762": ILLEGIBLE');
    expect(r.err).toContain('67682');
  });
  it('usage errors exit 2 with the usage', async () => {
    expect((await runCli(['convert', '1.e4'])).code).toBe(2);
    expect((await runCli(['convert', '--to', 'klingon', '1.e4'])).err).toContain(
      'usage: amici convert',
    );
    expect((await runCli(['nonsense'])).code).toBe(2);
  });
});

describe('the amici executable', () => {
  it('runs convert end to end', async () => {
    const bin = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, 'convert', '--to', 'numeric', '1.e4 e5 2.O-O'],
      {
        encoding: 'utf8',
      },
    ).catch((e: { stdout: string; stderr: string }) => ({ stdout: e.stderr }));
    expect(stdout).toContain('2. (White) "O-O": IMPOSSIBLE');
  });

  it('stops quietly when its reader closes the pipe early (`amici … | head -1`)', async () => {
    const bin = fileURLToPath(new URL('../../bin/amici.js', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'amici-epipe-'));
    try {
      const child = spawn(process.execPath, [bin, 'demo', '--full', '--dir', join(dir, 'demo')]);
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      // Like `head -1`: read the first chunk, then close the pipe.
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect(err).not.toContain('EPIPE');
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
