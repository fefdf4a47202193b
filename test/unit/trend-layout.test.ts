import { describe, expect, it } from 'vitest';
import { resolveSegments, rollupPath, rollupSize, segmentPath } from '../../src/core/trend/layout.js';
import { coverChunks } from '../../src/core/trend/load.js';
import type { Segment } from '../../src/core/trend/types.js';
import { commit } from './trend-memory.js';

describe('paths', () => {
  it('fan segments out so no folder holds more than 100 entries', () => {
    expect(segmentPath(0)).toBe('data/seg/0000/00/00000000.json');
    expect(segmentPath(99)).toBe('data/seg/0000/00/00000099.json');
    expect(segmentPath(100)).toBe('data/seg/0000/01/00000100.json');
    expect(segmentPath(123_456)).toBe('data/seg/0012/34/00123456.json');
    const folders = new Map<string, number>();
    for (let s = 0; s < 30_000; s += 1) {
      const dir = segmentPath(s).replace(/\/[^/]+$/, '');
      folders.set(dir, (folders.get(dir) ?? 0) + 1);
    }
    expect(Math.max(...folders.values())).toBe(100);
  });

  it('fan rollups out the same way', () => {
    expect(rollupPath(1, 0)).toBe('data/roll/1/0000/000000.json');
    expect(rollupPath(1, 6249)).toBe('data/roll/1/0062/006249.json');
    expect(rollupPath(2, 390)).toBe('data/roll/2/0003/000390.json');
    expect([rollupSize(1), rollupSize(2)]).toEqual([16, 256]);
  });
});

describe('coverChunks', () => {
  it('uses the largest aligned rollup at each step and single segments for the ragged ends', () => {
    const describe = (from: number, to: number) => coverChunks(from, to).map((c) => `${c.level}:${c.from}-${c.to}`);
    expect(describe(0, 15)).toEqual([...Array(15).keys()].map((s) => `0:${s}-${s + 1}`));
    expect(describe(0, 16)).toEqual(['1:0-16']);
    expect(describe(0, 530)).toEqual(['2:0-256', '2:256-512', '1:512-528', '0:528-529', '0:529-530']);
    expect(describe(14, 34)).toEqual(['0:14-15', '0:15-16', '1:16-32', '0:32-33', '0:33-34']);
    expect(describe(5, 5)).toEqual([]);
  });

  it('covers every segment exactly once', () => {
    for (const [from, to] of [[0, 1000], [17, 4097], [255, 257]] as const) {
      const seqs = coverChunks(from, to).flatMap((c) => [...Array(c.to - c.from).keys()].map((i) => c.from + i));
      expect(seqs).toEqual([...Array(to - from).keys()].map((i) => from + i));
    }
  });
});

describe('resolveSegments', () => {
  const seg = (seq: number, sha: number, shapes: string[], points: [string, string][], suite = 'default'): Segment => ({
    schema: 'benchtrend/segment',
    version: 1,
    seq,
    suite,
    commit: commit(sha),
    publishedAt: '2024-01-01T00:00:00Z',
    shapes,
    points: points.map(([shape, name]) => ({ case: `${shape} / ${name}`, shape, unit: 's', direction: 'smaller', value: seq, q1: seq, q3: seq, min: seq, max: seq, stdev: null, runs: 1, n: 1, samples: [seq] })),
  });

  it('drops the points a later segment of the same suite, commit and shape replaces', () => {
    const out = resolveSegments([
      seg(2, 1, ['warm'], [['warm', 'total']]),
      seg(0, 1, ['warm', 'cold'], [['warm', 'total'], ['cold', 'total']]),
      seg(1, 1, ['warm'], [['warm', 'total']], 'other-suite'),
      seg(3, 2, ['warm'], [['warm', 'total']]),
    ]);
    expect(out.map((s) => [s.seq, s.points.map((p) => p.case)])).toEqual([
      [0, ['cold / total']],
      [1, ['warm / total']],
      [2, ['warm / total']],
      [3, ['warm / total']],
    ]);
  });

  it('lets imported entries of one commit supersede case by case: two jobs of one suite both stay, and a benchtrend re-run replaces them', () => {
    const imported = (s: Segment): Segment => ({ ...s, imported: 'github-action-benchmark' });
    // One commit benched by two jobs under one suite name (prod, nightly), then prod again.
    const log = [
      imported(seg(0, 1, ['cargo'], [['cargo', 'prod'], ['cargo', 'shared']])),
      imported(seg(1, 1, ['cargo'], [['cargo', 'nightly']])),
      imported(seg(2, 1, ['cargo'], [['cargo', 'shared']])),
      imported(seg(3, 2, ['cargo'], [['cargo', 'prod']])),
    ];
    expect(resolveSegments(log).map((s) => [s.seq, s.points.map((p) => p.case)])).toEqual([
      [0, ['cargo / prod']],
      [1, ['cargo / nightly']],
      [2, ['cargo / shared']],
      [3, ['cargo / prod']],
    ]);
    // A benchtrend publish of the shape at that commit replaces every imported point of it.
    const rerun = resolveSegments([...log, seg(4, 1, ['cargo'], [['cargo', 'prod']])]);
    expect(rerun.map((s) => [s.seq, s.points.map((p) => p.case)])).toEqual([
      [0, []],
      [1, []],
      [2, []],
      [3, ['cargo / prod']],
      [4, ['cargo / prod']],
    ]);
  });
});
