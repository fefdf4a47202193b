/**
 * What a run says about every case, for the job summary (a table with a sparkline of recent
 * medians), the warning annotations (one per regression) and the outputs `regressions` and
 * `regressions-json`. Pure renderings of the verdicts.
 */
import { attributionLine } from './attribution.js';
import { attributionLines } from './regress/attribute-verdicts.js';
import type { CaseVerdict, VerdictKind } from './regress/detect.js';
import { largest, textScale, valueWithBand } from './format-number.js';
import { escapeMarkdown } from './markdown.js';
import { isolate } from './text.js';
import { attributionBlock, caseLink, reasonMarkdown, type CommentLinks } from './render-comment.js';
import { describeWorseChange, reasonBeside } from './regress/words.js';
import type { AlertStatus } from './trend/types.js';

const BARS = '▁▂▃▄▅▆▇█';

/** Recent medians as unicode bars, lowest ▁ to highest █; a flat series is a row of ▄. */
export function sparkline(values: readonly number[]): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return '';
  const lo = finite.reduce((m, v) => Math.min(m, v), Infinity);
  const hi = finite.reduce((m, v) => Math.max(m, v), -Infinity);
  return values
    .map((v) => {
      if (!Number.isFinite(v)) return ' ';
      if (hi === lo) return BARS[3];
      return BARS[Math.min(BARS.length - 1, Math.floor(((v - lo) / (hi - lo)) * BARS.length))];
    })
    .join('');
}

const VERDICT_TEXT: Readonly<Record<VerdictKind, string>> = {
  regressed: 'regressed',
  step: 'step found',
  watch: 'watch',
  improved: 'improved',
  unchanged: 'ok',
  'not-enough-history': 'not enough history',
  'not-judged': 'not judged',
};

/** The verdict in words; `flag` marks the ones that need a look (an emoji in markdown). */
function verdictText(v: CaseVerdict, flag = ''): string {
  if (v.kind === 'regressed' && v.ongoing) return `${flag}still regressed`;
  return v.kind === 'regressed' || v.kind === 'step' ? `${flag}${VERDICT_TEXT[v.kind]}` : VERDICT_TEXT[v.kind];
}

const ORDER: Readonly<Record<VerdictKind, number>> = { regressed: 0, step: 0, watch: 1, improved: 2, unchanged: 3, 'not-enough-history': 4, 'not-judged': 5 };

/** One case of the verdict table, its cells as text with names passed through `esc`. */
export interface VerdictRow {
  readonly verdict: CaseVerdict;
  readonly case: string;
  readonly kind: string;
  readonly value: string;
  readonly baseline: string;
  readonly change: string;
  readonly recent: string;
  readonly why: string;
}

/** What the verdict table says, whichever way it is laid out. */
export interface VerdictReport {
  readonly counts: string;
  readonly rows: readonly VerdictRow[];
  /** Stage-by-stage splits of regressed totals, unescaped. */
  readonly attribution: readonly string[];
}

export const VERDICT_FOOTNOTE = 'Change is against the baseline median, with its real sign and whether it is worse or better; Recent shows the last medians, oldest first.';

/**
 * The verdicts in report order (regressions first) with their cells; `esc` escapes the names and
 * units taken from the input (markdown's escape, or none for a terminal), `flag` prefixes the
 * verdicts that need a look.
 */
export function verdictReport(verdicts: readonly CaseVerdict[], esc: (text: string) => string, flag = '', why: (reason: string) => string = esc): VerdictReport {
  const sorted = [...verdicts].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  const counts = new Map<string, number>();
  for (const v of verdicts) counts.set(verdictText(v, flag), (counts.get(verdictText(v, flag)) ?? 0) + 1);
  const rows = sorted.map((v) => {
    const change = v.change !== undefined || v.kind === 'regressed' ? describeWorseChange(v.change, v.direction) : '—';
    return {
      verdict: v,
      case: esc(v.case),
      kind: verdictText(v, flag),
      value: valueWithBand(v.value, v.unit, v.runs > 1 ? [v.q1, v.q3] : undefined, esc),
      baseline: v.baseline ? valueWithBand(v.baseline.median, v.unit, [v.baseline.q1, v.baseline.q3], esc) : '—',
      change,
      recent: sparkline(v.recent),
      why: why(reasonBeside(v.reason, change)),
    };
  });
  return { counts: [...counts].map(([k, n]) => `${n} ${k}`).join(' · ') || 'No case.', rows, attribution: attributionLines(sorted) };
}

/**
 * The job summary: every case with its verdict, new median, baseline, change and a sparkline. An
 * alert's row links to the chart at its commit: the one raised when `published` (a pull request's
 * head is not in the trend, and "raised" there is only what a push would raise), else an open one.
 */
export function renderVerdictTable(verdicts: readonly CaseVerdict[], title: string, links: CommentLinks = {}, published = false): string {
  const report = verdictReport(verdicts, escapeMarkdown, '⚠️ ', (reason) => reasonMarkdown(reason, escapeMarkdown, links.docsUrl));
  const pages = links.pagesUrl && /^https?:\/\/[^\s<>()]+$/.test(links.pagesUrl) ? links.pagesUrl : undefined;
  const lines = [
    `### ${escapeMarkdown(title)}`,
    '',
    report.counts,
    '',
    '| Case | Verdict | New median (Q1–Q3) | Baseline median (Q1–Q3) | Change | Recent | Why |',
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
  ];
  for (const r of report.rows) {
    const culprit = (published ? r.verdict.alert?.sha : undefined) ?? r.verdict.ongoing?.sha;
    const caseCell = pages ? `[${r.case}](${caseLink(pages, r.verdict.suite, r.verdict.case, culprit)})` : r.case;
    lines.push(`| ${caseCell} | ${r.kind} | ${r.value} | ${r.baseline} | ${r.change} | ${r.recent} | ${r.why} |`);
  }
  lines.push(...attributionBlock(report.attribution));
  lines.push('', VERDICT_FOOTNOTE, '');
  return lines.join('\n');
}

