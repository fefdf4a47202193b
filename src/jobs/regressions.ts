/**
 * Regressions, from the publisher's plan to the maintainer's comment: the one path both the
 * action (main.ts) and `benchtrend publish` take.
 *
 *   regressionDeriver   the publisher's `alerts` hook: reads the recent history of each case of
 *                       the suite, judges this commit's points, updates manifest.alerts, and keeps
 *                       the verdicts for the summary, outputs, annotations and comments
 *   comparePullRequest  a pull request's head points against the base branch's trend
 *   postRegressionComments / postPullRequestComment   the comments, through the GitHub effect
 *
 * Judging is pure (src/core/regress); this module only gathers its inputs and hands its outputs on.
 */
import type { Direction, Point } from '../core/model.js';
import { isolate } from '../core/text.js';
import { changedAlerts, memoryOf, raisedByReplacedRun, undoRun, updateAlerts, withdrawnAlerts, withUndo } from '../core/regress/alerts.js';
import { attributeVerdicts, attributionLines } from '../core/regress/attribute-verdicts.js';
import { controlsMoved, controlsMovedSince, JobEpisodes, recentMove, typicalMoveAt, type ControlHistory, type JobCase } from '../core/regress/host.js';
import { HostWitness } from '../core/regress/replay-trend.js';
import { replayStoredAlertsOnWorkers } from '../effects/replay-pool.js';
import { sameFactor } from '../core/regress/groups.js';
import { ALIKE_LOOKBACK, HOST_WAIT, assessCase, NO_MEMORY, type CaseChangePoints, type CaseVerdict, type SeriesPoint } from '../core/regress/detect.js';
import { isControlCase, type AlertSettings } from '../core/regress/settings.js';
import {
  commentMarkers,
  parseCommitCommentData,
  refreshCommentRows,
  renderCommitComment,
  renderPullRequestComment,
  rowFromVerdict,
  type CommentLinks,
  type CommentRow,
  type CommitCommentData,
} from '../core/render-comment.js';
import { regressionEntries, type RegressionEntry } from '../core/render-verdicts.js';
import { historiesFromState, historiesOf, isCurrent, walkSegments } from '../core/trend/regress-state.js';
import { readTrustedState } from '../core/trend/state-plan.js';
import { loadSegments, readManifest, type TrendReader } from '../core/trend/load.js';
import { convertStoredPoint } from '../core/trend/convert-point.js';
import { supersededBy } from '../core/trend/layout.js';
import type { AlertContext, AlertDeriver } from '../core/trend/plan.js';
import type { CaseInfo, Segment, StoredAlert, StoredPoint } from '../core/trend/types.js';
import { REBENCH_LOOKBACK, rebenchesOlder, suiteStart, type LogEntry } from '../core/regress/rebench.js';
import type { AncestryCheck } from '../effects/ancestry.js';
import type { CommentOutcome, GitHubComments } from '../effects/github-api.js';

/** What one publish concluded about its suite at its commit. */
export interface RegressionOutcome {
  readonly suite: string;
  /** The commit judged. */
  readonly sha: string;
  /** One per case of this commit, in the order the points came. */
  readonly verdicts: readonly CaseVerdict[];
  /** manifest.alerts as published. */
  readonly alerts: readonly StoredAlert[];
  /** Alerts new or with a new status: the commits whose comment needs writing. */
  readonly changed: readonly StoredAlert[];
  /**
   * Regressions and steps found that an earlier run of this commit raised and this re-run, which
   * replaces it, does not: gone from manifest.alerts (or back as they were before that run), their
   * comment rows marked cleared (each with the reason why).
   */
  readonly withdrawn?: readonly StoredAlert[];
  /** Output `regressions-json`; its length is output `regressions`. */
  readonly regressions: readonly RegressionEntry[];
  /** The cases of the manifest, for units and directions of older alerts. */
  readonly cases: readonly CaseInfo[];
  /** Set when every case judged here moved worse by about the same factor (sameFactor): the comment says it looks like the runner. */
  readonly runner?: CommitCommentData['runner'];
  /** Where the histories judged came from: the suite's regression state, or the chunks when it could not tell. */
  readonly source: 'state' | 'chunks';
  /** Segments an import wrote (seqs 0 to this, the trend being empty then): history nothing is commented for. */
  readonly importedSegments?: number;
  /** Set when the commit was benched for the first time after this newer one (its descendant): history, not news. */
  readonly olderThan?: string;
  /**
   * The earlier run of this commit whose points of the same shapes this publish replaced (a re-run,
   * a nightly schedule on an unchanged branch), when the suite's entries since it are all of this
   * commit and it was another workflow run or attempt: the trend keeps one point per case per commit.
   */
  readonly replacedRun?: { readonly publishedAt: string; readonly runUrl?: string; readonly shapes: readonly string[] };
}

/** One line per alert a re-run withdrew (RegressionOutcome.withdrawn), naming its case: what the CLI and the action log. */
export function withdrawnLines(outcome: Pick<RegressionOutcome, 'withdrawn'>): string[] {
  return (outcome.withdrawn ?? []).map(
    (a) => `${isolate(a.case)}: the ${a.kind === 'regression' ? 'regression' : 'step found'} at ${a.sha.slice(0, 7)} was raised by the run this re-run replaced, and it is not raised again; withdrawn`,
  );
}

