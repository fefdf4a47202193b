/**
 * Shapes of tool output the shared fixtures do not hold, written here in each tool's published
 * format: repeated runs (go -count, Google Benchmark repetitions with aggregates), failures
 * (Orca timeouts, hyperfine exit codes, dl-timing-json failed stages, BenchmarkDotNet without
 * statistics), criterion's own report and cargo-criterion's JSON, Julia's raw Trial, JMH modes and
 * -prof gc metrics, and the sample cap.
 */
import { describe, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import type { BenchRecord, Point } from '../../src/core/model.js';
import { spread } from '../../src/core/stats.js';
import { MAX_SAMPLES } from '../../src/formats/metrics.js';
import { parseInput } from '../../src/formats/registry.js';

function pts(file: string, text: string, format = 'auto'): { records: BenchRecord[]; points: Point[]; warnings: string[] } {
  const records = parseInput(file, text, format);
  return { records, ...buildPoints(records) };
}

function pointOf(ps: readonly Point[], metric: string): Point {
  const p = ps.find((x) => x.metric === metric);
  if (!p) throw new Error(`no point ${metric} in ${ps.map((x) => x.metric).join(', ')}`);
  return p;
}

describe('go', () => {
  it('go test -count 3: the three lines of a benchmark are three runs; -benchmem metrics too', () => {
    const text = [
      'goos: linux',
      'pkg: example.com/fib',
      'BenchmarkFib-8   1000   300 ns/op   16 B/op   1 allocs/op',
      'BenchmarkFib-8   1000   320 ns/op   16 B/op   1 allocs/op',
      'BenchmarkFib-8   1000   310 ns/op   24 B/op   2 allocs/op',
      'BenchmarkOther-8   50   9000 ns/op   0 B/op   0 allocs/op',
      'PASS',
    ].join('\n');
    const { records, points } = pts('go.txt', text);
    expect(records[0]?.format).toBe('go');
    expect(records[0]?.runs).toBe(3);
    expect(pointOf(points, 'BenchmarkFib')).toMatchObject({ value: 310, samples: [300, 320, 310], runs: 3, n: 3, min: 300, max: 320 });
    expect(pointOf(points, 'BenchmarkFib - B/op')).toMatchObject({ value: 16, samples: [16, 16, 24] });
    // Ran once among benchmarks that ran three times: one run of three, the others absent.
    expect(pointOf(points, 'BenchmarkOther')).toMatchObject({ value: 9000, runs: 1, n: 3 });
  });

  it('several packages: a name that already spells its package is not suffixed again (github-action-benchmark #336)', () => {
    const text = [
      'pkg: github.com/gofiber/fiber/v3/middleware/cache',
      'BenchmarkAppendMsgitem_middleware_cache-4   100   55 ns/op',
      'pkg: github.com/gofiber/fiber/v3/middleware/csrf',
      'BenchmarkAppendMsgitem-4   100   4 ns/op',
    ].join('\n');
    const { points } = pts('go.txt', text, 'go');
    expect(points.map((p) => p.metric)).toEqual([
      'BenchmarkAppendMsgitem_middleware_cache',
      'BenchmarkAppendMsgitem (github.com/gofiber/fiber/v3/middleware/csrf)',
    ]);
  });
});

describe('go-force-package-suffix', () => {
  it('names one package\'s benchmarks with their package, as github-action-benchmark did with it set', () => {
    const text = ['pkg: github.com/example/mypackage', 'BenchmarkFib10-8   5000000   325 ns/op   16 B/op'].join('\n');
    expect(buildPoints(parseInput('go.txt', text, 'go')).points.map((p) => p.metric)).toEqual(['BenchmarkFib10', 'BenchmarkFib10 - B/op']);
    expect(buildPoints(parseInput('go.txt', text, 'go', { goPackageSuffix: true })).points.map((p) => p.metric)).toEqual([
      'BenchmarkFib10 (github.com/example/mypackage)',
      'BenchmarkFib10 (github.com/example/mypackage) - B/op',
    ]);
  });
});

describe('Google Benchmark repetitions', () => {
  const rep = (i: number, t: number): object => ({
    name: 'BM_x/8', run_name: 'BM_x/8', run_type: 'iteration', repetitions: 3, repetition_index: i, threads: 1, iterations: 1000, real_time: t, cpu_time: t - 1, time_unit: 'us',
  });
  const agg = (kind: string, t: number): object => ({
    name: `BM_x/8_${kind}`, run_name: 'BM_x/8', run_type: 'aggregate', aggregate_name: kind, repetitions: 3, threads: 1, iterations: 3, real_time: t, cpu_time: t, time_unit: 'us',
  });

  it('repetitions are runs and the aggregates of the same runs are not counted again', () => {
    const text = JSON.stringify({ context: { date: 'x' }, benchmarks: [rep(0, 10), rep(1, 14), rep(2, 12), agg('mean', 12), agg('median', 12), agg('stddev', 2)] });
    const { records, points } = pts('gb.json', text);
    expect(records[0]?.format).toBe('googlecpp');
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ metric: 'BM_x/8', unit: 'us/iter', samples: [10, 14, 12], value: 12, runs: 3, n: 3 });
  });

  it('--benchmark_report_aggregates_only: the median aggregate is a summary with the stddev', () => {
    const text = JSON.stringify({ context: {}, benchmarks: [agg('mean', 12.5), agg('median', 12), agg('stddev', 2)] });
    const { points } = pts('gb.json', text, 'googlecpp');
    expect(points[0]).toMatchObject({ metric: 'BM_x/8', value: 12, stdev: 2, q1: 10, q3: 14, summaryOnly: true, runs: 3 });
  });

  it('a repetition that errored is a failed run, left out', () => {
    const bad = { ...rep(1, 0), error_occurred: true, error_message: 'resource busy' };
    const { records, points } = pts('gb.json', JSON.stringify({ context: {}, benchmarks: [rep(0, 10), bad, rep(2, 12)] }), 'googlecpp');
    expect(points[0]).toMatchObject({ samples: [10, 12], runs: 2, n: 3, failed: 1, value: 11 });
    expect(records[0]?.notes).toEqual(['BM_x/8: 1 of 3 runs failed (resource busy); left out']);
  });
});

