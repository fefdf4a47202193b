import type { ChartData } from './chart.js';
import { el, setText } from './elements.js';
import { alertText, firstLine, formatDate, range, shortSha } from './lib/hover-text.js';
import { commitUrl } from './lib/links.js';
import { formatValue } from '../src/core/magnitude.js';
import { manifestOf, type Card, type PageState } from './state.js';

/**
 * A card's points as a table (commit, date, median, spread, runs, alerts), newest first: what the
 * chart shows, for a reader who cannot see it or wants the numbers. One page of rows is in the
 * document at a time, so a case of 100,000 commits costs no more than one of 50.
 */

export const TABLE_ROWS = 50;

/** The table's toggle, its place in the card, and the page of rows shown (0 = newest). */
export interface CardTable {
  readonly toggle: HTMLButtonElement;
  readonly host: HTMLElement;
  page: number;
}

export function makeTable(info: { readonly case: string }, id: string): CardTable {
  const toggle = el('button', { className: 'small', attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': id, 'aria-label': `Show ${info.case} as a table` } }, 'Table');
  const host = el('div', { className: 'values', attrs: { id } });
  host.hidden = true;
  return { toggle, host, page: 0 };
}

/** Opens or closes the table; opened, it shows the newest rows. */
export function toggleTable(state: PageState, card: Card, data: ChartData | undefined): void {
  const t = card.table;
  const open = t.host.hidden !== false;
  t.host.hidden = !open;
  t.toggle.setAttribute('aria-expanded', String(open));
  t.toggle.classList.toggle('on', open);
  t.page = 0;
  if (open) renderTable(state, card, data);
  else t.host.replaceChildren();
}

/** Writes the open table's current page from `data` (what is loaded); a closed one stays empty. */
export function renderTable(state: PageState, card: Card, data: ChartData | undefined): void {
  const t = card.table;
  if (t.host.hidden) return;
  const shown: number[] = [];
  const points = data?.points ?? [];
  let total = 0;
  for (let i = points.length - 1; i >= 0; i--) if (points[i]) total++;
  const pages = Math.max(1, Math.ceil(total / TABLE_ROWS));
  t.page = Math.min(t.page, pages - 1);
  const skip = t.page * TABLE_ROWS;
  for (let i = points.length - 1, seen = 0; i >= 0 && shown.length < TABLE_ROWS; i--) {
    if (!points[i]) continue;
    if (seen++ >= skip) shown.push(i);
  }
  if (!data || total === 0) {
    t.host.replaceChildren(el('p', { className: 'note' }, 'No points among the loaded publishes.'));
    return;
  }
  const m = manifestOf(state);
  const alerts = m.alerts.filter((a) => a.suite === card.info.suite && a.case === card.info.case);
  const spread = state.mode === 'quartiles' ? 'q1–q3' : 'min–max';
  const first = skip + 1;
  const last = skip + shown.length;
  const body = el('tbody');
  for (const i of shown) {
    const p = points[i];
    const row = data.commits[i];
    if (!p || !row) continue;
    const url = commitUrl(row.commit, m.repository);
    const sha = shortSha(row.commit.sha);
    const commit = el('td', {}, url ? el('a', { attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' } }, sha) : sha, ' ', firstLine(row.commit.message));
    const [lo, hi] = state.mode === 'quartiles' ? [p.q1, p.q3] : [p.min, p.max];
    const said = alerts.filter((a) => a.sha === row.commit.sha).map(alertText);
    body.append(
      el(
        'tr',
        { className: said.length > 0 ? 'alerted' : '' },
        commit,
        el('td', {}, formatDate(row.commit.timestamp)),
        el('td', { className: 'num' }, formatValue(p.value, p.unit, 4)),
        el('td', { className: 'num' }, range(lo, hi, p.unit)),
        el('td', { className: 'num' }, `${p.runs}/${p.n}`),
        el('td', {}, said.join('; ')),
      ),
    );
  }
  const head = el('tr', {}, ...['Commit', 'Date', 'Median', spread, 'Runs', 'Alerts'].map((h) => el('th', { attrs: { scope: 'col' } }, h)));
  const caption = el('caption', {}, `${card.info.case}: points ${first} to ${last} of ${total}, newest first${state.from > 0 ? ' (older history not loaded)' : ''}`);
  const table = el('table', {}, caption, el('thead', {}, head), body);
  const nav = el('div', { className: 'pager' });
  const turn = (label: string, to: number, enabled: boolean): HTMLButtonElement => {
    const b = el('button', { className: 'small', attrs: { type: 'button', 'aria-label': `${label} points of ${card.info.case}` } }, label);
    b.disabled = !enabled;
    b.addEventListener('click', () => {
      t.page = to;
      renderTable(state, card, data);
      // The reader's place stays on the pager, not lost with the button it pressed: on the first or
      // last page that button is disabled, which takes no focus, so the other one takes it.
      const buttons = [...t.host.querySelectorAll<HTMLButtonElement>('.pager button')];
      const same = buttons.find((x) => x.getAttribute('aria-label') === b.getAttribute('aria-label'));
      (same && !same.disabled ? same : buttons.find((x) => !x.disabled))?.focus();
    });
    return b;
  };
  nav.append(turn('Newer', t.page - 1, t.page > 0), turn('Older', t.page + 1, t.page < pages - 1));
  const where = el('span', { className: 'note' });
  setText(where, `Page ${t.page + 1} of ${pages}`);
  nav.append(where);
  if (pages > 1) t.host.replaceChildren(table, nav);
  else t.host.replaceChildren(table);
}
