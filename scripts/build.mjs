// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild, and the chart page
// into dist/page/ when it exists. `--if-stale` skips the build when dist is newer than every source,
// so `npm run demo` on a fresh clone uses the committed dist without rebuilding.
import { build } from 'esbuild';
import { existsSync, readdirSync, statSync, mkdirSync, chmodSync } from 'node:fs';
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
  const src = Math.max(newest(join(root, 'src')), newest(join(root, 'page')), newest(join(root, 'schemas')));
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
await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });
await build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env node\n${banner.js}` } });
chmodSync(join(root, 'dist/cli.js'), 0o755);
if (existsSync(join(root, 'scripts/build-page.mjs'))) {
  await import('./build-page.mjs');
}
