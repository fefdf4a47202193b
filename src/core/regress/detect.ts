/**
 * The per-case decision: is the newest point a regression worth a maintainer's attention?
 *
 * Most noise in CI lies between jobs, so the baseline is a window of recent medians on the
 * current level (restarted at every change point, either direction), not the previous point.
 * A run of recent points is a regression when each of them is worse than the baseline by the
 * minimum effect (and the absolute floor) AND beyond a one-sided prediction limit from the
 * baseline (Student t on log medians). The suite's false-alarm budget per commit is shared among
 * its cases (Šidák), so a suite of 300 cases is as quiet as a suite of one.
 *
 * A single point beyond the limit is only "watch": one slow host looks exactly like a step, and
 * the synthetic evaluation (docs/alerts.md) shows that alerting on it alone cries wolf about ten
 * times per thousand commits. Two in a row rarely come from noise.
 *
 * Change points (E-Divisive means) mark steps, restart the baseline, and confirm or clear earlier
 * suspicions; a lasting step in the worse direction that the limit missed (a slow drift) is
 * itself raised once it is found.
 */
import { mean, medianAbsoluteDeviation, sumNthPowerDeviations } from 'simple-statistics';
import type { Attribution } from '../attribution.js';
import type { Direction } from '../model.js';
import { median, quantileSorted, sorted, sortedScratch } from '../stats.js';
import type { AlertStatus } from '../trend/types.js';
import { floorIn } from './absolute-floor.js';
import { eDivisive } from './change-points.js';
import { hashString } from './prng.js';
import type { AlertSettings } from './settings.js';
import { tUpperQuantile } from './student-t.js';
import { DETAILS, describeChange, describeWorseChange, withoutDetails } from './words.js';

// The renderers and the alerts module take them from here with the verdicts they belong to.
export { DETAILS, withoutDetails };
// Local names kept short: they are spelled in many reasons here.
import { levels, quantity, shortNumber as num } from '../format-number.js';

/** One point of a case's history on the trend's branch. */
export interface SeriesPoint {
  readonly sha: string;
  /** Segment sequence number it was published in: orders points and identifies them. */
  readonly seq: number;
  readonly value: number;
  readonly q1: number;
  readonly q3: number;
  readonly runs: number;
  readonly n: number;
  /**
   * Seq of the suite's previous segment (at another commit), when the source knows it: the ratio
   * rule, like github-action-benchmark, compares only with that entry and skips a case it lacked.
   */
  readonly previousSeq?: number;
  /**
   * The point is a tool's summary (a mean with its error bar), not runs: its q1/q3 are that error
   * bar. Only the newest point's is read (by the overwhelming rule), so sources that cannot tell
   * it for older points may leave it out.
   */
  readonly summaryOnly?: boolean;
  /** Its run re-benched an older commit (rebench.ts), or benched one first after its descendants (olderFirstBenches): history for the points after it, never judged itself. */
  readonly rebench?: boolean;
  /**
   * The seq of the re-bench of an older commit that replaced this point: the publishes before it
   * read the point, those from it on do not (a replay's series only; a publish reads its own).
   */
  readonly until?: number;
}

export interface CaseSeries {
  readonly suite: string;
  readonly case: string;
  readonly unit: string;
  readonly direction: Direction;
  /** Oldest first; the last point is the one judged. */
  readonly points: readonly SeriesPoint[];
}

/** What earlier runs stored about this case (its entries of manifest.alerts). */
export interface CaseMemory {
  readonly changePoints: readonly { readonly sha: string; readonly seq: number; readonly status: AlertStatus; readonly change?: number }[];
  readonly regressions: readonly { readonly sha: string; readonly seq: number; readonly status: AlertStatus }[];
}

export const NO_MEMORY: CaseMemory = { changePoints: [], regressions: [] };

export interface ChangePoint {
  readonly sha: string;
  readonly seq: number;
  /** Medians of the level before and after the step. */
  readonly before: number;
  readonly after: number;
  /** Relative change, positive when worse (+0.12 = 12% worse). */
  readonly change: number;
  readonly pValue: number;
  /** suspected until `stableAfter` points follow it, then confirmed and never re-examined. */
  readonly status: 'suspected' | 'confirmed';
  readonly pointsAfter: number;
  /** True when no earlier run had stored it. */
  readonly isNew: boolean;
  /** The stored change point it replaces: the same step, placed better with more commits. */
  readonly movedFrom?: string;
}

export type VerdictKind =
  /** The recent run of points is beyond the limit: a new alert, or one still open. */
  | 'regressed'
  /** A lasting step in the worse direction found by the change-point scan at an earlier commit. */
  | 'step'
  /** The newest point alone is beyond the limit: one more will tell. */
  | 'watch'
  | 'improved'
  | 'unchanged'
  | 'not-enough-history'
  /** The point re-benched an older commit (rebench.ts): history, not news. */
  | 'not-judged';

export interface Baseline {
  /** Median, first and third quartile of the baseline's medians on the current level. */
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  /** Points on the current level in the baseline. */
  readonly count: number;
  /** The worse-side prediction limit in the case's unit (undefined for the ratio method). */
  readonly limit?: number;
  /** The change point the current level starts at, when there is one in view. */
  readonly sinceSha?: string;
}

/** An alert this run raises; it lands in manifest.alerts and on the commit it names. */
export interface RaisedAlert {
  readonly kind: 'regression' | 'change-point';
  readonly sha: string;
  readonly seq: number;
  readonly baseline: number;
  readonly value: number;
  /** Undefined when there is no finite ratio: a step from zero (the ratio rule alerts on it). */
  readonly change?: number;
  readonly reason: string;
}

/** An earlier alert whose status moves on this run. */
export interface StatusChange {
  readonly kind: 'regression' | 'change-point';
  readonly sha: string;
  readonly seq: number;
  readonly status: 'confirmed' | 'cleared';
  readonly reason: string;
}

/** The newest point's own fields, as its history holds them. */
export interface CaseVerdict extends Pick<SeriesPoint, 'sha' | 'seq' | 'value' | 'q1' | 'q3' | 'runs' | 'n'> {
  readonly suite: string;
  readonly case: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly kind: VerdictKind;
  readonly method: 'limit' | 'ratio';
  readonly baseline?: Baseline;
  /** Newest value against the baseline median, positive when worse. */
  readonly change?: number;
  /** The run of points the decision rests on: how many, and the first of them. */
  readonly run?: { readonly count: number; readonly firstSha: string };
  /** Why, in words a maintainer reads in ten seconds. */
  readonly reason: string;
  /** The alert raised on this run, if any. */
  readonly alert?: RaisedAlert;
  /** The open alert a `regressed` verdict continues, when it is not new. */
  readonly ongoing?: { readonly sha: string; readonly status: AlertStatus };
  /** Earlier alerts of this case that this run confirms or clears. */
  readonly transitions: readonly StatusChange[];
  /** Recent medians, oldest first, for the sparkline. */
  readonly recent: readonly number[];
  /**
   * A regressed `<shape> / total`: its change split among the shape's stages at this commit, each
   * against its own baseline. Set by attributeVerdicts, never by assessCase, which sees one case.
   */
  readonly attribution?: Attribution;
}

/** The change points of one case after this run's scan, for updateAlerts. */
export interface CaseChangePoints {
  readonly suite: string;
  readonly case: string;
  /** The case's unit and direction, for the reasons of the steps found. */
  readonly unit: string;
  readonly direction: Direction;
  /** Stored change points of this case with seq in [fromSeq, toSeq] were re-examined. */
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly found: readonly ChangePoint[];
}

export interface CaseAssessment {
  readonly verdict: CaseVerdict;
  readonly changePoints: CaseChangePoints;
}

export interface AssessOptions {
  /** Cases in the suite: the false-alarm budget is shared among them. */
  readonly suiteCases: number;
  /**
   * `push`: the trend's own history, alerts raised and resolved. `compare`: a pull request's
   * head point against the base branch; nothing is raised and one point is enough to report.
   */
  readonly mode?: 'push' | 'compare';
  /**
   * Whether the machine moved at this commit, as the rest of the suite (or its control cases)
   * tells: false when the other cases held still, true when they moved too, undefined when there
   * is nothing to tell by. One point alone is alerted at once (overwhelming) only on false: a
   * slow host looks exactly like a step for one commit, and only other cases can tell them apart.
   */
  readonly hostMoved?: boolean;
  /**
   * hostMoved at the commits before this one, newest first (as many as the caller knows; up to
   * HOST_WAIT are asked): a run of the fewest points that began where the rest of the suite
   * moved too waits one more commit (step 5d′), and a run during which it moved at every commit
   * waits as long as it does, up to HOST_WAIT commits (5d″).
   */
  readonly hostMovedBefore?: readonly (boolean | undefined)[];
  /**
   * True when the suite's control cases (input `control-cases`, cases only the machine can move)
   * moved at this commit, or when this case is itself a control: a regression is then reported
   * as runner noise and not raised.
   */
  readonly runnerNoise?: boolean;
  /**
   * Whether the suite's control cases are at this commit still worse by min-effect than their
   * level over the commits of seqs [from, since) (controlsMovedSince in host.ts): a run, or a
   * step, measured against that level where the runner changed for good is reported as runner
   * noise and not raised.
   */
  readonly controlsMovedSince?: (from: number, since: number) => boolean | undefined;
  /**
   * True when every case of the job moved worse by about the same factor at this commit
   * (sameFactor over the suite's moves), as a slower host does: a regression resting on the
   * fewest points waits for one more commit rather than being raised.
   */
  readonly jobMovedAlike?: boolean;
  /**
   * jobMovedAlike at the commits before this one, newest first (as many as the caller knows, up
   * to ALIKE_LOOKBACK). A run of points beyond the limit that all came while the job moved as one
   * waits for as long as the job keeps doing so (a slow host may stay for several jobs); when it
   * stops, the whole episode is tested as one run, named at its start. Without it, only this
   * commit is known and a run of the fewest points waits one commit.
   */
  readonly jobMovedAlikeBefore?: readonly boolean[];
}

/** Commits back that jobMovedAlikeBefore needs to cover: the longest runner episode tested as one run. */
export const ALIKE_LOOKBACK = 8;

/**
 * Commits a run waits while the rest of the suite keeps moving with it, most cases but not nearly
 * all (step 5d″); at the next, or once the suite stops moving, the run is tested as one, named
 * where it began. A slower runner that stays for up to this many jobs raises nothing. Waiting as
 * long as nearly-every-case episodes do (ALIKE_LOOKBACK) took more runner episodes but held a
 * step of most of a suite for up to 8 commits: on the labelled histories of docs/alerts.md, 85
 * true alerts came later, 33 of them 13 to 20 commits later, and the demo's own step was never
 * raised in its 12 commits. With 3: 30 false alerts fewer, 5 true ones more, 76 true ones a
 * commit later than before. With 4: 11 false fewer again for 10 true, 70 true ones a commit later
 * still and 9 more left to the scan, and the demo's step no longer raised.
 */
