// `benchtrend replay` on a long history (issue #17: at most 10 s for 2,000 commits x 40 cases):
// a github-action-benchmark history of that size (bench/lib/gab-data.mjs) imported into a bare
// repository over file:// with the bundled CLI, then `benchtrend replay --repo ... --json` run
// `runs` times, each in its own Node process as a user runs it. Reports the median wall time and
// peak RSS and user CPU time (what the replay costs on a shared machine), how much of the wall
// went to reading the trend and how much to judging it (the replay's own BENCHTREND_DEBUG line),
// and the import's time (which judges the imported history the same way).
//
//   node bench/replay.mjs [--quick] [--runs N] [--commits 2000] [--cases 40] [--cli FILE]
//     [--workers N] [--json]
//
// `--cli FILE` times another build (an older dist/cli.js, for a before/after). `--workers N` sets
// BENCHTREND_REPLAY_WORKERS for the replays (1: in one thread; default: one worker per core). The load average
// before and after is printed too: on a shared machine the wall time is mostly other jobs'.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gabDataJs } from './lib/gab-data.mjs';
import { GITHUB_LIKE_REMOTE } from './lib/github-remote.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const quick = argv.includes('--quick');
const runs = Number(opt('--runs', 3));
const commits = Number(opt('--commits', quick ? 500 : 2000));
const cases = Number(opt('--cases', 40));
const cli = opt('--cli', join(root, 'dist/cli.js'));
const workers = opt('--workers');
const GOAL_S = 10;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
const git = (args, cwd) => execFileSync('git', args, { cwd, env, maxBuffer: 1 << 30 }).toString('utf8');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function timed(args, cwd) {
  // BENCHTREND_DEBUG: a replay says how long its read of the trend and its judging took.
  const extra = { BENCHTREND_DEBUG: '1', ...(workers !== undefined ? { BENCHTREND_REPLAY_WORKERS: workers } : {}) };
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U', process.execPath, cli, ...args], { cwd, env: { ...env, ...extra, RUNNER_TEMP: join(cwd, 'tmp') }, maxBuffer: 1 << 28 });
  const lines = r.stderr.toString('utf8').trim().split('\n');
  if (r.status !== 0) throw new Error(`benchtrend ${args[0]} failed: ${lines.slice(-3).join(' | ')}`);
  const [s, kb, user] = lines[lines.length - 1].split(' ').map(Number);
  // Builds before the line named the read print none: their phases are left out.
  const phases = /read \d+ segments in ([\d.]+) s; replayed on .* in ([\d.]+) s/.exec(lines.join('\n'));
  return { seconds: s, mb: kb / 1024, cpuSeconds: user, stdout: r.stdout.toString('utf8'), readSeconds: phases ? Number(phases[1]) : undefined, judgeSeconds: phases ? Number(phases[2]) : undefined };
}

const loadBefore = loadavg()[0];
const dir = mkdtempSync(join(tmpdir(), 'benchtrend-bench-replay-'));
try {
  writeFileSync(join(dir, 'data.js'), gabDataJs({ entries: commits, benches: cases }));
  const remote = join(dir, 'trend.git');
  git(['init', '--quiet', '--bare', remote]);
  for (const [k, v] of GITHUB_LIKE_REMOTE) git(['config', k, v], remote);
  writeFileSync(join(dir, 'now.json'), JSON.stringify(Array.from({ length: cases }, (_, b) => ({ name: `bench_case_${b}`, unit: 'ns/iter', value: 1000 + b * 137 }))));
  const imp = timed(['publish', 'now.json', '--format', 'customSmallerIsBetter', '--repo', remote, '--commit', 'f'.repeat(40), '--suite', 'Rust Benchmark', '--import-from', 'data.js', '--message', 'now', '--author', 'Bench', '--timestamp', '2026-06-01T00:00:00Z', '--json'], dir);
  const times = [];
  let alerts = 0;
  for (let i = 0; i < runs; i++) {
    const t = timed(['replay', '--repo', remote, '--json'], dir);
    alerts = JSON.parse(t.stdout).alerts.length;
    times.push(t);
  }
  const result = {
    commits: commits + 1,
    cases,
    runs,
    workers: workers ?? 'one per core',
    replaySeconds: median(times.map((t) => t.seconds)),
    replayEach: times.map((t) => t.seconds),
    // CPU time in user mode: on a shared machine, what the replay itself costs.
    replayCpuSeconds: median(times.map((t) => t.cpuSeconds)),
    replayPeakMb: Math.round(median(times.map((t) => t.mb))),
    // The read of the trend (git and decoding) and the judging, as the replay itself timed them.
    readSeconds: times.every((t) => t.readSeconds !== undefined) ? median(times.map((t) => t.readSeconds)) : null,
    judgeSeconds: times.every((t) => t.judgeSeconds !== undefined) ? median(times.map((t) => t.judgeSeconds)) : null,
    alerts,
    importSeconds: imp.seconds,
    importPeakMb: Math.round(imp.mb),
    goalSeconds: GOAL_S,
    loadAverage: [loadBefore, loadavg()[0]].map((l) => Math.round(l * 10) / 10),
  };
  if (argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    console.log(`replay of ${result.commits} commits x ${cases} cases: median ${result.replaySeconds.toFixed(2)} s of ${runs} (${result.replayEach.map((s) => s.toFixed(2)).join(', ')}), ${result.replayCpuSeconds.toFixed(2)} s CPU, peak ${result.replayPeakMb} MB, ${alerts} alerts; goal at most ${GOAL_S} s${result.replaySeconds <= GOAL_S ? ' (met)' : ' (NOT met)'}`);
    if (result.readSeconds !== null) console.log(`of which (medians): reading the trend ${result.readSeconds.toFixed(2)} s, judging ${result.judgeSeconds.toFixed(2)} s; the rest is starting Node and printing`);
    console.log(`import of the same history (judged too): ${imp.seconds.toFixed(2)} s, peak ${result.importPeakMb} MB`);
    console.log(`load average (1 min) ${result.loadAverage[0]} before, ${result.loadAverage[1]} after`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
