/**
 * The k-th smallest of the n(n+1)/2 Walsh averages or the m·n pairwise differences, found without
 * writing them all down: a paired bench of 10,000 rounds has 50 million Walsh averages, which
 * would take 400 MB to hold and seconds to sort, where counting takes O(n) per step.
 *
 * Bisection on the value, counting with two pointers over the sorted inputs, until few enough
 * candidates remain between the bounds to list and sort. Every comparison uses the element as
 * computed ((a + b) / 2, or y − x), so the answer is the very number a full sort would give.
 */

/** A multiset given by its rule instead of its elements. */
interface ImplicitSet {
  readonly size: number;
  readonly min: number;
  readonly max: number;
  /** How many elements are ≤ v. */
  countAtMost(v: number): number;
  /** The elements e with lo < e ≤ hi. */
  between(lo: number, hi: number): number[];
  /** Candidates few enough to list and sort. */
  readonly listable: number;
}

function kth(set: ImplicitSet, k: number): number {
  if (k < 1 || k > set.size) throw new RangeError(`order statistic ${k} of ${set.size}`);
  if (set.countAtMost(set.min) >= k) return set.min;
  // Invariant: countAtMost(lo) < k ≤ countAtMost(hi).
  let lo = set.min;
  let hi = set.max;
  let below = set.countAtMost(lo);
  let upTo = set.size;
  while (upTo - below > set.listable) {
    const mid = lo + (hi - lo) / 2;
    // No double lies strictly between lo and hi: every element in (lo, hi] equals hi.
    if (mid <= lo || mid >= hi) return hi;
    const c = set.countAtMost(mid);
    if (c >= k) {
      hi = mid;
      upTo = c;
    } else {
      lo = mid;
      below = c;
    }
  }
  const candidates = set.between(lo, hi).sort((a, b) => a - b);
  return candidates[k - below - 1] as number;
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Walsh averages (d[i] + d[j]) / 2, i ≤ j, of the deltas. */
function walshSet(deltas: readonly number[]): ImplicitSet {
  const d = ascending(deltas);
  const n = d.length;
  const at = (i: number, j: number) => ((d[i] as number) + (d[j] as number)) / 2;
  // For row i the elements j ≥ i rise with j; the last j with at(i, j) ≤ v falls as i rises.
  const countAtMost = (v: number) => {
    let count = 0;
    let j = n;
    for (let i = 0; i < n; i++) {
      while (j > 0 && at(i, j - 1) > v) j--;
      if (j > i) count += j - i;
    }
    return count;
  };
  return {
    size: (n * (n + 1)) / 2,
    min: at(0, 0),
    max: at(n - 1, n - 1),
    countAtMost,
    between(lo, hi) {
      const out: number[] = [];
      let jLo = n;
      let jHi = n;
      for (let i = 0; i < n; i++) {
        while (jLo > 0 && at(i, jLo - 1) > lo) jLo--;
        while (jHi > 0 && at(i, jHi - 1) > hi) jHi--;
        for (let j = Math.max(i, jLo); j < jHi; j++) out.push(at(i, j));
      }
      return out;
    },
    listable: Math.max(4096, 4 * n),
  };
}

/** Differences candidate[j] − baseline[i]. */
function differenceSet(baseline: readonly number[], candidate: readonly number[]): ImplicitSet {
  const x = ascending(baseline);
  const y = ascending(candidate);
  const m = x.length;
  const n = y.length;
  const at = (i: number, j: number) => (y[j] as number) - (x[i] as number);
  // For row i the elements rise with j; as x[i] rises the count of those ≤ v can only grow.
  const countAtMost = (v: number) => {
    let count = 0;
    let j = 0;
    for (let i = 0; i < m; i++) {
      while (j < n && at(i, j) <= v) j++;
      count += j;
    }
    return count;
  };
  return {
    size: m * n,
    min: at(m - 1, 0),
    max: at(0, n - 1),
    countAtMost,
    between(lo, hi) {
      const out: number[] = [];
      let jLo = 0;
      let jHi = 0;
      for (let i = 0; i < m; i++) {
        while (jLo < n && at(i, jLo) <= lo) jLo++;
        while (jHi < n && at(i, jHi) <= hi) jHi++;
        for (let j = jLo; j < jHi; j++) out.push(at(i, j));
      }
      return out;
    },
    listable: Math.max(4096, 4 * (m + n)),
  };
}

/** Order statistics of one implicit set: k-th smallest (1-based) and the median. */
export interface OrderStatistics {
  readonly size: number;
  kth(k: number): number;
  /** The middle element, or the mean of the middle two for an even count. */
  median(): number;
}

function statistics(set: ImplicitSet): OrderStatistics {
  return {
    size: set.size,
    kth: (k) => kth(set, k),
    median() {
      const half = Math.floor(set.size / 2);
      if (set.size % 2 === 1) return kth(set, half + 1);
      const a = kth(set, half);
      const b = kth(set, half + 1);
      return a + (b - a) / 2;
    },
  };
}

/** The Walsh averages of paired deltas. */
export function walshAverages(deltas: readonly number[]): OrderStatistics {
  return statistics(walshSet(deltas));
}

/** All differences candidate − baseline of two unpaired samples. */
export function pairwiseDifferences(baseline: readonly number[], candidate: readonly number[]): OrderStatistics {
  return statistics(differenceSet(baseline, candidate));
}
