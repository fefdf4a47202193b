/**
 * qwen-code's benchmark snapshots (`daemon-startup-benchmark.json`, `daemon-vs-cli-benchmark.json`):
 * `{version, capturedAt, gitCommit, platform, config, runs[], <block>...}`.
 *   - `runs[]` with `measured: true` are the runs; their clocks (`*Ms`) are cases in ms, named
 *     without the suffix (`processToListenMs` is `processToListen`). Warm-ups (`measured: false`)
 *     are left out and counted. qwen-code writes -1 for a clock the daemon did not report: absent.
 *   - A percentile block `{count, p50, p90, p99, mean, min, max}` is a summary point: value p50,
 *     bar min to max, p90/p99/mean in the extra. A block that summarises a run clock is the same
 *     data: the runs are kept and the block's p50 only checked against their median.
 *   - Any other field named with a unit (`peakRssMB`, `moduleLoadMs`) is a one-value case, its
 *     name the path to it (`memoryBaseline.daemon5Sessions.totalRss`). Memory stays in MB as written.
 * Nulls are not measured: absent, never zero, and listed in a note.
 */
import { InputError, type Metric } from '../core/model.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectObject, isFiniteNumber, isNonFinite, isObject, notFormat, type JsonObject } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { describeValue } from '../core/schema-error.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = 'a qwen-code benchmark snapshot: an object with "version", "capturedAt", and "runs" or percentile blocks';
const META = new Set(['version', 'capturedAt', 'gitCommit', 'platform', 'cliBin', 'config', 'notes', 'runs']);
const PERCENTILE_KEYS = new Set(['count', 'p50', 'p75', 'p90', 'p95', 'p99', 'mean', 'min', 'max']);
const SUFFIXES: readonly (readonly [string, string])[] = [
  ['Ms', 'ms'],
  ['MB', 'MB'],
  ['GB', 'GB'],
  ['KB', 'kB'],
  ['Bytes', 'B'],
  ['Seconds', 's'],
];

