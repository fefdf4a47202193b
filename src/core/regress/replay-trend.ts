/**
 * A stored trend judged again commit by commit, suite by suite, as publishing each commit would
 * have judged it with the given settings (`benchtrend replay`): the same per-case replay, the same
 * witnesses for the machine (the other cases, or the control cases). Pure.
 */
import type { Direction } from '../model.js';
import { resolveSegments } from '../trend/layout.js';
import type { Segment, StoredAlert } from '../trend/types.js';
import { previousEntrySeqs, type SeriesPoint } from './detect.js';
import { controlsMoved, controlsMovedSince, HOST_WITNESSES, type ControlHistory, type ControlPoint, JobEpisodes, jumped, machineWitness, recentMove, SCATTER_SHARE, typicalMove, typicalMoveAt } from './host.js';
import { olderRebenches } from './rebench.js';
import { replay, standingIndices, type ReplayResult } from './replay.js';
import { isControlCase, type AlertSettings } from './settings.js';
import { describeWorseChange } from './words.js';

export interface ReplayedAlert {
  readonly suite: string;
  readonly case: string;
  readonly kind: 'regression' | 'change-point';
  /** The commit where the step starts (the culprit). */
  readonly sha: string;
  /** The commit whose publish would have raised it. */
  readonly raisedAt: string;
  /** Its status after the last commit. */
  readonly status: StoredAlert['status'];
  readonly unit: string;
  readonly direction: Direction;
  readonly baseline: number;
  readonly value: number;
  /** Relative change, positive when worse; null for a step from zero (no finite ratio). */
  readonly change: number | null;
  /** The change with its real sign and a word: `-9.5% worse`. */
  readonly changeText: string;
  readonly reason: string;
}

interface CaseHistory {
  unit: string;
  direction: Direction;
  points: SeriesPoint[];
}

/**
 * machineMoved(moves, self, minEffect) for every self of one commit, from one sorted copy of the
 * moves: without self, the middle of the others is the middle element or its neighbour, on
 * whichever side self lies. And machineScattered for every self, from one count of the cases that
 * jumped: without self, the count less its own.
 */
export class HostWitness {
  private readonly sorted: Float64Array;
  private readonly jumps: number;

  constructor(
    private readonly moves: ReadonlyMap<string, number>,
    private readonly minEffect: number,
    private readonly typical: ReadonlyMap<string, number> = new Map(),
  ) {
    this.sorted = Float64Array.from(moves.values()).sort();
    let jumps = 0;
    for (const [name, move] of moves) {
      const t = typical.get(name);
      if (t !== undefined && jumped(move, t, minEffect)) jumps++;
    }
    this.jumps = jumps;
  }

  scatteredWithout(self: string): boolean | undefined {
    const move = this.moves.get(self);
    const t = this.typical.get(self);
    const others = this.moves.size - (move !== undefined ? 1 : 0);
    if (others < HOST_WITNESSES) return undefined;
    return this.jumps - (move !== undefined && t !== undefined && jumped(move, t, this.minEffect) ? 1 : 0) >= SCATTER_SHARE * others;
  }

  /** machineWitness: the machine moved or scattered the suite, without self. */
  witnessWithout(self: string): boolean | undefined {
    return machineWitness(this.movedWithout(self), this.scatteredWithout(self));
  }

  movedWithout(self: string): boolean | undefined {
    const s = this.sorted;
    const own = this.moves.get(self);
    if (own === undefined) {
      if (s.length < HOST_WITNESSES) return undefined;
      return (s[Math.floor(s.length / 2)] as number) >= this.minEffect;
    }
    const others = s.length - 1;
    if (others < HOST_WITNESSES) return undefined;
    // Any occurrence of its value will do: removing one of equal values leaves the same others.
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((s[mid] as number) < own) lo = mid + 1;
      else hi = mid;
    }
    const at = Math.floor(others / 2);
    return (s[at < lo ? at : at + 1] as number) >= this.minEffect;
  }
}

/** Every alert the settings would have raised over the stored history, oldest first. */
export function replayTrend(given: Iterable<Segment>, settings: AlertSettings, onlySuite?: string): ReplayedAlert[] {
  return replaySuites(given, settings, onlySuite).alerts;
}

