/**
 * pytest-benchmark's `--benchmark-json`. Kept in iter/sec, bigger is better, as
 * github-action-benchmark charts it, so imported series continue. Where `stats.data` holds every
 * round's time, and no more than MAX_SAMPLES of them, the rounds are the runs (each 1/t);
 * otherwise the point is the tool's own statistics over every round: 1/median with the bar 1/q3
 * to 1/q1. Both are median-based, so a series does not
 * step between them; github-action-benchmark's value was 1/mean (`stats.ops`).
 */
import { InputError, type Metric } from '../core/model.js';
import { clean } from '../core/stats.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString, isFiniteNumber, isObject, notFormat } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, MAX_SAMPLES, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = 'an object with a "benchmarks" array (pytest --benchmark-json output)';
const UNIT = 'iter/sec';

/** github-action-benchmark's spelling of the mean, kept verbatim in the point's extra. */
function humanSeconds(seconds: number): string {
  if (seconds < 1.0e-6) return `${seconds * 1e9} nsec`;
  if (seconds < 1.0e-3) return `${seconds * 1e6} usec`;
  if (seconds < 1.0) return `${seconds * 1e3} msec`;
  return `${seconds} sec`;
}

export const pytest: Format = {
  name: 'pytest',
  description: 'pytest-benchmark --benchmark-json output, in iter/sec; stats.data rounds become runs',
  detect: (text) => {
    const v = peekJson(text);
    if (!isObject(v) || !Array.isArray(v['benchmarks'])) return false;
    const first = (v['benchmarks'] as unknown[])[0];
    return isObject(first) && isObject(first['stats']) && ('fullname' in first || 'machine_info' in v);
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!isObject(data) || !Array.isArray(data['benchmarks'])) throw notFormat(file, 'pytest-benchmark', EXPECTED, data);
    const notes: string[] = [];
    const metrics: Metric[] = expectArray(file, data['benchmarks'], 'benchmarks').map((raw, i) => {
      const path = child('benchmarks', i);
      const b = expectObject(file, raw, path);
      const name = expectString(file, b['fullname'] ?? b['name'], child(path, 'fullname'), 'the benchmark name');
      const sp = child(path, 'stats');
      const stats = expectObject(file, b['stats'], sp, 'the benchmark statistics');
      const num = (key: string): number => expectNumber(file, stats[key], child(sp, key), 'a number of seconds');
      const rounds = expectNumber(file, stats['rounds'], child(sp, 'rounds'), 'the number of rounds');
      const spec = { name, unit: UNIT, direction: 'bigger' as const, extra: `mean: ${humanSeconds(num('mean'))}\nrounds: ${rounds}` };
      const rawData = stats['data'];
      const complete = Array.isArray(rawData) && rawData.length === rounds && rawData.every((t) => isFiniteNumber(t) && t > 0);
      if (Array.isArray(rawData)) {
        // Above the sample limit the point would be the rounds' exact median and quartiles; pytest
        // already computed those over every round, and the no-data path uses them too.
        if (complete && rounds <= MAX_SAMPLES) return sampledMetric(spec, (rawData as number[]).map((t) => clean(1 / t)));
        if (!complete) notes.push(`${name}: stats.data holds ${rawData.filter(isFiniteNumber).length} of ${rounds} round times; using the tool's statistics`);
      }
      const [median, q1, q3] = [num('median'), num('q1'), num('q3')];
      for (const [key, t] of [['median', median], ['q1', q1], ['q3', q3]] as const) {
        if (t <= 0) throw new InputError(`${file}: ${child(sp, key)} must be a positive number of seconds, got ${t}`);
      }
      const summary = summaryMetric(spec, {
        value: clean(1 / median),
        lo: clean(1 / q3),
        hi: clean(1 / q1),
        range: `stddev: ${num('stddev')}`,
        samples: rounds,
      });
      return complete ? { ...summary, allSamples: (rawData as number[]).map((t) => clean(1 / t)) } : summary;
    });
    return [makeRecord({ file, format: 'pytest', shape: shapeOf(options, 'pytest'), metrics, notes, expected: EXPECTED })];
  },
};
