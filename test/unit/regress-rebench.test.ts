import { describe, expect, it } from 'vitest';
import { olderRebenches, rebenchesOlder } from '../../src/core/regress/rebench.js';

/** A suite's log from commit names, one entry each, seqs 0, 1, 2... */
const log = (shas: string) => [...shas].map((sha, seq) => ({ seq, sha }));

describe('a re-bench of an older commit', () => {
  it('is an entry whose commit came before another commit of the suite', () => {
    expect([...olderRebenches(log('abca'))]).toEqual([3]);
    expect([...olderRebenches(log('abcbd'))]).toEqual([3]);
  });

  it('is not a new commit, nor a re-run of the newest commit, however often', () => {
    expect([...olderRebenches(log('abcd'))]).toEqual([]);
    expect([...olderRebenches(log('abccc'))]).toEqual([]);
  });

  it('stays one when it is run again, and when a bisect benches several', () => {
    // c benched again after d, then run again: both runs are history.
    expect([...olderRebenches(log('abcdcc'))]).toEqual([4, 5]);
    expect([...olderRebenches(log('abcdebc'))]).toEqual([5, 6]);
  });

  it('is looked for among the last entries only', () => {
    expect([...olderRebenches(log('abcda'), () => true, 3)]).toEqual([]);
    expect([...olderRebenches(log('abcda'), () => true, 4)]).toEqual([4]);
  });

  it('leaves out the entries it is not asked about (an import judged in its own order)', () => {
    const entries = log('abca').map((e) => ({ ...e, imported: e.seq === 3 }));
    expect([...olderRebenches(entries, (e) => !e.imported)]).toEqual([]);
  });

  it('reads only the entries before the one asked about', () => {
    const entries = log('abcab');
    expect(rebenchesOlder(entries, { seq: 3, sha: 'a' })).toBe(true);
    expect(rebenchesOlder(entries, { seq: 5, sha: 'c' })).toBe(true);
    expect(rebenchesOlder(entries, { seq: 5, sha: 'e' })).toBe(false);
    expect(rebenchesOlder(entries.slice(0, 2), { seq: 2, sha: 'b' })).toBe(false);
  });
});
