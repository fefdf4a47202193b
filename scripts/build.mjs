// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild, and the chart page
// into dist/page/ when it exists. `--if-stale` skips the build when dist is newer than every source,
// so `npm run demo` on a fresh clone uses the committed dist without rebuilding.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync, mkdirSync, chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (process.argv.includes('--if-stale') && existsSync(join(root, 'dist/cli.js'))) {
  // package.json too: the CLI embeds its version.
  const src = Math.max(newest(join(root, 'src')), newest(join(root, 'page')), newest(join(root, 'schemas')), statSync(join(root, 'package.json')).mtimeMs);
  if (statSync(join(root, 'dist/cli.js')).mtimeMs >= src) process.exit(0);
}

// Packages that call require() need it inside an ESM bundle.
const banner = {
  js: "import { createRequire as __benchtrendCreateRequire } from 'node:module';\nconst require = __benchtrendCreateRequire(import.meta.url);",
};

mkdirSync(join(root, 'dist'), { recursive: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  banner,
  logLevel: 'warning',
  absWorkingDir: root,
  loader: { '.html': 'text', '.css': 'text' },
};
// The action's bundle is split: what only some runs need (the scale-out job and its artifact
// client, loaded by `await import()` in main.ts) goes to dist/chunks/, so the other runs do not
// parse it at start (issue #12). The old chunks go first: their names carry a hash of their content.
rmSync(join(root, 'dist/chunks'), { recursive: true, force: true });
await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist', splitting: true, chunkNames: 'chunks/[name]-[hash]' });
// `benchtrend --version` prints the version it was built as: the bundle is installed without
// package.json beside it in some layouts (a copied dist/), so the number is embedded, not read.
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
await build({
  ...common,
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.js',
  banner: { js: `#!/usr/bin/env node\n${banner.js}` },
  define: { BENCHTREND_VERSION: JSON.stringify(version) },
});
chmodSync(join(root, 'dist/cli.js'), 0o755);
if (existsSync(join(root, 'scripts/build-page.mjs'))) {
  await import('./build-page.mjs');
}
