/**
 * A first bench of a commit older than the trend's newest (a workflow_dispatch on an old tag, a
 * bisect): an ancestor of commits already published is history, not news, told from the real git
 * history of the checkout, or from the REST API's compare when the checkout is a shallow clone
 * (actions/checkout's default). A main rewritten by a force-push is news as ever. Real git, the
 * bundled action, a local stand-in for the REST API answering from the same git history.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Random } from '../../src/core/regress/prng.js';
import { runAction } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { publishWarmHistory, warmRecord } from './helpers/warm-history.js';

const TOKEN = 'ghs_olderTOKEN0123456789';

/** The REST calls these runs make, answered from the project's real history: compare, and 404 for the rest. */
class CompareApi {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly requests: { method: string; url: string }[],
  ) {}

  static async start(project: string, env: Record<string, string>): Promise<CompareApi> {
    const requests: { method: string; url: string }[] = [];
    const isAncestor = (a: string, b: string) =>
      new Promise<boolean>((resolve) => execFile('git', ['merge-base', '--is-ancestor', a, b], { cwd: project, env }, (err) => resolve(!err)));
    const server = createServer((req, res) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '' });
      const m = /^\/repos\/owner\/repo\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})(?:\?|$)/.exec(req.url ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET' || !m) return send(404, { message: 'Not Found' });
      const [, base, head] = m as unknown as [string, string, string];
      void Promise.all([isAncestor(base, head), isAncestor(head, base)]).then(([ahead, behind]) =>
        send(200, { status: base === head ? 'identical' : ahead ? 'ahead' : behind ? 'behind' : 'diverged', base_commit: { sha: base }, commits: [] }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return new CompareApi(server, `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, requests);
  }

  writes() {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  compares() {
    return this.requests.filter((r) => r.url.includes('/compare/'));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sb: GitSandbox;
let project: string;
let remote: string;
let commits: string[];
let api: CompareApi;

beforeEach(async () => {
  sb = await gitSandbox('benchtrend-older-');
  project = join(sb.root, 'project');
  await sb.git(['init', '--quiet', '--initial-branch=main', project]);
  commits = [];
  for (let n = 0; n < 14; n++) {
    // Dated as the trend says (the author date is what the checkout reports of a commit).
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', `commit ${n}`, `--date=2024-01-01T00:00:${String(n).padStart(2, '0')}Z`], project);
    commits.push((await sb.git(['rev-parse', 'HEAD'], project)).trim());
    if (n === 1) await sb.git(['tag', 'v0.1'], project);
  }
  // The trend holds commits 2 to 13, quiet, judged as the action judges them.
  remote = await sb.bareRemote('site');
  await publishWarmHistory(sb, remote, 13, new Random(41), { first: 2, shaOf: (n) => commits[n] as string });
  api = await CompareApi.start(project, sb.env);
});
afterEach(async () => {
  await api.close();
  await sb.dispose();
});

/** The bundled action in checkout `ws`, benching commit `sha` 60% slower than the trend. */
async function benchSlower(ws: string, sha: string, event: { name: string; payload: unknown }) {
  await writeFile(join(ws, 'warm.json'), warmRecord(new Random(7), 1.6));
  const run = await runAction({
    cwd: ws,
    inputs: { records: 'warm.json', repository: remote, 'github-token': TOKEN, artifact: 'false', 'comment-always': 'true', 'fail-on-regression': 'true', 'alert-after': '1' },
    event,
    env: { ...sb.env, GITHUB_SHA: sha, GITHUB_API_URL: api.url },
  });
  await run.dispose();
  return run;
}

/** The job summary's markdown without its escapes. */
const unescaped = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

const dispatchOn = (ref: string) => ({ name: 'workflow_dispatch', payload: { ref, inputs: {}, repository: { full_name: 'owner/repo' } } });

describe('a first bench of a commit older than the trend’s newest', () => {
  it('publishes its points but judges nothing there, saying why, when the checkout holds both commits', async () => {
    const ws = join(sb.root, 'ws');
    await sb.git(['clone', '--quiet', project, ws]);
    await sb.git(['checkout', '--quiet', 'v0.1'], ws);

    const run = await benchSlower(ws, commits[1] as string, dispatchOn('refs/tags/v0.1'));

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['published-commit']).toMatch(/^[0-9a-f]{40}$/);
    expect(run.outputs['regressions']).toBe('0');
    const newest = (commits[13] as string).slice(0, 7);
    expect(unescaped(run.summary)).toContain(`not judged: ${(commits[1] as string).slice(0, 7)} is older than ${newest} (an ancestor of it), which the trend already holds`);
    expect(run.stdout).toContain(`No comment on ${(commits[1] as string).slice(0, 7)}: it is older than ${newest}, which the trend already holds`);
    expect(api.writes()).toEqual([]);
    // The checkout told: no request was needed.
    expect(api.compares()).toEqual([]);
  });

  it('asks the REST API’s compare when the checkout is a shallow clone of the old tag', async () => {
    const ws = join(sb.root, 'shallow');
    await sb.git(['clone', '--quiet', '--depth', '1', '--branch', 'v0.1', `file://${project}`, ws]);

    const run = await benchSlower(ws, commits[1] as string, dispatchOn('refs/tags/v0.1'));

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['regressions']).toBe('0');
    expect(unescaped(run.summary)).toContain(`is older than ${(commits[13] as string).slice(0, 7)} (an ancestor of it)`);
    expect(api.compares().map((r) => r.url.split('?')[0])).toEqual([`/repos/owner/repo/compare/${commits[13]}...${commits[1]}`]);
    expect(api.writes()).toEqual([]);
  });

  it('leaves the usual push news, after one question to the REST API from a shallow checkout', async () => {
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', 'commit 14'], project);
    const tip = (await sb.git(['rev-parse', 'HEAD'], project)).trim();
    const ws = join(sb.root, 'shallow');
    await sb.git(['clone', '--quiet', '--depth', '1', `file://${project}`, ws]);

    const run = await benchSlower(ws, tip, { name: 'push', payload: { ref: 'refs/heads/main', after: tip } });

    expect(run.code, run.stdout).toBe(1);
    expect(Number(run.outputs['regressions'])).toBeGreaterThan(0);
    expect(api.compares().map((r) => r.url.split('?')[0])).toEqual([`/repos/owner/repo/compare/${commits[13]}...${tip}`]);
  });

  it('is news when main was rewritten by a force-push: the new tip descends from none of the trend’s newest commits', async () => {
    await sb.git(['checkout', '--quiet', '-B', 'main', commits[10] as string], project);
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', 'rewritten'], project);
    const rewritten = (await sb.git(['rev-parse', 'HEAD'], project)).trim();
    const ws = join(sb.root, 'ws');
    await sb.git(['clone', '--quiet', project, ws]);

    const run = await benchSlower(ws, rewritten, { name: 'push', payload: { ref: 'refs/heads/main', forced: true, after: rewritten } });

    expect(run.code, run.stdout).toBe(1);
    expect(Number(run.outputs['regressions'])).toBeGreaterThan(0);
    expect(run.summary).not.toContain('not judged');
  });

  it('is history too for a bisect step that descends from the step benched before it', async () => {
    // The trend holds commits 2 to 13: a bisect below them benches commit 0, then commit 1.
    const ws = join(sb.root, 'ws');
    await sb.git(['clone', '--quiet', project, ws]);
    await sb.git(['checkout', '--quiet', commits[0] as string], ws);
    expect((await benchSlower(ws, commits[0] as string, dispatchOn('refs/heads/main'))).outputs['regressions']).toBe('0');
    // The next step, newer than the step before (commit 0) but older than the trend's newest, benched for the first time too.
    await sb.git(['checkout', '--quiet', commits[1] as string], ws);

    const run = await benchSlower(ws, commits[1] as string, dispatchOn('refs/heads/main'));

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['regressions']).toBe('0');
    expect(unescaped(run.summary)).toContain(`not judged: ${(commits[1] as string).slice(0, 7)} is older than ${(commits[13] as string).slice(0, 7)} (an ancestor of it)`);
  });

  it('still asks the REST API one question for the usual push after a bisect step', async () => {
    const ws0 = join(sb.root, 'ws');
    await sb.git(['clone', '--quiet', project, ws0]);
    await sb.git(['checkout', '--quiet', commits[0] as string], ws0);
    await benchSlower(ws0, commits[0] as string, dispatchOn('refs/heads/main'));
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', 'commit 14', '--date=2024-01-01T00:00:14Z'], project);
    const tip = (await sb.git(['rev-parse', 'HEAD'], project)).trim();
    const ws = join(sb.root, 'shallow');
    await sb.git(['clone', '--quiet', '--depth', '1', `file://${project}`, ws]);

    const run = await benchSlower(ws, tip, { name: 'push', payload: { ref: 'refs/heads/main', after: tip } });

    expect(run.code, run.stdout).toBe(1);
    expect(Number(run.outputs['regressions'])).toBeGreaterThan(0);
    // Newer than the bisect step (commit 0); the trend's other commits are all dated before it, so none is asked.
    expect(api.compares().map((r) => r.url.split('?')[0])).toEqual([`/repos/owner/repo/compare/${commits[0]}...${tip}`]);
  });

  it('asks one question for a push rebased onto main, its author date older than the trend’s commits', async () => {
    // Rebase-and-merge keeps a commit's author date: this one was written before commit 2.
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', 'rebased', '--date=2023-12-31T00:00:00Z'], project);
    const tip = (await sb.git(['rev-parse', 'HEAD'], project)).trim();
    const ws = join(sb.root, 'shallow');
    await sb.git(['clone', '--quiet', '--depth', '1', `file://${project}`, ws]);

    const run = await benchSlower(ws, tip, { name: 'push', payload: { ref: 'refs/heads/main', after: tip } });

    expect(run.code, run.stdout).toBe(1);
    expect(Number(run.outputs['regressions'])).toBeGreaterThan(0);
    // A descendant of commit 13, so of every commit dated before it: none of them is asked.
    expect(api.compares().map((r) => r.url.split('?')[0])).toEqual([`/repos/owner/repo/compare/${commits[13]}...${tip}`]);
  });
});
