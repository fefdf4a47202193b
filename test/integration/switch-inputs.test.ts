/**
 * A switch from github-action-benchmark with the inputs its workflow had, mapped as
 * docs/migration.md says: the bundled action, over the data.js github-action-benchmark itself
 * wrote (test/fixtures/gab-written), into a real bare remote.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/paths.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { gitSandbox, startGitServer, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
beforeAll(async () => {
  sb = await gitSandbox();
  await copyFile(join(FIXTURES, 'gab-written/cargo-12-data.js'), join(sb.root, 'data.js'));
  // The 13th commit: bench_fib_10 at 400 ns/iter, 2.82 times the 142 of the 12th.
  await writeFile(join(sb.root, 'out.txt'), 'test bench_fib_10 ... bench:         400 ns/iter (+/- 24)\ntest bench_fib_20 ... bench:      18,113 ns/iter (+/- 755)\n');
});
afterAll(() => sb.dispose());

const SHA = '000000000000000000000000000000000000a00d';

/** The switch's first push, with github-action-benchmark's inputs mapped onto ours. */
async function switchWith(remoteName: string, inputs: Record<string, string>) {
  const remote = await sb.bareRemote(remoteName);
  return runAction({
    cwd: sb.root,
    event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: SHA, message: 'c13', timestamp: '2026-01-13T00:00:00Z', author: { name: 'Ada' } } } },
    env: { ...sb.env, GITHUB_SHA: SHA },
    inputs: { records: 'out.txt', format: 'cargo', suite: 'Rust Benchmark', repository: remote, 'import-from': 'data.js', 'comment-on-alert': 'false', artifact: 'false', ...inputs },
  });
}

describe('fail-threshold, as github-action-benchmark took it', () => {
  // github-action-benchmark with alert-threshold 150%, fail-on-alert and fail-threshold 300%
  // alerts on this push and the job passes: 2.82 is under 3.
  it('passes a job whose regression stays under it, saying so, and still reports the regression', async () => {
    const run = await switchWith('under', { 'alert-threshold': '150%', 'fail-on-regression': 'true', 'fail-threshold': '300%' });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs['regressions']).toBe('1');
      expect(run.stdout).toContain('1 case regressed, none beyond fail-threshold 300% of the baseline: the job does not fail');
      expect(run.outputs['published-commit']).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await run.dispose();
    }
  });

  it('fails the job on a regression beyond it, after publishing', async () => {
    const run = await switchWith('beyond', { 'alert-threshold': '150%', 'fail-on-regression': 'true', 'fail-threshold': '200%' });
    try {
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('::error::1 case regressed beyond fail-threshold 200%25 of the baseline (fail-on-regression is on): cargo / bench_fib_10');
      expect(run.outputs['published-commit']).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await run.dispose();
    }
  });

  it('is refused below alert-threshold, as github-action-benchmark refuses it, before anything is written', async () => {
    const run = await switchWith('below', { 'alert-threshold': '150%', 'fail-on-regression': 'true', 'fail-threshold': '120%' });
    try {
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('::error::fail-threshold: "120%25" is below alert-threshold "150%25"; give it at least that, or leave it empty to fail on every regression');
      expect(await sb.revParse(join(sb.root, 'below.git'), 'gh-pages')).toBeUndefined();
    } finally {
      await run.dispose();
    }
  });
});

