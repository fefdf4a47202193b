/**
 * `benchtrend replay` end to end through the bundled CLI: a github-action-benchmark history
 * imported into a real bare remote, judged again with the default settings and with the ratio
 * rule, which must raise exactly what github-action-benchmark raised; nothing is written.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/paths.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { replayTally } from '../../src/cli/replay.js';
import type { ReplayedAlert } from '../../src/core/regress/replay-trend.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';

interface Alert { suite: string; case: string; kind: string; sha: string; raisedAt: string; status: string; direction: string; change: number; changeText: string; reason: string; raised?: boolean }

let sb: GitSandbox;
let remote: string;
beforeAll(async () => {
  sb = await gitSandbox();
  await copyFile(join(FIXTURES, 'trend-data/github-action-benchmark-data.js'), join(sb.root, 'data.js'));
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/cargo_output.txt'), join(sb.root, 'cargo.txt'));
  remote = await sb.bareRemote('site');
  const published = await runCli(
    ['publish', 'cargo.txt', '--repo', remote, '--commit', 'e'.repeat(40), '--suite', 'Rust Benchmark', '--import-from', 'data.js', '--message', 'after the switch', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z'],
    sb.root,
    sb.env,
  );
  expect(published.code, published.stderr).toBe(0);
});
afterAll(() => sb.dispose());

it('prints the alerts the ratio rule raises, exactly those github-action-benchmark raised, and writes nothing', async () => {
  const tip = await sb.git(['rev-parse', 'gh-pages'], remote.replace(/^file:\/\//, ''));
  const r = await runCli(['replay', '--repo', remote, '--suite', 'Rust Benchmark', '--alert-threshold', '150%', '--json'], sb.root, sb.env);
  expect(r.code, r.stderr).toBe(0);
  const { alerts } = JSON.parse(r.stdout) as { alerts: Alert[] };
  // The anchor over the same data.js: each entry against the last earlier one of another commit.
  const data = JSON.parse((await readFile(join(sb.root, 'data.js'), 'utf8')).replace(/^[^{]*/, '').replace(/;?\s*$/, '')) as {
    entries: Record<string, { commit: { id: string }; benches: { name: string; value: number }[] }[]>;
  };
  const entries = data.entries['Rust Benchmark']!;
  const expected: string[] = [];
  entries.forEach((cur, i) => {
    const prev = entries.slice(0, i).reverse().find((e) => e.commit.id !== cur.commit.id);
    if (!prev || entries.slice(i + 1).some((e) => e.commit.id === cur.commit.id)) return;
    for (const b of cur.benches) {
      const p = prev.benches.find((x) => x.name === b.name);
      if (p && (p.value === 0 && b.value === 0 ? 1 : b.value / p.value) > 1.5) expected.push(`cargo / ${b.name} ${cur.commit.id}`);
    }
  });
  expect(expected.length).toBeGreaterThan(0);
  expect(alerts.map((a) => `${a.case} ${a.sha}`).sort()).toEqual(expected.sort());
  expect(alerts.every((a) => a.kind === 'regression' && a.raisedAt === a.sha && a.direction === 'smaller' && a.change > 0.5)).toBe(true);
  // The change in words beside the fraction, with its real sign, as every other surface shows it.
  expect(alerts.every((a) => /^\+\d+(\.\d)?% worse$/.test(a.changeText))).toBe(true);
  expect(await sb.git(['rev-parse', 'gh-pages'], remote.replace(/^file:\/\//, ''))).toBe(tip);
});

it('prints one line per alert with the culprit, its status and the change in words', async () => {
  const r = await runCli(['replay', '--repo', remote, '--suite', 'Rust Benchmark'], sb.root, sb.env);
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^SUITE\s+CASE\s+COMMIT\s+KIND\s+STATUS\s+CHANGE\s+BETTER$/);
  expect(lines.length).toBeGreaterThan(1);
  for (const l of lines.slice(1)) expect(l).toMatch(/^Rust Benchmark\s+cargo \/ \S+\s+[0-9a-f]{7}\s+(regression|step-found)\s+(suspected|confirmed|cleared)\s+[+-]\d+(\.\d)?% worse\s+smaller$/);
  // Line for line what --json says: a change point replay prints is one it raised, a step found.
  const json = await runCli(['replay', '--repo', remote, '--suite', 'Rust Benchmark', '--json'], sb.root, sb.env);
  const { alerts } = JSON.parse(json.stdout) as { alerts: Alert[] };
  // The JSON keeps the stored kind and tells a step found by raised, as alerts --json does.
  expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(2, 4).join(' '))).toEqual(
    alerts.map((a) => `${a.sha.slice(0, 7)} ${a.kind === 'change-point' && a.raised === true ? 'step-found' : a.kind}`),
  );

  // And on stderr the tally of the same alerts (its words: test/unit/regress-cli.test.ts).
  expect(r.stderr.split('\n').filter((l) => / at \d+ commits?: /.test(l))).toEqual([`benchtrend: ${replayTally(alerts as unknown as ReplayedAlert[], DEFAULT_ALERT_SETTINGS)}`]);
});

