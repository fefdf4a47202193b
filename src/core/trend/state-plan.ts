/**
 * Reading and writing the regression state (regress-state.ts) for the planner: each suite a
 * publish adds to gets its state brought up to date, from the state already on the branch when it
 * is current, else built again from the chunks (a trend written before the state existed, a suite
 * an older benchtrend published, a re-run). Pure, like planPublish: it only reads and computes.
 */
import { casesTakenOff, sameRunSuperseded } from './layout.js';
import { locate, type TrendReader } from './load.js';
import {
  STATE_BLOCK,
  STATE_POINTS,
  WALK_ROUNDS,
  append,
  decodeState,
  encodeState,
  isCurrent,
  stateFromSegments,
  statePath,
  trim,
  walkSegments,
  type SuiteState,
} from './regress-state.js';
import { REBENCH_LOOKBACK, rebenchFrom, suiteStart } from '../regress/rebench.js';
import type { Manifest, Segment } from './types.js';
import { NewerTrendDataError, TrendDataError, parseStateFile } from './validate.js';

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

type TakenOff = readonly { readonly case: string; readonly shape: string }[];

/** The cases a run takes off its commit, named: `"a", which leaves` or `3 of their cases, "a", "b", "c", which leave`. */
function leavingCases(off: TakenOff): string {
  const shown = off.slice(0, 3).map((c) => JSON.stringify(c.case)).join(', ');
  const more = off.length > 3 ? ` and ${off.length - 3} more` : '';
  return off.length === 1 ? `${shown}, which leaves` : `${off.length} of their cases, ${shown}${more}, which leave`;
}

function takenOffText(suite: string, run: Segment, off: TakenOff): string {
  const shapes = [...new Set(off.map((c) => c.shape))].map((s) => JSON.stringify(s)).join(', ');
  return (
    `suite ${JSON.stringify(suite)} at ${run.commit.sha.slice(0, 7)}: this run replaces the points of shape ${shapes} published for this commit before, ` +
    `but not ${leavingCases(off)} the trend at this commit; if another job benched ${off.length === 1 ? 'it' : 'them'}, give each job its own shape or suite`
  );
}

/** One line for another job of the same run superseded, naming the cases it leaves off (casesTakenOff) when there are any. */
function sameRunText(suite: string, run: Segment, earlier: readonly Segment[], off: TakenOff): string {
  const shapes = [...new Set(earlier.flatMap((e) => e.shapes).filter((s) => run.shapes.includes(s)))].map((s) => JSON.stringify(s)).join(', ');
  return (
    `suite ${JSON.stringify(suite)} at ${run.commit.sha.slice(0, 7)}: another job of this workflow run published shape ${shapes} for this commit before (segment ${earlier.map((e) => e.seq).join(', ')}), ` +
    `and this job's points replace its points${off.length > 0 ? `, without ${leavingCases(off)} the trend at this commit` : ''}; two jobs that bench one shape of one suite replace each other's, so give each job its own shape or suite (a matrix: suite: \${{ matrix.os }})`
  );
}

/**
 * How far back a run of a commit no newer than the suite's newest, and not in its regression state,
 * looks for an earlier run of it: as far as the longest walk back reads (walkSegments).
 */
export const EARLIER_RUN_REACH = STATE_POINTS * 2 ** (WALK_ROUNDS - 1);

const commitTime = (timestamp: string): number => Date.parse(timestamp);

/**
 * What a run appended to the state takes off its commit when it re-benches one older than the
 * state's reach: the state holds the suite's newest entries only (STATE_POINTS), so the earlier
 * run was not among what the publish read, and the cases of its shapes this run does not hold
 * left the trend at that commit without a word. Looked for only when it can matter and is
 * likely: a case of the run's shapes it does not hold is older than the state's reach, and the
 * commit is no newer than the suite's newest (a dispatch on an old tag, or a merge rebased onto
 * main with its old author date). Then the chunks are read back, at most EARLIER_RUN_REACH
 * segments: the line names the cases an earlier run found there held and this run takes off.
 */
