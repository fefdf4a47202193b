/**
 * Null distributions of the two rank statistics whose quantiles give the exact Hodges–Lehmann
 * intervals: the Wilcoxon signed-rank statistic (paired rounds) and the Mann–Whitney statistic
 * (arms that do not pair). Pure functions; the same sizes always give the same numbers.
 *
 * Exact below 50 paired rounds and below 2,500 pairwise differences (and for one value against
 * any number); past that the normal approximation with a continuity correction is within an order
 * statistic or two of the exact index, and the exact tables would cost O(n³) (signed rank) and
 * O(m²n²) (Mann–Whitney) for no visible gain.
 */

/** Sizes from which the normal approximation replaces the exact table. */
export const EXACT_BELOW = 50;

/** P(Z ≤ 1.959963984540054) = 0.975: the two-sided 95% point of the standard normal. */
const Z_975 = 1.959963984540054;

/** The one confidence level compare reports; fixed so that every report reads the same way. */
export const CONFIDENCE = 0.95;

/** P(T ≤ t) for t = 0..n(n+1)/2, T the signed-rank statistic of n untied, non-zero differences. */
export function signedRankCdf(n: number): number[] {
  const max = (n * (n + 1)) / 2;
  // Probabilities rather than counts: halving at each rank keeps every entry within [0, 1].
  let p = new Array<number>(max + 1).fill(0);
  p[0] = 1;
  for (let k = 1; k <= n; k++) {
    const next = new Array<number>(max + 1).fill(0);
    const reach = (k * (k + 1)) / 2;
    for (let s = 0; s <= reach; s++) next[s] = ((p[s] ?? 0) + (s >= k ? (p[s - k] ?? 0) : 0)) / 2;
    p = next;
  }
  return cumulative(p);
}

/** P(U ≤ u) for u = 0..mn, U the Mann–Whitney statistic of samples of m and n untied values. */
export function mannWhitneyCdf(m: number, n: number): number[] {
  // f[j][u]: arrangements of i values of the first sample and j of the second with U = u.
  // Counts stay below C(98, 49) ≈ 2.5e28 in the exact range: exact enough in doubles, no subtraction.
  let f: number[][] = Array.from({ length: n + 1 }, () => [1]);
  for (let i = 1; i <= m; i++) {
    const g: number[][] = [[1]];
    for (let j = 1; j <= n; j++) {
      const row = new Array<number>(i * j + 1).fill(0);
      const left = f[j] as number[];
      const up = g[j - 1] as number[];
      for (let u = 0; u < left.length; u++) row[u + j] = (row[u + j] ?? 0) + (left[u] ?? 0);
      for (let u = 0; u < up.length; u++) row[u] = (row[u] ?? 0) + (up[u] ?? 0);
      g.push(row);
    }
    f = g;
  }
  const counts = f[n] as number[];
  const total = counts.reduce((t, c) => t + c, 0);
  return cumulative(counts.map((c) => c / total));
}

function cumulative(p: readonly number[]): number[] {
  const out: number[] = [];
  let run = 0;
  for (const v of p) {
    run += v;
    out.push(run);
  }
  return out;
}

/** Smallest t with cdf[t] ≥ q (R's qsignrank / qwilcox). */
function quantile(cdf: readonly number[], q: number): number {
  // A relative allowance: the cdf is a sum of doubles and must not miss an exact tie with q.
  const i = cdf.findIndex((c) => c >= q * (1 - 1e-12));
  return i < 0 ? cdf.length - 1 : i;
}

/** Standard normal distribution function (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Which order statistics bound the interval: the lower bound is the k-th smallest of the `count`
 * sorted Walsh averages or differences, the upper the k-th largest. `achieved` is the confidence
 * the pair of order statistics really has, which is below 95% when the samples are too small to
 * reach it (then k is 1 and the bounds are the extremes).
 */
export interface IntervalIndex {
  readonly k: number;
  readonly achieved: number;
  readonly method: 'exact' | 'normal';
}

function indexFrom(cdf: readonly number[]): IntervalIndex {
  const alpha = 1 - CONFIDENCE;
  const qu = Math.max(1, quantile(cdf, alpha / 2));
  return { k: qu, achieved: 1 - 2 * (cdf[qu - 1] ?? 0), method: 'exact' };
}

function indexNormal(mean: number, sd: number): IntervalIndex {
  const qu = Math.max(1, Math.ceil(mean - 0.5 - Z_975 * sd));
  return { k: qu, achieved: 1 - 2 * normalCdf((qu - 1 + 0.5 - mean) / sd), method: 'normal' };
}

/** Interval index among the n(n+1)/2 Walsh averages of n paired differences. */
export function signedRankIndex(n: number): IntervalIndex {
  if (n < 1) throw new RangeError('an interval needs at least one difference');
  if (n < EXACT_BELOW) return indexFrom(signedRankCdf(n));
  return indexNormal((n * (n + 1)) / 4, Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24));
}

/** Interval index among the m·n pairwise differences of two unpaired samples. */
export function mannWhitneyIndex(m: number, n: number): IntervalIndex {
  if (m < 1 || n < 1) throw new RangeError('an interval needs a value in each sample');
  // One value against many: U is uniform on 0..n, which the normal curve misses badly (it gave
  // 90% to an interval of 96% for 1 against 51, and called it too few runs).
  if (Math.min(m, n) === 1) {
    const others = Math.max(m, n);
    return indexFrom(Array.from({ length: others + 1 }, (_, u) => (u + 1) / (others + 1)));
  }
  // Exact while the table is small (49 × 51 costs what 49 × 49 does), so that a small arm against
  // 50 or more is not left to the normal curve.
  if (m * n < EXACT_BELOW * EXACT_BELOW) return indexFrom(mannWhitneyCdf(m, n));
  return indexNormal((m * n) / 2, Math.sqrt((m * n * (m + n + 1)) / 12));
}
