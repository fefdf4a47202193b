/**
 * The bundled action on the events of real workflows, with the payloads GitHub sends: which runs
 * publish, and what a run that must not publish says in the log. Real git remote, the bundled
 * action, local stand-ins for the artifact service.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction, runCli } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, startResultsService } from './helpers/results-service.js';

const MAIN = '1234567890abcdef1234567890abcdef12345678';
const pushToMain = { name: 'push', payload: { ref: 'refs/heads/main', after: MAIN, head_commit: { id: MAIN, message: 'Speed up attach', timestamp: '2024-05-01T10:00:00Z', author: { name: 'Ada' } } } };
// Deleting a branch runs `on: push` workflows with GITHUB_SHA at the default branch's tip.
const deleteFeature = { name: 'push', payload: { ref: 'refs/heads/feature', deleted: true, created: false, before: 'f'.repeat(40), after: '0'.repeat(40), head_commit: null, commits: [] } };

const record = (shape: string, attach: number) =>
  JSON.stringify({ shape, runs: [0.98, 1, 1.02].map((f) => ({ total_seconds: (0.2 + attach) * f, stages: { 'host-prep': 0.2 * f, attach: attach * f } })) });

let sb: GitSandbox;
let remote: string;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-events-');
  remote = await sb.bareRemote('site');
  await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
  const first = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false' }, event: pushToMain, env: { ...sb.env, GITHUB_SHA: MAIN } });
  await first.dispose();
  expect(first.code, first.stdout).toBe(0);
});
afterEach(() => sb.dispose());

describe('a push that deleted a branch', () => {
  it('publishes nothing over the default branch’s commit, and says why in one line', async () => {
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    await writeFile(join(sb.root, 'warm.json'), record('warm', 2.5));

    const run = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false' }, event: deleteFeature, env: { ...sb.env, GITHUB_SHA: MAIN, GITHUB_REF: 'refs/heads/feature' } });
    await run.dispose();

    expect(run.code, run.stdout).toBe(0);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
    expect(run.outputs['published-commit']).toBeUndefined();
    expect(run.stdout).toContain("A push that deleted refs/heads/feature does not publish: its run is at the default branch's tip, a commit that was not pushed");
  });

  it('in mode merge, publishes none of the collected points either', async () => {
    const service = await startResultsService();
    try {
      const before = await sb.revParse(remote, 'refs/heads/gh-pages');
      const env = { ...sb.env, GITHUB_SHA: MAIN, GITHUB_REF: 'refs/heads/feature', GITHUB_RUN_ID: '9' };
      const leg = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', mode: 'collect', repository: remote }, event: deleteFeature, env: { ...env, ...artifactEnv(service, 'run-9', 'job-leg'), GITHUB_JOB: 'bench' } });
      await leg.dispose();
      expect(leg.code, leg.stdout).toBe(0);

      const merged = await runAction({ cwd: sb.root, inputs: { mode: 'merge', repository: remote }, event: deleteFeature, env: { ...env, ...artifactEnv(service, 'run-9', 'job-merge'), GITHUB_JOB: 'publish' } });
      await merged.dispose();

      expect(merged.code, merged.stdout).toBe(0);
      expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
      expect(merged.stdout).toContain('A push that deleted refs/heads/feature does not publish');
    } finally {
      await service.close();
    }
  });
});

describe('a re-run of a commit after newer ones published, with comment-always', () => {
  it('writes no comment, and the log says why in one line', async () => {
    const api = await GitHubApiServer.start();
    try {
      const NEWER = 'abcdef1234567890abcdef1234567890abcdef12';
      const inputs = { records: 'warm.json', repository: remote, artifact: 'false', 'github-token': 'ghs_eventsTOKEN0123456789', 'comment-always': 'true' };
      const env = { ...sb.env, GITHUB_API_URL: api.url };
      const newer = await runAction({ cwd: sb.root, inputs, event: { name: 'push', payload: { ref: 'refs/heads/main', after: NEWER, head_commit: { id: NEWER, message: 'Newer', timestamp: '2024-05-02T10:00:00Z', author: { name: 'Ada' } } } }, env: { ...env, GITHUB_SHA: NEWER } });
      await newer.dispose();
      expect(newer.code, newer.stdout).toBe(0);
      expect(api.commitComments.get(NEWER)).toHaveLength(1);

      const rerun = await runAction({ cwd: sb.root, inputs, event: pushToMain, env: { ...env, GITHUB_SHA: MAIN, GITHUB_RUN_ATTEMPT: '2' } });
      await rerun.dispose();

      expect(rerun.code, rerun.stdout).toBe(0);
      expect(rerun.outputs['published-commit']).toBeDefined();
      expect(api.commitComments.get(MAIN)).toBeUndefined();
      expect(rerun.stdout).toContain('No comment on 1234567: it was benched again after newer commits, so this run judged nothing');
    } finally {
      await api.close();
    }
  });
});

describe('a matrix of two jobs that publish the same shape of one suite', () => {
  const leg = (attach: number, env: Record<string, string>) =>
    writeFile(join(sb.root, 'warm.json'), record('warm', attach)).then(() =>
      runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false' }, event: pushToMain, env: { ...sb.env, GITHUB_SHA: MAIN, GITHUB_RUN_ID: '1', ...env } }),
    );

  it('warns in the second job that it replaced the first job’s points, naming the cure', async () => {
    // beforeEach's run is the first leg of run 1; the second leg of the same attempt follows.
    const second = await leg(2.5, { GITHUB_JOB: 'bench' });
    await second.dispose();

    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain('::warning::suite "default" at 1234567: another job of this workflow run published shape "warm" for this commit before (segment 0)');
    expect(second.stdout).toContain('give each job its own shape or suite');
  });

  it('says nothing of a re-run, the next attempt, which replaces its points as it should', async () => {
    const rerun = await leg(2.5, { GITHUB_RUN_ATTEMPT: '2' });
    await rerun.dispose();

    expect(rerun.code, rerun.stdout).toBe(0);
    expect(rerun.stdout).not.toContain('::warning::');
    const history = await runCli(['history', '--repo', remote, '--format', 'json'], sb.root, sb.env);
    const points = JSON.parse(history.stdout) as { value: number; case: string; runUrl: string }[];
    expect(points.find((p) => p.case === 'warm / attach')).toMatchObject({ value: 2.5, runUrl: 'https://github.com/owner/repo/actions/runs/1/attempts/2' });
  });
});

describe('a workflow_run in the default mode publish', () => {
  it('publishes nothing and names mode: merge, which the event needs', async () => {
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const event = { name: 'workflow_run', payload: { action: 'completed', workflow_run: { id: 77, event: 'pull_request', head_sha: 'c'.repeat(40), conclusion: 'success' } } };

    const run = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false' }, event, env: { ...sb.env, GITHUB_SHA: MAIN } });
    await run.dispose();

    expect(run.code, run.stdout).toBe(0);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
    expect(run.stdout).toContain("A workflow_run event does not publish in mode publish; give it mode: merge, which publishes the triggering run's collected points");
  });
});

describe('pull_request_target', () => {
  it('warns when the checkout is the base branch’s tip, not the pull request’s head', async () => {
    const ws = join(sb.root, 'ws');
    await sb.git(['init', '--quiet', '--initial-branch=main', ws]);
    await writeFile(join(ws, 'warm.json'), record('warm', 1.5));
    await sb.git(['add', 'warm.json'], ws);
    await sb.git(['commit', '--quiet', '-m', 'base'], ws);
    const base = (await sb.git(['rev-parse', 'HEAD'], ws)).trim();
    const head = 'c'.repeat(40);
    const event = (headSha: string) => ({ name: 'pull_request_target', payload: { action: 'opened', number: 8, pull_request: { number: 8, head: { sha: headSha, ref: 'feat', repo: { full_name: 'fork/repo' } }, base: { ref: 'main', repo: { full_name: 'owner/repo' } } } } });
    const inputs = { records: 'warm.json', repository: remote, artifact: 'false' };

    const onBase = await runAction({ cwd: ws, inputs, event: event(head), env: { ...sb.env, GITHUB_SHA: base } });
    await onBase.dispose();
    expect(onBase.code, onBase.stdout).toBe(0);
    expect(onBase.stdout).toContain(`::warning::pull_request_target: the checkout is at ${base.slice(0, 7)}, the tip of main (GITHUB_SHA), not the pull request's head ccccccc`);

    // The head checked out (the workflow's own choice): nothing to warn of.
    await writeFile(join(ws, 'f'), 'head');
    await sb.git(['add', 'f'], ws);
    await sb.git(['commit', '--quiet', '-m', 'head'], ws);
    const checkedOut = (await sb.git(['rev-parse', 'HEAD'], ws)).trim();
    const onHead = await runAction({ cwd: ws, inputs, event: event(checkedOut), env: { ...sb.env, GITHUB_SHA: base } });
    await onHead.dispose();
    expect(onHead.code, onHead.stdout).toBe(0);
    expect(onHead.stdout).not.toContain('::warning::pull_request_target');
  });
});
