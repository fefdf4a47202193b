// `npm test`: build the bundles the end-to-end tests run, then run every test once and end with
// the plain `N passed, N failed` line CI reads. Extra arguments go to vitest (a file filter, -t).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
if (built.status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
// The end-to-end tests also run the action under Node 24, the Actions runtime; fetch it once.
const node24 = spawnSync(process.execPath, [join(root, 'scripts/install-node24.mjs')], { stdio: 'inherit', cwd: root });
if (node24.status !== 0) console.warn('npm test: Node 24 is not installed; its end-to-end tests are skipped outside CI');
// Load tests run alone, after the rest: 32 publisher processes and their git server are the load
// they measure, and sharing the 2 cores with the other test files (Chromium, the bundled action)
// took the 32 racers from about 3 minutes to 4.6 of their 5-minute budget.
const LOAD_TESTS = ['test/integration/publish-contention-cli.test.ts'];
const extra = process.argv.slice(2);
const runs = extra.length ? [extra] : [LOAD_TESTS.flatMap((f) => ['--exclude', f]), [...LOAD_TESTS, '--maxWorkers=1']];
const dir = mkdtempSync(join(tmpdir(), 'benchtrend-vitest-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let status = 0;
runs.forEach((args, i) => {
  const report = join(dir, `report-${i}.json`);
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', cwd: root },
  );
  if (run.status !== 0) status = run.status ?? 1;
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } catch {
    failed = Math.max(1, failed);
  }
});
rmSync(dir, { recursive: true, force: true });
const ok = status === 0 && failed === 0 && passed > 0;
if (!ok && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
