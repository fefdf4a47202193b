import type { ErrorObject } from 'ajv';
import { lazyValidator } from '../core/schema-compile.js';
import schema from '../../schemas/bench-record.schema.json' with { type: 'json' };
import { InputError, type BenchRecord, type Metric } from '../core/model.js';
import { describeValue, pointerToPath, schemaErrorLine, valueAtPointer } from '../core/schema-error.js';
import { sampledMetric } from './metrics.js';
import { parseJsonText } from './json-text.js';

/** A bench record as the schema admits it. */
interface RawRun {
  wall_seconds?: number;
  total_seconds?: number;
  stages?: Record<string, number>;
}
interface RawRecord {
  shape: string;
  n?: number;
  runs: RawRun[];
  median?: {
    wall_seconds?: number;
    total_seconds?: number;
    stages?: Record<string, { seconds?: number; runs?: number }>;
  };
}

const validator = lazyValidator<RawRecord>(schema);

/** One line a maintainer reads: what is wrong and where, in the record's own terms. */
function explain(error: ErrorObject, data: unknown): string {
  const path = pointerToPath(error.instancePath);
  const value = valueAtPointer(data, error.instancePath);
  if (error.instancePath === '' && error.keyword === 'type') {
    return `not an object: a bench record is one JSON object, got ${describeValue(value)}`;
  }
  if (error.keyword === 'required') {
    const missing = String(error.params['missingProperty']);
    if (missing === 'shape') return 'no shape: the record has no "shape" field naming its trend line';
    if (missing === 'runs') return 'no runs: the record has no "runs" array';
    return `${path || 'record'} has no "${missing}"`;
  }
  if (path === 'runs' && error.keyword === 'minItems') return 'no runs: the "runs" array is empty';
  if (path === 'runs' && error.keyword === 'type') return `no runs: "runs" must be an array, got ${describeValue(value)}`;
  if (path === 'shape') return `no shape: "shape" must be a non-empty name, got ${describeValue(value)}`;
  if (error.keyword === 'type' && error.params['type'] === 'number') {
    return `${path} must be a number of seconds, got ${describeValue(value)}`;
  }
  if (error.keyword === 'minimum') return `${path} must not be negative, got ${describeValue(value)}`;
  return schemaErrorLine(error, data, 'record');
}

/**
 * Reads one bench record (the canonical input) into the model. Every refusal is an InputError
 * whose message is one line naming the file.
 */
export function parseRecord(file: string, text: string): BenchRecord {
  const data = parseJsonText(file, text);
  const validate = validator();
  if (!validate(data)) {
    const first = validate.errors?.[0];
    throw new InputError(`${file}: ${first ? explain(first, data) : 'does not match the bench record schema'}`);
  }
  const runs = data.runs;
  const stageNames: string[] = [];
  for (const run of runs) {
    for (const name of Object.keys(run.stages ?? {})) if (!stageNames.includes(name)) stageNames.push(name);
  }
  // Past MAX_SAMPLES runs a stage keeps the exact statistics of its runs instead of every run,
  // as every format does (docs/formats.md "Many samples").
  const metrics: Metric[] = stageNames.map((name) => sampledMetric({ name, unit: 's', direction: 'smaller' }, runs.map((r) => r.stages?.[name] ?? null)));
  if (stageNames.includes('total')) {
    throw new InputError(`${file}: a stage is named "total", which is the name of the in-process total's case`);
  }
  if (runs.some((r) => r.total_seconds !== undefined)) {
    metrics.push(sampledMetric({ name: 'total', unit: 's', direction: 'smaller' }, runs.map((r) => r.total_seconds ?? null)));
  }
  // Runs that measured nothing would publish nothing of the shape and pass its required stages.
  if (metrics.length === 0) throw new InputError(`${file}: no run reports a stage or total_seconds; a record of shape ${JSON.stringify(data.shape)} with nothing measured is no result`);
  const claimed: Record<string, number> = {};
  for (const [name, m] of Object.entries(data.median?.stages ?? {})) if (m.seconds !== undefined) claimed[name] = m.seconds;
  if (data.median?.total_seconds !== undefined) claimed['total'] = data.median.total_seconds;
  const notes: string[] = [];
  if (data.n !== undefined && data.n !== runs.length) {
    notes.push(`the record says n=${data.n} but holds ${runs.length} runs; counting the ${runs.length} it holds`);
  }
  const wall = runs.some((r) => r.wall_seconds !== undefined) ? runs.map((r) => r.wall_seconds ?? null) : undefined;
  return {
    file,
    format: 'record',
    shape: data.shape,
    runs: runs.length,
    metrics,
    ...(wall ? { wall } : {}),
    claimedMedians: claimed,
    ...(notes.length ? { notes } : {}),
  };
}

/**
 * Whether text that no format recognised should still be read as a bench record, the canonical
 * input: an empty file, JSON cut off mid-write (a bench interrupted leaves exactly this, whatever
 * its format), or a JSON object naming runs or a shape. Those get the record's precise refusal.
 */
export function looksLikeRecord(text: string): boolean {
  const t = text.trimStart();
  if (t === '') return true;
  if (!t.startsWith('{') && !t.startsWith('[')) return false;
  try {
    JSON.parse(t);
  } catch {
    return true;
  }
  return t.startsWith('{') && /"(?:runs|shape)"\s*:/.test(t);
}
