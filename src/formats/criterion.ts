/**
 * Criterion.rs, in the three forms it is captured in CI:
 *   - its own report: `fib 20   time:   [26.029 µs 26.251 µs 26.505 µs]` (and `thrpt:`), the
 *     estimate with its confidence interval: a summary, normalised to ns (B/s, elem/s);
 *   - `--output-format bencher` lines, read as cargo's;
 *   - cargo-criterion's `--message-format=json` lines, whose measured values divided by their
 *     iteration counts are the per-sample times: runs.
 * Criterion scales units per line (990 ns beside 1.1 µs), so every case is written in one unit.
 */
import { directionFor } from '../core/direction.js';
import type { Metric } from '../core/model.js';
import { clean } from '../core/stats.js';
import { convertUnit, parseUnit } from '../core/units.js';
import { cargo, hasBencherLine, readBencherLines } from './cargo.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString } from './json-fields.js';
import { makeRecord, Readings, sampledMetric, summaryMetric } from './metrics.js';
import { lineError, numberAt, numberedLines } from './text-lines.js';

const EXPECTED =
  'criterion output: `NAME time: [LOW EST HIGH]` lines, bencher lines (`test NAME ... bench: N ns/iter (+/- D)`), or cargo-criterion JSON messages';

const ESTIMATE = /^(.*?)\s*(time|thrpt):\s+\[\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*\]\s*$/;
/**
 * With a throughput, criterion prints the change against the last run as a block of its own,
 * `change:` then `time:   [−1.2% −0.5% +0.2%] (p = …)` and `thrpt:  […%]` (report.rs): relative
 * changes, not estimates.
 */