/**
 * The last `limit` points of each case of `suite` published before seq `upTo`, oldest first, with
 * re-runs resolved, read from the chunks: walks back from the newest segments, doubling the span
 * until every case has `limit` points or its first one (walkSegments), so that the read stays flat
 * however long the history is. A publish reads the same from the suite's regression state when it
 * can (historiesFromState); this is the way when it cannot, and what the state is checked against.
 */
export async function caseHistories(...walk: Parameters<typeof walkSegments>): Promise<Map<string, SeriesPoint[]>> {
  const { segments } = await walkSegments(...walk);
  const [, , suite, , limit] = walk;
  return historiesOf(segments, suite, limit);
}

/** How many of an import's newest entries per suite are judged and their alerts stored (docs/alerts.md). */
export const IMPORT_JUDGED = 1000;

/**
 * The newest `judged` segments of each suite and, before them, up to `history` more they are judged
 * against, in their order; with the first seq judged of each suite that has more than `judged`.
 */
function newestPerSuite(segments: readonly Segment[], judged: number, history: number): { segments: Segment[]; judgeFrom: Map<string, number> } {
  const seen = new Map<string, number>();
  const judgeFrom = new Map<string, number>();
  const keep: Segment[] = [];
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i] as Segment;
    const n = seen.get(s.suite) ?? 0;
    if (n >= judged + history) continue;
    seen.set(s.suite, n + 1);
    if (n === judged - 1) judgeFrom.set(s.suite, s.seq);
    keep.push(s);
  }
  // A suite of `judged` or fewer is judged whole, from its second entry as a replay is.
  for (const [suite, n] of seen) if (n <= judged) judgeFrom.delete(suite);
  return { segments: keep.reverse(), judgeFrom };
}

/**
 * Whether the job moved as one at the judged commit, and at each of a case's ALIKE_LOOKBACK points
 * before it (newest first): what the detector needs to let a runner episode of several jobs wait
 * as one run. The same JobEpisodes the replay uses, over every case the walk brought. The commits
 * before are the case's own, as the replay counts them: in a suite that several jobs publish, the
 * other jobs' commits are not this job's.
 */
function movedAsOne(histories: ReadonlyMap<string, readonly SeriesPoint[]>, directions: ReadonlyMap<string, Direction>, seq: number, minEffect: number): { now: boolean; before: (points: readonly SeriesPoint[]) => boolean[] } {
  const cases: JobCase[] = [];
  for (const [name, points] of histories) {
    const direction = directions.get(name);
    if (direction !== undefined) cases.push({ points, direction });
  }
  const episodes = new JobEpisodes(minEffect, () => cases);
  return {
    now: episodes.movedAsOne(seq),
    before: (points) =>
      points
        .slice(Math.max(0, points.length - 1 - ALIKE_LOOKBACK), -1)
        .reverse()
        .map((p) => episodes.movedAsOne(p.seq)),
  };
}

/**
 * What the cases of one commit say about the machine: their moves, the control cases' verdict and
 * the witness of each case from the others (HostWitness, the replay's own: sorted once per commit,
 * not once per case).
 */
interface Witnesses {
  readonly controlMoved: boolean | undefined;
  readonly witness: HostWitness;
}

/** The moves at commit `seq` of every case with a point there, and their typical moves before it. */
function witnessesAt(histories: ReadonlyMap<string, readonly SeriesPoint[]>, directions: ReadonlyMap<string, Direction>, settings: AlertSettings, seq: number): Witnesses {
  const moves = new Map<string, number>();
  const typical = new Map<string, number>();
  for (const [name, points] of histories) {
    const direction = directions.get(name);
    // The commit judged is each history's newest point; an earlier one is looked for.
    const i = points[points.length - 1]?.seq === seq ? points.length - 1 : points.findIndex((p) => p.seq === seq);
    if (direction === undefined || i < 0) continue;
    const move = recentMove(points.slice(0, i + 1), direction);
    if (move !== undefined) moves.set(name, move);
    const t = typicalMoveAt(points, i, direction);
    if (t !== undefined) typical.set(name, t);
  }
  return { controlMoved: controlsMoved(moves, settings), witness: new HostWitness(moves, settings.minEffect, typical) };
}

/**
 * What the rest of the suite said about the machine at an earlier commit `seq`, for one case, as
 * the replay's plan says it: the control cases when named, else the median of the other cases'
 * moves at that commit, each against its own 10 commits before, or their scatter.
 */
function hostMovedAt(
  histories: ReadonlyMap<string, readonly SeriesPoint[]>,
  directions: ReadonlyMap<string, Direction>,
  settings: AlertSettings,
  seq: number,
  self: string,
  memo: Map<number, Witnesses>,
): boolean | undefined {
  let w = memo.get(seq);
  if (!w) memo.set(seq, (w = witnessesAt(histories, directions, settings, seq)));
  return w.controlMoved ?? w.witness.witnessWithout(self);
}

/**
 * Whether `judged` re-benches an older commit of `suite` (rebench.ts), where the state's plan could
 * not tell (StatePlan.rebenches): the suite's entries before it, as stored, read back from the
 * chunks until REBENCH_LOOKBACK of them or the suite's first.
 */
