/**
 * Google Benchmark's `--benchmark_format=json`. Each iteration entry is one run of its benchmark:
 * with `--benchmark_repetitions=N` the N entries of a `run_name` are N runs. Aggregate entries
 * (mean, median, stddev, cv) summarise those same runs and are not counted again; they are used
 * only when the file holds no repetition (`--benchmark_report_aggregates_only`). Kept in
 * `<time_unit>/iter` of `real_time`, as github-action-benchmark charts it. The counters whose
 * meaning Google Benchmark fixes, which github-action-benchmark dropped, are cases of their own
 * beside it (`<name> - <counter>`), so the time's series goes on unchanged; a user's own are not
 * read (COUNTER_UNITS says why).
 */
import { directionFor } from '../core/direction.js';
import { describeValue } from '../core/schema-error.js';
import type { Metric } from '../core/model.js';
import { inOneUnit } from '../core/units.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString, isNonFinite, isObject, notFormat, type JsonObject } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = 'an object with "context" and a "benchmarks" array (Google Benchmark --benchmark_format=json)';

interface Entry {
  readonly b: JsonObject;
  readonly path: string;
}

/** The fields Google Benchmark's JSON reporter writes for every entry (`src/json_reporter.cc`); the rest are user counters. */
const REPORTER_FIELDS = new Set([
  'name', 'family_index', 'per_family_instance_index', 'run_name', 'run_type', 'repetitions', 'repetition_index', 'threads',
  'aggregate_name', 'aggregate_unit', 'error_occurred', 'error_message', 'skipped', 'skip_message', 'iterations', 'real_time',
  'cpu_time', 'time_unit', 'cpu_coefficient', 'real_coefficient', 'big_o', 'rms', 'label',
]);

/**
 * Units of the counters whose meaning Google Benchmark fixes: `SetBytesProcessed` and
 * `SetItemsProcessed` (per second of CPU time), the memory manager's figures. A user's own
 * counter is written as a bare number, its kind (`kIsRate`, `kAvgIterations`) not said, so
 * which way is better cannot be told: judged as a time, a rate's speed-up would be raised as a
 * regression. Those are not read, as github-action-benchmark did not read them.
 */
const COUNTER_UNITS: Readonly<Record<string, string>> = {
  bytes_per_second: 'B/s',
  items_per_second: 'items/s',
  allocs_per_iter: 'allocs/iter',
  max_bytes_used: 'B',
  total_allocated_bytes: 'B',
  net_heap_growth: 'B',
};

/** The counters of an entry whose meaning is known, in the order the reporter wrote them. */
function countersOf(e: Entry): string[] {
  return Object.keys(e.b).filter((k) => !REPORTER_FIELDS.has(k) && Object.hasOwn(COUNTER_UNITS, k) && (typeof e.b[k] === 'number' || isNonFinite(e.b[k])));
}

/**
 * A counter's value, or null where Google Benchmark wrote it as NaN or Infinity (a rate over a
 * zero time): that point is left out and said, and the times, read before, are kept.
 */
function counterValue(e: Entry, counter: string, notes: string[], lost = 'that point of the counter'): number | null {
  const v = e.b[counter];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'number' || isNonFinite(v)) notes.push(`${child(e.path, counter)} is ${describeValue(v)}, not a number; ${lost} is left out`);
  return null;
}

