import { describe, expect, it } from 'vitest';
import { buildModel, groupCases, shapeKey } from '../../page/lib/trend-model.js';
import type { CaseInfo, Segment, StoredPoint } from '../../src/core/trend/types.js';

function point(name: string, shape: string, value: number): StoredPoint {
  return { case: name, shape, unit: 's', direction: 'smaller', value, q1: value, q3: value, min: value, max: value, stdev: null, runs: 1, n: 1, samples: [value] };
}

function segment(seq: number, sha: string, points: StoredPoint[], suite = 'main', imported = false): Segment {
  return {
    schema: 'benchtrend/segment',
    version: 1,
    seq,
    suite,
    commit: { sha, message: `commit ${sha}`, author: 'a', timestamp: `2024-01-0${(seq % 9) + 1}T00:00:00Z` },
    publishedAt: '2024-01-01T00:00:00Z',
    shapes: [...new Set(points.map((p) => p.shape))],
    points,
    ...(imported ? { imported: 'github-action-benchmark' as const } : {}),
  };
}

describe('the chart model', () => {
  it('orders commits by first publish and leaves a gap where a case is missing among its shape', () => {
    const model = buildModel([
      segment(2, 'c', [point('warm / a', 'warm', 3), point('warm / b', 'warm', 30)]),
      segment(0, 'a', [point('warm / a', 'warm', 1), point('warm / b', 'warm', 10)]),
      segment(1, 'b', [point('warm / a', 'warm', 2)]),
    ]);
    const warm = model.shapes.get(shapeKey('main', 'warm'));
    expect(warm?.commits.map((c) => c.commit.sha)).toEqual(['a', 'b', 'c']);
    expect(warm?.cases.get('warm / a')?.map((p) => p?.value ?? null)).toEqual([1, 2, 3]);
    expect(warm?.cases.get('warm / b')?.map((p) => p?.value ?? null)).toEqual([10, null, 30]);
    expect(model.from).toBe(0);
  });

  it('gives each shape its own commits, so a shape benched less often is still a line', () => {
    const model = buildModel([
      segment(0, 'a', [point('warm / a', 'warm', 1), point('cold / a', 'cold', 5)]),
      segment(1, 'b', [point('warm / a', 'warm', 2)]),
      segment(2, 'c', [point('warm / a', 'warm', 3), point('cold / a', 'cold', 6)]),
    ]);
    expect(model.shapes.get(shapeKey('main', 'cold'))?.cases.get('cold / a')?.map((p) => p?.value)).toEqual([5, 6]);
  });

  it('applies re-runs: the later segment’s points replace the earlier ones, and the commit keeps its place', () => {
    const model = buildModel([
      segment(10, 'a', [point('warm / a', 'warm', 1)]),
      segment(11, 'b', [point('warm / a', 'warm', 2)]),
      segment(12, 'a', [point('warm / a', 'warm', 1.5)]),
    ]);
    const warm = model.shapes.get(shapeKey('main', 'warm'));
    expect(warm?.commits.map((c) => [c.commit.sha, c.seq])).toEqual([
      ['a', 10],
      ['b', 11],
    ]);
    expect(warm?.cases.get('warm / a')?.map((p) => p?.value)).toEqual([1.5, 2]);
    expect(model.from).toBe(10);
  });

  it('keeps suites apart and marks imported commits', () => {
    const model = buildModel([
      segment(0, 'a', [point('fib', 'cargo', 1)], 'Rust', true),
      segment(1, 'a', [point('fib', 'cargo', 9)], 'main'),
    ]);
    expect(model.shapes.get(shapeKey('Rust', 'cargo'))?.commits[0]?.imported).toBe(true);
    expect(model.shapes.get(shapeKey('main', 'cargo'))?.commits[0]?.imported).toBe(false);
    expect(model.shapes.get(shapeKey('main', 'cargo'))?.cases.get('fib')?.[0]?.value).toBe(9);
  });
});

describe('sections', () => {
  const info = (suite: string, shape: string, name: string): CaseInfo => ({ suite, case: name, shape, unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: 0, points: 1 });

  it('follow the manifest: suites in its order, then shapes and cases in listing order', () => {
    const groups = groupCases(['b', 'a'], [info('a', 'x', 'x / 1'), info('b', 'y', 'y / 1'), info('a', 'z', 'z / 1'), info('a', 'x', 'x / 2')], buildModel([]));
    expect(groups.map((g) => [g.suite, g.shape, g.cases.map((c) => c.case)])).toEqual([
      ['b', 'y', ['y / 1']],
      ['a', 'x', ['x / 1', 'x / 2']],
      ['a', 'z', ['z / 1']],
    ]);
  });

  it('put the cases benched at their shape’s newest commit first, each part in listing order', () => {
    // Two imported jobs benched the suite at commit c (seqs 2 and 3, disjoint cases); `warm / old`
    // stopped after commit a, `warm / gone` after b.
    const model = buildModel([
      segment(0, 'a', [point('warm / old', 'warm', 1), point('warm / a', 'warm', 1), point('cold / x', 'cold', 1)], 'main', true),
      segment(1, 'b', [point('warm / a', 'warm', 2), point('warm / gone', 'warm', 2)], 'main', true),
      segment(2, 'c', [point('warm / a', 'warm', 3)], 'main', true),
      segment(3, 'c', [point('warm / b', 'warm', 4), point('cold / x', 'cold', 4)], 'main', true),
    ]);
    const listed = ['warm / old', 'warm / a', 'warm / gone', 'warm / b', 'cold / x'].map((n) => ({ ...info('main', n.split(' / ')[0]!, n), lastSeq: 3 }));
    const groups = groupCases(['main'], listed, model);
    expect(groups.map((g) => [g.shape, g.cases.map((c) => c.case)])).toEqual([
      ['warm', ['warm / a', 'warm / b', 'warm / old', 'warm / gone']],
      ['cold', ['cold / x']],
    ]);
  });

  it('add a case found in the data that the manifest does not list, so it too gets a chart', () => {
    const model = buildModel([segment(0, 'a', [point('warm / a', 'warm', 1), point('warm / new', 'warm', 2)])]);
    const groups = groupCases(['main'], [info('main', 'warm', 'warm / a')], model);
    expect(groups[0]?.cases.map((c) => c.case)).toEqual(['warm / a', 'warm / new']);
  });
});