async function earlierRunBeyondState(
  load: (from: number, to: number) => Promise<Segment[]>,
  manifest: Manifest,
  name: string,
  since: number,
  newest: number | undefined,
  judged: Segment,
): Promise<string | undefined> {
  const first = suiteStart(manifest.cases, name, judged.seq);
  if (since <= first || newest === undefined) return undefined;
  const held = new Set(judged.points.map((p) => p.case));
  const shapes = new Set(judged.shapes);
  const could = manifest.cases.filter((c) => c.suite === name && shapes.has(c.shape) && !held.has(c.case) && c.firstSeq < since);
  if (could.length === 0) return undefined;
  const [newestRun] = await load(newest, newest + 1);
  const time = commitTime(judged.commit.timestamp);
  if (newestRun === undefined || !(time <= commitTime(newestRun.commit.timestamp))) return undefined;
  const sha = judged.commit.sha;
  const lowest = Math.max(first, judged.seq - EARLIER_RUN_REACH);
  let from = since;
  let found: Segment[] = [];
  for (let span = STATE_POINTS; from > lowest && found.length === 0; span *= 2) {
    const next = Math.max(lowest, from - span);
    found = (await load(next, from)).filter((s) => s.suite === name && s.commit.sha === sha);
    from = next;
  }
  const short = sha.slice(0, 7);
  if (found.length > 0) {
    const off = casesTakenOff(found, judged);
    if (off.length === 0) return undefined;
    return (
      `suite ${JSON.stringify(name)} at ${short}: this run re-benches a commit published before (segment ${found.map((s) => s.seq).join(', ')}, older than the newest ${STATE_POINTS} points the publish keeps at hand) and replaces its points of shape ${[...new Set(off.map((c) => c.shape))].map((x) => JSON.stringify(x)).join(', ')}, ` +
      `but not ${leavingCases(off)} the trend at this commit; bench ${off.length === 1 ? 'it' : 'them'} with this commit again to put ${off.length === 1 ? 'it' : 'them'} back`
    );
  }
  // None found proves nothing when the look stopped short, but most such commits are no re-bench:
  // a merge rebased onto main keeps its old author date, and is dated before the suite's newest.
  return undefined;
}

/**
 * The state of suite `suite` (its index in the manifest's suites) as stored, validated against
 * `manifest`; undefined when it has none. A head or block that does not read stops the run, as
 * any damaged trend file does.
 */
export async function readState(read: TrendReader, location: string, manifest: Pick<Manifest, 'suites' | 'cases' | 'segments'>, suite: number): Promise<SuiteState | undefined> {
  const headPath = statePath(suite, 'head');
  const text = await read(headPath);
  if (text === undefined) return undefined;
  const head = parseStateFile(locate(location, headPath), text, suite, 'head', manifest);
  const [from, to] = head.blocks ?? [0, 0];
  const numbers = Array.from({ length: to - from }, (_, i) => from + i);
  const blocks = await Promise.all(
    numbers.map(async (k) => {
      const path = statePath(suite, k);
      const body = await read(path);
      if (body === undefined) throw new TrendDataError(`${locate(location, path)}: missing, but ${locate(location, headPath)} lists blocks ${from} to ${to - 1}; refusing to publish over a damaged regression state`);
      return parseStateFile(locate(location, path), body, suite, k, manifest);
    }),
  );
  const state = decodeState(head, blocks);
  for (let i = 1; i < state.entries.length; i++) {
    if ((state.entries[i] as { seq: number }).seq <= (state.entries[i - 1] as { seq: number }).seq) {
      throw new TrendDataError(`${locate(location, headPath)}: the entries of its blocks are not in seq order; the regression state is damaged, refusing to publish over it`);
    }
  }
  return state;
}

/**
 * readState, except that a state that does not read is left unused (undefined, with why in
 * `warnings`), so that it is built again from the chunks: it is a copy of their newest points,
 * like data/newest.json, and refusing every publish over it would stop the trend for a file
 * nothing is lost by rewriting. A state a newer benchtrend wrote still stops the run.
 */
export async function readTrustedState(read: TrendReader, location: string, manifest: Pick<Manifest, 'suites' | 'cases' | 'segments'>, suite: number, warnings: string[]): Promise<SuiteState | undefined> {
  try {
    return await readState(read, location, manifest, suite);
  } catch (e) {
    if (!(e instanceof TrendDataError) || e instanceof NewerTrendDataError) throw e;
    warnings.push(`${e.message.replace(/; (?:the regression state is damaged, )?refusing to publish over (?:it|a damaged regression state)$/, '')}: the regression state of suite "${manifest.suites[suite]}" is built again from the chunks`);
    return undefined;
  }
}

export interface StatePlan {
  /** Files to write, relative to data-dir. */
  readonly files: ReadonlyMap<string, string>;
  /** Block files no walk reads any more, taken out of the tree (git history keeps them). */
  readonly removed: readonly string[];
  /** Each suite's state after this publish, by suite name, for the regression check. */
  readonly states: ReadonlyMap<string, SuiteState>;
  /** Why a suite's stored state was not used (it did not read) and was built again. */
  readonly warnings: readonly string[];
  /**
   * Whether the run this publish judges in each suite re-benches an older commit (rebench.ts), where
   * the state before it or the chunks read to build it again tell: the judge need not read them again.
   */
  readonly rebenches: ReadonlyMap<string, boolean>;
}