const CHANGE = /^\s*(?:time|thrpt):\s+\[\s*\S+%\s+\S+%\s+\S+%\s*\]/;
const JSON_MESSAGE = /^\s*\{.*"reason"\s*:\s*"benchmark-complete"/;

/**
 * Criterion 0.7's `Throughput::Bits` (measurement.rs): `b/s`, `Kb/s`, `Mb/s`, `Gb/s`, decimal.
 * Read as units, `Kb` and `b` would be counts of different things.
 */
const BITS: Readonly<Record<string, number>> = { 'b/s': 1, 'Kb/s': 1e3, 'Mb/s': 1e6, 'Gb/s': 1e9 };

/** The unit a criterion case is kept in: ns for times, B/s, bit/s or elem/s for throughputs. */
function canonical(unit: string): string {
  if (BITS[unit] !== undefined) return 'bit/s';
  const u = parseUnit(unit);
  if (u.kind === 'time') return 'ns';
  if (u.perSeconds !== undefined) return u.kind === 'bytes' ? 'B/s' : `${u.noun}/s`;
  return unit;
}

function convertOrRefuse(file: string, line: number, value: number, from: string, to: string): number {
  const bits = BITS[from];
  if (bits !== undefined && to === 'bit/s') return clean(value * bits);
  try {
    return convertUnit(value, from, to);
  } catch (e) {
    throw lineError(file, line, e instanceof Error ? e.message : String(e));
  }
}

function readEstimates(file: string, text: string, readings: Readings): void {
  let above = '';
  let analyzing = '';
  let name = '';
  for (const { text: line, line: n } of numberedLines(text)) {
    const m = ESTIMATE.exec(line);
    if (!m) {
      if (CHANGE.test(line)) {
        above = line;
        continue;
      }
      if (/\b(time|thrpt):\s+\[/.test(line)) throw lineError(file, n, `expected \`time: [LOW UNIT EST UNIT HIGH UNIT]\`, got ${JSON.stringify(line.trim())}`);
      const b = /^Benchmarking (.+): Analyzing\s*$/.exec(line);
      if (b) analyzing = (b[1] as string).trim();
      above = line;
      continue;
    }
    // A long name stands on its own line above `time:`; a `thrpt:` line belongs to the `time:` above it.
    const kind = m[2] as string;
    if (kind === 'time') {
      const own = (m[1] as string).trim();
      const wrapped = /^\S/.test(above) && !/^Benchmarking /.test(above) ? above.trim() : '';
      name = own || wrapped || analyzing;
    }
    above = line;
    if (name === '') throw lineError(file, n, 'a criterion estimate with no benchmark name before it');
    const target = canonical(m[6] as string);
    const [lo, est, hi] = [3, 5, 7].map((i) => convertOrRefuse(file, n, numberAt(file, n, m[i] as string, 'the estimate'), m[i + 1] as string, target)) as [number, number, number];
    readings.add({
      name: kind === 'thrpt' ? `${name} - thrpt` : name,
      value: est,
      unit: target,
      line: n,
      spread: { lo, hi, range: `[${m.slice(3, 9).join(' ')}]` },
    });
  }
}

function readJsonMessages(file: string, text: string): Metric[] {
  const metrics: Metric[] = [];
  for (const { text: line, line: n } of numberedLines(text)) {
    if (!JSON_MESSAGE.test(line)) continue;
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch (e) {
      throw lineError(file, n, `the cargo-criterion message is not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    const where = `line ${n}`;
    const o = expectObject(file, msg, where);
    const name = expectString(file, o['id'], child(where, 'id'), 'the benchmark id');
    const unit = expectString(file, o['unit'], child(where, 'unit'), 'a time unit');
    const values = expectArray(file, o['measured_values'], child(where, 'measured_values'));
    const counts = expectArray(file, o['iteration_count'], child(where, 'iteration_count'));
    if (values.length !== counts.length) {
      throw lineError(file, n, `measured_values has ${values.length} entries but iteration_count ${counts.length}; each sample needs its count`);
    }
    const perIteration = values.map((v, i) => {
      const total = expectNumber(file, v, child(child(where, 'measured_values'), i));
      const iters = expectNumber(file, counts[i], child(child(where, 'iteration_count'), i));
      if (iters <= 0) throw lineError(file, n, `iteration_count[${i}] must be positive, got ${iters}`);
      return convertOrRefuse(file, n, clean(total / iters), unit, 'ns');
    });
    const spec = { name, unit: 'ns', direction: 'smaller' as const };
    if (perIteration.length > 0) {
      metrics.push(sampledMetric(spec, perIteration));
      continue;
    }
    const typical = expectObject(file, o['typical'], child(where, 'typical'));
    const tu = expectString(file, typical['unit'], child(child(where, 'typical'), 'unit'));
    const est = expectNumber(file, typical['estimate'], child(child(where, 'typical'), 'estimate'));
    const lo = typical['lower_bound'];
    const hi = typical['upper_bound'];
    metrics.push(
      summaryMetric(spec, {
        value: convertOrRefuse(file, n, est, tu, 'ns'),
        ...(typeof lo === 'number' ? { lo: convertOrRefuse(file, n, lo, tu, 'ns') } : {}),
        ...(typeof hi === 'number' ? { hi: convertOrRefuse(file, n, hi, tu, 'ns') } : {}),
      }),
    );
  }
  return metrics;
}

/** Criterion's own lines, not libtest's: bencher output alone is cargo's unless criterion signed it. */
const CRITERION_MARKS = /Criterion\.rs|cargo-criterion|Gnuplot not found|^Benchmarking .+: (?:Warming up|Collecting|Analyzing)|Warning: Unable to complete \d+ samples/m;

export const criterion: Format = {
  name: 'criterion',
  description: 'Criterion.rs output: its `time: [low est high]` report, bencher lines, or cargo-criterion JSON messages',
  detect: (text) =>
    text.split(/\r?\n/).some((l) => JSON_MESSAGE.test(l)) ||
    /^.*\btime:\s+\[\S+ \S+ \S+ \S+ \S+ \S+\]/m.test(text) ||
    (hasBencherLine(text) && CRITERION_MARKS.test(text)),
  parse: (file, text, options) => {
    const messages = readJsonMessages(file, text);
    const estimates = new Readings(file, (unit) => directionFor(unit, 'smaller'));
    readEstimates(file, text, estimates);
    // `--output-format bencher` alone is the output github-action-benchmark reads as `cargo`, and
    // an imported history names its cases so: read as cargo, the series go on.
    if (estimates.size === 0 && messages.length === 0 && hasBencherLine(text)) return cargo.parse(file, text, options);
    const readings = new Readings(file, (unit) => directionFor(unit, 'smaller'));
    readBencherLines(file, text, readings);
    readEstimates(file, text, readings);
    const metrics = [...readings.metrics(), ...messages];
    return [makeRecord({ file, format: 'criterion', shape: shapeOf(options, 'criterion'), metrics, expected: EXPECTED })];
  },
};
