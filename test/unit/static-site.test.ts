/**
 * `benchtrend serve`'s folder server: a folder that is not there is refused instead of served as
 * 404s, and a malformed request is answered 400 without bringing the server down. Real HTTP on
 * 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/model.js';
import { serveFolder } from '../../src/effects/static-site.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-serve-'));
  await writeFile(join(dir, 'index.html'), '<p>chart</p>');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('serveFolder', () => {
  it('refuses a folder that does not exist, or a file, naming it', async () => {
    await expect(serveFolder(join(dir, 'dev/bnech'))).rejects.toThrow(new InputError(`serve: ${join(dir, 'dev/bnech')}: no such folder; give the trend folder that holds index.html and manifest.json`));
    await expect(serveFolder(join(dir, 'index.html'))).rejects.toThrow(/: not a folder; /);
  });

  it('refuses a port in use in one line that says what to do', async () => {
    const { server, url } = await serveFolder(dir);
    try {
      const port = Number(new URL(url).port);
      await expect(serveFolder(dir, port)).rejects.toThrow(new InputError(`serve: port ${port} of 127.0.0.1 is in use; give another with --port, or leave it out for a free one`));
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('answers a malformed URL with 400 and goes on serving', async () => {
    const { server, url } = await serveFolder(dir);
    try {
      expect((await fetch(`${url}%`)).status).toBe(400);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<p>chart</p>');
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('serves nothing a symbolic link in the folder points at outside it', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'benchtrend-outside-'));
    try {
      await writeFile(join(outside, 'secret.txt'), 'SECRET');
      await mkdir(join(outside, 'sub'));
      await writeFile(join(outside, 'sub', 'index.html'), 'SECRET');
      await symlink(join(outside, 'secret.txt'), join(dir, 'leak.txt'));
      await symlink(outside, join(dir, 'up'));
      await symlink(join(outside, 'sub'), join(dir, 'folder'));
      await mkdir(join(dir, 'data'));
      await writeFile(join(dir, 'data', 'seg.json'), '[]');
      await symlink('data/seg.json', join(dir, 'inside.json'));
      const { server, url } = await serveFolder(dir);
      try {
        for (const path of ['leak.txt', 'up/secret.txt', 'folder/', 'folder']) {
          const res = await fetch(`${url}${path}`);
          expect(res.status, path).toBe(403);
          expect(await res.text()).not.toContain('SECRET');
        }
        // A link that stays inside the folder is served as GitHub Pages would.
        const inside = await fetch(`${url}inside.json`);
        expect(inside.status).toBe(200);
        expect(inside.headers.get('content-type')).toBe('application/json');
        expect(await inside.text()).toBe('[]');
      } finally {
        await new Promise((done) => server.close(done));
      }
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('answers a named pipe in the folder with 404 at once, and goes on serving', { timeout: 10_000 }, async () => {
    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    const { server, url } = await serveFolder(dir);
    try {
      // More requests than libuv has threads: each used to hold one, so the page then hung too.
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${url}pipe.json`, { signal: AbortSignal.timeout(3000) }).then((r) => r.status)));
      expect(answers).toEqual([404, 404, 404, 404, 404, 404]);
      expect((await fetch(url, { signal: AbortSignal.timeout(3000) })).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('redirects a folder asked for without its slash to the folder, so its relative links resolve there', async () => {
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'index.html'), '<a href="data.json">data</a>');
    await mkdir(join(dir, 'x.example'));
    const { server, url } = await serveFolder(dir);
    try {
      for (const [path, location] of [
        ['sub', '/sub/'],
        ['sub?case=a%20b', '/sub/?case=a%20b'],
        // Never a protocol-relative address: that would send the browser to another host.
        ['/x.example', '/x.example/'],
      ] as const) {
        const res = await fetch(`${url}${path}`, { redirect: 'manual' });
        expect(res.status, path).toBe(301);
        expect(res.headers.get('location'), path).toBe(location);
      }
      const followed = await fetch(`${url}sub`);
      expect(followed.url).toBe(`${url}sub/`);
      expect(await followed.text()).toBe('<a href="data.json">data</a>');
      expect((await fetch(`${url}sub/`, { redirect: 'manual' })).status).toBe(200);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('answers only requests made to its own address, not a rebound name of another site', async () => {
    const { server, url } = await serveFolder(dir);
    const status = (host: string) =>
      new Promise<number | undefined>((done, fail) =>
        get(url, { headers: { host } }, (res) => {
          res.resume();
          done(res.statusCode);
        }).on('error', fail),
      );
    try {
      const port = new URL(url).port;
      expect(await status(`evil.example:${port}`)).toBe(421);
      expect(await status(`127.0.0.1:${port}`)).toBe(200);
      expect(await status(`localhost:${port}`)).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
