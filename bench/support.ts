// Helpers shared by the benchmarks: a seeded PRNG and best-of-N timing.

import { performance } from 'node:perf_hooks';

export interface BenchReport {
  title: string;
  /**
   * `ratio` is throughput relative to the first row (higher is faster); `met` says whether a
   * row with an absolute budget reached it.
   */
  rows: { name: string; value: string; ratio?: number; budget?: string; met?: boolean }[];
  /** The row whose ratio must reach `min` for the benchmark to pass. */
  target?: { name: string; min: number };
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Best wall time in ms of `runs` runs after one warm-up. */
export function timeBest(fn: () => unknown, runs = 5): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * Best wall time in ms of each of `fns`, run in turn for `rounds` rounds after one warm-up
 * each. Taking turns spreads every function over the whole measurement, so a burst of noise
 * from a shared machine (seen: one row at half speed for a few seconds) cannot take all the
 * runs of one row and none of another.
 */
export function timeBestInTurn(fns: readonly (() => unknown)[], rounds = 7): number[] {
  for (const fn of fns) fn();
  const best = fns.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, i) => {
      const t0 = performance.now();
      fn();
      best[i] = Math.min(best[i]!, performance.now() - t0);
    });
  }
  return best;
}
