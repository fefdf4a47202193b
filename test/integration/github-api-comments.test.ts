import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/core/model.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { commitCommentMarker, parseCommitCommentData, pullRequestCommentMarker, renderCommitComment } from '../../src/core/render-comment.js';
import type { CaseVerdict } from '../../src/core/regress/detect.js';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { GitHubComments } from '../../src/effects/github-api.js';
import { comparePullRequest, postPullRequestComment, postRegressionComments, regressionDeriver, withdrawnLines, type RegressionOutcome } from '../../src/jobs/regressions.js';
import { commit, LOCATION, MemoryTrend } from '../unit/trend-memory.js';
import { GitHubApiServer } from './helpers/github-api-server.js';

const CASES = ['warm / total', 'warm / attach'];
const LINKS = { pagesUrl: 'https://owner.github.io/repo/dev/bench/', runUrl: 'https://github.com/owner/repo/actions/runs/7' };

function run(rng: Random, attachFactor = 1): Point[] {
  return CASES.map((name, i) => {
    const value = (i + 1) * (name === 'warm / attach' ? attachFactor : 1) * Math.exp(0.02 * rng.normal());
    return { case: name, shape: 'warm', metric: name.slice(7), unit: 's', direction: 'smaller', value, q1: value * 0.99, q3: value * 1.01, min: value * 0.98, max: value * 1.02, stdev: 0.01, runs: 3, n: 3, samples: [value * 0.99, value, value * 1.01] };
  });
}

async function publishRun(trend: MemoryTrend, n: number, points: Point[], settings = DEFAULT_ALERT_SETTINGS): Promise<RegressionOutcome> {
  const deriver = regressionDeriver('default', settings);
  await trend.publish({ commit: commit(n), points, alerts: deriver.derive });
  const outcome = deriver.outcome();
  if (!outcome) throw new Error('no outcome');
  return outcome;
}

