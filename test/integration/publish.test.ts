/**
 * Publishing to real bare repositories over file://: the branch created, appended to, re-run,
 * kept intact around the user's own files, refused when its data cannot be trusted, and refused
 * for good when a hook declines.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHistory } from '../../src/core/trend/history.js';
import { chunkPath } from '../../src/core/trend/layout.js';
import { statePath } from '../../src/core/trend/regress-state.js';
import type { Manifest, Segment } from '../../src/core/trend/types.js';
import { TrendDataError } from '../../src/core/trend/validate.js';
import { PushRaceError, PushRefusedError } from '../../src/effects/gh-pages.js';
import { publishGroups, publishTrend, readTrend, type GroupsContext, type PublishContext, type PublishHooks, type PublishSettings } from '../../src/jobs/publish.js';
import { FIXTURES } from '../helpers/paths.js';
import { MemoryTrend, commit, fixturePoints, syntheticPoints } from '../unit/trend-memory.js';
import { publishedSegments } from './helpers/published.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
let url: string;

beforeEach(async () => {
  sb = await gitSandbox();
  remote = await sb.bareRemote('site');
  url = `file://${remote}`;
});
afterEach(async () => {
  await sb.dispose();
});

function settings(extra: Partial<PublishSettings> = {}): PublishSettings {
  return { repository: url, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 8, ...extra };
}

function context(n: number, points = fixturePoints(), extra: Partial<PublishContext> = {}): PublishContext {
  return { points, commit: commit(n), serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: join(sb.root, 'tmp'), publishedAt: `2024-06-0${(n % 9) + 1}T00:00:00Z`, ...extra };
}

const show = (rev: string) => sb.git(['show', rev], remote);
const history = () => readTrend({ repository: url, branch: 'gh-pages', dataDir: 'dev/bench' }, context(0), (read, location) => readHistory(read, location));

/** Commits `files` onto gh-pages through an ordinary clone, as a user or an older tool would. */
async function commitToBranch(files: Record<string, string>, message: string): Promise<void> {
  const work = join(sb.root, `work-${Math.random().toString(36).slice(2)}`);
  await sb.git(['clone', '--quiet', url, work]);
  const has = (await sb.git(['ls-remote', '--heads', url, 'gh-pages'])).trim() !== '';
  await sb.git(has ? ['checkout', '--quiet', 'gh-pages'] : ['checkout', '--quiet', '--orphan', 'gh-pages'], work);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(work, path, '..'), { recursive: true });
    await writeFile(join(work, path), text);
  }
  await sb.git(['add', '--all'], work);
  await sb.git(['commit', '--quiet', '-m', message], work);
  await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
}

