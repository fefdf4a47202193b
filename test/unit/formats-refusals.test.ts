/**
 * A malformed file of any format is refused with one line that names the file, the line (or the
 * field) where it goes wrong, and what was expected there.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/model.js';
import { Readings } from '../../src/formats/metrics.js';
import { FORMAT_NAMES, parseInput } from '../../src/formats/registry.js';

function refusal(format: string, file: string, text: string): string {
  try {
    parseInput(file, text, format);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message.startsWith(`${file}: `)).toBe(true);
    return message;
  }
  throw new Error(`${format} accepted ${JSON.stringify(text)}`);
}

const catch2Table = (rows: string[]): string =>
  [
    'benchmark name                                  samples       iterations    estimated',
    '                                                mean          low mean      high mean',
    '                                                std dev       low std dev   high std dev',
    '-------------------------------------------------------------------------------',
    ...rows,
  ].join('\n');

/** [format, file, text, what the message must say] for every format in the registry. */
const CASES: readonly (readonly [string, string, string, string])[] = [
  ['record', 'warm.json', '{"shape": "warm", "runs": []}', 'warm.json: no runs: the "runs" array is empty'],
  ['customSmallerIsBetter', 'c.json', '[{"name": "a", "unit": "ms", "value": "fast"}]', 'c.json: [0].value must be a number, got "fast"'],
  ['customBiggerIsBetter', 'c.json', '{"name": "a"}', 'c.json: not customBiggerIsBetter output: expected a JSON array of {"name", "unit", "value"} entries'],
  ['cargo', 'cargo.txt', 'running 1 test\ntest fib ... bench:   abc ns/iter (+/- 3)\n', 'cargo.txt: line 2: expected `test NAME ... bench: VALUE UNIT (+/- DEVIATION)`'],
  ['criterion', 'crit.txt', 'fib 20   time:   [26.0 us 26.2 us]\n', 'crit.txt: line 1: expected `time: [LOW UNIT EST UNIT HIGH UNIT]`'],
  ['go', 'go.txt', 'pkg: x\nBenchmarkFib-8   1000   300 ns/op   16\n', 'go.txt: line 2: expected <value> <unit> pairs after the iteration count, got "300 ns/op   16"'],
  ['benchmarkjs', 'js.txt', 'fib(10) x many ops/sec ±0.74% (93 runs sampled)\n', 'js.txt: line 1: expected `NAME x VALUE UNIT ±R% (S runs sampled)`'],
  ['benchmarkluau', 'luau.txt', 'SUCCESS: base64 : fast\n', 'luau.txt: line 1: expected `SUCCESS: NAME : VALUEms +/- P% on DRIVER`'],
  ['pytest', 'p.json', '{"benchmarks": [{"fullname": "t.py::a", "stats": {"rounds": 5, "mean": "x"}}]}', 'p.json: benchmarks[0].stats.mean must be a number of seconds, got "x"'],
  ['googlecpp', 'g.json', '{"context": {}, "benchmarks": [{"name": "a", "real_time": "x", "time_unit": "ns"}]}', 'g.json: benchmarks[0].real_time must be a number, got "x"'],
  ['catch2', 'c2.txt', catch2Table(['Fibonacci 10      100     208     7.1968 ms ', '   garbage']), 'c2.txt: line 6: expected the mean line (`MEAN UNIT LOW UNIT HIGH UNIT`) of benchmark "Fibonacci 10"'],
  ['julia', 'j.json', '[{"Julia": "1.9"}, [["Sample", {}]]]', 'j.json: [1][0] is a "Sample"; expected a BenchmarkGroup, TrialEstimate or Trial'],
  ['jmh', 'jmh.json', '[{"benchmark": "b.run", "mode": "thrpt", "primaryMetric": {"scoreUnit": "ops/s", "score": "NaN"}}]', 'jmh.json: [0].primaryMetric.score must be a number, got "NaN"'],
  ['benchmarkdotnet', 'bdn.json', '{"Benchmarks": [{"FullName": "S.B.F", "Statistics": {"OriginalValues": [1, "x"]}}]}', 'bdn.json: Benchmarks[0].Statistics.OriginalValues[1] must be a time in ns, got "x"'],
  ['hyperfine', 'h.json', '{"results": [{"command": "sleep 1", "times": [1.0, NaN]}]}', 'h.json: results[0].times[1] must be a time in seconds, got NaN'],
  ['dl-timing-json', 'dl.txt', 'starting\ndl-timing-json: {"total": 1, "stages": [{"stage": "a", "seconds": "x", "outcome": "ok"}]}', 'dl.txt: line 2: stages[0].seconds must be a number of seconds, got "x"'],
  ['qwen-code', 'q.json', '{"version": 1, "capturedAt": "2026-01-01", "runs": "none"}', 'q.json: runs must be an array of runs, got "none"'],
  ['orca', 'o.json', '{"iterations": [{"outcome": "ok", "phases": {"spawnToAppReady": "slow"}}]}', 'o.json: iterations[0].phases.spawnToAppReady must be a number of ms or null, got "slow"'],
];

