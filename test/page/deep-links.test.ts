/**
 * Addresses that point at a chart, as readers share and bookmark them: a link to a case the trend
 * no longer holds (renamed, removed) says so rather than open the top of the page as if it had
 * worked, and Back and Forward move between the charts linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-links-';
let trend: ServedTrend;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('deep links to a chart', () => {
  beforeAll(async () => {
    const history = syntheticHistory({ suite: 'main', commits: 5, seed: 6, shapes: [{ shape: 'warm', stages: ['attach', 'total'] }] });
    trend = await servedTrend(PREFIX, trendFiles(history, { updated: '2024-01-02T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('says a linked case is not in the trend, and drops the word once the address names one that is', async () => {
    const tab = await trend.browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(`${trend.server.base}#case=${encodeURIComponent('warm / <b>gone</b>')}`);
    await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
    const missing = 'The address names the case warm / <b>gone</b>, which this trend does not hold (renamed or removed?); every case is shown.';
    expect(await tab.locator('#notice p').allTextContents()).toEqual([missing]);
    expect(await tab.locator('#notice b').count()).toBe(0);

    await tab.evaluate(() => (window.location.hash = `#case=${encodeURIComponent('warm / total')}`));
    await expect.poll(() => tab.locator('.card.target h4').allTextContents()).toEqual(['warm / total']);
    expect(await tab.locator('#notice p').allTextContents()).toEqual([]);

    await tab.goBack();
    await expect.poll(() => tab.locator('#notice p').allTextContents()).toEqual([missing]);
    expect(await tab.locator('.card.target').count()).toBe(0);
    await tab.goForward();
    await expect.poll(() => tab.locator('.card.target h4').allTextContents()).toEqual(['warm / total']);
    expect(await tab.locator('#notice p').allTextContents()).toEqual([]);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
