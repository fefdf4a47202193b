/** What a run of the action comes to, for the one tail in main.ts: outputs, summary, failure. */
import type { RegressionEntry } from '../core/render-verdicts.js';
import type { Settings } from '../settings.js';

export interface Outcome {
  /** Every regression this run judged, for the outputs and fail-on-regression. */
  readonly regressions: readonly RegressionEntry[];
  /** The job summary's markdown. */
  readonly report: string;
}

/**
 * How many times worse than its baseline a regression is, as github-action-benchmark's ratio reads
 * it: value over baseline where smaller is better, baseline over value where bigger is. A step
 * from or to zero is infinitely worse.
 */
function worseRatio(r: RegressionEntry): number {
  const [worse, better] = r.direction === 'smaller' ? [r.value, r.baseline] : [r.baseline, r.value];
  return better === 0 ? Infinity : worse / better;
}

/**
 * fail-on-regression, the last step: only regressions this run found fail it, so an alert still
 * open from an earlier commit does not fail every push until it is cleared. With fail-threshold,
 * only those beyond it: a migrated workflow alerted at 150% and failed at 300%, and failing on
 * every alert would turn its comments into red builds.
 */
export function regressionFailure(settings: Settings, regressions: readonly RegressionEntry[]): { failure?: string; note?: string } {
  const fresh = regressions.filter((r) => r.new);
  if (!settings.failOnRegression || fresh.length === 0) return {};
  const cases = (rs: readonly RegressionEntry[]) => rs.map((r) => r.case).join(', ');
  const count = (n: number) => `${n} case${n === 1 ? '' : 's'} regressed`;
  if (settings.failThreshold === undefined) return { failure: `${count(fresh.length)} (fail-on-regression is on): ${cases(fresh)}` };
  const limit = settings.failThreshold;
  const failing = fresh.filter((r) => worseRatio(r) > limit);
  const beyond = `beyond fail-threshold ${Number((limit * 100).toPrecision(12))}% of the baseline`;
  if (failing.length === 0) return { note: `${count(fresh.length)}, none ${beyond}: the job does not fail` };
  const rest = fresh.length - failing.length;
  return { failure: `${count(failing.length)} ${beyond} (fail-on-regression is on): ${cases(failing)}${rest > 0 ? `; ${rest} more regressed less` : ''}` };
}
