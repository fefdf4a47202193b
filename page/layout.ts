import type { CaseInfo } from '../src/core/trend/types.js';
import { CaseChart, CHART_KEYS, CHART_KEYS_SHOWN, ChartGroup, type ChartData } from './chart.js';
import { byId, el, isolated, setText } from './elements.js';
import { permalinkOf } from './header.js';
import { chartEvents, download, trackActive } from './interaction.js';
import { formatValue } from '../src/core/magnitude.js';
import { formatDate, utcTime } from './lib/hover-text.js';
import { commitIndex, placeAlerts, placeAnnotations, type VerticalMarker } from './lib/markers.js';
import { formatPermalink } from './lib/permalink.js';
import { shapeKey, type CaseGroup, type TrendModel } from './lib/trend-model.js';
import { cardKey, loadBackTo, manifestOf, type Card, type PageState } from './state.js';
import { makeTable, renderTable, toggleTable } from './table.js';
import { isPrinting, setPrinting } from './theme.js';

/**
 * The page's body: a section per suite and shape, a card per case, and drawing the cards from the
 * current model, those in view first and the others as they scroll into view.
 */

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Adds the sections and cards of cases not shown yet; existing ones stay where they are. */
export function ensureSections(state: PageState, groups: readonly CaseGroup[]): void {
  const main = byId('charts');
  const manySuites = new Set(groups.map((g) => g.suite)).size > 1 || (state.manifest?.suites.length ?? 0) > 1;
  for (const g of groups) {
    let suite = state.suiteSections.get(g.suite);
    if (!suite) {
      suite = el('section', { className: 'suite' }, manySuites || g.suite !== '' ? el('h2', {}, 'Suite ', isolated(g.suite)) : null);
      suite.dataset['suite'] = g.suite;
      state.suiteSections.set(g.suite, suite);
      main.append(suite);
    }
    const key = shapeKey(g.suite, g.shape);
    let shape = state.shapeSections.get(key);
    if (!shape) {
      shape = el('section', { className: 'shape' }, el('h3', {}, 'Shape ', isolated(g.shape)), el('div', { className: 'grid' }));
      shape.dataset['shape'] = g.shape;
      state.shapeSections.set(key, shape);
      suite.append(shape);
    }
    const grid = shape.querySelector('.grid') as HTMLElement;
    for (const c of g.cases) {
      const k = cardKey(c.suite, c.case);
      if (state.cards.has(k)) continue;
      // One case the page cannot show costs that case, never the page (issue #15).
      try {
        const card = makeCard(state, c);
        state.cards.set(k, card);
        state.byRoot.set(card.root, card);
        grid.append(card.root);
        state.observer?.observe(card.root);
      } catch (e) {
        grid.append(el('article', { className: 'card broken' }, el('h4', { className: 'case-name' }, c.case), el('p', { className: 'note' }, `Could not show this case: ${(e as Error).message}`)));
      }
    }
  }
}

function makeCard(state: PageState, info: CaseInfo): Card {
  // Named for the case: a screen reader's list of controls otherwise held hundreds of "CSV",
  // "JSON" and "#" with nothing to tell them apart.
  const csv = el('button', { className: 'small', attrs: { type: 'button', 'aria-label': `Download ${info.case} as CSV` } }, 'CSV');
  const json = el('button', { className: 'small', attrs: { type: 'button', 'aria-label': `Download ${info.case} as JSON` } }, 'JSON');
  const link = el('a', { className: 'permalink', attrs: { href: formatPermalink(permalinkOf(state, info.suite, info.case)), title: 'Link to this chart', 'aria-label': `Link to the chart of ${info.case}` } }, '#');
  const n = state.cards.size;
  const table = makeTable(info, `values-${n}`);
  // The chart's description: what it shows and the keys it answers (written on each draw). The
  // keys are also shown over the plot while the chart has the focus, for a sighted keyboard user,
  // in symbols short enough to cover little of a phone's chart; the description says them in words.
  const about = el('p', { attrs: { id: `chart-about-${n}` } });
  about.hidden = true;
  const keys = el('p', { className: 'keys', attrs: { 'aria-hidden': 'true' } }, CHART_KEYS_SHOWN);
  const plot = el('div', { className: 'plot' }, keys);
  const note = el('p', { className: 'note' });
  // The markers' full labels as text: the canvas shortens them, and a screen reader cannot read it.
  const markers = el('ul', { className: 'markers' });
  const root = el(
    'article',
    { className: 'card' },
    el(
      'header',
      {},
      el('h4', { className: 'case-name', attrs: { id: `case-${n}` } }, info.case),
      el('span', { className: 'meta' }, `${info.unit || 'no unit'} · ${info.direction} is better`),
      el('span', { className: 'actions' }, link, table.toggle, csv, json),
    ),
    plot,
    about,
    note,
    markers,
    table.host,
  );
  // Focused when a link brings it into view (controls.ts), and then named for its case.
  root.tabIndex = -1;
  root.setAttribute('aria-labelledby', `case-${n}`);
  root.dataset['case'] = info.case;
  root.dataset['suite'] = info.suite;
  const card: Card = { info, root, plot, about, note, markers, table };
  table.toggle.addEventListener('click', () => toggleTable(state, card, chartData(state, card, state.model)));
  csv.addEventListener('click', () => download(card, chartData(state, card, state.model), 'csv'));
  json.addEventListener('click', () => download(card, chartData(state, card, state.model), 'json'));
  return card;
}

