/**
 * The private repository a publish reads through is shallow, and two fetches in it at once can
 * kill each other ("shallow file has changed since we read it"). The prefetch walk and the
 * planner's read ask for objects at the same time; over real smart HTTP, with every fetch's
 * answer held back so that overlaps would show, they must still reach the remote one at a time
 * and read the right bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PagesBranch } from '../../src/effects/gh-pages.js';
import { TooLargeError } from '../../src/effects/record-files.js';
import { gitEnv } from '../../src/effects/git.js';
import { gitSandbox, startGitServer, type GitSandbox, type GitServer } from './helpers/git-server.js';

let sb: GitSandbox;
let server: GitServer;

beforeEach(async () => {
  sb = await gitSandbox();
  server = await startGitServer({ root: sb.root, env: sb.env, fetchDelayMs: 300 });
});

afterEach(async () => {
  await server.close();
  await sb.dispose();
});

/** A gh-pages branch with two deep folders under different roots, so that two walks need different trees at once. */
async function seed(): Promise<void> {
  const remote = await sb.bareRemote('trend');
  const work = join(sb.root, 'work');
  await sb.git(['init', '--quiet', '--initial-branch=gh-pages', work]);
  for (const [path, body] of [
    ['data/segments/0001/0001/a.json', '{"a":1}\n'],
    ['data/segments/0002/0003/b.json', '{"b":2}\n'],
    ['data/segments/0002/0004/c.json', '{"c":4}\n'],
    ['pages/manifest/x/y/manifest.json', '{"m":3}\n'],
  ] as const) {
    await mkdir(join(work, path, '..'), { recursive: true });
    await writeFile(join(work, path), body);
  }
  await sb.git(['add', '-A'], work);
  await sb.git(['commit', '--quiet', '-m', 'seed'], work);
  await sb.git(['push', '--quiet', remote, 'gh-pages'], work);
}

function openBranch(): Promise<PagesBranch> {
  const url = server.url('trend');
  return PagesBranch.open({
    remote: url,
    display: url,
    branch: 'gh-pages',
    env: gitEnv(sb.env, undefined, { 'remote.origin.url': url }),
    secrets: [],
    tempRoot: join(sb.root, 'tmp'),
    identity: { name: 'Test', email: 'test@example.invalid' },
    timeoutMs: 30_000,
  });
}

describe('the branch reader over smart HTTP', () => {
  it('fetches one batch at a time while the prefetch walk and a read both need objects', async () => {
    await seed();
    const branch = await openBranch();
    try {
      const tip = await branch.fetchTip();
      expect(tip).toMatch(/^[0-9a-f]{40}$/);
      const before = server.fetchesStarted();
      branch.prefetchNewest(tip, 'data/segments', 2);
      // The read starts once the walk's first fetch has reached the server (each is held 300 ms),
      // so without one fetch at a time the read's fetch would be open beside it.
      while (server.fetchesStarted() === before) await new Promise((r) => setTimeout(r, 2));
      const [manifest, newest] = await Promise.all([branch.readFile(tip, 'pages/manifest/x/y/manifest.json'), branch.readFile(tip, 'data/segments/0002/0003/b.json')]);
      expect(manifest?.toString('utf8')).toBe('{"m":3}\n');
      expect(newest?.toString('utf8')).toBe('{"b":2}\n');
      await branch.settle();
      expect(branch.fetches).toBeGreaterThan(2);
      expect(server.maxConcurrentFetches()).toBe(1);
    } finally {
      await branch.dispose();
    }
  });

  it('brings a whole folder in one request, after which every file under it reads without one', async () => {
    await seed();
    const walked = await openBranch();
    const whole = await openBranch();
    try {
      // The level-by-level walk, for the count to beat: both files, read together.
      const walkTip = await walked.fetchTip();
      const walkFrom = server.fetchesStarted();
      await Promise.all([walked.readFile(walkTip, 'data/segments/0001/0001/a.json'), walked.readFile(walkTip, 'data/segments/0002/0003/b.json')]);
      const walkFetches = server.fetchesStarted() - walkFrom;

      const tip = await whole.fetchTip();
      const from = server.fetchesStarted();
      const readsFrom = whole.reads;
      whole.prefetchFolder(tip, 'data/segments');
      // Reads made while the folder comes wait for it, and still reach the remote one at a time.
      const [a, b] = await Promise.all([whole.readFile(tip, 'data/segments/0001/0001/a.json'), whole.readFile(tip, 'data/segments/0002/0003/b.json')]);
      await whole.settle();
      expect(a?.toString('utf8')).toBe('{"a":1}\n');
      expect(b?.toString('utf8')).toBe('{"b":2}\n');
      expect(server.fetchesStarted() - from).toBeLessThan(walkFetches);
      expect(server.maxConcurrentFetches()).toBe(1);
      // Three cat-file runs: the root tree and the tree above the folder, and the folder's own read
      // of everything it brought. The reads that waited behind it are answered from that, not read again.
      expect(whole.reads - readsFrom).toBe(3);
      // Everything under the folder is at hand now, a file no read has asked for included; a file
      // outside it still comes from the remote.
      const held = server.fetchesStarted();
      expect((await whole.readFile(tip, 'data/segments/0002/0004/c.json'))?.toString('utf8')).toBe('{"c":4}\n');
      expect(await whole.readFile(tip, 'data/segments/0002/0004/none.json')).toBeUndefined();
      expect(server.fetchesStarted()).toBe(held);
      expect((await whole.readFile(tip, 'pages/manifest/x/y/manifest.json'))?.toString('utf8')).toBe('{"m":3}\n');
      expect(server.fetchesStarted()).toBeGreaterThan(held);
    } finally {
      await walked.dispose();
      await whole.dispose();
    }
  });

  it('leaves a folder that does not exist to the reads', async () => {
    await seed();
    const branch = await openBranch();
    try {
      const tip = await branch.fetchTip();
      branch.prefetchFolder(tip, 'data/none/deeper');
      branch.prefetchFolder(tip, 'data/segments/0001/0001/a.json');
      await branch.settle();
      expect(await branch.readFile(tip, 'data/none/deeper/x.json')).toBeUndefined();
      expect((await branch.readFile(tip, 'data/segments/0001/0001/a.json'))?.toString('utf8')).toBe('{"a":1}\n');
    } finally {
      await branch.dispose();
    }
  });
});

describe('a bounded read', () => {
  it('refuses a file over the bound from its size, before its bytes are read, and reads one within it', async () => {
    await seed();
    const branch = await openBranch();
    try {
      const tip = await branch.fetchTip();
      // '{"b":2}\n' is 8 bytes: an import-from data.js of the branch is read so, bounded at 500 MiB.
      const refused = await branch.readFile(tip, 'data/segments/0002/0003/b.json', true, 7).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TooLargeError);
      expect((refused as TooLargeError).bytes).toBe(8);
      expect((await branch.readFile(tip, 'data/segments/0002/0003/b.json', true, 8))?.toString('utf8')).toBe('{"b":2}\n');
      expect(await branch.readFile(tip, 'data/segments/0002/0003/none.json', true, 8)).toBeUndefined();
    } finally {
      await branch.dispose();
    }
  });
});
