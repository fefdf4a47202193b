/**
 * Names as benchmarks really have them: JMH's dotted names with no space to break at, and
 * annotation labels of up to 200 characters, on a phone's 375 px; names written right to left, or
 * holding a right-to-left override, beside the page's own words.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card } from './chart-reading.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const JMH = 'org.openjdk.jmh.samples.JMHSample_01_HelloWorld.wellHelloThere';
const SUITE = 'org.openjdk.jmh.samples.JMHSample_01_HelloWorld';
const SHAPE = 'org.openjdk.jmh.samples.JMHSample_02_BenchmarkModes';
const LABEL = `upgrade-${'x'.repeat(192)}`;
const HEBREW = 'מיון מהיר';
const OVERRIDE = 'sort \u202Edesc';

const trends: ServedTrend[] = [];

async function serve(name: string, files: Map<string, string>): Promise<ServedTrend> {
  const trend = await servedTrend(`benchtrend-page-names-${name}-`, files);
  trends.push(trend);
  return trend;
}

/** Publishes of one suite whose cases are renamed by `rename` (synthetic names are `<shape> / <stage>`). */
function named(suite: string, seed: number, rename: (name: string) => { case: string; shape: string }): Publish[] {
  return syntheticHistory({ suite, commits: 12, seed, shapes: [{ shape: 'one', stages: ['a', 'b'] }] }).map((p) => ({
    ...p,
    points: p.points.map((pt) => ({ ...pt, ...rename(pt.case) })),
  }));
}

/** A ready tab on `trend` in a window `width` wide, and its page's uncaught errors. */
async function open(trend: ServedTrend, width: number): Promise<{ tab: Page; errors: string[] }> {
  const errors: string[] = [];
  const tab = await readyTab(trend, async (t) => {
    t.on('pageerror', (e) => errors.push(e.message));
    await t.setViewportSize({ width, height: 800 });
  });
  return { tab, errors };
}

/**
 * Where each character of `text` is drawn, left to right on the screen, inside the first element
 * matching `selector` whose text holds it: its characters' x in the order they are written.
 */
async function drawnOrder(tab: Page, selector: string, text: string): Promise<number[]> {
  return tab.evaluate(
    ([sel, wanted]) => {
      const host = [...document.querySelectorAll(sel as string)].find((e) => (e.textContent ?? '').includes(wanted as string));
      if (!host) throw new Error(`no ${sel as string} holds ${wanted as string}`);
      const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf(wanted as string);
        if (at < 0) continue;
        return [...(wanted as string)].map((_, i) => {
          const range = document.createRange();
          range.setStart(node, at + i);
          range.setEnd(node, at + i + 1);
          return Math.round(range.getBoundingClientRect().left);
        });
      }
      throw new Error(`${wanted as string} is split across elements`);
    },
    [selector, text],
  );
}

const increasing = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || x > (xs[i - 1] as number));

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('names on the page', () => {
  afterAll(async () => {
    for (const t of trends) await t.close();
  });

  it('keeps long names without spaces inside a 375 px screen', async () => {
    // Two suites, so each has its heading.
    const jmh = named(SUITE, 3, (n) => ({ case: n === 'one / a' ? JMH : `${SUITE}.measureThroughput`, shape: SHAPE }));
    const other = named('other', 4, (n) => ({ case: n, shape: 'one' }));
    const publishes = jmh.flatMap((p, i) => [p, other[i] as Publish]);
    const at = (publishes[20] as Publish).commit.sha;
    const alert: StoredAlert = { kind: 'regression', suite: SUITE, case: JMH, sha: at, seq: 20, status: 'confirmed', baseline: 1, value: 1.3, change: 0.3, reason: 'beyond the limit' };
    const trend = await serve('long', trendFiles(publishes, { updated: '2024-01-02T00:00:00Z', alerts: [alert], annotations: [{ at: at.slice(0, 7), label: LABEL }] }));
    const { tab, errors } = await open(trend, 375);
    expect(await tab.locator('#alerts li').first().textContent()).toContain(JMH);
    expect(await tab.locator('h2', { hasText: SUITE }).count()).toBe(1);
    expect(await tab.locator('h3', { hasText: SHAPE }).count()).toBe(1);
    expect(await card(tab, JMH).locator('.markers li .label').textContent()).toBe(LABEL);
    const widths = await tab.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
    expect(widths.window).toBeLessThanOrEqual(375);
    expect(widths.page).toBe(widths.window);
    // Its table's caption names it too, broken to the card's width rather than scrolled sideways.
    await card(tab, JMH).getByRole('button', { name: `Show ${JMH} as a table` }).click();
    const caption = await card(tab, JMH).locator('caption').boundingBox();
    const values = await card(tab, JMH).locator('.values').boundingBox();
    expect(caption && values && caption.width <= values.width).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('reads the change after a right-to-left name with its real sign, and an override stops at the name', async () => {
    const publishes = named('main', 6, (n) => ({ case: n === 'one / a' ? HEBREW : n === 'one / b' ? OVERRIDE : n, shape: 'one' }));
    const sha = (i: number): string => (publishes[i] as Publish).commit.sha;
    const alert = (name: string, seq: number, change: number): StoredAlert => ({ kind: 'regression', suite: 'main', case: name, sha: sha(seq), seq, status: 'confirmed', baseline: 1, value: 1 + change, change, reason: 'beyond the limit' });
    // Alone at one commit, and the two together at another (a group's line names its first case).
    const alerts = [alert(HEBREW, 4, 0.3), alert(OVERRIDE, 6, 0.25), alert(HEBREW, 9, 0.4), alert(OVERRIDE, 9, 0.2)];
    const trend = await serve('rtl', trendFiles(publishes, { updated: '2024-01-02T00:00:00Z', alerts }));
    const { tab, errors } = await open(trend, 1280);
    const lines = await tab.locator('#alerts li').allTextContents();
    expect(lines.some((l) => l.startsWith(`${HEBREW} +30% worse at ${sha(4).slice(0, 7)}`))).toBe(true);
    expect(increasing(await drawnOrder(tab, '#alerts li', ' +30% worse'))).toBe(true);
    expect(increasing(await drawnOrder(tab, '#alerts li', ' +25% worse'))).toBe(true);
    expect(increasing(await drawnOrder(tab, '#alerts li', ' +40% worse'))).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
