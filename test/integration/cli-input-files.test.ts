/**
 * The files the CLI and a publish read besides records (--import-from, --annotations,
 * --direction-overrides, and import-from as the action gives it) are bounded as records are: a
 * named pipe nobody writes to held the bundled CLI forever (SIGTERM and Ctrl-C too, while a
 * thread waited on it), and a device was read without end. Each is one line and exit 1, at once.
 */
import { execFile, execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
beforeAll(async () => {
  sb = await gitSandbox();
  remote = await sb.bareRemote('trend');
  execFileSync('mkfifo', [join(sb.root, 'pipe')]);
  await writeFile(join(sb.root, 'now.json'), JSON.stringify([{ name: 'a', unit: 'ms', value: 1 }]));
});
afterAll(() => sb.dispose());

/** The bundled CLI, killed outright after 20 s: a CLI blocked on a pipe does not exit on SIGTERM. */
function cli(args: string[]): Promise<{ code: number | string; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: sb.root, env: { ...sb.env, PATH: process.env['PATH'] ?? '', HOME: sb.root, RUNNER_TEMP: join(sb.root, 'tmp') }, timeout: 20_000, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : (err.signal ?? 1)) : 0, stdout, stderr });
    });
  });
}

const publish = ['publish', 'now.json', '--format', 'customSmallerIsBetter', '--repo', '', '--commit', 'a'.repeat(40), '--message', 'm', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z'];
const publishWith = (...extra: string[]) => cli([...publish.map((a) => (a === '' ? remote : a)), ...extra]);

it('refuses a named pipe as --import-from, --annotations or --direction-overrides at once, naming it', { timeout: 120_000 }, async () => {
  for (const [run, line] of [
    [() => cli(['replay', '--import-from', 'pipe']), 'benchtrend: --import-from: cannot read pipe (it is a named pipe, not a file)'],
    [() => publishWith('--annotations', 'pipe'), 'benchtrend: --annotations: cannot read pipe (it is a named pipe, not a file)'],
    [() => publishWith('--direction-overrides', 'pipe'), 'benchtrend: --direction-overrides: cannot read pipe (it is a named pipe, not a file)'],
    [() => publishWith('--import-from', 'pipe'), 'benchtrend: --import-from: "pipe" is not a file on the branch, and the local file cannot be read (it is a named pipe, not a file)'],
    [() => cli(['replay', '--import-from', '/dev/zero']), 'benchtrend: --import-from: cannot read /dev/zero (it is a device, not a file)'],
  ] as const) {
    const r = await run();
    expect([r.code, r.stderr]).toEqual([1, `${line}\n`]);
  }
  // Nothing was published over the refused import.
  expect(execFileSync('git', ['--git-dir', remote.replace(/^file:\/\//, ''), 'branch', '--list'], { encoding: 'utf8' }).trim()).toBe('');
});

it('refuses a local data.js over the input limit from its size, instead of failing on the string', { timeout: 60_000 }, async () => {
  execFileSync('truncate', ['-s', '1G', join(sb.root, 'big.js')]);
  const r = await cli(['replay', '--import-from', 'big.js']);
  expect([r.code, r.stderr.trim()]).toEqual([1, 'benchtrend: --import-from: cannot read big.js (1024 MiB, more than the 500 MiB an imported history may hold)']);
  const p = await publishWith('--import-from', 'big.js');
  expect([p.code, p.stderr]).toEqual([1, 'benchtrend: --import-from: "big.js" is not a file on the branch, and the local file cannot be read (1024 MiB, more than the 500 MiB an imported history may hold)\n']);
});

it('refuses a data.js that is not one before any progress line, publishing nothing', { timeout: 60_000 }, async () => {
  // The file as a hand-copied data.js often is: JavaScript, not the JSON the action writes.
  await writeFile(join(sb.root, 'bad.js'), 'window.BENCHMARK_DATA = {lastUpdate: 1, repoUrl: "x", entries: {}}\n');
  const line =
    'benchtrend: bad.js: not a github-action-benchmark data.js: its object is JavaScript with unquoted keys, not the JSON the action writes (a minified copy?); give the data.js on the branch github-action-benchmark pushed to\n';
  const onlyImport = await cli(['publish', '--import-from', 'bad.js', '--repo', remote, '--commit', 'a'.repeat(40)]);
  expect([onlyImport.code, onlyImport.stdout, onlyImport.stderr]).toEqual([1, '', line]);
  const withRecords = await publishWith('--import-from', 'bad.js');
  expect([withRecords.code, withRecords.stdout, withRecords.stderr]).toEqual([1, '', line]);
  expect(execFileSync('git', ['--git-dir', remote.replace(/^file:\/\//, ''), 'branch', '--list'], { encoding: 'utf8' }).trim()).toBe('');
  // A good one is named in the progress line, which says what is imported.
  await writeFile(join(sb.root, 'good.js'), `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: 1, repoUrl: 'https://github.com/o/r', entries: { Benchmark: [{ commit: { id: 'b'.repeat(40), message: 'm', timestamp: '2025-01-01T00:00:00Z', url: 'https://github.com/o/r/commit/b', author: { name: 'A' } }, date: 1, tool: 'customSmallerIsBetter', benches: [{ name: 'a', value: 1, unit: 'ms' }] }] } })}\n`);
  const good = await cli(['publish', '--import-from', 'good.js', '--repo', remote, '--commit', 'a'.repeat(40)]);
  expect(good.code).toBe(0);
  expect(good.stderr.split('\n')[0]).toBe(`benchtrend: Importing 1 github-action-benchmark entries from good.js to ${remote} (gh-pages:dev/bench)`);
});
