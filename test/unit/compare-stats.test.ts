import { describe, expect, it } from 'vitest';
import { pairedShift, unpairedShift } from '../../src/core/compare/hodges-lehmann.js';
import {
  CONFIDENCE,
  mannWhitneyCdf,
  mannWhitneyIndex,
  normalCdf,
  signedRankCdf,
  signedRankIndex,
} from '../../src/core/compare/rank-distributions.js';

// Independent references, written plainly: enumerate every sign pattern or every labelling
// instead of using the recursions under test.

/** All 2^n sums of ranks 1..n over the subsets: the signed-rank statistic's null distribution. */
function enumerateSignedRank(n: number): number[] {
  const sums: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    let t = 0;
    for (let r = 1; r <= n; r++) if (mask & (1 << (r - 1))) t += r;
    sums.push(t);
  }
  return sums;
}

/** U for every way of choosing which m of the m+n ranked positions are the first sample. */
function enumerateMannWhitney(m: number, n: number): number[] {
  const out: number[] = [];
  const total = m + n;
  for (let mask = 0; mask < 1 << total; mask++) {
    let bits = 0;
    for (let i = 0; i < total; i++) if (mask & (1 << i)) bits++;
    if (bits !== m) continue;
    // U = pairs (x, y) with x above y: for each first-sample position, the second-sample ones below it.
    let u = 0;
    let ysBelow = 0;
    for (let i = 0; i < total; i++) {
      if (mask & (1 << i)) u += ysBelow;
      else ysBelow++;
    }
    out.push(u);
  }
  return out;
}

const frac = (values: number[], pred: (v: number) => boolean) => values.filter(pred).length / values.length;

/** T+ of d − θ: the sum of the ranks of |d − θ| over the positive ones. */
function signedRankStat(d: readonly number[], theta: number): number {
  const x = d.map((v) => v - theta);
  const order = x.map((_, i) => i).sort((a, b) => Math.abs(x[a]!) - Math.abs(x[b]!));
  return order.reduce((t, i, r) => (x[i]! > 0 ? t + r + 1 : t), 0);
}

/** U of (candidate − θ) against the baseline: pairs where the shifted candidate is above. */
function mannWhitneyStat(b: readonly number[], c: readonly number[], theta: number): number {
  let u = 0;
  for (const cv of c) for (const bv of b) if (cv - theta > bv) u++;
  return u;
}

describe('exact rank distributions', () => {
  it('signed rank: matches the enumeration of every sign pattern', () => {
    for (const n of [1, 2, 5, 8, 12]) {
      const sums = enumerateSignedRank(n);
      const cdf = signedRankCdf(n);
      expect(cdf).toHaveLength((n * (n + 1)) / 2 + 1);
      cdf.forEach((p, t) => expect(p).toBeCloseTo(frac(sums, (s) => s <= t), 12));
    }
    // A textbook value: n = 8, P(T ≤ 3) = 5/256.
    expect(signedRankCdf(8)[3]).toBeCloseTo(5 / 256, 15);
  });

  it('Mann–Whitney: matches the enumeration of every labelling', () => {
    for (const [m, n] of [[1, 1], [3, 3], [4, 4], [5, 7], [6, 6]] as const) {
      const us = enumerateMannWhitney(m, n);
      const cdf = mannWhitneyCdf(m, n);
      expect(cdf).toHaveLength(m * n + 1);
      cdf.forEach((p, u) => expect(p).toBeCloseTo(frac(us, (v) => v <= u), 12));
    }
    expect(mannWhitneyCdf(4, 4)[0]).toBeCloseTo(1 / 70, 15);
  });

  it('the interval index reaches 95% when the sizes allow it, and says how much it reaches otherwise', () => {
    expect(signedRankIndex(8)).toEqual({ k: 4, achieved: 1 - 2 * (5 / 256), method: 'exact' });
    // Five rounds cannot reach 95%: the widest interval (the extremes) has 1 − 2/32.
    expect(signedRankIndex(5)).toEqual({ k: 1, achieved: 1 - 2 / 32, method: 'exact' });
    expect(signedRankIndex(6).achieved).toBeGreaterThanOrEqual(CONFIDENCE);
    expect(mannWhitneyIndex(3, 3)).toEqual({ k: 1, achieved: 1 - 2 / 20, method: 'exact' });
    expect(mannWhitneyIndex(4, 4).achieved).toBeCloseTo(1 - 2 / 70, 12);
  });

  it('from 50 values on, the normal approximation lands within one order statistic of the exact index', () => {
    const exact = (cdf: number[]) => cdf.findIndex((c) => c >= (1 - CONFIDENCE) / 2);
    for (const n of [50, 80, 120]) {
      const approx = signedRankIndex(n);
      expect(approx.method).toBe('normal');
      expect(Math.abs(approx.k - exact(signedRankCdf(n)))).toBeLessThanOrEqual(1);
      expect(approx.achieved).toBeGreaterThan(0.945);
    }
    const mw = mannWhitneyIndex(50, 60);
    expect(mw.method).toBe('normal');
    expect(Math.abs(mw.k - exact(mannWhitneyCdf(50, 60)))).toBeLessThanOrEqual(1);
  });

  it('one run against 50 or more, and a small arm against a large one, get the exact index, not a normal curve that understates it', () => {
    // One value against n: U is uniform on 0..n, so the extremes hold 1 − 2/(n + 1).
    expect(mannWhitneyIndex(1, 60)).toEqual({ k: 1, achieved: 1 - 2 / 61, method: 'exact' });
    expect(mannWhitneyIndex(80, 1)).toMatchObject({ k: 2, method: 'exact' });
    expect(mannWhitneyIndex(80, 1).achieved).toBeCloseTo(1 - 4 / 81, 12);
    const small = mannWhitneyIndex(2, 80);
    expect(small.method).toBe('exact');
    expect(small.achieved).toBeCloseTo(1 - 2 * (mannWhitneyCdf(2, 80)[small.k - 1] ?? 0), 12);
    expect(small.achieved).toBeGreaterThanOrEqual(CONFIDENCE);
  });

  it('the order statistics the normal approximation picks still hold 95% by the exact distribution', () => {
    const coverage = (cdf: number[], k: number) => 1 - 2 * (cdf[k - 1] ?? 0);
    for (const n of [50, 80, 120]) expect(coverage(signedRankCdf(n), signedRankIndex(n).k)).toBeGreaterThanOrEqual(CONFIDENCE);
    for (const [m, n] of [[50, 60], [50, 50], [60, 80]] as const) expect(coverage(mannWhitneyCdf(m, n), mannWhitneyIndex(m, n).k)).toBeGreaterThanOrEqual(CONFIDENCE);
  });

  it('normal distribution function at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655254, 6);
  });
});

