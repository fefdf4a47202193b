import { alertGroups } from '../src/core/regress/groups.js';
import { describeWorseChange } from '../src/core/regress/words.js';
import { TREND_SCHEMA_VERSION, ROLLUP_FANOUT, type CaseInfo, type Manifest, type Segment } from '../src/core/trend/types.js';
import { CaseChart, ChartGroup, type ChartData } from './chart.js';
import { el, byId, setText } from './elements.js';
import { caseCsv, caseJson, exportFileName } from './lib/case-export.js';
import { formatDate, hoverText, type BarMode } from './lib/hover-text.js';
import { commitUrl, httpUrl } from './lib/links.js';
import { FIRST_VIEW_SEGMENTS, FIRST_WINDOW_SEGMENTS, OLDER_STEP_SEGMENTS, planBefore, planWindow } from './lib/load-plan.js';
import { commitIndex, placeAlerts, placeAnnotations } from './lib/markers.js';
import { formatPermalink, parsePermalink, wellFormed } from './lib/permalink.js';
import { buildModel, groupCases, shapeKey, type CaseGroup, type TrendModel } from './lib/trend-model.js';
import { readChunks, readManifest } from './loader.js';
import { initTheme } from './theme.js';

/**
 * The chart page: reads manifest.json, then the newest few files only (a first window of
 * FIRST_WINDOW_SEGMENTS publishes) and draws the charts in view from them, then reads the rest of
 * the first view and fills in every chart, and walks back through the log when asked. A chart
 * scrolled into view before its turn is drawn at once (IntersectionObserver) from what is loaded.
 * Marks `benchtrend:first-chart` and `benchtrend:all-charts` on the performance timeline
 * (bench/page.mjs reads them) and sets `data-state` on <html> for readers that wait for it:
 * loading (until the whole first view is drawn), ready, error.
 */

interface Card {
  readonly info: CaseInfo;
  readonly root: HTMLElement;
  readonly plot: HTMLElement;
  readonly note: HTMLElement;
  chart?: CaseChart;
  /** The model this card was last drawn from: a card in view is redrawn when it is not the current one. */
  drawnFrom?: TrendModel;
}

const state = {
  manifest: undefined as Manifest | undefined,
  segments: [] as Segment[],
  /** Oldest loaded seq: everything in [from, manifest.segments) is loaded. */
  from: 0,
  model: buildModel([]),
  mode: 'quartiles' as BarMode,
  cards: new Map<string, Card>(),
  groups: new Map<string, ChartGroup>(),
  shapeSections: new Map<string, HTMLElement>(),
  suiteSections: new Map<string, HTMLElement>(),
  loading: false,
  active: null as CaseChart | null,
  firstDrawn: false,
  drawnOnce: new Set<CaseChart>(),
  expected: 0,
  byRoot: new Map<Element, Card>(),
  observer: undefined as IntersectionObserver | undefined,
};

const root = document.documentElement;

function cardKey(suite: string, name: string): string {
  return `${suite}\u0000${name}`;
}

function setState(s: 'loading' | 'ready' | 'error'): void {
  root.dataset['state'] = s;
}

function status(text: string): void {
  setText(byId('status'), text);
}

function manifest(): Manifest {
  if (!state.manifest) throw new Error('manifest not loaded');
  return state.manifest;
}

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// ---- header ---------------------------------------------------------------------------------

