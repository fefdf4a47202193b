/**
 * The bundled action end to end, as the runner runs it (`node dist/index.js`), publishing to a
 * real bare repository over file:// and commenting through the local REST stand-in
 * (GITHUB_API_URL): a regression comments on its commit and sets the outputs; comment failures
 * are warnings and the job still succeeds; fail-on-regression fails only after the data is
 * pushed and the comment written.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import type { Manifest } from '../../src/core/trend/types.js';
import { parseRecord } from '../../src/formats/record.js';
import { publishTrend } from '../../src/jobs/publish.js';
import { regressionDeriver } from '../../src/jobs/regressions.js';
import { runAction, type ActionRun } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

const TOKEN = 'ghs_e2eTOKENabcdef0123456789';
const HISTORY = 12;

let sb: GitSandbox;
let url: string;
let api: GitHubApiServer;

const sha = (n: number) => n.toString(16).padStart(2, '0').repeat(20);

/** A warm launch record: three runs, attach scaled by `slower`, 2% job noise from `rng`. */
function record(rng: Random, slower = 1): string {
  const job = Math.exp(0.02 * rng.normal());
  const runs = [0.99, 1, 1.01].map((f) => {
    const prep = 0.2 * job * f;
    const attach = 1.5 * job * f * slower;
    return { wall_seconds: prep + attach + 0.1, total_seconds: prep + attach, stages: { 'host-prep': prep, attach } };
  });
  return JSON.stringify({ command: ['dl', 'owner/repo'], n: 3, shape: 'warm', runs });
}

function commitInfo(n: number) {
  return { sha: sha(n), message: `commit ${n}`, author: 'Ada', timestamp: `2024-01-01T00:00:${String(n).padStart(2, '0')}Z` };
}

/** The seeded history every test starts from, each on its own copy of it. */
let seeded: GitSandbox;
let template: string;

beforeAll(async () => {
  seeded = await gitSandbox();
  template = await seeded.bareRemote('site');
  const remote = `file://${template}`;
  const rng = new Random(77);
  for (let n = 1; n <= HISTORY; n++) {
    const points = buildPoints([parseRecord('warm.json', record(rng))]).points;
    await publishTrend(
      { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 3 },
      { points, commit: commitInfo(n), serverUrl: 'https://github.com', cwd: seeded.root, env: seeded.env, tempRoot: seeded.root, publishedAt: '2024-02-01T00:00:00Z' },
      { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive },
    );
  }
});

afterAll(async () => {
  await seeded.dispose();
});

beforeEach(async () => {
  sb = await gitSandbox();
  url = `file://${await sb.copyRemote(template, 'site')}`;
  api = await GitHubApiServer.start();
});

afterEach(async () => {
  await api.close();
  await sb.dispose();
});

/** One push of commit n with the given record, through the bundled action. */
async function push(n: number, text: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  await writeFile(join(sb.root, 'warm.json'), text);
  const run = await runAction({
    cwd: sb.root,
    inputs: { records: 'warm.json', repository: url, 'github-token': TOKEN, artifact: 'false', ...inputs },
    event: { name: 'push', payload: { head_commit: { id: sha(n), message: `commit ${n}`, timestamp: '2024-01-01T00:01:00Z', author: { name: 'Ada' } } } },
    env: { ...sb.env, GITHUB_SHA: sha(n), GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo' },
  });
  return run;
}

async function manifest(): Promise<Manifest> {
  return JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], url.slice('file://'.length))) as Manifest;
}

