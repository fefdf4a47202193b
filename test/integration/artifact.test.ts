/**
 * The evidence artifact through @actions/artifact 6 over real HTTP, against a local stand-in for
 * the results service and its blob storage. Every failure here is one the library does not retry,
 * so the file stays quick; the retried outage (5xx on every call) is in artifact-outage.test.ts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadRunArtifactZip, listRunArtifacts, recordEntries, scrub, uploadRunArtifact } from '../../src/effects/artifact.js';
import { readZipEntry } from '../../src/core/zip-entry.js';
import { uploadEvidence } from '../../src/jobs/evidence.js';
import type { RunContext, ScaleOutSettings } from '../../src/jobs/scale-out.js';
import { readScaleOutSettings } from '../../src/settings.js';
import { FIXTURES } from '../helpers/paths.js';
import { artifactEnv, artifactServiceHere, setEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

let svc: ResultsService;
let work: string;
let restore: () => void = () => {};

/** The run as main.ts builds it, with the artifact service of the environment each test sets. */
const context = (): RunContext => ({
  commit: { sha: '0123456789abcdef0123456789abcdef01234567', message: 'x', author: 'Ada', timestamp: '2024-01-02T03:04:05Z' },
  job: 'bench',
  runAttempt: 1,
  runUrl: 'https://github.com/owner/repo/actions/runs/7',
  now: '2024-01-02T04:00:00Z',
  artifacts: artifactServiceHere(),
});
const defaults = (inputs: Record<string, string> = {}): ScaleOutSettings =>
  readScaleOutSettings(
    (name) => inputs[name] ?? '',
    (name) => inputs[name] === 'true',
  );
const evidence = () => ({
  records: ['warm.json', 'nested/cold-recreate.json'],
  cwd: work,
  cases: '[{"name":"warm / total","unit":"s","value":2.1}]\n',
  report: '| Case | Median |\n',
});
const run = () => ({ suite: 'linux', shapes: ['warm', 'cold-recreate'], evidence: evidence() });

