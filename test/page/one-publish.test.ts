/**
 * A trend of one publish, as every trend starts: each chart holds one point, which uPlot would
 * place at the left edge of a range of its own making. It is drawn in the middle, whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { card, columns, cssColour, drawnCanvas, runs } from './chart-reading.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { builtPage } from './built-page.js';
import { syntheticHistory, trendFiles, writeFiles } from './trend-fixture.js';

const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-one-'));
let browser: Browser;
let server: StaticServer;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a chart of one point', () => {
  beforeAll(async () => {
    const page = builtPage(join(work, 'page-build'));
    const dir = join(work, 'trend');
    writeFiles(dir, trendFiles(syntheticHistory({ suite: 'main', commits: 1, seed: 8, shapes: [{ shape: 'warm', stages: ['total'] }] }), { updated: '2024-01-01T00:00:00Z', format: 2 }));
    writeFiles(dir, page);
    server = await serveFolder(dir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('draws the point whole in the middle of the plot', async () => {
    const tab = await browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(server.base);
    await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
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
    expect(errors).toEqual([]);
    await tab.close();
  });
});
