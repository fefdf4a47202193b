/**
 * Addresses that point at one commit of a chart (`&commit=<sha>`), as a regression comment links
 * its culprit: the page loads older history back to it when needed, zooms the chart round it,
 * marks it and says so; a commit the trend does not hold is said on the card; the page's list of
 * regressions links there too. And the address follows the reader's zoom, without a history
 * entry per key, so that it shares the view.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, commitAt } from './chart-reading.js';
import { formatDate } from '../../page/lib/hover-text.js';
import { servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';
import type { StoredAlert } from '../../src/core/trend/types.js';

const COMMITS = 130;
const NAME = 'warm / total';
let trend: ServedTrend;
let history: Publish[];

function sha(i: number): string {
  return (history[i] as Publish).commit.sha;
}

/** Which commits (their place in the history) the chart shows at its left and right edges (to a commit: the cursor snaps). */
async function edges(tab: Page): Promise<[number, number]> {
  const at = async (share: number): Promise<number> => {
    const short = await commitAt(tab, NAME, share);
    return history.findIndex((p) => p.commit.sha.startsWith(short));
  };
  return [await at(0.01), await at(0.99)];
}

async function opened(hash: string): Promise<{ tab: Page; errors: string[] }> {
  const tab = await trend.browser.context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  await tab.goto(`${trend.server.base}${hash}`);
  await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
  return { tab, errors };
}

function near(got: readonly number[], want: readonly number[]): boolean {
  return got.length === want.length && got.every((g, k) => Math.abs(g - (want[k] as number)) <= 1);
}

/** How many publishes the status line says are loaded. */
async function loaded(tab: Page): Promise<number> {
  const text = (await tab.locator('#status').textContent()) ?? '';
  const m = /^Showing (?:all (\d+)|the newest (\d+) of \d+) publishes\./.exec(text);
  return Number(m?.[1] ?? m?.[2]);
}