function chartData(state: PageState, card: Card, model: TrendModel): ChartData | undefined {
  const { suite, shape, case: name } = card.info;
  const series = model.shapes.get(shapeKey(suite, shape));
  if (!series) return undefined;
  const points = series.cases.get(name);
  if (!points || !points.some((p) => p !== null)) return undefined;
  const m = manifestOf(state);
  const index = commitIndex(series.commits);
  const alerts = placeAlerts(m.alerts, suite, name, card.info.direction, index);
  const linked = state.linked?.key === cardKey(suite, name) ? series.commits.findIndex((c) => c.commit.sha === state.linked?.sha) : -1;
  const link: VerticalMarker[] = linked >= 0 ? [{ index: linked, label: 'Linked commit', kind: 'linked' }] : [];
  const markers = [...placeAnnotations(m.annotations, series.commits, state.from === 0), ...alerts.changePoints, ...link].sort((a, b) => a.index - b.index);
  return { commits: series.commits, points, markers, regressions: alerts.regressions };
}

function describe(state: PageState, card: Card, data: ChartData | undefined): void {
  renderTable(state, card, data);
  // "Load back to it" pressed from the keyboard goes with the note it was in: the focus went to the
  // page's body, and the next Tab started again from the top. The card takes it, named for its case.
  const focused = card.note.contains(document.activeElement);
  card.note.replaceChildren();
  if (focused) card.root.focus({ preventScroll: true });
  // Each with the commit it marks: a list of "+25% worse" and "+17% worse" did not say where.
  const where = (index: number): string => {
    const row = data?.commits[Math.ceil(index)];
    return row ? ` ${Number.isInteger(index) ? 'at' : 'before'} ${row.commit.sha.slice(0, 7)}, ${utcTime(row.commit.timestamp).slice(0, 10)}` : '';
  };
  card.markers.replaceChildren(...(data?.markers ?? []).map((m) => el('li', { className: m.kind }, el('span', { className: 'label' }, m.label), el('span', { className: 'where' }, where(m.index)))));
  if (!data) {
    const last = card.info.lastSeq;
    // Its last publish loaded and still nothing to draw: its points there were left out as
    // unreadable (the notices say which). "Among the loaded publishes" sent the reader to look
    // for them further back, with "Showing all" publishes above.
    if (last >= state.from) {
      card.note.append(`No points to draw: its points in the loaded publishes, the last in publish ${last + 1}, were left out as unreadable.`);
      return;
    }
    card.note.append(`No points among the loaded publishes; this case was last published in publish ${last + 1}. `);
    if (state.from > 0) {
      const button = el('button', { className: 'small', attrs: { type: 'button' } }, 'Load back to it');
      // A manifest that says it was published in a loaded publish still gets one more.
      button.addEventListener('click', () => loadBackTo(state, Math.min(last, state.from - 1)));
      card.note.append(button);
    }
    return;
  }
  const count = data.points.reduce((t, p) => t + (p ? 1 : 0), 0);
  // The case's own first and last points, not its shape's commits: a case benched once said
  // "1 point from" the shape's first day "to" its last.
  const day = (i: number): string => utcTime(data.commits[i]?.commit.timestamp ?? '').slice(0, 10);
  const first = day(data.points.findIndex((p) => p !== null));
  const last = day(data.points.findLastIndex((p) => p !== null));
  const when = count === 1 ? `1 point on ${first}` : `${count} points from ${first} to ${last}`;
  card.note.append(`${when}${state.from > 0 ? ' (older history not loaded)' : ''}.`);
}

function groupFor(state: PageState, card: Card): ChartGroup {
  const key = shapeKey(card.info.suite, card.info.shape);
  let g = state.groups.get(key);
  if (!g) {
    g = new ChartGroup(`benchtrend-${state.groups.size}`);
    state.groups.set(key, g);
  }
  return g;
}

/**
 * The width a new chart is drawn at. Every shown card's plot is as wide as any other (one grid
 * template, one page width), so it is read once and kept until resizeAll reads it again: read
 * after each chart added, it laid the whole page out again each time, and 3,000 cases took 100 s.
 */
