/**
 * Regressions of several suites: the same case name is often in each (one bench run on several
 * runners, a suite per job), and the list above the charts says whose each line is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-suites-';
let trend: ServedTrend;
let publishes: Publish[];
const shortSha = (seq: number): string => (publishes[seq] as Publish).commit.sha.slice(0, 7);

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('regressions of several suites', () => {
  beforeAll(async () => {
    const shapes = [{ shape: 'warm', stages: ['total'] }];
    const linux = syntheticHistory({ suite: 'linux', commits: 10, seed: 1, shapes });
    const macos = syntheticHistory({ suite: 'macos', commits: 10, seed: 2, shapes });
    publishes = linux.flatMap((p, i) => [p, macos[i] as Publish]);
    const alert = (suite: string, seq: number, change: number): StoredAlert => ({
      kind: 'regression',
      suite,
      case: 'warm / total',
      sha: (publishes[seq] as Publish).commit.sha,
      seq,
      status: 'confirmed',
      baseline: 1,
      value: 1 + change,
      change,
    });
    trend = await servedTrend(PREFIX, trendFiles(publishes, { updated: '2024-01-02T00:00:00Z', format: 2, alerts: [alert('linux', 16, 0.3), alert('macos', 17, 0.2)] }));
  });
  afterAll(() => trend?.close());

  it('names the suite of each listed regression', async () => {
    const tab = await readyTab(trend);
    const lines = (await tab.locator('#alerts > ul > li').allTextContents()).map((t) => t.split(' (')[0]);
    expect(lines.sort()).toEqual([`Suite linux: warm / total +30% worse at ${shortSha(16)}`, `Suite macos: warm / total +20% worse at ${shortSha(17)}`].sort());
    await tab.close();
  });
});