async function rebenchOfOlder(context: AlertContext, suite: string, judged: Segment): Promise<boolean> {
  const first = suiteStart(context.manifest.cases, suite, judged.seq);
  let entries: LogEntry[] = [];
  let from = judged.seq;
  for (let span = REBENCH_LOOKBACK; from > first && entries.length < REBENCH_LOOKBACK; span *= 2) {
    const next = Math.max(first, from - span);
    const read = (await context.load(next, from)).filter((s) => s.suite === suite).map((s) => ({ seq: s.seq, sha: s.commit.sha }));
    entries = [...read, ...entries];
    from = next;
  }
  return rebenchesOlder(entries, { seq: judged.seq, sha: judged.commit.sha });
}

/**
 * How many questions a first bench is asked of the suite's newest commits, while it has diverged
 * from each: a main rewritten by a force-push, or a bisect's step on another line than the one
 * before. Commits not asked (dated before a descendant) do not count.
 */
export const ANCESTRY_LOOKBACK = 8;

/**
 * How many of the suite's newest commits a first bench may be asked about. The steps of a bisect
 * that went the same way for more than ANCESTRY_LOOKBACK steps were each history, older than a
 * commit before them: with the lookback counting commits rather than questions, that commit was
 * out of reach, and the next step, a descendant of every step before it, was judged as news. Now
 * the step before it is asked, the steps before that are not (dated before it), and the commit they
 * were older than is: a bisect of up to 31 steps one way (over 2^31 commits) is told.
 */
export const ANCESTRY_REACH = 32;

/** The suite's newest entries published before `judged`, one per commit other than its own, newest first, up to ANCESTRY_REACH. */
async function newestCommitsBefore(context: AlertContext, suite: string, judged: Segment): Promise<{ readonly seq: number; readonly sha: string; readonly date?: number }[]> {
  const out: { seq: number; sha: string; date?: number }[] = [];
  const take = (entries: readonly { readonly seq: number; readonly sha: string; readonly date?: number }[]) => {
    for (const e of entries) if (e.sha !== judged.commit.sha && !out.some((o) => o.sha === e.sha) && out.length < ANCESTRY_REACH) out.push(e);
  };
  const state = context.states?.get(suite);
  const first = suiteStart(context.manifest.cases, suite, judged.seq);
  let from = judged.seq;
  if (state) {
    take(state.entries.filter((e) => e.seq < judged.seq).reverse().map((e) => ({ seq: e.seq, sha: e.sha })));
    from = Math.min(from, state.since);
  }
  for (let span = 16; out.length < ANCESTRY_REACH && from > first; span *= 2) {
    const next = Math.max(first, from - span);
    take((await context.load(next, from)).filter((s) => s.suite === suite).map((s) => ({ seq: s.seq, sha: s.commit.sha, date: Date.parse(s.commit.timestamp) })).reverse());
    from = next;
  }
  return out;
}

/**
 * The newer commit of the suite `judged` is an ancestor of, when it is one: a first bench of an old
 * commit (a dispatch on an old tag, a bisect) put after its descendants. Asked of the newest commits
 * first; an ancestor of any of them is history. A commit no source can tell of ends the search (none
 * will tell of the rest), and the point is judged as news. A diverged one (main rewritten by a
 * force-push, a bisect's other side) asks on; so does a descendant, since the newest commit may be
 * a bisect step that was history itself, older than the commits before it. After a descendant, a
 * commit dated (author date) before `judged` or before a commit `judged` descends from is not asked:
 * an ancestor is dated before its descendants but for a clock gone wrong, so it is most likely not
 * a descendant of `judged`. The usual push, dated after every commit before it (or, rebased, after
 * none but its parent), costs one question; a bisect step, dated before the trend's newest, asks on.
 */
async function descendantOnTrend(context: AlertContext, suite: string, judged: Segment, ancestry: AncestryCheck): Promise<string | undefined> {
  const newest = await newestCommitsBefore(context, suite, judged);
  // The trend's dates of these commits (the chunks hold them, the state does not), read only when
  // asked, in one read of the entries still undated: the usual push, after its first answer, reads
  // them all (each is dated before the commit it descends from, so not asked).
  let dated: Promise<Map<string, number>> | undefined;
  const dateOf = async (sha: string): Promise<number> => {
    const e = newest.find((n) => n.sha === sha);
    if (e === undefined) return Number.NaN;
    if (e.date !== undefined) return e.date;
    const undated = newest.filter((n) => n.date === undefined);
    dated ??= context
      .load(Math.min(...undated.map((n) => n.seq)), Math.max(...undated.map((n) => n.seq)) + 1)
      .then((read) => new Map(undated.map((n) => [n.sha, Date.parse(read.find((s) => s.seq === n.seq)?.commit.timestamp ?? '')])));
    return (await dated).get(sha) ?? Number.NaN;
  };
  return descendantAmong(judged.commit, newest, dateOf, ancestry);
}

/**
 * descendantOnTrend's questions, of `newest` (the suite's newest commits before `judged`, newest
 * first) with their dates by `dateOf`: a publish reads them from the trend, a replay
 * (olderFirstBenches) from the history it holds, so that the two tell the same commits history.
 */
