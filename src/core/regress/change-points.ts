/**
 * Change points by E-Divisive means (Matteson & James 2014), as Apache Otava (ex-Hunter) and
 * MongoDB's signal processing use it: bisect the series where the energy distance between the
 * two sides is largest, keep the split when a permutation test says such a distance is unlikely
 * from noise, and recurse into both sides.
 *
 * The scan is univariate with exponent 1, so the pairwise sums it needs update in O(log n) per
 * step through Fenwick trees over value ranks: one scan of n points costs O(n log n), not
 * O(n²), which is what keeps a few hundred permutations per test affordable.
 */
import { Random, mixSeed } from './prng.js';

export interface ChangePointSettings {
  /** Fewest points on each side of a split. */
  readonly minSize: number;
  /** Permutations per significance test. */
  readonly permutations: number;
  /** Largest permutation p-value that keeps a split. */
  readonly significance: number;
}

export const DEFAULT_CHANGE_POINT_SETTINGS: ChangePointSettings = { minSize: 5, permutations: 199, significance: 0.01 };

export interface Split {
  /** Index of the first point of the new level. */
  readonly index: number;
  /** Permutation p-value of the split when it was found. */
  readonly pValue: number;
}

/** Sorted values, each position's rank, and each value's sum of distances to all others. */
class Segment {
  readonly n: number;
  readonly sortedValues: Float64Array;
  /** rankAt[i]: rank of the value at position i (ties broken by position, so ranks are distinct). */
  readonly rankAt: Int32Array;
  /** rowTotal[r]: Σ_j |v_r − v_j| over the whole segment, by rank. */
  readonly rowTotal: Float64Array;
  /** Σ_{i<j} |v_i − v_j| over the whole segment. */
  readonly total: number;
  private readonly count: Int32Array;
  private readonly sum: Float64Array;

  constructor(values: ArrayLike<number>, from: number, to: number) {
    const n = to - from;
    this.n = n;
    // A typed sort without a comparator, then each position's rank by binary search, ties in
    // position order: the same ranks as sorting positions by (value, position), several times
    // faster, which matters since a replay builds one per case per commit.
    this.sortedValues = Float64Array.from({ length: n }, (_, i) => values[from + i] as number).sort();
    this.rankAt = new Int32Array(n);
    const taken = new Int32Array(n);
    const sv = this.sortedValues;
    for (let pos = 0; pos < n; pos++) {
      const v = values[from + pos] as number;
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((sv[mid] as number) < v) lo = mid + 1;
        else hi = mid;
      }
      this.rankAt[pos] = lo + (taken[lo] as number);
      taken[lo] = (taken[lo] as number) + 1;
    }
    const prefix = new Float64Array(n + 1);
    for (let r = 0; r < n; r++) prefix[r + 1] = (prefix[r] as number) + (this.sortedValues[r] as number);
    this.rowTotal = new Float64Array(n);
    let total = 0;
    for (let r = 0; r < n; r++) {
      const v = this.sortedValues[r] as number;
      const below = r * v - (prefix[r] as number);
      const above = (prefix[n] as number) - (prefix[r + 1] as number) - (n - 1 - r) * v;
      this.rowTotal[r] = below + above;
      total += below + above;
    }
    this.total = total / 2;
    this.count = new Int32Array(n + 1);
    this.sum = new Float64Array(n + 1);
  }

  /**
   * The split τ (minSize ≤ τ ≤ n − minSize) maximising the scaled energy distance
   * Q = m·k/(m+k) · (2/(m·k)·Σ|x−y| − Σ|x−x'|/C(m,2) − Σ|y−y'|/C(k,2)) for the given order of
   * ranks, and that maximum.
   */
  scan(ranks: Int32Array, minSize: number, stopAt = Infinity): { tau: number; q: number } {
    const n = this.n;
    const count = this.count;
    const sum = this.sum;
    count.fill(0);
    sum.fill(0);
    let within = 0;
    let rowLeft = 0;
    let sumLeft = 0;
    let best = -Infinity;
    let bestTau = -1;
    for (let tau = 1; tau < n; tau++) {
      const r = ranks[tau - 1] as number;
      const x = this.sortedValues[r] as number;
      let c = 0;
      let s = 0;
      for (let i = r; i > 0; i -= i & -i) {
        c += count[i] as number;
        s += sum[i] as number;
      }
      const left = tau - 1;
      within += c * x - s + (sumLeft - s) - (left - c) * x;
      for (let i = r + 1; i <= n; i += i & -i) {
        count[i] = (count[i] as number) + 1;
        sum[i] = (sum[i] as number) + x;
      }
      sumLeft += x;
      rowLeft += this.rowTotal[r] as number;
      if (tau < minSize || n - tau < minSize) continue;
      const m = tau;
      const k = n - tau;
      const between = rowLeft - 2 * within;
      const withinRight = this.total - within - between;
      const e = (2 * between) / (m * k) - (2 * within) / (m * (m - 1)) - (2 * withinRight) / (k * (k - 1));
      const q = ((m * k) / (m + k)) * e;
      if (q > best) {
        best = q;
        bestTau = tau;
        // A permutation only has to be known to reach the observed statistic, not by how much.
        if (best >= stopAt) break;
      }
    }
    return { tau: bestTau, q: best };
  }
}

