/**
 * mode: merge follows the same rule of events as mode: publish. A pull request's collected points
 * are compared with the base branch trend in the pull request's one comment per suite and never
 * published; an event that does not publish (a release) publishes nothing either. Real git remote,
 * real HTTP to local stand-ins for the artifact service and the REST API, the bundled action.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

const BASE = '1234567890abcdef1234567890abcdef12345678';
const HEAD = 'c'.repeat(40);
const MERGE_REF = 'd'.repeat(40);
const TOKEN = 'ghs_mergeTOKEN0123456789';
const pullRequest = { name: 'pull_request', payload: { pull_request: { number: 12, head: { sha: HEAD }, base: { ref: 'main' } } } };

const record = (shape: string, attach: number) =>
  JSON.stringify({ shape, runs: [0.98, 1, 1.02].map((f) => ({ total_seconds: (0.2 + attach) * f, stages: { 'host-prep': 0.2 * f, attach: attach * f } })) });

let sb: GitSandbox;
let service: ResultsService;
let api: GitHubApiServer;
let remote: string;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-merge-events-');
  service = await startResultsService();
  api = await GitHubApiServer.start();
  remote = await sb.bareRemote('site');
  // The base branch's trend: one point per case, published on a push.
  await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
  const base = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false' }, event: { name: 'push', payload: {} }, env: { ...sb.env, GITHUB_SHA: BASE } });
  await base.dispose();
  expect(base.code, base.stdout).toBe(0);
});
afterEach(async () => {
  await api.close();
  await service.close();
  await sb.dispose();
});

/** A collect leg and then the merge job of one workflow run triggered by `event`. */
async function collectThenMerge(event: { name: string; payload: unknown }) {
  const env = { ...sb.env, GITHUB_SHA: MERGE_REF, GITHUB_RUN_ID: '31', GITHUB_API_URL: api.url };
  const leg = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', mode: 'collect', repository: remote }, event, env: { ...env, ...artifactEnv(service, 'run-31', 'job-leg'), GITHUB_JOB: 'bench' } });
  await leg.dispose();
  expect(leg.code, leg.stdout).toBe(0);
  const merged = await runAction({
    cwd: sb.root,
    inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
    event,
    env: { ...env, ...artifactEnv(service, 'run-31', 'job-merge'), GITHUB_JOB: 'publish' },
  });
  await merged.dispose();
  return merged;
}

describe('mode merge', () => {
  it('on a pull request compares with the base trend in the one PR comment and publishes nothing', async () => {
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');

    const merged = await collectThenMerge(pullRequest);

    expect(merged.code, merged.stdout).toBe(0);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
    expect(merged.outputs['published-commit']).toBeUndefined();
    expect(merged.outputs['merged-artifacts']).toBe('1');
    expect(merged.outputs['regressions']).toBe('0');
    expect(merged.stdout).toContain('Pull requests never publish');
    const comments = api.issueComments.get(12) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('warm / attach');
    expect(comments[0]!.body).toContain(HEAD.slice(0, 7));
    expect(api.commitComments.size).toBe(0);
    expect(merged.summary).toContain('warm / attach');
  });

  it('on an event that does not publish, publishes nothing and says so', async () => {
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');

    const merged = await collectThenMerge({ name: 'release', payload: {} });

    expect(merged.code, merged.stdout).toBe(0);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
    expect(merged.outputs['published-commit']).toBeUndefined();
    expect(merged.stdout).toContain('A release event does not publish; push, workflow_dispatch and schedule do');
    // The collect leg looked up its commit; nobody wrote a comment.
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