export async function descendantAmong(
  judged: { readonly sha: string; readonly timestamp: string },
  newest: readonly { readonly sha: string }[],
  dateOf: (sha: string) => number | Promise<number>,
  ancestry: AncestryCheck,
): Promise<string | undefined> {
  const descends: string[] = [];
  let asked = 0;
  for (const other of newest) {
    if (asked >= ANCESTRY_LOOKBACK) return undefined;
    if (descends.length > 0) {
      // A date unknown (NaN) sets no floor: when none is known, every commit is asked.
      const dates = [Date.parse(judged.timestamp), ...(await Promise.all(descends.map(dateOf)))].filter((d) => !Number.isNaN(d));
      if (dates.length > 0 && (await dateOf(other.sha)) < Math.max(...dates)) continue;
    }
    asked++;
    const said = await ancestry(judged.sha, other.sha);
    if (said === 'older') return other.sha;
    if (said === undefined) return undefined;
    if (said === 'newer') descends.push(other.sha);
  }
  return undefined;
}

/**
 * The suite's latest earlier run of `judged`'s commit (the newest commit run again: a re-run, a
 * schedule on an unchanged branch) that shares a shape with it, when it was another workflow run or
 * attempt. Searched among the suite's entries before it while they are of this commit, however many
 * there are and however many entries other suites published between (a nightly of six suites puts
 * five between a suite's two nights); the suite's first entry of another commit ends it.
 */
async function replacedRunOf(context: AlertContext, suite: string, judged: Segment): Promise<RegressionOutcome['replacedRun']> {
  const first = suiteStart(context.manifest.cases, suite, judged.seq);
  // The shapes whose points at this commit are still to be found: this run's own earlier points of a
  // shape (a commit benched twice in one run) are the ones replaced, which the same-run warning tells
  // of; an earlier run's points of that shape were gone before.
  const looking = new Set(judged.shapes);
  let from = judged.seq;
  // The span doubles from the few entries a publish's own chunk holds: the usual case reads no more.
  for (let span = 4; from > first && looking.size > 0; span *= 2) {
    const next = Math.max(first, from - span);
    const read = (await context.load(next, from)).filter((s) => s.suite === suite);
    for (const s of read.reverse()) {
      if (s.commit.sha !== judged.commit.sha) return undefined;
      const shapes = supersededBy([s], judged).length > 0 ? s.shapes.filter((x) => looking.has(x)) : [];
      if (shapes.length === 0) continue;
      if (s.runUrl === undefined || s.runUrl !== judged.runUrl) return { publishedAt: s.publishedAt, ...(s.runUrl !== undefined ? { runUrl: s.runUrl } : {}), shapes };
      for (const x of shapes) looking.delete(x);
      if (looking.size === 0) return undefined;
    }
    from = next;
  }
  return undefined;
}

/** The verdict of a case whose point re-benched an older commit: not judged, and why. */
function notJudgedVerdict(suite: string, sha: string, seq: number, p: StoredPoint, method: AlertSettings['method'], olderThan?: string): CaseVerdict {
  return unjudged(
    suite,
    sha,
    seq,
    p,
    method,
    olderThan === undefined
      ? `not judged: ${sha.slice(0, 7)} was benched again after newer commits, so its points take its place on the chart as history, not news (details: docs/alerts.md)`
      : `not judged: ${sha.slice(0, 7)} is older than ${olderThan.slice(0, 7)} (an ancestor of it), which the trend already holds, so its points are history, not news; the chart shows them after ${olderThan.slice(0, 7)}, in the order they were published (details: docs/alerts.md)`,
  );
}

/** A verdict of kind not-judged on the point `p`, for `reason`. */
function unjudged(suite: string, sha: string, seq: number, p: Point | StoredPoint, method: AlertSettings['method'], reason: string): CaseVerdict {
  return {
    suite,
    case: p.case,
    unit: p.unit,
    direction: p.direction,
    sha,
    seq,
    value: p.value,
    q1: p.q1,
    q3: p.q3,
    runs: p.runs,
    n: p.n,
    kind: 'not-judged',
    method,
    reason,
    transitions: [],
    recent: [],
  };
}

/**
 * The publisher's `alerts` hook for one suite. It judges the newest segment of the suite this
 * publish adds (an imported history is only history), and remembers what it concluded; on a lost
 * race the publisher plans again and the hook runs again, so `outcome()` is the last plan's.
 */
