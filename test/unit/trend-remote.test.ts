import { describe, expect, it } from 'vitest';
import { commitFromEvent, commitUrl, resolveCommitInfo } from '../../src/core/trend/commit-info.js';
import { redactUrl, resolveRemote, urlSecrets } from '../../src/core/trend/remote.js';
import { GitCommandError, gitEnv, remoteAuth, tokenAuth } from '../../src/effects/git.js';
import { GitTransientError, PushPermissionError, PushRaceError, PushRefusedError, classifyPushFailure, isTransientPublishError } from '../../src/effects/gh-pages.js';
import { classifyFetchFailure } from '../../src/effects/git-failures.js';

const ctx = { serverUrl: 'https://ghe.example.com/', currentRepository: 'acme/app', cwd: '/work', isLocalPath: (p: string) => ['bench/trend', './remote.git', '/srv/trend.git'].includes(p) };

describe('resolveRemote', () => {
  it('reads the repository input in its four spellings', () => {
    expect(resolveRemote('', ctx)).toEqual({ url: 'https://ghe.example.com/acme/app.git', display: 'https://ghe.example.com/acme/app.git', webUrl: 'https://ghe.example.com/acme/app' });
    expect(resolveRemote('acme/bench-data', ctx).url).toBe('https://ghe.example.com/acme/bench-data.git');
    expect(resolveRemote('https://ghe.example.com/acme/x.git', ctx)).toMatchObject({ url: 'https://ghe.example.com/acme/x.git', webUrl: 'https://ghe.example.com/acme/x' });
    expect(resolveRemote('git@github.com:acme/x.git', ctx)).toEqual({ url: 'git@github.com:acme/x.git', display: 'git@github.com:acme/x.git' });
    expect(resolveRemote('./remote.git', ctx)).toEqual({ url: '/work/remote.git', display: '/work/remote.git' });
    expect(resolveRemote('bench/trend', ctx).url).toBe('/work/bench/trend');
    expect(resolveRemote('/srv/trend.git', ctx).url).toBe('/srv/trend.git');
  });

  it('refuses what it cannot read, naming the input', () => {
    expect(() => resolveRemote('not a repo', ctx)).toThrow('repository: "not a repo" is neither owner/name, a git URL, nor an existing path');
    // A URL written without its scheme: its credentials are not echoed.
    expect(() => resolveRemote('x-access-token:ghp_SENTINEL0123@github.com/o/r', ctx)).toThrow('repository: "***@github.com/o/r" is neither owner/name, a git URL, nor an existing path');
    // A path where nothing is: refused before the records are read, naming the input.
    expect(() => resolveRemote('/srv/nope.git', ctx)).toThrow('repository: "/srv/nope.git" is a path, and nothing is at /srv/nope.git; give a git repository on disk, a git URL or owner/name');
    expect(() => resolveRemote('../nope', ctx)).toThrow('repository: "../nope" is a path, and nothing is at /nope; give a git repository on disk, a git URL or owner/name');
    expect(() => resolveRemote('', { ...ctx, currentRepository: undefined as unknown as string })).toThrow(/GITHUB_REPOSITORY is not set/);
  });

  it('never shows a password written into a URL', () => {
    expect(redactUrl('https://bot:hunter2@example.com/a.git')).toBe('https://bot:***@example.com/a.git');
    expect(resolveRemote('https://bot:hunter2@example.com/a.git', ctx).display).toBe('https://bot:***@example.com/a.git');
    expect(redactUrl('https://example.com/a.git')).toBe('https://example.com/a.git');
    // A user name alone over HTTP is as often the token itself, which GitHub takes so.
    expect(redactUrl('https://ghp_SENTINEL0123456789@github.com/o/r.git')).toBe('https://***@github.com/o/r.git');
    expect(resolveRemote('https://ghp_SENTINEL0123456789@github.com/o/r.git', ctx).display).toBe('https://***@github.com/o/r.git');
    expect(redactUrl('ssh://git@example.com/a.git')).toBe('ssh://git@example.com/a.git');
    // GitHub's spelling of a token given as the user name, and a user name shaped as a GitHub token.
    expect(redactUrl('https://ghp_SENTINEL0123456789:x-oauth-basic@github.com/o/r.git')).toBe('https://***:***@github.com/o/r.git');
    expect(redactUrl('https://github_pat_SENTINEL:anything@github.com/o/r.git')).toBe('https://***:***@github.com/o/r.git');
  });

  it('names the secrets of a URL, for taking out of what git prints', () => {
    // The Basic header git makes of them too, which a server's error page may echo.
    expect(urlSecrets('https://bot:hunter%232@example.com/a.git')).toEqual(['hunter%232', 'hunter#2', Buffer.from('bot:hunter#2').toString('base64')]);
    expect(urlSecrets('https://ghp_SENTINEL0123456789:x-oauth-basic@github.com/o/r.git')).toEqual([
      'x-oauth-basic',
      'ghp_SENTINEL0123456789',
      Buffer.from('ghp_SENTINEL0123456789:x-oauth-basic').toString('base64'),
    ]);
    // git sends a user alone with an empty password.
    expect(urlSecrets('https://ghp_SENTINEL0123456789@github.com/o/r.git')).toEqual(['ghp_SENTINEL0123456789', Buffer.from('ghp_SENTINEL0123456789:').toString('base64')]);
    expect(urlSecrets('ssh://git@example.com/a.git')).toEqual([]);
    expect(urlSecrets('https://example.com/a.git')).toEqual([]);
    expect(urlSecrets('/srv/trend.git')).toEqual([]);
  });
});

