/**
 * The entries of a stored history that publishing did not judge because they were first benches of
 * older commits (a bisect, a dispatch on an old tag: regressions.ts, descendantOnTrend), told again
 * for `benchtrend replay` so that it judges each commit as publishing it did.
 */
import type { AncestryCheck } from '../effects/ancestry.js';
import type { Segment } from '../core/trend/types.js';
import { ANCESTRY_REACH, descendantAmong } from './regressions.js';

export interface OlderFirstBenches {
  /** Seqs of the entries that are history, not news. */
  readonly older: Set<number>;
  /** Entries that were asked of and that the ancestry source could not tell of. */
  readonly untold: number;
}

/** How many questions are put to the ancestry source at once: each is a few git processes. */
const ASKED_AT_ONCE = 4;

/**
 * Each suite's first benches of a commit, asked of the suite's newest commits before them by the
 * publish's own rule (descendantAmong). A publish asks of every push; a replay of thousands of
 * commits asks only of a first bench dated (author date) before one of those newest commits, as
 * every bisect step and old tag is, which for an ordinary history is none: only a commit whose clock
 * went wrong could be told apart so, and then as news. A history of merges rebased onto main (each
 * keeping its older author date) asks once of each, a few at a time.
 */
export async function olderFirstBenches(segments: readonly Segment[], ancestry: AncestryCheck, onlySuite?: string): Promise<OlderFirstBenches> {
  const bySuite = new Map<string, Segment[]>();
  for (const s of segments) {
    if (onlySuite !== undefined && s.suite !== onlySuite) continue;
    const list = bySuite.get(s.suite) ?? [];
    list.push(s);
    bySuite.set(s.suite, list);
  }
  // Which entries are asked of, and the re-runs that follow one with no other commit between: the
  // questions do not depend on each other's answers, only the re-runs on theirs.
  const asks: { seq: number; key: string; commit: Segment['commit']; newest: readonly string[]; dates: ReadonlyMap<string, number> }[] = [];
  const reruns: { seq: number; key: string }[] = [];
  for (const [suite, list] of bySuite) {
    list.sort((a, b) => a.seq - b.seq);
    const dates = new Map<string, number>();
    // The suite's commits by their latest entry, newest first, as a publish reads them.
    let newest: string[] = [];
    for (const s of list) {
      const sha = s.commit.sha;
      const date = Date.parse(s.commit.timestamp);
      const key = `${suite}\u0000${sha}`;
      // Imported entries were judged by the import, in github-action-benchmark's order.
      if (!dates.has(sha) && s.imported === undefined && newest.length > 0 && !(date >= Math.max(...newest.map((n) => dates.get(n) ?? Number.NaN)))) {
        // `dates` only grows, and holds every commit of `newest` already: the question is the same later.
        asks.push({ seq: s.seq, key, commit: s.commit, newest, dates });
      } else if (dates.has(sha) && newest[0] === sha) {
        // A re-run of it, no other commit between: publishing asked again of the same commits and
        // was told the same.
        reruns.push({ seq: s.seq, key });
      }
      if (!dates.has(sha)) dates.set(sha, date);
      newest = [sha, ...newest.filter((n) => n !== sha)].slice(0, ANCESTRY_REACH);
    }
  }
  const older = new Set<number>();
  const olderKeys = new Set<string>();
  let untold = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < asks.length) {
      const a = asks[next++] as (typeof asks)[number];
      let silent = false;
      const asked: AncestryCheck = async (sha, other) => {
        const said = await ancestry(sha, other);
        if (said === undefined) silent = true;
        return said;
      };
      const olderThan = await descendantAmong(a.commit, a.newest.map((n) => ({ sha: n })), (other) => a.dates.get(other) ?? Number.NaN, asked);
      if (olderThan !== undefined) {
        older.add(a.seq);
        olderKeys.add(a.key);
      } else if (silent) untold++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(ASKED_AT_ONCE, asks.length) }, worker));
  for (const r of reruns) if (olderKeys.has(r.key)) older.add(r.seq);
  return { older, untold };
}