export const HOST_WAIT = 3;

const RECENT = 20;
/** Robust z beyond which a baseline median is left out as an outlier (a slow host). */
const TRIM_Z = 3.5;
/** Index distance within which a re-found change point is the same one. */
const SAME_STEP = 2;
/**
 * Commits a regression's culprit may lie before a step the scan finds and still be that step's
 * alert: both estimate where one step starts, each a commit or two off for a small step, so they
 * may differ by twice that (at 2, a tenth of the steps both raised at moderate noise were
 * announced twice, as a regression and 20 commits later as a step found).
 */
const EARLY_CULPRIT = 4;
/**
 * A single point alerts at once, when the rest of the suite shows the machine did not move
 * (AssessOptions.hostMoved false), when it is beyond a limit this many times stricter than the
 * per-case share, worse by at least OVERWHELM_EFFECT times min-effect, and more than twice as far
 * from the baseline as the worst point of the baseline: a step no slow host this runner has shown
 * in the window explains. Anything less waits for the next point.
 */
const OVERWHELM_STRICTER = 1000;
const OVERWHELM_EFFECT = 4;
/** Runs a point needs for its better quartile to say whether every run moved. */
const OVERWHELM_RUNS = 3;
/** A limit that cannot catch a doubling (or a halving of a throughput) cannot judge yet. */
const WARM_UP_RATIO = 2;

/** Relative change of `value` against `base`, positive when worse for the direction. */
export function worseChange(value: number, base: number, direction: Direction): number {
  return direction === 'smaller' ? value / base - 1 : 1 - value / base;
}

/**
 * Leaves one robust outlier (|x − median| > 3.5 · 1.4826 · MAD) out of a baseline: one slow host
 * in the window would otherwise widen the limit for the next 30 commits. When there are more,
 * slow hosts are common on this runner and part of its noise, so every point stays: the real
 * histories replayed in docs/alerts.md have runners where one job in seven is 25% slower, and
 * trimming all of those would make a pair of them look like a step.
 */
function trimmed(xs: number[]): number[] {
  if (xs.length < 4) return xs;
  const s = sortedScratch(xs);
  const m = quantileSorted(s, 0.5);
  // The median absolute deviation (simple-statistics' medianAbsoluteDeviation, whose median of
  // the values is this m: the same order statistics): the deviations, whatever order the values
  // are in, sorted in the same scratch.
  for (let i = 0; i < s.length; i++) s[i] = Math.abs((s[i] as number) - m);
  const mad = quantileSorted(s.sort(), 0.5);
  if (mad === 0) return xs;
  const cut = TRIM_Z * 1.4826 * mad;
  let beyond = 0;
  for (const x of xs) if (Math.abs(x - m) > cut) beyond++;
  if (beyond !== 1) return xs;
  return xs.filter((x) => Math.abs(x - m) <= cut);
}

/**
 * logs[a, b) as a plain array: by index rather than Array.from's iterator, which a replay met a
 * few times per case and commit (about a fifth of everything it allocated was the iterator's).
 */
function logRange(logs: Float64Array, a: number, b: number): number[] {
  const out = new Array<number>(Math.max(0, b - a));
  for (let i = a; i < b; i++) out[i - a] = logs[i] as number;
  return out;
}

interface Level {
  readonly start: number;
  readonly end: number;
}

/**
 * The pieces of [from, to] split at the given boundaries (indices where a new level starts).
 */
function pieces(from: number, to: number, boundaries: readonly number[]): Level[] {
  const cuts = boundaries.filter((b) => b > from && b <= to).sort((a, b) => a - b);
  const out: Level[] = [];
  let start = from;
  for (const c of cuts) {
    out.push({ start, end: c - 1 });
    start = c;
  }
  out.push({ start, end: to });
  return out;
}

interface LimitTest {
  readonly k: number;
  readonly beyond: 'worse' | 'better' | 'none';
  readonly baseline: Baseline;
  readonly bound: number;
  /** Mean log of the baseline's current level: the limit is exp(mu ± bound). */
  readonly mu: number;
  readonly df: number;
  readonly p: number;
}

/** Everything assessCase works on, prepared once. */
interface Context {
  readonly series: CaseSeries;
  readonly pts: readonly SeriesPoint[];
  readonly logs: Float64Array;
  readonly direction: Direction;
  readonly sgn: 1 | -1;
  readonly settings: AlertSettings;
  readonly floor: number | undefined;
  /** Indices where a level starts (confirmed stored change points and this scan's). */
  readonly boundaries: readonly number[];
  readonly alphaCase: number;
  readonly hostMoved?: boolean;
  /** Commits in a row, ending at the newest, at which the job moved as one (undefined: only the newest is known). */
  readonly alikeRun?: number;
  /** Commits in a row just before the newest at which the rest of the suite said the machine moved. */
  readonly hostLead: number;
  /** The same run ending at the commit before the newest. */
  readonly alikeBefore?: number;
  /**
   * Whether the job moved as one at each of the last commits, by index into pts (the newest is
   * pts.length − 1; undefined where nothing is known): the culprit's locator leaves those out.
   */
  readonly movedAlike: (index: number) => boolean | undefined;
  /** AssessOptions.controlsMovedSince. */
  readonly controlsMovedSince?: (from: number, since: number) => boolean | undefined;
  /** Mode compare: the points before the newest are the base branch's trend, not this branch's. */
  readonly comparing: boolean;
  /**
   * Compare mode: where the base branch's level since a regression it has not cleared begins
   * (openLevel). A level starting there is a baseline from its first point, its noise pooled with
   * the level before it.
   */
  readonly openLevel?: { readonly index: number; readonly sha: string };
}

/** The baseline of a run of k newest points, before a confidence turns it into a limit. */
interface BaselineFit {
  /** The pooled standard deviation of the levels' logs, with df degrees of freedom. */
  readonly s: number;
  readonly df: number;
  /** Mean log of the current level, over its kept points. */
  readonly mu: number;
  readonly kept: number;
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  readonly count: number;
  readonly sinceSha?: string;
}

// The fits of the last context judged, by k: a commit often tests k = 1 twice (the overwhelming
// rule's stricter limit, then the single point's), and a fit does not depend on the confidence. A
// memo of a pure function, keyed by the context itself: the answers are the same without it.
let fitsOf: Context | undefined;
const fits = new Map<number, BaselineFit | string>();

function baselineFit(ctx: Context, k: number): BaselineFit | string {
  if (fitsOf !== ctx) {
    fitsOf = ctx;
    fits.clear();
  }
  let fit = fits.get(k);
  if (fit === undefined) fits.set(k, (fit = fitBaseline(ctx, k)));
  return fit;
}

function fitBaseline(ctx: Context, k: number): BaselineFit | string {
  const { pts, logs, settings } = ctx;
  const t = pts.length - 1;
  const end = t - k;
  if (end + 1 < settings.minHistory) {
    // With fewer points than the run being tested, `end` goes below -1: there is no history at all.
    const earlier = Math.max(0, t);
    const needed = settings.minHistory + k - 1;
    // A pull request's history is the base branch's: "0 earlier commits on record" read as if the
    // head's own branch were short, where the base has no trend of the case yet.
    if (ctx.comparing) {
      return earlier === 0
        ? `the published trend holds no point of this case yet; ${needed} are needed to judge a pull request against it`
        : `the published trend holds ${earlier} commit${earlier === 1 ? '' : 's'} of this case; ${needed} are needed to judge a pull request against it`;
    }
    return `${earlier} earlier commit${earlier === 1 ? '' : 's'} on record; ${needed} are needed before alerting`;
  }
  const start = Math.max(0, end - settings.window + 1);
  const levels = pieces(start, t, ctx.boundaries);
  const current = levels[levels.length - 1] as Level;
  if (current.start > t - k + 1) return 'a change point lies inside the run being tested';
  const sinceSha = ctx.boundaries.includes(current.start) ? pts[current.start]?.sha : undefined;
  const nCur = end - current.start + 1;
  const needed = current.start === ctx.openLevel?.index ? 1 : Math.min(settings.changePoints.minSize, settings.minHistory);
  if (nCur < needed) {
    return `only ${nCur} commit${nCur === 1 ? '' : 's'} since the step at ${(sinceSha ?? '').slice(0, 7)}; ${needed} are needed`;
  }
  let ss = 0;
  let df = 0;
  let mu = 0;
  let kept = 0;
  for (const level of levels) {
    const last = Math.min(level.end, end);
    if (last < level.start) continue;
    const xs = trimmed(logRange(logs, level.start, last + 1));
    ss += sumNthPowerDeviations(xs, 2);
    df += xs.length - 1;
    if (level === current) {
      mu = mean(xs);
      kept = xs.length;
    }
  }
  if (df < 2) return 'too few commits to estimate the noise';
  const values = new Array<number>(end + 1 - current.start);
  for (let j = current.start; j <= end; j++) values[j - current.start] = (pts[j] as SeriesPoint).value;
  const vs = sortedScratch(values);
  return {
    s: Math.sqrt(ss / df),
    df,
    mu,
    kept,
    median: quantileSorted(vs, 0.5),
    q1: quantileSorted(vs, 0.25),
    q3: quantileSorted(vs, 0.75),
    count: nCur,
    ...(sinceSha !== undefined ? { sinceSha } : {}),
  };
}

function baselineTest(ctx: Context, k: number, p: number): LimitTest | string {
  const fit = baselineFit(ctx, k);
  if (typeof fit === 'string') return fit;
  const { pts, logs, settings, sgn, direction } = ctx;
  const t = pts.length - 1;
  const { s, df, mu, kept, median: med } = fit;
  const q = tUpperQuantile(p, df);
  const bound = q * s * Math.sqrt(1 + 1 / kept);
  const baseline: Baseline = {
    median: med,
    q1: fit.q1,
    q3: fit.q3,
    count: fit.count,
    limit: Math.exp(mu + sgn * bound),
    ...(fit.sinceSha !== undefined ? { sinceSha: fit.sinceSha } : {}),
  };
  let worse = true;
  let better = true;
  for (let j = t - k + 1; j <= t; j++) {
    const w = sgn * ((logs[j] as number) - mu);
    const value = (pts[j] as SeriesPoint).value;
    const change = worseChange(value, med, direction);
    const bigEnough = ctx.floor === undefined || Math.abs(value - med) >= ctx.floor;
    if (!(w > bound && change >= settings.minEffect && bigEnough)) worse = false;
    if (!(-w > bound && Math.abs(value / med - 1) >= settings.minEffect && change < 0 && bigEnough)) better = false;
  }
  return { k, beyond: worse ? 'worse' : better ? 'better' : 'none', baseline, bound, mu, df, p };
}

/** Medians of logs on [a, b). */
function levelMedian(logs: Float64Array, a: number, b: number): number {
  return median(logRange(logs, a, b));
}

