/**
 * The regressions listed above the charts, as a reader follows them: a link to the case's chart,
 * which shows the alert's red dot even when its commit is older than what the page first loaded,
 * and which works every time it is followed, whatever the filter hides; and a link to the commit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { alertDots, card } from './chart-reading.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { builtPage } from './built-page.js';
import { syntheticHistory, trendFiles, writeFiles, type Publish } from './trend-fixture.js';

/** How long loading back 600 publishes may take: vitest's default second is not enough on a loaded machine. A wait, not a measure. */
const LOADING = { timeout: 30_000 };

const REPOSITORY = 'https://example.invalid/o/r';
const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-links-'));
let browser: Browser;
let pageFiles: Map<string, Uint8Array>;
let server: StaticServer;
let held: StaticServer;
let history: Publish[];

/** A regression stored as the detector stores one, on `name` at publish `seq`. */
function regression(name: string, seq: number, change: number): StoredAlert {
  const at = history[seq] as Publish;
  return { kind: 'regression', suite: 'main', case: name, sha: at.commit.sha, seq, status: 'confirmed', baseline: 1, value: 1 + change, change, reason: 'beyond the limit' };
}

async function open(url: string): Promise<{ tab: Page; errors: string[] }> {
  const tab = await browser.context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  await tab.goto(url);
  await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
  return { tab, errors };
}

const ready = (tab: Page): Promise<unknown> => tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');

/** The card's top, in the window's coordinates; null when it is not shown. */
async function top(tab: Page, name: string): Promise<number | null> {
  const box = await card(tab, name).boundingBox();
  // "|| 0": -0.4 rounds to -0, which is not 0 to toBe.
  return box ? Math.round(box.y) || 0 : null;
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('the list of regressions on the page', () => {
  beforeAll(async () => {
    pageFiles = builtPage(join(work, 'page-build'));
    // 600 publishes: the first view reads back to publish 256 (whole chunks of 256 and 16). Three
    // shapes of six cases: a page tall enough to bring a card of the middle one to its top.
    history = syntheticHistory({
      suite: 'main',
      commits: 600,
      seed: 21,
      shapes: [
        { shape: 'warm', stages: ['a', 'b', 'c', 'd', 'e', 'total'] },
        { shape: 'cold', stages: ['a', 'b', 'c', 'd', 'e', 'total'] },
        { shape: 'hot', stages: ['a', 'b', 'c', 'd', 'e', 'total'] },
      ],
      steps: [
        { case: 'warm / total', at: 20, factor: 1.3 },
        { case: 'cold / total', at: 590, factor: 1.3 },
      ],
    });
    const dir = join(work, 'trend');
    writeFiles(dir, trendFiles(history, { updated: '2024-02-01T00:00:00Z', format: 2, repository: REPOSITORY, alerts: [regression('warm / total', 20, 0.3), regression('cold / total', 590, 0.3), regression('hot / total', 590, 0.2)] }));
    writeFiles(dir, pageFiles);
    server = await serveFolder(dir);
    // The same trend with every chunk held back until released: the first view still loading.
    held = await serveFolder(dir, { hold: (path) => path.startsWith('data/c/') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await held?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('loads back to a regression older than the first view when it is clicked, so its dot is drawn', async () => {
    const { tab, errors } = await open(server.base);
    expect(await tab.locator('#status').textContent()).toContain('Showing the newest 344 of 600 publishes.');
    expect(await alertDots(tab, 'warm / total')).toEqual([]);
    await tab.locator('#alerts a', { hasText: 'warm / total' }).click();
    await expect.poll(() => tab.locator('#status').textContent(), LOADING).toBe('Showing all 600 publishes.');
    await ready(tab);
    expect(await card(tab, 'warm / total').getAttribute('class')).toContain('target');
    expect(await alertDots(tab, 'warm / total')).toHaveLength(1);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('loads back to it once the first view is read when it is clicked before', async () => {
    const tab = await browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(held.base);
    await expect.poll(() => held.held().length).toBeGreaterThan(0);
    await tab.locator('#alerts a', { hasText: 'warm / total' }).click();
    held.release();
    await expect.poll(() => tab.locator('#status').textContent(), LOADING).toBe('Showing all 600 publishes.');
    await ready(tab);
    expect(await alertDots(tab, 'warm / total')).toHaveLength(1);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('shows the linked case when the filter hides it: the filter gives way', async () => {
    const { tab, errors } = await open(server.base);
    await tab.fill('#filter', 'warm');
    expect(await card(tab, 'cold / total').isVisible()).toBe(false);
    await tab.locator('#alerts a', { hasText: 'cold / total' }).click();
    await expect.poll(() => top(tab, 'cold / total')).toBe(0);
    expect(await card(tab, 'cold / total').getAttribute('class')).toContain('target');
    expect(await tab.inputValue('#filter')).toBe('');
    expect(await tab.locator('article.card:visible').count()).toBe(18);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('goes to the case every time its link is followed, not only when the address changes', async () => {
    const { tab, errors } = await open(server.base);
    const link = tab.locator('#alerts a', { hasText: 'cold / total' });
    await link.click();
    await expect.poll(() => top(tab, 'cold / total')).toBe(0);
    // Back up to the list (playwright scrolls to what it clicks), and the same link again.
    await link.click();
    await expect.poll(() => top(tab, 'cold / total')).toBe(0);
    // So with the keyboard.
    await tab.evaluate(() => window.scrollTo(0, 0));
    expect(await top(tab, 'cold / total')).not.toBe(0);
    await link.focus();
    await tab.keyboard.press('Enter');
    await expect.poll(() => top(tab, 'cold / total')).toBe(0);

    // And a card's own link, clicked twice.
    const own = card(tab, 'warm / b').locator('a.permalink');
    await own.click();
    await expect.poll(() => top(tab, 'warm / b')).toBe(0);
    await tab.evaluate(() => window.scrollTo(0, 0));
    await own.click();
    await expect.poll(() => top(tab, 'warm / b')).toBe(0);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('links the commit of each regression to the repository, reachable from the keyboard', async () => {
    const { tab, errors } = await open(server.base);
    const commit = (seq: number): string => (history[seq] as Publish).commit.sha;
    const lines = tab.locator('#alerts li');
    // Alone at its commit: "warm / total +30% worse at <sha> (confirmed)".
    const alone = lines.filter({ hasText: `at ${commit(20).slice(0, 7)}` }).locator('a', { hasText: commit(20).slice(0, 7) });
    expect(await alone.getAttribute('href')).toBe(`${REPOSITORY}/commit/${commit(20)}`);
    // Two cases at one commit: "2 cases +20% to +30% worse at <sha>: cold / total +30% worse ...".
    const group = tab.locator('#alerts > ul > li', { hasText: '2 cases' });
    expect(await group.textContent()).toMatch(new RegExp(`^2 cases \\+20% to \\+30% worse at ${commit(590).slice(0, 7)}: cold / total \\+30% worse`));
    const together = group.locator('> a', { hasText: commit(590).slice(0, 7) });
    expect(await together.getAttribute('href')).toBe(`${REPOSITORY}/commit/${commit(590)}`);
    // Tab goes from the case's link to its commit's.
    await tab.locator('#alerts a', { hasText: 'warm / total' }).focus();
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(`${REPOSITORY}/commit/${commit(20)}`);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
