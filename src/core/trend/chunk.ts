/**
 * Trend format 2: segments stored as columnar chunks (docs/trend-format.md, schemas/chunk.schema.json).
 *
 * Format 1 wrote every point as an object repeating `case`, `shape`, `unit` and `direction`, and
 * kept each segment three times in the tree (segment, level-1 and level-2 rollup): 3.6x the bytes
 * of the data.js it was imported from (issue #12). A chunk holds the same segments as columns:
 * cases by their index in the manifest, numbers in arrays, repeated strings once in `strings`,
 * a column whose rows are all equal as that one value, and the tree keeps each segment in exactly
 * one chunk (coverChunks of the whole log). Decoding gives back the Segment objects of format 1,
 * equal field for field, so every reader above this module is unchanged. Pure: the page uses it too.
 */
import type { Direction } from '../model.js';
import type { CaseInfo, CommitInfo, Manifest, Segment, StoredPoint } from './types.js';

export const CHUNK_SCHEMA = 'benchtrend/chunk';
/** The trend format that stores chunks; format 1 stored segments and rollups. */
export const CHUNK_FORMAT_VERSION = 2;

/** A column: one value per row, or one value standing for every row. */
type Column<T> = T | T[];

export interface ChunkFile {
  readonly schema: typeof CHUNK_SCHEMA;
  readonly version: number;
  /** 0: one segment; 1 and 2: the segments [index * 16^level, (index + 1) * 16^level). */
  readonly level: 0 | 1 | 2;
  readonly index: number;
  /** Strings that columns refer to by position. */
  readonly strings: string[];
  readonly segments: {
    /** Index into the manifest's `suites`. */
    readonly suite: Column<number>;
    readonly sha: string[];
    readonly message: Column<number>;
    readonly author: Column<number>;
    readonly timestamp: string[];
    /** A string whose NUL stands for the sha (`https://github.com/o/r/commit/\u0000`), or null: no url. */
    readonly url?: Column<number | null>;
    readonly runUrl?: Column<number | null>;
    readonly publishedAt: Column<number>;
    readonly shapes: number[][];
    readonly imported?: Column<0 | 1>;
    /** Points of each segment: the next so many rows of `points`. */
    readonly points: Column<number>;
  };
  readonly points: {
    /** Index into the manifest's `cases`. */
    readonly case: Column<number>;
    readonly shape: Column<number>;
    readonly unit: Column<number>;
    readonly direction: Column<number>;
    readonly value: number[];
    readonly q1: number[];
    readonly q3: number[];
    /** `"q1"`: equal to q1 on every row (a summary-only tool's bar), likewise `"q3"` for max. */
    readonly min: number[] | 'q1';
    readonly max: number[] | 'q3';
    readonly stdev: Column<number | null>;
    readonly runs: Column<number>;
    readonly n: Column<number>;
    /** Absent: every point has no samples. */
    readonly samples?: number[][];
    readonly wall?: Column<number | null>;
    readonly extra?: Column<number | null>;
    readonly summaryOnly?: Column<boolean | null>;
    readonly range?: Column<number | null>;
    readonly failed?: Column<number | null>;
  };
}

/** Raised by decodeChunk for a chunk that does not fit its manifest; callers add the file name. */
export class ChunkError extends Error {
  override readonly name = 'ChunkError';
}

const SHA = '\u0000';

function column<T>(values: readonly T[]): Column<T> {
  const first = values[0];
  return values.length > 0 && values.every((v) => v === first) ? (first as T) : [...values];
}

/** An optional field: absent when no row has it, null on the rows without it. */
function optional<T>(values: readonly (T | undefined)[]): Column<T | null> | undefined {
  if (values.every((v) => v === undefined)) return undefined;
  return column(values.map((v) => (v === undefined ? null : v)));
}

class Strings {
  readonly list: string[] = [];
  private readonly at = new Map<string, number>();
  of(s: string): number {
    let i = this.at.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.at.set(s, i);
    }
    return i;
  }
}