/**
 * Significant splits of the examined region, kept only when the step between the neighbouring
 * levels is at least the minimum effect and the absolute floor: the weakest split is merged away
 * first and its neighbours re-measured, as Otava does with its magnitude filter.
 */
function meaningfulSplits(ctx: Context, from: number, to: number, splits: { index: number; pValue: number }[]): { index: number; pValue: number }[] {
  const kept = [...splits];
  const minLog = Math.log1p(ctx.settings.minEffect);
  for (;;) {
    let weakest = -1;
    let weakestEffect = Infinity;
    for (let i = 0; i < kept.length; i++) {
      const a = i === 0 ? from : (kept[i - 1] as { index: number }).index;
      const b = (kept[i] as { index: number }).index;
      const c = i === kept.length - 1 ? to : (kept[i + 1] as { index: number }).index;
      const before = levelMedian(ctx.logs, a, b);
      const after = levelMedian(ctx.logs, b, c);
      const effect = Math.abs(after - before);
      const floorOk = ctx.floor === undefined || Math.abs(Math.exp(after) - Math.exp(before)) >= ctx.floor;
      const score = effect >= minLog && floorOk ? Infinity : effect;
      if (score < weakestEffect) {
        weakestEffect = score;
        weakest = i;
      }
    }
    if (weakest < 0 || weakestEffect === Infinity) return kept;
    kept.splice(weakest, 1);
  }
}

/**
 * The scan cannot split closer than its minimum size to the start of what it examines, so a step
 * in a case's first commits (or just after an earlier step) is placed at that minimum, a commit or
 * more late: of sqlfmt's 24 true alerts, 15 named the commit after a step at its 5th commit. Where
 * a split lies exactly there, the points just before it that lie nearer the new level's median
 * than the old one's move over to the new level, back to the first that does not.
 */
function earliestStarts(ctx: Context, from: number, to: number, splits: { index: number; pValue: number }[]): { index: number; pValue: number }[] {
  const minSize = ctx.settings.changePoints.minSize;
  return splits.map((s, i) => {
    const prevB = i === 0 ? from : (splits[i - 1] as { index: number }).index;
    if (s.index - prevB !== minSize) return s;
    const nextB = i === splits.length - 1 ? to : (splits[i + 1] as { index: number }).index;
    const before = levelMedian(ctx.logs, prevB, s.index);
    const after = levelMedian(ctx.logs, s.index, Math.min(nextB, s.index + ctx.settings.window));
    let c = s.index;
    while (c - 1 > prevB && Math.abs((ctx.logs[c - 1] as number) - after) < Math.abs((ctx.logs[c - 1] as number) - before)) c--;
    return c === s.index ? s : { ...s, index: c };
  });
}

/** The median of the points before the run being tested, when there are any. */
function earlierMedian(ctx: Context, k: number): number | undefined {
  const before = ctx.pts.slice(0, Math.max(0, ctx.pts.length - k)).map((p) => p.value);
  return before.length ? median(before) : undefined;
}

/**
 * Step 5a — overwhelming: one point so far beyond the limit that waiting for the next commit
 * would only delay the news (see OVERWHELM_*).
 */
function overwhelming(ctx: Context): LimitTest | undefined {
  const { pts, settings, direction } = ctx;
  const t = pts.length - 1;
  if (ctx.hostMoved !== false) return undefined;
  const strict = baselineTest(ctx, 1, ctx.alphaCase / OVERWHELM_STRICTER);
  if (typeof strict === 'string' || strict.beyond !== 'worse') return undefined;
  const med = strict.baseline.median;
  const change = worseChange((pts[t] as SeriesPoint).value, med, direction);
  if (change < OVERWHELM_EFFECT * settings.minEffect) return undefined;
  const baselinePoints = pts.slice(t - strict.baseline.count, t);
  const worst = Math.max(0, ...baselinePoints.map((p) => worseChange(p.value, med, direction)));
  if (!(change > 2 * worst)) return undefined;
  // One run has no quartiles to tell a step from a spike by (a 15 ns point of a 4 ns bench with
  // a single run looks like both), so it waits for the next commit like any marginal point.
  const newest = pts[t] as SeriesPoint;
  if (newest.runs < OVERWHELM_RUNS) return undefined;
  // A tool's summary (benchmark.js's mean and ±RME, cargo's spread, pytest's quartiles of rounds)
  // comes from one invocation of the tool: its samples share whatever broke that invocation, so
  // its bar cannot show one run gone astray the way separate runs do, and it waits too, whatever
  // its sample count. On a held-out benchmark.js history (replicache) 4 of the 5 summaries raised
  // at once were one broken job (a point at 1-44% of the throughput around it, back at the next
  // commit).
  if (newest.summaryOnly === true) return undefined;
  // A code change moves every run of the job; a point whose median moved while its better
  // quartile stayed at the baseline is a few runs gone astray (bimodal noise), not a step.
  const near = direction === 'smaller' ? newest.q1 : newest.q3;
  const mu = strict.mu;
  const bound = (strict.bound * tUpperQuantile(ctx.alphaCase, strict.df)) / tUpperQuantile(strict.p, strict.df);
  if (!(near > 0) || !(ctx.sgn * (Math.log(near) - mu) > bound)) return undefined;
  return strict;
}

/**
 * A run beyond the limit waits while the case's own points make k such points in a row at least
 * this likely. Two in a row: 1 in 10,000 (one case's share of the suite's 1 in 1,000 in a suite of
 * ten); at 1 in 1,000 a second mode that 20% of a case's jobs land on raised 1.4 to 2.4 false
 * alerts per 1,000 commits, its pairs beyond every point of a 30-commit window. Three or more
 * wait only while they are 3 in 10,000 or more likely: a run held at three is often left to the
 * change-point scan, and at 1 in 10,000 for them too a 25% step in 8% job noise was raised a
 * median 18 commits after it, not 3.
 */
const SEEN_CHANCE_PAIR = 1e-4;
const SEEN_CHANCE_LONGER = 3e-4;
/** Commits of the current level the seen-before count looks back over (the window is 30). */
const SEEN_LOOKBACK = 60;

/**
 * Step 5f — seen before: a run of k points beyond the limit is what a second mode of the case
 * itself gives (a bimodal series, spikes that recur) when its history on the current level
 * already holds points as far out. With m of the last n points (up to SEEN_LOOKBACK of the
 * level, at least the baseline) worse than the run's least-bad point (strictly, so that the ties
 * of a whole-nanosecond bench do not count), the chance of one more such point is about
 * (m + 1) / (n + 2) (Laplace's rule of succession), and of k in a row its k-th power; while that
 * is SEEN_CHANCE_PAIR (two) or SEEN_CHANCE_LONGER (three or more) or more the run waits to grow
 * while the limit still sees it, or for the change-point scan to find a lasting level. Without
 * any such point nothing waits.
 */
function seenBefore(ctx: Context, test: LimitTest): string | undefined {
  const t = ctx.pts.length - 1;
  const first = t - test.k + 1;
  const mu = test.mu;
  const excess = (j: number) => ctx.sgn * ((ctx.logs[j] as number) - mu);
  // The run as it stands: points just before the tested ones that are beyond the same limit
  // belong to it (a step that has lasted longer than maxRun), not to what was seen before.
  const from = first - test.baseline.count;
  let start = first;
  while (start > from && excess(start - 1) > test.bound) start--;
  const run = t - start + 1;
  let least = Infinity;
  for (let j = start; j <= t; j++) least = Math.min(least, excess(j));
  // More of the level than the window tells a second mode's share better: 2 of 30 may be 4 of 60.
  const level = ctx.boundaries.filter((b) => b <= start).pop() ?? 0;
  const since = Math.min(from, Math.max(level, start - SEEN_LOOKBACK));
  const n = start - since;
  let m = 0;
  for (let j = since; j < start; j++) if (excess(j) > least) m++;
  if (m === 0 || ((m + 1) / (n + 2)) ** run < (run >= 3 ? SEEN_CHANCE_LONGER : SEEN_CHANCE_PAIR)) return undefined;
  const side = ctx.direction === 'smaller' ? 'above' : 'below';
  // A pull request's head is one point: a run of one is the newest commit, as the limit's words say.
  const runText = run === 1 ? 'the newest commit is' : `${run} commits in a row are`;
  return `${runText} ${side} ${quantity(test.baseline.limit as number, ctx.series.unit)}, but ${m} of the ${n} commits before ${m === 1 ? 'was' : 'were'} further out, so the case often looks like this; a longer run or a lasting level will tell${DETAILS}`;
}

/**
 * Step 5g — a return: when the current level began with a better step that has not lasted
 * (fewer than stableAfter commits before the run, and fewer than the scan's minSize of them
 * clearly better than the level before), a run back within the limit of the level before that
 * step is a short better spell going away, not a regression: the run is tested against that
 * older level too. A better level the scan could have found on its own is a level, and a run
 * back from it is a regression like any other, unless the case held that better level before,
 * further back than the older level, for as many commits as the scan's minSize (earlierSpells).
 */
function returnToOlder(ctx: Context, test: LimitTest): string | undefined {
  const t = ctx.pts.length - 1;
  const first = t - test.k + 1;
  const start = ctx.boundaries.filter((b) => b <= first).pop();
  if (start === undefined || start === 0 || first - start >= ctx.settings.changePoints.stableAfter) return undefined;
  const older = Math.max(ctx.boundaries.filter((b) => b < start).pop() ?? 0, start - ctx.settings.window);
  if (start - older < 2) return undefined;
  const before = levelMedian(ctx.logs, older, start);
  const now = levelMedian(ctx.logs, start, first);
  if (!(ctx.sgn * (before - now) >= Math.log1p(ctx.settings.minEffect))) return undefined;
  const keep: number[] = [];
  for (let i = 0; i < start; i++) keep.push(i);
  for (let i = first; i <= t; i++) keep.push(i);
  const pts = keep.map((i) => ctx.pts[i] as SeriesPoint);
  const logs = Float64Array.from(keep.map((i) => ctx.logs[i] as number));
  const old = baselineTest({ ...ctx, pts, logs, boundaries: ctx.boundaries.filter((b) => b < start) }, test.k, test.p);
  if (typeof old === 'string' || old.beyond === 'worse') return undefined;
  const muOld = old.mu;
  let better = 0;
  for (let i = start; i < first; i++) if (-ctx.sgn * ((ctx.logs[i] as number) - muOld) > old.bound) better++;
  const sha = (ctx.pts[start] as SeriesPoint).sha.slice(0, 7);
  if (better < ctx.settings.changePoints.minSize) {
    return `back at about the level before the better spell at ${sha} (median ${quantity(old.baseline.median, ctx.series.unit)}; ${better} commit${better === 1 ? '' : 's'} clearly better): the improvement went away, which is not a regression`;
  }
  const trips = earlierSpells(ctx, older, muOld, now, old.bound);
  if (trips < ctx.settings.changePoints.minSize) return undefined;
  return `back at about the level before the better spell at ${sha} (median ${quantity(old.baseline.median, ctx.series.unit)}), as it came back before from ${trips} earlier commits as good as that spell: a round trip this case makes, not a regression`;
}

