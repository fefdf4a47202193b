import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { commitCommentMarker, pullRequestCommentMarker } from '../../src/core/render-comment.js';
import { commentLogLine, findRunPullRequest, GitHubComments, isTransientApiError, type GitHubApiOptions } from '../../src/effects/github-api.js';
import { GitHubApiServer } from './helpers/github-api-server.js';

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b';
const TOKEN = 'ghs_test0123456789abcdefSECRET';
const MARKER = commitCommentMarker('default');

function client(api: GitHubApiServer, extra: Partial<GitHubApiOptions> = {}, log: string[] = []): GitHubComments {
  // Real waits, kept short: the backoff's bound, not its length, is what these tests check.
  return new GitHubComments({ token: TOKEN, baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 50, log: (l) => log.push(l), ...extra });
}

describe('commit comment upsert over real HTTP', () => {
  it('creates the comment once, then edits it in place instead of posting a second', async () => {
    await using api = await GitHubApiServer.start();
    const gh = client(api);
    const first = await gh.upsertCommitComment(SHA, MARKER, () => `${MARKER}\nfirst`);
    expect(first).toMatchObject({ ok: true, action: 'created' });
    const second = await gh.upsertCommitComment(SHA, MARKER, (existing) => `${existing?.replace('first', 'second')}`);
    expect(second).toMatchObject({ ok: true, action: 'updated' });
    const comments = api.commitComments.get(SHA) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toBe(`${MARKER}\nsecond`);
    expect(api.requestsTo('POST', /\/commits\/.+\/comments$/)).toHaveLength(1);
    expect(api.requestsTo('PATCH', /\/repos\/owner\/repo\/comments\/\d+$/)).toHaveLength(1);
  });

  it('leaves other people’s comments alone and finds its own past the first page', async () => {
    await using api = await GitHubApiServer.start();
    for (let i = 0; i < 130; i++) api.seedCommitComment(SHA, `nice commit ${i}`);
    const mine = api.seedCommitComment(SHA, `${MARKER}\nold`, 'github-actions[bot]');
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nnew`);
    expect(out).toMatchObject({ ok: true, action: 'updated', id: mine.id });
    expect(api.commitComments.get(SHA)?.filter((c) => c.body.includes(MARKER))).toHaveLength(1);
    expect(api.commitComments.get(SHA)?.[0]?.body).toBe('nice commit 0');
    expect(api.requestsTo('GET', /\/comments$/).length).toBe(2);
  });

  it('neither edits nor reads back a comment someone else wrote with its marker in it', async () => {
    await using api = await GitHubApiServer.start();
    const forged = api.seedCommitComment(SHA, `${MARKER}\n<!-- benchtrend:data {"forged":true} -->`, 'mallory');
    const seen: (string | undefined)[] = [];
    const out = await client(api).upsertCommitComment(SHA, MARKER, (existing) => {
      seen.push(existing);
      return `${MARKER}\nours`;
    });
    expect(out).toMatchObject({ ok: true, action: 'created' });
    expect(seen).toEqual([undefined]);
    expect(forged.body).toContain('forged');
    expect(api.commitComments.get(SHA)?.map((c) => `${c.user.login}: ${c.body.split('\n')[1]}`)).toEqual(['mallory: <!-- benchtrend:data {"forged":true} -->', 'github-actions[bot]: ours']);
    // GITHUB_TOKEN is an app's token: GitHub refuses it GET /user, which says the person's comment is not ours.
    expect(api.requestsTo('GET', /^\/user$/).map((r) => r.status)).toEqual([403]);
    // The next run edits its own comment and still leaves the forged one alone.
    expect(await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nours again`)).toMatchObject({ ok: true, action: 'updated' });
    expect(api.commitComments.get(SHA)?.map((c) => c.body.split('\n')[1])).toEqual(['<!-- benchtrend:data {"forged":true} -->', 'ours again']);
  });

  it('with a personal access token, edits the comment its person wrote and no one else’s', async () => {
    await using api = await GitHubApiServer.start();
    api.personalTokens.set(TOKEN, 'ada');
    api.seedCommitComment(SHA, `${MARKER}\nmallory's`, 'mallory');
    const mine = api.seedCommitComment(SHA, `${MARKER}\nada's`, 'ada');
    const gh = client(api);
    expect(await gh.upsertCommitComment(SHA, MARKER, (existing) => `${existing?.replace("ada's", 'edited')}`)).toMatchObject({ ok: true, action: 'updated', id: mine.id });
    expect(api.commitComments.get(SHA)?.map((c) => c.body.split('\n')[1])).toEqual(["mallory's", 'edited']);
    // Whose the token is, asked once for the whole run.
    expect(await gh.upsertCommitComment(SHA, MARKER, () => `${MARKER}\nagain`)).toMatchObject({ ok: true, action: 'updated', id: mine.id });
    expect(api.requestsTo('GET', /^\/user$/)).toHaveLength(1);
  });

  it('does not write when the body is already what it would write', async () => {
    await using api = await GitHubApiServer.start();
    api.seedCommitComment(SHA, `${MARKER}\nsame`, 'github-actions[bot]');
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nsame`);
    expect(out).toMatchObject({ ok: true, action: 'unchanged' });
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('only updates when told not to create (a status refresh of an older commit)', async () => {
    await using api = await GitHubApiServer.start();
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`, { createIfMissing: false });
    expect(out).toMatchObject({ ok: true, action: 'skipped' });
    expect(api.commitComments.get(SHA)).toBeUndefined();
    // The log says which comment and why none was written, not a bare "Comment skipped".
    expect(out.ok && commentLogLine(out)).toBe(`Commit comment on ${SHA.slice(0, 7)}: nothing to write (no comment there to update, or nothing of it changed)`);
    const created = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(created.ok && commentLogLine(created)).toMatch(new RegExp(`^Commit comment on ${SHA.slice(0, 7)}: created \\(https://\\S+#comment-\\d+\\)$`));
  });

  it('sends the token in the Authorization header only, never in a URL', async () => {
    await using api = await GitHubApiServer.start();
    await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(api.requests.length).toBeGreaterThan(0);
    for (const r of api.requests) {
      expect(r.url).not.toContain(TOKEN);
      expect(r.headers.authorization).toBe(`token ${TOKEN}`);
    }
  });
});

