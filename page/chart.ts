import uPlot from 'uplot';
import type { StoredPoint } from '../src/core/trend/types.js';
import { utcTime, type BarMode } from './lib/hover-text.js';
import { formatTicks } from '../src/core/magnitude.js';
import { valueIncrement, valueSplits } from './lib/value-axis.js';
import type { AlertMarker, VerticalMarker } from './lib/markers.js';
import type { CommitRow } from './lib/trend-model.js';
import { palette } from './theme.js';

/**
 * One case's chart: uPlot draws the median line (null values break it, so a missing commit is a
 * gap); a draw hook adds what uPlot has no notion of: error bars, isolated points, alert dots and
 * labelled vertical markers. x is the commit's position counted back from the newest loaded commit
 * (newest = 0), so loading older history never moves what is already on screen.
 */

export interface ChartData {
  readonly commits: readonly CommitRow[];
  readonly points: readonly (StoredPoint | null)[];
  readonly markers: readonly VerticalMarker[];
  readonly regressions: readonly AlertMarker[];
}

export interface ChartEvents {
  mode(): BarMode;
  /** The cursor moved over this chart (idx null: left it or no commit there). */
  hover(chart: CaseChart, idx: number | null): void;
  /** A click (not a drag) at a commit. */
  open(chart: CaseChart, idx: number): void;
  /** A double click when the charts already show everything loaded: a request for older data. */
  zoomOutPastStart(group: ChartGroup): void;
  /** A key zoomed or panned the chart (or showed everything): what it now shows is to be said. */
  keyed(chart: CaseChart): void;
  /** A key, a drag or a double click changed what the chart shows: the address follows. */
  moved(chart: CaseChart): void;
  drawn(chart: CaseChart): void;
}

/** The charts of one suite and shape: their x zoom moves together. */
export class ChartGroup {
  readonly charts = new Set<CaseChart>();
  /** The zoomed x range, or null when showing everything loaded. */
  range: { min: number; max: number } | null = null;

  constructor(readonly key: string) {}

  zoom(min: number, max: number): void {
    this.range = { min, max };
    for (const c of this.charts) c.applyRange();
  }

  /**
   * Zooms the shown range by `factor` (0.5 halves it) round its middle, or moves it by `shift`
   * widths, kept inside [lo, hi] (everything loaded). Widening past everything is a reset; true
   * when it already showed everything (as reset says).
   */
  step(lo: number, hi: number, factor: number, shift: number): boolean {
    const { min, max } = this.range ?? { min: lo, max: hi };
    const width = Math.max(1, (max - min) * factor);
    if (width >= hi - lo) return this.reset();
    let from = (min + max) / 2 - width / 2 + shift * (max - min);
    from = Math.max(lo, Math.min(hi - width, from));
    this.zoom(from, from + width);
    return false;
  }

  /** Back to everything loaded; true when it already showed everything (a request to go further back). */
  reset(): boolean {
    const wasFull = this.range === null;
    this.range = null;
    for (const c of this.charts) c.applyRange();
    return wasFull;
  }
}

/** The keys a focused chart answers, as its description tells a screen reader's user and its hint shows on focus. */
export const CHART_KEYS = 'Keys: plus and minus zoom, left and right arrows pan, 0 or Home shows everything loaded.';
/** The same keys as shown over a focused chart: short, so as to cover little of it. */
export const CHART_KEYS_SHOWN = '+ − zoom · ← → pan · 0 or Home: all';
const KEYS = new Set(['+', '=', '-', '_', 'ArrowLeft', 'ArrowRight', '0', 'Home']);

const X_INCRS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
const HEIGHT = 240;

function aligned(data: ChartData, mode: BarMode): uPlot.AlignedData {
  const n = data.points.length;
  const x = new Array<number>(n);
  const v = new Array<number | null>(n);
  const lo = new Array<number | null>(n);
  const hi = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const p = data.points[i];
    x[i] = i - (n - 1);
    v[i] = p ? p.value : null;
    lo[i] = p ? (mode === 'quartiles' ? p.q1 : p.min) : null;
    hi[i] = p ? (mode === 'quartiles' ? p.q3 : p.max) : null;
  }
  return [x, v, lo, hi];
}