describe('refusals', () => {
  it('every format in the registry has a refusal case here', () => {
    expect(CASES.map((c) => c[0]).sort()).toEqual([...FORMAT_NAMES].sort());
  });

  it.each(CASES)('%s: %s is refused naming where and what was expected', (format, file, text, says) => {
    expect(refusal(format, file, text)).toContain(says);
  });

  it.each(FORMAT_NAMES.filter((f) => f !== 'dl-timing-json'))('%s: a file with no result in it is refused, not read as nothing', (format) => {
    const message = refusal(format, 'empty.out', format === 'record' ? '{}' : /^[a-z]+$|^benchmark|^go$/.test(format) ? 'PASS\nok\n' : '[]');
    expect(message).toMatch(/no |not |must be/);
  });

  it('dl-timing-json: output with no dl-timing-json line is refused', () => {
    expect(refusal('dl-timing-json', 'dl.txt', 'launcher started\n')).toBe(
      'dl.txt: no dl-timing-json line found; expected lines like `dl-timing-json: {"total": 2.2, "stages": [{"stage": "attach", "seconds": 1.4, "outcome": "ok"}]}`',
    );
  });

  it('a dl-timing-json line that is not JSON names its line', () => {
    expect(refusal('dl-timing-json', 'dl.txt', 'x\ny\ndl-timing-json: {"total": 1,')).toMatch(/^dl\.txt: line 3: the dl-timing-json line is not JSON/);
  });

  it('a not-a-number spelled in lower case (nan, inf, -inf) names the field holding it, not "not JSON"', () => {
    expect(refusal('record', 'w.json', '{"shape": "w", "runs": [{"stages": {"a": nan}}]}')).toBe('w.json: runs[0].stages.a must be a number of seconds, got nan');
    expect(refusal('record', 'w.json', '{"shape": "w", "runs": [{"stages": {"a": 1, "b": -inf}}]}')).toBe('w.json: runs[0].stages.b must be a number of seconds, got -inf');
    // A word that only starts like one is still not JSON, and names where it stands.
    expect(refusal('record', 'w.json', '{"shape": "w", "runs": [{"stages": {"a": nanos}}]}')).toMatch(/^w\.json: not JSON \(line 1, column 42: unexpected "nanos/);
  });

  it('a JSON file cut short or broken names the line and column', () => {
    expect(refusal('hyperfine', 'h.json', '{"results": [\n  {"command": "a",\n   "times": [1, }\n]}')).toBe(
      'h.json: not JSON (line 3, column 17: unexpected "}"); a bench interrupted while writing leaves exactly this',
    );
    // Cut short, no format can be told from the text; the cause is the same whatever the tool.
    expect(refusal('auto', 'h.json', '{"results": [\n  {"command": "a"')).toBe(
      'h.json: not JSON (line 2: the text ends before the JSON does); a bench interrupted while writing leaves exactly this',
    );
    expect(refusal('pytest', 'p.json', '{"benchmarks": [\n')).toBe(
      'p.json: not JSON (line 2: the text ends before the JSON does); a bench interrupted while writing leaves exactly this',
    );
  });

  it('a case whose repeated result comes in a unit that measures something else is refused at that result', () => {
    // A format that lists a case's runs one by one: the second run in a size. (A custom array's
    // name in two such units is two cases, as the import names them: formats-variants.)
    const readings = new Readings('c.txt', () => 'smaller');
    readings.add({ name: 'parse', value: 1, unit: 'ms', line: 1 });
    readings.add({ name: 'parse', value: 2, unit: 'MB', line: 2 });
    expect(() => readings.metrics()).toThrow(
      new InputError('c.txt: line 2: "parse" is in MB but its first result is in ms: cannot convert MB to ms: a size is not a time'),
    );
  });

  it('a benchmark listed twice where the format has no runs to repeat is refused, not silently merged or doubled', () => {
    const entry = { jmhVersion: '1.37', benchmark: 'b.Bench.run', mode: 'avgt', primaryMetric: { score: 1, scoreUnit: 'ns/op', rawData: [[1]] } };
    expect(refusal('jmh', 'jmh.json', JSON.stringify([entry, entry]))).toBe('jmh.json: the benchmark "b.Bench.run" appears twice; one case cannot hold two results');
  });

  it('a result that would vanish without a word is refused: an empty hyperfine run list, a go value that is no number, a qwen-code clock that is no number or below -1', () => {
    expect(refusal('hyperfine', 'h.json', '{"results": [{"command": "a", "times": [1]}, {"command": "b", "times": []}]}')).toBe(
      'h.json: results[1].times is empty: "b" has no run to take a point from (hyperfine writes one time per run)',
    );
    expect(refusal('go', 'go.txt', 'BenchmarkA-8 100 50 ns/op\nBenchmarkB-8 100 abc ns/op\n')).toBe('go.txt: line 2: the value of ns/op must be a number, got "abc"');
    const qwen = (v: string) => `{"version": 1, "capturedAt": "2026-01-01", "runs": [{"measured": true, "processToListenMs": 641}, {"measured": true, "processToListenMs": ${v}}]}`;
    expect(refusal('qwen-code', 'q.json', qwen('"fast"'))).toBe('q.json: runs[1].processToListenMs must be a finite number or null, got "fast"');
    expect(refusal('qwen-code', 'q.json', qwen('true'))).toBe('q.json: runs[1].processToListenMs must be a finite number or null, got true');
    expect(refusal('qwen-code', 'q.json', qwen('-5'))).toBe('q.json: runs[1].processToListenMs is -5, but a clock cannot be negative (qwen-code writes -1 for one the daemon did not report)');
    // -1 and null stay what qwen-code means by them: a clock not reported, absent.
    expect(() => parseInput('q.json', qwen('-1'), 'qwen-code')).not.toThrow();
    expect(() => parseInput('q.json', qwen('null'), 'qwen-code')).not.toThrow();
  });

  it('an unknown format name lists the known ones', () => {
    expect(() => parseInput('x', '', 'gotest')).toThrow(/^format: unknown format "gotest"; did you mean go\? known: auto, record, orca/);
  });
});
