/**
 * Commit times as git gives them keep their author's offset (`%aI`): a commit made at 20:30 in
 * California is stored "2024-03-01T20:30:00-08:00", 04:30 the next day in UTC. The tooltip says
 * UTC; the card's dates and the axis say the same day, not the author's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, drawnCanvas } from './chart-reading.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-times-';
let trend: ServedTrend;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('commit times with their author offset', () => {
  beforeAll(async () => {
    // Eight evenings in California, 2024-03-01 to 03-08 there: 2024-03-02 to 03-09 in UTC.
    // `once` was benched at the first commit only.
    const missing = [1, 2, 3, 4, 5, 6, 7].map((at) => ({ case: 'warm / once', at }));
    const history = syntheticHistory({ suite: 'main', commits: 8, seed: 3, shapes: [{ shape: 'warm', stages: ['total', 'once'] }], missing }).map((p, i) => ({
      ...p,
      commit: { ...p.commit, timestamp: `2024-03-0${i + 1}T20:30:00-08:00` },
    }));
    trend = await servedTrend(PREFIX, trendFiles(history, { updated: '2024-03-09T05:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('dates the card in UTC, as its tooltip does', async () => {
    const tab = await readyTab(trend);
    expect(await card(tab, 'warm / total').locator('.note').textContent()).toBe('8 points from 2024-03-02 to 2024-03-09.');
    await drawnCanvas(tab, 'warm / total');
    const over = await card(tab, 'warm / total').locator('.u-over').boundingBox();
    if (!over) throw new Error('no chart drawn');
    // The newest commit is at the right edge, half a commit in.
    await tab.mouse.move(over.x + over.width - over.width / 16 - 2, over.y + over.height / 2);
    await tab.mouse.move(over.x + over.width - over.width / 16, over.y + over.height / 2);
    await expect.poll(() => tab.locator('#tooltip').textContent()).toContain('2024-03-09 04:30 UTC');
    await tab.close();
  });

  it("dates a case by its own points, not its shape's commits", async () => {
    const tab = await readyTab(trend);
    expect(await card(tab, 'warm / once').locator('.note').textContent()).toBe('1 point on 2024-03-02.');
    await tab.close();
  });
});