describe("gh-repository's value as repository", () => {
  // github-action-benchmark took `github.com/acme/benchmarks` (host, owner, name) and pushed to
  // https://github.com/acme/benchmarks.git; its value was refused as neither owner/name nor a URL.
  it('publishes to owner/name on the run\'s server, with the token, when written host/owner/name', async () => {
    await mkdir(join(sb.root, 'served', 'acme'), { recursive: true });
    await sb.git(['init', '--quiet', '--bare', join(sb.root, 'served', 'acme', 'benchmarks.git')]);
    const server = await startGitServer({ root: join(sb.root, 'served'), env: sb.env, tokens: { 'tok-write': 'write' } });
    try {
      const host = new URL(server.origin).host;
      const run = await runAction({
        cwd: sb.root,
        event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: SHA, message: 'c13', timestamp: '2026-01-13T00:00:00Z', author: { name: 'Ada' } } } },
        env: { ...sb.env, GITHUB_SHA: SHA, GITHUB_SERVER_URL: server.origin },
        inputs: { records: 'out.txt', format: 'cargo', repository: `${host}/acme/benchmarks`, 'github-token': 'tok-write', 'comment-on-alert': 'false', artifact: 'false' },
      });
      try {
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.stdout).toContain(`to ${server.origin}/acme/benchmarks.git (gh-pages:dev/bench)`);
      } finally {
        await run.dispose();
      }
      expect(await sb.revParse(join(sb.root, 'served', 'acme', 'benchmarks.git'), 'gh-pages')).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await server.close();
    }
  });

  // github-action-benchmark's step held a personal access token for gh-repository; the job's own
  // token, github-token's default, may push only to the run's repository. The warning told a push
  // to give the job contents: write, which cannot reach another repository.
  it("says, when the token may not push there, that the job's own token never can", async () => {
    await mkdir(join(sb.root, 'served-ro', 'acme'), { recursive: true });
    await sb.git(['init', '--quiet', '--bare', join(sb.root, 'served-ro', 'acme', 'benchmarks.git')]);
    const server = await startGitServer({ root: join(sb.root, 'served-ro'), env: sb.env, tokens: { 'tok-job': 'read' } });
    try {
      const host = new URL(server.origin).host;
      const run = await runAction({
        cwd: sb.root,
        event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: SHA, message: 'c13', timestamp: '2026-01-13T00:00:00Z', author: { name: 'Ada' } } } },
        env: { ...sb.env, GITHUB_SHA: SHA, GITHUB_SERVER_URL: server.origin },
        inputs: { records: 'out.txt', format: 'cargo', repository: `${host}/acme/benchmarks`, 'github-token': 'tok-job', 'comment-on-alert': 'false', artifact: 'false' },
      });
      try {
        const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::Nothing was published'));
        expect(warnings, run.stdout).toHaveLength(1);
        expect(warnings[0]).toContain(
          `The job's own token (github-token's default) may push only to its own repository, whatever the workflow's permissions: give github-token a token that may push to ${server.origin}/acme/benchmarks (a personal access token or a GitHub App's, with contents: write).`,
        );
        expect(warnings[0]).not.toContain('contents: write to publish');
      } finally {
        await run.dispose();
      }
      expect(await sb.revParse(join(sb.root, 'served-ro', 'acme', 'benchmarks.git'), 'gh-pages')).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('is refused on another host than the run\'s server, the token going to that server only', async () => {
    const run = await switchWith('unused', { repository: 'gitlab.example.com/acme/benchmarks', 'github-token': 'tok' });
    try {
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('::error::repository: "gitlab.example.com/acme/benchmarks" is on gitlab.example.com, not on this run\'s server github.com; give its git URL, https://gitlab.example.com/acme/benchmarks.git');
    } finally {
      await run.dispose();
    }
  });
});

