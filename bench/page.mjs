// The chart page's load time in headless Chromium, from a published trend on a local HTTP server:
// time to the first drawn chart, to all charts (those in or near the window: a card further down
// gets its canvas when scrolled near), and to the whole history after "Load all", plus the
// bytes the page downloaded before its first chart. Median of several cold loads (the server sends
// `Cache-Control: no-store`, and every load is a new tab).
//
//   node bench/page.mjs [--quick] [--real-only] [--only ID,ID] [--data FILE,FILE] [--loads N] [--records DIR] [--json]
//
// --real-only with --quick: snarkVM's history only. --only picks scenarios by id without the
// `page-` prefix (snarkvm, snarkvm-96, 363x512, 50x500, 50x100000, 50x99840, 1x100000).
//
// --data FILE,FILE measures github-action-benchmark data.js files you have instead (held-out
// histories: `node scripts/heldout-data.mjs` extracts them), one scenario each, `page-data-<folder>`:
// each is imported by the bundled CLI with a publish of one case under a suite of its own
// (`page-bench`), so every tool's history imports alike.
//
// --records DIR writes one bench record per scenario, DIR/page-<cases>x<commits>.json, of shape
// `page-<cases>x<commits>`: each cold load is a run with the stages `first-chart`, `all-charts`
// and, on the loads that press "Load all", `load-all`, in seconds.
//
// Trends are in format 2 (data/c chunks and data/newest.json), as a publish writes them now.
// Scenarios: snarkVM's real history (363 cases, test/fixtures/trend-data/snarkVM-data.js) imported
// by the bundled CLI (`publish --import-from`, dist/cli.js: run `npm run build` first, as `npm run
// bench` does), alone and with six more publishes (96: a whole group of 16), served from its
// gh-pages checkout; generated ones of 363 cases x 512 (a group of 256), 50 cases x 500, x 100,000
// (a group of 16) and x 99,840 (a group of 256) commits, and 1 case x 100,000. At 50 x 100,000 and
// 50 x 99,840 only the newest 1,024 to 1,184 publishes have files (trendFiles' `offset`, rounded to
// whole groups of 256): the first view never reads further back, and "load all" is not measured there.
//
// Goals (issue #12 item 4): first chart at most 300 ms and at most 300 KB fetched before it, on
// snarkVM's history, and neither growing with history length (nor with where it falls in its
// groups of 16 and 256) or case count.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const asJson = argv.includes('--json');
const recordsAt = argv.indexOf('--records');
const recordsDir = recordsAt >= 0 ? argv[recordsAt + 1] : undefined;
const loadsAt = argv.indexOf('--loads');
const loads = loadsAt >= 0 ? Number(argv[loadsAt + 1]) : quick ? 3 : 7;

