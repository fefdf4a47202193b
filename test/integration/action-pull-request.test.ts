/**
 * A pull request's run of the bundled action against the base branch's published trend: what its
 * comment and summary say of each case. Real git remote, the bundled action, a local stand-in for
 * the REST API.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { parseRecord } from '../../src/formats/record.js';
import { publishTrend } from '../../src/jobs/publish.js';
import { regressionDeriver } from '../../src/jobs/regressions.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { sha, warmRecord } from './helpers/warm-history.js';

const HEAD = 'c'.repeat(40);
const pullRequest = (number = 4) => ({ name: 'pull_request', payload: { pull_request: { number, head: { sha: HEAD }, base: { ref: 'main' } } } });

let sb: GitSandbox;
let remote: string;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-pr-');
  remote = await sb.bareRemote('site');
});
afterEach(() => sb.dispose());

/** A trend published once for every test of a block, each test on its own copy (copyRemote). */
function seeded(publish: (seed: GitSandbox, remote: string) => Promise<void>): void {
  let seed: GitSandbox;
  let origin: string;
  beforeAll(async () => {
    seed = await gitSandbox('benchtrend-pr-seed-');
    origin = await seed.bareRemote('seed');
    await publish(seed, origin);
  });
  afterAll(() => seed.dispose());
  beforeEach(async () => {
    remote = await sb.copyRemote(origin, 'seeded');
  });
}

/** Publishes commits 1..count of warm records, attach `slower(n)` times its level, judged as the action judges. */
async function publishHistory(into: GitSandbox, remote: string, count: number, slower: (n: number) => number, rng: Random): Promise<void> {
  for (let n = 1; n <= count; n++) {
    await publishTrend(
      { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 2 },
      {
        points: buildPoints([parseRecord('warm.json', warmRecord(rng, slower(n)))]).points,
        commit: { sha: sha(n), message: `commit ${n}`, author: 'Ada', timestamp: `2024-01-01T00:00:${String(n).padStart(2, '0')}Z` },
        serverUrl: 'https://github.com',
        cwd: into.root,
        env: into.env,
        tempRoot: into.root,
        publishedAt: '2024-02-01T00:00:00Z',
      },
      { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive },
    );
  }
}

/** The pull request's run on `record`, with its comment as the REST API stand-in stored it. */
async function pullRequestRun(record: string, inputs: Record<string, string> = {}) {
  await writeFile(join(sb.root, 'warm.json'), record);
  const api = await GitHubApiServer.start();
  try {
    const run = await runAction({
      cwd: sb.root,
      inputs: { records: 'warm.json', repository: remote, 'github-token': 'ghs_pr0123456789', artifact: 'false', ...inputs },
      event: pullRequest(),
      env: { ...sb.env, GITHUB_SHA: 'd'.repeat(40), GITHUB_API_URL: api.url },
    });
    await run.dispose();
    return { ...run, comment: api.issueComments.get(4)?.[0]?.body ?? '' };
  } finally {
    await api.close();
  }
}

/** The summary's row of one case, split into its cells. */
function row(summary: string, name: string): string[] {
  const line = summary.split('\n').find((l) => l.startsWith(`| ${name.replace(/-/g, '\\-')} | `) && l.split(' | ').length > 5);
  return (line ?? '').split(' | ');
}

describe('a base branch whose regression is still open', () => {
  // warm / attach 30% slower from commit 21 on main: raised at 21, still suspected, five commits of
  // the new level since, too few for the scan to find the step. A pull request is built on main's
  // tip, so main's level is its baseline; the window straddling the step read a head 59% slower
  // than before it as "ok", within a limit its five points had widened.
  seeded((seed, origin) => publishHistory(seed, origin, 25, (n) => (n >= 21 ? 1.3 : 1), new Random(7)));

  it('calls a head 22% slower than main’s level regressed, not unchanged, measured from that level', async () => {
    const run = await pullRequestRun(warmRecord(new Random(1), 1.3 * 1.22));
    expect(run.code, run.stdout).toBe(0);
    const attach = row(run.summary, 'warm / attach');
    expect(attach[1], attach.join(' | ')).toBe('⚠️ regressed');
    // Main's level (1.95 s), not the level before its regression (1.5 s): the change is the head's own.
    expect(attach[3]).toMatch(/^1\.9\d* s /);
    expect(attach[4]).toMatch(/^\+2\d% worse$/);
    expect(attach[6]).toContain(`since the regression at ${sha(21).slice(0, 7)}`);
    expect(run.comment).toContain('warm / attach');
    expect(JSON.parse(run.outputs['regressions-json']!).map((r: { case: string }) => r.case)).toContain('warm / attach');
  });

  it('does not blame a head at main’s level for main’s regression', async () => {
    const run = await pullRequestRun(warmRecord(new Random(1), 1.3));
    expect(run.code, run.stdout).toBe(0);
    const attach = row(run.summary, 'warm / attach');
    expect(attach[1], attach.join(' | ')).toBe('ok');
    expect(attach[4]).not.toMatch(/\+\d\d% worse/);
    expect(run.outputs['regressions']).toBe('0');
  });
});

describe('a head case in a unit the base trend’s cannot be converted to', () => {
  it('is not compared, and its row names the case and both units', async () => {
    const custom = (unit: string, value: number) => JSON.stringify([{ name: 'parse', unit, value }, { name: 'load', unit: 'ms', value: 50 }]);
    for (const n of [1, 2, 3]) {
      await writeFile(join(sb.root, 'base.json'), custom('ms', 100 + n));
      const published = await runCli(['publish', 'base.json', '--repo', remote, '--commit', sha(n), '--format', 'customSmallerIsBetter', '--shape', 'bench'], sb.root, sb.env);
      expect(published.code, published.stderr).toBe(0);
    }
    // 900 ops/s read as 900 ms against about 100 ms was "+790% worse".
    const run = await pullRequestRun(custom('ops/s', 900), { format: 'customBiggerIsBetter', shape: 'bench' });
    expect(run.code, run.stdout).toBe(0);
    const parse = row(run.summary, 'bench / parse');
    expect(parse[1], parse.join(' | ')).toBe('not judged');
    expect(parse.join(' | ')).toMatch(/not compared\\?: "bench \/ parse" is reported in "ops\/s", but the base trend stores it in "ms"/);
    expect(run.comment).toContain('ops/s');
    expect(run.outputs['regressions']).toBe('0');
    expect(row(run.summary, 'bench / load')[1]).not.toBe('not judged');
  });
});