function said(i: number): string {
  return `${NAME}: commit ${sha(i).slice(0, 7)} of ${formatDate((history[i] as Publish).commit.timestamp)} marked, with the commits around it.`;
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('links to a commit of a chart', () => {
  beforeAll(async () => {
    history = syntheticHistory({ suite: 'main', commits: COMMITS, runs: 3, seed: 12, shapes: [{ shape: 'warm', stages: ['a', 'total'] }], steps: [{ case: NAME, at: 5, factor: 1.5 }] });
    const alert: StoredAlert = { kind: 'regression', suite: 'main', case: NAME, sha: sha(5), seq: 5, status: 'suspected', baseline: 1, value: 1.5, change: 0.5 };
    trend = await servedTrend('benchtrend-page-commit-links-', trendFiles(history, { updated: '2024-01-09T00:00:00Z', format: 2, alerts: [alert] }));
  });
  afterAll(() => trend?.close());

  it('loads older history back to a linked commit, zooms round it, marks it and says so', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}&commit=${sha(5).slice(0, 7)}`);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(5));
    // The first view reaches back about 96 publishes of 130: commit 5 is older.
    expect(await loaded(tab)).toBeGreaterThanOrEqual(COMMITS - 5);
    expect(await card(tab, NAME).locator('.markers li.linked').textContent()).toBe(`Linked commit at ${sha(5).slice(0, 7)}, ${(history[5] as Publish).commit.timestamp.slice(0, 10)}`);
    // Twenty-one commits round it: at the start of history, the first twenty-one.
    expect(near(await edges(tab), [0, 20])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('zooms round a linked commit already loaded, named by its full sha', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}&commit=${sha(100).toUpperCase()}`);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
    expect(await loaded(tab)).toBeLessThan(COMMITS - 5);
    expect(near(await edges(tab), [90, 110])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('says on the card that the trend does not hold a linked commit, and shows everything', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}&commit=deadbee`);
    const line = card(tab, NAME).locator('.commit-missing');
    await expect.poll(() => line.textContent()).toBe('The address names commit deadbee, which this chart does not hold; everything loaded is shown.');
    // Said to a screen reader too, as a commit found is.
    expect(await tab.locator('#chart-live').textContent()).toBe(`${NAME}: The address names commit deadbee, which this chart does not hold; everything loaded is shown.`);
    expect(await tab.locator('#status').textContent()).toBe(`Showing all ${COMMITS} publishes.`);
    expect(near(await edges(tab), [0, COMMITS - 1])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('shows everything loaded, as it says, for a commit it cannot look for after one it zoomed round', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}&commit=${sha(100)}`);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
    await tab.evaluate((h) => (window.location.hash = h), `#case=${encodeURIComponent(NAME)}&commit=nothex1`);
    const line = card(tab, NAME).locator('.commit-missing');
    await expect.poll(() => line.textContent()).toBe('The address names commit nothex1, which is not 7 or more hex digits of a commit; everything loaded is shown.');
    // It stayed zoomed round commit 100.
    expect(near(await edges(tab), [COMMITS - (await loaded(tab)), COMMITS - 1])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('opens a listed regression\'s chart at its commit, loading back to it', async () => {
    const { tab, errors } = await opened('');
    await tab.locator('#alerts').getByRole('link', { name: NAME }).click();
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(5));
    expect(near(await edges(tab), [0, 20])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('loads nothing in this tab for a listed regression opened in another', async () => {
    const { tab, errors } = await opened('');
    const before = await loaded(tab);
    const opening = tab.context().waitForEvent('page');
    await tab.locator('#alerts').getByRole('link', { name: NAME }).click({ modifiers: ['Control'] });
    await (await opening).close();
    // Its click asked for older history back to the regression in this tab.
    expect(await tab.evaluate(() => document.documentElement.dataset['state'])).toBe('ready');
    expect(await loaded(tab)).toBe(before);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('shows the chart whole again on Back from a listed regression\'s link, and zoomed on Forward', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}`);
    await tab.locator('#alerts').getByRole('link', { name: NAME }).click();
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(5));
    expect(near(await edges(tab), [0, 20])).toBe(true);
    await tab.goBack();
    await expect.poll(() => card(tab, NAME).locator('.markers li.linked').count()).toBe(0);
    expect(await tab.evaluate(() => window.location.hash)).toBe(`#case=${encodeURIComponent(NAME)}`);
    // It stayed zoomed round the regression, under an address that opens it whole.
    expect(near(await edges(tab), [0, COMMITS - 1])).toBe(true);
    await tab.goForward();
    await expect.poll(() => card(tab, NAME).locator('.markers li.linked').count()).toBe(1);
    expect(near(await edges(tab), [0, 20])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('puts the commit in the middle of the view in the address as keys zoom, without a history entry per key', async () => {
    const start = `#case=${encodeURIComponent(NAME)}&commit=${sha(100)}`;
    const { tab, errors } = await opened(start);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
    const entries = await tab.evaluate(() => history.length);
    const chart = card(tab, NAME).getByRole('application');
    await chart.focus();
    await tab.keyboard.press('ArrowLeft');
    await tab.keyboard.press('+');
    const [first, last] = await edges(tab);
    const middle = Math.round((first + last) / 2);
    expect(middle).toBeLessThan(100);
    // Once the keys rest.
    await expect.poll(() => tab.evaluate(() => window.location.hash)).toBe(`#case=${encodeURIComponent(NAME)}&commit=${sha(middle)}`);
    expect(await tab.evaluate(() => history.length)).toBe(entries);

    // The address copied opens the same place.
    const copied = await tab.evaluate(() => window.location.hash);
    const again = await opened(copied);
    await expect.poll(() => again.tab.locator('#chart-live').textContent()).toBe(said(middle));
    await again.tab.close();

    await chart.focus();
    await tab.keyboard.press('Home');
    await expect.poll(() => tab.evaluate(() => window.location.hash)).toBe(`#case=${encodeURIComponent(NAME)}`);
    expect(await tab.evaluate(() => history.length)).toBe(entries);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('drops the commit from the address once older history shows the chart whole', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}&commit=${sha(100)}`);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
    const entries = await tab.evaluate(() => history.length);
    await tab.click('#load-older');
    await expect.poll(() => tab.locator('#status').textContent()).toBe(`Showing all ${COMMITS} publishes.`);
    expect(near(await edges(tab), [0, COMMITS - 1])).toBe(true);
    // It named commit 100, and the address copied reopened the chart zoomed round it.
    expect(await tab.evaluate(() => window.location.hash)).toBe(`#case=${encodeURIComponent(NAME)}`);
    expect(await tab.evaluate(() => history.length)).toBe(entries);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('goes from one linked commit to another, and back with Back, marking only the one linked', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}&commit=${sha(100).slice(0, 7)}`);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
    await tab.evaluate((h) => (window.location.hash = h), `#case=${encodeURIComponent(NAME)}&commit=${sha(120).slice(0, 9)}`);
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(120));
    const marked = card(tab, NAME).locator('.markers li.linked');
    expect(await marked.allTextContents()).toEqual([`Linked commit at ${sha(120).slice(0, 7)}, ${(history[120] as Publish).commit.timestamp.slice(0, 10)}`]);
    expect(near(await edges(tab), [109, 129])).toBe(true);
    await tab.goBack();
    await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
    expect(await marked.allTextContents()).toEqual([`Linked commit at ${sha(100).slice(0, 7)}, ${(history[100] as Publish).commit.timestamp.slice(0, 10)}`]);
    expect(near(await edges(tab), [90, 110])).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('puts the commit in the middle of a zoom dragged with the mouse in the address, and drops it on a double click', async () => {
    const { tab, errors } = await opened(`#case=${encodeURIComponent(NAME)}`);
    const entries = await tab.evaluate(() => history.length);
    const plot = card(tab, NAME).locator('.u-over');
    await plot.scrollIntoViewIfNeeded();
    const box = await plot.boundingBox();
    if (!box) throw new Error('no plot area');
    const y = box.y + box.height / 2;
    await tab.mouse.move(box.x + box.width * 0.2, y);
    await tab.mouse.down();
    await tab.mouse.move(box.x + box.width * 0.4, y, { steps: 5 });
    await tab.mouse.up();
    await expect.poll(() => tab.evaluate(() => window.location.hash)).toMatch(/&commit=/);
    const hash = await tab.evaluate(() => window.location.hash);
    const commit = /&commit=([0-9a-f]{40})$/.exec(hash)?.[1];
    const [first, last] = await edges(tab);
    expect(first).toBeGreaterThan(0);
    expect(near([history.findIndex((p) => p.commit.sha === commit)], [Math.round((first + last) / 2)])).toBe(true);
    await plot.dblclick();
    await expect.poll(() => tab.evaluate(() => window.location.hash)).toBe(`#case=${encodeURIComponent(NAME)}`);
    expect(await tab.evaluate(() => history.length)).toBe(entries);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('follows a key held long in the address, as a browser that limits its changes takes it', async () => {
    // 200 changes of the address in 10 s, and the browser ignores the rest: a key held some 7 s.
    const limited = await servedTrend('benchtrend-page-commit-links-limit-', trendFiles(history, { updated: '2024-01-09T00:00:00Z', format: 2 }), { historyLimit: true });
    try {
      const tab = await limited.browser.context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${limited.server.base}#case=${encodeURIComponent(NAME)}&commit=${sha(100)}`);
      await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
      await expect.poll(() => tab.locator('#chart-live').textContent()).toBe(said(100));
      const chart = card(tab, NAME).getByRole('application');
      await chart.focus();
      await chart.evaluate((node) => {
        for (let k = 0; k < 300; k++) node.dispatchEvent(new KeyboardEvent('keydown', { key: k % 2 ? 'ArrowRight' : 'ArrowLeft', bubbles: true }));
      });
      await tab.keyboard.press('ArrowLeft');
      await tab.keyboard.press('ArrowLeft');
      const [first, last] = await edges(tab);
      // The address named a commit of the 200th step, which the chart had left.
      await expect.poll(() => tab.evaluate(() => window.location.hash)).toBe(`#case=${encodeURIComponent(NAME)}&commit=${sha(Math.round((first + last) / 2))}`);
      expect(errors).toEqual([]);
      await tab.close();
    } finally {
      await limited.close();
    }
  });
});
