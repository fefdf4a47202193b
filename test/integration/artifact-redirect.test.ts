/**
 * The job's runtime token goes to the results service and nowhere else, even when the service
 * answers with a redirect to another host: the bundled action, as the runner runs it, against a
 * local server at ACTIONS_RESULTS_URL that answers every request 307 to the local stand-in for
 * the results service on another port. @actions/http-client follows the redirect and its credential
 * handler sets the token again on the redirected request, so the stand-in got it and the upload
 * succeeded there. The library retries the refused request as it retries an outage (five
 * attempts over about 25 s), so this one test sits alone in its file.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAction } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { artifactEnv, startResultsService, type ResultsService } from './helpers/results-service.js';

let sb: GitSandbox;
let service: ResultsService;
let front: Server;
let frontUrl: string;
const redirected: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  sb = await gitSandbox('benchtrend-redirect-');
  service = await startResultsService();
  front = createServer((req, res) => {
    redirected.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(307, { location: `${service.url}${req.url ?? '/'}` });
    res.end();
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  front.closeAllConnections();
  await new Promise<void>((resolve) => front.close(() => resolve()));
  await service.close();
  await sb.dispose();
});

it('refuses to follow a redirect of the results service to another host with the runtime token, naming both origins', async () => {
  await writeFile(join(sb.root, 'warm.json'), JSON.stringify({ shape: 'warm', runs: [1, 1.1, 0.9].map((s) => ({ total_seconds: s, stages: { attach: s } })) }));
  const env = { ...sb.env, ...artifactEnv(service, 'run-1', 'job-1'), ACTIONS_RESULTS_URL: `${frontUrl}/`, GITHUB_JOB: 'bench' };
  const token = service.token('run-1', 'job-1');

  const run = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', mode: 'collect' }, env });
  await run.dispose();

  // The results service's own address got the token, as it must; the host it redirected to got nothing.
  expect(redirected.length).toBeGreaterThan(0);
  expect(redirected.every((r) => r.authorization === `Bearer ${token}`)).toBe(true);
  expect(service.requests).toEqual([]);
  expect(run.code).toBe(1);
  const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
  expect(errors).toEqual([
    `::error::artifact benchtrend-collect-default-warm-1 was not uploaded: Failed to CreateArtifact: Failed to make request after 5 attempts: ${frontUrl.replace(/\/$/, '')} redirected to ${service.url}, another host; the runtime token is not sent there`,
  ]);
  expect(run.stdout.split('\n').filter((l) => l.includes(token) && !l.startsWith('::add-mask::'))).toEqual([]);
}, 90_000);