/**
 * The regression state of every suite `added` has points in, after this publish. `manifest` is
 * the one this publish writes; `load` reads segments [from, to) across the branch and `added`.
 */
export async function planRegressionState(
  read: TrendReader,
  location: string,
  previous: Manifest | undefined,
  manifest: Manifest,
  added: readonly Segment[],
  load: (from: number, to: number) => Promise<Segment[]>,
): Promise<StatePlan> {
  const files = new Map<string, string>();
  const removed: string[] = [];
  const states = new Map<string, SuiteState>();
  const warnings: string[] = [];
  const rebenches = new Map<string, boolean>();
  const suites = [...new Set(added.filter((s) => s.points.length > 0).map((s) => s.suite))];
  for (const name of suites) {
    const suite = manifest.suites.indexOf(name);
    // A format 1 trend never had a state; its first publish in format 2 builds one.
    const old = previous !== undefined && previous.version >= 2 && previous.suites.includes(name) ? await readTrustedState(read, location, previous, suite, warnings) : undefined;
    const appended = old && isCurrent(old, previous as Manifest) ? append(old, name, manifest, added) : undefined;
    // The run the regression check judges: the suite's newest of this publish, an import's aside.
    const judged = added.filter((s) => s.suite === name && s.imported === undefined && s.points.length > 0).at(-1);
    // append() refuses a commit the state holds, and the state holds every entry since `since`.
    if (appended && old && (old.since === 0 || old.entries.length >= REBENCH_LOOKBACK)) rebenches.set(name, false);
    if (appended && old && judged) {
      const beyond = await earlierRunBeyondState(load, manifest, name, old.since, old.entries.at(-1)?.seq, judged);
      if (beyond !== undefined) warnings.push(beyond);
    }
    let next = appended;
    if (!next) {
      const walked = await walkSegments(load, manifest, name, manifest.segments, STATE_POINTS);
      if (judged) {
        const first = suiteStart(manifest.cases, name, judged.seq);
        const log = walked.segments.filter((s) => s.suite === name).map((s) => ({ seq: s.seq, sha: s.commit.sha }));
        const older = rebenchFrom(log, { seq: judged.seq, sha: judged.commit.sha }, walked.from <= first);
        if (older !== undefined) rebenches.set(name, older);
        // A run of a commit the state holds is never appended to it, so an earlier run of the
        // commit within the state's reach is among the segments walked: what superseding it takes
        // off the trend is said, not dropped unsaid (two jobs benching one shape of one suite).
        // A re-run is another attempt; the same attempt replacing its own points is a second job
        // (a matrix leg) benching the same shape, and the first job's points would go unsaid.
        // One line either way: the second job's names the cases it leaves off too.
        const off = casesTakenOff(walked.segments, judged);
        const sibling = sameRunSuperseded(walked.segments, judged);
        if (sibling.length > 0) warnings.push(sameRunText(name, judged, sibling, off));
        else if (off.length > 0) warnings.push(takenOffText(name, judged, off));
        else if (!walked.segments.some((s) => s.seq < judged.seq && s.suite === name && s.commit.sha === judged.commit.sha)) {
          const newest = walked.segments.findLast((s) => s.seq < judged.seq && s.suite === name)?.seq;
          const beyond = await earlierRunBeyondState(load, manifest, name, walked.from, newest, judged);
          if (beyond !== undefined) warnings.push(beyond);
        }
      }
      next = stateFromSegments(suite, name, manifest, walked.segments, walked.from);
      if (!next) continue;
    }
    next = trim(next, manifest, manifest.segments);
    const encoded = encodeState(next);
    // Blocks already on the branch hold the same entries when the state was appended to.
    const written = appended && old ? Math.floor((old.first + old.entries.length) / STATE_BLOCK) : -1;
    for (const [k, block] of encoded.blocks) if (k >= written) files.set(statePath(suite, k), json(block));
    files.set(statePath(suite, 'head'), json(encoded.head));
    if (old) {
      for (let k = old.first / STATE_BLOCK; k < Math.floor((old.first + old.entries.length) / STATE_BLOCK); k++) {
        if (!encoded.blocks.has(k)) removed.push(statePath(suite, k));
      }
    }
    states.set(name, next);
  }
  return { files, removed, states, warnings, rebenches };
}
