import { attributionLine } from './attribution.js';
import type { ArmSummary, CaseComparison, Comparison, Round } from './compare/compare.js';
import { formatPercent, formatValue, levelScale, type DisplayScale } from './compare/display.js';
import { minEffectText } from './compare/verdict.js';
import { escapeMarkdown } from './markdown.js';
import { isolate } from './text.js';

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

/**
 * How a report marks up what it takes from the input and what it stresses: markdown escapes names
 * and bolds verdicts, a terminal shows both as they are.
 */
export interface CompareStyle {
  readonly esc: (text: string) => string;
  readonly strong: (text: string) => string;
}

const MARKDOWN: CompareStyle = { esc: escapeMarkdown, strong: (t) => `**${t}**` };

function level(a: ArmSummary | null, s: DisplayScale, esc: CompareStyle['esc']): string {
  if (!a) return '—';
  const range = a.min === a.max ? '' : ` (${formatValue(a.min, s)}–${formatValue(a.max, s)})`;
  return `${formatValue(a.median, s)} ${esc(s.unit)}${range}${a.summaryOnly ? ' summary' : ''}`;
}

function runs(a: ArmSummary | null): string {
  if (!a) return '—';
  if (a.summaryOnly) return 'summary';
  return `${a.runs}/${a.n}${a.failed ? `, ${a.failed} failed` : ''}`;
}

function shiftText(c: CaseComparison, s: DisplayScale, esc: CompareStyle['esc']): string {
  if (!c.shift) return '—';
  const { estimate, lo, hi, confidence } = c.shift;
  const conf = confidence < 0.95 - 1e-9 ? ` (${formatPercent(confidence, 1, false)})` : '';
  return `${formatValue(estimate, s, { plus: true })} ${esc(s.unit)} [${formatValue(lo, s, { plus: true })}, ${formatValue(hi, s, { plus: true })}]${conf}`;
}

function verdictText(c: CaseComparison, strong: CompareStyle['strong']): string {
  if (c.control) return c.drift ? `${strong('drift')} (${c.verdict})` : c.verdict === 'no-data' ? 'control, no data' : 'control, steady';
  return c.verdict === 'improved' || c.verdict === 'regressed' ? strong(c.verdict) : c.verdict;
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
  const pairing = paired.length === 0 ? 'unpaired runs' : roundCounts.length === 1 ? `${roundCounts[0]} paired round${roundCounts[0] === 1 ? '' : 's'}` : 'paired rounds';
  const approximated = comparison.cases.filter((c) => c.shift?.method === 'normal').length;
  const intervals = approximated ? `95% intervals (normal approximation of the rank test for ${approximated} case${approximated === 1 ? '' : 's'} with 50+ runs)` : 'exact 95% intervals';
  return `${parts.join(', ')} · ${pairing} · ${intervals} · minimum effect ${minEffectText(comparison.minEffect)}`;
}

export const COMPARE_HEAD = ['Case', 'Baseline median (min–max)', 'Candidate median (min–max)', 'Runs', 'Shift [95% interval]', 'Change', 'Verdict'] as const;

/** One round of a paired case, its cells in the case's display unit. */
export interface RoundCells {
  readonly round: string;
  readonly baseline: string;
  readonly candidate: string;
  readonly delta: string;
}

/** What the compare report says, whichever way it is laid out. */
export interface CompareReport {
  readonly counts: string;
  readonly baselineFiles: string;
  readonly candidateFiles: string;
  /** One sentence per drifted control. */
  readonly drift: readonly string[];
  /** The main table's rows, in COMPARE_HEAD's order. */
  readonly rows: readonly (readonly string[])[];
  readonly attribution: readonly string[];
  /** Why a case has no verdict, and the comparison's notes. */
  readonly why: readonly string[];
  /** Each paired case with its unit and rounds. */
  readonly rounds: readonly { readonly case: string; readonly unit: string; readonly rows: readonly RoundCells[] }[];
}

