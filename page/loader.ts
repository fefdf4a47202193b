import { MANIFEST_PATH } from '../src/core/trend/layout.js';
import { decodeChunk, type ChunkFile } from '../src/core/trend/chunk.js';
import { NEWEST_PATH, NEWEST_SCHEMA, decodeNewest, type NewestFile } from '../src/core/trend/newest.js';
import type { CaseInfo, Manifest, Rollup, Segment } from '../src/core/trend/types.js';
import { manifestEntries, soundChunkRows, soundSegments } from './lib/damage.js';
import { splitChunk, type Chunk } from './lib/load-plan.js';
import { manifestDamage } from './lib/manifest-check.js';

/**
 * Reads the trend's files from the page's own folder: relative URLs only, so the page never asks
 * anything outside it. Segments and rollups are immutable and may come from the HTTP cache; the
 * manifest changes on every publish and is revalidated.
 */

export class TrendReadError extends Error {
  override readonly name = 'TrendReadError';
}

async function getJson(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(path, init);
  if (!res.ok) throw new TrendReadError(`${path}: HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new TrendReadError(`${path}: not valid JSON`);
  }
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * What reading the data needs of the manifest: its format, and its suites and cases by the index
 * chunks refer to them with (undefined where a case was left out as damaged).
 */
export interface DataIndex {
  readonly version: number;
  readonly suites: readonly string[];
  readonly caseAt: readonly (CaseInfo | undefined)[];
}

/** Segments read from a file, and a line for each kind of damaged entry left out of them. */
export interface SegmentsRead {
  readonly segments: Segment[];
  readonly problems: string[];
}

/**
 * The manifest, with the alerts, annotations and cases the page cannot use left out (a line for
 * each kind in `problems`); refused whole only when what the page plans its reads from is damaged.
 */
export async function readManifest(): Promise<{ manifest: Manifest; index: DataIndex; problems: string[] }> {
  const m = await getJson(MANIFEST_PATH, { cache: 'no-cache' });
  if (!isObject(m) || m['schema'] !== 'benchtrend/manifest') throw new TrendReadError(`${MANIFEST_PATH}: not a benchtrend manifest`);
  for (const field of ['segments', 'version'] as const) {
    if (typeof m[field] !== 'number') throw new TrendReadError(`${MANIFEST_PATH}: "${field}" is not a number`);
  }
  for (const field of ['suites', 'cases', 'annotations', 'alerts'] as const) {
    if (m[field] !== undefined && !Array.isArray(m[field])) throw new TrendReadError(`${MANIFEST_PATH}: "${field}" is not a list`);
  }
  const damage = manifestDamage(MANIFEST_PATH, m);
  if (damage) throw new TrendReadError(damage);
  const entries = manifestEntries(MANIFEST_PATH, m);
  const suites = Array.isArray(m['suites']) ? (m['suites'] as unknown[]).map(String) : [];
  // Older writers may leave out the lists; a reader treats them as empty rather than failing.
  const manifest = { ...m, suites, cases: entries.cases, annotations: entries.annotations, alerts: entries.alerts } as unknown as Manifest;
  return { manifest, index: { version: manifest.version, suites, caseAt: entries.caseAt }, problems: entries.problems };
}

/** A chunk's (or the newest points') segments, its damaged rows left out before it is decoded. */
function chunkSegments(path: string, data: Record<string, unknown>, index: DataIndex, decode: (file: Record<string, unknown>, cases: Pick<Manifest, 'suites' | 'cases'>) => Segment[]): SegmentsRead {
  const rows = soundChunkRows(path, data, index.suites, index.caseAt);
  // Rows of a case left out were taken out with it: the decoder never looks up its hole.
  const sound = soundSegments(path, decode(rows.file, { suites: index.suites, cases: index.caseAt as CaseInfo[] }), false);
  return { segments: sound.segments, problems: [...rows.problems, ...sound.problems] };
}

function segmentsOf(path: string, data: unknown, chunk: Chunk, index: DataIndex | undefined): SegmentsRead {
  if (isObject(data) && data['schema'] === 'benchtrend/chunk' && index !== undefined) {
    try {
      return chunkSegments(path, data, index, (file, cases) => decodeChunk(file as unknown as ChunkFile, cases, chunk.to - chunk.from));
    } catch (e) {
      throw new TrendReadError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (isObject(data) && data['schema'] === 'benchtrend/segment' && Array.isArray(data['points'])) return soundSegments(path, [data as unknown as Segment]);
  if (isObject(data) && data['schema'] === 'benchtrend/rollup' && Array.isArray(data['segments'])) return soundSegments(path, (data as unknown as Rollup).segments);
  throw new TrendReadError(`${path}: neither a segment nor a rollup`);
}

async function readChunk(chunk: Chunk, index: DataIndex | undefined, revalidate: ReadonlySet<string>): Promise<SegmentsRead> {
  try {
    // A file that failed before may sit in the HTTP cache as it failed (a truncated body served
    // with max-age while Pages deployed): asked again, it is revalidated.
    const init: RequestInit | undefined = revalidate.has(chunk.path) ? { cache: 'no-cache' } : undefined;
    return segmentsOf(chunk.path, await getJson(chunk.path, init), chunk, index);
  } catch (e) {
    // Format 2 keeps no finer copy of a chunk to fall back on.
    const finer = index !== undefined && index.version >= 2 ? [] : splitChunk(chunk);
    if (finer.length === 0) throw e instanceof TrendReadError ? e : new TrendReadError(`${chunk.path}: ${e instanceof Error ? e.message : String(e)}`);
    const parts = await Promise.all(finer.map((c) => readChunk(c, index, revalidate)));
    return { segments: parts.flatMap((p) => p.segments), problems: parts.flatMap((p) => p.problems) };
  }
}

export interface ChunksRead extends SegmentsRead {
  /** The chunks read, newest first: those before the first that failed. */
  readonly read: Chunk[];
  /** The first chunk that could not be read, and why ("<path>: HTTP 503"). */
  readonly failed?: { readonly chunk: Chunk; readonly message: string };
}

/**
 * Reads chunks (newest first, each ending where the one before begins) with a few requests in
 * flight: browsers queue beyond six per host anyway. Stops at the first that cannot be read and
 * keeps what came before it: what is loaded stays one unbroken run of the newest publishes, and
 * asking again starts at the file that failed. Its path goes into `failed`, to be revalidated.
 */
export async function readChunks(chunks: readonly Chunk[], index?: DataIndex, failed: Set<string> = new Set(), concurrency = 6): Promise<ChunksRead> {
  const results: (SegmentsRead | undefined)[] = new Array(chunks.length);
  let stop = chunks.length;
  let failure: ChunksRead['failed'];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < stop) {
      const i = next++;
      const chunk = chunks[i] as Chunk;
      try {
        results[i] = await readChunk(chunk, index, failed);
        failed.delete(chunk.path);
      } catch (e) {
        failed.add(chunk.path);
        if (i < stop) {
          stop = i;
          failure = { chunk, message: (e as Error).message };
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  const read = results.slice(0, stop) as SegmentsRead[];
  return {
    segments: read.flatMap((r) => r.segments),
    problems: read.flatMap((r) => r.problems),
    read: chunks.slice(0, stop),
    ...(failure ? { failed: failure } : {}),
  };
}

/**
 * data/newest.json as fetched: asked for beside the manifest, before the page knows the trend's
 * format, so the newest points arrive with it rather than a round trip later. Undefined when it
 * cannot be read (a format 1 trend, or one written before the file, has none).
 */
export async function fetchNewest(): Promise<unknown> {
  try {
    // Rewritten by every publish, like the manifest: revalidated, never taken from the cache as it is.
    return await getJson(NEWEST_PATH, { cache: 'no-cache' });
  } catch {
    return undefined;
  }
}

/**
 * The newest points (the newest few segments, rewritten by every publish) from what fetchNewest
 * got, or undefined when the page cannot use them: none, format 1, or a file stale against this
 * manifest or damaged. They are a copy of what the chunks hold, so the page then reads the
 * newest chunks instead.
 */
export function newestOf(data: unknown, manifest: Manifest, index: DataIndex): (SegmentsRead & { from: number }) | undefined {
  if (manifest.version < 2 || manifest.segments === 0) return undefined;
  if (!isObject(data) || data['schema'] !== NEWEST_SCHEMA || data['to'] !== manifest.segments) return undefined;
  const file = data as unknown as NewestFile;
  if (!Number.isInteger(file.from) || file.from < 0 || file.from >= file.to) return undefined;
  try {
    return { from: file.from, ...chunkSegments(NEWEST_PATH, data, index, (f, cases) => decodeNewest(f as unknown as NewestFile, cases)) };
  } catch {
    return undefined;
  }
}
