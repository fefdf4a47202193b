// Publishing cost against history size: wall time, peak memory and bytes added to the remote per
// publish, for trends of 10, 1,000, 10,000 and 100,000 commits of 50 cases (5 runs each). The
// goal: time flat with history (100,000 within 1.5x of 10) and bytes per publish independent of
// history and under 64 KB.
//
//   node bench/publish.mjs [--quick] [--records DIR] [--json] [--runs N] [--sizes 10,1000]
//
// --records DIR writes DIR/publish.json, a bench record of shape `publish` whose stages
// `history-<commits>` are the wall time of one publish onto each history (what the project's own
// trend charts: .github/workflows/bench.yml).
//
// Each history is generated directly as git objects with one `git fast-import` (publishing
// 100,000 times would take a day): every tree the layout has at that size, a real manifest of 50
// cases, and real chunks (trend format 2) for the current group of 256 (everything a publish can
// read), and the suite's regression state (data/r). Its last segment is then one real publish,
// so the tip is a commit of the product's, naming what the next publish reads. Older chunks, which no publish reads, are small stand-in blobs, each
// distinct, so the trees that list them are exactly as large and as incompressible as real ones. Each publish then runs in its own
// Node process against the bare repository over file:// (upload-pack serves the partial fetch
// exactly as GitHub does), with the repository configured like GitHub's: uploadpack.allowFilter,
// GitHub's filters only (no tree filter deeper than tree:0), any reachable object by id, receive.unpackLimit left at its default; gc.auto=0 so that no
// background repack lands inside a measurement.
//
// It also times what a `--filter=blob:none` fetch (the basis of a sparse checkout) would
// download at each size: the alternative this design was measured against.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { GITHUB_LIKE_REMOTE } from './lib/github-remote.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const asJson = argv.includes('--json');
const opt = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const recordsDir = opt('--records');
const runs = Number(opt('--runs') ?? (quick ? 3 : 5));
const sizes = (opt('--sizes') ?? (quick ? '10,1000,10000' : '10,1000,10000,100000')).split(',').map(Number);
const CASES = 50;
const SAMPLES = 5;
const GROUP = 16;
const BIG = 256;

