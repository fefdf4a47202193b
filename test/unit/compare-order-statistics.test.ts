import { describe, expect, it } from 'vitest';
import { pairwiseDifferences, walshAverages } from '../../src/core/compare/order-statistics.js';

/** A fixed pseudo-random sequence (an LCG), so the data is the same on every run. */
function sequence(n: number, seed: number, scale: number, integer = false): number[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const v = (s / 2 ** 32 - 0.5) * scale;
    return integer ? Math.round(v) : v;
  });
}

// The plain way: write every element down and sort.
function allWalsh(d: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) out.push((d[i]! + d[j]!) / 2);
  return out.sort((a, b) => a - b);
}
function allDiffs(x: number[], y: number[]): number[] {
  return x.flatMap((a) => y.map((b) => b - a)).sort((a, b) => a - b);
}

const probes = (size: number) => [...new Set([1, 2, Math.floor(size / 40), Math.floor(size / 2), Math.floor(size / 2) + 1, size - 3, size - 1, size])].filter((k) => k >= 1 && k <= size);

describe('order statistics without writing every element down', () => {
  it.each([
    ['12 deltas', sequence(12, 1, 100)],
    ['300 deltas, past the listing threshold', sequence(300, 2, 10)],
    ['300 integer deltas, heavy ties', sequence(300, 3, 9, true)],
    ['200 equal deltas', Array.from({ length: 200 }, () => 0.1)],
    ['300 deltas of 0 and 1: thousands of equal averages inside the range', Array.from({ length: 300 }, (_, i) => i % 2)],
  ])('Walsh averages, %s: the k-th smallest equals the full sort', (_name, d) => {
    const all = allWalsh(d);
    const w = walshAverages(d);
    expect(w.size).toBe(all.length);
    for (const k of probes(all.length)) expect(w.kth(k)).toBe(all[k - 1]);
  });

  it.each([
    ['6 and 7 values', sequence(6, 4, 50), sequence(7, 5, 50)],
    ['150 and 120 values', sequence(150, 6, 1000), sequence(120, 7, 1000)],
    ['integer values with ties', sequence(160, 8, 20, true), sequence(140, 9, 20, true)],
  ])('pairwise differences, %s: the k-th smallest equals the full sort', (_name, x, y) => {
    const all = allDiffs(x, y);
    const p = pairwiseDifferences(x, y);
    expect(p.size).toBe(all.length);
    for (const k of probes(all.length)) expect(p.kth(k)).toBe(all[k - 1]);
  });

  it('the median is the middle element, or the mean of the middle two', () => {
    expect(walshAverages([1, 2, 3]).median()).toBe(2);
    expect(walshAverages([1, 2]).median()).toBe(1.5);
    expect(pairwiseDifferences([0, 10], [1, 2]).median()).toBe(-3.5);
  });

  it('refuses an order statistic outside the set', () => {
    expect(() => walshAverages([1, 2]).kth(4)).toThrow(RangeError);
    expect(() => pairwiseDifferences([1], [2]).kth(0)).toThrow(RangeError);
  });
});
