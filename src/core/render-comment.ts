/**
 * The commit comment and the pull-request comment, as markdown. Pure: the rows, links and time
 * come in as values. Each comment carries a hidden marker so the next run finds it and edits it
 * in place, and the rows it shows as data, so a later run that confirms or clears an alert can
 * rewrite the comment without losing what the first run measured.
 *
 * Every name and message is text, never markup: a case named `@team *fast*` renders as those
 * characters and mentions nobody.
 */
import { valueWithBand } from './format-number.js';
import { escapeMarkdown } from './markdown.js';
import { isolate } from './text.js';
import { describeWorseChange, reasonBeside } from './regress/words.js';
import type { Direction } from './model.js';
import { attributionLines } from './regress/attribute-verdicts.js';
import { changeRange, groupText } from './regress/groups.js';
import { signedPercent } from './regress/words.js';
import { withoutDetails, type CaseVerdict } from './regress/detect.js';
import { fnv1a64 } from './trend/case-digest.js';
import { isCommitPrefix, type AlertStatus, type StoredAlert } from './trend/types.js';

/** One regressed case as a comment shows it. */
export interface CommentRow {
  readonly case: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly kind: 'regression' | 'change-point';
  readonly status: AlertStatus;
  /** Baseline median, and its first to third quartile when known. */
  readonly baseline: number;
  readonly band?: readonly [number, number];
  /** The new median, and its error bar (first to third quartile) when known. */
  readonly value: number;
  readonly errorBar?: readonly [number, number];
  /** Relative change, positive when worse; undefined for a step from zero (no finite ratio). */
  readonly change?: number;
  /** Why it is believed. */
  readonly why: string;
}

export interface CommitCommentData {
  readonly suite: string;
  /** The commit the comment is on. */
  readonly sha: string;
  readonly rows: readonly CommentRow[];
  /** Cases judged at this commit, for the one-line summary; absent when rendered from stored alerts. */
  readonly cases?: number;
  /** Cases on watch (one point beyond the limit) at this commit. */
  readonly watch?: readonly string[];
  /** Cases still beyond their limit since an alert raised on an earlier commit. */
  readonly ongoing?: readonly { readonly case: string; readonly since: string }[];
  /**
   * Alerts this run raised whose step starts at an earlier commit (alert-after 2 names the first
   * point beyond the limit): this commit's comment names them, their rows going on that commit's.
   */
  readonly raisedElsewhere?: readonly { readonly case: string; readonly at: string }[];
  /**
   * One plain-text line per regressed total, splitting its change among its stages (attributionLine).
   * Kept in the hidden data, so a later run that confirms or clears the alert keeps it.
   */
  readonly attributions?: readonly string[];
  /**
   * Set when every case judged at the commit moved worse by about the same factor (sameFactor):
   * the comment says it looks like the runner. Kept in the hidden data, like the attributions.
   */
  readonly runner?: { readonly cases: number; readonly low: number; readonly high: number };
  /** Rows raised at this commit that a comment too long for GitHub left out (renderCommitComment's limit). */
  readonly more?: number;
  /**
   * Names of `watch`, `ongoing` and `raisedElsewhere` past those the comment lists (and keeps in
   * its hidden data): counted, so that a later run rewriting it still says how many there were.
   */
  readonly unlisted?: { readonly watch?: number; readonly ongoing?: number; readonly raisedElsewhere?: number };
  /** Set under `alert-method: ratio`, whose footnote is github-action-benchmark's rule. Kept in the hidden data. */
  readonly method?: 'ratio';
}

export interface CommentLinks {
  /** The chart page (`https://owner.github.io/repo/dev/bench/`); each case links to its chart. */
  readonly pagesUrl?: string;
  /** The workflow run that wrote the comment. */
  readonly runUrl?: string;
  /** docs/alerts.md of the action as the workflow runs it: a reason's "(details: docs/alerts.md)" links there. */
  readonly docsUrl?: string;
}

