/**
 * Constructed series for the detector's tests (regress-detect, regress-rules, regress-quality):
 * points named c0, c1, ... with a ±1% error bar of 5 runs, and seeded multiplicative job noise.
 */
import type { Direction } from '../../src/core/model.js';
import type { CaseSeries, SeriesPoint } from '../../src/core/regress/detect.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../../src/core/regress/settings.js';

/** `q1` replaces the lower quartile (the better quartile of a smaller-is-better case) of chosen points. */
export function points(values: readonly number[], q1?: (i: number, v: number) => number): SeriesPoint[] {
  return values.map((value, i) => ({ sha: `c${i}`.padEnd(40, '0'), seq: i, value, q1: q1 ? q1(i, value) : value * 0.99, q3: value * 1.01, runs: 5, n: 5 }));
}

export function series(values: readonly number[], direction: Direction = 'smaller', unit = 's', q1?: (i: number, v: number) => number): CaseSeries {
  return { suite: 'default', case: 'warm / total', unit, direction, points: points(values, q1) };
}

/** A level with multiplicative job noise of `sigma` (log scale), seeded. */
export function noisy(level: (i: number) => number, count: number, sigma: number, seed = 7): number[] {
  const rng = new Random(seed);
  return Array.from({ length: count }, (_, i) => level(i) * Math.exp(sigma * rng.normal()));
}

export const settings = (over: Partial<AlertSettings> = {}): AlertSettings => ({ ...DEFAULT_ALERT_SETTINGS, ...over });