/**
 * manifest.alerts as publishing each commit would have left them after the last one (what
 * `benchtrend replay --write` and an import store), suite by suite, oldest first.
 */
export function replayStoredAlerts(given: Iterable<Segment>, settings: AlertSettings, onlySuite?: string): StoredAlert[] {
  return replaySuites(given, settings, onlySuite).stored;
}

/**
 * One case's replay with everything it needs from the rest of its suite: the witnesses for the
 * machine at each of its points come from the suite's points alone, never from a verdict, so the
 * cases of a suite replay independently of each other (and may run on other threads).
 */
export interface CaseReplayJob {
  readonly suite: string;
  readonly case: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly points: readonly SeriesPoint[];
  /** By point index: the points of the segment it came from, as that publish counted its suite's cases. */
  readonly suiteCases: readonly number[];
  /** By point index: what the rest of the suite (or the control cases) says about the machine. */
  readonly hostMoved: readonly (boolean | undefined)[];
  /** By point index: whether the suite's control cases moved (true for a control case itself). */
  readonly runnerNoise: readonly (boolean | undefined)[];
  /** By point index: whether every case of the job moved worse by about the same factor. */
  readonly jobMovedAlike: readonly (boolean | undefined)[];
  /** The suite's control cases' points (plain data, as a job goes to a worker), when it names any. */
  readonly controls?: readonly ControlHistory[];
  /** First index judged, when the points before it are only history (an import judges its newest entries). */
  readonly from?: number;
}

export interface CaseReplayResult {
  readonly alerts: ReplayedAlert[];
  readonly stored: StoredAlert[];
}

/** The stored history cut into one job per case, suite by suite, and the commits' order. */
export interface ReplayPlan {
  readonly jobs: CaseReplayJob[];
  /** seq of each commit's first segment, by sha: the order alerts are listed in. */
  readonly order: ReadonlyMap<string, number>;
}

/**
 * `judgeFrom`: per suite, the first seq judged; the points before it are only history (an import
 * judges its newest entries against the ones before them, as publishing them would have).
 * `older`: seqs of first benches of older commits (a bisect, an old tag), which publishing told by
 * ancestry and did not judge; history for the commits after them, as a re-bench is.
 */
