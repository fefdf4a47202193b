import type { Point } from './model.js';
import { shortNumber } from './stats.js';

/**
 * Markdown cell text: pipes and line breaks would break the table, markup would render. GitHub
 * links mentions and issue numbers in the rendered text, after a backslash escape is gone, so a
 * zero-width space after `@` and before a `#<digit>` is what keeps a case named `@org/team` from
 * notifying anyone when this text lands in a pull-request comment.
 */
export function cell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .replace(/[<>*_`[\]]/g, (c) => `\\${c}`)
    .replace(/@/g, '@\u200b')
    .replace(/#(?=\d)/g, '#\u200b');
}

function withUnit(value: number, unit: string): string {
  return `${shortNumber(value)} ${unit}`;
}

/** The error bar as shown: first to third quartile, or the tool's own range for summary-only points. */
export function errorBarText(p: Point): string {
  if (p.summaryOnly) return p.range ?? (p.q1 === p.q3 ? '—' : `${shortNumber(p.q1)}–${shortNumber(p.q3)} ${p.unit}`);
  if (p.runs < 2) return '—';
  return `${shortNumber(p.q1)}–${shortNumber(p.q3)} ${p.unit}`;
}

/** The job summary table: case, median, error bar, runs. */
export function renderCasesTable(points: readonly Point[], title = 'Benchmark cases'): string {
  const rows = points.map((p) => `| ${cell(p.case)} | ${withUnit(p.value, p.unit)} | ${cell(errorBarText(p))} | ${p.runs}/${p.n} |`);
  return [
    `### ${title}`,
    '',
    `${points.length} case${points.length === 1 ? '' : 's'}; median of the runs, error bar from first to third quartile.`,
    '',
    '| Case | Median | Error bar (Q1–Q3) | Runs |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}