describe('pull-request comment upsert', () => {
  it('creates one comment on the pull request, then edits that one', async () => {
    await using api = await GitHubApiServer.start();
    const marker = pullRequestCommentMarker('default');
    const gh = client(api);
    api.seedIssueComment(7, 'LGTM');
    expect(await gh.upsertPullRequestComment(7, marker, `${marker}\nv1`)).toMatchObject({ ok: true, action: 'created' });
    expect(await gh.upsertPullRequestComment(7, marker, `${marker}\nv2`)).toMatchObject({ ok: true, action: 'updated' });
    const comments = api.issueComments.get(7) ?? [];
    expect(comments.map((c) => c.body)).toEqual(['LGTM', `${marker}\nv2`]);
    expect(api.requestsTo('PATCH', /\/issues\/comments\/\d+$/)).toHaveLength(1);
  });

  it('writes its own comment beside one that quotes its marker, and edits only its own', async () => {
    await using api = await GitHubApiServer.start();
    const marker = pullRequestCommentMarker('default');
    api.seedIssueComment(7, `as the bot said:\n${marker}\nall ok`, 'mallory');
    const gh = client(api);
    expect(await gh.upsertPullRequestComment(7, marker, `${marker}\nv1`)).toMatchObject({ ok: true, action: 'created' });
    expect(await gh.upsertPullRequestComment(7, marker, `${marker}\nv2`)).toMatchObject({ ok: true, action: 'updated' });
    expect(api.issueComments.get(7)?.map((c) => `${c.user.login}: ${c.body.split('\n').pop()}`)).toEqual(['mallory: all ok', 'github-actions[bot]: v2']);
  });

  it('neither edits nor removes another bot’s comment that quotes its own, before it or after it', async () => {
    await using api = await GitHubApiServer.start();
    const marker = pullRequestCommentMarker('default');
    // A summarising app quotes the thread: our marker is in its comment, but not as its first line.
    const before = api.seedIssueComment(7, `Summary of the thread:\n> ${marker}\n> no case worse than main`, 'summary-app[bot]');
    const gh = client(api);
    expect(await gh.upsertPullRequestComment(7, marker, `${marker}\nv1`)).toMatchObject({ ok: true, action: 'created' });
    const after = api.seedIssueComment(7, `> ${marker}\n> v1\n\nNoted.`, 'summary-app[bot]');
    expect(await gh.upsertPullRequestComment(7, marker, `${marker}\nv2`)).toMatchObject({ ok: true, action: 'updated' });
    // GitHub lets a token with pull-requests: write edit and delete anyone's comment; the stand-in would refuse it, so the requests are what tells.
    const touched = [...api.requestsTo('PATCH', /\/issues\/comments\/\d+$/), ...api.requestsTo('DELETE', /\/issues\/comments\/\d+$/)].map((r) => Number(r.url.split('/').pop()));
    expect(touched).not.toContain(before.id);
    expect(touched).not.toContain(after.id);
    expect(api.issueComments.get(7)?.map((c) => `${c.user.login}: ${c.body.split('\n').at(-1)}`)).toEqual(['summary-app[bot]: > no case worse than main', 'github-actions[bot]: v2', 'summary-app[bot]: Noted.']);
  });
});

