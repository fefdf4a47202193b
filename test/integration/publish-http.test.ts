/**
 * Publishing over smart HTTP through `git http-backend`, as to GitHub: the token travels only in
 * an Authorization header, a read-only token is told apart, and eight publishers racing for one
 * branch all land.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHistory } from '../../src/core/trend/history.js';
import type { Manifest } from '../../src/core/trend/types.js';
import { GitTransientError, PushPermissionError, PushRefusedError } from '../../src/effects/gh-pages.js';
import { sleepMs } from '../../src/effects/retry.js';
import { publishSecrets, publishTrend, readTrend, type PublishContext, type PublishSettings } from '../../src/jobs/publish.js';
import { commit, fixturePoints, syntheticPoints } from '../unit/trend-memory.js';
import { gitSandbox, startGitServer, type GitSandbox, type GitServer } from './helpers/git-server.js';
import { runCli } from '../helpers/run-action.js';

const TOKEN = 'ghs_test0123456789abcdefTOKEN';
const READ_ONLY = 'ghs_readonly0123456789abcdef';
const HEADER = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

let sb: GitSandbox;
let server: GitServer;

beforeEach(async () => {
  sb = await gitSandbox();
  await sb.bareRemote('trend');
  server = await startGitServer({ root: sb.root, env: sb.env, tokens: { [TOKEN]: 'write', [READ_ONLY]: 'read' } });
});
afterEach(async () => {
  await server.close();
  await sb.dispose();
});

/** Fetches (each opens with the ref advertisement) since the request numbered `from`. */
function fetchesSince(from: number): number {
  return server.requests.slice(from).filter((r) => r.url.endsWith('/info/refs?service=git-upload-pack')).length;
}

function settings(extra: Partial<PublishSettings> = {}): PublishSettings {
  return { repository: server.url('trend'), branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 8, token: TOKEN, ...extra };
}