describe('regression comments over real HTTP', () => {
  it('comments on the culprit (where the step starts), cc-ing users, then rewrites that comment when a later run confirms it', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(17);
    let raisedAt = 0;
    for (let n = 1; n <= 50; n++) {
      const outcome = await publishRun(trend, n, run(rng, n >= 35 ? 1.3 : 1));
      const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: ['@alice'], links: LINKS });
      expect(results.every((r) => r.ok)).toBe(true);
      if (outcome.regressions.some((r) => r.new)) raisedAt = n;
    }
    // Raised by the second commit beyond the limit...
    expect(raisedAt).toBe(36);
    // ...and exactly one comment, on the culprit, where the step starts; none on the others.
    expect([...api.commitComments.keys()]).toEqual([commit(35).sha]);
    const comments = api.commitComments.get(commit(35).sha) ?? [];
    expect(comments).toHaveLength(1);
    const body = comments[0]?.body ?? '';
    expect(body.startsWith(commitCommentMarker('default'))).toBe(true);
    expect(body).toContain('cc @alice');
    // Linked to the chart at the culprit, where the page zooms round it.
    expect(body).toContain(`(https://owner.github.io/repo/dev/bench/#case=warm%20%2F%20attach&suite=default&commit=${commit(35).sha})`);
    const data = parseCommitCommentData(body);
    expect(data?.rows.map((r) => [r.case, r.status])).toEqual([['warm / attach', 'confirmed']]);
    expect(data?.rows[0]?.band).toBeDefined();
    // Created once, edited once (the confirmation); never posted twice.
    expect(api.requestsTo('POST', /\/comments$/)).toHaveLength(1);
    expect(api.requestsTo('PATCH', /\/comments\/\d+$/)).toHaveLength(1);
  });

  it('writes the comment a failed run could not on a later run while the regression is open, once, and not for one cleared', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(17);
    const warnings: string[] = [];
    for (let n = 1; n <= 50; n++) {
      const outcome = await publishRun(trend, n, run(rng, n >= 35 ? 1.3 : 1));
      // The run that raises the regression finds GitHub down for every try at writing its comment.
      if (n === 36) api.failNext({ method: 'POST', path: /\/comments$/, status: 500, times: 20 });
      const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: [], links: LINKS });
      warnings.push(...results.flatMap((r) => (r.ok ? [] : [r.warning])));
      if (n === 36) {
        expect(api.commitComments.get(commit(35).sha) ?? []).toHaveLength(0);
        api.clearFailures();
      }
    }
    expect(warnings).toEqual([expect.stringMatching(/^commit comment on [0-9a-f]{7} not written after \d+ attempts: GitHub API answered 500/)]);
    const comments = api.commitComments.get(commit(35).sha) ?? [];
    expect(comments).toHaveLength(1);
    expect(parseCommitCommentData(comments[0]?.body ?? '')?.rows.map((r) => [r.case, r.status])).toEqual([['warm / attach', 'confirmed']]);
    expect([...api.commitComments.keys()]).toEqual([commit(35).sha]);
  });

  it('writes no missing comment for a regression whose step starts in an imported history, which is never commented on', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const confirmed = { kind: 'regression', suite: 'default', case: 'warm / attach', sha: commit(3).sha, seq: 3, status: 'confirmed', baseline: 1, value: 1.3, change: 0.3, reason: 'confirmed: a lasting step' } as const;
    const outcome = (importedSegments?: number): RegressionOutcome => ({
      suite: 'default',
      sha: commit(12).sha,
      verdicts: [],
      alerts: [confirmed],
      changed: [confirmed],
      regressions: [],
      cases: [{ suite: 'default', case: 'warm / attach', shape: 'warm', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: 12, points: 13 }],
      source: 'chunks',
      ...(importedSegments !== undefined ? { importedSegments } : {}),
    });
    await postRegressionComments(gh, outcome(10), { always: false, ccUsers: [], links: LINKS });
    expect(api.commitComments.size).toBe(0);
    await postRegressionComments(gh, outcome(), { always: false, ccUsers: [], links: LINKS });
    expect(parseCommitCommentData(api.commitComments.get(commit(3).sha)?.[0]?.body ?? '')?.rows.map((r) => [r.case, r.status])).toEqual([['warm / attach', 'confirmed']]);
  });

  it("explains github-action-benchmark's rule, not the limit's, under alert-method: ratio", async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(3);
    const ratio = { ...DEFAULT_ALERT_SETTINGS, method: 'ratio' as const, ratioThreshold: 1.5 };
    for (let n = 1; n <= 6; n++) await postRegressionComments(gh, await publishRun(trend, n, run(rng, n === 6 ? 2.5 : 1), ratio), { always: false, ccUsers: [], links: LINKS });
    const body = api.commitComments.get(commit(6).sha)?.[0]?.body ?? '';
    expect(parseCommitCommentData(body)?.rows.map((r) => r.case)).toEqual(['warm / attach']);
    expect(body).toContain("worse than in the suite's previous entry by more than the alert threshold, github-action-benchmark's rule (alert-method: ratio)");
    expect(body).not.toMatch(/prediction limit|minimum effect/);
  });

  it('puts the cases that moved at one commit in one section of its comment: the largest in the table, the rest folded; a move of the whole job by one factor reads as the runner', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `cold / ${x}`);
    const runOf = (rng: Random, factor: (name: string) => number): Point[] =>
      names.map((name, i) => {
        const value = (i + 1) * factor(name) * Math.exp(0.02 * rng.normal());
        return { case: name, shape: 'cold', metric: name.slice(7), unit: 's', direction: 'smaller', value, q1: value * 0.99, q3: value * 1.01, min: value * 0.98, max: value * 1.02, stdev: 0.01, runs: 3, n: 3, samples: [value * 0.99, value, value * 1.01] };
      });
    const steps: Record<string, number> = { 'cold / a': 1.3, 'cold / b': 1.45, 'cold / c': 1.35, 'cold / d': 1.4 };
    for (const [label, factor] of [
      ['code', (name: string) => steps[name] ?? 1],
      ['runner', () => 1.25],
    ] as const) {
      await using api = await GitHubApiServer.start();
      const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
      const trend = new MemoryTrend();
      const rng = new Random(5);
      // A lasting move of every case is raised once it has moved as one for ALIKE_LOOKBACK (8)
      // commits: at its 9th commit.
      for (let n = 1; n <= 43; n++) {
        const outcome = await publishRun(trend, n, runOf(rng, n >= 35 ? factor : () => 1));
        const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: [], links: LINKS });
        expect(results.every((r) => r.ok)).toBe(true);
      }
      expect([...api.commitComments.keys()], label).toEqual([commit(35).sha]);
      const comments = api.commitComments.get(commit(35).sha) ?? [];
      expect(comments, label).toHaveLength(1);
      const body = comments[0]?.body ?? '';
      expect(body.match(/^### /gm), label).toHaveLength(1);
      const rowsOf = (text: string) => text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Case') && !l.startsWith('| ---')).map((l) => l.split(' | ')[0]?.replace(/^\| \[?/, '').replace(/\].*$/, ''));
      const [shown, folded = ''] = body.split('<details>');
      const moved = label === 'code' ? 4 : 6;
      expect(body, label).toContain(`**${moved} cases `);
      // The most significant case in the table, every other one folded under it.
      expect(rowsOf(shown as string), label).toHaveLength(1);
      expect(rowsOf(folded), label).toHaveLength(moved - 1);
      if (label === 'code') {
        const measured = parseCommitCommentData(body)?.rows ?? [];
        expect(measured.map((r) => r.case).sort()).toEqual(Object.keys(steps));
        const largest = [...measured].sort((x, y) => (y.change ?? 0) - (x.change ?? 0))[0]?.case;
        expect(rowsOf(shown as string)).toEqual([largest]);
        expect(body).not.toMatch(/looks like the runner/);
      } else {
        expect(body).toMatch(/Every one of the 6 cases judged here got worse by about the same factor \(\d+% to \d+% worse\): that looks like the runner/);
      }
      expect(api.requestsTo('POST', /\/comments$/), label).toHaveLength(1);
    }
  });

  it('rewrites the comment of a suspicion that later commits clear, mentioning nobody again', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(17);
    let raisedAt = 0;
    // Two slow hosts in a row on attach, then the old level again: a suspicion, not a step.
    for (let n = 1; n <= 50; n++) {
      const outcome = await publishRun(trend, n, run(rng, n === 30 || n === 31 ? 1.45 : 1));
      const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: ['@alice'], links: LINKS });
      expect(results.every((r) => r.ok)).toBe(true);
      if (outcome.regressions.some((r) => r.new)) raisedAt = n;
    }
    expect(raisedAt).toBe(31);
    // The comment sits on the first of the two slow commits, the run's culprit.
    expect([...api.commitComments.keys()]).toEqual([commit(30).sha]);
    const body = api.commitComments.get(commit(30).sha)?.[0]?.body ?? '';
    expect(parseCommitCommentData(body)?.rows.map((r) => [r.case, r.status])).toEqual([['warm / attach', 'cleared']]);
    expect(body).toContain('the alerts of suite `default` at 0000000 were cleared');
    expect(body).not.toContain('cc @alice');
    expect(api.requestsTo('POST', /\/comments$/)).toHaveLength(1);
    expect(api.requestsTo('PATCH', /\/comments\/\d+$/)).toHaveLength(1);
  });

  it('rewrites the comment of a regression as cleared when a re-run of the commit that raised it replaces that run', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(17);
    // Two slow jobs on attach raise a regression named at the first; the second job is re-run, at the old level.
    const runs: [number, number][] = [...Array.from({ length: 31 }, (_, i): [number, number] => [i + 1, i >= 29 ? 1.45 : 1]), [31, 1]];
    const outcomes: RegressionOutcome[] = [];
    for (const [n, factor] of runs) {
      const outcome = await publishRun(trend, n, run(rng, factor));
      const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: ['@alice'], links: LINKS });
      expect(results.every((r) => r.ok)).toBe(true);
      outcomes.push(outcome);
    }
    expect(outcomes[30]?.regressions.filter((r) => r.new).map((r) => [r.case, r.sha])).toEqual([['warm / attach', commit(30).sha]]);
    const rerun = outcomes[31];
    expect(rerun?.withdrawn?.map((a) => [a.case, a.sha])).toEqual([['warm / attach', commit(30).sha]]);
    // The line the action and the CLI log for it.
    expect(withdrawnLines(rerun ?? {})).toEqual([`warm / attach: the regression at ${commit(30).sha.slice(0, 7)} was raised by the run this re-run replaced, and it is not raised again; withdrawn`]);
    // Gone from the trend, as a replay of it says, and the comment on its culprit says why.
    expect(rerun?.alerts.filter((a) => a.kind === 'regression')).toEqual([]);
    expect([...api.commitComments.keys()]).toEqual([commit(30).sha]);
    const body = api.commitComments.get(commit(30).sha)?.[0]?.body ?? '';
    const rows = parseCommitCommentData(body)?.rows ?? [];
    expect(rows.map((r) => [r.case, r.status])).toEqual([['warm / attach', 'cleared']]);
    expect(rows[0]?.why).toContain(`cleared: a re-run of ${commit(31).sha.slice(0, 7)} replaced the run that raised it`);
    expect(body).not.toContain('cc @alice');
    expect(api.requestsTo('POST', /\/comments$/)).toHaveLength(1);
    expect(api.requestsTo('PATCH', /\/comments\/\d+$/)).toHaveLength(1);
  });

  it('puts a row back to suspected when a re-run takes back the confirmation the run it replaced gave', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(17);
    let confirmedBy: RegressionOutcome | undefined;
    for (let n = 1; n <= 41 && !confirmedBy; n++) {
      const outcome = await publishRun(trend, n, run(rng, n >= 35 ? 1.3 : 1));
      await postRegressionComments(gh, outcome, { always: false, ccUsers: [], links: LINKS });
      if (outcome.changed.some((a) => a.kind === 'regression' && a.status === 'confirmed')) confirmedBy = outcome;
    }
    const confirmed = confirmedBy?.alerts.find((a) => a.kind === 'regression');
    expect(confirmed).toMatchObject({ sha: commit(35).sha, status: 'confirmed', undo: { at: confirmedBy?.sha } });
    const rowOf = () => parseCommitCommentData(api.commitComments.get(commit(35).sha)?.[0]?.body ?? '')?.rows[0];
    expect(rowOf()).toMatchObject({ status: 'confirmed', why: confirmed?.reason });
    // A re-run of that commit, undone to before the run it replaces, confirms nothing: the entry is
    // as it was (suspected, its first words, no undo of this run), so its row is rewritten to match.
    const was = confirmed?.undo?.was?.[0];
    if (!confirmedBy || !was) throw new Error('the confirmation keeps no undo');
    const rerun: RegressionOutcome = { ...confirmedBy, verdicts: [], alerts: [was], changed: [was] };
    expect(await postRegressionComments(gh, rerun, { always: false, ccUsers: [], links: LINKS })).toMatchObject([{ ok: true, action: 'updated' }]);
    expect(rowOf()).toMatchObject({ status: 'suspected', why: was.reason });
    // A suspicion this run raised has no comment to refresh there.
    const raisedNow = { ...was, undo: { at: confirmedBy.sha } };
    expect(await postRegressionComments(gh, { ...rerun, alerts: [raisedNow], changed: [raisedNow] }, { always: false, ccUsers: [], links: LINKS })).toEqual([]);
  });

  it('comments on the commit where a slow drift’s lasting step starts, which the limit never flagged', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(17);
    // attach 0.2% slower per commit from commit 40, under 1% job noise: no commit stands out.
    const drift = (n: number): Point[] =>
      run(rng).map((p) => {
        if (p.case !== 'warm / attach') return p;
        const value = 2 * 1.002 ** Math.max(0, n - 40) * Math.exp(0.01 * rng.normal());
        return { ...p, value, q1: value * 0.99, q3: value * 1.01, min: value * 0.98, max: value * 1.02, samples: [value * 0.99, value, value * 1.01] };
      });
    let step: { at: number; sha: string } | undefined;
    for (let n = 1; n <= 100 && !step; n++) {
      const outcome = await publishRun(trend, n, drift(n));
      await postRegressionComments(gh, outcome, { always: false, ccUsers: [], links: LINKS });
      const found = outcome.verdicts.find((v) => v.alert?.kind === 'change-point');
      if (found?.alert) step = { at: n, sha: found.alert.sha };
    }
    if (!step) throw new Error('no lasting step found in 100 commits');
    expect(step.sha).not.toBe(commit(step.at).sha);
    // No regression was raised on the way: the step's commit is the only one commented on.
    expect([...api.commitComments.keys()]).toEqual([step.sha]);
    const comments = api.commitComments.get(step.sha) ?? [];
    expect(comments).toHaveLength(1);
    const data = parseCommitCommentData(comments[0]?.body ?? '');
    expect(data?.sha).toBe(step.sha);
    expect(data?.rows).toEqual([expect.objectContaining({ case: 'warm / attach', kind: 'change-point', status: 'confirmed' })]);
    expect(data?.rows[0]?.change).toBeGreaterThan(0.05);
  });

  it('comments on every push with comment-always, and a failure comes back as a warning', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20, attempts: 2 });
    const trend = new MemoryTrend();
    const rng = new Random(3);
    const first = await publishRun(trend, 1, run(rng));
    expect(await postRegressionComments(gh, first, { always: true, ccUsers: ['@alice'], links: LINKS })).toMatchObject([{ ok: true, action: 'created' }]);
    expect(api.commitComments.get(commit(1).sha)?.[0]?.body).toContain('no regression in suite `default` at 0000000');
    expect(api.commitComments.get(commit(1).sha)?.[0]?.body).not.toContain('cc @alice');

    api.failNext({ method: 'POST', status: 503 });
    const second = await publishRun(trend, 2, run(rng));
    const [out] = await postRegressionComments(gh, second, { always: true, ccUsers: [], links: LINKS });
    expect(out?.ok).toBe(false);
    if (out && !out.ok) expect(out.warning).toMatch(/^commit comment on 0000000 not written after 2 attempts: GitHub API answered 503/);
  });

  it('leaves the comment of a commit benched again after newer ones as it was, with comment-always too', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20, attempts: 2 });
    const trend = new MemoryTrend();
    const rng = new Random(4);
    for (let n = 1; n <= 12; n++) await postRegressionComments(gh, await publishRun(trend, n, run(rng)), { always: true, ccUsers: [], links: LINKS });
    const before = api.commitComments.get(commit(5).sha)?.[0]?.body;
    expect(before).toContain('no regression in suite `default`');
    // Commit 5 benched again, 60% slower on attach: not judged, so nothing to say on it.
    const again = await publishRun(trend, 5, run(rng, 1.6));
    expect(again.verdicts.map((v) => v.kind)).toEqual(['not-judged', 'not-judged']);
    expect(await postRegressionComments(gh, again, { always: true, ccUsers: [], links: LINKS })).toEqual([]);
    expect(api.commitComments.get(commit(5).sha)?.map((c) => c.body)).toEqual([before]);
  });

  it('keeps one pull-request comment up to date as the head moves', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(23);
    for (let n = 1; n <= 25; n++) await trend.publish({ commit: commit(n), points: run(rng) });
    const headA = await comparePullRequest(trend.read, LOCATION, 'default', run(rng, 1.4), 'a'.repeat(40), DEFAULT_ALERT_SETTINGS);
    expect(await postPullRequestComment(gh, 12, { suite: 'default', sha: 'a'.repeat(40), base: 'main', verdicts: headA }, LINKS)).toMatchObject({ ok: true, action: 'created' });
    const headB = await comparePullRequest(trend.read, LOCATION, 'default', run(rng), 'b'.repeat(40), DEFAULT_ALERT_SETTINGS);
    expect(await postPullRequestComment(gh, 12, { suite: 'default', sha: 'b'.repeat(40), base: 'main', verdicts: headB }, LINKS)).toMatchObject({ ok: true, action: 'updated' });
    const comments = api.issueComments.get(12) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body.startsWith(pullRequestCommentMarker('default'))).toBe(true);
    expect(comments[0]?.body).toContain('no case worse than main in suite `default` at bbbbbbb');
  });
});

