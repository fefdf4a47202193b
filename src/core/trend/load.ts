import { MANIFEST_PATH, rollupPath, rollupSize, segmentPath } from './layout.js';
import type { Manifest, Segment } from './types.js';
import { TrendDataError, parseManifest, parseRollup, parseSegment } from './validate.js';

/**
 * Reads one file of data-dir (path relative to it) from wherever the trend lives: undefined when
 * it does not exist. Effects implement it over git; tests over a Map.
 */
export type TrendReader = (path: string) => Promise<string | undefined>;

/** One file that holds segments [from, to): a single segment (level 0) or a rollup. */
export interface Chunk {
  readonly level: 0 | 1 | 2;
  readonly index: number;
  readonly from: number;
  readonly to: number;
  readonly path: string;
}

function chunk(level: 0 | 1 | 2, index: number): Chunk {
  if (level === 0) return { level, index, from: index, to: index + 1, path: segmentPath(index) };
  const size = rollupSize(level);
  return { level, index, from: index * size, to: (index + 1) * size, path: rollupPath(level, index) };
}

/**
 * The fewest files that hold segments [from, to) of a trend whose rollups are complete up to
 * `to`: the largest aligned rollup that fits at each step, single segments for the ragged ends.
 */
export function coverChunks(from: number, to: number): Chunk[] {
  const out: Chunk[] = [];
  let s = from;
  while (s < to) {
    const big = rollupSize(2);
    const small = rollupSize(1);
    if (s % big === 0 && s + big <= to) out.push(chunk(2, s / big));
    else if (s % small === 0 && s + small <= to) out.push(chunk(1, s / small));
    else out.push(chunk(0, s));
    s = out[out.length - 1]!.to;
  }
  return out;
}

/** `location` is how messages name data-dir (`gh-pages:dev/bench`). */
export function locate(location: string, path: string): string {
  return location === '' ? path : `${location}/${path}`;
}

/** The manifest, validated; undefined for a trend never published. */
export async function readManifest(read: TrendReader, location: string): Promise<Manifest | undefined> {
  const text = await read(MANIFEST_PATH);
  return text === undefined ? undefined : parseManifest(locate(location, MANIFEST_PATH), text);
}

async function readChunk(read: TrendReader, location: string, c: Chunk): Promise<readonly Segment[]> {
  const file = locate(location, c.path);
  const text = await read(c.path);
  if (text === undefined) {
    throw new TrendDataError(`${file}: missing, but ${locate(location, MANIFEST_PATH)} lists segments up to ${c.to - 1}; refusing to publish over a trend with a hole`);
  }
  if (c.level === 0) return [parseSegment(file, text, c.index)];
  return parseRollup(file, text, c.level, c.index, c.to - c.from).segments;
}

/**
 * Segments [from, to), validated, in seq order, as stored (re-runs not yet resolved). Files are
 * requested together so an effect can fetch them in one round trip.
 */
export async function loadSegments(read: TrendReader, location: string, from: number, to: number): Promise<Segment[]> {
  const parts = await Promise.all(coverChunks(from, to).map((c) => readChunk(read, location, c)));
  return parts.flat();
}

/** One level-1 rollup's segments, validated. */
export async function loadRollup(read: TrendReader, location: string, level: 1 | 2, index: number): Promise<readonly Segment[]> {
  return readChunk(read, location, chunk(level, index));
}
