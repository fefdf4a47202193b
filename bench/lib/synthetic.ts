/**
 * Synthetic case histories for measuring the detector (npm run eval:alerts): job-level noise
 * (between CI jobs, where most of it lies) on top of run-level noise (between the runs of one
 * job, absorbed by the median), outlier runs, occasional slow hosts that slow a whole job, quiet
 * series, and injected steps of 5, 10 and 20% in either direction. Pure and seeded: the same
 * seed gives the same history on every machine.
 */
import type { Direction } from '../../src/core/model.js';
import { quantileSorted, sorted } from '../../src/core/stats.js';
import type { SeriesPoint } from '../../src/core/regress/detect.js';
import { Random } from '../../src/core/regress/prng.js';
import type { Segment } from '../../src/core/trend/types.js';

export interface NoiseProfile {
  readonly name: string;
  /** Standard deviation of the log job factor: noise between CI jobs. */
  readonly jobSigma: number;
  /** Standard deviation of the log run factor: noise between the runs of one job. */
  readonly runSigma: number;
  /** Runs per job: each point is their median. */
  readonly runs: number;
  /** Chance that one run is an outlier, slower by 30–100%. */
  readonly runOutlier: number;
  /** Chance that a job ran on a slow host: all its runs slower by `slowFactor`. */
  readonly slowHost: number;
  readonly slowFactor: readonly [number, number];
  /** Chance that the job after a slow one ran on the same slow host (two in a row, or more). */
  readonly slowRepeat?: number;
  /** When set, a slow host stays for exactly this many jobs in a row (slowRepeat is then unused). */
  readonly slowRun?: number;
  /**
   * Bimodal noise of the case itself (not of the job, so no other case witnesses it): a share of
   * its jobs land on a second mode, slower by `factor`, as a benchmark with two code paths does.
   */
  readonly bimodal?: { readonly share: number; readonly factor: number };
}

/**
 * The profiles the evaluation reports. `moderate` is the one the quality goals are stated for:
 * 3% job noise with 2% slow hosts, about what the quieter real histories in
 * test/fixtures/trend-data show between jobs (the noisiest ones are closer to `high`).
 */
export const PROFILES: Readonly<Record<'quiet' | 'low' | 'moderate' | 'high' | 'pairs' | 'twice' | 'bimodal', NoiseProfile>> = {
  quiet: { name: 'quiet', jobSigma: 0.003, runSigma: 0.005, runs: 5, runOutlier: 0.01, slowHost: 0, slowFactor: [1, 1] },
  low: { name: 'low', jobSigma: 0.01, runSigma: 0.02, runs: 5, runOutlier: 0.03, slowHost: 0.01, slowFactor: [1.1, 1.4] },
  moderate: { name: 'moderate', jobSigma: 0.03, runSigma: 0.03, runs: 5, runOutlier: 0.05, slowHost: 0.02, slowFactor: [1.1, 1.5] },
  /** moderate, but half the slow hosts stay for the next job too: two slow jobs in a row. */
  pairs: { name: 'pairs', jobSigma: 0.03, runSigma: 0.03, runs: 5, runOutlier: 0.05, slowHost: 0.02, slowFactor: [1.1, 1.5], slowRepeat: 0.5 },
  /** moderate, and every slow host is +15% for exactly two jobs in a row (issue 17's case). */
  twice: { name: 'twice', jobSigma: 0.03, runSigma: 0.03, runs: 5, runOutlier: 0.05, slowHost: 0.02, slowFactor: [1.15, 1.15], slowRun: 2 },
  /** moderate, and a fifth of the case's jobs 12% slower on a second mode that no other case shares. */
  bimodal: { name: 'bimodal', jobSigma: 0.03, runSigma: 0.03, runs: 5, runOutlier: 0.05, slowHost: 0.02, slowFactor: [1.1, 1.5], bimodal: { share: 0.2, factor: 1.12 } },
  high: { name: 'high', jobSigma: 0.07, runSigma: 0.05, runs: 5, runOutlier: 0.05, slowHost: 0.04, slowFactor: [1.1, 1.6] },
};

