/**
 * Values far from 1 in their unit, as tools really write them: Go's 9.2e18 ns (the largest int64,
 * a benchmark that overflowed), a rate of 3e12 ops/s, and a stage of twenty minutes in seconds.
 * The axis, the tooltip and the chart's label write them short, in a unit or with a prefix.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredPoint } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card, drawnCanvas, hoverCanvas, readNodes } from './chart-reading.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-magnitudes-';
let trend: ServedTrend;

/** Each case's values brought to about the magnitude wanted (its first median), in the unit given. */
const SCALES: Readonly<Record<string, { factor: number; unit: string }>> = {
  'go / overflow': { factor: 9.2e18, unit: 'ns' },
  'go / rate': { factor: 3e12, unit: 'ops/s' },
  'go / soak': { factor: 1200, unit: 's' },
  'go / idle': { factor: 0, unit: 's' },
  // Drawn a unit down (KiB), at a step uPlot's own table of increments does not hold: no tick at all.
  'go / heap': { factor: 0.2, unit: 'MiB' },
};

function scaled(p: StoredPoint, first: number): StoredPoint {
  const s = SCALES[p.case];
  if (!s) return p;
  const f = (x: number): number => Number(((x / first) * s.factor).toPrecision(6));
  return { ...p, unit: s.unit, direction: s.unit === 'ops/s' ? 'bigger' : 'smaller', value: f(p.value), q1: f(p.q1), q3: f(p.q3), min: f(p.min), max: f(p.max), stdev: p.stdev === null ? null : f(p.stdev), samples: p.samples.map(f) };
}

/** Every text uPlot draws on a canvas in its last draw, recorded on the canvas as it is drawn. */
function recordCanvasText(tab: Page): void {
  void tab.addInitScript(() => {
    // uPlot clears the whole canvas before each draw: what is kept is the last draw's.
    const clear = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clearRect = function (x: number, y: number, w: number, h: number) {
      const c = this.canvas as HTMLCanvasElement & { drawnText?: string[] };
      if (x === 0 && y === 0 && w >= c.width && h >= c.height) c.drawnText = [];
      return clear.call(this, x, y, w, h);
    };
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, max?: number) {
      const c = this.canvas as HTMLCanvasElement & { drawnText?: string[] };
      (c.drawnText ??= []).push(text);
      return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
    };
  });
}

/** Whether the ticks' numbers step evenly by 1, 2, 2.5 or 5 times a power of ten. */
function roundSteps(ticks: readonly string[]): boolean {
  const n = ticks.map((t) => Number.parseFloat(t)).sort((a, b) => a - b);
  const step = (n[1] as number) - (n[0] as number);
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5].some((m) => Math.abs(mantissa - m) < 1e-6) && n.every((x, i) => Math.abs(x - (n[0] as number) - i * step) < step * 1e-6);
}

/** The value axis's labels: what is drawn on the chart that is not a date. */
async function valueTicks(tab: Page, name: string): Promise<string[]> {
  const canvas = await drawnCanvas(tab, name);
  const texts = await canvas.evaluate((c: HTMLCanvasElement & { drawnText?: string[] }) => c.drawnText ?? []);
  return [...new Set(texts.filter((t) => !/^\d{4}-\d\d-\d\d|^\d\d-\d\d /.test(t)))];
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('values of any magnitude', () => {
  beforeAll(async () => {
    const history = syntheticHistory({ suite: 'main', commits: 12, seed: 5, shapes: [{ shape: 'go', stages: ['overflow', 'rate', 'soak', 'idle', 'heap'] }] });
    const first = new Map(history[0]?.points.map((p) => [p.case, p.value]));
    const publishes = history.map((p) => ({ ...p, points: p.points.map((pt) => scaled(pt, first.get(pt.case) ?? 1)) }));
    trend = await servedTrend(PREFIX, trendFiles(publishes, { updated: '2024-01-02T00:00:00Z', format: 2 }));
  });
  afterAll(() => trend?.close());

  it('writes the axis ticks short, in one unit or prefix each, at round steps of it', async () => {
    const tab = await readyTab(trend, recordCanvasText);
    const overflow = await valueTicks(tab, 'go / overflow');
    expect(overflow.length).toBeGreaterThan(1);
    for (const t of overflow) expect(t).toMatch(/^\d{1,3}(\.\d{1,2})?M h$/);
    const rate = await valueTicks(tab, 'go / rate');
    expect(rate.length).toBeGreaterThan(1);
    for (const t of rate) expect(t).toMatch(/^\d{1,3}(\.\d{1,2})?T ops\/s$/);
    const soak = await valueTicks(tab, 'go / soak');
    expect(soak.length).toBeGreaterThan(1);
    for (const t of soak) expect(t).toMatch(/^\d{1,3}(\.\d)? min$/);
    const heap = await valueTicks(tab, 'go / heap');
    expect(heap.length).toBeGreaterThan(1);
    for (const t of heap) expect(t).toMatch(/^\d{1,3}(\.\d)? KiB$/);
    for (const ticks of [overflow, rate, soak, heap]) expect(roundSteps(ticks), ticks.join(', ')).toBe(true);
    await tab.close();
  });

  it('writes the tooltip and the chart label in the same readable unit', async () => {
    const tab = await readyTab(trend);
    await drawnCanvas(tab, 'go / overflow');
    const plot = await card(tab, 'go / overflow').locator('.u-over').boundingBox();
    const canvas = await card(tab, 'go / overflow').locator('canvas').boundingBox();
    if (!plot || !canvas) throw new Error('no chart drawn');
    const tip = await hoverCanvas(tab, 'go / overflow', plot.x - canvas.x + plot.width - 2, plot.y - canvas.y + plot.height / 2);
    expect(tip).toMatch(/median\d(\.\d+)?M h \(smaller is better\)/);
    expect(tip).not.toMatch(/\d{7}/);
    const label = (await readNodes(tab, 'Chart of go / overflow'))[0]?.description ?? '';
    expect(label).toMatch(/Newest median \d(\.\d+)?M h at /);
    await tab.close();
  });

  it('writes a case measured as zero in its own unit, not the smallest one', async () => {
    const tab = await readyTab(trend);
    await drawnCanvas(tab, 'go / idle');
    const label = (await readNodes(tab, 'Chart of go / idle'))[0]?.description ?? '';
    expect(label).toContain('Newest median 0 s at ');
    await tab.close();
  });
});
