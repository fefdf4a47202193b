/**
 * A chart zoomed and panned from the keyboard, by a reader who cannot use a mouse or a wheel: Tab
 * reaches the chart, + and - zoom, the arrows pan, 0 or Home shows everything loaded, the chart
 * shows and tells so, and each step says what it then shows.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, commitAt, drawnCanvas } from './chart-reading.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-keyboard-';
const NAME = 'warm / total';
let trend: ServedTrend;
let history: Publish[];

/** Which commits (their place in the history) the chart shows at its left and right edges. */
async function edges(tab: Page): Promise<[number, number]> {
  const at = async (share: number): Promise<number> => {
    const sha = await commitAt(tab, NAME, share);
    return history.findIndex((p) => p.commit.sha.startsWith(sha));
  };
  return [await at(0.01), await at(0.99)];
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a chart from the keyboard', () => {
  beforeAll(async () => {
    history = syntheticHistory({ suite: 'main', commits: 24, seed: 9, shapes: [{ shape: 'warm', stages: ['total'] }] });
    trend = await servedTrend(PREFIX, trendFiles(history, { updated: '2024-01-02T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('is reached by Tab, zooms with + and -, pans with the arrows and shows everything again on Home', async () => {
    const tab = await readyTab(trend);
    await drawnCanvas(tab, NAME);
    expect(await edges(tab)).toEqual([0, 23]);
    const keys = card(tab, NAME).getByText('+ − zoom · ← → pan · 0 or Home: all');
    expect(await keys.isVisible()).toBe(false);
    await card(tab, NAME).getByRole('button', { name: `Download ${NAME} as JSON` }).focus();
    await tab.keyboard.press('Tab');
    const chart = tab.getByRole('application', { name: 'Chart of warm / total', exact: true });
    expect(await chart.evaluate((e) => e === document.activeElement)).toBe(true);
    // The keys shown to a sighted keyboard user while the chart has the focus, not only told.
    expect(await keys.isVisible()).toBe(true);

    // Each step is said to a screen reader (a polite live region): what the chart now shows.
    const live = tab.locator('#chart-live');
    expect(await live.getAttribute('aria-live')).toBe('polite');
    expect(await live.textContent()).toBe('');
    await tab.keyboard.press('+');
    const [left, right] = await edges(tab);
    expect(left).toBeGreaterThan(3);
    expect(right).toBeLessThan(20);
    // Said once the keys rest, not at each step of a held key.
    await expect.poll(() => live.textContent()).not.toBe('');
    const said = /^warm \/ total: showing commits (\d+) to (\d+) of 24 loaded, (\S+ \S+) UTC to (\S+ \S+) UTC\.$/.exec((await live.textContent()) ?? '');
    expect(said).not.toBeNull();
    const [from, to] = [Number(said?.[1]) - 1, Number(said?.[2]) - 1];
    expect(Math.abs(from - left)).toBeLessThanOrEqual(1);
    expect(Math.abs(to - right)).toBeLessThanOrEqual(1);
    expect(said?.[3]).toBe(`${history[from]?.commit.timestamp.slice(0, 10)} ${history[from]?.commit.timestamp.slice(11, 16)}`);
    await chart.focus();
    await tab.keyboard.press('ArrowLeft');
    const [panned, pannedRight] = await edges(tab);
    expect(panned).toBeLessThan(left);
    expect(pannedRight).toBeLessThan(right);
    await chart.focus();
    await tab.keyboard.press('ArrowRight');
    await tab.keyboard.press('ArrowRight');
    await tab.keyboard.press('ArrowRight');
    await tab.keyboard.press('ArrowRight');
    expect((await edges(tab))[1]).toBe(23);
    await chart.focus();
    await tab.keyboard.press('Home');
    await expect.poll(() => live.textContent()).toMatch(/^warm \/ total: showing all 24 commits loaded, /);
    expect(await edges(tab)).toEqual([0, 23]);
    await chart.focus();
    await tab.keyboard.press('+');
    await tab.keyboard.press('+');
    await tab.keyboard.press('-');
    await tab.keyboard.press('-');
    expect(await edges(tab)).toEqual([0, 23]);

    // A held key: a first press and its repeats within one frame take two steps (the press and
    // one repeat), not one redraw of every chart in the group for each repeat.
    await chart.focus();
    await tab.keyboard.press('+');
    await tab.keyboard.press('+');
    const zoomed = await edges(tab);
    await chart.evaluate((e) => {
      for (const repeat of [false, true, true, true, true]) e.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', repeat, bubbles: true, cancelable: true }));
    });
    const held = await edges(tab);
    await chart.focus();
    await tab.keyboard.press('Home');
    await chart.focus();
    for (const key of ['+', '+', 'ArrowLeft', 'ArrowLeft']) await tab.keyboard.press(key);
    expect(held[0]).toBeLessThan(zoomed[0]);
    expect(held).toEqual(await edges(tab));
    await tab.close();
  });
});
