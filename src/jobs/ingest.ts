import { buildPoints, refuseDuplicateShapes } from '../core/cases.js';
import type { BenchRecord, Point } from '../core/model.js';
import { enforceRequiredStages, type StageRequirement } from '../core/require-stages.js';
import { loadRecordFiles } from '../effects/record-files.js';
import type { ParseOptions } from '../formats/format.js';

export interface IngestOptions {
  readonly patterns: readonly string[];
  readonly cwd: string;
  readonly format: string;
  readonly parse: ParseOptions;
  readonly requirements: readonly StageRequirement[];
}

export interface Ingested {
  /** Every record read, A/B arms included (they feed the comparison). */
  readonly records: BenchRecord[];
  /** The files read, the patterns' globs expanded: what the run's evidence holds. */
  readonly files: string[];
  /** Points of the records that belong on the trend: one per case. */
  readonly points: Point[];
  readonly warnings: string[];
}

/**
 * Records in, points out: the one path the action, `benchtrend cases` and `benchtrend publish`
 * share. Every refusal happens here, before anything is written anywhere.
 *
 * A file carrying both arms of an A/B comparison (Orca's ABBA result) is read for the comparison
 * only: its candidate arm measured code that is not on the branch, so it is no trend point.
 */
export async function ingest(options: IngestOptions): Promise<Ingested> {
  const { files, records } = await loadRecordFiles(options.patterns, options.cwd, options.format, options.parse);
  const trend = records.filter((r) => r.arm === undefined);
  refuseDuplicateShapes(trend);
  enforceRequiredStages(trend, options.requirements);
  const { points, warnings } = buildPoints(trend);
  const arms = [...new Set(records.filter((r) => r.arm !== undefined).map((r) => r.file))];
  for (const file of arms) warnings.push(`${file}: holds both arms of an A/B comparison; it goes to the comparison, not to the trend`);
  return { records, files, points, warnings };
}
