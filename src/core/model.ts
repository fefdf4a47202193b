/**
 * The data model every input format maps onto, and every later stage (cases, trend, alerts,
 * compare, page) reads. Pure types: no runtime behaviour lives here.
 *
 *   record  one bench invocation of one shape (a trend line), from one file
 *   run     one timed execution inside a record
 *   metric  a named measurement of each run: a stage, the in-process total, or a tool's benchmark
 *   point   one case at one commit: the median of the runs with its spread
 */

/** Which way is better. Comes from the unit or the format, overridable per case. */
export type Direction = 'smaller' | 'bigger';

/** What a tool reported when it gave no per-run samples (github-action-benchmark custom arrays, JMH scores, ...). */
export interface Summary {
  readonly value: number;
  /** Lower and upper end of the tool's error bar, when it gave one. */
  readonly lo?: number;
  readonly hi?: number;
  /** The tool's spread as a standard deviation, when it gave one. */
  readonly stdev?: number;
  /** The tool's own range text, kept verbatim for the flat case array (`± 0.12`, `±1.2%`). */
  readonly range?: string;
  /** Number of iterations or samples behind the summary, when known. */
  readonly samples?: number;
}

/** One named measurement across the runs of a record. */
export interface Metric {
  /** Stage or benchmark name inside the shape; the case is `<shape> / <name>`. */
  readonly name: string;
  /** Unit of every sample, one unit per metric: 's', 'ms', 'ns', 'ops/s', 'B', 'allocs/op', ... */
  readonly unit: string;
  readonly direction: Direction;
  /**
   * One entry per run of the record (length === record.runs). `null` means that run did not report
   * this metric: absent, never zero. A summary-only metric has an empty array.
   */
  readonly samples: readonly (number | null)[];
  /** Present when the tool reported only a summary; the point then says so. */
  readonly summary?: Summary;
  /**
   * Every run's value (as `samples` would hold them) when there were more than MAX_SAMPLES: the
   * point keeps only their `summary`, so a trend does not grow by megabytes, but a comparison of
   * two arms needs the runs themselves.
   */
  readonly allSamples?: readonly (number | null)[];
  /** Tool-specific text carried to the point's `extra` (e.g. `15 samples`, `B/op`). */
  readonly extra?: string;
  /** Runs in which this stage was reported as failed (dl-timing-json outcome != ok). */
  readonly failed?: number;
}

/** One bench invocation of one shape, normalised from any input format. */
export interface BenchRecord {
  /** Path of the file it came from, for messages. */
  readonly file: string;
  /** Registry name of the format it was parsed from (`record`, `cargo`, `hyperfine`, ...). */
  readonly format: string;
  /** The trend line it belongs to (`warm`, `cold-recreate`, or the format name for tools without shapes). */
  readonly shape: string;
  /** Number of runs in the record, failed runs included (n of `runs=k/n`). */
  readonly runs: number;
  /** Stages in first-seen order, then `total` when the record has one. */
  readonly metrics: readonly Metric[];
  /** The outside stopwatch per run (seconds): evidence riding along with the total, not its own case. */
  readonly wall?: readonly (number | null)[];
  /** What the record itself claims as medians, by metric name, for the disagreement warning. */
  readonly claimedMedians?: Readonly<Record<string, number>>;
  /** Things a reader should know about how the record was read (warm-ups left out, failed runs). */
  readonly notes?: readonly string[];
  /**
   * For files that carry both arms of an A/B comparison (Orca's ABBA result): which arm this record
   * is. Run i of the baseline and run i of the candidate are round i.
   */
  readonly arm?: 'baseline' | 'candidate';
  /** Names of metrics the file marks as controls that should not move (Orca's controlPhases). */
  readonly controls?: readonly string[];
}

/** One case at one commit: the median of the runs, its spread, and everything needed to recompute it. */
export interface Point {
  /** `<shape> / <metric>` */
  readonly case: string;
  readonly shape: string;
  readonly metric: string;
  readonly unit: string;
  readonly direction: Direction;
  /** Median of the reported runs (mean of the middle two for an even count), or the tool's summary value. */
  readonly value: number;
  /** First and third quartile (the default error bar), min and max (the alternative). */
  readonly q1: number;
  readonly q3: number;
  readonly min: number;
  readonly max: number;
  /** Sample standard deviation; null with fewer than two samples. */
  readonly stdev: number | null;
  /** k: runs that reported this metric. */
  readonly runs: number;
  /** n: runs in the record. */
  readonly n: number;
  /** The raw run values that reported it, in run order. Empty for a summary-only point. */
  readonly samples: readonly number[];
  /** Median wall seconds of the record; only on the `total` point. */
  readonly wall?: number;
  /** Free text: tool extras and the user's note. */
  readonly extra?: string;
  /** True when the tool gave only a summary, so the spread is the tool's and not recomputed. */
  readonly summaryOnly?: boolean;
  /** The tool's own range text for summary-only points. */
  readonly range?: string;
  /** Runs in which the stage failed, when the format reports failures. */
  readonly failed?: number;
}

/** github-action-benchmark's `customSmallerIsBetter` / `customBiggerIsBetter` entry. */
export interface FlatCase {
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  readonly range?: string;
  readonly extra?: string;
}

/** A refusal of bad input: the caller prints it as one line and writes nothing. */
export class InputError extends Error {
  override readonly name = 'InputError';
}
