import { describe, expect, it } from 'vitest';
import { shortNumber } from '../../src/core/format-number.js';
import { clean, median, quantileSorted, sampleStdev, spread } from '../../src/core/stats.js';

describe('median', () => {
  it('is the value itself for one run', () => {
    expect(median([4.2])).toBe(4.2);
  });
  it('is the middle value for an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([9, 1, 5, 7, 3])).toBe(5);
  });
  it('is the mean of the middle two for an even count', () => {
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([10, 2])).toBe(6);
  });
  it('handles ties', () => {
    expect(median([2, 2, 2, 9])).toBe(2);
    expect(median([1, 3, 3, 3])).toBe(3);
  });
  it('refuses no values rather than inventing one', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('quartiles (linear interpolation, type 7)', () => {
  it('agrees with the median at 0.5 and interpolates between order statistics', () => {
    const s = [1, 2, 3, 4, 5];
    expect(quantileSorted(s, 0.25)).toBe(2);
    expect(quantileSorted(s, 0.5)).toBe(3);
    expect(quantileSorted(s, 0.75)).toBe(4);
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantileSorted([1, 2, 3, 4], 0.75)).toBeCloseTo(3.25, 12);
  });
  it('collapses to the value for one run', () => {
    expect(spread([7])).toEqual({ median: 7, q1: 7, q3: 7, min: 7, max: 7, stdev: null });
  });
  it('orders min ≤ q1 ≤ median ≤ q3 ≤ max on an even count with ties', () => {
    const s = spread([5, 1, 5, 2, 9, 5]);
    expect(s.min).toBe(1);
    expect(s.max).toBe(9);
    expect(s.median).toBe(5);
    expect(s.q1).toBeCloseTo(2.75, 12);
    expect(s.q3).toBe(5);
  });
});

describe('the documented definitions, now computed by simple-statistics', () => {
  // The definition the project documents (type 7: the order statistic at (n - 1)q, interpolated
  // linearly), written out here so that a library upgrade that changes its quantiles fails.
  const type7 = (s: readonly number[], q: number): number => {
    const pos = (s.length - 1) * q;
    const lo = Math.floor(pos);
    const a = s[lo] as number;
    const b = s[Math.ceil(pos)] as number;
    return a + (b - a) * (pos - lo);
  };
  const samples: number[][] = [
    [0.1, 0.2],
    [0.1, 0.2, 0.30000000000000004, 0.7],
    [-3.5, -1, 0, 2.25, 2.25, 8, 1e-9],
    [1.61, 1.52, 1.7, 1.43, 1.79, 1.61, 1.55, 1.66, 1.58, 1.61],
    [1e308, 1.7e308],
    Array.from({ length: 37 }, (_, i) => Math.sin(i) * 1000),
  ];
  it('gives bit for bit the type-7 quantiles at every quartile and percentile', () => {
    for (const xs of samples) {
      const s = [...xs].sort((a, b) => a - b);
      for (let k = 0; k <= 100; k++) expect(quantileSorted(s, k / 100)).toBe(type7(s, k / 100));
    }
  });
  it('takes the median of an even count as the mean of the middle two, without overflowing near 1e308', () => {
    for (const xs of samples) expect(median(xs)).toBe(type7([...xs].sort((a, b) => a - b), 0.5));
    expect(median([1e308, 1.7e308])).toBe(1.35e308);
  });
  it('still refuses no values as a RangeError', () => {
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
  });
});

describe('sample standard deviation', () => {
  it('is null for one value and uses n - 1', () => {
    expect(sampleStdev([3])).toBeNull();
    expect(sampleStdev([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138089935, 8);
    expect(sampleStdev([1.43, 1.61, 1.79])).toBeCloseTo(0.18, 12);
  });
  it('is zero for identical values', () => {
    expect(sampleStdev([2.2, 2.2, 2.2])).toBe(0);
  });
});

describe('number cleaning and spelling', () => {
  it('removes binary noise but keeps measured digits', () => {
    expect(clean(0.1 + 0.2)).toBe(0.3);
    expect(clean(1.23456789012)).toBe(1.23456789012);
    expect(clean(0)).toBe(0);
  });
  it('spells short numbers without exponent noise', () => {
    expect(shortNumber(0.010000000000000002)).toBe('0.01');
    expect(shortNumber(0.18000000000000002)).toBe('0.18');
    expect(shortNumber(0)).toBe('0');
    expect(shortNumber(1234567)).toBe('1235000');
  });
});
