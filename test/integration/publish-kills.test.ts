/**
 * Issue #15, killed publishes: 20 `benchtrend publish` processes killed with SIGKILL at random
 * moments, then one allowed to finish. The branch stays consistent (git fsck clean, the history
 * readable, no point stored twice, the last publish's points there), and the temporary
 * repositories the killed ones could not remove are swept by the next run. And a refusal is never
 * replaced by a cleanup that raced a fetch still running (ENOTEMPTY, issue #15 row 3).
 */
import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readHistory } from '../../src/core/trend/history.js';
import { Random } from '../../src/core/regress/prng.js';
import { chunkPath, rollupSize } from '../../src/core/trend/layout.js';
import { publishTrend, readTrend } from '../../src/jobs/publish.js';
import { commit, fixturePoints } from '../unit/trend-memory.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let bare: string;
let temp: string;

beforeAll(async () => {
  sb = await gitSandbox();
  bare = await sb.bareRemote('trend');
  temp = join(sb.root, 'runner-temp');
  await mkdir(temp);
  await copyFile(join(FIXTURES, 'records/warm.json'), join(sb.root, 'warm.json'));
});
afterAll(async () => {
  await sb.dispose();
});

const sha = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
const args = (n: number) => ['publish', 'warm.json', '--repo', `file://${bare}`, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', '2024-01-01T00:00:00Z'];
const env = () => ({ ...sb.env, RUNNER_TEMP: temp });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a publish and kills it (the node process, as `kill -9 <pid>` does) after `ms`; resolves
 * once it is gone. Not its process group: over file:// that would also kill git-receive-pack, the
 * remote's own side, mid ref update, which no kill on a runner can do to GitHub.
 */
function killAfter(n: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args(n)], { cwd: sb.root, env: env(), stdio: 'ignore' });
    // A publish that landed before its kill has exited already; kill() then does nothing.
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

it('20 kills at random moments, then a publish: consistent branch, nothing lost or doubled, git fsck clean, no temporary folder left', async () => {
  const rng = new Random(15);
  const left: number[] = [];
  for (let i = 1; i <= 20; i++) {
    await killAfter(i, Math.round(100 + 1400 * rng.next()));
    // The git commands of a killed publish finish on their own.
    await pause(300);
    left.push((await readdir(temp)).filter((n) => n.startsWith('benchtrend-pages-')).length);
  }
  // Kills do leave folders (issue #15 saw 36 of 60 left), and each next run sweeps them: never
  // more than the one the latest kill left.
  expect(left.some((n) => n > 0)).toBe(true);
  expect(Math.max(...left)).toBe(1);
  const final = await runCli(args(99), sb.root, env());
  expect(final.stderr).not.toMatch(/error|ENOTEMPTY/i);
  expect(final.code).toBe(0);

  await sb.git(['fsck', '--full', '--strict', '--no-dangling'], bare);
  const { rows } = await readTrend(
    { repository: `file://${bare}`, branch: 'gh-pages', dataDir: 'dev/bench' },
    { serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: temp },
    (read, location) => readHistory(read, location),
  );
  const keys = rows.map((r) => `${r.commit} ${r.case}`);
  expect(new Set(keys).size).toBe(keys.length);
  const cases = new Set(rows.filter((r) => r.commit === sha(99)).map((r) => r.case));
  expect(cases.size).toBeGreaterThan(0);
  // Every commit that landed carries the same cases as the last one: none half-written.
  for (const c of new Set(rows.map((r) => r.commit))) expect(new Set(rows.filter((r) => r.commit === c).map((r) => r.case))).toEqual(cases);
  expect((await readdir(temp)).filter((n) => n.startsWith('benchtrend-pages-'))).toEqual([]);
}, 240_000);

