/**
 * Issue #15, the network half: every fault of the loopback proxy against every effect, through the
 * bundled action (`node dist/index.js`), with the timeouts shortened through the environment so
 * that a fault costs seconds, not the minute the defaults allow. Each faulty run must end on its
 * own: the harness' 120 s kill would turn a hang into a failed test.
 */
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction, type ActionRun } from '../helpers/run-action.js';
import { FIXTURES } from '../helpers/paths.js';
import { FAULTS, FaultProxy, type Fault } from './helpers/fault-proxy.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, startGitServer, type GitSandbox, type GitServer } from './helpers/git-server.js';
import { artifactEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

const TOKEN = 'ghs_faultTOKEN0123456789abcdef';
const SHA = 'ab'.repeat(20);
/** Short bounds so a fault costs seconds; the defaults (20 s, 60 s) are what the docs state. */
const FAST = { BENCHTREND_REQUEST_TIMEOUT_MS: '1500', BENCHTREND_NETWORK_BUDGET_MS: '4000' };
const HEAD = { head_commit: { id: SHA, message: 'faster parser', timestamp: '2024-01-01T00:01:00Z', author: { name: 'Ada' } } };

let sb: GitSandbox;
let bare: string;

beforeEach(async () => {
  sb = await gitSandbox();
  bare = await sb.bareRemote('trend');
  await copyFile(join(FIXTURES, 'records/warm.json'), join(sb.root, 'warm.json'));
});
afterEach(async () => {
  await sb.dispose();
});

function label(f: Fault): string {
  return f.kind;
}

/** A slow service that answers gets a real budget; the short one is for the faults that must give up. */
function budget(f: Fault): Record<string, string> {
  return f.kind === 'latency' ? { BENCHTREND_NETWORK_BUDGET_MS: '30000' } : {};
}

async function act(inputs: Record<string, string>, env: Record<string, string>, payload: unknown = HEAD): Promise<ActionRun> {
  const run = await runAction({
    cwd: sb.root,
    inputs: { records: 'warm.json', 'github-token': TOKEN, artifact: 'false', ...inputs },
    event: { name: 'push', payload },
    env: { ...sb.env, GITHUB_SHA: SHA, ...FAST, ...env },
  });
  await run.dispose();
  return run;
}

const tip = () => sb.revParse(bare, 'refs/heads/gh-pages');

describe('git over HTTP behind a faulty proxy', () => {
  let server: GitServer;
  let proxy: FaultProxy;
  beforeEach(async () => {
    server = await startGitServer({ root: sb.root, env: sb.env });
    proxy = await FaultProxy.start(new URL(server.origin));
  });
  afterEach(async () => {
    await proxy.close();
    await server.close();
  });

  for (const fault of FAULTS) {
    it(`${label(fault)}: ${fault.kind === 'latency' ? 'lands' : 'fails on its own, naming the remote and what went wrong, the branch untouched'}`, async () => {
      proxy.fault = fault;
      // A publish's dozen round trips at 50 ms each way can pass 4 s on a loaded machine.
      const run = await act({ repository: proxy.via(server.url('trend')) }, { GITHUB_SERVER_URL: proxy.url, ...budget(fault) });
      if (fault.kind === 'latency') {
        expect(run.code).toBe(0);
        expect(run.outputs['published-commit']).toBe(await tip());
        return;
      }
      expect(run.code).toBe(1);
      const error = run.stdout.split('\n').find((l) => l.startsWith('::error::')) ?? '';
      expect(error).toContain(`${proxy.url}/trend.git`);
      expect(error).toMatch(/gave up after \d+ attempts? in [\d.]+ s/);
      // The remote's own words: git's message about the connection, or the timeout that cut it.
      expect(error).toMatch(fault.kind === 'reset' ? /Connection reset|Recv failure|unexpected disconnect|early EOF|hung up/i : /timed out|no answer from the remote|too slow|Operation too slow/i);
      expect(error).not.toContain(TOKEN);
      expect(await tip()).toBeUndefined();
    }, 60_000);
  }
});

describe('the REST API behind a faulty proxy', () => {
  let api: GitHubApiServer;
  let proxy: FaultProxy;
  beforeEach(async () => {
    api = await GitHubApiServer.start();
    proxy = await FaultProxy.start(new URL(api.url));
  });
  afterEach(async () => {
    await proxy.close();
    await api.close();
  });

  for (const fault of FAULTS) {
    it(`${label(fault)}: the data lands, a missing commit's metadata and the comment are warnings, exit 0`, async () => {
      proxy.fault = fault;
      // No head_commit: the metadata must come from the API, which is behind the fault too.
      const run = await act({ repository: `file://${bare}`, 'comment-always': 'true' }, { GITHUB_API_URL: proxy.via(api.url), ...budget(fault) }, {});
      expect(run.code).toBe(0);
      expect(run.outputs['published-commit']).toBe(await tip());
      const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning'));
      if (fault.kind === 'latency') {
        expect(api.commitComments.get(SHA)).toHaveLength(1);
        // The stand-in knows no commits: the API answered 404, which is said too.
        expect(warnings.join('\n')).toContain(`No message or author found for commit ${SHA.slice(0, 7)}`);
        return;
      }
      expect(warnings.some((w) => w.includes(`No message or author found for commit ${SHA.slice(0, 7)}`) && w.includes('the API failed'))).toBe(true);
      expect(warnings.some((w) => w.includes(`commit comment on ${SHA.slice(0, 7)} not written`))).toBe(true);
      expect(run.stdout.split('\n').filter((l) => l.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);
    }, 60_000);
  }

  it('a 403 with x-ratelimit-remaining: 0 is a rate limit: waited out until its reset, then the comment is written', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 1);
    api.failNext({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, body: { message: 'API rate limit exceeded' }, times: 1 });
    const run = await act({ repository: `file://${bare}`, 'comment-always': 'true' }, { GITHUB_API_URL: api.url });
    expect(run.code).toBe(0);
    expect(api.commitComments.get(SHA)).toHaveLength(1);
    expect(run.stdout).not.toMatch(/permission/i);
    expect(api.requests.filter((r) => r.status === 403)).toHaveLength(1);
  }, 60_000);

  it('a rate limit that resets beyond the budget is said to be one, not a permission problem', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 3600);
    api.failNext({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, body: { message: 'API rate limit exceeded' } });
    const run = await act({ repository: `file://${bare}`, 'comment-always': 'true' }, { GITHUB_API_URL: api.url });
    expect(run.code).toBe(0);
    const warning = run.stdout.split('\n').find((l) => l.includes('not written')) ?? '';
    expect(warning).toMatch(/rate limited by the GitHub API for another \d+ s/);
    expect(warning).not.toMatch(/permission/i);
  }, 60_000);
});

