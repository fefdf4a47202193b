// Parse time of the input formats on large outputs: the step that reads a bench tool's file before
// anything is published. Per format, the median of several parses of one synthetic file written
// in that tool's format, plus the time `format: auto` adds to detect it. Sizes are generous
// (tens of thousands of lines or samples), so a slow parser shows.
//
//   node bench/formats.mjs [--quick] [--records DIR] [--json]
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const asJson = argv.includes('--json');
const recordsAt = argv.indexOf('--records');
const recordsDir = recordsAt >= 0 ? argv[recordsAt + 1] : undefined;
const repeats = quick ? 5 : 15;
const scale = quick ? 0.2 : 1;

// The parsers are TypeScript; bundle the registry so this script runs on plain Node.
mkdirSync(join(root, '.cache'), { recursive: true });
const out = mkdtempSync(join(root, '.cache', 'bench-formats-'));
process.on('exit', () => rmSync(out, { recursive: true, force: true }));
await build({
  absWorkingDir: root,
  entryPoints: { registry: 'src/formats/registry.ts', cases: 'src/core/cases.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: out,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const { parseInput } = await import(pathToFileURL(join(out, 'registry.mjs')).href);
const { buildPoints } = await import(pathToFileURL(join(out, 'cases.mjs')).href);

// A deterministic spread of values, so every run of the bench parses the same text.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const n = (x) => Math.max(1, Math.round(x * scale));

const inputs = [
  {
    id: 'go-20000-lines',
    format: 'go',
    text: () => {
      const lines = ['goos: linux', 'goarch: amd64'];
      for (let p = 0; p < 20; p++) {
        lines.push(`pkg: example.com/mod/pkg${p}`);
        for (let b = 0; b < n(200); b++) {
          for (let c = 0; c < 5; c++) lines.push(`BenchmarkCase${b}/size_${b * 8}-8   \t 100000\t ${(100 + rand() * 50).toFixed(1)} ns/op\t 48 B/op\t 2 allocs/op`);
        }
        lines.push('PASS', `ok  \texample.com/mod/pkg${p}\t1.2s`);
      }
      return lines.join('\n');
    },
  },
  {
    id: 'pytest-200x5000-rounds',
    format: 'pytest',
    text: () =>
      JSON.stringify({
        machine_info: {},
        benchmarks: Array.from({ length: n(200) }, (_, b) => {
          const data = Array.from({ length: 5000 }, () => 1e-5 * (1 + rand()));
          const s = [...data].sort((x, y) => x - y);
          return {
            name: `test_${b}`,
            fullname: `bench.py::test_${b}`,
            stats: { min: s[0], max: s[4999], mean: 1.5e-5, stddev: 3e-6, rounds: 5000, median: s[2500], q1: s[1250], q3: s[3750], ops: 66666, data, iterations: 1 },
          };
        }),
      }),
  },
  {
    id: 'hyperfine-100x500-runs',
    format: 'hyperfine',
    text: () =>
      JSON.stringify({
        results: Array.from({ length: n(100) }, (_, c) => {
          const times = Array.from({ length: 500 }, () => 0.01 * (1 + rand()));
          return { command: `cmd ${c}`, mean: 0.015, stddev: 0.003, median: 0.015, min: 0.01, max: 0.02, times, exit_codes: times.map(() => 0) };
        }),
      }),
  },
  {
    id: 'dl-timing-json-2000-lines',
    format: 'dl-timing-json',
    text: () =>
      Array.from({ length: n(2000) }, () =>
        `dl-timing-json: ${JSON.stringify({ total: 2 + rand(), stages: Array.from({ length: 12 }, (_, s) => ({ stage: `stage-${s}`, seconds: rand(), outcome: 'ok', spans: [] })) })}`,
      ).join('\nlauncher output line\n'),
  },
  {
    id: 'catch2-2000-benchmarks',
    format: 'catch2',
    text: () => {
      const lines = ['benchmark name   samples   iterations   estimated', '   mean   low mean   high mean', '   std dev   low std dev   high std dev', '-'.repeat(79)];
      for (let b = 0; b < n(2000); b++) lines.push(`Bench ${b}      100     208     7.1968 ms `, `       ${(300 + b).toFixed(0)} ns        341 ns        349 ns `, '        19 ns         11 ns         29 ns ', '');
      return lines.join('\n');
    },
  },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const results = [];
for (const input of inputs) {
  const text = input.text();
  const named = [];
  const auto = [];
  let points = 0;
  for (let i = 0; i < repeats; i++) {
    let t = performance.now();
    const records = parseInput(`${input.id}.out`, text, input.format);
    named.push(performance.now() - t);
    points = buildPoints(records).points.length;
    // A fresh copy of the text, so auto's detection does not reuse the previous parse.
    const copy = ` ${text}`.slice(1);
    t = performance.now();
    parseInput(`${input.id}.out`, copy, 'auto');
    auto.push(performance.now() - t);
  }
  results.push({ id: input.id, format: input.format, bytes: Buffer.byteLength(text), points, parseMs: median(named), autoMs: median(auto), runs: named.map((x, i) => [x, auto[i]]) });
}

if (asJson) {
  console.log(JSON.stringify(results.map(({ runs: _, ...r }) => r), null, 2));
} else {
  console.log('| input | bytes | points | parse (median) | with format: auto |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.id} | ${(r.bytes / 1e6).toFixed(2)} MB | ${r.points} | ${r.parseMs.toFixed(1)} ms | ${r.autoMs.toFixed(1)} ms |`);
  }
}

if (recordsDir) {
  mkdirSync(recordsDir, { recursive: true });
  for (const r of results) {
    const record = {
      command: ['node', 'bench/formats.mjs', ...(quick ? ['--quick'] : [])],
      n: r.runs.length,
      shape: `formats-${r.id}`,
      runs: r.runs.map(([parse, auto]) => ({ stages: { parse: parse / 1000, 'parse-auto': auto / 1000 } })),
    };
    writeFileSync(join(recordsDir, `formats-${r.id}.json`), `${JSON.stringify(record, null, 2)}\n`);
  }
}
