import { buildPoints, refuseDuplicateShapes } from './core/cases.js';
import type { BenchRecord, Point } from './core/model.js';
import { enforceRequiredStages, type StageRequirement } from './core/require-stages.js';
import { loadRecords } from './effects/record-files.js';
import type { ParseOptions } from './formats/format.js';

export interface IngestOptions {
  readonly patterns: readonly string[];
  readonly cwd: string;
  readonly format: string;
  readonly parse: ParseOptions;
  readonly requirements: readonly StageRequirement[];
}

export interface Ingested {
  readonly records: BenchRecord[];
  readonly points: Point[];
  readonly warnings: string[];
}

/**
 * Records in, points out: the one path the action, `benchtrend cases` and `benchtrend publish`
 * share. Every refusal happens here, before anything is written anywhere.
 */
export async function ingest(options: IngestOptions): Promise<Ingested> {
  const records = await loadRecords(options.patterns, options.cwd, options.format, options.parse);
  refuseDuplicateShapes(records.filter((r) => r.arm !== 'baseline'));
  enforceRequiredStages(records, options.requirements);
  const { points, warnings } = buildPoints(records);
  return { records, points, warnings };
}