export function planReplay(given: Iterable<Segment>, settings: AlertSettings, onlySuite?: string, judgeFrom?: ReadonlyMap<string, number>, older?: ReadonlySet<number>): ReplayPlan {
  const all = [...given];
  // A publish sets its limits by the cases of the segment it writes, before any re-run takes some
  // of them (jobs of different sizes, a suite that grew); so does the replay, point by point.
  const sizeOf = new Map(all.map((s) => [s.seq, s.points.length]));
  const rebenched = rebenchedSeqs(all, onlySuite);
  const { segments, until } = replaySegments(all, rebenched);
  const bySuite = suitesOf(segments, onlySuite);
  const jobs: CaseReplayJob[] = [];
  for (const [suite, segs] of bySuite) {
    const cases = new Map<string, CaseHistory>();
    const movesAt = new Map<number, Map<string, number>>();
    // Each case's moves by point, and its typical move before each commit (by seq).
    const movesOf = new Map<string, (number | undefined)[]>();
    const typicalAt = new Map<number, Map<string, number>>();
    const casesAt = new Map<number, CaseHistory[]>();
    // Entries whose points a re-run took all of are no one's previous, as on a publish.
    const previousOf = previousEntrySeqs(segs.filter((s) => s.points.length > 0).map((s) => ({ seq: s.seq, sha: s.commit.sha })));
    // Cases a re-bench of an older commit replaced a point of: their history differs from commit to commit.
    const rebenchedCases = new Set<string>();
    for (const seg of segs) for (const p of seg.points) if (until.has(`${seg.seq}\u0000${p.case}`)) rebenchedCases.add(p.case);
    segs.forEach((seg) => {
      const previousSeq = previousOf.get(seg.seq);
      const moves = new Map<string, number>();
      const here: CaseHistory[] = [];
      casesAt.set(seg.seq, here);
      for (const p of seg.points) {
        let c = cases.get(p.case);
        if (!c) cases.set(p.case, (c = { unit: p.unit, direction: p.direction, points: [] }));
        here.push(c);
        const gone = until.get(`${seg.seq}\u0000${p.case}`);
        c.points.push({ sha: seg.commit.sha, seq: seg.seq, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n, ...(previousSeq !== undefined ? { previousSeq } : {}), ...(p.summaryOnly === true ? { summaryOnly: true } : {}), ...(rebenched.has(seg.seq) || older?.has(seg.seq) === true ? { rebench: true } : {}), ...(gone !== undefined ? { until: gone } : {}) });
        // As a publish at this commit read the case: without the points a re-bench replaced by then.
        const seen = rebenchedCases.has(p.case) ? standing(c.points, seg.seq) : c.points;
        const move = recentMove(seen, c.direction);
        if (move !== undefined) moves.set(p.case, move);
        let own = movesOf.get(p.case);
        if (!own) movesOf.set(p.case, (own = []));
        const moved = own;
        const typical = rebenchedCases.has(p.case) ? typicalMoveAt(seen, seen.length - 1, c.direction) : typicalMove(moved.length, (j) => moved[j]);
        own.push(move);
        if (typical !== undefined) {
          let at = typicalAt.get(seg.seq);
          if (!at) typicalAt.set(seg.seq, (at = new Map<string, number>()));
          at.set(p.case, typical);
        }
      }
      movesAt.set(seg.seq, moves);
    });
    // Whether the control cases moved, once per commit (not once per case and commit).
    const controlMovedAt = new Map<number, boolean | undefined>();
    const rebenchedHistories = new Set([...cases].filter(([name]) => rebenchedCases.has(name)).map(([, c]) => c));
    const episodes = new JobEpisodes(settings.minEffect, (seq) => {
      const here = casesAt.get(seq) ?? [];
      return rebenchedHistories.size === 0 ? here : here.map((c) => (rebenchedHistories.has(c) ? { direction: c.direction, points: standing(c.points, seq) } : c));
    });
    const alikeAt = new Map<number, boolean>();
    for (const [seq, moves] of movesAt) {
      alikeAt.set(seq, episodes.movedAsOne(seq));
      controlMovedAt.set(seq, controlsMoved(moves, settings));
    }
    // What the other cases say about the machine, sorted once per commit rather than once per case.
    const hosts = new Map<number, HostWitness>();
    const hostAt = (seq: number) => {
      let h = hosts.get(seq);
      if (!h) hosts.set(seq, (h = new HostWitness(movesAt.get(seq) ?? new Map<string, number>(), settings.minEffect, typicalAt.get(seq))));
      return h;
    };
    const replaced = replacedControlPoints(all, suite, settings);
    const controls: ControlHistory[] = [...cases]
      .filter(([name]) => isControlCase(settings, name))
      .map(([name, c]) => {
        const points = c.points.map((p): ControlPoint => ({ seq: p.seq, value: p.value, ...(p.until !== undefined ? { until: p.until } : {}) }));
        const kept = new Set(points.map((p) => p.seq));
        const gone = replaced.get(name)?.filter((p) => !kept.has(p.seq));
        return { direction: c.direction, points: gone?.length ? [...points, ...gone].sort((a, b) => a.seq - b.seq) : points };
      });
    for (const [name, c] of cases) {
      const control = isControlCase(settings, name);
      const hostMoved: (boolean | undefined)[] = [];
      const runnerNoise: (boolean | undefined)[] = [];
      const jobMovedAlike: (boolean | undefined)[] = [];
      const suiteCases: number[] = [];
      for (const p of c.points) {
        suiteCases.push(sizeOf.get(p.seq) ?? 1);
        const controlMoved = controlMovedAt.get(p.seq);
        hostMoved.push(controlMoved ?? hostAt(p.seq).witnessWithout(name));
        runnerNoise.push(control ? true : controlMoved);
        jobMovedAlike.push(alikeAt.get(p.seq));
      }
      const firstSeq = judgeFrom?.get(suite);
      const from = firstSeq === undefined ? undefined : c.points.findIndex((p) => p.seq >= firstSeq);
      jobs.push({
        suite,
        case: name,
        unit: c.unit,
        direction: c.direction,
        points: c.points,
        suiteCases,
        hostMoved,
        runnerNoise,
        jobMovedAlike,
        ...(controls.length ? { controls } : {}),
        ...(from !== undefined ? { from: from < 0 ? c.points.length : from } : {}),
      });
    }
  }
  const order = new Map<string, number>();
  for (const s of segments) if (!order.has(s.commit.sha)) order.set(s.commit.sha, s.seq);
  return { jobs, order };
}

