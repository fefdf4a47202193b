/**
 * Every github-action-benchmark input parses, and where github-action-benchmark v1.22's own parse
 * is on file (expected/), the names, values and units agree with it. Where they differ on purpose
 * the test says how, next to the check:
 *   - catch2 is kept in ns (Catch2 scales each number on its own); values compare after conversion.
 *   - go: github-action-benchmark emits, for a line with several metrics, a combined entry (unit
 *     "ns/op\t 0 B/op...") and a duplicate "<name> - ns/op"; the combined entry is our plain-named
 *     case in ns/op, and the duplicate is not emitted (it would be a second case of the same data).
 *   - JMH and BenchmarkDotNet keep their iterations as runs: the point is their median, and their
 *     mean is the value github-action-benchmark charted.
 *   - pytest: github-action-benchmark's value is stats.ops = 1/mean; ours is 1/median, so that a
 *     summary point and a point from stats.data measure the same thing.
 *   - values of points built from runs are rounded to 12 significant digits by buildPoints.
 */
import { describe, expect, it } from 'vitest';
import { buildPoints, toFlatCases } from '../../src/core/cases.js';
import type { Point } from '../../src/core/model.js';
import { convertUnit } from '../../src/core/units.js';
import { parseInput } from '../../src/formats/registry.js';
import { fixtureFiles, readFixture, readFixtureJson } from './fixtures.js';

interface Expected {
  readonly tool: string;
  readonly input: string;
  readonly benches: readonly { name: string; value: number; unit: string; range?: string; extra?: string }[];
}

const IN = 'github-action-benchmark/input/';

function points(file: string, format: string): Point[] {
  return buildPoints(parseInput(IN + file, readFixture(IN + file), format)).points;
}

function byName(ps: readonly Point[]): Map<string, Point> {
  return new Map(ps.map((p) => [p.metric, p]));
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Agreement to the 12 significant digits buildPoints keeps. */
function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-11 * Math.max(1, Math.abs(expected)));
}

/** The expected file for an input, by the input's name, with the format the test reads it in. */
function expected(input: string): Expected {
  return readFixtureJson<Expected>(`github-action-benchmark/expected/${input}.expected.json`);
}