const caseKey = (suite: string, name: string) => `${suite}\u0000${name}`;

/** Index of every case and suite of a manifest, for encoding against it. */
export interface ManifestIndex {
  readonly suite: ReadonlyMap<string, number>;
  readonly case: ReadonlyMap<string, number>;
}

export function indexManifest(manifest: Pick<Manifest, 'suites' | 'cases'>): ManifestIndex {
  return {
    suite: new Map(manifest.suites.map((s, i) => [s, i])),
    case: new Map(manifest.cases.map((c, i) => [caseKey(c.suite, c.case), i])),
  };
}

/** The chunk of `segments` (consecutive seqs, starting at its place) against a manifest that lists all their cases. */
export function encodeChunk(level: 0 | 1 | 2, index: number, segments: readonly Segment[], manifest: ManifestIndex): ChunkFile {
  const strings = new Strings();
  const points = segments.flatMap((s) => s.points.map((p) => ({ s, p })));
  const lookup = <K>(map: ReadonlyMap<K, number>, key: K, what: string): number => {
    const i = map.get(key);
    if (i === undefined) throw new Error(`${what} is not in the manifest the chunk refers to`);
    return i;
  };
  const url = (c: CommitInfo) => (c.url === undefined ? undefined : strings.of(c.url.includes(SHA) ? c.url : c.url.split(c.sha).join(SHA)));
  const min = points.every(({ p }) => Object.is(p.min, p.q1)) ? ('q1' as const) : points.map(({ p }) => p.min);
  const max = points.every(({ p }) => Object.is(p.max, p.q3)) ? ('q3' as const) : points.map(({ p }) => p.max);
  const samples = points.some(({ p }) => p.samples.length > 0) ? points.map(({ p }) => [...p.samples]) : undefined;
  const seg = {
    suite: column(segments.map((s) => lookup(manifest.suite, s.suite, `suite "${s.suite}"`))),
    sha: segments.map((s) => s.commit.sha),
    message: column(segments.map((s) => strings.of(s.commit.message))),
    author: column(segments.map((s) => strings.of(s.commit.author))),
    timestamp: segments.map((s) => s.commit.timestamp),
    url: optional(segments.map((s) => url(s.commit))),
    runUrl: optional(segments.map((s) => (s.runUrl === undefined ? undefined : strings.of(s.runUrl)))),
    publishedAt: column(segments.map((s) => strings.of(s.publishedAt))),
    shapes: segments.map((s) => s.shapes.map((x) => strings.of(x))),
    imported: optional(segments.map((s) => (s.imported ? (1 as const) : undefined))),
    points: column(segments.map((s) => s.points.length)),
  };
  const pts = {
    case: column(points.map(({ s, p }) => lookup(manifest.case, caseKey(s.suite, p.case), `case "${p.case}" of suite "${s.suite}"`))),
    shape: column(points.map(({ p }) => strings.of(p.shape))),
    unit: column(points.map(({ p }) => strings.of(p.unit))),
    direction: column(points.map(({ p }) => strings.of(p.direction))),
    value: points.map(({ p }) => p.value),
    q1: points.map(({ p }) => p.q1),
    q3: points.map(({ p }) => p.q3),
    min,
    max,
    stdev: column(points.map(({ p }) => p.stdev)),
    runs: column(points.map(({ p }) => p.runs)),
    n: column(points.map(({ p }) => p.n)),
    samples,
    wall: optional(points.map(({ p }) => p.wall)),
    extra: optional(points.map(({ p }) => (p.extra === undefined ? undefined : strings.of(p.extra)))),
    summaryOnly: optional(points.map(({ p }) => p.summaryOnly)),
    range: optional(points.map(({ p }) => (p.range === undefined ? undefined : strings.of(p.range)))),
    failed: optional(points.map(({ p }) => p.failed)),
  };
  const drop = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return { schema: CHUNK_SCHEMA, version: CHUNK_FORMAT_VERSION, level, index, strings: strings.list, segments: drop(seg), points: drop(pts) } as ChunkFile;
}

