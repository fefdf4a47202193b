import { byId, el, isolated } from './elements.js';
import { OLDER_STEP_SEGMENTS } from './lib/load-plan.js';
import { parsePermalink, wellFormed } from './lib/permalink.js';
import { applyFilter, drawForPrint, endPrint, refreshTables, resizeAll } from './layout.js';
import type { Card, PageState } from './state.js';

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
  const link = parsePermalink(window.location.hash);
  const card = findCard(state, link);
  const notices = byId('notice');
  for (const p of notices.querySelectorAll('.link-missing')) p.remove();
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
  window.addEventListener('hashchange', () => void showPermalinked(state));
  // Following a link to the address the page is already at fires no hashchange: the click itself
  // goes to the card, so a listed regression or a card's # works every time (Enter clicks too).
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target instanceof Element ? e.target.closest('a') : null;
    if (a && a.hash !== '' && a.hash === window.location.hash && a.pathname === window.location.pathname) showPermalinked(state);
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