describe('comments within the 65,536 characters GitHub takes', () => {
  // Names as long as real ones; a suite as large as robosapiens' 574 or reactant's 316 cases.
  const many = Array.from({ length: 300 }, (_, i) => `cargo / crate_${i % 9}::group_${i % 13}/bench_with_a_realistic_name_${i}/1024`);
  const manyRun = (rng: Random, factor: (i: number) => number): Point[] =>
    many.map((name, i) => {
      const value = (1 + i / 100) * factor(i) * Math.exp(0.02 * rng.normal());
      return { case: name, shape: 'cargo', metric: name.slice(8), unit: 'ns/iter', direction: 'smaller', value, q1: value * 0.99, q3: value * 1.01, min: value * 0.98, max: value * 1.02, stdev: 0.01, runs: 3, n: 3, samples: [value * 0.99, value, value * 1.01] };
    });

  it('lists the largest of 300 cases raised at one commit and counts the rest, where the whole list was refused (422)', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(31);
    const outcomes: RegressionOutcome[] = [];
    // Every case slower from commit 35 by its own factor, 25% to 35%: code, not the runner.
    for (let n = 1; n <= 46; n++) {
      const outcome = await publishRun(trend, n, manyRun(rng, (i) => (n >= 35 ? 1.25 + (i % 11) / 100 : 1)));
      outcomes.push(outcome);
      const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: ['@alice'], links: LINKS });
      expect(results.filter((r) => !r.ok)).toEqual([]);
    }
    expect(api.requestsTo('POST', /\/comments$/).length).toBeGreaterThan(0);
    expect(api.requests.filter((r) => r.status === 422)).toEqual([]);
    const comments = api.commitComments.get(commit(35).sha) ?? [];
    expect(comments).toHaveLength(1);
    const body = comments[0]?.body ?? '';
    expect([...body].length).toBeLessThanOrEqual(65_536);
    const raised = Number(/^### ⚠️ benchtrend: (\d+) regressions in suite `default` at /m.exec(body)?.[1]);
    expect(raised).toBeGreaterThan(250);
    const data = parseCommitCommentData(body);
    expect(data).toBeDefined();
    expect(data!.rows.length).toBeGreaterThan(20);
    expect(data!.rows.length + (data!.more ?? 0)).toBe(raised);
    expect(body).toContain(`${raised - data!.rows.length} more cases raised here are not listed, to keep this comment within GitHub's 65,536 characters: each is on [the charts](https://owner.github.io/repo/dev/bench/) and in the job summary.`);
    // The largest changes are the ones listed.
    const listed = new Set(data!.rows.map((r) => r.case));
    const largest = Math.min(...data!.rows.map((r) => r.change ?? Infinity));
    expect(many.filter((_, i) => 1.25 + (i % 11) / 100 > 1 + largest + 0.03).every((n) => listed.has(n))).toBe(true);
    expect(body).toContain('cc @alice');

    // A re-run of the job that raised them, and of each that confirmed them, rewrites the culprit's
    // comment: the cases it counts without naming them are not counted again beside its rows.
    const stored = (outcomes.at(-1) as RegressionOutcome).alerts.filter((a) => a.sha === commit(35).sha && a.kind === 'regression').length;
    expect(stored).toBe(raised);
    const rewriters = outcomes.filter((o) => o.sha !== commit(35).sha && (o.verdicts.some((v) => v.alert?.sha === commit(35).sha) || o.changed.some((a) => a.sha === commit(35).sha)));
    expect(rewriters.length).toBeGreaterThan(0);
    for (const outcome of rewriters) {
      expect((await postRegressionComments(gh, outcome, { always: false, ccUsers: ['@alice'], links: LINKS })).filter((r) => !r.ok)).toEqual([]);
      const again = api.commitComments.get(commit(35).sha)?.[0]?.body ?? '';
      expect(/^### ⚠️ benchtrend: (\d+) regressions in suite `default` at /m.exec(again)?.[1]).toBe(String(raised));
      const rewritten = parseCommitCommentData(again);
      expect(rewritten!.rows.length + (rewritten!.more ?? 0)).toBe(raised);
    }
  });

  it('keeps the worse cases of a pull request over 300 cases, counting the others it leaves out', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const trend = new MemoryTrend();
    const rng = new Random(37);
    for (let n = 1; n <= 25; n++) await trend.publish({ commit: commit(n), points: manyRun(rng, () => 1) });
    const worse = new Set([7, 150, 299]);
    const verdicts = await comparePullRequest(trend.read, LOCATION, 'default', manyRun(rng, (i) => (worse.has(i) ? 1.5 : 1)), 'a'.repeat(40), DEFAULT_ALERT_SETTINGS);
    expect(await postPullRequestComment(gh, 12, { suite: 'default', sha: 'a'.repeat(40), base: 'main', verdicts }, LINKS)).toMatchObject({ ok: true, action: 'created' });
    const body = api.issueComments.get(12)?.[0]?.body ?? '';
    expect([...body].length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('3 cases worse than main');
    for (const i of worse) expect(body).toContain(`bench\\_with\\_a\\_realistic\\_name\\_${i}/1024`);
    const left = /Not listed, to keep this comment within GitHub's 65,536 characters: (\d+) unchanged[;,]/.exec(body);
    expect(Number(left?.[1])).toBeGreaterThan(50);
    expect(body.split('\n').filter((l) => l.startsWith('| [')).length + Number(left?.[1])).toBe(300);
  });
});

