/**
 * Migration keeps history: a github-action-benchmark data.js imported with the first publish,
 * and the same tool's output published after it, land on ONE series per benchmark (the bundled
 * CLI, a real bare remote).
 */
import { copyFile, readFile } from 'node:fs/promises';
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