describe('criterion', () => {
  it("criterion's own report: the estimate with its interval, every time in ns, throughput in B/s", () => {
    const text = [
      'Benchmarking fib 20: Warming up for 3.0000 s',
      'Benchmarking fib 20: Analyzing',
      'fib 20                  time:   [26.029 µs 26.251 µs 26.505 µs]',
      '                        thrpt:  [1.0000 MiB/s 1.5000 MiB/s 2.0000 MiB/s]',
      '                        change: [-1.0% +0.5% +2.0%] (p = 0.50 > 0.05)',
      '                        No change in performance detected.',
      'Found 11 outliers among 100 measurements (11.00%)',
      'Benchmarking a benchmark whose name is long enough to wrap: Analyzing',
      'a benchmark whose name is long enough to wrap',
      '                        time:   [990.00 ns 1.1000 µs 1.2000 µs]',
    ].join('\n');
    const { records, points } = pts('criterion.txt', text);
    expect(records[0]?.format).toBe('criterion');
    expect(pointOf(points, 'fib 20')).toMatchObject({ value: 26251, q1: 26029, q3: 26505, unit: 'ns', summaryOnly: true, direction: 'smaller' });
    expect(pointOf(points, 'fib 20').range).toBe('[26.029 µs 26.251 µs 26.505 µs]');
    expect(pointOf(points, 'fib 20 - thrpt')).toMatchObject({ value: 1.5 * 1024 ** 2, unit: 'B/s', direction: 'bigger' });
    // One case, one unit: 990 ns and 1.1 µs on one line become 990 and 1100 ns.
    expect(pointOf(points, 'a benchmark whose name is long enough to wrap')).toMatchObject({ value: 1100, q1: 990, q3: 1200, unit: 'ns' });
  });

  it("bencher lines alone are cargo's, as github-action-benchmark's tool: cargo history names them, whatever criterion printed beside them", () => {
    const text = ['Gnuplot not found, using plotters backend', 'test BenchFib10 ... bench:         159 ns/iter (+/- 5)'].join('\n');
    for (const format of ['auto', 'criterion']) {
      const { records, points } = pts('out.txt', text, format);
      expect([records[0]?.format, records[0]?.shape]).toEqual(['cargo', 'cargo']);
      expect(pointOf(points, 'BenchFib10')).toMatchObject({ case: 'cargo / BenchFib10', value: 159, unit: 'ns/iter' });
    }
  });

  it("cargo-criterion's JSON messages: measured values over iteration counts are the runs, in ns", () => {
    const msg = {
      reason: 'benchmark-complete', id: 'fib/20', report_directory: 'target/criterion/reports/fib/20',
      iteration_count: [10, 20, 30], measured_values: [10000, 22000, 27000], unit: 'ns', throughput: [],
      typical: { estimate: 950, lower_bound: 900, upper_bound: 1000, unit: 'ns' },
    };
    const text = `${JSON.stringify(msg)}\n${JSON.stringify({ reason: 'group-complete', group_name: 'fib', benchmarks: ['fib/20'] })}\n`;
    const { points } = pts('criterion.jsonl', text);
    expect(points[0]).toMatchObject({ metric: 'fib/20', samples: [1000, 1100, 900], value: 1000, unit: 'ns', runs: 3 });
  });
});