describe('git auth', () => {
  it('goes through command-scoped config for the server only, after entries already present', () => {
    const auth = tokenAuth('https://ghe.example.com/', 'tok123');
    expect(auth.key).toBe('http.https://ghe.example.com/.extraheader');
    expect(auth.value).toBe(`AUTHORIZATION: basic ${Buffer.from('x-access-token:tok123').toString('base64')}`);
    expect(auth.secrets).toEqual(['tok123', Buffer.from('x-access-token:tok123').toString('base64')]);
    const env = gitEnv({ PATH: '/bin', GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.x', GIT_CONFIG_VALUE_0: 'y' }, auth);
    expect(env).toMatchObject({ GIT_CONFIG_COUNT: '3', GIT_CONFIG_KEY_0: 'core.x', GIT_CONFIG_KEY_1: auth.key, GIT_CONFIG_VALUE_1: auth.value, GIT_TERMINAL_PROMPT: '0' });
    expect(gitEnv({ PATH: '/bin' })['GIT_CONFIG_COUNT']).toBeUndefined();
  });

  it('follows no redirect while it carries the token: git would send the header on to another host', () => {
    const env = gitEnv({ PATH: '/bin' }, tokenAuth('https://github.com', 'tok123'));
    expect(env).toMatchObject({ GIT_CONFIG_COUNT: '2', GIT_CONFIG_KEY_1: 'http.followRedirects', GIT_CONFIG_VALUE_1: 'false' });
    // Without a token there is nothing to keep from the other host: git's default stands.
    expect(Object.values(gitEnv({ PATH: '/bin' }, undefined, { 'core.x': 'y' }))).not.toContain('http.followRedirects');
  });

  it("takes a URL's password out of the URL git is given, into a header scoped to that URL", () => {
    const basic = Buffer.from('bot:p@ss').toString('base64');
    expect(remoteAuth('https://github.com', 'https://bot:p%40ss@git.example.com/o/r.git', 'tok123')).toEqual({
      url: 'https://git.example.com/o/r.git',
      auth: { key: 'http.https://git.example.com/o/r.git.extraheader', value: `Authorization: Basic ${basic}`, secrets: [basic] },
    });
    // The credentials written for the URL are sent there, not the token as well.
    expect(remoteAuth('https://github.com', 'https://bot:pw@github.com/o/r.git', 'tok123').auth?.value).toBe(`Authorization: Basic ${Buffer.from('bot:pw').toString('base64')}`);
    expect(remoteAuth('https://github.com', 'https://github.com/o/r.git', 'tok123')).toEqual({ url: 'https://github.com/o/r.git', auth: tokenAuth('https://github.com', 'tok123') });
    expect(remoteAuth('https://github.com', 'ssh://git@github.com/o/r.git', 'tok123')).toEqual({ url: 'ssh://git@github.com/o/r.git' });
    // A user alone leaves the URL too: off the token's server it is the Basic header's user, as git
    // sends it; on it, the token's header is what git sent first, and still is.
    const alone = Buffer.from('ghp_SENTINEL0123456789:').toString('base64');
    expect(remoteAuth('https://github.com', 'https://ghp_SENTINEL0123456789@git.example.com/o/r.git', 'tok123')).toEqual({
      url: 'https://git.example.com/o/r.git',
      auth: { key: 'http.https://git.example.com/o/r.git.extraheader', value: `Authorization: Basic ${alone}`, secrets: [alone] },
    });
    expect(remoteAuth('https://github.com', 'https://ghp_SENTINEL0123456789@github.com/o/r.git', 'tok123')).toEqual({ url: 'https://github.com/o/r.git', auth: tokenAuth('https://github.com', 'tok123') });
    // A person's login stays in the URL, for the credential helper to find its password.
    expect(remoteAuth('https://github.com', 'https://alice@gitlab.example/o/r.git', 'tok123')).toEqual({ url: 'https://alice@gitlab.example/o/r.git' });
    expect(remoteAuth('https://github.com', 'https://alice@github.com/o/r.git', 'tok123')).toEqual({ url: 'https://alice@github.com/o/r.git', auth: tokenAuth('https://github.com', 'tok123') });
  });
});

describe('classifyPushFailure on the words GitHub and git use', () => {
  const fail = (output: string) => classifyPushFailure(new GitCommandError('push', 1, output), 'https://github.com/acme/app.git', 'gh-pages');

  it('a lost race is transient', () => {
    for (const out of [
      'To https://github.com/acme/app.git\n ! [rejected]        abc -> gh-pages (fetch first)\nerror: failed to push some refs',
      '!\trefs/heads/gh-pages:refs/heads/gh-pages\t[rejected] (non-fast-forward)',
      ' ! [remote rejected] abc -> gh-pages (cannot lock ref \'refs/heads/gh-pages\': is at 1 but expected 2)',
      ' ! [remote rejected] abc -> gh-pages (failed to update ref)',
    ]) {
      const e = fail(out);
      expect(e).toBeInstanceOf(PushRaceError);
      expect(isTransientPublishError(e)).toBe(true);
    }
  });

  it('a protected branch or a declining hook is permanent and quoted', () => {
    const e = fail('remote: error: GH006: Protected branch update failed for refs/heads/gh-pages.\nremote: error: Changes must be made through a pull request.\nTo https://github.com/acme/app.git\n ! [remote rejected] abc -> gh-pages (protected branch hook declined)\nerror: failed to push some refs');
    expect(e).toBeInstanceOf(PushRefusedError);
    expect(e).not.toBeInstanceOf(PushPermissionError);
    expect(isTransientPublishError(e)).toBe(false);
    expect(e.message).toBe(
      'https://github.com/acme/app.git refused the push to gh-pages: error: GH006: Protected branch update failed for refs/heads/gh-pages. | error: Changes must be made through a pull request. | ! [remote rejected] abc -> gh-pages (protected branch hook declined)',
    );
  });

  it('a redirect is refused, saying so, and not retried', () => {
    const e = fail("fatal: unable to access 'https://github.com/acme/app.git/': The requested URL returned error: 301");
    expect(e).toBeInstanceOf(PushRefusedError);
    expect(isTransientPublishError(e)).toBe(false);
    expect(e.message).toBe(
      'https://github.com/acme/app.git answered with a redirect (HTTP 301), which benchtrend does not follow with the token, so that it never reaches another host; give repository as the address the repository has now',
    );
  });

  it('a request the server refuses for good (413) is not retried, whatever git adds about the connection', () => {
    const e = fail('error: RPC failed; HTTP 413 curl 22 The requested URL returned error: 413\nfatal: the remote end hung up unexpectedly');
    expect(e).toBeInstanceOf(PushRefusedError);
    expect(isTransientPublishError(e)).toBe(false);
    expect(e.message).toBe('pushing to https://github.com/acme/app.git (gh-pages) failed: error: RPC failed; HTTP 413 curl 22 The requested URL returned error: 413 | fatal: the remote end hung up unexpectedly');
    // A timeout or a rate limit passes with time.
    expect(isTransientPublishError(fail('error: RPC failed; HTTP 429 curl 22 The requested URL returned error: 429\nfatal: the remote end hung up unexpectedly'))).toBe(true);
  });

  it('a server that does not speak git over HTTP is said to be one, not a WebDAV problem', () => {
    const e = fail('error: no DAV locking support on https://github.com/acme/app.git/\nfatal: git-http-push failed\nerror: failed to push some refs to \'https://github.com/acme/app.git\'');
    expect(e).toBeInstanceOf(PushRefusedError);
    expect(isTransientPublishError(e)).toBe(false);
    expect(e.message).toBe(
      "https://github.com/acme/app.git did not answer as a git server (not git's smart HTTP protocol: a sign-in page or a proxy in front of it?), so nothing could be pushed: error: no DAV locking support on https://github.com/acme/app.git/ | fatal: git-http-push failed; check the repository's address",
    );
  });

  it('a read-only token is a permission error main.ts can warn about', () => {
    const e = fail("remote: Permission to acme/app.git denied to github-actions[bot].\nfatal: unable to access 'https://github.com/acme/app.git/': The requested URL returned error: 403");
    expect(e).toBeInstanceOf(PushPermissionError);
    expect(e.message).toMatch(/^no permission to push to https:\/\/github\.com\/acme\/app\.git \(gh-pages\): Permission to acme\/app\.git denied/);
  });

  it('a transfer cut by the stall detector (http.lowSpeedLimit) is transient, as a timeout is', () => {
    const out = "fatal: unable to access 'https://github.com/acme/app.git/': Operation too slow. Less than 1000 bytes/sec transferred the last 20 seconds";
    expect(fail(out)).toBeInstanceOf(GitTransientError);
    const fetching = classifyFetchFailure(new GitCommandError('fetch', 128, out), 'https://github.com/acme/app.git');
    expect(fetching).toBeInstanceOf(GitTransientError);
    expect(fetching.message).toBe(`fetching from https://github.com/acme/app.git failed: ${out}`);
  });

  it('a server error is transient', () => {
    const e = fail('error: RPC failed; HTTP 502 curl 22 The requested URL returned error: 502\nfatal: the remote end hung up unexpectedly');
    expect(e).toBeInstanceOf(GitTransientError);
    expect(isTransientPublishError(e)).toBe(true);
  });
});

describe('commit metadata', () => {
  const sha = 'a'.repeat(40);
  const head = { id: sha, message: 'Speed up attach\n\nDetails', timestamp: '2024-02-03T04:05:06+01:00', url: 'https://github.com/acme/app/commit/aaa', author: { name: 'Ada', email: 'ada@x', username: 'ada' } };

  it('comes from a push payload when head_commit is the commit', () => {
    expect(commitFromEvent({ head_commit: head }, sha)).toEqual({ sha, message: 'Speed up attach\n\nDetails', author: 'Ada', timestamp: '2024-02-03T04:05:06+01:00', url: 'https://github.com/acme/app/commit/aaa' });
    expect(commitFromEvent({ head_commit: head }, 'b'.repeat(40))).toBeUndefined();
    expect(commitFromEvent({ inputs: {} }, sha)).toBeUndefined();
  });

  it('falls back from the event to git to the API, reporting a source that fails', async () => {
    const order: string[] = [];
    const failures: string[] = [];
    const info = await resolveCommitInfo({
      sha,
      url: commitUrl('https://github.com/', 'acme/app', sha)!,
      fromEvent: () => (order.push('event'), undefined),
      fromGit: async () => {
        order.push('git');
        throw new Error('not a git repository');
      },
      fromApi: async () => (order.push('api'), { sha, message: 'From API', author: 'Bo', timestamp: '2024-01-01T00:00:00Z' }),
      onSourceError: (source, e) => failures.push(`${source}: ${(e as Error).message}`),
      fallbackTimestamp: '2030-01-01T00:00:00Z',
    });
    expect(order).toEqual(['event', 'git', 'api']);
    expect(failures).toEqual(['git: not a git repository']);
    expect(info).toEqual({ sha, message: 'From API', author: 'Bo', timestamp: '2024-01-01T00:00:00Z', url: `https://github.com/acme/app/commit/${sha}` });
  });

  it('records the sha and the time when nothing knows the commit', async () => {
    expect(await resolveCommitInfo({ sha: sha.toUpperCase(), fallbackTimestamp: '2030-01-01T00:00:00Z' })).toEqual({ sha, message: '', author: '', timestamp: '2030-01-01T00:00:00Z' });
  });
});
