import { MANIFEST_PATH, chunkPath, rollupPath, rollupSize, segmentPath } from './layout.js';
import type { Manifest, Segment } from './types.js';
import { TrendDataError, parseChunk, parseManifest, parseRollup, parseSegment } from './validate.js';

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

function holeText(location: string, file: string, c: Chunk, last: number): string {
  const held = c.to - c.from === 1 ? `segment ${c.from}` : `segments ${c.from} to ${c.to - 1}`;
  return `${file}: missing, but ${locate(location, MANIFEST_PATH)} lists segments up to ${last}, ${held} among them`;
}

/**
 * A warning per level-1 or level-2 chunk of a format 2 trend that `exists` does not find. A
 * publish reads only the newest chunks, so one deleted further back went unseen while the chart
 * page failed to load the history it held. Not refused: the publish writes nothing there and
 * loses nothing, and refusing would stop every publish until the file is back; the publish that
 * must gather a missing level-1 chunk into a level-2 one refuses then, as readers do.
 */
export async function missingRollups(exists: (path: string) => Promise<boolean>, location: string, manifest: Pick<Manifest, 'version' | 'segments'>): Promise<string[]> {
  if (manifest.version < 2) return [];
  const rollups = coverChunks(0, manifest.segments).filter((c) => c.level > 0);
  const found = await Promise.all(rollups.map((c) => exists(chunkPath(c.level, c.index))));
  // `location` is `<branch>:<data-dir>`, and a branch name never holds a colon.
  const onBranch = (path: string) => locate(location.slice(location.indexOf(':') + 1), path);
  return rollups
    .filter((_, i) => !found[i])
    .map((c) => {
      const path = chunkPath(c.level, c.index);
      return `${holeText(location, locate(location, path), c, manifest.segments - 1)}: the chart page and benchtrend history cannot load them; restore the file from the branch's history (git log --diff-filter=D -- ${onBranch(path)}) and push it back`;
    });
}

async function readChunk(read: TrendReader, location: string, c: Chunk, manifest: Manifest | undefined): Promise<readonly Segment[]> {
  const v2 = manifest !== undefined && manifest.version >= 2;
  const path = v2 ? chunkPath(c.level, c.index) : c.path;
  const file = locate(location, path);
  const text = await read(path);
  if (text === undefined) {
    // The log's last segment, not the chunk's: a chunk's own end read as the manifest's count
    // ("lists segments up to 2" of a 6-segment log) sent users looking for a manifest edit.
    throw new TrendDataError(`${holeText(location, file, c, manifest === undefined ? c.to - 1 : manifest.segments - 1)}; refusing to publish over a trend with a hole`);
  }
  if (v2) return parseChunk(file, text, c.level, c.index, c.to - c.from, manifest);
  if (c.level === 0) return [parseSegment(file, text, c.index)];
  return parseRollup(file, text, c.level, c.index, c.to - c.from).segments;
}

/**
 * The files holding segments [from, to). Format 1 keeps every aligned group as a rollup, so the
 * fewest files covering the range; format 2 keeps only the chunks covering the whole log, so
 * those of them that overlap the range.
 */
export function chunksFor(from: number, to: number, manifest: Pick<Manifest, 'version' | 'segments'> | undefined): Chunk[] {
  if (manifest === undefined || manifest.version < 2) return coverChunks(from, to);
  return coverChunks(0, manifest.segments).filter((c) => c.to > from && c.from < to);
}

/**
 * Segments [from, to), validated, in seq order, as stored (re-runs not yet resolved). Files are
 * requested together so an effect can fetch them in one round trip. `manifest` is the trend's,
 * read again when not given: it says the format and names the cases chunks refer to.
 */
export async function loadSegments(read: TrendReader, location: string, from: number, to: number, manifest?: Manifest): Promise<Segment[]> {
  const m = manifest ?? (await readManifest(read, location));
  const parts = await Promise.all(chunksFor(from, to, m).map((c) => readChunk(read, location, c, m)));
  return parts.flat().filter((s) => s.seq >= from && s.seq < to);
}
