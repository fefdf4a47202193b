/**
 * Issue #15, racers and clean exits (32 publishers at once over smart HTTP with the default
 * settings, as real processes of the bundled CLI, are in publish-contention-cli.test.ts):
 * settings all land (the bound is a time budget, not a count); one that cannot land within its
 * budget says how long it tried and what to do instead; none leaves its temporary repository
 * behind, and a landed publish never reports a failure of its cleanup.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PushRaceError } from '../../src/effects/gh-pages.js';
import { DEFAULT_BOUNDS } from '../../src/effects/timeouts.js';
import { publishTrend, type PublishContext, type PublishSettings } from '../../src/jobs/publish.js';
import { commit, syntheticPoints } from '../unit/trend-memory.js';
import { gitSandbox, startGitServer, type GitSandbox, type GitServer } from './helpers/git-server.js';

const TOKEN = 'ghs_raceTOKEN0123456789abcdef';

let sb: GitSandbox;
let server: GitServer;
let temp: string;

beforeEach(async () => {
  sb = await gitSandbox();
  await sb.bareRemote('trend');
  server = await startGitServer({ root: sb.root, env: sb.env, tokens: { [TOKEN]: 'write' } });
  temp = join(sb.root, 'tmp');
});
afterEach(async () => {
  await server.close();
  await sb.dispose();
});

/** The defaults: no max-attempts, so only the race budget bounds the attempts. */
const settings = (): PublishSettings => ({ repository: server.url('trend'), branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', token: TOKEN });
const context = (n: number): PublishContext => ({
  points: syntheticPoints(3, n),
  commit: commit(n),
  serverUrl: server.origin,
  cwd: sb.root,
  env: sb.env,
  tempRoot: temp,
  publishedAt: '2024-06-01T00:00:00Z',
});
const leftovers = async () => (await readdir(temp).catch(() => [])).filter((n) => n.startsWith('benchtrend-pages-'));

describe('racing publishers', () => {
  it('one that cannot land within its budget says how long it tried and recommends collect and merge', async () => {
    let raced = false;
    const error = await publishTrend(settings(), { ...context(1), bounds: { ...DEFAULT_BOUNDS, raceBudgetMs: 1 } }, {
      // While this publisher plans, another one lands: its push is then a lost race.
      alerts: async ({ previous }) => {
        if (!raced) {
          raced = true;
          await publishTrend(settings(), context(2));
        }
        return previous;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushRaceError);
    expect((error as Error).message).toMatch(/^gave up after 1 attempt(?: in \d+ s)?: gh-pages of http:\/\/127\.0\.0\.1:\d+\/trend\.git moved while publishing: .*non-fast-forward.*\. Other publishers kept landing first for [\d.]+ s; .*mode: collect.*mode: merge/);
    expect(await leftovers()).toEqual([]);
  });
});
