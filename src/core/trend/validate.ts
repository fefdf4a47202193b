import { Ajv, type ValidateFunction } from 'ajv';
import chunkSchema from '../../../schemas/chunk.schema.json' with { type: 'json' };
import manifestSchema from '../../../schemas/manifest.schema.json' with { type: 'json' };
import rollupSchema from '../../../schemas/rollup.schema.json' with { type: 'json' };
import segmentSchema from '../../../schemas/segment.schema.json' with { type: 'json' };
import { schemaErrorLine } from '../../formats/json-text.js';
import { InputError } from '../model.js';
import { ChunkError, decodeChunk, type ChunkFile } from './chunk.js';
import { TREND_SCHEMA_VERSION, type Manifest, type Rollup, type Segment } from './types.js';

/**
 * Published data that does not parse or does not match its schema. The run stops and nothing is
 * pushed: github-action-benchmark swallowed exactly this and wrote an empty history back.
 */
export class TrendDataError extends InputError {}

const ajv = new Ajv({ allErrors: false, strict: true });
ajv.addSchema(segmentSchema);
const validateManifest = ajv.compile<Manifest>(manifestSchema);
const validateSegment = ajv.getSchema<Segment>(segmentSchema.$id) as ValidateFunction<Segment>;
const validateRollup = ajv.compile<Rollup>(rollupSchema);
const validateChunk = ajv.compile<ChunkFile>(chunkSchema);

function parse(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const why = text.trim() === '' ? 'the file is empty' : e instanceof Error ? e.message : String(e);
    throw new TrendDataError(`${file}: existing trend data is not JSON (${why}); refusing to publish over it`);
  }
}

function check<T extends { version: number }>(kind: string, validate: ValidateFunction<T>, file: string, text: string): T {
  const data = parse(file, text);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const why = first ? schemaErrorLine(first, data, 'the top level') : `does not match the ${kind} schema`;
    throw new TrendDataError(`${file}: existing trend data does not match the ${kind} schema: ${why}; refusing to publish over it`);
  }
  if (data.version > TREND_SCHEMA_VERSION) {
    throw new TrendDataError(
      `${file}: written by a newer benchtrend (trend format ${data.version}, this one reads ${TREND_SCHEMA_VERSION}); upgrade the action`,
    );
  }
  return data;
}

/** Parses and validates manifest.json; `file` is how messages name it. */
export function parseManifest(file: string, text: string): Manifest {
  return check('manifest', validateManifest, file, text);
}

/** Parses and validates one segment and checks it sits where its seq says. */
export function parseSegment(file: string, text: string, seq: number): Segment {
  const s = check('segment', validateSegment, file, text);
  if (s.seq !== seq) throw new TrendDataError(`${file}: holds segment ${s.seq} but its path is that of segment ${seq}`);
  return s;
}

/** Parses and validates one rollup and checks it holds exactly the segments its place says. */
export function parseRollup(file: string, text: string, level: 1 | 2, index: number, size: number): Rollup {
  const r = check('rollup', validateRollup, file, text);
  if (r.level !== level || r.index !== index) {
    throw new TrendDataError(`${file}: holds level-${r.level} rollup ${r.index} but its path is that of level-${level} rollup ${index}`);
  }
  if (r.segments.length !== size) {
    throw new TrendDataError(`${file}: a level-${level} rollup holds ${size} segments, this one ${r.segments.length}`);
  }
  r.segments.forEach((s, i) => {
    if (s.seq !== index * size + i) {
      throw new TrendDataError(`${file}: segments[${i}] is segment ${s.seq}, expected ${index * size + i}`);
    }
  });
  return r;
}

/**
 * Parses and validates one format-2 chunk against its place and the manifest its cases refer to,
 * and returns its segments as format 1 stored them.
 */
export function parseChunk(file: string, text: string, level: 0 | 1 | 2, index: number, size: number, manifest: Manifest): Segment[] {
  const c = check('chunk', validateChunk, file, text);
  if (c.level !== level || c.index !== index) {
    throw new TrendDataError(`${file}: holds level-${c.level} chunk ${c.index} but its path is that of level-${level} chunk ${index}`);
  }
  try {
    return decodeChunk(c, manifest, size);
  } catch (e) {
    if (e instanceof ChunkError) throw new TrendDataError(`${file}: ${e.message}; refusing to publish over it`);
    throw e;
  }
}

/**
 * Checks a file this publish is about to write as its reader will read it: written files go
 * through the same validators as existing ones (issue #12), so a bug here fails before the push.
 */
export function checkWritten(file: string, text: string, manifest: Manifest, place?: { level: 0 | 1 | 2; index: number; size: number }): void {
  if (place === undefined) parseManifest(file, text);
  else parseChunk(file, text, place.level, place.index, place.size, manifest);
}
