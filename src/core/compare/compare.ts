import { attributeChange, type Attribution } from '../attribution.js';
import { applyDirectionOverrides, globTest, type DirectionOverride } from '../direction.js';
import { InputError, type BenchRecord, type Direction, type Metric } from '../model.js';
import { clean, spread } from '../stats.js';
import { matchCases, type Arms, type CaseSides } from './arms.js';
import { pairedShift, unpairedShift, type Shift } from './hodges-lehmann.js';
import { CONFIDENCE } from './rank-distributions.js';
import { decide, DEFAULT_MIN_EFFECT, type Verdict } from './verdict.js';

export interface CompareOptions {
  /** Smallest change, as a fraction of the baseline median, that earns a direction (default 0.01). */
  readonly minEffect?: number;
  /**
   * Cases that should not move (input `control-cases`, `--control`): a full case name
   * (`startup / spawnToAppReady`), a glob of names (`startup / *ToApp*`) or a metric name matched
   * in every shape, as on a push. Added to the controls the records name themselves.
   */
  readonly controls?: readonly string[];
  /**
   * `rounds` (default) pairs run i of each arm as round i whenever both arms have the same number of
   * runs, which is how an interleaved A/B bench writes them; `unpaired` compares all pairwise
   * differences, for arms that were not benched alternately.
   */
  readonly pairing?: 'rounds' | 'unpaired';
  /**
   * Input `direction-overrides` (`--direction-overrides`): a case they decide is judged their way,
   * as its points are on a push, so that more free memory is not called a regression here alone.
   */
  readonly directionOverrides?: readonly DirectionOverride[];
}

/** One arm of one case. Values are in the data's unit. */
export interface ArmSummary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** Runs that reported the case. */
  readonly runs: number;
  /** Runs in the record, failed and unreported included. */
  readonly n: number;
  /** Runs the format reported as failed. */
  readonly failed: number;
  /** True when the tool gave only a summary: no runs to compare. */
  readonly summaryOnly: boolean;
  readonly file: string;
}

export interface Round {
  /** 1-based, as a reader counts rounds. */
  readonly round: number;
  readonly baseline: number | null;
  readonly candidate: number | null;
  /** candidate − baseline; null when either arm did not report the round. */
  readonly delta: number | null;
}

export interface CaseComparison {
  readonly case: string;
  readonly shape: string;
  readonly metric: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly baseline: ArmSummary | null;
  readonly candidate: ArmSummary | null;
  /** `paired`: Hodges–Lehmann of per-round deltas; `unpaired`: median of all pairwise differences. */
  readonly method: 'paired' | 'unpaired' | null;
  /** Candidate − baseline, with its interval; null when there is nothing to compare. */
  readonly shift: Shift | null;
  /** (candidate median − baseline median) / baseline median; null without both medians or with a zero baseline. */
  readonly change: number | null;
  readonly verdict: Verdict;
  readonly reason: string;
  readonly control: boolean;
  /** A control case whose verdict is directional: the machine, not the change, moved. */
  readonly drift: boolean;
  /** Every round, complete or not, when the runs pair by round. */
  readonly rounds: readonly Round[] | null;
  /** On a shape's total with a directional verdict: the stages that own the change. */
  readonly attribution: Attribution | null;
}

export interface Comparison {
  readonly cases: readonly CaseComparison[];
  readonly minEffect: number;
  readonly confidence: number;
  /** Control cases that moved. */
  readonly drift: readonly CaseComparison[];
  readonly baselineFiles: readonly string[];
  readonly candidateFiles: readonly string[];
  /** Things a reader should know: notes from the parse, runs that do not pair. */
  readonly notes: readonly string[];
}

/** Every run of the metric, including those a record past MAX_SAMPLES keeps out of its point. */
function runsOf(m: Metric): readonly (number | null)[] {
  return m.allSamples ?? m.samples;
}

function reported(m: Metric): number[] {
  return runsOf(m).filter((v): v is number => v !== null);
}

