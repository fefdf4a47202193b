import { escapeMarkdown } from './markdown.js';
import type { Point } from './model.js';
import { levels, quantity } from './format-number.js';

const quartiles = (p: Point): string => levels(p.unit, p.q1, p.q3, '–');

/** The error bar as shown: first to third quartile, or the tool's own range for summary-only points. */
export function errorBarText(p: Point): string {
  if (p.summaryOnly) return p.range ?? (p.q1 === p.q3 ? '—' : quartiles(p));
  if (p.runs < 2) return '—';
  return quartiles(p);
}

/** The job summary table: case, median, error bar, runs. */
export function renderCasesTable(points: readonly Point[], title = 'Benchmark cases'): string {
  const rows = points.map((p) => `| ${escapeMarkdown(p.case)} | ${quantity(p.value, p.unit)} | ${escapeMarkdown(errorBarText(p))} | ${p.runs}/${p.n} |`);
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

/**
 * GitHub takes a job summary of at most 1 MiB per step and drops a larger one whole, with an
 * error annotation: at about 280 bytes a case, a run of some 3,700 cases would lose its summary.
 */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;

/** The summary cut at a line end to fit `limit` bytes, saying so; `cut` tells whether it was. */
export function fitStepSummary(report: string, limit = STEP_SUMMARY_LIMIT): { readonly text: string; readonly cut: boolean } {
  const encoder = new TextEncoder();
  const bytes = (s: string): number => encoder.encode(s).length;
  if (bytes(report) <= limit) return { text: report, cut: false };
  const lines = report.split('\n');
  const note = (left: number): string => `\n\n**The summary stops here**: GitHub takes at most ${limit.toLocaleString('en')} bytes of it per step, and ${left.toLocaleString('en')} more lines were left out.\n`;
  let room = limit - bytes(note(lines.length));
  const kept: string[] = [];
  for (const line of lines) {
    const size = bytes(line) + 1;
    if (size > room) break;
    kept.push(line);
    room -= size;
  }
  return { text: `${kept.join('\n')}${note(lines.length - kept.length)}`, cut: true };
}
