import { attributionLine } from './attribution.js';
import type { ArmSummary, CaseComparison, Comparison, Round } from './compare/compare.js';
import { formatPercent, formatValue, levelScale, type DisplayScale } from './compare/display.js';
import { minEffectText } from './compare/verdict.js';
import { cell } from './render-summary.js';

/** One case as `benchtrend compare --json` prints it; values in the unit of the data. */
export interface CompareJsonCase {
  readonly case: string;
  readonly unit: string;
  readonly direction: 'smaller' | 'bigger';
  readonly baseline: Omit<ArmSummary, 'summaryOnly'> | null;
  readonly candidate: Omit<ArmSummary, 'summaryOnly'> | null;
  /** Candidate − baseline (Hodges–Lehmann); null when there is nothing to compare. */
  readonly shift: number | null;
  /** [lo, hi] of the shift. */
  readonly interval: readonly [number, number] | null;
  /** The confidence the interval really has (0.95, or less with too few runs). */
  readonly confidence: number | null;
  readonly method: 'paired' | 'unpaired' | null;
  /** Rounds with both arms reported, when the runs pair. */
  readonly pairs: number | null;
  /** (candidate median − baseline median) / baseline median. */
  readonly change: number | null;
  readonly verdict: CaseComparison['verdict'];
  readonly reason: string;
  readonly control: boolean;
  readonly drift: boolean;
  readonly attribution: string | null;
  readonly rounds: readonly Round[] | null;
}

function arm(a: ArmSummary | null): Omit<ArmSummary, 'summaryOnly'> | null {
  if (!a) return null;
  const { summaryOnly: _summaryOnly, ...rest } = a;
  return rest;
}

/** The array `--json` prints: one object per case, in report order. */
export function compareJson(comparison: Comparison): CompareJsonCase[] {
  return comparison.cases.map((c) => ({
    case: c.case,
    unit: c.unit,
    direction: c.direction,
    baseline: arm(c.baseline),
    candidate: arm(c.candidate),
    shift: c.shift?.estimate ?? null,
    interval: c.shift ? [c.shift.lo, c.shift.hi] : null,
    confidence: c.shift?.confidence ?? null,
    method: c.method,
    pairs: c.method === 'paired' && c.shift ? c.shift.count : null,
    change: c.change,
    verdict: c.verdict,
    reason: c.reason,
    control: c.control,
    drift: c.drift,
    attribution: c.attribution ? attributionLine(c.attribution) : null,
    rounds: c.rounds,
  }));
}

/** Each case is shown in one unit, chosen from its larger arm median (see levelScale). */
function scaleOf(c: CaseComparison): DisplayScale {
  const levels = [c.baseline?.median, c.candidate?.median].filter((v): v is number => v !== undefined);
  return levelScale(c.unit, levels.length ? Math.max(...levels.map(Math.abs)) : 0);
}

function level(a: ArmSummary | null, s: DisplayScale): string {
  if (!a) return '—';
  const range = a.min === a.max ? '' : ` (${formatValue(a.min, s)}–${formatValue(a.max, s)})`;
  return `${formatValue(a.median, s)} ${cell(s.unit)}${range}${a.summaryOnly ? ' summary' : ''}`;
}

function runs(a: ArmSummary | null): string {
  if (!a) return '—';
  if (a.summaryOnly) return 'summary';
  return `${a.runs}/${a.n}${a.failed ? `, ${a.failed} failed` : ''}`;
}

function shiftText(c: CaseComparison, s: DisplayScale): string {
  if (!c.shift) return '—';
  const { estimate, lo, hi, confidence } = c.shift;
  const conf = confidence < 0.95 - 1e-9 ? ` (${formatPercent(confidence, 1, false)})` : '';
  return `${formatValue(estimate, s, { plus: true })} ${cell(s.unit)} [${formatValue(lo, s, { plus: true })}, ${formatValue(hi, s, { plus: true })}]${conf}`;
}

function verdictText(c: CaseComparison): string {
  if (c.control) return c.drift ? `**drift** (${c.verdict})` : c.verdict === 'no-data' ? 'control, no data' : 'control, steady';
  return c.verdict === 'improved' || c.verdict === 'regressed' ? `**${c.verdict}**` : c.verdict;
}

