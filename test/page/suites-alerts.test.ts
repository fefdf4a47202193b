/**
 * Regressions of several suites: the same case name is often in each (one bench run on several
 * runners, a suite per job), and the list above the charts says whose each line is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { builtPage } from './built-page.js';
import { syntheticHistory, trendFiles, writeFiles, type Publish } from './trend-fixture.js';

const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-suites-'));
let browser: Browser;
let server: StaticServer;
let publishes: Publish[];
const shortSha = (seq: number): string => (publishes[seq] as Publish).commit.sha.slice(0, 7);

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('regressions of several suites', () => {
  beforeAll(async () => {
    const page = builtPage(join(work, 'page-build'));
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
    const dir = join(work, 'trend');
    writeFiles(dir, trendFiles(publishes, { updated: '2024-01-02T00:00:00Z', format: 2, alerts: [alert('linux', 16, 0.3), alert('macos', 17, 0.2)] }));
    writeFiles(dir, page);
    server = await serveFolder(dir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('names the suite of each listed regression', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(server.base);
    await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
    const lines = (await tab.locator('#alerts > ul > li').allTextContents()).map((t) => t.split(' (')[0]);
    expect(lines.sort()).toEqual([`Suite linux: warm / total +30% worse at ${shortSha(16)}`, `Suite macos: warm / total +20% worse at ${shortSha(17)}`].sort());
    await tab.close();
  });
});
