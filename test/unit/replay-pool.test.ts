/**
 * The replay's worker pool (src/effects/replay-pool.ts) falls back to this thread when its
 * workers cannot run, with the same alerts as the replay in one thread; here the named entry is
 * a file that does not exist, so every worker fails to start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { replaySuites } from '../../src/core/regress/replay-trend.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { importGab } from '../../src/core/trend/import-gab.js';
import type { Segment } from '../../src/core/trend/types.js';
import { configureReplayWorkers, replayOnWorkers } from '../../src/effects/replay-pool.js';
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
});
