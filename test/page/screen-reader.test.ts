/**
 * The page as a screen reader reads it: each card's controls named for its case, and each chart
 * saying what it shows, not only "Chart of" the name in the heading above it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { card, drawnCanvas } from './chart-reading.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { builtPage } from './built-page.js';
import { syntheticHistory, trendFiles, writeFiles, type Publish } from './trend-fixture.js';

const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-reader-'));
let browser: Browser;
let server: StaticServer;
let history: Publish[];

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('the page read by a screen reader', () => {
  beforeAll(async () => {
    const page = builtPage(join(work, 'page-build'));
    history = syntheticHistory({ suite: 'main', commits: 6, seed: 4, shapes: [{ shape: 'warm', stages: ['attach', 'total'] }], steps: [{ case: 'warm / total', at: 4, factor: 1.5 }] });
    const at = history[4] as Publish;
    const alert: StoredAlert = { kind: 'regression', suite: 'main', case: 'warm / total', sha: at.commit.sha, seq: 4, status: 'confirmed', baseline: 1, value: 1.5, change: 0.5 };
    const dir = join(work, 'trend');
    writeFiles(dir, trendFiles(history, { updated: '2024-01-01T06:00:00Z', format: 2, alerts: [alert] }));
    writeFiles(dir, page);
    server = await serveFolder(dir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('names each card control for its case and says what each chart shows', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(server.base);
    await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
    for (const name of ['warm / attach', 'warm / total']) {
      expect(await tab.getByRole('button', { name: `Download ${name} as CSV`, exact: true }).count()).toBe(1);
      expect(await tab.getByRole('button', { name: `Download ${name} as JSON`, exact: true }).count()).toBe(1);
      expect(await tab.getByRole('link', { name: `Link to the chart of ${name}`, exact: true }).count()).toBe(1);
    }
    await drawnCanvas(tab, 'warm / total');
    const newest = history[5] as Publish;
    const label = (await tab.getByRole('img', { name: /^Chart of warm \/ total: / }).getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Chart of warm \/ total: 6 points from 2024-01-01 to 2024-01-01\. Newest median \d[\d.]* m?s at /);
    expect(label).toContain(`at ${newest.commit.sha.slice(0, 7)}, 2024-01-01 05:00 UTC. 1 regression marked.`);
    await tab.close();
  });

  it('hides the tooltip on Escape, and shows it again when the cursor moves', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(server.base);
    await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
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
