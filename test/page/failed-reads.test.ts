/**
 * Files the page cannot read: a chunk answered once with a 503 (GitHub Pages while it deploys) or
 * a truncated body. The page draws what it could read, says which file failed in one line, and
 * leaves "Load older" and "Load all" to ask for it again. And a page opened from disk, which no
 * browser lets read its data: it says how to serve it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkPath } from '../../src/core/trend/layout.js';
import { IN_CI, ROOT } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { shownPoints } from './chart-reading.js';
import type { ServeOptions } from './static-server.js';
import { servedTrend, watchedTab, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const trends: ServedTrend[] = [];

/**
 * 40 publishes in format 2: level-1 chunks of 0-15 and 16-31, single ones of 32-39, and the
 * newest four (36-39) in data/newest.json.
 */
async function trend(name: string, serve: ServeOptions): Promise<ServedTrend> {
  const history = syntheticHistory({ suite: 'main', commits: 40, seed: 9, shapes: [{ shape: 'warm', stages: ['a', 'total'] }] });
  const served = await servedTrend(`benchtrend-page-failed-${name}-`, trendFiles(history, { updated: '2024-01-03T00:00:00Z', format: 2 }), { serve });
  trends.push(served);
  return served;
}

/** Answers `path` with `reply` the first time it is asked for, and with the file after. */
function once(path: string, reply: { status: number; body: string }): { replace: NonNullable<ServeOptions['replace']>; asked: () => number } {
  let asked = 0;
  return {
    replace: (p) => {
      if (p !== path) return undefined;
      asked++;
      return asked === 1 ? reply : undefined;
    },
    asked: () => asked,
  };
}

const open = (served: ServedTrend): Promise<{ tab: Page; errors: string[] }> => watchedTab(served, 'settled');

const status = (tab: Page): Promise<string> => tab.locator('#status').textContent().then((t) => t ?? '');

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a file the page cannot read', () => {
  afterAll(async () => {
    for (const t of trends) await t.close();
  });

  it('draws the publishes read before a chunk answered 503, names the file, and reads it on "Load older"', async () => {
    const failing = chunkPath(0, 33);
    const fault = once(failing, { status: 503, body: 'Service Unavailable' });
    const server = await trend('503', { replace: fault.replace });
    const { tab, errors } = await open(server);
    // The newest points (36-39) and the single chunks of 35 and 34, newer than the one that failed.
    expect(await status(tab)).toBe(`Could not read ${failing}: HTTP 503. Showing the newest 6 of 40 publishes; "Load older" or "Load all" asks for the rest again.`);
    for (const name of ['warm / a', 'warm / total']) expect(await shownPoints(tab, name)).toBe(6);
    expect(await tab.locator('#load-older').isEnabled()).toBe(true);
    expect(await tab.locator('#load-all').isEnabled()).toBe(true);
    expect(fault.asked()).toBe(1);

    await tab.click('#load-older');
    await expect.poll(() => status(tab)).toBe('Showing all 40 publishes.');
    expect(fault.asked()).toBe(2);
    expect(await shownPoints(tab, 'warm / total')).toBe(40);
    expect(await tab.evaluate(() => document.documentElement.dataset['state'])).toBe('ready');
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('draws everything newer than a truncated chunk, and reads it again, past the HTTP cache, on "Load all"', async () => {
    const failing = chunkPath(1, 0);
    const whole = readFileSync(join(ROOT, 'package.json'), 'utf8');
    // Served as a complete file would be, cacheable for ten minutes: a browser that asked its cache
    // again would get the same half.
    const fault = once(failing, { status: 200, body: whole.slice(0, whole.length / 2) });
    const server = await trend('truncated', { replace: fault.replace });
    const { tab, errors } = await open(server);
    expect(await status(tab)).toBe(`Could not read ${failing}: not valid JSON. Showing the newest 24 of 40 publishes; "Load older" or "Load all" asks for the rest again.`);
    expect(await shownPoints(tab, 'warm / total')).toBe(24);
    await tab.click('#load-all');
    await expect.poll(() => status(tab)).toBe('Showing all 40 publishes.');
    expect(fault.asked()).toBe(2);
    expect(await shownPoints(tab, 'warm / total')).toBe(40);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('says how to serve the folder when opened from disk (file://), as the demo prints its path', async () => {
    // Opened from disk: the served folder's own index.html, in folders with and without a space.
    for (const folder of ['disk', 'my trends']) {
      const served = await servedTrend(`benchtrend-page-failed-${folder}-`, trendFiles(syntheticHistory({ suite: 'main', commits: 3, seed: 2, shapes: [{ shape: 'warm', stages: ['a'] }] }), { updated: '2024-01-01T00:00:00Z' }));
      trends.push(served);
      const dir = served.dir;
      const tab = await served.browser.context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(pathToFileURL(join(dir, 'index.html')).href);
      await tab.waitForFunction(() => document.documentElement.dataset['state'] !== 'loading');
      const command = folder.includes(' ') ? `npx benchtrend serve "${dir}"` : `npx benchtrend serve ${dir}`;
      expect(await status(tab)).toBe(`Browsers refuse to let a page read its data over file://. Serve this folder and open the address it prints: ${command}`);
      expect(await tab.evaluate(() => document.documentElement.dataset['state'])).toBe('error');
      expect(errors).toEqual([]);
      await tab.close();
    }
  });
});