function context(n: number, points = syntheticPoints(4, n)): PublishContext {
  return { points, commit: commit(n), serverUrl: server.origin, cwd: sb.root, env: sb.env, tempRoot: join(sb.root, 'tmp'), publishedAt: '2024-06-01T00:00:00Z' };
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

describe('publishing over HTTP', () => {
  it('sends the token only as an Authorization header: never in a URL, a file on disk or a log line', async () => {
    const logs: string[] = [];
    const onDisk: string[] = [];
    const result = await publishTrend(settings(), context(1, fixturePoints()), {
      log: (l) => logs.push(l),
      // Runs while the temporary repository exists: nothing under the temp folder may hold the token.
      alerts: async ({ previous }) => {
        for (const file of await filesUnder(join(sb.root, 'tmp'))) {
          const text = await readFile(file, 'latin1');
          if (text.includes(TOKEN) || text.includes(HEADER)) onDisk.push(file);
        }
        return previous;
      },
    });
    expect(onDisk).toEqual([]);
    expect(await sb.revParse(join(sb.root, 'trend.git'), 'refs/heads/gh-pages')).toBe(result.commit);

    // A missing branch: one fetch that finds no gh-pages, one push that creates it.
    expect(server.requests.map((r) => `${r.method} ${r.url.replace(/^\/trend\.git/, '')}`)).toEqual([
      'GET /info/refs?service=git-upload-pack',
      'POST /git-upload-pack',
      'GET /info/refs?service=git-receive-pack',
      'POST /git-receive-pack',
    ]);
    expect(server.requests.filter((r) => r.url.includes('git-receive-pack') && r.method === 'POST')).toHaveLength(1);
    for (const r of server.requests) {
      expect(r.headers.authorization).toBe(`basic ${HEADER}`);
      expect(r.url).not.toContain(TOKEN);
      expect(r.url).not.toContain(HEADER);
      expect(r.status).toBe(200);
    }
    for (const line of logs) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(HEADER);
    }
    expect(publishSecrets(server.origin, TOKEN)).toEqual([TOKEN, HEADER]);
    expect(await readdir(join(sb.root, 'tmp'))).toEqual([]);
  });

  it('publishes and reads through a remote that refuses a tree filter deeper than 0, as github.com does', async () => {
    await publishTrend(settings(), context(1));
    // The stand-in answers as GitHub's upload-pack does: tree:0 and blob:none, nothing deeper.
    const probe = join(sb.root, 'probe');
    await sb.git(['init', '--quiet', '--bare', probe]);
    const fetchWith = (filter: string) =>
      sb.git(['-c', `http.extraHeader=Authorization: Basic ${HEADER}`, 'fetch', '--quiet', '--depth=1', `--filter=${filter}`, server.url('trend'), 'gh-pages'], probe);
    await expect(fetchWith('tree:1')).rejects.toThrow(/tree filter allows max depth 0, but got 1/);
    await fetchWith('tree:0');
    await publishTrend(settings(), context(2));
    const { rows } = await readTrend({ repository: server.url('trend'), branch: 'gh-pages', dataDir: 'dev/bench', token: TOKEN }, context(0), async (read, location) => readHistory(read, location));
    expect(new Set(rows.map((r) => r.commit))).toEqual(new Set([commit(1).sha, commit(2).sha]));
  });

  it('fetches the same handful of objects whatever the history holds', async () => {
    for (let i = 0; i < 3; i++) await publishTrend(settings(), context(i));
    const before = server.requests.length;
    await publishTrend(settings(), context(9));
    // The tip alone (GitHub refuses a deeper tree filter), then what its trailer says the last
    // publish read, in two requests: the even levels from the root and the odd ones.
    expect(fetchesSince(before)).toBe(3);
    // What it read, rewritten where it wrote, is named for the next publish: the manifest, the
    // folder of chunks and the small file it added there; not the chunks earlier publishes wrote,
    // which none reads back.
    const bare = join(sb.root, 'trend.git');
    const trailer = (await sb.git(['log', '-1', '--format=%B', 'gh-pages'], bare)).split('\n').find((l) => l.startsWith('Benchtrend-Reads: ')) ?? '';
    const at = async (path: string) => (await sb.git(['rev-parse', `gh-pages:${path}`], bare)).trim();
    const chunks = (await sb.git(['ls-tree', '--name-only', 'gh-pages:dev/bench/data/c/0/0000'], bare)).trim().split('\n');
    expect(chunks).toHaveLength(4);
    for (const path of ['dev/bench/manifest.json', 'dev/bench/data/newest.json', 'dev/bench/data/c/0/0000', `dev/bench/data/c/0/0000/${chunks.at(-1)}`]) expect(trailer).toContain(await at(path));
    for (const chunk of chunks.slice(0, -1)) expect(trailer).not.toContain(await at(`dev/bench/data/c/0/0000/${chunk}`));
    const { rows } = await readTrend({ repository: server.url('trend'), branch: 'gh-pages', dataDir: 'dev/bench', token: TOKEN }, context(0), async (read, location) => readHistory(read, location));
    expect(new Set(rows.map((r) => r.commit))).toEqual(new Set([0, 1, 2, 9].map((i) => commit(i).sha)));
  });

  it('keeps naming what a suite read while the others publish, so suites in turn each make 3 fetches', async () => {
    const fetches: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const suite of ['linux', 'macos', 'windows']) {
        const before = server.requests.length;
        await publishTrend(settings({ suite }), context(round));
        fetches.push(fetchesSince(before));
      }
    }
    // The first round creates the branch and each suite's state, which no publish has read yet:
    // the second round still walks down to each (4). From the third on, each suite's state was
    // read by its own last publish and kept named by the publishes in between.
    expect(fetches.slice(3, 6)).toEqual([4, 4, 4]);
    expect(fetches.slice(6)).toEqual([3, 3, 3]);
    const trailer = (await sb.git(['log', '-1', '--format=%B', 'gh-pages'], join(sb.root, 'trend.git'))).split('\n').find((l) => l.startsWith('Benchtrend-Reads: ')) ?? '';
    for (const [suite, age] of [
      ['linux', 2],
      ['macos', 1],
    ] as const) {
      const head = (await sb.git(['rev-parse', `gh-pages:dev/bench/data/r/${suite === 'linux' ? '0000' : '0001'}/head.json`], join(sb.root, 'trend.git'))).trim();
      expect(trailer).toContain(`${head}~${age}`);
    }
  });

  it('walks level by level from a tip without the trailer, or whose trailer names objects the remote lacks, and lands', async () => {
    for (let i = 0; i < 2; i++) await publishTrend(settings(), context(i));
    // A commit of the user's on top (a README on gh-pages), then one whose trailer names an
    // object nobody has and, in one half, a folder beside its own entry.
    const work = join(sb.root, 'work');
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', join(sb.root, 'trend.git'), work]);
    await writeFile(join(work, 'README.md'), 'benchmarks\n');
    await sb.git(['add', 'README.md'], work);
    await sb.git(['commit', '--quiet', '-m', 'a readme'], work);
    await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
    let before = server.requests.length;
    await publishTrend(settings(), context(2));
    // The tip, then one round per level of the walk to data/c/0/<a> (and beside it to the
    // regression state's data/r/<suite>/head.json): the root, dev, bench, data (with the
    // manifest), c and r, 0 and <suite>, <a> and the head.
    expect(fetchesSince(before)).toBe(8);
    before = server.requests.length;
    await publishTrend(settings(), context(3));
    expect(fetchesSince(before)).toBe(3);

    await sb.git(['pull', '--quiet', '--ff-only', 'origin', 'gh-pages'], work);
    const dev = (await sb.git(['rev-parse', 'HEAD:dev'], work)).trim();
    const bench = (await sb.git(['rev-parse', 'HEAD:dev/bench'], work)).trim();
    for (const [n, trailer] of [`Benchtrend-Reads: ${'0'.repeat(40)}`, `Benchtrend-Reads: ${dev} ${bench}`].entries()) {
      await sb.git(['commit', '--quiet', '--allow-empty', '-m', `by hand\n\n${trailer}`], work);
      await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
      before = server.requests.length;
      await publishTrend(settings(), context(4 + n));
      // The tip, the request the remote could not answer in full, then the walk's seven.
      expect(fetchesSince(before)).toBe(9);
      await sb.git(['pull', '--quiet', '--ff-only', 'origin', 'gh-pages'], work);
    }
    const { rows } = await readTrend({ repository: server.url('trend'), branch: 'gh-pages', dataDir: 'dev/bench', token: TOKEN }, context(0), async (read, location) => readHistory(read, location));
    expect(new Set(rows.map((r) => r.commit))).toEqual(new Set([0, 1, 2, 3, 4, 5].map((i) => commit(i).sha)));
    expect(await readFile(join(work, 'README.md'), 'utf8')).toBe('benchmarks\n');
  });

  it('tells a read-only token apart, so the action can warn and go on', async () => {
    await publishTrend(settings(), context(1));
    const before = await sb.revParse(join(sb.root, 'trend.git'), 'refs/heads/gh-pages');
    const error = await publishTrend(settings({ token: READ_ONLY }), context(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushPermissionError);
    expect((error as Error).message).toContain('Permission to owner/trend.git denied to github-actions[bot].');
    expect((error as Error).message).not.toContain(READ_ONLY);
    expect(await sb.revParse(join(sb.root, 'trend.git'), 'refs/heads/gh-pages')).toBe(before);
  });

  it('fails without prompting when no token is given to a server that wants one', async () => {
    const error = await publishTrend(settings({ token: undefined as unknown as string }), context(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushRefusedError);
    // git's own words name no cure; the line ends with one.
    expect((error as Error).message).toMatch(/^cannot read http:\/\/127\.0\.0\.1:\d+\/trend\.git: .*(?:401|Authentication failed|could not read Username).*; check the github-token$/);
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('tells a CLI user without a token, or with one refused, to give it by --token-env', async () => {
    await publishTrend(settings(), context(1));
    const cure = '; give a token that may read it (and push, to publish) in the variable --token-env names, or check the one given\n';
    for (const args of [['history', '--repo', server.url('trend')], ['alerts', '--repo', server.url('trend'), '--server', server.origin, '--token-env', 'BAD']]) {
      const r = await runCli(args, sb.root, { ...sb.env, BAD: 'ghs_refused0123456789' });
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/^benchtrend: cannot read http:\/\/127\.0\.0\.1:\d+\/trend\.git: [^\n]+\n$/);
      expect(r.stderr.endsWith(cure), r.stderr).toBe(true);
      expect(r.stderr).not.toContain('github-token');
    }
    const served = await runCli(['serve', '--repo', server.url('trend')], sb.root, sb.env);
    expect(served.code).toBe(1);
    expect(served.stderr).toMatch(/^benchtrend: serve: cannot check out gh-pages of \S+: git could not fetch it \([^\n]*\); give a token that may read it/);
  });

  it('lands every one of 8 publishers started at once', async () => {
    const attempts: number[] = [];
    const results = await Promise.all(
      [...Array(8).keys()].map(async (i) => {
        const r = await publishTrend(settings(), context(10 + i), { retryBaseMs: 50 });
        attempts.push(r.attempts);
        return r;
      }),
    );
    expect(new Set(results.map((r) => r.commit)).size).toBe(8);
    const { manifest, rows } = await readTrend(
      { repository: server.url('trend'), branch: 'gh-pages', dataDir: 'dev/bench', token: TOKEN },
      context(0),
      async (read, location) => readHistory(read, location),
    );
    expect((manifest as Manifest).segments).toBe(8);
    expect(new Set(rows.map((r) => r.commit))).toEqual(new Set([...Array(8).keys()].map((i) => commit(10 + i).sha)));
    for (let i = 0; i < 8; i++) {
      const mine = rows.filter((r) => r.commit === commit(10 + i).sha);
      expect(mine.map((r) => r.value)).toEqual(syntheticPoints(4, 10 + i).map((p) => p.value));
    }
    // Races happened and were retried: one push lands per round, so some publishers needed more.
    expect(Math.max(...attempts)).toBeGreaterThan(1);
    expect(Math.max(...attempts)).toBeLessThanOrEqual(8);
  });

  it('gives a remote that keeps failing the network budget in all, from its first failure, its waits included', async () => {
    // Every request answered 503: each attempt fails at once, and only the waits between them pass time.
    const down = createServer((req, res) => {
      req.resume();
      res.writeHead(503).end('unavailable');
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    const waits: number[] = [];
    const started = performance.now();
    try {
      const error = await publishTrend(
        { repository: `${origin}/trend.git`, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', token: TOKEN },
        { ...context(1), serverUrl: origin, bounds: { requestMs: 2000, budgetMs: 6000, raceBudgetMs: 300_000 } },
        // The longest wait each time: 0.5, 1, 2, 4 s, which took it to 7.9 s, past the 6 s.
        { retryBaseMs: 500, random: () => 0.99, sleep: (ms) => (waits.push(ms), sleepMs(ms)) },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitTransientError);
      expect((error as Error).message).toMatch(/^fetching from http:\/\/127\.0\.0\.1:\d+\/trend\.git failed: .*503 \(gave up after \d+ attempts in [\d.]+ s\)$/);
      // The budget runs from the first failure; half a second more covers opening the repository.
      expect(performance.now() - started).toBeLessThan(6500);
      expect(waits.length).toBeGreaterThan(2);
    } finally {
      down.closeAllConnections();
      await new Promise<void>((resolve) => down.close(() => resolve()));
    }
  });
});