describe('github-action-benchmark inputs with an expected parse', () => {
  const sameAsTool: readonly [string, string][] = [
    ['cargo_output.txt', 'cargo'],
    ['cargo_output2.txt', 'cargo'],
    ['cargo_output3.txt', 'cargo'],
    ['criterion_output.txt', 'criterion'],
    ['benchmarkjs_output.txt', 'benchmarkjs'],
    ['customBiggerIsBetter_output.json', 'customBiggerIsBetter'],
    ['customSmallerIsBetter_output.json', 'customSmallerIsBetter'],
    ['julia_output.json', 'julia'],
  ];
  it.each(sameAsTool)('%s: names, values, units, ranges and extras as github-action-benchmark, as summaries', (file, format) => {
    const ps = points(file, format);
    const exp = expected(file);
    expect(ps.map((p) => p.metric)).toEqual(exp.benches.map((b) => b.name));
    for (const b of exp.benches) {
      const p = byName(ps).get(b.name) as Point;
      expect(p.value).toBe(b.value);
      expect(p.unit).toBe(b.unit);
      expect(p.summaryOnly).toBe(true);
      expect(p.range).toBe(b.range);
      expect(p.extra).toBe(b.extra);
    }
  });

  it('catch2 v2: the same means, converted to ns; std dev ranges in ns', () => {
    const ps = byName(points('catch2_output_v2.txt', 'catch2'));
    const exp = expected('catch2_output_v2.txt');
    expect([...ps.keys()]).toEqual(exp.benches.map((b) => b.name));
    for (const b of exp.benches) {
      const p = ps.get(b.name) as Point;
      expect(p.unit).toBe('ns');
      expect(p.value).toBe(convertUnit(b.value, b.unit, 'ns'));
      expect(p.extra).toBe(b.extra);
    }
    // "Fibonacci 20" prints 41.731 us ± 3.256 us; "Fibonacci-15_bench" 3.789 us ± 362 ns, which
    // github-action-benchmark records as "± 362" beside the unit "us".
    expect(ps.get('Fibonacci 20')?.range).toBe('± 3256');
    expect(ps.get('Fibonacci-15_bench')?.range).toBe('± 362');
    expect(ps.get('Fibonacci-15_bench')?.stdev).toBe(362);
    // The bar is Catch2's bootstrap interval of the mean: 41.25 us to 42.622 us.
    expect([ps.get('Fibonacci 20')?.q1, ps.get('Fibonacci 20')?.q3]).toEqual([41250, 42622]);
  });

  it.each([
    ['go_output.txt'],
    ['go_fiber_output.txt'],
    ['go_single_package_output.txt'],
  ])('%s: every metric of every line is a case; the combined entry is the plain-named case', (file) => {
    const ps = byName(points(file, 'go'));
    const exp = expected(file);
    const plain = new Set<string>();
    for (const b of exp.benches) {
      const combined = b.unit.includes('\t');
      if (b.name.endsWith(' - ns/op')) continue;
      const p = ps.get(b.name);
      expect(p, b.name).toBeDefined();
      expect(p?.value).toBe(b.value);
      expect(p?.unit).toBe(combined ? b.unit.split('\t')[0] : b.unit);
      expect(p?.extra).toBe(b.extra);
      // One line of go output is one run of the benchmark.
      expect([p?.runs, p?.n, p?.summaryOnly]).toEqual([1, 1, undefined]);
      plain.add(b.name);
    }
    for (const b of exp.benches.filter((x) => x.name.endsWith(' - ns/op'))) {
      expect(ps.has(b.name)).toBe(false);
      expect(ps.get(b.name.slice(0, -' - ns/op'.length))?.value).toBe(b.value);
    }
    expect(ps.size).toBe(plain.size);
  });

  it('googlecpp: real_time in <time_unit>/iter, one run per benchmark, gab extra kept', () => {
    const ps = byName(points('googlecpp_output.json', 'googlecpp'));
    const exp = expected('googlecpp_output.json');
    expect([...ps.keys()]).toEqual(exp.benches.map((b) => b.name));
    for (const b of exp.benches) {
      const p = ps.get(b.name) as Point;
      close(p.value, b.value);
      expect(p.unit).toBe(b.unit);
      expect(p.extra).toBe(b.extra);
      expect(p.samples).toEqual([b.value]);
    }
  });

  it('jmh: the three measurement iterations are the runs; their mean is the score github-action-benchmark charted', () => {
    const ps = byName(points('jmh_output.json', 'jmh'));
    const exp = expected('jmh_output.json');
    const b = exp.benches[0] as Expected['benches'][number];
    const p = ps.get(b.name) as Point;
    expect(p.unit).toBe(b.unit);
    expect(p.extra).toBe(b.extra);
    expect(p.direction).toBe('bigger');
    expect(p.samples).toEqual([3.376842765688582e9, 3.37651988895058e9, 3.375353964729294e9]);
    close(mean(p.samples), b.value);
    close(p.value, 3.37651988895058e9);
  });

  it('benchmarkdotnet: OriginalValues are the runs; their mean and sample stdev are the value and range github-action-benchmark charted', () => {
    const ps = byName(points('benchmarkdotnet.json', 'benchmarkdotnet'));
    const exp = expected('benchmarkdotnet.json');
    expect([...ps.keys()]).toEqual(exp.benches.map((b) => b.name));
    for (const b of exp.benches) {
      const p = ps.get(b.name) as Point;
      expect(p.unit).toBe(b.unit);
      close(mean(p.samples), b.value);
      close(p.stdev as number, Number((b.range as string).replace('± ', '')));
    }
    expect(ps.get('Sample.Benchmarks.Fib10')?.runs).toBe(14);
    expect(ps.get('Sample.Benchmarks.Fib20')?.runs).toBe(13);
    close(ps.get('Sample.Benchmarks.Fib10')?.value as number, 24.419498533010483);
  });

  it('pytest: iter/sec and github-action-benchmark\'s range and extra; the value is 1/median of the rounds', () => {
    const ps = byName(points('pytest_output.json', 'pytest'));
    const exp = expected('pytest_output.json');
    const input = readFixtureJson<{ benchmarks: { fullname: string; stats: { ops: number; median: number; q1: number; q3: number; rounds: number } }[] }>(`${IN}pytest_output.json`);
    for (const b of exp.benches) {
      const p = ps.get(b.name) as Point;
      const stats = (input.benchmarks.find((x) => x.fullname === b.name) as (typeof input.benchmarks)[number]).stats;
      expect(p.unit).toBe(b.unit);
      expect(p.direction).toBe('bigger');
      expect(p.range).toBe(b.range);
      expect(p.extra).toBe(b.extra);
      expect(b.value).toBe(stats.ops);
      close(p.value, 1 / stats.median);
      close(p.q1, 1 / stats.q3);
      close(p.q3, 1 / stats.q1);
      expect([p.summaryOnly, p.runs]).toEqual([true, stats.rounds]);
    }
  });
});