/** The comparison as the cells and sentences of its report, names passed through `style.esc`. */
export function compareReport(comparison: Comparison, style: CompareStyle): CompareReport {
  const { esc, strong } = style;
  const files = (fs: readonly string[]) => fs.map((f) => esc(f)).join(', ');
  return {
    counts: countLine(comparison),
    baselineFiles: files(comparison.baselineFiles),
    candidateFiles: files(comparison.candidateFiles),
    drift: comparison.drift.map((d) => {
      const s = scaleOf(d);
      return `${strong('Drift:')} control ${esc(isolate(d.case))} moved ${d.change === null ? '' : `${formatPercent(d.change)} `}(${shiftText(d, s, esc)}) between the arms, so the machine changed too; read the other verdicts with care.`;
    }),
    rows: comparison.cases.map((c) => {
      const s = scaleOf(c);
      return [esc(c.case), level(c.baseline, s, esc), level(c.candidate, s, esc), `${runs(c.baseline)} · ${runs(c.candidate)}`, shiftText(c, s, esc), c.change === null ? '—' : formatPercent(c.change), verdictText(c, strong)];
    }),
    attribution: comparison.cases.flatMap((c) => (c.attribution ? [esc(attributionLine(c.attribution))] : [])),
    why: [
      // A control's row says "control, steady", and the counts leave it out: its note says the same.
      ...comparison.cases
        .filter((c) => !(c.verdict === 'improved' || c.verdict === 'regressed'))
        .map((c) => `${esc(isolate(c.case))}: ${c.control ? verdictText(c, (t) => t) : c.verdict}, ${esc(c.reason)}`),
      ...comparison.notes.map((n) => esc(n)),
    ],
    rounds: comparison.cases
      .filter((c) => c.rounds && c.rounds.length > 0)
      .map((c) => {
        const s = scaleOf(c);
        const v = (x: number | null) => (x === null ? '—' : formatValue(x, s));
        return {
          case: esc(isolate(c.case)),
          unit: esc(s.unit),
          rows: (c.rounds ?? []).map((r) => ({ round: String(r.round), baseline: v(r.baseline), candidate: v(r.candidate), delta: r.delta === null ? 'unpaired' : formatValue(r.delta, s, { plus: true }) })),
        };
      }),
  };
}

function roundsTable(r: CompareReport['rounds'][number]): string[] {
  return [
    `**${r.case}** (${r.unit})`,
    '',
    '| Round | Baseline | Candidate | Δ |',
    '| ---: | ---: | ---: | ---: |',
    ...r.rows.map((x) => `| ${x.round} | ${x.baseline} | ${x.candidate} | ${x.delta} |`),
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
 * through `escapeMarkdown`, so a case named like markup is shown as its characters.
 */
export function renderCompareMarkdown(comparison: Comparison, options: CompareMarkdownOptions = {}): string {
  const heading = options.heading ?? '###';
  const report = compareReport(comparison, MARKDOWN);
  const lines = [
    `${heading} ${options.title ?? 'Compare: candidate against baseline'}`,
    '',
    report.counts,
    '',
    `Baseline: ${report.baselineFiles} · candidate: ${report.candidateFiles}`,
    '',
  ];
  for (const d of report.drift) lines.push(`> ${d}`, '');
  lines.push(`| ${COMPARE_HEAD.join(' | ')} |`, '| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of report.rows) lines.push(`| ${row.join(' | ')} |`);
  lines.push('');
  // Appended one by one: as arguments of one push, a list of some 150,000 notes overflows the stack.
  if (report.attribution.length) for (const line of ['Where the total moved:', '', ...report.attribution.map((l) => `- ${l}`), '']) lines.push(line);
  if (report.why.length) for (const line of ['<details><summary>Why not a verdict, and notes</summary>', '', ...report.why.map((w) => `- ${w}`), '', '</details>', '']) lines.push(line);
  const head = lines.join('\n');
  if (report.rounds.length === 0) return head;
  const rounds = ['<details><summary>Round by round</summary>', '', ...report.rounds.flatMap(roundsTable), '</details>', ''].join('\n');
  const limit = options.limit ?? DEFAULT_REPORT_LIMIT;
  if (head.length + rounds.length <= limit) return `${head}\n${rounds}`;
  return `${head}\nThe round-by-round tables are left out to keep this report under ${limit} characters; \`benchtrend compare --json\` prints every round.\n`;
}