beforeAll(async () => {
  svc = await startResultsService();
  work = await mkdtemp(join(tmpdir(), 'benchtrend-artifact-'));
  await copyFile(join(FIXTURES, 'records/warm.json'), join(work, 'warm.json'));
  await mkdir(join(work, 'nested'));
  await copyFile(join(FIXTURES, 'records/cold-recreate.json'), join(work, 'nested/cold-recreate.json'));
});
afterAll(async () => {
  await svc.close();
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => {
  svc.requests.length = 0;
  svc.clearFailures();
  restore = setEnv({ ...artifactEnv(svc, `run-${Math.random().toString(36).slice(2)}`, 'job-1'), RUNNER_TEMP: work });
});
afterEach(() => restore());

function secretsIn(text: string): string[] {
  const token = process.env['ACTIONS_RUNTIME_TOKEN']!;
  return [token, 'sig=', 'Bearer ey'].filter((s) => text.includes(s));
}

describe('the evidence artifact of a publish', () => {
  it('uploads the records, the cases and the report as one artifact that downloads to the same bytes', async () => {
    const outcome = await uploadEvidence(defaults(), context(), run());
    expect(outcome).toMatchObject({ status: 'uploaded', name: 'benchtrend-records-linux-cold-recreate+warm-1' });

    expect(svc.requests.map((r) => `${r.call} ${r.status}`)).toEqual(['CreateArtifact 200', 'blob-upload 201', 'blob-upload 201', 'FinalizeArtifact 200']);
    const create = svc.requests[0]!.body as Record<string, unknown>;
    expect(create['name']).toBe('benchtrend-records-linux-cold-recreate+warm-1');
    expect(create['workflow_job_run_backend_id']).toBe('job-1');
    expect(create['expires_at']).toBeUndefined();
    // Blocks, then the block list: the Azure protocol the signed URL speaks.
    expect(svc.requests[1]!.url).toMatch(/[?&]comp=block&blockid=/);
    expect(svc.requests[2]!.url).toMatch(/[?&]comp=blocklist$/);
    // The runtime token goes to the results service only, never to storage or into a URL.
    for (const r of svc.requests) {
      expect(Boolean(r.authorization), r.call).toBe(r.call !== 'blob-upload');
      expect(secretsIn(r.url.replace(/sig=[^&]+/, ''))).toEqual([]);
    }

    const listed = await listRunArtifacts(artifactServiceHere(), 'benchtrend-records-');
    expect(listed.map((a) => a.name)).toEqual(['benchtrend-records-linux-cold-recreate+warm-1']);
    expect(listed[0]!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const dir = await mkdtemp(join(work, 'download-'));
    const zip = await downloadRunArtifactZip(artifactServiceHere(), listed[0]!, dir);
    const entry = (name: string) => readZipEntry(zip, name, 1 << 20)?.toString('utf8');
    expect(entry('records/warm.json')).toBe(await readFile(join(FIXTURES, 'records/warm.json'), 'utf8'));
    expect(entry('records/nested/cold-recreate.json')).toBe(await readFile(join(FIXTURES, 'records/cold-recreate.json'), 'utf8'));
    expect(entry('cases.json')).toBe(evidence().cases);
    expect(entry('report.md')).toBe(evidence().report);
  });

  it('takes its name and retention from the inputs', async () => {
    const outcome = await uploadEvidence(defaults({ 'artifact-name': 'bench-evidence', 'artifact-retention-days': '5' }), context(), run());
    expect(outcome).toMatchObject({ status: 'uploaded', name: 'bench-evidence' });
    const create = svc.requests[0]!.body as Record<string, unknown>;
    expect(create['name']).toBe('bench-evidence');
    const days = (Date.parse(String(create['expires_at'])) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThan(5.1);
  });

  it('a re-run of the job uploads a chosen name with its attempt, since the first attempt took the name', async () => {
    const chosen = defaults({ 'artifact-name': 'bench-evidence' });
    expect(await uploadEvidence(chosen, context(), run())).toMatchObject({ status: 'uploaded', name: 'bench-evidence' });
    expect(await uploadEvidence(chosen, { ...context(), runAttempt: 2 }, run())).toMatchObject({ status: 'uploaded', name: 'bench-evidence-2' });
    expect((await listRunArtifacts(artifactServiceHere(), '')).map((a) => a.name).sort()).toEqual(['bench-evidence', 'bench-evidence-2']);
  });

  it('is not uploaded, and nothing is asked of the service, when the input artifact is false', async () => {
    const outcome = await uploadEvidence(defaults({ artifact: 'false' }), context(), run());
    expect(outcome).toEqual({ status: 'skipped', name: 'benchtrend-records-linux-cold-recreate+warm-1', reason: 'input artifact is false' });
    expect(svc.requests).toEqual([]);
  });

  it('is skipped with the reason outside a workflow run', async () => {
    const undo = setEnv({ ACTIONS_RUNTIME_TOKEN: undefined, ACTIONS_RESULTS_URL: undefined });
    try {
      const outcome = await uploadEvidence(defaults(), context(), run());
      expect(outcome.status).toBe('skipped');
      expect(outcome.status === 'skipped' && outcome.reason).toMatch(/artifacts exist only inside a workflow run/);
      expect(svc.requests).toEqual([]);
    } finally {
      undo();
    }
  });

  it('is skipped on GitHub Enterprise Server, which the artifact library does not support', async () => {
    const undo = setEnv({ GITHUB_SERVER_URL: 'https://ghe.example.com' });
    try {
      const outcome = await uploadEvidence(defaults(), context(), run());
      expect(outcome.status === 'skipped' && outcome.reason).toBe('artifacts (v4, @actions/artifact 2 and later) are not supported on GitHub Enterprise Server (ghe.example.com)');
      expect(svc.requests).toEqual([]);
    } finally {
      undo();
    }
  });
});

describe('an evidence upload that fails is a warning line, never an exception', () => {
  async function failed(): Promise<string> {
    const outcome = await uploadEvidence(defaults(), context(), run());
    expect(outcome.status).toBe('failed');
    const warning = outcome.status === 'failed' ? outcome.warning : '';
    expect(warning).not.toContain('\n');
    expect(secretsIn(warning)).toEqual([]);
    expect(warning.startsWith('artifact benchtrend-records-linux-cold-recreate+warm-1 was not uploaded: ')).toBe(true);
    return warning;
  }

  it('a refused runtime token (401): asked once, not retried', async () => {
    svc.fail({ call: 'CreateArtifact', status: 401, msg: 'token expired' });
    expect(await failed()).toMatch(/Received non-retryable error: Failed request: \(401\) Unauthorized: token expired$/);
    expect(svc.requests.map((r) => r.call)).toEqual(['CreateArtifact']);
  });

  it("the repository's artifact storage quota", async () => {
    svc.fail({ call: 'CreateArtifact', status: 403, msg: 'insufficient usage to create artifact' });
    expect(await failed()).toMatch(/Artifact storage quota has been hit/);
    expect(svc.requests).toHaveLength(1);
  });

  it('blob storage refusing the upload: nothing is finalized and no artifact appears', async () => {
    svc.fail({ call: 'blob-upload', status: 403, msg: 'Server failed to authenticate the request' });
    expect(await failed()).toMatch(/Server failed to authenticate the request/);
    expect(svc.requests.map((r) => r.call)).not.toContain('FinalizeArtifact');
    expect(await listRunArtifacts(artifactServiceHere(), '')).toEqual([]);
  });

  it('a name already taken in this run (409)', async () => {
    expect((await uploadEvidence(defaults(), context(), run())).status).toBe('uploaded');
    expect(await failed()).toMatch(/\(409\) Conflict: an artifact with this name already exists on the workflow run$/);
  });

  it('a results service that refuses connections', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const undo = setEnv({ ACTIONS_RESULTS_URL: `http://127.0.0.1:${closed}/` });
    try {
      expect(await failed()).toMatch(/Unable to make request: ECONNREFUSED$/);
    } finally {
      undo();
    }
  });

  it('a record deleted after it was read', async () => {
    await writeFile(join(work, 'gone.json'), '{}');
    const files = recordEntries(['gone.json'], work);
    await rm(join(work, 'gone.json'));
    const outcome = await uploadRunArtifact(artifactServiceHere(), { name: 'gone', files });
    expect(outcome.status === 'failed' && outcome.warning).toMatch(/^artifact gone was not uploaded: ENOENT: no such file or directory/);
    expect(svc.requests).toEqual([]);
  });
});

describe('where files land inside the artifact', () => {
  it('mirrors the workspace and keeps records outside it apart by name', () => {
    expect(recordEntries(['a/warm.json', '/elsewhere/warm.json', '/other/warm.json', '/third/warm.json', 'x.json'], '/work/ws').map((f) => f.name)).toEqual([
      'records/a/warm.json',
      'records/warm.json',
      'records/warm-2.json',
      'records/warm-3.json',
      'records/x.json',
    ]);
  });

  it('refuses an entry that would leave the artifact', async () => {
    const outcome = await uploadRunArtifact(artifactServiceHere(), { name: 'escape', files: [{ name: '../../etc/passwd', text: 'x' }] });
    expect(outcome.status === 'failed' && outcome.warning).toBe('artifact escape was not uploaded: the file name "../../etc/passwd" is not a relative path inside the artifact');
    expect(svc.requests).toEqual([]);
  });
});

describe('scrub', () => {
  it("drops URLs' queries, bearer tokens, the runtime token and the library's advice lines", () => {
    const token = process.env['ACTIONS_RUNTIME_TOKEN']!;
    const text = scrub(`PUT https://acct.blob.core.windows.net/c/a.zip?sv=1&sig=SECRET failed with ${token} and Bearer abc.def\nErrors can be temporary`, token);
    expect(text).toBe('PUT https://acct.blob.core.windows.net/c/a.zip?… failed with *** and Bearer ***');
  });
});