export function regressionDeriver(suite: string, settings: AlertSettings, ancestry?: AncestryCheck): { readonly derive: AlertDeriver; outcome(): RegressionOutcome | undefined } {
  let last: RegressionOutcome | undefined;
  const derive: AlertDeriver = async (context: AlertContext) => {
    last = undefined;
    // An imported history is judged commit by commit as publishing each commit would have, so
    // the page shows its past regressions from the first publish; nothing is commented for it.
    // Bounded: the replay costs about 8 ms a commit for 40 cases (bench/replay.mjs), so an import of
    // 100,000 entries would spend minutes judging years-old commits. The newest ones carry the
    // regressions a reader of the page still cares about; `benchtrend replay --write` judges all.
    // They are judged against the entries before them, as publishing them was: three scan windows
    // of entries, a window of each case's points for a suite of up to three entries a commit.
    const imported = newestPerSuite(
      context.added.filter((s) => s.imported),
      IMPORT_JUDGED,
      3 * settings.changePoints.scanLimit,
    );
    const previous = imported.segments.length
      ? [...context.previous, ...(await replayStoredAlertsOnWorkers(imported.segments, settings, undefined, imported.judgeFrom))]
      : context.previous;
    const mine = context.added.filter((s) => s.suite === suite && !s.imported);
    const judged = mine[mine.length - 1];
    if (!judged) return previous;
    // A re-run of a commit replaces the run it repeats, and with it what that run concluded: it is
    // judged from the alerts as they were before that run, as a replay (which sees only its points)
    // judges it. Alerts stored without an undo, or a re-run of an older commit, lose at least what
    // the run raised.
    const sha = judged.commit.sha;
    const judgedCases = new Set(judged.points.map((p) => p.case));
    // A case of a shape the run benched that it holds no point of has none at this commit any more
    // (casesTakenOff): what the run it replaces concluded of it goes too, though it is not judged.
    const shapes = new Set(judged.shapes);
    const replaced = new Set([...judgedCases, ...context.manifest.cases.filter((c) => c.suite === suite && shapes.has(c.shape)).map((c) => c.case)]);
    const replacedRun = await replacedRunOf(context, suite, judged);
    const undone = undoRun(previous, suite, sha, replaced);
    const stale = raisedByReplacedRun(undone, suite, sha, replaced);
    const kept = stale.length > 0 ? undone.filter((a) => !stale.includes(a)) : undone;
    const rebench = context.rebenches?.get(suite) ?? (await rebenchOfOlder(context, suite, judged));
    // A first bench of an older commit is history as a re-bench is; only ancestry can tell it.
    const olderThan = !rebench && ancestry ? await descendantOnTrend(context, suite, judged, ancestry) : undefined;
    if (rebench || olderThan !== undefined) {
      // What the run it replaces raised goes, as on any re-run; nothing else is judged or moved.
      const withdrawn = withdrawnAlerts(previous, kept, suite, sha, replaced);
      const verdicts = judged.points.map((p) => notJudgedVerdict(suite, sha, judged.seq, p, settings.method, olderThan));
      last = {
        suite,
        sha,
        source: 'chunks',
        verdicts,
        alerts: kept,
        changed: changedAlerts(previous, kept),
        ...(withdrawn.length > 0 ? { withdrawn } : {}),
        regressions: [],
        cases: context.manifest.cases,
        ...(olderThan !== undefined ? { olderThan } : {}),
        ...(replacedRun ? { replacedRun } : {}),
      };
      return kept;
    }
    const limit = settings.changePoints.scanLimit;
    const state = context.states?.get(suite);
    // Only the cases judged need their history: a case the suite stopped publishing sends no walk back.
    const fromState = state ? historiesFromState(state, context.manifest, judged.seq + 1, limit, judgedCases) : undefined;
    const histories = fromState ?? (await caseHistories(context.load, context.manifest, suite, judged.seq + 1, limit, judgedCases));
    const verdicts: CaseVerdict[] = [];
    const changePoints: CaseChangePoints[] = [];
    // Every case of the suite, not only those judged: the walk hands over the other jobs' cases too,
    // and a control case or a witness of another job read the wrong way round (a throughput taken
    // for a time) says the machine moved when it did not, as the replay, which knows them all, never does.
    const directions = new Map<string, Direction>();
    for (const c of context.manifest.cases) if (c.suite === suite) directions.set(c.case, c.direction);
    for (const p of judged.points) directions.set(p.case, p.direction);
    // Control cases, when named, say whether the machine moved; otherwise the rest of the suite.
    const { controlMoved, witness } = witnessesAt(histories, directions, settings, judged.seq);
    const { now: jobMovedAlike, before: alikeBefore } = movedAsOne(histories, directions, judged.seq, settings.minEffect);
    const earlier = new Map<number, Witnesses>();
    const controls: ControlHistory[] = [...histories]
      .filter(([name]) => isControlCase(settings, name))
      .map(([name, points]) => ({ direction: directions.get(name) ?? 'smaller', points }));
    const since = controls.length ? (from: number, seq: number) => controlsMovedSince(controls, from, seq, judged.seq, settings.minEffect) : undefined;
    for (const p of judged.points) {
      const walked = histories.get(p.case);
      if (!walked || walked[walked.length - 1]?.seq !== judged.seq) continue;
      // The state keeps no summary flag; the point being judged has its own.
      const points = p.summaryOnly === true ? [...walked.slice(0, -1), { ...(walked[walked.length - 1] as SeriesPoint), summaryOnly: true }] : walked;
      const control = isControlCase(settings, p.case);
      const hostMoved = controlMoved ?? witness.witnessWithout(p.case);
      const hostMovedBefore = points
        .slice(Math.max(0, points.length - 1 - HOST_WAIT), -1)
        .reverse()
        .map((q) => hostMovedAt(histories, directions, settings, q.seq, p.case, earlier));
      const runnerNoise = control ? true : controlMoved;
      const { verdict, changePoints: cps } = assessCase(
        { suite, case: p.case, unit: p.unit, direction: p.direction, points },
        memoryOf(kept, suite, p.case),
        settings,
        {
          suiteCases: judged.points.length,
          jobMovedAlike,
          jobMovedAlikeBefore: alikeBefore(points),
          hostMovedBefore,
          ...(hostMoved !== undefined ? { hostMoved } : {}),
          ...(runnerNoise !== undefined ? { runnerNoise } : {}),
          ...(since ? { controlsMovedSince: since } : {}),
        },
      );
      verdicts.push(verdict);
      changePoints.push(cps);
    }
    const alerts = withUndo(kept, updateAlerts(kept, verdicts, changePoints), suite, sha, judgedCases);
    const withdrawn = withdrawnAlerts(previous, alerts, suite, sha, replaced);
    const attributed = attributeVerdicts(verdicts, judged.points);
    const runner = sameFactor(
      verdicts.map((v) => v.change),
      settings.minEffect,
    );
    last = {
      ...(runner !== undefined ? { runner } : {}),
      suite,
      sha,
      source: fromState ? 'state' : 'chunks',
      verdicts: attributed,
      alerts,
      changed: changedAlerts(previous, alerts),
      ...(withdrawn.length > 0 ? { withdrawn } : {}),
      regressions: regressionEntries(attributed),
      cases: context.manifest.cases,
      ...(context.manifest.imported ? { importedSegments: context.manifest.imported.entries } : {}),
      ...(replacedRun ? { replacedRun } : {}),
    };
    return alerts;
  };
  return { derive, outcome: () => last };
}