function renderHeader(m: Manifest): void {
  const repo = httpUrl(m.repository);
  const repoHost = byId('repository');
  repoHost.replaceChildren();
  if (repo) repoHost.append('Repository: ', el('a', { attrs: { href: repo, rel: 'noopener noreferrer' } }, repo));
  else if (m.repository) repoHost.append(`Repository: ${m.repository}`);
  const suites = m.suites.length;
  setText(
    byId('updated'),
    `Last updated ${formatDate(m.updated)}. ${m.cases.length} case${m.cases.length === 1 ? '' : 's'}` +
      `${suites > 1 ? ` in ${suites} suites` : ''}, ${m.segments} publish${m.segments === 1 ? '' : 'es'}.`,
  );
  if (m.version > TREND_SCHEMA_VERSION) {
    setText(byId('notice'), `This trend was written in format version ${m.version}; this page reads version ${TREND_SCHEMA_VERSION} and may miss newer details.`);
  }
  const alerts = m.alerts.filter((a) => a.kind === 'regression' && a.status !== 'cleared');
  const list = byId('alerts');
  list.replaceChildren();
  if (alerts.length > 0) {
    // One line per commit: the cases that moved there are one event, the most significant first.
    const groups = alertGroups(alerts, m.cases);
    list.append(el('h2', {}, `Regressions (${groups.length})`));
    const ul = el('ul');
    const line = (a: (typeof alerts)[number]) => {
      const link = el('a', { attrs: { href: formatPermalink(permalinkOf(a.suite, a.case)) } }, a.case);
      const info = m.cases.find((c) => c.suite === a.suite && c.case === a.case);
      const pct = a.change !== undefined ? ` ${describeWorseChange(a.change, info?.direction ?? 'smaller')}` : '';
      return [link, `${pct} at ${a.sha.slice(0, 7)} (${a.status})`, a.reason ? `: ${a.reason}` : ''] as const;
    };
    for (const g of groups) {
      const [head, ...rest] = g.alerts;
      if (!head) continue;
      if (rest.length === 0) {
        ul.append(el('li', {}, ...line(head)));
        continue;
      }
      const folded = el('ul');
      for (const a of rest) folded.append(el('li', {}, ...line(a)));
      ul.append(el('li', {}, `${g.text}: `, ...line(head), el('details', {}, el('summary', {}, `${rest.length} more`), folded)));
    }
    list.append(ul);
  }
}

function permalinkOf(suite: string, name: string): { case: string; suite?: string } {
  return manifest().suites.length > 1 ? { case: name, suite } : { case: name };
}

function renderStatus(): void {
  const m = manifest();
  const loaded = m.segments - state.from;
  const older = byId<HTMLButtonElement>('load-older');
  const all = byId<HTMLButtonElement>('load-all');
  older.disabled = all.disabled = state.from === 0 || state.loading;
  if (m.segments === 0) status('Nothing has been published yet.');
  else if (state.from === 0) status(`Showing all ${m.segments} publishes.`);
  else status(`Showing the newest ${loaded} of ${m.segments} publishes. Older ones load on "Load older", "Load all", or a double click on a chart that is not zoomed.`);
}

// ---- cards ----------------------------------------------------------------------------------

