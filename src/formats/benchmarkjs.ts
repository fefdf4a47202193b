/**
 * benchmark.js's console lines: `fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)`. The value is
 * the tool's mean rate with its relative margin of error: a summary, bigger is better.
 */
import { directionFor } from '../core/direction.js';
import type { Metric } from '../core/model.js';
import { shapeOf, type Format } from './format.js';
import { barOfRange, makeRecord, Readings } from './metrics.js';
import { lineError, numberAt, numberedLines } from './text-lines.js';

const REST = /^ x ([0-9][0-9,.]*)\s+(\S+)\s+((?:±|\+-)[^%]+%) \((\d+) runs? sampled\)\s*$/;
const EXPECTED = 'benchmark.js lines like `fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)`';
/**
 * A benchmark that threw, as benchmark.js 2.1.4's `toStringBench` prints it: `NAME: ` and the
 * error's enumerable properties joined as `key: value,key: value`. Its check `!_.isError(Error)`
 * is always true, so an Error's name and message (not enumerable) are never printed: a plain
 * `throw new Error(…)` leaves `NAME: ` alone, and Node's errors show their `code`, `errno`, `path`.
 * A thrown string (`NAME: the string`) cannot be told from any other line and is not read, nor
 * are fields other than those Node's errors carry: `Array: pop: x` or a script's own `key: value`
 * log line would otherwise read as a failed benchmark named `Array`.
 */
const ERROR_FIELD = '(?:code|errno|syscall|path|dest|address|port|info|generatedMessage|actual|expected|operator)';
const THREW = new RegExp(`^(.+?): (${ERROR_FIELD}: [^,]*(?:,${ERROR_FIELD}: [^,]*)*)$|^(.+): $`);
/** A longer line is no benchmark's failure, and THREW's lazy name would try every split of it. */
const THREW_MAX = 4096;

export const benchmarkjs: Format = {
  name: 'benchmarkjs',
  description: 'benchmark.js console output: `NAME x N ops/sec ±R% (S runs sampled)`',
  detect: (text) => /^.+ x [0-9][0-9,.]* \S+ (?:±|\+-)[^%]+% \(\d+ runs? sampled\)/m.test(text),
  parse: (file, text, options) => {
    const readings = new Readings(file, (unit) => directionFor(unit, 'bigger'));
    // Per name, how many times it threw: a name that also ran (two suites into one file) keeps its
    // rate, its failure counted beside it.
    const failed = new Map<string, number>();
    const notes: string[] = [];
    for (const { text: line, line: n } of numberedLines(text)) {
      const idx = line.lastIndexOf(' x ');
      const m = idx <= 0 ? null : REST.exec(line.slice(idx));
      if (!m) {
        if (idx > 0 && /runs? sampled\)\s*$/.test(line)) throw lineError(file, n, `expected \`NAME x VALUE UNIT ±R% (S runs sampled)\`, got ${JSON.stringify(line.trim())}`);
        const threw = line.length <= THREW_MAX ? THREW.exec(line) : null;
        if (threw) {
          // No rate, but not lost: the case is counted as failed and named, as Catch2's failures are.
          const name = (threw[1] ?? threw[3]) as string;
          const error = threw[2] ?? '';
          notes.push(`${name}: benchmark.js reports the benchmark threw${error === '' ? '' : ` (${error})`}; counted as failed`);
          failed.set(name, (failed.get(name) ?? 0) + 1);
        }
        continue;
      }
      const value = numberAt(file, n, m[1] as string, 'the rate');
      const range = m[3] as string;
      const samples = Number(m[4]);
      readings.add({
        name: line.slice(0, idx),
        value,
        unit: m[2] as string,
        line: n,
        spread: { range, samples, ...(barOfRange(value, range.replace('+-', '±')) ?? {}) },
        extra: `${samples} samples`,
      });
    }
    const metrics: Metric[] = readings.metrics().map((m) => {
      const count = failed.get(m.name);
      return count === undefined ? m : { ...m, failed: count };
    });
    for (const [name, count] of failed) {
      if (!readings.has(name)) metrics.push({ name, unit: 'ops/sec', direction: 'bigger', samples: [], failed: count });
    }
    return [makeRecord({ file, format: 'benchmarkjs', shape: shapeOf(options, 'benchmarkjs'), metrics, notes, expected: EXPECTED })];
  },
};
