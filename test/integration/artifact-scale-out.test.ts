/**
 * Scale-out end to end over real HTTP and real git: matrix jobs collect their points as artifacts
 * in a local stand-in for the results service, a merge job downloads them all and publishes them
 * to a bare git remote over file://, and the trend is read back from the branch.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, type Point } from '../../src/core/model.js';
import type { CommitInfo } from '../../src/core/trend/types.js';
import { ArtifactError, listRunArtifacts, uploadArtifact } from '../../src/effects/artifact.js';
import { ingest } from '../../src/jobs/ingest.js';
import type { PublishSettings } from '../../src/jobs/publish.js';
import { collect } from '../../src/jobs/collect.js';
import { uploadEvidence } from '../../src/jobs/evidence.js';
import { merge, publishMerged } from '../../src/jobs/merge.js';
import type { RunContext } from '../../src/jobs/scale-out.js';
import { readScaleOutSettings } from '../../src/settings.js';
import { FIXTURES } from '../helpers/paths.js';
import { trendRemotes, type TrendRemotes } from './helpers/artifact-remote.js';
import { artifactEnv, artifactServiceHere, setEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

let svc: ResultsService;
let remotes: TrendRemotes;
let work: string;
let restore: () => void = () => {};
let runId = '';

const settings = readScaleOutSettings(() => '', () => true);
const commit: CommitInfo = {
  sha: '0123456789abcdef0123456789abcdef01234567',
  message: 'Speed up attach\n\nLonger body.',
  author: 'Ada',
  timestamp: '2024-01-02T03:04:05Z',
  url: 'https://github.com/owner/repo/commit/0123456789abcdef0123456789abcdef01234567',
};
const context = (over: Partial<RunContext> = {}): RunContext => ({
  commit,
  job: 'bench',
  runAttempt: 1,
  runUrl: 'https://github.com/owner/repo/actions/runs/7',
  now: '2024-01-02T04:00:00Z',
  artifacts: artifactServiceHere(work),
  ...over,
});

/** Acts as job `job` of this test's workflow run, as the runner's variables would. */
function asJob(job: string, run = runId): void {
  restore();
  restore = setEnv({ ...artifactEnv(svc, run, job), RUNNER_TEMP: work });
}

/** A record file of `shape`, copied from a fixture with every value scaled, so legs differ. */
async function record(fixture: string, shape: string, scale = 1): Promise<string> {
  const data = JSON.parse(await readFile(join(FIXTURES, 'records', fixture), 'utf8')) as {
    shape: string;
    runs: { wall_seconds?: number; total_seconds?: number; stages?: Record<string, number> }[];
    median?: unknown;
  };
  data.shape = shape;
  delete data.median;
  for (const r of data.runs) {
    if (r.total_seconds !== undefined) r.total_seconds *= scale;
    for (const k of Object.keys(r.stages ?? {})) r.stages![k]! *= scale;
  }
  const file = `${shape}-${scale}.json`;
  await writeFile(join(work, file), JSON.stringify(data));
  return file;
}

async function collectLeg(
  job: string,
  suite: string,
  files: string[],
  { over = {}, note, run = runId }: { over?: Partial<RunContext>; note?: string; run?: string } = {},
): Promise<Point[]> {
  asJob(job, run);
  const { records, points } = await ingest({ patterns: files, cwd: work, format: 'auto', parse: {}, requirements: [] });
  await collect({ suite, points, shapes: records.map((r) => r.shape), note, evidence: { records: files, cwd: work } }, context(over), settings);
  return points;
}

function publishSettings(remote: string): PublishSettings {
  return { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'unused', maxAttempts: 3 };
}

function publishContext() {
  return { serverUrl: 'https://github.com', cwd: work, env: remotes.env, tempRoot: remotes.root, publishedAt: '2024-01-02T05:00:00Z' };
}

