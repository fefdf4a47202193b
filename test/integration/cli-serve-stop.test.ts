/**
 * `benchtrend serve --repo` stopped with Ctrl-C while its checkout is still fetching: the fetch
 * runs in a process group of its own, which a signal to benchtrend alone does not reach, and the
 * folder the help promises to remove on exit stayed behind.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
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
