// `npm run bench`: runs every benchmark in bench/ one after another (they measure time and memory,
// so never in parallel on a 2-core machine) and passes the arguments through:
//   --quick         fewer sizes and repetitions (what the project's own bench workflow uses)
//   --records DIR   also write each benchmark's figures as bench records into DIR
//   --only NAME     run only the benchmarks whose file name contains NAME
//   --anchor DIR    a copy of github-action-benchmark's v1 action (action.yml and dist/, outside
//                   this repository): bench/migration.mjs runs it beside our bundled action on the
//                   same histories in the same run and prints both (the others ignore it), e.g.
//                   npm run bench -- --only migration --anchor /tmp/gab-v1 --sizes 20000 --no-real
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const at = argv.indexOf('--only');
const only = at >= 0 ? [argv[at + 1] ?? ''] : [];
const args = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n## bench/${file}\n`);
  const r = spawnSync(process.execPath, [join(root, 'bench', file), ...args], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
