/**
 * Reading a chart as a reader sees it: from the canvas's pixels and the text the page shows, never
 * from anything the chart says about itself, so a test fails when the drawing or the text is wrong.
 */
import type { Locator, Page } from 'playwright-core';

export function card(page: Page, name: string): Locator {
  return page.locator('article.card').filter({ has: page.locator('h4.case-name', { hasText: name }) });
}

/** Points the card says it shows (its note, "N points from ... to ...", "1 point on ..."); 0 when it says it has none. */
export async function shownPoints(page: Page, name: string): Promise<number> {
  const text = (await card(page, name).locator('.note').textContent()) ?? '';
  if (text.startsWith('No points')) return 0;
  const m = /^(\d+) points? (?:from|on) /.exec(text);
  if (!m) throw new Error(`card "${name}" has no point count in its note: ${JSON.stringify(text)}`);
  return Number(m[1]);
}

export async function cssColour(page: Page, variable: string): Promise<number[]> {
  return page.evaluate((v) => {
    const c = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    c.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(v).trim();
    c.fillRect(0, 0, 1, 1);
    return [...c.getImageData(0, 0, 1, 1).data];
  }, variable);
}

export function close(a: readonly number[], b: readonly number[], tolerance = 40): boolean {
  return a.slice(0, 3).every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance);
}

export interface ColourMatch {
  /** [r, g, b, a] as the canvas stores it (cssColour). */
  readonly colour: readonly number[];
  /** Largest difference per colour channel. */
  readonly tolerance?: number;
  /** Largest difference in alpha: a translucent bar and an opaque line share their colour. */
  readonly alpha?: number;
}

/** Per canvas column, how many of its pixels match, and the sum of their rows (for centres). */
export interface Columns {
  readonly counts: number[];
  readonly rows: number[];
  readonly height: number;
}

/** A chart is drawn once its card nears the window: the card is scrolled to, and its canvas waited for. */
export async function drawnCanvas(page: Page, name: string): Promise<Locator> {
  await card(page, name).scrollIntoViewIfNeeded();
  const canvas = card(page, name).locator('canvas');
  await canvas.waitFor();
  return canvas;
}

export async function columns(page: Page, name: string, match: ColourMatch): Promise<Columns> {
  return (await drawnCanvas(page, name))
    .evaluate(
      (c: HTMLCanvasElement, m) => {
        const d = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
        const counts = new Array<number>(c.width).fill(0);
        const rows = new Array<number>(c.width).fill(0);
        for (let y = 0; y < c.height; y++) {
          for (let x = 0; x < c.width; x++) {
            const i = (y * c.width + x) * 4;
            let ok = Math.abs((d[i + 3] as number) - (m.colour[3] as number)) <= m.alpha;
            for (let k = 0; k < 3 && ok; k++) ok = Math.abs((d[i + k] as number) - (m.colour[k] as number)) <= m.tolerance;
            if (ok) {
              counts[x] = (counts[x] as number) + 1;
              rows[x] = (rows[x] as number) + y;
            }
          }
        }
        return { counts, rows, height: c.height };
      },
      { colour: [...match.colour], tolerance: match.tolerance ?? 40, alpha: match.alpha ?? 255 },
    );
}

export interface Run {
  /** First and last canvas column. */
  readonly x0: number;
  readonly x1: number;
  /** Matching pixels in it. */
  readonly pixels: number;
  /** Centre of its matching pixels. */
  readonly x: number;
  readonly y: number;
}

/** Runs of neighbouring columns with at least `min` matching pixels each: one per bar, dot or marker line. */
export function runs(cols: Columns, min = 1): Run[] {
  const out: Run[] = [];
  let start = -1;
  const close = (end: number): void => {
    let pixels = 0;
    let xs = 0;
    let ys = 0;
    for (let x = start; x <= end; x++) {
      pixels += cols.counts[x] as number;
      xs += x * (cols.counts[x] as number);
      ys += cols.rows[x] as number;
    }
    out.push({ x0: start, x1: end, pixels, x: Math.round(xs / pixels), y: Math.round(ys / pixels) });
    start = -1;
  };
  cols.counts.forEach((n, x) => {
    if (n >= min && start < 0) start = x;
    else if (n < min && start >= 0) close(x - 1);
  });
  if (start >= 0) close(cols.counts.length - 1);
  return out;
}

