/**
 * Printing the page (or saving it as a PDF): a card gets its chart only near the window, so
 * every card further down printed as an empty frame; and in dark mode the page printed its light
 * text on white paper.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { builtPage } from './built-page.js';
import { syntheticHistory, trendFiles, writeFiles } from './trend-fixture.js';

const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-print-'));
let browser: Browser;
let server: StaticServer;
const STAGES = Array.from({ length: 12 }, (_, i) => `stage-${i}`);

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('printing the page', () => {
  beforeAll(async () => {
    const page = builtPage(join(work, 'page-build'));
    const dir = join(work, 'trend');
    writeFiles(dir, trendFiles(syntheticHistory({ suite: 'main', commits: 6, seed: 5, shapes: [{ shape: 'warm', stages: STAGES }] }), { updated: '2024-01-01T06:00:00Z', format: 2 }));
    writeFiles(dir, page);
    server = await serveFolder(dir);
    browser = await launchBrowser({ colorScheme: 'dark' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('prints every chart, in dark ink, and lets the far ones go after', async () => {
    const tab = await browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(server.base);
    await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
    const onScreen = await tab.locator('article.card canvas').count();
    expect(onScreen).toBeLessThan(STAGES.length);
    // What the page holds as it goes to paper: read after the page's own beforeprint listener.
    await tab.evaluate(() => {
      window.addEventListener('beforeprint', () => {
        const w = window as unknown as { printed: unknown };
        w.printed = { canvases: document.querySelectorAll('article.card canvas').length, theme: document.documentElement.dataset['theme'] };
      });
    });
    await tab.pdf();
    expect(await tab.evaluate(() => (window as unknown as { printed: unknown }).printed)).toEqual({ canvases: STAGES.length, theme: 'light' });
    // Back on screen: the reader's theme, and only the charts near the window keep a canvas.
    await tab.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
    expect(await tab.locator('article.card canvas').count()).toBe(onScreen);

    await tab.emulateMedia({ media: 'print' });
    const ink = await tab.evaluate(() => getComputedStyle(document.body).color);
    expect(ink).toBe('rgb(31, 35, 40)');
    expect(await tab.locator('.toolbar').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
