import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/** The chart page's own files, built by scripts/build-page.mjs into `out`, by name: what a publish writes beside the data. */
export function builtPage(out: string): Map<string, Uint8Array> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', out]);
  return new Map(['index.html', 'page.js', 'page.css'].map((f) => [f, readFileSync(join(out, f))]));
}