it('--import-from judges a data.js as an import would store it, with no repository: what replaying the imported trend says', async () => {
  // Two of the data.js's suites, to keep the test short.
  const data = JSON.parse((await readFile(join(sb.root, 'data.js'), 'utf8')).replace(/^[^{]*/, '').replace(/;?\s*$/, '')) as { entries: Record<string, unknown[]> };
  const two = { ...data, entries: { 'Rust Benchmark': data.entries['Rust Benchmark'], 'Criterion.rs Benchmark': data.entries['Criterion.rs Benchmark'] } };
  await writeFile(join(sb.root, 'two.js'), `window.BENCHMARK_DATA = ${JSON.stringify(two)}`);
  const repo = await sb.bareRemote('import-only');
  const imported = await runCli(['publish', '--repo', repo, '--commit', 'e'.repeat(40), '--import-from', 'two.js', '--message', 'm', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z'], sb.root, sb.env);
  expect(imported.code, imported.stderr).toBe(0);
  for (const settings of [[], ['--alert-threshold', '150%']]) {
    const fromTrend = await runCli(['replay', '--repo', repo, '--json', ...settings], sb.root, sb.env);
    const fromFile = await runCli(['replay', '--import-from', 'two.js', '--json', ...settings], sb.root, sb.env);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const { alerts } = JSON.parse(fromFile.stdout) as { alerts: Alert[] };
    expect(alerts.length, settings.join(' ')).toBeGreaterThan(0);
    expect(new Set(alerts.map((a) => a.suite)).size, settings.join(' ')).toBe(2);
    expect(alerts).toEqual((JSON.parse(fromTrend.stdout) as { alerts: Alert[] }).alerts);
  }
  const text = await runCli(['replay', '--import-from', 'two.js', '--suite', 'Rust Benchmark'], sb.root, sb.env);
  expect(text.stdout.split('\n')[0]).toMatch(/^SUITE\s+CASE\s+COMMIT/);
  // Nothing to write to, and one place to read from.
  for (const [args, line] of [
    [['--write'], /--write stores alerts in a trend; with --import-from there is none/],
    [['--repo', repo], /replay takes --repo or --import-from, not both/],
  ] as const) {
    const r = await runCli(['replay', '--import-from', 'two.js', ...args], sb.root, sb.env);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(line);
  }
  // What an import refuses to write is refused here too, in one line.
  const bad = { ...two, entries: { S: [{ commit: { id: 'a'.repeat(40), message: 'm', timestamp: '2025-01-01T00:00:00Z' }, date: 1, tool: 'customSmallerIsBetter', benches: [{ name: 'bad\u0000name', value: 1, unit: 'ms' }] }] } };
  await writeFile(join(sb.root, 'bad.js'), `window.BENCHMARK_DATA = ${JSON.stringify(bad)}`);
  const refused = await runCli(['replay', '--import-from', 'bad.js'], sb.root, sb.env);
  expect([refused.code, refused.stdout]).toEqual([1, '']);
  expect(refused.stderr.trim().split('\n')).toEqual(['benchtrend: bad.js (entry 1 in date order): benchtrend would write data its readers refuse (the case "customSmallerIsBetter / bad\\u0000name" holds NUL (U+0000)); nothing was pushed']);
  const missing = await runCli(['replay', '--import-from', 'nothing.js'], sb.root, sb.env);
  expect([missing.code, missing.stderr.trim()]).toEqual([1, 'benchtrend: --import-from: cannot read nothing.js (no such file)']);
  const suite = await runCli(['replay', '--import-from', 'two.js', '--suite', 'Nope'], sb.root, sb.env);
  expect([suite.code, suite.stderr.trim()]).toEqual([1, 'benchtrend: --suite: two.js has no suite "Nope"; it has "Rust Benchmark", "Criterion.rs Benchmark"']);
});

it('refuses an unknown suite and a bad setting with one line', async () => {
  const r = await runCli(['replay', '--repo', remote, '--alert-window', '2'], sb.root, sb.env);
  expect(r.code).not.toBe(0);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/alert-window/);
});

const bare = () => remote.replace(/^file:\/\//, '');
const manifestAt = async (ref: string) =>
  JSON.parse(await sb.git(['show', `${ref}:dev/bench/manifest.json`], bare())) as { alerts: { suite: string; case: string; kind: string; sha: string; status: string; reason?: string }[] };
const key = (a: { suite: string; case: string; kind: string; sha: string }) => `${a.suite} | ${a.case} | ${a.kind} | ${a.sha}`;

it('an import judges the imported history as publishing each commit would have, and stores its alerts', async () => {
  const stored = (await manifestAt('gh-pages')).alerts;
  const r = await runCli(['replay', '--repo', remote, '--json'], sb.root, sb.env);
  expect(r.code, r.stderr).toBe(0);
  const { alerts } = JSON.parse(r.stdout) as { alerts: Alert[] };
  const regressions = alerts.filter((a) => a.kind === 'regression');
  expect(regressions.length).toBeGreaterThan(0);
  // Every regression the replay raises over the imported history is on the page from the first publish.
  const storedKeys = new Set(stored.map(key));
  expect(regressions.map(key).filter((k) => !storedKeys.has(k))).toEqual([]);
  // Every alert is printed in the words stored for it: a step found in those it was raised with,
  // a regression with what confirmed or cleared it after them.
  const steps = alerts.filter((a) => a.kind === 'change-point');
  expect(steps.length).toBeGreaterThan(0);
  // Each a step found, told apart as alerts --json tells it: kind as stored, raised beside it.
  expect(alerts.map((a) => a.raised === true)).toEqual(alerts.map((a) => a.kind === 'change-point'));
  const storedReason = new Map(stored.map((a) => [key(a), a.reason]));
  for (const s of alerts) expect(storedReason.get(key(s)), key(s)).toBe(s.reason);
  const settled = regressions.filter((a) => a.status !== 'suspected');
  expect(settled.length).toBeGreaterThan(0);
  for (const a of settled) expect(a.reason, key(a)).toMatch(new RegExp(`; ${a.status}\\b`));
  expect(new Set(stored.map((a) => a.suite)).size).toBeGreaterThan(1);
});

it('--write stores the replayed alerts in the manifest in one commit through the write gate; the same again writes nothing', async () => {
  const before = (await sb.git(['rev-parse', 'gh-pages'], bare())).trim();
  const r = await runCli(['replay', '--repo', remote, '--alert-threshold', '150%', '--write', '--json'], sb.root, { ...sb.env, BENCHTREND_DEBUG: '1' });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/stored the replayed alerts in [0-9a-f]{7} on gh-pages/);
  // The tip is the one replayed: its replay is stored, not made a second time.
  expect(r.stderr).toMatch(/storing the replay already made/);
  expect(r.stderr).not.toMatch(/replaying it again/);
  const after = (await sb.git(['rev-parse', 'gh-pages'], bare())).trim();
  expect(after).not.toBe(before);
  expect((await sb.git(['rev-parse', `${after}^`], bare())).trim()).toBe(before);
  expect((await sb.git(['diff', '--name-only', before, after], bare())).trim()).toBe('dev/bench/manifest.json');
  const { alerts } = JSON.parse(r.stdout) as { alerts: Alert[] };
  const stored = (await manifestAt(after)).alerts;
  // The ratio rule raises regressions only (change points are still stored, to be drawn); the
  // regressions stored are those printed.
  const regressions = stored.filter((a) => a.kind === 'regression');
  expect(regressions.length).toBeGreaterThan(0);
  expect(regressions.map(key).sort()).toEqual(alerts.map(key).sort());
  const again = await runCli(['replay', '--repo', remote, '--alert-threshold', '150%', '--write'], sb.root, sb.env);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stderr).toMatch(/nothing written/);
  expect((await sb.git(['rev-parse', 'gh-pages'], bare())).trim()).toBe(after);
});

it('--write --suite replaces only that suite\'s alerts', async () => {
  const before = await manifestAt('gh-pages');
  const r = await runCli(['replay', '--repo', remote, '--suite', 'Rust Benchmark', '--write'], sb.root, sb.env);
  expect(r.code, r.stderr).toBe(0);
  const after = await manifestAt('gh-pages');
  const others = (m: typeof before) => m.alerts.filter((a) => a.suite !== 'Rust Benchmark').map(key).sort();
  expect(others(after)).toEqual(others(before));
  expect(others(after).length).toBeGreaterThan(0);
  expect(after.alerts.filter((a) => a.suite === 'Rust Benchmark').map(key).sort()).not.toEqual(before.alerts.filter((a) => a.suite === 'Rust Benchmark').map(key).sort());
});

it('compares each entry with the newest one of another commit, as github-action-benchmark does: a re-run is not its own previous', async () => {
  // Commit c is benched twice (12, then 30: 3x b's 10), commit b and d by two jobs each.
  const at = (id: string) => ({ id: id.repeat(40), message: id, timestamp: '2025-01-01T00:00:00Z', url: `https://github.com/o/r/commit/${id.repeat(40)}`, author: { name: 'Ada' } });
  const entry = (id: string, benches: Record<string, number>) => ({
    commit: at(id),
    date: 1,
    tool: 'customSmallerIsBetter',
    benches: Object.entries(benches).map(([name, value]) => ({ name, value, unit: 'ms' })),
  });
  const entries = [entry('a', { x: 10, y: 5 }), entry('b', { z: 100 }), entry('b', { x: 10, y: 5 }), entry('c', { x: 12, y: 5 }), entry('c', { x: 30, y: 5 }), entry('d', { z: 300 }), entry('d', { x: 30, y: 20 })];
  const dir = join(sb.root, 'reruns');
  await mkdir(dir);
  await writeFile(join(dir, 'data.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 1, repoUrl: 'https://github.com/o/r', entries: { S: entries } })}`);
  await writeFile(join(dir, 'x.json'), JSON.stringify([{ name: 'x', unit: 'ms', value: 30 }]));
  const repo = await sb.bareRemote('reruns');
  const imported = await runCli(['publish', 'x.json', '--format', 'customSmallerIsBetter', '--repo', repo, '--suite', 'S', '--import-from', 'data.js', '--commit', 'e'.repeat(40), '--message', 'e', '--author', 'Ada', '--timestamp', '2025-01-02T00:00:00Z'], dir, sb.env);
  expect(imported.code, imported.stderr).toBe(0);
  const r = await runCli(['replay', '--repo', repo, '--alert-threshold', '150%', '--json'], dir, sb.env);
  expect(r.code, r.stderr).toBe(0);
  // x at c against b (the earlier run of c is superseded, and is no one's previous); y at d against
  // c; z at d is skipped, since c, d's previous entry, lacks it (as in github-action-benchmark).
  expect((JSON.parse(r.stdout) as { alerts: Alert[] }).alerts.map((a) => `${a.case} ${a.sha[0]}`).sort()).toEqual(['customSmallerIsBetter / x c', 'customSmallerIsBetter / y d']);
});

it('a re-run of a commit takes back what the run it replaces raised, as a replay of the trend says', async () => {
  const dir = join(sb.root, 'rerun-withdraws');
  await mkdir(dir);
  const repo = await sb.bareRemote('rerun-withdraws');
  const publish = async (id: string, value: number) => {
    await writeFile(join(dir, 'x.json'), JSON.stringify([{ name: 'x', unit: 'ms', value }]));
    const r = await runCli(['publish', 'x.json', '--format', 'customSmallerIsBetter', '--repo', repo, '--commit', id.repeat(40), '--message', id, '--author', 'Ada', '--timestamp', '2025-01-01T00:00:00Z', '--alert-threshold', '150%'], dir, sb.env);
    expect(r.code, r.stderr).toBe(0);
    return r;
  };
  await publish('a', 10);
  await publish('b', 30);
  const raised = await runCli(['alerts', '--repo', repo, '--json'], dir, sb.env);
  expect((JSON.parse(raised.stdout) as { sha: string; raisedAt: string }[]).map((a) => [a.sha[0], a.raisedAt[0]])).toEqual([['b', 'b']]);
  const rerun = await publish('b', 10);
  expect(rerun.stderr).toContain(`benchtrend: customSmallerIsBetter / x: the regression at ${'b'.repeat(7)} was raised by the run this re-run replaced, and it is not raised again; withdrawn`);
  const after = await runCli(['alerts', '--repo', repo, '--json'], dir, sb.env);
  expect(JSON.parse(after.stdout)).toEqual([]);
  const replayed = await runCli(['replay', '--repo', repo, '--alert-threshold', '150%', '--json'], dir, sb.env);
  expect((JSON.parse(replayed.stdout) as { alerts: Alert[] }).alerts).toEqual([]);
});

it('warns of a control-cases line that names no case, such as several names on one line', async () => {
  const r = await runCli(['replay', '--repo', remote, '--suite', 'Rust Benchmark', '--control-cases', 'cargo / bench_fib_10, cargo / bench_fib_20\ncargo / bench_fib_*'], sb.root, sb.env);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr.split('\n').filter((l) => l.includes('control-cases'))).toEqual([
    'benchtrend: warning: --control-cases: "cargo / bench_fib_10, cargo / bench_fib_20" matches no case of the trend (one case name, glob or metric name per line)',
  ]);
});