function cell<T>(col: Column<T> | undefined, i: number, rows: number, what: string): T | undefined {
  if (col === undefined) return undefined;
  if (!Array.isArray(col)) return col;
  if (col.length !== rows) throw new ChunkError(`${what} has ${col.length} rows, expected ${rows}`);
  return col[i];
}

/**
 * The segments of a chunk, as format 1 stored them, against the manifest whose cases it refers to
 * (manifests only ever append cases, so a later one serves as well). `size` is the number of
 * segments the chunk's place says it holds; `first` the seq of its first (the newest-points file,
 * newest.ts, holds columns of segments that start anywhere).
 */
export function decodeChunk(chunk: ChunkFile, manifest: Pick<Manifest, 'suites' | 'cases'>, size: number, first = chunk.index * size): Segment[] {
  const out: Segment[] = [];
  eachDecoded(chunk, manifest, size, first, (s) => out.push(s));
  return out;
}

/**
 * decodeChunk's segments one at a time, in order, each handed to `visit` and kept by no one
 * else: the check of a chunk just written compares them as they come, so an import's chunks of
 * 4,096 segments are never held decoded at once (they outlived the young generation and took
 * the import's peak from about 330 to 420 MB on some runs). Throws ChunkError as decodeChunk does.
 */
export function eachDecoded(chunk: ChunkFile, manifest: Pick<Manifest, 'suites' | 'cases'>, size: number, first: number, visit: (segment: Segment, i: number) => void): void {
  const { strings, segments: S, points: P } = chunk;
  if (S.sha.length !== size) throw new ChunkError(`holds ${S.sha.length} segments, its place ${size}`);
  // Every point reads several strings: the place named in a refusal is built only for one.
  const str = (i: number | null | undefined, column: string, at: number): string => {
    const s = typeof i === 'number' ? strings[i] : undefined;
    if (s === undefined) throw new ChunkError(`${column}[${at}] refers to string ${String(i)}, which is not in "strings"`);
    return s;
  };
  const counts = S.sha.map((_, i) => cell(S.points, i, size, 'segments.points') ?? 0);
  const rows = counts.reduce((a, b) => a + b, 0);
  if (P.value.length !== rows || P.q1.length !== rows || P.q3.length !== rows) throw new ChunkError(`points hold ${P.value.length} values, the segments count ${rows}`);
  let row = 0;
  for (let i = 0; i < size; i++) {
    const suiteAt = cell(S.suite, i, size, 'segments.suite');
    const suite = typeof suiteAt === 'number' ? manifest.suites[suiteAt] : undefined;
    if (suite === undefined) throw new ChunkError(`segments.suite[${i}] is ${String(suiteAt)}, not a suite of the manifest`);
    const sha = S.sha[i] as string;
    const urlAt = cell(S.url, i, size, 'segments.url');
    const runAt = cell(S.runUrl, i, size, 'segments.runUrl');
    const commit: CommitInfo = {
      sha,
      message: str(cell(S.message, i, size, 'segments.message'), 'segments.message', i),
      author: str(cell(S.author, i, size, 'segments.author'), 'segments.author', i),
      timestamp: S.timestamp[i] ?? '',
      ...(urlAt !== undefined && urlAt !== null ? { url: str(urlAt, 'segments.url', i).split(SHA).join(sha) } : {}),
    };
    const points: StoredPoint[] = [];
    for (let k = 0; k < (counts[i] ?? 0); k++, row++) {
      const caseAt = cell(P.case, row, rows, 'points.case');
      const info: CaseInfo | undefined = typeof caseAt === 'number' ? manifest.cases[caseAt] : undefined;
      if (info === undefined || info.suite !== suite) throw new ChunkError(`points.case[${row}] is ${String(caseAt)}, not a case of suite "${suite}" in the manifest`);
      const stdev = cell(P.stdev, row, rows, 'points.stdev');
      const wall = cell(P.wall, row, rows, 'points.wall');
      const extra = cell(P.extra, row, rows, 'points.extra');
      const summaryOnly = cell(P.summaryOnly, row, rows, 'points.summaryOnly');
      const range = cell(P.range, row, rows, 'points.range');
      const failed = cell(P.failed, row, rows, 'points.failed');
      const q1 = P.q1[row] as number;
      const q3 = P.q3[row] as number;
      // The optional fields are set after, in the order JSON writes them, not spread in: every
      // spread is an object of its own, five for each of an import's 200,000 points.
      const point: { -readonly [K in keyof StoredPoint]: StoredPoint[K] } = {
        case: info.case,
        shape: str(cell(P.shape, row, rows, 'points.shape'), 'points.shape', row),
        unit: str(cell(P.unit, row, rows, 'points.unit'), 'points.unit', row),
        direction: str(cell(P.direction, row, rows, 'points.direction'), 'points.direction', row) as Direction,
        value: P.value[row] as number,
        q1,
        q3,
        min: P.min === 'q1' ? q1 : (cell(P.min, row, rows, 'points.min') as number),
        max: P.max === 'q3' ? q3 : (cell(P.max, row, rows, 'points.max') as number),
        stdev: stdev ?? null,
        runs: cell(P.runs, row, rows, 'points.runs') as number,
        n: cell(P.n, row, rows, 'points.n') as number,
        samples: P.samples ? [...(cell(P.samples, row, rows, 'points.samples') as number[])] : [],
      };
      if (wall !== undefined && wall !== null) point.wall = wall;
      if (extra !== undefined && extra !== null) point.extra = str(extra, 'points.extra', row);
      if (summaryOnly !== undefined && summaryOnly !== null) point.summaryOnly = summaryOnly;
      if (range !== undefined && range !== null) point.range = str(range, 'points.range', row);
      if (failed !== undefined && failed !== null) point.failed = failed;
      points.push(point);
    }
    const runUrl = runAt !== undefined && runAt !== null ? str(runAt, 'segments.runUrl', i) : undefined;
    const segment: Segment = {
      schema: 'benchtrend/segment',
      version: 1,
      seq: first + i,
      suite,
      commit,
      ...(runUrl !== undefined ? { runUrl } : {}),
      publishedAt: str(cell(S.publishedAt, i, size, 'segments.publishedAt'), 'segments.publishedAt', i),
      shapes: (S.shapes[i] ?? []).map((x) => str(x, 'segments.shapes', i)),
      points,
      ...(cell(S.imported, i, size, 'segments.imported') === 1 ? { imported: 'github-action-benchmark' as const } : {}),
    };
    visit(segment, i);
  }
}

