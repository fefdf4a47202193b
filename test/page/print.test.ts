/**
 * Printing the page (or saving it as a PDF): a card gets its chart only near the window, so
 * every card further down printed as an empty frame; and in dark mode the page printed its light
 * text on white paper.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-print-';
let trend: ServedTrend;
const STAGES = Array.from({ length: 12 }, (_, i) => `stage-${i}`);

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('printing the page', () => {
  beforeAll(async () => {
    trend = await servedTrend(PREFIX, trendFiles(syntheticHistory({ suite: 'main', commits: 6, seed: 5, shapes: [{ shape: 'warm', stages: STAGES }] }), { updated: '2024-01-01T06:00:00Z', format: 2 }), { colorScheme: 'dark' });
  });
  afterAll(() => trend?.close());

  it('prints every chart, in dark ink, and lets the far ones go after', async () => {
    const errors: string[] = [];
    const tab = await readyTab(trend, (t) => t.on('pageerror', (e) => errors.push(e.message)));
    const onScreen = await tab.locator('article.card canvas').count();
    expect(onScreen).toBeLessThan(STAGES.length);
    // What the page holds as it goes to paper: read after the page's own beforeprint listener.
    await tab.evaluate(() => {
      window.addEventListener('beforeprint', () => {
        const w = window as unknown as { printed: unknown };
        w.printed = { canvases: document.querySelectorAll('article.card canvas').length, theme: document.documentElement.dataset['theme'] };
      });
    });
    await tab.pdf();
    expect(await tab.evaluate(() => (window as unknown as { printed: unknown }).printed)).toEqual({ canvases: STAGES.length, theme: 'light' });
    // Back on screen: the reader's theme, and only the charts near the window keep a canvas.
    await tab.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
    expect(await tab.locator('article.card canvas').count()).toBe(onScreen);

    await tab.emulateMedia({ media: 'print' });
    const ink = await tab.evaluate(() => getComputedStyle(document.body).color);
    expect(ink).toBe('rgb(31, 35, 40)');
    expect(await tab.locator('.toolbar').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
