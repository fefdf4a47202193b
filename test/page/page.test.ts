import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_VIEW_SEGMENTS, FIRST_WINDOW_SEGMENTS, planWindow } from '../../page/lib/load-plan.js';
import { NEWEST_SEGMENTS } from '../../src/core/trend/newest.js';
import type { Manifest, StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI, ROOT } from '../helpers/paths.js';
import { HAS_CHROMIUM, launchBrowser, type Browser } from './browser.js';
import { publishedTrend } from './published-trend.js';
import { alertDots, bars, card, close, commitAt, cssColour, drawnCanvas, hoverCanvas, lineBreaks, markerLines, shownPoints } from './chart-reading.js';
import { serveFolder, type StaticServer } from './static-server.js';
import { builtPage } from './built-page.js';
import { pointFrom, syntheticHistory, trendFiles, writeFiles, type Publish } from './trend-fixture.js';

/**
 * The chart page in headless Chromium, served from a published trend by a local HTTP server, the
 * way GitHub Pages serves it: one browser for the whole file, one page per scenario.
 */

const BAD_NAME = 'load / \ud83d';
const XSS_CASE = '<img src=x onerror=alert(1)>';
const XSS_MESSAGE = 'Fix </script><script>window.__pwned = "message"</script> parsing\n\n<img src=x onerror="window.__pwned=1">';
const XSS_LABEL = '<b onmouseover="window.__pwned=1">new runners</b>';
const SHOTS = join(ROOT, 'test-results/screenshots');

const work = mkdtempSync(join(tmpdir(), 'benchtrend-page-'));
const pageDir = join(work, 'page-build');
let browser: Browser;
let server: StaticServer;
let imported: StaticServer;
let empty: StaticServer;
let badName: StaticServer;
let held: StaticServer;
let legacy: StaticServer;
let boundary: StaticServer;
let heldManifest: Manifest;
let manifest: Manifest;
let history: Publish[];

function mainTrend(repository: string): Map<string, string> {
  history = syntheticHistory({
    suite: 'main',
    commits: 130,
    seed: 7,
    repository,
    shapes: [
      { shape: 'warm', stages: ['host-prep', 'devpod-up', 'attach', 'total'] },
      { shape: 'cold-recreate', stages: ['host-prep', 'tools', 'total'], unit: 'ms' },
    ],
    steps: [{ case: 'warm / total', at: 110, factor: 1.25 }],
    missing: [{ case: 'warm / attach', at: 120 }],
  });
  // The attacker-controlled names: a case, a commit message and an annotation label.
  history = history.map((p, i) => ({
    ...p,
    commit: i === 127 ? { ...p.commit, message: XSS_MESSAGE } : p.commit,
    points: [
      ...p.points,
      pointFrom(XSS_CASE, 'xss', 'B', [4096 + i, 5000 + i, 6000 + i]),
      // A stage benched only in the first ten commits: older than the first view.
      ...(i < 10 ? [pointFrom('warm / retired', 'warm', 's', [0.5 + i / 100, 0.52 + i / 100])] : []),
    ],
  }));
  const at = (i: number): Publish => history[i] as Publish;
  const alerts: StoredAlert[] = [
    {
      kind: 'regression',
      suite: 'main',
      case: 'warm / total',
      sha: at(110).commit.sha,
      seq: 110,
      status: 'confirmed',
      baseline: 1,
      value: 1.25,
      change: 0.25,
      reason: 'beyond the 99.9% prediction limit of the last 20 medians (details: docs/alerts.md)',
    },
    { kind: 'change-point', suite: 'main', case: 'warm / total', sha: at(110).commit.sha, seq: 110, status: 'confirmed', change: 0.25 },
    // A suspicion a later change-point run cleared: still marked at its point, no longer listed.
    { kind: 'regression', suite: 'main', case: 'warm / devpod-up', sha: at(115).commit.sha, seq: 115, status: 'cleared', baseline: 1, value: 1.06, change: 0.06, reason: 'within the noise' },
  ];
  return trendFiles(history, {
    updated: '2024-01-06T12:00:00Z',
    repository,
    alerts,
    annotations: [
      { at: at(100).commit.sha.slice(0, 7), label: 'port from Python to Rust' },
      { at: at(125).commit.timestamp.slice(0, 13) + ':00:00Z', label: XSS_LABEL },
    ],
  });
}

