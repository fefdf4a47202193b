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
 */
export function resolveSegments(segments: Iterable<Segment>): Segment[] {
  const bySeq = [...segments].sort((a, b) => a.seq - b.seq);
  const latest = new Map<string, number>();
  for (const s of bySeq) {
    for (const shape of s.shapes) latest.set(`${s.suite}\u0000${s.commit.sha}\u0000${shape}`, s.seq);
  }
  return bySeq.map((s) => {
    const points = s.points.filter((p) => latest.get(`${s.suite}\u0000${s.commit.sha}\u0000${p.shape}`) === s.seq);
    return points.length === s.points.length ? s : { ...s, points };
  });
}

/**
 * Format 2's chunk of a level and index (docs/trend-format.md): `data/c/<level>/<a>/<index>.json`,
 * a = index / 100, so no folder holds more than 100 entries. The tree holds exactly the chunks
 * coverChunks(0, segments) names: every segment once.
 */
export function chunkPath(level: 0 | 1 | 2, index: number): string {
  const a = String(Math.floor(index / 100)).padStart(4, '0');
  return `data/c/${level}/${a}/${String(index).padStart(8, '0')}.json`;
}

/** Format 1's folders, removed from the tree when a trend is carried to format 2. */
export const FORMAT1_FOLDERS: readonly string[] = ['data/seg', 'data/roll'];