export interface InjectedStep {
  /** Index of the first point at the new level. */
  readonly index: number;
  /** Relative size of the step (0.05, 0.1, 0.2). */
  readonly size: number;
  /** True when the step makes the case worse. */
  readonly worse: boolean;
}

export interface SyntheticHistory {
  readonly name: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly points: SeriesPoint[];
  readonly steps: InjectedStep[];
  /** Per commit: the job ran on a slow host (what the other cases of its suite would show). */
  readonly slow: boolean[];
}

export interface HistoryOptions {
  readonly seed: number;
  readonly commits: number;
  readonly profile: NoiseProfile;
  readonly direction?: Direction;
  /** Step sizes to draw from; empty for a history without steps. */
  readonly stepSizes?: readonly number[];
  /** Commits between steps are drawn uniformly from this range. */
  readonly stepGap?: readonly [number, number];
  /** Share of steps that make the case better rather than worse. */
  readonly improvementShare?: number;
  readonly name?: string;
  /**
   * The suite's machine, shared with the other cases (generateSuite): the log slow-down of each
   * commit's job, which this case feels times `scale`; its own slow hosts are not drawn then.
   */
  readonly host?: { readonly slowBy: readonly number[]; readonly scale: number };
}

/** A hex sha that names commit i of history `seed`, so alerts can be traced back to it. */
function shaOf(seed: number, i: number): string {
  return `${(seed >>> 0).toString(16).padStart(8, '0')}${i.toString(16).padStart(32, '0')}`;
}

/** One synthetic history of a case, oldest point first. */
export function generateHistory(options: HistoryOptions): SyntheticHistory {
  const rng = new Random(options.seed);
  const p = options.profile;
  const direction = options.direction ?? 'smaller';
  const sizes = options.stepSizes ?? [];
  const [gapLo, gapHi] = options.stepGap ?? [80, 160];
  const steps: InjectedStep[] = [];
  if (sizes.length > 0) {
    let at = gapLo + rng.below(gapHi - gapLo + 1);
    while (at < options.commits - 10) {
      steps.push({ index: at, size: sizes[rng.below(sizes.length)] as number, worse: rng.next() >= (options.improvementShare ?? 1 / 3) });
      at += gapLo + rng.below(gapHi - gapLo + 1);
    }
  }
  // A duration of about a second; throughput cases are its reciprocal.
  let level = Math.log(0.5 + rng.next());
  const points: SeriesPoint[] = [];
  const slow: boolean[] = [];
  let lastSlow = 0;
  let slowLeft = 0;
  let next = 0;
  for (let i = 0; i < options.commits; i++) {
    const step = steps[next];
    if (step && step.index === i) {
      // The level is a duration. A worse step of 20% is a duration 1.2 times longer, or a
      // throughput 0.8 times lower; a better step undoes the same factor.
      const factor = direction === 'smaller' ? 1 + step.size : 1 / (1 - step.size);
      level += Math.log(step.worse ? factor : 1 / factor);
      next++;
    }
    let job = level + p.jobSigma * rng.normal();
    let slowBy = 0;
    if (options.host) slowBy = (options.host.slowBy[i] ?? 0) * options.host.scale;
    else if (p.slowRun !== undefined ? lastSlow > 0 && slowLeft > 0 : lastSlow > 0 && rng.next() < (p.slowRepeat ?? 0)) slowBy = lastSlow;
    else if (rng.next() < p.slowHost) {
      slowBy = Math.log(p.slowFactor[0] + (p.slowFactor[1] - p.slowFactor[0]) * rng.next());
      slowLeft = (p.slowRun ?? 1) ;
    }
    slowLeft--;
    job += slowBy;
    lastSlow = slowBy;
    if (p.bimodal && rng.next() < p.bimodal.share) job += Math.log(p.bimodal.factor);
    slow.push(slowBy > 0);
    const runs: number[] = [];
    for (let r = 0; r < p.runs; r++) {
      let x = job + p.runSigma * rng.normal();
      if (rng.next() < p.runOutlier) x += Math.log(1.3 + 0.7 * rng.next());
      // Durations get slower on a slow host; throughputs get lower.
      runs.push(direction === 'smaller' ? Math.exp(x) : Math.exp(-x));
    }
    const s = sorted(runs);
    points.push({
      sha: shaOf(options.seed, i),
      seq: i,
      value: quantileSorted(s, 0.5),
      q1: quantileSorted(s, 0.25),
      q3: quantileSorted(s, 0.75),
      runs: runs.length,
      n: runs.length,
    });
  }
  return {
    name: options.name ?? `synthetic-${options.seed}`,
    unit: direction === 'smaller' ? 's' : 'ops/s',
    direction,
    points,
    steps,
    slow,
  };
}

