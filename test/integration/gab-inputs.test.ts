/**
 * A workflow written for github-action-benchmark with only `uses:` changed: the runner hands the
 * action every `with:` entry, its old input names too. The bundled action, as the runner runs it,
 * into a real bare remote.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/paths.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
beforeAll(async () => {
  sb = await gitSandbox();
  await writeFile(`${sb.root}/output.txt`, 'test bench_fib_10 ... bench:         135 ns/iter (+/- 24)\n');
});
afterAll(() => sb.dispose());

const SHA = '000000000000000000000000000000000000a00e';

async function push(remoteName: string, inputs: Record<string, string>, env: Record<string, string> = {}) {
  const remote = await sb.bareRemote(remoteName);
  const run = await runAction({
    cwd: sb.root,
    event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: SHA, message: 'c1', timestamp: '2026-01-13T00:00:00Z', author: { name: 'Ada' } } } },
    env: { ...sb.env, GITHUB_SHA: SHA, ...env },
    inputs: { repository: remote, artifact: 'false', ...inputs },
  });
  return { run, remote };
}

describe("github-action-benchmark's inputs under their old names", () => {
  it("refuses its README's cargo step, naming each input to rename, before anything is written", async () => {
    // The README's example, `uses:` changed and nothing else (repository stands in for this repository's remote).
    const { run, remote } = await push('readme', {
      name: 'Rust Benchmark',
      tool: 'cargo',
      'output-file-path': 'output.txt',
      'github-token': 'tok',
      'auto-push': 'true',
      'alert-threshold': '200%',
      'comment-on-alert': 'true',
      'fail-on-alert': 'true',
      'alert-comment-cc-users': '@alice',
    });
    try {
      expect(run.code).toBe(1);
      const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(errors).toEqual([
        '::error::github-action-benchmark\'s inputs, which benchtrend does not read: rename name to suite; rename tool to format; rename output-file-path to records; rename fail-on-alert to fail-on-regression; rename alert-comment-cc-users to cc-users (docs/migration.md, "Inputs, one by one"); nothing was published',
      ]);
      expect(await sb.revParse(remote, 'gh-pages')).toBeUndefined();
    } finally {
      await run.dispose();
    }
  });

  // Unread, these published into dev/bench and under suite "default", beside the history they were
  // meant to continue, or published where github-action-benchmark kept nothing.
  it.each([
    ['benchmark-data-dir-path', 'docs/bench', 'rename benchmark-data-dir-path to data-dir'],
    ['gh-repository', 'github.com/acme/benchmarks', 'rename gh-repository to repository'],
    ['external-data-json-path', 'cache/benchmark-data.json', "give external-data-json-path's file as import-from on the first run (the trend lives on the branch)"],
    ['save-data-file', 'false', 'replace save-data-file: false with auto-push: false'],
  ])('refuses %s beside benchtrend\'s own inputs, publishing nothing', async (input, value, says) => {
    const { run, remote } = await push(`left-${input}`, { records: 'output.txt', format: 'cargo', suite: 'Rust Benchmark', [input]: value });
    try {
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`::error::github-action-benchmark's inputs, which benchtrend does not read: ${says} (docs/migration.md`);
      expect(await sb.revParse(remote, 'gh-pages')).toBeUndefined();
    } finally {
      await run.dispose();
    }
  });

  it('publishes with those it does without, a warning for each', async () => {
    const { run, remote } = await push('not-needed', {
      records: 'output.txt',
      format: 'cargo',
      'summary-always': 'true',
      'max-items-in-chart': '50',
      'skip-fetch-gh-pages': 'true',
      'save-data-file': 'true',
    });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::') && l.includes("github-action-benchmark's input"));
      expect(warnings).toEqual([
        "::warning::summary-always: github-action-benchmark's input, not needed by benchtrend (the job summary is always written); remove it",
        "::warning::max-items-in-chart: github-action-benchmark's input, not needed by benchtrend (history is never truncated; the page draws the newest data first and loads older data on demand); remove it",
        "::warning::skip-fetch-gh-pages: github-action-benchmark's input, not needed by benchtrend (benchtrend fetches the branch in a clone of its own and never touches the workspace); remove it",
        "::warning::save-data-file: github-action-benchmark's input, not needed by benchtrend (the trend is always kept on the branch; auto-push: false keeps nothing); remove it",
      ]);
      expect(run.summary).not.toBe('');
      expect(await sb.revParse(remote, 'gh-pages')).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await run.dispose();
    }
  });
});

describe('skip-fetch-gh-pages with auto-push: false', () => {
  // github-action-benchmark's steps of one job each committed to the workspace's gh-pages and the
  // last, auto-push: true, pushed them all; here such a step's points were kept nowhere, unsaid.
  it('warns that no later step publishes this step\'s points', async () => {
    const { run, remote } = await push('skip-fetch', { records: 'output.txt', format: 'cargo', 'skip-fetch-gh-pages': 'true', 'auto-push': 'false' });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(
        "::warning::skip-fetch-gh-pages with auto-push: false: if a later step was to push this step's points, none will; each benchtrend step publishes its own, so leave auto-push unset (false publishes nothing)",
      );
      expect(await sb.revParse(remote, 'gh-pages')).toBeUndefined();
    } finally {
      await run.dispose();
    }
  });
});

describe('comment-always with auto-push: false', () => {
  // github-action-benchmark commented with auto-push false too; here nothing is published, so no
  // comment is written, and comment-always was left unread without a word.
  it('warns that no commit comment is written', async () => {
    const { run, remote } = await push('comment-always', { records: 'output.txt', format: 'cargo', 'comment-always': 'true', 'auto-push': 'false' });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('::warning::comment-always: no commit comment is written when auto-push is false, which publishes nothing; the comparison is in the job summary and the outputs');
      expect(await sb.revParse(remote, 'gh-pages')).toBeUndefined();
    } finally {
      await run.dispose();
    }
  });
});

describe("output-file-path's ~, as records", () => {
  // github-action-benchmark resolved a leading ~ to the home folder; the runner passes `with:`
  // values as written, so `records: ~/out.txt` was refused as a file the bench did not write.
  it('reads ~/ from the home folder, as github-action-benchmark did', async () => {
    const home = `${sb.root}/home`;
    await mkdir(`${home}/bench`, { recursive: true });
    await writeFile(`${home}/bench/output.txt`, 'test bench_fib_10 ... bench:         135 ns/iter (+/- 24)\n');
    const { run, remote } = await push('home', { records: '~/bench/output.txt', format: 'cargo' }, { HOME: home });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs['case-count']).toBe('1');
      expect(await sb.revParse(remote, 'gh-pages')).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await run.dispose();
    }
  });
  // A Windows runner has no HOME; github-action-benchmark's os.homedir() fell back to USERPROFILE.
  it('reads ~/ from USERPROFILE where HOME is unset, as on a Windows runner', async () => {
    const home = `${sb.root}/userprofile`;
    await mkdir(`${home}/bench`, { recursive: true });
    await writeFile(`${home}/bench/output.txt`, 'test bench_fib_10 ... bench:         135 ns/iter (+/- 24)\n');
    const { run } = await push('userprofile', { records: '~/bench/output.txt', format: 'cargo' }, { HOME: '', USERPROFILE: home });
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs['case-count']).toBe('1');
    } finally {
      await run.dispose();
    }
  });
  // external-data-json-path took ~/ as well: the refusal above sends its file to import-from.
  it("imports external-data-json-path's ~/ file given as import-from", async () => {
    const home = `${sb.root}/home-import`;
    await mkdir(`${home}/cache`, { recursive: true });
    await copyFile(`${FIXTURES}/gab-written/external-5.json`, `${home}/cache/benchmark-data.json`);
    const { run, remote } = await push(
      'home-import',
      { records: 'output.txt', format: 'cargo', suite: 'Rust Benchmark', 'import-from': '~/cache/benchmark-data.json', 'comment-on-alert': 'false' },
      { HOME: home },
    );
    try {
      expect(run.code, run.stdout + run.stderr).toBe(0);
    } finally {
      await run.dispose();
    }
    const history = await runCli(['history', '--repo', remote, '--suite', 'Rust Benchmark'], sb.root, sb.env);
    const rows = JSON.parse(history.stdout) as { case: string; value: number }[];
    expect(rows.filter((r) => r.case === 'cargo / bench_fib_10').map((r) => r.value)).toEqual([131, 132, 133, 134, 135, 135]);
  });
});
