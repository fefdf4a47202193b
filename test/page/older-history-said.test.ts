/**
 * Older history, when it arrives, is said to a screen reader's user once: how many commits came
 * and from when. The charts grew to the left without a sound, and the status line's count of
 * publishes said neither. And the button pressed for it keeps the keyboard's focus.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, shownPoints } from './chart-reading.js';
import { formatDate } from '../../page/lib/hover-text.js';
import { watchedTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const COMMITS = 130;
let trend: ServedTrend;
let history: Publish[];

/** Every text the live region was given, in order, from when this is called. */
async function recordLive(tab: Page): Promise<() => Promise<string[]>> {
  await tab.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const live = document.getElementById('chart-live') as HTMLElement;
    new MutationObserver(() => said.push(live.textContent ?? '')).observe(live, { childList: true, characterData: true, subtree: true });
  });
  return () => tab.evaluate(() => (window as unknown as { said: string[] }).said.filter((t) => t !== ''));
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('older history said when it arrives', () => {
  beforeAll(async () => {
    history = syntheticHistory({ suite: 'main', commits: COMMITS, runs: 3, seed: 8, shapes: [{ shape: 'warm', stages: ['a', 'total'] }] });
    trend = await servedTrend('benchtrend-page-older-said-', trendFiles(history, { updated: '2024-01-09T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('says how many commits "Load older" brought and from when, once', async () => {
    const { tab, errors } = await watchedTab(trend);
    const before = /^Showing the newest (\d+) of 130 publishes\./.exec((await tab.locator('#status').textContent()) ?? '');
    expect(before).not.toBeNull();
    const older = COMMITS - Number(before?.[1]);
    const said = await recordLive(tab);
    await tab.click('#load-older');
    await expect.poll(() => tab.locator('#status').textContent()).toBe(`Showing all ${COMMITS} publishes.`);
    const first = formatDate(history[0]?.commit.timestamp ?? '');
    const last = formatDate(history[older - 1]?.commit.timestamp ?? '');
    await expect.poll(said).toEqual([`Older history loaded: ${older} commits, from ${first} to ${last}.`]);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('keeps the focus on "Load older" pressed from the keyboard, and on it once nothing is left to load', async () => {
    const { tab, errors } = await watchedTab(trend);
    const older = tab.locator('#load-older');
    await older.focus();
    await tab.keyboard.press('Enter');
    await expect.poll(() => tab.locator('#status').textContent()).toBe(`Showing all ${COMMITS} publishes.`);
    // Disabled while it loaded, the button dropped the focus to the page's body.
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('load-older');
    expect(await older.getAttribute('aria-disabled')).toBe('true');
    await tab.keyboard.press('Enter');
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('load-all');
    await tab.keyboard.press('Enter');
    expect(await tab.locator('#status').textContent()).toBe(`Showing all ${COMMITS} publishes.`);
    expect(await tab.evaluate(() => document.documentElement.dataset['state'])).toBe('ready');
    expect(errors).toEqual([]);
    await tab.close();
  });
});

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('"Load back to it" from the keyboard', () => {
  let retired: ServedTrend;
  beforeAll(async () => {
    const missing = Array.from({ length: COMMITS - 10 }, (_, i) => ({ case: 'warm / a', at: 10 + i }));
    const older = syntheticHistory({ suite: 'main', commits: COMMITS, runs: 3, seed: 8, shapes: [{ shape: 'warm', stages: ['a', 'total'] }], missing });
    retired = await servedTrend('benchtrend-page-back-to-it-', trendFiles(older, { updated: '2024-01-09T00:00:00Z', format: 2 }));
  });
  afterAll(() => retired?.close());

  it('leaves the focus on the card the button was in, so Tab goes on from there', async () => {
    const { tab, errors } = await watchedTab(retired);
    const a = card(tab, 'warm / a');
    await a.getByRole('button', { name: 'Load back to it' }).focus();
    await tab.keyboard.press('Enter');
    await expect.poll(() => shownPoints(tab, 'warm / a')).toBe(10);
    expect(await tab.evaluate(() => document.activeElement?.closest<HTMLElement>('article.card')?.dataset['case'])).toBe('warm / a');
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Link to the chart of warm / a');
    expect(errors).toEqual([]);
    await tab.close();
  });
});
