/**
 * Issue #15 row 11 on the page: a manifest whose counts cannot be real (`segments: 1e15`, a case
 * past the last segment) is named as damaged in one line, and the page plans no read for it: no
 * request beyond the page's own files, the manifest and data/newest.json (asked for beside it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { servedTrend, watchedTab, type ServedTrend } from './built-page.js';
import { casesDigest } from '../../src/core/trend/case-digest.js';
import { syntheticHistory, trendFiles } from './trend-fixture.js';

/** Asked for beside the manifest, before the page knows anything of the trend. */
const NEWEST = '/dev/bench/data/newest.json';
const trends: ServedTrend[] = [];

/** A real trend of 6 publishes, its manifest then edited by `edit`, served with the page. */
async function damaged(name: string, edit: (m: Record<string, unknown>) => void): Promise<ServedTrend> {
  const files = trendFiles(syntheticHistory({ suite: 'main', commits: 6, seed: 5, shapes: [{ shape: 'warm', stages: ['a', 'total'] }] }), { updated: '2024-01-02T00:00:00Z' });
  const manifest = JSON.parse(files.get('manifest.json') as string) as Record<string, unknown>;
  edit(manifest);
  files.set('manifest.json', JSON.stringify(manifest));
  const trend = await servedTrend(`benchtrend-page-damaged-${name}-`, files);
  trends.push(trend);
  return trend;
}

async function open(trend: ServedTrend): Promise<{ status: string; state: string; errors: string[] }> {
  const { tab, errors } = await watchedTab(trend, 'settled');
  const status = (await tab.locator('#status').textContent()) ?? '';
  const state = (await tab.evaluate(() => document.documentElement.dataset['state'])) ?? '';
  await tab.close();
  return { status, state, errors };
}

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a damaged manifest on the page', () => {
  afterAll(async () => {
    for (const t of trends) await t.close();
  });

  it('says a manifest counting 1e15 segments is damaged, and reads nothing for it', async () => {
    const server = await damaged('huge', (m) => (m['segments'] = 1e15));
    const { status, state, errors } = await open(server);
    expect(status).toBe(
      "Could not read the trend: manifest.json: segments is 1000000000000000, more than the 100000000 a real trend can hold; the manifest is damaged, so the page reads nothing more (restore it from the branch's history)",
    );
    expect(state).toBe('error');
    expect(errors).toEqual([]);
    // The page's own files, the manifest and the newest points asked for beside it (one file
    // whatever the counts), nothing planned from the count.
    expect(server.server.requests.filter((r) => !/\/(?:index\.html|page\.js|page\.css|favicon\.ico)?(?:\?.*)?$/.test(r) && !r.endsWith('/manifest.json'))).toEqual([NEWEST]);
    expect(server.server.requests.some((r) => r.endsWith('/manifest.json'))).toBe(true);
  });

  it('says so too for a case past the last segment, or a count that is not a whole number', async () => {
    const past = await damaged('past', (m) => {
      const cases = m['cases'] as Record<string, unknown>[];
      (cases[0] as Record<string, unknown>)['lastSeq'] = 900;
    });
    const one = await open(past);
    expect(one.status).toMatch(/^Could not read the trend: manifest\.json: cases\[0\] says segments 0\.\.900 and \d+ points, but the trend counts 6 segments; the manifest is damaged/);
    expect(past.server.requests.filter((r) => r.includes('/data/'))).toEqual([NEWEST]);

    const half = await damaged('half', (m) => (m['segments'] = 2.5));
    const two = await open(half);
    expect(two.status).toMatch(/^Could not read the trend: manifest\.json: segments is 2\.5, not a whole number of segments; the manifest is damaged/);
    expect(half.server.requests.filter((r) => r.includes('/data/'))).toEqual([NEWEST]);
  });

  it('draws no point of a manifest whose cases were reordered by hand, saying what to undo', async () => {
    const sorted = await damaged('sorted', (m) => {
      m['casesDigest'] = casesDigest(m);
      (m['cases'] as unknown[]).reverse();
    });
    const { status, state, errors } = await open(sorted);
    expect(status).toMatch(
      /^Could not read the trend: manifest\.json: "suites" or "cases" was edited: the lists no longer match casesDigest \("[0-9a-f]{16}"; they read as "[0-9a-f]{16}"\), and the data names each suite and case by its place in them, so older points would be read as other cases'; undo that edit \(revert the commit that made it\); the manifest is damaged, so the page reads nothing more/,
    );
    expect(state).toBe('error');
    expect(errors).toEqual([]);
    expect(sorted.server.requests.filter((r) => r.includes('/data/'))).toEqual([NEWEST]);
  });

  it('draws a manifest written before casesDigest as before', async () => {
    const old = await damaged('no-digest', (m) => delete m['casesDigest']);
    const { state, errors } = await open(old);
    expect(state).toBe('ready');
    expect(errors).toEqual([]);
  });
});
