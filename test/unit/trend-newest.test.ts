/**
 * data/newest.json (src/core/trend/newest.ts): every publish leaves the newest segments of the log
 * in it, read as the page reads them, at every length of the log; it is taken from the file the
 * last publish wrote, and written anew from the chunks when that is missing, stale or damaged.
 */
import { describe, expect, it } from 'vitest';
import { chunkPath } from '../../src/core/trend/layout.js';
import { loadSegments } from '../../src/core/trend/load.js';
import { NEWEST_PATH, NEWEST_SEGMENTS } from '../../src/core/trend/newest.js';
import type { Manifest } from '../../src/core/trend/types.js';
import { checkWrittenFiles } from '../../src/core/trend/validate.js';
import { LOCATION, MemoryTrend, commit, syntheticPoints } from './trend-memory.js';

describe('the newest points', () => {
  it('are the newest segments after every publish, the log ending on a group of 16, of 256 or neither', async () => {
    const trend = new MemoryTrend();
    for (let i = 0; i < 272; i++) {
      await trend.publish({ commit: commit(i), points: syntheticPoints(2, i) });
      if (i < 6 || (i + 1) % 16 === 0 || i === 270) {
        const from = Math.max(0, i + 1 - NEWEST_SEGMENTS);
        expect(trend.newest()).toEqual(await loadSegments(trend.read, LOCATION, from, i + 1));
      }
    }
    // A level-2 chunk and a level-1 chunk hold the newest segments; the file stays four segments.
    expect(trend.files.has(chunkPath(1, 16))).toBe(true);
    expect(trend.json<{ from: number; to: number }>(NEWEST_PATH)).toMatchObject({ schema: 'benchtrend/newest', version: 2, from: 268, to: 272 });
    expect((trend.files.get(NEWEST_PATH) as string).length).toBeLessThan((trend.files.get(chunkPath(1, 16)) as string).length / 2);
  });

  it('are read back from the chunks when the file is missing, stale or does not read', async () => {
    const trend = new MemoryTrend();
    for (let i = 0; i < 18; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(1, i) });
    const stale = trend.files.get(NEWEST_PATH) as string;
    for (const damage of [undefined, stale, '{"schema":"benchtrend/newest"}']) {
      // A trend written before the file, one an older benchtrend published onto after it, a damaged file.
      await trend.publish({ commit: commit(100), points: syntheticPoints(1, 100) });
      if (damage === undefined) trend.files.delete(NEWEST_PATH);
      else trend.files.set(NEWEST_PATH, damage);
      trend.reads.length = 0;
      const plan = await trend.publish({ commit: commit(200), points: syntheticPoints(1, 200) });
      const total = plan.manifest.segments;
      expect(trend.reads).toContain(chunkPath(0, total - 2));
      expect(trend.newest()).toEqual(await loadSegments(trend.read, LOCATION, total - NEWEST_SEGMENTS, total));
    }
  });

  it('are refused by the write gate when they are not the newest of the manifest they are written beside', async () => {
    const trend = new MemoryTrend();
    for (let i = 0; i < 6; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(1, i) });
    const manifest = trend.json<Manifest>('manifest.json');
    const newest = trend.files.get(NEWEST_PATH) as string;
    expect(() => checkWrittenFiles(new Map([['manifest.json', JSON.stringify(manifest)], [NEWEST_PATH, newest]]), LOCATION)).not.toThrow();
    const behind = JSON.stringify({ ...manifest, segments: 7 });
    expect(() => checkWrittenFiles(new Map([['manifest.json', behind], [NEWEST_PATH, newest]]), LOCATION)).toThrow(
      `${LOCATION}/${NEWEST_PATH}: benchtrend would write data its readers refuse (holds segments 2 to 5, not the newest (at most 4) of the 7 the manifest counts); nothing was pushed`,
    );
    const unknownCase = newest.replace('"case":0', '"case":9');
    expect(unknownCase).not.toBe(newest);
    expect(() => checkWrittenFiles(new Map([['manifest.json', JSON.stringify(manifest)], [NEWEST_PATH, unknownCase]]), LOCATION)).toThrow(/points\.case\[0\] is 9, not a case of suite "default"/);
  });
});
