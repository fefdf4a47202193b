/**
 * Every comment the bundled action writes stays within GitHub's 65,536 characters whatever the
 * names' lengths: the local REST stand-in refuses a longer body with 422, as GitHub does, and a
 * refused comment reaches nobody. Each comment keeps its marker (a later run finds it by it) and
 * its heading, and says what it left out.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitCommentMarker, pullRequestCommentMarker } from '../../src/core/render-comment.js';
import { Random } from '../../src/core/regress/prng.js';
import { runAction, runCli } from '../helpers/run-action.js';
import { GitHubApiServer } from './helpers/github-api-server.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { sha, warmRecord } from './helpers/warm-history.js';

const TOKEN = 'ghs_limitsTOKEN0123456789';
const LIMIT = 65_536;

let sb: GitSandbox;
let remote: string;
let api: GitHubApiServer;

beforeEach(async () => {
  sb = await gitSandbox();
  remote = `file://${await sb.bareRemote('site')}`;
  api = await GitHubApiServer.start();
});

afterEach(async () => {
  await api.close();
  await sb.dispose();
});

function act(n: number, inputs: Record<string, string>, event?: { name: string; payload: unknown }) {
  return runAction({
    cwd: sb.root,
    inputs: { repository: remote, 'github-token': TOKEN, artifact: 'false', ...inputs },
    ...(event ? { event } : {}),
    env: { ...sb.env, GITHUB_SHA: sha(n), GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'owner/repo' },
  });
}

const comments = (store: Map<unknown, { body: string }[]>) => [...store.values()].flat();
const refused = () => api.requests.filter((r) => r.status === 422);

describe('a suite named with 70,000 characters', () => {
  const suite = `nightly-${'s'.repeat(70_000)}`;

  it('gets its commit comment, within the limit, found again by its marker on a re-run', async () => {
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(1)));
    for (let attempt = 0; attempt < 2; attempt++) {
      const run = await act(1, { records: 'warm.json', suite, 'comment-always': 'true' });
      await run.dispose();
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain('::warning::commit comment');
    }
    expect(refused()).toEqual([]);
    const [comment, ...more] = comments(api.commitComments);
    expect(more).toEqual([]);
    expect(comment?.body.length).toBeLessThanOrEqual(LIMIT);
    expect(comment?.body.startsWith(commitCommentMarker(suite))).toBe(true);
    // The heading stays, the suite in it cut and counted.
    expect(comment?.body).toMatch(/^### benchtrend: no regression in suite `nightly-s+…s+ \(69,828 characters left out\)` at 0101010$/m);
    expect(api.requestsTo('PATCH', /\/comments\/\d+$/).length + api.requestsTo('POST', /\/comments$/).length).toBe(1);
  });

  it('gets its pull-request comment, within the limit and beginning with its marker', async () => {
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(2)));
    const run = await act(2, { records: 'warm.json', suite }, { name: 'pull_request', payload: { pull_request: { number: 9, head: { sha: sha(2) }, base: { ref: 'main' } } } });
    await run.dispose();
    expect(run.code).toBe(0);
    expect(refused()).toEqual([]);
    const [comment] = comments(api.issueComments);
    expect(comment?.body.length).toBeLessThanOrEqual(LIMIT);
    expect(comment?.body.startsWith(pullRequestCommentMarker(suite))).toBe(true);
    expect(comment?.body).toContain('### benchtrend: too little history on main to judge in suite `nightly-s');
    expect(comment?.body).toContain('(69,828 characters left out)');
  });
});

describe('a suite of 10,000 characters, commented on by a build before 1.0.0 that spelled its marker out', () => {
  // Such a suite's comment fitted GitHub's limit with the whole suite in its marker; the marker
  // is now a head and a digest, and the old comment is still the one to rewrite.
  const suite = `nightly-${'s'.repeat(10_000)}`;
  const spelled = (kind: string) => `<!-- benchtrend:${kind}-comment suite=${encodeURIComponent(suite)} -->`;

  it('has its old commit comment rewritten, not a second one written beside it', async () => {
    expect(commitCommentMarker(suite)).not.toBe(spelled('commit'));
    api.seedCommitComment(sha(1), `${spelled('commit')}\n### benchtrend: a comment of a build before 1.0.0`, 'github-actions[bot]');
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(1)));
    const run = await act(1, { records: 'warm.json', suite, 'comment-always': 'true' });
    await run.dispose();
    expect(run.code).toBe(0);
    const [comment, ...more] = comments(api.commitComments);
    expect(more).toEqual([]);
    expect(comment?.body.startsWith(commitCommentMarker(suite))).toBe(true);
    expect(api.requestsTo('POST', /\/comments$/)).toEqual([]);
  });

  it('keeps the comment with the marker written now where one of each was left, the old one going', async () => {
    api.seedCommitComment(sha(1), `${spelled('commit')}\n### benchtrend: a comment of a build before 1.0.0`, 'github-actions[bot]');
    api.seedCommitComment(sha(1), `${commitCommentMarker(suite)}\n### benchtrend: a later build's comment`, 'github-actions[bot]');
    const [, newer] = api.commitComments.get(sha(1)) ?? [];
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(1)));
    const run = await act(1, { records: 'warm.json', suite, 'comment-always': 'true' });
    await run.dispose();
    expect(run.code).toBe(0);
    const [comment, ...more] = api.commitComments.get(sha(1)) ?? [];
    expect(more).toEqual([]);
    expect(comment?.id).toBe(newer?.id);
    expect(comment?.body.startsWith(commitCommentMarker(suite))).toBe(true);
  });

  it('has its old pull-request comment rewritten, not a second one written beside it', async () => {
    expect(pullRequestCommentMarker(suite)).not.toBe(spelled('pr'));
    api.seedIssueComment(9, `${spelled('pr')}\n### benchtrend: a comment of a build before 1.0.0`, 'github-actions[bot]');
    await writeFile(join(sb.root, 'warm.json'), warmRecord(new Random(2)));
    const run = await act(2, { records: 'warm.json', suite }, { name: 'pull_request', payload: { pull_request: { number: 9, head: { sha: sha(2) }, base: { ref: 'main' } } } });
    await run.dispose();
    expect(run.code).toBe(0);
    const [comment, ...more] = comments(api.issueComments);
    expect(more).toEqual([]);
    expect(comment?.body.startsWith(pullRequestCommentMarker(suite))).toBe(true);
    expect(api.requestsTo('POST', /\/comments$/)).toEqual([]);
  });
});

describe('200 cases of 400-character names, all on watch at once (a slow runner)', () => {
  const names = Array.from({ length: 200 }, (_, i) => `bench_${'x'.repeat(400)}_${i}`);
  const flat = (rng: Random, slower = 1) => JSON.stringify(names.map((name) => ({ name, unit: 'ms', value: 10 * slower * Math.exp(0.01 * rng.normal()) })));

  it('gets a comment-always comment within the limit that counts the cases it does not name', async () => {
    const rng = new Random(3);
    for (let n = 1; n <= 8; n++) {
      await writeFile(join(sb.root, 'b.json'), flat(rng));
      const published = await runCli(['publish', 'b.json', '--repo', remote, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', `2024-01-01T00:00:0${n}Z`, '--format', 'customSmallerIsBetter'], sb.root, sb.env);
      expect(published.code).toBe(0);
    }
    await writeFile(join(sb.root, 'b.json'), flat(rng, 1.3));
    const run = await act(9, { records: 'b.json', format: 'customSmallerIsBetter', 'comment-always': 'true' });
    await run.dispose();
    expect(run.code).toBe(0);
    expect(refused()).toEqual([]);
    const [comment] = comments(api.commitComments);
    expect(comment?.body.length).toBeLessThanOrEqual(LIMIT);
    expect(comment?.body).toContain('### benchtrend: no regression in suite `default` at 0909090');
    expect(comment?.body).toMatch(/On watch \(one point beyond the limit, which a slow host also gives\): .* and 1\d\d more\.$/m);
  });
});

describe('a pull request with a compare-baseline report of 300 cases of 400-character names', () => {
  const names = Array.from({ length: 300 }, (_, i) => `bench_${'x'.repeat(400)}_${i}`);
  const flat = (rng: Random, slower = 1) => JSON.stringify(names.map((name) => ({ name, unit: 'ms', value: 10 * slower * Math.exp(0.01 * rng.normal()) })));

  it('keeps the verdicts in the comment and says the report is in the summary', async () => {
    const rng = new Random(4);
    await writeFile(join(sb.root, 'a.json'), flat(rng));
    await writeFile(join(sb.root, 'b.json'), flat(rng, 1.3));
    const run = await act(
      11,
      { records: 'b.json', 'compare-baseline': 'a.json', format: 'customSmallerIsBetter' },
      { name: 'pull_request', payload: { pull_request: { number: 9, head: { sha: sha(11) }, base: { ref: 'main' } } } },
    );
    await run.dispose();
    expect(run.code).toBe(0);
    expect(refused()).toEqual([]);
    const [comment] = comments(api.issueComments);
    expect(comment?.body.length).toBeLessThanOrEqual(LIMIT);
    expect(comment?.body.startsWith(pullRequestCommentMarker('default'))).toBe(true);
    expect(comment?.body).toMatch(/Not listed, to keep this comment within GitHub's 65,536 characters: \d+ not enough history/);
    expect(comment?.body).toContain("The compare-baseline report is in this job's summary");
    expect(run.summary).toContain('Compare: candidate against baseline');
  });
});

describe('12 cases regressed at one push', () => {
  // 48 more that do not move: a job that moved as one would look like the runner.
  const names = Array.from({ length: 60 }, (_, i) => `case${String(i).padStart(2, '0')}`);
  const flat = (rng: Random, slower = (_: number) => 1) => JSON.stringify(names.map((name, i) => ({ name, unit: 'ms', value: 10 * slower(i) * Math.exp(0.01 * rng.normal()) })));

  it('annotates the largest 8 and counts the others in one more, within the 10 warnings GitHub shows a step', async () => {
    const rng = new Random(5);
    for (let n = 1; n <= 8; n++) {
      await writeFile(join(sb.root, 'b.json'), flat(rng));
      const published = await runCli(['publish', 'b.json', '--repo', remote, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', `2024-01-01T00:00:0${n}Z`, '--format', 'customSmallerIsBetter'], sb.root, sb.env);
      expect(published.code).toBe(0);
    }
    // case11 the slowest, case00 the least slow.
    await writeFile(join(sb.root, 'b.json'), flat(rng, (i) => (i < 12 ? 1.5 + i / 5 : 1)));
    const run = await act(9, { records: 'b.json', format: 'customSmallerIsBetter', 'alert-after': '1' });
    await run.dispose();
    expect(run.code).toBe(0);
    expect(run.outputs['regressions']).toBe('12');
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning'));
    expect(warnings.length).toBeLessThanOrEqual(10);
    const regressed = warnings.filter((l) => l.startsWith('::warning title=Performance regression%3A '));
    expect(regressed.map((l) => / \/ (case\d\d)::/.exec(l)?.[1])).toEqual(['case11', 'case10', 'case09', 'case08', 'case07', 'case06', 'case05', 'case04']);
    expect(warnings).toContain(
      '::warning title=Performance regressions%3A 4 more::4 more cases regressed than are annotated here (GitHub shows 10 warnings a step, and these are the 8 largest changes): each is in the job summary and the regressions-json output',
    );
    expect(JSON.parse(run.outputs['regressions-json'] ?? '[]')).toHaveLength(12);
  });
});