const work = mkdtempSync(join(tmpdir(), 'benchtrend-bench-page-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// The test helpers are TypeScript; bundle them so this script runs on plain Node, inside the
// project so that playwright-core resolves from its node_modules.
mkdirSync(join(root, '.cache'), { recursive: true });
const helpers = mkdtempSync(join(root, '.cache', 'bench-page-'));
process.on('exit', () => rmSync(helpers, { recursive: true, force: true }));
await build({
  absWorkingDir: root,
  entryPoints: { fixture: 'test/page/trend-fixture.ts', server: 'test/page/static-server.ts', browser: 'test/page/browser.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: helpers,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const helper = (name) => import(pathToFileURL(join(helpers, `${name}.mjs`)).href);
const { syntheticHistory, trendFiles, writeFiles } = await helper('fixture');
const { serveFolder } = await helper('server');
const { launchBrowser, HAS_CHROMIUM, CHROMIUM } = await helper('browser');
if (!HAS_CHROMIUM) {
  console.error(`bench/page: no Chromium at ${CHROMIUM}; install Debian's chromium package`);
  process.exit(1);
}

const pageDir = join(work, 'page');
execFileSync(process.execPath, [join(root, 'scripts/build-page.mjs'), '--out', pageDir]);
const pageFiles = new Map(['index.html', 'page.js', 'page.css'].map((f) => [f, readFileSync(join(pageDir, f))]));

const stages = (count) => Array.from({ length: count }, (_, i) => `stage-${String(i).padStart(2, '0')}`);
// Where the log ends in its group of 16 and 256 decides which chunk holds the newest segments:
// snarkVM's import leaves 90 publishes (neither), 6 more make 96 (a whole group of 16); 100,000 is
// a whole group of 16, 99,840 of 256, 512 of 256.
const snarkVM = { name: 'snarkVM-data.js imported (363 cases)', id: 'page-snarkvm', real: 'snarkVM-data.js' };
const snarkVM16 = { name: 'snarkVM + 6 publishes (96, a group of 16)', id: 'page-snarkvm-96', real: 'snarkVM-data.js', more: 6 };
const all = [
  snarkVM,
  snarkVM16,
  { name: '363 cases x 512 (a group of 256)', id: 'page-363x512', shapes: 33, perShape: 11, commits: 512 },
  { name: '50 cases x 500 commits', id: 'page-50x500', shapes: 5, perShape: 10, commits: 500 },
  { name: '50 x 100,000 (a group of 16)', id: 'page-50x100000', shapes: 5, perShape: 10, commits: 100_000, written: 1_024 },
  { name: '50 x 99,840 (a group of 256)', id: 'page-50x99840', shapes: 5, perShape: 10, commits: 99_840, written: 1_024 },
  { name: '1 case x 100,000 commits', id: 'page-1x100000', shapes: 1, perShape: 1, commits: 100_000 },
];
const dataAt = argv.indexOf('--data');
const given = dataAt >= 0 ? argv[dataAt + 1].split(',').map((f) => ({ name: f, id: `page-data-${f.split('/').at(-2) ?? 'file'}`, real: f, given: true })) : [];
const onlyAt = argv.indexOf('--only');
const scenarios =
  given.length > 0
    ? given
    : onlyAt >= 0
      ? all.filter((sc) => argv[onlyAt + 1].split(',').includes(sc.id.replace(/^page-/, '')))
      : quick
        ? [snarkVM, all[3]].slice(0, argv.includes('--real-only') ? 1 : 2)
        : all;

const gitEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };

/** A github-action-benchmark data.js imported by the bundled CLI, then the branch's data-dir checked out into `dir`. */
function importReal(file, dir, more = 0, given = false) {
  const tmp = mkdtempSync(join(work, 'import-'));
  const text = readFileSync(given ? file : join(root, 'test/fixtures/trend-data', file), 'utf8');
  const window = {};
  new Function('window', text)(window);
  const [suite, entries] = Object.entries(window.BENCHMARK_DATA.entries)[0];
  const names = new Set();
  const latest = entries.at(-1).benches.filter((b) => typeof b.value === 'number' && !names.has(b.name) && names.add(b.name));
  writeFileSync(join(tmp, 'data.js'), text);
  // The newest entry again, as the same tool prints it, so the publish continues the imported cases.
  const cargo = !given && entries.at(-1).tool === 'cargo';
  const now = given
    ? JSON.stringify([{ name: 'now', unit: 'ms', value: 1 }])
    : cargo
      ? latest.map((b) => `test ${b.name} ... bench: ${b.value.toLocaleString('en')} ${b.unit} (+/- ${String(b.range ?? '0').replace(/^± ?/, '')})`).join('\n') + '\n'
      : JSON.stringify(latest.map((b) => ({ name: b.name, unit: b.unit, value: b.value })));
  writeFileSync(join(tmp, 'now.txt'), now);
  const remote = join(tmp, 'trend.git');
  execFileSync('git', ['init', '--quiet', '--bare', remote], { env: gitEnv });
  const args = ['publish', 'now.txt', '--format', cargo ? 'cargo' : 'customSmallerIsBetter', '--repo', remote, '--commit', 'f'.repeat(40), '--suite', given ? 'page-bench' : suite, '--message', 'now', '--author', 'Bench', '--timestamp', '2026-06-01T00:00:00Z', '--import-from', 'data.js'];
  const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd: tmp, env: { ...gitEnv, RUNNER_TEMP: join(tmp, 'tmp') }, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`bench/page: import of ${file} failed: ${r.stderr.toString().trim().split('\n').slice(-3).join(' | ')}`);
  // Later publishes of the same cases, as the next commits' runs would add them.
  for (let i = 0; i < more; i++) {
    const next = args.map((a, k) => (args[k - 1] === '--commit' ? (i + 1).toString(16).padStart(40, 'e') : args[k - 1] === '--timestamp' ? `2026-06-${String(2 + i).padStart(2, '0')}T00:00:00Z` : a));
    const again = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...next.slice(0, -2)], { cwd: tmp, env: { ...gitEnv, RUNNER_TEMP: join(tmp, 'tmp') }, maxBuffer: 1 << 28 });
    if (again.status !== 0) throw new Error(`bench/page: publish ${i + 1} onto ${file} failed: ${again.stderr.toString().trim().split('\n').slice(-3).join(' | ')}`);
  }
  mkdirSync(dir, { recursive: true });
  const tar = spawnSync('sh', ['-c', `git --git-dir="${remote}" archive gh-pages dev/bench | tar -x -C "${tmp}"`], { env: gitEnv });
  if (tar.status !== 0) throw new Error(`bench/page: reading ${file}'s branch failed: ${tar.stderr}`);
  cpSync(join(tmp, 'dev/bench'), dir, { recursive: true });
  rmSync(tmp, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const browser = await launchBrowser();
const results = [];
try {
  for (const sc of scenarios) {
    const dir = join(work, sc.id);
    const t0 = performance.now();
    let dataBytes = 0;
    if (sc.real) {
      importReal(sc.real, dir, sc.more, sc.given === true);
      const du = (d) => readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? du(join(d, e.name)) : statSync(join(d, e.name)).size), 0);
      dataBytes = du(join(dir, 'data')) + statSync(join(dir, 'manifest.json')).size;
    } else {
      // Whole groups of 256 before the written part, so its chunks are the ones a full log has.
      const written = sc.written ? sc.written + (sc.commits % 256) : sc.commits;
      const history = syntheticHistory({
        commits: written,
        runs: 5,
        seed: 42,
        shapes: Array.from({ length: sc.shapes }, (_, i) => ({ shape: `shape-${i}`, stages: stages(sc.perShape) })),
        steps: [{ case: 'shape-0 / stage-00', at: Math.floor(written * 0.8), factor: 1.2 }],
      });
      const files = trendFiles(history, { updated: history.at(-1).commit.timestamp, format: 2, offset: sc.commits - written });
      for (const v of files.values()) dataBytes += v.length;
      writeFiles(dir, files);
      files.clear();
    }
    writeFiles(dir, pageFiles);
    const generated = performance.now() - t0;

    const server = await serveFolder(dir, { cacheControl: 'no-store' });
    const runs = [];
    try {
      for (let i = 0; i < loads; i++) {
        const page = await browser.context.newPage();
        await page.goto(server.base);
        await page.waitForFunction(() => document.documentElement.dataset.state === 'ready', null, { timeout: 120_000 });
        const m = await page.evaluate(() => {
          const first = performance.getEntriesByName('benchtrend:first-chart')[0]?.startTime ?? NaN;
          const all = performance.getEntriesByName('benchtrend:all-charts')[0]?.startTime ?? NaN;
          const nav = performance.getEntriesByType('navigation')[0];
          const before = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= first);
          const mark = (n) => performance.getEntriesByName(`benchtrend:${n}`)[0]?.startTime ?? NaN;
          return {
            marks: { start: mark('start'), manifest: mark('manifest'), data: mark('data'), model: mark('model'), cards: mark('cards'), firstView: mark('first-view') },
            first,
            all,
            charts: document.querySelectorAll('article.card canvas').length,
            bytes: (nav?.encodedBodySize ?? 0) + before.reduce((t, r) => t + r.encodedBodySize, 0),
            paths: [new URL(location.href).pathname + 'index.html', ...before.map((r) => new URL(r.name).pathname)],
            sizes: [nav?.encodedBodySize ?? 0, ...before.map((r) => r.encodedBodySize)],
          };
        });
        // Load all only on a few of the loads: it reads the whole history and takes seconds at 5,000 x 50.
        let loadAll = NaN;
        // Nothing older to load when the first view already holds the whole history.
        if (i < Math.min(3, loads) && !sc.written && (await page.isEnabled('#load-all'))) {
          const start = await page.evaluate(() => performance.now());
          await page.click('#load-all');
          await page.waitForFunction(() => document.documentElement.dataset.state === 'ready' && /^Showing all/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 600_000, polling: 50 });
          loadAll = (await page.evaluate(() => performance.now())) - start;
        }
        await page.close();
        runs.push({ ...m, loadAll });
      }
    } finally {
      await server.close();
    }
    // What the same files weigh over GitHub Pages, which gzips them.
    const gzipBytes = runs[0].paths.reduce((t, p) => {
      const rel = decodeURIComponent(p.replace(/^\/dev\/bench\//, '')) || 'index.html';
      return t + gzipSync(readFileSync(join(dir, rel.split('?')[0]))).length;
    }, 0);
    rmSync(dir, { recursive: true, force: true });
    const result = {
      scenario: sc.name,
      id: sc.id,
      cases: sc.real ? undefined : sc.shapes * sc.perShape,
      commits: sc.commits,
      loads,
      firstChartMs: median(runs.map((r) => r.first)),
      allChartsMs: median(runs.map((r) => r.all)),
      loadAllMs: median(runs.map((r) => r.loadAll).filter((x) => !Number.isNaN(x))),
      bytesBeforeFirstChart: median(runs.map((r) => r.bytes)),
      gzipBytesBeforeFirstChart: gzipBytes,
      requestsBeforeFirstChart: runs[0].paths.length,
      filesBeforeFirstChart: Object.fromEntries(runs[0].paths.map((p, i) => [p.replace(/^\/dev\/bench\//, '').replace(/\?.*$/, '') || 'index.html', runs[0].sizes[i]])),
      charts: runs[0].charts,
      trendMB: Math.round(dataBytes / 1e5) / 10,
      generateS: Math.round(generated / 100) / 10,
      marksMs: Object.fromEntries(['start', 'manifest', 'data', 'model', 'cards', 'firstView'].map((k) => [k, Math.round(median(runs.map((r) => r.marks[k])))])),
      runs,
    };
    results.push(result);
    if (!asJson) {
      console.log(
        `${sc.name.padEnd(26)} first chart ${result.firstChartMs.toFixed(0).padStart(4)} ms   all charts ${result.allChartsMs.toFixed(0).padStart(4)} ms   ` +
          `load all ${Number.isFinite(result.loadAllMs) ? `${result.loadAllMs.toFixed(0).padStart(6)} ms` : '   not measured'}   before first chart ${(result.bytesBeforeFirstChart / 1024).toFixed(0)} KiB ` +
          `(${(result.gzipBytesBeforeFirstChart / 1024).toFixed(0)} KiB gzipped, ${result.requestsBeforeFirstChart} requests)   trend ${result.trendMB} MB   ` +
          `(script ${result.marksMs.start}, manifest ${result.marksMs.manifest}, first window ${result.marksMs.data}, model ${result.marksMs.model}, cards ${result.marksMs.cards}, first view ${result.marksMs.firstView} ms)`,
      );
    }
    if (recordsDir) {
      mkdirSync(recordsDir, { recursive: true });
      // No total_seconds: it would only repeat all-charts as a second case.
      const seconds = (ms) => Number((ms / 1000).toFixed(6));
      const record = {
        command: ['node', 'bench/page.mjs', ...argv.filter((a, i) => a !== '--records' && argv[i - 1] !== '--records')],
        n: runs.length,
        shape: sc.id,
        runs: runs.map((r) => ({
          stages: { 'first-chart': seconds(r.first), 'all-charts': seconds(r.all), ...(Number.isNaN(r.loadAll) ? {} : { 'load-all': seconds(r.loadAll) }) },
        })),
      };
      writeFileSync(join(recordsDir, `${sc.id}.json`), `${JSON.stringify(record, null, 2)}\n`);
    }
  }
} finally {
  await browser.close();
}
if (asJson) console.log(JSON.stringify(results.map(({ runs: _runs, ...r }) => r), null, 2));