describe('the action on a push that regresses', () => {
  it('publishes, comments on the commit, sets the outputs and a warning, and exits 0', async () => {
    const rng = new Random(5);
    const first = await push(HISTORY + 1, record(rng, 1.5));
    await first.dispose();
    expect(first.code).toBe(0);
    // One slow point is only on watch: no comment yet.
    expect(first.outputs['regressions']).toBe('0');
    expect(api.commitComments.size).toBe(0);

    const second = await push(HISTORY + 2, record(rng, 1.5), { 'cc-users': '@alice' });
    await second.dispose();
    expect(second.code).toBe(0);
    // attach is 50% slower, and with it the total; host-prep did not move.
    expect(second.outputs['regressions']).toBe('2');
    const entries = JSON.parse(second.outputs['regressions-json'] ?? '[]') as { case: string; change: number; status: string; new: boolean; baseline: number; value: number }[];
    expect(entries).toEqual([
      expect.objectContaining({ case: 'warm / attach', status: 'suspected', new: true }),
      expect.objectContaining({ case: 'warm / total', status: 'suspected', new: true }),
    ]);
    expect(entries[0]?.change).toBeGreaterThan(0.4);
    expect(entries[0]?.value).toBeGreaterThan(2.1);
    // Workflow commands escape ':' in properties and '%' in messages.
    expect(second.stdout).toMatch(/^::warning title=Performance regression%3A warm \/ attach::warm \/ attach: 2\.\d+ s against a baseline of 1\.\d+ s \(\+4\d%25 worse\); 2 commits in a row are above/m);
    expect(second.summary).toContain('⚠️ regressed');
    // The verdicts lead the job summary, before the table of every case's runs.
    expect(second.summary.indexOf('### Regressions in default')).toBe(0);
    expect(second.summary.indexOf('### Benchmark cases')).toBeGreaterThan(second.summary.indexOf('⚠️ regressed'));

    // The comment sits on the culprit, the first of the two slow commits.
    const comments = api.commitComments.get(sha(HISTORY + 1)) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('warm / attach');
    expect(comments[0]?.body).toContain('cc @alice');

    // The regressed total is split among its stages: attach owns nearly all of it.
    const total = JSON.parse(second.outputs['regressions-json'] ?? '[]').find((e: { case: string }) => e.case === 'warm / total') as { attribution?: string; baseline: number; value: number };
    expect(total.attribution).toMatch(/^warm \/ total \+\d+ ms: attach \+\d+ ms \((9\d|1\d\d)%\)/);
    expect(Number(/^warm \/ total \+(\d+) ms/.exec(total.attribution ?? '')?.[1])).toBe(Math.round((total.value - total.baseline) * 1000));
    expect(entries.filter((e) => 'attribution' in e).map((e) => e.case)).toEqual(['warm / total']);
    const body = comments[0]?.body ?? '';
    const shown = body.split('\n').map((l) => l.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
    const under = shown.indexOf('Where the total moved, stage by stage (each stage against its own baseline):');
    expect(under).toBeGreaterThan(shown.findLastIndex((l) => l.startsWith('| ')));
    expect(shown.filter((l) => l.startsWith('- '))).toEqual([`- ${total.attribution}`]);
    expect(second.summary).toContain('Where the total moved');
    for (const r of api.requests) {
      expect(r.url).not.toContain(TOKEN);
      expect(r.headers.authorization).toBe(`token ${TOKEN}`);
    }
    // The only lines holding the token are the runner's instructions to mask it.
    expect(`${second.stdout}\n${second.stderr}`.split('\n').filter((l) => l.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);

    const stored = (await manifest()).alerts.filter((a) => a.kind === 'regression');
    expect(stored.map((a) => [a.case, a.sha, a.status])).toEqual([
      ['warm / attach', sha(HISTORY + 1), 'suspected'],
      ['warm / total', sha(HISTORY + 1), 'suspected'],
    ]);
  });

  it('warns when commenting keeps failing, and still exits 0 with the data published', async () => {
    const rng = new Random(5);
    await (await push(HISTORY + 1, record(rng, 1.5))).dispose();
    api.failNext({ method: 'GET', status: 500 });
    const run = await push(HISTORY + 2, record(rng, 1.5));
    await run.dispose();
    expect(run.code).toBe(0);
    // Retried to the bound (4 attempts), then one warning.
    expect(run.stdout).toMatch(/::warning::commit comment on 0d0d0d0 not written after 4 attempts: GitHub API answered 500/);
    expect(api.requestsTo('GET', /comments$/).map((r) => r.status)).toEqual([500, 500, 500, 500]);
    expect(run.outputs['regressions']).toBe('2');
    expect((await manifest()).segments).toBe(HISTORY + 2);
  }, 120_000);

  it('does not hammer a rate limit (429) that names no time: one warning that says so, and exit 0 with the data published', async () => {
    const rng = new Random(5);
    await (await push(HISTORY + 1, record(rng, 1.5))).dispose();
    api.failNext({ method: 'POST', status: 429, body: { message: 'API rate limit exceeded' } });
    const run = await push(HISTORY + 2, record(rng, 1.5));
    await run.dispose();
    expect(run.code).toBe(0);
    // GitHub asks for at least a minute when it names no time, longer than the action's budget.
    expect(run.stdout).toMatch(/::warning::commit comment on 0d0d0d0 not written: rate limited by the GitHub API for another 60 s, longer than the \d+ s benchtrend waits/);
    expect(api.requestsTo('POST', /comments$/).map((r) => r.status)).toEqual([429]);
    expect(api.commitComments.get(sha(HISTORY + 1))).toBeUndefined();
    expect(run.outputs['regressions']).toBe('2');
    expect((await manifest()).segments).toBe(HISTORY + 2);
  }, 120_000);

  it('warns at once on a 403 and exits 0', async () => {
    const rng = new Random(5);
    await (await push(HISTORY + 1, record(rng, 1.5))).dispose();
    api.failNext({ method: 'POST', status: 403, body: { message: 'Resource not accessible by integration' } });
    const run = await push(HISTORY + 2, record(rng, 1.5));
    await run.dispose();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('::warning::commit comment on 0d0d0d0 not written: GitHub API answered 403: Resource not accessible by integration');
    expect(api.requestsTo('POST', /comments$/)).toHaveLength(1);
  });

  it('fails with fail-on-regression only after the data is pushed and the comment written', async () => {
    const rng = new Random(5);
    await (await push(HISTORY + 1, record(rng, 1.5), { 'fail-on-regression': 'true' })).dispose();
    const run = await push(HISTORY + 2, record(rng, 1.5), { 'fail-on-regression': 'true' });
    await run.dispose();
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::2 cases regressed \(fail-on-regression is on\): warm \/ attach, warm \/ total/);
    expect((await manifest()).segments).toBe(HISTORY + 2);
    expect(api.commitComments.get(sha(HISTORY + 1))).toHaveLength(1);
  });
});

describe('the action with comment-always', () => {
  /** This commit's own comment, as markdown text without its escapes. */
  const commentOn = (n: number) => (api.commitComments.get(sha(n))?.[0]?.body ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');

  it('never says "no regression" on the commit whose run raised one that starts at the commit before', async () => {
    const rng = new Random(5);
    await (await push(HISTORY + 1, record(rng, 1.5), { 'comment-always': 'true' })).dispose();
    const run = await push(HISTORY + 2, record(rng, 1.5), { 'comment-always': 'true' });
    await run.dispose();
    expect(run.outputs['regressions']).toBe('2');
    const here = commentOn(HISTORY + 2);
    expect(here).not.toContain('none is worse beyond its limit');
    expect(here).toContain('### ⚠️ benchtrend: no regression starts at 0e0e0e0 in suite `default`');
    expect(here).toContain('3 cases judged against their recent history; 2 are worse, from a step that starts at an earlier commit.');
    expect(here).toContain('Raised by this run, each at the commit where its step starts: warm / attach (at 0d0d0d0), warm / total (at 0d0d0d0).');
    expect(commentOn(HISTORY + 1)).toContain('2 regressions in suite `default` at 0d0d0d0');

    // The next push, still as slow: still beyond the limit, never "none is worse".
    const third = await push(HISTORY + 3, record(rng, 1.5), { 'comment-always': 'true' });
    await third.dispose();
    expect(commentOn(HISTORY + 3)).not.toContain('none is worse beyond its limit');
    expect(commentOn(HISTORY + 3)).toContain('Still beyond the limit since an earlier alert: warm / attach (since 0d0d0d0), warm / total (since 0d0d0d0).');
  });

  it('comments on every push with comment-on-alert off too, and on no other commit', async () => {
    const rng = new Random(5);
    const inputs = { 'comment-always': 'true', 'comment-on-alert': 'false' };
    const quiet = await push(HISTORY + 1, record(rng), inputs);
    await quiet.dispose();
    expect(quiet.code).toBe(0);
    expect(commentOn(HISTORY + 1)).toContain('### benchtrend: no regression in suite `default` at 0d0d0d0');
    expect(commentOn(HISTORY + 1)).toContain('3 cases judged against their recent history; none is worse beyond its limit.');

    await (await push(HISTORY + 2, record(rng, 1.5), inputs)).dispose();
    const slow = await push(HISTORY + 3, record(rng, 1.5), inputs);
    await slow.dispose();
    expect(slow.outputs['regressions']).toBe('2');
    expect(commentOn(HISTORY + 3)).toContain('Raised by this run, each at the commit where its step starts: warm / attach (at 0e0e0e0), warm / total (at 0e0e0e0).');
    // The alert's own comment on the commit where the step starts is what comment-on-alert turns off.
    expect(commentOn(HISTORY + 2)).not.toContain('regressions in suite');
    expect(api.requestsTo('POST', /comments$/).map((r) => r.url.split('/')[5])).toEqual([sha(HISTORY + 1), sha(HISTORY + 2), sha(HISTORY + 3)]);
  });
});

describe('the action on a pull request', () => {
  it('keeps one comment comparing the head with the base trend, and publishes nothing', async () => {
    const rng = new Random(6);
    const pr = async (head: string, slower: number) => {
      await writeFile(join(sb.root, 'warm.json'), record(rng, slower));
      return runAction({
        cwd: sb.root,
        inputs: { records: 'warm.json', repository: url, 'github-token': TOKEN, artifact: 'false' },
        event: { name: 'pull_request', payload: { pull_request: { number: 9, head: { sha: head }, base: { ref: 'main' } } } },
        env: { ...sb.env, GITHUB_SHA: 'f'.repeat(40), GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo', GITHUB_REF: 'refs/pull/9/merge' },
      });
    };
    const first = await pr('a'.repeat(40), 1.5);
    await first.dispose();
    expect(first.code).toBe(0);
    expect(first.outputs['regressions']).toBe('2');
    const second = await pr('b'.repeat(40), 1);
    await second.dispose();
    expect(second.code).toBe(0);
    expect(second.outputs['regressions']).toBe('0');
    const comments = api.issueComments.get(9) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('no case worse than main in suite `default` at bbbbbbb');
    expect(api.requestsTo('POST', /\/issues\/9\/comments$/)).toHaveLength(1);
    expect(api.requestsTo('PATCH', /\/issues\/comments\/\d+$/)).toHaveLength(1);
    expect((await manifest()).segments).toBe(HISTORY);
  });

  it('fails with fail-on-regression when the head is worse than the trend, after its comment is written', async () => {
    await writeFile(join(sb.root, 'warm.json'), record(new Random(6), 1.5));
    const run = await runAction({
      cwd: sb.root,
      inputs: { records: 'warm.json', repository: url, 'github-token': TOKEN, artifact: 'false', 'fail-on-regression': 'true' },
      event: { name: 'pull_request', payload: { pull_request: { number: 9, head: { sha: 'a'.repeat(40) }, base: { ref: 'main' } } } },
      env: { ...sb.env, GITHUB_SHA: 'f'.repeat(40), GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo', GITHUB_REF: 'refs/pull/9/merge' },
    });
    await run.dispose();
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::2 cases regressed \(fail-on-regression is on\): warm \/ attach, warm \/ total/);
    expect(api.issueComments.get(9)).toHaveLength(1);
    expect((await manifest()).segments).toBe(HISTORY);
  });

  it('says a fork’s token is read-only, not that a permission is missing, when a fork’s pull request may not be commented on', async () => {
    await writeFile(join(sb.root, 'warm.json'), record(new Random(6), 1));
    api.failNext({ method: 'POST', status: 403, body: { message: 'Resource not accessible by integration' } });
    const side = (repo: string, sha: string, ref: string) => ({ sha, ref, repo: { full_name: repo } });
    const run = await runAction({
      cwd: sb.root,
      inputs: { records: 'warm.json', repository: url, 'github-token': TOKEN, artifact: 'false' },
      event: { name: 'pull_request', payload: { pull_request: { number: 11, head: side('mallory/repo', 'c'.repeat(40), 'patch-1'), base: side('owner/repo', 'd'.repeat(40), 'main') } } },
      env: { ...sb.env, GITHUB_SHA: 'f'.repeat(40), GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo', GITHUB_REF: 'refs/pull/11/merge' },
    });
    await run.dispose();
    expect(run.code).toBe(0);
    const warning = run.stdout.split('\n').find((l) => l.startsWith('::warning::comment on pull request #11 not written'));
    expect(warning).toMatch(/a pull request from a fork gets a read-only token whatever the workflow asks for: comment from a workflow_run job instead/);
    expect(warning).not.toMatch(/pull-requests: write/);
  });
});
