/**
 * The replay's cases on worker threads (src/effects/replay-pool.ts) give what the replay in one
 * thread gives: the same `benchtrend replay --json` bytes through dist/cli.js, and the same
 * alerts stored by an import through dist/cli.js and through the action's dist/index.js (whose
 * workers load the bundled files as the runner runs them). BENCHTREND_REPLAY_WORKERS=1 keeps
 * the replay in one thread; 3 forces three workers whatever the machine's cores.
 * BENCHTREND_REPLAY_SPILL_MS=0 makes a replay begun in this thread hand the rest of its cases to
 * the workers after its first (by default, once it has taken a second and the rest would take
 * two more).
 */
import { copyFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, HAS_NODE24, IN_CI, NODE24 } from '../helpers/paths.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
beforeAll(async () => {
  sb = await gitSandbox('benchtrend-replay-workers-');
  // github-action-benchmark's own history: several suites and real steps, so there are alerts to compare.
  await copyFile(join(FIXTURES, 'trend-data/github-action-benchmark-data.js'), join(sb.root, 'data.js'));
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/cargo_output.txt'), join(sb.root, 'cargo.txt'));
});
afterAll(() => sb.dispose());

const IN_THREAD = { BENCHTREND_REPLAY_WORKERS: '1' };
const ON_WORKERS = { BENCHTREND_REPLAY_WORKERS: '3' };
const SPILLED = { BENCHTREND_REPLAY_SPILL_MS: '0' };
// Only the default number of workers spills, and only with a core to spare.
const SPARE_CORE = availableParallelism() > 1;

