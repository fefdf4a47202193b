/**
 * Names as benchmarks really have them: JMH's dotted names with no space to break at, and
 * annotation labels of up to 200 characters, on a phone's 375 px.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI, ROOT } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { card } from './chart-reading.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { syntheticHistory, trendFiles, writeFiles, type Publish } from './trend-fixture.js';

const JMH = 'org.openjdk.jmh.samples.JMHSample_01_HelloWorld.wellHelloThere';
const SUITE = 'org.openjdk.jmh.samples.JMHSample_01_HelloWorld';
const SHAPE = 'org.openjdk.jmh.samples.JMHSample_02_BenchmarkModes';
const LABEL = `upgrade-${'x'.repeat(192)}`;

const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-names-'));
let browser: Browser;
let pageFiles: Map<string, Uint8Array>;
const servers: StaticServer[] = [];

async function serve(name: string, files: Map<string, string>): Promise<StaticServer> {
  const dir = join(work, name);
  writeFiles(dir, files);
  writeFiles(dir, pageFiles);
  const server = await serveFolder(dir);
  servers.push(server);
  return server;
}

/** Publishes of one suite whose cases are renamed by `rename` (synthetic names are `<shape> / <stage>`). */
function named(suite: string, seed: number, rename: (name: string) => { case: string; shape: string }): Publish[] {
  return syntheticHistory({ suite, commits: 12, seed, shapes: [{ shape: 'one', stages: ['a', 'b'] }] }).map((p) => ({
    ...p,
    points: p.points.map((pt) => ({ ...pt, ...rename(pt.case) })),
  }));
}

async function open(url: string, width: number): Promise<{ tab: Page; errors: string[] }> {
  const tab = await browser.context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  await tab.setViewportSize({ width, height: 800 });
  await tab.goto(url);
  await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
  return { tab, errors };
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('names on the page', () => {
  beforeAll(async () => {
    const out = join(work, 'page-build');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', out]);
    pageFiles = new Map(['index.html', 'page.js', 'page.css'].map((f) => [f, readFileSync(join(out, f))]));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps long names without spaces inside a 375 px screen', async () => {
    // Two suites, so each has its heading.
    const jmh = named(SUITE, 3, (n) => ({ case: n === 'one / a' ? JMH : `${SUITE}.measureThroughput`, shape: SHAPE }));
    const other = named('other', 4, (n) => ({ case: n, shape: 'one' }));
    const publishes = jmh.flatMap((p, i) => [p, other[i] as Publish]);
    const at = (publishes[20] as Publish).commit.sha;
    const alert: StoredAlert = { kind: 'regression', suite: SUITE, case: JMH, sha: at, seq: 20, status: 'confirmed', baseline: 1, value: 1.3, change: 0.3, reason: 'beyond the limit' };
    const server = await serve('long', trendFiles(publishes, { updated: '2024-01-02T00:00:00Z', alerts: [alert], annotations: [{ at: at.slice(0, 7), label: LABEL }] }));
    const { tab, errors } = await open(server.base, 375);
    expect(await tab.locator('#alerts li').first().textContent()).toContain(JMH);
    expect(await tab.locator('h2', { hasText: SUITE }).count()).toBe(1);
    expect(await tab.locator('h3', { hasText: SHAPE }).count()).toBe(1);
    expect(await card(tab, JMH).locator('.markers li').textContent()).toBe(LABEL);
    const widths = await tab.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
    expect(widths.window).toBeLessThanOrEqual(375);
    expect(widths.page).toBe(widths.window);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
