/**
 * A commit benched again after newer commits of its suite published (a dispatch that re-benches
 * an older commit, a late job of one) is history, not news: its points take their commit's place
 * on the chart, and the detector does not judge them as the newest point, where an old level
 * reads as a step. Publishing and the replay decide it by this one rule, over the same entries.
 */

/**
 * How many of the suite's entries before a publish are searched for an earlier one of its
 * commit. A bisect re-benches recent commits; an older commit benched again beyond this is judged
 * as a new one (as every commit was before this rule). The regression state holds more entries
 * than this (STATE_POINTS), so a publish seldom reads the chunks to tell.
 */
export const REBENCH_LOOKBACK = 200;

/** Where a suite's log begins: its cases' first seq, or `seq` (the run judged) for a suite new with it. */
export function suiteStart(cases: readonly { readonly suite: string; readonly firstSeq: number }[], suite: string, seq: number): number {
  // A fold: a spread over some 120,000 cases would overflow the stack.
  return cases.reduce((m, c) => (c.suite === suite ? Math.min(m, c.firstSeq) : m), seq);
}

/** One entry of a suite's log: a segment, as stored (re-runs not resolved). */
export interface LogEntry {
  readonly seq: number;
  readonly sha: string;
}

/**
 * Whether `entry` re-benches an older commit: among the suite's `lookback` entries before it
 * (`before`, in seq order, oldest first; more may be given), one of its commit comes before one of
 * another commit. A re-run of the newest commit, however often, is not; a re-run of an older
 * commit's re-bench is.
 */
export function rebenchesOlder(before: readonly LogEntry[], entry: LogEntry, lookback = REBENCH_LOOKBACK): boolean {
  const end = before.findLastIndex((e) => e.seq < entry.seq) + 1;
  return olderAt(before, end, entry.sha, lookback);
}

/**
 * rebenchesOlder, from the suite's entries read back to `before[0]`: undefined when fewer than
 * `lookback` of them come before `entry` and `complete` (they reach the suite's first) is false.
 */
export function rebenchFrom(before: readonly LogEntry[], entry: LogEntry, complete: boolean, lookback = REBENCH_LOOKBACK): boolean | undefined {
  if (!complete && before.filter((e) => e.seq < entry.seq).length < lookback) return undefined;
  return rebenchesOlder(before, entry, lookback);
}

/** rebenchesOlder of an entry of commit `sha` whose entries before it are entries[0, end). */
function olderAt(entries: readonly LogEntry[], end: number, sha: string, lookback: number): boolean {
  let other = false;
  for (let k = end - 1; k >= Math.max(0, end - lookback); k--) {
    if ((entries[k] as LogEntry).sha !== sha) other = true;
    else if (other) return true;
  }
  return false;
}

/** The seqs of `entries` (one suite's, in seq order) that re-bench an older commit (rebenchesOlder), `judged` deciding which are asked about. */
export function olderRebenches<E extends LogEntry>(entries: readonly E[], judged: (e: E) => boolean = () => true, lookback = REBENCH_LOOKBACK): Set<number> {
  const out = new Set<number>();
  entries.forEach((e, i) => {
    if (judged(e) && olderAt(entries, i, e.sha, lookback)) out.add(e.seq);
  });
  return out;
}
