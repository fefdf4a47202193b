/**
 * Building a record's metrics the same way for every format: runs where the tool gave
 * measurements, a summary where it gave only a statistic with its spread, one unit per case.
 */
import { InputError, type BenchRecord, type Direction, type Metric, type Summary } from '../core/model.js';
import { clean, spread } from '../core/stats.js';
import { conversionFactor, inOneUnit } from '../core/units.js';

/**
 * Above this many samples a metric keeps the exact statistics of its samples (median, quartiles,
 * stdev, count) instead of the samples: pytest-benchmark records tens of thousands of rounds, and
 * a trend that stored them all would grow by megabytes per commit. The statistic is the same
 * either way (the median), so a series does not step when a count crosses the limit.
 */
export const MAX_SAMPLES = 1000;

export interface MetricSpec {
  readonly name: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly extra?: string;
  /** Runs in which the tool reported this metric as failed. */
  readonly failed?: number;
}

function withOptional(spec: MetricSpec): Pick<Metric, 'extra' | 'failed'> {
  return {
    ...(spec.extra !== undefined && spec.extra !== '' ? { extra: spec.extra } : {}),
    ...(spec.failed ? { failed: spec.failed } : {}),
  };
}

/** The exact statistics of many values as a summary: median, first to third quartile, stdev. */
export function summaryOfValues(values: readonly number[]): Summary {
  const s = spread(values);
  return {
    value: clean(s.median),
    lo: clean(s.q1),
    hi: clean(s.q3),
    ...(s.stdev !== null ? { stdev: clean(s.stdev) } : {}),
    samples: values.length,
  };
}

/** A metric with one value per run (null: that run did not report it); many values become their summary. */
export function sampledMetric(spec: MetricSpec, values: readonly (number | null)[]): Metric {
  const reported = values.filter((v): v is number => v !== null);
  if (reported.length > MAX_SAMPLES) {
    return { name: spec.name, unit: spec.unit, direction: spec.direction, samples: [], summary: summaryOfValues(reported), allSamples: [...values], ...withOptional(spec) };
  }
  return { name: spec.name, unit: spec.unit, direction: spec.direction, samples: [...values], ...withOptional(spec) };
}

/** A metric the tool reported only as a statistic. */
export function summaryMetric(spec: MetricSpec, summary: Summary): Metric {
  return { name: spec.name, unit: spec.unit, direction: spec.direction, samples: [], summary, ...withOptional(spec) };
}

/** A sign-and-number range (`± 24`, `±0.74%`, `5%`, `3`, 0.52) as the bar it draws around `value`. */
export function barOfRange(value: number, range: string | number): { lo: number; hi: number } | undefined {
  const m = /^\s*(?:±|\+-|\+\/-)?\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(%)?\s*$/.exec(String(range));
  if (!m) return undefined;
  const x = Number(m[1]);
  const delta = m[2] ? (Math.abs(value) * x) / 100 : x;
  return { lo: clean(value - delta), hi: clean(value + delta) };
}

export interface RecordParts {
  readonly file: string;
  readonly format: string;
  readonly shape: string;
  readonly metrics: readonly Metric[];
  /** What the file should have held, for the refusal when it holds no result. */
  readonly expected: string;
  /** Runs in the record; defaults to the longest metric. */
  readonly runs?: number;
  readonly notes?: readonly string[];
  readonly claimedMedians?: Readonly<Record<string, number>>;
  readonly arm?: 'baseline' | 'candidate';
  readonly controls?: readonly string[];
}

/**
 * The record, with every sampled metric padded to the record's run count (a benchmark that ran
 * fewer times than another in the same file did not report the rest: absent, never zero).
 */
export function makeRecord(parts: RecordParts): BenchRecord {
  if (parts.metrics.length === 0) throw new InputError(`${parts.file}: no benchmark result found; expected ${parts.expected}`);
  const seen = new Set<string>();
  for (const m of parts.metrics) {
    if (seen.has(m.name)) throw new InputError(`${parts.file}: the benchmark "${m.name}" appears twice; one case cannot hold two results`);
    seen.add(m.name);
  }
  // A fold, not `Math.max(...)`: spread over a file of some 120,000 cases, the arguments overflow the stack.
  const runs = parts.runs ?? parts.metrics.reduce((n, m) => Math.max(n, m.samples.length), 0);
  const metrics = parts.metrics.map((m) =>
    m.samples.length === 0 || m.samples.length === runs
      ? m
      : { ...m, samples: [...m.samples, ...new Array<null>(Math.max(0, runs - m.samples.length)).fill(null)] },
  );
  return {
    file: parts.file,
    format: parts.format,
    shape: parts.shape,
    runs,
    metrics,
    ...(parts.claimedMedians && Object.keys(parts.claimedMedians).length ? { claimedMedians: parts.claimedMedians } : {}),
    ...(parts.notes && parts.notes.length ? { notes: parts.notes } : {}),
    ...(parts.arm ? { arm: parts.arm } : {}),
    ...(parts.controls ? { controls: parts.controls } : {}),
  };
}