function ensureSections(groups: readonly CaseGroup[]): void {
  const main = byId('charts');
  const manySuites = new Set(groups.map((g) => g.suite)).size > 1 || (state.manifest?.suites.length ?? 0) > 1;
  for (const g of groups) {
    let suite = state.suiteSections.get(g.suite);
    if (!suite) {
      suite = el('section', { className: 'suite' }, manySuites || g.suite !== '' ? el('h2', {}, `Suite ${g.suite}`) : null);
      suite.dataset['suite'] = g.suite;
      state.suiteSections.set(g.suite, suite);
      main.append(suite);
    }
    const key = shapeKey(g.suite, g.shape);
    let shape = state.shapeSections.get(key);
    if (!shape) {
      shape = el('section', { className: 'shape' }, el('h3', {}, `Shape ${g.shape}`), el('div', { className: 'grid' }));
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
        const card = makeCard(c);
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

function makeCard(info: CaseInfo): Card {
  const csv = el('button', { className: 'small', attrs: { type: 'button' } }, 'CSV');
  const json = el('button', { className: 'small', attrs: { type: 'button' } }, 'JSON');
  const link = el('a', { className: 'permalink', attrs: { href: formatPermalink(permalinkOf(info.suite, info.case)), title: 'Link to this chart' } }, '#');
  const plot = el('div', { className: 'plot' });
  const note = el('p', { className: 'note' });
  const root = el(
    'article',
    { className: 'card' },
    el(
      'header',
      {},
      el('h4', { className: 'case-name' }, info.case),
      el('span', { className: 'meta' }, `${info.unit || 'no unit'} · ${info.direction} is better`),
      el('span', { className: 'actions' }, link, csv, json),
    ),
    plot,
    note,
  );
  root.dataset['case'] = info.case;
  root.dataset['suite'] = info.suite;
  const card: Card = { info, root, plot, note };
  csv.addEventListener('click', () => download(card, 'csv'));
  json.addEventListener('click', () => download(card, 'json'));
  return card;
}

function chartData(card: Card, model: TrendModel): ChartData | undefined {
  const { suite, shape, case: name } = card.info;
  const series = model.shapes.get(shapeKey(suite, shape));
  if (!series) return undefined;
  const points = series.cases.get(name);
  if (!points || !points.some((p) => p !== null)) return undefined;
  const m = manifest();
  const index = commitIndex(series.commits);
  const alerts = placeAlerts(m.alerts, suite, name, index);
  const markers = [...placeAnnotations(m.annotations, series.commits, state.from === 0), ...alerts.changePoints].sort((a, b) => a.index - b.index);
  return { commits: series.commits, points, markers, regressions: alerts.regressions };
}

function describe(card: Card, data: ChartData | undefined): void {
  card.note.replaceChildren();
  if (!data) {
    const last = card.info.lastSeq;
    card.note.append(`No points among the loaded publishes; this case was last published in publish ${last + 1}. `);
    if (state.from > 0) {
      const button = el('button', { className: 'small', attrs: { type: 'button' } }, 'Load back to it');
      button.addEventListener('click', () => void loadOlder(Math.max(1, state.from - last)));
      card.note.append(button);
    }
    card.root.dataset['points'] = '0';
    return;
  }
  const count = data.points.reduce((t, p) => t + (p ? 1 : 0), 0);
  const first = data.commits[0]?.commit.timestamp ?? '';
  const last = data.commits[data.commits.length - 1]?.commit.timestamp ?? '';
  card.note.append(`${count} point${count === 1 ? '' : 's'} from ${first.slice(0, 10)} to ${last.slice(0, 10)}${state.from > 0 ? ' (older history not loaded)' : ''}.`);
  card.root.dataset['points'] = String(count);
}

function groupFor(card: Card): ChartGroup {
  const key = shapeKey(card.info.suite, card.info.shape);
  let g = state.groups.get(key);
  if (!g) {
    g = new ChartGroup(`benchtrend-${state.groups.size}`);
    state.groups.set(key, g);
  }
  return g;
}

const events = {
  mode: (): BarMode => state.mode,
  hover: (chart: CaseChart, idx: number | null): void => {
    if (chart !== state.active) return;
    showTooltip(chart, idx);
  },
  open: (chart: CaseChart, idx: number): void => {
    const row = chart.commits[idx];
    const url = row ? commitUrl(row.commit, manifest().repository) : undefined;
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  },
  zoomOutPastStart: (): void => {
    if (state.from > 0) void loadOlder(OLDER_STEP_SEGMENTS);
  },
  drawn: (chart: CaseChart): void => {
    const card = state.cards.get(cardKey(chart.suite, chart.caseName));
    if (card) {
      card.root.dataset['bars'] = String(chart.facts.bars);
      card.root.dataset['alerts'] = String(chart.facts.alerts);
      card.root.dataset['markers'] = String(chart.facts.markers);
      card.root.dataset['markerLabels'] = JSON.stringify(chart.facts.markerLabels);
      if (chart.facts.alertAt) card.root.dataset['alertAt'] = chart.facts.alertAt.join(',');
      if (chart.facts.barAt) card.root.dataset['barAt'] = chart.facts.barAt.join(',');
      if (chart.facts.gapAt !== undefined) card.root.dataset['gapAt'] = String(chart.facts.gapAt);
      card.root.dataset['range'] = chart.facts.range.join(',');
      card.root.dataset['barSpan'] = String(chart.facts.barSpan);
    }
    if (!state.firstDrawn) {
      state.firstDrawn = true;
      performance.mark('benchtrend:first-chart');
    }
    if (!state.drawnOnce.has(chart)) {
      state.drawnOnce.add(chart);
      if (state.drawnOnce.size === state.expected) performance.mark('benchtrend:all-charts');
    }
  },
};

function createChart(card: Card, data: ChartData): void {
  const width = card.plot.clientWidth || 480;
  const chart = new CaseChart(card.plot, width, card.info.suite, card.info.case, card.info.unit, data, groupFor(card), events);
  chart.u.over.addEventListener('mouseenter', () => (state.active = chart));
  chart.u.over.addEventListener('mouseleave', () => {
    if (state.active === chart) state.active = null;
    showTooltip(chart, null);
  });
  card.chart = chart;
}

function drawCard(card: Card, data: ChartData | undefined): void {
  card.drawnFrom = state.model;
  try {
    describe(card, data);
    if (data && card.chart) card.chart.update(data);
    else if (data) createChart(card, data);
    else if (card.chart) {
      card.chart.destroy();
      delete card.chart;
    }
  } catch (e) {
    card.note.replaceChildren(`Could not draw this case: ${(e as Error).message}`);
  }
}

function inViewport(card: Card): boolean {
  if (card.root.hidden) return false;
  const r = card.root.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
}

/** A card scrolled into view is drawn from what is loaded, whatever is still on its way. */
function watchViewport(): void {
  if (typeof IntersectionObserver === 'undefined') return;
  state.observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const card = state.byRoot.get(e.target);
        if (e.isIntersecting && card && card.drawnFrom !== state.model) drawCard(card, chartData(card, state.model));
      }
    },
    { rootMargin: '200px 0px' },
  );
  for (const card of state.cards.values()) state.observer.observe(card.root);
}