/** A github-action-benchmark history as the importer stores it: summary-only points, `imported` segments. */
function importedTrend(): Map<string, string> {
  const publishes: Publish[] = [];
  for (let i = 0; i < 24; i++) {
    const value = 1200 + (i % 5) * 10 + (i >= 12 ? 200 : 0);
    // Listed first, benched only in the first half: a case the project stopped benching.
    const retired = 400 + (i % 3) * 5;
    publishes.push({
      suite: 'Rust Benchmark',
      imported: true,
      commit: { sha: `${i.toString(16).padStart(2, '0')}${'ab'.repeat(19)}`, message: `bench commit ${i}`, author: 'octocat', timestamp: new Date(Date.UTC(2023, 0, 1 + i)).toISOString(), url: `https://github.com/o/r/commit/${i}` },
      points: [
        ...(i < 12
          ? [{ case: 'fib(10)', shape: 'cargo', unit: 'ns/iter', direction: 'smaller' as const, value: retired, q1: retired, q3: retired, min: retired, max: retired, stdev: null, runs: 1, n: 1, samples: [], summaryOnly: true }]
          : []),
        {
          case: 'fib(20)',
          shape: 'cargo',
          unit: 'ns/iter',
          direction: 'smaller',
          value,
          q1: value - 25,
          q3: value + 25,
          min: value - 25,
          max: value + 25,
          stdev: 25,
          runs: 1,
          n: 1,
          samples: [],
          summaryOnly: true,
          range: '± 25',
        },
      ],
    });
  }
  // The past regressions an import judges and stores: five events, stored oldest first.
  const past = (name: string, i: number, change: number): StoredAlert => ({
    kind: 'regression',
    suite: 'Rust Benchmark',
    case: name,
    sha: (publishes[i] as Publish).commit.sha,
    seq: i,
    status: 'confirmed',
    baseline: 1000,
    value: 1000 * (1 + change),
    change,
    reason: `+${Math.round(change * 100)}% worse: step at ${i}`,
  });
  // A step found (a change point the detector raised) is listed with them; one it only drew is not.
  const step: StoredAlert = { ...past('fib(10)', 9, 0.05), kind: 'change-point', raised: true, reason: 'a lasting step of +5%' };
  const drawn: StoredAlert = { ...past('fib(20)', 12, 0.17), kind: 'change-point', reason: 'step of +17%' };
  const alerts = [past('fib(10)', 3, 0.1), past('fib(10)', 6, 0.2), past('fib(20)', 6, 0.12), step, past('fib(20)', 12, 0.17), drawn, past('fib(20)', 15, 0.3), past('fib(20)', 20, 0.4)];
  return trendFiles(publishes, { updated: '2023-01-25T00:00:00Z', alerts });
}

async function openPage(url: string): Promise<{ page: Page; errors: string[]; requests: string[]; dialogs: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => {
    // The page asks for data/newest.json beside the manifest, before it knows the format: a trend
    // without it (format 1, as most fixtures here are) answers 404, and the page reads chunks instead.
    const optional = m.location().url.endsWith('/data/newest.json') && m.text().includes('404');
    if (m.type() === 'error' && !optional) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset['state'] !== 'loading');
  return { page, errors, requests, dialogs };
}

/** A tab that does not wait for the page: for the tests that watch it while files are held back. */
async function loadingTab(url: string, viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url);
  return { page, errors };
}

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
}

