/**
 * Migration keeps history: a github-action-benchmark data.js imported with the first publish,
 * and the same tool's output published after it, land on ONE series per benchmark (the bundled
 * CLI, a real bare remote).
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/paths.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
beforeAll(async () => {
  sb = await gitSandbox();
  await copyFile(join(FIXTURES, 'trend-data/github-action-benchmark-data.js'), join(sb.root, 'data.js'));
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/cargo_output.txt'), join(sb.root, 'cargo.txt'));
});
afterAll(() => sb.dispose());

it('continues an imported cargo series under the case a cargo run publishes', async () => {
  const remote = await sb.bareRemote('site');
  const sha = 'e'.repeat(40);
  const published = await runCli(
    ['publish', 'cargo.txt', '--repo', remote, '--commit', sha, '--suite', 'Rust Benchmark', '--import-from', 'data.js', '--message', 'after the switch', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z'],
    sb.root,
    sb.env,
  );
  expect(published.code, published.stderr).toBe(0);
  const history = await runCli(['history', '--repo', remote, '--suite', 'Rust Benchmark'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; commit: string; unit: string; value: number }[];
  const fib10 = rows.filter((r) => r.case === 'cargo / bench_fib_10');
  // Every commit of the imported series (re-runs of one commit resolve to one point), then ours.
  const data = JSON.parse((await readFile(join(sb.root, 'data.js'), 'utf8')).replace(/^[^{]*/, '').replace(/;?\s*$/, '')) as {
    entries: Record<string, { commit: { id: string }; benches: { name: string }[] }[]>;
  };
  const imported = new Set(data.entries['Rust Benchmark']!.filter((e) => e.benches.some((b) => b.name === 'bench_fib_10')).map((e) => e.commit.id));
  expect(imported.size).toBeGreaterThan(100);
  expect(fib10).toHaveLength(imported.size + 1);
  expect(fib10.at(-1)).toMatchObject({ commit: sha, unit: 'ns/iter', value: 135 });
  expect(new Set(fib10.map((r) => r.unit))).toEqual(new Set(['ns/iter']));
  // No second, bare-named series beside it.
  expect(rows.some((r) => r.case === 'bench_fib_10')).toBe(false);
});

it('keeps both jobs of a suite that benched one commit twice under disjoint names, as github-action-benchmark shows them', async () => {
  // FCCAnalyses' shape: every commit has a `prod` and a `nightly` entry in the suite "Benchmark".
  const entry = (i: number, job: string, at: number) => ({
    commit: { id: i.toString(16).padStart(40, 'c'), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' },
    date: at,
    tool: 'customSmallerIsBetter',
    benches: [{ name: `${job} | time`, value: job === 'prod' ? 10 + i : 20 + i, unit: 'Seconds' }],
  });
  const entries = Array.from({ length: 6 }, (_, i) => (i % 2 ? [entry(i, 'prod', 2 * i), entry(i, 'nightly', 2 * i + 1)] : [entry(i, 'nightly', 2 * i), entry(i, 'prod', 2 * i + 1)])).flat();
  await writeFile(join(sb.root, 'two-jobs.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Benchmark: entries } })}`);
  const remote = await sb.bareRemote('two-jobs');
  const published = await runCli(['publish', '--repo', remote, '--commit', 'f'.repeat(40), '--import-from', 'two-jobs.js', '--message', 'import', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z'], sb.root, sb.env);
  expect(published.code, published.stderr).toBe(0);
  const history = await runCli(['history', '--repo', remote, '--suite', 'Benchmark'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; commit: string; value: number }[];
  for (const job of ['prod', 'nightly']) {
    const series = rows.filter((r) => r.case === `customSmallerIsBetter / ${job} | time`);
    expect(series.map((r) => r.value), job).toEqual(Array.from({ length: 6 }, (_, i) => (job === 'prod' ? 10 + i : 20 + i)));
  }
});
