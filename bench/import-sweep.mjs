// Every github-action-benchmark data.js of some local git copies, imported as a user switching
// would import it (docs/migration.md, "Checked on real histories"): for each data.js at the tip of
// each branch of each repository under DIR, the bundled CLI's `publish --import-from` into a fresh
// bare repository, and with --replay also `replay --import-from --json` (each distinct file once),
// with its exit status, time, warnings and first error line. Files that are not a BENCHMARK_DATA
// script (other JavaScript named data.js) and blobs the copy does not hold are counted apart.
//
//   npm run -s build && node bench/import-sweep.mjs --mirrors DIR [--replay] [--cli FILE] [--json]
//
// DIR holds one git directory per repository, as DIR/<owner>+<name>/repo (with or without a work
// tree) or DIR/<owner>+<name>.git, as scripts/heldout-data.mjs reads them. Nothing is read outside
// the repository but DIR; the data is each project's own and stays there.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const mirrors = opt('--mirrors');
if (mirrors === undefined) {
  console.error('usage: node bench/import-sweep.mjs --mirrors DIR [--replay] [--cli FILE] [--json]');
  process.exit(2);
}
const cli = resolve(opt('--cli', join(root, 'dist/cli.js')));
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run -s build first`);
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
const git = (dir, args) => execFileSync('git', ['--git-dir', dir, ...args], { env, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });

/** The git directory of one repository's copy, or undefined. */
function gitDir(base) {
  for (const d of [join(base, 'repo', '.git'), join(base, 'repo'), base]) if (existsSync(join(d, 'HEAD')) && existsSync(join(d, 'objects'))) return d;
  return undefined;
}

/** One CLI run in `cwd`: exit status, seconds, warning lines and the first other line of stderr. */
function run(args, cwd) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, env, maxBuffer: 1 << 28, timeout: 600_000 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const lines = r.stderr.toString('utf8').split('\n').filter((l) => l !== '');
  const warnings = lines.filter((l) => l.startsWith('benchtrend: warning:')).length;
  const error = r.status === 0 ? undefined : lines.find((l) => !l.startsWith('benchtrend: warning:') && !/^benchtrend: Publishing /.test(l));
  return { status: r.status ?? -1, seconds, warnings, error, stdout: r.stdout.toString('utf8') };
}

const rows = [];
const skipped = { notData: 0, missing: 0 };
const replayed = new Set();
const work = mkdtempSync(join(tmpdir(), 'benchtrend-sweep-'));
try {
  for (const name of readdirSync(resolve(mirrors)).sort()) {
    const dir = gitDir(join(resolve(mirrors), name));
    if (dir === undefined) continue;
    const refs = git(dir, ['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes']).toString('utf8').split('\n').filter((r) => r !== '');
    for (const ref of refs) {
      const paths = git(dir, ['ls-tree', '-r', '--name-only', ref]).toString('utf8').split('\n').filter((p) => /(^|\/)data\.js$/.test(p));
      for (const path of paths) {
        let bytes;
        try {
          bytes = git(dir, ['cat-file', 'blob', `${ref}:${path}`]);
        } catch {
          skipped.missing++;
          continue;
        }
        if (!/BENCHMARK_DATA/.test(bytes.subarray(0, 64).toString('utf8'))) {
          skipped.notData++;
          continue;
        }
        const oid = git(dir, ['rev-parse', `${ref}:${path}`]).toString('utf8').trim();
        const here = mkdtempSync(join(work, 'h-'));
        writeFileSync(join(here, 'data.js'), bytes);
        execFileSync('git', ['init', '--quiet', '--bare', join(here, 'trend.git')], { env });
        const imported = run(['publish', '--repo', 'trend.git', '--commit', 'f'.repeat(40), '--import-from', 'data.js', '--message', 'import', '--author', 'sweep', '--timestamp', '2026-01-01T00:00:00Z'], here);
        const row = { repo: name.replace('+', '/'), ref, path, bytes: bytes.length, import: { status: imported.status, seconds: imported.seconds, warnings: imported.warnings, ...(imported.error ? { error: imported.error } : {}) } };
        if (argv.includes('--replay') && !replayed.has(oid)) {
          replayed.add(oid);
          const r = run(['replay', '--import-from', 'data.js', '--json'], here);
          let alerts;
          try {
            alerts = JSON.parse(r.stdout).alerts.length;
          } catch {
            alerts = undefined;
          }
          row.replay = { status: r.status, seconds: r.seconds, alerts, ...(r.error ? { error: r.error } : {}) };
        }
        rows.push(row);
        rmSync(here, { recursive: true, force: true });
        if (!argv.includes('--json')) {
          const rp = row.replay ? ` | replay ${row.replay.status === 0 ? `${row.replay.seconds.toFixed(1)} s, ${row.replay.alerts} alerts` : `refused: ${row.replay.error}`}` : '';
          console.log(`${row.repo} ${ref} ${path}: import ${imported.status === 0 ? `${imported.seconds.toFixed(1)} s, ${imported.warnings} warnings` : `refused: ${imported.error}`}${rp}`);
        }
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const ok = rows.filter((r) => r.import.status === 0);
const replays = rows.filter((r) => r.replay);
const summary = {
  files: rows.length,
  repositories: new Set(rows.map((r) => r.repo)).size,
  imported: ok.length,
  withWarnings: ok.filter((r) => r.import.warnings > 0).length,
  refused: rows.filter((r) => r.import.status !== 0).map((r) => `${r.repo} ${r.ref} ${r.path}: ${r.import.error}`),
  notBenchmarkData: skipped.notData,
  missingBlobs: skipped.missing,
  ...(replays.length > 0
    ? {
        replayed: replays.length,
        replayedOk: replays.filter((r) => r.replay.status === 0).length,
        replaySeconds: Number(replays.reduce((s, r) => s + r.replay.seconds, 0).toFixed(1)),
        longestReplay: replays.reduce((a, r) => (a === undefined || r.replay.seconds > a.replay.seconds ? r : a), undefined),
      }
    : {}),
};
if (argv.includes('--json')) console.log(JSON.stringify({ summary, rows }, null, 2));
else {
  console.log(`\n${summary.files} data.js files of ${summary.repositories} repositories: ${summary.imported} imported (${summary.withWarnings} with warnings), ${summary.refused.length} refused; ${summary.notBenchmarkData} other files named data.js and ${summary.missingBlobs} blobs the copies lack left out`);
  for (const r of summary.refused) console.log(`  refused: ${r}`);
  if (summary.replayed !== undefined) {
    const l = summary.longestReplay;
    console.log(`replayed ${summary.replayed} distinct files: ${summary.replayedOk} ran, ${summary.replaySeconds} s together; the longest ${l.replay.seconds.toFixed(1)} s (${l.repo} ${l.ref} ${l.path})`);
  }
}