/**
 * Points before `end` as good as a better spell whose level is `spell` (logs) and clearly better
 * than the level `mu` it left (beyond `bound`): a case that ran this fast before and came back to
 * where it is now makes that round trip, such as trillian-tessera's benches whose jobs run 3–4
 * times faster for a few commits now and then, each way back raised as a regression. A better
 * level of its own kind that the case never held before is a level like any other.
 */
function earlierSpells(ctx: Context, end: number, mu: number, spell: number, bound: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const x = ctx.logs[i] as number;
    if (-ctx.sgn * (x - mu) > bound && Math.abs(x - spell) <= bound) n++;
  }
  return n;
}

/** Whether the newest point lies beyond the limit of `test`'s baseline at per-point level p. */
function newestBeyond(ctx: Context, test: LimitTest, p: number): boolean {
  const t = ctx.pts.length - 1;
  const mu = test.mu;
  const bound = (test.bound * tUpperQuantile(p, test.df)) / tUpperQuantile(test.p, test.df);
  return ctx.sgn * ((ctx.logs[t] as number) - mu) > bound;
}

/** Step 5b — warm-up: a limit too wide to catch a doubling says so rather than "ok". */
function tooWide(ctx: Context, r: LimitTest): boolean {
  const limit = r.baseline.limit as number;
  const ratio = ctx.direction === 'smaller' ? limit / r.baseline.median : r.baseline.median / limit;
  return ratio >= WARM_UP_RATIO;
}

function limitVerdict(ctx: Context): { kind: VerdictKind; test?: LimitTest; reason: string } {
  const { settings, direction } = ctx;
  const newest = ctx.pts[ctx.pts.length - 1] as SeriesPoint;
  const runs: number[] = [];
  for (let k = settings.alertAfter; k <= settings.maxRun; k++) runs.push(k);
  const share = ctx.alphaCase / Math.max(1, runs.length);
  let lastMissing = '';
  let found: LimitTest | undefined;
  let improved: LimitTest | undefined;
  let anyTest: LimitTest | undefined;
  for (const k of runs) {
    const r = baselineTest(ctx, k, share ** (1 / k));
    if (typeof r === 'string') {
      lastMissing ||= r;
      continue;
    }
    anyTest ??= r;
    if (r.beyond === 'worse') found = r;
    if (r.beyond === 'better') improved ??= r;
  }
  // The job just stopped moving as one after an episode of several commits (a slow host that
  // stayed, or a code change that slows every case): the episode and the newest point are tested
  // as one run, so a lasting step is raised now, named where the episode began, and a runner that
  // went back leaves the newest point inside the limit, so nothing is raised.
  const episode = alikeEpisode(ctx);
  // The same when the rest of the suite stopped saying the machine moved (step 6, 5d″): the run
  // waited while it did, so the episode and the newest point are tested as one run, the newest
  // beyond the limit of two in a row on its own. And at the commit after HOST_WAIT with the suite
  // still moving, when the newest point is still the episode's: it need only lie beyond the limit
  // of the longest ordinary run (maxRun). Without this test a step whose baseline had taken in its
  // first points by then stayed inside every limit: on the labelled histories 16 lasting steps
  // were left to the scan, 15 to 20 commits later (ferro's storage cases among them); with the
  // newest held to two in a row 15 still were, held to three 6, and with no hold on it 13 more
  // false alerts came for one more true one.
  const hostWaited = ctx.hostMoved === true && ctx.hostLead >= HOST_WAIT;
  const hostEpisode = (ctx.hostMoved !== true || hostWaited) && ctx.hostLead >= 1 ? Math.min(HOST_WAIT, ctx.hostLead) + 1 : 0;
  if (hostEpisode > settings.maxRun && !(episode > settings.maxRun)) {
    const r = baselineTest(ctx, hostEpisode, share ** (1 / hostEpisode));
    if (typeof r !== 'string' && r.beyond === 'worse' && newestBeyond(ctx, r, share ** (1 / (hostWaited ? settings.maxRun : 2)))) found = r;
  }
  if (episode > settings.maxRun) {
    const r = baselineTest(ctx, episode, share ** (1 / episode));
    // The episode's points are what the runner explains; the newest point, where the job no
    // longer moved as one, must stand beyond the limit of two in a row on its own.
    if (typeof r !== 'string' && r.beyond === 'worse' && newestBeyond(ctx, r, share ** (1 / 2))) found = r;
  }
  const unit = ctx.series.unit;
  const side = direction === 'smaller' ? 'above' : 'below';
  const describe = (r: LimitTest, better: boolean) => {
    const limit = r.baseline.limit as number;
    const bound = better ? Math.exp(2 * Math.log(r.baseline.median) - Math.log(limit)) : limit;
    const where = better ? (side === 'above' ? 'below' : 'above') : side;
    const runText = r.k === 1 ? 'the newest commit is' : `${r.k} commits in a row are`;
    return `${describeChange(newest.value, r.baseline.median, direction)}: ${runText} ${where} ${quantity(bound, unit)}, ${where === 'above' ? 'the most' : 'the least'} that the last ${r.baseline.count} commits make plausible${DETAILS}`;
  };
  if (found) {
    // Step 5f/5g — a run the case's own history explains waits rather than being raised.
    const held = seenBefore(ctx, found) ?? returnToOlder(ctx, found);
    if (held) return { kind: 'watch', test: found, reason: `${describeChange(newest.value, found.baseline.median, direction)}: ${held}` };
    return { kind: 'regressed', test: found, reason: describe(found, false) };
  }
  if (settings.alertAfter > 1) {
    const strong = overwhelming(ctx);
    if (strong) {
      return {
        kind: 'regressed',
        test: strong,
        reason: `${describeChange(newest.value, strong.baseline.median, direction)}: one commit far ${side} ${quantity(strong.baseline.limit as number, unit)}, so far beyond anything the last ${strong.baseline.count} commits show that it alerts at once${DETAILS}`,
      };
    }
    const single = baselineTest(ctx, 1, ctx.alphaCase);
    if (typeof single !== 'string' && single.beyond === 'worse' && !tooWide(ctx, single)) {
      return {
        kind: 'watch',
        test: single,
        reason: `${describeChange(newest.value, single.baseline.median, direction)}: the newest commit alone is ${side} ${quantity(single.baseline.limit as number, unit)}; one slow host looks like this, so ${settings.alertAfter} in a row are needed to alert`,
      };
    }
    if (!anyTest && typeof single !== 'string') anyTest = single;
  }
  if (anyTest && tooWide(ctx, anyTest)) {
    const n = anyTest.baseline.count;
    return {
      kind: 'not-enough-history',
      test: anyTest,
      reason: `too little history to judge ${describeChange(newest.value, anyTest.baseline.median, direction)}: ${n} point${n === 1 ? '' : 's'}, whose spread puts the limit at ${quantity(anyTest.baseline.limit as number, unit)}, too wide to catch a doubling`,
    };
  }
  if (improved) return { kind: 'improved', test: improved, reason: describe(improved, true) };
  if (!anyTest) {
    const before = earlierMedian(ctx, 1);
    const judged = before !== undefined ? `too little history to judge ${describeChange(newest.value, before, direction)}: ` : 'too little history: ';
    return { kind: 'not-enough-history', reason: `${judged}${lastMissing}` };
  }
  const change = describeChange(newest.value, anyTest.baseline.median, direction);
  // Beyond the limit but not by enough to matter: "within" would not be true.
  if (newestBeyond(ctx, anyTest, anyTest.p)) {
    const worse = worseChange(newest.value, anyTest.baseline.median, direction);
    const why =
      worse < settings.minEffect
        ? `less than min-effect (${num(settings.minEffect * 100)}%), which never alerts however steady the case`
        : ctx.floor !== undefined && Math.abs(newest.value - anyTest.baseline.median) < ctx.floor
          ? `a change smaller than the absolute floor of ${quantity(ctx.floor, unit)}, which never alerts`
          : undefined;
    if (why) return { kind: 'unchanged', test: anyTest, reason: `${change}: ${side} ${quantity(anyTest.baseline.limit as number, unit)}, but ${why}` };
    // Beyond the limit of a run, alone: the limit one commit is held to is the one it is within.
    const single = settings.alertAfter > 1 ? baselineTest(ctx, 1, ctx.alphaCase) : undefined;
    if (single !== undefined && typeof single !== 'string' && !newestBeyond(ctx, single, single.p)) {
      const limit = quantity(single.baseline.limit as number, unit);
      return {
        kind: 'unchanged',
        test: anyTest,
        reason: `${change}: within ${limit}, ${side === 'above' ? 'the most' : 'the least'} that the last ${single.baseline.count} commits make plausible for one commit (${settings.alertAfter} in a row ${side} ${quantity(anyTest.baseline.limit as number, unit)} would alert)`,
      };
    }
  }
  return { kind: 'unchanged', test: anyTest, reason: `${change}: within ${quantity(anyTest.baseline.limit as number, unit)}, ${side === 'above' ? 'the most' : 'the least'} that the last ${anyTest.baseline.count} commits make plausible` };
}

/**
 * Each entry's previous entry as github-action-benchmark finds it for its rule: the newest earlier
 * entry of the suite at another commit, so a re-run of a commit is never its own previous, and of
 * two jobs' entries at one commit each compares with the other commit's newest. `entries` are the
 * suite's entries that kept points (re-runs resolved); the answer is keyed by seq.
 */
export function previousEntrySeqs(entries: Iterable<{ readonly seq: number; readonly sha: string }>): Map<number, number> {
  const shaOf = new Map<number, string>();
  for (const e of entries) shaOf.set(e.seq, e.sha);
  const out = new Map<number, number>();
  let newest: number | undefined;
  // The newest seq at a commit other than newest's: where a run of one commit's entries looks back to.
  let beforeRun: number | undefined;
  for (const seq of [...shaOf.keys()].sort((a, b) => a - b)) {
    const sha = shaOf.get(seq);
    if (newest !== undefined && shaOf.get(newest) !== sha) beforeRun = newest;
    if (beforeRun !== undefined) out.set(seq, beforeRun);
    newest = seq;
  }
  return out;
}

/**
 * github-action-benchmark's rule exactly (src/write.ts, findAlerts and getRatio): the ratio of
 * the point to the same bench in the suite's previous entry, current / previous (previous /
 * current for bigger-is-better), alerting when above the threshold; both zero is a ratio of 1,
 * and a bench the previous entry lacked is skipped. Raw points, zeros included.
 */
