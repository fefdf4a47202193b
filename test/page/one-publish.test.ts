/**
 * A trend of one publish, as every trend starts: each chart holds one point, which uPlot would
 * place at the left edge of a range of its own making. It is drawn in the middle, whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, columns, cssColour, drawnCanvas, runs } from './chart-reading.js';
import { servedTrend, watchedTab, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

let trend: ServedTrend;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a chart of one point', () => {
  beforeAll(async () => {
    trend = await servedTrend('benchtrend-page-one-', trendFiles(syntheticHistory({ suite: 'main', commits: 1, seed: 8, shapes: [{ shape: 'warm', stages: ['total'] }] }), { updated: '2024-01-01T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('draws the point whole in the middle of the plot, and says it shows the one publish', async () => {
    const { tab, errors } = await watchedTab(trend);
    const canvas = await (await drawnCanvas(tab, 'warm / total')).boundingBox();
    const plot = await card(tab, 'warm / total').locator('.u-over').boundingBox();
    if (!canvas || !plot) throw new Error('no chart drawn');
    // The point (a dot of the line's colour, no line to join) and its error bar.
    const [dot, ...others] = runs(await columns(tab, 'warm / total', { colour: await cssColour(tab, '--line'), tolerance: 30, alpha: 60 }));
    expect(others).toEqual([]);
    if (!dot) throw new Error('no point drawn');
    const middle = plot.x - canvas.x + plot.width / 2;
    expect(Math.abs(dot.x - middle)).toBeLessThanOrEqual(2);
    expect(dot.x0).toBeGreaterThan(plot.x - canvas.x);
    // Said of one, not "Showing all 1 publishes."
    expect(await tab.locator('#status').textContent()).toBe('Showing the one publish.');
    expect(errors).toEqual([]);
    await tab.close();
  });
});
