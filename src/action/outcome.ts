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
 * fail-on-regression, the last step: only regressions this run found fail it, so an alert still
 * open from an earlier commit does not fail every push until it is cleared.
 */
export function regressionFailure(settings: Settings, regressions: readonly RegressionEntry[]): string | undefined {
  const fresh = regressions.filter((r) => r.new);
  if (!settings.failOnRegression || fresh.length === 0) return undefined;
  return `${fresh.length} case${fresh.length === 1 ? '' : 's'} regressed (fail-on-regression is on): ${fresh.map((r) => r.case).join(', ')}`;
}