describe('failures never throw: retried when transient, warned', () => {
  it('retries a 500 and then succeeds', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'POST', status: 500, times: 2 });
    const log: string[] = [];
    const out = await client(api, {}, log).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out).toMatchObject({ ok: true, action: 'created' });
    expect(api.requestsTo('POST', /comments$/).map((r) => r.status)).toEqual([500, 500, 201]);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/attempt 1 failed \(GitHub API answered 500/);
  });

  it('gives up on a 500 that persists after the bounded attempts, with a warning', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'POST', status: 502 });
    const out = await client(api, { attempts: 3 }).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.status).toBe(502);
    expect(out.warning).toMatch(/^commit comment on 3f78685 not written after 3 attempts: GitHub API answered 502/);
    expect(api.requestsTo('POST', /comments$/)).toHaveLength(3);
    expect(api.commitComments.get(SHA)).toBeUndefined();
  });

  it('retries a 429 once Retry-After has passed, and gives up at once, saying so, when the wait is longer than the budget', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'GET', status: 429, headers: { 'retry-after': '1' }, times: 1 });
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      await new Promise((r) => setTimeout(r, Math.min(ms, 5)));
    };
    const ok = await client(api, { sleep }).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(ok).toMatchObject({ ok: true, action: 'created' });
    // Retry-After: 1 s asked for and waited whole (the backoff's bound, 50 ms here, does not cut it).
    expect(waits[0]).toBe(1000);

    // A 429 naming no time asks for a minute: longer than a 30 s budget, so no retry hammers it.
    api.failNext({ method: 'GET', status: 429, body: { message: 'You have exceeded a secondary rate limit.' } });
    const out = await client(api, { attempts: 2, sleep, budgetMs: 30_000 }).upsertCommitComment(SHA, MARKER, () => `${MARKER}\ny`);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.warning).toBe('commit comment on 3f78685 not written: rate limited by the GitHub API for another 60 s, longer than the 30 s benchtrend waits');
    expect(api.requestsTo('GET', /comments$/).filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('looks up a workflow run’s pull request again only once Retry-After has passed', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'GET', status: 429, headers: { 'retry-after': '2' }, times: 1 });
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const found = await findRunPullRequest({ token: TOKEN, baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 50, sleep }, { headSha: SHA });
    expect(found).toEqual({ pullRequest: undefined });
    expect(waits[0]).toBe(2000);
    expect(api.requestsTo('GET', /\/commits\/.+\/pulls$/).map((r) => r.status)).toEqual([429, 200]);
  });

  it('counts the lookup’s rate-limit waits against one budget, not each against a fresh one', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'GET', status: 429, headers: { 'retry-after': '40' }, times: 2 });
    let clock = 1_000_000;
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      clock += ms;
    };
    const lookup = findRunPullRequest({ token: TOKEN, baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 50, sleep, now: () => clock, budgetMs: 60_000 }, { headSha: SHA });
    // 40 s waited once; the second 40 s no longer fits in the 20 s left of the minute.
    await expect(lookup).rejects.toThrow(/rate limited by the GitHub API for another 40 s, longer than the 60 s benchtrend waits/);
    expect(waits.filter((ms) => ms >= 1000)).toEqual([40_000]);
    expect(api.requestsTo('GET', /\/commits\/.+\/pulls$/).map((r) => r.status)).toEqual([429, 429]);
  });

  it('takes a 403 secondary rate limit without headers for what it is, not for a missing permission', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'POST', status: 403, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' } });
    const out = await client(api, { budgetMs: 30_000 }).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.warning).not.toMatch(/permission/);
    if (!out.ok) expect(out.warning).toMatch(/rate limited by the GitHub API/);
  });

  it('warns at once on a 403, naming the permission it needs, without retrying', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'POST', status: 403, body: { message: 'Resource not accessible by integration' } });
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.status).toBe(403);
    expect(out.warning).toBe(
      'commit comment on 3f78685 not written: GitHub API answered 403: Resource not accessible by integration; the token may lack permission: give the workflow `permissions: contents: write` for commit comments',
    );
    expect(api.requestsTo('POST', /comments$/)).toHaveLength(1);
  });

  it('warns at once on 401 and 404 too', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'GET', status: 401, times: 1, body: { message: 'Bad credentials' } });
    const a = await client(api).upsertPullRequestComment(3, pullRequestCommentMarker('s'), `${pullRequestCommentMarker('s')}\nx`);
    expect(a).toMatchObject({ ok: false, status: 401, requests: 1 });
    api.failNext({ method: 'GET', status: 404, times: 1 });
    const b = await client(api).upsertPullRequestComment(3, pullRequestCommentMarker('s'), `${pullRequestCommentMarker('s')}\nx`);
    expect(b).toMatchObject({ ok: false, status: 404, requests: 1 });
    if (!b.ok) expect(b.warning).toMatch(/pull-requests: write/);
  });

  it('writes one comment when a create landed but its answer was lost, looking again before it retries', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'POST', status: 502, afterDoing: true, times: 1 });
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out).toMatchObject({ ok: true });
    expect(api.commitComments.get(SHA)?.map((c) => c.body)).toEqual([`${MARKER}\nx`]);
    expect(api.requestsTo('POST', /comments$/).map((r) => r.status)).toEqual([502]);
    api.failNext({ method: 'POST', status: 'drop', afterDoing: true, times: 1 });
    const pr = pullRequestCommentMarker('default');
    expect(await client(api).upsertPullRequestComment(4, pr, `${pr}\ny`)).toMatchObject({ ok: true });
    expect(api.issueComments.get(4)?.map((c) => c.body)).toEqual([`${pr}\ny`]);
  });

  it('retries a dropped connection as transient', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'GET', status: 'drop', times: 1 });
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out).toMatchObject({ ok: true, action: 'created' });
    expect(api.requestsTo('GET', /comments$/).map((r) => r.status)).toEqual([0, 200]);
  });

  it('says so when nothing listens, and never puts the token in the warning', async () => {
    const api = await GitHubApiServer.start();
    const url = api.url;
    await api.close();
    const out = await new GitHubComments({ token: TOKEN, baseUrl: url, repository: 'owner/repo', attempts: 2, baseMs: 1, maxMs: 5 }).upsertCommitComment(
      SHA,
      MARKER,
      () => `${MARKER}\nx`,
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.warning).toMatch(/not written after 2 attempts: no answer from the GitHub API/);
    expect(out.warning).not.toContain(TOKEN);
  });

  it('keeps the token out of a warning even when the server echoes it', async () => {
    await using api = await GitHubApiServer.start();
    api.failNext({ method: 'GET', status: 422, body: { message: `Validation Failed for ${TOKEN}` } });
    const out = await client(api).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nx`);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.warning).not.toContain(TOKEN);
      expect(out.warning).toContain('Validation Failed for ***');
    }
  });
});

/**
 * A server in front of the stand-in: `answer` may answer a request itself (true), else it is passed
 * on. For answers the stand-in never gives: a body cut short, a page that is not JSON.
 */
async function front(api: GitHubApiServer, answer: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<{ url: string } & AsyncDisposable> {
  const server = createServer((req, res) => {
    if (answer(req, res)) {
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
        const r = await fetch(`${api.url}${req.url}`, { method: req.method ?? 'GET', headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await r.arrayBuffer()));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('answers that are not whole JSON', () => {
  it('a list whose answer is cut short is tried again, not read as "no comment": the comment is edited, not written twice', async () => {
    await using api = await GitHubApiServer.start();
    api.seedCommitComment(SHA, `${MARKER}\nold`, 'github-actions[bot]');
    let cut = 0;
    await using proxy = await front(api, (req, res) => {
      if (req.method !== 'GET' || cut++ > 0) return false;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '5000' });
      res.write('[{"id": 1, "body": "<!-- benchtrend');
      setTimeout(() => res.destroy(), 50);
      return true;
    });
    const log: string[] = [];
    const out = await client(api, { baseUrl: proxy.url }, log).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nnew`);
    expect(out).toMatchObject({ ok: true, action: 'updated' });
    expect(api.commitComments.get(SHA)?.map((c) => c.body)).toEqual([`${MARKER}\nnew`]);
    expect(log[0]).toMatch(/listing comments: attempt 1 failed \(no answer from the GitHub API: GET \/repos\/owner\/repo\/commits\/3f78\w+\/comments answered 200 with an empty or cut-short body where JSON was expected\); retrying/);
  });

  it('a list that stalls after its headers is cut by the request timeout and tried again', async () => {
    await using api = await GitHubApiServer.start();
    api.seedCommitComment(SHA, `${MARKER}\nold`, 'github-actions[bot]');
    let stalled = 0;
    await using proxy = await front(api, (req, res) => {
      if (req.method !== 'GET' || stalled++ > 0) return false;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('[{"id":');
      return true;
    });
    const log: string[] = [];
    const out = await client(api, { baseUrl: proxy.url, timeoutMs: 300 }, log).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nnew`);
    expect(out).toMatchObject({ ok: true, action: 'updated' });
    expect(api.commitComments.get(SHA)).toHaveLength(1);
    expect(log[0]).toContain('answered 200 but did not send its whole body within 0.3 s');
  });

  it('a list that pages on until the budget is spent says the budget ran out, not only "aborted"', async () => {
    await using api = await GitHubApiServer.start();
    // Every page answers at once and names a next one, slowly enough that the budget runs out mid-request.
    await using proxy = await front(api, (req, res) => {
      if (req.method !== 'GET') return false;
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json', link: `<${proxyUrl}/repos/owner/repo/commits/${SHA}/comments?per_page=100&page=${page + 1}>; rel="next"` });
        res.end('[]');
      }, 150);
      return true;
    });
    const proxyUrl = proxy.url;
    const out = await client(api, { baseUrl: proxy.url, budgetMs: 1000, attempts: 1 }).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nnew`);
    expect(out.ok).toBe(false);
    expect(!out.ok && out.warning).toMatch(/^commit comment on 3f78685 not written: .*; the 1 s benchtrend gives the GitHub API in a run were spent$/);
  });

  it('an answer that is not JSON (a proxy’s page) is said as such in the warning, not as a TypeError', async () => {
    await using api = await GitHubApiServer.start();
    await using proxy = await front(api, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to the corporate proxy</body></html>');
      return true;
    });
    const out = await client(api, { baseUrl: proxy.url }).upsertCommitComment(SHA, MARKER, () => `${MARKER}\nnew`);
    expect(out).toMatchObject({ ok: false, requests: 1 });
    expect(!out.ok && out.warning).toBe(
      `commit comment on 3f78685 not written: GET /repos/owner/repo/commits/${SHA}/comments answered 200 with a body that is not JSON: "<html><body>Sign in to the corporate proxy</body></html>"`,
    );
  });

  it('a workflow run’s pull-request lookup that gets no answer says so, not that the API answered 500', async () => {
    // Takes every request and never answers.
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const lookup = findRunPullRequest({ token: TOKEN, baseUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, repository: 'owner/repo', baseMs: 5, maxMs: 50, timeoutMs: 200, budgetMs: 1000 }, { headSha: SHA });
      const error = await lookup.then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^listing the pull requests of commit 3f78685 failed: no answer from the GitHub API: /);
      expect((error as Error).message).not.toMatch(/answered/);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('a workflow run’s pull-request lookup says the same of a body that is not JSON', async () => {
    await using api = await GitHubApiServer.start();
    await using proxy = await front(api, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"oops');
      return true;
    });
    await expect(findRunPullRequest({ token: TOKEN, baseUrl: proxy.url, repository: 'owner/repo', baseMs: 5, maxMs: 50 }, { headSha: SHA })).rejects.toThrow(
      `listing the pull requests of commit 3f78685 failed: GET /repos/owner/repo/commits/${SHA}/pulls answered 200 with a body that is not JSON: "{\\"oops"`,
    );
  });
});

describe('isTransientApiError', () => {
  it('retries server errors, rate limits and the secondary rate limit, not permissions', () => {
    expect(isTransientApiError({ status: 503 })).toBe(true);
    expect(isTransientApiError({ status: 429 })).toBe(true);
    expect(isTransientApiError({ status: 403, response: { headers: { 'retry-after': '30' } } })).toBe(true);
    expect(isTransientApiError({ status: 403, response: { headers: {} } })).toBe(false);
    expect(isTransientApiError({ status: 404 })).toBe(false);
    expect(isTransientApiError(new TypeError('x is not a function'))).toBe(false);
  });
});
