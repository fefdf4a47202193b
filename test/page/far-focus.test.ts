/**
 * A chart keeps the keyboard's focus when the reader scrolls far from it: the page lets a far
 * chart go (its canvas destroyed) to save memory, and a focused one, destroyed, dropped the focus
 * to the top of the page, so the next + or arrow did nothing and Tab started again from the top.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, drawnCanvas } from './chart-reading.js';
import { watchedTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const CASES = 40;
const FIRST = 'one / stage-00';
const LAST = `one / stage-${CASES - 1}`;
let trend: ServedTrend;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a focused chart scrolled far away', () => {
  beforeAll(async () => {
    const stages = Array.from({ length: CASES }, (_, i) => `stage-${String(i).padStart(2, '0')}`);
    const history = syntheticHistory({ suite: 'main', commits: 12, runs: 3, seed: 5, shapes: [{ shape: 'one', stages }] });
    trend = await servedTrend('benchtrend-page-far-focus-', trendFiles(history, { updated: '2024-01-02T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('keeps the focus and its keys, and is let go once the focus moves on', async () => {
    const { tab, errors } = await watchedTab(trend);
    await drawnCanvas(tab, FIRST);
    const chart = tab.getByRole('application', { name: `Chart of ${FIRST}`, exact: true });
    await chart.focus();
    await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The viewport has moved on: the last card drawn, and a far card next to the focused one let go.
    await expect.poll(() => card(tab, LAST).locator('canvas').count()).toBe(1);
    await expect.poll(() => card(tab, 'one / stage-01').locator('canvas').count()).toBe(0);
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Chart of ${FIRST}`);

    await tab.keyboard.press('+');
    await expect.poll(() => tab.locator('#chart-live').textContent()).toMatch(/^one \/ stage-00: showing commits \d+ to \d+ of 12 loaded, /);

    // Its canvas is not kept for ever: the focus gone elsewhere, the far chart goes too.
    // Focused where the reader is (a focus that scrolled to the top would bring the chart back near).
    await card(tab, LAST).getByRole('button', { name: `Download ${LAST} as CSV` }).focus();
    await expect.poll(() => card(tab, FIRST).locator('canvas').count()).toBe(0);
    await card(tab, FIRST).scrollIntoViewIfNeeded();
    await expect.poll(() => card(tab, FIRST).locator('canvas').count()).toBe(1);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
