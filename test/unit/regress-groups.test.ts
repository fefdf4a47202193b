import { describe, expect, it } from 'vitest';
import { alertGroups } from '../../src/core/regress/groups.js';
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
});
