import type { StoredAlert, StoredPoint } from '../../src/core/trend/types.js';
import { formatValue } from '../../src/core/magnitude.js';
import { withoutDetails } from '../../src/core/regress/words.js';
import type { CommitRow } from './trend-model.js';

/** What the hover box says about one point, as label/text rows the page writes as text nodes. */

export type BarMode = 'quartiles' | 'extremes';

export interface HoverRow {
  readonly label: string;
  readonly text: string;
}

export interface HoverText {
  /** `<short sha> <first line of the message>` */
  readonly title: string;
  readonly rows: readonly HoverRow[];
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

export function firstLine(message: string): string {
  const nl = message.search(/\r?\n/);
  return (nl < 0 ? message : message.slice(0, nl)).trim();
}

/**
 * A time as `YYYY-MM-DDTHH:MM` in UTC. Commit times keep their author's offset (git's `%aI`,
 * "2024-03-01T20:30:00-08:00"): cut as they were stored, the axis and the card's dates said the
 * author's day while the tooltip said the UTC one, a day apart for the same commit.
 * A time that does not parse is given back as it is.
 */
export function utcTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().slice(0, 16);
}

/** UTC, to the minute: the same text for every reader, whatever their time zone. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${utcTime(iso).replace('T', ' ')} UTC`;
}

/** An alert in words, as the tooltip and the table of values say it. */
export function alertText(a: StoredAlert): string {
  const what = a.kind === 'regression' ? `regression (${a.status})` : a.raised ? `step found (${a.status})` : `change point (${a.status})`;
  // The stored reason's closing "(details: docs/alerts.md)" is a path that leads nowhere here.
  const reason = a.reason ? withoutDetails(a.reason).text : '';
  return reason ? `${what}: ${reason}` : what;
}

/**
 * A point's spread, low to high, each end in its own best unit, to as many digits as the median
 * beside it: at three, one run's 145.7 ns was said to lie below its own q1–q3 of "146 – 146".
 */
export function range(lo: number, hi: number, unit: string): string {
  return `${formatValue(lo, unit, 4)} – ${formatValue(hi, unit, 4)}`;
}

export function hoverText(row: CommitRow, point: StoredPoint, mode: BarMode, alerts: readonly StoredAlert[]): HoverText {
  const rows: HoverRow[] = [
    { label: 'author', text: row.commit.author },
    { label: 'date', text: formatDate(row.commit.timestamp) },
    { label: 'median', text: `${formatValue(point.value, point.unit, 4)} (${point.direction} is better)` },
  ];
  const quart = { label: 'q1–q3', text: range(point.q1, point.q3, point.unit) };
  const ext = { label: 'min–max', text: range(point.min, point.max, point.unit) };
  rows.push(...(mode === 'quartiles' ? [quart, ext] : [ext, quart]));
  if (point.range !== undefined) rows.push({ label: 'range', text: point.range });
  rows.push({ label: 'runs', text: `${point.runs}/${point.n}${point.failed ? `, ${point.failed} failed` : ''}` });
  if (point.extra) rows.push({ label: 'extra', text: point.extra });
  if (point.summaryOnly) rows.push({ label: 'spread', text: "the tool's summary; no per-run values" });
  if (row.imported) rows.push({ label: 'source', text: 'imported from github-action-benchmark' });
  for (const a of alerts) rows.push({ label: 'alert', text: alertText(a) });
  return { title: `${shortSha(row.commit.sha)} ${firstLine(row.commit.message)}`, rows };
}
