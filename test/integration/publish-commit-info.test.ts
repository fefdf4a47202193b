/**
 * Commit metadata from the two sources that need the outside world: git in a real checkout, and
 * the REST API over real HTTP to a local server standing in for api.github.com.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveCommitInfo } from '../../src/core/trend/commit-info.js';
import { commitFromApi, commitFromGit } from '../../src/effects/commit-info.js';
import { runAction } from '../helpers/run-action.js';
import { FIXTURES } from '../helpers/paths.js';
import { FaultProxy } from './helpers/fault-proxy.js';
import { gitSandbox, startGitServer, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
beforeEach(async () => {
  sb = await gitSandbox();
});
afterEach(async () => {
  await sb.dispose();
});

async function apiServer(answer: (path: string) => { status: number; body: unknown }) {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const { status, body } = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('commit metadata sources', () => {
  it('git log in the checkout gives the full sha, author, time and whole message', async () => {
    const repo = join(sb.root, 'app');
    await sb.git(['init', '--quiet', repo]);
    await writeFile(join(repo, 'a'), 'a');
    await sb.git(['add', 'a'], repo);
    await sb.git(['commit', '--quiet', '-m', 'Subject line\n\nBody text.'], repo);
    const sha = (await sb.git(['rev-parse', 'HEAD'], repo)).trim();
    expect(await commitFromGit(repo, sha.slice(0, 10), sb.env)).toEqual({ sha, author: 'Test', timestamp: '2024-01-02T03:04:05+00:00', message: 'Subject line\n\nBody text.' });
    expect(await commitFromGit(repo, 'f'.repeat(40), sb.env)).toBeUndefined();
    expect(await commitFromGit(sb.root, sha, sb.env)).toBeUndefined();
  });

  it('the REST API gives it when git cannot, with the token as a bearer header', async () => {
    const sha = 'c'.repeat(40);
    const api = await apiServer((path) =>
      // The Git database's commit object, as GitHub answers it: no diff to build.
      path === `/repos/acme/app/git/commits/${sha}`
        ? { status: 200, body: { sha, html_url: `https://github.com/acme/app/commit/${sha}`, message: 'From the API', author: { name: 'Ada', email: 'ada@example.com', date: '2024-03-04T05:06:07Z' }, tree: { sha: 'e'.repeat(40) }, parents: [] } }
        : { status: 404, body: { message: 'Not Found' } },
    );
    try {
      const info = await resolveCommitInfo({
        sha,
        fromGit: () => commitFromGit(sb.root, sha, sb.env),
        fromApi: () => commitFromApi({ apiUrl: api.url, repository: 'acme/app', sha, token: 'tok' }),
        fallbackTimestamp: 'never',
      });
      expect(info).toEqual({ sha, message: 'From the API', author: 'Ada', timestamp: '2024-03-04T05:06:07Z', url: `https://github.com/acme/app/commit/${sha}` });
      expect(api.seen).toHaveLength(1);
      expect(api.seen[0]!.headers.authorization).toBe('Bearer tok');
      expect(await commitFromApi({ apiUrl: api.url, repository: 'acme/other', sha })).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it('an API failure is reported and the publish still gets the sha and a time', async () => {
    const api = await apiServer(() => ({ status: 500, body: { message: 'boom' } }));
    try {
      const failures: string[] = [];
      const info = await resolveCommitInfo({
        sha: 'd'.repeat(40),
        fromApi: () => commitFromApi({ apiUrl: api.url, repository: 'acme/app', sha: 'd'.repeat(40) }),
        onSourceError: (s, e) => failures.push(`${s}: ${(e as Error).message}`),
        fallbackTimestamp: '2030-01-01T00:00:00Z',
      });
      expect(info).toEqual({ sha: 'd'.repeat(40), message: '', author: '', timestamp: '2030-01-01T00:00:00Z' });
      expect(failures).toEqual([`api: GET ${api.url}/repos/acme/app/git/commits/${'d'.repeat(40)} answered 500 Internal Server Error`]);
    } finally {
      await api.close();
    }
  });

  it('a partial clone that lacks the commit and whose remote never answers costs the request bound, not the job', async () => {
    const server = await startGitServer({ root: sb.root, env: sb.env });
    await using proxy = await FaultProxy.start(new URL(server.origin));
    try {
      const app = await sb.bareRemote('app');
      const src = join(sb.root, 'src');
      await sb.git(['clone', '--quiet', app, src]);
      const commit = async (file: string) => {
        await writeFile(join(src, file), file);
        await sb.git(['add', file], src);
        await sb.git(['commit', '--quiet', '-m', file], src);
        await sb.git(['push', '--quiet', 'origin', 'HEAD:main'], src);
      };
      await commit('a');
      // The checkout as actions/checkout makes it with `filter: blob:none`: its remote is a promisor,
      // so git fetches from it whatever object it lacks, the commit benched included.
      const workspace = join(sb.root, 'workspace');
      await sb.git(['clone', '--quiet', '--filter=blob:none', proxy.via(server.url('app')), workspace]);
      await commit('b');
      const sha = (await sb.git(['rev-parse', 'HEAD'], src)).trim();
      await copyFile(join(FIXTURES, 'records/warm.json'), join(workspace, 'warm.json'));
      const trend = await sb.bareRemote('trend');
      proxy.fault = { kind: 'stall' };
      const started = performance.now();
      const run = await runAction({
        cwd: workspace,
        inputs: { records: 'warm.json', repository: trend, artifact: 'false' },
        event: { name: 'push', payload: {} },
        // No API to ask either (nothing listens on port 9): the points go without message and author.
        env: { ...sb.env, GITHUB_SHA: sha, GITHUB_API_URL: 'http://127.0.0.1:9', BENCHTREND_REQUEST_TIMEOUT_MS: '1500' },
      });
      await run.dispose();
      expect(performance.now() - started).toBeLessThan(30_000);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain(`::warning::No message or author found for commit ${sha.slice(0, 7)} (not in the event, not in the checkout, and the API failed`);
      expect(run.outputs['published-commit']).toBe(await sb.revParse(trend, 'refs/heads/gh-pages'));
    } finally {
      await server.close();
    }
  }, 150_000);
});
