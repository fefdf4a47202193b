import { resolveSegments } from '../../src/core/trend/layout.js';
import type { CaseInfo, CommitInfo, Segment, StoredPoint } from '../../src/core/trend/types.js';

/**
 * What the charts draw, built from the loaded segments. The x axis of a chart is commit order
 * within its suite and shape: a shape benched weekly still draws a line, while a case missing at a
 * commit where its shape's other cases were measured leaves a gap there instead of a bridging line.
 */

export interface CommitRow {
  readonly commit: CommitInfo;
  /** Seq of the first segment that carried this commit in this suite: its place in commit order. */
  readonly seq: number;
  readonly runUrl?: string;
  readonly imported: boolean;
}

export interface ShapeSeries {
  readonly suite: string;
  readonly shape: string;
  /** Commits where any case of this shape has a point, oldest first. */
  readonly commits: readonly CommitRow[];
  /** Per case, the point at each commit of `commits`, or null where the case is missing. */
  readonly cases: ReadonlyMap<string, readonly (StoredPoint | null)[]>;
}

export interface TrendModel {
  /** Keyed by `shapeKey(suite, shape)`. */
  readonly shapes: ReadonlyMap<string, ShapeSeries>;
  /** Oldest loaded seq (the loaded log is always the contiguous newest part). */
  readonly from: number;
}

export function shapeKey(suite: string, shape: string): string {
  return `${suite}\u0000${shape}`;
}

/** Builds the chart series from every segment loaded so far (re-runs resolved across all of them). */
export function buildModel(segments: readonly Segment[]): TrendModel {
  // First appearance decides a commit's place, even when a re-run's points superseded it.
  const firstSeen = new Map<string, { seq: number; segment: Segment }>();
  let from = Number.POSITIVE_INFINITY;
  const ordered = [...segments].sort((a, b) => a.seq - b.seq);
  for (const s of ordered) {
    from = Math.min(from, s.seq);
    const key = `${s.suite}\u0000${s.commit.sha}`;
    if (!firstSeen.has(key)) firstSeen.set(key, { seq: s.seq, segment: s });
  }

  interface Building {
    suite: string;
    shape: string;
    commits: Map<string, CommitRow>;
    points: Map<string, Map<string, StoredPoint>>;
  }
  const building = new Map<string, Building>();
  for (const s of resolveSegments(ordered)) {
    const first = firstSeen.get(`${s.suite}\u0000${s.commit.sha}`);
    for (const p of s.points) {
      const key = shapeKey(s.suite, p.shape);
      let b = building.get(key);
      if (!b) {
        b = { suite: s.suite, shape: p.shape, commits: new Map(), points: new Map() };
        building.set(key, b);
      }
      if (!b.commits.has(s.commit.sha)) {
        b.commits.set(s.commit.sha, {
          commit: s.commit,
          seq: first?.seq ?? s.seq,
          imported: s.imported !== undefined,
          ...(s.runUrl !== undefined ? { runUrl: s.runUrl } : {}),
        });
      }
      let byCommit = b.points.get(p.case);
      if (!byCommit) {
        byCommit = new Map();
        b.points.set(p.case, byCommit);
      }
      byCommit.set(s.commit.sha, p);
    }
  }

  const shapes = new Map<string, ShapeSeries>();
  for (const [key, b] of building) {
    const commits = [...b.commits.values()].sort((x, y) => x.seq - y.seq);
    const cases = new Map<string, (StoredPoint | null)[]>();
    for (const [name, byCommit] of b.points) cases.set(name, commits.map((c) => byCommit.get(c.commit.sha) ?? null));
    shapes.set(key, { suite: b.suite, shape: b.shape, commits, cases });
  }
  return { shapes, from: Number.isFinite(from) ? from : 0 };
}

export interface CaseGroup {
  readonly suite: string;
  readonly shape: string;
  readonly cases: readonly CaseInfo[];
}

/**
 * The page's sections: suites in the manifest's order, shapes and cases in order of first listing,
 * plus any case found in the data that the manifest does not list, so every case gets a chart.
 * Within a shape, the cases benched at its newest loaded commit come first, then the others, each
 * part in listing order: listing order put 616 retired charts of a real migrated history
 * (robosapiens, 24 cases still benched) above every current one, and the first chart waited for
 * old chunks, none of them being among the newest points. By commit, not publish, since two jobs
 * may publish one suite's cases at one commit.
 */
export function groupCases(suites: readonly string[], listed: readonly CaseInfo[], model: TrendModel): CaseGroup[] {
  const all: CaseInfo[] = [...listed];
  const known = new Set(listed.map((c) => `${c.suite}\u0000${c.case}`));
  for (const s of model.shapes.values()) {
    for (const [name, points] of s.cases) {
      if (known.has(`${s.suite}\u0000${name}`)) continue;
      known.add(`${s.suite}\u0000${name}`);
      const first = points.find((p) => p !== null);
      if (!first) continue;
      all.push({ suite: s.suite, case: name, shape: s.shape, unit: first.unit, direction: first.direction, firstSeq: 0, lastSeq: 0, points: 0 });
    }
  }
  const suiteOrder = [...suites];
  for (const c of all) if (!suiteOrder.includes(c.suite)) suiteOrder.push(c.suite);
  const groups = new Map<string, { suite: string; shape: string; cases: CaseInfo[] }>();
  for (const suite of suiteOrder) {
    for (const c of all) {
      if (c.suite !== suite) continue;
      const key = shapeKey(c.suite, c.shape);
      let g = groups.get(key);
      if (!g) {
        g = { suite: c.suite, shape: c.shape, cases: [] };
        groups.set(key, g);
      }
      g.cases.push(c);
    }
  }
  return [...groups.values()].map((g) => {
    const series = model.shapes.get(shapeKey(g.suite, g.shape));
    const at = (series?.commits.length ?? 0) - 1;
    if (!series || at < 0) return g;
    const current = (c: CaseInfo): boolean => (series.cases.get(c.case)?.[at] ?? null) !== null;
    return { ...g, cases: [...g.cases.filter(current), ...g.cases.filter((c) => !current(c))] };
  });
}
