/**
 * What the rest of a suite says about the machine at one commit: a slow host moves every case of
 * its job at once, a code change usually not. Pure; the publisher and the replay share it.
 */
import type { Direction } from '../model.js';
import { ALIKE_LOOKBACK, worseChange, type SeriesPoint } from './detect.js';
import { median, quantileSorted } from '../stats.js';
import { sameFactor } from './groups.js';
import { isControlCase, type AlertSettings } from './settings.js';

/** Cases of a commit needed before the rest of the suite can tell whether the machine moved. */
export const HOST_WITNESSES = 3;

/**
 * The newest point's worse-change against the median of the 10 before it, when there are 8; with
 * `skip`, of the 10 before the `skip` points just before the newest (an episode in progress).
 */
export function recentMove(points: readonly SeriesPoint[], direction: Direction, skip = 0): number | undefined {
  return moveAt(points, points.length - 1, direction, skip);
}

/** The values moveAt takes the median of. */
const recent = new Float64Array(10);

/** recentMove with points[at] as the newest, without copying the points before it. */
function moveAt(points: readonly SeriesPoint[], at: number, direction: Direction, skip: number): number | undefined {
  const newest = points[at];
  const end = at - skip;
  // In a scratch array, typed-sorted: a replay's plan takes two moves per case and commit.
  let count = 0;
  for (let j = Math.max(0, end - 10); j < end; j++) {
    const v = (points[j] as SeriesPoint).value;
    if (v > 0) recent[count++] = v;
  }
  if (!newest || count < 8 || !(newest.value > 0)) return undefined;
  return worseChange(newest.value, quantileSorted(recent.subarray(0, count).sort(), 0.5), direction);
}

/**
 * Whether the machine moved at this commit, by the other cases of the suite: a slow host moves
 * them all, a code change usually not. Undefined with fewer than HOST_WITNESSES other cases.
 */
export function machineMoved(moves: ReadonlyMap<string, number>, self: string, minEffect: number): boolean | undefined {
  const others = [...moves].filter(([name]) => name !== self).map(([, m]) => m);
  if (others.length < HOST_WITNESSES) return undefined;
  const s = others.sort((a, b) => a - b);
  const mid = s[Math.floor(s.length / 2)] as number;
  return mid >= minEffect;
}

/** Points before a commit whose moves give a case its typical move, and the fewest of them that do. */
const TYPICAL_MOVES = 30;
const TYPICAL_LEAST = 10;

/**
 * How far beyond its typical move, and a share of the suite how large, the machine scattered:
 * other cases that moved by min-effect and by SCATTER_FACTOR times their own typical move or
 * more, either way, at least SCATTER_SHARE of them.
 */
export const SCATTER_FACTOR = 2;
export const SCATTER_SHARE = 0.5;

/**
 * A case's typical move before its point `at`: the median size of its moves (recentMove, given by
 * `moveOf` for each earlier point) at the TYPICAL_MOVES points before it; undefined with fewer
 * than TYPICAL_LEAST of them. The replay passes the moves it has taken, the publisher takes them.
 */
export function typicalMove(at: number, moveOf: (j: number) => number | undefined): number | undefined {
  const sizes: number[] = [];
  for (let j = Math.max(0, at - TYPICAL_MOVES); j < at; j++) {
    const m = moveOf(j);
    if (m !== undefined) sizes.push(Math.abs(m));
  }
  return sizes.length < TYPICAL_LEAST ? undefined : median(sizes);
}

/** typicalMove from the points themselves. */
export function typicalMoveAt(points: readonly SeriesPoint[], at: number, direction: Direction): number | undefined {
  return typicalMove(at, (j) => moveAt(points, j, direction, 0));
}

/** Whether a case moved far beyond its typical move at a commit (see SCATTER_FACTOR). */
export function jumped(move: number, typical: number, minEffect: number): boolean {
  return Math.abs(move) >= Math.max(minEffect, SCATTER_FACTOR * typical);
}