describe('publishing over file://', () => {
  it('creates the missing branch as an orphan, by github-actions[bot], leaving other branches alone', async () => {
    await commitToBranch({ 'README.md': 'hello' }, 'a main branch');
    await sb.git(['push', '--quiet', url, 'gh-pages:main'], remote).catch(() => {});
    await sb.git(['update-ref', '-d', 'refs/heads/gh-pages'], remote);
    const mainBefore = await sb.revParse(remote, 'refs/heads/main');

    const logs: string[] = [];
    const result = await publishTrend(settings(), context(1), { log: (l) => logs.push(l) });

    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(result.commit);
    expect(await sb.revParse(remote, 'refs/heads/main')).toBe(mainBefore);
    expect((await sb.git(['rev-list', '--parents', '-n', '1', 'gh-pages'], remote)).trim()).toBe(result.commit);
    expect((await sb.git(['log', '-1', '--format=%an <%ae>|%s', 'gh-pages'], remote)).trim()).toBe(
      `github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|benchtrend: default at ${commit(1).sha.slice(0, 7)} (${fixturePoints().length} points)`,
    );
    expect((await sb.git(['ls-tree', '-r', '--name-only', 'gh-pages'], remote)).trim().split('\n')).toEqual(['dev/bench/data/c/0/0000/00000000.json', 'dev/bench/data/newest.json', `dev/bench/${statePath(0, 'head')}`, 'dev/bench/manifest.json']);
    const [seg] = (await publishedSegments(sb.git, remote)) as [Segment];
    expect(seg.commit).toEqual(commit(1));
    expect(seg.points).toHaveLength(fixturePoints().length);
    expect(result).toMatchObject({ remote: url, branch: 'gh-pages', dataDir: 'dev/bench', attempts: 1 });
    expect(logs.at(-1)).toMatch(/^Published [0-9a-f]{40} to gh-pages after 1 attempt: segment 0, 4 files, 1 fetch$/);
    expect(await sb.git(['fsck', '--strict', '--no-progress'], remote)).toBe('');
  });

  it('links the commits of the repository the run benched, not the one that holds the trend', async () => {
    const manifest = async () => JSON.parse(await show('gh-pages:dev/bench/manifest.json')) as Manifest;
    // A trend pushed elsewhere (repository: acme/benchmarks, a git URL, a path): its page lists
    // each regression "at <sha>" linked to <repository>/commit/<sha>, which must hold that commit.
    // Outside a workflow (the CLI) nothing names the benched repository, and a file:// URL is no forge page.
    await publishTrend(settings(), context(1));
    expect((await manifest()).repository).toBeUndefined();
    await publishTrend(settings(), context(2, fixturePoints(), { currentRepository: 'owner/repo' }));
    expect((await manifest()).repository).toBe('https://github.com/owner/repo');
    // A later publish that names none keeps it.
    await publishTrend(settings(), context(3));
    expect((await manifest()).repository).toBe('https://github.com/owner/repo');
  });

  it('appends one segment per publish, old files untouched, the user’s own files kept', async () => {
    await commitToBranch({ 'index.html': '<h1>my site</h1>', 'docs/guide.md': 'guide', 'dev/notes.txt': 'notes' }, 'the user’s site');
    const first = await publishTrend(settings(), context(1));
    const segZero = (await sb.git(['rev-parse', `gh-pages:dev/bench/${chunkPath(0, 0)}`], remote)).trim();
    const second = await publishTrend(settings(), context(2, syntheticPoints(3)));

    expect((await sb.git(['rev-parse', 'gh-pages^'], remote)).trim()).toBe(first.commit);
    expect((await sb.git(['rev-parse', `gh-pages:dev/bench/${chunkPath(0, 0)}`], remote)).trim()).toBe(segZero);
    expect((await sb.git(['diff', '--name-status', `${first.commit}`, `${second.commit}`], remote)).trim().split('\n')).toEqual([
      `A\tdev/bench/${chunkPath(0, 1)}`,
      'M\tdev/bench/data/newest.json',
      `M\tdev/bench/${statePath(0, 'head')}`,
      'M\tdev/bench/manifest.json',
    ]);
    expect(await show('gh-pages:index.html')).toBe('<h1>my site</h1>');
    expect(await show('gh-pages:docs/guide.md')).toBe('guide');
    expect(await show('gh-pages:dev/notes.txt')).toBe('notes');
    const manifest = JSON.parse(await show('gh-pages:dev/bench/manifest.json')) as Manifest;
    expect(manifest.segments).toBe(2);
    expect(await sb.git(['fsck', '--strict', '--no-progress'], remote)).toBe('');
  });

  it('is idempotent on a re-run: the same commit again replaces its points', async () => {
    await publishTrend(settings(), context(1, syntheticPoints(2, 0)));
    await publishTrend(settings(), context(2, syntheticPoints(2, 0)));
    await publishTrend(settings(), context(2, syntheticPoints(2, 10)));
    const { manifest, rows } = await history();
    expect(manifest?.segments).toBe(3);
    expect(rows.map((r) => `${r.commit.slice(-1)} ${r.case} ${r.value}`)).toEqual([
      '1 warm / stage0 1.1',
      '1 warm / stage1 2.2',
      '2 warm / stage0 11.1',
      '2 warm / stage1 12.2',
    ]);
  });

  it('writes the chart page when its version changes, and only then', async () => {
    const page = (v: string): PublishHooks => ({ pageAssets: async () => ({ version: v, files: new Map([['index.html', Buffer.from(`<p>${v}</p>`)], ['assets/page.js', Buffer.from(`/* ${v} */`)]]) }) });
    const a = await publishTrend(settings(), context(1), page('aaa111'));
    const b = await publishTrend(settings(), context(2), page('aaa111'));
    const c = await publishTrend(settings(), context(3), page('bbb222'));
    expect((await sb.git(['diff', '--name-only', a.commit, b.commit], remote)).trim().split('\n')).toEqual([`dev/bench/${chunkPath(0, 1)}`, 'dev/bench/data/newest.json', `dev/bench/${statePath(0, 'head')}`, 'dev/bench/manifest.json']);
    expect((await sb.git(['diff', '--name-only', b.commit, c.commit], remote)).trim().split('\n')).toEqual(['dev/bench/assets/page.js', `dev/bench/${chunkPath(0, 2)}`, 'dev/bench/data/newest.json', `dev/bench/${statePath(0, 'head')}`, 'dev/bench/index.html', 'dev/bench/manifest.json']);
    expect(await show('gh-pages:dev/bench/index.html')).toBe('<p>bbb222</p>');
    expect((JSON.parse(await show('gh-pages:dev/bench/manifest.json')) as Manifest).pageVersion).toBe('bbb222');
  });

  it('writes the chart page again when a file of it was taken off the branch by hand, though its version is current', async () => {
    const warnings: string[] = [];
    const page: PublishHooks = { warn: (w) => warnings.push(w), pageAssets: async () => ({ version: 'aaa111', files: new Map([['index.html', Buffer.from('<p>aaa111</p>')], ['assets/page.js', Buffer.from('/* aaa111 */')]]) }) };
    await publishTrend(settings(), context(1), page);
    const work = join(sb.root, 'work-cleanup');
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', url, work]);
    await sb.git(['rm', '--quiet', 'dev/bench/assets/page.js'], work);
    await sb.git(['commit', '--quiet', '-m', 'clean up the site'], work);
    await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
    const b = await publishTrend(settings(), context(2), page);
    expect(warnings).toEqual([`gh-pages:dev/bench/assets/page.js: not on the branch, though the trend's chart page is this version; written again, so that the chart loads`]);
    expect(await show('gh-pages:dev/bench/assets/page.js')).toBe('/* aaa111 */');
    const c = await publishTrend(settings(), context(3), page);
    expect(warnings).toHaveLength(1);
    expect((await sb.git(['diff', '--name-only', b.commit, c.commit], remote)).trim().split('\n')).toEqual([`dev/bench/${chunkPath(0, 2)}`, 'dev/bench/data/newest.json', `dev/bench/${statePath(0, 'head')}`, 'dev/bench/manifest.json']);
  });

  it('publishes the data even when deriving alerts fails, keeping the alerts stored before', async () => {
    const stored = { kind: 'regression', suite: 'default', case: 'warm / total', sha: commit(1).sha, seq: 0, status: 'suspected' } as const;
    await publishTrend(settings(), context(1), { alerts: async () => [stored] });
    const warnings: string[] = [];
    const result = await publishTrend(settings(), context(2), { warn: (w) => warnings.push(w), alerts: async () => { throw new Error('detector fault'); } });
    expect(warnings).toEqual(['alerts not updated: detector fault']);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(result.commit);
    const manifest = JSON.parse(await show('gh-pages:dev/bench/manifest.json')) as Manifest;
    expect(manifest.segments).toBe(2);
    expect(manifest.alerts).toEqual([stored]);
  });

  it('imports a github-action-benchmark data.js found on the branch, once', async () => {
    const text = readFileSync(join(FIXTURES, 'trend-data/prisma-data.js'), 'utf8');
    await commitToBranch({ 'dev/bench/data.js': text, 'dev/bench/index.html': 'old page' }, 'github-action-benchmark');
    const logs: string[] = [];
    // Written as a path from the checkout's root, as migration.md's data-dir may be: the same file.
    const first = await publishTrend(settings({ importFrom: './dev/bench/data.js' }), context(1), { warn: (l) => logs.push(l) });
    expect(first.plan.imported).toEqual({ entries: 450, points: 2324, suites: 1 });
    // prisma's sizes in MB were bigger-is-better by the benchmarkjs tool table: the unit wins, once per case.
    // And this run's points go to a suite of their own, beside the imported one: said once.
    expect(logs.filter((l) => l.startsWith('suite "default" is none of the suites imported from ./dev/bench/data.js ("Benchmark.js Benchmark")'))).toHaveLength(1);
    const units = logs.filter((l) => !l.startsWith('suite '));
    expect(units).toHaveLength(6);
    for (const l of units) expect(l).toMatch(/^\.\/dev\/bench\/data\.js: benchmarkjs \/ \S+ size \(suite Benchmark\.js Benchmark\): its unit "MB" says smaller is better, github-action-benchmark's table for benchmarkjs says bigger; the unit is used \(set direction-overrides to choose\)$/);
    // The data.js was read for the import alone: the commit's read-ahead trailer does not send the
    // next publish after its megabytes, though it names the manifest that publish reads.
    const trailer = (await sb.git(['log', '-1', '--format=%B', 'gh-pages'], remote)).split('\n').find((l) => l.startsWith('Benchtrend-Reads: ')) ?? '';
    expect(trailer).toContain((await sb.git(['rev-parse', 'gh-pages:dev/bench'], remote)).trim());
    expect(trailer).not.toContain((await sb.git(['rev-parse', 'gh-pages:dev/bench/data.js'], remote)).trim());
    const again = await publishTrend(settings({ importFrom: 'dev/bench/data.js' }), context(2));
    expect(again.plan.imported).toBeUndefined();
    const { manifest, rows } = await history();
    expect(manifest?.segments).toBe(452);
    expect(manifest?.suites).toEqual(['Benchmark.js Benchmark', 'default']);
    expect(rows.filter((r) => r.suite === 'Benchmark.js Benchmark').length).toBeGreaterThan(2300);
    expect(await show('gh-pages:dev/bench/data.js')).toBe(text);
    expect(await sb.git(['fsck', '--strict', '--no-progress'], remote)).toBe('');
  });
});

describe('several groups in one publish', () => {
  const groupsContext = (groups: GroupsContext['groups']): GroupsContext => ({ groups, serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: join(sb.root, 'tmp'), publishedAt: '2024-06-05T00:00:00Z' });

  it('lands every group in one commit; a lost race re-plans all of them on the new tip and pushes once more', async () => {
    await publishTrend(settings(), context(1, syntheticPoints(2, 0)));
    const base = await sb.revParse(remote, 'refs/heads/gh-pages');
    let rival: string | undefined;
    const calls: string[] = [];
    const waits: number[] = [];
    const result = await publishGroups(
      settings(),
      groupsContext([
        { suite: 'linux', commit: commit(5), points: syntheticPoints(2, 1), runUrl: 'https://github.com/o/r/actions/runs/5' },
        { suite: 'macos', commit: commit(5), points: syntheticPoints(3, 2), runUrl: 'https://github.com/o/r/actions/runs/5' },
      ]),
      {
        sleep: async (ms) => void waits.push(ms),
        random: () => 0.5,
        alerts: async ({ previous, added }) => {
          calls.push(added.map((s) => `${s.seq}:${s.suite}`).join(','));
          // Another publisher lands between this attempt's fetch and its push.
          if (rival === undefined) rival = (await publishTrend(settings(), context(2, syntheticPoints(2, 9)))).commit;
          return previous;
        },
      },
    );
    expect(result.attempts).toBe(2);
    expect(waits).toHaveLength(1);
    // The first attempt planned seqs 1 and 2; the rival took 1, so the second planned 2 and 3.
    expect(calls).toEqual(['1:linux', '2:macos', '2:linux', '3:macos']);
    expect(result.plan.added.map((s) => `${s.seq}:${s.suite}`)).toEqual(['2:linux', '3:macos']);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(result.commit);
    expect((await sb.git(['rev-list', '--parents', '-n', '1', 'gh-pages'], remote)).trim()).toBe(`${result.commit} ${rival}`);
    expect((await sb.git(['rev-parse', `${rival}^`], remote)).trim()).toBe(base);
    expect((await sb.git(['diff', '--name-status', rival!, result.commit], remote)).trim().split('\n')).toEqual([
      `A\tdev/bench/${chunkPath(0, 2)}`,
      `A\tdev/bench/${chunkPath(0, 3)}`,
      'M\tdev/bench/data/newest.json',
      `A\tdev/bench/${statePath(1, 'head')}`,
      `A\tdev/bench/${statePath(2, 'head')}`,
      'M\tdev/bench/manifest.json',
    ]);
    const { manifest, rows } = await history();
    expect(manifest?.segments).toBe(4);
    expect(manifest?.suites).toEqual(['default', 'linux', 'macos']);
    expect(rows.map((r) => `${r.seq} ${r.suite} ${r.commit.slice(-1)} ${r.case}`)).toEqual([
      '0 default 1 warm / stage0',
      '0 default 1 warm / stage1',
      '1 default 2 warm / stage0',
      '1 default 2 warm / stage1',
      '2 linux 5 warm / stage0',
      '2 linux 5 warm / stage1',
      '3 macos 5 warm / stage0',
      '3 macos 5 warm / stage1',
      '3 macos 5 warm / stage2',
    ]);
    expect(await sb.git(['fsck', '--strict', '--no-progress'], remote)).toBe('');
  });

  it('writes nothing when one group is refused: the other groups are not published either', async () => {
    await publishTrend(settings(), context(1, syntheticPoints(1, 0, 'warm', 's')));
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const error = await publishGroups(
      settings(),
      groupsContext([
        { suite: 'linux', commit: commit(5), points: syntheticPoints(1) },
        { suite: 'default', commit: commit(5), points: syntheticPoints(1, 0, 'warm', 'B') },
      ]),
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'case "warm / stage0" of suite "default" is stored in "s" in gh-pages:dev/bench/manifest.json but this run reports "B", which does not convert to it; publish it under another suite or case name',
    );
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });
});

describe('data that cannot be trusted is never published over', () => {
  it('a corrupt manifest stops the publish and leaves the remote unchanged', async () => {
    await publishTrend(settings(), context(1));
    await commitToBranch({ 'dev/bench/manifest.json': '{"schema": "benchtrend/manifest", "segm' }, 'a half-written manifest');
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const error = await publishTrend(settings(), context(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrendDataError);
    expect((error as Error).message).toMatch(/^gh-pages:dev\/bench\/manifest\.json: existing trend data is not JSON \(.+\); refusing to publish over it$/);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });

  it('a corrupt segment stops the publish that would roll it up, and leaves the remote unchanged', async () => {
    // Fifteen segments written by the planner itself, committed as an ordinary clone would.
    const trend = new MemoryTrend();
    for (let i = 0; i < 15; i++) await trend.publish({ commit: commit(100 + i), points: syntheticPoints(2, i) });
    const files = Object.fromEntries([...trend.files].map(([p, t]) => [`dev/bench/${p}`, t]));
    files[`dev/bench/${chunkPath(0, 6)}`] = files[`dev/bench/${chunkPath(0, 6)}`]!.replace('"value":[', '"value":["fast",');
    await commitToBranch(files, 'fifteen segments, one corrupt');
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const error = await publishTrend(settings(), context(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrendDataError);
    expect((error as Error).message).toBe(
      `gh-pages:dev/bench/${chunkPath(0, 6)}: existing trend data does not match the chunk schema: points.value[0] must be number, got "fast"; refusing to publish over it`,
    );
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });

  it('a pre-receive hook that declines fails at once, quoting the hook, without retrying', async () => {
    await publishTrend(settings(), context(1));
    const ran = join(sb.root, 'hook-ran');
    await sb.declinePushes(remote, 'gh-pages is frozen for the release');
    await writeFile(join(remote, 'hooks', 'pre-receive'), `#!/bin/sh\necho run >> ${JSON.stringify(ran)}\necho "gh-pages is frozen for the release" >&2\nexit 1\n`);
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const waits: number[] = [];
    const error = await publishTrend(settings(), context(2), { sleep: async (ms) => void waits.push(ms) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushRefusedError);
    expect((error as Error).message).toBe(`${url} refused the push to gh-pages: gh-pages is frozen for the release | [remote rejected] (pre-receive hook declined)`);
    expect(waits).toEqual([]);
    expect(readFileSync(ran, 'utf8')).toBe('run\n');
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });

  it('a lock file a stopped git process left on the remote is named when the attempts run out, not blamed on rival publishers', async () => {
    await publishTrend(settings(), context(1));
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    await writeFile(join(remote, 'refs', 'heads', 'gh-pages.lock'), '');
    const error = await publishTrend(settings({ maxAttempts: 2 }), context(2), { sleep: async () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushRaceError);
    expect((error as Error).message).toMatch(/\. The last push found \S+\/refs\/heads\/gh-pages\.lock in its way after [\d.]+ m?s of trying: unless a push there is under way, a git process stopped while updating the branch left it; remove it from the remote repository and publish again$/);
    expect((error as Error).message).not.toContain('mode: collect');
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });
});
