import type { Segment } from './types.js';
import { ROLLUP_FANOUT } from './types.js';

/** Paths inside data-dir. Fan-out keeps every git tree a publish rewrites under 100 entries. */
export const MANIFEST_PATH = 'manifest.json';

export function segmentPath(seq: number): string {
  const id = String(seq).padStart(8, '0');
  const a = String(Math.floor(seq / 10_000)).padStart(4, '0');
  const b = String(Math.floor(seq / 100) % 100).padStart(2, '0');
  return `data/seg/${a}/${b}/${id}.json`;
}

/**
 * Rollups fan out by hundreds too: at 100,000 segments there are 6,250 level-1 rollups, and one
 * flat folder of them would be a 290 KB tree rewritten by every 16th publish.
 */
export function rollupPath(level: 1 | 2, index: number): string {
  const a = String(Math.floor(index / 100)).padStart(4, '0');
  return `data/roll/${level}/${a}/${String(index).padStart(6, '0')}.json`;
}

/** Segments a rollup of this level covers: [index * size, (index + 1) * size). */
export function rollupSize(level: 1 | 2): number {
  return ROLLUP_FANOUT ** level;
}

/**
 * Applies re-runs: a later segment of the same suite, commit and shape supersedes the earlier
 * points of that shape. Returns the segments in seq order with superseded points removed; files on
 * the branch are never edited, so every reader resolves the log the same way.
 *
 * Imported entries supersede case by case instead: github-action-benchmark appends one entry per
 * job, so two entries of one commit are a re-run only for the benches they share (one job may
 * bench `prod` and another `nightly` under one suite name, every commit). A benchtrend segment of
 * the shape still supersedes them all (imports come first, so it is always the later one).
 */
export function resolveSegments(segments: Iterable<Segment>): Segment[] {
  const bySeq = [...segments].sort((a, b) => a.seq - b.seq);
  const latest = new Map<string, number>();
  const imports = new Map<string, number>();
  for (const s of bySeq) {
    const at = `${s.suite}\u0000${s.commit.sha}`;
    if (s.imported !== undefined) imports.set(at, (imports.get(at) ?? 0) + 1);
    else for (const shape of s.shapes) latest.set(`${at}\u0000${shape}`, s.seq);
  }
  // Case keys only for commits imported more than once: a 100,000-entry import has few of them.
  const latestCase = new Map<string, number>();
  for (const s of bySeq) {
    const at = `${s.suite}\u0000${s.commit.sha}`;
    if (s.imported === undefined || (imports.get(at) ?? 0) < 2) continue;
    for (const p of s.points) latestCase.set(`${at}\u0000${p.shape}\u0000${p.case}`, s.seq);
  }
  return bySeq.map((s) => {
    const at = `${s.suite}\u0000${s.commit.sha}`;
    const once = s.imported !== undefined && (imports.get(at) ?? 0) < 2;
    const points = s.points.filter((p) => {
      const own = latest.get(`${at}\u0000${p.shape}`);
      if (s.imported === undefined) return own === s.seq;
      if (own !== undefined) return false;
      return once || latestCase.get(`${at}\u0000${p.shape}\u0000${p.case}`) === s.seq;
    });
    return points.length === s.points.length ? s : { ...s, points };
  });
}

/**
 * The cases a run (`segment`) takes off its commit by superseding it: those with a point, after
 * `before`'s own re-runs are resolved, at the same suite and commit in a shape the run lists, of
 * which the run has no point, by name. A re-run that repeats its cases takes none off; two jobs that
 * bench one shape of one suite take each other's.
 */
export function casesTakenOff(before: Iterable<Segment>, segment: Segment): { readonly case: string; readonly shape: string }[] {
  if (segment.imported !== undefined) return [];
  const shapes = new Set(segment.shapes);
  const kept = new Set(segment.points.map((p) => p.case));
  const off = new Map<string, string>();
  for (const s of resolveSegments([...before].filter((b) => b.seq < segment.seq && b.suite === segment.suite && b.commit.sha === segment.commit.sha))) {
    for (const p of s.points) if (shapes.has(p.shape) && !kept.has(p.case)) off.set(p.case, p.shape);
  }
  return [...off].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, shape]) => ({ case: name, shape }));
}

/**
 * The earlier segments at `segment`'s suite and commit that it supersedes a shape of and that the
 * same workflow run attempt wrote (the same runUrl, which names the attempt after the first): not
 * an earlier run that this one re-runs, but another job of the same run, a matrix leg benching
 * the same shape, whose points this one replaces.
 */
export function sameRunSuperseded(before: Iterable<Segment>, segment: Segment): Segment[] {
  if (segment.runUrl === undefined) return [];
  return supersededBy(before, segment).filter((b) => b.runUrl === segment.runUrl && !samePoints(b, segment));
}

/**
 * The earlier segments, not imported, at `segment`'s suite and commit that share a shape with it:
 * the runs whose points of those shapes it replaces, whichever run wrote them.
 */
export function supersededBy(before: Iterable<Segment>, segment: Segment): Segment[] {
  if (segment.imported !== undefined) return [];
  const shapes = new Set(segment.shapes);
  return [...before].filter((b) => b.seq < segment.seq && b.suite === segment.suite && b.commit.sha === segment.commit.sha && b.imported === undefined && b.shapes.some((s) => shapes.has(s)));
}

// A merge job run again publishes the same collected artifacts: the same points, nothing replaced.
const samePoints = (a: Segment, b: Segment): boolean => JSON.stringify(a.points) === JSON.stringify(b.points);

/** Format 2's folder of chunks: all of it is what a reader of the whole history reads. */
export const CHUNK_FOLDER = 'data/c';

/**
 * Format 2's chunk of a level and index (docs/trend-format.md): `data/c/<level>/<a>/<index>.json`,
 * a = index / 100, so no folder holds more than 100 entries. The tree holds exactly the chunks
 * coverChunks(0, segments) names: every segment once.
 */
export function chunkPath(level: 0 | 1 | 2, index: number): string {
  const a = String(Math.floor(index / 100)).padStart(4, '0');
  return `${CHUNK_FOLDER}/${level}/${a}/${String(index).padStart(8, '0')}.json`;
}

/** Format 1's folders, removed from the tree when a trend is carried to format 2. */
export const FORMAT1_FOLDERS: readonly string[] = ['data/seg', 'data/roll'];
