import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_SEGMENTS, FIRST_WINDOW_SEGMENTS, planBefore, planWindow, splitChunk, type Chunk } from '../../page/lib/load-plan.js';
import { chunkPath, rollupPath, segmentPath } from '../../src/core/trend/layout.js';

function covered(chunks: readonly Chunk[]): number[] {
  return chunks.flatMap((c) => Array.from({ length: c.to - c.from }, (_, i) => c.from + i)).sort((a, b) => a - b);
}

describe('load planning', () => {
  it('reads the tail as single segments, then level-1 rollups, newest first, for the first view', () => {
    const plan = planBefore(170, FIRST_VIEW_SEGMENTS, 170, 1);
    expect(plan.slice(0, 10).map((c) => c.path)).toEqual(Array.from({ length: 10 }, (_, i) => segmentPath(169 - i)));
    expect(plan.slice(10).map((c) => c.path)).toEqual([9, 8, 7, 6, 5, 4].map((k) => rollupPath(1, k)));
    expect(covered(plan)).toEqual(Array.from({ length: 106 }, (_, i) => 64 + i));
  });

  it('reads the same number of files for the first view whatever the history length', () => {
    const counts = [1000, 10_000, 100_000, 100_007, 4_096].map((total) => planBefore(total, FIRST_VIEW_SEGMENTS, total, 1));
    for (const plan of counts) {
      expect(plan.length).toBeLessThanOrEqual(15 + Math.ceil(FIRST_VIEW_SEGMENTS / 16));
      expect(plan.every((c) => c.level < 2)).toBe(true);
    }
    expect(counts[2]?.map((c) => c.level)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('uses level-2 rollups once aligned when walking back, and covers every segment exactly once', () => {
    const plan = planBefore(600, 600, 1000, 2);
    expect(plan.map((c) => [c.level, c.from, c.to])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [0, 599 - i, 600 - i]),
      [1, 576, 592],
      [1, 560, 576],
      [1, 544, 560],
      [1, 528, 544],
      [1, 512, 528],
      [2, 256, 512],
      [2, 0, 256],
    ]);
    expect(covered(plan)).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });

  it('never names a rollup of a group that is not complete', () => {
    for (const total of [1, 15, 16, 17, 255, 256, 257, 511]) {
      const plan = planBefore(total, total, total, 2);
      expect(covered(plan)).toEqual(Array.from({ length: total }, (_, i) => i));
      for (const c of plan) expect(c.to).toBeLessThanOrEqual(total);
    }
  });

  it('plans nothing for an empty trend or when everything is loaded', () => {
    expect(planBefore(0, 96, 0, 1)).toEqual([]);
    expect(planBefore(0, 96, 500, 2)).toEqual([]);
  });

  it('splits a missing rollup into the finer files holding the same segments', () => {
    const [l2] = planBefore(512, 256, 512, 2);
    const l1 = splitChunk(l2 as Chunk);
    expect(l1).toHaveLength(16);
    expect(l1[0]).toEqual({ path: rollupPath(1, 31), level: 1, from: 496, to: 512 });
    expect(covered(l1)).toEqual(Array.from({ length: 256 }, (_, i) => 256 + i));
    const segs = splitChunk(l1[0] as Chunk);
    expect(segs.map((c) => c.path)).toEqual(Array.from({ length: 16 }, (_, i) => segmentPath(511 - i)));
    expect(splitChunk(segs[0] as Chunk)).toEqual([]);
  });
});

describe('format 2: the chunks the tree holds', () => {
  it('reads back from the newest chunk, each segment once, until the view has enough', () => {
    const first = planBefore(300, 20, 300, 1, 2);
    expect(first.map((c) => c.path)).toEqual([...[...Array(12).keys()].map((i) => chunkPath(0, 299 - i)), chunkPath(1, 17)]);
    const older = planBefore(272, 256, 300, 2, 2);
    expect(older.map((c) => [c.level, c.from, c.to])).toEqual([[1, 256, 272], [2, 0, 256]]);
    const all = planBefore(300, 300, 300, 2, 2);
    expect(all.reduce((n, c) => n + (c.to - c.from), 0)).toBe(300);
    expect(planBefore(0, 96, 300, 1, 2)).toEqual([]);
  });
});

describe('the first window: the newest small files the first charts are drawn from', () => {
  const segments = (chunks: readonly Chunk[]): number => chunks.reduce((n, c) => n + (c.to - c.from), 0);

  it('reads single segments of the tail only, and one chunk only when the tail is empty', () => {
    // 89 publishes (snarkVM's history): the newest four of its nine single segments.
    expect(planWindow(89, FIRST_WINDOW_SEGMENTS, 2).map((c) => c.path)).toEqual([...Array(4).keys()].map((i) => chunkPath(0, 88 - i)));
    // Two singles: those two; the 16-segment chunk before them comes after the first chart.
    expect(planWindow(130, FIRST_WINDOW_SEGMENTS, 2).map((c) => c.path)).toEqual([chunkPath(0, 129), chunkPath(0, 128)]);
    expect(planWindow(259, FIRST_WINDOW_SEGMENTS, 2).map((c) => c.path)).toEqual([chunkPath(0, 258), chunkPath(0, 257), chunkPath(0, 256)]);
    // No tail: the newest level-1 chunk.
    expect(planWindow(272, FIRST_WINDOW_SEGMENTS, 2).map((c) => c.path)).toEqual([chunkPath(1, 16)]);
    // Format 1: the tail's segments likewise.
    expect(planWindow(130, FIRST_WINDOW_SEGMENTS, 1).map((c) => c.path)).toEqual([segmentPath(129), segmentPath(128)]);
    expect(planWindow(128, FIRST_WINDOW_SEGMENTS, 1).map((c) => c.path)).toEqual([rollupPath(1, 7)]);
  });

  it('holds at most a few singles or one chunk, whatever the history length', () => {
    for (const total of [40, 1_000, 20_000, 100_000, 1_000_003, 100_000 - 4, 4_096 + 16]) {
      const w = planWindow(total, FIRST_WINDOW_SEGMENTS, 2);
      expect(w.length === 1 || w.every((c) => c.level === 0)).toBe(true);
      expect(segments(w)).toBeLessThanOrEqual(Math.max(FIRST_WINDOW_SEGMENTS, 16));
      expect(w[0]?.to).toBe(total);
    }
    // Only a log ending exactly on a level-2 chunk has nothing smaller to start from.
    expect(planWindow(512, FIRST_WINDOW_SEGMENTS, 2).map((c) => [c.level, c.from])).toEqual([[2, 256]]);
    expect(planWindow(0, FIRST_WINDOW_SEGMENTS, 2)).toEqual([]);
  });
});
