import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageAssets } from '../../src/effects/page-assets.js';
import { ROOT } from '../helpers/paths.js';
import { commit, MemoryTrend, syntheticPoints } from './trend-memory.js';

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
    // dist/ is committed (and npm test rebuilds it), so the page is always there to read.
    const dist = join(ROOT, 'dist/page');
    const assets = await readPageAssets();
    expect(assets.version).toBe(readFileSync(join(dist, 'version.txt'), 'utf8').trim());
    expect([...assets.files.keys()].sort()).toEqual(['index.html', 'page.css', 'page.js']);
    for (const [path, bytes] of assets.files) expect(bytes).toEqual(new Uint8Array(readFileSync(join(dist, path))));
  });

  it('is written by a publish when the branch holds another page version, and only then', async () => {
    const built = await readPageAssets(out);
    // A later build: other page contents, hence another version.
    const next = join(work, 'next');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', next]);
    writeFileSync(join(next, 'page.css'), `${readFileSync(join(next, 'page.css'), 'utf8')}\n/* next */\n`);
    writeFileSync(join(next, 'version.txt'), `${'f'.repeat(12)}\n`);
    const later = await readPageAssets(next);
    expect(later.version).not.toBe(built.version);

    const trend = new MemoryTrend();
    const first = await trend.publish({ commit: commit(1), points: syntheticPoints(1), page: built });
    expect([...first.files.keys()].filter((f) => built.files.has(f)).sort()).toEqual(['index.html', 'page.css', 'page.js']);
    expect(first.files.get('page.js')).toEqual(built.files.get('page.js'));
    expect(first.manifest.pageVersion).toBe(built.version);

    const same = await trend.publish({ commit: commit(2), points: syntheticPoints(1), page: built });
    expect([...same.files.keys()].filter((f) => built.files.has(f))).toEqual([]);
    expect(same.manifest.pageVersion).toBe(built.version);

    const upgraded = await trend.publish({ commit: commit(3), points: syntheticPoints(1), page: later });
    expect([...upgraded.files.keys()].filter((f) => later.files.has(f)).sort()).toEqual(['index.html', 'page.css', 'page.js']);
    expect(upgraded.files.get('page.css')).toEqual(later.files.get('page.css'));
    expect(upgraded.manifest.pageVersion).toBe(later.version);
  });
});
