import { describe, expect, it } from 'vitest';
import { changePointLabel, commitIndex, placeAlerts, placeAnnotations } from '../../page/lib/markers.js';
import type { CommitRow } from '../../page/lib/trend-model.js';
import type { StoredAlert } from '../../src/core/trend/types.js';

const commits: CommitRow[] = ['aaaaaaa111', 'bbbbbbb222', 'ccccccc333', 'ddddddd444'].map((sha, i) => ({
  commit: { sha, message: sha, author: 'a', timestamp: `2024-03-0${i + 1}T12:00:00Z` },
  seq: i,
  imported: false,
}));

describe('annotation placement', () => {
  it('puts a commit annotation on the commit its sha prefix names', () => {
    expect(placeAnnotations([{ at: 'ccccccc', label: 'port to Rust' }], commits, false)).toEqual([{ index: 2, label: 'port to Rust', kind: 'annotation' }]);
    expect(placeAnnotations([{ at: 'CCCCCCC3', label: 'x' }], commits, false)[0]?.index).toBe(2);
  });

  it('puts a date half-way before the first commit made on or after it', () => {
    expect(placeAnnotations([{ at: '2024-03-03', label: 'new runners' }], commits, false)).toEqual([{ index: 1.5, label: 'new runners', kind: 'annotation' }]);
    expect(placeAnnotations([{ at: '2024-03-02T13:00:00Z', label: 'x' }], commits, false)[0]?.index).toBe(1.5);
  });

  it('leaves out what it cannot place honestly: unknown commits, dates after the data, dates before a partial load', () => {
    const out = placeAnnotations(
      [
        { at: 'eeeeeee', label: 'not loaded' },
        { at: '2024-04-01', label: 'future' },
        { at: '2024-02-01', label: 'before' },
      ],
      commits,
      false,
    );
    expect(out).toEqual([]);
    expect(placeAnnotations([{ at: '2024-02-01', label: 'before' }], commits, true)).toEqual([{ index: -0.5, label: 'before', kind: 'annotation' }]);
  });
});

describe('alert placement', () => {
  const alert = (over: Partial<StoredAlert>): StoredAlert => ({ kind: 'regression', suite: 'main', case: 'warm / total', sha: 'ccccccc333', seq: 2, status: 'suspected', ...over });

  it('colours regressions at their commit and draws change points as labelled lines, for the case only', () => {
    const placed = placeAlerts(
      [alert({}), alert({ kind: 'change-point', sha: 'bbbbbbb222', change: 0.123 }), alert({ case: 'other' }), alert({ suite: 'x' }), alert({ sha: 'gone' })],
      'main',
      'warm / total',
      'smaller',
      commitIndex(commits),
    );
    expect(placed.regressions.map((r) => r.index)).toEqual([2]);
    expect(placed.changePoints).toEqual([{ index: 1, label: '+12% worse', kind: 'change-point' }]);
  });

  it('draws a step found, a change point the detector raised, as a line and a dot', () => {
    const step = alert({ kind: 'change-point', sha: 'ddddddd444', seq: 3, change: 0.2, raised: true });
    const placed = placeAlerts([step, alert({ kind: 'change-point', sha: 'bbbbbbb222', change: -0.1 })], 'main', 'warm / total', 'smaller', commitIndex(commits));
    expect(placed.regressions).toEqual([{ index: 3, alert: step }]);
    expect(placed.changePoints.map((c) => c.index)).toEqual([3, 1]);
  });

  it('labels a change point by its size when known', () => {
    expect(changePointLabel(alert({ kind: 'change-point', change: -0.05 }), 'smaller')).toBe('-5.0% better');
    // Stored positive when worse: a throughput that fell 9.5% reads so, not +9.5%.
    expect(changePointLabel(alert({ kind: 'change-point', change: 0.095 }), 'bigger')).toBe('-9.5% worse');
    expect(changePointLabel(alert({ kind: 'change-point' }), 'smaller')).toBe('change point');
  });
});
