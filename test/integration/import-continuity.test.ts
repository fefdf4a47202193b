/**
 * Migration keeps history: a github-action-benchmark data.js imported with the first publish,
 * and the same tool's output published after it, land on ONE series per benchmark (the bundled
 * CLI, a real bare remote).
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/paths.js';
import { runAction, runCli } from '../helpers/run-action.js';
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

const MEMORY = 'customBiggerIsBetter / My Custom Bigger Is Better Benchmark - Free Memory';

/**
 * github-action-benchmark's customBiggerIsBetter example as a live record (bigger.json) and as
 * three imported entries (custom.js): free memory in megabytes, which the unit says is better
 * smaller and the format's name bigger.
 */
async function customFiles(): Promise<void> {
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/customBiggerIsBetter_output.json'), join(sb.root, 'bigger.json'));
  const benches = JSON.parse(await readFile(join(sb.root, 'bigger.json'), 'utf8')) as { name: string; unit: string; value: number }[];
  const entries = [0, 1, 2].map((i) => ({
    commit: { id: String(i + 1).repeat(40), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' },
    date: i,
    tool: 'customBiggerIsBetter',
    benches: benches.map((b) => ({ ...b, value: b.value + i })),
  }));
  await writeFile(join(sb.root, 'custom.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Custom: entries } })}`);
}

/** The direction of each stored point of the free-memory case, oldest first. */
async function memoryDirections(remote: string): Promise<string[]> {
  const history = await runCli(['history', '--repo', remote, '--suite', 'Custom'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; direction: string }[];
  return rows.filter((r) => r.case === MEMORY).map((r) => r.direction);
}

it("continues a custom tool's series in the direction its unit says, and turns imported and new points alike with direction-overrides", async () => {
  // The import let the unit decide and a publish the format's name, so the first publish of the
  // same file after the import was refused as a flip of direction; and an override turned only
  // the new point, so it was refused too.
  await customFiles();
  const publish = async (remote: string, extra: string[]) =>
    runCli(
      ['publish', 'bigger.json', '--format', 'customBiggerIsBetter', '--repo', remote, '--commit', 'd'.repeat(40), '--suite', 'Custom', '--import-from', 'custom.js', '--message', 'after the switch', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z', ...extra],
      sb.root,
      sb.env,
    );

  const byUnit = await sb.bareRemote('custom-by-unit');
  const first = await publish(byUnit, []);
  expect(first.code, first.stderr).toBe(0);
  expect(await memoryDirections(byUnit)).toEqual(['smaller', 'smaller', 'smaller', 'smaller']);
  // Said once by the import and once by the run's record, each naming the override.
  expect(first.stderr.match(/"Megabytes" says smaller is better, .*customBiggerIsBetter says bigger; the unit is used \(set --direction-overrides to choose\)/g)).toHaveLength(2);

  await writeFile(join(sb.root, 'overrides.txt'), `${MEMORY}: bigger\n`);
  const turned = await sb.bareRemote('custom-turned');
  const second = await publish(turned, ['--direction-overrides', 'overrides.txt']);
  expect(second.code, second.stderr).toBe(0);
  expect(await memoryDirections(turned)).toEqual(['bigger', 'bigger', 'bigger', 'bigger']);
  // The override settled the conflict: nothing left to warn about.
  expect(second.stderr).not.toMatch(/the unit is used/);
});

it('applies the direction-overrides input to the imported history in the action too', async () => {
  await customFiles();
  const remote = await sb.bareRemote('custom-action');
  const run = await runAction({
    cwd: sb.root,
    event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: 'd'.repeat(40), message: 'after the switch' } } },
    env: sb.env,
    inputs: { records: 'bigger.json', format: 'customBiggerIsBetter', suite: 'Custom', repository: remote, 'import-from': 'custom.js', 'direction-overrides': `${MEMORY}: bigger`, 'comment-on-alert': 'false' },
  });
  try {
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/the unit is used/);
  } finally {
    await run.dispose();
  }
  expect(await memoryDirections(remote)).toEqual(['bigger', 'bigger', 'bigger', 'bigger']);
});

it('warns of a direction-overrides line only when it matches no case of the run or of the trend it imported', async () => {
  // A line for a case only the imported history holds decides it there: it used to be said to
  // match "no case of this run" on the very run it decided.
  await customFiles();
  const data = await readFile(join(sb.root, 'custom.js'), 'utf8');
  await writeFile(join(sb.root, 'custom-retired.js'), data.replace(/"benches":\[/g, '"benches":[{"name":"Retired","unit":"widgets","value":3},'));
  const remote = await sb.bareRemote('custom-action-retired');
  const overrides = [`${MEMORY}: bigger`, 'customBiggerIsBetter / Retired: smaller', 'no / such case: smaller'].join('\n');
  const run = await runAction({
    cwd: sb.root,
    event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: 'd'.repeat(40), message: 'after the switch' } } },
    env: sb.env,
    inputs: { records: 'bigger.json', format: 'customBiggerIsBetter', suite: 'Custom', repository: remote, 'import-from': 'custom-retired.js', 'direction-overrides': overrides, 'comment-on-alert': 'false' },
  });
  try {
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const said = (run.stdout + run.stderr).split('\n').filter((l) => l.includes('matches no case'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('direction-overrides: line 3 ("no / such case") matches no case of this run or the trend');
  } finally {
    await run.dispose();
  }
  const history = await runCli(['history', '--repo', remote, '--suite', 'Custom'], sb.root, sb.env);
  const rows = JSON.parse(history.stdout) as { case: string; direction: string }[];
  expect(rows.filter((r) => r.case === 'customBiggerIsBetter / Retired').map((r) => r.direction)).toEqual(['smaller', 'smaller', 'smaller']);
});

it("continues a go history written with github-action-benchmark's go-force-package-suffix, through the action with the same input", async () => {
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/go_single_package_output.txt'), join(sb.root, 'go-one.txt'));
  const entries = [0, 1, 2].map((i) => ({
    commit: { id: String(i + 1).repeat(40), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' },
    date: i,
    tool: 'go',
    benches: [
      { name: 'BenchmarkFib10 (github.com/example/mypackage)', value: 320 + i, unit: 'ns/op', extra: '5000000 times\n8 procs' },
      { name: 'BenchmarkFib20 (github.com/example/mypackage)', value: 40000 + i, unit: 'ns/op', extra: '30000 times\n8 procs' },
    ],
  }));
  await writeFile(join(sb.root, 'go-one.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Go: entries } })}`);
  const remote = await sb.bareRemote('go-suffix');
  const run = await runAction({
    cwd: sb.root,
    event: { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: 'd'.repeat(40), message: 'after the switch' } } },
    env: sb.env,
    inputs: { records: 'go-one.txt', format: 'go', suite: 'Go', repository: remote, 'import-from': 'go-one.js', 'go-force-package-suffix': 'true', 'comment-on-alert': 'false' },
  });
  try {
    expect(run.code, run.stdout + run.stderr).toBe(0);
  } finally {
    await run.dispose();
  }
  const history = await runCli(['history', '--repo', remote, '--suite', 'Go'], sb.root, sb.env);
  const rows = JSON.parse(history.stdout) as { case: string; value: number }[];
  expect([...new Set(rows.map((r) => r.case))]).toEqual(['go / BenchmarkFib10 (github.com/example/mypackage)', 'go / BenchmarkFib20 (github.com/example/mypackage)']);
  expect(rows.filter((r) => r.case === 'go / BenchmarkFib10 (github.com/example/mypackage)').map((r) => r.value)).toEqual([320, 321, 322, 325]);
});

it('continues a go series across the change to metric-by-metric entries and into a go run', async () => {
  // go-algorand's and flagd's histories: the older github-action-benchmark wrote each line as
  // `BenchmarkFib11` (its other figures after tabs), the newer one only as `BenchmarkFib11 - ns/op`,
  // `BenchmarkFib11 - auxMetricUnits`; a go run publishes `BenchmarkFib11` and `... - auxMetricUnits`.
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/go_output.txt'), join(sb.root, 'go-run.txt'));
  const meta = (i: number) => ({ id: String(i + 1).repeat(40), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' });
  const older = [0, 1].map((i) => ({ commit: meta(i), date: i, tool: 'go', benches: [{ name: 'BenchmarkFib11', value: 260 + i, unit: 'ns/op\t 3.000 auxMetricUnits', extra: '4587789 times\n16 procs' }] }));
  const newer = [2, 3].map((i) => ({
    commit: meta(i),
    date: i,
    tool: 'go',
    benches: [
      { name: 'BenchmarkFib11 - ns/op', value: 260 + i, unit: 'ns/op', extra: '4587789 times\n16 procs' },
      { name: 'BenchmarkFib11 - auxMetricUnits', value: 3, unit: 'auxMetricUnits', extra: '4587789 times\n16 procs' },
    ],
  }));
  await writeFile(join(sb.root, 'go-both.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Go: [...older, ...newer] } })}`);
  const remote = await sb.bareRemote('go-both');
  const published = await runCli(
    ['publish', 'go-run.txt', '--format', 'go', '--repo', remote, '--commit', 'f'.repeat(40), '--suite', 'Go', '--import-from', 'go-both.js', '--message', 'after the switch', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z'],
    sb.root,
    sb.env,
  );
  expect(published.code, published.stderr).toBe(0);
  expect(published.stderr).toMatch(/suite Go: 2 benches like "BenchmarkFib11 - ns\/op", the first metric of a go line that a newer github-action-benchmark writes only metric by metric, are case "go \/ BenchmarkFib11"/);
  const history = await runCli(['history', '--repo', remote, '--suite', 'Go'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; value: number; unit: string }[];
  expect(rows.filter((r) => r.case === 'go / BenchmarkFib11').map((r) => [r.unit, r.value])).toEqual([['ns/op', 260], ['ns/op', 261], ['ns/op', 262], ['ns/op', 263], ['ns/op', 262.7]]);
  expect(rows.filter((r) => r.case === 'go / BenchmarkFib11 - auxMetricUnits').map((r) => r.value)).toEqual([3, 3, 3]);
  expect(rows.some((r) => r.case.endsWith(' - ns/op'))).toBe(false);
});

it('continues each metric of a name benched in several, as charon writes its crates', async () => {
  // One crate's instructions and wall-clock under one name: the import makes a case of each, and a
  // publish of the same array refused it ("is in wall-clock(s) but its first result is in instructions").
  const benches = (i: number) => [
    { name: 'crypto', unit: 'instructions', value: 5e10 + i },
    { name: 'crypto', unit: 'wall-clock(s)', value: 8 + i / 10 },
  ];
  const entries = [0, 1, 2].map((i) => ({
    commit: { id: String(i + 4).repeat(40), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' },
    date: i,
    tool: 'customSmallerIsBetter',
    benches: benches(i),
  }));
  await writeFile(join(sb.root, 'crates.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Crates: entries } })}`);
  await writeFile(join(sb.root, 'crates.json'), JSON.stringify(benches(3)));
  const remote = await sb.bareRemote('crates');
  const published = await runCli(
    ['publish', 'crates.json', '--format', 'customSmallerIsBetter', '--repo', remote, '--commit', 'c'.repeat(40), '--suite', 'Crates', '--import-from', 'crates.js', '--message', 'after the switch', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z'],
    sb.root,
    sb.env,
  );
  expect(published.code, published.stderr).toBe(0);
  const history = await runCli(['history', '--repo', remote, '--suite', 'Crates'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; value: number }[];
  for (const [metric, values] of [
    ['instructions', [5e10, 5e10 + 1, 5e10 + 2, 5e10 + 3]],
    ['wall-clock(s)', [8, 8.1, 8.2, 8.3]],
  ] as const) {
    expect(rows.filter((r) => r.case === `customSmallerIsBetter / crypto - ${metric}`).map((r) => r.value)).toEqual(values);
  }
});

it('continues a history of `benchtrend cases` arrays, published as that array (migration step 1) or as the records it came from', async () => {
  // A workflow that fed `benchtrend cases --out cases.json` to github-action-benchmark's
  // customSmallerIsBetter: the import keeps the names it wrote, `warm / total`.
  await copyFile(join(FIXTURES, 'records/warm.json'), join(sb.root, 'warm.json'));
  const cases = await runCli(['cases', 'warm.json', '--out', 'cases.json'], sb.root, sb.env);
  expect(cases.code, cases.stderr).toBe(0);
  const flat = JSON.parse(await readFile(join(sb.root, 'cases.json'), 'utf8')) as { name: string }[];
  const entries = [0, 1, 2].map((i) => ({
    commit: { id: String(i + 1).repeat(40), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' },
    date: i,
    tool: 'customSmallerIsBetter',
    benches: flat,
  }));
  await writeFile(join(sb.root, 'flat.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Launch: entries } })}`);
  for (const [input, format] of [
    ['cases.json', 'customSmallerIsBetter'],
    ['warm.json', 'record'],
  ] as const) {
    const remote = await sb.bareRemote(`flat-${format}`);
    const published = await runCli(
      ['publish', input, '--format', format, '--repo', remote, '--commit', 'a'.repeat(40), '--suite', 'Launch', '--import-from', 'flat.js', '--message', 'after the switch', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z'],
      sb.root,
      sb.env,
    );
    expect(published.code, published.stderr).toBe(0);
    const history = await runCli(['history', '--repo', remote, '--suite', 'Launch'], sb.root, sb.env);
    const rows = JSON.parse(history.stdout) as { case: string; commit: string }[];
    expect(new Set(rows.map((r) => r.case)), format).toEqual(new Set(flat.map((c) => c.name)));
    expect(rows.filter((r) => r.case === 'warm / total').map((r) => r.commit[0]), format).toEqual(['1', '2', '3', 'a']);
  }
});

it("continues a Catch2 history in ns, the unit a Catch2 run publishes, whatever unit each number was printed in", async () => {
  // github-action-benchmark kept each Catch2 number in the unit Catch2 printed it in, which moves
  // with its size (minetest: ns, us and ms for one case), and its std dev without that unit.
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/catch2_output_v2.txt'), join(sb.root, 'catch2.txt'));
  const printed = [
    [344, 'ns', '± 19', 41.731, 'us', '± 3.256'],
    [1.02, 'us', '± 362', 0.041, 'ms', '± 3.1'],
    [990, 'ns', '± 20', 40.5, 'us', '± 2.9'],
  ] as const;
  const entries = printed.map(([v10, u10, r10, v20, u20, r20], i) => ({
    commit: { id: String(i + 1).repeat(40), message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: 'https://example.invalid/c' },
    date: i,
    tool: 'catch2',
    benches: [
      { name: 'Fibonacci 10', value: v10, range: r10, unit: u10, extra: '100 samples\n208 iterations' },
      { name: 'Fibonacci 20', value: v20, range: r20, unit: u20, extra: '100 samples\n2 iterations' },
    ],
  }));
  await writeFile(join(sb.root, 'catch2.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Catch2: entries } })}`);
  const remote = await sb.bareRemote('catch2');
  const publish = (sha: string, importing: boolean) =>
    runCli(
      ['publish', 'catch2.txt', '--repo', remote, '--commit', sha, '--suite', 'Catch2', ...(importing ? ['--import-from', 'catch2.js'] : []), '--message', 'm', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z'],
      sb.root,
      sb.env,
    );
  const first = await publish('a'.repeat(40), true);
  expect(first.code, first.stderr).toBe(0);
  const second = await publish('b'.repeat(40), false);
  expect(second.code, second.stderr).toBe(0);
  for (const run of [first, second]) expect(run.stderr).not.toMatch(/changes unit|converted from/);
  const history = await runCli(['history', '--repo', remote, '--suite', 'Catch2'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; unit: string; value: number; lo: number; hi: number; range?: string }[];
  const fib = (name: string) => rows.filter((r) => r.case === `catch2 / ${name}`);
  expect(fib('Fibonacci 10').map((r) => [r.unit, r.value])).toEqual([['ns', 344], ['ns', 1020], ['ns', 990], ['ns', 344], ['ns', 344]]);
  expect(fib('Fibonacci 20').map((r) => [r.unit, r.value])).toEqual([['ns', 41731], ['ns', 41000], ['ns', 40500], ['ns', 41731], ['ns', 41731]]);
  // The imported std dev's unit is unknown, so it draws no bar (1.02 us ± 362 would reach -361 us);
  // a run's bar is Catch2's interval of the mean.
  for (const r of [...fib('Fibonacci 10'), ...fib('Fibonacci 20')].slice(0, 3)) expect([r.lo, r.hi]).toEqual([r.value, r.value]);
  expect(fib('Fibonacci 20').at(-1)).toMatchObject({ lo: 41250, hi: 42622 });
});

it('imports what a trend can hold of a history with parent-named entries and a failed run, naming the rest, and goes on', async () => {
  // metro's "[before]" entries name the parent ("700339fd~1"); Reactant.jl's failed runs wrote -1 TFLOP/s.
  const sha = (i: number) => i.toString(16).padStart(40, 'd');
  const entry = (i: number, id: string, value: number) => ({
    commit: { id, message: `m${i}`, timestamp: '2026-01-01T00:00:00Z', author: { name: 'Ada' }, url: `https://example.invalid/c/${i}` },
    date: 1_700_000_000_000 + i,
    tool: 'customBiggerIsBetter',
    benches: [{ name: 'jacobi', value, unit: 'TFLOP/s' }],
  });
  const entries = [entry(0, sha(0), 2.5), entry(1, `${sha(2).slice(0, 8)}~1`, 2.4), entry(2, sha(2), 2.6), entry(3, sha(3), -1), entry(4, `${sha(5).slice(0, 8)}~1`, 2.5), entry(5, sha(5), 2.7)];
  await writeFile(join(sb.root, 'odd.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 0, repoUrl: 'https://example.invalid/r', entries: { Reactant: entries } })};\n`);
  await writeFile(join(sb.root, 'now.json'), JSON.stringify([{ name: 'jacobi', unit: 'TFLOP/s', value: 2.8 }]));
  const remote = await sb.bareRemote('odd');
  const published = await runCli(
    ['publish', 'now.json', '--format', 'customBiggerIsBetter', '--repo', remote, '--commit', sha(6), '--suite', 'Reactant', '--import-from', 'odd.js', '--message', 'm6', '--author', 'Ada', '--timestamp', '2026-01-02T00:00:00Z'],
    sb.root,
    sb.env,
  );
  expect(published.code, published.stderr).toBe(0);
  const warnings = published.stderr.split('\n').filter((l) => l.includes('warning'));
  expect(warnings).toEqual([
    `benchtrend: warning: odd.js: left out entries["Reactant"][3].benches[0] (jacobi): value is -1, but a time or a rate cannot be negative`,
    `benchtrend: warning: odd.js: suite Reactant: left out 2 entries whose commit.id is not a full commit sha (the first: entries["Reactant"][1].commit.id "${sha(2).slice(0, 8)}~1"); a trend keys each point by its commit, and data.js keeps them`,
  ]);
  const history = await runCli(['history', '--repo', remote, '--suite', 'Reactant'], sb.root, sb.env);
  expect(history.code, history.stderr).toBe(0);
  const rows = JSON.parse(history.stdout) as { case: string; commit: string; value: number }[];
  expect(rows.map((r) => [r.case, r.commit, r.value])).toEqual([
    ['customBiggerIsBetter / jacobi', sha(0), 2.5],
    ['customBiggerIsBetter / jacobi', sha(2), 2.6],
    ['customBiggerIsBetter / jacobi', sha(5), 2.7],
    ['customBiggerIsBetter / jacobi', sha(6), 2.8],
  ]);
});