function ratioVerdict(ctx: Context): { kind: VerdictKind; baseline?: Baseline; reason: string } {
  const { settings, direction } = ctx;
  const all = ctx.series.points;
  const cur = all[all.length - 1] as SeriesPoint;
  const prev = all[all.length - 2];
  if (!prev) return { kind: 'not-enough-history', reason: 'no previous commit to compare with' };
  if (cur.previousSeq !== undefined && prev.seq !== cur.previousSeq) {
    return { kind: 'not-enough-history', reason: 'not benched at the previous commit, so the ratio rule has nothing to compare with' };
  }
  const ratio = prev.value === 0 && cur.value === 0 ? 1 : direction === 'smaller' ? cur.value / prev.value : prev.value / cur.value;
  const baseline: Baseline = { median: prev.value, q1: prev.q1, q3: prev.q3, count: 1, sinceSha: prev.sha };
  const change = prev.value > 0 ? `${describeChange(cur.value, prev.value, direction)}: ` : '';
  // A step from zero has no ratio to print: github-action-benchmark's is Infinity, so it alerts.
  const text = Number.isFinite(ratio)
    ? direction === 'smaller'
      ? `${change}${Math.round(ratio * 100)}% of the previous commit ${prev.sha.slice(0, 7)}`
      : `${change}the previous commit ${prev.sha.slice(0, 7)} was ${Math.round(ratio * 100)}% of this`
    : `from ${levels(ctx.series.unit, prev.value, cur.value)} since the previous commit ${prev.sha.slice(0, 7)}, no ratio to a zero`;
  if (ratio > settings.ratioThreshold) {
    return { kind: 'regressed', baseline, reason: `${text}, above the alert threshold of ${Math.round(settings.ratioThreshold * 100)}%` };
  }
  if (1 / ratio > settings.ratioThreshold) return { kind: 'improved', baseline, reason: `${text}` };
  return { kind: 'unchanged', baseline, reason: `${text}, within the alert threshold of ${Math.round(settings.ratioThreshold * 100)}%` };
}

type FoundChangePoint = ChangePoint & { index: number; newlyConfirmed: boolean };

interface KnownChangePoint {
  readonly sha: string;
  readonly seq: number;
  readonly status: AlertStatus;
  readonly change?: number;
  readonly index: number;
}

/** How many commits in a row the job moved as one, ending at the newest and at the one before it. */
function alikeRuns(options: AssessOptions): { alikeRun?: number; alikeBefore?: number } {
  const before = options.jobMovedAlikeBefore;
  if (before === undefined) return {};
  let lead = 0;
  while (lead < before.length && before[lead] === true) lead++;
  return { alikeRun: options.jobMovedAlike === true ? lead + 1 : 0, alikeBefore: lead };
}

/**
 * Each judged point's index by seq (the last one with that seq), built when first asked: only a
 * case with stored alerts asks, and a replay prepares one window per case per commit.
 */
class SeqIndex {
  private map: Map<number, number> | undefined;

  constructor(private readonly pts: readonly SeriesPoint[]) {}

  private built(): Map<number, number> {
    if (this.map) return this.map;
    const map = new Map<number, number>();
    for (let i = 0; i < this.pts.length; i++) map.set((this.pts[i] as SeriesPoint).seq, i);
    return (this.map = map);
  }

  has(seq: number): boolean {
    return this.built().has(seq);
  }

  get(seq: number): number | undefined {
    return this.built().get(seq);
  }
}

/** jobMovedAlike by index into the window of `count` points (the newest last), from AssessOptions. */
function movedAlikeAt(options: AssessOptions, count: number): (index: number) => boolean | undefined {
  const before = options.jobMovedAlikeBefore ?? [];
  return (index) => (index === count - 1 ? options.jobMovedAlike : before[count - 2 - index]);
}

/**
 * The last window's points and logs: a replay's next window holds the same point objects moved
 * on by one (or grown by one), so all but the newest log are copied rather than taken again.
 */
let lastLogs: Float64Array | undefined;
// The points those logs were taken of: a copy, since the points judged may be the caller's own
// array (judged() hands it over as it is), which it may change before the next call.
const lastPoints: SeriesPoint[] = [];

function logOf(p: SeriesPoint): number {
  return Math.log(Math.max(p.value, Number.MIN_VALUE));
}

function logsOf(pts: readonly SeriesPoint[]): Float64Array {
  const n = pts.length;
  const logs = new Float64Array(n);
  const before = lastPoints;
  const shift = !lastLogs ? -1 : before.length === n ? 1 : before.length === n - 1 ? 0 : -1;
  let carried = shift >= 0 && n > 1;
  for (let i = 0; carried && i < n - 1; i++) if (pts[i] !== before[i + shift]) carried = false;
  if (carried && lastLogs) {
    logs.set(lastLogs.subarray(shift, shift + n - 1));
    logs[n - 1] = logOf(pts[n - 1] as SeriesPoint);
  } else {
    for (let i = 0; i < n; i++) logs[i] = logOf(pts[i] as SeriesPoint);
  }
  lastLogs = logs;
  lastPoints.length = n;
  for (let i = 0; i < n; i++) lastPoints[i] = pts[i] as SeriesPoint;
  return logs;
}

/**
 * The newest `limit` points, leaving out any but the newest at or below zero (ratios need positive
 * values): the points themselves when that is all of them, as at nearly every commit of a replay,
 * which hands over a window of at most `limit` points.
 */
function judged(all: readonly SeriesPoint[], limit: number): readonly SeriesPoint[] {
  let positive = true;
  for (let i = 0; i < all.length - 1 && positive; i++) if (!((all[i] as SeriesPoint).value > 0)) positive = false;
  if (positive && all.length <= limit) return all;
  return all.filter((p, i) => p.value > 0 || i === all.length - 1).slice(-limit);
}

/** Step 1 — the points judged, their logs and the settings for this mode, prepared once. */
function prepare(series: CaseSeries, given: AlertSettings, options: AssessOptions): { ctx: Context; newest: SeriesPoint; indexOf: SeqIndex } {
  const mode = options.mode ?? 'push';
  // A pull request has one new point: it is compared alone.
  const settings = mode === 'compare' ? { ...given, alertAfter: 1, maxRun: 1 } : given;
  const all = series.points;
  const newest = all[all.length - 1];
  if (!newest) throw new RangeError(`${series.case}: no point to assess`);
  const pts = judged(all, settings.changePoints.scanLimit);
  const logs = logsOf(pts);
  const indexOf = new SeqIndex(pts);
  const ctx: Context = {
    series,
    pts,
    logs,
    direction: series.direction,
    sgn: series.direction === 'smaller' ? 1 : -1,
    settings,
    floor: floorIn(settings.floors, series.unit),
    boundaries: [],
    comparing: mode === 'compare',
    alphaCase: 1 - settings.confidence ** (1 / Math.max(1, options.suiteCases)),
    ...(options.hostMoved !== undefined ? { hostMoved: options.hostMoved } : {}),
    ...alikeRuns(options),
    hostLead: hostLead(options),
    movedAlike: movedAlikeAt(options, pts.length),
    ...(options.controlsMovedSince ? { controlsMovedSince: options.controlsMovedSince } : {}),
  };
  return { ctx, newest, indexOf };
}

// The points' seqs, the identities the scan's permutations are keyed by (change-points.ts): one
// array shared by every call, read only while its scan runs.
let seqScratch = new Float64Array(0);
function seqsOf(pts: readonly SeriesPoint[]): Float64Array {
  if (seqScratch.length < pts.length) seqScratch = new Float64Array(Math.max(pts.length, 2 * seqScratch.length));
  for (let i = 0; i < pts.length; i++) seqScratch[i] = (pts[i] as SeriesPoint).seq;
  return seqScratch;
}

/**
 * Step 2 — change points: confirmed ones are final; the region after the last of them is
 * scanned again, and each split found is matched with what earlier runs stored.
 */
function scanChangePoints(ctx: Context, memory: CaseMemory, indexOf: SeqIndex): { known: KnownChangePoint[]; found: FoundChangePoint[]; regionStart: number } {
  const { pts, logs, series, settings, direction } = ctx;
  const cp = settings.changePoints;
  const t = pts.length - 1;
  const known = memory.changePoints.filter((c) => indexOf.has(c.seq)).map((c) => ({ ...c, index: indexOf.get(c.seq) as number }));
  const confirmedIdx = known.filter((c) => c.status === 'confirmed').map((c) => c.index);
  const regionStart = confirmedIdx.length ? Math.max(...confirmedIdx) : 0;
  // A split near the last place the minimum size allows may be a step that is more recent still
  // (the scan cannot put it later, so it puts it as late as it may): it waits until the new level
  // has a couple more commits rather than being misplaced.
  const settled = t + 1 - cp.minSize - SAME_STEP;
  const scanned = eDivisive(logs, cp, hashString(`${series.suite}\u0000${series.case}`), regionStart, t + 1, seqsOf(pts)).filter((s) => s.index <= settled);
  const splits = earliestStarts(ctx, regionStart, t + 1, meaningfulSplits(ctx, regionStart, t + 1, scanned));
  const found = splits.map((s, i): FoundChangePoint => {
    const prevB = i === 0 ? regionStart : (splits[i - 1] as { index: number }).index;
    const nextB = i === splits.length - 1 ? t + 1 : (splits[i + 1] as { index: number }).index;
    const before = Math.exp(levelMedian(logs, prevB, s.index));
    const after = Math.exp(levelMedian(logs, s.index, nextB));
    // The same step found again, perhaps a commit or two away, is not a new one (and a cleared
    // one comes back rather than being announced twice).
    const same = known
      .filter((c) => c.status !== 'confirmed' && Math.abs(c.index - s.index) <= SAME_STEP)
      .sort((a, b) => Math.abs(a.index - s.index) - Math.abs(b.index - s.index))[0];
    const at = pts[s.index] as SeriesPoint;
    const pointsAfter = t - s.index + 1;
    const status = pointsAfter >= cp.stableAfter ? 'confirmed' : 'suspected';
    return {
      sha: at.sha,
      seq: at.seq,
      ...(same && same.sha !== at.sha ? { movedFrom: same.sha } : {}),
      index: s.index,
      before,
      after,
      change: worseChange(after, before, direction),
      pValue: s.pValue,
      status,
      pointsAfter,
      isNew: !same,
      newlyConfirmed: status === 'confirmed',
    };
  });
  return { known, found, regionStart };
}

interface Settled {
  readonly transitions: StatusChange[];
  /** Steps (by sha) an alert already accounts for. */
  readonly explainedBy: Set<string>;
  /** Suspected regressions neither confirmed nor cleared on this run. */
  readonly stillOpen: { sha: string; seq: number; index: number }[];
  /** True when a stored, not cleared regression accounts for a step starting at index c. */
  readonly explainedByRaised: (c: number) => boolean;
}

/**
 * Step 3 — earlier suspicions: a lasting step in the worse direction where the run began
 * confirms one; enough later commits without such a step clear it. A regression named at index a
 * explains a step starting at c when a − c lies in [−EARLY_CULPRIT, clearAfter]: it was raised on
 * the way from the step (small steps take a few commits to stand out), give or take the
 * culprit's and the scan's placement.
 */
