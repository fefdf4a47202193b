import { describe, expect, it } from 'vitest';
import { alertGroups, recentGroups, sameFactor } from '../../src/core/regress/groups.js';
import { parseCommitCommentData, renderCommitComment, type CommentRow } from '../../src/core/render-comment.js';
import type { CaseInfo, StoredAlert } from '../../src/core/trend/types.js';

const alert = (name: string, sha: string, change: number, suite = 'default'): StoredAlert => ({ kind: 'regression', suite, case: name, sha, seq: 1, status: 'suspected', baseline: 1, value: 1 + change, change });
const info = (name: string, direction: 'smaller' | 'bigger' = 'smaller'): CaseInfo => ({ suite: 'default', case: name, unit: 's', direction } as unknown as CaseInfo);

describe('one event per commit', () => {
  it('puts the cases that moved at one commit in one group, most significant first, in one line', () => {
    const sha = 'c1dd175'.padEnd(40, '0');
    const names = Array.from({ length: 9 }, (_, i) => `warm / stage${i}`);
    const alerts = names.map((n, i) => alert(n, sha, 0.15 + i * 0.0025));
    const groups = alertGroups([...alerts, alert('warm / other', 'b'.repeat(40), 0.3)], names.map((n) => info(n)));
    expect(groups).toHaveLength(2);
    expect(groups[0]?.text).toBe('9 cases +15% to +17% worse at c1dd175');
    expect(groups[0]?.alerts[0]?.case).toBe('warm / stage8');
    expect(groups[1]?.text).toBe('warm / other +30% worse at bbbbbbb');
  });
  it('keeps suites apart and says a throughput fell with a minus', () => {
    const sha = 'a'.repeat(40);
    const groups = alertGroups([alert('x', sha, 0.095), alert('y', sha, 0.1, 'other')], [info('x', 'bigger')]);
    expect(groups.map((g) => g.text)).toEqual(['x -9.5% worse at aaaaaaa', 'y +10% worse at aaaaaaa']);
  });
  it('gives the sizes of a group whose cases moved worse with both signs, not a range across zero', () => {
    const sha = 'a'.repeat(40);
    const groups = alertGroups([alert('time', sha, 0.49), alert('rate', sha, 0.31)], [info('time'), info('rate', 'bigger')]);
    expect(groups.map((g) => g.text)).toEqual(['2 cases 31% to 49% worse at aaaaaaa']);
    // The ends may share a sign that a case between them does not.
    const three = alertGroups([alert('time', sha, 0.49), alert('rate', sha, 0.31), alert('small', sha, 0.1)], [info('time'), info('rate', 'bigger'), info('small')]);
    expect(three.map((g) => g.text)).toEqual(['3 cases 10% to 49% worse at aaaaaaa']);
  });
  it('says a step from zero (an alert without a change) in words, first in its group', () => {
    const sha = 'd'.repeat(40);
    const { change: _c, ...fromZero } = alert('disk', sha, 0);
    const groups = alertGroups([alert('time', sha, 0.12), { ...fromZero, baseline: 0, value: 4096 }], [info('time'), info('disk')]);
    expect(groups[0]?.text).toBe('2 cases worse at ddddddd, 1 of them from 0');
    expect(groups[0]?.alerts[0]?.case).toBe('disk');
    expect(alertGroups([{ ...fromZero, baseline: 0, value: 4096 }], [info('disk')])[0]?.text).toBe('disk worse, from 0 at ddddddd');
  });
  it('lists the newest events first and folds all but the newest three', () => {
    const at = (name: string, n: number): StoredAlert => ({ ...alert(name, n.toString(16).repeat(40).slice(0, 40), 0.1), seq: n });
    // Stored oldest first, as an import stores a history's past regressions; one event holds two cases.
    const groups = alertGroups([at('a', 1), at('b', 2), at('c', 3), at('d', 9), at('e', 5), { ...at('f', 4), sha: at('d', 9).sha, seq: 9 }], []);
    const { recent, older } = recentGroups(groups);
    expect(recent.map((g) => g.alerts.map((a) => a.case).sort().join('+'))).toEqual(['d+f', 'e', 'c']);
    expect(older.map((g) => g.alerts[0]?.case)).toEqual(['b', 'a']);
    expect(recentGroups(groups.slice(0, 2)).older).toEqual([]);
  });
});

