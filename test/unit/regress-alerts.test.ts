import { describe, expect, it } from 'vitest';
import { changedAlerts, MAX_ALERTS_PER_CASE, memoryOf, updateAlerts } from '../../src/core/regress/alerts.js';
import type { CaseChangePoints, ChangePoint } from '../../src/core/regress/detect.js';
import type { StoredAlert } from '../../src/core/trend/types.js';

const sha = (n: number) => n.toString(16).padStart(40, '0');

function cp(n: number, over: Partial<ChangePoint> = {}): ChangePoint {
  return { sha: sha(n), seq: n, before: 1, after: 1.2, change: 0.2, pValue: 0.005, status: 'suspected', pointsAfter: 8, isNew: true, ...over };
}

function scan(found: ChangePoint[], fromSeq = 1, toSeq = 100): CaseChangePoints {
  return { suite: 'default', case: 'warm / total', unit: 's', direction: 'smaller', fromSeq, toSeq, found };
}

describe('updateAlerts', () => {
  it('stores change points found, with their step, and clears one a re-examination no longer finds', () => {
    const first = updateAlerts([], [], [scan([cp(40)])]);
    expect(first).toEqual([
      { kind: 'change-point', suite: 'default', case: 'warm / total', sha: sha(40), seq: 40, status: 'suspected', baseline: 1, value: 1.2, change: 0.2, reason: '+20% worse: median 1 → 1.2 s from this commit on (details: docs/alerts.md)' },
    ]);
    const second = updateAlerts(first, [], [scan([])]);
    expect(second[0]?.status).toBe('cleared');
    expect(second[0]?.reason).toMatch(/; cleared: no longer found with more commits \(details: docs\/alerts\.md\)$/);
    expect(changedAlerts(first, second)).toEqual(second);
  });

  it('words a step in the case’s unit at a readable scale, and a fall to a sliver as such', () => {
    const [stored] = updateAlerts([], [], [{ ...scan([cp(40, { before: 198700, after: 409.9, change: -0.998 })]), unit: 'ns' }]);
    expect(stored?.reason).toBe('-99.8% better: median 198.7 → 0.4099 µs from this commit on (details: docs/alerts.md)');
  });

  it('words a throughput that fell as the fall it is: stored positive when worse, shown with its real sign', () => {
    const [stored] = updateAlerts([], [], [{ ...scan([cp(40, { before: 0.4, after: 0.32, change: 0.2 })]), unit: 'ops/sec', direction: 'bigger' }]);
    expect(stored?.change).toBe(0.2);
    expect(stored?.reason).toBe('-20% worse: median 0.4 → 0.32 ops/sec from this commit on (details: docs/alerts.md)');
  });

  it('words a change point afresh when a later scan estimates its step again, so its words and change agree', () => {
    const first = updateAlerts([], [], [scan([cp(40)])]);
    const again = updateAlerts(first, [], [scan([cp(40, { after: 1.13, change: 0.13, isNew: false })])]);
    expect(again[0]).toMatchObject({ change: 0.13, value: 1.13, reason: '+13% worse: median 1 → 1.13 s from this commit on (details: docs/alerts.md)' });
  });

  it('leaves change points outside the examined range alone', () => {
    const first = updateAlerts([], [], [scan([cp(10)])]);
    expect(updateAlerts(first, [], [scan([], 20, 100)])).toEqual(first);
  });

  it('moves a suspected change point that is placed better with more commits', () => {
    const first = updateAlerts([], [], [scan([cp(40)])]);
    const moved = updateAlerts(first, [], [scan([cp(41, { movedFrom: sha(40), isNew: false })])]);
    expect(moved.map((a) => [a.seq, a.status])).toEqual([[41, 'suspected']]);
  });

  it('marks a change point confirmed once enough commits follow it, and keeps its reason', () => {
    const first = updateAlerts([], [], [scan([cp(40)])]);
    const final = updateAlerts(first, [], [scan([cp(40, { status: 'confirmed', pointsAfter: 20, isNew: false })])]);
    expect(final[0]?.status).toBe('confirmed');
    expect(memoryOf(final, 'default', 'warm / total').changePoints).toEqual([{ sha: sha(40), seq: 40, status: 'confirmed', change: 0.2 }]);
  });

  it('keeps the manifest small: at most MAX_ALERTS_PER_CASE per case, cleared ones dropped first', () => {
    const many: StoredAlert[] = Array.from({ length: MAX_ALERTS_PER_CASE + 5 }, (_, i) => ({
      kind: 'regression',
      suite: 'default',
      case: 'warm / total',
      sha: sha(i + 1),
      seq: i + 1,
      status: i % 2 === 0 ? 'cleared' : 'confirmed',
    }));
    const kept = updateAlerts(many, [], [scan([], 1000, 1000)]);
    expect(kept).toHaveLength(MAX_ALERTS_PER_CASE);
    expect(kept.filter((a) => a.status === 'confirmed')).toHaveLength(many.filter((a) => a.status === 'confirmed').length);
    // Alerts of cases this run did not judge are never pruned by it.
    const other = many.map((a) => ({ ...a, case: 'cold / total' }));
    expect(updateAlerts(other, [], [scan([], 1000, 1000)])).toHaveLength(other.length);
  });
});