describe('the artifact service behind a faulty proxy', () => {
  let svc: ResultsService;
  let proxy: FaultProxy;
  beforeEach(async () => {
    svc = await startResultsService();
    proxy = await FaultProxy.start(new URL(svc.url));
  });
  afterEach(async () => {
    await proxy.close();
    await svc.close();
  });

  for (const fault of FAULTS) {
    it(`${label(fault)}: the publish lands and the evidence ${fault.kind === 'latency' ? 'is uploaded' : 'is a warning'}, exit 0`, async () => {
      proxy.fault = fault;
      const env = { ...artifactEnv(svc, 'run-fault', 'job-1'), ACTIONS_RESULTS_URL: `${proxy.url}/`, ...budget(fault) };
      const run = await act({ repository: `file://${bare}`, artifact: 'true' }, env);
      expect(run.code).toBe(0);
      expect(run.outputs['published-commit']).toBe(await tip());
      if (fault.kind === 'latency') {
        expect(run.outputs['artifact-id']).toMatch(/^\d+$/);
        return;
      }
      expect(run.outputs['artifact-id']).toBeUndefined();
      expect(run.stdout.split('\n').some((l) => l.startsWith('::warning') && l.includes('was not uploaded'))).toBe(true);
    }, 60_000);
  }
});

