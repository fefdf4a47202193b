import { InputError, type BenchRecord, type FlatCase, type Metric, type Point } from './model.js';
import { shortNumber } from './format-number.js';
import { clean, median, spread } from './stats.js';
import { nameProblem, normaliseText, visible } from './text.js';
import { parseUnit } from './units.js';

/** The case name rule: every later stage keys on it. */
export function caseName(shape: string, metric: string): string {
  return `${shape} / ${metric}`;
}

/** Two records of one shape would put two points on one case at one commit. */
export function refuseDuplicateShapes(records: readonly BenchRecord[]): void {
  const seen = new Map<string, string>();
  for (const r of records) {
    const first = seen.get(r.shape);
    if (first !== undefined) {
      throw new InputError(`${r.file}: shape "${r.shape}" was already benched by ${first}; two records of one shape are refused`);
    }
    seen.set(r.shape, r.file);
  }
}

function reported(m: Metric): number[] {
  return m.samples.filter((v): v is number => v !== null);
}

/**
 * A claimed median agrees when it matches the recomputed one to the precision it was written with
 * (benches round to 2–3 decimals), with a relative allowance for values written in full.
 */
function agrees(claimed: number, computed: number): boolean {
  const diff = Math.abs(claimed - computed);
  return diff <= 0.0051 || diff <= 1e-6 * Math.max(Math.abs(claimed), Math.abs(computed));
}

export interface BuiltPoints {
  readonly points: Point[];
  /** Things worth a warning line: the record's own median disagreeing, notes from the parse. */
  readonly warnings: string[];
}

/**
 * One point per metric per record: the median of the runs that reported it, recomputed from the
 * runs. A metric no run reported yields no point: absent, never zero.
 */
export function buildPoints(records: readonly BenchRecord[]): BuiltPoints {
  const points: Point[] = [];
  const warnings: string[] = [];
  for (const record of records) {
    for (const note of record.notes ?? []) warnings.push(`${record.file}: ${note}`);
    refuseBadName(record.file, 'shape', record.shape);
    for (const metric of record.metrics) {
      refuseBadName(record.file, 'benchmark name', metric.name);
      // A unit is stored with its case for good: `ms\n` would be a unit of its own beside `ms`.
      const unitProblem = nameProblem(metric.unit);
      if (unitProblem) throw new InputError(`${record.file}: the unit ${visible(metric.unit)} of ${visible(metric.name)} ${unitProblem}; fix the unit in the bench`);
    }
    const walls = (record.wall ?? []).filter((v): v is number => v !== null);
    const wall = walls.length ? clean(median(walls)) : undefined;
    for (const metric of record.metrics) {
      const point = pointOf(record, metric, wall);
      if (!point) {
        // Every run of it was left out: a failing run's note says so already; otherwise this does.
        if (!metric.failed) warnings.push(`${record.file}: case ${visible(caseName(record.shape, metric.name))} has no run to take a point from; it gets no point at this commit`);
        continue;
      }
      const problem = pointProblem(point) ?? keptRunsProblem(metric);
      if (problem) throw new InputError(`${record.file}: case ${visible(point.case)}: ${problem}; refused, nothing is published`);
      const claimed = record.claimedMedians?.[metric.name];
      if (claimed !== undefined && !point.summaryOnly && !agrees(claimed, point.value)) {
        warnings.push(
          `${record.file}: the record's own median of ${metric.name} is ${claimed} but its runs give ${point.value}; using ${point.value}`,
        );
      }
      points.push(point);
    }
  }
  return { points, warnings };
}

function pointOf(record: BenchRecord, metric: Metric, wall: number | undefined): Point | undefined {
  const base = {
    case: caseName(record.shape, metric.name),
    shape: record.shape,
    metric: metric.name,
    unit: metric.unit,
    direction: metric.direction,
    n: record.runs,
    ...(metric.name === 'total' && wall !== undefined ? { wall } : {}),
    ...(metric.extra !== undefined ? { extra: normaliseText(metric.extra) } : {}),
    ...(metric.failed ? { failed: metric.failed } : {}),
  };
  const values = reported(metric);
  if (values.length > 0) {
    const s = spread(values);
    return {
      ...base,
      value: clean(s.median),
      q1: clean(s.q1),
      q3: clean(s.q3),
      min: clean(s.min),
      max: clean(s.max),
      stdev: s.stdev === null ? null : clean(s.stdev),
      runs: values.length,
      samples: values,
    };
  }
  const sum = metric.summary;
  if (!sum) return undefined;
  const lo = sum.lo ?? (sum.stdev !== undefined ? sum.value - sum.stdev : sum.value);
  const hi = sum.hi ?? (sum.stdev !== undefined ? sum.value + sum.stdev : sum.value);
  return {
    ...base,
    value: sum.value,
    q1: lo,
    q3: hi,
    min: lo,
    max: hi,
    stdev: sum.stdev ?? null,
    runs: sum.samples ?? 1,
    n: sum.samples ?? Math.max(record.runs, 1),
    samples: [],
    summaryOnly: true,
    ...(sum.range !== undefined ? { range: sum.range } : {}),
  };
}