/**
 * The newest `keep` of the points a publish at `seq` read: those up to it that no re-bench of an
 * older commit had replaced by then. The moves and episodes read a few dozen points back, so a
 * long history with one bisect in it stays linear.
 */
function standing(points: readonly SeriesPoint[], seq: number, keep = STANDING_KEEP): SeriesPoint[] {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as SeriesPoint).seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return standingIndices(points, lo, seq, keep).map((i) => points[i] as SeriesPoint);
}

/** More than the points typicalMoveAt reads back (30 moves of 10 points each) and JobEpisodes (16 commits, 8 skipped, 10 each). */
const STANDING_KEEP = 64;

/** `segments` by suite (only `onlySuite`, when given), each in the order given. */
function suitesOf(segments: readonly Segment[], onlySuite?: string): Map<string, Segment[]> {
  const bySuite = new Map<string, Segment[]>();
  for (const s of segments) {
    if (onlySuite !== undefined && s.suite !== onlySuite) continue;
    const list = bySuite.get(s.suite);
    if (list) list.push(s);
    else bySuite.set(s.suite, [s]);
  }
  return bySuite;
}

/**
 * The log as the replay walks it: re-runs resolved (resolveSegments), except those that re-bench an
 * older commit, whose points are kept with the seq of the re-bench that replaced them (`until`,
 * by seq and case): every publish in between read them, and judged them when they were new.
 */
function replaySegments(all: readonly Segment[], rebenched: ReadonlySet<number>): { segments: Segment[]; until: Map<string, number> } {
  const segments = [...resolveSegments(all.filter((s) => !rebenched.has(s.seq))), ...all.filter((s) => rebenched.has(s.seq))].sort((a, b) => a.seq - b.seq);
  const until = new Map<string, number>();
  if (rebenched.size === 0) return { segments, until };
  // The points of each suite and commit that stand, by shape: a re-bench replaces its shapes' points.
  const standingAt = new Map<string, { seq: number; case: string; shape: string }[]>();
  for (const s of segments) {
    const at = `${s.suite}\u0000${s.commit.sha}`;
    const list = standingAt.get(at) ?? [];
    if (rebenched.has(s.seq)) {
      const shapes = new Set(s.shapes);
      for (const q of list) if (shapes.has(q.shape) && !until.has(`${q.seq}\u0000${q.case}`)) until.set(`${q.seq}\u0000${q.case}`, s.seq);
    }
    for (const p of s.points) list.push({ seq: s.seq, case: p.case, shape: p.shape });
    standingAt.set(at, list);
  }
  return { segments, until };
}

/**
 * The seqs of the segments that re-benched an older commit of their suite (rebench.ts), read from
 * the log as stored, where the runs they replaced still are. An import's entries are judged in the
 * order github-action-benchmark appended them, as it judged them.
 */
function rebenchedSeqs(all: readonly Segment[], onlySuite?: string): Set<number> {
  const out = new Set<number>();
  for (const list of suitesOf(all, onlySuite).values()) {
    list.sort((a, b) => a.seq - b.seq);
    const entries = list.map((s) => ({ seq: s.seq, sha: s.commit.sha, imported: s.imported !== undefined }));
    for (const seq of olderRebenches(entries, (e) => !e.imported)) out.add(seq);
  }
  return out;
}

/**
 * The control cases' points that a re-run replaced, each until the re-run's seq: a publish between
 * the two (another job's, at the same commit or later) read the control case with that point in
 * it, and the replay reads it so there. Imported entries stay resolved as they are: the replay is
 * what judged them.
 */