/**
 * Draws or refreshes the cards (`only` those in view, or every one), the permalinked one first and
 * then those in view, yielding so the first chart paints early.
 */
async function drawAll(priority: Card | undefined, only?: (card: Card) => boolean): Promise<void> {
  let cards = [...state.cards.values()];
  if (only) cards = cards.filter(only);
  const rank = (c: Card): number => (c === priority ? 0 : inViewport(c) ? 1 : 2);
  const ranks = new Map(cards.map((c) => [c, rank(c)]));
  cards.sort((a, b) => (ranks.get(a) as number) - (ranks.get(b) as number));
  const datas = new Map<Card, ChartData | undefined>();
  for (const c of cards) datas.set(c, chartData(c, state.model));
  if (!only) state.expected = state.drawnOnce.size + cards.filter((c) => !c.chart && datas.get(c)).length;
  let slice = performance.now();
  for (const card of cards) {
    // The viewport may have drawn it from this model while this loop yielded.
    if (card.drawnFrom !== state.model) drawCard(card, datas.get(card));
    if (performance.now() - slice > 12) {
      await yieldToBrowser();
      slice = performance.now();
    }
  }
  applyFilter();
}

// ---- hover and downloads --------------------------------------------------------------------

function showTooltip(chart: CaseChart, idx: number | null): void {
  const tip = byId('tooltip');
  const row = idx === null ? undefined : chart.commits[idx];
  if (!row) {
    tip.hidden = true;
    return;
  }
  const point = chart.points[idx as number] ?? null;
  tip.replaceChildren();
  if (point) {
    const alerts = manifest().alerts.filter((a) => a.suite === chart.suite && a.case === chart.caseName && a.sha === row.commit.sha);
    const t = hoverText(row, point, state.mode, alerts);
    tip.append(el('div', { className: 'tip-title' }, t.title));
    const dl = el('dl');
    for (const r of t.rows) dl.append(el('dt', {}, r.label), el('dd', {}, r.text));
    tip.append(dl);
  } else {
    tip.append(el('div', { className: 'tip-title' }, `${row.commit.sha.slice(0, 7)} ${row.commit.message.split(/\r?\n/)[0] ?? ''}`));
    tip.append(el('p', {}, 'This case was not measured at this commit.'));
  }
  if (commitUrl(row.commit, manifest().repository)) tip.append(el('p', { className: 'tip-hint' }, 'Click to open the commit.'));
  tip.hidden = false;
  // The cursor's place in the plot, not the last mousemove: uPlot calls this before the event
  // reaches the document.
  const over = chart.u.over.getBoundingClientRect();
  const x = over.left + (chart.u.cursor.left ?? 0);
  const y = over.top + (chart.u.cursor.top ?? 0);
  const r = tip.getBoundingClientRect();
  const left = x + 16 + r.width > window.innerWidth ? Math.max(4, x - 16 - r.width) : x + 16;
  const top = y + 16 + r.height > window.innerHeight ? Math.max(4, y - 16 - r.height) : y + 16;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

function download(card: Card, kind: 'csv' | 'json'): void {
  const data = chartData(card, state.model);
  const input = {
    suite: card.info.suite,
    case: card.info.case,
    unit: card.info.unit,
    direction: card.info.direction,
    commits: data?.commits ?? [],
    points: data?.points ?? [],
  };
  const text = kind === 'csv' ? caseCsv(input) : caseJson(input);
  const blob = new Blob([text], { type: kind === 'csv' ? 'text/csv' : 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = el('a', { attrs: { href: url, download: exportFileName(card.info.suite, card.info.case, kind) } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- controls -------------------------------------------------------------------------------

function applyFilter(): void {
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
  resizeAll();
}

function resizeAll(): void {
  for (const card of state.cards.values()) {
    if (card.chart && !card.root.hidden) card.chart.resize(card.plot.clientWidth);
  }
}

function findCard(link: { case?: string; suite?: string }): Card | undefined {
  if (link.case === undefined) return undefined;
  for (const card of state.cards.values()) {
    if (wellFormed(card.info.case) === link.case && (link.suite === undefined || wellFormed(card.info.suite) === link.suite)) return card;
  }
  return undefined;
}

function showPermalinked(): Card | undefined {
  for (const c of state.cards.values()) c.root.classList.remove('target');
  const card = findCard(parsePermalink(window.location.hash));
  if (card) {
    card.root.hidden = false;
    card.root.classList.add('target');
    card.root.scrollIntoView({ block: 'start' });
  }
  return card;
}

async function loadOlder(want: number): Promise<void> {
  const m = manifest();
  if (state.loading || state.from === 0) return;
  state.loading = true;
  setState('loading');
  renderStatus();
  status('Loading older history…');
  try {
    const chunks = planBefore(state.from, want, m.segments, m.fanout === ROLLUP_FANOUT ? 2 : 0, m.version);
    const segments = await readChunks(chunks, m);
    state.segments.push(...segments);
    state.from = Math.min(state.from, ...chunks.map((c) => c.from));
    state.model = buildModel(state.segments);
    for (const g of state.groups.values()) g.range = null;
    ensureSections(groupCases(m.suites, m.cases, state.model));
    await drawAll(undefined);
    state.loading = false;
    renderStatus();
    setState('ready');
  } catch (e) {
    state.loading = false;
    renderStatus();
    status(`Could not read older history: ${(e as Error).message}`);
    setState('error');
  }
}

function wireControls(): void {
  byId<HTMLInputElement>('filter').addEventListener('input', applyFilter);
  const bars = byId<HTMLSelectElement>('bars');
  bars.addEventListener('change', () => {
    state.mode = bars.value === 'extremes' ? 'extremes' : 'quartiles';
    for (const c of state.cards.values()) c.chart?.update();
  });
  byId('load-older').addEventListener('click', () => void loadOlder(OLDER_STEP_SEGMENTS));
  byId('load-all').addEventListener('click', () => void loadOlder(state.from));
  window.addEventListener('hashchange', () => void showPermalinked());
  let pending: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(pending);
    pending = setTimeout(resizeAll, 100);
  });
}

async function boot(): Promise<void> {
  performance.mark('benchtrend:start');
  // Asked for first: every later step waits on it.
  const manifestRead = readManifest();
  setState('loading');
  initTheme(byId<HTMLButtonElement>('theme'), () => {
    for (const c of state.cards.values()) c.chart?.u.redraw(false);
  });
  wireControls();
  try {
    const m = await manifestRead;
    performance.mark('benchtrend:manifest');
    state.manifest = m;
    renderHeader(m);
    // A fan-out this page does not know means rollup paths it cannot compute: read segments only.
    const known = m.fanout === ROLLUP_FANOUT;
    const first = known ? planWindow(m.segments, FIRST_WINDOW_SEGMENTS, m.version) : planBefore(m.segments, FIRST_WINDOW_SEGMENTS, m.segments, 0, m.version);
    state.loading = true;
    state.segments = await readChunks(first, m);
    performance.mark('benchtrend:data');
    state.from = first.length ? Math.min(...first.map((c) => c.from)) : 0;
    state.model = buildModel(state.segments);
    performance.mark('benchtrend:model');
    ensureSections(groupCases(m.suites, m.cases, state.model));
    performance.mark('benchtrend:cards');
    renderStatus();
    let target = findCard(parsePermalink(window.location.hash));
    if (target) showPermalinked();
    // The charts in view first, from the first window; the others when they scroll into view.
    await drawAll(target, inViewport);
    watchViewport();

    // The rest of the first view, asked for only once the first charts are drawn.
    const loaded = m.segments - state.from;
    const rest = state.from > 0 && loaded < FIRST_VIEW_SEGMENTS ? planBefore(state.from, FIRST_VIEW_SEGMENTS - loaded, m.segments, known ? 1 : 0, m.version) : [];
    if (rest.length > 0) {
      state.segments.push(...(await readChunks(rest, m)));
      state.from = Math.min(state.from, ...rest.map((c) => c.from));
      state.model = buildModel(state.segments);
      ensureSections(groupCases(m.suites, m.cases, state.model));
    }
    performance.mark('benchtrend:first-view');
    state.loading = false;
    renderStatus();
    target = findCard(parsePermalink(window.location.hash));
    await drawAll(target);
    if (state.drawnOnce.size >= state.expected && performance.getEntriesByName('benchtrend:all-charts').length === 0) performance.mark('benchtrend:all-charts');
    setState('ready');
  } catch (e) {
    status(`Could not read the trend: ${(e as Error).message}`);
    setState('error');
  }
}

void boot();