/** The canvas's translucent error bars: a bar is a column of the bar colour at its alpha. */
export async function bars(page: Page, name: string): Promise<{ count: number; pixels: number }> {
  // Three pixels or more: the line's antialiased edges leave one or two of the bar's colour.
  const found = runs(await columns(page, name, { colour: await cssColour(page, '--bar'), alpha: 12 }), 3);
  return { count: found.length, pixels: found.reduce((t, r) => t + r.pixels, 0) };
}

/** Dots (alert fills and rings) of the alert colour. */
export async function alertDots(page: Page, name: string): Promise<Run[]> {
  return runs(await columns(page, name, { colour: await cssColour(page, '--alert'), alpha: 60 }));
}

/** Vertical marker lines of a colour: columns where the dashed line covers at least a third of the canvas. */
export async function markerLines(page: Page, name: string, variable: '--annotation' | '--change'): Promise<Run[]> {
  const cols = await columns(page, name, { colour: await cssColour(page, variable), tolerance: 30, alpha: 60 });
  return runs(cols, Math.floor(cols.height / 3));
}

/**
 * Columns between the line's first and last one that hold none of it: where the line breaks. A
 * marker line drawn across it hides it in one column; a break spans at least three.
 */
export async function lineBreaks(page: Page, name: string): Promise<Run[]> {
  const cols = await columns(page, name, { colour: await cssColour(page, '--line'), tolerance: 30, alpha: 60 });
  const holes: Columns = { ...cols, counts: cols.counts.map((n) => (n === 0 ? 1 : 0)) };
  const drawn = cols.counts.map((n, x) => (n > 0 ? x : -1)).filter((x) => x >= 0);
  const first = drawn[0] ?? 0;
  const last = drawn[drawn.length - 1] ?? 0;
  return runs(holes).filter((r) => r.x0 > first && r.x1 < last && r.x1 - r.x0 >= 2);
}

/** The tooltip's text with the cursor at a pixel of the card's canvas (its own coordinates). */
export async function hoverCanvas(page: Page, name: string, x: number, y: number): Promise<string> {
  const canvas = await drawnCanvas(page, name);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error(`card "${name}" has no canvas`);
  return hoverAt(page, name, box.x + x, box.y + y);
}

/** The commit (short sha) the tooltip names with the cursor at a point of the card's plot area, as a share of its width. */
export async function commitAt(page: Page, name: string, share: number): Promise<string> {
  await drawnCanvas(page, name);
  const plot = card(page, name).locator('.u-over');
  await plot.scrollIntoViewIfNeeded();
  const over = await plot.boundingBox();
  if (!over) throw new Error(`card "${name}" has no plot area`);
  const text = await hoverAt(page, name, over.x + Math.min(over.width - 1, Math.max(1, over.width * share)), over.y + over.height / 2);
  return text.slice(0, 7);
}

async function hoverAt(page: Page, name: string, x: number, y: number): Promise<string> {
  // Out of every chart first, so the tooltip read is this chart's, not one left over.
  await page.mouse.move(0, 0);
  await page.mouse.move(x, y);
  const tip = page.locator('#tooltip');
  if (await tip.isHidden()) throw new Error(`no tooltip over card "${name}" at ${x}, ${y}`);
  return (await tip.textContent()) ?? '';
}

/** A node of Chromium's accessibility tree, as a screen reader is told it. */
export interface ReadNode {
  readonly role: string;
  readonly name: string;
  readonly description: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** The nodes of the page's accessibility tree (Chromium's own, over CDP) whose name is `name`. */
export async function readNodes(page: Page, name: string): Promise<ReadNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    type Value = { value?: unknown };
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: Value; name?: Value; description?: Value; properties?: { name: string; value: Value }[] }[];
    };
    return nodes
      .filter((n) => !n.ignored && n.name?.value === name)
      .map((n) => ({
        role: String(n.role?.value ?? ''),
        name,
        description: String(n.description?.value ?? ''),
        properties: Object.fromEntries((n.properties ?? []).map((p) => [p.name, p.value.value])),
      }));
  } finally {
    await cdp.detach();
  }
}
