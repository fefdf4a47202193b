/**
 * Issue #15 rows 3 and 10 through the bundled product: 32 `node dist/cli.js publish` processes
 * started together, with the default settings, over smart HTTP (`git http-backend`) and over
 * file://. Every one exits 0, every point is in `benchtrend history` exactly once, git fsck is
 * clean, and none prints ENOTEMPTY or leaves its temporary repository behind.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, startGitServer, type GitSandbox, type GitServer } from './helpers/git-server.js';

const TOKEN = 'ghs_cliRaceTOKEN0123456789abcdef';
const N = 32;
/** file:// races the same code over a cheaper transport; the ENOTEMPTY it showed took a handful of racers, not 32. */
const FILE_N = 12;

let sb: GitSandbox;
let server: GitServer;

beforeAll(async () => {
  sb = await gitSandbox();
  server = await startGitServer({ root: sb.root, env: sb.env, tokens: { [TOKEN]: 'write' } });
  await copyFile(join(FIXTURES, 'records/warm.json'), join(sb.root, 'warm.json'));
});
afterAll(async () => {
  await server.close();
  await sb.dispose();
});

const sha = (n: number) => n.toString(16).padStart(2, '0').repeat(20);

interface Exit {
  readonly n: number;
  readonly code: number | null;
  readonly stderr: string;
}

/** One publisher as a process of its own, the way a job runs it; no timeout but the product's. */
function publisher(n: number, repo: string, temp: string, extra: readonly string[]): Promise<Exit> {
  const args = ['publish', 'warm.json', '--repo', repo, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', '2024-01-01T00:00:00Z', ...extra];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], {
      cwd: sb.root,
      env: { ...sb.env, RUNNER_TEMP: temp, BENCH_TOKEN: TOKEN },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ n, code, stderr }));
  });
}

async function race(repo: string, name: string, extra: readonly string[] = [], n = N): Promise<{ exits: Exit[]; temp: string }> {
  const temp = join(sb.root, `${name}-temp`);
  await mkdir(temp);
  const exits = await Promise.all([...Array(n).keys()].map((i) => publisher(i + 1, repo, temp, extra)));
  return { exits, temp };
}

/** Each publisher's commit in `benchtrend history` (JSON), with how many of its rows there are. */
async function landed(repo: string, extra: readonly string[] = []): Promise<Map<string, number>> {
  const run = await runCli(['history', '--repo', repo, ...extra], sb.root, { ...sb.env, BENCH_TOKEN: TOKEN });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const rows = JSON.parse(run.stdout) as { commit: string; case: string }[];
  const keys = rows.map((r) => `${r.commit} ${r.case}`);
  // No point is stored twice.
  expect(new Set(keys).size).toBe(keys.length);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.commit, (counts.get(r.commit) ?? 0) + 1);
  return counts;
}

function expectAllLanded(exits: readonly Exit[], counts: Map<string, number>, n = N): void {
  // A landed publish never reports failure, and none prints a cleanup racing a fetch.
  // (A lost race's retry line may quote git's own "error: cannot lock ref"; that is not a failure.)
  const failed = exits.filter((e) => e.code !== 0 || /ENOTEMPTY|^benchtrend: (?!Publishing|Attempt \d+ did not land|Published)/m.test(e.stderr));
  expect(failed.map((e) => `${e.n}: exit ${e.code}: ${e.stderr.trim()}`)).toEqual([]);
  expect(exits.every((e) => /^benchtrend: Published [0-9a-f]{40} to gh-pages/m.test(e.stderr))).toBe(true);
  expect(exits).toHaveLength(n);
  expect(counts.size).toBe(n);
  const perCommit = counts.get(sha(1));
  expect(perCommit).toBeGreaterThan(0);
  for (let i = 1; i <= n; i++) expect(counts.get(sha(i))).toBe(perCommit);
}

describe('publisher processes of the bundled CLI at once, default settings', () => {
  it('32 over smart HTTP: all land, each point once in history, git fsck clean, no temporary folder left', async () => {
    const bare = await sb.bareRemote('http-race');
    const auth = ['--server', server.origin, '--token-env', 'BENCH_TOKEN'];
    const { exits, temp } = await race(server.url('http-race'), 'http', auth);
    expectAllLanded(exits, await landed(server.url('http-race'), auth));
    await sb.git(['fsck', '--full', '--strict', '--no-dangling'], bare);
    expect((await readdir(temp)).filter((f) => f.startsWith('benchtrend-pages-'))).toEqual([]);
  }, 400_000);

  it('12 over file://: all land, none exits 1 after its point landed, no ENOTEMPTY, git fsck clean', async () => {
    const bare = await sb.bareRemote('file-race');
    const { exits, temp } = await race(`file://${bare}`, 'file', [], FILE_N);
    expectAllLanded(exits, await landed(`file://${bare}`), FILE_N);
    await sb.git(['fsck', '--full', '--strict', '--no-dangling'], bare);
    expect((await readdir(temp)).filter((f) => f.startsWith('benchtrend-pages-'))).toEqual([]);
  }, 400_000);
});
