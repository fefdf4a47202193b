import { byId, el, isolated } from './elements.js';
import { OLDER_STEP_SEGMENTS } from './lib/load-plan.js';
import { parsePermalink, wellFormed } from './lib/permalink.js';
import { isCommitPrefix } from '../src/core/trend/types.js';
import { formatDate } from './lib/hover-text.js';
import { shapeKey } from './lib/trend-model.js';
import { announce } from './interaction.js';
import { applyFilter, drawForPrint, endPrint, redrawCard, refreshTables, resizeAll } from './layout.js';
import { cardKey, loadBackTo, manifestOf, type Card, type PageState } from './state.js';

/** The toolbar (filter, error bars, load older / all), the address's permalink, and resizing. */

function findCard(state: PageState, link: { case?: string; suite?: string }): Card | undefined {
  if (link.case === undefined) return undefined;
  for (const card of state.cards.values()) {
    if (wellFormed(card.info.case) === link.case && (link.suite === undefined || wellFormed(card.info.suite) === link.suite)) return card;
  }
  return undefined;
}

/**
 * The card the address points at, brought into view and outlined; undefined when none. A link to
 * a case the trend does not hold (renamed, removed, mistyped) says so: it opened the top of the
 * page with no word of why, as if the link had worked.
 */
export function showPermalinked(state: PageState): Card | undefined {
  for (const c of state.cards.values()) c.root.classList.remove('target');
  // A move still to be put in the address would put it over the one followed now.
  clearTimeout(state.shareTimer);
  const link = parsePermalink(window.location.hash);
  const card = findCard(state, link);
  const notices = byId('notice');
  for (const p of notices.querySelectorAll('.link-missing')) p.remove();
  for (const p of document.querySelectorAll('.commit-missing')) p.remove();
  // The commit of the link followed before is no longer marked; the new one is looked for (followCommit).
  const before = state.linked && state.cards.get(state.linked.key);
  state.linked = undefined;
  if (before) {
    // Left for an address naming no commit (Back from a regression's link): the zoom round it goes
    // too, or the chart stayed zoomed under an address that opens it whole.
    if (link.commit === undefined) state.groups.get(shapeKey(before.info.suite, before.info.shape))?.reset();
    redrawCard(state, before);
  }
  state.wanted = card && link.commit !== undefined ? { key: cardKey(card.info.suite, card.info.case), commit: link.commit } : undefined;
  if (!card && link.case !== undefined) {
    const of = link.suite === undefined ? [] : [' of suite ', isolated(link.suite)];
    notices.append(el('p', { className: 'link-missing' }, 'The address names the case ', isolated(link.case), ...of, ', which this trend does not hold (renamed or removed?); every case is shown.'));
  }
  if (card) {
    // A filter that hides the card would hide it from its own link: the filter gives way.
    if (card.root.hidden) {
      byId<HTMLInputElement>('filter').value = '';
      applyFilter(state);
    }
    card.root.hidden = false;
    card.root.classList.add('target');
    card.root.scrollIntoView({ block: 'start' });
    // The keyboard's place goes with the eye: a link followed with Enter (a listed regression, a
    // card's #) left the focus on the link, and the next Tab scrolled back to the top of the page.
    card.root.focus({ preventScroll: true });
  }
  return card;
}

/** Commits shown either side of a linked one: enough to see the step it made. */
const AROUND = 10;

/**
 * The commit the address names (`&commit=`), found on its card's chart: older history is loaded
 * back to it when it is not loaded yet (to its publish when an alert names it, else all of it, as
 * only then can the page say the trend does not hold it), then the chart is zoomed round it, the
 * commit marked and said. A maintainer following a comment's link landed on the case and had to
 * find the culprit commit themselves. Called once the page is ready and after each load.
 */
export function followCommit(state: PageState): void {
  const want = state.wanted;
  if (!want || state.loading) return;
  const card = state.cards.get(want.key);
  if (!card) return void (state.wanted = undefined);
  const commits = state.model.shapes.get(shapeKey(card.info.suite, card.info.shape))?.commits ?? [];
  const valid = isCommitPrefix(want.commit);
  const i = valid ? commits.findIndex((c) => c.commit.sha.startsWith(want.commit)) : -1;
  if (i < 0 && valid && state.from > 0) {
    const alert = manifestOf(state).alerts.find((a) => a.sha.startsWith(want.commit) && a.seq < state.from);
    if (alert) loadBackTo(state, alert.seq);
    else void state.loadOlder(state.from);
    return;
  }
  state.wanted = undefined;
  const row = commits[i];
  if (!row) {
    // As the line says, whatever zoom a link followed before or the keys made.
    card.chart?.group.reset();
    const why = valid ? ', which this chart does not hold' : ', which is not 7 or more hex digits of a commit';
    const line = el('p', { className: 'note commit-missing' }, 'The address names commit ', isolated(want.commit), `${why}; everything loaded is shown.`);
    card.note.after(line);
    // Said, as a commit found is: the line comes once older history is read, long after the card
    // took the focus, and a screen reader's user heard nothing of it.
    announce(state, `${card.info.case}: ${line.textContent ?? ''}`);
    return;
  }
  state.linked = { key: want.key, sha: row.commit.sha };
  redrawCard(state, card);
  const group = card.chart?.group;
  const n = commits.length;
  const width = 2 * AROUND + 1;
  if (group && n > width) {
    const lo = -(n - 1) - 0.5;
    const from = Math.max(lo, Math.min(0.5 - width, i - (n - 1) - AROUND - 0.5));
    group.zoom(from, from + width);
  } else group?.reset();
  card.root.scrollIntoView({ block: 'start' });
  announce(state, `${card.info.case}: commit ${row.commit.sha.slice(0, 7)} of ${formatDate(row.commit.timestamp)} marked, with the commits around it.`);
}

/** The permalinked card, without moving the page. */
export function permalinked(state: PageState): Card | undefined {
  return findCard(state, parsePermalink(window.location.hash));
}

export function wireControls(state: PageState): void {
  byId<HTMLInputElement>('filter').addEventListener('input', () => applyFilter(state));
  const bars = byId<HTMLSelectElement>('bars');
  bars.addEventListener('change', () => {
    state.mode = bars.value === 'extremes' ? 'extremes' : 'quartiles';
    for (const c of state.cards.values()) c.chart?.update();
    refreshTables(state);
  });
  byId('load-older').addEventListener('click', () => void state.loadOlder(OLDER_STEP_SEGMENTS));
  byId('load-all').addEventListener('click', () => void state.loadOlder(state.from));
  window.addEventListener('hashchange', () => {
    showPermalinked(state);
    followCommit(state);
  });
  // Following a link to the address the page is already at fires no hashchange: the click itself
  // goes to the card, so a listed regression or a card's # works every time (Enter clicks too).
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target instanceof Element ? e.target.closest('a') : null;
    if (a && a.hash !== '' && a.hash === window.location.hash && a.pathname === window.location.pathname) {
      showPermalinked(state);
      followCommit(state);
    }
  });
  // Content shown on hover is dismissed without moving the pointer (WCAG 1.4.13): the tooltip
  // covers the charts below it, and stays until the cursor moves again.
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') byId('tooltip').hidden = true;
  });
  window.addEventListener('beforeprint', () => drawForPrint(state));
  window.addEventListener('afterprint', () => endPrint(state));
  let pending: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(pending);
    pending = setTimeout(() => resizeAll(state), 100);
  });
}
