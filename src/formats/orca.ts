/**
 * Orca's startup benchmarks (stablyai/orca `tools/benchmarks/`), phases in ms:
 *   - `startup-time-bench`: `{iterations: [{outcome, phases}], summaryMedianMs}`. Iterations whose
 *     outcome is `ok` are the runs; the others (timeout, early-exit, spawn-error) are counted as
 *     failed and left out. With no iterations, `summaryMedianMs` gives one-value summaries.
 *   - `startup-ab-bench` (interleaved ABBA): `{runs: [{baseline, candidate}], controlPhases}`.
 *     Two records of the same shape, `arm: 'baseline'` and `arm: 'candidate'`; run i of each is
 *     round i, so compare can pair them. `controlPhases` are the record's controls.
 * A phase the probe did not observe is null: absent, never zero.
 */
import { InputError, type BenchRecord, type Metric } from '../core/model.js';
import { describeValue } from '../core/schema-error.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectObject, expectString, isFiniteNumber, isObject, notFormat, type JsonObject } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED =
  'an Orca startup result: {"iterations": [{"outcome", "phases"}]} or {"summaryMedianMs"}, or the A/B {"runs": [{"baseline", "candidate"}]}';

interface Launch {
  readonly ok: boolean;
  readonly outcome: string;
  readonly phases: JsonObject;
  readonly path: string;
}

function launchOf(file: string, raw: unknown, path: string): Launch {
  const o = expectObject(file, raw, path, 'a launch with "outcome" and "phases"');
  const outcome = expectString(file, o['outcome'], child(path, 'outcome'), 'the launch outcome');
  const phases = o['phases'] === null || o['phases'] === undefined ? {} : expectObject(file, o['phases'], child(path, 'phases'), 'the phases in ms');
  for (const [k, v] of Object.entries(phases)) {
    if (v !== null && !isFiniteNumber(v)) throw new InputError(`${file}: ${child(child(path, 'phases'), k)} must be a number of ms or null, got ${describeValue(v)}`);
  }
  return { ok: outcome === 'ok', outcome, phases, path };
}

/** The record of one arm: ok launches are its runs, the others counted as failed. */
function armRecord(
  file: string,
  shape: string,
  launches: readonly Launch[],
  extra: { arm?: 'baseline' | 'candidate'; controls?: readonly string[]; claimed?: Record<string, number> },
): BenchRecord {
  const names: string[] = [];
  for (const l of launches) for (const k of Object.keys(l.phases)) if (!names.includes(k)) names.push(k);
  const failed = launches.filter((l) => !l.ok);
  const notes: string[] = [];
  if (failed.length > 0) {
    const byOutcome = new Map<string, number>();
    for (const l of failed) byOutcome.set(l.outcome, (byOutcome.get(l.outcome) ?? 0) + 1);
    const how = [...byOutcome].map(([o, n]) => `${o} ×${n}`).join(', ');
    notes.push(`${extra.arm ? `${extra.arm}: ` : ''}${failed.length} of ${launches.length} launches did not finish ok (${how}); their phases are left out`);
  }
  const metrics: Metric[] = names.map((name) =>
    sampledMetric(
      { name, unit: 'ms', direction: 'smaller', failed: failed.length },
      launches.map((l) => {
        const v = l.phases[name];
        return l.ok && isFiniteNumber(v) ? v : null;
      }),
    ),
  );
  return makeRecord({
    file,
    format: 'orca',
    shape,
    metrics,
    runs: launches.length,
    notes,
    expected: EXPECTED,
    ...(extra.claimed ? { claimedMedians: extra.claimed } : {}),
    ...(extra.arm ? { arm: extra.arm } : {}),
    ...(extra.controls ? { controls: extra.controls } : {}),
  });
}

function isAbFile(v: JsonObject): boolean {
  const runs = v['runs'];
  return Array.isArray(runs) && runs.length > 0 && runs.every((r) => isObject(r) && ('baseline' in r || 'candidate' in r));
}

export const orca: Format = {
  name: 'orca',
  description: 'Orca startup benchmark results (phases in ms): ok iterations become runs; the A/B file becomes a baseline and a candidate record',
  detect: (text) => {
    const v = peekJson(text);
    if (!isObject(v)) return false;
    const its = v['iterations'];
    return (Array.isArray(its) && its.some((i) => isObject(i) && 'phases' in i)) || isObject(v['summaryMedianMs']) || isAbFile(v);
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!isObject(data)) throw notFormat(file, 'Orca startup benchmark', EXPECTED, data);
    const shape = shapeOf(options, 'orca');
    if (isAbFile(data)) {
      const rounds = expectArray(file, data['runs'], 'runs').map((r, i) => expectObject(file, r, child('runs', i), 'a round with "baseline" and "candidate"'));
      const controlsRaw = data['controlPhases'];
      const controls = Array.isArray(controlsRaw) ? controlsRaw.filter((c): c is string => typeof c === 'string') : undefined;
      // A round that lost an arm's launch still holds the other's: the missing launch counts as failed.
      const armOf = (arm: 'baseline' | 'candidate'): Launch[] =>
        rounds.map((r, i) =>
          r[arm] === undefined || r[arm] === null
            ? { ok: false, outcome: 'missing', phases: {}, path: child(child('runs', i), arm) }
            : launchOf(file, r[arm], child(child('runs', i), arm)),
        );
      const records = (['baseline', 'candidate'] as const).map((arm) => armRecord(file, shape, armOf(arm), { arm, ...(controls ? { controls } : {}) }));
      if (data['driftDetected'] === true) {
        const first = records[0] as BenchRecord;
        records[0] = { ...first, notes: [...(first.notes ?? []), 'the bench itself reported drift in its control phases'] };
      }
      return records;
    }
    const summary = data['summaryMedianMs'];
    const its = data['iterations'];
    if (Array.isArray(its) && its.length > 0) {
      const launches = its.map((l, i) => launchOf(file, l, child('iterations', i)));
      const claimed: Record<string, number> = {};
      if (isObject(summary)) for (const [k, v] of Object.entries(summary)) if (isFiniteNumber(v)) claimed[k] = v;
      return [armRecord(file, shape, launches, { claimed })];
    }
    if (isObject(summary)) {
      const metrics = Object.entries(summary)
        .filter((e): e is [string, number] => isFiniteNumber(e[1]))
        .map(([name, value]) => summaryMetric({ name, unit: 'ms', direction: 'smaller', extra: 'median of the bench' }, { value }));
      return [makeRecord({ file, format: 'orca', shape, metrics, runs: 0, expected: EXPECTED })];
    }
    throw notFormat(file, 'Orca startup benchmark', EXPECTED, data);
  },
};
