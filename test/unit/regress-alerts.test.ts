import { describe, expect, it } from 'vitest';
import { changedAlerts, MAX_ALERTS_PER_CASE, memoryOf, undoRun, updateAlerts, withdrawnAlerts, withUndo } from '../../src/core/regress/alerts.js';
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

describe('a re-run is judged from the alerts as they were before the run it repeats', () => {
  const CASES = new Set(['warm / total']);
  /** One run of commit `n` over `before`: updateAlerts with the scan, then its undo. */
  const run = (before: readonly StoredAlert[], n: number, found: ChangePoint[], toSeq = n) => withUndo(before, updateAlerts(before, [], [scan(found, 1, toSeq)]), 'default', sha(n), CASES);
  const bare = (alerts: readonly StoredAlert[]) => alerts.map(({ undo: _undo, ...a }) => a);

  it('puts back what the run changed, takes out what it added, and brings back what it moved', () => {
    const at40 = run([], 45, [cp(40)]);
    const at46 = run(at40, 46, [cp(41, { movedFrom: sha(40), isNew: false }), cp(44)]);
    expect(at46.map((a) => [a.seq, a.undo?.at, a.undo?.was?.map((w) => w.seq)])).toEqual([
      [41, sha(46), [40]],
      [44, sha(46), undefined],
    ]);
    expect(undoRun(at46, 'default', sha(46), CASES)).toEqual(bare(at40));
    // A re-run of commit 46 that finds nothing: the step at 40 stands as it stood, and nothing is cleared.
    const again = run(undoRun(at46, 'default', sha(46), CASES), 46, [cp(40, { isNew: false })]);
    expect(again.map((a) => [a.seq, a.status, a.undo])).toEqual([[40, 'suspected', undefined]]);
  });

  it('puts back a status the run changed, with its reason', () => {
    const raised = run([], 45, [cp(40)]);
    const cleared = run(raised, 46, []);
    expect(cleared[0]).toMatchObject({ status: 'cleared', undo: { at: sha(46), was: [{ status: 'suspected' }] } });
    expect(undoRun(cleared, 'default', sha(46), CASES)).toEqual(bare(raised));
  });

  it('keeps the undo of the newest run of each case only, and leaves other cases’ alone', () => {
    const first = run([], 45, [cp(40)]);
    const same = run(first, 46, [cp(40, { isNew: false })]);
    // Nothing changed at 46: no undo left, so a re-run of 45 now (an older commit) puts nothing back.
    expect(same.map((a) => a.undo)).toEqual([undefined]);
    expect(undoRun(same, 'default', sha(45), CASES)).toBe(same);
    const other = first.map((a) => ({ ...a, case: 'cold / total' }));
    expect(run(other, 46, []).filter((a) => a.case === 'cold / total')).toEqual(other);
    expect(undoRun(other, 'default', sha(45), CASES)).toBe(other);
  });

  it('withdraws what the replaced run announced and the re-run does not: its regressions and the steps it found', () => {
    const step = (over: Partial<StoredAlert>): StoredAlert => ({ kind: 'change-point', suite: 'default', case: 'warm / total', sha: sha(40), seq: 40, status: 'suspected', reason: 'step', raised: true, ...over });
    const raisedThen = step({ undo: { at: sha(46) } });
    const raisedBefore = step({ sha: sha(30), seq: 30, undo: { at: sha(46), was: [step({ sha: sha(30), seq: 30, status: 'suspected' })] } });
    const { raised: _raised, ...drawnOnly } = step({ sha: sha(35), seq: 35 });
    const foundThenRaised = step({ sha: sha(35), seq: 35, undo: { at: sha(46), was: [drawnOnly] } });
    const regression: StoredAlert = { kind: 'regression', suite: 'default', case: 'warm / total', sha: sha(45), seq: 45, status: 'suspected', reason: 'regressed', raisedAt: sha(46) };
    const previous = [raisedBefore, foundThenRaised, raisedThen, regression];
    const withdrawn = withdrawnAlerts(previous, [], 'default', sha(46), CASES);
    expect(withdrawn.map((a) => [a.kind, a.seq, a.status, a.undo])).toEqual([
      ['change-point', 35, 'cleared', undefined],
      ['change-point', 40, 'cleared', undefined],
      ['regression', 45, 'cleared', undefined],
    ]);
    expect(withdrawn[1]?.reason).toBe(`step; cleared: a re-run of ${sha(46).slice(0, 7)} replaced the run that raised it`);
    // Announced again by the re-run: nothing to withdraw; another commit's re-run: none of them.
    expect(withdrawnAlerts(previous, previous, 'default', sha(46), CASES)).toEqual([]);
    expect(withdrawnAlerts(previous, [], 'default', sha(47), CASES)).toEqual([]);
  });

  it('gives back the entries the run pruned, with the one that pushed them out', () => {
    const many: StoredAlert[] = Array.from({ length: MAX_ALERTS_PER_CASE }, (_, i) => ({ kind: 'regression', suite: 'default', case: 'warm / total', sha: sha(i + 1), seq: i + 1, status: 'cleared' }));
    const pushed = run(many, 200, [cp(150)], 200);
    expect(pushed).toHaveLength(MAX_ALERTS_PER_CASE);
    expect(undoRun(pushed, 'default', sha(200), CASES)).toEqual(many);
  });
});