export interface SuiteOptions {
  readonly seed: number;
  readonly commits: number;
  readonly profile: NoiseProfile;
  readonly cases: number;
  readonly stepSizes?: readonly number[];
}

/**
 * A suite of `cases` cases that share one machine: each commit's slow host (drawn as
 * generateHistory draws a case's own: `slowHost`, `slowRepeat`, `slowRun`, `slowFactor`) slows
 * every case of that job, each by its own share of it (0.5 to 1.5 times the host's slow-down in
 * log, as a case bound by the CPU feels it more than one that waits on a file). Steps, job noise,
 * runs and a bimodal case's second mode stay each case's own. Every case's commit i has one sha,
 * so the suite reads as one job per commit; `slow` marks the host's jobs.
 */
export function generateSuite(options: SuiteOptions): SyntheticHistory[] {
  const rng = new Random(options.seed * 7919 + 17);
  const p = options.profile;
  const slowBy: number[] = [];
  let lastSlow = 0;
  let slowLeft = 0;
  for (let i = 0; i < options.commits; i++) {
    let by = 0;
    if (p.slowRun !== undefined ? lastSlow > 0 && slowLeft > 0 : lastSlow > 0 && rng.next() < (p.slowRepeat ?? 0)) by = lastSlow;
    else if (rng.next() < p.slowHost) {
      by = Math.log(p.slowFactor[0] + (p.slowFactor[1] - p.slowFactor[0]) * rng.next());
      slowLeft = p.slowRun ?? 1;
    }
    slowLeft--;
    lastSlow = by;
    slowBy.push(by);
  }
  const sha = shaOf(options.seed, 0).slice(0, 8);
  return Array.from({ length: options.cases }, (_, c) => {
    const seed = options.seed * 100 + c;
    const h = generateHistory({
      seed,
      commits: options.commits,
      profile: p,
      direction: c % 3 === 2 ? 'bigger' : 'smaller',
      ...(options.stepSizes ? { stepSizes: options.stepSizes } : {}),
      name: `suite-${options.seed}/case-${c}`,
      host: { slowBy, scale: 0.5 + rng.next() },
    });
    // One job per commit: every case's commit i under the suite's sha.
    return { ...h, points: h.points.map((pt, i) => ({ ...pt, sha: `${sha}${i.toString(16).padStart(32, '0')}` })) };
  });
}

/**
 * A generated suite (generateSuite) as the trend segments a publisher would have written, one per
 * commit, so it can go through planReplay as `benchtrend replay` reads a stored trend.
 */
export function suiteSegments(cases: readonly SyntheticHistory[], suite = 'synthetic'): Segment[] {
  const first = cases[0];
  if (!first) return [];
  return first.points.map((head, i) => ({
    schema: 'benchtrend/segment',
    version: 1,
    seq: i,
    suite,
    commit: { sha: head.sha, message: `commit ${i}`, author: 'eval', timestamp: '2026-01-01T00:00:00Z' },
    publishedAt: '2026-01-01T00:00:00Z',
    shapes: ['synthetic'],
    points: cases.map((h) => {
      const p = h.points[i] as SeriesPoint;
      return { case: h.name, shape: 'synthetic', unit: h.unit, direction: h.direction, value: p.value, q1: p.q1, q3: p.q3, min: p.q1, max: p.q3, stdev: null, runs: p.runs, n: p.n, samples: [] };
    }),
  }));
}