/**
 * A pull request's head points judged against the base branch's trend (read through `read`):
 * each compared alone with its case's recent level. Nothing is stored or published.
 */
export async function comparePullRequest(
  read: TrendReader,
  location: string,
  suite: string,
  given: readonly Point[],
  headSha: string,
  settings: AlertSettings,
): Promise<CaseVerdict[]> {
  const manifest = await readManifest(read, location);
  // A case the trend stores in another unit of the same quantity is judged in the stored unit, as
  // a publish writes it: 100,000 us against a history in ms is no thousandfold regression.
  const stored = new Map((manifest?.cases ?? []).filter((c) => c.suite === suite).map((c) => [c.case, c.unit]));
  // One in units that measure different things (ops/s against ms) has no number to compare: read
  // raw, a throughput of 900 was judged as 900 ms. A publish refuses it; a pull request says so.
  const inconvertible = new Map<string, string>();
  const points = given.flatMap((p): Point[] => {
    const unit = stored.get(p.case);
    if (unit === undefined || unit === p.unit) return [p];
    const converted = convertStoredPoint(p, unit);
    if (converted) return [{ ...p, ...converted }];
    inconvertible.set(p.case, unit);
    return [];
  });
  const limit = settings.changePoints.scanLimit;
  const index = manifest && manifest.version >= 2 ? manifest.suites.indexOf(suite) : -1;
  // A state that does not read is walked around here as the next publish builds it again.
  const state = manifest && index >= 0 ? await readTrustedState(read, location, manifest, index, []) : undefined;
  const only = new Set(points.map((p) => p.case));
  const fromState = manifest && state && isCurrent(state, manifest) ? historiesFromState(state, manifest, manifest.segments, limit, only) : undefined;
  const histories = !manifest
    ? new Map<string, SeriesPoint[]>()
    : (fromState ?? (await caseHistories((from, to) => loadSegments(read, location, from, to, manifest), manifest, suite, manifest.segments, limit, only)));
  const seq = manifest?.segments ?? 0;
  const verdicts = points.map((p) => {
    const head: SeriesPoint = { sha: headSha, seq, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n, ...(p.summaryOnly === true ? { summaryOnly: true } : {}) };
    const history = histories.get(p.case) ?? [];
    // What the base branch stored of the case: a step it confirmed starts the level the head is
    // judged against, as a push judges it, rather than a window that straddles the step.
    const memory = manifest ? memoryOf(manifest.alerts ?? [], suite, p.case) : NO_MEMORY;
    return assessCase({ suite, case: p.case, unit: p.unit, direction: p.direction, points: [...history, head] }, memory, settings, {
      suiteCases: points.length,
      mode: 'compare',
    }).verdict;
  });
  const judged = attributeVerdicts(verdicts, points);
  if (inconvertible.size === 0) return judged;
  const byCase = new Map(judged.map((v) => [v.case, v]));
  return given.map((p) => {
    const unit = inconvertible.get(p.case);
    return unit === undefined ? (byCase.get(p.case) as CaseVerdict) : notComparableVerdict(suite, headSha, seq, p, unit, settings.method);
  });
}

/** The verdict of a head's case in a unit that does not convert to the one the base trend stores it in. */
function notComparableVerdict(suite: string, sha: string, seq: number, p: Point, stored: string, method: AlertSettings['method']): CaseVerdict {
  return unjudged(
    suite,
    sha,
    seq,
    p,
    method,
    `not compared: ${JSON.stringify(p.case)} is reported in ${JSON.stringify(p.unit)}, but the base trend stores it in ${JSON.stringify(stored)}, which measures something else; publishing it there would be refused, so give it another case name or suite`,
  );
}

