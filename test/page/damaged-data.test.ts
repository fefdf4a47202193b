/**
 * Small damage to a trend the page reads (layout.ts's promise: one case the page cannot show costs
 * that case, never the page): an alert, a case or a point that cannot be read costs only itself,
 * and the page says in one line which and what is wrong. Every other case keeps its chart.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkPath, segmentPath } from '../../src/core/trend/layout.js';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, shownPoints } from './chart-reading.js';
import { servedTrend, watchedTab, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

type Json = Record<string, unknown>;

const NAMES = ['warm / a', 'warm / b', 'warm / total'];
const trends: ServedTrend[] = [];
const history: Publish[] = syntheticHistory({ suite: 'main', commits: 6, seed: 5, shapes: [{ shape: 'warm', stages: ['a', 'b', 'total'] }] });
const sha7 = (i: number): string => (history[i] as Publish).commit.sha.slice(0, 7);

function regression(name: string, seq: number): StoredAlert {
  return { kind: 'regression', suite: 'main', case: name, sha: (history[seq] as Publish).commit.sha, seq, status: 'confirmed', baseline: 1, value: 1.3, change: 0.3, reason: 'beyond the limit' };
}

/**
 * The 6 publishes in `format` (format 2: single chunks 0-5, the newest four in data/newest.json,
 * so the page reads chunks 1 and 0 after them), each file named in `edit` changed by it.
 */
async function damaged(name: string, format: 1 | 2, edit: Readonly<Record<string, (file: Json) => void>>): Promise<ServedTrend> {
  const files = trendFiles(history, { updated: '2024-01-02T00:00:00Z', format, alerts: [regression('warm / a', 4), regression('warm / b', 5)] });
  for (const [path, change] of Object.entries(edit)) {
    const file = JSON.parse(files.get(path) as string) as Json;
    change(file);
    files.set(path, JSON.stringify(file));
  }
  const trend = await servedTrend(`benchtrend-page-damaged-${name}-`, files);
  trends.push(trend);
  return trend;
}

const open = (trend: ServedTrend): Promise<{ tab: Page; errors: string[] }> => watchedTab(trend, 'settled');

const notices = (tab: Page): Promise<string[]> => tab.locator('#notice p').allTextContents();
const points = (file: Json): Json => file['points'] as Json;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('small damage to the data on the page', () => {
  afterAll(async () => {
    for (const t of trends) await t.close();
  });

  it('leaves out an alert without a sha, and lists and draws the rest', async () => {
    const server = await damaged('alert', 2, { 'manifest.json': (m) => (((m['alerts'] as Json[])[0] as Json)['sha'] = null) });
    const { tab, errors } = await open(server);
    expect(await tab.locator('#status').textContent()).toBe('Showing all 6 publishes.');
    expect(await notices(tab)).toEqual(['manifest.json: alerts[0]: sha is null, not text; that alert is left out.']);
    expect(await tab.locator('#alerts li').allTextContents()).toEqual([`warm / b +30% worse at ${sha7(5)} (confirmed): beyond the limit`]);
    for (const name of NAMES) expect(await shownPoints(tab, name)).toBe(6);
    expect(await tab.evaluate(() => document.documentElement.dataset['state'])).toBe('ready');
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('leaves out a case the manifest lists as {}, and its points, and draws the others', async () => {
    const server = await damaged('case', 2, { 'manifest.json': (m) => ((m['cases'] as Json[])[0] = {}) });
    const { tab, errors } = await open(server);
    expect(await notices(tab)).toEqual(['manifest.json: cases[0]: suite is missing, not text; that case is left out, and its points with it.']);
    expect(await tab.locator('article.card .case-name').allTextContents()).toEqual(['warm / b', 'warm / total']);
    for (const name of ['warm / b', 'warm / total']) expect(await shownPoints(tab, name)).toBe(6);
    // The alert of the case left out has no chart to go to: listed by name, not linked.
    const links = await tab.locator('#alerts li a').allTextContents();
    expect(links).toContain('warm / b');
    expect(links).not.toContain('warm / a');
    expect(await tab.locator('#alerts li .no-chart').allTextContents()).toEqual(['warm / a']);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('leaves out the points of a chunk whose q1 is null, and a point whose value is, and draws the rest', async () => {
    const server = await damaged('points', 2, {
      [chunkPath(0, 1)]: (c) => (points(c)['q1'] = null),
      [chunkPath(0, 0)]: (c) => ((points(c)['value'] as unknown[])[1] = null),
    });
    const { tab, errors } = await open(server);
    expect(await tab.locator('#status').textContent()).toBe('Showing all 6 publishes.');
    expect((await notices(tab)).sort()).toEqual([
      `${chunkPath(0, 0)}: point 1 (warm / b at ${sha7(0)}): value is null, not a number; that point is left out.`,
      `${chunkPath(0, 1)}: points.q1 is null, not a list of 3 numbers; its 3 points are left out.`,
    ]);
    expect(await shownPoints(tab, 'warm / a')).toBe(5);
    expect(await shownPoints(tab, 'warm / b')).toBe(4);
    expect(await shownPoints(tab, 'warm / total')).toBe(5);
    expect(await card(tab, 'warm / total').locator('canvas').count()).toBe(1);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('says a case whose every point was left out has none to draw, not that they are further back', async () => {
    const unread = history.map((p) => ({ ...p, points: p.points.map((x) => (x.case === 'warm / b' ? { ...x, value: null as unknown as number } : x)) }));
    const trend = await servedTrend('benchtrend-page-damaged-all-', trendFiles(unread, { updated: '2024-01-02T00:00:00Z', format: 2 }));
    trends.push(trend);
    const { tab, errors } = await open(trend);
    expect(await tab.locator('#status').textContent()).toBe('Showing all 6 publishes.');
    expect((await notices(tab)).length).toBeGreaterThan(0);
    expect(await card(tab, 'warm / b').locator('.note').textContent()).toBe('No points to draw: its points in the loaded publishes, the last in publish 6, were left out as unreadable.');
    expect(await card(tab, 'warm / b').locator('button', { hasText: 'Load back' }).count()).toBe(0);
    expect(await shownPoints(tab, 'warm / a')).toBe(6);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('leaves out a point of a format 1 segment whose q1 is null', async () => {
    const server = await damaged('segment', 1, { [segmentPath(3)]: (s) => (((s['points'] as Json[])[0] as Json)['q1'] = null) });
    const { tab, errors } = await open(server);
    expect(await notices(tab)).toEqual([`${segmentPath(3)}: point 0 (warm / a at ${sha7(3)}): q1 is null, not a number; that point is left out.`]);
    expect(await shownPoints(tab, 'warm / a')).toBe(5);
    expect(await shownPoints(tab, 'warm / b')).toBe(6);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