function summarise(record: BenchRecord, metric: Metric): ArmSummary | null {
  const values = reported(metric);
  const failed = metric.failed ?? 0;
  if (values.length > 0) {
    const s = spread(values);
    // A record's run count leaves out the runs past MAX_SAMPLES of a metric kept as its summary.
    const n = Math.max(record.runs, runsOf(metric).length);
    return { median: clean(s.median), min: clean(s.min), max: clean(s.max), runs: values.length, n, failed, summaryOnly: false, file: record.file };
  }
  const sum = metric.summary;
  if (!sum) return null;
  return {
    median: sum.value,
    min: sum.lo ?? sum.value,
    max: sum.hi ?? sum.value,
    runs: 0,
    n: sum.samples ?? record.runs,
    failed,
    summaryOnly: true,
    file: record.file,
  };
}

/** Run i of each arm is round i only when both arms ran the same number of rounds. */
function pairsByRound(sides: CaseSides, pairing: 'rounds' | 'unpaired'): boolean {
  const b = sides.baseline;
  const c = sides.candidate;
  return (
    pairing === 'rounds' &&
    b !== undefined &&
    c !== undefined &&
    b.record.runs === c.record.runs &&
    runsOf(b.metric).length === b.record.runs &&
    runsOf(c.metric).length === c.record.runs
  );
}

function roundsOf(b: Metric, c: Metric): Round[] {
  const cs = runsOf(c);
  return runsOf(b).map((bv, i) => {
    const cv = cs[i] ?? null;
    return { round: i + 1, baseline: bv, candidate: cv, delta: bv !== null && cv !== null ? clean(cv - bv) : null };
  });
}

function cleanShift(s: Shift): Shift {
  return { ...s, estimate: clean(s.estimate), lo: clean(s.lo), hi: clean(s.hi) };
}

/** Whether a `control-cases` line names the case: its name or a glob of it, or its metric (as on a push). */
function names(line: string, c: { readonly case: string; readonly metric: string }): boolean {
  return globTest(line)(c.case) || line === c.metric;
}

function isControl(sides: CaseSides, named: readonly string[]): boolean {
  const own = [...(sides.baseline?.record.controls ?? []), ...(sides.candidate?.record.controls ?? [])];
  return named.some((line) => names(line, sides)) || own.includes(sides.metric);
}

function compareCase(sides: CaseSides, minEffect: number, pairing: 'rounds' | 'unpaired', controls: readonly string[]): CaseComparison {
  const baseline = sides.baseline ? summarise(sides.baseline.record, sides.baseline.metric) : null;
  const candidate = sides.candidate ? summarise(sides.candidate.record, sides.candidate.metric) : null;
  const control = isControl(sides, controls);
  const base = {
    case: sides.case,
    shape: sides.shape,
    metric: sides.metric,
    unit: sides.unit,
    direction: sides.direction,
    baseline,
    candidate,
    control,
    attribution: null,
  };
  const change = baseline && candidate && baseline.median !== 0 ? clean((candidate.median - baseline.median) / Math.abs(baseline.median)) : null;
  const noData = (reason: string): CaseComparison => ({ ...base, method: null, shift: null, change, verdict: 'no-data', reason, drift: false, rounds: null });
  if (!sides.baseline || !baseline) return noData(sides.baseline ? 'the baseline reported no run of it' : 'only the candidate has this case');
  if (!sides.candidate || !candidate) return noData(sides.candidate ? 'the candidate reported no run of it' : 'only the baseline has this case');
  if (baseline.summaryOnly || candidate.summaryOnly) return noData('only a summary, no runs: a shift needs the runs of both arms');

  let method: 'paired' | 'unpaired';
  let shift: Shift;
  let rounds: Round[] | null = null;
  if (pairsByRound(sides, pairing)) {
    rounds = roundsOf(sides.baseline.metric, sides.candidate.metric);
    const deltas = rounds.map((r) => r.delta).filter((d): d is number => d !== null);
    if (deltas.length === 0) return { ...noData('no round has both arms reported'), rounds };
    method = 'paired';
    shift = cleanShift(pairedShift(deltas));
  } else {
    method = 'unpaired';
    shift = cleanShift(unpairedShift(reported(sides.baseline.metric), reported(sides.candidate.metric)));
  }
  const { verdict, reason } = decide(shift, change, sides.direction, minEffect, candidate.median - baseline.median);
  const directional = verdict === 'improved' || verdict === 'regressed';
  return { ...base, method, shift, change, verdict, reason, drift: control && directional, rounds };
}

