/**
 * JMH's `-rf json`: an array of benchmark results. The measurement iterations in
 * `primaryMetric.rawData` (one list per fork) are the runs, or `-bm sample`'s per-iteration
 * histograms in `rawDataHistogram`, each iteration's mean a run; without them the score with its
 * confidence interval is a summary. Direction is per metric: throughput modes (`thrpt`) are
 * better bigger, time modes (`avgt`, `sample`, `ss`) smaller; github-action-benchmark fixed it
 * per tool, so JMH throughput alerted the wrong way. Secondary metrics (`-prof gc`) are their own
 * cases, `<benchmark>:<metric>` as JMH prints them; allocation and GC figures are better smaller.
 */
import { directionOfUnit } from '../core/direction.js';
import { InputError, type Direction, type Metric } from '../core/model.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString, isFiniteNumber, isObject, notFormat, type JsonObject } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = 'a JSON array of JMH results with "benchmark", "mode" and "primaryMetric" (-rf json output)';

function modeDirection(mode: unknown): Direction | undefined {
  if (mode === 'thrpt') return 'bigger';
  if (mode === 'avgt' || mode === 'sample' || mode === 'ss') return 'smaller';
  return undefined;
}

/**
 * `-bm sample` writes each iteration's samples as a histogram, `[value, count]` pairs per
 * iteration per fork, instead of `rawData`. JMH scores such an iteration by the mean of its
 * samples, so that mean is the iteration's run, as `rawData` would have held it.
 */
function histogramIterations(file: string, forks: readonly unknown[], path: string): number[] {
  return forks.flatMap((fork, f) =>
    expectArray(file, fork, child(path, f), 'a list of iterations (one histogram each)').map((iteration, i) => {
      const ip = child(child(path, f), i);
      let count = 0;
      let sum = 0;
      expectArray(file, iteration, ip, 'a histogram: a list of [value, count] pairs').forEach((pair, k) => {
        const pp = child(ip, k);
        const items = expectArray(file, pair, pp, 'a [value, count] pair');
        if (items.length !== 2) throw new InputError(`${file}: ${pp} must be a [value, count] pair, got ${items.length} items`);
        const v = expectNumber(file, items[0], child(pp, 0), 'a sampled score');
        const c = expectNumber(file, items[1], child(pp, 1), 'a count of samples');
        if (c < 0 || !Number.isInteger(c)) throw new InputError(`${file}: ${child(pp, 1)} must be a count of samples (a whole number, 0 or more), got ${c}`);
        count += c;
        sum += v * c;
      });
      if (count === 0) throw new InputError(`${file}: ${ip} holds no sample: an iteration JMH measured has at least one`);
      return sum / count;
    }),
  );
}

function metricOf(file: string, m: JsonObject, path: string, name: string, direction: Direction, extra: string): Metric {
  const unit = expectString(file, m['scoreUnit'], child(path, 'scoreUnit'), 'the score unit');
  const spec = { name, unit, direction, extra };
  const raw = m['rawData'];
  if (Array.isArray(raw) && raw.length > 0) {
    const values = raw.flatMap((fork, f) =>
      expectArray(file, fork, child(child(path, 'rawData'), f), 'a list of iteration scores').map((v, i) =>
        expectNumber(file, v, child(child(child(path, 'rawData'), f), i)),
      ),
    );
    if (values.length > 0) return sampledMetric(spec, values);
  }
  const histogram = m['rawDataHistogram'];
  if (Array.isArray(histogram) && histogram.length > 0) {
    const values = histogramIterations(file, histogram, child(path, 'rawDataHistogram'));
    if (values.length > 0) return sampledMetric(spec, values);
  }
  const score = expectNumber(file, m['score'], child(path, 'score'));
  const ci = m['scoreConfidence'];
  const error = m['scoreError'];
  return summaryMetric(spec, {
    value: score,
    ...(Array.isArray(ci) && isFiniteNumber(ci[0]) && isFiniteNumber(ci[1]) ? { lo: ci[0], hi: ci[1] } : {}),
    ...(isFiniteNumber(error) ? { range: `± ${error}` } : {}),
  });
}

export const jmh: Format = {
  name: 'jmh',
  description: 'JMH -rf json results; iterations become runs, throughput modes are better bigger, -prof gc metrics are their own cases',
  detect: (text) => {
    const v = peekJson(text);
    return Array.isArray(v) && v.length > 0 && isObject(v[0]) && ('jmhVersion' in v[0] || ('benchmark' in v[0] && 'primaryMetric' in v[0]));
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!Array.isArray(data)) throw notFormat(file, 'JMH', EXPECTED, data);
    const entries = expectArray(file, data, '').map((raw, i) => {
      const path = child('', i);
      const b = expectObject(file, raw, path);
      const params = b['params'];
      const base = expectString(file, b['benchmark'], child(path, 'benchmark'), 'the benchmark name');
      return { b, path, name: base + (isObject(params) ? ` ( ${JSON.stringify(params)} )` : '') };
    });
    // `-bm thrpt,avgt` writes the same benchmark once per mode; the mode then tells them apart.
    const modesOf = new Map<string, Set<unknown>>();
    for (const e of entries) modesOf.set(e.name, (modesOf.get(e.name) ?? new Set()).add(e.b['mode']));
    const metrics: Metric[] = [];
    for (const { b, path, name: plain } of entries) {
      const name = (modesOf.get(plain)?.size ?? 0) > 1 ? `${plain} [${String(b['mode'])}]` : plain;
      const extra = `iterations: ${String(b['measurementIterations'])}\nforks: ${String(b['forks'])}\nthreads: ${String(b['threads'])}`;
      const primary = expectObject(file, b['primaryMetric'], child(path, 'primaryMetric'));
      const unit = String(primary['scoreUnit']);
      metrics.push(metricOf(file, primary, child(path, 'primaryMetric'), name, modeDirection(b['mode']) ?? directionOfUnit(unit) ?? 'smaller', extra));
      const secondary = b['secondaryMetrics'];
      if (!isObject(secondary)) continue;
      for (const [key, value] of Object.entries(secondary)) {
        const sp = child(child(path, 'secondaryMetrics'), key);
        const m = expectObject(file, value, sp);
        const costly = /gc|alloc|churn/i.test(key);
        const direction: Direction = costly ? 'smaller' : (directionOfUnit(String(m['scoreUnit'])) ?? modeDirection(b['mode']) ?? 'smaller');
        metrics.push(metricOf(file, m, sp, `${name}:${key}`, direction, extra));
      }
    }
    return [makeRecord({ file, format: 'jmh', shape: shapeOf(options, 'jmh'), metrics, expected: EXPECTED })];
  },
};
