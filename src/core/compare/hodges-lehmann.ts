import { pairwiseDifferences, walshAverages, type OrderStatistics } from './order-statistics.js';
import { mannWhitneyIndex, signedRankIndex, type IntervalIndex } from './rank-distributions.js';

/** A location shift with its interval, candidate minus baseline, in the unit of the data. */
export interface Shift {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** The confidence the interval really has: 95% or, for too few values, less (see IntervalIndex). */
  readonly confidence: number;
  /** `exact` rank distribution, or its `normal` approximation from 50 values per sample on. */
  readonly method: IntervalIndex['method'];
  /** Values behind it: paired rounds, or m·n for unpaired arms. */
  readonly count: number;
}

function bounded(values: OrderStatistics, index: IntervalIndex, count: number): Shift {
  const k = Math.min(index.k, values.size);
  return {
    estimate: values.median(),
    lo: values.kth(k),
    hi: values.kth(values.size + 1 - k),
    confidence: index.achieved,
    method: index.method,
    count,
  };
}

/**
 * The Hodges–Lehmann shift of paired differences (candidate − baseline per round): the median of
 * their Walsh averages, with the interval that inverts the exact Wilcoxon signed-rank test. Exact
 * and deterministic, so the same rounds always give the same numbers; no resampling involved.
 */
export function pairedShift(deltas: readonly number[]): Shift {
  if (deltas.length === 0) throw new RangeError('a paired shift needs at least one round');
  return bounded(walshAverages(deltas), signedRankIndex(deltas.length), deltas.length);
}

/**
 * The two-sample Hodges–Lehmann shift for arms whose runs do not pair: the median of all pairwise
 * differences, with the interval that inverts the exact Mann–Whitney test.
 */
export function unpairedShift(baseline: readonly number[], candidate: readonly number[]): Shift {
  if (baseline.length === 0 || candidate.length === 0) throw new RangeError('an unpaired shift needs values in both arms');
  return bounded(pairwiseDifferences(baseline, candidate), mannWhitneyIndex(baseline.length, candidate.length), baseline.length * candidate.length);
}