/** Stage medians of one shape on each side, for the attribution of its total. */
function attributeTotal(total: CaseComparison, cases: readonly CaseComparison[]): Attribution | null {
  if (!total.baseline || !total.candidate) return null;
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  for (const c of cases) {
    if (c.shape !== total.shape || c.metric === 'total' || c.unit !== total.unit) continue;
    if (c.baseline && !c.baseline.summaryOnly) before.set(c.metric, c.baseline.median);
    if (c.candidate && !c.candidate.summaryOnly) after.set(c.metric, c.candidate.median);
  }
  if (before.size === 0 && after.size === 0) return null;
  return attributeChange({ case: total.case, unit: total.unit, total: { before: total.baseline.median, after: total.candidate.median }, before, after });
}

function unknownControls(named: readonly string[], cases: readonly CaseComparison[]): string[] {
  return named.filter((n) => !cases.some((c) => names(n, c)));
}

/**
 * Compares a baseline arm with a candidate arm, case by case. Pure: records in, numbers out; the
 * same records always give the same numbers, since every interval is exact rather than resampled.
 */
export function compareArms(arms: Arms, options: CompareOptions = {}): Comparison {
  const minEffect = options.minEffect ?? DEFAULT_MIN_EFFECT;
  if (!(minEffect >= 0 && minEffect < 1)) throw new InputError(`compare-min-effect: must be from 0% to below 100%, got ${minEffect * 100}%`);
  const named = options.controls ?? [];
  const pairing = options.pairing ?? 'rounds';
  const sides = applyDirectionOverrides(matchCases(arms), options.directionOverrides ?? []);
  const compared = sides.map((s) => compareCase(s, minEffect, pairing, named));
  // A control that names nothing would read exactly like a control that held still.
  const unknown = unknownControls(named, compared);
  if (unknown.length > 0) {
    throw new InputError(`control-cases: ${unknown.map((u) => JSON.stringify(u)).join(', ')} ${unknown.length === 1 ? 'names' : 'name'} no case of the comparison`);
  }
  const cases = compared.map((c) =>
    c.metric === 'total' && (c.verdict === 'improved' || c.verdict === 'regressed') ? { ...c, attribution: attributeTotal(c, compared) } : c,
  );

  const notes: string[] = [];
  for (const r of [...arms.baseline, ...arms.candidate]) for (const note of r.notes ?? []) notes.push(`${r.file}: ${note}`);
  for (const s of sides) if (s.note !== undefined) notes.push(s.note);
  const shapes = new Set(sides.map((s) => s.shape));
  for (const shape of shapes) {
    const b = arms.baseline.find((r) => r.shape === shape);
    const c = arms.candidate.find((r) => r.shape === shape);
    if (b && c && pairing === 'rounds' && b.runs !== c.runs) {
      notes.push(
        `${shape}: the baseline has ${b.runs} run${b.runs === 1 ? '' : 's'} and the candidate ${c.runs}, so rounds cannot pair; shifts are the median of all pairwise differences`,
      );
    }
  }
  return {
    cases,
    minEffect,
    confidence: CONFIDENCE,
    drift: cases.filter((c) => c.drift),
    baselineFiles: [...new Set(arms.baseline.map((r) => r.file))],
    candidateFiles: [...new Set(arms.candidate.map((r) => r.file))],
    notes,
  };
}