/** The chart page of a trend on GitHub Pages, when the server is github.com: `https://owner.github.io/repo/dev/bench/`. */
export function pagesUrlFor(repository: string | undefined, dataDir: string, serverUrl: string): string | undefined {
  if (!repository || !/^https:\/\/github\.com\/?$/.test(serverUrl)) return undefined;
  const [owner, repo] = repository.split('/');
  if (!owner || !repo) return undefined;
  const dir = dataDir.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  const host = `${owner.toLowerCase()}.github.io`;
  // A repository named <owner>.github.io is served from the root of its host.
  const root = repo.toLowerCase() === host ? '' : `/${encodeURIComponent(repo)}`;
  return `https://${host}${root}/${dir ? `${dir}/` : ''}`;
}

export interface CommentOptions {
  /** comment-always: comment on every push, even with no regression. */
  readonly always: boolean;
  /**
   * comment-on-alert off: only comment-always's comment on this commit, telling what was judged
   * here; nothing on the commit where a step starts, and no earlier comment rewritten.
   */
  readonly onlyThisCommit?: boolean;
  /** cc-users: mentioned when a comment reports a regression. */
  readonly ccUsers: readonly string[];
  readonly links: CommentLinks;
}

/**
 * Writes the commit comments a publish calls for, each found by its marker and edited in place:
 * this commit's (when a case regressed here, or always), the comment on the commit where a newly
 * found lasting step starts, and a refresh of earlier commits' comments whose alerts were
 * confirmed or cleared (never created for those). Returns one outcome per comment attempted.
 */