/** How many keys JSON.stringify writes: own enumerable ones whose value is not undefined. */
function writtenKeyCount(o: Record<string, unknown>): number {
  let n = 0;
  for (const k in o) if (Object.hasOwn(o, k) && o[k] !== undefined) n++;
  return n;
}

/**
 * True when `a` and `b` would be written as the same JSON, whatever their key order. Walked in
 * place rather than by comparing sorted serializations: an import of 100,000 commits checks every
 * chunk it writes, and building two strings per segment was a third of its time. Nor are key
 * lists built: an import of 20,000 x 10 allocated some 200 MB of them for this check alone.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const objA = a !== null && typeof a === 'object';
  const objB = b !== null && typeof b === 'object';
  if (objA || objB) {
    if (!objA || !objB) return false;
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    let keys = 0;
    for (const k in x) {
      if (!Object.hasOwn(x, k) || x[k] === undefined) continue;
      if (y[k] === undefined || !Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
      keys++;
    }
    return keys === writtenKeyCount(y);
  }
  // Numbers and the rest as JSON writes them: NaN and null are both null.
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when two lists of segments hold the same data as JSON writes it, whatever the key order. */
export function sameSegments(a: readonly Segment[], b: readonly Segment[]): boolean {
  return a.length === b.length && a.every((s, i) => sameJson(s, b[i]));
}