it('a deleted level-1 rollup is refused naming the file, never by a cleanup racing a fetch (ENOTEMPTY)', async () => {
  const remote = await sb.bareRemote('rolled');
  const target = { repository: `file://${remote}`, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default' };
  for (let n = 1; n <= rollupSize(1) + 1; n++) {
    await publishTrend(target, { points: fixturePoints(), commit: commit(n), serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: temp, publishedAt: '2024-06-01T00:00:00Z' });
  }
  const work = join(sb.root, 'rolled-work');
  await sb.git(['clone', '--quiet', '--branch', 'gh-pages', `file://${remote}`, work]);
  // Without the regression state (a trend written before it), the publish reads the chunks to build it.
  await sb.git(['rm', '--quiet', '-r', `dev/bench/${chunkPath(1, 0)}`, 'dev/bench/data/r'], work);
  await sb.git(['commit', '--quiet', '-m', 'rollup lost'], work);
  await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
  const before = await sb.revParse(remote, 'refs/heads/gh-pages');
  // Several tries: the fault was a race between the refusal and the prefetches still running.
  for (let i = 0; i < 3; i++) {
    const run = await runCli(['publish', 'warm.json', '--repo', `file://${remote}`, '--commit', sha(200 + i), '--message', 'm', '--author', 'Ada', '--timestamp', '2024-01-01T00:00:00Z'], sb.root, env());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(chunkPath(1, 0));
    expect(run.stderr).not.toContain('ENOTEMPTY');
  }
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  expect((await readdir(temp)).filter((n) => n.startsWith('benchtrend-pages-'))).toEqual([]);
}, 120_000);

it('a SIGTERM to benchtrend alone stops the push under way with it and says so; the branch is as it was and the next publish lands', async () => {
  const remote = await sb.bareRemote('stopped');
  const marker = join(sb.root, 'receiving');
  // The remote takes its time over the push; the marker says the push has reached it.
  await writeFile(join(remote, 'hooks', 'pre-receive'), `#!/bin/sh\ntouch '${marker}'\nsleep 5\n`);
  await chmod(join(remote, 'hooks', 'pre-receive'), 0o755);
  const argv = ['publish', 'warm.json', '--repo', `file://${remote}`, '--commit', sha(90), '--message', 'commit 90', '--author', 'Ada', '--timestamp', '2024-01-01T00:00:00Z'];
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...argv], { cwd: sb.root, env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  while (!existsSync(marker)) await pause(50);
  child.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(stderr.trimEnd().split('\n').at(-1)).toBe(
    'benchtrend: stopped by SIGTERM, with the git command under way; the publish may or may not have landed: benchtrend history shows what the branch holds',
  );
  // Its temporary repository went with it, not at some later publish's sweep.
  expect((await readdir(temp)).filter((n) => n.startsWith('benchtrend-pages-'))).toEqual([]);
  // Past the hook's sleep: had the push gone on, the branch would be there by now.
  await pause(5500);
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  expect(existsSync(join(remote, 'refs', 'heads', 'gh-pages.lock'))).toBe(false);
  await writeFile(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\nexit 0\n');
  const next = await runCli(argv, sb.root, env());
  expect(next.code, next.stderr).toBe(0);
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toMatch(/^[0-9a-f]{40}$/);
});

it("a cancelled job stops the action's push under way with it, and warns, its temporary repository removed; the branch is as it was", async () => {
  const remote = await sb.bareRemote('cancelled');
  const marker = join(sb.root, 'receiving-action');
  await writeFile(join(remote, 'hooks', 'pre-receive'), `#!/bin/sh\ntouch '${marker}'\nsleep 5\n`);
  await chmod(join(remote, 'hooks', 'pre-receive'), 0o755);
  const run = await runAction({
    cwd: sb.root,
    inputs: { records: 'warm.json', repository: `file://${remote}`, artifact: 'false' },
    env: { ...sb.env, GITHUB_SHA: sha(91) },
    started: (child) => {
      void (async () => {
        while (!existsSync(marker)) await pause(50);
        // The runner's first word to a cancelled step.
        child.kill('SIGINT');
      })();
    },
  });
  // Its temporary repository went with it, as the CLI's does: a self-hosted runner keeps RUNNER_TEMP.
  const left = (await readdir(run.runnerTemp, { recursive: true })).filter((n) => /(^|\/)benchtrend-pages-[^/]*$/.test(n));
  await run.dispose();
  expect(run.code).toBe(1);
  expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::stopped'))).toEqual([
    '::warning::stopped by SIGINT, with the git command under way; the publish may or may not have landed',
  ]);
  expect(left).toEqual([]);
  await pause(5500);
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  expect(existsSync(join(remote, 'refs', 'heads', 'gh-pages.lock'))).toBe(false);
});
