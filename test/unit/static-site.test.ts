/**
 * `benchtrend serve`'s folder server: a folder that is not there is refused instead of served as
 * 404s, and a malformed request is answered 400 without bringing the server down. Real HTTP on
 * 127.0.0.1.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
});