/**
 * Whether the machine scattered the suite at a commit: half or more of the other cases with a
 * move jumped, either way (one without a typical move yet counts as not jumped), as a job on
 * another kind of machine moves most cases each by its own factor, some faster, some slower, so
 * that their median may not move at all. On iii's history a job that moved its 105 cases from
 * −67% to +138% (median −3%) raised 11 false alerts before this. Undefined with fewer than
 * HOST_WITNESSES other cases to tell.
 */
export function machineScattered(moves: ReadonlyMap<string, number>, typical: ReadonlyMap<string, number>, self: string, minEffect: number): boolean | undefined {
  let others = 0;
  let count = 0;
  for (const [name, move] of moves) {
    if (name === self) continue;
    others++;
    const t = typical.get(name);
    if (t !== undefined && jumped(move, t, minEffect)) count++;
  }
  return others < HOST_WITNESSES ? undefined : count >= SCATTER_SHARE * others;
}

/**
 * What the other cases say about the machine at a commit: it moved (machineMoved) or scattered
 * the suite (machineScattered). Undefined with fewer than HOST_WITNESSES other cases.
 */
export function machineWitness(moved: boolean | undefined, scattered: boolean | undefined): boolean | undefined {
  return moved === false && scattered === true ? true : moved;
}

/**
 * A control case's point; `until`, on one a re-run replaced, is the re-run's seq: from there on
 * the point is no longer in the history (the replay keeps it for the publishes before).
 */
export interface ControlPoint {
  readonly seq: number;
  readonly value: number;
  readonly until?: number;
}

/** A control case's points in seq order, as controlsMovedSince reads them. */
export interface ControlHistory {
  readonly direction: Direction;
  readonly points: readonly ControlPoint[];
}

/**
 * Whether the suite's control cases are, at the commit of seq `now`, still worse by min-effect
 * than their level over the commits of seqs [from, since) (the median of their points there: the
 * baseline a case's run, or its step, is measured against), by the median of their moves: a
 * runner that changed where the run began and stayed. A run it explains is the machine's however
 * long it lasts; undefined when no control case has points on both sides.
 */
export function controlsMovedSince(controls: readonly ControlHistory[], from: number, since: number, now: number, minEffect: number): boolean | undefined {
  const moves: number[] = [];
  for (const c of controls) {
    const stood = (p: ControlPoint) => p.until === undefined || p.until > now;
    const before = c.points.filter((p) => p.seq >= from && p.seq < since && stood(p)).map((p) => p.value);
    const cur = c.points.filter((p) => p.seq >= since && p.seq <= now && stood(p)).pop();
    if (cur === undefined || before.length === 0) continue;
    const level = median(before);
    if (!(level > 0)) continue;
    moves.push(worseChange(cur.value, level, c.direction));
  }
  return moves.length ? (median(moves) as number) >= minEffect : undefined;
}

/**
 * Whether the suite's control cases (input `control-cases`) moved by min-effect at a commit, by
 * the median of their moves there; undefined when no control case has a move.
 */
export function controlsMoved(moves: ReadonlyMap<string, number>, settings: AlertSettings): boolean | undefined {
  const controls = [...moves].filter(([name]) => isControlCase(settings, name)).map(([, m]) => m);
  return controls.length ? (median(controls) as number) >= settings.minEffect : undefined;
}

/**
 * Share of a job's cases that must have moved worse by min-effect or more, at one commit, for the
 * job to have moved as one without one factor: nearly every case is what a slower host moves. A
 * majority (0.5) changed the alerts of five more of the twelve real histories of docs/alerts.md
 * than 0.9 does, and 0.75 of three more, where steps had moved much of a suite; 0.9 changed only
 * those where nearly the whole suite moved at once (pydantic-core, risc0, snarkVM).
 */
export const MOVED_AS_ONE_SHARE = 0.9;

/**
 * Whether the job moved as one at a commit: every case worse by about the same factor
 * (sameFactor), or, with more than HOST_WITNESSES cases, at least MOVED_AS_ONE_SHARE of them
 * worse by min-effect or more. Cases answer a slower host by different factors (a CPU-bound case
 * more than one that waits on a file), so one factor misses such a host: on pydantic-core's
 * history one 3-commit episode of the whole suite 15–28% slower (cases 18–34% worse) raised 22
 * false alerts that way.
 */
