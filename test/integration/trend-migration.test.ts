/**
 * A trend in format 1 (test/fixtures/trend-v1: segments, rollups, manifest version 1, written by
 * the CLI before format 2) is read as it is, and carried to format 2 by its next publish over
 * file://: format 1's folders leave the tree, every segment is in one chunk, and every point,
 * commit and re-run reads back exactly as format 1 stored it.
 */
import { copyFile, mkdir, readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHistory } from '../../src/core/trend/history.js';
import { chunkPath, resolveSegments } from '../../src/core/trend/layout.js';
import { coverChunks, loadSegments } from '../../src/core/trend/load.js';
import { statePath } from '../../src/core/trend/regress-state.js';
import type { Manifest, Rollup, Segment } from '../../src/core/trend/types.js';
import { publishTrend, readTrend, type PublishContext, type PublishSettings } from '../../src/jobs/publish.js';
import { FIXTURES } from '../helpers/paths.js';
import { commit, syntheticPoints } from '../unit/trend-memory.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

const FIXTURE = join(FIXTURES, 'trend-v1');
let sb: GitSandbox;
let remote: string;
let url: string;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

beforeEach(async () => {
  sb = await gitSandbox();
  remote = await sb.bareRemote('site');
  url = `file://${remote}`;
  const work = join(sb.root, 'work');
  await sb.git(['init', '--quiet', '--initial-branch=gh-pages', work]);
  for (const file of await filesUnder(join(FIXTURE, 'dev'))) {
    const path = relative(FIXTURE, file);
    await mkdir(join(work, path, '..'), { recursive: true });
    await copyFile(file, join(work, path));
  }
  await sb.git(['add', '--all'], work);
  await sb.git(['commit', '--quiet', '-m', 'a trend in format 1'], work);
  await sb.git(['push', '--quiet', url, 'gh-pages'], work);
});
afterEach(async () => {
  await sb.dispose();
});

const settings: () => PublishSettings = () => ({ repository: url, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'linux', maxAttempts: 1 });
function context(n: number): PublishContext {
  return { points: syntheticPoints(2, n), commit: commit(n), serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: join(sb.root, 'tmp'), publishedAt: '2026-02-01T00:00:00Z' };
}

/** Format 1's segments straight from the fixture's files, without benchtrend's reader. */
async function fixtureSegments(): Promise<Segment[]> {
  const bench = join(FIXTURE, 'dev/bench');
  const rollup = JSON.parse(await readFile(join(bench, 'data/roll/1/0000/000000.json'), 'utf8')) as Rollup;
  const singles: Segment[] = [];
  for (const file of (await filesUnder(join(bench, 'data/seg'))).sort()) singles.push(JSON.parse(await readFile(file, 'utf8')) as Segment);
  // The rollup holds exactly the first 16 single segments: format 1 kept them twice.
  expect(rollup.segments).toEqual(singles.slice(0, 16));
  return singles;
}

describe('a format 1 trend', () => {
  it('is carried to format 2 on its next publish, every point equal', async () => {
    const old = await fixtureSegments();
    const oldManifest = JSON.parse(await readFile(join(FIXTURE, 'dev/bench/manifest.json'), 'utf8')) as Manifest;
    expect(oldManifest.version).toBe(1);
    expect(old).toHaveLength(oldManifest.segments);
    const before = await readTrend(settings(), context(0), (read, location) => readHistory(read, location));

    const result = await publishTrend(settings(), context(30));
    expect(result.plan.removed).toEqual(['data/seg', 'data/roll']);

    const tree = (await sb.git(['ls-tree', '-r', '--name-only', 'gh-pages', 'dev/bench'], remote)).trim().split('\n');
    const total = old.length + 1;
    // Beside the chunks, the regression state of the suite published, built from them.
    const state = `dev/bench/${statePath(oldManifest.suites.indexOf('linux'), 'head')}`;
    expect(tree.sort()).toEqual([...coverChunks(0, total).map((c) => `dev/bench/${chunkPath(c.level, c.index)}`), 'dev/bench/data/newest.json', 'dev/bench/manifest.json', state].sort());
    const manifest = JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], remote)) as Manifest;
    expect(manifest).toMatchObject({ version: 2, segments: total, suites: oldManifest.suites });
    // Cases keep their order and their counts; the new run adds to linux's.
    expect(manifest.cases.slice(0, oldManifest.cases.length).map((c) => [c.suite, c.case, c.unit, c.firstSeq])).toEqual(oldManifest.cases.map((c) => [c.suite, c.case, c.unit, c.firstSeq]));

    const now = await readTrend(settings(), context(0), (read, location) => loadSegments(read, location, 0, total));
    expect(now.slice(0, old.length)).toEqual(old);
    expect(now[old.length]!.points.map((p) => p.value)).toEqual(syntheticPoints(2, 30).map((p) => p.value));
    // Re-runs resolve as they did: the same rows, and the new run's after them.
    const after = await readTrend(settings(), context(0), (read, location) => readHistory(read, location));
    expect(after.rows.slice(0, before.rows.length)).toEqual(before.rows);
    expect(resolveSegments(now.slice(0, old.length))).toEqual(resolveSegments(old));
    expect(after.rows).toHaveLength(before.rows.length + 2);

    // Git history still has every format 1 file.
    expect(JSON.parse(await sb.git(['show', 'gh-pages~1:dev/bench/data/seg/0000/00/00000019.json'], remote))).toEqual(old[19]);
  });
});
