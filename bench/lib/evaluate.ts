/**
 * Scores a replay against the steps injected into a synthetic history: which alerts were true,
 * which were noise, how soon each worse step was caught, and whether the change points found lie
 * where steps were injected. The figures in docs/alerts.md come from here.
 */
import type { ReplayResult } from '../../src/core/regress/replay.js';
import { median } from '../../src/core/stats.js';
import type { SyntheticHistory } from './synthetic.js';

export interface ScoreOptions {
  /** An alert raised up to this many commits after a worse step is that step's alert. */
  readonly matchWithin: number;
  /** A change point this close to an injected step (either direction) is that step. */
  readonly cpTolerance: number;
}

export const DEFAULT_SCORE_OPTIONS: ScoreOptions = { matchWithin: 10, cpTolerance: 3 };

export interface StepOutcome {
  readonly size: number;
  readonly worse: boolean;
  /** Commits from the step to the first alert about it; undefined when none came. */
  readonly delay?: number;
  /** A change point was left standing at the step at the end. */
  readonly changePoint: boolean;
  /** Its first alert named the commit where it starts. */
  readonly exact?: boolean;
  /** Commits from where it starts to the commit its first alert named (0 when exact, > 0 when late). */
  readonly offset?: number;
  /** Which rule raised its first alert. */
  readonly by?: 'regression' | 'change-point';
  /** A worse step: the oracle's placement (oracleCulprit) names the commit where it starts. */
  readonly oracleExact?: boolean;
}

export interface Score {
  readonly commits: number;
  readonly alerts: number;
  readonly trueAlerts: number;
  /** Alerts no injected worse step explains: what cries wolf. */
  readonly falseAlerts: number;
  /** Second and later alerts about a step already alerted on. */
  readonly duplicates: number;
  /** True alerts that name the commit where their step starts. */
  readonly culpritExact: number;
  readonly steps: readonly StepOutcome[];
  /** Change points standing at the end (not cleared), and how many lie at an injected step. */
  readonly changePoints: number;
  readonly changePointsAtSteps: number;
}

/** Commits either side of a step that the oracle's placement looks at. */
export const ORACLE_REACH = 30;

/**
 * Where a placement that knows more than any detector can would put a step: it knows that the
 * step lies within ORACLE_REACH commits of where it starts (and not beyond the steps either
 * side), the levels on both sides (the medians of up to ORACLE_REACH points each side, which the
 * generator's noise leaves within about a percent of the true ones), and every slow host (left
 * out). Between those two levels the maximum-likelihood split in Gaussian noise is the start τ
 * maximising Σ_{i ≥ τ} sign(b − a)·(x_i − (a + b)/2) over the logs; no estimate of the spread is
 * needed. It names the step exactly when its start reaches the largest sum, ties counted in its
 * favour: so the share it names exactly estimates the most any placement of a culprit can get
 * (two in three of the caught 5% steps in the moderate profile's 3.4% point noise), a ceiling and not a
 * proof, since the noise (medians of runs with outliers, a second mode) is not quite Gaussian.
 */
export function oracleCulprit(history: SyntheticHistory, stepAt: number): boolean {
  const starts = history.steps.map((s) => s.index).sort((a, b) => a - b);
  const before = starts.filter((i) => i < stepAt).pop() ?? 0;
  const after = starts.find((i) => i > stepAt) ?? history.points.length;
  const lo = Math.max(before, stepAt - ORACLE_REACH);
  const hi = Math.min(after, stepAt + ORACLE_REACH);
  const x = (i: number) => Math.log((history.points[i] as { value: number }).value);
  const kept = (from: number, to: number) => {
    const out: number[] = [];
    for (let i = from; i < to; i++) if (!history.slow[i]) out.push(x(i));
    return out;
  };
  const left = kept(lo, stepAt);
  const right = kept(stepAt, hi);
  if (!left.length || !right.length) return false;
  const a = median(left);
  const b = median(right);
  const sign = Math.sign(b - a);
  const m = (a + b) / 2;
  // Suffix sums: sums[i - lo] is the statistic of a step starting at i.
  const sums = new Float64Array(hi - lo + 1);
  for (let i = hi - 1; i >= lo; i--) sums[i - lo] = (sums[i - lo + 1] as number) + (history.slow[i] ? 0 : sign * (x(i) - m));
  let best = -Infinity;
  for (let i = lo + 1; i < hi; i++) best = Math.max(best, sums[i - lo] as number);
  return (sums[stepAt - lo] as number) >= best - 1e-12;
}

