/**
 * `benchtrend publish` and `benchtrend history` against a real bare repository, run in-process
 * through their modules with a real checkout supplying the commit's metadata.
 */
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_COLUMNS, type HistoryRow } from '../../src/core/trend/history.js';
import { InputError } from '../../src/core/model.js';
import { run as alerts } from '../../src/cli/alerts.js';
import { run as history } from '../../src/cli/history.js';
import { run as replay } from '../../src/cli/replay.js';
import { UsageError, type CliIO } from '../../src/cli/io.js';
import { run as publish } from '../../src/cli/publish.js';
import { FIXTURES } from '../helpers/paths.js';
import { publishedSegments } from './helpers/published.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let checkout: string;
let sha: string;

beforeEach(async () => {
  sb = await gitSandbox();
  await sb.bareRemote('trend');
  checkout = join(sb.root, 'app');
  await sb.git(['init', '--quiet', '--initial-branch=main', checkout]);
  await writeFile(join(checkout, 'README.md'), 'app\n');
  await sb.git(['add', 'README.md'], checkout);
  await sb.git(['commit', '--quiet', '-m', 'Make attach faster\n\nBy caching the devcontainer.'], checkout);
  sha = (await sb.git(['rev-parse', 'HEAD'], checkout)).trim();
  for (const f of ['warm.json', 'cold-recreate.json']) await copyFile(join(FIXTURES, 'records', f), join(checkout, f));
});
afterEach(async () => {
  await sb.dispose();
});

function io(extraEnv: Record<string, string> = {}): CliIO & { out: string; err: string } {
  const self = {
    out: '',
    err: '',
    stdout: (t: string) => void (self.out += t),
    stderr: (t: string) => void (self.err += t),
    cwd: checkout,
    env: { ...sb.env, RUNNER_TEMP: join(sb.root, 'tmp'), ...extraEnv },
  };
  return self;
}

