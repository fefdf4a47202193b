/**
 * Addresses that point at a chart, as readers share and bookmark them: a link to a case the trend
 * no longer holds (renamed, removed) says so rather than open the top of the page as if it had
 * worked, Back and Forward move between the charts linked, and the keyboard goes where a link
 * followed with Enter goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-links-';
let trend: ServedTrend;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('deep links to a chart', () => {
  beforeAll(async () => {
    const history = syntheticHistory({ suite: 'main', commits: 5, seed: 6, shapes: [{ shape: 'warm', stages: ['attach', 'total'] }, ...Array.from({ length: 6 }, (_, i) => ({ shape: `s${i}`, stages: ['a', 'b'] }))] });
    const at = history[3] as Publish;
    const alert: StoredAlert = { kind: 'regression', suite: 'main', case: 's5 / b', sha: at.commit.sha, seq: 3, status: 'suspected', baseline: 1, value: 1.5, change: 0.5 };
    trend = await servedTrend(PREFIX, trendFiles(history, { updated: '2024-01-02T00:00:00Z', format: 2, alerts: [alert] }));
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

  it('takes the keyboard to the card a listed regression links, so that Tab goes on from there', async () => {
    const tab = await readyTab(trend);
    await tab.locator('#alerts').getByRole('link', { name: 's5 / b' }).focus();
    await tab.keyboard.press('Enter');
    await expect.poll(() => tab.locator('.card.target h4').allTextContents()).toEqual(['s5 / b']);
    const focused = (): Promise<string | undefined> => tab.evaluate(() => document.activeElement?.closest<HTMLElement>('article.card')?.dataset['case']);
    expect(await focused()).toBe('s5 / b');
    const y = await tab.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Link to the chart of s5 / b');
    expect(await tab.evaluate(() => window.scrollY)).toBe(y);
    await tab.close();
  });
});
