/**
 * Order statistics over run values. Pure functions of their arguments.
 *
 * Quartiles use linear interpolation between order statistics (Hyndman & Fan type 7, the
 * default of R and numpy), so the median they give agrees with `median` for every count: the
 * middle value, or the mean of the middle two for an even count. simple-statistics computes
 * exactly that (its `quantileSorted`, in the pinned 7.12, is type 7 with this very arithmetic); the
 * standard deviation stays here, since its sum of squares overflows near 1e308.
 */
import { medianSorted, quantileSorted as quantileOfSorted } from 'simple-statistics';

/** Numbers sorted ascending into a new array. */
export function sorted(values: readonly number[]): number[] {
  // A typed sort (no comparator called back into JavaScript): the same order for finite values,
  // about twice as fast, and the regression check sorts a few windows per case per commit.
  const n = values.length;
  const typed = new Float64Array(n);
  for (let i = 0; i < n; i++) typed[i] = values[i] as number;
  typed.sort();
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = typed[i] as number;
  return out;
}

/** The q-quantile (0..1) of already sorted values, by linear interpolation. */
export function quantileSorted(s: ArrayLike<number>, q: number): number {
  // simple-statistics throws a plain Error; callers and tests know this refusal as a RangeError.
  if (s.length === 0) throw new RangeError('quantile of no values');
  // It reads only the length and elements, so a typed array (a sorted scratch copy) will do.
  return quantileOfSorted(s as readonly number[], q);
}

let scratch = new Float64Array(64);

/**
 * values sorted ascending in a scratch array, valid until the next call: for order statistics
 * taken and forgotten (a replay takes a few per case per commit), without allocating them.
 */
export function sortedScratch(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  const out = scratch.subarray(0, n);
  for (let i = 0; i < n; i++) out[i] = values[i] as number;
  return out.sort();
}

/** Median: the middle value, or the mean of the middle two for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  return medianSorted(sorted(values));
}

/** Sample standard deviation (n - 1); null with fewer than two values. */
export function sampleStdev(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  // Scaled by the largest magnitude so that samples near 1e308 do not overflow the sum of squares
  // (the stdev of such samples is itself finite); exact for ordinary values up to rounding.
  const scale = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  if (scale === 0 || !Number.isFinite(scale)) return scale === 0 ? 0 : NaN;
  const scaled = values.map((v) => v / scale);
  const mean = scaled.reduce((t, v) => t + v, 0) / scaled.length;
  const ss = scaled.reduce((t, v) => t + (v - mean) ** 2, 0);
  return Math.sqrt(ss / (scaled.length - 1)) * scale;
}

export interface Spread {
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  readonly min: number;
  readonly max: number;
  readonly stdev: number | null;
}

/** Median, quartiles, extremes and sample standard deviation of at least one value. */
export function spread(values: readonly number[]): Spread {
  const s = sorted(values);
  return {
    median: quantileSorted(s, 0.5),
    q1: quantileSorted(s, 0.25),
    q3: quantileSorted(s, 0.75),
    min: s[0] as number,
    max: s[s.length - 1] as number,
    stdev: sampleStdev(s),
  };
}

/**
 * Rounds away binary floating-point noise (0.1 + 0.2 → 0.3) while keeping every digit a bench
 * could have measured: 12 significant digits is far beyond any timer's resolution.
 */
export function clean(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(12));
}

