/**
 * What the rest of a suite says about the machine at one commit: a slow host moves every case of
 * its job at once, a code change usually not. Pure; the publisher and the replay share it.
 */
import type { Direction } from '../model.js';
import { worseChange, type SeriesPoint } from './detect.js';

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