describe('the token stays with its server', () => {
  it("is not in the environment of a file:// remote's hooks", async () => {
    const seen = join(sb.root, 'hook-env.txt');
    await writeFile(join(bare, 'hooks', 'pre-receive'), `#!/bin/sh\nenv > '${seen}'\nexit 0\n`);
    await chmod(join(bare, 'hooks', 'pre-receive'), 0o755);
    const run = await act({ repository: `file://${bare}` }, {});
    expect(run.code).toBe(0);
    const env = await readFile(seen, 'utf8');
    expect(env).toContain('GIT_DIR');
    expect(env).not.toMatch(/extraheader|AUTHORIZATION/i);
    expect(env).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
  });

  it('is not sent on to where a git server redirects: the redirect is refused in one line, nothing pushed', async () => {
    const server = await startGitServer({ root: sb.root, env: sb.env });
    // The token's server answers every request with a redirect to another host (localhost, not 127.0.0.1).
    const elsewhere = `http://localhost:${new URL(server.origin).port}`;
    const redirecting = createServer((req, res) => {
      req.resume();
      res.writeHead(302, { location: `${elsewhere}${req.url ?? '/'}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      const run = await act({ repository: `${origin}/trend.git` }, { GITHUB_SERVER_URL: origin });
      expect(server.requests.filter((r) => r.headers.authorization !== undefined)).toEqual([]);
      expect(run.code).toBe(1);
      expect(run.stdout.split('\n').filter((l) => l.startsWith('::error::'))).toEqual([
        `::error::${origin}/trend.git answered with a redirect (HTTP 302), which benchtrend does not follow with the token, so that it never reaches another host; give repository as the address the repository has now`,
      ]);
      expect(await tip()).toBeUndefined();
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
      await server.close();
    }
  });

  it('a token written into the repository URL as its user name is masked, and out of every line git prints', async () => {
    const server = await startGitServer({ root: sb.root, env: sb.env, tokens: { [TOKEN]: 'write' } });
    const secret = 'ghp_inURL0123456789abcdefSECRET';
    try {
      const run = await act({ repository: server.url('trend').replace('http://', `http://${secret}@`) }, {});
      expect(run.code).toBe(1);
      // Sent as the Basic header's user and turned down, git asked for another user.
      expect(run.stdout.split('\n').filter((l) => l.startsWith('::error::'))).toEqual([
        `::error::cannot read ${server.url('trend').replace('http://', 'http://***@')}: fatal: could not read Username for '${server.origin}': terminal prompts disabled; check the github-token`,
      ]);
      expect(run.stdout.split('\n').filter((l) => l.includes(secret))).toEqual([`::add-mask::${secret}`]);
      expect(run.stderr).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});

describe('a server that does not speak git', () => {
  it('answering a sign-in page is said to be no git server, in one line, and not retried', async () => {
    const page = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    try {
      const run = await act({ repository: `${origin}/trend.git` }, {});
      expect(run.code).toBe(1);
      const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(new RegExp(`^::error::${origin.replace(/[.:/]/g, '\\$&')}/trend\\.git did not answer as a git server \\(not git's smart HTTP protocol: a sign-in page or a proxy in front of it\\?\\), so nothing could be pushed: .*; check the repository's address$`));
      expect(run.stdout).not.toContain('did not land');
    } finally {
      page.closeAllConnections();
      await new Promise<void>((resolve) => page.close(() => resolve()));
    }
  });
});

describe('a publish the remote turns away, not tried again', () => {
  it('says in one line what was not published and that the trend is untouched: a fetch refused, a push refused', async () => {
    const forbidding = createServer((req, res) => {
      req.resume();
      res.writeHead(403).end('forbidden');
    });
    await new Promise<void>((resolve) => forbidding.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(forbidding.address() as AddressInfo).port}`;
    // A branch a hook protects: the remote refuses the push itself.
    await writeFile(join(bare, 'hooks', 'pre-receive'), '#!/bin/sh\necho "protected branch" >&2\nexit 1\n');
    await chmod(join(bare, 'hooks', 'pre-receive'), 0o755);
    try {
      for (const repository of [`${origin}/trend.git`, bare]) {
        const run = await act({ repository }, {});
        expect(run.code).toBe(1);
        const lines = run.stdout.split('\n');
        expect(lines.filter((l) => l.startsWith('Not published'))).toEqual([`Not published: 4 points of suite "default" at ${SHA.slice(0, 7)}; the trend on ${repository} (gh-pages:dev/bench) is untouched`]);
        expect(lines.filter((l) => l.startsWith('::error::'))).toHaveLength(1);
      }
      expect(await tip()).toBeUndefined();
    } finally {
      forbidding.closeAllConnections();
      await new Promise<void>((resolve) => forbidding.close(() => resolve()));
    }
  });
});
