/**
 * The replay's worker pool (src/effects/replay-pool.ts) falls back to this thread when its
 * workers cannot run, with the same alerts as the replay in one thread; here the named entry is
 * a file that does not exist, so every worker fails to start.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { replaySuites, type CaseReplayJob } from '../../src/core/regress/replay-trend.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { importGab } from '../../src/core/trend/import-gab.js';
import type { Segment } from '../../src/core/trend/types.js';
import { configureReplayWorkers, replayOnWorkers, replaySpillFrom, SPILL_MS, spillsAt, WORKER_POINTS, workersFor } from '../../src/effects/replay-pool.js';
import { FIXTURES } from '../helpers/paths.js';

function segments(): Segment[] {
  const file = 'github-action-benchmark-data.js';
  const gab = importGab(file, readFileSync(join(FIXTURES, 'trend-data', file), 'utf8'));
  return gab.entries.map((e, seq) => ({ schema: 'benchtrend/segment', version: 1, seq, suite: e.suite, commit: e.commit, publishedAt: e.publishedAt, shapes: [...new Set(e.points.map((p) => p.shape))], points: e.points, imported: 'github-action-benchmark' }));
}

afterEach(() => configureReplayWorkers(undefined));

describe('the replay worker pool', () => {
  it('replays in this thread, with the same alerts, when its workers cannot start', async () => {
    const segs = segments();
    const alone = replaySuites(segs, DEFAULT_ALERT_SETTINGS);
    expect(alone.alerts.length).toBeGreaterThan(0);
    configureReplayWorkers(pathToFileURL(join(FIXTURES, 'no-such-worker-entry.js')), 2);
    const r = await replayOnWorkers(segs, DEFAULT_ALERT_SETTINGS);
    expect(r.threads).toBe(0);
    expect(r.alerts).toEqual(alone.alerts);
    expect(r.stored).toEqual(alone.stored);
  });

  it('takes workers for a replay of WORKER_POINTS points or more, or as many as asked for, never more than the cases', () => {
    const job = (points: number, from?: number): CaseReplayJob => ({
      suite: 's',
      case: `c${points}`,
      unit: 'ms',
      direction: 'smaller',
      points: Array.from({ length: points }, (_, seq) => ({ sha: String(seq), seq, value: 1, q1: 1, q3: 1, runs: 1, n: 1 })),
      suiteCases: [],
      hostMoved: [],
      runnerNoise: [],
      jobMovedAlike: [],
      ...(from !== undefined ? { from } : {}),
    });
    const cases = (n: number, points: number, from?: number) => Array.from({ length: n }, () => job(points, from));
    // 10 cases of 1,000 points: about 2 s of CPU, not worth a worker's start and heap.
    expect(workersFor(cases(10, 1000), undefined, 2)).toBe(0);
    expect(workersFor(cases(10, WORKER_POINTS / 10 + 1), undefined, 2)).toBe(2);
    expect(workersFor(cases(40, 2000), undefined, 4)).toBe(4);
    // An import judges its newest entries only: the history before them is not work.
    expect(workersFor(cases(10, 2900, 1900), undefined, 2)).toBe(0);
    // BENCHTREND_REPLAY_WORKERS decides when it names a number; one is this thread.
    expect(workersFor(cases(3, 30), 3, 2)).toBe(3);
    expect(workersFor(cases(2, 30), 3, 2)).toBe(2);
    expect(workersFor(cases(40, 2000), 1, 4)).toBe(0);
    expect(workersFor(cases(1, 50_000), undefined, 4)).toBe(0);
  });

  it('hands the rest of a replay begun in this thread to the workers once it has taken SPILL_MS and the rest would take twice that', () => {
    expect(SPILL_MS).toBe(1_000);
    // cardano-ledger's 12 cases: two judged in 1.1 s, 9,800 points to go at the same pace.
    expect(spillsAt(1_100, 1_966, 9_830, SPILL_MS)).toBe(true);
    // A generated import's 10,000 points at 0.09 ms: done before a second, never handed over.
    expect(spillsAt(900, 9_000, 1_000, SPILL_MS)).toBe(false);
    // Nor at a slow moment, half done after a second: a second more is not worth the workers' start and heap.
    expect(spillsAt(1_000, 5_000, 5_000, SPILL_MS)).toBe(false);
    // A fast start says nothing yet (the first case warms the engine up): a second must pass.
    expect(spillsAt(999, 10, 100_000, SPILL_MS)).toBe(false);
    expect(spillsAt(1_000, 1_000, 2_000, SPILL_MS)).toBe(true);
    expect(spillsAt(1_000, 1_000, 1_999, SPILL_MS)).toBe(false);
    expect(spillsAt(5_000, 0, 10_000, SPILL_MS)).toBe(false);
    expect(spillsAt(5_000, 1_000, 0, SPILL_MS)).toBe(false);
    // BENCHTREND_REPLAY_SPILL_MS=0 hands over whatever is left after the first case.
    expect(spillsAt(0, 1, 1, 0)).toBe(true);
  });

  it('reads BENCHTREND_REPLAY_SPILL_MS as whole milliseconds from 0, keeping SPILL_MS for anything else', () => {
    expect(replaySpillFrom('0')).toBe(0);
    expect(replaySpillFrom(' 500 ')).toBe(500);
    for (const text of [undefined, '', ' ', '-1', '1.5', '2s', 'Infinity', 'NaN']) expect(replaySpillFrom(text), String(text)).toBe(SPILL_MS);
  });

  // Only with a core to spare does a replay begun in this thread hand anything over.
  it.skipIf(availableParallelism() < 2)('judges in this thread, with the same alerts, when the workers a spill would hand the rest to cannot start', async () => {
    const segs = segments();
    const alone = replaySuites(segs, DEFAULT_ALERT_SETTINGS);
    configureReplayWorkers(pathToFileURL(join(FIXTURES, 'no-such-worker-entry.js')), undefined, 0);
    const r = await replayOnWorkers(segs, DEFAULT_ALERT_SETTINGS);
    expect(r.threads).toBe(0);
    expect(r.spilledAfter).toBeUndefined();
    expect(r.alerts).toEqual(alone.alerts);
    expect(r.stored).toEqual(alone.stored);
  });
});