describe('github-action-benchmark inputs without an expected parse', () => {
  it('cargo_output_units: cycles/iter are smaller-is-better, the MS/s rates bigger', () => {
    const ps = points('cargo_output_units.txt', 'cargo');
    expect(ps.map((p) => [p.metric, p.value, p.unit, p.direction, p.range])).toEqual([
      ['cmov', 2835, 'cycles/iter', 'smaller', '± 14'],
      ['cmov2', 2845, 'cycles/iter', 'smaller', '± 19'],
      ['mov', 1508, 'cycles/iter', 'smaller', '± 17'],
      ['upload', 1911, 'MS/s', 'bigger', '± 420'],
      ['download', 9001, 'MS/s', 'bigger', '± 69'],
    ]);
  });

  it('benchmarkluau: mean in ms, ± the std dev percent, the driver as extra', () => {
    const ps = points('benchmarkluau_output.txt', 'benchmarkluau');
    expect(ps.map((p) => [p.metric, p.value, p.unit, p.range, p.extra])).toEqual([
      ['base64', 15.041, 'ms', '±0.636%', 'luau'],
      ['chess', 69.56, 'ms', '±0.212%', 'luau'],
      ['life', 85.089, 'ms', '±0.187%', 'luau'],
    ]);
    // The table's Total row is not a benchmark.
    expect(ps.some((p) => p.metric === 'Total')).toBe(false);
    close(ps[0]?.stdev as number, 15.041 * 0.00636);
    // The bar is the value ± that percent.
    close(ps[0]?.q1 as number, 15.041 * (1 - 0.00636));
    close(ps[0]?.q3 as number, 15.041 * (1 + 0.00636));
  });

  it('catch2 v3 (header "est run time") reads as v2 does', () => {
    const v2 = points('catch2_output_v2.txt', 'catch2');
    const v3 = points('catch2_output_v3.txt', 'catch2');
    expect(v3).toEqual(v2);
  });

  it('issue16 (Catch2 on Windows, 0 ns results): zeros are values, not absences', () => {
    const ps = points('issue16_output.txt', 'catch2');
    expect(ps.map((p) => [p.metric, p.value, p.unit, p.extra])).toEqual([
      ['Fibonacci 10', 0, 'ns', '100 samples\n76353 iterations'],
      ['Fibonacci 20', 1, 'ns', '100 samples\n75814 iterations'],
    ]);
  });

  it('customSmallerIsBetter_output2: numeric ranges are read as ± that number', () => {
    const ps = points('customSmallerIsBetter_output2.json', 'customSmallerIsBetter');
    expect(ps.map((p) => [p.metric, p.value, p.unit, p.range, p.q1, p.q3])).toEqual([
      ['No instrumentation', 90.9439, 'ns', '0.519165', 90.424735, 91.463065],
      ['Deactivated probe', 445.661, 'ns', '8.21371', 437.44729, 453.87471],
      ['No logging', 1847.38, 'ns', '10.2008', 1837.1792, 1857.5808],
      ['Binary file', 3886.75, 'ns', '87.1657', 3799.5843, 3973.9157],
    ]);
  });

  it('go_fiber_duplicate_names: equal names in two packages stay two cases, each named with its package', () => {
    const ps = points('go_fiber_duplicate_names_output.txt', 'go');
    const cache = 'github.com/gofiber/fiber/v3/middleware/cache';
    const csrf = 'github.com/gofiber/fiber/v3/middleware/csrf';
    expect(ps).toHaveLength(16);
    const get = (name: string): Point | undefined => ps.find((p) => p.metric === name);
    expect(get(`BenchmarkAppendMsgitem (${cache})`)?.value).toBe(55.76);
    expect(get(`BenchmarkAppendMsgitem (${csrf})`)?.value).toBe(0.3733);
    expect(get(`BenchmarkUnmarshalitem (${csrf}) - MB/s`)).toMatchObject({ value: 229.35, unit: 'MB/s', direction: 'bigger' });
    expect(get(`BenchmarkUnmarshalitem (${cache}) - allocs/op`)).toMatchObject({ value: 0, unit: 'allocs/op', direction: 'smaller' });
    expect(get(`BenchmarkAppendMsgitem (${cache})`)?.extra).toBe('21228057 times\n4 procs');
  });

  it('jmh_output_2: params are part of the name, as github-action-benchmark names them', () => {
    const ps = points('jmh_output_2.json', 'jmh');
    expect(ps.map((p) => p.metric)).toEqual(['org.openjdk.jmh.samples.JMHSample_01_HelloWorld.wellHelloThere ( {"paramA":"17","paramB":"33"} )']);
  });

  it('pytest_several_units: test_sleep_2 keeps its 5 rounds as runs (1/t each); truncated data falls back to the statistics with a note', () => {
    const records = parseInput(`${IN}pytest_several_units.json`, readFixture(`${IN}pytest_several_units.json`), 'pytest');
    const { points: ps, warnings } = buildPoints(records);
    const sleep = ps.find((p) => p.metric === 'bench.py::test_sleep_2') as Point;
    const times = [2.005173128, 2.0051284989999996, 2.005124842999999, 2.0027438879999995, 2.001044877];
    expect(sleep.summaryOnly).toBeUndefined();
    expect(sleep.runs).toBe(5);
    expect(sleep.samples.map((x) => 1 / x)).toEqual(times.map((t) => expect.closeTo(t, 9)));
    close(sleep.value, 1 / 2.005124842999999);
    const fib1 = ps.find((p) => p.metric === 'bench.py::test_fib_1') as Point;
    close(fib1.value, 1 / 1.437600000020467e-7);
    expect(warnings).toContain(`${IN}pytest_several_units.json: bench.py::test_fib_1: stats.data holds 4 of 68536 round times; using the tool's statistics`);
  });

  it('every input file of the folder is covered by a test above', () => {
    const covered = new Set([
      'benchmarkdotnet.json', 'benchmarkjs_output.txt', 'benchmarkluau_output.txt', 'cargo_output.txt', 'cargo_output2.txt',
      'cargo_output3.txt', 'cargo_output_units.txt', 'catch2_output_v2.txt', 'catch2_output_v3.txt', 'criterion_output.txt',
      'customBiggerIsBetter_output.json', 'customSmallerIsBetter_output.json', 'customSmallerIsBetter_output2.json',
      'go_fiber_duplicate_names_output.txt', 'go_fiber_output.txt', 'go_output.txt', 'go_single_package_output.txt',
      'googlecpp_output.json', 'issue16_output.txt', 'jmh_output.json', 'jmh_output_2.json', 'julia_output.json',
      'pytest_output.json', 'pytest_several_units.json',
    ]);
    expect(fixtureFiles('github-action-benchmark/input').map((f) => f.split('/').pop())).toEqual([...covered].sort());
  });

  it('the flat case array of a summary-only format carries the tool range and says "summary only"', () => {
    const ps = points('cargo_output.txt', 'cargo');
    expect(toFlatCases(ps)).toEqual([
      { name: 'cargo / bench_fib_10', unit: 'ns/iter', value: 135, range: '± 24', extra: 'runs=1/1 summary only' },
      { name: 'cargo / bench_fib_20', unit: 'ns/iter', value: 18149, range: '± 755', extra: 'runs=1/1 summary only' },
    ]);
  });
});