function plotWidth(state: PageState, card: Card): number {
  if (state.plotWidth === undefined && !card.root.hidden) {
    const w = card.plot.clientWidth;
    if (w > 0) state.plotWidth = w;
  }
  return state.plotWidth ?? 480;
}

function drawCard(state: PageState, card: Card, data: ChartData | undefined): void {
  card.drawnFrom = card.describedFrom = state.model;
  try {
    describe(state, card, data);
    if (data && card.chart) card.chart.update(data);
    else if (data) {
      const chart = new CaseChart(card.plot, plotWidth(state, card), card.info.suite, card.info.case, card.info.unit, data, groupFor(state, card), chartEvents(state), card.about.id);
      card.chart = chart;
      trackActive(state, chart);
      // Kept while it had the focus far from the window (letGo): let go when the focus moves on.
      // Checked after the event, as a window losing the focus keeps its active element.
      chart.u.root.addEventListener('focusout', () =>
        setTimeout(() => {
          if (card.chart === chart && !isPrinting() && placeOf(card) === 'far') letGo(state, card);
        }, 0),
      );
    } else if (card.chart) {
      card.chart.destroy();
      delete card.chart;
    }
    setText(card.about, card.chart && data ? chartSummary(card, data) : '');
  } catch (e) {
    card.note.replaceChildren(`Could not draw this case: ${(e as Error).message}`);
  }
}

/** One card drawn again from the current model (the commit its link names is marked on it). */
export function redrawCard(state: PageState, card: Card): void {
  drawCard(state, card, chartData(state, card, state.model));
}

/**
 * What the chart shows, for a reader who cannot see it: "Chart of X" alone said nothing a screen
 * reader's user could not read in the heading above it.
 */
function chartSummary(card: Card, data: ChartData): string {
  const newest = data.points.findLastIndex((p) => !!p);
  const point = data.points[newest];
  const row = data.commits[newest];
  const last = point && row ? ` Newest median ${formatValue(point.value, point.unit, 4)} at ${row.commit.sha.slice(0, 7)}, ${formatDate(row.commit.timestamp)}.` : '';
  const alerts = data.regressions.filter((r) => r.alert.status !== 'cleared').length;
  return `${card.note.textContent ?? ''}${last}${alerts > 0 ? ` ${alerts} regression${alerts === 1 ? '' : 's'} marked.` : ''} ${CHART_KEYS}`;
}

/** How far beyond the window a card's chart is drawn ahead of being scrolled to. */
const AHEAD_PX = 200;

export function inViewport(card: Card): boolean {
  if (card.root.hidden) return false;
  const r = card.root.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
}

/** Where a card is: in the window, near it (its chart is drawn ahead), or further away. */
function placeOf(card: Card): 'in' | 'near' | 'far' {
  if (card.root.hidden) return 'far';
  const r = card.root.getBoundingClientRect();
  if (r.width === 0) return 'far';
  if (r.bottom > 0 && r.top < window.innerHeight) return 'in';
  // Without an observer nothing would draw it later: drawn now, as every card once was.
  if (typeof IntersectionObserver === 'undefined') return 'near';
  return r.bottom > -AHEAD_PX && r.top < window.innerHeight + AHEAD_PX ? 'near' : 'far';
}

/**
 * A chart whose card went far from the window is destroyed, its canvas with it, and drawn again
 * when the card comes back: a reader scrolling through 3,000 cards kept 3,000 canvases (6 GB of
 * renderer memory) and every scroll event went to each chart's listeners. The plot keeps its
 * height, so nothing on the page moves.
 */
function letGo(state: PageState, card: Card): void {
  const chart = card.chart;
  if (!chart) return;
  // A chart with the keyboard's focus stays: destroyed, it dropped the focus to the top of the
  // page, and the reader's next + or arrow did nothing. It is let go once the focus leaves it.
  if (chart.u.root.contains(document.activeElement)) return;
  if (state.active === chart) state.active = null;
  chart.destroy();
  delete card.chart;
  delete card.drawnFrom;
}

/** A card scrolled into view is drawn from what is loaded, whatever is still on its way. */
export function watchViewport(state: PageState): void {
  if (typeof IntersectionObserver === 'undefined') return;
  state.observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const card = state.byRoot.get(e.target);
        if (!card) continue;
        if (e.isIntersecting) {
          if (card.drawnFrom !== state.model) drawCard(state, card, chartData(state, card, state.model));
        } else if (card.chart && !isPrinting()) {
          // The print's layout is not the screen's: what was drawn for the paper stays until afterprint.
          letGo(state, card);
        }
      }
    },
    { rootMargin: `${AHEAD_PX}px 0px` },
  );
  for (const card of state.cards.values()) state.observer.observe(card.root);
}