describe("github-action-benchmark's default name", () => {
  // Its name defaulted to "Benchmark", benchtrend's suite to "default": a workflow that set
  // neither imported its history and started a second one beside it, without a word.
  it('is named in a warning when the run publishes under none of the imported suites', async () => {
    const data = (await readFile(join(FIXTURES, 'gab-written/cargo-12-data.js'), 'utf8')).replace('"Rust Benchmark": [', '"Benchmark": [');
    await writeFile(join(sb.root, 'unnamed.js'), data);
    const unnamed = await switchWith('unnamed', { suite: '', 'import-from': 'unnamed.js' });
    try {
      expect(unnamed.code, unnamed.stdout + unnamed.stderr).toBe(0);
      expect(unnamed.stdout).toContain(
        '::warning::suite "default" is none of the suites imported from unnamed.js ("Benchmark"): its points start a history of their own beside them; to continue one, publish under its name (github-action-benchmark\'s name input, "Benchmark" when it was not set)',
      );
    } finally {
      await unnamed.dispose();
    }
    const named = await switchWith('named', { suite: 'Benchmark', 'import-from': 'unnamed.js' });
    try {
      expect(named.code, named.stdout + named.stderr).toBe(0);
      expect(named.stdout).not.toContain('is none of the suites imported');
    } finally {
      await named.dispose();
    }
  });
});

describe('a history kept with external-data-json-path', () => {
  // That input kept the history in a JSON file (restored from a cache), not in data.js on a branch.
  it('is imported from that file by import-from, every point of it, and continued', async () => {
    await copyFile(join(FIXTURES, 'gab-written/external-5.json'), join(sb.root, 'benchmark-data.json'));
    const remote = await sb.bareRemote('external');
    const run = await switchWith('external-unused', { repository: remote, 'import-from': 'benchmark-data.json' });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
    } finally {
      await run.dispose();
    }
    const history = await runCli(['history', '--repo', remote, '--suite', 'Rust Benchmark'], sb.root, sb.env);
    const rows = JSON.parse(history.stdout) as { case: string; value: number }[];
    expect(rows.filter((r) => r.case === 'cargo / bench_fib_10').map((r) => r.value)).toEqual([131, 132, 133, 134, 135, 400]);
  });
});

describe('ref, as github-action-benchmark took it', () => {
  // A dispatch that checked out an older commit and benched it named that commit with ref; its
  // figures were published as the run's commit, GITHUB_SHA, the branch's tip.
  it("publishes the records as the commit ref names in the checkout, not the run's", async () => {
    const ws = join(sb.root, 'checkout');
    await mkdir(ws);
    const commit = async (message: string) => {
      await sb.git(['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', 'commit', '--quiet', '--allow-empty', '-m', message], ws);
      return (await sb.git(['rev-parse', 'HEAD'], ws)).trim();
    };
    await sb.git(['init', '--quiet', ws]);
    const older = await commit('the older commit');
    await sb.git(['tag', 'benched'], ws);
    const tip = await commit('the tip');
    await sb.git(['checkout', '--quiet', '--detach', older], ws);
    await copyFile(join(sb.root, 'out.txt'), join(ws, 'out.txt'));
    const remote = await sb.bareRemote('ref');
    const run = (ref: string) =>
      runAction({
        cwd: ws,
        event: { name: 'workflow_dispatch', payload: { ref: 'refs/heads/main', inputs: { sha: older } } },
        env: { ...sb.env, GITHUB_SHA: tip, GITHUB_EVENT_NAME: 'workflow_dispatch' },
        inputs: { records: 'out.txt', format: 'cargo', repository: remote, ref, 'comment-on-alert': 'false', artifact: 'false' },
      });
    const refused = await run('nope');
    try {
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain(`::error::ref: "nope" names no commit of the checkout in ${ws}; give the sha the bench ran on, or a branch or tag the checkout fetched`);
      expect(await sb.revParse(remote, 'gh-pages')).toBeUndefined();
    } finally {
      await refused.dispose();
    }
    const published = await run('benched');
    try {
      expect(published.code, published.stdout + published.stderr).toBe(0);
    } finally {
      await published.dispose();
    }
    const history = await runCli(['history', '--repo', remote], sb.root, sb.env);
    const rows = JSON.parse(history.stdout) as { case: string; commit: string; message: string }[];
    expect(rows.map((r) => [r.case, r.commit, r.message])).toEqual([
      ['cargo / bench_fib_10', older, 'the older commit'],
      ['cargo / bench_fib_20', older, 'the older commit'],
    ]);
  });
});