mkdirSync(join(root, '.cache'), { recursive: true });
const out = mkdtempSync(join(root, '.cache', 'bench-publish-'));
const work = mkdtempSync(join(tmpdir(), 'benchtrend-bench-publish-'));
process.on('exit', () => {
  rmSync(out, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});
await build({
  absWorkingDir: root,
  entryPoints: {
    publish: 'src/jobs/publish.ts',
    layout: 'src/core/trend/layout.ts',
    chunk: 'src/core/trend/chunk.ts',
    load: 'src/core/trend/load.ts',
    state: 'src/core/trend/regress-state.ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: out,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
const { chunkPath } = await import(join(out, 'layout.mjs'));
const { encodeChunk, indexManifest } = await import(join(out, 'chunk.mjs'));
const { coverChunks } = await import(join(out, 'load.mjs'));
const { STATE_POINTS, STATE_BLOCK, encodeState, stateFromSegments, statePath, trim } = await import(join(out, 'state.mjs'));

const globalConfig = join(work, 'gitconfig');
writeFileSync(globalConfig, '');
const env = { ...process.env, GIT_CONFIG_GLOBAL: globalConfig, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
const git = (args, cwd, input) => execFileSync('git', args, { cwd, env, input, maxBuffer: 1 << 30 });

const sha = (n) => n.toString(16).padStart(40, '0');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The points a 50-case suite publishes: five runs each, as the foundation stores them. */
function points(shift) {
  return Array.from({ length: CASES }, (_, i) => {
    const samples = Array.from({ length: SAMPLES }, (_, r) => Number((0.5 + i * 0.137 + r * 0.011 + shift * 1e-4).toFixed(6)));
    const s = [...samples].sort((a, b) => a - b);
    return {
      case: `warm / stage-${String(i).padStart(2, '0')}`,
      shape: 'warm',
      metric: `stage-${String(i).padStart(2, '0')}`,
      unit: 's',
      direction: 'smaller',
      value: s[2],
      q1: s[1],
      q3: s[3],
      min: s[0],
      max: s[4],
      stdev: 0.0174,
      runs: SAMPLES,
      n: SAMPLES,
      samples,
      extra: 'runs=5/5 Linux-X64',
    };
  });
}

function segment(seq) {
  const stored = points(seq).map(({ metric: _m, ...p }) => p);
  return {
    schema: 'benchtrend/segment',
    version: 1,
    seq,
    suite: 'default',
    commit: { sha: sha(seq + 1), message: `Commit ${seq}\n\nA body of a line or two, as commits have.`, author: 'Grace Hopper', timestamp: '2024-01-01T00:00:00Z', url: `https://github.com/acme/app/commit/${sha(seq + 1)}` },
    runUrl: `https://github.com/acme/app/actions/runs/${1000 + seq}`,
    publishedAt: '2024-01-01T00:00:00Z',
    shapes: ['warm'],
    points: stored,
  };
}

const json = (v) => `${JSON.stringify(v)}\n`;

function manifest(n) {
  return {
    schema: 'benchtrend/manifest',
    version: 2,
    pageVersion: '',
    updated: '2024-01-01T00:00:00Z',
    repository: 'https://github.com/acme/app',
    segments: n,
    fanout: 16,
    suites: ['default'],
    cases: points(0).map((p) => ({ suite: 'default', case: p.case, shape: 'warm', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: n - 1, points: n })),
    annotations: [],
    alerts: [],
  };
}

/** A bare repository whose gh-pages holds a trend of `n` segments, built by one fast-import. */
function generate(n) {
  const dir = join(work, `trend-${n}-${Math.random().toString(36).slice(2, 8)}.git`);
  git(['init', '--quiet', '--bare', dir], work);
  for (const [k, v] of GITHUB_LIKE_REMOTE) git(['config', k, v], dir);
  const chunks = [];
  const blob = (mark, text) => chunks.push(`blob\nmark :${mark}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
  const realFrom = Math.floor(n / BIG) * BIG;
  let mark = 0;
  const lines = [];
  const file = (path, text) => {
    blob(++mark, text);
    lines.push(`M 100644 :${mark} dev/bench/${path}`);
  };
  // Trend format 2: the tree holds the chunks covering the log, each segment once.
  const index = indexManifest(manifest(n));
  for (const c of coverChunks(0, n)) {
    const real = c.from >= realFrom;
    const segments = real ? Array.from({ length: c.to - c.from }, (_, i) => segment(c.from + i)) : [];
    file(chunkPath(c.level, c.index), real ? json(encodeChunk(c.level, c.index, segments, index)) : json({ standIn: 'chunk', level: c.level, index: c.index }));
  }
  // The suite's regression state, as the publishes that wrote this history would have left it:
  // the newest STATE_POINTS entries and a block more, real (a publish reads them).
  const since = Math.max(0, n - STATE_POINTS - STATE_BLOCK);
  const built = stateFromSegments(0, 'default', manifest(n), Array.from({ length: n - since }, (_, i) => segment(since + i)), since);
  const state = encodeState(trim(built, manifest(n), n));
  for (const [k, block] of state.blocks) file(statePath(0, k), json(block));
  file(statePath(0, 'head'), json(state.head));
  file('manifest.json', json(manifest(n)));
  const msg = `a trend of ${n} segments`;
  chunks.push(`commit refs/heads/gh-pages\ncommitter Bench <bench@example.invalid> 1700000000 +0000\ndata ${msg.length}\n${msg}\n${lines.join('\n')}\n\n`);
  git(['fast-import', '--quiet'], dir, chunks.join(''));
  return dir;
}

function objectBytes(dir) {
  let total = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else total += statSync(p).size;
    }
  };
  walk(join(dir, 'objects'));
  return total;
}

const child = join(out, 'child.mjs');
writeFileSync(
  child,
  `import { publishTrend } from ${JSON.stringify(join(out, 'publish.mjs'))};
const [remote, seq, tempRoot] = process.argv.slice(2);
const points = ${points.toString()};
const CASES = ${CASES}, SAMPLES = ${SAMPLES};
const logs = [];
const t0 = performance.now();
const r = await publishTrend(
  { repository: 'file://' + remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 1 },
  { points: points(Number(seq)), commit: { sha: (Number(seq) + 1).toString(16).padStart(40, '0'), message: 'Commit', author: 'Grace Hopper', timestamp: '2024-01-01T00:00:00Z' },
    serverUrl: 'https://github.com', cwd: tempRoot, env: process.env, tempRoot, publishedAt: '2024-01-01T00:00:00Z' },
  { log: (l) => logs.push(l) },
);
const ms = performance.now() - t0;
const fetches = Number(/(\\d+) fetches$/.exec(logs.at(-1))?.[1]);
console.log(JSON.stringify({ ms, rssKB: process.resourceUsage().maxRSS, files: r.plan.files.size, fetches, seq: r.plan.added[0].seq }));
`,
);

function publishOnce(remote, seq) {
  const before = objectBytes(remote);
  // GNU time reports the largest RSS of the process tree and the CPU time of all of it, git included.
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, child, remote, String(seq), work], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`publish failed: ${r.stderr}`);
  const result = JSON.parse(r.stdout.trim().split('\n').at(-1));
  const [treeKB, user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { ...result, treeRssKB: treeKB, cpuMs: (user + sys) * 1000, bytes: objectBytes(remote) - before };
}

function blobNoneFetch(remote) {
  const dir = join(work, `blobnone-${Math.random().toString(36).slice(2, 8)}`);
  git(['init', '--quiet', '--bare', dir], work);
  const t0 = performance.now();
  git(['fetch', '--quiet', '--depth=1', '--filter=blob:none', `file://${remote}`, 'gh-pages'], dir);
  const ms = performance.now() - t0;
  const bytes = objectBytes(dir);
  rmSync(dir, { recursive: true, force: true });
  return { ms, bytes };
}

// Histories first, then the runs round-robin over the sizes, so that whatever else the machine
// is doing weighs on every size alike.
// Each history's tip is then one publish of the product's own (segment n - 1 onto n - 1), as on a
// real branch: its commit names what the next publish reads (the read-ahead trailer), which a
// tip written by fast-import would not.
const written = (n) => {
  const dir = generate(n - 1);
  publishOnce(dir, n - 1);
  return dir;
};
const templates = new Map();
for (const n of sizes) {
  const t0 = performance.now();
  templates.set(n, { dir: written(n), generatedS: (performance.now() - t0) / 1000 });
}
// Every run publishes segment n onto its own copy of the same history, so runs are alike.
const onCopy = (source, seq) => {
  const copy = `${source}-run`;
  cpSync(source, copy, { recursive: true });
  try {
    return publishOnce(copy, seq);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
};
const measured = new Map(sizes.map((n) => [n, []]));
for (const n of sizes) onCopy(templates.get(n).dir, n); // warms the page cache and the code path; not counted
for (let i = 0; i < runs; i++) for (const n of sizes) measured.get(n).push(onCopy(templates.get(n).dir, n));

const results = [];
for (const n of sizes) {
  const { dir: template, generatedS } = templates.get(n);
  const alt = blobNoneFetch(template);
  rmSync(template, { recursive: true, force: true });

  // The publishes that also write rollups: one that completes a group of 16, one that completes 256.
  let s1 = n;
  while ((s1 + 1) % GROUP !== 0 || (s1 + 1) % BIG === 0) s1++;
  let s2 = n;
  while ((s2 + 1) % BIG !== 0) s2++;
  const [roll1, roll2] = [s1, s2].map((s) => {
    const dir = written(s);
    try {
      return publishOnce(dir, s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const mine = measured.get(n);
  const ms = median(mine.map((m) => m.ms));
  const bytes = median(mine.map((m) => m.bytes));
  const result = {
    commits: n,
    publishMs: Math.round(ms),
    publishMsRuns: mine.map((m) => Math.round(m.ms)),
    cpuMs: Math.round(median(mine.map((m) => m.cpuMs))),
    rssMB: Math.round(median(mine.map((m) => m.rssKB)) / 1024),
    treeRssMB: Math.round(median(mine.map((m) => m.treeRssKB)) / 1024),
    bytesPerPublish: Math.round(bytes),
    fetches: median(mine.map((m) => m.fetches)),
    rollup1: { seq: roll1.seq, bytes: roll1.bytes, ms: Math.round(roll1.ms) },
    rollup2: { seq: roll2.seq, bytes: roll2.bytes, ms: Math.round(roll2.ms) },
    // Per 256 publishes: 240 plain, 15 that add a level-1 rollup, 1 that adds both.
    amortizedBytes: Math.round((240 * bytes + 15 * roll1.bytes + roll2.bytes) / 256),
    blobNone: { ms: Math.round(alt.ms), bytes: alt.bytes },
    generatedS: Math.round(generatedS * 10) / 10,
  };
  results.push(result);
  if (!asJson) {
    console.log(
      `${String(n).padStart(6)} commits: publish ${String(result.publishMs).padStart(4)} ms (runs ${result.publishMsRuns.join(', ')}; CPU ${result.cpuMs} ms), ` +
        `RSS ${result.rssMB} MB (largest with git ${result.treeRssMB} MB), ${(result.bytesPerPublish / 1024).toFixed(1)} KiB added, ${result.fetches} fetches; ` +
        `with a level-1 rollup ${(roll1.bytes / 1024).toFixed(1)} KiB, with level-1 and level-2 ${(roll2.bytes / 1024).toFixed(0)} KiB (${result.rollup2.ms} ms), amortized ${(result.amortizedBytes / 1024).toFixed(1)} KiB; ` +
        `a blob:none fetch of the tip: ${result.blobNone.ms} ms, ${(alt.bytes / 1024).toFixed(0)} KiB`,
    );
  }
}
if (recordsDir) {
  // One record of shape `publish`: repetition i publishes once at every history size (the loop
  // above is round-robin), so run i holds one stage per size. The stage is named by the history
  // size alone, so the trend's case names stay the same whatever else the bench learns to measure.
  mkdirSync(recordsDir, { recursive: true });
  const seconds = (ms) => Number((ms / 1000).toFixed(6));
  const record = {
    command: ['node', 'bench/publish.mjs', ...argv.filter((a, i) => a !== '--records' && argv[i - 1] !== '--records')],
    n: runs,
    shape: 'publish',
    runs: Array.from({ length: runs }, (_, i) => ({
      stages: Object.fromEntries(sizes.map((n) => [`history-${n}`, seconds(measured.get(n)[i].ms)])),
    })),
  };
  writeFileSync(join(recordsDir, 'publish.json'), `${JSON.stringify(record, null, 2)}\n`);
}
if (results.length > 1 && !asJson) {
  const first = results[0];
  const last = results[results.length - 1];
  console.log(`time at ${last.commits} / time at ${first.commits}: ${(last.publishMs / first.publishMs).toFixed(2)}x (goal ≤ 1.5x); bytes per publish ${results.map((r) => (r.bytesPerPublish / 1024).toFixed(1)).join(' / ')} KiB (goal < 64 KiB, flat)`);
}
if (asJson) console.log(JSON.stringify(results, null, 2));