/** One result line of a text format: a value, and the tool's spread when it printed one. */
export interface Reading {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** 1-based line, for messages. */
  readonly line: number;
  /** Where the reading is, for formats without lines (`[3]` of a JSON array); `line N` otherwise. */
  readonly at?: string;
  /** The tool's own spread around the value: makes a lone reading a summary instead of a run. */
  readonly spread?: Omit<Summary, 'value'>;
  readonly extra?: string;
}

/**
 * Collects the result lines of a text format. A benchmark printed once with a spread (cargo's
 * `(+/- 24)`) is the tool's summary; printed once without one (a go line) it is one run; printed
 * several times (`go test -count 5`, cargo bench run twice into one file) each line is a run.
 * Every value of a benchmark is written in the unit of its first line.
 */
export class Readings {
  // Per benchmark: its first reading whole, then only the values. A reading in another unit is
  // kept whole too, for its conversion and message. A million go lines as Reading objects cost
  // hundreds of MB (issue #15).
  private readonly groups = new Map<string, { first: Reading; values: number[]; odd?: Map<number, Reading> }>();

  constructor(
    private readonly file: string,
    private readonly direction: (unit: string, name: string) => Direction,
  ) {}

  add(reading: Reading): void {
    const group = this.groups.get(reading.name);
    if (!group) {
      this.groups.set(reading.name, { first: reading, values: [reading.value] });
      return;
    }
    if (reading.unit !== group.first.unit) (group.odd ??= new Map()).set(group.values.length, reading);
    group.values.push(reading.value);
  }

  has(name: string): boolean {
    return this.groups.has(name);
  }

  get size(): number {
    return this.groups.size;
  }

  metrics(): Metric[] {
    const out: Metric[] = [];
    for (const [name, { first, values: raw, odd }] of this.groups) {
      const unit = first.unit;
      const spec: MetricSpec = { name, unit, direction: this.direction(unit, name), ...(first.extra !== undefined ? { extra: first.extra } : {}) };
      if (raw.length === 1 && first.spread) {
        out.push(summaryMetric(spec, { value: first.value, ...roundSpread(first.spread) }));
        continue;
      }
      const values = !odd
        ? raw
        : raw.map((value, i) => {
            const r = odd.get(i);
            if (!r) return value;
            return inOneUnit([{ value, unit: r.unit, where: `${this.file}: ${r.at ?? `line ${r.line}`}: "${name}" is in ${r.unit} but its first result is in ${unit}` }], unit)[0] as number;
          });
      out.push(sampledMetric(spec, values));
    }
    return out;
  }
}

/** A spread without binary noise (146.49, not 146.48999999999998): its numbers are drawn and compared. */
function roundSpread(s: Omit<Summary, 'value'>): Omit<Summary, 'value'> {
  return {
    ...s,
    ...(s.lo !== undefined ? { lo: clean(s.lo) } : {}),
    ...(s.hi !== undefined ? { hi: clean(s.hi) } : {}),
    ...(s.stdev !== undefined ? { stdev: clean(s.stdev) } : {}),
  };
}

/** A spread given in `from` written in `to`, for tools that print each number in its own unit. */
export function convertSpread(s: Omit<Summary, 'value'>, from: string, to: string): Omit<Summary, 'value'> {
  const f = conversionFactor(from, to);
  const c = (x: number | undefined): number | undefined => (x === undefined ? undefined : clean(x * f));
  const lo = c(s.lo);
  const hi = c(s.hi);
  const stdev = c(s.stdev);
  return {
    ...(lo !== undefined ? { lo } : {}),
    ...(hi !== undefined ? { hi } : {}),
    ...(stdev !== undefined ? { stdev } : {}),
    ...(s.range !== undefined ? { range: s.range } : {}),
    ...(s.samples !== undefined ? { samples: s.samples } : {}),
  };
}
