/**
 * The bundled action (`node dist/index.js`, as the runner runs it) in the situations beyond a
 * plain push: a matrix that collects and merges through the artifact service, a fork whose token
 * may not push, and a comparison of two arms benched in the same job, on a push and on a pull
 * request. Real git remotes, real HTTP to local stand-ins for the artifact service and the API.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/core/trend/types.js';
import { FIXTURES } from '../helpers/paths.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { publishedSegments } from './helpers/published.js';
import { gitSandbox, startGitServer, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

const SHA = '1234567890abcdef1234567890abcdef12345678';
const push = { name: 'push', payload: { head_commit: { id: SHA, message: 'Speed up attach', timestamp: '2024-05-01T10:00:00Z', author: { name: 'Ada' } } } };

let sb: GitSandbox;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-modes-');
});
afterEach(() => sb.dispose());

const record = (shape: string, attach: number) =>
  JSON.stringify({ shape, runs: [0.98, 1, 1.02].map((f) => ({ total_seconds: (0.2 + attach) * f, stages: { 'host-prep': 0.2 * f, attach: attach * f } })) });

async function manifestOf(remote: string): Promise<Manifest> {
  return JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], remote)) as Manifest;
}

describe('a matrix: mode collect in each leg, mode merge in a final job', () => {
  let service: ResultsService;
  beforeEach(async () => {
    service = await startResultsService();
  });
  afterEach(() => service.close());

  it('publishes every leg’s points in one gh-pages commit', async () => {
    const remote = await sb.bareRemote('site');
    for (const [leg, attach] of [['linux', 1.5], ['macos', 1.9]] as const) {
      await writeFile(join(sb.root, `${leg}.json`), record(`warm-${leg}`, attach));
      const run = await runAction({
        cwd: sb.root,
        inputs: { records: `${leg}.json`, mode: 'collect', repository: remote, note: `on-${leg}` },
        event: push,
        env: { ...sb.env, ...artifactEnv(service, 'run-7', `job-${leg}`), GITHUB_SHA: SHA, GITHUB_RUN_ID: '7', GITHUB_JOB: 'bench' },
      });
      await run.dispose();
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs['artifact-name']).toMatch(/^benchtrend-collect-/);
      expect(run.outputs['published-commit']).toBeUndefined();
    }
    // Collecting publishes nothing.
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();

    const merged = await runAction({
      cwd: sb.root,
      inputs: { mode: 'merge', repository: remote, note: 'merge-job' },
      event: push,
      env: { ...sb.env, ...artifactEnv(service, 'run-7', 'job-merge'), GITHUB_SHA: SHA, GITHUB_RUN_ID: '7', GITHUB_JOB: 'publish' },
    });
    await merged.dispose();
    expect(merged.code, merged.stdout).toBe(0);
    // Unpacking the legs' artifacts printed Node's DEP0005 (Buffer() is deprecated) into the job's log.
    expect(merged.stderr).not.toMatch(/DeprecationWarning|DEP0005/);
    expect(merged.outputs['merged-artifacts']).toBe('2');
    const tip = await sb.revParse(remote, 'refs/heads/gh-pages');
    expect(merged.outputs['published-commit']).toBe(tip);
    expect((await sb.git(['rev-list', '--count', 'gh-pages'], remote)).trim()).toBe('1');
    const manifest = await manifestOf(remote);
    expect(manifest.cases.map((c) => c.case).sort()).toEqual([
      'warm-linux / attach', 'warm-linux / host-prep', 'warm-linux / total',
      'warm-macos / attach', 'warm-macos / host-prep', 'warm-macos / total',
    ]);
    expect(merged.summary).toContain('2 collected artifacts, 6 points in 1 suite.');
    // Each leg's note rides on its own points, once; the merge job adds none of its own.
    const segment = (await publishedSegments(sb.git, remote))[0]!;
    expect(segment.points).toHaveLength(6);
    for (const p of segment.points) expect(p.extra).toBe(p.case.startsWith('warm-linux') ? 'on-linux' : 'on-macos');
  });

  it('with auto-push: false, the merge compares the legs’ points with the trend and publishes nothing', async () => {
    const remote = await sb.bareRemote('site');
    await writeFile(join(sb.root, 'linux.json'), record('warm-linux', 1.5));
    const leg = await runAction({
      cwd: sb.root,
      inputs: { records: 'linux.json', mode: 'collect', repository: remote },
      event: push,
      env: { ...sb.env, ...artifactEnv(service, 'run-8', 'job-linux'), GITHUB_SHA: SHA, GITHUB_RUN_ID: '8', GITHUB_JOB: 'bench' },
    });
    await leg.dispose();
    expect(leg.code, leg.stdout).toBe(0);
    const merged = await runAction({
      cwd: sb.root,
      inputs: { mode: 'merge', repository: remote, 'auto-push': 'false' },
      event: push,
      env: { ...sb.env, ...artifactEnv(service, 'run-8', 'job-merge'), GITHUB_SHA: SHA, GITHUB_RUN_ID: '8', GITHUB_JOB: 'publish' },
    });
    await merged.dispose();
    expect(merged.code, merged.stdout).toBe(0);
    expect(merged.outputs['merged-artifacts']).toBe('1');
    expect(merged.outputs['published-commit']).toBeUndefined();
    expect(merged.summary).toContain('Against the published trend');
    expect(merged.stdout).toContain('auto-push is false: nothing was published');
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  });
});

describe('a fork: a token that may read but not push', () => {
  it('warns that nothing was published, keeps the token out of every line, and exits 0', async () => {
    const READ_ONLY = 'ghs_forkTOKEN0123456789abcdef';
    // The run's own repository (GITHUB_REPOSITORY owner/repo) on the run's server: another one's
    // refusal says the job's token cannot push there at all.
    await mkdir(join(sb.root, 'served', 'owner'), { recursive: true });
    await sb.git(['init', '--quiet', '--bare', join(sb.root, 'served', 'owner', 'repo.git')]);
    const server = await startGitServer({ root: join(sb.root, 'served'), env: sb.env, tokens: { [READ_ONLY]: 'read' } });
    try {
      await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
      const run = await runAction({
        cwd: sb.root,
        inputs: { records: 'warm.json', 'github-token': READ_ONLY, artifact: 'false' },
        event: push,
        env: { ...sb.env, GITHUB_SHA: SHA, GITHUB_SERVER_URL: server.origin },
      });
      await run.dispose();
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^::warning::Nothing was published: .*fork gets a read-only token/m);
      expect(run.outputs['published-commit']).toBeUndefined();
      expect(run.outputs['case-count']).toBe('3');
      expect(await sb.revParse(join(sb.root, 'served', 'owner', 'repo.git'), 'refs/heads/gh-pages')).toBeUndefined();
      // The token reached git as a header, and nowhere else: not a URL, not a log line.
      expect(server.requests.filter((r) => r.status === 403).map((r) => r.url)).toEqual([expect.stringMatching(/git-receive-pack/)]);
      expect(server.requests.every((r) => !r.url.includes(READ_ONLY))).toBe(true);
      const lines = `${run.stdout}\n${run.stderr}`.split('\n').filter((l) => l.includes(READ_ONLY));
      expect(lines).toEqual([`::add-mask::${READ_ONLY}`]);
    } finally {
      await server.close();
    }
  });
});

describe('two arms benched in the same job (compare-baseline)', () => {
  beforeEach(async () => {
    await copyFile(join(FIXTURES, 'ab/baseline.json'), join(sb.root, 'baseline.json'));
    await copyFile(join(FIXTURES, 'ab/candidate.json'), join(sb.root, 'candidate.json'));
  });

  it('with compare-unpaired, compares all pairwise differences as benchtrend compare --unpaired does', async () => {
    const inputs = { records: 'candidate.json', 'compare-baseline': 'baseline.json', artifact: 'false' };
    const paired = await runAction({ cwd: sb.root, inputs, event: { name: 'release', payload: {} }, env: sb.env });
    await paired.dispose();
    const unpaired = await runAction({ cwd: sb.root, inputs: { ...inputs, 'compare-unpaired': 'true' }, event: { name: 'release', payload: {} }, env: sb.env });
    await unpaired.dispose();
    expect(unpaired.code, unpaired.stdout).toBe(0);
    const methods = (run: typeof paired) => [...new Set((JSON.parse(run.outputs['compare-json']!) as { method: string | null }[]).map((c) => c.method))];
    expect(methods(paired)).toContain('paired');
    expect(methods(unpaired)).not.toContain('paired');
    const cli = await runCli(['compare', '--baseline', 'baseline.json', '--candidate', 'candidate.json', '--unpaired', '--json'], sb.root, sb.env);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(unpaired.outputs['compare-json']!)).toEqual(JSON.parse(cli.stdout));
    expect(unpaired.summary).toContain('unpaired runs');
  });

  it('refuses a control case that names no case of the comparison in one line, not a warning and then the refusal', async () => {
    const run = await runAction({ cwd: sb.root, inputs: { records: 'candidate.json', 'compare-baseline': 'baseline.json', artifact: 'false', 'control-cases': 'nope' }, event: { name: 'release', payload: {} }, env: sb.env });
    await run.dispose();
    expect(run.code).not.toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.includes('"nope"'))).toEqual(['::error::control-cases: "nope" names no case of the comparison']);
  });

  it('refuses a compare-unpaired that is not true or false, naming the input', async () => {
    const run = await runAction({ cwd: sb.root, inputs: { records: 'candidate.json', 'compare-baseline': 'baseline.json', artifact: 'false', 'compare-unpaired': 'yes' }, event: { name: 'release', payload: {} }, env: sb.env });
    await run.dispose();
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(/::error::compare-unpaired: /);
  });

  it('on a push, reports the comparison in the summary and compare-json, and publishes the candidate', async () => {
    const remote = await sb.bareRemote('site');
    const run = await runAction({
      cwd: sb.root,
      inputs: { records: 'candidate.json', 'compare-baseline': 'baseline.json', repository: remote, artifact: 'false' },
      event: push,
      env: { ...sb.env, GITHUB_SHA: SHA },
    });
    await run.dispose();
    expect(run.code, run.stdout).toBe(0);
    const compare = JSON.parse(run.outputs['compare-json']!) as { case: string; verdict: string; change: number }[];
    const create = compare.find((c) => c.case === 'first-session / create')!;
    expect(create.verdict).toBe('improved');
    expect(create.change).toBeCloseTo(-0.2948, 4);
    expect(run.summary).toContain('1096.1 ms');
    expect(run.summary).toContain('772.95 ms');
    expect(run.summary).toContain('-29.48%');
    const manifest = await manifestOf(remote);
    expect(manifest.cases.map((c) => c.case)).toContain('first-session / create');
  });

  it('judges a case the way direction-overrides says, as the trend does', async () => {
    const mem = (v: number) => JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ name: 'free', unit: 'Megabytes', value: v + (i % 3) })));
    await writeFile(join(sb.root, 'mem-base.json'), mem(100));
    await writeFile(join(sb.root, 'mem-cand.json'), mem(120));
    const run = await runAction({
      cwd: sb.root,
      inputs: { records: 'mem-cand.json', 'compare-baseline': 'mem-base.json', format: 'customBiggerIsBetter', 'direction-overrides': 'customBiggerIsBetter / free: bigger' },
      event: { name: 'release', payload: {} },
      env: sb.env,
    });
    await run.dispose();
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.outputs['compare-json']!)[0]).toMatchObject({ direction: 'bigger', verdict: 'improved' });
    expect(run.summary).toContain('| **improved** |');
  });

  it('on a pull request, puts the comparison in the one PR comment and publishes nothing', async () => {
    const remote = await sb.bareRemote('site');
    const api = await GitHubApiServer.start();
    try {
      const run = await runAction({
        cwd: sb.root,
        inputs: { records: 'candidate.json', 'compare-baseline': 'baseline.json', repository: remote, 'github-token': 'ghs_pr0123456789', artifact: 'false' },
        event: { name: 'pull_request', payload: { pull_request: { number: 4, head: { sha: 'c'.repeat(40) }, base: { ref: 'main' } } } },
        env: { ...sb.env, GITHUB_SHA: 'd'.repeat(40), GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo' },
      });
      await run.dispose();
      expect(run.code, run.stdout).toBe(0);
      const comments = api.issueComments.get(4) ?? [];
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain('-29.48%');
      expect(comments[0]!.body).toMatch(/improved/);
      expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
    } finally {
      await api.close();
    }
  });
});

it('reads the Orca A/B file for the comparison only, never as trend points', async () => {
  await copyFile(join(FIXTURES, 'orca/startup-ab.json'), join(sb.root, 'startup-ab.json'));
  const remote = await sb.bareRemote('site');
  const run = await runAction({ cwd: sb.root, inputs: { records: 'startup-ab.json', repository: remote, artifact: 'false' }, event: push, env: { ...sb.env, GITHUB_SHA: SHA } });
  await run.dispose();
  expect(run.code, run.stdout).toBe(0);
  expect(run.outputs['case-count']).toBe('0');
  expect(run.stdout).toMatch(/::warning::startup-ab\.json: holds both arms of an A\/B comparison/);
  const compare = JSON.parse(run.outputs['compare-json']!) as { case: string; verdict: string }[];
  expect(compare.length).toBe(16);
  expect(JSON.parse(await readFile(join(FIXTURES, 'orca/startup-ab.json'), 'utf8'))).toHaveProperty('controlPhases');
});

it('says so when a pull request gets no comment because github-token is empty', async () => {
  const remote = await sb.bareRemote('site');
  await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
  const run = await runAction({
    cwd: sb.root,
    inputs: { records: 'warm.json', repository: remote, 'github-token': '', artifact: 'false' },
    event: { name: 'pull_request', payload: { pull_request: { number: 3, head: { sha: 'c'.repeat(40) }, base: { ref: 'main' } } } },
    env: { ...sb.env, GITHUB_SHA: 'd'.repeat(40), GITHUB_REPOSITORY: 'owner/repo' },
  });
  await run.dispose();
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toContain('::warning::No pull-request comment was written: github-token is empty');
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
});

describe('auto-push: false (github-action-benchmark’s input of the same name)', () => {
  it('on a push, compares with the trend in the summary, comments nowhere and publishes nothing', async () => {
    const remote = await sb.bareRemote('site');
    await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
    const first = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false' }, event: push, env: { ...sb.env, GITHUB_SHA: SHA } });
    await first.dispose();
    expect(first.code, first.stdout).toBe(0);
    const tip = await sb.revParse(remote, 'refs/heads/gh-pages');
    expect(first.outputs['published-commit']).toBe(tip);

    const api = await GitHubApiServer.start();
    try {
      const other = 'e'.repeat(40);
      await writeFile(join(sb.root, 'warm.json'), record('warm', 2.1));
      const run = await runAction({
        cwd: sb.root,
        inputs: { records: 'warm.json', repository: remote, artifact: 'false', 'auto-push': 'false', 'github-token': 'ghs_autopush0123456789', 'comment-always': 'true' },
        event: { name: 'push', payload: { head_commit: { id: other, message: 'On a feature branch', timestamp: '2024-05-02T10:00:00Z', author: { name: 'Ada' } } } },
        env: { ...sb.env, GITHUB_SHA: other, GITHUB_REF: 'refs/heads/feature', GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo' },
      });
      await run.dispose();
      expect(run.code, run.stdout).toBe(0);
      expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);
      expect(run.outputs['published-commit']).toBeUndefined();
      expect(run.stdout).toContain('auto-push is false: nothing was published, and the points were compared with the trend');
      expect(run.summary).toContain('Against the published trend');
      // It said "Comparing with the base branch trend" of a push that has no base branch.
      expect(run.stdout).toContain('::group::Comparing with the published trend\n');
      expect(run.summary).toContain('warm / attach');
      expect(run.outputs['case-count']).toBe('3');
      expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('refuses a value that is not true or false, and writes nothing', async () => {
    const remote = await sb.bareRemote('site');
    await writeFile(join(sb.root, 'warm.json'), record('warm', 1.5));
    const run = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false', 'auto-push': 'no' }, event: push, env: { ...sb.env, GITHUB_SHA: SHA } });
    await run.dispose();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('auto-push: "no" is not a boolean; use true or false');
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  });
});

describe('a pull request whose case the trend stores in another unit', () => {
  it('is judged in the stored unit, as a publish would write it, not as a thousandfold regression', async () => {
    const remote = await sb.bareRemote('site');
    const custom = (unit: string, values: number[]) => JSON.stringify(values.map((value) => ({ name: 'parse', unit, value })));
    // Eight earlier commits are the fewest a verdict is given on.
    for (let i = 0; i < 9; i++) {
      await writeFile(join(sb.root, 'main.json'), custom('ms', [100 + (i % 3) / 10, 100.1, 99.9]));
      const sha = String(i + 1).repeat(40);
      const run = await runCli(['publish', 'main.json', '--repo', remote, '--commit', sha], sb.root, sb.env);
      expect(run.code, run.stderr).toBe(0);
    }
    await writeFile(join(sb.root, 'pr.json'), custom('us', [100_000, 100_100, 99_900]));
    const run = await runAction({
      cwd: sb.root,
      inputs: { records: 'pr.json', repository: remote, artifact: 'false' },
      event: { name: 'pull_request', payload: { pull_request: { number: 4, head: { sha: 'c'.repeat(40) }, base: { ref: 'main' } } } },
      env: { ...sb.env, GITHUB_SHA: 'd'.repeat(40) },
    });
    await run.dispose();
    expect(run.code, run.stdout).toBe(0);
    const row = run.summary.split('\n').find((l) => l.startsWith('| customSmallerIsBetter / parse |'));
    expect(row).toMatch(/^\| customSmallerIsBetter \/ parse \| ok \| 100 ms .*\| 100(\.\d+)? ms /);
    expect(run.outputs['regressions']).toBe('0');
  });
});
