/**
 * Replays a case's history commit by commit as the publisher would have met it: at each commit
 * the detector sees the points so far and what earlier runs stored, and its alerts are stored
 * for the next. The evaluation and the tests measure the detector through this, so what they
 * measure is what a maintainer would have been told, in order.
 */
import type { StoredAlert } from '../trend/types.js';
import { memoryOf, updateAlerts } from './alerts.js';
import { ALIKE_LOOKBACK, HOST_WAIT, assessCase, type CaseSeries, type RaisedAlert, type SeriesPoint, type VerdictKind } from './detect.js';
import type { AlertSettings } from './settings.js';

export interface RaisedAt extends RaisedAlert {
  /** Index of the commit whose run raised it. */
  readonly at: number;
  /** Index of the commit the alert names (the newest point, or where a step starts). */
  readonly index: number;
}

export interface ReplayResult {
  /** Every alert raised, in order: what would have been commented on. */
  readonly raised: readonly RaisedAt[];
  /** Verdict of each replayed commit, by index (undefined before `from`). */
  readonly verdicts: readonly (VerdictKind | undefined)[];
  /** manifest.alerts for this case after the last commit. */
  readonly alerts: readonly StoredAlert[];
  /** Commits assessed. */
  readonly assessed: number;
}

export interface ReplayOptions {
  readonly suiteCases: number;
  /**
   * The cases of the job that published commit i, where they differ from commit to commit (a suite
   * that grew, jobs of different sizes, a partial re-run): each limit is set as that publish set it.
   */
  readonly suiteCasesAt?: (i: number) => number;
  /** First index to assess (earlier points are only history). */
  readonly from?: number;
  /** What the rest of the suite says about the machine at commit i (AssessOptions.hostMoved). */
  readonly hostMoved?: (i: number) => boolean | undefined;
  /** Whether the suite's control cases moved at commit i (AssessOptions.runnerNoise). */
  readonly runnerNoise?: (i: number) => boolean | undefined;
  /** At commit i, whether the control cases are still worse than before the commit of seq (AssessOptions.controlsMovedSince). */
  readonly controlsMovedSince?: (i: number, from: number, since: number) => boolean | undefined;
  /** Whether every case of the job moved worse by about the same factor at commit i (AssessOptions.jobMovedAlike). */
  readonly jobMovedAlike?: (i: number) => boolean | undefined;
}

/**
 * The indices of points[0, end) a publish at `seq` read, oldest first, at most `keep`: those no
 * re-bench of an older commit had replaced by then (SeriesPoint.until).
 */
export function standingIndices(points: readonly SeriesPoint[], end: number, seq: number, keep: number): number[] {
  const out: number[] = [];
  for (let i = end - 1; i >= 0 && out.length < keep; i--) {
    const until = (points[i] as SeriesPoint).until;
    if (until === undefined || until > seq) out.push(i);
  }
  return out.reverse();
}

/** The index of the commit `k` before t (k = 1 the one before): `before` when points were replaced, else t - k. */
const back = (t: number, k: number, before?: readonly number[]) => (before ? before[k - 1] : t - k >= 0 ? t - k : undefined);

/** jobMovedAlike at the ALIKE_LOOKBACK commits before t, newest first. */
function alikeBefore(alike: (i: number) => boolean | undefined, t: number, before?: readonly number[]): boolean[] {
  const out: boolean[] = [];
  for (let k = 1, i = back(t, 1, before); k <= ALIKE_LOOKBACK && i !== undefined; i = back(t, ++k, before)) out.push(alike(i) === true);
  return out;
}

/** hostMoved at the `count` commits before t, newest first (AssessOptions.hostMovedBefore: HOST_WAIT of them). */
function hostBefore(host: (i: number) => boolean | undefined, t: number, count: number, before?: readonly number[]): (boolean | undefined)[] {
  const out: (boolean | undefined)[] = [];
  for (let k = 1, i = back(t, 1, before); k <= count && i !== undefined; i = back(t, ++k, before)) out.push(host(i));
  return out;
}

export function replay(series: CaseSeries, settings: AlertSettings, options: ReplayOptions): ReplayResult {
  const limit = settings.changePoints.scanLimit;
  const indexBySha = new Map(series.points.map((p, i) => [p.sha, i]));
  const replaced = series.points.some((p) => p.until !== undefined);
  let alerts: StoredAlert[] = [];
  let raised: RaisedAt[] = [];
  const verdicts: (VerdictKind | undefined)[] = [];
  let assessed = 0;
  for (let t = options.from ?? 0; t < series.points.length; t++) {
    const newest = series.points[t] as SeriesPoint;
    if (newest.rebench === true) {
      // A re-bench of an older commit is history for the commits after it; publishing it judged
      // nothing, and took back the regressions the run it replaced had raised.
      const stale = (a: { kind: string; sha: string; raisedAt?: string }) => a.kind === 'regression' && (a.raisedAt ?? a.sha) === newest.sha;
      alerts = alerts.filter((a) => !stale(a));
      raised = raised.filter((a) => !stale({ kind: a.kind, sha: a.sha, raisedAt: (series.points[a.at] as SeriesPoint).sha }));
      continue;
    }
    const at = replaced ? standingIndices(series.points, t + 1, newest.seq, limit) : undefined;
    const window = at ? at.map((i) => series.points[i] as SeriesPoint) : series.points.slice(Math.max(0, t + 1 - limit), t + 1);
    // Newest first, without t itself.
    const before = at?.slice(0, -1).reverse();
    const hostMoved = options.hostMoved?.(t);
    const hostMovedBefore = options.hostMoved ? hostBefore(options.hostMoved, t, HOST_WAIT, before) : undefined;
    const runnerNoise = options.runnerNoise?.(t);
    const since = options.controlsMovedSince;
    const jobMovedAlike = options.jobMovedAlike?.(t);
    const jobMovedAlikeBefore = options.jobMovedAlike ? alikeBefore(options.jobMovedAlike, t, before) : undefined;
    const { verdict, changePoints } = assessCase({ ...series, points: window }, memoryOf(alerts, series.suite, series.case), settings, {
      suiteCases: options.suiteCasesAt?.(t) ?? options.suiteCases,
      ...(hostMoved !== undefined ? { hostMoved } : {}),
      ...(hostMovedBefore !== undefined ? { hostMovedBefore } : {}),
      ...(runnerNoise !== undefined ? { runnerNoise } : {}),
      ...(since ? { controlsMovedSince: (from: number, seqSince: number) => since(t, from, seqSince) } : {}),
      ...(jobMovedAlike !== undefined ? { jobMovedAlike } : {}),
      ...(jobMovedAlikeBefore !== undefined ? { jobMovedAlikeBefore } : {}),
    });
    alerts = updateAlerts(alerts, [verdict], [changePoints]);
    verdicts[t] = verdict.kind;
    assessed++;
    // A commit a re-bench ran again has two points; the alert names the one this publish read.
    const sha = verdict.alert?.sha;
    const index = at ? at.findLast((i) => (series.points[i] as SeriesPoint).sha === sha) : indexBySha.get(sha ?? '');
    if (verdict.alert) raised.push({ ...verdict.alert, at: t, index: index ?? t });
  }
  return { raised, verdicts, alerts, assessed };
}