function refuseBadName(file: string, what: string, name: string): void {
  const problem = nameProblem(name);
  if (problem) throw new InputError(`${file}: the ${what} ${visible(name)} ${problem}; rename it in the bench`);
}

// Below this a double loses precision (a subnormal): no timer measures it, and 1/x overflows.
const SMALLEST_NORMAL = 2.2250738585072014e-308;

function numberProblem(x: number, negativeForbidden: boolean): string | undefined {
  if (!Number.isFinite(x)) return `is ${x}, not a finite number (JSON would store it as null)`;
  if (x !== 0 && Math.abs(x) < SMALLEST_NORMAL) return `is ${x}, a subnormal number no measurement produces`;
  if (negativeForbidden && x < 0) return `is ${x}, but a time or a rate cannot be negative`;
  return undefined;
}

/** Units whose values cannot be negative: times and rates (`ns/op`, `ops/s`); a count or a percentage may be a delta. */
export function forbidsNegative(unit: string): boolean {
  const u = parseUnit(unit);
  return u.kind === 'time' || u.perSeconds !== undefined;
}

/** A stored number's problem, named by its field (numberProblem's words after it). */
function fieldProblem(field: string, x: number | null | undefined, negativeForbidden: boolean): string | undefined {
  if (x === null || x === undefined) return undefined;
  const why = numberProblem(x, negativeForbidden);
  return why ? `${field} ${why}` : undefined;
}

function countProblem(field: string, x: number | undefined): string | undefined {
  return x !== undefined && !(Number.isSafeInteger(x) && x >= 0) ? `${field} is ${x}, but a count of runs is a whole number of at least 0` : undefined;
}

/**
 * The runs a metric past MAX_SAMPLES keeps out of its point: its summary would hide one negative
 * or subnormal run among thousands, and a comparison reads them all.
 */
function keptRunsProblem(m: Metric): string | undefined {
  const runs = m.allSamples;
  if (!runs) return undefined;
  const neg = forbidsNegative(m.unit);
  for (let i = 0; i < runs.length; i++) {
    const v = runs[i];
    const why = v === null || v === undefined ? undefined : numberProblem(v, neg);
    if (why) return `samples[${i}] ${why}`;
  }
  return undefined;
}

/**
 * Why a point would not survive being stored and read back, naming the field; undefined when it
 * would. Non-finite numbers become `null` in JSON and the reader refuses the whole trend then, so
 * every publish refuses such a point instead of writing it. Every point written is checked, an
 * import's 200,000 and more, so nothing is allocated for one that has no problem.
 */
export function pointProblem(p: Omit<Point, 'metric'>): string | undefined {
  const neg = forbidsNegative(p.unit);
  // The runs first: a bad run is what the input holds, and it spoils every statistic after it.
  const samples = p.samples;
  for (let i = 0; i < samples.length; i++) {
    const why = numberProblem(samples[i] as number, neg);
    if (why) return `samples[${i}] ${why}`;
  }
  // The ends of a bar may lie below zero (libtest's `+/-` is max - min around the median, so a
  // summary's value - dev can); the value itself, the runs, a stdev and a wall time cannot.
  const ends = neg && !p.summaryOnly;
  return (
    fieldProblem('value', p.value, neg) ??
    fieldProblem('q1', p.q1, ends) ??
    fieldProblem('q3', p.q3, ends) ??
    fieldProblem('min', p.min, ends) ??
    fieldProblem('max', p.max, ends) ??
    fieldProblem('stdev', p.stdev, true) ??
    fieldProblem('wall', p.wall, true) ??
    countProblem('runs', p.runs) ??
    countProblem('n', p.n) ??
    countProblem('failed', p.failed)
  );
}

/** The `note` input as stored: one line of text (line breaks become spaces), normalised like every free text. */
export function noteText(note: string): string {
  return normaliseText(note).replace(/\s*\n\s*/g, ' ').trim();
}

/** `runs=k/n[ wall=<median wall>s][ <extra>][ <note>]`: the flat array's extra text. */
export function extraText(point: Point, note?: string): string {
  const parts = [`runs=${point.runs}/${point.n}`];
  if (point.wall !== undefined) parts.push(`wall=${point.wall}s`);
  if (point.failed) parts.push(`failed=${point.failed}`);
  if (point.summaryOnly) parts.push('summary only');
  if (point.extra) parts.push(point.extra);
  if (note) parts.push(noteText(note));
  return parts.join(' ');
}

/** The `± <sample stdev>` text github-action-benchmark's custom formats carry; none with one sample. */
export function rangeText(point: Point): string | undefined {
  if (point.range !== undefined) return point.range;
  if (point.stdev === null) return undefined;
  return `± ${shortNumber(point.stdev)}`;
}

/** github-action-benchmark's `customSmallerIsBetter` array, in point order. */
export function toFlatCases(points: readonly Point[], note?: string): FlatCase[] {
  return points.map((p) => {
    const range = rangeText(p);
    return {
      name: p.case,
      unit: p.unit,
      value: p.value,
      ...(range !== undefined ? { range } : {}),
      extra: extraText(p, note),
    };
  });
}
