/**
 * A re-bench of a commit older than the regression state's reach (its newest STATE_POINTS points):
 * its run replaces the earlier run's points of the shapes it benches, and a case of those shapes it
 * does not hold leaves the trend at that commit. The earlier run was not among what the publish
 * read, so that went unsaid; the publish now looks back for it (only for a commit no newer than
 * the suite's newest, with a case that could leave) and names the cases in a warning.
 */
import { describe, expect, it } from 'vitest';
import { STATE_POINTS } from '../../src/core/trend/regress-state.js';
import { MemoryTrend, commit, syntheticPoints } from './trend-memory.js';

const at = (n: number, time: string) => commit(n, { timestamp: time });

describe('a re-bench of a commit beyond the regression state', () => {
  it('names the cases its run leaves off that commit; a new commit, newer, reads nothing more', async () => {
    const trend = new MemoryTrend();
    const commits = STATE_POINTS + 25;
    for (let n = 1; n <= commits; n++) {
      const plan = await trend.publish({ commit: at(n, `2024-01-01T00:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}Z`), points: syntheticPoints(2) });
      expect(plan.warnings).toEqual([]);
    }
    const head = trend.json<{ since: number }>('data/r/0000/head.json');
    // The state no longer reaches the first commit: the condition of the defect.
    expect(head.since).toBeGreaterThan(0);

    trend.reads.length = 0;
    const next = await trend.publish({ commit: at(commits + 1, '2024-01-02T00:00:00Z'), points: syntheticPoints(1) });
    expect(next.warnings).toEqual([]);
    // A newer commit, though it leaves a case out: the chunk of the first 256 segments is not read for it.
    expect(trend.reads).not.toContain('data/c/2/0000/00000000.json');

    const rebench = await trend.publish({ commit: at(1, '2024-01-01T00:00:01Z'), points: syntheticPoints(1) });
    expect(rebench.warnings).toEqual([
      `suite "default" at ${at(1, '').sha.slice(0, 7)}: this run re-benches a commit published before (segment 0, older than the newest ${STATE_POINTS} points the publish keeps at hand) and replaces its points of shape "warm", but not "warm / stage1", which leaves the trend at this commit; bench it with this commit again to put it back`,
    ]);
  });

  it('says nothing of a merge rebased onto main, dated before the newest, whose commit no earlier run benched', async () => {
    const trend = new MemoryTrend();
    // Past the 2,400 segments the publish looks back, so that the look stops short of the first.
    const commits = 2_450;
    const time = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString();
    for (let n = 1; n <= commits; n++) await trend.publish({ commit: at(n, time(n)), points: syntheticPoints(n === 1 ? 2 : 1) });
    // It was warned of as "no earlier run of it is among the 2400 segments read back ...".
    const rebased = await trend.publish({ commit: at(commits + 1, time(commits - 5)), points: syntheticPoints(1) });
    expect(rebased.warnings).toEqual([]);
  });
});