/**
 * Draws or refreshes the cards (`only` those in view, or every one), the permalinked one first and
 * then those in view, yielding so the first chart paints early. Only the cards in or near the
 * window get a chart; the others are described (their notes say what is loaded) and get theirs
 * when they are scrolled near: a canvas for each of 3,000 cards took 3.3 GB of renderer memory.
 */
export async function drawAll(state: PageState, priority: Card | undefined, only?: (card: Card) => boolean): Promise<void> {
  let cards = [...state.cards.values()];
  if (only) cards = cards.filter(only);
  // Every card's place read before anything is drawn: one layout for all of them.
  const places = new Map(cards.map((c) => [c, placeOf(c)]));
  const drawn = (c: Card): boolean => c === priority || places.get(c) !== 'far';
  const rank = (c: Card): number => (c === priority ? 0 : places.get(c) === 'in' ? 1 : 2);
  cards.sort((a, b) => rank(a) - rank(b));
  const datas = new Map<Card, ChartData | undefined>();
  for (const c of cards) datas.set(c, chartData(state, c, state.model));
  if (!only) state.expected = state.drawnCount + cards.filter((c) => drawn(c) && !c.chart && datas.get(c)).length;
  let slice = performance.now();
  for (const card of cards) {
    // The viewport may have drawn it from this model while this loop yielded.
    if (card.drawnFrom === state.model) continue;
    if (drawn(card)) drawCard(state, card, datas.get(card));
    else if (card.describedFrom !== state.model) {
      card.describedFrom = state.model;
      describe(state, card, datas.get(card));
    }
    if (performance.now() - slice > 12) {
      await yieldToBrowser();
      slice = performance.now();
    }
  }
  applyFilter(state);
}

/** Charts drawn for one print at most: each is a canvas, and 3,000 of them took 2.5 GB. */
export const PRINT_CHARTS = 300;

/**
 * Before a print, every card shown (up to PRINT_CHARTS) gets its chart, in light colours: a card
 * gets its canvas only near the window, so the paper had empty frames below the first screen.
 */
export function drawForPrint(state: PageState): void {
  const recolour = setPrinting(true);
  let drawn = 0;
  let left = 0;
  for (const card of state.cards.values()) {
    if (card.root.hidden) continue;
    if (card.chart && card.drawnFrom === state.model) {
      drawn++;
      if (recolour) card.chart.u.redraw(false);
      continue;
    }
    const data = chartData(state, card, state.model);
    if (!data) continue;
    if (drawn >= PRINT_CHARTS) left++;
    else {
      drawCard(state, card, data);
      drawn++;
    }
  }
  if (left > 0) byId('notice').append(el('p', { className: 'print-only' }, `Printed: the first ${PRINT_CHARTS} charts shown; ${left} more are left out. Filter the cases to print others.`));
}

/** After the print: the reader's colours again, and the charts far from the window let go. */
export function endPrint(state: PageState): void {
  const recolour = setPrinting(false);
  for (const p of byId('notice').querySelectorAll('.print-only')) p.remove();
  for (const card of state.cards.values()) {
    if (card.chart && placeOf(card) === 'far') letGo(state, card);
    else if (recolour) card.chart?.u.redraw(false);
  }
}

/** The open tables written again (the error bar mode changed: their spread column with it). */
export function refreshTables(state: PageState): void {
  for (const card of state.cards.values()) if (!card.table.host.hidden) renderTable(state, card, chartData(state, card, state.model));
}

export function applyFilter(state: PageState): void {
  const q = byId<HTMLInputElement>('filter').value.trim().toLowerCase();
  let shown = 0;
  for (const card of state.cards.values()) {
    const visible = q === '' || card.info.case.toLowerCase().includes(q) || card.info.suite.toLowerCase().includes(q);
    card.root.hidden = !visible;
    if (visible) shown++;
  }
  for (const section of state.shapeSections.values()) section.hidden = !section.querySelector('.card:not([hidden])');
  for (const section of state.suiteSections.values()) section.hidden = !section.querySelector('.card:not([hidden])');
  setText(byId('filter-count'), q === '' ? '' : `${shown} of ${state.cards.size} cases`);
  resizeAll(state);
}

export function resizeAll(state: PageState): void {
  const shown = [...state.cards.values()].filter((c) => c.chart !== undefined && !c.root.hidden);
  // Every width read before any chart is resized: a read after a resize lays the page out again.
  const widths = shown.map((c) => c.plot.clientWidth);
  state.plotWidth = widths.find((w) => w > 0);
  shown.forEach((c, i) => c.chart?.resize(widths[i] as number));
}