function settleSuspicions(ctx: Context, memory: CaseMemory, indexOf: SeqIndex, known: readonly KnownChangePoint[], found: readonly FoundChangePoint[]): Settled {
  const t = ctx.pts.length - 1;
  const clearAfter = 2 * ctx.settings.changePoints.minSize;
  const explainsStep = (a: number, c: number) => a - c >= -EARLY_CULPRIT && a - c <= clearAfter;
  const transitions: StatusChange[] = [];
  const steps = [
    ...found.map((c) => ({ index: c.index, change: c.change, sha: c.sha, final: c.newlyConfirmed })),
    ...known.filter((c) => c.status === 'confirmed').map((c) => ({ index: c.index, change: c.change ?? 0, sha: c.sha, final: false })),
  ];
  const explainedBy = new Set<string>();
  const stillOpen: { sha: string; seq: number; index: number }[] = [];
  // A step is one event: it confirms the regression named nearest to it, never another raised a
  // few commits on. Else a later spike on the new level (raised where it starts, up to clearAfter
  // commits after the step) read "confirmed: a lasting step" of the earlier step's size and was
  // never cleared.
  // A cleared one claims a step only once the step is final, as only then can it come back.
  const named = memory.regressions.flatMap((r) => (indexOf.has(r.seq) ? [{ index: indexOf.get(r.seq) as number, cleared: r.status === 'cleared' }] : []));
  const nearestTo = (a: number, st: (typeof steps)[number]) =>
    named.every((other) => (other.cleared && !st.final) || Math.abs(other.index - st.index) >= Math.abs(a - st.index));
  for (const r of memory.regressions) {
    if (r.status === 'confirmed' || !indexOf.has(r.seq)) continue;
    const a = indexOf.get(r.seq) as number;
    // A cleared suspicion comes back only when a step at its place becomes final.
    const eligible = steps.filter((st) => explainsStep(a, st.index) && nearestTo(a, st) && st.change > 0 && (r.status === 'suspected' || st.final));
    const step = eligible.reduce<(typeof steps)[number] | undefined>((best, st) => (best === undefined || Math.abs(a - st.index) < Math.abs(a - best.index) ? st : best), undefined);
    if (step) {
      explainedBy.add(step.sha);
      const again = r.status === 'cleared' ? ' after all' : '';
      transitions.push({ kind: 'regression', sha: r.sha, seq: r.seq, status: 'confirmed', reason: `confirmed${again}: a lasting step, ${describeWorseChange(step.change, ctx.direction)} over the ${t - step.index} commits since` });
    } else if (r.status === 'suspected' && t - a >= clearAfter) {
      transitions.push({ kind: 'regression', sha: r.sha, seq: r.seq, status: 'cleared', reason: `cleared: no lasting step around it after ${t - a} more commits` });
    } else if (r.status === 'suspected') {
      stillOpen.push({ sha: r.sha, seq: r.seq, index: a });
    }
  }
  for (const r of memory.regressions) {
    if (r.status === 'confirmed' && indexOf.has(r.seq)) {
      const a = indexOf.get(r.seq) as number;
      for (const st of steps) if (explainsStep(a, st.index)) explainedBy.add(st.sha);
    }
  }
  const explainedByRaised = (c: number) =>
    memory.regressions.some((r) => r.status !== 'cleared' && indexOf.has(r.seq) && explainsStep(indexOf.get(r.seq) as number, c));
  return { transitions, explainedBy, stillOpen, explainedByRaised };
}

/**
 * Compare mode — the level a pull request is built on when the base branch has a regression it has
 * not cleared, and its points since are still worse by min-effect than before it: the head is
 * judged against that level, from the regression's commit on. Against the window straddling it,
 * the head read main's own regression as its change while the step stayed below the scan's
 * minimum size (a head at main's level "+30% worse"), and once the window took in a few points of
 * the new level its limit widened so far that a head a further 24% slower read "unchanged".
 * The newest such regression wins; one whose level main has left (a slow job or two that went
 * back, to be cleared) restarts nothing.
 */
function openRegressionLevel(ctx: Context, memory: CaseMemory, indexOf: SeqIndex): { index: number; sha: string } | undefined {
  const t = ctx.pts.length - 1;
  const open = memory.regressions
    .filter((r) => r.status !== 'cleared' && indexOf.has(r.seq))
    .map((r) => ({ sha: r.sha, index: indexOf.get(r.seq) as number }))
    .filter((r) => r.index > 0 && r.index < t)
    .sort((a, b) => b.index - a.index)[0];
  if (!open) return undefined;
  const before = median(logRange(ctx.logs, Math.max(0, open.index - ctx.settings.window), open.index));
  const since = median(logRange(ctx.logs, open.index, t));
  return ctx.sgn * (since - before) >= Math.log1p(ctx.settings.minEffect) ? open : undefined;
}

/**
 * Step 4 — where the baseline restarts: at steps in either direction; at a worse step only once
 * an alert explains it or it is final, so that a step the scan places before the limit has fired
 * still gets compared with the level it left.
 */
function restartsOf(known: readonly KnownChangePoint[], found: readonly FoundChangePoint[], settled: Settled): number[] {
  const confirmedIdx = known.filter((c) => c.status === 'confirmed').map((c) => c.index);
  return Array.from(
    new Set([
      ...confirmedIdx,
      ...found.filter((c) => c.change <= 0 || c.newlyConfirmed || settled.explainedBy.has(c.sha) || settled.explainedByRaised(c.index)).map((c) => c.index),
    ]),
  ).sort((a, b) => a - b);
}

/**
 * Commits before the run's first point where the culprit may still be placed: a small step is
 * often raised several commits after it starts (a 5% step in 3% job noise mostly 4 to 10 commits
 * late), and an alert is scored as that step's up to 10 commits after it.
 */
const CULPRIT_BACK = 10;
/** Robust standard deviations beyond the run's own level at which an earlier point is a slow host, not the step. */
const CULPRIT_RUNAWAY = 3;

/**
 * Where the step starts: the maximum-likelihood split of one step in the mean of the logs,
 * between the current level's start and the newest point. For each candidate start c the
 * statistic is the standardised difference of the means after and before it, d·|d|·nₐ·n_b/(nₐ+n_b)
 * (the log-likelihood ratio of a single shift in Gaussian noise, signed so that only a worse
 * step counts); the largest wins, the later one on a tie. Candidates lie between CULPRIT_BACK
 * commits before the run and the newest point, never before the current level's second point,
 * so the step named is always one onto the level the verdict judged against.
 *
 * It replaces a sign vote over at most 4 commits before the run (culprit exact 0.81 at moderate
 * noise in the quick evaluation): sizes rather than signs use how far each point lies, and the
 * longer reach names small steps that crossed the limit late. A slow host just before the step
 * would pull the split onto itself, so earlier points are left out of both sides (and never
 * named) when the job moved as one there (jobMovedAlikeBefore), or when they lie more than
 * CULPRIT_RUNAWAY robust deviations of the baseline beyond the run's own level: a step does not
 * overshoot the level it moves to. The run's points are the evidence and stay in, but for a later
 * one where the job moved as one (a slow host inside the run would be named for its size alone).
 */
function culpritIndex(ctx: Context, test: LimitTest, currentStart: number): number {
  const t = ctx.pts.length - 1;
  const first = t - test.k + 1;
  const mu = test.mu;
  const excess = (j: number) => ctx.sgn * ((ctx.logs[j] as number) - mu);
  const run: number[] = [];
  for (let j = first; j <= t; j++) run.push(excess(j));
  const level = median(run);
  const base = logRange(ctx.logs, currentStart, first);
  const spread = base.length >= 3 ? 1.4826 * medianAbsoluteDeviation(base) : 0;
  // A later point of the run where the job moved as one (a slow host the other cases witnessed)
  // is the machine's: it is left out and never named. The run's first point always stays: a step
  // may start on a slow host too, and a runner episode raised once it lasted is named where it began.
  const kept = (j: number) =>
    j === first || (j > first ? ctx.movedAlike(j) !== true : ctx.movedAlike(j) !== true && !(spread > 0 && excess(j) > level + CULPRIT_RUNAWAY * spread));
  // Prefix sums over the kept points from the current level's start: each split is O(1).
  const from = currentStart;
  const count = new Float64Array(t - from + 2);
  const sum = new Float64Array(t - from + 2);
  for (let j = from; j <= t; j++) {
    const keep = kept(j);
    count[j - from + 1] = (count[j - from] as number) + (keep ? 1 : 0);
    sum[j - from + 1] = (sum[j - from] as number) + (keep ? excess(j) : 0);
  }
  const totalN = count[t - from + 1] as number;
  const totalS = sum[t - from + 1] as number;
  let best = first;
  let bestStat = -Infinity;
  const runN = count[first - from] as number;
  const runS = sum[first - from] as number;
  for (let c = Math.max(currentStart + 1, first - CULPRIT_BACK); c <= t; c++) {
    if (!kept(c)) continue;
    // The commits between an earlier culprit and the run must have moved too, by a third of the
    // run's excess on average: a long stretch a little above the baseline is noise, not the step.
    // A third, not a half: those commits stayed inside the limit, so they lie lower than the run
    // by selection (half cost 3 points of culprit exact in the evaluation).
    const gapN = runN - (count[c - from] as number);
    if (c < first && gapN > 0 && (runS - (sum[c - from] as number)) / gapN < level / 3) continue;
    const nb = count[c - from] as number;
    const na = totalN - nb;
    if (nb < 1 || na < 1) continue;
    const sb = sum[c - from] as number;
    const d = (totalS - sb) / na - sb / nb;
    const stat = (d * Math.abs(d) * na * nb) / (na + nb);
    if (stat >= bestStat) {
      bestStat = stat;
      best = c;
    }
  }
  return best;
}

/**
 * Step 6 — a regressed verdict either continues an alert raised on this level a few commits ago
 * (whatever its status now: a maintainer hears about a step once) or raises a new one.
 */
