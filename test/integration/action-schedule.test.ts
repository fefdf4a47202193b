/**
 * A nightly `schedule` on a branch nobody pushed to benches the same commit every night. The trend
 * keeps one point per case per commit, so the night's points replace the last night's; the log and
 * the job summary say so, naming the run replaced, rather than letting a point vanish unsaid.
 * Real bare remote, the bundled action, the local REST stand-in.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction, runCli } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

const MAIN = '1234567890abcdef1234567890abcdef12345678';
const nightly = { name: 'schedule', payload: { schedule: '0 3 * * *' } };
const record = (attach: number) => JSON.stringify({ shape: 'warm', runs: [0.98, 1, 1.02].map((f) => ({ total_seconds: (0.2 + attach) * f, stages: { 'host-prep': 0.2 * f, attach: attach * f } })) });

let sb: GitSandbox;
let remote: string;
let api: GitHubApiServer;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-schedule-');
  remote = await sb.bareRemote('site');
  api = await GitHubApiServer.start();
});
afterEach(async () => {
  await api.close();
  await sb.dispose();
});

const night = async (runId: string, attach: number, suite?: string) => {
  await writeFile(join(sb.root, 'warm.json'), record(attach));
  const run = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false', ...(suite !== undefined ? { suite } : {}) }, event: nightly, env: { ...sb.env, GITHUB_SHA: MAIN, GITHUB_RUN_ID: runId, GITHUB_API_URL: api.url } });
  await run.dispose();
  return run;
};

describe('a nightly schedule on an unchanged commit', () => {
  it('says in the log and the summary that it replaced the last night’s points of that commit', async () => {
    const first = await night('101', 1.5);
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).not.toContain('this run replaced');

    const second = await night('102', 1.6);

    expect(second.code, second.stdout).toBe(0);
    const said = 'default at 1234567: this run replaced the points of shape "warm" that https://github.com/owner/repo/actions/runs/101 published for this commit at';
    expect(second.stdout).toContain(said);
    expect(second.stdout).toContain('the trend keeps one point per case per commit');
    expect(second.summary.replace(/\\(.)/g, '$1')).toContain(said);
    const history = JSON.parse((await runCli(['history', '--repo', remote, '--format', 'json'], sb.root, sb.env)).stdout) as { case: string; value: number }[];
    expect(history.filter((p) => p.case === 'warm / attach').map((p) => p.value)).toEqual([1.6]);
  });

  it('names the last night’s run however many other suites published after it', async () => {
    // Six suites each publish one entry a night: the suite's own entry of last night is six back.
    const suites = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const suite of suites) expect((await night('101', 1.5, suite)).code).toBe(0);

    const second = await night('102', 1.6, 'a');

    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain('a at 1234567: this run replaced the points of shape "warm" that https://github.com/owner/repo/actions/runs/101 published for this commit at');
  });

  it('does not name last night’s run again when the same run benches the commit a second time', async () => {
    expect((await night('101', 1.5)).code).toBe(0);
    const first = await night('102', 1.6);
    expect(first.stdout).toContain('that https://github.com/owner/repo/actions/runs/101 published');

    // A second step of run 102 replaces run 102's points: run 101's were gone already.
    const second = await night('102', 1.7);

    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).not.toContain('actions/runs/101 published');
  });
});
