/**
 * A merge queue's merge_group run, with the payload GitHub sends: its points are compared with the
 * trend of the branch the queue merges into, as a pull request's are (job summary, outputs,
 * fail-on-regression holding the queue), nothing is published, and no comment is written on the
 * queue's temporary commit. Real bare remote, the bundled action, the local REST stand-in.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Random } from '../../src/core/regress/prng.js';
import { runAction } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, startResultsService } from './helpers/results-service.js';
import { publishWarmHistory, sha, warmRecord } from './helpers/warm-history.js';

const TOKEN = 'ghs_queueTOKEN0123456789';
const HEAD = 'e'.repeat(40);
const HEAD_REF = `refs/heads/gh-readonly-queue/main/pr-42-${sha(12)}`;
// GitHub's merge_group payload (docs: webhook-events-and-payloads#merge_group), trimmed to its fields.
const mergeGroup = {
  name: 'merge_group',
  payload: {
    action: 'checks_requested',
    merge_group: {
      head_sha: HEAD,
      head_ref: HEAD_REF,
      base_sha: sha(12),
      base_ref: 'refs/heads/main',
      head_commit: { id: HEAD, tree_id: 'f'.repeat(40), message: 'Merge pull request #42 from owner/feature', timestamp: '2024-03-01T10:00:00Z', author: { name: 'Ada', email: 'ada@example.com' }, committer: { name: 'GitHub', email: 'noreply@github.com' } },
    },
    repository: { full_name: 'owner/repo' },
    sender: { login: 'ada' },
  },
};

let sb: GitSandbox;
let remote: string;
let api: GitHubApiServer;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-queue-');
  remote = await sb.bareRemote('site');
  await publishWarmHistory(sb, remote, 12, new Random(31));
  api = await GitHubApiServer.start();
});
afterEach(async () => {
  await api.close();
  await sb.dispose();
});

const env = () => ({ ...sb.env, GITHUB_SHA: HEAD, GITHUB_REF: HEAD_REF, GITHUB_API_URL: api.url, GITHUB_RUN_ID: '51' });
const inputs = (extra: Record<string, string> = {}) => ({ records: 'warm.json', repository: remote, 'github-token': TOKEN, artifact: 'false', 'comment-always': 'true', ...extra });

describe('a merge_group run', () => {
  it('compares with the trend of the branch it merges into, fails the queue with fail-on-regression, and publishes and comments nothing', async () => {
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(6), 1.5));

    const run = await runAction({ cwd: sb.root, inputs: inputs({ 'fail-on-regression': 'true' }), event: mergeGroup, env: env() });
    await run.dispose();

    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/::error::2 cases regressed \(fail-on-regression is on\): warm \/ attach, warm \/ total/);
    expect(run.outputs['regressions']).toBe('2');
    expect(JSON.parse(run.outputs['regressions-json'] ?? '[]')).toMatchObject([{ case: 'warm / attach', new: true }, { case: 'warm / total', new: true }]);
    expect(run.summary).toContain('Against the main trend');
    expect(run.summary).toContain('warm / attach');
    expect(run.stdout).toContain("A merge_group run publishes nothing: eeeeeee is the merge queue's commit, not yet on main");
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
    expect(run.outputs['published-commit']).toBeUndefined();
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('passes the queue when the group is no worse', async () => {
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(6), 1));

    const run = await runAction({ cwd: sb.root, inputs: inputs({ 'fail-on-regression': 'true' }), event: mergeGroup, env: env() });
    await run.dispose();

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['regressions']).toBe('0');
    expect(run.summary).toContain('Against the main trend');
  });

  it('in mode merge, compares the collected points the same way', async () => {
    const service = await startResultsService();
    try {
      const before = await sb.revParse(remote, 'refs/heads/gh-pages');
      await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(6), 1.5));
      const leg = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', mode: 'collect', repository: remote }, event: mergeGroup, env: { ...env(), ...artifactEnv(service, 'run-51', 'job-leg'), GITHUB_JOB: 'bench' } });
      await leg.dispose();
      expect(leg.code, leg.stdout).toBe(0);

      const merged = await runAction({
        cwd: sb.root,
        inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN, 'fail-on-regression': 'true' },
        event: mergeGroup,
        env: { ...env(), ...artifactEnv(service, 'run-51', 'job-merge'), GITHUB_JOB: 'publish' },
      });
      await merged.dispose();

      expect(merged.code, merged.stdout).toBe(1);
      expect(merged.outputs['regressions']).toBe('2');
      expect(merged.summary).toContain('Against the main trend');
      expect(merged.stdout).toContain('A merge_group run publishes nothing');
      expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
      expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
