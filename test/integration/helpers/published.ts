/** The segments a bare remote's gh-pages holds, read with benchtrend's own reader over `git show`. */
import { loadSegments, readManifest } from '../../../src/core/trend/load.js';
import type { Segment } from '../../../src/core/trend/types.js';

export async function publishedSegments(git: (args: readonly string[], cwd?: string) => Promise<string>, remote: string, dataDir = 'dev/bench', branch = 'gh-pages'): Promise<Segment[]> {
  const read = (path: string) => git(['show', `${branch}:${dataDir}/${path}`], remote).catch(() => undefined);
  const manifest = await readManifest(read, `${branch}:${dataDir}`);
  return manifest ? loadSegments(read, `${branch}:${dataDir}`, 0, manifest.segments, manifest) : [];
}
