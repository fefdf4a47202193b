/**
 * A publish whose remote does not answer: the first line says what is being published, before
 * any attempt's failure, and a publish that gives up has said what it did not publish. (The line
 * waits for the plan otherwise, so that a refusal of the input is the only line: see
 * cli-input-files.test.ts.)
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let server: Server;
let remote: string;
beforeAll(async () => {
  sb = await gitSandbox();
  await writeFile(join(sb.root, 'now.json'), JSON.stringify([{ name: 'a', unit: 'ms', value: 1 }]));
  // A git host that is down: every request gets 503, which a publish takes as worth another try.
  server = createServer((_req, res) => res.writeHead(503).end('down'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  remote = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/trend.git`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  await sb.dispose();
});

function cli(args: string[]): Promise<{ code: number | string; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: sb.root, env: { ...sb.env, PATH: process.env['PATH'] ?? '', HOME: sb.root, RUNNER_TEMP: join(sb.root, 'tmp') } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : (err.signal ?? 1)) : 0, stdout, stderr });
    });
  });
}

const publish = (attempts: string) => ['publish', 'now.json', '--format', 'customSmallerIsBetter', '--repo', remote, '--commit', 'a'.repeat(40), '--message', 'm', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z', '--max-attempts', attempts];

it('says what it is publishing before an attempt that did not land, and before giving up', { timeout: 60_000 }, async () => {
  for (const attempts of ['2', '1']) {
    const run = await cli(publish(attempts));
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`benchtrend: Publishing 1 points of suite "default" at aaaaaaa to ${remote} (gh-pages:dev/bench)`);
    expect(lines.filter((l) => l.includes('did not land'))).toHaveLength(Number(attempts) - 1);
    expect(lines.at(-1)).toMatch(/returned error: 503 \(gave up after \d attempts? in /);
  }
});