function countLine(comparison: Comparison): string {
  const plain = comparison.cases.filter((c) => !c.control);
  const count = (v: CaseComparison['verdict']) => plain.filter((c) => c.verdict === v).length;
  const parts = [`${count('improved')} improved`, `${count('regressed')} regressed`, `${count('inconclusive')} inconclusive`];
  if (count('no-data')) parts.push(`${count('no-data')} no data`);
  const controls = comparison.cases.length - plain.length;
  if (controls) parts.push(`${controls} control${controls === 1 ? '' : 's'}, ${comparison.drift.length ? `${comparison.drift.length} drifted` : 'no drift'}`);
  const paired = comparison.cases.filter((c) => c.method === 'paired');
  const roundCounts = [...new Set(paired.map((c) => c.rounds?.length ?? 0))];
  const pairing = paired.length === 0 ? 'unpaired runs' : roundCounts.length === 1 ? `${roundCounts[0]} paired rounds` : 'paired rounds';
  const approximated = comparison.cases.filter((c) => c.shift?.method === 'normal').length;
  const intervals = approximated ? `95% intervals (normal approximation of the rank test for ${approximated} case${approximated === 1 ? '' : 's'} with 50+ runs)` : 'exact 95% intervals';
  return `${parts.join(', ')} · ${pairing} · ${intervals} · minimum effect ${minEffectText(comparison.minEffect)}`;
}

function roundsTable(c: CaseComparison): string[] {
  const s = scaleOf(c);
  const v = (x: number | null) => (x === null ? '—' : formatValue(x, s));
  return [
    `**${cell(c.case)}** (${cell(s.unit)})`,
    '',
    '| Round | Baseline | Candidate | Δ |',
    '| ---: | ---: | ---: | ---: |',
    ...(c.rounds ?? []).map((r) => `| ${r.round} | ${v(r.baseline)} | ${v(r.candidate)} | ${r.delta === null ? 'unpaired' : formatValue(r.delta, s, { plus: true })} |`),
    '',
  ];
}

export interface CompareMarkdownOptions {
  /** Markdown heading of the report; `###` sits under a job summary or PR comment title. */
  readonly heading?: string;
  readonly title?: string;
  /**
   * Longest report in characters: past it the round-by-round tables are left out (and the report
   * says so). GitHub refuses a comment body over 65,536 characters; the default leaves room for the
   * rest of a PR comment.
   */
  readonly limit?: number;
}

/** Room for the comment's own heading and marker within GitHub's 65,536-character body. */
export const DEFAULT_REPORT_LIMIT = 60_000;

/**
 * The report for the job summary, the PR comment and the terminal. Every name from the input goes
 * through `cell`, so a case named like markup is shown as its characters.
 */
export function renderCompareMarkdown(comparison: Comparison, options: CompareMarkdownOptions = {}): string {
  const heading = options.heading ?? '###';
  const files = (fs: readonly string[]) => fs.map((f) => cell(f)).join(', ');
  const lines = [
    `${heading} ${options.title ?? 'Compare: candidate against baseline'}`,
    '',
    countLine(comparison),
    '',
    `Baseline: ${files(comparison.baselineFiles)} · candidate: ${files(comparison.candidateFiles)}`,
    '',
  ];
  for (const d of comparison.drift) {
    const s = scaleOf(d);
    lines.push(
      `> **Drift:** control ${cell(d.case)} moved ${d.change === null ? '' : `${formatPercent(d.change)} `}(${shiftText(d, s)}) between the arms, so the machine changed too; read the other verdicts with care.`,
      '',
    );
  }
  lines.push(
    '| Case | Baseline median (min–max) | Candidate median (min–max) | Runs | Shift [95% interval] | Change | Verdict |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const c of comparison.cases) {
    const s = scaleOf(c);
    const change = c.change === null ? '—' : formatPercent(c.change);
    lines.push(`| ${cell(c.case)} | ${level(c.baseline, s)} | ${level(c.candidate, s)} | ${runs(c.baseline)} · ${runs(c.candidate)} | ${shiftText(c, s)} | ${change} | ${verdictText(c)} |`);
  }
  lines.push('');
  const attributed = comparison.cases.flatMap((c) => (c.attribution ? [attributionLine(c.attribution)] : []));
  if (attributed.length) lines.push('Where the total moved:', '', ...attributed.map((line) => `- ${cell(line)}`), '');
  const undecided = comparison.cases.filter((c) => !(c.verdict === 'improved' || c.verdict === 'regressed'));
  const why = [
    ...undecided.map((c) => `- ${cell(c.case)}: ${c.verdict}, ${cell(c.reason)}`),
    ...comparison.notes.map((n) => `- ${cell(n)}`),
  ];
  if (why.length) lines.push('<details><summary>Why not a verdict, and notes</summary>', '', ...why, '', '</details>', '');
  const head = lines.join('\n');
  const paired = comparison.cases.filter((c) => c.rounds && c.rounds.length > 0);
  if (paired.length === 0) return head;
  const rounds = ['<details><summary>Round by round</summary>', '', ...paired.flatMap(roundsTable), '</details>', ''].join('\n');
  const limit = options.limit ?? DEFAULT_REPORT_LIMIT;
  if (head.length + rounds.length <= limit) return `${head}\n${rounds}`;
  return `${head}\nThe round-by-round tables are left out to keep this report under ${limit} characters; \`benchtrend compare --json\` prints every round.\n`;
}
