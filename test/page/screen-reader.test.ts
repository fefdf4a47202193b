/**
 * The page as a screen reader reads it: each card's controls named for its case, and each chart
 * saying what it shows, not only "Chart of" the name in the heading above it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, drawnCanvas, readNodes } from './chart-reading.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-reader-';
let trend: ServedTrend;
let history: Publish[];

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('the page read by a screen reader', () => {
  beforeAll(async () => {
    history = syntheticHistory({ suite: 'main', commits: 6, seed: 4, shapes: [{ shape: 'warm', stages: ['attach', 'total'] }], steps: [{ case: 'warm / total', at: 4, factor: 1.5 }] });
    const at = history[4] as Publish;
    const alert: StoredAlert = { kind: 'regression', suite: 'main', case: 'warm / total', sha: at.commit.sha, seq: 4, status: 'confirmed', baseline: 1, value: 1.5, change: 0.5 };
    trend = await servedTrend(PREFIX, trendFiles(history, { updated: '2024-01-01T06:00:00Z', format: 2, alerts: [alert] }));
  });
  afterAll(() => trend?.close());

  it('names each card control for its case, and tells each chart as an interactive chart: what it shows and its keys', async () => {
    const tab = await readyTab(trend);
    for (const name of ['warm / attach', 'warm / total']) {
      expect(await tab.getByRole('button', { name: `Download ${name} as CSV`, exact: true }).count()).toBe(1);
      expect(await tab.getByRole('button', { name: `Download ${name} as JSON`, exact: true }).count()).toBe(1);
      expect(await tab.getByRole('link', { name: `Link to the chart of ${name}`, exact: true }).count()).toBe(1);
    }
    await drawnCanvas(tab, 'warm / total');
    const newest = history[5] as Publish;
    // It takes the focus and answers keys: told as an image, a screen reader kept the arrows for
    // itself in browse mode and never said there was anything to press.
    const [chart, ...more] = await readNodes(tab, 'Chart of warm / total');
    expect(more).toEqual([]);
    expect(chart?.role).toBe('application');
    expect(chart?.properties).toMatchObject({ focusable: true, roledescription: 'chart', keyshortcuts: '= - ArrowLeft ArrowRight 0 Home' });
    const about = chart?.description ?? '';
    expect(about).toMatch(/^6 points from 2024-01-01 to 2024-01-01\. Newest median \d[\d.]* m?s at /);
    expect(about).toContain(`at ${newest.commit.sha.slice(0, 7)}, 2024-01-01 05:00 UTC. 1 regression marked.`);
    expect(about).toContain('Keys: plus and minus zoom, left and right arrows pan, 0 or Home shows everything loaded.');
    expect(await tab.getByRole('img').count()).toBe(0);
    await tab.close();
  });

  it('hides the tooltip on Escape, and shows it again when the cursor moves', async () => {
    const tab = await readyTab(trend);
    await drawnCanvas(tab, 'warm / total');
    const over = await card(tab, 'warm / total').locator('.u-over').boundingBox();
    if (!over) throw new Error('no chart drawn');
    await tab.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
    await tab.mouse.move(over.x + over.width / 2 + 2, over.y + over.height / 2);
    await tab.locator('#tooltip').waitFor({ state: 'visible' });
    await tab.keyboard.press('Escape');
    expect(await tab.locator('#tooltip').isHidden()).toBe(true);
    await tab.mouse.move(over.x + over.width / 2 + 4, over.y + over.height / 2);
    await tab.locator('#tooltip').waitFor({ state: 'visible' });
    await tab.close();
  });
});
