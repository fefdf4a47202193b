/**
 * One event per commit: the regressions of a suite that name the same commit are one group, told
 * in one line ("9 cases +15% to +17% worse at c1dd175"), the most significant case first. Pure,
 * for the page, the CLI and the comments alike.
 */
import type { Direction } from '../model.js';
import type { CaseInfo, StoredAlert } from '../trend/types.js';
import { describeWorseChange } from './words.js';
import { isolate } from '../text.js';

export interface AlertGroup {
  readonly suite: string;
  readonly sha: string;
  /** Most significant (largest change) first. */
  readonly alerts: readonly StoredAlert[];
  /** The group in one line. */
  readonly text: string;
}

function directionOf(cases: readonly CaseInfo[], a: StoredAlert): Direction {
  return cases.find((c) => c.suite === a.suite && c.case === a.case)?.direction ?? 'smaller';
}

/** A group's cases as its line needs them: the name, the change (positive when worse) and which way is better. */
export interface GroupItem {
  readonly case: string;
  readonly change?: number | undefined;
  readonly direction: Direction;
}

/** "cargo / fib +12% worse at c1dd175" or "9 cases +15% to +17% worse at c1dd175"; items most significant first. */
export function groupText(sorted: readonly GroupItem[], sha: string): string {
  const short = sha.slice(0, 7);
  // An item without a change is a step from zero: describeWorseChange says so.
  const words = (a: GroupItem) => describeWorseChange(a.change, a.direction);
  const first = sorted[0];
  if (!first) return `no case at ${short}`;
  if (sorted.length === 1) return `${isolate(first.case)} ${words(first)} at ${short}`;
  const range = changeRange(sorted);
  return range === undefined ? `${sorted.length} cases worse at ${short}, ${sorted.filter(fromZero).length} of them from 0` : `${sorted.length} cases ${range} at ${short}`;
}

const fromZero = (a: GroupItem): boolean => a.change === undefined || !Number.isFinite(a.change);

/**
 * "+15% to +17% worse" over items most significant first; undefined when one is a step from zero.
 * Where any of the cases' real signs differ (a time that rose and a throughput that fell, both
 * worse), signed ends would hide or cross zero, so it gives the sizes: "31% to 49% worse".
 */
export function changeRange(sorted: readonly GroupItem[]): string | undefined {
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  if (!first || !last || sorted.some(fromZero)) return undefined;
  let [hi, lo] = [describeWorseChange(first.change, first.direction), describeWorseChange(last.change, last.direction)];
  if (hi === lo) return hi;
  // The real sign: the stored change is positive when worse, so a throughput's is turned round.
  const signs = new Set(sorted.map((a) => Math.sign((a.direction === 'smaller' ? 1 : -1) * (a.change as number))));
  if (signs.size > 1) [hi, lo] = [hi.replace(/^[+-]/, ''), lo.replace(/^[+-]/, '')];
  return `${lo.replace(/ (worse|better)$/, '')} to ${hi}`;
}

/** Relative share of the typical factor by which the cases of a job may differ and still have moved "about the same". */
export const SAME_FACTOR_SPREAD = 0.25;

/**
 * Whether every case judged at a commit moved worse by about the same factor, which a slower
 * runner gives and a code change rarely does: at least 3 cases, each worse by `minEffect` or
 * more, and each factor's log within SAME_FACTOR_SPREAD of their median's. Returns the range.
 */
export function sameFactor(changes: readonly (number | undefined)[], minEffect: number): { readonly cases: number; readonly low: number; readonly high: number } | undefined {
  if (changes.length < 3 || changes.some((c) => c === undefined || !(c >= minEffect) || !Number.isFinite(c))) return undefined;
  const logs = (changes as number[]).map((c) => Math.log1p(c)).sort((a, b) => a - b);
  const mid = logs.length % 2 ? (logs[(logs.length - 1) / 2] as number) : ((logs[logs.length / 2 - 1] as number) + (logs[logs.length / 2] as number)) / 2;
  if (!logs.every((l) => Math.abs(l - mid) <= SAME_FACTOR_SPREAD * mid)) return undefined;
  return { cases: logs.length, low: Math.expm1(logs[0] as number), high: Math.expm1(logs[logs.length - 1] as number) };
}

/** Groups alerts by suite and commit, in the order their first alert comes. */
export function alertGroups(alerts: readonly StoredAlert[], cases: readonly CaseInfo[]): AlertGroup[] {
  const groups = new Map<string, StoredAlert[]>();
  for (const a of alerts) {
    const k = `${a.suite}\u0000${a.sha}`;
    groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  return [...groups.values()].map((list) => {
    // A step from zero (no change stored) is the largest of all.
    const sorted = [...list].sort((a, b) => (b.change ?? Number.MAX_VALUE) - (a.change ?? Number.MAX_VALUE));
    const first = sorted[0] as StoredAlert;
    const text = groupText(
      sorted.map((a) => ({ case: a.case, change: a.change, direction: directionOf(cases, a) })),
      first.sha,
    );
    return { suite: first.suite, sha: first.sha, alerts: sorted, text };
  });
}

/** Groups the page lists open; older ones are folded, so that the charts stay on the first screen. */
export const RECENT_GROUPS = 3;

/**
 * The groups newest first (by the latest publish among their alerts), split into the `recent`
 * ones a reader sees at once and the `older` ones behind a fold. An imported history brings its
 * past regressions with it (up to 25 events on the held-out histories, two or three lines each),
 * and listed oldest first they filled the first screen before any chart.
 */
export function recentGroups(groups: readonly AlertGroup[], count = RECENT_GROUPS): { readonly recent: readonly AlertGroup[]; readonly older: readonly AlertGroup[] } {
  const newest = (g: AlertGroup): number => g.alerts.reduce((m, a) => Math.max(m, a.seq), -Infinity);
  const sorted = [...groups].sort((a, b) => newest(b) - newest(a));
  return { recent: sorted.slice(0, count), older: sorted.slice(count) };
}
