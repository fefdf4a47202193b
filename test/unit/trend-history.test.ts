import { describe, expect, it } from 'vitest';
import { HISTORY_COLUMNS, historyCsv, historyRows, readHistory } from '../../src/core/trend/history.js';
import { LOCATION, MemoryTrend, commit, fixturePoints, syntheticPoints } from './trend-memory.js';
import { loadSegments } from '../../src/core/trend/load.js';

describe('history rows', () => {
  it('carry commit, time, suite, case, unit, value, error bar, runs and n of every point', async () => {
    const trend = new MemoryTrend();
    const points = fixturePoints();
    await trend.publish({ commit: commit(1, { url: 'https://github.com/o/r/commit/1' }), points, runUrl: 'https://run/1' });
    const { rows } = await readHistory(trend.read, LOCATION);
    expect(rows).toHaveLength(points.length);
    const total = rows.find((r) => r.case === 'warm / total')!;
    const p = points.find((x) => x.case === 'warm / total')!;
    expect(total).toEqual({
      commit: commit(1).sha,
      timestamp: commit(1).timestamp,
      suite: 'default',
      case: 'warm / total',
      shape: 'warm',
      unit: 's',
      direction: 'smaller',
      value: p.value,
      lo: p.q1,
      hi: p.q3,
      min: p.min,
      max: p.max,
      stdev: p.stdev,
      runs: p.runs,
      n: p.n,
      seq: 0,
      publishedAt: '2024-05-01T00:00:00Z',
      message: 'commit 1',
      author: 'Ada',
      url: 'https://github.com/o/r/commit/1',
      runUrl: 'https://run/1',
      extra: p.extra ?? null,
      samples: p.samples,
    });
    expect(Object.keys(total)).toEqual([...HISTORY_COLUMNS]);
  });

  it('keep one suite when asked', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(2) });
    await trend.publish({ commit: commit(1), points: syntheticPoints(3), suite: 'arm' });
    const segments = await loadSegments(trend.read, LOCATION, 0, 2);
    expect(historyRows(segments, 'arm').map((r) => r.suite)).toEqual(['arm', 'arm', 'arm']);
    expect(historyRows(segments)).toHaveLength(5);
  });

  it('are empty for a trend never published', async () => {
    expect(await readHistory(new MemoryTrend().read, LOCATION)).toEqual({ manifest: undefined, rows: [] });
  });
});

describe('history CSV', () => {
  it('quotes what needs quoting and keeps names as text', async () => {
    const trend = new MemoryTrend();
    const [p] = syntheticPoints(1);
    await trend.publish({
      commit: commit(1, { message: 'fix "fast" path, again\nsecond line', author: ' Ada ' }),
      points: [{ ...p!, case: '<img src=x onerror=alert(1)>, "quoted"', extra: 'a\nb' }],
    });
    const csv = historyCsv((await readHistory(trend.read, LOCATION)).rows);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(HISTORY_COLUMNS.join(','));
    expect(end).toBe('');
    expect(line).toBe(
      [
        commit(1).sha, commit(1).timestamp, 'default', '"<img src=x onerror=alert(1)>, ""quoted"""', 'warm', 's', 'smaller',
        '1.1', '1', '1.2', '1', '1.2', '0.1', '3', '3', '0', '2024-05-01T00:00:00Z', '"fix ""fast"" path, again"', '" Ada "', '', '', '"a\nb"', '1 1.1 1.2',
      ].join(','),
    );
  });
});
