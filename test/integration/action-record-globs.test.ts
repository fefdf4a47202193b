/**
 * The records input as globs, through the bundled action: the evidence the run uploads (mode
 * collect's artifact, and a publish's evidence artifact) holds the files the globs matched. It was
 * given the patterns themselves, so `out/*.json` was copied as a file of that name: mode collect
 * failed outright and a publish lost its evidence with a warning.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAction } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

const SHA = '1234567890abcdef1234567890abcdef12345678';
const push = { name: 'push', payload: { head_commit: { id: SHA, message: 'm', timestamp: '2024-05-01T10:00:00Z', author: { name: 'Ada' } } } };
const record = (shape: string) => JSON.stringify({ shape, runs: [1, 1.1, 0.9].map((f) => ({ total_seconds: f, stages: { attach: f / 2 } })) });

let sb: GitSandbox;
let service: ResultsService;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-globs-');
  service = await startResultsService();
  await mkdir(join(sb.root, 'out'));
  await writeFile(join(sb.root, 'out', 'warm.json'), record('warm'));
  await writeFile(join(sb.root, 'out', 'cold.json'), record('cold'));
});
afterEach(async () => {
  await service.close();
  await sb.dispose();
});

it.each(['collect', 'publish'])('mode %s uploads the files a glob matched as its evidence', async (mode) => {
  const remote = await sb.bareRemote('site');
  const run = await runAction({
    cwd: sb.root,
    inputs: { records: 'out/*.json', mode, repository: remote },
    event: push,
    env: { ...sb.env, ...artifactEnv(service, 'run-7', 'job-1'), GITHUB_SHA: SHA, GITHUB_RUN_ID: '7', GITHUB_JOB: 'bench' },
  });
  await run.dispose();
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).not.toMatch(/::warning::artifact/);
  const stored = service.artifacts.find((a) => a.name === run.outputs['artifact-name']);
  const records = zipEntries(stored?.content ?? Buffer.alloc(0)).filter((n) => n.startsWith('records/'));
  expect(records.sort()).toEqual(['records/out/cold.json', 'records/out/warm.json']);
});

/** Names in a zip's central directory (signature PK\x01\x02; name length at +28, name at +46). */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = zip.indexOf('PK\x01\x02', 0, 'latin1'); i >= 0; i = zip.indexOf('PK\x01\x02', i + 46, 'latin1')) {
    names.push(zip.toString('utf8', i + 46, i + 46 + zip.readUInt16LE(i + 28)));
  }
  return names;
}