/** Names in a zip's central directory (signature PK\x01\x02; name length at +28, name at +46). */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = zip.indexOf('PK\x01\x02', 0, 'latin1'); i >= 0; i = zip.indexOf('PK\x01\x02', i + 46, 'latin1')) {
    names.push(zip.toString('utf8', i + 46, i + 46 + zip.readUInt16LE(i + 28)));
  }
  return names;
}

const pairs = (points: readonly { case: string; value: number }[]) => points.map((p) => `${p.case}=${p.value}`).sort();

beforeAll(async () => {
  svc = await startResultsService();
  remotes = await trendRemotes();
  work = await mkdtemp(join(tmpdir(), 'benchtrend-scale-out-'));
});
afterAll(async () => {
  restore();
  await svc.close();
  await remotes.dispose();
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => {
  runId = `run-${Math.random().toString(36).slice(2)}`;
});
afterEach(() => {
  restore();
  restore = () => {};
});

describe('collect, then merge into one publish', () => {
  it('publishes every point of three matrix legs in ONE gh-pages commit and one segment', async () => {
    const remote = await remotes.bare(`one-commit-${runId}`);
    const warm = await collectLeg('job-1', 'linux', [await record('warm.json', 'warm')], { note: 'Linux-X64' });
    const cold = await collectLeg('job-2', 'linux', [await record('cold-recreate.json', 'cold-recreate')]);
    const hot = await collectLeg('job-3', 'linux', [await record('warm.json', 'hot', 0.5)]);
    // Noise the merge must leave alone: a publish-mode evidence artifact of this run, and a
    // collect artifact of another workflow run.
    asJob('job-4');
    expect((await uploadEvidence(settings, context(), { suite: 'linux', shapes: ['x'], evidence: { records: [], cwd: work, report: 'r' } })).status).toBe('uploaded');
    await collectLeg('job-1', 'linux', [await record('warm.json', 'elsewhere')], { run: `another-${runId}` });

    asJob('merge');
    const merged = await merge(context());
    expect(merged.artifacts.map((a) => a.name)).toEqual([
      'benchtrend-collect-linux-cold-recreate-1',
      'benchtrend-collect-linux-hot-1',
      'benchtrend-collect-linux-warm-1',
    ]);
    expect(merged.groups).toHaveLength(1);
    expect(merged.groups[0]!.shapes).toEqual(['cold-recreate', 'hot', 'warm']);
    expect(pairs(merged.groups[0]!.points)).toEqual(pairs([...warm, ...cold, ...hot]));

    const result = await publishMerged(merged, publishSettings(remote), publishContext());
    expect(result.plan.added.map((s) => s.seq)).toEqual([0]);
    expect((await remotes.git(['rev-list', '--count', 'gh-pages'], remote))?.trim()).toBe('1');
    expect((await remotes.git(['rev-parse', 'gh-pages'], remote))?.trim()).toBe(result.commit);
    const { manifest, rows } = await remotes.history(remote);
    expect(manifest!.segments).toBe(1);
    expect(rows.every((r) => r.suite === 'linux' && r.commit === commit.sha && r.message === 'Speed up attach' && r.seq === 0)).toBe(true);
    expect(rows.map((r) => `${r.case}=${r.value}`).sort()).toEqual(pairs([...warm, ...cold, ...hot]));
    expect(rows.length).toBe(warm.length + cold.length + hot.length);
    // The leg's note travels with its points; the other legs had none.
    expect(rows.filter((r) => r.shape === 'warm').every((r) => r.extra?.endsWith('Linux-X64'))).toBe(true);
    expect(rows.filter((r) => r.shape !== 'warm').every((r) => !r.extra?.includes('Linux-X64'))).toBe(true);
    expect(rows[0]!.runUrl).toBe('https://github.com/owner/repo/actions/runs/7');
  });

  it('publishes the suites of a merge in ONE gh-pages commit, each suite its own segment, all points present', async () => {
    const remote = await remotes.bare(`suites-${runId}`);
    const file = await record('warm.json', 'warm');
    const linux = await collectLeg('job-1', 'linux', [file]);
    const macos = await collectLeg('job-2', 'macos', [await record('warm.json', 'warm', 3)]);
    const windows = await collectLeg('job-3', 'windows', [await record('cold-recreate.json', 'cold-recreate', 2)]);
    asJob('merge');
    const merged = await merge(context());
    expect(merged.groups.map((g) => g.suite)).toEqual(['linux', 'macos', 'windows']);
    const logs: string[] = [];
    const result = await publishMerged(merged, publishSettings(remote), publishContext(), { log: (l) => logs.push(l) });

    expect(result.attempts).toBe(1);
    expect(result.plans.map((p) => p.added.map((s) => `${s.seq}:${s.suite}`))).toEqual([['0:linux'], ['1:macos'], ['2:windows']]);
    expect(result.plan.added.map((s) => s.seq)).toEqual([0, 1, 2]);
    expect([...result.plan.files.keys()].sort()).toEqual([
      'data/c/0/0000/00000000.json',
      'data/c/0/0000/00000001.json',
      'data/c/0/0000/00000002.json',
      'data/newest.json',
      'data/r/0000/head.json',
      'data/r/0001/head.json',
      'data/r/0002/head.json',
      'manifest.json',
    ]);
    // One new commit on the branch, holding every suite's segment.
    expect((await remotes.git(['rev-list', '--count', 'gh-pages'], remote))?.trim()).toBe('1');
    expect((await remotes.git(['rev-parse', 'gh-pages'], remote))?.trim()).toBe(result.commit);
    expect((await remotes.git(['ls-tree', '-r', '--name-only', 'gh-pages'], remote))?.trim().split('\n')).toEqual([
      'dev/bench/data/c/0/0000/00000000.json',
      'dev/bench/data/c/0/0000/00000001.json',
      'dev/bench/data/c/0/0000/00000002.json',
      'dev/bench/data/newest.json',
      'dev/bench/data/r/0000/head.json',
      'dev/bench/data/r/0001/head.json',
      'dev/bench/data/r/0002/head.json',
      'dev/bench/manifest.json',
    ]);
    const total = linux.length + macos.length + windows.length;
    const message = (await remotes.git(['log', '-1', '--format=%B', 'gh-pages'], remote)) ?? '';
    // The last paragraph names what the next publish will read (READ_AHEAD_TRAILER).
    expect(message).toMatch(/\n\nBenchtrend-Reads: [0-9a-f]{40}( (\/ )?[0-9a-f]{40})*\n*$/);
    expect(message.replace(/\n\nBenchtrend-Reads: .*\n*$/, '').trim()).toBe(
      [
        `benchtrend: linux, macos, windows at 0123456 (${total} points)`,
        '',
        'Segments 0-2 of the trend.',
        `  linux at 0123456: segment 0, ${linux.length} points`,
        `  macos at 0123456: segment 1, ${macos.length} points`,
        `  windows at 0123456: segment 2, ${windows.length} points`,
        'Run: https://github.com/owner/repo/actions/runs/7',
      ].join('\n'),
    );
    expect(logs[0]).toMatch(/^Publishing \d+ points of 3 groups \(linux at 0123456, macos at 0123456, windows at 0123456\) in one commit to /);

    const { manifest, rows } = await remotes.history(remote);
    expect(manifest!.segments).toBe(3);
    expect(manifest!.suites).toEqual(['linux', 'macos', 'windows']);
    expect(new Set(manifest!.cases.map((c) => c.suite))).toEqual(new Set(['linux', 'macos', 'windows']));
    expect(pairs(rows.filter((r) => r.suite === 'linux'))).toEqual(pairs(linux));
    expect(pairs(rows.filter((r) => r.suite === 'macos'))).toEqual(pairs(macos));
    expect(pairs(rows.filter((r) => r.suite === 'windows'))).toEqual(pairs(windows));
    expect(rows).toHaveLength(total);

    // The next merge appends one more commit after it, seqs continuing.
    const again = await publishMerged(merged, publishSettings(remote), publishContext());
    expect(again.plan.added.map((s) => s.seq)).toEqual([3, 4, 5]);
    expect((await remotes.git(['rev-list', '--count', 'gh-pages'], remote))?.trim()).toBe('2');
    expect((await remotes.history(remote)).rows).toHaveLength(total);
  });

  it('keeps the collect artifact evidence: the payload beside the records it came from', async () => {
    const file = await record('warm.json', 'warm');
    await collectLeg('job-1', 'linux', [file]);
    const stored = svc.artifacts.find((a) => a.runBackendId === runId)!;
    expect(stored.name).toBe('benchtrend-collect-linux-warm-1');
    expect(zipEntries(stored.content!).sort()).toEqual(['benchtrend-collected.json', `records/${file}`]);
  });
});

describe('re-runs and duplicates', () => {
  it('lets a re-run of one leg replace its first attempt', async () => {
    const remote = await remotes.bare(`rerun-${runId}`);
    await collectLeg('job-1', 'linux', [await record('warm.json', 'warm')]);
    const cold = await collectLeg('job-2', 'linux', [await record('cold-recreate.json', 'cold-recreate')]);
    // Attempt 2 re-runs the failed-looking warm leg; its values differ.
    const warm2 = await collectLeg('job-1b', 'linux', [await record('warm.json', 'warm', 2)], { over: { runAttempt: 2 } });
    asJob('merge');
    const merged = await merge(context({ runAttempt: 2 }));
    expect(merged.superseded).toEqual(['benchtrend-collect-linux-warm-1']);
    expect(merged.warnings).toEqual([
      'artifact benchtrend-collect-linux-warm-1 (run attempt 1) is superseded by benchtrend-collect-linux-warm-2 (run attempt 2), a re-run of job bench',
    ]);
    await publishMerged(merged, publishSettings(remote), publishContext());
    const { rows } = await remotes.history(remote);
    expect(rows.map((r) => `${r.case}=${r.value}`).sort()).toEqual(pairs([...cold, ...warm2]));
  });

  it('publishes a re-run leg and the merge run again after it as a re-run, not as another job replacing the first merge', async () => {
    const remote = await remotes.bare(`rerun-merge-${runId}`);
    await collectLeg('job-1', 'linux', [await record('cold-recreate.json', 'cold-recreate')]);
    await collectLeg('job-2', 'linux', [await record('warm.json', 'warm')]);
    asJob('merge');
    await publishMerged(await merge(context()), publishSettings(remote), publishContext());
    // Attempt 2 re-runs the warm leg (other values) and the merge job that needs it.
    const warm2 = await collectLeg('job-2b', 'linux', [await record('warm.json', 'warm', 2)], { over: { runAttempt: 2 } });
    asJob('merge-2');
    const warned: string[] = [];
    const result = await publishMerged(await merge(context({ runAttempt: 2 })), publishSettings(remote), publishContext(), { warn: (w) => warned.push(w) });
    expect(warned).toEqual([]);
    expect(result.plan.added.map((s) => s.runUrl)).toEqual(['https://github.com/owner/repo/actions/runs/7/attempts/2']);
    const { rows } = await remotes.history(remote);
    expect(rows.filter((r) => r.shape === 'warm').map((r) => `${r.case}=${r.value}`).sort()).toEqual(pairs(warm2));
  });

  it('refuses two legs that benched one shape, naming both artifacts, and publishes nothing', async () => {
    const remote = await remotes.bare(`dupe-${runId}`);
    const warm = await record('warm.json', 'warm');
    await collectLeg('job-1', 'linux', [warm]);
    await collectLeg('job-2', 'linux', [warm, await record('cold-recreate.json', 'cold-recreate')]);
    asJob('merge');
    const error = await merge(context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      'artifacts benchtrend-collect-linux-cold-recreate+warm-1 and benchtrend-collect-linux-warm-1 both hold shape "warm" of suite "linux" at commit 0123456; two jobs benched one trend line: give each matrix job its own shape or suite',
    );
    expect(await remotes.git(['rev-parse', '--verify', '--quiet', 'refs/heads/gh-pages'], remote)).toBeUndefined();
  });

  it('fails the second leg of one suite and shapes at upload: the service refuses the name', async () => {
    const warm = await record('warm.json', 'warm');
    await collectLeg('job-1', 'linux', [warm]);
    const error = await collectLeg('job-2', 'linux', [warm]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArtifactError);
    expect((error as Error).message).toMatch(/^artifact benchtrend-collect-linux-warm-1 was not uploaded: .*\(409\) Conflict/);
  });
});

describe('refusals', () => {
  it('merge refuses a run with nothing collected', async () => {
    asJob('merge');
    await expect(merge(context())).rejects.toThrow(
      new InputError('mode: merge found no artifact named benchtrend-collect-* in this workflow run; run the bench jobs with mode: collect and list them under this job\'s needs'),
    );
  });

  it('merge refuses a collect-named artifact that holds no payload, naming it', async () => {
    asJob('job-1');
    await uploadArtifact(artifactServiceHere(work), { name: 'benchtrend-collect-stray', files: [{ name: 'notes.txt', text: 'hello' }] });
    asJob('merge');
    await expect(merge(context())).rejects.toThrow(
      'artifact benchtrend-collect-stray: holds no benchtrend-collected.json; only benchtrend with mode: collect uploads artifacts named benchtrend-collect-*',
    );
  });

  it('merge refuses a payload cut short, naming the artifact and the file', async () => {
    await collectLeg('job-1', 'linux', [await record('warm.json', 'warm')]);
    await uploadArtifact(artifactServiceHere(work), { name: 'benchtrend-collect-broken-1', files: [{ name: 'benchtrend-collected.json', text: '{"schema": "benchtrend/coll' }] });
    asJob('merge');
    await expect(merge(context())).rejects.toThrow(/^artifact benchtrend-collect-broken-1: benchtrend-collected\.json: not JSON \(/);
  });

  it('merge refuses a download whose bytes differ from what was uploaded', async () => {
    await collectLeg('job-1', 'linux', [await record('warm.json', 'warm')]);
    const stored = svc.artifacts.find((a) => a.runBackendId === runId)!;
    stored.digest = `sha256:${'0'.repeat(64)}`;
    asJob('merge');
    await expect(merge(context())).rejects.toThrow(/^artifact benchtrend-collect-linux-warm-1: the download does not match the digest recorded at upload/);
  });

  it('collect and merge refuse outside a workflow run, before computing anything', async () => {
    restore = setEnv({ ACTIONS_RUNTIME_TOKEN: undefined, ACTIONS_RESULTS_URL: undefined });
    await expect(collect({ suite: 's', points: [], shapes: [] }, context(), settings)).rejects.toThrow(/^mode: collect needs workflow artifacts, but the Actions artifact service is not available here/);
    await expect(merge(context())).rejects.toThrow(/^mode: merge needs workflow artifacts/);
  });

  it('collect fails when its upload fails: the artifact is its only output', async () => {
    asJob('job-1');
    svc.fail({ call: 'CreateArtifact', status: 401, msg: 'token expired', times: 1 });
    const { records, points } = await ingest({ patterns: [await record('warm.json', 'warm')], cwd: work, format: 'auto', parse: {}, requirements: [] });
    const error = await collect({ suite: 'linux', points, shapes: records.map((r) => r.shape) }, context(), settings).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArtifactError);
    expect((error as Error).message).toMatch(/^artifact benchtrend-collect-linux-warm-1 was not uploaded: .*\(401\) Unauthorized: token expired$/);
    expect(await listRunArtifacts(artifactServiceHere(), '')).toEqual([]);
  });
});