/** The split of values[from, to) with the largest energy statistic, and that statistic. */
export function bestSplit(values: ArrayLike<number>, minSize: number, from = 0, to = values.length): { index: number; q: number } {
  const seg = new Segment(values, from, to);
  const { tau, q } = seg.scan(seg.rankAt, minSize);
  return { index: tau < 0 ? -1 : from + tau, q };
}

/**
 * Tests the best split of values[from, to): returns it with its p-value when significant. The
 * permutation loop stops as soon as enough shuffles beat the observed statistic that the test can
 * no longer pass, so quiet stretches cost a handful of scans rather than all of them.
 */
function testSplit(values: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): Split | undefined {
  const seg = new Segment(values, from, to);
  const ranks = Int32Array.from(seg.rankAt);
  const observed = seg.scan(ranks, settings.minSize);
  if (observed.tau < 0 || !(observed.q > 0)) return undefined;
  const rng = new Random(mixSeed(seed, from, to));
  const allowed = Math.floor(settings.significance * (settings.permutations + 1)) - 1;
  if (allowed < 0) throw new RangeError('significance is too small for the number of permutations');
  let beaten = 0;
  // Scale-aware tolerance: a permutation that ties the observed statistic counts against it.
  const tie = observed.q * (1 - 1e-12);
  for (let p = 0; p < settings.permutations; p++) {
    rng.shuffle(ranks);
    if (seg.scan(ranks, settings.minSize, tie).q >= tie) {
      beaten++;
      if (beaten > allowed) return undefined;
    }
  }
  return { index: from + observed.tau, pValue: (beaten + 1) / (settings.permutations + 1) };
}

/**
 * Significant splits of values[from, to) by recursive bisection, in index order. Values are
 * whatever scale the caller wants steps found on (the detector passes log medians, so a step is
 * a ratio whatever the case's magnitude).
 */
export function eDivisive(
  values: ArrayLike<number>,
  settings: ChangePointSettings = DEFAULT_CHANGE_POINT_SETTINGS,
  seed = 0,
  from = 0,
  to = values.length,
): Split[] {
  const found: Split[] = [];
  const pending: [number, number][] = [[from, to]];
  while (pending.length > 0) {
    const [a, b] = pending.pop() as [number, number];
    if (b - a < 2 * settings.minSize) continue;
    const split = testSplit(values, a, b, settings, seed);
    if (!split) continue;
    found.push(split);
    pending.push([a, split.index], [split.index, b]);
  }
  return found.sort((x, y) => x.index - y.index);
}