export function jobMovedAsOne(moves: readonly number[], minEffect: number): boolean {
  if (sameFactor(moves, minEffect) !== undefined) return true;
  if (moves.length <= HOST_WITNESSES) return false;
  return moves.filter((m) => m >= minEffect).length >= MOVED_AS_ONE_SHARE * moves.length;
}

/** The cases of one job, each with its points oldest first, as far back as anyone has them. */
export interface JobCase {
  readonly points: readonly SeriesPoint[];
  readonly direction: Direction;
}

/**
 * Whether the job moved as one at each of its commits, with the episode it is in taken into
 * account: while the job has moved as one for r commits in a row, each case's move is measured
 * against the 10 points before those r, not against a median the episode itself has raised. Without
 * that, a slower runner that stays for a few jobs stops looking like one after 3 or 4 of them (on
 * FCCAnalyses' nightly job the 6 cases were still 12-28% slower at the 4th commit of an episode,
 * and 2 of them under 5% by the drifted median), and the episode is raised as a lasting step just
 * before it ends. An episode ends on its own after ALIKE_LOOKBACK commits: by then it is lasting.
 *
 * Each commit is judged by a pass over the 2 x ALIKE_LOOKBACK commits of the job before it,
 * starting outside any episode, so the publisher (which reads a bounded history) and the replay
 * (which has it all) agree exactly. Pure; moves are remembered per case, commit and skip.
 */
export class JobEpisodes {
  private readonly index = new Map<JobCase, Map<number, number>>();
  private readonly moves = new Map<JobCase, Map<number, number | undefined>>();
  private readonly verdicts = new Map<number, boolean>();

  constructor(
    private readonly minEffect: number,
    /** The cases whose moves witness the commit `seq`, with their points. */
    private readonly casesAt: (seq: number) => readonly JobCase[],
  ) {}

  private at(c: JobCase, seq: number): number | undefined {
    let m = this.index.get(c);
    if (!m) {
      m = new Map<number, number>();
      c.points.forEach((p, i) => (m as Map<number, number>).set(p.seq, i));
      this.index.set(c, m);
    }
    return m.get(seq);
  }

  private moveOf(c: JobCase, seq: number, skip: number): number | undefined {
    let m = this.moves.get(c);
    if (!m) this.moves.set(c, (m = new Map<number, number | undefined>()));
    const key = seq * (ALIKE_LOOKBACK + 1) + skip;
    if (m.has(key)) return m.get(key);
    const i = this.at(c, seq);
    const move = i === undefined ? undefined : moveAt(c.points, i, c.direction, skip);
    m.set(key, move);
    return move;
  }

  /** The commits of the job before `seq`, newest first: where its cases have points. */
  private chain(seq: number, cases: readonly JobCase[]): number[] {
    const seqs = new Set<number>();
    for (const c of cases) {
      const i = this.at(c, seq);
      if (i === undefined) continue;
      for (let j = i - 1; j >= Math.max(0, i - 2 * ALIKE_LOOKBACK); j--) seqs.add((c.points[j] as SeriesPoint).seq);
    }
    return [...seqs].sort((a, b) => b - a).slice(0, 2 * ALIKE_LOOKBACK);
  }

  /** Whether the job moved as one at commit `seq`. */
  movedAsOne(seq: number): boolean {
    const known = this.verdicts.get(seq);
    if (known !== undefined) return known;
    const cases = this.casesAt(seq);
    let run = 0;
    let moved = false;
    for (const s of [...this.chain(seq, cases).reverse(), seq]) {
      const moves: number[] = [];
      for (const c of cases) {
        const m = this.moveOf(c, s, run);
        if (m !== undefined) moves.push(m);
      }
      moved = run < ALIKE_LOOKBACK && jobMovedAsOne(moves, this.minEffect);
      run = moved ? run + 1 : 0;
    }
    this.verdicts.set(seq, moved);
    return moved;
  }
}