// Without Chromium a developer's run skips; in CI a missing browser fails instead of passing quietly.
describe.skipIf(!HAS_CHROMIUM && !IN_CI)('the chart page in headless Chromium', () => {
  beforeAll(async () => {
    const page = builtPage(pageDir);
    mkdirSync(SHOTS, { recursive: true });

    // The commit links point at this same loopback server, outside the page's folder.
    server = await serveFolder(join(work, 'main'), { outside: ['/o/r/commit/'] });
    const repository = `${server.origin}/o/r`;
    writeFiles(join(work, 'main'), mainTrend(repository));
    writeFiles(join(work, 'main'), page);
    manifest = JSON.parse(readFileSync(join(work, 'main/manifest.json'), 'utf8')) as Manifest;

    // The same history in trend format 2, every chunk held back: only manifest.json and
    // data/newest.json are answered until the test releases the rest.
    const format2 = trendFiles(history, { updated: '2024-01-06T12:00:00Z', repository, format: 2 });
    heldManifest = JSON.parse(format2.get('manifest.json') as string) as Manifest;
    held = await serveFolder(join(work, 'held'), { hold: (path) => path.startsWith('data/c/') });
    writeFiles(join(work, 'held'), format2);
    writeFiles(join(work, 'held'), page);

    // A format 2 trend written before data/newest.json: the page reads the newest chunks instead.
    const legacyFiles = trendFiles(history, { updated: '2024-01-06T12:00:00Z', repository, format: 2, newest: false });
    const legacyWindow = new Set(planWindow(heldManifest.segments, FIRST_WINDOW_SEGMENTS, heldManifest.version).map((c) => c.path));
    legacy = await serveFolder(join(work, 'legacy'), { hold: (path) => path.startsWith('data/c/') && !legacyWindow.has(path) });
    writeFiles(join(work, 'legacy'), legacyFiles);
    writeFiles(join(work, 'legacy'), page);

    // A log ending on a whole group of 256: its newest segments are inside a level-2 chunk.
    boundary = await serveFolder(join(work, 'boundary'), { hold: (path) => path.startsWith('data/c/') });
    writeFiles(join(work, 'boundary'), trendFiles(syntheticHistory({ suite: 'main', commits: 512, seed: 11, shapes: [{ shape: 'warm', stages: ['a', 'b', 'c'] }, { shape: 'cold', stages: ['d', 'e', 'f'] }] }), { updated: '2024-03-01T00:00:00Z', format: 2 }));
    writeFiles(join(work, 'boundary'), page);

    imported = await serveFolder(join(work, 'imported'));
    writeFiles(join(work, 'imported'), importedTrend());
    writeFiles(join(work, 'imported'), page);

    empty = await serveFolder(join(work, 'empty'));
    writeFiles(join(work, 'empty'), trendFiles([], { updated: '2024-01-01T00:00:00Z' }));
    writeFiles(join(work, 'empty'), page);

    // A name stored before ingest refused lone surrogates: an emoji cut in half (issue #15 row 2).
    badName = await serveFolder(join(work, 'bad-name'));
    const cut = syntheticHistory({ suite: 'main', commits: 6, seed: 3, shapes: [{ shape: 'load', stages: ['parse', 'total'] }] });
    writeFiles(
      join(work, 'bad-name'),
      trendFiles(
        cut.map((p, i) => ({ ...p, points: [...p.points, pointFrom(BAD_NAME, 'load', 's', [0.5 + i / 100, 0.52 + i / 100])] })),
        { updated: '2024-01-02T00:00:00Z' },
      ),
    );
    writeFiles(join(work, 'bad-name'), page);

    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await imported?.close();
    await empty?.close();
    await badName?.close();
    await held?.close();
    await legacy?.close();
    await boundary?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('draws one chart per case with error bars, alerts, markers and gaps, asking nothing outside its folder', async () => {
    const { page, errors, requests, dialogs } = await openPage(server.base);
    await ready(page);
    await page.screenshot({ path: join(SHOTS, 'overview-light.png'), fullPage: true });
    const at110 = (history[110] as Publish).commit.sha;

    // The header says what is shown, how fresh it is, and where it comes from.
    expect(await page.locator('#updated').textContent()).toBe('Last updated 2024-01-06 12:00 UTC. 9 cases, 130 publishes.');
    expect(await page.locator('#repository a').getAttribute('href')).toBe(`${server.origin}/o/r`);
    expect(await page.locator('#repository').textContent()).toBe(`Repository: ${server.origin}/o/r`);

    // Every case has a chart with points, but the one last measured before the first view, which
    // says so and offers to load back to it.
    const names = manifest.cases.map((c) => c.case).filter((n) => n !== 'warm / retired');
    expect(names).toHaveLength(8);
    const retired = card(page, 'warm / retired');
    expect(await shownPoints(page, 'warm / retired')).toBe(0);
    expect(await retired.locator('canvas').count()).toBe(0);
    expect(await retired.locator('.note').textContent()).toBe('No points among the loaded publishes; this case was last published in publish 10. Load back to it');
    // Each gets its canvas as it nears the window (the first screen's at once).
    for (const name of names) {
      const c = card(page, name);
      await c.scrollIntoViewIfNeeded();
      await expect.poll(() => c.locator('canvas').count()).toBe(1);
      expect(await shownPoints(page, name)).toBeGreaterThan(50);
      expect((await bars(page, name)).count).toBeGreaterThan(50);
    }

    // Newest first: only the newest publishes were read, from rollups and the tail.
    const data = requests.filter((u) => u.includes('/data/'));
    expect(data.some((u) => u.includes('/data/roll/1/'))).toBe(true);
    expect(data.some((u) => u.includes('/data/roll/2/'))).toBe(false);
    expect(data.length).toBeLessThanOrEqual(15 + Math.ceil(FIRST_VIEW_SEGMENTS / 16));
    expect(await page.locator('#status').textContent()).toContain(`of ${manifest.segments} publishes`);

    // The alert is one red dot, at its commit's point: the tooltip there names that commit and the alert.
    const total = card(page, 'warm / total');
    const [dot, ...otherDots] = await alertDots(page, 'warm / total');
    expect(otherDots).toEqual([]);
    if (!dot) throw new Error('no alert dot drawn');
    const atDot = await hoverCanvas(page, 'warm / total', dot.x, dot.y);
    expect(atDot).toContain(at110.slice(0, 7));
    expect(atDot).toContain('regression (confirmed)');
    await page.mouse.move(0, 0);
    expect(await alertDots(page, 'warm / host-prep')).toEqual([]);
    // The change point and both annotations are marker lines on the canvas, their labels listed in full below it.
    // Each said with the commit it marks: the annotation by date sits before the first commit at or after it.
    const commitOf = (i: number): string => `${(history[i] as Publish).commit.sha.slice(0, 7)}, ${(history[i] as Publish).commit.timestamp.slice(0, 10)}`;
    expect(await total.locator('.markers li').allTextContents()).toEqual([`port from Python to Rust at ${commitOf(100)}`, `+25% worse at ${commitOf(110)}`, `${XSS_LABEL} before ${commitOf(125)}`]);
    expect(await markerLines(page, 'warm / total', '--annotation')).toHaveLength(2);
    expect(await markerLines(page, 'warm / total', '--change')).toHaveLength(1);
    expect(await markerLines(page, 'warm / host-prep', '--change')).toEqual([]);

    // A cleared alert keeps a red ring at its point, but no red fill.
    const [ring, ...otherRings] = await alertDots(page, 'warm / devpod-up');
    expect(otherRings).toEqual([]);
    if (!ring) throw new Error('no ring drawn');
    expect(ring.pixels).toBeGreaterThan(8);
    const centre = await card(page, 'warm / devpod-up')
      .locator('canvas')
      .evaluate((c: HTMLCanvasElement, [x, y]) => [...(c.getContext('2d') as CanvasRenderingContext2D).getImageData(x as number, y as number, 1, 1).data], [ring.x, ring.y]);
    expect(close(centre, await cssColour(page, '--alert'))).toBe(false);

    // The header lists the regressions still standing, each linking to its chart; the cleared one is left out.
    expect(await page.locator('#alerts h2').textContent()).toBe('Regressions (1)');
    const listed = page.locator('#alerts li');
    expect(await listed.allTextContents()).toEqual([`warm / total +25% worse at ${at110.slice(0, 7)} (confirmed): beyond the 99.9% prediction limit of the last 20 medians`]);
    expect(await listed.locator('a', { hasText: 'warm / total' }).getAttribute('href')).toBe(`#case=warm%20%2F%20total&commit=${at110}`);
    expect(await listed.locator('a', { hasText: at110.slice(0, 7) }).getAttribute('href')).toBe(`${server.origin}/o/r/commit/${at110}`);

    // A missing commit is a gap: the line breaks once, where the tooltip says the case was not
    // measured; a case measured at every commit draws an unbroken line.
    const breaks = await lineBreaks(page, 'warm / attach');
    expect(breaks).toHaveLength(1);
    if (!breaks[0]) throw new Error('no gap drawn');
    const atGap = await hoverCanvas(page, 'warm / attach', (breaks[0].x0 + breaks[0].x1) / 2, 120);
    expect(atGap).toContain('This case was not measured at this commit.');
    expect(atGap).toContain((history[120] as Publish).commit.sha.slice(0, 7));
    await page.mouse.move(0, 0);
    expect(await lineBreaks(page, 'warm / host-prep')).toEqual([]);

    // The hostile names are shown as the characters they are, and nothing ran.
    expect(await card(page, XSS_CASE).locator('h4').textContent()).toBe(XSS_CASE);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // Nothing outside the page's folder, and no console error.
    expect(requests.length).toBeGreaterThan(5);
    expect(requests.filter((u) => !u.startsWith(server.base))).toEqual([]);
    expect(server.requests.filter((p) => !p.startsWith('/dev/bench/'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the charts in view from the newest files while older ones are held back, and others as they scroll into view', async () => {
    const { page, errors } = await loadingTab(held.base, { width: 900, height: 600 });
    const line = await cssColour(page, '--line');
    const drawnPixels = (name: string): Promise<number> =>
      card(page, name)
        .locator('canvas')
        .evaluate((c: HTMLCanvasElement, colour) => {
          const d = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 0; i < d.length; i += 4) if ([0, 1, 2].every((k) => Math.abs((d[i + k] as number) - (colour[k] as number)) <= 30)) n++;
          return n;
        }, line);

    // The first card is drawn, with its line on the canvas, while every chunk stays unanswered:
    // from data/newest.json alone.
    const first = manifest.cases[0]?.case as string;
    await expect.poll(() => card(page, first).locator('canvas').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => drawnPixels(first)).toBeGreaterThan(50);
    await expect.poll(() => held.held().length).toBeGreaterThan(0);
    expect(held.held().every((p) => p.startsWith('data/c/'))).toBe(true);
    expect(held.requests.filter((p) => p.includes('/data/') && !p.includes('/data/c/'))).toEqual(['/dev/bench/data/newest.json']);
    const points = await shownPoints(page, first);
    expect(points).toBe(NEWEST_SEGMENTS);
    expect(await page.evaluate(() => document.documentElement.dataset['state'])).toBe('loading');

    // A card far below is not drawn until it scrolls into view, then it is, from what is loaded.
    const below = card(page, XSS_CASE);
    expect(await below.locator('canvas').count()).toBe(0);
    await below.scrollIntoViewIfNeeded();
    await expect.poll(() => below.locator('canvas').count()).toBe(1);
    await expect.poll(() => drawnPixels(XSS_CASE)).toBeGreaterThan(50);
    expect(await shownPoints(page, XSS_CASE)).toBe(points);

    // Once the rest of the first view comes in, every chart fills in with it.
    held.release();
    await ready(page);
    expect(await shownPoints(page, XSS_CASE)).toBeGreaterThan(50);
    expect(await shownPoints(page, first)).toBeGreaterThan(50);
    expect(held.requests.some((p) => p.includes('/data/c/2/'))).toBe(false);
    // Older history still loads on request.
    await page.click('#load-all');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Showing all 130 publishes.');
    await ready(page);
    expect(await shownPoints(page, first)).toBe(130);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the first charts from the newest chunks of a trend written before data/newest.json', async () => {
    const { page, errors } = await loadingTab(legacy.base);
    const first = manifest.cases[0]?.case as string;
    await expect.poll(() => card(page, first).locator('canvas').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => legacy.held().length).toBeGreaterThan(0);
    const window = planWindow(heldManifest.segments, FIRST_WINDOW_SEGMENTS, 2);
    expect(await shownPoints(page, first)).toBe(heldManifest.segments - Math.min(...window.map((c) => c.from)));
    legacy.release();
    await ready(page);
    expect(await shownPoints(page, first)).toBeGreaterThan(50);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws a permalinked chart at once when the log ends on a group of 256, its newest segments inside a level-2 chunk', async () => {
    const { page, errors } = await loadingTab(`${boundary.base}#case=${encodeURIComponent('cold / f')}`, { width: 900, height: 600 });
    const target = card(page, 'cold / f');
    await expect.poll(() => target.locator('canvas').count(), { timeout: 15_000 }).toBe(1);
    expect(await target.getAttribute('class')).toContain('target');
    const box = await target.boundingBox();
    expect(box && box.y >= 0 && box.y < 600).toBe(true);
    expect(await shownPoints(page, 'cold / f')).toBe(NEWEST_SEGMENTS);
    expect((await bars(page, 'cold / f')).count).toBe(NEWEST_SEGMENTS);
    // Nothing of the two level-2 chunks had been answered: both are asked for and held.
    await expect.poll(() => boundary.held().length).toBeGreaterThan(0);
    expect(boundary.held().every((p) => p.startsWith('data/c/2/'))).toBe(true);
    boundary.release();
    await ready(page);
    expect(await shownPoints(page, 'cold / f')).toBe(256);
    await page.click('#load-older');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Showing all 512 publishes.');
    expect(await shownPoints(page, 'cold / f')).toBe(512);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hovers, opens the commit on click, zooms a shape together, and loads older history on zoom-out', async () => {
    const { page, errors, dialogs } = await openPage(server.base);
    await ready(page);
    const total = card(page, 'warm / total');
    // Read after the dots: reading a chart scrolls it into view.
    const [dot] = await alertDots(page, 'warm / total');
    if (!dot) throw new Error('no alert dot drawn');
    const canvasBox = await total.locator('canvas').boundingBox();
    if (!canvasBox) throw new Error('no canvas');

    // Hover the alert's point (the red dot on the canvas): the box names the commit and the point, as text.
    await page.mouse.move(canvasBox.x + dot.x, canvasBox.y + dot.y);
    const tip = page.locator('#tooltip');
    await expect.poll(() => tip.isVisible()).toBe(true);
    const alerted = history[110] as Publish;
    const text = (await tip.textContent()) as string;
    expect(text).toContain(`${alerted.commit.sha.slice(0, 7)} Change 110: tune the launcher`);
    expect(text).not.toContain('Longer description');
    expect(text).toContain(alerted.commit.author);
    expect(text).toContain(`${alerted.commit.timestamp.slice(0, 10)} ${alerted.commit.timestamp.slice(11, 16)} UTC`);
    expect(text).toContain('runs5/5');
    expect(text).toContain('q1–q3');
    expect(text).toContain('regression (confirmed): beyond the 99.9% prediction limit');
    await page.screenshot({ path: join(SHOTS, 'hover.png') });

    // Walk left from the newest commit to the one whose message carries markup.
    const hostile = history[127] as Publish;
    const over = await total.locator('.u-over').boundingBox();
    if (!over) throw new Error('no plot area');
    let found = false;
    for (let x = over.x + over.width - 1; x > over.x + over.width * 0.8 && !found; x -= 2) {
      await page.mouse.move(x, over.y + over.height / 2);
      found = ((await tip.textContent()) ?? '').startsWith(hostile.commit.sha.slice(0, 7));
    }
    expect(found).toBe(true);
    expect(await tip.locator('.tip-title').textContent()).toBe(`${hostile.commit.sha.slice(0, 7)} Fix </script><script>window.__pwned = "message"</script> parsing`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    // The alert belongs to its own commit only.
    expect(await tip.textContent()).not.toContain('regression (');

    // A click opens the commit's page.
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), page.mouse.down().then(() => page.mouse.up())]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${server.origin}/o/r/commit/${hostile.commit.sha}`);
    await popup.close();

    // Drag to zoom: every chart of the shape follows, another shape's charts do not.
    const warm = ['warm / host-prep', 'warm / devpod-up', 'warm / attach', 'warm / total'];
    // A chart's range is read as the reader reads it: the commits the tooltip names at its two ends.
    const place = (sha7: string): number => history.findIndex((p) => p.commit.sha.startsWith(sha7));
    const range = async (name: string): Promise<string> => `${place(await commitAt(page, name, 0))},${place(await commitAt(page, name, 1))}`;
    const full = await range('warm / host-prep');
    const coldFull = await range('cold-recreate / tools');
    // Reading a range scrolls to the chart read, and a chart far from the window is let go: the
    // plot's place is taken again before each use, once it is drawn.
    const hostPrepBox = async (): Promise<{ x: number; y: number; width: number; height: number }> => {
      await drawnCanvas(page, 'warm / host-prep');
      await card(page, 'warm / host-prep').locator('.u-over').scrollIntoViewIfNeeded();
      const box = await card(page, 'warm / host-prep').locator('.u-over').boundingBox();
      if (!box) throw new Error('no plot area');
      return box;
    };
    let hostPrep = await hostPrepBox();
    await page.mouse.move(hostPrep.x + hostPrep.width * 0.3, hostPrep.y + 40);
    await page.mouse.down();
    await page.mouse.move(hostPrep.x + hostPrep.width * 0.5, hostPrep.y + 60, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => range('warm / host-prep')).not.toBe(full);
    const zoomed = await range('warm / host-prep');
    const [z0, z1] = zoomed.split(',').map(Number);
    const [f0, f1] = full.split(',').map(Number);
    expect(f0).toBeGreaterThan(0);
    expect(f1).toBe(history.length - 1);
    expect(z0).toBeGreaterThan(f0 as number);
    expect((z1 as number) - (z0 as number)).toBeLessThan(((f1 as number) - (f0 as number)) / 3);
    for (const name of warm) expect(await range(name)).toBe(zoomed);
    expect(await range('cold-recreate / tools')).toBe(coldFull);
    await page.screenshot({ path: join(SHOTS, 'zoomed.png') });

    // Double click: back to everything loaded; once more: the older history loads.
    hostPrep = await hostPrepBox();
    await page.mouse.dblclick(hostPrep.x + hostPrep.width / 2, hostPrep.y + 50);
    await expect.poll(() => range('warm / devpod-up')).toBe(full);
    expect(await shownPoints(page, 'warm / host-prep')).toBeLessThan(130);
    hostPrep = await hostPrepBox();
    await page.mouse.dblclick(hostPrep.x + hostPrep.width / 2, hostPrep.y + 50);
    await expect.poll(() => shownPoints(page, 'warm / host-prep')).toBe(130);
    await ready(page);
    expect(await shownPoints(page, 'warm / retired')).toBe(10);
    expect(await card(page, 'warm / retired').locator('canvas').count()).toBe(1);
    expect(await shownPoints(page, 'warm / attach')).toBe(129);
    expect(await page.locator('#status').textContent()).toBe('Showing all 130 publishes.');
    expect(await page.locator('#load-all').isDisabled()).toBe(true);

    // Min to max draws longer bars than the quartiles, and none fewer: a bar the line hides in
    // quartiles only shows more of itself.
    const quartiles = await bars(page, 'warm / total');
    expect(quartiles.count).toBeGreaterThan(50);
    await page.selectOption('#bars', 'extremes');
    await expect.poll(async () => (await bars(page, 'warm / total')).pixels).toBeGreaterThan(quartiles.pixels * 1.5);
    const extremes = await bars(page, 'warm / total');
    expect(extremes.count).toBeGreaterThanOrEqual(quartiles.count);
    await page.screenshot({ path: join(SHOTS, 'min-max.png') });

    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the system into dark mode, toggles, and keeps the choice', async () => {
    const { page, errors } = await openPage(server.base);
    const background = (): Promise<number> =>
      page.evaluate(() => {
        const m = /\d+/g;
        const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(m) ?? []).map(Number);
        return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
      });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    await ready(page);
    expect(await background()).toBeLessThan(60);
    // The chart's own colours follow: the line is drawn in the dark palette's blue.
    expect(await cssColour(page, '--line')).not.toEqual((await cssColour(page, '--alert')));
    await page.screenshot({ path: join(SHOTS, 'overview-dark.png'), fullPage: true });

    await page.click('#theme');
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    expect(await background()).toBeGreaterThan(200);
    await page.reload();
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await page.click('#theme');
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('benchtrend-theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens at a permalinked case, filters by name, and downloads a case as CSV and JSON', async () => {
    const { page, errors, dialogs } = await openPage(`${server.base}#case=${encodeURIComponent(XSS_CASE)}`);
    await ready(page);
    const target = card(page, XSS_CASE);
    expect(await target.getAttribute('class')).toContain('target');
    const box = await target.boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'permalink.png') });

    // Each chart's link is its permalink.
    await card(page, 'cold-recreate / total').locator('a.permalink').click();
    expect(await page.evaluate(() => window.location.hash)).toBe('#case=cold-recreate%20%2F%20total');
    await expect.poll(() => card(page, 'cold-recreate / total').getAttribute('class')).toContain('target');
    expect(await target.getAttribute('class')).not.toContain('target');

    await page.fill('#filter', 'HOST');
    const visible = await page.locator('article.card:visible h4').allTextContents();
    expect(visible).toEqual(['warm / host-prep', 'cold-recreate / host-prep']);
    // The count is said to a screen reader as it changes, not only shown beside the field.
    expect(await page.getByRole('status').filter({ hasText: 'cases' }).textContent()).toBe('2 of 9 cases');
    expect(await page.locator('section.shape[data-shape="xss"]').isVisible()).toBe(false);
    await page.fill('#filter', '');
    expect(await page.locator('article.card:visible').count()).toBe(9);

    // The case older than the first view loads on request.
    const retired = card(page, 'warm / retired');
    await retired.locator('button', { hasText: 'Load back to it' }).click();
    await expect.poll(() => shownPoints(page, 'warm / retired')).toBe(10);
    await ready(page);
    expect(await page.locator('#status').textContent()).toBe('Showing all 130 publishes.');

    const [csv] = await Promise.all([page.waitForEvent('download'), target.locator('button', { hasText: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('main-_img_src_x_onerror_alert_1.csv');
    const lines = readFileSync((await csv.path()) as string, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('sha,timestamp,author,message,value,q1,q3,min,max,stdev,runs,n,unit,extra,range,samples');
    const loaded = await shownPoints(page, XSS_CASE);
    expect(lines).toHaveLength(loaded + 1);
    const hostile = history[127] as Publish;
    const row = lines.find((l) => l.startsWith(hostile.commit.sha)) as string;
    expect(row).toContain('"Fix </script><script>window.__pwned = ""message""</script> parsing"');
    expect(row.endsWith(',5000 5127 6127')).toBe(false);
    expect(row.endsWith(',4223 5127 6127')).toBe(true);

    const [json] = await Promise.all([page.waitForEvent('download'), card(page, 'warm / attach').locator('button', { hasText: 'JSON' }).click()]);
    const body = JSON.parse(readFileSync((await json.path()) as string, 'utf8')) as { case: string; points: { commit: { sha: string }; point: { value: number } }[] };
    expect(body.case).toBe('warm / attach');
    expect(body.points).toHaveLength(await shownPoints(page, 'warm / attach'));
    const newest = history[129] as Publish;
    expect(body.points.at(-1)?.commit.sha).toBe(newest.commit.sha);
    expect(body.points.at(-1)?.point.value).toBe(newest.points.find((p) => p.case === 'warm / attach')?.value);

    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an imported github-action-benchmark history like a native one', async () => {
    const { page, errors } = await openPage(imported.base);
    await ready(page);
    const fib = card(page, 'fib(20)');
    expect(await shownPoints(page, 'fib(20)')).toBe(24);
    expect((await bars(page, 'fib(20)')).count).toBe(24);
    expect(await fib.locator('.meta').textContent()).toBe('ns/iter · smaller is better');
    const over = await fib.locator('.u-over').boundingBox();
    if (!over) throw new Error('no plot area');
    await page.mouse.move(over.x + over.width - 2, over.y + over.height / 2);
    const text = (await page.locator('#tooltip').textContent()) as string;
    expect(text.startsWith('17ababa bench commit 23')).toBe(true);
    expect(text).toContain('range± 25');
    expect(text).toContain('sourceimported from github-action-benchmark');
    expect(text).toContain('median1.43 µs/iter');
    expect(text).toContain('q1–q31.405 µs/iter – 1.455 µs/iter');
    // The case still benched comes first; the one the project stopped benching follows it, whole.
    expect(await page.locator('article.card .case-name').allTextContents()).toEqual(['fib(20)', 'fib(10)']);
    expect(await shownPoints(page, 'fib(10)')).toBe(12);
    // Its past regressions: the newest three open, newest first, the two older folded, and the
    // first chart still on the first screen.
    expect(await page.locator('#alerts h2').textContent()).toBe('Regressions (6)');
    // The step found is a red dot on its chart too, beside the two regressions of fib(10).
    expect(await alertDots(page, 'fib(10)')).toHaveLength(3);
    const open = page.locator('#alerts > ul > li');
    expect((await open.allTextContents()).map((t) => t.split(' (')[0])).toEqual(['fib(20) +40% worse at 14ababa', 'fib(20) +30% worse at 0fababa', 'fib(20) +17% worse at 0cababa']);
    // The reason goes on from the change the line has just said.
    expect(await open.first().textContent()).toBe('fib(20) +40% worse at 14ababa (confirmed): step at 20');
    const older = page.locator('#alerts > details');
    expect(await older.locator('> summary').textContent()).toBe('3 older regressions');
    expect(await older.locator('li').first().isVisible()).toBe(false);
    const first = await fib.boundingBox();
    expect(first && first.y < (page.viewportSize()?.height ?? 0)).toBe(true);
    await older.locator('> summary').click();
    expect((await older.locator('li').allTextContents()).map((t) => t.split(' (')[0])).toEqual(['fib(10) +5.0% worse at 09ababa', '2 cases +12% to +20% worse at 06ababa: fib(10) +20% worse', 'fib(20) +12% worse', 'fib(10) +10% worse at 03ababa']);
    await page.screenshot({ path: join(SHOTS, 'imported.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('survives a stored name holding a lone surrogate: that case keeps its chart and its link, and so does every other', async () => {
    const { page, errors } = await openPage(badName.base);
    await ready(page);
    expect(await page.locator('#status').textContent()).not.toContain('Could not read the trend');
    expect(await page.locator('article.card').count()).toBe(3);
    for (const name of ['load / parse', 'load / total']) expect(await card(page, name).locator('canvas').count()).toBeGreaterThan(0);
    // Counted inside the page: a lone surrogate does not survive the trip to the test process.
    const drawn = await page.locator('article.card').evaluateAll((cards) =>
      cards.filter((c) => (c as HTMLElement).dataset['case'] === `load / ${String.fromCharCode(0xd83d)}` && c.querySelector('canvas') !== null).length,
    );
    expect(drawn).toBe(1);
    const links = await page.locator('a.permalink').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('#case=load%20%2F%20%EF%BF%BD');
    // The permalink with U+FFFD finds the case it was made from.
    await page.goto(`${badName.base}#case=load%20%2F%20%EF%BF%BD`);
    await ready(page);
    expect(await page.locator('article.card.target').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says so when nothing was published yet', async () => {
    const { page, errors } = await openPage(empty.base);
    await ready(page);
    expect(await page.locator('#status').textContent()).toBe('Nothing has been published yet.');
    expect(await page.locator('article.card').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads a trend the real publisher pushed to a bare remote, served from a gh-pages checkout', async () => {
    // 17 publishes: one level-1 rollup (segments 0-15) and one single segment, as the publisher wrote them.
    await using trend = await publishedTrend({
      publishes: 17,
      pageDir,
      messages: { 16: XSS_MESSAGE },
      annotations: (commits) => `${(commits[12] as { sha: string }).sha.slice(0, 8)}: faster runners\n2024-02-01T05:30:00Z: ${XSS_LABEL}`,
    });
    await using pages = await serveFolder(trend.dataDir);
    const published = JSON.parse(readFileSync(join(trend.dataDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(published.pageVersion).toBe(trend.pageVersion);
    expect(published.segments).toBe(17);

    const { page, errors, requests, dialogs } = await openPage(pages.base);
    await ready(page);
    await page.screenshot({ path: join(SHOTS, 'published.png'), fullPage: true });
    expect(await page.locator('meta[name="benchtrend-page-version"]').getAttribute('content')).toBe(trend.pageVersion);
    expect(published.cases.length).toBeGreaterThan(4);
    for (const c of published.cases) {
      const chart = card(page, c.case);
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(() => chart.locator('canvas').count()).toBe(1);
      expect(await shownPoints(page, c.case)).toBe(17);
    }
    const total = card(page, 'warm / total');
    expect((await bars(page, 'warm / total')).count).toBe(17);
    expect(await total.locator('.markers li .label').allTextContents()).toEqual([XSS_LABEL, 'faster runners']);
    expect(await markerLines(page, 'warm / total', '--annotation')).toHaveLength(2);
    // Format 2: the newest points the publisher wrote (publishes 13-16), then the level-1 chunk of
    // publishes 0-15; the single chunk of publish 16 holds nothing the newest points did not.
    expect(requests.some((u) => u.includes('/data/newest.json'))).toBe(true);
    expect(requests.some((u) => u.includes('/data/c/1/0000/00000000.json'))).toBe(true);
    expect(requests.some((u) => u.includes('/data/c/0/0000/00000016.json'))).toBe(false);
    expect(await page.locator('#status').textContent()).toBe('Showing all 17 publishes.');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(pages.base))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ships HTML that parses as written and a bundle that parses', async () => {
    const js = readFileSync(join(pageDir, 'page.js'), 'utf8');
    expect(() => new Script(js, { filename: 'page.js' })).not.toThrow();
    expect(js).not.toMatch(/https?:\/\/(?!github\.com\/leeoniya)/);
    const version = readFileSync(join(pageDir, 'version.txt'), 'utf8').trim();
    const { page } = await openPage(server.base);
    const facts = await page.evaluate(async () => {
      const source = await (await fetch('index.html')).text();
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const withoutComments = source.replace(/<!--[\s\S]*?-->/g, '');
      return {
        written: (withoutComments.match(/<[a-zA-Z][a-zA-Z0-9-]*/g) ?? []).length,
        parsed: doc.getElementsByTagName('*').length,
        scripts: [...doc.scripts].map((s) => ({ src: s.getAttribute('src'), inline: s.textContent ?? '' })),
        styles: [...doc.querySelectorAll('link[rel=stylesheet]')].map((l) => l.getAttribute('href')),
        version: doc.querySelector('meta[name="benchtrend-page-version"]')?.getAttribute('content'),
        csp: doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '',
        placeholders: source.includes('__PAGE_VERSION__'),
        ids: ['theme', 'filter', 'bars', 'load-older', 'load-all', 'status', 'charts', 'tooltip'].filter((id) => !doc.getElementById(id)),
      };
    });
    expect(facts.parsed).toBe(facts.written);
    expect(facts.scripts).toEqual([{ src: `page.js?v=${version}`, inline: '' }]);
    expect(facts.styles).toEqual([`page.css?v=${version}`]);
    expect(facts.version).toBe(version);
    expect(facts.csp).toContain("script-src 'self'");
    expect(facts.placeholders).toBe(false);
    expect(facts.ids).toEqual([]);
    await page.close();
  });
});
