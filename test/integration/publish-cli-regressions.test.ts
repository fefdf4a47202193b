/**
 * `benchtrend publish` (the bundled dist/cli.js) says what the action says: it judges each case
 * against the published history and prints its verdicts; with --json, a `regressions` array of
 * the same entries as the action's `regressions-json` output.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { parseRecord } from '../../src/formats/record.js';
import { publishTrend } from '../../src/publish.js';
import { regressionDeriver } from '../../src/regressions.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
const sha = (n: number) => n.toString(16).padStart(2, '0').repeat(20);

function record(rng: Random, slower = 1): string {
  const job = Math.exp(0.02 * rng.normal());
  const runs = [0.99, 1, 1.01].map((f) => ({ total_seconds: 1.7 * job * f * slower, stages: { 'host-prep': 0.2 * job * f, attach: 1.5 * job * f * slower } }));
  return JSON.stringify({ shape: 'warm', runs });
}

beforeAll(async () => {
  sb = await gitSandbox();
  remote = `file://${await sb.bareRemote('site')}`;
  const rng = new Random(5);
  for (let n = 1; n <= 12; n++) {
    await publishTrend(
      { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 2 },
      {
        points: buildPoints([parseRecord('warm.json', record(rng))]).points,
        commit: { sha: sha(n), message: `commit ${n}`, author: 'Ada', timestamp: `2024-01-01T00:00:${String(n).padStart(2, '0')}Z` },
        serverUrl: 'https://github.com',
        cwd: sb.root,
        env: sb.env,
        tempRoot: sb.root,
        publishedAt: '2024-02-01T00:00:00Z',
      },
      { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive },
    );
  }
  // Two commits in a row 40% slower on attach: the default method alerts on the second.
  await writeFile(join(sb.root, 'slow-1.json'), record(rng, 1.4));
  await writeFile(join(sb.root, 'slow-2.json'), record(rng, 1.4));
});
afterAll(() => sb.dispose());

const publish = (file: string, n: number, extra: string[] = []) =>
  runCli(['publish', file, '--repo', remote, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', `2024-01-01T00:01:${n}Z`, ...extra], sb.root, sb.env);

it('prints its verdicts, and the regressions in --json as the action outputs them', async () => {
  const first = await publish('slow-1.json', 13);
  expect(first.code).toBe(0);
  const [publishedSha, ...rest] = first.stdout.split('\n');
  expect(publishedSha).toBe(await sb.revParse(remote.slice('file://'.length), 'refs/heads/gh-pages'));
  expect(rest.join('\n')).toMatch(/\| warm \/ attach \| watch /);

  const second = await publish('slow-2.json', 14, ['--json']);
  expect(second.code).toBe(0);
  const out = JSON.parse(second.stdout) as { regressions: { case: string; baseline: number; value: number; change: number; status: string }[] };
  const cases = out.regressions.map((r) => r.case).sort();
  expect(cases).toEqual(['warm / attach', 'warm / total']);
  const attach = out.regressions.find((r) => r.case === 'warm / attach')!;
  expect(attach.baseline).toBeCloseTo(1.5, 1);
  expect(attach.value).toBeGreaterThan(1.9);
  expect(attach.value).toBeLessThan(2.3);
  expect(attach.change).toBeGreaterThan(0.3);
  expect(attach.change).toBeLessThan(0.5);
  expect(attach.status).toBe('suspected');
});