describe('a culprit comment rewritten by a later run', () => {
  it('still counts the cases it left out whose stored alerts are gone (60 kept per case), and no cleared one as a regression', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const culprit = commit(3).sha;
    const row = { case: 'warm / attach', unit: 's', direction: 'smaller', kind: 'regression', status: 'suspected', baseline: 1, value: 1.5, change: 0.5, why: 'two commits beyond the limit' } as const;
    api.seedCommitComment(culprit, renderCommitComment({ suite: 'default', sha: culprit, rows: [row], more: 35 }), 'github-actions[bot]');
    // A later run confirms the listed case; the 35 the comment counted have no stored alert left.
    const confirmed: StoredAlert = { kind: 'regression', suite: 'default', case: row.case, sha: culprit, seq: 3, status: 'confirmed', baseline: 1, value: 1.5, change: 0.5, reason: 'a lasting step found' };
    const outcome: RegressionOutcome = { suite: 'default', sha: commit(30).sha, verdicts: [], alerts: [confirmed], changed: [confirmed], regressions: [], cases: [], source: 'chunks' };
    expect((await postRegressionComments(gh, outcome, { always: false, ccUsers: [], links: LINKS })).map((r) => r.ok && r.action)).toEqual(['updated']);
    const body = api.commitComments.get(culprit)?.[0]?.body ?? '';
    expect(body).toContain(`### ⚠️ benchtrend: 36 regressions in suite \`default\` at ${culprit.slice(0, 7)}`);
    expect(parseCommitCommentData(body)?.more).toBe(35);

    // Too many to list, every one cleared: the comment says so, and counts none as a regression.
    const long = Array.from({ length: 300 }, (_, i) => ({ ...row, case: `bench_${'x'.repeat(200)}_${i}`, status: 'cleared' as const }));
    const cleared = renderCommitComment({ suite: 'default', sha: culprit, rows: long }, LINKS, ['@alice']);
    expect([...cleared].length).toBeLessThanOrEqual(65_536);
    expect(cleared).toContain(`### benchtrend: the alerts of suite \`default\` at ${culprit.slice(0, 7)} were cleared`);
    expect(cleared).not.toContain('cc @alice');
  });

  it('counts the rows it left out once, from the stored alerts, and keeps its split of the total when a step found later adds a row', async () => {
    await using api = await GitHubApiServer.start();
    const gh = new GitHubComments({ token: 'ghs_x', baseUrl: api.url, repository: 'owner/repo', baseMs: 5, maxMs: 20 });
    const culprit = commit(3).sha;
    const row = { case: 'warm / attach', unit: 's', direction: 'smaller', kind: 'regression', status: 'suspected', baseline: 1, value: 1.5, change: 0.5, why: 'two commits beyond the limit' } as const;
    // The comment the run that raised them wrote: 40 regressions, 35 of them too many to list.
    const split = 'warm / total +0.50 s: attach +0.50 s (100%)';
    const first = renderCommitComment({ suite: 'default', sha: culprit, rows: [row], more: 35, attributions: [split] });
    api.seedCommitComment(culprit, first, 'github-actions[bot]');
    expect(first).toContain(`### ⚠️ benchtrend: 36 regressions in suite \`default\` at ${culprit.slice(0, 7)}`);

    const step = { kind: 'change-point', sha: culprit, seq: 3, baseline: 2, value: 3, change: 0.5, reason: 'a lasting step found later' };
    const verdict = { suite: 'default', case: 'warm / host-prep', unit: 's', direction: 'smaller', kind: 'unchanged', alert: step } as unknown as CaseVerdict;
    // The trend's stored alerts name every case raised at the culprit, the 35 the comment counted too.
    const raised: StoredAlert[] = [row.case, ...Array.from({ length: 35 }, (_, i) => `cold / case ${i}`)].map((name) => ({
      kind: 'regression',
      suite: 'default',
      case: name,
      sha: culprit,
      seq: 3,
      status: 'suspected',
      baseline: 1,
      value: 1.5,
      change: 0.5,
      reason: 'two commits beyond the limit',
    }));
    const outcome: RegressionOutcome = { suite: 'default', sha: commit(12).sha, verdicts: [verdict], alerts: raised, changed: [], regressions: [], cases: [], source: 'chunks' };
    const results = await postRegressionComments(gh, outcome, { always: false, ccUsers: [], links: LINKS });
    expect(results.map((r) => r.ok && r.action)).toEqual(['updated']);

    const body = api.commitComments.get(culprit)?.[0]?.body ?? '';
    expect(body).toContain(`### ⚠️ benchtrend: 37 regressions in suite \`default\` at ${culprit.slice(0, 7)}`);
    // Short names all fit: the rewrite lists the cases the first comment could only count.
    expect(body).not.toContain('more cases raised here are not listed');
    expect(body).toContain('cold / case 34');
    expect(body).toContain('warm / host\\-prep');
    expect(body).toContain('- warm / total \\+0\\.50 s\\: attach \\+0\\.50 s \\(100%\\)');
    expect(parseCommitCommentData(body)?.rows).toHaveLength(37);
  });
});
