/**
 * The publisher's private repository is never collected: every fetch of a partial clone keeps a
 * pack, and past 50 of them `git fetch` starts a detached `git gc --auto` that deletes objects and
 * folders while the publish writes beside it. GIT_TRACE shows every git the publish runs, and
 * whether a fetch started `git maintenance run --auto`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { publishTrend, type PublishContext, type PublishSettings } from '../../src/jobs/publish.js';
import { regressionDeriver } from '../../src/jobs/regressions.js';
import { commit, fixturePoints } from '../unit/trend-memory.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let url: string;

beforeEach(async () => {
  sb = await gitSandbox('benchtrend-maintenance-');
  url = `file://${await sb.bareRemote('site')}`;
});
afterEach(() => sb.dispose());

describe('the private repository of a publish', () => {
  it('fetches without starting git maintenance or gc', async () => {
    const settings: PublishSettings = { repository: url, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 2 };
    const trace = join(sb.root, 'git-trace.txt');
    for (const n of [1, 2, 3]) {
      const context: PublishContext = { points: fixturePoints(), commit: commit(n), serverUrl: 'https://github.com', cwd: sb.root, env: { ...sb.env, GIT_TRACE: trace }, tempRoot: join(sb.root, 'tmp'), publishedAt: `2024-06-0${n}T00:00:00Z` };
      await publishTrend(settings, context, { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive });
    }
    const lines = (await readFile(trace, 'utf8')).split('\n');
    // The later publishes read the trend back: their fetches are in the trace.
    expect(lines.filter((l) => /trace: built-in: git .*\bfetch\b/.test(l)).length).toBeGreaterThanOrEqual(4);
    // A fetch starts `git maintenance run --auto`; the `git gc --auto` after each push is the
    // remote's own receive-pack collecting the remote, which is the server's business.
    expect(lines.filter((l) => /run_command: git maintenance run/.test(l))).toEqual([]);
    expect(lines.filter((l) => /run_command: git gc --auto/.test(l)).length).toBeLessThanOrEqual(lines.filter((l) => /built-in: git receive-pack/.test(l)).length);
  });

  it('starts none either when a lost race makes its push fetch the rival commit', async () => {
    // A push whose remote tip is a commit the shallow partial clone lacks fetches that commit from
    // the promisor remote to tell whether it is a fast-forward; that fetch is one git starts, not
    // one of ours, and it used to start `git maintenance run --auto`. Its detached gc rewrote the
    // shallow file under the next attempt's fetch ("shallow file has changed since we read it":
    // one of 32 racing publishers, on its 9th attempt).
    const settings: PublishSettings = { repository: url, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 3 };
    const context = (n: number, env: Record<string, string>): PublishContext => ({ points: fixturePoints(), commit: commit(n), serverUrl: 'https://github.com', cwd: sb.root, env, tempRoot: join(sb.root, 'tmp'), publishedAt: `2024-06-0${n}T00:00:00Z` });
    await publishTrend(settings, context(1, sb.env));
    const trace = join(sb.root, 'git-trace-race.txt');
    let rival: string | undefined;
    const result = await publishTrend(settings, context(2, { ...sb.env, GIT_TRACE: trace }), {
      sleep: async () => {},
      alerts: async ({ previous }) => {
        // Another publisher lands between this attempt's fetch and its push.
        rival ??= (await publishTrend(settings, context(3, sb.env))).commit;
        return previous;
      },
    });
    expect(result.attempts).toBe(2);
    const lines = (await readFile(trace, 'utf8')).split('\n');
    // The lost attempt's push did fetch the rival commit (git's own fetch, from its promisor remote)...
    expect(lines.filter((l) => /run_command: git .*\bfetch origin\b.*--stdin/.test(l)).length).toBeGreaterThanOrEqual(1);
    // ...and no git in the private repository started maintenance.
    expect(lines.filter((l) => /run_command: git maintenance run/.test(l))).toEqual([]);
  });
});