const storedAlerts = async (remote: string) =>
  (JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], remote.replace(/^file:\/\//, ''))) as { alerts: { kind: string }[] }).alerts;

async function importWithCli(name: string, env: Record<string, string>): Promise<string> {
  const remote = await sb.bareRemote(name);
  const r = await runCli(
    ['publish', 'cargo.txt', '--repo', remote, '--commit', 'e'.repeat(40), '--suite', 'Rust Benchmark', '--import-from', 'data.js', '--message', 'import', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z'],
    sb.root,
    { ...sb.env, ...env },
  );
  expect(r.code, r.stderr).toBe(0);
  return remote;
}

describe('dist/cli.js', () => {
  let inThread: string;
  let onWorkers: string;
  beforeAll(async () => {
    inThread = await importWithCli('cli-in-thread', IN_THREAD);
    onWorkers = await importWithCli('cli-on-workers', ON_WORKERS);
  });

  it('replays to the same bytes on workers as in one thread, with either method', async () => {
    for (const settings of [[], ['--alert-threshold', '150%']]) {
      const one = await runCli(['replay', '--repo', inThread, ...settings, '--json'], sb.root, { ...sb.env, ...IN_THREAD });
      const many = await runCli(['replay', '--repo', inThread, ...settings, '--json'], sb.root, { ...sb.env, ...ON_WORKERS, BENCHTREND_DEBUG: '1' });
      expect(one.code, one.stderr).toBe(0);
      expect(many.code, many.stderr).toBe(0);
      expect((JSON.parse(one.stdout) as { alerts: unknown[] }).alerts.length, settings.join(' ')).toBeGreaterThan(0);
      // BENCHTREND_DEBUG also says where the time went: the read of the trend, then the judging.
      expect(many.stderr).toMatch(/benchtrend: read [1-9]\d* segments in \d+\.\d\d s; replayed on 3 worker threads in \d+\.\d\d s/);
      expect(many.stdout, settings.join(' ')).toBe(one.stdout);
    }
  });

  it.skipIf(!SPARE_CORE)('replays to the same bytes when a replay begun in this thread hands the rest to the workers', async () => {
    const { BENCHTREND_REPLAY_WORKERS: _unset, ...env } = sb.env as Record<string, string>;
    const one = await runCli(['replay', '--repo', inThread, '--json'], sb.root, { ...sb.env, ...IN_THREAD });
    const spilled = await runCli(['replay', '--repo', inThread, '--json'], sb.root, { ...env, ...SPILLED, BENCHTREND_DEBUG: '1' });
    expect(spilled.code, spilled.stderr).toBe(0);
    expect(spilled.stderr).toMatch(/benchtrend: read [1-9]\d* segments in \d+\.\d\d s; replayed on the main thread \(1 case\), then [2-9] worker threads in \d+\.\d\d s/);
    expect(spilled.stdout).toBe(one.stdout);
    // Anything but a whole number of milliseconds keeps the default, under which a suite of 6 cases
    // x 112 commits (about a tenth of a second) stays in this thread; at 0 it is handed over too.
    const suite = ['replay', '--repo', inThread, '--suite', 'Criterion.rs Benchmark', '--json'];
    const kept = await runCli(suite, sb.root, { ...env, BENCHTREND_REPLAY_SPILL_MS: '-1', BENCHTREND_DEBUG: '1' });
    const handed = await runCli(suite, sb.root, { ...env, ...SPILLED, BENCHTREND_DEBUG: '1' });
    expect(kept.stderr).toMatch(/replayed on the main thread in /);
    expect(handed.stderr).toMatch(/replayed on the main thread \(1 case\), then [2-9] worker threads in /);
    expect(kept.stdout).toBe(handed.stdout);
  });

  it('replays a small trend in this thread unless BENCHTREND_REPLAY_WORKERS asks for workers', async () => {
    // The fixture's few thousand points are under WORKER_POINTS: a worker's start and heap cost more than they share.
    // Its replay takes about a second, so on a loaded machine the default spill (after a second,
    // with two to go) may hand it over: an hour's spill leaves WORKER_POINTS alone to decide.
    const { BENCHTREND_REPLAY_WORKERS: _unset, ...env } = sb.env as Record<string, string>;
    const r = await runCli(['replay', '--repo', inThread, '--json'], sb.root, { ...env, BENCHTREND_REPLAY_SPILL_MS: '3600000', BENCHTREND_DEBUG: '1' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/benchtrend: read [1-9]\d* segments in \d+\.\d\d s; replayed on the main thread in \d+\.\d\d s/);
  });

  it('ends a replay refused after its workers were started ahead (no such suite) with the refusal', async () => {
    // The workers load while the trend is read; a refusal then must not leave them holding the process.
    const r = await runCli(['replay', '--repo', inThread, '--suite', 'No Such Suite', '--json'], sb.root, { ...sb.env, ...ON_WORKERS });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--suite: the trend has no suite "No Such Suite"');
    expect(r.stdout).toBe('');
  });

  it('an import judged on workers stores the alerts an import judged in one thread stores', async () => {
    const alerts = await storedAlerts(inThread);
    expect(alerts.filter((a) => a.kind === 'regression').length).toBeGreaterThan(0);
    expect(await storedAlerts(onWorkers)).toEqual(alerts);
  });
});

const pushEvent = { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: '0123456789abcdef0123456789abcdef01234567', message: 'x' } } };
// The Actions runtime is node24; Node 20 is what developers and older runners have.
const runtimes: [string, string | undefined][] = [['node 20', undefined]];
if (HAS_NODE24 || IN_CI) runtimes.push(['node 24', NODE24]);

describe.each(runtimes)('dist/index.js under %s', (label, node) => {
  it('an import judged on workers stores the alerts an import judged in one thread stores', async () => {
    const stored = [];
    for (const [mode, env] of [['in-thread', IN_THREAD], ['on-workers', ON_WORKERS]] as const) {
      const remote = await sb.bareRemote(`action-${label.replace(' ', '')}-${mode}`);
      const run = await runAction({
        cwd: sb.root,
        node,
        event: pushEvent,
        env: { ...sb.env, ...env },
        inputs: { records: 'cargo.txt', suite: 'Rust Benchmark', repository: remote, 'import-from': 'data.js', 'comment-on-alert': 'false' },
      });
      try {
        expect(run.code, run.stdout + run.stderr).toBe(0);
      } finally {
        await run.dispose();
      }
      stored.push(await storedAlerts(remote));
    }
    expect((stored[0] as { kind: string }[]).filter((a) => a.kind === 'regression').length).toBeGreaterThan(0);
    expect(stored[1]).toEqual(stored[0]);
  });
});
