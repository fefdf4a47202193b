/**
 * Luau's bench runner: `SUCCESS: base64 : 15.041ms +/- 0.636% on luau`. The value is the mean with
 * its standard deviation in percent: a summary. Luau prints milliseconds; a case is kept in ms.
 */
import { shapeOf, type Format } from './format.js';
import { makeRecord, Readings } from './metrics.js';
import { convertUnit } from '../core/units.js';
import { lineError, numberAt, numberedLines } from './text-lines.js';

// Lua prints a broken timing as `nan`, `-nan` or `inf` (C's printf): read as a value, so that the
// refusal names it rather than calling the line malformed; a negative time is refused as a point.
const LINE = /^SUCCESS:\s+(.+?)\s+:\s+(-?(?:[0-9][0-9.]*|nan|inf))\s*([a-zµμ]+)\s+\+\/-\s+(-?(?:[0-9][0-9.]*|nan|inf))%\s+on\s+(\S+)/;
const EXPECTED = 'Luau bench lines like `SUCCESS: base64 : 15.041ms +/- 0.636% on luau`';
/**
 * bench.py's line for a test script that printed no result on the VM (it crashed, or errored):
 * `FAILED:  '<script path>' on '<vm path>'`. The benchmark's own name is the one the script would
 * have printed, so the failure names the script, not a case.
 */
const FAILED = /^FAILED:\s+'(.+)' on '(.+)'\s*$/;

export const benchmarkluau: Format = {
  name: 'benchmarkluau',
  description: 'Luau bench runner output: `SUCCESS: NAME : 15.041ms +/- 0.636% on luau`',
  detect: (text) => /^SUCCESS:\s+\S.*:\s+[0-9.]+\s*[a-zµμ]+\s+\+\/-\s+[0-9.]+%/m.test(text),
  parse: (file, text, options) => {
    const readings = new Readings(file, () => 'smaller');
    const notes: string[] = [];
    for (const { text: line, line: n } of numberedLines(text)) {
      const failed = FAILED.exec(line);
      if (failed) notes.push(`line ${n}: Luau's bench runner reports ${failed[1] as string} failed on ${failed[2] as string}; it has no result`);
      if (!line.startsWith('SUCCESS')) continue;
      const m = LINE.exec(line);
      if (!m) throw lineError(file, n, `expected \`SUCCESS: NAME : VALUEms +/- P% on DRIVER\`, got ${JSON.stringify(line.trim())}`);
      const unit = m[3] as string;
      const finite = (text: string, what: string): number => {
        if (/^-?(?:nan|inf)$/.test(text)) throw lineError(file, n, `${what} must be a finite number, got ${JSON.stringify(text)}`);
        return numberAt(file, n, text, what);
      };
      const time = finite(m[2] as string, 'the time');
      let value: number;
      try {
        value = convertUnit(time, unit, 'ms');
      } catch {
        throw lineError(file, n, `the time's unit ${JSON.stringify(unit)} is not a time`);
      }
      const pct = finite(m[4] as string, 'the deviation');
      readings.add({
        name: m[1] as string,
        value,
        unit: 'ms',
        line: n,
        // Luau's ± is the standard deviation in percent of the mean.
        spread: { stdev: (value * pct) / 100, lo: value - (value * pct) / 100, hi: value + (value * pct) / 100, range: `±${m[4] as string}%` },
        extra: m[5] as string,
      });
    }
    return [makeRecord({ file, format: 'benchmarkluau', shape: shapeOf(options, 'benchmarkluau'), metrics: readings.metrics(), notes, expected: EXPECTED })];
  },
};