/** `processToListenMs` → [`processToListen`, `ms`]; undefined for a field that names no unit. */
function unitField(key: string): readonly [string, string] | undefined {
  for (const [suffix, unit] of SUFFIXES) {
    if (key.length > suffix.length && key.endsWith(suffix)) return [key.slice(0, -suffix.length), unit];
  }
  return undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * A NaN or Infinity where a measurement stands is refused, naming the field: skipped like a
 * field that is no measurement, the case would vanish from the trend without a word (issue #15).
 */
function refuseNonFinite(file: string, path: string, v: unknown): void {
  if (isNonFinite(v)) throw new InputError(`${file}: ${path} must be a finite number or null, got ${describeValue(v)}`);
}

/** A run's clock: a number, null, or -1 for one the daemon did not report; anything else would vanish unsaid. */
function refuseBadClock(file: string, path: string, v: unknown): void {
  refuseNonFinite(file, path, v);
  if (v !== null && v !== undefined && !isFiniteNumber(v)) throw new InputError(`${file}: ${path} must be a finite number or null, got ${describeValue(v)}`);
  if (isFiniteNumber(v) && v < 0 && v !== -1) throw new InputError(`${file}: ${path} is ${v}, but a clock cannot be negative (qwen-code writes -1 for one the daemon did not report)`);
}

export const qwenCode: Format = {
  name: 'qwen-code',
  description: 'qwen-code benchmark snapshots: measured runs become runs (warm-ups counted), percentile blocks summary points, memory in MB',
  detect: (text) => {
    const v = peekJson(text);
    return isObject(v) && 'version' in v && 'capturedAt' in v && (Array.isArray(v['runs']) || Object.values(v).some((x) => isObject(x)));
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!isObject(data) || !('capturedAt' in data)) throw notFormat(file, 'qwen-code snapshot', EXPECTED, data);
    const notes: string[] = [];
    const metrics: Metric[] = [];
    const claimed: Record<string, number> = {};

    const rawRuns = data['runs'] === undefined ? [] : expectArray(file, data['runs'], 'runs', 'an array of runs');
    const runs = rawRuns.map((r, i) => expectObject(file, r, child('runs', i), 'a run object'));
    const measured = runs.filter((r) => r['measured'] !== false);
    const warmups = runs.length - measured.length;
    if (warmups > 0) notes.push(`${warmups} warm-up run${warmups === 1 ? '' : 's'} (measured: false) left out`);
    // Clock name → the field that holds it and its unit, in first-seen order.
    const clockFields = new Map<string, readonly [string, string]>();
    for (const [i, r] of runs.entries()) {
      if (r['measured'] === false) continue;
      for (const [key, v] of Object.entries(r)) {
        const u = unitField(key);
        if (u) refuseBadClock(file, child(child('runs', i), key), v);
        if (u && (isFiniteNumber(v) || v === null) && !clockFields.has(u[0])) clockFields.set(u[0], [key, u[1]]);
      }
    }
    const clocks = [...clockFields.keys()];
    let sentinels = 0;
    for (const [name, [key, unit]] of clockFields) {
      const values = measured.map((r) => {
        const v = r[key];
        if (!isFiniteNumber(v)) return null;
        if (v < 0) {
          sentinels++;
          return null;
        }
        return v;
      });
      metrics.push(sampledMetric({ name, unit, direction: 'smaller' }, values));
    }
    if (sentinels > 0) notes.push(`${sentinels} run clock${sentinels === 1 ? '' : 's'} read -1 (not reported by the daemon): absent`);

    const nulls: string[] = [];
    const visit = (obj: JsonObject, path: string): void => {
      for (const [key, value] of Object.entries(obj)) {
        if (path === '' && META.has(key)) continue;
        const u = unitField(key);
        const name = join(path, u ? u[0] : key);
        if (value === null) {
          nulls.push(join(path, key));
          continue;
        }
        if (u || PERCENTILE_KEYS.has(key)) refuseNonFinite(file, join(path, key), value);
        if (isObject(value)) {
          if (value['skipped'] === true) {
            notes.push(`${join(path, key)} was skipped${typeof value['skipReason'] === 'string' ? `: ${value['skipReason']}` : ''}`);
            continue;
          }
          if (isFiniteNumber(value['p50'])) {
            const p50 = value['p50'];
            if (clocks.includes(name)) claimed[name] = p50;
            else {
              const lo = value['min'];
              const hi = value['max'];
              const count = value['count'];
              const extra = ['p90', 'p99', 'mean']
                .filter((k) => isFiniteNumber(value[k]))
                .map((k) => `${k}=${String(value[k])}`)
                .join(' ');
              metrics.push(
                summaryMetric(
                  { name, unit: u ? u[1] : 'ms', direction: 'smaller', ...(extra ? { extra } : {}) },
                  {
                    value: p50,
                    ...(isFiniteNumber(lo) && isFiniteNumber(hi) ? { lo, hi } : {}),
                    ...(isFiniteNumber(count) ? { samples: count } : {}),
                  },
                ),
              );
            }
            visit(Object.fromEntries(Object.entries(value).filter(([k]) => !PERCENTILE_KEYS.has(k))), name);
            continue;
          }
          visit(value, name);
          continue;
        }
        if (u && isFiniteNumber(value) && !clocks.includes(name)) {
          metrics.push(summaryMetric({ name, unit: u[1], direction: 'smaller' }, { value }));
        }
      }
    };
    visit(data, '');
    if (nulls.length > 0) notes.push(`not measured (null): ${nulls.join(', ')}`);
    return [
      makeRecord({
        file,
        format: 'qwen-code',
        shape: shapeOf(options, 'qwen-code'),
        metrics,
        runs: measured.length,
        notes,
        claimedMedians: claimed,
        expected: EXPECTED,
      }),
    ];
  },
};
