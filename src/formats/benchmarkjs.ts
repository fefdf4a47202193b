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
 * Fields other than those Node's errors carry are not read as such: `Array: pop: x` or a script's
 * own `key: value` log line would otherwise read as a failed benchmark named `Array`.
 */
const ERROR_FIELD = '(?:code|errno|syscall|path|dest|address|port|info|generatedMessage|actual|expected|operator)';
const THREW = new RegExp(`^(.+?): (${ERROR_FIELD}: [^,]*(?:,${ERROR_FIELD}: [^,]*)*)$|^(.+): $`);
/** A longer line is no benchmark's failure, and THREW's lazy name would try every split of it. */
const THREW_MAX = 4096;
/**
 * A thrown string, number or plain object prints as `NAME: the value`, which alone cannot be
 * told from a script's own `key: value` line. The `cycle` handler prints one line per benchmark,
 * one after another, so such a line with results (or failures) right above and below it, no
 * other line between, is a benchmark that threw; one at either end of those lines is only said.
 */
const THREW_VALUE = /^(.+?): (.*\S.*)$/;
const THREW_VALUE_MAX = 512;
/**
 * More such lines in a row, or a name printed twice, is a script's own output (a log inside a
 * benchmarked function prints once per call), not one line per benchmark.
 */
const THREW_VALUES_IN_A_ROW = 10;

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
    const lines = numberedLines(text);
    const kinds = lines.map(({ text: line }): 'result' | 'threw' | 'value' | 'other' => {
      const idx = line.lastIndexOf(' x ');
      if (idx > 0 && REST.test(line.slice(idx))) return 'result';
      if (line.length <= THREW_MAX && THREW.test(line)) return 'threw';
      return line.length <= THREW_VALUE_MAX && THREW_VALUE.test(line) ? 'value' : 'other';
    });
    // Per line, whether the nearest line above (below) that is not a thrown value's is a
    // benchmark's: two passes, so a log of many `key: value` lines stays linear.
    const isCycle = (k: (typeof kinds)[number] | undefined): boolean => k === 'result' || k === 'threw';
    const above: boolean[] = [];
    const below: boolean[] = [];
    for (let i = 0, last = false; i < kinds.length; i++) {
      above.push(last);
      if (kinds[i] !== 'value') last = isCycle(kinds[i]);
    }
    for (let i = kinds.length - 1, last = false; i >= 0; i--) {
      below[i] = last;
      if (kinds[i] !== 'value') last = isCycle(kinds[i]);
    }
    const cycleLineAt = (i: number, step: number): boolean => (step < 0 ? above[i] : below[i]) === true;
    const valueNames = new Map<string, number>();
    const inARow: number[] = [];
    for (const [i, { text: line }] of lines.entries()) {
      if (kinds[i] !== 'value') continue;
      const name = (THREW_VALUE.exec(line) as RegExpExecArray)[1] as string;
      valueNames.set(name, (valueNames.get(name) ?? 0) + 1);
      inARow[i] = (inARow[i - 1] ?? 0) + 1;
    }
    for (let i = kinds.length - 2; i >= 0; i--) if (inARow[i] !== undefined && inARow[i + 1] !== undefined) inARow[i] = inARow[i + 1] as number;
    for (const [i, { text: line, line: n }] of lines.entries()) {
      const idx = line.lastIndexOf(' x ');
      const m = idx <= 0 ? null : REST.exec(line.slice(idx));
      if (!m) {
        if (idx > 0 && /runs? sampled\)\s*$/.test(line)) throw lineError(file, n, `expected \`NAME x VALUE UNIT ±R% (S runs sampled)\`, got ${JSON.stringify(line.trim())}`);
        const threw = kinds[i] === 'threw' ? THREW.exec(line) : null;
        if (threw) {
          // No rate, but not lost: the case is counted as failed and named, as Catch2's failures are.
          const who = (threw[1] ?? threw[3]) as string;
          const error = threw[2] ?? '';
          notes.push(`${who}: benchmark.js reports the benchmark threw${error === '' ? '' : ` (${error})`}; counted as failed`);
          failed.set(who, (failed.get(who) ?? 0) + 1);
        }
        const thrown = kinds[i] === 'value' ? THREW_VALUE.exec(line) : null;
        const name = thrown?.[1];
        if (thrown && name !== undefined && valueNames.get(name) === 1 && (inARow[i] ?? 0) <= THREW_VALUES_IN_A_ROW) {
          // Only between two results, and only said: a script's own heading there (`Suite: strings`)
          // reads the same, and counted as a failed benchmark it would be a case that never was.
          // Before the first or after the last, such lines are a script's own (`Platform: …`).
          if (cycleLineAt(i, -1) && cycleLineAt(i, 1)) {
            notes.push(
              `line ${n}: ${JSON.stringify(line)} between two results is not read: if benchmark "${name}" threw a string or a number (which benchmark.js prints as \`NAME: value\`), it is not counted; throw an Error to have it counted as failed`,
            );
          }
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
