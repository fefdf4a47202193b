import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';

/**
 * The chart page's files as built by scripts/build-page.mjs, for the publisher to write into
 * data-dir when the branch holds another page version. They live in dist/page/ beside the running
 * bundle (dist/index.js, dist/cli.js, or dist/chunks/ above them); from the sources under vitest, in ../../dist/page/.
 */

export interface PageAssets {
  /** PAGE_VERSION: a hash of the page's contents; the manifest's `pageVersion` records it. */
  readonly version: string;
  /** File contents by path relative to data-dir (`index.html`, `page.js`, `page.css`). */
  readonly files: Map<string, Uint8Array>;
}

/** Not a page file: the version the build computed, read into `version` instead. */
const VERSION_FILE = 'version.txt';

function builtPageDir(): string {
  const fromSources = /\/src\/effects\/[^/]*$/.test(import.meta.url);
  // The action's bundle is split (scripts/build.mjs): this code may run from dist/chunks/.
  const inChunk = /\/dist\/chunks\/[^/]*$/.test(import.meta.url);
  return fileURLToPath(new URL(fromSources ? '../../dist/page/' : inChunk ? '../page/' : './page/', import.meta.url));
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/**
 * Reads the built page. `dir` overrides where (for tests of a publisher against another build).
 * Fails with what to do when the page was never built: a publish must not write a half page.
 */
export async function readPageAssets(dir?: string): Promise<PageAssets> {
  const url = dir ?? builtPageDir();
  let version: string;
  try {
    version = (await readFile(join(url, VERSION_FILE), 'utf8')).trim();
  } catch {
    throw new Error(`the chart page is not built: ${join(url, VERSION_FILE)} is missing; run npm run build`);
  }
  if (!/^[0-9a-f]{6,64}$/.test(version)) throw new Error(`${join(url, VERSION_FILE)}: not a page version: ${JSON.stringify(version)}`);
  const files = new Map<string, Uint8Array>();
  for (const path of await walk(url)) {
    const rel = relative(url, path).split(sep).join('/');
    if (rel === VERSION_FILE) continue;
    files.set(rel, new Uint8Array(await readFile(path)));
  }
  if (!files.has('index.html')) throw new Error(`${url}: the chart page has no index.html; run npm run build`);
  return { version, files };
}