describe('Julia, JMH, BenchmarkDotNet, hyperfine variants', () => {
  it('a raw Julia Trial keeps its times as runs', () => {
    const trial = ['Trial', { allocs: 0, gctimes: [0, 0, 0], memory: 0, times: [100, 90, 300], params: ['Parameters', { evals: 1 }] }];
    const text = JSON.stringify([{ Julia: '1.10', BenchmarkTools: '1.4' }, [['BenchmarkGroup', { data: { fib: trial }, tags: [] }]]]);
    const { points } = pts('julia.json', text);
    expect(points[0]).toMatchObject({ metric: 'fib', samples: [100, 90, 300], value: 100, unit: 'ns', extra: 'memory=0\nallocs=0\nparams={"evals":1}' });
  });

  it('JMH: throughput is better bigger and average time smaller per metric; -prof gc metrics are cases named as JMH prints them', () => {
    const base = { jmhVersion: '1.37', benchmark: 'b.Bench.run', threads: 1, forks: 1, measurementIterations: 2 };
    const thrpt = { ...base, mode: 'thrpt', primaryMetric: { score: 5, scoreUnit: 'ops/us', rawData: [[4, 6]] },
      secondaryMetrics: { '·gc.alloc.rate': { score: 100, scoreUnit: 'MB/sec', rawData: [[90, 110]] } } };
    const avgt = { ...base, mode: 'avgt', primaryMetric: { score: 0.2, scoreError: 0.01, scoreConfidence: [0.19, 0.21], scoreUnit: 'us/op' }, secondaryMetrics: {} };
    const { points } = pts('jmh.json', JSON.stringify([thrpt, avgt]));
    expect(pointOf(points, 'b.Bench.run [thrpt]')).toMatchObject({ direction: 'bigger', unit: 'ops/us', samples: [4, 6], value: 5 });
    // An allocation rate is a rate, and still better smaller.
    expect(pointOf(points, 'b.Bench.run [thrpt]:·gc.alloc.rate')).toMatchObject({ direction: 'smaller', unit: 'MB/sec', value: 100 });
    expect(pointOf(points, 'b.Bench.run [avgt]')).toMatchObject({ direction: 'smaller', unit: 'us/op', value: 0.2, q1: 0.19, q3: 0.21, range: '± 0.01', summaryOnly: true });
  });

  it('JMH: the iterations of every fork are the runs', () => {
    const forks = { jmhVersion: '1.37', benchmark: 'b.Bench.forks', mode: 'avgt', threads: 1, forks: 3, measurementIterations: 2, primaryMetric: { score: 4, scoreUnit: 'ns/op', rawData: [[1, 2], [3, 4], [5, 9]] } };
    const { points } = pts('jmh.json', JSON.stringify([forks]));
    expect(pointOf(points, 'b.Bench.forks')).toMatchObject({ samples: [1, 2, 3, 4, 5, 9], runs: 6, n: 6, value: 3.5, min: 1, max: 9 });
  });

  it('BenchmarkDotNet: allocations per op are their own case; a benchmark without statistics is a failure', () => {
    const ok = { FullName: 'S.B.Fib', DisplayInfo: 'B.Fib: DefaultJob', Statistics: { OriginalValues: [3, 1, 2], N: 3, Mean: 2 }, Memory: { BytesAllocatedPerOperation: 48 } };
    const broken = { FullName: 'S.B.Broken', DisplayInfo: 'B.Broken: DefaultJob', Statistics: null };
    const { records, points } = pts('bdn.json', JSON.stringify({ Title: 't', Benchmarks: [ok, broken] }));
    expect(pointOf(points, 'S.B.Fib')).toMatchObject({ value: 2, samples: [3, 1, 2] });
    expect(pointOf(points, 'S.B.Fib - B/op')).toMatchObject({ value: 48, unit: 'B/op', direction: 'smaller', summaryOnly: true });
    expect(points.some((p) => p.metric === 'S.B.Broken')).toBe(false);
    expect(records[0]?.metrics.find((m) => m.name === 'S.B.Broken')?.failed).toBe(1);
    // Without OriginalValues the tool's median and quartiles are the summary.
    const summary = { FullName: 'S.B.Sum', Statistics: { N: 15, Median: 10, Q1: 9, Q3: 12, Min: 5, Max: 30, StandardDeviation: 2 } };
    expect(pts('bdn.json', JSON.stringify({ Title: 't', Benchmarks: [summary] })).points[0]).toMatchObject({ value: 10, q1: 9, q3: 12, range: '± 2', summaryOnly: true });
    expect(records[0]?.notes).toEqual(['S.B.Broken: no statistics (the benchmark did not run); counted as failed']);
  });

  it('hyperfine: one failing run among three is left out and counted; the point says runs=2/3 failed=1', () => {
    const text = JSON.stringify({ results: [{ command: 'grep x', mean: 2, times: [1, 9, 3], exit_codes: [0, 2, 0] }] });
    const { points, warnings } = pts('h.json', text);
    expect(points[0]).toMatchObject({ samples: [1, 3], value: 2, runs: 2, n: 3, failed: 1 });
    expect(warnings).toEqual(['h.json: "grep x" exited non-zero in 1 of 3 runs (exit code 2); those runs are left out']);
  });

  it("cargo and benchmark.js summaries draw the tool's own spread as the bar: ± an amount, ± a percent", () => {
    const cargo = pts('c.txt', 'test bench_fib ... bench:       1,234 ns/iter (+/- 56)\n', 'cargo').points[0];
    expect(cargo).toMatchObject({ value: 1234, q1: 1178, q3: 1290, range: '± 56', summaryOnly: true });
    const js = pts('js.txt', 'fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)\n', 'benchmarkjs').points[0];
    expect(js).toMatchObject({ value: 11465, range: '±1.12%', direction: 'bigger', summaryOnly: true });
    expect(js?.q1).toBeCloseTo(11465 * (1 - 0.0112), 6);
    expect(js?.q3).toBeCloseTo(11465 * (1 + 0.0112), 6);
  });

  it("benchmark.js: a failure is read only with Node's error fields, named up to them; a script's own key: value line is no failed case", () => {
    const text = [
      'fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)',
      'Array: pop: code: ERR_X,errno: 3',
      'Results: note: fast,mode: cold',
      `${'a: '.repeat(40_000)}`,
      '',
    ].join('\n');
    const { points, warnings } = pts('js.txt', text, 'benchmarkjs');
    expect(points.map((p) => p.case)).toEqual(['benchmarkjs / fib(20)']);
    expect(warnings).toEqual(['js.txt: Array: pop: benchmark.js reports the benchmark threw (code: ERR_X,errno: 3); counted as failed']);
  });

  it("benchmark.js: `key: value` lines between results that a script printed (a name twice, more than ten in a row) are no thrown value", () => {
    const text = [
      'fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)',
      'cache: warm',
      'cache: warm',
      ...Array.from({ length: 11 }, (_, i) => `round ${i}: 3 ms`),
      'fib(30) x 93 ops/sec ±1.12% (91 runs sampled)',
      '',
    ].join('\n');
    const { points, warnings } = pts('js.txt', text, 'benchmarkjs');
    expect(points.map((p) => p.case)).toEqual(['benchmarkjs / fib(20)', 'benchmarkjs / fib(30)']);
    expect(warnings).toEqual([]);
  });

  it('Catch2 v2: the benchmarks after one that failed while measured are read, as v2 goes on with them', () => {
    const text = [
      'benchmark name                       samples       iterations    estimated',
      '                                     mean          low mean      high mean',
      '                                     std dev       low std dev   high std dev',
      '-------------------------------------------------------------------------------',
      'call the flaky service                         100             1       12.5 ms ',
      'Benchmark failed (connection reset) ',
      'Fibonacci 25                                   100             1    147.639 ms ',
      '                                         1.7453 ms    1.01407 ms    2.93012 ms ',
      '                                        4.68478 ms    3.17697 ms    6.61779 ms ',
      '                                                                               ',
      '',
    ].join('\n');
    const { points, warnings } = pts('c2.txt', text, 'catch2');
    expect(points.map((p) => p.case)).toEqual(['catch2 / Fibonacci 25']);
    expect(warnings).toEqual(['c2.txt: call the flaky service: Catch2 reports the benchmark failed (connection reset); counted as failed']);
  });

  it('hyperfine: the same command benched under two parameter values stays two cases, named by the parameter', () => {
    const text = JSON.stringify({
      results: [
        { command: 'make', times: [1, 2, 3], exit_codes: [0, 0, 0], parameters: { jobs: '1' } },
        { command: 'make', times: [4, 5, 6], exit_codes: [0, 0, 0], parameters: { jobs: '8' } },
      ],
    });
    const { points } = pts('h.json', text);
    expect(points.map((p) => [p.metric, p.value, p.extra])).toEqual([
      ['make (jobs=1)', 2, 'jobs=1'],
      ['make (jobs=8)', 5, 'jobs=8'],
    ]);
  });

  it(`more than ${MAX_SAMPLES} samples keep their exact median and quartiles, not the samples`, () => {
    const times = Array.from({ length: MAX_SAMPLES + 1 }, (_, i) => 1 + ((i * 7919) % 1001) / 1000);
    const { points } = pts('h.json', JSON.stringify({ results: [{ command: 'c', times, exit_codes: times.map(() => 0) }] }));
    const s = spread(times);
    expect(points[0]).toMatchObject({ value: s.median, q1: s.q1, q3: s.q3, runs: MAX_SAMPLES + 1, samples: [], summaryOnly: true });
  });
});

