/**
 * What the rest of a suite says about the machine at one commit: a slow host moves every case of
 * its job at once, a code change usually not. Pure; the publisher and the replay share it.
 */
import type { Direction } from '../model.js';
import { worseChange, type SeriesPoint } from './detect.js';
import { sameFactor } from './groups.js';

/** Cases of a commit needed before the rest of the suite can tell whether the machine moved. */
export const HOST_WITNESSES = 3;

/** The newest point's worse-change against the median of the 10 before it, when there are 8. */
export function recentMove(points: readonly SeriesPoint[], direction: Direction): number | undefined {
  const newest = points[points.length - 1];
  const before = points.slice(-11, -1).map((p) => p.value).filter((v) => v > 0);
  if (!newest || before.length < 8 || !(newest.value > 0)) return undefined;
  const s = [...before].sort((a, b) => a - b);
  const med = s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
  return worseChange(newest.value, med, direction);
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
