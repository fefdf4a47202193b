import { escapeMarkdown } from './markdown.js';
import type { Point } from './model.js';
import { shortNumber } from './format-number.js';

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
  const rows = points.map((p) => `| ${escapeMarkdown(p.case)} | ${withUnit(p.value, p.unit)} | ${escapeMarkdown(errorBarText(p))} | ${p.runs}/${p.n} |`);
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
