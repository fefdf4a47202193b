import type { CaseChart, ChartEvents } from './chart.js';
import { byId, el, setText } from './elements.js';
import { caseCsv, caseJson, exportFileName } from './lib/case-export.js';
import { formatDate, hoverText } from './lib/hover-text.js';
import { commitUrl } from './lib/links.js';
import { OLDER_STEP_SEGMENTS } from './lib/load-plan.js';
import { formatPermalink, parsePermalink } from './lib/permalink.js';
import { permalinkOf } from './header.js';
import type { ChartData } from './chart.js';
import { manifestOf, type Card, type PageState } from './state.js';

/**
 * What the reader does with one chart: hover (the tooltip), click (open the commit), double click
 * past the start (older history), and the CSV and JSON downloads. The performance marks
 * `benchtrend:first-chart` and `benchtrend:all-charts` are set as charts report drawing.
 */

/** How long the keys rest before a chart's new range is said to a screen reader. */
const LIVE_REST_MS = 250;

/**
 * Says `text` to a screen reader now, in place of what a key's rest was still to say: older
 * history that arrived within LIVE_REST_MS of the `-` that asked for it was otherwise said over
 * by the chart's range, and a polite region says only its last words.
 */
export function announce(state: PageState, text: string): void {
  clearTimeout(state.liveTimer);
  state.liveTimer = undefined;
  setText(byId('chart-live'), text);
}

export function chartEvents(state: PageState): ChartEvents {
  return {
    mode: () => state.mode,
    hover: (chart, idx) => {
      if (chart === state.active) showTooltip(state, chart, idx);
    },
    open: (chart, idx) => {
      const row = chart.commits[idx];
      const url = row ? commitUrl(row.commit, manifestOf(state).repository) : undefined;
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    },
    zoomOutPastStart: () => {
      if (state.from > 0) void state.loadOlder(OLDER_STEP_SEGMENTS);
    },
    // A screen reader's user zooming from the keyboard heard nothing of what the chart then showed.
    // Said once the keys rest: a held key steps every frame, and each step said would bury the
    // last; a step that changed nothing (the right edge reached) is not said again.
    keyed: (chart) => {
      clearTimeout(state.liveTimer);
      state.liveTimer = setTimeout(() => {
        const { first, last } = chart.shown();
        const n = chart.commits.length;
        const day = (i: number): string => formatDate(chart.commits[i]?.commit.timestamp ?? '');
        const what = first <= 0 && last >= n - 1 ? `all ${n} commits loaded` : `commits ${first + 1} to ${last + 1} of ${n} loaded`;
        const text = `${chart.caseName}: showing ${what}, ${day(first)} to ${day(last)}.`;
        const live = byId('chart-live');
        if (live.textContent !== text) setText(live, text);
      }, LIVE_REST_MS);
    },
    // Once the moves rest, as the live region: a browser takes only so many changes of the address
    // in a few seconds (Chromium 200 in 10 s, then ignores them; Safari throws), and a held key
    // steps every frame, so the address stopped following and named a commit the chart had left.
    moved: (chart) => {
      clearTimeout(state.shareTimer);
      state.shareTimer = setTimeout(() => shareView(state, chart), LIVE_REST_MS);
    },
    drawn: (chart) => {
      if (!state.firstDrawn) {
        state.firstDrawn = true;
        performance.mark('benchtrend:first-chart');
      }
      if (!state.drawnOnce.has(chart)) {
        state.drawnOnce.add(chart);
        state.drawnCount++;
        if (state.drawnCount === state.expected) performance.mark('benchtrend:all-charts');
      }
    },
  };
}

/**
 * The address names the chart and the commit in the middle of what it shows (none when it shows
 * everything loaded), so that the address copied shares the view: it named at most the case. Put
 * in place of the current entry, not pushed, or each key pressed was one more press of Back.
 */
function shareView(state: PageState, chart: CaseChart): void {
  const { first, last } = chart.shown();
  const middle = chart.group.range ? chart.commits[Math.round((first + last) / 2)] : undefined;
  const hash = formatPermalink({ ...permalinkOf(state, chart.suite, chart.caseName), ...(middle ? { commit: middle.commit.sha } : {}) });
  if (hash !== window.location.hash) history.replaceState(history.state, '', hash);
}

/**
 * Older history shows every chart whole (loadOlder lets go of each zoom): the commit the address
 * named for a zoom goes too, as shareView drops it, or the address copied reopened a zoom the
 * reader no longer saw. A commit still to be followed there (followCommit) stays.
 */
export function shareWhole(state: PageState): void {
  const link = parsePermalink(window.location.hash);
  if (state.wanted || link.case === undefined || link.commit === undefined) return;
  history.replaceState(history.state, '', formatPermalink({ case: link.case, ...(link.suite === undefined ? {} : { suite: link.suite }) }));
}

/** The tooltip follows the cursor only over the chart it is in. */
export function trackActive(state: PageState, chart: CaseChart): void {
  chart.u.over.addEventListener('mouseenter', () => (state.active = chart));
  chart.u.over.addEventListener('mouseleave', () => {
    if (state.active === chart) state.active = null;
    showTooltip(state, chart, null);
  });
}

function showTooltip(state: PageState, chart: CaseChart, idx: number | null): void {
  const tip = byId('tooltip');
  const row = idx === null ? undefined : chart.commits[idx];
  if (!row) {
    tip.hidden = true;
    return;
  }
  const m = manifestOf(state);
  const point = chart.points[idx as number] ?? null;
  tip.replaceChildren();
  if (point) {
    const alerts = m.alerts.filter((a) => a.suite === chart.suite && a.case === chart.caseName && a.sha === row.commit.sha);
    const t = hoverText(row, point, state.mode, alerts);
    tip.append(el('div', { className: 'tip-title' }, t.title));
    const dl = el('dl');
    for (const r of t.rows) dl.append(el('dt', {}, r.label), el('dd', {}, r.text));
    tip.append(dl);
  } else {
    tip.append(el('div', { className: 'tip-title' }, `${row.commit.sha.slice(0, 7)} ${row.commit.message.split(/\r?\n/)[0] ?? ''}`));
    tip.append(el('p', {}, 'This case was not measured at this commit.'));
  }
  if (commitUrl(row.commit, m.repository)) tip.append(el('p', { className: 'tip-hint' }, 'Click to open the commit.'));
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

/** Saves what the card shows (its loaded points) as a file. */
export function download(card: Card, data: ChartData | undefined, kind: 'csv' | 'json'): void {
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
