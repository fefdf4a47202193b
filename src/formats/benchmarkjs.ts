/**
 * benchmark.js's console lines: `fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)`. The value is
 * the tool's mean rate with its relative margin of error: a summary, bigger is better.
 */
import { directionFor } from '../core/direction.js';
import { shapeOf, type Format } from './format.js';
import { barOfRange, makeRecord, Readings } from './metrics.js';
import { lineError, numberAt, numberedLines } from './text-lines.js';

const REST = /^ x ([0-9][0-9,.]*)\s+(\S+)\s+((?:±|\+-)[^%]+%) \((\d+) runs? sampled\)\s*$/;
const EXPECTED = 'benchmark.js lines like `fib(20) x 11,465 ops/sec ±1.12% (91 runs sampled)`';

export const benchmarkjs: Format = {
  name: 'benchmarkjs',
  description: 'benchmark.js console output: `NAME x N ops/sec ±R% (S runs sampled)`',
  detect: (text) => /^.+ x [0-9][0-9,.]* \S+ (?:±|\+-)[^%]+% \(\d+ runs? sampled\)/m.test(text),
  parse: (file, text, options) => {
    const readings = new Readings(file, (unit) => directionFor(unit, 'bigger'));
    for (const { text: line, line: n } of numberedLines(text)) {
      const idx = line.lastIndexOf(' x ');
      if (idx <= 0) continue;
      const m = REST.exec(line.slice(idx));
      if (!m) {
        if (/runs? sampled\)\s*$/.test(line)) throw lineError(file, n, `expected \`NAME x VALUE UNIT ±R% (S runs sampled)\`, got ${JSON.stringify(line.trim())}`);
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
    return [makeRecord({ file, format: 'benchmarkjs', shape: shapeOf(options, 'benchmarkjs'), metrics: readings.metrics(), expected: EXPECTED })];
  },
};
