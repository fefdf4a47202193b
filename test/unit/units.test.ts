import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/model.js';
import { canConvert, convertUnit, inOneUnit, parseUnit, sameUnit } from '../../src/core/units.js';

describe('parseUnit', () => {
  it.each([
    ['ns', 'time', 's', 1e-9, undefined, undefined],
    ['µs', 'time', 's', 1e-6, undefined, undefined],
    ['ns/iter', 'time', 's', 1e-9, 'iter', undefined],
    ['ns/op', 'time', 's', 1e-9, 'op', undefined],
    ['B/op', 'bytes', 'B', 1, 'op', undefined],
    ['allocs/op', 'count', 'alloc', 1, 'op', undefined],
    ['MB', 'bytes', 'B', 1e6, undefined, undefined],
    ['GiB', 'bytes', 'B', 1024 ** 3, undefined, undefined],
    ['ops/sec', 'count', 'op', 1, undefined, 1],
    ['iter/sec', 'count', 'iter', 1, undefined, 1],
    ['ops/us', 'count', 'op', 1, undefined, 1e-6],
    ['MB/s', 'bytes', 'B', 1e6, undefined, 1],
    ['Kelem/s', 'count', 'elem', 1e3, undefined, 1],
    ['Hz', 'count', 'hz', 1, undefined, 1],
    ['Nanoseconds', 'time', 's', 1e-9, undefined, undefined],
    ['milliseconds', 'time', 's', 1e-3, undefined, undefined],
    ['Seconds/op', 'time', 's', 1, 'op', undefined],
    ['MHz', 'count', 'hz', 1e6, undefined, 1],
    ['Percent', 'percent', '%', 1, undefined, undefined],
    ['auxMetricUnits', 'count', 'auxmetricunit', 1, undefined, undefined],
  ])('%s', (unit, kind, noun, scale, per, perSeconds) => {
    const u = parseUnit(unit);
    expect([u.kind, u.noun, u.scale, u.per, u.perSeconds]).toEqual([kind, noun, scale, per, perSeconds]);
  });

  it('ms is milliseconds, MS (cargo bench "MS/s") is not', () => {
    expect(parseUnit('ms').kind).toBe('time');
    expect(parseUnit('MS/s')).toMatchObject({ kind: 'count', perSeconds: 1 });
  });

  it('answers the same for a unit read again, after more distinct units than it remembers', () => {
    const first = parseUnit('ns/iter');
    const padded = parseUnit(' ns/iter ');
    for (let i = 0; i < 1100; i++) expect(parseUnit(`widget${i}/s`).per).toBeUndefined();
    expect(parseUnit('ns/iter')).toEqual(first);
    expect(parseUnit(' ns/iter ')).toEqual(padded);
    expect(padded).toEqual(first);
    expect(parseUnit('widget7/s')).toEqual({ text: 'widget7/s', kind: 'count', noun: 'widget7', scale: 1, perSeconds: 1 });
  });
});

describe('convertUnit', () => {
  it.each([
    [1.1, 'us', 'ns', 1100],
    [1.1, 'µs', 'ns', 1100],
    [990, 'ns', 'us', 0.99],
    [2.5, 's', 'ms', 2500],
    [3, 'min', 's', 180],
    [18149, 'ns/iter', 'us/iter', 18.149],
    [5, 'ops/ms', 'ops/s', 5000],
    [1, 'ops/sec', 'ops/s', 1],
    [2, 'MiB', 'KiB', 2048],
    [1, 'GB', 'MB', 1000],
    [1.5, 'MiB/s', 'B/s', 1572864],
    [2, 'Melem/s', 'elem/s', 2e6],
    [7, 'allocs/op', 'alloc/op', 7],
  ])('%s %s is %s %s', (value, from, to, expected) => {
    expect(convertUnit(value, from, to)).toBe(expected);
  });

  it.each([
    ['ns/op', 'B/op', 'cannot convert ns/op to B/op: a time per op is not a size per op'],
    ['ns', 'ns/iter', 'cannot convert ns to ns/iter: one is per nothing, the other per iter'],
    ['ops/s', 'ops', 'cannot convert ops/s to ops: ops is not a rate'],
    ['allocs/op', 'cycles/op', 'cannot convert allocs/op to cycles/op: alloc and cycle count different things'],
    ['ms', 'MB', 'cannot convert ms to MB: a time is not a size'],
  ])('refuses %s to %s', (from, to, message) => {
    expect(() => convertUnit(1, from, to)).toThrow(InputError);
    expect(() => convertUnit(1, from, to)).toThrow(message);
    expect(canConvert(from, to)).toBe(false);
  });

  it('reads one-word rates per second, bits and bytes apart by the letter case of b', () => {
    expect(parseUnit('fps')).toMatchObject({ kind: 'count', noun: 'frame', perSeconds: 1 });
    expect(parseUnit('QPS')).toMatchObject({ kind: 'count', noun: 'query', perSeconds: 1 });
    expect(convertUnit(1.5, 'Mbps', 'kbps')).toBe(1500);
    expect(convertUnit(2, 'MBps', 'MB/s')).toBe(2);
    expect(canConvert('Mbps', 'MB/s')).toBe(false);
    expect(canConvert('rps', 'req/s')).toBe(true);
  });

  it('hertz is a rate in its own prefixes, and no other count per second', () => {
    expect(convertUnit(2.5, 'kHz', 'Hz')).toBe(2500);
    expect(sameUnit('hz', 'Hz')).toBe(true);
    expect(canConvert('Hz', 'ops/s')).toBe(false);
  });

  it('spellings of one unit are the same unit', () => {
    expect(sameUnit('us', 'µs')).toBe(true);
    expect(sameUnit('ops/sec', 'ops/s')).toBe(true);
    expect(sameUnit('ns', 'us')).toBe(false);
  });
});

describe('inOneUnit: one case never mixes magnitudes', () => {
  it('writes every value in the one unit', () => {
    expect(inOneUnit([{ value: 990, unit: 'ns' }, { value: 1.1, unit: 'us' }, { value: 0.0012, unit: 'ms' }], 'ns')).toEqual([990, 1100, 1200]);
  });

  it('refuses a value that measures something else, naming where it is', () => {
    expect(() => inOneUnit([{ value: 1, unit: 'ns' }, { value: 2, unit: 'B', where: 'out.txt: line 4' }], 'ns')).toThrow(
      'out.txt: line 4: cannot convert B to ns: a size is not a time',
    );
  });
});