export const googlecpp: Format = {
  name: 'googlecpp',
  description: 'Google Benchmark JSON (--benchmark_format=json); repetitions become runs, aggregates are not counted twice',
  detect: (text) => {
    const v = peekJson(text);
    if (!isObject(v) || !Array.isArray(v['benchmarks'])) return false;
    const first = (v['benchmarks'] as unknown[])[0];
    return isObject(v['context']) && isObject(first) && ('real_time' in first || 'run_type' in first);
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!isObject(data) || !Array.isArray(data['benchmarks'])) throw notFormat(file, 'Google Benchmark', EXPECTED, data);
    const runsOf = new Map<string, Entry[]>();
    const aggregatesOf = new Map<string, Map<string, Entry>>();
    expectArray(file, data['benchmarks'], 'benchmarks').forEach((raw, i) => {
      const path = child('benchmarks', i);
      const b = expectObject(file, raw, path);
      const name = expectString(file, b['name'], child(path, 'name'), 'the benchmark name');
      const key = typeof b['run_name'] === 'string' && b['run_name'] !== '' ? (b['run_name'] as string) : name;
      if (b['run_type'] === 'aggregate') {
        const aggs = aggregatesOf.get(key) ?? new Map<string, Entry>();
        aggs.set(String(b['aggregate_name'] ?? ''), { b, path });
        aggregatesOf.set(key, aggs);
        return;
      }
      const list = runsOf.get(key) ?? [];
      list.push({ b, path });
      runsOf.set(key, list);
    });
    const unitOf = (e: Entry): string => `${expectString(file, e.b['time_unit'], child(e.path, 'time_unit'), 'a time unit')}/iter`;
    const extraOf = (e: Entry): string =>
      `iterations: ${String(e.b['iterations'])}\ncpu: ${String(e.b['cpu_time'])} ${String(e.b['time_unit'])}\nthreads: ${String(e.b['threads'])}`;
    const failedOf = (e: Entry): boolean => e.b['error_occurred'] === true;
    // `state.SkipWithMessage` (1.8 and later): the benchmark chose not to run here (a CPU feature
    // missing, a fixture absent). Nothing failed, and nothing was timed: left out, said as a skip.
    const skippedOf = (e: Entry): boolean => !failedOf(e) && e.b['skipped'] !== undefined && e.b['skipped'] !== false && e.b['skipped'] !== 0;
    const notes: string[] = [];
    const metrics: Metric[] = [];
    const names = [...new Set([...runsOf.keys(), ...aggregatesOf.keys()])];
    for (const name of names) {
      const runs = runsOf.get(name);
      if (runs && runs.length > 0) {
        const skipped = runs.filter(skippedOf);
        if (skipped.length > 0) {
          const said = skipped.length === runs.length ? 'skipped; no point' : `skipped in ${skipped.length} of ${runs.length} runs; those are left out`;
          notes.push(`${name}: ${said} (${String(skipped[0]?.b['skip_message'] ?? 'no message')})`);
          if (skipped.length === runs.length) continue;
        }
        const first = runs.find((e) => !skippedOf(e)) as Entry;
        const unit = unitOf(first);
        const failed = runs.filter(failedOf);
        if (failed.length > 0) {
          // Once per benchmark, not once per repetition: `--benchmark_repetitions=10` of a benchmark
          // that always errors is one fault.
          const messages = [...new Set(failed.map((e) => String(e.b['error_message'] ?? 'no message')))].join('; ');
          notes.push(`${name}: ${failed.length === 1 && runs.length === 1 ? 'a run' : `${failed.length} of ${runs.length} runs`} failed (${messages}); left out`);
        }
        const ok = runs.filter((e) => !failedOf(e) && !skippedOf(e));
        const values = inOneUnit(
          ok.map((e) => ({ value: expectNumber(file, e.b['real_time'], child(e.path, 'real_time')), unit: unitOf(e), where: `${file}: ${e.path}` })),
          unit,
        );
        let k = 0;
        const samples = runs.map((e) => (failedOf(e) || skippedOf(e) ? null : (values[k++] as number)));
        metrics.push(sampledMetric({ name, unit, direction: directionFor(unit, 'smaller'), extra: extraOf(first), failed: failed.length }, samples));
        const timed = runs.filter((e) => !failedOf(e) && !skippedOf(e));
        for (const counter of [...new Set(timed.flatMap(countersOf))]) {
          const cu = COUNTER_UNITS[counter] ?? '';
          const values = runs.map((e) => (failedOf(e) || skippedOf(e) ? null : counterValue(e, counter, notes)));
          if (values.every((v) => v === null)) continue;
          metrics.push(sampledMetric({ name: `${name} - ${counter}`, unit: cu, direction: directionFor(cu, 'smaller'), failed: failed.length }, values));
        }
        continue;
      }
      const aggs = aggregatesOf.get(name) as Map<string, Entry>;
      const centre = aggs.get('median') ?? aggs.get('mean');
      if (!centre) {
        // `->Complexity()`: the fitted coefficient (`BigO`) and its error (`RMS`) of a family whose
        // instances are cases of their own; neither is a time per iteration.
        const fits = [...aggs.keys()].filter((k) => k === 'BigO' || k === 'RMS');
        if (fits.length > 0) notes.push(`${name}: the complexity fit (${fits.join(', ')}) is not a time per iteration; not read, its instances are`);
        continue;
      }
      const unit = unitOf(centre);
      const sd = aggs.get('stddev');
      const stdev = sd ? inOneUnit([{ value: expectNumber(file, sd.b['real_time'], child(sd.path, 'real_time')), unit: unitOf(sd) }], unit)[0] : undefined;
      const reps = centre.b['repetitions'];
      metrics.push(
        summaryMetric(
          { name, unit, direction: directionFor(unit, 'smaller'), extra: extraOf(centre) },
          {
            value: expectNumber(file, centre.b['real_time'], child(centre.path, 'real_time')),
            ...(stdev !== undefined ? { stdev } : {}),
            ...(typeof reps === 'number' && reps > 0 ? { samples: reps } : {}),
          },
        ),
      );
      for (const counter of countersOf(centre)) {
        const cu = COUNTER_UNITS[counter] ?? '';
        const value = counterValue(centre, counter, notes);
        if (value === null) continue;
        const spread = sd ? counterValue(sd, counter, notes, "the counter's spread") : null;
        metrics.push(
          summaryMetric(
            { name: `${name} - ${counter}`, unit: cu, direction: directionFor(cu, 'smaller') },
            { value, ...(spread !== null ? { stdev: spread } : {}), ...(typeof reps === 'number' && reps > 0 ? { samples: reps } : {}) },
          ),
        );
      }
    }
    return [makeRecord({ file, format: 'googlecpp', shape: shapeOf(options, 'googlecpp'), metrics, notes, expected: EXPECTED })];
  },
};
