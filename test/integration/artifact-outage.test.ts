/**
 * An artifact service outage when a publish uploads its evidence: every call answers 503. The library retries 5xx
 * five times with backoff from 3 s and no way to shorten it from outside, so this one test waits
 * about 25–35 s (measured 29.5 s); it sits alone in its file so that other files run beside it.
 * The quick, non-retried failures are in artifact.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingest } from '../../src/jobs/ingest.js';
import { publishTrend } from '../../src/jobs/publish.js';
import { uploadEvidence } from '../../src/jobs/evidence.js';
import type { RunContext } from '../../src/jobs/scale-out.js';
import { readScaleOutSettings } from '../../src/settings.js';
import { FIXTURES } from '../helpers/paths.js';
import { trendRemotes, type TrendRemotes } from './helpers/artifact-remote.js';
import { artifactEnv, artifactServiceHere, setEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

let svc: ResultsService;
let remotes: TrendRemotes;
let work: string;
let restore: () => void = () => {};

beforeAll(async () => {
  svc = await startResultsService();
  remotes = await trendRemotes();
  work = await mkdtemp(join(tmpdir(), 'benchtrend-outage-'));
  await copyFile(join(FIXTURES, 'records/warm.json'), join(work, 'warm.json'));
  restore = setEnv({ ...artifactEnv(svc, 'run-outage', 'job-1'), RUNNER_TEMP: work });
});
afterAll(async () => {
  restore();
  await svc.close();
  await remotes.dispose();
  await rm(work, { recursive: true, force: true });
});

it('an artifact service answering 503 to every call, after the publish has landed, costs a warning and nothing else', async () => {
  svc.fail({ call: 'any', status: 503, msg: 'service unavailable' });
  const remote = await remotes.bare('trend');
  const { records, points } = await ingest({ patterns: ['warm.json'], cwd: work, format: 'auto', parse: {}, requirements: [] });
  const context: RunContext = {
    commit: { sha: '0123456789abcdef0123456789abcdef01234567', message: 'x', author: 'Ada', timestamp: '2024-01-02T03:04:05Z' },
    job: 'bench',
    runAttempt: 1,
    now: '2024-01-02T04:00:00Z',
    artifacts: artifactServiceHere(work),
  };

  // In main.ts's order: the trend is published first and is safe on the branch before the evidence
  // upload starts, so an artifact service that is down cannot delay or fail the push.
  const published = await publishTrend(
    { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 3 },
    { points, commit: context.commit, serverUrl: 'https://github.com', cwd: work, env: remotes.env, tempRoot: remotes.root, publishedAt: '2024-01-02T05:00:00Z' },
  );
  expect(published.commit).toMatch(/^[0-9a-f]{40}$/);
  expect(svc.requests).toEqual([]);
  const { rows } = await remotes.history(remote);
  expect(rows.map((r) => `${r.case}=${r.value}`)).toEqual(points.map((p) => `${p.case}=${p.value}`));

  const outcome = await uploadEvidence(readScaleOutSettings(() => '', () => true), context, {
    suite: 'default',
    shapes: records.map((r) => r.shape),
    evidence: { records: ['warm.json'], cwd: work, cases: '[]\n' },
  });

  expect(outcome.status).toBe('failed');
  expect(outcome.status === 'failed' && outcome.warning).toBe(
    'artifact benchtrend-records-default-warm-1 was not uploaded: Failed to CreateArtifact: Failed to make request after 5 attempts: Failed request: (503) Service Unavailable: service unavailable',
  );
  // Bounded: the library's five attempts, then nothing more.
  expect(svc.requests.map((r) => `${r.call} ${r.status}`)).toEqual(Array(5).fill('CreateArtifact 503'));
  // The failed upload took nothing back: the trend is as the publish left it.
  expect((await remotes.history(remote)).rows).toEqual(rows);
}, 90_000);