describe('benchtrend publish and history', () => {
  it('publishes records with the commit as git knows it, and prints every point back', async () => {
    const p = io();
    expect(await publish(['warm.json', 'cold-recreate.json', '--repo', '../trend.git', '--commit', 'HEAD', '--suite', 'linux-x64', '--note', 'v0.26.1'], p)).toBe(0);
    const published = p.out.split('\n')[0]!.trim();
    expect(published).toMatch(/^[0-9a-f]{40}$/);
    expect(await sb.revParse(join(sb.root, 'trend.git'), 'refs/heads/gh-pages')).toBe(published);

    const h = io();
    expect(await history(['--repo', '../trend.git'], h)).toBe(0);
    const rows = JSON.parse(h.out) as HistoryRow[];
    const cases = JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], join(sb.root, 'trend.git'))).cases as unknown[];
    expect(rows).toHaveLength(cases.length);
    const total = rows.find((r) => r.case === 'warm / total')!;
    expect(total).toMatchObject({ commit: sha, timestamp: '2024-01-02T03:04:05+00:00', suite: 'linux-x64', unit: 's', message: 'Make attach faster', author: 'Test', seq: 0 });
    expect(total.lo).toBeLessThanOrEqual(total.value);
    expect(total.hi).toBeGreaterThanOrEqual(total.value);
    expect(total.runs).toBeLessThanOrEqual(total.n);
    expect(total.extra).toMatch(/v0\.26\.1$/);

    const csv = io();
    expect(await history(['--repo', '../trend.git', '--format', 'csv', '--suite', 'linux-x64'], csv)).toBe(0);
    const lines = csv.out.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HISTORY_COLUMNS.join(','));
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.find((l) => l.includes(',warm / total,'))!.startsWith(`${sha},2024-01-02T03:04:05+00:00,linux-x64,warm / total,warm,s,smaller,${total.value},`)).toBe(true);
  });

  it('takes the metadata it is given over git’s, and reports a JSON summary', async () => {
    const p = io();
    const code = await publish(
      ['warm.json', '--repo', join(sb.root, 'trend.git'), '--commit', sha, '--message', 'Given', '--author', 'Bo', '--timestamp', '2020-01-01T00:00:00Z', '--branch', 'perf', '--dir', 'bench', '--json'],
      p,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(p.out) as { commit: string; branch: string; dir: string; segments: number[]; points: number; attempts: number };
    expect(summary).toMatchObject({ branch: 'perf', dir: 'bench', segments: [0], attempts: 1 });
    const h = io();
    await history(['--repo', join(sb.root, 'trend.git'), '--branch', 'perf', '--dir', 'bench'], h);
    const rows = JSON.parse(h.out) as HistoryRow[];
    expect(rows).toHaveLength(summary.points);
    expect(rows[0]).toMatchObject({ message: 'Given', author: 'Bo', timestamp: '2020-01-01T00:00:00Z', commit: sha });
  });

  it('says when git here does not know the commit, and a re-run from there keeps what its earlier run published of it', async () => {
    const remote = join(sb.root, 'trend.git');
    expect(await publish(['warm.json', '--repo', remote, '--commit', sha], io())).toBe(0);
    // Another clone, without the commit (main rebased, or a fresh clone of another branch).
    const elsewhere = join(sb.root, 'elsewhere');
    await sb.git(['init', '--quiet', elsewhere]);
    await copyFile(join(checkout, 'warm.json'), join(elsewhere, 'warm.json'));
    const again = Object.assign(io(), { cwd: elsewhere });
    expect(await publish(['warm.json', '--repo', remote, '--commit', sha], again)).toBe(0);
    expect(again.err.split('\n').filter((l) => l.includes('warning'))).toEqual([
      `benchtrend: warning: commit ${sha.slice(0, 7)} is not in git in ${elsewhere}: its points are stored without message and author, at the time of this publish (give --message, --author and --timestamp), or with those of its earlier run on the trend`,
      `benchtrend: warning: commit ${sha.slice(0, 7)}: this run was told nothing of it but its sha (git here and the API do not have it), so the message, author and time an earlier run of it published (segment 0) are kept`,
    ]);
    const [first, second] = await publishedSegments((args, cwd) => sb.git(args, cwd), remote);
    expect(second?.commit).toEqual(first?.commit);
    expect(second?.commit).toMatchObject({ message: 'Make attach faster\n\nBy caching the devcontainer.', author: 'Test' });
  });

  it('stores a given message and author normalised, as the action stores a commit’s', async () => {
    const remote = join(sb.root, 'trend.git');
    const p = io();
    const message = 'Fix (#1)\r\n\r\n* one\r\n* two\u0007';
    expect(await publish(['warm.json', '--repo', remote, '--commit', sha, '--message', message, '--author', 'Ann\u0001e', '--timestamp', '2020-01-01T00:00:00Z'], p)).toBe(0);
    const [segment] = await publishedSegments((args, cwd) => sb.git(args, cwd), remote);
    expect(segment?.commit).toMatchObject({ message: 'Fix (#1)\n\n* one\n* two', author: 'Anne' });
  });

  it('imports a real github-action-benchmark file given on the command line', async () => {
    await copyFile(join(FIXTURES, 'trend-data/snarkVM-data.js'), join(checkout, 'data.js'));
    const p = io();
    expect(await publish(['warm.json', '--repo', '../trend.git', '--commit', sha, '--suite', 'snarkVM Benchmarks', '--import-from', 'data.js', '--json'], p)).toBe(0);
    const summary = JSON.parse(p.out) as { imported: { entries: number; points: number; suites: number }; segments: number[] };
    expect(summary.imported).toEqual({ entries: 88, points: 24421, suites: 1 });
    expect(summary.segments).toHaveLength(89);
    const h = io();
    await history(['--repo', '../trend.git', '--suite', 'snarkVM Benchmarks'], h);
    const rows = JSON.parse(h.out) as HistoryRow[];
    expect(rows.filter((r) => r.commit === sha)).toHaveLength((await publishedSegments(sb.git, join(sb.root, 'trend.git')))[88]!.points.length);
    expect(rows.length).toBe(24421 + rows.filter((r) => r.commit === sha).length);
  });

  it('warns of an absolute floor that applies to no case of the run, and publishes', async () => {
    const p = io();
    expect(await publish(['warm.json', '--repo', '../trend.git', '--commit', 'HEAD', '--absolute-floor', '1 parsec, 1ms'], p)).toBe(0);
    expect(p.err.split('\n').filter((l) => l.includes('absolute-floor'))).toEqual([expect.stringMatching(/^benchtrend: warning: absolute-floor: "1 parsec" applies to no case of this run \(their units: s\); /)]);
    expect(await sb.revParse(join(sb.root, 'trend.git'), 'refs/heads/gh-pages')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('prints an empty history for a branch never published, saying so', async () => {
    const h = io();
    expect(await history(['--repo', '../trend.git'], h)).toBe(0);
    expect(h.out).toBe('[]\n');
    expect(h.err).toBe('benchtrend: no trend published at gh-pages:dev/bench of ../trend.git yet: it has no branch gh-pages\n');
    // On a branch that holds a trend, a folder it does not hold is said as such.
    expect(await publish(['warm.json', '--repo', '../trend.git', '--commit', 'HEAD'], io())).toBe(0);
    const elsewhere = io();
    expect(await history(['--repo', '../trend.git', '--dir', 'dev/bnech'], elsewhere)).toBe(0);
    expect([elsewhere.out, elsewhere.err]).toEqual(['[]\n', 'benchtrend: no trend published at gh-pages:dev/bnech of ../trend.git yet: the branch has no dev/bnech/manifest.json\n']);
  });

  it('says on stderr that no trend is there with alerts --json and replay --json too, not an empty list alone', async () => {
    const noBranch = 'benchtrend: no trend published at pages:dev/bench of ../trend.git yet: it has no branch pages\n';
    const a = io();
    expect(await alerts(['--repo', '../trend.git', '--branch', 'pages', '--json'], a)).toBe(0);
    expect([a.out, a.err]).toEqual(['[]\n', noBranch]);
    const r = io();
    expect(await replay(['--repo', '../trend.git', '--branch', 'pages', '--json'], r)).toBe(0);
    expect([JSON.parse(r.out), r.err]).toEqual([{ alerts: [] }, noBranch]);
    expect(await publish(['warm.json', '--repo', '../trend.git', '--commit', 'HEAD'], io())).toBe(0);
    const noDir = 'benchtrend: no trend published at gh-pages:dev/bnech of ../trend.git yet: the branch has no dev/bnech/manifest.json\n';
    const a2 = io();
    expect(await alerts(['--repo', '../trend.git', '--dir', 'dev/bnech', '--json'], a2)).toBe(0);
    expect([a2.out, a2.err]).toEqual(['[]\n', noDir]);
    const r2 = io();
    expect(await replay(['--repo', '../trend.git', '--dir', 'dev/bnech', '--json'], r2)).toBe(0);
    expect([JSON.parse(r2.out), r2.err]).toEqual([{ alerts: [] }, noDir]);
    // A trend that is there and holds no alert prints its empty list alone.
    const held = io();
    expect(await alerts(['--repo', '../trend.git', '--json'], held)).toBe(0);
    expect([held.out, held.err]).toEqual(['[]\n', '']);
  });

  it('reads an empty or padded --suite, --shape, --branch and --dir as the action reads its inputs: trimmed, empty as the default', async () => {
    await copyFile(join(FIXTURES, 'github-action-benchmark/input/cargo_output.txt'), join(checkout, 'cargo.txt'));
    const p = io();
    // A script's `--suite "$SUITE" --shape "$SHAPE"` with both unset.
    expect(await publish(['cargo.txt', '--repo', '../trend.git', '--commit', sha, '--suite', '', '--shape', ' ', '--branch', '', '--dir', '  ', '--timestamp', '2026-01-02T15:04:05Z'], p)).toBe(0);
    const h = io();
    await history(['--repo', '../trend.git'], h);
    const rows = JSON.parse(h.out) as HistoryRow[];
    expect([...new Set(rows.map((r) => `${r.suite}|${r.case}`))]).toEqual(['default|cargo / bench_fib_10', 'default|cargo / bench_fib_20']);
    expect(rows[0]?.timestamp).toBe('2026-01-02T15:04:05Z');
    const padded = io();
    expect(await publish(['warm.json', '--repo', '../trend.git', '--commit', sha, '--suite', '  nightly  '], padded)).toBe(0);
    const n = io();
    expect(await history(['--repo', '../trend.git', '--suite', 'nightly'], n)).toBe(0);
    expect((JSON.parse(n.out) as HistoryRow[]).length).toBeGreaterThan(0);
  });

  it('refuses, publishing nothing, a run that misses a stage --require-stages asks of its shape, as the action does', async () => {
    const remote = join(sb.root, 'trend.git');
    await expect(publish(['warm.json', '--repo', remote, '--commit', sha, '--require-stages-on', 'warm', '--require-stages', 'attach,unpack'], io())).rejects.toThrow(
      /^warm\.json: required stage "unpack" of shape "warm" was reported in 0\/3 runs$/,
    );
    await expect(publish(['warm.json', '--repo', remote, '--commit', sha, '--require-stages-on', 'cold'], io())).rejects.toThrow('require-stages: shape "cold" was not benched; benched: warm');
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
    expect(await publish(['warm.json', '--repo', remote, '--commit', sha, '--require-stages-on', 'warm'], io())).toBe(0);
  });

  it('refuses bad command lines and names what is wrong', async () => {
    await expect(publish(['warm.json', '--commit', sha], io())).rejects.toThrow(new UsageError('publish needs --repo URL|PATH'));
    await expect(publish(['warm.json', '--repo', '../trend.git'], io())).rejects.toThrow(new UsageError('publish needs --commit SHA'));
    await expect(publish(['warm.json', '--repo', '../trend.git', '--commit', sha, '--max-attempts', '0'], io())).rejects.toThrow(new InputError('max-attempts: "0" must be a whole number from 1 to 1000'));
    await expect(publish(['warm.json', '--repo', '../trend.git', '--commit', sha, '--token-env', 'NO_SUCH_TOKEN'], io())).rejects.toThrow(
      new InputError('--token-env: the environment variable NO_SUCH_TOKEN is not set or empty'),
    );
    await expect(publish(['warm.json', '--repo', '../trend.git', '--commit', 'nope'], io())).rejects.toThrow(/--commit: "nope" is not a full commit sha/);
    for (const t of ['yesterday', '2024-13-45']) {
      await expect(publish(['warm.json', '--repo', '../trend.git', '--commit', sha, '--timestamp', t], io())).rejects.toThrow(
        new UsageError(`--timestamp: "${t}" is not an ISO 8601 time, like 2026-01-02T15:04:05Z`),
      );
    }
    await expect(history(['--repo', '../trend.git', '--format', 'xml'], io())).rejects.toThrow(UsageError);
    expect(await publish(['warm.json', '--repo', '../trend.git', '--commit', sha], io())).toBe(0);
    await expect(history(['--repo', '../trend.git', '--suite', 'nope'], io())).rejects.toThrow('--suite: the trend has no suite "nope"; it has "default"');
    expect(await sb.git(['ls-remote', '--heads', join(sb.root, 'trend.git')])).toContain('refs/heads/gh-pages');
  });
});
