/**
 * The entries of a stored history that publishing did not judge because they were first benches of
 * older commits (a bisect, a dispatch on an old tag: regressions.ts, descendantOnTrend), told again
 * for `benchtrend replay` so that it judges each commit as publishing it did.
 */
import type { AncestryCheck } from '../effects/ancestry.js';
import type { Segment } from '../core/trend/types.js';
import { ANCESTRY_LOOKBACK, descendantAmong } from './regressions.js';

export interface OlderFirstBenches {
  /** Seqs of the entries that are history, not news. */
  readonly older: Set<number>;
  /** Entries that were asked of and that the ancestry source could not tell of. */
  readonly untold: number;
}

/**
 * Each suite's first benches of a commit, asked of the suite's newest commits before them by the
 * publish's own rule (descendantAmong). A publish asks of every push; a replay of thousands of
 * commits asks only of a first bench dated (author date) before one of those newest commits, as
 * every bisect step and old tag is, which for an ordinary history is none: only a commit whose clock
 * went wrong could be told apart so, and then as news.
 */
export async function olderFirstBenches(segments: readonly Segment[], ancestry: AncestryCheck, onlySuite?: string): Promise<OlderFirstBenches> {
  const older = new Set<number>();
  let untold = 0;
  let silent = false;
  const asked: AncestryCheck = async (sha, other) => {
    const said = await ancestry(sha, other);
    if (said === undefined) silent = true;
    return said;
  };
  const bySuite = new Map<string, Segment[]>();
  for (const s of segments) {
    if (onlySuite !== undefined && s.suite !== onlySuite) continue;
    const list = bySuite.get(s.suite) ?? [];
    list.push(s);
    bySuite.set(s.suite, list);
  }
  for (const list of bySuite.values()) {
    list.sort((a, b) => a.seq - b.seq);
    const dates = new Map<string, number>();
    const olderShas = new Set<string>();
    // The suite's commits by their latest entry, newest first, as a publish reads them.
    let newest: string[] = [];
    for (const s of list) {
      const sha = s.commit.sha;
      const date = Date.parse(s.commit.timestamp);
      // Imported entries were judged by the import, in github-action-benchmark's order.
      if (!dates.has(sha) && s.imported === undefined && newest.length > 0 && !(date >= Math.max(...newest.map((n) => dates.get(n) ?? Number.NaN)))) {
        silent = false;
        const olderThan = await descendantAmong(s.commit, newest.map((n) => ({ sha: n })), (other) => dates.get(other) ?? Number.NaN, asked);
        if (olderThan !== undefined) {
          older.add(s.seq);
          olderShas.add(sha);
        } else if (silent) untold++;
      } else if (newest[0] === sha && olderShas.has(sha)) {
        // A re-run of it, no other commit between: publishing asked again of the same commits and
        // was told the same.
        older.add(s.seq);
      }
      if (!dates.has(sha)) dates.set(sha, date);
      newest = [sha, ...newest.filter((n) => n !== sha)].slice(0, ANCESTRY_LOOKBACK);
    }
  }
  return { older, untold };
}