function raiseRegression(
  ctx: Context,
  memory: CaseMemory,
  indexOf: SeqIndex,
  settled: Settled,
  currentStart: number,
  decided: { reason: string; baseline: Baseline; k: number; culprit?: number; atOnce?: boolean },
): { alert?: RaisedAlert; ongoing?: CaseVerdict['ongoing']; reason: string; waits?: true } {
  const t = ctx.pts.length - 1;
  // The culprit: where the step starts (culpritIndex), the first point of the run unless the
  // points around it say the step began a little earlier or later.
  const culprit = ctx.pts[decided.culprit ?? t - decided.k + 1] as SeriesPoint;
  const clearAfter = 2 * ctx.settings.changePoints.minSize;
  const recent = memory.regressions
    .filter((r) => r.status !== 'cleared' && indexOf.has(r.seq))
    .map((r) => ({ sha: r.sha, seq: r.seq, status: r.status, index: indexOf.get(r.seq) as number }))
    .filter((r) => r.index >= currentStart && t - r.index <= clearAfter)
    // One this run clears is over: the run is raised afresh rather than called still regressed.
    .filter((r) => !settled.transitions.some((tr) => tr.sha === r.sha && tr.status === 'cleared'));
  const openHere =
    ctx.settings.method === 'limit' ? [...settled.stillOpen.map((r) => ({ ...r, status: 'suspected' as AlertStatus })), ...recent].sort((a, b) => a.index - b.index).pop() : undefined;
  if (openHere) {
    const ongoing = { sha: openHere.sha, status: settled.transitions.find((tr) => tr.sha === openHere.sha)?.status ?? openHere.status };
    // The finding first, as every reason opens (so beside a Change column it is not said twice).
    return { ongoing, reason: withCaveat(decided.reason, `still beyond the limit since ${openHere.sha.slice(0, 7)}`) };
  }
  if (decided.culprit === t && decided.k > 1 && decided.atOnce !== true) {
    // Step 5h — a run whose step starts at its newest commit: the points before it were only a
    // little beyond the limit and the newest far beyond, so the step it would name is one point,
    // which waits for the next commit like any other (running-coach's `test_submit_feedback`: two
    // commits at 122 and 126 iter/s against about 150 before, then one at 74, then 119 and 159).
    // On the labelled real histories of docs/alerts.md this took 5 false alerts and no true one.
    const side = ctx.direction === 'smaller' ? 'above' : 'below';
    const change = describeChange((ctx.pts[t] as SeriesPoint).value, decided.baseline.median, ctx.direction);
    return {
      waits: true,
      reason: `${change}: ${decided.k} commits in a row are ${side} ${quantity(decided.baseline.limit as number, ctx.series.unit)}, but the step would start at the newest alone, the ones before it only just ${side}; one commit looks like this, so the next one decides${DETAILS}`,
    };
  }
  // Named at the culprit, measured at the newest point: the same value and change as the
  // verdict, its comment row and the attribution of a total.
  const newest = ctx.pts[t] as SeriesPoint;
  const change = worseChange(newest.value, decided.baseline.median, ctx.direction);
  // Raised on a later commit than the one it names: the words of this run say which, as its
  // comment and dot do.
  const reason = culprit.sha === newest.sha ? decided.reason : withCaveat(decided.reason, `the step starts at ${culprit.sha.slice(0, 7)}`);
  const alert: RaisedAlert = {
    kind: 'regression',
    sha: culprit.sha,
    seq: culprit.seq,
    baseline: decided.baseline.median,
    value: newest.value,
    ...(Number.isFinite(change) ? { change } : {}),
    reason,
  };
  return { alert, reason };
}

/**
 * Whether a step the scan found is one a maintainer should hear about on its own: the new level
 * lasts (a level that goes back to where it came from within `stableAfter` commits is an
 * excursion, such as a slow host that stayed for several jobs), and the step stands out of the
 * noise by the case's share of the suite's confidence: the difference of the two levels' medians
 * against its standard error from the points' robust spread (1.4826 · MAD around each level's
 * median, and √(π/2) for a median), over at most `window` points on each side.
 */
function lastingStep(ctx: Context, found: readonly FoundChangePoint[], c: FoundChangePoint): boolean {
  const i = found.indexOf(c);
  const next = found[i + 1];
  const t = ctx.pts.length - 1;
  const minLog = Math.log1p(ctx.settings.minEffect);
  // A level that goes back within stableAfter commits, to where it came from or beyond, did not
  // last: a worse plateau followed by a level better than before is an excursion too (a slower
  // runner for several jobs, then a faster one), and a maintainer told 19 commits later that it
  // was a lasting step would look at a case already faster than before the step.
  if (next && next.index - c.index < ctx.settings.changePoints.stableAfter && ctx.sgn * Math.log(next.after / c.before) < minLog) return false;
  const prev = found[i - 1];
  const from = Math.max(prev ? prev.index : 0, c.index - ctx.settings.window);
  const to = Math.min(next ? next.index : t + 1, c.index + ctx.settings.window);
  const before = logRange(ctx.logs, from, c.index);
  const after = logRange(ctx.logs, c.index, to);
  if (before.length < 2 || after.length < 2) return true;
  const mb = median(before);
  const ma = median(after);
  if (shareShift(ctx.sgn, before, after, ma - mb)) return false;
  const spread = 1.4826 * median([...before.map((x) => Math.abs(x - mb)), ...after.map((x) => Math.abs(x - ma))]);
  if (!(spread > 0)) return true;
  const se = Math.sqrt(Math.PI / 2) * spread * Math.sqrt(1 / before.length + 1 / after.length);
  return Math.abs(ma - mb) / se > tUpperQuantile(ctx.alphaCase, before.length + after.length - 2);
}

/**
 * The share of the better quartile's move in the median's move below which a step is a change in
 * the mix of a case's modes, not a step of the code. A code change moves every run of every job,
 * the better ones too, so the better quartile moves with the median; a case whose jobs land on a
 * slower mode more often than before moves its median while its better quartile stays on the
 * faster mode. On the labelled real histories of docs/alerts.md this took away 13 steps found:
 * 10 labelled false (risc0's two machines, go-algorand's and FCCAnalyses' runner mixes), 2 never
 * sampled, and 1 labelled true, sqlfmt's +4.6% at 6e60bcb, whose better quartile lay on the
 * points of a faster runner that came more often after the step than before it.
 */
const SHARE_SHIFT = 1 / 3;

/**
 * Whether the worse step from `before` to `after` (logs, oldest first) moved the median by
 * `medianMove` while the better quartile, the faster mode when a case has two, stayed: the
 * slower mode came more often, neither moved.
 */
function shareShift(sgn: number, before: readonly number[], after: readonly number[], medianMove: number): boolean {
  const better = (xs: readonly number[]) => quantileSorted(sorted(xs.map((x) => sgn * x)), 0.25);
  const move = sgn * medianMove;
  return move > 0 && better(after) - better(before) < SHARE_SHIFT * move;
}

/**
 * Step 7 — a lasting worse step that no regression raised (a slow drift, a small step in a noisy
 * case) is raised itself, once it is final: announcing steps that later scans take back would be
 * crying wolf of our own.
 */
function raiseStep(ctx: Context, found: readonly FoundChangePoint[], settled: Settled): { alert: RaisedAlert; reason: string } | undefined {
  const t = ctx.pts.length - 1;
  const fresh = found
    .filter((c) => c.newlyConfirmed && c.change > 0 && c.index >= t - 2 * ctx.settings.window && !settled.explainedBy.has(c.sha))
    .filter((c) => !settled.explainedByRaised(c.index))
    // A step the control cases took too, and kept, is the runner's.
    .filter((c) => ctx.controlsMovedSince?.((ctx.pts[Math.max(0, c.index - ctx.settings.window)] as SeriesPoint).seq, c.seq) !== true)
    .filter((c) => lastingStep(ctx, found, c))
    .sort((a, b) => b.change - a.change)[0];
  if (!fresh) return undefined;
  const reason = `${describeWorseChange(fresh.change, ctx.direction)}: a lasting step starts at ${fresh.sha.slice(0, 7)}, median ${levels(ctx.series.unit, fresh.before, fresh.after, ' → ')} over the ${fresh.pointsAfter} commits since${DETAILS}`;
  return { reason, alert: { kind: 'change-point', sha: fresh.sha, seq: fresh.seq, baseline: fresh.before, value: fresh.after, change: fresh.change, reason } };
}

/**
 * A raised regression's reason with what the rest of the job did: the finding first (the change
 * and the limit, which is what a maintainer acts on), the caveat after it, the link to the
 * method last.
 */
export function withCaveat(reason: string, caveat: string): string {
  return wrapped('', reason, `; ${caveat}`);
}

/** A reason quoted inside another, the link to the method kept last, where readers find it and renderers link it. */
function wrapped(before: string, reason: string, after: string): string {
  const { text, linked } = withoutDetails(reason);
  return `${before}${text}${after}${linked ? DETAILS : ''}`;
}

/**
 * The episode the job moved as one for that ended just before the newest commit, with the newest
 * point (0 when there is none): the run step 5e tests as one.
 */
function alikeEpisode(ctx: Context): number {
  return ctx.alikeRun === 0 && (ctx.alikeBefore ?? 0) >= 1 ? Math.min(ALIKE_LOOKBACK, ctx.alikeBefore as number) + 1 : 0;
}

/** Commits in a row, up to this one, at which the rest of the suite said the machine moved. */
function hostRunOf(ctx: Context): number {
  return ctx.hostMoved === true ? ctx.hostLead + 1 : 0;
}

/** Commits in a row just before this one at which the rest of the suite said the machine moved. */
function hostLead(options: AssessOptions): number {
  const b = options.hostMovedBefore ?? [];
  let lead = 0;
  while (lead < b.length && b[lead] === true) lead++;
  return lead;
}

/** Whether the rest of the suite moved at one of the run's earlier points (hostMovedBefore). */
function runBeganWithHost(options: AssessOptions, k: number): boolean {
  return (options.hostMovedBefore ?? []).slice(0, k - 1).some((h) => h === true);
}

/**
 * Judges the newest point of one case against its history and what earlier runs stored. Pure:
 * the same series, memory and settings give the same answer on every run. Each rule has one
 * step: prepare, scanChangePoints, settleSuspicions, restartsOf, the verdict (limitVerdict or
 * ratioVerdict), raiseRegression, raiseStep.
 */
