import type { BenchRecord } from '../model.js';
import { compareJson, renderCompareMarkdown, type CompareJsonCase, type CompareMarkdownOptions } from '../render-compare.js';
import { refuseOtherArm, splitArms, type Arms } from './arms.js';
import { compareArms, type CompareOptions, type Comparison } from './compare.js';

export interface CompareReport {
  readonly comparison: Comparison;
  /** For the job summary and, on pull requests, the PR comment. */
  readonly markdown: string;
  /** For an output or an artifact: the same array `benchtrend compare --json` prints. */
  readonly json: CompareJsonCase[];
}

/**
 * The action's comparison, or null when the job benched no second arm. The arms come from input
 * `compare-baseline` (its records are the baseline; `records` are the candidate) or, without it,
 * from `records` that carry both arms themselves (Orca's ABBA result).
 */
export function compareReport(
  records: readonly BenchRecord[],
  baseline: readonly BenchRecord[] | undefined,
  options: CompareOptions & CompareMarkdownOptions = {},
): CompareReport | null {
  let arms: Arms;
  if (baseline !== undefined && baseline.length > 0) {
    refuseOtherArm(baseline, 'baseline');
    refuseOtherArm(records, 'candidate');
    arms = { baseline, candidate: records };
  } else if (records.some((r) => r.arm !== undefined)) {
    arms = splitArms('records', records.filter((r) => r.arm !== undefined));
  } else {
    return null;
  }
  const comparison = compareArms(arms, options);
  return {
    comparison,
    markdown: renderCompareMarkdown(comparison, options),
    json: compareJson(comparison),
  };
}

/** Input `control-cases`: one case per line (`<shape> / <metric>` or a metric name); `#` comments. */
export function parseControlCases(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}