const row = (name: string, change: number, status: CommentRow['status'] = 'suspected'): CommentRow => ({
  case: name,
  unit: 's',
  direction: 'smaller',
  kind: 'regression',
  status,
  baseline: 1,
  band: [0.98, 1.02],
  value: 1 + change,
  change,
  why: `2 commits in a row above ${1 + change / 2} s`,
});
const tableRows = (text: string) => text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Case') && !l.startsWith('| ---'));
const caseOf = (line: string) => line.split(' | ')[0]?.replace(/^\| /, '');

describe('one event per commit in the commit comment', () => {
  const sha = 'c1dd175'.padEnd(40, '0');
  const names = Array.from({ length: 9 }, (_, i) => `warm / stage${i}`);
  // Given in no particular order: the comment sorts them.
  const rows = names.map((n, i) => row(n, 0.15 + ((i * 5) % 9) * 0.0025));

  it('is one section: the group in one line, the most significant case in the table, the rest folded, largest first', () => {
    const body = renderCommitComment({ suite: 'default', sha, rows, cases: 9 });
    expect(body.match(/^### /gm)).toHaveLength(1);
    expect(body).toContain('**9 cases \\+15% to \\+17% worse at c1dd175**');
    const [shown, folded] = body.split('<details>');
    expect(tableRows(shown as string).map(caseOf)).toEqual(['warm / stage7']); // 0.15 + 8 × 0.0025, the largest
    expect(folded).toMatch(/^<summary>8 more cases at this commit<\/summary>\n\n\| Case/);
    expect(folded).toContain('</details>');
    const rest = tableRows((folded as string).split('</details>')[0] as string);
    expect(rest).toHaveLength(8);
    const changes = rest.map((l) => Number(/\| \+(\d+(?:\.\d)?)% worse \|/.exec(l)?.[1]));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(body).not.toMatch(/looks like the runner/);
  });

  it('a single case needs no group line and folds nothing; cleared cases come after the open ones', () => {
    const one = renderCommitComment({ suite: 'default', sha, rows: [row('only', 0.2)] });
    expect(one).not.toContain('<details>');
    expect(one).not.toMatch(/\*\*1 case/);
    const mixed = renderCommitComment({ suite: 'default', sha, rows: [row('gone', 0.5, 'cleared'), row('open', 0.1)] });
    expect(tableRows(mixed.split('<details>')[0] as string).map(caseOf)).toEqual(['open']);
  });

  it('says it looks like the runner when every case of the job moved by about the same factor, and keeps saying it on a rewrite', () => {
    const runner = sameFactor(rows.map((r) => r.change), 0.05);
    expect(runner).toEqual({ cases: 9, low: expect.closeTo(0.15, 9), high: expect.closeTo(0.17, 9) });
    const body = renderCommitComment({ suite: 'default', sha, rows, cases: 9, ...(runner ? { runner } : {}) });
    expect(body).toMatch(/Every one of the 9 cases judged here got worse by about the same factor \(15% to 17% worse\): that looks like the runner \(a slower host\), not the code/);
    const stored = parseCommitCommentData(body);
    expect(stored?.runner).toEqual(runner);
    expect(renderCommitComment({ ...stored!, rows: stored!.rows.map((r) => ({ ...r, status: 'confirmed' as const })) })).toMatch(/looks like the runner/);
  });

  it('is not the runner when one case moved much more, one did not move, or there are too few cases to tell', () => {
    expect(sameFactor([0.15, 0.16, 0.15, 0.4], 0.05)).toBeUndefined();
    expect(sameFactor([0.15, 0.16, 0.15, 0.01], 0.05)).toBeUndefined();
    expect(sameFactor([0.15, 0.16, undefined], 0.05)).toBeUndefined();
    expect(sameFactor([0.15, 0.16], 0.05)).toBeUndefined();
    expect(sameFactor([0.15, 0.16, 0.17], 0.05)).toBeDefined();
  });
});
