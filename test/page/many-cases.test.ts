/**
 * A suite of hundreds of cases in one shape: drawing its charts must cost each chart the same,
 * however many there are. A tester's trend of 3,000 cases took 100 s to its last chart and 3.3 GB
 * of renderer memory, from a layout of the whole page after each chart and a canvas for every card.
 * What is asserted is what the page does, never how long it takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import type { CDPSession } from 'playwright-core';
import { HAS_CHROMIUM } from './browser.js';
import { bars, card, shownPoints } from './chart-reading.js';
import { readyTab, servedTrend, watchedTab, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const CASES = 300;
let trend: ServedTrend;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)(`a suite of ${CASES} cases on the page`, () => {
  beforeAll(async () => {
    const stages = Array.from({ length: CASES }, (_, i) => `stage-${String(i).padStart(3, '0')}`);
    const history = syntheticHistory({ suite: 'main', commits: 20, runs: 3, seed: 4, shapes: [{ shape: 'one', stages }] });
    trend = await servedTrend('benchtrend-page-many-', trendFiles(history, { updated: '2024-01-02T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('lays the page out a few times while it draws, not once per chart', async () => {
    const errors: string[] = [];
    let cdp: CDPSession | undefined;
    // Counting from before the page loads.
    const tab = await readyTab(trend, async (t) => {
      t.on('pageerror', (e) => errors.push(e.message));
      cdp = await t.context().newCDPSession(t);
      await cdp.send('Performance.enable');
    });
    if (!cdp) throw new Error('no CDP session');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const layouts = metrics.find((m) => m.name === 'LayoutCount')?.value ?? NaN;
    // A layout per frame painted while loading (16 on a quiet machine); reading a chart's width after
    // each chart was added made it 335.
    expect(layouts).toBeLessThan(CASES / 4);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('gives a card its canvas when it nears the window, and says what it holds before', async () => {
    const { tab, errors } = await watchedTab(trend);
    const first = card(tab, 'one / stage-000');
    const last = card(tab, `one / stage-${CASES - 1}`);
    expect(await first.locator('canvas').count()).toBe(1);
    // The first screen and a little more: 900 px hold three rows of two.
    const canvases = await tab.locator('article.card canvas').count();
    expect(canvases).toBeGreaterThanOrEqual(4);
    expect(canvases).toBeLessThan(20);
    expect(await last.locator('canvas').count()).toBe(0);
    expect(await shownPoints(tab, `one / stage-${CASES - 1}`)).toBe(20);

    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.locator('canvas').count()).toBe(1);
    // Drawn whole: error bars along its 20 points (a bar the line covers is not counted).
    expect((await bars(tab, `one / stage-${CASES - 1}`)).count).toBeGreaterThanOrEqual(10);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('lets the charts far from the window go, and draws them again when they come back', async () => {
    const { tab, errors } = await watchedTab(trend);
    const height = (): Promise<number> => tab.evaluate(() => document.documentElement.scrollHeight);
    const before = await height();
    const first = card(tab, 'one / stage-000');
    expect(await first.locator('canvas').count()).toBe(1);
    // Held on to, to see what becomes of it once its chart is let go.
    await first.locator('canvas').evaluate((c) => ((window as unknown as { kept: HTMLCanvasElement }).kept = c as HTMLCanvasElement));
    // Through the whole page a screen at a time, as a reader scrolls.
    await tab.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    const last = card(tab, `one / stage-${CASES - 1}`);
    await expect.poll(() => last.locator('canvas').count()).toBe(1);
    await expect.poll(() => first.locator('canvas').count()).toBe(0);
    expect(await tab.locator('article.card canvas').count()).toBeLessThan(20);
    // Its pixels given back at once, not whenever the canvas is collected.
    expect(await tab.evaluate(() => (window as unknown as { kept: HTMLCanvasElement }).kept.width)).toBe(0);
    // A card without its chart is as tall as with it: nothing moved.
    expect(await height()).toBe(before);
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.locator('canvas').count()).toBe(1);
    expect((await bars(tab, 'one / stage-000')).count).toBeGreaterThanOrEqual(10);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
