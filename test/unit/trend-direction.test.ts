import { expect, it } from 'vitest';
import type { Point } from '../../src/core/model.js';
import { commit, MemoryTrend } from './trend-memory.js';

const point = (direction: 'smaller' | 'bigger'): Point => ({ case: 'warm / total', shape: 'warm', metric: 'total', unit: 'ops', direction, value: 1, q1: 1, q3: 1, min: 1, max: 1, stdev: 0, runs: 1, n: 1, samples: [1] });

it('refuses a point whose direction differs from its stored case, naming the case and the override, and writes nothing', async () => {
  const trend = new MemoryTrend();
  await trend.publish({ commit: commit(1), points: [point('smaller')] });
  const before = new Map(trend.files);
  await expect(trend.publish({ commit: commit(2), points: [point('bigger')] })).rejects.toThrow(
    /^case "warm \/ total" of suite "default" is stored as smaller-is-better in .*manifest\.json but this run reports it bigger-is-better; set direction-overrides \("warm \/ total: smaller"\) to keep it, or publish it under another case name$/,
  );
  expect(trend.files).toEqual(before);
  // The same direction is published as before.
  await trend.publish({ commit: commit(2), points: [point('smaller')] });
});
