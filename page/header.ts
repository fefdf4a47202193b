import { alertGroups, recentGroups } from '../src/core/regress/groups.js';
import { alertChangeWords, reasonBeside, withoutDetails } from '../src/core/regress/words.js';
import { TREND_SCHEMA_VERSION, type Manifest } from '../src/core/trend/types.js';
import { byId, el, isolated, setText } from './elements.js';
import { formatDate } from './lib/hover-text.js';
import { commitUrl, httpUrl } from './lib/links.js';
import { formatPermalink } from './lib/permalink.js';
import { manifestOf, type PageState } from './state.js';

/** The page's header: where the trend comes from, how fresh it is, its open regressions, and what is loaded. */

export function status(text: string): void {
  setText(byId('status'), text);
}

/**
 * Adds a line to the notices above the charts (damaged entries left out, a newer format), once:
 * a file read again says the same. Names set between U+2068 and U+2069 are shown isolated.
 */
export function notice(line: string): void {
  const host = byId('notice');
  if ([...host.children].some((p) => p.getAttribute('data-line') === line)) return;
  const p = el('p', { attrs: { 'data-line': line } });
  line.split(/[\u2068\u2069]/).forEach((part, i) => p.append(i % 2 === 1 ? isolated(part) : part));
  host.append(p);
}

export function permalinkOf(state: PageState, suite: string, name: string): { case: string; suite?: string } {
  return manifestOf(state).suites.length > 1 ? { case: name, suite } : { case: name };
}

export function renderHeader(state: PageState, m: Manifest): void {
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
    notice(`This trend was written in format version ${m.version}; this page reads version ${TREND_SCHEMA_VERSION} and may miss newer details.`);
  }
  // Regressions and the steps found the detector raised: each was commented on its commit.
  const alerts = m.alerts.filter((a) => (a.kind === 'regression' || a.raised) && a.status !== 'cleared');
  const list = byId('alerts');
  list.replaceChildren();
  if (alerts.length === 0) return;
  // One line per commit: the cases that moved there are one event, the most significant first.
  const groups = alertGroups(alerts, m.cases);
  list.append(el('h2', {}, `Regressions (${groups.length})`));
  // The commit as a link (to the forge, as the tooltip's click opens it), so the keyboard reaches it too.
  const commit = (sha: string): Node | string => {
    const url = commitUrl({ sha, message: '', author: '', timestamp: '' }, m.repository);
    return url ? el('a', { attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' } }, sha.slice(0, 7)) : sha.slice(0, 7);
  };
  // A group's words with its commit linked: they end "at <short sha>", or go on after it.
  const groupWords = (g: (typeof groups)[number]): (Node | string)[] => {
    const at = ` at ${g.sha.slice(0, 7)}`;
    const i = g.text.indexOf(at);
    return i < 0 ? [g.text] : [g.text.slice(0, i + 4), commit(g.sha), g.text.slice(i + at.length)];
  };
  // Within a group the commit is said once, in the group's own words.
  const line = (a: (typeof alerts)[number], inGroup = false) => {
    const info = m.cases.find((c) => c.suite === a.suite && c.case === a.case);
    // A case left out as damaged has no chart to go to: its name is listed, not linked.
    const link = info
      ? // At its commit: the chart opens zoomed round it, older history loaded back to it first (controls.ts, followCommit).
        el('a', { attrs: { href: formatPermalink({ ...permalinkOf(state, a.suite, a.case), commit: a.sha }) } }, isolated(a.case))
      : el('span', { className: 'no-chart', attrs: { title: 'No chart: this case was left out (see the notice above)' } }, isolated(a.case));
    const words = alertChangeWords(a, info?.direction ?? 'smaller');
    const pct = words !== undefined ? ` ${words}` : '';
    const at = inGroup ? [] : [' at ', commit(a.sha)];
    // A stored reason ends "(details: docs/alerts.md)", which the comments link to the action's
    // docs; the page has no address for them, and a path that leads nowhere is dropped.
    const reason = a.reason ? withoutDetails(a.reason).text : '';
    return [link, pct, ...at, ` (${a.status})`, reason ? `: ${words !== undefined ? reasonBeside(reason, words) : reason}` : ''];
  };
  // With several suites a case name may be in more than one: each line says whose it is, as the
  // sections below do, or three suites' "shape-a / stage-0 +30% worse" could not be told apart.
  const suite = (g: (typeof groups)[number]): (Node | string)[] => (m.suites.length > 1 ? [el('span', { className: 'suite-name' }, 'Suite ', isolated(g.suite)), ': '] : []);
  const item = (g: (typeof groups)[number]): HTMLElement | undefined => {
    const [head, ...rest] = g.alerts;
    if (!head) return undefined;
    if (rest.length === 0) return el('li', {}, ...suite(g), ...line(head));
    const folded = el('ul');
    for (const a of rest) folded.append(el('li', {}, ...line(a, true)));
    return el('li', {}, ...suite(g), ...groupWords(g), ': ', ...line(head, true), el('details', {}, el('summary', {}, `${rest.length} more`), folded));
  };
  const listOf = (some: readonly (typeof groups)[number][]): HTMLUListElement => el('ul', {}, ...some.map(item));
  // The newest events open, the older ones folded: newest first, so the latest is what one reads.
  const { recent, older } = recentGroups(groups);
  list.append(listOf(recent));
  if (older.length > 0) {
    list.append(el('details', { className: 'older-alerts' }, el('summary', {}, `${older.length} older regression${older.length === 1 ? '' : 's'}`), listOf(older)));
  }
}

/** What is loaded, in the status line; `failed` ("<path>: HTTP 503") when a file could not be read. */
export function renderStatus(state: PageState, failed?: string): void {
  const m = manifestOf(state);
  const loaded = m.segments - state.from;
  const older = byId<HTMLButtonElement>('load-older');
  const all = byId<HTMLButtonElement>('load-all');
  // Unavailable but still focusable: a disabled button drops the focus to the page's body, and the
  // reader who pressed "Load older" with Enter lost their place (and a screen reader its words)
  // while it loaded. A press while unavailable asks for nothing (loadOlder checks).
  const off = String(state.from === 0 || state.loading);
  older.setAttribute('aria-disabled', off);
  all.setAttribute('aria-disabled', off);
  if (failed !== undefined) {
    const shown = loaded > 0 ? ` Showing the newest ${loaded} of ${m.segments} publishes;` : '';
    status(`Could not read ${failed}.${shown} "Load older" or "Load all" asks for the rest again.`);
  } else if (m.segments === 0) status('Nothing has been published yet.');
  else if (state.from === 0) status(m.segments === 1 ? 'Showing the one publish.' : `Showing all ${m.segments} publishes.`);
  else status(`Showing the newest ${loaded} of ${m.segments} publishes. Older ones load on "Load older", "Load all", or a double click on a chart that is not zoomed.`);
}
