import { describe, expect, it } from 'vitest';
import { formatTicks, formatValue, scaleFor, significant } from '../../src/core/magnitude.js';
import { largest, levels, quantity, textScale } from '../../src/core/format-number.js';

describe('readable magnitudes', () => {
  it('writes seconds in the unit that keeps the number between 1 and 1000', () => {
    expect(formatValue(0.00042, 's')).toBe('420 µs');
    expect(formatValue(0.0421, 's')).toBe('42.1 ms');
    expect(formatValue(2.345, 's')).toBe('2.35 s');
    expect(formatValue(3.2e-9, 's')).toBe('3.2 ns');
    expect(formatValue(1500, 'ms')).toBe('1.5 s');
    expect(formatValue(1234567, 'ns')).toBe('1.23 ms');
  });

  it('keeps what follows a slash, as in the tools’ per-iteration units', () => {
    expect(formatValue(1430, 'ns/iter')).toBe('1.43 µs/iter');
    expect(formatValue(12, 'ms/op')).toBe('12 ms/op');
  });

  it('writes bytes in binary multiples and decimal units in decimal ones', () => {
    expect(formatValue(3.2e9, 'B')).toBe('2.98 GiB');
    expect(formatValue(512, 'bytes')).toBe('512 B');
    expect(formatValue(2048, 'B/op')).toBe('2 KiB/op');
    expect(formatValue(1500, 'MB')).toBe('1.5 GB');
  });

  it('gives counts and unknown units a k/M/G prefix once large, and leaves small ones alone', () => {
    expect(formatValue(12_345_678, 'ops/s')).toBe('12.3M ops/s');
    expect(formatValue(950, 'ops/s')).toBe('950 ops/s');
    expect(formatValue(4200, 'allocs/op')).toBe('4.2k allocs/op');
    expect(formatValue(0.5, 'ratio')).toBe('0.5 ratio');
    expect(formatValue(7, '')).toBe('7');
  });

  it('never prints an exponent', () => {
    expect(significant(0.000012345)).toBe('0.0000123');
    expect(significant(123456789)).toBe('123456789');
    expect(significant(-0.5)).toBe('-0.5');
  });

  it('steps on to minutes and hours only where seconds and minutes would need four digits', () => {
    expect(formatValue(120, 's')).toBe('120 s');
    expect(formatValue(999, 's')).toBe('999 s');
    expect(formatValue(1200, 's')).toBe('20 min');
    expect(formatValue(1.2e12, 'ns')).toBe('20 min');
    expect(formatValue(90_000, 's')).toBe('25 h');
    expect(quantity(1200, 's')).toBe('20 min');
  });

  it('gives a number past the largest unit a prefix, as a count has: no 9200000000 s for an overflowed int64 of ns', () => {
    expect(formatValue(9.2e18, 'ns')).toBe('2.56M h');
    expect(formatTicks([9.108e18, 9.144e18], 'ns', 3.6e16)).toEqual(['2.53M h', '2.54M h']);
    expect(formatValue(2e15, 'B')).toBe('1.82k TiB');
    expect(formatValue(3e15, 'ops/s')).toBe('3P ops/s');
    expect(formatValue(1000 * 1024, 'B')).toBe('1000 KiB');
    // The text of comments and tables prefixes from a million, as it does counts.
    expect(quantity(9.2e18, 'ns')).toBe('2.556M h');
    expect(levels('ns', 9.2e18, 9.3e18)).toBe('2.556M to 2.583M h');
    expect(quantity(3.6e15, 'ns')).toBe('1000 h');
    expect(quantity(2e21, 'B')).toBe('1.819G TiB');
  });

  it('writes a zero in the case’s own unit, as the comments do', () => {
    expect(formatValue(0, 's')).toBe('0 s');
    expect(formatValue(0, 'ns/iter')).toBe('0 ns/iter');
    expect(formatValue(0, 'B')).toBe('0 B');
    expect(formatTicks([0], 's', 1)).toEqual(['0 s']);
  });

  it('moves to the next unit at the rounding edge, not after it', () => {
    expect(scaleFor('s', 0.9996)).toEqual({ divisor: 1, label: 's' });
    expect(scaleFor('s', 0.999)).toEqual({ divisor: 1e-3, label: 'ms' });
  });
});

describe('axis ticks', () => {
  it('share one unit picked from the largest tick, with decimals that tell them apart', () => {
    expect(formatTicks([0.0005, 0.001, 0.0015], 's', 0.0005)).toEqual(['0.5 ms', '1.0 ms', '1.5 ms']);
    expect(formatTicks([1.4, 1.6, 1.8], 's', 0.2)).toEqual(['1.4 s', '1.6 s', '1.8 s']);
    expect(formatTicks([100, 200, 300], 'ms', 100)).toEqual(['100 ms', '200 ms', '300 ms']);
    expect(formatTicks([0, 0.25, 0.5], 's', 0.25)).toEqual(['0 ms', '250 ms', '500 ms']);
  });

  it('keep two decimals where a decimal step becomes a binary fraction', () => {
    expect(formatTicks([5000, 5250, 5500], 'B', 250)).toEqual(['4.88 KiB', '5.13 KiB', '5.37 KiB']);
  });
});

describe('values in text: reasons, comments, tables', () => {
  it('write times and sizes in the unit the chart draws them in, with four significant digits', () => {
    expect(quantity(3263000000, 'ns')).toBe('3.263 s');
    expect(quantity(84756500, 'ns')).toBe('84.76 ms');
    expect(quantity(0.4951, 's')).toBe('495.1 ms');
    expect(quantity(1234567, 'ns/op')).toBe('1.235 ms/op');
    expect(quantity(3.2e9, 'B')).toBe('2.98 GiB');
  });

  it('keep the unit as the tool spelled it when no rescaling is needed', () => {
    expect(quantity(41.16, 'us')).toBe('41.16 us');
    expect(quantity(1.21, 'sec')).toBe('1.21 sec');
  });

  it('keep the unit of counts and rates, marking their numbers from a million up with M, G or T', () => {
    expect(quantity(24300, 'Hz')).toBe('24300 Hz');
    expect(quantity(999000, 'ops/s')).toBe('999000 ops/s');
    expect(quantity(999999, 'ops/s')).toBe('1M ops/s');
    expect(quantity(1234567, 'ops/s')).toBe('1.235M ops/s');
    expect(quantity(174300000, 'ops/sec')).toBe('174.3M ops/sec');
    expect(quantity(2.5e9, 'iter/sec')).toBe('2.5G iter/sec');
    expect(quantity(7, '')).toBe('7');
    expect(levels('ops/s', 0, 2e6, ' → ')).toBe('0 → 2M ops/s');
    expect(levels('Hz', 950000, 1.1e6, ' → ')).toBe('0.95M → 1.1M Hz');
  });

  it('keep the data unit for zero and for values that are not numbers', () => {
    expect(quantity(0, 's')).toBe('0 s');
    expect(textScale('ns', Number.NaN).unit).toBe('ns');
  });

  it('write two values in the scale of the larger, so that they compare at a glance', () => {
    expect(levels('ns', 950, 1100, ' → ')).toBe('0.95 → 1.1 µs');
    expect(levels('bytes', 0, 4096)).toBe('0 to 4 KiB');
    expect(levels('', 1, 1.2, ' → ')).toBe('1 → 1.2');
  });

  it('pick the scale from the largest magnitude, ignoring what is missing', () => {
    expect(largest(-3, 2, undefined, Number.NaN)).toBe(3);
    expect(largest()).toBe(0);
  });
});
