import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readHistory } from '../../src/core/trend/history.js';
import type { Manifest } from '../../src/core/trend/types.js';
import { publishDemoTrend } from '../../src/jobs/demo-trend.js';
import { readTrend } from '../../src/jobs/publish.js';
import { fixturePoints } from '../unit/trend-memory.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
beforeEach(async () => {
  sb = await gitSandbox();
});
afterEach(async () => {
  await sb.dispose();
});

it('publishes a multi-commit demo history to a local bare repository and checks it out', async () => {
  const points = fixturePoints();
  const page = { version: 'demo01', files: new Map([['index.html', Buffer.from('<title>chart</title>')]]) };
  const demo = await publishDemoTrend({ dir: join(sb.root, 'demo'), points, commits: 6, env: sb.env, pageAssets: async () => page });

  const manifest = JSON.parse(readFileSync(join(demo.dataDir, 'manifest.json'), 'utf8')) as Manifest;
  expect(manifest.segments).toBe(6);
  expect(manifest.pageVersion).toBe('demo01');
  expect(readFileSync(join(demo.dataDir, 'index.html'), 'utf8')).toBe('<title>chart</title>');
  expect(existsSync(join(demo.dataDir, 'data/c/0/0000/00000005.json'))).toBe(true);

  const { rows } = await readTrend({ repository: demo.remote, branch: 'gh-pages', dataDir: 'dev/bench' }, { serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: sb.root }, (read, at) => readHistory(read, at));
  expect(rows).toHaveLength(6 * points.length);
  expect(new Set(rows.map((r) => r.commit))).toEqual(new Set(demo.commits.map((c) => c.sha)));
  // The step two thirds in: the last commit's total is well above the first's.
  const totals = rows.filter((r) => r.case === 'warm / total').map((r) => r.value);
  expect(totals[5]! / totals[0]!).toBeGreaterThan(1.1);
});
