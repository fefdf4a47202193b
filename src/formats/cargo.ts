/**
 * libtest's bench output (`cargo bench` on nightly's `#[bench]`, and criterion's
 * `--output-format bencher`): `test NAME ... bench: 1,234 ns/iter (+/- 56)`. The value is the
 * tool's median with its spread, so one line is a summary.
 */
import { directionFor } from '../core/direction.js';
import { shapeOf, type Format } from './format.js';
import { makeRecord, Readings } from './metrics.js';
import { lineError, numberAt, numberedLines } from './text-lines.js';

const BENCH_LINE = /^test (.+?)\s+\.\.\. bench:\s+([0-9][0-9,.]*) (\S+) \(\+\/- ([0-9][0-9,.]*)\)\s*$/;
/** A line that means to be a result, to refuse the mangled ones instead of skipping them. */
const BENCH_INTENT = /^test .+ \.\.\. bench:/;

export const BENCHER_EXPECTED = 'lines like `test NAME ... bench: 1,234 ns/iter (+/- 56)`';

/** Reads every bencher line of the text into `readings`. */
export function readBencherLines(file: string, text: string, readings: Readings): void {
  for (const { text: line, line: n } of numberedLines(text)) {
    const m = BENCH_LINE.exec(line);
    if (!m) {
      if (BENCH_INTENT.test(line)) throw lineError(file, n, `expected \`test NAME ... bench: VALUE UNIT (+/- DEVIATION)\`, got ${JSON.stringify(line.trim())}`);
      continue;
    }
    const value = numberAt(file, n, m[2] as string, 'the bench value');
    const dev = numberAt(file, n, m[4] as string, 'the deviation');
    readings.add({
      name: (m[1] as string).trim(),
      value,
      unit: m[3] as string,
      line: n,
      // libtest prints max - min of its samples as `+/-`; drawn as the bar it reads as.
      spread: { range: `± ${(m[4] as string).replace(/,/g, '')}`, lo: value - dev, hi: value + dev },
    });
  }
}

export function hasBencherLine(text: string): boolean {
  return /^test .+ \.\.\. bench:\s+[0-9]/m.test(text);
}

export const cargo: Format = {
  name: 'cargo',
  description: 'cargo bench (libtest) output: `test NAME ... bench: N ns/iter (+/- D)`',
  detect: hasBencherLine,
  parse: (file, text, options) => {
    const readings = new Readings(file, (unit) => directionFor(unit, 'smaller'));
    readBencherLines(file, text, readings);
    return [makeRecord({ file, format: 'cargo', shape: shapeOf(options, 'cargo'), metrics: readings.metrics(), expected: BENCHER_EXPECTED })];
  },
};