/**
 * A reason in markdown: escaped, and its closing "(details: docs/alerts.md)" a link to the method
 * when the docs' address is known.
 */
export function reasonMarkdown(reason: string, esc: (text: string) => string, docsUrl: string | undefined): string {
  const docs = safeUrl(docsUrl);
  const { text, linked } = withoutDetails(reason);
  return docs && linked ? `${esc(text)} ([details](${docs}))` : esc(reason);
}

const DATA_PREFIX = 'benchtrend:data ';

/**
 * GitHub refuses a comment body over 65,536 characters (422, "body is too long"), and the alert
 * it carried reached nobody: at about 950 characters a row, some 65 cases raised at one commit,
 * and a pull-request comment listing every case of a suite of about 170 (robosapiens has 574,
 * reactant 316). A body's UTF-16 length is never less than its count of characters.
 */
export const COMMENT_LIMIT = 65_536;

/** Names listed inline (on watch, still beyond the limit) before the rest are counted. */
const LISTED_NAMES = 30;

/** `names`, of which `listed` are shown, and `unlisted` more were left out before they came here. */
function someNames(names: readonly string[], listed: number, unlisted = 0): string {
  const more = Math.max(0, names.length - listed) + unlisted;
  const shown = names.slice(0, listed).join(', ');
  if (!shown) return `${more} case${more === 1 ? '' : 's'}`;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** Characters of a name a comment shows whole; past them its head and tail, and a count of the rest. */
const NAME_SHOWN = 200;

/**
 * A name as a comment shows it. Names have no length limit, and each is in a comment's title, its
 * table and its links: a suite of 70,000 characters made a body of 233,729 that GitHub refused
 * (422), and the comment reached nobody. Cut between code points, never within one.
 */
export function shownName(name: string): string {
  if (name.length <= NAME_SHOWN) return name;
  const chars = Array.from(name);
  if (chars.length <= NAME_SHOWN) return name;
  const [head, tail] = [140, 40];
  return `${chars.slice(0, head).join('')}…${chars.slice(-tail).join('')} (${(chars.length - head - tail).toLocaleString('en')} characters left out)`;
}

/** A plain-text line (a total's split among its stages, which names them) cut as a name is, at a line's length. */
function shownLine(line: string): string {
  const chars = Array.from(line);
  return chars.length <= 4 * NAME_SHOWN ? line : `${chars.slice(0, 4 * NAME_SHOWN).join('')}… (${(chars.length - 4 * NAME_SHOWN).toLocaleString('en')} characters left out)`;
}

/** Longest link to a case's chart a comment writes: past it (a name of thousands of characters) the name is text. */
const LINK_MAX = 2_000;

/** Where the cases a comment leaves out are: the charts when the page's address is known, and the job summary. */
function elsewhere(links: CommentLinks): string {
  const pages = safeUrl(links.pagesUrl);
  return pages ? `each is on [the charts](${pages}) and in the job summary` : 'each is in the job summary';
}

/** `[Charts](…) · [Run](…)` under a comment, for the links that are safe to put there. */
function linksFooter(links: CommentLinks): string[] {
  const footer: string[] = [];
  const pages = safeUrl(links.pagesUrl);
  if (pages) footer.push(`[Charts](${pages})`);
  const run = safeUrl(links.runUrl);
  if (run) footer.push(`[Run](${run})`);
  const docs = safeUrl(links.docsUrl);
  if (docs) footer.push(`[How alerts are decided](${docs})`);
  return footer.length ? ['', footer.join(' · ')] : [];
}

/** The text inside an inline code span: backticks cannot be escaped there, so they are replaced. */
function codeText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/`/g, 'ˋ');
}

/** `+12%` / `-3.4%`: the ASCII minus, as signedPercent and every other change printed. */
export function changeText(change: number): string {
  const v = change * 100;
  const digits = Math.abs(v) >= 10 ? 0 : 1;
  const sign = v > 0 ? '+' : v < 0 ? '-' : '±';
  return `${sign}${Math.abs(v).toFixed(digits)}%`;
}

/**
 * `#case=<case>&suite=<suite>` as the chart page reads it, parentheses encoded for markdown links;
 * with `&commit=<sha>` the page opens the chart zoomed round that commit (an alert's culprit),
 * which a maintainer otherwise had to find on the chart. A commit that is not a sha is left out.
 */
export function caseLink(pagesUrl: string, suite: string, name: string, commit?: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/[()!*']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const base = pagesUrl.replace(/#.*$/, '');
  const sha = commit?.toLowerCase();
  const at = sha !== undefined && isCommitPrefix(sha) ? `&commit=${sha}` : '';
  return `${base}#case=${enc(name)}&suite=${enc(suite)}${at}`;
}

function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\/[^\s<>()]+$/.test(url) ? url : undefined;
}

/** `commit`: the alert's culprit, which the trend holds (never a pull request's own head). */
function caseCell(row: { case: string }, suite: string, links: CommentLinks, commit?: string): string {
  const name = escapeMarkdown(shownName(row.case));
  const pages = safeUrl(links.pagesUrl);
  const link = pages ? caseLink(pages, suite, row.case, commit) : undefined;
  return link && link.length <= LINK_MAX ? `[${name}](${link})` : name;
}

const STATUS_TEXT: Readonly<Record<AlertStatus, string>> = {
  suspected: 'suspected',
  confirmed: '**confirmed**',
  cleared: '~~cleared~~',
};

/** Longest suite a marker spells out; a longer one is its head and a digest of the whole. */
const MARKER_SUITE = 8_192;

/**
 * The suite as a marker names it: percent-encoded, or, past MARKER_SUITE characters so encoded,
 * its head and the FNV-1a digest of the whole (`…` is never in an encoded name, so the two forms
 * never meet). A comment a build before 1.0.0 marked with the whole suite is found by commentMarkers.
 */
function markerSuite(suite: string): string {
  const encoded = encodeURIComponent(suite);
  return encoded.length <= MARKER_SUITE ? encoded : `${encoded.slice(0, 256).replace(/%[0-9A-F]?$/, '')}…${fnv1a64(suite)}`;
}

/** The one spelling of a marker, for the suite as markerSuite names it or, once, spelled out. */
function marker(kind: 'commit' | 'pr', suite: string): string {
  return `<!-- benchtrend:${kind}-comment suite=${suite} -->`;
}

/** The hidden marker that finds a suite's comment on a commit. */
export function commitCommentMarker(suite: string): string {
  return marker('commit', markerSuite(suite));
}

/** The hidden marker that finds a suite's comment on a pull request. */
export function pullRequestCommentMarker(suite: string): string {
  return marker('pr', markerSuite(suite));
}

/**
 * The markers that find a suite's comment, the one a comment is written with first. The builds
 * before 1.0.0 (never released, but usable from a commit of the repository) spelled out every
 * suite, and a suite of up to about 20,000 characters still made a comment within GitHub's limit:
 * that comment is found by its spelled-out marker and rewritten with the new one, rather than left
 * stale beside a second.
 */
export function commentMarkers(kind: 'commit' | 'pr', suite: string): readonly [string, ...string[]] {
  const current = marker(kind, markerSuite(suite));
  const spelled = marker(kind, encodeURIComponent(suite));
  return spelled === current ? [current] : [current, spelled];
}

function encodeData(data: CommitCommentData): string {
  // Base64 keeps `-->` and anything else out of the HTML comment whatever the case names hold.
  // The suite is the marker's to find, and a run rewriting the comment knows it: kept as shown.
  const bytes = new TextEncoder().encode(JSON.stringify({ ...data, suite: shownName(data.suite) }));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The rows a comment was written with, read back from its hidden data; undefined when absent or unreadable. */
export function parseCommitCommentData(body: string): CommitCommentData | undefined {
  const m = new RegExp(`<!-- ${DATA_PREFIX}([A-Za-z0-9+/=]+) -->`).exec(body);
  if (!m) return undefined;
  try {
    const binary = atob(m[1] as string);
    const data = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as CommitCommentData;
    if (typeof data !== 'object' || data === null || !Array.isArray(data.rows) || typeof data.sha !== 'string') return undefined;
    return data;
  } catch {
    return undefined;
  }
}

/** `@name` mentions for `cc-users`, validated so nothing else rides along. */
export function ccLine(users: readonly string[]): string {
  const valid = users.filter((u) => /^@?[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9._-]+)?$/.test(u));
  return valid.length ? `cc ${valid.map((u) => (u.startsWith('@') ? u : `@${u}`)).join(' ')}` : '';
}

/** One row of a comment table. */
function rowLine(row: CommentRow, suite: string, links: CommentLinks, sha: string): string {
  return [
    '',
    // A comment's rows are the alerts raised at its own commit.
    caseCell(row, suite, links, sha),
    valueWithBand(row.baseline, row.unit, row.band, escapeMarkdown),
    valueWithBand(row.value, row.unit, row.errorBar, escapeMarkdown),
    describeWorseChange(row.change, row.direction),
    STATUS_TEXT[row.status],
    reasonMarkdown(reasonBeside(row.why, describeWorseChange(row.change, row.direction)), escapeMarkdown, links.docsUrl),
    '',
  ]
    .join(' | ')
    .trim();
}

/**
 * Where a total's change went, one bullet per total, under a table. Each stage is measured
 * against its own baseline, so the shares need not add up to exactly 100%.
 */
export function attributionBlock(lines: readonly string[] | undefined): string[] {
  if (!lines || lines.length === 0) return [];
  return ['', 'Where the total moved, stage by stage (each stage against its own baseline):', '', ...lines.map((l) => `- ${escapeMarkdown(shownLine(l))}`)];
}

const TABLE_HEAD = ['| Case | Baseline median (Q1–Q3) | New median (Q1–Q3) | Change | Status | Why |', '| --- | ---: | ---: | ---: | --- | --- |'];

/**
 * The commit comment for one suite at one commit: the regressed cases with baseline and band, new
 * value and error bar, change, status and why; a link to each case's chart; the cc line.
 */
export function renderCommitComment(data: CommitCommentData, links: CommentLinks = {}, ccUsers: readonly string[] = [], limit = COMMENT_LIMIT): string {
  const full = commitCommentBody(data, links, ccUsers, LISTED_NAMES);
  if (full.length <= limit) return full;
  // Too long for GitHub: the most significant rows that fit, shown and kept in the hidden data
  // alike, and the others counted.
  const rows = significantFirst(data.rows);
  // A cleared row left out is no regression: counted, it would head the comment as one and cc again.
  const openFrom = (k: number) => rows.slice(k).filter((r) => r.status !== 'cleared').length;
  const withRows = (k: number, listed: number, split = true) =>
    commitCommentBody({ ...data, rows: rows.slice(0, k), more: (data.more ?? 0) + openFrom(k), ...(split ? {} : { attributions: [] }) }, links, ccUsers, listed);
  const fitted = mostRowsThatFit(rows.length, limit, (k) => withRows(k, LISTED_NAMES));
  if (fitted.length <= limit) return fitted;
  // Not even the count fits beside the names listed (hundreds of cases on watch with long names):
  // fewer names, then none, then the total's split, which the job summary also gives.
  for (const listed of [10, 3, 0]) {
    const body = withRows(0, listed);
    if (body.length <= limit) return body;
  }
  return withRows(0, 0, false);
}

/**
 * `body(k)` for the largest k of `rows` whose body fits `limit` characters (the body shrinks as k
 * does), or `body(0)` when none does: both comments list their rows most important first.
 */
function mostRowsThatFit(rows: number, limit: number, body: (k: number) => string): string {
  const whole = body(rows);
  if (whole.length <= limit) return whole;
  let [lo, hi] = [0, rows - 1];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (body(mid).length <= limit) lo = mid;
    else hi = mid - 1;
  }
  return body(lo);
}

/** Open alerts before cleared ones, each side largest change first: the order a comment lists them in. */
function significantFirst(rows: readonly CommentRow[]): CommentRow[] {
  const size = (r: CommentRow) => r.change ?? Number.MAX_VALUE;
  return [...rows].sort((a, b) => Number(a.status === 'cleared') - Number(b.status === 'cleared') || size(b) - size(a));
}

/** The comment with at most `listed` names of each list, which are what its hidden data keeps. */
function commitCommentBody(full: CommitCommentData, links: CommentLinks, ccUsers: readonly string[], listed: number): string {
  const was = full.unlisted ?? {};
  const cut = <T>(list: readonly T[] | undefined) => (list ? { list: list.slice(0, listed), left: Math.max(0, list.length - listed) } : { list: undefined, left: 0 });
  const [watch, ongoing, elsewhere] = [cut(full.watch), cut(full.ongoing), cut(full.raisedElsewhere)];
  const unlisted = { watch: (was.watch ?? 0) + watch.left, ongoing: (was.ongoing ?? 0) + ongoing.left, raisedElsewhere: (was.raisedElsewhere ?? 0) + elsewhere.left };
  const anyUnlisted = unlisted.watch + unlisted.ongoing + unlisted.raisedElsewhere > 0;
  const data: CommitCommentData = {
    ...full,
    ...(watch.list ? { watch: watch.list } : {}),
    ...(ongoing.list ? { ongoing: ongoing.list } : {}),
    ...(elsewhere.list ? { raisedElsewhere: elsewhere.list } : {}),
    ...(anyUnlisted ? { unlisted } : {}),
  };
  const short = data.sha.slice(0, 7);
  const suite = `\`${codeText(isolate(shownName(data.suite)))}\``;
  const more = data.more ?? 0;
  const open = data.rows.filter((r) => r.status !== 'cleared');
  const lines: string[] = [commitCommentMarker(data.suite)];
  const earlier = data.raisedElsewhere ?? [];
  const earlierCount = earlier.length + unlisted.raisedElsewhere;
  const ongoingCount = (data.ongoing?.length ?? 0) + unlisted.ongoing;
  const watchCount = (data.watch?.length ?? 0) + unlisted.watch;
  if (data.rows.length === 0 && more === 0) {
    const n = data.cases ?? 0;
    const judged = `${n} case${n === 1 ? '' : 's'} judged against their recent history`;
    // A case beyond its limit from a step that starts earlier is not "no regression" here; nor,
    // with a case on watch listed below, may the words above it say none is beyond its limit.
    const beyond = earlierCount + ongoingCount;
    if (beyond > 0) {
      lines.push(`### ${earlierCount ? '⚠️ ' : ''}benchtrend: no regression starts at ${short} in suite ${suite}`, '', `${judged}; ${beyond} ${beyond === 1 ? 'is' : 'are'} worse, from a step that starts at an earlier commit.`);
    } else {
      lines.push(`### benchtrend: no regression in suite ${suite} at ${short}`, '', `${judged}; ${watchCount > 0 ? 'none raised a regression here.' : 'none is worse beyond its limit.'}`);
    }
  } else {
    const count = open.length + more;
    const title = count === 0 ? `the alerts of suite ${suite} at ${short} were cleared` : `${count} regression${count === 1 ? '' : 's'} in suite ${suite} at ${short}`;
    lines.push(`### ${count ? '⚠️ ' : ''}benchtrend: ${title}`, '', ...groupSection(data, links));
    lines.push(...attributionBlock(data.attributions));
    lines.push(
      '',
      data.method === 'ratio'
        ? "A regression is a case worse than in the suite's previous entry by more than the alert threshold, github-action-benchmark's rule (alert-method: ratio)."
        : 'A regression is suspected when recent points are each worse than the baseline (recent commits on the same level) by the minimum effect and beyond its prediction limit; a lasting step found later confirms it, its absence clears it.',
    );
  }
  const named = (name: string) => escapeMarkdown(isolate(shownName(name)));
  if (earlierCount > 0) {
    lines.push('', `Raised by this run, each at the commit where its step starts: ${someNames(earlier.map((r) => `${named(r.case)} (at ${r.at.slice(0, 7)})`), listed, unlisted.raisedElsewhere)}.`);
  }
  if (ongoingCount > 0) {
    lines.push('', `Still beyond the limit since an earlier alert: ${someNames((data.ongoing ?? []).map((o) => `${named(o.case)} (since ${o.since.slice(0, 7)})`), listed, unlisted.ongoing)}.`);
  }
  // Without a table (comment-always, only an ongoing total) the split follows what it explains.
  if (data.rows.length === 0 && more === 0) lines.push(...attributionBlock(data.attributions));
  if (watchCount > 0) {
    lines.push('', `On watch (one point beyond the limit, which a slow host also gives): ${someNames((data.watch ?? []).map(named), listed, unlisted.watch)}.`);
  }
  lines.push(...linksFooter(links));
  const cc = open.length + more > 0 ? ccLine(ccUsers) : '';
  if (cc) lines.push('', cc);
  lines.push('', `<!-- ${DATA_PREFIX}${encodeData(data)} -->`);
  return `${lines.join('\n')}\n`;
}

/**
 * One event per commit: the cases that moved here are one group, told in one line, the most
 * significant case in the table and the rest folded under it; when every case of the job moved
 * by about the same factor, the line says it looks like the runner.
 */
function groupSection(data: CommitCommentData, links: CommentLinks): string[] {
  const rows = significantFirst(data.rows);
  const [top, ...rest] = rows;
  const more = data.more ?? 0;
  const notListed = `${more} more case${more === 1 ? '' : 's'} raised here ${more === 1 ? 'is' : 'are'} not listed, to keep this comment within GitHub's ${COMMENT_LIMIT.toLocaleString('en')} characters: ${elsewhere(links)}.`;
  // Not one row fits (a case name of tens of thousands of characters): the count alone.
  if (!top) return more > 0 ? [notListed] : [];
  const out: string[] = [];
  if (more > 0) {
    const range = changeRange(rows);
    out.push(`**${rows.length + more} cases worse at ${data.sha.slice(0, 7)}; the ${rows.length} largest listed here${range ? `, ${escapeMarkdown(range)}` : ''}**`, '');
    out.push(notListed, '');
  } else {
    // The event is what still stands, as the title counts it and the page lists it: a row later
    // cleared stays in the table, struck through, but is no longer one of "3 cases … worse".
    const open = rows.filter((r) => r.status !== 'cleared');
    if (open.length > 1) out.push(`**${escapeMarkdown(groupText(open, data.sha))}**`, '');
  }
  const r = data.runner;
  if (r && Number.isFinite(r.low) && Number.isFinite(r.high)) {
    const pct = (x: number) => signedPercent(x).replace(/^\+/, '');
    const range = pct(r.low) === pct(r.high) ? pct(r.low) : `${pct(r.low)} to ${pct(r.high)}`;
    out.push(`Every one of the ${r.cases} cases judged here got worse by about the same factor (${escapeMarkdown(range)} worse): that looks like the runner (a slower host), not the code. Re-run the job to tell.`, '');
  }
  out.push(...TABLE_HEAD, rowLine(top, data.suite, links, data.sha));
  if (rest.length > 0) {
    // No case name in the summary: HTML there is not markdown, and names are never markup.
    const summary = `${rest.length} more case${rest.length === 1 ? '' : 's'} at this commit`;
    out.push('', `<details><summary>${summary}</summary>`, '', ...TABLE_HEAD, ...rest.map((row) => rowLine(row, data.suite, links, data.sha)), '', '</details>');
  }
  return out;
}

/** A comment row from this run's verdict, with everything it measured. */
export function rowFromVerdict(v: CaseVerdict): CommentRow | undefined {
  const alert = v.alert;
  if (alert?.kind === 'change-point') {
    return {
      case: v.case,
      unit: v.unit,
      direction: v.direction,
      kind: 'change-point',
      // A step is raised only once it is final.
      status: 'confirmed',
      baseline: alert.baseline,
      value: alert.value,
      ...(alert.change !== undefined ? { change: alert.change } : {}),
      why: alert.reason,
    };
  }
  if (v.kind !== 'regressed' || !v.baseline) return undefined;
  return {
    case: v.case,
    unit: v.unit,
    direction: v.direction,
    kind: 'regression',
    status: v.ongoing?.status ?? 'suspected',
    baseline: v.baseline.median,
    band: [v.baseline.q1, v.baseline.q3],
    value: v.value,
    ...(v.runs > 1 ? { errorBar: [v.q1, v.q3] as const } : {}),
    ...(v.change !== undefined ? { change: v.change } : {}),
    why: v.reason,
  };
}

/** A comment row from a stored alert, for a commit whose comment is rewritten on a later run. */
export function rowFromAlert(a: StoredAlert, unit: string, direction: Direction): CommentRow {
  return {
    case: a.case,
    unit,
    direction,
    kind: a.kind,
    status: a.status,
    baseline: a.baseline ?? NaN,
    value: a.value ?? NaN,
    ...(a.change !== undefined ? { change: a.change } : {}),
    why: a.reason ?? '',
  };
}

/**
 * The rows of a commit's comment with the stored alerts' current status applied: rows it already
 * shows keep what they measured, alerts it did not show yet are added.
 */
export function refreshCommentRows(
  existing: CommitCommentData | undefined,
  alerts: readonly StoredAlert[],
  caseInfo: (name: string) => { unit: string; direction: Direction } | undefined,
): CommentRow[] {
  const rows = [...(existing?.rows ?? [])];
  for (const a of alerts) {
    const at = rows.findIndex((r) => r.case === a.case && r.kind === a.kind);
    const info = caseInfo(a.case) ?? { unit: rows[at]?.unit ?? '', direction: rows[at]?.direction ?? 'smaller' };
    if (at < 0) rows.push(rowFromAlert(a, info.unit, info.direction));
    else rows[at] = { ...(rows[at] as CommentRow), status: a.status, why: a.reason ?? (rows[at] as CommentRow).why };
  }
  return rows;
}

export interface PullRequestCommentData {
  readonly suite: string;
  /** Head commit of the pull request. */
  readonly sha: string;
  /** The pull request's base branch. */
  readonly base: string;
  /**
   * The repository's default branch, when the event names it. The trend is one per suite, not one
   * per branch: a base that is not the default branch is not what the head was compared with.
   */
  readonly defaultBranch?: string;
  readonly verdicts: readonly CaseVerdict[];
}

/**
 * What a pull request's head was compared with, in words: its base branch when that is the
 * default branch (or the event does not say which is), else the published trend.
 */
export function comparedWith(base: string, defaultBranch: string | undefined): { readonly onBase: boolean; readonly trend: string } {
  const onBase = defaultBranch === undefined || defaultBranch === base;
  return { onBase, trend: onBase ? base : 'the published trend' };
}

const PR_VERDICT: Readonly<Record<CaseVerdict['kind'], string>> = {
  regressed: '⚠️ worse',
  step: '⚠️ worse',
  watch: 'watch',
  improved: 'better',
  unchanged: 'unchanged',
  'not-enough-history': 'not enough history',
  'not-judged': 'not judged',
};

/** Worse first, then what may turn worse, then the rest: what a comment too long for GitHub leaves out is the end. */
const PR_ORDER: Readonly<Record<CaseVerdict['kind'], number>> = { regressed: 0, step: 0, watch: 1, improved: 2, unchanged: 3, 'not-enough-history': 4, 'not-judged': 5 };

/**
 * The pull-request comment: every case of the head compared with the base branch's trend (its
 * recent level), worse ones first. Nothing is published from a pull request.
 */
export function renderPullRequestComment(data: PullRequestCommentData, links: CommentLinks = {}, limit = COMMENT_LIMIT): string {
  const order = (v: CaseVerdict) => PR_ORDER[v.kind];
  const rows = [...data.verdicts].sort((a, b) => order(a) - order(b));
  const worse = rows.filter((v) => v.kind === 'regressed').length;
  const suite = `\`${codeText(isolate(shownName(data.suite)))}\``;
  // A base branch with too few commits of any case (or no trend at all) judged nothing: "no case
  // worse" would read as a pass.
  const unjudged = rows.length > 0 && rows.every((v) => v.kind === 'not-enough-history');
  const { onBase } = comparedWith(data.base, data.defaultBranch);
  const base = escapeMarkdown(data.base);
  const trend = onBase ? base : 'the published trend';
  const headline = worse
    ? `${worse} case${worse === 1 ? '' : 's'} worse than ${trend}`
    : unjudged
      ? `too little history ${onBase ? `on ${base}` : 'in the published trend'} to judge`
      : `no case worse than ${trend}`;
  const lines = [
    pullRequestCommentMarker(data.suite),
    `### ${worse ? '⚠️ ' : ''}benchtrend: ${headline} in suite ${suite} at ${data.sha.slice(0, 7)}`,
    '',
    '| Case | Base median (Q1–Q3) | This PR (Q1–Q3) | Change | Verdict | Why |',
    '| --- | ---: | ---: | ---: | --- | --- |',
  ];
  const table = rows.map((v) => {
    const base = v.baseline ? valueWithBand(v.baseline.median, v.unit, [v.baseline.q1, v.baseline.q3], escapeMarkdown) : '—';
    const head = valueWithBand(v.value, v.unit, v.runs > 1 ? [v.q1, v.q3] : undefined, escapeMarkdown);
    const change = v.change !== undefined ? describeWorseChange(v.change, v.direction) : '—';
    // The pull request's head is not in the trend: only an alert already open there has a commit to link.
    return `| ${caseCell(v, data.suite, links, v.ongoing?.sha)} | ${base} | ${head} | ${change} | ${PR_VERDICT[v.kind]} | ${reasonMarkdown(reasonBeside(v.reason, change), escapeMarkdown, links.docsUrl)} |`;
  });
  const split = attributionBlock(attributionLines(rows));
  const tail = [
    '',
    onBase
      ? `Compared with the recent level of each case on ${base}; a one-off slow runner can make a single case look worse, so re-run before acting on one.`
      : `Compared with the recent level of each case in the published trend, which is one per suite, not one per branch: this pull request's base, ${base}, is not the default branch, ${escapeMarkdown(data.defaultBranch ?? '')}, and was not compared apart. A one-off slow runner can make a single case look worse, so re-run before acting on one.`,
    ...linksFooter(links),
  ];
  const body = (k: number, withSplit = true): string => {
    const left = rows.slice(k);
    const counts = [...new Set(left.map((v) => PR_VERDICT[v.kind]))].map((word) => `${left.filter((v) => PR_VERDICT[v.kind] === word).length} ${word}`);
    const note = left.length > 0 ? ['', `Not listed, to keep this comment within GitHub's ${COMMENT_LIMIT.toLocaleString('en')} characters: ${counts.join(', ')}; ${elsewhere(links)}.`] : [];
    const splitNote = withSplit || split.length === 0 ? split : ['', `Where each regressed total moved, stage by stage, is not listed either: ${elsewhere(links)}.`];
    return `${[...lines, ...table.slice(0, k), ...note, ...splitNote, ...tail].join('\n')}\n`;
  };
  // Worse cases first, so what is left out of a comment too long for GitHub is the rest.
  const fitted = mostRowsThatFit(rows.length, limit, (k) => body(k));
  return fitted.length <= limit ? fitted : body(0, false);
}
