/**
 * Every published point as a flat row, re-runs resolved: what `benchtrend history` prints and
 * what scripts rely on. The column set and order are a contract (docs/trend-format.md).
 */
import type { Direction } from '../model.js';
import { MANIFEST_PATH, chunkPath, resolveSegments } from './layout.js';
import { chunksFor, loadSegments, locate, readManifest, type TrendReader } from './load.js';
import { TrendDataError } from './validate.js';
import type { Manifest, Segment } from './types.js';

export interface HistoryRow {
  /** Full commit sha. */
  readonly commit: string;
  /** ISO commit timestamp. */
  readonly timestamp: string;
  readonly suite: string;
  readonly case: string;
  readonly shape: string;
  readonly unit: string;
  readonly direction: Direction;
  /** The median (or the tool's summary value). */
  readonly value: number;
  /** The error bar: first to third quartile, or the tool's own bounds. */
  readonly lo: number;
  readonly hi: number;
  readonly min: number;
  readonly max: number;
  readonly stdev: number | null;
  /** k: runs that reported the case. */
  readonly runs: number;
  /** n: runs in the record. */
  readonly n: number;
  readonly seq: number;
  readonly publishedAt: string;
  /** First line of the commit message. */
  readonly message: string;
  readonly author: string;
  readonly url: string | null;
  readonly runUrl: string | null;
  readonly extra: string | null;
  readonly samples: readonly number[];
}

/** CSV columns, in order. */
export const HISTORY_COLUMNS = [
  'commit', 'timestamp', 'suite', 'case', 'shape', 'unit', 'direction', 'value', 'lo', 'hi', 'min', 'max',
  'stdev', 'runs', 'n', 'seq', 'publishedAt', 'message', 'author', 'url', 'runUrl', 'extra', 'samples',
] as const satisfies readonly (keyof HistoryRow)[];

/** Rows of resolved segments, in seq order then point order; `suite` keeps only that suite. */
export function historyRows(segments: Iterable<Segment>, suite?: string): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const s of resolveSegments(segments)) {
    if (suite !== undefined && s.suite !== suite) continue;
    for (const p of s.points) {
      rows.push({
        commit: s.commit.sha,
        timestamp: s.commit.timestamp,
        suite: s.suite,
        case: p.case,
        shape: p.shape,
        unit: p.unit,
        direction: p.direction,
        value: p.value,
        lo: p.q1,
        hi: p.q3,
        min: p.min,
        max: p.max,
        stdev: p.stdev,
        runs: p.runs,
        n: p.n,
        seq: s.seq,
        publishedAt: s.publishedAt,
        message: s.commit.message.split('\n', 1)[0] ?? '',
        author: s.commit.author,
        url: s.commit.url ?? null,
        runUrl: s.runUrl ?? null,
        extra: p.extra ?? null,
        samples: p.samples,
      });
    }
  }
  return rows;
}

/** The whole trend, validated, as rows. Undefined manifest: the trend was never published. */
export async function readHistory(
  read: TrendReader,
  location: string,
  suite?: string,
): Promise<{ manifest: Manifest | undefined; rows: HistoryRow[] }> {
  const manifest = await readManifest(read, location);
  if (!manifest) return { manifest, rows: [] };
  // The newest segment's file must exist before the whole history is planned: a count no file
  // backs is damage, and costs one read to find instead of a plan of every chunk it claims.
  if (manifest.segments > 0) {
    const newest = chunksFor(manifest.segments - 1, manifest.segments, manifest)[0];
    const path = newest === undefined ? undefined : manifest.version >= 2 ? chunkPath(newest.level, newest.index) : newest.path;
    if (path !== undefined && (await read(path)) === undefined) {
      throw new TrendDataError(
        `${locate(location, MANIFEST_PATH)}: counts ${manifest.segments} segments but ${locate(location, path)} is missing; the manifest is damaged`,
      );
    }
  }
  const segments = await loadSegments(read, location, 0, manifest.segments, manifest);
  return { manifest, rows: historyRows(segments, suite) };
}

function csvField(v: unknown): string {
  const t = v === null || v === undefined ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  return /[",\r\n]/.test(t) || /^\s|\s$/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** RFC 4180 CSV with a header line; samples are space-separated inside one field. */
export function historyCsv(rows: readonly HistoryRow[]): string {
  const lines = [HISTORY_COLUMNS.join(',')];
  for (const r of rows) lines.push(HISTORY_COLUMNS.map((c) => csvField(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