export async function postRegressionComments(api: GitHubComments, outcome: RegressionOutcome, options: CommentOptions): Promise<CommentOutcome[]> {
  const results: CommentOutcome[] = [];
  const marker = commentMarkers('commit', outcome.suite);
  const info = (name: string) => outcome.cases.find((c) => c.suite === outcome.suite && c.case === name);

  // Each alert's comment goes on its culprit, the commit where its step starts: this commit for
  // an overwhelming step or the ratio rule, usually the one before for a confirmed run.
  const culprits = new Map<string, CommentRow[]>();
  for (const v of outcome.verdicts) {
    if (!v.alert) continue;
    const row = rowFromVerdict(v);
    if (row) culprits.set(v.alert.sha, [...(culprits.get(v.alert.sha) ?? []), row]);
  }
  const here = culprits.get(outcome.sha) ?? [];
  const raisedElsewhere = [...culprits].flatMap(([sha, rows]) => (sha === outcome.sha ? [] : rows.map((r) => ({ case: r.case, at: sha }))));
  const watch = outcome.verdicts.filter((v) => v.kind === 'watch').map((v) => v.case);
  const ongoing = outcome.verdicts.flatMap((v) => (v.kind === 'regressed' && v.ongoing ? [{ case: v.case, since: v.ongoing.sha }] : []));
  const attributions = attributionLines(outcome.verdicts);
  // What an earlier run of this commit raised and this re-run does not: its rows say so.
  const withdrawnAt = (sha: string) => (outcome.withdrawn ?? []).filter((a) => a.sha === sha);
  const written = new Set<string>();
  // A commit benched again after newer ones judged nothing: its comment, if any, says what its
  // first run found, and "judged against their recent history" would not be true of this one.
  const judgedAny = outcome.verdicts.some((v) => v.kind !== 'not-judged');
  if (here.length > 0 || (options.always && judgedAny)) {
    written.add(outcome.sha);
    const data: CommitCommentData = {
      suite: outcome.suite,
      sha: outcome.sha,
      rows: refreshCommentRows({ suite: outcome.suite, sha: outcome.sha, rows: here }, withdrawnAt(outcome.sha), info),
      cases: outcome.verdicts.length,
      watch,
      ongoing,
      ...(raisedElsewhere.length ? { raisedElsewhere } : {}),
      ...(attributions.length ? { attributions } : {}),
      ...(outcome.runner && here.length > 0 ? { runner: outcome.runner } : {}),
      ...(outcome.verdicts.some((v) => v.method === 'ratio') ? { method: 'ratio' as const } : {}),
    };
    results.push(await api.upsertCommitComment(outcome.sha, marker, () => renderCommitComment(data, options.links, options.ccUsers)));
  }

  if (options.onlyThisCommit) return results;

  // A comment too long for GitHub listed some of its culprit's rows and counted the rest without
  // naming them, so a rewrite cannot carry that count beside rows of its own: a case counted there
  // and listed now would be said twice (a re-run made 300 regressions 540). The stored alerts at
  // the culprit name every case it raised; the rows are rebuilt from them and the renderer counts
  // again what does not fit. They keep 60 per case, the oldest first to go: unlisted cases whose
  // alerts are gone are still counted, as many as the old count names beyond the rows named now.
  const unlistedOf = (old: CommitCommentData | undefined, sha: string, listed: readonly CommentRow[]): { rows: CommentRow[]; more?: number } => {
    if (!old?.more) return { rows: [] };
    const named = (r: { case: string; kind: string }, among: readonly CommentRow[]) => among.some((o) => o.case === r.case && o.kind === r.kind);
    const rows = refreshCommentRows(
      undefined,
      outcome.alerts.filter((a) => a.suite === outcome.suite && a.sha === sha && (a.kind === 'regression' || a.raised) && !named(a, listed)),
      info,
    );
    const more = Math.max(0, old.more - rows.length - listed.filter((r) => !named(r, old.rows)).length);
    return more > 0 ? { rows, more } : { rows };
  };

  // Earlier culprits: the commit where a regression's run or a newly found step starts. Its
  // comment, if an earlier run wrote one, keeps its other rows.
  const steps = new Map([...culprits].filter(([sha]) => sha !== outcome.sha));
  for (const [sha, rows] of steps) {
    results.push(
      await api.upsertCommitComment(sha, marker, (existing) => {
        const old = existing ? parseCommitCommentData(existing) : undefined;
        const kept = (old?.rows ?? []).filter((r) => !rows.some((n) => n.case === r.case && n.kind === r.kind));
        // A regression raised now for this culprit carries this run's split of its totals.
        const raised = rows.some((r) => r.kind === 'regression');
        // Else the split, the rows a comment too long for GitHub left out and the rule it was
        // raised by are the earlier run's: kept, or the rewrite said 36 regressions were 1.
        const withSplit = raised && attributions.length ? { attributions } : old?.attributions ? { attributions: old.attributions } : {};
        const runner = raised && outcome.runner ? { runner: outcome.runner } : old?.runner ? { runner: old.runner } : {};
        const earlier = old?.method ? { method: old.method } : {};
        const listed = [...kept, ...rows];
        const unlisted = unlistedOf(old, sha, listed);
        const all = refreshCommentRows({ suite: outcome.suite, sha, rows: [...listed, ...unlisted.rows] }, withdrawnAt(sha), info);
        return renderCommitComment({ suite: outcome.suite, sha, rows: all, ...(unlisted.more ? { more: unlisted.more } : {}), ...earlier, ...withSplit, ...runner }, options.links, options.ccUsers);
      }),
    );
  }

  // Earlier commits whose alerts moved: rewrite their comment when there is one.
  const handled = new Set([outcome.sha, ...steps.keys()]);
  const moved = new Map<string, StoredAlert[]>();
  for (const a of outcome.changed) {
    // A new suspicion has no comment to refresh; one a re-run put back (it carries no undo of this
    // run, being as it was before the run replaced) rewrites the row that run confirmed or cleared.
    if (a.suite !== outcome.suite || handled.has(a.sha) || (a.status === 'suspected' && a.undo?.at === outcome.sha)) continue;
    // Change points are drawn on the chart; only those that were announced have comment rows.
    moved.set(a.sha, [...(moved.get(a.sha) ?? []), a]);
  }
  // A withdrawn regression's comment is rewritten wherever nothing above wrote it, this commit's too.
  for (const a of outcome.withdrawn ?? []) if (!written.has(a.sha) && !steps.has(a.sha)) moved.set(a.sha, [...(moved.get(a.sha) ?? []), a]);
  // A regression still open whose culprit has no comment: the run that raised it could not write
  // one (rate-limited, an outage), and said the next run would. Written from the stored alerts.
  // Never one whose step starts in an imported history, which is not commented on.
  const openAt = (sha: string) =>
    outcome.alerts.filter((a) => a.suite === outcome.suite && a.sha === sha && a.kind === 'regression' && a.status !== 'cleared' && a.seq >= (outcome.importedSegments ?? 0));
  const missing = (sha: string) => {
    const open = openAt(sha);
    return open.length === 0 ? undefined : renderCommitComment({ suite: outcome.suite, sha, rows: refreshCommentRows(undefined, open, info) }, options.links, options.ccUsers);
  };
  for (const [sha, changed] of moved) {
    results.push(
      await api.upsertCommitComment(sha, marker, (existing) => {
        const old = existing ? parseCommitCommentData(existing) : undefined;
        if (!old) return existing === undefined && changed.some((a) => a.kind === 'regression' && a.status === 'confirmed') ? missing(sha) : undefined;
        const relevant = changed.filter((a) => a.kind === 'regression' || old.rows.some((r) => r.case === a.case && r.kind === a.kind));
        if (relevant.length === 0) return undefined;
        const refreshed = refreshCommentRows(old, relevant, info);
        const unlisted = unlistedOf(old, sha, refreshed);
        // The suite from the marker that found the comment: its hidden data keeps a long one cut.
        const { more: _counted, ...kept } = old;
        return renderCommitComment({ ...kept, suite: outcome.suite, rows: [...refreshed, ...unlisted.rows], ...(unlisted.more ? { more: unlisted.more } : {}) }, options.links, options.ccUsers);
      }),
    );
  }
  // While a regression stays suspected, each run looks once more for its culprit's comment.
  const pending = new Set(ongoing.map((o) => o.since).filter((sha) => !handled.has(sha) && !moved.has(sha)));
  for (const sha of pending) {
    results.push(await api.upsertCommitComment(sha, marker, (existing) => (existing === undefined ? missing(sha) : undefined)));
  }
  return results;
}

/** The pull request's one comment, created once and then edited. */
export function postPullRequestComment(
  api: GitHubComments,
  pullNumber: number,
  data: { suite: string; sha: string; base: string; verdicts: readonly CaseVerdict[] },
  links: CommentLinks,
): Promise<CommentOutcome> {
  return api.upsertPullRequestComment(pullNumber, commentMarkers('pr', data.suite), renderPullRequestComment(data, links));
}