describe(`a negative run among more than ${MAX_SAMPLES}`, () => {
  it('is refused with the case and the run, though the point keeps only a summary', () => {
    const values = Array.from({ length: MAX_SAMPLES + 1 }, (_, i) => ({ name: 'x', unit: 'ms', value: i === 5 ? -0.5 : 1 + i / 1e4 }));
    expect(() => pts('c.json', JSON.stringify(values))).toThrow(
      'c.json: case "customSmallerIsBetter / x": samples[5] is -0.5, but a time or a rate cannot be negative; refused, nothing is published',
    );
  });
});

describe('Orca single-arm results and dl-timing-json failures', () => {
  const phases = (a: number | null, b: number): object => ({ spawnToAppReady: a, daemonInitMs: b });

  it('Orca: ok iterations are the runs; a timeout is counted as failed and left out; a null phase is absent', () => {
    const text = JSON.stringify({
      label: 'baseline',
      iterations: [
        { outcome: 'ok', events: [], phases: phases(100, 10) },
        { outcome: 'timeout', events: [], phases: phases(900, 90) },
        { outcome: 'ok', events: [], phases: phases(null, 30) },
        { outcome: 'ok', events: [], phases: phases(120, 20) },
      ],
      summaryMedianMs: { spawnToAppReady: 110, daemonInitMs: 25 },
    });
    const { records, points, warnings } = pts('orca.json', text);
    expect(records.map((r) => [r.format, r.runs, r.arm])).toEqual([['orca', 4, undefined]]);
    expect(pointOf(points, 'spawnToAppReady')).toMatchObject({ samples: [100, 120], value: 110, runs: 2, n: 4, failed: 1 });
    // The bench's own median of daemonInitMs (25) counted the timed-out launch; the ok runs give 20.
    expect(pointOf(points, 'daemonInitMs')).toMatchObject({ samples: [10, 30, 20], value: 20, runs: 3, failed: 1 });
    expect(warnings).toEqual([
      'orca.json: 1 of 4 launches did not finish ok (timeout ×1); their phases are left out',
      "orca.json: the record's own median of daemonInitMs is 25 but its runs give 20; using 20",
    ]);
  });

  it('Orca: summaryMedianMs alone gives one-value summaries', () => {
    const { points } = pts('orca.json', JSON.stringify({ label: 'x', summaryMedianMs: { spawnToAppReady: 1213.6, aclGrantMs: null } }));
    expect(points.map((p) => [p.metric, p.value, p.summaryOnly])).toEqual([['spawnToAppReady', 1213.6, true]]);
  });

  it('dl-timing-json: a failed stage is counted and left out, a missing stage is absent, other output lines are skipped', () => {
    const line = (stages: object[], total: number): string => `dl-timing-json: ${JSON.stringify({ total, stages })}`;
    const text = [
      '[dl] starting',
      line([{ stage: 'prep', seconds: 1, outcome: 'ok' }, { stage: 'tools', seconds: 2, outcome: 'ok' }], 3),
      'some other log line',
      line([{ stage: 'prep', seconds: 1.2, outcome: 'ok' }, { stage: 'tools', seconds: 0.1, outcome: 'error' }], 1.3),
      line([{ stage: 'prep', seconds: 1.4, outcome: 'ok' }], 1.4),
    ].join('\n');
    const { records, points } = pts('dl.txt', text);
    expect(records[0]?.runs).toBe(3);
    expect(pointOf(points, 'prep')).toMatchObject({ samples: [1, 1.2, 1.4], runs: 3, n: 3 });
    expect(pointOf(points, 'tools')).toMatchObject({ samples: [2], runs: 1, n: 3, failed: 1 });
    expect(pointOf(points, 'total')).toMatchObject({ value: 1.4, runs: 3 });
    expect(records[0]?.notes).toEqual(['stage "tools" failed in 1 of 3 runs; those runs are left out of its median']);
  });

  it('dl-timing-json: a run that printed no total leaves the total absent there, never zero', () => {
    const text = [
      'dl-timing-json: {"total": 3, "stages": [{"stage": "prep", "seconds": 1, "outcome": "ok"}]}',
      'dl-timing-json: {"stages": [{"stage": "prep", "seconds": 1.2, "outcome": "ok"}]}',
      'dl-timing-json: {"total": 5, "stages": [{"stage": "prep", "seconds": 1.4, "outcome": "ok"}]}',
    ].join('\n');
    const { points } = pts('dl.txt', text);
    expect(pointOf(points, 'total')).toMatchObject({ samples: [3, 5], value: 4, min: 3, runs: 2, n: 3 });
  });

  it('qwen-code: a clock the daemon did not report (-1) is absent', () => {
    const text = JSON.stringify({
      version: 1, capturedAt: '2026-01-01T00:00:00Z', gitCommit: null,
      runs: [
        { iteration: 0, measured: true, processToListenMs: 600, runQwenServeToListenMs: -1 },
        { iteration: 1, measured: true, processToListenMs: 620, runQwenServeToListenMs: 300 },
      ],
    });
    const { records, points } = pts('q.json', text);
    expect(pointOf(points, 'runQwenServeToListen')).toMatchObject({ samples: [300], runs: 1, n: 2 });
    expect(records[0]?.notes).toEqual(['1 run clock read -1 (not reported by the daemon): absent']);
  });
});

