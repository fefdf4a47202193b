/**
 * Tool outputs in the variants real users produce, fed through the bundled CLI's `benchtrend
 * cases` as a user would. The fixtures are in test/fixtures/tool-outputs (its README names how
 * each was made).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPoints } from '../../src/core/cases.js';
import { parseInput } from '../../src/formats/registry.js';
import { FIXTURES } from '../helpers/paths.js';
import { runCli } from '../helpers/run-action.js';

interface Case {
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  readonly range?: string;
  readonly extra?: string;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-tools-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const fixture = (name: string): string => join(FIXTURES, 'tool-outputs', name);

async function cases(file: string, ...args: string[]): Promise<{ cases: Case[]; stderr: string }> {
  const r = await runCli(['cases', file, ...args], dir);
  expect(r.code, r.stderr).toBe(0);
  return { cases: JSON.parse(r.stdout) as Case[], stderr: r.stderr };
}

async function directions(file: string): Promise<Record<string, string>> {
  const { points } = buildPoints(parseInput(file, await readFile(file, 'utf8'), 'auto'));
  return Object.fromEntries(points.map((p) => [p.case, p.direction]));
}

describe('criterion', () => {
  it('a rerun with throughput: the change block is not read as estimates; bits, bytes and elements per second', async () => {
    const file = fixture('criterion-0.7-throughput-rerun.txt');
    const { cases: got } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value, c.range])).toEqual([
      ['criterion / parse/large', 'ns', 110530, '[110.21 µs 110.53 µs 110.90 µs]'],
      ['criterion / parse/large - thrpt', 'B/s', 9478026454.63, '[8.7977 GiB/s 8.8271 GiB/s 8.8527 GiB/s]'],
      ['criterion / tokenize/long_identifier_stream', 'ns', 1075500, '[1.0712 ms 1.0755 ms 1.0801 ms]'],
      ['criterion / tokenize/long_identifier_stream - thrpt', 'elem/s', 929800, '[925.83 Kelem/s 929.80 Kelem/s 933.53 Kelem/s]'],
      ['criterion / net/send', 'ns', 1010, '[990.00 ns 1.0100 µs 1.0200 µs]'],
      ['criterion / net/send - thrpt', 'bit/s', 990100, '[980.39 Kb/s 990.10 Kb/s 1.0101 Mb/s]'],
      ['criterion / black_box/noop', 'ns', 0.31301, '[312.45 ps 313.01 ps 313.62 ps]'],
    ]);
    expect(await directions(file)).toMatchObject({
      'criterion / net/send - thrpt': 'bigger',
      'criterion / parse/large - thrpt': 'bigger',
      'criterion / parse/large': 'smaller',
    });
  });
});

describe('catch2', () => {
  it('names longer than their column, wrapped over several rows, are read whole, and the rows after them too', async () => {
    const { cases: got } = await cases(fixture('catch2-v3.7-long-names.txt'));
    expect(got.map((c) => [c.name, c.unit, c.value, c.range])).toEqual([
      ['catch2 / Fibonacci 20', 'ns', 41731, '± 3256'],
      ['catch2 / parse a large JSON document with many nested arrays', 'ns', 912346, '± 40123.4'],
      ['catch2 / tokenize/very_long_identifier_without_any_spaces_in_it', 'ns', 25123.4, '± 812.3'],
      ['catch2 / Fibonacci 25', 'ns', 460123, '± 8123'],
    ]);
  });

  it('a row that is not a benchmark inside a table is refused at its line, not taken for the end of the table', async () => {
    const text = await readFile(fixture('catch2-v3.7-long-names.txt'), 'utf8');
    const bad = join(dir, 'mangled.txt');
    await writeFile(bad, text.replace('46.0412 ms', '46.0412 parsecs'));
    const r = await runCli(['cases', bad], dir);
    const row = 'Fibonacci 25                                   100             1    46.0412 parsecs';
    expect([r.code, r.stderr]).toEqual([1, `benchtrend: ${bad}: line 32: expected a benchmark row (\`NAME  SAMPLES  ITERATIONS  ESTIMATED\`) in the table of line 13, got ${JSON.stringify(row)}\n`]);
  });

  it('durations past a minute, printed in m, are read: the rows at and after one are not lost', async () => {
    const { cases: got } = await cases(fixture('catch2-v3.7-minutes.txt'));
    expect(got.map((c) => [c.name, c.unit, c.value, c.range])).toEqual([
      ['catch2 / Fibonacci 30', 'ns', 5001200, '± 61234'],
      ['catch2 / load the whole index from disk', 'ns', 812346000, '± 9876540'],
      ['catch2 / rebuild the index', 'ns', 63100200000, '± 512000000'],
    ]);
  });

  it('a benchmark Catch2 reports failed is counted as failed and named in a warning; the others are read', async () => {
    const file = fixture('catch2-v3.7-failed.txt');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.value])).toEqual([
      ['catch2 / Fibonacci 20', 41731],
      ['catch2 / sort 1000 ints', 22811.2],
      ['catch2 / Fibonacci 25', 460123],
    ]);
    expect(stderr).toBe(
      [
        `benchtrend: warning: ${file}: parse the config file: Catch2 reports the benchmark failed (config.toml: no such file); counted as failed`,
        `benchtrend: warning: ${file}: call the flaky service: Catch2 reports the benchmark failed (connection reset); counted as failed`,
        '',
      ].join('\n'),
    );
  });
});

describe('catch2 v2', () => {
  it.each([
    ['catch2-v2.13-failed-then-more.txt', 1745300],
    ['catch2-v2.13-no-analysis-failed-then-more.txt', 1090680],
  ])('%s: Catch2 v2 goes on after a failed benchmark, and so does the reading: the failures are named, the benchmark after them read', async (name, fib25) => {
    const file = fixture(name);
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => c.name)).toEqual(['catch2 / sort 1000 ints', 'catch2 / Fibonacci 25']);
    expect(got[1]?.value).toBe(fib25);
    expect(stderr).toBe(
      [
        `benchtrend: warning: ${file}: call the flaky service: Catch2 reports the benchmark failed (connection reset); counted as failed`,
        `benchtrend: warning: ${file}: call the slow service: Catch2 reports the benchmark failed (timed out); counted as failed`,
        '',
      ].join('\n'),
    );
  });
});

describe('catch2 --benchmark-no-analysis', () => {
  it('the one-line table of means is read, a wrapped name whole, and a benchmark failing in the mean column is named by its name alone', async () => {
    const file = fixture('catch2-v3.7-no-analysis.txt');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value, c.extra])).toEqual([
      ['catch2 / Fibonacci 20', 'ns', 41731.2, 'runs=100/100 summary only 100 samples\n2 iterations'],
      ['catch2 / parse a large JSON document with many nested arrays', 'ns', 912346, 'runs=100/100 summary only 100 samples\n1 iterations'],
      ['catch2 / Fibonacci 25', 'ns', 460123, 'runs=100/100 summary only 100 samples\n1 iterations'],
      ['catch2 / sort 1000 ints', 'ns', 22811.2, 'runs=100/100 summary only 100 samples\n4 iterations'],
    ]);
    expect(stderr).toBe(`benchtrend: warning: ${file}: call the flaky service: Catch2 reports the benchmark failed (connection reset); counted as failed\n`);
  });
});

describe('benchmarkjs', () => {
  it('a benchmark that threw is counted as failed and named in a warning, with what benchmark.js printed of the error; the others are read', async () => {
    const file = fixture('benchmarkjs-2.1.4-threw.txt');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value, c.range])).toEqual([
      ['benchmarkjs / fib(20)', 'ops/sec', 7537, '±19.62%'],
      ['benchmarkjs / ünïcode 名前 encode', 'ops/sec', 2924092, '±27.31%'],
      ['benchmarkjs / fib(30)', 'ops/sec', 74.93, '±18.71%'],
    ]);
    expect(stderr).toBe(
      [
        `benchtrend: warning: ${file}: load fixture: benchmark.js reports the benchmark threw (errno: -2,code: ENOENT,syscall: open,path: /nonexistent/fixture.json); counted as failed`,
        `benchtrend: warning: ${file}: parse config: benchmark.js reports the benchmark threw; counted as failed`,
        `benchtrend: warning: ${file}: sort is stable: benchmark.js reports the benchmark threw (generatedMessage: true,code: ERR_ASSERTION,actual: 1,expected: 2,operator: strictEqual); counted as failed`,
        '',
      ].join('\n'),
    );
  });
});

describe('benchmarkjs thrown values', () => {
  it('a string or number thrown between two benchmarks is said, not counted, nor a line before the first result', async () => {
    const file = fixture('benchmarkjs-2.1.4-threw-values.txt');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.value])).toEqual([
      ['benchmarkjs / fib(10)', 23149371],
      ['benchmarkjs / fib(20)', 15952110],
    ]);
    const lines = (await readFile(file, 'utf8')).split('\n');
    const at = (text: string) => lines.findIndex((l) => l.startsWith(text)) + 1;
    const said = (line: string, name: string) =>
      `benchtrend: warning: ${file}: line ${at(line)}: ${JSON.stringify(line)} between two results is not read: if benchmark "${name}" threw a string or a number (which benchmark.js prints as \`NAME: value\`), it is not counted; throw an Error to have it counted as failed`;
    expect(stderr).toBe([said('connect: ECONNREFUSED 127.0.0.1:5432', 'connect'), said('retry budget: 3', 'retry budget'), ''].join('\n'));
  });

  it("a script's own heading between two results is no benchmark: no case is made of it", async () => {
    const file = join(dir, 'suites.txt');
    await writeFile(file, ['Platform: Node.js v20.11.0, linux x64', 'fib(10) x 1,431,759 ops/sec ±0.74% (93 runs sampled)', 'Suite: strings', 'concat x 11,465 ops/sec ±1.12% (91 runs sampled)', 'Fastest is concat', ''].join('\n'));
    const { cases: got } = await cases(file);
    expect(got.map((c) => c.name)).toEqual(['benchmarkjs / fib(10)', 'benchmarkjs / concat']);
  });
});

describe('googlecpp', () => {
  it('a benchmark that skips itself (SkipWithMessage) is said to be skipped, not failed; one that errors in every repetition is one warning', async () => {
    const file = fixture('googlecpp-1.9-skipped-and-error.json');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value])).toEqual([['googlecpp / BM_Fib/10', 'ns/iter', 207.502084162]]);
    expect(stderr).toBe(
      [
        `benchtrend: warning: ${file}: BM_Avx512: skipped; no point (AVX-512 not available on this CPU)`,
        `benchtrend: warning: ${file}: BM_Open: 2 of 2 runs failed (config.toml: no such file); left out`,
        '',
      ].join('\n'),
    );
  });
});

describe('benchmarkluau', () => {
  it("a test script that failed on the VM (bench.py's FAILED line) is named in a warning; the others are read", async () => {
    const file = fixture('benchmarkluau-failed-test.txt');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.value])).toEqual([
      ['benchmarkluau / base64', 15.041],
      ['benchmarkluau / life', 85.089],
    ]);
    expect(stderr).toBe(
      `benchtrend: warning: ${file}: line 2: Luau's bench runner reports /home/runner/work/luau/luau/bench/tests/chess.lua failed on /home/runner/work/luau/luau/luau; it has no result\n`,
    );
  });
});

describe('googlecpp ->Complexity()', () => {
  it('the BigO and RMS entries of a complexity fit are said not to be read; the instances, their bytes per second (not a counter of your own), a ms unit, threads and a unicode name are read', async () => {
    const file = fixture('googlecpp-1.7-complexity-counters.json');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value])).toEqual([
      ['googlecpp / BM_Fib/10', 'ns/iter', 180.15526417],
      ['googlecpp / BM_Fib/20', 'ns/iter', 20027.2128637],
      ['googlecpp / BM_Copy/1024', 'ns/iter', 48.7060356863],
      ['googlecpp / BM_Copy/1024 - bytes_per_second', 'B/s', 54238860804.1],
      ['googlecpp / BM_Sort/64', 'ns/iter', 400.71443785],
      ['googlecpp / BM_Sort/256', 'ns/iter', 1755.17740943],
      ['googlecpp / BM_Sort/1024', 'ns/iter', 10094.5957813],
      ['googlecpp / BM_Sleep/iterations:3', 'ms/iter', 22.713013],
      ['googlecpp / BM_名前/threads:2', 'ns/iter', 11.8360916947],
    ]);
    expect(stderr).toBe(
      [
        `benchtrend: warning: ${file}: BM_Open: a run failed (config.toml: no such file); left out`,
        `benchtrend: warning: ${file}: BM_Sort: the complexity fit (BigO, RMS) is not a time per iteration; not read, its instances are`,
        '',
      ].join('\n'),
    );
  });
});

describe('pytest', () => {
  it('a real --benchmark-json: escaped unicode ids as pytest writes them, stats.data rounds as runs (1/median), a pedantic benchmark of 3 rounds', async () => {
    const { cases: got, stderr } = await cases(fixture('pytest-benchmark-5.2-params-failed-skipped.json'));
    // A benchmark that raised (test_raises) and a skipped test are not in the file: pytest-benchmark
    // writes neither, so there is nothing to read or name. test_fails_after timed its code before
    // its assertion failed, and pytest-benchmark writes it as any other.
    expect(got.map((c) => [c.name, c.value, c.extra?.split('\n')[0]])).toEqual([
      ['pytest / test_bench.py::test_fib_10', 144780.634676, 'runs=5/5 mean: 7.7502008934970945 usec'],
      ['pytest / test_bench.py::test_encode[ascii]', 14671360.0437, 'runs=5/5 mean: 78.57600212446414 nsec'],
      ['pytest / test_bench.py::test_encode[\\u540d\\u524d]', 12664640.0513, 'runs=5/5 mean: 81.05200322461314 nsec'],
      ['pytest / test_bench.py::test_encode[\\xfcn\\xef]', 13326224.8092, 'runs=5/5 mean: 76.46000449312851 nsec'],
      ['pytest / test_bench.py::test_noop', 18419600.3881, 'runs=5/5 mean: 54.71400436363183 nsec'],
      ['pytest / test_bench.py::test_sleep_pedantic', 446.069326527, 'runs=3/5 mean: 5.548303999603377 msec'],
      ['pytest / test_bench.py::test_fails_after', 1782054.85328, 'runs=5/5 mean: 561.3999928755221 nsec'],
      ['pytest / test_bench.py::test_extra', 219780.215667, 'runs=5/5 mean: 5.004600461688824 usec'],
    ]);
    expect(stderr).toBe('');
  });
});

describe('format: auto', () => {
  it('a file two tools wrote into is read in the first format, with a warning naming the other, never silently', async () => {
    const file = fixture('cargo-then-go.txt');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value, c.range])).toEqual([
      ['cargo / bench_fib_10', 'ns/iter', 135.21, '± 2.40'],
      ['cargo / bench_fib_20', 'ns/iter', 18149, '± 755.00'],
    ]);
    expect(stderr).toBe(
      `benchtrend: warning: ${file}: read as cargo bench output; it also holds go test output, not read: a file is read in one format, give each tool its own file\n`,
    );
    // Criterion's own lines beside cargo's bencher lines are one tool's: nothing to warn of.
    const criterion = await cases(join(FIXTURES, 'github-action-benchmark/input/criterion_output.txt'));
    expect(criterion.stderr).toBe('');
  });
});

describe('go', () => {
  it('-cpu 1,2,4 -count 2: each GOMAXPROCS is its own case, named as go prints it, with its two runs', async () => {
    const { cases: got } = await cases(fixture('go-cpu-1-2-4-count-2.txt'));
    expect(got.filter((c) => c.unit === 'ns/op').map((c) => [c.name, c.value, c.extra?.split(' ')[0]])).toEqual([
      ['go / BenchmarkFib20', 40211.5, 'runs=2/2'],
      ['go / BenchmarkFib20-2', 40332.5, 'runs=2/2'],
      ['go / BenchmarkFib20-4', 40500, 'runs=2/2'],
      ['go / BenchmarkParallelHash', 1205.5, 'runs=2/2'],
      ['go / BenchmarkParallelHash-2', 621.5, 'runs=2/2'],
      ['go / BenchmarkParallelHash-4', 330.5, 'runs=2/2'],
    ]);
    expect(got.map((c) => c.name)).toContain('go / BenchmarkParallelHash-4 - B/op');
  });
});

describe('hyperfine', () => {
  it('one -n NAME over two commands and a -L list: each command at each value is its own case, told apart by its order, with a warning', async () => {
    const file = fixture('hyperfine-1.15-one-name-two-commands-L.json');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.value])).toEqual([
      ['hyperfine / sleep (ms=1 #1)', 0.002791564],
      ['hyperfine / sleep (ms=1 #2)', 0.019164858],
      ['hyperfine / sleep (ms=2 #1)', 0.003619492],
      ['hyperfine / sleep (ms=2 #2)', 0.01828013],
    ]);
    expect(stderr).toBe(
      `benchtrend: warning: ${file}: "sleep" names several commands under the same parameters; they are told apart by their order (#1 is the first command), so reordering the commands swaps their cases: give each command its own -n\n`,
    );
  });
});

describe('googlecpp user counters', () => {
  it.each([
    ['googlecpp-1.7-counters-repetitions.json', [
      ['googlecpp / BM_Copy/1024', 'ns/iter', 266.126081999, 'smaller'],
      ['googlecpp / BM_Copy/1024 - bytes_per_second', 'B/s', 52759063256.6, 'bigger'],
      ['googlecpp / BM_Copy/1024 - items_per_second', 'items/s', 51522522.7115, 'bigger'],
      ['googlecpp / BM_Parse', 'ns/iter', 12000.00965, 'smaller'],
    ]],
    ['googlecpp-1.7-counters-aggregates-only.json', [
      ['googlecpp / BM_Copy/1024', 'ns/iter', 353.0058016726717, 'smaller'],
      ['googlecpp / BM_Copy/1024 - bytes_per_second', 'B/s', 51122554596.05251, 'bigger'],
      ['googlecpp / BM_Copy/1024 - items_per_second', 'items/s', 49924369.72270753, 'bigger'],
      ['googlecpp / BM_Parse', 'ns/iter', 17460.640699937354, 'smaller'],
    ]],
  ])('%s: each counter Google Benchmark gives a meaning is a case of its own beside the time, which keeps its name; the user\'s own, whose better way is not said, are not read', async (name, want) => {
    const file = fixture(name);
    const { cases: got, stderr } = await cases(file);
    const dirs = await directions(file);
    expect(got.map((c) => [c.name, c.unit, c.value, dirs[c.name]])).toEqual(want);
    expect(stderr).toBe('');
  });

  it('a counter Google Benchmark wrote as NaN leaves out that point, said, and the times and other points are read', async () => {
    const text = await readFile(fixture('googlecpp-1.7-counters-repetitions.json'), 'utf8');
    const bad = join(dir, 'nan-counter.json');
    // The first repetition's rate written as NaN, as Google Benchmark writes a rate over no time; and a counter of the user's own.
    let k = 0;
    await writeFile(bad, text.replace(/"bytes_per_second": [^,\n]+/g, (m) => (k++ === 0 ? '"bytes_per_second": NaN' : m)).replace(/"cache_misses": [^,\n]+/, '"cache_misses": NaN'));
    const { cases: got, stderr } = await cases(bad);
    expect(got.map((c) => c.name)).toEqual([
      'googlecpp / BM_Copy/1024',
      'googlecpp / BM_Copy/1024 - bytes_per_second',
      'googlecpp / BM_Copy/1024 - items_per_second',
      'googlecpp / BM_Parse',
    ]);
    expect(stderr).toBe(`benchtrend: warning: ${bad}: benchmarks[0].bytes_per_second is NaN, not a number; that point of the counter is left out\n`);
  });

  it('a counter of your own named as an object method (constructor) is not read as one whose meaning is known', async () => {
    const text = await readFile(fixture('googlecpp-1.7-counters-repetitions.json'), 'utf8');
    const odd = join(dir, 'constructor-counter.json');
    await writeFile(odd, text.replace(/"cache_misses": /g, '"constructor": '));
    const { cases: got, stderr } = await cases(odd);
    expect(got.map((c) => c.name)).toEqual(['googlecpp / BM_Copy/1024', 'googlecpp / BM_Copy/1024 - bytes_per_second', 'googlecpp / BM_Copy/1024 - items_per_second', 'googlecpp / BM_Parse']);
    expect(stderr).toBe('');
  });
});

describe('jmh -bm sample', () => {
  it("rawDataHistogram: each iteration's histogram is a run, its samples' mean, as JMH scores it", async () => {
    const { cases: got, stderr } = await cases(fixture('jmh-1.37-sample-mode.json'));
    expect(got.map((c) => [c.name, c.unit, c.value, c.extra?.split(' ')[0]])).toEqual([
      ['jmh / org.sample.ParseBench.parseSmall', 'us/op', 1.38974188162, 'runs=6/6'],
      ['jmh / org.sample.ParseBench.parseLarge', 'us/op', 89.8676698002, 'runs=3/6'],
    ]);
    expect(stderr).toBe('');
  });

  it.each([
    ['[ 1.215, 14 ]', '[ 1.215, "many" ]', '[0].primaryMetric.rawDataHistogram[0][0][0][1] must be a count of samples, got "many"'],
    ['[ 1.215, 14 ]', '[ 1.215, -14 ]', '[0].primaryMetric.rawDataHistogram[0][0][0][1] must be a count of samples (a whole number, 0 or more), got -14'],
    ['[ 1.215, 14 ]', '[ 1.215 ]', '[0].primaryMetric.rawDataHistogram[0][0][0] must be a [value, count] pair, got 1 items'],
    ['[ 1.215, 14 ]', '[ "NaN", 14 ]', '[0].primaryMetric.rawDataHistogram[0][0][0][0] must be a sampled score, got "NaN"'],
  ])('a histogram entry %s written %s is refused naming the field; nothing is written', async (from, to, says) => {
    const text = await readFile(fixture('jmh-1.37-sample-mode.json'), 'utf8');
    const bad = join(dir, 'bad-histogram.json');
    await writeFile(bad, text.replace(from, to));
    const out = join(dir, 'bad-histogram.out.json');
    const r = await runCli(['cases', bad, '--out', out], dir);
    expect([r.code, r.stderr]).toEqual([1, `benchtrend: ${bad}: ${says}\n`]);
    await expect(readFile(out)).rejects.toThrow();
  });
});

describe('a file of very many cases', () => {
  it('150,000 cases in one custom array are read, not refused as "Maximum call stack size exceeded"', async () => {
    const file = join(dir, 'many-cases.json');
    await writeFile(file, JSON.stringify(Array.from({ length: 150_000 }, (_, i) => ({ name: `case ${i}`, unit: 'ms', value: 1 + (i % 7) }))));
    const out = join(dir, 'many-cases.out.json');
    const r = await runCli(['cases', file, '--format', 'customSmallerIsBetter', '--out', out], dir);
    expect([r.code, r.stderr]).toEqual([0, `benchtrend: 150000 cases written to ${out}\n`]);
    const got = JSON.parse(await readFile(out, 'utf8')) as Case[];
    expect([got.length, got[149_999]?.name, got[149_999]?.value]).toEqual([150_000, 'customSmallerIsBetter / case 149999', 1 + (149_999 % 7)]);
  });
});

describe('catch2 -r xml', () => {
  it("the XML reporter's benchmarks are read in ns, names unescaped, a failed one named; format auto finds it", async () => {
    const file = fixture('catch2-v2.13-xml.xml');
    const { cases: got, stderr } = await cases(file);
    expect(got.map((c) => [c.name, c.unit, c.value, c.range, c.extra])).toEqual([
      ['catch2 / noop <T>&"quoted" 100%', 'ns', 0.277023, '± 0.000344941', 'runs=3/3 summary only 3 samples\n61102 iterations'],
      ['catch2 / fib(25) | x=1, y=2; z:3', 'ns', 796326, '± 649187', 'runs=3/3 summary only 3 samples\n1 iterations'],
      ['catch2 / sleep 1.2s', 'ns', 1202120000, '± 1398410', 'runs=3/3 summary only 3 samples\n1 iterations'],
      ['catch2 / 名前 encode', 'ns', 625.641, '± 19.2946', 'runs=3/3 summary only 3 samples\n26 iterations'],
    ]);
    expect(stderr).toBe(`benchtrend: warning: ${file}: call the flaky service: Catch2 reports the benchmark failed (connection <reset> & "gone"); counted as failed\n`);
  });

  it("lines a test printed before the reporter's document are passed over, as format auto finds it", async () => {
    const text = await readFile(fixture('catch2-v2.13-xml.xml'), 'utf8');
    const file = join(dir, 'catch2-after-log.xml');
    await writeFile(file, `init: loading fixtures\n${text}`);
    const [{ cases: got }, { cases: want }] = [await cases(file), await cases(fixture('catch2-v2.13-xml.xml'))];
    expect(got.map((c) => [c.name, c.value])).toEqual(want.map((c) => [c.name, c.value]));
    expect(got).toHaveLength(4);
  });

  it('a mean that is no number is refused at its benchmark; nothing is written', async () => {
    const text = await readFile(fixture('catch2-v2.13-xml.xml'), 'utf8');
    const bad = join(dir, 'bad-catch2.xml');
    await writeFile(bad, text.replace('<mean value="625.641"', '<mean value="fast"'));
    const out = join(dir, 'bad-catch2.out.json');
    const r = await runCli(['cases', bad, '--out', out], dir);
    expect([r.code, r.stderr]).toEqual([1, `benchtrend: ${bad}: line 29: benchmark "名前 encode": <mean value> must be a number of ns, got "fast"\n`]);
    await expect(readFile(out)).rejects.toThrow();
  });
});
