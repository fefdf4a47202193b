/**
 * The newest-points file, `data/newest.json` (docs/trend-format.md, schemas/newest.schema.json):
 * the newest few segments of the log, in the chunk codec's columns, rewritten by every publish.
 *
 * Format 2 keeps each segment in exactly one chunk, so when the log ends on a whole group of 16 or
 * 256 the newest segments are inside a level-1 or level-2 chunk (about 180 KB and 2.9 MB on
 * snarkVM's 363 cases) and a page that wants only them would have to fetch it. This file is a
 * copy of them, bounded by NEWEST_SEGMENTS whatever the history's length, that the chart page
 * reads first (issue #12 item 4). It is derived data: the chunks stay the record, a reader may
 * ignore the file, and a publish rewrites it from the chunks when it is missing, stale (an older
 * writer published after it) or unreadable.
 */
import { CHUNK_FORMAT_VERSION, CHUNK_SCHEMA, decodeChunk, encodeChunk, type ChunkFile, type ManifestIndex } from './chunk.js';
import type { Manifest, Segment } from './types.js';

export const NEWEST_PATH = 'data/newest.json';
export const NEWEST_SCHEMA = 'benchtrend/newest';
/** Segments the file holds (fewer while the log is shorter): what the page draws its first charts from. */
export const NEWEST_SEGMENTS = 4;

export interface NewestFile extends Omit<ChunkFile, 'schema' | 'level' | 'index'> {
  readonly schema: typeof NEWEST_SCHEMA;
  /** Segments [from, to) of the log; `to` is the manifest's `segments` when it was written. */
  readonly from: number;
  readonly to: number;
}

/** The file holding `segments` (consecutive seqs, the newest of the log) against the manifest's index. */
export function encodeNewest(segments: readonly Segment[], index: ManifestIndex): NewestFile {
  const { schema: _schema, version: _version, level: _level, index: _index, ...columns } = encodeChunk(0, 0, segments, index);
  const from = segments[0]?.seq ?? 0;
  return { schema: NEWEST_SCHEMA, version: CHUNK_FORMAT_VERSION, from, to: from + segments.length, ...columns };
}

/** Its segments, as format 1 stored them; throws ChunkError when they do not fit the manifest. */
export function decodeNewest(file: NewestFile, manifest: Pick<Manifest, 'suites' | 'cases'>): Segment[] {
  return decodeChunk({ ...file, schema: CHUNK_SCHEMA, level: 0, index: 0 }, manifest, file.to - file.from, file.from);
}