describe('custom arrays', () => {
  it('a name given several times is several runs of one case', () => {
    const text = JSON.stringify([
      { name: 'parse', unit: 'ms', value: 10 },
      { name: 'parse', unit: 'ms', value: 14 },
      { name: 'parse', unit: 'ms', value: 12 },
    ]);
    const { points } = pts('c.json', text, 'customSmallerIsBetter');
    expect(points[0]).toMatchObject({ samples: [10, 14, 12], value: 12, runs: 3 });
    expect(points[0]?.summaryOnly).toBeUndefined();
  });

  it('a name in units that do not convert is a case per unit, named as the import names it', () => {
    // charon: instructions, wall-clock, max-rss and output-size under one crate's name.
    const text = JSON.stringify([
      { name: 'crypto', unit: 'instructions', value: 5e10 },
      { name: 'crypto', unit: 'wall-clock(s)', value: 8.8 },
      { name: 'other', unit: 'instructions', value: 6e10 },
    ]);
    const { points } = pts('c.json', text, 'customSmallerIsBetter');
    expect(points.map((p) => [p.case, p.unit, p.value])).toEqual([
      ['customSmallerIsBetter / crypto - instructions', 'instructions', 5e10],
      ['customSmallerIsBetter / crypto - wall-clock(s)', 'wall-clock(s)', 8.8],
      ['customSmallerIsBetter / other', 'instructions', 6e10],
    ]);
  });

  it('the same case in a second but convertible unit is written in the first', () => {
    const text = JSON.stringify([
      { name: 'parse', unit: 'ns', value: 990 },
      { name: 'parse', unit: 'us', value: 1.1 },
    ]);
    const { points } = pts('c.json', text, 'customSmallerIsBetter');
    expect(points[0]).toMatchObject({ unit: 'ns', samples: [990, 1100] });
  });

  it("custom formats: an extra that is not text is kept as its text, as github-action-benchmark passes it through", () => {
    // autoagent's vitest statistics: an object where the format documents text.
    const text = JSON.stringify([
      { name: 'load', unit: 'ops/s', value: 4294.5, extra: { mean: 0.2329, p99: 0.3149 } },
      { name: 'save', unit: 'ops/s', value: 12, extra: 7 },
      { name: 'scan', unit: 'ops/s', value: 3, extra: null },
    ]);
    const { points } = pts('c.json', text, 'customBiggerIsBetter');
    expect(points.map((p) => p.extra)).toEqual(['{"mean":0.2329,"p99":0.3149}', '7', undefined]);
  });

  it('custom formats: the unit decides where it says, the name where it does not, and a conflict is named once per case', () => {
    const text = JSON.stringify([
      { name: 'mem free', unit: 'MB', value: 5 },
      { name: 'mem free', unit: 'MB', value: 6 },
      { name: 'score', unit: 'points', value: 7 },
    ]);
    const { records, points } = pts('c.json', text, 'customBiggerIsBetter');
    expect(points.map((p) => [p.case, p.direction])).toEqual([
      ['customBiggerIsBetter / mem free', 'smaller'],
      ['customBiggerIsBetter / score', 'bigger'],
    ]);
    expect(records[0]?.notes).toEqual([
      'customBiggerIsBetter / mem free: its unit "MB" says smaller is better, customBiggerIsBetter says bigger; the unit is used (set direction-overrides to choose)',
    ]);
    // A case an override decides is the user's choice already: nothing to say.
    const decided = parseInput('c.json', text, 'customBiggerIsBetter', { decided: (c) => c === 'customBiggerIsBetter / mem free' });
    expect(decided[0]?.notes).toBeUndefined();
  });
});

describe('pytest above the sample limit', () => {
  it(`more than ${MAX_SAMPLES} complete rounds: the point is pytest's own statistics over every round, with no note`, () => {
    const rounds = MAX_SAMPLES + 1;
    const data = Array.from({ length: rounds }, (_, i) => 0.001 + i * 1e-7);
    const stats = { min: data[0], max: data[rounds - 1], mean: 0.00105, stddev: 3e-5, rounds, median: data[500], q1: data[250], q3: data[750], ops: 952.38, data, iterations: 1 };
    const { records, points } = pts('p.json', JSON.stringify({ machine_info: {}, benchmarks: [{ name: 't', fullname: 'b.py::t', stats }] }));
    expect(points[0]).toMatchObject({ summaryOnly: true, runs: rounds, samples: [] });
    expect(points[0]?.value).toBeCloseTo(1 / (data[500] as number), 6);
    expect(records[0]?.notes).toBeUndefined();
  });
});
