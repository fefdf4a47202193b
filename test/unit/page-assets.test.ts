import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageAssets } from '../../src/effects/page-assets.js';
import { ROOT } from '../helpers/paths.js';

/** The built page as the publisher receives it: built here into a folder of its own. */
describe('page assets', () => {
  const work = mkdtempSync(join(tmpdir(), 'benchtrend-assets-'));
  const out = join(work, 'page');

  beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', out]);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the page files by their path in data-dir, and the version the build computed', async () => {
    const assets = await readPageAssets(out);
    expect([...assets.files.keys()].sort()).toEqual(['index.html', 'page.css', 'page.js']);
    expect(assets.version).toMatch(/^[0-9a-f]{12}$/);
    expect(assets.version).toBe(readFileSync(join(out, 'version.txt'), 'utf8').trim());
    const html = new TextDecoder().decode(assets.files.get('index.html'));
    expect(html).toContain(`<meta name="benchtrend-page-version" content="${assets.version}">`);
    expect(html).toContain(`src="page.js?v=${assets.version}"`);
    // uPlot ships inside the page: its stylesheet and code, no CDN.
    expect(new TextDecoder().decode(assets.files.get('page.css'))).toContain('.uplot');
    expect(new TextDecoder().decode(assets.files.get('page.js'))).toContain('uPlot 1.6');
  });

  it('computes the same version and bytes from the same sources', () => {
    const again = join(work, 'again');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', again]);
    expect(readFileSync(join(again, 'version.txt'), 'utf8')).toBe(readFileSync(join(out, 'version.txt'), 'utf8'));
    expect(readFileSync(join(again, 'page.js'))).toEqual(readFileSync(join(out, 'page.js')));
  });

  it('refuses a folder without a built page, saying how to build it', async () => {
    await expect(readPageAssets(work)).rejects.toThrow(`${join(work, 'version.txt')} is missing; run npm run build`);
    const broken = join(work, 'broken');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', broken]);
    writeFileSync(join(broken, 'version.txt'), 'not a version\n');
    await expect(readPageAssets(broken)).rejects.toThrow('not a page version: "not a version"');
  });

  it('reads dist/page when called from the sources, as the bundles read their own page/', async () => {
    const dist = join(ROOT, 'dist/page');
    const result = await readPageAssets().then(
      (a) => ({ ok: true as const, version: a.version }),
      (e: Error) => ({ ok: false as const, message: e.message }),
    );
    if (result.ok) expect(result.version).toBe(readFileSync(join(dist, 'version.txt'), 'utf8').trim());
    else expect(result.message).toContain(join(dist, 'version.txt'));
  });
});
