/**
 * One event per commit: the regressions of a suite that name the same commit are one group, told
 * in one line ("9 cases +15% to +17% worse at c1dd175"), the most significant case first. Pure,
 * for the page, the CLI and the comments alike.
 */
import type { Direction } from '../model.js';
import type { CaseInfo, StoredAlert } from '../trend/types.js';
import { describeWorseChange } from './words.js';

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

/** Groups alerts by suite and commit, in the order their first alert comes. */
export function alertGroups(alerts: readonly StoredAlert[], cases: readonly CaseInfo[]): AlertGroup[] {
  const groups = new Map<string, StoredAlert[]>();
  for (const a of alerts) {
    const k = `${a.suite}\u0000${a.sha}`;
    groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  return [...groups.values()].map((list) => {
    const sorted = [...list].sort((a, b) => (b.change ?? 0) - (a.change ?? 0));
    const first = sorted[0] as StoredAlert;
    const short = first.sha.slice(0, 7);
    const words = (a: StoredAlert) => (a.change !== undefined ? describeWorseChange(a.change, directionOf(cases, a)) : 'changed');
    let text: string;
    if (sorted.length === 1) text = `${first.case} ${words(first)} at ${short}`;
    else {
      const last = sorted[sorted.length - 1] as StoredAlert;
      const [hi, lo] = [words(first), words(last)];
      const range = hi === lo ? hi : `${lo.replace(/ (worse|better)$/, '')} to ${hi}`;
      text = `${sorted.length} cases ${range} at ${short}`;
    }
    return { suite: first.suite, sha: first.sha, alerts: sorted, text };
  });
}
