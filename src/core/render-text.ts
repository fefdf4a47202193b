/**
 * The terminal's renderings of the reports whose markdown goes to the job summary and comments:
 * the same data models (verdictReport, compareReport, the points), laid out as aligned columns,
 * with names shown as their characters: no escapes, no HTML, no emphasis markers.
 */
import type { Comparison } from './compare/compare.js';
import type { Point } from './model.js';
import type { CaseVerdict } from './regress/detect.js';
import { COMPARE_HEAD, compareReport, type CompareStyle } from './render-compare.js';
import { errorBarText } from './render-summary.js';
import { VERDICT_FOOTNOTE, verdictReport } from './render-verdicts.js';
import { quantity } from './format-number.js';
import { textTable } from './text-table.js';

const PLAIN: CompareStyle = { esc: (t) => t, strong: (t) => t };
const same = (t: string) => t;

function underline(title: string): string[] {
  return [title, '='.repeat([...title].length)];
}

/**
 * `lines.push(...items)` passes each item as an argument: a report of some 150,000 cases
 * overflows the stack that way, so long lists are appended one by one.
 */
function appendAll(lines: string[], items: readonly string[]): void {
  for (const item of items) lines.push(item);
}

/** The verdict table of `publish` and `demo`. */
export function renderVerdictText(verdicts: readonly CaseVerdict[], title: string): string {
  const report = verdictReport(verdicts, same);
  const table = textTable(
    ['CASE', 'VERDICT', 'NEW MEDIAN (Q1–Q3)', 'BASELINE MEDIAN (Q1–Q3)', 'CHANGE', 'RECENT', 'WHY'],
    report.rows.map((r) => [r.case, r.kind, r.value, r.baseline, r.change, r.recent, r.why]),
    ['left', 'left', 'right', 'right', 'right', 'left', 'left'],
  );
  const lines = [...underline(title), report.counts, '', ...table];
  if (report.attribution.length) appendAll(lines, ['', 'Where the total moved, stage by stage (each stage against its own baseline):', ...report.attribution.map((l) => `  ${l}`)]);
  lines.push('', VERDICT_FOOTNOTE, '');
  return lines.join('\n');
}

/** `benchtrend compare`'s report, every round included: a terminal has no size limit. */
export function renderCompareText(comparison: Comparison, title = 'Compare: candidate against baseline'): string {
  const report = compareReport(comparison, PLAIN);
  const lines = [...underline(title), report.counts, `Baseline: ${report.baselineFiles} · candidate: ${report.candidateFiles}`, ''];
  for (const d of report.drift) lines.push(d, '');
  appendAll(lines, [...textTable(COMPARE_HEAD.map((h) => h.toUpperCase()), report.rows, ['left', 'right', 'right', 'right', 'right', 'right', 'left']), '']);
  if (report.attribution.length) appendAll(lines, ['Where the total moved:', ...report.attribution.map((l) => `  ${l}`), '']);
  if (report.why.length) appendAll(lines, ['Why not a verdict, and notes:', ...report.why.map((w) => `  - ${w}`), '']);
  for (const r of report.rounds) {
    lines.push(
      `Round by round: ${r.case} (${r.unit})`,
      ...textTable(
        ['ROUND', 'BASELINE', 'CANDIDATE', 'Δ'],
        r.rows.map((x) => [x.round, x.baseline, x.candidate, x.delta]),
        ['right', 'right', 'right', 'right'],
      ).map((l) => `  ${l}`),
      '',
    );
  }
  return lines.join('\n');
}

/** The cases table of the job summary, for `benchtrend demo` and `cases --text`. */
export function renderCasesText(points: readonly Point[], title = 'Benchmark cases'): string {
  return [
    ...underline(title),
    `${points.length} case${points.length === 1 ? '' : 's'}; median of the runs, error bar from first to third quartile.`,
    '',
    ...textTable(
      ['CASE', 'MEDIAN', 'ERROR BAR (Q1–Q3)', 'RUNS'],
      points.map((p) => [p.case, quantity(p.value, p.unit), errorBarText(p), `${p.runs}/${p.n}`]),
      ['left', 'right', 'right', 'right'],
    ),
    '',
  ].join('\n');
}
