/**
 * Which entries of a stored history `benchtrend replay` takes as history, not news, as publishing
 * them did: first benches of commits older than one the suite already held (a bisect, an old tag),
 * by the publish's own questions, and re-runs of them. The ancestry is a table standing in for git.
 */
import { describe, expect, it } from 'vitest';
import type { Ancestry } from '../../src/effects/ancestry.js';
import type { Segment } from '../../src/core/trend/types.js';
import { olderFirstBenches } from '../../src/jobs/older-first-benches.js';

const sha = (c: string) => c.repeat(40);
const entry = (seq: number, c: string, day: number, extra: Pick<Partial<Segment>, 'suite' | 'imported'> = {}): Segment => ({
  schema: 'benchtrend/segment',
  version: 1,
  seq,
  suite: 'default',
  commit: { sha: sha(c), message: c, author: 'Ada', timestamp: new Date(Date.UTC(2024, 0, day)).toISOString() },
  publishedAt: '2024-02-01T00:00:00Z',
  shapes: ['warm'],
  points: [],
  ...extra,
});

/** `older` holds [ancestor, descendant] pairs; anything else is diverged, or undefined when `untold`. */
function ancestry(older: readonly (readonly [string, string])[], untold = false) {
  const asked: string[] = [];
  const check = async (a: string, b: string): Promise<Ancestry | undefined> => {
    asked.push(`${a[0]}?${b[0]}`);
    if (untold) return undefined;
    if (older.some(([x, y]) => sha(x) === a && sha(y) === b)) return 'older';
    if (older.some(([x, y]) => sha(x) === b && sha(y) === a)) return 'newer';
    return 'diverged';
  };
  return { check, asked };
}

describe('older first benches, told for a replay', () => {
  it('takes a bisect step and its re-run as history, and asks nothing of commits dated in order', async () => {
    const history = [entry(0, 'a', 1), entry(1, 'b', 2), entry(2, 'c', 3), entry(3, 'x', 2), entry(4, 'x', 2), entry(5, 'd', 4)];
    const { check, asked } = ancestry([['a', 'b'], ['b', 'c'], ['x', 'c'], ['b', 'x'], ['c', 'd']]);
    const told = await olderFirstBenches(history, check);
    expect([...told.older].sort()).toEqual([3, 4]);
    expect(told.untold).toBe(0);
    // Only x, dated before c, is asked of: c first, which it is older than.
    expect(asked).toEqual(['x?c']);
  });

  it('takes every step of a bisect that goes one way for more than 8 steps as history, two questions each', async () => {
    // The trend holds a and h; the bisect benches b to m (not h), each newer than the step before
    // and older than h. Before, the 9th step was asked only of the 8 steps before it and was news.
    const steps = [...'bcdefgijklm'];
    const history = [entry(0, 'a', 1), entry(1, 'h', 30), ...steps.map((c, i) => entry(2 + i, c, 2 + i))];
    const pairs: [string, string][] = steps.flatMap((c, i) => [[c, 'h'] as [string, string], ...steps.slice(i + 1).map((d) => [c, d] as [string, string])]);
    const { check, asked } = ancestry([['a', 'h'], ...pairs]);
    const told = await olderFirstBenches(history, check);
    expect([...told.older].sort((x, y) => x - y)).toEqual(steps.map((_, i) => 2 + i));
    // Each step after the first is asked of the step before it (a descendant), then of h.
    expect(asked.filter((a) => a.startsWith('b?') || a.startsWith('m?'))).toEqual(['b?h', 'm?l', 'm?h']);
    expect(asked.length).toBe(1 + 2 * (steps.length - 1));
  });

  it('takes a merge rebased onto main (its author date older) as news, after one question', async () => {
    const history = [entry(0, 'a', 1), entry(1, 'b', 5), entry(2, 'r', 3)];
    const { check, asked } = ancestry([['a', 'b'], ['b', 'r'], ['a', 'r']]);
    const told = await olderFirstBenches(history, check);
    expect([...told.older]).toEqual([]);
    expect(asked).toEqual(['r?b']);
  });

  it('counts what git could not tell of, judged as news; leaves imported entries and other suites alone', async () => {
    const history = [
      entry(0, 'a', 1, { imported: 'github-action-benchmark' }),
      entry(1, 'b', 5, { imported: 'github-action-benchmark' }),
      entry(2, 'c', 3, { imported: 'github-action-benchmark' }),
      entry(3, 'd', 6),
      entry(4, 'x', 4),
      entry(5, 'y', 2, { suite: 'other' }),
      entry(6, 'z', 1, { suite: 'other' }),
    ];
    const told = await olderFirstBenches(history, ancestry([], true).check, 'default');
    expect([...told.older]).toEqual([]);
    expect(told.untold).toBe(1);
  });
});
