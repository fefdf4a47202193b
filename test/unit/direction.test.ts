import { describe, expect, it } from 'vitest';
import { applyDirectionOverrides, decidedBy, directionFor, directionOfUnit, overridesMatchingNothing, parseDirectionOverrides } from '../../src/core/direction.js';
import { buildPoints } from '../../src/core/cases.js';
import { InputError } from '../../src/core/model.js';
import { parseInput } from '../../src/formats/registry.js';

describe('direction from the unit', () => {
  it.each([
    ['ops/sec', 'bigger'],
    ['ops/s', 'bigger'],
    ['iter/sec', 'bigger'],
    ['MB/s', 'bigger'],
    ['req/s', 'bigger'],
    ['Hz', 'bigger'],
    ['Nanoseconds', 'smaller'],
    ['kHz', 'bigger'],
    ['fps', 'bigger'],
    ['RPS', 'bigger'],
    ['qps', 'bigger'],
    ['tps', 'bigger'],
    ['Mbps', 'bigger'],
    ['MBps', 'bigger'],
    ['ns', 'smaller'],
    ['ns/op', 'smaller'],
    ['s', 'smaller'],
    ['MB', 'smaller'],
    ['B/op', 'smaller'],
    ['allocs/op', 'smaller'],
    ['cycles', 'smaller'],
    ['Percent', undefined],
    ['auxMetricUnits', undefined],
  ])('%s: %s', (unit, direction) => {
    expect(directionOfUnit(unit)).toBe(direction);
  });

  it('falls back to the format when the unit does not say', () => {
    expect(directionFor('Percent', 'bigger')).toBe('bigger');
    expect(directionFor('ops/s', 'smaller')).toBe('bigger');
  });
});

describe('direction-overrides', () => {
  const text = [
    '# cases where the unit is wrong about what better means',
    'go / BenchmarkFib11 - auxMetricUnits: bigger',
    '',
    'pytest / bench.py::*: smaller',
    'go / *Fib2?: Bigger',
  ].join('\n');

  it('reads `<case or glob>: bigger|smaller`, splitting at the last colon', () => {
    const overrides = parseDirectionOverrides(text);
    expect(overrides.map((o) => [o.pattern, o.direction, o.line])).toEqual([
      ['go / BenchmarkFib11 - auxMetricUnits', 'bigger', 2],
      ['pytest / bench.py::*', 'smaller', 4],
      ['go / *Fib2?', 'bigger', 5],
    ]);
  });

  it('applies to the points of a parse; the last matching line wins; the input is not changed', () => {
    const go = parseInput('go.txt', 'BenchmarkFib11-16  4587789  262.7 ns/op  3.000 auxMetricUnits\nBenchmarkFib22-16  37653  31915 ns/op\n', 'go');
    const { points } = buildPoints(go);
    const overrides = parseDirectionOverrides(text);
    const applied = applyDirectionOverrides(points, overrides);
    expect(applied.map((p) => [p.case, p.direction])).toEqual([
      ['go / BenchmarkFib11', 'smaller'],
      ['go / BenchmarkFib11 - auxMetricUnits', 'bigger'],
      ['go / BenchmarkFib22', 'bigger'],
    ]);
    expect(points.map((p) => p.direction)).toEqual(['smaller', 'smaller', 'smaller']);
    expect(overridesMatchingNothing(points, overrides).map((o) => o.line)).toEqual([4]);
    // Where lines overlap, the later one decides, whichever way round they are written.
    const fib22 = (lines: string) => applyDirectionOverrides(points, parseDirectionOverrides(lines)).find((p) => p.case === 'go / BenchmarkFib22')?.direction;
    expect(fib22('go / *: smaller\ngo / BenchmarkFib2*: bigger')).toBe('bigger');
    expect(fib22('go / BenchmarkFib2*: bigger\ngo / *: smaller')).toBe('smaller');
  });

  it('tells which cases an override decides, whichever way it turns them', () => {
    const decided = decidedBy(parseDirectionOverrides('go / BenchmarkFib1*: smaller\npytest / *: bigger'));
    expect(['go / BenchmarkFib11', 'pytest / t', 'go / BenchmarkFib22'].map(decided)).toEqual([true, true, false]);
    expect(decidedBy([])('go / BenchmarkFib11')).toBe(false);
  });

  it('a glob matches whole names only, and its other characters literally', () => {
    const [o] = parseDirectionOverrides('a.b (x)*: bigger');
    expect(o?.test('a.b (x) tail')).toBe(true);
    expect(o?.test('aXb (x)')).toBe(false);
    expect(o?.test('pre a.b (x)')).toBe(false);
  });

  it.each([
    ['warm / total', 'direction-overrides: line 1 must read "<case name or glob>: bigger" or "...: smaller", got "warm / total"'],
    ['warm / total: faster', 'direction-overrides: line 1 says "faster" for "warm / total"; the direction must be bigger or smaller'],
    ['\n: bigger', 'direction-overrides: line 2 must read'],
  ])('refuses %j naming the input and line', (bad, message) => {
    expect(() => parseDirectionOverrides(bad)).toThrow(InputError);
    expect(() => parseDirectionOverrides(bad)).toThrow(message);
  });

  it('names the source it was given', () => {
    expect(() => parseDirectionOverrides('x', 'benchtrend --direction')).toThrow(/^benchtrend --direction: line 1/);
  });
});
