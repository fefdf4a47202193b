// `npm run eval:alerts`: bundles bench/alerts-eval.ts with esbuild's build API into a temporary
// file and runs it, passing the arguments through (--quick, --json FILE, --workers N). The
// evaluation measures the regression detector; see docs/alerts.md for what its figures mean.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'benchtrend-eval-'));
try {
  const outfile = join(dir, 'alerts-eval.mjs');
  await build({
    entryPoints: [join(root, 'bench/alerts-eval.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    absWorkingDir: root,
  });
  // A child process rather than an import, so its worker threads load the same bundle.
  const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