/**
 * Warning annotations a run gives its regressions at most. GitHub shows 10 warning annotations a
 * step and drops the rest unsaid: 20 regressed cases showed 10 and hid 10. One is left for
 * another warning of the run (a comment not written), one counts the regressions not shown.
 */
export const MAX_REGRESSION_ANNOTATIONS = 8;

/**
 * One per regression, for `core.warning(message, { title })`: plain text, one line each; past
 * MAX_REGRESSION_ANNOTATIONS, the largest changes and one annotation that counts the others.
 */
export function regressionAnnotations(verdicts: readonly CaseVerdict[]): { title: string; message: string }[] {
  const raised = verdicts.filter((v) => v.alert || (v.kind === 'regressed' && !v.ongoing));
  if (raised.length <= MAX_REGRESSION_ANNOTATIONS + 1) return raised.map(regressionAnnotation);
  // A step from zero has no finite change: it goes first, as the comment lists it.
  const size = (v: CaseVerdict) => (v.alert ? v.alert.change : v.change) ?? Number.MAX_VALUE;
  const shown = [...raised].sort((a, b) => size(b) - size(a)).slice(0, MAX_REGRESSION_ANNOTATIONS);
  const rest = raised.length - shown.length;
  return [
    ...shown.map(regressionAnnotation),
    {
      title: `Performance regressions: ${rest} more`,
      message: `${rest} more cases regressed than are annotated here (GitHub shows 10 warnings a step, and these are the ${shown.length} largest changes): each is in the job summary and the regressions-json output`,
    },
  ];
}

function regressionAnnotation(v: CaseVerdict): { title: string; message: string } {
  const a = v.alert;
  const baseline = a?.baseline ?? v.baseline?.median;
  const value = a?.value ?? v.value;
  const change = a ? a.change : v.change;
  const scale = textScale(v.unit, largest(value, baseline));
  const num = (x: number | undefined): string => (x !== undefined && Number.isFinite(x) ? scale.number(x) : '—');
  const words = describeWorseChange(change, v.direction);
  return {
    title: `Performance regression: ${isolate(v.case)}`.replace(/[\r\n]+/g, ' '),
    message: `${isolate(v.case)}: ${num(value)} ${scale.unit} against a baseline of ${num(baseline)} ${scale.unit} (${words}); ${reasonBeside(a?.reason ?? v.reason, words)}${
      v.kind === 'regressed' && v.attribution ? `; by stage: ${attributionLine(v.attribution)}` : ''
    }`.replace(/[\r\n]+/g, ' '),
  };
}

/** One entry of the `regressions-json` output (and of `benchtrend publish --json`'s `regressions`). */
export interface RegressionEntry {
  readonly suite: string;
  readonly case: string;
  readonly unit: string;
  readonly direction: 'smaller' | 'bigger';
  /** regression: the recent points are beyond the limit; change-point: a lasting step found later. */
  readonly kind: 'regression' | 'change-point';
  /** Baseline median and the new value, in the case's unit. */
  readonly baseline: number;
  readonly value: number;
  /** Relative change as a fraction, positive when worse (0.12 = 12% worse); null for a step from zero. */
  readonly change: number | null;
  /** The change with its real sign and a word, as every other surface shows it: `-9.5% worse`. */
  readonly changeText: string;
  readonly status: AlertStatus;
  /** True when this run raised it; false when it continues an alert raised on an earlier commit. */
  readonly new: boolean;
  /** The commit the alert names. */
  readonly sha: string;
  readonly reason: string;
  /**
   * On a regressed `<shape> / total`: its change split among the shape's stages, each against its
   * own baseline, e.g. `cold-recreate / total +1.21 s: devpod-up +1.10 s (91%), tools +0.08 s (7%)`.
   */
  readonly attribution?: string;
}

/** Every regressed case of this run: new alerts and ones still open. */
export function regressionEntries(verdicts: readonly CaseVerdict[]): RegressionEntry[] {
  const out: RegressionEntry[] = [];
  for (const v of verdicts) {
    const base = { suite: v.suite, case: v.case, unit: v.unit, direction: v.direction };
    // Only a regression judged at this commit has stage values to split; a step lies further back.
    const attribution = v.kind === 'regressed' && v.attribution ? { attribution: attributionLine(v.attribution) } : {};
    if (v.alert) {
      out.push({
        ...base,
        kind: v.alert.kind,
        baseline: v.alert.baseline,
        value: v.alert.value,
        change: v.alert.change ?? null,
        changeText: describeWorseChange(v.alert.change, v.direction),
        status: v.alert.kind === 'change-point' ? 'confirmed' : 'suspected',
        new: true,
        sha: v.alert.sha,
        reason: v.alert.reason,
        ...attribution,
      });
    } else if (v.kind === 'regressed' && v.baseline) {
      out.push({
        ...base,
        kind: 'regression',
        baseline: v.baseline.median,
        value: v.value,
        change: v.change ?? null,
        changeText: describeWorseChange(v.change, v.direction),
        status: v.ongoing?.status ?? 'suspected',
        new: !v.ongoing,
        sha: v.ongoing?.sha ?? v.sha,
        reason: v.reason,
        ...attribution,
      });
    }
  }
  return out;
}
