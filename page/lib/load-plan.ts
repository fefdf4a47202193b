import { chunkPath, rollupPath, rollupSize, segmentPath } from '../../src/core/trend/layout.js';

/**
 * Which files to fetch, newest first. The trend is an append-only log of segments 0..total-1;
 * every complete group of 16 segments also exists as one level-1 rollup and every complete group
 * of 256 as one level-2 rollup. A reader covers a range with the fewest files: single segments only
 * for the tail not yet rolled up (at most 15), then rollups.
 */

export interface Chunk {
  /** Path inside data-dir. */
  readonly path: string;
  /** 0 for a single segment, else the rollup level. */
  readonly level: 0 | 1 | 2;
  /** Segments [from, to). */
  readonly from: number;
  readonly to: number;
}

export function segmentChunk(seq: number): Chunk {
  return { path: segmentPath(seq), level: 0, from: seq, to: seq + 1 };
}

export function rollupChunk(level: 1 | 2, index: number): Chunk {
  const size = rollupSize(level);
  return { path: rollupPath(level, index), level, from: index * size, to: (index + 1) * size };
}

/**
 * The largest file that ends exactly at `end` and is allowed by `maxLevel`. Rollups exist only for
 * complete groups, and a group ending at or before `total` is complete.
 */
function chunkEndingAt(end: number, total: number, maxLevel: 0 | 1 | 2): Chunk {
  for (const level of [2, 1] as const) {
    const size = rollupSize(level);
    if (level <= maxLevel && end % size === 0 && end >= size && end <= total) return rollupChunk(level, end / size - 1);
  }
  return segmentChunk(end - 1);
}

/**
 * Files covering at least `want` segments before `end` (or down to segment 0), newest first.
 * `maxLevel` 1 keeps the first view's download small and independent of history length: a level-2
 * rollup holds 256 segments, more than a first view needs.
 */
export function planBefore(end: number, want: number, total: number, maxLevel: 0 | 1 | 2, format = 1): Chunk[] {
  if (format >= 2) return planChunksBefore(end, want, total);
  const out: Chunk[] = [];
  let at = Math.min(end, total);
  while (at > 0 && end - at < want) {
    const c = chunkEndingAt(at, total, maxLevel);
    out.push(c);
    at = c.from;
  }
  return out;
}

/**
 * The files that together hold the same segments as `chunk`, one level finer: used when a rollup
 * cannot be read (a publisher that wrote it is still pushing, or a host dropped it), so one missing
 * file costs more requests instead of a hole in the history.
 */
export function splitChunk(chunk: Chunk): Chunk[] {
  if (chunk.level === 0) return [];
  const out: Chunk[] = [];
  if (chunk.level === 2) {
    for (let i = chunk.from / rollupSize(1) + 15; i >= chunk.from / rollupSize(1); i--) out.push(rollupChunk(1, i));
  } else {
    for (let s = chunk.to - 1; s >= chunk.from; s--) out.push(segmentChunk(s));
  }
  return out;
}

/**
 * Segments the first charts are drawn from, before the rest of the first view is asked for. Kept
 * small because a file holds every case: on snarkVM's 363 cases a single segment is about 12 KB
 * and a 16-segment chunk about 180 KB, after a 120 KB manifest and the 90 KB page.
 */
export const FIRST_WINDOW_SEGMENTS = 4;

/**
 * The newest files the first charts are drawn from: up to `want` single segments of the tail not
 * yet rolled up, and only when there are none (the log ends on a group of 16 or 256) the one newest
 * chunk. So the bytes before the first chart are those of at most `want` single segments or one
 * chunk, whatever the history's length. The rest of the first view (planBefore) comes after.
 */
export function planWindow(total: number, want: number, format = 1): Chunk[] {
  const plan = format >= 2 ? planChunksBefore(total, want, total) : planBefore(total, want, total, 1, format);
  const out: Chunk[] = [];
  for (const c of plan) {
    if (c.level > 0 && out.length > 0) break;
    out.push(c);
    if (c.level > 0) break;
  }
  return out;
}

/** Segments a first view loads: about a hundred publishes, enough to see a trend and its noise. */
export const FIRST_VIEW_SEGMENTS = 96;
/** Segments one step back loads: one level-2 rollup once aligned. */
export const OLDER_STEP_SEGMENTS = 256;

/**
 * Format 2 keeps each segment in one chunk only (coverChunks of the whole log: level-2 chunks of
 * 256, then level-1 chunks of 16, then single segments), so the files before `end` are those.
 */
function planChunksBefore(end: number, want: number, total: number): Chunk[] {
  const all: Chunk[] = [];
  let s = 0;
  while (s < total) {
    const level = s % 256 === 0 && s + 256 <= total ? 2 : s % 16 === 0 && s + 16 <= total ? 1 : 0;
    const size = level === 0 ? 1 : rollupSize(level);
    all.push({ path: chunkPath(level, s / size), level, from: s, to: s + size });
    s += size;
  }
  const out: Chunk[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const c = all[i] as Chunk;
    if (c.from >= end) continue;
    if (end - c.to >= want) break;
    out.push(c);
  }
  return out;
}