export function scoreReplay(history: SyntheticHistory, result: ReplayResult, options: ScoreOptions = DEFAULT_SCORE_OPTIONS): Score {
  const worseSteps = history.steps.filter((s) => s.worse);
  const delay = new Map<number, number>();
  const exactAt = new Set<number>();
  const firstAlert = new Map<number, { offset: number; by: 'regression' | 'change-point' }>();
  let trueAlerts = 0;
  let falseAlerts = 0;
  let duplicates = 0;
  let culpritExact = 0;
  for (const a of result.raised) {
    const step = worseSteps.find((s) =>
      a.kind === 'regression' ? a.at >= s.index && a.at - s.index <= options.matchWithin : Math.abs(a.index - s.index) <= options.cpTolerance,
    );
    if (!step) falseAlerts++;
    else if (delay.has(step.index)) duplicates++;
    else {
      trueAlerts++;
      if (a.index === step.index) {
        culpritExact++;
        exactAt.add(step.index);
      }
      delay.set(step.index, a.at - step.index);
      firstAlert.set(step.index, { offset: a.index - step.index, by: a.kind });
    }
  }
  const indexBySha = new Map(history.points.map((p, i) => [p.sha, i]));
  const standing = result.alerts
    .filter((a) => a.kind === 'change-point' && a.status !== 'cleared')
    .map((a) => indexBySha.get(a.sha) ?? -1);
  const near = (i: number, s: number) => Math.abs(i - s) <= options.cpTolerance;
  const steps: StepOutcome[] = history.steps.map((s) => {
    const d = delay.get(s.index);
    return {
      size: s.size,
      worse: s.worse,
      ...(s.worse && d !== undefined ? { delay: d } : {}),
      changePoint: standing.some((i) => near(i, s.index)),
      ...(s.worse && d !== undefined ? { exact: exactAt.has(s.index), ...firstAlert.get(s.index) } : {}),
      ...(s.worse ? { oracleExact: oracleCulprit(history, s.index) } : {}),
    };
  });
  return {
    commits: result.assessed,
    alerts: result.raised.length,
    trueAlerts,
    falseAlerts,
    duplicates,
    culpritExact,
    steps,
    changePoints: standing.length,
    changePointsAtSteps: standing.filter((i) => history.steps.some((s) => near(i, s.index))).length,
  };
}

export interface Summary {
  readonly cases: number;
  readonly commits: number;
  readonly alerts: number;
  readonly falseAlerts: number;
  readonly duplicates: number;
  /** False alerts per 1,000 commits per case. */
  readonly falsePerThousand: number;
  /** True alerts over all alerts. */
  readonly precision: number;
  /** Share of true alerts that name the commit where the step starts. */
  readonly culpritExact: number;
  /** The same share for the oracle's placement of the same caught steps (oracleCulprit): about the most any detector can get. */
  readonly culpritCeiling: number;
  /** Per worse step size: steps, caught within 3 commits, caught at all (within matchWithin), median delay. */
  readonly recall: readonly { size: number; steps: number; within3: number; caught: number; medianDelay: number | undefined; exact: number; oracleExact: number }[];
  readonly changePoints: number;
  readonly changePointPrecision: number;
  /** Share of injected steps (either direction) with a standing change point. */
  readonly changePointRecall: number;
}

export function summarise(scores: readonly Score[]): Summary {
  const sum = (f: (s: Score) => number) => scores.reduce((t, s) => t + f(s), 0);
  const commits = sum((s) => s.commits);
  const alerts = sum((s) => s.alerts);
  const falseAlerts = sum((s) => s.falseAlerts);
  const steps = scores.flatMap((s) => s.steps);
  const sizes = [...new Set(steps.map((s) => s.size))].sort((a, b) => a - b);
  const recall = sizes.map((size) => {
    const worse = steps.filter((s) => s.worse && s.size === size);
    const delays = worse.map((s) => s.delay).filter((d): d is number => d !== undefined).sort((a, b) => a - b);
    return {
      size,
      steps: worse.length,
      within3: worse.filter((s) => s.delay !== undefined && s.delay <= 3).length,
      caught: delays.length,
      medianDelay: delays.length ? (delays[Math.floor((delays.length - 1) / 2)] as number) : undefined,
      exact: worse.filter((s) => s.exact === true).length,
      oracleExact: worse.filter((s) => s.delay !== undefined && s.oracleExact === true).length,
    };
  });
  const changePoints = sum((s) => s.changePoints);
  // A true alert is the first about its step, so the caught worse steps are the true alerts' steps.
  const caughtSteps = steps.filter((s) => s.worse && s.delay !== undefined);
  return {
    cases: scores.length,
    commits,
    alerts,
    falseAlerts,
    duplicates: sum((s) => s.duplicates),
    falsePerThousand: commits ? (falseAlerts / commits) * 1000 : 0,
    precision: alerts ? sum((s) => s.trueAlerts) / alerts : 1,
    culpritExact: sum((s) => s.trueAlerts) ? sum((s) => s.culpritExact) / sum((s) => s.trueAlerts) : 1,
    culpritCeiling: caughtSteps.length ? caughtSteps.filter((s) => s.oracleExact === true).length / caughtSteps.length : 1,
    recall,
    changePoints,
    changePointPrecision: changePoints ? sum((s) => s.changePointsAtSteps) / changePoints : 1,
    changePointRecall: steps.length ? steps.filter((s) => s.changePoint).length / steps.length : 1,
  };
}
