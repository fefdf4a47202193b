// Peak memory and time of `benchtrend cases` (dist/cli.js) on the largest inputs it reads: a bench
// record and a go output just under the 64 MiB input limit, and a 200 MB file it refuses from its
// size. The figures behind docs/troubleshooting.md "Input limits" (issue #15: a 200 MB input
// peaked at 3.9 GB before the limit).
//
//   node bench/input-limits.mjs [--quick]      (--quick: 16 MiB inputs instead of 63 MiB)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, truncateSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const quick = process.argv.includes('--quick');
const target = (quick ? 16 : 63) * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'benchtrend-input-limits-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

function write(name, head, item, tail) {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  let size = writeSync(fd, head);
  for (let i = 0; size < target; i++) size += writeSync(fd, item(i));
  writeSync(fd, tail);
  closeSync(fd);
  return path;
}

const record = write(
  'record.json',
  '{"shape":"big","runs":[',
  (i) => `${i ? ',' : ''}{"wall_seconds":${2 + (i % 97) / 1000},"total_seconds":${1.9 + (i % 89) / 1000},"stages":{"host-prep":${0.02 + (i % 7) / 1000},"devpod-up":${0.45 + (i % 11) / 1000},"attach":${1.43 + (i % 13) / 1000}}}`,
  ']}',
);
const go = write('go.txt', 'goos: linux\n', (i) => `BenchmarkCase${i % 5000}-8   1000000   ${100 + (i % 37)} ns/op   64 B/op   2 allocs/op\n`, 'PASS\n');
const huge = join(dir, 'huge.json');
closeSync(openSync(huge, 'w'));
truncateSync(huge, 200 * 1024 * 1024);

// Peak RSS as the process itself reports it on exit, so no external `time` is needed.
const hook = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss '+process.resourceUsage().maxRSS+'\\n'))`;
console.log('| input | size | exit | peak memory | time |');
console.log('|---|---|---|---|---|');
for (const [name, file, format] of [['bench record', record, 'auto'], ['go output', go, 'go'], ['200 MB file (refused)', huge, 'auto']]) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', hook, join(root, 'dist/cli.js'), 'cases', file, '--format', format], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rss = Number(/maxrss (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const size = name.startsWith('200') ? 200 * 1024 * 1024 : target;
  console.log(`| ${name} | ${Math.round(size / 1024 / 1024)} MiB | ${r.status} | ${Math.round(rss)} MB | ${(ms / 1000).toFixed(1)} s |`);
}
