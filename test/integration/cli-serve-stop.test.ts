/**
 * `benchtrend serve --repo` stopped with Ctrl-C while its checkout is still fetching: the fetch
 * runs in a process group of its own, which a signal to benchtrend alone does not reach, and the
 * folder the help promises to remove on exit stayed behind. And in the window after the checkout
 * and before the server's own handlers, where a Ctrl-C found no handler at all.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

let dir: string;
let stall: Server;
const sockets: Socket[] = [];
let connected: Promise<void>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-serve-stop-'));
  await mkdir(join(dir, 'tmp'));
  // A remote that takes the connection and never answers: the fetch is under way until stopped.
  let arrived = () => {};
  connected = new Promise((resolve) => (arrived = resolve));
  stall = createServer((socket) => {
    sockets.push(socket);
    // Read what git sends, so that its hanging up is seen.
    socket.resume();
    arrived();
  });
  await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise((resolve) => stall.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

it('Ctrl-C during the checkout stops the fetch, removes the checkout and says so', async () => {
  const { port } = stall.address() as AddressInfo;
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), 'serve', '--repo', `http://127.0.0.1:${port}/trend.git`], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(dir, 'gitconfig'), RUNNER_TEMP: join(dir, 'tmp') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await connected;
  expect((await readdir(join(dir, 'tmp'))).filter((n) => n.startsWith('benchtrend-serve-'))).toHaveLength(1);
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(stderr).toBe('benchtrend: stopped by SIGINT, with the git command under way\n');
  expect(await readdir(join(dir, 'tmp'))).toEqual([]);
  // The fetch went with it: its connection to the remote is closed.
  await new Promise<void>((resolve) => (sockets[0]!.closed ? resolve() : sockets[0]!.once('close', () => resolve())));
}, 60_000);

it('Ctrl-C after the checkout, before the server is up, removes the checkout', async () => {
  // A trend with its chart page, on a repository given as a path.
  const work = join(dir, 'work');
  const bare = join(dir, 'trend.git');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(dir, 'gitconfig') } });
  git('init', '--quiet', '--bare', bare);
  git('init', '--quiet', '-b', 'gh-pages', work);
  await mkdir(join(work, 'dev/bench'), { recursive: true });
  await writeFile(join(work, 'dev/bench/index.html'), '<!doctype html>\n');
  git('-C', work, 'add', '.');
  git('-C', work, '-c', 'user.name=A', '-c', 'user.email=a@example.com', 'commit', '--quiet', '-m', 'page');
  git('-C', work, 'push', '--quiet', bare, 'gh-pages');
  // The real CLI, held at the line it writes once the checkout is done and before its server
  // is up ("Checked out ... (removed on exit)") until the test lets it go: the window a Ctrl-C
  // can fall in. The hold blocks its thread, as a slow terminal's write would.
  const held = join(dir, 'held');
  const go = join(dir, 'go');
  const hold = join(dir, 'hold.cjs');
  await writeFile(
    hold,
    `const fs = require('node:fs');
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (text, ...rest) => {
  if (String(text).startsWith('Checked out ')) {
    fs.writeFileSync(${JSON.stringify(held)}, '');
    const wait = new Int32Array(new SharedArrayBuffer(4));
    while (!fs.existsSync(${JSON.stringify(go)})) Atomics.wait(wait, 0, 0, 10);
  }
  return write(text, ...rest);
};
`,
  );
  const child = spawn(process.execPath, ['--require', hold, join(ROOT, 'dist/cli.js'), 'serve', '--repo', bare], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(dir, 'gitconfig'), RUNNER_TEMP: join(dir, 'tmp') },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  let gone = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      gone = true;
      resolve(code);
    }),
  );
  while (!gone && !existsSync(held)) await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await readdir(join(dir, 'tmp'))).filter((n) => n.startsWith('benchtrend-serve-'))).toHaveLength(1);
  child.kill('SIGINT');
  await writeFile(go, '');
  expect(await exited).toBe(130);
  expect(await readdir(join(dir, 'tmp'))).toEqual([]);
}, 60_000);