function replacedControlPoints(all: readonly Segment[], suite: string, settings: AlertSettings): Map<string, ControlPoint[]> {
  const out = new Map<string, ControlPoint[]>();
  if (settings.controlCases.length === 0) return out;
  const runs = new Map<string, Segment[]>();
  for (const s of all) {
    if (s.suite !== suite || s.imported !== undefined) continue;
    for (const shape of s.shapes) {
      const k = `${s.commit.sha}\u0000${shape}`;
      const list = runs.get(k);
      if (list) list.push(s);
      else runs.set(k, [s]);
    }
  }
  for (const [k, list] of runs) {
    if (list.length < 2) continue;
    const shape = k.slice(k.indexOf('\u0000') + 1);
    list.sort((a, b) => a.seq - b.seq);
    list.slice(0, -1).forEach((s, i) => {
      const until = (list[i + 1] as Segment).seq;
      for (const p of s.points) {
        if (p.shape !== shape || !isControlCase(settings, p.case)) continue;
        const points = out.get(p.case);
        if (points) points.push({ seq: s.seq, value: p.value, until });
        else out.set(p.case, [{ seq: s.seq, value: p.value, until }]);
      }
    });
  }
  return out;
}

/** One planned case through replay(), with the witnesses its plan holds: the raw result, by index. */
export function replayJob(job: CaseReplayJob, settings: AlertSettings): ReplayResult {
  return replay({ suite: job.suite, case: job.case, unit: job.unit, direction: job.direction, points: job.points }, settings, {
    suiteCases: 1,
    suiteCasesAt: (i) => job.suiteCases[i] ?? 1,
    from: Math.max(1, job.from ?? 1),
    hostMoved: (i) => job.hostMoved[i],
    runnerNoise: (i) => job.runnerNoise[i],
    ...(job.controls
      ? { controlsMovedSince: (i: number, from: number, since: number) => controlsMovedSince(job.controls as readonly ControlHistory[], from, since, (job.points[i] as SeriesPoint).seq, settings.minEffect) }
      : {}),
    jobMovedAlike: (i) => job.jobMovedAlike[i],
  });
}

/** One case replayed commit by commit: the alerts it raises and what it leaves stored. */
export function replayCase(job: CaseReplayJob, settings: AlertSettings): CaseReplayResult {
  const { suite, points } = job;
  const r = replayJob(job, settings);
  const alerts = r.raised.map((a): ReplayedAlert => {
    const stored = r.alerts.find((s) => s.kind === a.kind && s.sha === a.sha);
    return {
      suite,
      case: job.case,
      kind: a.kind,
      sha: a.sha,
      raisedAt: (points[a.at] as SeriesPoint).sha,
      status: stored?.status ?? 'suspected',
      unit: job.unit,
      direction: job.direction,
      baseline: a.baseline,
      value: a.value,
      change: a.change ?? null,
      changeText: describeWorseChange(a.change, job.direction),
      // The words the page and the comment show after the last commit: what raised it, then what
      // confirmed or cleared it.
      reason: stored?.reason ?? a.reason,
    };
  });
  return { alerts, stored: [...r.alerts] };
}

/** The cases' results (in the plan's job order) as one list each, oldest first. */
export function mergeReplays(plan: ReplayPlan, results: readonly CaseReplayResult[]): { alerts: ReplayedAlert[]; stored: StoredAlert[] } {
  const out = results.flatMap((r) => r.alerts);
  const stored = results.flatMap((r) => r.stored);
  const order = plan.order;
  stored.sort((a, b) => a.seq - b.seq || a.suite.localeCompare(b.suite) || a.case.localeCompare(b.case));
  const alerts = out.sort((a, b) => (order.get(a.sha) ?? 0) - (order.get(b.sha) ?? 0) || a.suite.localeCompare(b.suite) || a.case.localeCompare(b.case));
  return { alerts, stored };
}

/** Every case in this thread, one after the other. */
export function replaySuites(given: Iterable<Segment>, settings: AlertSettings, onlySuite?: string): { alerts: ReplayedAlert[]; stored: StoredAlert[] } {
  const plan = planReplay(given, settings, onlySuite);
  return mergeReplays(
    plan,
    plan.jobs.map((j) => replayCase(j, settings)),
  );
}