export function assessCase(series: CaseSeries, memory: CaseMemory, given: AlertSettings, options: AssessOptions): CaseAssessment {
  const mode = options.mode ?? 'push';
  const { ctx: preCtx, newest, indexOf } = prepare(series, given, options);
  const base = {
    suite: series.suite,
    case: series.case,
    unit: series.unit,
    direction: series.direction,
    sha: newest.sha,
    seq: newest.seq,
    value: newest.value,
    q1: newest.q1,
    q3: newest.q3,
    runs: newest.runs,
    n: newest.n,
    recent: series.points.slice(-RECENT).map((p) => p.value),
  };
  const method = preCtx.settings.method;
  const empty: CaseChangePoints = { suite: series.suite, case: series.case, unit: series.unit, direction: series.direction, fromSeq: newest.seq, toSeq: newest.seq, found: [] };
  if (!(newest.value > 0) && method === 'ratio') {
    const decided = ratioVerdict(preCtx);
    const prev = series.points[series.points.length - 2];
    const alert: RaisedAlert | undefined =
      decided.kind === 'regressed' && prev ? { kind: 'regression', sha: newest.sha, seq: newest.seq, baseline: prev.value, value: newest.value, change: worseChange(newest.value, prev.value, series.direction), reason: decided.reason } : undefined;
    const verdict: CaseVerdict = { ...base, kind: decided.kind, method, ...(decided.baseline ? { baseline: decided.baseline } : {}), reason: decided.reason, ...(alert ? { alert } : {}), transitions: [] };
    return { verdict, changePoints: empty };
  }
  if (!(newest.value > 0)) {
    const verdict: CaseVerdict = { ...base, kind: 'not-enough-history', method, reason: 'a median at or below zero cannot be compared as a ratio', transitions: [] };
    return { verdict, changePoints: empty };
  }
  const { pts } = preCtx;
  const t = pts.length - 1;

  const { known, found, regionStart } = scanChangePoints(preCtx, memory, indexOf);
  const changePoints: CaseChangePoints = {
    suite: series.suite,
    case: series.case,
    unit: series.unit,
    direction: series.direction,
    fromSeq: (pts[regionStart + 1] ?? newest).seq,
    toSeq: newest.seq,
    found: found.map(({ index: _index, newlyConfirmed: _n, ...c }) => c),
  };
  const settled = settleSuspicions(preCtx, memory, indexOf, known, found);
  const openLevel = mode === 'compare' ? openRegressionLevel(preCtx, memory, indexOf) : undefined;
  const restarts = restartsOf(known, found, settled);
  const ctx: Context = { ...preCtx, boundaries: openLevel ? [...new Set([...restarts, openLevel.index])].sort((a, b) => a - b) : restarts, ...(openLevel ? { openLevel } : {}) };

  // Step 5 — the verdict on the newest points.
  const decided = method === 'ratio' ? ratioVerdict(ctx) : limitVerdict(ctx);
  const baseline = 'test' in decided ? decided.test?.baseline : (decided as { baseline?: Baseline }).baseline;
  const k = 'test' in decided && decided.test ? decided.test.k : 1;
  // No finite ratio from a zero baseline: the verdict says so in words and carries no change.
  const ratio = baseline ? worseChange(newest.value, baseline.median, series.direction) : undefined;
  const change = ratio !== undefined && Number.isFinite(ratio) ? ratio : undefined;
  const firstSha = (pts[t - k + 1] ?? newest).sha;

  if (mode === 'compare') {
    // Said in the reason: "the last 3 commits" alone reads as a thin history, not as main's level.
    const since = openLevel && baseline?.sinceSha === openLevel.sha ? `against the level since the regression at ${openLevel.sha.slice(0, 7)}, still open in the published trend` : undefined;
    const verdict: CaseVerdict = {
      ...base,
      kind: decided.kind,
      method,
      ...(baseline ? { baseline } : {}),
      ...(change !== undefined ? { change } : {}),
      reason: since ? withCaveat(decided.reason, since) : decided.reason,
      transitions: [],
    };
    return { verdict, changePoints: empty };
  }

  const currentStart = restarts.filter((b) => b <= t).pop() ?? 0;
  let kind = decided.kind;
  let reason = decided.reason;
  let alert: RaisedAlert | undefined;
  let ongoing: CaseVerdict['ongoing'];
  const runStart = pts[t - k + 1] ?? newest;
  // The control cases over the same baseline as the run: the commits before it that its limit reads.
  const baseFrom = (pts[Math.max(0, t - k + 1 - (baseline?.count ?? ctx.settings.window))] ?? newest).seq;
  if (kind === 'regressed' && method === 'limit' && options.runnerNoise === true) {
    // Step 5c — the control cases moved too: the machine, not the code.
    kind = 'watch';
    reason = wrapped(`looks like the runner, not the code: the control cases moved too at this commit, so nothing is raised (`, reason, ')');
  } else if (kind === 'regressed' && method === 'limit' && k > 1 && ctx.controlsMovedSince?.(baseFrom, runStart.seq) === true) {
    // And where the run began, staying since: a runner that changed for good (another machine
    // type) is the machine's however long it lasts; without this, the run was raised once the
    // control cases' own recent level had caught up with them (issue 17's control cases).
    kind = 'watch';
    reason = wrapped('looks like the runner, not the code: the control cases moved with this run and still are, so nothing is raised (', reason, ')');
  } else if (
    kind === 'regressed' &&
    method === 'limit' &&
    options.jobMovedAlike === true &&
    (ctx.alikeRun !== undefined ? k - ctx.alikeRun < ctx.settings.alertAfter : k < ctx.settings.maxRun) &&
    !memory.regressions.some((r) => r.status === 'suspected')
  ) {
    // Step 5d — every point of the run came while the rest of the suite moved as much: slow jobs
    // in a row look exactly like this, so the run waits for as long as the job keeps moving as
    // one. A runner that goes back breaks the run; a lasting step of every case (a code change
    // that slows everything) is raised once the job stops moving as one, named where it began.
    kind = 'watch';
    const since = (ctx.alikeRun ?? 1) > 1 ? ` for ${ctx.alikeRun} commits` : '';
    // The wait goes on while the job keeps moving as one (alikeRuns counts at most ALIKE_LOOKBACK + 1).
    const again = ctx.alikeRun !== undefined && k + 1 - Math.min(ctx.alikeRun + 1, ALIKE_LOOKBACK + 1) < ctx.settings.alertAfter;
    const decides = again ? 'the next commit decides unless the job moves as one again' : 'the next commit decides';
    reason = wrapped(`nearly every case of this job got worse at once${since}, which looks like the runner; ${decides} (name cases only the machine can move in control-cases to tell at once; `, reason, ')');
  } else if (kind === 'regressed' && method === 'limit' && k > ctx.settings.maxRun) {
    // Step 5e — the episode the job moved as one for (or, 5d″, most of the suite moved for) has
    // lasted: raised now, at its start.
    const alike = alikeEpisode(ctx) === k;
    const from = firstSha.slice(0, 7);
    reason = alike
      ? withCaveat(reason, `nearly every case of this job moved with it from ${from} and stayed ${k} commits: a change that slows every case, or a runner that changed for good`)
      : withCaveat(reason, `most of this job moved with it from ${from} and stayed ${k} commits: a change that slows much of the suite, or a runner that changed for good`);
  } else if (
    kind === 'regressed' &&
    method === 'limit' &&
    (((options.hostMoved === true || runBeganWithHost(options, k)) && k <= ctx.settings.alertAfter) || (hostRunOf(ctx) >= k && hostRunOf(ctx) <= HOST_WAIT)) &&
    !memory.regressions.some((r) => r.status === 'suspected')
  ) {
    // Step 5d′ — most of the job moved too, but not nearly all of it: a slower runner felt by each
    // case by its own share (a case that feels half of a +15% host moves about 7%, inside its
    // own noise, so fewer than 9 in 10 move by min-effect). A run of the fewest points waits one
    // more commit, as two slow jobs in a row look exactly like this; a step that stays is raised
    // then, named where it began. On suites of 10 generated on one machine (eval:alerts), slow
    // hosts for two jobs gave 1.52 false alerts per 1,000 commits per case without this, 0.78
    // with it, at the same recall.
    // The run may also have begun on such a commit, the host fading at the next (a 2-commit
    // spike of half a suite): on the labelled real histories of docs/alerts.md this wait took
    // away 28 false alerts (19 of them one such spike of lambdaworks' FFT cases) and lost no
    // true step: those are raised a commit later, named where they began, but for one in 10-20%
    // noise whose third point fell inside the limit, left to the scan (19 commits later).
    // Step 5d″ — and while the rest of the suite keeps moving at every commit of the run (a slower
    // runner that stays for several jobs, felt by most cases but not nearly all), the run keeps
    // waiting, up to HOST_WAIT commits; once the suite stops, or at the commit after, the episode
    // and the newest point are tested as one run (limitVerdict), so a step that stays is raised
    // then, named where it began.
    kind = 'watch';
    const when = options.hostMoved === true ? 'at this commit' : 'where this run began';
    // 5d″ waits on while the rest of the suite has moved at every commit of the run, HOST_WAIT at most.
    const decides = hostRunOf(ctx) >= k && k < HOST_WAIT ? `the next commit decides unless most of the job moves again (${HOST_WAIT} commits at most)` : 'the next commit decides';
    reason = wrapped(`most other cases of this job moved ${when} too, which may be the runner; ${decides} (name cases only it can move in control-cases to tell at once; `, reason, ')');
  } else if (kind === 'regressed' && method === 'limit' && options.hostMoved === true) {
    reason = withCaveat(reason, 'most of this job moved at this commit too, so it may be the runner (name cases only the runner can move in control-cases to tell)');
  } else if (kind === 'unchanged' && method === 'limit' && change !== undefined && change >= ctx.settings.minEffect && baseline) {
    // After a runner that changed for good the baseline holds both levels, so its limit widens and
    // a case still worse by min-effect reads "within": when the control cases are as far from
    // their own level over the same commits, say whose move it is.
    const from = (pts[Math.max(0, t - baseline.count)] ?? newest).seq;
    if (ctx.controlsMovedSince?.(from, newest.seq) === true) reason = withCaveat(reason, 'the control cases moved too, so it looks like the runner');
  }
  // The newest open regression, looked for only where it is said: every case of every replayed
  // commit passes here.
  const open = kind === 'unchanged' && method === 'limit' ? settled.stillOpen.reduce<(typeof settled.stillOpen)[number] | undefined>((a, b) => (a === undefined || b.index > a.index ? b : a), undefined) : undefined;
  if (open !== undefined) {
    // Once the window takes in a few points of the new level its limit widens, and the newest
    // point reads "within" while the regression it raised is still undecided: say so, so that a
    // row of "ok" does not read as the regression having gone.
    const left = Math.max(1, 2 * ctx.settings.changePoints.minSize - (t - open.index));
    reason = withCaveat(reason, `the regression at ${open.sha.slice(0, 7)} stays suspected until a lasting step confirms it, or ${left} more commit${left === 1 ? '' : 's'} without one clear it`);
  }
  if (kind === 'regressed' && baseline) {
    const test = 'test' in decided ? decided.test : undefined;
    const culprit = method === 'limit' && test ? culpritIndex(ctx, test, currentStart) : undefined;
    // A newest point overwhelming on its own is raised at once, whatever came before it.
    const atOnce = culprit === t && overwhelming(ctx) !== undefined;
    const raised = raiseRegression(ctx, memory, indexOf, settled, currentStart, { reason, baseline, k: method === 'ratio' ? 1 : k, atOnce, ...(culprit !== undefined ? { culprit } : {}) });
    ({ alert, ongoing, reason } = raised);
    if (raised.waits) kind = 'watch';
  }
  // In ratio mode the anchor's rule is the only one that alerts.
  const step = !alert && kind !== 'regressed' && method === 'limit' ? raiseStep(ctx, found, settled) : undefined;
  if (step) {
    kind = 'step';
    reason = step.reason;
    alert = step.alert;
  }

  const verdict: CaseVerdict = {
    ...base,
    kind,
    method,
    ...(baseline ? { baseline } : {}),
    ...(change !== undefined ? { change } : {}),
    ...(kind === 'regressed' || kind === 'watch' ? { run: { count: k, firstSha } } : {}),
    reason,
    ...(alert ? { alert } : {}),
    ...(ongoing ? { ongoing } : {}),
    transitions: settled.transitions,
    recent: base.recent,
  };
  return { verdict, changePoints };
}