describe('Hodges–Lehmann intervals invert the exact tests', () => {
  // Deltas with ties and a zero, as integer-millisecond benches give them.
  const deltas = [-8, 4, -6, -8, -14, -9, 3, -8, 8, 43, -4, -1];
  const eps = 1e-7;

  it('paired: just outside the interval the signed-rank test rejects at 2.5% per side, just inside it does not', () => {
    const s = pairedShift(deltas);
    const sums = enumerateSignedRank(deltas.length);
    const upperTail = (t: number) => frac(sums, (v) => v >= t);
    const lowerTail = (t: number) => frac(sums, (v) => v <= t);
    expect(upperTail(signedRankStat(deltas, s.lo - eps))).toBeLessThanOrEqual(0.025);
    expect(upperTail(signedRankStat(deltas, s.lo + eps))).toBeGreaterThan(0.025);
    expect(lowerTail(signedRankStat(deltas, s.hi + eps))).toBeLessThanOrEqual(0.025);
    expect(lowerTail(signedRankStat(deltas, s.hi - eps))).toBeGreaterThan(0.025);
    expect(s.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('paired: the estimate is where the signed-rank statistic balances', () => {
    const s = pairedShift(deltas);
    const max = (deltas.length * (deltas.length + 1)) / 2;
    expect(signedRankStat(deltas, s.estimate - 0.01)).toBeGreaterThanOrEqual(max / 2 - 1);
    expect(signedRankStat(deltas, s.estimate + 0.01)).toBeLessThanOrEqual(max / 2 + 1);
  });

  it('unpaired: the interval inverts the exact Mann–Whitney test', () => {
    const b = [101, 97, 110, 104, 99, 103];
    const c = [96, 92, 100, 95, 99, 90, 94];
    const s = unpairedShift(b, c);
    const us = enumerateMannWhitney(c.length, b.length);
    const upperTail = (u: number) => frac(us, (v) => v >= u);
    const lowerTail = (u: number) => frac(us, (v) => v <= u);
    expect(upperTail(mannWhitneyStat(b, c, s.lo - eps))).toBeLessThanOrEqual(0.025);
    expect(upperTail(mannWhitneyStat(b, c, s.lo + eps))).toBeGreaterThan(0.025);
    expect(lowerTail(mannWhitneyStat(b, c, s.hi + eps))).toBeLessThanOrEqual(0.025);
    expect(lowerTail(mannWhitneyStat(b, c, s.hi - eps))).toBeGreaterThan(0.025);
    // The median of the 42 differences, written out: the 21st and 22nd smallest.
    const diffs = b.flatMap((x) => c.map((y) => y - x)).sort((p, q) => p - q);
    expect(s.estimate).toBe((diffs[20]! + diffs[21]!) / 2);
    expect(s.count).toBe(42);
  });

  it('is deterministic: the same input gives the same numbers', () => {
    expect(pairedShift(deltas)).toEqual(pairedShift([...deltas]));
    expect(unpairedShift([1, 2, 3, 4], [2, 3, 4, 5])).toEqual(unpairedShift([1, 2, 3, 4], [2, 3, 4, 5]));
  });

  it('refuses an empty sample rather than inventing a shift', () => {
    expect(() => pairedShift([])).toThrow(RangeError);
    expect(() => unpairedShift([], [1])).toThrow(RangeError);
  });
});