/** Least CSS pixels between two value ticks (uPlot's own default for a vertical axis). */
const VALUE_SPACE = 30;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export class CaseChart {
  readonly u: uPlot;
  private data: ChartData;
  private downAt: [number, number] | null = null;
  /** The value axis's step as last drawn, in the stored unit: its labels' decimals follow it. */
  private valueStep = 0;
  /** A repeated key's step was taken this frame. */
  private keyHeld = false;

  constructor(
    host: HTMLElement,
    width: number,
    readonly suite: string,
    readonly caseName: string,
    readonly unit: string,
    data: ChartData,
    readonly group: ChartGroup,
    private readonly events: ChartEvents,
    /** The id of the element that says what the chart shows and which keys it answers. */
    describedBy = '',
  ) {
    this.data = data;
    const pal = (): ReturnType<typeof palette> => palette();
    const opts: uPlot.Options = {
      width,
      height: HEIGHT,
      legend: { show: false },
      // Room on the right for the newest tick's date, which is centred on the last commit.
      padding: [8, 44, 0, 0],
      cursor: {
        drag: { x: true, y: false, setScale: false },
        sync: { key: group.key, setSeries: false },
        // Double click is ours: it resets the whole group, or asks for older data.
        bind: { dblclick: () => null },
        points: { size: 7 },
      },
      // Half a commit of room at each end, so the first and last error bars are not cut in half.
      // One commit alone: uPlot has already widened its range to one of its own making, with the
      // point at its left edge, so the room is taken round the point itself.
      scales: { x: { time: false, range: (u, min, max) => (u.data[0].length === 1 ? [(u.data[0][0] as number) - 0.5, (u.data[0][0] as number) + 0.5] : [min - 0.5, max + 0.5]) } },
      axes: [
        {
          stroke: () => pal().muted,
          grid: { stroke: () => pal().grid, width: 1 },
          ticks: { stroke: () => pal().grid, width: 1 },
          space: 90,
          incrs: X_INCRS,
          values: (_u, splits) => this.tickDates(splits),
        },
        {
          stroke: () => pal().muted,
          grid: { stroke: () => pal().grid, width: 1 },
          ticks: { stroke: () => pal().grid, width: 1 },
          size: (_u, values) => 18 + 7.5 * Math.max(4, ...(values ?? []).map((v) => String(v).length)),
          space: VALUE_SPACE,
          // uPlot's own step (round in the stored unit) gives the scale in pixels; the ticks are put
          // at a step round in the unit they are written in, kept for their labels.
          splits: (_u, _axis, min, max, incr, space) => {
            this.valueStep = incr > 0 && space > 0 ? valueIncrement(this.unit, Math.max(Math.abs(min), Math.abs(max)), space / incr, VALUE_SPACE) : incr;
            return valueSplits(min, max, this.valueStep);
          },
          values: (_u, splits) => formatTicks(splits, this.unit, this.valueStep),
        },
      ],
      series: [
        {},
        { label: 'median', stroke: () => pal().line, width: 1.5, spanGaps: false, points: { size: 4, fill: () => pal().line } },
        // The error bar ends, so that the y range always holds the bars; drawn by the hook below.
        { label: 'low', stroke: 'transparent', paths: () => null, points: { show: false } },
        { label: 'high', stroke: 'transparent', paths: () => null, points: { show: false } },
      ],
      hooks: {
        draw: [(u) => this.overlay(u)],
        setSelect: [(u) => this.selected(u)],
        setCursor: [(u) => this.events.hover(this, u.cursor.idx ?? null)],
      },
    };
    this.u = new uPlot(opts, aligned(data, events.mode()), host);
    // Not an image: it takes the focus and answers keys. As an application a screen reader hands
    // it the keys (in browse mode it kept the arrows for itself) and says "chart" of it; what it
    // shows and its keys are its description (layout.ts), its name only the case's.
    this.u.root.setAttribute('role', 'application');
    this.u.root.setAttribute('aria-roledescription', 'chart');
    this.u.root.setAttribute('aria-label', `Chart of ${caseName}`);
    if (describedBy) this.u.root.setAttribute('aria-describedby', describedBy);
    // A reader without a mouse or wheel zooms and pans from the keyboard, as a drag and a double click do.
    this.u.root.tabIndex = 0;
    // `+` is the attribute's own separator: the plus key is listed as the `=` it shares.
    this.u.root.setAttribute('aria-keyshortcuts', '= - ArrowLeft ArrowRight 0 Home');
    this.u.root.addEventListener('keydown', (e) => this.key(e));
    const over = this.u.over;
    over.addEventListener('mousedown', (e) => (this.downAt = [e.clientX, e.clientY]));
    over.addEventListener('click', (e) => {
      const moved = this.downAt ? Math.hypot(e.clientX - this.downAt[0], e.clientY - this.downAt[1]) : 0;
      const idx = this.u.cursor.idx;
      if (moved < 4 && idx !== null && idx !== undefined) this.events.open(this, idx);
    });
    over.addEventListener('dblclick', () => {
      if (this.group.reset()) this.events.zoomOutPastStart(this.group);
      this.events.moved(this);
    });
    group.charts.add(this);
    if (group.range) this.applyRange();
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // A held key repeats faster than a long trend redraws: one step a frame, the rest let go.
    if (e.repeat && this.keyHeld) {
      if (KEYS.has(e.key)) e.preventDefault();
      return;
    }
    if (e.repeat) {
      this.keyHeld = true;
      requestAnimationFrame(() => (this.keyHeld = false));
    }
    const x = this.u.data[0];
    if (x.length === 0) return;
    const lo = (x[0] as number) - 0.5;
    const hi = (x[x.length - 1] as number) + 0.5;
    const g = this.group;
    if (e.key === '+' || e.key === '=') g.step(lo, hi, 0.5, 0);
    else if (e.key === '-' || e.key === '_') {
      if (g.step(lo, hi, 2, 0)) this.events.zoomOutPastStart(g);
    } else if (e.key === 'ArrowLeft') g.step(lo, hi, 1, -0.25);
    else if (e.key === 'ArrowRight') g.step(lo, hi, 1, 0.25);
    else if (e.key === '0' || e.key === 'Home') g.reset();
    else return;
    e.preventDefault();
    this.events.keyed(this);
    this.events.moved(this);
  }

  /** The commits (their index in `commits`) at the left and right edges of what is shown. */
  shown(): { first: number; last: number } {
    const n = this.u.data[0].length;
    // The group's range, not uPlot's scale: uPlot commits a new scale in a microtask.
    const min = this.group.range?.min ?? -Infinity;
    const max = this.group.range?.max ?? Infinity;
    return { first: Math.max(0, Math.ceil(min + n - 1)), last: Math.min(n - 1, Math.floor(max + n - 1)) };
  }

  get commits(): readonly CommitRow[] {
    return this.data.commits;
  }

  get points(): readonly (StoredPoint | null)[] {
    return this.data.points;
  }

  /** New data (older history loaded, or another error bar mode); keeps the group's zoom. */
  update(data: ChartData = this.data): void {
    this.data = data;
    this.u.batch(() => {
      this.u.setData(aligned(data, this.events.mode()), true);
      if (this.group.range) this.applyRange();
    });
  }

  applyRange(): void {
    const r = this.group.range;
    const x = this.u.data[0];
    if (r) this.u.setScale('x', r);
    else if (x.length > 0) this.u.setScale('x', { min: (x[0] as number) - 0.5, max: (x[x.length - 1] as number) + 0.5 });
  }

  resize(width: number): void {
    if (width > 0 && width !== this.u.width) this.u.setSize({ width, height: HEIGHT });
  }

  destroy(): void {
    this.group.charts.delete(this);
    const canvas = this.u.ctx.canvas;
    this.u.destroy();
    // The pixels go now, not at some later collection: a reader scrolling through 3,000 cards
    // otherwise left the renderer at 2 to 4 GB with 8 charts alive.
    canvas.width = canvas.height = 0;
  }

  /** Dates of the commits at the ticks (UTC, as the tooltip says them); with the time when several ticks fall on one day. */
  private tickDates(splits: readonly number[]): string[] {
    const n = this.data.commits.length;
    const stamps = splits.map((x) => (Number.isInteger(x) ? utcTime(this.data.commits[x + n - 1]?.commit.timestamp ?? '') : ''));
    const days = stamps.map((t) => t.slice(0, 10));
    const shown = days.filter((d) => d !== '');
    if (new Set(shown).size === shown.length) return days;
    return stamps.map((t) => (t === '' ? '' : `${t.slice(5, 10)} ${t.slice(11, 16)}`));
  }

  private selected(u: uPlot): void {
    const s = u.select;
    if (s.width < 2) return;
    const min = u.posToVal(s.left, 'x');
    const max = u.posToVal(s.left + s.width, 'x');
    u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
    this.group.zoom(min, max);
    this.events.moved(this);
  }

  /** Error bars, isolated points, markers and alerts, clipped to the plot area. */
  private overlay(u: uPlot): void {
    const pal = palette();
    const ctx = u.ctx;
    const pr = uPlot.pxRatio;
    const { left, top, width, height } = u.bbox;
    const [xs, vs, los, his] = u.data as unknown as [number[], (number | null)[], (number | null)[], (number | null)[]];
    const n = xs.length;
    const xMin = u.scales.x?.min ?? 0;
    const xMax = u.scales.x?.max ?? 0;
    const i0 = Math.max(0, Math.ceil(xMin + n - 1));
    const i1 = Math.min(n - 1, Math.floor(xMax + n - 1));
    const px = (i: number): number => Math.round(u.valToPos(i - (n - 1), 'x', true));
    const py = (v: number): number => Math.round(u.valToPos(v, 'y', true));

    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();

    // Error bars: one path for all of them; caps only where points are far enough apart to read.
    const caps = i1 > i0 ? width / (i1 - i0) > 8 * pr : true;
    ctx.beginPath();
    ctx.strokeStyle = pal.bar;
    ctx.lineWidth = pr;
    for (let i = i0; i <= i1; i++) {
      const lo = los[i];
      const hi = his[i];
      if (lo === null || lo === undefined || hi === null || hi === undefined || hi <= lo) continue;
      const x = px(i) + 0.5;
      const y0 = py(lo);
      const y1 = py(hi);
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y1);
      if (caps) {
        ctx.moveTo(x - 3 * pr, y0);
        ctx.lineTo(x + 3 * pr, y0);
        ctx.moveTo(x - 3 * pr, y1);
        ctx.lineTo(x + 3 * pr, y1);
      }
    }
    ctx.stroke();

    // A point between two gaps has no line to show it.
    ctx.fillStyle = pal.line;
    for (let i = i0; i <= i1; i++) {
      const v = vs[i];
      if (v === null || v === undefined) continue;
      if ((i > 0 && vs[i - 1] != null) || (i < n - 1 && vs[i + 1] != null)) continue;
      ctx.beginPath();
      ctx.arc(px(i), py(v), 2.5 * pr, 0, 2 * Math.PI);
      ctx.fill();
    }

    // Vertical markers with their labels, staggered over three rows so neighbours stay legible.
    ctx.font = `${11 * pr}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    // uPlot leaves the alignment of its last axis label behind.
    ctx.textAlign = 'left';
    const rowEnds = [-Infinity, -Infinity, -Infinity];
    for (const m of this.data.markers) {
      const x = Math.round(u.valToPos(m.index - (n - 1), 'x', true)) + 0.5;
      if (x < left || x > left + width) continue;
      const colour = m.kind === 'change-point' ? pal.change : pal.annotation;
      ctx.beginPath();
      ctx.strokeStyle = colour;
      ctx.lineWidth = pr;
      // The linked commit solid: it is the one the reader was sent to, not a note on the history.
      ctx.setLineDash(m.kind === 'annotation' ? [4 * pr, 3 * pr] : m.kind === 'linked' ? [] : [2 * pr, 2 * pr]);
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.setLineDash([]);
      let text = truncate(m.label, 40);
      while (text.length > 4 && ctx.measureText(text).width + 6 * pr > width) text = truncate(text, text.length - 2);
      const w = ctx.measureText(text).width + 6 * pr;
      const tx = Math.max(left, Math.min(x + 2 * pr, left + width - w));
      let row = rowEnds.findIndex((end) => end < tx);
      if (row < 0) row = 0;
      rowEnds[row] = tx + w;
      const ty = top + 2 * pr + row * 14 * pr;
      ctx.fillStyle = pal.labelBg;
      ctx.fillRect(tx, ty, w, 13 * pr);
      ctx.fillStyle = colour;
      ctx.fillText(text, tx + 3 * pr, ty + pr);
    }

    // Alerts: red dots at their points; a cleared one keeps only its outline.
    for (const r of this.data.regressions) {
      const v = vs[r.index];
      if (v === null || v === undefined || r.index < i0 || r.index > i1) continue;
      const x = px(r.index);
      const y = py(v);
      ctx.beginPath();
      ctx.arc(x, y, 4.5 * pr, 0, 2 * Math.PI);
      ctx.lineWidth = 2 * pr;
      ctx.strokeStyle = pal.alert;
      ctx.stroke();
      if (r.alert.status !== 'cleared') {
        ctx.fillStyle = pal.alert;
        ctx.fill();
      }
    }
    ctx.restore();
    this.events.drawn(this);
  }
}
